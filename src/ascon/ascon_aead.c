/*
 * ascon_aead.c -- Ascon-AEAD128 (NIST SP 800-232 section 4).
 *
 * Implementation notes
 *   State S0..S4 (uint64_t, little-endian bytes), rate 16 bytes (S0, S1).
 *   Init: (IV = 0x00001000808c0001, K0, K1, N0, N1), p[12], then
 *   S3 ^= K0, S4 ^= K1. AAD (only if non-empty): 16-byte blocks XORed
 *   into the rate with p[8] after each, the last one padded with 0x01.
 *   Then S4 ^= 1 << 63 (domain separation). Text: the same blocks and
 *   padding, ciphertext = rate bytes after XOR, no p[8] after the last
 *   (padded) block. Final: S2 ^= K0, S3 ^= K1, p[12], tag = (S3 ^ K0,
 *   S4 ^ K1) little-endian.
 *   A block is permuted lazily, only when more input of the same phase
 *   arrives (pos == 16 means "full, not yet permuted"), so any split of
 *   AAD and text gives the same result with no buffer: bytes go straight
 *   into the state words. Encrypt and decrypt are one routine: the state
 *   byte becomes the ciphertext byte either way.
 *   AAD and text go through one byte loop (m_absorb; on the usual byte
 *   orders the state is read and written as bytes), with a 16-byte path
 *   for whole blocks unless RIJN_CFG_ASCON_SMALL=1 (see ascon_i.h: the
 *   least code -- this byte loop and the compact ascon_p32s.c -- for
 *   flash-bound MCUs). seal/open copy the key into a context on the stack
 *   (const ctx) and run the streaming routines on it. open writes plaintext while it
 *   absorbs the ciphertext, then checks the tag with rijn_ct_equal and
 *   wipes out on failure.
 *   Constant time: the permutation is; positions depend only on lengths;
 *   the tag check is rijn_ct_equal.
 *   Vectors: all 1089 Ascon-AEAD128 KATs of the Ascon team (SP 800-232),
 *   one-shot and with random split points, failing tags (out zeroed), and
 *   state errors (tests/test_ascon.c).
 */
#include "ascon_i.h"

#include "internal.h"

#define IV_AEAD128 ((uint64_t)0x00001000808c0001u)

size_t rijn_ascon_aead128_key_size(void) { return RIJN_ASCON_AEAD128_KEY_SIZE; }
size_t rijn_ascon_aead128_nonce_size(void) { return RIJN_ASCON_AEAD128_NONCE_SIZE; }
size_t rijn_ascon_aead128_tag_size(void) { return RIJN_ASCON_AEAD128_TAG_SIZE; }

int rijn_ascon_aead128_init(rijn_ascon_aead128_ctx *ctx, const uint8_t *key, size_t key_len)
{
    RIJN_CHECK_PTR(ctx);
    memset(ctx, 0, sizeof *ctx);
    RIJN_CHECK_PTR(key);
    if (key_len != 16)
        return RIJN_ERR_KEY_LEN;
    ctx->key[0] = rijn_load64_le(key);
    ctx->key[1] = rijn_load64_le(key + 8);
    ctx->keyed = 1;
    ctx->state = RIJN_I_AEAD_IDLE;
    return RIJN_OK;
}

void rijn_ascon_aead128_wipe(rijn_ascon_aead128_ctx *ctx)
{
    rijn_wipe(ctx, sizeof *ctx);
}

/* Byte i of the little-endian words at w (an lvalue), where the byte
 * order is known: the state and key are then read and written as bytes
 * (less code on 32-bit MCUs than 64-bit shifts). SBYTE: rate byte i. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define WBYTE(w, i) (((uint8_t *)(w))[i])
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define WBYTE(w, i) (((uint8_t *)(w))[(i) ^ 7])
#endif
#ifdef WBYTE
#define SBYTE(c, i) WBYTE((c)->s, i)
#endif

static void m_start(rijn_ascon_aead128_ctx *c, const uint8_t *nonce)
{
    c->s[0] = IV_AEAD128;
    c->s[1] = c->key[0];
    c->s[2] = c->key[1];
#ifdef WBYTE
    {
        unsigned i;
        for (i = 0; i < 16; i++)
            WBYTE(c->s + 3, i) = nonce[i];
    }
#else
    c->s[3] = rijn_load64_le(nonce);
    c->s[4] = rijn_load64_le(nonce + 8);
#endif
    rijn_i_ascon_permute(c->s, 12);
    c->s[3] ^= c->key[0];
    c->s[4] ^= c->key[1];
    c->pos = 0;
    c->had_aad = 0;
    c->state = RIJN_I_AEAD_AAD;
}

/* Pad the block in progress (0x01 at the first free byte). */
static void m_pad(rijn_ascon_aead128_ctx *c)
{
    if (c->pos == 16) {
        rijn_i_ascon_permute(c->s, 8);
        c->pos = 0;
    }
#ifdef SBYTE
    SBYTE(c, c->pos) ^= 0x01;
#else
    c->s[c->pos >> 3] ^= RIJN_I_ASCON_AT(0x01, c->pos & 7);
#endif
}

