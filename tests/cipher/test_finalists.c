/*
 * test_finalists.c -- Serpent, Twofish, RC6-32/20 and the generic
 * block-cipher modes (rijn/blockcipher.h).
 *
 * 1. Known answers from Crypto++'s source package (Debian libcrypto++,
 *    fetched at test time by scripts/fetch-peers.sh cryptopp, never
 *    committed): TestData/serpentv.dat, twofishv.dat, rc6val.dat,
 *    marsval.dat (the submissions' vectors, Serpent in the NESSIE /
 *    Crypto++ byte order), encrypt and decrypt, every key size present;
 *    TestVectors/mars.txt: MARS known answers and the submission's Monte
 *    Carlo tests (ECB, 400 x 10,000 blocks, the key XORed with the last
 *    output bytes after each 10,000), encryption and decryption.
 * 2. libgcrypt differential (Serpent 128/192/256, Twofish 128/256; it has
 *    no Twofish-192 and no RC6): random keys, ECB, CBC and CTR of random
 *    lengths through the generic modes, and a 1000-step encryption chain
 *    per key size (Monte-Carlo style) against libgcrypt's.
 * 3. The AES descriptor through the generic modes against the library's
 *    own AES modes (ECB, CBC, CBC + PKCS#7, CTR), every pad length.
 * 4. Errors: key lengths, a context not set up, bad padding (output
 *    wiped), small buffers, unknown names.
 * Crypto++ differential for all three: tests/cipher/cryptopp_diff.cpp;
 * the submissions' variable-key/-text tables and Serpent's Monte Carlo
 * rows from Botan's and Bouncy Castle's sources: test_finalists_kat.c.
 */
#ifndef RIJN_TEST_NO_GCRYPT
#include <gcrypt.h>
#endif
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static const rijn_bc_desc *const finalists[] = {&rijn_bc_serpent, &rijn_bc_twofish, &rijn_bc_rc6,
                                                &rijn_bc_mars};

/* ---- 1. known answers ---------------------------------------------------- */
static char peer_dir[1024];

/* One known answer: key, plaintext, ciphertext as hex words. */
static void kat(const rijn_bc_desc *d, const char *kh, const char *ph, const char *ch)
{
    uint8_t key[32], pt[16], ct[16], out[16];
    size_t kl = strlen(kh) / 2;
    rijn_bc_ctx c;

    if (kl > 32 || tu_unhex_into(key, kl, kh) || tu_unhex_into(pt, 16, ph) ||
        tu_unhex_into(ct, 16, ch)) {
        TU_CHECK(0, "%s: bad vector line %s %s %s", d->name, kh, ph, ch);
        return;
    }
    TU_CHECK(rijn_bc_init(&c, d, key, kl) == RIJN_OK, "%s init %zu", d->name, kl);
    d->encrypt(&c.u, out, pt);
    TU_EQ(out, ct, 16, d->name);
    d->decrypt(&c.u, out, ct);
    TU_EQ(out, pt, 16, d->name);
    rijn_bc_wipe(&c);
}

/* The .dat files: whitespace-separated hex fields, key pt ct per vector. */
static int kat_file(const rijn_bc_desc *d, const char *name, int min)
{
    char path[1200], f[3][200];
    FILE *fp;
    int n = 0;

    snprintf(path, sizeof path, "%s/TestData/%s", peer_dir, name);
    fp = fopen(path, "r");
    if (fp == NULL) {
        TU_CHECK(0, "cannot read %s", path);
        return 0;
    }
    while (fscanf(fp, "%199s %199s %199s", f[0], f[1], f[2]) == 3) {
        kat(d, f[0], f[1], f[2]);
        n++;
    }
    fclose(fp);
    TU_CHECK(n >= min, "%s: %d vectors, expected at least %d", name, n, min);
    printf("%-8s %2d known answers from %s\n", d->name, n, name);
    return n;
}

