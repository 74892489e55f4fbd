"""Shared fixtures of the rijn Python tests.

- aes_impl: every AES implementation the build has and the CPU runs
  (rijn.aes_force_implementation), so AES-based checks cover all of them.
- rsp(path): records of a NIST CAVP .rsp file from the cryptography_vectors
  package (RIJN_VECTORS_DIR, or the installed package).
"""
from typing import Any, Dict, List
import os

import pytest

import rijn

QUICK = bool(os.environ.get("RIJN_TEST_QUICK"))
IMPLS = [name for name, _ct, _hw, avail in rijn.aes_implementations() if avail]


@pytest.fixture(params=IMPLS)
def aes_impl(request: Any) -> Any:
    rijn.aes_force_implementation(request.param)
    yield request.param
    rijn.aes_force_implementation(None)


def vectors_root() -> Any:
    d = os.environ.get("RIJN_VECTORS_DIR")
    if d and os.path.isdir(os.path.join(d, "cryptography_vectors")):
        return os.path.join(d, "cryptography_vectors")
    try:
        import cryptography_vectors
    except ImportError:
        return None
    return os.path.dirname(cryptography_vectors.__file__)


def rsp(path: str) -> Any:
    """[{field: value, ..., '_section': {...}}] of a CAVP response file; FAIL -> 'FAIL': True."""
    root = vectors_root()
    if root is None or not os.path.exists(os.path.join(root, path)):
        pytest.skip("vector file %s not available" % path)
    out: List[Dict[str, Any]] = []
    cur: Any = None
    section: Dict[str, Any] = {}
    with open(os.path.join(root, path)) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("["):
                k, _, v = line.strip("[]").partition("=")
                section = dict(section, **{k.strip(): v.strip()})
                continue
            if line == "FAIL":
                cur["FAIL"] = True
                continue
            k, _, v = line.partition("=")
            k, v = k.strip(), v.strip()
            if k in ("Count", "COUNT"):
                cur = {"_section": dict(section)}
                out.append(cur)
            if cur is not None:
                cur[k] = v
    return out


def h(s: Any) -> Any:
    return bytes.fromhex(s)
