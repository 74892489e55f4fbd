"""The rest of the library in cryptography's shapes, against cryptography:
HMAC, CMAC, Poly1305, HKDF / HKDFExpand / HKDF.extract, PBKDF2HMAC,
Argon2id, Scrypt (derive, verify, single use), AES-XTS, AES key wrap,
X25519 key objects with raw / DER / PEM serialization."""
import os
from typing import Any

import pytest

import rijn

ce = pytest.importorskip("cryptography.exceptions")
from cryptography.hazmat.primitives import cmac, hashes, hmac, keywrap, poly1305  # noqa: E402
from cryptography.hazmat.primitives import serialization as ser  # noqa: E402
from cryptography.hazmat.primitives.asymmetric import x25519 as cx  # noqa: E402
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes  # noqa: E402
from cryptography.hazmat.primitives.kdf import hkdf as chkdf  # noqa: E402
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC  # noqa: E402
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt  # noqa: E402

HASHES = [("sha256", hashes.SHA256()), ("sha384", hashes.SHA384()), ("sha512", hashes.SHA512()),
          ("sha3_256", hashes.SHA3_256()), ("sha1", hashes.SHA1())]


@pytest.mark.parametrize("name,alg", HASHES, ids=[h[0] for h in HASHES])
def test_hmac(name: str, alg: Any) -> None:
    key, msg = os.urandom(40), os.urandom(300)
    ref = hmac.HMAC(key, alg)
    ref.update(msg)
    tag = ref.finalize()
    for a in (alg, name, getattr(rijn, name)):
        m = rijn.HMAC(key, a)
        m.update(msg[:100])
        c = m.copy()
        m.update(msg[100:])
        c.update(msg[100:])
        assert m.finalize() == tag == c.finalize()
        with pytest.raises(rijn.AlreadyFinalized):
            m.update(b"x")
    v = rijn.HMAC(key, alg)
    v.update(msg)
    v.verify(tag)
    v = rijn.HMAC(key, alg)
    with pytest.raises(ce.InvalidSignature):
        v.verify(tag)


def test_cmac_and_poly1305() -> None:
    for klen in (16, 24, 32):
        key, msg = os.urandom(klen), os.urandom(1000)
        ref = cmac.CMAC(algorithms.AES(key))
        ref.update(msg)
        tag = ref.finalize()
        for arg in (key, algorithms.AES(key)):
            m = rijn.CMAC(arg)
            m.update(msg[:33])
            c = m.copy()
            c.update(msg[33:])
            assert c.finalize() == tag
            m.update(msg[33:])
            m.verify(tag)
        m = rijn.CMAC(key)
        m.update(msg)
        with pytest.raises(rijn.InvalidSignature):
            m.verify(bytes(16))
    key, msg = os.urandom(32), os.urandom(777)
    tag = poly1305.Poly1305.generate_tag(key, msg)
    assert rijn.Poly1305.generate_tag(key, msg) == tag
    rijn.Poly1305.verify_tag(key, msg, tag)
    with pytest.raises(ce.InvalidSignature):
        rijn.Poly1305.verify_tag(key, msg, bytes(16))
    p = rijn.Poly1305(key)
    for i in range(0, 777, 100):
        p.update(msg[i:i + 100])
    assert p.finalize() == tag
    with pytest.raises(ValueError):
        rijn.Poly1305(bytes(31))


