/*
 * ghash.c -- GHASH class registry and POLYVAL on top of GHASH.
 *
 * Implementation notes
 *   Registry: the compiled-in classes in order of preference (vpclmul512,
 *   pclmul, pmull, ct64, ct32); the default is the forced one, else the first the CPU can
 *   run. Forcing is for tests (one static pointer, like rijn_aes_impl_force).
 *   POLYVAL (RFC 8452 appendix A): POLYVAL(H, X_1..X_n) =
 *   ByteReverse(GHASH(mulX_GHASH(ByteReverse(H)), ByteReverse(X_1), ...,
 *   ByteReverse(X_n))). mulX_GHASH multiplies by x in GHASH's bit order: a
 *   right shift of the 128-bit big-endian value with 0xE1 folded into the
 *   top byte when the bit shifted out was set (mask, no branch). So every
 *   GHASH class is also a POLYVAL class; blocks are byte-reversed through a
 *   small stack buffer (16 blocks on 64-bit hosts, 4 on MCUs), unless the class has a native
 *   POLYVAL entry (pclmul: the same code without its byte swaps).
 *   Constant time: the mask in mulX; the rest is data movement.
 *   Vectors: RFC 8452 appendix A (POLYVAL example) and appendix C (all of
 *   AES-GCM-SIV) in tests/test_gcmsiv.c, per GHASH class.
 */
#include "ghash.h"
#include "internal.h"

#define PV_BATCH (RIJN_ARCH_64 ? 16 : 4) /* blocks byte-reversed per call */

static const rijn_i_ghash_impl *const ghs[] = {
#if RIJN_CFG_GHASH_PCLMUL && RIJN_GCM_HKEY_WORDS >= 32
    &rijn_i_ghash_vpclmul512,
#endif
#if RIJN_CFG_GHASH_PCLMUL
    &rijn_i_ghash_pclmul,
#endif
#if RIJN_CFG_GHASH_PMULL
    &rijn_i_ghash_pmull,
#endif
#if RIJN_CFG_GHASH_CT64
    &rijn_i_ghash_ct64,
#endif
#if RIJN_CFG_GHASH_CT32
    &rijn_i_ghash_ct32,
#endif
};
#define NGHS (sizeof ghs / sizeof ghs[0])

static const rijn_i_ghash_impl *forced;

size_t rijn_i_ghash_count(void)
{
    return NGHS;
}

const rijn_i_ghash_impl *rijn_i_ghash_at(size_t i)
{
    return i < NGHS ? ghs[i] : NULL;
}

int rijn_i_ghash_available(const rijn_i_ghash_impl *g)
{
    return g != NULL && (g->available == NULL || g->available());
}

const rijn_i_ghash_impl *rijn_i_ghash_default(void)
{
    size_t i;
    if (forced != NULL)
        return forced;
    for (i = 0; i < NGHS; i++)
        if (rijn_i_ghash_available(ghs[i]))
            return ghs[i];
    return ghs[NGHS - 1];
}

static int same_name(const char *a, const char *b)
{
    while (*a != '\0' && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

int rijn_i_ghash_force(const char *name)
{
    size_t i;
    if (name == NULL || same_name(name, "auto")) {
        forced = NULL;
        return RIJN_OK;
    }
    for (i = 0; i < NGHS; i++) {
        if (same_name(ghs[i]->name, name)) {
            if (!rijn_i_ghash_available(ghs[i]))
                return RIJN_ERR_UNSUPPORTED;
            forced = ghs[i];
            return RIJN_OK;
        }
    }
    return RIJN_ERR_UNSUPPORTED;
}

const char *rijn_gcm_ctx_ghash_name(const rijn_gcm_ctx *ctx)
{
    if (ctx == NULL || ctx->gh == NULL || ctx->aes.impl == NULL)
        return "none";
    return ctx->gh->name;
}

/* ---- POLYVAL ----------------------------------------------------------- */

static void byterev16(uint8_t *d, const uint8_t *s)
{
    uint64_t hi = rijn_load64_le(s + 8), lo = rijn_load64_le(s);
    rijn_store64_be(d, hi);
    rijn_store64_be(d + 8, lo);
}

void rijn_i_polyval_setkey(const rijn_i_ghash_impl *g, uint64_t *hk, const uint8_t h[16])
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
