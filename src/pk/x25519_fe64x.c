/*
 * x25519_fe64x.c -- X25519 with GF(2^255 - 19) in 4 limbs of 64 bits
 * (x86-64 with BMI2 and ADX).
 *
 * Implementation notes
 *   Layout: f = f0 + f1 2^64 + f2 2^128 + f3 2^192 in uint64_t, any value
 *   below 2^256 (elements are kept modulo 2p = 2^256 - 38 only partly:
 *   2^256 = 38 mod p folds every carry out of the top limb back into the
 *   bottom one). A product is 4x4 64x64->128 multiplications (16, against
 *   25 for five 51-bit limbs) into 8 limbs, then the top 4 are multiplied
 *   by 38 and added to the bottom 4; the carry k out of that (below 40)
 *   and bit 255 b are folded as 19 (2k + b) once bit 255 is cleared
 *   (2^255 = 19 mod p), so products end below 2^255 + 2^11. Additions
 *   fold their carry as +38 (twice), subtractions their borrow as -38.
 *   The field arithmetic is assembly on two carry chains (ADCX / ADOX)
 *   with MULX, in x25519_fe64x_asm.c: multiplication, squaring, n
 *   squarings in one loop (the inversion), and a whole ladder step (the
 *   conditional swaps, 4 squarings, 5 multiplications, the additions and
 *   a + 121665 e fused) in one routine, so a step pays one push/pop of the
 *   callee-saved registers and no calls. Here, in C: the ladder loop (the
 *   scalar bits, the swap mask), the inversion chain, the encodings.
 *   x25519.c calls this ladder only when CPUID reports BMI2 and ADX
 *   (RIJN_CPU_MASK hides them to test the 51-bit ladder).
 *   Encoding reduces fully: fold bit 255 (x 19), then add 19 and take
 *   bit 255 as the quotient q, add 19 q and drop bit 255.
 *   Constant time: fixed sequence of limb operations, carries are values
 *   (never branches); fe_cswap swaps with a mask.
 *   Vectors: RFC 7748 5.2 and 6.1, the 1 / 1,000 iteration loop,
 *   Wycheproof x25519_test.json, differential vs libsodium and the other
 *   two ladders (tests/pk/test_x25519.c, tests/pk/test_x25519_paths.c).
 */
#include "x25519_i.h"

#include "internal.h"

#if RIJN_I_X25519_HAVE_FE64X

__extension__ typedef unsigned __int128 u128x;

typedef struct {
    uint64_t v[4];
} fe;

static void fe_zero(fe *h)
{
    h->v[0] = h->v[1] = h->v[2] = h->v[3] = 0;
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

/* The assembly routines (x25519_fe64x_asm.c): h = f g, h = f^2,
 * h = f^(2^n) (n > 0), and one ladder step on struct fe64x_state. */
void rijn_i_fe64x_mul(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]);
void rijn_i_fe64x_sq(uint64_t h[4], const uint64_t f[4]);
void rijn_i_fe64x_sqn(uint64_t h[4], const uint64_t f[4], int n);
void rijn_i_fe64x_step(uint64_t *state, uint64_t swap_mask);

static void fe_mul(fe *h, const fe *f, const fe *g)
{
    rijn_i_fe64x_mul(h->v, f->v, g->v);
}
static void fe_sq(fe *h, const fe *f)
{
    rijn_i_fe64x_sq(h->v, f->v);
}
static void fe_sqn(fe *h, const fe *f, int n)
{
    rijn_i_fe64x_sqn(h->v, f->v, n);
}

static void fe_cswap(fe *f, fe *g, uint32_t bit)
{
    uint64_t m = (uint64_t)0 - (uint64_t)bit, x;
    int i;
    for (i = 0; i < 4; i++) {
        x = m & (f->v[i] ^ g->v[i]);
        f->v[i] ^= x;
        g->v[i] ^= x;
    }
}

static void fe_frombytes(fe *h, const uint8_t s[32])
{
    h->v[0] = rijn_load64_le(s);
    h->v[1] = rijn_load64_le(s + 8);
    h->v[2] = rijn_load64_le(s + 16);
    h->v[3] = rijn_load64_le(s + 24) & 0x7FFFFFFFFFFFFFFFu; /* bit 255 ignored */
}

