#!/usr/bin/env python3
"""test_cli_recipients.py -- version 2 of the rijn format (docs/FORMAT.md
section 10): `rijn keygen --x25519`, `rijn encrypt -r/-R` (with passphrase
and key-file stanzas), `rijn decrypt -i`.

  - keygen --x25519: mode 0600, age-keygen's layout, "Public key:" on
    stderr, -y gives the same key, age-keygen -y agrees (age reads the
    identity: a file age encrypts to it opens in rijn and vice versa),
    no overwrite without --force;
  - two recipients: each identity opens the file, rijn names the stanza
    that opened; a third identity fails with exit 1 and says what the file
    has; no secret at all is exit 2; -R files with comments; armor;
  - mixed stanzas (X25519, PBKDF2 passphrase, key file): each secret opens
    the file alone; the independent decoder tests/file/format_decoder.py opens
    every file with every secret (all AEADs, several lengths);
  - a changed stanza, stanza count or MAC is rejected (exit 1, no output
    file); 33 recipients are refused; version 1 files still decrypt.
A missing age-keygen/age is a failure, not a skip.
"""
import os
import shutil
import stat
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "file"))
import format_decoder as fd  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_support import CLI, QUICK, check, path, read, run, rijn, write  # noqa: E402,F401
import cli_support as cs  # noqa: E402

T = None


def keygen(name):
    rc, out, err = rijn(["keygen", "--x25519", "-o", path(name)])
    check(rc == 0 and out == b"" and err.startswith("Public key: age1"),
          "keygen --x25519: rc %d %r" % (rc, err))
    return err.split()[-1]


def keys():
    pub = keygen("a.key")
    mode = stat.S_IMODE(os.stat(path("a.key")).st_mode)
    check(mode == 0o600, "identity file mode %o" % mode)
    lines = open(path("a.key")).read().splitlines()
    check(len(lines) == 3 and lines[0].startswith("# created: ") and
          lines[1] == "# public key: " + pub and lines[2].startswith("AGE-SECRET-KEY-1") and
          len(lines[2]) == 74, "identity file layout: %r" % lines)
    rc, out, _ = rijn(["keygen", "-y", path("a.key")])
    check(rc == 0 and out.decode().strip() == pub, "keygen -y")
    rc, out, _ = run(["age-keygen", "-y", path("a.key")])
    check(rc == 0 and out.decode().strip() == pub, "age-keygen -y agrees: %r" % out)
    rc, _, err = rijn(["keygen", "--x25519", "-o", path("a.key")])
    check(rc == 2, "no overwrite without --force: rc %d" % rc)
    data = os.urandom(3000)
    rc, enc, _ = run(["age", "-r", pub], data)
    rc, out, err = rijn(["decrypt", "-i", path("a.key")], enc)
    check(rc == 0 and out == data, "age -> rijn identity: %s" % err)
    rc, enc, _ = rijn(["encrypt", "-r", pub], data)
    check(enc[:9] == fd.MAGIC + b"\x02", "rijn -r writes version 2")
    ident = fd.bech32_decode("age-secret-key-", lines[2])
    check(fd.bech32_encode("age", fd.x25519_public(ident)) == pub, "decoder's Bech32 agrees")
    return pub


def two_recipients(pub_a):
    pub_b = keygen("b.key")
    keygen("c.key")
    data = os.urandom(100000)
    write("recips", ("# team\n\n  %s\n%s\n" % (pub_a, pub_b)).encode())
    for args in (["-r", pub_a, "-r", pub_b], ["-R", path("recips")],
                 ["-r", pub_a, "-R", path("recips"), "--armor"]):
        rc, enc, err = rijn(["encrypt"] + args, data)
        check(rc == 0, "encrypt %s: %s" % (args, err))
        n = 3 if "--armor" in args else 2
        for i, k in enumerate(("a.key", "b.key")):
            rc, out, err = rijn(["decrypt", "-i", path(k)], enc)
            check(rc == 0 and out == data and ("stanza %d of %d" % (i + 1 if i == 0 else n, n))
                  in err,
                  "%s opens %s: %s" % (k, args, err))
        rc, out, err = rijn(["decrypt", "-i", path("c.key")], enc)
        check(rc == 1 and out == b"" and "no stanza opened" in err and
              ("%d X25519 recipients" % n) in err, "third identity: rc %d %s" % (rc, err))
        rc, out, err = rijn(["decrypt", "-i", path("c.key"), "-i", path("b.key")], enc)
        check(rc == 0 and out == data, "second of two identities")
    rc, out, err = rijn(["decrypt"], enc)
    check(rc == 2 and "-i IDENTITY" in err, "no secret given: rc %d %s" % (rc, err))
    many = "".join(keygen_pub() + "\n" for _ in range(33))
    write("many", many.encode())
    rc, _, err = rijn(["encrypt", "-R", path("many")], b"x")
    check(rc == 2 and "too many" in err, "33 recipients refused: %s" % err)
    rc, _, err = rijn(["encrypt", "-r", "age1notakey"], b"x")
    check(rc == 2 and "not an X25519 recipient" in err, "bad recipient: %s" % err)


