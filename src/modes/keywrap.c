/*
 * keywrap.c -- AES key wrap KW (RFC 3394) and KWP (RFC 5649), SP 800-38F,
 * with the forward or the inverse cipher as the wrapping function.
 *
 * Implementation notes
 *  Layout: the wrapping function W works in place on out: A (8 bytes,
 *  kept in a 16-byte block buffer with the current R[i]) and R[1..n] in
 *  out itself, so no buffer of the message size is needed. W runs 6n
 *  serial AES calls (one block each; the chain is inherently serial).
 *  The step counter t = n*j + i is XORed into A big-endian as a 64-bit
 *  value; unwrapping starts it at 6n computed in size_t: as a 64-bit
 *  product it was a UMULL on the Cortex-M3 (operand-dependent latency on
 *  public lengths, but mcu/trace admits none in a constant-time call).
 *  Constant time: the integrity check value, the KWP length indicator
 *  range and the zero padding are checked with masks that are ORed into
 *  one word; the only branch is on the final verdict, after which the
 *  output is wiped on failure. Lengths are public.
 *  Proof: RFC 3394 section 4 and RFC 5649 section 6 examples, NIST CAVP
 *  KW/KWP AE/AD files for AES-128/192/256 (forward and inverse cipher),
 *  Wycheproof aes_wrap_test.json and aes_kwp_test.json, and a differential
 *  test against OpenSSL aes-*-wrap / aes-*-wrap-pad (tests/modes/test_keywrap.c).
 */
#include "aes/aes_i.h"
#include "internal.h"
#include "rijn/keywrap.h"

#define KW_MAX ((uint64_t)1 << 32) /* cap on wrapped key data (bytes) */

/* 1 if n > max; constant false (and no warning) where size_t cannot hold
 * such a length. */
#if SIZE_MAX > 0xFFFFFFFFu
#define OVER(n, max) ((uint64_t)(n) > (max))
#else
#define OVER(n, max) 0
#endif

static const uint8_t icv1[8] = {0xA6, 0xA6, 0xA6, 0xA6, 0xA6, 0xA6, 0xA6, 0xA6};
static const uint8_t icv2[4] = {0xA6, 0x59, 0x59, 0xA6};

static void fwd(const rijn_aes_ctx *k, int inv, uint8_t b[16])
{
    if (inv)
        rijn_i_aes_dec(k, b, b, 1);
    else
        rijn_i_aes_enc(k, b, b, 1);
}

static void bwd(const rijn_aes_ctx *k, int inv, uint8_t b[16])
{
    if (inv)
        rijn_i_aes_enc(k, b, b, 1);
    else
        rijn_i_aes_dec(k, b, b, 1);
}

static void xor_t(uint8_t a[8], uint64_t t)
{
    uint8_t tb[8];
    rijn_store64_be(tb, t);
    rijn_xor(a, a, tb, 8);
}

/* W: a = A (8 bytes, updated), r = R[1..n], n >= 2. */
static void wrap_w(const rijn_aes_ctx *k, int inv, uint8_t a[8], uint8_t *r, size_t n)
{
    uint8_t b[16];
    uint64_t t = 1;
    size_t i;
    unsigned j;
    memcpy(b, a, 8);
    for (j = 0; j < 6; j++) {
        for (i = 0; i < n; i++, t++) {
            memcpy(b + 8, r + 8 * i, 8);
            fwd(k, inv, b);
            xor_t(b, t);
            memcpy(r + 8 * i, b + 8, 8);
        }
    }
    memcpy(a, b, 8);
    rijn_wipe(b, sizeof b);
}

static void unwrap_w(const rijn_aes_ctx *k, int inv, uint8_t a[8], uint8_t *r, size_t n)
{
    uint8_t b[16];
    uint64_t t = (uint64_t)(6 * n); /* no overflow: n <= 2^29 (16-bit size_t: < 8192) */
    size_t i;
    unsigned j;
    memcpy(b, a, 8);
    for (j = 0; j < 6; j++) {
        for (i = n; i > 0; i--, t--) {
            xor_t(b, t);
            memcpy(b + 8, r + 8 * (i - 1), 8);
            bwd(k, inv, b);
            memcpy(r + 8 * (i - 1), b + 8, 8);
        }
    }
    memcpy(a, b, 8);
    rijn_wipe(b, sizeof b);
}

