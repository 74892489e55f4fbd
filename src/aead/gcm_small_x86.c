/*
 * gcm_small_x86.c -- AES-GCM seal/open of short messages in registers
 * (an AES class with AES-NI round keys, x86ni, with the pclmul or
 * vpclmul512 GHASH class, 12-byte nonce, text and AAD of at most
 * RIJN_I_GCM_SMALL bytes each).
 *
 * Implementation notes
 *   Per-call cost is what matters at 16-64 bytes, so this path skips the
 *   message core (gcm.c): J0 = nonce || 1 and the counters J0+1..J0+4 are
 *   built in registers (byte 15 only: 1 + 4 never carries) and encrypted
 *   in one 5-block AES-NI pass; AAD and text go through 64-byte stack
 *   buffers (zero padded, wiped), and GHASH runs over the blocks AAD ||
 *   C || lengths with aggregated reduction: up to eight blocks per
 *   reduction with H^8..H^1 (one reduction unless AAD and text are both
 *   over 48 bytes), read from the GHASH class's key material
 *   (pclmul: H^i at words 2(i-1); vpclmul512: at words 2(16-i)). The
 *   reduction is the shift-based one of ghash_pclmul.c ("V" form, blocks
 *   byte-reversed).
 *   open: GHASH over the ciphertext, tag compared with rijn_ct_equal, and
 *   only on a match the plaintext is written; otherwise out is zeroed.
 *   Constant time: AES-NI and PCLMULQDQ; branches and buffer offsets
 *   depend on lengths only.
 *   Vectors: every GCM test with a 12-byte nonce and short text runs here
 *   when the CPU has AES-NI (CAVP, Wycheproof, tests/gcm/test_gcm_diff.c);
 *   tests/core/test_perf_paths.c checks 0..529-byte texts with 0..36-byte AAD
 *   unaligned and in place against OpenSSL per class.
 */
#include "gcm_i.h"
#include "ghash.h"
#include "aes/aesni.h"

#if RIJN_I_AES_RK_AESNI && RIJN_CFG_GHASH_PCLMUL

#define TGT __attribute__((target("aes,pclmul,sse2,ssse3,sse4.1")))
#define INL static inline __attribute__((always_inline, target("aes,pclmul,sse2,ssse3,sse4.1")))
#define GCM_CLMUL_INL INL
#include "gcm_clmul_x86.h"

int rijn_i_gcm_small_ok(const rijn_gcm_ctx *k)
{
    /* the AES-NI layout: x86ni, which runs only with AES-NI + SSSE3 */
    if (!rijn_i_aes_rk_aesni(&k->aes))
        return 0;
#if RIJN_GCM_HKEY_WORDS >= 32
    if (k->gh == &rijn_i_ghash_vpclmul512)
        return 2;
#endif
    return (k->gh->flags & RIJN_I_GHASH_HK_PCLMUL) ? 1 : 0;
}

