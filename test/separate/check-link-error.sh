#!/usr/bin/env bash
# check-link-error.sh SRC CXX [compiler and linker arguments...]: a separate-mode TU linked without
# the implementation TU must fail to link, and the error must name the cause (dispatch/entry.hpp).
set -uo pipefail
src=$1
shift
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if "$@" -DFASTPRIM_SEPARATE_IMPL "$src" -o "$out/a.out" -lcpu_features >"$out/log" 2>&1; then
  echo "linked without the implementation TU" >&2
  exit 1
fi
want=fastprim_separate_impl_needs_one_TU_with_FASTPRIM_IMPLEMENTATION_see_src_fastprim_impl_cpp
if ! grep -q "undefined reference to \`$want'" "$out/log"; then
  echo "the link error does not name the cause ($want):" >&2
  cat "$out/log" >&2
  exit 1
fi
grep -m1 "undefined reference to \`$want'" "$out/log"
