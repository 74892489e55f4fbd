#!/usr/bin/env bash
# test_config_matrix.sh -- every documented RIJN_CFG_* combination builds
# warning-free (C99, -Wall -Wextra -Wconversion -Werror) and keeps its known
# answers (tests/package/matrix_main.c). Host compiler; the MCU builds are
# covered by tests/mcu/test_mcu.sh.
#
# Every (configuration, source) pair is preprocessed; pairs with the same
# token stream (most sources do not read most options) compile to the same
# object with the same diagnostics, so each distinct one is compiled once
# (about 1,180 compiles instead of 2,620), $(nproc) at a time. Then each
# configuration links its objects with matrix_main.c and runs it.
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
cc=${CC:-cc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(-std=c99 -O0 -Wall -Wextra -Wconversion -Wshadow -Wstrict-prototypes
       -Wmissing-prototypes -Werror -I"$here/include" -I"$here/src")
mapfile -t srcs < <(find "$here/src" -name '*.c' | sort)
jobs=$(nproc 2>/dev/null || echo 2)

configs=(
  "default:"
  "software AES only:-DRIJN_CFG_AES_X86NI=0"
  "ct32 only:-DRIJN_CFG_AES_X86NI=0 -DRIJN_CFG_AES_CT64=0 -DRIJN_CFG_AES_SMALL=0"
  "ct64 only:-DRIJN_CFG_AES_X86NI=0 -DRIJN_CFG_AES_CT32=0 -DRIJN_CFG_AES_SMALL=0"
  "small only:-DRIJN_CFG_AES_X86NI=0 -DRIJN_CFG_AES_CT64=0 -DRIJN_CFG_AES_CT32=0 -DRIJN_CFG_AES_SMALL=1"
  "x86ni only:-DRIJN_CFG_AES_CT64=0 -DRIJN_CFG_AES_CT32=0 -DRIJN_CFG_AES_SMALL=0"
  "no decryption:-DRIJN_CFG_AES_DECRYPT=0"
  "AES-128 only:-DRIJN_CFG_AES_192=0 -DRIJN_CFG_AES_256=0"
  "smallest AES:-DRIJN_CFG_AES_X86NI=0 -DRIJN_CFG_AES_CT64=0 -DRIJN_CFG_AES_CT32=0 -DRIJN_CFG_AES_SMALL=1 -DRIJN_CFG_AES_DECRYPT=0 -DRIJN_CFG_AES_192=0 -DRIJN_CFG_AES_256=0"
  "smallest AES, compact:-DRIJN_CFG_AES_X86NI=0 -DRIJN_CFG_AES_CT64=0 -DRIJN_CFG_AES_CT32=0 -DRIJN_CFG_AES_SMALL=1 -DRIJN_CFG_AES_SMALL_COMPACT=1 -DRIJN_CFG_AES_DECRYPT=0 -DRIJN_CFG_AES_192=0 -DRIJN_CFG_AES_256=0"
  "small compact, all key sizes:-DRIJN_CFG_AES_X86NI=0 -DRIJN_CFG_AES_CT64=0 -DRIJN_CFG_AES_CT32=0 -DRIJN_CFG_AES_SMALL=1 -DRIJN_CFG_AES_SMALL_COMPACT=1"
  "ttable only, vartime on hosts (tests its C code):-DRIJN_CFG_AES_X86NI=0 -DRIJN_CFG_AES_CT64=0 -DRIJN_CFG_AES_CT32=0 -DRIJN_CFG_AES_SMALL=0 -DRIJN_CFG_AES_TTABLE=1 -DRIJN_CFG_AES_TTABLE_VARTIME=1"
  "ttable, four tables, AES-128 only:-DRIJN_CFG_AES_X86NI=0 -DRIJN_CFG_AES_TTABLE=1 -DRIJN_CFG_AES_TTABLE_VARTIME=1 -DRIJN_CFG_AES_TTABLE_TABLES=4 -DRIJN_CFG_AES_192=0 -DRIJN_CFG_AES_256=0"
  "ttable encrypt-only:-DRIJN_CFG_AES_X86NI=0 -DRIJN_CFG_AES_TTABLE=1 -DRIJN_CFG_AES_TTABLE_VARTIME=1 -DRIJN_CFG_AES_DECRYPT=0"
  "small only, registry kept:-DRIJN_CFG_AES_X86NI=0 -DRIJN_CFG_AES_CT64=0 -DRIJN_CFG_AES_CT32=0 -DRIJN_CFG_AES_SMALL=1 -DRIJN_CFG_AES_SINGLE=0"
  "file format AES-GCM only:-DRIJN_CFG_FILE_CHACHAPOLY=0 -DRIJN_CFG_FILE_ASCON=0 -DRIJN_CFG_FILE_ARGON2=0"
  "hash minimal:-DRIJN_CFG_HASH_SHA512=0 -DRIJN_CFG_HASH_SHA3=0 -DRIJN_CFG_HASH_LEGACY=0 -DRIJN_CFG_HASH_BLAKE2B=0"
  "portable GHASH ct32:-DRIJN_CFG_GHASH_PCLMUL=0 -DRIJN_CFG_GHASH_CT64=0"
  "32-bit field/permutations:-DRIJN_CFG_X25519_64=0 -DRIJN_CFG_ASCON_32=1"
)

# one job per line: "config index|source|defines"
for i in "${!configs[@]}"; do
  for src in "${srcs[@]}"; do printf '%s|%s|%s\n' "$i" "$src" "${configs[$i]#*:}"; done
done >"$work/pairs"
export cc work
export RIJN_MATRIX_FLAGS="${flags[*]}"
# prints "index|source|hash of the preprocessed source" for each pair given
# (the compiler's output goes straight to md5sum, not through a variable)
preprocess() {
  local pair i src defs h
  set -o pipefail
  for pair; do
    IFS='|' read -r i src defs <<<"$pair"
    # shellcheck disable=SC2086
    if ! h=$($cc $RIJN_MATRIX_FLAGS $defs -E "$src" 2>/dev/null | md5sum); then
      h=pp$i-$(printf '%s' "$src" | md5sum)  # compiled on its own, which reports the error
    fi
    printf '%s|%s|%s\n' "$i" "$src" "${h:0:24}"
  done
}
# compiles one distinct preprocessed source: $work/o/HASH.o or HASH.fail (+ .err).
# gcm_stitch_vaes512.c (one always_inline 512-bit kernel) takes gcc 12 about
# 10 s of CPU at -O0 (register allocation) and 1 s at -O1: it is compiled at
# -O0 for the default configuration and at -O1 (more flow-based warnings, not
# fewer) for its other variants (the AES context's layout), saving ~40 s of CPU.
compile() {
  local job i src defs h opt
  for job; do
    IFS='|' read -r i src defs h <<<"$job"
    opt=
    case $src in */gcm_stitch_vaes512.c) [ "$i" = 0 ] || opt=-O1 ;; esac
    # shellcheck disable=SC2086
    $cc $RIJN_MATRIX_FLAGS $opt $defs -c "$src" -o "$work/o/$h.o" 2>"$work/o/$h.err" ||
      : >"$work/o/$h.fail"
  done
}
export -f preprocess compile
mkdir -p "$work/o"
xargs -d '\n' -n 20 -P "$jobs" bash -c 'preprocess "$@"' _ <"$work/pairs" | sort >"$work/hashes"
# first pair of each hash, with its defines (joined back from the pair list)
awk -F'|' 'NR == FNR { d[$1 "|" $2] = $3; next }
           !seen[$3]++ { print $1 "|" $2 "|" d[$1 "|" $2] "|" $3 }' \
  "$work/pairs" "$work/hashes" >"$work/unique"
