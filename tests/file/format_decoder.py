#!/usr/bin/env python3
"""format_decoder.py -- an independent decoder of the rijn file format.

Written from docs/FORMAT.md alone (not from the C code), with the Python
`cryptography` package for the primitives: HMAC/HKDF-SHA-256, PBKDF2,
Argon2id (cryptography >= 44; older versions cannot check Argon2id files),
AES-256-GCM and ChaCha20-Poly1305. Ascon-AEAD128 is not in `cryptography`:
it is written here from NIST SP 800-232 (AsconAEAD below, checked against
the Ascon team's KAT file by tests/cli/test_cli_encrypt.py).

Library use:  decrypt(data, key=32 bytes | passphrase=bytes | identity=32 bytes)
                  -> plaintext (versions 1 and 2)
              key_schedule(master, salt, aead) -> dict of derived keys
              parse_header_v2(data), unwrap_v2(h, i, secret), bech32 helpers
Command line: format_decoder.py (-k KEYFILE | --passphrase-file F | -i IDENTITY_FILE) FILE
              writes the plaintext to stdout; exit 1 with a message on
              any failure, 77 when the file needs something unsupported.
"""
import base64
import hashlib
import hmac
import re
import struct
import sys

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM, ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.exceptions import InvalidTag

MAGIC = b"\x89RIJN\r\n\x1a"
AEADS = {1: "AES-256-GCM", 2: "ChaCha20-Poly1305", 3: "Ascon-AEAD128"}
KEY_LEN = {1: 32, 2: 32, 3: 16}
NONCE_LEN = {1: 12, 2: 12, 3: 16}


class FormatError(Exception):
    """The file is invalid, damaged, or the key is wrong."""


class Unsupported(Exception):
    """The file is valid as far as we can tell but needs a primitive we lack."""


def have_argon2():
    try:
        from cryptography.hazmat.primitives.kdf.argon2 import Argon2id  # noqa: F401
        return True
    except ImportError:
        return False


def dearmor(data):
    """Section 6: the binary file inside BEGIN/END lines, or data as is."""
    text = data.strip(b" \t\r\n")
    if not text.startswith(b"-----BEGIN RIJN ENCRYPTED FILE-----"):
        return data
    lines = text.replace(b"\r\n", b"\n").split(b"\n")
    if lines[0] != b"-----BEGIN RIJN ENCRYPTED FILE-----" or \
            lines[-1] != b"-----END RIJN ENCRYPTED FILE-----":
        raise FormatError("armor: bad BEGIN/END lines")
    body = b"".join(lines[1:-1])
    if not re.fullmatch(rb"[A-Za-z0-9+/]*={0,2}", body) or len(body) % 4:
        raise FormatError("armor: invalid Base64")
    return base64.b64decode(body, validate=True)


def parse_header(data):
    """Section 3. Returns a dict of the fields, or raises FormatError."""
    if len(data) < 15:
        raise FormatError("too short for a header")
    if data[:8] != MAGIC:
        raise FormatError("bad magic")
    if data[8] != 1:
        raise FormatError("unsupported version %d" % data[8])
    aead, chunk_size, key_source = data[9], struct.unpack(">I", data[10:14])[0], data[14]
    if aead not in AEADS:
        raise FormatError("unknown aead %d" % aead)
    if not 256 <= chunk_size <= 16777216:
        raise FormatError("chunk size %d out of range" % chunk_size)
    k = {1: 0, 2: 4, 3: 9}.get(key_source)
    if k is None:
        raise FormatError("unknown key source %d" % key_source)
    h = {"aead": aead, "chunk_size": chunk_size, "key_source": key_source,
         "header_len": 79 + k}
    if len(data) < 79 + k:
        raise FormatError("truncated header")
    if key_source == 2:
        h["iterations"] = struct.unpack(">I", data[15:19])[0]
        if h["iterations"] < 1:
            raise FormatError("iterations out of range")
    elif key_source == 3:
        h["t_cost"], h["m_cost"] = struct.unpack(">II", data[15:23])
        h["lanes"] = data[23]
        if h["t_cost"] < 1 or h["lanes"] < 1 or h["m_cost"] < 8 * h["lanes"]:
            raise FormatError("Argon2id parameters out of range")
    h["salt"] = data[15 + k:47 + k]
    h["mac"] = data[47 + k:79 + k]
    h["body"] = data[:47 + k]
    return h


# ---- version 2 (section 10) --------------------------------------------
STANZA_PARAMS = {1: 0, 2: 4, 3: 9, 4: 32}
B32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def _polymod(values):
    gen = (0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3)
    chk = 1
    for v in values:
        b = chk >> 25
        chk = (chk & 0x1ffffff) << 5 ^ v
        for i in range(5):
            chk ^= gen[i] if (b >> i) & 1 else 0
    return chk


