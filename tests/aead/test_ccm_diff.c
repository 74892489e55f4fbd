/*
 * test_ccm_diff.c -- AES-CCM against OpenSSL's EVP aes-*-ccm on random
 * keys, every nonce length 7..13, every tag length 4..16 (even), AAD and
 * text lengths 0..600 (edges 0, 15, 16, 17 mod 16 favoured; some AAD of
 * 65280+ bytes for the 6-byte length encoding), through seal/open and
 * streaming with random splits, tampered copies rejected with the output
 * zeroed (tu_aead_tampered, tests/support/tu_aead.h); on every AES class.
 * Then every error path.
 */
#include <openssl/evp.h>

#include "test_ccm_util.h"

static const EVP_CIPHER *evp_ccm(size_t klen)
{
    return klen == 16 ? EVP_aes_128_ccm() : klen == 24 ? EVP_aes_192_ccm() : EVP_aes_256_ccm();
}

static int ossl_seal(const uint8_t *key, size_t klen, const uint8_t *n, size_t nl,
                     const uint8_t *aad, size_t al, const uint8_t *pt, size_t len, uint8_t *ct,
                     uint8_t *tag, size_t tl)
{
    EVP_CIPHER_CTX *e = EVP_CIPHER_CTX_new();
    uint8_t dummy[1] = {0};
    int ok, k = 0;
    ok = e != NULL && EVP_EncryptInit_ex(e, evp_ccm(klen), NULL, NULL, NULL) == 1 &&
         EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_CCM_SET_IVLEN, (int)nl, NULL) == 1 &&
         EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_CCM_SET_TAG, (int)tl, NULL) == 1 &&
         EVP_EncryptInit_ex(e, NULL, NULL, key, n) == 1 &&
         EVP_EncryptUpdate(e, NULL, &k, NULL, (int)len) == 1 &&
         (al == 0 || EVP_EncryptUpdate(e, NULL, &k, aad, (int)al) == 1) &&
         EVP_EncryptUpdate(e, len ? ct : dummy, &k, len ? pt : dummy, (int)len) == 1 &&
         EVP_EncryptFinal_ex(e, dummy, &k) == 1 &&
         EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_CCM_GET_TAG, (int)tl, tag) == 1;
    EVP_CIPHER_CTX_free(e);
    return ok;
}

static size_t pick_len(size_t max)
{
    static const size_t edge[] = {0, 1, 14, 15, 16, 17, 18, 31, 32, 33, 47, 48, 49, 255, 256, 257};
    if (tu_rand_below(3) == 0)
        return edge[tu_rand_below(sizeof edge / sizeof edge[0])];
    return tu_rand_below(max + 1);
}

static void diff(const char *name, void *arg)
{
    size_t iters = tu_quick() ? 20 : 300, it;
    uint8_t *aad = malloc(70000);
    (void)arg;
    for (it = 0; it < iters; it++) {
        uint8_t key[32], n[13], pt[600], ct[600], tag[16];
        size_t klen = 16 + 8 * tu_rand_below(3), nl = 7 + tu_rand_below(7);
        size_t al = pick_len(600), len = pick_len(600), tl = 4 + 2 * tu_rand_below(7);
        tu_aead_msg m = {n, 0, aad, 0, pt, ct, 0, tag, 0};
        rijn_ccm_ctx c;
        char what[96];
        if (it % 50 == 7)
            al = 0xFF00 - 1 + tu_rand_below(3000); /* 2- and 6-byte AAD length encodings */
        tu_rand_bytes(key, klen);
        tu_rand_bytes(n, nl);
        tu_rand_bytes(aad, al);
        tu_rand_bytes(pt, len);
        snprintf(what, sizeof what, "%s k%zu n%zu aad%zu len%zu tag%zu", name, klen, nl, al, len,
                 tl);
        if (!ossl_seal(key, klen, n, nl, aad, al, pt, len, ct, tag, tl)) {
            TU_CHECK(0, "%s: OpenSSL failed", what);
            continue;
        }
        TU_CHECK(rijn_ccm_init(&c, key, klen) == RIJN_OK, "%s: init", what);
        m.nl = nl, m.al = al, m.len = len, m.tl = tl;
        tu_aead_tampered(&tc_api, &c, &m, what);
        rijn_ccm_wipe(&c);
    }
    free(aad);
    printf("  differential vs OpenSSL with AES %s: %zu messages\n", name, iters);
}

