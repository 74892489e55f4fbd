"""ct32v6m_lower.py -- the front half of the Thumb-1 back end
(ct32v6m_alloc.py): ct32_ir blocks lowered to two-operand logic on
r0-r7 (constants rematerialised, never spilled), the operands a lowered
operation uses, an evaluator of lowered blocks, and the list scheduler
(random tie-breaks from the caller's rng: their order fixes the committed
assembly).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_ct32asm as g  # noqa: E402
from ct32_ir import eval_mem  # noqa: E402
from ct32_sched import dependencies, use_counts  # noqa: E402

M32 = g.M32


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
        else:
            eval_mem(env, d, k, a, mem, stack)
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
