"""ct32_ir.py -- the pieces of the fixsliced AES (gen_ct32asm.py,
gen_ct32v6m.py) as blocks of 32-bit register operations: the IR, its
evaluator, the S-box circuits, MixColumns MC_k fused with AddRoundKey and
its inverse, the transposes, each with a Python reference to check it.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "tools"))
from asmgen import M32, ROOT, ror  # noqa: E402
from aesref import sbox_table  # noqa: E402


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
        elif not eval_mem(env, d, k, a, mem, stack):
            raise ValueError(k)
    return env


def eval_mem(env, d, k, a, mem, stack):
    """One memory or address op (ld, lds, sts, addi: the same in this IR
    and in ct32v6m_lower's lowered one) on env; False for any other kind."""
    if k == "ld":
        env[d] = mem[(env[a[0]] + a[1]) & M32]
    elif k == "lds":
        env[d] = stack[a[0]]
    elif k == "sts":
        stack[a[1]] = env[a[0]]
    elif k == "addi":
        env[d] = (env[a[0]] + a[1]) & M32
    else:
        return False
    return True


# ---- the S-box circuit, parsed from aes_ct_common.h -------------------------
def emit_sbox(b, q):
    """Appends the circuit (S(x) ^ 0x63 per byte) on planes q[0..7] to b;
    returns the eight output planes."""
    src = open(os.path.join(ROOT, "src/aes/aes_ct_common.h")).read()
    body = src[src.index("RIJN_INLINE void ct_sbox_inl"):]
    body = body[:body.index("\n}\n")]
    mid = src[src.index("#define CT_SBOX_MIDDLE"):]
    body = body.replace("CT_SBOX_MIDDLE;", mid[:mid.index("\n\n")])
    env = {}
    for m in re.finditer(r"\b(u\d) = q\[(\d)\]", body):
        env[m.group(1)] = q[int(m.group(2))]
    for m in re.finditer(r"\bd = (u\d);", body):  # the middle's input d (u7)
        env["d"] = env[m.group(1)]
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


def check_sbox(b, inverse=False):
    tab = sbox_table()
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
