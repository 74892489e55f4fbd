#!/usr/bin/env bash
# test_arduino.sh -- the Arduino examples (examples/arduino/) built from the
# Arduino pack (scripts/arduino-pack.sh) the way the Arduino IDE builds them
# (every .c of the pack's src/, the sketch as C++, Arduino AVR core flags:
# -Os, -std=gnu11 / gnu++11, -ffunction-sections, LTO, --gc-sections) for
# ATmega328P (Uno) and ATmega2560 (Mega) with avr-gcc, run under simavr,
# and for Cortex-M3 with arm-none-eabi-gcc, run under QEMU (mps2-an385).
# No Arduino core here: a small test-only stand-in (tests/mcu/arduino_shim/)
# gives Serial, micros() and main(). Each run's output is checked against
# OpenSSL through Python's `cryptography` (tests/mcu/arduino_shim/
# check_examples.py); flash and RAM per example are printed.
# Exit 77 (a failure unless RIJN_TESTS_ALLOW_SKIP) if avr-gcc or simavr is missing. RIJN_ARDUINO_KEEP=DIR keeps the
# build there.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
shim="$root/tests/mcu/arduino_shim"
pass=0
fail=0
ok() { echo "ok:   $*"; pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

for t in avr-gcc avr-g++ avr-size gcc python3; do
  command -v "$t" >/dev/null || { echo "skip: $t not found"; exit 77; }
done
[ -f /usr/include/simavr/sim_avr.h ] || { echo "skip: simavr headers not found"; exit 77; }

if [ -n "${RIJN_ARDUINO_KEEP:-}" ]; then
  W=$RIJN_ARDUINO_KEEP; rm -rf "$W"; mkdir -p "$W"
else
  W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
fi
py_env=()
[ -n "${RIJN_VECTORS_DIR:-}" ] && py_env=(env "PYTHONPATH=$RIJN_VECTORS_DIR${PYTHONPATH:+:$PYTHONPATH}")

pack="$W/pack/rijn"
"$root/scripts/arduino-pack.sh" "$pack" >/dev/null || { bad "arduino-pack.sh"; echo "$pass passed, $fail failed"; exit 1; }
ver=$(sed -n 's/^#define RIJN_VERSION_STRING "\(.*\)"/\1/p' "$root/include/rijn/common.h")
grep -qx "version=$ver" "$pack/library.properties" && grep -qx "includes=rijn.h" "$pack/library.properties" &&
  grep -qx "architectures=\*" "$pack/library.properties" && ok "library.properties (version $ver)" ||
  bad "library.properties"
grep -q '#include "arduino_config.h"' "$pack/src/rijn/config.h" && ok "pack config.h reads arduino_config.h" ||
  bad "pack config.h hook"
examples=$(cd "$pack/examples" && ls)
for ex in $examples; do
  [ -f "$pack/examples/$ex/$ex.ino" ] && ok "example $ex laid out" || bad "example $ex layout"
done

gcc -O2 -idirafter /usr/include/simavr -o "$W/runner" "$root/mcu/rt/avr/runner.c" -lsimavr ||
  { bad "simavr runner build"; echo "$pass passed, $fail failed"; exit 1; }

libsrcs=$(cd "$pack/src" && find . -name '*.c' | sort)
sizes="$W/sizes.txt"
: > "$sizes"

# build_lib DIR CC FLAGS...: every .c of the pack's src/, two at a time.
build_lib() {
  local dir=$1 cc=$2 f o st=0 n=0; shift 2
  mkdir -p "$dir"
  for f in $libsrcs; do
    o="$dir/$(echo "${f#./}" | sed 's|/|_|g; s|\.c$|.o|')"
    "$cc" "$@" -c "$pack/src/$f" -o "$o" &
    n=$((n + 1))
    if [ $n -ge 2 ]; then wait -n || st=1; n=$((n - 1)); fi
  done
  while [ $n -gt 0 ]; do wait -n || st=1; n=$((n - 1)); done
  return $st
}

# sketch_cpp OUT EXAMPLE: what the IDE feeds the compiler.
sketch_cpp() {
  printf '#include <Arduino.h>\n#line 1 "%s"\n#include "%s"\n' \
    "$pack/examples/$2/$2.ino" "$pack/examples/$2/$2.ino" > "$1"
}

run_check() { # TAG EXAMPLE OUTPUT STATUS
  local tag=$1 ex=$2 outf=$3 st=$4
  if [ "$st" != 0 ]; then
    bad "$tag $ex: run exit status $st"; sed 's/^/    /' "$outf" | tail -5; return
  fi
  ok "$tag $ex: ran to the end"
  local r
  r=$("${py_env[@]}" python3 "$shim/check_examples.py" "$ex" "$outf")
  local rc=$?
  echo "$r" | sed 's/^/    /'
  if [ $rc = 0 ]; then ok "$tag $ex: output checked ($(echo "$r" | tail -1))"
  elif [ $rc = 77 ]; then bad "$tag $ex: output not checked (no cryptography module: scripts/setup.sh --tests)"
  else bad "$tag $ex: output check"; fi
}

# ---- AVR: ATmega328P (Uno), ATmega2560 (Mega) -----------------------------
AVR_DEFS=(-DF_CPU=16000000L -DARDUINO=10819 -DARDUINO_ARCH_AVR)
for mcu in atmega328p atmega2560; do
  case $mcu in atmega328p) board=-DARDUINO_AVR_UNO; flash_max=32256; ram_max=2048 ;;
               atmega2560) board=-DARDUINO_AVR_MEGA2560; flash_max=253952; ram_max=8192 ;; esac
  d="$W/$mcu"
  cflags=(-Os -mmcu=$mcu "${AVR_DEFS[@]}" $board -ffunction-sections -fdata-sections -flto
          -fno-fat-lto-objects -I"$pack/src")
  if build_lib "$d/lib" avr-gcc -std=gnu11 -Wall -Wextra -Wno-type-limits "${cflags[@]}"; then
    ok "$mcu: library compiles (avr-gcc $(avr-gcc -dumpversion), $(echo $libsrcs | wc -w) files)"
  else
    bad "$mcu: library compile"; continue
  fi
  cxx=(avr-g++ -std=gnu++11 -fno-exceptions -fno-threadsafe-statics -Wall -Wextra -Werror
       "${cflags[@]}" -I"$shim" -idirafter /usr/include/simavr)
  "${cxx[@]}" -c "$shim/shim_print.cpp" -o "$d/shim_print.o" &&
    "${cxx[@]}" -c "$shim/shim_avr.cpp" -o "$d/shim_avr.o" &&
    avr-gcc -std=gnu11 "${cflags[@]}" -idirafter /usr/include/simavr -c "$shim/shim_avr_mcu.c" \
      -o "$d/shim_avr_mcu.o" || { bad "$mcu: shim"; continue; }
  for ex in $examples; do
    e="$d/$ex"; mkdir -p "$e"
    sketch_cpp "$e/sketch.cpp" "$ex"
    if ! "${cxx[@]}" -c "$e/sketch.cpp" -o "$e/sketch.o"; then bad "$mcu $ex: compile"; continue; fi
    if ! avr-g++ -Os -mmcu=$mcu -flto -fuse-linker-plugin -Wl,--gc-sections \
        -Wl,--section-start=.mmcu=0x910000 -o "$e/$ex.elf" "$e/sketch.o" "$d/shim_print.o" \
        "$d/shim_avr.o" "$d/shim_avr_mcu.o" "$d"/lib/*.o 2>"$e/link.txt"; then
      cat "$e/link.txt"
      bad "$mcu $ex: link (does not fit?)"
      continue
    fi
    read -r text data bss < <(avr-size -A "$e/$ex.elf" |
      awk '$1==".text"{t=$2} $1==".data"{d=$2} $1==".bss"{b=$2} END{print t+0, d+0, b+0}')
    flash=$((text + data)); ram=$((data + bss))
    printf '%-11s %-15s flash %6d  RAM %5d (static)\n' "$mcu" "$ex" $flash $ram | tee -a "$sizes"
    if [ $flash -le $flash_max ] && [ $ram -lt $ram_max ]; then
      ok "$mcu $ex: fits (flash $flash <= $flash_max, static RAM $ram < $ram_max)"
    else
      bad "$mcu $ex: does not fit (flash $flash of $flash_max, RAM $ram of $ram_max)"
    fi
    timeout 120 "$W/runner" $mcu "$e/$ex.elf" 4000000000 > "$e/out.txt" 2>"$e/err.txt"
    st=$?
    stack=$(sed -n 's/^@stack \([0-9]*\).*/\1/p' "$e/out.txt")
    if [ -n "$stack" ]; then
      echo "$mcu $ex: peak stack $stack bytes, static + stack = $((ram + stack)) of $ram_max" | tee -a "$sizes"
      [ $((ram + stack)) -le $ram_max ] && ok "$mcu $ex: static RAM + peak stack fit" ||
        bad "$mcu $ex: static RAM + peak stack exceed $ram_max"
    fi
    run_check "$mcu" "$ex" "$e/out.txt" $st
    grep -q "implementation: avr\|AES: avr" "$e/out.txt" || [ "$ex" = File_Stream ] ||
      [ "$ex" = Finalists_KAT ] &&
      ok "$mcu $ex: uses the avr AES class" || bad "$mcu $ex: AES class is not avr"
  done
