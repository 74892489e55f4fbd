/*
 * ascon_hash.c -- Ascon-Hash256, Ascon-XOF128, Ascon-CXOF128 (NIST SP
 * 800-232 sections 5 and 6).
 *
 * Implementation notes
 *   Sponge with an 8-byte rate (S0) and p[12] everywhere. The state is
 *   initialised as (IV, 0, 0, 0, 0) followed by p[12]; IVs:
 *     Hash256 0x0000080100cc0002, XOF128 0x0000080000cc0003,
 *     CXOF128 0x0000080000cc0004.
 *   Bytes are XORed straight into S0 (byte i = bits 8i..8i+7, little-
 *   endian); a full block is permuted lazily, only when another byte
 *   arrives (pos == 8 means "full, not yet permuted"), so any split of
 *   the input gives the same result without a buffer. Padding: 0x01 at
 *   the first free byte, then p[12]. Squeezing outputs S0 byte by byte
 *   with p[12] between blocks.
 *   CXOF128: absorbs the 64-bit bit length of Z, then Z padded like a
 *   message, then the message in fresh blocks.
 *   Constant time: the permutation is; positions depend only on lengths.
 *   Vectors: the Ascon team's SP 800-232 LWC KATs for Hash256, XOF128 and
 *   CXOF128 (tests/vectors/ascon), with random split points for absorb
 *   and squeeze (tests/ascon/test_ascon.c).
 */
#include "ascon_i.h"

#include "internal.h"

#define KIND_HASH 1u
#define KIND_XOF 2u
#define KIND_CXOF 3u

static void begin(rijn_ascon_hash_ctx *ctx, uint64_t iv, uint8_t kind)
{
    memset(ctx, 0, sizeof *ctx);
    ctx->s[0] = iv;
    rijn_i_ascon_permute(ctx->s, 12);
    ctx->kind = kind;
}

static void absorb(rijn_ascon_hash_ctx *ctx, const uint8_t *p, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++) {
        if (ctx->pos == 8) {
            rijn_i_ascon_permute(ctx->s, 12);
            ctx->pos = 0;
        }
        if (ctx->pos == 0 && len - i >= 8) {
            ctx->s[0] ^= rijn_load64_le(p + i);
            ctx->pos = 8;
            i += 7;
            continue;
        }
        ctx->s[0] ^= RIJN_I_ASCON_AT(p[i], ctx->pos);
        ctx->pos++;
    }
}

/* Pad the block in progress and permute. */
static void pad(rijn_ascon_hash_ctx *ctx)
{
    if (ctx->pos == 8) {
        rijn_i_ascon_permute(ctx->s, 12);
        ctx->pos = 0;
    }
    ctx->s[0] ^= RIJN_I_ASCON_AT(0x01, ctx->pos);
    rijn_i_ascon_permute(ctx->s, 12);
    ctx->pos = 0;
}

static void squeeze(rijn_ascon_hash_ctx *ctx, uint8_t *out, size_t len)
{
    size_t i;
    if (!ctx->squeezing) {
        pad(ctx);
        ctx->squeezing = 1;
    }
    for (i = 0; i < len; i++) {
        if (ctx->pos == 8) {
            rijn_i_ascon_permute(ctx->s, 12);
            ctx->pos = 0;
        }
        out[i] = RIJN_I_ASCON_BYTE(ctx->s[0], ctx->pos);
        ctx->pos++;
    }
}

int rijn_ascon_hash256_init(rijn_ascon_hash_ctx *ctx)
{
    RIJN_CHECK_PTR(ctx);
    begin(ctx, 0x0000080100cc0002u, KIND_HASH);
    return RIJN_OK;
}

int rijn_ascon_xof128_init(rijn_ascon_hash_ctx *ctx)
{
    RIJN_CHECK_PTR(ctx);
    begin(ctx, 0x0000080000cc0003u, KIND_XOF);
    return RIJN_OK;
}

int rijn_ascon_cxof128_init(rijn_ascon_hash_ctx *ctx, const uint8_t *z, size_t z_len)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(z, z_len);
    if (z_len > RIJN_ASCON_CXOF128_Z_MAX)
        return RIJN_ERR_LENGTH;
    begin(ctx, 0x0000080000cc0004u, KIND_CXOF);
    ctx->s[0] ^= (uint64_t)z_len * 8u;
    ctx->pos = 8;
    absorb(ctx, z, z_len);
    pad(ctx); /* permuted: the message starts a fresh block */
    return RIJN_OK;
}

int rijn_ascon_hash_update(rijn_ascon_hash_ctx *ctx, const uint8_t *data, size_t len)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(data, len);
    if (ctx->kind == 0 || ctx->squeezing)
        return RIJN_ERR_STATE;
    absorb(ctx, data, len);
    return RIJN_OK;
}

int rijn_ascon_hash256_final(rijn_ascon_hash_ctx *ctx, uint8_t out[32])
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(out);
    if (ctx->kind != KIND_HASH || ctx->squeezing)
        return RIJN_ERR_STATE;
    squeeze(ctx, out, 32);
    rijn_ascon_hash_wipe(ctx);
    return RIJN_OK;
}

int rijn_ascon_xof_squeeze(rijn_ascon_hash_ctx *ctx, uint8_t *out, size_t len)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(out, len);
    if (ctx->kind != KIND_XOF && ctx->kind != KIND_CXOF)
        return RIJN_ERR_STATE;
    squeeze(ctx, out, len);
    return RIJN_OK;
}

void rijn_ascon_hash_wipe(rijn_ascon_hash_ctx *ctx)
{
    rijn_wipe(ctx, sizeof *ctx);
}

int rijn_ascon_hash256(uint8_t out[32], const uint8_t *data, size_t len)
{
    rijn_ascon_hash_ctx c;
    RIJN_CHECK_PTR(out);
    RIJN_CHECK_BUF(data, len);
    begin(&c, 0x0000080100cc0002u, KIND_HASH);
    absorb(&c, data, len);
    squeeze(&c, out, 32);
    rijn_ascon_hash_wipe(&c);
    return RIJN_OK;
}

int rijn_ascon_xof128(uint8_t *out, size_t out_len, const uint8_t *data, size_t len)
{
    rijn_ascon_hash_ctx c;
    RIJN_CHECK_BUF(out, out_len);
    RIJN_CHECK_BUF(data, len);
    begin(&c, 0x0000080000cc0003u, KIND_XOF);
    absorb(&c, data, len);
    squeeze(&c, out, out_len);
    rijn_ascon_hash_wipe(&c);
    return RIJN_OK;
}

int rijn_ascon_cxof128(uint8_t *out, size_t out_len, const uint8_t *z, size_t z_len,
                       const uint8_t *data, size_t len)
{
    rijn_ascon_hash_ctx c;
    int r;
    RIJN_CHECK_BUF(out, out_len);
    RIJN_CHECK_BUF(data, len);
    r = rijn_ascon_cxof128_init(&c, z, z_len);
    if (r != RIJN_OK)
        return r;
    absorb(&c, data, len);
    squeeze(&c, out, out_len);
    rijn_ascon_hash_wipe(&c);
    return RIJN_OK;
}

const char *rijn_ascon_impl(void)
{
    return RIJN_I_ASCON_SMALL ? "p32-interleaved-small" : RIJN_CFG_ASCON_32 ? "p32-interleaved" : "p64";
}
