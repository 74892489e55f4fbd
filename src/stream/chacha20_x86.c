/*
 * chacha20_x86.c -- ChaCha20, eight blocks in parallel on AVX-512VL (where
 * VPROLD does each rotation in one instruction), sixteen on AVX-512F,
 * thirty-two (two interleaved states of sixteen) from 2 KiB. The AVX2
 * entry is chacha20_avx2.c.
 *
 * Implementation notes
 *   Layout: "vertical" -- register x_i holds word i of eight consecutive
 *   blocks (one 32-bit lane per block); the counter register starts at
 *   st[12] + (0..7) and advances by 8 per round of eight blocks. After
 *   the 20 rounds and the feed-forward, two 8x8 transposes (unpack 32/64
 *   and 128-bit lane permutes) turn the registers into eight 64-byte
 *   blocks, XORed with the input.
 *   Only the 32-bit counter word is advanced: chacha20.c calls this for
 *   the original (64-bit counter) ChaCha20 only when the low word does not
 *   wrap inside the call.
 *   Built with per-function target attributes (the library compiles with
 *   baseline flags). Two registry entries (core/registry.h, listed in
 *   chacha20.c): "avx512" (needs AVX2 + AVX-512: 16-block steps, an
 *   8-block rest on AVX-512VL) and "avx2" (chacha20_avx2.c); a context binds one at init,
 *   RIJN_CPU_MASK hides them.
 *   Constant time: additions, XORs, rotations and fixed shuffles only.
 *   Vectors: the ChaCha20 and ChaCha20-Poly1305 tests (RFC 8439, Wycheproof,
 *   OpenSSL differential at lengths that cross the 512-byte batches)
 *   run with all features, RIJN_CPU_MASK hiding AVX-512, and hiding AVX2
 *   (tests/stream/test_chacha_paths.c).
 */
#include "internal.h"
#include "stream_i.h"

#if RIJN_I_CHACHA_X86
#include <immintrin.h>

#define CH_TARGET __attribute__((target("avx2,avx512f,avx512vl")))
#define CH_NAME rijn_i_chacha20_blocks_avx512vl
#define CH_ROTL(x, n) _mm256_rol_epi32((x), (n))
#include "chacha20_x86_body.h"

/* Sixteen blocks per step on 512-bit registers (AVX-512F): the same
 * vertical layout, one 32-bit lane per block; after the rounds, 32/64-bit
 * unpacks within 128-bit lanes and two rounds of VSHUFI32X4 transpose the
 * 16x16 words into sixteen 64-byte blocks. */
#define Z_QR(a, b, c, d)                                                                \
    a = _mm512_add_epi32(a, b); d = _mm512_rol_epi32(_mm512_xor_si512(d, a), 16);       \
    c = _mm512_add_epi32(c, d); b = _mm512_rol_epi32(_mm512_xor_si512(b, c), 12);       \
    a = _mm512_add_epi32(a, b); d = _mm512_rol_epi32(_mm512_xor_si512(d, a), 8);        \
    c = _mm512_add_epi32(c, d); b = _mm512_rol_epi32(_mm512_xor_si512(b, c), 7)

/* Half a double round (the four column or the four diagonal quarter
 * rounds: quarter round k on words k, 4 + (k + s) % 4, 8 + (k + 2s) % 4,
 * 12 + (k + 3s) % 4, s = 0 or 1) of two independent 16-block states x and y,
 * step by step across all eight quarter rounds: a 512-bit add/XOR/rotate
 * has a latency of two cycles on Zen 5, and the four chains of one state,
 * one quarter round after the other, leave the vector pipes half idle. */
#define Z_STEP(x, y, a, b, d, r)                                                        \
    RIJN_UNROLL for (k = 0; k < 4; k++) {                                               \
        x[a] = _mm512_add_epi32(x[a], x[b]);                                            \
        y[a] = _mm512_add_epi32(y[a], y[b]);                                            \
    }                                                                                   \
    RIJN_UNROLL for (k = 0; k < 4; k++) {                                               \
        x[d] = _mm512_rol_epi32(_mm512_xor_si512(x[d], x[a]), r);                       \
        y[d] = _mm512_rol_epi32(_mm512_xor_si512(y[d], y[a]), r);                       \
    }
#define Z_HALF(x, y, s)                                                                 \
    do {                                                                                \
        int k;                                                                          \
        Z_STEP(x, y, k, 4 + (k + (s)) % 4, 12 + (k + 3 * (s)) % 4, 16)                  \
        Z_STEP(x, y, 8 + (k + 2 * (s)) % 4, 12 + (k + 3 * (s)) % 4, 4 + (k + (s)) % 4, 12) \
        Z_STEP(x, y, k, 4 + (k + (s)) % 4, 12 + (k + 3 * (s)) % 4, 8)                   \
        Z_STEP(x, y, 8 + (k + 2 * (s)) % 4, 12 + (k + 3 * (s)) % 4, 4 + (k + (s)) % 4, 7) \
    } while (0)

/* Feed-forward of one 16-block state x (counter register ctr), the 16x16
 * transpose and the XOR of 1024 bytes of in into out. */
