/*
 * x25519_fe32.c -- X25519 with GF(2^255 - 19) in 10 limbs of 25.5 bits
 * (portable: 32-bit and 8/16-bit targets; also built on hosts for tests).
 *
 * Implementation notes
 *   Layout: limb i holds bits [ceil(25.5 i), ceil(25.5 (i+1))): 26 bits
 *   for even i, 25 for odd i, in uint32_t. Every result (add, sub, mul,
 *   square, x121665) is carried, so inputs to a product have limbs below
 *   2^27; a product limb times 19 (or 38) stays below 2^32, and each
 *   column of ten 32x32->64 products stays below 2^63. Only 32x32->64
 *   multiplications are used (core/mul64_i.h's rijn_mac64_29 and
 *   rijn_mul64: the C product, or four 16x16 MULs on the Cortex-M0 and
 *   on the Cortex-M3, whose UMULL/UMLAL stop early: one scalar
 *   multiplication there 6,911,835 -> 9,182,294 instructions at -Os,
 *   6,368,552 -> 8,469,662 at -O2, mcu/measure.py). On AVR (with MUL)
 *   fe_mul, fe_sq, fe_mul121665 and fe_carry32 are x25519_fe32_avr_i.h's:
 *   the same sums column by column in assembly, ATmega2560 74,799,853 ->
 *   31,063,072 cycles at -Os, 71,657,952 -> 31,206,899 at -O2 (the code
 *   of the other targets is unchanged). On the Cortex-M3 (GCC) and, but
 *   at -Os, the M0 fe_mul and fe_sq split each operand into 16-bit
 *   halves once and unroll the columns (FE_MAC; the M3: 8 instructions a
 *   product, the sum in registers); at -Os on the M3 one column unrolled
 *   and fe_sq = fe_mul; on both fe_carry64 unrolled (FE_CARRY_UNROLL).
 *   One scalar multiplication (mcu/measure.py, instructions; flash of
 *   the x25519 feature link; stack painted): M3 -Os 9,182,294 ->
 *   5,463,438 (flash 2,164 -> 2,444, stack 1,032 -> 1,276); M3 -O2
 *   8,469,662 -> 4,730,443 (2,896 -> 9,868; 1,096 -> 1,468); M0 -O2
 *   19,558,492 -> 9,444,106 (2,872 -> 12,728; 1,136 -> 1,552); M0 -Os
 *   17,616,579 -> 16,679,178 (1,968 -> 2,108; 1,056 -> 1,024), the carry
 *   only: its products unrolled 9,761,731 but 9 KB more flash, one
 *   column unrolled 15,213,164 (GCC spills the halves).
 *   Product: h[k] = sum f[i] g[j] over i+j = k (mod 10), times 2 when i
 *   and j are both odd (the half bits add up) and times 19 when
 *   i + j >= 10 (2^255 = 19 mod p). Squaring computes each cross product
 *   once and doubles it (55 products instead of 100).
 *   Subtraction adds 4p before subtracting a carried value, so no limb
 *   goes negative. Decoding ignores bit 255 and accepts non-canonical
 *   values; encoding reduces fully (add 19, bit 255 = quotient q, add 19q
 *   and drop bit 255).
 *   Constant time: fixed loops (indices are public), fe_cswap by mask,
 *   no secret-dependent branch or index.
 *   Vectors: as x25519_fe64.c; tests/pk/test_x25519.c runs both fields.
 */
#include "x25519_i.h"

#include "internal.h"

#if defined(__AVR__) && defined(__AVR_HAVE_MUL__) && defined(__GNUC__)
#define RIJN_I_FE32_AVR 1 /* x25519_fe32_avr_i.h */
#else
#define RIJN_I_FE32_AVR 0
#endif

#define M25 ((uint32_t)0x1FFFFFF)
#define M26 ((uint32_t)0x3FFFFFF)

typedef struct {
    uint32_t v[10];
} fe;

static const uint8_t fe_off[10] = {0, 26, 51, 77, 102, 128, 153, 179, 204, 230};

static void fe_zero(fe *h)
{
    memset(h, 0, sizeof *h);
}
static void fe_one(fe *h)
{
    fe_zero(h);
    h->v[0] = 1;
}
static void fe_copy(fe *h, const fe *f)
{
    *h = *f;
}

#if RIJN_I_FE32_AVR
static void fe_carry32(fe *h); /* x25519_fe32_avr_i.h */
#else
#if defined(__thumb__) && (!defined(__thumb2__) || defined(__ARM_ARCH_7M__)) &&              \
    defined(__GNUC__) && !defined(__clang__)
