/*
 * test_modes_sp800_38a.c -- the example vectors of NIST SP 800-38A
 * appendix F (ECB, CBC, CFB1, CFB8, CFB128, OFB, CTR; AES-128/192/256;
 * encryption and decryption), RFC 3686 section 6 (CTR32), RFC 3962
 * appendix B (CBC-CS3) and CBC-CS1/CS2/CS3 against OpenSSL 3's
 * "AES-*-CBC-CTS" for every length 16..80, on every AES implementation,
 * out of place and in place.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>

#include "testutil.h"

/* Built with RIJN_CFG_AES_DECRYPT=0, decryption with the inverse cipher
 * (ECB, CBC, CTS) must return RIJN_ERR_UNSUPPORTED instead. */
#define HAVE_DEC RIJN_CFG_AES_DECRYPT

/* 1 if this key length is compiled in (RIJN_CFG_AES_192 / _256). */
static int key_len_ok(size_t kl)
{
    return kl == 16 || (kl == 24 && RIJN_CFG_AES_192) || (kl == 32 && RIJN_CFG_AES_256);
}

/* ---- SP 800-38A appendix F ---------------------------------------------- */
static const char *const sp_keys[3] = {
    "2b7e151628aed2a6abf7158809cf4f3c",
    "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
    "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"};
static const char sp_pt[] = "6bc1bee22e409f96e93d7e117393172a"
                            "ae2d8a571e03ac9c9eb76fac45af8e51"
                            "30c81c46a35ce411e5fbc1191a0a52ef"
                            "f69f2445df4f9b17ad2b417be66c3710";
static const char sp_iv[] = "000102030405060708090a0b0c0d0e0f";
static const char sp_ctr[] = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

enum { M_ECB, M_CBC, M_CFB1, M_CFB8, M_CFB128, M_OFB, M_CTR, M_CTR32 };
static const char *const mname[] = {"ECB", "CBC", "CFB1", "CFB8", "CFB128", "OFB", "CTR", "CTR32"};

typedef struct {
    int mode, key; /* key: index in sp_keys */
    size_t len;    /* bytes (CFB1: bits)    */
    const char *ct;
} sp_vec;

static const sp_vec sp_vecs[] = {
    /* F.1 ECB */
    {M_ECB, 0, 64, "3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf"
                   "43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4"},
    {M_ECB, 1, 64, "bd334f1d6e45f25ff712a214571fa5cc974104846d0ad3ad7734ecb3ecee4eef"
                   "ef7afd2270e2e60adce0ba2face6444e9a4b41ba738d6c72fb16691603c18e0e"},
    {M_ECB, 2, 64, "f3eed1bdb5d2a03c064b5a7e3db181f8591ccb10d410ed26dc5ba74a31362870"
                   "b6ed21b99ca6f4f9f153e7b1beafed1d23304b7a39f9f3ff067d8d8f9e24ecc7"},
    /* F.2 CBC */
    {M_CBC, 0, 64, "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
                   "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7"},
    {M_CBC, 1, 64, "4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a"
                   "571b242012fb7ae07fa9baac3df102e008b0e27988598881d920a9e64f5615cd"},
    {M_CBC, 2, 64, "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
                   "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b"},
    /* F.3.1-F.3.6 CFB1: 16 one-bit segments (plaintext bits 0110101111000001) */
    {M_CFB1, 0, 16, "68b3"},
    {M_CFB1, 1, 16, "9359"},
    {M_CFB1, 2, 16, "9029"},
    /* F.3.7-F.3.12 CFB8: 18 segments */
    {M_CFB8, 0, 18, "3b79424c9c0dd436bace9e0ed4586a4f32b9"},
    {M_CFB8, 1, 18, "cda2521ef0a905ca44cd057cbf0d47a0678a"},
    {M_CFB8, 2, 18, "dc1f1a8520a64db55fcc8ac554844e889700"},
    /* F.3.13-F.3.18 CFB128 */
    {M_CFB128, 0, 64, "3b3fd92eb72dad20333449f8e83cfb4ac8a64537a0b3a93fcde3cdad9f1ce58b"
                      "26751f67a3cbb140b1808cf187a4f4dfc04b05357c5d1c0eeac4c66f9ff7f2e6"},
    {M_CFB128, 1, 64, "cdc80d6fddf18cab34c25909c99a417467ce7f7f81173621961a2b70171d3d7a"
                      "2e1e8a1dd59b88b1c8e60fed1efac4c9c05f9f9ca9834fa042ae8fba584b09ff"},
    {M_CFB128, 2, 64, "dc7e84bfda79164b7ecd8486985d386039ffed143b28b1c832113c6331e5407b"
                      "df10132415e54b92a13ed0a8267ae2f975a385741ab9cef82031623d55b1e471"},
    /* F.4 OFB */
    {M_OFB, 0, 64, "3b3fd92eb72dad20333449f8e83cfb4a7789508d16918f03f53c52dac54ed825"
                   "9740051e9c5fecf64344f7a82260edcc304c6528f659c77866a510d9c1d6ae5e"},
    {M_OFB, 1, 64, "cdc80d6fddf18cab34c25909c99a4174fcc28b8d4c63837c09e81700c1100401"
                   "8d9a9aeac0f6596f559c6d4daf59a5f26d9f200857ca6c3e9cac524bd9acc92a"},
    {M_OFB, 2, 64, "dc7e84bfda79164b7ecd8486985d38604febdc6740d20b3ac88f6ad82a4fb08d"
                   "71ab47a086e86eedf39d1c5bba97c4080126141d67f37be8538f5a8be740e484"},
    /* F.5 CTR */
    {M_CTR, 0, 64, "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
                   "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee"},
    {M_CTR, 1, 64, "1abc932417521ca24f2b0459fe7e6e0b090339ec0aa6faefd5ccc2c6f4ce8e94"
                   "1e36b26bd1ebc670d1bd1d665620abf74f78a7f6d29809585a97daec58c6b050"},
    {M_CTR, 2, 64, "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
                   "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6"},
};

