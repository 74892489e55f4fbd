/*
 * gcmsiv.c -- AES-GCM-SIV (RFC 8452), one-shot seal/open.
 *
 * Implementation notes
 *   Per message (section 4): the key-generating key encrypts
 *   LE32(i) || nonce for i = 0..3 (AES-128), 0..4 (AES-192), 0..5
 *   (AES-256) in one N-block call; the first 8 bytes of each give the
 *   POLYVAL key (i = 0, 1) and the message-encryption key (the rest). The
 *   message key is expanded (encryption only) by the same AES class as the
 *   context, on the stack, and wiped at the end. The POLYVAL key is set up
 *   for the message's longest call (a class may then skip powers of H
 *   that call cannot use: a short message needs H alone).
 *   POLYVAL runs on the context's GHASH class through the RFC 8452
 *   appendix A identity (ghash.c): AAD and text zero-padded, then
 *   LE64(bitlen(AAD)) || LE64(bitlen(text)). Tag = AES(S ^ nonce with the
 *   top bit of byte 15 cleared); the CTR block is the tag with that bit
 *   set, counting in its first 4 bytes, little-endian, mod 2^32.
 *   seal: POLYVAL over the plaintext, tag, then CTR (out == in works).
 *   open: POLYVAL over the AAD, then CTR into out and POLYVAL over out,
 *   constant-time compare, wipe out on failure. CTR and POLYVAL of open
 *   run in one pass over a prefix when the AES and GHASH classes have a
 *   kernel on this CPU (rijn_i_gcmsiv_open_stitch, gcm_i.h: VAES-512
 *   with vpclmul512, whole 64-block iterations, gcmsiv_stitch_vaes512.c;
 *   VAES-256 with vpclmul256, 16-block ones, gcm_stitch_vaes256.c;
 *   AES-NI with pclmul / pclmul-avx, 8-block ones, gcm_stitch_x86.c;
 *   AArch64's AES-CE with pmull, 8-block ones, gcm_stitch_arm.c),
 *   the two passes over the rest (scripts/ab-builds.sh SIV=1 OPEN=1, Zen
 *   5, ticks/B medians: see gcmsiv_stitch_vaes512.c). Seal cannot: its
 *   counter is the tag, the POLYVAL of the whole plaintext.
 *   Constant time: GHASH classes and the POLYVAL wrapper are; branches on
 *   lengths only.
 *   Vectors: RFC 8452 appendix C, cryptography_vectors GCM-SIV files
 *   (openssl.txt, aes-192-gcm-siv.txt), Wycheproof aes_gcm_siv_test.json
 *   (every AES and GHASH class), OpenSSL differential when available
 *   (tests/gcm/test_gcmsiv*.c).
 */
#include "gcm_i.h"
#include "ghash.h"
#include "internal.h"
#include "rijn/gcmsiv.h"

typedef struct {
    rijn_aes_ctx enc;
    uint64_t hk[RIJN_GCM_HKEY_WORDS];
    uint8_t s[16];
} siv_msg;

static void polyval_bytes(const rijn_gcmsiv_ctx *ctx, siv_msg *m, const uint8_t *p, size_t len)
{
    uint8_t last[16];
    rijn_i_polyval_blocks(ctx->gh, m->hk, m->s, p, len / 16);
    if (len % 16 != 0) {
        memset(last, 0, 16);
        memcpy(last, p + (len & ~(size_t)15), len % 16);
        rijn_i_polyval_blocks(ctx->gh, m->hk, m->s, last, 1);
        rijn_wipe(last, sizeof last);
    }
}

/* nmax: the longest POLYVAL call of the message, in blocks (the POLYVAL
 * key needs no more powers of H). */