/* Cortex-M0/M3: the carry loop unrolled (constant shifts; a 64-bit
 * column carry with variable shifts cost ~360 instructions a call there)
 * and 19 c as three 32-bit products of 16, 16 and 6 bits of c (GCC turns
 * 16 c + 2 c + c into libgcc's branching __aeabi_lmul on the M0) */
#define FE_CARRY_UNROLL _Pragma("GCC unroll 9")
#define FE_MUL19(c)                                                                       \
    ((uint64_t)(((uint32_t)(c) & 0xffffu) * 19u) +                                        \
     ((uint64_t)(((uint32_t)(c) >> 16) * 19u) << 16) +                                    \
     ((uint64_t)((uint32_t)((c) >> 32) * 19u) << 32))
#else
#define FE_CARRY_UNROLL
#define FE_MUL19(c) (rijn_mul64((uint32_t)(c), 19) + ((uint64_t)((uint32_t)((c) >> 32) * 19) << 32))
#endif

/* Carry 64-bit column sums (each below 2^63) into h. */
static void fe_carry64(fe *h, uint64_t r[10])
{
    int i;
    uint64_t c;
    FE_CARRY_UNROLL
    for (i = 0; i < 9; i++) {
        c = r[i] >> ((i & 1) ? 25 : 26);
        r[i] &= (i & 1) ? M25 : M26;
        r[i + 1] += c;
    }
    c = r[9] >> 25;
    r[9] &= M25;
    r[0] += FE_MUL19(c); /* c < 2^38 */
    c = r[0] >> 26;
    r[0] &= M26;
    r[1] += c;
    for (i = 0; i < 10; i++)
        h->v[i] = (uint32_t)r[i];
}

static void fe_carry32(fe *h)
{
    uint64_t r[10];
    int i;
    for (i = 0; i < 10; i++)
        r[i] = h->v[i];
    fe_carry64(h, r);
}

#endif

static void fe_add(fe *h, const fe *f, const fe *g)
{
    int i;
    for (i = 0; i < 10; i++)
        h->v[i] = f->v[i] + g->v[i];
    fe_carry32(h);
}

/* h = f + 4p - g (g carried). */
static void fe_sub(fe *h, const fe *f, const fe *g)
{
    int i;
    h->v[0] = f->v[0] + ((uint32_t)0xFFFFFB4) - g->v[0];
    for (i = 1; i < 10; i++)
        h->v[i] = f->v[i] + ((i & 1) ? (uint32_t)0x7FFFFFC : (uint32_t)0xFFFFFFC) - g->v[i];
    fe_carry32(h);
}

static void fe_cswap(fe *f, fe *g, uint32_t bit)
{
    uint32_t m = (uint32_t)0 - bit, x;
    int i;
    for (i = 0; i < 10; i++) {
        x = m & (f->v[i] ^ g->v[i]);
        f->v[i] ^= x;
        g->v[i] ^= x;
    }
}

#if RIJN_I_FE32_AVR
#include "x25519_fe32_avr_i.h"
#elif (defined(__ARM_ARCH_7M__) && defined(__thumb2__) && defined(__GNUC__) &&              \
       !defined(__clang__)) ||                                                              \
    (defined(__thumb__) && !defined(__thumb2__) && defined(__GNUC__) &&                     \
     !defined(__clang__) && !defined(__OPTIMIZE_SIZE__))
/* Cortex-M3 and (not at -Os) M0: the operands split into 16-bit halves
 * once per product (not once per pair of limbs as rijn_mac64_29 /
 * rijn_mul64 do) and the columns unrolled, so each product is MUL, MUL,
 * MUL, MLA and two ADDS/ADC pairs with the column's sum in registers
 * (M3). a < 2^29 and b < 2^31.3 (4f and 19g with limbs below 2^27), so
 * al bh + ah bl < 2^32. */
#if defined(__thumb2__)
#define FE_MAC(lo_, hi_, al_, ah_, bl_, bh_)                                                  \
    do {                                                                                  \
        uint32_t t_, u_, m_;                                                              \
        __asm__("mul %[t], %[al], %[bl]\n\tmul %[u], %[ah], %[bh]\n\t"                    \
                "mul %[m], %[al], %[bh]\n\tmla %[m], %[ah], %[bl], %[m]\n\t"              \
                "adds %[lo], %[lo], %[t]\n\tadc %[hi], %[hi], %[u]\n\t"                   \
                "adds %[lo], %[lo], %[m], lsl #16\n\tadc %[hi], %[hi], %[m], lsr #16"     \
                : [lo] "+&r"(lo_), [hi] "+&r"(hi_), [t] "=&r"(t_), [u] "=&r"(u_),        \
                  [m] "=&r"(m_)                                                           \
                : [al] "r"(al_), [ah] "r"(ah_), [bl] "r"(bl_), [bh] "r"(bh_)              \
                : "cc");                                                                  \
    } while (0)
