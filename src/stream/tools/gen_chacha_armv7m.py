#!/usr/bin/env python3
"""gen_chacha_armv7m.py -- generates the Thumb-2 assembly of
src/stream/chacha20_armv7m.c (ChaCha20 blocks XORed into a buffer).

  python3 src/stream/tools/gen_chacha_armv7m.py            # print the body, after the checks
  python3 src/stream/tools/gen_chacha_armv7m.py --update   # write it into the C file

The function (AAPCS):
  void rijn_i_chacha20_blocks_armv7m(uint32_t st[16], uint8_t *out,
                                     const uint8_t *in, size_t nblocks);
XORs nblocks (>= 1) keystream blocks of the input block st into in,
writing out (out == in allowed, any alignment: LDR/STR), and advances the
32-bit counter word st[12] once per block (no carry into st[13]).

Deferred rotations: a state word is kept as a register value R and a
rotation p known here, the word being rotl(R, p). The rotation of each
quarter-round step then folds into the barrel shifter of the instruction
that next reads the word ("add a, a, b, ror #n", "eor d, a, d, ror #n"),
so a quarter round is 8 instructions. Rows a and c always have p = 0; at
every quarter-round boundary row b has p = 7 and row d p = 8 (the values
of the last steps), so one loop body serves all ten double rounds: the
rows b and d are rotated right by 7 and 8 once before the rounds, and the
feed-forward adds undo the rotations.
Registers: x0..x7 in r0..r7, x12..x15 in r10, r11, r12, lr; r8/r9 hold
x8/x9 or x10/x11 (the two others in the frame), swapped twice per double
round where the quarter rounds change from one pair to the other
(columns 0,1 | 2,3, diagonals 0,1 | 2,3 use x8,x9 | x10,x11 | x10,x11 |
x8,x9). The round counter lives in the frame; its SUBS sits at the first
swap and the flags survive (nothing else sets them) to the BNE.

The check: the emitted text is parsed and interpreted (a small Thumb-2
subset interpreter) on random states, counters next to 2^32, block counts
1..3 and unaligned, equal and distinct buffers, and compared with a
Python ChaCha20; also that only out and the frame are written, st only in
word 12, and that r4-r11, sp are restored.
"""
import os
import random
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "tools"))
from asmgen import M32, ROOT, ror, write_generated  # noqa: E402

CFILE = os.path.join(ROOT, "src", "stream", "chacha20_armv7m.c")
FN = "rijn_i_chacha20_blocks_armv7m"

# frame (after push {r4-r11, lr}; sub sp, #FRAME)
F_X8, F_X10, F_X12, F_X14, F_CNT, F_ST, F_IN, F_OUT, F_N = 0, 8, 16, 24, 32, 36, 40, 44, 48
FRAME = 60  # 36 pushed + 60 = 96 bytes of stack

REG = {0: "r0", 1: "r1", 2: "r2", 3: "r3", 4: "r4", 5: "r5", 6: "r6", 7: "r7",
       8: "r8", 9: "r9", 10: "r8", 11: "r9", 12: "r10", 13: "r11", 14: "r12", 15: "lr"}
PEND = [0] * 4 + [7] * 4 + [0] * 4 + [8] * 4  # rotl pending at quarter-round boundaries


def quarter(a, b, c, d):
    """QR on words a, b, c, d with b pending 7 and d pending 8 (in and out)."""
    A, B, C, D = REG[a], REG[b], REG[c], REG[d]
    return ["add %s, %s, %s, ror #25" % (A, A, B),   # a += b
            "eor %s, %s, %s, ror #24" % (D, A, D),   # d ^= a   (then rotl 16 pending)
            "add %s, %s, %s, ror #16" % (C, C, D),   # c += d
            "eor %s, %s, %s, ror #25" % (B, C, B),   # b ^= c   (rotl 12 pending)
            "add %s, %s, %s, ror #20" % (A, A, B),   # a += b
            "eor %s, %s, %s, ror #16" % (D, A, D),   # d ^= a   (rotl 8 pending)
            "add %s, %s, %s, ror #24" % (C, C, D),   # c += d
            "eor %s, %s, %s, ror #20" % (B, C, B)]   # b ^= c   (rotl 7 pending)


