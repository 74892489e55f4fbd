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
#    them. Examples that are known not to fit a board are listed in
#    SKIP below (File_Stream on the Uno: see arduino/README.md).
#  - with PlatformIO (`pio`) on PATH and no arduino-cli: `pio ci` of each
#    example for boards uno, megaatmega2560 and esp32dev, with the pack as
#    the library (PlatformIO reads library.properties; the repository's
#    own library.json serves `lib_deps` users).
#  - with neither (as in this project's own CI): runs tests/test_arduino.sh,
#    which builds the examples with avr-gcc / arm-none-eabi-gcc against a
#    test-only core stand-in and runs them under simavr and QEMU.
# Exit status: nonzero if any build fails.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
pack="$root/dist/arduino/rijn"
"$root/scripts/arduino-pack.sh" "$pack" >/dev/null || exit 1
examples=$(cd "$pack/examples" && ls)
SKIP=" arduino:avr:uno/File_Stream "
status=0

if command -v arduino-cli >/dev/null; then
  fqbns=("$@")
  [ ${#fqbns[@]} -gt 0 ] || fqbns=(arduino:avr:uno arduino:avr:mega arduino:sam:arduino_due_x esp32:esp32:esp32)
  for fqbn in "${fqbns[@]}"; do
    for ex in $examples; do
      case "$SKIP" in *" $fqbn/$ex "*) echo "skip: $fqbn $ex (does not fit)"; continue ;; esac
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
      [ "$board" = uno ] && [ "$ex" = File_Stream ] && { echo "skip: $board $ex"; continue; }
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
  echo "arduino-cli and pio not found: building and running the examples with the test shim"
  bash "$root/tests/test_arduino.sh" || status=1
fi
exit $status
