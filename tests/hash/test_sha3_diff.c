/*
 * test_sha3_diff.c -- SHA-3 and SHAKE against OpenSSL: every message
 * length 0..1100 (all rate boundaries: 72, 104, 136, 144, 168) with
 * random split points; SHAKE with random output lengths squeezed in
 * random pieces (incremental squeeze equals one long squeeze). With the
 * default Keccak-f[1600] version, then (re-runs, RIJN_CPU_MASK) with
 * AVX-512 hidden ("bmi1") and with BMI1 hidden too (portable).
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "core/cpu.h"
#include "hash/hash_i.h"
#include "testutil.h"

#if !RIJN_CFG_HASH_SHA3
int main(void)
{
    printf("SHA-3 compiled out (RIJN_CFG_HASH_SHA3=0): skipped\n");
    return 77;
}
#else

typedef struct alg {
    const char *ossl;
    int (*init)(rijn_sha3_ctx *);
    int (*oneshot)(uint8_t *, const uint8_t *, size_t);
    size_t size; /* 0 = SHAKE */
} alg;

static int os224(uint8_t *o, const uint8_t *d, size_t n) { return rijn_sha3_224(o, d, n); }
static int os256(uint8_t *o, const uint8_t *d, size_t n) { return rijn_sha3_256(o, d, n); }
static int os384(uint8_t *o, const uint8_t *d, size_t n) { return rijn_sha3_384(o, d, n); }
static int os512(uint8_t *o, const uint8_t *d, size_t n) { return rijn_sha3_512(o, d, n); }

static const alg algs[] = {
    {"SHA3-224", rijn_sha3_224_init, os224, 28}, {"SHA3-256", rijn_sha3_256_init, os256, 32},
    {"SHA3-384", rijn_sha3_384_init, os384, 48}, {"SHA3-512", rijn_sha3_512_init, os512, 64},
    {"SHAKE128", rijn_shake128_init, NULL, 0},   {"SHAKE256", rijn_shake256_init, NULL, 0},
};

static int ossl_hash(const EVP_MD *md, uint8_t *out, size_t outlen, const uint8_t *m, size_t len,
                     int xof)
{
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    unsigned int ol;
    int ok = c != NULL && EVP_DigestInit_ex(c, md, NULL) == 1 && EVP_DigestUpdate(c, m, len) == 1 &&
             (xof ? EVP_DigestFinalXOF(c, out, outlen) : EVP_DigestFinal_ex(c, out, &ol)) == 1;
    EVP_MD_CTX_free(c);
    return ok;
}

int main(int argc, char **argv)
{
    static uint8_t msg[3000], want[2000], got[2000];
    size_t i, len, maxlen = tu_quick() ? 300 : 1100;
    tu_rand_seed(0x5A3D1F);
    {
        rijn_sha3_ctx c0;
        TU_CHECK(rijn_sha3_256_init(&c0) == RIJN_OK, "init");
        printf("Keccak-f[1600]: %s\n", rijn_i_sha3_ctx_impl_name(&c0));
    }
    for (i = 0; i < sizeof algs / sizeof algs[0]; i++) {
        const alg *a = &algs[i];
        const EVP_MD *md = EVP_get_digestbyname(a->ossl);
        unsigned long before = tu_passed;
        TU_CHECK(md != NULL, "OpenSSL %s", a->ossl);
        if (md == NULL)
            continue;
        for (len = 0; len <= maxlen + (tu_quick() ? 0 : 1800); len += len < maxlen ? 1 : 97) {
            rijn_sha3_ctx c;
            size_t outlen = a->size ? a->size : tu_rand_below(len % 3 == 0 ? 600 : sizeof want);
            size_t pos = 0, k, maxp = 1 + tu_rand_below(300);
            int r;
            tu_rand_bytes(msg, len);
            TU_CHECK(ossl_hash(md, want, outlen, msg, len, a->size == 0), "OpenSSL");
            if (a->size)
                TU_CHECK(a->oneshot(got, msg, len) == RIJN_OK, "oneshot");
            else if (strcmp(a->ossl, "SHAKE128") == 0)
                TU_CHECK(rijn_shake128(got, outlen, msg, len) == RIJN_OK, "oneshot");
            else
                TU_CHECK(rijn_shake256(got, outlen, msg, len) == RIJN_OK, "oneshot");
            TU_EQ(got, want, outlen, a->ossl);
            /* streamed absorb, then final or a sequence of squeezes */
            r = a->init(&c);
            while (r == RIJN_OK && pos < len) {
                k = 1 + tu_rand_below(maxp);
                if (k > len - pos)
                    k = len - pos;
                r = rijn_sha3_update(&c, msg + pos, k);
                pos += k;
            }
            if (a->size) {
                r |= rijn_sha3_final(&c, got);
            } else {
                pos = 0;
                maxp = 1 + tu_rand_below(400);
                while (r == RIJN_OK && pos < outlen) {
                    k = tu_rand_below(maxp + 1);
                    if (k > outlen - pos)
                        k = outlen - pos;
                    r = rijn_shake_squeeze(&c, got + pos, k);
                    pos += k;
                }
                TU_CHECK(rijn_shake_squeeze(&c, NULL, 0) == RIJN_OK, "empty squeeze");
                TU_CHECK(rijn_sha3_update(&c, msg, 1) == RIJN_ERR_STATE, "absorb after squeeze");
                TU_CHECK(rijn_sha3_final(&c, got + outlen) == RIJN_ERR_STATE, "final on SHAKE");
                rijn_sha3_wipe(&c);
            }
            TU_CHECK(r == RIJN_OK, "stream");
            TU_EQ(got, want, outlen, a->ossl);
        }
        printf("%-9s lengths 0..%zu (+ long, random output sizes): %lu checks\n", a->ossl,
               maxlen, tu_passed - before);
    }
    /* the default Keccak-f[1600] above, the others in re-runs */
    (void)argc;
    tu_rerun_keccak(argv);
    return tu_finish();
}
#endif
