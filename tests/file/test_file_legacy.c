/*
 * test_file_legacy.c -- the streaming API of the legacy file formats
 * (rijn/legacy_formats.h: rijn_openssl_enc_*, rijn_mbedtls_cah_*,
 * rijn_legacy_update / _final):
 *   - known answers: a file made by `openssl enc -aes-128-cbc -pbkdf2
 *     -iter 1000 -md sha256` and two made by Mbed TLS's crypt_and_hash
 *     (AES-128-CBC SHA1, AES-256-CTR SHA512), read back;
 *   - differential: every mode x key size x a set of hashes, written by
 *     rijn in random-size pieces and compared with OpenSSL's EVP cipher
 *     (and HMAC for crypt_and_hash) under the same key, then read back in
 *     other random pieces (one pass, and verify-then-decrypt with rewind);
 *   - wrong passphrase / secret, flipped bits, truncation (inside the
 *     salt, inside a block, inside the HMAC), (NULL, 0) edges, every
 *     state and buffer error;
 *   - the names of the rijn format's AEADs, which the CLI and Python take
 *     from the descriptor table (rijn_file_aead_alg / _find).
 * The whole files are tested against the real tools through the CLI by
 * tests/cli/test_interop_openssl.py and tests/cli/test_interop_mbedtls.sh.
 */
#include <string.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "rijn/aead_table.h"
#include "rijn/file.h"
#include "rijn/legacy_formats.h"
#include "testutil.h"

#define MAXN 3000
static uint8_t pt[MAXN], file[MAXN + 200], back[MAXN + 200];

static const char *const md_names[] = {"md5", "sha1", "sha256", "sha512"};

static const EVP_CIPHER *evp_cipher(unsigned mode, size_t kl)
{
    static const EVP_CIPHER *(*const t[5][3])(void) = {
        {EVP_aes_128_cbc, EVP_aes_192_cbc, EVP_aes_256_cbc},
        {EVP_aes_128_ctr, EVP_aes_192_ctr, EVP_aes_256_ctr},
        {EVP_aes_128_cfb128, EVP_aes_192_cfb128, EVP_aes_256_cfb128},
        {EVP_aes_128_cfb8, EVP_aes_192_cfb8, EVP_aes_256_cfb8},
        {EVP_aes_128_ofb, EVP_aes_192_ofb, EVP_aes_256_ofb}};
    return t[mode - 1][(kl - 16) / 8]();
}

/* OpenSSL's encryption of in[0..n) into out: the byte count. */
static size_t evp_encrypt(unsigned mode, const uint8_t *key, size_t kl, const uint8_t *iv,
                          const uint8_t *in, size_t n, uint8_t *out)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int a = 0, b = 0;
    TU_CHECK(c != NULL && EVP_EncryptInit_ex(c, evp_cipher(mode, kl), NULL, key, iv) == 1 &&
                 EVP_EncryptUpdate(c, out, &a, in, (int)n) == 1 &&
                 EVP_EncryptFinal_ex(c, out + a, &b) == 1,
             "EVP encrypt");
    EVP_CIPHER_CTX_free(c);
    return (size_t)(a + b);
}

/* Feed in[0..n) to ctx in random pieces, then final: the byte count. */
static size_t run(rijn_legacy_ctx *ctx, const uint8_t *in, size_t n, uint8_t *out, int fin)
{
    size_t pos = 0, total = 0, o;
    while (pos < n) {
        size_t k = 1 + tu_rand_below(n - pos < 700 ? n - pos : 700);
        TU_CHECK(rijn_legacy_update(ctx, out + total, k + 16, &o, in + pos, k) == RIJN_OK,
                 "update");
        pos += k, total += o;
    }
    if (fin) {
        TU_CHECK(rijn_legacy_final(ctx, out + total, RIJN_LEGACY_OVERHEAD, &o) == RIJN_OK,
                 "final");
        total += o;
    }
    return total;
}

static const uint8_t pw[] = "rijn-test";

static const uint8_t *salt16(void)
{
    static const uint8_t iv[16] = {9, 8, 7, 6, 5, 4, 3, 2, 1};
    return iv;
}

