/*
 * poly1305_x86.c -- Poly1305 blocks on AVX2: eight blocks per step in two
 * 4-lane accumulators of 26-bit limbs; on AVX-512F sixteen blocks per
 * step in two 8-lane accumulators (same scheme, r^16).
 *
 * Implementation notes
 *   Layout: the same five 26-bit limbs as poly1305.c, one 64-bit lane per
 *   limb per accumulator. Lanes accumulate every eighth block: with n
 *   blocks (n a multiple of 8) block k must end up multiplied by
 *   r^(n - k), so each step computes lane = (lane + block) * r^8, except
 *   the last, which multiplies each lane by r^(8 - its position) and then
 *   all lanes are added. The incoming accumulator h enters lane 0 with
 *   block 0. Message words are split without a cross-lane permute, so the
 *   lanes of the first register hold blocks 0, 2, 1, 3 and of the second
 *   4, 6, 5, 7; the final multipliers follow that order.
 *   Bounds: limbs enter a product below 2^27 (h below 2^26 + small carry,
 *   plus a 26-bit message limb), r limbs below 2^26 and 5 r_i below 2^29:
 *   each of the five products < 2^56, sums < 2^59 (VPMULUDQ 32x32->64).
 *   The carry chain after each multiply is the one of poly1305.c.
 *   r^2..r^8 are computed per call in scalar code (about 50 ns; used only
 *   from 256 bytes up).
 *   Constant time: multiplies, adds, shifts and masks only, no branch on
 *   data. Built with a per-function target attribute. Two registry
 *   entries (core/registry.h, listed in poly1305.c): "avx512" (AVX2 +
 *   AVX-512: sixteen-block groups from 512 bytes, then eight-block ones
 *   from 256) and "avx2" (eight-block groups from 256 bytes); a context
 *   binds one at init, RIJN_CPU_MASK hides them.
 *   Vectors: RFC 8439, the cryptography-vectors and Wycheproof files and
 *   the OpenSSL differential, all run with and without AVX2
 *   (tests/aead/test_chachapoly.c, tests/stream/test_chacha_paths.c,
 *   tests/mac/test_poly1305_radix32.c).
 */
#include "internal.h"
#include "mac_i.h"

#if RIJN_I_POLY1305_X86
#include <immintrin.h>

#define M26 0x3ffffffu

#define mul26 rijn_i_poly1305_mul26 /* mac_i.h */

#define AVX2 __attribute__((target("avx2")))

/* h = h * (r, s = 5r) lane-wise, partially carried. */
#define MULRED(h, r, s)                                                                 \
    do {                                                                                \
        __m256i d0, d1, d2, d3, d4, c;                                                  \
        d0 = _mm256_add_epi64(                                                          \
            _mm256_add_epi64(_mm256_mul_epu32(h[0], r[0]), _mm256_mul_epu32(h[1], s[4])), \
            _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(h[2], s[3]),             \
                                              _mm256_mul_epu32(h[3], s[2])),            \
                             _mm256_mul_epu32(h[4], s[1])));                            \
        d1 = _mm256_add_epi64(                                                          \
            _mm256_add_epi64(_mm256_mul_epu32(h[0], r[1]), _mm256_mul_epu32(h[1], r[0])), \
            _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(h[2], s[4]),             \
                                              _mm256_mul_epu32(h[3], s[3])),            \
                             _mm256_mul_epu32(h[4], s[2])));                            \
        d2 = _mm256_add_epi64(                                                          \
            _mm256_add_epi64(_mm256_mul_epu32(h[0], r[2]), _mm256_mul_epu32(h[1], r[1])), \
            _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(h[2], r[0]),             \
                                              _mm256_mul_epu32(h[3], s[4])),            \
                             _mm256_mul_epu32(h[4], s[3])));                            \
        d3 = _mm256_add_epi64(                                                          \
            _mm256_add_epi64(_mm256_mul_epu32(h[0], r[3]), _mm256_mul_epu32(h[1], r[2])), \
            _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(h[2], r[1]),             \
                                              _mm256_mul_epu32(h[3], r[0])),            \
                             _mm256_mul_epu32(h[4], s[4])));                            \
        d4 = _mm256_add_epi64(                                                          \
            _mm256_add_epi64(_mm256_mul_epu32(h[0], r[4]), _mm256_mul_epu32(h[1], r[3])), \
            _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(h[2], r[2]),             \
                                              _mm256_mul_epu32(h[3], r[1])),            \
                             _mm256_mul_epu32(h[4], r[0])));                            \
        c = _mm256_srli_epi64(d0, 26); d0 = _mm256_and_si256(d0, m26); d1 = _mm256_add_epi64(d1, c); \
        c = _mm256_srli_epi64(d3, 26); d3 = _mm256_and_si256(d3, m26); d4 = _mm256_add_epi64(d4, c); \
        c = _mm256_srli_epi64(d1, 26); d1 = _mm256_and_si256(d1, m26); d2 = _mm256_add_epi64(d2, c); \
        c = _mm256_srli_epi64(d4, 26); d4 = _mm256_and_si256(d4, m26);                  \
        d0 = _mm256_add_epi64(d0, _mm256_add_epi64(c, _mm256_slli_epi64(c, 2)));        \
        c = _mm256_srli_epi64(d2, 26); d2 = _mm256_and_si256(d2, m26); d3 = _mm256_add_epi64(d3, c); \
        c = _mm256_srli_epi64(d0, 26); d0 = _mm256_and_si256(d0, m26); d1 = _mm256_add_epi64(d1, c); \
        c = _mm256_srli_epi64(d3, 26); d3 = _mm256_and_si256(d3, m26); d4 = _mm256_add_epi64(d4, c); \
        h[0] = d0; h[1] = d1; h[2] = d2; h[3] = d3; h[4] = d4;                          \
    } while (0)