/* TestVectors/mars.txt: records of Key / Plaintext / Ciphertext / Test. */
static void mct(const rijn_bc_desc *d, const uint8_t *key0, size_t kl, const uint8_t *start,
                const uint8_t *want, int enc)
{
    uint8_t key[32], buf[16], prev[16];
    rijn_bc_ctx c;
    int i, j;

    memcpy(key, key0, kl);
    memcpy(buf, start, 16);
    memset(prev, 0, 16);
    for (i = 0; i < 400; i++) {
        size_t b;
        TU_CHECK(rijn_bc_init(&c, d, key, kl) == RIJN_OK, "mct init");
        for (j = 0; j < 10000; j++) {
            memcpy(prev, buf, 16);
            (enc ? d->encrypt : d->decrypt)(&c.u, buf, buf);
        }
        /* key ^= the last kl bytes of the output stream (prev || buf) */
        for (b = 0; b < kl; b++)
            key[b] ^= b + 16 < kl ? prev[32 - kl + b] : buf[b + 16 - kl];
    }
    TU_EQ(buf, want, 16, enc ? "EncryptionMCT" : "DecryptionMCT");
    rijn_bc_wipe(&c);
}

static void mars_txt(void)
{
    char path[1200], line[400], k[400] = "", p[400] = "", ct[400] = "";
    int kats = 0, mcts = 0;
    FILE *fp;

    snprintf(path, sizeof path, "%s/TestVectors/mars.txt", peer_dir);
    if ((fp = fopen(path, "r")) == NULL) {
        TU_CHECK(0, "cannot read %s", path);
        return;
    }
    while (fgets(line, sizeof line, fp) != NULL) {
        line[strcspn(line, "\r\n")] = 0;
        if (strncmp(line, "Key: ", 5) == 0)
            snprintf(k, sizeof k, "%s", line + 5);
        else if (strncmp(line, "Plaintext: ", 11) == 0)
            snprintf(p, sizeof p, "%s", line + 11);
        else if (strncmp(line, "Ciphertext: ", 12) == 0)
            snprintf(ct, sizeof ct, "%s", line + 12);
        else if (strcmp(line, "Test: Encrypt") == 0)
            kat(&rijn_bc_mars, k, p, ct), kats++;
        else if (strcmp(line, "Test: EncryptionMCT") == 0 || strcmp(line, "Test: DecryptionMCT") == 0) {
            uint8_t key[32], a[16], b[16];
            size_t kl = strlen(k) / 2;
            int enc = line[6] == 'E';
            if (kl > 32 || tu_unhex_into(key, kl, k) || tu_unhex_into(a, 16, p) || tu_unhex_into(b, 16, ct)) {
                TU_CHECK(0, "bad MCT record");
                continue;
            }
            if (tu_quick() && mcts > 0)
                continue; /* Valgrind runs: the first Monte Carlo test only */
            mct(&rijn_bc_mars, key, kl, enc ? a : b, enc ? b : a, enc);
            mcts++;
        }
    }
    fclose(fp);
    TU_CHECK(kats >= 10 && mcts >= (tu_quick() ? 1 : 6), "mars.txt: %d known answers, %d Monte Carlo", kats, mcts);
    printf("mars     %d known answers and %d Monte Carlo tests (400 x 10,000) from mars.txt\n", kats, mcts);
}

#ifndef RIJN_TEST_NO_GCRYPT
/* ---- 2. libgcrypt differential ------------------------------------------- */
static int gc_algo(const rijn_bc_desc *d, size_t kl)
{
    if (d == &rijn_bc_serpent)
        return kl == 16 ? GCRY_CIPHER_SERPENT128
               : kl == 24 ? GCRY_CIPHER_SERPENT192 : GCRY_CIPHER_SERPENT256;
    if (d == &rijn_bc_twofish)
        return kl == 16 ? GCRY_CIPHER_TWOFISH128 : kl == 32 ? GCRY_CIPHER_TWOFISH : 0;
    return 0;
}

