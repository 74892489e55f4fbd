"""ct32v6m_alloc.py -- the Thumb-1 back end of gen_ct32v6m.py: ct32_ir
blocks lowered to two-operand logic on r0-r7, scheduled, allocated (low
registers, r8-r12 and lr as parking, stack slots last), and an interpreter
of the emitted instructions that checks each allocated block; the frame
layout (named slots, constants, spill slots) is here too.
"""
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_ct32asm as g  # noqa: E402
from ct32_alloc import dependencies, use_counts  # noqa: E402

M32 = g.M32
LOW = ["r%d" % i for i in range(8)]
NAMED = {"RK": 0, "END": 4, "OUT": 8, "ROUNDS": 12}
CONSTS = [0x55555555, 0x33333333, 0x0F0F0F0F, 0x03030303, 0x3F3F3F3F, 0xFF00FF00]
CSLOT = {c: 16 + 4 * i for i, c in enumerate(CONSTS)}
SLOT0 = 16 + 4 * len(CONSTS)


# ---- lowering ----------------------------------------------------------------
# low ops: (dst, kind, args)
#   'c2' (mn, a, b)  commutative, dst replaces a or b     eors/ands/orrs
#   'n2' (mn, a, b)  dst replaces a                        bics/rors
#   'sh' (mn, a, n)  three-operand shift by immediate      lsls/lsrs
#   'k'  (c,)        constant (rematerialised, never spilled)
#   'ld' (base, off) 'lds' (slot,) 'sts' (v, slot) 'addi' (v, imm) dst replaces v
# complexity: one branch per IR operation kind, each lowered to Thumb-1
def lower(blk):
    lb = g.Block(blk.name)
    consts = {}

    def k(c):
        if c not in consts:
            consts[c] = lb.op("k", c, hint="c")
        return consts[c]
    ren = {}

    def R(v):
        return ren.get(v, v)
    for d, kind, a in blk.ops:
        if kind in ("x", "a", "o", "b"):
            v1, v2, sh = R(a[0]), R(a[1]), a[2]
            if sh:
                t, n = sh
                if t == "ror":
                    v2 = lb.op("n2", "rors", v2, k(n))
                else:
                    v2 = lb.op("sh", "lsls" if t == "lsl" else "lsrs", v2, n)
            if kind == "b":
                nv = lb.op("c2", "ands", v1, lb.op("n2", "bics", k(M32), v2))  # rare; unused
            else:
                nv = lb.op("c2", {"x": "eors", "a": "ands", "o": "orrs"}[kind], v1, v2)
        elif kind == "ai":
            nv = lb.op("c2", "ands", R(a[0]), k(a[1]))
        elif kind == "bi":
            nv = lb.op("n2", "bics", R(a[0]), k(a[1]))
        elif kind == "ei":
            nv = lb.op("c2", "eors", R(a[0]), k(a[1]))
        elif kind == "mv":
            t, n = a[1]
            if t == "ror":
                nv = lb.op("n2", "rors", R(a[0]), k(n))
            else:
                nv = lb.op("sh", "lsls" if t == "lsl" else "lsrs", R(a[0]), n)
        elif kind == "ld":
            nv = lb.op("ld", R(a[0]), a[1])
        elif kind == "lds":
            nv = lb.op("lds", a[0])
        elif kind == "sts":
            lb.op("sts", R(a[0]), a[1])
            continue
        elif kind == "addi":
            nv = lb.op("addi", R(a[0]), a[1])
        else:
            raise ValueError(kind)
        ren[d] = nv
    lb.inputs = blk.inputs
    lb.outputs = {R(v): i for v, i in blk.outputs.items()}
    lb.consts = {v: c for c, v in consts.items()}
    return lb


def luses(op):
    d, k, a = op
    if k in ("c2", "n2"):
        return [a[1], a[2]]
    if k == "sh":
        return [a[1]]
    if k in ("ld", "addi"):
        return [a[0]]
    if k == "sts":
        return [a[0]]
    return []


