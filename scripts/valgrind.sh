#!/usr/bin/env bash
# valgrind.sh BUILD_DIR -- run every C test binary of a build under Valgrind
# memcheck (RIJN_TEST_QUICK=1 shrinks the loops); fails on any error report.
# Exit status 77 is a skip, as for ctest (SKIP_RETURN_CODE): named, not failed
# (e.g. test_ubsan_fatal, which applies to sanitizer builds only).
set -uo pipefail
build=${1:-build/test-gcc}
here=$(cd "$(dirname "$0")/.." && pwd)
site=$("$here/.venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
export RIJN_VECTORS_DIR="$site" RIJN_TEST_QUICK=1 RIJN_TESTS_DIR="$here/tests"
pass=0
fail=0
skip=0
for t in "$build"/tests/test_*; do
  [ -x "$t" ] && [ -f "$t" ] || continue
  name=$(basename "$t")
  valgrind -q --error-exitcode=99 --leak-check=no "$t" >"$build/$name.vg.log" 2>&1
  rc=$?
  if [ $rc = 0 ]; then
    pass=$((pass + 1))
  elif [ $rc = 77 ]; then
    skip=$((skip + 1))
    echo "valgrind: $name skipped: $(tail -1 "$build/$name.vg.log")"
  else
    fail=$((fail + 1))
    echo "valgrind: $name FAILED (log: $build/$name.vg.log)"
    tail -20 "$build/$name.vg.log"
  fi
done
echo "valgrind: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
