/*
 * eax.c -- AES-EAX (Bellare-Rogaway-Wagner): one-shot and streaming.
 *
 * Implementation notes
 *  EAX = N' = OMAC^0(N), H' = OMAC^1(H), C = CTR_{N'}(M), C' = OMAC^2(C),
 *  T = N' ^ H' ^ C', where OMAC^t(X) = CMAC([t]_16 || X). The keyed
 *  context holds the AES encryption schedule and the CMAC subkeys; the
 *  message state (rijn_eax_msg) holds two running CMAC states (header and
 *  ciphertext), N', the counter and the unused keystream of a partial
 *  block, so any split of AAD and text gives the same result. seal/open
 *  keep their message state on the stack and leave the context untouched.
 *  open runs the ciphertext CMAC and checks the tag before the CTR pass,
 *  so no plaintext is written unless the tag is right.
 *  Counter: 128-bit big-endian, wrapping; whole blocks go through
 *  rijn_i_ctr128, or, when encrypting on a class with a cbcmac entry
 *  (x86ni), through one stitched pass that also runs OMAC^2 over the
 *  ciphertext (two independent AES chains per round sequence; the entry
 *  carries the counter without a branch).
 *  Constant time: CMAC and CTR have no data-dependent branches; tags are
 *  compared with rijn_ct_equal. Lengths are public.
 *  Proof: the 10 vectors of the EAX paper (in Wycheproof aes_eax_test.json,
 *  "eprint.iacr.org/2003/069"), all of Wycheproof aes_eax_test.json, and a
 *  differential test against EAX assembled from OpenSSL's CMAC and AES-CTR
 *  with random splits (tests/aead/test_eax.c).
 *  The counter N' is secret, so CTR never uses the AES class's fused CTR
 *  hook (which may branch on the counter); it runs batches of counter
 *  blocks through the N-block entry.
 */
#include "aes/aes_i.h"
#include "cmac_i.h"
#include "internal.h"
#include "rijn/eax.h"

size_t rijn_eax_key_min(void) { return RIJN_EAX_KEY_MIN; }
size_t rijn_eax_key_max(void) { return RIJN_EAX_KEY_MAX; }
size_t rijn_eax_nonce_size(void) { return RIJN_EAX_NONCE_SIZE; }
size_t rijn_eax_nonce_min(void) { return RIJN_EAX_NONCE_MIN; }
size_t rijn_eax_nonce_max(void) { return RIJN_EAX_NONCE_MAX; }
size_t rijn_eax_tag_size(void) { return RIJN_EAX_TAG_SIZE; }
size_t rijn_eax_tag_min(void) { return RIJN_EAX_TAG_MIN; }
size_t rijn_eax_tag_max(void) { return RIJN_EAX_TAG_MAX; }

int rijn_eax_init(rijn_eax_ctx *ctx, const uint8_t *key, size_t key_len)
{
    int r;
    RIJN_CHECK_PTR(ctx);
    memset(ctx, 0, sizeof *ctx);
    RIJN_CHECK_PTR(key);
    r = rijn_aes_init_enc(&ctx->aes, key, key_len);
    if (r != RIJN_OK) {
        rijn_eax_wipe(ctx);
        return r;
    }
    rijn_i_cmac_subkeys(&ctx->aes, ctx->k1, ctx->k2);
    ctx->keyed = 1;
    return RIJN_OK;
}

void rijn_eax_wipe(rijn_eax_ctx *ctx)
{
    rijn_wipe(ctx, ctx != NULL ? sizeof *ctx : 0);
}

static int check_keyed(const rijn_eax_ctx *ctx)
{
    if (ctx == NULL)
        return RIJN_ERR_NULL;
    if (ctx->keyed != 1)
        return RIJN_ERR_STATE;
    return rijn_i_aes_check_enc(&ctx->aes);
}

/* OMAC^t: a CMAC state that has absorbed [t]_16. */
static void omac_start(const rijn_eax_ctx *ctx, rijn_cmac_state *st, uint8_t t)
{
    uint8_t blk[16] = {0};
    blk[15] = t;
    rijn_i_cmac_start(st);
    rijn_i_cmac_update(&ctx->aes, st, blk, 16);
}

static void msg_start(const rijn_eax_ctx *ctx, rijn_eax_msg *m, const uint8_t *nonce,
                      size_t nonce_len)
{
    rijn_cmac_state st;
    omac_start(ctx, &st, 0);
    rijn_i_cmac_update(&ctx->aes, &st, nonce, nonce_len);
    rijn_i_cmac_final(&ctx->aes, &st, ctx->k1, ctx->k2, m->n);
    memcpy(m->ctr, m->n, 16);
    omac_start(ctx, &m->h, 1);
    omac_start(ctx, &m->c, 2);
    m->ks_pos = 16;
    m->state = RIJN_I_AEAD_AAD;
}

