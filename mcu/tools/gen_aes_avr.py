#!/usr/bin/env python3
"""gen_aes_avr.py -- generates the AVR assembly of src/aes/aes_avr.c.

  python3 mcu/tools/gen_aes_avr.py [--update]

One AES block per call, state in 16 registers, four rounds unrolled per
loop iteration: ShiftRows is a renaming of the registers (SR^4 = identity,
so the names come back after four rounds), SubBytes is an in-place LPM per
byte from a 256-byte aligned table, MixColumns uses a second table
(xtime) with the column sum t = (a0^a1) ^ (a2^a3) taken from the two
table indices. The generated text is checked here by a small AVR
interpreter (the instructions used) against a Python AES on random keys
and blocks before it is written.
"""
import argparse
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# state registers (logical byte i = 4*column + row), temporaries
STATE = ["r0", "r1", "r18", "r19", "r20", "r21"] + ["r%d" % i for i in range(2, 12)]
T, P, X1, X3 = "r12", "r23", "r24", "r25"
CNT = "r22"
SAVED = ["r%d" % i for i in range(2, 18)] + ["r28", "r29"]  # callee-saved, all used


def all_tables():
    sb = sbox_table()
    inv = [0] * 256
    for x, y in enumerate(sb):
        inv[y] = x
    return [sb, [((x << 1) ^ (0x1B if x & 0x80 else 0)) & 0xFF for x in range(256)], inv]


def isr(m):
    """Register map after InvShiftRows as a renaming."""
    return [m[4 * ((c - r) % 4) + r] for c in range(4) for r in range(4)]


def mix_column(E, a):
    """MixColumns on the column in registers a[0..3] (ZH on the xtime page)."""
    E("\tmov r30, %s" % a[3])
    E("\teor r30, %s" % a[0])
    E("\tlpm %s, Z" % X3)
    E("\tmov r30, %s" % a[1])
    E("\teor r30, %s" % a[2])
    E("\tlpm %s, Z" % X1)
    E("\tmov r30, %s" % a[0])
    E("\teor r30, %s" % a[1])
    E("\tmov %s, r30" % T)
    E("\tlpm %s, Z" % P)
    E("\teor %s, %s" % (a[0], P))
    E("\tmov r30, %s" % a[2])
    E("\teor r30, %s" % a[3])
    E("\teor %s, r30" % T)
    E("\tlpm %s, Z" % P)
    E("\teor %s, %s" % (a[2], P))
    E("\teor %s, %s" % (a[1], X1))
    E("\teor %s, %s" % (a[3], X3))
    for r in range(4):
        E("\teor %s, %s" % (a[r], T))


