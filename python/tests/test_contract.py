"""Where rijn copies a cryptography name it copies the contract: each
difference listed in issue 18 has a test here (accepted types, nonce
lengths, generate_key, AESSIV's associated data, exception types,
encrypt_into / decrypt_into, the streaming contexts)."""
import array
import os
from typing import Any, Callable, List, Tuple, Type

import pytest

import rijn

ce = pytest.importorskip("cryptography.exceptions")
from cryptography.hazmat.primitives.ciphers import aead as caead  # noqa: E402

PAIRS: List[Tuple[Type[Any], Any, int, int]] = [
    (rijn.AESGCM, caead.AESGCM, 16, 12),
    (rijn.AESCCM, caead.AESCCM, 16, 13),
    (rijn.AESOCB3, caead.AESOCB3, 16, 12),
    (rijn.AESGCMSIV, caead.AESGCMSIV, 32, 12),
    (rijn.ChaCha20Poly1305, caead.ChaCha20Poly1305, 32, 12),
]
IDS = [p[0].__name__ for p in PAIRS]


@pytest.mark.parametrize("mine,theirs,klen,nlen", PAIRS, ids=IDS)
def test_str_and_none_are_type_errors(mine: Any, theirs: Any, klen: int, nlen: int) -> None:
    key, nonce = bytes(klen), bytes(nlen)
    calls: List[Callable[[Any], Any]] = [
        lambda c: c(key).encrypt("x" * nlen, b"data", None),     # str nonce
        lambda c: c(key).encrypt(nonce, "data", None),           # str data
        lambda c: c(key).encrypt(nonce, b"data", "header"),      # str associated data
        lambda c: c(key).encrypt(None, b"data", None),           # nonce None
        lambda c: c(key).encrypt(nonce, None, None),             # data None
        lambda c: c("k" * klen),                                 # str key
    ]
    for call in calls:
        with pytest.raises(TypeError):
            call(theirs)
        with pytest.raises(TypeError):
            call(mine)


@pytest.mark.parametrize("mine,theirs,klen,nlen", PAIRS, ids=IDS)
def test_nonce_lengths_like_cryptography(mine: Any, theirs: Any, klen: int, nlen: int) -> None:
    key = os.urandom(klen)
    for n in range(0, 140):
        nonce = os.urandom(n)
        try:
            ref = theirs(key).encrypt(nonce, b"data", b"ad")
        except ValueError:
            ref = None
        if ref is None:
            with pytest.raises(ValueError) as e:
                mine(key).encrypt(nonce, b"data", b"ad")
            assert isinstance(e.value, rijn.ParamError) and e.value.code == -8
            # decrypt says "bad nonce", not "bad tag"
            with pytest.raises(rijn.ParamError):
                mine(key).decrypt(nonce, bytes(20), b"ad")
        else:
            assert mine(key).encrypt(nonce, b"data", b"ad") == ref, n


def test_wide_nonces_keyword() -> None:
    """GCM 1..7-byte and OCB 1..11-byte nonces (legal in the standards) need wide_nonces=True."""
    Crypto = pytest.importorskip("Crypto.Cipher.AES")
    key = os.urandom(16)
    for n in (1, 7):
        with pytest.raises(ValueError):
            rijn.AESGCM(key).encrypt(os.urandom(n), b"x", None)
        nonce = os.urandom(n)
        ct = rijn.AESGCM(key, wide_nonces=True).encrypt(nonce, b"data", b"a")
        p = Crypto.new(key, Crypto.MODE_GCM, nonce=nonce)
        p.update(b"a")
        assert ct == b"".join(p.encrypt_and_digest(b"data"))
    for n in (1, 11):
        nonce = os.urandom(n)
        with pytest.raises(ValueError):
            rijn.AESOCB3(key).encrypt(nonce, b"x", None)
        ct = rijn.AESOCB3(key, wide_nonces=True).encrypt(nonce, b"data", None)
        assert ct == b"".join(Crypto.new(key, Crypto.MODE_OCB, nonce=nonce).encrypt_and_digest(b"data"))


