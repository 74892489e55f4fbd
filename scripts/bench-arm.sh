#!/usr/bin/env bash
# bench-arm.sh -- regenerate docs/BENCHMARKS-ARM.md: AArch64 instruction
# counts (qemu-aarch64 + the TCG plugin) of rijn, OpenSSL and libgcrypt,
# and RISC-V AES counts with and without Zkne. Needs scripts/setup.sh
# --mcu --aarch64 --riscv and network access to Debian's archive (the arm64
# OpenSSL/libgcrypt .debs are downloaded into build/bench-arm/, not
# installed). See scripts/bench_arm.py.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
exec python3 "$here/scripts/bench_arm.py" "$@"
