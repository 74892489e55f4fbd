"""AEAD classes: NIST GCM CAVP files and RFC vectors, differential tests
against cryptography and PyCryptodome on random inputs, tampering gives
rijn.InvalidTag, error mapping."""
from typing import Any
import os
import random

import pytest
from conftest import QUICK, h, rsp

import rijn

aead = pytest.importorskip("cryptography.hazmat.primitives.ciphers.aead")

LENGTHS = [0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 255, 256, 1000, 4096, 4097]
if not QUICK:
    LENGTHS += [70000]


def cases(seed: Any, nonce_lens: Any = (12,)) -> Any:
    rnd = random.Random(seed)
    for n in LENGTHS:
        yield (rnd.randbytes(n), rnd.randbytes(rnd.choice([0, 1, 13, 16, 40])) or None,
               rnd.choice(nonce_lens))


@pytest.mark.parametrize("path", ["ciphers/AES/GCM/gcmDecrypt128.rsp",
                                  "ciphers/AES/GCM/gcmDecrypt256.rsp",
                                  "ciphers/AES/GCM/gcmEncryptExtIV192.rsp"])
def test_gcm_cavp(path: str, aes_impl: str) -> None:
    n = 0
    for v in rsp(path):
        tl = int(v["_section"]["Taglen"]) // 8
        if tl not in rijn.AESGCM._TAGS:
            continue
        g = rijn.AESGCM(h(v["Key"]), tag_length=tl, wide_nonces=True)  # CAVP has 1-byte IVs
        ct = h(v["CT"]) + h(v["Tag"])
        if v.get("FAIL"):
            with pytest.raises(rijn.InvalidTag):
                g.decrypt(h(v["IV"]), ct, h(v["AAD"]))
        else:
            assert g.decrypt(h(v["IV"]), ct, h(v["AAD"])) == h(v["PT"])
            assert g.encrypt(h(v["IV"]), h(v["PT"]), h(v["AAD"])) == ct
        n += 1
        if QUICK and n > 200:
            break
    assert n > 0


def test_chacha20poly1305_rfc8439() -> None:
    key = h("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f")
    pt = (b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip "
          b"for the future, sunscreen would be it.")
    ct = h("d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca967"
           "1282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee32809"
           "1b58fab324e4fad675945585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b6116"
           "1ae10b594f09e26a7e902ecbd0600691")
    c = rijn.ChaCha20Poly1305(key)
    assert c.encrypt(h("070000004041424344454647"), pt, h("50515253c0c1c2c3c4c5c6c7")) == ct


def test_siv_rfc5297() -> None:
    key = h("fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff")
    ad = h("101112131415161718191a1b1c1d1e1f2021222324252627")
    pt = h("112233445566778899aabbccddee")
    out = h("85632d07c6e8f37f950acd320a2ecc9340c02b9690c4dc04daef7f6afe5c")
    assert rijn.AESSIV(key).encrypt(pt, [ad]) == out
    assert rijn.AESSIV(key).decrypt(out, [ad]) == pt


def test_gcmsiv_rfc8452() -> None:
    key = h("01000000000000000000000000000000")
    nonce = h("030000000000000000000000")
    assert rijn.AESGCMSIV(key).encrypt(nonce, b"", None) == h("dc20e2d83f25705bb49e439eca56de25")
    assert rijn.AESGCMSIV(key).encrypt(nonce, h("0100000000000000"), None) == h(
        "b5d839330ac7b786578782fff6013b815b287c22493a364c")


def _ascon_kats() -> Any:
    p = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests",
                     "vectors", "ascon", "asconaead128_LWC_AEAD_KAT_128_128.txt")
    assert os.path.exists(p), "missing vector file %s (part of the repository)" % p
    out: Any = []
    cur: Any = {}
    for line in open(p):
        k, _, v = line.partition("=")
        k, v = k.strip(), v.strip()
        if k == "Count":
            cur = {}
            out.append(cur)
        elif k:
            cur[k] = h(v)
    return out


def test_ascon128_kat() -> None:
    kats = _ascon_kats()
    assert len(kats) == 1089, "Ascon-AEAD128 KAT count %d" % len(kats)
    for v in kats[:: 7 if QUICK else 1]:
        a = rijn.Ascon128(v["Key"])
        assert a.encrypt(v["Nonce"], v["PT"], v["AD"]) == v["CT"]
        assert a.decrypt(v["Nonce"], v["CT"], v["AD"]) == v["PT"]


@pytest.mark.parametrize("klen", [16, 24, 32])
def test_gcm_vs_cryptography(klen: int, aes_impl: str) -> None:
    key = os.urandom(klen)
    mine, ref = rijn.AESGCM(key), aead.AESGCM(key)
    for data, ad, nl in cases(klen, (12, 8, 16, 60)):
        nonce = os.urandom(nl)
        ct = mine.encrypt(nonce, data, ad)
        assert ct == ref.encrypt(nonce, data, ad)
        assert mine.decrypt(nonce, ct, ad) == data


@pytest.mark.parametrize("name", ["AESCCM", "AESOCB3", "AESGCMSIV", "AESSIV",
                                  "ChaCha20Poly1305"])
