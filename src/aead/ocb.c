/*
 * ocb.c -- AES-OCB3 (RFC 7253): key setup, the block core, one-shot
 * seal/open. Streaming calls are in ocb_stream.c.
 *
 * Implementation notes
 *  Layout: the keyed context holds the AES schedules (both directions),
 *  L_* = E(0), L_$ = double(L_*) and L_0..L_7 (L_i = double(L_{i-1}));
 *  block i uses L_ntz(i), taken from the table, or, once in 256 blocks,
 *  derived from L_7 by further doublings (ntz is public: it depends only
 *  on the block index). The message state holds the text offset and
 *  checksum, the AAD offset and sum, and 64-bit block counters.
 *  Nonce: Offset_0 = Stretch[bottom .. bottom+127] with Ktop =
 *  E(nonce block with the low 6 bits cleared) and bottom = those 6 bits;
 *  the shift amount comes from the public nonce, never from a secret.
 *  Bulk: up to RIJN_I_BATCH_BLOCKS blocks at once (16 on 64-bit hosts, 4
 *  on 32-bit, 1 on 8/16-bit targets): their offsets are chained in a small
 *  stack array, XORed in, sent through one N-block AES call, XORed out,
 *  so bitsliced and AES-NI code runs at full width. Input is read before
 *  output is written, so out == in works. With AES-NI round keys (rk_isa) and VAES + AVX-512,
 *  whole 32-block passes go to ocb_vaes512.c first (offsets from
 *  L_0..L_4, everything in registers), then 16-block VAES-256 and 8-block
 *  AES-NI passes to ocb_x86.c. With AES-NI round keys, one-shot calls with at
 *  most 112 bytes of AAD hash it beside Ktop in one AES pass, and short
 *  messages (text <= 128 bytes) run entirely in registers
 *  (ocb_aesni.c).
 *  Constant time: doubling uses masks; no secret-dependent branch or
 *  index; the tag is compared with rijn_ct_equal; open wipes out on a
 *  mismatch.
 *  Proof: RFC 7253 appendix A examples (cryptography_vectors OCB3/
 *  rfc7253.txt, including the 96-bit tag case) and its iterative
 *  long test for 128/192/256-bit keys and 128/96/64-bit tags, the
 *  104/112/120-bit nonce forms (dkg), OpenSSL's OCB vectors, and a
 *  differential test against OpenSSL aes-*-ocb with random nonce and tag
 *  lengths, AAD/text 0..600 (and long texts past the table), random
 *  streaming splits (tests/aead/test_ocb.c).
 */
#include "aes/aes_i.h"
#include "cmac_i.h"
#include "internal.h"
#include "ocb_i.h"

size_t rijn_ocb_key_min(void) { return RIJN_OCB_KEY_MIN; }
size_t rijn_ocb_key_max(void) { return RIJN_OCB_KEY_MAX; }
size_t rijn_ocb_nonce_size(void) { return RIJN_OCB_NONCE_SIZE; }
size_t rijn_ocb_nonce_min(void) { return RIJN_OCB_NONCE_MIN; }
size_t rijn_ocb_nonce_max(void) { return RIJN_OCB_NONCE_MAX; }
size_t rijn_ocb_tag_size(void) { return RIJN_OCB_TAG_SIZE; }
size_t rijn_ocb_tag_min(void) { return RIJN_OCB_TAG_MIN; }
size_t rijn_ocb_tag_max(void) { return RIJN_OCB_TAG_MAX; }

int rijn_ocb_init(rijn_ocb_ctx *ctx, const uint8_t *key, size_t key_len)
{
    unsigned i;
    int r;
    RIJN_CHECK_PTR(ctx);
    memset(ctx, 0, sizeof *ctx);
    RIJN_CHECK_PTR(key);
    r = rijn_aes_init(&ctx->aes, key, key_len);
    if (r != RIJN_OK) {
        rijn_ocb_wipe(ctx);
        return r;
    }
    rijn_i_aes_enc(&ctx->aes, ctx->lstar, ctx->lstar, 1);
    memcpy(ctx->ldollar, ctx->lstar, 16);
    rijn_i_dbl(ctx->ldollar);
    memcpy(ctx->l[0], ctx->ldollar, 16);
    rijn_i_dbl(ctx->l[0]);
    for (i = 1; i < RIJN_OCB_L_COUNT; i++) {
        memcpy(ctx->l[i], ctx->l[i - 1], 16);
        rijn_i_dbl(ctx->l[i]);
    }
    ctx->keyed = 1;
    return RIJN_OK;
}

