"""The two legacy file formats of the rijn CLI, in memory: `openssl enc`
and Mbed TLS's crypt_and_hash (rijn/legacy_formats.h). LEGACY: neither is
safe the way the rijn format is (openssl enc files are not authenticated:
a change goes undetected or shows as a padding error; crypt_and_hash has
an unsalted key derivation). Use them only to exchange data with those
tools; the files are the ones `openssl enc` and `rijn encrypt --format
openssl|mbedtls` read and write.

openssl_enc_encrypt(data, passphrase, cipher="aes-256-cbc", md="sha256",
pbkdf2=False, iterations=None, nosalt=False) -> "Salted__" || salt ||
ciphertext (OpenSSL 3's defaults; the file does not record the options,
both sides must agree). mbedtls_cah_encrypt(data, key, cipher=
"AES-256-CBC", md="SHA256") -> IV || ciphertext || HMAC; its decrypt
checks the HMAC (constant time, rijn.InvalidTag) before decrypting.
"""
import hmac as _hmac
import os as _os

from . import _rijn
from ._kdf import hash_name

_MODES = {"cbc": "cbc", "ctr": "ctr", "cfb": "cfb128", "cfb128": "cfb128", "cfb8": "cfb8",
          "ofb": "ofb"}


def _cipher(name, allowed):
    parts = str(name).lower().split("-")
    if len(parts) != 3 or parts[0] != "aes" or parts[1] not in ("128", "192", "256") or \
            _MODES.get(parts[2]) not in allowed:
        raise ValueError("rijn: cipher must be aes-{128,192,256}-{%s}" % ",".join(sorted(allowed)))
    return int(parts[1]) // 8, _MODES[parts[2]]


def _run(mode, enc, key, iv, data):
    from . import cbc_decrypt, cbc_encrypt, cfb_decrypt, cfb_encrypt, ctr, ofb
    if mode == "cbc":
        return (cbc_encrypt if enc else cbc_decrypt)(key, iv, data)
    if mode == "ctr":
        return ctr(key, iv, data)
    if mode == "ofb":
        return ofb(key, iv, data)
    return (cfb_encrypt if enc else cfb_decrypt)(key, iv, data, 8 if mode == "cfb8" else 128)


def _pass(p):
    return p.encode("utf-8") if isinstance(p, str) else bytes(p)


def _openssl_key(passphrase, salt, cipher, md, pbkdf2, iterations):
    klen, mode = _cipher(cipher, {"cbc", "ctr", "cfb128", "cfb8", "ofb"})
    it = 0
    if pbkdf2 or iterations is not None:
        it = 10000 if iterations is None else iterations
        if it < 1:
            raise ValueError("rijn: iterations must be >= 1")
    key, iv = _rijn.openssl_enc_key(hash_name(md), it, _pass(passphrase), salt, klen)
    return mode, key, iv


def openssl_enc_encrypt(data, passphrase, *, cipher="aes-256-cbc", md="sha256", pbkdf2=False,
                        iterations=None, nosalt=False):
    """`openssl enc -e [-pbkdf2 -iter N] [-md MD] [-nosalt]` in memory."""
    salt = None if nosalt else _os.urandom(8)
    mode, key, iv = _openssl_key(passphrase, salt, cipher, md, pbkdf2, iterations)
    body = _run(mode, True, key, iv, data)
    return body if nosalt else b"Salted__" + salt + body


def openssl_enc_decrypt(blob, passphrase, *, cipher="aes-256-cbc", md="sha256", pbkdf2=False,
                        iterations=None, nosalt=False):
    """`openssl enc -d ...` in memory. NOT authenticated: a wrong passphrase
    or a changed file gives garbage or rijn.ParamError (bad padding)."""
    blob = bytes(blob)
    salt = None
    if not nosalt:
        if len(blob) < 16 or blob[:8] != b"Salted__":
            raise _rijn.ParamError("rijn: not an openssl enc file (no 'Salted__' header)")
        salt, blob = blob[8:16], blob[16:]
    mode, key, iv = _openssl_key(passphrase, salt, cipher, md, pbkdf2, iterations)
    return _run(mode, False, key, iv, blob)


def _cah(cipher, md):
    klen, mode = _cipher(cipher, {"cbc", "ctr", "cfb128", "ofb"})
    return klen, mode, hash_name(md)


def mbedtls_cah_encrypt(data, key, *, cipher="AES-256-CBC", md="SHA256", iv=None):
    """Mbed TLS crypt_and_hash mode 0: IV || ciphertext || HMAC-md(K, ciphertext).
    key: the key as crypt_and_hash takes it (at most 512 bytes)."""
    klen, mode, h = _cah(cipher, md)
    iv = _os.urandom(16) if iv is None else bytes(iv)
    k = _rijn.mbedtls_cah_key(h, iv, _pass(key))
    body = _run(mode, True, k[:klen], iv, data)
    tag = _rijn.Hash(h, body, hmac_key=k).digest()
    return iv + body + tag


def mbedtls_cah_decrypt(blob, key, *, cipher="AES-256-CBC", md="SHA256"):
    """crypt_and_hash mode 1: checks the HMAC first (rijn.InvalidTag), then decrypts."""
    klen, mode, h = _cah(cipher, md)
    blob = bytes(blob)
    d = _rijn.Hash(h).digest_size
    if len(blob) < 16 + d:
        raise _rijn.ParamError("rijn: too short for a crypt_and_hash file")
    iv, body, tag = blob[:16], blob[16:-d], blob[-d:]
    k = _rijn.mbedtls_cah_key(h, iv, _pass(key))
    if not _hmac.compare_digest(_rijn.Hash(h, body, hmac_key=k).digest(), tag):
        raise _rijn.InvalidTag("rijn: HMAC check failed (wrong key or damaged file)")
    return _run(mode, False, k[:klen], iv, body)
