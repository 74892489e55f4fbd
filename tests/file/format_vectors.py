#!/usr/bin/env python3
"""format_vectors.py -- worked test vectors of the rijn file format.

Runs `rijn encrypt` (the C library through the CLI, with the hidden
--salt-hex option to fix the salt; for version 2 also --file-key-hex and
--ephemeral-hex) on fixed inputs and writes
docs/FORMAT-vectors.md: inputs, parameters, every derived key, the header
and each chunk. Every vector is then checked independently with
tests/file/format_decoder.py (written from docs/FORMAT.md): the derived keys
are computed in Python, the whole file is rebuilt in Python (header MAC
with HMAC-SHA-256, chunks with AES-GCM / ChaCha20-Poly1305 from the
`cryptography` package or the Python Ascon-AEAD128) and must equal the C
output byte for byte, and the decoder must decrypt it.

  format_vectors.py [--cli PATH]            rewrite docs/FORMAT-vectors.md
  format_vectors.py [--cli PATH] --check    compare with the file (exit 1
                                            if it differs or a check fails)
The CLI defaults to $RIJN_CLI.
"""
import os
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import format_decoder as fd  # noqa: E402

DOC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "FORMAT-vectors.md")
KEY = bytes(range(32))
SALT = bytes(range(0x40, 0x60))
PASS = b"correct horse battery staple"
P300 = b"rijn worked vector. " * 15
AEAD_ARG = {1: "aes-256-gcm", 2: "chacha20-poly1305", 3: "ascon128"}

VECTORS = [
    ("1. AES-256-GCM, key file, two chunks", 1, "key", 256, P300, {}),
    ("2. ChaCha20-Poly1305, key file, empty plaintext", 2, "key", 256, b"", {}),
    ("3. AES-256-GCM, PBKDF2 passphrase, plaintext a multiple of the chunk size", 1,
     "pbkdf2", 256, P300 + P300[:212], {"iterations": 1000}),
    ("4. ChaCha20-Poly1305, Argon2id passphrase", 2, "argon2id", 1024, b"hello, rijn\n",
     {"t_cost": 2, "m_cost": 64, "lanes": 1}),
    ("5. Ascon-AEAD128, key file, two chunks", 3, "key", 256, P300, {}),
]

# Version 2 (section 10): fixed file key, identities and ephemeral secrets
# (hidden testing options --file-key-hex / --ephemeral-hex; the i-th X25519
# stanza's ephemeral secret is EPH with its last byte XORed with i).
FILE_KEY = bytes(range(0x80, 0xa0))
EPH = bytes(range(0xc0, 0xe0))
IDENTITIES = [bytes(range(0x10, 0x30)), bytes(range(0x30, 0x50))]
VECTORS2 = [
    ("6. Version 2: AES-256-GCM, two X25519 recipients", 1, 1024, b"hello, recipients\n",
     ["x25519", "x25519"]),
    ("7. Version 2: ChaCha20-Poly1305, an X25519 recipient, a PBKDF2 passphrase and a "
     "key file, two chunks", 2, 256, P300, ["x25519", "pbkdf2", "key"]),
]


def run_cli(cli, tmp, aead, kind, cs, pt, kdf, armor=False):
    kf, pf = os.path.join(tmp, "key"), os.path.join(tmp, "pass")
    with open(kf, "w") as f:
        f.write(KEY.hex() + "\n")
    with open(pf, "wb") as f:
        f.write(PASS + b"\n")
    args = [cli, "encrypt", "--salt-hex", SALT.hex(), "-a", AEAD_ARG[aead], "--chunk-size",
            str(cs)]
    if kind == "key":
        args += ["-k", kf]
    elif kind == "pbkdf2":
        args += ["--passphrase-file", pf, "--kdf", "pbkdf2", "--iter", str(kdf["iterations"])]
    else:
        args += ["--passphrase-file", pf, "--kdf", "argon2id", "--iter", str(kdf["t_cost"]),
                 "--memory", str(kdf["m_cost"]), "--lanes", str(kdf["lanes"])]
    if armor:
        args.append("--armor")
    p = subprocess.run(args, input=pt, capture_output=True, timeout=60)
    if p.returncode != 0:
        raise RuntimeError("rijn encrypt failed: %s" % p.stderr.decode())
    return p.stdout