void rijn_ocb_wipe(rijn_ocb_ctx *ctx)
{
    rijn_wipe(ctx, ctx != NULL ? sizeof *ctx : 0);
}

int rijn_i_ocb_check(const rijn_ocb_ctx *c, int dec)
{
    if (c == NULL)
        return RIJN_ERR_NULL;
    if (c->keyed != 1)
        return RIJN_ERR_STATE;
    return dec ? rijn_i_aes_check_dec(&c->aes) : rijn_i_aes_check_enc(&c->aes);
}

int rijn_i_ocb_lens_ok(size_t nonce_len, size_t tag_len)
{
    return nonce_len >= RIJN_OCB_NONCE_MIN && nonce_len <= RIJN_OCB_NONCE_MAX &&
           tag_len >= RIJN_OCB_TAG_MIN && tag_len <= RIJN_OCB_TAG_MAX;
}

/* L_ntz(i) for block index i >= 1. */
static const uint8_t *lsel(const rijn_ocb_ctx *c, uint64_t i, uint8_t scratch[16])
{
    unsigned z = 0, k;
    while ((i & 1u) == 0) {
        i >>= 1;
        z++;
    }
    if (z < RIJN_OCB_L_COUNT)
        return c->l[z];
    memcpy(scratch, c->l[RIJN_OCB_L_COUNT - 1], 16);
    for (k = RIJN_OCB_L_COUNT - 1; k < z; k++)
        rijn_i_dbl(scratch);
    return scratch;
}

void rijn_i_ocb_msg_start(const rijn_ocb_ctx *c, rijn_ocb_msg *m, const uint8_t *nonce,
                          size_t nonce_len, size_t tag_len)
{
    uint8_t n[16], st[24];
    unsigned bottom, bs, b, i;
    memset(m, 0, sizeof *m);
    memset(n, 0, sizeof n);
    n[0] = (uint8_t)(((tag_len * 8u) % 128u) << 1);
    n[15 - nonce_len] |= 1u;
    memcpy(n + 16 - nonce_len, nonce, nonce_len);
    bottom = n[15] & 63u;
    n[15] &= 0xC0u;
    rijn_i_aes_enc(&c->aes, st, n, 1); /* Ktop */
    for (i = 0; i < 8; i++)
        st[16 + i] = (uint8_t)(st[i] ^ st[i + 1]);
    bs = bottom / 8;
    b = bottom % 8;
    for (i = 0; i < 16; i++) {
        if (b == 0) /* public: from the nonce */
            m->offset[i] = st[i + bs];
        else
            m->offset[i] = (uint8_t)(((unsigned)st[i + bs] << b) | ((unsigned)st[i + bs + 1] >> (8u - b)));
    }
    m->tag_len = (uint32_t)tag_len;
    m->state = RIJN_I_AEAD_AAD;
    rijn_i_wipe_inl(st, sizeof st);
}

void rijn_i_ocb_hash_blocks(const rijn_ocb_ctx *c, rijn_ocb_msg *m, const uint8_t *in, size_t nb)
{
    uint8_t x[RIJN_I_BATCH_BLOCKS * 16], off[16], sum[16], sc[16];
    size_t i, k;
    if (nb == 0)
        return;
    memcpy(off, m->aoffset, 16); /* locals: no aliasing with in */
    memcpy(sum, m->asum, 16);
    while (nb > 0) {
        k = nb < RIJN_I_BATCH_BLOCKS ? nb : RIJN_I_BATCH_BLOCKS;
        for (i = 0; i < k; i++) {
            m->ablocks++;
            rijn_i_xorw(off, off, lsel(c, m->ablocks, sc), 16);
            rijn_i_xorw(x + 16 * i, in + 16 * i, off, 16);
        }
        rijn_i_aes_enc(&c->aes, x, x, k);
        for (i = 0; i < k; i++)
            rijn_i_xorw(sum, sum, x + 16 * i, 16);
        in += 16 * k;
        nb -= k;
    }
    memcpy(m->aoffset, off, 16);
    memcpy(m->asum, sum, 16);
    rijn_i_wipe_inl(x, sizeof x);
    rijn_i_wipe_inl(sc, sizeof sc);
    rijn_i_wipe_inl(sum, sizeof sum);
}

