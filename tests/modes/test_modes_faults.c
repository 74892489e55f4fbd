/*
 * test_modes_faults.c -- the modes' error paths behind a failing AES key
 * setup: built only with RIJN_I_TEST_FAULTS=1 (cmake -DRIJN_TEST_FAULTS=ON,
 * the coverage build of scripts/coverage.sh), where rijn_i_fault_key_at
 * (see RIJN_I_FAULT_KEY in src/internal.h) makes the n-th AES key setup
 * (aes/aes.c) fail. For XTS (two key setups), CBC
 * decryption, CTR and the block-cipher table's AES entry, each key setup
 * is failed in turn, and: the init returns an error (never RIJN_OK), the
 * context it leaves is all zero (no half-keyed context, no key material),
 * and an init without a fault works again and encrypts as before.
 */
#include <string.h>

#include "internal.h"
#include "testutil.h"

#if !RIJN_I_TEST_FAULTS
int main(void)
{
    fprintf(stderr, "test_modes_faults: this build has no fault points "
                    "(RIJN_I_TEST_FAULTS=0); cmake -DRIJN_TEST_FAULTS=ON registers it\n");
    return 1;
}
#else

static uint8_t key[64], iv[16], msg[64];

static union {
    rijn_xts_ctx xts;
    rijn_cbc_ctx cbc;
    rijn_ctr_ctx ctr;
    rijn_bc_ctx bc;
} u;

/* init into u (size bytes), then out: one encryption under it */
typedef int (*init_fn)(uint8_t out[64]);

static int xts(uint8_t out[64])
{
    int r = rijn_xts_init(&u.xts, key, 64);
    if (r == RIJN_OK)
        r = rijn_xts_encrypt(&u.xts, iv, out, msg, 64);
    return r;
}
static int cbc_dec(uint8_t out[64])
{
    size_t n = 0;
    int r = rijn_cbc_decrypt_init(&u.cbc, key, 32, iv);
    if (r == RIJN_OK)
        r = rijn_cbc_update(&u.cbc, out, 64, &n, msg, 64);
    return r;
}
static int ctr(uint8_t out[64])
{
    int r = rijn_ctr_init(&u.ctr, key, 16, iv);
    if (r == RIJN_OK)
        r = rijn_ctr_update(&u.ctr, out, msg, 64);
    return r;
}
static int bc_aes(uint8_t out[64])
{
    int r = rijn_bc_init(&u.bc, &rijn_bc_aes, key, 24);
    if (r == RIJN_OK)
        r = rijn_bc_ecb_encrypt(&u.bc, out, msg, 64);
    return r;
}

static void sweep(const char *name, init_fn f, size_t ctx_size, unsigned want_points)
{
    uint8_t good[64], out[64];
    unsigned long n;
    unsigned ok = 0, dirty = 0;
    rijn_i_fault_key_at = 0;
    TU_CHECK(f(good) == RIJN_OK, "%s without a fault", name);
    for (n = 1; n < 100; n++) {
        int r;
        memset(&u, 0x5a, sizeof u);
        rijn_i_fault_key_at = n;
        r = f(out);
        if (rijn_i_fault_key_at != 0) /* fewer than n points */
            break;
        ok += r == RIJN_OK;
        dirty += !tu_all_zero(&u, ctx_size);
    }
    rijn_i_fault_key_at = 0;
    printf("%s: %lu fault points\n", name, n - 1);
    TU_CHECK(n - 1 == want_points, "%s: %lu fault points, want %u", name, n - 1, want_points);
    TU_CHECK(ok == 0, "%s: %u failed key setups gave RIJN_OK", name, ok);
    TU_CHECK(dirty == 0, "%s: %u failed inits left a context not all zero", name, dirty);
    TU_CHECK(f(out) == RIJN_OK && memcmp(out, good, 64) == 0, "%s after the sweep", name);
}

int main(void)
{
    size_t i;
    for (i = 0; i < sizeof key; i++)
        key[i] = (uint8_t)(i * 7 + 3);
    memset(iv, 0x21, sizeof iv);
    memset(msg, 0x43, sizeof msg);
    sweep("XTS-AES-256 (data and tweak keys)", xts, sizeof(rijn_xts_ctx), 2);
    sweep("CBC decryption", cbc_dec, sizeof(rijn_cbc_ctx), 1);
    sweep("CTR", ctr, sizeof(rijn_ctr_ctx), 1);
    sweep("block-cipher table, AES-192", bc_aes, sizeof(rijn_bc_ctx), 1);
    rijn_xts_wipe(&u.xts);
    return tu_finish();
}
#endif
