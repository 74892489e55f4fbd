#!/usr/bin/env python3
"""test_cli_parsers.py -- every option and argument parser of the rijn CLI,
each case checked for its exit status, its one message and an empty
stdout:
  * option syntax (cli/util.c): "--opt=value" and "-Xvalue" forms, the
    version and help spellings (cli/main.c), hex with blanks, data forms;
  * the numbers, hex and names of aead, mac, hash, keygen, pwhash and
    encrypt/decrypt (v1/v2, age, openssl, mbedtls): empty, sign, trailing
    garbage, zero, out of range, odd or non-hex, K/M suffixes (round
    trips), option combinations refused;
  * MAC tags verified (HMAC, Poly1305, CMAC; right and wrong), hash
    --check lists with malformed lines (the sha256sum warning);
  * the mbedtls key file over 512 bytes (its first 512 kept), openssl
    Base64 input with and without --format.
Prints "N passed, N failed"; exit status 1 on any failure.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_support as cs  # noqa: E402
from cli_support import check, path, write  # noqa: E402
from cli_support import fails as err, succeeds as ok  # noqa: E402

KEY16 = "000102030405060708090a0b0c0d0e0f"
KEY32 = KEY16 * 2


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


def main():
    cs.run_cases(syntax, aead, mac, hashes, keygen_pwhash, encrypt_opts, age_opts, legacy_opts)


if __name__ == "__main__":
    main()
