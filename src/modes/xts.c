/*
 * xts.c -- XTS-AES (IEEE 1619, SP 800-38E) with ciphertext stealing.
 *
 * Implementation notes
 *  Layout: two AES contexts, Key1 (data, both directions) and Key2 (tweak,
 *  encryption only). T0 = E_Key2(tweak); T(j+1) = T(j) * alpha in GF(2^128)
 *  with the IEEE 1619 little-endian byte order (byte 0 holds the lowest
 *  bits; the carry out of byte 15 folds back as 0x87 into byte 0), kept
 *  as two 64-bit little-endian halves in the bulk loop.
 *  Bulk: up to RIJN_I_MODE_BATCH blocks at a time (16 on 64-bit hosts) are
 *  masked with their tweaks, sent
 *  through one N-block AES call (so bitsliced and AES-NI code runs at full
 *  width) and masked again.
 *  Stealing: for len = 16m + r (0 < r < 16) the first m-1 blocks go through
 *  the bulk path; the last full block and the partial one are handled with
 *  the standard swap (encryption uses T(m-1) then T(m); decryption T(m)
 *  then T(m-1)). The tail is copied to the stack first so out == in works.
 *  Constant time: the tweak update uses a mask from the top bit; no branch
 *  or index depends on key, tweak or data, only on the (public) length.
 *  The Key1 == Key2 check uses rijn_ct_equal.
 *  Hook: when both contexts use a class with an xts hook (x86ni), the
 *  whole message (tweak encryption, blocks, stealing) goes to it after the
 *  checks (x86ni: tweaks in registers, a single pass for 1-4 blocks, VAES
 *  passes for long messages); the code below serves the other classes.
 *  Proof: NIST CAVP XTSGenAES128/256 in both tweak formats (every data
 *  unit length that is a whole number of bytes), IEEE 1619 vectors via
 *  those files, and a differential test against OpenSSL aes-*-xts
 *  (tests/modes/test_xts.c).
 */
#include "aes/aes_i.h"
#include "internal.h"
#include "modes/modes_i.h"
#include "rijn/xts.h"

/* The class's xts hook takes the two keys as an array (rijn_xts_ctx). */
typedef char rijn_i_xts_keys_adjacent[offsetof(rijn_xts_ctx, tweak) == sizeof(rijn_aes_ctx) ? 1
                                                                                           : -1];

size_t rijn_xts_tweak_size(void) { return RIJN_XTS_TWEAK_SIZE; }
size_t rijn_xts_min_len(void) { return RIJN_XTS_MIN_LEN; }
size_t rijn_xts_max_len(void) { return RIJN_XTS_MAX_LEN; }

int rijn_xts_init(rijn_xts_ctx *ctx, const uint8_t *key, size_t key_len)
{
    int r;
    size_t half = key_len / 2;
    RIJN_CHECK_PTR(ctx);
    memset(ctx, 0, sizeof *ctx);
    RIJN_CHECK_PTR(key);
    if (key_len != 32 && key_len != 64)
        return RIJN_ERR_KEY_LEN;
    if (rijn_ct_equal(key, key + half, half))
        return RIJN_ERR_PARAM;
    r = rijn_aes_init(&ctx->data, key, half);
    if (r == RIJN_OK)
        r = rijn_aes_init_enc(&ctx->tweak, key + half, half);
    if (r != RIJN_OK)
        rijn_xts_wipe(ctx);
    return r;
}

void rijn_xts_wipe(rijn_xts_ctx *ctx)
{
    rijn_wipe(ctx, ctx != NULL ? sizeof *ctx : 0);
}

/* t = t * alpha, little-endian GF(2^128), on two 64-bit halves (lo =
 * bytes 0..7, hi = bytes 8..15, both little-endian). */
static void mul_alpha(uint8_t t[16])
{
    uint64_t lo = rijn_load64_le(t), hi = rijn_load64_le(t + 8);
    uint64_t carry = (uint64_t)0 - (hi >> 63);
    hi = (hi << 1) | (lo >> 63);
    lo = (lo << 1) ^ (carry & 0x87u);
    rijn_store64_le(t, lo);
    rijn_store64_le(t + 8, hi);
}

/* Store a 64-bit value little-endian: one plain store on little-endian
 * hosts (the byte-by-byte form is not always merged by compilers). */
static void st64le(uint8_t *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p, &v, 8);
#else
    rijn_store64_le(p, v);
#endif
}

/* d = a ^ b over n bytes (a multiple of 8), 64 bits at a time. */
static void xorw(uint8_t *d, const uint8_t *a, const uint8_t *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i += 8) {
        uint64_t x, y;
        memcpy(&x, a + i, 8);
        memcpy(&y, b + i, 8);
        x ^= y;
        memcpy(d + i, &x, 8);
    }
}

static void cipher(const rijn_aes_ctx *aes, int dec, uint8_t *out, const uint8_t *in, size_t n)
{
    if (dec)
        rijn_i_aes_dec(aes, out, in, n);
    else
        rijn_i_aes_enc(aes, out, in, n);
}

/* One block: out = C(in ^ t) ^ t. */
static void one(const rijn_aes_ctx *aes, int dec, const uint8_t t[16], uint8_t out[16],
                const uint8_t in[16])
{
    uint8_t b[16];
    rijn_xor16(b, in, t);
    cipher(aes, dec, b, b, 1);
    rijn_xor16(out, b, t);
    rijn_wipe(b, sizeof b);
}

