#!/usr/bin/env python3
"""test_cli_errors.py -- the rijn CLI's rarely taken paths, each checked
for its exit status, its one message and its output:
  * option parsing (cli/util.c): a value given to a flag ("-ex",
    "--encrypt=1"), a missing value ("-m", "--mode" last), an unknown
    short option, "--" ending the options (a file named "-x");
  * whole-file input/output of `rijn cipher` (cli/util.c): an input
    larger than the first 64 KiB buffer (against the `cryptography`
    package's AES-ECB), a directory as input, an output that cannot be
    created, a full device as output file and as stdout;
  * `rijn keygen` writing to a full device or a missing directory;
  * streaming input/output of `rijn encrypt`/`decrypt` (cli/file_io.c): a
    missing or directory input, a dangling symbolic link as output
    (refused without --force, nothing created behind it), an output path
    too long, a relative output path (round trip);
  * option combinations refused with one message (cmd_encrypt.c,
    age_cli.c, file_recip.c, cmd_mac.c); one of them, "--lanes 0", printed
    two messages before 27 Nov 2026 (the second one wrong);
  * damaged inputs (armor, an OpenSSL salt cut short), an empty age
    passphrase, and the report of stale temporary files (5 named, then
    a count; in a directory and in ".");
  * bad Base64 of the OpenSSL format (--armor), a CRLF `hash --check` list;
  * `rijn pwhash` errors (bad numbers, type, argument, PHC string, costs,
    passphrase files) and one small hash verified by argon2-cffi;
  * `rijn bench --quick` in its text form (the table's shape only:
    nothing is timed here).
Prints "N passed, N failed"; exit status 1 on any failure.
"""
import hashlib
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_support as cs  # noqa: E402
from cli_support import check, one_error  # noqa: E402

CLI = cs.CLI
KEY = "000102030405060708090a0b0c0d0e0f"


def run(args, data=b"", cwd=None, stdout=subprocess.PIPE):
    return cs.rijn(args, data, cwd=cwd, stdout=stdout)


def options(tmp):
    base = ["-m", "ecb", "-K", KEY, "-s", "a"]
    cases = [
        (["cipher", "-ex"] + base, "option '-e' takes no value (write options separately)"),
        (["cipher", "--encrypt=1"] + base, "option '--encrypt' takes no value"),
        (["cipher", "-e", "-K", KEY, "-m"], "option '-m' needs a value"),
        (["cipher", "-e", "-K", KEY, "--mode"], "option '--mode' needs a value"),
        (["cipher", "-Z"] + base, "unknown option '-Z' (see --help)"),
        (["hash", "sha256", "-x"], "unknown option '-x'"),
    ]
    for args, text in cases:
        rc, out, err = run(args)
        check(one_error(rc, out, err, 2, args[0], text), "%s -> %r (%d %r)" % (args, text, rc, err))
    # "--": what follows is a file even when it starts with '-'
    data = b"a file named -x\n"
    with open(os.path.join(tmp, "-x"), "wb") as f:
        f.write(data)
    rc, out, err = run(["hash", "sha256", "--", "-x"], cwd=tmp)
    check(rc == 0 and out == ("%s  -x\n" % hashlib.sha256(data).hexdigest()).encode(),
          "hash sha256 -- -x (%d %r %r)" % (rc, out, err))