def test_generate_key_validation() -> None:
    for cls, theirs in ((rijn.AESGCM, caead.AESGCM), (rijn.AESCCM, caead.AESCCM),
                        (rijn.AESOCB3, caead.AESOCB3), (rijn.AESSIV, caead.AESSIV),
                        (rijn.AESGCMSIV, caead.AESGCMSIV)):
        for bits in (0, 8, 64, 128, 129, 192, 256, 384, 512, -128):
            try:
                ref = len(theirs.generate_key(bits))
            except (ValueError, OverflowError):
                ref = -1
            if ref < 0:
                with pytest.raises(ValueError):
                    cls.generate_key(bits)
            else:
                assert len(cls.generate_key(bits)) == ref
        bads: Any = ("128", 128.0, None)
        for bad in bads:
            with pytest.raises(TypeError):
                cls.generate_key(bad)
        with pytest.raises(TypeError):
            cls.generate_key()  # type: ignore[call-arg]
    assert len(rijn.ChaCha20Poly1305.generate_key()) == len(caead.ChaCha20Poly1305.generate_key())
    assert rijn.AESGCM.generate_key(128) != rijn.AESGCM.generate_key(128)


def test_aessiv_associated_data_types() -> None:
    key = os.urandom(32)
    mine, theirs = rijn.AESSIV(key), caead.AESSIV(key)
    bad_ads: Any = (b"", b"ab", (b"a",), {b"a"}, iter([b"a"]), ["a"], [None], "ab")
    for ad in bad_ads:
        with pytest.raises(TypeError):
            theirs.encrypt(b"data", ad)
        with pytest.raises(TypeError):
            mine.encrypt(b"data", ad)
    good_ads: Any = (None, [], [b""], [b"a", bytearray(b"b"), memoryview(b"c")])
    for ad in good_ads:
        assert mine.encrypt(b"data", ad) == theirs.encrypt(b"data", ad)
        assert mine.decrypt(theirs.encrypt(b"data", ad), ad) == b"data"
    assert mine.encrypt(b"", None) == theirs.encrypt(b"", None)


def test_tag_length_type() -> None:
    bad_lengths: Any = (8.0, "8")
    for bad in bad_lengths:
        with pytest.raises(TypeError):
            caead.AESCCM(bytes(16), tag_length=bad)
        with pytest.raises(TypeError):
            rijn.AESCCM(bytes(16), tag_length=bad)
    for bad_len in (0, 3, 5, 17):
        with pytest.raises(ValueError):
            rijn.AESCCM(bytes(16), tag_length=bad_len)


def test_invalid_tag_is_cryptographys() -> None:
    assert issubclass(rijn.InvalidTag, ce.InvalidTag)
    assert issubclass(rijn.InvalidTag, ValueError) and issubclass(rijn.InvalidTag, rijn.Error)
    g = rijn.AESGCM(bytes(16))
    ct = g.encrypt(bytes(12), b"x", None)
    try:
        g.decrypt(bytes(12), ct[:-1] + bytes([ct[-1] ^ 1]), None)
    except ce.InvalidTag as e:  # code moved from cryptography catches it
        assert isinstance(e, rijn.InvalidTag)
    else:
        raise AssertionError("no InvalidTag")
    assert issubclass(rijn.UnsupportedError, ce.UnsupportedAlgorithm)


def test_unknown_hash_is_unsupported_algorithm() -> None:
    for call in (lambda: rijn.HKDF("whirlpool", 32, None, None),
                 lambda: rijn.PBKDF2HMAC("md4", 32, b"s", 1),
                 lambda: rijn.HMAC(b"k", "sm3"),
                 lambda: rijn.hkdf(b"ikm", 32, hash="whirlpool")):
        with pytest.raises(ce.UnsupportedAlgorithm):
            call()
    with pytest.raises(ValueError):  # hashlib's shape keeps hashlib's ValueError
        rijn.hmac(b"k", b"m", "whirlpool")


def test_x25519_param_error() -> None:
    for args in ((bytes(31), None), (bytes(32), bytes(31)), (bytes(32), bytes(32))):
        with pytest.raises(rijn.ParamError):
            rijn.x25519(*args)
    with pytest.raises(TypeError):
        rijn.x25519(bytes(32), "x" * 32)


