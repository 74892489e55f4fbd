/*
 * test_hash_ctgrind.c -- constant-time check of the hash layer under
 * Valgrind memcheck: keys, passwords, messages and tags are marked
 * undefined, then every hash (typed and descriptor APIs), HMAC and its
 * verify, HKDF, PBKDF2 and EVP_BytesToKey run on them. Memcheck reports
 * any branch or memory index that depends on them. Outputs are marked
 * defined ("declassified") only after the call.
 * Run normally, the test re-runs itself under valgrind; it skips (77)
 * without valgrind or <valgrind/memcheck.h>, or in a sanitizer build.
 */
#include <stdlib.h>

#include "tu_ctgrind.h"

#if TU_CTGRIND
static void run_checks(void)
{
    static uint8_t key[200], msg[700], out[600];
    size_t i;
    int r;
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(msg, sizeof msg);
    TU_SECRET(key, sizeof key);
    TU_SECRET(msg, sizeof msg);
    if (getenv("RIJN_HASH_CT_PLANT") != NULL) { /* the harness must catch this */
        static volatile int sink;
        if (key[3] & 1)
            sink++;
    }
    for (i = 0; i < rijn_hash_count(); i++) {
        const rijn_hash_desc *h = rijn_hash_at(i);
        rijn_hash_ctx c;
        rijn_hmac_ctx m;
        /* hash: several lengths around the block size, streamed */
        r = rijn_hash(h, out, 64, msg, 3 * h->block_size + 5);
        TU_PUBLIC(&r, sizeof r);
        TU_CHECK(r == RIJN_OK, "%s hash", h->name);
        r = rijn_hash_init(&c, h) | rijn_hash_update(&c, msg, 7) |
            rijn_hash_update(&c, msg + 7, h->block_size) | rijn_hash_final(&c, out, 64);
        TU_PUBLIC(&r, sizeof r);
        TU_CHECK(r == RIJN_OK, "%s stream", h->name);
        /* HMAC with short and long secret keys, verify against a secret tag */
        r = rijn_hmac(h, out, h->digest_size, key, 20, msg, 300);
        r |= rijn_hmac(h, out, h->digest_size, key, sizeof key, msg, 300);
        TU_PUBLIC(&r, sizeof r);
        TU_CHECK(r == RIJN_OK, "%s hmac", h->name);
        r = rijn_hmac_init(&m, h, key, 33) | rijn_hmac_update(&m, msg, 100);
        TU_PUBLIC(&r, sizeof r);
        TU_CHECK(r == RIJN_OK, "%s hmac init", h->name);
        r = rijn_hmac_final_verify(&m, out, h->digest_size); /* the verdict is public */
        TU_PUBLIC(&r, sizeof r);
        TU_CHECK(r == RIJN_OK || r == RIJN_ERR_AUTH, "%s verify", h->name);
        /* KDFs */
        r = rijn_hkdf(h, out, 2 * h->digest_size + 3, msg, 16, key, 40, msg + 16, 10);
        r |= rijn_pbkdf2(h, out, h->digest_size + 1, key, 12, msg, 16, 3);
        r |= rijn_evp_bytes_to_key(h, out, 32, out + 32, 16, key, 10, msg, 8, 2);
        TU_PUBLIC(&r, sizeof r);
        TU_CHECK(r == RIJN_OK, "%s kdf", h->name);
    }
    /* SHAKE with incremental squeeze, typed one-shots */
    r = rijn_sha256(out, msg, 119) | rijn_sha224(out, msg, 64);
#if RIJN_CFG_HASH_SHA3
    r |= rijn_shake128(out, 500, msg, 400) | rijn_shake256(out, 333, msg, 170);
#endif
#if RIJN_CFG_HASH_SHA512
    r |= rijn_sha512(out, msg, 239);
#endif
#if RIJN_CFG_HASH_LEGACY
    r |= rijn_md5(out, msg, 55) | rijn_sha1(out, msg, 56);
#endif
    TU_PUBLIC(&r, sizeof r);
    TU_CHECK(r == RIJN_OK, "one-shots");
    TU_PUBLIC(key, sizeof key);
    TU_PUBLIC(msg, sizeof msg);
}

/* run_checks, after naming the SHA-256 implementation under test */
static void hash_checks(void)
{
    printf("under valgrind; SHA-256 implementation: %s\n", rijn_sha256_impl_name());
    run_checks();
}
#endif

TU_CT_PLANTED_MAIN(0xC7C7, hash_checks, "RIJN_HASH_CT_PLANT=1", "hash layer")
