/*
 * ccm.c -- AES-CCM (NIST SP 800-38C): the message core, key setup and the
 * one-shot seal/open (the streaming calls are in ccm_stream.c).
 *
 * Implementation notes
 *   Layout: an encryption-only AES schedule and one rijn_ccm_msg: the
 *   CBC-MAC value x (input bytes are XORed straight into it; mac_pos
 *   counts them, and a full or final zero-padded block is one AES call),
 *   the counter block A_i (flags L-1, nonce, i in L bytes; it never
 *   carries past the L bytes because msg_len < 2^(8L) is checked), the
 *   tag mask S_0 = E(A_0) and the keystream of a partial text block.
 *   B_0 = flags (Adata, (t-2)/2, L-1) || nonce || msg_len; the AAD is
 *   prefixed with its length (2, 2+4 or 2+8 bytes, SP 800-38C A.2.2).
 *   The CBC-MAC is serial: whole blocks go through the class's cbcmac
 *   entry when it has one (x86ni: the chain stays in a register), else one
 *   block per AES call. Text: whole blocks take one stitched pass of that
 *   entry (the CTR block and the MAC block share each round sequence, two
 *   independent chains, so a block costs about one AES latency); the rest
 *   (partial blocks, classes without the entry) MACs each chunk before
 *   encrypting it and decryption after, so out == in works. One-shot
 *   calls MAC B_0 and up to 4 blocks of prefix || AAD in one pass, which
 *   also yields S_0 (its CTR half runs from A_0; the extra keystream it
 *   makes is wiped). Short-message buffers are wiped in line.
 *   open decrypts, MACs the plaintext, compares in constant time and wipes
 *   out on failure (the tag covers the plaintext, so it cannot be checked
 *   first).
 *   Constant time: branches only on lengths and call order; AES per class.
 *   Vectors: CAVP DVPT/VADT/VNT/VPT/VTT (128/192/256), Wycheproof
 *   aes_ccm_test.json, differential tests vs OpenSSL (tests/aead/test_ccm*.c).
 */
#include "ccm_i.h"
#include "cmac_i.h"
#include "gcm_i.h"

#define CHUNK 4096u

void rijn_i_ccm_absorb(const rijn_aes_ctx *aes, rijn_ccm_msg *m, const uint8_t *p, size_t len)
{
    size_t pos = (size_t)m->mac_pos;
    if (pos == 0 && len >= 16) {
        size_t nb = len / 16;
        rijn_i_cbcmac(aes, m->x, p, nb); /* the class's fused chain if any */
        p += 16 * nb;
        len -= 16 * nb;
    }
    while (len > 0) {
        size_t take = 16 - pos < len ? 16 - pos : len;
        rijn_xor(m->x + pos, m->x + pos, p, take);
        p += take;
        len -= take;
        pos += take;
        if (pos == 16) {
            rijn_i_aes_enc(aes, m->x, m->x, 1);
            pos = 0;
        }
    }
    m->mac_pos = (uint32_t)pos;
}

static void mac_flush(const rijn_aes_ctx *aes, rijn_ccm_msg *m)
{
    if (m->mac_pos != 0) {
        rijn_i_aes_enc(aes, m->x, m->x, 1);
        m->mac_pos = 0;
    }
}

static void ks_xor(const rijn_aes_ctx *aes, rijn_ccm_msg *m, uint8_t *out, const uint8_t *in,
                   size_t len)
{
    size_t pos = (size_t)(m->msg_done % 16), nb;
    if (pos != 0) {
        size_t take = 16 - pos < len ? 16 - pos : len;
        rijn_xor(out, in, m->ks + pos, take);
        out += take;
        in += take;
        len -= take;
        if (pos + take < 16)
            return;
    }
    nb = len / 16;
    rijn_i_aead_ctr(aes, RIJN_I_CTR_BE128, m->ctr, out, in, nb);
    len %= 16;
    if (len != 0) {
        rijn_i_aead_ks(aes, RIJN_I_CTR_BE128, m->ctr, m->ks);
        rijn_xor(out + 16 * nb, in + 16 * nb, m->ks, len);
    }
}

static int tag_ok(size_t t)
{
    return t >= 4 && t <= 16 && t % 2 == 0;
}

int rijn_i_ccm_check_keyed(const rijn_ccm_ctx *ctx)
{
    RIJN_CHECK_PTR(ctx);
    return rijn_i_aes_check_enc(&ctx->aes) == RIJN_OK ? RIJN_OK : RIJN_ERR_STATE;
}