def body():
    """(label or None, instruction, comment) lines of the function."""
    L = []

    def i(s, cmt=None):
        L.append((None, s, cmt))

    def lab(n, cmt=None):
        L.append((n, None, cmt))

    i("push {r4-r11, lr}")
    i("sub sp, sp, #%d" % FRAME)
    i("str r0, [sp, #%d]" % F_ST, "st")
    i("strd r2, r1, [sp, #%d]" % F_IN, "in, out")
    i("str r3, [sp, #%d]" % F_N, "blocks left")
    lab(".Lcc_block")
    i("movs r0, #10")
    i("str r0, [sp, #%d]" % F_CNT, "double rounds left")
    i("ldr lr, [sp, #%d]" % F_ST)
    i("ldmia lr, {r0-r11}", "x0..x11")
    i("strd r10, r11, [sp, #%d]" % F_X10, "x10, x11 to the frame")
    i("ldrd r10, r11, [lr, #48]")
    i("ldr r12, [lr, #56]")
    i("ldr lr, [lr, #60]", "x12..x15 in r10, r11, r12, lr")
    for w in range(16):
        if PEND[w]:
            i("ror %s, %s, #%d" % (REG[w], REG[w], PEND[w]),
              {4: "row b: R = word rotr 7", 12: "row d: R = word rotr 8"}.get(w))
    lab(".Lcc_round")
    L += [(None, s, None) for s in quarter(0, 4, 8, 12) + quarter(1, 5, 9, 13)]
    i("strd r8, r9, [sp, #%d]" % F_X8, "x8, x9 out, x10, x11 in")
    i("ldr r8, [sp, #%d]" % F_CNT)
    i("subs r8, r8, #1", "flags live until the bne")
    i("str r8, [sp, #%d]" % F_CNT)
    i("ldrd r8, r9, [sp, #%d]" % F_X10)
    L += [(None, s, None) for s in quarter(2, 6, 10, 14) + quarter(3, 7, 11, 15) +
          quarter(0, 5, 10, 15) + quarter(1, 6, 11, 12)]
    i("strd r8, r9, [sp, #%d]" % F_X10, "x10, x11 out, x8, x9 in")
    i("ldrd r8, r9, [sp, #%d]" % F_X8)
    L += [(None, s, None) for s in quarter(2, 7, 8, 13) + quarter(3, 4, 9, 14)]
    i("bne .Lcc_round")
    # feed-forward: out = in ^ (x + st), the pending rotations undone by the adds
    i("strd r10, r11, [sp, #%d]" % F_X12, "x12..x15 to the frame")
    i("strd r12, lr, [sp, #%d]" % F_X14)
    i("ldr r10, [sp, #%d]" % F_ST, "r10 = st, r11 = in, r12 = out")
    i("ldrd r11, r12, [sp, #%d]" % F_IN)

    def ff(w, r):
        rot = (32 - PEND[w]) & 31
        i("ldr lr, [r10, #%d]" % (4 * w))
        i("add %s, lr, %s%s" % (r, r, ", ror #%d" % rot if rot else ""))
        i("ldr lr, [r11, #%d]" % (4 * w))
        i("eor %s, %s, lr" % (r, r))
        i("str %s, [r12, #%d]" % (r, 4 * w))
    for w in range(10):
        ff(w, REG[w])
    for w, off in ((10, F_X10), (12, F_X12), (14, F_X14)):
        i("ldrd r0, r1, [sp, #%d]" % off)
        ff(w, "r0")
        ff(w + 1, "r1")
    i("ldr r0, [r10, #48]", "counter")
    i("add r0, r0, #1")
    i("str r0, [r10, #48]")
    i("add r11, r11, #64")
    i("add r12, r12, #64")
    i("strd r11, r12, [sp, #%d]" % F_IN)
    i("ldr r0, [sp, #%d]" % F_N)
    i("subs r0, r0, #1")
    i("str r0, [sp, #%d]" % F_N)
    i("bne .Lcc_block")
    i("add sp, sp, #%d" % FRAME)
    i("pop {r4-r11, pc}")
    return L


