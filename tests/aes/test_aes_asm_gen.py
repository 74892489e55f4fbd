#!/usr/bin/env python3
"""test_aes_asm_gen.py -- the generated MCU assembly is what its generator
makes, and the generators' own checks pass.

The Thumb-2 and Thumb-1 AES implementations (src/aes/aes_ct32asm.c,
aes_ct32v6m.c) carry assembly produced by src/aes/tools/gen_*.py, the AVR
class its tables and assembly (src/aes/aes_avr_asm.h); the ttable class's
Thumb-2, Thumb-1 and RV32 files (src/aes/aes_ttable_*.c) that of
src/aes/tools/gen_ttable_asm.py (its output is checked on target
only: mcu/mcu.py test); the stitched VAES-512 GCM iteration
(src/aead/gcm_vaes512_asm_i.h) that of src/aead/tools/gen_gcm_vaes512.py
(checked by every GCM test on a CPU with VAES-512).
Each generator checks what it emits before printing it: the S-box circuit
on all 256 bytes, every register-allocated piece interpreted on random
inputs against its definition, and (AVR) the whole functions interpreted
against a Python AES on random keys and blocks for every key size. Here
each generator is run without --update; it must succeed, and its output
must equal the text between the GENERATED markers of its C file (so the
committed assembly cannot drift from the checked generator). A corrupted
copy of a generator's output must be told apart (the comparison can fail).
The emulator runs of these classes are in mcu/mcu.py test (test_mcu.sh).
Prints "N passed, N failed"; exit status 1 on any failure.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GENS = [("src/aes/tools/gen_ct32asm.py", "src/aes/aes_ct32asm.c", []),
        ("src/aes/tools/gen_ct32v6m.py", "src/aes/aes_ct32v6m.c", []),
        ("src/aes/tools/gen_aes_avr.py", "src/aes/aes_avr_asm.h", []),
        # the ttable class: one generator beside the code, one file per ISA
        ("src/aes/tools/gen_ttable_asm.py", "src/aes/aes_ttable_armv7m.c", ["--isa", "thumb2"]),
        ("src/aes/tools/gen_ttable_asm.py", "src/aes/aes_ttable_armv6m.c", ["--isa", "thumb1"]),
        ("src/aes/tools/gen_ttable_asm.py", "src/aes/aes_ttable_rv32.c", ["--isa", "rv32"]),
        # the stitched VAES-512 GCM iteration (x86-64 inline assembly)
        ("src/aead/tools/gen_gcm_vaes512.py", "src/aead/gcm_vaes512_asm_i.h", [])]
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "support"))
from tu_py import check, committed_body, summary  # noqa: E402


def main():
    # the generators' checks run concurrently (each is one interpreter-bound
    # process); their results are taken in order
    procs = {}
    for gen, cfile, args in GENS:
        gpath = os.path.join(ROOT, gen)
        if os.path.exists(gpath):
            procs[cfile] = subprocess.Popen([sys.executable, gpath] + args,
                                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                            text=True)
    for gen, cfile, args in GENS:
        gpath, cpath = os.path.join(ROOT, gen), os.path.join(ROOT, cfile)
        if not (os.path.exists(gpath) and os.path.exists(cpath)):
            check(False, "%s or %s missing" % (gen, cfile))
            continue
        # gen_ct32asm.py alone takes ~10 s of CPU (its S-box searches); all
        # run at once, so a loaded machine stretches the wall time
        out, err = procs[cfile].communicate(timeout=600)
        r = subprocess.CompletedProcess(procs[cfile].args, procs[cfile].returncode, out, err)
        check(r.returncode == 0, "%s: exit %d: %s" % (gen, r.returncode, r.stderr[-500:]))
        if r.returncode != 0:
            continue
        body = committed_body(cpath)
        check(len(body) > 1000, "%s: generated part present" % cfile)
        check(r.stdout == body, "%s: generated part differs from %s (run %s --update)"
              % (cfile, gen, gen))
        # the comparison must be able to fail: one changed instruction
        spoiled = body.replace("eor", "orr", 1) if "eor" in body else body.replace("xor", "or", 1)
        check(spoiled != body and spoiled != r.stdout, "%s: corrupted copy detected" % cfile)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
