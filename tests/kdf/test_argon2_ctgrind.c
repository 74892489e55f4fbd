/*
 * test_argon2_ctgrind.c -- constant-time check of keyed BLAKE2b and
 * Argon2i under Valgrind memcheck: keys, passwords and Argon2 secrets are
 * marked undefined, then the functions run; memcheck reports any branch
 * or memory index that depends on them. Outputs are marked defined only
 * after the call. Argon2i is checked with the AVX2 and the portable block
 * function (RIJN_CPU_MASK=0).
 * The planted leak is Argon2id itself: its second half-pass indexes
 * memory with password-derived values by design (RFC 9106, rijn/argon2.h),
 * so memcheck MUST report it -- this proves the harness sees such leaks
 * and documents the data dependence.
 * Run normally, the test re-runs itself under valgrind; it skips (77)
 * without valgrind or <valgrind/memcheck.h>, or in a sanitizer build.
 */
#include <stdlib.h>
#include <string.h>

#include "tu_ctgrind.h"

#if TU_CTGRIND && RIJN_CFG_HASH_BLAKE2B
static uint64_t work[2 * 64 * 128]; /* 128 KiB: m <= 128 */

static void run_checks(int plant)
{
    static uint8_t pw[100], key[64], msg[300], out[200];
    rijn_argon2_params a;
    rijn_blake2b_ctx c;
    size_t i;
    int r;
    tu_rand_bytes(pw, sizeof pw);
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(msg, sizeof msg);
    TU_SECRET(pw, sizeof pw);
    TU_SECRET(key, sizeof key);
    TU_SECRET(msg, sizeof msg);
    /* keyed BLAKE2b, several key, message and output lengths */
    for (i = 0; i < 6; i++) {
        r = rijn_blake2b(out, 1 + 12 * i, key, 64 - 11 * i, msg, 50 * i + 7);
        r |= rijn_blake2b_init_key(&c, 64, key, 1 + i) | rijn_blake2b_update(&c, msg, 129 + i) |
             rijn_blake2b_update(&c, msg, 128) | rijn_blake2b_final(&c, out);
        TU_PUBLIC(&r, sizeof r);
        TU_CHECK(r == RIJN_OK, "blake2b");
    }
    /* Argon2i: password, secret and associated data all secret */
    memset(&a, 0, sizeof a);
    a.type = plant ? RIJN_ARGON2_ID : RIJN_ARGON2_I;
    a.secret = key;
    a.secret_len = 32;
    a.ad = msg;
    a.ad_len = 20;
    for (i = 0; i < 4; i++) {
        a.t_cost = 1 + (uint32_t)(i & 1);
        a.lanes = 1 + (uint32_t)(i >> 1);
        a.m_cost_kib = 32 + 48 * (uint32_t)(i >> 1);
        r = rijn_argon2(&a, out, 32 + i, pw, 10 + 20 * i, msg + 100, 16, work, sizeof work);
        TU_PUBLIC(&r, sizeof r);
        TU_PUBLIC(out, sizeof out);
        TU_CHECK(r == RIJN_OK, "argon2 %zu", i);
    }
    TU_PUBLIC(pw, sizeof pw);
    TU_PUBLIC(key, sizeof key);
    TU_PUBLIC(msg, sizeof msg);
}

/* Exit code of "valgrind ... self" (77: no valgrind); the planted run
 * is muted. */
static int under_valgrind(char *self, int plant, int portable)
{
    if (plant)
        return tu_ct_valgrind(self, NULL, "RIJN_ARGON2_CT_PLANT=1",
                              TU_CT_ERROR_EXIT | TU_CT_MUTE);
    return tu_ct_valgrind(self, NULL, portable ? "RIJN_CPU_MASK=0" : NULL, TU_CT_ERROR_EXIT);
}
#endif

int main(int argc, char **argv)
{
#if !TU_CTGRIND || !RIJN_CFG_HASH_BLAKE2B
    (void)argc;
    (void)argv;
    printf("no valgrind/memcheck.h, a sanitizer build, or BLAKE2b off: skipped\n");
    return 77;
#else
    int a, b, c;
    (void)argc;
    tu_rand_seed(0xC7A2);
    if (RUNNING_ON_VALGRIND) {
        printf("under valgrind; Argon2 block function: %s\n", rijn_argon2_impl_name());
        run_checks(getenv("RIJN_ARGON2_CT_PLANT") != NULL);
        return tu_finish();
    }
    a = under_valgrind(argv[0], 0, 0);
    if (a == 77) {
        printf("valgrind not found: skipped\n");
        return 77;
    }
    TU_CHECK(a == 0, "memcheck reported a secret-dependent branch or index (exit %d)", a);
    b = under_valgrind(argv[0], 0, 1);
    TU_CHECK(b == 0, "portable: memcheck reported a secret-dependent branch or index (exit %d)",
             b);
    c = under_valgrind(argv[0], 1, 0);
    TU_CHECK(c == 99, "Argon2id's data-dependent half was not reported (exit %d)", c);
    printf("keyed BLAKE2b and Argon2i clean under memcheck (AVX2 and portable); "
           "Argon2id's data-dependent indexing reported, as designed\n");
    return tu_finish();
#endif
}
