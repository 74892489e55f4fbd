/*
 * test_gcm_ctgrind.c -- constant-time check of GCM, GMAC, CCM and
 * GCM-SIV under Valgrind memcheck ("ctgrind"): key, nonce, AAD and text
 * are marked undefined, so any branch or memory index that depends on
 * them is reported. Run on every constant-time AES class x every GHASH
 * class. The program re-runs itself under valgrind (skip, 77, when
 * valgrind or valgrind/memcheck.h is missing or under a sanitizer).
 *
 * Errors are counted per operation with VALGRIND_COUNT_ERRORS: sealing,
 * streaming encryption, streaming decrypt_update and GMAC must add none.
 * The tag verdict of open/decrypt_final is public by design and is not
 * checked (its inputs are computed by the same code as seal); GCM-SIV's
 * one-pass opening kernel (rijn_i_gcmsiv_open_stitch, the AES-NI one
 * under valgrind) is checked directly, without the verdict. To show the
 * check can fail, a planted branch on a secret byte and the "small" AES
 * class (S-box table) must both be reported.
 */
#include <string.h>

#include "aead/gcm_i.h"
#include "aead/ghash.h"
#include "rijn/gcmsiv.h"
#include "tu_ctgrind.h"

#if !TU_CTGRIND
int main(void)
{
    return tu_ct_skip();
}
#else

/* nonce: secret (GCM 17-byte nonce, whose J0 depends on H; GCM-SIV);
 * pn: a public nonce (12-byte GCM, CCM: the counter blocks hold it and
 * AES classes may branch on public counter values). */
static uint8_t key[32], nonce[20], pn[16], aad[70], pt[300], ct[300], tag[16];
static const char *cur_ghash; /* the GHASH class run_ops binds (NULL: default) */

static void secrets(void)
{
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(nonce, sizeof nonce);
    tu_rand_bytes(pn, sizeof pn);
    tu_rand_bytes(aad, sizeof aad);
    tu_rand_bytes(pt, sizeof pt);
    TU_SECRET(key, sizeof key);
    TU_SECRET(nonce, sizeof nonce);
    TU_SECRET(aad, sizeof aad);
    TU_SECRET(pt, sizeof pt);
}

/* GCM-SIV's stitched opening (rijn_i_gcmsiv_open_stitch: CTR and POLYVAL
 * in one pass, from 8 blocks on AES-NI + PCLMULQDQ; the VAES kernels need
 * more text and instructions valgrind lacks) on a secret key, text and
 * POLYVAL key and state; the counter is public (the received tag). Its
 * verdict-free core: open's tag compare is public by design. */
static void siv_open_kernel(size_t kl)
{
#if RIJN_I_HAVE_GCMSIV_STITCH
    const rijn_i_ghash_impl *g;
    rijn_aes_ctx a;
    uint64_t hk[RIJN_GCM_HKEY_WORDS];
    uint8_t sv[16], ctr[16];
    if (rijn_i_ghash_get(cur_ghash, &g) != RIJN_OK || rijn_aes_init_enc(&a, key, kl) != RIJN_OK)
        return;
    memcpy(sv, aad, 16);
    memcpy(ctr, pn, 16);
    rijn_i_polyval_setkey(g, hk, aad + 16, 18);
    if (rijn_i_gcmsiv_open_stitch(&a, g, hk, sv, ctr, ct, pt, 18) > 18) {}
    rijn_aes_wipe(&a);
#else
    (void)kl;
#endif
}

