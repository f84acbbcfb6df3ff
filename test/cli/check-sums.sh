#!/usr/bin/env bash
# The sum tools against the real ones (xxhsum -H1 from Debian's xxhash, coreutils sha*sum):
# byte-identical output for files and stdin, and -c on a good list, a changed file and a
# missing file (messages and exit status).
#   check-sums.sh FASTPRIM_TOOL REFERENCE_COMMAND...   e.g. fastprim-xxh64sum xxhsum -H1
set -u
tool=$(realpath "$1"); shift
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
exit $fail
