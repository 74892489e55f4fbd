/*
 * x25519_ladder.h -- the X25519 Montgomery ladder (RFC 7748 section 5),
 * written once against the field interface below and included by each
 * field implementation (x25519_fe32.c, x25519_fe64.c). Not installed.
 *
 * Implementation notes
 *   Before including, a field file defines the type `fe` and static
 *   functions fe_frombytes, fe_tobytes, fe_one, fe_zero, fe_copy, fe_add,
 *   fe_sub, fe_mul, fe_sq, fe_mul121665, fe_cswap, and the macro
 *   RIJN_I_X25519_LADDER (the exported name); optionally FE_ADDSUB (sum
 *   and difference in one call; undefined again at the end, so that a
 *   single-file build of the library sees each field's own).
 *   Constant time: 255 ladder steps whatever the scalar; the scalar bit
 *   only drives fe_cswap, which swaps with an all-ones/all-zeros mask;
 *   the inversion is a fixed addition chain (z^(p-2)); no secret-dependent
 *   branch or index anywhere. All stack secrets are wiped at the end.
 */

/* s = f + g, d = f - g (outputs distinct from the inputs); a field file
 * may define FE_ADDSUB as one fused routine. */
#if !defined(FE_ADDSUB) /* (not "#ifndef": that would read as an include guard) */
#define FE_ADDSUB(s, d, f, g) \
    do {                      \
        fe_add(s, f, g);      \
        fe_sub(d, f, g);      \
    } while (0)
#endif

/* z^(2^n) by n squarings (n > 0, public). */
static void fe_sqn(fe *out, const fe *z, int n)
{
    int i;
    fe_sq(out, z);
    for (i = 1; i < n; i++)
        fe_sq(out, out);
}

/* out = z^(p-2) = z^(2^255 - 21): the chain 2^250-1, then 5 squarings
 * and a multiplication by z^11. t: six scratch elements (the ladder's
 * temporaries, so the inversion adds nothing to the stack); out may
 * equal z. The caller wipes t. */
static void fe_invert(fe *out, const fe *z, fe t[6])
{
#define z2 t[0]
#define z9 t[1]
#define z11 t[2]
#define a t[3]
#define b t[4]
#define c t[5]
    fe_sq(&z2, z);             /* 2 */
    fe_sqn(&a, &z2, 2);        /* 8 */
    fe_mul(&z9, &a, z);        /* 9 */
    fe_mul(&z11, &z9, &z2);    /* 11 */
    fe_sq(&a, &z11);           /* 22 */
    fe_mul(&a, &a, &z9);       /* 2^5 - 1 */
    fe_sqn(&b, &a, 5);
    fe_mul(&b, &b, &a);        /* 2^10 - 1 */
    fe_sqn(&c, &b, 10);
    fe_mul(&c, &c, &b);        /* 2^20 - 1 */
    fe_sqn(&z2, &c, 20);
    fe_mul(&c, &z2, &c);       /* 2^40 - 1 */
    fe_sqn(&c, &c, 10);
    fe_mul(&a, &c, &b);        /* 2^50 - 1 */
    fe_sqn(&b, &a, 50);
    fe_mul(&b, &b, &a);        /* 2^100 - 1 */
    fe_sqn(&c, &b, 100);
    fe_mul(&c, &c, &b);        /* 2^200 - 1 */
    fe_sqn(&c, &c, 50);
    fe_mul(&c, &c, &a);        /* 2^250 - 1 */
    fe_sqn(&c, &c, 5);         /* 2^255 - 32 */
    fe_mul(out, &c, &z11);     /* 2^255 - 21 */
#undef z2
#undef z9
#undef z11
#undef a
#undef b
#undef c
}

void RIJN_I_X25519_LADDER(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32])
{
    struct {
        fe x1, x2, z2, x3, z3;
        union { /* the step's temporaries, then the inversion's */
            struct {
                fe a, aa, b, bb, e, c, d, da, cb;
            } s;
            fe t[6];
        } u;
    } v;
    uint32_t swap = 0, bit;
    int t;

    fe_frombytes(&v.x1, u);
    fe_one(&v.x2);
    fe_zero(&v.z2);
    fe_copy(&v.x3, &v.x1);
    fe_one(&v.z3);
    for (t = 254; t >= 0; t--) {
        bit = (uint32_t)(scalar[t >> 3] >> (t & 7)) & 1u;
        swap ^= bit;
        fe_cswap(&v.x2, &v.x3, swap);
        fe_cswap(&v.z2, &v.z3, swap);
        swap = bit;
        FE_ADDSUB(&v.u.s.a, &v.u.s.b, &v.x2, &v.z2);
        FE_ADDSUB(&v.u.s.c, &v.u.s.d, &v.x3, &v.z3);
        fe_sq(&v.u.s.aa, &v.u.s.a);
        fe_sq(&v.u.s.bb, &v.u.s.b);
        fe_sub(&v.u.s.e, &v.u.s.aa, &v.u.s.bb);
        fe_mul(&v.u.s.da, &v.u.s.d, &v.u.s.a);
        fe_mul(&v.u.s.cb, &v.u.s.c, &v.u.s.b);
        FE_ADDSUB(&v.x3, &v.z3, &v.u.s.da, &v.u.s.cb);
        fe_sq(&v.x3, &v.x3);
        fe_sq(&v.z3, &v.z3);
        fe_mul(&v.z3, &v.z3, &v.x1);
        fe_mul(&v.x2, &v.u.s.aa, &v.u.s.bb);
        fe_mul121665(&v.z2, &v.u.s.e);
        fe_add(&v.z2, &v.z2, &v.u.s.aa);
        fe_mul(&v.z2, &v.z2, &v.u.s.e);
    }
    fe_cswap(&v.x2, &v.x3, swap);
    fe_cswap(&v.z2, &v.z3, swap);
    fe_invert(&v.z2, &v.z2, v.u.t);
    fe_mul(&v.x2, &v.x2, &v.z2);
    fe_tobytes(out, &v.x2);
    rijn_wipe(&v, sizeof v);
    swap = 0;
    bit = 0;
    (void)swap;
    (void)bit;
}

#undef FE_ADDSUB
