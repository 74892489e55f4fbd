/*
 * test_hmac.c -- HMAC over every hash descriptor: RFC 4231 (SHA-224/256/
 * 384/512), RFC 2202 (MD5, SHA-1), and a differential test against
 * OpenSSL's HMAC for all 12 descriptors with key lengths 0..300 (below,
 * at and above every block size), random message lengths, streaming with
 * random splits, truncated tags, verify accept / reject, and error cases.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "testutil.h"
#include "tu_ossl.h"

#define VDIR "cryptography_vectors/HMAC/"

static unsigned long run_rfc(const rijn_hash_desc *h, const char *file)
{
    char rel[200];
    tu_rsp *r;
    unsigned long n = 0;
    snprintf(rel, sizeof rel, VDIR "%s", file);
    r = tu_rsp_open(tu_vec_require(rel));
    if (r == NULL)
        return 0;
    while (tu_rsp_next(r)) {
        const char *kh = tu_rsp_get(r, "Key"), *mh = tu_rsp_get(r, "Msg");
        const char *th = tu_rsp_get(r, "MD");
        uint8_t *k, *m, want[64], got[64];
        size_t kl, ml;
        if (kh == NULL || mh == NULL || th == NULL)
            continue;
        k = tu_unhex(kh, &kl);
        m = tu_unhex(mh, &ml);
        TU_CHECK(k != NULL && m != NULL && tu_unhex_into(want, h->digest_size, th) == 0, "parse");
        if (k != NULL && m != NULL) {
            TU_CHECK(rijn_hmac(h, got, h->digest_size, k, kl, m, ml) == RIJN_OK, "hmac");
            TU_EQ(got, want, h->digest_size, file);
            TU_CHECK(rijn_hmac_verify(h, want, h->digest_size, k, kl, m, ml) == RIJN_OK, "verify");
            want[0] ^= 1;
            TU_CHECK(rijn_hmac_verify(h, want, h->digest_size, k, kl, m, ml) == RIJN_ERR_AUTH,
                     "verify rejects");
            n++;
        }
        free(k);
        free(m);
    }
    tu_rsp_close(r);
    return n;
}

static unsigned long diff(const rijn_hash_desc *h)
{
    static uint8_t key[300], msg[700];
    uint8_t want[64], got[64];
    const EVP_MD *md = EVP_get_digestbyname(tu_ossl_md_name(h->id));
    unsigned int wl;
    unsigned long before = tu_passed;
    size_t kl, step = tu_quick() ? 13 : 1;
    TU_CHECK(md != NULL, "OpenSSL %s", h->name);
    if (md == NULL)
        return 0;
    for (kl = 0; kl <= 300; kl += step) {
        rijn_hmac_ctx c, c2;
        size_t ml = tu_rand_below(sizeof msg), pos = 0, k, tl;
        int r;
        tu_rand_bytes(key, kl);
        tu_rand_bytes(msg, ml);
        TU_CHECK(HMAC(md, key, (int)kl, msg, ml, want, &wl) != NULL && wl == h->digest_size,
                 "OpenSSL HMAC");
        TU_CHECK(rijn_hmac(h, got, h->digest_size, key, kl, msg, ml) == RIJN_OK, "one-shot");
        TU_EQ(got, want, h->digest_size, h->name);
        /* streaming, and a copy of the keyed context MACs a second message */
        r = rijn_hmac_init(&c, h, key, kl);
        memcpy(&c2, &c, sizeof c);
        while (r == RIJN_OK && pos < ml) {
            k = 1 + tu_rand_below(ml - pos + 40);
            if (k > ml - pos)
                k = ml - pos;
            r = rijn_hmac_update(&c, msg + pos, k);
            pos += k;
        }
        tl = 1 + tu_rand_below(h->digest_size);
        TU_CHECK(r == RIJN_OK && rijn_hmac_final(&c, got, tl) == RIJN_OK, "stream");
        TU_EQ(got, want, tl, h->name);
        TU_CHECK(rijn_hmac_update(&c, msg, 1) == RIJN_ERR_STATE, "update after final");
        TU_CHECK(rijn_hmac_update(&c2, msg, ml) == RIJN_OK &&
                     rijn_hmac_final_verify(&c2, want, tl) == RIJN_OK, "copied ctx verify");
        want[tu_rand_below(tl)] ^= (uint8_t)(1u << tu_rand_below(8));
        TU_CHECK(rijn_hmac_verify(h, want, tl, key, kl, msg, ml) == RIJN_ERR_AUTH, "reject");
    }
    return tu_passed - before;
}