def _hrp_expand(hrp):
    return [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]


def bech32_encode(hrp, data):
    """Section 10.1: BIP 173 Bech32 (checksum constant 1) of 32 bytes."""
    bits, acc, v = 0, 0, []
    for b in data:
        acc, bits = acc << 8 | b, bits + 8
        while bits >= 5:
            bits -= 5
            v.append(acc >> bits & 31)
    if bits:
        v.append(acc << (5 - bits) & 31)
    chk = _polymod(_hrp_expand(hrp) + v + [0] * 6) ^ 1
    v += [chk >> 5 * (5 - i) & 31 for i in range(6)]
    return hrp + "1" + "".join(B32[x] for x in v)


def bech32_decode(hrp, s):
    if s.lower() != s and s.upper() != s:
        raise FormatError("mixed-case key")
    s = s.lower()
    if not s.startswith(hrp + "1") or len(s) != len(hrp) + 59:
        raise FormatError("not a %s... key" % hrp)
    v = [B32.index(c) for c in s[len(hrp) + 1:]]
    if _polymod(_hrp_expand(hrp) + v) != 1:
        raise FormatError("bad key checksum")
    acc = bits = 0
    out = bytearray()
    for x in v[:-6]:
        acc, bits = acc << 5 | x, bits + 5
        if bits >= 8:
            bits -= 8
            out.append(acc >> bits & 255)
    if acc & ((1 << bits) - 1) or len(out) != 32:
        raise FormatError("bad key padding")
    return bytes(out)


def x25519_public(secret):
    return X25519PrivateKey.from_private_bytes(secret).public_key().public_bytes_raw()


def parse_header_v2(data):
    """Section 10.2. Returns a dict of the fields, or raises FormatError."""
    if len(data) < 47 or data[:8] != MAGIC or data[8] != 2:
        raise FormatError("not a version 2 header")
    aead, chunk_size, n = data[9], struct.unpack(">I", data[10:14])[0], data[14]
    if aead not in AEADS or not 256 <= chunk_size <= 16777216 or not 1 <= n <= 32:
        raise FormatError("header field out of range")
    h = {"version": 2, "aead": aead, "chunk_size": chunk_size, "salt": data[15:47],
         "stanzas": []}
    pos = 47
    for _ in range(n):
        if pos >= len(data) or data[pos] not in STANZA_PARAMS:
            raise FormatError("bad stanza type")
        t = data[pos]
        k = STANZA_PARAMS[t]
        end = pos + 1 + k + 48
        if end > len(data):
            raise FormatError("truncated header")
        st = {"type": t, "prefix": data[pos:pos + 1 + k], "wrapped": data[pos + 1 + k:end]}
        if t == 2:
            st["iterations"] = struct.unpack(">I", data[pos + 1:pos + 5])[0]
            if st["iterations"] < 1:
                raise FormatError("iterations out of range")
        elif t == 3:
            st["t_cost"], st["m_cost"] = struct.unpack(">II", data[pos + 1:pos + 9])
            st["lanes"] = data[pos + 9]
            if st["t_cost"] < 1 or st["lanes"] < 1 or st["m_cost"] < 8 * st["lanes"]:
                raise FormatError("Argon2id parameters out of range")
        elif t == 4:
            st["ephemeral"] = data[pos + 1:pos + 33]
        h["stanzas"].append(st)
        pos = end
    if pos + 32 > len(data):
        raise FormatError("truncated header")
    h["header_len"] = pos + 32
    h["body"], h["mac"] = data[:pos], data[pos:pos + 32]
    return h


def wrap_key_v2(h, st, secret):
    """Section 10.3: S_i and K_i of a stanza; secret is the raw key, the
    passphrase master key or the X25519 identity."""
    info = b"rijn v2 wrap" + st["prefix"]
    if st["type"] == 4:
        shared = X25519PrivateKey.from_private_bytes(secret).exchange(
            X25519PublicKey.from_public_bytes(st["ephemeral"]))
        info += x25519_public(secret)
        s_i = shared
    else:
        s_i = secret
    return HKDF(hashes.SHA256(), 32, h["salt"], info).derive(s_i)


def unwrap_v2(h, st, secret):
    try:
        return AESGCM(wrap_key_v2(h, st, secret)).decrypt(bytes(12), st["wrapped"], b"")
    except (InvalidTag, ValueError):
        return None


