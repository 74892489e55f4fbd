/*
 * norx.c -- NORX32-4-1 (NORX v3.0, CAESAR candidate; not a standard).
 *
 * Implementation notes
 *   State: 16 little-endian 32-bit words; rate 12 words (48 bytes),
 *   capacity 4 words. G is ChaCha-like with the addition replaced by
 *   H(x, y) = (x ^ y) ^ ((x & y) << 1) and rotations 8, 11, 16, 31; a round
 *   F is G on the four columns then the four diagonals; every permutation
 *   is F^4 (L = 4).
 *   Init: S = (0, 1, ..., 15), F^2 (gives the constants u8..u15), then
 *   S0..3 = nonce, S4..7 = key, S12..15 ^= (W=32, L=4, P=1, T=128), F^4,
 *   S12..15 ^= key.
 *   Each phase (header tag 0x01, payload 0x02) that has data processes
 *   48-byte blocks as "S15 ^= tag, F^4, then XOR the block into the
 *   rate"; the last block (possibly empty) is padded 0x01 ... 0x80.
 *   Payload: ciphertext = rate bytes after the XOR (decryption puts the
 *   ciphertext byte in the state). Final: S15 ^= 0x08, F^4, S12..15 ^=
 *   key, F^4, S12..15 ^= key, tag = S12..15. The trailer is empty.
 *   Streaming: a block is opened (tag, F^4) only when its first byte
 *   arrives (pos == 48 means "no block open"), and bytes go straight into
 *   the state words, so any split gives the same result without a buffer.
 *   Constant time: only XOR, AND, shifts and fixed rotations; positions
 *   depend only on lengths; the tag check is rijn_ct_equal.
 *   Vectors: all 256 KATs of the NORX reference code (norx3241/kat.h,
 *   checked by digest, a few spelled out), streaming with random splits,
 *   forgeries (tests/aead/test_norx.c).
 */
#include "rijn/norx.h"

#include "internal.h"

#define TAG_HEADER 0x01u
#define TAG_PAYLOAD 0x02u
#define TAG_FINAL 0x08u

#define ROTR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
#define H(a, b) (((a) ^ (b)) ^ (((a) & (b)) << 1))
#define G(a, b, c, d)                  \
    do {                               \
        a = H(a, b);                   \
        d = ROTR32(d ^ a, 8);          \
        c = H(c, d);                   \
        b = ROTR32(b ^ c, 11);         \
        a = H(a, b);                   \
        d = ROTR32(d ^ a, 16);         \
        c = H(c, d);                   \
        b = ROTR32(b ^ c, 31);         \
    } while (0)

static void norx_f(uint32_t s[16], unsigned rounds)
{
    unsigned r;
    for (r = 0; r < rounds; r++) {
        G(s[0], s[4], s[8], s[12]);
        G(s[1], s[5], s[9], s[13]);
        G(s[2], s[6], s[10], s[14]);
        G(s[3], s[7], s[11], s[15]);
        G(s[0], s[5], s[10], s[15]);
        G(s[1], s[6], s[11], s[12]);
        G(s[2], s[7], s[8], s[13]);
        G(s[3], s[4], s[9], s[14]);
    }
}

size_t rijn_norx32_key_size(void) { return RIJN_NORX32_KEY_SIZE; }
size_t rijn_norx32_nonce_size(void) { return RIJN_NORX32_NONCE_SIZE; }
size_t rijn_norx32_tag_size(void) { return RIJN_NORX32_TAG_SIZE; }

int rijn_norx32_init(rijn_norx32_ctx *ctx, const uint8_t *key, size_t key_len)
{
    unsigned i;
    RIJN_CHECK_PTR(ctx);
    memset(ctx, 0, sizeof *ctx);
    RIJN_CHECK_PTR(key);
    if (key_len != 16)
        return RIJN_ERR_KEY_LEN;
    for (i = 0; i < 4; i++)
        ctx->key[i] = rijn_load32_le(key + 4 * i);
    ctx->keyed = 1;
    ctx->state = RIJN_I_AEAD_IDLE;
    return RIJN_OK;
}

void rijn_norx32_wipe(rijn_norx32_ctx *ctx)
{
    rijn_wipe(ctx, sizeof *ctx);
}

