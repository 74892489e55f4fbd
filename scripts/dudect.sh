#!/usr/bin/env bash
# dudect.sh -- build rijn (Release) and run the dudect timing-leak harness
# (bench/dudect/dudect.c, see bench/dudect/README.md).
#   scripts/dudect.sh                      10^6 measurements per target
#   scripts/dudect.sh -n 100000000         10^8 (hours per target)
#   scripts/dudect.sh -n N --target x25519 one target (repeatable)
# Prints one line per target (max |t| and verdict) after a header naming
# the CPU and commit, and exits non-zero when the positive control is not
# caught or a constant-time target shows |t| > 10. Timing: run it on an
# otherwise idle machine (other load adds noise, not false leaks, but
# hides real ones).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
n=1000000
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    -n) n=$2; shift ;;
    *) args+=("$1") ;;
  esac
  shift
done
cmake -S . -B build/dudect -G Ninja -DCMAKE_BUILD_TYPE=Release -DRIJN_BUILD_TESTS=OFF \
  -DRIJN_BUILD_CLI=OFF -DRIJN_BUILD_SHARED=OFF >/dev/null
cmake --build build/dudect --target rijn_static >/dev/null
cc -O2 -std=c99 -Iinclude bench/dudect/dudect.c -o build/dudect/rijn-dudect build/dudect/librijn.a -lm
echo "dudect: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -1)," \
  "commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "command: scripts/dudect.sh -n $n ${args[*]}"
build/dudect/rijn-dudect --measurements "$n" "${args[@]}"