int main(void)
{
    size_t i;
    uint8_t tag[64], key[4] = {1, 2, 3, 4};
    rijn_hmac_ctx c;
    unsigned long n;
    tu_rand_seed(0x4AC);
    n = run_rfc(&rijn_hash_sha224, "rfc-4231-sha224.txt");
    n += run_rfc(&rijn_hash_sha256, "rfc-4231-sha256.txt");
#if RIJN_CFG_HASH_SHA512
    n += run_rfc(&rijn_hash_sha384, "rfc-4231-sha384.txt");
    n += run_rfc(&rijn_hash_sha512, "rfc-4231-sha512.txt");
    TU_CHECK(n == 24, "RFC 4231 count");
#else
    TU_CHECK(n == 12, "RFC 4231 count");
#endif
    printf("RFC 4231 HMAC-SHA-2: %lu vectors\n", n);
#if RIJN_CFG_HASH_LEGACY
    n = run_rfc(&rijn_hash_md5, "rfc-2202-md5.txt");
    printf("RFC 2202 HMAC-MD5: %lu vectors\n", n);
    TU_CHECK(n == 7, "RFC 2202 MD5 count");
    n = run_rfc(&rijn_hash_sha1, "rfc-2202-sha1.txt");
    printf("RFC 2202 HMAC-SHA-1: %lu vectors\n", n);
    TU_CHECK(n == 7, "RFC 2202 SHA-1 count");
#endif
    for (i = 0; i < rijn_hash_count(); i++) {
        n = diff(rijn_hash_at(i));
        printf("HMAC-%-11s vs OpenSSL, key lengths 0..300: %lu checks\n", rijn_hash_at(i)->name, n);
    }
    /* errors */
    TU_CHECK(rijn_hmac(&rijn_hash_sha256, tag, 0, key, 4, key, 4) == RIJN_ERR_TAG_LEN, "tag 0");
    TU_CHECK(rijn_hmac(&rijn_hash_sha256, tag, 33, key, 4, key, 4) == RIJN_ERR_TAG_LEN, "tag 33");
    TU_CHECK(rijn_hmac(NULL, tag, 32, key, 4, key, 4) == RIJN_ERR_NULL, "NULL desc");
    TU_CHECK(rijn_hmac(&rijn_hash_sha256, tag, 32, NULL, 4, key, 4) == RIJN_ERR_NULL, "NULL key");
    TU_CHECK(rijn_hmac(&rijn_hash_sha256, tag, 32, NULL, 0, NULL, 0) == RIJN_OK, "empty key+msg");
    TU_CHECK(rijn_hmac_verify(&rijn_hash_sha256, tag, 32, NULL, 0, NULL, 0) == RIJN_OK, "verify");
    TU_CHECK(rijn_hmac_verify(&rijn_hash_sha256, NULL, 32, NULL, 0, NULL, 0) == RIJN_ERR_NULL,
             "verify NULL tag");
    memset(&c, 0, sizeof c);
    TU_CHECK(rijn_hmac_update(&c, key, 4) == RIJN_ERR_STATE, "zero ctx");
    TU_CHECK(rijn_hmac_final(&c, tag, 32) == RIJN_ERR_STATE, "zero ctx final");
    TU_CHECK(rijn_hmac_init(&c, &rijn_hash_sha256, key, 4) == RIJN_OK, "init");
    TU_CHECK(rijn_hmac_final_verify(&c, tag, 65) == RIJN_ERR_TAG_LEN, "verify tag 65");
    TU_CHECK(rijn_hmac_final(&c, tag, 32) == RIJN_ERR_STATE, "wiped after failed final");
    return tu_finish();
}
