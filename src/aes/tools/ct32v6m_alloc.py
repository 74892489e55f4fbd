"""ct32v6m_alloc.py -- the Thumb-1 back end of gen_ct32v6m.py: ct32_ir
blocks lowered to two-operand logic on r0-r7 and scheduled (ct32v6m_lower.py),
allocated here (low registers, r8-r12 and lr as parking, stack slots last),
and an interpreter of the emitted instructions that checks each allocated
block; the frame layout (named slots, constants, spill slots) is here too.
"""
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_ct32asm as g  # noqa: E402
from ct32_alloc import NextUse  # noqa: E402
from ct32v6m_lower import lower, luses, schedule  # noqa: E402

M32 = g.M32
LOW = ["r%d" % i for i in range(8)]
NAMED = {"RK": 0, "END": 4, "OUT": 8, "ROUNDS": 12}
CONSTS = [0x55555555, 0x33333333, 0x0F0F0F0F, 0x03030303, 0x3F3F3F3F, 0xFF00FF00]
CSLOT = {c: 16 + 4 * i for i, c in enumerate(CONSTS)}
SLOT0 = 16 + 4 * len(CONSTS)


# ---- allocation --------------------------------------------------------------
class Alloc1:
    """One allocation of a lowered, scheduled block (one run per object): the
    values in r0-r7, in the parking registers (high) and in spill slots."""

    def __init__(self, high, rng, variant):
        self.high = list(high)
        self.rng = rng
        self.variant = variant

    def run(self, lb, order, in_map, out_map):
        self.lines = []
        self.E = self.lines.append
        self.consts = lb.consts
        self.low_of, self.high_of, self.slot_of = {}, {}, {}
        self.lval = {r: None for r in LOW}
        self.hval = {r: None for r in self.high}
        self.free_slots, self.nslots = [], 0
        for v, r in in_map.items():
            self.low_of[v] = r
            self.lval[r] = v
        self.nxt = NextUse(order, luses, out_map)
        end = len(order)
        for t, op in enumerate(order):
            self.step(t, op)
        # outputs into their registers
        self.release(end)
        self.place_outputs(out_map, end)
        return self.lines, self.nslots

    # ---- where values are ----
    def has_copy(self, v):
        return v in self.consts or v in self.slot_of or v in self.high_of

    def drop_low(self, v):
        r = self.low_of.pop(v)
        self.lval[r] = None
        return r

    def take(self, d, r):
        self.low_of[d] = r
        self.lval[r] = d

    def clobberable(self, v, t):
        return self.nxt(v, t + 1) is None or self.has_copy(v)

    def release(self, t):
        for v in list(self.low_of):
            if self.nxt(v, t) is None:
                self.drop_low(v)
        for v in list(self.high_of):
            if self.nxt(v, t) is None:
                self.hval[self.high_of.pop(v)] = None
        for v in list(self.slot_of):
            if self.nxt(v, t) is None:
                self.free_slots.append(self.slot_of.pop(v))

    # ---- getting a low register ----
    def evict_low(self, t, avoid):
        best, bd = None, -1
        for r in LOW:
            v = self.lval[r]
            if r in avoid or v is None:
                continue
            nu = self.nxt(v, t)
            d = 10 ** 9 if nu is None else nu
            if self.has_copy(v):
                d += 0.5  # prefer dropping values that need no store
            if d > bd:
                best, bd = r, d
        v = self.lval[best]
        if self.nxt(v, t) is not None and not self.has_copy(v):
            self.park(v, best, t)
        self.drop_low(v)
        return best

    def park(self, v, r, t):
        """Keep v (in r) in a free high register, else in a stack slot."""
        h = self.free_high(t)
        if h is not None:
            self.E("mov %s, %s" % (h, r))
            self.high_of[v] = h
            self.hval[h] = v
            return
        s = self.free_slots.pop() if self.free_slots else None
        if s is None:
            s = self.nslots
            self.nslots += 1
        self.slot_of[v] = s
        self.E("str %s, [sp, #%d]" % (r, SLOT0 + 4 * s))

    def free_high(self, t):
        for h in self.high:
            if self.hval[h] is None:
                return h
        # reuse a high register whose value is dead or also elsewhere
        for h in self.high:
            v = self.hval[h]
            if self.nxt(v, t) is None or v in self.low_of or v in self.slot_of:
                del self.high_of[v]
                self.hval[h] = None
                return h
        return None

    def get_low(self, t, avoid):
        for r in LOW:
            if self.lval[r] is None and r not in avoid:
                return r
        return self.evict_low(t, avoid)

    def fetch(self, r, v):
        """The instruction that puts v (not in a low register) into r."""
        if v in self.high_of:
            self.E("mov %s, %s" % (r, self.high_of[v]))
        elif v in self.consts and self.consts[v] < 256:
            self.E("movs %s, #%d" % (r, self.consts[v]))
        elif v in self.consts:
            self.E("ldr %s, [sp, #%d]" % (r, CSLOT[self.consts[v]]))
        else:
            self.E("ldr %s, [sp, #%d]" % (r, SLOT0 + 4 * self.slot_of[v]))

    def bring(self, v, t, avoid):
        if v in self.low_of:
            return self.low_of[v]
        r = self.get_low(t, avoid)
        self.fetch(r, v)
        self.low_of[v] = r
        self.lval[r] = v
        return r

    # ---- one operation ----
    def step(self, t, op):
        d, k, a = op
        if k == "k":
            return
        us = luses(op)
        avoid = set()
        rs = []
        for u in us:
            r = self.bring(u, t, avoid)
            avoid.add(r)
            rs.append(r)
        if k == "sts":
            self.E("str %s, [sp, #%d]" % (rs[0], NAMED[a[1]]))
            self.release(t + 1)
        elif k == "lds":
            self.release(t + 1)
            r = self.get_low(t + 1, set())
            self.E("ldr %s, [sp, #%d]" % (r, NAMED[a[0]]))
            self.take(d, r)
        elif k in ("sh", "ld"):
            self.three_operand(t, op, us, rs)
        else:
            self.two_operand(t, op, us, rs)

    def three_operand(self, t, op, us, rs):
        """lsls/lsrs by an immediate, ldr: any destination register."""
        d, k, a = op
        if self.nxt(us[0], t + 1) is None:
            self.release(t + 1)
            r = rs[0] if self.lval[rs[0]] is None else self.get_low(t + 1, set())
        else:
            self.release(t + 1)
            r = self.get_low(t + 1, {rs[0]})
        if k == "sh":
            self.E("%s %s, %s, #%d" % (a[0], r, rs[0], a[2]))
        else:
            self.E("ldr %s, [%s, #%d]" % (r, rs[0], a[1]))
        self.take(d, r)

    def first_operand(self, t, k, a, rs):
        """(x, rx, other): the operand the destination replaces (commutative
        ops take the one that may be clobbered) and the other register."""
        x, y = a[1], a[2]
        rx, ry = rs
        if k == "c2" and not self.clobberable(x, t) and self.clobberable(y, t):
            x, y, rx, ry = y, x, ry, rx
        elif k == "c2" and self.clobberable(x, t) and self.clobberable(y, t) and \
                self.has_copy(x) and not self.has_copy(y) and self.nxt(y, t + 1) is None:
            x, y, rx, ry = y, x, ry, rx
        return x, rx, ry

    def two_operand(self, t, op, us, rs):
        """The two-operand forms: the destination replaces the first register."""
        d, k, a = op
        if k == "addi":
            x, rx, other = us[0], rs[0], None
        else:
            x, rx, other = self.first_operand(t, k, a, rs)
        if self.clobberable(x, t):
            if x in self.low_of and self.low_of[x] == rx:
                self.drop_low(x)
            r = rx
        else:
            r = self.get_low(t, {rx} | ({other} if other else set()))
            self.E("movs %s, %s" % (r, rx))
        self.release(t + 1)
        if k == "addi" and a[1] < 0:
            self.E("subs %s, #%d" % (r, -a[1]))
        elif k == "addi":
            self.E("adds %s, #%d" % (r, a[1]))
        else:
            self.E("%s %s, %s" % (a[0], r, other))
        if self.lval[r] is not None:  # (released value that shared r)
            self.drop_low(self.lval[r])
        self.take(d, r)

    # ---- the outputs ----
    def place_outputs(self, out_map, end):
        want = {r: v for v, r in out_map.items()}
        for _ in range(64):
            todo = [r for r in LOW if self.lval[r] != want[r]]
            if not todo:
                break
            progress = False
            for r in todo:
                if self.must_wait(self.lval[r], r, out_map):
                    continue  # its value must move out first
                self.place(r, want[r])
                progress = True
            if not progress:
                self.park_cycle(todo[0], end)

    def must_wait(self, w, r, out_map):
        return w is not None and w in out_map and out_map[w] != r and \
            list(self.low_of.keys()).count(w) and not self.has_copy(w)

    def place(self, r, v):
        w = self.lval[r]
        if w is not None:
            self.drop_low(w)
        if v in self.low_of:
            self.E("movs %s, %s" % (r, self.low_of[v]))
            src = self.drop_low(v)
            assert src
        elif v in self.high_of:
            self.E("mov %s, %s" % (r, self.high_of[v]))
        elif v in self.consts:  # (always from its slot here)
            self.E("ldr %s, [sp, #%d]" % (r, CSLOT[self.consts[v]]))
        else:
            self.E("ldr %s, [sp, #%d]" % (r, SLOT0 + 4 * self.slot_of[v]))
        self.take(v, r)

    def park_cycle(self, r, end):
        """A cycle: park the value of r in a high register."""
        w = self.lval[r]
        h = self.free_high(end)
        self.E("mov %s, %s" % (h, r))
        self.high_of[w] = h
        self.hval[h] = w
        self.drop_low(w)


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