void rijn_i_ocb_hash_tail(const rijn_ocb_ctx *c, rijn_ocb_msg *m, const uint8_t *in, size_t r)
{
    uint8_t p[16];
    rijn_xor16(m->aoffset, m->aoffset, c->lstar);
    memset(p, 0, 16);
    memcpy(p, in, r);
    p[r] = 0x80;
    rijn_xor16(p, p, m->aoffset);
    rijn_i_aes_enc(&c->aes, p, p, 1);
    rijn_xor16(m->asum, m->asum, p);
    rijn_i_wipe_inl(p, sizeof p);
}

void rijn_i_ocb_blocks(const rijn_ocb_ctx *c, rijn_ocb_msg *m, int dec, uint8_t *out,
                       const uint8_t *in, size_t nb)
{
    uint8_t offs[RIJN_I_BATCH_BLOCKS * 16], x[RIJN_I_BATCH_BLOCKS * 16], off[16], cs[16], sc[16];
    size_t i, k;
#if RIJN_I_AES_RK_AESNI
    k = rijn_i_ocb_vaes512(c, m, dec, out, in, nb);
    k += rijn_i_ocb_x86(c, m, dec, out + 16 * k, in + 16 * k, nb - k);
    in += 16 * k;
    out += 16 * k;
    nb -= k;
#endif
    if (nb == 0)
        return;
    memcpy(off, m->offset, 16); /* locals: no aliasing with in and out */
    memcpy(cs, m->checksum, 16);
    while (nb > 0) {
        k = nb < RIJN_I_BATCH_BLOCKS ? nb : RIJN_I_BATCH_BLOCKS;
        for (i = 0; i < k; i++) {
            m->blocks++;
            rijn_i_xorw(off, off, lsel(c, m->blocks, sc), 16);
            memcpy(offs + 16 * i, off, 16);
            if (!dec)
                rijn_i_xorw(cs, cs, in + 16 * i, 16);
        }
        rijn_i_xorw(x, in, offs, 16 * k);
        if (dec)
            rijn_i_aes_dec(&c->aes, x, x, k);
        else
            rijn_i_aes_enc(&c->aes, x, x, k);
        rijn_i_xorw(out, x, offs, 16 * k);
        if (dec)
            for (i = 0; i < k; i++)
                rijn_i_xorw(cs, cs, out + 16 * i, 16);
        in += 16 * k;
        out += 16 * k;
        nb -= k;
    }
    memcpy(m->offset, off, 16);
    memcpy(m->checksum, cs, 16);
    rijn_i_wipe_inl(offs, sizeof offs);
    rijn_i_wipe_inl(x, sizeof x);
    rijn_i_wipe_inl(cs, sizeof cs);
    rijn_i_wipe_inl(sc, sizeof sc);
}

void rijn_i_ocb_tail(const rijn_ocb_ctx *c, rijn_ocb_msg *m, int dec, uint8_t *out,
                     const uint8_t *in, size_t r)
{
    uint8_t pad[16], p[16];
    rijn_xor16(m->offset, m->offset, c->lstar);
    rijn_i_aes_enc(&c->aes, pad, m->offset, 1);
    memset(p, 0, 16);
    if (!dec)
        memcpy(p, in, r);
    rijn_xor(out, in, pad, r);
    if (dec)
        memcpy(p, out, r);
    p[r] = 0x80;
    rijn_xor16(m->checksum, m->checksum, p);
    rijn_i_wipe_inl(pad, sizeof pad);
    rijn_i_wipe_inl(p, sizeof p);
}

void rijn_i_ocb_tag(const rijn_ocb_ctx *c, rijn_ocb_msg *m, uint8_t tag[16])
{
    rijn_xor16(tag, m->checksum, m->offset);
    rijn_xor16(tag, tag, c->ldollar);
    rijn_i_aes_enc(&c->aes, tag, tag, 1);
    rijn_xor16(tag, tag, m->asum);
}

