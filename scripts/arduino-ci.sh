#!/usr/bin/env bash
# arduino-ci.sh -- build the Arduino examples of rijn for real boards.
#
#   scripts/arduino-ci.sh [FQBN ...]
#
# Packs the library (scripts/arduino-pack.sh -> dist/arduino/rijn), then:
#  - with arduino-cli on PATH (and the cores installed, e.g.
#    `arduino-cli core install arduino:avr arduino:sam esp32:esp32`):
#    compiles every example for every FQBN given (default: arduino:avr:uno,
#    arduino:avr:mega, arduino:sam:arduino_due_x, esp32:esp32:esp32) with
#    the pack as the library, and prints flash/RAM as arduino-cli reports
#    them (File_Stream compiles for the Uno but needs more RAM at run
#    time than it has: see arduino/README.md).
#  - with PlatformIO (`pio`) on PATH and no arduino-cli: `pio ci` of each
#    example for boards uno, megaatmega2560 and esp32dev, with the pack as
#    the library (PlatformIO reads library.properties; the repository's
#    own library.json serves `lib_deps` users).
#  - with neither (as in this project's own CI): scripts/arduino_sizes.py
#    builds every example with the real Arduino AVR core (Debian
#    arduino-builder + arduino-core-avr) for the Uno and the Mega 2560, and
#    tests/mcu/test_arduino.sh builds them with avr-gcc / arm-none-eabi-gcc
#    against a test-only core stand-in and runs them under simavr and QEMU.
# Exit status: nonzero if any build fails.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
pack="$root/dist/arduino/rijn"
"$root/scripts/arduino-pack.sh" "$pack" >/dev/null || exit 1
examples=$(cd "$pack/examples" && ls)
status=0

if command -v arduino-cli >/dev/null; then
  fqbns=("$@")
  [ ${#fqbns[@]} -gt 0 ] || fqbns=(arduino:avr:uno arduino:avr:mega arduino:sam:arduino_due_x esp32:esp32:esp32)
  for fqbn in "${fqbns[@]}"; do
    for ex in $examples; do
      echo "== $fqbn $ex"
      if ! arduino-cli compile --fqbn "$fqbn" --library "$pack" --warnings default \
          "$pack/examples/$ex"; then
        echo "FAIL: $fqbn $ex"; status=1
      fi
    done
  done
elif command -v pio >/dev/null; then
  for board in uno megaatmega2560 esp32dev; do
    for ex in $examples; do
      echo "== $board $ex"
      tmp=$(mktemp -d)
      cp "$pack/examples/$ex/$ex.ino" "$tmp/main.cpp"
      sed -i '1i #include <Arduino.h>' "$tmp/main.cpp"
      if ! pio ci --board "$board" --lib "$pack" "$tmp/main.cpp"; then
        echo "FAIL: $board $ex"; status=1
      fi
      rm -rf "$tmp"
    done
  done
else
  echo "arduino-cli and pio not found: the real AVR core (arduino-builder), then the test shim"
  python3 "$root/scripts/arduino_sizes.py" || status=1
  bash "$root/tests/mcu/test_arduino.sh" || status=1
fi
exit $status
