/*
 * test_aes_masked.c -- the AES class registry (src/aes/aes.c) on a CPU
 * with features hidden, as RIJN_CPU_MASK hides them, within one process:
 * the test sets the probe's cache (core/cpu.h) and restores it.
 *   - every feature hidden before the first key setup: the default
 *     class is a constant-time one; rijn_aes_init_impl refuses NULL and a
 *     class that cannot run;
 *   - every feature hidden: rijn_aes_impl_get and rijn_aes_impl_force
 *     refuse each class rijn_aes_impl_available says cannot run
 *     (RIJN_ERR_UNSUPPORTED, *impl NULL) and accept the others; with the
 *     full CPU back, they agree with it again;
 *   - AVX2 hidden, AVX-512, VAES and VPCLMULQDQ kept (a mask a user can set): the
 *     x86ni-vaes512 class still runs, its contexts are marked for the
 *     512-bit paths and not the 256-bit ones, and 64 blocks of ECB and a
 *     GCM seal of 1,000 bytes under it equal those of the portable ct64
 *     class;
 *   - rijn_aes_ctx_impl_name(NULL) is "none".
 */
#include <string.h>

#include "aes/aes_i.h"
#include "core/cpu.h"
#include "testutil.h"

static uint8_t key[32], nonce[12], msg[1024];

/* what the x86ni-vaes512 class needs, and AVX2 (hidden below) */
#define V512_ALL                                                                          \
    (RIJN_CPU_VAES | RIJN_CPU_VPCLMUL | RIJN_CPU_AVX512 | RIJN_CPU_AVX2 | RIJN_CPU_AESNI | \
     RIJN_CPU_SSSE3)

static void set_features(uint32_t f)
{
    rijn_i_cpu_cached = f | 0x80000000u;
}

/* get and force agree with available for every class */
static unsigned check_registry(const char *what)
{
    size_t i;
    unsigned refused = 0;
    for (i = 0; i < rijn_aes_impl_count(); i++) {
        const rijn_aes_impl *im = rijn_aes_impl_at(i), *got = im;
        const char *name = rijn_aes_impl_name(im);
        int avail = rijn_aes_impl_available(im), r = rijn_aes_impl_get(name, &got);
        TU_CHECK(avail ? r == RIJN_OK && got == im : r == RIJN_ERR_UNSUPPORTED && got == NULL,
                 "%s: get(%s) = %d, available %d", what, name, r, avail);
        r = rijn_aes_impl_force(name);
        TU_CHECK(avail ? r == RIJN_OK : r == RIJN_ERR_UNSUPPORTED, "%s: force(%s) = %d", what,
                 name, r);
        refused += !avail;
    }
    TU_CHECK(rijn_aes_impl_force(NULL) == RIJN_OK, "force(NULL)");
    return refused;
}

#if RIJN_CFG_AES_X86NI
/* ECB of 64 blocks and a GCM seal with the class forced */
static void run_class(const char *name, uint8_t ecb[1024], uint8_t gcm[1016])
{
    rijn_aes_ctx a;
    rijn_gcm_ctx g;
    TU_CHECK(rijn_aes_impl_force(name) == RIJN_OK, "force %s", name);
    TU_CHECK(rijn_aes_init(&a, key, 32) == RIJN_OK &&
                 rijn_aes_encrypt_blocks(&a, ecb, msg, 64) == RIJN_OK,
             "%s: ECB", name);
    TU_CHECK(strcmp(rijn_aes_ctx_impl_name(&a), name) == 0, "%s: class of the context", name);
    TU_CHECK(rijn_gcm_init(&g, key, 32) == RIJN_OK &&
                 rijn_gcm_seal(&g, gcm, gcm + 1000, 16, nonce, 12, msg, 13, msg, 1000) == RIJN_OK,
             "%s: GCM", name);
    rijn_gcm_wipe(&g);
    rijn_aes_wipe(&a);
    TU_CHECK(rijn_aes_impl_force(NULL) == RIJN_OK, "force(NULL)");
}
#endif

int main(void)
{
    uint32_t saved = rijn_i_cpu_cached, all = rijn_i_cpu_features();
    unsigned refused_all, refused_none;
    size_t i;
    for (i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 31 + 7);
    memset(key, 0x42, sizeof key);
    memset(nonce, 0x24, sizeof nonce);

    /* the default class chosen (once per process) with every feature
     * hidden: a portable constant-time class */
    set_features(0);
    TU_CHECK(rijn_aes_impl_flags(rijn_aes_impl_default()) & RIJN_AES_IMPL_CONSTTIME,
             "default class with every feature hidden: %s",
             rijn_aes_impl_name(rijn_aes_impl_default()));
    {
        rijn_aes_ctx a;
        const rijn_aes_impl *im = NULL;
        TU_CHECK(rijn_aes_init_impl(&a, NULL, key, 16) == RIJN_ERR_UNSUPPORTED && a.impl == NULL,
                 "init_impl(NULL)");
        for (i = 0; i < rijn_aes_impl_count(); i++)
            if (!rijn_aes_impl_available(rijn_aes_impl_at(i)))
                im = rijn_aes_impl_at(i);
        TU_CHECK(im == NULL || rijn_aes_init_impl(&a, im, key, 16) == RIJN_ERR_UNSUPPORTED,
                 "init_impl of a class that cannot run");
    }
    set_features(all);
    refused_none = check_registry("full CPU");
    set_features(0);
    refused_all = check_registry("every feature hidden");
    printf("# %u of %zu classes cannot run with every feature hidden, %u on this CPU\n",
           refused_all, rijn_aes_impl_count(), refused_none);
    TU_CHECK(refused_all >= refused_none, "hiding features made more classes run");
    set_features(all);
    TU_CHECK(check_registry("full CPU again") == refused_none, "full CPU again");

#if RIJN_CFG_AES_X86NI
    if ((all & V512_ALL) == V512_ALL) {
        static uint8_t e1[1024], e2[1024], g1[1016], g2[1016];
        const rijn_aes_impl *im = NULL;
        rijn_aes_ctx a;
        run_class("ct64", e1, g1);
        set_features(all & ~(uint32_t)RIJN_CPU_AVX2);
        TU_CHECK(rijn_aes_impl_get("x86ni-vaes512", &im) == RIJN_OK &&
                     rijn_aes_init_impl(&a, im, key, 32) == RIJN_OK,
                 "x86ni-vaes512 without AVX2");
        TU_CHECK(rijn_i_aes_w512(&a) && !rijn_i_aes_w256(&a),
                 "without AVX2: 512-bit paths marked, 256-bit ones not (dirs %x)",
                 (unsigned)a.dirs);
        run_class("x86ni-vaes512", e2, g2);
        TU_EQ(e2, e1, sizeof e1, "ECB, x86ni-vaes512 without AVX2, against ct64");
        TU_EQ(g2, g1, sizeof g1, "GCM, x86ni-vaes512 without AVX2, against ct64");
        set_features(all);
    } else {
        printf("# no VAES + AVX-512 here: the x86ni-vaes512 class without AVX2 is not run\n");
    }
#endif
    TU_CHECK(strcmp(rijn_aes_ctx_impl_name(NULL), "none") == 0, "impl name of NULL");
    rijn_i_cpu_cached = saved;
    return tu_finish();
}
