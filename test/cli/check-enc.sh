#!/usr/bin/env bash
# fastprim-enc against `openssl enc`: byte-identical output for all nine ciphers, padded and
# -nopad, 13 sizes, both directions; refusals and clear errors for bad lengths, keys and IVs.
# Compare fastprim-enc with `openssl enc` for all nine ciphers, padded and -nopad, both directions.
source "$(dirname "$0")/emulated.sh"
B=$(emulated "$(realpath "${1:?usage: check-enc.sh FASTPRIM_ENC}")"); W=$(mktemp -d); fail=0; n=0
command -v openssl >/dev/null || { echo "skip: openssl not installed"; exit 77; }
hex() { head -c "$1" /dev/urandom | od -An -tx1 | tr -d " \n"; }
for size in 0 1 15 16 17 31 32 100 4096 65535 65536 65537 200003; do head -c $size /dev/urandom > $W/p.$size; done
for bits in 128 192 256; do
  K=$(hex $((bits/8))); IV=$(hex 16)
  for m in ecb cbc ctr; do
    ivopt="-iv $IV"; [ $m = ecb ] && ivopt=""
    for pad in "" "-nopad"; do
      for size in 0 1 15 16 17 31 32 100 4096 65535 65536 65537 200003; do
        f=$W/p.$size
        if [ -n "$pad" ] && [ $m != ctr ] && [ $((size % 16)) -ne 0 ]; then
          # both must refuse
          openssl enc -e -aes-$bits-$m -K $K $ivopt $pad -in $f -out $W/o1 2>/dev/null; r1=$?
          $B -e -aes-$bits-$m -K $K $ivopt $pad -in $f -out $W/o2 2>/dev/null; r2=$?
          n=$((n+1)); if [ $r1 -eq 0 ] || [ $r2 -eq 0 ]; then echo "FAIL refuse $bits $m $pad $size ($r1 $r2)"; fail=1; fi
          continue
        fi
        openssl enc -e -aes-$bits-$m -K $K $ivopt $pad -in $f -out $W/o1 || { echo openssl failed; fail=1; }
        $B -e -aes-$bits-$m -K $K $ivopt $pad < $f > $W/o2 || { echo "FAIL rc $bits $m $pad $size"; fail=1; }
        n=$((n+1)); cmp -s $W/o1 $W/o2 || { echo "FAIL enc $bits $m $pad $size"; fail=1; }
        openssl enc -d -aes-$bits-$m -K $K $ivopt $pad -in $W/o1 -out $W/d1 || { echo openssl dec failed; fail=1; }
        $B -d -aes-$bits-$m -K $K $ivopt $pad -in $W/o1 -out $W/d2 || { echo "FAIL rc dec $bits $m $pad $size"; fail=1; }
        n=$((n+1)); cmp -s $W/d1 $W/d2 && cmp -s $W/d2 $f || { echo "FAIL dec $bits $m $pad $size"; fail=1; }
      done
    done
  done
done
# Errors: wrong key/IV lengths, bad padding.
K16=000102030405060708090a0b0c0d0e0f; IV=0f0e0d0c0b0a09080706050403020100
for args in "-aes-128-cbc -K ${K16}00 -iv $IV" "-aes-128-cbc -K ${K16:2} -iv $IV" "-aes-256-ctr -K $K16 -iv $IV" \
            "-aes-128-cbc -K $K16 -iv ${IV}00" "-aes-128-cbc -K $K16 -iv ${IV:2}" "-aes-128-ctr -K $K16" "-aes-128-cbc -K zz${K16:2} -iv $IV" \
            "-aes-512-cbc -K $K16 -iv $IV"; do
  echo hello | $B $args > /dev/null 2>$W/err; r=$?; n=$((n+1))
  [ $r -ne 0 ] && [ -s $W/err ] || { echo "FAIL no error for: $args"; fail=1; }
  echo "  error ok ($(cat $W/err)): $args"
done
head -c 32 /dev/urandom > $W/junk
$B -d -aes-128-cbc -K $K16 -iv $IV -in $W/junk > /dev/null 2>$W/err; r=$?
openssl enc -d -aes-128-cbc -K $K16 -iv $IV -in $W/junk > /dev/null 2>&1; r2=$?
echo "  bad padding: fastprim rc=$r ($(cat $W/err)), openssl rc=$r2"
n=$((n+1)); [ $r -ne 0 ] && [ $r2 -ne 0 ] || { echo "FAIL bad padding accepted"; fail=1; }
rm -rf $W; echo "checks: $n, fail=$fail"; exit $fail