def test_vs_cryptography(name: str) -> None:
    ref_cls = getattr(aead, name)
    for klen in {"AESSIV": (32, 64), "ChaCha20Poly1305": (32,), "AESGCMSIV": (16, 32)}.get(
            name, (16, 24, 32)):
        key = os.urandom(klen)
        try:
            ref = ref_cls(key)
        except Exception as e:  # the OpenSSL behind cryptography may lack it
            pytest.skip("cryptography: %s" % e)
        mine = getattr(rijn, name)(key)
        for data, ad, nl in cases(name + str(klen), {"AESCCM": (7, 11, 13), "AESOCB3": (12, 15)}.get(name, (12,))):
            nonce = os.urandom(nl)
            if name == "AESSIV":
                ads = [ad or b"", nonce]
                ct = mine.encrypt(data, ads)
                assert ct == ref.encrypt(data, ads)
                assert mine.decrypt(ct, ads) == data
                continue
            if name == "AESCCM" and nl == 7 and len(data) > 65535 * 256:
                continue
            ct = mine.encrypt(nonce, data, ad)
            assert ct == ref.encrypt(nonce, data, ad), (name, len(data))
            assert mine.decrypt(nonce, ct, ad) == data


def test_ccm_short_tags_vs_cryptography() -> None:
    key = os.urandom(16)
    for tl in (4, 8, 10, 16):
        mine, ref = rijn.AESCCM(key, tag_length=tl), aead.AESCCM(key, tag_length=tl)
        nonce = os.urandom(13)
        assert mine.encrypt(nonce, b"data" * 9, b"ad") == ref.encrypt(nonce, b"data" * 9, b"ad")


def test_vs_pycryptodome() -> None:
    AES = pytest.importorskip("Crypto.Cipher.AES")
    ChaCha = pytest.importorskip("Crypto.Cipher.ChaCha20_Poly1305")
    key = os.urandom(32)
    for data, ad, _ in cases("pcd"):
        ad = ad or b""
        for mode, cls, nl in [(AES.MODE_GCM, rijn.AESGCM, 12), (AES.MODE_EAX, rijn.AESEAX, 16),
                              (AES.MODE_OCB, rijn.AESOCB3, 15), (AES.MODE_CCM, rijn.AESCCM, 11)]:
            nonce = os.urandom(nl)
            c = AES.new(key, mode, nonce=nonce)
            c.update(ad)
            ct, tag = c.encrypt_and_digest(data)
            assert cls(key).encrypt(nonce, data, ad) == ct + tag, mode
        fixed: Any = [(12, rijn.ChaCha20Poly1305), (24, rijn.XChaCha20Poly1305)]
        for nl, cls in fixed:
            nonce = os.urandom(nl)
            c = ChaCha.new(key=key, nonce=nonce)
            c.update(ad)
            ct, tag = c.encrypt_and_digest(data)
            assert cls(key).encrypt(nonce, data, ad) == ct + tag
            assert cls(key).decrypt(nonce, ct + tag, ad) == data


ALL = [(rijn.AESGCM, 16, 12), (rijn.AESCCM, 16, 13), (rijn.AESOCB3, 24, 12),
       (rijn.AESGCMSIV, 32, 12), (rijn.AESEAX, 32, 16), (rijn.ChaCha20Poly1305, 32, 12),
       (rijn.XChaCha20Poly1305, 32, 24), (rijn.Ascon128, 16, 16)]


@pytest.mark.parametrize("cls,klen,nl", ALL, ids=[c[0].__name__ for c in ALL])
def test_tamper(cls: Any, klen: int, nl: int) -> None:
    key, nonce = os.urandom(klen), os.urandom(nl)
    c = cls(key)
    ct = c.encrypt(nonce, b"attack at dawn" * 3, b"hdr")
    for i in (0, len(ct) // 2, len(ct) - 1):
        bad = bytearray(ct)
        bad[i] ^= 1
        with pytest.raises(rijn.InvalidTag) as e:
            c.decrypt(nonce, bytes(bad), b"hdr")
        assert isinstance(e.value, ValueError) and e.value.code == -6
    with pytest.raises(rijn.InvalidTag):
        c.decrypt(nonce, ct, b"hdR")
    with pytest.raises(rijn.InvalidTag):
        c.decrypt(nonce, ct[:5], b"hdr")
    assert c.decrypt(nonce, ct, b"hdr") == b"attack at dawn" * 3


def test_siv_tamper() -> None:
    s = rijn.AESSIV(os.urandom(32))
    ct = s.encrypt(b"msg", [b"a", b"b"])
    with pytest.raises(rijn.InvalidTag):
        s.decrypt(ct, [b"ab"])
    with pytest.raises(rijn.InvalidTag):
        s.decrypt(ct[:-1] + bytes([ct[-1] ^ 1]), [b"a", b"b"])


def test_errors() -> None:
    with pytest.raises(rijn.ParamError) as e:
        rijn.AESGCM(bytes(17))
    assert e.value.code == -1
    with pytest.raises(rijn.ParamError) as e:
        rijn.AESCCM(bytes(16)).encrypt(bytes(6), b"x", None)
    assert e.value.code == -8
    with pytest.raises(rijn.ParamError):
        rijn.ChaCha20Poly1305(bytes(32)).encrypt(bytes(24), b"x", None)
    with pytest.raises(rijn.ParamError):
        rijn.XChaCha20Poly1305(bytes(16))
    with pytest.raises(ValueError):
        rijn.AESGCM(bytes(16), tag_length=3)
    with pytest.raises(rijn.ParamError):
        rijn.AESGCMSIV(bytes(16)).encrypt(bytes(8), b"x", None)


def test_threads_release_gil() -> None:
    import threading
    key, nonce = os.urandom(32), os.urandom(12)
    g = rijn.AESGCM(key)
    data = os.urandom(1 << 20)
    want = aead.AESGCM(key).encrypt(nonce, data, None)
    got = []
    ts = [threading.Thread(target=lambda: got.append(g.encrypt(nonce, data, None))) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert got == [want] * 4
