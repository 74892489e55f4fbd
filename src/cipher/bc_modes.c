/*
 * bc_modes.c -- ECB, CBC, CBC + PKCS#7 and CTR over any block-cipher
 * descriptor (rijn/blockcipher.h), one block call at a time.
 *
 * Implementation notes: the portable loops of NIST SP 800-38A, written
 * once for every descriptor; they never name a cipher. CBC decryption
 * keeps the previous ciphertext block in a stack copy so out may equal
 * in. CTR increments the whole 16-byte block big-endian (rijn_ctr_inc,
 * no branch on the counter). PKCS#7 removal uses the library's
 * constant-time check (rijn_i_pkcs7_check, src/modes/cbc_pad.c) and
 * wipes the output on bad padding. Stack copies of data and keystream are
 * wiped at the single exit. Vectors: SP 800-38A F.1/F.2/F.5 through the
 * AES descriptor, OpenSSL differential, and the finalists' round trips in
 * tests/cipher/test_finalists.c.
 */
#include <string.h>

#include "internal.h"
#include "modes/modes_i.h"
#include "rijn/blockcipher.h"

#define BC_CHECK(ctx)                          \
    do {                                       \
        RIJN_CHECK_PTR(ctx);                   \
        if ((ctx)->desc == NULL)               \
            return RIJN_ERR_STATE;             \
    } while (0)

static int ecb(const rijn_bc_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len, int enc)
{
    void (*f)(const void *, uint8_t *, const uint8_t *);
    size_t i;

    BC_CHECK(ctx);
    RIJN_CHECK_BUF(in, len);
    RIJN_CHECK_BUF(out, len);
    if (len % 16 != 0)
        return RIJN_ERR_LENGTH;
    f = enc ? ctx->desc->encrypt : ctx->desc->decrypt;
    for (i = 0; i < len; i += 16)
        f(&ctx->u, out + i, in + i);
    return RIJN_OK;
}

int rijn_bc_ecb_encrypt(const rijn_bc_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    return ecb(ctx, out, in, len, 1);
}

int rijn_bc_ecb_decrypt(const rijn_bc_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    return ecb(ctx, out, in, len, 0);
}

int rijn_bc_cbc_encrypt(const rijn_bc_ctx *ctx, uint8_t iv[16], uint8_t *out, const uint8_t *in,
                        size_t len)
{
    uint8_t blk[16];
    size_t i;

    BC_CHECK(ctx);
    RIJN_CHECK_PTR(iv);
    RIJN_CHECK_BUF(in, len);
    RIJN_CHECK_BUF(out, len);
    if (len % 16 != 0)
        return RIJN_ERR_LENGTH;
    for (i = 0; i < len; i += 16) {
        rijn_xor16(blk, in + i, iv);
        ctx->desc->encrypt(&ctx->u, iv, blk);
        memcpy(out + i, iv, 16);
    }
    rijn_wipe(blk, sizeof blk);
    return RIJN_OK;
}

int rijn_bc_cbc_decrypt(const rijn_bc_ctx *ctx, uint8_t iv[16], uint8_t *out, const uint8_t *in,
                        size_t len)
{
    uint8_t c[16], p[16];
    size_t i;

    BC_CHECK(ctx);
    RIJN_CHECK_PTR(iv);
    RIJN_CHECK_BUF(in, len);
    RIJN_CHECK_BUF(out, len);
    if (len % 16 != 0)
        return RIJN_ERR_LENGTH;
    for (i = 0; i < len; i += 16) {
        memcpy(c, in + i, 16);
        ctx->desc->decrypt(&ctx->u, p, c);
        rijn_xor16(out + i, p, iv);
        memcpy(iv, c, 16);
    }
    rijn_wipe(p, sizeof p);
    rijn_wipe(c, sizeof c);
    return RIJN_OK;
}

int rijn_bc_ctr(const rijn_bc_ctx *ctx, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                size_t len)
{
    uint8_t ks[16];
    size_t i, n;

    BC_CHECK(ctx);
    RIJN_CHECK_PTR(ctr);
    RIJN_CHECK_BUF(in, len);
    RIJN_CHECK_BUF(out, len);
    for (i = 0; i < len; i += n) {
        n = len - i < 16 ? len - i : 16;
        ctx->desc->encrypt(&ctx->u, ks, ctr);
        rijn_ctr_inc(ctr, 16);
        rijn_xor(out + i, in + i, ks, n);
    }
    rijn_wipe(ks, sizeof ks);
    return RIJN_OK;
}

int rijn_bc_cbc_pkcs7_encrypt(const rijn_bc_ctx *ctx, const uint8_t iv[16], uint8_t *out,
                              size_t out_cap, size_t *out_len, const uint8_t *in, size_t len)
{
    uint8_t chain[16], last[16];
    size_t full = len / 16 * 16;
    int r;

    BC_CHECK(ctx);
    RIJN_CHECK_PTR(iv);
    RIJN_CHECK_PTR(out_len);
    RIJN_CHECK_BUF(in, len);
    *out_len = 0;
    if (len > (size_t)-1 - 16)
        return RIJN_ERR_LENGTH;
    if (out == NULL || out_cap < full + 16)
        return out == NULL ? RIJN_ERR_NULL : RIJN_ERR_BUFFER;
    memcpy(chain, iv, 16);
    memset(last, (int)(16 - (len - full)), 16);
    if (len > full)
        memcpy(last, in + full, len - full);
    r = rijn_bc_cbc_encrypt(ctx, chain, out, in, full);
    if (r == RIJN_OK)
        r = rijn_bc_cbc_encrypt(ctx, chain, out + full, last, 16);
    if (r == RIJN_OK)
        *out_len = full + 16;
    rijn_wipe(last, sizeof last);
    rijn_wipe(chain, sizeof chain);
    return r;
}

int rijn_bc_cbc_pkcs7_decrypt(const rijn_bc_ctx *ctx, const uint8_t iv[16], uint8_t *out,
                              size_t out_cap, size_t *out_len, const uint8_t *in, size_t len)
{
    uint8_t chain[16];
    uint32_t pad;
    int r;

    BC_CHECK(ctx);
    RIJN_CHECK_PTR(iv);
    RIJN_CHECK_PTR(out_len);
    RIJN_CHECK_BUF(in, len);
    *out_len = 0;
    if (len == 0 || len % 16 != 0)
        return RIJN_ERR_LENGTH;
    if (out == NULL || out_cap < len)
        return out == NULL ? RIJN_ERR_NULL : RIJN_ERR_BUFFER;
    memcpy(chain, iv, 16);
    r = rijn_bc_cbc_decrypt(ctx, chain, out, in, len);
    rijn_wipe(chain, sizeof chain);
    if (r != RIJN_OK)
        return r;
    pad = rijn_i_pkcs7_check(out + len - 16);
    if (pad == 0) {
        rijn_wipe(out, len);
        return RIJN_ERR_PADDING;
    }
    *out_len = len - (size_t)pad;
    return RIJN_OK;
}
