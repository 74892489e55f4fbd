#!/bin/sh
# scripts/bench.sh -- run the comparison benchmarks and regenerate
# docs/BENCHMARKS.md and docs/bench/*.png.
#
#   scripts/bench.sh            full run (about 5 minutes on a busy 2-core machine)
#   scripts/bench.sh --quick    the README headline's rows only (16 B and 1 MiB;
#                               no ECB, no X25519), fewer and shorter rounds, one
#                               process per group: under a minute once the peers
#                               are installed; reproduces README's table here
#   options: --no-install (use only what is already installed)
#            --groups "ctr cbc ..." (subset; the report then covers only these;
#            "narrow" is the masked run below)
#            --runs N (processes per group, default 3: each process has its
#            own address-space layout, and a short-message row can settle in
#            a different steady state in each; the report takes the median)
#
# Peers come from package registries at run time and are never committed:
# Debian packages (libssl-dev libgcrypt20-dev nettle-dev libmbedtls-dev
# libwolfssl-dev libtomcrypt-dev libsodium-dev libbearssl-dev; BearSSL from
# its Debian source package when the binary package is missing) and the PyPI
# sdist of tinyaes (tiny-AES-c). A peer that cannot be had is dropped and the
# report says so. Work files go to $BENCH_WORK (default /tmp/rijn-bench).
# Group "narrow" (in both runs; a few seconds): the README headline's rows
# (CTR, CBC decrypt, GCM seal, ChaCha20-Poly1305 at 16 B and 1 MiB) once more
# per emulated narrower x86-64 CPU, rijn with RIJN_CPU_MASK (src/core/cpu.c)
# beside OpenSSL with OPENSSL_ia32cap at the same level and libgcrypt
# unmasked (it has no such variable): results/mask-<level>.tsv.
# The peers the MCU harness measures too (BearSSL, Mbed TLS, tiny-AES-c)
# have one adapter each, bench/peers/<peer>.c, built here once per AES class
# and key size (bench/host/peer_bridge.c); the others, bench/host/peer_*.c.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${BENCH_WORK:-/tmp/rijn-bench}
QUICK=
RUNS=
INSTALL=1
BENCH_GROUPS=
while [ $# -gt 0 ]; do
    case "$1" in
    --quick) QUICK=--quick ;;
    --no-install) INSTALL= ;;
    --groups) BENCH_GROUPS=$2; shift ;;
    --runs) RUNS=$2; shift ;;
    -h|--help) sed -n '2,/^set -eu/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
if [ -z "$BENCH_GROUPS" ]; then
    BENCH_GROUPS="ctr cbc cfb ecb xts gcm aead mac keysetup pk ct narrow"
    [ -z "$QUICK" ] || BENCH_GROUPS="ctr cbc cfb xts gcm aead mac keysetup ct narrow"
fi
if [ -z "$RUNS" ]; then
    RUNS=3
    [ -z "$QUICK" ] || RUNS=1
fi
case "$RUNS" in ''|*[!0-9]*|0) echo "--runs wants a positive number" >&2; exit 2 ;; esac

