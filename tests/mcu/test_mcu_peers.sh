#!/usr/bin/env bash
# test_mcu_peers.sh -- the MCU peers (bench/peers + bench/mcu: tiny-AES-c, BearSSL aes_ct /
# aes_small / aes_big, Mbed TLS) still build for the Cortex-M3 and the
# ATmega2560 at -Os, pass their known-answer checks on target (FIPS-197,
# SP 800-38A ECB/CBC/CTR, GCM test case 4, the seeds' string case) and
# measure every operation (bench/mcu/peers.py --check); then the harness
# check: with every expected answer spoiled (--corrupt) every run must fail.
# The peers' sources are fetched into a cache outside the tree
# (scripts/fetch-peers.sh; RIJN_PEER_CACHE). Objects: $RIJN_MCU_BUILD, by
# default <ctest build dir>/mcu-peers. About 40 s the first time, 15 s after.
# Skips (77): neither target's toolchain/emulator, or no peer sources.
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
targets=()
if command -v arm-none-eabi-gcc >/dev/null && command -v qemu-system-arm >/dev/null; then
  targets+=(m3)
fi
if command -v avr-gcc >/dev/null && [ -f /usr/include/simavr/sim_avr.h ]; then
  targets+=(avr2560)
fi
if [ ${#targets[@]} -eq 0 ]; then
  echo "test_mcu_peers: no MCU toolchain/emulator (scripts/setup.sh --mcu): skipped"
  exit 77
fi
if ! fetched=$("$here/scripts/fetch-peers.sh"); then
  echo "$fetched"
  echo "test_mcu_peers: the peers' sources could not be fetched: skipped"
  exit 77
fi
echo "$fetched"
export RIJN_MCU_BUILD=${RIJN_MCU_BUILD:-${RIJN_BUILD_DIR:-$here/build}/mcu-peers}
tlist=$(IFS=,; echo "${targets[*]}")
passed=0 failed=0

out=$(python3 "$here/bench/mcu/peers.py" --check --targets "$tlist" --opts Os 2>&1)
rc=$?
echo "$out" | grep -E '^peers:|passed|FAILED|error' | grep -v '^\$'
p=$(echo "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p' | tail -1)
f=$(echo "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p' | tail -1)
passed=$((passed + ${p:-0}))
failed=$((failed + ${f:-1}))
# every peer that is meant to run on a target must have run there
for t in "${targets[@]}"; do
  want=6
  [ "$t" = avr2560 ] && want=5  # Mbed TLS with full tables: 8.5 KiB of RAM on AVR
  got=$(echo "$out" | grep -c "^peers: $t -Os .*known answers ok")
  if [ "$got" -eq "$want" ] && [ $rc -eq 0 ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $t: $got of $want peers passed (exit $rc)"
    echo "$out" | tail -40
  fi
done

# harness check: spoiled known answers must fail every run
out=$(python3 "$here/bench/mcu/peers.py" --check --targets "$tlist" --opts Os --corrupt 2>&1)
rc=$?
if [ $rc -ne 0 ] && echo "$out" | grep -q '^0 passed, [1-9][0-9]* failed$' &&
   ! echo "$out" | grep -q 'known answers ok'; then
  passed=$((passed + 1))
  echo "ok: with spoiled known answers every peer run fails"
else
  failed=$((failed + 1))
  echo "FAIL: spoiled known answers did not fail every run"
  echo "$out" | grep -E '^peers:|passed' | tail -20
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