/* out = in XOR keystream, continuing where the last call stopped. */
static void ctr_xor(const rijn_eax_ctx *ctx, rijn_eax_msg *m, uint8_t *out, const uint8_t *in,
                    size_t len)
{
    size_t n;
    while (len > 0 && m->ks_pos < 16) {
        *out++ = (uint8_t)(*in++ ^ m->ks[m->ks_pos++]);
        len--;
    }
    n = len & ~(size_t)15;
    if (n > 0) {
        rijn_i_ctr128(&ctx->aes, 1, m->ctr, out, in, n); /* N' is secret */
        out += n;
        in += n;
        len -= n;
    }
    if (len > 0) {
        rijn_i_aes_enc(&ctx->aes, m->ks, m->ctr, 1);
        rijn_ctr_inc(m->ctr, 16);
        rijn_xor(out, in, m->ks, len);
        m->ks_pos = (uint32_t)len;
    }
}

/* Encryption: whole blocks in one stitched pass of the class's cbcmac
 * entry (CTR on the secret 128-bit counter, carried without a branch, and
 * OMAC^2 over the ciphertext it makes), the last block kept back for the
 * CMAC's final masking. Only at a block boundary (the CMAC state then
 * holds exactly one full block back). Returns the bytes done. */
static size_t enc_blocks(const rijn_eax_ctx *ctx, rijn_eax_msg *m, uint8_t *out,
                         const uint8_t *in, size_t len)
{
    const rijn_aes_ctx *a = &ctx->aes;
    size_t nb;
    if (a->impl->cbcmac == NULL || m->ks_pos != 16 || len <= 16 || m->c.buf_len != 16)
        return 0;
    rijn_i_cbcmac(a, m->c.x, m->c.buf, 1); /* more input: not the last block */
    m->c.buf_len = 0;
    nb = (len - 1) / 16;
    a->impl->cbcmac(a->ks, (unsigned)a->rounds, RIJN_I_CBCMAC_DEC | RIJN_I_CBCMAC_CTR128,
                    m->c.x, m->ctr, out, in, nb);
    return 16 * nb;
}

static void msg_tag(const rijn_eax_ctx *ctx, rijn_eax_msg *m, uint8_t tag[16])
{
    uint8_t h[16], c[16];
    rijn_i_cmac_final(&ctx->aes, &m->h, ctx->k1, ctx->k2, h);
    rijn_i_cmac_final(&ctx->aes, &m->c, ctx->k1, ctx->k2, c);
    rijn_xor16(tag, m->n, h);
    rijn_xor16(tag, tag, c);
    rijn_wipe(h, sizeof h);
    rijn_wipe(c, sizeof c);
}

static int check_args(const rijn_eax_ctx *ctx, const uint8_t *out, const uint8_t *tag,
                      size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                      const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len)
{
    int r = check_keyed(ctx);
    if (r != RIJN_OK)
        return r;
    if (tag_len < RIJN_EAX_TAG_MIN || tag_len > RIJN_EAX_TAG_MAX)
        return RIJN_ERR_TAG_LEN;
    RIJN_CHECK_PTR(tag);
    RIJN_CHECK_BUF(nonce, nonce_len);
    RIJN_CHECK_BUF(aad, aad_len);
    return rijn_i_io_check(out, in, len, tag, tag_len);
}

int rijn_eax_seal(const rijn_eax_ctx *ctx, uint8_t *out, uint8_t *tag, size_t tag_len,
                  const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                  const uint8_t *in, size_t len)
{
    rijn_eax_msg m;
    uint8_t full[16];
    size_t done;
    int r = check_args(ctx, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, len);
    if (r != RIJN_OK)
        return r;
    msg_start(ctx, &m, nonce, nonce_len);
    rijn_i_cmac_update(&ctx->aes, &m.h, aad, aad_len);
    done = enc_blocks(ctx, &m, out, in, len);
    ctr_xor(ctx, &m, out + done, in + done, len - done);
    rijn_i_cmac_update(&ctx->aes, &m.c, out + done, len - done);
    msg_tag(ctx, &m, full);
    memcpy(tag, full, tag_len);
    rijn_wipe(full, sizeof full);
    rijn_wipe(&m, sizeof m);
    return RIJN_OK;
}

