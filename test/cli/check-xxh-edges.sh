#!/usr/bin/env bash
# fastprim-xxh64sum on bad input, against xxhsum -H1 (0.8.1) where xxhsum's behaviour is sound:
# missing and directory operands, options, -c lists with malformed lines (and random ones), the
# 32 KiB line limit, write errors and inputs past 4 GiB with bounded memory. Exit status, stdout
# and stderr are compared byte for byte (xxhsum's name and its progress-line erasing removed).
# Where xxhsum is silently wrong (a directory or unreadable file in a list, write errors) or
# cannot be matched (XXH32/XXH128 lines), our behaviour is checked on its own.
#   check-xxh-edges.sh FASTPRIM_XXH64SUM         (FASTPRIM_EDGE_HUGE as in check-sum-edges.sh)
source "$(dirname "$0")/emulated.sh"
tool=$(emulated "$(realpath "${1:?usage: check-xxh-edges.sh FASTPRIM_XXH64SUM}")")
command -v xxhsum >/dev/null || { echo "skip: xxhsum not installed"; exit 77; }
real=(xxhsum -H1)
argv0=xxhsum
# shellcheck source=edges-lib.sh
source "$(dirname "$0")/edges-lib.sh"
normalize() { sed -e 's/\r *\r//g' -e 's/^fastprim-xxh64sum: /xxhsum: /'; }

printf 'abc' >abc
: >empty
printf 'x' >'sp ace'
mkdir dir
good=$(xxhsum -H1 abc 2>/dev/null | cut -c1-16)
le=$(xxhsum -H1 --little-endian abc 2>/dev/null | cut -c1-16)
empty_sum=$(xxhsum -H1 empty 2>/dev/null | cut -c1-16)

# ---- operands and options ----------------------------------------------------------------------
same "missing file" no-such-file
same "directory" dir
same "empty file" empty
same "several, one missing" abc no-such-file empty
IN=abc same "stdin (no operand)"
IN=abc same "stdin (-)" -
IN=abc same "- before files means stdin only when no files follow" - abc
same "--tag" --tag abc 'sp ace'
same "--little-endian" --little-endian abc
same "--tag --little-endian" --tag --little-endian abc
same "-- then a dash name" -- -c
same "options end at the first file" abc -c
same "-H1 and -H64" -H64 abc
expect "unknown long option" 1 "unknown option '--bogus'" "$tool" --bogus abc
expect "unknown short option" 1 "unknown option '-x'" "$tool" -x abc
expect "-H0 (XXH32) refused" 1 "only XXH64" "$tool" -H0 abc
expect "-H2 (XXH128) refused" 1 "only XXH64" "$tool" -H2 abc
expect "-H without a number" 1 "only XXH64" "$tool" -H abc
expect "-b (benchmark) refused" 1 "unknown option '-b'" "$tool" -b
expect "--help" 0 - "$tool" --help
expect "--version" 0 - "$tool" --version

# ---- write errors: xxhsum 0.8.1 ignores them (exit 0); we do not ---------------------------------
checks=$((checks + 1))
"$tool" abc >&- 2>"$w/e1"; r1=$?
if [[ $r1 -eq 1 ]] && grep -q "write error" "$w/e1"; then echo "ok   closed stdout ($(cat "$w/e1"))"; else
  _bad "closed stdout: rc $r1" "$(cat "$w/e1")"; fi
checks=$((checks + 1))
"$tool" abc >/dev/full 2>"$w/e1"; r1=$?
if [[ $r1 -eq 1 ]] && grep -q "write error: No space left on device" "$w/e1"; then echo "ok   /dev/full"; else
  _bad "/dev/full: rc $r1" "$(cat "$w/e1")"; fi
checks=$((checks + 1))
"$tool" -c --status <(echo "$good  abc") >&- 2>"$w/e1"; r1=$?
if [[ $r1 -eq 0 && ! -s $w/e1 ]]; then echo "ok   closed stdout, nothing written"; else
  _bad "closed stdout with nothing to write: rc $r1" "$(cat "$w/e1")"; fi
checks=$((checks + 1))
"$tool" - <&- >/dev/null 2>"$w/e1"; r1=$?
if [[ $r1 -eq 1 ]] && grep -q "Bad file descriptor" "$w/e1"; then echo "ok   closed stdin ($(cat "$w/e1"))"; else
  _bad "closed stdin: rc $r1" "$(cat "$w/e1")"; fi

