/*
 * test_aes_fused.c -- the optional fused entries of the AES implementation
 * classes (ctr, cbc_decrypt, cbc_encrypt) and the N-block ECB entries they
 * rest on, for every available class.
 *
 * Each fused call is compared with (a) a reference built from the same
 * class's plain encrypt / decrypt N-block entries and (b) OpenSSL (EVP
 * aes-*-ctr, aes-*-cbc, aes-*-ecb), for random keys of every size,
 * nblocks 0..70 (every 32/16/8/4/1 unroll boundary), out != in aligned,
 * out != in unaligned, and in place unaligned. Counters: random, and near
 * the 2^32, 2^64 and 2^128 wraps; with ctr_bits 32 the carry must stay in
 * the last 4 bytes, with 128 it must run through every byte (OpenSSL's
 * AES-CTR wraps mod 2^128). The advanced counter / IV is checked too.
 *
 * Feature paths: the parent process runs with the CPU as it is, then runs
 * this same program again (fork + exec of argv[0]) with
 * RIJN_CPU_MASK hiding AVX-512 (VAES-256 paths), hiding VAES (128-bit
 * AES-NI paths), and hiding everything (software classes only); each
 * child prints its own tally and its exit status is one check here.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "aes/aes_i.h"
#include "core/cpu.h"
#include "testutil.h"

#define MAXB 70
#define BUFSZ (16 * MAXB + 64)

enum { LAYOUT_ALIGNED, LAYOUT_UNALIGNED, LAYOUT_INPLACE, NLAYOUTS };

static const EVP_CIPHER *evp(char mode, size_t klen)
{
    switch (mode) {
    case 'e': return klen == 16 ? EVP_aes_128_ecb() : klen == 24 ? EVP_aes_192_ecb() : EVP_aes_256_ecb();
    case 'c': return klen == 16 ? EVP_aes_128_cbc() : klen == 24 ? EVP_aes_192_cbc() : EVP_aes_256_cbc();
    default: return klen == 16 ? EVP_aes_128_ctr() : klen == 24 ? EVP_aes_192_ctr() : EVP_aes_256_ctr();
    }
}

/* OpenSSL one-shot, no padding. */
static void ossl(char mode, int enc, const uint8_t *key, size_t klen, const uint8_t *iv,
                 uint8_t *out, const uint8_t *in, size_t len)
{
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int l1 = 0, l2 = 0, ok;
    ok = x != NULL && EVP_CipherInit_ex(x, evp(mode, klen), NULL, key, iv, enc) == 1 &&
         EVP_CIPHER_CTX_set_padding(x, 0) == 1 &&
         EVP_CipherUpdate(x, out, &l1, in, (int)len) == 1 &&
         EVP_CipherFinal_ex(x, out + l1, &l2) == 1 && (size_t)(l1 + l2) == len;
    TU_CHECK(ok, "OpenSSL %c len %zu", mode, len);
    EVP_CIPHER_CTX_free(x);
}

static void ctr_inc(uint8_t c[16], unsigned bits)
{
    unsigned i = 16, stop = bits == 32 ? 12 : 0;
    while (i > stop && ++c[i - 1] == 0)
        i--;
}

/* Buffers: the input copy, and the in/out pointers of a layout. */
static uint8_t bin[BUFSZ], bout[BUFSZ];
static void place(int layout, const uint8_t *src, size_t len, uint8_t **out, const uint8_t **in)
{
    size_t oi = 0, oo = 0;
    if (layout != LAYOUT_ALIGNED) {
        oi = 1 + tu_rand_below(15);
        oo = 1 + tu_rand_below(15);
    }
    memset(bin, 0xA5, sizeof bin);
    memset(bout, 0x5A, sizeof bout);
    memcpy(bin + oi, src, len);
    *in = bin + oi;
    *out = layout == LAYOUT_INPLACE ? bin + oi : bout + oo;
}

struct job {
    const rijn_aes_impl *impl;
    rijn_aes_ctx ctx;
    uint8_t key[32];
    size_t klen, n;
    int layout;
    uint8_t pt[16 * MAXB];
};

