/*
 * test_gcm_diff.c -- AES-GCM and GMAC against OpenSSL's EVP aes-*-gcm on
 * random keys, nonce lengths 1..64, AAD and text lengths 0..600 (with the
 * edges 0, 15, 16, 17 mod 16 favoured) and every allowed tag length,
 * through seal/open and streaming with random splits, tampered copies
 * rejected with the output zeroed (tu_aead_tampered, tests/support/
 * tu_aead.h); on every AES and every GHASH class.
 * Every combination of AAD and text lengths 0, 1, 15, 16, 17, 31, 32, 33
 * with nonces of 1, 12, 15, 16, 17 bytes.
 * Then every error path of the API.
 */
#include <openssl/evp.h>

#include "test_gcm_util.h"
#include "tu_ossl.h"

static size_t pick_len(size_t max)
{
    static const size_t edge[] = {0, 1, 15, 16, 17, 31, 32, 33, 47, 48, 49, 63, 64, 65,
                                  127, 128, 129, 255, 256, 257, 511, 512, 513};
    if (tu_rand_below(3) == 0)
        return edge[tu_rand_below(sizeof edge / sizeof edge[0])];
    return tu_rand_below(max + 1);
}

static void diff(const char *name, void *arg)
{
    static const size_t tls[] = {4, 8, 12, 13, 14, 15, 16};
    size_t iters = tu_quick() ? 20 : 250, it;
    (void)arg;
    for (it = 0; it < iters; it++) {
        uint8_t key[32], iv[64], aad[600], pt[600], ct[600], tag[16];
        size_t klen = 16 + 8 * tu_rand_below(3), ivl = 1 + tu_rand_below(64);
        size_t aadl = pick_len(600), len = pick_len(600), tagl = tls[tu_rand_below(7)];
        tu_aead_msg m = {iv, 0, aad, 0, pt, ct, 0, tag, 0};
        rijn_gcm_ctx c;
        char what[96];
        if (tu_rand_below(2))
            ivl = 12;
        tu_rand_bytes(key, klen);
        tu_rand_bytes(iv, ivl);
        tu_rand_bytes(aad, aadl);
        tu_rand_bytes(pt, len);
        snprintf(what, sizeof what, "%s k%zu iv%zu aad%zu len%zu tag%zu", name, klen, ivl, aadl,
                 len, tagl);
        if (!tu_ossl_gcm_seal(key, klen, iv, ivl, aad, aadl, pt, len, ct, tag, tagl)) {
            TU_CHECK(0, "%s: OpenSSL failed", what);
            continue;
        }
        TU_CHECK(tg_gcm_init(&c, key, klen) == RIJN_OK, "%s: init", what);
        m.nl = ivl, m.al = aadl, m.len = len, m.tl = tagl;
        tu_aead_tampered(&tg_api, &c, &m, what); /* then tampered tag, text, AAD, nonce */
        /* GMAC = GCM over the AAD with no text */
        if (tu_ossl_gcm_seal(key, klen, iv, ivl, aad, aadl, NULL, 0, ct, tag, tagl)) {
            uint8_t t[16];
            TU_CHECK(rijn_gmac_compute(&c, t, tagl, iv, ivl, aad, aadl) == RIJN_OK, "gmac");
            TU_EQ(t, tag, tagl, "GMAC vs OpenSSL");
            TU_CHECK(rijn_gmac_verify(&c, tag, tagl, iv, ivl, aad, aadl) == RIJN_OK, "gmac v");
            t[0] ^= 1;
            TU_CHECK(rijn_gmac_verify(&c, t, tagl, iv, ivl, aad, aadl) == RIJN_ERR_AUTH,
                     "gmac bad");
        }
        rijn_gcm_wipe(&c);
    }
    printf("  differential vs OpenSSL with %s %s: %zu messages\n", arg ? "GHASH" : "AES", name,
           iters);
}

