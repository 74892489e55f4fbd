/*
 * test_x25519_paths.c -- the three X25519 ladders against each other and
 * against libsodium: the 4 x 64-bit MULX/ADX field (x86-64), the 51-bit
 * and the 25.5-bit fields, on random scalars and points including
 * non-canonical u-coordinates (>= p, bit 255 set) and the edge values
 * 0, 1, p - 1, p, 2^255 - 1; the RFC 7748 5.2 vectors through the
 * public API. The program re-runs itself with RIJN_CPU_MASK=0 so the
 * public API's other path is checked on a machine that has MULX/ADX.
 * The MULX/ADX field's assembly routines (x25519_fe64x_asm.c) are also
 * checked one by one against OpenSSL's BIGNUM arithmetic mod p on limbs
 * drawn from edge values (0, 1, 37, 38, 2^63, 2^64 - 38, 2^64 - 1), so
 * the carry/borrow folds, rarely taken on random inputs, run:
 * multiplication, squaring, n squarings, and the whole ladder step
 * (swap, add/sub, squarings, products, a + 121665 e) on every output;
 * the step's x2 z2 x3 z3 up to its bound 2^255 + 2^11, and each output
 * checked below that bound.
 */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>

#include "core/cpu.h"
#include "pk/x25519_i.h"
#include "testutil.h"

static void edge_point(uint8_t u[32], int k)
{
    /* p = 2^255 - 19, little-endian */
    memset(u, 0, 32);
    switch (k) {
    case 0: break;                                  /* 0 */
    case 1: u[0] = 1; break;                        /* 1 */
    case 2: memset(u, 0xff, 32); u[0] = 0xec; u[31] = 0x7f; break; /* p - 1 */
    case 3: memset(u, 0xff, 32); u[0] = 0xed; u[31] = 0x7f; break; /* p */
    case 4: memset(u, 0xff, 32); u[31] = 0x7f; break; /* 2^255 - 1 */
    default: memset(u, 0xff, 32); break;            /* bit 255 set too */
    }
}

static void ladders(void)
{
    int i, n = tu_quick() ? 20 : 300;
    for (i = 0; i < n; i++) {
        uint8_t s[32], u[32], a[32], b[32], c[32], want[32], tmp[32];
        tu_rand_bytes(s, 32);
        if (i < 6)
            edge_point(u, i);
        else
            tu_rand_bytes(u, 32);
        memcpy(tmp, s, 32);
        tmp[0] &= 248;
        tmp[31] &= 127;
        tmp[31] |= 64;
        rijn_i_x25519_ladder32(a, tmp, u);
#if RIJN_I_X25519_HAVE_FE64
        rijn_i_x25519_ladder64(b, tmp, u);
        TU_CHECK(memcmp(a, b, 32) == 0, "fe64 vs fe32, case %d", i);
#endif
#if RIJN_I_X25519_HAVE_FE64X
        if ((rijn_i_cpu_features() & (RIJN_CPU_BMI2 | RIJN_CPU_ADX)) ==
            (RIJN_CPU_BMI2 | RIJN_CPU_ADX)) {
            rijn_i_x25519_ladder64x(c, tmp, u);
            TU_CHECK(memcmp(a, c, 32) == 0, "fe64x vs fe32, case %d", i);
        }
#else
        (void)c;
#endif
        /* libsodium rejects all-zero results; compare when it succeeds */
        {
            uint8_t uu[32];
            memcpy(uu, u, 32);
            uu[31] &= 0x7f;
            if (crypto_scalarmult(want, s, uu) == 0)
                TU_CHECK(memcmp(a, want, 32) == 0, "vs libsodium, case %d", i);
        }
    }
}

#if RIJN_I_X25519_HAVE_FE64X
/* the routines of x25519_fe64x_asm.c (hidden symbols of the library) */
void rijn_i_fe64x_mul(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]);
void rijn_i_fe64x_sq(uint64_t h[4], const uint64_t f[4]);
void rijn_i_fe64x_sqn(uint64_t h[4], const uint64_t f[4], int n);
void rijn_i_fe64x_step(uint64_t *state, uint64_t swap_mask);

static uint64_t rand64(void)
{
    uint8_t b[8];
    uint64_t x = 0;
    int i;
    tu_rand_bytes(b, 8);
    for (i = 0; i < 8; i++)
        x = (x << 8) | b[i];
    return x;
}

/* an element below 2^256: one of the whole-element edges (a quarter of
 * the time: 0, 1, 37, 38, p - 1, p, 2^255, 2^256 - 39, 2^256 - 38,
 * 2^256 - 2, 2^256 - 1, 2^256 - 1 - small), else each limb an edge value
 * or random */