/* The AAD length prefix (SP 800-38C A.2.2) into h; returns its length. */
static size_t aad_hdr(uint8_t h[10], uint64_t aad_len)
{
    if (aad_len < 0xFF00u) {
        h[0] = (uint8_t)(aad_len >> 8);
        h[1] = (uint8_t)aad_len;
        return 2;
    }
    h[0] = 0xFF;
    if (aad_len <= 0xFFFFFFFFu) {
        h[1] = 0xFE;
        rijn_store32_be(h + 2, (uint32_t)aad_len);
        return 6;
    }
    h[1] = 0xFF;
    rijn_store64_be(h + 2, aad_len);
    return 10;
}

/* Checks and starts a message; nothing is written on error. With aad
 * (one-shot), B_0 and the first up to 4 blocks of prefix || AAD go through
 * one MAC call (zero-padded if the AAD ends there) and *head is the AAD
 * bytes taken; without (streaming), only B_0 and the prefix. S_0 = E(A_0)
 * rides along with the MAC pass when the class has a cbcmac entry. */
int rijn_i_ccm_start(const rijn_aes_ctx *aes, rijn_ccm_msg *m, const uint8_t *nonce,
                     size_t n, const uint8_t *aad, uint64_t aad_len, uint64_t msg_len,
                     size_t t, size_t *head)
{
    uint8_t b[16 * 5], a[16];
    size_t L = 15 - n, i, hl = 0, nb = 1;
    *head = 0;
    if (n < 7 || n > 13)
        return RIJN_ERR_NONCE_LEN;
    RIJN_CHECK_PTR(nonce);
    if (!tag_ok(t))
        return RIJN_ERR_TAG_LEN;
    if (L < 8 && (msg_len >> (8 * L)) != 0)
        return RIJN_ERR_LIMIT;
    memset(m, 0, sizeof *m);
    memset(b, 0, sizeof b);
    memset(a, 0, sizeof a);
    b[0] = (uint8_t)((aad_len != 0 ? 0x40u : 0u) | (((t - 2) / 2) << 3) | (L - 1));
    memcpy(b + 1, nonce, n);
    for (i = 0; i < L; i++)
        b[15 - i] = (uint8_t)(msg_len >> (8 * i));
    a[0] = (uint8_t)(L - 1); /* A_0 */
    memcpy(a + 1, nonce, n);
    memcpy(m->ctr, a, 16);
    if (aad_len != 0) {
        hl = aad_hdr(b + 16, aad_len);
        if (aad != NULL) {
            *head = rijn_i_gt64(aad_len, 64 - hl) ? 64 - hl : (size_t)aad_len;
            memcpy(b + 16 + hl, aad, *head);
            nb = 1 + (hl + *head + 15) / 16;
        }
    }
    if (aes->impl->cbcmac != NULL) {
        /* x = CBC-MAC of the nb blocks; b ^= E(A_0), E(A_1), ... */
        memcpy(m->s0, b, 16);
        aes->impl->cbcmac(aes->ks, (unsigned)aes->rounds, RIJN_I_CBCMAC_ENC, m->x, a, b, b, nb);
        rijn_i_xor16v(m->s0, m->s0, b);
        m->ctr[15] = 1; /* A_1: the counter field of A_0 is zero */
    } else {
        rijn_i_cbcmac(aes, m->x, b, nb);
        rijn_i_aead_ks(aes, RIJN_I_CTR_BE128, m->ctr, m->s0); /* ctr is now A_1 */
    }
    if (aad == NULL && hl != 0)
        rijn_i_ccm_absorb(aes, m, b + 16, hl); /* the AAD's prefix; its blocks follow */
    rijn_i_wipe_inl(b, sizeof b);
    m->aad_len = aad_len;
    m->msg_len = msg_len;
    m->tag_len = (uint32_t)t;
    m->state = RIJN_I_AEAD_AAD;
    return RIJN_OK;
}

void rijn_i_ccm_text(const rijn_aes_ctx *aes, rijn_ccm_msg *m, uint8_t *out, const uint8_t *in,
                     size_t len, int enc)
{
    if (m->state == RIJN_I_AEAD_AAD) {
        mac_flush(aes, m);
        m->state = enc ? RIJN_I_AEAD_ENC : RIJN_I_AEAD_DEC;
    }
    if (aes->impl->cbcmac != NULL && m->msg_done % 16 == 0 && len >= 16) {
        /* whole blocks: MAC and CTR in one pass of the class (mac_pos is
         * 0 here: the text MAC is block-aligned with msg_done) */
        size_t nb = len / 16;
        aes->impl->cbcmac(aes->ks, (unsigned)aes->rounds,
                          enc ? RIJN_I_CBCMAC_ENC : RIJN_I_CBCMAC_DEC, m->x, m->ctr, out, in,
                          nb);
        m->msg_done += 16 * nb;
        out += 16 * nb;
        in += 16 * nb;
        len -= 16 * nb;
    }
    while (len > 0) {
        size_t n = len < CHUNK ? len : CHUNK;
        if (enc) {
            rijn_i_ccm_absorb(aes, m, in, n);
            ks_xor(aes, m, out, in, n);
        } else {
            ks_xor(aes, m, out, in, n);
            rijn_i_ccm_absorb(aes, m, out, n);
        }
        m->msg_done += n;
        out += n;
        in += n;
        len -= n;
    }
}

