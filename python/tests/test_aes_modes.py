"""AES and the classic modes: FIPS 197 / SP 800-38A KATs and CAVP files,
differential tests against cryptography and PyCryptodome on random inputs
(every AES implementation), streaming splits, error mapping."""
from typing import Any
import os
import random

import pytest
from conftest import QUICK, h, rsp

import rijn

crypto = pytest.importorskip("cryptography.hazmat.primitives.ciphers")
from cryptography.hazmat.primitives import padding as cpad  # noqa: E402
from cryptography.hazmat.primitives.ciphers import Cipher as CCipher  # noqa: E402
from cryptography.hazmat.primitives.ciphers import algorithms, modes  # noqa: E402

LENGTHS = [0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 1000, 4096, 4097]
if not QUICK:
    LENGTHS += [65536 + 7]


def ref(mode: Any, key: Any, iv: Any, data: Any, enc: Any = True) -> Any:
    c = CCipher(algorithms.AES(key), mode(iv) if iv is not None else mode())
    ctx = c.encryptor() if enc else c.decryptor()
    return ctx.update(data) + ctx.finalize()


def test_fips197(aes_impl: str) -> None:
    pt = h("00112233445566778899aabbccddeeff")
    for key, ct in [
        ("000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"),
        ("000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"),
        ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
         "8ea2b7ca516745bfeafc49904b496089"),
    ]:
        a = rijn.AES(h(key))
        assert a.impl == aes_impl
        assert a.encrypt_block(pt) == h(ct)
        assert a.decrypt_block(h(ct)) == pt


def test_sp800_38a() -> None:
    key = h("2b7e151628aed2a6abf7158809cf4f3c")
    pt = h("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
           "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710")
    iv = h("000102030405060708090a0b0c0d0e0f")
    assert rijn.cbc_encrypt(key, iv, pt, padding=False) == h(
        "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
        "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7")
    assert rijn.ctr(key, h("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"), pt) == h(
        "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
        "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee")
    assert rijn.ofb(key, iv, pt)[:16] == h("3b3fd92eb72dad20333449f8e83cfb4a")
    assert rijn.cfb_encrypt(key, iv, pt)[:16] == h("3b3fd92eb72dad20333449f8e83cfb4a")
    assert rijn.cfb_encrypt(key, iv, pt[:2], segment_size=8) == h("3b79")


@pytest.mark.parametrize("path,mode", [
    ("ciphers/AES/ECB/ECBGFSbox128.rsp", "ecb"), ("ciphers/AES/ECB/ECBVarKey256.rsp", "ecb"),
    ("ciphers/AES/CBC/CBCMMT192.rsp", "cbc"), ("ciphers/AES/CBC/CBCMMT256.rsp", "cbc"),
    ("ciphers/AES/OFB/OFBMMT128.rsp", "ofb"), ("ciphers/AES/CFB/CFB128MMT256.rsp", "cfb"),
    ("ciphers/AES/CFB/CFB8MMT128.rsp", "cfb8"),
])
def test_cavp_files(path: str, mode: Any, aes_impl: str) -> None:
    n = 0
    for v in rsp(path):
        enc = "ENCRYPT" in v["_section"]
        key, pt, ct = h(v["KEY"]), h(v["PLAINTEXT"]), h(v["CIPHERTEXT"])
        iv = h(v["IV"]) if "IV" in v else None
        src, want = (pt, ct) if enc else (ct, pt)
        assert rijn.Cipher(mode, key, iv, encrypt=enc).update(src) == want
        if mode == "ecb":
            got = rijn.ecb_encrypt(key, src) if enc else rijn.ecb_decrypt(key, src)
        elif mode == "cbc":
            got = (rijn.cbc_encrypt if enc else rijn.cbc_decrypt)(key, iv, src, padding=False)
        elif mode == "ofb":
            got = rijn.ofb(key, iv, src)
        else:
            seg = 8 if mode == "cfb8" else 128
            got = (rijn.cfb_encrypt if enc else rijn.cfb_decrypt)(key, iv, src, segment_size=seg)
        assert got == want, v
        n += 1
    assert n > 0


@pytest.mark.parametrize("klen", [16, 24, 32])
def test_vs_cryptography(klen: int, aes_impl: str) -> None:
    rnd = random.Random(klen)
    for n in LENGTHS:
        key, iv, data = os.urandom(klen), os.urandom(16), rnd.randbytes(n)
        blocks = data[: n - n % 16]
        assert rijn.ecb_encrypt(key, blocks) == ref(modes.ECB, key, None, blocks)
        assert rijn.ecb_decrypt(key, blocks) == ref(modes.ECB, key, None, blocks, False)
        assert rijn.cbc_encrypt(key, iv, blocks, padding=False) == ref(modes.CBC, key, iv, blocks)
        assert rijn.cbc_decrypt(key, iv, blocks, padding=False) == ref(modes.CBC, key, iv, blocks, False)
        p = cpad.PKCS7(128).padder()
        padded = p.update(data) + p.finalize()
        ct = rijn.cbc_encrypt(key, iv, data)
        assert ct == ref(modes.CBC, key, iv, padded)
        assert rijn.cbc_decrypt(key, iv, ct) == data
        assert rijn.ctr(key, iv, data) == ref(modes.CTR, key, iv, data)
        assert rijn.ofb(key, iv, data) == ref(modes.OFB, key, iv, data)
        assert rijn.cfb_encrypt(key, iv, data) == ref(modes.CFB, key, iv, data)
        assert rijn.cfb_decrypt(key, iv, data) == ref(modes.CFB, key, iv, data, False)
        assert rijn.cfb_encrypt(key, iv, data, 8) == ref(modes.CFB8, key, iv, data)
        assert rijn.cfb_decrypt(key, iv, data, 8) == ref(modes.CFB8, key, iv, data, False)


