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
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
M32 = 0xFFFFFFFF


def ror(x, n):
    n &= 31
    return ((x >> n) | (x << (32 - n))) & M32 if n else x


# ---- IR --------------------------------------------------------------------
# op: (dst, kind, args) kinds:
#   'x' eor / 'a' and / 'o' orr / 'b' bic : args (v1, v2, shift) shift=('ror'|'lsl'|'lsr', n)|None
#   'ai' and-imm / 'bi' bic-imm / 'ei' eor-imm : args (v, imm)
#   'mv' move with shift: args (v, shift)
#   'ld' load word: args (base value, byte offset)
#   'lds' load stack slot: args (slot name,)   'sts' store stack slot: args (v, slot)
#   'addi': args (v, imm)
class Block:
    def __init__(self, name):
        self.name, self.ops, self.n = name, [], 0

    def new(self, hint="v"):
        self.n += 1
        return "%s%d" % (hint, self.n)

    def op(self, kind, *args, hint="v"):
        d = self.new(hint) if kind != "sts" else None
        self.ops.append((d, kind, args))
        return d

    def xor_terms(self, terms):
        """XOR of (value, ror amount) terms; returns the value."""
        terms = sorted(terms, key=lambda t: t[1] != 0)
        v, r = terms[0]
        if r:
            v = self.op("mv", v, ("ror", r))
        for w, s in terms[1:]:
            v = self.op("x", v, w, ("ror", s) if s else None)
        return v


def evaluate(blk, inputs, mem=None, stack=None):
    env = dict(inputs)
    stack = {} if stack is None else stack
    for d, k, a in blk.ops:
        def sh(v, s):
            if s is None:
                return v
            t, n = s
            return ror(v, n) if t == "ror" else ((v << n) & M32 if t == "lsl" else v >> n)
        if k in ("x", "a", "o", "b"):
            p, q = env[a[0]], sh(env[a[1]], a[2])
            env[d] = {"x": p ^ q, "a": p & q, "o": p | q, "b": p & ~q & M32}[k]
        elif k in ("ai", "bi", "ei"):
            p = env[a[0]]
            env[d] = {"ai": p & a[1], "bi": p & ~a[1] & M32, "ei": p ^ a[1]}[k]
        elif k == "mv":
            env[d] = sh(env[a[0]], a[1])
        elif k == "ld":
            env[d] = mem[(env[a[0]] + a[1]) & M32]
        elif k == "lds":
            env[d] = stack[a[0]]
        elif k == "sts":
            stack[a[1]] = env[a[0]]
        elif k == "addi":
            env[d] = (env[a[0]] + a[1]) & M32
        else:
            raise ValueError(k)
    return env


# ---- the S-box circuit, parsed from aes_ct_common.h -------------------------
def emit_sbox(b, q):
    """Appends the circuit (S(x) ^ 0x63 per byte) on planes q[0..7] to b;
    returns the eight output planes."""
    src = open(os.path.join(ROOT, "src/aes/aes_ct_common.h")).read()
    body = src[src.index("RIJN_INLINE void ct_sbox_inl"):]
    body = body[:body.index("\n}\n")]
    env = {}
    for m in re.finditer(r"\b(u\d) = q\[(\d)\]", body):
        env[m.group(1)] = q[int(m.group(2))]
    for m in re.finditer(r"\b([tml]\d+) = (\w+) ([&^]) (\w+)", body):
        d, x, o, y = m.groups()
        env[d] = b.op("x" if o == "^" else "a", env[x], env[y], None, hint=d)
    outs = [None] * 8
    for m in re.finditer(r"q\[(\d)\] = (\w+) \^ (\w+);", body):
        outs[int(m.group(1))] = b.op("x", env[m.group(2)], env[m.group(3)], None, hint="s")
    assert None not in outs, "parse failed"
    return outs


