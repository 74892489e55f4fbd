/*
 * test_gcm.c -- AES-GCM against the NIST CAVP files gcmEncryptExtIV*.rsp
 * and gcmDecrypt*.rsp (including FAIL cases), through seal/open and the
 * streaming API with random splits: on every AES implementation (default
 * GHASH), then on every GHASH implementation (default AES). Plus the
 * GHASH classes against each other on random data.
 */
#include "test_gcm_util.h"

static const char *const files[6] = {
    "cryptography_vectors/ciphers/AES/GCM/gcmEncryptExtIV128.rsp",
    "cryptography_vectors/ciphers/AES/GCM/gcmEncryptExtIV192.rsp",
    "cryptography_vectors/ciphers/AES/GCM/gcmEncryptExtIV256.rsp",
    "cryptography_vectors/ciphers/AES/GCM/gcmDecrypt128.rsp",
    "cryptography_vectors/ciphers/AES/GCM/gcmDecrypt192.rsp",
    "cryptography_vectors/ciphers/AES/GCM/gcmDecrypt256.rsp"};

static unsigned long counts[6][2]; /* per file: vectors (first run), FAIL ones */
static int first_run = 1;

static void run_file(int fi)
{
    tu_rsp *r = tu_rsp_open(tu_vec_require(files[fi]));
    unsigned long n = 0, nfail = 0, step = tu_quick() ? 16 : 1;
    rijn_gcm_ctx c;
    TU_CHECK(r != NULL, "open %s", files[fi]);
    if (r == NULL)
        return;
    while (tu_rsp_next(r)) {
        size_t kl, ivl, ptl, aadl, ctl, tagl;
        uint8_t *key, *iv, *pt, *aad, *ct, *tag;
        int valid;
        char what[160];
        if (tu_rsp_get(r, "Key") == NULL)
            continue;
        n++;
        nfail += tu_rsp_get(r, "PT") == NULL;
        if ((n - 1) % step != 0)
            continue;
        key = tu_rsp_hex(r, "Key", &kl);
        iv = tu_rsp_hex(r, "IV", &ivl);
        pt = tu_rsp_hex(r, "PT", &ptl);
        aad = tu_rsp_hex(r, "AAD", &aadl);
        ct = tu_rsp_hex(r, "CT", &ctl);
        tag = tu_rsp_hex(r, "Tag", &tagl);
        valid = pt != NULL;
        snprintf(what, sizeof what, "%s Count=%s [%s]", files[fi] + 37,
                 tu_rsp_get(r, "Count"), r->section);
        TU_CHECK(tg_gcm_init(&c, key, kl) == RIJN_OK, "%s: init", what);
        TU_CHECK(!valid || ptl == ctl, "%s: lengths", what);
        (void)tg_check(&c, iv, ivl, aad, aadl, valid ? pt : ct, ct, ctl, tag,
                                      tagl, valid, what);
        free(key);
        free(iv);
        free(pt);
        free(aad);
        free(ct);
        free(tag);
    }
    tu_rsp_close(r);
    rijn_gcm_wipe(&c);
    if (first_run) {
        counts[fi][0] = n;
        counts[fi][1] = nfail;
    }
    TU_CHECK(n > 1000, "%s: only %lu vectors", files[fi], n);
}

static void run_all(const char *name, void *arg)
{
    int i;
    (void)arg;
    for (i = 0; i < 6; i++)
        run_file(i);
    printf("  CAVP GCM with %s %s: done\n", (const char *)arg == NULL ? "AES" : "GHASH", name);
    first_run = 0;
}

static void run_all_ghash(const char *name, void *arg)
{
    (void)arg;
    run_all(name, (void *)"ghash");
}

/* Every GHASH class agrees with the others on random keys and data. */
static void ghash_cross(void)
{
    size_t i, j, n = rijn_i_ghash_registry.count, iters = tu_quick() ? 20 : 300;
    for (i = 0; i < iters; i++) {
        uint8_t h[16], data[16 * 19], y0[16], y[16];
        uint64_t hk[RIJN_GCM_HKEY_WORDS];
        size_t nb = tu_rand_below(20);
        tu_rand_bytes(h, 16);
        tu_rand_bytes(data, sizeof data);
        tu_rand_bytes(y0, 16);
        int have = 0;
        for (j = 0; j < n; j++) {
            const rijn_i_ghash_impl *g = RIJN_I_IMPL_OF(rijn_i_ghash_impl, rijn_i_ghash_registry.impls[j]);
            uint8_t yj[16];
            if (!rijn_i_impl_runs(&g->base))
                continue;
            memcpy(yj, y0, 16);
            g->setkey(hk, h);
            g->blocks(hk, yj, data, nb);
            if (!have)
                memcpy(y, yj, 16);
            else
                TU_EQ(yj, y, 16, g->base.name);
            have = 1;
        }
    }
}

int main(void)
{
    int i;
    uint8_t zero[16] = {0}, h[16], y[16];
    uint64_t hk[RIJN_GCM_HKEY_WORDS];
    size_t j;
    tu_for_each_impl(run_all, NULL);
    tg_for_each_ghash(run_all_ghash, NULL);
    for (i = 0; i < 6; i++)
        printf("CAVP %s: %lu vectors (%lu FAIL cases)\n", files[i] + 37, counts[i][0],
               counts[i][1]);
    /* GHASH KAT: H = 66e94bd4ef8a2c3b884cfa59ca342b2e (AES-128, key 0),
     * one zero block then the length block of a 16-byte text (GCM spec
     * test case 2): GHASH = f38cbb1ad69223dcc3457ae5b6b0f885. */
    tu_unhex_into(h, 16, "66e94bd4ef8a2c3b884cfa59ca342b2e");
    for (j = 0; j < rijn_i_ghash_registry.count; j++) {
        const rijn_i_ghash_impl *g = RIJN_I_IMPL_OF(rijn_i_ghash_impl, rijn_i_ghash_registry.impls[j]);
        uint8_t blk[32] = {0}, want[16];
        if (!rijn_i_impl_runs(&g->base))
            continue;
        tu_unhex_into(blk, 16, "0388dace60b6a392f328c2b971b2fe78");
        blk[31] = 0x80;
        tu_unhex_into(want, 16, "f38cbb1ad69223dcc3457ae5b6b0f885");
        memcpy(y, zero, 16);
        g->setkey(hk, h);
        g->blocks(hk, y, blk, 2);
        TU_EQ(y, want, 16, g->base.name);
    }
    ghash_cross();
    return tu_finish();
}
