"""mkvec_sodium.py -- records for the libsodium-style primitives of issue 17
on the MCU targets (imported by mkvec.py; record format documented there):

  15 Salsa20 (mode = rounds 20, 12 or 8; key 16 or 32 bytes, iv = 8-byte
     nonce, aad = first block counter LE64)
  16 HChaCha20 (mode 1) / HSalsa20 (mode 2): key, iv = 16 input bytes,
     aad = the 16 constants (empty: the standard ones), out = 32 bytes
  17 mode 0: XChaCha20 with a 64-bit counter (iv = 24-byte nonce, aad =
     counter LE64); mode 1: ChaCha20-Poly1305 with the original 8-byte
     nonce (libsodium's crypto_aead_chacha20poly1305; flags as AEADs)
  18 BLAKE2b (mode 0) / BLAKE2s (mode 1): key, iv = salt || personal
     (empty: none), out = the digest (its length is the digest size)
  19 scrypt: key = password, iv = salt, aad = N u32le, r u16le, p u16le
  20 Argon2 (mode = type: 0 d, 1 i, 2 id): key = password, iv = salt,
     aad = associated data, tag = secret, in = t, m KiB, lanes (u32le)

Sources: RFC 7914 section 12 (scrypt N = 16) and hashlib.scrypt (OpenSSL)
for more costs; hashlib's BLAKE2b/BLAKE2s (key, salt, personalisation);
argon2-cffi (the reference implementation) for Argon2 at 8 KiB; the XChaCha
draft 2.2.1 HChaCha20 vector and NaCl's HSalsa20 core1 vector; the rest
from a small Python reference of the Salsa20 / ChaCha20 cores written
here, which is first checked against those vectors and against
PyCryptodome's Salsa20 and ChaCha20 (mkvec fails loudly if it disagrees);
ChaCha20-Poly1305 with the 8-byte nonce is composed from PyCryptodome's
original ChaCha20 and `cryptography`'s Poly1305 per libsodium's layout.
"""
import hashlib
import random
import struct

OP_SALSA, OP_HCORE, OP_XCHACHA, OP_BLAKE2, OP_SCRYPT, OP_ARGON2 = 15, 16, 17, 18, 19, 20
NAMES = {"salsa": OP_SALSA, "hcore": OP_HCORE, "xchacha": OP_XCHACHA, "blake2": OP_BLAKE2,
         "scrypt": OP_SCRYPT, "argon2": OP_ARGON2}
SIGMA = b"expand 32-byte k"
TAU = b"expand 16-byte k"
M32 = 0xFFFFFFFF


def _rotl(x, n):
    return ((x << n) | (x >> (32 - n))) & M32


