#!/usr/bin/env bash
# test_ctgrind.sh -- constant-time check of AES and the classic modes under
# Valgrind memcheck (see tests/ctgrind/ctgrind_aes.c).
#   ct           every constant-time AES class, every mode: no report allowed
#   ct-pkcs7     CBC-PKCS#7 decryption: no report outside ctgrind.supp
#   leaky-table  a table lookup and a branch on secrets: reports required
#   leaky-small  the "small" (S-box) class: reports required (if built)
# Skips (77) when valgrind or the ctgrind program is missing, or when the
# program was built with a sanitizer. RIJN_CTGRIND: path of ctgrind_aes.
set -u
here=$(cd "$(dirname "$0")" && pwd)
bin=${RIJN_CTGRIND:-}
supp="$here/ctgrind.supp"

if ! command -v valgrind >/dev/null 2>&1; then
  echo "valgrind is not installed: skipped"
  exit 77
fi
if [ -z "$bin" ] || [ ! -x "$bin" ]; then
  echo "ctgrind_aes was not built (no valgrind/memcheck.h at configure time): skipped"
  exit 77
fi
if nm "$bin" 2>/dev/null | grep -q '__asan_init\|__msan_init\|__tsan_init'; then
  echo "ctgrind_aes is built with a sanitizer; Valgrind cannot run it: skipped"
  exit 77
fi

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
pass=0
fail=0

# vg NAME [valgrind options...] -- runs "valgrind ... ctgrind_aes NAME";
# sets rc and log.
vg() {
  local name=$1
  shift
  log="$logs/$name.log"
  valgrind -q --error-exitcode=99 --leak-check=no "$@" "$bin" "$name" >"$log" 2>&1
  rc=$?
}

ok() { pass=$((pass + 1)); echo "ok: $*"; }
bad() {
  fail=$((fail + 1))
  echo "FAIL: $*"
  sed -n '1,60p' "$log"
}

vg ct
if [ $rc = 0 ]; then ok "ct: no secret-dependent branch or index ($(tail -1 "$log"))"; else bad "ct: exit $rc"; fi

vg ct-pkcs7 --suppressions="$supp"
if [ $rc = 0 ]; then ok "ct-pkcs7: clean outside the allowed verdict decisions"; else bad "ct-pkcs7: exit $rc"; fi

vg leaky-table
if [ $rc = 99 ] && grep -q ctgrind_leaky_lookup "$log" && grep -q ctgrind_leaky_branch "$log"; then
  ok "leaky-table: memcheck reported the planted lookup and branch"
else
  bad "leaky-table: exit $rc, the planted leaks were not both reported"
fi

vg leaky-small
if [ $rc = 77 ]; then
  echo "leaky-small: the small implementation is not compiled in (part skipped)"
elif [ $rc = 99 ] && grep -q 'small_\|subword' "$log"; then
  ok "leaky-small: memcheck reported the S-box lookups of the small implementation"
else
  bad "leaky-small: exit $rc, no report from the small implementation"
fi

echo "$pass passed, $fail failed"
[ $fail = 0 ] && [ $pass -gt 0 ]
