#!/usr/bin/env bash
# fetch-peers.sh -- the peer libraries' sources, fetched at measurement
# time into a cache outside the repository (never committed):
#
#   scripts/fetch-peers.sh [mbedtls] [bearssl] [tinyaes]   (default: all)
#
#   mbedtls  Debian source package mbedtls   (apt-get source --download-only)
#   bearssl  Debian source package bearssl   (same)
#   cryptopp Debian source package libcrypto++ (same; its TestVectors/ and
#            TestData/ hold the AES finalists' vectors, read by the tests)
#   botan    Debian source package botan (same; src/tests/data/block/
#            serpent.vec and twofish.vec: the variable-key / variable-text
#            known answers and Twofish's table test, read by
#            test_finalists_kat)
#   bouncycastle  Debian source package bouncycastle (same; its test
#            sources hold the Serpent submission's known answers and Monte
#            Carlo rows (TnepresTest.java) and RC6's (RC6Test.java))
#   tinyaes  PyPI sdist tinyaes 1.1.2 (tiny-AES-c): that one file, from the
#            index's JSON file list (PEP 691), checked against the index's
#            SHA-256; nothing is built (pip download would build the sdist's
#            metadata, and with --no-binary :all: Cython from source: minutes).
#            Fallback: pip download --no-deps --no-binary tinyaes (build
#            dependencies as wheels).
#
# Cache: $RIJN_PEER_CACHE (default /tmp/rijn-peer-cache), one directory per
# peer holding the downloaded archive (for mbedtls the same place
# tests/cli/test_interop_mbedtls.sh looks for it) and its unpacked tree in
# tree/ (not src/: that test deletes and re-extracts its src/). A second
# call finds them there and downloads nothing. Debian sources come through a
# private deb-src list made from the system's deb822/one-line entries
# (same URIs, suites, components and Signed-By), passed with
# -o Dir::Etc::sourceparts / sourcelist / Dir::State::Lists: the system's
# apt lists stay untouched.
#
# Prints one line per peer: "<name>\t<source dir>\t<version>" when it is
# there, "<name>\t-\t<why not>" when not; exit 0 if every asked peer is
# there, 1 otherwise. Concurrent calls serialise on a lock in the cache.
set -uo pipefail
CACHE=${RIJN_PEER_CACHE:-/tmp/rijn-peer-cache}
peers=("$@")
[ ${#peers[@]} -gt 0 ] || peers=(mbedtls bearssl tinyaes)
mkdir -p "$CACHE" || { echo "fetch-peers: cannot create $CACHE" >&2; exit 1; }

# Private deb-src lists (made once per cache).
apt_opts() {
  local apt=$CACHE/apt
  printf '%s\n' -o "Dir::Etc::sourceparts=$apt/parts" -o "Dir::Etc::sourcelist=$apt/sources.list" \
    -o "Dir::State::Lists=$apt/lists" -o Debug::NoLocking=1
}
apt_ready() {
  local apt=$CACHE/apt
  [ -f "$apt/updated" ] && return 0
  command -v apt-get >/dev/null || return 1
  rm -rf "$apt"
  mkdir -p "$apt/parts" "$apt/lists/partial"
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && sed -e 's/^Types:.*/Types: deb-src/' "$f" >"$apt/parts/$(basename "$f")"
  done
  { grep -hs '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list || true; } |
    sed 's/^deb /deb-src /' >"$apt/sources.list"
  local o
  mapfile -t o < <(apt_opts)
  apt-get "${o[@]}" update -qq >"$apt/log" 2>&1 || return 1
  touch "$apt/updated"
}

# unpack ARCHIVE into DIR/tree (through a temporary directory: never half a tree)
unpack() {
  local archive=$1 dir=$2 tmp
  [ -d "$dir/tree" ] && return 0
  tmp=$(mktemp -d "$dir/tree.tmp.XXXXXX") || return 1
  if tar xf "$archive" -C "$tmp" --strip-components=1; then
    mv "$tmp" "$dir/tree"
  else
    rm -rf "$tmp"
    return 1
  fi
}

debian_src() { # package -> echo version
  local pkg=$1 dir=$CACHE/$1 tarball
  mkdir -p "$dir"
  if ! ls "$dir/${pkg}"_*.orig.tar.* >/dev/null 2>&1; then
    apt_ready || { echo "apt-get update of the deb-src lists failed (see $CACHE/apt/log)"; return 1; }
    local o
    mapfile -t o < <(apt_opts)
    (cd "$dir" && apt-get "${o[@]}" source --download-only "$pkg") >>"$CACHE/apt/log" 2>&1 ||
      { echo "apt-get source $pkg failed (see $CACHE/apt/log)"; return 1; }
  fi
  tarball=$(ls "$dir/${pkg}"_*.orig.tar.* 2>/dev/null | head -1)
  [ -n "$tarball" ] || { echo "no $pkg orig tarball"; return 1; }
  unpack "$tarball" "$dir" || { echo "cannot unpack $tarball"; return 1; }
  basename "$tarball" | sed -e 's/\.orig\.tar\..*//' -e "s/^${pkg}_/${pkg} /" \
    -e 's/$/ (Debian source package)/'
}

# PKG VERSION DIR: download PKG-VERSION.tar.gz from the package index (the
# one pip is configured with, PIP_INDEX_URL, else PyPI), SHA-256 checked
sdist_from_index() {
  python3 - "$@" <<'PYEOF'
import hashlib, json, os, ssl, sys, urllib.parse, urllib.request
pkg, ver, out = sys.argv[1:4]
index = os.environ.get("PIP_INDEX_URL", "https://pypi.org/simple").rstrip("/")
ctx = ssl.create_default_context(cafile=os.environ.get("PIP_CERT") or None)
def get(url, accept=None):
    req = urllib.request.Request(url, headers={"Accept": accept} if accept else {})
    with urllib.request.urlopen(req, context=ctx, timeout=120) as r:
        return r.read()
name = "%s-%s.tar.gz" % (pkg, ver)
files = json.loads(get("%s/%s/" % (index, pkg), "application/vnd.pypi.simple.v1+json"))["files"]
f = next((f for f in files if f["filename"] == name), None)
if f is None or "sha256" not in f.get("hashes", {}):
    sys.exit("%s (with a SHA-256) not in the index %s" % (name, index))
data = get(urllib.parse.urljoin("%s/%s/" % (index, pkg), f["url"]))
if hashlib.sha256(data).hexdigest() != f["hashes"]["sha256"]:
    sys.exit("%s: SHA-256 differs from the index's" % name)
with open(os.path.join(out, name + ".tmp"), "wb") as o:
    o.write(data)
os.replace(os.path.join(out, name + ".tmp"), os.path.join(out, name))
PYEOF
}

pypi_sdist() { # package version -> echo version
  local pkg=$1 ver=$2 dir=$CACHE/$1 sdist pip
  mkdir -p "$dir"
  if ! ls "$dir/${pkg}-${ver}.tar.gz" >/dev/null 2>&1; then
    if ! sdist_from_index "$pkg" "$ver" "$dir" >"$dir/pip.log" 2>&1; then
      for pip in "${RIJN_PEER_PIP:-}" "$(dirname "$0")/../.venv/bin/pip" pip3 pip; do
        [ -n "$pip" ] && command -v "$pip" >/dev/null || continue
        "$pip" download -q --no-deps --no-binary "$pkg" "$pkg==$ver" -d "$dir" >>"$dir/pip.log" 2>&1 &&
          break
      done
    fi
  fi
  sdist=$(ls "$dir/${pkg}-${ver}.tar.gz" 2>/dev/null | head -1)
  [ -n "$sdist" ] || { echo "pip download $pkg failed (see $dir/pip.log)"; return 1; }
  unpack "$sdist" "$dir" || { echo "cannot unpack $sdist"; return 1; }
  echo "$(basename "$sdist" .tar.gz) (PyPI sdist)"
}

exec 9>"$CACHE/.lock"
flock 9 2>/dev/null || true
rc=0
for p in "${peers[@]}"; do
  case "$p" in
  mbedtls|bearssl|botan|bouncycastle) v=$(debian_src "$p") ;;
  cryptopp) v=$(debian_src "libcrypto++") ;;
  tinyaes) v=$(pypi_sdist "$p" 1.1.2) ;;
  *) echo "fetch-peers: unknown peer $p" >&2; exit 2 ;;
  esac
  if [ $? -eq 0 ]; then
    d=$p; [ "$p" = cryptopp ] && d=libcrypto++
    printf '%s\t%s\t%s\n' "$p" "$CACHE/$d/tree" "$v"
  else
    printf '%s\t-\t%s\n' "$p" "$v"
    rc=1
  fi
done
exit $rc
