#!/bin/sh
# scripts/ab-builds.sh -- A/B speed of commits: librijn.so built at each
# commit (git archive of this repository, Release, no CLI/tests, under
# build/ab/<commit>/) and timed side by side in one process by
# bench/host/ab_builds.c (GCM seal and CTR, rotated order, best-of-3 per rep;
# in the environment, OPEN=1 times GCM open instead of seal, SIV=1 AES-GCM-SIV
# instead of AES-GCM (with OPEN=1 its open), CBC=enc or
# CBC=dec rijn_cbc_encrypt / rijn_cbc_decrypt instead of GCM, LEN a
# multiple of 16; IOFF, OOFF, OFF, INPLACE: see ab_builds.c).
#
#   scripts/ab-builds.sh [-r REPS] [-k KEYBYTES] [-n LEN] COMMIT... [WORKTREE]
#   e.g. scripts/ab-builds.sh 9e1095b main             (defaults: 150, 16, 1048576)
#        scripts/ab-builds.sh -k 32 HEAD~1 .           ("." = the working tree's build/t)
#        CBC=enc scripts/ab-builds.sh -n 16 -r 41 HEAD~1 HEAD   (CBC encrypt, 16 B calls)
#
# Builds are cached per commit (build/ab/<hash>); a bare "." uses
# build/t/librijn.so of the working tree, which you build yourself. Not part
# of the tests (tests never time).
set -eu
cd "$(dirname "$0")/.."
reps=150 kb=16 len=1048576
while getopts r:k:n: o; do
    case $o in r) reps=$OPTARG ;; k) kb=$OPTARG ;; n) len=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { sed -n 2,20p "$0"; exit 2; }
mkdir -p build/ab
libs=""
for c in "$@"; do
    if [ "$c" = . ]; then
        [ -f build/t/librijn.so ] || { echo "build/t/librijn.so missing" >&2; exit 1; }
        libs="$libs build/t/librijn.so"
        continue
    fi
    h=$(git rev-parse --short=12 "$c^{commit}")
    d=build/ab/$h
    if [ ! -f "$d/b/librijn.so" ]; then
        rm -rf "$d" && mkdir -p "$d/src"
        git archive "$h" | tar -x -C "$d/src"
        cmake -S "$d/src" -B "$d/b" -G Ninja -DCMAKE_BUILD_TYPE=Release -DRIJN_BUILD_CLI=OFF \
            -DRIJN_BUILD_TESTS=OFF >"$d/configure.log"
        nice -n 10 cmake --build "$d/b" -j2 --target rijn_shared >"$d/build.log"
    fi
    libs="$libs $d/b/librijn.so"
done
${CC:-cc} -O2 -Wall -Wextra -o build/ab/ab_builds bench/host/ab_builds.c -ldl
# shellcheck disable=SC2086
exec build/ab/ab_builds "$reps" "$kb" "$len" $libs
