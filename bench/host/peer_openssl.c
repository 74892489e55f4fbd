/*
 * peer_openssl.c -- OpenSSL 3 (libcrypto) through EVP.
 *
 * Implementation notes
 *   The cipher is fetched and keyed once in init; each message re-enters
 *   EVP_{En,De}cryptInit_ex with only the IV (what a TLS or file-encryption
 *   loop does), then Update / Final / tag control. CMAC is EVP_MAC "CMAC",
 *   restarted with EVP_MAC_init(ctx, NULL, 0, NULL). Key setup rows call
 *   EVP_{En,De}cryptInit_ex with only the key on an ECB context. The
 *   string case re-keys with the cipher and lets EVP do PKCS#7.
 *   OPENSSL_ia32cap (set by the "ct" group) masks AES-NI: OpenSSL then uses
 *   its SSSE3 vector-permute AES ("vpaes"). X25519 is EVP_PKEY_derive on a
 *   context given its private key and the peer's u once, in init.
 */
#include "bench.h"

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ostate {
    EVP_CIPHER *cipher;
    EVP_CIPHER_CTX *ctx;
    EVP_MAC *mac;
    EVP_MAC_CTX *mctx;
    EVP_PKEY *priv, *peer;  /* X25519 */
    EVP_PKEY_CTX *pctx;
} ostate;

static const char *o_version(void)
{
    return OpenSSL_version(OPENSSL_VERSION);
}

static const char *o_cipher_name(const bench_ctx *c)
{
    static char buf[40];
    const char *m;
    switch (c->op) {
    case OP_CTR: m = "CTR"; break;
    case OP_CFB_ENC: case OP_CFB_DEC: m = "CFB"; break;
    case OP_OFB: m = "OFB"; break;
    case OP_CBC_ENC: case OP_CBC_DEC: case OP_STRING: m = "CBC"; break;
    case OP_ECB_ENC: case OP_KEY_ENC: case OP_KEY_DEC: m = "ECB"; break;
    case OP_XTS_ENC: case OP_XTS_DEC: m = "XTS"; break;
    case OP_GCM_SEAL: case OP_GCM_OPEN: m = "GCM"; break;
    case OP_CCM_SEAL: m = "CCM"; break;
    case OP_OCB_SEAL: m = "OCB"; break;
    case OP_CHAPOLY_SEAL: case OP_CHAPOLY_OPEN: return "ChaCha20-Poly1305";
    default: return NULL;
    }
    snprintf(buf, sizeof buf, "AES-%u-%s", c->kbits, m);
    return buf;
}

static int o_init(bench_ctx *c)
{
    ostate *s = calloc(1, sizeof *s);
    c->st = s;
    int enc = c->op != OP_CBC_DEC && c->op != OP_GCM_OPEN && c->op != OP_KEY_DEC &&
              c->op != OP_CFB_DEC && c->op != OP_XTS_DEC && c->op != OP_CHAPOLY_OPEN;
    size_t kl = c->kbits / 8;
    if (c->op == OP_SHA256 || c->op == OP_SHA512 || c->op == OP_SHA3_256)
        return BENCH_OK;
    if (c->op == OP_GCMSIV_SEAL || c->op == OP_GCMSIV_OPEN)
        return BENCH_NA; /* OpenSSL 3.2+ only */
    if (c->op == OP_X25519) {
        s->priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, c->key, 32);
        s->peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, c->key + 32, 32);
        s->pctx = s->priv ? EVP_PKEY_CTX_new(s->priv, NULL) : NULL;
        return s->pctx && s->peer && EVP_PKEY_derive_init(s->pctx) > 0 &&
               EVP_PKEY_derive_set_peer(s->pctx, s->peer) > 0 ? BENCH_OK : -1;
    }
    if (c->op == OP_CMAC) {
        char cn[20];
        snprintf(cn, sizeof cn, "AES-%u-CBC", c->kbits);
        OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, cn, 0),
                          OSSL_PARAM_construct_end()};
        s->mac = EVP_MAC_fetch(NULL, "CMAC", NULL);
        s->mctx = s->mac ? EVP_MAC_CTX_new(s->mac) : NULL;
        return s->mctx && EVP_MAC_init(s->mctx, c->key, kl, p) ? BENCH_OK : -1;
    }
    const char *name = o_cipher_name(c);
    if (name == NULL)
        return BENCH_NA;
    s->cipher = EVP_CIPHER_fetch(NULL, name, NULL);
    s->ctx = EVP_CIPHER_CTX_new();
    if (s->cipher == NULL || s->ctx == NULL)
        return -1;
    if (c->op == OP_XTS_ENC || c->op == OP_XTS_DEC)
        kl *= 2;
    if (c->op == OP_STRING)
        return BENCH_OK;
    if (!EVP_CipherInit_ex(s->ctx, s->cipher, NULL, NULL, NULL, enc))
        return -1;
    if (c->op == OP_CCM_SEAL || c->op == OP_OCB_SEAL) {
        if (EVP_CIPHER_CTX_ctrl(s->ctx, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL) <= 0 ||
            EVP_CIPHER_CTX_ctrl(s->ctx, EVP_CTRL_AEAD_SET_TAG, 16, NULL) <= 0)
            return -1;
    }
    if (!EVP_CipherInit_ex(s->ctx, NULL, NULL, c->key, NULL, enc))
        return -1;
    EVP_CIPHER_CTX_set_padding(s->ctx, 0);
    return BENCH_OK;
}