static void openssl_one(const rijn_legacy_params *p, size_t n)
{
    rijn_legacy_ctx c;
    uint8_t salt[8], salt2[8], head[16], key[32], iv[16], want[MAXN + 32];
    size_t hl, len, wl;
    int r;
    tu_rand_bytes(salt, 8);
    TU_CHECK(rijn_openssl_enc_seal_init(&c, head, sizeof head, &hl, p, p->salted ? salt : NULL,
                                        pw, 9) == RIJN_OK, "seal_init");
    TU_CHECK(hl == (p->salted ? 16u : 0u), "header length");
    memcpy(file, head, hl);
    len = hl + run(&c, pt, n, file + hl, 1);
    TU_CHECK(rijn_openssl_enc_key(p->md, p->iterations, pw, 9, p->salted ? salt : NULL,
                                  p->salted ? 8 : 0, key, p->key_len, iv) == RIJN_OK, "key");
    wl = evp_encrypt(p->mode, key, p->key_len, iv, pt, n, want);
    TU_CHECK(len - hl == wl, "length mode %u n %zu", p->mode, n);
    TU_EQ(file + hl, want, wl, "openssl enc ciphertext");
    if (p->salted) {
        TU_CHECK(rijn_openssl_enc_header_parse(file, len, salt2) == RIJN_OK, "parse");
        TU_EQ(salt2, salt, 8, "salt");
    }
    TU_CHECK(rijn_openssl_enc_open_init(&c, p, p->salted ? salt2 : NULL, pw, 9) == RIJN_OK,
             "open_init");
    TU_CHECK(run(&c, file + hl, len - hl, back, 1) == n, "decrypted length");
    TU_EQ(back, pt, n, "openssl enc round trip");
    if (p->mode != RIJN_LEGACY_CBC || n < 16)
        return;
    /* wrong passphrase: bad padding or garbage; truncated: not whole blocks */
    TU_CHECK(rijn_openssl_enc_open_init(&c, p, p->salted ? salt2 : NULL, pw, 8) == RIJN_OK,
             "open_init");
    run(&c, file + hl, len - hl - 16, back, 0);
    r = rijn_legacy_update(&c, back, 32, &wl, file + len - 16, 16);
    r = r == RIJN_OK ? rijn_legacy_final(&c, back + wl, 16, &wl) : r;
    TU_CHECK(r == RIJN_ERR_PADDING || memcmp(back, pt, n - 16) != 0, "wrong passphrase");
    TU_CHECK(rijn_openssl_enc_open_init(&c, p, p->salted ? salt2 : NULL, pw, 9) == RIJN_OK,
             "open_init");
    run(&c, file + hl, len - hl - 1, back, 0);
    TU_CHECK(rijn_legacy_final(&c, back, 32, &wl) == RIJN_ERR_LENGTH, "truncated");
    TU_CHECK(rijn_legacy_update(&c, back, 32, &wl, pt, 1) == RIJN_ERR_STATE, "failed ctx");
}