# The 115-gate circuit of Boyar and Peralta ("A new combinational logic
# minimization technique with applications to cryptology", SEA 2010; their
# smallest circuit) without its four NOTs (they are the 0x63 constant,
# which the key schedule folds in): 32 AND, 83 XOR. U0 = q7 is the most
# significant bit; output s_i is plane 7 - i. ct32's C keeps the depth-16
# circuit of aes_ct_common.h (128 gates), which the Thumb-1 class shares.
SBOX_BP115 = """
y14 = u3 ^ u5; y13 = u0 ^ u6; y9 = u0 ^ u3; y8 = u0 ^ u5; t0 = u1 ^ u2
y1 = t0 ^ u7; y4 = y1 ^ u3; y12 = y13 ^ y14; y2 = y1 ^ u0; y5 = y1 ^ u6
y3 = y5 ^ y8; t1 = u4 ^ y12; y15 = t1 ^ u5; y20 = t1 ^ u1; y6 = y15 ^ u7
y10 = y15 ^ t0; y11 = y20 ^ y9; y7 = u7 ^ y11; y17 = y10 ^ y11
y19 = y10 ^ y8; y16 = t0 ^ y11; y21 = y13 ^ y16; y18 = u0 ^ y16
t2 = y12 & y15; t3 = y3 & y6; t4 = t3 ^ t2; t5 = y4 & u7; t6 = t5 ^ t2
t7 = y13 & y16; t8 = y5 & y1; t9 = t8 ^ t7; t10 = y2 & y7; t11 = t10 ^ t7
t12 = y9 & y11; t13 = y14 & y17; t14 = t13 ^ t12; t15 = y8 & y10
t16 = t15 ^ t12; t17 = t4 ^ t14; t18 = t6 ^ t16; t19 = t9 ^ t14
t20 = t11 ^ t16; t21 = t17 ^ y20; t22 = t18 ^ y19; t23 = t19 ^ y21
t24 = t20 ^ y18; t25 = t21 ^ t22; t26 = t21 & t23; t27 = t24 ^ t26
t28 = t25 & t27; t29 = t28 ^ t22; t30 = t23 ^ t24; t31 = t22 ^ t26
t32 = t31 & t30; t33 = t32 ^ t24; t34 = t23 ^ t33; t35 = t27 ^ t33
t36 = t24 & t35; t37 = t36 ^ t34; t38 = t27 ^ t36; t39 = t29 & t38
t40 = t25 ^ t39; t41 = t40 ^ t37; t42 = t29 ^ t33; t43 = t29 ^ t40
t44 = t33 ^ t37; t45 = t42 ^ t41
z0 = t44 & y15; z1 = t37 & y6; z2 = t33 & u7; z3 = t43 & y16
z4 = t40 & y1; z5 = t29 & y7; z6 = t42 & y11; z7 = t45 & y17
z8 = t41 & y10; z9 = t44 & y12; z10 = t37 & y3; z11 = t33 & y4
z12 = t43 & y13; z13 = t40 & y5; z14 = t29 & y2; z15 = t42 & y9
z16 = t45 & y14; z17 = t41 & y8
t46 = z15 ^ z16; t47 = z10 ^ z11; t48 = z5 ^ z13; t49 = z9 ^ z10
t50 = z2 ^ z12; t51 = z2 ^ z5; t52 = z7 ^ z8; t53 = z0 ^ z3; t54 = z6 ^ z7
t55 = z16 ^ z17; t56 = z12 ^ t48; t57 = t50 ^ t53; t58 = z4 ^ t46
t59 = z3 ^ t54; t60 = t46 ^ t57; t61 = z14 ^ t57; t62 = t52 ^ t58
t63 = t49 ^ t58; t64 = z4 ^ t59; t65 = t61 ^ t62; t66 = z1 ^ t63
s0 = t59 ^ t63; s6 = t56 ^ t62; s7 = t48 ^ t60; t67 = t64 ^ t65
s3 = t53 ^ t66; s4 = t51 ^ t66; s5 = t47 ^ t65; s1 = t64 ^ s3
s2 = t55 ^ t67
"""


def emit_sbox_bp(b, q):
    """SBOX_BP115 on planes q[0..7] (S(x) ^ 0x63 per byte); returns the
    eight output planes."""
    env = {"u%d" % i: q[7 - i] for i in range(8)}
    outs = [None] * 8
    for m in re.finditer(r"(\w+) = (\w+) ([&^]) (\w+)", SBOX_BP115):
        d, x, o, y = m.groups()
        env[d] = b.op("x" if o == "^" else "a", env[x], env[y], None, hint=d)
        if d[0] == "s":
            outs[7 - int(d[1:])] = env[d]
    assert None not in outs, "parse failed"
    return outs