def whole_files(tmp):
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    key = bytes.fromhex(KEY)
    enc = ["cipher", "-e", "-m", "ecb", "-K", KEY, "--nopad"]
    # larger than the 64 KiB first buffer of cli_read_file: it grows twice
    big = bytes((i * 131 + 7) & 0xff for i in range(200 * 1024 + 48))
    path = os.path.join(tmp, "big")
    with open(path, "wb") as f:
        f.write(big)
    e = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    want = e.update(big) + e.finalize()
    rc, out, err = run(enc + ["-i", path])
    check(rc == 0 and out == want, "cipher ecb of 200 KiB from a file (%d %r)" % (rc, err))
    rc, out, err = run(enc + ["-i", "-"], data=big)
    check(rc == 0 and out == want, "cipher ecb of 200 KiB from stdin (%d %r)" % (rc, err))
    rc, out, err = run(enc + ["-i", tmp])
    check(one_error(rc, out, err, 1, "cipher", "cannot read '%s': Is a directory" % tmp),
          "cipher -i DIR (%d %r)" % (rc, err))
    missing = os.path.join(tmp, "no", "such", "dir", "out")
    rc, out, err = run(enc + ["-s", "0123456789abcdef", "-o", missing])
    check(one_error(rc, out, err, 1, "cipher", "cannot create '%s'" % missing) and
          not os.path.exists(os.path.dirname(missing)), "cipher -o MISSING_DIR/F (%d %r)" % (rc, err))
    if os.path.exists("/dev/full"):
        rc, out, err = run(enc + ["-s", "0123456789abcdef", "-o", "/dev/full"])
        check(one_error(rc, out, err, 1, "cipher", "cannot write '/dev/full'"),
              "cipher -o /dev/full (%d %r)" % (rc, err))
        with open("/dev/full", "wb") as full:
            rc, out, err = run(enc + ["-s", "0123456789abcdef"], stdout=full)
            check(one_error(rc, out, err, 1, "cipher", "cannot write 'stdout'"),
                  "cipher > /dev/full (%d %r)" % (rc, err))
            for args in (["keygen"], ["keygen", "--x25519"]):
                rc, out, err = run(args, stdout=full)
                check(one_error(rc, out, err, 1, "keygen", "cannot write 'stdout'"),
                      "%s > /dev/full (%d %r)" % (args, rc, err))
        rc, out, err = run(["keygen", "-o", "/dev/full"])
        check(one_error(rc, out, err, 1, "keygen", "cannot write '/dev/full'"),
              "keygen -o /dev/full (%d %r)" % (rc, err))
    else:
        check(False, "/dev/full is missing (needed for the write-error checks)")
    rc, out, err = run(["keygen", "-o", missing])
    check(rc != 0 and "cannot create" in err and not os.path.exists(os.path.dirname(missing)),
          "keygen -o MISSING_DIR/F (%d %r)" % (rc, err))


def streams(tmp):
    key, src = os.path.join(tmp, "key"), os.path.join(tmp, "in")
    rc, _, err = run(["keygen", "-o", key])
    check(rc == 0 and os.path.getsize(key) == 65, "keygen -o KEY (%d %r)" % (rc, err))
    data = os.urandom(3000)
    with open(src, "wb") as f:
        f.write(data)
    sub = os.path.join(tmp, "sub")
    os.mkdir(sub)
    nosuch = os.path.join(tmp, "nosuch")
    for cmd in ("encrypt", "decrypt"):
        rc, out, err = run([cmd, "-k", key, "-o", "-", nosuch])
        check(one_error(rc, out, err, 1, cmd, "cannot open '%s'" % nosuch),
              "%s MISSING (%d %r)" % (cmd, rc, err))
        rc, out, err = run([cmd, "-k", key, "-o", "-", sub])
        check(one_error(rc, out, err, 2, cmd, "'%s' is a directory" % sub),
              "%s DIR (%d %r)" % (cmd, rc, err))
    # a dangling symbolic link is an existing output: refused, nothing made behind it
    dang, target = os.path.join(tmp, "dang"), os.path.join(tmp, "target")
    os.symlink(target, dang)
    rc, out, err = run(["encrypt", "-k", key, "-o", dang, src])
    check(one_error(rc, out, err, 2, "encrypt", "a dangling symbolic link") and
          os.path.islink(dang) and not os.path.exists(target),
          "encrypt -o DANGLING_LINK (%d %r)" % (rc, err))
    rc, out, err = run(["encrypt", "-k", key, "-o", os.path.join(tmp, "a" * 4100), src])
    check(one_error(rc, out, err, 2, "encrypt", "output path too long"),
          "encrypt -o LONG_PATH (%d %r)" % (rc, err))
    # a relative output path: the temporary file goes to "."
    rc, out, err = run(["encrypt", "-k", key, "-o", "rel.rijn", src], cwd=tmp)
    rel = os.path.join(tmp, "rel.rijn")
    check(rc == 0 and out == b"" and os.path.getsize(rel) > len(data) and
          sorted(os.listdir(tmp)) == sorted(["-x", "big", "dang", "in", "key", "rel.rijn", "sub"]),
          "encrypt -o rel.rijn (%d %r %r)" % (rc, err, sorted(os.listdir(tmp))))
    rc, out, err = run(["decrypt", "-k", key, "rel.rijn"], cwd=tmp)
    check(rc == 0 and out == data, "decrypt rel.rijn (%d %r)" % (rc, err))


