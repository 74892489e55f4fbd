/*
 * test_perf_paths.c -- the wide / aggregated fast paths, forced one at a
 * time, at every length around their unroll boundaries.
 *
 *   - GHASH: every available class against the first portable one, for
 *     0..70 blocks and around 256 blocks (16-block steps, masked tails),
 *     unaligned input, random accumulator; POLYVAL (native entries) the
 *     same way.
 *   - GCM seal/open: every AES class x every GHASH class, AES-128/256,
 *     text lengths 0 .. 8*64+17 bytes and around 4 KiB and 16 KiB,
 *     unaligned out/in and in place, against OpenSSL EVP (ciphertext and
 *     tag), then open (rijn) of the OpenSSL output and a forged tag.
 *   - XTS: every AES class, 1..70 blocks with stealing tails (every
 *     32-block VAES pass boundary), unaligned and in place, against
 *     OpenSSL in both directions.
 *
 *   - OCB3: every AES class, 0..70 blocks and partial ones (32-block VAES
 *     passes), unaligned and in place, against OpenSSL aes-*-ocb.
 *   - GCM-SIV: its counter mode (little-endian 32-bit counter, about to
 *     wrap) per AES class against single blocks; seal/open per class, tags
 *     equal across classes, 0..70 blocks.
 *
 * Feature paths: the parent runs with the CPU as it is, then runs itself
 * again (fork + exec) with RIJN_CPU_MASK hiding AVX-512, hiding VAES and
 * VPCLMULQDQ too, and hiding everything; each child's exit status is one
 * check here.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "aead/gcm_i.h"
#include "aead/ghash.h"
#include "aes/aes_i.h"
#include "core/cpu.h"
#include "internal.h"
#include "testutil.h"
#include "tu_ossl.h"

#define GMAXB 300
#define TMAX (16384 + 64)

static const rijn_i_ghash_impl *ref_ghash(void)
{
    size_t i;
    for (i = 0; i < rijn_i_ghash_registry.count; i++) {
        const rijn_i_ghash_impl *g = RIJN_I_IMPL_OF(rijn_i_ghash_impl, rijn_i_ghash_registry.impls[i]);
        if (!(g->flags & RIJN_AES_IMPL_HW))
            return g;
    }
    return NULL;
}

static void ghash_paths(void)
{
    static uint8_t data[16 * GMAXB + 8];
    const rijn_i_ghash_impl *ref = ref_ghash();
    size_t nb, i;
    TU_CHECK(ref != NULL, "portable GHASH class");
    if (ref == NULL)
        return;
    for (nb = 0; nb <= GMAXB; nb++) {
        uint8_t h[16], y0[16], want[16], wantp[16];
        uint64_t hk[RIJN_GCM_HKEY_WORDS];
        size_t off = nb % 8;
        if (nb > 70 && (nb < 250 || nb > 260) && nb != GMAXB)
            continue;
        tu_rand_bytes(h, 16);
        tu_rand_bytes(y0, 16);
        tu_rand_bytes(data, sizeof data);
        memcpy(want, y0, 16);
        ref->setkey(hk, h);
        ref->blocks(hk, want, data + off, nb);
        memcpy(wantp, y0, 16);
        rijn_i_polyval_setkey(ref, hk, h, (size_t)-1);
        rijn_i_polyval_blocks(ref, hk, wantp, data + off, nb);
        for (i = 0; i < rijn_i_ghash_registry.count; i++) {
            const rijn_i_ghash_impl *g = RIJN_I_IMPL_OF(rijn_i_ghash_impl, rijn_i_ghash_registry.impls[i]);
            uint8_t y[16];
            char what[64];
            if (g == ref || !rijn_i_impl_runs(&g->base))
                continue;
            snprintf(what, sizeof what, "ghash %s nb %u", g->base.name, (unsigned)nb);
            memcpy(y, y0, 16);
            g->setkey(hk, h);
            g->blocks(hk, y, data + off, nb);
            TU_EQ(y, want, 16, what);
            snprintf(what, sizeof what, "polyval %s nb %u", g->base.name, (unsigned)nb);
            memcpy(y, y0, 16);
            memset(hk, 0xA5, sizeof hk); /* a key for nb-block calls sets what they use */
            rijn_i_polyval_setkey(g, hk, h, nb);
            rijn_i_polyval_blocks(g, hk, y, data + off, nb);
            TU_EQ(y, wantp, 16, what);
        }
    }
}

