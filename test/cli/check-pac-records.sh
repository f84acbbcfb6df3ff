#!/usr/bin/env bash
# fastprim-pac reproduces the shipped real-QEMU 7.2 records line for line: each record without
# its result column goes in, the identical line (result appended) must come out.
#   check-pac-records.sh FASTPRIM_PAC DATA_DIR
set -u
tool=$(realpath "$1")
data=$2
fail=0
for pair in "arch qarma5" "impdef impdef"; do
  set -- $pair
  for f in "$data/pac-qemu72-$1.txt" "$data/pac-probe-qemu72-$1.txt"; do
    [[ -f $f ]] || continue
    recs=$(grep -v -e '^#' -e '^op ' "$f")
    got=$(cut -d' ' -f1-6 <<<"$recs" | "$tool" --algorithm "$2" --feature-level pauth)
    if [[ "$got" == "$recs" ]]; then
      echo "ok   $(basename "$f"): $(wc -l <<<"$recs") records"
    else
      echo "FAIL $(basename "$f"):"; diff <(echo "$recs") <(echo "$got") | head; fail=1
    fi
  done
done
exit $fail