def encrypt_options(tmp):
    """Option combinations of encrypt/decrypt (rijn and age formats) and
    mac that are refused with one message and exit 2, before any output."""
    d = os.path.join(tmp, "opts")
    os.mkdir(d)
    src, pw, key, ident = (os.path.join(d, n) for n in ("in", "pw", "key", "id"))
    with open(src, "wb") as f:
        f.write(b"some input\n")
    with open(pw, "w") as f:
        f.write("a passphrase\n")
    rc, _, err = run(["keygen", "-o", key])
    rc2, _, err2 = run(["keygen", "--x25519", "-o", ident])
    rc3, pub, err3 = run(["keygen", "-y", ident])
    pub = pub.decode().strip()
    check(rc == rc2 == rc3 == 0 and pub.startswith("age1"), "keygen for the option checks (%r %r %r)"
          % (err, err2, err3))
    files = {"ssh": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA\n", "empty": "# nothing here\n",
             "badid": "AGE-SECRET-KEY-1XYZ\n"}
    for n, text in files.items():
        with open(os.path.join(d, n), "w") as f:
            f.write(text)
    age = ["--format", "age"]
    cases = [
        ("encrypt", age + ["--scrypt-log-n", "41", "--passphrase-file", pw, src],
         "invalid scrypt work factor '41' (1 .. 40)"),
        ("encrypt", age + ["-i", ident, src], "-i is an option of `rijn decrypt`"),
        ("encrypt", age + ["--format", "openssl", src],
         "--format openssl cannot be combined with age options"),
        ("encrypt", age + ["-r", pub, src, pw], "give one input file only (got '%s' and '%s')"
         % (src, pw)),
        ("encrypt", age + ["-p", "--passphrase-file", pw, src],
         "give only one of -p and --passphrase-file"),
        ("encrypt", age + ["-r", pub, "--passphrase-file", pw, src],
         "a passphrase cannot be combined with recipients"),
        ("encrypt", age + [src], "give -r age1..., -R FILE, -p or --passphrase-file"),
        ("decrypt", age + ["-i", ident, "--passphrase-file", pw, src],
         "give identities (-i) or a passphrase, not both"),
        ("encrypt", ["-k", key, "--lanes", "0", src], "invalid lane count '0'"),
        ("encrypt", ["-k", key, "--lanes", "256", src], "the lane count must be 1 .. 255"),
        ("encrypt", ["-k", key, "--salt-hex", "00", src], "--salt-hex needs 64 hex digits"),
        ("encrypt", ["-k", key, "--file-key-hex", "00", src], "--file-key-hex needs 64 hex digits"),
        ("encrypt", ["-r", pub, "--file-key-hex", "0" * 64, src],
         "--file-key-hex and --ephemeral-hex go together (testing only)"),
        ("encrypt", ["--passphrase-file", pw, "--kdf", "argon2id", "--memory", "1", "--lanes", "1",
                     src], "invalid KDF parameters"),
        ("encrypt", ["-k", key, "--chunk-size", "1G", src], "invalid chunk size '1G'"),
        ("encrypt", ["-R", os.path.join(d, "ssh"), src], "SSH recipients are not supported"),
        ("encrypt", ["-R", os.path.join(d, "empty"), src], "no recipient in the file"),
        ("decrypt", ["-i", os.path.join(d, "badid"), src], "not an X25519 identity"),
        ("decrypt", ["-i", os.path.join(d, "empty"), src], "no identity in the file"),
        ("mac", ["hmac-sha256", "--key", "0g", "-s", "a"], "--key is not an even-length hex string"),
        ("mac", ["hmac-sha256", "--key", "00", "-s", "a", "extra"],
         "unexpected argument 'extra' (see --help)"),
    ]
    for cmd, args, text in cases:
        rc, out, err = run([cmd, "-o", "-"] + args if cmd != "mac" else [cmd] + args)
        check(one_error(rc, out, err, 2, cmd, text), "%s %s -> %r (%d %r)" % (cmd, args, text, rc, err))
    check(sorted(os.listdir(d)) == sorted(["in", "pw", "key", "id"] + list(files)),
          "nothing written by the refused commands (%r)" % sorted(os.listdir(d)))