# ---- check mode --------------------------------------------------------------------------------
same "-c missing list" -c no-such-list
same "-c empty list" -c empty
IN=empty same "-c empty stdin" -c
xxhsum -H1 abc empty 'sp ace' >list.good 2>/dev/null
same "-c good list" -c list.good
IN=list.good same "-c list on stdin" -c
xxhsum -H1 --tag abc empty >list.tag 2>/dev/null
same "-c --tag list" -c list.tag
xxhsum -H1 --tag --little-endian abc >list.tagle 2>/dev/null
same "-c --tag --little-endian list" -c list.tagle
xxhsum -H1 --little-endian abc >list.le 2>/dev/null
same "-c --little-endian list read as little-endian" --little-endian -c list.le
same "-c --little-endian list read as big-endian" -c list.le
{
  echo "# a comment"
  echo ""
  printf '%s  abc\r\n' "$good"         # CRLF: the name keeps its \r, as in xxhsum
  printf '%s  abc\n' "${good^^}"
  printf '%s *abc\n' "$good"
  printf '%sXabc\n' "$good "
  printf '%s abc\n' "$good"            # one space: the name loses its first byte
  printf '%s\tabc\n' "$good"
  printf '  %s  abc\n' "$good"
  printf '%s  \n' "$good"              # empty name
  printf '%s \n' "$good"
  printf '%s\n' "$good"
  printf '%s  abc\n' "${good:1}"
  printf '%sg  abc\n' "${good:1}"
  printf '%s0  abc\n' "$good"
  printf 'XXH64 (abc) = %s\n' "$good"
  printf 'XXH64_LE (abc) = %s\n' "$le"
  printf 'ANY (abc) = %s\n' "$good"
  printf 'XXH64 (abc)= %s\n' "$good"
  printf 'XXH64 (abc) =%s\n' "$good"
  printf 'XXH64 (a) b) = %s\n' "$good"
  printf 'XXH64 () = %s\n' "$good"
  printf 'XXH64 (\n'
  printf '%s  abc\0junk\n' "$good"     # NUL ends the line
  printf '\0%s  abc\n' "$good"
  printf '%s  no-such-file\n' "$good"
  printf 'garbage\n'
  printf '%s  abc' "$good"             # no final newline
} >list.mixed
same "-c malformed lines" -c list.mixed
same "-c --warn" -c --warn list.mixed
same "-c -w" -c -w list.mixed
same "-c --strict" -c --strict list.mixed
same "-c --quiet" -c --quiet list.mixed
same "-c -q" -c -q list.mixed
same "-c --status" -c --status list.mixed
same "-c several lists" -c list.good list.mixed list.tag
printf '%s  abc\n' "$good" >list.one
same "-c --strict, clean" -c --strict list.one
same "-H1c: -H1 then -c" -H1c list.one
same "-cq" -cq list.one
printf '0000000000000000  abc\n' >list.mismatch
same "-c mismatch" -c list.mismatch
same "-c mismatch --quiet" -c --quiet list.mismatch
# The 32 KiB line bound: xxhsum takes a line of 32766 bytes and its '\n', not one of 32767.
for n in 32766 32767; do
  { printf '%s  ' "$good"; head -c $((n - 18)) /dev/zero | tr '\0' a; printf '\n%s  abc\n' "$good"; } >"list.len$n"
  same "-c line of $n bytes" -c "list.len$n"
done
{ printf '%s  ' "$good"; head -c $((32767 - 18)) /dev/zero | tr '\0' a; } >list.len32767eof
same "-c last line of 32767 bytes without newline" -c list.len32767eof

seed=${FASTPRIM_EDGE_SEED:-$RANDOM}
echo "random lists: seed $seed"
RANDOM=$seed
pieces=("$good" "$le" "${good^^}" "${good:2}" "deadbeef" "XXH64" "XXH64_LE" " (" "(" ")" " = " "=" " " "  " " *" "*"
        $'\t' 'abc' 'empty' 'dir' 'no-such' 'x' ' abc' '#' $'\r' 'g')
for list in $(seq 1 12); do
  : >"list.r$list"
  for _ in $(seq 1 25); do
    l=""
    for _ in $(seq 1 $((RANDOM % 6 + 1))); do l+=${pieces[$((RANDOM % ${#pieces[@]}))]}; done
    # Directories, XXH32 and XXH128 digests: see the cases below.
    [[ $l == *dir* || $l =~ ^[[:xdigit:]]{8}\ |^[[:xdigit:]]{32}\ |\ ([[:xdigit:]]{8}|[[:xdigit:]]{32})$ ]] && continue
    printf '%s\n' "$l" >>"list.r$list"
  done
  same "-c random list $list" -c -w "list.r$list"
done

# ---- where we differ on purpose ----------------------------------------------------------------
printf '%s  dir\n%s  abc\n' "$empty_sum" "$good" >list.dir
expect "-c directory entry: unreadable, not hashed as empty" 1 - "$tool" -c list.dir
grep -qx "list.dir:1: Could not open or read 'dir': Is a directory." "$out" ||
  _bad "-c directory entry message" "$(cat "$out")"
printf '%s  /proc/self/mem\n' "$good" >list.eio
expect "-c unreadable entry (EIO)" 1 - "$tool" -c list.eio
grep -q "Could not open or read '/proc/self/mem': Input/output error." "$out" || _bad "-c EIO message" "$(cat "$out")"
expect "read error in a file (EIO)" 1 "Could not read '/proc/self/mem': Input/output error" "$tool" /proc/self/mem
printf 'deadbeef  abc\n%s  abc\n' "$good" >list.xxh32
expect "-c XXH32 line: not silently skipped" 1 - "$tool" -c list.xxh32
grep -q "XXH32 is not supported" "$out" && grep -qx "abc: OK" "$out" || _bad "-c XXH32 line output" "$(cat "$out")"
expect "-c list is a directory" 1 "Could not read 'dir': Is a directory" "$tool" -c dir

# ---- large inputs ------------------------------------------------------------------------------
check_huge xxhsum 16 "Line too long" xxhsum -H1
finish