/* Every combination of the edge lengths, deterministic. */
static void edges(const char *name, void *arg)
{
    static const size_t lens[] = {0, 1, 15, 16, 17, 31, 32, 33};
    static const size_t ivs[] = {1, 12, 15, 16, 17};
    size_t a, b, v, n = 0;
    uint8_t key[32], iv[17], aad[33], pt[33], ct[33], tag[16];
    rijn_gcm_ctx c;
    (void)arg;
    tu_rand_bytes(key, sizeof key);
    TU_CHECK(tg_gcm_init(&c, key, 32) == RIJN_OK, "init");
    for (a = 0; a < 8; a++)
        for (b = 0; b < 8; b++)
            for (v = 0; v < 5; v++) {
                char what[80];
                tu_rand_bytes(iv, sizeof iv);
                tu_rand_bytes(aad, sizeof aad);
                tu_rand_bytes(pt, sizeof pt);
                snprintf(what, sizeof what, "edge %s aad%zu len%zu iv%zu", name, lens[a],
                         lens[b], ivs[v]);
                if (!tu_ossl_gcm_seal(key, 32, iv, ivs[v], aad, lens[a], pt, lens[b], ct, tag,
                                      16)) {
                    TU_CHECK(0, "%s: OpenSSL failed", what);
                    continue;
                }
                tg_check(&c, iv, ivs[v], aad, lens[a], pt, ct, lens[b], tag, 16, 1, what);
                tag[15] ^= 1;
                tg_check(&c, iv, ivs[v], aad, lens[a], pt, ct, lens[b], tag, 16, 0, what);
                n++;
            }
    rijn_gcm_wipe(&c);
    printf("  edge lengths with %s: %zu combinations\n", name, n);
}

