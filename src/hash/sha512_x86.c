/*
 * sha512_x86.c -- SHA-512 compressions for x86-64 without AVX-512: the
 * message schedule on 128-bit vector registers with shifts for the
 * rotations, the rounds on the integer units. Two entries of sha512.c's
 * registry: "avx2" (VEX encoding, RORX rounds; AVX2 + BMI2: Haswell ..
 * Comet Lake, Zen 1..3) and "ssse3" (MOV + ROR rounds: any x86-64 with
 * SSSE3, and AVX CPUs without BMI2 such as Sandy / Ivy Bridge).
 *
 * Implementation notes:
 * - avx2: two blocks' schedules at once, one block in each 128-bit half
 *   of the YMM registers (the method of OpenSSL's and Linux's AVX2
 *   SHA-512): a step makes words t, t+1 of both blocks; block 0's rounds
 *   run beside the schedule, block 1's rounds after them read the words
 *   already made. Runs of RIJN_I_SHA512_FAR_MIN (16) or more blocks
 *   compute the next pair's whole schedule beside this pair's block 0
 *   (the schedule's sigma1 recurrence was the longer chain on the Zen 5
 *   test host); shorter runs the pair's own, sixteen words ahead. A lone
 *   last block takes the one-block code (sha512_x86_body.h).
 * - ssse3: sha512_x86_body.h, the code of sha512_avx512.c (two words per
 *   step; runs of 16+ blocks schedule the next block beside this one)
 *   with MOV + ROR rounds.
 * - sigma0 / sigma1: five shifts and four XORs each (no 64-bit vector
 *   rotation before AVX-512), except in the avx2 code, where sigma0's
 *   rotation by 8 is one VPSHUFB (three shifts, a byte rotation, three
 *   XORs): the two-block step 26 -> 24 instructions. Block 0's rounds
 *   beside the schedule are bound by the instructions the core takes a
 *   cycle as much as by the rounds' chain: runs of 8 blocks 283 -> 274
 *   TSC ticks a block (Zen 5, calls of the compression in a loop); the
 *   SSSE3 code keeps the shifts (with PSHUFB, GCC 12: 4% slower at
 *   1 MiB). Rounds: sha2_x86_round_i.h (hand-ordered asm; the C rounds
 *   this entry had ran ~30% behind OpenSSL's AVX2 code).
 * - The avx2 schedule buffer is wiped in 32-byte stores, and only its
 *   first half (1,280 bytes) after runs shorter than FAR_MIN: the whole
 *   2,560 bytes in 16-byte stores took ~90 of a 2-block call's ~690 ticks;
 *   the second half's wipe ~2% of a 1 KiB one-shot.
 * - The avx2 schedule step is one asm statement too (with intrinsics GCC
 *   kept more temporaries live than the 16 YMM registers hold and spilled
 *   window registers inside the sigma1 recurrence: 2.35 ticks/B at 1 MiB
 *   against Clang's 2.17; as asm both 2.16).
 * - Measured (Zen 5, TSC ticks/B, 1 MiB / 1 KiB one-shot beside OpenSSL
 *   in the same process, both masked: RIJN_CPU_MASK=0x2CFF and OpenSSL's
 *   AVX2 code; 0xF and its SSSE3-level code): avx2 2.16 / 2.68 with GCC,
 *   2.15 / 2.64 with Clang, OpenSSL 2.12 / 3.08 (the former avx2 code
 *   2.84 / 3.30); ssse3 2.72 / 3.34, OpenSSL 2.96 / 3.96 (portable 3.69 /
 *   4.21). With the VPSHUFB sigma0, the wipe and sha512.c's context-free
 *   one-shot (bench/host/bench.c --group mac, medians of 3 processes,
 *   rijn / libgcrypt masked alike): RIJN_CPU_MASK=0x2EFF 1 KiB 1.13 ->
 *   1.05, 1 MiB 1.00 -> 0.99 (OpenSSL); 0x2C3F 1 KiB 1.12 -> 1.04; with
 *   the half wipe 1.02 both (a loaded machine: spread ~1%).
 * - Tried, not kept (same harness, 0x2EFF, 1 KiB): half the next pair's
 *   schedule beside block 1's rounds (both blocks of a pair with vector
 *   work): 1.36x the time before (the rounds of block 1 slowed more than
 *   block 0's gained); a lone last block's schedule beside the last
 *   pair's block 1: no gain (GCC spilled the rounds' state); the one-shot's
 *   last whole blocks copied beside the padding so that a call ends in
 *   3 blocks: 3% slower; the one-block code as asm (named window
 *   registers): 16 B 8% faster, but 1 KiB 2% slower (its block after a
 *   run of pairs), so not kept; one call for a one-shot's whole blocks
 *   and padding (pairs taking one block from each buffer), with or
 *   without the lone block's schedule beside block 1: 6-7% slower at
 *   1 KiB (GCC's code for the longer loop); the schedule steps before
 *   each eight rounds instead of after: 2.5% slower.
 * - Built with per-function target attributes (the library compiles with
 *   baseline flags); sha512.c takes the AVX-512 entry first, then these
 *   by CPUID (RIJN_CPU_MASK hides any of them), then the portable code.
 * - Constant time: additions, shifts, rotations and Boolean operations
 *   only; branches on the block count only; no data-dependent index.
 * - Proof: the CAVP and OpenSSL differential SHA-384/512 tests
 *   (tests/hash/test_sha2_*.c: every entry by name, and every level by
 *   RIJN_CPU_MASK) and tests/hash/test_sha512_paths.c.
 */