mkdir -p "$WORK/results"
rm -f "$WORK"/results/*
RES=$WORK/results
log() { echo "bench: $*" >&2; }
SUDO=
[ "$(id -u)" = 0 ] || SUDO=sudo

# ---- 1. peers -------------------------------------------------------------
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "ok installed"; }
pkg_version() { dpkg-query -W -f='${Version}' "$1" 2>/dev/null || echo "?"; }
get_pkg() {
    have_pkg "$1" && return 0
    [ -n "$INSTALL" ] || return 1
    apt-cache show "$1" >/dev/null 2>&1 || return 1
    log "installing $1"
    $SUDO apt-get -o DPkg::Lock::Timeout=900 install -y -q --no-install-recommends "$1" \
        >"$WORK/apt-$1.log" 2>&1
}

DEFS=""
LIBS=""
EXTRA_SRC=""
EXTRA_INC=""
: >"$RES/peers.tsv"
peer() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$RES/peers.tsv"; }

add_peer() { # name package define libs
    if get_pkg "$2"; then
        DEFS="$DEFS -D$3"
        LIBS="$LIBS $4"
        peer "$1" ok "Debian package $2 $(pkg_version "$2")"
    else
        peer "$1" dropped "Debian package $2 not available"
        log "dropping $1 ($2 not available)"
    fi
}
add_peer OpenSSL libssl-dev BENCH_HAVE_OPENSSL -lcrypto
add_peer libgcrypt libgcrypt20-dev BENCH_HAVE_GCRYPT -lgcrypt
add_peer Nettle nettle-dev BENCH_HAVE_NETTLE "-lnettle -lhogweed"
add_peer "Mbed TLS" libmbedtls-dev BENCH_HAVE_MBEDTLS -lmbedcrypto
add_peer wolfSSL libwolfssl-dev BENCH_HAVE_WOLFSSL -lwolfssl
add_peer LibTomCrypt libtomcrypt-dev BENCH_HAVE_TOMCRYPT -ltomcrypt
add_peer libsodium libsodium-dev BENCH_HAVE_SODIUM -lsodium

# BearSSL: the Debian package if it exists, else its source package.
bearssl_from_source() {
    [ -n "$INSTALL" ] || return 1
    src=$(ls /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1)
    [ -n "$src" ] || return 1
    d=$WORK/apt
    mkdir -p "$d/sources.d" "$d/lists/partial" "$WORK/bearssl-src"
    # same URIs/Suites/Components/Signed-By as the system list, Types: deb-src
    sed 's/^Types:.*/Types: deb-src/' "$src" >"$d/sources.d/debsrc.sources"
    apt-get update -q -o Dir::Etc::sourceparts="$d/sources.d" -o Dir::Etc::sourcelist=/dev/null \
        -o Dir::State::Lists="$d/lists" >"$WORK/apt-src.log" 2>&1 || return 1
    (cd "$WORK/bearssl-src" && apt-get source --download-only -o Dir::Etc::sourceparts="$d/sources.d" \
        -o Dir::Etc::sourcelist=/dev/null -o Dir::State::Lists="$d/lists" bearssl \
        >>"$WORK/apt-src.log" 2>&1) || return 1
    tarball=$(ls "$WORK"/bearssl-src/bearssl_*.orig.tar.* | head -1)
    (cd "$WORK/bearssl-src" && tar xf "$tarball") || return 1
    top=$(find "$WORK/bearssl-src" -maxdepth 2 -name Makefile -path '*bearssl*' | head -1)
    top=$(dirname "$top")
    (cd "$top" && make -j2 lib >"$WORK/bearssl-build.log" 2>&1) || return 1
    EXTRA_INC="$EXTRA_INC -I$top/inc"
    LIBS="$LIBS $top/build/libbearssl.a"
    BEARSSL_VER="$(basename "$tarball") (built from the Debian source package)"
}
if get_pkg libbearssl-dev; then
    DEFS="$DEFS -DBENCH_HAVE_BEARSSL"
    EXTRA_INC="$EXTRA_INC -I/usr/include/bearssl"
    LIBS="$LIBS -l:libbearssl.a"
    BEARSSL_VER="$(pkg_version libbearssl-dev)"
    peer BearSSL ok "Debian package libbearssl-dev $BEARSSL_VER (static library)"
elif bearssl_from_source; then
    DEFS="$DEFS -DBENCH_HAVE_BEARSSL"
    peer BearSSL ok "$BEARSSL_VER"
else
    BEARSSL_VER=
    peer BearSSL dropped "neither libbearssl-dev nor the bearssl source package could be had"
fi

