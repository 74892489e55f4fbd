/*
 * test_sha2_cavp.c -- NIST CAVP SHA-2 vectors (ShortMsg, LongMsg, Monte)
 * for SHA-224/256/384/512/512-224/512-256, through the one-shot and the
 * streaming API (random split points). When the default SHA-256 is not
 * the portable code the test re-runs itself with RIJN_CPU_MASK hiding
 * SHA-NI and AVX-512 (the avx2 entries), then AVX2 too (ssse3), then
 * everything (portable), so every x86 compression sees every vector.
 */
#include <stdlib.h>
#include <string.h>

#include "test_sha2_util.h"

typedef struct alg {
    const char *name, *file;
    size_t size;
    int (*oneshot)(uint8_t *, const uint8_t *, size_t);
    int is512;
    int (*init256)(rijn_sha256_ctx *);
    int (*init512)(rijn_sha512_ctx *);
} alg;

static int os224(uint8_t *o, const uint8_t *d, size_t n) { return rijn_sha224(o, d, n); }
static int os256(uint8_t *o, const uint8_t *d, size_t n) { return rijn_sha256(o, d, n); }
#if RIJN_CFG_HASH_SHA512
static int os384(uint8_t *o, const uint8_t *d, size_t n) { return rijn_sha384(o, d, n); }
static int os512(uint8_t *o, const uint8_t *d, size_t n) { return rijn_sha512(o, d, n); }
static int os512_224(uint8_t *o, const uint8_t *d, size_t n) { return rijn_sha512_224(o, d, n); }
static int os512_256(uint8_t *o, const uint8_t *d, size_t n) { return rijn_sha512_256(o, d, n); }
#endif

static const alg algs[] = {
    {"SHA-224", "SHA224", 28, os224, 0, rijn_sha224_init, NULL},
    {"SHA-256", "SHA256", 32, os256, 0, rijn_sha256_init, NULL},
#if RIJN_CFG_HASH_SHA512
    {"SHA-384", "SHA384", 48, os384, 1, NULL, rijn_sha384_init},
    {"SHA-512", "SHA512", 64, os512, 1, NULL, rijn_sha512_init},
    {"SHA-512/224", "SHA512_224", 28, os512_224, 1, NULL, rijn_sha512_224_init},
    {"SHA-512/256", "SHA512_256", 32, os512_256, 1, NULL, rijn_sha512_256_init},
#endif
};

/* Streaming hash of msg cut at up to three random points. */
static int stream(const alg *a, uint8_t *out, const uint8_t *msg, size_t len)
{
    size_t cut[4], i, pos = 0;
    int r = RIJN_OK;
    for (i = 0; i < 3; i++)
        cut[i] = tu_rand_below(len + 1);
    cut[3] = len;
    for (i = 1; i < 3; i++) /* sort three */
        if (cut[i] < cut[i - 1]) {
            size_t t = cut[i];
            cut[i] = cut[i - 1];
            cut[i - 1] = t;
            if (i == 2 && cut[1] < cut[0]) {
                t = cut[1];
                cut[1] = cut[0];
                cut[0] = t;
            }
        }
#if RIJN_CFG_HASH_SHA512
    if (a->is512) {
        rijn_sha512_ctx c;
        r |= a->init512(&c);
        for (i = 0; i < 4; i++) {
            r |= rijn_sha512_update(&c, msg + pos, cut[i] - pos);
            pos = cut[i];
        }
        r |= rijn_sha512_final(&c, out);
        return r;
    }
#endif
    {
        rijn_sha256_ctx c;
        r |= a->init256(&c);
        for (i = 0; i < 4; i++) {
            r |= rijn_sha256_update(&c, msg + pos, cut[i] - pos);
            pos = cut[i];
        }
        r |= rijn_sha256_final(&c, out);
    }
    return r;
}