def emit_lin(b, x):
    """L of the inverse affine map: bit i = x[i+2] ^ x[i+5] ^ x[i+7]."""
    return [b.op("x", b.op("x", x[(i + 2) % 8], x[(i + 5) % 8], None), x[(i + 7) % 8], None)
            for i in range(8)]


def sbox_block(inverse=False, circuit=emit_sbox):
    b = Block("invsbox" if inverse else "sbox")
    q = ["q%d" % i for i in range(8)]
    out = emit_lin(b, circuit(b, emit_lin(b, q))) if inverse else circuit(b, q)
    b.inputs = {v: i for i, v in enumerate(q)}
    b.outputs = {v: i for i, v in enumerate(out)}  # value -> plane index
    return b


def aes_sbox_table():
    def mul(a, c):
        r = 0
        while c:
            if c & 1:
                r ^= a
            a = ((a << 1) ^ (0x11B if a & 0x80 else 0)) & 0x1FF
            c >>= 1
        return r
    t = []
    for x in range(256):
        inv = 0 if x == 0 else next(y for y in range(1, 256) if mul(x, y) == 1)
        s = inv
        for i in range(1, 5):
            s ^= ((inv << i) | (inv >> (8 - i))) & 0xFF
        t.append(s ^ 0x63)
    return t


def check_sbox(b, inverse=False):
    tab = aes_sbox_table()
    if inverse:  # ct_inv_sbox(x) = InvS(x ^ 0x63); compare through the table
        inv = [0] * 256
        for x, y in enumerate(tab):
            inv[y] = x
        tab = [inv[x ^ 0x63] ^ 0x63 for x in range(256)]
    # bit j of plane i = bit i of byte value (8*w + j) for lanes 0..31
    for w in range(8):
        vals = [w * 32 + j for j in range(32)]
        inp = {"q%d" % i: sum(((v >> i) & 1) << j for j, v in enumerate(vals))
               for i in range(8)}
        env = evaluate(b, inp)
        for v, i in b.outputs.items():
            for j, x in enumerate(vals):
                assert (env[v] >> j) & 1 == ((tab[x] ^ 0x63) >> i) & 1, "sbox"


# ---- MixColumns MC_k fused with AddRoundKey -------------------------------
BYTE_MASK = {2: 0x03030303, 4: 0x0F0F0F0F, 6: 0x3F3F3F3F}


def rot_bytes_terms(b, x, n, s):
    """Terms of ror32(x, n) then each byte rotated right by s."""
    if s == 0:
        return [(x, n)]
    lo = b.op("ai", x, BYTE_MASK[s])
    hi = b.op("bi", x, BYTE_MASK[s])
    return [(hi, (n + s) & 31), (lo, (n + s - 8) & 31)]


def byte_rot_pre(b, x, s):
    """C with ror(C, n + s) = ror32(x, n) then each byte rotated right by s,
    for every n: C = (x & ~m) ^ ror(x & m, 24), three operations."""
    lo = b.op("ai", x, BYTE_MASK[s])
    hi = b.op("bi", x, BYTE_MASK[s])
    return b.op("x", hi, lo, ("ror", 24))


def emit_mc(b, q, k, pre=True):
    """MC_k on planes q (aes_ct32.c's mix_columns_k); returns the terms
    of each output plane (XOR them to get the value). pre=False: R1 as a
    value of its own (one more operation, fewer spills in dmc)."""
    s1, s2 = (2 * k) & 7, (4 * k) & 7
    r, t = [None] * 8, [None] * 8

    def r1(i):
        if s1 == 0:
            return [(q[i], 8)]
        if not pre:
            if r[i] is None:
                r[i] = b.xor_terms(rot_bytes_terms(b, q[i], 8, s1))
            return [(r[i], 0)]
        if r[i] is None:
            r[i] = byte_rot_pre(b, q[i], s1)
        return [(r[i], 8 + s1)]

    def tv(i):
        if t[i] is None:
            t[i] = b.xor_terms([(q[i], 0)] + r1(i))
        return t[i]
    res = []
    t7 = tv(7)
    for i in range(8):
        terms = []
        if i in (0, 1, 3, 4):
            terms.append((t7, 0))
        if i > 0:
            terms.append((tv(i - 1), 0))
        terms += r1(i) + rot_bytes_terms(b, tv(i) if i < 7 else t7, 16, s2)
        res.append(terms)
    return res


