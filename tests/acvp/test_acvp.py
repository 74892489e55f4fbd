#!/usr/bin/env python3
"""test_acvp.py -- `rijn-acvp` against ACVP vector sets.

1. Every tests/vectors/acvp/<ALG>.prompt.json (made by gen_samples.py from an
   independent Python reference) is answered and compared with
   <ALG>.expected.json: same vsId/algorithm/revision, the same groups and
   tests in order, and every result field (resultsArray entries too). CTR
   tests whose IV the client generates are checked by decrypting with the
   openssl command (when present) and by the IV's form.
2. The array form [{"acvVersion": ..}, {..}] and stdin ("-").
3. A few cases copied from NIST's ACVP-Server samples (nist_excerpts.json).
4. Every available AES implementation (--impl) gives the same answers.
5. Malformed input: bad JSON, unknown algorithm, missing or bad fields,
   wrong shapes -> exit 2 with one message and nothing on stdout; an
   unsupported case -> exit 1; never a crash.
Prints "N passed, N failed"; exit status 1 on any failure.
"""
import json
import os
import re
import shutil
import subprocess
import tempfile

from acvp_util import SAMPLES, check, damage, expect_rejected, finish, impls_agree, require_cli, run
from acvp_util import nist_excerpts


def compare(expected, got, where):
    """Every field of expected must be in got with the same value."""
    ok = True
    for k in ("vsId", "algorithm", "revision"):
        if expected.get(k) != got.get(k):
            print("  %s: %s %r != %r" % (where, k, got.get(k), expected.get(k)))
            ok = False
    eg, gg = expected["testGroups"], got.get("testGroups", [])
    if len(eg) != len(gg):
        print("  %s: %d groups, want %d" % (where, len(gg), len(eg)))
        return False
    for g1, g2 in zip(eg, gg):
        if g1["tgId"] != g2.get("tgId") or len(g1["tests"]) != len(g2.get("tests", [])):
            print("  %s: group %s shape differs" % (where, g1["tgId"]))
            ok = False
            continue
        for t1, t2 in zip(g1["tests"], g2["tests"]):
            for k, v in t1.items():
                if k == "ivGenerated":
                    continue
                if k == "resultsArray":
                    r2 = t2.get(k, [])
                    if len(r2) != len(v) or any(a != b for a, b in zip(v, r2)):
                        bad = next((i for i, (a, b) in enumerate(zip(v, r2)) if a != b), len(r2))
                        print("  %s: tcId %s resultsArray differs at %s" % (where, t1["tcId"], bad))
                        ok = False
                elif t2.get(k) != v:
                    print("  %s: tcId %s %s=%r want %r" % (where, t1["tcId"], k, t2.get(k), v))
                    ok = False
    return ok


def check_generated_iv(prompt, got):
    """CTR encrypt tests without an IV: the answer's IV must decrypt the ct."""
    have_openssl = shutil.which("openssl") is not None
    if prompt["algorithm"] != "ACVP-AES-CTR":
        return
    for pg, gg in zip(prompt["testGroups"], got["testGroups"]):
        for pt, gt in zip(pg["tests"], gg["tests"]):
            if "iv" in pt or pg["direction"] != "encrypt":
                continue
            iv = gt.get("iv", "")
            check(len(iv) == 32 and iv.endswith("00000001"), "generated IV form %r" % iv)
            check(len(gt.get("ct", "")) == len(pt["pt"]), "generated-IV ct length")
            if have_openssl and len(iv) == 32:
                key = pt["key"]
                o = subprocess.run(["openssl", "enc", "-d", "-aes-%d-ctr" % (len(key) * 4),
                                    "-K", key, "-iv", iv],
                                   input=bytes.fromhex(gt.get("ct", "")), capture_output=True)
                check(o.returncode == 0 and o.stdout.hex().upper() == pt["pt"],
                      "generated-IV ct decrypts (openssl)")