def gen_dec():
    """Inverse cipher: InvShiftRows (renaming), InvSubBytes (LPM, third
    page), AddRoundKey (schedule read backwards with ld -X), InvMixColumns
    as u = 4(a0^a2), v = 4(a1^a3) added to (a0, a2), (a1, a3), then
    MixColumns."""
    L = []
    E = L.append
    E("\t.section .text.rijn_i_aes_avr_dec,\"ax\",@progbits")
    E("\t.global rijn_i_aes_avr_dec")
    E("\t.hidden rijn_i_aes_avr_dec")
    E("\t.type rijn_i_aes_avr_dec, @function")
    E("rijn_i_aes_avr_dec: ; r25:24 = rk, r22 = rounds, r21:20 = out, r19:18 = in, r16 = n")
    for r in SAVED:
        E("\tpush %s" % r)
    E("\tmovw r28, r18")
    E("\tmovw r14, r20")
    E("\tmov r17, %s" % CNT)
    E("\tlsr r17")
    E("\tmov r13, %s" % CNT)
    E("\tinc r13")
    E("\tswap r13")  # schedule bytes
    E("\tmovw r26, r24")
    E("\tadd r26, r13")
    E("\tadc r27, r1")  # X = end of the schedule (r1 is zero here)
    E(".Lavr_dblock:")
    E("\tmov %s, r17" % CNT)
    m = list(STATE)
    for i in range(16):
        E("\tld %s, Y+" % m[i])
    E("\tldi r31, hi8(rijn_i_aes_avr_tab+512)")
    for i in reversed(range(16)):
        E("\tld %s, -X" % T)
        E("\teor %s, %s" % (m[i], T))
    E(".Lavr_dloop:")
    finals = {}
    for phase in (1, 2, 3, 0):
        m = isr(m)
        for i in range(16):
            E("\tmov r30, %s" % m[i])
            E("\tlpm %s, Z" % m[i])
        if phase in (2, 0):
            E("\tdec %s" % CNT)
            E("\tbrne .Lavr_dgo%d" % phase)
            E("\trjmp .Lavr_dfinal%d" % phase)
            E(".Lavr_dgo%d:" % phase)
            finals[phase] = list(m)
        for i in reversed(range(16)):
            E("\tld %s, -X" % T)
            E("\teor %s, %s" % (m[i], T))
        E("\tdec r31")
        for c in range(4):
            a = m[4 * c:4 * c + 4]
            for x, y, reg in ((0, 2, P), (1, 3, X1)):
                E("\tmov r30, %s" % a[x])
                E("\teor r30, %s" % a[y])
                E("\tlpm r30, Z")
                E("\tlpm %s, Z" % reg)
                E("\teor %s, %s" % (a[x], reg))
                E("\teor %s, %s" % (a[y], reg))
            mix_column(E, a)
        E("\tinc r31")
    assert m == STATE
    E("\trjmp .Lavr_dloop")
    for phase in (2, 0):
        fm = finals[phase]
        E(".Lavr_dfinal%d:" % phase)
        for i in reversed(range(16)):
            E("\tld %s, -X" % T)
            E("\teor %s, %s" % (fm[i], T))
        E("\tmovw r30, r14")
        for i in range(16):
            E("\tst Z+, %s" % fm[i])
        E("\tmovw r14, r30")
        if phase == 2:
            E("\trjmp .Lavr_dnext")
    E(".Lavr_dnext:")
    E("\tadd r26, r13")
    E("\tclr r1")
    E("\tadc r27, r1")
    E("\tdec r16")
    E("\tbreq .Lavr_ddone")
    E("\trjmp .Lavr_dblock")
    E(".Lavr_ddone:")
    for r in reversed(SAVED):
        E("\tpop %s" % r)
    E("\tret")
    E("\t.size rijn_i_aes_avr_dec, . - rijn_i_aes_avr_dec")
    return L


def sr(m):
    """Register map after ShiftRows as a renaming."""
    return [m[4 * ((c + r) % 4) + r] for c in range(4) for r in range(4)]


