#!/usr/bin/env bash
# fastprim-pac and fastprim-info on bad input: bad command lines (exit 2), FILE operands (several,
# `-` for stdin, `--`, missing and unreadable ones: reported, skipped, exit 1), malformed record
# and compute lines (exit 1, naming the input and line and showing the whole line with odd bytes
# such as NUL escaped, after the good lines before it), overlong lines, write errors, and large
# inputs with bounded memory; fastprim-pac's output fed back in must come out unchanged (the
# real-QEMU records of DATA_DIR as the good input).
#   check-pac-edges.sh FASTPRIM_PAC FASTPRIM_INFO DATA_DIR
source "$(dirname "$0")/emulated.sh"
tool=$(emulated "$(realpath "${1:?usage: check-pac-edges.sh FASTPRIM_PAC FASTPRIM_INFO DATA_DIR}")")
info=$(emulated "$(realpath "${2:?}")")
data=$(realpath "${3:?}")
# shellcheck source=edges-lib.sh
source "$(dirname "$0")/edges-lib.sh"

recs=$data/pac-qemu72-arch.txt
[[ -f $recs ]] || { echo "missing $recs"; exit 1; }
grep -v -e '^#' -e '^op ' "$recs" | head -50 >good.txt
cut -d' ' -f1-6 good.txt >in.txt
rec1=$(head -n 1 in.txt)

# ---- command line ------------------------------------------------------------------------------
expect "unknown argument" 2 "unknown argument '--bogus'" "$tool" --bogus
expect "unknown short option" 2 "unknown argument '-x'" "$tool" -x
expect "missing value" 2 "missing value after --algorithm" "$tool" --algorithm
expect "unknown algorithm" 2 "unknown algorithm 'qarma7'" "$tool" --algorithm qarma7
expect "unknown algorithm (=)" 2 "unknown algorithm ''" "$tool" --algorithm=
expect "unknown feature level" 2 "unknown feature level 'pauth3'" "$tool" --feature-level=pauth3
expect "compute with a level" 2 "compute takes no --feature-level" "$tool" compute --feature-level fpac
# `compute` is the mode only as the first argument; elsewhere it is a FILE.
expect "compute not first: a FILE" 1 "fastprim-pac: compute: No such file or directory" "$tool" --algorithm impdef compute
expect "--help" 0 - "$tool" --help

# ---- good input --------------------------------------------------------------------------------
IN=in.txt expect "records" 0 - "$tool" --algorithm qarma5 --feature-level pauth
expect_out "records reproduce QEMU's results" good.txt
IN=good.txt expect "records with their result column" 0 - "$tool"
expect_out "output fed back comes out unchanged" good.txt
IN=/dev/null expect "empty input" 0 - "$tool"
expect_out "empty input, empty output" /dev/null
{ printf '# comment\r\n\n   \n'; sed 's/ /\t /; s/$/\r/' in.txt | head -3; printf '%s' "$rec1"; } >odd.txt
{ printf '# comment\r\n\n   \n'; head -3 good.txt; head -1 good.txt; } >odd.want
IN=odd.txt expect "CRLF, tabs, blank lines, comments, no final newline" 0 - "$tool"
expect_out "  ... normalised as documented" odd.want
sed 's/ \([0-9a-f]\)/ 0x\1/g' in.txt | head -5 >hex0x.txt
IN=hex0x.txt expect "0x prefixes" 0 - "$tool"
cut -d' ' -f7 "$out" >got7 && head -5 good.txt | cut -d' ' -f7 >want7
checks=$((checks + 1))
if cmp -s got7 want7; then echo "ok   0x prefixes: same results"; else _bad "0x prefixes change the results"; fi

# ---- FILE operands -----------------------------------------------------------------------------
expect "FILE" 0 - "$tool" in.txt
expect_out "FILE: as from stdin" good.txt
cat good.txt good.txt >good2.txt
expect "two FILEs" 0 - "$tool" in.txt in.txt
expect_out "two FILEs: one after the other" good2.txt
IN=in.txt expect "- (stdin)" 0 - "$tool" -
expect_out "- (stdin): as with no FILE" good.txt
head -3 in.txt >in3.txt
{ head -3 good.txt; cat good.txt; head -3 good.txt; } >mixed.want
IN=in.txt expect "FILE, -, FILE" 0 - "$tool" in3.txt - in3.txt
expect_out "FILE, -, FILE: in order" mixed.want
IN=in.txt expect "- twice: stdin read once" 0 - "$tool" - -
expect_out "- twice: stdin's records once" good.txt
cp in3.txt ./-x
expect "-- then a FILE named -x" 0 - "$tool" -- -x
head -3 good.txt >good3.txt
expect_out "-- then -x: read as a FILE" good3.txt
expect "missing FILE" 1 "fastprim-pac: no-such-file: No such file or directory" "$tool" no-such-file
expect_out "missing FILE: no output" /dev/null
expect "missing FILE among good ones" 1 "fastprim-pac: no-such-file: No such file or directory" \
  "$tool" in3.txt no-such-file in.txt
{ head -3 good.txt; cat good.txt; } >skip.want
expect_out "missing FILE: the others still read" skip.want
expect "missing FILE: name quoted as coreutils does" 1 "fastprim-pac: \"a b'c\": No such file or directory" \
  "$tool" "a b'c"
