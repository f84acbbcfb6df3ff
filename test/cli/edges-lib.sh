# Shared by the test/cli/check-*-edges.sh scripts (sourced, not run). Each check runs a command
# in the scratch directory $w with stdin from the file in $IN (default /dev/null) and records its
# exit status and output; a check fails on a wrong status, a missing message, a crash (killed by
# a signal) or, in `same`, any difference from the real tool.
set -u
export LC_ALL=C
w=$(mktemp -d)
trap 'chmod -R u+rwx "$w" 2>/dev/null; rm -rf "$w"' EXIT
cd "$w" || exit 1
fail=0
checks=0
IN=/dev/null
# Peak memory allowed for the large-input cases (sanitizer builds need more).
rss_limit=${FASTPRIM_EDGE_RSS_KIB:-65536}

_bad() {
  echo "FAIL $1"
  shift
  for l in "$@"; do echo "     $l"; done
  fail=1
}

# run NAME CMD...: runs CMD; sets rc, out (stdout file), err (stderr file).
run() {
  local name=$1
  shift
  out=$w/.out.$name err=$w/.err.$name
  "$@" <"$IN" >"$out" 2>"$err"
  rc=$?
}

# expect NAME RC STDERR_SUBSTRING CMD...: exit status RC ("nz": any failure that is not a crash)
# and the substring in stderr ("" for none required, "-" for stderr that must be empty).
expect() {
  local name=$1 want=$2 msg=$3
  shift 3
  checks=$((checks + 1))
  run "x" "$@"
  if [[ $rc -ge 128 ]]; then
    _bad "$name: killed by signal $((rc - 128))" "$(head -c 300 "$err")"
    return
  fi
  if [[ $want == nz && $rc -eq 0 ]] || [[ $want != nz && $rc -ne $want ]]; then
    _bad "$name: exit status $rc, want $want" "$(head -c 300 "$err")"
    return
  fi
  if [[ $msg == - ]]; then
    [[ -s $err ]] && { _bad "$name: unexpected stderr" "$(head -c 300 "$err")"; return; }
  elif [[ -n $msg ]] && ! grep -qF -- "$msg" "$err"; then
    _bad "$name: stderr lacks '$msg'" "$(head -c 300 "$err")"
    return
  fi
  echo "ok   $name (rc=$rc)"
}

# expect_out NAME FILE: the stdout of the last expect equals FILE byte for byte.
expect_out() {
  checks=$((checks + 1))
  if cmp -s "$out" "$2"; then echo "ok   $1"; else _bad "$1: stdout differs" "$(cmp "$out" "$2" 2>&1)"; fi
}

# same NAME ARGS...: our tool ($tool) and the real one ($real, an array) with the same arguments
# and stdin: identical exit status, stdout and stderr (after the `normalize` function, which
# each script may redefine). Both run with argv[0] = $argv0.
normalize() { cat; }
same() {
  local name=$1
  shift
  checks=$((checks + 1))
  (EMULATED_ARGV0="$argv0" exec -a "$argv0" "$tool" "$@") <"$IN" >"$w/.o1" 2>"$w/.e1"
  local r1=$?
  (EMULATED_ARGV0="$argv0" exec -a "$argv0" "${real[@]}" "$@") <"$IN" >"$w/.o2" 2>"$w/.e2"
  local r2=$?
  normalize <"$w/.e1" >"$w/.e1n"
  normalize <"$w/.e2" >"$w/.e2n"
  if [[ $r1 -ge 128 ]]; then
    _bad "$name: killed by signal $((r1 - 128))"
  elif [[ $r1 -ne $r2 ]] || ! cmp -s "$w/.o1" "$w/.o2" || ! cmp -s "$w/.e1n" "$w/.e2n"; then
    [[ -n ${FASTPRIM_EDGE_KEEP:-} ]] && mkdir -p "$FASTPRIM_EDGE_KEEP" && cp "$w"/.o1 "$w"/.o2 "$w"/.e1n "$w"/.e2n "$FASTPRIM_EDGE_KEEP"/
    _bad "$name: differs from ${real[*]} (rc $r1 vs $r2)" \
      "ours stdout: $(head -c 400 "$w/.o1" | od -c | head -8)" "real stdout: $(head -c 400 "$w/.o2" | od -c | head -8)" \
      "ours stderr: $(head -c 400 "$w/.e1n")" "real stderr: $(head -c 400 "$w/.e2n")"
  else
    echo "ok   $name (rc=$r1, same as ${real[0]})"
  fi
}

# timed CMD...: runs CMD, recording its peak resident memory for `rss` (KiB; 0 when
# /usr/bin/time is not installed).
timed() {
  rm -f "$w/.rss"
  if [[ -x /usr/bin/time ]]; then /usr/bin/time -f %M -o "$w/.rss" "$@"; else "$@"; fi
}
rss() { if [[ -s $w/.rss ]]; then tail -n 1 "$w/.rss"; else echo 0; fi; }

# check_huge REF_NAME HEXLEN TOO_LONG_MESSAGE REF_CMD...: when FASTPRIM_EDGE_HUGE is not 0 (default
# 2^32 + 1 bytes: past every 32-bit length), the tool's digest of that many zero bytes from a
# pipe equals REF_CMD's (first HEXLEN characters of each) within the memory limit, and `-c` of
# a 1 GiB line is refused with TOO_LONG_MESSAGE, also within the limit.
check_huge() {
  local refname=$1 hexlen=$2 toolong=$3 huge=${FASTPRIM_EDGE_HUGE:-4294967297} want got
  shift 3
  [[ $huge -gt 0 ]] || return 0
  want=$(head -c "$huge" /dev/zero | "$@" 2>/dev/null | cut -c1-"$hexlen")
  head -c "$huge" /dev/zero | timed "$tool" >"$w/.out.huge" 2>"$w/.err.huge"
  rc=${PIPESTATUS[1]}
  checks=$((checks + 1))
  got=$(cut -c1-"$hexlen" "$w/.out.huge")
  if [[ $rc -eq 0 && -n $want && $got == "$want" && $(rss) -lt $rss_limit ]]; then
    echo "ok   $huge bytes from a pipe: digest as $refname's, max RSS $(rss) KiB"
  else
    _bad "$huge bytes: rc=$rc digest $got ($refname: $want), max RSS $(rss) KiB (limit $rss_limit)"
  fi
  head -c $((1 << 30)) /dev/zero | timed "$tool" -c >/dev/null 2>"$w/.err.huge"
  rc=${PIPESTATUS[1]}
  checks=$((checks + 1))
  if [[ $rc -eq 1 && $(rss) -lt $rss_limit ]] && grep -q "$toolong" "$w/.err.huge"; then
    echo "ok   -c of a 1 GiB line: refused, max RSS $(rss) KiB"
  else
    _bad "-c of a 1 GiB line: rc=$rc, max RSS $(rss) KiB" "$(head -c 300 "$w/.err.huge")"
  fi
}

finish() {
  echo "checks: $checks, fail=$fail"
  exit $fail
}