/* Full tag (tag_len bytes valid) into t; wipes *m. */
void rijn_i_ccm_tag(const rijn_aes_ctx *aes, rijn_ccm_msg *m, uint8_t t[16])
{
    mac_flush(aes, m);
    rijn_i_xor16v(t, m->x, m->s0);
    rijn_i_wipe_inl(m, sizeof *m);
}

/* ---- public ------------------------------------------------------------- */

int rijn_ccm_init(rijn_ccm_ctx *ctx, const uint8_t *key, size_t key_len)
{
    RIJN_CHECK_PTR(ctx);
    memset(ctx, 0, sizeof *ctx);
    return rijn_aes_init_enc(&ctx->aes, key, key_len);
}

void rijn_ccm_wipe(rijn_ccm_ctx *ctx)
{
    rijn_wipe(ctx, ctx != NULL ? sizeof *ctx : 0);
}

/* The one-shot message: the checks, then the whole message through a
 * local rijn_ccm_msg (wiped), the full tag (tag_len bytes valid) into t. */
static int oneshot(const rijn_ccm_ctx *ctx, uint8_t *out, uint8_t t[16], const uint8_t *tag,
                   size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, size_t len, int enc)
{
    rijn_ccm_msg m;
    size_t head;
    int r = rijn_i_ccm_check_keyed(ctx);
    if (r != RIJN_OK)
        return r;
    RIJN_CHECK_BUF(aad, aad_len);
    RIJN_CHECK_BUF(out, len);
    RIJN_CHECK_BUF(in, len);
    r = rijn_i_ccm_start(&ctx->aes, &m, nonce, nonce_len, aad, aad_len, len, tag_len, &head);
    if (r != RIJN_OK)
        return r; /* m not written */
    if (tag == NULL)
        r = RIJN_ERR_NULL;
    else if ((out != in && rijn_overlaps(out, len, in, len)) ||
             rijn_overlaps(tag, tag_len, out, len) || rijn_overlaps(tag, tag_len, in, len))
        r = RIJN_ERR_PARAM;
    else {
        rijn_i_ccm_absorb(&ctx->aes, &m, aad + head, aad_len - head);
        m.aad_done = aad_len;
        rijn_i_ccm_text(&ctx->aes, &m, out, in, len, enc);
        rijn_i_ccm_tag(&ctx->aes, &m, t);
    }
    rijn_i_wipe_inl(&m, sizeof m);
    return r;
}

int rijn_ccm_seal(const rijn_ccm_ctx *ctx, uint8_t *out, uint8_t *tag, size_t tag_len,
                  const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                  const uint8_t *in, size_t len)
{
    uint8_t t[16];
    int r = oneshot(ctx, out, t, tag, tag_len, nonce, nonce_len, aad, aad_len, in, len, 1);
    if (r == RIJN_OK) {
        if (tag_len == 16)
            memcpy(tag, t, 16);
        else
            memcpy(tag, t, tag_len);
        rijn_i_wipe16(t);
    }
    return r;
}

int rijn_ccm_open(const rijn_ccm_ctx *ctx, uint8_t *out, const uint8_t *tag, size_t tag_len,
                  const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                  const uint8_t *in, size_t len)
{
    uint8_t t[16];
    int r = oneshot(ctx, out, t, tag, tag_len, nonce, nonce_len, aad, aad_len, in, len, 0);
    if (r == RIJN_OK) {
        if (!rijn_ct_equal(t, tag, tag_len)) {
            if (len != 0)
                rijn_wipe(out, len);
            r = RIJN_ERR_AUTH;
        }
        rijn_i_wipe16(t);
    }
    return r;
}

size_t rijn_ccm_key_min(void) { return RIJN_CCM_KEY_MIN; }
size_t rijn_ccm_key_max(void) { return RIJN_CCM_KEY_MAX; }
size_t rijn_ccm_nonce_size(void) { return RIJN_CCM_NONCE_SIZE; }
size_t rijn_ccm_nonce_min(void) { return RIJN_CCM_NONCE_MIN; }
size_t rijn_ccm_nonce_max(void) { return RIJN_CCM_NONCE_MAX; }
size_t rijn_ccm_tag_size(void) { return RIJN_CCM_TAG_SIZE; }
size_t rijn_ccm_tag_min(void) { return RIJN_CCM_TAG_MIN; }
size_t rijn_ccm_tag_max(void) { return RIJN_CCM_TAG_MAX; }
