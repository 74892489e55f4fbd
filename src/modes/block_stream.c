/*
 * block_stream.c -- streaming API of the block modes (ECB, CBC, CBC with
 * PKCS#7, CBC-CS1/2/3): init, update, final, reset, wipe.
 *
 * Implementation notes
 *   The input stream is buf[0..buf_len) followed by the new input. Each
 *   update processes the longest prefix that is a multiple of 16 while
 *   holding back what the mode needs at final:
 *     ECB, CBC, PKCS#7 encryption: the partial block (0..15 bytes);
 *     PKCS#7 decryption: the partial block, or the last whole block (16);
 *     CTS: the whole stream while it is <= 32 bytes, then 17..32 bytes.
 *   Out of place: buf is completed to a block boundary from in and run
 *   first, then in runs straight into out (no copy of the bulk).
 *   In place (out == in) with bytes buffered, the output runs ahead of the
 *   input by buf_len: the bytes that stay buffered are saved, the consumed
 *   input is moved forward by buf_len inside out (memmove), the buffered
 *   bytes are copied in front, and the run is processed in place. So out
 *   must hold the reported count, up to in_len + 15 bytes (CTS: less).
 *   Every path computes the output count before writing anything, so
 *   RIJN_ERR_BUFFER / RIJN_ERR_PARAM leave the context unchanged.
 *   Constant time: lengths are public; PKCS#7 is checked by
 *   rijn_i_pkcs7_check, and the final's 16 - pad bytes are written by a
 *   masked pass over 16 (the padding length is secret: a memcpy of it
 *   branched on it); stack copies of data are wiped.
 *   Vectors: tests/modes/test_modes_stream.c (random splits, in place and out of
 *   place, against the one-shot calls).
 */
#include "modes_i.h"

static int block_init(rijn_block_ctx *ctx, uint32_t mode, const uint8_t *key, size_t key_len,
                      const uint8_t *iv)
{
    int r;
    uint32_t kind = mode & RIJN_I_BM_KIND;
    RIJN_CHECK_PTR(ctx);
    rijn_wipe(ctx, sizeof *ctx);
    if (kind != RIJN_I_BM_ECB)
        RIJN_CHECK_PTR(iv);
    if (kind == RIJN_I_BM_CTS) {
        uint32_t v = mode >> RIJN_I_BM_VSHIFT;
        if (v != RIJN_CTS_CS1 && v != RIJN_CTS_CS2 && v != RIJN_CTS_CS3)
            return RIJN_ERR_PARAM;
    }
    if (mode & RIJN_I_BM_DEC) {
        r = rijn_aes_init(&ctx->aes, key, key_len);
        if (r == RIJN_OK)
            r = rijn_i_aes_check_dec(&ctx->aes);
    } else {
        r = rijn_aes_init_enc(&ctx->aes, key, key_len);
    }
    if (r != RIJN_OK) {
        rijn_wipe(ctx, sizeof *ctx);
        return r;
    }
    if (kind != RIJN_I_BM_ECB)
        memcpy(ctx->iv, iv, 16);
    ctx->mode = mode;
    ctx->state = RIJN_I_ST_RUN;
    return RIJN_OK;
}

int rijn_ecb_encrypt_init(rijn_ecb_ctx *ctx, const uint8_t *key, size_t key_len)
{
    return block_init(ctx, RIJN_I_BM_ECB, key, key_len, NULL);
}

int rijn_ecb_decrypt_init(rijn_ecb_ctx *ctx, const uint8_t *key, size_t key_len)
{
    return block_init(ctx, RIJN_I_BM_ECB | RIJN_I_BM_DEC, key, key_len, NULL);
}

int rijn_cbc_encrypt_init(rijn_cbc_ctx *ctx, const uint8_t *key, size_t key_len,
                          const uint8_t iv[16])
{
    return block_init(ctx, RIJN_I_BM_CBC, key, key_len, iv);
}

int rijn_cbc_decrypt_init(rijn_cbc_ctx *ctx, const uint8_t *key, size_t key_len,
                          const uint8_t iv[16])
{
    return block_init(ctx, RIJN_I_BM_CBC | RIJN_I_BM_DEC, key, key_len, iv);
}

int rijn_cbc_pad_encrypt_init(rijn_cbc_ctx *ctx, const uint8_t *key, size_t key_len,
                              const uint8_t iv[16])
{
    return block_init(ctx, RIJN_I_BM_PAD, key, key_len, iv);
}

