#!/usr/bin/env python3
"""test_cli_edges.py -- the rijn CLI's remaining edges, each checked for its
exit status, its one message and its output (nothing written, nothing
left behind by a file writer):
  * option syntax (cli/util.c): "--opt=value" and "-Xvalue" forms, the
    version and help spellings (cli/main.c), hex with blanks;
  * every number, hex and name parser of aead, mac, hash, keygen, pwhash,
    encrypt/decrypt (v1/v2, age, openssl, mbedtls): empty, sign, trailing
    garbage, zero, out of range, odd or blank hex, K/M suffixes;
  * MAC tags verified by HMAC and Poly1305 (right and wrong), --check
    lists with malformed lines (odd hex, no name, escapes);
  * armor text with blanks and CRs around the BEGIN line (file_armor.c),
    the openssl/mbedtls readers' option combinations and key files;
  * the v1/v2 readers with damaged headers: KDF costs above the limits,
    a stanza list that does not parse, a truncated file (no last chunk),
    an empty last chunk after chunk 0, an AEAD or KDF id this build
    does not know;
  * the passphrase prompt on a terminal (a pty) whose echo cannot be
    switched off, a terminal that stops answering.
Prints "N passed, N failed"; exit status 1 on any failure.
"""
import os
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_support as cs  # noqa: E402
from cli_support import check, one_error, path, write  # noqa: E402

KEY16 = "000102030405060708090a0b0c0d0e0f"
KEY32 = KEY16 * 2


def err(args, want_rc, text, data=b"", cmd=None, **kw):
    """args fail with want_rc and the one message text; nothing on stdout."""
    rc, out, e = cs.rijn(args, data, **kw)
    c = cmd or args[0]
    return check(one_error(rc, out, e, want_rc, c, text),
                 "%s -> %d %r: got %d %r %r" % (args, want_rc, text, rc, out[:60], e))


def left():
    """An output or temporary file of a failed run in the scratch directory."""
    return [n for n in os.listdir(cs.T) if n.startswith((".", "out"))]


def ok(args, data=b"", want=None, **kw):
    """args succeed (with stdout want when given); -> stdout."""
    rc, out, e = cs.rijn(args, data, **kw)
    check(rc == 0 and (want is None or out == want),
          "%s -> 0 %r: got %d %r %r" % (args, want, rc, out[:80], e))
    return out


def syntax():
    # version and help spellings
    for a in (["--version"], ["-V"], ["version"]):
        out = ok(a)
        check(out.startswith(b"rijn ") and out.count(b"\n") == 1, "%s: %r" % (a, out))
    out = ok(["help", "no-such-command"])
    check(b"usage" in out.lower(), "help of an unknown command prints the usage")
    # "--opt=value" (long, inline) and "-Kvalue" (short, inline)
    want = ok(["cipher", "-e", "-m", "ecb", "-K", KEY16, "-s", "abc", "--outform", "hex"])
    ok(["cipher", "-e", "--mode=ecb", "--key=" + KEY16, "--in-string=abc", "--outform=hex"],
       want=want)
    ok(["cipher", "-e", "-mecb", "-K" + KEY16, "-sabc", "--outform=hex"], want=want)
    # hex with a blank, odd hex, forms
    err(["cipher", "-e", "-m", "ecb", "-K", KEY16[:30] + " f", "-s", "a"], 2, "key")
    for form in ("bin", "b64"):
        ok(["cipher", "-e", "-m", "ecb", "-K", KEY16, "-s", "abc", "--outform", form])
    err(["cipher", "-e", "-m", "ecb", "-K", KEY16, "-s", "a", "--outform", "octal"], 2,
        "unknown data form 'octal'")
    rc, out, e = cs.rijn(["cipher", "-e", "-m", "cbc", "-K", KEY16, "--iv", "zz" * 16, "-s", "a"])
    check(rc == 2 and out == b"", "cipher: a non-hex IV: %d %r" % (rc, e))


