/*
 * test_legacy.c -- MD5 and SHA-1 (legacy): RFC 1321 A.5 suite, CAVP
 * SHA1ShortMsg/LongMsg/Monte, and a differential test against OpenSSL for
 * every length 0..1100 with random splits, through the typed and the
 * descriptor APIs.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "testutil.h"

#if !RIJN_CFG_HASH_LEGACY
int main(void)
{
    printf("MD5/SHA-1 compiled out (RIJN_CFG_HASH_LEGACY=0): skipped\n");
    return 77;
}
#else

/* Descriptor-API hash of msg in random pieces of at most maxpiece bytes. */
static int stream(const rijn_hash_desc *h, uint8_t *out, const uint8_t *msg, size_t len,
                  size_t maxpiece)
{
    rijn_hash_ctx c;
    size_t pos = 0, k;
    int r = rijn_hash_init(&c, h);
    while (r == RIJN_OK && pos < len) {
        k = 1 + tu_rand_below(maxpiece);
        if (k > len - pos)
            k = len - pos;
        r = rijn_hash_update(&c, msg + pos, k);
        pos += k;
    }
    if (r == RIJN_OK)
        r = rijn_hash_final(&c, out, 64);
    return r;
}

static unsigned long run_file(const rijn_hash_desc *h, const char *rel)
{
    tu_rsp *r = tu_rsp_open(tu_vec_require(rel));
    unsigned long n = 0;
    TU_CHECK(r != NULL, "open %s", rel);
    if (r == NULL)
        return 0;
    while (tu_rsp_next(r)) {
        const char *lens = tu_rsp_get(r, "Len"), *msgh = tu_rsp_get(r, "Msg"),
                   *mdh = tu_rsp_get(r, "MD");
        uint8_t *msg, want[64], got[64];
        size_t mlen;
        if (lens == NULL || msgh == NULL || mdh == NULL)
            continue;
        msg = tu_unhex(msgh, &mlen);
        TU_CHECK(msg != NULL && tu_unhex_into(want, h->digest_size, mdh) == 0, "parse");
        if (msg == NULL)
            continue;
        mlen = (size_t)strtoul(lens, NULL, 10) / 8;
        TU_CHECK(rijn_hash(h, got, sizeof got, msg, mlen) == RIJN_OK, "hash");
        TU_EQ(got, want, h->digest_size, h->name);
        TU_CHECK(stream(h, got, msg, mlen, 1 + tu_rand_below(mlen + 1)) == RIJN_OK, "stream");
        TU_EQ(got, want, h->digest_size, h->name);
        free(msg);
        n++;
    }
    tu_rsp_close(r);
    return n;
}

/* CAVP Monte (as for SHA-2): MDi = H(MDi-3 || MDi-2 || MDi-1). */
static unsigned long run_monte_sha1(void)
{
    tu_rsp *r = tu_rsp_open(tu_vec_require("cryptography_vectors/hashes/SHA1/SHA1Monte.rsp"));
    uint8_t md[3][20], m[60], seed[20], want[20];
    unsigned long n = 0;
    int have = 0, iters = tu_quick() ? 100 : 1000;
    TU_CHECK(r != NULL, "open monte");
    if (r == NULL)
        return 0;
    while (tu_rsp_next(r)) {
        const char *s = tu_rsp_get(r, "Seed"), *mdh = tu_rsp_get(r, "MD");
        int i;
        if (s != NULL) {
            have = tu_unhex_into(seed, 20, s) == 0;
            continue;
        }
        if (mdh == NULL || !have || tu_unhex_into(want, 20, mdh) != 0)
            continue;
        memcpy(md[0], seed, 20);
        memcpy(md[1], seed, 20);
        memcpy(md[2], seed, 20);
        for (i = 0; i < iters; i++) {
            memcpy(m, md[0], 20);
            memcpy(m + 20, md[1], 20);
            memcpy(m + 40, md[2], 20);
            memmove(md[0], md[1], 40);
            if (rijn_sha1(md[2], m, 60) != RIJN_OK)
                TU_CHECK(0, "sha1");
        }
        if (iters == 1000)
            TU_EQ(md[2], want, 20, "SHA-1 Monte");
        memcpy(seed, md[2], 20);
        n++;
        if (tu_quick() && n >= 3)
            break;
    }
    tu_rsp_close(r);
    return n;
}