/* End of AAD: pad and permute if there was any, then separate domains. */
static void m_aad_end(rijn_ascon_aead128_ctx *c)
{
    if (c->had_aad) {
        m_pad(c);
        rijn_i_ascon_permute(c->s, 8);
    }
    c->s[4] ^= (uint64_t)1 << 63;
    c->pos = 0;
}


/* Absorb len bytes: mode M_ENC encrypts, M_DEC decrypts (in is read
 * before out is written; out == in allowed), M_AAD only absorbs (out
 * unused). */
#define M_ENC 0
#define M_DEC 1
#define M_AAD 2
static void m_absorb(rijn_ascon_aead128_ctx *c, uint8_t *out, const uint8_t *in, size_t len,
                     int mode)
{
    size_t i;
    if (mode == M_AAD && len != 0)
        c->had_aad = 1;
    for (i = 0; i < len; i++) {
        uint8_t ks, x;
        if (c->pos == 16) {
            rijn_i_ascon_permute(c->s, 8);
            c->pos = 0;
        }
#if !RIJN_I_ASCON_SMALL
        if (c->pos == 0 && len - i >= 16) {
            uint64_t a = rijn_load64_le(in + i), b = rijn_load64_le(in + i + 8);
            if (mode == M_DEC) {
                rijn_store64_le(out + i, c->s[0] ^ a);
                rijn_store64_le(out + i + 8, c->s[1] ^ b);
                c->s[0] = a;
                c->s[1] = b;
            } else {
                c->s[0] ^= a;
                c->s[1] ^= b;
                if (mode == M_ENC) {
                    rijn_store64_le(out + i, c->s[0]);
                    rijn_store64_le(out + i + 8, c->s[1]);
                }
            }
            c->pos = 16;
            i += 15;
            continue;
        }
#endif
        x = in[i];
#ifdef SBYTE
        ks = SBYTE(c, c->pos);
        /* the state byte becomes the ciphertext byte */
        SBYTE(c, c->pos) = mode == M_DEC ? x : (uint8_t)(ks ^ x);
#else
        ks = RIJN_I_ASCON_BYTE(c->s[c->pos >> 3], c->pos & 7);
        c->s[c->pos >> 3] ^= RIJN_I_ASCON_AT(mode == M_DEC ? (uint8_t)(ks ^ x) : x, c->pos & 7);
#endif
        if (mode != M_AAD)
            out[i] = (uint8_t)(ks ^ x);
        c->pos++;
    }
}

static void m_final(rijn_ascon_aead128_ctx *c, uint8_t tag[16])
{
    m_pad(c);
    c->s[2] ^= c->key[0];
    c->s[3] ^= c->key[1];
    rijn_i_ascon_permute(c->s, 12);
#ifdef WBYTE
    {
        unsigned i;
        for (i = 0; i < 16; i++)
            tag[i] = (uint8_t)(WBYTE(c->s + 3, i) ^ WBYTE(c->key, i));
    }
#else
    rijn_store64_le(tag, c->s[3] ^ c->key[0]);
    rijn_store64_le(tag + 8, c->s[4] ^ c->key[1]);
#endif
    rijn_wipe(c->s, sizeof c->s);
    c->pos = 0;
    c->had_aad = 0;
    c->state = RIJN_I_AEAD_IDLE;
}

/* Checks shared by seal and open. */
static int check_oneshot(const rijn_ascon_aead128_ctx *ctx, const uint8_t *out,
                         const uint8_t *tag, size_t tag_len, const uint8_t *nonce,
                         size_t nonce_len, const uint8_t *aad, size_t aad_len,
                         const uint8_t *in, size_t len)
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

/* seal (dec = M_ENC: the tag is written) and open (dec = M_DEC: the tag
 * is checked in constant time, and out wiped if it does not match), on
 * a copy of the keyed context. One body for both keeps the code small. */