def aead():
    base = ["aead", "seal", "-a", "aes-128-gcm", "-K", KEY16, "-n", "00" * 12, "-s", "x"]
    err(["aead", "seal", "-a", "aes-128-gcm", "-K", KEY16[:-1], "-n", "00" * 12, "-s", "x"], 2,
        "--key is not an even-length hex string")
    err(["aead", "seal", "-a", "aes-128-gcm", "-K", KEY16, "-n", "0" * 23, "-s", "x"], 2,
        "--nonce is not an even-length hex string")
    err(base + ["--aad", "abc"], 2, "--aad is not an even-length hex string")
    err(base + ["--aad", "zz"], 2, "--aad is not an even-length hex string")
    for tl in ("", "8x", "3", "17"):
        err(base + ["--tag-len", tl], 2, "--tag-len %s: aes-128-gcm takes 4..16 bytes" % tl)
    err(["aead", "seal", "seal", "-a", "aes-128-gcm"], 2, "unexpected argument 'seal'")
    err(["aead", "seal", "-K", KEY16], 2, "give -a ALG and --key HEX")
    err(["aead", "open", "-a", "aes-128-gcm", "-n", "00" * 12], 2, "give -a ALG and --key HEX")


def mac():
    msg = "the message"
    for alg, key in (("hmac-sha256", "6b6579"), ("poly1305", KEY32), ("cmac", KEY16)):
        tag = ok(["mac", alg, "-K", key, "-s", msg]).strip().decode()
        check(len(tag) in (32, 64), "%s tag %r" % (alg, tag))
        ok(["mac", alg, "-K", key, "-s", msg, "--verify", tag], want=b"")
        bad = ("0" if tag[0] != "0" else "1") + tag[1:]
        err(["mac", alg, "-K", key, "-s", msg, "--verify", bad], 1, "tag mismatch")
    # --tag-len: empty, garbage, zero, too long, poly1305 other than 16
    for tl, text in (("", "hmac-sha256 takes 1..32"), ("4x", "hmac-sha256 takes 1..32"),
                     ("0", "hmac-sha256 takes 1..32"), ("33", "hmac-sha256 takes 1..32")):
        err(["mac", "hmac-sha256", "-K", "00", "-s", "a", "--tag-len", tl], 2, text)
    err(["mac", "poly1305", "-K", KEY32, "-s", "a", "--tag-len", "15"], 2,
        "poly1305 takes 1..16")
    # --verify: odd, not hex, empty, longer than the tag, poly1305 short
    for v in ("abc", "zz", "", "00" * 33):
        err(["mac", "hmac-sha256", "-K", "00", "-s", "a", "--verify", v], 2,
            "--verify needs a hex tag of 1..32 bytes")
    err(["mac", "poly1305", "-K", KEY32, "-s", "a", "--verify", "00" * 15], 2,
        "--verify needs a hex tag of 1..16 bytes")
    err(["mac", "-K", "00"], 2, "give ALG and --key HEX")
    err(["mac", "hmac-sha256", "-K", "abc", "-s", "a"], 2, "--key is not an even-length hex")
    err(["mac", "hmac-sha256", "-s", "a"], 2, "give ALG and --key HEX")


def hashes():
    for ln in ("", "8x", "0", "4097"):
        err(["hash", "shake128", "--length", ln], 2, "--length applies to")
    err(["hash", "sha256", "--length", "8"], 2, "--length applies to")
    f = write("h.txt", b"hello\n")
    digest = ok(["hash", "sha256", f]).split()[0].decode()
    lines = [
        "%s  %s\n" % (digest, f),                # OK
        "%s  %s\n" % (digest[:-1], f),           # odd hex
        "  %s\n" % f,                            # no hex
        "%s %s\n" % (digest, f),                 # one space
        "%s  \n" % digest,                       # no name
        "%s *%s\n" % (digest, f),                # binary marker: OK
        "\\%s  a\\qb\n" % digest,                # bad escape
        "%sAB  %s\n" % (digest, f),              # uppercase hex, wrong length
        "%s\t%s\n" % (digest, f),                # a tab
    ]
    lst = write("list.txt", "".join(lines).encode())
    rc, out, e = cs.rijn(["hash", "sha256", "--check", lst])
    # as sha256sum: the malformed lines are counted in a warning, not failures
    check(rc == 0 and out.decode().count(": OK") == 2 and "7 lines are improperly formatted" in e,
          "hash --check malformed lines: %d %r %r" % (rc, out, e))
    upper = write("list2.txt", ("%s  %s\n" % (digest.upper(), f)).encode())
    ok(["hash", "sha256", "--check", upper, "--quiet"], want=b"")


