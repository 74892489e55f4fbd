#!/usr/bin/env bash
# test_arduino_core.sh -- every example of the Arduino pack compiles with the
# real Arduino AVR core (Debian arduino-core-avr, arduino-builder) for the
# Uno and the Mega 2560: scripts/arduino_sizes.py, which prints the flash /
# static RAM of each build (and notes when arduino/README.md's table is from
# other figures). The run-time checks of the examples are test_arduino.sh's
# (simavr, test stand-in for the core). The tools come from
# scripts/setup.sh --mcu: a missing one fails this test. Builds go to
# <ctest build dir>/arduino-core (the core's core.a is cached there).
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
work=${RIJN_BUILD_DIR:-$here/build}/arduino-core
exec python3 "$here/scripts/arduino_sizes.py" --work "$work"
