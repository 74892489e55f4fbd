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
#define _POSIX_C_SOURCE 200809L /* WIFEXITED */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "ascon/ascon_i.h"
#include "rijn/norx.h"
#include "testutil.h"

#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define HAVE_MEMCHECK 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#undef HAVE_MEMCHECK
#endif
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#undef HAVE_MEMCHECK
#endif
#endif

#ifndef HAVE_MEMCHECK
int main(void)
{
    printf("valgrind/memcheck.h missing or sanitizer build: skipped\n");
    return 77;
}
#else

#define ERRORS_IN(n, block)                                       \
    do {                                                          \
        unsigned long e0_ = (unsigned long)VALGRIND_COUNT_ERRORS; \
        block;                                                    \
        (n) = (unsigned long)VALGRIND_COUNT_ERRORS - e0_;         \
    } while (0)

static uint8_t k[32], nonce[16], aad[70], pt[130], ct[130], tag[16], out[100];

static void secrets(void)
{
    tu_rand_bytes(k, sizeof k);
    tu_rand_bytes(nonce, sizeof nonce);
    tu_rand_bytes(aad, sizeof aad);
    tu_rand_bytes(pt, sizeof pt);
    VALGRIND_MAKE_MEM_UNDEFINED(k, sizeof k);
    VALGRIND_MAKE_MEM_UNDEFINED(aad, sizeof aad);
    VALGRIND_MAKE_MEM_UNDEFINED(pt, sizeof pt);
}

static int child_ct(void)
{
    rijn_ascon_aead128_ctx a;
    rijn_ascon_hash_ctx h;
    rijn_norx32_ctx n;
    uint64_t s[5];
    unsigned long e;
    secrets();
    ERRORS_IN(e, {
        memcpy(s, pt, sizeof s);
        rijn_i_ascon_p64(s, 12);
        rijn_i_ascon_p32(s, 8);
    });
    TU_CHECK(e == 0, "Ascon permutations: %lu reports", e);
    ERRORS_IN(e, {
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
    ERRORS_IN(e, {
        if (rijn_ascon_hash256(out, pt, 100) != RIJN_OK) {}
        if (rijn_ascon_xof128(out, 77, pt, 19) != RIJN_OK) {}
        if (rijn_ascon_cxof128(out, 40, aad, 20, pt, 33) != RIJN_OK) {}
        if (rijn_ascon_xof128_init(&h) == RIJN_OK && rijn_ascon_hash_update(&h, pt, 3) == RIJN_OK &&
            rijn_ascon_hash_update(&h, pt + 3, 60) == RIJN_OK &&
            rijn_ascon_xof_squeeze(&h, out, 5) == RIJN_OK &&
            rijn_ascon_xof_squeeze(&h, out + 5, 50) == RIJN_OK) {}
    });
    TU_CHECK(e == 0, "Ascon hashes: %lu reports", e);
    ERRORS_IN(e, {
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
    volatile int sink = 0;
    unsigned long e;
    secrets();
    ERRORS_IN(e, {
        if (k[3] & 1)
            sink = 1;
    });
    TU_CHECK(e > 0, "planted branch on a secret was not reported");
    printf("  planted secret branch: %lu reports (must be > 0)\n", e);
    (void)sink;
    return tu_finish();
}

static int run_pass(const char *self, const char *mode, const char *vgopts)
{
    char cmd[2048];
    int rc;
    fflush(stdout);
    snprintf(cmd, sizeof cmd, "valgrind -q --leak-check=no %s '%s' %s", vgopts, self, mode);
    rc = system(cmd);
    if (rc == -1 || !WIFEXITED(rc)) {
        printf("could not run valgrind\n");
        return 1;
    }
    rc = WEXITSTATUS(rc);
    if (rc == 99)
        printf("valgrind reported errors outside the counted operations\n");
    return rc;
}

int main(int argc, char **argv)
{
    int r1, r2;
    if (argc > 1) {
        if (!RUNNING_ON_VALGRIND) {
            printf("child mode must run under valgrind\n");
            return 1;
        }
        return strcmp(argv[1], "leaky") == 0 ? child_leaky() : child_ct();
    }
    if (RUNNING_ON_VALGRIND) { /* scripts/valgrind.sh runs every test under memcheck */
        printf("already under valgrind: run the constant-time pass directly\n");
        return child_ct();
    }
    if (system("command -v valgrind >/dev/null 2>&1") != 0) {
        printf("valgrind is not installed: skipped\n");
        return 77;
    }
    printf("pass 1: Ascon and NORX on secret inputs (no report allowed)\n");
    r1 = run_pass(argv[0], "ct", "--error-exitcode=99");
    printf("pass 2: planted leak (reports required; valgrind log discarded)\n");
    r2 = run_pass(argv[0], "leaky", "--log-file=/dev/null");
    printf("%d passed, %d failed\n", (r1 == 0) + (r2 == 0), (r1 != 0) + (r2 != 0));
    return r1 == 0 && r2 == 0 ? 0 : 1;
}
#endif