/* Every combination of the edge lengths, deterministic. */
static void edges(const char *name, void *arg)
{
    static const size_t lens[] = {0, 1, 15, 16, 17, 31, 32, 33};
    size_t a, b, v, n = 0;
    uint8_t key[16], nonce[13], aad[33], pt[33], ct[33], tag[16];
    rijn_ccm_ctx c;
    (void)arg;
    tu_rand_bytes(key, sizeof key);
    TU_CHECK(rijn_ccm_init(&c, key, 16) == RIJN_OK, "init");
    for (a = 0; a < 8; a++)
        for (b = 0; b < 8; b++)
            for (v = 7; v <= 13; v += 3) {
                char what[80];
                tu_rand_bytes(nonce, sizeof nonce);
                tu_rand_bytes(aad, sizeof aad);
                tu_rand_bytes(pt, sizeof pt);
                snprintf(what, sizeof what, "edge %s aad%zu len%zu n%zu", name, lens[a],
                         lens[b], v);
                if (!ossl_seal(key, 16, nonce, v, aad, lens[a], pt, lens[b], ct, tag, 16)) {
                    TU_CHECK(0, "%s: OpenSSL failed", what);
                    continue;
                }
                tc_check(&c, nonce, v, aad, lens[a], pt, ct, lens[b], tag, 16, 1, what);
                tag[0] ^= 1;
                tc_check(&c, nonce, v, aad, lens[a], pt, ct, lens[b], tag, 16, 0, what);
                n++;
            }
    rijn_ccm_wipe(&c);
    printf("  edge lengths with AES %s: %zu combinations\n", name, n);
}

