/*
 * peer_sodium.c -- libsodium (crypto_aead_aes256gcm_*_afternm,
 * crypto_aead_chacha20poly1305_ietf_*, crypto_hash_sha256/512,
 * crypto_scalarmult_curve25519).
 *
 * Implementation notes
 *   libsodium has AES only as AES-256-GCM, and only on CPUs with AES-NI and
 *   PCLMUL (crypto_aead_aes256gcm_is_available); its key is expanded once
 *   with _beforenm and each message uses the detached _afternm calls.
 *   ChaCha20-Poly1305 is the IETF variant (12-byte nonce), detached.
 */
#define _POSIX_C_SOURCE 200112L
#include "bench.h"

#include <sodium.h>
#include <stdlib.h>

typedef struct sstate {
    crypto_aead_aes256gcm_state gcm;
} sstate;

static const char *s_version(void)
{
    return sodium_version_string();
}

static int s_init(bench_ctx *c)
{
    if (sodium_init() < 0)
        return -1;
    c->st = NULL;
    switch (c->op) {
    case OP_GCM_SEAL: case OP_GCM_OPEN:
        if (c->kbits != 256 || !crypto_aead_aes256gcm_is_available())
            return BENCH_NA;
        if (posix_memalign(&c->st, 64, sizeof(sstate)))
            return -1;
        return crypto_aead_aes256gcm_beforenm(&((sstate *)c->st)->gcm, c->key) ? -1 : BENCH_OK;
    case OP_CHAPOLY_SEAL: case OP_CHAPOLY_OPEN: case OP_SHA256: case OP_SHA512: case OP_X25519:
        return BENCH_OK;
    default:
        return BENCH_NA;
    }
}

static int s_run(bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    sstate *s = c->st;
    unsigned long long n = c->len, tl = 16;
    switch (c->op) {
    case OP_GCM_SEAL:
        return crypto_aead_aes256gcm_encrypt_detached_afternm(
            out, out + n, &tl, in, n, c->aad, BENCH_AAD_LEN, NULL, c->iv, &s->gcm);
    case OP_GCM_OPEN:
        return crypto_aead_aes256gcm_decrypt_detached_afternm(
            out, NULL, in, n, c->tag, c->aad, BENCH_AAD_LEN, c->iv, &s->gcm);
    case OP_CHAPOLY_SEAL:
        return crypto_aead_chacha20poly1305_ietf_encrypt_detached(
            out, out + n, &tl, in, n, c->aad, BENCH_AAD_LEN, NULL, c->iv, c->key);
    case OP_CHAPOLY_OPEN:
        return crypto_aead_chacha20poly1305_ietf_decrypt_detached(
            out, NULL, in, n, c->tag, c->aad, BENCH_AAD_LEN, c->iv, c->key);
    case OP_SHA256:
        return crypto_hash_sha256(out, in, n);
    case OP_SHA512:
        return crypto_hash_sha512(out, in, n);
    case OP_X25519:
        return crypto_scalarmult_curve25519(out, c->key, c->key + 32);
    default:
        return -1;
    }
}

static void s_fini(bench_ctx *c)
{
    free(c->st);
    c->st = NULL;
}

const bench_lib bench_lib_sodium = {"libsodium", NULL, s_version, s_init, s_run, s_fini};
