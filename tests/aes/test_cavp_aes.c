/*
 * test_cavp_aes.c -- NIST CAVP AESAVS known-answer and multi-block files
 * (GFSbox, KeySbox, VarKey, VarTxt, MMT; 128/192/256; [ENCRYPT] and
 * [DECRYPT]) for ECB, CBC, CFB1, CFB8, CFB128 and OFB, on every AES
 * implementation. 90 files from cryptography_vectors/ciphers/AES.
 *
 * Every vector is run through: the one-shot call out of place; in place;
 * on an encrypt-only key (which must work for everything but ECB/CBC
 * decryption, which must refuse with RIJN_ERR_STATE); the streaming calls
 * in one update; the streaming calls with random splits, in place.
 * CFB1 files give PLAINTEXT/CIPHERTEXT as strings of '0'/'1', one
 * character per bit; they are packed most significant bit first and run
 * through rijn_cfb1_*_bits; the streaming CFB1 calls (whole bytes) run
 * only when the bit count is a multiple of 8.
 * A missing file is a failure. Counts are printed per file, mode and impl.
 * tu_quick(): every 4th record of the KeySbox, VarKey and VarTxt files.
 * Builds without AES-192/256 or without the inverse cipher check that the
 * key sizes are refused and ECB/CBC decryption says RIJN_ERR_UNSUPPORTED.
 */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "tu_modes.h"

#define NKINDS 5
#define NMODES 6
#define MAXDATA 4096

static const char *const kinds[NKINDS] = {"GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT"};
static const struct {
    const char *name, *dir;
    tu_mode mode;
} modes[NMODES] = {{"ECB", "ECB", TU_ECB},      {"CBC", "CBC", TU_CBC},
                   {"CFB1", "CFB", TU_CFB1},    {"CFB8", "CFB", TU_CFB8},
                   {"CFB128", "CFB", TU_CFB128}, {"OFB", "OFB", TU_OFB}};

/* vectors run: [impl][mode][dir]; files: [mode][kind][keysize] (first impl) */
static unsigned long counts[8][NMODES][2];
static unsigned long file_counts[NMODES][NKINDS][3][2];
static const char *impl_names[8];
static int nimpl;

/* CFB1 bit string -> packed bytes; returns the number of bits or -1. */
static long unbits(uint8_t *out, size_t cap, const char *s)
{
    size_t n = strlen(s), i;
    if ((n + 7) / 8 > cap)
        return -1;
    memset(out, 0, (n + 7) / 8);
    for (i = 0; i < n; i++) {
        if (s[i] == '1')
            out[i / 8] |= (uint8_t)(0x80u >> (i % 8));
        else if (s[i] != '0')
            return -1;
    }
    return (long)n;
}

static long parse_data(int cfb1, uint8_t *out, const char *s)
{
    size_t n = strlen(s);
    if (cfb1)
        return unbits(out, MAXDATA, s);
    if (n % 2 != 0 || n / 2 > MAXDATA || tu_unhex_into(out, n / 2, s) != 0)
        return -1;
    return (long)(n / 2);
}