@pytest.mark.parametrize("name,alg", HASHES[:4], ids=[h[0] for h in HASHES[:4]])
def test_hkdf(name: str, alg: Any) -> None:
    ikm, salt, info = os.urandom(30), os.urandom(13), os.urandom(9)
    for length in (1, 32, 100):
        ref = chkdf.HKDF(alg, length, salt, info).derive(ikm)
        assert rijn.HKDF(alg, length, salt, info).derive(ikm) == ref
        assert rijn.HKDF(name, length, None, None).derive(ikm) == \
            chkdf.HKDF(alg, length, None, None).derive(ikm)
        prk = chkdf.HKDF.extract(alg, salt, ikm)
        assert rijn.HKDF.extract(alg, salt, ikm) == prk
        assert rijn.HKDFExpand(alg, length, info).derive(prk) == \
            chkdf.HKDFExpand(alg, length, info).derive(prk)
    k = rijn.HKDF(alg, 32, salt, info)
    k.verify(ikm, chkdf.HKDF(alg, 32, salt, info).derive(ikm))
    with pytest.raises(rijn.AlreadyFinalized):
        k.derive(ikm)
    with pytest.raises(ce.InvalidKey):
        rijn.HKDF(alg, 32, salt, info).verify(ikm, bytes(32))
    with pytest.raises(ValueError):
        rijn.HKDF(alg, 255 * alg.digest_size + 1, None, None)
    for bad in ("salt", "info"):
        with pytest.raises(TypeError):
            rijn.HKDF(alg, 32, **{"salt": None, "info": None, bad: "text"})
    with pytest.raises(TypeError):
        rijn.HKDF(alg, 32, None, None).derive("text")
    with pytest.raises(TypeError):
        rijn.hkdf(b"ikm", 32, salt="text")


def test_password_kdfs() -> None:
    pw, salt = b"password", os.urandom(16)
    ref = PBKDF2HMAC(hashes.SHA256(), 40, salt, 1000).derive(pw)
    assert rijn.PBKDF2HMAC(hashes.SHA256(), 40, salt, 1000).derive(pw) == ref
    rijn.PBKDF2HMAC("sha256", 40, salt, 1000).verify(pw, ref)
    with pytest.raises(rijn.InvalidKey):
        rijn.PBKDF2HMAC("sha256", 40, salt, 1000).verify(b"other", ref)
    ref = Scrypt(salt, 32, 1024, 8, 1).derive(pw)
    assert rijn.Scrypt(salt, 32, 1024, 8, 1).derive(pw) == ref
    assert rijn.scrypt(pw, salt, 1024, 8, 1, 32) == ref
    with pytest.raises(ValueError):
        rijn.Scrypt(salt, 32, 1000, 8, 1)
    try:
        from cryptography.hazmat.primitives.kdf.argon2 import Argon2id
    except ImportError:
        return
    kw: Any = dict(salt=salt, length=32, iterations=2, lanes=2, memory_cost=256, ad=b"ad", secret=b"s")
    ref = Argon2id(**kw).derive(pw)
    assert rijn.Argon2id(**kw).derive(pw) == ref
    rijn.Argon2id(**kw).verify(pw, ref)
    with pytest.raises(ce.InvalidKey):
        rijn.Argon2id(**kw).verify(b"x", ref)