static void derive(const rijn_gcmsiv_ctx *ctx, siv_msg *m, const uint8_t nonce[12], size_t nmax)
{
    uint8_t blk[6 * 16], key[6 * 8];
    size_t n = 2 + (size_t)ctx->key_len / 8, i;
    for (i = 0; i < n; i++) {
        rijn_store32_le(blk + 16 * i, (uint32_t)i);
        memcpy(blk + 16 * i + 4, nonce, 12);
    }
    rijn_i_aes_enc(&ctx->aes, blk, blk, n);
    for (i = 0; i < n; i++)
        memcpy(key + 8 * i, blk + 16 * i, 8); /* key[0..15] auth, rest enc */
    memset(m, 0, sizeof *m);
    rijn_i_polyval_setkey(ctx->gh, m->hk, key, nmax);
    rijn_i_aes_key_like(&m->enc, &ctx->aes, key + 16, (size_t)ctx->key_len);
    rijn_wipe(blk, sizeof blk);
    rijn_wipe(key, sizeof key);
}

/* The longest POLYVAL call over (aad, text): whole blocks of either, or
 * one (a partial block, the lengths block). */
static size_t longest(size_t aad_len, size_t len)
{
    size_t n = aad_len > len ? aad_len / 16 : len / 16;
    return n > 1 ? n : 1;
}

/* The tag from the POLYVAL of AAD and text in m->s: the lengths block,
 * the nonce, E. */
static void siv_finish(const rijn_gcmsiv_ctx *ctx, siv_msg *m, const uint8_t nonce[12],
                       size_t aad_len, size_t len, uint8_t tag[16])
{
    uint8_t lb[16];
    size_t i;
    rijn_store64_le(lb, (uint64_t)aad_len << 3);
    rijn_store64_le(lb + 8, (uint64_t)len << 3);
    rijn_i_polyval_blocks(ctx->gh, m->hk, m->s, lb, 1);
    for (i = 0; i < 12; i++)
        m->s[i] ^= nonce[i];
    m->s[15] &= 0x7F;
    rijn_i_aes_enc(&m->enc, tag, m->s, 1);
}

/* CTR from ctr (the tag with the top bit set, advanced past any blocks
 * already done) over len bytes. */
static void siv_ctr(const siv_msg *m, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                    size_t len)
{
    uint8_t ks[16];
    rijn_i_aead_ctr(&m->enc, RIJN_I_CTR_LE32, ctr, out, in, len / 16);
    if (len % 16 != 0) {
        size_t off = len & ~(size_t)15;
        rijn_i_aead_ks(&m->enc, RIJN_I_CTR_LE32, ctr, ks);
        rijn_xor(out + off, in + off, ks, len % 16);
        rijn_wipe(ks, sizeof ks);
    }
}

static void ctr_block(uint8_t ctr[16], const uint8_t tag[16])
{
    memcpy(ctr, tag, 16);
    ctr[15] |= 0x80;
}

static int check(const rijn_gcmsiv_ctx *ctx, const uint8_t *out, const uint8_t *tag,
                 size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                 size_t aad_len, const uint8_t *in, size_t len)
{
    RIJN_CHECK_PTR(ctx);
    if (ctx->gh == NULL || rijn_i_aes_check_enc(&ctx->aes) != RIJN_OK)
        return RIJN_ERR_STATE;
    if (nonce_len != 12)
        return RIJN_ERR_NONCE_LEN;
    RIJN_CHECK_PTR(nonce);
    if (tag_len != 16)
        return RIJN_ERR_TAG_LEN;
    RIJN_CHECK_PTR(tag);
    RIJN_CHECK_BUF(aad, aad_len);
    RIJN_CHECK_BUF(out, len);
    RIJN_CHECK_BUF(in, len);
    if ((out != in && rijn_overlaps(out, len, in, len)) || rijn_overlaps(tag, 16, out, len) ||
        rijn_overlaps(tag, 16, in, len))
        return RIJN_ERR_PARAM;
    if (rijn_i_gt64(len, RIJN_GCMSIV_TEXT_MAX) || rijn_i_gt64(aad_len, RIJN_GCMSIV_TEXT_MAX))
        return RIJN_ERR_LIMIT;
    return RIJN_OK;
}

int rijn_gcmsiv_init(rijn_gcmsiv_ctx *ctx, const uint8_t *key, size_t key_len)
{
    int r;
    RIJN_CHECK_PTR(ctx);
    memset(ctx, 0, sizeof *ctx);
    r = rijn_aes_init_enc(&ctx->aes, key, key_len);
    if (r != RIJN_OK)
        return r;
    ctx->gh = rijn_i_ghash_default();
    ctx->key_len = (uint32_t)key_len;
    return RIJN_OK;
}