static unsigned long run_msg_file(const alg *a, const char *kind)
{
    char rel[256];
    tu_rsp *r;
    unsigned long n = 0;
    snprintf(rel, sizeof rel, "cryptography_vectors/hashes/SHA2/%s%s.rsp", a->file, kind);
    r = tu_rsp_open(tu_vec_require(rel));
    TU_CHECK(r != NULL, "open %s", rel);
    if (r == NULL)
        return 0;
    while (tu_rsp_next(r)) {
        const char *lens = tu_rsp_get(r, "Len"), *msgh = tu_rsp_get(r, "Msg"),
                   *mdh = tu_rsp_get(r, "MD");
        uint8_t *msg, want[64], got[64];
        size_t mlen, bits;
        if (lens == NULL || msgh == NULL || mdh == NULL)
            continue;
        bits = (size_t)strtoul(lens, NULL, 10);
        msg = tu_unhex(msgh, &mlen);
        TU_CHECK(msg != NULL && tu_unhex_into(want, a->size, mdh) == 0, "parse %s", rel);
        if (msg == NULL)
            continue;
        mlen = bits / 8;
        TU_CHECK(a->oneshot(got, msg, mlen) == RIJN_OK, "oneshot");
        TU_EQ(got, want, a->size, a->name);
        TU_CHECK(stream(a, got, msg, mlen) == RIJN_OK, "stream");
        TU_EQ(got, want, a->size, a->name);
        free(msg);
        n++;
    }
    tu_rsp_close(r);
    return n;
}

/* CAVP SHA-2 Monte Carlo: MD0 = MD1 = MD2 = Seed; MDi = H(MDi-3 || MDi-2 ||
 * MDi-1) for i = 3..1002; checkpoint MD1002, which seeds the next round. */
static unsigned long run_monte(const alg *a)
{
    char rel[256];
    tu_rsp *r;
    uint8_t md[3][64], m[192], seed[64], want[64];
    unsigned long n = 0;
    int iters = tu_quick() ? 100 : 1000, have_seed = 0;
    snprintf(rel, sizeof rel, "cryptography_vectors/hashes/SHA2/%sMonte.rsp", a->file);
    r = tu_rsp_open(tu_vec_require(rel));
    TU_CHECK(r != NULL, "open %s", rel);
    if (r == NULL)
        return 0;
    while (tu_rsp_next(r)) {
        const char *s = tu_rsp_get(r, "Seed"), *mdh = tu_rsp_get(r, "MD");
        int i;
        if (s != NULL) {
            have_seed = tu_unhex_into(seed, a->size, s) == 0;
            continue;
        }
        if (mdh == NULL || !have_seed)
            continue;
        TU_CHECK(tu_unhex_into(want, a->size, mdh) == 0, "parse");
        memcpy(md[0], seed, a->size);
        memcpy(md[1], seed, a->size);
        memcpy(md[2], seed, a->size);
        for (i = 3; i < 3 + iters; i++) {
            memcpy(m, md[0], a->size);
            memcpy(m + a->size, md[1], a->size);
            memcpy(m + 2 * a->size, md[2], a->size);
            memcpy(md[0], md[1], a->size);
            memcpy(md[1], md[2], a->size);
            if (a->oneshot(md[2], m, 3 * a->size) != RIJN_OK)
                TU_CHECK(0, "monte hash");
        }
        if (iters == 1000)
            TU_EQ(md[2], want, a->size, "Monte");
        memcpy(seed, md[2], a->size);
        n++;
        if (tu_quick() && n >= 3)
            break;
    }
    tu_rsp_close(r);
    return n;
}

int main(int argc, char **argv)
{
    size_t i;
    (void)argc;
    tu_rand_seed(0x5A2A2);
    printf("SHA-256 implementation: %s\n", rijn_sha256_impl_name());
    for (i = 0; i < sizeof algs / sizeof algs[0]; i++) {
        unsigned long s = run_msg_file(&algs[i], "ShortMsg");
        unsigned long l = run_msg_file(&algs[i], "LongMsg");
        unsigned long m = run_monte(&algs[i]);
        printf("%-12s ShortMsg %lu, LongMsg %lu, Monte %lu checkpoints\n", algs[i].name, s, l, m);
        TU_CHECK(s >= 64 && l >= 64 && m >= (tu_quick() ? 3u : 100u), "%s vector counts",
                 algs[i].name);
    }
    if (strcmp(rijn_sha256_impl_name(), "portable") != 0 && !tu_rerun_is_child("RIJN_SHA2_CHILD"))
        ts_rerun_levels(argv);
    return tu_finish();
}
