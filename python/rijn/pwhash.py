"""rijn.pwhash -- Argon2 password hashes as PHC strings, the format of
libsodium's crypto_pwhash_str and argon2-cffi:

    "$argon2id$v=19$m=65536,t=3,p=4$<salt>$<hash>"

(salt and hash in standard Base64 without padding). The hashing is rijn's
Argon2 (rijn.argon2id / rijn.argon2i, C); this module formats, parses and
compares. The C library has the same API (rijn_argon2_str, _str_verify,
_str_needs_rehash in rijn/argon2.h) and the CLI `rijn pwhash`.

    h = rijn.pwhash.hash("correct horse")          # random 16-byte salt
    rijn.pwhash.verify(h, "correct horse")         # True (constant-time compare)
    rijn.pwhash.needs_rehash(h, t_cost=4)          # True: costs changed

Defaults are argon2-cffi's (RFC 9106's second recommendation): Argon2id,
t_cost 3, m_cost 64 MiB, parallelism 4, 16-byte salt, 32-byte hash.
Strings are parsed strictly (version 19 only, canonical Base64, decimal
costs without leading zeros); a malformed one raises ValueError.
"""
import base64
import hmac
import os
import re
from typing import Dict, Tuple, Union

from . import argon2d, argon2i, argon2id

__all__ = ["hash", "verify", "needs_rehash", "parse"]

_FUNCS = {"argon2id": argon2id, "argon2i": argon2i, "argon2d": argon2d}
_RE = re.compile(r"\$(argon2id|argon2i|argon2d)\$v=19\$m=(0|[1-9][0-9]*),t=(0|[1-9][0-9]*),"
                 r"p=(0|[1-9][0-9]*)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)")


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    if len(text) % 4 == 1:
        raise ValueError("invalid Base64 length")
    raw = base64.b64decode(text + "=" * (-len(text) % 4), validate=True)
    if _b64(raw) != text:  # stray bits: not the canonical encoding
        raise ValueError("non-canonical Base64")
    return raw


def parse(phc: str) -> Tuple[str, Dict[str, int], bytes, bytes]:
    """(type, {"m_cost_kib", "t_cost", "parallelism"}, salt, hash) of a PHC
    string; ValueError if it is malformed or not version 19."""
    m = _RE.fullmatch(phc)
    if m is None:
        raise ValueError("not an Argon2 version 19 PHC string")
    kind = m.group(1)
    costs = {"m_cost_kib": int(m.group(2)), "t_cost": int(m.group(3)),
             "parallelism": int(m.group(4))}
    salt, digest = _unb64(m.group(5)), _unb64(m.group(6))
    if (costs["t_cost"] < 1 or costs["parallelism"] < 1 or costs["parallelism"] >= 1 << 24 or
            costs["m_cost_kib"] < 8 * costs["parallelism"] or costs["m_cost_kib"] >= 1 << 32 or
            costs["t_cost"] >= 1 << 32 or not 8 <= len(salt) <= 64 or
            not 4 <= len(digest) <= 64):
        raise ValueError("Argon2 parameters out of range")
    return kind, costs, salt, digest


def hash(password: Union[str, bytes], *, t_cost: int = 3, m_cost_kib: int = 65536,
         parallelism: int = 4, type: str = "argon2id", salt_len: int = 16,
         hash_len: int = 32) -> str:
    """A PHC string for password (str: UTF-8) with a fresh random salt."""
    if type not in _FUNCS:
        raise ValueError("type must be argon2id, argon2i or argon2d")
    salt = os.urandom(salt_len)
    digest = _FUNCS[type](password, salt, t_cost, m_cost_kib, parallelism, hash_len)
    return "$%s$v=19$m=%d,t=%d,p=%d$%s$%s" % (type, m_cost_kib, t_cost, parallelism,
                                               _b64(salt), _b64(digest))


def verify(phc: str, password: Union[str, bytes]) -> bool:
    """True if password matches the PHC string (the hash is recomputed with
    the string's parameters and compared in constant time); False if not.
    ValueError for a malformed string."""
    kind, c, salt, digest = parse(phc)
    got = _FUNCS[kind](password, salt, c["t_cost"], c["m_cost_kib"], c["parallelism"],
                       len(digest))
    return hmac.compare_digest(got, digest)


def needs_rehash(phc: str, *, t_cost: int = 3, m_cost_kib: int = 65536, parallelism: int = 4,
                 type: str = "argon2id") -> bool:
    """True if phc was made with another type or costs than these (hash
    the password again at the next successful login)."""
    kind, c, _, _ = parse(phc)
    return (kind, c["t_cost"], c["m_cost_kib"], c["parallelism"]) != (
        type, t_cost, m_cost_kib, parallelism)