def samples():
    names = sorted(f[:-len(".prompt.json")] for f in os.listdir(SAMPLES)
                   if f.endswith(".prompt.json"))
    check(len(names) >= 10, "sample files found in %s" % SAMPLES)
    for name in names:
        path = os.path.join(SAMPLES, name + ".prompt.json")
        with open(path) as f:
            prompt = json.load(f)
        with open(os.path.join(SAMPLES, name + ".expected.json")) as f:
            expected = json.load(f)
        rc, out, err = run([path])
        check(rc == 0, "%s: exit %d %s" % (name, rc, err.decode(errors="replace").strip()))
        if rc != 0:
            continue
        got = json.loads(out)
        check(compare(expected, got, name), "%s: results match" % name)
        check_generated_iv(prompt, got)
        if name == "ACVP-AES-CBC":
            # array form through stdin, output in array form too
            doc = [{"acvVersion": "1.0"}, prompt]
            rc, out2, err = run(["-"], json.dumps(doc).encode())
            check(rc == 0, "array form via stdin: exit %d" % rc)
            if rc == 0:
                arr = json.loads(out2)
                check(isinstance(arr, list) and len(arr) == 2 and arr[0] == {"acvVersion": "1.0"}
                      and arr[1] == got, "array form answer")
            # -o FILE
            with tempfile.TemporaryDirectory() as d:
                o = os.path.join(d, "r.json")
                rc, out3, _ = run(["-o", o, path])
                check(rc == 0 and out3 == b"" and json.load(open(o)) == got, "acvp -o FILE")


def impls():
    path = os.path.join(SAMPLES, "ACVP-AES-CBC-CS3.prompt.json")
    impls_agree(path, "")
    rc, out, err = run(["--impl", "nosuch", path])
    check(rc == 2 and out == b"" and b"nosuch" in err, "--impl nosuch -> exit 2")