def run_cli_v2(cli, tmp, aead, cs, pt, kinds):
    kf, pf = os.path.join(tmp, "key"), os.path.join(tmp, "pass")
    with open(kf, "w") as f:
        f.write(KEY.hex() + "\n")
    with open(pf, "wb") as f:
        f.write(PASS + b"\n")
    args = [cli, "encrypt", "--salt-hex", SALT.hex(), "--file-key-hex", FILE_KEY.hex(),
            "--ephemeral-hex", EPH.hex(), "-a", AEAD_ARG[aead], "--chunk-size", str(cs)]
    n = 0
    for k in kinds:
        if k == "x25519":
            args += ["-r", fd.bech32_encode("age", fd.x25519_public(IDENTITIES[n]))]
            n += 1
        elif k == "pbkdf2":
            args += ["--passphrase-file", pf, "--kdf", "pbkdf2", "--iter", "1000"]
        else:
            args += ["-k", kf]
    p = subprocess.run(args, input=pt, capture_output=True, timeout=60)
    if p.returncode != 0:
        raise RuntimeError("rijn encrypt failed: %s" % p.stderr.decode())
    return p.stdout


def python_file_v2(aead, cs, pt, kinds):
    """A version 2 file rebuilt from FORMAT.md section 10 in Python."""
    body = fd.MAGIC + bytes([2, aead]) + struct.pack(">I", cs) + bytes([len(kinds)]) + SALT
    stanzas, n = [], 0
    for i, k in enumerate(kinds):
        if k == "x25519":
            eph = EPH[:31] + bytes([EPH[31] ^ n])
            prefix = b"\x04" + fd.x25519_public(eph)
            st = {"type": 4, "prefix": prefix, "ephemeral": prefix[1:]}
            secret, n = IDENTITIES[n], n + 1
        elif k == "pbkdf2":
            prefix = b"\x02" + struct.pack(">I", 1000)
            st = {"type": 2, "prefix": prefix, "iterations": 1000}
            secret = fd.master_key({"key_source": 2, "salt": SALT, "iterations": 1000},
                                   passphrase=PASS)
        else:
            prefix = b"\x01"
            st = {"type": 1, "prefix": prefix}
            secret = KEY
        kw = fd.wrap_key_v2({"salt": SALT}, st, secret)
        st["wrap_key"] = kw
        st["wrapped"] = fd.AESGCM(kw).encrypt(bytes(12), FILE_KEY, b"")
        body += prefix + st["wrapped"]
        stanzas.append(st)
    keys = fd.key_schedule(FILE_KEY, SALT, aead)
    header = body + fd.hmac.new(keys["header_key"], body, fd.hashlib.sha256).digest()
    c = fd.cipher(aead, keys["payload_key"])
    pieces = [pt[i:i + cs] for i in range(0, len(pt), cs)] or [b""]
    chunks = [(fd.nonce(aead, i, i == len(pieces) - 1),
               c.encrypt(fd.nonce(aead, i, i == len(pieces) - 1), p, b""))
              for i, p in enumerate(pieces)]
    return header, chunks, keys, stanzas


def python_file(aead, kind, cs, pt, kdf):
    """The whole file rebuilt from FORMAT.md in Python; also the keys."""
    ks_id = {"key": 1, "pbkdf2": 2, "argon2id": 3}[kind]
    body = fd.MAGIC + bytes([1, aead]) + struct.pack(">I", cs) + bytes([ks_id])
    if kind == "pbkdf2":
        body += struct.pack(">I", kdf["iterations"])
    elif kind == "argon2id":
        body += struct.pack(">II", kdf["t_cost"], kdf["m_cost"]) + bytes([kdf["lanes"]])
    body += SALT
    h = fd.parse_header(body + bytes(32))
    master = fd.master_key(h, key=KEY if kind == "key" else None,
                           passphrase=None if kind == "key" else PASS)
    keys = fd.key_schedule(master, SALT, aead)
    keys["master"] = master
    header = body + fd.hmac.new(keys["header_key"], body, fd.hashlib.sha256).digest()
    c = fd.cipher(aead, keys["payload_key"])
    pieces = [pt[i:i + cs] for i in range(0, len(pt), cs)] or [b""]
    chunks = [(fd.nonce(aead, i, i == len(pieces) - 1),
               c.encrypt(fd.nonce(aead, i, i == len(pieces) - 1), p, b""))
              for i, p in enumerate(pieces)]
    return header, chunks, keys


