/*
 * test_cmac_ctgrind.c -- constant-time check of CMAC, EAX, OCB3, SIV, XTS
 * and KW/KWP under Valgrind memcheck ("ctgrind"): keys, AAD, text (and
 * EAX's nonce) are marked undefined, so any branch or memory index that
 * depends on them is reported. Runs on every constant-time AES class. The
 * program re-runs itself under valgrind (skip, 77, when valgrind or
 * valgrind/memcheck.h is missing or under a sanitizer).
 *
 * Counted (no report allowed): CMAC compute (long, one block, partial)
 * and streaming, EAX seal and streaming encrypt/decrypt_update, OCB seal
 * (short messages, AAD over 112 bytes too) and streaming
 * encrypt/decrypt_update (OCB's nonce is public: its low 6 bits pick a
 * shift), SIV seal, XTS encrypt/decrypt, KW/KWP wrap. Not counted: verdicts
 * that are public by design (tag comparisons in verify/open/final, the
 * unwrap integrity check, XTS's Key1 != Key2 check at key setup). To show
 * the check can fail, a planted branch on a secret byte and the "small"
 * AES class (S-box table) must both be reported.
 */
#include <string.h>

#include "tu_ctgrind.h"

#if !TU_CTGRIND
int main(void)
{
    return tu_ct_skip();
}
#else

static uint8_t key[64], nonce[16], pn[16], aad[130], pt[150], ct[200], tag[16];

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

#define CHECKED(label, what, e, must)                                              \
    do {                                                                           \
        TU_CHECK(!(must) || (e) == 0, "%s: %s: %lu reports", label, what, e);       \
        total += (e);                                                              \
    } while (0)

