#!/usr/bin/env bash
# mcu-measure.sh -- deterministic cost of rijn on the MCU targets:
# instruction counts under QEMU (our TCG plugin), cycle counts under
# simavr, code size / RAM per feature, stack (painted and static).
# Writes docs/BENCHMARKS-MCU.md and docs/mcu-results.json (generated files:
# never edit the numbers by hand).
#   scripts/mcu-measure.sh [--targets m0,m3,...] [--opts Os,O2]
# Needs scripts/setup.sh --mcu. About 4 minutes on 2 cores.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
exec python3 "$here/mcu/measure.py" "$@"
