/*
 * chachapoly.c -- ChaCha20-Poly1305 and XChaCha20-Poly1305 AEADs.
 *
 * Implementation notes
 *   Construction (RFC 8439 2.8): block 0 of ChaCha20 gives the one-time
 *   Poly1305 key; text is encrypted from counter 1; the MAC covers
 *   aad || pad16 || ciphertext || pad16 || le64(aad_len) || le64(len).
 *   XChaCha20: HChaCha20(key, nonce[0..16]) as key, nonce 0^4 ||
 *   nonce[16..24].
 *   Implementations: the context keeps the ChaCha20 and Poly1305
 *   registry entries chosen at init (core/registry.h; indexes in ctx->kind)
 *   and starts every message on them: no registry walk per message;
 *   rijn_i_chachapoly_use rebinds them by name (tests). With them the
 *   fused entry of the pair, if any (chachapoly_fused.c: ChaCha20 and
 *   Poly1305 in one pass on x86-64 without AVX-512): seal and the
 *   streaming updates hand it the whole groups of texts of 512 bytes or
 *   more (a streaming update first brings both halves to a 64-byte block
 *   boundary in two passes), then finish in two passes. A seal of one
 *   group or more starts on it too: block 0 on its integer units beside
 *   the first group's rounds (begin; chachapoly_fused.c has the figures).
 *   seal/open keep their state on the stack (const ctx); open writes
 *   plaintext only after the tag matched (on a fused entry it decrypts
 *   into a stack buffer beside block 0 and the MAC, open_mac). Builds
 *   without fused entries compile none of it (FUSED_KEY: Cortex-M0 -Os
 *   4,844 -> 4,736 bytes of flash, static stack 776 -> 752, mcu-measure).
 *   Constant time: ChaCha20 and Poly1305 are; the tag check is rijn_ct_equal.
 *   Vectors: RFC 8439 2.8.2 and A.5, XChaCha draft A.3.1, the
 *   cryptography-vectors ChaCha20Poly1305 files, Wycheproof
 *   chacha20_poly1305_test and xchacha20_poly1305_test, differential vs
 *   OpenSSL (tests/aead/test_chachapoly.c); the fused entries:
 *   tests/aead/test_chachapoly_fused.c.
 */
#include "rijn/chachapoly.h"

#include "chachapoly_i.h"
#include "internal.h"
#include "mac/mac_i.h"
#include "stream/stream_i.h"

/* ctx->kind: bits 0..7 the AEAD, 8..15 the ChaCha20 entry, 16..23 the
 * Poly1305 entry, 24..31 the fused entry of the pair (chachapoly_fused.c),
 * all chosen once at init (registry indexes: this file never names an
 * implementation) */
#define KIND_IETF 1u
#define KIND_X 2u
#define KIND(k) ((k) & 0xffu)
#define KIND_CHACHA(k) (((k) >> 8) & 0xffu)
#define KIND_POLY(k) (((k) >> 16) & 0xffu)
#define KIND_FUSED(k) ((k) >> 24)
/* shorter texts never ask the fused entry (no entry fuses less than two
 * 256-byte groups when sealing) */
#define FUSED_MIN 512
/* shorter seals and opens do not ask it for block 0 (no group is shorter) */
#define FUSED_KEY_MIN 256
/* fused builds only: block 0 from the fused entry, open's held plaintext */
#define FUSED_KEY(len) (RIJN_I_CHACHAPOLY_FUSED && (len) >= FUSED_KEY_MIN)
#define OPEN_BUF (RIJN_I_CHACHAPOLY_FUSED ? 1024 : 1)

static uint32_t kind_of(uint32_t aead, uint32_t chacha, uint32_t poly)
{
    return aead | (chacha << 8) | (poly << 16) | (rijn_i_chachapoly_fused_for(chacha, poly) << 24);
}

static const uint8_t zeros[16];

