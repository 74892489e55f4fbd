/*
 * tu_ossl.h -- thin OpenSSL 3 (libcrypto EVP) wrappers for differential
 * tests and reference computations. Test code only.
 *
 *   tu_ossl_cipher(...)       one-shot encrypt/decrypt with any EVP cipher
 *   tu_ossl_begin/step/end    a streaming EVP context (Monte Carlo loops)
 *   tu_ossl_poly1305(...)     a one-shot Poly1305 tag (EVP_MAC)
 *   tu_ossl_gcm_seal(...)     a one-shot AES-GCM seal (any nonce length)
 *   tu_ossl_chachapoly_seal   a one-shot ChaCha20-Poly1305 seal (RFC 8439)
 *   tu_ossl_md_name(id)       OpenSSL's digest name of a rijn hash id
 *
 * Cipher names are OpenSSL's ("AES-128-CBC", "AES-256-CFB1",
 * "AES-192-CBC-CTS", ...). Fetched ciphers are cached for the process.
 */
#ifndef RIJN_TU_OSSL_H
#define RIJN_TU_OSSL_H

#include <stddef.h>
#include <stdint.h>

#include <openssl/evp.h>

/* Options for tu_ossl_cipher / tu_ossl_begin. */
typedef struct tu_ossl_opts {
    int padding;          /* 1 = PKCS#7 (block modes), 0 = none          */
    const char *cts_mode; /* "CS1", "CS2", "CS3" for *-CBC-CTS, or NULL  */
    int length_bits;      /* 1: lengths are in bits (CFB1)                */
} tu_ossl_opts;

/* The cipher called name, fetched once (NULL if OpenSSL lacks it). */
const EVP_CIPHER *tu_ossl_fetch(const char *name);

/* One-shot: runs init/update/final; out must hold len + 32 bytes (or
 * len bits rounded up to bytes + 32). Returns the number of bytes (bits
 * with length_bits) written, or -1 if OpenSSL reports an error (a bad
 * padding on decryption, a length the mode refuses...). opts may be NULL
 * (no padding). key and iv sizes come from the cipher. */
long tu_ossl_cipher(const char *name, int enc, const uint8_t *key, const uint8_t *iv,
                    uint8_t *out, const uint8_t *in, size_t len, const tu_ossl_opts *opts);

/* Streaming: begin returns a context (NULL on error), step runs one
 * update and returns the count written (-1 on error), end frees it. */
EVP_CIPHER_CTX *tu_ossl_begin(const char *name, int enc, const uint8_t *key,
                              const uint8_t *iv, const tu_ossl_opts *opts);
long tu_ossl_step(EVP_CIPHER_CTX *c, uint8_t *out, const uint8_t *in, size_t len);
void tu_ossl_end(EVP_CIPHER_CTX *c);

/* The Poly1305 tag of m under the one-time key (EVP_MAC "POLY1305"). */
void tu_ossl_poly1305(uint8_t tag[16], const uint8_t key[32], const uint8_t *m, size_t len);

/* AES-GCM seal with OpenSSL: key of klen bytes (16, 24, 32), any nonce
 * length ivl, tag of tagl bytes; ct receives len bytes. 1 on success, 0 if
 * OpenSSL refused (a nonce or tag length it does not take). */
int tu_ossl_gcm_seal(const uint8_t *key, size_t klen, const uint8_t *iv, size_t ivl,
                     const uint8_t *aad, size_t aadl, const uint8_t *pt, size_t len, uint8_t *ct,
                     uint8_t *tag, size_t tagl);

/* ChaCha20-Poly1305 (RFC 8439) seal with OpenSSL: 32-byte key, 12-byte
 * nonce, 16-byte tag; ct receives len bytes. 1 on success, 0 if OpenSSL
 * reported an error. */
int tu_ossl_chachapoly_seal(const uint8_t key[32], const uint8_t nonce[12], const uint8_t *aad,
                            size_t aadl, const uint8_t *pt, size_t len, uint8_t *ct,
                            uint8_t tag[16]);

/* OpenSSL's name of the digest with rijn_hash_desc id (rijn/hash.h: 1 MD5
 * ... 13 BLAKE2b-512), for EVP_get_digestbyname; "" for an unknown id. */
const char *tu_ossl_md_name(unsigned id);

/* "AES-<bits>-<suffix>" for a key of key_len bytes, in a static buffer
 * (one of four rotating buffers, so a few can be live at once). */
const char *tu_ossl_aes_name(size_t key_len, const char *suffix);

#endif