def keygen_pwhash():
    ident = write("id.txt", b"")
    rc, _, _ = cs.rijn(["keygen", "--x25519", "-o", ident, "--force"])
    check(rc == 0, "keygen --x25519 -o")
    err(["keygen", "-y", ident, "--x25519"], 2, "-y takes no other option")
    err(["keygen", "-y", ident, "-o", path("pub")], 2, "-y takes no other option")
    check(not os.path.exists(path("pub")), "keygen -y -o: nothing written")
    for v in ("-1", "x", "3x", "0", "99999999999"):
        err(["pwhash", "-t", v], 2, "invalid number '%s'" % v)
    for s in ("$argon2id$v=19$m=0,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",):
        err(["pwhash", "--verify", s, "--passphrase-file", write("pw", b"pw\n")], 2,
            "not an Argon2 PHC string")


def encrypt_opts():
    pw = write("pw", b"secret\n")
    kf = write("k", (KEY32 + "\n").encode())
    base = ["encrypt", "--passphrase-file", pw, "--kdf", "pbkdf2", "--iter", "1"]
    for v, text in (("x", "invalid chunk size 'x'"), ("-5", "invalid chunk size '-5'"),
                    ("12x", "invalid chunk size '12x'"), ("0", "invalid chunk size '0'"),
                    ("99999999999", "invalid chunk size"), ("", "invalid chunk size ''"),
                    ("20M", "the chunk size must be 256 .. 16M bytes")):
        err(base + ["--chunk-size", v], 2, text)
    # the K/M suffixes, lower and upper case: a round trip each
    for v in ("1k", "1K", "1m", "1M"):
        rc, out, e = cs.rijn(base + ["--chunk-size", v], b"abc" * 500)
        rc2, back, e2 = cs.rijn(["decrypt", "--passphrase-file", pw], out)
        check(rc == 0 and rc2 == 0 and back == b"abc" * 500, "--chunk-size %s: %d %d %s" % (
            v, rc, rc2, e + e2))
    err(["encrypt", "--passphrase-file", pw, "--memory", "x"], 2, "invalid memory size 'x'")
    err(["encrypt", "--passphrase-file", pw, "--iter", "1x"], 2, "invalid iteration count")
    err(["encrypt", "--passphrase-file", pw, "--salt-hex", "00"], 2,
        "--salt-hex needs 64 hex digits")
    err(["encrypt", "--passphrase-file", pw, "--salt-hex", "zz" * 32], 2,
        "--salt-hex needs 64 hex digits")
    for opt in ("--file-key-hex", "--ephemeral-hex"):
        err(["encrypt", "-k", kf, opt, "00" * 31], 2, "%s needs 64 hex digits" % opt)
        err(["encrypt", "-k", kf, opt, "zz" * 32], 2, "%s needs 64 hex digits" % opt)
    err(["encrypt", "-k", kf, "--file-key-hex", "00" * 32], 2,
        "--file-key-hex and --ephemeral-hex go together")
    rc, pub, _ = cs.rijn(["keygen", "-y", path("id.txt")])
    pub = pub.decode().strip()
    err(["encrypt", "-p", "--passphrase-file", pw, "-r", pub], 2,
        "give only one of -p and --passphrase-file")
    err(["encrypt", "--kdf", "scrypt", "--passphrase-file", pw], 2, "unknown KDF 'scrypt'")


def age_opts():
    pw = write("pw", b"secret\n")
    rc, pub, _ = cs.rijn(["keygen", "-y", path("id.txt")])
    pub = pub.decode().strip()
    for v in ("x", "0", "41", "12x", "-3", ""):
        err(["encrypt", "--format=age", "--passphrase-file", pw, "--scrypt-log-n", v], 2,
            "invalid scrypt work factor '%s'" % v)
        err(["decrypt", "--format", "age", "--max-scrypt-log-n", v], 2,
            "invalid scrypt work factor '%s'" % v)
    err(["encrypt", "--format=age", "-r", pub, "--bogus"], 2, "unknown option '--bogus'")
    # an option with its value inline ("--output=F") is not age's claim
    rc, out, e = cs.rijn(["encrypt", "--format=age", "-r", pub, "--output=" + path("a.age")],
                         b"hello")
    rc2, back, e2 = cs.rijn(["decrypt", "-i", path("id.txt"), path("a.age")])
    check(rc == 0 and rc2 == 0 and back == b"hello", "age --output=F: %d %d %s" % (rc, rc2, e + e2))


