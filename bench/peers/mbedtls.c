/*
 * mbedtls.c -- Mbed TLS 2.28 behind peer.h. MCU: the Debian source
 * package (fetched by scripts/fetch-peers.sh, never committed), configured
 * by mbedtls_config.h, compiled by bench/mcu/peers.py; host (PEER_HOST):
 * Debian's libmbedcrypto (built with MBEDTLS_AESNI_C: AES-NI and PCLMUL,
 * one block at a time), linked by scripts/bench.sh.
 *
 * Implementation notes: one mbedtls_aes_context per direction (Mbed TLS
 * keeps one schedule per context; setkey_dec derives the decryption
 * schedule through a temporary encryption context on the stack). ECB is
 * one block per call (the 64-block row loops here). CTR/CBC use the
 * AES-level calls; GCM is mbedtls_gcm_* (starts/update/finish, what
 * mbedtls_gcm_crypt_and_tag does), whose setkey goes through the cipher
 * layer and allocates one AES context with calloc: on the MCU the two
 * functions below give it one static slot (the library has no heap there,
 * like rijn). Encrypt-only size: setkey_enc + mbedtls_internal_aes_encrypt
 * (the decryption tables and code are then dropped by the linker);
 * enc+dec: setkey_enc + setkey_dec + crypt_ecb both ways. Host only: GCM
 * open (mbedtls_gcm_auth_decrypt), XTS, CCM, CMAC (the cipher layer's;
 * mbedtls_cipher_cmac_finish leaves the context ready for the next
 * message), ChaCha20-Poly1305, SHA-256/512, X25519 (ecp on Curve25519,
 * x-only; f_rng NULL: 2.28 blinds with its internal DRBG). No OCB or
 * GCM-SIV.
 */
#include <string.h>

#include "mbedtls/aes.h"
#include "mbedtls/gcm.h"
#include "peer.h"

#if !defined(PEER_HOST)
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
#endif

static mbedtls_aes_context ce, cd;
static mbedtls_gcm_context gc;

#if defined(PEER_HOST)
static void host_init(void);
#endif

int PEER_FN(init)(void)
{
    mbedtls_aes_init(&ce);
    mbedtls_aes_init(&cd);
    mbedtls_gcm_init(&gc);
#if defined(PEER_HOST)
    host_init();
#endif
    return 0;
}

int PEER_FN(setup_enc)(const uint8_t *key)
{
    return mbedtls_aes_setkey_enc(&ce, key, PEER_KEYBITS);
}

int PEER_FN(setup_dec)(const uint8_t *key)
{
    return mbedtls_aes_setkey_dec(&cd, key, PEER_KEYBITS);
}

int PEER_FN(setup_encdec)(const uint8_t *key)
{
    return mbedtls_aes_setkey_enc(&ce, key, PEER_KEYBITS) |
           mbedtls_aes_setkey_dec(&cd, key, PEER_KEYBITS);
}

int PEER_FN(enc_block)(uint8_t blk[16])
{
    return mbedtls_aes_crypt_ecb(&ce, MBEDTLS_AES_ENCRYPT, blk, blk);
}

int PEER_FN(dec_block)(uint8_t blk[16])
{
    return mbedtls_aes_crypt_ecb(&cd, MBEDTLS_AES_DECRYPT, blk, blk);
}

int PEER_FN(ecb_enc)(uint8_t *buf, size_t nblocks)
{
    int r = 0;
    for (; nblocks > 0; nblocks--, buf += 16)
        r |= mbedtls_aes_crypt_ecb(&ce, MBEDTLS_AES_ENCRYPT, buf, buf);
    return r;
}

int PEER_FN(ctr_setup)(const uint8_t *key)
{
    return mbedtls_aes_setkey_enc(&ce, key, PEER_KEYBITS);
}

int PEER_FN(ctr)(const uint8_t ctr[16], uint8_t *buf, size_t len)
{
    unsigned char nc[16], stream[16];
    size_t off = 0;
    memcpy(nc, ctr, 16);
    return mbedtls_aes_crypt_ctr(&ce, len, &off, nc, stream, buf, buf);
}

int PEER_FN(cbc_enc)(const uint8_t iv[16], uint8_t *buf, size_t len)
{
    unsigned char v[16];
    memcpy(v, iv, 16);
    return mbedtls_aes_crypt_cbc(&ce, MBEDTLS_AES_ENCRYPT, len, v, buf, buf);
}

int PEER_FN(cbc_dec)(const uint8_t iv[16], uint8_t *buf, size_t len)
{
    unsigned char v[16];
    memcpy(v, iv, 16);
    return mbedtls_aes_crypt_cbc(&cd, MBEDTLS_AES_DECRYPT, len, v, buf, buf);
}

int PEER_FN(gcm_setup)(const uint8_t *key)
{
    return mbedtls_gcm_setkey(&gc, MBEDTLS_CIPHER_ID_AES, key, PEER_KEYBITS);
}

