/*
 * peer_wolfssl.c -- wolfSSL's wolfCrypt (wc_Aes*, wc_AesXts*, wc_Cmac*,
 * wc_ChaCha20Poly1305_*, wc_Sha*Hash, wc_curve25519_shared_secret_ex).
 *
 * Implementation notes
 *   Keyed once in init; per message wc_AesSetIV (and left = 0 for CTR, so
 *   no keystream carries over). The Debian build has no AES-NI (no
 *   WOLFSSL_AESNI; GCM with 4-bit tables): it is the portable C code.
 *   wolfCrypt's CMAC context is set up once and copied for each message
 *   (wc_CmacFinal clears it); ChaCha20-Poly1305 is the one-shot
 *   wc_ChaCha20Poly1305_Encrypt (its key setup is per message by design).
 *   No OCB or GCM-SIV.
 */
#include "bench.h"

#include <wolfssl/options.h>
#include <wolfssl/version.h>
#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/chacha20_poly1305.h>
#include <wolfssl/wolfcrypt/cmac.h>
#include <wolfssl/wolfcrypt/curve25519.h>
#include <wolfssl/wolfcrypt/hash.h>
#include <wolfssl/wolfcrypt/sha256.h>
#include <wolfssl/wolfcrypt/sha512.h>
#include <stdlib.h>
#include <string.h>

typedef struct wstate {
    Aes aes;
    XtsAes xts;
    Cmac cmac, cmac0;
    curve25519_key priv, pub;
} wstate;

static const char *w_version(void)
{
    return LIBWOLFSSL_VERSION_STRING;
}

static int w_init(bench_ctx *c)
{
    wstate *s = calloc(1, sizeof *s);
    word32 kl = c->kbits / 8;
    c->st = s;
    if (wc_AesInit(&s->aes, NULL, INVALID_DEVID))
        return -1;
    switch (c->op) {
    case OP_X25519:
        return wc_curve25519_init(&s->priv) || wc_curve25519_init(&s->pub) ||
               wc_curve25519_import_private_ex(c->key, 32, &s->priv, EC25519_LITTLE_ENDIAN) ||
               wc_curve25519_import_public_ex(c->key + 32, 32, &s->pub, EC25519_LITTLE_ENDIAN)
                   ? -1 : BENCH_OK;
    case OP_CTR: case OP_CBC_ENC: case OP_ECB_ENC:
        return wc_AesSetKey(&s->aes, c->key, kl, c->iv, AES_ENCRYPTION) ? -1 : BENCH_OK;
    case OP_CBC_DEC:
        return wc_AesSetKey(&s->aes, c->key, kl, c->iv, AES_DECRYPTION) ? -1 : BENCH_OK;
    case OP_XTS_ENC:
        return wc_AesXtsSetKey(&s->xts, c->key, 2 * kl, AES_ENCRYPTION, NULL, INVALID_DEVID)
                   ? -1 : BENCH_OK;
    case OP_XTS_DEC:
        return wc_AesXtsSetKey(&s->xts, c->key, 2 * kl, AES_DECRYPTION, NULL, INVALID_DEVID)
                   ? -1 : BENCH_OK;
    case OP_GCM_SEAL: case OP_GCM_OPEN:
        return wc_AesGcmSetKey(&s->aes, c->key, kl) ? -1 : BENCH_OK;
    case OP_CCM_SEAL:
        return wc_AesCcmSetKey(&s->aes, c->key, kl) ? -1 : BENCH_OK;
    case OP_CMAC:
        return wc_InitCmac(&s->cmac0, c->key, kl, WC_CMAC_AES, NULL) ? -1 : BENCH_OK;
    case OP_CHAPOLY_SEAL: case OP_CHAPOLY_OPEN: case OP_SHA256: case OP_SHA512: case OP_KEY_ENC:
    case OP_KEY_DEC:
    case OP_STRING:
        return BENCH_OK;
    default:
        return BENCH_NA;
    }
}

