#!/usr/bin/env bash
# test_interop_mbedtls.sh -- `rijn encrypt/decrypt --format mbedtls`
# against Mbed TLS's own programs/aes/crypt_and_hash, built here at test
# time from the Debian source package (never committed).
#
#   - source: the cache dir (RIJN_PEER_CACHE, default
#     /tmp/rijn-peer-cache) or `apt-get source --download-only mbedtls`
#     through a private deb-src list made from the system's deb entries
#     (-o Dir::Etc::sourceparts / sourcelist / Dir::State::Lists: the
#     system lists stay untouched);
#   - build: crypt_and_hash.c against libmbedtls-dev (libmbedcrypto), or
#     with the tarball's library/*.c when the headers are missing (or
#     RIJN_MBEDTLS_FROM_SOURCE=1);
#   - every AES-{128,192,256}-{CBC,CTR,CFB128,OFB} x MD5, SHA1, SHA224,
#     SHA256, SHA384, SHA512 in both directions, lengths rotating through
#     0 .. 70000, passphrase strings and key files (also > 512 bytes);
#     crypt_and_hash refuses to decrypt stream-mode files whose length is
#     not a multiple of 16 (its own limitation): checked as such;
#   - wrong key, flipped bits, truncation: exit 1, no output file; pipes;
#     one warning line when writing; usage errors exit 2.
# Prints "N passed, N failed"; exit 77 when the source cannot be had.
set -u
CLI=${RIJN_CLI:-}
[ -n "$CLI" ] && [ -x "$CLI" ] || { echo "skipped: no RIJN_CLI"; exit 77; }
QUICK=${RIJN_TEST_QUICK:-}
cache=${RIJN_PEER_CACHE:-/tmp/rijn-peer-cache}/mbedtls
mkdir -p "$cache" || { echo "skipped: cannot create $cache"; exit 77; }
cah=$cache/crypt_and_hash