static void edge_elem(uint64_t v[4])
{
    static const uint64_t edge[8] = {0, 1, 37, 38, (uint64_t)1 << 63, ~(uint64_t)37,
                                     ~(uint64_t)0, 0};
    static const uint64_t lo[12] = {0, 1, 37, 38, ~(uint64_t)19, ~(uint64_t)18, 0,
                                    ~(uint64_t)38, ~(uint64_t)37, ~(uint64_t)1, ~(uint64_t)0, 0};
    uint64_t x = rand64();
    unsigned w = (unsigned)(x >> 32) % 12;
    int i;
    if ((x & 3) == 0) {
        v[0] = w == 11 ? ~(x >> 58) : lo[w];
        v[1] = v[2] = w < 4 ? 0 : ~(uint64_t)0;
        v[3] = w < 4 ? 0 : w < 6 ? ~(uint64_t)0 >> 1 : w == 6 ? (uint64_t)1 << 63 : ~(uint64_t)0;
        if (w == 6)
            v[1] = v[2] = 0;
        return;
    }
    for (i = 0; i < 4; i++) {
        unsigned k = (unsigned)(rand64() & 15);
        v[i] = k < 7 ? edge[k] : rand64();
    }
}

static BIGNUM *bn_of(const uint64_t v[4])
{
    uint8_t b[32];
    int i;
    for (i = 0; i < 32; i++)
        b[i] = (uint8_t)(v[i / 8] >> (8 * (i % 8)));
    return BN_lebin2bn(b, 32, NULL);
}

/* 1 when v = want (mod p) */
static int bn_eq(const uint64_t v[4], const BIGNUM *want, const BIGNUM *p, BN_CTX *ctx)
{
    BIGNUM *a = bn_of(v), *d = BN_new();
    int ok = a != NULL && d != NULL && BN_mod_sub(d, a, want, p, ctx) && BN_is_zero(d);
    BN_free(a);
    BN_free(d);
    return ok;
}

