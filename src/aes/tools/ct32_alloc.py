"""ct32_alloc.py -- register allocation of ct32_ir blocks for Thumb-2
(gen_ct32asm.py): the best of random schedules and a local search (the
scheduler: ct32_sched.py), Belady spilling to stack slots, and an
interpreter of the emitted instructions that checks each allocated block
against its definition on random inputs.
"""
import random
import re

from ct32_ir import evaluate  # first: it puts src/tools on the path
from asmgen import M32, ror  # noqa: E402
from ct32_sched import local_search, schedule, uses  # noqa: E402

CLEAN_BIAS = 2.5  # eviction: a value already in its stack slot counts as this much further
SHIFTS = {"ror": "ror", "lsl": "lsl", "lsr": "lsr"}


class NextUse:
    """The positions at which each value of a schedule is used (the block's
    outputs at the end), asked as "next use of v at or after t". Each
    value's position pointer only moves forward: a query with a smaller t
    than an earlier one for the same value gets the later answer, as the
    allocators' committed output depends on."""

    def __init__(self, order, uses_fn, outputs):
        self.pos = {}
        for i, op in enumerate(order):
            for u in uses_fn(op):
                self.pos.setdefault(u, []).append(i)
        for v in outputs:
            self.pos.setdefault(v, []).append(len(order))
        self.ptr = {}

    def __call__(self, v, t):
        p = self.pos.get(v, [])
        i = self.ptr.get(v, 0)
        while i < len(p) and p[i] < t:
            i += 1
        self.ptr[v] = i
        return p[i] if i < len(p) else None


LOGIC = {"x": "eor", "a": "and", "o": "orr", "b": "bic"}
LOGIC_IMM = {"ai": "and", "bi": "bic", "ei": "eor"}


