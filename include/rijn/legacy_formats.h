/*
 * rijn/legacy_formats.h -- key schedules of two legacy file formats:
 * `openssl enc` and Mbed TLS's example program crypt_and_hash. LEGACY:
 * neither format is authenticated the way the rijn format
 * (rijn/file.h) is; use these only to read or write files shared with
 * those tools (on a host: `rijn encrypt --format openssl|mbedtls`; on a
 * device: these calls plus the streaming modes of rijn/modes.h and, for
 * crypt_and_hash, HMAC from rijn/hmac.h).
 *
 * openssl enc file: "Salted__" || salt (8 bytes) || ciphertext (without
 * the header and salt with -nosalt). Ciphertext: AES-128/192/256 in CBC
 * with PKCS#7 padding, CTR (128-bit big-endian counter), CFB128, CFB8 or
 * OFB, with the key and IV below. The file does not say which cipher,
 * hash, KDF or iteration count made it: both sides must agree.
 *
 * Mbed TLS crypt_and_hash file (checked against 2.28): IV (16 bytes) ||
 * ciphertext || HMAC-md(K, ciphertext) (digest-size bytes, compare in
 * constant time before trusting the plaintext). CBC pads with PKCS#7;
 * CTR, CFB128 and OFB do not pad. The AES key is the first 16/24/32
 * bytes of K, the HMAC key all 32 bytes of K.
 *
 * STREAMING (below the key schedules): rijn_legacy_ctx reads and writes
 * both formats with the caller doing the input/output, as rijn/file.h
 * does for the rijn format: no heap, no files, no randomness drawn here
 * (the caller supplies the salt / IV), constant memory whatever the size.
 *
 * Both key schedules hash through the descriptors of rijn/hash.h (MD5 and
 * SHA-1 only when RIJN_CFG_HASH_LEGACY is on). Every stack buffer that
 * held key material is wiped; on error the outputs are zeroed (after
 * the argument checks, which leave them untouched).
 *
 * Errors: RIJN_ERR_NULL, RIJN_ERR_PARAM (bad descriptor, key_len not
 * 16/24/32, iterations 0, salt_len not 0 or 8 for openssl), plus what
 * the hash returns.
 */
#ifndef RIJN_LEGACY_FORMATS_H
#define RIJN_LEGACY_FORMATS_H

#include "hash.h"
#include "hmac.h"
#include "modes.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_OPENSSL_ENC_MAGIC     "Salted__"
#define RIJN_OPENSSL_ENC_SALT_SIZE 8
#define RIJN_OPENSSL_ENC_HEADER    16 /* magic + salt */
#define RIJN_MBEDTLS_CAH_IV_SIZE   16
#define RIJN_MBEDTLS_CAH_KEY_SIZE  32
#define RIJN_MBEDTLS_CAH_ROUNDS    8192

/* Key and IV of an `openssl enc` file.
 *   h          the -md hash (OpenSSL 3 default: &rijn_hash_sha256; 1.0.x
 *              used MD5 for EVP_BytesToKey)
 *   iterations 0: EVP_BytesToKey with count 1 (openssl enc without
 *              -pbkdf2, weak: one hash of the passphrase);
 *              >= 1: PBKDF2-HMAC-h with that count (openssl enc -pbkdf2
 *              uses 10000 unless -iter N), key || iv = the first
 *              key_len + 16 bytes
 *   pass       the passphrase, pass_len bytes (any length, 0 allowed)
 *   salt       the 8 bytes after "Salted__" (salt_len 8), or NULL with
 *              salt_len 0 for -nosalt files
 *   key        key_len bytes out (16, 24 or 32); iv: 16 bytes out */
RIJN_API RIJN_WUR int rijn_openssl_enc_key(const rijn_hash_desc *h, uint32_t iterations,
                                           const uint8_t *pass, size_t pass_len,
                                           const uint8_t *salt, size_t salt_len,
                                           uint8_t *key, size_t key_len, uint8_t iv[16]);

/* K of a crypt_and_hash file: S = iv || 16 zero bytes; 8192 times
 * S[0 .. min(d, 32)) = h(S || secret) with d = h's digest size (for MD5
 * and SHA-1 the rest of S keeps its bytes); K = S.
 *   h       the hash named on crypt_and_hash's command line (MD5, SHA1,
 *           SHA224, SHA256, SHA384, SHA512)
 *   iv      the file's first 16 bytes
 *   secret  the key as crypt_and_hash takes it (a key file's content, at
 *           most 512 bytes, or the key string), secret_len bytes
 *   k       32 bytes out. Cost: 8192 hashes of 32 + secret_len bytes. */
