/*
 * legacy_stream.c -- streaming reader and writer of the legacy file
 * formats (rijn/legacy_formats.h): the AES modes they use, the openssl
 * enc format, and the update / final calls shared with crypt_and_hash
 * (legacy_cah.c holds that format's set-up, verify and rewind).
 *
 * Implementation notes: CBC goes through rijn_block_ctx with PKCS#7 (the
 * decryption holds back the last block until final checks the padding);
 * CTR, CFB128, CFB8 and OFB through rijn_stream_ctx (CTR: a 128-bit
 * big-endian counter over the whole IV, as OpenSSL and Mbed TLS count).
 * Writing crypt_and_hash MACs the ciphertext after encrypting it; reading
 * MACs it before decrypting. The reader of crypt_and_hash holds back the
 * last tag_len bytes fed to update in ctx->hold: the bytes released are
 * first the held ones, then the front of the new input, and whatever
 * remains becomes the new hold (at most the digest size, so memory stays
 * constant). Constant time: the key only goes through AES and HMAC;
 * lengths and modes are public. Failures wipe the context (legacy_i.h).
 * Proof: tests/file/test_file_legacy.c (vectors from OpenSSL's EVP API, every
 * mode, truncation, wrong passphrase, NULL/0 edges), the CLI against
 * `openssl enc` (tests/cli/test_interop_openssl.py) and crypt_and_hash
 * (tests/cli/test_interop_mbedtls.sh), python/tests/test_legacy_files.py.
 */
#include "file/legacy_i.h"

int rijn_i_legacy_fail(rijn_legacy_ctx *ctx, int r)
{
    rijn_legacy_wipe(ctx);
    ctx->state = RIJN_I_LEG_FAILED;
    return r;
}

void rijn_legacy_wipe(rijn_legacy_ctx *ctx)
{
    if (ctx == NULL)
        return;
    rijn_block_wipe(&ctx->blk);
    rijn_stream_wipe(&ctx->st);
    rijn_hmac_wipe(&ctx->mac);
    rijn_wipe(ctx, sizeof *ctx);
}

int rijn_i_legacy_params_check(const rijn_legacy_params *p)
{
    RIJN_CHECK_PTR(p);
    if (p->md == NULL || p->md->digest_size == 0 || p->md->digest_size > RIJN_HASH_MAX_SIZE ||
        p->mode < RIJN_LEGACY_CBC || p->mode > RIJN_LEGACY_OFB ||
        (p->key_len != 16 && p->key_len != 24 && p->key_len != 32))
        return RIJN_ERR_PARAM;
    return RIJN_OK;
}

static int stream_init(rijn_stream_ctx *st, unsigned mode, int enc, const uint8_t *key,
                       size_t key_len, const uint8_t iv[16])
{
    switch (mode) {
    case RIJN_LEGACY_CTR: return rijn_ctr_init(st, key, key_len, iv);
    case RIJN_LEGACY_OFB: return rijn_ofb_init(st, key, key_len, iv);
    case RIJN_LEGACY_CFB128:
        return enc ? rijn_cfb128_encrypt_init(st, key, key_len, iv)
                   : rijn_cfb128_decrypt_init(st, key, key_len, iv);
    default:
        return enc ? rijn_cfb8_encrypt_init(st, key, key_len, iv)
                   : rijn_cfb8_decrypt_init(st, key, key_len, iv);
    }
}

int rijn_i_legacy_cipher_init(rijn_legacy_ctx *ctx, unsigned mode, int enc, const uint8_t *key,
                              size_t key_len, const uint8_t iv[16])
{
    ctx->mode = (uint8_t)mode;
    ctx->enc = (uint8_t)(enc ? 1 : 0);
    ctx->key_len = key_len;
    if (mode == RIJN_LEGACY_CBC)
        return enc ? rijn_cbc_pad_encrypt_init(&ctx->blk, key, key_len, iv)
                   : rijn_cbc_pad_decrypt_init(&ctx->blk, key, key_len, iv);
    return stream_init(&ctx->st, mode, enc, key, key_len, iv);
}

/* ---- cipher names ---------------------------------------------------- */
/* a[0..n) equals the lower-case b[0..n), ASCII case ignored */
static int same_nocase(const char *a, const char *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        unsigned c = (unsigned char)a[i];
        if (c >= 'A' && c <= 'Z')
            c += 'a' - 'A';
        if (c != (unsigned char)b[i])
            return 0;
    }
    return 1;
}