static void errors(void)
{
    uint8_t key[32] = {9}, n[16] = {1}, buf[64] = {0}, tag[16];
    uint8_t *big = calloc(65536, 1);
    rijn_ccm_ctx c, z;
    size_t t;
    memset(&z, 0, sizeof z);
    TU_CHECK(rijn_ccm_init(NULL, key, 16) == RIJN_ERR_NULL, "NULL ctx");
    TU_CHECK(rijn_ccm_init(&c, NULL, 16) == RIJN_ERR_NULL, "NULL key");
    TU_CHECK(rijn_ccm_init(&c, key, 17) == RIJN_ERR_KEY_LEN, "key 17");
    TU_CHECK(rijn_ccm_seal(&z, buf, tag, 16, n, 12, NULL, 0, buf, 8) == RIJN_ERR_STATE, "z");
    TU_CHECK(rijn_ccm_start(&z, n, 12, 0, 0, 16) == RIJN_ERR_STATE, "z start");
    TU_CHECK(rijn_ccm_init(&c, key, 24) == RIJN_OK, "init");
    for (t = 0; t <= 16; t++) {
        int want = (t >= 7 && t <= 13) ? RIJN_OK : RIJN_ERR_NONCE_LEN;
        TU_CHECK(rijn_ccm_seal(&c, buf, tag, 16, n, t, NULL, 0, buf, 8) == want, "nonce %zu", t);
        TU_CHECK(rijn_ccm_start(&c, n, t, 0, 8, 16) == want, "start nonce %zu", t);
    }
    for (t = 0; t <= 18; t++) {
        int want = (t >= 4 && t <= 16 && t % 2 == 0) ? RIJN_OK : RIJN_ERR_TAG_LEN;
        TU_CHECK(rijn_ccm_seal(&c, buf, tag, t, n, 12, NULL, 0, buf, 8) == want, "tag %zu", t);
        TU_CHECK(rijn_ccm_start(&c, n, 12, 0, 8, t) == want, "start tag %zu", t);
    }
    TU_CHECK(rijn_ccm_seal(&c, buf, tag, 16, NULL, 12, NULL, 0, buf, 8) == RIJN_ERR_NULL, "n");
    TU_CHECK(rijn_ccm_seal(&c, buf, NULL, 16, n, 12, NULL, 0, buf, 8) == RIJN_ERR_NULL, "tag");
    TU_CHECK(rijn_ccm_seal(&c, buf, tag, 16, n, 12, NULL, 2, buf, 8) == RIJN_ERR_NULL, "aad");
    TU_CHECK(rijn_ccm_seal(&c, NULL, tag, 16, n, 12, NULL, 0, buf, 8) == RIJN_ERR_NULL, "out");
    TU_CHECK(rijn_ccm_seal(&c, buf + 1, tag, 16, n, 12, NULL, 0, buf, 8) == RIJN_ERR_PARAM, "ov");
    TU_CHECK(rijn_ccm_seal(&c, buf, buf + 7, 16, n, 12, NULL, 0, buf, 8) == RIJN_ERR_PARAM, "tov");
    TU_CHECK(rijn_ccm_seal(&c, NULL, tag, 16, n, 12, NULL, 0, NULL, 0) == RIJN_OK, "empty");
    /* length field: nonce 13 -> L = 2 -> at most 65535 bytes */
    if (big != NULL) {
        TU_CHECK(rijn_ccm_seal(&c, big, tag, 8, n, 13, NULL, 0, big, 65535) == RIJN_OK, "65535");
        TU_CHECK(rijn_ccm_open(&c, big, tag, 8, n, 13, NULL, 0, big, 65535) == RIJN_OK, "open");
        TU_CHECK(rijn_ccm_seal(&c, big, tag, 8, n, 13, NULL, 0, big, 65536) == RIJN_ERR_LIMIT,
                 "65536 with L=2");
        TU_CHECK(rijn_ccm_seal(&c, big, tag, 8, n, 12, NULL, 0, big, 65536) == RIJN_OK, "L=3");
    }
    TU_CHECK(rijn_ccm_start(&c, n, 13, 0, 65536, 8) == RIJN_ERR_LIMIT, "start limit L=2");
    TU_CHECK(rijn_ccm_start(&c, n, 12, 0, (uint64_t)1 << 24, 8) == RIJN_ERR_LIMIT, "L=3");
    TU_CHECK(rijn_ccm_start(&c, n, 7, 0, UINT64_MAX, 8) == RIJN_OK, "L=8 any length");
    /* call order and announced lengths */
    TU_CHECK(rijn_ccm_init(&c, key, 16) == RIJN_OK, "init");
    TU_CHECK(rijn_ccm_aad(&c, buf, 1) == RIJN_ERR_STATE, "aad before start");
    TU_CHECK(rijn_ccm_encrypt_update(&c, buf, buf, 1) == RIJN_ERR_STATE, "upd before start");
    TU_CHECK(rijn_ccm_encrypt_final(&c, tag, 8) == RIJN_ERR_STATE, "final before start");
    TU_CHECK(rijn_ccm_start(&c, n, 12, 5, 10, 8) == RIJN_OK, "start");
    TU_CHECK(rijn_ccm_aad(&c, buf, 6) == RIJN_ERR_STATE, "more aad than announced");
    TU_CHECK(rijn_ccm_aad(&c, buf, 3) == RIJN_OK, "aad");
    TU_CHECK(rijn_ccm_aad(&c, NULL, 1) == RIJN_ERR_NULL, "aad NULL");
    TU_CHECK(rijn_ccm_encrypt_update(&c, buf, buf, 1) == RIJN_ERR_STATE, "upd before all aad");
    TU_CHECK(rijn_ccm_aad(&c, buf, 2) == RIJN_OK, "aad rest");
    TU_CHECK(rijn_ccm_encrypt_update(&c, buf, buf, 11) == RIJN_ERR_STATE, "too much text");
    TU_CHECK(rijn_ccm_encrypt_update(&c, buf + 1, buf, 4) == RIJN_ERR_PARAM, "overlap");
    TU_CHECK(rijn_ccm_encrypt_update(&c, buf, buf, 4) == RIJN_OK, "upd");
    TU_CHECK(rijn_ccm_aad(&c, buf, 0) == RIJN_ERR_STATE, "aad after update");
    TU_CHECK(rijn_ccm_decrypt_update(&c, buf, buf, 1) == RIJN_ERR_STATE, "mixed");
    TU_CHECK(rijn_ccm_encrypt_final(&c, tag, 8) == RIJN_ERR_STATE, "final before all text");
    TU_CHECK(rijn_ccm_encrypt_update(&c, buf, buf, 6) == RIJN_OK, "upd rest");
    TU_CHECK(rijn_ccm_encrypt_final(&c, tag, 10) == RIJN_ERR_TAG_LEN, "other tag length");
    TU_CHECK(rijn_ccm_decrypt_final(&c, tag, 8) == RIJN_ERR_STATE, "dec final on enc");
    TU_CHECK(rijn_ccm_encrypt_final(&c, NULL, 8) == RIJN_ERR_NULL, "tag NULL");
    TU_CHECK(rijn_ccm_encrypt_final(&c, tag, 8) == RIJN_OK, "final");
    TU_CHECK(rijn_ccm_encrypt_final(&c, tag, 8) == RIJN_ERR_STATE, "final twice");
    TU_CHECK(rijn_ccm_key_min() == 16 && rijn_ccm_key_max() == 32, "key sizes");
    TU_CHECK(rijn_ccm_nonce_size() == 12 && rijn_ccm_nonce_min() == 7 &&
                 rijn_ccm_nonce_max() == 13, "nonce sizes");
    TU_CHECK(rijn_ccm_tag_size() == 16 && rijn_ccm_tag_min() == 4 && rijn_ccm_tag_max() == 16,
             "tag sizes");
    rijn_ccm_wipe(&c);
    TU_CHECK(rijn_ccm_start(&c, n, 12, 0, 0, 16) == RIJN_ERR_STATE, "wiped");
    free(big);
}

int main(void)
{
    tu_for_each_impl(diff, NULL);
    tu_for_each_impl(edges, NULL);
    errors();
    return tu_finish();
}
