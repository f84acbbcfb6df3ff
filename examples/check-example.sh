#!/bin/sh
# Runs an example program and compares its stdout with the expected file, byte for byte.
#   check-example.sh PROGRAM EXPECTED
# In a cross build meson passes the emulator (exe_wrapper) in MESON_EXE_WRAPPER.
set -eu
prog=$1 expected=$2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
${MESON_EXE_WRAPPER:-} "$prog" >"$out"
if ! diff -u "$expected" "$out"; then
  echo "check-example: $(basename "$prog") printed something else than $expected" >&2
  exit 1
fi
