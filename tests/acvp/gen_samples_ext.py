#!/usr/bin/env python3
"""Generate the ACVP sample vector sets beyond the classic AES modes.

Sibling of gen_samples.py: each <ALG>.prompt.json is a vector set in the
shape of NIST's ACVP-Server gen-val/json-files/*/prompt.json, and the
matching .expected.json is the answer in the shape of expectedResults.json.
Keys and data come from a fixed seed; the answers are computed here with
pyca/cryptography (GCM, CCM, GCM-SIV, XTS, AES key wrap, CMAC), Python's
hashlib/hmac (SHA-2, SHA-3, SHAKE, HMAC, PBKDF2), the Monte Carlo loops of
the ACVP hash specifications written out below, and an SP 800-38F model of
KW/KWP with the inverse cipher (checked against pyca's key wrap for the
forward cipher) -- independently of rijn's C code.

Decrypt / verify groups include failure cases (a flipped bit in the tag or
the wrapped key) whose expected answer is "testPassed": false. GCM groups
with ivGen "internal" have no IV: their expected entry says only
{"ivGenerated": true}; tests/acvp/test_acvp_ext.py checks the IV and ciphertext
that rijn returns by decrypting them.

Run from anywhere:  python3 tests/acvp/gen_samples_ext.py
(needs the `cryptography` package; the tests themselves do not).
"""
import hashlib
import hmac
import json
import os
import random

from cryptography.hazmat.primitives import cmac, keywrap
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESCCM, AESGCMSIV

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "vectors", "acvp")
rng = random.Random(0x61637632)


def rbytes(n):
    return bytes(rng.getrandbits(8) for _ in range(n))


def H(b):
    return b.hex().upper()


