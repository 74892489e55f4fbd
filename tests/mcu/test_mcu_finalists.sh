#!/usr/bin/env bash
# test_mcu_finalists.sh -- the five AES finalists on emulated targets
# (mcu/finalists.py): each cipher's known answer (encrypt + decrypt) runs on
# the target before its measurements, and a failure there fails the script.
# Quick pass: Cortex-M0, RV32 and ATmega328P at -Os (RIJN_MCU_FULL=1: every
# target, -Os and -O2). The document goes to the build tree, not docs/.
# Then the vector images (mcu/finalists.py --check: the submissions' known
# answers from the package-registry files, Serpent's published Monte Carlo
# rows on ARM/RV32) on M0, M3, RV32, ATmega328P and ATmega2560 at -Os
# (RIJN_MCU_FULL=1: also M4 and M33, and -O2).
# Exit 77 (a failure unless skips are allowed) without the MCU toolchains
# (scripts/setup.sh --mcu).
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
for tool in arm-none-eabi-gcc riscv64-unknown-elf-gcc avr-gcc qemu-system-arm simavr; do
  if ! command -v "$tool" >/dev/null; then
    echo "test_mcu_finalists: $tool missing (scripts/setup.sh --mcu): cannot run"
    exit 77
  fi
done
out=${RIJN_BUILD_DIR:-$here/build}/finalists-test.md
args=(--targets m0,rv32,avr328p --opts Os)
[ -n "${RIJN_MCU_FULL:-}" ] && args=()
export RIJN_MCU_BUILD=${RIJN_BUILD_DIR:-$here/build}/mcu-finalists
python3 "$here/mcu/finalists.py" "${args[@]}" --no-check --md "$out" || exit 1
# every cipher has its row in every table
rows=$(grep -cE '^\| (aes|serpent|twofish|rc6|mars) \| [0-9]' "$out")
want=$(( $(grep -cE '^## .*, -O(s|2) ' "$out") * 5 ))
echo "test_mcu_finalists: $rows rows of $want"
[ "$rows" -eq "$want" ] && [ "$want" -gt 0 ] || exit 1
check=(--targets m0,m3,rv32,avr328p,avr2560 --opts Os)
[ -n "${RIJN_MCU_FULL:-}" ] && check=(--targets m0,m3,m4,m33,rv32,avr328p,avr2560 --opts Os,O2)
python3 "$here/mcu/finalists.py" --check "${check[@]}"
