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
written past the output).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "tools"))
import asmgen  # noqa: E402
from asmgen import ROOT, pack_body  # noqa: E402
from avr_check import FTAB, RTAB, all_tables, check  # noqa: E402

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
    E("\t.section .text.rijn_i_aes_avr_dec,\"ax\",@progbits")
    E("\t.global rijn_i_aes_avr_dec")
    E("\t.hidden rijn_i_aes_avr_dec")
    E("\t.type rijn_i_aes_avr_dec, @function")
    E("rijn_i_aes_avr_dec: ; r25:24 = rk, r23:22 = rounds, r21:20 = out, r19:18 = in, "
      "r17:16 = n")
    E("\tcp r16, r1")
    E("\tcpc r17, r1")
    E("\tbrne .Lavr_dgo")
    E("\tret")
    E(".Lavr_dgo:")
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


# complexity: straight-line emitter of the compact AVR listing, in output order
def gen_compact():
    """Smallest code: state in r2..r17, ShiftRows as register moves, one
    column routine (MixColumns with xtime computed branch-free, then
    AddRoundKey; T flag clear = AddRoundKey only) called for the four
    columns, S-box table only. Parameters live in a stack frame (Y)."""
    L = []
    E = L.append
    st = ["r%d" % (2 + i) for i in range(16)]
    E("\t.section .text.rijn_i_aes_avr_enc,\"ax\",@progbits")
    E("\t.global rijn_i_aes_avr_enc")
    E("\t.hidden rijn_i_aes_avr_enc")
    E("\t.type rijn_i_aes_avr_enc, @function")
    E("rijn_i_aes_avr_enc: ; r25:24 = rk, r23:22 = rounds, r21:20 = out, r19:18 = in, "
      "r17:16 = n")
    E("\tcp r16, r1")
    E("\tcpc r17, r1")
    E("\tbrne .Lavrc_go")  # n == 0
    E("\tret")
    E(".Lavrc_go:")
    for r in ["r%d" % i for i in range(2, 18)] + ["r28", "r29"]:
        E("\tpush %s" % r)
    for r in ("r16", "r17", "r18", "r19", "r24", "r25", "r22", "r20", "r21"):
        E("\tpush %s" % r)
    E("\tin r28, 0x3d")
    E("\tin r29, 0x3e")  # Y+1 out hi, +2 out lo, +3 rounds, +4 rk hi, +5 rk lo, +6 in hi,
    # +7 in lo, +8 n hi, +9 n lo (blocks left)
    E("\tldi r31, hi8(rijn_i_aes_avr_tab)")
    E(".Lavrc_block:")
    E("\tldd r27, Y+6")
    E("\tldd r26, Y+7")
    for r in st:
        E("\tld %s, X+" % r)
    E("\tstd Y+6, r27")
    E("\tstd Y+7, r26")
    E("\tldd r27, Y+4")
    E("\tldd r26, Y+5")
    E("\tldd r0, Y+3")
    E("\tclt")
    E("\trcall .Lavrc_cols")
    E(".Lavrc_round:")
    E("\trcall .Lavrc_sbsr")
    E("\tdec r0")
    E("\tbreq .Lavrc_last")
    E("\tset")
    E("\trcall .Lavrc_cols")
    E("\trjmp .Lavrc_round")
    E(".Lavrc_last:")
    E("\tclt")
    E("\trcall .Lavrc_cols")
    E("\tldd r27, Y+1")
    E("\tldd r26, Y+2")
    for r in st:
        E("\tst X+, %s" % r)
    E("\tstd Y+1, r27")
    E("\tstd Y+2, r26")
    E("\tldd r22, Y+9")
    E("\tldd r23, Y+8")
    E("\tsubi r22, 1")
    E("\tsbci r23, 0")
    E("\tstd Y+9, r22")
    E("\tstd Y+8, r23")
    E("\tbreq .Lavrc_done")
    E("\trjmp .Lavrc_block")
    E(".Lavrc_done:")
    for _ in range(9):
        E("\tpop r0")
    for r in reversed(["r%d" % i for i in range(2, 18)] + ["r28", "r29"]):
        E("\tpop %s" % r)
    E("\tret")
    # SubBytes then ShiftRows by moves (s[4c+r])
    E(".Lavrc_sbsr:")
    for r in st:
        E("\tmov r30, %s" % r)
        E("\tlpm %s, Z" % r)
    s_ = lambda c, r: st[4 * c + r]
    E("\tmov r22, %s" % s_(0, 1))  # row 1: left by one column
    for c in range(3):
        E("\tmov %s, %s" % (s_(c, 1), s_(c + 1, 1)))
    E("\tmov %s, r22" % s_(3, 1))
    for c in (0, 1):  # row 2: swap columns c, c+2
        E("\tmov r22, %s" % s_(c, 2))
        E("\tmov %s, %s" % (s_(c, 2), s_(c + 2, 2)))
        E("\tmov %s, r22" % s_(c + 2, 2))
    E("\tmov r22, %s" % s_(3, 3))  # row 3: right by one column
    for c in (3, 2, 1):
        E("\tmov %s, %s" % (s_(c, 3), s_(c - 1, 3)))
    E("\tmov %s, r22" % s_(0, 3))
    E("\tret")
    # the four columns through r18..r21
    E(".Lavrc_cols:")
    for c in range(4):
        E("\tmovw r18, %s" % s_(c, 0))
        E("\tmovw r20, %s" % s_(c, 2))
        E("\trcall .Lavrc_col")
        E("\tmovw %s, r18" % s_(c, 0))
        E("\tmovw %s, r20" % s_(c, 2))
    E("\tret")
    a = ["r18", "r19", "r20", "r21"]
    E(".Lavrc_col:")
    E("\tbrtc .Lavrc_ark")
    E("\tmov r22, r18")
    E("\teor r22, r19")
    E("\teor r22, r20")
    E("\teor r22, r21")
    E("\tmov r25, r18")
    for i in range(4):
        E("\tmov r23, %s" % a[i])
        E("\teor r23, %s" % (a[i + 1] if i < 3 else "r25"))
        E("\tlsl r23")
        E("\tsbc r24, r24")
        E("\tandi r24, 0x1b")
        E("\teor r23, r24")
        E("\teor %s, r23" % a[i])
        E("\teor %s, r22" % a[i])
    E(".Lavrc_ark:")
    for i in range(4):
        E("\tld r23, X+")
        E("\teor %s, r23" % a[i])
    E("\tret")
    E("\t.size rijn_i_aes_avr_enc, . - rijn_i_aes_avr_enc")
    return L


