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
# Order on two cores: steps 2-3's builds run beside step 1's tests; then
# the ASan tests; then two lanes side by side (Valgrind beside gcc
# -fanalyzer, then 9, 6 (build, then runs), 7, 5 in one and 10, 8, 11 in the
# other), each stage's output printed when both lanes are done (also in
# build/ci-logs/), with its wall seconds and its CPU seconds (user + system
# of its processes: what the stage costs, whatever ran beside it).
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
t_start=$(date +%s)
# Stages that can share the two cores run side by side, each with its
# output in build/ci-logs/NAME.log, printed (in the order above) once the
# stage is done. run_stage NAME COMMAND...: runs COMMAND there, records its
# status and seconds; show_stage NAME TITLE: prints it, a failure fails the run.
logs="$here/build/ci-logs"
rm -rf "$logs"
mkdir -p "$logs"
# cpu_of FILE: the CPU seconds (user + system) of the children line (the
# last) of bash's `times` saved in FILE ("1m2.500s 0m0.250s" -> 63): a stage's own
# cost, whatever ran beside it (wall seconds depend on the other lane).
cpu_of() {
  awk 'END { s = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); s += a[1] * 60 + a[2] }
             printf "%.0f", s }' "$1" 2>/dev/null || echo '?'
}
run_stage() {
  local name=$1 t0 rc=0
  shift
  t0=$(date +%s)
  ( rc=0; "$@" || rc=$?; times >"$logs/$name.cpu"; exit $rc ) >"$logs/$name.log" 2>&1 ||
    rc=$?
  echo "$rc" >"$logs/$name.rc"
  echo "$(($(date +%s) - t0))" >"$logs/$name.sec"
}
show_stage() {
  step "$2"
  cat "$logs/$1.log" 2>/dev/null || true
  echo "($1: $(cat "$logs/$1.sec" 2>/dev/null || echo '?') s wall, $(cpu_of "$logs/$1.cpu") s CPU, side by side with other stages)"
  if [ "$(cat "$logs/$1.rc" 2>/dev/null || echo 1)" != 0 ]; then
    echo "$1: FAILED"
    status=1
  fi
}
# the ASan and masked stages leave out the tests that need another build and
# those that run no code of the build (asm_gen: the MCU generators' checks, seeded,
# the same run as step 1's)
quick_skip='ctgrind|valgrind|config_matrix|mcu|arduino|amalgamation|install|python|readme_c|doc_freshness|asm_gen'
build_clang() {
  CC=clang cmake -S . -B build/test-clang "${common[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DRIJN_BUILD_FUZZ=ON >/dev/null && cmake --build build/test-clang -j "$jobs"
}
# The ASan stage starts ~5,000 processes (the CLI tests); each paid ~5 ms
# of CPU to relocate its PIE image at start-up (ASan's instrumented globals:
# 8 MB of dynamic relocations in the CLI) -- linked -no-pie, none: a CLI
# call 19.8 -> 14.5 ms of CPU, page faults 7,667 -> 5,285 (perf stat -r 40).
# Same code, same checks; the stage's binaries only.
build_asan() {
  cmake -S . -B build/test-asan "${common[@]}" -DCMAKE_BUILD_TYPE=Debug \
    -DRIJN_SANITIZE=address,undefined -DRIJN_BUILD_SHARED=OFF \
    -DCMAKE_EXE_LINKER_FLAGS=-no-pie >/dev/null &&
    cmake --build build/test-asan -j "$jobs"
}
masked() {
  RIJN_CPU_MASK=0 RIJN_TEST_QUICK=1 ctest --test-dir build/test-gcc -j "$jobs" \
    --output-on-failure -E "$quick_skip"
}

step "gcc Release build + tests (the README's route: cmake -S . -B build; ctest)"
cmake -S . -B build/test-gcc -G Ninja -URIJN_VECTORS_DIR -UPython3_EXECUTABLE \
  -DCMAKE_BUILD_TYPE=Release -DRIJN_BUILD_FUZZ=ON >/dev/null
( cmake --build build/test-gcc -j "$jobs"; times >"$logs/gcc-build.cpu" )
if [ "$fast" = 1 ]; then
  ctest --test-dir build/test-gcc -j "$jobs" --output-on-failure || status=1
  exit $status
fi
# the clang and ASan builds beside these tests: the ASan build spends most
# of its time in one file (gcm_stitch_vaes512.c, one core), the tests fill
# the other core
( run_stage clang build_clang; run_stage asan-build build_asan ) &
builds=$!
t0=$(date +%s)
( rc=0; ctest --test-dir build/test-gcc -j "$jobs" --output-on-failure || rc=$?
  times >"$logs/gcc-tests.cpu"; exit $rc ) || status=1