def gen():
    L = []
    E = L.append
    E("\t.section .progmem.rijn_aes_avr,\"a\",@progbits")
    E("\t.balign 256")
    E("\t.global rijn_i_aes_avr_tab")
    E("\t.hidden rijn_i_aes_avr_tab")
    E("\t.type rijn_i_aes_avr_tab, @object")
    E("rijn_i_aes_avr_tab: ; S-box, xtime, then (with decryption) the inverse S-box")
    for tab in all_tables()[:2]:
        for i in range(0, 256, 16):
            E("\t.byte " + ", ".join("0x%02x" % v for v in tab[i:i + 16]))
    E("#if RIJN_CFG_AES_DECRYPT")
    for i in range(0, 256, 16):
        E("\t.byte " + ", ".join("0x%02x" % v for v in all_tables()[2][i:i + 16]))
    E("\t.size rijn_i_aes_avr_tab, 768")
    E("#else")
    E("\t.size rijn_i_aes_avr_tab, 512")
    E("#endif")
    E("")
    E("\t.section .text.rijn_i_aes_avr_enc,\"ax\",@progbits")
    E("\t.global rijn_i_aes_avr_enc")
    E("\t.hidden rijn_i_aes_avr_enc")
    E("\t.type rijn_i_aes_avr_enc, @function")
    E("rijn_i_aes_avr_enc: ; r25:24 = rk, r22 = rounds, r21:20 = out, r19:18 = in, r16 = n")
    for r in SAVED:
        E("\tpush %s" % r)
    E("\tmovw r28, r18")  # Y = in
    E("\tmovw r14, r20")  # out
    E("\tmov r17, %s" % CNT)
    E("\tlsr r17")  # rounds / 2
    E("\tmov r13, %s" % CNT)
    E("\tinc r13")
    E("\tswap r13")  # 16 * (rounds + 1): schedule bytes
    E("\tmovw r26, r24")  # X = rk
    E(".Lavr_block:")
    E("\tmov %s, r17" % CNT)
    m = list(STATE)
    for i in range(16):
        E("\tld %s, Y+" % m[i])
    E("\tldi r31, hi8(rijn_i_aes_avr_tab)")
    for i in range(16):
        E("\tld %s, X+" % T)
        E("\teor %s, %s" % (m[i], T))
    E(".Lavr_loop:")
    finals = {}
    for phase in (1, 2, 3, 0):
        for i in range(16):
            E("\tmov r30, %s" % m[i])
            E("\tlpm %s, Z" % m[i])
        m = sr(m)
        if phase in (2, 0):
            E("\tdec %s" % CNT)
            E("\tbrne .Lavr_go%d" % phase)
            E("\trjmp .Lavr_final%d" % phase)
            E(".Lavr_go%d:" % phase)
            finals[phase] = list(m)
        E("\tinc r31")
        for c in range(4):
            a = m[4 * c:4 * c + 4]
            mix_column(E, a)
            for r in range(4):
                E("\tld %s, X+" % P)
                E("\teor %s, %s" % (a[r], P))
        E("\tdec r31")
    assert m == STATE
    E("\trjmp .Lavr_loop")
    for phase in (2, 0):
        fm = finals[phase]
        E(".Lavr_final%d:" % phase)
        for i in range(16):
            E("\tld %s, X+" % T)
            E("\teor %s, %s" % (fm[i], T))
        E("\tmovw r30, r14")
        for i in range(16):
            E("\tst Z+, %s" % fm[i])
        E("\tmovw r14, r30")
        if phase == 2:
            E("\trjmp .Lavr_next")
    E(".Lavr_next:")
    E("\tsub r26, r13")
    E("\tsbci r27, 0")
    E("\tdec r16")
    E("\tbreq .Lavr_done")
    E("\trjmp .Lavr_block")
    E(".Lavr_done:")
    E("\tclr r1")
    for r in reversed(SAVED):
        E("\tpop %s" % r)
    E("\tret")
    E("\t.size rijn_i_aes_avr_enc, . - rijn_i_aes_avr_enc")
    return L


# ---- reference AES and a tiny AVR interpreter for the check ---------------
def sbox_table():
    def mul(a, b):
        r = 0
        while b:
            if b & 1:
                r ^= a
            a = ((a << 1) ^ (0x11B if a & 0x80 else 0)) & 0x1FF
            b >>= 1
        return r
    t = []
    for x in range(256):
        inv = 0 if x == 0 else next(y for y in range(1, 256) if mul(x, y) == 1)
        s = inv
        for i in range(1, 5):
            s ^= ((inv << i) | (inv >> (8 - i))) & 0xFF
        t.append(s ^ 0x63)
    return t


def expand(key):
    sb = sbox_table()
    nk = len(key) // 4
    rounds = nk + 6
    w = [list(key[4 * i:4 * i + 4]) for i in range(nk)]
    rc = 1
    for i in range(nk, 4 * (rounds + 1)):
        t = list(w[i - 1])
        if i % nk == 0:
            t = [sb[x] for x in t[1:] + t[:1]]
            t[0] ^= rc
            rc = ((rc << 1) ^ (0x1B if rc & 0x80 else 0)) & 0xFF
        elif nk > 6 and i % nk == 4:
            t = [sb[x] for x in t]
        w.append([a ^ b for a, b in zip(w[i - nk], t)])
    return bytes(sum(w, [])), rounds