INL __m128i bswap(__m128i x)
{
    return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

INL void mul_acc(__m128i a, __m128i b, __m128i *lo, __m128i *mid, __m128i *hi)
{
    *lo = _mm_xor_si128(*lo, _mm_clmulepi64_si128(a, b, 0x00));
    *hi = _mm_xor_si128(*hi, _mm_clmulepi64_si128(a, b, 0x11));
    *mid = _mm_xor_si128(*mid, _mm_clmulepi64_si128(a, b, 0x01));
    *mid = _mm_xor_si128(*mid, _mm_clmulepi64_si128(a, b, 0x10));
}

/* y <- GHASH of the m blocks x (V form), h[i] = H^(i+1): one reduction
 * for up to 8 blocks (a short first group, then groups of 8). */
INL __m128i ghash_v(const __m128i h[8], __m128i y, const __m128i *x, unsigned m)
{
    unsigned i = 0;
    while (i < m) {
        unsigned r = (m - i) % 8 != 0 ? (m - i) % 8 : 8, j;
        __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
        mul_acc(_mm_xor_si128(y, x[i]), h[r - 1], &lo, &mid, &hi);
        for (j = 1; j < r; j++)
            mul_acc(x[i + j], h[r - 1 - j], &lo, &mid, &hi);
        y = gcx_reduce(lo, mid, hi);
        i += r;
    }
    return y;
}

static const uint8_t mask_src[32] = {
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
};

/* The whole message: ks = E(J0), E(J0+1), ...; x = AAD || C || lengths
 * in V form. dec: in is the ciphertext. Returns the full tag in t;
 * text (the other side of the XOR) in txt[0..64). */
TGT static void small_core(const rijn_gcm_ctx *k, int kind, const uint8_t *nonce,
                           const uint8_t *aad, size_t alen, const uint8_t *in, size_t len,
                           int dec, uint8_t txt[64], uint8_t t[16])
{
    const uint8_t *ek = rijn_i_aes_rk_enc(&k->aes);
    const uint64_t *hk = k->hkey;
    uint8_t buf[64], j0[16];
    __m128i ks[5], x[9], h[8], y;
    unsigned na = (unsigned)((alen + 15) / 16), nt = (unsigned)((len + 15) / 16), i, m = 0;
    RIJN_UNROLL for (i = 0; i < 8; i++)
        h[i] = x86ni_ld((const uint8_t *)(hk + (kind == 1 ? 2 * i : 2 * (15 - i))));
    memcpy(j0, nonce, 12);
    j0[12] = 0;
    j0[13] = 0;
    j0[14] = 0;
    j0[15] = 1;
    ks[0] = x86ni_ld(j0);
    RIJN_UNROLL for (i = 1; i < 5; i++)
        ks[i] = _mm_add_epi32(ks[0], _mm_set_epi32((int)(i << 24), 0, 0, 0));
    x86ni_encn(ks, 5, ek, k->aes.rounds);
    if (na != 0) {
        memset(buf, 0, sizeof buf);
        memcpy(buf, aad, alen);
        for (i = 0; i < na; i++)
            x[m++] = bswap(x86ni_ld(buf + 16 * i));
    }
    memset(buf, 0, sizeof buf);
    if (len != 0)
        memcpy(buf, in, len);
    for (i = 0; i < nt; i++) {
        __m128i b = x86ni_ld(buf + 16 * i), o = _mm_xor_si128(b, ks[i + 1]);
        if (i == nt - 1 && len % 16 != 0)
            o = _mm_and_si128(o, x86ni_ld(mask_src + 16 - len % 16));
        x86ni_st(txt + 16 * i, o);
        x[m++] = bswap(dec ? b : o);
    }
    {
        uint8_t lb[16]; /* lengths block: bit counts, big-endian */
        rijn_store64_be(lb, (uint64_t)alen << 3);
        rijn_store64_be(lb + 8, (uint64_t)len << 3);
        x[m++] = bswap(x86ni_ld(lb));
    }
    y = ghash_v(h, _mm_setzero_si128(), x, m);
    x86ni_st(t, _mm_xor_si128(bswap(y), ks[0]));
    rijn_wipe(buf, sizeof buf);
}

int rijn_i_gcm_seal_small(const rijn_gcm_ctx *k, int kind, uint8_t *out, uint8_t *tag,
                          size_t tag_len, const uint8_t *nonce, const uint8_t *aad,
                          size_t aad_len, const uint8_t *in, size_t len)
{
    uint8_t txt[64], t[16];
    small_core(k, kind, nonce, aad, aad_len, in, len, 0, txt, t);
    if (len != 0)
        memcpy(out, txt, len);
    memcpy(tag, t, tag_len);
    rijn_wipe(t, sizeof t);
    return RIJN_OK;
}

/* 1 if the first tag_len bytes of t and tag agree: one XOR, a mask and a
 * test over 16 bytes, no branch on the data (tag_len 4..16 is public). */
TGT static int tag_ok(const uint8_t t[16], const uint8_t *tag, size_t tag_len)
{
    uint8_t tb[16] = {0};
    __m128i d;
    memcpy(tb, tag, tag_len);
    d = _mm_xor_si128(x86ni_ld(t), x86ni_ld(tb));
    d = _mm_and_si128(d, x86ni_ld(mask_src + 16 - tag_len));
    return _mm_testz_si128(d, d);
}

int rijn_i_gcm_open_small(const rijn_gcm_ctx *k, int kind, uint8_t *out, const uint8_t *tag,
                          size_t tag_len, const uint8_t *nonce, const uint8_t *aad,
                          size_t aad_len, const uint8_t *in, size_t len)
{
    uint8_t txt[64], t[16];
    int ok;
    small_core(k, kind, nonce, aad, aad_len, in, len, 1, txt, t);
    ok = tag_ok(t, tag, tag_len);
    if (len != 0) {
        if (ok)
            memcpy(out, txt, len);
        else
            rijn_wipe(out, len);
    }
    rijn_wipe(txt, sizeof txt);
    rijn_wipe(t, sizeof t);
    return ok ? RIJN_OK : RIJN_ERR_AUTH;
}

#endif
