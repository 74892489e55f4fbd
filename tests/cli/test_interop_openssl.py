#!/usr/bin/env python3
"""test_interop_openssl.py -- `rijn encrypt --format openssl` and `rijn
decrypt` against the real `openssl enc` command, in both directions.

  - every cipher (AES-128/192/256 x CBC, CTR, CFB, CFB8, OFB) x key
    derivation (EVP_BytesToKey, PBKDF2 with the default 10000 iterations,
    PBKDF2 -iter 1000) x -md (md5, sha1, sha256, sha512): rijn writes ->
    openssl decrypts, openssl writes -> rijn decrypts (lengths rotate
    through 0, 1, 15, 16, 17, 31, 4096, 70000);
  - lengths around the 64 KiB buffer and block boundaries for CBC;
  - Base64 (openssl -a; -A single-line input too), -nosalt, pipes,
    recognition of "Salted__" / Base64 input without --format;
  - exactly one warning line on stderr when writing, none when reading;
  - passphrases typed on a terminal (-p: twice, no echo, when writing);
  - wrong passphrase / options give exit 1 (CBC: bad padding), usage
    errors exit 2, rijn-format files still decrypt through the same
    command (the hook only claims what is its own).
Prints "N passed, N failed"; exit 1 on failure, 77 without the CLI or
the openssl command. RIJN_TEST_QUICK shrinks the matrix.
"""
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_support import CLI, QUICK, check, on_tty, path, read, run, rijn, write  # noqa: E402,F401
import cli_support as cs  # noqa: E402

T = None


CIPHERS = ["aes-%d-%s" % (b, m) for b in (128, 192, 256)
           for m in ("cbc", "ctr", "cfb", "cfb8", "ofb")]
KDFS = [[], ["-pbkdf2"], ["-iter", "1000"]]
MDS = ["md5", "sha1", "sha256", "sha512"]
LENGTHS = [0, 1, 15, 16, 17, 31, 4096, 70000]


def ropts(kdf):
    return ["--pbkdf2"] if kdf == ["-pbkdf2"] else (["--iter", kdf[1]] if kdf else [])


def matrix():
    pw = write("pw", b"correct horse\n")
    n = 0
    for c in CIPHERS:
        for kdf in KDFS:
            for md in MDS:
                n += 1
                if QUICK and n % 5 != 0:
                    continue
                length = LENGTHS[n % len(LENGTHS)]
                data = os.urandom(length)
                src = write("p.bin", data)
                tag = "%s %s md %s len %d" % (c, " ".join(kdf) or "legacy", md, length)
                # rijn -> openssl
                rc, _, err = rijn(["encrypt", "--format", "openssl", "-c", c, "--md", md,
                                   "--passphrase-file", pw, "-o", path("r.enc"), "--force",
                                   src] + ropts(kdf))
                check(rc == 0 and err.count("\n") == 1 and "warning" in err,
                      "rijn encrypt %s: rc %d, stderr %r" % (tag, rc, err))
                rc, out, err = run(["openssl", "enc", "-d", "-" + c, "-md", md, "-pass",
                                    "file:" + pw, "-in", path("r.enc")] + kdf)
                check(rc == 0 and out == data, "rijn -> openssl %s: rc %d %s" % (tag, rc, err))
                # openssl -> rijn
                rc, _, err = run(["openssl", "enc", "-" + c, "-md", md, "-pass", "file:" + pw,
                                  "-in", src, "-out", path("o.enc")] + kdf)
                check(rc == 0, "openssl enc %s: %s" % (tag, err))
                rc, out, err = rijn(["decrypt", "-c", c, "--md", md, "--passphrase-file", pw,
                                     path("o.enc")] + ropts(kdf))
                check(rc == 0 and out == data and err == "",
                      "openssl -> rijn %s: rc %d %r" % (tag, rc, err))


