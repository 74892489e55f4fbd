/*
 * test_cbcmac_hook.c -- the optional cbcmac entry of the AES implementation
 * classes (aes_i.h): the CBC-MAC chain alone (op MAC) and stitched with
 * a CTR stream (op ENC: MAC the input; op DEC: MAC the output).
 *
 * For every available class that has the entry, random keys of every
 * size, nblocks 0..70 and three buffer layouts (aligned, unaligned, in
 * place), the result is compared with (a) a serial reference built from
 * the same class's plain N-block encrypt entry and (b) OpenSSL: the MAC is
 * the last block of AES-CBC encryption with IV = the chain value in, the
 * stream is AES-CTR (counters away from a 2^64 wrap, where OpenSSL's
 * 128-bit counter and the entry's 64-bit one agree). Counters just below
 * the 2^64 wrap check that only the low 8 bytes count (mod 2^64); with
 * RIJN_I_CBCMAC_CTR128 (EAX) counters near the 2^64 and 2^128 wraps must
 * carry through all 16 bytes (mod 2^128, OpenSSL's AES-CTR). The
 * advanced counter and the chain value are checked; nblocks 0 must leave
 * everything unchanged. A class without the entry (all of them under
 * RIJN_CPU_MASK=0) still has its serial reference checked against OpenSSL
 * (the modes then use that generic path; their own tests cover it).
 */
#include <string.h>

#include <openssl/evp.h>

#include "aes/aes_i.h"
#include "testutil.h"

#define MAXB 70
#define BUFSZ (16 * MAXB + 64)

static const EVP_CIPHER *evp(int cbc, size_t klen)
{
    if (cbc)
        return klen == 16 ? EVP_aes_128_cbc() : klen == 24 ? EVP_aes_192_cbc() : EVP_aes_256_cbc();
    return klen == 16 ? EVP_aes_128_ctr() : klen == 24 ? EVP_aes_192_ctr() : EVP_aes_256_ctr();
}

static void ossl(int cbc, const uint8_t *key, size_t klen, const uint8_t *iv, uint8_t *out,
                 const uint8_t *in, size_t len)
{
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int l1 = 0, l2 = 0, ok;
    ok = x != NULL && EVP_EncryptInit_ex(x, evp(cbc, klen), NULL, key, iv) == 1 &&
         EVP_CIPHER_CTX_set_padding(x, 0) == 1 &&
         EVP_EncryptUpdate(x, out, &l1, in, (int)len) == 1 &&
         EVP_EncryptFinal_ex(x, out + l1, &l2) == 1 && (size_t)(l1 + l2) == len;
    TU_CHECK(ok, "OpenSSL len %zu", len);
    EVP_CIPHER_CTX_free(x);
}

/* +1 on the last 8 bytes only (mod 2^64), or on all 16 (mod 2^128). */
static void inc(uint8_t c[16], int wide)
{
    unsigned i = 16, stop = wide ? 0 : 8;
    while (i > stop && ++c[i - 1] == 0)
        i--;
}

struct job {
    const rijn_aes_impl *impl;
    rijn_aes_ctx ctx;
    uint8_t key[32];
    size_t klen, n;
    uint8_t pt[16 * MAXB];
};

static uint8_t bin[BUFSZ], bout[BUFSZ];

static void place(int layout, const uint8_t *src, size_t len, uint8_t **out, const uint8_t **in)
{
    size_t oi = layout ? 1 + tu_rand_below(15) : 0, oo = layout ? 1 + tu_rand_below(15) : 0;
    memset(bin, 0xA5, sizeof bin);
    memset(bout, 0x5A, sizeof bout);
    memcpy(bin + oi, src, len);
    *in = bin + oi;
    *out = layout == 2 ? bin + oi : bout + oo;
}

/* Serial reference with the class's N-block entry. */
static void ref_mac(const struct job *j, uint8_t mac[16], const uint8_t *p, size_t n)
{
    size_t i, b;
    for (i = 0; i < n; i++) {
        for (b = 0; b < 16; b++)
            mac[b] ^= p[16 * i + b];
        j->impl->encrypt(j->ctx.ks, j->ctx.rounds, mac, mac, 1);
    }
}

static void ref_ctr(const struct job *j, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                    size_t n, int wide)
{
    uint8_t k[16];
    size_t i, b;
    for (i = 0; i < n; i++) {
        j->impl->encrypt(j->ctx.ks, j->ctx.rounds, k, ctr, 1);
        for (b = 0; b < 16; b++)
            out[16 * i + b] = (uint8_t)(in[16 * i + b] ^ k[b]);
        inc(ctr, wide);
    }
}

/* near_wrap: 0 far from any wrap, 1 the low 8 bytes near 2^64, 2 the
 * whole counter near 2^128. op may carry RIJN_I_CBCMAC_CTR128. */