#include "hash_i.h"
#include "rijn/hash.h"

#if RIJN_CFG_HASH_SHA512 && RIJN_I_SHA512_X86
#include <immintrin.h>

#include "hash/sha2_x86_round_i.h"

/* sigma0 / sigma1 of two words at once, with shifts; for the AVX2 entry's
 * one-block code sigma0's rotation by 8 as one PSHUFB (SSSE3 code below
 * takes the shifts: there the PSHUFB form measured 4% slower at 1 MiB) */
#define SH_S0(x)                                                                        \
    _mm_xor_si128(_mm_xor_si128(_mm_xor_si128(_mm_srli_epi64(x, 1), _mm_slli_epi64(x, 63)), \
                                _mm_srli_epi64(x, 7)),                                  \
                  _mm_shuffle_epi8(x, _mm_set_epi64x(0x080f0e0d0c0b0a09LL, 0x0007060504030201LL)))
#define SH_S1(x)                                                                        \
    _mm_xor_si128(_mm_xor_si128(_mm_xor_si128(_mm_srli_epi64(x, 19), _mm_srli_epi64(x, 61)), \
                                _mm_xor_si128(_mm_srli_epi64(x, 6), _mm_slli_epi64(x, 45))), \
                  _mm_slli_epi64(x, 3))
/* the W+K buffer in 16-byte stores, not "rep stosq" (see sha512_avx512.c) */
#define SH_WIPE(p, n)                                                     \
    do {                                                                  \
        size_t j_;                                                        \
        for (j_ = 0; j_ < (n); j_ += 2) {                                 \
            _mm_storeu_si128((__m128i *)((p) + j_), _mm_setzero_si128()); \
            __asm__ __volatile__("" : : "r"(p) : "memory");               \
        }                                                                 \
    } while (0)

#define SH_TARGET __attribute__((target("avx2,bmi,bmi2")))
#define SH_ROT SR_RORX
#define SH_NEAR compress_near_avx2
#include "hash/sha512_x86_body.h" /* one block: the last of an odd count */