static unsigned long diff(const rijn_hash_desc *h, const char *ossl)
{
    static uint8_t msg[1100];
    uint8_t want[64], got[64];
    const EVP_MD *md = EVP_get_digestbyname(ossl);
    unsigned int ol;
    unsigned long before = tu_passed;
    size_t len, maxlen = tu_quick() ? 300 : 1100;
    TU_CHECK(md != NULL, "OpenSSL %s", ossl);
    if (md == NULL)
        return 0;
    for (len = 0; len <= maxlen; len++) {
        tu_rand_bytes(msg, len);
        TU_CHECK(EVP_Digest(msg, len, want, &ol, md, NULL) == 1 && ol == h->digest_size, "EVP");
        if (h->id == RIJN_HASH_MD5)
            TU_CHECK(rijn_md5(got, msg, len) == RIJN_OK, "md5");
        else
            TU_CHECK(rijn_sha1(got, msg, len) == RIJN_OK, "sha1");
        TU_EQ(got, want, h->digest_size, h->name);
        TU_CHECK(stream(h, got, msg, len, 1 + tu_rand_below(150)) == RIJN_OK, "stream");
        TU_EQ(got, want, h->digest_size, h->name);
    }
    return tu_passed - before;
}

int main(void)
{
    unsigned long a, b, c;
    rijn_md5_ctx m5;
    rijn_sha1_ctx s1;
    uint8_t out[20];
    tu_rand_seed(0x1E6AC1);
    a = run_file(&rijn_hash_md5, "cryptography_vectors/hashes/MD5/rfc-1321.txt");
    printf("MD5   RFC 1321: %lu vectors\n", a);
    TU_CHECK(a == 7, "RFC 1321 count");
    a = run_file(&rijn_hash_sha1, "cryptography_vectors/hashes/SHA1/SHA1ShortMsg.rsp");
    b = run_file(&rijn_hash_sha1, "cryptography_vectors/hashes/SHA1/SHA1LongMsg.rsp");
    c = run_monte_sha1();
    printf("SHA-1 ShortMsg %lu, LongMsg %lu, Monte %lu checkpoints\n", a, b, c);
    TU_CHECK(a == 65 && b == 64 && c >= (tu_quick() ? 3u : 100u), "SHA-1 counts");
    printf("MD5   vs OpenSSL: %lu checks\n", diff(&rijn_hash_md5, "MD5"));
    printf("SHA-1 vs OpenSSL: %lu checks\n", diff(&rijn_hash_sha1, "SHA1"));
    /* state errors: final wipes; a wiped context refuses further use */
    TU_CHECK(rijn_md5_init(&m5) == RIJN_OK && rijn_md5_final(&m5, out) == RIJN_OK, "md5");
    TU_CHECK(rijn_md5_update(&m5, out, 1) == RIJN_ERR_STATE, "md5 after final");
    TU_CHECK(rijn_md5_final(&m5, out) == RIJN_ERR_STATE, "md5 final twice");
    TU_CHECK(rijn_sha1_init(&s1) == RIJN_OK && rijn_sha1_update(&s1, NULL, 1) == RIJN_ERR_NULL,
             "sha1 NULL data");
    TU_CHECK(rijn_sha1_update(&s1, NULL, 0) == RIJN_OK, "sha1 empty");
    TU_CHECK(rijn_sha1_final(&s1, NULL) == RIJN_ERR_NULL, "sha1 NULL out");
    rijn_sha1_wipe(&s1);
    TU_CHECK(rijn_sha1_update(&s1, out, 1) == RIJN_ERR_STATE, "sha1 wiped");
    TU_CHECK(rijn_md5(NULL, out, 1) == RIJN_ERR_NULL, "md5 NULL out");
    return tu_finish();
}
#endif
