#!/usr/bin/env bash
# test_amalgamation.sh -- the single-file amalgamation (scripts/amalgamate.py:
# rijn.h + rijn.c) compiles on its own with the project's warnings as
# errors (gcc, and clang when present), and a known-answer program
# (tests/package/amal_kat.c: FIPS-197 C.1-C.3 for every AES class,
# GCM test case 4 and a tampered tag) built from it alone passes on the
# host. When the toolchains are present, the same program is cross-built
# from the amalgamation for Cortex-M3 (run under QEMU mps2-an385),
# ATmega328P (built) and ATmega2560 (run under simavr), with the MCU
# runtime in mcu/rt/, and for AArch64 Linux (run under qemu-aarch64 with
# and without the Crypto Extensions). A missing compiler or emulator is a failure
# (scripts/setup.sh --tests --mcu installs them all). The independent
# builds (each a whole-library compile) run $(nproc) at a time, each into
# its own log, printed in order at the end.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
pass=0
fail=0
ok() { echo "ok:   $*"; pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
kat="$root/tests/package/amal_kat.c"
rt="$root/mcu/rt"
WARN=(-std=c99 -Wall -Wextra -Wconversion -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Werror)

if python3 "$root/scripts/amalgamate.py" "$W/dist" >/dev/null; then
  ok "amalgamate.py wrote rijn.h ($(wc -l < "$W/dist/rijn.h") lines) and rijn.c ($(wc -l < "$W/dist/rijn.c") lines)"
else
  bad "amalgamate.py"; echo "$pass passed, $fail failed"; exit 1
fi
# --help prints the usage and writes nothing (it used to create a directory
# named "--help"); an unknown option is a usage error that writes nothing.
mkdir "$W/cwd"
if (cd "$W/cwd" && python3 "$root/scripts/amalgamate.py" --help | grep -q '^usage:') &&
   [ -z "$(ls -A "$W/cwd")" ]; then ok "amalgamate.py --help: usage, nothing written"
else bad "amalgamate.py --help wrote: $(ls -A "$W/cwd")"; fi
(cd "$W/cwd" && python3 "$root/scripts/amalgamate.py" --bogus 2>/dev/null); rc=$?
[ "$rc" = 2 ] && [ -z "$(ls -A "$W/cwd")" ] && ok "amalgamate.py --bogus: exit 2, nothing written" ||
  bad "amalgamate.py --bogus: exit $rc, wrote: $(ls -A "$W/cwd")"
left=$(grep '^\s*#\s*include\s*"' "$W/dist/rijn.c" | grep -vc '"rijn.h"')
[ "$left" = 0 ] && ok "rijn.c includes only rijn.h and system headers" || bad "rijn.c: $left quoted includes left"
left=$(grep -c '^\s*#\s*include\s*"' "$W/dist/rijn.h")
[ "$left" = 0 ] && ok "rijn.h is self-contained" || bad "rijn.h: $left quoted includes left"

need() { command -v "$1" >/dev/null || { bad "$1 not found (scripts/setup.sh --tests --mcu installs it)"; return 1; }; }

host() { # CC
  local cc=$1 opt
  need "$cc" || return
  for opt in -O2; do
    if "$cc" "${WARN[@]}" $opt -I"$W/dist" -o "$W/kat-$cc$opt" "$kat" "$W/dist/rijn.c" 2>"$W/err-$cc.txt"; then
      ok "$cc $opt: rijn.c + amal_kat.c build with -Wall -Wextra -Wconversion -Wshadow ... -Werror"
    else
      bad "$cc $opt: build"; head -20 "$W/err-$cc.txt"; continue
    fi
    if "$W/kat-$cc$opt" > "$W/out-$cc.txt"; then
      ok "$cc $opt: $(tail -1 "$W/out-$cc.txt") ($(head -1 "$W/out-$cc.txt" | sed 's/.*classes: *//'))"
    else
      bad "$cc $opt: known answers"; cat "$W/out-$cc.txt"
    fi
  done
}
# A trimmed configuration (rijn/config.h options) still compiles cleanly.
trim() {
  local trim=(-DRIJN_CFG_AES_DECRYPT=0 -DRIJN_CFG_AES_192=0 -DRIJN_CFG_AES_X86NI=0)
  if gcc "${WARN[@]}" -O1 "${trim[@]}" -c -o "$W/trim.o" "$W/dist/rijn.c" 2>"$W/err-trim.txt"; then
    ok "gcc: rijn.c with ${trim[*]} compiles with the warnings as errors"
  else
    bad "gcc: rijn.c with ${trim[*]}"; head -20 "$W/err-trim.txt"
  fi
}

# Cortex-M3 (QEMU mps2-an385).
m3() {
  need arm-none-eabi-gcc && need qemu-system-arm || return
  local f=(-mcpu=cortex-m3 -mthumb -mfloat-abi=soft -Os -ffreestanding -ffunction-sections -fdata-sections)
  if arm-none-eabi-gcc -std=c99 -Wall -Wextra -Wno-type-limits -Werror "${f[@]}" -c "$W/dist/rijn.c" \
      -o "$W/m3.o" 2>"$W/err-m3.txt"; then
    ok "cortex-m3: rijn.c compiles with -Wall -Wextra -Werror, -Wno-type-limits (64-bit limit checks are constant on 32-bit)"
    if arm-none-eabi-gcc -std=c99 -Wall -Wextra -Werror "${f[@]}" -DAMAL_HAL -I"$W/dist" -I"$rt" \
        -isystem "$rt/include" -nostdlib -Wl,--gc-sections -L"$rt/arm" -T mem_m.ld -o "$W/m3.elf" \
        "$kat" "$W/m3.o" "$rt/arm/hal_arm.c" "$rt/common.c" "$rt/string.c" -lgcc 2>"$W/err-m3.txt"; then
      ok "cortex-m3: amal_kat links ($(arm-none-eabi-size "$W/m3.elf" | awk 'NR==2{print "flash " $1+$2 ", static RAM " $2+$3}'))"
      if timeout 60 qemu-system-arm -M mps2-an385 -display none -monitor none -serial none \
          -chardev stdio,id=sh0 -semihosting-config enable=on,target=native,chardev=sh0 \
          -kernel "$W/m3.elf" > "$W/out-m3.txt" 2>&1; then
        ok "cortex-m3 (QEMU): $(tail -1 "$W/out-m3.txt") ($(head -1 "$W/out-m3.txt" | sed 's/.*classes: *//'))"
      else
        bad "cortex-m3 (QEMU): known answers"; head -20 "$W/out-m3.txt"
      fi
    else
      bad "cortex-m3: link"; head -20 "$W/err-m3.txt"
    fi
  else
    bad "cortex-m3: compile"; head -20 "$W/err-m3.txt"
  fi
}

# AArch64 Linux (aarch64-linux-gnu-gcc, run under qemu-aarch64 user mode):
# with every extension QEMU models (-cpu max: the armce AES class must be
# among those the program reports) and on a Cortex-A53 model with the
# library's CPU mask hiding them (the portable classes).
aarch64() {
  need aarch64-linux-gnu-gcc && need qemu-aarch64 || return
  if ! aarch64-linux-gnu-gcc "${WARN[@]}" -O2 -I"$W/dist" -o "$W/kat-a64" "$kat" "$W/dist/rijn.c" \
      2>"$W/err-a64.txt"; then
    bad "aarch64-linux-gnu-gcc -O2: build"; head -20 "$W/err-a64.txt"; return
  fi
  ok "aarch64-linux-gnu-gcc -O2: rijn.c + amal_kat.c build with the warnings as errors"
  if QEMU_CPU=max timeout 120 qemu-aarch64 -L /usr/aarch64-linux-gnu "$W/kat-a64" \
      > "$W/out-a64.txt" 2>&1 && grep -q armce "$W/out-a64.txt"; then
    ok "aarch64 (qemu -cpu max): $(tail -1 "$W/out-a64.txt") ($(head -1 "$W/out-a64.txt" | sed 's/.*classes: *//'))"
  else
    bad "aarch64 (qemu -cpu max): known answers with armce"; head -20 "$W/out-a64.txt"
  fi
  if QEMU_CPU=cortex-a53 RIJN_CPU_MASK=0 timeout 120 qemu-aarch64 -L /usr/aarch64-linux-gnu \
      "$W/kat-a64" > "$W/out-a64m.txt" 2>&1; then
    ok "aarch64 (qemu -cpu cortex-a53, RIJN_CPU_MASK=0): $(tail -1 "$W/out-a64m.txt") ($(head -1 "$W/out-a64m.txt" | sed 's/.*classes: *//'))"
  else
    bad "aarch64 (cortex-a53, masked): known answers"; head -20 "$W/out-a64m.txt"
  fi
}

# AVR with the Arduino pack's settings RIJN_CFG_AES_SMALL=0 (the avr class
# alone; small's S-boxes would take 512 bytes of RAM) and, on the Uno,
# RIJN_CFG_AES_AVR_RAM=0 (avr's tables in flash; the Mega has them in
# SRAM): built for the ATmega328P (Uno) and the ATmega2560 (Mega); the
# program runs on the ATmega2560 under simavr (its vectors and strings sit
# in RAM on AVR, and with GCM's stack they do not fit the Uno's 2 KiB;
# test_arduino.sh runs AES-GCM on the Uno).
avr() { # MCU
  local mcu=$1
  need avr-gcc && need avr-size || return
  [ -f /usr/include/simavr/sim_avr.h ] || { bad "simavr headers not found (scripts/setup.sh --mcu)"; return; }
  local f=(-mmcu=$mcu -Os -ffunction-sections -fdata-sections -DRIJN_CFG_AES_SMALL=0)
  [ "$mcu" = atmega328p ] && f+=(-DRIJN_CFG_AES_AVR_RAM=0)
  if ! avr-gcc -std=c99 -Wall -Wextra -Wno-type-limits -Werror "${f[@]}" -c "$W/dist/rijn.c" \
      -o "$W/$mcu.o" 2>"$W/err-$mcu.txt"; then
    bad "$mcu: compile"; head -20 "$W/err-$mcu.txt"; return
  fi
  ok "$mcu: rijn.c compiles with -Wall -Wextra -Werror, -Wno-type-limits"
  if ! avr-gcc -std=c99 -Wall -Wextra -Werror "${f[@]}" -DAMAL_HAL -I"$W/dist" -I"$rt" \
      -Wl,--gc-sections -o "$W/$mcu.elf" "$kat" "$W/$mcu.o" "$rt/avr/hal_avr.c" "$rt/common.c" \
      -Wl,--defsym=rijn_mcu_vec=0 -Wl,--defsym=rijn_mcu_vec_len=0 2>"$W/err-$mcu.txt"; then
    bad "$mcu: link"; head -20 "$W/err-$mcu.txt"; return
  fi
  ok "$mcu: amal_kat links ($(avr-size "$W/$mcu.elf" | awk 'NR==2{print "flash " $1+$2 ", static RAM " $2+$3}'))"
  [ $mcu = atmega2560 ] || return
  if ! gcc -O2 -idirafter /usr/include/simavr -o "$W/runner" "$rt/avr/runner.c" -lsimavr; then
    bad "simavr runner build"; return
  fi
  if timeout 120 "$W/runner" $mcu "$W/$mcu.elf" 400000000 > "$W/out-$mcu.txt" 2>&1; then
    ok "$mcu (simavr): $(tail -1 "$W/out-$mcu.txt") ($(grep classes "$W/out-$mcu.txt" | sed 's/.*classes: *//'))"
  else
    bad "$mcu (simavr): known answers"; head -20 "$W/out-$mcu.txt"
  fi
}

# The independent builds, $(nproc) at a time; logs printed in order.
jobs=$(nproc 2>/dev/null || echo 2)
n=0
for sec in "host gcc" "host clang" trim m3 aarch64 "avr atmega328p" "avr atmega2560"; do
  n=$((n + 1))
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  # shellcheck disable=SC2086
  ( $sec ) >"$W/sec.$n" 2>&1 &
done
wait
for i in $(seq 1 $n); do
  cat "$W/sec.$i"
  pass=$((pass + $(grep -c '^ok:' "$W/sec.$i")))
  fail=$((fail + $(grep -c '^FAIL:' "$W/sec.$i")))
done

echo "$pass passed, $fail failed"
[ $fail = 0 ]
