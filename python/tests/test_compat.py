"""rijn.AES.new and rijn.Padding against PyCryptodome: the same bytes on
random keys, IVs, lengths and splits for every mode; the same exception
types for the same mistakes; and PyCryptodome's own test modules
(Crypto.SelfTest.Cipher) run with rijn.AES in place of Crypto.Cipher.AES."""
import os
import random
import subprocess
import sys
import tempfile
from typing import Any, Callable, Dict, List, Tuple

import pytest

import rijn
from rijn import AES, Padding

Crypto = pytest.importorskip("Crypto")
from Crypto.Cipher import AES as _PAES  # noqa: E402
from Crypto.Util import Counter  # noqa: E402
from Crypto.Util import Padding as PPadding  # noqa: E402

PAES: Any = _PAES  # PyCryptodome's overloaded stubs do not take **kwargs dicts
R = random.Random(1234)


def rnd(n: int) -> bytes:
    return bytes(R.getrandbits(8) for _ in range(n))


def splits(data: bytes, unit: int = 1) -> List[bytes]:
    """data cut at random points (multiples of unit)."""
    out, pos = [], 0
    while pos < len(data):
        k = R.choice([unit, unit, 2 * unit, 16, 64, 1000]) // unit * unit or unit
        out.append(data[pos:pos + k])
        pos += k
    return out


KEYS = [16, 24, 32]
LENS = [0, 1, 15, 16, 17, 31, 32, 33, 100, 1000, 4097]

# ---- the classic modes -------------------------------------------------------
CLASSIC: List[Tuple[str, int, Dict[str, Any], int]] = [
    ("ecb", AES.MODE_ECB, {}, 16),
    ("cbc", AES.MODE_CBC, {"iv": None}, 16),
    ("cfb8", AES.MODE_CFB, {"iv": None}, 1),
    ("cfb128", AES.MODE_CFB, {"iv": None, "segment_size": 128}, 1),
    ("cfb64", AES.MODE_CFB, {"iv": None, "segment_size": 64}, 8),
    ("ofb", AES.MODE_OFB, {"iv": None}, 1),
    ("ctr", AES.MODE_CTR, {"nonce": None}, 1),
    ("ctr-iv", AES.MODE_CTR, {"nonce": None, "initial_value": None}, 1),
]


@pytest.mark.parametrize("name,mode,kw,unit", CLASSIC, ids=[c[0] for c in CLASSIC])
@pytest.mark.parametrize("klen", KEYS)
def test_classic_same_bytes(name: str, mode: int, kw: Dict[str, Any], unit: int, klen: int) -> None:
    for n in LENS:
        n = n // 16 * 16 if unit == 16 else n // unit * unit
        key, data = rnd(klen), rnd(n)
        args = dict(kw)
        if "iv" in args:
            args["iv"] = rnd(16)
        if "nonce" in args:
            args["nonce"] = rnd(R.choice([0, 4, 8, 12]))
        if "initial_value" in args:
            args["initial_value"] = R.getrandbits(8 * (16 - len(args["nonce"]))) - 1 & (
                (1 << (8 * (16 - len(args["nonce"])))) - 1)
        ref = PAES.new(key, mode, **args).encrypt(data)
        enc = AES.new(key, mode, **args)
        assert b"".join(enc.encrypt(p) for p in splits(data, unit)) == ref, (name, n)
        dec = AES.new(key, mode, **args)
        assert b"".join(dec.decrypt(p) for p in splits(ref, unit)) == data
        if mode != AES.MODE_ECB and "nonce" not in args:
            assert enc.iv == enc.IV == args["iv"]


def test_ctr_counter_wraps_like_pycryptodome() -> None:
    key = rnd(16)
    for nonce_len in (8, 12, 14):
        clen = 16 - nonce_len
        nonce = rnd(nonce_len)
        start = (1 << (8 * clen)) - 3  # wraps within the counter field after 3 blocks
        data = rnd(200)
        ref = PAES.new(key, AES.MODE_CTR, nonce=nonce, initial_value=start).encrypt(data)
        c = AES.new(key, AES.MODE_CTR, nonce=nonce, initial_value=start)
        assert b"".join(c.encrypt(p) for p in splits(data)) == ref
    # a 2-byte counter runs out after 65536 blocks: PyCryptodome's error class
    c = AES.new(key, AES.MODE_CTR, nonce=rnd(14))
    c.encrypt(bytes(65536 * 16))
    with pytest.raises(Crypto.MessageTooLongError):
        c.encrypt(b"x")


