#!/usr/bin/env bash
# py-aarch64-sysroot.sh -- what scripts/test-python-aarch64.sh needs to run
# the Python package's tests under qemu-aarch64, in build/py-aarch64/:
#   sysroot/  Debian's arm64 CPython (the host's X.Y: python3.X-minimal,
#             libpython3.X-stdlib, libpython3.X-dev for the headers) and the
#             libraries it loads, from `apt-get download` + `dpkg-deb -x`:
#             never installed (python3.X-minimal:arm64 is not co-installable
#             with the host's);
#   site/     arm64 wheels of pytest and the test peers (cryptography,
#             pycryptodome, argon2-cffi: the versions in .venv, so both
#             architectures test against the same peers), unpacked.
# Called by scripts/setup.sh --tests --aarch64 (after .venv exists); idempotent
# (a stamp file per part). Needs network access to Debian's archive and PyPI.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
w="$here/build/py-aarch64"
venv="$here/.venv"
ver=$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')
mkdir -p "$w/debs"
if [ ! -e "$w/sysroot/.stamp-$ver" ]; then
  rm -rf "$w/sysroot" "$w/debs"/*.deb
  (cd "$w/debs" && apt-get download -q "python$ver-minimal:arm64" "libpython$ver-minimal:arm64" \
    "libpython$ver-stdlib:arm64" "libpython$ver-dev:arm64" "libpython$ver:arm64" libc6:arm64 \
    libgcc-s1:arm64 zlib1g:arm64 libexpat1:arm64 libffi8:arm64 libssl3:arm64 libbz2-1.0:arm64 \
    liblzma5:arm64 libuuid1:arm64 libcrypt1:arm64 >/dev/null 2>&1)
  for d in "$w/debs"/*.deb; do dpkg-deb -x "$d" "$w/sysroot"; done
  touch "$w/sysroot/.stamp-$ver"
fi
pins=$("$venv/bin/python" -c 'import importlib.metadata as m
print(" ".join("%s==%s" % (p, m.version(p)) for p in ("cryptography", "pycryptodome", "argon2-cffi")))')
stamp="$w/site/.stamp-$(echo "$ver $pins" | tr ' =' '_-')"
if [ ! -e "$stamp" ]; then
  rm -rf "$w/site" "$w/wheels"
  mkdir -p "$w/wheels" "$w/site"
  # shellcheck disable=SC2086
  "$venv/bin/python" -m pip download -q --disable-pip-version-check --only-binary=:all: \
    --platform manylinux_2_28_aarch64 --platform manylinux_2_26_aarch64 \
    --platform manylinux2014_aarch64 --platform manylinux_2_17_aarch64 \
    --python-version "$ver" --implementation cp -d "$w/wheels" pytest $pins
  for f in "$w/wheels"/*.whl; do "$venv/bin/python" -m zipfile -e "$f" "$w/site/"; done
  touch "$stamp"
fi
echo "py-aarch64: python$ver:arm64 in $w/sysroot, wheels ($pins, pytest) in $w/site"
