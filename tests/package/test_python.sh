#!/usr/bin/env bash
# test_python.sh -- the rijn Python package (python/), as a user gets it:
# `pip wheel python/` builds a wheel without writing into the source tree,
# the wheel is installed into a fresh venv, and the pytest suite
# (python/tests) runs against the installed wheel, beside cryptography and
# PyCryptodome; mypy --strict checks the tests against the stubs
# (rijn/*.pyi); an sdist is made and checked to be self-contained.
#
# The fresh venv sees the project's venv through a .pth file (the
# site-packages folder in RIJN_VECTORS_DIR: cryptography and the vector
# packages); pytest, wheel, pycryptodome and mypy are pip-installed into
# it (pip's cache makes that quick). Fast path: when RIJN_CLI points into
# a CMake build without sanitizers, the extension links that build's
# librijn.a (PIC) with the same RIJN_CONFIG_DEFS instead of compiling the
# library again; otherwise setup.py compiles every source (a minute or
# two). RIJN_PY_SDIST_BUILD=1 also builds a wheel from the sdist alone
# (compiles the library's sources from the sdist's csrc/: slow).
# Exit 77 (skip) without python3 -m venv or when pytest cannot be had.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
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
"$py" -c "import pytest, wheel, setuptools" 2>/dev/null || pipq pytest wheel setuptools || { echo "skip: pytest not installable"; cat "$W/pip.log"; exit 77; }
"$py" -c 'import Crypto.Cipher.AES, Crypto.SelfTest' 2>/dev/null || pipq pycryptodome || bad "pycryptodome not installable (its differential tests would skip)"
"$py" -c 'import cryptography' 2>/dev/null || pipq cryptography || bad "cryptography not installable (its differential tests would skip)"
"$py" -c 'import mypy' 2>/dev/null || pipq mypy || bad "mypy not installable"

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

# The wheel, straight from python/: nothing may be written into the tree.
listing() { (cd "$root/python" && find . -path ./__pycache__ -prune -o -print | sort); }
listing >"$W/before"
if "$py" -m pip wheel -q --disable-pip-version-check --no-build-isolation --no-deps \
     -w "$W/dist" "$root/python" >"$W/build.log" 2>&1; then
  ok "pip wheel python/"
else
  bad "pip wheel python/"; tail -30 "$W/build.log"
  echo "$pass passed, $fail failed"; exit 1
fi
# The sdist (setup.py adds the library sources to it as csrc/).
(cd "$root/python" && "$py" setup.py -q sdist -d "$W/dist" >"$W/sdist.log" 2>&1) ||
  { bad "setup.py sdist"; tail -20 "$W/sdist.log"; }
listing | grep -v '/__pycache__' >"$W/after"
grep -v '/__pycache__' "$W/before" >"$W/before2"
if cmp -s "$W/before2" "$W/after"; then
  ok "wheel and sdist built without writing into python/"
else
  bad "the build wrote into python/:"; diff "$W/before2" "$W/after" | head
fi

# A fresh venv with the wheel (and the test tools) only.
"$base" -m venv "$W/fresh" >/dev/null 2>&1 || { bad "venv"; exit 1; }
fpy="$W/fresh/bin/python"
fsite=$("$fpy" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
"$fpy" -m pip install -q --disable-pip-version-check --no-deps "$W"/dist/rijn-*.whl >"$W/inst.log" 2>&1 &&
  ok "wheel installed into a fresh venv" || { bad "wheel install"; cat "$W/inst.log"; }
# test tools come from the first venv (after the wheel: rijn resolves to the fresh venv's copy)
echo "$site" > "$fsite/zz_rijn_tools.pth"
[ -n "$vdir" ] && [ -d "$vdir" ] && echo "$vdir" >> "$fsite/zz_rijn_tools.pth"
where=$(cd "$W" && "$fpy" -c 'import rijn, os; print(os.path.dirname(rijn.__file__))')
case "$where" in "$fsite"/rijn) ok "rijn imported from the installed wheel";;
  *) bad "rijn imported from $where, not the wheel";; esac
# run-time dispatch: the one wheel reports what this CPU has
"$fpy" - <<'PYEOF' && ok "wheel dispatches AES at run time" || bad "run-time dispatch"
import rijn
impls = rijn.aes_implementations()
flags = open("/proc/cpuinfo").read().split() if __import__("os").path.exists("/proc/cpuinfo") else []
names = {n for n, _c, _h, avail in impls if avail}
assert len(impls) > 1, impls
if "aes" in flags:
    assert rijn.AES(bytes(16)).impl.startswith("x86ni"), rijn.AES(bytes(16)).impl
print("  AES in use:", rijn.AES(bytes(16)).impl, "of", sorted(names))
PYEOF

# The suite against the installed wheel (cwd outside python/).
(cd "$W" && "$fpy" -m pytest -p no:cacheprovider -q -rs "$root/python/tests" \
   --junitxml="$W/junit.xml" >"$W/pytest.log" 2>&1)
tail -25 "$W/pytest.log"
read -r t f e s < <("$fpy" - "$W/junit.xml" <<'PYEOF'
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

# Types: the tests type-check against the installed stubs.
if (cd "$W" && "$fpy" -m mypy --strict --no-incremental --cache-dir=/dev/null \
      "$root/python/tests" >"$W/mypy.log" 2>&1); then
  ok "mypy --strict python/tests (against the installed stubs)"
else
  bad "mypy --strict python/tests"; tail -20 "$W/mypy.log"
fi

# The sdist must carry the library sources (csrc/) and build on its own.
lst=$(tar tzf "$W"/dist/rijn-*.tar.gz 2>/dev/null)
for f in csrc/src/aes/aes.c csrc/include/rijn/common.h csrc/src/internal.h rijn/_rijn.c \
         rijn/__init__.py setup.py pyproject.toml; do
  grep -q "/$f\$" <<<"$lst" && ok "sdist has $f" || bad "sdist lacks $f"
done
n_src=$(find "$root/src" -name '*.c' | wc -l)
n_sd=$(grep -c '/csrc/src/.*\.c$' <<<"$lst")
[ "$n_src" -eq "$n_sd" ] && ok "sdist has all $n_src library sources" || bad "sdist: $n_sd of $n_src sources"
if [ "${RIJN_PY_SDIST_BUILD:-0}" = 1 ]; then
  mkdir -p "$W/sd" && tar xzf "$W"/dist/rijn-*.tar.gz -C "$W/sd"
  if (cd "$W/sd" && env -u RIJN_PY_ROOT -u RIJN_PY_LIBRARY -u RIJN_PY_DEFINES \
        "$py" -m pip wheel -q --no-build-isolation --no-deps -w "$W/sdwheel" rijn-*/ >"$W/sd.log" 2>&1); then
    ok "the sdist builds a wheel on its own"
  else
    bad "wheel from the sdist"; tail -20 "$W/sd.log"
  fi
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