def leval(lb, inputs, mem, stack):
    env = dict(inputs)
    for d, k, a in lb.ops:
        if k in ("c2", "n2"):
            p, q = env[a[1]], env[a[2]]
            env[d] = {"eors": p ^ q, "ands": p & q, "orrs": p | q, "bics": p & ~q & M32,
                      "rors": g.ror(p, q)}[a[0]]
        elif k == "sh":
            p = env[a[1]]
            env[d] = (p << a[2]) & M32 if a[0] == "lsls" else p >> a[2]
        elif k == "k":
            env[d] = a[0]
        elif k == "ld":
            env[d] = mem[(env[a[0]] + a[1]) & M32]
        elif k == "lds":
            env[d] = stack[a[0]]
        elif k == "sts":
            stack[a[1]] = env[a[0]]
        elif k == "addi":
            env[d] = (env[a[0]] + a[1]) & M32
    return env


# ---- scheduling --------------------------------------------------------------
def schedule(lb, rng, mode):
    ops = lb.ops
    if mode == 0:
        return list(ops)
    deps = dependencies(ops, luses, keep=lambda op: op[1] != "k")
    remaining = use_counts(ops, luses)
    done, order = set(), []
    pending = set(i for i in range(len(ops)) if ops[i][1] != "k")
    ready = [i for i in pending if not deps[i]]
    while ready:
        def score(i):
            op = ops[i]
            us = luses(op)
            kills = sum(1 for u in set(us) if remaining.get(u, 0) == us.count(u)
                        and u not in lb.consts)
            return kills * 10 + rng.random() * mode - i * 0.01
        best = max(ready, key=score)
        ready.remove(best)
        done.add(best)
        pending.discard(best)
        order.append(ops[best])
        for u in luses(ops[best]):
            remaining[u] -= 1
        for j in list(pending):
            if j not in ready and deps[j] <= done:
                ready.append(j)
    assert len(order) == len(pending) + len(order) and not pending
    return order