int PEER_FN(gcm_start)(const uint8_t iv[12], const uint8_t *aad, size_t aad_len)
{
    return mbedtls_gcm_starts(&gc, MBEDTLS_GCM_ENCRYPT, iv, 12, aad, aad_len);
}

int PEER_FN(gcm_update)(uint8_t *buf, size_t len)
{
    return mbedtls_gcm_update(&gc, len, buf, buf);
}

int PEER_FN(gcm_final)(uint8_t tag[16])
{
    return mbedtls_gcm_finish(&gc, tag, 16);
}

#if !defined(PEER_HOST)
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
#else /* PEER_HOST: the host's message-level entries and its table */
#include <mbedtls/ccm.h>
#include <mbedtls/chachapoly.h>
#include <mbedtls/cipher.h>
#include <mbedtls/cmac.h>
#include <mbedtls/ecp.h>
#include <mbedtls/sha256.h>
#include <mbedtls/sha512.h>
#include <mbedtls/version.h>

#include "bench.h" /* OP_*: the host harness's operations (-I bench/host) */

static mbedtls_aes_xts_context xts, xtsd;
static mbedtls_ccm_context ccm;
static mbedtls_cipher_context_t cm;
static mbedtls_chachapoly_context cp;
static mbedtls_ecp_group grp; /* X25519: R = d * P, x-only */
static mbedtls_ecp_point xp, xr;
static mbedtls_mpi xd;

static const char *host_version(void)
{
    return MBEDTLS_VERSION_STRING;
}

static void host_init(void)
{
    mbedtls_aes_xts_init(&xts);
    mbedtls_aes_xts_init(&xtsd);
    mbedtls_ccm_init(&ccm);
    mbedtls_cipher_init(&cm);
    mbedtls_chachapoly_init(&cp);
    mbedtls_ecp_group_init(&grp);
    mbedtls_ecp_point_init(&xp);
    mbedtls_ecp_point_init(&xr);
    mbedtls_mpi_init(&xd);
}

static void host_fini(void)
{
    mbedtls_aes_free(&ce);
    mbedtls_aes_free(&cd);
    mbedtls_gcm_free(&gc);
    mbedtls_aes_xts_free(&xts);
    mbedtls_aes_xts_free(&xtsd);
    mbedtls_ccm_free(&ccm);
    mbedtls_cipher_free(&cm);
    mbedtls_chachapoly_free(&cp);
    mbedtls_ecp_group_free(&grp);
    mbedtls_ecp_point_free(&xp);
    mbedtls_ecp_point_free(&xr);
    mbedtls_mpi_free(&xd);
}

static int host_gcm_open(const uint8_t iv[12], const uint8_t *aad, size_t aad_len, uint8_t *buf,
                         size_t len, const uint8_t tag[16])
{
    return mbedtls_gcm_auth_decrypt(&gc, len, iv, 12, aad, aad_len, tag, 16, buf, buf);
}

static int host_xts_setup(const uint8_t *key2)
{
    return mbedtls_aes_xts_setkey_enc(&xts, key2, 2 * PEER_KEYBITS);
}

static int host_xts_enc(const uint8_t tweak[16], uint8_t *buf, size_t len)
{
    return mbedtls_aes_crypt_xts(&xts, MBEDTLS_AES_ENCRYPT, len, tweak, buf, buf);
}

static int host_xts_setup_dec(const uint8_t *key2)
{
    return mbedtls_aes_xts_setkey_dec(&xtsd, key2, 2 * PEER_KEYBITS);
}

static int host_xts_dec(const uint8_t tweak[16], uint8_t *buf, size_t len)
{
    return mbedtls_aes_crypt_xts(&xtsd, MBEDTLS_AES_DECRYPT, len, tweak, buf, buf);
}

static int host_ccm_setup(const uint8_t *key)
{
    return mbedtls_ccm_setkey(&ccm, MBEDTLS_CIPHER_ID_AES, key, PEER_KEYBITS);
}

static int host_ccm_seal(const uint8_t n[12], const uint8_t *aad, size_t aad_len, uint8_t *buf,
                         size_t len)
{
    return mbedtls_ccm_encrypt_and_tag(&ccm, len, n, 12, aad, aad_len, buf, buf, buf + len, 16);
}

static int host_cmac_setup(const uint8_t *key)
{
    if (mbedtls_cipher_setup(&cm, mbedtls_cipher_info_from_type(
            PEER_KEYBITS == 128 ? MBEDTLS_CIPHER_AES_128_ECB : MBEDTLS_CIPHER_AES_256_ECB)))
        return -1;
    return mbedtls_cipher_cmac_starts(&cm, key, PEER_KEYBITS);
}

static int host_cmac(const uint8_t *in, size_t len, uint8_t mac[16])
{
    return mbedtls_cipher_cmac_update(&cm, in, len) || mbedtls_cipher_cmac_finish(&cm, mac);
}

static int host_chapoly_setup(const uint8_t key[32])
{
    return mbedtls_chachapoly_setkey(&cp, key);
}

static int host_chapoly_seal(const uint8_t n[12], const uint8_t *aad, size_t aad_len,
                             uint8_t *buf, size_t len)
{
    return mbedtls_chachapoly_encrypt_and_tag(&cp, len, n, aad, aad_len, buf, buf, buf + len);
}

