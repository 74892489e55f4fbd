/*
 * x25519_fe64.c -- X25519 with GF(2^255 - 19) in 5 limbs of 51 bits
 * (64-bit hosts with unsigned __int128).
 *
 * Implementation notes
 *   Layout: f = f0 + f1 2^51 + f2 2^102 + f3 2^153 + f4 2^204, limbs in
 *   uint64_t. After a multiplication or squaring every limb is below
 *   2^51 + 2^14 ("carried"); additions are not carried (below 2^53) and
 *   subtractions add 4p first (below 2^54 + 2^51), so every input of a
 *   product is below 2^55 and each 128-bit column sum stays below 2^117.
 *   Reduction folds 2^255 = 19 (mod p) into the low limb.
 *   Decoding ignores bit 255 and accepts non-canonical values (RFC 7748);
 *   encoding reduces fully: add 19, take bit 255 as the quotient q, then
 *   add 19q and drop bit 255.
 *   Constant time: fixed sequence of limb operations; fe_cswap swaps with
 *   a mask; no secret-dependent branch or index (the ladder and the
 *   inversion are in x25519_ladder.h).
 *   Vectors: RFC 7748 5.2 and 6.1, the 1 / 1,000 iteration loop,
 *   Wycheproof x25519_test.json, differential vs libsodium, OpenSSL and
 *   the 32-bit field (tests/pk/test_x25519.c).
 */
#include "x25519_i.h"

#include "internal.h"

#if RIJN_I_X25519_HAVE_FE64

__extension__ typedef unsigned __int128 u128;

#define M51 ((uint64_t)0x7FFFFFFFFFFFF)

typedef struct {
    uint64_t v[5];
} fe;

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
static void fe_add(fe *h, const fe *f, const fe *g)
{
    int i;
    for (i = 0; i < 5; i++)
        h->v[i] = f->v[i] + g->v[i];
}
/* h = f + 4p - g (g carried). */
static void fe_sub(fe *h, const fe *f, const fe *g)
{
    h->v[0] = f->v[0] + ((uint64_t)0x1FFFFFFFFFFFB4) - g->v[0];
    h->v[1] = f->v[1] + ((uint64_t)0x1FFFFFFFFFFFFC) - g->v[1];
    h->v[2] = f->v[2] + ((uint64_t)0x1FFFFFFFFFFFFC) - g->v[2];
    h->v[3] = f->v[3] + ((uint64_t)0x1FFFFFFFFFFFFC) - g->v[3];
    h->v[4] = f->v[4] + ((uint64_t)0x1FFFFFFFFFFFFC) - g->v[4];
}
static void fe_cswap(fe *f, fe *g, uint32_t bit)
{
    uint64_t m = (uint64_t)0 - (uint64_t)bit, x;
    int i;
    for (i = 0; i < 5; i++) {
        x = m & (f->v[i] ^ g->v[i]);
        f->v[i] ^= x;
        g->v[i] ^= x;
    }
}

/* Carry five 128-bit column sums into h. */
static void fe_carry128(fe *h, u128 r[5])
{
    r[1] += (uint64_t)(r[0] >> 51);
    r[2] += (uint64_t)(r[1] >> 51);
    r[3] += (uint64_t)(r[2] >> 51);
    r[4] += (uint64_t)(r[3] >> 51);
    r[0] = ((uint64_t)r[0] & M51) + (u128)(uint64_t)(r[4] >> 51) * 19u;
    h->v[1] = ((uint64_t)r[1] & M51) + (uint64_t)(r[0] >> 51);
    h->v[0] = (uint64_t)r[0] & M51;
    h->v[2] = (uint64_t)r[2] & M51;
    h->v[3] = (uint64_t)r[3] & M51;
    h->v[4] = (uint64_t)r[4] & M51;
}

