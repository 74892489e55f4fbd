#!/usr/bin/env python3
"""make-seeds.py -- (re)write the seed corpora of fuzz/corpus/ (small files).

    fuzz/make-seeds.py RIJN_CLI

RIJN_CLI is a built `rijn` (the encrypted seeds are made with it and with
`openssl enc`, under the fixed test key / passphrase the harnesses use).
The other seeds are byte layouts that reach every target of each harness
(the first bytes select the target; see each fuzz_*.c). Deterministic
except for the salts and nonces of the encrypted files.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
corpus = os.path.join(here, "corpus")
KEY_HEX = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"


def put(name, i, data):
    d = os.path.join(corpus, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "seed-%03d" % i), "wb") as f:
        f.write(data)


def pat(n, k=1):
    return bytes((k * 37 + 11 * j) & 0xFF for j in range(n))


def main():
    cli = os.path.abspath(sys.argv[1])
    shutil.rmtree(corpus, ignore_errors=True)
    tmp = tempfile.mkdtemp()
    key = os.path.join(tmp, "key")
    pw = os.path.join(tmp, "pass")
    with open(key, "w") as f:
        f.write(KEY_HEX + "\n")
    with open(pw, "w") as f:
        f.write("fuzz\n")
    plain = os.path.join(tmp, "plain")

    def encrypt(args, data):
        with open(plain, "wb") as f:
            f.write(data)
        out = os.path.join(tmp, "out")
        if os.path.exists(out):
            os.unlink(out)
        subprocess.run([cli, "encrypt", "--no-progress"] + args + ["-o", out, plain],
                       check=True, stderr=subprocess.DEVNULL)
        with open(out, "rb") as f:
            return f.read()

    # rijn files under the test key: fuzz_file (mode byte 0) and cli_decrypt
    i = 0
    for aead in ("aes-256-gcm", "chacha20-poly1305", "ascon128"):
        for n in (0, 100, 600):
            for armor in ([], ["--armor"]):
                f = encrypt(["-k", key, "-a", aead, "--chunk-size", "256"] + armor, pat(n, i))
                put("cli_decrypt", i, f)
                if not armor:
                    put("file", i, b"\x00" + f)
                i += 1
    # fuzz_file modes 1 (valid header + arbitrary chunks) and 2 (tamper)
    for j in range(6):
        put("file", 100 + j, bytes([1, 1, j, j % 3]) + b"salt" + pat(272 * (j % 3) + 40 * j, j))
        put("file", 200 + j, bytes([2, j, 0, 7 * j, 0, j, j % 3]) + b"salt" + pat(300 * j, j))

    # legacy formats (fuzz_cli_legacy: option byte, then the file)
    i = 0
    ciphers = ["aes-128-cbc", "aes-192-ctr", "aes-256-cfb", "aes-256-cfb8", "aes-128-ofb",
               "aes-256-cbc", "aes-256-ctr", "aes-192-cbc"]
    mds = ["sha256", "md5", "sha1", "sha512"]
    for c in range(8):
        for md in (0, 1):
            for pb in (0, 1):
                opt = c << 2 | md << 5 | pb
                args = ["openssl", "enc", "-" + ciphers[c], "-md", mds[md], "-pass", "pass:fuzz"]
                if pb:
                    args += ["-pbkdf2", "-iter", "1"]
                data = subprocess.run(args, input=pat(40 + c * 7, c), check=True,
                                      capture_output=True).stdout
                put("cli_legacy", i, bytes([opt]) + data)
                i += 1
    for c, name in enumerate(["AES-128-CBC", "AES-192-CTR", "AES-256-CFB128", "AES-128-OFB"]):
        f = encrypt(["--format", "mbedtls", "--passphrase-file", pw, "-c", name, "--md",
                     "sha256"], pat(50 + c, c))
        put("cli_legacy", i, bytes([2 | c << 2]) + f)
        i += 1
    f = encrypt(["--format", "openssl", "--passphrase-file", pw, "--armor"], pat(70))
    put("cli_legacy", i, bytes([3]) + f)

    # ACVP: the first test of the first groups of each prompt, no Monte Carlo
    acvp = os.path.join(here, "..", "tests", "vectors", "acvp")
    i = 0
    for name in sorted(os.listdir(acvp)):
        if not name.endswith(".prompt.json"):
            continue
        with open(os.path.join(acvp, name)) as f:
            doc = json.load(f)
        vs = doc[1] if isinstance(doc, list) else doc
        groups = [g for g in vs.get("testGroups", []) if g.get("testType") != "MCT"][:2]
        for g in groups:
            g["tests"] = g.get("tests", [])[:1]
        vs["testGroups"] = groups
        put("cli_acvp", i, json.dumps(vs, separators=(",", ":")).encode())
        i += 1

    # byte layouts
    for sel in range(10):
        for n in (0, 17, 64):
            put("aead", sel * 3 + n % 5, bytes([sel, 2, 12, 255, 9, 0, sel]) + pat(64 + 24 + 9 + n, sel))
    for sel in range(16):
        for n in (16, 33):
            put("modes", sel * 2 + (n > 16), bytes([sel, 2, 0, sel]) + pat(80 + n, sel))
    for k in range(3):
        put("cbc_pkcs7", k, bytes([k, 1]) + pat(16 * (k + 2) + 16 * 2, k))
    for sel in range(9):
        for par in (0, 5, 12):
            put("hash", sel * 3 + par % 4, bytes([sel, par, 1, 2]) + pat(10 + 50 * par, sel))
    for i, s in enumerate([b"", b"00ff10Ab", b"Zm9vYmFy", b"Zm9vYg==", b"Zm8", b"_-8A",
                           b"Zm9v\nYmFy", b"!!"]):
        put("encoding", i, s)
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
