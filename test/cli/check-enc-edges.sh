#!/usr/bin/env bash
# fastprim-enc on bad input: files that cannot be opened, read or written, empty, truncated and
# badly padded ciphertext, malformed -K and -iv, unknown and incomplete options, closed stdout and
# stdin, /dev/full, and a stream past 4 GiB with bounded memory. Every case wants exit status 1
# and a message; where `openssl enc` also refuses, its status is checked too, and where it gives
# output (partial plaintext before a bad block, the ECB warning case) ours must equal it.
# openssl's own answer is noted where it is silently wrong (exit 0): a directory or a closed
# stdin as input (it encrypts nothing), a short or empty -K (zero-padded key).
#   check-enc-edges.sh FASTPRIM_ENC         (FASTPRIM_EDGE_HUGE as in check-sum-edges.sh)
source "$(dirname "$0")/emulated.sh"
tool=$(emulated "$(realpath "${1:?usage: check-enc-edges.sh FASTPRIM_ENC}")")
command -v openssl >/dev/null || { echo "skip: openssl not installed"; exit 77; }
# shellcheck source=edges-lib.sh
source "$(dirname "$0")/edges-lib.sh"

K=000102030405060708090a0b0c0d0e0f
K24=${K}0001020304050607
K32=$K$K
IV=0f0e0d0c0b0a09080706050403020100
cbc=(-aes-128-cbc -K $K -iv $IV)
head -c 1000 /dev/urandom >plain
: >empty
mkdir dir

# both NAME MESSAGE ARGS...: ours exits 1 with MESSAGE; openssl with the same arguments fails too.
both() {
  local name=$1 msg=$2
  shift 2
  expect "$name" 1 "$msg" "$tool" "$@"
  checks=$((checks + 1))
  openssl enc "$@" <"$IN" >/dev/null 2>&1
  local r=$?
  if [[ $r -ne 0 ]]; then echo "ok   $name: openssl fails too (rc=$r)"; else _bad "$name: openssl accepts it"; fi
}
# ours_only NAME MESSAGE OPENSSL_NOTE ARGS...: ours exits 1; openssl's exit 0 is recorded.
ours_only() {
  local name=$1 msg=$2 note=$3
  shift 3
  expect "$name (openssl: $note)" 1 "$msg" "$tool" "$@"
}

# ---- options -----------------------------------------------------------------------------------
IN=plain
ours_only "no cipher" "no cipher given" "copies the input unencrypted" -K $K -iv $IV
both "unknown cipher" "unknown cipher -aes-512-cbc" -aes-512-cbc -K $K -iv $IV
both "unknown mode" "unknown cipher -aes-128-gcm" -aes-128-gcm -K $K -iv $IV
expect "cipher with a suffix" 1 "unknown option -aes-128-cbcx" "$tool" -aes-128-cbcx -K $K -iv $IV
expect "no key" 1 "no key given" "$tool" -aes-128-cbc -iv $IV
both "unknown option" "unknown option -bogus" "${cbc[@]}" -bogus
both "stray argument" "unexpected argument 'extra'" "${cbc[@]}" extra
both "-K without value" "option -K needs a value" -aes-128-cbc -iv $IV -K
both "-iv without value" "option -iv needs a value" -aes-128-cbc -K $K -iv
both "-in without value" "option -in needs a value" "${cbc[@]}" -in
both "-out without value" "option -out needs a value" "${cbc[@]}" -out
expect "password (-k) refused" 1 "password-based keys are not supported" "$tool" -aes-128-cbc -k secret
expect "-pass refused" 1 "password-based keys are not supported" "$tool" -aes-128-cbc -pass pass:x
both "-K non-hex" "-K: not a hex string" -aes-128-cbc -K zz${K:2} -iv $IV
ours_only "-K odd length" "-K: not a hex string" "ignores the excess" -aes-128-cbc -K ${K}0 -iv $IV
ours_only "-K short" "needs exactly 32 hex digits, got 30" "zero-pads it" -aes-128-cbc -K ${K:2} -iv $IV
ours_only "-K long" "needs exactly 32 hex digits, got 34" "truncates it" -aes-128-cbc -K ${K}00 -iv $IV
ours_only "-K empty" "needs exactly 32 hex digits, got 0" "uses an all-zero key" -aes-128-cbc -K "" -iv $IV
ours_only "-K 192 given 128" "AES-192 needs exactly 48 hex digits" "zero-pads it" -aes-192-ctr -K $K -iv $IV
ours_only "-K 256 given 192" "AES-256 needs exactly 64 hex digits" "zero-pads it" -aes-256-ecb -K $K24
expect "-K with a space" 1 "-K: not a hex string" "$tool" -aes-128-cbc -K "${K:0:16} ${K:17}" -iv $IV
expect "-K huge" 1 "needs exactly 32 hex digits, got 120000" "$tool" -aes-128-cbc -K "$(head -c 60000 /dev/zero | od -An -v -tx1 | tr -d ' \n')" -iv $IV
both "-iv missing (CBC)" "an IV is needed" -aes-128-cbc -K $K
both "-iv missing (CTR)" "an IV is needed" -aes-256-ctr -K $K32
both "-iv non-hex" "-iv: not a hex string" -aes-128-cbc -K $K -iv xx${IV:2}
ours_only "-iv odd length" "-iv: not a hex string" "ignores the excess" -aes-128-cbc -K $K -iv ${IV}0
ours_only "-iv short" "-iv: needs exactly 32 hex digits, got 2" "zero-pads it" -aes-128-ctr -K $K -iv 00
ours_only "-iv long" "-iv: needs exactly 32 hex digits, got 34" "truncates it" -aes-128-cbc -K $K -iv ${IV}00
# Accepted and identical to openssl: upper-case hex, the ECB IV warning, repeated options, -nosalt.
for args in "-aes-128-cbc -K ${K^^} -iv ${IV^^}" "-aes-192-ecb -K $K24 -iv $IV" "-aes-128-cbc -K $K32 -K $K -iv $IV" \
            "-aes-256-ctr -nosalt -K $K32 -iv $IV" "-aes-128-cbc -salt -K $K -iv $IV" "-d -e -aes-128-cbc -K $K -iv $IV"; do
  # shellcheck disable=SC2086
  expect "accepted: $args" 0 "" "$tool" $args
  # shellcheck disable=SC2086
  openssl enc $args <plain >want 2>/dev/null
  expect_out "same bytes as openssl: $args" want
