/*
 * peer_mbedtls.c -- Mbed TLS 2.28 (libmbedcrypto: aes, aes_xts, gcm, ccm,
 * cmac, chachapoly, sha256/512, ecp on Curve25519 for X25519).
 *
 * Implementation notes
 *   Contexts keyed in init; per message the IV / nonce counter is copied
 *   (mbedtls_aes_crypt_cbc and _ctr update theirs). ECB is a loop of
 *   mbedtls_aes_crypt_ecb (Mbed TLS has no multi-block ECB call). CMAC is
 *   the cipher-layer CMAC; mbedtls_cipher_cmac_finish leaves the context
 *   ready for the next message with the same key. Debian builds Mbed TLS
 *   with MBEDTLS_AESNI_C (AES-NI and PCLMUL, one block at a time).
 *   No OCB or GCM-SIV.
 */
#include "bench.h"

#include <mbedtls/aes.h>
#include <mbedtls/ccm.h>
#include <mbedtls/chachapoly.h>
#include <mbedtls/cipher.h>
#include <mbedtls/cmac.h>
#include <mbedtls/ecp.h>
#include <mbedtls/gcm.h>
#include <mbedtls/sha256.h>
#include <mbedtls/sha512.h>
#include <mbedtls/version.h>
#include <stdlib.h>
#include <string.h>

typedef struct mstate {
    mbedtls_aes_context aes;
    mbedtls_aes_xts_context xts;
    mbedtls_gcm_context gcm;
    mbedtls_ccm_context ccm;
    mbedtls_cipher_context_t cm;
    mbedtls_chachapoly_context cp;
    mbedtls_ecp_group grp; /* X25519: R = d * P, x-only */
    mbedtls_ecp_point p, r;
    mbedtls_mpi d;
} mstate;

static const char *m_version(void)
{
    return MBEDTLS_VERSION_STRING;
}

static int m_init(bench_ctx *c)
{
    mstate *s = calloc(1, sizeof *s);
    unsigned kb = c->kbits;
    c->st = s;
    mbedtls_aes_init(&s->aes);
    mbedtls_aes_xts_init(&s->xts);
    mbedtls_gcm_init(&s->gcm);
    mbedtls_ccm_init(&s->ccm);
    mbedtls_cipher_init(&s->cm);
    mbedtls_chachapoly_init(&s->cp);
    mbedtls_ecp_group_init(&s->grp);
    mbedtls_ecp_point_init(&s->p);
    mbedtls_ecp_point_init(&s->r);
    mbedtls_mpi_init(&s->d);
    switch (c->op) {
    case OP_X25519:
        return mbedtls_ecp_group_load(&s->grp, MBEDTLS_ECP_DP_CURVE25519) ||
               mbedtls_mpi_read_binary_le(&s->d, c->key, 32) ||
               mbedtls_mpi_read_binary_le(&s->p.X, c->key + 32, 32) ||
               mbedtls_mpi_lset(&s->p.Z, 1) ? -1 : BENCH_OK;
    case OP_CTR: case OP_CBC_ENC: case OP_ECB_ENC:
        return mbedtls_aes_setkey_enc(&s->aes, c->key, kb) ? -1 : BENCH_OK;
    case OP_CBC_DEC:
        return mbedtls_aes_setkey_dec(&s->aes, c->key, kb) ? -1 : BENCH_OK;
    case OP_XTS_ENC:
        return mbedtls_aes_xts_setkey_enc(&s->xts, c->key, 2 * kb) ? -1 : BENCH_OK;
    case OP_GCM_SEAL: case OP_GCM_OPEN:
        return mbedtls_gcm_setkey(&s->gcm, MBEDTLS_CIPHER_ID_AES, c->key, kb) ? -1 : BENCH_OK;
    case OP_CCM_SEAL:
        return mbedtls_ccm_setkey(&s->ccm, MBEDTLS_CIPHER_ID_AES, c->key, kb) ? -1 : BENCH_OK;
    case OP_CMAC:
        if (mbedtls_cipher_setup(&s->cm, mbedtls_cipher_info_from_type(
                kb == 128 ? MBEDTLS_CIPHER_AES_128_ECB : MBEDTLS_CIPHER_AES_256_ECB)))
            return -1;
        return mbedtls_cipher_cmac_starts(&s->cm, c->key, kb) ? -1 : BENCH_OK;
    case OP_CHAPOLY_SEAL:
        return mbedtls_chachapoly_setkey(&s->cp, c->key) ? -1 : BENCH_OK;
    case OP_SHA256: case OP_SHA512: case OP_KEY_ENC: case OP_KEY_DEC: case OP_STRING:
        return BENCH_OK;
    default:
        return BENCH_NA;
    }
}