def dmc_block(k, key=True):
    """Decryption round body: q ^= [RK], RK -= 32, then MC_k^-1 = MC_k o P
    (key=False: MC_k^-1 alone)."""
    b = Block("dmc%d" % k)
    q = ["q%d" % i for i in range(8)]
    if key:
        p = b.op("lds", "RK", hint="p")
        x = [b.op("x", q[i], b.op("ld", p, 4 * i, hint="k"), None) for i in range(8)]
        b.op("sts", b.op("addi", p, -32), "RK")
    else:
        x = q
    s2 = (4 * k) & 7
    u = [b.xor_terms([(x[i], 0)] + rot_bytes_terms(b, x[i], 16, s2)) for i in range(8)]
    extra = [[6], [7, 6], [0, 7], [1, 6], [2, 7, 6], [3, 7], [4], [5]]
    y = [b.xor_terms([(x[i], 0)] + [(u[j], 0) for j in extra[i]]) for i in range(8)]
    outs = {}
    for i, terms in enumerate(emit_mc(b, y, k, pre=False)):
        outs[b.xor_terms(terms)] = i
    b.inputs = {v: i for i, v in enumerate(q)}
    b.outputs = outs
    return b


def mc_block(k, last_key=False, key=True, pre=False):
    """q0..q7 -> MC_k(q) ^ round key at [RK], RK advanced by 32 (key=False:
    MC_k(q) alone). pre: R1 by byte_rot_pre (three operations, not four)."""
    b = Block("mc%d" % k)
    s1, s2 = (2 * k) & 7, (4 * k) & 7
    q = ["q%d" % i for i in range(8)]
    p = b.op("lds", "RK", hint="p") if key else None
    r, t = [None] * 8, [None] * 8

    def r1(i):  # terms of R1(q_i)
        if s1 == 0:
            return [(q[i], 8)]
        if not pre:
            if r[i] is None:
                r[i] = b.xor_terms(rot_bytes_terms(b, q[i], 8, s1))
            return [(r[i], 0)]
        if r[i] is None:
            r[i] = byte_rot_pre(b, q[i], s1)
        return [(r[i], 8 + s1)]

    def tv(i):
        if t[i] is None:
            t[i] = b.xor_terms([(q[i], 0)] + r1(i))
        return t[i]

    def r2(v):
        return rot_bytes_terms(b, v, 16, s2)

    outs = {}
    t7 = tv(7)
    for i in range(8):
        terms = []
        if i in (0, 1, 3, 4):
            terms.append((t7, 0))
        if i > 0:
            terms.append((tv(i - 1), 0))
        if i < 7:
            terms += r1(i) + r2(tv(i))
        else:
            terms += r1(7) + r2(t7)
        if key:
            terms.append((b.op("ld", p, 4 * i, hint="k"), 0))
        outs[b.xor_terms(terms)] = i
    if key:
        b.op("sts", b.op("addi", p, 32), "RK")
    b.inputs = {v: i for i, v in enumerate(q)}
    b.outputs = outs
    return b


def mc_ref(qs, k, key):
    """Reference MC_k (aes_ct32.c formulas) ^ key."""
    def rb(x, n, s):
        if s == 0:
            return ror(x, n)
        m = BYTE_MASK[s]
        lo = x & m
        return ror(x ^ lo, n + s) | ror(lo, (n + s - 8) & 31)
    R1 = lambda x: rb(x, 8, (2 * k) & 7)
    R2 = lambda x: rb(x, 16, (4 * k) & 7)
    r7 = R1(qs[7]); t7 = qs[7] ^ r7
    out, tp = [0] * 8, 0
    for i in range(7):
        r_ = R1(qs[i]); t_ = qs[i] ^ r_
        v = r_ ^ R2(t_)
        if i > 0:
            v ^= tp
        if i in (0, 1, 3, 4):
            v ^= t7
        out[i] = v; tp = t_
    out[7] = tp ^ r7 ^ R2(t7)
    return [o ^ kk for o, kk in zip(out, key)]