int rijn_i_gcmsiv_use_ghash(rijn_gcmsiv_ctx *ctx, const char *name)
{
    const rijn_i_ghash_impl *g;
    int r;
    RIJN_CHECK_PTR(ctx);
    if (ctx->gh == NULL)
        return RIJN_ERR_STATE;
    r = rijn_i_ghash_get(name, &g);
    if (r == RIJN_OK)
        ctx->gh = g;
    return r;
}

void rijn_gcmsiv_wipe(rijn_gcmsiv_ctx *ctx)
{
    rijn_wipe(ctx, ctx != NULL ? sizeof *ctx : 0);
}

int rijn_gcmsiv_seal(const rijn_gcmsiv_ctx *ctx, uint8_t *out, uint8_t *tag, size_t tag_len,
                     const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                     const uint8_t *in, size_t len)
{
    siv_msg m;
    uint8_t t[16], ctr[16];
    int r = check(ctx, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, len);
    if (r != RIJN_OK)
        return r;
    derive(ctx, &m, nonce, longest(aad_len, len));
    polyval_bytes(ctx, &m, aad, aad_len);
    polyval_bytes(ctx, &m, in, len);
    siv_finish(ctx, &m, nonce, aad_len, len, t);
    ctr_block(ctr, t);
    siv_ctr(&m, ctr, out, in, len);
    memcpy(tag, t, 16);
    rijn_wipe(&m, sizeof m);
    rijn_wipe(t, sizeof t);
    rijn_wipe(ctr, sizeof ctr);
    return RIJN_OK;
}

int rijn_gcmsiv_open(const rijn_gcmsiv_ctx *ctx, uint8_t *out, const uint8_t *tag,
                     size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                     size_t aad_len, const uint8_t *in, size_t len)
{
    siv_msg m;
    uint8_t t[16], want[16], ctr[16], *o = out;
    const uint8_t *i = in;
    size_t rest = len;
    int r = check(ctx, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, len);
    if (r != RIJN_OK)
        return r;
    memcpy(t, tag, 16);
    derive(ctx, &m, nonce, longest(aad_len, len));
    ctr_block(ctr, t);
    polyval_bytes(ctx, &m, aad, aad_len);
#if RIJN_I_HAVE_GCMSIV_STITCH
    if (len >= 16) { /* (no offsets on NULL) CTR and POLYVAL in one pass over a prefix */
        size_t d = 16 * rijn_i_gcmsiv_open_stitch(&m.enc, ctx->gh, m.hk, m.s, ctr, out, in,
                                                  len / 16);
        o += d;
        i += d;
        rest -= d;
    }
#endif
    siv_ctr(&m, ctr, o, i, rest);
    polyval_bytes(ctx, &m, o, rest);
    siv_finish(ctx, &m, nonce, aad_len, len, want);
    if (!rijn_ct_equal(want, t, 16)) {
        if (len != 0)
            rijn_wipe(out, len);
        r = RIJN_ERR_AUTH;
    }
    rijn_wipe(&m, sizeof m);
    rijn_wipe(want, sizeof want);
    rijn_wipe(ctr, sizeof ctr);
    return r;
}

size_t rijn_gcmsiv_key_min(void) { return RIJN_GCMSIV_KEY_MIN; }
size_t rijn_gcmsiv_key_max(void) { return RIJN_GCMSIV_KEY_MAX; }
size_t rijn_gcmsiv_nonce_size(void) { return RIJN_GCMSIV_NONCE_SIZE; }
size_t rijn_gcmsiv_nonce_min(void) { return RIJN_GCMSIV_NONCE_MIN; }
size_t rijn_gcmsiv_nonce_max(void) { return RIJN_GCMSIV_NONCE_MAX; }
size_t rijn_gcmsiv_tag_size(void) { return RIJN_GCMSIV_TAG_SIZE; }
size_t rijn_gcmsiv_tag_min(void) { return RIJN_GCMSIV_TAG_MIN; }
size_t rijn_gcmsiv_tag_max(void) { return RIJN_GCMSIV_TAG_MAX; }