done
expect "ECB with -iv warns" 0 "warning: iv not used by this cipher" "$tool" -aes-192-ecb -K $K24 -iv $IV
expect "-help" 0 - "$tool" -help

# ---- files -------------------------------------------------------------------------------------
IN=/dev/null
both "-in missing" "cannot open no-such-file: No such file or directory" "${cbc[@]}" -in no-such-file
ours_only "-in directory" "read error on dir: Is a directory" "encrypts nothing, exit 0" "${cbc[@]}" -in dir
ours_only "-in unreadable (EIO)" "read error on /proc/self/mem: Input/output error" "encrypts nothing" "${cbc[@]}" -in /proc/self/mem
both "-in empty name" "-in: empty file name" "${cbc[@]}" -in ""
both "-out directory" "cannot create dir: Is a directory" "${cbc[@]}" -in plain -out dir
both "-out in a missing directory" "cannot create no/such/file: No such file or directory" "${cbc[@]}" -in plain -out no/such/file
cp plain same && cp plain same.orig
expect "-in and -out the same file (openssl: destroys it, exit 0)" 1 "same is also the output same; nothing done" \
  "$tool" "${cbc[@]}" -in same -out same
checks=$((checks + 1))
if cmp -s same same.orig; then echo "ok   ... and the file is left as it was"; else _bad "-in = -out: the file was changed"; fi
ln -f same same.link
expect "-in and -out the same file by another name" 1 "is also the output" "$tool" "${cbc[@]}" -in same -out same.link
IN=same expect "stdin appended to itself (>>)" 1 "standard input is also the output standard output" \
  bash -c '"$@" >>same' - "$tool" "${cbc[@]}"
cmp -s same same.orig || _bad "stdin >> itself: the file was changed"
"$tool" "${cbc[@]}" -in plain -out ct.first && "$tool" "${cbc[@]}" -in empty -out ct.first
openssl enc "${cbc[@]}" -in empty -out want
expect "an existing -out file is truncated" 0 - cat ct.first
expect_out "  ... to exactly the new output" want
if [[ $(id -u) -ne 0 ]]; then
  printf x >noread && chmod 000 noread
  both "-in mode 000" "cannot open noread: Permission denied" "${cbc[@]}" -in noread
fi

# ---- write errors ------------------------------------------------------------------------------
checks=$((checks + 1))
"$tool" "${cbc[@]}" -in plain >&- 2>e1; r=$?
if [[ $r -eq 1 ]] && grep -q "write error" e1; then echo "ok   closed stdout ($(cat e1))"; else _bad "closed stdout: rc $r" "$(cat e1)"; fi
checks=$((checks + 1))
"$tool" "${cbc[@]}" -in plain >/dev/full 2>e1; r=$?
if [[ $r -eq 1 ]] && grep -q "No space left on device" e1; then echo "ok   /dev/full ($(cat e1))"; else _bad "/dev/full: rc $r" "$(cat e1)"; fi
checks=$((checks + 1))
"$tool" "${cbc[@]}" -in plain -out /dev/full 2>e1; r=$?
if [[ $r -eq 1 ]] && grep -q "write error on /dev/full: No space left on device" e1; then echo "ok   -out /dev/full"; else
  _bad "-out /dev/full: rc $r" "$(cat e1)"; fi