static void errors(void)
{
    uint8_t key[32] = {1}, iv[16] = {2}, buf[64] = {0}, tag[16];
    rijn_gcm_ctx c, z;
    size_t t;
    memset(&z, 0, sizeof z);
    /* init */
    TU_CHECK(rijn_gcm_init(NULL, key, 16) == RIJN_ERR_NULL, "NULL ctx");
    TU_CHECK(rijn_gcm_init(&c, NULL, 16) == RIJN_ERR_NULL, "NULL key");
    TU_CHECK(rijn_gcm_init(&c, key, 15) == RIJN_ERR_KEY_LEN, "key 15");
    TU_CHECK(rijn_gcm_init(&c, key, 33) == RIJN_ERR_KEY_LEN, "key 33");
    TU_CHECK(strcmp(rijn_gcm_ctx_ghash_name(&c), "none") == 0, "not keyed name");
    /* unkeyed context */
    TU_CHECK(rijn_gcm_seal(&z, buf, tag, 16, iv, 12, NULL, 0, buf, 16) == RIJN_ERR_STATE, "z");
    TU_CHECK(rijn_gcm_open(&z, buf, tag, 16, iv, 12, NULL, 0, buf, 16) == RIJN_ERR_STATE, "z");
    TU_CHECK(rijn_gcm_start(&z, iv, 12) == RIJN_ERR_STATE, "z start");
    TU_CHECK(rijn_gcm_seal(NULL, buf, tag, 16, iv, 12, NULL, 0, buf, 16) == RIJN_ERR_NULL, "n");
    TU_CHECK(tg_gcm_init(&c, key, 32) == RIJN_OK, "init");
    TU_CHECK(strcmp(rijn_gcm_ctx_ghash_name(&c), "none") != 0, "ghash name");
    printf("  default classes: AES %s, GHASH %s\n", rijn_aes_ctx_impl_name(&c.aes),
           rijn_gcm_ctx_ghash_name(&c));
    /* nonce, tag */
    TU_CHECK(rijn_gcm_seal(&c, buf, tag, 16, iv, 0, NULL, 0, buf, 16) == RIJN_ERR_NONCE_LEN,
             "nonce 0");
    TU_CHECK(rijn_gcm_seal(&c, buf, tag, 16, NULL, 12, NULL, 0, buf, 16) == RIJN_ERR_NULL,
             "nonce NULL");
    for (t = 0; t <= 17; t++) {
        int want = ((t >= 12 && t <= 16) || t == 8 || t == 4) ? RIJN_OK : RIJN_ERR_TAG_LEN;
        TU_CHECK(rijn_gcm_seal(&c, buf, tag, t, iv, 12, NULL, 0, buf, 16) == want, "tag %zu", t);
        TU_CHECK(rijn_gcm_start(&c, iv, 12) == RIJN_OK, "start");
        TU_CHECK(rijn_gcm_encrypt_final(&c, tag, t) == want, "final tag %zu", t);
    }
    TU_CHECK(rijn_gcm_seal(&c, buf, NULL, 16, iv, 12, NULL, 0, buf, 16) == RIJN_ERR_NULL, "tag");
    TU_CHECK(rijn_gcm_seal(&c, buf, tag, 16, iv, 12, NULL, 1, buf, 16) == RIJN_ERR_NULL, "aad");
    TU_CHECK(rijn_gcm_seal(&c, NULL, tag, 16, iv, 12, NULL, 0, buf, 16) == RIJN_ERR_NULL, "out");
    TU_CHECK(rijn_gcm_seal(&c, buf, tag, 16, iv, 12, NULL, 0, NULL, 16) == RIJN_ERR_NULL, "in");
    TU_CHECK(rijn_gcm_seal(&c, NULL, tag, 16, iv, 12, NULL, 0, NULL, 0) == RIJN_OK, "empty");
    /* overlaps */
    TU_CHECK(rijn_gcm_seal(&c, buf + 1, tag, 16, iv, 12, NULL, 0, buf, 16) == RIJN_ERR_PARAM,
             "partial overlap");
    TU_CHECK(rijn_gcm_seal(&c, buf, buf + 8, 16, iv, 12, NULL, 0, buf, 16) == RIJN_ERR_PARAM,
             "tag overlaps out");
    TU_CHECK(rijn_gcm_seal(&c, buf, buf + 16, 16, iv, 12, NULL, 0, buf, 16) == RIJN_OK,
             "tag right after out");
    TU_CHECK(rijn_gcm_open(&c, buf, buf + 16, 16, iv, 12, NULL, 0, buf, 16) == RIJN_OK,
             "open in place, tag after");
    TU_CHECK(rijn_gcm_open(&c, buf + 1, buf + 32, 16, iv, 12, NULL, 0, buf, 16) ==
                 RIJN_ERR_PARAM, "open partial overlap");
    /* limits (checked before any byte is touched) */
#if SIZE_MAX > 0xFFFFFFFFu
    TU_CHECK(rijn_gcm_seal(&c, buf, tag, 16, iv, 12, NULL, 0, buf, (size_t)1 << 36) ==
                 RIJN_ERR_LIMIT, "text limit");
    TU_CHECK(rijn_gcm_seal(&c, buf, tag, 16, iv, 12, buf, (size_t)1 << 61, buf, 0) ==
                 RIJN_ERR_LIMIT, "aad limit");
    TU_CHECK(rijn_gcm_open(&c, buf, tag, 16, iv, 12, NULL, 0, buf, (size_t)1 << 36) ==
                 RIJN_ERR_LIMIT, "open text limit");
    TU_CHECK(rijn_gcm_start(&c, iv, 12) == RIJN_OK, "start");
    TU_CHECK(rijn_gcm_encrypt_update(&c, buf, buf, 16) == RIJN_OK, "upd");
    TU_CHECK(rijn_gcm_encrypt_update(&c, buf, buf, ((size_t)1 << 36) - 32 - 15) ==
                 RIJN_ERR_LIMIT, "stream text limit");
    TU_CHECK(rijn_gcm_start(&c, iv, 12) == RIJN_OK, "start");
    TU_CHECK(rijn_gcm_aad(&c, buf, (size_t)1 << 61) == RIJN_ERR_LIMIT, "stream aad limit");
#endif
    /* call order */
    TU_CHECK(tg_gcm_init(&c, key, 16) == RIJN_OK, "init");
    TU_CHECK(rijn_gcm_aad(&c, buf, 1) == RIJN_ERR_STATE, "aad before start");
    TU_CHECK(rijn_gcm_encrypt_update(&c, buf, buf, 1) == RIJN_ERR_STATE, "upd before start");
    TU_CHECK(rijn_gcm_encrypt_final(&c, tag, 16) == RIJN_ERR_STATE, "final before start");
    TU_CHECK(rijn_gcm_decrypt_final(&c, tag, 16) == RIJN_ERR_STATE, "final before start");
    TU_CHECK(rijn_gcm_start(&c, iv, 12) == RIJN_OK, "start");
    TU_CHECK(rijn_gcm_aad(&c, NULL, 1) == RIJN_ERR_NULL, "aad NULL");
    TU_CHECK(rijn_gcm_aad(&c, buf, 3) == RIJN_OK, "aad");
    TU_CHECK(rijn_gcm_encrypt_update(&c, buf + 1, buf, 5) == RIJN_ERR_PARAM, "upd overlap");
    TU_CHECK(rijn_gcm_encrypt_update(&c, buf, buf, 5) == RIJN_OK, "upd");
    TU_CHECK(rijn_gcm_aad(&c, buf, 1) == RIJN_ERR_STATE, "aad after update");
    TU_CHECK(rijn_gcm_decrypt_update(&c, buf, buf, 1) == RIJN_ERR_STATE, "mixed directions");
    TU_CHECK(rijn_gcm_decrypt_final(&c, tag, 16) == RIJN_ERR_STATE, "dec final on enc");
    TU_CHECK(rijn_gcm_encrypt_final(&c, tag, 16) == RIJN_OK, "final");
    TU_CHECK(rijn_gcm_encrypt_final(&c, tag, 16) == RIJN_ERR_STATE, "final twice");
    TU_CHECK(rijn_gcm_encrypt_update(&c, buf, buf, 1) == RIJN_ERR_STATE, "upd after final");
    /* a bad tag length in decrypt_final leaves the message open */
    TU_CHECK(rijn_gcm_seal(&c, buf, tag, 16, iv, 12, NULL, 0, buf, 20) == RIJN_OK, "seal");
    TU_CHECK(rijn_gcm_start(&c, iv, 12) == RIJN_OK, "start");
    TU_CHECK(rijn_gcm_decrypt_update(&c, buf, buf, 20) == RIJN_OK, "dec");
    TU_CHECK(rijn_gcm_decrypt_final(&c, tag, 3) == RIJN_ERR_TAG_LEN, "tag 3");
    TU_CHECK(rijn_gcm_decrypt_final(&c, NULL, 16) == RIJN_ERR_NULL, "tag NULL");
    TU_CHECK(rijn_gcm_decrypt_final(&c, tag, 16) == RIJN_OK, "then OK");
    TU_CHECK(rijn_gcm_start(&c, iv, 0) == RIJN_ERR_NONCE_LEN, "start nonce 0");
    TU_CHECK(rijn_gcm_start(&c, NULL, 12) == RIJN_ERR_NULL, "start nonce NULL");
    /* seal on a context with a streaming message in progress leaves it alone */
    {
        uint8_t a[40], b[40], t1[16], t2[16];
        memset(a, 7, sizeof a);
        TU_CHECK(rijn_gcm_start(&c, iv, 12) == RIJN_OK, "start");
        TU_CHECK(rijn_gcm_encrypt_update(&c, b, a, 13) == RIJN_OK, "upd");
        TU_CHECK(rijn_gcm_seal(&c, buf, t2, 16, iv, 5, NULL, 0, a, 40) == RIJN_OK, "seal");
        TU_CHECK(rijn_gcm_encrypt_update(&c, b + 13, a + 13, 27) == RIJN_OK, "upd");
        TU_CHECK(rijn_gcm_encrypt_final(&c, t1, 16) == RIJN_OK, "final");
        TU_CHECK(rijn_gcm_seal(&c, a, t2, 16, iv, 12, NULL, 0, a, 40) == RIJN_OK, "seal");
        TU_EQ(a, b, 40, "interleaved seal");
        TU_EQ(t1, t2, 16, "interleaved seal tag");
    }
    /* sizes */
    TU_CHECK(rijn_gcm_key_min() == 16 && rijn_gcm_key_max() == 32, "key sizes");
    TU_CHECK(rijn_gcm_nonce_size() == 12 && rijn_gcm_nonce_min() == 1, "nonce sizes");
    TU_CHECK(rijn_gcm_nonce_max() >= 64, "nonce max");
    TU_CHECK(rijn_gcm_tag_size() == 16 && rijn_gcm_tag_min() == 4 && rijn_gcm_tag_max() == 16,
             "tag sizes");
    rijn_gcm_wipe(&c);
    TU_CHECK(rijn_gcm_start(&c, iv, 12) == RIJN_ERR_STATE, "wiped ctx");
}

int main(void)
{
    tu_for_each_impl(diff, NULL);
    tg_for_each_ghash(diff, (void *)"ghash");
    tu_for_each_impl(edges, NULL);
    tg_for_each_ghash(edges, NULL);
    errors();
    return tu_finish();
}
