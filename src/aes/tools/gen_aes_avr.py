#!/usr/bin/env python3
"""gen_aes_avr.py -- generates the AVR assembly of the "avr" class
(src/aes/aes_avr_asm.h, included by src/aes/aes_avr.c).

  python3 src/aes/tools/gen_aes_avr.py [--update]

The class's entries themselves (setkey, encrypt, decrypt; the C signatures
of rijn_aes_impl). Blocks: state in 16 registers, four rounds unrolled per
loop iteration: ShiftRows is a renaming of the registers (SR^4 = identity,
so the names come back after four rounds), AddRoundKey fused with the next
SubBytes (an in-place lookup per byte from a 256-byte aligned table),
MixColumns from a second table (xtime), three lookups a column. Two table
placements (RIJN_CFG_AES_AVR_RAM): S-box and xtime in SRAM (LD, 2 cycles)
or every table in flash (LPM, 3 cycles); gen_tables() says which table
where. The key setup keeps the previous word in registers. The generated
text is checked here by a small AVR interpreter (the instructions used)
against a Python AES on random keys and blocks before it is written, both
placements (call-saved registers, stack, r1, the SRAM tables, nothing
written past the output). Here: the register layout, the fast encryption
and decryption listings and the checks; the key setup and the tables are
in avr_setkey.py, the compact encryption listing in avr_compact.py.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "tools"))
import asmgen  # noqa: E402
from asmgen import ROOT, pack_body  # noqa: E402
from avr_check import FTAB, RTAB, check  # noqa: E402
from avr_compact import gen_compact  # noqa: E402
from avr_entry import BLOCK_ARGS, entry  # noqa: E402
from avr_setkey import gen_setkey, gen_tables  # noqa: E402

# state registers (logical byte i = 4*column + row), the two MixColumns
# temporaries, round counter, rounds/2 (fast encryption and decryption)
ESTATE = ["r0", "r1"] + ["r%d" % i for i in range(18, 26)] + ["r%d" % i for i in range(2, 8)]
EA, ET, ECNT, EHALF = "r8", "r9", "r10", "r11"
SAVED1 = ["r%d" % i for i in range(2, 11)] + ["r12", "r13"]  # one block: state, temps, out
SAVED_N = ["r11", "r14", "r15", "r16", "r17"]  # more blocks: rounds/2, in, count
# RIJN_CFG_AES_AVR_RAM: S-box and xtime in SRAM (ld, 2 cycles; LPM takes
# 3). Encryption reads the S-box through Y (r29 its page, r28 the index)
# and xtime through Z: no page switch; r28 is then the MixColumns
# temporary ET (r9 is not saved).
SAVED1_RAM = ["r%d" % i for i in range(2, 9)] + ["r10", "r12", "r13", "r28", "r29"]


def isr(m):
    """Register map after InvShiftRows as a renaming."""
    return [m[4 * ((c - r) % 4) + r] for c in range(4) for r in range(4)]


# complexity: straight-line emitter of the AVR decryption listing, in output order
def gen_dec(ram=False):
    """Inverse cipher, same registers and entry as gen(): InvShiftRows
    (renaming), InvSubBytes (LPM, third page), AddRoundKey (schedule read
    backwards with ld -X), InvMixColumns as u = 4(a0^a2), v = 4(a1^a3)
    added to (a0, a2), (a1, a3) (one lookup each, fourth page), then
    MixColumns (three lookups; ram: xtime from SRAM by ld, the inverse
    S-box and 4x stay in flash, first and second page of FTAB)."""
    L = []
    E = L.append
    entry(E, "rijn_i_aes_avr_dec", BLOCK_ARGS, ".Lavr_dgo")
    for r in SAVED1:
        E("\tpush %s" % r)
    E("\tmovw r12, r20")
    E("\tmov %s, r22" % ECNT)
    E("\tlsr %s" % ECNT)
    E("\tmovw r26, r24")
    E("\tmov r30, r22")
    E("\tinc r30")
    E("\tswap r30")  # 16 * (rounds + 1): schedule bytes
    E("\tadd r26, r30")
    E("\tadc r27, r1")  # X = end of the schedule (r1 is zero here)
    E("\tmovw r30, r18")
    E("\tclt")
    E("\tcpi r16, 1")
    E("\tcpc r17, r1")
    E("\tbreq .Lavr_dblock")
    for r in SAVED_N:
        E("\tpush %s" % r)
    E("\tmov %s, %s" % (EHALF, ECNT))
    E("\tmovw r14, r18")
    E("\tset")
    E(".Lavr_dblock:")
    m = list(ESTATE)
    for i in range(16):
        E("\tld %s, Z+" % m[i])
    E("\tldi r31, hi8(%s)" % (FTAB if ram else FTAB + "+512"))
    for i in reversed(range(16)):
        E("\tld r30, -X")
        E("\teor %s, r30" % m[i])
    E(".Lavr_dloop:")
    finals = {}
    for phase in (1, 2, 3, 0):
        m = isr(m)
        for i in range(16):
            E("\tmov r30, %s" % m[i])
            E("\tlpm %s, Z" % m[i])
        if phase in (2, 0):
            E("\tdec %s" % ECNT)
            E("\tbrne .Lavr_dgo%d" % phase)
            E("\trjmp .Lavr_dfinal%d" % phase)
            E(".Lavr_dgo%d:" % phase)
            finals[phase] = list(m)
        for i in reversed(range(16)):
            E("\tld r30, -X")
            E("\teor %s, r30" % m[i])
        E("\tinc r31")  # the 4x page
        for c in range(4):
            a = m[4 * c:4 * c + 4]
            for x, y in ((0, 2), (1, 3)):
                E("\tmov r30, %s" % a[x])
                E("\teor r30, %s" % a[y])
                E("\tlpm r30, Z")
                E("\teor %s, r30" % a[x])
                E("\teor %s, r30" % a[y])
        E("\tldi r31, hi8(%s+256)" % RTAB if ram else "\tsubi r31, 2")  # the xtime page
        for c in range(4):
            mix_column3(E, m[4 * c:4 * c + 4], "ld" if ram else "lpm")
        E("\tldi r31, hi8(%s)" % FTAB if ram else "\tinc r31")
    assert m == ESTATE
    E("\trjmp .Lavr_dloop")
    for phase in (2, 0):
        fm = finals[phase]
        E(".Lavr_dfinal%d:" % phase)
        for i in reversed(range(16)):
            E("\tld r30, -X")
            E("\teor %s, r30" % fm[i])
        E("\tmovw r30, r12")
        for i in range(16):
            E("\tst Z+, %s" % fm[i])
        if phase == 2:
            E("\trjmp .Lavr_dnext")
    E(".Lavr_dnext:")
    E("\tbrts .Lavr_dmore")
    E(".Lavr_dend:")
    E("\tclr r1")
    for r in reversed(SAVED1):
        E("\tpop %s" % r)
    E("\tret")
    E(".Lavr_dmore:")
    E("\tmovw r12, r30")
    E("\tsubi r16, 1")
    E("\tsbci r17, 0")
    E("\tbreq .Lavr_dmend")
    E("\tmov r30, %s" % EHALF)  # forward X by 16 * (rounds + 1)
    E("\tswap r30")
    E("\tlsl r30")
    E("\tsubi r30, -16")
    E("\tclr r1")
    E("\tadd r26, r30")
    E("\tadc r27, r1")
    E("\tmov %s, %s" % (ECNT, EHALF))
    E("\tmovw r30, r14")
    E("\tadiw r30, 16")
    E("\tmovw r14, r30")
    E("\trjmp .Lavr_dblock")
    E(".Lavr_dmend:")
    for r in reversed(SAVED_N):
        E("\tpop %s" % r)
    E("\trjmp .Lavr_dend")
    E("\t.size rijn_i_aes_avr_dec, . - rijn_i_aes_avr_dec")
    return L


def sr(m):
    """Register map after ShiftRows as a renaming."""
    return [m[4 * ((c + r) % 4) + r] for c in range(4) for r in range(4)]


def mix_column3(E, a, op="lpm", et=ET):
    """MixColumns on a[0..3] (ZH on the xtime page) with three lookups:
    xtime is linear, so xt(a3^a0) = xt(a0^a1)^xt(a1^a2)^xt(a2^a3);
    27 cycles (24 with op ld: the table in SRAM)."""
    E("\tmov r30, %s" % a[0])
    E("\teor r30, %s" % a[1])
    E("\tmov %s, r30" % et)
    E("\t%s %s, Z" % (op, EA))
    E("\teor %s, %s" % (a[0], EA))
    E("\tmov r30, %s" % a[1])
    E("\teor r30, %s" % a[2])
    E("\t%s r30, Z" % op)
    E("\teor %s, r30" % a[1])
    E("\teor %s, r30" % EA)
    E("\tmov r30, %s" % a[2])
    E("\teor r30, %s" % a[3])
    E("\teor %s, r30" % et)
    E("\t%s r30, Z" % op)
    E("\teor %s, r30" % a[2])
    E("\teor %s, r30" % EA)
    E("\teor %s, %s" % (a[3], EA))
    for r in range(4):
        E("\teor %s, %s" % (a[r], et))


# complexity: straight-line emitter of the AVR encryption listing, in output order
def gen(ram=False):
    """Fast encryption with the class's own entry signature
    (void f(const uint64_t *ks, unsigned rounds, uint8_t *out,
    const uint8_t *in, size_t n)). AddRoundKey is fused with the next
    SubBytes (ld r30, X+ / eor r30, s / lpm s, Z: 6 cycles a byte; ram:
    ld r28, X+ / eor r28, s / ld s, Y: 5); a one-block call saves 11
    registers (ram: 12), a longer one 5 more (T flag set)."""
    L = []
    E = L.append
    saved1 = SAVED1_RAM if ram else SAVED1
    idx, ld, et = ("r28", "ld", "r28") if ram else ("r30", "lpm", ET)
    entry(E, "rijn_i_aes_avr_enc", BLOCK_ARGS, ".Lavr_go")
    for r in saved1:
        E("\tpush %s" % r)
    E("\tmovw r12, r20")  # out
    E("\tmov %s, r22" % ECNT)
    E("\tlsr %s" % ECNT)  # rounds / 2
    E("\tmovw r26, r24")  # X = rk
    E("\tmovw r30, r18")  # Z = in
    if ram:
        E("\tldi r29, hi8(%s)" % RTAB)  # Y: the S-box page
    E("\tclt")
    E("\tcpi r16, 1")
    E("\tcpc r17, r1")
    E("\tbreq .Lavr_block")
    for r in SAVED_N:
        E("\tpush %s" % r)
    E("\tmov %s, %s" % (EHALF, ECNT))
    E("\tmovw r14, r18")
    E("\tset")
    E(".Lavr_block:")
    m = list(ESTATE)
    for i in range(16):
        E("\tld %s, Z+" % m[i])
    # Z: the S-box page (flash), or the xtime page (SRAM)
    E("\tldi r31, hi8(%s)" % (RTAB + "+256" if ram else FTAB))
    E(".Lavr_loop:")
    finals = {}
    for phase in (1, 2, 3, 0):
        for i in range(16):  # AddRoundKey (previous round) + SubBytes
            E("\tld %s, X+" % idx)
            E("\teor %s, %s" % (idx, m[i]))
            E("\t%s %s, %s" % (ld, m[i], "Y" if ram else "Z"))
        m = sr(m)
        if phase in (2, 0):
            E("\tdec %s" % ECNT)
            E("\tbrne .Lavr_go%d" % phase)
            E("\trjmp .Lavr_final%d" % phase)
            E(".Lavr_go%d:" % phase)
            finals[phase] = list(m)
        if not ram:
            E("\tinc r31")
        for c in range(4):
            mix_column3(E, m[4 * c:4 * c + 4], ld, et)
        if not ram:
            E("\tdec r31")
    assert m == ESTATE
    E("\trjmp .Lavr_loop")
    for phase in (2, 0):
        fm = finals[phase]
        E(".Lavr_final%d:" % phase)
        for i in range(16):
            E("\tld %s, X+" % idx)
            E("\teor %s, %s" % (fm[i], idx))
        E("\tmovw r30, r12")
        for i in range(16):
            E("\tst Z+, %s" % fm[i])
        if phase == 2:
            E("\trjmp .Lavr_next")
    E(".Lavr_next:")
    E("\tbrts .Lavr_more")
    E(".Lavr_end:")
    E("\tclr r1")
    for r in reversed(saved1):
        E("\tpop %s" % r)
    E("\tret")
    E(".Lavr_more:")
    E("\tmovw r12, r30")  # next out
    E("\tsubi r16, 1")
    E("\tsbci r17, 0")
    E("\tbreq .Lavr_mend")
    E("\tmov r30, %s" % EHALF)  # rewind X by 16 * (rounds + 1) = 32 * (rounds / 2) + 16
    E("\tswap r30")
    E("\tlsl r30")
    E("\tsubi r30, -16")
    E("\tsub r26, r30")
    E("\tsbci r27, 0")
    E("\tmov %s, %s" % (ECNT, EHALF))
    E("\tmovw r30, r14")  # next in
    E("\tadiw r30, 16")
    E("\tmovw r14, r30")
    E("\trjmp .Lavr_block")
    E(".Lavr_mend:")
    for r in reversed(SAVED_N):
        E("\tpop %s" % r)
    E("\trjmp .Lavr_end")
    E("\t.size rijn_i_aes_avr_enc, . - rijn_i_aes_avr_enc")
    return L


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--update", action="store_true")
    a = ap.parse_args()
    tabs = gen_tables()
    lines = (tabs + ["#if RIJN_CFG_AES_AVR_RAM"] + gen_setkey(True) + [""] + gen(True) +
             ["", "#if RIJN_CFG_AES_DECRYPT"] + gen_dec(True) + ["#endif", "#else"] +
             gen_setkey() + ["", "#if RIJN_CFG_AES_AVR_COMPACT"] + gen_compact() +
             ["#else"] + gen() + ["#endif", "", "#if RIJN_CFG_AES_DECRYPT"] + gen_dec() +
             ["#endif", "#endif"])
    rcycles = check(gen_setkey(True) + gen(True) + gen_dec(True), ram=True)
    cycles = check(gen_setkey() + gen() + gen_dec())
    ccycles = check(gen_compact(), with_dec=False)
    sys.stderr.write("compact: %s\n" % ccycles)
    sys.stderr.write("checked; cycles (function only, interpreter): key bits: (first block, "
                     "next block, decrypt first, decrypt next)\n  tables in SRAM: %s\n"
                     "  in flash: %s\n" % (rcycles, cycles))
    asmgen.emit(pack_body(lines), os.path.join(ROOT, "src/aes/aes_avr_asm.h"), a.update)

if __name__ == "__main__":
    main()
