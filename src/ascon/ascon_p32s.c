/*
 * ascon_p32s.c -- the Ascon permutation on 32-bit halves, written for the
 * least code (RIJN_CFG_ASCON_SMALL=1 on flash-bound 32-bit MCUs).
 *
 * Implementation notes
 *   Layout: each 64-bit word as its low and high 32-bit halves, worked
 *   on in place where the byte order allows (little-endian, GCC/Clang: the
 *   state read as ten may_alias words, 2i = low half of S[i]; no copy in
 *   or out, nothing left on the stack to wipe), else in a local copy.
 *   The S-box is bitwise, so it runs unchanged on the five low and the
 *   five high halves (one routine, called twice, on every other word).
 *   The linear layer is one loop over the five words with the ten
 *   rotation amounts in a table; a 64-bit rotation by n is, on halves, a
 *   swap of the halves when n >= 32 and a funnel rotation by n & 31
 *   (never 0 for Ascon's amounts); the two rotations of a word are
 *   written out (a loop over them saves 16 bytes on Cortex-M4 but costs
 *   40% more time). No bit interleaving: ascon_p32.c
 *   interleaves to make every rotation a single 32-bit rotation, which is
 *   faster when unrolled but needs the (de)interleaving on every call;
 *   here the funnel shifts cost less than that on Cortex-M, and the code
 *   is about half the size. The round constant goes into the low half of
 *   word 2. Cortex-M4 -Os: 196 + 74 (S-box) bytes; Ascon-AEAD128 seal of
 *   1 KiB 168 instructions per byte in the small configuration.
 *   Constant time: XOR, AND, NOT, shifts by constants from the table; the
 *   only branches and table indices depend on the round number and on the
 *   public rotation amounts.
 *   Vectors: compared with ascon_p64.c and ascon_p32.c on random states
 *   for every round count (tests/ascon/test_ascon_small.c); all Ascon KATs
 *   through it in a build with RIJN_CONFIG_DEFS="RIJN_CFG_ASCON_SMALL=1".
 */
#include "ascon_i.h"

#include "internal.h"

/* The state as ten 32-bit words in place where the byte order allows
 * (little-endian: word 2i is the low half of S[i], 2i + 1 the high half;
 * may_alias makes the uint64_t state readable through them), else a
 * local copy. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && \
    (defined(__GNUC__) || defined(__clang__))
#define P32S_INPLACE 1
typedef uint32_t w32 __attribute__((may_alias));
#else
#define P32S_INPLACE 0
typedef uint32_t w32;
#endif

/* 64-bit right rotations of the linear layer, per word (two each) */
static const uint8_t rots[10] = {19, 28, 61, 39, 1, 6, 10, 17, 7, 41};

/* The S-box on the five words x[0], x[2], .., x[8] (one half of each
 * 64-bit word: it is bitwise). */
static void sbox(w32 *x)
{
    uint32_t t0, t1, t2, t3, t4;
    x[0] ^= x[8];
    x[8] ^= x[6];
    x[4] ^= x[2];
    t0 = ~x[0] & x[2];
    t1 = ~x[2] & x[4];
    t2 = ~x[4] & x[6];
    t3 = ~x[6] & x[8];
    t4 = ~x[8] & x[0];
    x[0] ^= t1;
    x[2] ^= t2;
    x[4] ^= t3;
    x[6] ^= t4;
    x[8] ^= t0;
    x[2] ^= x[0];
    x[0] ^= x[8];
    x[6] ^= x[4];
    x[4] = ~x[4];
}

/* (nl, nh) ^= (l0, h0) >>> a on 64 bits: the halves swapped when a >= 32
 * (a public constant), then a funnel rotation by a & 31 (never 0 here). */
#define ROT64_XOR(amount)                                             \
    do {                                                              \
        unsigned a_ = (amount), n_ = a_ & 31;                         \
        uint32_t lo_ = (a_ & 32) ? h0 : l0, hi_ = (a_ & 32) ? l0 : h0; \
        nl ^= (lo_ >> n_) | (hi_ << (32 - n_));                        \
        nh ^= (hi_ >> n_) | (lo_ << (32 - n_));                        \
    } while (0)

void rijn_i_ascon_p32s(uint64_t s[5], unsigned rounds)
{
#if P32S_INPLACE
    w32 *x = (w32 *)(void *)s;
#else
    uint32_t x[10];
#endif
    unsigned i, r;
#if !P32S_INPLACE
    for (i = 0; i < 5; i++) {
        x[2 * i] = (uint32_t)s[i];
        x[2 * i + 1] = (uint32_t)(s[i] >> 32);
    }
#endif
    for (r = 12 - rounds; r < 12; r++) {
        x[4] ^= ((15u - r) << 4) | r;
        sbox(x);
        sbox(x + 1);
        for (i = 0; i < 10; i += 2) {
            const uint32_t l0 = x[i], h0 = x[i + 1];
            uint32_t nl = l0, nh = h0;
            ROT64_XOR(rots[i]);
            ROT64_XOR(rots[i + 1]);
            x[i] = nl;
            x[i + 1] = nh;
        }
    }
#if !P32S_INPLACE
    for (i = 0; i < 5; i++)
        s[i] = ((uint64_t)x[2 * i + 1] << 32) | x[2 * i];
    rijn_wipe(x, sizeof x);
#endif
}
