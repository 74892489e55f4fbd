"""acvp_util.py -- helpers shared by tests/acvp/test_acvp.py and tests/acvp/test_acvp_ext.py.

check(cond, what)      count a pass or a failure (tests/support/tu_py.py)
run(args, data)        run the harness rijn-acvp (RIJN_ACVP): (exit code, stdout, stderr)
require_cli()          exit 77 (skip) when RIJN_ACVP is not set or missing
impls_agree(path, label)
                       every available AES implementation (--impl) answers
                       the vector set at path as the default one does
expect_rejected(bad)   each (what, input, exit) is refused with that exit
                       code, one "rijn-acvp:" line on stderr, nothing on stdout
damage(src, rnd, inserts)
                       1..4 random byte changes, deletions or insertions
nist_excerpts(name, min_cases)
                       the NIST excerpt cases of SAMPLES/name answered with
                       NIST's fields
finish()               print "N passed, N failed" and exit (1 on a failure)
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "support"))
from tu_py import check, summary  # noqa: E402,F401 (check: for the tests)

CLI = os.environ.get("RIJN_ACVP")
SAMPLES = os.path.join(os.environ.get("RIJN_TESTS_DIR", os.path.dirname(HERE)), "vectors", "acvp")
IMPLS = ("x86ni", "ct64", "ct32", "small", "armce", "table")


def run(args, data=None, timeout=120):
    p = subprocess.run([CLI] + args, input=data, capture_output=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def require_cli():
    if not CLI or not os.path.exists(CLI):
        print("RIJN_ACVP not set or missing; skipped")
        sys.exit(77)


def impls_agree(path, label, timeout=120):
    """Returns the number of implementations that ran (checked to be >= 1)."""
    rc, ref, _ = run([path], timeout=timeout)
    ran = 0
    for impl in IMPLS:
        rc, out, err = run(["--impl", impl, path], timeout=timeout)
        if rc == 2 and b"not available" in err:
            continue
        ran += 1
        check(rc == 0 and out == ref, "%s--impl %s gives the same answer" % (label, impl))
    check(ran >= 1, "%sat least one implementation ran" % label)
    return ran


def expect_rejected(bad, timeout=120):
    for what, data, want in bad:
        rc, out, err = run(["-"], data, timeout=timeout)
        lines = err.decode(errors="replace").strip().splitlines()
        check(rc == want and out == b"" and len(lines) == 1 and lines[0].startswith("rijn-acvp:"),
              "%s: exit %d (want %d), stdout %d bytes, stderr %r" % (what, rc, want, len(out), lines))


def damage(src, rnd, inserts):
    b = bytearray(src)
    for _ in range(rnd.randint(1, 4)):
        pos = rnd.randrange(len(b))
        op = rnd.randrange(3)
        if op == 0:
            b[pos] = rnd.randrange(256)
        elif op == 1:
            del b[pos:pos + rnd.randint(1, 40)]
        else:
            b[pos:pos] = rnd.choice(inserts)
    return bytes(b)


def nist_excerpts(name, min_cases, timeout=120):
    """Each case of SAMPLES/name (a NIST prompt, and the expected fields of
    some of its tcIds; "resultsArray" entries by index) run through the
    harness: every expected field as NIST has it (outLen only where the
    test names an md). At least min_cases cases."""
    with open(os.path.join(SAMPLES, name)) as f:
        cases = json.load(f)["cases"]
    check(len(cases) >= min_cases, "NIST excerpt cases (%d)" % len(cases))
    for c in cases:
        rc, out, err = run(["-"], json.dumps(c["prompt"]).encode(), timeout=timeout)
        check(rc == 0, "NIST %s: exit %d %s" % (c["name"], rc, err))
        if rc != 0:
            continue
        tests = {str(t["tcId"]): t for g in json.loads(out)["testGroups"] for t in g["tests"]}
        for tcid, want in c["results"].items():
            t = tests.get(tcid, {})
            if "resultsArray" in t:
                for idx, fields in want.items():
                    ent = t["resultsArray"][int(idx)]
                    check(all(ent.get(k) == v for k, v in fields.items()),
                          "NIST %s: tcId %s entry %s %r" % (c["name"], tcid, idx, ent))
            else:
                check(all(t.get(k) == v for k, v in want.items() if k != "outLen" or "md" in t),
                      "NIST %s: tcId %s %r want %r" % (c["name"], tcid, t, want))


def finish():
    sys.exit(summary())
