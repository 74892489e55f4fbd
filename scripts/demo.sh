#!/usr/bin/env bash
# demo.sh -- the main job: set up, build, self-test, encrypt and decrypt the
# sample string, show a short timing summary.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
bash scripts/setup.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DRIJN_BUILD_TESTS=OFF >/dev/null
cmake --build build/release -j "$(nproc 2>/dev/null || echo 2)" >/dev/null
rijn=build/release/rijn

echo "== rijn selftest"
"$rijn" selftest

key=2b7e151628aed2a6abf7158809cf4f3c
iv=000102030405060708090a0b0c0d0e0f
msg='AES_Test_1 - Hello! Testing AES Encryption here'
echo
echo "== AES-128-CBC + PKCS#7 of: $msg"
ct=$("$rijn" cipher -e -m cbc --key "$key" --iv "$iv" --in-string "$msg" --outform base64)
echo "ciphertext (Base64): $ct"
pt=$(printf '%s' "$ct" | "$rijn" cipher -d -m cbc --key "$key" --iv "$iv" --inform base64)
echo "decrypted:           $pt"
[ "$pt" = "$msg" ] || { echo "round trip FAILED" >&2; exit 1; }
if command -v openssl >/dev/null; then
  ref=$(printf '%s' "$msg" | openssl enc -aes-128-cbc -K "$key" -iv "$iv" -base64 -A)
  echo "openssl enc says:    $ref"
  [ "$ref" = "$ct" ] || { echo "differs from openssl enc" >&2; exit 1; }
fi
echo
echo "== timing summary (rijn bench --quick)"
"$rijn" bench --quick
