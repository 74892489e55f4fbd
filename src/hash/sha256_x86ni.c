/*
 * sha256_x86ni.c -- SHA-256 compression on the x86-64 SHA extensions.
 *
 * Implementation notes:
 * - Layout: SHA256RNDS2 works on the state split as ABEF and CDGH (two
 *   xmm registers), two rounds per instruction with W+K in the low half
 *   of its third operand. The chaining value is permuted into that form
 *   once per call and back at the end. The message schedule lives in four
 *   registers m0..m3 (W[4j..4j+3] for j mod 4), updated with SHA256MSG1,
 *   an ALIGNR for W[i-7..i-4] and SHA256MSG2.
 * - Built with a per-function target attribute, so the library compiles
 *   with baseline flags; sha256.c calls it only when CPUID reports SHA,
 *   SSSE3 and SSE4.1 (and RIJN_CPU_MASK does not hide them).
 * - Constant time: fixed instruction sequence, no data-dependent branch
 *   or memory index.
 * - Proof: the same CAVP and OpenSSL differential tests as the portable
 *   code (tests/hash/test_sha2_*.c run both paths).
 */
#include "hash_i.h"

#if RIJN_I_SHA256_X86
#include <immintrin.h>

#define RIJN_SHANI_TARGET __attribute__((target("sha,sse4.1,ssse3")))

/* Four rounds from message words m (W[k..k+3]). */
#define QROUND(k, m)                                                                    \
    do {                                                                                \
        msg = _mm_add_epi32((m), _mm_loadu_si128((const __m128i *)(rijn_i_sha256_k + (k)))); \
        s1 = _mm_sha256rnds2_epu32(s1, s0, msg);                                        \
        msg = _mm_shuffle_epi32(msg, 0x0E);                                             \
        s0 = _mm_sha256rnds2_epu32(s0, s1, msg);                                        \
    } while (0)

/* a <- next four schedule words, from a = W[i-16..], b = W[i-12..],
 * c = W[i-8..], d = W[i-4..]. */
#define SCHED(a, b, c, d) \
    a = _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32(a, b), _mm_alignr_epi8(d, c, 4)), d)

RIJN_SHANI_TARGET
void rijn_i_sha256_compress_shani(uint32_t h[8], const uint8_t *blocks, size_t nblocks)
{
    const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    __m128i s0, s1, t, m0, m1, m2, m3, msg, save0, save1;

    t = _mm_loadu_si128((const __m128i *)h);        /* DCBA */
    s1 = _mm_loadu_si128((const __m128i *)(h + 4)); /* HGFE */
    t = _mm_shuffle_epi32(t, 0xB1);                 /* CDAB */
    s1 = _mm_shuffle_epi32(s1, 0x1B);               /* EFGH */
    s0 = _mm_alignr_epi8(t, s1, 8);                 /* ABEF */
    s1 = _mm_blend_epi16(s1, t, 0xF0);              /* CDGH */

    while (nblocks-- > 0) {
        save0 = s0;
        save1 = s1;
        m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)blocks), bswap);
        m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 16)), bswap);
        m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 32)), bswap);
        m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 48)), bswap);
        QROUND(0, m0);
        QROUND(4, m1);
        QROUND(8, m2);
        QROUND(12, m3);
        SCHED(m0, m1, m2, m3); QROUND(16, m0);
        SCHED(m1, m2, m3, m0); QROUND(20, m1);
        SCHED(m2, m3, m0, m1); QROUND(24, m2);
        SCHED(m3, m0, m1, m2); QROUND(28, m3);
        SCHED(m0, m1, m2, m3); QROUND(32, m0);
        SCHED(m1, m2, m3, m0); QROUND(36, m1);
        SCHED(m2, m3, m0, m1); QROUND(40, m2);
        SCHED(m3, m0, m1, m2); QROUND(44, m3);
        SCHED(m0, m1, m2, m3); QROUND(48, m0);
        SCHED(m1, m2, m3, m0); QROUND(52, m1);
        SCHED(m2, m3, m0, m1); QROUND(56, m2);
        SCHED(m3, m0, m1, m2); QROUND(60, m3);
        s0 = _mm_add_epi32(s0, save0);
        s1 = _mm_add_epi32(s1, save1);
        blocks += 64;
    }

    t = _mm_shuffle_epi32(s0, 0x1B);   /* FEBA */
    s1 = _mm_shuffle_epi32(s1, 0xB1);  /* DCHG */
    s0 = _mm_blend_epi16(t, s1, 0xF0); /* DCBA */
    s1 = _mm_alignr_epi8(s1, t, 8);    /* HGFE */
    _mm_storeu_si128((__m128i *)h, s0);
    _mm_storeu_si128((__m128i *)(h + 4), s1);
}
#else
typedef int rijn_i_sha256_x86ni_empty; /* ISO C: no empty translation unit */
#endif