static void gc_run(int algo, int mode, const uint8_t *key, size_t kl, const uint8_t *iv,
                   uint8_t *out, const uint8_t *in, size_t len, int enc)
{
    gcry_cipher_hd_t h;
    gcry_error_t bad = gcry_cipher_open(&h, algo, mode, 0);
    if (!bad)
        bad = gcry_cipher_setkey(h, key, kl);
    if (!bad && iv != NULL)
        bad = mode == GCRY_CIPHER_MODE_CTR ? gcry_cipher_setctr(h, iv, 16)
                                           : gcry_cipher_setiv(h, iv, 16);
    if (!bad)
        bad = enc ? gcry_cipher_encrypt(h, out, len, in, len) : gcry_cipher_decrypt(h, out, len, in, len);
    gcry_cipher_close(h);
    TU_CHECK(!bad, "libgcrypt call failed");
}

static void diff_gcrypt(const rijn_bc_desc *d)
{
    uint8_t key[32], iv[16], iv2[16], in[160], a[160], b[160];
    size_t kl, len;
    int t, algo, n = 0;
    rijn_bc_ctx c;

    for (t = 0; t < 150; t++) {
        kl = 16 + 8 * (size_t)(t % 3);
        if ((algo = gc_algo(d, kl)) == 0)
            continue;
        tu_rand_bytes(key, kl);
        tu_rand_bytes(iv, 16);
        len = 16 * tu_rand_below(11);
        tu_rand_bytes(in, sizeof in);
        TU_CHECK(rijn_bc_init(&c, d, key, kl) == RIJN_OK, "init");
        gc_run(algo, GCRY_CIPHER_MODE_ECB, key, kl, NULL, a, in, len, 1);
        TU_CHECK(rijn_bc_ecb_encrypt(&c, b, in, len) == RIJN_OK, "ecb");
        TU_EQ(b, a, len, "ECB vs libgcrypt");
        TU_CHECK(rijn_bc_ecb_decrypt(&c, b, b, len) == RIJN_OK, "ecb dec");
        TU_EQ(b, in, len, "ECB round trip");
        gc_run(algo, GCRY_CIPHER_MODE_CBC, key, kl, iv, a, in, len, 1);
        memcpy(iv2, iv, 16);
        TU_CHECK(rijn_bc_cbc_encrypt(&c, iv2, b, in, len) == RIJN_OK, "cbc");
        TU_EQ(b, a, len, "CBC vs libgcrypt");
        memcpy(iv2, iv, 16);
        gc_run(algo, GCRY_CIPHER_MODE_CBC, key, kl, iv, a, b, len, 0);
        TU_CHECK(rijn_bc_cbc_decrypt(&c, iv2, b, b, len) == RIJN_OK, "cbc dec");
        TU_EQ(b, a, len, "CBC decrypt vs libgcrypt");
        TU_EQ(b, in, len, "CBC round trip");
        len = tu_rand_below(sizeof in + 1);
        iv[15] = 0xFF, iv[14] = 0xFF; /* carries across bytes */
        gc_run(algo, GCRY_CIPHER_MODE_CTR, key, kl, iv, a, in, len, 1);
        memcpy(iv2, iv, 16);
        TU_CHECK(rijn_bc_ctr(&c, iv2, b, in, len) == RIJN_OK, "ctr");
        TU_EQ(b, a, len, "CTR vs libgcrypt");
        n++;
    }
    /* Monte-Carlo style chain: 1000 encryptions in a row, one key per size */
    for (kl = 16; kl <= 32; kl += 8) {
        uint8_t x[16] = {0}, y[16] = {0};
        if ((algo = gc_algo(d, kl)) == 0)
            continue;
        tu_rand_bytes(key, kl);
        TU_CHECK(rijn_bc_init(&c, d, key, kl) == RIJN_OK, "init");
        for (t = 0; t < 1000; t++) {
            d->encrypt(&c.u, x, x);
            gc_run(algo, GCRY_CIPHER_MODE_ECB, key, kl, NULL, y, y, 16, 1);
        }
        TU_EQ(x, y, 16, "1000-step chain vs libgcrypt");
        for (t = 0; t < 1000; t++)
            d->decrypt(&c.u, x, x);
        TU_CHECK(memcmp(x, (const uint8_t[16]){0}, 16) == 0, "%s chain back", d->name);
    }
    rijn_bc_wipe(&c);
    printf("%-8s %d random keys against libgcrypt (ECB, CBC, CTR) + chains\n", d->name, n);
}