def damaged_inputs(tmp):
    """Damaged armor, a truncated OpenSSL salt, an empty age passphrase,
    an unexpected aead argument: exit status and the one message; and the
    stale temporary files of killed runs: 5 named, then a count."""
    d = os.path.join(tmp, "damaged")
    os.mkdir(d)
    key, src, pw, empty = (os.path.join(d, n) for n in ("key", "in", "pw", "empty"))
    data = b"hello world, some data here\n"
    for path, text in ((src, data), (pw, b"pw\n"), (empty, b"")):
        with open(path, "wb") as f:
            f.write(text)
    rc, _, err = run(["keygen", "-o", key])
    rc2, arm, err2 = run(["encrypt", "-k", key, "--armor", "-o", "-", src])
    lines = arm.decode().split("\n")
    check(rc == rc2 == 0 and lines[0] == "-----BEGIN RIJN ENCRYPTED FILE-----" and len(lines) == 6
          and lines[4] == "-----END RIJN ENCRYPTED FILE-----" and len(lines[3]) % 4 == 0,
          "encrypt --armor: 3 Base64 lines (%r %r %r)" % (err, err2, lines))
    rc, out, err = run(["decrypt", "-k", key, "-o", "-", "-"], data=arm)
    check(rc == 0 and out == data, "decrypt of the intact armor (%d %r)" % (rc, err))
    bad = [
        (lines[0], "the BEGIN line is not followed by a line end"),
        ("\n".join([lines[0], "".join(lines[1:4]) * 2] + lines[4:]), "line 2 is too long"),
        ("\n".join(lines[:3] + [lines[3][:-1]] + lines[4:]),
         "Base64 data ends in the middle of a group"),
        ("\n".join(lines[:3] + [lines[3][:-2] + "==AA"] + lines[4:]),
         "data after Base64 padding (line 4)"),
    ]
    for i, (text, msg) in enumerate(bad):
        path = os.path.join(d, "bad%d" % i)
        with open(path, "w") as f:
            f.write(text)
        rc, out, err = run(["decrypt", "-k", key, "-o", "-", path])
        check(one_error(rc, out, err, 1, "decrypt", "%s: armor: %s" % (path, msg)),
              "damaged armor -> %r (%d %r)" % (msg, rc, err))
    salt = os.path.join(d, "salted")
    with open(salt, "wb") as f:
        f.write(b"Salted__abc")
    rc, out, err = run(["decrypt", "--format", "openssl", "--passphrase-file", pw, "-o", "-", salt])
    check(one_error(rc, out, err, 1, "decrypt", "ends inside the salt (11 bytes): truncated"),
          "openssl file ending in its salt (%d %r)" % (rc, err))
    rc, out, err = run(["encrypt", "--format", "age", "--passphrase-file", empty, "-o", "-", src])
    check(one_error(rc, out, err, 2, "encrypt", "empty passphrase refused"),
          "age: empty passphrase (%d %r)" % (rc, err))
    rc, out, err = run(["aead", "seal", "-a", "aes-256-gcm", "--key", "0" * 64, "--nonce", "0" * 24,
                        "-s", "a", "extra"])
    check(one_error(rc, out, err, 2, "aead", "unexpected argument 'extra' (see --help)"),
          "aead: unexpected argument (%d %r)" % (rc, err))
    # 12 stale temporary files (a killed run's): 5 named, then "7 more"
    st = os.path.join(d, "st")
    os.mkdir(st)
    for i in range(12):
        with open(os.path.join(st, ".o%d.rijn-tmp-x%d" % (i, i)), "w") as f:
            f.write("x")
    for cwd, out_name, where in ((d, "st/out", "st"), (st, "out2", ".")):
        rc, out, err = run(["encrypt", "-k", key, "-o", out_name, src], cwd=cwd)
        warn = err.strip().splitlines()
        named = [l for l in warn if re.fullmatch(
            r"rijn encrypt: warning: '%s\.o\d+\.rijn-tmp-x\d+' \(1 bytes\) was left by an "
            r"interrupted rijn run; not removed: check it, then delete it by hand"
            % ("" if where == "." else re.escape(where) + "/"), l)]
        check(rc == 0 and len(warn) == 6 and len(named) == 5 and
              warn[-1] == "rijn encrypt: warning: 7 more such files in '%s' (.*.rijn-tmp-*)" % where
              and len([n for n in os.listdir(st) if ".rijn-tmp-" in n]) == 12,
              "stale files reported in %r, none removed (%d %r)" % (where, rc, err))