static void cah_one(const rijn_legacy_params *p, size_t n)
{
    rijn_legacy_ctx c;
    uint8_t iv[16], k[32], want[MAXN + 100];
    unsigned int ml = 0;
    size_t len, wl, fl = 0, d = p->md->digest_size;
    const EVP_MD *md = EVP_get_digestbyname(p->md->name);
    tu_rand_bytes(iv, 16);
    memcpy(file, iv, 16);
    TU_CHECK(rijn_mbedtls_cah_seal_init(&c, p, iv, pw, 9) == RIJN_OK, "cah seal_init");
    len = 16 + run(&c, pt, n, file + 16, 1);
    TU_CHECK(rijn_mbedtls_cah_key(p->md, iv, pw, 9, k) == RIJN_OK && md != NULL, "K");
    wl = evp_encrypt(p->mode, k, p->key_len, iv, pt, n, want);
    HMAC(md, k, 32, want, wl, want + wl, &ml);
    TU_CHECK(len == 16 + wl + d && ml == d, "cah length %s n %zu", p->md->name, n);
    TU_EQ(file + 16, want, wl + d, "cah ciphertext and HMAC");
    /* one pass */
    TU_CHECK(rijn_mbedtls_cah_open_init(&c, p, file, pw, 9, RIJN_CAH_MAC | RIJN_CAH_DECRYPT) ==
             RIJN_OK, "open_init");
    wl = run(&c, file + 16, len - 16, back, 0);
    TU_CHECK(rijn_mbedtls_cah_verify(&c) == RIJN_OK, "verify");
    TU_CHECK(rijn_legacy_final(&c, back + wl, 32, &fl) == RIJN_OK, "final");
    TU_CHECK(wl + fl == n, "cah one-pass length");
    TU_EQ(back, pt, n, "cah one pass");
    /* verify, rewind, decrypt */
    TU_CHECK(rijn_mbedtls_cah_open_init(&c, p, file, pw, 9, RIJN_CAH_MAC) == RIJN_OK, "init");
    TU_CHECK(run(&c, file + 16, len - 16, back, 0) == 0, "MAC pass writes nothing");
    TU_CHECK(rijn_mbedtls_cah_verify(&c) == RIJN_OK, "verify 2");
    TU_CHECK(rijn_mbedtls_cah_rewind(&c, RIJN_CAH_DECRYPT) == RIJN_OK, "rewind");
    TU_CHECK(run(&c, file + 16, len - 16, back, 1) == n, "second pass");
    TU_EQ(back, pt, n, "cah two passes");
    /* wrong secret, flipped bit, cut inside the HMAC, shorter than it */
    TU_CHECK(rijn_mbedtls_cah_open_init(&c, p, file, pw, 8, RIJN_CAH_MAC) == RIJN_OK, "init");
    run(&c, file + 16, len - 16, back, 0);
    TU_CHECK(rijn_mbedtls_cah_verify(&c) == RIJN_ERR_AUTH, "wrong secret");
    TU_CHECK(rijn_mbedtls_cah_rewind(&c, RIJN_CAH_DECRYPT) == RIJN_ERR_STATE, "failed");
    file[16 + tu_rand_below(len - 16)] ^= 4;
    TU_CHECK(rijn_mbedtls_cah_open_init(&c, p, file, pw, 9, RIJN_CAH_MAC) == RIJN_OK, "init");
    run(&c, file + 16, len - 16, back, 0);
    TU_CHECK(rijn_mbedtls_cah_verify(&c) == RIJN_ERR_AUTH, "flipped bit");
    TU_CHECK(rijn_mbedtls_cah_open_init(&c, p, file, pw, 9, RIJN_CAH_MAC) == RIJN_OK, "init");
    run(&c, file + 16, d - 1, back, 0);
    TU_CHECK(rijn_mbedtls_cah_verify(&c) == RIJN_ERR_LENGTH, "shorter than the HMAC");
}

static void test_stream(void)
{
    static const size_t lens[] = {0, 1, 15, 16, 17, 31, 64, 700, 2049, MAXN};
    size_t m, kl, i;
    unsigned mode;
    tu_rand_bytes(pt, sizeof pt);
    for (m = 0; m < sizeof md_names / sizeof md_names[0]; m++)
        for (mode = RIJN_LEGACY_CBC; mode <= RIJN_LEGACY_OFB; mode++)
            for (kl = 16; kl <= 32; kl += 8)
                for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
                    rijn_legacy_params p;
                    p.md = rijn_hash_find(md_names[m]);
                    p.mode = mode, p.key_len = kl;
                    p.iterations = i % 3 == 0 ? 0 : (uint32_t)i;
                    p.salted = i % 4 != 1;
                    TU_CHECK(p.md != NULL, "hash %s", md_names[m]);
                    if (p.md == NULL)
                        return;
                    openssl_one(&p, lens[i]);
                    /* each cah_one derives its key six times (Mbed TLS's 8192
                     * hash rounds): in quick mode (Valgrind, sanitizers,
                     * coverage) one key length of the three per pair */
                    if (mode != RIJN_LEGACY_CFB8 && (i + m + mode + kl / 8) % 5 == 0 &&
                        (!tu_quick() || kl == 16 + 8 * ((m + mode + i) % 3)))
                        cah_one(&p, lens[i]);
                }
}

/* ---- known answers ----------------------------------------------------- */
static const char kat_pt[] = "The quick brown fox jumps over the lazy dog";