/* ---- AVX2: two blocks' schedules at once --------------------------------
 * wk holds words 2k, 2k+1 of block 0 of a pair in its low 128 bits and
 * of block 1 in its high 128 bits (PALIGNR and PSHUFB work within each
 * half, so the step is the 128-bit one on 256-bit registers); words t, t+1
 * of both go to dst + 2t: block 0's W + K word n at dst[4(n / 2) + (n & 1)],
 * block 1's two words further. */
#define SX_K(t) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(rijn_i_sha512_k + (t))))
#define SX_LOAD(dst, p, k, wk_)                                                                \
    do {                                                                                       \
        __m256i v_ = _mm256_inserti128_si256(                                                  \
            _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)((p) + (size_t)16 * (k)))), \
            _mm_loadu_si128((const __m128i *)((p) + 128 + (size_t)16 * (k))), 1);             \
        (wk_) = _mm256_shuffle_epi8(v_, bswap);                                                \
        _mm256_storeu_si256((__m256i *)((dst) + (size_t)4 * (k)), _mm256_add_epi64(wk_, SX_K(2 * (k)))); \
    } while (0)
/* pair k of the window (named, not an array: GCC kept an array in memory,
 * a store-to-load forward in the schedule's recurrence) from pairs k (x0),
 * k+1, k+4, k+5 and k+7, W + K stored to dst; in asm with three
 * temporaries (see the notes): x0 += W[-7] + sigma0(W[-15]) +
 * sigma1(W[-2]); sigma0 three shifts, a byte rotation (VPSHUFB with rot8)
 * and three XORs, sigma1 five shifts and four XORs */
#define SX_STEP(dst, t, k, x0, x1, x4, x5, x7)                                          \
    __asm__("vpalignr $8, %[v0], %[v1], %[u1]\n\t"                                       \
            "vpalignr $8, %[v4], %[v5], %[u2]\n\t"                                       \
            "vpaddq %[u2], %[v0], %[v0]\n\t"                                             \
            "vpsrlq $1, %[u1], %[u2]\n\t"                                                \
            "vpsllq $63, %[u1], %[u3]\n\t"                                               \
            "vpxor %[u3], %[u2], %[u2]\n\t"                                              \
            "vpsrlq $7, %[u1], %[u3]\n\t"                                                \
            "vpxor %[u3], %[u2], %[u2]\n\t"                                              \
            "vpshufb %[r8], %[u1], %[u3]\n\t"                                            \
            "vpxor %[u3], %[u2], %[u2]\n\t"                                              \
            "vpaddq %[u2], %[v0], %[v0]\n\t"                                             \
            "vpsrlq $19, %[v7], %[u1]\n\t"                                               \
            "vpsllq $45, %[v7], %[u2]\n\t"                                               \
            "vpxor %[u2], %[u1], %[u1]\n\t"                                              \
            "vpsrlq $61, %[v7], %[u2]\n\t"                                               \
            "vpsllq $3, %[v7], %[u3]\n\t"                                                \
            "vpxor %[u3], %[u2], %[u2]\n\t"                                              \
            "vpxor %[u2], %[u1], %[u1]\n\t"                                              \
            "vpsrlq $6, %[v7], %[u2]\n\t"                                                \
            "vpxor %[u2], %[u1], %[u1]\n\t"                                              \
            "vpaddq %[u1], %[v0], %[v0]\n\t"                                             \
            "vbroadcasti128 %[kk], %[u1]\n\t"                                            \
            "vpaddq %[v0], %[u1], %[u1]\n\t"                                             \
            "vmovdqu %[u1], %[out]"                                                      \
            : [v0] "+x"(x0), [u1] "=&x"(u1), [u2] "=&x"(u2), [u3] "=&x"(u3),             \
              [out] "=m"(*(__m256i *)((dst) + (size_t)2 * (t) + (size_t)4 * (k)))        \
            : [v1] "x"(x1), [v4] "x"(x4), [v5] "x"(x5), [v7] "x"(x7), [r8] "x"(rot8),    \
              [kk] "m"(*(const __m128i *)(rijn_i_sha512_k + (t) + 2 * (k))))
