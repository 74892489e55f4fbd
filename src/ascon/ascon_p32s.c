/*
 * ascon_p32s.c -- the Ascon permutation bit-interleaved on 32-bit words,
 * written for the least code (RIJN_CFG_ASCON_SMALL=1 on 32-bit MCUs).
 *
 * Implementation notes
 *   Layout: as ascon_p32.c -- each 64-bit word as its even-bit half e and
 *   odd-bit half o (x[0][i], x[1][i]); a 64-bit rotation by 2k rotates
 *   both halves by k, by 2k+1 gives e' = o >>> k, o' = e >>> (k+1).
 *   Size: every repeated piece is one loop instead of unrolled copies --
 *   the four delta swaps of the (de)interleaving are one routine driven by
 *   a mask table (forward or reverse order), the S-box runs once per half
 *   in a loop, the linear layer is one loop over the five words with the
 *   rotation amounts in a 10-byte table, and the round constant is
 *   interleaved with the same delta-swap routine. About 2/5 of
 *   ascon_p32.c's code on Cortex-M (which unrolls for speed).
 *   Constant time: XOR, AND, NOT, shifts and rotations; the only branches
 *   and table indices depend on the round number and on public constants.
 *   Vectors: compared with ascon_p64.c on random states for every round
 *   count (tests/test_ascon_small.c); the Ascon-AEAD128 KATs through the
 *   compact mode of ascon_aead.c in the MCU size build.
 */
#include "ascon_i.h"

#include "internal.h"

static const uint32_t dmask[4] = {0x22222222u, 0x0C0C0C0Cu, 0x00F000F0u, 0x0000FF00u};
static const uint8_t rots[5][2] = {{19, 28}, {61, 39}, {1, 6}, {10, 17}, {7, 41}};

static uint32_t ror32(uint32_t x, unsigned n)
{
    return (x >> n) | (x << ((32 - n) & 31));
}

/* inv = 0: even bits to the low half, odd bits to the high half;
 * inv = 1: the inverse (the same swaps in reverse order). */
static uint32_t dswap(uint32_t u, unsigned inv)
{
    unsigned k;
    for (k = 0; k < 4; k++) {
        unsigned j = inv ? 3 - k : k, sh = 1u << j;
        uint32_t t = (u ^ (u >> sh)) & dmask[j];
        u ^= t ^ (t << sh);
    }
    return u;
}

static void sbox(uint32_t *x)
{
    uint32_t t0, t1, t2, t3, t4;
    x[0] ^= x[4];
    x[4] ^= x[3];
    x[2] ^= x[1];
    t0 = ~x[0] & x[1];
    t1 = ~x[1] & x[2];
    t2 = ~x[2] & x[3];
    t3 = ~x[3] & x[4];
    t4 = ~x[4] & x[0];
    x[0] ^= t1;
    x[1] ^= t2;
    x[2] ^= t3;
    x[3] ^= t4;
    x[4] ^= t0;
    x[1] ^= x[0];
    x[0] ^= x[4];
    x[3] ^= x[2];
    x[2] = ~x[2];
}

void rijn_i_ascon_p32s(uint64_t s[5], unsigned rounds)
{
    uint32_t x[2][5];
    unsigned i, r;
    for (i = 0; i < 5; i++) {
        uint32_t lo = dswap((uint32_t)s[i], 0), hi = dswap((uint32_t)(s[i] >> 32), 0);
        x[0][i] = (lo & 0xFFFFu) | (hi << 16);
        x[1][i] = (lo >> 16) | (hi & 0xFFFF0000u);
    }
    for (r = 12 - rounds; r < 12; r++) {
        uint32_t c = dswap(((15u - r) << 4) | r, 0);
        x[0][2] ^= c & 0xFFFFu;
        x[1][2] ^= c >> 16;
        sbox(x[0]);
        sbox(x[1]);
        for (i = 0; i < 5; i++) {
            uint32_t e = x[0][i], o = x[1][i], ne = e, no = o;
            unsigned k;
            for (k = 0; k < 2; k++) {
                unsigned a = rots[i][k], h = a >> 1;
                if (a & 1) {
                    ne ^= ror32(o, h);
                    no ^= ror32(e, h + 1);
                } else {
                    ne ^= ror32(e, h);
                    no ^= ror32(o, h);
                }
            }
            x[0][i] = ne;
            x[1][i] = no;
        }
    }
    for (i = 0; i < 5; i++) {
        uint32_t lo = dswap((x[0][i] & 0xFFFFu) | (x[1][i] << 16), 1);
        uint32_t hi = dswap((x[0][i] >> 16) | (x[1][i] & 0xFFFF0000u), 1);
        s[i] = ((uint64_t)hi << 32) | lo;
    }
    rijn_wipe(x, sizeof x);
}
