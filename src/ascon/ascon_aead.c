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
 *   flash-bound MCUs). The padding byte is absorbed through the same loop;
 *   start and final share the keyed p[12] (S[j..j+1] ^= K, p[12],
 *   S3..S4 ^= K; byte loops in the small configuration). seal/open are
 *   one routine (the direction rides in the tag length argument so the
 *   public functions are tail calls) on a stack context holding a copy of
 *   the key (const ctx). open writes plaintext while it absorbs the
 *   ciphertext; m_final writes the tag or compares it (the same loop:
 *   every byte difference ORed, no early exit), and out is wiped on
 *   failure. Cortex-M4 -Os, init+seal+open (mcu/bench/feat.c): 1,188
 *   bytes with RIJN_CFG_ASCON_SMALL=1, 1,904 without.
 *   Constant time: the permutation is; positions depend only on lengths;
 *   the tag comparison ORs all 16 byte differences before one test.
 *   Vectors: all 1089 Ascon-AEAD128 KATs of the Ascon team (SP 800-232),
 *   one-shot and with random split points, failing tags (out zeroed), and
 *   state errors (tests/ascon/test_ascon.c).
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

/* The keyed permutation shared by start and final: S[j], S[j+1] ^= K,
 * p[12], S3, S4 ^= K. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline)) /* one copy for both callers: less code */
#endif
static void m_keyed_p12(rijn_ascon_aead128_ctx *c, unsigned j)
{
#if RIJN_I_ASCON_SMALL && defined(WBYTE)
    unsigned i;
    for (i = 0; i < 32; i++) { /* bytes: less code than 64-bit words on 32-bit MCUs */
        if (i == 16) {
            rijn_i_ascon_permute(c->s, 12);
            j = 3;
        }
        WBYTE(c->s + j, i & 15) ^= WBYTE(c->key, i & 15);
    }
#else
    c->s[j] ^= c->key[0];
    c->s[j + 1] ^= c->key[1];
    rijn_i_ascon_permute(c->s, 12);
    c->s[3] ^= c->key[0];
    c->s[4] ^= c->key[1];
#endif
}

static void m_start(rijn_ascon_aead128_ctx *c, const uint8_t *nonce)
{
    c->s[0] = IV_AEAD128;
    c->s[1] = 0;
    c->s[2] = 0;
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
    m_keyed_p12(c, 1); /* (IV, K, N) */
    c->pos = 0;
    c->had_aad = 0;
    c->state = RIJN_I_AEAD_AAD;
}

/* Absorb len bytes: out == NULL only absorbs (AAD, padding); else the
 * phase in c->state says: RIJN_I_AEAD_DEC decrypts (in is read before
 * out is written; out == in allowed), otherwise encrypts. (No mode
 * argument: four register arguments are less code at every call.) */
static void m_absorb(rijn_ascon_aead128_ctx *c, uint8_t *out, const uint8_t *in, size_t len)
{
    const int dec = out != NULL && c->state == RIJN_I_AEAD_DEC;
    uint32_t pos = c->pos; /* in a register across the loop */
    size_t i;
    if (out == NULL && len != 0)
        c->had_aad = 1;
    for (i = 0; i < len; i++) {
        uint8_t ks, x;
        if (pos == 16) {
            rijn_i_ascon_permute(c->s, 8);
            pos = 0;
        }
#if !RIJN_I_ASCON_SMALL
        if (pos == 0 && len - i >= 16) {
            uint64_t a = rijn_load64_le(in + i), b = rijn_load64_le(in + i + 8);
            if (dec) {
                rijn_store64_le(out + i, c->s[0] ^ a);
                rijn_store64_le(out + i + 8, c->s[1] ^ b);
                c->s[0] = a;
                c->s[1] = b;
            } else {
                c->s[0] ^= a;
                c->s[1] ^= b;
                if (out != NULL) {
                    rijn_store64_le(out + i, c->s[0]);
                    rijn_store64_le(out + i + 8, c->s[1]);
                }
            }
            pos = 16;
            i += 15;
            continue;
        }
#endif
        x = in[i];
#ifdef SBYTE
        ks = SBYTE(c, pos);
        /* the state byte becomes the ciphertext byte */
        SBYTE(c, pos) = (uint8_t)(ks ^ x);
        if (dec)
            SBYTE(c, pos) = x;
#else
        ks = RIJN_I_ASCON_BYTE(c->s[pos >> 3], pos & 7);
        c->s[pos >> 3] ^= RIJN_I_ASCON_AT(dec ? (uint8_t)(ks ^ x) : x, pos & 7);
#endif
        if (out != NULL)
            out[i] = (uint8_t)(ks ^ x);
        pos++;
    }
    c->pos = pos;
}

