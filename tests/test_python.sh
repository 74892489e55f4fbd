#!/usr/bin/env bash
# test_python.sh -- the rijn Python package (python/): builds the extension
# into a fresh temporary venv and runs its pytest suite (python/tests)
# against cryptography and PyCryptodome, then checks that an sdist is
# self-contained (carries the library's C sources).
#
# The temporary venv sees the project's venv through a .pth file (the
# site-packages folder in RIJN_VECTORS_DIR: cryptography and the vector
# packages); pytest and pycryptodome are pip-installed into it (pip's
# cache makes that quick). Fast path: when RIJN_CLI points into a CMake
# build without sanitizers, the extension links that build's librijn.a
# (PIC) with the same RIJN_CONFIG_DEFS instead of compiling the library
# again; otherwise setup.py compiles every source (a minute or two).
# Exit 77 (skip) without python3 -m venv or when pytest cannot be had.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
pass=0
fail=0
ok() { echo "ok:   $*"; pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

command -v python3 >/dev/null || { echo "skip: python3 not found"; exit 77; }
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
base=python3
vdir=${RIJN_VECTORS_DIR:-}
if [ -n "$vdir" ] && [ -x "$vdir/../../../bin/python" ]; then
  base="$vdir/../../../bin/python"
fi
"$base" -m venv "$W/venv" >/dev/null 2>&1 || { echo "skip: cannot create a venv"; exit 77; }
py="$W/venv/bin/python"
site=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
[ -n "$vdir" ] && [ -d "$vdir" ] && echo "$vdir" > "$site/rijn_parent_venv.pth"

pipq() { "$py" -m pip install -q --disable-pip-version-check "$@" >"$W/pip.log" 2>&1; }
"$py" -c "import pytest, wheel" 2>/dev/null || pipq pytest wheel || { echo "skip: pytest not installable"; cat "$W/pip.log"; exit 77; }
"$py" -c 'import Crypto.Cipher.AES' 2>/dev/null || pipq pycryptodome || echo "note: pycryptodome not installable; its tests skip"
"$py" -c 'import cryptography' 2>/dev/null || pipq cryptography || echo "note: cryptography not installable; its tests skip"

# Build from a copy of python/ (concurrent runs must not share python/build).
mkdir -p "$W/pkg"
(cd "$root/python" && tar cf - --exclude=./build --exclude=./csrc --exclude=./dist \
  --exclude='*.so' --exclude='*.egg-info' --exclude=__pycache__ .) | (cd "$W/pkg" && tar xf -)
export RIJN_PY_ROOT="$root"
unset RIJN_PY_LIBRARY RIJN_PY_DEFINES
if [ -n "${RIJN_CLI:-}" ]; then
  bdir=$(dirname "$RIJN_CLI")
  cache="$bdir/CMakeCache.txt"
  if [ -f "$bdir/librijn.a" ] && [ -f "$cache" ] && ! grep -q '^RIJN_SANITIZE:STRING=.\+' "$cache"; then
    export RIJN_PY_LIBRARY="$bdir/librijn.a"
    export RIJN_PY_DEFINES=$(sed -n 's/^RIJN_CONFIG_DEFS:STRING=//p' "$cache")
    echo "building against $RIJN_PY_LIBRARY${RIJN_PY_DEFINES:+ ($RIJN_PY_DEFINES)}"
  fi
fi
if "$py" -m pip install -q --disable-pip-version-check --no-build-isolation --no-deps "$W/pkg" \
     >"$W/build.log" 2>&1; then
  ok "pip install python/ (extension built)"
else
  bad "pip install python/"; tail -30 "$W/build.log"
  echo "$pass passed, $fail failed"; exit 1
fi

# Run the suite against the installed package (cwd outside python/).
(cd "$W" && "$W/venv/bin/pytest" -p no:cacheprovider -q -rs "$root/python/tests" \
   --junitxml="$W/junit.xml" >"$W/pytest.log" 2>&1)
tail -25 "$W/pytest.log"
read -r t f e s < <("$py" - "$W/junit.xml" <<'PYEOF'
import sys, xml.etree.ElementTree as ET
try:
    r = ET.parse(sys.argv[1]).getroot()
except Exception:
    print(0, 1, 0, 0); raise SystemExit
s = r if r.tag == "testsuite" else r.find("testsuite")
print(s.get("tests"), s.get("failures"), s.get("errors"), s.get("skipped"))
PYEOF
)
pass=$((pass + t - f - e - s))
fail=$((fail + f + e))
echo "pytest: $((t - f - e - s)) passed, $((f + e)) failed, $s skipped"

# The sdist must carry the library sources (csrc/) and build on its own.
if (cd "$W/pkg" && "$py" setup.py -q sdist -d "$W/dist" >"$W/sdist.log" 2>&1); then
  lst=$(tar tzf "$W"/dist/rijn-*.tar.gz)
  for f in csrc/src/aes/aes.c csrc/include/rijn/common.h csrc/src/internal.h rijn/_rijn.c \
           rijn/__init__.py setup.py pyproject.toml; do
    grep -q "/$f\$" <<<"$lst" && ok "sdist has $f" || bad "sdist lacks $f"
  done
  n_src=$(find "$root/src" -name '*.c' | wc -l)
  n_sd=$(grep -c '/csrc/src/.*\.c$' <<<"$lst")
  [ "$n_src" -eq "$n_sd" ] && ok "sdist has all $n_src library sources" || bad "sdist: $n_sd of $n_src sources"
else
  bad "setup.py sdist"; tail -20 "$W/sdist.log"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