def legacy_opts():
    pw = write("pw", b"secret\n")
    enc = ["encrypt", "--format", "openssl", "--passphrase-file", pw]
    for md in ("sha3-256", "blake2b", "nosuch"):
        err(enc + ["--md", md], 2, "unknown --md '%s'" % md)
    for it in ("x", "-1", "0", "1x", "99999999999", ""):
        err(enc + ["--iter", it], 2, "invalid iteration count '%s'" % it)
    err(enc + ["--salt-hex", "00"], 2, "--salt-hex needs 16 hex digits")
    err(enc + ["--iv-hex", "00" * 16], 2, "--iv-hex is an mbedtls option")
    err(["encrypt", "--format", "mbedtls", "--passphrase-file", pw, "--iv-hex", "00"], 2,
        "--iv-hex needs 32 hex digits")
    # a key file longer than 512 bytes: crypt_and_hash keeps the first 512
    long_key = write("longkey", b"k" * 600)
    cut_key = write("cutkey", b"k" * 512)
    rc, ct, e = cs.rijn(["encrypt", "--format", "mbedtls", "-k", long_key], b"data")
    rc2, back, e2 = cs.rijn(["decrypt", "--format", "mbedtls", "-k", cut_key], ct)
    check(rc == 0 and rc2 == 0 and back == b"data", "mbedtls 600-byte key: %d %d %s" % (
        rc, rc2, e + e2))
    # --armor given to a decrypt whose input is the Base64 form anyway
    rc, ct, e = cs.rijn(enc + ["--armor"], b"data")
    rc2, back, e2 = cs.rijn(["decrypt", "--format", "openssl", "--armor", "--passphrase-file",
                             pw], ct)
    check(rc == 0 and rc2 == 0 and back == b"data", "openssl --armor: %d %d %s" % (
        rc, rc2, e + e2))
    rc2, back, e2 = cs.rijn(["decrypt", "--armor", "--passphrase-file", pw], ct)
    check(rc2 == 0 and back == b"data", "openssl sniffed, --armor: %d %s" % (rc2, e2))


def damage(data, at, new):
    """data with the bytes at offset at replaced by new."""
    return data[:at] + new + data[at + len(new):]


def v1_headers():
    pw = write("pw", b"secret\n")
    kf = write("k", (KEY32 + "\n").encode())
    rc, a2, _ = cs.rijn(["encrypt", "--passphrase-file", pw, "--kdf", "argon2id", "--iter", "1",
                         "--memory", "64", "--lanes", "1"], b"hello")
    check(rc == 0 and a2[14] == 3, "an Argon2id v1 file")
    # t above the limit (64), m above 4 GiB: refused before any derivation
    for at, val in ((15, struct.pack(">I", 65)), (19, struct.pack(">I", (4 << 20) + 1))):
        err(["decrypt", "--passphrase-file", pw, "-o", path("out")], 1,
            "key derivation costs above this tool's limits", damage(a2, at, val))
        check(not os.path.exists(path("out")), "v1 costs: nothing written")
    # a key-file file given -p: refused before the terminal is asked
    rc, raw, _ = cs.rijn(["encrypt", "-k", kf, "--chunk-size", "256"], b"x" * 300)
    check(rc == 0 and raw[14] == 1, "a key-file v1 file")
    err(["decrypt", "-p"], 1, "encrypted with a key file, not a passphrase", raw)
    # an empty last chunk after chunk 0 (the second piece cut to its tag)
    hl = 79
    cut = raw[:hl + 256 + 16 + 16]
    err(["decrypt", "-k", kf, "-o", path("out")], 1, "chunk 1: an empty last chunk after chunk 0",
        cut)
    check(not left(), "v1 damage: nothing left: %r" % left())