def ark_block():
    """Final AddRoundKey: q ^= [RK] (RK not advanced)."""
    b = Block("ark")
    p = b.op("lds", "RK", hint="p")
    outs = {}
    for i in range(8):
        kw = b.op("ld", p, 4 * i, hint="k")
        outs[b.op("x", "q%d" % i, kw, None)] = i
    b.inputs = {"q%d" % i: i for i in range(8)}
    b.outputs = outs
    return b


def ortho_block(name):
    """The 8x8 transpose of ct_ortho on q0..q7 (in place)."""
    b = Block(name)
    cur = ["q%d" % i for i in range(8)]

    def swapmove(lo, hi, m, n):
        t = b.op("x", cur[hi], cur[lo], ("lsr", n))
        t = b.op("ai", t, m)
        cur[hi] = b.op("x", cur[hi], t, None)
        cur[lo] = b.op("x", cur[lo], t, ("lsl", n))
    for (a, c) in ((0, 1), (2, 3), (4, 5), (6, 7)):
        swapmove(a, c, 0x55555555, 1)
    for (a, c) in ((0, 2), (1, 3), (4, 6), (5, 7)):
        swapmove(a, c, 0x33333333, 2)
    for (a, c) in ((0, 4), (1, 5), (2, 6), (3, 7)):
        swapmove(a, c, 0x0F0F0F0F, 4)
    b.inputs = {"q%d" % i: i for i in range(8)}
    b.outputs = {v: i for i, v in enumerate(cur)}
    return b


# ---- scheduling and register allocation ------------------------------------
SHIFTS = {"ror": "ror", "lsl": "lsl", "lsr": "lsr"}


def uses(op):
    d, k, a = op
    if k in ("x", "a", "o", "b"):
        return [a[0], a[1]]
    if k in ("ai", "bi", "ei", "mv", "ld", "addi"):
        return [a[0]]
    if k == "sts":
        return [a[0]]
    return []


def schedule(blk, rng, mode):
    """A dependency-respecting order of blk.ops (memory ops keep their order)."""
    ops = blk.ops
    if mode == 0:
        return list(ops)
    prod = {op[0]: i for i, op in enumerate(ops) if op[0]}
    deps = [set(prod[u] for u in uses(op) if u in prod) for op in ops]
    last_mem = None
    for i, op in enumerate(ops):
        if op[1] in ("lds", "sts"):
            if last_mem is not None:
                deps[i].add(last_mem)
            last_mem = i
    nuses = {}
    for op in ops:
        for u in uses(op):
            nuses[u] = nuses.get(u, 0) + 1
    remaining = dict(nuses)
    done, order = set(), []
    ready = [i for i in range(len(ops)) if not deps[i]]
    while ready:
        def score(i):
            op = ops[i]
            kills = sum(1 for u in set(uses(op)) if remaining.get(u, 0) == uses(op).count(u))
            return (kills - (1 if op[0] else 0)) * 10 + rng.random() * mode + (-i * 0.01)
        best = max(ready, key=score)
        ready.remove(best)
        done.add(best)
        order.append(ops[best])
        for u in uses(ops[best]):
            remaining[u] -= 1
        for j in range(len(ops)):
            if j not in done and j not in ready and deps[j] <= done:
                ready.append(j)
    assert len(order) == len(ops)
    return order


