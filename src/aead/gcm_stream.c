/*
 * gcm_stream.c -- AES-GCM streaming API: start, aad, encrypt/decrypt
 * update, final (the message core is in gcm.c).
 *
 * Implementation notes
 *   The public calls check the context, call order (RIJN_I_AEAD_* states,
 *   rijn/aead.h) and limits, then run the shared message core on the
 *   context's own rijn_gcm_msg. A call that fails changes nothing; final
 *   (either result) wipes the message state. The tag check is constant
 *   time (rijn_ct_equal over tag_len bytes).
 *   Vectors: tests/gcm/test_gcm*.c drive every CAVP/Wycheproof vector through
 *   this API with random split points as well as through seal/open.
 */
#include "gcm_i.h"
#include "ghash.h"
#include "internal.h"

/* ---- streaming ---------------------------------------------------------- */

int rijn_gcm_start(rijn_gcm_ctx *ctx, const uint8_t *nonce, size_t nonce_len)
{
    int r = rijn_i_gcm_check_keyed(ctx);
    if (r != RIJN_OK)
        return r;
    r = rijn_i_gcm_check_nonce(nonce, nonce_len);
    if (r != RIJN_OK)
        return r;
    rijn_i_gcm_start(ctx, &ctx->msg, nonce, nonce_len);
    return RIJN_OK;
}

int rijn_gcm_aad(rijn_gcm_ctx *ctx, const uint8_t *aad, size_t len)
{
    rijn_gcm_msg *m;
    int r = rijn_i_gcm_check_keyed(ctx);
    if (r != RIJN_OK)
        return r;
    m = &ctx->msg;
    if (m->state != RIJN_I_AEAD_AAD)
        return RIJN_ERR_STATE;
    RIJN_CHECK_BUF(aad, len);
    if ((uint64_t)len > RIJN_GCM_AAD_MAX - m->aad_len)
        return RIJN_ERR_LIMIT;
    rijn_i_gcm_absorb(ctx, m, (size_t)(m->aad_len % 16), aad, len);
    m->aad_len += len;
    return RIJN_OK;
}

static int update(rijn_gcm_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len, int enc)
{
    uint32_t want = enc ? RIJN_I_AEAD_ENC : RIJN_I_AEAD_DEC;
    rijn_gcm_msg *m;
    int r = rijn_i_gcm_check_keyed(ctx);
    if (r != RIJN_OK)
        return r;
    m = &ctx->msg;
    if (m->state != RIJN_I_AEAD_AAD && m->state != want)
        return RIJN_ERR_STATE;
    r = rijn_i_gcm_check_io(out, in, len);
    if (r != RIJN_OK)
        return r;
    if ((uint64_t)len > RIJN_GCM_TEXT_MAX - m->text_len)
        return RIJN_ERR_LIMIT;
    rijn_i_gcm_end_aad(ctx, m, want);
    rijn_i_gcm_text(ctx, m, out, in, len, enc ? RIJN_I_GCM_ENC : RIJN_I_GCM_DEC);
    return RIJN_OK;
}

int rijn_gcm_encrypt_update(rijn_gcm_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    return update(ctx, out, in, len, 1);
}

int rijn_gcm_decrypt_update(rijn_gcm_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    return update(ctx, out, in, len, 0);
}

static int final_check(rijn_gcm_ctx *ctx, const uint8_t *tag, size_t tag_len, uint32_t want)
{
    int r = rijn_i_gcm_check_keyed(ctx);
    if (r != RIJN_OK)
        return r;
    if (ctx->msg.state != RIJN_I_AEAD_AAD && ctx->msg.state != want)
        return RIJN_ERR_STATE;
    if (!rijn_i_gcm_tag_len_ok(tag_len))
        return RIJN_ERR_TAG_LEN;
    RIJN_CHECK_PTR(tag);
    return RIJN_OK;
}

int rijn_gcm_encrypt_final(rijn_gcm_ctx *ctx, uint8_t *tag, size_t tag_len)
{
    uint8_t t[16];
    int r = final_check(ctx, tag, tag_len, RIJN_I_AEAD_ENC);
    if (r != RIJN_OK)
        return r;
    rijn_i_gcm_tag(ctx, &ctx->msg, t);
    memcpy(tag, t, tag_len);
    rijn_wipe(t, sizeof t);
    return RIJN_OK;
}

int rijn_gcm_decrypt_final(rijn_gcm_ctx *ctx, const uint8_t *tag, size_t tag_len)
{
    uint8_t t[16];
    int ok, r = final_check(ctx, tag, tag_len, RIJN_I_AEAD_DEC);
    if (r != RIJN_OK)
        return r;
    rijn_i_gcm_tag(ctx, &ctx->msg, t);
    ok = rijn_ct_equal(t, tag, tag_len);
    rijn_wipe(t, sizeof t);
    return ok ? RIJN_OK : RIJN_ERR_AUTH;
}