typedef struct {
    uint8_t *pt, *ct, *buf, *want;
} bufs;

static const char *cur_ghash; /* the GHASH class gcm_one binds (per_aes) */

static void gcm_one(const bufs *b, size_t klen, size_t len, size_t alen, const char *who)
{
    uint8_t key[32], nonce[12], aad[40], tag[16], wtag[16];
    rijn_gcm_ctx c;
    size_t oin = len % 5, oout = (len / 5) % 7;
    char what[96];
    int r;
    tu_rand_bytes(key, klen);
    tu_rand_bytes(nonce, 12);
    tu_rand_bytes(aad, alen);
    tu_rand_bytes(b->pt + oin, len);
    snprintf(what, sizeof what, "%s aes-%u len %u aad %u", who, (unsigned)(8 * klen),
             (unsigned)len, (unsigned)alen);
    TU_CHECK(
        tu_ossl_gcm_seal(key, klen, nonce, 12, aad, alen, b->pt + oin, len, b->want, wtag, 16),
        "%s: openssl", what);
    TU_CHECK(rijn_gcm_init(&c, key, klen) == RIJN_OK &&
                 rijn_i_gcm_use_ghash(&c, cur_ghash) == RIJN_OK,
             "%s: init", what);
    /* out-of-place, unaligned */
    r = rijn_gcm_seal(&c, b->ct + oout, tag, 16, nonce, 12, aad, alen, b->pt + oin, len);
    TU_CHECK(r == RIJN_OK, "%s: seal %d", what, r);
    TU_EQ(b->ct + oout, b->want, len, what);
    TU_EQ(tag, wtag, 16, what);
    /* in place */
    memcpy(b->buf + oout, b->pt + oin, len);
    r = rijn_gcm_seal(&c, b->buf + oout, tag, 16, nonce, 12, aad, alen, b->buf + oout, len);
    TU_CHECK(r == RIJN_OK, "%s: seal in place %d", what, r);
    TU_EQ(b->buf + oout, b->want, len, what);
    TU_EQ(tag, wtag, 16, what);
    /* open OpenSSL's output, out of place, then in place */
    memcpy(b->ct + oin, b->want, len);
    r = rijn_gcm_open(&c, b->buf + oout, wtag, 16, nonce, 12, aad, alen, b->ct + oin, len);
    TU_CHECK(r == RIJN_OK, "%s: open %d", what, r);
    TU_EQ(b->buf + oout, b->pt + oin, len, what);
    r = rijn_gcm_open(&c, b->ct + oin, wtag, 16, nonce, 12, aad, alen, b->ct + oin, len);
    TU_CHECK(r == RIJN_OK, "%s: open in place %d", what, r);
    TU_EQ(b->ct + oin, b->pt + oin, len, what);
    /* forged tag */
    wtag[len % 16] ^= 0x01;
    r = rijn_gcm_open(&c, b->buf + oout, wtag, 16, nonce, 12, aad, alen, b->want, len);
    TU_CHECK(r == RIJN_ERR_AUTH, "%s: forged %d", what, r);
    rijn_gcm_wipe(&c);
}

static void gcm_run(const char *gname, void *arg)
{
    const bufs *b = (const bufs *)arg;
    const char *aname = tu_context;
    size_t len, k;
    char who[64];
    snprintf(who, sizeof who, "aes %s ghash %s", aname, gname);
    for (k = 16; k <= 32; k += 16) {
        for (len = 0; len <= 8 * 64 + 17; len += tu_quick() ? 7 : 1)
            gcm_one(b, k, len, len % 3 == 0 ? 0 : len % 37, who);
        for (len = 4096 - 17; len <= 4096 + 17; len += 17)
            gcm_one(b, k, len, 13, who);
        gcm_one(b, k, 16384 + 5, 20, who);
    }
}

static void per_aes(const char *impl, void *arg)
{
    size_t i;
    (void)impl;
    for (i = 0; i < rijn_i_ghash_registry.count; i++) {
        const rijn_i_ghash_impl *g = RIJN_I_IMPL_OF(rijn_i_ghash_impl, rijn_i_ghash_registry.impls[i]);
        if (!rijn_i_impl_runs(&g->base))
            continue;
        cur_ghash = g->base.name;
        tu_context = impl;
        gcm_run(g->base.name, arg);
    }
    cur_ghash = NULL;
}

