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
 * checked (its inputs are computed by the same code as seal). To show the
 * check can fail, a planted branch on a secret byte and the "small" AES
 * class (S-box table) must both be reported.
 */
#define _POSIX_C_SOURCE 200809L /* WIFEXITED */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "aead/ghash.h"
#include "testutil.h"
#include "rijn/gcmsiv.h"

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

/* nonce: secret (GCM 17-byte nonce, whose J0 depends on H; GCM-SIV);
 * pn: a public nonce (12-byte GCM, CCM: the counter blocks hold it and
 * AES classes may branch on public counter values). */
static uint8_t key[32], nonce[20], pn[16], aad[70], pt[100], ct[100], tag[16];

static void secrets(void)
{
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(nonce, sizeof nonce);
    tu_rand_bytes(pn, sizeof pn);
    tu_rand_bytes(aad, sizeof aad);
    tu_rand_bytes(pt, sizeof pt);
    VALGRIND_MAKE_MEM_UNDEFINED(key, sizeof key);
    VALGRIND_MAKE_MEM_UNDEFINED(nonce, sizeof nonce);
    VALGRIND_MAKE_MEM_UNDEFINED(aad, sizeof aad);
    VALGRIND_MAKE_MEM_UNDEFINED(pt, sizeof pt);
}

/* Errors reported while running the block. */
#define ERRORS_IN(n, block)                                   \
    do {                                                      \
        unsigned long e0_ = (unsigned long)VALGRIND_COUNT_ERRORS; \
        block;                                                \
        (n) = (unsigned long)VALGRIND_COUNT_ERRORS - e0_;     \
    } while (0)

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
        ERRORS_IN(e, {
            if (rijn_gcm_init(&g, key, kl) == RIJN_OK) {
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
            }
        });
        TU_CHECK(!must_be_clean || e == 0, "%s: GCM k%zu: %lu reports", label, kl, e);
        total += e;
        ERRORS_IN(e, {
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
        ERRORS_IN(e, {
            if (rijn_gcmsiv_init(&s, key, kl) == RIJN_OK) {
                if (rijn_gcmsiv_seal(&s, ct, tag, 16, nonce, 12, aad, 37, pt, 100) != RIJN_OK) {}
                if (rijn_gcmsiv_seal(&s, ct, tag, 16, nonce, 12, aad, 0, pt, 16) != RIJN_OK) {}
            }
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
static int child_ct(void)
{
    size_t i, j;
    unsigned long e;
    for (i = 0; i < rijn_aes_impl_count(); i++) {
        const rijn_aes_impl *a = rijn_aes_impl_at(i);
        if (!rijn_aes_impl_available(a) || !(rijn_aes_impl_flags(a) & RIJN_AES_IMPL_CONSTTIME))
            continue;
        TU_CHECK(rijn_aes_impl_force(rijn_aes_impl_name(a)) == RIJN_OK, "force");
        for (j = 0; j < rijn_i_ghash_count(); j++) {
            const rijn_i_ghash_impl *g = rijn_i_ghash_at(j);
            char label[64];
            if (!rijn_i_ghash_available(g))
                continue;
            TU_CHECK(rijn_i_ghash_force(g->name) == RIJN_OK, "force ghash");
            snprintf(label, sizeof label, "AES %s + GHASH %s", rijn_aes_impl_name(a), g->name);
            e = run_ops(label, 1);
            printf("  %s: %lu reports\n", label, e);
        }
    }
    TU_CHECK(rijn_i_ghash_force(NULL) == RIJN_OK, "auto");
    TU_CHECK(rijn_aes_impl_force(NULL) == RIJN_OK, "auto");
    return tu_finish();
}

/* Pass 2 (valgrind's log discarded): the check must be able to fail. */
static int child_leaky(void)
{
    volatile int sink = 0;
    unsigned long e;
    secrets();
    ERRORS_IN(e, {
        if (key[3] & 1)
            sink = 1;
    });
    TU_CHECK(e > 0, "planted branch on a secret was not reported");
    printf("  planted secret branch: %lu reports (must be > 0)\n", e);
    if (rijn_aes_impl_force("small") == RIJN_OK) {
        e = run_ops("AES small", 0);
        TU_CHECK(e > 0, "the table-based small class was not reported");
        printf("  AES small (S-box table): %lu reports (must be > 0)\n", e);
    }
    TU_CHECK(rijn_aes_impl_force(NULL) == RIJN_OK, "auto");
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
    if (system("command -v valgrind >/dev/null 2>&1") != 0) {
        printf("valgrind is not installed: skipped\n");
        return 77;
    }
    printf("pass 1: constant-time classes (no report allowed)\n");
    r1 = run_pass(argv[0], "ct", "--error-exitcode=99");
    printf("pass 2: planted leaks (reports required; valgrind log discarded)\n");
    r2 = run_pass(argv[0], "leaky", "--log-file=/dev/null");
    return r1 == 0 && r2 == 0 ? 0 : 1;
}
#endif
