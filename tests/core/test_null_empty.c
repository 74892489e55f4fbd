/*
 * test_null_empty.c -- every API that takes (pointer, length) accepts
 * (NULL, 0) (rijn/common.h), including in the middle of a stream: every
 * streaming call (hashes and XOFs, HMAC, CMAC, Poly1305, BLAKE2b, the AEAD
 * _aad and _update calls, the stream and block modes, ChaCha20/Salsa20)
 * gets (NULL, 0) before the first byte, between partial updates (with a
 * partial block buffered) and after a whole block, and must give the
 * one-shot result; the one-shots, KDFs, encodings and the file layer get
 * NULL for every empty input. Meant for the ASan+UBSan stage of
 * scripts/test.sh (-fno-sanitize-recover=all): memcpy(dst, NULL, 0) is
 * undefined (glibc declares memcpy nonnull) and UBSan aborts on it.
 */
#include <string.h>

#include "testutil.h"

#define MSG 80
static uint8_t msg[MSG], aad[MSG], key[64], nonce[24];

/* Split points of a message: partial (1, 5), a block boundary (16), a
 * partial again (17, 70); (NULL, 0) goes before, between and after. */
static const size_t cuts[] = {1, 5, 16, 17, 64, 70};
#define NCUTS (sizeof cuts / sizeof cuts[0])

typedef int (*absorb_fn)(void *ctx, const uint8_t *p, size_t n);
typedef int (*xor_fn)(void *ctx, uint8_t *out, const uint8_t *in, size_t n);

static int feed(void *ctx, absorb_fn f, const uint8_t *p, size_t len)
{
    size_t pos = 0, i;
    int r = f(ctx, NULL, 0);
    for (i = 0; i <= NCUTS && r == RIJN_OK; i++) {
        size_t end = i < NCUTS && cuts[i] < len ? cuts[i] : len;
        if (end > pos)
            r = f(ctx, p + pos, end - pos);
        if (r == RIJN_OK)
            r = f(ctx, NULL, 0);
        pos = end;
    }
    return r;
}

static int feed_x(void *ctx, xor_fn f, uint8_t *out, const uint8_t *in, size_t len)
{
    size_t pos = 0, i;
    int r = f(ctx, NULL, NULL, 0);
    for (i = 0; i <= NCUTS && r == RIJN_OK; i++) {
        size_t end = i < NCUTS && cuts[i] < len ? cuts[i] : len;
        if (end > pos)
            r = f(ctx, out + pos, in + pos, end - pos);
        if (r == RIJN_OK)
            r = f(ctx, NULL, NULL, 0);
        pos = end;
    }
    return r;
}

#define ABSORB(name, type, fn)                                     \
    static int name(void *c, const uint8_t *p, size_t n)           \
    {                                                              \
        return fn((type *)c, p, n);                                \
    }
#define XOR(name, type, fn)                                        \
    static int name(void *c, uint8_t *o, const uint8_t *i, size_t n) \
    {                                                              \
        return fn((type *)c, o, i, n);                             \
    }
