/*
 * legacy_cah.c -- the Mbed TLS crypt_and_hash file format, streamed
 * (rijn/legacy_formats.h): set-up of the writer and the reader, the HMAC
 * check and the rewind for a second pass. update / final are shared with
 * openssl enc (legacy_stream.c).
 *
 * Implementation notes: layout IV (16) || ciphertext || HMAC-md(K,
 * ciphertext); K = rijn_mbedtls_cah_key(md, IV, secret), the AES key its
 * first 16/24/32 bytes, the HMAC key all 32. The reader keeps K and the
 * IV in the context (wiped with it) so that _rewind can start a second
 * pass without repeating the 8192-hash key schedule. _verify compares
 * the held-back tag with the computed one in constant time
 * (rijn_ct_equal); a short input (fewer bytes than the tag) is
 * RIJN_ERR_LENGTH. Checked against crypt_and_hash built from Mbed TLS
 * 2.28 by tests/cli/test_interop_mbedtls.sh (through the CLI); vectors in
 * tests/file/test_file_legacy.c.
 */
#include "file/legacy_i.h"

/* Key the cipher and / or the HMAC of ctx from ctx->k, ctx->iv. */
static int key_parts(rijn_legacy_ctx *ctx, int enc)
{
    int r = RIJN_OK;
    if ((ctx->what & RIJN_I_LEG_CIPHER) != 0)
        r = rijn_i_legacy_cipher_init(ctx, ctx->mode, enc, ctx->k, ctx->key_len, ctx->iv);
    if (r == RIJN_OK && (ctx->what & RIJN_CAH_MAC) != 0)
        r = rijn_hmac_init(&ctx->mac, ctx->md, ctx->k, 32);
    return r;
}

static int cah_init(rijn_legacy_ctx *ctx, const rijn_legacy_params *p, int enc,
                    const uint8_t iv[16], const uint8_t *secret, size_t secret_len,
                    unsigned what)
{
    int r;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(iv);
    RIJN_CHECK_BUF(secret, secret_len);
    r = rijn_i_legacy_params_check(p);
    if (r != RIJN_OK)
        return r;
    if (p->mode == RIJN_LEGACY_CFB8 || what == 0 ||
        (what & ~(unsigned)(RIJN_CAH_MAC | RIJN_CAH_DECRYPT)) != 0)
        return RIJN_ERR_PARAM;
    memset(ctx, 0, sizeof *ctx);
    ctx->md = p->md;
    ctx->mode = (uint8_t)p->mode;
    ctx->key_len = p->key_len;
    ctx->tag_len = p->md->digest_size;
    ctx->enc = (uint8_t)enc;
    ctx->what = (uint8_t)(enc ? what : what | RIJN_I_LEG_HOLD);
    memcpy(ctx->iv, iv, 16);
    r = rijn_mbedtls_cah_key(p->md, iv, secret, secret_len, ctx->k);
    if (r == RIJN_OK)
        r = key_parts(ctx, enc);
    if (r != RIJN_OK)
        return rijn_i_legacy_fail(ctx, r);
    if (enc) /* the writer needs K no more */
        rijn_wipe(ctx->k, sizeof ctx->k);
    ctx->state = RIJN_I_LEG_RUN;
    return RIJN_OK;
}

int rijn_mbedtls_cah_seal_init(rijn_legacy_ctx *ctx, const rijn_legacy_params *p,
                               const uint8_t iv[16], const uint8_t *secret, size_t secret_len)
{
    return cah_init(ctx, p, 1, iv, secret, secret_len, RIJN_CAH_MAC | RIJN_CAH_DECRYPT);
}

int rijn_mbedtls_cah_open_init(rijn_legacy_ctx *ctx, const rijn_legacy_params *p,
                               const uint8_t iv[16], const uint8_t *secret, size_t secret_len,
                               unsigned what)
{
    return cah_init(ctx, p, 0, iv, secret, secret_len, what);
}

int rijn_mbedtls_cah_verify(rijn_legacy_ctx *ctx)
{
    uint8_t want[RIJN_HASH_MAX_SIZE];
    int r;
    RIJN_CHECK_PTR(ctx);
    if (ctx->state != RIJN_I_LEG_RUN || ctx->enc || (ctx->what & RIJN_CAH_MAC) == 0)
        return RIJN_ERR_STATE;
    if (ctx->nhold < ctx->tag_len)
        return rijn_i_legacy_fail(ctx, RIJN_ERR_LENGTH);
    r = rijn_hmac_final(&ctx->mac, want, ctx->tag_len);
    if (r == RIJN_OK && !rijn_ct_equal(want, ctx->hold, ctx->tag_len))
        r = RIJN_ERR_AUTH;
    rijn_wipe(want, sizeof want);
    if (r != RIJN_OK)
        return rijn_i_legacy_fail(ctx, r);
    ctx->state = RIJN_I_LEG_VERIFIED;
    return RIJN_OK;
}

int rijn_mbedtls_cah_rewind(rijn_legacy_ctx *ctx, unsigned what)
{
    int r;
    RIJN_CHECK_PTR(ctx);
    if ((ctx->state != RIJN_I_LEG_RUN && ctx->state != RIJN_I_LEG_VERIFIED) || ctx->enc ||
        (ctx->what & RIJN_I_LEG_HOLD) == 0)
        return RIJN_ERR_STATE;
    if (what == 0 || (what & ~(unsigned)(RIJN_CAH_MAC | RIJN_CAH_DECRYPT)) != 0)
        return RIJN_ERR_PARAM;
    rijn_block_wipe(&ctx->blk);
    rijn_stream_wipe(&ctx->st);
    rijn_hmac_wipe(&ctx->mac);
    rijn_wipe(ctx->hold, sizeof ctx->hold);
    ctx->nhold = 0;
    ctx->what = (uint8_t)(what | RIJN_I_LEG_HOLD);
    r = key_parts(ctx, 0);
    if (r != RIJN_OK)
        return rijn_i_legacy_fail(ctx, r);
    ctx->state = RIJN_I_LEG_RUN;
    return RIJN_OK;
}
