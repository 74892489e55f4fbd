#!/usr/bin/env python3
"""test_cli_hash.py -- `rijn hash` against sha*sum (GNU coreutils),
openssl dgst and Python's hashlib.

1. sha224/256/384/512, md5, sha1: the output of `rijn hash ALG FILES...`
   is byte-identical to sha224sum/.../md5sum/sha1sum on the same files
   (sizes around the block boundaries, 0 bytes, 1 MiB), several files at
   once, stdin with no name and with "-", names with a backslash or a
   newline (escaped lines).
2. sha512-224/256, sha3-*, shake128/256 (--length): digests equal
   `openssl dgst -<alg>` (and hashlib).
3. --check: on lists written by sha256sum / sha512sum, rijn prints exactly
   what sha256sum -c prints (OK, FAILED, FAILED open or read, escaped
   names) and exits like it; --quiet, --status; improperly formatted
   lines; a list with no valid line; SHAKE lists of any length.
4. ascon-hash256 and ascon-xof128 against the Ascon team's SP 800-232 KATs.
5. Usage errors exit 2; unreadable files exit 1 with a message.
Prints "N passed, N failed".
"""
import hashlib
import os
import random
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_support import CLI, check  # noqa: E402
import cli_support as cs  # noqa: E402
from tu_py import lwc_kat  # noqa: E402 (tests/support, on the path by cli_support)
import tempfile

rng = random.Random(0x68617368)


def run(args, data=b"", cwd=None):
    p = subprocess.run([CLI, "hash"] + args, input=data, capture_output=True, timeout=60,
                       cwd=cwd)
    return p.returncode, p.stdout, p.stderr


def tool(args, data=b"", cwd=None):
    p = subprocess.run(args, input=data, capture_output=True, timeout=60, cwd=cwd)
    return p.returncode, p.stdout, p.stderr


SIZES = (0, 1, 3, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 1000, 65535, 65536, 65537,
         1 << 20)
SUMS = {"sha224": "sha224sum", "sha256": "sha256sum", "sha384": "sha384sum",
        "sha512": "sha512sum", "md5": "md5sum", "sha1": "sha1sum", "blake2b": "b2sum"}
OPENSSL = {"sha512-224": ("sha512-224", "sha512_224"), "sha512-256": ("sha512-256", "sha512_256"),
           "sha3-224": ("sha3-224", "sha3_224"), "sha3-256": ("sha3-256", "sha3_256"),
           "sha3-384": ("sha3-384", "sha3_384"), "sha3-512": ("sha3-512", "sha3_512")}


def make_files(d):
    names = []
    for n in SIZES:
        name = "f%d.bin" % n
        with open(os.path.join(d, name), "wb") as f:
            f.write(rng.randbytes(n))
        names.append(name)
    return names


def test_sums(d, names):
    for alg, prog in SUMS.items():
        if shutil.which(prog) is None:
            print("%s missing; skipped" % prog)
            continue
        rc, out, err = run([alg] + names, cwd=d)
        trc, tout, _ = tool([prog] + names, cwd=d)
        check(rc == 0 and trc == 0 and out == tout, "%s FILES == %s" % (alg, prog))
        data = open(os.path.join(d, names[5]), "rb").read()
        rc, out, _ = run([alg], data)
        trc, tout, _ = tool([prog], data)
        check(rc == 0 and out == tout, "%s stdin == %s" % (alg, prog))
        rc, out, _ = run([alg, names[0], "-", names[1]], data, cwd=d)
        trc, tout, _ = tool([prog, names[0], "-", names[1]], data, cwd=d)
        check(rc == 0 and out == tout, "%s with '-' among files" % alg)
    # names that need escaping
    odd = ["back\\slash.txt", "new\nline.txt", "plain name.txt"]
    for name in odd:
        with open(os.path.join(d, name), "wb") as f:
            f.write(name.encode())
    rc, out, _ = run(["sha256"] + odd, cwd=d)
    trc, tout, _ = tool(["sha256sum"] + odd, cwd=d)
    check(rc == 0 and out == tout, "escaped names == sha256sum (%r)" % out)
    with open(os.path.join(d, "odd.sums"), "wb") as f:
        f.write(tout)
    rc, out, _ = run(["sha256", "--check", "odd.sums"], cwd=d)
    trc, tout, _ = tool(["sha256sum", "-c", "odd.sums"], cwd=d)
    check(rc == trc == 0 and out == tout, "--check escaped names == sha256sum -c")