def aes_ref(key, blk):
    sb = sbox_table()
    rk, rounds = expand(key)
    s = [a ^ b for a, b in zip(blk, rk[:16])]
    xt = lambda x: ((x << 1) ^ (0x1B if x & 0x80 else 0)) & 0xFF
    for rnd in range(1, rounds + 1):
        s = [sb[x] for x in s]
        s = [s[4 * ((c + r) % 4) + r] for c in range(4) for r in range(4)]
        if rnd != rounds:
            n = []
            for c in range(4):
                a = s[4 * c:4 * c + 4]
                t = a[0] ^ a[1] ^ a[2] ^ a[3]
                n += [a[i] ^ t ^ xt(a[i] ^ a[(i + 1) % 4]) for i in range(4)]
            s = n
        s = [a ^ b for a, b in zip(s, rk[16 * rnd:16 * rnd + 16])]
    return bytes(s), rk, rounds


def run_avr(lines, tab, rk, rounds, blk, nblk=1, entry="rijn_i_aes_avr_enc"):
    """Interprets the generated function; returns (output, cycles)."""
    labels, code = {}, []
    for ln in lines:
        s = ln.split(";")[0].strip()
        if not s or s.startswith(".") or s.startswith("#"):
            if s.startswith(".L") and s.endswith(":"):
                labels[s[:-1]] = len(code)
            continue
        if s.endswith(":"):
            labels[s[:-1]] = len(code)
            continue
        code.append(s)
    R = [0] * 32
    mem = {}
    TAB, RK, IN, OUT = 0x1200, 0x300, 0x500, 0x600
    for i, v in enumerate(rk):
        mem[RK + i] = v
    for i, v in enumerate(blk):
        mem[IN + i] = v
    for i in range(len(blk), 16 * nblk):
        mem[IN + i] = blk[i % 16]
    R[24], R[25], R[22], R[20], R[21], R[18], R[19] = RK & 255, RK >> 8, rounds, OUT & 255, \
        OUT >> 8, IN & 255, IN >> 8
    R[16] = nblk
    flash = {TAB + i: v for i, v in enumerate(tab)}
    stack, pc, cyc, Z, C = [], labels[entry], 0, False, False
    reg = lambda n: int(n[1:])
    while True:
        ins = code[pc]
        op, _, rest = ins.partition(" ")
        args = [a.strip() for a in rest.split(",")] if rest else []
        pc += 1
        if op == "push":
            stack.append(R[reg(args[0])]); cyc += 2
        elif op == "pop":
            R[reg(args[0])] = stack.pop(); cyc += 2
        elif op == "movw":
            d, s = reg(args[0]), reg(args[1]); R[d], R[d + 1] = R[s], R[s + 1]; cyc += 1
        elif op == "swap":
            d = reg(args[0]); R[d] = ((R[d] << 4) | (R[d] >> 4)) & 255; cyc += 1
        elif op == "sub":
            d = reg(args[0]); v = R[d] - R[reg(args[1])]; C = v < 0; R[d] = v & 255; cyc += 1
        elif op == "sbci":
            d = reg(args[0]); v = R[d] - int(args[1]) - (1 if C else 0); C = v < 0
            R[d] = v & 255; cyc += 1
        elif op == "breq":
            if Z:
                pc = labels[args[0]]; cyc += 2
            else:
                cyc += 1
        elif op == "lsr":
            R[reg(args[0])] >>= 1; cyc += 1
        elif op == "ld":
            d = reg(args[0]); p = {"Z+": 30, "X+": 26, "Y+": 28, "-X": 26}[args[1]]
            a = R[p] | R[p + 1] << 8
            if args[1][0] == "-":
                a -= 1
                R[d] = mem[a]
            else:
                R[d] = mem[a]
                a += 1
            R[p], R[p + 1] = a & 255, a >> 8; cyc += 2
        elif op == "st":
            a = R[30] | R[31] << 8
            mem[a] = R[reg(args[1])]; a += 1; R[30], R[31] = a & 255, a >> 8; cyc += 2
        elif op == "ldi":
            R[reg(args[0])] = (TAB + (512 if "+512" in args[1] else 0)) >> 8; cyc += 1
        elif op == "add":
            d = reg(args[0]); v = R[d] + R[reg(args[1])]; C = v > 255; R[d] = v & 255; cyc += 1
        elif op == "adc":
            d = reg(args[0]); v = R[d] + R[reg(args[1])] + (1 if C else 0); C = v > 255
            R[d] = v & 255; cyc += 1
        elif op == "eor":
            R[reg(args[0])] ^= R[reg(args[1])]; cyc += 1
        elif op == "mov":
            R[reg(args[0])] = R[reg(args[1])]; cyc += 1
        elif op == "lpm":
            R[reg(args[0])] = flash[R[30] | R[31] << 8]; cyc += 3
        elif op in ("inc", "dec"):
            d = reg(args[0]); R[d] = (R[d] + (1 if op == "inc" else -1)) & 255
            Z = R[d] == 0; cyc += 1
        elif op == "brne":
            if not Z:
                pc = labels[args[0]]; cyc += 2
            else:
                cyc += 1
        elif op == "rjmp":
            pc = labels[args[0]]; cyc += 2
        elif op == "clr":
            R[reg(args[0])] = 0; Z = True; cyc += 1
        elif op == "ret":
            cyc += 4
            break
        else:
            raise ValueError(ins)
    assert not stack
    return bytes(mem[OUT + i] for i in range(16 * nblk)), cyc