static int host_sha256(const uint8_t *in, size_t len, uint8_t out[32])
{
    return mbedtls_sha256_ret(in, len, out, 0);
}

static int host_sha512(const uint8_t *in, size_t len, uint8_t out[64])
{
    return mbedtls_sha512_ret(in, len, out, 0);
}

static int host_x25519_setup(const uint8_t key[64])
{
    return mbedtls_ecp_group_load(&grp, MBEDTLS_ECP_DP_CURVE25519) ||
           mbedtls_mpi_read_binary_le(&xd, key, 32) ||
           mbedtls_mpi_read_binary_le(&xp.X, key + 32, 32) || mbedtls_mpi_lset(&xp.Z, 1);
}

static int host_x25519(uint8_t out[32])
{
    return mbedtls_ecp_mul(&grp, &xr, &xd, &xp, NULL, NULL) ||
           mbedtls_mpi_write_binary_le(&xr.X, out, 32);
}

/* Mbed TLS takes separate in and out buffers: the host's message rows call
 * it that way (no copy in the timed loop), GCM seal as one
 * mbedtls_gcm_crypt_and_tag. */
static int host_message_io(int op, const uint8_t *iv, const uint8_t *aad, size_t aad_len,
                           const uint8_t *in, uint8_t *out, size_t len, const uint8_t tag[16])
{
    unsigned char v[16], stream[16];
    size_t off = 0, i;
    int r = 0;
    switch (op) {
    case OP_ECB_ENC:
        for (i = 0; i < len; i += 16)
            r |= mbedtls_aes_crypt_ecb(&ce, MBEDTLS_AES_ENCRYPT, in + i, out + i);
        return r;
    case OP_CTR:
        memcpy(v, iv, 16);
        return mbedtls_aes_crypt_ctr(&ce, len, &off, v, stream, in, out);
    case OP_CBC_ENC: case OP_CBC_DEC:
        memcpy(v, iv, 16);
        return mbedtls_aes_crypt_cbc(op == OP_CBC_ENC ? &ce : &cd,
                                     op == OP_CBC_ENC ? MBEDTLS_AES_ENCRYPT : MBEDTLS_AES_DECRYPT,
                                     len, v, in, out);
    case OP_XTS_ENC:
        return mbedtls_aes_crypt_xts(&xts, MBEDTLS_AES_ENCRYPT, len, iv, in, out);
    case OP_XTS_DEC:
        return mbedtls_aes_crypt_xts(&xtsd, MBEDTLS_AES_DECRYPT, len, iv, in, out);
    case OP_GCM_SEAL:
        return mbedtls_gcm_crypt_and_tag(&gc, MBEDTLS_GCM_ENCRYPT, len, iv, 12, aad, aad_len, in,
                                         out, 16, out + len);
    case OP_GCM_OPEN:
        return mbedtls_gcm_auth_decrypt(&gc, len, iv, 12, aad, aad_len, tag, 16, in, out);
    case OP_CCM_SEAL:
        return mbedtls_ccm_encrypt_and_tag(&ccm, len, iv, 12, aad, aad_len, in, out, out + len,
                                           16);
    case OP_CHAPOLY_SEAL:
        return mbedtls_chachapoly_encrypt_and_tag(&cp, len, iv, aad, aad_len, in, out,
                                                  out + len);
    default:
        return PEER_IO_NONE;
    }
}

const peer_ops PEER_FN(ops) = {
    .variant = NULL, .kbits = PEER_KEYBITS, .version = host_version,
    .init = PEER_FN(init), .fini = host_fini, .setup_enc = PEER_FN(setup_enc),
    .setup_dec = PEER_FN(setup_dec), .setup_encdec = PEER_FN(setup_encdec),
    .enc_block = PEER_FN(enc_block), .dec_block = PEER_FN(dec_block),
    .ecb_enc = PEER_FN(ecb_enc), .ctr_setup = PEER_FN(ctr_setup), .ctr = PEER_FN(ctr),
    .cbc_enc = PEER_FN(cbc_enc), .cbc_dec = PEER_FN(cbc_dec), .gcm_setup = PEER_FN(gcm_setup),
    .gcm_start = PEER_FN(gcm_start), .gcm_update = PEER_FN(gcm_update),
    .gcm_final = PEER_FN(gcm_final), .gcm_open = host_gcm_open, .xts_setup = host_xts_setup,
    .xts_enc = host_xts_enc, .xts_setup_dec = host_xts_setup_dec, .xts_dec = host_xts_dec,
    .ccm_setup = host_ccm_setup, .ccm_seal = host_ccm_seal,
    .cmac_setup = host_cmac_setup, .cmac = host_cmac, .chapoly_setup = host_chapoly_setup,
    .chapoly_seal = host_chapoly_seal, .sha256 = host_sha256, .sha512 = host_sha512,
    .x25519_setup = host_x25519_setup, .x25519 = host_x25519, .message_io = host_message_io,
};
#endif
