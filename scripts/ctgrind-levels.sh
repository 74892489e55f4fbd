#!/usr/bin/env bash
# ctgrind-levels.sh -- run the constant-time (ctgrind) tests with the
# library built at other optimisation levels and compilers than the main
# build, so the check does not depend on what one optimiser happens to do.
#   scripts/ctgrind-levels.sh                    every compiler x level: gcc, clang x -O0 -O1 -O2 -O3 -Os
#   scripts/ctgrind-levels.sh gcc:-O1 clang:-Os  just those
# Each pair gets its own build directory build/ctgrind-<cc><level>, builds
# only the library and the ctgrind programs, and runs the ctest tests named
# *ctgrind*. Exits non-zero when any pair fails (valgrind missing is a
# failure here, not a skip: this script exists to run the check).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
py="$here/.venv/bin/python"
[ -x "$py" ] || py=python3
site=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
jobs=$(nproc 2>/dev/null || echo 2)
command -v valgrind >/dev/null || { echo "ctgrind-levels: valgrind is not installed" >&2; exit 1; }
pairs=("$@")
if [ ${#pairs[@]} = 0 ]; then
  for cc in gcc clang; do for o in -O0 -O1 -O2 -O3 -Os; do pairs+=("$cc:$o"); done; done
fi
targets=(ctgrind_aes)
for f in tests/*/test_*_ctgrind.c; do targets+=("$(basename "$f" .c)"); done
fail=0
for p in "${pairs[@]}"; do
  cc=${p%%:*}
  opt=${p#*:}
  dir="build/ctgrind-$cc$opt"
  t0=$(date +%s)
  CC=$cc cmake -S . -B "$dir" -G Ninja -DRIJN_VECTORS_DIR="$site" -DPython3_EXECUTABLE="$py" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS_RELEASE="$opt -DNDEBUG" \
    -DRIJN_BUILD_SHARED=OFF -DRIJN_BUILD_CLI=OFF >/dev/null
  cmake --build "$dir" -j "$jobs" --target "${targets[@]}" >/dev/null
  # Exit code 77 (skip) would hide a missing valgrind; make it a failure.
  if ctest --test-dir "$dir" -R ctgrind -j "$jobs" --output-on-failure >"$dir/ctgrind.log" 2>&1 &&
     ! grep -q 'Not Run\|Skipped' "$dir/ctgrind.log"; then
    echo "ok: ctgrind $cc $opt ($(($(date +%s) - t0)) s)"
  else
    echo "FAIL: ctgrind $cc $opt (log: $dir/ctgrind.log)"
    grep -E 'FAIL|Failed|Skipped|Not Run' "$dir/ctgrind.log" | head -20
    fail=1
  fi
done
exit $fail