# tiny-AES-c from the PyPI sdist of tinyaes (scripts/fetch-peers.sh: that one
# file, nothing built; cached in $RIJN_PEER_CACHE), compiled here.
TINY_VER=
if { [ -n "$INSTALL" ] || [ -d "${RIJN_PEER_CACHE:-/tmp/rijn-peer-cache}/tinyaes/tree" ]; } &&
    tline=$("$ROOT/scripts/fetch-peers.sh" tinyaes 2>>"$WORK/pip-tinyaes.log"); then
    tiny_dir=$(printf '%s\n' "$tline" | cut -f2)
    if [ -d "$tiny_dir" ]; then
        aesc=$(find "$tiny_dir" -name aes.c -path '*tiny-AES-c*' | head -1)
        if [ -n "$aesc" ]; then
            TINY_VER="$(printf '%s\n' "$tline" | cut -f3)"
            tinc=$(dirname "$aesc")
            for k in 128 256; do
                a=""; [ $k = 256 ] && a="-DAES256=1"
                cc -std=c99 -O2 -c -I"$tinc" -I"$ROOT/bench/peers" -DPEER_HOST \
                    -DPEER_PREFIX=tiny${k}_ -DPEER_KEYBITS=$k -DTINY_PREFIX=tiny${k}_ $a \
                    -DBENCH_TINY_VERSION="\"$TINY_VER\"" "$ROOT/bench/host/tiny_wrap.c" \
                    -o "$WORK/tiny$k.o"
            done
            EXTRA_SRC="$EXTRA_SRC $WORK/tiny128.o $WORK/tiny256.o"
            DEFS="$DEFS -DBENCH_HAVE_TINY"
        fi
    fi
fi
if [ -n "$TINY_VER" ]; then peer tiny-AES-c ok "$TINY_VER, aes.c compiled with cc -O2"
else peer tiny-AES-c dropped "PyPI sdist tinyaes could not be downloaded"; fi

# matplotlib for the charts, in the project's venv.
PY=$ROOT/.venv/bin/python
[ -x "$PY" ] || PY=python3
if ! "$PY" -c "import matplotlib" 2>/dev/null && [ -n "$INSTALL" ]; then
    log "installing matplotlib into .venv"
    "$ROOT/.venv/bin/pip" install -q matplotlib >"$WORK/pip-matplotlib.log" 2>&1 || true
fi

# ---- 2. rijn (static library, Release, own build directory) --------------
B=$ROOT/build-bench
gen=""
command -v ninja >/dev/null 2>&1 && gen="-G Ninja"
log "building rijn in $B"
cmake -S "$ROOT" -B "$B" $gen -DCMAKE_BUILD_TYPE=Release -DRIJN_BUILD_TESTS=OFF \
    -DRIJN_BUILD_CLI=OFF -DRIJN_BUILD_SHARED=OFF >"$WORK/cmake.log" 2>&1
cmake --build "$B" -j2 >>"$WORK/cmake.log" 2>&1 || { tail -20 "$WORK/cmake.log"; exit 1; }

# ---- 3. the harness ---------------------------------------------------------
BIN=$WORK/rijn-bench
# Every harness function (driver, adapters) on a 64-byte line: a 16-byte
# call runs a few dozen instructions of the adapter around the library's,
# and with the default 16-byte alignment a change anywhere in librijn.a
# (its .text.unlikely parts and the section's alignment come first in the
# link) moved the adapters by 16-byte steps, and the 16-byte rows with them
# (notes in src/modes/cbc.c).
HALIGN=-falign-functions=64
# the shared adapters: one object per configuration, names prefixed
adapter() { # object-name source flags...
    o=$WORK/$1.o
    src=$2
    shift 2
    # shellcheck disable=SC2086
    cc -std=c99 -O2 $HALIGN -Wall -Wextra -I"$ROOT/bench/peers" -I"$ROOT/bench/host" $EXTRA_INC \
        -DPEER_HOST "$@" \
        -c "$src" -o "$o"
    EXTRA_SRC="$EXTRA_SRC $o"
}
case "$DEFS" in *BEARSSL*)
    for v in x86ni ct64 ct big small; do
        V=$(echo "$v" | tr a-z A-Z)
        for k in 128 256; do
            adapter "bearssl_${v}_$k" "$ROOT/bench/peers/bearssl.c" "-DPEER_BR_$V" \
                "-DPEER_PREFIX=bearssl_${v}_${k}_" "-DPEER_KEYBITS=$k" \
                -DBENCH_BEARSSL_VERSION="\"${BEARSSL_VER:-?}\""
        done
    done ;;
