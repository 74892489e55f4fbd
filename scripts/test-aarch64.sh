#!/usr/bin/env bash
# test-aarch64.sh -- the AArch64 test stage: cross-build the library and the
# C tests with aarch64-linux-gnu-gcc (cmake/toolchains/aarch64-linux-gnu.cmake)
# and run them under QEMU user mode (CMAKE_CROSSCOMPILING_EMULATOR), twice:
#   1. QEMU_CPU=max: every extension QEMU models (AES, PMULL, SHA1/2/512, SHA3;
#      the SHA-512 entry armv8-sha512 must be the default there),
#      so the classes built on them are chosen and tested; the tests that
#      re-run themselves with a narrower RIJN_CPU_MASK do not (a re-exec
#      cannot start an AArch64 program without binfmt_misc, and fork hung
#      in dynamically linked guests under QEMU 7.2): RIJN_TEST_NO_REEXEC,
#      and RIJN_CPU_MASK=ffffffff (all features, but "a mask is set", which
#      the SHA-2 and Argon2 tests read as "do not re-run"); run 2 is that
#      re-run for every test;
#   2. QEMU_CPU=cortex-a53 with RIJN_CPU_MASK=0: the portable classes, as on
#      a core without the Crypto Extensions (Cortex-A72, Raspberry Pi 4): the
#      NEON bitsliced AES class neonbs (NEON is baseline AArch64, not masked)
#      must be the default there (checked below); ct64 and the other
#      classes run in every test that iterates the classes. Every AArch64
#      model QEMU 7.2 offers has AES/PMULL/SHA2 (and `-cpu max` has no
#      aes=off property), so the library's own mask hides them.
# Then the constant-time trace test of the AArch64 AES classes, the ACVP XTS
# sets through the cross-built rijn-acvp per AArch64 class (below), and the
# Python package.
# Only the C tests run (ctest label "c", RIJN_TEST_QUICK=1): the script tests
# (label "script") run host tools (Python, the CLI, valgrind) and the
# *_ctgrind tests re-run themselves under valgrind, which is host-only; they
# are left to the native stages, as is test_ubsan_fatal (the canary of the
# UBSan build: it forks, and says "skipped" without the UBSan runtime). Needs scripts/setup.sh --aarch64.
# Usage: scripts/test-aarch64.sh [build-dir]   (default build/test-aarch64)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
bdir=${1:-build/test-aarch64}
for t in aarch64-linux-gnu-gcc qemu-aarch64; do
  command -v "$t" >/dev/null || { echo "test-aarch64: $t missing (scripts/setup.sh --aarch64)" >&2; exit 1; }
done
py="$here/.venv/bin/python"
site=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B "$bdir" -G Ninja --toolchain cmake/toolchains/aarch64-linux-gnu.cmake \
  -DCMAKE_BUILD_TYPE=Release -DRIJN_VECTORS_DIR="$site" -DPython3_EXECUTABLE="$py" >/dev/null
cmake --build "$bdir" -j "$jobs"
status=0
run() { # label, then environment assignments
  local label=$1 t0
  shift
  printf -- '--- aarch64 (%s) ---\n' "$label"
  t0=$(date +%s)
  # test_aes_force_thread is NOT RUN here: under Debian 12's qemu-aarch64
  # 7.2 (user mode) in this CI's VM, pthread_create never returns, even in
  # a five-line program without rijn (it ran 600 s to its timeout); the
  # test runs natively on x86-64 and under qemu-riscv64 (scripts/test-riscv.sh)
  echo "NOT RUN under qemu-aarch64: test_aes_force_thread (pthread_create hangs in qemu-aarch64 user mode here)"
  env "$@" RIJN_TEST_QUICK=1 ctest --test-dir "$bdir" -j "$jobs" -L '^c$' \
    -E 'ctgrind|ubsan_fatal|test_aes_force_thread' --timeout 600 --output-on-failure || status=1
  echo "(aarch64 $label: $(($(date +%s) - t0)) s)"
}
run "qemu -cpu max, every extension" QEMU_CPU=max RIJN_CPU_MASK=ffffffff RIJN_TEST_NO_REEXEC=1
# the extension classes must have been the ones chosen (tests print them)
for want in "default classes: AES armce, GHASH pmull" "SHA-256 implementation: armv8-sha2" \
  "default armv8-sha512"; do
  grep -q "$want" "$bdir/Testing/Temporary/LastTest.log" ||
    { echo "test-aarch64: -cpu max run lacks \"$want\"" >&2; status=1; }