static void fe_tobytes(uint8_t s[32], const fe *f)
{
    uint64_t r[4], q;
    u128x t;
    int i;
    /* below 2^256: fold bit 255 (x 19): below 2^255 + 2^6 */
    q = f->v[3] >> 63;
    r[0] = f->v[0];
    r[1] = f->v[1];
    r[2] = f->v[2];
    r[3] = f->v[3] & 0x7FFFFFFFFFFFFFFFu;
    t = (u128x)r[0] + q * 19;
    r[0] = (uint64_t)t;
    for (i = 1; i < 4; i++) {
        t = (u128x)r[i] + (uint64_t)(t >> 64);
        r[i] = (uint64_t)t;
    }
    /* q = 1 iff value >= p, i.e. value + 19 >= 2^255 */
    t = (u128x)r[0] + 19;
    for (i = 1; i < 4; i++)
        t = (u128x)r[i] + (uint64_t)(t >> 64);
    q = (uint64_t)t >> 63;
    t = (u128x)r[0] + q * 19;
    r[0] = (uint64_t)t;
    for (i = 1; i < 4; i++) {
        t = (u128x)r[i] + (uint64_t)(t >> 64);
        r[i] = (uint64_t)t;
    }
    r[3] &= 0x7FFFFFFFFFFFFFFFu;
    for (i = 0; i < 4; i++)
        rijn_store64_le(s + 8 * i, r[i]);
    rijn_wipe(r, sizeof r);
}

/* out = z^(p-2) = z^(2^255 - 21): the chain 2^250 - 1, then 5 squarings
 * and a multiplication by z^11 (as in x25519_ladder.h); t: six scratch
 * elements, wiped by the caller; out may equal z. */
static void fe_invert(fe *out, const fe *z, fe t[6])
{
    fe_sq(&t[0], z);              /* 2 */
    fe_sqn(&t[3], &t[0], 2);      /* 8 */
    fe_mul(&t[1], &t[3], z);      /* 9 */
    fe_mul(&t[2], &t[1], &t[0]);  /* 11 */
    fe_sq(&t[3], &t[2]);          /* 22 */
    fe_mul(&t[3], &t[3], &t[1]);  /* 2^5 - 1 */
    fe_sqn(&t[4], &t[3], 5);
    fe_mul(&t[4], &t[4], &t[3]);  /* 2^10 - 1 */
    fe_sqn(&t[5], &t[4], 10);
    fe_mul(&t[5], &t[5], &t[4]);  /* 2^20 - 1 */
    fe_sqn(&t[0], &t[5], 20);
    fe_mul(&t[5], &t[0], &t[5]);  /* 2^40 - 1 */
    fe_sqn(&t[5], &t[5], 10);
    fe_mul(&t[3], &t[5], &t[4]);  /* 2^50 - 1 */
    fe_sqn(&t[4], &t[3], 50);
    fe_mul(&t[4], &t[4], &t[3]);  /* 2^100 - 1 */
    fe_sqn(&t[5], &t[4], 100);
    fe_mul(&t[5], &t[5], &t[4]);  /* 2^200 - 1 */
    fe_sqn(&t[5], &t[5], 50);
    fe_mul(&t[5], &t[5], &t[3]);  /* 2^250 - 1 */
    fe_sqn(&t[5], &t[5], 5);      /* 2^255 - 32 */
    fe_mul(out, &t[5], &t[2]);    /* 2^255 - 21 */
}

/* The ladder state rijn_i_fe64x_step works on (byte offsets 0, 32, ...,
 * 416: x25519_fe64x_asm.c names them); no padding between members. */
struct fe64x_state {
    fe x1, x2, z2, x3, z3;
    fe t[9]; /* the step's temporaries, then the inversion's */
};

void rijn_i_x25519_ladder64x(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32])
{
    struct fe64x_state v;
    uint64_t swap = 0, bit;
    int t;

    typedef char fe64x_state_is_packed[sizeof(struct fe64x_state) == 14 * 32 ? 1 : -1];
    fe_frombytes(&v.x1, u);
    fe_one(&v.x2);
    fe_zero(&v.z2);
    fe_copy(&v.x3, &v.x1);
    fe_one(&v.z3);
    for (t = 254; t >= 0; t--) {
        bit = (uint64_t)(scalar[t >> 3] >> (t & 7)) & 1u;
        swap ^= bit;
        rijn_i_fe64x_step(v.x1.v, (uint64_t)0 - swap);
        swap = bit;
    }
    fe_cswap(&v.x2, &v.x3, (uint32_t)swap);
    fe_cswap(&v.z2, &v.z3, (uint32_t)swap);
    fe_invert(&v.z2, &v.z2, v.t);
    fe_mul(&v.x2, &v.x2, &v.z2);
    fe_tobytes(out, &v.x2);
    rijn_wipe(&v, sizeof v);
    swap = 0;
    bit = 0;
    (void)swap;
    (void)bit;
    (void)sizeof(fe64x_state_is_packed);
}

#else
typedef int rijn_i_x25519_fe64x_unused; /* ISO C: no empty translation unit */
#endif