ABSORB(a_hash, rijn_hash_ctx, rijn_hash_update)
ABSORB(a_hmac, rijn_hmac_ctx, rijn_hmac_update)
ABSORB(a_cmac, rijn_cmac_ctx, rijn_cmac_update)
ABSORB(a_poly, rijn_poly1305_ctx, rijn_poly1305_update)
ABSORB(a_ascon_h, rijn_ascon_hash_ctx, rijn_ascon_hash_update)
#if RIJN_CFG_HASH_SHA3
ABSORB(a_sha3, rijn_sha3_ctx, rijn_sha3_update)
#endif
#if RIJN_CFG_HASH_BLAKE2B
ABSORB(a_b2b, rijn_blake2b_ctx, rijn_blake2b_update)
#endif
ABSORB(a_gcm, rijn_gcm_ctx, rijn_gcm_aad)
ABSORB(a_ccm, rijn_ccm_ctx, rijn_ccm_aad)
ABSORB(a_eax, rijn_eax_ctx, rijn_eax_aad)
ABSORB(a_ocb, rijn_ocb_ctx, rijn_ocb_aad)
ABSORB(a_cp, rijn_chachapoly_ctx, rijn_chacha20poly1305_aad)
ABSORB(a_ascon, rijn_ascon_aead128_ctx, rijn_ascon_aead128_aad)
ABSORB(a_norx, rijn_norx32_ctx, rijn_norx32_aad)
XOR(d_gcm, rijn_gcm_ctx, rijn_gcm_decrypt_update)
XOR(d_ccm, rijn_ccm_ctx, rijn_ccm_decrypt_update)
XOR(d_eax, rijn_eax_ctx, rijn_eax_decrypt_update)
XOR(d_cp, rijn_chachapoly_ctx, rijn_chacha20poly1305_decrypt_update)
XOR(d_ascon, rijn_ascon_aead128_ctx, rijn_ascon_aead128_decrypt_update)
XOR(d_norx, rijn_norx32_ctx, rijn_norx32_decrypt_update)
XOR(x_gcm, rijn_gcm_ctx, rijn_gcm_encrypt_update)
XOR(x_ccm, rijn_ccm_ctx, rijn_ccm_encrypt_update)
XOR(x_eax, rijn_eax_ctx, rijn_eax_encrypt_update)
XOR(x_cp, rijn_chachapoly_ctx, rijn_chacha20poly1305_encrypt_update)
XOR(x_ascon, rijn_ascon_aead128_ctx, rijn_ascon_aead128_encrypt_update)
XOR(x_norx, rijn_norx32_ctx, rijn_norx32_encrypt_update)
XOR(x_chacha, rijn_chacha20_ctx, rijn_chacha20_update)
XOR(x_salsa, rijn_salsa20_ctx, rijn_salsa20_update)
XOR(x_stream, rijn_stream_ctx, rijn_stream_update)

/* OCB's update buffers output: out_len bytes come out per call. */
typedef struct {
    rijn_ocb_ctx ocb;
    size_t done;
    int dec;
    uint8_t out[MSG + 32];
} ocb_run;
static int x_ocb(void *c, uint8_t *o, const uint8_t *i, size_t n)
{
    ocb_run *r = (ocb_run *)c;
    size_t got = 0;
    int e = (r->dec ? rijn_ocb_decrypt_update
                    : rijn_ocb_encrypt_update)(&r->ocb, r->out + r->done, sizeof r->out - r->done,
                                               &got, i, n);
    (void)o;
    r->done += got;
    return e;
}

