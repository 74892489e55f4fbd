#!/usr/bin/env bash
# mcu-test.sh -- cross-build rijn for the MCU targets and run the
# known-answer tests under QEMU (Cortex-M0/M3/M4/M33, RV32IMAC) and simavr
# (ATmega328P, ATmega2560), at -Os and -O2, for every AES implementation
# compiled in. Exits nonzero on any failure, 77 if no toolchain is there.
#   scripts/mcu-test.sh [--quick] [--targets m0,m3,...] [--opts Os,O2] [-v]
# Needs: scripts/setup.sh --mcu (toolchains, emulators) and the vector
# packages (scripts/setup.sh --tests, or RIJN_VECTORS_DIR=<site-packages>).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
exec python3 "$here/mcu/mcu.py" test "$@"