static void fe_mul(fe *h, const fe *f, const fe *g)
{
    const uint64_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    const uint64_t g0 = g->v[0], g1 = g->v[1], g2 = g->v[2], g3 = g->v[3], g4 = g->v[4];
    const uint64_t g1_19 = g1 * 19, g2_19 = g2 * 19, g3_19 = g3 * 19, g4_19 = g4 * 19;
    u128 r[5];
    r[0] = (u128)f0 * g0 + (u128)f1 * g4_19 + (u128)f2 * g3_19 + (u128)f3 * g2_19 +
           (u128)f4 * g1_19;
    r[1] = (u128)f0 * g1 + (u128)f1 * g0 + (u128)f2 * g4_19 + (u128)f3 * g3_19 +
           (u128)f4 * g2_19;
    r[2] = (u128)f0 * g2 + (u128)f1 * g1 + (u128)f2 * g0 + (u128)f3 * g4_19 +
           (u128)f4 * g3_19;
    r[3] = (u128)f0 * g3 + (u128)f1 * g2 + (u128)f2 * g1 + (u128)f3 * g0 +
           (u128)f4 * g4_19;
    r[4] = (u128)f0 * g4 + (u128)f1 * g3 + (u128)f2 * g2 + (u128)f3 * g1 + (u128)f4 * g0;
    fe_carry128(h, r);
}

static void fe_sq(fe *h, const fe *f)
{
    const uint64_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    const uint64_t f0_2 = f0 * 2, f1_2 = f1 * 2, f3_19 = f3 * 19, f4_19 = f4 * 19;
    u128 r[5];
    r[0] = (u128)f0 * f0 + (u128)f1_2 * f4_19 + (u128)(f2 * 2) * f3_19;
    r[1] = (u128)f0_2 * f1 + (u128)(f2 * 2) * f4_19 + (u128)f3 * f3_19;
    r[2] = (u128)f0_2 * f2 + (u128)f1 * f1 + (u128)(f3 * 2) * f4_19;
    r[3] = (u128)f0_2 * f3 + (u128)f1_2 * f2 + (u128)f4 * f4_19;
    r[4] = (u128)f0_2 * f4 + (u128)f1_2 * f3 + (u128)f2 * f2;
    fe_carry128(h, r);
}

static void fe_mul121665(fe *h, const fe *f)
{
    u128 r[5];
    int i;
    for (i = 0; i < 5; i++)
        r[i] = (u128)f->v[i] * 121665u;
    fe_carry128(h, r);
}

static void fe_frombytes(fe *h, const uint8_t s[32])
{
    h->v[0] = rijn_load64_le(s) & M51;
    h->v[1] = (rijn_load64_le(s + 6) >> 3) & M51;
    h->v[2] = (rijn_load64_le(s + 12) >> 6) & M51;
    h->v[3] = (rijn_load64_le(s + 19) >> 1) & M51;
    h->v[4] = (rijn_load64_le(s + 24) >> 12) & M51;
}

static void fe_tobytes(uint8_t s[32], const fe *f)
{
    uint64_t t[5], q;
    int i;
    fe c;
    u128 r[5];
    for (i = 0; i < 5; i++)
        r[i] = f->v[i];
    fe_carry128(&c, r); /* value < 2^255 + 2^14: below 2p */
    for (i = 0; i < 5; i++)
        t[i] = c.v[i];
    /* q = 1 iff value >= p, i.e. value + 19 >= 2^255. */
    q = (t[0] + 19) >> 51;
    q = (t[1] + q) >> 51;
    q = (t[2] + q) >> 51;
    q = (t[3] + q) >> 51;
    q = (t[4] + q) >> 51;
    t[0] += 19 * q;
    t[1] += t[0] >> 51;
    t[0] &= M51;
    t[2] += t[1] >> 51;
    t[1] &= M51;
    t[3] += t[2] >> 51;
    t[2] &= M51;
    t[4] += t[3] >> 51;
    t[3] &= M51;
    t[4] &= M51;
    rijn_store64_le(s, t[0] | (t[1] << 51));
    rijn_store64_le(s + 8, (t[1] >> 13) | (t[2] << 38));
    rijn_store64_le(s + 16, (t[2] >> 26) | (t[3] << 25));
    rijn_store64_le(s + 24, (t[3] >> 39) | (t[4] << 12));
    rijn_wipe(t, sizeof t);
    rijn_wipe(&c, sizeof c);
    rijn_wipe(r, sizeof r);
}

#define RIJN_I_X25519_LADDER rijn_i_x25519_ladder64
#include "x25519_ladder.h"

#else
typedef int rijn_i_x25519_fe64_unused; /* ISO C: no empty translation unit */
#endif
