/*
 * gcm.c -- AES-GCM and GMAC (NIST SP 800-38D): one-shot and streaming.
 *
 * Implementation notes
 *   Layout: the keyed context holds an encryption-only AES schedule, the
 *   GHASH class chosen at init and its key material (H = E(K, 0^128) and
 *   powers); a rijn_gcm_msg holds one message: GHASH accumulator, next
 *   counter block, E(K, J0), one partial block for GHASH (AAD or
 *   ciphertext) and the keystream of the partial text block. Positions in
 *   the partial blocks follow from the byte counts (len mod 16).
 *   Flow: J0 = nonce || 0^31 || 1 for 12-byte nonces, else GHASH of the
 *   zero-padded nonce and its bit length. Text runs in chunks of 4 KiB:
 *   encryption does CTR then GHASH over the chunk, decryption GHASH then
 *   CTR, so out == in works and both passes stay in cache. With the
 *   AES class with AES-NI round keys (rk_isa) and a PCLMULQDQ GHASH class, whole blocks of
 *   encryption / streaming decryption go through a stitched kernel
 *   instead (CTR and GHASH in one loop; rijn_i_gcm_stitch picks AES-NI
 *   8 blocks, VAES-256 16 or VAES-512 32 blocks per iteration, see
 *   gcm_stitch_*.c), one-shot open included (gcm_oneshot.c). From 4 KiB
 *   on, a 16-byte aligned input that is not 64-byte aligned (malloc'd
 *   buffers, Python bytes) first loses 1..3 blocks to the chunk loop, so
 *   the kernel loads whole cache lines (split 64-byte loads cost the
 *   VAES-512 kernel 10-20% at 10 MB, outside the cache).
 *   seal/open keep their message on the stack (the context is const);
 *   rijn_i_gcm_begin is rijn_i_gcm_start without E(K, J0), for the one-shot
 *   x86 path that makes it at the tag (gcm_oneshot.c).
 *   Constant time: GHASH classes are constant-time, AES is the context's
 *   class; branches depend only on lengths and call order.
 *   Vectors: CAVP gcmEncryptExtIV*.rsp / gcmDecrypt*.rsp, Wycheproof
 *   aes_gcm_test.json, differential tests vs OpenSSL (tests/gcm/test_gcm*.c).
 */
#include "gcm_i.h"
#include "ghash.h"
#include "internal.h"

#define CHUNK 4096u
#define STITCH_MIN (16u * 8 + 15) /* bytes: at least 8 whole blocks */
/* bytes: align the kernel's input from here on. The 1..3 peeled blocks
 * leave the kernel a rest of its iteration, which costs more than the
 * aligned loads save below 48 KiB (Zen 5, AES-256 seal, input at +48,
 * scripts/ab-builds.sh: 16 KiB 0.0944 -> 0.0869 ticks/B without the peel,
 * 32 KiB about even, 64 KiB 0.0841 with the peel vs 0.0877 without). */
#define ALIGN_MIN 49152u

/* ---- message core (arguments already checked) -------------------------- */

void rijn_i_gcm_absorb(const rijn_gcm_ctx *k, rijn_gcm_msg *m, size_t pos, const uint8_t *p,
                      size_t len)
{
    size_t nb;
    if (len == 0)
        return;
    if (pos != 0) {
        size_t take = 16 - pos < len ? 16 - pos : len;
        memcpy(m->buf + pos, p, take);
        p += take;
        len -= take;
        if (pos + take < 16)
            return;
        k->gh->blocks(k->hkey, m->y, m->buf, 1);
    }
    nb = len / 16;
    if (nb != 0)
        k->gh->blocks(k->hkey, m->y, p, nb);
    memcpy(m->buf, p + 16 * nb, len % 16);
}

static void gh_flush(const rijn_gcm_ctx *k, rijn_gcm_msg *m, size_t pos)
{
    if (pos != 0) {
        memset(m->buf + pos, 0, 16 - pos);
        k->gh->blocks(k->hkey, m->y, m->buf, 1);
    }
}