def wrap(hexstr, indent="    "):
    return "\n".join(indent + hexstr[i:i + 64] for i in range(0, len(hexstr), 64)) or indent


def render(results):
    out = ["# rijn file format: worked test vectors", "",
           "Generated by `tests/file/format_vectors.py` from a run of `rijn encrypt` (the C",
           "library; the salt fixed with the hidden testing option `--salt-hex`), and",
           "checked by the tests: the independent Python decoder `tests/file/format_decoder.py`,",
           "written from `docs/FORMAT.md` alone, derives every key below, rebuilds each",
           "file byte for byte and decrypts it. All values are hexadecimal unless quoted.",
           "",
           "Common inputs:", "",
           "- key file contents (vectors 1, 2, 5): `%s` and a newline, i.e. the" % KEY.hex(),
           "  32-byte key 00 01 02 ... 1f;",
           "- passphrase (vectors 3, 4): \"%s\" (its UTF-8 bytes, no newline);" % PASS.decode(),
           "- salt: `%s`;" % SALT.hex(),
           "- \"P300\" is the 300 ASCII bytes of \"rijn worked vector. \" repeated 15 times.",
           ""]
    for (title, aead, kind, cs, pt, kdf), (data, header, chunks, keys) in results:
        out += ["## " + title, ""]
        kdesc = {"key": "01 raw key",
                 "pbkdf2": "02 PBKDF2-HMAC-SHA-256, %d iterations" % kdf.get("iterations", 0),
                 "argon2id": "03 Argon2id, t_cost %d, m_cost %d KiB, p %d" % (
                     kdf.get("t_cost", 0), kdf.get("m_cost", 0), kdf.get("lanes", 0))}[kind]
        if pt == P300:
            ptdesc = "P300"
        elif pt == P300 + P300[:212]:
            ptdesc = "P300 followed by its first 212 bytes (512 bytes)"
        elif pt == b"":
            ptdesc = "empty"
        else:
            ptdesc = "the %d ASCII bytes %r" % (len(pt), pt.decode())
        out += ["| field | value |", "| --- | --- |",
                "| aead | %02x %s |" % (aead, fd.AEADS[aead]),
                "| chunk_size | %d |" % cs,
                "| key_source | %s |" % kdesc,
                "| plaintext | %s |" % ptdesc,
                "| file length | %d bytes (header %d, %d chunk%s) |" % (
                    len(data), len(header), len(chunks), "" if len(chunks) == 1 else "s"), ""]
        out += ["Keys (section 4):", "", "    master key  " + keys["master"].hex(),
                "    PRK         " + keys["prk"].hex(),
                "    header_key  " + keys["header_key"].hex(),
                "    payload_key " + keys["payload_key"].hex(), ""]
        out += ["Header (%d bytes; the last 32 are header_mac):" % len(header), "",
                wrap(header.hex()), ""]
        for i, (nonce, ct) in enumerate(chunks):
            out += ["Chunk %d (nonce %s, %d bytes of ciphertext and the tag):" % (
                i, nonce.hex(), len(ct) - 16), "", wrap(ct.hex()), ""]
    return "\n".join(out)


