#!/usr/bin/env bash
# mcu-measure.sh -- deterministic cost of rijn on the MCU targets:
# instruction counts under QEMU (our TCG plugin), cycle counts under
# simavr, code size / RAM per feature, stack (painted and static); the
# same for the peers tiny-AES-c, BearSSL and Mbed TLS (bench/mcu with the
# adapters of bench/peers, the ones scripts/bench.sh uses on the host; their
# sources fetched by scripts/fetch-peers.sh, never committed).
# Writes docs/BENCHMARKS-MCU.md and its charts (generated files: never edit
# the numbers by hand); the raw results go to build-mcu/mcu-results.json
# (git-ignored).
#   scripts/mcu-measure.sh [--targets m0,m3,...] [--opts Os,O2] [--peer-opts Os,O2|'']
# Needs scripts/setup.sh --mcu (and network for the peers' first fetch).
# About 8 minutes on 2 cores (4 without peers). RIJN_MCU_BUILD: own build dir.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
exec python3 "$here/mcu/measure.py" "$@"
