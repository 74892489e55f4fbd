"""Hashes, HMAC, HKDF, PBKDF2, Argon2, X25519: differential tests against
hashlib / hmac / cryptography / PyCryptodome on random inputs, RFC vectors,
copy and streaming semantics, errors."""
import hashlib
import hmac as std_hmac
import os
import random

import pytest
from conftest import QUICK, h

import rijn

NAMES = ["sha224", "sha256", "sha384", "sha512", "sha3_224", "sha3_256", "sha3_384",
         "sha3_512", "md5", "sha1"]
LENGTHS = [0, 1, 55, 56, 63, 64, 65, 71, 72, 111, 112, 127, 128, 129, 135, 136, 137, 143,
           144, 145, 1000, 10000]


@pytest.mark.parametrize("name", NAMES)
def test_vs_hashlib(name: str) -> None:
    rnd = random.Random(name)
    for n in LENGTHS:
        data = rnd.randbytes(n)
        mine = getattr(rijn, name)(data)
        assert mine.digest() == hashlib.new(name, data).digest()
        assert mine.hexdigest() == hashlib.new(name, data).hexdigest()
        assert mine.digest_size == hashlib.new(name).digest_size
        # streaming in random pieces; digest() does not end the object
        s, pos = getattr(rijn, name)(), 0
        while pos < n:
            k = rnd.randrange(0, 150)
            s.update(data[pos:pos + k])
            pos += k
        assert s.digest() == mine.digest()
        c = s.copy()
        s.update(b"more")
        c.update(b"more")
        assert c.digest() == s.digest() == hashlib.new(name, data + b"more").digest()


def test_sha512_t() -> None:
    for n in (0, 3, 200):
        data = os.urandom(n)
        assert rijn.sha512_256(data).digest() == hashlib.new("sha512_256", data).digest()
        assert rijn.sha512_224(data).digest() == hashlib.new("sha512_224", data).digest()


def test_shake_blake2b() -> None:
    rnd = random.Random(3)
    for n in LENGTHS:
        data = rnd.randbytes(n)
        for out in (1, 32, 168, 500):
            assert rijn.shake_128(data).digest(out) == hashlib.shake_128(data).digest(out)
            assert rijn.shake_256(data).hexdigest(out) == hashlib.shake_256(data).hexdigest(out)
        for ds in (1, 20, 32, 64):
            key = rnd.randbytes(rnd.choice([0, 1, 32, 64]))
            assert (rijn.blake2b(data, digest_size=ds, key=key).digest()
                    == hashlib.blake2b(data, digest_size=ds, key=key).digest())


