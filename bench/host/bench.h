/*
 * bench.h -- the comparison harness: one operation, many libraries.
 *
 * Implementation notes
 *   Every library is an adapter with three entries (bench/host/peer_<lib>.c;
 *   the peers the MCU harness measures too, BearSSL, Mbed TLS and
 *   tiny-AES-c, are bench/peers/<peer>.c behind peer.h, made into
 *   bench_lib entries by bench/host/peer_bridge.c):
 *   init (key setup and whatever per-key state the library keeps; may say
 *   BENCH_NA when it lacks the operation), run (one whole message: set the
 *   IV/nonce, process len bytes, write the output, tag or digest), fini.
 *   The driver (bench/host/bench.c) checks that every library's output is equal
 *   byte for byte before it times anything (a mismatch aborts the row), then
 *   times batches of run() with RDTSC, interleaving the libraries, and
 *   reports medians. This code is a benchmark, not library code: it may use
 *   the heap and stdio, and it is never linked into rijn.
 *
 *   Output layout of run(): ciphers write len bytes; AEAD seal writes the
 *   ciphertext then the 16-byte tag at out + len; AEAD open writes the
 *   plaintext and returns nonzero when the tag does not verify; CMAC writes
 *   16 bytes; hashes write the digest; key setup writes nothing unless
 *   c->check is set, when it also encrypts (OP_KEY_ENC) or decrypts
 *   (OP_KEY_DEC) the block at in with the fresh schedule; the string case
 *   writes the 64-byte ciphertext then the 48 recovered bytes; X25519
 *   writes X25519(scalar = key[0..31], u = key[32..63]) (32 bytes; in is
 *   not read, so adapters can decode both in init).
 */
#ifndef BENCH_H
#define BENCH_H

#include <stddef.h>
#include <stdint.h>

enum bench_op {
    OP_CTR, OP_CBC_ENC, OP_CBC_DEC, OP_ECB_ENC, OP_XTS_ENC,
    OP_GCM_SEAL, OP_GCM_OPEN, OP_CCM_SEAL, OP_OCB_SEAL, OP_GCMSIV_SEAL,
    OP_CMAC, OP_CHAPOLY_SEAL, OP_SHA256, OP_SHA512,
    OP_KEY_ENC, OP_KEY_DEC, OP_STRING, OP_X25519,
    OP_CFB_ENC, OP_CFB_DEC, OP_OFB, /* CFB128 encrypt / decrypt, OFB */
    OP_SHA3_256,
    OP_XTS_DEC, /* XTS decrypt (of the same random input: outputs still compared) */
    OP_CHAPOLY_OPEN, /* ChaCha20-Poly1305 open (of rijn's seal, as OP_GCM_OPEN) */
    OP_GCMSIV_OPEN,  /* AES-GCM-SIV open (of rijn's seal, as OP_GCM_OPEN) */
    OP__COUNT
};

#define BENCH_OK 0
#define BENCH_NA 1      /* the library does not have this operation */
#define BENCH_AAD_LEN 16
#define BENCH_NONCE_LEN 12
#define BENCH_STRING_LEN 48

typedef struct bench_ctx {
    int op;
    unsigned kbits;        /* AES key size (XTS: per half); 256 for ChaCha  */
    size_t len;            /* message length in bytes                      */
    const char *variant;   /* implementation variant (BearSSL), or NULL    */
    int check;             /* key setup rows: also process one block       */
    uint8_t key[64];       /* XTS uses 2 * kbits / 8 bytes                 */
    uint8_t iv[16];        /* CTR counter, CBC IV, XTS tweak; nonce = iv[0..11] */
    uint8_t aad[BENCH_AAD_LEN];
    uint8_t tag[16];       /* OP_GCM_OPEN, OP_CHAPOLY_OPEN: the tag to verify */
    void *st;              /* the adapter's state                          */
} bench_ctx;

typedef struct bench_lib {
    const char *name;
    const char *const *variants;  /* NULL, or NULL-terminated list       */
    const char *(*version)(void);
    int (*init)(bench_ctx *c);
    int (*run)(bench_ctx *c, uint8_t *out, const uint8_t *in);
    void (*fini)(bench_ctx *c);
} bench_lib;

/* The seeds' string case: 47 characters and the terminating NUL. */
extern const uint8_t bench_string[BENCH_STRING_LEN];

/* PKCS#7 for the libraries that leave padding to the caller. */
size_t bench_pkcs7_pad(uint8_t *out, const uint8_t *in, size_t len);
size_t bench_pkcs7_unpad_len(const uint8_t *buf, size_t len); /* 0 if bad */

/* Adapters (only those built in are linked; see scripts/bench.sh). */
extern const bench_lib bench_lib_rijn, bench_lib_openssl, bench_lib_gcrypt,
    bench_lib_nettle, bench_lib_mbedtls, bench_lib_wolfssl, bench_lib_tomcrypt,
    bench_lib_sodium, bench_lib_bearssl, bench_lib_tiny;

#endif