static void hashes(void)
{
    size_t k;
    uint8_t want[64], got[64];
    for (k = 0; k < rijn_hash_count(); k++) {
        const rijn_hash_desc *h = rijn_hash_at(k);
        rijn_hash_ctx c;
        rijn_hmac_ctx m;
        size_t ds = rijn_hash_digest_size(h);
        tu_context = rijn_hash_name(h);
        TU_CHECK(rijn_hash(h, want, sizeof want, msg, MSG) == RIJN_OK, "one-shot");
        TU_CHECK(rijn_hash_init(&c, h) == RIJN_OK && feed(&c, a_hash, msg, MSG) == RIJN_OK &&
                     rijn_hash_final(&c, got, sizeof got) == RIJN_OK,
                 "hash stream");
        TU_EQ(got, want, ds, "hash with (NULL, 0) updates");
        TU_CHECK(rijn_hash(h, got, sizeof got, NULL, 0) == RIJN_OK, "empty one-shot");
        TU_CHECK(rijn_hmac_init(&m, h, NULL, 0) == RIJN_OK && feed(&m, a_hmac, msg, MSG) == RIJN_OK &&
                     rijn_hmac_final(&m, got, ds) == RIJN_OK,
                 "hmac stream, empty key");
        TU_CHECK(rijn_hmac_init(&m, h, NULL, 0) == RIJN_OK &&
                     rijn_hmac_update(&m, msg, MSG) == RIJN_OK &&
                     rijn_hmac_final(&m, want, ds) == RIJN_OK,
                 "hmac");
        TU_EQ(got, want, ds, "hmac with (NULL, 0) updates");
    }
    tu_context = NULL;
#if RIJN_CFG_HASH_SHA3
    {
        rijn_sha3_ctx s;
        TU_CHECK(rijn_shake128_init(&s) == RIJN_OK && rijn_sha3_update(&s, msg, MSG) == RIJN_OK &&
                     rijn_shake_squeeze(&s, want, 40) == RIJN_OK,
                 "shake");
        TU_CHECK(rijn_shake128_init(&s) == RIJN_OK && feed(&s, a_sha3, msg, MSG) == RIJN_OK &&
                     rijn_shake_squeeze(&s, got, 17) == RIJN_OK &&
                     rijn_shake_squeeze(&s, NULL, 0) == RIJN_OK &&
                     rijn_shake_squeeze(&s, got + 17, 23) == RIJN_OK,
                 "shake stream");
        TU_EQ(got, want, 40, "shake128 with (NULL, 0)");
    }
#endif
#if RIJN_CFG_HASH_BLAKE2B
    {
        rijn_blake2b_ctx b;
        TU_CHECK(rijn_blake2b(want, 64, key, 32, msg, MSG) == RIJN_OK, "blake2b keyed");
        TU_CHECK(rijn_blake2b_init_key(&b, 64, key, 32) == RIJN_OK &&
                     feed(&b, a_b2b, msg, MSG) == RIJN_OK && rijn_blake2b_final(&b, got) == RIJN_OK,
                 "blake2b stream");
        TU_EQ(got, want, 64, "blake2b with (NULL, 0)");
        TU_CHECK(rijn_blake2b(got, 64, NULL, 0, NULL, 0) == RIJN_OK, "blake2b empty");
    }
#endif
    {
        rijn_ascon_hash_ctx a;
        TU_CHECK(rijn_ascon_cxof128(want, 40, NULL, 0, msg, MSG) == RIJN_OK, "cxof");
        TU_CHECK(rijn_ascon_cxof128_init(&a, NULL, 0) == RIJN_OK &&
                     feed(&a, a_ascon_h, msg, MSG) == RIJN_OK &&
                     rijn_ascon_xof_squeeze(&a, got, 9) == RIJN_OK &&
                     rijn_ascon_xof_squeeze(&a, NULL, 0) == RIJN_OK &&
                     rijn_ascon_xof_squeeze(&a, got + 9, 31) == RIJN_OK,
                 "cxof stream");
        TU_EQ(got, want, 40, "ascon cxof128 with (NULL, 0)");
        TU_CHECK(rijn_ascon_hash256(want, msg, MSG) == RIJN_OK && rijn_ascon_hash256_init(&a) == RIJN_OK &&
                     feed(&a, a_ascon_h, msg, MSG) == RIJN_OK &&
                     rijn_ascon_hash256_final(&a, got) == RIJN_OK,
                 "ascon hash stream");
        TU_EQ(got, want, 32, "ascon hash256 with (NULL, 0)");
    }
}

