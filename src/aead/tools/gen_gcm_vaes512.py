#!/usr/bin/env python3
"""gen_gcm_vaes512.py -- the hand-scheduled iteration of the stitched
VAES-512 AES-GCM loop (src/aead/gcm_stitch_vaes512.c): the AES rounds of
64 counter blocks with the GHASH of 64 other blocks between them, as GNU
inline assembly (AT&T syntax), one static inline function per key size
and direction.

  python3 src/aead/tools/gen_gcm_vaes512.py [--update]

Prints the text between the GENERATED markers of
src/aead/gcm_vaes512_asm_i.h, or with --update writes it there.
tests/aes/test_aes_asm_gen.py checks that the committed text is this
program's output; every GCM test (NIST, Wycheproof, the differential tests
against OpenSSL, tests/gcm/test_gcm_stitch.c) checks what it does on a CPU
with VAES-512. Before printing, check() verifies the order rules below.

One iteration (the C caller passes the counter word and s, and gets s):
- AES: round 0 from the counters, rounds 1 .. R-1 of the sixteen states
  (one key load per round), the last round with the input XORed into the
  last round key (off the VAESENCLAST chain), the sixteen stores. Every
  load of the blocks to hash comes before the first store, each input
  block before its store: out == in works (gcm.c refuses other overlaps).
- GHASH: the 64 blocks at g, byte-swapped, the running hash s XORed into
  the first, each register times its power (table hp, already times x^-1)
  by Karatsuba: low and high products of each register, the middle
  product of each pair of registers from their Karatsuba words (table kp),
  summed unreduced into lo, mid, hi (three-way XORs). Pairs 1..7 first,
  the pair that takes s last (s comes from the previous reduction).
- The GHASH instructions come in equal shares after each round's
  sixteen VAESENC (rounds 1 .. R-1 when sealing, 1 .. R when opening);
  sealing stores each block right after its VAESENCLAST, opening after
  the last round (each measured the faster for its direction on Zen 5;
  one VAESENC, one GHASH instruction, as evenly as can be, was 3% slower
  than both).
- Counters: round 0 from the counter word (see counters()); the sums are
  reduced and the lanes added at the end (see reduction()).
Per 64 blocks: 16 R VAESENC, 50 VPCLMULQDQ, ~105 other (18 counter, 16
input XOR, 17 VPSHUFB, 24 Karatsuba words, 24 three-way XORs, ~10
reduction). Measured against this (same-run, AES-128 1 MiB, Zen 5): cut
down, not correct, hashing the input instead of the previous output 4%
faster, no reduction 2%; tried without gain: the GHASH work one
instruction after each VAESENC (+3%), every 4 or 8, before the rounds,
every other round, from round 2 or 3 on, prefetching the input (+2-4%),
hashing two iterations back. Again on 28 Nov 2026 with the counter
table (1 MiB, GCM/CTR time medians, AES-256 / AES-128): GHASH work after
every 8 VAESENC 1.14 -> 1.17 / 1.43 -> 1.44, every 4 1.17 / 1.45, from
round 2 1.15 / 1.47, up to round R-2 1.16-1.18 / 1.47; the byte swaps of
4, 8, 12 of the 16 registers by shifts, an OR and word shuffles (off
VAESENC's pipes; the qword order folded into the products' selectors)
1.14 -> 1.18, 1.21, 1.25; no byte swaps at all (not correct) 1.12 ->
1.08 / 1.41 -> 1.39, the most any other way of swapping could give;
the iteration whose low byte carries also from tables (per register an
AND with a carry mask and a three-way XOR; the swapped counter with its
low byte cleared and its carried difference made in C per iteration)
1.44 -> 1.51 (AES-128), though leaving its adds out (not correct) gave
1.42 -> 1.38.
Again 28 Nov 2026 (what bounds it: bench/host/gcm_bound.c, notes; the
AES-128 iteration is bound by its GHASH alone, 50 VPCLMULQDQ and their
operations). Rounds 1 and 2 from tables: after round 1 the blocks of an
iteration that does not carry out of the low byte differ in column 0
only (from the nonce's bytes 0, 5, 10 and the low byte) and SubBytes is
bytewise, so round 2 of a block is F XOR E, F = round 2 of the swapped
counter after round 1 with column 0 cleared (two VAESENC and an AND an
iteration), E per low byte from a per-call table (key-dependent, 4 KiB,
wiped): 30 VAESENC fewer an iteration. The iteration alone (16 KiB, L1,
ticks/B, medians of 9): AES-128 seal 0.0697 -> 0.0681, open 0.0707 ->
0.0684, AES-256 0.0793 -> 0.0768, 0.0799 -> 0.0779; in the library the
table cost (~350 cycles a call with the wipe) 16 KiB 16 %, 32 KiB 7 %,
64 KiB 2.5 %, and from 128 KiB on (own functions and loop) the 1 MiB
rows moved by AES-128 -1..+1 %, AES-256 -4..+2 % with where the loop
landed (inlined, noinline, .p2align 6), 2-32 KiB +0..2 %: below this
kernel's placement noise, not kept (scripts/ab-builds.sh, 101-150 reps;
branch gcm-round-tables, 0d2f1cd). Again after the pin (below), 28 Nov
2026 (branch gcmtab-code: 72c2737 the port, 85e6451 a variant;
scripts/ab-builds.sh vs main 09fed7e, one process, 100 reps, medians,
input and output at 0 and +48): 1 MiB AES-256 seal -0.9..-2.1 %, open
-0.1..-2.9 % (5 runs; 6 earlier open runs -1.8..-4.5 %), AES-128
+0.0..+3.2 %, 128 KiB -1.4..+1.6 %, 16 KiB (no tables: layout only)
-2.0..+5.1 %; with the caller's stack shifted by 0..4032 bytes (128-byte
steps; an alloca in a copy of bench/host/ab_builds.c) AES-256 seal
-0.1..-1.8 %: about 1 % in the library against 3 % for the iteration
alone. The tables in the loop's own frame and the loop in its own
section (run() where main has it): AES-256 1 MiB +0.2..+3.1 % slower,
with one of the two -0.5..+3.6 %: where the code lands moves the 1 MiB
rows as much as the tables save. Python (rijn.AESGCM against
cryptography's, AES-256 1 MiB, time, 14 processes each): encrypt 0.706
-> 0.725, decrypt 0.694 -> 0.718. Not kept. The iteration that carries
out of the low byte from tables too (one VPTERNLOGQ a register: the
swapped counter XOR its mask AND the carried change): within noise (1
MiB min ratios AES-128 seal 1.438 -> 1.407, open 1.348 -> 1.338, medians
equal). Sealing with opening's schedule, or with the stores after the
last round (iteration alone, 64 KiB and 1 MiB, output at 0/+16/+48): no
better.
What the 1 MiB rows lose (28 Nov 2026, afternoon; the iteration alone
in a throwaway harness, separate input and output buffers, TSC ticks/B,
best of 7; AES-128 seal): 16 KiB 0.069, 256 KiB 0.068-0.069, 1 MiB
0.073-0.078 (CTR's iteration 0.047 -> 0.051). The output stream costs
it: the stores to one 1 KiB buffer instead (not correct) 0.070, the
input from one buffer 0.072, hashing the input instead of the output no
change. Not recovered by: prefetching the output (PREFETCHW, PREFETCHT0,
PREFETCHT1; 1, 2, 4, 8, 16, 32 KiB ahead: 0.081-0.085, slower), the
stores spread over the next iteration (the ciphertext to a stack buffer,
each GHASH load from it stored on to the output: 0.075-0.080), the
powers as register operands or the GHASH loads left out (not correct:
no gain at 1 MiB). Non-temporal stores go to DRAM: a plain XOR copy of
1 MiB runs 0.066 with them against 0.040 with ordinary stores.
Placement: each block starts on a 64-byte line (.p2align 6; the padding
NOPs run once per iteration). Unpinned, the block moved with the
function's address: in the statically linked scripts/bench.sh harness,
run() at 32 mod 64 (b6ef2cf) against 48 mod 64 (59826c7) made 1 MiB
AES-256 seal 112-114k -> 123-128k TSC ticks; pinned, 101-117k (seal) and
AES-128 open 88-91k against 94-100k / 101-105k (the two binaries and this
one alternated, three rounds each, Zen 5).
Constant time: branches on be only (public), addresses from the public
pointers only.
Registers: s and cw are operands (the compiler picks them); zmm0..zmm15 hold the AES states, zmm16..zmm18 the sums, zmm24..zmm31
are scratch: the round key, the byte-swap mask, two data registers, the
Karatsuba words, two products, the last round's input.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "tools"))
import asmgen  # noqa: E402
from asmgen import ROOT  # noqa: E402
HFILE = "src/aead/gcm_vaes512_asm_i.h"
NR = 16  # registers (4 blocks each) per iteration
KEY, MSK, DA, DB, KT, P0, P1, TMP = ("%%%%zmm%d" % i for i in range(24, 32))
SUM = {"lo": "%%zmm16", "mid": "%%zmm17", "hi": "%%zmm18"}


def x(i):
    return "%%%%zmm%d" % i


def pair_ops(p, swap=True):
    """The GHASH instructions of registers 2p and 2p + 1, in order (swap
    False: POLYVAL, whose blocks are already in the V form)."""
    qa, qb = 2 * p, 2 * p + 1
    ops = ["vmovdqu64 %d(%%[g]), %s" % (64 * qa, DA),
           "vmovdqu64 %d(%%[g]), %s" % (64 * qb, DB)]
    if swap:
        ops += ["vpshufb %s, %s, %s" % (MSK, DA, DA),
                "vpshufb %s, %s, %s" % (MSK, DB, DB)]
    if p == 0:
        ops.append("vpxorq %%[s], %s, %s" % (DA, DA))
    first = p == 1  # the first pair writes the sums instead of adding to them
    ops += ["vpunpcklqdq %s, %s, %s" % (DB, DA, KT),
            "vpunpckhqdq %s, %s, %s" % (DB, DA, P0),
            "vpxorq %s, %s, %s" % (P0, KT, KT)]
    for acc, sel in (("lo", 0x00), ("hi", 0x11)):
        ops += ["vpclmulqdq $0x%02x, %d(%%[hp]), %s, %s" % (sel, 64 * qa, DA, P0),
                "vpclmulqdq $0x%02x, %d(%%[hp]), %s, %s" % (sel, 64 * qb, DB, P1)]
        ops.append("vpxorq %s, %s, %s" % (P1, P0, SUM[acc]) if first else
                   "vpternlogq $0x96, %s, %s, %s" % (P1, P0, SUM[acc]))
    ops += ["vpclmulqdq $0x00, %d(%%[kp]), %s, %s" % (64 * p, KT, P0),
            "vpclmulqdq $0x11, %d(%%[kp]), %s, %s" % (64 * p, KT, P1)]
    ops.append("vpxorq %s, %s, %s" % (P1, P0, SUM["mid"]) if first else
               "vpternlogq $0x96, %s, %s, %s" % (P1, P0, SUM["mid"]))
    return ops


def iteration(rounds, seal, siv=False):
    """The instruction lines of one iteration for AES with `rounds` rounds:
    for sealing each store right after its VAESENCLAST and the GHASH work
    in rounds 1 .. R-1; for opening the stores after the last round and
    the GHASH work in rounds 1 .. R (each measured the faster for its
    direction on Zen 5: see gcm_stitch_vaes512.c). siv: GCM-SIV's
    opening (counters_siv(), POLYVAL: no byte swaps), with sealing's
    schedule: like sealing it hashes the previous iteration's output
    (the plaintext)."""
    aes = []  # (instruction, is a slot for GHASH work after it)
    out = counters_siv() if siv else counters()
    for r in range(1, rounds):
        aes.append(("vmovdqa64 %d(%%[rk]), %s" % (64 * r, KEY), False))
        aes += [("vaesenc %s, %s, %s" % (KEY, x(i), x(i)), i == NR - 1) for i in range(NR)]
    aes.append(("vmovdqa64 %d(%%[rk]), %s" % (64 * rounds, KEY), False))
    for i in range(NR):
        aes.append(("vpxorq %d(%%[in]), %s, %s" % (64 * i, KEY, TMP), False))
        aes.append(("vaesenclast %s, %s, %s" % (TMP, x(i), x(i)), not seal and i == NR - 1))
        if seal:
            aes.append(("vmovdqu64 %s, %d(%%[out])" % (x(i), 64 * i), False))
    gh = [] if siv else ["vbroadcasti32x4 (%[c]), " + MSK]
    for p in list(range(1, NR // 2)) + [0]:
        gh += pair_ops(p, not siv)
    slots = sum(1 for _, s in aes if s)
    k, seen = 0, 0
    for ins, slot in aes:
        out.append(ins)
        if slot:
            seen += 1
            # GHASH instructions [k, len(gh) * seen / slots) after this one
            end = len(gh) * seen // slots
            out += gh[k:end]
            k = end
    assert k == len(gh)
    if not seal:
        out += ["vmovdqu64 %s, %d(%%[out])" % (x(i), 64 * i) for i in range(NR)]
    out += reduction()
    check(out)
    return out


def counters():
    """Round 0 of the sixteen registers from the counter word cw (lane j:
    counter + j, its 32-bit counter byte-reversed in dword 3). With a
    public counter whose low byte does not carry in this iteration (be
    != 0), one byte swap and the round key, then: be = 2 (long texts),
    register i is that XOR the table row d + 64 i, (counter + j + 4 i) XOR
    (counter + j) in the last byte of lane j, which the C caller makes
    once per call (it depends on the counter's low byte mod 64 and its
    bit 6 only): one XOR per register instead of an add and an XOR (1
    MiB seal, GCM/CTR time, Zen 5: AES-128 1.43 -> 1.40, AES-256 1.15 ->
    1.14); be = 1, big-endian adds. Else (be = 0) a byte swap per
    register. The sums come from a tree of adds (counter + 4i as
    (counter + 4(i - 2^k)) + 4 2^k), four adds deep: a chain of fifteen
    adds held the rounds of the last registers back (3 of 75 ticks an
    iteration)."""
    def tree(inc):
        # x(i) = counter + 4i from x(i - 2^k) and the constant 4 2^k
        ops = ["vbroadcasti32x4 %d(%%[c]), %s" % (inc, P1),
               "vpaddd %s, %s, %s" % (P1, TMP, x(1))]
        for k, row in ((1, 16), (2, 32), (3, 48)):
            ops.append("vbroadcasti32x4 %d(%%[c]), %s" % (inc + row, P1))
            ops += ["vpaddd %s, %s, %s" % (P1, TMP if i == 0 else x(i), x(i + (1 << k)))
                    for i in range(1 << k)]
        return ops
    table = ["vpshufb %s, %%[cw], %s" % (P0, TMP), "vpxorq %s, %s, %s" % (KEY, TMP, TMP)]
    table += ["vpxorq %d(%%[d]), %s, %s" % (64 * i, TMP, x(i)) for i in range(NR)]
    swapped = ["vpshufb %s, %%[cw], %s" % (P0, TMP)] + tree(48)
    swapped += ["vpxorq %s, %s, %s" % (KEY, TMP if i == 0 else x(i), x(i)) for i in range(NR)]
    each = ["vmovdqa64 %%[cw], %s" % TMP] + tree(112)
    for i in range(NR):
        each += ["vpshufb %s, %s, %s" % (P0, TMP if i == 0 else x(i), x(i)),
                 "vpxorq %s, %s, %s" % (KEY, x(i), x(i))]
    return (["vmovdqa64 (%%[rk]), %s" % KEY,
             "vbroadcasti32x4 16(%%[c]), %s" % P0,
             "cmpl $1, %[be]", "ja 4f", "je 1f"] + each + ["jmp 2f", "1:"] + swapped +
            ["jmp 2f", "4:"] + table + ["2:"])


def counters_siv():
    """GCM-SIV's round 0: the counter is the little-endian first dword of
    each lane (lane j of cw: counter + j), so register i is cw + 4i in
    dword 0 (the same tree of adds as counters(), the increments 4, 8,
    16, 32 as little-endian words at offset 176 of the constants), no
    byte swap, and wraps mod 2^32 without touching the other 12 bytes
    (RFC 8452)."""
    ops = ["vmovdqa64 (%%[rk]), %s" % KEY, "vmovdqa64 %%[cw], %s" % TMP,
           "vbroadcasti32x4 176(%%[c]), %s" % P1, "vpaddd %s, %s, %s" % (P1, TMP, x(1))]
    for k, row in ((1, 16), (2, 32), (3, 48)):
        ops.append("vbroadcasti32x4 %d(%%[c]), %s" % (176 + row, P1))
        ops += ["vpaddd %s, %s, %s" % (P1, TMP if i == 0 else x(i), x(i + (1 << k)))
                for i in range(1 << k)]
    return ops + ["vpxorq %s, %s, %s" % (KEY, TMP if i == 0 else x(i), x(i)) for i in range(NR)]


def reduction():
    """s = the sums reduced (lane by lane, by two carry-less multiplies by
    the polynomial's x^63 + x^62 + x^57 word) and the four lanes added:
    mid += lo + hi (Karatsuba), mid += lo_0 * P + swap(lo),
    hi += mid_0 * P + swap(mid); the upper lanes of s are zero."""
    lo, mid, hi = SUM["lo"], SUM["mid"], SUM["hi"]
    return ["vpternlogq $0x96, %s, %s, %s" % (hi, lo, mid),
            "vbroadcasti32x4 32(%%[c]), %s" % P1,
            "vpclmulqdq $0x01, %s, %s, %s" % (lo, P1, P0),
            "vpshufd $0x4e, %s, %s" % (lo, lo),
            "vpternlogq $0x96, %s, %s, %s" % (P0, lo, mid),
            "vpclmulqdq $0x01, %s, %s, %s" % (mid, P1, P0),
            "vpshufd $0x4e, %s, %s" % (mid, mid),
            "vpternlogq $0x96, %s, %s, %s" % (P0, mid, hi),
            "vextracti64x4 $1, %s, %%%%ymm16" % hi,
            "vpxorq %%ymm18, %%ymm16, %%ymm16",
            "vextracti32x4 $1, %%ymm16, %%xmm17",
            "vpxorq %%xmm17, %%xmm16, %%xmm16",
            "vmovdqa64 %%zmm16, %[s]"]


def check(lines):
    """Order rules the C caller relies on (out equals in or does not
    overlap it): every load of the blocks to hash before the first store,
    the input block of each store loaded before it; each scratch register
    written before it is read, the sums written (by the first pair)
    before they are added to."""
    first_store = min(i for i, ln in enumerate(lines) if "(%[out])" in ln)
    assert all(i < first_store for i, ln in enumerate(lines) if "(%[g])" in ln)
    for i, ln in enumerate(lines):
        if "(%[out])" in ln:
            off = ln.split(", ")[1].split("(")[0]
            assert any(off + "(%[in])" in m for m in lines[:i]), ln
    check_registers(lines)


def check_registers(lines):
    """Each scratch register written before it is read."""
    written = set()
    for ln in lines:
        if ln.endswith(":") or ln.startswith("j"):
            continue
        ops = [o.strip() for o in ln.split(None, 1)[1].split(",")]
        srcs, dst = ops[:-1], ops[-1]
        if ln.startswith("vpternlogq"):
            srcs = ops[1:]
        for o in srcs:
            if o.startswith("%%zmm"):
                assert o in written, (ln, o)
        if "(%[out])" not in ln:
            written.add(dst)


def c_function(rounds, seal, siv=False):
    name = "%s%d" % ("sivopen" if siv else "seal" if seal else "open", rounds)
    lines = asmgen.pack_body(["\t" + ln if not ln.endswith(":") else ln
                              for ln in [".p2align 6"] + iteration(rounds, seal, siv)], width=96)
    regs = ['"xmm%d"' % i for i in list(range(19)) + list(range(24, 32))]
    clob = ",\n          ".join(", ".join(regs[i:i + 9]) for i in range(0, len(regs), 9))
    what = "GCM-SIV opening (POLYVAL)" if siv else "sealing" if seal else "opening"
    return ("/* One iteration, %s, AES with %d rounds (see the generator). */\n"
            "GCM512_ASM_FN void gcm512_%s(__m512i *s, __m512i cw, int be, const gcm512_ptrs *p)\n"
            "{\n"
            "    __asm__ volatile(\n" % (what, rounds, name) + lines +
            '        : [s] "+v"(*s)\n'
            '        : [cw] "v"(cw), [be] "r"(be), [rk] "r"(p->rk), [hp] "r"(p->hp),\n'
            '          [kp] "r"(p->kp), [c] "r"(p->c), [in] "r"(p->in), [out] "r"(p->out),\n'
            '          [g] "r"(p->g), [d] "r"(p->d)\n'
            "        : %s,\n"
            '          "cc", "memory");\n'
            "}\n" % clob)


def body():
    """GCM's six functions, or (the includer defines GCM512_ASM_SIV: the
    GCM-SIV kernel, gcmsiv_stitch_vaes512.c) GCM-SIV's three."""
    gcm = "\n".join(c_function(rounds, seal) for seal in (1, 0) for rounds in (10, 12, 14))
    siv = "\n".join(c_function(rounds, 1, True) for rounds in (10, 12, 14))
    return "#ifndef GCM512_ASM_SIV\n" + gcm + "#else\n" + siv + "#endif\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--update", action="store_true")
    a = ap.parse_args()
    asmgen.emit(body(), os.path.join(ROOT, HFILE), a.update)


if __name__ == "__main__":
    main()
