# Sourced by the test/cli scripts. emulated PROGRAM: prints a path that runs PROGRAM natively, or,
# in a cross build (meson puts the emulator in MESON_EXE_WRAPPER, e.g. qemu-aarch64 -L ... -cpu
# max), a wrapper script that runs it under the emulator with argv[0] set to the wrapper's own
# path, or to $EMULATED_ARGV0 where a script runs the tool as `exec -a NAME` (a #! script cannot
# see the argv[0] it was given), so that the program names itself as it would natively.
emulated() {
  local prog=$1
  if [[ -z ${MESON_EXE_WRAPPER:-} ]]; then
    printf '%s\n' "$prog"
    return
  fi
  local dir
  dir=$(mktemp -d "${TMPDIR:-/tmp}/emulated.XXXXXX")
  # shellcheck disable=SC2016
  printf '#!/bin/sh\nexec %s -0 "${EMULATED_ARGV0:-$0}" %q "$@"\n' "$MESON_EXE_WRAPPER" "$prog" >"$dir/${prog##*/}"
  chmod +x "$dir/${prog##*/}"
  printf '%s\n' "$dir/${prog##*/}"
}