static int o_aead_seal(ostate *s, bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    int l = 0, n = (int)c->len;
    if (!EVP_EncryptInit_ex(s->ctx, NULL, NULL, NULL, c->iv))
        return -1;
    if (c->op == OP_CCM_SEAL && !EVP_EncryptUpdate(s->ctx, NULL, &l, NULL, n))
        return -1;
    if (!EVP_EncryptUpdate(s->ctx, NULL, &l, c->aad, BENCH_AAD_LEN) ||
        !EVP_EncryptUpdate(s->ctx, out, &l, in, n) ||
        !EVP_EncryptFinal_ex(s->ctx, out + l, &l) ||
        EVP_CIPHER_CTX_ctrl(s->ctx, EVP_CTRL_AEAD_GET_TAG, 16, out + n) <= 0)
        return -1;
    return 0;
}

static int o_string(ostate *s, bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    int l1 = 0, l2 = 0, l3 = 0, l4 = 0;
    uint8_t tmp[80];
    if (!EVP_EncryptInit_ex(s->ctx, s->cipher, NULL, c->key, c->iv) ||
        !EVP_EncryptUpdate(s->ctx, out, &l1, in, BENCH_STRING_LEN) ||
        !EVP_EncryptFinal_ex(s->ctx, out + l1, &l2) || l1 + l2 != 64)
        return -1;
    if (!EVP_DecryptInit_ex(s->ctx, s->cipher, NULL, c->key, c->iv) ||
        !EVP_DecryptUpdate(s->ctx, tmp, &l3, out, 64) ||
        !EVP_DecryptFinal_ex(s->ctx, tmp + l3, &l4) || l3 + l4 != BENCH_STRING_LEN)
        return -1;
    memcpy(out + 64, tmp, BENCH_STRING_LEN);
    return 0;
}

static int o_run(bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    ostate *s = c->st;
    int l = 0, n = (int)c->len;
    size_t ml = 0;
    switch (c->op) {
    case OP_CTR: case OP_CBC_ENC: case OP_XTS_ENC: case OP_CFB_ENC: case OP_OFB:
        return EVP_EncryptInit_ex(s->ctx, NULL, NULL, NULL, c->iv) &&
               EVP_EncryptUpdate(s->ctx, out, &l, in, n) ? 0 : -1;
    case OP_CBC_DEC: case OP_CFB_DEC: case OP_XTS_DEC:
        return EVP_DecryptInit_ex(s->ctx, NULL, NULL, NULL, c->iv) &&
               EVP_DecryptUpdate(s->ctx, out, &l, in, n) ? 0 : -1;
    case OP_ECB_ENC:
        return EVP_EncryptUpdate(s->ctx, out, &l, in, n) ? 0 : -1;
    case OP_GCM_SEAL: case OP_CCM_SEAL: case OP_OCB_SEAL: case OP_CHAPOLY_SEAL:
        return o_aead_seal(s, c, out, in);
    case OP_GCM_OPEN: case OP_CHAPOLY_OPEN:
        if (!EVP_DecryptInit_ex(s->ctx, NULL, NULL, NULL, c->iv) ||
            !EVP_DecryptUpdate(s->ctx, NULL, &l, c->aad, BENCH_AAD_LEN) ||
            !EVP_DecryptUpdate(s->ctx, out, &l, in, n) ||
            EVP_CIPHER_CTX_ctrl(s->ctx, EVP_CTRL_AEAD_SET_TAG, 16, c->tag) <= 0)
            return -1;
        return EVP_DecryptFinal_ex(s->ctx, out + l, &l) > 0 ? 0 : -1;
    case OP_CMAC:
        return EVP_MAC_init(s->mctx, NULL, 0, NULL) && EVP_MAC_update(s->mctx, in, c->len) &&
               EVP_MAC_final(s->mctx, out, &ml, 16) ? 0 : -1;
    case OP_SHA256:
        return EVP_Digest(in, c->len, out, NULL, EVP_sha256(), NULL) ? 0 : -1;
    case OP_SHA512:
        return EVP_Digest(in, c->len, out, NULL, EVP_sha512(), NULL) ? 0 : -1;
    case OP_SHA3_256:
        return EVP_Digest(in, c->len, out, NULL, EVP_sha3_256(), NULL) ? 0 : -1;
    case OP_KEY_ENC:
        if (!EVP_EncryptInit_ex(s->ctx, NULL, NULL, c->key, NULL))
            return -1;
        return c->check && !EVP_EncryptUpdate(s->ctx, out, &l, in, 16) ? -1 : 0;
    case OP_KEY_DEC:
        if (!EVP_DecryptInit_ex(s->ctx, NULL, NULL, c->key, NULL))
            return -1;
        return c->check && !EVP_DecryptUpdate(s->ctx, out, &l, in, 16) ? -1 : 0;
    case OP_STRING:
        return o_string(s, c, out, in);
    case OP_X25519: {
        size_t ol = 32;
        return EVP_PKEY_derive(s->pctx, out, &ol) > 0 && ol == 32 ? 0 : -1;
    }
    default:
        return -1;
    }
}

static void o_fini(bench_ctx *c)
{
    ostate *s = c->st;
    if (s) {
        EVP_CIPHER_CTX_free(s->ctx);
        EVP_CIPHER_free(s->cipher);
        EVP_MAC_CTX_free(s->mctx);
        EVP_MAC_free(s->mac);
        EVP_PKEY_CTX_free(s->pctx);
        EVP_PKEY_free(s->priv);
        EVP_PKEY_free(s->peer);
        free(s);
    }
    c->st = NULL;
}

const bench_lib bench_lib_openssl = {"OpenSSL", NULL, o_version, o_init, o_run, o_fini};
