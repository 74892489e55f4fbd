/*
 * ghash.c -- GHASH class registry and POLYVAL on top of GHASH.
 *
 * Implementation notes
 *   Registry (core/registry.h): the compiled-in classes in order of
 *   preference (vpclmul512, vpclmul256, pclmul-avx, pclmul, pmull,
 *   rvclmul, ct64, ct32); the default is the
 *   first the CPU runs. A context binds its class at init; tests rebind
 *   one by name (rijn_i_gcm_use_ghash, gcm.c; rijn_i_gcmsiv_use_ghash,
 *   gcmsiv.c) -- nothing process-wide to force.
 *   POLYVAL (RFC 8452 appendix A): POLYVAL(H, X_1..X_n) =
 *   ByteReverse(GHASH(mulX_GHASH(ByteReverse(H)), ByteReverse(X_1), ...,
 *   ByteReverse(X_n))). mulX_GHASH multiplies by x in GHASH's bit order: a
 *   right shift of the 128-bit big-endian value with 0xE1 folded into the
 *   top byte when the bit shifted out was set (mask, no branch). So every
 *   GHASH class is also a POLYVAL class; blocks are byte-reversed through a
 *   small stack buffer (16 blocks on 64-bit hosts, 4 on MCUs), unless the class has a native
 *   POLYVAL entry (pclmul: the same code without its byte swaps). A class
 *   may set up only the powers of H the longest call needs (setkey_n:
 *   GCM-SIV keys POLYVAL per message, and a short message needs H alone).
 *   Constant time: the mask in mulX; the rest is data movement.
 *   Vectors: RFC 8452 appendix A (POLYVAL example) and appendix C (all of
 *   AES-GCM-SIV) in tests/gcm/test_gcmsiv.c, per GHASH class.
 */
#include "gcm_i.h" /* RIJN_I_HAVE_GCM_STITCH_X86 */
#include "ghash.h"
#include "internal.h"

#define PV_BATCH (RIJN_ARCH_64 ? 16 : 4) /* blocks byte-reversed per call */

static const rijn_i_impl *const ghs[] = {
#if RIJN_CFG_GHASH_PCLMUL && RIJN_GCM_HKEY_WORDS >= 32
    &rijn_i_ghash_vpclmul512.base,
#endif
#if RIJN_I_HAVE_GCM_STITCH_X86
    &rijn_i_ghash_vpclmul256.base, /* VPCLMULQDQ + AVX2 without AVX-512 */
#endif
#if RIJN_CFG_GHASH_PCLMUL
    &rijn_i_ghash_pclmul_avx.base,
    &rijn_i_ghash_pclmul.base,
#endif
#if RIJN_CFG_GHASH_PMULL
    &rijn_i_ghash_pmull.base,
#endif
#if RIJN_CFG_GHASH_RVCLMUL
    &rijn_i_ghash_rvclmul.base, /* compiled in only for RISC-V with Zbkc + Zbkb */
#endif
#if RIJN_CFG_GHASH_CT64
    &rijn_i_ghash_ct64.base,
#endif
#if RIJN_CFG_GHASH_CT32
    &rijn_i_ghash_ct32.base,
#endif
};
#define NGHS (sizeof ghs / sizeof ghs[0])

const rijn_i_registry rijn_i_ghash_registry = {"ghash", ghs, NGHS};

const rijn_i_ghash_impl *rijn_i_ghash_default(void)
{
    return RIJN_I_IMPL_OF(rijn_i_ghash_impl, ghs[rijn_i_reg_default(ghs, NGHS)]);
}

int rijn_i_ghash_get(const char *name, const rijn_i_ghash_impl **g)
{
    size_t i = 0;
    int r = rijn_i_reg_find(&rijn_i_ghash_registry, name, &i);
    *g = r == RIJN_OK ? RIJN_I_IMPL_OF(rijn_i_ghash_impl, ghs[i]) : NULL;
    return r;
}

const char *rijn_gcm_ctx_ghash_name(const rijn_gcm_ctx *ctx)
{
    if (ctx == NULL || ctx->gh == NULL || ctx->aes.impl == NULL)
        return "none";
    return ctx->gh->base.name;
}

/* ---- POLYVAL ----------------------------------------------------------- */

static void byterev16(uint8_t *d, const uint8_t *s)
{
    uint64_t hi = rijn_load64_le(s + 8), lo = rijn_load64_le(s);
    rijn_store64_be(d, hi);
    rijn_store64_be(d + 8, lo);
}

void rijn_i_polyval_setkey(const rijn_i_ghash_impl *g, uint64_t *hk, const uint8_t h[16],
                           size_t nmax)
{
    uint8_t t[16];
    uint64_t hi, lo, mask;
    byterev16(t, h);
    hi = rijn_load64_be(t);
    lo = rijn_load64_be(t + 8);
    mask = (uint64_t)0 - (lo & 1u);
    lo = (lo >> 1) | (hi << 63);
    hi = (hi >> 1) ^ (mask & 0xE100000000000000u);
    rijn_store64_be(t, hi);
    rijn_store64_be(t + 8, lo);
    if (g->setkey_n != NULL)
        g->setkey_n(hk, t, nmax);
    else
        g->setkey(hk, t);
    rijn_wipe(t, sizeof t);
}

void rijn_i_polyval_blocks(const rijn_i_ghash_impl *g, const uint64_t *hk, uint8_t s[16],
                           const uint8_t *in, size_t nblocks)
{
    uint8_t buf[PV_BATCH * 16], y[16];
    if (g->polyval != NULL) {
        g->polyval(hk, s, in, nblocks);
        return;
    }
    byterev16(y, s);
    while (nblocks > 0) {
        size_t n = nblocks < PV_BATCH ? nblocks : PV_BATCH, i;
        for (i = 0; i < n; i++)
            byterev16(buf + 16 * i, in + 16 * i);
        g->blocks(hk, y, buf, n);
        in += 16 * n;
        nblocks -= n;
    }
    byterev16(s, y);
    rijn_wipe(buf, sizeof buf);
    rijn_wipe(y, sizeof y);
}
