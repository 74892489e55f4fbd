#!/usr/bin/env python3
"""gen_keccak_lc.py -- the lane-complemented Keccak-f[1600] round of
src/hash/keccak_f1600_lc.c (x86-64 without BMI1), generated from the FIPS 202
definitions and checked before it is printed.

Lane complementing (the Keccak team's "Keccak implementation overview",
section 2.2; also OpenSSL's keccak1600-x86_64): the lanes in LC_SET are held
complemented between rounds. Chi's ~b & c then becomes b | c, b & c or one
NOT per plane instead of five, for processors without an AND-NOT (x86-64
before BMI1). This script finds, for each of the 25 chi outputs, the form
out = [~]b0 ^ OP([~]b1, [~]b2) (OP one of AND, OR) that turns the inputs'
complement masks into the output's with the fewest distinct NOTs per plane,
emits the round as C statements (state in memory, read from S, written to
D: the compiler then keeps the five parities, five D words and the plane's
five B words in registers and folds loads into XORs, instead of spilling
50 named lanes), interprets those statements on random states against a
plain Keccak-f[1600] (every round with its constant), and prints the text
between the GENERATED markers of the C file; --update writes it there.

  python3 src/hash/tools/gen_keccak_lc.py [--update]

Run by tests/hash/test_keccak_lc_gen.py (the committed text must equal it).
"""
import itertools
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET = os.path.join(os.path.dirname(HERE), "keccak_f1600_lc.c")
BEGIN = "/* BEGIN GENERATED (src/hash/tools/gen_keccak_lc.py) */\n"
END = "/* END GENERATED */\n"
M64 = (1 << 64) - 1
# lanes (x, y) at x + 5y held complemented: be, bi, go, ki, mi, sa
LC_SET = (1, 2, 8, 12, 17, 20)
# True: each round accumulates the next round's column parities as it
# writes its lanes (and LC_THETA starts them): measured no faster (Zen 5,
# GCC 12: SHA3-256 1 MiB 0.902 of the unrolled version's time vs 0.899)
AHEAD = False


def rc_table():
    """the 24 round constants from the rc LFSR (FIPS 202 algorithms 5, 6)"""
    def rc(t):
        r = 1
        for _ in range(t % 255):
            r <<= 1
            if r & 0x100:
                r ^= 0x171
        return r & 1
    out = []
    for ir in range(24):
        v = 0
        for j in range(7):
            if rc(j + 7 * ir):
                v |= 1 << ((1 << j) - 1)
        out.append(v)
    return out