static void check(struct job *j, unsigned op, int layout, int near_wrap)
{
    const int wide = (op & RIJN_I_CBCMAC_CTR128) != 0;
    const unsigned base = op & 3u;
    size_t len = 16 * j->n, i;
    uint8_t mac0[16], ctr0[16], mac[16], ctr[16], wmac[16], wctr[16];
    uint8_t want[16 * MAXB + 16], tmp[16 * MAXB + 16], *out;
    const uint8_t *in, *macd;
    static char what[96];
    tu_rand_bytes(mac0, 16);
    tu_rand_bytes(ctr0, 16);
    if (near_wrap) {
        memset(ctr0 + (near_wrap == 2 ? 0 : 8), 0xFF, near_wrap == 2 ? 16 : 8);
        ctr0[15] = (uint8_t)(0xFF - tu_rand_below(j->n + 1));
    } else {
        ctr0[8] &= 0x7F; /* far from the 2^64 wrap */
    }
    /* reference */
    memcpy(wmac, mac0, 16);
    memcpy(wctr, ctr0, 16);
    if (base == RIJN_I_CBCMAC_MAC) {
        ref_mac(j, wmac, j->pt, j->n);
    } else {
        ref_ctr(j, wctr, want, j->pt, j->n, wide);
        ref_mac(j, wmac, base == RIJN_I_CBCMAC_ENC ? j->pt : want, j->n);
    }
    /* OpenSSL agrees with the reference */
    if (j->n > 0) {
        macd = base == RIJN_I_CBCMAC_DEC ? want : j->pt;
        ossl(1, j->key, j->klen, mac0, tmp, macd, len);
        TU_EQ(tmp + len - 16, wmac, 16, "reference MAC vs OpenSSL CBC");
        if (base != RIJN_I_CBCMAC_MAC && (wide || !near_wrap)) { /* OpenSSL: mod 2^128 */
            ossl(0, j->key, j->klen, ctr0, tmp, j->pt, len);
            TU_EQ(tmp, want, len, "reference CTR vs OpenSSL");
        }
    }
    if (j->impl->cbcmac == NULL)
        return; /* the reference checks above still ran on this class */
    place(layout, j->pt, len, &out, &in);
    memcpy(mac, mac0, 16);
    memcpy(ctr, ctr0, 16);
    j->impl->cbcmac(j->ctx.ks, (unsigned)j->ctx.rounds, op, mac,
                    base == RIJN_I_CBCMAC_MAC ? NULL : ctr,
                    base == RIJN_I_CBCMAC_MAC ? NULL : out, in, j->n);
    snprintf(what, sizeof what, "%s key %zu op %u n %zu layout %d", j->impl->name, j->klen,
             op, j->n, layout);
    tu_context = what;
    TU_EQ(mac, wmac, 16, "cbcmac chain value");
    if (base != RIJN_I_CBCMAC_MAC) {
        TU_EQ(out, want, len, "cbcmac stream");
        TU_EQ(ctr, wctr, 16, "cbcmac counter after");
    } else if (layout != 2) {
        for (i = 0; i < sizeof bout && bout[i] == 0x5A; i++)
            ;
        TU_CHECK(i == sizeof bout, "cbcmac op MAC wrote output");
    }
}

static void run(const char *name, void *arg)
{
    static struct job j;
    static const size_t klens[3] = {16, 24, 32};
    int ki, trial, trials = tu_quick() ? 1 : 2, layout;
    unsigned op;
    unsigned long *nhook = arg;
    if (rijn_aes_impl_get(name, &j.impl) != RIJN_OK) {
        TU_CHECK(0, "rijn_aes_impl_get(%s)", name);
        return;
    }
    printf("# %s: cbcmac %s\n", name, j.impl->cbcmac ? "yes" : "no");
    if (j.impl->cbcmac != NULL)
        (*nhook)++;
    for (ki = 0; ki < 3; ki++) {
        j.klen = klens[ki];
        if ((j.klen == 24 && !RIJN_CFG_AES_192) || (j.klen == 32 && !RIJN_CFG_AES_256))
            continue;
        for (trial = 0; trial < trials; trial++) {
            tu_rand_bytes(j.key, j.klen);
            TU_CHECK(rijn_aes_init_impl(&j.ctx, j.impl, j.key, j.klen) == RIJN_OK, "init");
            for (j.n = 0; j.n <= MAXB; j.n++) {
                tu_rand_bytes(j.pt, 16 * j.n);
                for (layout = 0; layout < 3; layout++) {
                    for (op = RIJN_I_CBCMAC_MAC; op <= RIJN_I_CBCMAC_DEC; op++)
                        check(&j, op, layout, op != RIJN_I_CBCMAC_MAC && layout == 1);
                    /* 128-bit counters: far, near 2^64, near 2^128 */
                    for (op = RIJN_I_CBCMAC_ENC; op <= RIJN_I_CBCMAC_DEC; op++)
                        check(&j, op | RIJN_I_CBCMAC_CTR128, layout, layout);
                }
            }
            rijn_aes_wipe(&j.ctx);
        }
    }
}

int main(void)
{
    unsigned long nhook = 0;
    tu_for_each_impl(run, &nhook);
    {
        /* x86ni and armce have the entry; where one runs, it must have
         * been exercised */
        static const char *const with[] = {"x86ni", "armce"};
        size_t i;
        for (i = 0; i < 2; i++) {
            const rijn_aes_impl *x = NULL;
            if (rijn_aes_impl_get(with[i], &x) == RIJN_OK && rijn_aes_impl_available(x))
                TU_CHECK(nhook > 0, "no class with a cbcmac entry was tested (%s runs)",
                         with[i]);
        }
    }
    printf("# classes with a cbcmac entry: %lu\n", nhook);
    return tu_finish();
}