echo "(gcc tests: $(($(date +%s) - t0)) s wall, $(cpu_of "$logs/gcc-tests.cpu") s CPU)"
wait $builds
show_stage clang "clang -Werror build"
show_stage asan-build "ASan + UBSan build"

step "ASan + UBSan tests (quick loops)"
t0=$(date +%s)
( rc=0; RIJN_TEST_QUICK=1 ctest --test-dir build/test-asan -j "$jobs" --output-on-failure \
    -E "$quick_skip" || rc=$?
  times >"$logs/asan-tests.cpu"; exit $rc ) || status=1
echo "(asan tests: $(($(date +%s) - t0)) s wall, $(cpu_of "$logs/asan-tests.cpu") s CPU)"
# Nothing later reads the ASan tree (2 GB: each of its ~115 test programs
# links the instrumented library statically); under CI it goes now, so the
# run's peak disk use is the other trees' (a CI run on a nearly full disk
# failed here with "No space left on device", 28 Nov).
if [ "${CI:-}" = true ]; then rm -rf build/test-asan; fi

# Two lanes side by side. Valgrind (one core) starts beside gcc -fanalyzer
# (one file at a time: STATIC_JOBS=1), as before; then the stages that use
# both cores, split so that the lanes end together (seconds of the
# fresh-clone runs at 1eeeb6c/edcbdf5, each stage beside the other lane:
# valgrind 146-151, coverage 76-82, fuzz build 77-84, fuzz smoke 56-57,
# RISC-V 47-52 = 407-421 | analyzer 214-230, AArch64 139-143, cppcheck +
# clang-tidy 64-84, ctgrind 31-32, masked 18 = 486-487: lane 1 ended 66-79 s
# early, so ctgrind moved to its end: 438-453 | 455). At 5697801 (fresh-clone
# runs ci3/ci4): valgrind 141-143, coverage 117, fuzz build 88-94, fuzz
# smoke 57, RISC-V 52-53, ctgrind 38-39 = 493-503 | analyzer 175-176,
# AArch64 143, cppcheck + clang-tidy 108-118, masked 33-34 = 461-469: lane 2
# ended 32-34 s early, so RISC-V (52) and masked (34) swapped lanes: 475 |
# 479 on those figures. The fuzz smoke's runs have the
# same wall-time budget as before (10 s per harness, 2 at a time, every
# harness); beside the other lane they get fewer executions.
t0=$(date +%s)
lane1() {
  run_stage valgrind bash scripts/valgrind.sh build/test-gcc
  run_stage coverage bash scripts/coverage.sh
  run_stage fuzz-build bash scripts/fuzz.sh --smoke 10 --build-only
  run_stage fuzz bash scripts/fuzz.sh --smoke 10 --jobs "$jobs"
  run_stage ctgrind bash scripts/ctgrind-levels.sh gcc:-O1 gcc:-O2
  run_stage masked masked
}
lane2() {
  STATIC_JOBS=1 run_stage analyzer bash scripts/static.sh --tool gcc
  run_stage aarch64 bash scripts/test-aarch64.sh
  run_stage static bash scripts/static.sh --tool cppcheck --tool clang-tidy
  run_stage riscv bash scripts/test-riscv.sh
}
lane1 &
l1=$!
lane2 &
l2=$!
wait $l1
wait $l2
show_stage masked "software paths only (RIJN_CPU_MASK=0)"
show_stage valgrind "Valgrind memcheck (quick loops)"
show_stage analyzer "gcc -fanalyzer (every finding in scripts/static.supp with its reason)"
show_stage ctgrind "ctgrind at gcc -O1 and -O2"
show_stage static "static analysis (cppcheck, clang-tidy)"
show_stage coverage "coverage gate (src/, cli/)"
show_stage aarch64 "AArch64 under QEMU user mode (C tests, extensions on and masked)"
show_stage riscv "RISC-V RV64 and RV32 with and without the scalar crypto extensions (Zk)"
show_stage fuzz-build "fuzz harnesses (libFuzzer + ASan/UBSan) built"
show_stage fuzz "fuzz smoke (every harness, libFuzzer + ASan/UBSan)"
echo "(the two lanes: $(($(date +%s) - t0)) s)"

step "summary"
cpu_all=0
for f in "$logs"/*.cpu; do cpu_all=$((cpu_all + $(cpu_of "$f"))); done
echo "(test.sh: $(($(date +%s) - t_start)) s after set-up; CPU of the builds and stages: $cpu_all s)"
if [ $status = 0 ]; then echo "all test stages passed"; else echo "SOME TEST STAGES FAILED"; fi
exit $status
