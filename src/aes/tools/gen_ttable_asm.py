#!/usr/bin/env python3
"""gen_ttable_asm.py -- the assembly block functions of the "ttable" AES
class (src/aes/aes_ttable.c): one block, encryption or decryption, with
CBC's chaining XOR built in (enc: E(in ^ x); dec: D(in) ^ x).

  python3 src/aes/tools/gen_ttable_asm.py --isa thumb2|thumb1|rv32 [--update]

Prints the text between the GENERATED markers of
src/aes/aes_ttable_<isa>.c (armv7m, armv6m, rv32), or with --update
writes it there. tests/aes/test_aes_asm_gen.py checks that the committed text
is this program's output; the on-target vectors (mcu/mcu.py test: every
CAVP AESAVS file on Cortex-M0/M3/M4/M33 and RV32) check what it does.

Round structure (aes_ttable.h has the table layout): a full round is
t_j = T0[b0(s_j)] ^ T1[b1(s_(j+d))] ^ T2[b2(s_(j+2d))] ^ T3[b3(s_(j+3d))] ^ k_j
with d = +1 (encryption, te) or -1 (decryption, td); T_k = T0 rotated
left by 8k. The last round takes bytes of sb / isb. The code below is
straight-line per round (the round loop runs twice per iteration on
Thumb-2 and RV32, once on Thumb-1), its loads at addresses that depend on
the round number (keys) or inside rijn_i_ttable_tab (tables); the only
branches are on the round count.

- Thumb-2 (Cortex-M3/M4/M33): one table; T_k[x] is T0[x] rotated in the
  EOR's barrel shifter (free). 12 instructions per column, the four round
  keys in one LDM. Any alignment of in/out/x (ARMv7-M LDR/STR).
- Thumb-1 (Cortex-M0/M0+/M23): eight low registers hold the state (4),
  the accumulator, a temporary, the table base and the constant 24; a
  column is Horner's rule on one table, acc = ror(acc, 24) ^ T0[...],
  so every rotation is by the same register; results go to r9-r12.
  Word-aligned in/out/x (the C wrapper bounces others).
- RV32I: four tables (RIJN_CFG_AES_TTABLE_TABLES=4, the default there:
  no rotate instruction in RV32IMAC) indexed as ((s >> 8k-2) & 0x3fc) +
  base_k: 5 instructions per lookup; with one table the same Horner
  rotation as Thumb-1 (3 instructions each). Word-aligned in/out/x.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "tools"))
import asmgen  # noqa: E402
from asmgen import ROOT  # noqa: E402
FILES = {"thumb2": "src/aes/aes_ttable_armv7m.c", "thumb1": "src/aes/aes_ttable_armv6m.c",
         "rv32": "src/aes/aes_ttable_rv32.c"}


def header(name, comment, thumb=True):
    out = ["\t.section .text.%s,\"ax\",%%progbits" % name, "\t.align 2",
           "\t.global %s" % name, "\t.hidden %s" % name]
    if thumb:
        out += ["\t.type %s, %%function" % name, "\t.thumb_func"]
    else:
        out += ["\t.type %s, @function" % name]
    out.append("%s: %s" % (name, comment))
    return out


# ---- Thumb-2 -----------------------------------------------------------------
def t2_round(src, dst, dec, keys_ldm=True):
    """One full round from registers src[0..3] into dst[0..3]; r12 = T0."""
    L = ["\tldm r0!, {%s-%s}" % (dst[0], dst[3])]
    tmp = ["r2", "r3", "lr"]
    d = -1 if dec else 1
    for j in range(4):
        a, b, c, e = (src[(j + k * d) % 4] for k in range(4))
        L += ["\tuxtb r2, %s" % a, "\tubfx r3, %s, #8, #8" % b,
              "\tldr r2, [r12, r2, lsl #2]", "\tldr r3, [r12, r3, lsl #2]",
              "\teor %s, %s, r2" % (dst[j], dst[j]), "\teor %s, %s, r3, ror #24" % (dst[j], dst[j]),
              "\tubfx r2, %s, #16, #8" % c, "\tlsr r3, %s, #24" % e,
              "\tldr r2, [r12, r2, lsl #2]", "\tldr r3, [r12, r3, lsl #2]",
              "\teor %s, %s, r2, ror #16" % (dst[j], dst[j]),
              "\teor %s, %s, r3, ror #8" % (dst[j], dst[j])]
    del tmp
    return L


def t2_last(src, dst, dec):
    """Last round: bytes of the S-box (r12 = sb or isb), keys at [r0]."""
    L = ["\tldm r0, {%s-%s}" % (dst[0], dst[3])]
    d = -1 if dec else 1
    for j in range(4):
        a, b, c, e = (src[(j + k * d) % 4] for k in range(4))
        L += ["\tuxtb r2, %s" % a, "\tubfx r3, %s, #8, #8" % b,
              "\tldrb r2, [r12, r2]", "\tldrb r3, [r12, r3]",
              "\teor %s, %s, r2" % (dst[j], dst[j]), "\teor %s, %s, r3, lsl #8" % (dst[j], dst[j]),
              "\tubfx r2, %s, #16, #8" % c, "\tlsr r3, %s, #24" % e,
              "\tldrb r2, [r12, r2]", "\tldrb r3, [r12, r3]",
              "\teor %s, %s, r2, lsl #16" % (dst[j], dst[j]),
              "\teor %s, %s, r3, lsl #24" % (dst[j], dst[j])]
    return L


def thumb2(dec):
    name = "rijn_i_ttable_%s1" % ("dec" if dec else "enc")
    S, T = ["r4", "r5", "r6", "r7"], ["r8", "r9", "r10", "r11"]
    lab = ".Ltt7_%s" % ("d" if dec else "e")
    L = header(name, "@ r0 = rk, r1 = rounds, r2 = out, r3 = in, [sp] = x; any alignment")
    L += ["\tpush {r2, r4-r11, lr}", "\tldr lr, [sp, #40]",
          "\tmovw r12, #:lower16:rijn_i_ttable_tab", "\tmovt r12, #:upper16:rijn_i_ttable_tab"]
    if dec:
        L.append("\tadd r12, r12, #TTOFF_TD")
    L += ["\tldr %s, [r3, #%d]" % (S[i], 4 * i) for i in range(4)]
    if not dec:
        L += ["\tldr %s, [lr, #%d]" % (T[i], 4 * i) for i in range(4)]
        L += ["\teor %s, %s, %s" % (S[i], S[i], T[i]) for i in range(4)]
    L += ["\tldm r0!, {r8-r11}"] + ["\teor %s, %s, %s" % (S[i], S[i], T[i]) for i in range(4)]
    L += t2_round(S, T, dec)
    L += ["\tsubs r1, r1, #2", lab + ":"]
    L += t2_round(T, S, dec) + t2_round(S, T, dec)
    L += ["\tsubs r1, r1, #2", "\tbne %s" % lab]
    L.append("\tadd r12, r12, #%s" % ("TTOFF_ISB - TTOFF_TD" if dec else "TTOFF_SB"))
    L += t2_last(T, S, dec)
    L += ["\tldr r2, [sp]"]
    if dec:
        L += ["\tldr r3, [sp, #40]"]
        L += ["\tldr %s, [r3, #%d]" % (T[i], 4 * i) for i in range(4)]
        L += ["\teor %s, %s, %s" % (S[i], S[i], T[i]) for i in range(4)]
    L += ["\tstr %s, [r2, #%d]" % (S[i], 4 * i) for i in range(4)]
    L += ["\tadd sp, #4", "\tpop {r4-r11, pc}", "\t.size %s, .-%s" % (name, name)]
    return L


# ---- Thumb-1 -----------------------------------------------------------------
# r0-r3 state, r4 accumulator, r5 temporary, r6 table, r7 = 24, r8 = rk,
# r9-r12 the new state; frame: [sp] out, [sp, #4] rounds left, x at [sp, #44]
T1_OUT = ["r9", "r10", "r11", "r12"]


def t1_byte(dst, s, k, scale):
    """dst = byte k of s (times 4 when scale)."""
    L = []
    if k == 0:
        L.append("\tuxtb %s, %s" % (dst, s))
    elif k == 3:
        L.append("\tlsrs %s, %s, #24" % (dst, s))
    else:
        L += ["\tlsrs %s, %s, #%d" % (dst, s, 8 * k), "\tuxtb %s, %s" % (dst, dst)]
    if scale:
        L.append("\tlsls %s, %s, #2" % (dst, dst))
    return L


def t1_round(dec, last):
    S = ["r0", "r1", "r2", "r3"]
    d = -1 if dec else 1
    L = []
    for j in range(4):
        src = [S[(j + k * d) % 4] for k in range(4)]
        # Horner from byte 3 down: acc = T[b3]; acc = rot(acc) ^ T[b2]; ...
        for k in (3, 2, 1, 0):
            dst = "r4" if k == 3 else "r5"
            L += t1_byte(dst, src[k], k, not last)
            L.append("\t%s %s, [r6, %s]" % ("ldrb" if last else "ldr", dst, dst))
            if k != 3:
                L.append("\t%s r4, r5" % ("orrs" if last else "eors"))
            if k != 0:
                L.append("\tlsls r4, r4, #8" if last else "\trors r4, r7")
        L += ["\tmov r5, r8", "\tldr r5, [r5, #%d]" % (4 * j), "\teors r4, r5",
              "\tmov %s, r4" % T1_OUT[j]]
    return L


def thumb1(dec):
    name = "rijn_i_ttable_%s1w" % ("dec" if dec else "enc")
    lab = ".Ltt6_%s" % ("d" if dec else "e")
    pool = lab + "_pool"
    L = header(name, "@ r0 = rk, r1 = rounds, r2 = out, r3 = in, [sp] = x; word-aligned")
    L += ["\tpush {r4-r7, lr}", "\tmov r4, r8", "\tmov r5, r9", "\tmov r6, r10", "\tmov r7, r11",
          "\tpush {r4-r7}", "\tsub sp, #8", "\tstr r2, [sp]", "\tsubs r1, r1, #1",
          "\tstr r1, [sp, #4]", "\tldr r4, [sp, #44]", "\tmov r8, r0", "\tldm r3, {r0-r3}"]
    if not dec:
        for i in range(4):
            L += ["\tldr r5, [r4, #%d]" % (4 * i), "\teors r%d, r5" % i]
    L += ["\tmov r4, r8"]
    for i in range(4):
        L += ["\tldr r5, [r4, #%d]" % (4 * i), "\teors r%d, r5" % i]
    L += ["\tadds r4, #16", "\tmov r8, r4", "\tldr r6, %s" % pool, "\tmovs r7, #24", lab + ":"]
    L += t1_round(dec, False)
    L += ["\tmov r0, r9", "\tmov r1, r10", "\tmov r2, r11", "\tmov r3, r12",
          "\tmov r5, r8", "\tadds r5, #16", "\tmov r8, r5",
          "\tldr r5, [sp, #4]", "\tsubs r5, r5, #1", "\tstr r5, [sp, #4]", "\tbne %s" % lab]
    L += ["\tldr r6, %s_sb" % pool]
    L += t1_round(dec, True)
    L += ["\tmov r0, r9", "\tmov r1, r10", "\tmov r2, r11", "\tmov r3, r12"]
    if dec:
        L += ["\tldr r4, [sp, #44]"]
        for i in range(4):
            L += ["\tldr r5, [r4, #%d]" % (4 * i), "\teors r%d, r5" % i]
    L += ["\tldr r4, [sp]", "\tstm r4!, {r0-r3}", "\tadd sp, #8", "\tpop {r4-r7}",
          "\tmov r8, r4", "\tmov r9, r5", "\tmov r10, r6", "\tmov r11, r7", "\tpop {r4-r7, pc}",
          "\t.align 2", pool + ":",
          "\t.word rijn_i_ttable_tab + %s" % ("TTOFF_TD" if dec else "0"), pool + "_sb:",
          "\t.word rijn_i_ttable_tab + %s" % ("TTOFF_ISB" if dec else "TTOFF_SB"),
          "\t.size %s, .-%s" % (name, name)]
    return L


# ---- RV32 --------------------------------------------------------------------
# a0 rk, a1 the last round key, a2 out, a3 in / temporary, a4 x; states t0-t3 and
# t4-t6, a5; tables a6, a7, s0, s1 (T0..T3; one table: a6 only); s2
# temporary; frame 16 bytes (s0-s2).
RV_A, RV_B = ["t0", "t1", "t2", "t3"], ["t4", "t5", "t6", "a5"]
RV_BASE = ["a6", "a7", "s0", "s1"]


def rv_index(dst, s, k, scale):
    """dst = byte k of s, times 4 when scale (scaled: 2 instructions)."""
    if scale:
        if k == 0:
            return ["\tslli %s, %s, 2" % (dst, s), "\tandi %s, %s, 0x3fc" % (dst, dst)]
        return ["\tsrli %s, %s, %d" % (dst, s, 8 * k - 2), "\tandi %s, %s, 0x3fc" % (dst, dst)]
    if k == 0:
        return ["\tandi %s, %s, 0xff" % (dst, s)]
    if k == 3:
        return ["\tsrli %s, %s, 24" % (dst, s)]
    return ["\tsrli %s, %s, %d" % (dst, s, 8 * k), "\tandi %s, %s, 0xff" % (dst, dst)]


def rv_round(src, dst, dec, off, ntab):
    d = -1 if dec else 1
    L = []
    for j in range(4):
        acc = dst[j]
        b = [src[(j + k * d) % 4] for k in range(4)]
        if ntab == 4:  # two lookups at a time: each load has an instruction before its use
            L.append("\tlw %s, %d(a0)" % (acc, off + 4 * j))
            for k0 in (0, 2):
                for k, tmp in ((k0, "a3"), (k0 + 1, "s2")):
                    L += rv_index(tmp, b[k], k, True)
                    L += ["\tadd %s, %s, %s" % (tmp, tmp, RV_BASE[k]), "\tlw %s, 0(%s)" % (tmp, tmp)]
                L += ["\txor %s, %s, a3" % (acc, acc), "\txor %s, %s, s2" % (acc, acc)]
        else:  # Horner on T0: acc = rotl8(acc) ^ T0[...], from byte 3 down
            for k in (3, 2, 1, 0):
                tmp = acc if k == 3 else "a3"
                L += rv_index(tmp, b[k], k, True)
                L += ["\tadd %s, %s, a6" % (tmp, tmp), "\tlw %s, 0(%s)" % (tmp, tmp)]
                if k != 3:
                    L.append("\txor %s, %s, a3" % (acc, acc))
                if k != 0:
                    L += ["\tslli s2, %s, 8" % acc, "\tsrli %s, %s, 24" % (acc, acc),
                          "\tor %s, %s, s2" % (acc, acc)]
            L += ["\tlw a3, %d(a0)" % (off + 4 * j), "\txor %s, %s, a3" % (acc, acc)]
    return L


def rv_last(src, dst, dec):
    d = -1 if dec else 1
    L = []
    for j in range(4):
        acc = dst[j]
        b = [src[(j + k * d) % 4] for k in range(4)]
        L.append("\tlw %s, %d(a0)" % (acc, 4 * j))
        for k in range(4):
            L += rv_index("a3", b[k], k, False)
            L += ["\tadd a3, a3, a7", "\tlbu a3, 0(a3)"]
            if k:
                L.append("\tslli a3, a3, %d" % (8 * k))
            L.append("\txor %s, %s, a3" % (acc, acc))
    return L


# complexity: straight-line emitter of the RV32 listing, in the order of the output
def rv32(dec, ntab):
    name = "rijn_i_ttable_%s1w" % ("dec" if dec else "enc")
    lab = ".Lttr_%s" % ("d" if dec else "e")
    tab = "TTOFF_TD" if dec else "0"
    L = header(name, "# a0 = rk, a1 = rounds, a2 = out, a3 = in, a4 = x; word-aligned",
               thumb=False)
    L += ["\taddi sp, sp, -16", "\tsw s0, 0(sp)", "\tsw s1, 4(sp)", "\tsw s2, 8(sp)"]
    L += ["\tlui a6, %%hi(rijn_i_ttable_tab + %s)" % tab,
          "\taddi a6, a6, %%lo(rijn_i_ttable_tab + %s)" % tab]
    if ntab == 4:
        L += ["\taddi a7, a6, 1024", "\taddi s0, a7, 1024", "\taddi s1, s0, 1024"]
    L += ["\tlw %s, %d(a3)" % (RV_A[i], 4 * i) for i in range(4)]
    L += ["\tlw %s, %d(a0)" % (RV_B[i], 4 * i) for i in range(4)]
    L += ["\txor %s, %s, %s" % (RV_A[i], RV_A[i], RV_B[i]) for i in range(4)]
    if not dec:
        L += ["\tlw %s, %d(a4)" % (RV_B[i], 4 * i) for i in range(4)]
        L += ["\txor %s, %s, %s" % (RV_A[i], RV_A[i], RV_B[i]) for i in range(4)]
    L += rv_round(RV_A, RV_B, dec, 16, ntab)
    # a1 = the last round key (rk + 16 * rounds), where the loop stops
    L += ["\tslli a1, a1, 4", "\tadd a1, a1, a0", "\taddi a0, a0, 32", lab + ":"]
    L += rv_round(RV_B, RV_A, dec, 0, ntab) + rv_round(RV_A, RV_B, dec, 16, ntab)
    L += ["\taddi a0, a0, 32", "\tbne a0, a1, %s" % lab]
    L += ["\tlui a7, %%hi(rijn_i_ttable_tab + %s)" % ("TTOFF_ISB" if dec else "TTOFF_SB"),
          "\taddi a7, a7, %%lo(rijn_i_ttable_tab + %s)" % ("TTOFF_ISB" if dec else "TTOFF_SB")]
    L += rv_last(RV_B, RV_A, dec)
    if dec:
        L += ["\tlw %s, %d(a4)" % (RV_B[i], 4 * i) for i in range(4)]
        L += ["\txor %s, %s, %s" % (RV_A[i], RV_A[i], RV_B[i]) for i in range(4)]
    L += ["\tsw %s, %d(a2)" % (RV_A[i], 4 * i) for i in range(4)]
    L += ["\tlw s0, 0(sp)", "\tlw s1, 4(sp)", "\tlw s2, 8(sp)", "\taddi sp, sp, 16", "\tret",
          "\t.size %s, .-%s" % (name, name)]
    return L


def pack(lines, width=92):
    """Lines of C string literals, several instructions per line."""
    out, cur = [], ""
    for ln in lines:
        piece = ln.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t") + "\\n"
        if ln.endswith(":") or ": " in ln and not ln.startswith("\t"):
            if cur:
                out.append('    "%s"' % cur)
                cur = ""
            out.append('    "%s"' % piece)
            continue
        if cur and len(cur) + len(piece) + 6 > width:
            out.append('    "%s"' % cur)
            cur = ""
        cur += piece
    if cur:
        out.append('    "%s"' % cur)
    return "\n".join(out) + "\n"


def body(isa):
    if isa == "thumb2":
        return pack(["\t.syntax unified", "\t.thumb"] + thumb2(False)) + \
            "#if RIJN_CFG_AES_DECRYPT\n" + pack(thumb2(True)) + "#endif\n"
    if isa == "thumb1":
        return pack(["\t.syntax unified", "\t.thumb"] + thumb1(False)) + \
            "#if RIJN_CFG_AES_DECRYPT\n" + pack(thumb1(True)) + "#endif\n"
    parts = []
    for ntab in (4, 1):
        parts.append("#if RIJN_I_TT_N == %d\n" % ntab if ntab == 4 else "#else\n")
        parts.append(pack(rv32(False, ntab)) + "#if RIJN_CFG_AES_DECRYPT\n" +
                     pack(rv32(True, ntab)) + "#endif\n")
    return "".join(parts) + "#endif\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--isa", choices=sorted(FILES), default="thumb2")
    ap.add_argument("--update", action="store_true")
    a = ap.parse_args()
    asmgen.emit(body(a.isa), os.path.join(ROOT, FILES[a.isa]), a.update)

if __name__ == "__main__":
    main()