int rijn_cbc_pad_decrypt_init(rijn_cbc_ctx *ctx, const uint8_t *key, size_t key_len,
                              const uint8_t iv[16])
{
    return block_init(ctx, RIJN_I_BM_PAD | RIJN_I_BM_DEC, key, key_len, iv);
}

static uint32_t cts_mode(rijn_cts_variant v)
{
    /* Out-of-range values map to 0 or > 3 and are refused by block_init. */
    unsigned u = (unsigned)v;
    return RIJN_I_BM_CTS | ((u > 15u ? 15u : (uint32_t)u) << RIJN_I_BM_VSHIFT);
}

int rijn_cbc_cts_encrypt_init(rijn_cts_ctx *ctx, rijn_cts_variant v, const uint8_t *key,
                              size_t key_len, const uint8_t iv[16])
{
    return block_init(ctx, cts_mode(v), key, key_len, iv);
}

int rijn_cbc_cts_decrypt_init(rijn_cts_ctx *ctx, rijn_cts_variant v, const uint8_t *key,
                              size_t key_len, const uint8_t iv[16])
{
    return block_init(ctx, cts_mode(v) | RIJN_I_BM_DEC, key, key_len, iv);
}

/* Bytes to hold back when the stream so far is total bytes long. */
static size_t hold(const rijn_block_ctx *ctx, size_t total)
{
    uint32_t kind = ctx->mode & RIJN_I_BM_KIND;
    if (kind == RIJN_I_BM_CTS)
        return rijn_i_cts_tail_len(total);
    if (kind == RIJN_I_BM_PAD && (ctx->mode & RIJN_I_BM_DEC) && total > 0 && total % 16 == 0)
        return 16;
    return total % 16;
}

/* len bytes (a multiple of 16) through ECB or CBC; out == in allowed. */
static void run(rijn_block_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    int dec = (ctx->mode & RIJN_I_BM_DEC) != 0;
    if ((ctx->mode & RIJN_I_BM_KIND) == RIJN_I_BM_ECB)
        rijn_i_ecb_blocks(&ctx->aes, dec, out, in, len / 16);
    else if (dec)
        rijn_i_cbc_dec_blocks(&ctx->aes, ctx->iv, out, in, len / 16);
    else
        rijn_i_cbc_enc_blocks(&ctx->aes, ctx->iv, out, in, len / 16);
}

static int block_ready(const rijn_block_ctx *ctx)
{
    if (ctx->state != RIJN_I_ST_RUN || ctx->buf_len > 32)
        return RIJN_ERR_STATE;
    return (ctx->mode & RIJN_I_BM_DEC) ? rijn_i_aes_check_dec(&ctx->aes)
                                       : rijn_i_aes_check_enc(&ctx->aes);
}

int rijn_block_update(rijn_block_ctx *ctx, uint8_t *out, size_t out_size, size_t *out_len,
                      const uint8_t *in, size_t in_len)
{
    uint8_t tmp[32];
    size_t b, keep, p, c, f;
    int r;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(out_len);
    *out_len = 0;
    RIJN_CHECK_BUF(out, out_size);
    RIJN_CHECK_BUF(in, in_len);
    r = block_ready(ctx);
    if (r != RIJN_OK)
        return r;
    if (in_len > SIZE_MAX - 64)
        return RIJN_ERR_LENGTH;
    b = ctx->buf_len;
    keep = hold(ctx, b + in_len);
    p = b + in_len - keep;
    if (p > out_size)
        return RIJN_ERR_BUFFER;
    r = rijn_i_mode_overlap(out, p, in, in_len);
    if (r != RIJN_OK)
        return r;
    if (p == 0) {
        if (in_len > 0)
            memcpy(ctx->buf + b, in, in_len);
    } else if (p <= b) {
        /* The output comes from buffered bytes alone (CTS, PKCS#7 dec). */
        memcpy(tmp, ctx->buf, p);
        memmove(ctx->buf, ctx->buf + p, b - p);
        if (in_len > 0)
            memcpy(ctx->buf + b - p, in, in_len);
        run(ctx, out, tmp, p);
    } else if (out == in && b > 0) {
        c = p - b;
        memcpy(tmp, in + c, keep);
        memmove(out + b, in, c);
        memcpy(out, ctx->buf, b);
        run(ctx, out, out, p);
        memcpy(ctx->buf, tmp, keep);
    } else {
        c = p - b;
        f = (16 - b % 16) % 16;
        if (b > 0) {
            memcpy(ctx->buf + b, in, f);
            run(ctx, out, ctx->buf, b + f);
        }
        run(ctx, out + b + f, in + f, c - f);
        if (keep > 0)
            memcpy(ctx->buf, in + c, keep);
    }
    rijn_wipe(tmp, sizeof tmp);
    ctx->buf_len = (uint32_t)keep;
    *out_len = p;
    return RIJN_OK;
}

