#!/usr/bin/env python3
"""test_avr_flash.py -- on AVR, the library's constant tables and texts stay
in flash, except the avr class's SRAM tables (RIJN_CFG_AES_AVR_RAM, a
speed choice: exactly those 512 bytes).

avr-gcc places const data (tables, string literals, the lookup tables it
makes of switches) in .rodata, which avr-libc's linker scripts copy into
RAM: 2 KiB on an ATmega328P. The AES classes' S-boxes and rijn_strerror_P's
texts must be in program memory instead (progmem, read with LPM). Checks,
with avr-gcc for the ATmega328P at -Os and -O2:
  - src/aes/aes_small.c (with decryption, and the compact encrypt-only
    build) and src/aes/aes_avr.c with RIJN_CFG_AES_AVR_RAM=0 and compact:
    at most 32 bytes of RAM-bound data (the class descriptor and its
    name), i.e. no 256-byte table; src/aes/aes_avr.c by default: its
    512-byte SRAM tables (S-box, xtime) and nothing more, in the section
    .data itself (first in the output .data: 256-byte aligned, no padding);
  - a program calling rijn_strerror_P for a run-time status needs no more
    RAM (.data + .bss) than the same program without the call, and one
    calling rijn_strerror needs more (the check can fail).
The texts themselves are compared on the target (mcu/test/mcu_test.c,
"status texts in flash"). Exit 77 (skipped) without avr-gcc.
Prints "N passed, N failed"; exit status 1 on any failure.
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CC = "avr-gcc"
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "support"))
from tu_py import check, summary  # noqa: E402


def cc(args, cwd):
    r = subprocess.run([CC, "-mmcu=atmega328p", "-std=c99", "-ffunction-sections",
                        "-fdata-sections", "-I" + os.path.join(ROOT, "include"),
                        "-I" + os.path.join(ROOT, "src")] + args, cwd=cwd,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        print(r.stdout[-2000:])
    return r.returncode == 0


def ram_sections(obj):
    """Bytes of an object's sections that end up in RAM (.data, .rodata,
    .bss and their -fdata-sections children)."""
    out = subprocess.run(["avr-size", "-A", obj], stdout=subprocess.PIPE, text=True).stdout
    total = 0
    for line in out.splitlines():
        p = line.split()
        if len(p) >= 2 and p[1].isdigit() and p[0].startswith((".data", ".rodata", ".bss")):
            total += int(p[1])
    return total


def data_exact(obj):
    """Bytes of the section named .data itself."""
    out = subprocess.run(["avr-size", "-A", obj], stdout=subprocess.PIPE, text=True).stdout
    return sum(int(p[1]) for p in (l.split() for l in out.splitlines())
               if len(p) >= 2 and p[0] == ".data" and p[1].isdigit())


def ram_of_elf(elf):
    out = subprocess.run(["avr-size", "-A", elf], stdout=subprocess.PIPE, text=True).stdout
    return sum(int(p[1]) for p in (l.split() for l in out.splitlines())
               if len(p) >= 2 and p[0] in (".data", ".bss") and p[1].isdigit())


PROG = """#include "rijn/common.h"
volatile int status = -6;
volatile const char *sink;
int main(void)
{
#if CALL == 1
    sink = rijn_strerror_P(status);
#elif CALL == 2
    sink = rijn_strerror(status);
#else
    sink = (const char *)(unsigned)status; /* the same variables, no call */
#endif
    return 0;
}
"""


def main():
    if shutil.which(CC) is None or shutil.which("avr-size") is None:
        print("avr-gcc not found: skipped")
        return 77
    with tempfile.TemporaryDirectory() as d:
        small = os.path.join(ROOT, "src", "aes", "aes_small.c")
        avr = os.path.join(ROOT, "src", "aes", "aes_avr.c")
        util = os.path.join(ROOT, "src", "core", "util.c")
        for opt in ("-Os", "-O2"):
            for name, src, defs in (
                    ("small", small, ["-DRIJN_CFG_AES_SMALL=1"]),
                    ("small compact encrypt-only", small,
                     ["-DRIJN_CFG_AES_SMALL=1", "-DRIJN_CFG_AES_SMALL_COMPACT=1",
                      "-DRIJN_CFG_AES_DECRYPT=0"]),
                    ("avr flash tables", avr, ["-DRIJN_CFG_AES_AVR_RAM=0"]),
                    ("avr compact", avr, ["-DRIJN_CFG_AES_AVR_COMPACT=1"]),
                    ("avr", avr, [])):
                obj = os.path.join(d, "c.o")
                ok = cc([opt, "-c", src, "-o", obj] + defs, d)
                check(ok, "%s %s compiles" % (name, opt))
                if ok:
                    n, tabs = ram_sections(obj), 512 if name == "avr" else 0
                    check(tabs <= n <= tabs + 32, "%s %s: %d bytes of RAM-bound data (%d "
                          "expected: tables in RAM?)" % (name, opt, n, tabs))
                    if tabs:
                        check(data_exact(obj) == tabs, "%s %s: the SRAM tables are not the "
                              "section .data itself" % (name, opt))
            util_o = os.path.join(d, "util.o")
            check(cc([opt, "-c", util, "-o", util_o], d), "util.c %s compiles" % opt)
            prog = os.path.join(d, "prog.c")
            with open(prog, "w") as f:
                f.write(PROG)
            ram = []
            for call in (0, 1, 2):
                elf = os.path.join(d, "p%d.elf" % call)
                ok = cc([opt, "-DCALL=%d" % call, "-Wl,--gc-sections", prog, util_o, "-o", elf],
                        d)
                check(ok, "program %d links (%s)" % (call, opt))
                ram.append(ram_of_elf(elf) if ok else -1)
            check(ram[1] == ram[0] and ram[0] >= 0,
                  "rijn_strerror_P adds no RAM (%s): %d -> %d bytes" % (opt, ram[0], ram[1]))
            check(ram[2] > ram[0] + 100,
                  "rijn_strerror's texts are in RAM (%s): %d -> %d bytes" % (opt, ram[0], ram[2]))
            print("ATmega328P %s: program RAM %d bytes, with rijn_strerror_P %d, with "
                  "rijn_strerror %d" % (opt, ram[0], ram[1], ram[2]))
    return summary()


if __name__ == "__main__":
    sys.exit(main())
