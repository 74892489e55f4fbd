/*
 * salsa20.c -- Salsa20/20, Salsa20/12, Salsa20/8, XSalsa20 and HSalsa20.
 *
 * Implementation notes
 *   Layout: ctx->in is the Salsa20 input matrix: constants on the
 *   diagonal (words 0, 5, 10, 15), key in words 1-4 and 11-14, nonce in
 *   words 6-7 and the 64-bit block counter in words 8 (low) and 9 (high),
 *   all little-endian -- the order of the Salsa20 specification, NaCl and
 *   libsodium. (Cifra once swapped nonce and counter; the test compares
 *   with libsodium at nonzero counters to catch exactly that.)
 *   16-byte keys use the "expand 16-byte k" constants with the key twice.
 *   Constant time: 32-bit additions, rotations, XORs only.
 *   Vectors: Salsa20 spec examples, XSalsa20 from NaCl, and differential
 *   tests against libsodium's crypto_stream_salsa20_xor_ic and
 *   crypto_stream_xsalsa20_xor_ic (tests/stream/test_stream_ext.c).
 *   Reduced rounds: ctx->kind RIJN_I_SALSA12 / RIJN_I_SALSA8 selects 6 or 4
 *   double rounds (libsodium's crypto_stream_salsa2012 / salsa208; tested
 *   against them in tests/stream/test_stream_ext.c).
 */
#include "internal.h"
#include "salsa_core.h"
#include "stream_i.h"

static void salsa_setup(uint32_t in[16], const uint8_t *key, size_t key_len)
{
    static const uint8_t sigma[16] = "expand 32-byte k";
    static const uint8_t tau[16] = "expand 16-byte k";
    const uint8_t *c = key_len == 32 ? sigma : tau;
    const uint8_t *k2 = key_len == 32 ? key + 16 : key;
    int i;
    in[0] = rijn_load32_le(c);
    in[5] = rijn_load32_le(c + 4);
    in[10] = rijn_load32_le(c + 8);
    in[15] = rijn_load32_le(c + 12);
    for (i = 0; i < 4; i++) {
        in[1 + i] = rijn_load32_le(key + 4 * i);
        in[11 + i] = rijn_load32_le(k2 + 4 * i);
    }
}

void rijn_hsalsa20(uint8_t out[32], const uint8_t key[32], const uint8_t in16[16])
{
    uint32_t x[16];
    int i;
    salsa_setup(x, key, 32);
    for (i = 0; i < 4; i++)
        x[6 + i] = rijn_load32_le(in16 + 4 * i);
    rijn_i_salsa_rounds(x, 10);
    rijn_store32_le(out, x[0]);
    rijn_store32_le(out + 4, x[5]);
    rijn_store32_le(out + 8, x[10]);
    rijn_store32_le(out + 12, x[15]);
    for (i = 0; i < 4; i++)
        rijn_store32_le(out + 16 + 4 * i, x[6 + i]);
    rijn_wipe(x, sizeof x);
}

static void salsa_next(void *vctx, uint8_t out[64])
{
    rijn_salsa20_ctx *ctx = (rijn_salsa20_ctx *)vctx;
    uint32_t x[16];
    int i;
    memcpy(x, ctx->in, sizeof x);
    rijn_i_salsa_rounds(x, ctx->kind == RIJN_I_SALSA8 ? 4u : ctx->kind == RIJN_I_SALSA12 ? 6u : 10u);
    for (i = 0; i < 16; i++)
        rijn_store32_le(out + 4 * i, x[i] + ctx->in[i]);
    if (++ctx->in[8] == 0)
        ctx->in[9]++;
    ctx->left--;
    rijn_wipe(x, sizeof x);
}

int rijn_salsa20_init(rijn_salsa20_ctx *ctx, const uint8_t *key, size_t key_len,
                      const uint8_t nonce[8], uint64_t counter)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(key);
    RIJN_CHECK_PTR(nonce);
    if (key_len != 32 && key_len != 16)
        return RIJN_ERR_KEY_LEN;
    salsa_setup(ctx->in, key, key_len);
    ctx->in[6] = rijn_load32_le(nonce);
    ctx->in[7] = rijn_load32_le(nonce + 4);
    ctx->in[8] = (uint32_t)counter;
    ctx->in[9] = (uint32_t)(counter >> 32);
    ctx->pos = 64;
    ctx->kind = RIJN_I_SALSA;
    ctx->left = counter == 0 ? UINT64_MAX : (uint64_t)0 - counter;
    return RIJN_OK;
}

int rijn_salsa20_init_rounds(rijn_salsa20_ctx *ctx, const uint8_t *key, size_t key_len,
                             const uint8_t nonce[8], uint64_t counter, unsigned rounds)
{
    int r;
    if (rounds != 20 && rounds != 12 && rounds != 8)
        return RIJN_ERR_PARAM;
    r = rijn_salsa20_init(ctx, key, key_len, nonce, counter);
    if (r == RIJN_OK)
        ctx->kind = rounds == 20 ? RIJN_I_SALSA : rounds == 12 ? RIJN_I_SALSA12 : RIJN_I_SALSA8;
    return r;
}

int rijn_xsalsa20_init(rijn_salsa20_ctx *ctx, const uint8_t key[32], const uint8_t nonce[24],
                       uint64_t counter)
{
    uint8_t sub[32];
    int r;
    RIJN_CHECK_PTR(key);
    RIJN_CHECK_PTR(nonce);
    rijn_hsalsa20(sub, key, nonce);
    r = rijn_salsa20_init(ctx, sub, 32, nonce + 16, counter);
    rijn_wipe(sub, sizeof sub);
    return r;
}

int rijn_salsa20_update(rijn_salsa20_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    if (ctx != NULL && ctx->kind != RIJN_I_SALSA && ctx->kind != RIJN_I_SALSA12 &&
        ctx->kind != RIJN_I_SALSA8)
        return RIJN_ERR_STATE;
    return rijn_i_stream_xor(ctx, out, in, len, salsa_next);
}

void rijn_salsa20_wipe(rijn_salsa20_ctx *ctx)
{
    rijn_wipe(ctx, sizeof *ctx);
}
