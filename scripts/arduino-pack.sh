#!/usr/bin/env bash
# arduino-pack.sh -- lay out rijn as an Arduino library (1.5 format), ready
# to zip and install ("Sketch > Include Library > Add .ZIP Library"):
#
#   scripts/arduino-pack.sh [OUTDIR]          default: dist/arduino/rijn
#   scripts/arduino-pack.sh --zip [OUTDIR]    also OUTDIR/../rijn-<ver>.zip
#
# The Arduino build compiles every .c under the library's src/ (recursively)
# and puts src/ on the include path, so the pack's src/ holds:
#   src/rijn.h, src/rijn/*.h       the public headers (include/)
#   src/<family>/*.c, src/*.h      the library sources and internal headers
#   src/rijn/arduino_config.h      the pack's build options (arduino/),
#                                  included by the pack's rijn/config.h
# plus library.properties (version from include/rijn/common.h), the
# examples from examples/arduino/ and arduino/README.md. One source tree:
# nothing here is edited by hand; regenerate after every change.
# Set RIJN_URL to fill library.properties' url= field.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
zip=0
if [ "${1:-}" = "--zip" ]; then zip=1; shift; fi
out=${1:-$root/dist/arduino/rijn}

version=$(sed -n 's/^#define RIJN_VERSION_STRING "\(.*\)"/\1/p' "$root/include/rijn/common.h")
[ -n "$version" ] || { echo "arduino-pack: no RIJN_VERSION_STRING in common.h" >&2; exit 1; }

mkdir -p "$(dirname "$out")"
tmp=$(mktemp -d "${out%/}.tmp.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src/rijn" "$tmp/examples"

# Library sources and internal headers, keeping the folder layout (the
# sources include "internal.h", "aes/aes_i.h"... from src/).
(cd "$root/src" && find . -type f \( -name '*.c' -o -name '*.h' \) -print) |
  while read -r f; do
    mkdir -p "$tmp/src/$(dirname "$f")"
    cp "$root/src/$f" "$tmp/src/$f"
  done
cp "$root/include/rijn.h" "$tmp/src/rijn.h"
cp "$root/include/rijn/"*.h "$tmp/src/rijn/"
cp "$root/arduino/arduino_config.h" "$tmp/src/rijn/arduino_config.h"

# The pack's config.h reads arduino_config.h right after the RIJN_CFG_FILE
# hook, before any default is computed.
awk 'BEGIN { state = 0 }
     { print }
     state == 0 && /^#ifdef RIJN_CFG_FILE/ { state = 1; next }
     state == 1 && /^#endif/ { print "#include \"arduino_config.h\" /* added by scripts/arduino-pack.sh */"; state = 2 }
     END { if (state != 2) exit 3 }' "$root/include/rijn/config.h" > "$tmp/src/rijn/config.h" ||
  { echo "arduino-pack: RIJN_CFG_FILE hook not found in include/rijn/config.h" >&2; exit 1; }

sed -e "s/@VERSION@/$version/" -e "s|@URL@|${RIJN_URL:-}|" \
  "$root/arduino/library.properties.in" > "$tmp/library.properties"
cp "$root/arduino/README.md" "$tmp/README.md"
for d in "$root/examples/arduino/"*/; do
  cp -r "$d" "$tmp/examples/"
done

rm -rf "$out"
mkdir -p "$(dirname "$out")"
mv "$tmp" "$out"
trap - EXIT
if [ "$zip" = 1 ]; then
  (cd "$(dirname "$out")" && rm -f "rijn-$version.zip" &&
    python3 -c 'import shutil, sys; shutil.make_archive(sys.argv[1], "zip", ".", sys.argv[2])' \
      "rijn-$version" "$(basename "$out")")
  echo "$(dirname "$out")/rijn-$version.zip"
fi
echo "$out"
