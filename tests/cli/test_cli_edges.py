#!/usr/bin/env python3
"""test_cli_edges.py -- the rijn CLI's readers and writers at their edges,
each case checked for its exit status, its one message, its output and
that a failed run leaves no output or temporary file:
  * damaged v1/v2 headers: KDF costs above the limits (in the header, in
    a passphrase stanza), an empty last chunk after chunk 0, a key-file
    file given -p, an Argon2id file given -k, a key stanza that does not
    open; recipients (too long to quote, SSH, three letters, a missing or
    newline-less -R file, too many identities);
  * age: one or two recipients without -i, --no-progress, a low-order
    ephemeral share, a stanza with a wrong argument count, an scrypt
    round trip, inline option values while the format is sniffed;
  * hash --check counts (overlong hex, unreadable names, mismatches, no
    final newline), hashing a directory, stdout on /dev/full; cipher
    length errors and another block cipher without padding; aead open
    errors;
  * armor and Base64 text with blanks, CRs and bad characters, data after
    the padding, a line too long after END, key files with blanks, stdin
    a character device, a dangling link replaced with --force, a
    relative output name, a short mbedtls key file.
Prints "N passed, N failed"; exit status 1 on any failure.
"""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_support as cs  # noqa: E402
from cli_support import check, one_error, path, write  # noqa: E402
from cli_support import fails as err, succeeds as ok, left_behind as left  # noqa: E402

KEY16 = "000102030405060708090a0b0c0d0e0f"
KEY32 = KEY16 * 2


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


