/*
 * cmac.c -- AES-CMAC (SP 800-38B) and the helpers EAX, SIV and OCB share.
 *
 * Implementation notes
 *  Layout: rijn_cmac_ctx holds the encryption schedule, the two subkeys and
 *  a rijn_cmac_state: the CBC-MAC chain value x and up to 16 bytes kept
 *  back in buf. A full buffered block is chained only when more input
 *  arrives, because the last block (full or not) is masked with K1 or K2
 *  before its encryption. Any split of the input gives the same result.
 *  Constant time: doubling uses a mask from the top bit, never a branch;
 *  the padding decision depends only on the (public) length; tags are
 *  compared with rijn_ct_equal. The chain is inherently serial (one block
 *  per AES call). rijn_i_ctr128 batches RIJN_I_BATCH_BLOCKS counter blocks
 *  per N-block call
 *  (or uses the implementation's fused CTR) so bitsliced and AES-NI code
 *  runs wide for EAX and SIV (the fused path only for public counters: a
 *  hook may branch on the counter value).
 *  Proof: SP 800-38B appendix D examples (cryptography_vectors
 *  CMAC/nist-800-38b-aes*.txt), Wycheproof aes_cmac_test.json, and a
 *  differential test against OpenSSL's EVP_MAC CMAC with random splits
 *  (tests/mac/test_cmac.c).
 */
#include "aes/aes_i.h"
#include "cmac_i.h"
#include "internal.h"

size_t rijn_cmac_tag_size(void) { return RIJN_CMAC_TAG_SIZE; }
size_t rijn_cmac_tag_min(void) { return RIJN_CMAC_TAG_MIN; }
size_t rijn_cmac_tag_max(void) { return RIJN_CMAC_TAG_MAX; }
size_t rijn_cmac_key_min(void) { return RIJN_CMAC_KEY_MIN; }
size_t rijn_cmac_key_max(void) { return RIJN_CMAC_KEY_MAX; }

void rijn_i_dbl(uint8_t b[16])
{
    unsigned i;
    uint8_t carry = (uint8_t)(0u - (unsigned)(b[0] >> 7)); /* 0x00 or 0xff */
    for (i = 0; i < 15; i++)
        b[i] = (uint8_t)((b[i] << 1) | (b[i + 1] >> 7));
    b[15] = (uint8_t)(((unsigned)b[15] << 1) ^ (carry & 0x87u));
}

void rijn_i_cmac_subkeys(const rijn_aes_ctx *aes, uint8_t k1[16], uint8_t k2[16])
{
    memset(k1, 0, 16);
    rijn_i_aes_enc(aes, k1, k1, 1);
    rijn_i_dbl(k1);
    memcpy(k2, k1, 16);
    rijn_i_dbl(k2);
}

void rijn_i_cbcmac(const rijn_aes_ctx *aes, uint8_t x[16], const uint8_t *in, size_t nb)
{
    uint8_t y[16]; /* local chain value: no aliasing with in */
    if (nb == 0)
        return;
    if (aes->impl->cbcmac != NULL) {
        aes->impl->cbcmac(aes->ks, (unsigned)aes->rounds, RIJN_I_CBCMAC_MAC, x, NULL, NULL, in,
                          nb);
        return;
    }
    memcpy(y, x, 16);
    for (; nb > 0; nb--, in += 16) {
        rijn_i_xorw(y, y, in, 16);
        rijn_i_aes_enc(aes, y, y, 1);
    }
    memcpy(x, y, 16);
    rijn_wipe(y, sizeof y);
}

void rijn_i_cmac_start(rijn_cmac_state *st)
{
    memset(st, 0, sizeof *st);
}

void rijn_i_cmac_update(const rijn_aes_ctx *aes, rijn_cmac_state *st, const uint8_t *in,
                        size_t len)
{
    if (len == 0)
        return;
    if (st->buf_len > 0) {
        size_t take = 16u - (size_t)st->buf_len;
        if (take > len)
            take = len;
        memcpy(st->buf + st->buf_len, in, take);
        st->buf_len += (uint32_t)take;
        in += take;
        len -= take;
        if (len == 0)
            return; /* keep a full block back: it may be the last */
        rijn_xor16(st->x, st->x, st->buf);
        rijn_i_aes_enc(aes, st->x, st->x, 1);
        st->buf_len = 0;
    }
    if (len > 16) {
        size_t nb = (len - 1) / 16; /* keep the last block back */
        rijn_i_cbcmac(aes, st->x, in, nb);
        in += 16 * nb;
        len -= 16 * nb;
    }
    memcpy(st->buf, in, len);
    st->buf_len = (uint32_t)len;
}

