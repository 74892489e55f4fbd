#!/usr/bin/env python3
"""gen_ct32v6m.py -- generates the Thumb-1 (ARMv6-M) assembly of
src/aes/aes_ct32v6m.c.

  python3 src/aes/tools/gen_ct32v6m.py [--tries N] [--update]

The same pieces as gen_ct32asm.py (S-box from aes_ct_common.h, MC_k fused
with AddRoundKey, transposes), lowered to what Cortex-M0 has: two-operand
logic on r0-r7 only, rotations by a register, shifts by an immediate,
masks loaded from the stack frame. The allocator keeps values in low
registers, parks them in r8-r12 (and lr where free) with MOV, spills to the
stack last; values are SSA, so a copy stays valid and dropping a
register's copy is free when another exists. Every allocated piece is
interpreted on random inputs against its definition before it is written.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_ct32asm as g  # noqa: E402
from ct32v6m_alloc import CONSTS, CSLOT, NAMED, SCRATCH, SLOT0, compile1  # noqa: E402


# ---- the whole function -----------------------------------------------------
def sr2_block():
    """SR^2 on the transposed words: rows 1 and 3 of columns c, c+2 swap."""
    b = g.Block("sr2")
    q = ["q%d" % i for i in range(8)]
    out = list(q)
    for a in range(4):
        t = b.op("x", q[a], q[a + 4], None)
        t = b.op("ai", t, 0xFF00FF00)
        out[a] = b.op("x", q[a], t, None)
        out[a + 4] = b.op("x", q[a + 4], t, None)
    b.inputs = {v: i for i, v in enumerate(q)}
    b.outputs = {v: i for i, v in enumerate(out)}
    return b


# complexity: straight-line emitter of the Thumb-1 listing, in the order of the output
def generate(tries, seed):
    H5 = ["r8", "r9", "r10", "r11", "r12"]
    H6 = H5 + ["lr"]
    Q = {"q%d" % i: "r%d" % i for i in range(8)}
    stats, nslots = {}, [0]

    def comp(b, high, in_map=Q, out_map=None):
        outm = {v: (out_map or Q)["q%d" % i] for v, i in b.outputs.items()}
        lines, ns = compile1(b, high, in_map, outm, tries, seed)
        nslots[0] = max(nslots[0], ns)
        stats[b.name] = len(lines)
        return lines
    sb = g.sbox_block()
    g.check_sbox(sb)
    mcs = [g.mc_block(k) for k in range(4)]
    g.check_ir(mcs, None)
    blocks = {"sbox": comp(sb, H5)}
    for k in range(4):
        blocks["mc%d" % k] = comp(mcs[k], H6)
    # ldm puts words w0..w7 in r0..r7; q[2c+b] = word c of block b = w[4b+c]
    ldm_map = {"q%d" % (2 * c + bb): "r%d" % (4 * bb + c) for c in range(4) for bb in range(2)}
    blocks["ortho_in"] = comp(g.ortho_block("ortho_in"), H6, ldm_map)
    blocks["ark0"] = comp(g.ark_block_adv(), H6)
    blocks["ark"] = comp(g.ark_block(), H6)
    blocks["ortho_out"] = comp(g.ortho_block("ortho_out"), H6)
    blocks["sr2"] = comp(sr2_block(), H6)
    ib = g.sbox_block(inverse=True)
    g.check_sbox(ib, inverse=True)
    blocks["invsbox"] = comp(ib, H5)
    for k in range(4):
        blocks["dmc%d" % k] = comp(g.dmc_block(k), H6)
    blocks["arkd0"] = comp(g.ark_block_dec0(), H6)
    blocks["sr2_ldm"] = comp(sr2_block(), H6, ldm_map, ldm_map)
    frame = SLOT0 + 4 * nslots[0]
    frame += (4 - frame % 8) % 8  # with the 36 pushed bytes: sp stays 8-aligned
    assert frame <= 508
    L = []
    E = L.append

    def ins(lines):
        for ln in lines:
            E("\t" + ln)
    E("\t.syntax unified")
    E("\t.thumb")
    def entry(base, n):
        E("\t.align 2")
        E("\t.global %s%d" % (base, n))
        E("\t.hidden %s%d" % (base, n))
        E("\t.type %s%d, %%function" % (base, n))
        E("\t.thumb_func")
        E("%s%d: @ r0 = rk, r1 = rounds, r2 = out[%d], r3 = in[%d], word-aligned"
          % (base, n, 16 * n, 16 * n))
        E("\tpush {r4-r7, lr}")
        E("\tmov r4, r8")
        E("\tmov r5, r9")
        E("\tmov r6, r10")
        E("\tmov r7, r11")
        E("\tpush {r4-r7}")
        E("\tsub sp, #%d" % frame)
        E("\tstr r2, [sp, #%d]" % NAMED["OUT"])
        if base.endswith("enc"):
            E("\tstr r0, [sp, #%d]" % NAMED["RK"])
            E("\tlsrs r1, r1, #1")
            E("\tstr r1, [sp, #%d]" % NAMED["CNT"])
        else:  # RK = last round key, END = rounds, CNT = rounds with k = 1 left
            E("\tlsls r4, r1, #5")
            E("\tadds r4, r4, r0")
            E("\tstr r4, [sp, #%d]" % NAMED["RK"])
            E("\tstr r1, [sp, #%d]" % NAMED["END"])
            E("\tadds r1, #2")
            E("\tlsrs r1, r1, #2")
            E("\tstr r1, [sp, #%d]" % NAMED["CNT"])
        if n == 1:
            E("\tadd r4, sp, #%d" % SCRATCH)
        else:
            E("\tmovs r4, r2")
            E("\tadds r4, #16")
        E("\tstr r4, [sp, #%d]" % NAMED["OUT1"])
        E("\tbl .Lct32v6m_consts")
        if n == 1:
            E("\tldm r3, {r0-r3}")
            for i in range(4):
                E("\tmovs r%d, r%d" % (i + 4, i))
            E("\tb %s_start" % base.replace("rijn_i_", ".L"))
        else:
            E("\tldm r3, {r0-r7}")
            E("%s_start:" % base.replace("rijn_i_", ".L"))

    def store():
        E("\tmov r12, r7")
        E("\tldr r7, [sp, #%d]" % NAMED["OUT"])
        for c in range(4):
            E("\tstr r%d, [r7, #%d]" % (2 * c, 4 * c))
        E("\tldr r7, [sp, #%d]" % NAMED["OUT1"])
        for c in range(3):
            E("\tstr r%d, [r7, #%d]" % (2 * c + 1, 4 * c))
        E("\tmov r0, r12")
        E("\tstr r0, [r7, #12]")

    def epilogue():
        E("\tadd sp, #%d" % frame)
        E("\tpop {r4-r7}")
        E("\tmov r8, r4")
        E("\tmov r9, r5")
        E("\tmov r10, r6")
        E("\tmov r11, r7")
        E("\tpop {r4-r7, pc}")

    entry("rijn_i_ct32v6m_enc", 1)
    entry("rijn_i_ct32v6m_enc", 2)
    ins(blocks["ortho_in"])
    ins(blocks["ark0"])
    E(".Lct32v6m_loop:")
    for k in (1, 2, 3, 0):
        E("\tbl .Lct32v6m_sbox")
        if k in (2, 0):
            E("\tmov r12, r0")
            E("\tldr r0, [sp, #%d]" % NAMED["CNT"])
            E("\tsubs r0, #1")
            E("\tstr r0, [sp, #%d]" % NAMED["CNT"])
            E("\tmov r0, r12")
            E("\tbne .Lct32v6m_go%d" % k)
            E("\tbl .Lct32v6m_final%d" % k)
            E(".Lct32v6m_go%d:" % k)
        ins(blocks["mc%d" % k])
    E("\tb .Lct32v6m_loop")
    for k in (2, 0):
        E(".Lct32v6m_final%d:" % k)
        ins(blocks["ark"])
        ins(blocks["ortho_out"])
        if k == 2:  # AES-128/256: rounds mod 4 = 2, output needs SR^2
            ins(blocks["sr2"])
        store()
        if k == 2:
            E("\tb .Lct32v6m_done")
    E(".Lct32v6m_done:")
    epilogue()
    E("\t.size rijn_i_ct32v6m_enc2, . - rijn_i_ct32v6m_enc2")
    E("")
    E("#if RIJN_CFG_AES_DECRYPT")
    entry("rijn_i_ct32v6m_dec", 1)
    entry("rijn_i_ct32v6m_dec", 2)
    E("\tmov r12, r0")
    E("\tldr r0, [sp, #%d]" % NAMED["END"])
    E("\tlsrs r0, r0, #2")  # carry = bit 1 of rounds: SR^2 first
    E("\tmov r0, r12")
    E("\tbcc .Lct32v6m_dnosr")
    ins(blocks["sr2_ldm"])
    E(".Lct32v6m_dnosr:")
    ins(blocks["ortho_in"])
    ins(blocks["arkd0"])
    E("\tbl .Lct32v6m_invsbox")
    E("\tmov r12, r0")
    E("\tldr r0, [sp, #%d]" % NAMED["END"])
    E("\tcmp r0, #12")
    E("\tmov r0, r12")
    E("\tbne .Lct32v6m_dloop")
    E("\tbl .Lct32v6m_dk3")  # AES-192: its last round is 11 (k = 3)
    E(".Lct32v6m_dloop:")
    for k in (1, 0, 3, 2):
        if k == 3:
            E(".Lct32v6m_dk3:")
        ins(blocks["dmc%d" % k])
        E("\tbl .Lct32v6m_invsbox")
        if k == 1:
            E("\tmov r12, r0")
            E("\tldr r0, [sp, #%d]" % NAMED["CNT"])
            E("\tsubs r0, #1")
            E("\tstr r0, [sp, #%d]" % NAMED["CNT"])
            E("\tmov r0, r12")
            E("\tbne .Lct32v6m_dgo")
            E("\tbl .Lct32v6m_dlast")
            E(".Lct32v6m_dgo:")
    E("\tbl .Lct32v6m_dloop")  # beyond the 2 KB reach of b; lr is free here
    E(".Lct32v6m_dlast:")
    ins(blocks["ark"])
    ins(blocks["ortho_out"])
    store()
    epilogue()
    E("\t.size rijn_i_ct32v6m_dec2, . - rijn_i_ct32v6m_dec2")
    E("")
    E("\t.align 2")
    E("\t.thumb_func")
    E(".Lct32v6m_invsbox: @ q -> L(S(L(q))); uses r8-r12 and the caller's frame")
    ins(blocks["invsbox"])
    E("\tbx lr")
    E("#endif")
    E("")
    E("\t.align 2")
    E("\t.thumb_func")
    E(".Lct32v6m_sbox: @ q0..q7 in r0..r7 -> S(q) ^ 0x63; uses r8-r12 and the caller's frame")
    ins(blocks["sbox"])
    E("\tbx lr")
    E("")
    E("\t.thumb_func")
    E(".Lct32v6m_consts: @ the masks into the caller's frame")
    E("\tadr r6, .Lct32v6m_pool")
    E("\tldm r6!, {r0, r1, r2, r4, r5, r7}")
    E("\tadd r6, sp, #%d" % CSLOT[CONSTS[0]])
    E("\tstm r6!, {r0, r1, r2, r4, r5, r7}")
    E("\tbx lr")
    E("\t.align 2")
    E(".Lct32v6m_pool:")
    for c in CONSTS:
        E("\t.word 0x%08x" % c)
    return L, stats, frame


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tries", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--raw", action="store_true")
    ap.add_argument("--update", action="store_true")
    a = ap.parse_args()
    lines, stats, frame = generate(a.tries, a.seed)
    sys.stderr.write("instructions per piece: %s; frame %d bytes\n" % (stats, frame))
    if a.raw:
        print("\n".join(lines))
        return
    g.asmgen.emit(g.pack_body(lines), os.path.join(g.ROOT, "src/aes/aes_ct32v6m.c"), a.update)

if __name__ == "__main__":
    main()
