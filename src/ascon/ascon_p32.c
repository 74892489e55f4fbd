/*
 * ascon_p32.c -- the Ascon permutation bit-interleaved on 32-bit words
 * (for 32-bit CPUs: Cortex-M, RISC-V 32; NIST SP 800-232 section 3).
 *
 * Implementation notes
 *   Layout: each 64-bit word x is held as two 32-bit words, e (its even
 *   bits: e bit m = x bit 2m) and o (its odd bits). A 64-bit rotation by
 *   2k is a rotation of e and o by k; by 2k+1 it is e' = o >>> k,
 *   o' = e >>> (k+1). So the linear layer needs only 32-bit rotations,
 *   and the S-box (bitwise) runs unchanged on the e and o halves.
 *   The state stays in uint64_t between calls (the modes work on bytes);
 *   each call interleaves the five words on entry and de-interleaves them
 *   on exit with four delta swaps per 32-bit half (about 10% of p12).
 *   Round constants are split into their even and odd bits.
 *   Constant time: XOR, AND, NOT, shifts and rotations by constants only.
 *   Vectors: compared with ascon_p64.c on random states for every round
 *   count (tests/ascon/test_ascon.c); all Ascon KATs when it is the default
 *   (RIJN_CFG_ASCON_32=1, 32-bit targets).
 */
#include "ascon_i.h"

#include "internal.h"

RIJN_INLINE uint32_t ror32(uint32_t x, unsigned n)
{
    return (x >> n) | (x << ((32 - n) & 31));
}

/* Even bits of u to the low half, odd bits to the high half. */
RIJN_INLINE uint32_t unshuffle(uint32_t u)
{
    uint32_t t;
    t = (u ^ (u >> 1)) & 0x22222222u;
    u ^= t ^ (t << 1);
    t = (u ^ (u >> 2)) & 0x0C0C0C0Cu;
    u ^= t ^ (t << 2);
    t = (u ^ (u >> 4)) & 0x00F000F0u;
    u ^= t ^ (t << 4);
    t = (u ^ (u >> 8)) & 0x0000FF00u;
    u ^= t ^ (t << 8);
    return u;
}

/* Inverse of unshuffle (the same delta swaps in reverse order). */
RIJN_INLINE uint32_t shuffle(uint32_t u)
{
    uint32_t t;
    t = (u ^ (u >> 8)) & 0x0000FF00u;
    u ^= t ^ (t << 8);
    t = (u ^ (u >> 4)) & 0x00F000F0u;
    u ^= t ^ (t << 4);
    t = (u ^ (u >> 2)) & 0x0C0C0C0Cu;
    u ^= t ^ (t << 2);
    t = (u ^ (u >> 1)) & 0x22222222u;
    u ^= t ^ (t << 1);
    return u;
}

/* x ^= (x >>> a) ^ (x >>> b) on an interleaved word (a, b constants). */
RIJN_INLINE void lin(uint32_t *e, uint32_t *o, unsigned a, unsigned b)
{
    uint32_t e0 = *e, o0 = *o, ea, oa, eb, ob;
    if (a & 1) {
        ea = ror32(o0, a / 2);
        oa = ror32(e0, a / 2 + 1);
    } else {
        ea = ror32(e0, a / 2);
        oa = ror32(o0, a / 2);
    }
    if (b & 1) {
        eb = ror32(o0, b / 2);
        ob = ror32(e0, b / 2 + 1);
    } else {
        eb = ror32(e0, b / 2);
        ob = ror32(o0, b / 2);
    }
    *e = e0 ^ ea ^ eb;
    *o = o0 ^ oa ^ ob;
}

void rijn_i_ascon_p32(uint64_t s[5], unsigned rounds)
{
    uint32_t e[5], o[5], t[5];
    unsigned i, h;
    for (i = 0; i < 5; i++) {
        uint32_t lo = unshuffle((uint32_t)s[i]), hi = unshuffle((uint32_t)(s[i] >> 32));
        e[i] = (lo & 0xFFFFu) | (hi << 16);
        o[i] = (lo >> 16) | (hi & 0xFFFF0000u);
    }
    for (i = 12 - rounds; i < 12; i++) {
        uint32_t c = ((15u - i) << 4) | i;
        e[2] ^= (c & 1u) | ((c >> 1) & 2u) | ((c >> 2) & 4u) | ((c >> 3) & 8u);
        o[2] ^= ((c >> 1) & 1u) | ((c >> 2) & 2u) | ((c >> 3) & 4u) | ((c >> 4) & 8u);
        for (h = 0; h < 2; h++) {
            uint32_t *x = h ? o : e;
            x[0] ^= x[4];
            x[4] ^= x[3];
            x[2] ^= x[1];
            t[0] = ~x[0] & x[1];
            t[1] = ~x[1] & x[2];
            t[2] = ~x[2] & x[3];
            t[3] = ~x[3] & x[4];
            t[4] = ~x[4] & x[0];
            x[0] ^= t[1];
            x[1] ^= t[2];
            x[2] ^= t[3];
            x[3] ^= t[4];
            x[4] ^= t[0];
            x[1] ^= x[0];
            x[0] ^= x[4];
            x[3] ^= x[2];
            x[2] = ~x[2];
        }
        lin(&e[0], &o[0], 19, 28);
        lin(&e[1], &o[1], 61, 39);
        lin(&e[2], &o[2], 1, 6);
        lin(&e[3], &o[3], 10, 17);
        lin(&e[4], &o[4], 7, 41);
    }
    for (i = 0; i < 5; i++) {
        uint32_t lo = shuffle((e[i] & 0xFFFFu) | (o[i] << 16));
        uint32_t hi = shuffle((e[i] >> 16) | (o[i] & 0xFFFF0000u));
        s[i] = ((uint64_t)hi << 32) | lo;
    }
    rijn_wipe(e, sizeof e);
    rijn_wipe(o, sizeof o);
    rijn_wipe(t, sizeof t);
}
