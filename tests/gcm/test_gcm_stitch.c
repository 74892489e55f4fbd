/*
 * test_gcm_stitch.c -- AES-GCM around the unroll boundaries of the
 * stitched CTR + GHASH kernels (8 blocks per iteration on 128-bit
 * registers, 16 on 256-bit ones, 64 on 512-bit ones) against OpenSSL's EVP aes-*-gcm:
 *   - every text length 0..529 (8 x 64 + 17), then n x 128 + {-17, -16,
 *     -15, -1, 0, 1, 15, 16, 17} up to 20 x 128 and a few long texts;
 *     AES-128/192/256, 12-byte and other nonces, AAD 0..22 bytes;
 *   - seal/open with unaligned in and out (texts from 4 KiB on: inputs
 *     16- but not 64-byte aligned; from 48 KiB on gcm.c peels 1..3 blocks
 *     to align them), in
 *     place, a forged tag (open fails and zeroes out), streaming with odd split points (encrypt, and
 *     decrypt in place);
 *   - 32-bit counters about to wrap (secret and public counter modes),
 *     and public counters from every low byte (20 iterations of 64
 *     blocks), against the unstitched message core (same AES class,
 *     ct64/ct32 GHASH) through the internal rijn_i_gcm_text;
 * on every AES class x every GHASH class; then again (fork + exec) with
 * RIJN_CPU_MASK hiding AVX-512, hiding VAES / VPCLMULQDQ, hiding AVX
 * (the SSE build of the 128-bit kernel) and hiding everything.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "aead/gcm_i.h"
#include "core/cpu.h"
#include "test_gcm_util.h"
#include "tu_ossl.h"

#define TMAX (70000 + 64)

typedef struct {
    uint8_t *pt, *ct, *buf, *want;
    const char *impl;
    int is_hw; /* a class with a stitched GCM kernel: dense lengths */
} bufs;

/* The context at two placements, its power table (hpow) 64-byte aligned
 * and 8 bytes off: from 2048 blocks the VAES-512 kernel reads a cache-line
 * aligned copy of a misaligned table, an aligned one in place; both
 * against OpenSSL, seal and open. */
static void placed(const bufs *b, const char *who)
{
#if RIJN_GCM_HPOW_WORDS
    size_t len = 16 * 2048 + 37, x;
    uint8_t *raw = malloc(sizeof(rijn_gcm_ctx) + 128);
    uint8_t key[32], iv[12], tag[16], wtag[16];
    if (raw == NULL) {
        TU_CHECK(0, "%s: malloc", who);
        return;
    }
    for (x = 0; x < 16; x += 8) {
        size_t at = (size_t)(64u - (uintptr_t)raw % 64u) % 64u +
                    (64u - offsetof(rijn_gcm_ctx, hpow) % 64u + x) % 64u;
        rijn_gcm_ctx *c = (rijn_gcm_ctx *)(void *)(raw + at);
        char what[96];
        snprintf(what, sizeof what, "%s: hpow at +%zu", who, ((uintptr_t)c->hpow) % 64u);
        tu_rand_bytes(key, sizeof key);
        tu_rand_bytes(iv, sizeof iv);
        tu_rand_bytes(b->pt, len);
        TU_CHECK(tu_ossl_gcm_seal(key, 32, iv, 12, NULL, 0, b->pt, len, b->want, wtag, 16),
                 "%s: OpenSSL", what);
        TU_CHECK(tg_gcm_init(c, key, 32) == RIJN_OK, "%s: init", what);
        TU_CHECK(rijn_gcm_seal(c, b->ct, tag, 16, iv, 12, NULL, 0, b->pt, len) == RIJN_OK,
                 "%s: seal", what);
        TU_EQ(b->ct, b->want, len, what);
        TU_EQ(tag, wtag, 16, what);
        TU_CHECK(rijn_gcm_open(c, b->buf, wtag, 16, iv, 12, NULL, 0, b->want, len) == RIJN_OK,
                 "%s: open", what);
        TU_EQ(b->buf, b->pt, len, what);
        rijn_gcm_wipe(c);
    }
    free(raw);
#else
    (void)b;
    (void)who;
#endif
}

/* Odd pieces: sizes that straddle the 8-, 16- and 64-block boundaries. */
static size_t piece(size_t left)
{
    static const size_t sz[] = {1, 7, 15, 16, 17, 113, 127, 128, 129, 143, 255, 257, 511, 512,
                                513, 527, 1023, 2049, 1024, 1025, 1040, 1039};
    size_t k = tu_rand_below(4) == 0 ? tu_rand_below(left + 1) : sz[tu_rand_below(22)];
    return k > left ? left : k;
}