def rho_table():
    """rotation offset of lane (x, y) (FIPS 202 algorithm 2)"""
    r = [[0] * 5 for _ in range(5)]
    x, y = 1, 0
    for t in range(24):
        r[x][y] = ((t + 1) * (t + 2) // 2) % 64
        x, y = y, (2 * x + 3 * y) % 5
    return r


RC = rc_table()
RHO = rho_table()


def rol(v, n):
    n %= 64
    return ((v << n) | (v >> (64 - n))) & M64 if n else v


def keccak_ref(a):
    """plain Keccak-f[1600], lane (x, y) at a[x + 5y]"""
    a = list(a)
    for ir in range(24):
        c = [a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] for x in range(5)]
        d = [c[(x + 4) % 5] ^ rol(c[(x + 1) % 5], 1) for x in range(5)]
        b = [0] * 25
        for x in range(5):
            for y in range(5):
                b[y + 5 * ((2 * x + 3 * y) % 5)] = rol(a[x + 5 * y] ^ d[x], RHO[x][y])
        a = [b[i] ^ (~b[(i // 5) * 5 + (i + 1) % 5] & b[(i // 5) * 5 + (i + 2) % 5] & M64)
             for i in range(25)]
        a[0] ^= RC[ir]
    return a


def chi_forms(m0, m1, m2, mo):
    """forms (not_b1, not_b2, op, not_out) with stored b_k = true ^ m_k and
    out = true chi ^ mo, true chi = t0 ^ (~t1 & t2); checked on every bit
    combination"""
    good = []
    for n1, n2, op, no in itertools.product((0, 1), (0, 1), ("&", "|"), (0, 1)):
        ok = True
        for t0, t1, t2 in itertools.product((0, 1), repeat=3):
            s0, s1, s2 = t0 ^ m0, t1 ^ m1, t2 ^ m2
            u, v = s1 ^ n1, s2 ^ n2
            w = (u & v) if op == "&" else (u | v)
            if (s0 ^ w ^ no) != (t0 ^ ((1 - t1) & t2)) ^ mo:
                ok = False
                break
        if ok:
            good.append((n1, n2, op, no))
    return good


def plane_plan(mb, mo):
    """the five lanes' forms with the fewest distinct NOTs in one plane
    (a NOT of an input b_k is shared by the two lanes that read it)"""
    opts = [chi_forms(mb[x], mb[(x + 1) % 5], mb[(x + 2) % 5], mo[x]) for x in range(5)]
    best = None
    for pick in itertools.product(*opts):
        nots = set()
        for x, (n1, n2, _, no) in enumerate(pick):
            if n1:
                nots.add(("b", (x + 1) % 5))
            if n2:
                nots.add(("b", (x + 2) % 5))
            if no:  # ~(b0 ^ w) = ~b0 ^ w: the NOT of b_x itself
                nots.add(("b", x))
        if best is None or len(nots) < best[0]:
            best = (len(nots), pick, nots)
    return best


def plane_program(yy, mask, md, ahead):
    """output plane yy: its five B words (rho and pi), the NOTs, chi (and
    iota in plane 0); returns the statements and the NOT count"""
    prog, mb = [], []
    for xx in range(5):
        x, y = (xx + 3 * yy) % 5, xx
        prog.append(("b", xx, x + 5 * y, x, RHO[x][y]))
        mb.append(mask[x + 5 * y] ^ md[x])
    n, pick, nots = plane_plan(mb, [mask[xx + 5 * yy] for xx in range(5)])
    for k in sorted(k for _, k in nots):
        prog.append(("nb", k))
    for xx, (n1, n2, op, no) in enumerate(pick):
        prog.append(("e", xx + 5 * yy, xx, n1, n2, op, no, yy == 0 and xx == 0))
        if ahead:
            prog.append(("ca", xx, xx + 5 * yy, yy == 0))
    return prog, n


def round_program(ahead):
    """one round S -> D as a list of statements (C text, and a tuple the
    interpreter runs); constant index k: RC[k]. ahead: the column parities
    come from the previous round (c0..c4), and this round accumulates the
    next round's as it writes D"""
    lc = set(LC_SET)
    mask = [1 if i in lc else 0 for i in range(25)]
    prog = [] if ahead else [("c", x) for x in range(5)]
    mc = [mask[x] ^ mask[x + 5] ^ mask[x + 10] ^ mask[x + 15] ^ mask[x + 20] for x in range(5)]
    md = [mc[(x + 4) % 5] ^ mc[(x + 1) % 5] for x in range(5)]
    prog += [("d", x) for x in range(5)]
    total_nots = 0
    for yy in range(5):
        p, n = plane_program(yy, mask, md, ahead)
        prog += p
        total_nots += n
    return prog, total_nots


def interpret(prog, s, k, c):
    d, b, nb = [0] * 5, [0] * 5, [0] * 5
    out = [None] * 25
    for st in prog:
        if st[0] == "ca":
            _, x, i, first = st
            c[x] = out[i] if first else c[x] ^ out[i]
        elif st[0] == "c":
            x = st[1]
            c[x] = s[x] ^ s[x + 5] ^ s[x + 10] ^ s[x + 15] ^ s[x + 20]
        elif st[0] == "d":
            x = st[1]
            d[x] = c[(x + 4) % 5] ^ rol(c[(x + 1) % 5], 1)
        elif st[0] == "b":
            _, xx, lane, x, r = st
            b[xx] = rol(s[lane] ^ d[x], r)
        elif st[0] == "nb":
            nb[st[1]] = ~b[st[1]] & M64
        else:
            _, i, xx, n1, n2, op, no, iota = st
            u = nb[(xx + 1) % 5] if n1 else b[(xx + 1) % 5]
            v = nb[(xx + 2) % 5] if n2 else b[(xx + 2) % 5]
            w = (u & v) if op == "&" else (u | v)
            e = (nb[xx] if no else b[xx]) ^ w
            if iota:
                e ^= RC[k]
            out[i] = e
    return out


def emit(prog):
    lines = []
    for st in prog:
        if st[0] == "ca":
            _, x, i, first = st
            lines.append(("c%d = D[%d];" if first else "c%d ^= D[%d];") % (x, i))
        elif st[0] == "c":
            x = st[1]
            lines.append("c%d = S[%d] ^ S[%d] ^ S[%d] ^ S[%d] ^ S[%d];" % (x, x, x + 5, x + 10, x + 15, x + 20))
        elif st[0] == "d":
            x = st[1]
            lines.append("d%d = c%d ^ ROL64(c%d, 1);" % (x, (x + 4) % 5, (x + 1) % 5))
        elif st[0] == "b":
            _, xx, lane, x, r = st
            if r:
                lines.append("b%d = ROL64(S[%d] ^ d%d, %d);" % (xx, lane, x, r))
            else:
                lines.append("b%d = S[%d] ^ d%d;" % (xx, lane, x))
        elif st[0] == "nb":
            lines.append("n%d = ~b%d;" % (st[1], st[1]))
        else:
            _, i, xx, n1, n2, op, no, iota = st
            u = ("n%d" if n1 else "b%d") % ((xx + 1) % 5)
            v = ("n%d" if n2 else "b%d") % ((xx + 2) % 5)
            e = "%s%d ^ (%s %s %s)" % ("n" if no else "b", xx, u, op, v)
            if iota:
                e += " ^ rc"
            lines.append("D[%d] = %s;" % (i, e))
    return lines


def check(prog, ahead, rounds=64):
    rng = random.Random(1600)
    lc = set(LC_SET)
    for _ in range(rounds):
        a = [rng.getrandbits(64) for _ in range(25)]
        s = [(v ^ M64) if i in lc else v for i, v in enumerate(a)]
        c = [0] * 5
        if ahead:  # LC_THETA
            c = [s[x] ^ s[x + 5] ^ s[x + 10] ^ s[x + 15] ^ s[x + 20] for x in range(5)]
        for k in range(24):
            s = interpret(prog, s, k, c)
        got = [(v ^ M64) if i in lc else v for i, v in enumerate(s)]
        if got != keccak_ref(a):
            raise SystemExit("gen_keccak_lc: the generated round disagrees with Keccak-f[1600]")
    # the reference itself: the permutation of the zero state (Keccak team's KeccakF-1600 test)
    z = keccak_ref([0] * 25)
    if z[0] != 0xF1258F7940E1DDE7:
        raise SystemExit("gen_keccak_lc: reference permutation wrong")


def macro(name, lines):
    out = ["#define %-75s\\\n" % name,
           "    do {                                                                           \\\n"]
    for ln in lines:
        out.append("        %-75s\\\n" % ln)
    out.append("    } while (0)\n")
    return out


def body():
    prog, nots = round_program(AHEAD)
    check(prog, AHEAD)
    out = ["/* One round, S -> D (lanes %s complemented on both sides; %d NOTs),\n"
           " * rc its round constant%s. */\n"
           % (", ".join(map(str, LC_SET)), nots,
              "; c0..c4: S's column parities, on exit D's" if AHEAD else "")]
    if AHEAD:
        out += macro("LC_THETA(S)", emit(round_program(False)[0][:5]))
    out += macro("LC_ROUND(S, D, rc)", emit(prog))
    return "".join(out)


def main():
    text = body()
    if "--update" in sys.argv[1:]:
        with open(TARGET) as f:
            src = f.read()
        i, j = src.index(BEGIN) + len(BEGIN), src.index(END)
        with open(TARGET, "w") as f:
            f.write(src[:i] + text + src[j:])
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
