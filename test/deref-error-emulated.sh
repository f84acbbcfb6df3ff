#!/usr/bin/env bash
# deref-error in a cross build (test/meson.build): under qemu-user a forked child of the emulated
# program can hang, so each death case runs as its own emulated process here: it must die of
# SIGABRT (exit status 134) with "fastprim: <message>" on stderr.
#   deref-error-emulated.sh TEST_DEREF_ERROR
set -u
source "$(dirname "$0")/cli/emulated.sh"
prog=$(emulated "$(realpath "$1")")
fail=0
n=0
while IFS=$'\t' read -r i want; do
  n=$((n + 1))
  err=$("$prog" --case "$i" 2>&1 >/dev/null)
  rc=$?
  if [[ $rc -eq 134 && $err == *"$want"* ]]; then
    echo "ok   case $i: SIGABRT, stderr \"$err\""
  else
    echo "FAIL case $i: exit status $rc (want 134), stderr \"$err\" (want \"$want\")"
    fail=1
  fi
done < <("$prog" --list)
if [[ $n -eq 0 ]]; then
  echo "FAIL: no cases listed"
  exit 1
fi
"$prog" --value || fail=1
echo "$((n)) death cases run"
exit $fail
