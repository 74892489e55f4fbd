#!/usr/bin/env bash
# test.sh -- set up and run the whole rijn test suite.
#   1. Release build with gcc, every test (vectors, differential, CLI, ctgrind),
#      configured as the README's CMake route is (vector packages and Python
#      found in .venv by tests/CMakeLists.txt, nothing passed by hand)
#   2. the same sources with clang -Werror (build only)
#   3. ASan + UBSan build, every test (RIJN_TEST_QUICK shrinks the long loops)
#   4. Valgrind memcheck over every C test (quick mode), and beside it gcc
#      -fanalyzer over src/ and cli/ (scripts/static.sh --tool gcc), gating
#   5. with the CPU's AES/SHA/CLMUL extensions masked (software paths)
#   6. fuzz smoke: every harness of fuzz/ ~10 s under libFuzzer + ASan/UBSan
#      (scripts/fuzz.sh --smoke; steps 1-2 also build the harnesses with the
#      gcc driver and clang, and step 1 replays their seeds)
#   7. the ctgrind (constant-time) tests with the library built by gcc at
#      -O1 and -O2 too (scripts/ctgrind-levels.sh; step 1 covers -O3)
#   8. static analysis: cppcheck and clang-tidy, every finding in
#      scripts/static.supp with its reason (scripts/static.sh; gcc -fanalyzer
#      ran in step 4)
#   9. coverage gate: clang source-based coverage, the suite in quick mode, line and
#      branch totals of src/ and cli/ against scripts/coverage_gate.py
#      (scripts/coverage.sh; uncovered lines in scripts/coverage-uncovered.txt)
#  10. AArch64: the C tests cross-built with aarch64-linux-gnu-gcc, run under
#      qemu-aarch64 with every extension and with them masked
#      (scripts/test-aarch64.sh)
#  11. RISC-V: the on-target vector test for RV64 (qemu-riscv64) and RV32
#      (QEMU virt) built with the scalar crypto extensions (all vectors) and
#      without them (sampled) (scripts/test-riscv.sh)
# Options: --fast runs step 1 only.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
fast=0
[ "${1:-}" = "--fast" ] && fast=1

bash scripts/setup.sh --tests --mcu --aarch64 --riscv
py="$here/.venv/bin/python"
site=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
jobs=$(nproc 2>/dev/null || echo 2)
common=(-G Ninja -DRIJN_VECTORS_DIR="$site" -DPython3_EXECUTABLE="$py")
status=0

step() { printf '\n=== %s ===\n' "$*"; }

step "gcc Release build + tests (the README's route: cmake -S . -B build; ctest)"
cmake -S . -B build/test-gcc -G Ninja -URIJN_VECTORS_DIR -UPython3_EXECUTABLE \
  -DCMAKE_BUILD_TYPE=Release -DRIJN_BUILD_FUZZ=ON >/dev/null
cmake --build build/test-gcc -j "$jobs"
ctest --test-dir build/test-gcc -j "$jobs" --output-on-failure || status=1
[ "$fast" = 1 ] && exit $status

step "clang -Werror build"
CC=clang cmake -S . -B build/test-clang "${common[@]}" -DCMAKE_BUILD_TYPE=Release -DRIJN_BUILD_FUZZ=ON >/dev/null
cmake --build build/test-clang -j "$jobs" || status=1

step "ASan + UBSan build + tests (quick loops)"
cmake -S . -B build/test-asan "${common[@]}" -DCMAKE_BUILD_TYPE=Debug \
  -DRIJN_SANITIZE=address,undefined -DRIJN_BUILD_SHARED=OFF >/dev/null
cmake --build build/test-asan -j "$jobs"
RIJN_TEST_QUICK=1 ctest --test-dir build/test-asan -j "$jobs" --output-on-failure -E 'ctgrind|valgrind|config_matrix|mcu|arduino|amalgamation|install|python|readme_c|doc_freshness' || status=1

step "software paths only (RIJN_CPU_MASK=0)"
RIJN_CPU_MASK=0 RIJN_TEST_QUICK=1 ctest --test-dir build/test-gcc -j "$jobs" --output-on-failure -E 'ctgrind|valgrind|config_matrix|mcu|arduino|amalgamation|install|python|readme_c|doc_freshness' || status=1

step "Valgrind memcheck (quick loops), gcc -fanalyzer beside it"
# gcc -fanalyzer (src/ and cli/ translation units, -O0, one file at a time)
# runs beside Valgrind, which uses one core: the analyzer's 2-3 CPU
# minutes then add little wall time
t0=$(date +%s)
mkdir -p build/static
STATIC_JOBS=1 bash scripts/static.sh --tool gcc >build/static/gcc-stage.log 2>&1 &
analyzer=$!
bash scripts/valgrind.sh build/test-gcc || status=1
echo "(valgrind: $(($(date +%s) - t0)) s)"
step "gcc -fanalyzer (every finding in scripts/static.supp with its reason)"
wait $analyzer || status=1
cat build/static/gcc-stage.log
echo "(valgrind + gcc -fanalyzer: $(($(date +%s) - t0)) s)"

step "fuzz smoke (every harness, libFuzzer + ASan/UBSan)"
t0=$(date +%s)
bash scripts/fuzz.sh --smoke 10 --jobs "$(nproc 2>/dev/null || echo 2)" || status=1
echo "(fuzz smoke: $(($(date +%s) - t0)) s)"

step "ctgrind at gcc -O1 and -O2"
t0=$(date +%s)
bash scripts/ctgrind-levels.sh gcc:-O1 gcc:-O2 || status=1
echo "(ctgrind levels: $(($(date +%s) - t0)) s)"

step "static analysis (cppcheck, clang-tidy; gcc -fanalyzer ran beside Valgrind)"
t0=$(date +%s)
bash scripts/static.sh --tool cppcheck --tool clang-tidy || status=1
echo "(cppcheck + clang-tidy: $(($(date +%s) - t0)) s)"

step "coverage gate (src/, cli/)"
t0=$(date +%s)
bash scripts/coverage.sh || status=1
echo "(coverage: $(($(date +%s) - t0)) s)"
step "AArch64 under QEMU user mode (C tests, extensions on and masked)"
t0=$(date +%s)
bash scripts/test-aarch64.sh || status=1
echo "(aarch64: $(($(date +%s) - t0)) s)"
step "RISC-V RV64 and RV32 with and without the scalar crypto extensions (Zk)"
bash scripts/test-riscv.sh || status=1

step "summary"
if [ $status = 0 ]; then echo "all test stages passed"; else echo "SOME TEST STAGES FAILED"; fi
exit $status