def render(lines):
    out = ["\\t%s\\n" % d for d in (".syntax unified", ".thumb", ".align 2", ".global " + FN,
                                     ".type %s, %%function" % FN, ".thumb_func")]
    out.append("%s: @ (st, out, in, nblocks)\\n" % FN)
    for lab, ins, cmt in lines:
        if lab is not None:
            out.append("%s:%s\\n" % (lab, " @ " + cmt if cmt else ""))
        else:
            out.append("\\t%s%s\\n" % (ins, " @ " + cmt if cmt else ""))
    out.append("\\t.size %s, . - %s\\n" % (FN, FN))
    # group into C string literals of a few instructions per line
    res, cur = [], ""
    for s in out:
        if cur and (len(cur) + len(s) > 88 or s.startswith(".L") or "@" in cur):
            res.append('    "%s"\n' % cur)
            cur = ""
        cur += s
    if cur:
        res.append('    "%s"\n' % cur)
    return "".join(res)


# ---- check: interpret the emitted text ---------------------------------------
def parse(text):
    """The instructions and labels back from the C string literals."""
    s = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', text))
    s = s.replace("\\n", "\n").replace("\\t", "\t").replace('\\"', '"')
    prog, labels = [], {}
    for ln in s.split("\n"):
        ln = ln.split("@")[0].strip()
        if ln.endswith(":"):
            labels[ln[:-1]] = len(prog)
            continue
        if not ln or ln.startswith("."):
            continue
        op, _, args = ln.partition(" ")
        prog.append((op, args.strip()))
    return prog, labels


def regno(r):
    r = r.strip()
    return {"sp": 13, "lr": 14, "pc": 15}.get(r) if r in ("sp", "lr", "pc") else int(r[1:])


def reglist(s):
    out = []
    for part in s.strip("{} ").split(","):
        part = part.strip()
        if "-" in part:
            a, b = part.split("-")
            out += list(range(regno(a), regno(b) + 1))
        else:
            out.append(regno(part))
    return out


class Machine:
    def __init__(self):
        self.r = [0] * 16
        self.mem = {}
        self.z = False
        self.writes = set()

    def ld(self, a):
        return sum(self.mem[a + k] << (8 * k) for k in range(4))

    def st(self, a, v):
        for k in range(4):
            self.mem[a + k] = (v >> (8 * k)) & 0xFF
            self.writes.add(a + k)

    def operand(self, s):
        s = s.strip()
        if s.startswith("#"):
            return int(s[1:], 0)
        return self.r[regno(s)]

    # complexity: instruction interpreter, one branch per Thumb-2 opcode used
    def run(self, prog, labels, limit=100000):
        pc, n = 0, 0
        RET = 0xFFFFFFF0
        while pc != RET:
            n += 1
            if n > limit:
                raise AssertionError("runaway")
            op, args = prog[pc]
            pc += 1
            a = [x.strip() for x in re.split(r",(?![^{]*})(?![^\[]*\])", args)]
            if op == "push":
                for q in reversed(reglist(args)):
                    self.r[13] -= 4
                    self.st(self.r[13], self.r[q])
            elif op == "pop":
                for q in reglist(args):
                    v = self.ld(self.r[13])
                    self.r[13] += 4
                    if q == 15:
                        pc = RET if v == RET else None
                    else:
                        self.r[q] = v
            elif op in ("add", "sub", "eor", "subs"):
                x = self.operand(a[1])
                y = self.operand(a[2])
                if len(a) > 3:
                    k, amt = a[3].split()
                    assert k == "ror"
                    y = ror(y, int(amt[1:]))
                v = {"add": (x + y), "sub": (x - y), "subs": (x - y), "eor": x ^ y}[op] & M32
                self.r[regno(a[0])] = v
                if op == "subs":
                    self.z = v == 0
            elif op == "movs":
                self.r[regno(a[0])] = self.operand(a[1])
                self.z = self.r[regno(a[0])] == 0
            elif op == "ror":
                self.r[regno(a[0])] = ror(self.r[regno(a[1])], int(a[2][1:]))
            elif op in ("ldr", "str", "ldrd", "strd"):
                m = re.match(r"\[(\w+)(?:, #(\d+))?\]", a[-1])
                base = self.r[regno(m.group(1))] + int(m.group(2) or 0)
                regs = [regno(x) for x in a[:-1]]
                if op.endswith("d"):
                    assert base % 4 == 0, "ldrd/strd unaligned"
                for k, q in enumerate(regs):
                    if op.startswith("ldr"):
                        self.r[q] = self.ld(base + 4 * k)
                    else:
                        self.st(base + 4 * k, self.r[q])
            elif op == "ldmia":
                base = self.r[regno(a[0])]
                assert base % 4 == 0
                for k, q in enumerate(reglist(a[1])):
                    self.r[q] = self.ld(base + 4 * k)
            elif op == "bne":
                if not self.z:
                    pc = labels[a[0]]
            else:
                raise AssertionError("unknown instruction " + op)
            if pc is None:
                raise AssertionError("bad return")
        return n