static void ks_xor(const rijn_gcm_ctx *k, rijn_gcm_msg *m, size_t pos, uint8_t *out,
                   const uint8_t *in, size_t len)
{
    size_t nb;
    if (pos != 0) {
        size_t take = 16 - pos < len ? 16 - pos : len;
        rijn_xor(out, in, m->ks + pos, take);
        out += take;
        in += take;
        len -= take;
        if (pos + take < 16)
            return;
    }
    nb = len / 16;
    rijn_i_aead_ctr(&k->aes, m->ctr_mode, m->ctr, out, in, nb);
    out += 16 * nb;
    in += 16 * nb;
    len %= 16;
    if (len != 0) {
        rijn_i_aead_ks(&k->aes, m->ctr_mode, m->ctr, m->ks);
        rijn_xor(out, in, m->ks, len);
    }
}

void rijn_i_gcm_begin(const rijn_gcm_ctx *k, rijn_gcm_msg *m, const uint8_t *nonce,
                      size_t nlen)
{
    memset(m, 0, sizeof *m);
    m->ctr_mode = RIJN_I_CTR_BE32;
    if (nlen == 12) {
        memcpy(m->ctr, nonce, 12);
        m->ctr[15] = 1;
    } else {
        m->ctr_mode = RIJN_I_CTR_BE32_SECRET; /* J0 depends on H */
        uint8_t lb[16] = {0};
        rijn_i_gcm_absorb(k, m, 0, nonce, nlen);
        gh_flush(k, m, nlen % 16);
        rijn_store64_be(lb + 8, (uint64_t)nlen << 3);
        k->gh->blocks(k->hkey, m->y, lb, 1);
        memcpy(m->ctr, m->y, 16);
        memset(m->y, 0, 16);
    }
    m->state = RIJN_I_AEAD_AAD;
}

void rijn_i_gcm_start(const rijn_gcm_ctx *k, rijn_gcm_msg *m, const uint8_t *nonce,
                      size_t nlen)
{
    rijn_i_gcm_begin(k, m, nonce, nlen);
    rijn_i_aead_ks(&k->aes, m->ctr_mode, m->ctr, m->ek0);
}

/* Leave the AAD phase: pad out the last AAD block. */
void rijn_i_gcm_end_aad(const rijn_gcm_ctx *k, rijn_gcm_msg *m, uint32_t next)
{
    if (m->state == RIJN_I_AEAD_AAD) {
        gh_flush(k, m, (size_t)(m->aad_len % 16));
        m->state = next;
    }
}

void rijn_i_gcm_text(const rijn_gcm_ctx *k, rijn_gcm_msg *m, uint8_t *out, const uint8_t *in,
                     size_t len, unsigned how)
{
#if RIJN_I_HAVE_GCM_STITCH
    /* Whole blocks through the stitched kernel when there is one: finish a
     * partial block first (one pass of the loop below), then hand it the
     * block-aligned rest. */
    if (len >= STITCH_MIN) {
        size_t pos = (size_t)(m->text_len % 16), d;
        if (pos != 0) {
            size_t take = 16 - pos;
            rijn_i_gcm_text(k, m, out, in, take, how); /* below STITCH_MIN: the loop */
            out += take;
            in += take;
            len -= take;
        }
        /* Long texts: 1..3 blocks through the loop below first, so that the
         * kernel's input is 64-byte aligned when it is 16-byte aligned
         * (buffers from malloc, Python bytes): whole-cache-line loads. */
        if (len >= ALIGN_MIN && ((uintptr_t)in & 15u) == 0 && ((uintptr_t)in & 63u) != 0) {
            size_t take = 64u - (size_t)((uintptr_t)in & 63u);
            rijn_i_gcm_text(k, m, out, in, take, how);
            out += take;
            in += take;
            len -= take;
        }
        d = rijn_i_gcm_stitch(k, m, out, in, len / 16, how == RIJN_I_GCM_ENC);
        m->text_len += 16 * (uint64_t)d;
        out += 16 * d;
        in += 16 * d;
        len -= 16 * d;
    }
#endif
    while (len > 0) {
        size_t n = len < CHUNK ? len : CHUNK, pos = (size_t)(m->text_len % 16);
        if (how == RIJN_I_GCM_ENC) {
            ks_xor(k, m, pos, out, in, n);
            rijn_i_gcm_absorb(k, m, pos, out, n);
        } else {
            rijn_i_gcm_absorb(k, m, pos, in, n);
            ks_xor(k, m, pos, out, in, n);
        }
        m->text_len += n;
        out += n;
        in += n;
        len -= n;
    }
}

