/*
 * sha256_x86v.c -- SHA-256 compression for x86-64 without the SHA
 * extensions: the message schedule on 128-bit vector registers, the rounds
 * on the integer units. Two entries of sha256.c's registry: "avx2" (VEX
 * encoding, RORX rounds; needs AVX2 + BMI2: Haswell .. Comet Lake, Zen 1)
 * and "ssse3" (SSSE3 schedule, MOV + ROR rounds: any x86-64 since Core 2).
 *
 * Implementation notes:
 * - Schedule: four words per step (the method of Intel's "Fast SHA-256
 *   Implementations on Intel Architecture Processors"): W[t-15..t-12] and
 *   W[t-7..t-4] by PALIGNR from the four-register window, sigma0 of all
 *   four with shifts, then sigma1 twice, for W[t..t+1] from W[t-2..t-1]
 *   and for W[t+2..t+3] from the two words just made: each word is
 *   duplicated into a 64-bit lane (PSHUFD), so that a 64-bit right shift
 *   is a 32-bit rotation in the low half; PSHUFB gathers the two results.
 *   W + K goes to a 256-byte stack buffer sixteen words ahead of the
 *   rounds, interleaved with them so that the vector and integer units
 *   work together.
 * - Rounds: sha2_x86_round_i.h (hand-ordered asm, four operations from e
 *   to the next e).
 * - Built with per-function target attributes (the library compiles with
 *   baseline flags); sha256.c takes SHA-NI first, then these by CPUID
 *   (RIJN_CPU_MASK hides any of them).
 * - Constant time: additions, shifts, rotations, shuffles with constant
 *   masks and Boolean operations only; no data-dependent branch or index.
 * - Proof: CAVP and the OpenSSL differential tests run every entry the
 *   CPU has (tests/hash/test_sha2_impls.c, tests/core/test_impls.c).
 */
#include "hash_i.h"

#if RIJN_I_SHA256_X86
#include <immintrin.h>

#include "hash/sha2_x86_round_i.h"

/* sigma0 of four words; sigma1 of words 0 and 2 of y = (x, x, x', x'),
 * in the low half of each 64-bit lane */
#define SV_S0(x)                                                                         \
    _mm_xor_si128(_mm_xor_si128(_mm_xor_si128(_mm_srli_epi32(x, 7), _mm_slli_epi32(x, 25)), \
                                _mm_xor_si128(_mm_srli_epi32(x, 18), _mm_slli_epi32(x, 14))), \
                  _mm_srli_epi32(x, 3))
#define SV_S1(y) \
    _mm_xor_si128(_mm_xor_si128(_mm_srli_epi64(y, 17), _mm_srli_epi64(y, 19)), _mm_srli_epi32(y, 10))
#define SV_K(t) _mm_loadu_si128((const __m128i *)(rijn_i_sha256_k + (t)))

/* words 4k..4k+3 of the block into w[k], W + K into wk */
#define SV_LOAD(k)                                                                     \
    do {                                                                               \
        w[k] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 16 * (k))), bswap); \
        _mm_storeu_si128((__m128i *)(wk + 4 * (k)), _mm_add_epi32(w[k], SV_K(4 * (k)))); \
    } while (0)
/* words t..t+3 into w[k] (which held W[t-16..t-13]) */
#define SV_SCHED(k, t)                                                                   \
    do {                                                                                 \
        __m128i w15_ = _mm_alignr_epi8(w[((k) + 1) & 3], w[k], 4);                       \
        __m128i w7_ = _mm_alignr_epi8(w[((k) + 3) & 3], w[((k) + 2) & 3], 4);            \
        __m128i n_ = _mm_add_epi32(_mm_add_epi32(w[k], w7_), SV_S0(w15_));               \
        n_ = _mm_add_epi32(n_, _mm_shuffle_epi8(SV_S1(_mm_shuffle_epi32(w[((k) + 3) & 3], 0xFA)), lo2)); \
        n_ = _mm_add_epi32(n_, _mm_shuffle_epi8(SV_S1(_mm_shuffle_epi32(n_, 0x50)), hi2)); \
        w[k] = n_;                                                                       \
        _mm_storeu_si128((__m128i *)(wk + (t)), _mm_add_epi32(n_, SV_K(t)));             \
    } while (0)

#define SV_NAME rijn_i_sha256_compress_avx2
#define SV_TARGET __attribute__((target("avx2,bmi,bmi2")))
#define SV_ROT SR_RORX
#include "hash/sha256_x86v_body.h"

#define SV_NAME rijn_i_sha256_compress_ssse3
#define SV_TARGET __attribute__((target("ssse3")))
#define SV_ROT SR_MOVROR
#include "hash/sha256_x86v_body.h"

#else
typedef int rijn_i_sha256_x86v_empty; /* ISO C: no empty translation unit */
#endif
