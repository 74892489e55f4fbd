/*
 * chacha20_reg.c -- the ChaCha20 implementation registry (core/registry.h)
 * and its test entry points.
 *
 * Implementation notes
 *   Entries, in order of preference: avx512 (chacha20_x86.c), avx2 (chacha20_avx2.c), ssse3
 *   (chacha20_ssse3.c), neon
 *   (AArch64, chacha20_neon.c), then
 *   the portable code of chacha20.c ("armv7m" when it is the Thumb-2
 *   assembly). RIJN_I_CHACHA_NIMPL (stream_i.h) is their number;
 *   tests/core/test_impls.c checks it against the list. A context's entry is
 *   an index in bits 8..15 of ctx->kind, set at init. A build with one
 *   entry (MCUs) does not link this file on its default path.
 *   Vectors: tests/core/test_impls.c runs every entry that runs here.
 */
#include "internal.h"
#include "stream_i.h"

#if RIJN_I_CHACHA_ARMV7M
#define PORTABLE_NAME "armv7m"
#else
#define PORTABLE_NAME "portable"
#endif
static const rijn_i_chacha_impl chacha_portable = {{PORTABLE_NAME, 0, NULL}, 0, NULL};

static const rijn_i_impl *const chachas[] = {
#if RIJN_I_CHACHA_X86
    &rijn_i_chacha_avx512.base,
    &rijn_i_chacha_avx2.base,
    &rijn_i_chacha_ssse3.base,
#endif
#if RIJN_I_CHACHA_NEON
    &rijn_i_chacha_neon.base,
#endif
    &chacha_portable.base,
};

const rijn_i_registry rijn_i_chacha20_registry = {"chacha20", chachas,
                                                  sizeof chachas / sizeof chachas[0]};

#if RIJN_I_CHACHA_MULTI
uint32_t rijn_i_chacha20_default(void)
{
    return (uint32_t)rijn_i_reg_default(chachas, RIJN_I_CHACHA_NIMPL);
}
#endif

int rijn_i_chacha20_use(rijn_chacha20_ctx *ctx, const char *name)
{
    size_t i;
    int r;
    RIJN_CHECK_PTR(ctx);
    if (!rijn_i_chacha20_keyed(ctx))
        return RIJN_ERR_STATE;
    r = rijn_i_reg_find(&rijn_i_chacha20_registry, name, &i);
    if (r == RIJN_OK)
        ctx->kind = RIJN_I_CHACHA_VARIANT(ctx->kind) | ((uint32_t)i << 8);
    return r;
}

const char *rijn_i_chacha20_impl_name(const rijn_chacha20_ctx *ctx)
{
    if (ctx == NULL || !rijn_i_chacha20_keyed(ctx))
        return "none";
    return chachas[rijn_i_chacha20_bound(ctx)]->name;
}
