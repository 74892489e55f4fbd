/*
 * stream.c -- streaming API of the stream modes (CTR, CTR32, OFB, CFB128,
 * CFB8, CFB1 on whole bytes): init, update, reset, wipe.
 *
 * Implementation notes
 *   The context embeds an encrypt-only key schedule (every stream mode uses
 *   only the forward cipher) plus reg / ks / pos, and each update runs the
 *   same core as the one-shot call (ctr.c, ofb.c, cfb.c, cfb1.c), which keep
 *   their state there between calls; so any split of the input gives the
 *   one-shot result. update writes exactly len bytes; out == in works.
 *   Constant time: as the cores. _wipe clears the whole context.
 *   Vectors: tests/modes/test_modes_stream.c (random splits against one-shot).
 */
#include "modes_i.h"

static int stream_init(rijn_stream_ctx *ctx, uint32_t mode, const uint8_t *key, size_t key_len,
                       const uint8_t iv[16])
{
    int r;
    RIJN_CHECK_PTR(ctx);
    rijn_wipe(ctx, sizeof *ctx);
    RIJN_CHECK_PTR(iv);
    r = rijn_aes_init_enc(&ctx->aes, key, key_len);
    if (r != RIJN_OK)
        return r;
    memcpy(ctx->reg, iv, 16);
    ctx->pos = 16;
    ctx->mode = mode;
    return RIJN_OK;
}

int rijn_ctr_init(rijn_ctr_ctx *ctx, const uint8_t *key, size_t key_len, const uint8_t iv[16])
{
    return stream_init(ctx, RIJN_I_SM_CTR, key, key_len, iv);
}

int rijn_ctr32_init(rijn_ctr_ctx *ctx, const uint8_t *key, size_t key_len, const uint8_t iv[16])
{
    return stream_init(ctx, RIJN_I_SM_CTR32, key, key_len, iv);
}

int rijn_ofb_init(rijn_ofb_ctx *ctx, const uint8_t *key, size_t key_len, const uint8_t iv[16])
{
    return stream_init(ctx, RIJN_I_SM_OFB, key, key_len, iv);
}

int rijn_cfb128_encrypt_init(rijn_cfb_ctx *ctx, const uint8_t *key, size_t key_len,
                             const uint8_t iv[16])
{
    return stream_init(ctx, RIJN_I_SM_CFB128E, key, key_len, iv);
}

int rijn_cfb128_decrypt_init(rijn_cfb_ctx *ctx, const uint8_t *key, size_t key_len,
                             const uint8_t iv[16])
{
    return stream_init(ctx, RIJN_I_SM_CFB128D, key, key_len, iv);
}

int rijn_cfb8_encrypt_init(rijn_cfb_ctx *ctx, const uint8_t *key, size_t key_len,
                           const uint8_t iv[16])
{
    return stream_init(ctx, RIJN_I_SM_CFB8E, key, key_len, iv);
}

int rijn_cfb8_decrypt_init(rijn_cfb_ctx *ctx, const uint8_t *key, size_t key_len,
                           const uint8_t iv[16])
{
    return stream_init(ctx, RIJN_I_SM_CFB8D, key, key_len, iv);
}

int rijn_cfb1_encrypt_init(rijn_cfb_ctx *ctx, const uint8_t *key, size_t key_len,
                           const uint8_t iv[16])
{
    return stream_init(ctx, RIJN_I_SM_CFB1E, key, key_len, iv);
}

int rijn_cfb1_decrypt_init(rijn_cfb_ctx *ctx, const uint8_t *key, size_t key_len,
                           const uint8_t iv[16])
{
    return stream_init(ctx, RIJN_I_SM_CFB1D, key, key_len, iv);
}

static int stream_ready(const rijn_stream_ctx *ctx)
{
    if (ctx->mode < RIJN_I_SM_CTR || ctx->mode > RIJN_I_SM_CFB1D || ctx->pos > 16)
        return RIJN_ERR_STATE;
    return rijn_i_aes_check_enc(&ctx->aes);
}

int rijn_stream_update(rijn_stream_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    int r;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(out, len);
    RIJN_CHECK_BUF(in, len);
    r = stream_ready(ctx);
    if (r != RIJN_OK)
        return r;
    if (ctx->mode >= RIJN_I_SM_CFB1E && len > SIZE_MAX / 8)
        return RIJN_ERR_LENGTH;
    r = rijn_i_mode_overlap(out, len, in, len);
    if (r != RIJN_OK)
        return r;
    if (len == 0)
        return RIJN_OK;
    switch (ctx->mode) {
    case RIJN_I_SM_CTR:
    case RIJN_I_SM_CTR32:
        rijn_i_ctr_run(&ctx->aes, ctx->mode == RIJN_I_SM_CTR ? 128u : 32u, ctx->reg, ctx->ks,
                       &ctx->pos, out, in, len);
        break;
    case RIJN_I_SM_OFB:
        rijn_i_ofb_run(&ctx->aes, ctx->reg, &ctx->pos, out, in, len);
        break;
    case RIJN_I_SM_CFB128E:
    case RIJN_I_SM_CFB128D:
        rijn_i_cfb128_run(&ctx->aes, ctx->mode == RIJN_I_SM_CFB128D, ctx->reg, ctx->ks,
                          &ctx->pos, out, in, len);
        break;
    case RIJN_I_SM_CFB8E:
    case RIJN_I_SM_CFB8D:
        rijn_i_cfb8_run(&ctx->aes, ctx->mode == RIJN_I_SM_CFB8D, ctx->reg, out, in, len);
        break;
    default:
        rijn_i_cfb1_run(&ctx->aes, ctx->mode == RIJN_I_SM_CFB1D, ctx->reg, out, in, len * 8);
        break;
    }
    return RIJN_OK;
}

int rijn_stream_reset(rijn_stream_ctx *ctx, const uint8_t iv[16])
{
    int r;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(iv);
    r = stream_ready(ctx);
    if (r != RIJN_OK)
        return r;
    memcpy(ctx->reg, iv, 16);
    rijn_wipe(ctx->ks, sizeof ctx->ks);
    ctx->pos = 16;
    return RIJN_OK;
}

void rijn_stream_wipe(rijn_stream_ctx *ctx)
{
    if (ctx != NULL)
        rijn_wipe(ctx, sizeof *ctx);
}