typedef int (*upd_fn)(rijn_gcm_ctx *c, uint8_t *out, const uint8_t *in, size_t n);

static int stream(rijn_gcm_ctx *c, upd_fn fn, uint8_t *out, const uint8_t *in, size_t len)
{
    size_t off = 0;
    while (off < len) {
        size_t k = piece(len - off);
        if (fn(c, out + off, in + off, k) != RIJN_OK)
            return -1;
        off += k;
    }
    return 0;
}

static void one(const bufs *b, size_t klen, size_t len, size_t alen, size_t ivl, const char *who)
{
    uint8_t key[32], iv[20], aad[32], tag[16], wtag[16], gtag[16];
    size_t oin = tu_rand_below(16), oout = tu_rand_below(16), i, nz = 0;
    static unsigned turn;
    if (len >= 4096) { /* inputs 16- but not 64-byte aligned (gcm.c's peel from 48 KiB) */
        oin = (size_t)((16u * (1u + turn % 3u) - (uintptr_t)b->pt) & 63u);
        oout = (size_t)((16u * (1u + (turn + 1u) % 3u) - (uintptr_t)b->ct) & 63u);
        turn++;
    }
    rijn_gcm_ctx c;
    char what[128];
    int r;
    snprintf(what, sizeof what, "%s k%zu len %zu aad %zu iv %zu in+%zu out+%zu", who, klen, len,
             alen, ivl, oin, oout);
    tu_rand_bytes(key, klen);
    tu_rand_bytes(iv, ivl);
    tu_rand_bytes(aad, alen);
    tu_rand_bytes(b->pt + oin, len);
    if (!tu_ossl_gcm_seal(key, klen, iv, ivl, aad, alen, b->pt + oin, len, b->want, wtag, 16)) {
        TU_CHECK(0, "%s: OpenSSL", what);
        return;
    }
    TU_CHECK(tg_gcm_init(&c, key, klen) == RIJN_OK, "%s: init", what);
    r = rijn_gcm_seal(&c, b->ct + oout, tag, 16, iv, ivl, aad, alen, b->pt + oin, len);
    TU_CHECK(r == RIJN_OK, "%s: seal %d", what, r);
    TU_EQ(b->ct + oout, b->want, len, what);
    TU_EQ(tag, wtag, 16, what);
    memcpy(b->buf + oin, b->pt + oin, len); /* in place */
    r = rijn_gcm_seal(&c, b->buf + oin, tag, 16, iv, ivl, aad, alen, b->buf + oin, len);
    TU_CHECK(r == RIJN_OK, "%s: seal in place %d", what, r);
    TU_EQ(b->buf + oin, b->want, len, what);
    TU_EQ(tag, wtag, 16, what);
    r = rijn_gcm_open(&c, b->buf + oout, wtag, 16, iv, ivl, aad, alen, b->ct + oout, len);
    TU_CHECK(r == RIJN_OK, "%s: open %d", what, r);
    TU_EQ(b->buf + oout, b->pt + oin, len, what);
    memcpy(b->buf + oin, b->want, len);
    r = rijn_gcm_open(&c, b->buf + oin, wtag, 16, iv, ivl, aad, alen, b->buf + oin, len);
    TU_CHECK(r == RIJN_OK, "%s: open in place %d", what, r);
    TU_EQ(b->buf + oin, b->pt + oin, len, what);
    memcpy(gtag, wtag, 16);
    wtag[tu_rand_below(16)] ^= 0x04;
    r = rijn_gcm_open(&c, b->buf + oout, wtag, 16, iv, ivl, aad, alen, b->want, len);
    for (i = 0; i < len; i++)
        nz |= b->buf[oout + i];
    TU_CHECK(r == RIJN_ERR_AUTH && nz == 0, "%s: forged tag %d", what, r);
    /* streaming: encrypt to an unaligned buffer, decrypt in place */
    TU_CHECK(rijn_gcm_start(&c, iv, ivl) == RIJN_OK && rijn_gcm_aad(&c, aad, alen) == RIJN_OK &&
                 stream(&c, rijn_gcm_encrypt_update, b->ct + oout, b->pt + oin, len) == 0 &&
                 rijn_gcm_encrypt_final(&c, tag, 16) == RIJN_OK,
             "%s: stream enc", what);
    TU_EQ(b->ct + oout, b->want, len, what);
    TU_EQ(tag, gtag, 16, what);
    TU_CHECK(rijn_gcm_start(&c, iv, ivl) == RIJN_OK && rijn_gcm_aad(&c, aad, alen) == RIJN_OK &&
                 stream(&c, rijn_gcm_decrypt_update, b->ct + oout, b->ct + oout, len) == 0 &&
                 rijn_gcm_decrypt_final(&c, gtag, 16) == RIJN_OK,
             "%s: stream dec", what);
    TU_EQ(b->ct + oout, b->pt + oin, len, what);
    rijn_gcm_wipe(&c);
}