#define SX_ST0(t) SX_STEP(nx, t, 0, w0, w1, w4, w5, w7)
#define SX_ST1(t) SX_STEP(nx, t, 1, w1, w2, w5, w6, w0)
#define SX_ST2(t) SX_STEP(nx, t, 2, w2, w3, w6, w7, w1)
#define SX_ST3(t) SX_STEP(nx, t, 3, w3, w4, w7, w0, w2)
#define SX_ST4(t) SX_STEP(nx, t, 4, w4, w5, w0, w1, w3)
#define SX_ST5(t) SX_STEP(nx, t, 5, w5, w6, w1, w2, w4)
#define SX_ST6(t) SX_STEP(nx, t, 6, w6, w7, w2, w3, w5)
#define SX_ST7(t) SX_STEP(nx, t, 7, w7, w0, w3, w4, w6)
#define SX_WK0(i, j) wk[2 * (i) + 4 * ((j) / 2) + ((j) & 1)]
#define SX_WK1(i, j) wk[2 * (i) + 4 * ((j) / 2) + ((j) & 1) + 2]
#define SX_R8(WK, i) SR_ROUND8(SR_ROUND512, SR_RORX, WK, i)
/* the AVX2 entry's buffer in 32-byte stores (n a multiple of 4) */
#define SX_WIPE(p, n)                                                            \
    do {                                                                         \
        size_t j_;                                                               \
        for (j_ = 0; j_ < (n); j_ += 4) {                                        \
            _mm256_storeu_si256((__m256i *)((p) + j_), _mm256_setzero_si256());  \
            __asm__ __volatile__("" : : "r"(p) : "memory");                      \
        }                                                                        \
    } while (0)
#define SX_FEED()                                                                              \
    do {                                                                                       \
        hv[0] = a += hv[0]; hv[1] = b += hv[1]; hv[2] = c += hv[2]; hv[3] = d += hv[3];       \
        hv[4] = e += hv[4]; hv[5] = f += hv[5]; hv[6] = g += hv[6]; hv[7] = h += hv[7];       \
    } while (0)