size_t rijn_chacha20poly1305_key_size(void) { return RIJN_CHACHAPOLY_KEY_SIZE; }
size_t rijn_chacha20poly1305_nonce_size(void) { return RIJN_CHACHA20POLY1305_NONCE_SIZE; }
size_t rijn_xchacha20poly1305_nonce_size(void) { return RIJN_XCHACHA20POLY1305_NONCE_SIZE; }
size_t rijn_chacha20poly1305_tag_size(void) { return RIJN_CHACHAPOLY_TAG_SIZE; }

static int init(rijn_chachapoly_ctx *ctx, const uint8_t *key, size_t key_len, uint32_t kind)
{
    RIJN_CHECK_PTR(ctx);
    memset(ctx, 0, sizeof *ctx);
    RIJN_CHECK_PTR(key);
    if (key_len != 32)
        return RIJN_ERR_KEY_LEN;
    memcpy(ctx->key, key, 32);
    ctx->kind = kind_of(kind, rijn_i_chacha20_default(), rijn_i_poly1305_default());
    ctx->state = RIJN_I_AEAD_IDLE;
    return RIJN_OK;
}

int rijn_i_chachapoly_use(rijn_chachapoly_ctx *ctx, const char *chacha, const char *poly)
{
    size_t c, p;
    int r;
    RIJN_CHECK_PTR(ctx);
    if (KIND(ctx->kind) != KIND_IETF && KIND(ctx->kind) != KIND_X)
        return RIJN_ERR_STATE;
    r = rijn_i_reg_find(&rijn_i_chacha20_registry, chacha, &c);
    if (r == RIJN_OK)
        r = rijn_i_reg_find(&rijn_i_poly1305_registry, poly, &p);
    if (r == RIJN_OK)
        ctx->kind = kind_of(KIND(ctx->kind), (uint32_t)c, (uint32_t)p);
    return r;
}

int rijn_chacha20poly1305_init(rijn_chachapoly_ctx *ctx, const uint8_t *key, size_t key_len)
{
    return init(ctx, key, key_len, KIND_IETF);
}

int rijn_xchacha20poly1305_init(rijn_chachapoly_ctx *ctx, const uint8_t *key, size_t key_len)
{
    return init(ctx, key, key_len, KIND_X);
}

/* Message setup shared by start and the one-shots: cipher at counter 1,
 * Poly1305 keyed from block 0. Sealing (*done not NULL) from the fused
 * entry: block 0 beside the first group of text, *done its bytes (XORed,
 * not yet MACed). */
static int begin(const rijn_chachapoly_ctx *k, rijn_chacha20_ctx *ch, rijn_poly1305_ctx *po,
                 const uint8_t *nonce, size_t nonce_len, uint8_t *out, const uint8_t *in,
                 size_t len, size_t *done)
{
    uint8_t block0[64];
    int r;
    if (KIND(k->kind) == KIND_IETF) {
        if (nonce_len != 12)
            return RIJN_ERR_NONCE_LEN;
        RIJN_CHECK_PTR(nonce);
        r = rijn_i_chacha20_init_at(ch, k->key, nonce, 0, KIND_CHACHA(k->kind));
    } else if (KIND(k->kind) == KIND_X) {
        if (nonce_len != 24)
            return RIJN_ERR_NONCE_LEN;
        RIJN_CHECK_PTR(nonce);
        r = rijn_i_xchacha20_init_at(ch, k->key, nonce, 0, KIND_CHACHA(k->kind));
    } else {
        return RIJN_ERR_STATE;
    }
    memset(block0, 0, sizeof block0);
    if (r == RIJN_OK && done != NULL)
        *done = rijn_i_chachapoly_fused_key(KIND_FUSED(k->kind), ch, out, in, len, block0);
    if (r == RIJN_OK && (done == NULL || *done == 0))
        r = rijn_chacha20_update(ch, block0, block0, 64);
    if (r == RIJN_OK)
        r = rijn_i_poly1305_init_at(po, block0, KIND_POLY(k->kind));
    rijn_wipe(block0, sizeof block0);
    return r;
}

static int mac_pad(rijn_poly1305_ctx *po, uint64_t len)
{
    size_t p = (size_t)(len & 15);
    return p ? rijn_poly1305_update(po, zeros, 16 - p) : RIJN_OK;
}

