#!/usr/bin/env bash
# The sum tools against the real ones (xxhsum -H1 from Debian's xxhash, coreutils sha*sum):
# byte-identical output for files and stdin, and -c on a good list, a changed file and a
# missing file (messages and exit status). Then, with stdout and stderr into one file (`2>&1`),
# the -c outcomes (changed, missing, unreadable, malformed lines, --quiet, --status, --strict,
# --warn, --ignore-missing) must give that file byte for byte, in the reference's order:
# coreutils flushes stdout before each message on stderr, xxhsum does not (its stdout reaches
# the file at stdio buffer boundaries), and a long list checks both.
#   check-sums.sh FASTPRIM_TOOL REFERENCE_COMMAND...   e.g. fastprim-xxh64sum xxhsum -H1
set -u
source "$(dirname "$0")/emulated.sh"
tool=$(emulated "$(realpath "$1")"); shift
ref=("$@")
command -v "${ref[0]}" >/dev/null || { echo "skip: ${ref[0]} not installed"; exit 77; }
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
cd "$w"
fail=0
check() { if [[ "$2" != "$3" ]]; then echo "FAIL $1:"; diff <(echo "$2") <(echo "$3"); fail=1; else echo "ok   $1"; fi; }
head -c 0 /dev/urandom >empty
head -c 1 /dev/urandom >one
head -c 100000 /dev/urandom >big
printf 'abc' >abc
printf 'x' >'sp ace'
check "files" "$("$tool" empty one big abc 'sp ace')" "$("${ref[@]}" empty one big abc 'sp ace')"
check "stdin" "$("$tool" - <big)" "$("${ref[@]}" - <big)"
"${ref[@]}" empty one big abc >sums
check "-c good list" "$("$tool" -c sums; echo "rc=$?")" "$("${ref[@]}" -c sums; echo "rc=$?")"
echo changed >>big
check "-c changed file" "$("$tool" -c sums 2>/dev/null; echo "rc=$?")" "$("${ref[@]}" -c sums 2>/dev/null; echo "rc=$?")"
rm one
check "-c missing file" "$("$tool" -c sums 2>/dev/null; echo "rc=$?")" "$("${ref[@]}" -c sums 2>/dev/null; echo "rc=$?")"

# ---- stdout and stderr into one file -----------------------------------------------------------
coreutils=1
[[ ${ref[0]} == xxhsum ]] && coreutils=0
# The reference prints its own name where we print ours.
ours_name() { sed -e "s|$tool|${ref[0]}|g" -e "s|$(basename "$tool")|${ref[0]}|g"; }
# combined NAME ARGS...: both tools with ARGS, 2>&1 into one file each (stdin from $IN).
IN=/dev/null
combined() {
  local name=$1 r1 r2
  shift
  "$tool" "$@" <"$IN" >ours.all 2>&1
  r1=$?
  "${ref[@]}" "$@" <"$IN" >ref.all 2>&1
  r2=$?
  ours_name <ours.all >ours.cmp
  if [[ $r1 -eq $r2 ]] && cmp -s ours.cmp ref.all; then
    echo "ok   2>&1: $name (rc=$r1)"
  else
    echo "FAIL 2>&1: $name (rc $r1, ${ref[0]} rc $r2):"
    diff ref.all ours.cmp | head -20
    fail=1
  fi
}
printf big >big
"${ref[@]}" empty abc big 'sp ace' >sums2 2>/dev/null
printf one >one2
"${ref[@]}" one2 >>sums2 2>/dev/null
echo changed >>big
rm one2
combined "-c, a changed and a missing file" -c sums2
IN=sums2 combined "-c - (stdin), a changed and a missing file" -c -
{ echo garbage; cat sums2; printf '%s\n' "not a line" '0123  abc'; } >sums.bad
combined "-c, malformed lines" -c sums.bad
combined "-c --warn" -c --warn sums.bad
combined "-c -w --quiet" -c -w --quiet sums.bad
combined "-c --quiet" -c --quiet sums.bad
combined "-c --status" -c --status sums.bad
combined "-c --strict" -c --strict sums.bad
combined "-c -w --strict, two lists" -c -w --strict sums.bad sums2
combined "-c, no properly formatted line" -c abc
combined "-c, a missing list then a good one" -c no-such-list sums2
# A long list: about 10 KB of output, more than one stdio buffer, with messages on stderr
# all along.
: >sums.long
for i in $(seq 1 300); do
  f=a-file-with-a-longer-name-$i
  printf '%s' "$i" >"$f"
  "${ref[@]}" "$f" >>sums.long 2>/dev/null
  ((i % 50 == 7)) && echo "bad line $i" >>sums.long
  ((i % 60 == 11)) && echo changed >>"$f"
  ((i % 70 == 13)) && rm "$f"
done
combined "-c -w, a long list" -c -w sums.long
combined "-c --quiet, a long list" -c --quiet sums.long
if [[ $coreutils -eq 1 ]]; then
  # Not for xxhsum: it hashes a directory or an unreadable file in a list as empty (see
  # check-xxh-edges.sh), has no --ignore-missing (0.8.1), and when hashing writes a progress
  # line ("\r" and spaces) to stderr that this tool does not copy.
  combined "hashing, one file missing" abc no-such-file empty
  mkdir dir
  { cat sums2; "${ref[@]}" abc | sed 's|  abc$|  dir|'; "${ref[@]}" abc | sed 's|  abc$|  /proc/self/mem|'; } >sums.unread
  combined "-c, a directory and an unreadable (EIO) entry" -c sums.unread
  combined "-c --ignore-missing" -c --ignore-missing sums.bad
  grep one2 sums2 >sums.missing
  combined "-c --ignore-missing, nothing verified" -c --ignore-missing sums.missing
  combined "-c --ignore-missing, a long list" -c -w --ignore-missing sums.long
  combined "hashing a directory and an unreadable file" abc dir /proc/self/mem empty
fi
exit $fail