static int sp_crypt(int mode, int enc, const rijn_aes_ctx *a, const uint8_t *iv, uint8_t *out,
                 const uint8_t *in, size_t len)
{
    switch (mode) {
    case M_ECB: return enc ? rijn_ecb_encrypt(a, out, in, len) : rijn_ecb_decrypt(a, out, in, len);
    case M_CBC:
        return enc ? rijn_cbc_encrypt(a, iv, out, in, len) : rijn_cbc_decrypt(a, iv, out, in, len);
    case M_CFB1:
        return enc ? rijn_cfb1_encrypt_bits(a, iv, out, in, len)
                   : rijn_cfb1_decrypt_bits(a, iv, out, in, len);
    case M_CFB8:
        return enc ? rijn_cfb8_encrypt(a, iv, out, in, len) : rijn_cfb8_decrypt(a, iv, out, in, len);
    case M_CFB128:
        return enc ? rijn_cfb128_encrypt(a, iv, out, in, len)
                   : rijn_cfb128_decrypt(a, iv, out, in, len);
    case M_OFB: return rijn_ofb_crypt(a, iv, out, in, len);
    case M_CTR: return rijn_ctr_crypt(a, iv, out, in, len);
    default: return rijn_ctr32_crypt(a, iv, out, in, len);
    }
}