def v2_headers():
    pw = write("pw", b"secret\n")
    kf = write("k", (KEY32 + "\n").encode())
    rc, pub, _ = cs.rijn(["keygen", "-y", path("id.txt")])
    pub = pub.decode().strip()
    # recipient + PBKDF2 stanza: the passphrase stanza starts at 47 + 81
    rc, v2p, e = cs.rijn(["encrypt", "-r", pub, "--passphrase-file", pw, "--kdf", "pbkdf2",
                          "--iter", "1"], b"hello")
    check(rc == 0 and v2p[8] == 2 and v2p[128] == 2, "v2 with a PBKDF2 stanza: %s" % e)
    err(["decrypt", "--passphrase-file", pw, "-o", path("out")], 1,
        "header: key derivation costs above this tool's limits",
        damage(v2p, 129, struct.pack(">I", 0xFFFFFFF0)))
    rc, v2a, e = cs.rijn(["encrypt", "-r", pub, "--passphrase-file", pw, "--kdf", "argon2id",
                          "--iter", "1", "--memory", "64", "--lanes", "1"], b"hello")
    check(rc == 0 and v2a[128] == 3, "v2 with an Argon2id stanza: %s" % e)
    for at, val in ((129, struct.pack(">I", 65)), (133, struct.pack(">I", (4 << 20) + 1))):
        err(["decrypt", "--passphrase-file", pw], 1,
            "header: key derivation costs above this tool's limits", damage(v2a, at, val))
    check(not os.path.exists(path("out")), "v2 costs: nothing written")
    # the passphrase stanza opens it: the note names its type
    rc, out, e = cs.rijn(["decrypt", "--passphrase-file", pw], v2a)
    check(rc == 0 and out == b"hello" and "stanza 2 of 2 (passphrase (Argon2id)) opened" in e,
          "v2 Argon2id stanza note: %d %r" % (rc, e))
    # recipients: too long to quote whole, SSH, missing file, too many
    err(["encrypt", "-k", kf, "-r", "age1" + "q" * 90], 2, "(age1...): 'age1%s'" % ("q" * 66))
    err(["encrypt", "-k", kf, "-r", "ssh-ed25519 AAAA"], 2, "SSH recipients are not supported")
    err(["encrypt", "-k", kf, "-R", path("no-such-file")], 2, "no-such-file")
    line = [l for l in open(path("id.txt")).read().splitlines() if l.startswith("AGE-SECRET")][0]
    many = write("many-ids", ("%s\n" % line * 40).encode())
    err(["decrypt", "-i", many], 2, "too many identities (at most", v2p)


def age_paths():
    pw = write("pw", b"secret\n")
    rc, pub, _ = cs.rijn(["keygen", "-y", path("id.txt")])
    pub = pub.decode().strip()
    rc, two, e = cs.rijn(["encrypt", "--format", "age", "-r", pub, "-r", pub], b"hi")
    check(rc == 0, "age to two recipients: %s" % e)
    err(["decrypt"], 2, "encrypted to 2 X25519 recipients: give an identity file", two)
    # a low-order ephemeral share: not a wrong identity but a bad stanza
    lines = two.split(b"\n")
    i = next(k for k, l in enumerate(lines) if l.startswith(b"-> X25519 "))
    lines[i] = b"-> X25519 " + b"A" * 43
    err(["decrypt", "-i", path("id.txt")], 1, "malformed X25519 recipient stanza",
        b"\n".join(lines))
    # scrypt: a round trip at a small work factor, a missing passphrase file
    rc, s, e = cs.rijn(["encrypt", "--format", "age", "--passphrase-file", pw,
                        "--scrypt-log-n", "2"], b"scrypt data")
    rc2, back, e2 = cs.rijn(["decrypt", "--passphrase-file", pw], s)
    check(rc == 0 and rc2 == 0 and back == b"scrypt data", "age scrypt round trip: %s %s" % (
        e, e2))
    err(["decrypt", "--passphrase-file", path("nope")], 2, "nope", s)


def terminal():
    """-p on a terminal: v2 with a recipient, age, the v1 reader."""
    rc, pub, _ = cs.rijn(["keygen", "-y", path("id.txt")])
    pub = pub.decode().strip()
    src = write("plain", b"terminal data")
    rc, shown = cs.on_tty([cs.CLI, "encrypt", "-p", "-r", pub, "--kdf", "pbkdf2", "--iter", "1",
                           "-o", path("t.v2"), src], [b"tty secret", b"tty secret"],
                          prompt=b"assphrase:")
    check(rc == 0 and os.path.exists(path("t.v2")), "v2 -p -r on a tty: %d %r" % (rc, shown))
    rc, shown = cs.on_tty([cs.CLI, "decrypt", "-p", "-o", path("t.out"), path("t.v2")],
                          [b"tty secret"], prompt=b"assphrase:")
    check(rc == 0 and cs.read("t.out") == b"terminal data", "v2 -p decrypt on a tty: %d %r" % (
        rc, shown))
    # a mismatch of the two typed passphrases
    rc, shown = cs.on_tty([cs.CLI, "encrypt", "-p", "--kdf", "pbkdf2", "--iter", "1", "-o",
                           path("t2"), src], [b"one", b"two"], prompt=b"assphrase:")
    check(rc != 0 and "do not match" in shown and not os.path.exists(path("t2")),
          "mismatched passphrases on a tty: %d %r" % (rc, shown))


