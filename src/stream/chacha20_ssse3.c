/*
 * chacha20_ssse3.c -- ChaCha20, four blocks in parallel on 128-bit SSSE3
 * registers: the path of x86-64 CPUs without AVX2 (Westmere, Sandy/Ivy
 * Bridge class; RIJN_CPU_MASK=0xF emulates one).
 *
 * Implementation notes
 *   Layout: "vertical", as chacha20_x86.c -- register x_i holds word i of
 *   four consecutive blocks (one 32-bit lane per block); the counter
 *   register starts at st[12] + (0, 1, 2, 3) and advances by 4 per step.
 *   Rotations by 16 and 8 are one PSHUFB each (byte moves inside each
 *   lane); 12 and 7 are two shifts and an OR. After the 20 rounds and the
 *   feed-forward, four 4x4 transposes (PUNPCK{L,H}DQ then PUNPCK{L,H}QDQ)
 *   turn each group of four registers into 16-byte pieces of the four
 *   blocks, XORed with the input. Sixteen state registers and the
 *   temporaries do not fit the sixteen XMM registers: the compiler spills
 *   some words; the quarter rounds go in pairs, step by step (two
 *   independent chains per instruction group; measured a few per cent
 *   faster than one after the other with GCC 12 and Clang 14).
 *   Only the 32-bit counter word is advanced (chacha20.c calls the entries
 *   only where the low word does not wrap inside the call).
 *   Built with a per-function target attribute (the library compiles with
 *   baseline flags). Registry entry "ssse3" (core/registry.h, listed in
 *   chacha20_reg.c after "avx2"): needs RIJN_CPU_SSSE3; a context binds it
 *   at init, RIJN_CPU_MASK hides it.
 *   Constant time: additions, XORs, shifts and fixed shuffles only.
 *   Vectors: tests/core/test_impls.c and tests/stream/test_chacha_paths.c
 *   run every registry entry that runs here (RFC 8439, the differential
 *   against the portable entry at lengths crossing the 256-byte steps).
 */
#include "internal.h"
#include "stream_i.h"

#if RIJN_I_CHACHA_X86
#include <tmmintrin.h>

#define S3 __attribute__((target("ssse3")))

#define ROTL_SH(x, n) _mm_or_si128(_mm_slli_epi32((x), (n)), _mm_srli_epi32((x), 32 - (n)))
/* two quarter rounds, (a, b, c, d) and (e, f, g, h), step by step */
#define QR2(a, b, c, d, e, f, g, h)                                                     \
    a = _mm_add_epi32(a, b); e = _mm_add_epi32(e, f);                                   \
    d = _mm_shuffle_epi8(_mm_xor_si128(d, a), rot16);                                   \
    h = _mm_shuffle_epi8(_mm_xor_si128(h, e), rot16);                                   \
    c = _mm_add_epi32(c, d); g = _mm_add_epi32(g, h);                                   \
    b = ROTL_SH(_mm_xor_si128(b, c), 12); f = ROTL_SH(_mm_xor_si128(f, g), 12);         \
    a = _mm_add_epi32(a, b); e = _mm_add_epi32(e, f);                                   \
    d = _mm_shuffle_epi8(_mm_xor_si128(d, a), rot8);                                    \
    h = _mm_shuffle_epi8(_mm_xor_si128(h, e), rot8);                                    \
    c = _mm_add_epi32(c, d); g = _mm_add_epi32(g, h);                                   \
    b = ROTL_SH(_mm_xor_si128(b, c), 7); f = ROTL_SH(_mm_xor_si128(f, g), 7)

S3
static void blocks_ssse3(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const __m128i rot16 = _mm_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    const __m128i rot8 = _mm_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14);
    __m128i ctr = _mm_add_epi32(_mm_set1_epi32((int)st[12]), _mm_setr_epi32(0, 1, 2, 3));
    for (; nblocks >= 4; nblocks -= 4, in += 256, out += 256) {
        __m128i x[16];
        int i, g;
        RIJN_UNROLL for (i = 0; i < 16; i++)
            x[i] = _mm_set1_epi32((int)st[i]);
        x[12] = ctr;
        RIJN_UNROLL for (i = 0; i < 10; i++) {
            QR2(x[0], x[4], x[8], x[12], x[1], x[5], x[9], x[13]);
            QR2(x[2], x[6], x[10], x[14], x[3], x[7], x[11], x[15]);
            QR2(x[0], x[5], x[10], x[15], x[1], x[6], x[11], x[12]);
            QR2(x[2], x[7], x[8], x[13], x[3], x[4], x[9], x[14]);
        }
        RIJN_UNROLL for (i = 0; i < 16; i++)
            x[i] = _mm_add_epi32(x[i], i == 12 ? ctr : _mm_set1_epi32((int)st[i]));
        ctr = _mm_add_epi32(ctr, _mm_set1_epi32(4));
        /* words 4g..4g+3 of blocks 0..3 -> bytes 16g..16g+15 of each block */
        for (g = 0; g < 4; g++) {
            const __m128i *w = x + (size_t)4 * (size_t)g;
            __m128i a0 = _mm_unpacklo_epi32(w[0], w[1]);
            __m128i a1 = _mm_unpackhi_epi32(w[0], w[1]);
            __m128i a2 = _mm_unpacklo_epi32(w[2], w[3]);
            __m128i a3 = _mm_unpackhi_epi32(w[2], w[3]);
            __m128i b[4];
            int k;
            b[0] = _mm_unpacklo_epi64(a0, a2);
            b[1] = _mm_unpackhi_epi64(a0, a2);
            b[2] = _mm_unpacklo_epi64(a1, a3);
            b[3] = _mm_unpackhi_epi64(a1, a3);
            RIJN_UNROLL for (k = 0; k < 4; k++) {
                size_t off = (size_t)64 * (size_t)k + (size_t)16 * (size_t)g;
                __m128i m = _mm_loadu_si128((const __m128i *)(const void *)(in + off));
                _mm_storeu_si128((__m128i *)(void *)(out + off), _mm_xor_si128(m, b[k]));
            }
        }
    }
}

const rijn_i_chacha_impl rijn_i_chacha_ssse3 = {{"ssse3", RIJN_CPU_SSSE3, NULL}, 2, blocks_ssse3};

#else
typedef int rijn_i_chacha20_ssse3_unused;
#endif
