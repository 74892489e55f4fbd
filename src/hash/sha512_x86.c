/*
 * sha512_x86.c -- SHA-512 compression with the message schedule on AVX2
 * vector registers and the rounds on BMI2 scalar code (RORX), for x86-64
 * without AVX-512 (sha512_avx512.c has the faster form for AVX-512 CPUs).
 *
 * Implementation notes:
 * - Layout: the sixteen schedule words live as eight pairs in 128-bit
 *   registers (W[2j], W[2j+1]); each step makes the next pair from
 *   W[t-16..t-15] + sigma0(W[t-15..t-14]) + W[t-7..t-6] +
 *   sigma1(W[t-2..t-1]) (the unaligned pairs by PALIGNR), adds the round
 *   constants and stores W[t] + K[t] in a 640-byte stack buffer, sixteen
 *   words ahead of the rounds and interleaved with them (computing the
 *   whole schedule first left the vector and scalar units taking turns:
 *   slower than the portable code). The rounds read one word each; RORX
 *   makes each rotation one non-destructive instruction; Maj(a, b, c) =
 *   b ^ ((a ^ b) & (b ^ c)) reuses the previous round's a ^ b.
 * - Built with per-function target attributes (the library compiles with
 *   baseline flags); sha512.c calls sha512_avx512.c when the CPU has
 *   AVX-512 (F+BW+VL) and BMI2, this code with AVX2 and BMI2, and the
 *   portable code otherwise (RIJN_CPU_MASK selects any of them).
 * - Constant time: additions, shifts, rotations and Boolean operations
 *   only; no data-dependent branch or index.
 * - Proof: the CAVP and OpenSSL differential SHA-384/512 tests
 *   (tests/hash/test_sha2_*.c) and tests/hash/test_sha512_paths.c, which re-runs
 *   itself under CPU masks for every path.
 */
#include "hash_i.h"
#include "rijn/hash.h"

#if RIJN_CFG_HASH_SHA512 && RIJN_I_SHA512_X86
#include <immintrin.h>

#define ROR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define BSIG0(x) (ROR64(x, 28) ^ ROR64(x, 34) ^ ROR64(x, 39))
#define BSIG1(x) (ROR64(x, 14) ^ ROR64(x, 18) ^ ROR64(x, 41))
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define ROUND(a, b, c, d, e, f, g, h, i)                                 \
    do {                                                                 \
        uint64_t t1_ = h + wk[i] + CH(e, f, g) + BSIG1(e);               \
        uint64_t ab_ = a ^ b, mj_ = b ^ (ab_ & bc);                      \
        bc = ab_;                                                        \
        d += t1_;                                                        \
        h = t1_ + BSIG0(a) + mj_;                                        \
    } while (0)
#define ROUND8(i)                               \
    do {                                        \
        ROUND(a, b, c, d, e, f, g, h, (i) + 0); \
        ROUND(h, a, b, c, d, e, f, g, (i) + 1); \
        ROUND(g, h, a, b, c, d, e, f, (i) + 2); \
        ROUND(f, g, h, a, b, c, d, e, (i) + 3); \
        ROUND(e, f, g, h, a, b, c, d, (i) + 4); \
        ROUND(d, e, f, g, h, a, b, c, (i) + 5); \
        ROUND(c, d, e, f, g, h, a, b, (i) + 6); \
        ROUND(b, c, d, e, f, g, h, a, (i) + 7); \
    } while (0)

/* sigma0 / sigma1 of two words at once, with shifts (AVX2) */
#define SH_S0(x)                                                                        \
    _mm_xor_si128(_mm_xor_si128(_mm_xor_si128(_mm_srli_epi64(x, 1), _mm_srli_epi64(x, 8)), \
                                _mm_xor_si128(_mm_srli_epi64(x, 7), _mm_slli_epi64(x, 63))), \
                  _mm_slli_epi64(x, 56))
#define SH_S1(x)                                                                        \
    _mm_xor_si128(_mm_xor_si128(_mm_xor_si128(_mm_srli_epi64(x, 19), _mm_srli_epi64(x, 61)), \
                                _mm_xor_si128(_mm_srli_epi64(x, 6), _mm_slli_epi64(x, 45))), \
                  _mm_slli_epi64(x, 3))
#define SH_TARGET __attribute__((target("avx2,bmi2")))
#define SH_NAME rijn_i_sha512_compress_avx2
#include "sha512_x86_body.h"

#else
typedef int rijn_i_sha512_x86_unused;
#endif