def _salsa_rounds(x, rounds):
    def qr(a, b, c, d):
        x[b] ^= _rotl((x[a] + x[d]) & M32, 7)
        x[c] ^= _rotl((x[b] + x[a]) & M32, 9)
        x[d] ^= _rotl((x[c] + x[b]) & M32, 13)
        x[a] ^= _rotl((x[d] + x[c]) & M32, 18)
    for _ in range(rounds // 2):
        qr(0, 4, 8, 12), qr(5, 9, 13, 1), qr(10, 14, 2, 6), qr(15, 3, 7, 11)
        qr(0, 1, 2, 3), qr(5, 6, 7, 4), qr(10, 11, 8, 9), qr(15, 12, 13, 14)
    return x


def _chacha_rounds(x, rounds=20):
    def qr(a, b, c, d):
        x[a] = (x[a] + x[b]) & M32; x[d] = _rotl(x[d] ^ x[a], 16)  # noqa: E702
        x[c] = (x[c] + x[d]) & M32; x[b] = _rotl(x[b] ^ x[c], 12)  # noqa: E702
        x[a] = (x[a] + x[b]) & M32; x[d] = _rotl(x[d] ^ x[a], 8)  # noqa: E702
        x[c] = (x[c] + x[d]) & M32; x[b] = _rotl(x[b] ^ x[c], 7)  # noqa: E702
    for _ in range(rounds // 2):
        qr(0, 4, 8, 12), qr(1, 5, 9, 13), qr(2, 6, 10, 14), qr(3, 7, 11, 15)
        qr(0, 5, 10, 15), qr(1, 6, 11, 12), qr(2, 7, 8, 13), qr(3, 4, 9, 14)
    return x


def _w(b):
    return list(struct.unpack("<%dI" % (len(b) // 4), b))


def salsa_block(key, nonce, ctr, rounds):
    c = SIGMA if len(key) == 32 else TAU
    k2 = key[16:] if len(key) == 32 else key
    cw, k1w, k2w = _w(c), _w(key[:16]), _w(k2)
    s = [cw[0]] + k1w + [cw[1]] + _w(nonce) + [ctr & M32, ctr >> 32] + [cw[2]] + k2w + [cw[3]]
    x = _salsa_rounds(list(s), rounds)
    return struct.pack("<16I", *((a + b) & M32 for a, b in zip(x, s)))


def salsa_xor(key, nonce, ctr, rounds, msg):
    out = bytearray()
    for i in range(0, len(msg), 64):
        ks = salsa_block(key, nonce, (ctr + i // 64) & ((1 << 64) - 1), rounds)
        out += bytes(a ^ b for a, b in zip(msg[i:i + 64], ks))
    return bytes(out)


def hsalsa(key, inp, c=SIGMA):
    cw, kw, iw = _w(c), _w(key), _w(inp)
    s = [cw[0]] + kw[:4] + [cw[1]] + iw + [cw[2]] + kw[4:] + [cw[3]]
    x = _salsa_rounds(s, 20)
    return struct.pack("<8I", *(x[i] for i in (0, 5, 10, 15, 6, 7, 8, 9)))


def hchacha(key, inp, c=SIGMA):
    x = _chacha_rounds(_w(c) + _w(key) + _w(inp))
    return struct.pack("<8I", *(x[:4] + x[12:]))


def _self_check():
    """The references above against published vectors and PyCryptodome."""
    from Crypto.Cipher import ChaCha20, Salsa20
    k = bytes(range(32))
    assert hchacha(k, bytes.fromhex("000000090000004a0000000031415927")).hex() == \
        "82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc", "HChaCha20"
    assert hsalsa(bytes.fromhex("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"),
                  bytes(16)).hex() == \
        "1b27556473e985d462cd51197a9a46c76009549eac6474f206c4ee0844f68389", "HSalsa20"
    rnd = random.Random(7914)
    for klen in (16, 32):
        key, nonce, msg = rnd.randbytes(klen), rnd.randbytes(8), rnd.randbytes(200)
        assert salsa_xor(key, nonce, 0, 20, msg) == \
            Salsa20.new(key=key, nonce=nonce).encrypt(msg), "Salsa20/20"
    key, nonce, msg = rnd.randbytes(32), rnd.randbytes(24), rnd.randbytes(150)
    assert xchacha_xor(key, nonce, 0, msg) == \
        ChaCha20.new(key=key, nonce=nonce).encrypt(msg), "XChaCha20"


def xchacha_xor(key, nonce, ctr, msg):
    from Crypto.Cipher import ChaCha20
    c = ChaCha20.new(key=hchacha(key, nonce[:16]), nonce=nonce[16:])  # original: 64-bit counter
    c.seek(ctr * 64)
    return c.encrypt(msg)


def chachapoly_djb(key, nonce, aad, pt):
    from Crypto.Cipher import ChaCha20
    from cryptography.hazmat.primitives.poly1305 import Poly1305
    c = ChaCha20.new(key=key, nonce=nonce)
    otk = c.encrypt(bytes(64))[:32]
    ct = c.encrypt(pt)  # block 1 on
    mac = aad + struct.pack("<Q", len(aad)) + ct + struct.pack("<Q", len(ct))
    return ct, Poly1305.generate_tag(otk, mac)


def records(st, small=False):
    """Write the records of the ops in st.ops (fields over the target's
    --max-field are skipped by the stream, as for the other records);
    small (AVR, --file-max given): fewer lengths and H-core cases (flash)."""
    ops, rnd = st.ops, random.Random(20261127)
    if not ops & set(NAMES.values()):
        return
    _self_check()
    lens = (0, 1, 64, 65, 130) if small else (0, 1, 63, 64, 65, 130, 300, 1000)
    if OP_SALSA in ops:
        st.section("Salsa20/20, /12, /8 (Python reference checked against PyCryptodome)")
        for rounds in (20, 12, 8):
            for i, n in enumerate(lens):
                key, nonce = rnd.randbytes(32 if i % 3 else 16), rnd.randbytes(8)
                ctr = (0, 1, 0xffffffff, (1 << 64) - 1, 7, 0xfffffffe, 3, 0)[i]
                n = min(n, ((1 << 64) - ctr) * 64)  # no block past counter 2^64 - 1
                msg = rnd.randbytes(n)
                st.rec(OP_SALSA, rounds, 0, 0, key, nonce, struct.pack("<Q", ctr), msg,
                       salsa_xor(key, nonce, ctr, rounds, msg))
    if OP_HCORE in ops:
        st.section("HChaCha20 / HSalsa20 with caller constants (draft 2.2.1, NaCl core1)")
        st.rec(OP_HCORE, 1, key=bytes(range(32)), iv=bytes.fromhex(
            "000000090000004a0000000031415927"), aad=SIGMA, out=hchacha(
            bytes(range(32)), bytes.fromhex("000000090000004a0000000031415927")))
        for i in range(3 if small else 8):
            key, inp, c = rnd.randbytes(32), rnd.randbytes(16), rnd.randbytes(16)
            cc = b"" if i % 4 == 0 else c
            st.rec(OP_HCORE, 1, key=key, iv=inp, aad=cc, out=hchacha(key, inp, cc or SIGMA))
            st.rec(OP_HCORE, 2, key=key, iv=inp, aad=cc, out=hsalsa(key, inp, cc or SIGMA))
    if OP_XCHACHA in ops:
        st.section("XChaCha20 64-bit counter; ChaCha20-Poly1305 with the 8-byte nonce")
        for i, n in enumerate(lens):
            key, nonce, msg = rnd.randbytes(32), rnd.randbytes(24), rnd.randbytes(n)
            ctr = (0, 1, 0xffffffff, 0xfffffffe, 0x1ffffffff, 5, 0xfffffffffffffff0, 2)[i]
            msg = msg[:((1 << 64) - ctr) * 64]
            st.rec(OP_XCHACHA, 0, 0, 0, key, nonce, struct.pack("<Q", ctr), msg,
                   xchacha_xor(key, nonce, ctr, msg))
        for i, n in enumerate(lens):
            key, nonce = rnd.randbytes(32), rnd.randbytes(8)
            aad, pt = rnd.randbytes((0, 1, 12, 33)[i % 4]), rnd.randbytes(n)
            ct, tag = chachapoly_djb(key, nonce, aad, pt)
            st.rec(OP_XCHACHA, 1, 0, 16, key, nonce, aad, pt, ct, tag)
            st.rec(OP_XCHACHA, 1, 1, 16, key, nonce, aad, pt, ct, tag)
            bad = bytearray(tag)
            bad[i % 16] ^= 1 << (i % 8)
            st.rec(OP_XCHACHA, 1, 3, 16, key, nonce, aad, pt, ct, bytes(bad))
    if OP_BLAKE2 in ops:
        st.section("BLAKE2b / BLAKE2s with key, salt, personal (hashlib)")
        for mode, h, kmax, smax in ((0, hashlib.blake2b, 64, 16), (1, hashlib.blake2s, 32, 8)):
            for i, n in enumerate(lens + (128, 129)):
                msg = rnd.randbytes(n)
                key = rnd.randbytes((0, 1, kmax, 17)[i % 4])
                sp = b"" if i % 3 == 0 else rnd.randbytes(2 * smax)
                size = (kmax, 1, 20, kmax // 2)[i % 4]
                d = h(msg, digest_size=size, key=key, salt=sp[:smax] or bytes(smax),
                      person=sp[smax:] or bytes(smax)).digest()
                st.rec(OP_BLAKE2, mode, key=key, iv=sp, inp=msg, out=d)
    if OP_SCRYPT in ops:
        st.section("scrypt (RFC 7914 section 12 N = 16; hashlib.scrypt)")
        st.rec(OP_SCRYPT, key=b"", iv=b"", aad=struct.pack("<IHH", 16, 1, 1), out=bytes.fromhex(
            "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442"
            "fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906"))
        for pw, salt, n, r, p, dk in ((b"pleaseletmein", b"SodiumChloride", 16, 1, 2, 32),
                                      (b"password", b"NaCl", 8, 2, 1, 64),
                                      (b"p", b"salt", 4, 3, 1, 17), (b"x" * 70, b"", 2, 1, 3, 40)):
            st.rec(OP_SCRYPT, key=pw, iv=salt, aad=struct.pack("<IHH", n, r, p),
                   out=hashlib.scrypt(pw, salt=salt, n=n, r=r, p=p, dklen=dk))
    if OP_ARGON2 in ops:
        from argon2.low_level import Type, hash_secret_raw
        st.section("Argon2d/i/id at 8 KiB (argon2-cffi)")
        for typ, t_enum in ((0, Type.D), (1, Type.I), (2, Type.ID)):
            for t_cost, m, tl in ((1, 8, 32), (3, 8, 16), (2, 11, 64)):
                pw, salt = rnd.randbytes(t_cost * 5), rnd.randbytes(8 + t_cost * 4)
                out = hash_secret_raw(pw, salt, time_cost=t_cost, memory_cost=m, parallelism=1,
                                      hash_len=tl, type=t_enum, version=19)
                st.rec(OP_ARGON2, typ, key=pw, iv=salt, inp=struct.pack("<III", t_cost, m, 1),
                       out=out)