@pytest.mark.parametrize("mine,theirs,klen,nlen", PAIRS, ids=IDS)
def test_encrypt_into_decrypt_into(mine: Any, theirs: Any, klen: int, nlen: int) -> None:
    key, nonce, data = os.urandom(klen), os.urandom(nlen), os.urandom(1000)
    m, t = mine(key), theirs(key)
    if not hasattr(t, "encrypt_into"):
        pytest.skip("this cryptography has no encrypt_into")
    buf = bytearray(1016)
    assert m.encrypt_into(nonce, data, b"ad", buf) == 1016
    assert bytes(buf) == t.encrypt(nonce, data, b"ad")
    out = memoryview(bytearray(1000))
    assert m.decrypt_into(nonce, bytes(buf), b"ad", out) == 1000
    assert out.tobytes() == data
    for size in (1015, 1017):
        with pytest.raises(ValueError):
            m.encrypt_into(nonce, data, b"ad", bytearray(size))
    with pytest.raises(TypeError):
        m.encrypt_into(nonce, data, b"ad", bytes(1016))  # read-only
    buf[0] ^= 1
    with pytest.raises(ce.InvalidTag):
        m.decrypt_into(nonce, bytes(buf), b"ad", bytearray(1000))


def test_zero_copy_buffers() -> None:
    """bytearray, memoryview slices and array.array are read in place."""
    key, nonce = os.urandom(16), os.urandom(12)
    data = os.urandom(4096)
    g, ref = rijn.AESGCM(key), caead.AESGCM(key).encrypt(nonce, data, None)
    big = bytearray(b"\0" * 10 + data + b"\0" * 10)
    assert g.encrypt(nonce, memoryview(big)[10:-10], None) == ref
    assert g.encrypt(nonce, array.array("B", data), None) == ref
    assert g.encrypt(nonce, array.array("I", data), None) == ref


STREAMS = [rijn.AESGCM, rijn.AESOCB3, rijn.AESEAX, rijn.ChaCha20Poly1305, rijn.XChaCha20Poly1305]


@pytest.mark.parametrize("cls", STREAMS, ids=[c.__name__ for c in STREAMS])
def test_streaming_contexts(cls: Any) -> None:
    key = os.urandom(32 if "Cha" in cls.__name__ else 16)
    nonce = os.urandom({"XChaCha20Poly1305": 24}.get(cls.__name__, 12))
    a = cls(key)
    for n in (0, 1, 15, 16, 17, 1000, 70000):
        data, ad = os.urandom(n), os.urandom(n % 50)
        ref = a.encrypt(nonce, data, ad)
        e = a.encryptor(nonce)
        e.authenticate_additional_data(ad[:7])
        e.authenticate_additional_data(ad[7:])
        out = b""
        pos = 0
        for k in (1, 5, 16, 33, 4096, 10 ** 6):
            out += e.update(data[pos:pos + k])
            pos += k
        out += e.finalize()
        assert out + e.tag == ref
        with pytest.raises(rijn.AlreadyFinalized):
            e.update(b"x")
        d = a.decryptor(nonce)
        d.authenticate_additional_data(ad)
        back = d.update(ref[:-16]) + d.finalize_with_tag(ref[-16:])
        assert back == data
        d = a.decryptor(nonce)
        d.authenticate_additional_data(ad)
        d.update(ref[:-16])
        with pytest.raises(ce.InvalidTag):
            d.finalize_with_tag(bytes(16))
    if cls is not rijn.AESEAX:  # EAX takes any nonce, even empty
        with pytest.raises(rijn.ParamError):
            a.encryptor(b"")


def test_cryptography_streaming_gcm_interop() -> None:
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    key, iv, data = os.urandom(32), os.urandom(12), os.urandom(5000)
    e = Cipher(algorithms.AES(key), modes.GCM(iv)).encryptor()
    e.authenticate_additional_data(b"hdr")
    ct = e.update(data) + e.finalize()
    d = rijn.AESGCM(key).decryptor(iv)
    d.authenticate_additional_data(b"hdr")
    assert d.update(ct) + d.finalize_with_tag(e.tag) == data