def gen_setkey(ram=False):
    """FIPS 197 KeyExpansion in place in the schedule (the class's setkey
    entry: r25:24 = ks, r23:22 = key, r21:20 = key_len, r19:18 = dirs,
    one schedule for both directions). The previous word stays in four
    registers; word i - nk is read through Y; SubWord by LPM; the branches
    test only the word index and the round constant (public)."""
    L = []
    E = L.append
    E("\t.section .text.rijn_i_aes_avr_setkey,\"ax\",@progbits")
    E("\t.global rijn_i_aes_avr_setkey")
    E("\t.hidden rijn_i_aes_avr_setkey")
    E("\t.type rijn_i_aes_avr_setkey, @function")
    E("rijn_i_aes_avr_setkey: ; r25:24 = ks, r23:22 = key, r21:20 = key_len, r19:18 = dirs")
    E("\tpush r28")
    E("\tpush r29")
    E("\tmovw r26, r24")  # X: the word being written
    E("\tmovw r30, r22")
    E("\tmov r21, r20")
    E(".Lks_copy:")
    E("\tld r0, Z+")
    E("\tst X+, r0")
    E("\tdec r21")  # ends at 0: j = 0
    E("\tbrne .Lks_copy")
    t = ["r18", "r19", "r22", "r23"]  # the previous word, byte 0 first
    for r in reversed(t):
        E("\tld %s, -X" % r)
    E("\tadiw r26, 4")
    E("\tmovw r28, r26")
    E("\tsub r28, r20")
    E("\tsbc r29, r1")  # Y: word i - nk
    E("\tlsr r20")
    E("\tlsr r20")  # nk
    E("\tmov r25, r20")
    E("\tlsl r25")
    E("\tadd r25, r20")
    E("\tsubi r25, -28")  # 4 * (nk + 7) - nk words to make
    E("\tldi r24, 1")  # round constant
    E("\tldi r31, hi8(%s)" % (RTAB if ram else FTAB))
    E(".Lks_word:")
    E("\tcpi r21, 0")
    E("\tbrne .Lks_not0")
    E("\tmov r0, %s" % t[0])  # RotWord, SubWord
    for i in range(4):
        E("\tmov r30, %s" % (t[i + 1] if i < 3 else "r0"))
        E("\t%s %s, Z" % ("ld" if ram else "lpm", t[i]))
    E("\teor %s, r24" % t[0])
    E("\tlsl r24")
    E("\tbrcc .Lks_mix")
    E("\tldi r24, 0x1b")
    E("\trjmp .Lks_mix")
    E(".Lks_not0:")
    E("\tcpi r21, 4")  # AES-256: SubWord of word 4 of each 8
    E("\tbrne .Lks_mix")
    E("\tcpi r20, 8")
    E("\tbrne .Lks_mix")
    for r in t:
        E("\tmov r30, %s" % r)
        E("\t%s %s, Z" % ("ld" if ram else "lpm", r))
    E(".Lks_mix:")
    for r in t:
        E("\tld r0, Y+")
        E("\teor %s, r0" % r)
        E("\tst X+, %s" % r)
    E("\tinc r21")
    E("\tcp r21, r20")
    E("\tbrne .Lks_next")
    E("\tclr r21")
    E(".Lks_next:")
    E("\tdec r25")
    E("\tbrne .Lks_word")
    E("\tpop r29")
    E("\tpop r28")
    E("\tret")
    E("\t.size rijn_i_aes_avr_setkey, . - rijn_i_aes_avr_setkey")
    return L