# ---- allocation --------------------------------------------------------------
class Alloc1:
    def __init__(self, high, rng, variant):
        self.high = list(high)
        self.rng = rng
        self.variant = variant

    def run(self, lb, order, in_map, out_map):
        lines = []
        E = lines.append
        consts = lb.consts
        low_of, high_of, slot_of = {}, {}, {}
        lval = {r: None for r in LOW}
        hval = {r: None for r in self.high}
        free_slots, nslots = [], [0]
        for v, r in in_map.items():
            low_of[v] = r
            lval[r] = v
        pos = {}
        for i, op in enumerate(order):
            for u in luses(op):
                pos.setdefault(u, []).append(i)
        end = len(order)
        for v in out_map:
            pos.setdefault(v, []).append(end)
        ptr = {}

        def nxt(v, t):
            p = pos.get(v, [])
            i = ptr.get(v, 0)
            while i < len(p) and p[i] < t:
                i += 1
            ptr[v] = i
            return p[i] if i < len(p) else None

        def has_copy(v):
            return v in consts or v in slot_of or v in high_of

        def drop_low(v):
            r = low_of.pop(v)
            lval[r] = None
            return r

        def evict_low(t, avoid):
            best, bd = None, -1
            for r in LOW:
                v = lval[r]
                if r in avoid or v is None:
                    continue
                nu = nxt(v, t)
                d = 10 ** 9 if nu is None else nu
                if has_copy(v):
                    d += 0.5  # prefer dropping values that need no store
                if d > bd:
                    best, bd = r, d
            v = lval[best]
            if nxt(v, t) is not None and not has_copy(v):
                h = free_high(t)
                if h is not None:
                    E("mov %s, %s" % (h, best))
                    high_of[v] = h
                    hval[h] = v
                else:
                    s = free_slots.pop() if free_slots else None
                    if s is None:
                        s = nslots[0]
                        nslots[0] += 1
                    slot_of[v] = s
                    E("str %s, [sp, #%d]" % (best, SLOT0 + 4 * s))
            drop_low(v)
            return best

        def free_high(t):
            for h in self.high:
                if hval[h] is None:
                    return h
            # reuse a high register whose value is dead or also elsewhere
            for h in self.high:
                v = hval[h]
                if nxt(v, t) is None or v in low_of or v in slot_of:
                    del high_of[v]
                    hval[h] = None
                    return h
            return None

        def get_low(t, avoid):
            for r in LOW:
                if lval[r] is None and r not in avoid:
                    return r
            return evict_low(t, avoid)

        def bring(v, t, avoid):
            if v in low_of:
                return low_of[v]
            r = get_low(t, avoid)
            if v in high_of:
                E("mov %s, %s" % (r, high_of[v]))
            elif v in consts:
                c = consts[v]
                if c < 256:
                    E("movs %s, #%d" % (r, c))
                else:
                    E("ldr %s, [sp, #%d]" % (r, CSLOT[c]))
            else:
                E("ldr %s, [sp, #%d]" % (r, SLOT0 + 4 * slot_of[v]))
            low_of[v] = r
            lval[r] = v
            return r

        def release(t):
            for v in list(low_of):
                if nxt(v, t) is None:
                    drop_low(v)
            for v in list(high_of):
                if nxt(v, t) is None:
                    hval[high_of.pop(v)] = None
            for v in list(slot_of):
                if nxt(v, t) is None:
                    free_slots.append(slot_of.pop(v))

        def clobberable(v, t):
            return nxt(v, t + 1) is None or has_copy(v)

        def take(d, r):
            low_of[d] = r
            lval[r] = d

        for t, op in enumerate(order):
            d, k, a = op
            if k == "k":
                continue
            us = luses(op)
            avoid = set()
            rs = []
            for u in us:
                r = bring(u, t, avoid)
                avoid.add(r)
                rs.append(r)
            if k == "sts":
                E("str %s, [sp, #%d]" % (rs[0], NAMED[a[1]]))
                release(t + 1)
                continue
            if k == "lds":
                release(t + 1)
                r = get_low(t + 1, set())
                E("ldr %s, [sp, #%d]" % (r, NAMED[a[0]]))
                take(d, r)
                continue
            if k in ("sh", "ld"):
                src = us[0]
                if nxt(src, t + 1) is None:
                    release(t + 1)
                    r = rs[0] if lval[rs[0]] is None else get_low(t + 1, set())
                else:
                    release(t + 1)
                    r = get_low(t + 1, {rs[0]})
                if k == "sh":
                    E("%s %s, %s, #%d" % (a[0], r, rs[0], a[2]))
                else:
                    E("ldr %s, [%s, #%d]" % (r, rs[0], a[1]))
                take(d, r)
                continue
            # two-operand forms: the destination replaces the first register
            if k == "addi":
                x, rx, other = us[0], rs[0], None
            else:
                x, y = a[1], a[2]
                rx, ry = rs
                if k == "c2" and not clobberable(x, t) and clobberable(y, t):
                    x, y, rx, ry = y, x, ry, rx
                elif k == "c2" and clobberable(x, t) and clobberable(y, t) and \
                        has_copy(x) and not has_copy(y) and nxt(y, t + 1) is None:
                    x, y, rx, ry = y, x, ry, rx
                other = ry
            if clobberable(x, t):
                if x in low_of and low_of[x] == rx:
                    drop_low(x)
                r = rx
            else:
                r = get_low(t, {rx} | ({other} if other else set()))
                E("movs %s, %s" % (r, rx))
            release(t + 1)
            if k == "addi" and a[1] < 0:
                E("subs %s, #%d" % (r, -a[1]))
            elif k == "addi":
                E("adds %s, #%d" % (r, a[1]))
            else:
                E("%s %s, %s" % (a[0], r, other))
            if lval[r] is not None:  # (released value that shared r)
                drop_low(lval[r])
            take(d, r)
        # outputs into their registers
        release(end)
        want = {r: v for v, r in out_map.items()}
        for _ in range(64):
            todo = [r for r in LOW if lval[r] != want[r]]
            if not todo:
                break
            progress = False
            for r in todo:
                w = lval[r]
                if w is not None and w in out_map and out_map[w] != r and \
                        list(low_of.keys()).count(w) and not has_copy(w):
                    continue  # w must move out first
                if w is not None:
                    drop_low(w)
                v = want[r]
                if v in low_of:
                    E("movs %s, %s" % (r, low_of[v]))
                    src = drop_low(v)
                    assert src
                elif v in high_of:
                    E("mov %s, %s" % (r, high_of[v]))
                elif v in consts:
                    E("ldr %s, [sp, #%d]" % (r, CSLOT[consts[v]]))
                else:
                    E("ldr %s, [sp, #%d]" % (r, SLOT0 + 4 * slot_of[v]))
                take(v, r)
                progress = True
            if not progress:
                # a cycle: park one value in a high register
                r = todo[0]
                w = lval[r]
                h = free_high(end)
                E("mov %s, %s" % (h, r))
                high_of[w] = h
                hval[h] = w
                drop_low(w)
        return lines, nslots[0]