static void m_start(rijn_norx32_ctx *c, const uint8_t *nonce)
{
    unsigned i;
    for (i = 0; i < 16; i++)
        c->s[i] = i;
    norx_f(c->s, 2);
    for (i = 0; i < 4; i++) {
        c->s[i] = rijn_load32_le(nonce + 4 * i);
        c->s[4 + i] = c->key[i];
    }
    c->s[12] ^= 32u;  /* word size  */
    c->s[13] ^= 4u;   /* rounds     */
    c->s[14] ^= 1u;   /* parallelism */
    c->s[15] ^= 128u; /* tag bits   */
    norx_f(c->s, 4);
    for (i = 0; i < 4; i++)
        c->s[12 + i] ^= c->key[i];
    c->pos = RIJN_NORX32_RATE;
    c->had = 0;
    c->state = RIJN_I_AEAD_AAD;
}

/* mode 0: absorb (AAD); 1: encrypt; 2: decrypt. out == in allowed. */
static void m_process(rijn_norx32_ctx *c, uint8_t *out, const uint8_t *in, size_t len,
                      uint32_t tag, int mode)
{
    size_t i;
    unsigned w;
    if (len != 0)
        c->had = 1;
    for (i = 0; i < len; i++) {
        uint32_t ks, x;
        unsigned sh;
        if (c->pos == RIJN_NORX32_RATE) {
            c->s[15] ^= tag;
            norx_f(c->s, 4);
            c->pos = 0;
        }
        if (c->pos == 0 && len - i >= RIJN_NORX32_RATE) {
            for (w = 0; w < 12; w++) {
                x = rijn_load32_le(in + i + 4 * w);
                if (mode == 2) {
                    rijn_store32_le(out + i + 4 * w, c->s[w] ^ x);
                    c->s[w] = x;
                } else {
                    c->s[w] ^= x;
                    if (mode == 1)
                        rijn_store32_le(out + i + 4 * w, c->s[w]);
                }
            }
            c->pos = RIJN_NORX32_RATE;
            i += RIJN_NORX32_RATE - 1;
            continue;
        }
        sh = (unsigned)(8 * (c->pos & 3));
        ks = (c->s[c->pos >> 2] >> sh) & 0xFFu;
        x = in[i];
        if (mode != 0)
            out[i] = (uint8_t)(ks ^ x);
        /* encrypt/absorb: XOR the input in; decrypt: the state byte
         * becomes the ciphertext byte */
        c->s[c->pos >> 2] ^= (mode == 2 ? (ks ^ x) : x) << sh;
        c->pos++;
    }
}

/* Close a phase that had data: pad the open block (or a new empty one). */
static void m_phase_end(rijn_norx32_ctx *c, uint32_t tag)
{
    if (c->had) {
        if (c->pos == RIJN_NORX32_RATE) {
            c->s[15] ^= tag;
            norx_f(c->s, 4);
            c->pos = 0;
        }
        c->s[c->pos >> 2] ^= (uint32_t)0x01 << (8 * (c->pos & 3));
        c->s[11] ^= (uint32_t)0x80 << 24;
    }
    c->pos = RIJN_NORX32_RATE;
    c->had = 0;
}

static void m_final(rijn_norx32_ctx *c, uint8_t tag[16])
{
    unsigned i;
    m_phase_end(c, TAG_PAYLOAD);
    c->s[15] ^= TAG_FINAL;
    norx_f(c->s, 4);
    for (i = 0; i < 4; i++)
        c->s[12 + i] ^= c->key[i];
    norx_f(c->s, 4);
    for (i = 0; i < 4; i++)
        rijn_store32_le(tag + 4 * i, c->s[12 + i] ^ c->key[i]);
    rijn_wipe(c->s, sizeof c->s);
    c->state = RIJN_I_AEAD_IDLE;
}

static int check_oneshot(const rijn_norx32_ctx *ctx, const uint8_t *out, const uint8_t *tag,
                         size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                         const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(tag);
    RIJN_CHECK_PTR(nonce);
    RIJN_CHECK_BUF(aad, aad_len);
    RIJN_CHECK_BUF(in, len);
    RIJN_CHECK_BUF(out, len);
    if (!ctx->keyed)
        return RIJN_ERR_STATE;
    if (nonce_len != 16)
        return RIJN_ERR_NONCE_LEN;
    if (tag_len != 16)
        return RIJN_ERR_TAG_LEN;
    if ((out != in && rijn_overlaps(out, len, in, len)) || rijn_overlaps(tag, 16, out, len) ||
        rijn_overlaps(tag, 16, in, len))
        return RIJN_ERR_PARAM;
    return RIJN_OK;
}

int rijn_norx32_seal(const rijn_norx32_ctx *ctx, uint8_t *out, uint8_t *tag, size_t tag_len,
                     const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                     size_t aad_len, const uint8_t *in, size_t len)
{
    rijn_norx32_ctx c;
    int r = check_oneshot(ctx, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, len);
    if (r != RIJN_OK)
        return r;
    c = *ctx;
    m_start(&c, nonce);
    m_process(&c, NULL, aad, aad_len, TAG_HEADER, 0);
    m_phase_end(&c, TAG_HEADER);
    m_process(&c, out, in, len, TAG_PAYLOAD, 1);
    m_final(&c, tag);
    rijn_norx32_wipe(&c);
    return RIJN_OK;
}