int rijn_legacy_cipher_find(const char *name, unsigned *mode, size_t *key_len)
{
    static const char *const modes[] = {"cbc", "ctr", "cfb", "cfb8", "ofb", "cfb128"};
    static const char *const bits[] = {"128", "192", "256"};
    size_t i, len, kl = 0;
    RIJN_CHECK_PTR(name);
    RIJN_CHECK_PTR(mode);
    RIJN_CHECK_PTR(key_len);
    len = strlen(name);
    if (len < 9 || !same_nocase(name, "aes-", 4) || name[7] != '-')
        return RIJN_ERR_PARAM;
    for (i = 0; i < 3; i++)
        if (same_nocase(name + 4, bits[i], 3))
            kl = 16 + 8 * i;
    for (i = 0; kl != 0 && i < 6; i++)
        if (strlen(modes[i]) == len - 8 && same_nocase(name + 8, modes[i], len - 8)) {
            *mode = i == 5 ? RIJN_LEGACY_CFB128 : (unsigned)(RIJN_LEGACY_CBC + i);
            *key_len = kl;
            return RIJN_OK;
        }
    return RIJN_ERR_PARAM;
}

/* ---- openssl enc ----------------------------------------------------- */
int rijn_openssl_enc_header_parse(const uint8_t *in, size_t len, uint8_t salt[8])
{
    RIJN_CHECK_BUF(in, len);
    RIJN_CHECK_PTR(salt);
    if (len < 8 || memcmp(in, RIJN_OPENSSL_ENC_MAGIC, 8) != 0)
        return RIJN_ERR_PARAM;
    if (len < RIJN_OPENSSL_ENC_HEADER)
        return RIJN_ERR_LENGTH;
    memcpy(salt, in + 8, 8);
    return RIJN_OK;
}

static int openssl_init(rijn_legacy_ctx *ctx, const rijn_legacy_params *p, int enc,
                        const uint8_t *salt, const uint8_t *pass, size_t pass_len)
{
    uint8_t key[32], iv[16];
    int r;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(pass, pass_len);
    r = rijn_i_legacy_params_check(p);
    if (r != RIJN_OK)
        return r;
    if ((salt == NULL) == (p->salted != 0))
        return RIJN_ERR_PARAM;
    memset(ctx, 0, sizeof *ctx);
    r = rijn_openssl_enc_key(p->md, p->iterations, pass, pass_len, salt, salt != NULL ? 8 : 0,
                             key, p->key_len, iv);
    if (r == RIJN_OK)
        r = rijn_i_legacy_cipher_init(ctx, p->mode, enc, key, p->key_len, iv);
    rijn_wipe(key, sizeof key);
    rijn_wipe(iv, sizeof iv);
    if (r != RIJN_OK)
        return rijn_i_legacy_fail(ctx, r);
    ctx->what = RIJN_I_LEG_CIPHER;
    ctx->state = RIJN_I_LEG_RUN;
    return RIJN_OK;
}

int rijn_openssl_enc_seal_init(rijn_legacy_ctx *ctx, uint8_t *head, size_t head_size,
                               size_t *head_len, const rijn_legacy_params *p,
                               const uint8_t *salt, const uint8_t *pass, size_t pass_len)
{
    int r;
    RIJN_CHECK_PTR(head_len);
    RIJN_CHECK_BUF(head, head_size);
    if (salt != NULL && head_size < RIJN_OPENSSL_ENC_HEADER)
        return RIJN_ERR_BUFFER;
    r = openssl_init(ctx, p, 1, salt, pass, pass_len);
    *head_len = 0;
    if (r == RIJN_OK && salt != NULL) {
        memcpy(head, RIJN_OPENSSL_ENC_MAGIC, 8);
        memcpy(head + 8, salt, 8);
        *head_len = RIJN_OPENSSL_ENC_HEADER;
    }
    return r;
}

int rijn_openssl_enc_open_init(rijn_legacy_ctx *ctx, const rijn_legacy_params *p,
                               const uint8_t *salt, const uint8_t *pass, size_t pass_len)
{
    return openssl_init(ctx, p, 0, salt, pass, pass_len);
}

/* ---- update / final -------------------------------------------------- */
/* The cipher over in[0..n) into out (room out_size): *olen bytes. */
static int cipher(rijn_legacy_ctx *ctx, uint8_t *out, size_t out_size, size_t *olen,
                  const uint8_t *in, size_t n)
{
    if (ctx->mode == RIJN_LEGACY_CBC)
        return rijn_block_update(&ctx->blk, out, out_size, olen, in, n);
    *olen = n;
    return n == 0 ? RIJN_OK : rijn_stream_update(&ctx->st, out, in, n);
}