def legacy_base64_and_lists(tmp):
    """`decrypt --format openssl --armor` on bad Base64 (exit 1, one
    message naming the fault), and a `hash --check` list with CRLF line
    ends (as written on Windows): the CR is not part of the name."""
    d = os.path.join(tmp, "b64")
    os.mkdir(d)
    pw = os.path.join(d, "pw")
    with open(pw, "w") as f:
        f.write("pw\n")
    for i, (text, msg) in enumerate((("U2FsdGVkX1+!!!\n", "unexpected character"),
                                     ("U2FsdGVkX1+abc\n", "truncated group"),
                                     ("U2FsdGVkX1+abc=A\n", "bad group"))):
        path = os.path.join(d, "b%d" % i)
        with open(path, "w") as f:
            f.write(text)
        rc, out, err = run(["decrypt", "--format", "openssl", "--armor", "--passphrase-file", pw,
                            "-o", "-", path])
        check(one_error(rc, out, err, 1, "decrypt", "%s: invalid Base64 input (%s)" % (path, msg)),
              "openssl --armor %r -> %r (%d %r)" % (text, msg, rc, err))
    good, bad = os.path.join(d, "good"), os.path.join(d, "bad")
    for path, data in ((good, b"abc"), (bad, b"abd")):
        with open(path, "wb") as f:
            f.write(data)
    lst = os.path.join(d, "list")
    with open(lst, "wb") as f:
        for path in (good, bad):
            f.write(("%s  %s\r\n" % (hashlib.sha256(b"abc").hexdigest(), path)).encode())
    rc, out, err = run(["hash", "sha256", "--check", lst])
    check(rc == 1 and out.decode().splitlines() == ["%s: OK" % good, "%s: FAILED" % bad],
          "hash --check of a CRLF list (%d %r %r)" % (rc, out, err))


def mbedtls_paths(tmp):
    """The Mbed TLS crypt_and_hash reader and writer's rarer paths."""
    d = os.path.join(tmp, "mbed")
    os.mkdir(d)
    pw, src = os.path.join(d, "pw"), os.path.join(d, "src")
    with open(pw, "w") as f:
        f.write("secret\n")
    with open(src, "wb") as f:
        f.write(b"0123456789abcdefXYZ")  # 19 bytes: not whole blocks
    mb = ["--format", "mbedtls", "--no-progress", "--passphrase-file", pw]

    def enc(name, extra):
        rc, out, err = run(["encrypt"] + mb + extra + ["-o", "-", src])
        path = os.path.join(d, name)
        with open(path, "wb") as f:
            f.write(out)
        check(rc == 0 and len(out) > 16, "mbedtls encrypt %s (%d %r)" % (extra, rc, err))
        return path, out

    # a fixed IV is written as given
    iv = "00112233445566778899aabbccddeeff"
    ctr, blob = enc("ctr", ["-c", "aes-256-ctr", "--iv-hex", iv])
    check(blob[:16] == bytes.fromhex(iv), "mbedtls --iv-hex: the file starts with the IV")
    # the HMAC is right (same passphrase and digest) but the mode is not:
    # a CTR file of 19 bytes read as CBC is not whole blocks; of 32, bad padding
    rc, out, err = run(["decrypt"] + mb + ["-c", "aes-256-cbc", "-o", "-", ctr])
    check(rc == 1 and err.startswith("rijn decrypt: the ciphertext is not a whole number of "
                                     "blocks"), "mbedtls: CTR file read as CBC (%d %r)" % (rc, err))
    with open(src, "wb") as f:
        f.write(bytes(32))
    ctr32, _ = enc("ctr32", ["-c", "aes-256-ctr", "--iv-hex", iv])  # fixed IV: the same bad padding each run
    rc, out, err = run(["decrypt"] + mb + ["-c", "aes-256-cbc", "-o", "-", ctr32])
    check(rc == 1 and "bad padding (the HMAC was right" in err,
          "mbedtls: CTR file of whole blocks read as CBC (%d %r)" % (rc, err))
    # from a pipe (one pass: the HMAC is checked after the output): a wrong
    # passphrase is reported for what was written, to stdout and to a file
    bad = os.path.join(d, "badpw")
    with open(bad, "w") as f:
        f.write("wrong\n")
    wrong = ["decrypt", "--format", "mbedtls", "--no-progress", "--passphrase-file", bad]
    rc, out, err = run(wrong + ["-c", "aes-256-ctr", "-o", "-"], data=blob)
    check(rc == 1 and "(the output written is not authentic)" in err,
          "mbedtls: pipe, wrong passphrase, stdout (%d %r)" % (rc, err))
    dst = os.path.join(d, "dst")
    rc, out, err = run(wrong + ["-c", "aes-256-ctr", "-o", dst], data=blob)
    check(rc == 1 and "(output removed)" in err and not os.path.exists(dst),
          "mbedtls: pipe, wrong passphrase, file (%d %r)" % (rc, err))
    cases = [
        (["encrypt", "--format", "mbedtls", "--passphrase-file", os.path.join(d, "nosuch"),
          "-o", "-", src], 2, "cannot open passphrase file"),
        (["encrypt"] + mb + ["-o", os.path.join(d, "no", "dir"), src], 1, "cannot create"),
        (["decrypt"] + mb + ["-o", "-", ctr, ctr32], 2, "give one input file only"),
        (["encrypt"] + mb + ["--iv-hex", "0011", "-o", "-", src], 2,
         "--iv-hex needs 32 hex digits"),
        (["encrypt", "--format", "mbedtls", "-k", os.path.join(d, "nosuch"), "-o", "-", src], 2,
         "cannot open key file"),
        (["encrypt", "--format", "mbedtls", "-k", d, "-o", "-", src], 2,
         "cannot read key file '%s'" % d),
    ]
    for args, want_rc, text in cases:
        rc, out, err = run(args)
        lines = [x for x in err.splitlines() if "warning:" not in x]
        check(rc == want_rc and out == b"" and len(lines) == 1 and text in lines[0] and
              not os.path.exists(os.path.join(d, "no")),
              "%s -> %d %r (%d %r)" % (args[:4], want_rc, text, rc, err))