/* Common argument checks. need: bytes of out the call uses. */
static int check(const rijn_aes_ctx *kek, int inv, int wrap, uint8_t *out, size_t out_size,
                 size_t *out_len, const uint8_t *in, size_t len, size_t need)
{
    int r;
    /* wrapping runs the forward function, unwrapping the backward one */
    RIJN_CHECK_PTR(kek);
    r = (wrap != inv) ? rijn_i_aes_check_enc(kek) : rijn_i_aes_check_dec(kek);
    if (r != RIJN_OK)
        return r;
    RIJN_CHECK_PTR(out_len);
    *out_len = 0;
    RIJN_CHECK_BUF(in, len);
    RIJN_CHECK_BUF(out, out_size);
    if (out_size < need)
        return RIJN_ERR_BUFFER;
    if (out != in && rijn_overlaps(out, need, in, len))
        return RIJN_ERR_PARAM;
    return RIJN_OK;
}

static int kw_wrap(const rijn_aes_ctx *kek, int inv, uint8_t *out, size_t out_size,
                   size_t *out_len, const uint8_t *in, size_t len)
{
    uint8_t a[8];
    int r;
    if (out_len != NULL)
        *out_len = 0;
    if (len % 8 != 0 || len < 16)
        return RIJN_ERR_LENGTH;
    if (OVER(len, KW_MAX) || len > SIZE_MAX - 16)
        return RIJN_ERR_LIMIT;
    r = check(kek, inv, 1, out, out_size, out_len, in, len, len + 8);
    if (r != RIJN_OK)
        return r;
    memmove(out + 8, in, len);
    memcpy(a, icv1, 8);
    wrap_w(kek, inv, a, out + 8, len / 8);
    memcpy(out, a, 8);
    rijn_wipe(a, sizeof a);
    *out_len = len + 8;
    return RIJN_OK;
}

static int kw_unwrap(const rijn_aes_ctx *kek, int inv, uint8_t *out, size_t out_size,
                     size_t *out_len, const uint8_t *in, size_t len)
{
    uint8_t a[8];
    int r, ok;
    if (out_len != NULL)
        *out_len = 0;
    if (len % 8 != 0 || len < 24)
        return RIJN_ERR_LENGTH;
    if (OVER(len - 8, KW_MAX))
        return RIJN_ERR_LIMIT;
    r = check(kek, inv, 0, out, out_size, out_len, in, len, len - 8);
    if (r != RIJN_OK)
        return r;
    memcpy(a, in, 8);
    memmove(out, in + 8, len - 8);
    unwrap_w(kek, inv, a, out, len / 8 - 1);
    ok = rijn_ct_equal(a, icv1, 8);
    rijn_wipe(a, sizeof a);
    if (!ok) {
        rijn_wipe(out, len - 8);
        return RIJN_ERR_AUTH;
    }
    *out_len = len - 8;
    return RIJN_OK;
}

static int kwp_wrap(const rijn_aes_ctx *kek, int inv, uint8_t *out, size_t out_size,
                    size_t *out_len, const uint8_t *in, size_t len)
{
    uint8_t a[16];
    size_t plen;
    int r;
    if (out_len != NULL)
        *out_len = 0;
    if (len == 0)
        return RIJN_ERR_LENGTH;
    if (OVER(len, KW_MAX - 1) || len > SIZE_MAX - 16)
        return RIJN_ERR_LIMIT;
    plen = (len + 7) & ~(size_t)7;
    r = check(kek, inv, 1, out, out_size, out_len, in, len, plen + 8);
    if (r != RIJN_OK)
        return r;
    memmove(out + 8, in, len);
    memset(out + 8 + len, 0, plen - len);
    memcpy(a, icv2, 4);
    rijn_store32_be(a + 4, (uint32_t)len);
    if (plen == 8) {
        memcpy(a + 8, out + 8, 8);
        fwd(kek, inv, a);
        memcpy(out, a, 16);
    } else {
        wrap_w(kek, inv, a, out + 8, plen / 8);
        memcpy(out, a, 8);
    }
    rijn_wipe(a, sizeof a);
    *out_len = plen + 8;
    return RIJN_OK;
}