#endif /* RIJN_TEST_NO_GCRYPT */

/* ---- 3. the AES descriptor against the library's AES modes --------------- */
static void aes_desc(void)
{
    uint8_t key[32], iv[16], iv2[16], in[100], a[128], b[128];
    size_t kl, len, la, lb;
    rijn_aes_ctx aes;
    rijn_bc_ctx c;
    int t;

    for (t = 0; t < 60; t++) {
        kl = 16 + 8 * (size_t)(t % 3);
        tu_rand_bytes(key, kl);
        tu_rand_bytes(iv, 16);
        tu_rand_bytes(in, sizeof in);
        len = (size_t)t % 50 + 1;
        TU_CHECK(rijn_aes_init(&aes, key, kl) == RIJN_OK && rijn_bc_init(&c, &rijn_bc_aes, key, kl) == RIJN_OK, "init");
        TU_CHECK(rijn_ecb_encrypt(&aes, a, in, 96) == RIJN_OK && rijn_bc_ecb_encrypt(&c, b, in, 96) == RIJN_OK, "ecb");
        TU_EQ(b, a, 96, "AES ECB");
        memcpy(iv2, iv, 16);
        TU_CHECK(rijn_cbc_encrypt(&aes, iv, a, in, 96) == RIJN_OK && rijn_bc_cbc_encrypt(&c, iv2, b, in, 96) == RIJN_OK, "cbc");
        TU_EQ(b, a, 96, "AES CBC");
        TU_EQ(iv2, a + 80, 16, "CBC chaining value");
        TU_CHECK(rijn_cbc_pad_encrypt(&aes, iv, a, sizeof a, &la, in, len) == RIJN_OK &&
                     rijn_bc_cbc_pkcs7_encrypt(&c, iv, b, sizeof b, &lb, in, len) == RIJN_OK, "pad");
        TU_CHECK(la == lb && la == (len / 16 + 1) * 16, "pad length");
        TU_EQ(b, a, la, "AES CBC-PKCS#7");
        TU_CHECK(rijn_bc_cbc_pkcs7_decrypt(&c, iv, b, sizeof b, &lb, a, la) == RIJN_OK && lb == len, "unpad");
        TU_EQ(b, in, len, "CBC-PKCS#7 round trip");
        memcpy(iv2, iv, 16);
        TU_CHECK(rijn_ctr_crypt(&aes, iv, a, in, len) == RIJN_OK && rijn_bc_ctr(&c, iv2, b, in, len) == RIJN_OK, "ctr");
        TU_EQ(b, a, len, "AES CTR");
        rijn_aes_wipe(&aes);
        rijn_bc_wipe(&c);
    }
}

