/*
 * ccm_stream.c -- AES-CCM streaming API: start, aad, encrypt/decrypt
 * update, final (the message core is in ccm.c).
 *
 * Implementation notes
 *   The public calls check the context, call order (RIJN_I_AEAD_* states,
 *   rijn/aead.h) and the lengths announced at start (exactly aad_len AAD
 *   bytes, then exactly msg_len text bytes), then run the message core of
 *   ccm.c on the context's own rijn_ccm_msg. A call that fails changes
 *   nothing; final (either result) wipes the message state. The tag check
 *   is constant time (rijn_ct_equal over tag_len bytes); the plaintext of
 *   a decryption is released before the tag is checked (the CCM tag
 *   covers the plaintext: rijn/ccm.h says so).
 *   Vectors: tests/aead/test_ccm*.c (CAVP, Wycheproof, OpenSSL) drive every
 *   vector through this API with random split points (test_ccm_util.h) as
 *   well as through seal/open.
 */
#include "ccm_i.h"

int rijn_ccm_start(rijn_ccm_ctx *ctx, const uint8_t *nonce, size_t nonce_len, uint64_t aad_len,
                   uint64_t msg_len, size_t tag_len)
{
    rijn_ccm_msg m;
    int r = rijn_i_ccm_check_keyed(ctx);
    if (r != RIJN_OK)
        return r;
    size_t head;
    r = rijn_i_ccm_start(&ctx->aes, &m, nonce, nonce_len, NULL, aad_len, msg_len, tag_len, &head);
    if (r == RIJN_OK)
        ctx->msg = m;
    rijn_wipe(&m, sizeof m);
    return r;
}

int rijn_ccm_aad(rijn_ccm_ctx *ctx, const uint8_t *aad, size_t len)
{
    int r = rijn_i_ccm_check_keyed(ctx);
    if (r != RIJN_OK)
        return r;
    if (ctx->msg.state != RIJN_I_AEAD_AAD || len > ctx->msg.aad_len - ctx->msg.aad_done)
        return RIJN_ERR_STATE;
    RIJN_CHECK_BUF(aad, len);
    rijn_i_ccm_absorb(&ctx->aes, &ctx->msg, aad, len);
    ctx->msg.aad_done += len;
    return RIJN_OK;
}

static int update(rijn_ccm_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len, int enc)
{
    uint32_t want = enc ? RIJN_I_AEAD_ENC : RIJN_I_AEAD_DEC;
    rijn_ccm_msg *m;
    int r = rijn_i_ccm_check_keyed(ctx);
    if (r != RIJN_OK)
        return r;
    m = &ctx->msg;
    if ((m->state != RIJN_I_AEAD_AAD && m->state != want) || m->aad_done != m->aad_len ||
        len > m->msg_len - m->msg_done)
        return RIJN_ERR_STATE;
    RIJN_CHECK_BUF(out, len);
    RIJN_CHECK_BUF(in, len);
    if (out != in && rijn_overlaps(out, len, in, len))
        return RIJN_ERR_PARAM;
    rijn_i_ccm_text(&ctx->aes, m, out, in, len, enc);
    return RIJN_OK;
}

int rijn_ccm_encrypt_update(rijn_ccm_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    return update(ctx, out, in, len, 1);
}

int rijn_ccm_decrypt_update(rijn_ccm_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    return update(ctx, out, in, len, 0);
}

static int final_check(rijn_ccm_ctx *ctx, const uint8_t *tag, size_t tag_len, uint32_t want)
{
    const rijn_ccm_msg *m;
    int r = rijn_i_ccm_check_keyed(ctx);
    if (r != RIJN_OK)
        return r;
    m = &ctx->msg;
    if ((m->state != RIJN_I_AEAD_AAD && m->state != want) || m->aad_done != m->aad_len ||
        m->msg_done != m->msg_len)
        return RIJN_ERR_STATE;
    if (tag_len != m->tag_len)
        return RIJN_ERR_TAG_LEN;
    RIJN_CHECK_PTR(tag);
    return RIJN_OK;
}

int rijn_ccm_encrypt_final(rijn_ccm_ctx *ctx, uint8_t *tag, size_t tag_len)
{
    uint8_t t[16];
    int r = final_check(ctx, tag, tag_len, RIJN_I_AEAD_ENC);
    if (r != RIJN_OK)
        return r;
    rijn_i_ccm_tag(&ctx->aes, &ctx->msg, t);
    memcpy(tag, t, tag_len);
    rijn_wipe(t, sizeof t);
    return RIJN_OK;
}

int rijn_ccm_decrypt_final(rijn_ccm_ctx *ctx, const uint8_t *tag, size_t tag_len)
{
    uint8_t t[16];
    int ok, r = final_check(ctx, tag, tag_len, RIJN_I_AEAD_DEC);
    if (r != RIJN_OK)
        return r;
    rijn_i_ccm_tag(&ctx->aes, &ctx->msg, t);
    ok = rijn_ct_equal(t, tag, tag_len);
    rijn_wipe(t, sizeof t);
    return ok ? RIJN_OK : RIJN_ERR_AUTH;
}