#else
/* Thumb-1 (Cortex-M0): the same sums in C, the 64-bit additions ADDS/ADCS */
#define FE_MAC(lo_, hi_, al_, ah_, bl_, bh_)                                                  \
    do {                                                                                  \
        const uint32_t m_ = (al_) * (bh_) + (ah_) * (bl_);                                \
        const uint64_t s_ = ((((uint64_t)(hi_) << 32) | (lo_)) + (al_) * (bl_)) +         \
                            ((uint64_t)((ah_) * (bh_)) << 32) + ((uint64_t)m_ << 16);      \
        (lo_) = (uint32_t)s_;                                                             \
        (hi_) = (uint32_t)(s_ >> 32);                                                     \
    } while (0)
#endif

#if defined(__OPTIMIZE_SIZE__) /* the M3 */
/* -Os: one column's ten products unrolled, the columns a loop: a's halves
 * al/ah [k & 1][i] (k even: 2 f_i for odd i, as j = k - i is odd then),
 * b's bl/bh [k + 10 - i] (19 g_t below 10, g_(t - 10) from 10); fe_sq is
 * fe_mul (100 products, not 55) */
static void fe_mul(fe *h, const fe *f, const fe *g)
{
    uint32_t al[2][10], ah[2][10], bl[20], bh[20];
    uint64_t r[10];
    int i, k;
    for (i = 0; i < 10; i++) {
        const uint32_t a1 = f->v[i], a0 = (i & 1) ? a1 * 2 : a1, b = g->v[i], b19 = b * 19;
        al[0][i] = a0 & 0xffffu; ah[0][i] = a0 >> 16;
        al[1][i] = a1 & 0xffffu; ah[1][i] = a1 >> 16;
        bl[10 + i] = b & 0xffffu; bh[10 + i] = b >> 16;
        bl[i] = b19 & 0xffffu; bh[i] = b19 >> 16;
    }
    for (k = 0; k < 10; k++) {
        const uint32_t *pal = al[k & 1], *pah = ah[k & 1], *pbl = bl + k + 10, *pbh = bh + k + 10;
        uint32_t lo = 0, hi = 0;
#pragma GCC unroll 10
        for (i = 0; i < 10; i++)
            FE_MAC(lo, hi, pal[i], pah[i], pbl[-i], pbh[-i]);
        r[k] = ((uint64_t)hi << 32) | lo;
    }
    fe_carry64(h, r);
}

static void fe_sq(fe *h, const fe *f)
{
    fe_mul(h, f, f);
}
#else
/* x[v][i] halves of v-th multiple of f[i] (lo: bits 0..15, hi: 16..31) */
static void fe_halves(uint32_t lo[][10], uint32_t hi[][10], const fe *f, const uint32_t *mul,
                      int nmul)
{
    int v, i;
    for (v = 0; v < nmul; v++) {
        for (i = 0; i < 10; i++) {
            const uint32_t x = f->v[i] * mul[v];
            lo[v][i] = x & 0xffffu;
            hi[v][i] = x >> 16;
        }
    }
}

static const uint32_t fe_x1_2_4[3] = {1, 2, 4}, fe_x1_19[2] = {1, 19};

/* h = the columns of a b: a's halves al/ah [x][i] with x = 1 for 2 a_i
 * (both indices odd; squaring: x = 1 for 2 f_i f_j, 2 for 4 f_i f_j,
 * only i <= j), b's bl/bh [y][j] with y = 1 for 19 b_j (i + j >= 10) */
RIJN_INLINE void fe_columns(fe *h, uint32_t al[][10], uint32_t ah[][10], uint32_t bl[][10],
                            uint32_t bh[][10], int sq)
{
    uint64_t r[10];
    int i, k;
#pragma GCC unroll 10
    for (k = 0; k < 10; k++) {
        uint32_t lo = 0, hi = 0;
#pragma GCC unroll 10
        for (i = 0; i < 10; i++) {
            const int j = k >= i ? k - i : k - i + 10, y = k < i;
            const int x = (sq && i != j) + (i & j & 1);
            if (!sq || i <= j)
                FE_MAC(lo, hi, al[x][i], ah[x][i], bl[y][j], bh[y][j]);
        }
        r[k] = ((uint64_t)hi << 32) | lo;
    }
    fe_carry64(h, r);
}