/* One vector through every calling shape. n is bits for CFB1, else bytes. */
static void run_vector(int mi, int enc, const uint8_t *key, size_t klen, const uint8_t *iv,
                       const uint8_t *in, const uint8_t *want, size_t n, const char *where)
{
    tu_mode m = modes[mi].mode;
    int cfb1 = m == TU_CFB1;
    size_t nbytes = cfb1 ? (n + 7) / 8 : n, ol;
    uint8_t *out = malloc(nbytes + 64), *out2 = malloc(nbytes + 64);
    rijn_aes_ctx full, enc_only;
    tu_mctx sc;
    char what[200];
    int r;

    if (out == NULL || out2 == NULL) {
        TU_CHECK(0, "malloc");
        goto done;
    }
    TU_CHECK(rijn_aes_init(&full, key, klen) == RIJN_OK, "%s: init", where);
    if (!enc && !tu_mode_dec_ok(m)) { /* RIJN_CFG_AES_DECRYPT=0 */
        r = tu_mode_oneshot(m, 0, &full, iv, out, nbytes, &ol, in, n);
        TU_CHECK(r == RIJN_ERR_UNSUPPORTED, "%s: decrypt compiled out gave %d", where, r);
        r = tu_mode_init(&sc, m, 0, key, klen, iv);
        TU_CHECK(r == RIJN_ERR_UNSUPPORTED, "%s: stream decrypt compiled out gave %d", where, r);
        rijn_aes_wipe(&full);
        goto done;
    }
    TU_CHECK(rijn_aes_init_enc(&enc_only, key, klen) == RIJN_OK, "%s: init_enc", where);
    TU_CHECK(strcmp(rijn_aes_ctx_impl_name(&full), tu_context) == 0, "%s: impl %s", where,
             rijn_aes_ctx_impl_name(&full));

    /* one-shot, out of place (output buffer pre-filled with garbage) */
    memset(out, 0xA5, nbytes + 64);
    if (cfb1)
        r = enc ? rijn_cfb1_encrypt_bits(&full, iv, out, in, n)
                : rijn_cfb1_decrypt_bits(&full, iv, out, in, n);
    else
        r = tu_mode_oneshot(m, enc, &full, iv, out, nbytes, &ol, in, n);
    snprintf(what, sizeof what, "%.128s one-shot", where);
    TU_CHECK(r == RIJN_OK, "%s: status %d", what, r);
    TU_EQ(out, want, nbytes, what);
    TU_CHECK(out[nbytes] == 0xA5, "%s: wrote past the end", what);

    /* one-shot, in place */
    memcpy(out, in, nbytes);
    if (cfb1)
        r = enc ? rijn_cfb1_encrypt_bits(&full, iv, out, out, n)
                : rijn_cfb1_decrypt_bits(&full, iv, out, out, n);
    else
        r = tu_mode_oneshot(m, enc, &full, iv, out, nbytes, &ol, out, n);
    snprintf(what, sizeof what, "%.128s in-place", where);
    TU_CHECK(r == RIJN_OK, "%s: status %d", what, r);
    TU_EQ(out, want, nbytes, what);

    /* encrypt-only key */
    memset(out, 0, nbytes);
    if (cfb1)
        r = enc ? rijn_cfb1_encrypt_bits(&enc_only, iv, out, in, n)
                : rijn_cfb1_decrypt_bits(&enc_only, iv, out, in, n);
    else
        r = tu_mode_oneshot(m, enc, &enc_only, iv, out, nbytes, &ol, in, n);
    snprintf(what, sizeof what, "%.128s enc-only key", where);
    if (!enc && tu_modes[m].inverse) {
        TU_CHECK(r == RIJN_ERR_STATE, "%s: status %d, want RIJN_ERR_STATE", what, r);
    } else {
        TU_CHECK(r == RIJN_OK, "%s: status %d", what, r);
        TU_EQ(out, want, nbytes, what);
    }

    /* streaming: one update, then random splits in place after a reset */
    if (!cfb1 || n % 8 == 0) {
        r = tu_mode_init(&sc, m, enc, key, klen, iv);
        TU_CHECK(r == RIJN_OK, "%s: stream init %d", where, r);
        r = tu_mode_stream(&sc, out2, &ol, in, nbytes, TU_SPLIT_NONE, 0);
        snprintf(what, sizeof what, "%.128s stream", where);
        TU_CHECK(r == RIJN_OK && ol == nbytes, "%s: status %d len %zu", what, r, ol);
        TU_EQ(out2, want, nbytes, what);
        r = tu_mode_reset(&sc, iv);
        TU_CHECK(r == RIJN_OK, "%s: reset %d", where, r);
        r = tu_mode_stream(&sc, out2, &ol, in, nbytes, TU_SPLIT_RANDOM, 1);
        snprintf(what, sizeof what, "%.128s stream split in-place", where);
        TU_CHECK(r == RIJN_OK && ol == nbytes, "%s: status %d len %zu", what, r, ol);
        TU_EQ(out2, want, nbytes, what);
        tu_mode_wipe(&sc);
    }
    rijn_aes_wipe(&full);
    rijn_aes_wipe(&enc_only);
done:
    free(out);
    free(out2);
}