static void lengths(const char *gname, void *arg)
{
    const bufs *b = (const bufs *)arg;
    static const size_t ivls[] = {12, 12, 12, 1, 16, 20};
    int q = tu_quick();
    size_t len, n, d, step = b->is_hw ? (q ? 7 : 1) : (q ? 61 : 13), cnt = 0;
    char who[64];
    snprintf(who, sizeof who, "%s/%s", b->impl, gname);
    for (len = 0; len <= 8 * 64 + 17; len += step, cnt++)
        one(b, 16 + 8 * (len % 3), len, len % 5 == 0 ? 0 : len % 23, ivls[len % 6], who);
    for (n = 1; n <= 20; n += (q || !b->is_hw) ? 3 : 1)
        for (d = 0; d < 9; d++) {
            static const int dl[] = {-17, -16, -15, -1, 0, 1, 15, 16, 17};
            len = (size_t)((int)(n * 128) + dl[d]);
            one(b, 16 + 8 * ((n + d) % 3), len, (n + d) % 4 == 0 ? 0 : 13, ivls[(n + d) % 6],
                who);
            cnt++;
        }
    one(b, 32, 16384 + 5, 20, 12, who);
    one(b, 24, 49152 + 16 * 3 + 9, 4, 12, who); /* the peel of gcm.c's ALIGN_MIN */
    placed(b, who);
    /* 64-block iterations from 128 blocks, then rests of 32 and 48 (an
     * 8-block and a 4-block iteration) blocks */
    one(b, 16, 16 * 288 + 7, 5, 12, who);
    one(b, 32, 16 * 176 + 9, 3, 12, who);
    one(b, 24, 16 * 352 + 15, 0, 16, who);
    one(b, 32, 16 * 416 + 1, 9, 12, who);
    if (!q)
        one(b, 16, 65536 + 3, 7, 12, who);
    cnt += 11;
    printf("  %s: %zu messages\n", who, cnt);
}

/* The AES class of the next runs (impl), and whether it has a stitched kernel. */
static void set_impl(bufs *b, const char *impl)
{
    b->impl = impl;
    b->is_hw = strncmp(impl, "x86ni", 5) == 0 || strcmp(impl, "armce") == 0;
}

static void per_aes(const char *impl, void *arg)
{
    set_impl((bufs *)arg, impl);
    tg_for_each_ghash(lengths, arg);
    tu_context = impl;
}

/* One message through the message core of c (the GHASH class under test)
 * and of cr (a software class, never stitched), same AES class, from the
 * 32-bit counter `start` in counter mode `mode` (public or secret), `dir`
 * (1 = encrypt): an odd first piece of off bytes, then the rest in one call. */
static void core_vs_ref(bufs *b, const rijn_gcm_ctx *c, const rijn_gcm_ctx *cr,
                        const uint8_t nonce[12], uint32_t start, size_t mode, size_t dir,
                        size_t len, size_t off, const char *what)
{
    rijn_gcm_msg m, mr;
    unsigned how = dir ? RIJN_I_GCM_ENC : RIJN_I_GCM_DEC;
    tu_rand_bytes(b->pt, len + off);
    rijn_i_gcm_start(c, &m, nonce, 12);
    rijn_i_gcm_start(cr, &mr, nonce, 12);
    m.ctr[12] = mr.ctr[12] = (uint8_t)(start >> 24);
    m.ctr[13] = mr.ctr[13] = (uint8_t)(start >> 16);
    m.ctr[14] = mr.ctr[14] = (uint8_t)(start >> 8);
    m.ctr[15] = mr.ctr[15] = (uint8_t)start;
    m.ctr_mode = mr.ctr_mode = mode ? RIJN_I_CTR_BE32_SECRET : RIJN_I_CTR_BE32;
    rijn_i_gcm_end_aad(c, &m, dir ? RIJN_I_AEAD_ENC : RIJN_I_AEAD_DEC);
    rijn_i_gcm_end_aad(cr, &mr, dir ? RIJN_I_AEAD_ENC : RIJN_I_AEAD_DEC);
    rijn_i_gcm_text(c, &m, b->ct, b->pt, off, how);
    rijn_i_gcm_text(c, &m, b->ct + off, b->pt + off, len - off, how);
    rijn_i_gcm_text(cr, &mr, b->want, b->pt, len, how);
    TU_EQ(b->ct, b->want, len, what);
    TU_EQ(m.y, mr.y, 16, what);
    TU_EQ(m.ctr, mr.ctr, 16, what);
    TU_EQ(m.ks, mr.ks, 16, what);
}