def hash_cipher():
    f = write("h.txt", b"hello\n")
    digest = ok(["hash", "sha256", f]).split()[0].decode()
    # an over-long hex field, an empty line, two unreadable names, two
    # mismatches, the last line without its newline
    body = ("%s  %s\n\n%s  %s\n%s  %s\n%s  %s\n%s  %s" % (
        "ab" * 5000, f, digest, path("gone1"), digest, path("gone2"), "00" * 32, f, "11" * 32, f))
    rc, out, e = cs.rijn(["hash", "sha256", "--check", write("list3.txt", body.encode())])
    check(rc == 1 and "2 lines are improperly formatted" in e and
          "2 listed files could not be read" in e and "2 computed checksums did NOT match" in e,
          "hash --check counts: %d %r" % (rc, e))
    # a directory: fopen() succeeds, fread() fails (EISDIR)
    rc, out, e = cs.rijn(["hash", "sha256", cs.T])
    check(rc == 1 and out == b"" and "Is a directory" in e, "hash of a directory: %d %r" % (rc, e))
    # stdout on a full device
    with open("/dev/full", "wb") as full:
        rc, _, e = cs.rijn(["hash", "sha256", f], stdout=full)
    check(rc == 1, "hash to /dev/full: %d %r" % (rc, e))
    # cipher: -e twice is fine; length errors of decrypt with and without --nopad
    ok(["cipher", "-e", "-e", "-m", "ecb", "-K", KEY16, "-s", "a", "--outform", "hex"])
    err(["cipher", "-d", "-m", "ecb", "-K", KEY16, "-s", "abcde"], 1,
        "ciphertext length 5 is not a nonzero multiple of 16")
    err(["cipher", "-d", "-m", "ecb", "-K", KEY16, "-s", ""], 1,
        "ciphertext length 0 is not a nonzero multiple of 16")
    err(["cipher", "-d", "-m", "ecb", "--nopad", "-K", KEY16, "-s", "abcde"], 1,
        "input length 5 is not a multiple of 16 (--nopad given)")
    # another block cipher: CBC without padding, both ways
    ct = ok(["cipher", "-e", "-c", "serpent", "-m", "cbc", "--nopad", "-K", KEY16, "--iv", KEY16,
             "-s", "0123456789abcdef" * 2])
    ok(["cipher", "-d", "-c", "serpent", "-m", "cbc", "--nopad", "-K", KEY16, "--iv", KEY16],
       data=ct, want=b"0123456789abcdef" * 2)


def text_inputs():
    pw = write("pw", b"secret\n")
    kf = write("k", (KEY32 + "\n").encode())
    rc, arm, e = cs.rijn(["encrypt", "-k", kf, "--armor"], b"armored")
    check(rc == 0 and arm.startswith(b"-----BEGIN"), "armored file: %s" % e)
    # blanks before BEGIN, blanks and a CR after it; a blank inside a line
    lines = arm.decode().split("\n")
    lines[0] = " \t\r\n" + lines[0] + " \t\r"
    ok(["decrypt", "-k", kf], data="\n".join(lines).encode(), want=b"armored")
    lines[1] = lines[1][:10] + " " + lines[1][10:]
    err(["decrypt", "-k", kf], 1, "stdin: armor: white space inside line 2",
        data="\n".join(lines).encode())
    # the BEGIN line alone, no line end after it
    err(["decrypt", "-k", kf], 1, "armor: the BEGIN line is not followed by a line end",
        data=arm.split(b"\n")[0] + b"  ")
    # key files: blanks around the hex, 63 hex digits, only blanks
    ok(["decrypt", "-k", write("k2", (" \t" + KEY32 + " \r\n").encode())], data=arm,
       want=b"armored")
    for name, body in (("k3", KEY32[:-1] + "\n"), ("k4", " \t\r\n"), ("k5", KEY32[:-2] + "zz")):
        err(["decrypt", "-k", write(name, body.encode())], 2, "is not a rijn key file", arm)
    # openssl Base64 with blanks, tabs and CRs; bad characters; data after '='
    rc, b64, e = cs.rijn(["encrypt", "--format", "openssl", "--armor", "--passphrase-file", pw,
                          "--iter", "1", "--pbkdf2"], b"base64 text")
    check(rc == 0, "openssl --armor: %s" % e)
    spaced = b64.replace(b"\n", b" \t\r\n")
    dec = ["decrypt", "--format", "openssl", "--armor", "--passphrase-file", pw, "--iter", "1",
           "--pbkdf2"]
    ok(dec, data=spaced, want=b"base64 text")
    err(dec, 1, "invalid Base64 input (unexpected character)", data=b64[:8] + b"[" + b64[9:])
    err(dec, 1, "invalid Base64 input (data after the padding)",
        data=b64.rstrip(b"\n").rstrip(b"=") + b"==AAAA\n")
    # a missing input named to decrypt (the format sniffing cannot open it)
    err(["decrypt", "-k", kf, path("no-such")], 1, "cannot open '%s'" % path("no-such"))


