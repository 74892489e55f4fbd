#!/usr/bin/env python3
"""gen_ct32asm.py -- generates the Thumb-2 assembly of src/aes/aes_ct32asm.c.

  python3 src/aes/tools/gen_ct32asm.py [--seed N] [--tries N] > body.txt

The fixsliced AES of aes_ct32.c (same state layout, same key schedule) as
straight-line blocks of register operations: Boyar and Peralta's 115-gate
S-box (SBOX_BP115; the Thumb-1 generator, gen_ct32v6m.py, uses the depth-16
circuit read from src/aes/aes_ct_common.h through emit_sbox), MixColumns
MC_k and its inverse, the transposes; AddRoundKey is fixed code (LDM, EOR).
Each block is scheduled and register-allocated here (greedy list
scheduling with random restarts and a local search, Belady spilling to
stack slots), with its inputs where the previous block left them and its
outputs where they are computed; then checked: the emitted instructions are
interpreted on random inputs and compared with the block's definition.
The S-box circuit itself is checked on all 256 byte values. The output is
the body of the C file's file-scope __asm__ statement; the C file's notes
say how to regenerate it.
"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "tools"))
import asmgen  # noqa: E402
# gen_ct32v6m.py reaches the shared pieces through this module (g.Block, g.ror, ...)
from asmgen import M32, ROOT, pack_body, ror  # noqa: E402,F401
from ct32_ir import (Block, ark_block, check_sbox, dmc_block, emit_sbox_bp,  # noqa: E402,F401
                     evaluate, mc_block, mc_ref, ortho_block, sbox_block)
from ct32_alloc import compile_block  # noqa: E402


# ---- the whole function -----------------------------------------------------
REGS = ["r%d" % i for i in range(13)] + ["lr"]
Q = {"q%d" % i: "r%d" % i for i in range(8)}
NAMED = {"RK": 0, "END": 4, "OUT": 8, "ROUNDS": 12, "LR": 16, "OUT1": 20}
SCRATCH = 24  # 16 bytes: the discarded second block of a one-block call
SLOT0 = 40
SBOX_SEARCH = 2000
MC_SEARCH = 300


def ark_block_adv():
    b = ark_block()
    p = b.ops[0][0]
    p2 = b.op("addi", p, 32)
    b.op("sts", p2, "RK")
    b.name = "ark0"
    return b


def ark_block_dec0():
    b = ark_block()
    p = b.ops[0][0]
    b.op("sts", b.op("addi", p, -32), "RK")
    b.name = "arkd0"
    return b


def check_ir(mcs, orth):
    rng = random.Random(5)
    for k, b in enumerate(mcs):
        qs = [rng.getrandbits(32) for _ in range(8)]
        key = [rng.getrandbits(32) for _ in range(8)]
        mem = {0x1000 + 4 * i: key[i] for i in range(8)}
        st = {"RK": 0x1000}
        env = evaluate(b, {"q%d" % i: qs[i] for i in range(8)}, mem, st)
        got = [None] * 8
        for v, i in b.outputs.items():
            got[i] = env[v]
        assert got == mc_ref(qs, k, key), "mc%d" % k
        assert st["RK"] == 0x1020


def entries(E, frame, base):
    """Two entry points: <base>1 (one block: in[0..15] twice, the second
    result to a scratch area) and <base>2 (two blocks); then common code
    with r12 = second input block, OUT1 = second output block."""
    for n in (1, 2):
        E("\t.align 2")
        E("\t.global %s%d" % (base, n))
        E("\t.hidden %s%d" % (base, n))
        E("\t.type %s%d, %%function" % (base, n))
        E("\t.thumb_func")
        E("%s%d: @ r0 = rk, r1 = rounds, r2 = out[%d], r3 = in[%d]" % (base, n, 16 * n, 16 * n))
        E("\tpush {r4-r11, lr}")
        E("\tsub sp, sp, #%d" % frame)
        if n == 1:
            E("\tmov r12, r3")
            E("\tadd r4, sp, #%d" % SCRATCH)
            E("\tb %s_common" % base.replace("rijn_i_", ".L"))
        else:
            E("\tadd r12, r3, #16")
            E("\tadd r4, r2, #16")
    E("%s_common:" % base.replace("rijn_i_", ".L"))
    E("\tstr r4, [sp, #%d]" % NAMED["OUT1"])


def load_blocks(E):
    E("\tmov lr, r3")
    for c in range(4):
        for bb in range(2):
            E("\tldr r%d, [%s, #%d]" % (2 * c + bb, ("lr", "r12")[bb], 4 * c))


def store_blocks(E):
    E("\tldr lr, [sp, #%d]" % NAMED["OUT"])
    E("\tldr r12, [sp, #%d]" % NAMED["OUT1"])
    for c in range(4):
        for bb in range(2):
            E("\tstr r%d, [%s, #%d]" % (2 * c + bb, ("lr", "r12")[bb], 4 * c))


def ark_ldm(state, advance, down=False):
    """AddRoundKey with two LDMs: q_i ^= RK[i] on the planes where state
    (plane -> register) has them, RK from its stack slot (advanced by 32
    when advance); the base and the four key registers are the lowest
    registers state leaves free. down: the slot holds the end of the
    round key (LDMDB; advancing walks down)."""
    free = [r for r in REGS if r not in state.values()]
    base, keys = free[0], sorted(free[1:5], key=REGS.index)
    lines = ["ldr %s, [sp, #%d]" % (base, NAMED["RK"])]
    for half in ((1, 0) if down else (0, 1)):
        lines.append("%s %s!, {%s}" % ("ldmdb" if down else "ldmia", base, ", ".join(keys)))
        for j in range(4):
            r = state[4 * half + j]
            lines.append("eor %s, %s, %s" % (r, r, keys[j]))
    if advance:
        lines.append("str %s, [sp, #%d]" % (base, NAMED["RK"]))
    return lines


# complexity: straight-line emitter of the Thumb-2 listing, in the order of the output
def generate(tries, seed, with_dec=True):
    out, stats = [], {}
    sb = sbox_block(circuit=emit_sbox_bp)
    check_sbox(sb)
    check_ir([mc_block(k) for k in range(4)], None)
    check_ir([mc_block(k, pre=True) for k in range(4)], None)
    mcs = [mc_block(k, key=False, pre=True) for k in range(4)]
    blocks = {}
    nslots = 0

    def comp(b, regs, in_map=Q, outm=None, search=0):
        nonlocal nslots
        if outm is None:
            outm = {v: "r%d" % i for v, i in b.outputs.items()}
        lines, ns = compile_block(b, regs, in_map, outm, SLOT0, NAMED, tries, seed, None,
                                  search=search)
        nslots = max(nslots, ns)
        stats[b.name] = len(lines)
        return lines
    # encryption: the loop's four rounds each have their own copy of the
    # S-box and MC_k; every piece leaves its outputs where they are computed
    # and the next piece takes them there (maps plane -> register), except
    # that the loop's last MC_0 returns the planes to r0..r7 for its top
    def comp_free(b, in_planes, out_planes=None, search=0):
        nonlocal nslots
        in_map = {"q%d" % i: r for i, r in in_planes.items()}
        outm = None if out_planes is None else \
            {v: out_planes[i] for v, i in b.outputs.items()}
        lines, ns, m = compile_block(b, REGS, in_map, outm, SLOT0, NAMED, tries, seed, None,
                                     search=search, ret_map=True)
        nslots = max(nslots, ns)
        stats[b.name] = stats.get(b.name, 0) + len(lines)
        return lines, {b.outputs[v]: r for v, r in m.items()}
    tau0 = {i: "r%d" % i for i in range(8)}
    tau, sig = tau0, {}
    for k in (1, 2, 3, 0):
        blocks["tau%d" % k] = tau
        blocks["sbox%d" % k], sig[k] = comp_free(sb, tau, search=SBOX_SEARCH)
        blocks["mc%d" % k], tau = comp_free(mcs[k], sig[k], tau0 if k == 0 else None,
                                            search=MC_SEARCH)
    for k in (2, 0):
        blocks["ortho_out%d" % k] = comp(ortho_block("ortho_out"), REGS,
                                         {"q%d" % i: r for i, r in sig[k].items()})
    # decryption: one inverse S-box subroutine (its outputs where they are
    # computed: dsig), the AddRoundKey and MC_k^-1 take them there
    ib = sbox_block(inverse=True, circuit=emit_sbox_bp)
    check_sbox(ib, inverse=True)
    blocks["invsbox"], dsig = comp_free(ib, tau0, search=SBOX_SEARCH)
    for k in range(4):
        blocks["dmc%d" % k] = comp(dmc_block(k, key=False), REGS,
                                   {"q%d" % i: r for i, r in dsig.items()}, search=MC_SEARCH)
    blocks["ortho_out_d"] = comp(ortho_block("ortho_out"), REGS,
                                 {"q%d" % i: r for i, r in dsig.items()})
    blocks["ortho_in"] = comp(ortho_block("ortho_in"), REGS)
    frame = SLOT0 + 4 * nslots
    if frame % 8 != 4:
        frame += 4
    E = out.append

    def ins(lines):
        for ln in lines:
            E("\t" + ln)
    spare = ["r9"]  # free after the AddRoundKey's LDMs (r8 = RK, r9-r12)
    E("\t.syntax unified")
    E("\t.thumb")
    E("\t.align 2")
    entries(E, frame, "rijn_i_ct32asm_enc")
    E("\tstr r0, [sp, #%d]" % NAMED["RK"])
    E("\tstr r2, [sp, #%d]" % NAMED["OUT"])
    E("\tstr r1, [sp, #%d]" % NAMED["ROUNDS"])
    E("\tadd r1, r0, r1, lsl #5")
    E("\tstr r1, [sp, #%d]" % NAMED["END"])
    load_blocks(E)
    ins(blocks["ortho_in"])
    # the S-box (its flags-free instructions: the loop test's flags
    # survive it) is written out in each of the loop's four rounds
    E(".Lct32asm_loop:")
    for k in (1, 2, 3, 0):
        assert all(ln.split()[0] in ("eor", "and", "ldr", "str", "mov")
                   for ln in blocks["sbox%d" % k])
        E("\t@ round = %d mod 4: AddRoundKey, S-box, MC_%d" % (k, k))
        ark = ark_ldm(blocks["tau%d" % k], True)
        ins(ark)
        if k in (2, 0):  # the last round is 10, 12 or 14: RK = END
            base = ark[0].split()[1].rstrip(",")
            spare = ark[1][ark[1].index("{") + 1:].split(",")[0]
            E("\tldr %s, [sp, #%d]" % (spare, NAMED["END"]))
            E("\tcmp %s, %s" % (base, spare))
        ins(blocks["sbox%d" % k])
        if k in (2, 0):
            E("\tbeq .Lct32asm_last%d" % k)
        ins(blocks["mc%d" % k])
    E("\tb .Lct32asm_loop")
    E(".Lct32asm_last0:")
    ins(ark_ldm(sig[0], False))
    ins(blocks["ortho_out0"])
    E("\tb .Lct32asm_sr2")
    E(".Lct32asm_last2:")
    ins(ark_ldm(sig[2], False))
    ins(blocks["ortho_out2"])
    E(".Lct32asm_sr2:")
    E("\tldr r8, [sp, #%d]" % NAMED["ROUNDS"])
    E("\ttst r8, #2")
    E("\tbeq .Lct32asm_store")
    for a in range(4):  # SR^2: rows 1 and 3 of columns c and c+2 swap
        E("\teor r8, r%d, r%d" % (a, a + 4))
        E("\tand r8, r8, #0xff00ff00")
        E("\teor r%d, r%d, r8" % (a, a))
        E("\teor r%d, r%d, r8" % (a + 4, a + 4))
    E(".Lct32asm_store:")
    store_blocks(E)
    E("\tadd sp, sp, #%d" % frame)
    E("\tpop {r4-r11, pc}")
    E("\t.size rijn_i_ct32asm_enc2, . - rijn_i_ct32asm_enc2")
    if not with_dec:
        return out, stats, frame
    E("")
    E("#if RIJN_CFG_AES_DECRYPT")
    E("\t.align 2")
    E("\t.type rijn_i_ct32asm_invsbox, %function")
    E("\t.thumb_func")
    E("rijn_i_ct32asm_invsbox: @ q -> L(S(L(q))): InvS(q ^ 0x63) per byte")
    E("\tstr lr, [sp, #%d]" % NAMED["LR"])
    ins(blocks["invsbox"])
    E("\tldr pc, [sp, #%d]" % NAMED["LR"])
    E("\t.size rijn_i_ct32asm_invsbox, . - rijn_i_ct32asm_invsbox")
    E("")
    entries(E, frame, "rijn_i_ct32asm_dec")
    E("\tstr r2, [sp, #%d]" % NAMED["OUT"])
    E("\tstr r1, [sp, #%d]" % NAMED["ROUNDS"])
    E("\tadd r0, r0, r1, lsl #5")
    E("\tadd r0, r0, #32")
    E("\tstr r0, [sp, #%d] @ the end of the last round key" % NAMED["RK"])
    E("\tadd r1, r1, #2")
    E("\tlsr r1, r1, #2")
    E("\tstr r1, [sp, #%d] @ rounds with k = 1 left" % NAMED["END"])
    load_blocks(E)
    E("\tldr r8, [sp, #%d]" % NAMED["ROUNDS"])
    E("\ttst r8, #2")
    E("\tbeq .Lct32asm_dnosr")
    for a in range(4):
        E("\teor r8, r%d, r%d" % (a, a + 4))
        E("\tand r8, r8, #0xff00ff00")
        E("\teor r%d, r%d, r8" % (a, a))
        E("\teor r%d, r%d, r8" % (a + 4, a + 4))
    E(".Lct32asm_dnosr:")
    ins(blocks["ortho_in"])
    ins(ark_ldm(tau0, True, down=True))
    E("\tbl rijn_i_ct32asm_invsbox")
    dspare = [r for r in REGS if r not in dsig.values()][0]
    E("\tldr %s, [sp, #%d]" % (dspare, NAMED["ROUNDS"]))
    E("\tcmp %s, #12" % dspare)
    E("\tbeq .Lct32asm_dk3")
    E(".Lct32asm_dloop:")
    for k in (1, 0, 3, 2):
        if k == 3:
            E(".Lct32asm_dk3:")
        ins(ark_ldm(dsig, True, down=True))
        ins(blocks["dmc%d" % k])
        E("\tbl rijn_i_ct32asm_invsbox")
        if k == 1:
            E("\tldr %s, [sp, #%d]" % (dspare, NAMED["END"]))
            E("\tsubs %s, %s, #1" % (dspare, dspare))
            E("\tstr %s, [sp, #%d]" % (dspare, NAMED["END"]))
            E("\tbeq .Lct32asm_dlast")
    E("\tb .Lct32asm_dloop")
    E(".Lct32asm_dlast:")
    ins(ark_ldm(dsig, False, down=True))
    ins(blocks["ortho_out_d"])
    store_blocks(E)
    E("\tadd sp, sp, #%d" % frame)
    E("\tpop {r4-r11, pc}")
    E("\t.size rijn_i_ct32asm_dec2, . - rijn_i_ct32asm_dec2")
    E("#endif")
    return out, stats, frame


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tries", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--raw", action="store_true", help="print plain assembly")
    ap.add_argument("--update", action="store_true",
                    help="rewrite the GENERATED part of src/aes/aes_ct32asm.c")
    a = ap.parse_args()
    lines, stats, frame = generate(a.tries, a.seed)
    sys.stderr.write("instructions per piece: %s; frame %d bytes\n" % (stats, frame))
    if a.raw:
        print("\n".join(lines))
        return
    asmgen.emit(pack_body(lines), os.path.join(ROOT, "src/aes/aes_ct32asm.c"), a.update)

if __name__ == "__main__":
    main()
