/*
 * test_age_ctgrind.c -- constant-time check of the X25519 key texts
 * (rijn/age.h) under Valgrind memcheck: a secret key is marked undefined,
 * then its "AGE-SECRET-KEY-1..." text is written, decoded again (valid,
 * with a wrong checksum, with a character outside the alphabet, in lower
 * case and in mixed case), and its public key computed and encoded.
 * Memcheck reports any branch or memory index that depends on the key or
 * its text; results are marked defined only after each call. A planted
 * secret-dependent branch (RIJN_AGE_CT_PLANT) must be reported.
 * Run normally, the test re-runs itself under valgrind; it skips (77)
 * without valgrind or <valgrind/memcheck.h>, or in a sanitizer build.
 */
#include <stdlib.h>
#include <string.h>

#include "tu_ctgrind.h"

#if TU_CTGRIND
static void run_checks(void)
{
    uint8_t sk[32], back[32], pub[32];
    char text[RIJN_AGE_SECRET_SIZE], ptext[RIJN_AGE_PUBLIC_SIZE], bad[RIJN_AGE_SECRET_SIZE];
    int r, i;
    for (i = 0; i < 8; i++) {
        tu_rand_bytes(sk, sizeof sk);
        TU_SECRET(sk, sizeof sk);
        if (getenv("RIJN_AGE_CT_PLANT") != NULL) { /* the harness must catch this */
            static volatile int sink;
            if (sk[3] & 1)
                sink++;
        }
        r = rijn_age_secret_encode(text, sizeof text, sk);
        TU_PUBLIC(&r, sizeof r);
        TU_CHECK(r == RIJN_OK, "encode");
        r = rijn_age_secret_decode(back, text, 74);
        TU_PUBLIC(&r, sizeof r);
        TU_CHECK(r == RIJN_OK, "decode");
        memcpy(bad, text, sizeof bad);
        bad[73] = (char)(bad[73] ^ 1); /* a wrong checksum (or a character out of the set) */
        r = rijn_age_secret_decode(back, bad, 74);
        TU_PUBLIC(&r, sizeof r);
        TU_CHECK(r == RIJN_ERR_PARAM, "wrong checksum refused");
        TU_PUBLIC(back, sizeof back);
        TU_CHECK(back[0] == 0 && back[31] == 0, "cleared on failure");
        memcpy(bad, text, sizeof bad);
        for (r = 0; r < 74; r++) /* all lower case: valid too */
            bad[r] = (char)(bad[r] | 0x20);
        r = rijn_age_secret_decode(back, bad, 74);
        TU_PUBLIC(&r, sizeof r);
        TU_CHECK(r == RIJN_OK, "lower case");
        r = rijn_x25519_base(pub, sk);
        r |= rijn_age_public_encode(ptext, sizeof ptext, pub);
        TU_PUBLIC(&r, sizeof r);
        TU_CHECK(r == RIJN_OK, "public key");
        TU_PUBLIC(back, sizeof back);
        TU_PUBLIC(sk, sizeof sk);
        TU_PUBLIC(text, sizeof text);
        TU_CHECK(memcmp(back, sk, 32) == 0, "round trip");
    }
}
#endif

TU_CT_PLANTED_MAIN(0xA6E, run_checks, "RIJN_AGE_CT_PLANT=1", "age key texts")