def file_key_v2(h, key=None, passphrase=None, identity=None):
    """Try every stanza the secrets can open (section 10.4)."""
    for st in h["stanzas"]:
        secret = None
        if st["type"] == 4 and identity is not None:
            secret = identity
        elif st["type"] == 1 and key is not None:
            secret = key
        elif st["type"] in (2, 3) and passphrase is not None:
            secret = master_key(dict(st, key_source=st["type"], salt=h["salt"]),
                                passphrase=passphrase)
        if secret is not None:
            f = unwrap_v2(h, st, secret)
            if f is not None:
                return f
    raise FormatError("no stanza opens with the given key, passphrase or identity")


def master_key(h, key=None, passphrase=None):
    """Section 4 step 1."""
    if h["key_source"] == 1:
        if key is None or len(key) != 32:
            raise FormatError("this file needs a 32-byte key")
        return key
    if passphrase is None:
        raise FormatError("this file needs a passphrase")
    if h["key_source"] == 2:
        return PBKDF2HMAC(hashes.SHA256(), 32, h["salt"], h["iterations"]).derive(passphrase)
    if not have_argon2():
        raise Unsupported("Argon2id needs cryptography >= 44")
    from cryptography.hazmat.primitives.kdf.argon2 import Argon2id
    return Argon2id(salt=h["salt"], length=32, iterations=h["t_cost"], lanes=h["lanes"],
                    memory_cost=h["m_cost"]).derive(passphrase)


def hkdf_expand(prk, info, length):
    out, t, i = b"", b"", 1
    while len(out) < length:
        t = hmac.new(prk, t + info + bytes([i]), hashlib.sha256).digest()
        out += t
        i += 1
    return out[:length]


def key_schedule(master, salt, aead):
    """Section 4 steps 2-4."""
    prk = hmac.new(salt, master, hashlib.sha256).digest()
    return {"prk": prk,
            "header_key": hkdf_expand(prk, b"rijn v1 header", 32),
            "payload_key": hkdf_expand(prk, b"rijn v1 payload" + bytes([aead]), KEY_LEN[aead])}


def nonce(aead, i, last):
    n = NONCE_LEN[aead]
    return i.to_bytes(n - 1, "big") + (b"\x01" if last else b"\x00")


M64 = (1 << 64) - 1


def _rotr(x, n):
    return ((x >> n) | (x << (64 - n))) & M64


def ascon_p(s, rounds):
    """The Ascon permutation (SP 800-232 section 3) on five 64-bit words."""
    x0, x1, x2, x3, x4 = s
    for c in (0xf0, 0xe1, 0xd2, 0xc3, 0xb4, 0xa5, 0x96, 0x87, 0x78, 0x69, 0x5a, 0x4b)[12 - rounds:]:
        x2 ^= c
        x0 ^= x4
        x4 ^= x3
        x2 ^= x1
        t0, t1, t2, t3, t4 = (~x0 & x1, ~x1 & x2, ~x2 & x3, ~x3 & x4, ~x4 & x0)
        x0 ^= t1
        x1 ^= t2
        x2 ^= t3
        x3 ^= t4
        x4 ^= t0
        x1 ^= x0
        x0 ^= x4
        x3 ^= x2
        x2 = ~x2 & M64
        x0 ^= _rotr(x0, 19) ^ _rotr(x0, 28)
        x1 ^= _rotr(x1, 61) ^ _rotr(x1, 39)
        x2 ^= _rotr(x2, 1) ^ _rotr(x2, 6)
        x3 ^= _rotr(x3, 10) ^ _rotr(x3, 17)
        x4 ^= _rotr(x4, 7) ^ _rotr(x4, 41)
        x0, x1, x2, x3, x4 = (v & M64 for v in (x0, x1, x2, x3, x4))
    s[:] = [x0, x1, x2, x3, x4]