/* OpenSSL XTS; 0 on success. */
static int ossl_xts(int enc, const uint8_t *key, size_t klen, const uint8_t tweak[16],
                    uint8_t *out, const uint8_t *in, size_t len)
{
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int l = 0, ok;
    ok = x != NULL &&
         EVP_CipherInit_ex(x, klen == 32 ? EVP_aes_128_xts() : EVP_aes_256_xts(), NULL, key,
                           tweak, enc) == 1 &&
         EVP_CipherUpdate(x, out, &l, in, (int)len) == 1 && EVP_CipherFinal_ex(x, out + l, &l) == 1;
    EVP_CIPHER_CTX_free(x);
    return ok ? 0 : -1;
}

/* 1 when the n bytes at p all still hold v (not written). */
static int xts_untouched(const uint8_t *p, size_t n, uint8_t v)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i] != v)
            return 0;
    return 1;
}

/* XTS: 16 .. 70 blocks + 15 bytes (every 32-block pass boundary, stealing
 * tails), AES-128/256, unaligned and in place, both directions. */
static void xts_run(const char *impl, void *arg)
{
    const bufs *b = (const bufs *)arg;
    size_t klen, len;
    for (klen = 32; klen <= 64; klen += 32) {
        for (len = 16; len <= 16 * 70 + 15; len += tu_quick() ? 13 : 1) {
            uint8_t key[64], tweak[16];
            rijn_xts_ctx c;
            size_t oin = len % 3, oout = (len / 3) % 5;
            char what[80];
            int r;
            if (len > 16 * 40 && len % 16 != 0 && len % 16 != 1 && len % 16 != 15)
                continue;
            tu_rand_bytes(key, klen);
            tu_rand_bytes(tweak, 16);
            tu_rand_bytes(b->pt + oin, len);
            snprintf(what, sizeof what, "xts %s key %u len %u", impl, (unsigned)klen,
                     (unsigned)len);
            TU_CHECK(ossl_xts(1, key, klen, tweak, b->want, b->pt + oin, len) == 0,
                     "%s: openssl", what);
            r = rijn_xts_init(&c, key, klen);
            TU_CHECK(r == RIJN_OK, "%s: init %d", what, r);
            memset(b->ct, 0xa5, oout + len + 64); /* bytes past the output stay */
            r = rijn_xts_encrypt(&c, tweak, b->ct + oout, b->pt + oin, len);
            TU_CHECK(r == RIJN_OK, "%s: enc %d", what, r);
            TU_EQ(b->ct + oout, b->want, len, what);
            TU_CHECK(xts_untouched(b->ct, oout, 0xa5) &&
                         xts_untouched(b->ct + oout + len, 64, 0xa5),
                     "%s: enc wrote outside", what);
            memset(b->buf, 0x5a, oin + len + 64);
            memcpy(b->buf + oin, b->want, len);
            r = rijn_xts_decrypt(&c, tweak, b->buf + oin, b->buf + oin, len);
            TU_CHECK(r == RIJN_OK, "%s: dec in place %d", what, r);
            TU_EQ(b->buf + oin, b->pt + oin, len, what);
            TU_CHECK(xts_untouched(b->buf, oin, 0x5a) &&
                         xts_untouched(b->buf + oin + len, 64, 0x5a),
                     "%s: dec wrote outside", what);
            rijn_xts_wipe(&c);
        }
    }
}

/* GCM-SIV counter mode (32-bit little-endian counter) on every AES class
 * against single-block encryptions, with counters about to wrap. */