esac
case "$DEFS" in *MBEDTLS*)
    for k in 128 256; do
        adapter "mbedtls_$k" "$ROOT/bench/peers/mbedtls.c" "-DPEER_PREFIX=mbedtls_${k}_" \
            "-DPEER_KEYBITS=$k"
    done ;;
esac
peers_src=""
for f in "$ROOT"/bench/host/peer_*.c; do
    case "$f" in
    */peer_rijn.c|*/peer_bridge.c) peers_src="$peers_src $f" ;;
    */peer_openssl.c) case "$DEFS" in *OPENSSL*) peers_src="$peers_src $f" ;; esac ;;
    */peer_gcrypt.c) case "$DEFS" in *GCRYPT*) peers_src="$peers_src $f" ;; esac ;;
    */peer_nettle.c) case "$DEFS" in *NETTLE*) peers_src="$peers_src $f" ;; esac ;;
    */peer_wolfssl.c) case "$DEFS" in *WOLFSSL*) peers_src="$peers_src $f" ;; esac ;;
    */peer_tomcrypt.c) case "$DEFS" in *TOMCRYPT*) peers_src="$peers_src $f" ;; esac ;;
    */peer_sodium.c) case "$DEFS" in *SODIUM*) peers_src="$peers_src $f" ;; esac ;;
    esac
done
log "compiling the harness"
# shellcheck disable=SC2086
cc -std=c99 -O2 $HALIGN -Wall -Wextra -I"$ROOT/include" -I"$ROOT/bench/peers" $EXTRA_INC $DEFS \
    "$ROOT/bench/host/bench.c" "$ROOT/bench/host/common.c" $peers_src $EXTRA_SRC \
    "$B/librijn.a" $LIBS -o "$BIN"

