/*
 * test_x25519_ctgrind.c -- constant-time check of X25519 under Valgrind
 * memcheck ("ctgrind"): secret scalars (and, to be thorough, the peer's
 * point) are marked undefined, so any branch or memory index that depends
 * on them is reported. Runs the public API (rijn_x25519, rijn_x25519_base,
 * including the all-zero status, which is selected by mask) and the
 * field implementations (fe32, fe64, and the x86-64 MULX/ADX fe64x, which
 * Valgrind executes itself although its CPUID hides BMI2/ADX) directly.
 * Errors are counted per operation with VALGRIND_COUNT_ERRORS; every
 * count must be zero. To show the check can fail, a planted branch on a
 * secret byte must be reported. The program re-runs itself under
 * valgrind (skip, 77, when valgrind or valgrind/memcheck.h is missing, or
 * in a sanitizer build).
 */
#include <string.h>

#include "pk/x25519_i.h"
#include "tu_ctgrind.h"

#if !TU_CTGRIND
int main(void)
{
    return tu_ct_skip();
}
#else

static uint8_t k[32], u[32], out[32];

static void secrets(int zero_point)
{
    tu_rand_bytes(k, sizeof k);
    tu_rand_bytes(u, sizeof u);
    if (zero_point)
        memset(u, 0, sizeof u); /* small order: all-zero result */
    TU_SECRET(k, sizeof k);
    TU_SECRET(u, sizeof u);
}

static int child_ct(void)
{
    unsigned long e;
    int r = 0, i;
    for (i = 0; i < 3; i++) {
        secrets(i == 2);
        TU_ERRORS_IN(e, { r = rijn_x25519(out, k, u); });
        TU_PUBLIC(&r, sizeof r);
        TU_CHECK(e == 0, "rijn_x25519 (case %d): %lu reports", i, e);
        TU_CHECK(r == (i == 2 ? RIJN_ERR_PARAM : RIJN_OK), "status %d", r);
        TU_ERRORS_IN(e, { r = rijn_x25519_base(out, k); });
        TU_PUBLIC(&r, sizeof r);
        TU_CHECK(e == 0 && r == RIJN_OK, "rijn_x25519_base: %lu reports", e);
        TU_ERRORS_IN(e, { rijn_i_x25519_ladder32(out, k, u); });
        TU_CHECK(e == 0, "fe32 ladder: %lu reports", e);
#if RIJN_I_X25519_HAVE_FE64
        TU_ERRORS_IN(e, { rijn_i_x25519_ladder64(out, k, u); });
        TU_CHECK(e == 0, "fe64 ladder: %lu reports", e);
#endif
#if RIJN_I_X25519_HAVE_FE64X
        TU_ERRORS_IN(e, { rijn_i_x25519_ladder64x(out, k, u); });
        TU_CHECK(e == 0, "fe64x ladder: %lu reports", e);
#endif
    }
    printf("  X25519 (%s default, fe32%s%s): no reports\n", rijn_x25519_impl(),
           RIJN_I_X25519_HAVE_FE64 ? ", fe64" : "", RIJN_I_X25519_HAVE_FE64X ? ", fe64x" : "");
    return tu_finish();
}

static int child_leaky(void)
{
    secrets(0);
    tu_ct_planted_branch(k);
    return tu_finish();
}

int main(int argc, char **argv)
{
    return tu_ct_main(argc, argv, "X25519", child_ct, child_leaky);
}
#endif
