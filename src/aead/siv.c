/*
 * siv.c -- AES-SIV (RFC 5297): S2V over a vector of strings, then CTR.
 *
 * Implementation notes
 *  Layout: two AES encryption schedules (K1 for S2V/CMAC, K2 for CTR), the
 *  CMAC subkeys of K1 and D0 = CMAC(0^128), so a message costs no extra
 *  block for S2V's start. S2V folds each header string into D with
 *  D = dbl(D) ^ CMAC(S_i); for the last string (the plaintext) it runs one
 *  CMAC pass over the text with the "xorend" applied on the fly to the
 *  last 16 bytes (or dbl/pad for shorter texts), so no copy of the
 *  message is made. CTR starts at Q = V with bits 63 and 31 (from the
 *  right) cleared and counts modulo 2^128 through rijn_i_ctr128 (batched
 *  N-block calls; not the class's fused CTR hook, which may branch on the
 *  counter, because during open V is not yet known to be genuine).
 *  seal: S2V over (header, plaintext), then CTR (works in place).
 *  open: CTR into out, S2V over the recovered plaintext, constant-time
 *  compare with V; out is wiped on a mismatch (SIV's tag covers the
 *  plaintext, so decryption must come first).
 *  Constant time: dbl uses a mask; no branch depends on secrets; lengths
 *  and the number of components are public.
 *  Proof: RFC 5297 appendix A (cryptography_vectors SIV/openssl.txt, which
 *  carries A.1 and A.2 with three header components, plus AES-192/256
 *  cases), Wycheproof aes_siv_cmac_test.json (deterministic) and
 *  aead_aes_siv_cmac_test.json (nonce as last component), and a
 *  differential test against OpenSSL's AES-*-SIV with random component
 *  vectors (tests/aead/test_siv.c).
 */
#include "aes/aes_i.h"
#include "cmac_i.h"
#include "internal.h"
#include "rijn/siv.h"

size_t rijn_siv_key_min(void) { return RIJN_SIV_KEY_MIN; }
size_t rijn_siv_key_max(void) { return RIJN_SIV_KEY_MAX; }
size_t rijn_siv_nonce_size(void) { return RIJN_SIV_NONCE_SIZE; }
size_t rijn_siv_nonce_min(void) { return RIJN_SIV_NONCE_MIN; }
size_t rijn_siv_nonce_max(void) { return RIJN_SIV_NONCE_MAX; }
size_t rijn_siv_tag_size(void) { return RIJN_SIV_TAG_SIZE; }
size_t rijn_siv_tag_min(void) { return RIJN_SIV_TAG_MIN; }
size_t rijn_siv_tag_max(void) { return RIJN_SIV_TAG_MAX; }

int rijn_siv_init(rijn_siv_ctx *ctx, const uint8_t *key, size_t key_len)
{
    rijn_cmac_state st;
    uint8_t zero[16] = {0};
    size_t half = key_len / 2;
    int r;
    RIJN_CHECK_PTR(ctx);
    memset(ctx, 0, sizeof *ctx);
    RIJN_CHECK_PTR(key);
    if (key_len != 32 && key_len != 48 && key_len != 64)
        return RIJN_ERR_KEY_LEN;
    r = rijn_aes_init_enc(&ctx->mac, key, half);
    if (r == RIJN_OK)
        r = rijn_aes_init_enc(&ctx->ctr, key + half, half);
    if (r != RIJN_OK) {
        rijn_siv_wipe(ctx);
        return r;
    }
    rijn_i_cmac_subkeys(&ctx->mac, ctx->k1, ctx->k2);
    rijn_i_cmac_start(&st);
    rijn_i_cmac_update(&ctx->mac, &st, zero, 16);
    rijn_i_cmac_final(&ctx->mac, &st, ctx->k1, ctx->k2, ctx->d0);
    ctx->keyed = 1;
    return RIJN_OK;
}

void rijn_siv_wipe(rijn_siv_ctx *ctx)
{
    rijn_wipe(ctx, ctx != NULL ? sizeof *ctx : 0);
}

static void cmac(const rijn_siv_ctx *c, const uint8_t *in, size_t len, uint8_t out[16])
{
    rijn_cmac_state st;
    rijn_i_cmac_start(&st);
    rijn_i_cmac_update(&c->mac, &st, in, len);
    rijn_i_cmac_final(&c->mac, &st, c->k1, c->k2, out);
}

/* S2V(K1, ad[0..n), p) into v. */
static void s2v(const rijn_siv_ctx *c, const rijn_siv_ad *ad, size_t n, const uint8_t *p,
                size_t pl, uint8_t v[16])
{
    uint8_t d[16], t[16];
    rijn_cmac_state st;
    size_t i;
    memcpy(d, c->d0, 16);
    for (i = 0; i < n; i++) {
        cmac(c, ad[i].data, ad[i].len, t);
        rijn_i_dbl(d);
        rijn_xor16(d, d, t);
    }
    rijn_i_cmac_start(&st);
    if (pl >= 16) {
        rijn_i_cmac_update(&c->mac, &st, p, pl - 16);
        rijn_xor16(t, p + pl - 16, d); /* xorend */
    } else {
        rijn_i_dbl(d);
        memset(t, 0, 16);
        if (pl > 0)
            memcpy(t, p, pl);
        t[pl] = 0x80;
        rijn_xor16(t, t, d);
    }
    rijn_i_cmac_update(&c->mac, &st, t, 16);
    rijn_i_cmac_final(&c->mac, &st, c->k1, c->k2, v);
    rijn_wipe(d, sizeof d);
    rijn_wipe(t, sizeof t);
}