/* Pad the text, append the lengths, produce the tag. */
static int mac_finish(rijn_poly1305_ctx *po, uint64_t aad_len, uint64_t text_len,
                      uint8_t tag[16])
{
    uint8_t lens[16];
    int r = mac_pad(po, text_len);
    rijn_store64_le(lens, aad_len);
    rijn_store64_le(lens + 8, text_len);
    if (r == RIJN_OK)
        r = rijn_poly1305_update(po, lens, 16);
    if (r == RIJN_OK)
        r = rijn_poly1305_final(po, tag);
    return r;
}

static int check_io(const rijn_chachapoly_ctx *ctx, const uint8_t *tag, size_t tag_len,
                    const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in,
                    size_t len)
{
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(tag);
    RIJN_CHECK_BUF(aad, aad_len);
    RIJN_CHECK_BUF(out, len);
    RIJN_CHECK_BUF(in, len);
    if (tag_len != 16)
        return RIJN_ERR_TAG_LEN;
    if (RIJN_LEN_GT(len, RIJN_CHACHAPOLY_TEXT_MAX))
        return RIJN_ERR_LIMIT;
    if (out != in && rijn_overlaps(out, len, in, len))
        return RIJN_ERR_PARAM;
    if (rijn_overlaps(tag, 16, out, len) || rijn_overlaps(tag, 16, in, len))
        return RIJN_ERR_PARAM;
    return RIJN_OK;
}

/* XOR and MAC len bytes of text in two passes (dir: RIJN_I_AEAD_DEC MACs
 * in, else out). */
static int two_pass(rijn_chacha20_ctx *ch, rijn_poly1305_ctx *po, uint8_t *out,
                    const uint8_t *in, size_t len, uint32_t dir)
{
    int dec = dir == RIJN_I_AEAD_DEC;
    int r = dec ? rijn_poly1305_update(po, in, len) : rijn_chacha20_update(ch, out, in, len);
    if (r == RIJN_OK)
        r = dec ? rijn_chacha20_update(ch, out, in, len) : rijn_poly1305_update(po, out, len);
    return r;
}

/* The same for text that starts at byte done of the message: up to the
 * next 64-byte block in two passes, then whole groups on the context's
 * fused entry when it has one, the rest in two passes. pend: bytes before
 * out already XORed by begin (MACed first, on the fused entry). */
static int xor_mac(uint32_t kind, rijn_chacha20_ctx *ch, rijn_poly1305_ctx *po, uint8_t *out,
                   const uint8_t *in, size_t len, uint32_t dir, uint64_t done, size_t pend)
{
    int r = RIJN_OK;
    if (pend > 0) {
        size_t n = rijn_i_chachapoly_fused_run(KIND_FUSED(kind), ch, po, out, in, len,
                                               dir == RIJN_I_AEAD_DEC, pend);
        out += n;
        in += n;
        len -= n;
    } else if (len >= FUSED_MIN + 64) {
        size_t head = (size_t)(0u - done) & 63, n = 0;
        r = two_pass(ch, po, out, in, head, dir);
        if (r == RIJN_OK) /* (fails only on a damaged context) */
            n = head + rijn_i_chachapoly_fused_run(KIND_FUSED(kind), ch, po, out + head,
                                                   in + head, len - head, dir == RIJN_I_AEAD_DEC,
                                                   0);
        out += n;
        in += n;
        len -= n;
    }
    return r == RIJN_OK ? two_pass(ch, po, out, in, len, dir) : r;
}

