/*
 * test_fault_inject.c -- failures that only a failing primitive can cause.
 * Built only with RIJN_I_TEST_FAULTS=1 (cmake -DRIJN_TEST_FAULTS=ON; the
 * coverage build of scripts/coverage.sh), where rijn_i_fault_at (see
 * RIJN_I_FAULT in src/internal.h) makes the n-th fault point reached fail:
 * the BLAKE2b and SHA-2/SHA-1/MD5/SHA-3 init/update/final calls. For each
 * composite call (Argon2 through H0, H' and the tag; the SHA-2, SHA-1,
 * MD5 and SHA-3 one-shots) it fails each point in turn, n = 1, 2, ...
 * until a run reaches no more points, and checks: the call returns an
 * error (no failure is swallowed), its output is not the good result, and
 * a run with no fault gives the good result again (no state left behind).
 */
#include <string.h>

#include "internal.h"
#include "testutil.h"

#if !RIJN_I_TEST_FAULTS
int main(void)
{
    fprintf(stderr, "test_fault_inject: this build has no fault points "
                    "(RIJN_I_TEST_FAULTS=0); cmake -DRIJN_TEST_FAULTS=ON registers it\n");
    return 1;
}
#else

static uint64_t work[32 * 1024 / 8];
static uint8_t msg[300];

typedef int (*call_fn)(uint8_t *out);

static int argon2_long(uint8_t *out) /* H' over 64 bytes: the chained path */
{
    return rijn_argon2id(out, 100, msg, 8, msg + 8, 16, 1, 16, 2, work, sizeof work);
}
static int argon2_short(uint8_t *out)
{
    return rijn_argon2i(out, 32, msg, 8, msg + 8, 16, 1, 8, 1, work, sizeof work);
}
static int sha256_long(uint8_t *out) { return rijn_sha256(out, msg, sizeof msg); }
static int sha224_long(uint8_t *out) { return rijn_sha224(out, msg, sizeof msg); }
static int sha512_long(uint8_t *out) { return rijn_sha512(out, msg, sizeof msg); }
static int sha384_long(uint8_t *out) { return rijn_sha384(out, msg, sizeof msg); }
static int sha1_long(uint8_t *out) { return rijn_sha1(out, msg, sizeof msg); }
static int md5_long(uint8_t *out) { return rijn_md5(out, msg, sizeof msg); }
static int sha3_long(uint8_t *out) { return rijn_sha3_256(out, msg, sizeof msg); }
static int blake2b_long(uint8_t *out) { return rijn_blake2b(out, 64, msg, 16, msg, sizeof msg); }

static void sweep(const char *name, call_fn f, size_t out_len)
{
    uint8_t good[128], out[128];
    unsigned long n;
    unsigned swallowed = 0, wrong = 0;
    rijn_i_fault_at = 0;
    TU_CHECK(f(good) == RIJN_OK, "%s without a fault", name);
    for (n = 1; n < 100000; n++) {
        int r;
        memset(out, 0, sizeof out);
        rijn_i_fault_at = n;
        r = f(out);
        if (rijn_i_fault_at != 0) { /* fewer than n points: the sweep is done */
            TU_CHECK(r == RIJN_OK && memcmp(out, good, out_len) == 0,
                     "%s: run past the last point", name);
            break;
        }
        swallowed += r == RIJN_OK;
        wrong += memcmp(out, good, out_len) == 0;
    }
    rijn_i_fault_at = 0;
    printf("%s: %lu fault points\n", name, n - 1);
    TU_CHECK(n > 1, "%s reached no fault point", name);
    TU_CHECK(swallowed == 0, "%s: %u of %lu faults returned RIJN_OK", name, swallowed, n - 1);
    TU_CHECK(wrong == 0, "%s: %u failed calls gave the good output", name, wrong);
    TU_CHECK(f(out) == RIJN_OK && memcmp(out, good, out_len) == 0, "%s after the sweep", name);
}

int main(void)
{
    size_t i;
    for (i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 7 + 1);
    sweep("argon2id, 100-byte tag", argon2_long, 100);
    sweep("argon2i, 32-byte tag", argon2_short, 32);
    sweep("sha256", sha256_long, 32);
    sweep("sha224", sha224_long, 28);
    sweep("sha512", sha512_long, 64);
    sweep("sha384", sha384_long, 48);
    sweep("sha1", sha1_long, 20);
    sweep("md5", md5_long, 16);
    sweep("sha3-256", sha3_long, 32);
    sweep("blake2b keyed", blake2b_long, 64);
    return tu_finish();
}
#endif