def test_xts() -> None:
    for klen in (32, 64):
        key = os.urandom(klen)
        while key[:klen // 2] == key[klen // 2:]:
            key = os.urandom(klen)
        for n in (16, 17, 31, 32, 100, 4096):
            tweak, data = os.urandom(16), os.urandom(n)
            e = Cipher(algorithms.AES(key), modes.XTS(tweak)).encryptor()
            ref = e.update(data) + e.finalize()
            assert rijn.xts_encrypt(key, tweak, data) == ref
            assert rijn.xts_decrypt(key, tweak, ref) == data
    with pytest.raises(ValueError):
        rijn.xts_encrypt(os.urandom(32), bytes(15), bytes(16))
    with pytest.raises(ValueError):
        rijn.xts_encrypt(os.urandom(32), bytes(16), bytes(15))


def test_key_wrap() -> None:
    for klen in (16, 24, 32):
        kek = os.urandom(klen)
        for n in (16, 24, 32, 64):
            k = os.urandom(n)
            w = keywrap.aes_key_wrap(kek, k)
            assert rijn.aes_key_wrap(kek, k) == w
            assert rijn.aes_key_unwrap(kek, w) == k
            with pytest.raises(rijn.InvalidUnwrap):
                rijn.aes_key_unwrap(kek, w[:-1] + bytes([w[-1] ^ 1]))
        for n in (1, 7, 8, 9, 20, 33):
            k = os.urandom(n)
            w = keywrap.aes_key_wrap_with_padding(kek, k)
            assert rijn.aes_key_wrap_with_padding(kek, k) == w
            assert rijn.aes_key_unwrap_with_padding(kek, w) == k
            with pytest.raises(rijn.InvalidUnwrap):
                rijn.aes_key_unwrap_with_padding(kek, bytes([w[0] ^ 1]) + w[1:])
    with pytest.raises(ValueError):
        rijn.aes_key_wrap(os.urandom(16), bytes(15))


def test_x25519_objects() -> None:
    for _ in range(5):
        raw = os.urandom(32)
        mine, theirs = rijn.X25519PrivateKey.from_private_bytes(raw), \
            cx.X25519PrivateKey.from_private_bytes(raw)
        assert mine.public_key().public_bytes_raw() == theirs.public_key().public_bytes_raw()
        for enc in ("PEM", "DER"):
            pb = mine.private_bytes(getattr(rijn.Encoding, enc), rijn.PrivateFormat.PKCS8,
                                    rijn.NoEncryption())
            assert pb == theirs.private_bytes(getattr(ser.Encoding, enc), ser.PrivateFormat.PKCS8,
                                              ser.NoEncryption())
            # cryptography's own enums work too
            assert mine.private_bytes(getattr(ser.Encoding, enc), ser.PrivateFormat.PKCS8,
                                      ser.NoEncryption()) == pb
            assert rijn.X25519PrivateKey.load(pb).private_bytes_raw() == raw
            qb = mine.public_key().public_bytes(getattr(rijn.Encoding, enc),
                                                rijn.PublicFormat.SubjectPublicKeyInfo)
            assert qb == theirs.public_key().public_bytes(getattr(ser.Encoding, enc),
                                                          ser.PublicFormat.SubjectPublicKeyInfo)
            assert rijn.X25519PublicKey.load(qb) == mine.public_key()
        assert mine.private_bytes(rijn.Encoding.Raw, rijn.PrivateFormat.Raw,
                                  rijn.NoEncryption()) == raw
        with pytest.raises(ValueError):
            mine.private_bytes(rijn.Encoding.Raw, rijn.PrivateFormat.PKCS8, rijn.NoEncryption())
        peer = cx.X25519PrivateKey.generate()
        shared = theirs.exchange(peer.public_key())
        assert mine.exchange(rijn.X25519PublicKey.from_public_bytes(
            peer.public_key().public_bytes_raw())) == shared
        assert mine.exchange(peer.public_key()) == shared  # cryptography's key object
    a, b = rijn.X25519PrivateKey.generate(), rijn.X25519PrivateKey.generate()
    assert a.exchange(b.public_key()) == b.exchange(a.public_key())
    with pytest.raises(ValueError):
        rijn.X25519PrivateKey.from_private_bytes(bytes(31))
    with pytest.raises(TypeError):
        rijn.X25519PublicKey.from_public_bytes("a" * 32)
    with pytest.raises(rijn.ParamError):  # low-order point: all-zero secret
        a.exchange(rijn.X25519PublicKey.from_public_bytes(bytes(32)))


def test_cpu_mhz_runs() -> None:
    """bench.py's clock measurement returns a number (0 where unavailable); not timed."""
    assert rijn._rijn.cpu_mhz() >= 0.0


def test_aesenc_latency_runs() -> None:
    """bench.py's AESENC latency: a number, 0 exactly when the CPU has no
    AES-NI (or is not x86-64); the value itself is not checked (not timed)."""
    lat = rijn._rijn.aesenc_latency()
    flags = open("/proc/cpuinfo").read().split() if os.path.exists("/proc/cpuinfo") else []
    import platform
    if platform.machine() in ("x86_64", "AMD64") and "aes" in flags:
        assert lat > 0.0
    else:
        assert lat == 0.0