static void check_ecb(struct job *j)
{
    size_t len = 16 * j->n;
    uint8_t want[16 * MAXB + 1], back[16 * MAXB + 1], *out;
    const uint8_t *in;
    ossl('e', 1, j->key, j->klen, NULL, want, j->pt, len);
    place(j->layout, j->pt, len, &out, &in);
    j->impl->encrypt(j->ctx.ks, j->ctx.rounds, out, in, j->n);
    TU_EQ(out, want, len, "ECB encrypt vs OpenSSL");
    if (j->impl->decrypt == NULL)
        return;
    memcpy(back, out, len);
    place(j->layout, back, len, &out, &in);
    j->impl->decrypt(j->ctx.ks, j->ctx.rounds, out, in, j->n);
    TU_EQ(out, j->pt, len, "ECB decrypt round trip");
}

/* A counter of the given kind; d = blocks before the wrap. */
static void make_ctr(uint8_t c[16], int kind, size_t d)
{
    size_t i, from = kind == 1 ? 12 : kind == 2 ? 8 : 0;
    uint64_t low = 0 - (uint64_t)d;
    tu_rand_bytes(c, 16);
    if (kind == 0)
        return;
    for (i = from; i < 16; i++)
        c[i] = 0xFF;
    for (i = 0; i < 8; i++) /* low 64 bits = -d, masked to the window */
        if (15 - i >= from)
            c[15 - i] = (uint8_t)(low >> (8 * i));
}

static void check_ctr(struct job *j, int kind, unsigned bits)
{
    size_t len = 16 * j->n, i;
    uint8_t c0[16], c[16], cend[16], ref[16 * MAXB + 1], want[16 * MAXB + 1];
    uint8_t blocks[16 * MAXB + 1], *out;
    const uint8_t *in;
    make_ctr(c0, kind, 1 + tu_rand_below(j->layout == LAYOUT_ALIGNED ? 8 : 72));
    memcpy(c, c0, 16);
    for (i = 0; i < j->n; i++) {
        memcpy(blocks + 16 * i, c, 16);
        ctr_inc(c, bits);
    }
    memcpy(cend, c, 16);
    /* (a) the class's own ECB entry on the counter blocks */
    j->impl->encrypt(j->ctx.ks, j->ctx.rounds, ref, blocks, j->n);
    for (i = 0; i < len; i++)
        ref[i] ^= j->pt[i];
    /* (b) OpenSSL: aes-ctr for 128-bit counters, ECB of the blocks for 32 */
    if (bits == 128) {
        ossl('t', 1, j->key, j->klen, c0, want, j->pt, len);
    } else {
        ossl('e', 1, j->key, j->klen, NULL, want, blocks, len);
        for (i = 0; i < len; i++)
            want[i] ^= j->pt[i];
    }
    TU_EQ(ref, want, len, "CTR reference (ECB entry) vs OpenSSL");
    place(j->layout, j->pt, len, &out, &in);
    memcpy(c, c0, 16);
    j->impl->ctr(j->ctx.ks, j->ctx.rounds, bits, c, out, in, j->n);
    TU_EQ(out, want, len, "fused CTR vs OpenSSL");
    TU_EQ(c, cend, 16, "fused CTR counter after");
}