static int m_string(mstate *s, bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    uint8_t iv[16], tmp[64];
    size_t l = bench_pkcs7_pad(out, in, BENCH_STRING_LEN);
    memcpy(iv, c->iv, 16);
    if (mbedtls_aes_setkey_enc(&s->aes, c->key, 128) ||
        mbedtls_aes_crypt_cbc(&s->aes, MBEDTLS_AES_ENCRYPT, l, iv, out, out))
        return -1;
    memcpy(iv, c->iv, 16);
    if (mbedtls_aes_setkey_dec(&s->aes, c->key, 128) ||
        mbedtls_aes_crypt_cbc(&s->aes, MBEDTLS_AES_DECRYPT, l, iv, out, tmp) ||
        bench_pkcs7_unpad_len(tmp, l) != BENCH_STRING_LEN)
        return -1;
    memcpy(out + 64, tmp, BENCH_STRING_LEN);
    return 0;
}

static int m_run(bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    mstate *s = c->st;
    size_t n = c->len, off = 0;
    uint8_t iv[16], sb[16];
    memcpy(iv, c->iv, 16);
    switch (c->op) {
    case OP_CTR:
        return mbedtls_aes_crypt_ctr(&s->aes, n, &off, iv, sb, in, out);
    case OP_CBC_ENC:
        return mbedtls_aes_crypt_cbc(&s->aes, MBEDTLS_AES_ENCRYPT, n, iv, in, out);
    case OP_CBC_DEC:
        return mbedtls_aes_crypt_cbc(&s->aes, MBEDTLS_AES_DECRYPT, n, iv, in, out);
    case OP_ECB_ENC:
        for (size_t i = 0; i < n; i += 16)
            if (mbedtls_aes_crypt_ecb(&s->aes, MBEDTLS_AES_ENCRYPT, in + i, out + i))
                return -1;
        return 0;
    case OP_XTS_ENC:
        return mbedtls_aes_crypt_xts(&s->xts, MBEDTLS_AES_ENCRYPT, n, iv, in, out);
    case OP_GCM_SEAL:
        return mbedtls_gcm_crypt_and_tag(&s->gcm, MBEDTLS_GCM_ENCRYPT, n, iv, 12, c->aad,
                                         BENCH_AAD_LEN, in, out, 16, out + n);
    case OP_GCM_OPEN:
        return mbedtls_gcm_auth_decrypt(&s->gcm, n, iv, 12, c->aad, BENCH_AAD_LEN, c->tag, 16,
                                        in, out);
    case OP_CCM_SEAL:
        return mbedtls_ccm_encrypt_and_tag(&s->ccm, n, iv, 12, c->aad, BENCH_AAD_LEN, in, out,
                                           out + n, 16);
    case OP_CMAC:
        return mbedtls_cipher_cmac_update(&s->cm, in, n) ||
               mbedtls_cipher_cmac_finish(&s->cm, out) ? -1 : 0;
    case OP_CHAPOLY_SEAL:
        return mbedtls_chachapoly_encrypt_and_tag(&s->cp, n, iv, c->aad, BENCH_AAD_LEN, in, out,
                                                  out + n);
    case OP_SHA256:
        return mbedtls_sha256_ret(in, n, out, 0);
    case OP_SHA512:
        return mbedtls_sha512_ret(in, n, out, 0);
    case OP_KEY_ENC:
        if (mbedtls_aes_setkey_enc(&s->aes, c->key, c->kbits))
            return -1;
        return c->check ? mbedtls_aes_crypt_ecb(&s->aes, MBEDTLS_AES_ENCRYPT, in, out) : 0;
    case OP_KEY_DEC:
        if (mbedtls_aes_setkey_dec(&s->aes, c->key, c->kbits))
            return -1;
        return c->check ? mbedtls_aes_crypt_ecb(&s->aes, MBEDTLS_AES_DECRYPT, in, out) : 0;
    case OP_STRING:
        return m_string(s, c, out, in);
    case OP_X25519: /* f_rng NULL: Mbed TLS 2.28 blinds with its internal DRBG */
        return mbedtls_ecp_mul(&s->grp, &s->r, &s->d, &s->p, NULL, NULL) ||
               mbedtls_mpi_write_binary_le(&s->r.X, out, 32) ? -1 : 0;
    default:
        return -1;
    }
}

static void m_fini(bench_ctx *c)
{
    mstate *s = c->st;
    if (s) {
        mbedtls_aes_free(&s->aes);
        mbedtls_aes_xts_free(&s->xts);
        mbedtls_gcm_free(&s->gcm);
        mbedtls_ccm_free(&s->ccm);
        mbedtls_cipher_free(&s->cm);
        mbedtls_chachapoly_free(&s->cp);
        mbedtls_ecp_group_free(&s->grp);
        mbedtls_ecp_point_free(&s->p);
        mbedtls_ecp_point_free(&s->r);
        mbedtls_mpi_free(&s->d);
        free(s);
    }
    c->st = NULL;
}

const bench_lib bench_lib_mbedtls = {"Mbed TLS", NULL, m_version, m_init, m_run, m_fini};