static void test_kat(void)
{
    /* openssl enc -aes-128-cbc -pbkdf2 -iter 1000 -md sha256
     *   -S 0102030405060708 -pass pass:rijn-test (OpenSSL 3.0) */
    static const char *const ossl =
        "4c6ab2942da7c1853e33dd0deab2e7b75a0d193a26cae52d2ea184560bdfcf8c1764454ee451"
        "8d7149f9050ebb904f41";
    /* crypt_and_hash 0 pt cah AES-128-CBC SHA1 rijn-secret; AES-256-CTR SHA512 */
    static const struct {
        unsigned mode;
        size_t kl;
        const char *md, *hex;
    } cah[] = {{RIJN_LEGACY_CBC, 16, "sha1",
                "c84a37812b649672d4ca53accf69ebddd66189d5b4119af35be28641936fe340d5060356"
                "4109de2ee21cd0d41ee07672b252f4d8109722bd013727e21f53ebaa3783b40451750a29"
                "86344ccb07e88feb893b403f"},
               {RIJN_LEGACY_CTR, 32, "sha512",
                "1abdd81fedc7dc78072c26dbcfc43ea216a6612c5e5273b1d1abe6d830a9aa74e5b3e31b"
                "2c7c4f632342b760cf89c81a9daf69d9a1e3d1f81c4da8d4d8d6534deabcffa001a964c0"
                "06f03de80b094504bace8626f63d5bf2dace4e6fa9d1b0d3d946c59062e7be991baf4c7d"
                "f14a374fb5e75a2f777762e0062b7f"}};
    static const uint8_t salt[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    rijn_legacy_params p = {&rijn_hash_sha256, RIJN_LEGACY_CBC, 16, 1000, 1};
    rijn_legacy_ctx c;
    uint8_t head[16], out[200];
    size_t n = strlen(kat_pt), hl = 0, o = 0, f = 0, i, len;
    TU_CHECK(tu_unhex_into(file, 48, ossl) == 0, "hex");
    TU_CHECK(rijn_openssl_enc_seal_init(&c, head, 16, &hl, &p, salt, pw, 9) == RIJN_OK, "s");
    TU_CHECK(rijn_legacy_update(&c, out, sizeof out, &o, (const uint8_t *)kat_pt, n) ==
             RIJN_OK && rijn_legacy_final(&c, out + o, 32, &f) == RIJN_OK, "seal");
    TU_CHECK(o + f == 48 && memcmp(head, "Salted__\1\2\3\4\5\6\7\10", 16) == 0, "header");
    TU_EQ(out, file, 48, "openssl enc KAT");
    TU_CHECK(rijn_openssl_enc_open_init(&c, &p, salt, pw, 9) == RIJN_OK &&
             rijn_legacy_update(&c, out, sizeof out, &o, file, 48) == RIJN_OK &&
             rijn_legacy_final(&c, out + o, 32, &f) == RIJN_OK && o + f == n, "open KAT");
    TU_EQ(out, kat_pt, n, "openssl enc KAT plaintext");
    for (i = 0; i < 2; i++) {
        static const uint8_t secret[] = "rijn-secret";
        rijn_legacy_params q = {rijn_hash_find(cah[i].md), cah[i].mode, cah[i].kl, 0, 0};
        len = strlen(cah[i].hex) / 2;
        TU_CHECK(tu_unhex_into(file, len, cah[i].hex) == 0, "hex");
        TU_CHECK(rijn_mbedtls_cah_open_init(&c, &q, file, secret, 11,
                                            RIJN_CAH_MAC | RIJN_CAH_DECRYPT) == RIJN_OK &&
                 rijn_legacy_update(&c, out, sizeof out, &o, file + 16, len - 16) == RIJN_OK &&
                 rijn_mbedtls_cah_verify(&c) == RIJN_OK &&
                 rijn_legacy_final(&c, out + o, 32, &f) == RIJN_OK && o + f == n,
                 "crypt_and_hash KAT %zu", i);
        TU_EQ(out, kat_pt, n, "crypt_and_hash KAT plaintext");
    }
}

/* ---- argument and state errors ----------------------------------------- */
static void test_edges(void)
{
    rijn_legacy_params p = {&rijn_hash_sha256, RIJN_LEGACY_CBC, 32, 0, 1}, q;
    rijn_legacy_ctx c;
    uint8_t salt[8] = {0}, head[16], out[200], in[64] = {0};
    size_t hl, o;
    memset(&c, 0, sizeof c);
    /* header parse */
    TU_CHECK(rijn_openssl_enc_header_parse(NULL, 0, salt) == RIJN_ERR_PARAM, "(NULL, 0)");
    TU_CHECK(rijn_openssl_enc_header_parse(NULL, 3, salt) == RIJN_ERR_NULL, "NULL in");
    TU_CHECK(rijn_openssl_enc_header_parse(head, 16, NULL) == RIJN_ERR_NULL, "NULL salt");
    TU_CHECK(rijn_openssl_enc_header_parse((const uint8_t *)"Salted__abc", 11, salt) ==
             RIJN_ERR_LENGTH, "ends inside the salt");
    TU_CHECK(rijn_openssl_enc_header_parse((const uint8_t *)"Salted_Xabcdefgh", 16, salt) ==
             RIJN_ERR_PARAM, "no magic");
    TU_CHECK(rijn_openssl_enc_header_parse((const uint8_t *)"Salted", 6, salt) ==
             RIJN_ERR_PARAM, "short");
    /* set-up arguments */
    TU_CHECK(rijn_openssl_enc_seal_init(NULL, head, 16, &hl, &p, salt, NULL, 0) ==
             RIJN_ERR_NULL, "NULL ctx");
    TU_CHECK(rijn_openssl_enc_seal_init(&c, head, 16, NULL, &p, salt, NULL, 0) ==
             RIJN_ERR_NULL, "NULL head_len");
    TU_CHECK(rijn_openssl_enc_seal_init(&c, head, 15, &hl, &p, salt, NULL, 0) ==
             RIJN_ERR_BUFFER, "small head");
    TU_CHECK(rijn_openssl_enc_seal_init(&c, NULL, 16, &hl, &p, salt, NULL, 0) ==
             RIJN_ERR_NULL, "NULL head");
    TU_CHECK(rijn_openssl_enc_open_init(&c, NULL, salt, NULL, 0) == RIJN_ERR_NULL, "NULL p");
    TU_CHECK(rijn_openssl_enc_open_init(&c, &p, salt, NULL, 3) == RIJN_ERR_NULL, "NULL pass");
    TU_CHECK(rijn_openssl_enc_open_init(&c, &p, NULL, NULL, 0) == RIJN_ERR_PARAM, "no salt");
    q = p, q.salted = 0;
    TU_CHECK(rijn_openssl_enc_open_init(&c, &q, salt, NULL, 0) == RIJN_ERR_PARAM, "salt");
    TU_CHECK(rijn_openssl_enc_seal_init(&c, NULL, 0, &hl, &q, NULL, NULL, 0) == RIJN_OK &&
             hl == 0, "nosalt, empty passphrase, (NULL, 0) header");
    q = p, q.md = NULL;
    TU_CHECK(rijn_openssl_enc_open_init(&c, &q, salt, NULL, 0) == RIJN_ERR_PARAM, "md");
    q = p, q.mode = 0;
    TU_CHECK(rijn_openssl_enc_open_init(&c, &q, salt, NULL, 0) == RIJN_ERR_PARAM, "mode 0");
    q.mode = 6;
    TU_CHECK(rijn_openssl_enc_open_init(&c, &q, salt, NULL, 0) == RIJN_ERR_PARAM, "mode 6");
    q = p, q.key_len = 20;
    TU_CHECK(rijn_openssl_enc_open_init(&c, &q, salt, NULL, 0) == RIJN_ERR_PARAM, "key_len");
    TU_CHECK(rijn_mbedtls_cah_seal_init(&c, &q, salt16(), NULL, 0) == RIJN_ERR_PARAM, "kl");
    q = p, q.mode = RIJN_LEGACY_CFB8;
    TU_CHECK(rijn_mbedtls_cah_seal_init(&c, &q, salt16(), NULL, 0) == RIJN_ERR_PARAM, "cfb8");
    TU_CHECK(rijn_mbedtls_cah_open_init(&c, &p, salt16(), NULL, 0, 0) == RIJN_ERR_PARAM, "0");
    TU_CHECK(rijn_mbedtls_cah_open_init(&c, &p, salt16(), NULL, 0, 8) == RIJN_ERR_PARAM, "8");
    TU_CHECK(rijn_mbedtls_cah_open_init(&c, &p, NULL, NULL, 0, 1) == RIJN_ERR_NULL, "iv");
    TU_CHECK(rijn_mbedtls_cah_open_init(NULL, &p, salt16(), NULL, 0, 1) == RIJN_ERR_NULL, "c");
    TU_CHECK(rijn_mbedtls_cah_open_init(&c, &p, salt16(), NULL, 1, 1) == RIJN_ERR_NULL, "s");
    /* states and buffers */
    memset(&c, 0, sizeof c);
    TU_CHECK(rijn_legacy_update(&c, out, sizeof out, &o, in, 1) == RIJN_ERR_STATE, "no init");
    TU_CHECK(rijn_legacy_final(&c, out, sizeof out, &o) == RIJN_ERR_STATE, "final no init");
    TU_CHECK(rijn_mbedtls_cah_verify(&c) == RIJN_ERR_STATE, "verify no init");
    TU_CHECK(rijn_mbedtls_cah_rewind(&c, 1) == RIJN_ERR_STATE, "rewind no init");
    TU_CHECK(rijn_legacy_update(NULL, out, 1, &o, in, 1) == RIJN_ERR_NULL, "NULL ctx");
    TU_CHECK(rijn_legacy_update(&c, out, 1, NULL, in, 1) == RIJN_ERR_NULL, "NULL olen");
    TU_CHECK(rijn_legacy_update(&c, out, 1, &o, NULL, 1) == RIJN_ERR_NULL, "NULL in");
    TU_CHECK(rijn_legacy_update(&c, NULL, 1, &o, in, 1) == RIJN_ERR_NULL, "NULL out");
    TU_CHECK(rijn_legacy_final(NULL, out, 1, &o) == RIJN_ERR_NULL, "final NULL");
    TU_CHECK(rijn_legacy_final(&c, out, 1, NULL) == RIJN_ERR_NULL, "final NULL olen");
    TU_CHECK(rijn_legacy_final(&c, NULL, 1, &o) == RIJN_ERR_NULL, "final NULL out");
    TU_CHECK(rijn_mbedtls_cah_verify(NULL) == RIJN_ERR_NULL, "verify NULL");
    TU_CHECK(rijn_mbedtls_cah_rewind(NULL, 1) == RIJN_ERR_NULL, "rewind NULL");
    TU_CHECK(rijn_openssl_enc_seal_init(&c, head, 16, &hl, &p, salt, NULL, 0) == RIJN_OK, "i");
    TU_CHECK(rijn_legacy_update(&c, out, 20, &o, in, 5) == RIJN_ERR_BUFFER, "small out");
    TU_CHECK(rijn_legacy_update(&c, out, 15, &o, in, 0) == RIJN_ERR_BUFFER, "out < 16");
    TU_CHECK(rijn_legacy_update(&c, NULL, 0, &o, NULL, 0) == RIJN_ERR_BUFFER, "(NULL, 0)");
    TU_CHECK(rijn_legacy_update(&c, out, 16, &o, NULL, 0) == RIJN_OK && o == 0, "empty");
    TU_CHECK(rijn_mbedtls_cah_verify(&c) == RIJN_ERR_STATE, "verify on openssl");
    TU_CHECK(rijn_mbedtls_cah_rewind(&c, 1) == RIJN_ERR_STATE, "rewind on openssl");
    TU_CHECK(rijn_legacy_final(&c, out, 15, &o) == RIJN_ERR_BUFFER, "small final");
    TU_CHECK(rijn_legacy_final(&c, out, 16, &o) == RIJN_OK && o == 16, "final");
    TU_CHECK(rijn_legacy_final(&c, out, 16, &o) == RIJN_ERR_STATE, "final twice");
    TU_CHECK(rijn_mbedtls_cah_seal_init(&c, &p, salt16(), NULL, 0) == RIJN_OK, "cah seal");
    TU_CHECK(rijn_legacy_final(&c, out, 16 + 31, &o) == RIJN_ERR_BUFFER, "tag room");
    TU_CHECK(rijn_mbedtls_cah_verify(&c) == RIJN_ERR_STATE, "verify on writer");
    TU_CHECK(rijn_mbedtls_cah_rewind(&c, 1) == RIJN_ERR_STATE, "rewind on writer");
    TU_CHECK(rijn_legacy_final(&c, out, 48, &o) == RIJN_OK && o == 48, "empty cah file");
    TU_CHECK(rijn_mbedtls_cah_open_init(&c, &p, salt16(), NULL, 0, 3) == RIJN_OK, "open");
    TU_CHECK(rijn_legacy_update(&c, out, sizeof out, &o, NULL, 0) == RIJN_OK, "(NULL, 0)");
    TU_CHECK(rijn_legacy_final(&c, out, 32, &o) == RIJN_ERR_STATE, "final before verify");
    TU_CHECK(rijn_mbedtls_cah_rewind(&c, 0) == RIJN_ERR_PARAM, "rewind 0");
    TU_CHECK(rijn_mbedtls_cah_rewind(&c, 9) == RIJN_ERR_PARAM, "rewind 9");
    TU_CHECK(rijn_mbedtls_cah_rewind(&c, 1) == RIJN_OK, "rewind MAC only");
    TU_CHECK(rijn_legacy_update(&c, back, sizeof back, &o, out, 48) == RIJN_OK && o == 0, "u");
    TU_CHECK(rijn_mbedtls_cah_verify(&c) == RIJN_OK, "empty file verifies");
    TU_CHECK(rijn_mbedtls_cah_verify(&c) == RIJN_ERR_STATE, "verify twice");
    TU_CHECK(rijn_legacy_final(&c, NULL, 0, &o) == RIJN_OK && o == 0, "final after MAC pass");
    rijn_legacy_wipe(NULL);
}

static void test_names(void)
{
    static const struct {
        const char *name;
        unsigned mode;
        size_t kl;
    } ok[] = {{"aes-128-cbc", RIJN_LEGACY_CBC, 16}, {"AES-192-CTR", RIJN_LEGACY_CTR, 24},
              {"aes-256-cfb", RIJN_LEGACY_CFB128, 32}, {"AES-256-CFB128", RIJN_LEGACY_CFB128, 32},
              {"aes-128-cfb8", RIJN_LEGACY_CFB8, 16}, {"Aes-192-Ofb", RIJN_LEGACY_OFB, 24}};
    static const char *const bad[] = {"aes-128-cb", "aes-128-cbcx", "aes-512-cbc", "aes_128-cbc",
                                      "des-128-cbc", "aes-128+cbc", "aes-12-cbc", "aes-128-",
                                      "aes-0128-cbc", "", "aes-128-gcm", "aes-128-cfb1"};
    unsigned mode = 99;
    size_t i, kl = 99;
    for (i = 0; i < sizeof ok / sizeof ok[0]; i++)
        TU_CHECK(rijn_legacy_cipher_find(ok[i].name, &mode, &kl) == RIJN_OK &&
                     mode == ok[i].mode && kl == ok[i].kl, "cipher %s", ok[i].name);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        mode = 99, kl = 99;
        TU_CHECK(rijn_legacy_cipher_find(bad[i], &mode, &kl) == RIJN_ERR_PARAM && mode == 99 &&
                     kl == 99, "bad cipher '%s'", bad[i]);
    }
    TU_CHECK(rijn_legacy_cipher_find(NULL, &mode, &kl) == RIJN_ERR_NULL, "NULL name");
    TU_CHECK(rijn_legacy_cipher_find("aes-128-cbc", NULL, &kl) == RIJN_ERR_NULL, "NULL mode");
    TU_CHECK(rijn_legacy_cipher_find("aes-128-cbc", &mode, NULL) == RIJN_ERR_NULL, "NULL kl");
}