class Alloc:
    def __init__(self, regs, slot_base, slots_named, rng, prefer_high):
        self.regs = list(regs)
        self.slot_base = slot_base
        self.named = slots_named  # slot name -> sp offset
        self.rng = rng
        self.prefer_high = prefer_high
        self.clean_bias = CLEAN_BIAS

    def run(self, blk, order, in_regs, out_regs):
        """in_regs: value -> reg; out_regs: value -> reg, or None: the outputs
        stay where they are computed (self.out_map says where). Returns
        (lines, nslots)."""
        free_out = out_regs is None
        if free_out:
            out_regs = {}
        lines = []
        reg_of, val_in = {}, {r: None for r in self.regs}
        slot_of, free_slots, nslots = {}, [], [0]
        for v, r in in_regs.items():
            reg_of[v] = r
            val_in[r] = v
        # next-use positions
        pos = {}
        for i, op in enumerate(order):
            for u in uses(op):
                pos.setdefault(u, []).append(i)
        end = len(order)
        for v in (blk.outputs if free_out else out_regs):
            pos.setdefault(v, []).append(end)
        ptr = {v: 0 for v in pos}

        def next_use(v, t):
            p = pos.get(v, [])
            ptr.setdefault(v, 0)
            while ptr[v] < len(p) and p[ptr[v]] < t:
                ptr[v] += 1
            return p[ptr[v]] if ptr[v] < len(p) else None

        def slot_for(v):
            if free_slots:
                s = free_slots.pop()
            else:
                s = nslots[0]
                nslots[0] += 1
            slot_of[v] = s
            return s

        def off(s):
            return self.slot_base + 4 * s

        def free_reg(t, avoid, want=None):
            if want is not None and val_in.get(want, 1) is None:
                return want
            cands = [r for r in self.regs if val_in[r] is None and r not in avoid]
            if cands:
                if self.prefer_high:
                    targets = set(out_regs.values())
                    c2 = [r for r in cands if r not in targets]
                    if c2:
                        cands = c2
                return cands[0] if self.prefer_high != 2 else self.rng.choice(cands)
            # evict the value used furthest in the future
            best, bd = None, -1
            for r in self.regs:
                if r in avoid:
                    continue
                v = val_in[r]
                nu = next_use(v, t)
                d = 10 ** 9 if nu is None else nu
                if v in slot_of and nu is not None:  # clean: no store
                    d = t + (d - t) * self.clean_bias
                if d > bd:
                    best, bd = r, d
            v = val_in[best]
            if next_use(v, t) is not None and v not in slot_of:
                s = slot_for(v)
                lines.append("str %s, [sp, #%d]" % (best, off(s)))
            del reg_of[v]
            val_in[best] = None
            return best

        def ensure(v, t, avoid):
            if v in reg_of:
                return reg_of[v]
            r = free_reg(t, avoid)
            lines.append("ldr %s, [sp, #%d]" % (r, off(slot_of[v])))
            reg_of[v] = r
            val_in[r] = v
            return r

        def release_dead(t):
            for r in self.regs:
                v = val_in[r]
                if v is not None and next_use(v, t) is None:
                    val_in[r] = None
                    del reg_of[v]
            for v in list(slot_of):
                if next_use(v, t) is None:
                    free_slots.append(slot_of.pop(v))

        for t, op in enumerate(order):
            d, k, a = op
            us = uses(op)
            avoid = set()
            rs = []
            for u in us:
                r = ensure(u, t, avoid)
                avoid.add(r)
                rs.append(r)
            release_dead(t + 1)
            if k == "sts":
                lines.append("str %s, [sp, #%d]" % (rs[0], self.named[a[1]]))
                continue
            want = out_regs.get(d)
            rd = free_reg(t + 1, set(), want)
            reg_of[d] = rd
            val_in[rd] = d
            if k in ("x", "a", "o", "b"):
                mn = {"x": "eor", "a": "and", "o": "orr", "b": "bic"}[k]
                s = ", %s #%d" % (SHIFTS[a[2][0]], a[2][1]) if a[2] else ""
                lines.append("%s %s, %s, %s%s" % (mn, rd, rs[0], rs[1], s))
            elif k in ("ai", "bi", "ei"):
                mn = {"ai": "and", "bi": "bic", "ei": "eor"}[k]
                lines.append("%s %s, %s, #0x%08x" % (mn, rd, rs[0], a[1]))
            elif k == "mv":
                lines.append("%s %s, %s, #%d" % (a[1][0], rd, rs[0], a[1][1]))
            elif k == "ld":
                lines.append("ldr %s, [%s, #%d]" % (rd, rs[0], a[1]))
            elif k == "lds":
                lines.append("ldr %s, [sp, #%d]" % (rd, self.named[a[0]]))
            elif k == "addi" and a[1] < 0:
                lines.append("sub %s, %s, #%d" % (rd, rs[0], -a[1]))
            elif k == "addi":
                lines.append("add %s, %s, #%d" % (rd, rs[0], a[1]))
        if free_out:  # outputs stay in place; spilled ones are reloaded
            for v in blk.outputs:
                if v not in reg_of:
                    ensure(v, end, set())
            self.out_map = {v: reg_of[v] for v in blk.outputs}
            return lines, nslots[0]
        self.out_map = dict(out_regs)
        # move outputs into place (parallel move)
        moves = {}
        for v, r in out_regs.items():
            if reg_of.get(v) != r:
                moves[r] = v
        while moves:
            progress = False
            for r, v in list(moves.items()):
                occupant = val_in[r]
                if occupant is None or (occupant not in out_regs) or (
                        occupant in out_regs and out_regs[occupant] == r and occupant == v):
                    if occupant is not None and occupant != v:
                        del reg_of[occupant]
                    if v in reg_of:
                        lines.append("mov %s, %s" % (r, reg_of[v]))
                        val_in[reg_of[v]] = None
                    else:
                        lines.append("ldr %s, [sp, #%d]" % (r, off(slot_of[v])))
                    reg_of[v] = r
                    val_in[r] = v
                    del moves[r]
                    progress = True
            if not progress:
                # break a cycle through a free register
                r, v = next(iter(moves.items()))
                occ = val_in[r]
                tmp = next(x for x in self.regs if val_in[x] is None)
                lines.append("mov %s, %s" % (tmp, r))
                val_in[tmp] = occ
                reg_of[occ] = tmp
                val_in[r] = None
        return lines, nslots[0]


