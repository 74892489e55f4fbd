#!/usr/bin/env bash
# test-python-aarch64.sh -- the Python package on AArch64 under QEMU: the
# extension rijn._rijn cross-compiled with aarch64-linux-gnu-gcc against
# Debian's arm64 CPython headers and the AArch64 stage's librijn.a (PIC),
# put beside the package's .py files in build/py-aarch64/pkg/, and the
# pytest suite (python/tests, RIJN_TEST_QUICK=1) run by the arm64 CPython
# under qemu-aarch64 -cpu max with arm64 wheels of pytest and the peers
# (cryptography, pycryptodome, argon2-cffi): scripts/py-aarch64-sysroot.sh,
# run by scripts/setup.sh --tests --aarch64. The suite's aes_impl fixture
# runs each AES check on every class that runs (armce, neonbs, ct64, ...),
# so the portable classes are tested in the same run.
# Deselected: test_compat.py::test_pycryptodome_selftest (it starts the
# interpreter again as a subprocess; exec of an AArch64 program from
# inside QEMU user mode needs binfmt_misc, which CI machines lack). The
# CLI tests skip (no AArch64 rijn CLI on the host's PATH).
# Usage: scripts/test-python-aarch64.sh [aarch64 build dir]  (default build/test-aarch64)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
bdir=${1:-build/test-aarch64}
w="$here/build/py-aarch64"
ver=$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')
s="$w/sysroot"
[ -x "$s/usr/bin/python$ver" ] && [ -d "$w/site/pytest" ] ||
  { echo "test-python-aarch64: $w missing (scripts/setup.sh --tests --aarch64)" >&2; exit 1; }
[ -f "$bdir/librijn.a" ] || { echo "test-python-aarch64: $bdir/librijn.a missing" >&2; exit 1; }
rm -rf "$w/pkg"
mkdir -p "$w/pkg/rijn"
cp python/rijn/*.py python/rijn/*.pyi python/rijn/py.typed "$w/pkg/rijn/"
so="$w/pkg/rijn/_rijn.cpython-${ver/./}-aarch64-linux-gnu.so"
aarch64-linux-gnu-gcc -O2 -shared -fPIC -fno-strict-aliasing -Wall -Werror \
  -I"$s/usr/include/python$ver" -I"$s/usr/include" -Iinclude -Isrc \
  python/rijn/_rijn*.c "$bdir/librijn.a" -o "$so"
site=$("$here/.venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
run() { # the arm64 interpreter under QEMU, from build/py-aarch64 (no python/rijn on sys.path)
  (cd "$w" && env PYTHONPATH="$w/pkg:$w/site" RIJN_VECTORS_DIR="$site" RIJN_TEST_QUICK=1 \
    QEMU_CPU=max qemu-aarch64 -L "$s" "$s/usr/bin/python$ver" "$@")
}
t0=$(date +%s)
run -c 'import platform, rijn; i = [n for n, _c, _h, a in rijn.aes_implementations() if a]
assert platform.machine() == "aarch64" and i[0] == "armce", (platform.machine(), i)
print("test-python-aarch64: rijn imported on", platform.machine(), "AES classes", i)'
status=0
run -m pytest -q -p no:cacheprovider "$here/python/tests" -k 'not test_pycryptodome_selftest' ||
  status=1
echo "(python on aarch64: $(($(date +%s) - t0)) s)"
exit $status