/* h += the four blocks at m (lanes: blocks 0, 2, 1, 3). */
#define ADDMSG(h, m)                                                                    \
    do {                                                                                \
        __m256i a = _mm256_loadu_si256((const __m256i *)(m));                           \
        __m256i b = _mm256_loadu_si256((const __m256i *)((m) + 32));                    \
        __m256i lo = _mm256_unpacklo_epi64(a, b), hi = _mm256_unpackhi_epi64(a, b);     \
        h[0] = _mm256_add_epi64(h[0], _mm256_and_si256(lo, m26));                       \
        h[1] = _mm256_add_epi64(h[1], _mm256_and_si256(_mm256_srli_epi64(lo, 26), m26)); \
        h[2] = _mm256_add_epi64(h[2], _mm256_and_si256(                                 \
            _mm256_or_si256(_mm256_srli_epi64(lo, 52), _mm256_slli_epi64(hi, 12)), m26)); \
        h[3] = _mm256_add_epi64(h[3], _mm256_and_si256(_mm256_srli_epi64(hi, 14), m26)); \
        h[4] = _mm256_add_epi64(h[4], _mm256_or_si256(_mm256_srli_epi64(hi, 40), hib)); \
    } while (0)

AVX2
static void blocks8(uint32_t hout[5], const uint32_t rp[9][5], const uint8_t *m, size_t n)
{
    const __m256i m26 = _mm256_set1_epi64x(M26), hib = _mm256_set1_epi64x(1 << 24);
    __m256i ha[5], hb[5], r8[5], s8[5], ra[5], sa[5], rb[5], sb[5];
    uint64_t t[4];
    int i;
    RIJN_UNROLL for (i = 0; i < 5; i++) {
        ha[i] = _mm256_setr_epi64x((long long)hout[i], 0, 0, 0);
        hb[i] = _mm256_setzero_si256();
        r8[i] = _mm256_set1_epi64x(rp[8][i]);
        s8[i] = _mm256_set1_epi64x((long long)rp[8][i] * 5);
        /* final multipliers: blocks 0, 2, 1, 3 -> r^8, r^6, r^7, r^5 */
        ra[i] = _mm256_setr_epi64x(rp[8][i], rp[6][i], rp[7][i], rp[5][i]);
        rb[i] = _mm256_setr_epi64x(rp[4][i], rp[2][i], rp[3][i], rp[1][i]);
        sa[i] = _mm256_add_epi64(ra[i], _mm256_slli_epi64(ra[i], 2));
        sb[i] = _mm256_add_epi64(rb[i], _mm256_slli_epi64(rb[i], 2));
    }
    for (; n > 8; n -= 8, m += 128) {
        ADDMSG(ha, m);
        ADDMSG(hb, m + 64);
        MULRED(ha, r8, s8);
        MULRED(hb, r8, s8);
    }
    ADDMSG(ha, m);
    ADDMSG(hb, m + 64);
    MULRED(ha, ra, sa);
    MULRED(hb, rb, sb);
    {
        uint64_t d[5];
        uint32_t cy;
        RIJN_UNROLL for (i = 0; i < 5; i++) {
            _mm256_storeu_si256((__m256i *)t, _mm256_add_epi64(ha[i], hb[i]));
            d[i] = t[0] + t[1] + t[2] + t[3];
        }
        RIJN_UNROLL for (i = 0; i < 4; i++) {
            d[i + 1] += d[i] >> 26;
            d[i] &= M26;
        }
        cy = (uint32_t)(d[4] >> 26);
        d[4] &= M26;
        d[0] += (uint64_t)cy * 5;
        d[1] += d[0] >> 26;
        d[0] &= M26;
        RIJN_UNROLL for (i = 0; i < 5; i++)
            hout[i] = (uint32_t)d[i];
        rijn_wipe(d, sizeof d);
    }
    rijn_wipe(t, sizeof t);
}