def tty_edges():
    src = write("plain", b"terminal data")
    enc = [cs.CLI, "encrypt", "-p", "--kdf", "pbkdf2", "--iter", "1", "-o", path("out.t")]
    # the repeat prompt over the limit, then ^D (end of input) at a prompt
    rc, shown = cs.on_tty(enc + [src], [b"abc\n", b"x" * 3000 + b"\n"], prompt=b"assphrase:",
                          newline=b"")
    check(rc == 1 and "do not match" in shown and not left(), "long repeat: %d %r" % (rc, shown))
    rc, shown = cs.on_tty(enc + [src], [b"\x04"], prompt=b"assphrase:", newline=b"")
    check(rc == 2 and "empty passphrase refused" in shown and not left(),
          "^D at the prompt: %d %r" % (rc, shown))
    lib = os.environ.get("RIJN_FAULT_LIB")
    if not check(lib is not None, "RIJN_FAULT_LIB set"):
        return
    # an EINTR while reading the terminal is retried
    env = ["env", "LD_PRELOAD=" + lib, "RIJN_FAULT=read:EINTR", "RIJN_FAULT_PATH=/dev/tty"]
    rc, shown = cs.on_tty(env + enc + [src], [b"pw", b"pw"], prompt=b"assphrase:")
    check(rc == 0 and os.path.exists(path("out.t")), "EINTR on the tty: %d %r" % (rc, shown))
    os.unlink(path("out.t"))
    # getrandom() missing and /dev/urandom failing to read
    rc, out, e = cs.run([cs.CLI, "keygen"], env=dict(
        os.environ, LD_PRELOAD=lib, RIJN_FAULT="getrandom:ENOSYS:1:99,read:EIO",
        RIJN_FAULT_PATH="/dev/urandom"))
    check(rc == 1 and out == b"" and "cannot get random bytes" in e, "urandom EIO: %d %r" % (
        rc, e))


