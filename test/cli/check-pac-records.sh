#!/usr/bin/env bash
# fastprim-pac reproduces the shipped real-QEMU 7.2 records line for line: each record without
# its result column goes in, the identical line (result appended) must come out.
#   check-pac-records.sh FASTPRIM_PAC DATA_DIR
set -u
source "$(dirname "$0")/emulated.sh"
tool=$(emulated "$(realpath "$1")")
data=$2
fail=0
checked=0
for pair in "arch qarma5" "impdef impdef"; do
  set -- $pair
  for f in "$data/pac-qemu72-$1.txt" "$data/pac-probe-qemu72-$1.txt"; do
    if [[ ! -f $f ]]; then
      echo "FAIL $f: missing (the shipped QEMU 7.2 records)"; fail=1; continue
    fi
    recs=$(grep -v -e '^#' -e '^op ' "$f")
    if [[ -z $recs ]]; then
      echo "FAIL $(basename "$f"): no records"; fail=1; continue
    fi
    checked=$((checked + 1))
    got=$(cut -d' ' -f1-6 <<<"$recs" | "$tool" --algorithm "$2" --feature-level pauth)
    if [[ "$got" == "$recs" ]]; then
      echo "ok   $(basename "$f"): $(wc -l <<<"$recs") records"
    else
      echo "FAIL $(basename "$f"):"; diff <(echo "$recs") <(echo "$got") | head; fail=1
    fi
  done
done
# Four record files ship with the tests; checking fewer is a failure, not a pass.
if [[ $checked -ne 4 ]]; then
  echo "FAIL: $checked of 4 record files checked"; fail=1
fi
exit $fail
