#!/usr/bin/env bash
# test_install.sh -- `cmake --install` of this build into a temporary prefix,
# then a consumer built against it three ways: find_package(rijn) with the
# static library, pkg-config against the shared library, and the installed
# CLI. Needs RIJN_BUILD_DIR (set by tests/CMakeLists.txt).
set -uo pipefail
build=${RIJN_BUILD_DIR:?}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0
fail=0
check() { if "$@" >"$work/log" 2>&1; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $*"; tail -5 "$work/log"; fi; }

check cmake --install "$build" --prefix "$work/prefix"
for f in include/rijn.h include/rijn/aes.h include/rijn/gcm.h bin/rijn; do
  check test -e "$work/prefix/$f"
done
libdir=$(ls -d "$work"/prefix/lib* | head -1)
check test -e "$libdir/librijn.a"
check test -e "$libdir/pkgconfig/rijn.pc"
check test -e "$libdir/cmake/rijn/rijnConfig.cmake"
# find_package
check cmake -S "$here/install_consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/prefix"
check cmake --build "$work/consumer"
check "$work/consumer/consumer"
# pkg-config
if command -v pkg-config >/dev/null; then
  flags=$(PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --cflags --libs rijn)
  # shellcheck disable=SC2086
  check cc -std=c99 "$here/install_consumer/consumer.c" $flags -o "$work/pc"
  check env LD_LIBRARY_PATH="$libdir" "$work/pc"
fi
check "$work/prefix/bin/rijn" --version
echo "$pass passed, $fail failed"
[ $fail = 0 ]
