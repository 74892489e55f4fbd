/*
 * tu_ossl.c -- see tu_ossl.h.
 */
#include "tu_ossl.h"

#include <stdio.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#define TU_OSSL_CACHE 64

static struct {
    char name[40];
    EVP_CIPHER *cipher;
} cache[TU_OSSL_CACHE];
static int ncache;

const EVP_CIPHER *tu_ossl_fetch(const char *name)
{
    int i;
    EVP_CIPHER *c;
    for (i = 0; i < ncache; i++)
        if (strcmp(cache[i].name, name) == 0)
            return cache[i].cipher;
    c = EVP_CIPHER_fetch(NULL, name, NULL);
    if (c == NULL || ncache == TU_OSSL_CACHE)
        return c; /* not cached: leaks one object at worst (test code) */
    snprintf(cache[ncache].name, sizeof cache[ncache].name, "%s", name);
    cache[ncache].cipher = c;
    ncache++;
    return c;
}

const char *tu_ossl_aes_name(size_t key_len, const char *suffix)
{
    static char buf[4][48];
    static int next;
    char *b = buf[next];
    next = (next + 1) & 3;
    snprintf(b, sizeof buf[0], "AES-%u-%s", (unsigned)(key_len * 8), suffix);
    return b;
}

static int setup(EVP_CIPHER_CTX *c, const char *name, int enc, const uint8_t *key,
                 const uint8_t *iv, const tu_ossl_opts *opts)
{
    const EVP_CIPHER *ciph = tu_ossl_fetch(name);
    OSSL_PARAM params[2];
    OSSL_PARAM *pp = NULL;
    if (ciph == NULL)
        return 0;
    if (opts != NULL && opts->cts_mode != NULL) {
        params[0] = OSSL_PARAM_construct_utf8_string(OSSL_CIPHER_PARAM_CTS_MODE,
                                                     (char *)opts->cts_mode, 0);
        params[1] = OSSL_PARAM_construct_end();
        pp = params;
    }
    if (!EVP_CipherInit_ex2(c, ciph, key, iv, enc, pp))
        return 0;
    if (!EVP_CIPHER_CTX_set_padding(c, opts != NULL && opts->padding))
        return 0;
    if (opts != NULL && opts->length_bits)
        EVP_CIPHER_CTX_set_flags(c, EVP_CIPH_FLAG_LENGTH_BITS);
    return 1;
}

long tu_ossl_cipher(const char *name, int enc, const uint8_t *key, const uint8_t *iv,
                    uint8_t *out, const uint8_t *in, size_t len, const tu_ossl_opts *opts)
{
    static EVP_CIPHER_CTX *c;
    int n1 = 0, n2 = 0;
    if (c == NULL)
        c = EVP_CIPHER_CTX_new();
    else
        EVP_CIPHER_CTX_reset(c);
    if (c == NULL || len > 0x7fffffff || !setup(c, name, enc, key, iv, opts))
        return -1;
    /* OpenSSL refuses a NULL input even with length 0 in some modes */
    if (len > 0 && !EVP_CipherUpdate(c, out, &n1, in, (int)len))
        return -1;
    if (!EVP_CipherFinal_ex(c, out + n1, &n2))
        return -1;
    return (long)n1 + n2;
}

EVP_CIPHER_CTX *tu_ossl_begin(const char *name, int enc, const uint8_t *key,
                              const uint8_t *iv, const tu_ossl_opts *opts)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    if (c != NULL && !setup(c, name, enc, key, iv, opts)) {
        EVP_CIPHER_CTX_free(c);
        c = NULL;
    }
    return c;
}

long tu_ossl_step(EVP_CIPHER_CTX *c, uint8_t *out, const uint8_t *in, size_t len)
{
    int n = 0;
    if (len > 0x7fffffff || !EVP_CipherUpdate(c, out, &n, in, (int)len))
        return -1;
    return n;
}

void tu_ossl_end(EVP_CIPHER_CTX *c)
{
    EVP_CIPHER_CTX_free(c);
}

void tu_ossl_poly1305(uint8_t tag[16], const uint8_t key[32], const uint8_t *m, size_t len)
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);
    EVP_MAC_CTX *c = EVP_MAC_CTX_new(mac);
    size_t tl = 0;
    EVP_MAC_init(c, key, 32, NULL);
    EVP_MAC_update(c, m, len);
    EVP_MAC_final(c, tag, &tl, 16);
    EVP_MAC_CTX_free(c);
    EVP_MAC_free(mac);
}

int tu_ossl_gcm_seal(const uint8_t *key, size_t klen, const uint8_t *iv, size_t ivl,
                     const uint8_t *aad, size_t aadl, const uint8_t *pt, size_t len, uint8_t *ct,
                     uint8_t *tag, size_t tagl)
{
    const EVP_CIPHER *gcm = klen == 16   ? EVP_aes_128_gcm()
                            : klen == 24 ? EVP_aes_192_gcm()
                                         : EVP_aes_256_gcm();
    EVP_CIPHER_CTX *e = EVP_CIPHER_CTX_new();
    int ok, n = 0;
    ok = e != NULL && EVP_EncryptInit_ex(e, gcm, NULL, NULL, NULL) == 1 &&
         EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_GCM_SET_IVLEN, (int)ivl, NULL) == 1 &&
         EVP_EncryptInit_ex(e, NULL, NULL, key, iv) == 1 &&
         (aadl == 0 || EVP_EncryptUpdate(e, NULL, &n, aad, (int)aadl) == 1) &&
         (len == 0 || EVP_EncryptUpdate(e, ct, &n, pt, (int)len) == 1) &&
         EVP_EncryptFinal_ex(e, ct + (len == 0 ? 0 : n), &n) == 1 &&
         EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_GCM_GET_TAG, (int)tagl, tag) == 1;
    EVP_CIPHER_CTX_free(e);
    return ok;
}

int tu_ossl_chachapoly_seal(const uint8_t key[32], const uint8_t nonce[12], const uint8_t *aad,
                            size_t aadl, const uint8_t *pt, size_t len, uint8_t *ct,
                            uint8_t tag[16])
{
    EVP_CIPHER_CTX *e = EVP_CIPHER_CTX_new();
    int ok, n = 0;
    ok = e != NULL && EVP_EncryptInit_ex(e, EVP_chacha20_poly1305(), NULL, key, nonce) == 1 &&
         (aadl == 0 || EVP_EncryptUpdate(e, NULL, &n, aad, (int)aadl) == 1) &&
         (len == 0 || EVP_EncryptUpdate(e, ct, &n, pt, (int)len) == 1) &&
         EVP_EncryptFinal_ex(e, ct + (len == 0 ? 0 : n), &n) == 1 &&
         EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_AEAD_GET_TAG, 16, tag) == 1;
    EVP_CIPHER_CTX_free(e);
    return ok;
}

const char *tu_ossl_md_name(unsigned id)
{
    static const char *const names[] = {"",           "MD5",      "SHA1",     "SHA224",
                                        "SHA256",     "SHA384",   "SHA512",   "SHA512-224",
                                        "SHA512-256", "SHA3-224", "SHA3-256", "SHA3-384",
                                        "SHA3-512",   "BLAKE2B-512"};
    return id < sizeof names / sizeof names[0] ? names[id] : "";
}
