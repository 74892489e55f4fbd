"""pytest plugin: run PyCryptodome's own tests (Crypto.SelfTest.Cipher.*)
with rijn.AES in place of Crypto.Cipher.AES.

Each collected test module that imported AES gets rijn.AES instead
(before any test runs); the number of rijn.AES.new calls is written to
the file named by RIJN_SELFTEST_COUNT, so the caller can tell that the
substitution happened (a test run that never reached rijn must fail).
"""
from typing import Any
import os

import rijn

_calls = [0]
_orig_new = rijn.AES.__dict__["new"].__func__


def _counting_new(key: Any, mode: Any, *args: Any, **kwargs: Any) -> Any:
    _calls[0] += 1
    return _orig_new(key, mode, *args, **kwargs)


class _AESProxy(rijn.AES):
    """rijn.AES with a call counter on new()."""
    __slots__ = ()
    new = staticmethod(_counting_new)


def pytest_collection_modifyitems(session: Any, config: Any, items: Any) -> None:
    for item in items:
        mod = getattr(item, "module", None)
        if mod is not None and getattr(mod, "AES", None) is not None:
            mod.AES = _AESProxy


def pytest_sessionfinish(session: Any, exitstatus: Any) -> None:
    path = os.environ.get("RIJN_SELFTEST_COUNT")
    if path:
        with open(path, "w") as f:
            f.write(str(_calls[0]))