done

# ---- Cortex-M3 (QEMU mps2-an385) -------------------------------------------
if command -v arm-none-eabi-gcc >/dev/null && command -v arm-none-eabi-g++ >/dev/null &&
   command -v qemu-system-arm >/dev/null; then
  d="$W/cortex-m3"
  cflags=(-Os -mcpu=cortex-m3 -mthumb -mfloat-abi=soft -ffunction-sections -fdata-sections
          -DARDUINO=10819 -DARDUINO_ARCH_SAM -I"$pack/src")
  if build_lib "$d/lib" arm-none-eabi-gcc -std=gnu11 -Wall -Wextra -Wno-type-limits "${cflags[@]}"; then
    ok "cortex-m3: library compiles"
  else
    bad "cortex-m3: library compile"
  fi
  cxx=(arm-none-eabi-g++ -std=gnu++11 -fno-exceptions -fno-rtti -fno-threadsafe-statics
       -Wall -Wextra -Werror "${cflags[@]}" -I"$shim" -I"$root/mcu/rt")
  rt=(-I"$root/mcu/rt" -std=c99 -ffreestanding "${cflags[@]}")
  "${cxx[@]}" -c "$shim/shim_print.cpp" -o "$d/shim_print.o" &&
    "${cxx[@]}" -c "$shim/shim_arm.cpp" -o "$d/shim_arm.o" &&
    arm-none-eabi-gcc "${rt[@]}" -c "$root/mcu/rt/arm/hal_arm.c" -o "$d/hal_arm.o" &&
    arm-none-eabi-gcc "${rt[@]}" -fno-tree-loop-distribute-patterns -c "$root/mcu/rt/string.c" \
      -o "$d/string.o" || bad "cortex-m3: shim and runtime"
  for ex in $examples; do
    e="$d/$ex"; mkdir -p "$e"
    sketch_cpp "$e/sketch.cpp" "$ex"
    if ! "${cxx[@]}" -c "$e/sketch.cpp" -o "$e/sketch.o"; then bad "cortex-m3 $ex: compile"; continue; fi
    if ! arm-none-eabi-g++ -mcpu=cortex-m3 -mthumb -Os -nostdlib -Wl,--gc-sections \
        -L"$root/mcu/rt/arm" -T mem_m.ld -o "$e/$ex.elf" "$e/sketch.o" "$d/shim_print.o" \
        "$d/shim_arm.o" "$d/hal_arm.o" "$d/string.o" "$d"/lib/*.o -lgcc; then
      bad "cortex-m3 $ex: link"; continue
    fi
    ok "cortex-m3 $ex: builds"
    read -r text data bss < <(arm-none-eabi-size -A "$e/$ex.elf" |
      awk '$1==".text"{t=$2} $1==".ARM.exidx"{x=$2} $1==".data"{d=$2} $1==".bss"{b=$2} END{print t+x, d+0, b+0}')
    printf '%-11s %-15s flash %6d  RAM %5d (static)\n' cortex-m3 "$ex" $((text + data)) \
      $((data + bss)) | tee -a "$sizes"
    timeout 60 qemu-system-arm -M mps2-an385 -display none -monitor none -serial none \
      -chardev stdio,id=sh0 -semihosting-config enable=on,target=native,chardev=sh0 \
      -kernel "$e/$ex.elf" > "$e/out.txt" 2>"$e/err.txt"
    run_check cortex-m3 "$ex" "$e/out.txt" $?
  done
else
  bad "arm-none-eabi-gcc/g++ or qemu-system-arm not found: no Cortex-M build (scripts/setup.sh --mcu)"
fi

echo "---- sizes (flash = .text + .data, static RAM = .data + .bss) ----"
cat "$sizes"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
