/*
 * test_hash_api.c -- the generic hash interface (rijn/hash.h): every
 * descriptor against OpenSSL through rijn_hash / rijn_hash_ctx with
 * random splits and forked (memcpy'd) contexts; lookup by name and id;
 * sizes; state, buffer, NULL and length-limit errors of the typed APIs.
 */
#include <string.h>

#include <openssl/evp.h>

#include "testutil.h"
#include "tu_ossl.h"

static void each_desc(void)
{
    static uint8_t msg[2048];
    size_t i, t;
    for (i = 0; i < rijn_hash_count(); i++) {
        const rijn_hash_desc *h = rijn_hash_at(i);
        const EVP_MD *md = EVP_get_digestbyname(tu_ossl_md_name(h->id));
        unsigned long before = tu_passed;
        TU_CHECK(md != NULL && (size_t)EVP_MD_get_size(md) == h->digest_size &&
                     (h->id >= 9 || (size_t)EVP_MD_get_block_size(md) == h->block_size),
                 "%s sizes", h->name);
        TU_CHECK(h->ctx_size <= RIJN_HASH_CTX_SIZE && h->digest_size <= RIJN_HASH_MAX_SIZE &&
                     h->block_size <= RIJN_HASH_MAX_BLOCK, "%s fits", h->name);
        TU_CHECK(rijn_hash_find(h->name) == h && rijn_hash_by_id(h->id) == h, "lookup %s", h->name);
        TU_CHECK(rijn_hash_find(tu_ossl_md_name(h->id)) == h, "lookup %s", tu_ossl_md_name(h->id));
        if (md == NULL)
            continue;
        for (t = 0; t < (tu_quick() ? 20u : 200u); t++) {
            size_t len = tu_rand_below(sizeof msg), cut = tu_rand_below(len + 1);
            uint8_t want[64], got[64], got2[64];
            unsigned int ol;
            rijn_hash_ctx c, fork;
            tu_rand_bytes(msg, len);
            TU_CHECK(EVP_Digest(msg, len, want, &ol, md, NULL) == 1, "EVP");
            TU_CHECK(rijn_hash(h, got, h->digest_size, msg, len) == RIJN_OK, "one-shot");
            TU_EQ(got, want, h->digest_size, h->name);
            /* hash the prefix, fork, finish both ways */
            TU_CHECK(rijn_hash_init(&c, h) == RIJN_OK && rijn_hash_update(&c, msg, cut) == RIJN_OK,
                     "init/update");
            memcpy(&fork, &c, sizeof c);
            TU_CHECK(rijn_hash_update(&c, msg + cut, len - cut) == RIJN_OK &&
                         rijn_hash_final(&c, got, sizeof got) == RIJN_OK, "finish");
            TU_EQ(got, want, h->digest_size, h->name);
            TU_CHECK(rijn_hash_final(&fork, got2, sizeof got2) == RIJN_OK, "fork final");
            TU_CHECK(rijn_hash(h, got, sizeof got, msg, cut) == RIJN_OK, "prefix");
            TU_EQ(got2, got, h->digest_size, "forked context");
            TU_CHECK(rijn_hash_update(&c, msg, 1) == RIJN_ERR_STATE, "update after final");
        }
        printf("%-11s id %2u digest %2zu block %3zu ctx %3zu: %lu checks vs OpenSSL\n", h->name,
               (unsigned)h->id, h->digest_size, h->block_size, h->ctx_size, tu_passed - before);
    }
}

static int big_init(void *c)
{
    (void)c;
    return RIJN_OK;
}