# complexity: instruction interpreter, one branch per Thumb-1 opcode used
def interp1(lines, regs, stack, mem):
    R, S = dict(regs), dict(stack)
    for ln in lines:
        m = re.match(r"(\w+) (\w+), (.*)$", ln)
        mn, rd, rest = m.groups()
        args = [x.strip() for x in rest.split(",")]
        if mn in ("eors", "ands", "orrs", "bics"):
            p, q = R[rd], R[args[0]]
            assert rd in LOW and args[0] in LOW, ln
            R[rd] = {"eors": p ^ q, "ands": p & q, "orrs": p | q, "bics": p & ~q & M32}[mn]
        elif mn == "rors":
            assert rd in LOW and args[0] in LOW, ln
            R[rd] = g.ror(R[rd], R[args[0]] & 255)
        elif mn in ("lsls", "lsrs"):
            assert rd in LOW and args[0] in LOW, ln
            n = int(args[1][1:])
            R[rd] = (R[args[0]] << n) & M32 if mn == "lsls" else R[args[0]] >> n
        elif mn == "movs":
            if args[0].startswith("#"):
                R[rd] = int(args[0][1:])
            else:
                assert rd in LOW and args[0] in LOW, ln
                R[rd] = R[args[0]]
        elif mn == "mov":
            R[rd] = R[args[0]]
        elif mn in ("adds", "subs"):
            n = int(args[0][1:])
            R[rd] = (R[rd] + (n if mn == "adds" else -n)) & M32
        elif mn in ("ldr", "str"):
            assert rd in LOW, ln
            m2 = re.match(r"\[(\w+), #(\d+)\]", rest)
            base, o = m2.group(1), int(m2.group(2))
            if base == "sp":
                if mn == "ldr":
                    R[rd] = S[o]
                else:
                    S[o] = R[rd]
            else:
                assert mn == "ldr" and base in LOW
                R[rd] = mem[(R[base] + o) & M32]
        else:
            raise ValueError(ln)
    return R, S


def compile1(blk, high, in_map, out_map, tries, seed):
    lb = lower(blk)
    idx_reg = {blk.outputs[v]: r for v, r in out_map.items()}
    out_low = {v: idx_reg[i] for v, i in lb.outputs.items()}
    rng = random.Random(seed)
    best = None
    for i in range(tries):
        order = schedule(lb, rng, 0 if i == 0 else 1 + i % 5)
        for variant in (0,):
            lines, ns = Alloc1(high, rng, variant).run(lb, order, in_map, out_low)
            if best is None or len(lines) < len(best[0]):
                best = (lines, ns)
    lines, ns = best
    vr = random.Random(3)
    for _ in range(4):
        inp = {v: vr.getrandbits(32) for v in blk.inputs}
        base = 0x20001000
        mem = {base + 4 * j: vr.getrandbits(32) for j in range(16)}
        env = g.evaluate(blk, inp, mem, {"RK": base})
        regs = {r: vr.getrandbits(32) for r in LOW + ["r8", "r9", "r10", "r11", "r12", "lr"]}
        for v, r in in_map.items():
            regs[r] = inp[v]
        stack = {NAMED["RK"]: base}
        for c, o in CSLOT.items():
            stack[o] = c
        R, S = interp1(lines, regs, stack, mem)
        for v, r in out_map.items():
            assert R[r] == env[v], "%s: output %s in %s wrong" % (blk.name, v, r)
    return lines, ns


# ---- the frame --------------------------------------------------------------
NAMED["CNT"] = NAMED.pop("ROUNDS")
NAMED["OUT1"] = SLOT0
SCRATCH = SLOT0 + 4  # 16 bytes: the discarded second block of a one-block call
SLOT0 = SLOT0 + 20