static void ctr(const rijn_siv_ctx *c, const uint8_t v[16], uint8_t *out, const uint8_t *in,
                size_t len)
{
    uint8_t q[16];
    memcpy(q, v, 16);
    q[8] &= 0x7f;
    q[12] &= 0x7f;
    /* V is sent in the clear, but it is computed from secrets and may
     * be checked against a forgery: keep it off the fused CTR hook too */
    rijn_i_ctr128(&c->ctr, 1, q, out, in, len);
    rijn_wipe(q, sizeof q);
}

static int check(const rijn_siv_ctx *ctx, const uint8_t *out, const uint8_t *v,
                 const rijn_siv_ad *ad, size_t n, const uint8_t *in, size_t len)
{
    size_t i;
    int r;
    RIJN_CHECK_PTR(ctx);
    if (ctx->keyed != 1)
        return RIJN_ERR_STATE;
    r = rijn_i_aes_check_enc(&ctx->mac);
    if (r != RIJN_OK)
        return r;
    RIJN_CHECK_PTR(v);
    if (n > RIJN_SIV_MAX_AD)
        return RIJN_ERR_PARAM;
    RIJN_CHECK_BUF(ad, n);
    for (i = 0; i < n; i++)
        RIJN_CHECK_BUF(ad[i].data, ad[i].len);
    return rijn_i_io_check(out, in, len, v, 16);
}

int rijn_siv_seal_v(const rijn_siv_ctx *ctx, uint8_t *out, uint8_t v[16], const rijn_siv_ad *ad,
                    size_t ad_count, const uint8_t *in, size_t len)
{
    uint8_t iv[16];
    int r = check(ctx, out, v, ad, ad_count, in, len);
    if (r != RIJN_OK)
        return r;
    s2v(ctx, ad, ad_count, in, len, iv);
    ctr(ctx, iv, out, in, len);
    memcpy(v, iv, 16);
    rijn_wipe(iv, sizeof iv);
    return RIJN_OK;
}

int rijn_siv_open_v(const rijn_siv_ctx *ctx, uint8_t *out, const uint8_t v[16],
                    const rijn_siv_ad *ad, size_t ad_count, const uint8_t *in, size_t len)
{
    uint8_t iv[16], t[16];
    int r = check(ctx, out, v, ad, ad_count, in, len), ok;
    if (r != RIJN_OK)
        return r;
    memcpy(iv, v, 16); /* v must stay readable even if the caller reuses it */
    ctr(ctx, iv, out, in, len);
    s2v(ctx, ad, ad_count, out, len, t);
    ok = rijn_ct_equal(t, iv, 16);
    rijn_wipe(t, sizeof t);
    rijn_wipe(iv, sizeof iv);
    if (!ok) {
        rijn_wipe(out, len);
        return RIJN_ERR_AUTH;
    }
    return RIJN_OK;
}

/* The rijn/aead.h shape: the checks of seal/open, then their components
 * (aad) or (aad, nonce). */
static int components(const rijn_siv_ctx *ctx, size_t tag_len, rijn_siv_ad c[2], size_t *n,
                      const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len)
{
    if (ctx == NULL)
        return RIJN_ERR_NULL;
    if (tag_len != RIJN_SIV_TAG_SIZE)
        return RIJN_ERR_TAG_LEN;
    RIJN_CHECK_BUF(nonce, nonce_len);
    c[0].data = aad;
    c[0].len = aad_len;
    c[1].data = nonce;
    c[1].len = nonce_len;
    *n = nonce_len > 0 ? 2 : 1;
    return RIJN_OK;
}

int rijn_siv_seal(const rijn_siv_ctx *ctx, uint8_t *out, uint8_t *tag, size_t tag_len,
                  const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                  const uint8_t *in, size_t len)
{
    rijn_siv_ad c[2];
    size_t n = 0;
    int r = components(ctx, tag_len, c, &n, nonce, nonce_len, aad, aad_len);
    return r != RIJN_OK ? r : rijn_siv_seal_v(ctx, out, tag, c, n, in, len);
}

int rijn_siv_open(const rijn_siv_ctx *ctx, uint8_t *out, const uint8_t *tag, size_t tag_len,
                  const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                  const uint8_t *in, size_t len)
{
    rijn_siv_ad c[2];
    size_t n = 0;
    int r = components(ctx, tag_len, c, &n, nonce, nonce_len, aad, aad_len);
    return r != RIJN_OK ? r : rijn_siv_open_v(ctx, out, tag, c, n, in, len);
}