__attribute__((target("avx2,bmi,bmi2")))
void rijn_i_sha512_compress_avx2(uint64_t hv[8], const uint8_t *blocks, size_t nblocks)
{
    const __m256i bswap = _mm256_set_epi64x(0x08090a0b0c0d0e0fLL, 0x0001020304050607LL,
                                            0x08090a0b0c0d0e0fLL, 0x0001020304050607LL);
    /* a byte rotation of each word: sigma0's rotation by 8 in one VPSHUFB */
    const __m256i rot8 = _mm256_set_epi64x(0x080f0e0d0c0b0a09LL, 0x0007060504030201LL,
                                           0x080f0e0d0c0b0a09LL, 0x0007060504030201LL);
    uint64_t buf[320] RIJN_I_HASH_BLOCK_ALIGN, *wk, *nx, a, b, c, d, e, f, g, h, t0, t1, t2, t3;
    const uint8_t *next;
    int ahead;
    __m256i w0, w1, w2, w3, w4, w5, w6, w7, u1, u2, u3;
    size_t i;
    if (nblocks < 2) {
        if (nblocks == 1)
            compress_near_avx2(hv, blocks, 1);
        return;
    }
    nx = buf;
    ahead = nblocks >= RIJN_I_SHA512_FAR_MIN;
    if (ahead) { /* the first pair's schedule */
        SX_LOAD(nx, blocks, 0, w0); SX_LOAD(nx, blocks, 1, w1);
        SX_LOAD(nx, blocks, 2, w2); SX_LOAD(nx, blocks, 3, w3);
        SX_LOAD(nx, blocks, 4, w4); SX_LOAD(nx, blocks, 5, w5);
        SX_LOAD(nx, blocks, 6, w6); SX_LOAD(nx, blocks, 7, w7);
        for (i = 16; i < 80; i += 16) {
            SX_ST0(i); SX_ST1(i); SX_ST2(i); SX_ST3(i);
            SX_ST4(i); SX_ST5(i); SX_ST6(i); SX_ST7(i);
        }
    }
    a = hv[0]; b = hv[1]; c = hv[2]; d = hv[3];
    e = hv[4]; f = hv[5]; g = hv[6]; h = hv[7];
    for (; nblocks >= 2; nblocks -= 2, blocks += 256) {
        /* runs of FAR_MIN+ blocks: block 0's rounds beside the next pair's
         * whole schedule (its recurrence is the longer chain on this
         * code's test host), then block 1's; shorter runs (the first pair's
         * schedule up front cost more than it saved at 1 KiB): the pair's
         * own schedule, sixteen words ahead of block 0's rounds */
        wk = nx;
        next = blocks;
        if (ahead) {
            nx = (nx == buf) ? buf + 160 : buf;
            next = nblocks >= 4 ? blocks + 256 : blocks; /* no next pair: this one again */
        }
#ifdef __clang__
        /* opaque: one base register each, not an address selected per store */
        __asm__("" : "+r"(wk), "+r"(nx));
#endif
        SX_LOAD(nx, next, 0, w0); SX_LOAD(nx, next, 1, w1);
        SX_LOAD(nx, next, 2, w2); SX_LOAD(nx, next, 3, w3);
        SX_LOAD(nx, next, 4, w4); SX_LOAD(nx, next, 5, w5);
        SX_LOAD(nx, next, 6, w6); SX_LOAD(nx, next, 7, w7);
        for (i = 0; i < 64; i += 16) {
            SX_R8(SX_WK0, i);
            SX_ST0(i + 16); SX_ST1(i + 16); SX_ST2(i + 16); SX_ST3(i + 16);
            SX_R8(SX_WK0, i + 8);
            SX_ST4(i + 16); SX_ST5(i + 16); SX_ST6(i + 16); SX_ST7(i + 16);
        }
        SX_R8(SX_WK0, 64);
        SX_R8(SX_WK0, 72);
        SX_FEED();
        for (i = 0; i < 80; i += 16) {
            SX_R8(SX_WK1, i);
            SX_R8(SX_WK1, i + 8);
        }
        SX_FEED();
    }
    SX_WIPE(buf, 160);
    if (wk != nx) /* runs of FAR_MIN+ blocks: both halves were used */
        SX_WIPE(buf + 160, 160);
    /* the window: zero the registers (nothing of it lives in memory) */
    w0 = w1 = w2 = w3 = w4 = w5 = w6 = w7 = u1 = u2 = u3 = _mm256_setzero_si256();
    __asm__ __volatile__("" : : "x"(w0), "x"(w1), "x"(w2), "x"(w3), "x"(w4), "x"(w5), "x"(w6), "x"(w7));
    __asm__ __volatile__("" : : "x"(u1), "x"(u2), "x"(u3));
    if (nblocks == 1)
        compress_near_avx2(hv, blocks, 1);
}

#undef SH_S0
#define SH_S0(x)                                                                        \
    _mm_xor_si128(_mm_xor_si128(_mm_xor_si128(_mm_srli_epi64(x, 1), _mm_srli_epi64(x, 8)), \
                                _mm_xor_si128(_mm_srli_epi64(x, 7), _mm_slli_epi64(x, 63))), \
                  _mm_slli_epi64(x, 56))
#define SH_TARGET __attribute__((target("ssse3")))
#define SH_ROT SR_MOVROR
#define SH_NAME rijn_i_sha512_compress_ssse3
#define SH_NEAR compress_near_ssse3
#define SH_FAR compress_far_ssse3
#include "hash/sha512_x86_body.h"

#else
typedef int rijn_i_sha512_x86_unused;
#endif