def test_ctr_wraps_128_bits() -> None:
    key, iv = os.urandom(16), b"\xff" * 16
    data = os.urandom(100)
    assert rijn.ctr(key, iv, data) == ref(modes.CTR, key, iv, data)


def test_vs_pycryptodome() -> None:
    AES = pytest.importorskip("Crypto.Cipher.AES")
    from Crypto.Util.Padding import pad
    rnd = random.Random(7)
    for klen in (16, 24, 32):
        for n in LENGTHS:
            key, iv, data = os.urandom(klen), os.urandom(16), rnd.randbytes(n)
            assert rijn.cbc_encrypt(key, iv, data) == AES.new(key, AES.MODE_CBC, iv).encrypt(pad(data, 16))
            ctr = AES.new(key, AES.MODE_CTR, nonce=b"", initial_value=iv)
            assert rijn.ctr(key, iv, data) == ctr.encrypt(data)
            assert rijn.ofb(key, iv, data) == AES.new(key, AES.MODE_OFB, iv).encrypt(data)
            assert rijn.cfb_encrypt(key, iv, data) == AES.new(key, AES.MODE_CFB, iv, segment_size=128).encrypt(data)
            assert rijn.cfb_encrypt(key, iv, data, 8) == AES.new(key, AES.MODE_CFB, iv, segment_size=8).encrypt(data)
            blocks = data[: n - n % 16]
            assert rijn.ecb_encrypt(key, blocks) == AES.new(key, AES.MODE_ECB).encrypt(blocks)


@pytest.mark.parametrize("mode", ["ecb", "cbc", "cbc-pad", "ctr", "ctr32", "ofb", "cfb", "cfb8",
                                  "cbc-cs1", "cbc-cs2", "cbc-cs3"])
def test_streaming_splits(mode: Any) -> None:
    rnd = random.Random(mode)
    padding = mode == "cbc-pad"
    m = "cbc" if padding else mode
    for _ in range(5 if QUICK else 20):
        key, iv = os.urandom(32), os.urandom(16)
        n = rnd.randrange(16, 700)
        if mode in ("ecb", "cbc"):
            n -= n % 16
        data = rnd.randbytes(n)
        enc = rijn.Cipher(m, key, None if m == "ecb" else iv, padding=padding)
        parts, pos = [], 0
        while pos < n:
            step = rnd.randrange(0, 50)
            parts.append(enc.update(data[pos:pos + step]))
            pos += step
        ct = b"".join(parts) + enc.finalize()
        one = enc.encryptor()
        assert one.update(data) + one.finalize() == ct
        dec = enc.decryptor()
        pt = b"".join(dec.update(ct[i:i + 33]) for i in range(0, len(ct), 33)) + dec.finalize()
        assert pt == data
        if mode.startswith("cbc-cs"):
            v = int(mode[-1])
            assert rijn.cts_encrypt(key, iv, data, v) == ct
            assert rijn.cts_decrypt(key, iv, ct, v) == data
            assert len(ct) == n


def test_buffer_protocol() -> None:
    key, iv = bytearray(16), memoryview(bytes(16))
    data = bytearray(b"abc" * 50)
    assert rijn.ctr(key, iv, data) == rijn.ctr(bytes(key), bytes(iv), bytes(data))
    import array
    assert rijn.ctr(key, iv, array.array("B", data)) == rijn.ctr(bytes(key), bytes(iv), bytes(data))


def test_errors() -> None:
    with pytest.raises(rijn.ParamError) as e:
        rijn.AES(b"k" * 15)
    assert isinstance(e.value, ValueError) and e.value.code == -1
    assert str(e.value) == rijn._rijn.strerror(-1)
    with pytest.raises(ValueError):
        rijn.cbc_encrypt(bytes(16), bytes(15), b"x")
    with pytest.raises(rijn.ParamError) as e:
        rijn.cbc_encrypt(bytes(16), bytes(16), b"x" * 17, padding=False)
    assert e.value.code == -2
    with pytest.raises(rijn.ParamError) as e:
        rijn.cbc_decrypt(bytes(16), bytes(16), bytes(32))  # padding of random plaintext
    assert e.value.code == -5
    with pytest.raises(rijn.ParamError):
        rijn.AES(bytes(16)).encrypt_block(b"short")
    with pytest.raises(rijn.ParamError):
        rijn.cts_encrypt(bytes(16), bytes(16), b"tiny")
    c = rijn.Cipher("ctr", bytes(16), bytes(16))
    c.finalize()
    with pytest.raises(rijn.StateError):
        c.update(b"x")
    with pytest.raises(ValueError):
        rijn.Cipher("xts", bytes(32), bytes(16))
    with pytest.raises(rijn.UnsupportedError):
        rijn.aes_force_implementation("no-such-impl")
