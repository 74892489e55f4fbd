#!/usr/bin/env bash
# test-riscv.sh -- the RISC-V test stage: the on-target known-answer test
# (mcu/test/mcu_test.c: the official vector sets of every AES mode, GCM,
# CCM, XTS, ChaCha20-Poly1305, SHA-2, SHA-3, Ascon, X25519, for every AES
# class compiled in) built by mcu/mcu.py for RISC-V with and without the
# scalar crypto extensions (Zkne, Zknd, Zknh, Zbkb, Zbkc):
#   rv64zk  RV64GC+Zk, static Linux binary under qemu-riscv64 with Zk, all vectors
#   rv32zk  RV32IMAC+Zk, bare metal under qemu-system-riscv32 virt with Zk, all vectors
#   rv64    RV64GC without them under qemu-riscv64 -cpu rv64, sampled vectors
#   rv32    RV32IMAC without them (QEMU virt), sampled vectors (stage 1's
#           test_mcu runs it at -Os too)
# The Zk runs must report the "rvk" AES class (compiled in from -march:
# src/aes/aes_rvk.c) and the "rvclmul" GHASH class (Zbkc, RV64 and RV32;
# SHA-512 there uses Zknh's sha512* instructions), and the
# rv64zk image must die with an illegal
# instruction on a CPU without Zk (proof that it runs the instructions).
# Then the library's own ctest vector tests (label "c") cross-built for
# RV64GC+Zk (cmake/toolchains/riscv64-linux-gnu.cmake, -march with Zkne,
# Zknd, Zknh, Zbkb, Zbkc) under qemu-riscv64 with Zk (RIJN_TEST_QUICK=1):
# FIPS 197/CAVP AES for every class, GCM, GCM-SIV, CCM, SHA-2/SHA-3 CAVP,
# Ascon, the registries (test_impls*), file format v2, age, error paths.
# NOT run there: the tests that need a differential peer or the Wycheproof
# reader (OpenSSL, libsodium, cJSON, libgcrypt, Crypto++: Debian 12 has no
# riscv64 builds of them) or Valgrind; the build writes their names to
# tests-not-built.txt, printed below. The plain RV64GC build (no Zk) is
# covered by the rv64 on-target test above, not by a second ctest build.
# Needs gcc-riscv64-linux-gnu, gcc-riscv64-unknown-elf, qemu-user,
# qemu-system-misc (scripts/setup.sh --mcu --riscv) and the vector packages.
# Usage: scripts/test-riscv.sh          (build dir: build-mcu, or RIJN_MCU_BUILD)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
for t in riscv64-linux-gnu-gcc riscv64-unknown-elf-gcc qemu-riscv64 qemu-system-riscv32; do
  command -v "$t" >/dev/null || { echo "test-riscv: $t missing (scripts/setup.sh --mcu --riscv)" >&2; exit 1; }
done
export RIJN_VECTORS_DIR=${RIJN_VECTORS_DIR:-$("$here/.venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')}
status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
t0=$(date +%s)
# RV64 and RV32 in parallel (two processes, one core each)
for x in 64 32; do
  ( rc=0
    python3 mcu/mcu.py test --targets "rv${x}zk" --opts O2 -v >"$tmp/zk$x" 2>&1 || rc=1
    python3 mcu/mcu.py test --targets "rv$x" --opts O2 --quick >"$tmp/plain$x" 2>&1 || rc=1
    exit $rc ) &
  echo $! >"$tmp/pid$x"
done
for x in 64 32; do
  wait "$(cat "$tmp/pid$x")" || status=1
  grep -v '^  ' "$tmp/zk$x" | grep -v '^AES implementation' || true
  cat "$tmp/plain$x"
  grep -A1 "^== rv${x}zk " "$tmp/zk$x" | grep -q '^AES implementation rvk:' ||
    { echo "test-riscv: rv${x}zk did not run the rvk AES class" >&2; status=1; }
done
for x in 64 32; do
  grep -q '^GHASH implementation rvclmul$' "$tmp/zk$x" ||
    { echo "test-riscv: rv${x}zk did not run the rvclmul GHASH class" >&2; status=1; }
done
# the Zk image on a CPU without Zk: must fail (SIGILL), not pass
elf=$(ls -t "${RIJN_MCU_BUILD:-build-mcu}"/rv64zk-O2-*/mcu_test-all.elf | head -1)
if (cd "$(dirname "$elf")" && qemu-riscv64 -cpu rv64 "$elf" >/dev/null 2>&1); then
  echo "test-riscv: the rv64zk image passed on a CPU without Zk" >&2
  status=1
else
  echo "rv64zk image on -cpu rv64 (no Zk): fails as it must"
fi
echo "(riscv on-target tests: $(($(date +%s) - t0)) s)"
t1=$(date +%s)
bdir=${RIJN_RV64_CTEST_BUILD:-build/test-rv64zk}
py="$here/.venv/bin/python"
cmake -S . -B "$bdir" -G Ninja --toolchain cmake/toolchains/riscv64-linux-gnu.cmake \
  -DRIJN_RV_MARCH=rv64gc_zkne_zknd_zknh_zbkb_zbkc -DCMAKE_BUILD_TYPE=Release \
  -DRIJN_BUILD_CLI=OFF -DRIJN_BUILD_SHARED=OFF -DRIJN_VECTORS_DIR="$RIJN_VECTORS_DIR" \
  -DPython3_EXECUTABLE="$py" >/dev/null 2>"$tmp/cmake.err" ||
  { cat "$tmp/cmake.err" >&2; exit 1; }
cmake --build "$bdir" -j "$(nproc 2>/dev/null || echo 2)" >"$tmp/build.log" 2>&1 ||
  { tail -40 "$tmp/build.log" >&2; exit 1; }
echo "--- RV64GC+Zk ctest under qemu-riscv64 (label c) ---"
echo "NOT RUN on this stage (the host stages run them):"
sed 's/^/  /' "$bdir/tests-not-built.txt"
QEMU_CPU="rv64,zkne=true,zknd=true,zknh=true,zbkb=true,zbkc=true" RIJN_TEST_QUICK=1 \
  ctest --test-dir "$bdir" -j "$(nproc 2>/dev/null || echo 2)" -L '^c$' --timeout 300 \
  --output-on-failure || status=1
# the Zk classes must be the ones the suite ran
for want in "rvk " "GCM-SIV with AES rvk"; do
  grep -q "$want" "$bdir/Testing/Temporary/LastTest.log" ||
    { echo "test-riscv: the RV64 ctest run lacks \"$want\"" >&2; status=1; }
done
echo "(riscv ctest: $(($(date +%s) - t1)) s)"
echo "(riscv: $(($(date +%s) - t0)) s)"
exit $status