RIJN_API RIJN_WUR int rijn_mbedtls_cah_key(const rijn_hash_desc *h, const uint8_t iv[16],
                                           const uint8_t *secret, size_t secret_len,
                                           uint8_t k[32]);

/* ---- streaming ---------------------------------------------------------
 *
 * WRITING an openssl enc file
 *   rijn_legacy_params p = {md, RIJN_LEGACY_CBC, 32, iterations, 1};
 *   rijn_openssl_enc_seal_init(&ctx, head, &head_len, &p, salt, pass, n)
 *        head: "Salted__" || salt (16 bytes; 0 bytes when p.salted is 0)
 *   rijn_legacy_update(&ctx, out, n + RIJN_LEGACY_OVERHEAD, &olen, in, n)
 *   rijn_legacy_final(&ctx, out, RIJN_LEGACY_OVERHEAD, &olen)  CBC padding
 * READING one
 *   rijn_openssl_enc_header_parse(first 16 bytes, got, salt)   (salted)
 *   rijn_openssl_enc_open_init(&ctx, &p, salt, pass, n)  (same p as the
 *        writer: the file records none of it)
 *   rijn_legacy_update(...) for the rest; rijn_legacy_final(...):
 *        RIJN_ERR_PADDING (wrong passphrase or options, or damaged: the
 *        only sign, and CBC only), RIJN_ERR_LENGTH (CBC: not whole blocks).
 *        Nothing is authenticated: plaintext comes out as it is decrypted.
 *
 * WRITING a crypt_and_hash file (p.iterations and p.salted unused)
 *   write the 16-byte IV (fresh random bytes), then
 *   rijn_mbedtls_cah_seal_init(&ctx, &p, iv, secret, n)   (8192 hashes)
 *   rijn_legacy_update(...)  ciphertext, also fed to the HMAC
 *   rijn_legacy_final(&ctx, out, RIJN_LEGACY_OVERHEAD, &olen): the last
 *        CBC block and the HMAC (p.md's digest size)
 * READING one
 *   rijn_mbedtls_cah_open_init(&ctx, &p, first 16 bytes, secret, n, what)
 *        what: RIJN_CAH_MAC (HMAC the ciphertext), RIJN_CAH_DECRYPT
 *        (decrypt it) or both. The context holds back the last digest-
 *        size bytes fed to it (they are the HMAC).
 *   rijn_legacy_update(...) for the rest of the file
 *   rijn_mbedtls_cah_verify(&ctx) (with RIJN_CAH_MAC): RIJN_ERR_LENGTH if
 *        the input was shorter than the HMAC, RIJN_ERR_AUTH (constant-time
 *        compare) for a wrong secret or options, or a damaged file
 *   rijn_legacy_final(...) (with RIJN_CAH_DECRYPT): RIJN_ERR_PADDING,
 *        RIJN_ERR_LENGTH as for openssl
 *   Verify before releasing plaintext: a first pass with RIJN_CAH_MAC
 *   only, rijn_mbedtls_cah_rewind(&ctx, RIJN_CAH_DECRYPT), and a second
 *   pass over the same bytes (the key is kept; no second key schedule).
 *   From a stream that cannot be read twice, one pass with both bits
 *   releases plaintext before verify says whether it is authentic.
 *
 * Sizes: update writes at most n + 16 bytes and needs out_size >= n + 16;
 * final writes at most RIJN_LEGACY_OVERHEAD (16 + the digest) and needs
 * room for what it writes (RIJN_ERR_BUFFER: nothing consumed, call again
 * with more room). out may not overlap in.
 * Errors: RIJN_ERR_NULL; RIJN_ERR_PARAM (bad mode, key_len, md, salt /
 * salted mismatch, what = 0, and as the key schedules); RIJN_ERR_STATE
 * (out of order, after final, after a failure); RIJN_ERR_UNSUPPORTED (a
 * mode compiled out). Any error but RIJN_ERR_BUFFER / RIJN_ERR_NULL
 * wipes the context and fails it. Secrets: the passphrase / secret stay
 * the caller's; the context holds the key schedule (and for
 * crypt_and_hash K) until final, a failure or rijn_legacy_wipe. */
#define RIJN_LEGACY_CBC    1 /* PKCS#7 padding                        */
#define RIJN_LEGACY_CTR    2 /* 128-bit big-endian counter (whole IV)  */
#define RIJN_LEGACY_CFB128 3
#define RIJN_LEGACY_CFB8   4 /* openssl enc only                       */
#define RIJN_LEGACY_OFB    5
#define RIJN_LEGACY_OVERHEAD (16 + RIJN_HASH_MAX_SIZE)
#define RIJN_CAH_MAC     1u
#define RIJN_CAH_DECRYPT 2u