static void macs(void)
{
    uint8_t want[16], got[16];
    rijn_cmac_ctx c;
    rijn_poly1305_ctx p;
    TU_CHECK(rijn_cmac(want, 16, key, 16, msg, MSG) == RIJN_OK, "cmac");
    TU_CHECK(rijn_cmac_init(&c, key, 16) == RIJN_OK && feed(&c, a_cmac, msg, MSG) == RIJN_OK &&
                 rijn_cmac_final(&c, got, 16) == RIJN_OK,
             "cmac stream");
    TU_EQ(got, want, 16, "cmac with (NULL, 0)");
    TU_CHECK(rijn_cmac(got, 16, key, 16, NULL, 0) == RIJN_OK, "cmac empty");
    TU_CHECK(rijn_poly1305(want, key, msg, MSG) == RIJN_OK, "poly1305");
    TU_CHECK(rijn_poly1305_init(&p, key) == RIJN_OK && feed(&p, a_poly, msg, MSG) == RIJN_OK &&
                 rijn_poly1305_final(&p, got) == RIJN_OK,
             "poly1305 stream");
    TU_EQ(got, want, 16, "poly1305 with (NULL, 0)");
    TU_CHECK(rijn_poly1305(got, key, NULL, 0) == RIJN_OK, "poly1305 empty");
}

/* One streaming AEAD: aad and text fed with (NULL, 0) around partial
 * pieces must give the one-shot's ciphertext and tag, and decrypting the
 * same way must give the message back and accept the tag. */
#define AEAD_CASE(label, ctxt, init, klen, nlen, seal, startcall, aadfn, xfn, finalcall,      \
                  dfn, dfinal)                                                                \
    do {                                                                                      \
        ctxt c;                                                                               \
        uint8_t ct[MSG], t1[16], t2[16];                                                      \
        tu_context = label;                                                                   \
        TU_CHECK(init(&c, key, klen) == RIJN_OK, "init");                                     \
        TU_CHECK(seal(&c, want, t1, 16, nonce, nlen, aad, MSG, msg, MSG) == RIJN_OK, "seal"); \
        TU_CHECK(seal(&c, NULL, t2, 16, nonce, nlen, NULL, 0, NULL, 0) == RIJN_OK, "empty");  \
        TU_CHECK((startcall) == RIJN_OK && feed(&c, aadfn, aad, MSG) == RIJN_OK &&            \
                     feed_x(&c, xfn, ct, msg, MSG) == RIJN_OK && (finalcall) == RIJN_OK,      \
                 "stream");                                                                   \
        TU_EQ(ct, want, MSG, "ciphertext with (NULL, 0)");                                    \
        TU_EQ(t2, t1, 16, "tag with (NULL, 0)");                                              \
        TU_CHECK((startcall) == RIJN_OK && feed(&c, aadfn, aad, MSG) == RIJN_OK &&            \
                     feed_x(&c, dfn, ct, want, MSG) == RIJN_OK && (dfinal) == RIJN_OK,        \
                 "decrypt stream");                                                           \
        TU_EQ(ct, msg, MSG, "plaintext with (NULL, 0)");                                      \
    } while (0)

