#!/usr/bin/env python3
"""Generate the ACVP sample vector sets in this folder.

Each ACVP-AES-<MODE>.prompt.json is a vector set in the shape of NIST's
ACVP-Server gen-val/json-files/*/prompt.json, and the matching
.expected.json is the answer in the shape of expectedResults.json. Keys and
data are drawn from a fixed seed; the answers are computed here, with
pyca/cryptography's raw AES block function and the mode and Monte Carlo
definitions written out below (SP 800-38A and its CTS addendum, the
AESAVS Monte Carlo loops), independently of rijn's C code.

Run from anywhere:  python3 tests/acvp/gen_samples.py
(needs the `cryptography` package; the tests themselves do not).
"""
import json
import os
import random

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "vectors", "acvp")
rng = random.Random(0x61637670)


def rbytes(n):
    return bytes(rng.getrandbits(8) for _ in range(n))


def E(key, blk):
    c = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    return c.update(blk) + c.finalize()


def D(key, blk):
    c = Cipher(algorithms.AES(key), modes.ECB()).decryptor()
    return c.update(blk) + c.finalize()


def xor(a, b):
    return bytes(x ^ y for x, y in zip(a, b))


def H(b):
    return b.hex().upper()


# ---- modes on whole bytes ---------------------------------------------------
def ecb(key, data, enc):
    f = E if enc else D
    return b"".join(f(key, data[i:i + 16]) for i in range(0, len(data), 16))


def cbc(key, iv, data, enc):
    out, chain = b"", iv
    for i in range(0, len(data), 16):
        blk = data[i:i + 16]
        if enc:
            chain = E(key, xor(blk, chain))
            out += chain
        else:
            out += xor(D(key, blk), chain)
            chain = blk
    return out


def cfb8(key, iv, data, enc):
    reg, out = iv, b""
    for b in data:
        o = b ^ E(key, reg)[0]
        out += bytes([o])
        reg = reg[1:] + bytes([o if enc else b])
    return out


def cfb128(key, iv, data, enc):
    reg, out = iv, b""
    for i in range(0, len(data), 16):
        blk = data[i:i + 16]
        o = xor(blk, E(key, reg))
        out += o
        reg = o if enc else blk
    return out


def ofb(key, iv, data):
    reg, out = iv, b""
    for i in range(0, len(data), 16):
        reg = E(key, reg)
        out += xor(data[i:i + 16], reg)
    return out


def ctr(key, iv, data):
    c, out = int.from_bytes(iv, "big"), b""
    for i in range(0, len(data), 16):
        ks = E(key, c.to_bytes(16, "big"))
        out += xor(data[i:i + 16], ks)
        c = (c + 1) % (1 << 128)
    return out


