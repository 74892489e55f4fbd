/*
 * test_ascon_ctgrind.c -- constant-time check of the permutation-based
 * AEADs and hashes under Valgrind memcheck ("ctgrind"): Ascon-AEAD128,
 * Ascon-Hash256/XOF128/CXOF128 (both permutations, p64 and the
 * bit-interleaved p32, directly too) and NORX32-4-1. Keys, plaintexts,
 * AAD and messages are marked undefined, so any branch or memory index
 * that depends on them is reported; nonces are public. Seal, streaming
 * encryption, streaming decrypt_update and every hash must add no report;
 * the tag verdict of open/decrypt_final is public by design and is not
 * counted. A planted branch on a secret byte must be reported. The
 * program re-runs itself under valgrind (skip, 77, when valgrind or
 * valgrind/memcheck.h is missing, or in a sanitizer build).
 */
#include <string.h>

#include "ascon/ascon_i.h"
#include "rijn/norx.h"
#include "tu_ctgrind.h"

#if !TU_CTGRIND
int main(void)
{
    return tu_ct_skip();
}
#else

static uint8_t k[32], nonce[16], aad[70], pt[130], ct[130], tag[16], out[100];

static void secrets(void)
{
    tu_rand_bytes(k, sizeof k);
    tu_rand_bytes(nonce, sizeof nonce);
    tu_rand_bytes(aad, sizeof aad);
    tu_rand_bytes(pt, sizeof pt);
    TU_SECRET(k, sizeof k);
    TU_SECRET(aad, sizeof aad);
    TU_SECRET(pt, sizeof pt);
}

static int child_ct(void)
{
    rijn_ascon_aead128_ctx a;
    rijn_ascon_hash_ctx h;
    rijn_norx32_ctx n;
    uint64_t s[5];
    unsigned long e;
    secrets();
    TU_ERRORS_IN(e, {
        memcpy(s, pt, sizeof s);
        rijn_i_ascon_p64(s, 12);
        rijn_i_ascon_p32(s, 8);
    });
    TU_CHECK(e == 0, "Ascon permutations: %lu reports", e);
    TU_ERRORS_IN(e, {
        if (rijn_ascon_aead128_init(&a, k, 16) == RIJN_OK) {
            if (rijn_ascon_aead128_seal(&a, ct, tag, 16, nonce, 16, aad, 37, pt, 100) != RIJN_OK) {}
            if (rijn_ascon_aead128_seal(&a, ct, tag, 16, nonce, 16, aad, 0, pt, 16) != RIJN_OK) {}
            if (rijn_ascon_aead128_start(&a, nonce, 16) == RIJN_OK &&
                rijn_ascon_aead128_aad(&a, aad, 5) == RIJN_OK &&
                rijn_ascon_aead128_aad(&a, aad + 5, 30) == RIJN_OK &&
                rijn_ascon_aead128_encrypt_update(&a, ct, pt, 7) == RIJN_OK &&
                rijn_ascon_aead128_encrypt_update(&a, ct + 7, pt + 7, 50) == RIJN_OK &&
                rijn_ascon_aead128_encrypt_final(&a, tag, 16) == RIJN_OK) {}
            if (rijn_ascon_aead128_start(&a, nonce, 16) == RIJN_OK &&
                rijn_ascon_aead128_aad(&a, aad, 35) == RIJN_OK &&
                rijn_ascon_aead128_decrypt_update(&a, ct, ct, 57) == RIJN_OK) {}
        }
    });
    TU_CHECK(e == 0, "Ascon-AEAD128: %lu reports", e);
    TU_ERRORS_IN(e, {
        if (rijn_ascon_hash256(out, pt, 100) != RIJN_OK) {}
        if (rijn_ascon_xof128(out, 77, pt, 19) != RIJN_OK) {}
        if (rijn_ascon_cxof128(out, 40, aad, 20, pt, 33) != RIJN_OK) {}
        if (rijn_ascon_xof128_init(&h) == RIJN_OK && rijn_ascon_hash_update(&h, pt, 3) == RIJN_OK &&
            rijn_ascon_hash_update(&h, pt + 3, 60) == RIJN_OK &&
            rijn_ascon_xof_squeeze(&h, out, 5) == RIJN_OK &&
            rijn_ascon_xof_squeeze(&h, out + 5, 50) == RIJN_OK) {}
    });
    TU_CHECK(e == 0, "Ascon hashes: %lu reports", e);
    TU_ERRORS_IN(e, {
        if (rijn_norx32_init(&n, k, 16) == RIJN_OK) {
            if (rijn_norx32_seal(&n, ct, tag, 16, nonce, 16, aad, 70, pt, 130) != RIJN_OK) {}
            if (rijn_norx32_start(&n, nonce, 16) == RIJN_OK &&
                rijn_norx32_aad(&n, aad, 49) == RIJN_OK &&
                rijn_norx32_encrypt_update(&n, ct, pt, 3) == RIJN_OK &&
                rijn_norx32_encrypt_update(&n, ct + 3, pt + 3, 100) == RIJN_OK &&
                rijn_norx32_encrypt_final(&n, tag, 16) == RIJN_OK) {}
            if (rijn_norx32_start(&n, nonce, 16) == RIJN_OK &&
                rijn_norx32_decrypt_update(&n, ct, ct, 99) == RIJN_OK) {}
        }
    });
    TU_CHECK(e == 0, "NORX32-4-1: %lu reports", e);
    rijn_ascon_aead128_wipe(&a);
    rijn_ascon_hash_wipe(&h);
    rijn_norx32_wipe(&n);
    printf("  Ascon (%s default, p64 and p32 directly) and NORX32-4-1 checked\n",
           rijn_ascon_impl());
    return tu_finish();
}

static int child_leaky(void)
{
    secrets();
    tu_ct_planted_branch(k);
    return tu_finish();
}

int main(int argc, char **argv)
{
    return tu_ct_main(argc, argv, "Ascon and NORX", child_ct, child_leaky);
}
#endif