done
run "qemu -cpu cortex-a53, extensions masked" QEMU_CPU=cortex-a53 RIJN_CPU_MASK=0
grep -q "default classes: AES neonbs," "$bdir/Testing/Temporary/LastTest.log" ||
  { echo "test-aarch64: the run without AES did not default to neonbs" >&2; status=1; }
# 3. the constant-time trace test of the AArch64 AES classes (mcu/trace/trace.py
#    --targets a64; mcu/README.md, "Constant-time trace test"): trace_main.c
#    linked statically with this build's librijn.a (-O3, Release) and with
#    -Os and -O0 builds of the library, under qemu-aarch64 -cpu max,sve=off
#    (glibc's SVE memcpy hides a secret length) with the
#    TCG plugin: neonbs, ct64, armce (and ct32) must give one instruction-
#    and one memory-address digest per class, key size and operation (key
#    setup, ECB, CBC, CTR, CFB128/8/1, OFB, CMAC, CCM, XTS, GCM, OCB, EAX,
#    GCM-SIV (its open over 136 bytes: the one-pass AES-CE + PMULL kernel,
#    gcm_stitch_arm.c), SIV; GCM and GCM-SIV on the ct64 GHASH too; CBC-PKCS#7, CTS,
#    CTR32, KW/KWP, GMAC, CTR and GCM streaming; with AES-128 the other
#    streaming APIs, the AAD groups, KW/KWP _inv, GCM and GCM-SIV on the
#    ct32 GHASH, CTS CS2, ECB streaming; CBC/CFB128/OCB streaming and GCM's
#    AAD with every key size)
#    over 24 random inputs, and so
#    must X25519 (8 inputs), Poly1305, ChaCha20-Poly1305,
#    XChaCha20-Poly1305 and HChaCha20, run no
#    UDIV/SDIV, and the planted secret branch, secret
#    load and secret division must be caught. ~57 s in CI before CFB1, CFB8
#    decryption, SIV and GCM / GCM-SIV on ct64 and small on ECB only, which
#    added ~4.5 s of CPU here (the images and traced runs, libraries
#    built: 29 -> 34 s); the 14 operations after them ~6.6 s of CPU
#    (31.9 -> 38.5 s), the 127 AES-128 and ChaCha20-Poly1305 groups after
#    them ~8.3 s (39.4 -> 47.7 s), the 83 groups of trace6 ~4.3 s (46.9 ->
#    51.2 s); 4 inputs a group in the control images instead of 24
#    (trace.py CONTROL_N): 53.6 -> 23.1 s, objects in $bdir/trace.
printf -- '--- aarch64 (constant-time trace) ---\n'
t0=$(date +%s)
RIJN_MCU_BUILD="$(cd "$bdir" && pwd)/trace" "$py" mcu/trace/trace.py --targets a64 \
  --opts O3,Os,O0 --n 24 --a64-lib "O3=$bdir/librijn.a" || status=1
echo "(aarch64 trace: $(($(date +%s) - t0)) s)"
# 4. the ACVP XTS sample sets (tests/vectors/acvp, revisions 1.0 and 2.0:
#    data units of whole and partial blocks, both directions) answered by
#    the cross-built rijn-acvp under QEMU with each AArch64 class forced:
#    neonbs (no Crypto Extensions, Raspberry Pi 4: its xts hook), armce,
#    ct64 (test_acvp.py, which runs every set on the host, is a script
#    test). Under a second.
printf -- '--- aarch64 (ACVP XTS sets per class) ---\n'
acvp_wrap="$(cd "$bdir" && pwd)/rijn-acvp-qemu"
printf '#!/bin/sh\nexec qemu-aarch64 -L /usr/aarch64-linux-gnu "%s" "$@"\n' \
  "$(cd "$bdir" && pwd)/tests/rijn-acvp" >"$acvp_wrap"
chmod +x "$acvp_wrap"
QEMU_CPU=max RIJN_ACVP="$acvp_wrap" "$py" tests/acvp/acvp_sets.py --impl neonbs,armce,ct64 \
  ACVP-AES-XTS-1.0 ACVP-AES-XTS-2.0 || status=1
# 5. the Python package: extension cross-built on this build's librijn.a,
#    python/tests under the arm64 CPython (scripts/test-python-aarch64.sh)
printf -- '--- aarch64 (python package) ---\n'
bash scripts/test-python-aarch64.sh "$bdir" || status=1
exit $status