def rare_options(tmp):
    """Options and inputs no other test gives: size suffixes, recipient
    limits, the age format's --force/--no-progress, a truncation at a
    chunk boundary, armor data after the padding, help among options,
    "--" before a legacy file, a CRLF recipients file."""
    d = os.path.join(tmp, "rare")
    os.mkdir(d)
    key, src, pw = os.path.join(d, "k"), os.path.join(d, "src"), os.path.join(d, "pw")
    data = bytes(range(256)) * 12  # 3072 bytes: three chunks of 1 KiB
    with open(src, "wb") as f:
        f.write(data)
    with open(pw, "w") as f:
        f.write("secret\n")
    run(["keygen", "-o", key])
    rc, _, err = run(["keygen", "--x25519", "-o", os.path.join(d, "id")])
    pub = err.split()[-1]
    # --chunk-size with K and M suffixes; a bad suffix refused
    for size, ok in (("1K", True), ("1M", True), ("1X", False)):
        rc, out, err = run(["encrypt", "-k", key, "--chunk-size", size, "-o", "-", src])
        check((rc == 0 and len(out) > len(data)) if ok else
              one_error(rc, out, err, 2, "encrypt", "invalid chunk size '%s'" % size),
              "--chunk-size %s (%d %r)" % (size, rc, err))
    # recipient limits: 32 stanzas in the rijn format, 64 keys in age
    many = sum((["-r", pub] for _ in range(33)), [])
    rc, out, err = run(["encrypt"] + many + ["-o", "-", src])
    check(one_error(rc, out, err, 2, "encrypt", "too many recipients (at most 32)"),
          "33 recipients (%d %r)" % (rc, err))
    rc, out, err = run(["encrypt"] + many[:64] + ["--passphrase-file", pw, "-o", "-", src])
    check(one_error(rc, out, err, 2, "encrypt", "at most 32 stanzas"),
          "32 recipients + a passphrase (%d %r)" % (rc, err))
    many = sum((["-r", pub] for _ in range(65)), [])
    rc, out, err = run(["encrypt", "--format", "age"] + many + ["-o", "-", src])
    check(one_error(rc, out, err, 2, "encrypt", "too many recipients (at most 64)"),
          "age: 65 recipients (%d %r)" % (rc, err))
    # age: --force over an existing output, --no-progress
    dst = os.path.join(d, "dst.age")
    with open(dst, "wb") as f:
        f.write(b"old")
    rc, out, err = run(["encrypt", "--format", "age", "-r", pub, "--force", "--no-progress",
                        "-o", dst, src])
    check(rc == 0 and err == "" and open(dst, "rb").read(22) == b"age-encryption.org/v1\n",
          "age --force --no-progress (%d %r)" % (rc, err))
    # a CRLF recipients file
    rf = os.path.join(d, "recips")
    with open(rf, "wb") as f:
        f.write(("# keys\r\n%s\r\n" % pub).encode())
    rc, out, err = run(["encrypt", "-R", rf, "-o", dst, "--force", src])
    rc2, back, err2 = run(["decrypt", "-i", os.path.join(d, "id"), "-o", "-", dst])
    check(rc == 0 and rc2 == 0 and back == data, "-R with CRLF lines (%d %r %d %r)" %
          (rc, err, rc2, err2))
    # a file cut exactly after a whole chunk that is not the last
    rc, sealed, err = run(["encrypt", "-k", key, "--chunk-size", "1024", "-o", "-", src])
    header = len(sealed) - (len(data) + 3 * 16)
    cut = os.path.join(d, "cut")
    with open(cut, "wb") as f:
        f.write(sealed[:header + 1024 + 16])
    rc, out, err = run(["decrypt", "-k", key, "-o", os.path.join(d, "o"), cut])
    check(one_error(rc, out, err, 1, "decrypt", "the input is truncated") and
          not os.path.exists(os.path.join(d, "o")), "cut at a chunk boundary (%d %r)" % (rc, err))
    # armor: a Base64 line after the padded one
    for n in (1, 2, 3):  # one of three lengths ends in "=" padding
        rc, arm, err = run(["encrypt", "-k", key, "--armor", "-o", "-", "-"], data=b"x" * n)
        lines = arm.decode().splitlines()
        pad = [i for i, x in enumerate(lines) if x.endswith("=")]
        if pad:
            pad = pad[0]
            break
    bad = "\n".join(lines[:pad + 1] + ["QUJD"] + lines[pad + 1:]) + "\n"
    rc, out, err = run(["decrypt", "-k", key, "-o", "-", "-"], data=bad.encode())
    check(rc == 1 and "armor: data after Base64 padding (line %d)" % (pad + 2) in err,
          "armor: data after the padding (%d %r)" % (rc, err))
    # -h after options: the help of the rijn format, not an error
    rc, out, err = run(["decrypt", "-k", key, "-h"])
    check(rc == 0 and out.startswith(b"usage: rijn decrypt") and err == "",
          "decrypt -k KEY -h (%d %r)" % (rc, err))
    # "--" before an `openssl enc` file: recognised after it
    rc, salted, err = run(["encrypt", "--format", "openssl", "--pbkdf2", "--passphrase-file", pw,
                           "-o", "-", src])
    sf = os.path.join(d, "-salted")
    with open(sf, "wb") as f:
        f.write(salted)
    rc, out, err = run(["decrypt", "--pbkdf2", "--passphrase-file", pw, "-o", "-", "--", "-salted"],
                       cwd=d)
    check(rc == 0 and out == data, "decrypt ... -- -salted (openssl) (%d %r)" % (rc, err))