static inline __attribute__((always_inline, target("avx512f"))) void
z_out16(__m512i *x, __m512i ctr, const uint32_t st[16], uint8_t *out, const uint8_t *in)
{
    __m512i b[16];
    int i, k;
    /* st through an opaque pointer: the words are loaded again here instead
     * of sixteen broadcasts kept live across the rounds (GCC did, and
     * spilled state words onto the rounds' dependency chains) */
    __asm__("" : "+r"(st));
    RIJN_UNROLL for (i = 0; i < 16; i++)
        x[i] = _mm512_add_epi32(x[i], i == 12 ? ctr : _mm512_set1_epi32((int)st[i]));
    /* b[4g + k], 128-bit lane L: words 4g..4g+3 of block 4L + k */
    RIJN_UNROLL for (i = 0; i < 16; i += 4) {
        __m512i a0 = _mm512_unpacklo_epi32(x[i], x[i + 1]);
        __m512i a1 = _mm512_unpackhi_epi32(x[i], x[i + 1]);
        __m512i a2 = _mm512_unpacklo_epi32(x[i + 2], x[i + 3]);
        __m512i a3 = _mm512_unpackhi_epi32(x[i + 2], x[i + 3]);
        b[i] = _mm512_unpacklo_epi64(a0, a2);
        b[i + 1] = _mm512_unpackhi_epi64(a0, a2);
        b[i + 2] = _mm512_unpacklo_epi64(a1, a3);
        b[i + 3] = _mm512_unpackhi_epi64(a1, a3);
    }
    RIJN_UNROLL for (k = 0; k < 4; k++) {
        __m512i c0 = _mm512_shuffle_i32x4(b[k], b[4 + k], 0x44);
        __m512i c1 = _mm512_shuffle_i32x4(b[k], b[4 + k], 0xEE);
        __m512i c2 = _mm512_shuffle_i32x4(b[8 + k], b[12 + k], 0x44);
        __m512i c3 = _mm512_shuffle_i32x4(b[8 + k], b[12 + k], 0xEE);
        __m512i o[4];
        int l;
        o[0] = _mm512_shuffle_i32x4(c0, c2, 0x88); /* block k      */
        o[1] = _mm512_shuffle_i32x4(c0, c2, 0xDD); /* block 4 + k  */
        o[2] = _mm512_shuffle_i32x4(c1, c3, 0x88); /* block 8 + k  */
        o[3] = _mm512_shuffle_i32x4(c1, c3, 0xDD); /* block 12 + k */
        for (l = 0; l < 4; l++) {
            size_t off = (size_t)64 * (size_t)(4 * l + k);
            __m512i m = _mm512_loadu_si512((const void *)(in + off));
            _mm512_storeu_si512((void *)(out + off), _mm512_xor_si512(m, o[l]));
        }
    }
}

__attribute__((target("avx512f")))
void rijn_i_chacha20_blocks_avx512(const uint32_t st[16], uint8_t *out, const uint8_t *in,
                                   size_t nblocks)
{
    __m512i ctr = _mm512_add_epi32(_mm512_set1_epi32((int)st[12]),
                                   _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                                                     12, 13, 14, 15));
    const __m512i sixteen = _mm512_set1_epi32(16);
    /* 32 blocks per step: two states of 16, interleaved */
    for (; nblocks >= 32; nblocks -= 32, in += 2048, out += 2048) {
        __m512i x[16], y[16], ctr2 = _mm512_add_epi32(ctr, sixteen);
        int i;
        RIJN_UNROLL for (i = 0; i < 16; i++)
            x[i] = y[i] = _mm512_set1_epi32((int)st[i]);
        x[12] = ctr;
        y[12] = ctr2;
        RIJN_UNROLL for (i = 0; i < 10; i++) {
            Z_HALF(x, y, 0); /* columns   */
            Z_HALF(x, y, 1); /* diagonals */
        }
        z_out16(x, ctr, st, out, in);
        z_out16(y, ctr2, st, out + 1024, in + 1024);
        ctr = _mm512_add_epi32(ctr2, sixteen);
    }
    for (; nblocks >= 16; nblocks -= 16, in += 1024, out += 1024) {
        __m512i x[16];
        int i;
        RIJN_UNROLL for (i = 0; i < 16; i++)
            x[i] = _mm512_set1_epi32((int)st[i]);
        x[12] = ctr;
        RIJN_UNROLL for (i = 0; i < 10; i++) {
            Z_QR(x[0], x[4], x[8], x[12]);
            Z_QR(x[1], x[5], x[9], x[13]);
            Z_QR(x[2], x[6], x[10], x[14]);
            Z_QR(x[3], x[7], x[11], x[15]);
            Z_QR(x[0], x[5], x[10], x[15]);
            Z_QR(x[1], x[6], x[11], x[12]);
            Z_QR(x[2], x[7], x[8], x[13]);
            Z_QR(x[3], x[4], x[9], x[14]);
        }
        z_out16(x, ctr, st, out, in);
        ctr = _mm512_add_epi32(ctr, sixteen);
    }
}

/* nblocks a multiple of 8: sixteen at a time, eight on AVX-512VL */
static void blocks_avx512_any(const uint32_t st[16], uint8_t *out, const uint8_t *in,
                              size_t nblocks)
{
    size_t n16 = nblocks & ~(size_t)15;
    if (n16 > 0)
        rijn_i_chacha20_blocks_avx512(st, out, in, n16);
    if (nblocks > n16) {
        uint32_t s2[16];
        memcpy(s2, st, sizeof s2);
        s2[12] += (uint32_t)n16;
        rijn_i_chacha20_blocks_avx512vl(s2, out + 64 * n16, in + 64 * n16, nblocks - n16);
        rijn_wipe(s2, sizeof s2);
    }
}

const rijn_i_chacha_impl rijn_i_chacha_avx512 = {
    {"avx512", RIJN_CPU_AVX2 | RIJN_CPU_AVX512, NULL}, 3, blocks_avx512_any};

#else
typedef int rijn_i_chacha20_x86_unused;
#endif