static void test_file_aead_names(void)
{
    static const struct {
        const char *name;
        unsigned id;
    } t[] = {{"aes-256-gcm", RIJN_FILE_AES256GCM}, {"aes256gcm", RIJN_FILE_AES256GCM},
             {"chacha20-poly1305", RIJN_FILE_CHACHA20POLY1305},
             {"chacha20poly1305", RIJN_FILE_CHACHA20POLY1305},
             {"ascon128", RIJN_FILE_ASCON128}, {"ascon-aead128", RIJN_FILE_ASCON128},
             {"aes-128-gcm", 0}, {"aes-256-gc", 0}, {"aes-256-gcmx", 0}, {"aes--256-gcm", 0},
             {"AES-256-GCM", 0}, {"", 0}, {"ascon-128", 0}};
    size_t i;
    for (i = 0; i < sizeof t / sizeof t[0]; i++)
        TU_CHECK(rijn_file_aead_find(t[i].name) == t[i].id, "file AEAD '%s'", t[i].name);
    TU_CHECK(rijn_file_aead_find(NULL) == 0, "NULL name");
    TU_CHECK(rijn_file_aead_alg(0) == NULL && rijn_file_aead_alg(4) == NULL, "unknown ids");
    for (i = RIJN_FILE_AES256GCM; i <= RIJN_FILE_ASCON128; i++) {
        const rijn_aead_alg *a = rijn_file_aead_alg((unsigned)i);
        TU_CHECK(a != NULL && a->key_len == rijn_file_aead_key_size((unsigned)i) &&
                     a->tag_len == RIJN_FILE_TAG_SIZE && a == rijn_aead_alg_find(a->name),
                 "descriptor of file AEAD %zu", i);
    }
}

