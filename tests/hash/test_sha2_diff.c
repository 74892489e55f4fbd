/*
 * test_sha2_diff.c -- SHA-2 against OpenSSL EVP_Digest for every message
 * length 0..1100 (all padding edges: 55/56/63/64 mod 64, 111/112/127/128
 * mod 128) with random split points, plus byte-at-a-time streaming.
 * When the default SHA-256 is not the portable code the test re-runs
 * itself with RIJN_CPU_MASK at the avx2, ssse3 and portable levels, so
 * every compression gets the same checks (test_sha2_impls.c forces each
 * entry by name instead).
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "test_sha2_util.h"

typedef struct alg {
    const char *name, *ossl;
    size_t size;
    int is512;
    int (*init256)(rijn_sha256_ctx *);
    int (*init512)(rijn_sha512_ctx *);
} alg;

static const alg algs[] = {
    {"SHA-224", "SHA224", 28, 0, rijn_sha224_init, NULL},
    {"SHA-256", "SHA256", 32, 0, rijn_sha256_init, NULL},
#if RIJN_CFG_HASH_SHA512
    {"SHA-384", "SHA384", 48, 1, NULL, rijn_sha384_init},
    {"SHA-512", "SHA512", 64, 1, NULL, rijn_sha512_init},
    {"SHA-512/224", "SHA512-224", 28, 1, NULL, rijn_sha512_224_init},
    {"SHA-512/256", "SHA512-256", 32, 1, NULL, rijn_sha512_256_init},
#endif
};

/* Hash msg in pieces: maxpiece 1 = byte at a time, else random sizes. */
static int stream(const alg *a, uint8_t *out, const uint8_t *msg, size_t len, size_t maxpiece)
{
    size_t pos = 0, k;
    int r;
    rijn_sha256_ctx c2;
#if RIJN_CFG_HASH_SHA512
    rijn_sha512_ctx c5;
    if (a->is512) {
        r = a->init512(&c5);
        while (r == RIJN_OK && pos < len) {
            k = maxpiece == 1 ? 1 : tu_rand_below(maxpiece + 1);
            if (k > len - pos)
                k = len - pos;
            r = rijn_sha512_update(&c5, msg + pos, k);
            pos += k;
        }
        return r == RIJN_OK ? rijn_sha512_final(&c5, out) : r;
    }
#endif
    r = a->init256(&c2);
    while (r == RIJN_OK && pos < len) {
        k = maxpiece == 1 ? 1 : tu_rand_below(maxpiece + 1);
        if (k > len - pos)
            k = len - pos;
        r = rijn_sha256_update(&c2, msg + pos, k);
        pos += k;
    }
    return r == RIJN_OK ? rijn_sha256_final(&c2, out) : r;
}

static int oneshot(const alg *a, uint8_t *out, const uint8_t *msg, size_t len)
{
    switch (a->size + (size_t)a->is512) {
    case 28: return rijn_sha224(out, msg, len);
    case 32: return rijn_sha256(out, msg, len);
#if RIJN_CFG_HASH_SHA512
    case 49: return rijn_sha384(out, msg, len);
    case 65: return rijn_sha512(out, msg, len);
    case 29: return rijn_sha512_224(out, msg, len);
    case 33: return rijn_sha512_256(out, msg, len);
#endif
    default: return RIJN_ERR_UNSUPPORTED;
    }
}

int main(int argc, char **argv)
{
    static uint8_t msg[1101 + 1024];
    uint8_t want[64], got[64];
    size_t i, len, maxlen = tu_quick() ? 300 : 1100;
    unsigned long before;
    (void)argc;
    tu_rand_seed(0xD1FF2);
    printf("SHA-256 implementation: %s\n", rijn_sha256_impl_name());
    for (i = 0; i < sizeof algs / sizeof algs[0]; i++) {
        const alg *a = &algs[i];
        const EVP_MD *md = EVP_get_digestbyname(a->ossl);
        unsigned int ol = 0;
        before = tu_passed;
        TU_CHECK(md != NULL && (size_t)EVP_MD_get_size(md) == a->size, "OpenSSL %s", a->ossl);
        if (md == NULL)
            continue;
        for (len = 0; len <= maxlen; len++) {
            tu_rand_bytes(msg, len);
            TU_CHECK(EVP_Digest(msg, len, want, &ol, md, NULL) == 1, "EVP_Digest");
            TU_CHECK(oneshot(a, got, msg, len) == RIJN_OK, "oneshot");
            TU_EQ(got, want, a->size, a->name);
            TU_CHECK(stream(a, got, msg, len, 1 + tu_rand_below(200)) == RIJN_OK, "stream");
            TU_EQ(got, want, a->size, a->name);
            if (len % 37 == 0) {
                TU_CHECK(stream(a, got, msg, len, 1) == RIJN_OK, "bytewise");
                TU_EQ(got, want, a->size, a->name);
            }
        }
        /* longer messages: several blocks at once through the N-block path */
        for (len = 1101; len < sizeof msg; len += 1 + tu_rand_below(97)) {
            tu_rand_bytes(msg, len);
            TU_CHECK(EVP_Digest(msg, len, want, &ol, md, NULL) == 1, "EVP_Digest");
            TU_CHECK(stream(a, got, msg, len, 700) == RIJN_OK, "stream");
            TU_EQ(got, want, a->size, a->name);
        }
        printf("%-12s lengths 0..%zu + long: %lu checks\n", a->name, maxlen, tu_passed - before);
    }
    if (strcmp(rijn_sha256_impl_name(), "portable") != 0 && !tu_rerun_is_child("RIJN_SHA2_CHILD"))
        ts_rerun_levels(argv);
    return tu_finish();
}