static void check_cbc(struct job *j)
{
    size_t len = 16 * j->n, i;
    uint8_t iv0[16], iv[16], ivend[16], want[16 * MAXB + 1], ref[16 * MAXB + 1], *out;
    const uint8_t *in;
    tu_rand_bytes(iv0, 16);
    ossl('c', 1, j->key, j->klen, iv0, want, j->pt, len);
    memcpy(ivend, j->n > 0 ? want + len - 16 : iv0, 16);
    /* (a) serial reference with the ECB entry */
    memcpy(iv, iv0, 16);
    for (i = 0; i < j->n; i++) {
        size_t b;
        for (b = 0; b < 16; b++)
            iv[b] ^= j->pt[16 * i + b];
        j->impl->encrypt(j->ctx.ks, j->ctx.rounds, ref + 16 * i, iv, 1);
        memcpy(iv, ref + 16 * i, 16);
    }
    TU_EQ(ref, want, len, "CBC reference (ECB entry) vs OpenSSL");
    if (j->impl->cbc_encrypt != NULL) {
        place(j->layout, j->pt, len, &out, &in);
        memcpy(iv, iv0, 16);
        j->impl->cbc_encrypt(j->ctx.ks, j->ctx.rounds, iv, out, in, j->n);
        TU_EQ(out, want, len, "fused CBC encrypt vs OpenSSL");
        TU_EQ(iv, ivend, 16, "fused CBC encrypt IV after");
    }
    if (j->impl->cbc_decrypt != NULL && j->impl->decrypt != NULL) {
        /* (a) the ECB decrypt entry then XOR */
        j->impl->decrypt(j->ctx.ks, j->ctx.rounds, ref, want, j->n);
        for (i = 0; i < len; i++)
            ref[i] ^= i < 16 ? iv0[i] : want[i - 16];
        TU_EQ(ref, j->pt, len, "CBC decrypt reference (ECB entry)");
        ossl('c', 0, j->key, j->klen, iv0, ref, want, len);
        TU_EQ(ref, j->pt, len, "OpenSSL CBC decrypt");
        place(j->layout, want, len, &out, &in);
        memcpy(iv, iv0, 16);
        j->impl->cbc_decrypt(j->ctx.ks, j->ctx.rounds, iv, out, in, j->n);
        TU_EQ(out, j->pt, len, "fused CBC decrypt");
        TU_EQ(iv, ivend, 16, "fused CBC decrypt IV after");
    }
}

static void run(const char *name, void *arg)
{
    static struct job j;
    static const size_t klens[3] = {16, 24, 32};
    int ki, trial, trials = tu_quick() ? 1 : 3, kind;
    unsigned long *nfused = arg;
    if (rijn_aes_impl_get(name, &j.impl) != RIJN_OK) {
        TU_CHECK(0, "rijn_aes_impl_get(%s)", name);
        return;
    }
    if (j.impl->ctr != NULL || j.impl->cbc_decrypt != NULL || j.impl->cbc_encrypt != NULL)
        (*nfused)++;
    printf("# %s: ctr %s, cbc_decrypt %s, cbc_encrypt %s\n", name,
           j.impl->ctr ? "yes" : "no", j.impl->cbc_decrypt ? "yes" : "no",
           j.impl->cbc_encrypt ? "yes" : "no");
    for (ki = 0; ki < 3; ki++) {
        j.klen = klens[ki];
        if ((j.klen == 24 && !RIJN_CFG_AES_192) || (j.klen == 32 && !RIJN_CFG_AES_256))
            continue;
        for (trial = 0; trial < trials; trial++) {
            tu_rand_bytes(j.key, j.klen);
            TU_CHECK(rijn_aes_init_impl(&j.ctx, j.impl, j.key, j.klen) == RIJN_OK, "init");
            for (j.n = 0; j.n <= MAXB; j.n++) {
                tu_rand_bytes(j.pt, 16 * j.n);
                for (j.layout = 0; j.layout < NLAYOUTS; j.layout++) {
                    check_ecb(&j);
                    if (j.impl->ctr != NULL)
                        for (kind = 0; kind < 4; kind++) {
                            check_ctr(&j, kind, 32);
                            check_ctr(&j, kind, 128);
                        }
                    check_cbc(&j);
                }
            }
            rijn_aes_wipe(&j.ctx);
        }
    }
}

int main(int argc, char **argv)
{
    unsigned long nfused = 0;
    (void)argc;
    tu_rand_seed(0x20261122u);
    printf("# cpu features 0x%x\n", (unsigned)rijn_i_cpu_features());
    tu_for_each_impl(run, &nfused);
    printf("# %lu implementation(s) with fused entries\n", nfused);
    if (!tu_rerun_is_child("RIJN_FUSED_CHILD")) {
        tu_rerun_masked(argv, ~RIJN_CPU_AVX512, "no AVX-512: VAES-256 paths", "RIJN_FUSED_CHILD");
        tu_rerun_masked(argv, ~(RIJN_CPU_AVX512 | RIJN_CPU_VAES), "no VAES: 128-bit paths",
                        "RIJN_FUSED_CHILD");
        tu_rerun_masked(argv, 0, "no extensions: software classes", "RIJN_FUSED_CHILD");
    }
    return tu_finish();
}