void rijn_i_poly1305_blocks_avx2(uint32_t h[5], const uint32_t r[5], const uint8_t *m,
                                 size_t nblocks)
{
    uint32_t rp[9][5];
    int i;
    memcpy(rp[1], r, sizeof rp[1]);
    for (i = 2; i <= 8; i++)
        mul26(rp[i], rp[i - 1], r);
    blocks8(h, (const uint32_t(*)[5])rp, m, nblocks);
    rijn_wipe(rp, sizeof rp);
}

/* The same on 512-bit registers (AVX-512F): sixteen blocks per step in
 * two 8-lane accumulators; lanes of the first hold blocks 0, 4, 1, 5, 2,
 * 6, 3, 7 of each group of 16 (the second 8 more). */
#define Z __attribute__((target("avx512f")))
#define ZMUL(a, b) _mm512_mul_epu32((a), (b))
#define ZADD(a, b) _mm512_add_epi64((a), (b))
#define ZCARRY(x, y)                                                                    \
    c = _mm512_srli_epi64(x, 26); x = _mm512_and_si512(x, m26); y = ZADD(y, c)
#define ZMULRED(h, r, s)                                                                \
    do {                                                                                \
        __m512i d0, d1, d2, d3, d4, c;                                                  \
        d0 = ZADD(ZADD(ZMUL(h[0], r[0]), ZMUL(h[1], s[4])),                             \
                  ZADD(ZADD(ZMUL(h[2], s[3]), ZMUL(h[3], s[2])), ZMUL(h[4], s[1])));    \
        d1 = ZADD(ZADD(ZMUL(h[0], r[1]), ZMUL(h[1], r[0])),                             \
                  ZADD(ZADD(ZMUL(h[2], s[4]), ZMUL(h[3], s[3])), ZMUL(h[4], s[2])));    \
        d2 = ZADD(ZADD(ZMUL(h[0], r[2]), ZMUL(h[1], r[1])),                             \
                  ZADD(ZADD(ZMUL(h[2], r[0]), ZMUL(h[3], s[4])), ZMUL(h[4], s[3])));    \
        d3 = ZADD(ZADD(ZMUL(h[0], r[3]), ZMUL(h[1], r[2])),                             \
                  ZADD(ZADD(ZMUL(h[2], r[1]), ZMUL(h[3], r[0])), ZMUL(h[4], s[4])));    \
        d4 = ZADD(ZADD(ZMUL(h[0], r[4]), ZMUL(h[1], r[3])),                             \
                  ZADD(ZADD(ZMUL(h[2], r[2]), ZMUL(h[3], r[1])), ZMUL(h[4], r[0])));    \
        ZCARRY(d0, d1); ZCARRY(d3, d4); ZCARRY(d1, d2);                                 \
        c = _mm512_srli_epi64(d4, 26); d4 = _mm512_and_si512(d4, m26);                  \
        d0 = ZADD(d0, ZADD(c, _mm512_slli_epi64(c, 2)));                                \
        ZCARRY(d2, d3); ZCARRY(d0, d1); ZCARRY(d3, d4);                                 \
        h[0] = d0; h[1] = d1; h[2] = d2; h[3] = d3; h[4] = d4;                          \
    } while (0)
#define ZADDMSG(h, m)                                                                   \
    do {                                                                                \
        __m512i a = _mm512_loadu_si512((const void *)(m));                              \
        __m512i b = _mm512_loadu_si512((const void *)((m) + 64));                       \
        __m512i lo = _mm512_unpacklo_epi64(a, b), hi = _mm512_unpackhi_epi64(a, b);     \
        h[0] = ZADD(h[0], _mm512_and_si512(lo, m26));                                   \
        h[1] = ZADD(h[1], _mm512_and_si512(_mm512_srli_epi64(lo, 26), m26));            \
        h[2] = ZADD(h[2], _mm512_and_si512(                                             \
            _mm512_or_si512(_mm512_srli_epi64(lo, 52), _mm512_slli_epi64(hi, 12)), m26)); \
        h[3] = ZADD(h[3], _mm512_and_si512(_mm512_srli_epi64(hi, 14), m26));            \
        h[4] = ZADD(h[4], _mm512_or_si512(_mm512_srli_epi64(hi, 40), hib));             \
    } while (0)