typedef struct rijn_legacy_params {
    const rijn_hash_desc *md; /* openssl -md / crypt_and_hash's hash      */
    unsigned mode;            /* RIJN_LEGACY_*                            */
    size_t key_len;           /* AES key bytes: 16, 24, 32                */
    uint32_t iterations;      /* openssl: 0 EVP_BytesToKey, else PBKDF2   */
    int salted;               /* openssl: 1 "Salted__" + salt, 0 -nosalt  */
} rijn_legacy_params;

typedef struct rijn_legacy_ctx {
    rijn_block_ctx blk;       /* CBC                                      */
    rijn_stream_ctx st;       /* CTR, CFB128, CFB8, OFB                   */
    rijn_hmac_ctx mac;        /* crypt_and_hash                           */
    const rijn_hash_desc *md;
    uint8_t k[32], iv[16];    /* crypt_and_hash reader: for _rewind       */
    uint8_t hold[RIJN_HASH_MAX_SIZE]; /* reader: the last bytes (tag)     */
    size_t nhold, tag_len, key_len;
    uint8_t mode, enc, what, state; /* internal                           */
} rijn_legacy_ctx;

/* The mode and AES key size of a cipher name, ASCII case ignored:
 * "aes-{128,192,256}-{cbc,ctr,cfb,cfb128,cfb8,ofb}" (cfb = cfb128; the
 * names of `openssl enc -aes-256-cbc` and, in upper case, of
 * crypt_and_hash's AES-256-CBC). RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_PARAM
 * (unknown name; the outputs are left alone). */
RIJN_API RIJN_WUR int rijn_legacy_cipher_find(const char *name, unsigned *mode,
                                              size_t *key_len);

/* Check the start of a salted openssl enc file, in[0..len): RIJN_OK and
 * the salt when it holds "Salted__" and 8 bytes; RIJN_ERR_LENGTH when it
 * starts with "Salted__" but ends inside the salt; RIJN_ERR_PARAM when it
 * does not start with "Salted__" (or is shorter than 8 bytes). */
RIJN_API RIJN_WUR int rijn_openssl_enc_header_parse(const uint8_t *in, size_t len,
                                                    uint8_t salt[8]);
/* Derive key and IV (rijn_openssl_enc_key) and key ctx for writing; the
 * file's first *head_len bytes go to head (16, or 0 when !p->salted, when
 * salt must be NULL). head_size >= 16. */
RIJN_API RIJN_WUR int rijn_openssl_enc_seal_init(rijn_legacy_ctx *ctx, uint8_t *head,
                                                 size_t head_size, size_t *head_len,
                                                 const rijn_legacy_params *p,
                                                 const uint8_t *salt, const uint8_t *pass,
                                                 size_t pass_len);
/* Key ctx for reading (salt: from the header, NULL when !p->salted). */
RIJN_API RIJN_WUR int rijn_openssl_enc_open_init(rijn_legacy_ctx *ctx,
                                                 const rijn_legacy_params *p,
                                                 const uint8_t *salt, const uint8_t *pass,
                                                 size_t pass_len);
/* crypt_and_hash (p->mode not CFB8): K from iv and the secret
 * (rijn_mbedtls_cah_key; cut the secret to 512 bytes first, as
 * crypt_and_hash does), the AES key and the HMAC key from K. */
RIJN_API RIJN_WUR int rijn_mbedtls_cah_seal_init(rijn_legacy_ctx *ctx,
                                                 const rijn_legacy_params *p,
                                                 const uint8_t iv[16], const uint8_t *secret,
                                                 size_t secret_len);
RIJN_API RIJN_WUR int rijn_mbedtls_cah_open_init(rijn_legacy_ctx *ctx,
                                                 const rijn_legacy_params *p,
                                                 const uint8_t iv[16], const uint8_t *secret,
                                                 size_t secret_len, unsigned what);
/* After a RIJN_CAH_MAC pass: RIJN_OK or RIJN_ERR_LENGTH / RIJN_ERR_AUTH. */
RIJN_API RIJN_WUR int rijn_mbedtls_cah_verify(rijn_legacy_ctx *ctx);
/* Start again from the first ciphertext byte with the same key. */
RIJN_API RIJN_WUR int rijn_mbedtls_cah_rewind(rijn_legacy_ctx *ctx, unsigned what);

RIJN_API RIJN_WUR int rijn_legacy_update(rijn_legacy_ctx *ctx, uint8_t *out, size_t out_size,
                                         size_t *out_len, const uint8_t *in, size_t in_len);
RIJN_API RIJN_WUR int rijn_legacy_final(rijn_legacy_ctx *ctx, uint8_t *out, size_t out_size,
                                        size_t *out_len);
RIJN_API void rijn_legacy_wipe(rijn_legacy_ctx *ctx);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_LEGACY_FORMATS_H */
