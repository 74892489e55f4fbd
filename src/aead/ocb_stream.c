/*
 * ocb_stream.c -- AES-OCB3 streaming calls (start, aad, update, final).
 *
 * Implementation notes
 *  AAD: whole blocks are hashed as soon as they are complete; a trailing
 *  partial block waits in msg.abuf until the first text call or _final.
 *  Text: whole blocks are processed as soon as they are complete; up to
 *  15 bytes wait in msg.buf, because OCB encrypts a final partial block
 *  differently (Pad = E(Offset_*)) and we cannot know which block is last
 *  before _final. Output therefore lags input by the held bytes.
 *  In place: with held bytes h, output block k covers input bytes
 *  16k-h .. 16k+16-h, so writing it would clobber h unread input bytes.
 *  The update loop reads each chunk of up to RIJN_I_BATCH_BLOCKS blocks,
 *  plus the next h bytes (the new carry), into a stack buffer before
 *  writing the chunk out; reads and writes then stay in step and
 *  out == in is safe.
 *  Constant time: as ocb.c; lengths are public.
 *  Proof: tests/aead/test_ocb.c runs every vector and the OpenSSL differential
 *  test through random splits of AAD and text, in place and not.
 */
#include "aes/aes_i.h"
#include "cmac_i.h"
#include "internal.h"
#include "ocb_i.h"

int rijn_ocb_start(rijn_ocb_ctx *ctx, const uint8_t *nonce, size_t nonce_len, size_t tag_len)
{
    int r = rijn_i_ocb_check(ctx, 0);
    if (r != RIJN_OK)
        return r;
    if (nonce_len < RIJN_OCB_NONCE_MIN || nonce_len > RIJN_OCB_NONCE_MAX)
        return RIJN_ERR_NONCE_LEN;
    if (!rijn_i_ocb_lens_ok(nonce_len, tag_len))
        return RIJN_ERR_TAG_LEN;
    RIJN_CHECK_PTR(nonce);
    rijn_i_ocb_msg_start(ctx, &ctx->msg, nonce, nonce_len, tag_len);
    return RIJN_OK;
}

int rijn_ocb_aad(rijn_ocb_ctx *ctx, const uint8_t *aad, size_t len)
{
    rijn_ocb_msg *m;
    size_t nb;
    int r = rijn_i_ocb_check(ctx, 0);
    if (r != RIJN_OK)
        return r;
    m = &ctx->msg;
    if (m->state != RIJN_I_AEAD_AAD)
        return RIJN_ERR_STATE;
    RIJN_CHECK_BUF(aad, len);
    if (len == 0)
        return RIJN_OK;
    if (m->alen > 0) {
        size_t take = 16u - (size_t)m->alen;
        if (take > len)
            take = len;
        memcpy(m->abuf + m->alen, aad, take);
        m->alen += (uint32_t)take;
        aad += take;
        len -= take;
        if (m->alen < 16)
            return RIJN_OK;
        rijn_i_ocb_hash_blocks(ctx, m, m->abuf, 1);
        m->alen = 0;
    }
    nb = len / 16;
    rijn_i_ocb_hash_blocks(ctx, m, aad, nb);
    memcpy(m->abuf, aad + 16 * nb, len % 16);
    m->alen = (uint32_t)(len % 16);
    return RIJN_OK;
}

static void flush_aad(const rijn_ocb_ctx *ctx, rijn_ocb_msg *m)
{
    if (m->alen > 0)
        rijn_i_ocb_hash_tail(ctx, m, m->abuf, (size_t)m->alen);
    m->alen = 0;
}