static int oneshot(const rijn_ascon_aead128_ctx *ctx, uint8_t *out, uint8_t *tag,
                   size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, size_t len, int dec)
{
    rijn_ascon_aead128_ctx c;
    uint8_t t[16];
    int r = check_oneshot(ctx, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, len);
    if (r != RIJN_OK)
        return r;
    c = *ctx;
    m_start(&c, nonce);
    m_absorb(&c, NULL, aad, aad_len, M_AAD);
    m_aad_end(&c);
    m_absorb(&c, out, in, len, dec);
    m_final(&c, t);
    if (dec == M_ENC)
        memcpy(tag, t, 16);
    else if (!rijn_ct_equal(t, tag, 16)) {
        if (len != 0)
            rijn_wipe(out, len);
        r = RIJN_ERR_AUTH;
    }
    rijn_ascon_aead128_wipe(&c);
    rijn_wipe(t, sizeof t);
    return r;
}

int rijn_ascon_aead128_seal(const rijn_ascon_aead128_ctx *ctx, uint8_t *out, uint8_t *tag,
                            size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                            const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len)
{
    return oneshot(ctx, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, len, M_ENC);
}

int rijn_ascon_aead128_open(const rijn_ascon_aead128_ctx *ctx, uint8_t *out,
                            const uint8_t *tag, size_t tag_len, const uint8_t *nonce,
                            size_t nonce_len, const uint8_t *aad, size_t aad_len,
                            const uint8_t *in, size_t len)
{
    /* the tag is only read on this path */
    return oneshot(ctx, out, (uint8_t *)(uintptr_t)tag, tag_len, nonce, nonce_len, aad,
                   aad_len, in, len, M_DEC);
}

int rijn_ascon_aead128_start(rijn_ascon_aead128_ctx *ctx, const uint8_t *nonce,
                             size_t nonce_len)
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

int rijn_ascon_aead128_aad(rijn_ascon_aead128_ctx *ctx, const uint8_t *aad, size_t len)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(aad, len);
    if (!ctx->keyed || ctx->state != RIJN_I_AEAD_AAD)
        return RIJN_ERR_STATE;
    m_absorb(ctx, NULL, aad, len, M_AAD);
    return RIJN_OK;
}

static int update(rijn_ascon_aead128_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len,
                  uint32_t mode)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(in, len);
    RIJN_CHECK_BUF(out, len);
    if (!ctx->keyed || (ctx->state != RIJN_I_AEAD_AAD && ctx->state != mode))
        return RIJN_ERR_STATE;
    if (out != in && rijn_overlaps(out, len, in, len))
        return RIJN_ERR_PARAM;
    if (ctx->state == RIJN_I_AEAD_AAD) {
        m_aad_end(ctx);
        ctx->state = mode;
    }
    m_absorb(ctx, out, in, len, mode == RIJN_I_AEAD_DEC ? M_DEC : M_ENC);
    return RIJN_OK;
}

int rijn_ascon_aead128_encrypt_update(rijn_ascon_aead128_ctx *ctx, uint8_t *out,
                                      const uint8_t *in, size_t len)
{
    return update(ctx, out, in, len, RIJN_I_AEAD_ENC);
}

int rijn_ascon_aead128_decrypt_update(rijn_ascon_aead128_ctx *ctx, uint8_t *out,
                                      const uint8_t *in, size_t len)
{
    return update(ctx, out, in, len, RIJN_I_AEAD_DEC);
}

/* Common final checks; moves a message still in its AAD phase to text. */
static int final_check(rijn_ascon_aead128_ctx *ctx, const uint8_t *tag, size_t tag_len,
                       uint32_t mode)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(tag);
    if (!ctx->keyed || (ctx->state != RIJN_I_AEAD_AAD && ctx->state != mode))
        return RIJN_ERR_STATE;
    if (tag_len != 16)
        return RIJN_ERR_TAG_LEN;
    if (ctx->state == RIJN_I_AEAD_AAD) {
        m_aad_end(ctx);
        ctx->state = mode;
    }
    return RIJN_OK;
}

int rijn_ascon_aead128_encrypt_final(rijn_ascon_aead128_ctx *ctx, uint8_t *tag, size_t tag_len)
{
    int r = final_check(ctx, tag, tag_len, RIJN_I_AEAD_ENC);
    if (r != RIJN_OK)
        return r;
    m_final(ctx, tag);
    return RIJN_OK;
}

int rijn_ascon_aead128_decrypt_final(rijn_ascon_aead128_ctx *ctx, const uint8_t *tag,
                                     size_t tag_len)
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
