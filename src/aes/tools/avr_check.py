"""avr_check.py -- the check of the AVR code gen_aes_avr.py writes: a small
interpreter of the AVR instructions used (cycle counts, call-saved
registers, the stack, r1, the SRAM tables, nothing written past the
output) run on random keys and blocks against aesref.py.
"""
import random

from aesref import aes_ref, sbox_table

FTAB, RTAB = "rijn_i_aes_avr_tab", "rijn_i_aes_avr_ram"  # the tables' symbols


def all_tables():
    sb = sbox_table()
    inv = [0] * 256
    for x, y in enumerate(sb):
        inv[y] = x
    xt = [((x << 1) ^ (0x1B if x & 0x80 else 0)) & 0xFF for x in range(256)]
    return [sb, xt, inv, [xt[xt[x]] for x in range(256)]]  # the last: 4x, decryption


def run_setkey(lines, tab, key):
    """Interprets the key setup; returns (schedule, cycles)."""
    rng = random.Random(len(key))
    R = [rng.getrandbits(8) for _ in range(32)]
    R[1] = 0
    KS, KEY = 0x300, 0x600
    mem = {KEY + i: v for i, v in enumerate(key)}
    for i in range(256):
        mem[KS + i] = 0xA5
    n = 16 * (len(key) // 4 + 7)
    R[24], R[25], R[22], R[23], R[20], R[21], R[18], R[19] = KS & 255, KS >> 8, KEY & 255, \
        KEY >> 8, len(key), 0, 3, 0
    cyc = execute(lines, "rijn_i_aes_avr_setkey", R, mem, tab)
    assert all(mem[KS + i] == 0xA5 for i in range(n, 256)), "wrote past the schedule"
    return bytes(mem[KS + i] for i in range(n)), cyc


TAB = 0x1200  # where the interpreter puts FTAB (flash)
RAMT = 0x3000  # and RTAB (data memory)


# complexity: instruction interpreter, one branch per AVR opcode used
def execute(lines, entry, R, mem, tab):
    """Runs the function at entry on registers R and memory mem (dicts of
    addresses), tab = (FTAB bytes, RTAB bytes); checks the stack, r1, the
    call-saved registers and the SRAM tables at the return; returns the
    cycle count."""
    labels, code = {}, []
    for ln in lines:
        s = ln.split(";")[0].strip()
        if not s or s.startswith(".") or s.startswith("#"):
            if s.startswith(".L") and s.endswith(":"):
                labels[s[:-1]] = len(code)
            continue
        if s.endswith(":"):
            labels[s[:-1]] = len(code)
            continue
        op, _, rest = s.partition(" ")
        code.append((op, [a.strip() for a in rest.split(",")] if rest else [], s))
    saved0 = {r: R[r] for r in list(range(2, 18)) + [28, 29]}
    flash = {TAB + i: v for i, v in enumerate(tab[0])}
    for i, v in enumerate(tab[1]):
        mem[RAMT + i] = v
    syms = {FTAB: TAB, RTAB: RAMT}
    SP0 = 0x3FFF
    sp, pc, cyc, Z, C, T = SP0, labels[entry], 0, False, False, False
    calls = []
    reg = {"r%d" % i: i for i in range(32)}.__getitem__
    ptrs = {"X": 26, "Y": 28, "Z": 30}
    while True:
        op, args, ins = code[pc]
        pc += 1
        if op == "eor":
            R[reg(args[0])] ^= R[reg(args[1])]; cyc += 1
            continue
        if op == "lpm":
            R[reg(args[0])] = flash[R[30] | R[31] << 8]; cyc += 3
            continue
        if op == "mov":
            R[reg(args[0])] = R[reg(args[1])]; cyc += 1
            continue
        if op == "push":
            mem[sp] = R[reg(args[0])]; sp -= 1; cyc += 2
        elif op == "pop":
            sp += 1; R[reg(args[0])] = mem[sp]; cyc += 2
        elif op == "in":
            R[reg(args[0])] = (sp & 255) if args[1] == "0x3d" else (sp >> 8); cyc += 1
        elif op == "movw":
            d, s_ = reg(args[0]), reg(args[1]); R[d], R[d + 1] = R[s_], R[s_ + 1]; cyc += 1
        elif op in ("lsr", "lsl"):
            d = reg(args[0])
            if op == "lsr":
                C = bool(R[d] & 1); R[d] >>= 1
            else:
                C = bool(R[d] & 128); R[d] = (R[d] << 1) & 255
            cyc += 1
        elif op in ("ld", "st"):
            rr, pa = (args[0], args[1]) if op == "ld" else (args[1], args[0])
            p = ptrs[pa.strip("+-")]
            a = R[p] | R[p + 1] << 8
            if pa.startswith("-"):
                a -= 1
            if op == "ld":
                R[reg(rr)] = mem[a]
            else:
                mem[a] = R[reg(rr)]
            if pa.endswith("+"):
                a += 1
            if pa != pa.strip("+-"):  # ld r30, Z (no update) keeps what it loaded
                assert reg(rr) not in (p, p + 1), ins
                R[p], R[p + 1] = a & 255, a >> 8
            cyc += 2
        elif op in ("ldd", "std"):
            rr, pa = (args[0], args[1]) if op == "ldd" else (args[1], args[0])
            a = (R[28] | R[29] << 8) + int(pa.split("+")[1])
            if op == "ldd":
                R[reg(rr)] = mem[a]
            else:
                mem[a] = R[reg(rr)]
            cyc += 2
        elif op == "ldi":
            if args[1].startswith("hi8("):
                name, _, off = args[1][4:-1].partition("+")
                R[reg(args[0])] = (syms[name] + int(off or "0")) >> 8
            else:
                R[reg(args[0])] = int(args[1], 0) & 255
            cyc += 1
        elif op == "andi":
            R[reg(args[0])] &= int(args[1], 0); cyc += 1
        elif op in ("sub", "sbc", "subi", "sbci", "cp", "cpc", "cpi"):
            d = reg(args[0])
            k = int(args[1], 0) if op in ("subi", "sbci", "cpi") else R[reg(args[1])]
            carry = op in ("sbc", "sbci", "cpc")
            v = R[d] - k - (1 if (carry and C) else 0)
            C = v < 0
            Z = (v & 255) == 0 and (Z or not carry)  # the *c forms keep a nonzero result
            if not op.startswith("cp"):
                R[d] = v & 255
            cyc += 1
        elif op == "add":
            d = reg(args[0]); v = R[d] + R[reg(args[1])]; C = v > 255; R[d] = v & 255; cyc += 1
        elif op == "adc":
            d = reg(args[0]); v = R[d] + R[reg(args[1])] + (1 if C else 0); C = v > 255
            R[d] = v & 255; cyc += 1
        elif op == "adiw":
            d = reg(args[0]); v = (R[d] | R[d + 1] << 8) + int(args[1], 0); C = v > 0xFFFF
            v &= 0xFFFF; Z = v == 0; R[d], R[d + 1] = v & 255, v >> 8; cyc += 2
        elif op == "eor":
            R[reg(args[0])] ^= R[reg(args[1])]; cyc += 1
        elif op == "mov":
            R[reg(args[0])] = R[reg(args[1])]; cyc += 1
        elif op == "lpm":
            R[reg(args[0])] = flash[R[30] | R[31] << 8]; cyc += 3
        elif op in ("inc", "dec"):
            d = reg(args[0]); R[d] = (R[d] + (1 if op == "inc" else -1)) & 255
            Z = R[d] == 0; cyc += 1
        elif op == "swap":
            d = reg(args[0]); R[d] = ((R[d] << 4) | (R[d] >> 4)) & 255; cyc += 1
        elif op in ("brne", "breq", "brtc", "brts", "brcc", "brcs"):
            take = {"brne": not Z, "breq": Z, "brtc": not T, "brts": T, "brcc": not C,
                    "brcs": C}[op]
            if take:
                pc = labels[args[0]]; cyc += 2
            else:
                cyc += 1
        elif op in ("set", "clt"):
            T = op == "set"; cyc += 1
        elif op == "rjmp":
            pc = labels[args[0]]; cyc += 2
        elif op == "rcall":
            calls.append(pc); pc = labels[args[0]]; cyc += 3
        elif op == "clr":
            R[reg(args[0])] = 0; Z = True; cyc += 1
        elif op == "ret":
            cyc += 4
            if not calls:
                break
            pc = calls.pop()
        else:
            raise ValueError(ins)
    assert sp == SP0 and R[1] == 0
    assert all(mem[RAMT + i] == v for i, v in enumerate(tab[1])), "an SRAM table changed"
    assert all(R[r] == v for r, v in saved0.items()), "a call-saved register changed"
    return cyc


def run_avr(lines, tab, rk, rounds, blk, nblk=1, entry="rijn_i_aes_avr_enc"):
    """Interprets a generated block function; returns (output, cycles)."""
    rng = random.Random(nblk)
    R = [rng.getrandbits(8) for _ in range(32)]
    R[1] = 0
    mem = {}
    RK, IN, OUT = 0x300, 0x500, 0x500 + 16 * nblk + 32
    for i, v in enumerate(rk):
        mem[RK + i] = v
    for i in range(16 * nblk):  # blk: one block, repeated, or nblk blocks
        mem[IN + i] = blk[i % len(blk)]
    R[24], R[25], R[22], R[20], R[21], R[18], R[19] = RK & 255, RK >> 8, rounds, OUT & 255, \
        OUT >> 8, IN & 255, IN >> 8
    R[16], R[17], R[23] = nblk & 255, nblk >> 8, 0
    for i in range(16 * nblk, 16 * nblk + 16):  # must stay unwritten
        mem[OUT + i] = 0xA5
    cyc = execute(lines, entry, R, mem, tab)
    assert all(mem[OUT + i] == 0xA5 for i in range(16 * nblk, 16 * nblk + 16))
    return bytes(mem[OUT + i] for i in range(16 * nblk)), cyc


def check(lines, with_dec=True, ram=False):
    sb, xt, inv, x4 = all_tables()
    tab = (inv + x4, sb + xt) if ram else (sb + xt + inv + x4, [])
    rng = random.Random(7)
    # FIPS 197 C.1
    k = bytes(range(16))
    pt = bytes.fromhex("00112233445566778899aabbccddeeff")
    ref, rk, rounds = aes_ref(k, pt)
    assert ref.hex() == "69c4e0d86a7b0430d8cdb78070b4c55a"
    cycles = {}
    for kl in (16, 24, 32):
        for _ in range(3):
            k = bytes(rng.getrandbits(8) for _ in range(kl))
            pt = bytes(rng.getrandbits(8) for _ in range(16))
            ref, rk, rounds = aes_ref(k, pt)
            if with_dec:  # the key setup is common to both builds
                sk, kcyc = run_setkey(lines, tab, k)
                assert sk == rk, "AES-%d key schedule mismatch" % (kl * 8)
                cycles["setkey%d" % (kl * 8)] = kcyc
            out, cyc = run_avr(lines, tab, rk, rounds, pt)
            assert out == ref, "AES-%d mismatch" % (kl * 8)
            # three different blocks (the pointers advance), and none
            pts = [bytes(rng.getrandbits(8) for _ in range(16)) for _ in range(2)] + [pt]
            refs = [aes_ref(k, b)[0] for b in pts]
            out, cyc3 = run_avr(lines, tab, rk, rounds, b"".join(pts), 3)
            assert out == b"".join(refs), "AES-%d mismatch (3 blocks)" % (kl * 8)
            assert run_avr(lines, tab, rk, rounds, pt, 0)[0] == b""
            if not with_dec:
                cycles[kl * 8] = (cyc, (cyc3 - cyc) // 2)
                continue
            dec, dcyc = run_avr(lines, tab, rk, rounds, ref, 1, "rijn_i_aes_avr_dec")
            assert dec == pt, "AES-%d decryption mismatch" % (kl * 8)
            dec, dcyc3 = run_avr(lines, tab, rk, rounds, b"".join(refs), 3,
                                 "rijn_i_aes_avr_dec")
            assert dec == b"".join(pts), "AES-%d decryption mismatch (3 blocks)" % (kl * 8)
            assert run_avr(lines, tab, rk, rounds, ref, 0, "rijn_i_aes_avr_dec")[0] == b""
            cycles[kl * 8] = (cyc, (cyc3 - cyc) // 2, dcyc, (dcyc3 - dcyc) // 2)
    # a block count over 8 bits (257: the high byte of the count counts)
    ref, rk, rounds = aes_ref(bytes(16), bytes(16))
    out, _ = run_avr(lines, tab, rk, rounds, bytes(16), 257)
    assert out == ref * 257, "257 blocks"
    if with_dec:
        out, _ = run_avr(lines, tab, rk, rounds, ref, 257, "rijn_i_aes_avr_dec")
        assert out == bytes(16 * 257), "257 blocks, decryption"
    return cycles