Z
static void blocks16(uint32_t hout[5], const uint32_t rp[17][5], const uint8_t *m, size_t n)
{
    static const uint8_t order[8] = {0, 4, 1, 5, 2, 6, 3, 7};
    const __m512i m26 = _mm512_set1_epi64(M26), hib = _mm512_set1_epi64(1 << 24);
    __m512i ha[5], hb[5], r16[5], s16[5], ra[5], sa[5], rb[5], sb[5];
    uint64_t t[8], d[5];
    uint32_t cy;
    int i, p;
    RIJN_UNROLL for (i = 0; i < 5; i++) {
        uint64_t fa[8], fb[8];
        for (p = 0; p < 8; p++) {
            fa[p] = rp[16 - order[p]][i];
            fb[p] = rp[8 - order[p]][i];
        }
        ha[i] = _mm512_setzero_si512();
        hb[i] = _mm512_setzero_si512();
        r16[i] = _mm512_set1_epi64(rp[16][i]);
        s16[i] = _mm512_set1_epi64((long long)rp[16][i] * 5);
        ra[i] = _mm512_loadu_si512((const void *)fa);
        rb[i] = _mm512_loadu_si512((const void *)fb);
        sa[i] = ZADD(ra[i], _mm512_slli_epi64(ra[i], 2));
        sb[i] = ZADD(rb[i], _mm512_slli_epi64(rb[i], 2));
    }
    /* incoming accumulator: lane 0 of the first register (block 0) */
    RIJN_UNROLL for (i = 0; i < 5; i++)
        ha[i] = _mm512_mask_set1_epi64(ha[i], 1, hout[i]);
    for (; n > 16; n -= 16, m += 256) {
        ZADDMSG(ha, m);
        ZADDMSG(hb, m + 128);
        ZMULRED(ha, r16, s16);
        ZMULRED(hb, r16, s16);
    }
    ZADDMSG(ha, m);
    ZADDMSG(hb, m + 128);
    ZMULRED(ha, ra, sa);
    ZMULRED(hb, rb, sb);
    RIJN_UNROLL for (i = 0; i < 5; i++) {
        _mm512_storeu_si512((void *)t, ZADD(ha[i], hb[i]));
        d[i] = t[0] + t[1] + t[2] + t[3] + t[4] + t[5] + t[6] + t[7];
    }
    RIJN_UNROLL for (i = 0; i < 4; i++) {
        d[i + 1] += d[i] >> 26;
        d[i] &= M26;
    }
    cy = (uint32_t)(d[4] >> 26);
    d[4] &= M26;
    d[0] += (uint64_t)cy * 5;
    d[1] += d[0] >> 26;
    d[0] &= M26;
    RIJN_UNROLL for (i = 0; i < 5; i++)
        hout[i] = (uint32_t)d[i];
    rijn_wipe(d, sizeof d);
    rijn_wipe(t, sizeof t);
}

void rijn_i_poly1305_blocks_avx512(uint32_t h[5], const uint32_t r[5], const uint8_t *m,
                                   size_t nblocks)
{
    uint32_t rp[17][5];
    int i;
    memcpy(rp[1], r, sizeof rp[1]);
    for (i = 2; i <= 16; i++)
        mul26(rp[i], rp[i - 1], r);
    blocks16(h, (const uint32_t(*)[5])rp, m, nblocks);
    rijn_wipe(rp, sizeof rp);
}

static size_t wide_avx2(uint32_t h[5], const uint32_t r[5], const uint8_t *m, size_t len)
{
    size_t nb;
    if (len < 256)
        return 0;
    nb = (len / 16) & ~(size_t)7;
    rijn_i_poly1305_blocks_avx2(h, r, m, nb);
    return nb * 16;
}

static size_t wide_avx512(uint32_t h[5], const uint32_t r[5], const uint8_t *m, size_t len)
{
    size_t done = 0;
    if (len >= 512) {
        size_t nb = (len / 16) & ~(size_t)15;
        rijn_i_poly1305_blocks_avx512(h, r, m, nb);
        done = nb * 16;
    }
    return done + wide_avx2(h, r, m + done, len - done);
}

const rijn_i_poly1305_impl rijn_i_poly1305_avx512 = {
    {"avx512", RIJN_CPU_AVX2 | RIJN_CPU_AVX512, NULL}, 256, wide_avx512};
const rijn_i_poly1305_impl rijn_i_poly1305_avx2 = {{"avx2", RIJN_CPU_AVX2, NULL}, 256, wide_avx2};

#else
typedef int rijn_i_poly1305_x86_unused;
#endif