def sr(m):
    """Register map after ShiftRows as a renaming."""
    return [m[4 * ((c + r) % 4) + r] for c in range(4) for r in range(4)]


def gen_tables():
    """The tables: without RIJN_CFG_AES_AVR_RAM all in flash (FTAB: S-box,
    xtime, inverse S-box, 4x; LPM); with it the S-box and xtime in SRAM
    (RTAB, initialized data: the C start-up copies it from flash before
    main), the inverse S-box and 4x (decryption) in flash. Both 256-byte
    aligned (a lookup: the page in ZH or YH, the index in ZL or YL)."""
    sb, xt, inv, x4 = all_tables()
    L = []
    E = L.append

    def head(sect, sym, what):
        E("\t.section %s" % sect)
        E("\t.balign 256")
        E("\t.global %s" % sym)
        E("\t.hidden %s" % sym)
        E("\t.type %s, @object" % sym)
        E("%s: ; %s" % (sym, what))

    def rows(tab):
        for i in range(0, 256, 16):
            E("\t.byte " + ", ".join("0x%02x" % v for v in tab[i:i + 16]))
    prog = ".progmem.rijn_aes_avr,\"a\",@progbits"
    E("#if RIJN_CFG_AES_AVR_RAM")
    # .data itself (not .data.*): with -fdata-sections it is the first
    # input of the output .data, whose start (0x100 on the ATmega328P,
    # 0x200 on the ATmega2560) is 256-byte aligned: no padding
    head(".data,\"aw\",@progbits", RTAB, "S-box, xtime (SRAM)")
    E("#else")
    head(prog, FTAB, "S-box, xtime (not in the compact encrypt-only build), inverse S-box, 4x")
    E("#endif")
    rows(sb)
    E("#if !RIJN_CFG_AES_AVR_COMPACT || RIJN_CFG_AES_DECRYPT")
    rows(xt)
    E("#endif")
    E("#if RIJN_CFG_AES_AVR_RAM")
    E("\t.size %s, . - %s" % (RTAB, RTAB))
    E("#if RIJN_CFG_AES_DECRYPT")
    head(prog, FTAB, "inverse S-box, 4x")
    E("#endif")
    E("#endif")
    E("#if RIJN_CFG_AES_DECRYPT")
    rows(inv)
    rows(x4)
    E("#endif")
    E("#if !RIJN_CFG_AES_AVR_RAM || RIJN_CFG_AES_DECRYPT")
    E("\t.size %s, . - %s" % (FTAB, FTAB))
    E("#endif")
    E("")
    return L


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
    E("\t.section .text.rijn_i_aes_avr_enc,\"ax\",@progbits")
    E("\t.global rijn_i_aes_avr_enc")
    E("\t.hidden rijn_i_aes_avr_enc")
    E("\t.type rijn_i_aes_avr_enc, @function")
    E("rijn_i_aes_avr_enc: ; r25:24 = rk, r23:22 = rounds, r21:20 = out, r19:18 = in, "
      "r17:16 = n")
    E("\tcp r16, r1")
    E("\tcpc r17, r1")
    E("\tbrne .Lavr_go")  # n == 0 (r1 is zero on entry)
    E("\tret")
    E(".Lavr_go:")
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
