#!/usr/bin/env python3
"""test_keccak_lc_gen.py -- the lane-complemented Keccak-f[1600] round of
src/hash/keccak_f1600_lc.c is what src/hash/tools/gen_keccak_lc.py makes.

The generator checks what it emits before printing it (the statements
interpreted on random states, 24 rounds with their constants, against a
plain Keccak-f[1600] from the FIPS 202 definitions). Here it runs without
--update; it must succeed, and its output must equal the text between the
GENERATED markers of the C file, so the committed round cannot drift from
the checked generator. A corrupted copy must be told apart. What the
compiled code does is checked by tests/hash/test_impls_sha3.c (the
"x86-64" registry entry) and the SHA-3 tests at RIJN_CPU_MASK=0xF.
Prints "N passed, N failed"; exit status 1 on any failure.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GEN = "src/hash/tools/gen_keccak_lc.py"
CFILE = "src/hash/keccak_f1600_lc.c"
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "support"))
from tu_py import check, committed_body, summary  # noqa: E402


def main():
    r = subprocess.run([sys.executable, os.path.join(ROOT, GEN)], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True, timeout=300)
    check(r.returncode == 0, "%s: exit %d: %s" % (GEN, r.returncode, r.stderr[-500:]))
    if r.returncode == 0:
        body = committed_body(os.path.join(ROOT, CFILE))
        check(len(body) > 1000, "%s: generated part present" % CFILE)
        check(r.stdout == body, "%s: generated part differs from %s (run it with --update)"
              % (CFILE, GEN))
        spoiled = body.replace(" | ", " & ", 1)
        check(spoiled != body and spoiled != r.stdout, "%s: corrupted copy detected" % CFILE)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