def malformed():
    base = {"vsId": 1, "algorithm": "ACVP-AES-ECB", "revision": "1.0", "testGroups": [
        {"tgId": 1, "testType": "AFT", "direction": "encrypt", "keyLen": 128,
         "tests": [{"tcId": 1, "key": "00" * 16, "pt": "00" * 16}]}]}

    def mutate(f):
        d = json.loads(json.dumps(base))
        f(d)
        return json.dumps(d).encode()

    def t0(d):
        return d["testGroups"][0]["tests"][0]

    bad = [
        ("not JSON", b"{\"vsId\": 1,,}", 2),
        ("empty input", b"", 2),
        ("truncated JSON", json.dumps(base).encode()[:-5], 2),
        ("a number", b"42", 2),
        ("array of 3", b"[{\"acvVersion\":\"1.0\"},{},{}]", 2),
        ("array without acvVersion", json.dumps([{}, base]).encode(), 2),
        ("unknown algorithm", mutate(lambda d: d.update(algorithm="ACVP-AES-NOPE")), 2),
        ("unknown revision", mutate(lambda d: d.update(revision="9.9")), 2),
        ("no algorithm", mutate(lambda d: d.pop("algorithm")), 2),
        ("no testGroups", mutate(lambda d: d.pop("testGroups")), 2),
        ("testGroups not array", mutate(lambda d: d.update(testGroups={})), 2),
        ("group without tgId", mutate(lambda d: d["testGroups"][0].pop("tgId")), 2),
        ("bad direction", mutate(lambda d: d["testGroups"][0].update(direction="sideways")), 2),
        ("bad testType", mutate(lambda d: d["testGroups"][0].update(testType="XYZ")), 2),
        ("no tests", mutate(lambda d: d["testGroups"][0].pop("tests")), 2),
        ("test without tcId", mutate(lambda d: t0(d).pop("tcId")), 2),
        ("no key", mutate(lambda d: t0(d).pop("key")), 2),
        ("key not hex", mutate(lambda d: t0(d).update(key="zz" * 16)), 2),
        ("odd hex", mutate(lambda d: t0(d).update(pt="0" * 31)), 2),
        ("key a number", mutate(lambda d: t0(d).update(key=5)), 2),
        ("negative tcId", mutate(lambda d: t0(d).update(tcId=-1)), 2),
        ("payloadLen mismatch", mutate(lambda d: t0(d).update(payloadLen=8)), 2),
        ("key of 15 bytes", mutate(lambda d: t0(d).update(key="00" * 15)), 1),
        ("ECB length not a multiple of 16", mutate(lambda d: t0(d).update(pt="00" * 15)), 1),
        ("MCT with a short pt", mutate(lambda d: (d["testGroups"][0].update(testType="MCT"),
                                                  t0(d).update(pt="00")) and None), 2),
    ]
    expect_rejected(bad)
    # unsupported: decrementing CTR counter
    ctr = {"vsId": 1, "algorithm": "ACVP-AES-CTR", "revision": "1.0", "testGroups": [
        {"tgId": 1, "testType": "CTR", "direction": "encrypt", "keyLen": 128,
         "incrementalCounter": False, "tests": [{"tcId": 1, "key": "00" * 16, "iv": "00" * 16,
                                                 "pt": "00" * 16}]}]}
    rc, out, err = run(["-"], json.dumps(ctr).encode())
    check(rc == 1 and out == b"" and b"decrementing" in err, "decrementing counter -> exit 1")
    # MCT is not defined for CTS
    cts = {"vsId": 1, "algorithm": "ACVP-AES-CBC-CS1", "revision": "1.0", "testGroups": [
        {"tgId": 1, "testType": "MCT", "direction": "encrypt", "keyLen": 128, "tests": []}]}
    rc, out, err = run(["-"], json.dumps(cts).encode())
    check(rc == 2 and out == b"", "CTS MCT -> exit 2")
    # usage errors and help
    rc, out, err = run([])
    check(rc == 2 and out == b"", "no file -> exit 2")
    rc, out, err = run(["/nonexistent/vs.json"])
    check(rc == 1 and b"cannot open" in err, "missing file -> exit 1")
    rc, out, err = run(["a.json", "b.json"])
    check(rc == 2, "two files -> exit 2")
    rc, out, err = run(["--bogus", "x"])
    check(rc == 2, "unknown option -> exit 2")
    rc, out, err = run(["--help"])
    check(rc == 0 and b"ACVP-AES-CBC-CS3" in out, "acvp --help lists algorithms")
    line = [l for l in out.decode().splitlines() if l.startswith("algorithms:")]
    names = re.sub(r" \(revisions [^)]*\)", "", line[0] if line else "").split()[1:]
    check(len(names) > 40 and len(names) == len(set(names)),
          "acvp --help lists each algorithm once (%s)" % sorted(n for n in set(names) if names.count(n) > 1))
    check("ACVP-AES-XTS (revisions 1.0, 2.0)" in out.decode(), "acvp --help: XTS revisions")
    # an empty vector set is answered with an empty one
    empty = {"vsId": 7, "algorithm": "ACVP-AES-OFB", "revision": "1.0", "testGroups": []}
    rc, out, err = run(["-"], json.dumps(empty).encode())
    check(rc == 0 and json.loads(out) == empty, "empty vector set")


def corrupted():
    """Deterministic random damage to a prompt: any exit 0/1/2, never a crash."""
    import random
    rnd = random.Random(77)
    with open(os.path.join(SAMPLES, "ACVP-AES-CBC-CS2.prompt.json"), "rb") as f:
        src = f.read()
    crashes = 0
    for i in range(40):
        b = damage(src, rnd, [b"{", b"]", b"\"", b"-1", b"1e999", b"null", b"\\u0000"])
        rc, out, err = run(["-"], b)
        if rc not in (0, 1, 2) or (rc != 0 and out != b""):
            crashes += 1
            print("  corrupted input %d: exit %d" % (i, rc))
    check(crashes == 0, "corrupted prompts never crash")


def main():
    require_cli()
    samples()
    nist_excerpts("nist_excerpts.json", 1)
    impls()
    malformed()
    corrupted()
    finish()


if __name__ == "__main__":
    main()