class AsconAEAD:
    """Ascon-AEAD128 (SP 800-232 section 4): 16-byte key, nonce and tag,
    little-endian words, rate 16 bytes. Same interface as AESGCM."""

    def __init__(self, key):
        if len(key) != 16:
            raise ValueError("Ascon-AEAD128 key is 16 bytes")
        self.k = (int.from_bytes(key[:8], "little"), int.from_bytes(key[8:], "little"))

    def _start(self, nonce, aad):
        k0, k1 = self.k
        s = [0x00001000808C0001, k0, k1, int.from_bytes(nonce[:8], "little"),
             int.from_bytes(nonce[8:], "little")]
        ascon_p(s, 12)
        s[3] ^= k0
        s[4] ^= k1
        if aad:
            a = aad + b"\x01" + bytes(15 - len(aad) % 16)
            for i in range(0, len(a), 16):
                s[0] ^= int.from_bytes(a[i:i + 8], "little")
                s[1] ^= int.from_bytes(a[i + 8:i + 16], "little")
                ascon_p(s, 8)
        s[4] ^= 1 << 63
        return s

    def _tag(self, s):
        k0, k1 = self.k
        s[2] ^= k0
        s[3] ^= k1
        ascon_p(s, 12)
        return ((s[3] ^ k0).to_bytes(8, "little") + (s[4] ^ k1).to_bytes(8, "little"))

    def _text(self, s, data, decrypting):
        out = bytearray()
        full = len(data) - len(data) % 16
        for i in range(0, len(data) + 1, 16):
            blk = data[i:i + 16]
            rate = s[0].to_bytes(8, "little") + s[1].to_bytes(8, "little")
            o = bytes(a ^ b for a, b in zip(blk, rate))
            out += o
            ct = blk if decrypting else o
            new = bytearray(ct + rate[len(ct):])
            if i >= full:  # last (partial or empty) block: pad
                new[len(ct)] ^= 0x01
            s[0] = int.from_bytes(new[:8], "little")
            s[1] = int.from_bytes(new[8:], "little")
            if i >= full:
                break
            ascon_p(s, 8)
        return bytes(out)

    def encrypt(self, nonce, data, aad):
        s = self._start(nonce, aad)
        ct = self._text(s, data, False)
        return ct + self._tag(s)

    def decrypt(self, nonce, data, aad):
        if len(data) < 16:
            raise InvalidTag()
        s = self._start(nonce, aad)
        pt = self._text(s, data[:-16], True)
        if not hmac.compare_digest(self._tag(s), data[-16:]):
            raise InvalidTag()
        return pt


def cipher(aead, payload_key):
    if aead == 1:
        return AESGCM(payload_key)
    if aead == 2:
        return ChaCha20Poly1305(payload_key)
    return AsconAEAD(payload_key)


def decrypt(data, key=None, passphrase=None, identity=None):
    """Decrypt a whole rijn file (binary or armored) by sections 3-6 and 10."""
    data = dearmor(data)
    if len(data) > 8 and data[:8] == MAGIC and data[8] == 2:
        h = parse_header_v2(data)
        m = file_key_v2(h, key, passphrase, identity)
    else:
        h = parse_header(data)
        m = master_key(h, key, passphrase)
    ks = key_schedule(m, h["salt"], h["aead"])
    want = hmac.new(ks["header_key"], h["body"], hashlib.sha256).digest()
    if not hmac.compare_digest(want, h["mac"]):
        raise FormatError("header authentication failed (wrong key or damaged header)")
    c = cipher(h["aead"], ks["payload_key"])
    pos, i, out, piece_max = h["header_len"], 0, [], h["chunk_size"] + 16
    if pos == len(data):
        raise FormatError("no chunk after the header")
    while pos < len(data):
        piece = data[pos:pos + piece_max]
        last = pos + len(piece) == len(data)
        if len(piece) < 16:
            raise FormatError("chunk %d: shorter than a tag" % i)
        if last and len(piece) == 16 and i != 0:
            raise FormatError("chunk %d: empty last chunk after chunk 0" % i)
        if i >= 2 ** 32:
            raise FormatError("more than 2^32 chunks")
        try:
            out.append(c.decrypt(nonce(h["aead"], i, last), piece, b""))
        except InvalidTag:
            raise FormatError("chunk %d: authentication failed" % i) from None
        pos += len(piece)
        i += 1
    return b"".join(out)


def read_key_file(path):
    raw = open(path, "rb").read()
    if len(raw) == 32:
        return raw
    text = raw.strip(b" \t\r\n")
    if not re.fullmatch(rb"[0-9a-fA-F]{64}", text):
        raise FormatError("not a key file")
    return bytes.fromhex(text.decode())


def read_identity(path):
    for line in open(path).read().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            return bech32_decode("age-secret-key-", line)
    raise FormatError("no identity in the file")


def main(argv):
    key = passphrase = identity = None
    args = list(argv[1:])
    try:
        while args and args[0].startswith("-"):
            opt = args.pop(0)
            if opt == "-k":
                key = read_key_file(args.pop(0))
            elif opt == "-i":
                identity = read_identity(args.pop(0))
            elif opt == "--passphrase-file":
                passphrase = open(args.pop(0), "rb").read().split(b"\n")[0].rstrip(b"\r")
            else:
                raise FormatError("unknown option " + opt)
        if len(args) != 1:
            raise FormatError("usage: format_decoder.py (-k KEYFILE | --passphrase-file F | "
                              "-i IDENTITY_FILE) FILE")
        sys.stdout.buffer.write(decrypt(open(args[0], "rb").read(), key, passphrase, identity))
        return 0
    except Unsupported as e:
        print("format_decoder: unsupported: %s" % e, file=sys.stderr)
        return 77
    except FormatError as e:
        print("format_decoder: %s" % e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