/* 1 if a < b, for a, b < 2^63; no branch. */
static uint32_t lt64(uint64_t a, uint64_t b)
{
    return (uint32_t)((a - b) >> 63);
}

static int kwp_unwrap(const rijn_aes_ctx *kek, int inv, uint8_t *out, size_t out_size,
                      size_t *out_len, const uint8_t *in, size_t len)
{
    uint8_t a[16];
    uint32_t mli, bad, k;
    size_t plen = len - 8;
    int r;
    if (out_len != NULL)
        *out_len = 0;
    if (len % 8 != 0 || len < 16)
        return RIJN_ERR_LENGTH;
    if (OVER(plen, KW_MAX))
        return RIJN_ERR_LIMIT;
    r = check(kek, inv, 0, out, out_size, out_len, in, len, plen);
    if (r != RIJN_OK)
        return r;
    if (plen == 8) {
        memcpy(a, in, 16);
        bwd(kek, inv, a);
        memcpy(out, a + 8, 8);
    } else {
        memcpy(a, in, 8);
        memmove(out, in + 8, plen);
        unwrap_w(kek, inv, a, out, plen / 8);
    }
    /* ICV2, then plen - 8 < MLI <= plen, then zero padding (MLI = 0 fails
     * the lower bound). */
    bad = (uint32_t)(rijn_ct_equal(a, icv2, 4) ^ 1);
    mli = rijn_load32_be(a + 4);
    bad |= 1u ^ lt64((uint64_t)plen - 8, mli);
    bad |= lt64(plen, mli);
    for (k = 0; k < 8; k++) {
        /* byte plen - 8 + k must be zero when its position is >= MLI */
        uint32_t pad = 1u ^ lt64((uint64_t)plen - 8 + k, mli);
        bad |= pad & rijn_ct_nonzero32(out[plen - 8 + k]);
    }
    rijn_wipe(a, sizeof a);
    if (bad) {
        rijn_wipe(out, plen);
        return RIJN_ERR_AUTH;
    }
    *out_len = (size_t)mli; /* mli <= plen, a size_t */
    return RIJN_OK;
}

int rijn_kw_wrap(const rijn_aes_ctx *kek, uint8_t *out, size_t out_size, size_t *out_len,
                 const uint8_t *in, size_t len)
{
    return kw_wrap(kek, 0, out, out_size, out_len, in, len);
}
int rijn_kw_unwrap(const rijn_aes_ctx *kek, uint8_t *out, size_t out_size, size_t *out_len,
                   const uint8_t *in, size_t len)
{
    return kw_unwrap(kek, 0, out, out_size, out_len, in, len);
}
int rijn_kwp_wrap(const rijn_aes_ctx *kek, uint8_t *out, size_t out_size, size_t *out_len,
                  const uint8_t *in, size_t len)
{
    return kwp_wrap(kek, 0, out, out_size, out_len, in, len);
}
int rijn_kwp_unwrap(const rijn_aes_ctx *kek, uint8_t *out, size_t out_size, size_t *out_len,
                    const uint8_t *in, size_t len)
{
    return kwp_unwrap(kek, 0, out, out_size, out_len, in, len);
}
int rijn_kw_wrap_inv(const rijn_aes_ctx *kek, uint8_t *out, size_t out_size, size_t *out_len,
                     const uint8_t *in, size_t len)
{
    return kw_wrap(kek, 1, out, out_size, out_len, in, len);
}
int rijn_kw_unwrap_inv(const rijn_aes_ctx *kek, uint8_t *out, size_t out_size,
                       size_t *out_len, const uint8_t *in, size_t len)
{
    return kw_unwrap(kek, 1, out, out_size, out_len, in, len);
}
int rijn_kwp_wrap_inv(const rijn_aes_ctx *kek, uint8_t *out, size_t out_size, size_t *out_len,
                      const uint8_t *in, size_t len)
{
    return kwp_wrap(kek, 1, out, out_size, out_len, in, len);
}
int rijn_kwp_unwrap_inv(const rijn_aes_ctx *kek, uint8_t *out, size_t out_size,
                        size_t *out_len, const uint8_t *in, size_t len)
{
    return kwp_unwrap(kek, 1, out, out_size, out_len, in, len);
}