static void aeads(void)
{
    uint8_t want[MSG];
    AEAD_CASE("gcm", rijn_gcm_ctx, rijn_gcm_init, 16, 12, rijn_gcm_seal, rijn_gcm_start(&c, nonce, 12),
              a_gcm, x_gcm, rijn_gcm_encrypt_final(&c, t2, 16), d_gcm,
              rijn_gcm_decrypt_final(&c, t1, 16));
    AEAD_CASE("ccm", rijn_ccm_ctx, rijn_ccm_init, 16, 12, rijn_ccm_seal,
              rijn_ccm_start(&c, nonce, 12, MSG, MSG, 16), a_ccm, x_ccm,
              rijn_ccm_encrypt_final(&c, t2, 16), d_ccm, rijn_ccm_decrypt_final(&c, t1, 16));
    AEAD_CASE("eax", rijn_eax_ctx, rijn_eax_init, 16, 12, rijn_eax_seal, rijn_eax_start(&c, nonce, 12),
              a_eax, x_eax, rijn_eax_encrypt_final(&c, t2, 16), d_eax,
              rijn_eax_decrypt_final(&c, t1, 16));
    AEAD_CASE("chacha20-poly1305", rijn_chachapoly_ctx, rijn_chacha20poly1305_init, 32, 12,
              rijn_chacha20poly1305_seal, rijn_chacha20poly1305_start(&c, nonce, 12), a_cp, x_cp,
              rijn_chacha20poly1305_encrypt_final(&c, t2, 16), d_cp,
              rijn_chacha20poly1305_decrypt_final(&c, t1, 16));
    AEAD_CASE("xchacha20-poly1305", rijn_chachapoly_ctx, rijn_xchacha20poly1305_init, 32, 24,
              rijn_chacha20poly1305_seal, rijn_chacha20poly1305_start(&c, nonce, 24), a_cp, x_cp,
              rijn_chacha20poly1305_encrypt_final(&c, t2, 16), d_cp,
              rijn_chacha20poly1305_decrypt_final(&c, t1, 16));
    AEAD_CASE("ascon-aead128", rijn_ascon_aead128_ctx, rijn_ascon_aead128_init, 16, 16,
              rijn_ascon_aead128_seal, rijn_ascon_aead128_start(&c, nonce, 16), a_ascon, x_ascon,
              rijn_ascon_aead128_encrypt_final(&c, t2, 16), d_ascon,
              rijn_ascon_aead128_decrypt_final(&c, t1, 16));
    AEAD_CASE("norx32", rijn_norx32_ctx, rijn_norx32_init, 16, 16, rijn_norx32_seal,
              rijn_norx32_start(&c, nonce, 16), a_norx, x_norx,
              rijn_norx32_encrypt_final(&c, t2, 16), d_norx, rijn_norx32_decrypt_final(&c, t1, 16));
    {
        ocb_run r;
        uint8_t t1[16], t2[16], tail[32];
        static uint8_t dummy[MSG];
        size_t n = 0;
        tu_context = "ocb";
        r.done = 0;
        TU_CHECK(rijn_ocb_init(&r.ocb, key, 16) == RIJN_OK &&
                     rijn_ocb_seal(&r.ocb, want, t1, 16, nonce, 12, aad, MSG, msg, MSG) == RIJN_OK &&
                     rijn_ocb_seal(&r.ocb, NULL, t2, 16, nonce, 12, NULL, 0, NULL, 0) == RIJN_OK,
                 "ocb one-shots");
        r.dec = 0;
        TU_CHECK(rijn_ocb_start(&r.ocb, nonce, 12, 16) == RIJN_OK &&
                     feed(&r.ocb, a_ocb, aad, MSG) == RIJN_OK &&
                     feed_x(&r, x_ocb, dummy, msg, MSG) == RIJN_OK &&
                     rijn_ocb_encrypt_final(&r.ocb, tail, sizeof tail, &n, t2, 16) == RIJN_OK &&
                     r.done + n == MSG,
                 "ocb stream");
        memcpy(r.out + r.done, tail, n);
        TU_EQ(r.out, want, MSG, "ocb ciphertext with (NULL, 0)");
        TU_EQ(t2, t1, 16, "ocb tag with (NULL, 0)");
        r.dec = 1;
        r.done = 0;
        TU_CHECK(rijn_ocb_start(&r.ocb, nonce, 12, 16) == RIJN_OK &&
                     feed(&r.ocb, a_ocb, aad, MSG) == RIJN_OK &&
                     feed_x(&r, x_ocb, dummy, want, MSG) == RIJN_OK &&
                     rijn_ocb_decrypt_final(&r.ocb, tail, sizeof tail, &n, t1, 16) == RIJN_OK &&
                     r.done + n == MSG,
                 "ocb decrypt stream");
        memcpy(r.out + r.done, tail, n);
        TU_EQ(r.out, msg, MSG, "ocb plaintext with (NULL, 0)");
    }
    {
        rijn_siv_ctx s;
        rijn_gcmsiv_ctx g;
        uint8_t v[16];
        rijn_siv_ad ad[2] = {{NULL, 0}, {NULL, 0}};
        tu_context = "siv";
        TU_CHECK(rijn_siv_init(&s, key, 32) == RIJN_OK &&
                     rijn_siv_seal(&s, NULL, v, 16, NULL, 0, NULL, 0, NULL, 0) == RIJN_OK &&
                     rijn_siv_seal_v(&s, NULL, v, ad, 2, NULL, 0) == RIJN_OK &&
                     rijn_siv_open_v(&s, NULL, v, ad, 2, NULL, 0) == RIJN_OK &&
                     rijn_siv_seal_v(&s, NULL, v, NULL, 0, NULL, 0) == RIJN_OK,
                 "siv empty components");
        tu_context = "gcm-siv";
        TU_CHECK(rijn_gcmsiv_init(&g, key, 16) == RIJN_OK &&
                     rijn_gcmsiv_seal(&g, NULL, v, 16, nonce, 12, NULL, 0, NULL, 0) == RIJN_OK &&
                     rijn_gcmsiv_open(&g, NULL, v, 16, nonce, 12, NULL, 0, NULL, 0) == RIJN_OK,
                 "gcm-siv empty");
    }
    tu_context = NULL;
}