# ---- bit strings (lists of 0/1) --------------------------------------------
def to_bits(b, n):
    return [(b[i // 8] >> (7 - i % 8)) & 1 for i in range(n)]


def from_bits(bits):
    out = bytearray((len(bits) + 7) // 8)
    for i, v in enumerate(bits):
        if v:
            out[i // 8] |= 0x80 >> (i % 8)
    return bytes(out)


def cfb1(key, iv, bits, enc):
    reg, out = iv, []
    for b in bits:
        o = b ^ (E(key, reg)[0] >> 7)
        out.append(o)
        r = int.from_bytes(reg, "big")
        r = ((r << 1) | (o if enc else b)) & ((1 << 128) - 1)
        reg = r.to_bytes(16, "big")
    return out


def cts(key, iv, bits, variant, enc):
    """CBC-CS1/2/3 on a bit string of more than 128 bits."""
    n = (len(bits) + 127) // 128
    d = len(bits) - 128 * (n - 1)
    swap = variant == 3 or (variant == 2 and d != 128)
    if n == 1:  # one whole block: plain CBC
        return to_bits(cbc(key, iv, from_bits(bits), enc), 128)
    if enc:
        padded = from_bits(bits + [0] * (128 - d))
        c = cbc(key, iv, padded, True)
        blocks = [to_bits(c[16 * i:16 * i + 16], 128) for i in range(n)]
        head = sum(blocks[:n - 2], [])
        cn1, cn = blocks[n - 2][:d], blocks[n - 1]
        return head + (cn + cn1 if swap else cn1 + cn)
    head = bits[:128 * (n - 2)]
    tail = bits[128 * (n - 2):]
    if swap:
        cn, cn1s = tail[:128], tail[128:]
    else:
        cn1s, cn = tail[:d], tail[d:]
    z = to_bits(D(key, from_bits(cn)), 128)
    cn1 = cn1s + z[d:]
    pn = [a ^ b for a, b in zip(z[:d], cn1s)]
    front = from_bits(head + cn1)
    p = cbc(key, iv, front, False)
    return to_bits(p, len(head) + 128) + pn


# ---- Monte Carlo (AESAVS) ----------------------------------------------------
def key_update(key, tail):
    return xor(key, tail[len(tail) - len(key):])


def mct_block(mode, key, iv, x, enc):
    res = []
    for _ in range(100):
        ent = {"key": H(key)}
        if mode != "ECB":
            ent["iv"] = H(iv)
        ent["pt" if enc else "ct"] = H(x)
        reg, inp, prev, prev2 = iv, x, None, None
        for j in range(1000):
            if mode == "ECB":
                out = E(key, inp) if enc else D(key, inp)
            elif mode == "CBC":
                if enc:
                    out = E(key, xor(inp, reg))
                    reg = out
                else:
                    out = xor(D(key, inp), reg)
                    reg = inp
            elif mode == "CFB128":
                out = xor(inp, E(key, reg))
                reg = out if enc else inp
            else:  # OFB
                reg = E(key, reg)
                out = xor(inp, reg)
            if mode == "ECB":
                inp = out
            else:
                inp = iv if j == 0 else prev
            prev2, prev = prev, out
        ent["ct" if enc else "pt"] = H(out)
        res.append(ent)
        key = key_update(key, prev2 + out)
        iv = out
        x = out if mode == "ECB" else prev2
    return res


def mct_cfb8(key, iv, x, enc):
    res = []
    for _ in range(100):
        ent = {"key": H(key), "iv": H(iv), ("pt" if enc else "ct"): H(x)}
        reg, inp, hist = iv, x[0], []
        for j in range(1000):
            o = inp ^ E(key, reg)[0]
            reg = reg[1:] + bytes([o if enc else inp])
            hist.append(o)
            inp = iv[j] if j < 16 else hist[j - 16]
        ent["ct" if enc else "pt"] = H(bytes([hist[-1]]))
        res.append(ent)
        key = key_update(key, bytes(hist[-len(key):]))
        iv = bytes(hist[984:1000])
        x = bytes([hist[983]])
    return res


def mct_cfb1(key, iv, x, enc):
    res = []
    for _ in range(100):
        ent = {"key": H(key), "iv": H(iv), ("pt" if enc else "ct"): H(x)}
        ivbits = to_bits(iv, 128)
        reg, inp, hist = iv, x[0] >> 7, []
        for j in range(1000):
            o = inp ^ (E(key, reg)[0] >> 7)
            r = ((int.from_bytes(reg, "big") << 1) | (o if enc else inp)) & ((1 << 128) - 1)
            reg = r.to_bytes(16, "big")
            hist.append(o)
            inp = ivbits[j] if j < 128 else hist[j - 128]
        ent["ct" if enc else "pt"] = H(from_bits([hist[-1]]))
        res.append(ent)
        key = key_update(key, from_bits(hist[1000 - 8 * len(key):]))
        iv = from_bits(hist[872:1000])
        x = from_bits([hist[871]])
    return res


# ---- vector-set builders ---------------------------------------------------
class VS:
    def __init__(self, alg):
        self.alg = alg
        self.prompt = {"vsId": rng.randrange(1, 100000), "algorithm": alg, "revision": "1.0",
                       "isSample": True, "testGroups": []}
        self.expect = {"vsId": self.prompt["vsId"], "algorithm": alg, "revision": "1.0",
                       "isSample": True, "testGroups": []}
        self.tg = 0
        self.tc = 0

    def group(self, ttype, direction, keylen, extra=None):
        self.tg += 1
        g = {"tgId": self.tg, "testType": ttype, "direction": direction, "keyLen": keylen,
             "tests": []}
        if extra:
            g.update(extra)
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


def aft_bytes(name, fn, lengths, needs_iv=True):
    vs = VS("ACVP-AES-" + name)
    for direction in ("encrypt", "decrypt"):
        enc = direction == "encrypt"
        for kl in (128, 192, 256):
            g, e = vs.group("AFT", direction, kl)
            for n in lengths:
                key, iv, data = rbytes(kl // 8), rbytes(16), rbytes(n)
                out = fn(key, iv, data, enc)
                f = {"key": H(key)}
                if needs_iv:
                    f["iv"] = H(iv)
                f["pt" if enc else "ct"] = H(data)
                vs.test(g, e, f, {("ct" if enc else "pt"): H(out)})
    return vs


def add_mct(vs, fn, unit, needs_iv=True):
    for direction, kl in (("encrypt", 128), ("decrypt", 256)):
        enc = direction == "encrypt"
        g, e = vs.group("MCT", direction, kl)
        key, iv, x = rbytes(kl // 8), rbytes(16), rbytes(unit)
        if unit == 1 and fn is mct_cfb1:
            x = bytes([x[0] & 0x80])
        f = {"key": H(key)}
        if needs_iv:
            f["iv"] = H(iv)
        f["pt" if enc else "ct"] = H(x)
        if fn is mct_cfb1:
            f["payloadLen"] = 1
        vs.test(g, e, f, {"resultsArray": fn(key, iv, x, enc)})


def main():
    vs = aft_bytes("ECB", lambda k, iv, d, enc: ecb(k, d, enc), (16, 48), needs_iv=False)
    add_mct(vs, lambda k, iv, x, enc: mct_block("ECB", k, iv, x, enc), 16, needs_iv=False)
    vs.write("ACVP-AES-ECB")

    vs = aft_bytes("CBC", cbc, (16, 64))
    add_mct(vs, lambda k, iv, x, enc: mct_block("CBC", k, iv, x, enc), 16)
    vs.write("ACVP-AES-CBC")

    vs = aft_bytes("CFB8", cfb8, (1, 19))
    add_mct(vs, mct_cfb8, 1)
    vs.write("ACVP-AES-CFB8")

    vs = aft_bytes("CFB128", cfb128, (16, 48))
    add_mct(vs, lambda k, iv, x, enc: mct_block("CFB128", k, iv, x, enc), 16)
    vs.write("ACVP-AES-CFB128")

    vs = aft_bytes("OFB", lambda k, iv, d, enc: ofb(k, iv, d), (16, 48))
    add_mct(vs, lambda k, iv, x, enc: mct_block("OFB", k, iv, x, enc), 16)
    vs.write("ACVP-AES-OFB")

    # CFB1: payloadLen in bits
    vs = VS("ACVP-AES-CFB1")
    for direction in ("encrypt", "decrypt"):
        enc = direction == "encrypt"
        for kl in (128, 256):
            g, e = vs.group("AFT", direction, kl)
            for nbits in (1, 7, 8, 13):
                key, iv = rbytes(kl // 8), rbytes(16)
                bits = [rng.getrandbits(1) for _ in range(nbits)]
                out = cfb1(key, iv, bits, enc)
                vs.test(g, e, {"key": H(key), "iv": H(iv), "payloadLen": nbits,
                               ("pt" if enc else "ct"): H(from_bits(bits))},
                        {("ct" if enc else "pt"): H(from_bits(out))})
    add_mct(vs, mct_cfb1, 1)
    vs.write("ACVP-AES-CFB1")

    # CBC-CS1/2/3: byte and bit lengths
    for variant in (1, 2, 3):
        vs = VS("ACVP-AES-CBC-CS%d" % variant)
        for direction in ("encrypt", "decrypt"):
            enc = direction == "encrypt"
            for kl in (128, 256):
                g, e = vs.group("AFT", direction, kl)
                for nbits in (128, 136, 256, 376, 512, 165, 706):
                    key, iv = rbytes(kl // 8), rbytes(16)
                    bits = [rng.getrandbits(1) for _ in range(nbits)]
                    out = cts(key, iv, bits, variant, True)
                    assert cts(key, iv, out, variant, False) == bits
                    if not enc:  # the input of a decrypt test is a real ciphertext
                        bits, out = out, bits
                    vs.test(g, e, {"key": H(key), "iv": H(iv), "payloadLen": nbits,
                                   ("pt" if enc else "ct"): H(from_bits(bits))},
                            {("ct" if enc else "pt"): H(from_bits(out))})
        vs.write("ACVP-AES-CBC-CS%d" % variant)

    # CTR: AFT with given IVs (bit lengths), a decrypt group, a counter
    # overflow group; the internal-IV group is checked by decryption in the
    # test (its expected entry has no "ct").
    vs = VS("ACVP-AES-CTR")
    vs.prompt["mode"] = vs.expect["mode"] = ""
    for direction in ("encrypt", "decrypt"):
        for kl in (128, 192, 256):
            g, e = vs.group("AFT", direction, kl)
            for nbits in (8, 9, 128, 200, 512):
                key, iv = rbytes(kl // 8), rbytes(16)
                data = bytearray(rbytes((nbits + 7) // 8))
                if nbits % 8:
                    data[-1] &= (0xFF00 >> (nbits % 8)) & 0xFF
                out = bytearray(ctr(key, iv, bytes(data)))
                if nbits % 8:
                    out[-1] &= (0xFF00 >> (nbits % 8)) & 0xFF
                tag = "pt" if direction == "encrypt" else "ct"
                vs.test(g, e, {"key": H(key), "iv": H(iv), "payloadLen": nbits,
                               tag: H(bytes(data))},
                        {("ct" if tag == "pt" else "pt"): H(bytes(out))})
    g, e = vs.group("CTR", "encrypt", 128, {"incrementalCounter": True, "overflowCounter": True})
    key, data = rbytes(16), rbytes(64)
    iv = bytes([0xFF] * 14) + bytes([0xFF, 0xFE])
    vs.test(g, e, {"key": H(key), "iv": H(iv), "payloadLen": 512, "pt": H(data)},
            {"ct": H(ctr(key, iv, data))})
    g, e = vs.group("AFT", "encrypt", 256)
    key, data = rbytes(32), rbytes(40)
    vs.test(g, e, {"key": H(key), "payloadLen": 320, "pt": H(data)}, {"ivGenerated": True})
    vs.write("ACVP-AES-CTR")


if __name__ == "__main__":
    main()