static void fe_mul(fe *h, const fe *f, const fe *g)
{
    uint32_t al[2][10], ah[2][10], bl[2][10], bh[2][10];
    fe_halves(al, ah, f, fe_x1_2_4, 2);
    fe_halves(bl, bh, g, fe_x1_19, 2);
    fe_columns(h, al, ah, bl, bh, 0);
}

static void fe_sq(fe *h, const fe *f)
{
    uint32_t al[3][10], ah[3][10], bl[2][10], bh[2][10];
    fe_halves(al, ah, f, fe_x1_2_4, 3);
    fe_halves(bl, bh, f, fe_x1_19, 2);
    fe_columns(h, al, ah, bl, bh, 1);
}
#endif /* __OPTIMIZE_SIZE__ */

#else
static void fe_mul(fe *h, const fe *f, const fe *g)
{
    uint32_t f2[10], g19[10];
    uint64_t r[10];
    int i, j;
    for (i = 0; i < 10; i++) {
        f2[i] = (i & 1) ? f->v[i] * 2 : f->v[i];
        g19[i] = g->v[i] * 19;
        r[i] = 0;
    }
    for (i = 0; i < 10; i++) {
        for (j = 0; j < 10; j++) {
            uint32_t a = (i & j & 1) ? f2[i] : f->v[i];
            if (i + j < 10)
                r[i + j] = rijn_mac64_29(r[i + j], a, g->v[j]);
            else
                r[i + j - 10] = rijn_mac64_29(r[i + j - 10], a, g19[j]);
        }
    }
    fe_carry64(h, r);
}

/* Squaring: each cross product f[i] f[j] (i < j) once, doubled. */
static void fe_sq(fe *h, const fe *f)
{
    uint64_t r[10];
    int i, j, k;
    for (i = 0; i < 10; i++)
        r[i] = 0;
    for (i = 0; i < 10; i++) {
        for (j = i; j < 10; j++) {
            uint32_t a = f->v[i], b = f->v[j];
            if (i != j)
                a <<= 1;
            if (i & j & 1)
                a <<= 1;
            if (i + j >= 10)
                b *= 19;
            k = i + j < 10 ? i + j : i + j - 10; /* not % 10: UDIV on Cortex-M */
            r[k] = rijn_mac64_29(r[k], a, b);
        }
    }
    fe_carry64(h, r);
}

#endif

#if !RIJN_I_FE32_AVR
static void fe_mul121665(fe *h, const fe *f)
{
    uint64_t r[10];
    int i;
    for (i = 0; i < 10; i++)
        r[i] = rijn_mul64(f->v[i], 121665u);
    fe_carry64(h, r);
}
#endif

static void fe_frombytes(fe *h, const uint8_t s[32])
{
    int i, k;
    for (i = 0; i < 10; i++) {
        unsigned off = fe_off[i];
        uint64_t v = 0;
        for (k = 0; k < 5; k++) {
            unsigned idx = off / 8 + (unsigned)k;
            if (idx < 32)
                v |= (uint64_t)s[idx] << (8 * k);
        }
        h->v[i] = (uint32_t)(v >> (off % 8)) & ((i & 1) ? M25 : M26);
    }
}

static void fe_tobytes(uint8_t s[32], const fe *f)
{
    fe t;
    uint32_t q;
    uint64_t acc = 0;
    unsigned bits = 0, n = 0;
    int i;
    fe_copy(&t, f);
    fe_carry32(&t); /* value < 2^255 + 2^7: below 2p */
    /* q = 1 iff value >= p, i.e. value + 19 >= 2^255. */
    q = (t.v[0] + 19) >> 26;
    for (i = 1; i < 10; i++)
        q = (t.v[i] + q) >> ((i & 1) ? 25 : 26);
    t.v[0] += 19 * q;
    for (i = 0; i < 9; i++) {
        t.v[i + 1] += t.v[i] >> ((i & 1) ? 25 : 26);
        t.v[i] &= (i & 1) ? M25 : M26;
    }
    t.v[9] &= M25;
    for (i = 0; i < 10; i++) {
        acc |= (uint64_t)t.v[i] << bits;
        bits += (i & 1) ? 25u : 26u;
        while (bits >= 8) {
            s[n++] = (uint8_t)acc;
            acc >>= 8;
            bits -= 8;
        }
    }
    s[n] = (uint8_t)acc; /* the last 7 bits */
    rijn_wipe(&t, sizeof t);
    acc = 0;
    (void)acc;
}

#define RIJN_I_X25519_LADDER rijn_i_x25519_ladder32
#include "x25519_ladder.h"