/* Counters about to wrap mod 2^32 (a secret J0 can be anywhere), then
 * (stitched classes) a public counter from every low byte: the VAES-512
 * kernel takes round 0 from a table made per call from the low byte mod
 * 64 and bit 6 (gcm_stitch_vaes512.c, ctr_diffs), so 20 iterations of 64
 * blocks from each start reach every low byte with both tables and the
 * iterations that carry out of it. */
static void wrap_one(const char *gname, void *arg)
{
    bufs *b = (bufs *)arg;
    static const uint32_t starts[] = {0xFFFFFFFFu, 0xFFFFFFF9u, 0xFFFFFFF0u, 0xFFFFFFE3u,
                                      0xFFFFFF80u};
    const rijn_i_ghash_impl *soft;
    const char *ref = rijn_i_ghash_get("ct64", &soft) == RIJN_OK ? "ct64" : "ct32";
    uint8_t key[32], nonce[12];
    rijn_gcm_ctx c, cr;
    size_t si, mode, dir;
    unsigned lb;
    char what[96];
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(nonce, sizeof nonce);
    TU_CHECK(rijn_gcm_init(&cr, key, 32) == RIJN_OK && rijn_i_gcm_use_ghash(&cr, ref) == RIJN_OK,
             "ref init");
    TU_CHECK(rijn_gcm_init(&c, key, 32) == RIJN_OK && rijn_i_gcm_use_ghash(&c, gname) == RIJN_OK,
             "init %s", gname);
    for (si = 0; si < 5; si++)
        for (mode = 0; mode < 2; mode++)
            for (dir = 0; dir < 2; dir++) {
                snprintf(what, sizeof what, "wrap %s/%s from %08x mode %zu dir %zu", b->impl,
                         gname, (unsigned)starts[si], mode, dir);
                core_vs_ref(b, &c, &cr, nonce, starts[si], mode, dir,
                            16 * (8 + 32 * si) + 16 * si + 3, 1 + si, what);
            }
    for (lb = 0; b->is_hw && lb < 256; lb += tu_quick() ? 5 : 1)
        for (dir = 0; dir < 2; dir++) {
            snprintf(what, sizeof what, "low byte %s/%s from %02x dir %zu", b->impl, gname, lb,
                     dir);
            core_vs_ref(b, &c, &cr, nonce, 0x12345600u + lb, 0, dir, 16 * 64 * 20 + 16, 16,
                        what);
        }
    rijn_gcm_wipe(&c);
    rijn_gcm_wipe(&cr);
}

static void wrap_aes(const char *impl, void *arg)
{
    set_impl((bufs *)arg, impl);
    tg_for_each_ghash(wrap_one, arg);
    tu_context = impl;
}


int main(int argc, char **argv)
{
    bufs b;
    (void)argc;
    tu_rand_seed(0x57175c4u);
    printf("# cpu features 0x%x\n", (unsigned)rijn_i_cpu_features());
    b.pt = malloc(TMAX);
    b.ct = malloc(TMAX);
    b.buf = malloc(TMAX);
    b.want = malloc(TMAX);
    if (b.pt == NULL || b.ct == NULL || b.buf == NULL || b.want == NULL)
        return 1;
    tu_for_each_impl(per_aes, &b);
    tu_for_each_impl(wrap_aes, &b);
    free(b.pt);
    free(b.ct);
    free(b.buf);
    free(b.want);
    if (!tu_rerun_is_child("RIJN_STITCH_CHILD")) {
        tu_rerun_masked(argv, ~RIJN_CPU_AVX512, "no AVX-512", "RIJN_STITCH_CHILD");
        tu_rerun_masked(argv, ~(RIJN_CPU_AVX512 | RIJN_CPU_VAES | RIJN_CPU_VPCLMUL),
                     "no VAES / VPCLMULQDQ: the 128-bit stitched kernel", "RIJN_STITCH_CHILD");
        tu_rerun_masked(argv,
                     ~(RIJN_CPU_AVX | RIJN_CPU_AVX2 | RIJN_CPU_AVX512 | RIJN_CPU_VAES |
                       RIJN_CPU_VPCLMUL),
                     "no AVX: the SSE build of the 128-bit kernel", "RIJN_STITCH_CHILD");
        tu_rerun_masked(argv, 0, "no extensions: software classes", "RIJN_STITCH_CHILD");
    }
    return tu_finish();
}
