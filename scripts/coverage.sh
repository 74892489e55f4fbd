#!/usr/bin/env bash
# coverage.sh -- line and branch coverage of src/ and cli/ as a gate.
#   scripts/coverage.sh            build (gcc --coverage, Debug), run the test
#                                  suite (quick loops), gate the totals
#   scripts/coverage.sh --no-run   gate the counters of the last run again
#   scripts/coverage.sh --update-list
#                                  also rewrite scripts/coverage-uncovered.txt
#                                  (keeps the reasons already written)
# Thresholds (scripts/coverage_gate.py): see THRESHOLDS there. Every line
# left uncovered should be named with its reason in
# scripts/coverage-uncovered.txt; lines missing from it are listed (and fail
# the run with --strict). Reports: build/coverage/coverage.txt (per file)
# and build/coverage/uncovered.txt.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
run=1 gate_args=() tests_failed=0
for a in "$@"; do
  case "$a" in
    --no-run) run=0 ;;
    --update-list|--strict) gate_args+=("$a") ;;
    *) echo "coverage.sh: unknown option $a" >&2; exit 2 ;;
  esac
done
command -v gcovr >/dev/null || { echo "coverage.sh: gcovr is not installed (scripts/setup.sh --tests)" >&2; exit 1; }
py="$here/.venv/bin/python"
[ -x "$py" ] || py=python3
site=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
jobs=$(nproc 2>/dev/null || echo 2)
b=build/coverage
t0=$(date +%s)
if [ $run = 1 ]; then
  rm -rf $b # counters of objects from older sources would not merge (gcovr)
  CC=gcc cmake -S . -B $b -G Ninja -DRIJN_VECTORS_DIR="$site" -DPython3_EXECUTABLE="$py" \
    -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS=--coverage -DCMAKE_EXE_LINKER_FLAGS=--coverage \
    -DRIJN_BUILD_SHARED=OFF >/dev/null
  cmake --build $b -j "$jobs" >/dev/null
  find $b -name '*.gcda' -delete
  # the suite as the ASan stage runs it (tests that need another build left
  # out), less the generator checks of mcu/ (*_asm_gen: no C of src/ or cli/)
  # and the UBSan canary (sanitizer stage only)
  RIJN_TEST_QUICK=1 ctest --test-dir $b -j "$jobs" --output-on-failure \
    -E 'ctgrind|valgrind|config_matrix|mcu|arduino|amalgamation|install|python|readme_c|asm_gen|ubsan' \
    >$b/ctest.log 2>&1 || { tests_failed=1; grep -A3 'tests FAILED' $b/ctest.log >&2 || true; }
fi
# gcovr's own interpreter (the Debian package), through coverage_gate.py for
# its merge fix; no -j (gcovr 5.2 hangs when a worker fails)
gpy=$(head -1 "$(command -v gcovr)" | sed 's/^#! *//')
$gpy scripts/coverage_gate.py --run-gcovr -r . --object-directory $b --filter 'src/' \
  --filter 'cli/' --exclude-unreachable-branches --json $b/coverage.json 2>$b/gcovr.log >/dev/null ||
  { tail -5 $b/gcovr.log; echo "coverage.sh: gcovr failed" >&2; exit 1; }
st=0
"$py" scripts/coverage_gate.py $b/coverage.json scripts/coverage-uncovered.txt "${gate_args[@]}" || st=1
echo "(coverage: $(($(date +%s) - t0)) s)"
if [ $tests_failed = 1 ]; then
  echo "coverage.sh: tests failed in the coverage build (figures above are partial)" >&2
  st=1
fi
exit $st