def read_faults():
    """read() failing at each of the first reads of every input format:
    one message naming the input, exit 1, no output file, no temporary."""
    lib = os.environ.get("RIJN_FAULT_LIB")
    if not check(lib is not None, "RIJN_FAULT_LIB set"):
        return
    pw = write("pw", b"secret\n")
    kf = write("k", (KEY32 + "\n").encode())
    rc, pub, _ = cs.rijn(["keygen", "-y", path("id.txt")])
    pub = pub.decode().strip()
    data = bytes(range(256)) * 1200  # 300 KiB: several 64 KiB reads
    src = write("fsrc", data)
    pbk = ["--passphrase-file", pw, "--kdf", "pbkdf2", "--iter", "1"]
    legacy = ["--passphrase-file", pw, "--iter", "1", "--pbkdf2"]
    kinds = (
        ("v1-armor", ["-k", kf, "--armor"], ["-k", kf]),
        ("v2", ["-r", pub, "-k", kf], ["-k", kf]),
        ("openssl-b64", ["--format", "openssl", "--armor"] + legacy,
         ["--format", "openssl", "--armor"] + legacy),
        ("mbedtls", ["--format", "mbedtls", "--passphrase-file", pw],
         ["--format", "mbedtls", "--passphrase-file", pw]),
        ("age", ["--format", "age", "-r", pub], ["-i", path("id.txt")]),
        ("age-armor", ["--format", "age", "--armor", "-r", pub], ["-i", path("id.txt")]),
    )
    for name, enc, dec in kinds:
        f = path("f." + name)
        rc, _, e = cs.rijn(["encrypt"] + enc + ["-o", f, src])
        if not check(rc == 0, "%s: encrypt: %s" % (name, e)):
            continue
        ok(["decrypt"] + dec + [f], want=data)
        for nth in range(1, 5):
            env = dict(os.environ, LD_PRELOAD=lib, RIJN_FAULT="read:EIO:%d" % nth,
                       RIJN_FAULT_PATH=f)
            rc, out, e = cs.rijn(["decrypt"] + dec + ["-o", path("out.f"), f], env=env)
            e = "".join(l for l in e.splitlines(True) if ": note: " not in l)
            if rc == 0 and nth > 2:  # the input had fewer reads than nth
                check(cs.read("out.f") == data, "%s: read %d not failed: output" % (name, nth))
                os.unlink(path("out.f"))
                continue
            check(one_error(rc, out, e, 1, "decrypt", "cannot read '%s': Input/output error" % f)
                  and not left(), "%s: read EIO at read %d: %d %r %r" % (name, nth, rc, e, left()))
        # and EINTR at each of those reads: retried, the result whole
        env = dict(os.environ, LD_PRELOAD=lib, RIJN_FAULT="read:EINTR:1:6", RIJN_FAULT_PATH=f)
        ok(["decrypt"] + dec + [f], want=data, env=env)
    # age: a read error right after the header (at the payload nonce): the
    # header (> 4 KiB: 45 recipients) comes alone in the first read of a pipe
    rc, many, e = cs.rijn(["encrypt", "--format", "age"] + ["-r", pub] * 45, b"payload")
    end = many.index(b"\n---") + 1
    end = many.index(b"\n", end) + 1
    check(rc == 0 and end > 4096, "age header of 45 stanzas: %d bytes" % end)
    # (read 1: the format sniffing's copy of the pipe; 2: the first fill)
    env = dict(os.environ, LD_PRELOAD=lib, RIJN_FAULT="read:EIO:3")
    p = subprocess.Popen([cs.CLI, "decrypt", "-i", path("id.txt")], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    p.stdin.write(many[:end])
    p.stdin.flush()
    time.sleep(0.3)
    try:
        p.stdin.write(many[end:])
        p.stdin.close()
    except BrokenPipeError:
        pass
    p.stdin = None  # closed: communicate() only collects the output
    out, e = p.communicate(timeout=60)
    e = "".join(l for l in e.decode().splitlines(True) if ": note: " not in l)
    check(one_error(p.returncode, out, e, 1, "decrypt",
                    "cannot read 'stdin': Input/output error"),
          "age: read EIO at the nonce: %d %r" % (p.returncode, e))
    # the first open of the input failing (the format sniffing) and lseek()
    # failing on a regular stdin: the input is still read from its start
    f = path("f.v1-armor")
    env = dict(os.environ, LD_PRELOAD=lib, RIJN_FAULT="open:EACCES", RIJN_FAULT_PATH=f)
    ok(["decrypt", "-k", kf, f], want=data, env=env)
    with open(path("f.openssl-b64"), "rb") as stdin:
        env = dict(os.environ, LD_PRELOAD=lib, RIJN_FAULT="lseek:ESPIPE")
        rc, out, e = cs.run([cs.CLI, "decrypt", "--armor"] + legacy, stdin=stdin, env=env)
    check(rc == 0 and out == data, "openssl sniffed with lseek failing: %d %r" % (rc, e))
    # the prompt cannot be written to the terminal
    rc, shown = cs.on_tty(["env", "LD_PRELOAD=" + lib, "RIJN_FAULT=write:EIO", cs.CLI, "encrypt",
                           "-p", "-o", path("out.t"), src], [])
    check(rc == 1 and "cannot read the passphrase" in shown and not left(),
          "prompt write EIO: %d %r" % (rc, shown))


def main():
    cs.require_cli()
    with tempfile.TemporaryDirectory() as tmp:
        cs.use_dir(tmp)
        syntax()
        aead()
        mac()
        hashes()
        keygen_pwhash()
        encrypt_opts()
        age_opts()
        legacy_opts()
        v1_headers()
        v2_headers()
        age_paths()
        terminal()
        hash_cipher()
        text_inputs()
        tty_edges()
        read_faults()
    cs.finish()


if __name__ == "__main__":
    main()