void rijn_i_cmac_final(const rijn_aes_ctx *aes, rijn_cmac_state *st, const uint8_t k1[16],
                       const uint8_t k2[16], uint8_t mac[16])
{
    if (st->buf_len == 16) {
        rijn_i_xor16v(st->buf, st->buf, k1);
    } else {
        memset(st->buf + st->buf_len, 0, 16u - (size_t)st->buf_len);
        st->buf[st->buf_len] = 0x80;
        rijn_i_xor16v(st->buf, st->buf, k2);
    }
    memcpy(mac, st->x, 16);
    rijn_i_cbcmac(aes, mac, st->buf, 1);
    rijn_i_wipe_inl(st, sizeof *st);
}

void rijn_i_cmac_oneshot(const rijn_aes_ctx *aes, const uint8_t k1[16], const uint8_t k2[16],
                         const uint8_t *in, size_t len, uint8_t mac[16])
{
    uint8_t last[16];
    size_t nb = len == 0 ? 0 : (len - 1) / 16, r = len - 16 * nb; /* r: 0..16 */
    memset(mac, 0, 16);
    if (nb != 0)
        rijn_i_cbcmac(aes, mac, in, nb);
    in += 16 * nb;
    if (r == 16) {
        rijn_i_xor16v(last, in, k1);
    } else {
        memset(last, 0, 16);
        if (r != 0)
            memcpy(last, in, r);
        last[r] = 0x80;
        rijn_i_xor16v(last, last, k2);
    }
    rijn_i_cbcmac(aes, mac, last, 1);
    rijn_i_wipe16(last);
}

/* The big-endian block hi || lo, stored with one 16-byte store where the
 * compiler has 128-bit vectors (the AES path then loads it whole without a
 * store-forwarding stall), else with two 8-byte stores. */
static void ctr_block(uint8_t *b, uint64_t hi, uint64_t lo)
{
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__aarch64__))
    typedef uint64_t v2u64 __attribute__((vector_size(16)));
    v2u64 v;
    uint64_t h, l; /* memory order big-endian */
    rijn_store64_be((uint8_t *)&h, hi);
    rijn_store64_be((uint8_t *)&l, lo);
    v = (v2u64){h, l};
    memcpy(b, &v, 16);
#else
    rijn_store64_be(b, hi);
    rijn_store64_be(b + 8, lo);
#endif
}

void rijn_i_ctr128(const rijn_aes_ctx *aes, int secret_ctr, uint8_t ctr[16], uint8_t *out,
                   const uint8_t *in, size_t len)
{
    uint8_t ks[RIJN_I_BATCH_BLOCKS * 16];
    uint64_t hi, lo;
    size_t full = len / 16, i, n, w;
    if (!secret_ctr && aes->impl->ctr != NULL && full > 0) {
        aes->impl->ctr(aes->ks, (unsigned)aes->rounds, 128, ctr, out, in, full);
        out += 16 * full;
        in += 16 * full;
        len -= 16 * full;
    }
    hi = rijn_load64_be(ctr);
    lo = rijn_load64_be(ctr + 8);
    while (len > 0) {
        n = (len + 15) / 16;
        if (n > RIJN_I_BATCH_BLOCKS)
            n = RIJN_I_BATCH_BLOCKS;
        for (i = 0; i < n; i++) {
            ctr_block(ks + 16 * i, hi, lo);
            lo = rijn_i_opaque64(lo + 1); /* no loop test on the (secret) value */
            hi += (uint64_t)(lo == 0); /* carry without a branch */
        }
        rijn_i_aes_enc(aes, ks, ks, n);
        i = len < 16 * n ? len : 16 * n;
        w = i & ~(size_t)7;
        rijn_i_xorw(out, in, ks, w);
        rijn_xor(out + w, in + w, ks + w, i - w);
        out += i;
        in += i;
        len -= i;
    }
    rijn_store64_be(ctr, hi);
    rijn_store64_be(ctr + 8, lo);
    /* hi, lo: the counter now in ctr, which the caller wipes; zeroing the
     * registers would be a dead store the compiler removes */
    rijn_wipe(ks, sizeof ks);
}

/* ---- public API --------------------------------------------------------- */

int rijn_cmac_init(rijn_cmac_ctx *ctx, const uint8_t *key, size_t key_len)
{
    int r;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(key);
    r = rijn_aes_init_enc(&ctx->aes, key, key_len);
    if (r != RIJN_OK) {
        rijn_cmac_wipe(ctx);
        return r;
    }
    rijn_i_cmac_subkeys(&ctx->aes, ctx->k1, ctx->k2);
    rijn_i_cmac_start(&ctx->st);
    ctx->keyed = 1;
    return RIJN_OK;
}

static int check_keyed(const rijn_cmac_ctx *ctx)
{
    if (ctx == NULL)
        return RIJN_ERR_NULL;
    if (ctx->keyed != 1)
        return RIJN_ERR_STATE;
    return rijn_i_aes_check_enc(&ctx->aes);
}

