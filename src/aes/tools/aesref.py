"""aesref.py -- a plain Python AES (S-box from the field inverse, key
expansion, encryption) that the generators in this folder check their
output against.
"""


def sbox_table():
    def mul(a, b):
        r = 0
        while b:
            if b & 1:
                r ^= a
            a = ((a << 1) ^ (0x11B if a & 0x80 else 0)) & 0x1FF
            b >>= 1
        return r
    t = []
    for x in range(256):
        inv = 0 if x == 0 else next(y for y in range(1, 256) if mul(x, y) == 1)
        s = inv
        for i in range(1, 5):
            s ^= ((inv << i) | (inv >> (8 - i))) & 0xFF
        t.append(s ^ 0x63)
    return t


def expand(key):
    sb = sbox_table()
    nk = len(key) // 4
    rounds = nk + 6
    w = [list(key[4 * i:4 * i + 4]) for i in range(nk)]
    rc = 1
    for i in range(nk, 4 * (rounds + 1)):
        t = list(w[i - 1])
        if i % nk == 0:
            t = [sb[x] for x in t[1:] + t[:1]]
            t[0] ^= rc
            rc = ((rc << 1) ^ (0x1B if rc & 0x80 else 0)) & 0xFF
        elif nk > 6 and i % nk == 4:
            t = [sb[x] for x in t]
        w.append([a ^ b for a, b in zip(w[i - nk], t)])
    return bytes(sum(w, [])), rounds


def aes_ref(key, blk):
    sb = sbox_table()
    rk, rounds = expand(key)
    s = [a ^ b for a, b in zip(blk, rk[:16])]
    xt = lambda x: ((x << 1) ^ (0x1B if x & 0x80 else 0)) & 0xFF
    for rnd in range(1, rounds + 1):
        s = [sb[x] for x in s]
        s = [s[4 * ((c + r) % 4) + r] for c in range(4) for r in range(4)]
        if rnd != rounds:
            n = []
            for c in range(4):
                a = s[4 * c:4 * c + 4]
                t = a[0] ^ a[1] ^ a[2] ^ a[3]
                n += [a[i] ^ t ^ xt(a[i] ^ a[(i + 1) % 4]) for i in range(4)]
            s = n
        s = [a ^ b for a, b in zip(s, rk[16 * rnd:16 * rnd + 16])]
    return bytes(s), rk, rounds
