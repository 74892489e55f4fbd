#!/usr/bin/env bash
# test_mcu.sh -- ctest entry for the on-target tests (scripts/mcu-test.sh).
# Skips (77) when no MCU cross toolchain is installed (scripts/setup.sh --mcu).
# Default: a quick pass (-Os, sampled vectors, about 25 s) so the normal
# suite stays fast; RIJN_MCU_FULL=1 runs everything (-Os and -O2, all
# vectors, about 2 minutes). CI runs the quick pass (scripts/test.sh's ctest).
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
if ! command -v arm-none-eabi-gcc >/dev/null && ! command -v avr-gcc >/dev/null &&
   ! command -v riscv64-unknown-elf-gcc >/dev/null; then
  echo "test_mcu: no MCU cross toolchain installed (scripts/setup.sh --mcu): skipped"
  exit 77
fi
args=(--quick --opts Os)
if [ -n "${RIJN_MCU_FULL:-}" ]; then
  args=()
fi
"$here/scripts/mcu-test.sh" "${args[@]}"