static void sp800_38a(void)
{
    uint8_t key[32], iv[16], pt[64], ct[64], out[64], buf[64];
    size_t i, nbytes, nb;
    rijn_aes_ctx a;
    for (i = 0; i < sizeof sp_vecs / sizeof sp_vecs[0]; i++) {
        const sp_vec *v = &sp_vecs[i];
        size_t klen = 16 + 8 * (size_t)v->key;
        char what[64];
        if (!key_len_ok(klen))
            continue;
        nbytes = v->mode == M_CFB1 ? (v->len + 7) / 8 : v->len;
        snprintf(what, sizeof what, "%s-AES%u", mname[v->mode], (unsigned)(klen * 8));
        tu_unhex_into(key, klen, sp_keys[v->key]);
        tu_unhex_into(iv, 16, v->mode == M_CTR ? sp_ctr : sp_iv);
        tu_unhex_into(pt, nbytes, sp_pt);
        tu_unhex_into(ct, nbytes, v->ct);
        TU_CHECK(rijn_aes_init(&a, key, klen) == RIJN_OK, "init %s", what);
        memset(out, 0xAA, sizeof out);
        TU_CHECK(sp_crypt(v->mode, 1, &a, iv, out, pt, v->len) == RIJN_OK, "%s enc", what);
        TU_EQ(out, ct, nbytes, what);
        /* in place */
        memcpy(buf, pt, nbytes);
        TU_CHECK(sp_crypt(v->mode, 1, &a, iv, buf, buf, v->len) == RIJN_OK, "%s enc ip", what);
        TU_EQ(buf, ct, nbytes, what);
        if (!HAVE_DEC && (v->mode == M_ECB || v->mode == M_CBC)) {
            TU_CHECK(sp_crypt(v->mode, 0, &a, iv, out, ct, v->len) == RIJN_ERR_UNSUPPORTED,
                     "%s dec compiled out", what);
        } else {
            memset(out, 0xAA, sizeof out);
            TU_CHECK(sp_crypt(v->mode, 0, &a, iv, out, ct, v->len) == RIJN_OK, "%s dec", what);
            TU_EQ(out, pt, nbytes, what);
            TU_CHECK(sp_crypt(v->mode, 0, &a, iv, buf, buf, v->len) == RIJN_OK, "%s dec ip",
                     what);
            TU_EQ(buf, pt, nbytes, what);
        }
        /* every prefix of the stream modes is a prefix of the vector */
        if (v->mode != M_ECB && v->mode != M_CBC) {
            for (nb = 1; nb < v->len; nb++) {
                size_t pb = v->mode == M_CFB1 ? (nb + 7) / 8 : nb;
                uint8_t want[64];
                memcpy(want, ct, pb);
                if (v->mode == M_CFB1 && nb % 8 != 0)
                    want[pb - 1] &= (uint8_t)(0xFF00u >> (nb % 8));
                memset(out, 0xAA, sizeof out);
                TU_CHECK(sp_crypt(v->mode, 1, &a, iv, out, pt, nb) == RIJN_OK, "%s prefix", what);
                TU_CHECK(memcmp(out, want, pb) == 0 && out[pb] == 0xAA, "%s prefix %zu", what,
                         nb);
            }
        }
        /* encrypt-only key: forward-cipher modes still work */
        if (v->mode != M_ECB && v->mode != M_CBC) {
            TU_CHECK(rijn_aes_init_enc(&a, key, klen) == RIJN_OK, "init_enc");
            TU_CHECK(sp_crypt(v->mode, 0, &a, iv, out, ct, v->len) == RIJN_OK, "%s dec enc-only",
                     what);
            TU_EQ(out, pt, nbytes, what);
        }
        rijn_aes_wipe(&a);
    }
}

/* ---- RFC 3686 section 6 ------------------------------------------------- */
typedef struct {
    const char *key, *nonce, *iv;
    size_t len;
    const char *ct;
} rfc3686_vec;

static const rfc3686_vec rfc3686[] = {
    {"ae6852f8121067cc4bf7a5765577f39e", "00000030", "0000000000000000", 16,
     "e4095d4fb7a7b3792d6175a3261311b8"},
    {"7e24067817fae0d743d6ce1f32539163", "006cb6db", "c0543b59da48d90b", 32,
     "5104a106168a72d9790d41ee8edad388eb2e1efc46da57c8fce630df9141be28"},
    {"7691be035e5020a8ac6e618529f9a0dc", "00e0017b", "27777f3f4a1786f0", 36,
     "c1cf48a89f2ffdd9cf4652e9efdb72d74540a42bde6d7836d59a5ceaaef3105325b2072f"},
    {"16af5b145fc9f579c175f93e3bfb0eed863d06ccfdb78515", "00000048", "36733c147d6d93cb", 16,
     "4b55384fe259c9c84e7935a003cbe928"},
    {"7c5cb2401b3dc33c19e7340819e0f69c678c3db8e6f6a91a", "0096b03b", "020c6eadc2cb500d", 32,
     "453243fc609b23327edfaafa7131cd9f8490701c5ad4a79cfc1fe0ff42f4fb00"},
    {"02bf391ee8ecb159b959617b0965279bf59b60a786d3e0fe", "0007bdfd", "5cbd60278dcc0912", 36,
     "96893fc55e5c722f540b7dd1ddf7e758d288bc95c69165884536c811662f2188abee0935"},
    {"776beff2851db06f4c8a0542c8696f6c6a81af1eec96b4d37fc1d689e6c1c104", "00000060",
     "db5672c97aa8f0b2", 16, "145ad01dbf824ec7560863dc71e3e0c0"},
    {"f6d66d6bd52d59bb0796365879eff886c66dd51a5b6a99744b50590c87a23884", "00faac24",
     "c1585ef15a43d875", 32,
     "f05e231b3894612c49ee000b804eb2a9b8306b508f839d6a5530831d9344af1c"},
    {"ff7a617ce69148e4f1726e2f43581de2aa62d9f805532edff1eed687fb54153d", "001cc5b7",
     "51a51d70a1c11148", 36,
     "eb6c52821d0bbbf7ce7594462aca4faab407df866569fd07f48cc0b583d6071f1ec0e6b8"},
};