def lengths():
    pw = write("pw", b"pw")
    ls = [0, 1, 15, 16, 17, 32, 33, 65535, 65536, 65537, 65551, 65552, 200000]
    for length in ls[::3] if QUICK else ls:
        data = os.urandom(length)
        src = write("p.bin", data)
        rc, enc, _ = rijn(["encrypt", "--format", "openssl", "--pbkdf2", "--passphrase-file",
                           pw], data)
        check(rc == 0 and len(enc) == 16 + (length // 16 + 1) * 16,
              "cbc length %d: size %d" % (length, len(enc)))
        rc, out, _ = run(["openssl", "enc", "-d", "-aes-256-cbc", "-pbkdf2", "-pass",
                          "file:" + pw], enc)
        check(rc == 0 and out == data, "cbc length %d rijn -> openssl (pipe)" % length)
        rc, enc, _ = run(["openssl", "enc", "-aes-256-cbc", "-pbkdf2", "-pass", "file:" + pw,
                          "-in", src])
        rc, out, err = rijn(["decrypt", "--pbkdf2", "--passphrase-file", pw], enc)
        check(rc == 0 and out == data, "cbc length %d openssl -> rijn (pipe): %s" % (length, err))


def base64_and_nosalt():
    pw = write("pw", b"b64 pass")
    for length in (0, 5, 48, 100, 3000):
        data = os.urandom(length)
        src = write("p.bin", data)
        for c, kdf in (("aes-256-cbc", ["-pbkdf2"]), ("aes-128-ctr", []), ("aes-192-ofb",
                                                                         ["-iter", "7"])):
            tag = "%s %s len %d" % (c, kdf, length)
            rc, enc, _ = rijn(["encrypt", "--format", "openssl", "--armor", "-c", c,
                               "--passphrase-file", pw] + ropts(kdf), data)
            lines = enc.decode().splitlines()
            check(rc == 0 and all(len(x) <= 64 for x in lines) and enc.endswith(b"\n"),
                  "armor lines %s" % tag)
            rc, out, err = run(["openssl", "enc", "-d", "-a", "-" + c, "-pass", "file:" + pw]
                               + kdf, enc)
            check(rc == 0 and out == data, "armor rijn -> openssl %s: %s" % (tag, err))
            for flag in ("-a", "-A"):
                args = ["openssl", "enc", "-a", "-" + c, "-pass", "file:" + pw, "-in", src]
                if flag == "-A":
                    args.insert(3, "-A")
                rc, enc, _ = run(args + kdf)
                rc, out, err = rijn(["decrypt", "-c", c, "--passphrase-file", pw]
                                    + ropts(kdf), enc)
                check(rc == 0 and out == data, "armor %s openssl -> rijn %s: %s"
                      % (flag, tag, err))
            # -nosalt
            rc, enc, _ = rijn(["encrypt", "--format", "openssl", "--nosalt", "-c", c,
                               "--passphrase-file", pw] + ropts(kdf), data)
            rc2, out, err = run(["openssl", "enc", "-d", "-nosalt", "-" + c, "-pass",
                                 "file:" + pw] + kdf, enc)
            check(rc == 0 and rc2 == 0 and out == data, "nosalt rijn -> openssl %s" % tag)
            rc, enc, _ = run(["openssl", "enc", "-nosalt", "-" + c, "-pass", "file:" + pw,
                              "-in", src] + kdf)
            rc, out, err = rijn(["decrypt", "--format", "openssl", "--nosalt", "-c", c,
                                 "--passphrase-file", pw] + ropts(kdf), enc)
            check(rc == 0 and out == data, "nosalt openssl -> rijn %s: %s" % (tag, err))


def errors():
    pw = write("pw", b"right")
    bad = write("bad", b"wrong")
    data = os.urandom(1000)
    src = write("p.bin", data)
    run(["openssl", "enc", "-aes-256-cbc", "-pbkdf2", "-pass", "file:" + pw, "-in", src,
         "-out", path("o.enc")])
    rc, out, err = rijn(["decrypt", "--pbkdf2", "--passphrase-file", bad, path("o.enc"),
                         "-o", path("never")])
    # CBC without authentication: a wrong key gives valid-looking PKCS#7
    # padding for about 1 random salt in 256 (openssl enc then "succeeds"
    # too); the plaintext must still be wrong then.
    never = path("never")
    check((rc == 1 and "bad decrypt" in err and not os.path.exists(never)) or
          (rc == 0 and open(never, "rb").read() != data),
          "wrong passphrase: rc %d %r" % (rc, err))
    if os.path.exists(never):
        os.unlink(never)
    rc, out, err = rijn(["decrypt", "--passphrase-file", pw, path("o.enc")])
    check((rc == 1 and err.count("\n") == 1) or (rc == 0 and out != data),
          "legacy KDF on a PBKDF2 file: rc %d %r" % (rc, err))
    enc = read("o.enc")
    rc, out, err = rijn(["decrypt", "--pbkdf2", "--passphrase-file", pw], enc[:20])
    check(rc == 1 and "not a whole number of blocks" in err, "truncated: %r" % err)
    rc, out, err = rijn(["decrypt", "--format", "openssl", "--passphrase-file", pw], b"Salt")
    check(rc == 1 and "Salted__" in err, "short input: %r" % err)
    rc, out, err = rijn(["decrypt", "--format", "openssl", "--passphrase-file", pw], b"")
    check(rc == 1 and "empty" in err, "empty input: %r" % err)
    for args in (["-k", pw], ["-c", "aes-256-xts"], ["--md", "sha3-256"], ["--iter", "0"],
                 ["--iter", "x"], ["--nosalt", "--salt-hex", "0011223344556677"],
                 ["--iv-hex", "00" * 16]):
        rc, out, err = rijn(["encrypt", "--format", "openssl", "--passphrase-file", pw] + args,
                            b"x")
        check(rc == 2 and out == b"", "usage %s: rc %d %r" % (args, rc, err))
    rc, out, err = rijn(["encrypt", "--format", "nonsense", "--passphrase-file", pw], b"x")
    check(rc == 2 and "unknown format" in err, "unknown format: %r" % err)
    rc, out, err = rijn(["encrypt", "--format", "openssl", "--passphrase-file", pw, "-o",
                         src, src])
    check(rc == 2 and read("p.bin") == data, "same file refused: rc %d" % rc)
    rc, out, err = rijn(["encrypt", "--format", "openssl", "--passphrase-file", pw, "-o",
                         src], b"x")
    check(rc == 2 and "exists" in err and read("p.bin") == data, "no overwrite: %r" % err)
    empty = write("empty", b"")
    rc, out, err = rijn(["encrypt", "--format", "openssl", "--passphrase-file", empty], b"x")
    check(rc == 2 and "empty passphrase" in err, "empty passphrase: %r" % err)
    rc, out, _ = rijn(["encrypt", "--format", "openssl", "--help"])
    check(rc == 0 and b"Salted__" in out and b"NEITHER IS SAFE" in out, "help")


def fixed_vector():
    # A fixed salt makes the output deterministic: compare with openssl -S.
    pw = write("pw", b"vector")
    data = b"The quick brown fox jumps over the lazy dog"
    for kdf in ([], ["-pbkdf2"]):
        rc, enc, _ = rijn(["encrypt", "--format", "openssl", "--salt-hex", "0102030405060708",
                           "--passphrase-file", pw] + ropts(kdf), data)
        rc2, ref, _ = run(["openssl", "enc", "-aes-256-cbc", "-S", "0102030405060708", "-pass",
                           "file:" + pw] + kdf, data)
        # OpenSSL 3 leaves the "Salted__" header out when -S is given
        check(rc == 0 and rc2 == 0 and enc[:16] == b"Salted__\x01\x02\x03\x04\x05\x06\x07\x08"
              and enc[16:] == ref, "fixed salt byte-identical %s" % kdf)


def rijn_format_still_works():
    pw = write("pw", b"rijn format")
    data = os.urandom(5000)
    rc, enc, _ = rijn(["encrypt", "--kdf", "pbkdf2", "--iter", "1000", "--passphrase-file",
                       pw], data)
    rc2, out, err = rijn(["decrypt", "--passphrase-file", pw], enc)
    check(rc == 0 and rc2 == 0 and out == data, "rijn format through the hook (pipe): %s" % err)
    write("r.rijn", enc)
    rc, out, err = rijn(["decrypt", "--passphrase-file", pw, path("r.rijn")])
    check(rc == 0 and out == data, "rijn format through the hook (file): %s" % err)


def terminal_passphrase():
    data = os.urandom(3000)
    src = write("p.bin", data)
    pw = write("pw", b"typed at the terminal\n")
    rc, shown = on_tty([CLI, "encrypt", "--format", "openssl", "--pbkdf2", "-p", "-o",
                        path("t.enc"), src], [b"typed at the terminal"] * 2)
    check(rc == 0 and shown.count("assphrase") == 2 and "typed" not in shown,
          "-p asks twice without echo: rc %d %r" % (rc, shown))
    rc, out, err = run(["openssl", "enc", "-d", "-aes-256-cbc", "-pbkdf2", "-pass",
                        "file:" + pw, "-in", path("t.enc")])
    check(rc == 0 and out == data, "typed passphrase -> openssl: %s" % err)
    rc, shown = on_tty([CLI, "encrypt", "--format", "openssl", "-p", "-o", path("t2.enc"),
                        src], [b"one", b"two"])
    check(rc == 1 and "do not match" in shown and not os.path.exists(path("t2.enc")),
          "-p mismatch refused: rc %d %r" % (rc, shown))
    rc, shown = on_tty([CLI, "decrypt", "--pbkdf2", "-o", path("t.dec"), path("t.enc")],
                       [b"typed at the terminal"])
    check(rc == 0 and shown.count("assphrase") == 1 and read("t.dec") == data,
          "decrypt asks once: rc %d %r" % (rc, shown))


def main():
    global T
    if not CLI or not os.path.exists(CLI) or shutil.which("openssl") is None:
        print("skipped: no RIJN_CLI or no openssl command")
        return 77
    T = cs.use_dir(tempfile.mkdtemp(prefix="rijn-interop-ossl-"))
    try:
        matrix()
        lengths()
        base64_and_nosalt()
        errors()
        fixed_vector()
        rijn_format_still_works()
        terminal_passphrase()
    finally:
        shutil.rmtree(T, ignore_errors=True)
    return cs.summary()


if __name__ == "__main__":
    sys.exit(main())