/* out[0..n) = blk[0..n) for a secret n <= 16: all 16 bytes of out (the
 * caller checked out_size >= 16) are read and rewritten, the ones past n
 * with their own value; memcpy(out, blk, n) branched on n (glibc's
 * AArch64 ASIMD memcpy: tbz on the length's bits; the trace test's
 * cbcpad_stream_dec with SVE off). */
static void pkcs7_out(uint8_t *out, const uint8_t blk[16], uint32_t n)
{
    uint32_t i, m, keep;
    for (i = 0; i < 16; i++) {
        m = rijn_ct_lt32(i, n);
        /* out's byte cleared where blk's goes, behind a barrier: GCC folds
         * (a & m) | (b & ~m) into ((a ^ b) & m) ^ b, which Valgrind then
         * sees as depending on the caller's (maybe unset) byte. */
        keep = rijn_i_opaque32(out[i] & ~m);
        out[i] = (uint8_t)(keep | (blk[i] & m));
    }
}

int rijn_block_final(rijn_block_ctx *ctx, uint8_t *out, size_t out_size, size_t *out_len)
{
    uint8_t blk[16];
    uint32_t kind, pad, b;
    size_t n = 0;
    int r = RIJN_OK;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(out_len);
    *out_len = 0;
    RIJN_CHECK_BUF(out, out_size);
    r = block_ready(ctx);
    if (r != RIJN_OK)
        return r;
    kind = ctx->mode & RIJN_I_BM_KIND;
    b = ctx->buf_len;
    if (kind == RIJN_I_BM_PAD && !(ctx->mode & RIJN_I_BM_DEC)) {
        if (out_size < 16)
            return RIJN_ERR_BUFFER;
        memset(ctx->buf + b, (int)(16 - b), 16 - b);
        run(ctx, out, ctx->buf, 16);
        n = 16;
    } else if (kind == RIJN_I_BM_PAD) {
        if (b != 16) {
            r = RIJN_ERR_LENGTH;
        } else if (out_size < 16) {
            return RIJN_ERR_BUFFER;
        } else {
            run(ctx, blk, ctx->buf, 16);
            pad = rijn_i_pkcs7_check(blk);
            if (pad == 0) {
                r = RIJN_ERR_PADDING;
            } else {
                n = 16 - pad;
                pkcs7_out(out, blk, (uint32_t)n);
            }
            rijn_wipe(blk, sizeof blk);
        }
    } else if (kind == RIJN_I_BM_CTS) {
        if (b < 16) {
            r = RIJN_ERR_LENGTH;
        } else if (out_size < b) {
            return RIJN_ERR_BUFFER;
        } else {
            unsigned v = (unsigned)(ctx->mode >> RIJN_I_BM_VSHIFT);
            if (ctx->mode & RIJN_I_BM_DEC)
                rijn_i_cts_dec_tail(&ctx->aes, v, ctx->iv, out, ctx->buf, b);
            else
                rijn_i_cts_enc_tail(&ctx->aes, v, ctx->iv, out, ctx->buf, b);
            n = b;
        }
    } else if (b != 0) {
        r = RIJN_ERR_LENGTH;
    }
    rijn_wipe(ctx->buf, sizeof ctx->buf);
    rijn_wipe(ctx->iv, sizeof ctx->iv);
    ctx->buf_len = 0;
    ctx->state = RIJN_I_ST_FINAL;
    *out_len = n;
    return r;
}

int rijn_block_reset(rijn_block_ctx *ctx, const uint8_t iv[16])
{
    RIJN_CHECK_PTR(ctx);
    if (ctx->state == RIJN_I_ST_NONE)
        return RIJN_ERR_STATE;
    if ((ctx->mode & RIJN_I_BM_KIND) != RIJN_I_BM_ECB) {
        RIJN_CHECK_PTR(iv);
        memcpy(ctx->iv, iv, 16);
    }
    rijn_wipe(ctx->buf, sizeof ctx->buf);
    ctx->buf_len = 0;
    ctx->state = RIJN_I_ST_RUN;
    return RIJN_OK;
}

void rijn_block_wipe(rijn_block_ctx *ctx)
{
    if (ctx != NULL)
        rijn_wipe(ctx, sizeof *ctx);
}