echo "$(wc -l <"$work/pairs") (configuration, source) pairs, $(wc -l <"$work/unique") distinct compiles"
xargs -d '\n' -n 4 -P "$jobs" bash -c 'compile "$@"' _ <"$work/unique"

pass=0
fail=0
for i in "${!configs[@]}"; do
  entry=${configs[$i]}
  name=${entry%%:*}
  defs=${entry#*:}
  dir="$work/$(echo "$name" | tr -c 'a-zA-Z0-9\n' '_')"
  mkdir -p "$dir"
  ok=1
  objs=()
  while IFS='|' read -r _ s h; do
    if [ -e "$work/o/$h.fail" ] || [ ! -e "$work/o/$h.o" ]; then
      echo "config '$name': $s does not compile:"
      head -5 "$work/o/$h.err" 2>/dev/null
      ok=0
      break
    fi
    objs+=("$work/o/$h.o")
  done < <(awk -F'|' -v i="$i" '$1 == i' "$work/hashes")
  [ ${#objs[@]} = ${#srcs[@]} ] || ok=0
  if [ $ok = 1 ]; then
    # shellcheck disable=SC2086
    if ! $cc "${flags[@]}" $defs "$here/tests/package/matrix_main.c" "${objs[@]}" -o "$dir/prog" 2>"$dir/err.txt"; then
      echo "config '$name': link failed:"; head -5 "$dir/err.txt"; ok=0
    elif ! out=$("$dir/prog"); then
      echo "config '$name': known answers failed:"; echo "$out"; ok=0
    fi
  fi
  if [ $ok = 1 ]; then pass=$((pass + 1)); echo "ok   $name"; else fail=$((fail + 1)); echo "FAIL $name"; fi
done
echo "$pass passed, $fail failed"
[ $fail = 0 ]