static void ctr_le32_run(const char *impl, void *arg)
{
    const bufs *b = (const bufs *)arg;
    size_t nb;
    for (nb = 0; nb <= 70; nb++) {
        uint8_t key[32], c0[16], ctr[16], ref[16], blk[16];
        rijn_aes_ctx a;
        size_t i, off = nb % 7;
        char what[64];
        uint32_t start = nb % 2 ? 0xFFFFFFFFu - (uint32_t)(nb / 2) : (uint32_t)tu_rand64();
        tu_rand_bytes(key, 32);
        tu_rand_bytes(c0, 16);
        rijn_store32_le(c0, start);
        tu_rand_bytes(b->pt + off, 16 * nb);
        TU_CHECK(rijn_aes_init_enc(&a, key, 16 + 16 * (nb % 2)) == RIJN_OK, "init");
        memcpy(ctr, c0, 16);
        rijn_i_aead_ctr(&a, RIJN_I_CTR_LE32, ctr, b->ct + off, b->pt + off, nb);
        memcpy(ref, c0, 16);
        for (i = 0; i < nb; i++) {
            TU_CHECK(rijn_aes_encrypt_blocks(&a, blk, ref, 1) == RIJN_OK, "ecb");
            rijn_xor(b->want + 16 * i, b->pt + off + 16 * i, blk, 16);
            rijn_store32_le(ref, rijn_load32_le(ref) + 1u);
        }
        snprintf(what, sizeof what, "ctr le32 %s nb %u", impl, (unsigned)nb);
        TU_EQ(b->ct + off, b->want, 16 * nb, what);
        TU_EQ(ctr, ref, 16, what);
        rijn_aes_wipe(&a);
    }
}

/* GCM-SIV seal/open on every AES class agree with the first class, text
 * 0..70 blocks and ragged lengths. */
static void gcmsiv_run(const char *impl, void *arg)
{
    const bufs *b = (const bufs *)arg;
    static uint8_t ref[16 * 72 + 16];
    static int calls;
    int record = calls++ == 0; /* the first class gives the reference */
    size_t len;
    for (len = 0; len <= 16 * 70 + 5; len += tu_quick() ? 29 : 7) {
        uint8_t key[32], nonce[12], aad[20], tag[16];
        rijn_gcmsiv_ctx c;
        char what[64];
        int r;
        tu_rand_seed(0x51u + len);
        tu_rand_bytes(key, 32);
        tu_rand_bytes(nonce, 12);
        tu_rand_bytes(aad, sizeof aad);
        tu_rand_bytes(b->pt, len);
        snprintf(what, sizeof what, "gcm-siv %s len %u", impl, (unsigned)len);
        TU_CHECK(rijn_gcmsiv_init(&c, key, 16 + 16 * (len % 2)) == RIJN_OK, "%s: init", what);
        r = rijn_gcmsiv_seal(&c, b->ct + 1, tag, 16, nonce, 12, aad, sizeof aad, b->pt, len);
        TU_CHECK(r == RIJN_OK, "%s: seal %d", what, r);
        r = rijn_gcmsiv_open(&c, b->ct + 1, tag, 16, nonce, 12, aad, sizeof aad, b->ct + 1, len);
        TU_CHECK(r == RIJN_OK, "%s: open %d", what, r);
        TU_EQ(b->ct + 1, b->pt, len, what);
        /* a digest of every (len, tag) is compared across classes */
        if (len / 7 < sizeof ref / 16) {
            if (record)
                memcpy(ref + 16 * (len / 7), tag, 16);
            else
                TU_EQ(tag, ref + 16 * (len / 7), 16, what);
        }
        rijn_gcmsiv_wipe(&c);
    }
}

/* OpenSSL AES-OCB seal, 12-byte nonce, 16-byte tag; 0 on success. */
static int ossl_ocb(const uint8_t *key, size_t klen, const uint8_t *nonce, const uint8_t *aad,
                    size_t alen, uint8_t *out, const uint8_t *in, size_t len, uint8_t tag[16])
{
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int l = 0, l2 = 0, ok;
    ok = x != NULL &&
         EVP_EncryptInit_ex(x, klen == 16 ? EVP_aes_128_ocb() : EVP_aes_256_ocb(), NULL, NULL,
                            NULL) == 1 &&
         EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL) == 1 &&
         EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, NULL) == 1 &&
         EVP_EncryptInit_ex(x, NULL, NULL, key, nonce) == 1 &&
         (alen == 0 || EVP_EncryptUpdate(x, NULL, &l, aad, (int)alen) == 1) &&
         EVP_EncryptUpdate(x, out, &l, in, (int)len) == 1 &&
         EVP_EncryptFinal_ex(x, out + l, &l2) == 1 &&
         EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag) == 1;
    EVP_CIPHER_CTX_free(x);
    return ok ? 0 : -1;
}