def damaged_headers(tmp):
    """Headers the readers refuse before any key is tried: a malformed age
    X25519 stanza, scrypt beside another stanza, an unknown AEAD id in a
    version-2 (recipients) header."""
    d = os.path.join(tmp, "hdr")
    os.mkdir(d)
    ident = os.path.join(d, "id")
    rc, _, err = run(["keygen", "--x25519", "-o", ident])
    pub = err.split()[-1]
    age = ["decrypt", "--format", "age", "-i", ident, "-o", "-", "-"]
    rc, good, err = run(["encrypt", "--format", "age", "-r", pub, "-o", "-", "-"], data=b"abc")
    head, _, rest = good.partition(b"\n---")
    lines = head.split(b"\n")  # version, "-> X25519 <share>", body
    bad_share = b"\n".join([lines[0], b"-> X25519 AAAA", lines[2]]) + b"\n---" + rest
    rc, out, err = run(age, data=bad_share)
    check(one_error(rc, out, err, 1, "decrypt", "malformed"),
          "age: X25519 stanza with a short share (%d %r)" % (rc, err))
    mixed = b"\n".join([lines[0], b"-> scrypt c2FsdHNhbHRzYWx0c2FsdA 10",
                        b"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"] + lines[1:]) + b"\n---" + rest
    rc, out, err = run(age, data=mixed)
    check(one_error(rc, out, err, 1, "decrypt", "an scrypt stanza must be the only one"),
          "age: scrypt beside an X25519 stanza (%d %r)" % (rc, err))
    # a well-formed header MAC that is wrong (test_cli_age's one-bit flip of
    # the MAC's Base64 is refused as malformed or as altered, by chance)
    mac_at = good.index(b"\n--- ") + 5
    other = b"A" * 43 if good[mac_at:mac_at + 43] != b"A" * 43 else b"B" * 43
    rc, out, err = run(age, data=good[:mac_at] + other + good[mac_at + 43:])
    check(one_error(rc, out, err, 1, "decrypt", "header authentication failed (the header was "
                    "altered)"), "age: a wrong header MAC (%d %r)" % (rc, err))
    rc, v2, err = run(["encrypt", "-r", pub, "-o", "-", "-"], data=b"abc")
    v2 = bytearray(v2)
    v2[9] = 0x7f
    rc, out, err = run(["decrypt", "-i", ident, "-o", "-", "-"], data=bytes(v2))
    check(one_error(rc, out, err, 1, "decrypt", "header: unknown AEAD id 127 (damaged header?)"),
          "v2 header with AEAD id 127 (%d %r)" % (rc, err))