def interp(lines, regs_in, stack_in, mem):
    """Interpret emitted Thumb-2 lines (the subset used here)."""
    R = dict(regs_in)
    S = dict(stack_in)

    def val(x):
        return R[x]
    for ln in lines:
        m = re.match(r"(\w+) (\w+), (.*)$", ln)
        mn, rd, rest = m.groups()
        args = [x.strip() for x in rest.split(",")]
        if mn in ("eor", "and", "orr", "bic"):
            p = val(args[0])
            if args[1].startswith("#"):
                q = int(args[1][1:], 0)
            else:
                q = val(args[1])
                if len(args) > 2:
                    st, n = args[2].split()
                    n = int(n[1:])
                    q = ror(q, n) if st == "ror" else ((q << n) & M32 if st == "lsl" else q >> n)
            R[rd] = {"eor": p ^ q, "and": p & q, "orr": p | q, "bic": p & ~q & M32}[mn]
        elif mn in ("ror", "lsl", "lsr"):
            p, n = val(args[0]), int(args[1][1:])
            R[rd] = ror(p, n) if mn == "ror" else ((p << n) & M32 if mn == "lsl" else p >> n)
        elif mn == "mov":
            R[rd] = val(args[0])
        elif mn in ("add", "sub"):
            n = int(args[1][1:])
            R[rd] = (val(args[0]) + (n if mn == "add" else -n)) & M32
        elif mn in ("ldr", "str"):
            m2 = re.match(r"\[(\w+), #(\d+)\]", rest)
            base, o = m2.group(1), int(m2.group(2))
            if base == "sp":
                if mn == "ldr":
                    R[rd] = S[o]
                else:
                    S[o] = R[rd]
            else:
                assert mn == "ldr"
                R[rd] = mem[(R[base] + o) & M32]
        else:
            raise ValueError(ln)
    return R, S


def local_search(order, cost, uses_fn, rng, iters):
    """Moves single operations within their dependency window while the
    cost does not grow; returns (cost, order)."""
    order = list(order)
    best = cost(order)
    n = len(order)
    for _ in range(iters):
        i = rng.randrange(n)
        op = order[i]
        pos = {o[0]: k for k, o in enumerate(order) if o[0]}
        lo = max([pos[u] + 1 for u in uses_fn(op) if u in pos] + [0])
        consumers = [k for k, o in enumerate(order) if op[0] and op[0] in uses_fn(o)]
        hi = min(consumers + [n]) - 1
        if op[1] in ("lds", "sts"):
            mem = [k for k, o in enumerate(order) if o[1] in ("lds", "sts") and k != i]
            lo = max([lo] + [k + 1 for k in mem if k < i])
            hi = min([hi] + [k - 1 for k in mem if k > i])
        if hi <= lo:
            continue
        j = rng.randint(lo, hi)
        if j == i:
            continue
        cand = order[:i] + order[i + 1:]
        cand.insert(j if j < i else j, op) if j < i else cand.insert(j, op)
        c = cost(cand)
        if c <= best:
            best, order = c, cand
    return best, order