/* n whole blocks; t advances n times. */
static void bulk(const rijn_aes_ctx *aes, int dec, uint8_t t[16], uint8_t *out,
                 const uint8_t *in, size_t n)
{
    uint8_t buf[RIJN_I_MODE_BATCH * 16], tw[RIJN_I_MODE_BATCH * 16];
    uint64_t lo, hi, carry;
    size_t i, k;
    lo = rijn_load64_le(t);
    hi = rijn_load64_le(t + 8);
    while (n > 0) {
        k = n < RIJN_I_MODE_BATCH ? n : RIJN_I_MODE_BATCH;
        for (i = 0; i < k; i++) {
            st64le(tw + 16 * i, lo);
            st64le(tw + 16 * i + 8, hi);
            carry = (uint64_t)0 - (hi >> 63); /* t = t * alpha */
            hi = (hi << 1) | (lo >> 63);
            lo = (lo << 1) ^ (carry & 0x87u);
        }
        xorw(buf, in, tw, 16 * k);
        cipher(aes, dec, buf, buf, k);
        xorw(out, buf, tw, 16 * k);
        in += 16 * k;
        out += 16 * k;
        n -= k;
    }
    rijn_store64_le(t, lo);
    rijn_store64_le(t + 8, hi);
    /* lo, hi: the tweak now in t, which the caller wipes (no dead store
     * pretending to clear the registers) */
    rijn_wipe(buf, sizeof buf);
    rijn_wipe(tw, sizeof tw);
}

static int xts(const rijn_xts_ctx *ctx, int dec, const uint8_t tweak[16], uint8_t *out,
               const uint8_t *in, size_t len)
{
    uint8_t t[16], t2[16], cc[16], pp[16], last[16];
    size_t m, r;
    int st;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(tweak);
    st = dec ? rijn_i_aes_ready_dec(&ctx->data) : rijn_i_aes_ready_enc(&ctx->data);
    if (st == RIJN_OK)
        st = rijn_i_aes_ready_enc(&ctx->tweak);
    if (st != RIJN_OK)
        return st;
    RIJN_CHECK_BUF(out, len);
    RIJN_CHECK_BUF(in, len);
    if (len < RIJN_XTS_MIN_LEN)
        return RIJN_ERR_LENGTH;
#if SIZE_MAX > 0xFFFFFFu
    if (len > RIJN_XTS_MAX_LEN)
        return RIJN_ERR_LIMIT;
#endif
    if (out != in && rijn_overlaps(out, len, in, len))
        return RIJN_ERR_PARAM;

#if RIJN_I_AES_HOOKS
    if (ctx->data.impl->xts != NULL && ctx->tweak.impl == ctx->data.impl)
        return ctx->data.impl->xts(&ctx->data, dec, tweak, out, in, len);
#endif
    m = len / 16;
    r = len % 16;
    rijn_i_aes_enc(&ctx->tweak, t, tweak, 1);
    if (r == 0) {
        bulk(&ctx->data, dec, t, out, in, m);
    } else {
        bulk(&ctx->data, dec, t, out, in, m - 1);
        in += 16 * (m - 1);
        out += 16 * (m - 1);
        memcpy(t2, t, 16);
        mul_alpha(t2); /* t = T(m-1), t2 = T(m) */
        memcpy(last, in + 16, r);
        /* encryption: CC = E with T(m-1) of P(m-1); C(m) = CC[0..r);
         * C(m-1) = E with T(m) of P(m) || CC[r..16).
         * decryption: PP = D with T(m) of C(m-1); P(m) = PP[0..r);
         * P(m-1) = D with T(m-1) of C(m) || PP[r..16). */
        one(&ctx->data, dec, dec ? t2 : t, cc, in);
        memcpy(pp, last, r);
        memcpy(pp + r, cc + r, 16 - r);
        memcpy(out + 16, cc, r);
        one(&ctx->data, dec, dec ? t : t2, out, pp);
    }
    rijn_wipe(t, sizeof t);
    rijn_wipe(t2, sizeof t2);
    rijn_wipe(cc, sizeof cc);
    rijn_wipe(pp, sizeof pp);
    rijn_wipe(last, sizeof last);
    return RIJN_OK;
}

int rijn_xts_encrypt(const rijn_xts_ctx *ctx, const uint8_t tweak[16], uint8_t *out,
                     const uint8_t *in, size_t len)
{
    return xts(ctx, 0, tweak, out, in, len);
}

int rijn_xts_decrypt(const rijn_xts_ctx *ctx, const uint8_t tweak[16], uint8_t *out,
                     const uint8_t *in, size_t len)
{
    return xts(ctx, 1, tweak, out, in, len);
}

static void seq_tweak(uint8_t t[16], uint64_t seqno)
{
    rijn_store64_le(t, seqno);
    memset(t + 8, 0, 8);
}

int rijn_xts_encrypt_sector(const rijn_xts_ctx *ctx, uint64_t seqno, uint8_t *out,
                            const uint8_t *in, size_t len)
{
    uint8_t t[16];
    seq_tweak(t, seqno);
    return xts(ctx, 0, t, out, in, len);
}

int rijn_xts_decrypt_sector(const rijn_xts_ctx *ctx, uint64_t seqno, uint8_t *out,
                            const uint8_t *in, size_t len)
{
    uint8_t t[16];
    seq_tweak(t, seqno);
    return xts(ctx, 1, t, out, in, len);
}