@pytest.mark.parametrize("little,suffix", [(False, b""), (True, b""), (False, b"SUFX")])
def test_ctr_counter_objects(little: bool, suffix: bytes) -> None:
    key, data = rnd(32), rnd(300)
    ctr = Counter.new(64 - 8 * len(suffix), prefix=rnd(8), suffix=suffix,
                      initial_value=(1 << (64 - 8 * len(suffix))) - 2, little_endian=little)
    ref = PAES.new(key, AES.MODE_CTR, counter=ctr).encrypt(data)
    c = AES.new(key, AES.MODE_CTR, counter=ctr)
    assert b"".join(c.encrypt(p) for p in splits(data)) == ref
    assert hasattr(c, "nonce") == (not suffix)


def test_cbc_with_padding_like_the_seeds() -> None:
    """The users' code: CBC + PKCS#7 with Padding.pad/unpad, 1 KB .. 100 KB."""
    for n in (0, 5, 1000, 100_000):
        key, iv, data = rnd(32), rnd(16), rnd(n)
        ct = AES.new(key, AES.MODE_CBC, iv).encrypt(Padding.pad(data, 16))
        assert ct == PAES.new(key, PAES.MODE_CBC, iv).encrypt(PPadding.pad(data, 16))
        assert Padding.unpad(AES.new(key, AES.MODE_CBC, iv).decrypt(ct), 16) == data


@pytest.mark.parametrize("style", ["pkcs7", "x923", "iso7816"])
def test_padding(style: str) -> None:
    for n in range(0, 40):
        for bs in (8, 16):
            d = rnd(n)
            p = Padding.pad(d, bs, style)
            assert p == PPadding.pad(d, bs, style)
            assert Padding.unpad(p, bs, style) == d
    bad = [b"", b"x" * 15, b"x" * 15 + b"\x00", b"x" * 15 + b"\x11", b"x" * 14 + b"\x01\x02",
           b"\x00" * 16, b"\x80" + b"\x01" * 15]
    for b in bad:
        for mod in (Padding, PPadding):
            try:
                mod.unpad(b, 16, style)
                ok = True
            except ValueError:
                ok = False
            if mod is Padding:
                mine = ok
            else:
                assert mine == ok, (b, style)
    with pytest.raises(ValueError):
        Padding.pad(b"x", 16, "nope")


# ---- the AEAD modes ----------------------------------------------------------
AEADS: List[Tuple[str, int, Dict[str, Any]]] = [
    ("gcm", AES.MODE_GCM, {"nonce": 12}),
    ("gcm-n7-t5", AES.MODE_GCM, {"nonce": 7, "mac_len": 5}),
    ("gcm-n60-t13", AES.MODE_GCM, {"nonce": 60, "mac_len": 13}),
    ("eax", AES.MODE_EAX, {"nonce": 16}),
    ("eax-t2", AES.MODE_EAX, {"nonce": 3, "mac_len": 2}),
    ("ocb", AES.MODE_OCB, {"nonce": 15}),
    ("ocb-n1-t8", AES.MODE_OCB, {"nonce": 1, "mac_len": 8}),
    ("ccm", AES.MODE_CCM, {"nonce": 11}),
    ("ccm-n13-t4", AES.MODE_CCM, {"nonce": 13, "mac_len": 4}),
]


def _aead_args(kw: Dict[str, Any]) -> Dict[str, Any]:
    return {k: (rnd(v) if k == "nonce" else v) for k, v in kw.items()}