/* Runs every AEAD operation on secret inputs; returns the error count. */
static unsigned long run_ops(const char *label, int must_be_clean)
{
    rijn_gcm_ctx g;
    rijn_ccm_ctx c;
    rijn_gcmsiv_ctx s;
    unsigned long e, total = 0;
    size_t kl;
    for (kl = 16; kl <= 32; kl += 8) {
        secrets();
        TU_ERRORS_IN(e, {
            if (rijn_gcm_init(&g, key, kl) == RIJN_OK &&
                rijn_i_gcm_use_ghash(&g, cur_ghash) == RIJN_OK) {
                if (rijn_gcm_seal(&g, ct, tag, 16, pn, 12, aad, 37, pt, 100) != RIJN_OK) {}
                if (rijn_gcm_seal(&g, ct, tag, 12, nonce, 17, aad, 70, pt, 65) != RIJN_OK) {}
                if (rijn_gmac_compute(&g, tag, 16, pn, 12, aad, 70) != RIJN_OK) {}
                if (rijn_gcm_start(&g, pn, 12) == RIJN_OK &&
                    rijn_gcm_aad(&g, aad, 5) == RIJN_OK && rijn_gcm_aad(&g, aad + 5, 30) == RIJN_OK &&
                    rijn_gcm_encrypt_update(&g, ct, pt, 7) == RIJN_OK &&
                    rijn_gcm_encrypt_update(&g, ct + 7, pt + 7, 50) == RIJN_OK &&
                    rijn_gcm_encrypt_final(&g, tag, 16) == RIJN_OK) {}
                if (rijn_gcm_start(&g, pn, 12) == RIJN_OK &&
                    rijn_gcm_aad(&g, aad, 35) == RIJN_OK &&
                    rijn_gcm_decrypt_update(&g, ct, ct, 57) == RIJN_OK) {}
                /* texts long enough for the stitched kernels (8 / 16 blocks
                 * per iteration), secret J0 (17-byte nonce) */
                if (rijn_gcm_seal(&g, ct, tag, 16, nonce, 17, aad, 3, pt, 300) != RIJN_OK) {}
                if (rijn_gcm_start(&g, pn, 12) == RIJN_OK &&
                    rijn_gcm_decrypt_update(&g, ct, ct, 5) == RIJN_OK &&
                    rijn_gcm_decrypt_update(&g, ct + 5, ct + 5, 290) == RIJN_OK) {}
            }
        });
        TU_CHECK(!must_be_clean || e == 0, "%s: GCM k%zu: %lu reports", label, kl, e);
        total += e;
        TU_ERRORS_IN(e, {
            if (rijn_ccm_init(&c, key, kl) == RIJN_OK) {
                if (rijn_ccm_seal(&c, ct, tag, 16, pn, 13, aad, 37, pt, 100) != RIJN_OK) {}
                if (rijn_ccm_seal(&c, ct, tag, 8, pn, 7, aad, 0, pt, 33) != RIJN_OK) {}
                if (rijn_ccm_start(&c, pn, 12, 20, 40, 12) == RIJN_OK &&
                    rijn_ccm_aad(&c, aad, 20) == RIJN_OK &&
                    rijn_ccm_encrypt_update(&c, ct, pt, 40) == RIJN_OK &&
                    rijn_ccm_encrypt_final(&c, tag, 12) == RIJN_OK) {}
                if (rijn_ccm_start(&c, pn, 12, 20, 40, 12) == RIJN_OK &&
                    rijn_ccm_aad(&c, aad, 20) == RIJN_OK &&
                    rijn_ccm_decrypt_update(&c, ct, ct, 40) == RIJN_OK) {}
            }
        });
        TU_CHECK(!must_be_clean || e == 0, "%s: CCM k%zu: %lu reports", label, kl, e);
        total += e;
        TU_ERRORS_IN(e, {
            if (rijn_gcmsiv_init(&s, key, kl) == RIJN_OK &&
                rijn_i_gcmsiv_use_ghash(&s, cur_ghash) == RIJN_OK) {
                if (rijn_gcmsiv_seal(&s, ct, tag, 16, nonce, 12, aad, 37, pt, 100) != RIJN_OK) {}
                if (rijn_gcmsiv_seal(&s, ct, tag, 16, nonce, 12, aad, 0, pt, 16) != RIJN_OK) {}
            }
            siv_open_kernel(kl);
        });
        TU_CHECK(!must_be_clean || e == 0, "%s: GCM-SIV k%zu: %lu reports", label, kl, e);
        total += e;
    }
    rijn_gcm_wipe(&g);
    rijn_ccm_wipe(&c);
    rijn_gcmsiv_wipe(&s);
    return total;
}

/* Pass 1: every constant-time AES class x every GHASH class, no report. */
static void each_class(const char *aes)
{
    size_t j;
    for (j = 0; j < rijn_i_ghash_registry.count; j++) {
        const rijn_i_ghash_impl *g = RIJN_I_IMPL_OF(rijn_i_ghash_impl, rijn_i_ghash_registry.impls[j]);
        char label[64];
        unsigned long e;
        if (!rijn_i_impl_runs(&g->base))
            continue;
        cur_ghash = g->base.name;
        snprintf(label, sizeof label, "AES %s + GHASH %s", aes, g->base.name);
        e = run_ops(label, 1);
        printf("  %s: %lu reports\n", label, e);
    }
    cur_ghash = NULL;
}

static int child_ct(void)
{
    tu_ct_each_aes(each_class);
    return tu_finish();
}

/* Pass 2 (valgrind's log discarded): the check must be able to fail. */
static int child_leaky(void)
{
    secrets();
    return tu_ct_leaky_aes(key, run_ops);
}

int main(int argc, char **argv)
{
    return tu_ct_main(argc, argv, "every constant-time AES x GHASH class", child_ct,
                      child_leaky);
}
#endif