class Alloc:
    """One register allocation of a scheduled block (one run per object):
    the values in registers, the spill slots, the emitted lines."""

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
        self.out_regs = {} if free_out else out_regs
        self.lines = []
        self.reg_of, self.val_in = {}, {r: None for r in self.regs}
        self.slot_of, self.free_slots, self.nslots = {}, [], 0
        for v, r in in_regs.items():
            self.reg_of[v] = r
            self.val_in[r] = v
        end = len(order)
        self.next_use = NextUse(order, uses, blk.outputs if free_out else out_regs)
        for t, op in enumerate(order):
            self.emit(t, op)
        if free_out:  # outputs stay in place; spilled ones are reloaded
            for v in blk.outputs:
                if v not in self.reg_of:
                    self.ensure(v, end, set())
            self.out_map = {v: self.reg_of[v] for v in blk.outputs}
            return self.lines, self.nslots
        self.out_map = dict(out_regs)
        self.place_outputs(out_regs)
        return self.lines, self.nslots

    def off(self, s):
        return self.slot_base + 4 * s

    def slot_for(self, v):
        if self.free_slots:
            s = self.free_slots.pop()
        else:
            s = self.nslots
            self.nslots += 1
        self.slot_of[v] = s
        return s

    def free_reg(self, t, avoid, want=None):
        """A register for a new value: want if free, else a free one, else
        the one whose value is used furthest in the future (spilled)."""
        if want is not None and self.val_in.get(want, 1) is None:
            return want
        cands = [r for r in self.regs if self.val_in[r] is None and r not in avoid]
        if cands:
            return self.pick_free(cands)
        return self.evict(t, avoid)

    def pick_free(self, cands):
        if self.prefer_high:
            targets = set(self.out_regs.values())
            c2 = [r for r in cands if r not in targets]
            if c2:
                cands = c2
        return cands[0] if self.prefer_high != 2 else self.rng.choice(cands)

    def evict(self, t, avoid):
        """Belady: free the register whose value is used furthest ahead."""
        best, bd = None, -1
        for r in self.regs:
            if r in avoid:
                continue
            v = self.val_in[r]
            nu = self.next_use(v, t)
            d = 10 ** 9 if nu is None else nu
            if v in self.slot_of and nu is not None:  # clean: no store
                d = t + (d - t) * self.clean_bias
            if d > bd:
                best, bd = r, d
        v = self.val_in[best]
        if self.next_use(v, t) is not None and v not in self.slot_of:
            s = self.slot_for(v)
            self.lines.append("str %s, [sp, #%d]" % (best, self.off(s)))
        del self.reg_of[v]
        self.val_in[best] = None
        return best

    def ensure(self, v, t, avoid):
        if v in self.reg_of:
            return self.reg_of[v]
        r = self.free_reg(t, avoid)
        self.lines.append("ldr %s, [sp, #%d]" % (r, self.off(self.slot_of[v])))
        self.reg_of[v] = r
        self.val_in[r] = v
        return r

    def release_dead(self, t):
        for r in self.regs:
            v = self.val_in[r]
            if v is not None and self.next_use(v, t) is None:
                self.val_in[r] = None
                del self.reg_of[v]
        for v in list(self.slot_of):
            if self.next_use(v, t) is None:
                self.free_slots.append(self.slot_of.pop(v))

    def emit(self, t, op):
        """Operands into registers, the dead released, the result placed."""
        d, k, a = op
        avoid = set()
        rs = []
        for u in uses(op):
            r = self.ensure(u, t, avoid)
            avoid.add(r)
            rs.append(r)
        self.release_dead(t + 1)
        if k == "sts":
            self.lines.append("str %s, [sp, #%d]" % (rs[0], self.named[a[1]]))
            return
        rd = self.free_reg(t + 1, set(), self.out_regs.get(d))
        self.reg_of[d] = rd
        self.val_in[rd] = d
        line = self.instr(k, a, rd, rs)
        if line is not None:
            self.lines.append(line)

    def instr(self, k, a, rd, rs):
        """The Thumb-2 instruction of op kind k into rd (None: no kind)."""
        if k in LOGIC:
            s = ", %s #%d" % (SHIFTS[a[2][0]], a[2][1]) if a[2] else ""
            return "%s %s, %s, %s%s" % (LOGIC[k], rd, rs[0], rs[1], s)
        if k in LOGIC_IMM:
            return "%s %s, %s, #0x%08x" % (LOGIC_IMM[k], rd, rs[0], a[1])
        if k == "mv":
            return "%s %s, %s, #%d" % (a[1][0], rd, rs[0], a[1][1])
        if k == "ld":
            return "ldr %s, [%s, #%d]" % (rd, rs[0], a[1])
        if k == "lds":
            return "ldr %s, [sp, #%d]" % (rd, self.named[a[0]])
        if k == "addi" and a[1] < 0:
            return "sub %s, %s, #%d" % (rd, rs[0], -a[1])
        if k == "addi":
            return "add %s, %s, #%d" % (rd, rs[0], a[1])
        return None

    def place_outputs(self, out_regs):
        """Move the outputs into their registers (a parallel move)."""
        moves = {}
        for v, r in out_regs.items():
            if self.reg_of.get(v) != r:
                moves[r] = v
        while moves:
            progress = False
            for r, v in list(moves.items()):
                if self.can_move(r, v, out_regs):
                    self.move(r, v)
                    del moves[r]
                    progress = True
            if not progress:
                self.break_cycle(moves)

    def can_move(self, r, v, out_regs):
        occupant = self.val_in[r]
        return occupant is None or (occupant not in out_regs) or (
            occupant in out_regs and out_regs[occupant] == r and occupant == v)

    def move(self, r, v):
        occupant = self.val_in[r]
        if occupant is not None and occupant != v:
            del self.reg_of[occupant]
        if v in self.reg_of:
            self.lines.append("mov %s, %s" % (r, self.reg_of[v]))
            self.val_in[self.reg_of[v]] = None
        else:
            self.lines.append("ldr %s, [sp, #%d]" % (r, self.off(self.slot_of[v])))
        self.reg_of[v] = r
        self.val_in[r] = v

    def break_cycle(self, moves):
        """Break a cycle of moves through a free register."""
        r, v = next(iter(moves.items()))
        occ = self.val_in[r]
        tmp = next(x for x in self.regs if self.val_in[x] is None)
        self.lines.append("mov %s, %s" % (tmp, r))
        self.val_in[tmp] = occ
        self.reg_of[occ] = tmp
        self.val_in[r] = None


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