/* Run the parts of ctx->what over n released bytes. */
static int feed(rijn_legacy_ctx *ctx, uint8_t *out, size_t out_size, size_t *olen,
                const uint8_t *in, size_t n)
{
    int r = RIJN_OK;
    *olen = 0;
    if (!ctx->enc && (ctx->what & RIJN_CAH_MAC) != 0)
        r = rijn_hmac_update(&ctx->mac, in, n);
    if (r == RIJN_OK && (ctx->what & RIJN_I_LEG_CIPHER) != 0)
        r = cipher(ctx, out, out_size, olen, in, n);
    if (r == RIJN_OK && ctx->enc && (ctx->what & RIJN_CAH_MAC) != 0)
        r = rijn_hmac_update(&ctx->mac, out, *olen);
    return r;
}

/* The crypt_and_hash reader: release all but the last tag_len bytes. */
static int feed_held(rijn_legacy_ctx *ctx, uint8_t *out, size_t out_size, size_t *olen,
                     const uint8_t *in, size_t n)
{
    size_t d = ctx->tag_len, rel, r1, r2, o1 = 0, o2 = 0;
    int r = RIJN_OK;
    rel = ctx->nhold + n > d ? ctx->nhold + n - d : 0;
    r1 = rel < ctx->nhold ? rel : ctx->nhold;
    r2 = rel - r1;
    if (r1 > 0)
        r = feed(ctx, out, out_size, &o1, ctx->hold, r1);
    if (r == RIJN_OK && r2 > 0)
        r = feed(ctx, out + o1, out_size - o1, &o2, in, r2);
    if (r != RIJN_OK)
        return r;
    memmove(ctx->hold, ctx->hold + r1, ctx->nhold - r1);
    ctx->nhold -= r1;
    if (n > r2) /* in may be NULL when n is 0 */
        memcpy(ctx->hold + ctx->nhold, in + r2, n - r2);
    ctx->nhold += n - r2;
    *olen = o1 + o2;
    return RIJN_OK;
}

int rijn_legacy_update(rijn_legacy_ctx *ctx, uint8_t *out, size_t out_size, size_t *out_len,
                       const uint8_t *in, size_t in_len)
{
    int r;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(out_len);
    RIJN_CHECK_BUF(in, in_len);
    RIJN_CHECK_BUF(out, out_size);
    *out_len = 0;
    if (ctx->state != RIJN_I_LEG_RUN)
        return RIJN_ERR_STATE;
    if (out_size < 16 || out_size - 16 < in_len)
        return RIJN_ERR_BUFFER;
    if ((ctx->what & RIJN_I_LEG_HOLD) != 0)
        r = feed_held(ctx, out, out_size, out_len, in, in_len);
    else
        r = feed(ctx, out, out_size, out_len, in, in_len);
    if (r != RIJN_OK) {
        *out_len = 0;
        return rijn_i_legacy_fail(ctx, r);
    }
    return RIJN_OK;
}

/* Bytes final writes: the CBC block (16 at most) and a writer's tag. */
static size_t final_size(const rijn_legacy_ctx *ctx)
{
    size_t n = ctx->mode == RIJN_LEGACY_CBC && (ctx->what & RIJN_I_LEG_CIPHER) != 0 ? 16 : 0;
    return n + (ctx->enc && (ctx->what & RIJN_CAH_MAC) != 0 ? ctx->tag_len : 0);
}

int rijn_legacy_final(rijn_legacy_ctx *ctx, uint8_t *out, size_t out_size, size_t *out_len)
{
    size_t n = 0;
    int r = RIJN_OK, want_verified;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(out_len);
    RIJN_CHECK_BUF(out, out_size);
    *out_len = 0;
    want_verified = !ctx->enc && (ctx->what & RIJN_CAH_MAC) != 0;
    if (ctx->state != (want_verified ? RIJN_I_LEG_VERIFIED : RIJN_I_LEG_RUN))
        return RIJN_ERR_STATE;
    if (out_size < final_size(ctx))
        return RIJN_ERR_BUFFER;
    if (ctx->mode == RIJN_LEGACY_CBC && (ctx->what & RIJN_I_LEG_CIPHER) != 0)
        r = rijn_block_final(&ctx->blk, out, out_size, &n);
    if (r == RIJN_OK && ctx->enc && (ctx->what & RIJN_CAH_MAC) != 0) {
        r = rijn_hmac_update(&ctx->mac, out, n);
        if (r == RIJN_OK)
            r = rijn_hmac_final(&ctx->mac, out + n, ctx->tag_len);
        n += ctx->tag_len;
    }
    if (r != RIJN_OK)
        return rijn_i_legacy_fail(ctx, r);
    rijn_legacy_wipe(ctx);
    ctx->state = RIJN_I_LEG_DONE;
    *out_len = n;
    return RIJN_OK;
}
