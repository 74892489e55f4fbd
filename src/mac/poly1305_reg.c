/*
 * poly1305_reg.c -- the Poly1305 implementation registry (core/registry.h)
 * and its test entry points.
 *
 * Implementation notes
 *   Entries, in order of preference: ifma (poly1305_ifma.c), avx512,
 *   avx2 (poly1305_x86.c), x64 (poly1305_x64.c) or
 *   neon (poly1305_neon.c), then the portable code of poly1305.c. RIJN_I_POLY1305_NIMPL (mac_i.h) is
 *   their number; tests/core/test_impls.c checks it against the list. A
 *   context's entry is an index in bits 8..15 of ctx->state, set at init.
 *   A build with one entry (MCUs) does not link this file on its default
 *   path.
 *   Vectors: tests/core/test_impls.c runs every entry that runs here.
 */
#include "internal.h"
#include "mac_i.h"

static const rijn_i_poly1305_impl poly_portable = {{"portable", 0, NULL}, 0, NULL};

static const rijn_i_impl *const polys[] = {
#if RIJN_I_POLY1305_X86
    &rijn_i_poly1305_ifma.base,
    &rijn_i_poly1305_avx512.base,
    &rijn_i_poly1305_avx2.base,
    &rijn_i_poly1305_x64.base,
#endif
#if RIJN_I_POLY1305_NEON
    &rijn_i_poly1305_neon.base,
#endif
    &poly_portable.base,
};

const rijn_i_registry rijn_i_poly1305_registry = {"poly1305", polys,
                                                  sizeof polys / sizeof polys[0]};

#if RIJN_I_POLY1305_REG
uint32_t rijn_i_poly1305_default(void)
{
    return (uint32_t)rijn_i_reg_default(polys, RIJN_I_POLY1305_NIMPL);
}
#endif

int rijn_i_poly1305_use(rijn_poly1305_ctx *c, const char *name)
{
    size_t i;
    int r;
    RIJN_CHECK_PTR(c);
    if (!rijn_i_poly1305_keyed(c))
        return RIJN_ERR_STATE;
    r = rijn_i_reg_find(&rijn_i_poly1305_registry, name, &i);
    if (r == RIJN_OK)
        c->state = 1u | ((uint32_t)i << 8);
    return r;
}

const char *rijn_i_poly1305_impl_name(const rijn_poly1305_ctx *c)
{
    if (c == NULL || !rijn_i_poly1305_keyed(c))
        return "none";
    return polys[rijn_i_poly1305_bound(c)]->name;
}