/* OCB3: every AES class, 0..70 blocks (+ partial), then 260 blocks (block
 * 256 takes L_8, past the key's table, in whichever pass of the 32-, 16- or
 * 8-block kernels the CPU mask leaves), unaligned and in place, seal
 * against OpenSSL, open of OpenSSL's output, forged tag. */
#define OCB_LONG (16 * 260 + 7)
static size_t ocb_next(size_t len)
{
    if (len < 16 * 70 + 15)
        return len + (tu_quick() ? 23 : 5);
    return len < OCB_LONG ? OCB_LONG : OCB_LONG + 1;
}

static void ocb_run(const char *impl, void *arg)
{
    const bufs *b = (const bufs *)arg;
    size_t klen, len;
    for (klen = 16; klen <= 32; klen += 16) {
        for (len = 0; len <= OCB_LONG; len = ocb_next(len)) {
            uint8_t key[32], nonce[12], aad[24], tag[16], wtag[16];
            rijn_ocb_ctx c;
            size_t oin = len % 3, oout = (len / 3) % 5, alen = len % 25;
            char what[80];
            int r;
            tu_rand_bytes(key, klen);
            tu_rand_bytes(nonce, 12);
            tu_rand_bytes(aad, alen);
            tu_rand_bytes(b->pt + oin, len);
            snprintf(what, sizeof what, "ocb %s aes-%u len %u", impl, (unsigned)(8 * klen),
                     (unsigned)len);
            TU_CHECK(ossl_ocb(key, klen, nonce, aad, alen, b->want, b->pt + oin, len, wtag) == 0,
                     "%s: openssl", what);
            TU_CHECK(rijn_ocb_init(&c, key, klen) == RIJN_OK, "%s: init", what);
            r = rijn_ocb_seal(&c, b->ct + oout, tag, 16, nonce, 12, aad, alen, b->pt + oin, len);
            TU_CHECK(r == RIJN_OK, "%s: seal %d", what, r);
            TU_EQ(b->ct + oout, b->want, len, what);
            TU_EQ(tag, wtag, 16, what);
            memcpy(b->buf + oin, b->want, len);
            r = rijn_ocb_open(&c, b->buf + oin, wtag, 16, nonce, 12, aad, alen, b->buf + oin, len);
            TU_CHECK(r == RIJN_OK, "%s: open in place %d", what, r);
            TU_EQ(b->buf + oin, b->pt + oin, len, what);
            wtag[0] ^= 0x20;
            r = rijn_ocb_open(&c, b->buf + oout, wtag, 16, nonce, 12, aad, alen, b->want, len);
            TU_CHECK(r == RIJN_ERR_AUTH, "%s: forged %d", what, r);
            rijn_ocb_wipe(&c);
        }
    }
}


int main(int argc, char **argv)
{
    bufs b;
    (void)argc;
    tu_rand_seed(0x5eed9a7u);
    printf("# cpu features 0x%x\n", (unsigned)rijn_i_cpu_features());
    b.pt = malloc(TMAX);
    b.ct = malloc(TMAX);
    b.buf = malloc(TMAX);
    b.want = malloc(TMAX);
    if (b.pt == NULL || b.ct == NULL || b.buf == NULL || b.want == NULL)
        return 1;
    ghash_paths();
    tu_for_each_impl(per_aes, &b);
    tu_for_each_impl(xts_run, &b);
    tu_for_each_impl(ctr_le32_run, &b);
    tu_for_each_impl(gcmsiv_run, &b);
    tu_for_each_impl(ocb_run, &b);
    free(b.pt);
    free(b.ct);
    free(b.buf);
    free(b.want);
    if (!tu_rerun_is_child("RIJN_PERF_CHILD")) {
        tu_rerun_masked(argv, ~RIJN_CPU_AVX512, "no AVX-512", "RIJN_PERF_CHILD");
        tu_rerun_masked(argv, ~(RIJN_CPU_AVX512 | RIJN_CPU_VAES | RIJN_CPU_VPCLMUL),
                     "no VAES / VPCLMULQDQ: 128-bit paths", "RIJN_PERF_CHILD");
        tu_rerun_masked(argv, 0, "no extensions: software classes", "RIJN_PERF_CHILD");
    }
    return tu_finish();
}
