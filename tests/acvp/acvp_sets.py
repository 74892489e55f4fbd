#!/usr/bin/env python3
"""acvp_sets.py -- answer some of the ACVP sample sets (tests/vectors/acvp)
with `rijn-acvp` (RIJN_ACVP) once per forced AES class and compare every
answer with <set>.expected.json (test_acvp.py's comparison).

    RIJN_ACVP=PROGRAM acvp_sets.py --impl neonbs,armce,ct64 ACVP-AES-XTS-1.0 ...

For the cross-built harness under QEMU (scripts/test-aarch64.sh: PROGRAM
is a wrapper that runs it with qemu-aarch64), where test_acvp.py (a
script test, host only) does not run. A class that is not available, a
missing set or program, or any difference is a failure. Prints
"N passed, N failed"; exit status 1 on a failure.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from acvp_util import CLI, SAMPLES, check, finish, run  # noqa: E402
from test_acvp import compare  # noqa: E402


def main(argv):
    if len(argv) < 3 or argv[0] != "--impl":
        sys.stderr.write("usage: acvp_sets.py --impl NAME[,NAME...] SET...\n")
        return 2
    if not CLI or not os.path.exists(CLI):
        sys.stderr.write("acvp_sets: RIJN_ACVP not set or missing\n")
        return 1
    for impl in argv[1].split(","):
        for name in argv[2:]:
            path = os.path.join(SAMPLES, name + ".prompt.json")
            with open(os.path.join(SAMPLES, name + ".expected.json")) as f:
                expected = json.load(f)
            rc, out, err = run(["--impl", impl, path])
            what = "%s --impl %s" % (name, impl)
            check(rc == 0, "%s: exit %d %s" % (what, rc, err.decode(errors="replace").strip()))
            if rc == 0:
                got = json.loads(out)
                n = sum(len(g["tests"]) for g in got.get("testGroups", []))
                check(n > 0 and compare(expected, got, what), "%s: %d results match" % (what, n))
    finish()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