# ---- 4. run: one process per mode group -------------------------------------
{
    echo "date	$(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "cpu	$(python3 "$ROOT/scripts/cpu_id.py")"
    echo "cpu_short	$(python3 "$ROOT/scripts/cpu_id.py" --short)"
    echo "cpus	$(nproc)"
    echo "flags	$(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2- | tr ' ' '\n' |
        grep -xE 'sse4_1|ssse3|aes|pclmulqdq|avx|avx2|bmi2|adx|sha_ni|vaes|vpclmulqdq|avx512f|avx512bw|avx512vl|gfni|constant_tsc|nonstop_tsc' |
        tr '\n' ' ')"
    echo "kernel	$(uname -sr)"
    echo "cc	$(cc --version | head -1)"
    echo "load	$(cut -d' ' -f1-3 /proc/loadavg)"
    echo "rijn_commit	$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')$(git -C "$ROOT" diff --quiet -- src include 2>/dev/null || echo ' (+ uncommitted changes in src/include)')"
    echo "rijn_commit_full	$(git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo '?')$(git -C "$ROOT" diff --quiet -- src include 2>/dev/null || echo '+dirty')"
    echo "quick	${QUICK:-no}"
    echo "runs	$RUNS"
} >"$RES/machine.tsv"
# The narrower CPUs of group "narrow": name, RIJN_CPU_MASK (hex, bits of
# src/core/cpu.h), OPENSSL_ia32cap hiding the same extensions (word 1:
# CPUID.1 EDX:ECX, word 2: CPUID.7 EBX:ECX, so word 2 bit n < 32 is EBX bit n
# and bit 32 + n is ECX bit n; OpenSSL's OPENSSL_ia32cap(3)), libgcrypt's
# hardware features to disable (BENCH_GCRYPT_HWF_DENY, bench/host/peer_gcrypt.c;
# names a libgcrypt version lacks are ignored), description. Each level is a
# real CPU class: what rijn's mask hides, the peers' masks hide too (rijn has
# no GFNI code, so no peer keeps GFNI). bench/host/narrow_survey.py holds the
# same levels plus "avx" (keep them equal).
#   avx2:  AES-NI PCLMUL SSSE3 SSE4.1 AVX AVX2 VAES VPCLMULQDQ SHA BMI1/2 ADX (Zen 3);
#          OpenSSL loses AVX-512 F/DQ/IFMA/PF/ER/CD/BW/VL (EBX 16 17 21 26-28 30 31),
#          VBMI/VBMI2/GFNI/VNNI/BITALG/VPOPCNTDQ (ECX 1 6 8 11 12 14);
#          libgcrypt loses avx512, gfni
#   aesni: AES-NI PCLMUL SSSE3 SSE4.1 (Westmere); OpenSSL also loses AVX (word 1
#          bit 60), AVX2, BMI1/2, ADX, SHA, GFNI, VAES, VPCLMULQDQ; libgcrypt the same
TAB=$(printf '\t')
narrow_levels() {
    printf '%s\t%s\t%s\t%s\t%s\n' \
        avx2 0x2EFF '~0:~0x5942dc230000' 'intel-avx512:intel-gfni' 'AVX2 + VAES/VPCLMULQDQ on 256-bit registers, BMI1/2, ADX, SHA-NI, no AVX-512 or GFNI (Zen 3 class)' \
        aesni 0xF '~0x1000000000000000:~0x5f42fc2b0128' \
        'intel-avx:intel-avx2:intel-bmi2:intel-shaext:intel-vaes-vpclmul:intel-avx512:intel-gfni:intel-fast-vpgather' 'AES-NI + PCLMULQDQ + SSE4.1, no AVX, BMI or SHA-NI (Westmere class)'
}
start=$(date +%s)
for g in $BENCH_GROUPS; do
    if [ "$g" = narrow ]; then
        narrow_levels | while IFS="$TAB" read -r lvl mask cap gdeny desc; do
            f=$RES/mask-$lvl.tsv
            printf 'meta\tlevel\t%s\t%s\n' "$lvl" "$desc" >"$f"
            i=1
            while [ "$i" -le "$RUNS" ]; do
                log "group narrow, $lvl (RIJN_CPU_MASK=$mask), process $i of $RUNS"
                RIJN_CPU_MASK=$mask OPENSSL_ia32cap=$cap BENCH_GCRYPT_HWF_DENY=$gdeny "$BIN" --group narrow \
                    --libs rijn,OpenSSL,libgcrypt $QUICK >>"$f"
                i=$((i + 1))
            done
        done
        continue
    fi
    : >"$RES/$g.tsv"
    i=1
    while [ "$i" -le "$RUNS" ]; do # processes appended to one file; report.py merges them
        log "group $g, process $i of $RUNS"
        "$BIN" --group "$g" $QUICK >>"$RES/$g.tsv"
        i=$((i + 1))
    done
done
echo "duration_s	$(( $(date +%s) - start ))" >>"$RES/machine.tsv"
echo "load_end	$(cut -d' ' -f1-3 /proc/loadavg)" >>"$RES/machine.tsv"

# ---- 5. report ----------------------------------------------------------------
mkdir -p "$ROOT/docs/bench"
"$PY" "$ROOT/bench/host/report.py" --results "$RES" --doc "$ROOT/docs/BENCHMARKS.md" \
    --charts "$ROOT/docs/bench"
log "wrote docs/BENCHMARKS.md and docs/bench/*.png (raw results in $RES)"