static void ciphers(void)
{
    uint8_t want[MSG], got[MSG];
    rijn_chacha20_ctx c;
    rijn_salsa20_ctx s;
    rijn_stream_ctx m;
    rijn_block_ctx b;
    size_t n, total = 0, i;
    TU_CHECK(rijn_chacha20_init(&c, key, nonce, 1) == RIJN_OK &&
                 rijn_chacha20_update(&c, want, msg, MSG) == RIJN_OK &&
                 rijn_chacha20_init(&c, key, nonce, 1) == RIJN_OK &&
                 feed_x(&c, x_chacha, got, msg, MSG) == RIJN_OK,
             "chacha20");
    TU_EQ(got, want, MSG, "chacha20 with (NULL, 0)");
    TU_CHECK(rijn_salsa20_init(&s, key, 32, nonce, 0) == RIJN_OK &&
                 rijn_salsa20_update(&s, want, msg, MSG) == RIJN_OK &&
                 rijn_salsa20_init(&s, key, 32, nonce, 0) == RIJN_OK &&
                 feed_x(&s, x_salsa, got, msg, MSG) == RIJN_OK,
             "salsa20");
    TU_EQ(got, want, MSG, "salsa20 with (NULL, 0)");
    TU_CHECK(rijn_cfb128_encrypt_init(&m, key, 16, nonce) == RIJN_OK &&
                 rijn_stream_update(&m, want, msg, MSG) == RIJN_OK &&
                 rijn_cfb128_encrypt_init(&m, key, 16, nonce) == RIJN_OK &&
                 feed_x(&m, x_stream, got, msg, MSG) == RIJN_OK,
             "cfb128");
    TU_EQ(got, want, MSG, "cfb128 with (NULL, 0)");
    TU_CHECK(rijn_cbc_pad_encrypt_init(&b, key, 16, nonce) == RIJN_OK, "cbc-pad");
    for (i = 0; i <= NCUTS; i++) {
        size_t from = i == 0 ? 0 : cuts[i - 1], to = i < NCUTS ? cuts[i] : MSG;
        uint8_t out[MSG + 32];
        TU_CHECK(rijn_block_update(&b, out, sizeof out, &n, msg + from, to - from) == RIJN_OK &&
                     rijn_block_update(&b, NULL, 0, &n, NULL, 0) == RIJN_OK && n == 0,
                 "cbc-pad update %zu", i);
    }
    TU_CHECK(rijn_block_final(&b, got, sizeof got, &total) == RIJN_OK, "cbc-pad final");
}