static void rfc3686_ctr32(void)
{
    uint8_t key[32], blk[16], pt[36], ct[36], out[36];
    size_t i, j;
    rijn_aes_ctx a;
    for (i = 0; i < sizeof rfc3686 / sizeof rfc3686[0]; i++) {
        const rfc3686_vec *v = &rfc3686[i];
        size_t klen = strlen(v->key) / 2;
        if (!key_len_ok(klen))
            continue;
        tu_unhex_into(key, klen, v->key);
        tu_unhex_into(blk, 4, v->nonce);
        tu_unhex_into(blk + 4, 8, v->iv);
        blk[12] = 0; blk[13] = 0; blk[14] = 0; blk[15] = 1;
        tu_unhex_into(ct, v->len, v->ct);
        if (v->len == 16)
            memcpy(pt, "Single block msg", 16);
        else
            for (j = 0; j < v->len; j++)
                pt[j] = (uint8_t)j;
        TU_CHECK(rijn_aes_init_enc(&a, key, klen) == RIJN_OK, "init");
        TU_CHECK(rijn_ctr32_crypt(&a, blk, out, pt, v->len) == RIJN_OK, "ctr32");
        TU_EQ(out, ct, v->len, "RFC 3686 encrypt");
        TU_CHECK(rijn_ctr32_crypt(&a, blk, out, out, v->len) == RIJN_OK, "ctr32 ip");
        TU_EQ(out, pt, v->len, "RFC 3686 decrypt in place");
        TU_CHECK(rijn_ctr_crypt(&a, blk, out, pt, v->len) == RIJN_OK, "ctr");
        TU_EQ(out, ct, v->len, "RFC 3686 with the 128-bit counter");
        rijn_aes_wipe(&a);
    }
}

/* ---- CBC-CTS -------------------------------------------------------------
 * RFC 3962 appendix B: Kerberos AES-CTS = CS3, key "chicken teriyaki",
 * IV 0. The CS1 form of the same message is C_{n-1}* || C_n, i.e. the
 * last two pieces of the CS3 output swapped back; CS2 equals CS1 for a
 * multiple of 16 and CS3 otherwise. */
static const char rfc3962_pt[] = "I would like the General Gau's Chicken, please, and wonton soup.";
static const struct {
    size_t len;
    const char *ct;
} rfc3962[] = {
    {17, "c6353568f2bf8cb4d8a580362da7ff7f97"},
    {31, "fc00783e0efdb2c1d445d4c8eff7ed2297687268d6ecccc0c07b25e25ecfe5"},
    {32, "39312523a78662d5be7fcbcc98ebf5a897687268d6ecccc0c07b25e25ecfe584"},
    {47, "97687268d6ecccc0c07b25e25ecfe584b3fffd940c16a18c1b5549d2f838029e"
         "39312523a78662d5be7fcbcc98ebf5"},
    {48, "97687268d6ecccc0c07b25e25ecfe5849dad8bbb96c4cdc03bc103e1a194bbd8"
         "39312523a78662d5be7fcbcc98ebf5a8"},
    {64, "97687268d6ecccc0c07b25e25ecfe58439312523a78662d5be7fcbcc98ebf5a8"
         "4807efe836ee89a526730dbc2f7bc8409dad8bbb96c4cdc03bc103e1a194bbd8"},
};

static void cts_check(const rijn_aes_ctx *a, rijn_cts_variant v, const uint8_t *iv,
                      const uint8_t *pt, const uint8_t *ct, size_t len, const char *what)
{
    uint8_t out[96], buf[96];
    memset(out, 0xAA, sizeof out);
    TU_CHECK(rijn_cbc_cts_encrypt(a, v, iv, out, pt, len) == RIJN_OK, "%s enc", what);
    TU_CHECK(memcmp(out, ct, len) == 0 && out[len] == 0xAA, "%s CS%d encrypt len %zu", what,
             (int)v, len);
    if (!HAVE_DEC) {
        TU_CHECK(rijn_cbc_cts_decrypt(a, v, iv, out, ct, len) == RIJN_ERR_UNSUPPORTED,
                 "%s dec compiled out", what);
        return;
    }
    memset(out, 0xAA, sizeof out);
    TU_CHECK(rijn_cbc_cts_decrypt(a, v, iv, out, ct, len) == RIJN_OK, "%s dec", what);
    TU_CHECK(memcmp(out, pt, len) == 0 && out[len] == 0xAA, "%s CS%d decrypt len %zu", what,
             (int)v, len);
    memcpy(buf, pt, len);
    TU_CHECK(rijn_cbc_cts_encrypt(a, v, iv, buf, buf, len) == RIJN_OK &&
                 memcmp(buf, ct, len) == 0, "%s CS%d encrypt in place len %zu", what, (int)v, len);
    TU_CHECK(rijn_cbc_cts_decrypt(a, v, iv, buf, buf, len) == RIJN_OK &&
                 memcmp(buf, pt, len) == 0, "%s CS%d decrypt in place len %zu", what, (int)v, len);
}