/* ---- one-shot ---------------------------------------------------------------- */

/* The argument checks of a one-shot call (tag: the tag read or written). */
static int oneshot_check(const rijn_ocb_ctx *ctx, int dec, const uint8_t *out,
                         const uint8_t *tag, size_t tag_len, const uint8_t *nonce,
                         size_t nonce_len, const uint8_t *aad, size_t aad_len,
                         const uint8_t *in, size_t len)
{
    int r = rijn_i_ocb_check(ctx, dec);
    if (r != RIJN_OK)
        return r;
    if (nonce_len < RIJN_OCB_NONCE_MIN || nonce_len > RIJN_OCB_NONCE_MAX)
        return RIJN_ERR_NONCE_LEN;
    if (tag_len < RIJN_OCB_TAG_MIN || tag_len > RIJN_OCB_TAG_MAX)
        return RIJN_ERR_TAG_LEN;
    RIJN_CHECK_PTR(nonce);
    RIJN_CHECK_PTR(tag);
    RIJN_CHECK_BUF(aad, aad_len);
    return rijn_i_io_check(out, in, len, tag, tag_len);
}

static int oneshot(const rijn_ocb_ctx *ctx, int dec, uint8_t *out, uint8_t *tag_out,
                   const uint8_t *tag_in, size_t tag_len, const uint8_t *nonce,
                   size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in,
                   size_t len)
{
    rijn_ocb_msg m;
    uint8_t full[16];
    int ok = 1, r = oneshot_check(ctx, dec, out, dec ? tag_in : tag_out, tag_len, nonce,
                                  nonce_len, aad, aad_len, in, len);
    if (r != RIJN_OK)
        return r;
#if RIJN_I_AES_RK_AESNI
    if (rijn_i_aes_rk_aesni(&ctx->aes) && len <= RIJN_I_OCB_SMALL_TEXT &&
        aad_len <= RIJN_I_OCB_SMALL_AAD)
        return rijn_i_ocb_small(ctx, dec, out, tag_out, tag_in, tag_len, nonce, nonce_len, aad,
                                aad_len, in, len);
#endif
#if RIJN_I_AES_RK_AESNI
    if (rijn_i_aes_rk_aesni(&ctx->aes) && aad_len <= RIJN_I_OCB_SMALL_AAD) {
        rijn_i_ocb_aesni_start(ctx, &m, nonce, nonce_len, tag_len, aad, aad_len);
    } else
#endif
    {
        rijn_i_ocb_msg_start(ctx, &m, nonce, nonce_len, tag_len);
        rijn_i_ocb_hash_blocks(ctx, &m, aad, aad_len / 16);
        if (aad_len % 16 != 0)
            rijn_i_ocb_hash_tail(ctx, &m, aad + (aad_len & ~(size_t)15), aad_len % 16);
    }
    rijn_i_ocb_blocks(ctx, &m, dec, out, in, len / 16);
    if (len % 16 != 0)
        rijn_i_ocb_tail(ctx, &m, dec, out + (len & ~(size_t)15), in + (len & ~(size_t)15),
                        len % 16);
    rijn_i_ocb_tag(ctx, &m, full);
    if (dec)
        ok = rijn_ct_equal(full, tag_in, tag_len);
    else
        memcpy(tag_out, full, tag_len);
    rijn_i_wipe_inl(full, sizeof full);
    rijn_i_wipe_inl(&m, sizeof m);
    if (!ok) {
        rijn_wipe(out, len);
        return RIJN_ERR_AUTH;
    }
    return RIJN_OK;
}

int rijn_ocb_seal(const rijn_ocb_ctx *ctx, uint8_t *out, uint8_t *tag, size_t tag_len,
                  const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                  const uint8_t *in, size_t len)
{
    return oneshot(ctx, 0, out, tag, NULL, tag_len, nonce, nonce_len, aad, aad_len, in, len);
}

int rijn_ocb_open(const rijn_ocb_ctx *ctx, uint8_t *out, const uint8_t *tag, size_t tag_len,
                  const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                  const uint8_t *in, size_t len)
{
    return oneshot(ctx, 1, out, NULL, tag, tag_len, nonce, nonce_len, aad, aad_len, in, len);
}