def check(lines):
    tab = sum(all_tables(), [])
    rng = random.Random(7)
    # FIPS 197 C.1
    k = bytes(range(16))
    pt = bytes.fromhex("00112233445566778899aabbccddeeff")
    ref, rk, rounds = aes_ref(k, pt)
    assert ref.hex() == "69c4e0d86a7b0430d8cdb78070b4c55a"
    cycles = {}
    for kl in (16, 24, 32):
        for _ in range(20):
            k = bytes(rng.getrandbits(8) for _ in range(kl))
            pt = bytes(rng.getrandbits(8) for _ in range(16))
            ref, rk, rounds = aes_ref(k, pt)
            out, cyc = run_avr(lines, tab, rk, rounds, pt)
            assert out == ref, "AES-%d mismatch" % (kl * 8)
            out, cyc3 = run_avr(lines, tab, rk, rounds, pt, 3)
            assert out == ref * 3, "AES-%d mismatch (3 blocks)" % (kl * 8)
            dec, dcyc = run_avr(lines, tab, rk, rounds, ref, 1, "rijn_i_aes_avr_dec")
            assert dec == pt, "AES-%d decryption mismatch" % (kl * 8)
            dec, dcyc3 = run_avr(lines, tab, rk, rounds, ref, 3, "rijn_i_aes_avr_dec")
            assert dec == pt * 3, "AES-%d decryption mismatch (3 blocks)" % (kl * 8)
            cycles[kl * 8] = (cyc, cyc3 - cyc, dcyc, dcyc3 - dcyc)
    return cycles


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--update", action="store_true")
    a = ap.parse_args()
    lines = gen() + [""] + ["#if RIJN_CFG_AES_DECRYPT"] + gen_dec() + ["#endif"]
    cycles = check(lines)
    sys.stderr.write("checked; cycles (function only, interpreter): key bits: (first block, "
                     "next block, decrypt first, decrypt next) %s\n" % cycles)
    body = "".join(ln + "\n" if ln.startswith("#") else
                   '    "%s\\n"\n' % ln.replace("\t", "\\t").replace('"', '\\"')
                   for ln in lines)
    if not a.update:
        sys.stdout.write(body)
        return
    path = os.path.join(ROOT, "src/aes/aes_avr.c")
    src = open(path).read()
    b0 = src.index("\n", src.index("/* BEGIN GENERATED")) + 1
    b1 = src.index("/* END GENERATED")
    open(path, "w").write(src[:b0] + body + src[b1:])


if __name__ == "__main__":
    main()