static unsigned long run_ops(const char *label, int must)
{
    rijn_cmac_ctx cm;
    rijn_eax_ctx ex;
    rijn_ocb_ctx oc;
    rijn_siv_ctx sv;
    rijn_xts_ctx xt;
    rijn_aes_ctx kek;
    unsigned long e, total = 0;
    uint8_t xkey[64];
    size_t kl, ol;
    for (kl = 16; kl <= 32; kl += 8) {
        secrets();
        TU_ERRORS_IN(e, {
            if (rijn_cmac_init(&cm, key, kl) == RIJN_OK) {
                if (rijn_cmac_compute(&cm, tag, 16, pt, 100) != RIJN_OK) {}
                if (rijn_cmac_compute(&cm, tag, 16, pt, 16) != RIJN_OK) {}
                if (rijn_cmac_compute(&cm, tag, 8, pt, 9) != RIJN_OK) {}
                if (rijn_cmac_update(&cm, pt, 7) == RIJN_OK &&
                    rijn_cmac_update(&cm, pt + 7, 41) == RIJN_OK &&
                    rijn_cmac_final(&cm, tag, 12) == RIJN_OK) {}
            }
        });
        CHECKED(label, "CMAC", e, must);
        TU_ERRORS_IN(e, {
            if (rijn_eax_init(&ex, key, kl) == RIJN_OK) {
                if (rijn_eax_seal(&ex, ct, tag, 16, nonce, 16, aad, 37, pt, 100) != RIJN_OK) {}
                if (rijn_eax_start(&ex, nonce, 9) == RIJN_OK &&
                    rijn_eax_aad(&ex, aad, 20) == RIJN_OK &&
                    rijn_eax_encrypt_update(&ex, ct, pt, 5) == RIJN_OK &&
                    rijn_eax_encrypt_update(&ex, ct + 5, pt + 5, 60) == RIJN_OK &&
                    rijn_eax_encrypt_final(&ex, tag, 16) == RIJN_OK) {}
                if (rijn_eax_start(&ex, nonce, 16) == RIJN_OK &&
                    rijn_eax_decrypt_update(&ex, ct, ct, 57) == RIJN_OK) {}
            }
        });
        CHECKED(label, "EAX", e, must);
        TU_ERRORS_IN(e, {
            if (rijn_ocb_init(&oc, key, kl) == RIJN_OK) {
                if (rijn_ocb_seal(&oc, ct, tag, 16, pn, 12, aad, 53, pt, 150) != RIJN_OK) {}
                /* short messages (x86ni: all in registers) and long AAD */
                if (rijn_ocb_seal(&oc, ct, tag, 16, pn, 12, aad, 20, pt, 60) != RIJN_OK) {}
                if (rijn_ocb_seal(&oc, ct, tag, 16, pn, 7, aad, 0, pt, 128) != RIJN_OK) {}
                if (rijn_ocb_seal(&oc, ct, tag, 16, pn, 15, aad, 130, pt, 150) != RIJN_OK) {}
                if (rijn_ocb_start(&oc, pn, 15, 12) == RIJN_OK &&
                    rijn_ocb_aad(&oc, aad, 9) == RIJN_OK &&
                    rijn_ocb_aad(&oc, aad + 9, 30) == RIJN_OK &&
                    rijn_ocb_encrypt_update(&oc, ct, sizeof ct, &ol, pt, 21) == RIJN_OK &&
                    rijn_ocb_encrypt_update(&oc, ct + 16, sizeof ct - 16, &ol, pt + 21, 90) ==
                        RIJN_OK &&
                    rijn_ocb_encrypt_final(&oc, ct + 96, 15, &ol, tag, 12) == RIJN_OK) {}
                if (rijn_ocb_start(&oc, pn, 12, 16) == RIJN_OK &&
                    rijn_ocb_decrypt_update(&oc, ct, sizeof ct, &ol, ct, 70) == RIJN_OK) {}
            }
        });
        CHECKED(label, "OCB", e, must);
        TU_ERRORS_IN(e, {
            if (rijn_siv_init(&sv, key, 2 * kl) == RIJN_OK) {
                if (rijn_siv_seal(&sv, ct, tag, 16, nonce, 12, aad, 37, pt, 100) != RIJN_OK) {}
                if (rijn_siv_seal(&sv, ct, tag, 16, NULL, 0, aad, 0, pt, 9) != RIJN_OK) {}
            }
        });
        CHECKED(label, "SIV", e, must);
        /* XTS key setup branches on "Key1 == Key2" (a verdict that must be
         * returned): set it up from a copy marked defined (the AES key
         * schedules are checked above). */
        memcpy(xkey, key, sizeof xkey);
        TU_PUBLIC(xkey, sizeof xkey);
        if (kl != 24 && rijn_xts_init(&xt, xkey, 2 * kl) == RIJN_OK) {
            TU_ERRORS_IN(e, {
                if (rijn_xts_encrypt(&xt, nonce, ct, pt, 150) != RIJN_OK) {}
                if (rijn_xts_decrypt(&xt, nonce, ct, ct, 37) != RIJN_OK) {}
                if (rijn_xts_encrypt_sector(&xt, 5, ct, pt, 128) != RIJN_OK) {}
            });
            CHECKED(label, "XTS", e, must);
        }
        TU_ERRORS_IN(e, {
            if (rijn_aes_init(&kek, key, kl) == RIJN_OK) {
                if (rijn_kw_wrap(&kek, ct, sizeof ct, &ol, pt, 40) != RIJN_OK) {}
                if (rijn_kwp_wrap(&kek, ct, sizeof ct, &ol, pt, 29) != RIJN_OK) {}
                if (rijn_kwp_wrap(&kek, ct, sizeof ct, &ol, pt, 5) != RIJN_OK) {}
                if (rijn_kw_wrap_inv(&kek, ct, sizeof ct, &ol, pt, 24) != RIJN_OK) {}
            }
        });
        CHECKED(label, "KW/KWP wrap", e, must);
    }
    rijn_cmac_wipe(&cm);
    rijn_eax_wipe(&ex);
    rijn_ocb_wipe(&oc);
    rijn_siv_wipe(&sv);
    rijn_xts_wipe(&xt);
    rijn_aes_wipe(&kek);
    return total;
}

static void each_class(const char *name)
{
    unsigned long e = run_ops(name, 1);
    printf("  AES %s: %lu reports\n", name, e);
}

static int child_ct(void)
{
    tu_ct_each_aes(each_class);
    return tu_finish();
}

static int child_leaky(void)
{
    secrets();
    return tu_ct_leaky_aes(key, run_ops);
}

int main(int argc, char **argv)
{
    return tu_ct_main(argc, argv, "every constant-time AES class", child_ct, child_leaky);
}
#endif
