"""ct32_alloc.py -- scheduling and register allocation of ct32_ir blocks
for Thumb-2 (gen_ct32asm.py): greedy list scheduling with random restarts
and a local search, Belady spilling to stack slots, and an interpreter of
the emitted instructions that checks each allocated block against its
definition on random inputs.
"""
import random
import re

from ct32_ir import evaluate  # first: it puts src/tools on the path
from asmgen import M32, ror  # noqa: E402

CLEAN_BIAS = 2.5  # eviction: a value already in its stack slot counts as this much further


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


def dependencies(ops, uses_fn, keep=lambda op: True):
    """For each op, the indices of the ops it must follow: the producers of
    its operands (those keep accepts) and the previous stack access."""
    prod = {op[0]: i for i, op in enumerate(ops) if op[0]}
    deps = [set(prod[u] for u in uses_fn(op) if u in prod and keep(ops[prod[u]]))
            for op in ops]
    last_mem = None
    for i, op in enumerate(ops):
        if op[1] in ("lds", "sts"):
            if last_mem is not None:
                deps[i].add(last_mem)
            last_mem = i
    return deps


def use_counts(ops, uses_fn):
    """How many times each value is used."""
    n = {}
    for op in ops:
        for u in uses_fn(op):
            n[u] = n.get(u, 0) + 1
    return n


def schedule(blk, rng, mode):
    """A dependency-respecting order of blk.ops (memory ops keep their order)."""
    ops = blk.ops
    if mode == 0:
        return list(ops)
    deps = dependencies(ops, uses)
    remaining = use_counts(ops, uses)
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


# complexity: instruction interpreter, one branch per Thumb-2 opcode used
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


def between_stack_ops(order, i, lo, hi):
    """(lo, hi) narrowed to between the stack accesses around position i."""
    mem = [k for k, o in enumerate(order) if o[1] in ("lds", "sts") and k != i]
    return max([lo] + [k + 1 for k in mem if k < i]), min([hi] + [k - 1 for k in mem if k > i])


def window(order, i, uses_fn):
    """The positions (lo, hi) the op at i may move to: after its operands'
    producers, before its consumers, between its neighbouring stack
    accesses."""
    op, n = order[i], len(order)
    pos = {o[0]: k for k, o in enumerate(order) if o[0]}
    lo = max([pos[u] + 1 for u in uses_fn(op) if u in pos] + [0])
    consumers = [k for k, o in enumerate(order) if op[0] and op[0] in uses_fn(o)]
    hi = min(consumers + [n]) - 1
    if op[1] in ("lds", "sts"):
        lo, hi = between_stack_ops(order, i, lo, hi)
    return lo, hi


def local_search(order, cost, uses_fn, rng, iters):
    """Moves single operations within their dependency window while the
    cost does not grow; returns (cost, order)."""
    order = list(order)
    best = cost(order)
    n = len(order)
    for _ in range(iters):
        i = rng.randrange(n)
        op = order[i]
        lo, hi = window(order, i, uses_fn)
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


def verify(blk, lines, regs, in_map, out_map, named, check_stack):
    """Interpret the allocated lines on random inputs against the block."""
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
    verify(blk, lines, regs, in_map, out_map, named, check_stack)
    if ret_map:
        return lines, ns, out_map
    return lines, ns