@pytest.mark.parametrize("name,mode,kw", AEADS, ids=[a[0] for a in AEADS])
def test_aead_same_bytes(name: str, mode: int, kw: Dict[str, Any]) -> None:
    for n in LENS:
        key, data, aad = rnd(R.choice(KEYS)), rnd(n), rnd(R.choice([0, 1, 20, 100]))
        args = _aead_args(kw)
        p = PAES.new(key, mode, **args)
        p.update(aad)
        ref_ct, ref_tag = p.encrypt_and_digest(data)
        # one shot
        c = AES.new(key, mode, **args)
        c.update(aad)
        assert c.encrypt_and_digest(data) == (ref_ct, ref_tag), name
        d = AES.new(key, mode, **args)
        d.update(aad)
        assert d.decrypt_and_verify(ref_ct, ref_tag) == data
        # streaming, random splits, aad in pieces
        c = AES.new(key, mode, **args)
        for a in splits(aad):
            c.update(a)
        out = b"".join(c.encrypt(x) for x in splits(data)) if mode != AES.MODE_CCM else c.encrypt(data)
        if mode == AES.MODE_OCB:
            out += c.encrypt()
        assert out == ref_ct and c.digest() == ref_tag and c.hexdigest() == ref_tag.hex()
        d = AES.new(key, mode, **args)
        d.update(aad)
        back = b"".join(d.decrypt(x) for x in splits(ref_ct)) if mode != AES.MODE_CCM else d.decrypt(ref_ct)
        if mode == AES.MODE_OCB:
            back += d.decrypt()
        assert back == data
        d.verify(ref_tag)
        d.hexverify(ref_tag.hex())
        # a forged tag or ciphertext: ValueError (rijn.InvalidTag) as PyCryptodome's
        bad_tag = bytes([ref_tag[0] ^ 1]) + ref_tag[1:]
        for ct, tag in ((ref_ct, bad_tag), (ref_ct[:-1] + bytes([ref_ct[-1] ^ 1]) if ref_ct else ref_ct, bad_tag)):
            d = AES.new(key, mode, **args)
            d.update(aad)
            with pytest.raises(ValueError):
                d.decrypt_and_verify(ct, tag)


def test_ccm_with_lengths_streams() -> None:
    key, nonce, data, aad = rnd(16), rnd(11), rnd(1000), rnd(50)
    p = PAES.new(key, AES.MODE_CCM, nonce=nonce, msg_len=1000, assoc_len=50)
    p.update(aad)
    ref = p.encrypt_and_digest(data)
    c = AES.new(key, AES.MODE_CCM, nonce=nonce, msg_len=1000, assoc_len=50)
    for a in splits(aad):
        c.update(a)
    assert b"".join(c.encrypt(x) for x in splits(data)) == ref[0]
    assert c.digest() == ref[1]
    c = AES.new(key, AES.MODE_CCM, nonce=nonce, msg_len=1000)
    c.update(aad)
    c.encrypt(data[:10])
    with pytest.raises(ValueError):
        c.digest()  # less data than announced


def test_siv_same_bytes() -> None:
    for klen in (32, 48, 64):
        for n in LENS:
            key, data = rnd(klen), rnd(n)
            comps = [rnd(R.choice([0, 5, 40])) for _ in range(R.choice([0, 1, 3]))]
            for nonce in (None, rnd(16)):
                kw = {} if nonce is None else {"nonce": nonce}
                p = PAES.new(key, AES.MODE_SIV, **kw)
                for a in comps:
                    p.update(a)
                ref = p.encrypt_and_digest(data)
                c = AES.new(key, AES.MODE_SIV, **kw)
                for a in comps:
                    c.update(a)
                assert c.encrypt_and_digest(data) == ref
                assert c.hexdigest() == ref[1].hex()
                d = AES.new(key, AES.MODE_SIV, **kw)
                for a in comps:
                    d.update(a)
                assert d.decrypt_and_verify(*ref) == data
                d.hexverify(ref[1].hex())
                # and rijn.AESSIV (cryptography's shape) gives V || C
                assert rijn.AESSIV(key).encrypt(data, comps + ([nonce] if nonce else [])) == \
                    ref[1] + ref[0]