def compile_block(blk, regs, in_map, out_map, slot_base, named, tries, seed, check_stack,
                  search=0, ret_map=False):
    """Best allocation over random schedules (plus a local search over the
    order when search > 0); verified by interpretation."""
    best = None
    rng = random.Random(seed)
    for i in range(tries):
        mode = 0 if i == 0 else (1 + i % 5)
        order = schedule(blk, rng, mode)
        for ph in (0, 1, 2):
            al = Alloc(regs, slot_base, named, rng, ph)
            lines, ns = al.run(blk, order, in_map, out_map)
            if best is None or len(lines) < len(best[0]):
                best = (lines, ns, order, ph, al.out_map)
    if search:
        _, _, order, ph, _ = best

        def cost(o):
            return len(Alloc(regs, slot_base, named, rng, ph).run(blk, o, in_map, out_map)[0])
        _, order = local_search(order, cost, uses, rng, search)
        al = Alloc(regs, slot_base, named, rng, ph)
        lines, ns = al.run(blk, order, in_map, out_map)
        if len(lines) < len(best[0]):
            best = (lines, ns, order, ph, al.out_map)
    lines, ns, out_map = best[0], best[1], best[4]
    # verify on random inputs
    vr = random.Random(1)
    for _ in range(4):
        inp = {v: vr.getrandbits(32) for v in blk.inputs}
        mem = {}
        base = 0x20001000
        for j in range(16):
            mem[base + 4 * j] = vr.getrandbits(32)
        stack = {"RK": base}
        env = evaluate(blk, inp, mem, dict(stack))
        regs_in = {r: vr.getrandbits(32) for r in regs}
        for v, r in in_map.items():
            regs_in[r] = inp[v]
        R, S = interp(lines, regs_in, {named[k]: v for k, v in stack.items()}, mem)
        for v, r in out_map.items():
            assert R[r] == env[v], "%s: output %s in %s wrong" % (blk.name, v, r)
        if check_stack:
            check_stack(env, S)
    if ret_map:
        return lines, ns, out_map
    return lines, ns


# ---- the whole function -----------------------------------------------------
REGS = ["r%d" % i for i in range(13)] + ["lr"]
Q = {"q%d" % i: "r%d" % i for i in range(8)}
NAMED = {"RK": 0, "END": 4, "OUT": 8, "ROUNDS": 12, "LR": 16, "OUT1": 20}
SCRATCH = 24  # 16 bytes: the discarded second block of a one-block call
SLOT0 = 40
SBOX_SEARCH = 2000
MC_SEARCH = 300
CLEAN_BIAS = 2.5  # eviction: a value already in its stack slot counts as this much further  # local-search steps over the S-box schedules


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


def pack_body(lines, width=92):
    """C string literals for the asm lines, several instructions per source
    line; preprocessor lines stay on their own."""
    out, cur = [], ""
    def flush():
        nonlocal cur
        if cur:
            out.append('    "%s"\n' % cur)
            cur = ""
    for ln in lines:
        if ln.startswith("#"):
            flush()
            out.append(ln + "\n")
            continue
        piece = ln.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t") + "\\n"
        if cur and (len(cur) + len(piece) > width or not ln.startswith("\t")):
            flush()
        cur += piece
        if not ln.startswith("\t"):
            flush()
    flush()
    return "".join(out)


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
    body = pack_body(lines)
    if not a.update:
        sys.stdout.write(body)
        return
    path = os.path.join(ROOT, "src/aes/aes_ct32asm.c")
    src = open(path).read()
    b0 = src.index("\n", src.index("/* BEGIN GENERATED")) + 1
    b1 = src.index("/* END GENERATED")
    open(path, "w").write(src[:b0] + body + src[b1:])


if __name__ == "__main__":
    main()
