/*
 * peer_mbedtls.c -- Mbed TLS 2.28 (the Debian source package, fetched by
 * scripts/fetch-peers.sh, never committed) behind peer.h, configured by
 * peer_mbedtls_config.h.
 *
 * Implementation notes: one mbedtls_aes_context per direction (Mbed TLS
 * keeps one schedule per context; setkey_dec derives the decryption
 * schedule through a temporary encryption context on the stack). ECB is
 * one block per call (the 64-block row loops here). CTR/CBC use the
 * AES-level calls; GCM is mbedtls_gcm_* (starts/update/finish), whose
 * setkey goes through the cipher layer and allocates one AES context with
 * calloc: the two functions below give it one static slot (the library
 * has no heap here, like rijn). Encrypt-only size: setkey_enc +
 * mbedtls_internal_aes_encrypt (the decryption tables and code are then
 * dropped by the linker); enc+dec: setkey_enc + setkey_dec + crypt_ecb
 * both ways.
 */
#include <string.h>

#include "mbedtls/aes.h"
#include "mbedtls/gcm.h"
#include "peer.h"

void *calloc(size_t n, size_t size);
void free(void *p);

/* the one allocation Mbed TLS makes here (the cipher layer's AES context) */
static union {
    mbedtls_aes_context aes;
    uint32_t align;
} slot;
static int slot_used;

void *calloc(size_t n, size_t size)
{
    if (slot_used || n == 0 || size > sizeof slot / n)
        return NULL;
    slot_used = 1;
    memset(&slot, 0, sizeof slot);
    return &slot;
}

void free(void *p)
{
    if (p == (void *)&slot)
        slot_used = 0;
}

static mbedtls_aes_context ce, cd;
static mbedtls_gcm_context gc;

int peer_init(void)
{
    mbedtls_aes_init(&ce);
    mbedtls_aes_init(&cd);
    mbedtls_gcm_init(&gc);
    return 0;
}

int peer_setup_enc(const uint8_t key[16])
{
    return mbedtls_aes_setkey_enc(&ce, key, 128);
}

int peer_setup_encdec(const uint8_t key[16])
{
    return mbedtls_aes_setkey_enc(&ce, key, 128) | mbedtls_aes_setkey_dec(&cd, key, 128);
}

int peer_enc_block(uint8_t blk[16])
{
    return mbedtls_aes_crypt_ecb(&ce, MBEDTLS_AES_ENCRYPT, blk, blk);
}

int peer_dec_block(uint8_t blk[16])
{
    return mbedtls_aes_crypt_ecb(&cd, MBEDTLS_AES_DECRYPT, blk, blk);
}

int peer_ecb_enc(uint8_t *buf, size_t nblocks)
{
    int r = 0;
    for (; nblocks > 0; nblocks--, buf += 16)
        r |= mbedtls_aes_crypt_ecb(&ce, MBEDTLS_AES_ENCRYPT, buf, buf);
    return r;
}

int peer_ctr_setup(const uint8_t key[16])
{
    return mbedtls_aes_setkey_enc(&ce, key, 128);
}

int peer_ctr(const uint8_t ctr[16], uint8_t *buf, size_t len)
{
    unsigned char nc[16], stream[16];
    size_t off = 0;
    memcpy(nc, ctr, 16);
    return mbedtls_aes_crypt_ctr(&ce, len, &off, nc, stream, buf, buf);
}

int peer_cbc_enc(const uint8_t iv[16], uint8_t *buf, size_t len)
{
    unsigned char v[16];
    memcpy(v, iv, 16);
    return mbedtls_aes_crypt_cbc(&ce, MBEDTLS_AES_ENCRYPT, len, v, buf, buf);
}

int peer_cbc_dec(const uint8_t iv[16], uint8_t *buf, size_t len)
{
    unsigned char v[16];
    memcpy(v, iv, 16);
    return mbedtls_aes_crypt_cbc(&cd, MBEDTLS_AES_DECRYPT, len, v, buf, buf);
}

int peer_gcm_setup(const uint8_t key[16])
{
    return mbedtls_gcm_setkey(&gc, MBEDTLS_CIPHER_ID_AES, key, 128);
}

int peer_gcm_start(const uint8_t iv[12], const uint8_t *aad, size_t aad_len)
{
    return mbedtls_gcm_starts(&gc, MBEDTLS_GCM_ENCRYPT, iv, 12, aad, aad_len);
}

int peer_gcm_update(uint8_t *buf, size_t len)
{
    return mbedtls_gcm_update(&gc, len, buf, buf);
}

int peer_gcm_final(uint8_t tag[16])
{
    return mbedtls_gcm_finish(&gc, tag, 16);
}

int peer_feat_enc(const uint8_t key[16], uint8_t blk[16])
{
    return mbedtls_aes_setkey_enc(&ce, key, 128) | mbedtls_internal_aes_encrypt(&ce, blk, blk);
}

int peer_feat_encdec(const uint8_t key[16], uint8_t blk[16])
{
    int r = mbedtls_aes_setkey_enc(&ce, key, 128) | mbedtls_aes_setkey_dec(&cd, key, 128);
    r |= mbedtls_aes_crypt_ecb(&ce, MBEDTLS_AES_ENCRYPT, blk, blk);
    return r | mbedtls_aes_crypt_ecb(&cd, MBEDTLS_AES_DECRYPT, blk, blk);
}