static void field_ops(void)
{
    int i, n = tu_quick() ? 100 : 3000;
    BN_CTX *ctx = BN_CTX_new();
    BIGNUM *p = NULL, *r = BN_new(), *s = BN_new(), *t = BN_new(), *k = BN_new();
    if ((rijn_i_cpu_features() & (RIJN_CPU_BMI2 | RIJN_CPU_ADX)) !=
        (RIJN_CPU_BMI2 | RIJN_CPU_ADX)) {
        printf("# no BMI2/ADX: fe64x routines not checked\n");
        goto done;
    }
    TU_CHECK(ctx != NULL && r != NULL && s != NULL && t != NULL && k != NULL &&
                 BN_hex2bn(&p, "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed") &&
                 BN_set_word(k, 121665),
             "BIGNUM setup");
    for (i = 0; i < n; i++) {
        uint64_t f[4], g[4], h[4];
        BIGNUM *bf, *bg;
        int m = 1 + (i % 23);
        edge_elem(f);
        edge_elem(g);
        bf = bn_of(f);
        bg = bn_of(g);
        rijn_i_fe64x_mul(h, f, g);
        TU_CHECK(BN_mod_mul(r, bf, bg, p, ctx) && bn_eq(h, r, p, ctx), "fe64x mul, case %d", i);
        rijn_i_fe64x_sq(h, f);
        TU_CHECK(BN_mod_sqr(r, bf, p, ctx) && bn_eq(h, r, p, ctx), "fe64x sq, case %d", i);
        rijn_i_fe64x_sqn(h, f, m);
        BN_copy(r, bf);
        while (m-- > 0)
            (void)BN_mod_sqr(r, r, p, ctx);
        TU_CHECK(bn_eq(h, r, p, ctx), "fe64x sqn, case %d", i);
        BN_free(bf);
        BN_free(bg);
    }
    for (i = 0; i < n; i++) {
        /* x1 x2 z2 x3 z3, then 9 scratch elements */
        uint64_t st[14][4], in[5][4];
        BIGNUM *b[5], *A, *B, *C, *D, *AA, *BB, *E, *DA, *CB;
        uint64_t swap = rand64() & 1;
        int j, ok;
        for (j = 0; j < 14; j++) {
            edge_elem(st[j]);
            /* x2 z2 x3 z3: below 2^255 + 2^11 (the step's precondition,
             * what it writes), edges up to that bound */
            if (j >= 1 && j <= 4 && st[j][3] >= (uint64_t)1 << 63) {
                st[j][3] = (uint64_t)1 << 63;
                st[j][1] = st[j][2] = 0;
                st[j][0] = (rand64() & 1) ? 2047 : st[j][0] & 2047;
            }
        }
        memcpy(in, st, sizeof in);
        rijn_i_fe64x_step(st[0], (uint64_t)0 - swap);
        for (j = 0; j < 5; j++)
            b[j] = bn_of(in[swap && j > 0 ? (j + 1) % 4 + 1 : j]); /* swap 1<->3, 2<->4 */
        A = BN_new(); B = BN_new(); C = BN_new(); D = BN_new(); AA = BN_new();
        BB = BN_new(); E = BN_new(); DA = BN_new(); CB = BN_new();
        ok = A && B && C && D && AA && BB && E && DA && CB &&
             BN_mod_add(A, b[1], b[2], p, ctx) && BN_mod_sub(B, b[1], b[2], p, ctx) &&
             BN_mod_add(C, b[3], b[4], p, ctx) && BN_mod_sub(D, b[3], b[4], p, ctx) &&
             BN_mod_sqr(AA, A, p, ctx) && BN_mod_sqr(BB, B, p, ctx) &&
             BN_mod_sub(E, AA, BB, p, ctx) && BN_mod_mul(DA, D, A, p, ctx) &&
             BN_mod_mul(CB, C, B, p, ctx);
        TU_CHECK(ok, "BIGNUM step");
        TU_CHECK(memcmp(st[0], in[0], 32) == 0, "step keeps x1, case %d", i);
        for (j = 1; j <= 4; j++)
            TU_CHECK(st[j][3] < ((uint64_t)1 << 63) ||
                         (st[j][3] == (uint64_t)1 << 63 && st[j][2] == 0 && st[j][1] == 0 &&
                          st[j][0] < 2048),
                     "step output %d below 2^255 + 2^11, case %d", j, i);
        /* x2 = AA BB */
        TU_CHECK(BN_mod_mul(r, AA, BB, p, ctx) && bn_eq(st[1], r, p, ctx), "step x2, case %d", i);
        /* z2 = E (AA + 121665 E) */
        TU_CHECK(BN_mod_mul(s, k, E, p, ctx) && BN_mod_add(s, s, AA, p, ctx) &&
                     BN_mod_mul(r, s, E, p, ctx) && bn_eq(st[2], r, p, ctx),
                 "step z2, case %d", i);
        /* x3 = (DA + CB)^2, z3 = x1 (DA - CB)^2 */
        TU_CHECK(BN_mod_add(s, DA, CB, p, ctx) && BN_mod_sqr(r, s, p, ctx) &&
                     bn_eq(st[3], r, p, ctx),
                 "step x3, case %d", i);
        TU_CHECK(BN_mod_sub(s, DA, CB, p, ctx) && BN_mod_sqr(t, s, p, ctx) &&
                     BN_mod_mul(r, t, b[0], p, ctx) && bn_eq(st[4], r, p, ctx),
                 "step z3, case %d", i);
        for (j = 0; j < 5; j++)
            BN_free(b[j]);
        BN_free(A); BN_free(B); BN_free(C); BN_free(D); BN_free(AA);
        BN_free(BB); BN_free(E); BN_free(DA); BN_free(CB);
    }
done:
    BN_free(p);
    BN_free(r);
    BN_free(s);
    BN_free(t);
    BN_free(k);
    BN_CTX_free(ctx);
}
#endif

static void rfc7748(void)
{
    static const char *const v[2][3] = {
        {"a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
         "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
         "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"},
        {"4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
         "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
         "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"},
    };
    int i;
    for (i = 0; i < 2; i++) {
        uint8_t s[32], u[32], want[32], out[32];
        TU_CHECK(tu_unhex_into(s, 32, v[i][0]) == 0 && tu_unhex_into(u, 32, v[i][1]) == 0 &&
                     tu_unhex_into(want, 32, v[i][2]) == 0, "hex");
        TU_CHECK(rijn_x25519(out, s, u) == RIJN_OK, "x25519");
        TU_CHECK(memcmp(out, want, 32) == 0, "RFC 7748 5.2 vector %d (%s)", i,
                 rijn_x25519_impl());
    }
}


int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    if (sodium_init() < 0)
        return 1;
    tu_rand_seed(0x25519u);
    printf("# x25519 field: %s\n", rijn_x25519_impl());
    ladders();
#if RIJN_I_X25519_HAVE_FE64X
    field_ops();
#endif
    rfc7748();
    if (!tu_rerun_is_child("RIJN_X25519_CHILD"))
        tu_rerun_masked(argv, 0, "no extensions: 51-bit ladder", "RIJN_X25519_CHILD");
    return tu_finish();
}