def keygen_pub():
    rc, out, _ = rijn(["keygen", "--x25519"])
    return [line for line in out.decode().splitlines() if line.startswith("# public key: ")][
        0].split()[-1]


def mixed(pub_a):
    rc, _, _ = rijn(["keygen", "-o", path("sym")])
    write("pw", b"open sesame\n")
    ident = fd.bech32_decode("age-secret-key-", open(path("a.key")).read().splitlines()[2])
    key = bytes.fromhex(open(path("sym")).read().strip())
    for aead in ("aes-256-gcm", "chacha20-poly1305", "ascon128"):
        for n in (0, 1, 256, 1000):
            data = os.urandom(n)
            rc, enc, err = rijn(["encrypt", "-a", aead, "--chunk-size", "256", "-r", pub_a,
                                 "--passphrase-file", path("pw"), "--kdf", "pbkdf2", "--iter",
                                 "1000", "-k", path("sym")], data)
            check(rc == 0, "mixed encrypt %s %d: %s" % (aead, n, err))
            for opts, kw in ((["-i", path("a.key")], {"identity": ident}),
                             (["--passphrase-file", path("pw")], {"passphrase": b"open sesame"}),
                             (["-k", path("sym")], {"key": key})):
                rc, out, err = rijn(["decrypt"] + opts, enc)
                check(rc == 0 and out == data, "mixed %s %d with %s: %s" % (aead, n, opts[0], err))
                check(fd.decrypt(enc, **kw) == data, "decoder %s %d with %s" % (aead, n, opts[0]))
    return enc, data


def tampering(enc, data):
    h = fd.parse_header_v2(enc)
    hl = h["header_len"]
    cases = {"stanza count": enc[:14] + b"\x02" + enc[15:],
             "X25519 share": enc[:50] + bytes([enc[50] ^ 1]) + enc[51:],
             "wrapped key": enc[:120] + bytes([enc[120] ^ 1]) + enc[121:],
             "header MAC": enc[:hl - 1] + bytes([enc[hl - 1] ^ 1]) + enc[hl:],
             "salt": enc[:20] + bytes([enc[20] ^ 1]) + enc[21:],
             "stanza type": enc[:47] + b"\x09" + enc[48:],
             "cut header": enc[:hl - 5]}
    for what, blob in cases.items():
        f = write("bad", blob)
        o = path("bad.out")
        rc, out, err = rijn(["decrypt", "-i", path("a.key"), "-o", o, f])
        check(rc == 1 and not os.path.exists(o), "%s rejected: rc %d %s" % (what, rc, err))
    rc, out, err = rijn(["decrypt", "-k", path("sym"), "-o", path("ok.out"), write("good", enc)])
    check(rc == 0 and open(path("ok.out"), "rb").read() == data, "the intact file decrypts")


def version1():
    data = os.urandom(500)
    rc, enc, _ = rijn(["encrypt", "-k", path("sym")], data)
    check(enc[8] == 1, "no -r: version 1 as before")
    rc, out, err = rijn(["decrypt", "-k", path("sym")], enc)
    check(rc == 0 and out == data, "version 1 still decrypts: %s" % err)


def main():
    global T
    if cs.missing(("age", "age-keygen"), "Debian package 'age'"):
        return 1
    T = cs.use_dir(tempfile.mkdtemp(prefix="rijn-recip-"))
    try:
        pub = keys()
        two_recipients(pub)
        enc, data = mixed(pub)
        tampering(enc, data)
        version1()
    finally:
        shutil.rmtree(T, ignore_errors=True)
    return cs.summary()


if __name__ == "__main__":
    sys.exit(main())