def render_v2(results):
    out = ["# Version 2: recipients (section 10)", "",
           "Same salt, key file and passphrase as above; the file key and the",
           "ephemeral X25519 secrets are fixed with the hidden testing options",
           "`--file-key-hex` and `--ephemeral-hex` (the i-th X25519 stanza's ephemeral",
           "secret is the given one with its last byte XORed with i). Never do this",
           "with real data.", "",
           "- file key F: `%s`;" % FILE_KEY.hex(),
           "- ephemeral secret e_0: `%s`;" % EPH.hex()]
    for i, ident in enumerate(IDENTITIES):
        out += ["- identity %d: `%s`," % (i, ident.hex()),
                "  i.e. `%s`," % fd.bech32_encode("age-secret-key-", ident).upper(),
                "  public key `%s`;" % fd.bech32_encode("age", fd.x25519_public(ident))]
    out += [""]
    for (title, aead, cs, pt, kinds), (data, header, chunks, keys, stanzas) in results:
        out += ["## " + title, "",
                "| field | value |", "| --- | --- |",
                "| aead | %02x %s |" % (aead, fd.AEADS[aead]),
                "| chunk_size | %d |" % cs,
                "| stanzas | %s |" % ", ".join(kinds),
                "| plaintext | %s |" % ("P300" if pt == P300 else "the %d ASCII bytes %r" % (
                    len(pt), pt.decode())),
                "| file length | %d bytes (header %d, %d chunk%s) |" % (
                    len(data), len(header), len(chunks), "" if len(chunks) == 1 else "s"), ""]
        for i, st in enumerate(stanzas):
            out += ["Stanza %d (type %02x): type and parameters, wrap key K_%d, wrapped F:" % (
                i, st["type"], i), "", wrap(st["prefix"].hex()), "",
                "    K_%d     %s" % (i, st["wrap_key"].hex()), "", wrap(st["wrapped"].hex()), ""]
        out += ["Keys from F (section 4 with M = F):", "",
                "    PRK         " + keys["prk"].hex(),
                "    header_key  " + keys["header_key"].hex(),
                "    payload_key " + keys["payload_key"].hex(), "",
                "Header (%d bytes; the last 32 are header_mac):" % len(header), "",
                wrap(header.hex()), ""]
        for i, (nonce, ct) in enumerate(chunks):
            out += ["Chunk %d (nonce %s, %d bytes of ciphertext and the tag):" % (
                i, nonce.hex(), len(ct) - 16), "", wrap(ct.hex()), ""]
    return "\n".join(out)


def main(argv):
    cli = os.environ.get("RIJN_CLI")
    check = "--check" in argv
    if "--cli" in argv:
        cli = argv[argv.index("--cli") + 1]
    if not cli:
        print("format_vectors.py: give --cli PATH or set RIJN_CLI", file=sys.stderr)
        return 2
    results, problems = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for v in VECTORS:
            title, aead, kind, cs, pt, kdf = v
            data = run_cli(cli, tmp, aead, kind, cs, pt, kdf)
            header, chunks, keys = python_file(aead, kind, cs, pt, kdf)
            if data != header + b"".join(ct for _, ct in chunks):
                problems.append("%s: the C output differs from the Python rebuild" % title)
            got = fd.decrypt(data, key=KEY if kind == "key" else None,
                             passphrase=None if kind == "key" else PASS)
            if got != pt:
                problems.append("%s: format_decoder.py does not decrypt it" % title)
            results.append((v, (data, header, chunks, keys)))
        results2 = []
        for v in VECTORS2:
            title, aead, cs, pt, kinds = v
            data = run_cli_v2(cli, tmp, aead, cs, pt, kinds)
            header, chunks, keys, stanzas = python_file_v2(aead, cs, pt, kinds)
            if data != header + b"".join(ct for _, ct in chunks):
                problems.append("%s: the C output differs from the Python rebuild" % title)
            for secret in (dict(identity=IDENTITIES[0]), dict(key=KEY), dict(passphrase=PASS),
                           dict(identity=IDENTITIES[1])):
                want_ok = (("identity" in secret and (secret["identity"] == IDENTITIES[0] or
                                                      kinds.count("x25519") > 1)) or
                           ("key" in secret and "key" in kinds) or
                           ("passphrase" in secret and "pbkdf2" in kinds))
                try:
                    got = fd.decrypt(data, **secret)
                except fd.FormatError:
                    got = None
                if (got == pt) != want_ok:
                    problems.append("%s: format_decoder.py with %s: %s" % (
                        title, list(secret)[0], "fails" if want_ok else "opens it"))
            results2.append((v, (data, header, chunks, keys, stanzas)))
        text = render(results) + "\n\n" + render_v2(results2) + "\n"
    for p in problems:
        print("FAIL", p)
    if check:
        with open(DOC) as f:
            if f.read() != text:
                problems.append("docs/FORMAT-vectors.md differs from this run")
                print("FAIL docs/FORMAT-vectors.md differs from this run")
        print("format_vectors.py: %d vectors checked, %d problems" % (
            len(VECTORS) + len(VECTORS2), len(problems)))
    elif not problems:
        with open(DOC, "w") as f:
            f.write(text)
        print("wrote %s (%d vectors)" % (os.path.normpath(DOC), len(VECTORS) + len(VECTORS2)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