/* ---- 4. errors and round trips of every finalist ------------------------- */
static void errors(const rijn_bc_desc *d)
{
    uint8_t key[33] = {0}, iv[16] = {0}, buf[64] = {0}, out[64];
    size_t kl, n, ol;
    rijn_bc_ctx c;

    for (kl = 0; kl <= 33; kl++) {
        int want = (kl == 16 || kl == 24 || kl == 32) ? RIJN_OK : RIJN_ERR_KEY_LEN;
        TU_CHECK(rijn_bc_init(&c, d, key, kl) == want, "%s key length %zu", d->name, kl);
        TU_CHECK((c.desc != NULL) == (want == RIJN_OK), "desc set only on success");
    }
    memset(&c, 0, sizeof c);
    TU_CHECK(rijn_bc_ecb_encrypt(&c, out, buf, 16) == RIJN_ERR_STATE, "not set up");
    TU_CHECK(rijn_bc_init(&c, d, key, 16) == RIJN_OK, "init");
    TU_CHECK(rijn_bc_ecb_encrypt(&c, out, buf, 15) == RIJN_ERR_LENGTH, "ecb length");
    TU_CHECK(rijn_bc_cbc_decrypt(&c, iv, out, buf, 17) == RIJN_ERR_LENGTH, "cbc length");
    TU_CHECK(rijn_bc_cbc_pkcs7_encrypt(&c, iv, out, 31, &ol, buf, 16) == RIJN_ERR_BUFFER, "cap");
    TU_CHECK(rijn_bc_cbc_pkcs7_decrypt(&c, iv, out, 64, &ol, buf, 0) == RIJN_ERR_LENGTH, "empty");
    /* every pad length, then a corrupted pad byte */
    for (n = 0; n <= 32; n++) {
        uint8_t ct[64];
        size_t cl;
        TU_CHECK(rijn_bc_cbc_pkcs7_encrypt(&c, iv, ct, sizeof ct, &cl, buf, n) == RIJN_OK, "pad");
        TU_CHECK(rijn_bc_cbc_pkcs7_decrypt(&c, iv, out, sizeof out, &ol, ct, cl) == RIJN_OK && ol == n,
                 "%s unpad %zu", d->name, n);
        {
            uint8_t iv3[16];
            memcpy(iv3, iv, 16);
            if (cl > 16)
                ct[cl - 17] ^= 0x01; /* flips the pad byte of the last block */
            else
                iv3[15] ^= 0x01;
            memset(out, 0xAA, sizeof out);
            TU_CHECK(rijn_bc_cbc_pkcs7_decrypt(&c, iv3, out, sizeof out, &ol, ct, cl) ==
                         RIJN_ERR_PADDING, "%s bad pad %zu", d->name, n);
            TU_CHECK(memcmp(out, (const uint8_t[64]){0}, cl) == 0 && ol == 0, "wiped on bad pad");
        }
    }
    rijn_bc_wipe(&c);
    TU_CHECK(c.desc == NULL, "wiped");
}

int main(void)
{
    size_t i;

    tu_rand_seed(19);
#ifndef RIJN_TEST_NO_GCRYPT
    if (!gcry_check_version(GCRYPT_VERSION)) {
        fprintf(stderr, "libgcrypt version mismatch\n");
        return 1;
    }
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
#endif
    TU_CHECK(rijn_bc_find("serpent") == &rijn_bc_serpent && rijn_bc_find("aes") == &rijn_bc_aes &&
                 rijn_bc_find("twofish") == &rijn_bc_twofish && rijn_bc_find("rc6") == &rijn_bc_rc6 &&
                 rijn_bc_find("mars") == &rijn_bc_mars && rijn_bc_list(5) == NULL &&
                 rijn_bc_find("des") == NULL && rijn_bc_list(0) == &rijn_bc_aes,
             "registry");
    if (tu_peer_dir("cryptopp", peer_dir, sizeof peer_dir) != 0) {
        fprintf(stderr, "test_finalists: Crypto++ source package not available "
                        "(scripts/fetch-peers.sh cryptopp): cannot read the known answers\n");
        return 77;
    }
    kat_file(&rijn_bc_serpent, "serpentv.dat", 12);
    kat_file(&rijn_bc_twofish, "twofishv.dat", 9);
    kat_file(&rijn_bc_rc6, "rc6val.dat", 6);
    kat_file(&rijn_bc_mars, "marsval.dat", 9);
    mars_txt();
#ifndef RIJN_TEST_NO_GCRYPT
    for (i = 0; i < 2; i++)
        diff_gcrypt(finalists[i]);
#else
    printf("libgcrypt differential: not in this (cross) build; the host stages run it\n");
#endif
    aes_desc();
    for (i = 0; i < 4; i++)
        errors(finalists[i]);
    errors(&rijn_bc_aes);
    return tu_finish();
}