checks=$((checks + 1))
head -c $((1 << 20)) /dev/zero | "$tool" "${cbc[@]}" >/dev/full 2>e1; r=$?
if [[ $r -eq 1 ]] && grep -q "No space left on device" e1; then echo "ok   /dev/full, 1 MiB streamed"; else _bad "/dev/full 1 MiB: rc $r" "$(cat e1)"; fi
checks=$((checks + 1))
"$tool" "${cbc[@]}" <&- >/dev/null 2>e1; r=$?
if [[ $r -eq 1 ]] && grep -q "read error on standard input: Bad file descriptor" e1; then
  echo "ok   closed stdin (openssl: encrypts nothing, exit 0)"; else _bad "closed stdin: rc $r" "$(cat e1)"; fi

# ---- truncated and badly padded ciphertext -----------------------------------------------------
for m in cbc ecb; do
  ivopt=(-iv $IV); [[ $m == ecb ]] && ivopt=()
  c=(-aes-128-$m -K $K "${ivopt[@]}")
  openssl enc -e "${c[@]}" -in plain -out ct.$m
  IN=empty both "$m: decrypt empty input" "bad decrypt" -d "${c[@]}"
  IN=empty expect "$m: decrypt empty input -nopad" 0 - "$tool" -d -nopad "${c[@]}"
  expect_out "$m: -nopad empty gives nothing" empty
  for cut in 1 15 17 1007; do
    head -c $cut ct.$m >ct.cut
    IN=ct.cut both "$m: decrypt $cut bytes" "bad decrypt" -d "${c[@]}"
    IN=ct.cut both "$m: decrypt $cut bytes -nopad" "data not multiple of block length" -d -nopad "${c[@]}"
  done
  IN=plain both "$m: encrypt 1000 bytes -nopad" "data not multiple of block length" -e -nopad "${c[@]}"
  # Last plaintext blocks that are not PKCS#7: pad byte 0, pad byte 17, inconsistent pad bytes.
  for last in 00000000000000000000000000000000 0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f11 0f0f0f0f0f0f0f0f0f0f0f0f0f0f0302 \
              10101010101010101010101010101000; do
    { head -c 48 plain; printf "$(sed 's/../\\x&/g' <<<"$last")"; } >p.bad
    openssl enc -e -nopad "${c[@]}" -in p.bad -out ct.bad
    IN=ct.bad both "$m: bad padding ...${last: -6}" "bad decrypt" -d "${c[@]}"
    openssl enc -d "${c[@]}" -in ct.bad -out want 2>/dev/null
    expect "$m: bad padding ...${last: -6}, partial output" 1 "bad decrypt" "$tool" -d "${c[@]}" -in ct.bad
    expect_out "$m: partial output as openssl's (${last: -6})" want
  done
done
head -c 999 /dev/urandom >junk
openssl enc -d -aes-128-ctr -K $K -iv $IV -in junk -out want
IN=junk expect "ctr: any bytes decrypt" 0 - "$tool" -d -aes-128-ctr -K $K -iv $IV
expect_out "ctr: same bytes as openssl" want

# ---- large inputs ------------------------------------------------------------------------------
huge=${FASTPRIM_EDGE_HUGE:-4294967297}
if [[ $huge -gt 0 ]]; then
  ctr=(-aes-256-ctr -K $K32 -iv ffffffffffffffffffffffffffffff00)  # the counter wraps at once
  head -c "$huge" /dev/zero | timed "$tool" -e "${ctr[@]}" | cmp - <(head -c "$huge" /dev/zero | openssl enc -e "${ctr[@]}") >cmp.out 2>&1
  st=("${PIPESTATUS[@]}")
  checks=$((checks + 1))
  if [[ ${st[1]} -eq 0 && ${st[2]} -eq 0 && $(rss) -lt $rss_limit ]]; then
    echo "ok   CTR encrypt of $huge bytes: as openssl's, max RSS $(rss) KiB"
  else
    _bad "CTR encrypt of $huge bytes: rc=${st[1]} cmp=${st[2]} max RSS $(rss) KiB" "$(cat cmp.out)"
  fi
  head -c "$huge" /dev/zero | openssl enc -e "${cbc[@]}" | timed "$tool" -d "${cbc[@]}" | cmp - <(head -c "$huge" /dev/zero) >cmp.out 2>&1
  st=("${PIPESTATUS[@]}")
  checks=$((checks + 1))
  if [[ ${st[2]} -eq 0 && ${st[3]} -eq 0 && $(rss) -lt $rss_limit ]]; then
    echo "ok   CBC decrypt of openssl's $huge bytes: the zeros back, max RSS $(rss) KiB"
  else
    _bad "CBC decrypt of $huge bytes: rc=${st[2]} cmp=${st[3]} max RSS $(rss) KiB" "$(cat cmp.out)"
  fi
fi
finish