int rijn_chacha20poly1305_seal(const rijn_chachapoly_ctx *ctx, uint8_t *out, uint8_t *tag,
                               size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                               const uint8_t *aad, size_t aad_len, const uint8_t *in,
                               size_t len)
{
    rijn_chacha20_ctx ch;
    rijn_poly1305_ctx po;
    size_t g = 0; /* text XORed by begin */
    int r = check_io(ctx, tag, tag_len, aad, aad_len, out, in, len);
    if (r != RIJN_OK)
        return r;
    r = begin(ctx, &ch, &po, nonce, nonce_len, out, in, len, FUSED_KEY(len) ? &g : NULL);
    if (r == RIJN_OK) r = rijn_poly1305_update(&po, aad, aad_len);
    if (r == RIJN_OK) r = mac_pad(&po, aad_len);
    if (r == RIJN_OK)
        r = xor_mac(ctx->kind, &ch, &po, out + g, in + g, len - g, RIJN_I_AEAD_ENC, g, g);
    if (r == RIJN_OK) r = mac_finish(&po, aad_len, len, tag);
    rijn_chacha20_wipe(&ch);
    rijn_poly1305_wipe(&po);
    return r;
}

/* open's MAC into t; when begin XORed g bytes into buf, the first m bytes
 * of plaintext go to buf too (the MAC beside on the fused entry) */
static int open_mac(uint32_t kind, rijn_chacha20_ctx *ch, rijn_poly1305_ctx *po, uint8_t *buf,
                    const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len, size_t g,
                    size_t m, uint8_t t[16])
{
    int r = rijn_poly1305_update(po, aad, aad_len);
    if (r == RIJN_OK) r = mac_pad(po, aad_len);
    if (r == RIJN_OK && RIJN_I_CHACHAPOLY_FUSED && m > g) /* MACs all of in */
        r = xor_mac(kind, ch, po, buf + g, in + g, m - g, RIJN_I_AEAD_DEC, g, g);
    else if (r == RIJN_OK)
        r = rijn_poly1305_update(po, in, len);
    return r == RIJN_OK ? mac_finish(po, aad_len, len, t) : r;
}

int rijn_chacha20poly1305_open(const rijn_chachapoly_ctx *ctx, uint8_t *out, const uint8_t *tag,
                               size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                               const uint8_t *aad, size_t aad_len, const uint8_t *in,
                               size_t len)
{
    rijn_chacha20_ctx ch;
    rijn_poly1305_ctx po;
    uint8_t t[16], buf[OPEN_BUF];
    size_t g = 0, m; /* text XORed by begin; plaintext held in buf */
    int r = check_io(ctx, tag, tag_len, aad, aad_len, out, in, len);
    if (r != RIJN_OK)
        return r;
    r = begin(ctx, &ch, &po, nonce, nonce_len, buf, in, len, FUSED_KEY(len) ? &g : NULL);
    m = !RIJN_I_CHACHAPOLY_FUSED ? 0 : g > 0 && len <= OPEN_BUF ? len : g;
    if (r == RIJN_OK)
        r = open_mac(ctx->kind, &ch, &po, buf, aad, aad_len, in, len, g, m, t);
    if (r == RIJN_OK && !rijn_ct_equal(t, tag, 16))
        r = RIJN_ERR_AUTH;
    if (r == RIJN_OK && m > 0) { /* released only now */
        memcpy(out, buf, m);
        r = rijn_chacha20_update(&ch, out + m, in + m, len - m);
    } else if (r == RIJN_OK) {
        r = rijn_chacha20_update(&ch, out, in, len);
    } else if (r == RIJN_ERR_AUTH && out != NULL) {
        rijn_wipe(out, len);
    }
    rijn_chacha20_wipe(&ch);
    rijn_poly1305_wipe(&po);
    rijn_wipe(t, sizeof t);
    if (RIJN_I_CHACHAPOLY_FUSED) rijn_wipe(buf, m);
    return r;
}

/* ---- streaming ---------------------------------------------------------- */

int rijn_chacha20poly1305_start(rijn_chachapoly_ctx *ctx, const uint8_t *nonce, size_t nonce_len)
{
    int r;
    RIJN_CHECK_PTR(ctx);
    if (KIND(ctx->kind) != KIND_IETF && KIND(ctx->kind) != KIND_X)
        return RIJN_ERR_STATE;
    r = begin(ctx, &ctx->chacha, &ctx->poly, nonce, nonce_len, NULL, NULL, 0, NULL);
    if (r != RIJN_OK)
        return r;
    ctx->aad_len = 0;
    ctx->text_len = 0;
    ctx->state = RIJN_I_AEAD_AAD;
    return RIJN_OK;
}