mkdir -p adir
expect "directory FILE" 1 "fastprim-pac: adir: read error: Is a directory" "$tool" adir in3.txt
expect_out "directory FILE: the next FILE still read" good3.txt
if [[ $(id -u) -ne 0 ]]; then
  cp in3.txt noread && chmod 000 noread
  expect "unreadable FILE (mode 000)" 1 "fastprim-pac: noread: Permission denied" "$tool" noread
fi
# ComputePAC of the QARMA-64 paper inputs (QARMA5 = r5/sigma2: c003b93999b33765, docs/pac-spec.md 6).
paper="fb623599da6e8127 477d469dec0b8762 ec2802d4e0a488e9 84be85ce9804e94b"
printf '%s\n%s\n' "$paper" "0x${paper// / 0x}" >c.in
printf '%s c003b93999b33765\n%s c003b93999b33765\n' "$paper" "0x${paper// / 0x}" >c.good
bad_line() {
  local name=$1 line=$2 msg=$3 gin=in.txt gout=good.txt
  shift 3
  [[ ${1:-} == compute ]] && gin=c.in gout=c.good
  { head -2 $gin; printf '%s\n' "$line"; tail -1 $gin; } >bad.txt
  IN=bad.txt expect "$name" 1 "line 3: $msg" "$tool" "$@"
  head -2 $gout >bad.want
  expect_out "$name: the two lines before it are out" bad.want
}
bad_line "five columns" "PACIA 0 0 0 0" "expected 6 columns"
bad_line "eight columns" "$rec1 x y" "expected 6 columns"
bad_line "unknown op" "PACIZ 0 0 0 0 0" "unknown operation 'PACIZ'"
bad_line "lower-case op" "pacia 0 0 0 0 0" "unknown operation 'pacia'"
bad_line "non-hex" "PACIA 0 0 0 0 0g" "bad hex number '0g'"
bad_line "17 digits" "PACIA 0 0 0 0 00000000000000000" "bad hex number '00000000000000000'"
bad_line "bare 0x" "PACIA 0 0 0 0 0x" "bad hex number '0x'"
bad_line "sign" "PACIA 0 0 0 0 -1" "bad hex number '-1'"
bad_line "plus" "PACIA 0 0 0 0 +1" "bad hex number '+1'"
bad_line "control byte" "PACIA 0 0 0 0 1"$'\x01' "bad hex number"
bad_line "short header" "op tcr_el1 key_lo" "header line: expected 6 columns"
# A NUL byte: the message is not cut there; it shows the word and the whole line, quoted as the
# tools quote names (cli/quote.hpp), with no NUL or control byte of the input on stderr.
no_raw_bytes() {
  checks=$((checks + 1))
  if [[ $(tr -d '\n\040-\176' <"$err" | wc -c) -eq 0 ]]; then echo "ok   $1: stderr holds no raw odd byte"; else
    _bad "$1: raw bytes on stderr" "$(od -c "$err" | head -5)"; fi
}
printf 'PACIA 0 0 0 0 1\0\n' >nul.txt
IN=nul.txt expect "NUL in a number" 1 \
  "fastprim-pac: standard input: line 1: bad hex number '1'\$'\\000' (line: 'PACIA 0 0 0 0 1'\$'\\000')" "$tool"
no_raw_bytes "NUL in a number"
{ head -2 in.txt; printf 'PAC\0IA 0 0 0 0 1 \0tail\n'; } >nul2.txt
expect "NUL in the operation, from a FILE" 1 \
  "fastprim-pac: nul2.txt: line 3: unknown operation 'PAC'\$'\\000''IA' (line: 'PAC'\$'\\000''IA 0 0 0 0 1 '\$'\\000''tail')" \
  "$tool" nul2.txt
no_raw_bytes "NUL in the operation"
head -2 good.txt >good2l.txt
expect_out "NUL in the operation: the two lines before it are out" good2l.txt
printf 'PACIA 0 0 0 0 1\001 \033[2J\r\n' >ctl.txt
expect "control bytes" 1 "bad hex number '1'\$'\\001' (line: 'PACIA 0 0 0 0 1'\$'\\001'' '\$'\\033''[2J'\$'\\r')" \
  "$tool" ctl.txt
no_raw_bytes "control bytes"
# With stdout and stderr on one file, the message comes after the lines before it.
checks=$((checks + 1))
"$tool" nul2.txt >both.txt 2>&1
if cmp -s <(head -2 both.txt) good2l.txt && [[ $(wc -l <both.txt) -eq 3 ]] && tail -1 both.txt | grep -q "line 3: unknown operation"; then
  echo "ok   2>&1: the message after the good lines"
