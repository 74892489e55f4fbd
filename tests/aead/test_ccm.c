/*
 * test_ccm.c -- AES-CCM against the NIST CAVP files DVPT, VADT, VNT, VPT,
 * VTT (128/192/256; DVPT includes Fail cases), through seal/open and the
 * streaming API with random splits, on every AES implementation.
 */
#include "test_ccm_util.h"

static const char *const kinds[5] = {"DVPT", "VADT", "VNT", "VPT", "VTT"};
static unsigned long counts[5][3][2];
static int first_run = 1;

/* "Alen = 0, Plen = 24" -> value of the named field, or keep *v. */
static void scan(const char *s, const char *name, long *v)
{
    const char *p = s != NULL ? strstr(s, name) : NULL;
    if (p != NULL) {
        p = strchr(p, '=');
        if (p != NULL)
            *v = strtol(p + 1, NULL, 10);
    }
}

static void run_file(int kind, int ks)
{
    char rel[160], what[400];
    tu_rsp *r;
    uint8_t key[32], nonce[16];
    size_t klen = 0, nlen = 0;
    long alen = 0, plen = 0, nl = 0, tlen = 0;
    unsigned long n = 0, nfail = 0;
    rijn_ccm_ctx c;
    snprintf(rel, sizeof rel, "cryptography_vectors/ciphers/AES/CCM/%s%d.rsp", kinds[kind],
             128 + 64 * ks);
    r = tu_rsp_open(tu_vec_require(rel));
    TU_CHECK(r != NULL, "open %s", rel);
    if (r == NULL)
        return;
    memset(&c, 0, sizeof c);
    while (tu_rsp_next(r)) {
        const char *v;
        uint8_t *aad, *pay, *ct;
        size_t al, pl, cl;
        int valid;
        scan(r->section, "Alen", &alen);
        scan(r->section, "Plen", &plen);
        scan(r->section, "Nlen", &nl);
        scan(r->section, "Tlen", &tlen);
        if ((v = tu_rsp_get(r, "Alen")) != NULL) alen = atol(v);
        if ((v = tu_rsp_get(r, "Plen")) != NULL) plen = atol(v);
        if ((v = tu_rsp_get(r, "Nlen")) != NULL) nl = atol(v);
        if ((v = tu_rsp_get(r, "Tlen")) != NULL) tlen = atol(v);
        if ((v = tu_rsp_get(r, "Key")) != NULL) {
            klen = strlen(v) / 2;
            TU_CHECK(klen <= 32 && tu_unhex_into(key, klen, v) == 0, "key");
            TU_CHECK(rijn_ccm_init(&c, key, klen) == RIJN_OK, "init");
        }
        if ((v = tu_rsp_get(r, "Nonce")) != NULL) {
            nlen = strlen(v) / 2;
            TU_CHECK(nlen <= 16 && tu_unhex_into(nonce, nlen, v) == 0, "nonce");
        }
        if (tu_rsp_get(r, "Count") == NULL)
            continue;
        n++;
        aad = tu_rsp_hex(r, "Adata", &al);
        pay = tu_rsp_hex(r, "Payload", &pl);
        ct = tu_rsp_hex(r, "CT", &cl);
        v = tu_rsp_get(r, "Result");
        valid = v == NULL || strncmp(v, "Pass", 4) == 0;
        nfail += !valid;
        snprintf(what, sizeof what, "%s Count=%s [%s]", rel + 37, tu_rsp_get(r, "Count"),
                 r->section);
        TU_CHECK((long)nlen == nl && (long)al >= alen && (long)cl == plen + tlen &&
                     (!valid || (long)pl >= plen),
                 "%s: field lengths", what);
        if (ct != NULL && (long)cl == plen + tlen && (long)nlen == nl)
            tc_check(&c, nonce, nlen, aad, (size_t)alen, pay, ct, (size_t)plen, ct + plen,
                     (size_t)tlen, valid, what);
        free(aad);
        free(pay);
        free(ct);
    }
    tu_rsp_close(r);
    rijn_ccm_wipe(&c);
    if (first_run) {
        counts[kind][ks][0] = n;
        counts[kind][ks][1] = nfail;
    }
    TU_CHECK(n >= 70, "%s: only %lu vectors", rel, n);
}

static void run_all(const char *impl, void *arg)
{
    int k, s;
    (void)arg;
    for (k = 0; k < 5; k++)
        for (s = 0; s < 3; s++)
            run_file(k, s);
    printf("  CAVP CCM with AES %s: done\n", impl);
    first_run = 0;
}

int main(void)
{
    int k, s;
    tu_for_each_impl(run_all, NULL);
    for (k = 0; k < 5; k++)
        for (s = 0; s < 3; s++)
            printf("CAVP %s%d.rsp: %lu vectors (%lu Fail cases)\n", kinds[k], 128 + 64 * s,
                   counts[k][s][0], counts[k][s][1]);
    return tu_finish();
}