static void cts_rfc3962(void)
{
    uint8_t key[16], iv[16] = {0}, ct[64], cs1[64];
    size_t i, d, body;
    rijn_aes_ctx a;
    memcpy(key, "chicken teriyaki", 16);
    TU_CHECK(rijn_aes_init(&a, key, 16) == RIJN_OK, "init");
    for (i = 0; i < sizeof rfc3962 / sizeof rfc3962[0]; i++) {
        size_t len = rfc3962[i].len;
        tu_unhex_into(ct, len, rfc3962[i].ct);
        cts_check(&a, RIJN_CTS_CS3, iv, (const uint8_t *)rfc3962_pt, ct, len, "RFC 3962");
        /* CS1: un-swap the last full block and the stolen piece. */
        d = len % 16 == 0 ? 16 : len % 16;
        body = len - 16 - d;
        memcpy(cs1, ct, body);
        memcpy(cs1 + body, ct + body + 16, d);
        memcpy(cs1 + body + d, ct + body, 16);
        cts_check(&a, RIJN_CTS_CS1, iv, (const uint8_t *)rfc3962_pt, cs1, len, "RFC 3962 as CS1");
        cts_check(&a, RIJN_CTS_CS2, iv, (const uint8_t *)rfc3962_pt, len % 16 == 0 ? cs1 : ct,
                  len, "RFC 3962 as CS2");
    }
    rijn_aes_wipe(&a);
}

/* OpenSSL 3 AES-{128,192,256}-CBC-CTS with CTS_MODE CS1/CS2/CS3. */
static int ossl_cts(size_t klen, const char *cs, int enc, const uint8_t *key, const uint8_t *iv,
                    uint8_t *out, const uint8_t *in, size_t len)
{
    char name[32];
    EVP_CIPHER *c;
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    OSSL_PARAM prm[2];
    int ol = 0, fl = 0, ok;
    snprintf(name, sizeof name, "AES-%u-CBC-CTS", (unsigned)(klen * 8));
    c = EVP_CIPHER_fetch(NULL, name, NULL);
    prm[0] = OSSL_PARAM_construct_utf8_string(OSSL_CIPHER_PARAM_CTS_MODE, (char *)cs, 0);
    prm[1] = OSSL_PARAM_construct_end();
    ok = c != NULL && x != NULL && EVP_CipherInit_ex2(x, c, key, iv, enc, prm) == 1 &&
         EVP_CipherUpdate(x, out, &ol, in, (int)len) == 1 &&
         EVP_CipherFinal_ex(x, out + ol, &fl) == 1 && (size_t)(ol + fl) == len;
    EVP_CIPHER_CTX_free(x);
    EVP_CIPHER_free(c);
    return ok;
}

static void cts_openssl(void)
{
    static const char *const cs[3] = {"CS1", "CS2", "CS3"};
    uint8_t key[32], iv[16], pt[80], ct[80], back[80];
    size_t k, len, klen;
    int v;
    rijn_aes_ctx a;
    for (k = 0; k < 3; k++) {
        klen = 16 + 8 * k;
        if (!key_len_ok(klen))
            continue;
        tu_rand_bytes(key, klen);
        TU_CHECK(rijn_aes_init(&a, key, klen) == RIJN_OK, "init");
        for (len = 16; len <= 80; len++) {
            tu_rand_bytes(iv, 16);
            tu_rand_bytes(pt, len);
            for (v = 1; v <= 3; v++) {
                int ok = ossl_cts(klen, cs[v - 1], 1, key, iv, ct, pt, len);
                TU_CHECK(ok, "OpenSSL %s encrypt len %zu", cs[v - 1], len);
                if (!ok)
                    continue;
                TU_CHECK(ossl_cts(klen, cs[v - 1], 0, key, iv, back, ct, len) &&
                             memcmp(back, pt, len) == 0, "OpenSSL %s round trip", cs[v - 1]);
                cts_check(&a, (rijn_cts_variant)v, iv, pt, ct, len, "OpenSSL");
            }
        }
        rijn_aes_wipe(&a);
    }
}

static void run(const char *impl, void *arg)
{
    (void)impl;
    (void)arg;
    sp800_38a();
    rfc3686_ctr32();
    cts_rfc3962();
    cts_openssl();
}

int main(void)
{
    tu_rand_seed(0x38A);
    tu_for_each_impl(run, NULL);
    return tu_finish();
}