int rijn_cmac_update(rijn_cmac_ctx *ctx, const uint8_t *in, size_t len)
{
    int r = check_keyed(ctx);
    if (r != RIJN_OK)
        return r;
    RIJN_CHECK_BUF(in, len);
    rijn_i_cmac_update(&ctx->aes, &ctx->st, in, len);
    return RIJN_OK;
}

static int check_tag(const uint8_t *tag, size_t tag_len)
{
    if (tag_len < RIJN_CMAC_TAG_MIN || tag_len > RIJN_CMAC_TAG_MAX)
        return RIJN_ERR_TAG_LEN;
    if (tag == NULL)
        return RIJN_ERR_NULL;
    return RIJN_OK;
}

int rijn_cmac_final(rijn_cmac_ctx *ctx, uint8_t *tag, size_t tag_len)
{
    uint8_t mac[16];
    int r = check_keyed(ctx);
    if (r == RIJN_OK)
        r = check_tag(tag, tag_len);
    if (r != RIJN_OK)
        return r;
    rijn_i_cmac_final(&ctx->aes, &ctx->st, ctx->k1, ctx->k2, mac);
    memcpy(tag, mac, tag_len);
    rijn_wipe(mac, sizeof mac);
    rijn_i_cmac_start(&ctx->st);
    return RIJN_OK;
}

int rijn_cmac_verify_final(rijn_cmac_ctx *ctx, const uint8_t *tag, size_t tag_len)
{
    uint8_t mac[16];
    int r = check_keyed(ctx), eq;
    if (r == RIJN_OK)
        r = check_tag(tag, tag_len);
    if (r != RIJN_OK)
        return r;
    rijn_i_cmac_final(&ctx->aes, &ctx->st, ctx->k1, ctx->k2, mac);
    eq = rijn_ct_equal(mac, tag, tag_len);
    rijn_wipe(mac, sizeof mac);
    rijn_i_cmac_start(&ctx->st);
    return eq ? RIJN_OK : RIJN_ERR_AUTH;
}

int rijn_cmac_reset(rijn_cmac_ctx *ctx)
{
    int r = check_keyed(ctx);
    if (r != RIJN_OK)
        return r;
    rijn_i_cmac_start(&ctx->st);
    return RIJN_OK;
}

static int compute(const rijn_cmac_ctx *ctx, uint8_t mac[16], size_t tag_len, const uint8_t *in,
                   size_t len)
{
    int r = check_keyed(ctx);
    if (r != RIJN_OK)
        return r;
    if (tag_len < RIJN_CMAC_TAG_MIN || tag_len > RIJN_CMAC_TAG_MAX)
        return RIJN_ERR_TAG_LEN;
    RIJN_CHECK_BUF(in, len);
    rijn_i_cmac_oneshot(&ctx->aes, ctx->k1, ctx->k2, in, len, mac);
    return RIJN_OK;
}

int rijn_cmac_compute(const rijn_cmac_ctx *ctx, uint8_t *tag, size_t tag_len, const uint8_t *in,
                      size_t len)
{
    uint8_t mac[16];
    int r = check_tag(tag, tag_len);
    if (r == RIJN_OK)
        r = compute(ctx, mac, tag_len, in, len);
    if (r == RIJN_OK && tag_len == 16)
        memcpy(tag, mac, 16); /* the common case: a fixed-size copy */
    else if (r == RIJN_OK)
        memcpy(tag, mac, tag_len);
    rijn_i_wipe16(mac);
    return r;
}

int rijn_cmac_verify(const rijn_cmac_ctx *ctx, const uint8_t *tag, size_t tag_len,
                     const uint8_t *in, size_t len)
{
    uint8_t mac[16];
    int r = check_tag(tag, tag_len);
    if (r == RIJN_OK)
        r = compute(ctx, mac, tag_len, in, len);
    if (r == RIJN_OK && !rijn_ct_equal(mac, tag, tag_len))
        r = RIJN_ERR_AUTH;
    rijn_wipe(mac, sizeof mac);
    return r;
}

int rijn_cmac(uint8_t *tag, size_t tag_len, const uint8_t *key, size_t key_len,
              const uint8_t *in, size_t len)
{
    rijn_cmac_ctx ctx;
    int r = rijn_cmac_init(&ctx, key, key_len);
    if (r == RIJN_OK)
        r = rijn_cmac_compute(&ctx, tag, tag_len, in, len);
    rijn_cmac_wipe(&ctx);
    return r;
}

int rijn_cmac_check(const uint8_t *tag, size_t tag_len, const uint8_t *key, size_t key_len,
                    const uint8_t *in, size_t len)
{
    rijn_cmac_ctx ctx;
    int r = rijn_cmac_init(&ctx, key, key_len);
    if (r == RIJN_OK)
        r = rijn_cmac_verify(&ctx, tag, tag_len, in, len);
    rijn_cmac_wipe(&ctx);
    return r;
}

void rijn_cmac_wipe(rijn_cmac_ctx *ctx)
{
    rijn_wipe(ctx, ctx != NULL ? sizeof *ctx : 0);
}
