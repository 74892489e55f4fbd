/*
 * ascon_p32s.c -- the Ascon permutation on 32-bit halves, written for the
 * least code (RIJN_CFG_ASCON_SMALL=1 on flash-bound 32-bit MCUs).
 *
 * Implementation notes
 *   Layout: each 64-bit word as its low and high 32-bit halves (x[0][i],
 *   x[1][i]). The S-box is bitwise, so it runs unchanged on the five low
 *   and the five high halves (one routine, called twice). The linear
 *   layer is one loop over the five words with the ten rotation amounts
 *   in a table; a 64-bit rotation by n is, on halves, a swap of the halves
 *   when n >= 32 (done by indexing, n >> 5) and a funnel rotation by
 *   n & 31 (never 0 for Ascon's amounts). No bit interleaving: ascon_p32.c
 *   interleaves to make every rotation a single 32-bit rotation, which is
 *   faster when unrolled but needs the (de)interleaving on every call;
 *   here the funnel shifts cost less than that on Cortex-M, and the code
 *   is about half the size. The round constant goes into the low half of
 *   word 2.
 *   Constant time: XOR, AND, NOT, shifts by constants from the table; the
 *   only branches and table indices depend on the round number and on the
 *   public rotation amounts.
 *   Vectors: compared with ascon_p64.c and ascon_p32.c on random states
 *   for every round count (tests/test_ascon_small.c); all Ascon KATs
 *   through it in a build with RIJN_CONFIG_DEFS="RIJN_CFG_ASCON_SMALL=1".
 */
#include "ascon_i.h"

#include "internal.h"

static const uint8_t rots[5][2] = {{19, 28}, {61, 39}, {1, 6}, {10, 17}, {7, 41}};

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

/* (nl, nh) ^= (l0, h0) >>> a on 64 bits: halves swapped when a >= 32
 * (a public constant: the selection is not secret-dependent), then a
 * funnel rotation by a & 31 (never 0 here). */
#define ROT64_XOR(amount)                                             \
    do {                                                              \
        unsigned a_ = (amount), n_ = a_ & 31;                         \
        uint32_t lo_ = (a_ & 32) ? h0 : l0, hi_ = (a_ & 32) ? l0 : h0; \
        nl ^= (lo_ >> n_) | (hi_ << (32 - n_));                        \
        nh ^= (hi_ >> n_) | (lo_ << (32 - n_));                        \
    } while (0)

void rijn_i_ascon_p32s(uint64_t s[5], unsigned rounds)
{
    uint32_t x[2][5];
    unsigned i, r;
    for (i = 0; i < 5; i++) {
        x[0][i] = (uint32_t)s[i];
        x[1][i] = (uint32_t)(s[i] >> 32);
    }
    for (r = 12 - rounds; r < 12; r++) {
        x[0][2] ^= ((15u - r) << 4) | r;
        sbox(x[0]);
        sbox(x[1]);
        for (i = 0; i < 5; i++) {
            const uint32_t l0 = x[0][i], h0 = x[1][i];
            uint32_t nl = l0, nh = h0;
            ROT64_XOR(rots[i][0]);
            ROT64_XOR(rots[i][1]);
            x[0][i] = nl;
            x[1][i] = nh;
        }
    }
    for (i = 0; i < 5; i++)
        s[i] = ((uint64_t)x[1][i] << 32) | x[0][i];
    rijn_wipe(x, sizeof x);
}
