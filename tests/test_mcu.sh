#!/usr/bin/env bash
# test_mcu.sh -- ctest entry: runs scripts/mcu-test.sh (every MCU target,
# -Os and -O2) when the cross toolchains and emulators are installed;
# skips (77) otherwise. Under RIJN_TEST_QUICK only -Os with sampled vectors.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
if ! command -v arm-none-eabi-gcc >/dev/null && ! command -v avr-gcc >/dev/null &&
   ! command -v riscv64-unknown-elf-gcc >/dev/null; then
  echo "test_mcu: no MCU cross toolchain installed (scripts/setup.sh --mcu): skipped"
  exit 77
fi
args=()
if [ -n "${RIJN_TEST_QUICK:-}" ]; then
  args=(--quick --opts Os)
fi
"$here/scripts/mcu-test.sh" "${args[@]}"