def pwhash(tmp):
    pw, longpw = os.path.join(tmp, "pw"), os.path.join(tmp, "longpw")
    with open(pw, "w") as f:
        f.write("correct horse\n")
    with open(longpw, "w") as f:
        f.write("x" * 1025 + "\n")
    small = ["-t", "1", "-m", "8", "-p", "1"]
    cases = [
        (["-t", "abc"], "invalid number 'abc'"),
        (["-m", "0"], "invalid number '0'"),
        (["-p", "4294967296"], "invalid number '4294967296'"),
        (["--type", "argon2d"], "unknown type 'argon2d' (argon2id, argon2i)"),
        (["extra"], "unexpected argument 'extra' (see --help)"),
        (["--needs-rehash", "$bogus$"], "not an Argon2 PHC string"),
        (["--verify", "$argon2id$v=16$m=8,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo",
          "--passphrase-file", pw], "not an Argon2 PHC string"),
        (["-m", "1", "-p", "1", "--passphrase-file", pw], "invalid costs"),
        (small + ["--passphrase-file", longpw], "is longer than 1024 bytes"),
        (small + ["--passphrase-file", tmp], "cannot read passphrase file '%s'" % tmp),
        (small + ["--passphrase-file", os.path.join(tmp, "nosuch")],
         "cannot open passphrase file"),
    ]
    for args, text in cases:
        rc, out, err = run(["pwhash"] + args)
        check(one_error(rc, out, err, 2, "pwhash", text), "pwhash %s -> %r (%d %r)" % (args, text, rc, err))
    rc, out, err = run(["pwhash", "--type", "argon2i"] + small + ["--passphrase-file", pw])
    line = out.decode().strip()
    ok = rc == 0 and re.fullmatch(r"\$argon2i\$v=19\$m=8,t=1,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}",
                                  line) is not None
    if ok:
        from argon2 import PasswordHasher
        from argon2.exceptions import VerifyMismatchError
        ph = PasswordHasher()
        ok = ph.verify(line, "correct horse")
        try:
            ph.verify(line, "correct horse!")
            ok = False
        except VerifyMismatchError:
            pass
    check(ok, "pwhash --type argon2i -t 1 -m 8 -p 1 verified by argon2-cffi (%d %r %r)" % (rc, out, err))


def bench():
    rc, out, err = run(["bench", "--quick", "--impl", "auto"])
    text = out.decode()
    lines = text.splitlines()
    check(rc == 0 and err == "" and re.fullmatch(
        r"rijn \d+\.\d+\.\d+ bench: MB/s and (cycles/byte \(TSC\)|ns/byte), median of 5 runs \(quick\)",
        lines[0] if lines else "") is not None, "bench --quick: title (%d %r)" % (rc, err))
    m = re.search(r"^default implementation: (\S+)$", text, re.M)
    impl = m.group(1) if m else None
    heads = [l for l in lines if l.startswith(impl + " ")] if impl else []
    check(len(heads) == 1 and heads[0].split()[1:] ==
          ["mode", "key", "16", "B", "64", "B", "1", "KiB", "16", "KiB"],
          "bench --quick: one table, sizes 16 B .. 16 KiB without 1 MiB (%r)" % heads)
    keys = re.findall(r"^ +keysetup (128|256) +(\d+\.\d) ns", text, re.M)
    check([k for k, _ in keys] == ["128", "256"] and all(float(v) > 0 for _, v in keys),
          "bench --quick: key setup rows (%r)" % keys)
    rows = re.findall(r"^ +(ecb|cbc-enc|cbc-dec|ctr|cfb128|ofb) +(128|256)((?: +\d+\.\d+){8})$",
                      text, re.M)
    check([(mo, k) for mo, k, _ in rows] ==
          [(mo, k) for mo in ("ecb", "cbc-enc", "cbc-dec", "ctr", "cfb128", "ofb")
           for k in ("128", "256")] and
          all(float(v) > 0 for _, _, vals in rows for v in vals.split()[0::2]),
          "bench --quick: 12 rows of 4 (MB/s, per byte) pairs, speeds positive")
    check(lines[-1:] == ["columns: MB/s then %s per message size" %
                         ("cycles/byte (TSC)" if "TSC" in (lines[0] if lines else "") else "ns/byte")],
          "bench --quick: the closing line")


def main():
    cs.require_cli()
    with tempfile.TemporaryDirectory() as tmp:
        options(tmp)
        whole_files(tmp)
        streams(tmp)
        encrypt_options(tmp)
        damaged_inputs(tmp)
        legacy_base64_and_lists(tmp)
        mbedtls_paths(tmp)
        rare_options(tmp)
        damaged_headers(tmp)
        pwhash(tmp)
    bench()
    cs.finish()


if __name__ == "__main__":
    main()