static void errors(void)
{
    rijn_hash_ctx c;
    rijn_sha256_ctx s2;
#if RIJN_CFG_HASH_SHA512
    rijn_sha512_ctx s5;
#endif
#if RIJN_CFG_HASH_SHA3
    rijn_sha3_ctx s3;
#endif
    uint8_t out[64], in[1] = {0};
    rijn_hash_desc big = rijn_hash_sha256;
    big.ctx_size = RIJN_HASH_CTX_SIZE + 1;
    big.init = big_init;
    TU_CHECK(rijn_hash_find("sha256") == &rijn_hash_sha256, "sha256");
#if RIJN_CFG_HASH_SHA512
    TU_CHECK(rijn_hash_find("SHA-512/256") == &rijn_hash_sha512_256, "SHA-512/256");
    TU_CHECK(rijn_hash_find("sha512_224") == &rijn_hash_sha512_224, "sha512_224");
#else
    TU_CHECK(rijn_hash_find("SHA-512") == NULL && rijn_hash_by_id(RIJN_HASH_SHA512) == NULL,
             "SHA-512 compiled out");
#endif
#if RIJN_CFG_HASH_SHA3
    TU_CHECK(rijn_hash_find("sha3_256") == &rijn_hash_sha3_256, "sha3_256");
#else
    TU_CHECK(rijn_hash_find("SHA3-256") == NULL, "SHA-3 compiled out");
#endif
#if !RIJN_CFG_HASH_LEGACY
    TU_CHECK(rijn_hash_find("MD5") == NULL && rijn_hash_by_id(RIJN_HASH_SHA1) == NULL,
             "legacy compiled out");
#endif
    TU_CHECK(rijn_hash_find("sha") == NULL && rijn_hash_find("sha2566") == NULL &&
                 rijn_hash_find("") == NULL && rijn_hash_find(NULL) == NULL, "bad names");
    TU_CHECK(rijn_hash_by_id(0) == NULL && rijn_hash_by_id(14) == NULL, "bad ids");
    TU_CHECK(rijn_hash_at(rijn_hash_count()) == NULL &&
                 rijn_hash_count() == 2u + 4u * RIJN_CFG_HASH_SHA512 + 4u * RIJN_CFG_HASH_SHA3 +
                                          2u * RIJN_CFG_HASH_LEGACY +
                                          1u * RIJN_CFG_HASH_BLAKE2B, "count");
    TU_CHECK(rijn_hash_digest_size(NULL) == 0 && strcmp(rijn_hash_name(NULL), "none") == 0 &&
                 rijn_hash_block_size(&rijn_hash_sha224) == 64, "getters");
    TU_CHECK(rijn_hash_init(&c, &big) == RIJN_ERR_PARAM, "oversized ctx");
    TU_CHECK(rijn_hash_init(&c, NULL) == RIJN_ERR_NULL, "NULL desc");
    memset(&c, 0, sizeof c);
    TU_CHECK(rijn_hash_update(&c, in, 1) == RIJN_ERR_STATE, "zero ctx");
    TU_CHECK(rijn_hash_final(&c, out, 64) == RIJN_ERR_STATE, "zero ctx final");
    TU_CHECK(rijn_hash_init(&c, &rijn_hash_sha256) == RIJN_OK, "init");
    TU_CHECK(rijn_hash_update(&c, NULL, 1) == RIJN_ERR_NULL, "NULL data");
    TU_CHECK(rijn_hash_final(&c, out, 31) == RIJN_ERR_BUFFER, "short out");
    TU_CHECK(c.desc == NULL, "wiped after short out");
    TU_CHECK(rijn_hash(&rijn_hash_sha256, out, 31, in, 1) == RIJN_ERR_BUFFER, "short out 1-shot");
    /* length limits, by setting the byte count near the limit */
    TU_CHECK(rijn_sha256_init(&s2) == RIJN_OK, "init");
    s2.nbytes = ((uint64_t)1 << 61) - 2;
    TU_CHECK(rijn_sha256_update(&s2, in, 1) == RIJN_OK, "at limit");
    TU_CHECK(rijn_sha256_update(&s2, in, 1) == RIJN_ERR_LIMIT, "over limit");
#if RIJN_CFG_HASH_SHA512
    TU_CHECK(rijn_sha384_init(&s5) == RIJN_OK, "init");
    s5.nbytes = UINT64_MAX;
    TU_CHECK(rijn_sha512_update(&s5, in, 1) == RIJN_ERR_LIMIT, "512 over limit");
    TU_CHECK(rijn_sha512_update(&s5, in, 0) == RIJN_OK, "512 empty");
    rijn_sha512_wipe(&s5);
    TU_CHECK(rijn_sha512_final(&s5, out) == RIJN_ERR_STATE, "512 wiped");
    TU_CHECK(rijn_sha512(out, NULL, 1) == RIJN_ERR_NULL, "one-shot NULL");
#endif
    TU_CHECK(rijn_sha256_final(NULL, out) == RIJN_ERR_NULL, "NULL ctx");
    TU_CHECK(rijn_sha224_init(NULL) == RIJN_ERR_NULL, "NULL init");
    TU_CHECK(rijn_sha256(NULL, in, 1) == RIJN_ERR_NULL, "one-shot NULL");
#if RIJN_CFG_HASH_SHA3
    TU_CHECK(rijn_sha3_256_init(&s3) == RIJN_OK, "init");
    TU_CHECK(rijn_shake_squeeze(&s3, out, 1) == RIJN_ERR_STATE, "squeeze fixed");
    TU_CHECK(rijn_sha3_final(&s3, out) == RIJN_OK, "final");
    TU_CHECK(rijn_sha3_update(&s3, in, 1) == RIJN_ERR_STATE, "sha3 wiped");
    TU_CHECK(rijn_shake128(NULL, 0, in, 1) == RIJN_OK && rijn_shake256(NULL, 1, in, 1) ==
                 RIJN_ERR_NULL, "shake NULL out");
    TU_CHECK(rijn_sha3_224(NULL, in, 1) == RIJN_ERR_NULL, "sha3 NULL out");
#endif
}

int main(void)
{
    tu_rand_seed(0xA91);
    each_desc();
    errors();
    return tu_finish();
}