else
  _bad "2>&1: order" "$(cat -A both.txt | head -5)"
fi
bad_line "compute: three columns" "1 2 3" "expected 4 columns" compute
bad_line "compute: six columns" "1 2 3 4 5 6" "expected 4 columns" compute
bad_line "compute: non-hex" "1 2 3 z" "bad hex number 'z'" compute
bad_line "compute: short header" "data modifier" "header line: expected 4 columns" compute
{ echo "data modifier key_lo key_hi"; cat c.in; } >c.txt
IN=c.txt expect "compute (the paper vector)" 0 - "$tool" compute
{ echo "data modifier key_lo key_hi result"; cat c.good; } >c.want
expect_out "compute: header and ComputePAC as the paper" c.want
IN=c.want expect "compute output fed back" 0 - "$tool" compute
expect_out "compute output fed back comes out unchanged" c.want
expect "compute FILE" 0 - "$tool" compute c.txt
expect_out "compute FILE: as from stdin" c.want
IN=c.txt expect "compute, FILE and -" 0 - "$tool" compute c.want -
cat c.want c.want >c2.want
expect_out "compute, FILE and -: both" c2.want
expect "compute, missing FILE" 1 "fastprim-pac: no-such-file: No such file or directory" "$tool" compute no-such-file

# ---- long lines, write errors, large input -----------------------------------------------------
{ printf '# '; head -c 70000 /dev/zero | tr '\0' x; printf '\n%s\n' "$rec1"; } >long.txt
IN=long.txt expect "line over 64 KiB" 1 "line 1: longer than 65536 bytes" "$tool"
{ printf '# '; head -c 65530 /dev/zero | tr '\0' x; printf '\n'; } >long-ok.txt
IN=long-ok.txt expect "comment of 65532 bytes" 0 - "$tool"
expect_out "  ... copied" long-ok.txt
checks=$((checks + 1))
"$tool" <in.txt >&- 2>e1; r=$?
if [[ $r -eq 1 ]] && grep -q "write error" e1; then echo "ok   closed stdout ($(cat e1))"; else _bad "closed stdout: rc $r" "$(cat e1)"; fi
checks=$((checks + 1))
"$tool" <in.txt >/dev/full 2>e1; r=$?
if [[ $r -eq 1 ]] && grep -q "No space left on device" e1; then echo "ok   /dev/full ($(cat e1))"; else _bad "/dev/full: rc $r" "$(cat e1)"; fi
checks=$((checks + 1))
"$tool" <&- >/dev/null 2>e1; r=$?
if [[ $r -eq 1 ]] && grep -q "read error" e1; then echo "ok   closed stdin ($(cat e1))"; else _bad "closed stdin: rc $r" "$(cat e1)"; fi
checks=$((checks + 1))
head -c $((3 << 30)) /dev/zero | timed "$tool" >/dev/null 2>e1
r=${PIPESTATUS[1]}
if [[ $r -eq 1 && $(rss) -lt $rss_limit ]] && grep -q "line 1: longer than" e1; then
  echo "ok   3 GiB without a newline: refused at once, max RSS $(rss) KiB"
else
  _bad "3 GiB line: rc $r, max RSS $(rss) KiB" "$(cat e1)"
fi
checks=$((checks + 1))
for _ in $(seq 1 400); do cat in.txt; done >many.txt
timed "$tool" <many.txt >many.out 2>e1
r=$?
if [[ $r -eq 0 && $(wc -l <many.out) -eq 20000 && $(rss) -lt $rss_limit ]] && cmp -s <(head -50 many.out) good.txt; then
  echo "ok   20000 records streamed, max RSS $(rss) KiB"
else
  _bad "20000 records: rc $r, $(wc -l <many.out) lines, max RSS $(rss) KiB" "$(cat e1)"
fi

# ---- fastprim-info -----------------------------------------------------------------------------
expect "info: an argument" 2 "takes no arguments" "$info" --bogus
expect "info: --help" 0 - "$info" --help
expect "info: report" 0 - "$info"
checks=$((checks + 1))
"$info" >&- 2>e1; r=$?
if [[ $r -eq 1 ]] && grep -q "write error" e1; then echo "ok   info: closed stdout"; else _bad "info: closed stdout: rc $r" "$(cat e1)"; fi
checks=$((checks + 1))
"$info" >/dev/full 2>e1; r=$?
if [[ $r -eq 1 ]] && grep -q "No space left on device" e1; then echo "ok   info: /dev/full"; else _bad "info: /dev/full: rc $r" "$(cat e1)"; fi
expect "info: unknown FASTPRIM_BACKEND" 2 "no_such" env FASTPRIM_BACKEND=no_such "$info"
finish