def flip(b):
    """b with one random bit flipped."""
    b = bytearray(b)
    i = rng.randrange(len(b) * 8)
    b[i // 8] ^= 0x80 >> (i % 8)
    return bytes(b)


class VS:
    def __init__(self, alg, revision="1.0"):
        self.prompt = {"vsId": rng.randrange(1, 100000), "algorithm": alg, "isSample": True,
                       "testGroups": []}
        if revision is not None:
            self.prompt["revision"] = revision
        self.expect = dict((k, v) for k, v in self.prompt.items() if k != "testGroups")
        self.expect["testGroups"] = []
        self.tg = self.tc = 0

    def group(self, fields):
        self.tg += 1
        g = dict({"tgId": self.tg}, **fields)
        g["tests"] = []
        e = {"tgId": self.tg, "tests": []}
        self.prompt["testGroups"].append(g)
        self.expect["testGroups"].append(e)
        return g, e

    def test(self, g, e, fields, result):
        self.tc += 1
        g["tests"].append(dict({"tcId": self.tc}, **fields))
        e["tests"].append(dict({"tcId": self.tc}, **result))

    def write(self, name):
        for obj, suffix in ((self.prompt, "prompt"), (self.expect, "expected")):
            with open(os.path.join(OUT, "%s.%s.json" % (name, suffix)), "w") as f:
                json.dump(obj, f, indent=1)
                f.write("\n")


# ---- AES primitives (pyca) ---------------------------------------------------
def E(key, blk):
    c = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    return c.update(blk) + c.finalize()


def D(key, blk):
    c = Cipher(algorithms.AES(key), modes.ECB()).decryptor()
    return c.update(blk) + c.finalize()


def gcm_seal(key, iv, aad, pt, tlen):
    c = Cipher(algorithms.AES(key), modes.GCM(iv, min_tag_length=4)).encryptor()
    c.authenticate_additional_data(aad)
    ct = c.update(pt) + c.finalize()
    return ct, c.tag[:tlen]


# ---- GCM / GMAC --------------------------------------------------------------
def gen_gcm(gmac):
    name = "ACVP-AES-GMAC" if gmac else "ACVP-AES-GCM"
    vs = VS(name)
    shapes = [(128, 96, 0, 128, 128), (192, 96, 128, 160, 96), (256, 96, 408, 0, 128),
              (128, 120, 256, 64, 32), (256, 1024, 72, 8, 128), (128, 64, 0, 0, 64)]
    for direction in ("encrypt", "decrypt"):
        for kl, ivl, pl, al, tl in shapes:
            if gmac:
                pl = 0
                al = al or 128
            g, e = vs.group({"testType": "AFT", "direction": direction, "keyLen": kl,
                             "ivLen": ivl, "ivGen": "external", "ivGenMode": "8.2.2",
                             "payloadLen": pl, "aadLen": al, "tagLen": tl})
            for i in range(3):
                key, iv, aad, pt = rbytes(kl // 8), rbytes(ivl // 8), rbytes(al // 8), rbytes(pl // 8)
                ct, tag = gcm_seal(key, iv, aad, pt, tl // 8)
                f = {"key": H(key), "iv": H(iv), "aad": H(aad)}
                if direction == "encrypt":
                    if not gmac:
                        f["pt"] = H(pt)
                    vs.test(g, e, f, {"tag": H(tag)} if gmac else {"ct": H(ct), "tag": H(tag)})
                    continue
                bad = i == 1
                if bad:
                    tag = flip(tag)
                f["tag"] = H(tag)
                if not gmac:
                    f["ct"] = H(ct)
                if gmac:
                    r = {"testPassed": not bad}
                else:
                    r = {"testPassed": False} if bad else {"pt": H(pt)}
                vs.test(g, e, f, r)
    if not gmac:  # internal IV generation: the client picks the IV
        for kl, ivl, mode in ((128, 96, "8.2.2"), (256, 96, "8.2.1"), (192, 128, "8.2.2")):
            g, e = vs.group({"testType": "AFT", "direction": "encrypt", "keyLen": kl,
                             "ivLen": ivl, "ivGen": "internal", "ivGenMode": mode,
                             "payloadLen": 200, "aadLen": 96, "tagLen": 128})
            for _ in range(2):
                vs.test(g, e, {"key": H(rbytes(kl // 8)), "pt": H(rbytes(25)),
                               "aad": H(rbytes(12))}, {"ivGenerated": True})
    vs.write(name)


# ---- CCM -------------------------------------------------------------------------
def gen_ccm():
    vs = VS("ACVP-AES-CCM")
    shapes = [(128, 56, 0, 0, 32), (192, 104, 256, 160, 128), (256, 96, 32, 256, 64),
              (128, 64, 264, 8, 112), (256, 88, 8, 0, 48)]
    for direction in ("encrypt", "decrypt"):
        for kl, ivl, pl, al, tl in shapes:
            g, e = vs.group({"testType": "AFT", "direction": direction, "keyLen": kl,
                             "ivLen": ivl, "payloadLen": pl, "aadLen": al, "tagLen": tl})
            for i in range(3):
                key, iv, aad, pt = rbytes(kl // 8), rbytes(ivl // 8), rbytes(al // 8), rbytes(pl // 8)
                ct = AESCCM(key, tag_length=tl // 8).encrypt(iv, pt, aad)
                f = {"key": H(key), "iv": H(iv), "aad": H(aad)}
                if direction == "encrypt":
                    f["pt"] = H(pt)
                    vs.test(g, e, f, {"ct": H(ct)})
                    continue
                bad = i == 2
                f["ct"] = H(flip(ct) if bad else ct)
                vs.test(g, e, f, {"testPassed": False} if bad else {"pt": H(pt)})
    vs.write("ACVP-AES-CCM")


# ---- GCM-SIV (NIST's sets carry no "revision") -----------------------------------
def gen_gcmsiv():
    vs = VS("ACVP-AES-GCM-SIV", revision=None)
    for direction in ("encrypt", "decrypt"):
        for kl, pl, al in ((128, 0, 0), (256, 120, 0), (128, 256, 120), (256, 520, 64)):
            g, e = vs.group({"testType": "AFT", "direction": direction, "keyLen": kl,
                             "payloadLen": pl, "aadLen": al})
            for i in range(3):
                key, iv, aad, pt = rbytes(kl // 8), rbytes(12), rbytes(al // 8), rbytes(pl // 8)
                ct = AESGCMSIV(key).encrypt(iv, pt, aad)
                f = {"key": H(key), "iv": H(iv), "aad": H(aad)}
                if direction == "encrypt":
                    f["pt"] = H(pt)
                    vs.test(g, e, f, {"ct": H(ct)})
                    continue
                bad = i == 0
                f["ct"] = H(flip(ct) if bad else ct)
                vs.test(g, e, f, {"testPassed": False} if bad else {"pt": H(pt)})
    vs.write("ACVP-AES-GCM-SIV")


# ---- XTS --------------------------------------------------------------------------
def xts(key, tweak, data, enc):
    c = Cipher(algorithms.AES(key), modes.XTS(tweak))
    c = c.encryptor() if enc else c.decryptor()
    return c.update(data) + c.finalize()


def xts_units(key, tw, data, unit, enc):
    out = b""
    for i in range(0, len(data), unit):
        out += xts(key, (tw % (1 << 128)).to_bytes(16, "little"), data[i:i + unit], enc)
        tw += 1
    return out


def gen_xts():
    for rev in ("1.0", "2.0"):
        vs = VS("ACVP-AES-XTS", rev)
        for direction in ("encrypt", "decrypt"):
            enc = direction == "encrypt"
            for kl in (128, 256):
                for mode in ("hex", "number"):
                    pls = (128, 136, 512, 1000)
                    gf = {"testType": "AFT", "direction": direction, "keyLen": kl,
                          "tweakMode": mode}
                    if rev == "1.0":
                        gf["payloadLen"] = 1024
                        pls = (1024, 1024)
                    g, e = vs.group(gf)
                    for pl in pls:
                        key = rbytes(kl // 4)
                        while key[:kl // 8] == key[kl // 8:]:
                            key = rbytes(kl // 4)
                        data = rbytes(pl // 8)
                        f = {"key": H(key)}
                        if mode == "hex":
                            tb = rbytes(16)
                            tw = int.from_bytes(tb, "little")
                            f["tweakValue"] = H(tb)
                        else:
                            tw = rng.randrange(0, 1 << 20)
                            f["sequenceNumber"] = tw
                        unit = len(data)
                        if rev == "2.0":
                            # whole, shorter data units (last one shorter), or a
                            # unit longer than the payload
                            du = rng.choice((pl, 256, pl + 100)) if pl >= 512 else pl
                            f["payloadLen"] = pl
                            f["dataUnitLen"] = du
                            unit = du // 8 if du < pl else len(data)
                        f["pt" if enc else "ct"] = H(data)
                        vs.test(g, e, f, {("ct" if enc else "pt"): H(xts_units(key, tw, data,
                                                                                    unit, enc))})
        vs.write("ACVP-AES-XTS-%s" % rev)


# ---- KW / KWP (SP 800-38F), forward or inverse cipher -----------------------------
def w(fwd, s):
    """W(S): the wrapping function, with forward cipher fwd."""
    n = len(s) // 8 - 1
    a, r = s[:8], [s[8 * i:8 * i + 8] for i in range(1, n + 1)]
    for t in range(1, 6 * n + 1):
        i = (t - 1) % n
        b = fwd(a + r[i])
        a = (int.from_bytes(b[:8], "big") ^ t).to_bytes(8, "big")
        r[i] = b[8:]
    return a + b"".join(r)


def kw_wrap(fwd, p):
    return w(fwd, bytes([0xA6] * 8) + p)


def kwp_wrap(fwd, p):
    icv = bytes.fromhex("A65959A6") + len(p).to_bytes(4, "big")
    pad = p + bytes(-len(p) % 8)
    if len(pad) == 8:
        return fwd(icv + pad)
    return w(fwd, icv + pad)


def gen_kw(kwp):
    name = "ACVP-AES-KWP" if kwp else "ACVP-AES-KW"
    vs = VS(name)
    lens = (8, 24, 40, 72, 9, 15, 33) if kwp else (16, 24, 64, 136)
    for direction in ("encrypt", "decrypt"):
        for ciph in ("cipher", "inverse"):
            for kl in (128, 192, 256):
                for pl in lens:
                    g, e = vs.group({"testType": "AFT", "direction": direction, "kwCipher": ciph,
                                     "keyLen": kl, "payloadLen": pl * 8})
                    for i in range(2):
                        key, pt = rbytes(kl // 8), rbytes(pl)
                        fwd = (lambda b, k=key: E(k, b)) if ciph == "cipher" else \
                              (lambda b, k=key: D(k, b))
                        ct = kwp_wrap(fwd, pt) if kwp else kw_wrap(fwd, pt)
                        if ciph == "cipher":  # the model agrees with pyca
                            ref = (keywrap.aes_key_wrap_with_padding if kwp
                                   else keywrap.aes_key_wrap)(key, pt)
                            assert ref == ct
                        if direction == "encrypt":
                            vs.test(g, e, {"key": H(key), "pt": H(pt)}, {"ct": H(ct)})
                            continue
                        bad = i == 1
                        vs.test(g, e, {"key": H(key), "ct": H(flip(ct) if bad else ct)},
                                {"testPassed": False} if bad else {"pt": H(pt)})
    vs.write(name)


# ---- CMAC, HMAC, PBKDF -------------------------------------------------------------
def gen_cmac():
    vs = VS("CMAC-AES")
    for direction in ("gen", "ver"):
        for kl, ml, tl in ((128, 0, 128), (192, 128, 64), (256, 520, 128), (128, 256, 32),
                           (256, 8, 120)):
            g, e = vs.group({"testType": "AFT", "direction": direction, "keyLen": kl,
                             "msgLen": ml, "macLen": tl})
            for i in range(3):
                key, msg = rbytes(kl // 8), rbytes(ml // 8)
                c = cmac.CMAC(algorithms.AES(key))
                c.update(msg)
                mac = c.finalize()[:tl // 8]
                if direction == "gen":
                    vs.test(g, e, {"key": H(key), "message": H(msg)}, {"mac": H(mac)})
                    continue
                bad = i == 1
                vs.test(g, e, {"key": H(key), "message": H(msg), "mac": H(flip(mac) if bad else mac)},
                        {"testPassed": not bad})
    vs.write("CMAC-AES")


HASHES = {"SHA-1": "sha1", "SHA2-224": "sha224", "SHA2-256": "sha256", "SHA2-384": "sha384",
          "SHA2-512": "sha512", "SHA2-512/224": "sha512_224", "SHA2-512/256": "sha512_256",
          "SHA3-224": "sha3_224", "SHA3-256": "sha3_256", "SHA3-384": "sha3_384",
          "SHA3-512": "sha3_512"}


def gen_hmac():
    for alg, rev in (("SHA2-256", "1.0"), ("SHA2-256", "2.0"), ("SHA2-512", "1.0"),
                     ("SHA3-256", "2.0"), ("SHA-1", "1.0"), ("SHA2-512/256", "2.0")):
        h = HASHES[alg]
        dig = hashlib.new(h).digest_size
        vs = VS("HMAC-" + alg, rev)
        for kl, ml, tl in ((8, 0, dig * 8), (256, 128, 128), (1024, 1000, dig * 8), (2048, 80, 32)):
            if rev == "1.0":
                g, e = vs.group({"testType": "AFT", "keyLen": kl, "msgLen": ml, "macLen": tl})
            else:
                g, e = vs.group({"testType": "AFT"})
            for _ in range(2):
                key, msg = rbytes(kl // 8), rbytes(ml // 8)
                f = {"key": H(key), "msg": H(msg)}
                if rev == "2.0":
                    f.update(keyLen=kl, msgLen=ml, macLen=tl)
                vs.test(g, e, f, {"mac": H(hmac.new(key, msg, h).digest()[:tl // 8])})
        vs.write("HMAC-" + alg.replace("/", "-") + "-" + rev)


def gen_pbkdf():
    vs = VS("PBKDF")
    for alg in ("SHA2-256", "SHA-1", "SHA2-512", "SHA3-256"):
        g, e = vs.group({"testType": "AFT", "hmacAlg": alg})
        for kl, it in ((128, 1), (256, 1000), (680, 37), (1024, 2)):
            pw = "".join(rng.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789")
                         for _ in range(rng.randrange(8, 40)))
            salt = rbytes(rng.randrange(16, 64))
            dk = hashlib.pbkdf2_hmac(HASHES[alg], pw.encode(), salt, it, kl // 8)
            vs.test(g, e, {"keyLen": kl, "salt": H(salt), "password": pw, "iterationCount": it},
                    {"derivedKey": H(dk)})
    vs.write("PBKDF")


# ---- hashes: AFT, MCT, LDT, SHAKE VOT ---------------------------------------------
def sha2_mct(h, seed, alt):
    out, n = [], len(seed)
    for _ in range(100):
        a = b = c = seed
        for _ in range(1000):
            m = a + b + c
            if alt:
                m = m[:n] if len(m) >= n else m + bytes(n - len(m))
            md = hashlib.new(h, m).digest()
            a, b, c = b, c, md
        out.append({"md": H(md)})
        seed = md
    return out


def sha3_mct(h, seed):
    out, md = [], seed
    for _ in range(100):
        for _ in range(1000):
            md = hashlib.new(h, md).digest()
        out.append({"md": H(md)})
    return out


def shake_mct(h, seed, lo, hi):
    out, md, olen, rng_ = [], seed, hi, hi - lo + 1
    for _ in range(100):
        for _ in range(1000):
            m = md[:16] + bytes(max(0, 16 - len(md)))
            md = hashlib.new(h, m).digest(olen)
            olen = lo + int.from_bytes(md[-2:], "big") % rng_
        out.append({"md": H(md), "outLen": 8 * len(md)})
    return out


def gen_hash():
    for alg, rev in (("SHA2-224", "1.0"), ("SHA2-256", "1.0"), ("SHA2-384", "1.0"),
                     ("SHA2-512", "1.0"), ("SHA2-512/224", "1.0"), ("SHA2-512/256", "1.0"),
                     ("SHA-1", "1.0"), ("SHA3-224", "2.0"), ("SHA3-256", "2.0"),
                     ("SHA3-384", "2.0"), ("SHA3-512", "2.0")):
        h = HASHES[alg]
        dig = hashlib.new(h).digest_size
        vs = VS(alg, rev)
        g, e = vs.group({"testType": "AFT"})
        for n in (0, 1, dig, 55, 56, 64, 111, 112, 128, 135, 136, 200, 1000):
            msg = rbytes(n)
            vs.test(g, e, {"msg": H(msg), "len": 8 * n}, {"md": H(hashlib.new(h, msg).digest())})
        versions = ("standard",) if alg.startswith("SHA3") else ("standard", "alternate")
        for ver in versions:
            g, e = vs.group({"testType": "MCT", "mctVersion": ver})
            seed = rbytes(dig if ver == "standard" else rng.choice((dig + 37, dig - 5)))
            res = sha3_mct(h, seed) if alg.startswith("SHA3") else sha2_mct(h, seed, ver == "alternate")
            vs.test(g, e, {"msg": H(seed), "len": 8 * len(seed)}, {"resultsArray": res})
        g, e = vs.group({"testType": "LDT"})
        content = rbytes(8)
        full = 8 * 8 * rng.choice((65536, 12345))  # bits; NIST uses 1 GiB
        vs.test(g, e, {"largeMsg": {"content": H(content), "contentLength": 64,
                                    "fullLength": full, "expansionTechnique": "repeating"}},
                {"md": H(hashlib.new(h, content * (full // 64)).digest())})
        vs.write(alg.replace("/", "-"))
    for alg, h, lo, hi in (("SHAKE-128", "shake_128", 128, 1024), ("SHAKE-256", "shake_256", 16, 4096)):
        vs = VS(alg)
        for tt in ("AFT", "VOT"):
            g, e = vs.group({"testType": tt})
            for n, ol in ((0, 128), (17, 256), (168, 1344), (200, 8), (5, 4095), (32, 1369), (1, 766)):
                msg = rbytes(n)
                md = bytearray(hashlib.new(h, msg).digest((ol + 7) // 8))
                if ol % 8:
                    md[-1] &= (1 << (ol % 8)) - 1  # the first ol % 8 bits in Keccak order
                vs.test(g, e, {"msg": H(msg), "len": 8 * n, "outLen": ol},
                        {"md": H(bytes(md)), "outLen": ol})
        g, e = vs.group({"testType": "MCT", "mctVersion": "standard", "minOutLen": lo,
                         "maxOutLen": hi})
        seed = rbytes(16)
        vs.test(g, e, {"msg": H(seed), "len": 128},
                {"resultsArray": shake_mct(h, seed, lo // 8, hi // 8)})
        vs.write(alg)


def main():
    gen_gcm(False)
    gen_gcm(True)
    gen_ccm()
    gen_gcmsiv()
    gen_xts()
    gen_kw(False)
    gen_kw(True)
    gen_cmac()
    gen_hmac()
    gen_pbkdf()
    gen_hash()


if __name__ == "__main__":
    main()
