"""ct32_sched.py -- the scheduling half of ct32_alloc.py: the operands an
IR operation uses, its dependencies, greedy list scheduling with a random
tie-break (the caller's rng: the order of draws fixes the committed
assembly), and a local search that moves single operations within their
dependency window. Shared by the Thumb-2 (ct32_alloc.py) and Thumb-1
(ct32v6m_lower.py) back ends.
"""


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