def test_openssl(d, names):
    openssl = shutil.which("openssl")
    for alg, (oname, py) in OPENSSL.items():
        rc, out, _ = run([alg] + names[:12], cwd=d)
        lines = out.decode().splitlines()
        check(rc == 0 and len(lines) == 12, "%s: 12 lines" % alg)
        for name, line in zip(names[:12], lines):
            data = open(os.path.join(d, name), "rb").read()
            check(line == "%s  %s" % (hashlib.new(py, data).hexdigest(), name),
                  "%s %s == hashlib" % (alg, name))
            if openssl and name in ("f0.bin", "f64.bin", "f1000.bin"):
                o = subprocess.run([openssl, "dgst", "-" + oname, "-r", name], cwd=d,
                                   capture_output=True)
                if o.returncode == 0:
                    check(o.stdout.split()[0].decode() == line.split()[0],
                          "%s %s == openssl dgst" % (alg, name))
    for alg, py, default in (("shake128", "shake_128", 32), ("shake256", "shake_256", 64)):
        for name in names[:14:3]:
            data = open(os.path.join(d, name), "rb").read()
            for length in (None, 1, 16, 200, 4096):
                args = [alg, name] + ([] if length is None else ["--length", str(length)])
                rc, out, _ = run(args, cwd=d)
                want = hashlib.new(py, data).hexdigest(length or default)
                check(rc == 0 and out.decode() == "%s  %s\n" % (want, name),
                      "%s --length %s %s" % (alg, length, name))
        if openssl:
            o = subprocess.run([openssl, "dgst", "-" + alg, "-xoflen", "40", "-r", names[8]],
                               cwd=d, capture_output=True)
            rc, out, _ = run([alg, "--length", "40", names[8]], cwd=d)
            if o.returncode == 0:
                check(out.split()[0] == o.stdout.split()[0], "%s == openssl -xoflen" % alg)


def test_check(d, names):
    for alg, prog in (("sha256", "sha256sum"), ("sha512", "sha512sum"), ("md5", "md5sum")):
        _, lst, _ = tool([prog] + names[:6], cwd=d)
        with open(os.path.join(d, "good.sums"), "wb") as f:
            f.write(lst)
        rc, out, err = run([alg, "--check", "good.sums"], cwd=d)
        trc, tout, _ = tool([prog, "-c", "good.sums"], cwd=d)
        check(rc == trc == 0 and out == tout, "%s --check all OK == %s -c" % (alg, prog))
        # a changed file, a missing file, a bad line, binary-mode marker
        lines = lst.decode().splitlines()
        h0 = lines[0].split()[0]
        lines[0] = ("0" if h0[0] != "0" else "1") + h0[1:] + "  " + names[0]
        lines.append(h0 + "  missing.bin")
        lines.append("this is not a checksum line")
        lines.append(lines[1].replace("  ", " *", 1))
        with open(os.path.join(d, "bad.sums"), "w") as f:
            f.write("\n".join(lines) + "\n")
        rc, out, err = run([alg, "-c", "bad.sums"], cwd=d)
        trc, tout, terr = tool([prog, "-c", "bad.sums"], cwd=d)
        check(rc == trc == 1 and out == tout, "%s --check failures == %s -c: %r vs %r"
              % (alg, prog, out, tout))
        check(b"FAILED" in out and b"FAILED open or read" in out and
              b"did NOT match" in err and b"could not be read" in err and
              b"improperly formatted" in err, "%s --check warnings %r" % (alg, err))
        rc, out, _ = run([alg, "-c", "bad.sums", "--quiet"], cwd=d)
        trc, tout, _ = tool([prog, "-c", "bad.sums", "--quiet"], cwd=d)
        check(rc == trc == 1 and out == tout, "%s --check --quiet == %s" % (alg, prog))
        rc, out, err = run([alg, "-c", "good.sums", "--status"], cwd=d)
        check(rc == 0 and out == b"" and err == b"", "%s --status good" % alg)
        rc, out, err = run([alg, "-c", "bad.sums", "--status"], cwd=d)
        check(rc == 1 and out == b"", "%s --status bad" % alg)
        rc, out, err = run([alg, "-c", "-"], lst, cwd=d)
        check(rc == 0 and b"FAILED" not in out and out.count(b": OK\n") == 6,
              "%s --check list from stdin" % alg)
    with open(os.path.join(d, "junk.sums"), "w") as f:
        f.write("nothing\nto see\n")
    rc, out, err = run(["sha256", "-c", "junk.sums"], cwd=d)
    trc, _, _ = tool(["sha256sum", "-c", "junk.sums"], cwd=d)
    check(rc == trc == 1 and b"no properly formatted" in err, "no valid line -> exit 1")
    # SHAKE: the line's length sets the output length
    _, out1, _ = run(["shake256", "--length", "7", names[3]], cwd=d)
    _, out2, _ = run(["shake256", "--length", "100", names[4]], cwd=d)
    with open(os.path.join(d, "shake.sums"), "wb") as f:
        f.write(out1 + out2)
    rc, out, _ = run(["shake256", "-c", "shake.sums"], cwd=d)
    check(rc == 0 and out == ("%s: OK\n%s: OK\n" % (names[3], names[4])).encode(),
          "shake256 --check with two lengths")
    # sha256 list checked as sha512: wrong length lines are improperly formatted
    rc, out, err = run(["sha512", "-c", "good.sums"], cwd=d)
    check(rc == 1 and b"no properly formatted" in err, "digest length mismatch -> bad lines")


