/*
 * test_x25519_ctgrind.c -- constant-time check of X25519 under Valgrind
 * memcheck ("ctgrind"): secret scalars (and, to be thorough, the peer's
 * point) are marked undefined, so any branch or memory index that depends
 * on them is reported. Runs the public API (rijn_x25519, rijn_x25519_base,
 * including the all-zero status, which is selected by mask) and both
 * field implementations (fe32, fe64) directly.
 * Errors are counted per operation with VALGRIND_COUNT_ERRORS; every
 * count must be zero. To show the check can fail, a planted branch on a
 * secret byte must be reported. The program re-runs itself under
 * valgrind (skip, 77, when valgrind or valgrind/memcheck.h is missing, or
 * in a sanitizer build).
 */
#define _POSIX_C_SOURCE 200809L /* WIFEXITED */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "pk/x25519_i.h"
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

static uint8_t k[32], u[32], out[32];

static void secrets(int zero_point)
{
    tu_rand_bytes(k, sizeof k);
    tu_rand_bytes(u, sizeof u);
    if (zero_point)
        memset(u, 0, sizeof u); /* small order: all-zero result */
    VALGRIND_MAKE_MEM_UNDEFINED(k, sizeof k);
    VALGRIND_MAKE_MEM_UNDEFINED(u, sizeof u);
}

static int child_ct(void)
{
    unsigned long e;
    int r = 0, i;
    for (i = 0; i < 3; i++) {
        secrets(i == 2);
        ERRORS_IN(e, { r = rijn_x25519(out, k, u); });
        VALGRIND_MAKE_MEM_DEFINED(&r, sizeof r);
        TU_CHECK(e == 0, "rijn_x25519 (case %d): %lu reports", i, e);
        TU_CHECK(r == (i == 2 ? RIJN_ERR_PARAM : RIJN_OK), "status %d", r);
        ERRORS_IN(e, { r = rijn_x25519_base(out, k); });
        VALGRIND_MAKE_MEM_DEFINED(&r, sizeof r);
        TU_CHECK(e == 0 && r == RIJN_OK, "rijn_x25519_base: %lu reports", e);
        ERRORS_IN(e, { rijn_i_x25519_ladder32(out, k, u); });
        TU_CHECK(e == 0, "fe32 ladder: %lu reports", e);
#if RIJN_I_X25519_HAVE_FE64
        ERRORS_IN(e, { rijn_i_x25519_ladder64(out, k, u); });
        TU_CHECK(e == 0, "fe64 ladder: %lu reports", e);
#endif
    }
    printf("  X25519 (%s default, fe32%s): no reports\n", rijn_x25519_impl(),
           RIJN_I_X25519_HAVE_FE64 ? ", fe64" : "");
    return tu_finish();
}

static int child_leaky(void)
{
    volatile int sink = 0;
    unsigned long e;
    secrets(0);
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
    printf("pass 1: X25519 on secret inputs (no report allowed)\n");
    r1 = run_pass(argv[0], "ct", "--error-exitcode=99");
    printf("pass 2: planted leak (reports required; valgrind log discarded)\n");
    r2 = run_pass(argv[0], "leaky", "--log-file=/dev/null");
    printf("%d passed, %d failed\n", (r1 == 0) + (r2 == 0), (r1 != 0) + (r2 != 0));
    return r1 == 0 && r2 == 0 ? 0 : 1;
}
#endif