int rijn_eax_open(const rijn_eax_ctx *ctx, uint8_t *out, const uint8_t *tag, size_t tag_len,
                  const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                  const uint8_t *in, size_t len)
{
    rijn_eax_msg m;
    uint8_t full[16];
    int r = check_args(ctx, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, len), ok;
    if (r != RIJN_OK)
        return r;
    msg_start(ctx, &m, nonce, nonce_len);
    rijn_i_cmac_update(&ctx->aes, &m.h, aad, aad_len);
    rijn_i_cmac_update(&ctx->aes, &m.c, in, len);
    msg_tag(ctx, &m, full);
    ok = rijn_ct_equal(full, tag, tag_len);
    rijn_wipe(full, sizeof full);
    if (ok) {
        ctr_xor(ctx, &m, out, in, len);
    } else if (len > 0) {
        memset(out, 0, len);
        r = RIJN_ERR_AUTH;
    } else {
        r = RIJN_ERR_AUTH;
    }
    rijn_wipe(&m, sizeof m);
    return r;
}

/* ---- streaming ------------------------------------------------------------ */

int rijn_eax_start(rijn_eax_ctx *ctx, const uint8_t *nonce, size_t nonce_len)
{
    int r = check_keyed(ctx);
    if (r != RIJN_OK)
        return r;
    RIJN_CHECK_BUF(nonce, nonce_len);
    msg_start(ctx, &ctx->msg, nonce, nonce_len);
    return RIJN_OK;
}

int rijn_eax_aad(rijn_eax_ctx *ctx, const uint8_t *aad, size_t len)
{
    int r = check_keyed(ctx);
    if (r != RIJN_OK)
        return r;
    if (ctx->msg.state != RIJN_I_AEAD_AAD)
        return RIJN_ERR_STATE;
    RIJN_CHECK_BUF(aad, len);
    rijn_i_cmac_update(&ctx->aes, &ctx->msg.h, aad, len);
    return RIJN_OK;
}

static int update(rijn_eax_ctx *ctx, uint32_t dir, uint8_t *out, const uint8_t *in, size_t len)
{
    int r = check_keyed(ctx);
    if (r != RIJN_OK)
        return r;
    if (ctx->msg.state != RIJN_I_AEAD_AAD && ctx->msg.state != dir)
        return RIJN_ERR_STATE;
    r = rijn_i_io_check(out, in, len, NULL, 0);
    if (r != RIJN_OK)
        return r;
    ctx->msg.state = dir;
    if (dir == RIJN_I_AEAD_DEC) {
        rijn_i_cmac_update(&ctx->aes, &ctx->msg.c, in, len); /* before out == in is overwritten */
        ctr_xor(ctx, &ctx->msg, out, in, len);
    } else {
        size_t done = enc_blocks(ctx, &ctx->msg, out, in, len);
        ctr_xor(ctx, &ctx->msg, out + done, in + done, len - done);
        rijn_i_cmac_update(&ctx->aes, &ctx->msg.c, out + done, len - done);
    }
    return RIJN_OK;
}

int rijn_eax_encrypt_update(rijn_eax_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    return update(ctx, RIJN_I_AEAD_ENC, out, in, len);
}

int rijn_eax_decrypt_update(rijn_eax_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    return update(ctx, RIJN_I_AEAD_DEC, out, in, len);
}

static int final(rijn_eax_ctx *ctx, uint32_t dir, uint8_t *tag_out, const uint8_t *tag_in,
                 size_t tag_len)
{
    uint8_t full[16];
    int r = check_keyed(ctx), ok = 1;
    if (r != RIJN_OK)
        return r;
    if (ctx->msg.state != RIJN_I_AEAD_AAD && ctx->msg.state != dir)
        return RIJN_ERR_STATE;
    if (tag_len < RIJN_EAX_TAG_MIN || tag_len > RIJN_EAX_TAG_MAX)
        return RIJN_ERR_TAG_LEN;
    if (tag_out == NULL && tag_in == NULL)
        return RIJN_ERR_NULL;
    msg_tag(ctx, &ctx->msg, full);
    if (tag_out != NULL)
        memcpy(tag_out, full, tag_len);
    else
        ok = rijn_ct_equal(full, tag_in, tag_len);
    rijn_wipe(full, sizeof full);
    rijn_wipe(&ctx->msg, sizeof ctx->msg); /* state = IDLE */
    return ok ? RIJN_OK : RIJN_ERR_AUTH;
}

int rijn_eax_encrypt_final(rijn_eax_ctx *ctx, uint8_t *tag, size_t tag_len)
{
    return final(ctx, RIJN_I_AEAD_ENC, tag, NULL, tag_len);
}

int rijn_eax_decrypt_final(rijn_eax_ctx *ctx, const uint8_t *tag, size_t tag_len)
{
    return final(ctx, RIJN_I_AEAD_DEC, NULL, tag, tag_len);
}