def test_ascon(d):
    """ascon-hash256 / ascon-xof128 against the Ascon team's SP 800-232 KATs."""
    asc = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "vectors", "ascon")
    for alg, kat, length in (("ascon-hash256", "asconhash256_LWC_HASH_KAT_128_256.txt", None),
                             ("ascon-xof128", "asconxof128_LWC_XOF_KAT_128_512.txt", 64)):
        path = os.path.join(asc, kat)
        check(os.path.exists(path), "Ascon KAT file %s present" % path)
        if not os.path.exists(path):
            continue
        recs = lwc_kat(path)
        check(len(recs) == 1025, "%s KAT count %d" % (alg, len(recs)))
        for rec in recs[::41] + recs[-2:]:
            args = [alg] + ([] if length is None else ["--length", str(length)])
            rc, out, _ = run(args, bytes.fromhex(rec["Msg"]))
            check(rc == 0 and out.decode() == "%s  -\n" % rec["MD"].lower(),
                  "%s KAT Count %s" % (alg, rec["Count"]))
    rc, out, _ = run(["ascon-xof128", "--length", "5", "f0.bin"], cwd=d)
    rc2, out2, _ = run(["ascon-xof128", "--length", "40", "f0.bin"], cwd=d)
    check(rc == rc2 == 0 and out2.startswith(out[:10]), "ascon-xof128 lengths are prefixes")


def test_usage(d):
    for args, what in ((["nohash"], "unknown algorithm"), ([], "no algorithm"),
                       (["sha256", "--length", "5"], "--length on sha256"),
                       (["shake128", "--length", "0"], "--length 0"),
                       (["shake128", "--length", "x"], "--length x"),
                       (["sha256", "--quiet"], "--quiet without --check"),
                       (["sha256", "-c", "a", "b"], "--check with files"),
                       (["sha256", "--bogus"], "unknown option")):
        rc, out, err = run(args, cwd=d)
        check(rc == 2 and out == b"" and err.startswith(b"rijn hash:"),
              "usage (%s): exit %d %r" % (what, rc, err))
    rc, out, err = run(["sha256", "nonexistent", "f0.bin"], cwd=d)
    check(rc == 1 and out.endswith(b"  f0.bin\n") and b"nonexistent" in err,
          "missing file: exit 1, other files still hashed")
    rc, out, err = run(["sha256", "-c", "nonexistent.sums"], cwd=d)
    check(rc == 1 and b"nonexistent.sums" in err, "missing list -> exit 1")
    rc, out, _ = run(["--help"])
    check(rc == 0 and b"md5 (legacy)" in out and b"shake256" in out, "--help marks legacy")
    # every hash of the library has a name (BLAKE2b was missing)
    for alg in ("blake2b", "sha512-224", "sha3-384", "ascon-hash256"):
        check(b" " + alg.encode() + b" " in out, "--help lists %s" % alg)
    rc, out, _ = run(["blake2b"], b"abc")
    check(rc == 0 and out == hashlib.blake2b(b"abc").hexdigest().encode() + b"  -\n",
          "blake2b == hashlib.blake2b")


def main():
    if not CLI or not os.path.exists(CLI):
        print("RIJN_CLI not set or missing; skipped")
        sys.exit(77)
    with tempfile.TemporaryDirectory() as d:
        names = make_files(d)
        test_sums(d, names)
        test_openssl(d, names)
        test_check(d, names)
        test_ascon(d)
        test_usage(d)
    cs.finish()


if __name__ == "__main__":
    main()