int rijn_norx32_open(const rijn_norx32_ctx *ctx, uint8_t *out, const uint8_t *tag,
                     size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                     size_t aad_len, const uint8_t *in, size_t len)
{
    rijn_norx32_ctx c;
    uint8_t t[16];
    int ok, r = check_oneshot(ctx, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, len);
    if (r != RIJN_OK)
        return r;
    c = *ctx;
    m_start(&c, nonce);
    m_process(&c, NULL, aad, aad_len, TAG_HEADER, 0);
    m_phase_end(&c, TAG_HEADER);
    m_process(&c, out, in, len, TAG_PAYLOAD, 2);
    m_final(&c, t);
    ok = rijn_ct_equal(t, tag, 16);
    rijn_norx32_wipe(&c);
    rijn_wipe(t, sizeof t);
    if (!ok) {
        if (len != 0)
            rijn_wipe(out, len);
        return RIJN_ERR_AUTH;
    }
    return RIJN_OK;
}

int rijn_norx32_start(rijn_norx32_ctx *ctx, const uint8_t *nonce, size_t nonce_len)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(nonce);
    if (!ctx->keyed)
        return RIJN_ERR_STATE;
    if (nonce_len != 16)
        return RIJN_ERR_NONCE_LEN;
    m_start(ctx, nonce);
    return RIJN_OK;
}

int rijn_norx32_aad(rijn_norx32_ctx *ctx, const uint8_t *aad, size_t len)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(aad, len);
    if (!ctx->keyed || ctx->state != RIJN_I_AEAD_AAD)
        return RIJN_ERR_STATE;
    m_process(ctx, NULL, aad, len, TAG_HEADER, 0);
    return RIJN_OK;
}

/* Move a message still taking AAD to the text phase `mode`. */
static void to_text(rijn_norx32_ctx *ctx, uint32_t mode)
{
    if (ctx->state == RIJN_I_AEAD_AAD) {
        m_phase_end(ctx, TAG_HEADER);
        ctx->state = mode;
    }
}

static int update(rijn_norx32_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len,
                  uint32_t mode)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(in, len);
    RIJN_CHECK_BUF(out, len);
    if (!ctx->keyed || (ctx->state != RIJN_I_AEAD_AAD && ctx->state != mode))
        return RIJN_ERR_STATE;
    if (out != in && rijn_overlaps(out, len, in, len))
        return RIJN_ERR_PARAM;
    to_text(ctx, mode);
    m_process(ctx, out, in, len, TAG_PAYLOAD, mode == RIJN_I_AEAD_DEC ? 2 : 1);
    return RIJN_OK;
}

int rijn_norx32_encrypt_update(rijn_norx32_ctx *ctx, uint8_t *out, const uint8_t *in,
                               size_t len)
{
    return update(ctx, out, in, len, RIJN_I_AEAD_ENC);
}

int rijn_norx32_decrypt_update(rijn_norx32_ctx *ctx, uint8_t *out, const uint8_t *in,
                               size_t len)
{
    return update(ctx, out, in, len, RIJN_I_AEAD_DEC);
}

static int final_check(rijn_norx32_ctx *ctx, const uint8_t *tag, size_t tag_len, uint32_t mode)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(tag);
    if (!ctx->keyed || (ctx->state != RIJN_I_AEAD_AAD && ctx->state != mode))
        return RIJN_ERR_STATE;
    if (tag_len != 16)
        return RIJN_ERR_TAG_LEN;
    to_text(ctx, mode);
    return RIJN_OK;
}

int rijn_norx32_encrypt_final(rijn_norx32_ctx *ctx, uint8_t *tag, size_t tag_len)
{
    int r = final_check(ctx, tag, tag_len, RIJN_I_AEAD_ENC);
    if (r != RIJN_OK)
        return r;
    m_final(ctx, tag);
    return RIJN_OK;
}

int rijn_norx32_decrypt_final(rijn_norx32_ctx *ctx, const uint8_t *tag, size_t tag_len)
{
    uint8_t t[16];
    int ok, r = final_check(ctx, tag, tag_len, RIJN_I_AEAD_DEC);
    if (r != RIJN_OK)
        return r;
    m_final(ctx, t);
    ok = rijn_ct_equal(t, tag, 16);
    rijn_wipe(t, sizeof t);
    return ok ? RIJN_OK : RIJN_ERR_AUTH;
}