/* Full 16-byte tag into t; the message is finished (state cleared). */
void rijn_i_gcm_tag(const rijn_gcm_ctx *k, rijn_gcm_msg *m, uint8_t t[16])
{
    uint8_t lb[16];
    rijn_i_gcm_end_aad(k, m, RIJN_I_AEAD_ENC);
    gh_flush(k, m, (size_t)(m->text_len % 16));
    rijn_store64_be(lb, m->aad_len << 3);
    rijn_store64_be(lb + 8, m->text_len << 3);
    k->gh->blocks(k->hkey, m->y, lb, 1);
    rijn_xor16(t, m->y, m->ek0);
    rijn_wipe(m, sizeof *m);
}

/* ---- checks ------------------------------------------------------------- */

int rijn_i_gcm_tag_len_ok(size_t t)
{
    return (t >= 12 && t <= 16) || t == 8 || t == 4;
}

int rijn_i_gcm_check_keyed(const rijn_gcm_ctx *ctx)
{
    RIJN_CHECK_PTR(ctx);
    if (ctx->gh == NULL || rijn_i_aes_check_enc(&ctx->aes) != RIJN_OK)
        return RIJN_ERR_STATE;
    return RIJN_OK;
}

int rijn_i_gcm_check_nonce(const uint8_t *nonce, size_t nlen)
{
    if (nlen == 0 || rijn_i_gt64(nlen, RIJN_GCM_NONCE_MAX))
        return RIJN_ERR_NONCE_LEN;
    RIJN_CHECK_PTR(nonce);
    return RIJN_OK;
}

int rijn_i_gcm_check_io(const uint8_t *out, const uint8_t *in, size_t len)
{
    RIJN_CHECK_BUF(out, len);
    RIJN_CHECK_BUF(in, len);
    if (out != in && rijn_overlaps(out, len, in, len))
        return RIJN_ERR_PARAM;
    return RIJN_OK;
}

/* ---- key setup ---------------------------------------------------------- */

/* Bind GHASH class g with hash key h: its key material, and the power
 * table of the 512- or the 256-bit stitched kernel (made here, once per
 * key; the 256-bit one made its powers per call: 0x2EFF seal 256 B 258 ->
 * 159, 1 KiB 401 -> 308 ticks). */
static void set_ghash(rijn_gcm_ctx *ctx, const rijn_i_ghash_impl *g, const uint8_t h[16])
{
    ctx->gh = g;
    g->setkey(ctx->hkey, h);
#if RIJN_I_HAVE_GCM_STITCH512
    rijn_i_gcm_stitch512_key(ctx); /* vpclmul512's table, else zeroes */
#endif
#if RIJN_I_HAVE_GCM_STITCH_X86
    if (g->flags & RIJN_I_GHASH_HK_PCLMUL)
        rijn_i_gcm_pclmul_key(ctx);
#endif
}

int rijn_gcm_init(rijn_gcm_ctx *ctx, const uint8_t *key, size_t key_len)
{
    uint8_t h[16] = {0};
    int r;
    RIJN_CHECK_PTR(ctx);
    memset(ctx, 0, sizeof *ctx);
    r = rijn_aes_init_enc(&ctx->aes, key, key_len);
    if (r != RIJN_OK)
        return r;
    rijn_i_aes_enc(&ctx->aes, h, h, 1);
    set_ghash(ctx, rijn_i_ghash_default(), h);
    rijn_wipe(h, sizeof h);
    return RIJN_OK;
}

int rijn_i_gcm_use_ghash(rijn_gcm_ctx *ctx, const char *name)
{
    const rijn_i_ghash_impl *g;
    uint8_t h[16] = {0};
    int r;
    RIJN_CHECK_PTR(ctx);
    if (ctx->gh == NULL || rijn_i_aes_check_enc(&ctx->aes) != RIJN_OK)
        return RIJN_ERR_STATE;
    r = rijn_i_ghash_get(name, &g);
    if (r != RIJN_OK)
        return r;
    rijn_i_aes_enc(&ctx->aes, h, h, 1);
    set_ghash(ctx, g, h);
    rijn_wipe(h, sizeof h);
    return RIJN_OK;
}

void rijn_gcm_wipe(rijn_gcm_ctx *ctx)
{
    rijn_wipe(ctx, ctx != NULL ? sizeof *ctx : 0);
}