def chacha_ref(st):
    x = list(st)

    def qr(a, b, c, d):
        x[a] = (x[a] + x[b]) & M32; x[d] = ror(x[d] ^ x[a], 16)
        x[c] = (x[c] + x[d]) & M32; x[b] = ror(x[b] ^ x[c], 20)
        x[a] = (x[a] + x[b]) & M32; x[d] = ror(x[d] ^ x[a], 24)
        x[c] = (x[c] + x[d]) & M32; x[b] = ror(x[b] ^ x[c], 25)
    for _ in range(10):
        qr(0, 4, 8, 12); qr(1, 5, 9, 13); qr(2, 6, 10, 14); qr(3, 7, 11, 15)
        qr(0, 5, 10, 15); qr(1, 6, 11, 12); qr(2, 7, 8, 13); qr(3, 4, 9, 14)
    return b"".join(((x[i] + st[i]) & M32).to_bytes(4, "little") for i in range(16))


ST, SP, RET = 0x1000, 0x8000, 0xFFFFFFF0


def trial_setup(rnd, t):
    """A machine for trial t: random state (t % 4 == 1: the counter about to
    wrap), 1-3 blocks of input, output in place on odd trials, random
    registers, a marked stack. Returns (machine, st, input, out address,
    blocks, registers before)."""
    m = Machine()
    nb = 1 + t % 3
    st = [rnd.getrandbits(32) for _ in range(16)]
    if t % 4 == 1:
        st[12] = M32 - rnd.randrange(3)
    for k in range(16):
        m.st(ST + 4 * k, st[k])
    inb = bytes(rnd.getrandbits(8) for _ in range(64 * nb))
    IN = 0x2000 + rnd.randrange(4)
    OUT = IN if t % 2 else 0x4000 + rnd.randrange(4)
    for k, b in enumerate(inb):
        m.mem[IN + k] = b
    for k in range(64 * nb):
        m.mem.setdefault(OUT + k, 0xAA)
    m.r = [rnd.getrandbits(32) for _ in range(16)]
    m.r[0:4] = [ST, OUT, IN, nb]
    m.r[13], m.r[14] = SP, RET
    saved = list(m.r)
    for k in range(SP - 256, SP):
        m.mem[k] = 0x55
    m.writes.clear()
    return m, st, inb, OUT, nb, saved


def trial_verify(m, t, st, inb, OUT, nb, saved):
    """The output, the advanced state, the callee-saved registers and the
    bytes written after a run of trial t."""
    want, s = b"", list(st)
    for _ in range(nb):
        want += chacha_ref(s)
        s[12] = (s[12] + 1) & M32
    want = bytes(p ^ q for p, q in zip(want, inb))
    got = bytes(m.mem[OUT + k] for k in range(64 * nb))
    assert got == want, "trial %d: output differs" % t
    assert [m.ld(ST + 4 * k) for k in range(16)] == s, "trial %d: st" % t
    assert m.r[13] == SP and m.r[4:12] == saved[4:12], "trial %d: registers" % t
    bad = [a for a in m.writes if not (OUT <= a < OUT + 64 * nb or SP - 96 <= a < SP or
                                       ST + 48 <= a < ST + 52)]
    assert not bad, "trial %d: writes outside out/frame/st[12]" % t


def check(text, trials=40, seed=1):
    prog, labels = parse(text)
    rnd = random.Random(seed)
    counts = []
    for t in range(trials):
        m, st, inb, OUT, nb, saved = trial_setup(rnd, t)
        counts.append(m.run(prog, labels))
        trial_verify(m, t, st, inb, OUT, nb, saved)
    return counts


def main():
    text = render(body())
    counts = check(text)
    per = sorted(set(counts))
    sys.stderr.write("gen_chacha_armv7m: checked %d runs; instructions: %s for 1/2/3 blocks\n"
                     % (len(counts), per))
    if "--update" in sys.argv:
        write_generated(CFILE, text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