def more_paths():
    pw = write("pw", b"secret\n")
    kf = write("k", (KEY32 + "\n").encode())
    ident = path("id.txt")
    rc, pub, _ = cs.rijn(["keygen", "-y", ident])
    pub = pub.decode().strip()
    # inline option values while the decrypt command line is scanned for
    # the format (age and openssl inputs, no --format)
    rc, one, _ = cs.rijn(["encrypt", "--format", "age", "-r", pub], b"one")
    age1 = write("one.age", one)
    ok(["decrypt", "--identity=" + ident, "--output=" + path("o1"), age1])
    check(cs.read("o1") == b"one", "age --output=F without --format")
    rc, ssl, _ = cs.rijn(["encrypt", "--format=openssl", "--passphrase-file", pw], b"ssl")
    ssl_f = write("ssl.enc", ssl)
    ok(["decrypt", "--passphrase-file=" + pw, "--output=" + path("o2"), ssl_f])
    check(cs.read("o2") == b"ssl", "openssl --output=F without --format")
    # age: one recipient and no -i; two stanzas without the progress note
    err(["decrypt"], 2, "encrypted to 1 X25519 recipient: give an identity file", one)
    rc, two, _ = cs.rijn(["encrypt", "--format", "age", "-r", pub, "-r", pub], b"two")
    rc, out, e = cs.rijn(["decrypt", "--no-progress", "-i", ident], two)
    check(rc == 0 and out == b"two" and e == "", "age --no-progress: %d %r" % (rc, e))
    # a stanza line with a wrong argument count: well-formed lines, bad stanza
    lines = one.split(b"\n")
    lines[1] = lines[1] + b" extra"
    err(["decrypt", "-i", ident], 1, "malformed age header (a bad X25519 or scrypt stanza)",
        b"\n".join(lines))
    # aead: open first, a nonce of the wrong length when opening
    sealed = ok(["aead", "seal", "-a", "chacha20-poly1305", "-K", KEY32, "-n", "00" * 12, "-s",
                 "x"])
    ok(["aead", "open", "-a", "chacha20-poly1305", "-K", KEY32, "-n", "00" * 12], data=sealed,
       want=b"x")
    err(["aead", "open", "-a", "chacha20-poly1305", "-K", KEY32, "-n", "00" * 8], 2,
        "chacha20-poly1305 open:", data=sealed)
    err(["aead", "bogus", "-a", "chacha20-poly1305"], 2, "unexpected argument 'bogus'")
    # poly1305 with its one tag length given
    ok(["mac", "poly1305", "-K", KEY32, "-s", "a", "--tag-len", "16"])
    # v1: an Argon2id file given -k, a key-file v2 stanza and the wrong key
    rc, a2, _ = cs.rijn(["encrypt", "--passphrase-file", pw, "--iter", "1", "--memory", "64",
                         "--lanes", "1"], b"a2")
    err(["decrypt", "-k", kf], 1, "encrypted with a passphrase (Argon2id), not a key file", a2)
    rc, v2k, _ = cs.rijn(["encrypt", "-r", pub, "-k", kf], b"v2k")
    other = write("k-other", (KEY16 * 2)[::-1].encode() + b"\n")
    err(["decrypt", "-k", other], 1, "no stanza opened the file", v2k)
    # recipients: a three-letter one, a file whose last line has no newline
    err(["encrypt", "-k", kf, "-r", "abc"], 2, "not an X25519 recipient (age1...): 'abc'")
    rfile = write("recips", ("# keys\n%s" % pub).encode())
    rc, out, e = cs.rijn(["encrypt", "-k", kf, "-R", rfile], b"r")
    rc2, back, _ = cs.rijn(["decrypt", "-i", ident], out)
    check(rc == 0 and rc2 == 0 and back == b"r", "-R without a final newline: %s" % e)
    # a dangling symbolic link replaced with --force; a relative output name
    os.symlink(path("nowhere"), path("olink"))
    ok(["encrypt", "-k", kf, "--force", "-o", path("olink")], data=b"l")
    check(not os.path.islink(path("olink")) and not os.path.exists(path("nowhere")),
          "--force replaces the dangling link itself")
    ok(["encrypt", "-k", kf, "-o", "orel"], data=b"rel", cwd=cs.T)
    ok(["decrypt", "-k", kf, path("orel")], want=b"rel")
    # ... and through the named temporary file (no O_TMPFILE)
    ok(["encrypt", "-k", kf, "-o", "orel2"], data=b"rel2", cwd=cs.T,
       env=dict(os.environ, RIJN_TEST_NO_TMPFILE="1"))
    ok(["decrypt", "-k", kf, path("orel2")], want=b"rel2")
    # an encrypt-only age option given to decrypt
    err(["decrypt", "--format", "age", "-r", pub], 2, "-r is an option of `rijn encrypt`")
    # openssl/mbedtls option errors and a short mbedtls key file
    err(["encrypt", "--format", "openssl", "--bogus"], 2, "unknown option '--bogus'")
    short = write("short.key", b"0123456789")
    rc, mb, e = cs.rijn(["encrypt", "--format", "mbedtls", "-k", short], b"mb")
    rc2, back, e2 = cs.rijn(["decrypt", "--format", "mbedtls", "-k", short], mb)
    check(rc == 0 and rc2 == 0 and back == b"mb", "mbedtls 10-byte key: %s %s" % (e, e2))
    # stdin a character device (the format sniffing cannot look at it)
    with open("/dev/null", "rb") as null:
        rc, out, e = cs.rijn(["decrypt", "-k", kf], stdin=null)
    check(one_error(rc, out, e, 1, "decrypt", "stdin is empty"), "stdin /dev/null: %d %r" % (
        rc, e))
    # a line too long after the END line of an armored file
    rc, arm, _ = cs.rijn(["encrypt", "-k", kf, "--armor"], b"t")
    err(["decrypt", "-k", kf, "-o", path("out.tr")], 1, "armor: line", arm + b"x" * 100 + b"\n")
    check(not left(), "trailing line: nothing left")


def main():
    cs.run_cases(v1_headers, v2_headers, age_paths, hash_cipher, text_inputs, more_paths,
                 identity=True)


if __name__ == "__main__":
    main()