int rijn_chacha20poly1305_aad(rijn_chachapoly_ctx *ctx, const uint8_t *aad, size_t len)
{
    int r;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(aad, len);
    if (ctx->state != RIJN_I_AEAD_AAD)
        return RIJN_ERR_STATE;
    if ((uint64_t)len > UINT64_MAX - ctx->aad_len)
        return RIJN_ERR_LIMIT;
    r = rijn_poly1305_update(&ctx->poly, aad, len);
    if (r == RIJN_OK) ctx->aad_len += len;
    return r;
}

static int update(rijn_chachapoly_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len,
                  uint32_t dir)
{
    int r;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(out, len);
    RIJN_CHECK_BUF(in, len);
    if (ctx->state != RIJN_I_AEAD_AAD && ctx->state != dir)
        return RIJN_ERR_STATE;
    if (out != in && rijn_overlaps(out, len, in, len))
        return RIJN_ERR_PARAM;
    if ((uint64_t)len > RIJN_CHACHAPOLY_TEXT_MAX - ctx->text_len)
        return RIJN_ERR_LIMIT;
    if (ctx->state == RIJN_I_AEAD_AAD) {
        r = mac_pad(&ctx->poly, ctx->aad_len);
        if (r != RIJN_OK)
            return r;
        ctx->state = dir;
    }
    r = xor_mac(ctx->kind, &ctx->chacha, &ctx->poly, out, in, len, dir, ctx->text_len, 0);
    if (r == RIJN_OK) ctx->text_len += len;
    return r;
}

int rijn_chacha20poly1305_encrypt_update(rijn_chachapoly_ctx *ctx, uint8_t *out,
                                         const uint8_t *in, size_t len)
{
    return update(ctx, out, in, len, RIJN_I_AEAD_ENC);
}

int rijn_chacha20poly1305_decrypt_update(rijn_chachapoly_ctx *ctx, uint8_t *out,
                                         const uint8_t *in, size_t len)
{
    return update(ctx, out, in, len, RIJN_I_AEAD_DEC);
}

static int finish(rijn_chachapoly_ctx *ctx, const uint8_t *tag, size_t tag_len, uint8_t t[16],
                  uint32_t dir)
{
    int r = RIJN_OK;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(tag);
    if (tag_len != 16)
        return RIJN_ERR_TAG_LEN;
    if (ctx->state != RIJN_I_AEAD_AAD && ctx->state != dir)
        return RIJN_ERR_STATE;
    if (ctx->state == RIJN_I_AEAD_AAD)
        r = mac_pad(&ctx->poly, ctx->aad_len);
    if (r == RIJN_OK)
        r = mac_finish(&ctx->poly, ctx->aad_len, ctx->text_len, t);
    rijn_chacha20_wipe(&ctx->chacha);
    rijn_poly1305_wipe(&ctx->poly);
    ctx->state = RIJN_I_AEAD_IDLE;
    return r;
}

int rijn_chacha20poly1305_encrypt_final(rijn_chachapoly_ctx *ctx, uint8_t *tag, size_t tag_len)
{
    return finish(ctx, tag, tag_len, tag, RIJN_I_AEAD_ENC);
}

int rijn_chacha20poly1305_decrypt_final(rijn_chachapoly_ctx *ctx, const uint8_t *tag,
                                        size_t tag_len)
{
    uint8_t t[16];
    int r = finish(ctx, tag, tag_len, t, RIJN_I_AEAD_DEC);
    if (r == RIJN_OK && !rijn_ct_equal(t, tag, 16))
        r = RIJN_ERR_AUTH;
    rijn_wipe(t, sizeof t);
    return r;
}

void rijn_chacha20poly1305_wipe(rijn_chachapoly_ctx *ctx)
{
    rijn_wipe(ctx, sizeof *ctx);
}