/* Pad the block in progress (0x01 at the first free byte): the byte is
 * absorbed like AAD (permuting a full block first; had_aad and pos are
 * reset by both callers). */
static void m_pad(rijn_ascon_aead128_ctx *c)
{
    static const uint8_t one = 0x01;
    m_absorb(c, NULL, &one, 1);
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


/* Finalise: the tag (S3 ^ K0, S4 ^ K1) is written to tag (check = 0) or
 * compared with it in constant time (check = 1: every byte difference
 * ORed, no early exit); returns 1 if written or equal, else 0. One
 * routine for both directions, no tag copy. */
static int m_final(rijn_ascon_aead128_ctx *c, uint8_t tag[16], int check)
{
    uint32_t d = 0;
    unsigned i;
    m_pad(c);
    m_keyed_p12(c, 2);
    for (i = 0; i < 16; i++) {
#ifdef WBYTE
        uint8_t b = WBYTE(c->s + 3, i);
#else
        uint8_t b = RIJN_I_ASCON_BYTE(c->s[3 + (i >> 3)], i & 7);
#endif
        if (check)
            d |= (uint32_t)(b ^ tag[i]);
        else
            tag[i] = b;
    }
    rijn_wipe(c->s, sizeof c->s);
    c->pos = 0;
    c->had_aad = 0;
    c->state = RIJN_I_AEAD_IDLE;
    return (int)(1u & ((d - 1u) >> 8));
}

/* seal and open: one body. The direction travels in the tag length
 * argument (TL_SEAL / TL_OPEN for a 16-byte tag, 0 for any other length)
 * so that oneshot has the public functions' own parameter list and they
 * reduce to a tail call (about 70 bytes less code on Cortex-M). Seal
 * writes the tag; open checks it in constant time (m_final) and wipes
 * out if it does not match. Runs on a stack context holding a copy of
 * the key. */
#define TL_SEAL 16u
#define TL_OPEN 17u
static int oneshot(const rijn_ascon_aead128_ctx *ctx, uint8_t *out, uint8_t *tag,
                   size_t tl, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, size_t len)
{
    rijn_ascon_aead128_ctx c; /* the key and the message state; m_start sets the rest */
    int r = RIJN_OK, dec = tl == TL_OPEN;
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
    if (tl == 0)
        return RIJN_ERR_TAG_LEN;
    if ((out != in && rijn_overlaps(out, len, in, len)) || rijn_overlaps(tag, 16, out, len) ||
        rijn_overlaps(tag, 16, in, len))
        return RIJN_ERR_PARAM;
    c.key[0] = ctx->key[0];
    c.key[1] = ctx->key[1];
    m_start(&c, nonce);
    m_absorb(&c, NULL, aad, aad_len);
    m_aad_end(&c);
    c.state = dec ? RIJN_I_AEAD_DEC : RIJN_I_AEAD_ENC;
    m_absorb(&c, out, in, len);
    if (!m_final(&c, tag, dec)) {
        rijn_wipe(out, len);
        r = RIJN_ERR_AUTH;
    }
    rijn_wipe(&c, sizeof c);
    return r;
}

int rijn_ascon_aead128_seal(const rijn_ascon_aead128_ctx *ctx, uint8_t *out, uint8_t *tag,
                            size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                            const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len)
{
    return oneshot(ctx, out, tag, tag_len == 16 ? TL_SEAL : 0, nonce, nonce_len, aad, aad_len,
                   in, len);
}

int rijn_ascon_aead128_open(const rijn_ascon_aead128_ctx *ctx, uint8_t *out,
                            const uint8_t *tag, size_t tag_len, const uint8_t *nonce,
                            size_t nonce_len, const uint8_t *aad, size_t aad_len,
                            const uint8_t *in, size_t len)
{
    /* the tag is only read on this path */
    return oneshot(ctx, out, (uint8_t *)(uintptr_t)tag, tag_len == 16 ? TL_OPEN : 0, nonce,
                   nonce_len, aad, aad_len, in, len);
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
    m_absorb(ctx, NULL, aad, len);
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
    m_absorb(ctx, out, in, len); /* NULL out: len is 0, nothing absorbed */
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
    (void)m_final(ctx, tag, 0); /* 1 when writing */
    return RIJN_OK;
}

int rijn_ascon_aead128_decrypt_final(rijn_ascon_aead128_ctx *ctx, const uint8_t *tag,
                                     size_t tag_len)
{
    int r = final_check(ctx, tag, tag_len, RIJN_I_AEAD_DEC);
    if (r != RIJN_OK)
        return r;
    /* the tag is only read when checking */
    return m_final(ctx, (uint8_t *)(uintptr_t)tag, 1) ? RIJN_OK : RIJN_ERR_AUTH;
}