def test_blake2_params() -> None:
    """BLAKE2b and BLAKE2s with key, salt and person against hashlib (its
    names, defaults, limits and errors), streamed and copied."""
    rnd = random.Random(7693)
    for rcls, hcls, big in ((rijn.blake2b, hashlib.blake2b, 64), (rijn.blake2s, hashlib.blake2s,
                                                                   32)):
        half = big // 4
        assert rcls.SALT_SIZE == hcls.SALT_SIZE and rcls.PERSON_SIZE == hcls.PERSON_SIZE
        assert rcls.MAX_KEY_SIZE == hcls.MAX_KEY_SIZE
        assert rcls.MAX_DIGEST_SIZE == hcls.MAX_DIGEST_SIZE
        assert rcls(b"abc").digest() == hcls(b"abc").digest()  # default size
        assert rcls().block_size == hcls().block_size and rcls().name == hcls().name
        for n in LENGTHS:
            data = rnd.randbytes(n)
            ds = rnd.choice([1, 16, big // 2, big])
            key = rnd.randbytes(rnd.choice([0, 1, big]))
            salt = rnd.randbytes(rnd.choice([0, 3, half]))
            person = rnd.randbytes(rnd.choice([0, 5, half]))
            want = hcls(data, digest_size=ds, key=key, salt=salt, person=person).digest()
            h = rcls(digest_size=ds, key=key, salt=salt, person=person)
            h.update(data[:n // 3])
            c = h.copy()
            h.update(data[n // 3:])
            c.update(bytearray(data[n // 3:]))
            assert h.digest() == want == c.digest() and h.digest_size == ds
        for bad in (dict(digest_size=0), dict(digest_size=big + 1), dict(key=bytes(big + 1)),
                    dict(salt=bytes(half + 1)), dict(person=bytes(half + 1))):
            with pytest.raises(ValueError):
                hcls(**bad)
            with pytest.raises(ValueError):
                rcls(**bad)
    # RFC 7693 appendix B: BLAKE2s-256("abc")
    assert rijn.blake2s(b"abc").hexdigest() == (
        "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982")
    assert rijn.new_hash("blake2s", b"abc").digest() == hashlib.blake2s(b"abc").digest()


def test_new_hash_and_names() -> None:
    assert rijn.new_hash("sha3_256", b"x").digest() == hashlib.sha3_256(b"x").digest()
    assert rijn.sha256().name == "sha256" and rijn.sha256().copy().name == "sha256"
    assert "SHA-256" in rijn._rijn.hash_names()


def test_hmac() -> None:
    rnd = random.Random(5)
    for name in ["sha256", "sha384", "sha512", "sha3_256", "sha1", "sha224"]:
        for n in (0, 1, 64, 1000):
            key = rnd.randbytes(rnd.choice([0, 5, 64, 65, 200]))
            data = rnd.randbytes(n)
            want = std_hmac.new(key, data, name).digest()
            assert rijn.hmac_digest(key, data, name) == want
            assert rijn.hmac(key, data, digestmod=getattr(hashlib, name)).digest() == want
            m = rijn.hmac(key, digestmod=name)
            m.update(data[:7])
            c = m.copy()
            m.update(data[7:])
            assert m.hexdigest() == want.hex()
            c.update(data[7:])
            assert c.digest() == want
    # RFC 4231 test case 2
    assert rijn.hmac_digest(b"Jefe", b"what do ya want for nothing?", "sha256") == h(
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")


def test_hkdf() -> None:
    # RFC 5869 test case 1
    okm = rijn.hkdf(h("0b" * 22), 42, salt=h("000102030405060708090a0b0c"),
                    info=h("f0f1f2f3f4f5f6f7f8f9"))
    assert okm == h("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf"
                    "34007208d5b887185865")
    pytest.importorskip("cryptography")
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF
    for alg, name in ((hashes.SHA256(), "sha256"), (hashes.SHA512(), "sha512")):
        ikm, salt, info = os.urandom(20), os.urandom(9), os.urandom(5)
        ref = HKDF(alg, 100, salt, info).derive(ikm)
        assert rijn.hkdf(ikm, 100, salt=salt, info=info, hash=name) == ref


def test_pbkdf2() -> None:
    for name in ("sha1", "sha256", "sha512"):
        for it in (1, 2, 1000):
            pw, salt = os.urandom(13), os.urandom(16)
            assert (rijn.pbkdf2_hmac(name, pw, salt, it, 77)
                    == hashlib.pbkdf2_hmac(name, pw, salt, it, 77))
    assert rijn.pbkdf2_hmac("sha256", "pässword", b"salt", 10) == hashlib.pbkdf2_hmac(
        "sha256", "pässword".encode(), b"salt", 10)


def test_argon2_rfc9106() -> None:
    pw, salt, secret, ad = b"\x01" * 32, b"\x02" * 16, b"\x03" * 8, b"\x04" * 12
    assert rijn.argon2id(pw, salt, 3, 32, 4, 32, secret, ad) == h(
        "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659")
    assert rijn.argon2i(pw, salt, 3, 32, 4, 32, secret, ad) == h(
        "c814d9d1dc7f37aa13f0d77f2494bda1c8de6b016dd388d29952a4c4672b6ce8")
    assert rijn.argon2d(pw, salt, 3, 32, 4, 32, secret, ad) == h(
        "512b391b6f1162975371d30919734294f868e3be3984f3c1a13a4db9fabe4acb")
    with pytest.raises(ValueError):
        rijn.argon2id(pw, salt, 1, 4, 1)  # m < 8 * lanes


def test_x25519() -> None:
    # RFC 7748 section 6.1
    a = h("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
    b = h("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb")
    apub = rijn.x25519_base(a)
    assert apub == h("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")
    shared = h("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742")
    assert rijn.x25519(b, apub) == shared
    bpub = h("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f")
    assert rijn.x25519_base(b) == bpub and rijn.x25519(a, bpub) == shared
    pytest.importorskip("cryptography")
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
    for _ in range(5 if QUICK else 30):
        k1, k2 = X25519PrivateKey.generate(), X25519PrivateKey.generate()
        s1 = k1.private_bytes_raw()
        pub2 = k2.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        assert rijn.x25519(s1, pub2) == k1.exchange(X25519PublicKey.from_public_bytes(pub2))
        assert rijn.x25519_base(s1) == k1.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    with pytest.raises(rijn.ParamError):
        rijn.x25519(a, bytes(32))  # low-order point: all-zero result
    with pytest.raises(ValueError):
        rijn.x25519(a, bytes(31))


def test_pycryptodome_hashes() -> None:
    SHA3 = pytest.importorskip("Crypto.Hash.SHA3_256")
    from Crypto.Hash import BLAKE2b, SHA256
    data = os.urandom(3000)
    assert rijn.sha3_256(data).digest() == SHA3.new(data).digest()
    assert rijn.sha256(data).digest() == SHA256.new(data).digest()
    assert rijn.blake2b(data, digest_size=48).digest() == BLAKE2b.new(data=data, digest_bytes=48).digest()


def test_errors() -> None:
    with pytest.raises(ValueError):
        rijn.hmac_digest(b"k", b"m", "sha-999")
    with pytest.raises(ValueError):
        rijn.blake2b(digest_size=65)
    with pytest.raises(TypeError):
        rijn.shake_128(b"x").digest()
    with pytest.raises(rijn.ParamError):
        rijn.hkdf(b"ikm", 255 * 32 + 1)