fetch_source() {
  local apt=$cache/apt
  ls "$cache"/mbedtls_*.orig.tar.* >/dev/null 2>&1 && return 0
  command -v apt-get >/dev/null || return 1
  rm -rf "$apt"
  mkdir -p "$apt/parts" "$apt/lists/partial"
  # deb822 files: the same entries as deb-src (Signed-By copied as is)
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && sed -e 's/^Types:.*/Types: deb-src/' "$f" > "$apt/parts/$(basename "$f")"
  done
  # one-line format
  { grep -hs '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list || true; } |
    sed 's/^deb /deb-src /' > "$apt/sources.list"
  local o=(-o Dir::Etc::sourceparts="$apt/parts" -o Dir::Etc::sourcelist="$apt/sources.list"
           -o Dir::State::Lists="$apt/lists" -o Debug::NoLocking=1)
  apt-get "${o[@]}" update -qq >"$apt/log" 2>&1 || return 1
  (cd "$cache" && apt-get "${o[@]}" source --download-only mbedtls) >>"$apt/log" 2>&1 || return 1
  ls "$cache"/mbedtls_*.orig.tar.* >/dev/null 2>&1
}

build_cah() {
  [ -x "$cah" ] && return 0
  fetch_source || return 1
  local src=$cache/src
  rm -rf "$src" && mkdir -p "$src"
  tar xf "$(ls "$cache"/mbedtls_*.orig.tar.* | head -1)" -C "$src" --strip-components=1 || return 1
  local prog=$src/programs/aes/crypt_and_hash.c
  [ -f "$prog" ] || return 1
  if [ -z "${RIJN_MBEDTLS_FROM_SOURCE:-}" ] && [ -f /usr/include/mbedtls/cipher.h ] &&
     cc -O2 -o "$cah.tmp" "$prog" -lmbedcrypto 2>"$cache/build.log"; then
    mv "$cah.tmp" "$cah"
  else
    echo "building crypt_and_hash with the tarball's library (no libmbedtls-dev)"
    cc -O2 -I"$src/include" -o "$cah.tmp" "$prog" "$src"/library/*.c 2>>"$cache/build.log" &&
      mv "$cah.tmp" "$cah"
  fi
}

if ! build_cah; then
  echo "skipped: Mbed TLS source package unavailable (see $cache/apt/log, $cache/build.log)"
  exit 77
fi

T=$(mktemp -d /tmp/rijn-interop-mbed.XXXXXX)
trap 'rm -rf "$T"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL $*"; }
check() { local what=$1; shift; if "$@"; then ok; else bad "$what"; fi; }

printf 'secret key string' > "$T/pw"
head -c 100 /dev/urandom > "$T/key100"
head -c 700 /dev/urandom > "$T/key700"
lengths=(0 1 15 16 17 31 32 1000 65536 70000)

n=0
for bits in 128 192 256; do
  for mode in CBC CTR CFB128 OFB; do
    for md in MD5 SHA1 SHA224 SHA256 SHA384 SHA512; do
      n=$((n + 1))
      [ -n "$QUICK" ] && [ $((n % 6)) -ne 0 ] && continue
      c=AES-$bits-$mode
      len=${lengths[$((n % ${#lengths[@]}))]}
      head -c "$len" /dev/urandom > "$T/p"
      if [ $((n % 3)) -eq 0 ]; then
        kfile=$T/key100; [ $((n % 2)) -eq 0 ] && kfile=$T/key700
        rk=(-k "$kfile"); ck=$kfile; kdesc=keyfile
      else
        rk=(--passphrase-file "$T/pw"); ck="secret key string"; kdesc=string
      fi
      tag="$c $md len $len $kdesc"
      # crypt_and_hash -> rijn
      rm -f "$T/m.enc" "$T/m.dec"
      "$cah" 0 "$T/p" "$T/m.enc" "$c" "$md" "$ck" >/dev/null 2>&1
      check "crypt_and_hash encrypt $tag" [ $? -eq 0 ]
      "$CLI" decrypt --format mbedtls -c "$c" --md "$md" "${rk[@]}" -o "$T/m.dec" "$T/m.enc" 2>"$T/err"
      check "crypt_and_hash -> rijn $tag: $(cat "$T/err")" cmp -s "$T/m.dec" "$T/p"
      # and through a pipe (one pass, HMAC at the end)
      "$CLI" decrypt --format mbedtls -c "$c" --md "$md" "${rk[@]}" < "$T/m.enc" 2>/dev/null | cmp -s - "$T/p"
      check "crypt_and_hash -> rijn (pipe) $tag" [ "${PIPESTATUS[0]}" -eq 0 ]
      # rijn -> crypt_and_hash
      rm -f "$T/r.enc" "$T/r.dec"
      "$CLI" encrypt --format mbedtls -c "$c" --md "$md" "${rk[@]}" -o "$T/r.enc" "$T/p" 2>"$T/err"
      check "rijn encrypt $tag: one warning line" [ "$(grep -c warning "$T/err")" = 1 ] 
      check "rijn encrypt $tag: one stderr line" [ "$(wc -l < "$T/err")" = 1 ]
      "$cah" 1 "$T/r.enc" "$T/r.dec" "$c" "$md" "$ck" >"$T/cahout" 2>&1
      st=$?
      if [ "$mode" != CBC ] && [ $((len % 16)) -ne 0 ]; then
        check "crypt_and_hash refuses a $mode file of $len bytes (its limitation)" \
          grep -q "multiple of the block size" "$T/cahout"
        "$CLI" decrypt --format mbedtls -c "$c" --md "$md" "${rk[@]}" -o "$T/r.dec2" "$T/r.enc" 2>/dev/null
        check "rijn reads its own $tag" cmp -s "$T/r.dec2" "$T/p"
        rm -f "$T/r.dec2"
      else
        check "rijn -> crypt_and_hash $tag: $(cat "$T/cahout")" [ $st -eq 0 ]
        check "rijn -> crypt_and_hash $tag content" cmp -s "$T/r.dec" "$T/p"
      fi
    done
  done
done

# rijn writes from a pipe to a pipe; crypt_and_hash reads the result
head -c 5000 /dev/urandom > "$T/p"
"$CLI" encrypt --format mbedtls --passphrase-file "$T/pw" < "$T/p" 2>/dev/null > "$T/r.enc"
"$cah" 1 "$T/r.enc" "$T/r.dec" AES-256-CBC SHA256 "secret key string" >/dev/null 2>&1
check "stdin -> stdout (defaults AES-256-CBC SHA256)" cmp -s "$T/r.dec" "$T/p"

# failures: wrong key, flipped bits, truncation -- exit 1, no output file
"$cah" 0 "$T/p" "$T/m.enc" AES-128-CBC SHA1 "secret key string" >/dev/null 2>&1
printf 'other key' > "$T/pw2"
"$CLI" decrypt --format mbedtls -c aes-128-cbc --md sha1 --passphrase-file "$T/pw2" -o "$T/out" "$T/m.enc" 2>"$T/err"
st=$?
check "wrong key: exit 1" [ $st -eq 1 ]
check "wrong key: message" grep -q "HMAC check failed" "$T/err"
check "wrong key: no output" [ ! -e "$T/out" ]
size=$(stat -c %s "$T/m.enc")
for off in 0 15 16 100 $((size - 21)) $((size - 1)); do
  cp "$T/m.enc" "$T/f.enc"
  printf '\x55' | dd of="$T/f.enc" bs=1 seek="$off" conv=notrunc status=none
  # xor instead of overwrite: make sure the byte changed
  cmp -s "$T/f.enc" "$T/m.enc" && printf '\xaa' | dd of="$T/f.enc" bs=1 seek="$off" conv=notrunc status=none
  "$CLI" decrypt --format mbedtls -c aes-128-cbc --md sha1 --passphrase-file "$T/pw" -o "$T/out" "$T/f.enc" 2>/dev/null
  st=$?
  check "flipped byte $off: exit 1 ($st)" [ $st -eq 1 ]
  check "flipped byte $off: no output" [ ! -e "$T/out" ]
  "$CLI" decrypt --format mbedtls -c aes-128-cbc --md sha1 --passphrase-file "$T/pw" < "$T/f.enc" >/dev/null 2>"$T/err"
  check "flipped byte $off (pipe): exit 1" [ $? -eq 1 ]
done
for cut in 0 10 16 30 $((size - 1)); do
  head -c "$cut" "$T/m.enc" > "$T/t.enc"
  "$CLI" decrypt --format mbedtls -c aes-128-cbc --md sha1 --passphrase-file "$T/pw" -o "$T/out" "$T/t.enc" 2>/dev/null
  st=$?
  check "truncated to $cut: exit 1 ($st)" [ $st -eq 1 ]
  check "truncated to $cut: no output" [ ! -e "$T/out" ]
done

# usage errors
for args in "--pbkdf2" "--iter 5" "--nosalt" "--armor" "-c aes-256-cfb8" "--md sha3-256" "--salt-hex 0011223344556677"; do
  # shellcheck disable=SC2086
  "$CLI" encrypt --format mbedtls --passphrase-file "$T/pw" $args < "$T/p" >/dev/null 2>&1
  check "usage error for $args" [ $? -eq 2 ]
done
"$CLI" decrypt --passphrase-file "$T/pw" < "$T/m.enc" >/dev/null 2>&1
check "an mbedtls file without --format is not taken for a rijn file" [ $? -eq 1 ]

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