# ---- the same exception types for the same mistakes --------------------------
MISTAKES: List[Tuple[str, Callable[[Any], Any]]] = [
    ("key length", lambda A: A.new(bytes(17), A.MODE_CBC, bytes(16))),
    ("iv length", lambda A: A.new(bytes(16), A.MODE_CBC, bytes(15))),
    ("ecb iv", lambda A: A.new(bytes(16), A.MODE_ECB, bytes(16))),
    ("unknown kw", lambda A: A.new(bytes(16), A.MODE_OFB, bytes(16), foo=1)),
    ("unaligned ecb", lambda A: A.new(bytes(16), A.MODE_ECB).encrypt(bytes(15))),
    ("unaligned cbc", lambda A: A.new(bytes(16), A.MODE_CBC, bytes(16)).decrypt(bytes(17))),
    ("str data", lambda A: A.new(bytes(16), A.MODE_CTR, nonce=bytes(8)).encrypt("text")),
    ("enc after dec", lambda A: (lambda c: (c.decrypt(bytes(16)), c.encrypt(bytes(16))))(
        A.new(bytes(16), A.MODE_CBC, bytes(16)))),
    ("ctr nonce too long", lambda A: A.new(bytes(16), A.MODE_CTR, nonce=bytes(16))),
    ("ctr iv too large", lambda A: A.new(bytes(16), A.MODE_CTR, nonce=bytes(15), initial_value=256)),
    ("ctr both", lambda A: A.new(bytes(16), A.MODE_CTR, nonce=bytes(8),
                                 counter=Counter.new(64, prefix=bytes(8)))),
    ("cfb segment", lambda A: A.new(bytes(16), A.MODE_CFB, bytes(16), segment_size=12)),
    ("gcm mac_len", lambda A: A.new(bytes(16), A.MODE_GCM, nonce=bytes(12), mac_len=3)),
    ("gcm empty nonce", lambda A: A.new(bytes(16), A.MODE_GCM, nonce=b"")),
    ("ccm nonce", lambda A: A.new(bytes(16), A.MODE_CCM, nonce=bytes(6))),
    ("ccm mac_len", lambda A: A.new(bytes(16), A.MODE_CCM, nonce=bytes(11), mac_len=5)),
    ("ocb nonce", lambda A: A.new(bytes(16), A.MODE_OCB, nonce=bytes(16))),
    ("ocb mac_len", lambda A: A.new(bytes(16), A.MODE_OCB, nonce=bytes(12), mac_len=7)),
    ("siv key", lambda A: A.new(bytes(16), A.MODE_SIV)),
    ("siv encrypt", lambda A: A.new(bytes(32), A.MODE_SIV).encrypt(b"x")),
    ("update after encrypt", lambda A: (lambda c: (c.encrypt(b"x"), c.update(b"a")))(
        A.new(bytes(16), A.MODE_GCM, nonce=bytes(12)))),
    ("digest after decrypt", lambda A: (lambda c: (c.decrypt(b"x"), c.digest()))(
        A.new(bytes(16), A.MODE_EAX, nonce=bytes(12)))),
    ("verify after encrypt", lambda A: (lambda c: (c.encrypt(b"x"), c.verify(bytes(16))))(
        A.new(bytes(16), A.MODE_GCM, nonce=bytes(12)))),
    ("bad tag", lambda A: A.new(bytes(16), A.MODE_GCM, nonce=bytes(12)).decrypt_and_verify(
        b"abc", bytes(16))),
    ("short tag", lambda A: A.new(bytes(16), A.MODE_EAX, nonce=bytes(12)).decrypt_and_verify(
        b"abc", bytes(3))),
    ("ccm twice without msg_len", lambda A: (lambda c: (c.encrypt(b"x"), c.encrypt(b"y")))(
        A.new(bytes(16), A.MODE_CCM, nonce=bytes(11)))),
    ("output short", lambda A: A.new(bytes(16), A.MODE_ECB).encrypt(bytes(16), output=bytearray(15))),
    ("output bytes", lambda A: A.new(bytes(16), A.MODE_ECB).encrypt(bytes(16), output=bytes(16))),
    ("mode", lambda A: A.new(bytes(16), 42)),
]