static int w_string(wstate *s, bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    uint8_t tmp[64];
    word32 l = (word32)bench_pkcs7_pad(out, in, BENCH_STRING_LEN);
    if (wc_AesSetKey(&s->aes, c->key, 16, c->iv, AES_ENCRYPTION) ||
        wc_AesCbcEncrypt(&s->aes, out, out, l))
        return -1;
    if (wc_AesSetKey(&s->aes, c->key, 16, c->iv, AES_DECRYPTION) ||
        wc_AesCbcDecrypt(&s->aes, tmp, out, l) ||
        bench_pkcs7_unpad_len(tmp, l) != BENCH_STRING_LEN)
        return -1;
    memcpy(out + 64, tmp, BENCH_STRING_LEN);
    return 0;
}

static int w_run(bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    wstate *s = c->st;
    word32 n = (word32)c->len, tl = 16, kl = c->kbits / 8;
    switch (c->op) {
    case OP_CTR:
        if (wc_AesSetIV(&s->aes, c->iv))
            return -1;
        s->aes.left = 0;
        return wc_AesCtrEncrypt(&s->aes, out, in, n);
    case OP_CBC_ENC:
        return wc_AesSetIV(&s->aes, c->iv) || wc_AesCbcEncrypt(&s->aes, out, in, n);
    case OP_CBC_DEC:
        return wc_AesSetIV(&s->aes, c->iv) || wc_AesCbcDecrypt(&s->aes, out, in, n);
    case OP_ECB_ENC:
        return wc_AesEcbEncrypt(&s->aes, out, in, n);
    case OP_XTS_ENC:
        return wc_AesXtsEncrypt(&s->xts, out, in, n, c->iv, 16);
    case OP_XTS_DEC:
        return wc_AesXtsDecrypt(&s->xts, out, in, n, c->iv, 16);
    case OP_GCM_SEAL:
        return wc_AesGcmEncrypt(&s->aes, out, in, n, c->iv, 12, out + n, 16, c->aad,
                                BENCH_AAD_LEN);
    case OP_GCM_OPEN:
        return wc_AesGcmDecrypt(&s->aes, out, in, n, c->iv, 12, c->tag, 16, c->aad,
                                BENCH_AAD_LEN);
    case OP_CCM_SEAL:
        return wc_AesCcmEncrypt(&s->aes, out, in, n, c->iv, 12, out + n, 16, c->aad,
                                BENCH_AAD_LEN);
    case OP_CMAC:
        memcpy(&s->cmac, &s->cmac0, sizeof s->cmac);
        return wc_CmacUpdate(&s->cmac, in, n) || wc_CmacFinal(&s->cmac, out, &tl);
    case OP_CHAPOLY_SEAL:
        return wc_ChaCha20Poly1305_Encrypt(c->key, c->iv, c->aad, BENCH_AAD_LEN, in, n, out,
                                           out + n);
    case OP_CHAPOLY_OPEN:
        return wc_ChaCha20Poly1305_Decrypt(c->key, c->iv, c->aad, BENCH_AAD_LEN, in, n, c->tag,
                                           out);
    case OP_SHA256:
        return wc_Sha256Hash(in, n, out);
    case OP_SHA512:
        return wc_Sha512Hash(in, n, out);
    case OP_KEY_ENC:
        if (wc_AesSetKey(&s->aes, c->key, kl, NULL, AES_ENCRYPTION))
            return -1;
        return c->check ? wc_AesEncryptDirect(&s->aes, out, in) : 0;
    case OP_KEY_DEC:
        if (wc_AesSetKey(&s->aes, c->key, kl, NULL, AES_DECRYPTION))
            return -1;
        return c->check ? wc_AesDecryptDirect(&s->aes, out, in) : 0;
    case OP_STRING:
        return w_string(s, c, out, in);
    case OP_X25519: {
        word32 ol = 32;
        return wc_curve25519_shared_secret_ex(&s->priv, &s->pub, out, &ol,
                                              EC25519_LITTLE_ENDIAN) || ol != 32;
    }
    default:
        return -1;
    }
}

static void w_fini(bench_ctx *c)
{
    wstate *s = c->st;
    if (s) {
        wc_AesFree(&s->aes);
        if (c->op == OP_X25519) {
            wc_curve25519_free(&s->priv);
            wc_curve25519_free(&s->pub);
        }
        free(s);
    }
    c->st = NULL;
}

const bench_lib bench_lib_wolfssl = {"wolfSSL", NULL, w_version, w_init, w_run, w_fini};
