#!/usr/bin/env python3
"""test_chacha_asm_gen.py -- the Thumb-2 ChaCha20 assembly of
src/stream/chacha20_armv7m.c is what src/stream/tools/gen_chacha_armv7m.py makes,
and the generator's own check passes.

The generator interprets the assembly it emits (a small Thumb-2 subset
interpreter) on random states, counters next to 2^32, 1..3 blocks and
unaligned, in-place and separate buffers against a Python ChaCha20, and
exits non-zero if anything differs. Here it is run without --update; it
must succeed, and its output must equal the text between the GENERATED
markers of the C file. Two spoiled copies must be told apart: one changed
rotation (the interpreter must reject it) and one changed line of the
committed text (the comparison must fail). The emulator runs of this code
are in mcu/mcu.py test (test_mcu.sh). Prints "N passed, N failed"; exit
status 1 on any failure.
"""
import importlib.util
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GEN = os.path.join(ROOT, "src", "stream", "tools", "gen_chacha_armv7m.py")
CFILE = os.path.join(ROOT, "src", "stream", "chacha20_armv7m.c")
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "support"))
from tu_py import check, committed_body, summary  # noqa: E402


def main():
    if not (os.path.exists(GEN) and os.path.exists(CFILE)):
        check(False, "generator or C file missing")
        return summary()
    r = subprocess.run([sys.executable, GEN], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=120)
    check(r.returncode == 0, "generator exit %d: %s" % (r.returncode, r.stderr[-500:]))
    body = committed_body(CFILE)
    check(len(body) > 1000, "generated part present")
    check(r.stdout == body, "generated part differs (run %s --update)" % GEN)
    # the comparison must be able to fail
    spoiled = body.replace("eor r4, r8, r4, ror #20", "eor r4, r8, r4, ror #21", 1)
    check(spoiled != body and spoiled != r.stdout, "corrupted copy detected by comparison")
    # the generator's interpreter must reject a wrong rotation
    spec = importlib.util.spec_from_file_location("gen_chacha_armv7m", GEN)
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    try:
        gen.check(spoiled, trials=3)
        rejected = False
    except AssertionError:
        rejected = True
    check(rejected, "interpreter rejects a wrong rotation")
    counts = gen.check(body, trials=3)
    check(counts[0] < 900, "one block in under 900 instructions (%d)" % counts[0])
    return summary()


if __name__ == "__main__":
    sys.exit(main())