@pytest.mark.parametrize("what,call", MISTAKES, ids=[m[0] for m in MISTAKES])
def test_same_exception_types(what: str, call: Callable[[Any], Any]) -> None:
    with pytest.raises(Exception) as theirs:
        call(PAES)
    with pytest.raises(Exception) as mine:
        call(AES)
    t = theirs.type
    assert issubclass(mine.type, t), (what, mine.value, theirs.value)


def test_output_parameter() -> None:
    key, iv, data = rnd(16), rnd(16), rnd(64)
    buf = bytearray(64)
    assert AES.new(key, AES.MODE_CBC, iv).encrypt(data, output=buf) is None
    assert bytes(buf) == PAES.new(key, AES.MODE_CBC, iv).encrypt(data)
    mv = memoryview(bytearray(64))
    AES.new(key, AES.MODE_CTR, nonce=iv[:8]).encrypt(data, output=mv)
    assert mv.tobytes() == PAES.new(key, AES.MODE_CTR, nonce=iv[:8]).encrypt(data)


def test_defaults_are_random_and_exposed() -> None:
    key = rnd(16)
    a, b = AES.new(key, AES.MODE_CBC), AES.new(key, AES.MODE_CBC)
    assert len(a.iv) == 16 and a.iv != b.iv
    assert len(AES.new(key, AES.MODE_CTR).nonce) == 8
    assert len(AES.new(key, AES.MODE_GCM).nonce) == 16
    assert len(AES.new(key, AES.MODE_CCM).nonce) == 11
    assert len(AES.new(key, AES.MODE_OCB).nonce) == 15
    assert AES.block_size == 16 and AES.key_size == PAES.key_size
    for m in ("ECB", "CBC", "CFB", "OFB", "CTR", "CCM", "EAX", "SIV", "GCM", "OCB"):
        assert getattr(AES, "MODE_" + m) == getattr(PAES, "MODE_" + m)


# ---- PyCryptodome's own tests -------------------------------------------------
# (test_AES binds Crypto.Cipher.AES into its test classes at import, before
# any substitution: it would test PyCryptodome, so it is not in the list.)
SELFTEST = ["CBC", "CFB", "OFB", "CTR", "GCM", "CCM", "EAX", "OCB", "SIV"]
# Tests of PyCryptodome's internals (not of its API): the private _signer,
# _state and _create_base_cipher objects, and a mutation of the associated
# data by another thread during a threaded OCB run.
DESELECT = {
    "GCM": ["TestGcmThreads::test_threads_all_cores"],
    "OCB": ["TestOcbThreads::test_assoc_data_shrunk", "TestOcbThreads::test_c_ranges",
            "TestOcbThreads::test_c_start_operation"],
}


def test_pycryptodome_selftest() -> None:
    """PyCryptodome's own tests of these modes, in one pytest run (one start-up)."""
    for mod in SELFTEST:
        pytest.importorskip("Crypto.SelfTest.Cipher.test_" + mod)
    here = os.path.dirname(os.path.abspath(__file__))
    with tempfile.TemporaryDirectory() as tmp:
        count = os.path.join(tmp, "count")
        env = dict(os.environ, RIJN_SELFTEST_COUNT=count,
                   PYTHONPATH=os.pathsep.join(filter(None, [here, os.environ.get("PYTHONPATH")])))
        args = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                "-p", "rijn_as_pycryptodome", "-m", "not slow", "-W", "ignore", "-rf", "--pyargs"]
        args += ["Crypto.SelfTest.Cipher.test_" + mod for mod in SELFTEST]
        for mod, tests in DESELECT.items():
            for d in tests:
                args += ["--deselect", "::" + d]
        r = subprocess.run(args, cwd=tmp, env=env, capture_output=True, text=True)
        assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
        assert int(open(count).read()) > 1000, "rijn.AES was not used"
        passed = int(r.stdout.strip().splitlines()[-1].split(" passed")[0].split()[-1])
        assert passed > 2000, r.stdout[-500:]