static void run_file(int ii, int mi, int ki, int bi)
{
    unsigned bits = 128u + 64u * (unsigned)bi;
    char rel[256], where[128];
    const char *path;
    tu_rsp *r;
    static uint8_t key[32], iv[16], pt[MAXDATA], ct[MAXDATA];
    int cfb1 = modes[mi].mode == TU_CFB1;
    unsigned long nrec = 0;

    snprintf(rel, sizeof rel, "cryptography_vectors/ciphers/AES/%s/%s%s%u.rsp", modes[mi].dir,
             modes[mi].name, kinds[ki], bits);
    path = tu_vec_require(rel);
    if (!tu_key_ok(bits / 8)) { /* key size compiled out: must be refused */
        rijn_aes_ctx c;
        memset(key, 0, sizeof key);
        TU_CHECK(rijn_aes_init(&c, key, bits / 8) == RIJN_ERR_KEY_LEN, "%u-bit key accepted",
                 bits);
        return;
    }
    r = tu_rsp_open(path);
    if (r == NULL) {
        TU_CHECK(0, "cannot read %s", path);
        return;
    }
    while (tu_rsp_next(r)) {
        const char *k = tu_rsp_get(r, "KEY"), *v = tu_rsp_get(r, "IV");
        const char *p = tu_rsp_get(r, "PLAINTEXT"), *c = tu_rsp_get(r, "CIPHERTEXT");
        const char *cnt = tu_rsp_get(r, "COUNT");
        int enc = strcmp(r->section, "ENCRYPT") == 0;
        long np, nc;
        if (!enc && strcmp(r->section, "DECRYPT") != 0) {
            TU_CHECK(0, "%s: record outside [ENCRYPT]/[DECRYPT]", rel);
            continue;
        }
        if (k == NULL || p == NULL || c == NULL || (v == NULL && mi != 0) ||
            strlen(k) != bits / 4 || tu_unhex_into(key, bits / 8, k) != 0 ||
            (v != NULL && tu_unhex_into(iv, 16, v) != 0)) {
            TU_CHECK(0, "%s: malformed record COUNT=%s", rel, cnt ? cnt : "?");
            continue;
        }
        np = parse_data(cfb1, pt, p);
        nc = parse_data(cfb1, ct, c);
        if (np < 0 || np != nc || (!cfb1 && mi < 2 && np % 16 != 0)) {
            TU_CHECK(0, "%s: bad data COUNT=%s", rel, cnt ? cnt : "?");
            continue;
        }
        /* quick (Valgrind) runs: every 4th VarKey / VarTxt / KeySbox record */
        if (tu_quick() && (ki == 1 || ki == 2 || ki == 3) && nrec++ % 4 != 0)
            continue;
        snprintf(where, sizeof where, "%.60s %.10s COUNT=%.8s", rel + 33, r->section,
                 cnt ? cnt : "?");
        if (enc)
            run_vector(mi, 1, key, bits / 8, v ? iv : NULL, pt, ct, (size_t)np, where);
        else
            run_vector(mi, 0, key, bits / 8, v ? iv : NULL, ct, pt, (size_t)np, where);
        counts[ii][mi][!enc]++;
        if (ii == 0)
            file_counts[mi][ki][bi][!enc]++;
    }
    tu_rsp_close(r);
}

static void run_impl(const char *impl, void *arg)
{
    int mi, ki, bi;
    (void)arg;
    if (nimpl >= 8)
        return;
    impl_names[nimpl] = impl;
    for (mi = 0; mi < NMODES; mi++)
        for (ki = 0; ki < NKINDS; ki++)
            for (bi = 0; bi < 3; bi++)
                run_file(nimpl, mi, ki, bi);
    nimpl++;
}

int main(void)
{
    int mi, ki, bi, ii;
    unsigned long total = 0;
    tu_rand_seed(0xC0FFEE);
    tu_for_each_impl(run_impl, NULL);

    printf("vectors per file (each impl; encrypt + decrypt):\n");
    for (mi = 0; mi < NMODES; mi++)
        for (ki = 0; ki < NKINDS; ki++) {
            printf("  %-6s %-7s", modes[mi].name, kinds[ki]);
            for (bi = 0; bi < 3; bi++)
                printf("  %u: %3lu+%-3lu", 128 + 64 * bi, file_counts[mi][ki][bi][0],
                       file_counts[mi][ki][bi][1]);
            printf("\n");
        }
    printf("vectors per mode and implementation (encrypt + decrypt):\n");
    for (ii = 0; ii < nimpl; ii++) {
        printf("  %-6s", impl_names[ii]);
        for (mi = 0; mi < NMODES; mi++) {
            printf("  %s %lu+%lu", modes[mi].name, counts[ii][mi][0], counts[ii][mi][1]);
            total += counts[ii][mi][0] + counts[ii][mi][1];
        }
        printf("\n");
    }
    printf("total: %lu vector runs over %d implementation(s)\n", total, nimpl);
    return tu_finish();
}
