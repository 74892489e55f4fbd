#!/usr/bin/env python3
"""test_cli_cipher.py -- `rijn cipher` against the real `openssl enc`.

For every mode openssl has (ecb, cbc with and without PKCS#7, cfb1, cfb8,
cfb128, ofb, ctr) and every key size: rijn's ciphertext equals openssl's,
and rijn decrypts openssl's ciphertext, over several lengths and through
the raw/hex/base64 forms (base64 output byte-for-byte as openssl -base64).
ctr32 and the CBC-CS1/2/3 modes (which openssl enc lacks) are checked
against relations with plain CTR/CBC computed by openssl. Then files,
stdin, --impl, usage errors (exit 2) and operation failures (exit 1).
Prints "N passed, N failed"; exit status 1 on any failure, 77 when the
CLI or openssl is missing.
"""
import base64
import os
import random
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_support import CLI, check  # noqa: E402
import cli_support as cs  # noqa: E402
import tempfile

SAMPLE = b"AES_Test_1 - Hello! Testing AES Encryption here"


def rijn(args, data=None):
    p = subprocess.run([CLI, "cipher"] + args, input=data, capture_output=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def openssl(args, data):
    p = subprocess.run(["openssl", "enc"] + args, input=data, capture_output=True, timeout=60)
    if p.returncode != 0:
        raise RuntimeError("openssl %s: %s" % (args, p.stderr))
    return p.stdout


def ossl_name(mode, bits):
    return {"cfb128": "aes-%d-cfb" % bits}.get(mode, "aes-%d-%s" % (bits, mode))


def one_line_error(rc, out, err, want_rc, what):
    lines = err.decode(errors="replace").strip().splitlines()
    check(rc == want_rc and out == b"" and len(lines) == 1 and
          lines[0].startswith("rijn cipher:"),
          "%s: exit %d (want %d), stdout %r, stderr %r" % (what, rc, want_rc, out[:40], lines))


def sample_string():
    key, iv = "2b7e151628aed2a6abf7158809cf4f3c", "000102030405060708090a0b0c0d0e0f"
    want_b64 = openssl(["-aes-128-cbc", "-K", key, "-iv", iv, "-base64"], SAMPLE)
    rc, out, err = rijn(["-e", "-m", "cbc", "--key", key, "--iv", iv, "--in-string",
                         SAMPLE.decode(), "--outform", "base64"])
    check(rc == 0 and out == want_b64, "sample string base64: %r vs %r" % (out, want_b64))
    want_raw = openssl(["-aes-128-cbc", "-K", key, "-iv", iv], SAMPLE)
    rc, out, err = rijn(["-e", "-m", "cbc", "-K", key, "--iv", iv, "-s", SAMPLE.decode(),
                         "--outform", "hex"])
    check(rc == 0 and out == (want_raw.hex() + "\n").encode(), "sample string hex")
    rc, out, err = rijn(["-d", "-m", "cbc", "--key", key, "--iv", iv, "--inform", "base64"],
                        want_b64)
    check(rc == 0 and out == SAMPLE, "sample string decrypt from openssl base64")


def differential():
    rnd = random.Random(1234)
    forms = ["raw", "hex", "base64"]
    k = 0
    for mode in ("ecb", "ecb-nopad", "cbc", "cbc-nopad", "cfb1", "cfb8", "cfb128", "ofb", "ctr"):
        for bits in (128, 192, 256):
            block = mode in ("ecb-nopad", "cbc-nopad")
            lengths = (16, 48, 64) if block else (0, 1, 15, 16, 17, 100)
            for n in lengths:
                if mode == "ecb" and n == 0 and bits != 128:
                    continue
                key = bytes(rnd.getrandbits(8) for _ in range(bits // 8)).hex()
                iv = bytes(rnd.getrandbits(8) for _ in range(16)).hex()
                data = bytes(rnd.getrandbits(8) for _ in range(n))
                m = mode.replace("-nopad", "")
                oargs = ["-" + ossl_name(m, bits), "-K", key]
                rargs = ["-m", m, "--key", key]
                if m != "ecb":
                    oargs += ["-iv", iv]
                    rargs += ["--iv", iv]
                if mode.endswith("-nopad"):
                    oargs.append("-nopad")
                    rargs.append("--nopad")
                ct = openssl(oargs, data)
                inf, outf = forms[k % 3], forms[(k // 3) % 3]
                k += 1
                enc_in = {"raw": data, "hex": data.hex().encode(),
                          "base64": base64.b64encode(data)}[inf]
                rc, out, err = rijn(["-e"] + rargs + ["--inform", inf, "--outform", outf], enc_in)
                if outf == "hex":
                    got = bytes.fromhex(out.decode()) if rc == 0 else None
                    check(out.endswith(b"\n"), "hex output ends with a newline")
                elif outf == "base64":
                    got = base64.b64decode(out) if rc == 0 else None
                    if rc == 0 and n > 0:
                        want = openssl(oargs + ["-base64"], data)
                        check(out == want, "%s-%d base64 text as openssl" % (mode, bits))
                else:
                    got = out
                check(rc == 0 and got == ct, "encrypt %s-%d len %d (%s->%s): %s" % (
                    mode, bits, n, inf, outf, err.decode(errors="replace").strip()))
                rc, out, err = rijn(["-d"] + rargs, ct)
                check(rc == 0 and out == data, "decrypt %s-%d len %d" % (mode, bits, n))


def ctr32_and_cts():
    key = "000102030405060708090a0b0c0d0e0f"
    data = bytes(range(64))
    # ctr32: only the last 32 bits count
    iv = "f0f1f2f3f4f5f6f7f8f9fafbfffffffe"
    rc, out, _ = rijn(["-e", "-m", "ctr32", "--key", key, "--iv", iv], data)
    a = openssl(["-aes-128-ctr", "-K", key, "-iv", iv], data[:32])
    b = openssl(["-aes-128-ctr", "-K", key, "-iv", iv[:24] + "00000000"], data[32:])
    check(rc == 0 and out == a + b, "ctr32 wraps in 32 bits")
    rc, out, _ = rijn(["-e", "-m", "ctr", "--key", key, "--iv", iv], data)
    check(rc == 0 and out == openssl(["-aes-128-ctr", "-K", key, "-iv", iv], data),
          "ctr carries into the upper 96 bits")
    # CTS against CBC
    iv = "000102030405060708090a0b0c0d0e0f"
    for n in (16, 17, 31, 32, 33, 47, 64, 100):
        d = bytes((7 * i + n) & 0xFF for i in range(n))
        r = (16 - n % 16) % 16
        cbc = openssl(["-aes-128-cbc", "-K", key, "-iv", iv, "-nopad"], d + bytes(r))
        nb = len(cbc) // 16
        head, c1, c2 = cbc[:16 * (nb - 2)], cbc[16 * (nb - 2):16 * (nb - 1)], cbc[16 * (nb - 1):]
        tail = 16 - r
        want = {"cbc-cs1": head + c1[:tail] + c2 if nb > 1 else cbc,
                "cbc-cs3": head + c2 + c1[:tail] if nb > 1 else cbc}
        want["cbc-cs2"] = want["cbc-cs1"] if n % 16 == 0 else want["cbc-cs3"]
        for m, w in want.items():
            rc, out, err = rijn(["-e", "-m", m, "--key", key, "--iv", iv], d)
            check(rc == 0 and out == w, "%s len %d vs CBC" % (m, n))
            rc, back, _ = rijn(["-d", "-m", m, "--key", key, "--iv", iv], out)
            check(rc == 0 and back == d, "%s len %d round trip" % (m, n))
    for m in ("cbc-cs1", "cbc-cs2", "cbc-cs3"):
        one_line_error(*rijn(["-e", "-m", m, "--key", key, "--iv", iv], b"short"), 1,
                       "%s under 16 bytes" % m)


def files_and_impls():
    key, iv = "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", "00" * 16
    data = os.urandom(5000)
    with tempfile.TemporaryDirectory() as d:
        src, dst, back = (os.path.join(d, x) for x in ("in.bin", "out.bin", "back.bin"))
        with open(src, "wb") as f:
            f.write(data)
        rc, out, err = rijn(["-e", "-m", "cbc", "--key", key, "--iv", iv, "-i", src, "-o", dst])
        check(rc == 0 and out == b"", "file to file")
        want = openssl(["-aes-256-cbc", "-K", key, "-iv", iv], data)
        check(open(dst, "rb").read() == want, "file output as openssl")
        rc, out, err = rijn(["-d", "-m", "cbc", "--key", key, "--iv", iv, "--in", dst,
                             "--out", back])
        check(rc == 0 and open(back, "rb").read() == data, "file round trip")
        rc, out, err = rijn(["-d", "-m", "cbc", "--key", key, "--iv", iv, "-i",
                             os.path.join(d, "missing")])
        one_line_error(rc, out, err, 1, "missing input file")
    ref = None
    ran = 0
    for impl in ("x86ni", "ct64", "ct32", "small"):
        rc, out, err = rijn(["-e", "-m", "ctr", "--key", key, "--iv", iv, "--impl", impl], data)
        if rc == 2 and b"not available" in err:
            continue
        ran += 1
        ref = ref if ref is not None else out
        check(rc == 0 and out == ref and out == openssl(["-aes-256-ctr", "-K", key, "-iv", iv],
                                                        data), "--impl %s" % impl)
    check(ran >= 1, "some implementation ran")
    rc, out, err = rijn(["-e", "-m", "ctr", "--key", key, "--iv", iv, "--impl", "nosuch"], b"x")
    check(rc == 2 and out == b"" and b"nosuch" in err, "--impl nosuch -> exit 2")


def errors():
    k, iv = "00" * 16, "00" * 16
    usage = [
        ("no direction", ["-m", "cbc", "--key", k, "--iv", iv]),
        ("both directions", ["-e", "-d", "-m", "cbc", "--key", k, "--iv", iv]),
        ("no mode", ["-e", "--key", k, "--iv", iv]),
        ("unknown mode", ["-e", "-m", "xts", "--key", k, "--iv", iv]),
        ("no key", ["-e", "-m", "cbc", "--iv", iv]),
        ("key not hex", ["-e", "-m", "cbc", "--key", "zz" * 16, "--iv", iv]),
        ("key 20 bytes", ["-e", "-m", "cbc", "--key", "00" * 20, "--iv", iv]),
        ("key with space", ["-e", "-m", "cbc", "--key", "00 " * 16, "--iv", iv]),
        ("no iv", ["-e", "-m", "cbc", "--key", k]),
        ("iv 15 bytes", ["-e", "-m", "cbc", "--key", k, "--iv", "00" * 15]),
        ("iv for ecb", ["-e", "-m", "ecb", "--key", k, "--iv", iv]),
        ("--nopad with ctr", ["-e", "-m", "ctr", "--key", k, "--iv", iv, "--nopad"]),
        ("bad --inform", ["-e", "-m", "ctr", "--key", k, "--iv", iv, "--inform", "octal"]),
        ("bad --outform", ["-e", "-m", "ctr", "--key", k, "--iv", iv, "--outform", "x"]),
        ("unknown option", ["-e", "-m", "ctr", "--key", k, "--iv", iv, "--frobnicate"]),
        ("option missing its value", ["-e", "-m", "ctr", "--key", k, "--iv"]),
        ("stray argument", ["-e", "-m", "ctr", "--key", k, "--iv", iv, "extra"]),
        ("--in and --in-string", ["-e", "-m", "ctr", "--key", k, "--iv", iv, "-i", "x",
                                  "-s", "y"]),
    ]
    for what, args in usage:
        one_line_error(*rijn(args, b"data"), 2, what)
    ct = openssl(["-aes-128-cbc", "-K", k, "-iv", iv], b"secret message")
    failures = [
        ("bad padding (wrong key)", ["-d", "-m", "cbc", "--key", "11" * 16, "--iv", iv], ct),
        ("bad padding (ecb)", ["-d", "-m", "ecb", "--key", "11" * 16], ct),
        ("ciphertext not a multiple of 16", ["-d", "-m", "cbc", "--key", k, "--iv", iv], ct[:-1]),
        ("empty ciphertext", ["-d", "-m", "cbc", "--key", k, "--iv", iv], b""),
        ("--nopad 15 bytes", ["-e", "-m", "cbc", "--key", k, "--iv", iv, "--nopad"], b"x" * 15),
        ("bad base64 input", ["-d", "-m", "cbc", "--key", k, "--iv", iv, "--inform", "base64"],
         b"not*base64"),
        ("bad hex input", ["-d", "-m", "ctr", "--key", k, "--iv", iv, "--inform", "hex"], b"abc"),
    ]
    for what, args, data in failures:
        one_line_error(*rijn(args, data), 1, what)
    rc, out, err = rijn(["-d", "-m", "cbc", "--key", k, "--iv", iv], ct)
    check(rc == 0 and out == b"secret message", "right key decrypts")
    rc, out, err = rijn(["--help"])
    check(rc == 0 and b"--outform" in out and err == b"", "cipher --help")


def main():
    if not CLI or not os.path.exists(CLI) or shutil.which("openssl") is None:
        print("RIJN_CLI or openssl missing; skipped")
        sys.exit(77)
    sample_string()
    differential()
    ctr32_and_cts()
    files_and_impls()
    errors()
    cs.finish()


if __name__ == "__main__":
    main()