static void kdfs_encodings_file(void)
{
    const rijn_hash_desc *h = rijn_hash_find("sha256");
    uint8_t a[32], b2[32], iv[16], work[8 * 1024];
    size_t n = 1;
    char txt[8];
    rijn_argon2_params ap = {RIJN_ARGON2_ID, 1, 8, 1, NULL, 0, NULL, 0};
    TU_CHECK(rijn_pbkdf2(h, a, 32, NULL, 0, NULL, 0, 2) == RIJN_OK, "pbkdf2 empty");
    TU_CHECK(rijn_hkdf(h, a, 32, NULL, 0, NULL, 0, NULL, 0) == RIJN_OK, "hkdf empty");
    TU_CHECK(rijn_hkdf_expand(h, b2, 32, a, 32, NULL, 0) == RIJN_OK, "hkdf_expand empty info");
    TU_CHECK(rijn_evp_bytes_to_key(h, a, 32, iv, 16, NULL, 0, NULL, 0, 1) == RIJN_OK, "bytestokey");
    TU_CHECK(rijn_argon2(&ap, a, 32, NULL, 0, key, 16, work, sizeof work) == RIJN_OK, "argon2");
    TU_CHECK(rijn_openssl_enc_key(h, 0, NULL, 0, NULL, 0, a, 32, iv) == RIJN_OK,
             "openssl enc key, empty passphrase, no salt");
    TU_CHECK(rijn_openssl_enc_key(h, 2, NULL, 0, key, 8, a, 32, iv) == RIJN_OK,
             "openssl enc key, PBKDF2, empty passphrase");
    TU_CHECK(rijn_mbedtls_cah_key(h, iv, NULL, 0, a) == RIJN_OK, "crypt_and_hash key, empty");
    TU_CHECK(rijn_hex_encode(txt, sizeof txt, &n, NULL, 0) == RIJN_OK && n == 0, "hex enc");
    TU_CHECK(rijn_hex_decode(NULL, 0, &n, NULL, 0) == RIJN_OK && n == 0, "hex dec");
    TU_CHECK(rijn_base64_encode(txt, sizeof txt, &n, NULL, 0) == RIJN_OK && n == 0, "b64 enc");
    TU_CHECK(rijn_base64_decode(NULL, 0, &n, NULL, 0) == RIJN_OK && n == 0, "b64 dec");
    TU_CHECK(rijn_base64url_encode(txt, sizeof txt, &n, NULL, 0) == RIJN_OK, "b64url enc");
    TU_CHECK(rijn_base64url_decode(NULL, 0, &n, NULL, 0) == RIJN_OK && n == 0, "b64url dec");
    {
        rijn_file_params p;
        rijn_file_ctx f;
        uint8_t master[RIJN_FILE_KEY_SIZE], hdr[RIJN_FILE_HEADER_MAX], tag[16];
        size_t hl = 0;
        rijn_file_params_init(&p);
        p.key_source = RIJN_FILE_KEY_PBKDF2;
        p.iterations = 1;
        TU_CHECK(rijn_file_master_key(master, &p, NULL, 0, NULL, 0) == RIJN_OK, "empty passphrase");
        TU_CHECK(rijn_file_seal_init(&f, hdr, sizeof hdr, &hl, &p, master) == RIJN_OK &&
                     rijn_file_seal_chunk(&f, tag, NULL, 0, 1) == RIJN_OK,
                 "file: empty seal");
        TU_CHECK(rijn_file_open_header(&f, hdr, hl, master) == RIJN_OK &&
                     rijn_file_open_chunk(&f, NULL, tag, 16, 1) == RIJN_OK &&
                     rijn_file_open_final(&f) == RIJN_OK,
                 "file: empty open");
    }
}

int main(void)
{
    size_t i;
    for (i = 0; i < MSG; i++) {
        msg[i] = (uint8_t)(i * 7 + 1);
        aad[i] = (uint8_t)(i * 13 + 5);
    }
    for (i = 0; i < sizeof key; i++)
        key[i] = (uint8_t)(0xA0 + i);
    for (i = 0; i < sizeof nonce; i++)
        nonce[i] = (uint8_t)(0x30 + i);
    hashes();
    macs();
    aeads();
    ciphers();
    kdfs_encodings_file();
    return tu_finish();
}
