#!/usr/bin/env bash
# test_mcu_trace.sh -- the constant-time trace test of the MCU AES classes,
# X25519, Poly1305 and ChaCha20-Poly1305 (mcu/trace/trace.py; mcu/README.md,
# "Constant-time trace test"): every AES class that claims constant time,
# on Cortex-M0/M3/M4/M33 and RV32 under QEMU with a TCG trace plugin and on
# the ATmega328P and ATmega2560 under simavr, at -Os and -O2, 24 random
# inputs per class, key size and operation (X25519: 8, once per image;
# Poly1305 and ChaCha20-Poly1305 24, once per image; not all on AVR): same
# instruction-address and memory-address digests, same load/store counts
# (and cycles on AVR); secret-indexed loads only inside a table class's
# declared SRAM table; no operand-dependent-latency instruction. Its
# positive controls (a planted secret branch, a planted out-of-table
# secret load, a planted secret division, the "small" class) must be
# caught, or it fails. Known failures (trace.py KNOWN) are printed and not
# counted until their fix lands. On the 32-bit targets also every other
# mode and AEAD (XTS, CFB/OFB one-shot, OCB, EAX, GCM-SIV, SIV, GMAC, ...:
# trace.py EXTRA_OPS). About 52 s of CPU (72 s with 24 inputs in the
# control images too, 49 s before those groups, trace8; 32 s before
# X25519, Poly1305, ChaCha20-Poly1305 and the MCU GCM groups):
# objects are shared with test_mcu (in build-mcu/ or $RIJN_MCU_BUILD).
# Exits 77 when no MCU toolchain is installed at all (scripts/setup.sh
# --mcu): a failure unless the build says RIJN_TESTS_ALLOW_SKIP=ON; a
# partial set of tools is a failure (trace.py names what is missing).
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
if ! command -v arm-none-eabi-gcc >/dev/null && ! command -v avr-gcc >/dev/null &&
   ! command -v riscv64-unknown-elf-gcc >/dev/null; then
  echo "test_mcu_trace: no MCU cross toolchain installed (scripts/setup.sh --mcu): skipped"
  exit 77
fi
exec python3 "$here/mcu/trace/trace.py" --opts Os,O2 --n 24