static int update(rijn_ocb_ctx *ctx, uint32_t dir, uint8_t *out, size_t out_size,
                  size_t *out_len, const uint8_t *in, size_t len)
{
    rijn_ocb_msg *m;
    uint8_t blk[RIJN_I_BATCH_BLOCKS * 16];
    size_t need, h;
    int r = rijn_i_ocb_check(ctx, dir == RIJN_I_AEAD_DEC);
    if (r != RIJN_OK)
        return r;
    m = &ctx->msg;
    if (m->state != RIJN_I_AEAD_AAD && m->state != dir)
        return RIJN_ERR_STATE;
    RIJN_CHECK_PTR(out_len);
    RIJN_CHECK_BUF(in, len);
    if (len > SIZE_MAX - 32)
        return RIJN_ERR_LIMIT;
    h = (size_t)m->blen;
    need = (h + len) & ~(size_t)15;
    if (out_size < need)
        return RIJN_ERR_BUFFER;
    RIJN_CHECK_BUF(out, need);
    if (out != in && rijn_overlaps(out, need, in, len))
        return RIJN_ERR_PARAM;
    if (m->state == RIJN_I_AEAD_AAD)
        flush_aad(ctx, m);
    m->state = dir;
    while (h + len >= 16) {
        size_t nb = (h + len) / 16, take, c;
        if (nb > RIJN_I_BATCH_BLOCKS)
            nb = RIJN_I_BATCH_BLOCKS;
        take = 16 * nb - h;
        memcpy(blk, m->buf, h);
        memcpy(blk + h, in, take);
        in += take;
        len -= take;
        c = len < h ? len : h; /* read the next carry before writing */
        memcpy(m->buf, in, c);
        in += c;
        len -= c;
        h = c;
        rijn_i_ocb_blocks(ctx, m, dir == RIJN_I_AEAD_DEC, blk, blk, nb);
        memcpy(out, blk, 16 * nb);
        out += 16 * nb;
    }
    if (len > 0)
        memcpy(m->buf + h, in, len);
    m->blen = (uint32_t)(h + len);
    *out_len = need;
    rijn_wipe(blk, sizeof blk);
    return RIJN_OK;
}

int rijn_ocb_encrypt_update(rijn_ocb_ctx *ctx, uint8_t *out, size_t out_size, size_t *out_len,
                            const uint8_t *in, size_t len)
{
    return update(ctx, RIJN_I_AEAD_ENC, out, out_size, out_len, in, len);
}

int rijn_ocb_decrypt_update(rijn_ocb_ctx *ctx, uint8_t *out, size_t out_size, size_t *out_len,
                            const uint8_t *in, size_t len)
{
    return update(ctx, RIJN_I_AEAD_DEC, out, out_size, out_len, in, len);
}

static int final(rijn_ocb_ctx *ctx, uint32_t dir, uint8_t *out, size_t out_size,
                 size_t *out_len, uint8_t *tag_out, const uint8_t *tag_in, size_t tag_len)
{
    rijn_ocb_msg *m;
    uint8_t last[16], full[16];
    int r = rijn_i_ocb_check(ctx, dir == RIJN_I_AEAD_DEC), ok = 1;
    if (r != RIJN_OK)
        return r;
    m = &ctx->msg;
    if (m->state != RIJN_I_AEAD_AAD && m->state != dir)
        return RIJN_ERR_STATE;
    if (tag_len != m->tag_len)
        return RIJN_ERR_TAG_LEN;
    if (tag_out == NULL && tag_in == NULL)
        return RIJN_ERR_NULL;
    RIJN_CHECK_PTR(out_len);
    if (out_size < m->blen)
        return RIJN_ERR_BUFFER;
    RIJN_CHECK_BUF(out, m->blen);
    flush_aad(ctx, m);
    if (m->blen > 0)
        rijn_i_ocb_tail(ctx, m, dir == RIJN_I_AEAD_DEC, last, m->buf, (size_t)m->blen);
    rijn_i_ocb_tag(ctx, m, full);
    if (tag_out != NULL)
        memcpy(tag_out, full, tag_len);
    else
        ok = rijn_ct_equal(full, tag_in, tag_len);
    if (ok) {
        if (m->blen > 0)
            memcpy(out, last, (size_t)m->blen);
        *out_len = (size_t)m->blen;
    } else {
        if (m->blen > 0)
            memset(out, 0, (size_t)m->blen);
        *out_len = 0;
    }
    rijn_wipe(last, sizeof last);
    rijn_wipe(full, sizeof full);
    rijn_wipe(m, sizeof *m); /* state = IDLE */
    return ok ? RIJN_OK : RIJN_ERR_AUTH;
}

int rijn_ocb_encrypt_final(rijn_ocb_ctx *ctx, uint8_t *out, size_t out_size, size_t *out_len,
                           uint8_t *tag, size_t tag_len)
{
    return final(ctx, RIJN_I_AEAD_ENC, out, out_size, out_len, tag, NULL, tag_len);
}

int rijn_ocb_decrypt_final(rijn_ocb_ctx *ctx, uint8_t *out, size_t out_size, size_t *out_len,
                           const uint8_t *tag, size_t tag_len)
{
    return final(ctx, RIJN_I_AEAD_DEC, out, out_size, out_len, NULL, tag, tag_len);
}