/* A SHA-256 whose update fails once `budget` calls have run: every
 * failure path of the set-up, update and rewind calls. */
static long budget;
static int counted_update(void *ctx, const uint8_t *d, size_t n)
{
    if (budget-- <= 0)
        return RIJN_ERR_LIMIT;
    return rijn_hash_sha256.update(ctx, d, n);
}

static void test_faults(void)
{
    rijn_hash_desc bad = rijn_hash_sha256;
    rijn_legacy_params p = {&bad, RIJN_LEGACY_CBC, 16, 0, 1};
    rijn_legacy_ctx c;
    uint8_t salt[8] = {1}, head[16], out[64];
    size_t hl, o;
    long used;
    bad.update = counted_update;
    budget = 0;
    TU_CHECK(rijn_openssl_enc_seal_init(&c, head, 16, &hl, &p, salt, pw, 9) == RIJN_ERR_LIMIT,
             "openssl key schedule fails");
    TU_CHECK(rijn_legacy_update(&c, out, sizeof out, &o, pw, 1) == RIJN_ERR_STATE, "failed");
    budget = 0;
    TU_CHECK(rijn_mbedtls_cah_open_init(&c, &p, salt16(), pw, 9, RIJN_CAH_MAC) == RIJN_ERR_LIMIT,
             "crypt_and_hash key schedule fails");
    budget = 1L << 30;
    TU_CHECK(rijn_mbedtls_cah_open_init(&c, &p, salt16(), pw, 9, RIJN_CAH_MAC) == RIJN_OK, "i");
    used = (1L << 30) - budget;
    budget = used;
    TU_CHECK(rijn_mbedtls_cah_open_init(&c, &p, salt16(), pw, 9, RIJN_CAH_MAC) == RIJN_OK, "i");
    TU_CHECK(rijn_legacy_update(&c, out, sizeof out, &o, pw, 9) == RIJN_OK && o == 0, "held");
    TU_CHECK(rijn_legacy_update(&c, out, sizeof out, &o, out, 40) == RIJN_ERR_LIMIT && o == 0,
             "HMAC update fails");
    TU_CHECK(rijn_mbedtls_cah_verify(&c) == RIJN_ERR_STATE, "failed ctx");
    budget = 1L << 30;
    TU_CHECK(rijn_mbedtls_cah_open_init(&c, &p, salt16(), pw, 9, RIJN_CAH_MAC) == RIJN_OK, "i");
    budget = 0;
    TU_CHECK(rijn_mbedtls_cah_rewind(&c, RIJN_CAH_MAC) == RIJN_ERR_LIMIT, "rewind fails");
    TU_CHECK(rijn_mbedtls_cah_rewind(&c, RIJN_CAH_MAC) == RIJN_ERR_STATE, "failed ctx");
}

int main(void)
{
    test_faults();
    test_file_aead_names();
    test_names();
    tu_rand_seed(20261127);
    test_kat();
    test_edges();
    test_stream();
    return tu_finish();
}
