/*
 * gcm_ctr_x86.c -- GCM-SIV's counter mode (32-bit little-endian counter in
 * the first four bytes) with VAES on 256-bit registers and with plain
 * AES-NI, for an AES class with AES-NI round keys (rk_isa).
 *
 * Implementation notes
 *   The 512-bit passes (gcm_ctr_vaes512.c) run first on CPUs with
 *   AVX-512; this file takes what they leave, or everything on CPUs
 *   without AVX-512: 16-block passes in eight YMM registers when the
 *   context has the 256-bit mark (RIJN_I_DIR_W256: VAES + VPCLMULQDQ +
 *   AVX2), lane j of register r holding counter block c + 2r + j, then 8-block passes in
 *   eight XMM registers (AES-NI, SSE2 adds). The counter is the first
 *   32-bit element of each 128-bit lane as loaded (little-endian), so a
 *   counter block is one PADDD away from the next: it wraps mod 2^32 and
 *   never touches the other 12 bytes, as RFC 8452 requires. The generic
 *   N-block loop of gcm_ctr.c does the last blocks (< 8).
 *   All loads of a pass precede its stores (out == in works).
 *   Constant time: AES instructions, adds on the public counter, XOR;
 *   branches on lengths only.
 *   Vectors: RFC 8452 appendix C and the GCM-SIV vector files, every AES
 *   class (tests/gcm/test_gcmsiv.c), tests/core/test_perf_paths.c (GCM-SIV
 *   0..70 blocks and counters about to wrap, against a reference built from
 *   single blocks, rerun with AVX-512 hidden and with VAES hidden).
 */
#include "gcm_i.h"
#include "aes/aesni.h"

#if RIJN_I_AES_RK_AESNI

#define T256 __attribute__((target("aes,sse2,ssse3,avx,avx2,vaes")))

T256 static size_t run256(const uint8_t *ek, unsigned rounds, uint8_t ctr[16], uint8_t *out,
                          const uint8_t *in, size_t n)
{
    __m256i base = _mm256_add_epi32(_mm256_broadcastsi128_si256(x86ni_ld(ctr)),
                                    _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0));
    const __m256i two = _mm256_set_epi32(0, 0, 0, 2, 0, 0, 0, 2);
    size_t done = 0;
    for (; n - done >= 16; done += 16, in += 256, out += 256) {
        __m256i x[8], k = _mm256_broadcastsi128_si256(x86ni_ld(ek));
        unsigned i;
        RIJN_UNROLL for (i = 0; i < 8; i++) {
            x[i] = _mm256_xor_si256(base, k);
            base = _mm256_add_epi32(base, two);
        }
#define ROUND(r)                                                             \
    k = _mm256_broadcastsi128_si256(x86ni_ld(ek + 16 * (r)));                 \
    RIJN_UNROLL for (i = 0; i < 8; i++)                                      \
        x[i] = _mm256_aesenc_epi128(x[i], k);
        RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
        k = _mm256_broadcastsi128_si256(x86ni_ld(ek + 16 * rounds));
        RIJN_UNROLL for (i = 0; i < 8; i++)
            x[i] = _mm256_aesenclast_epi128(
                x[i], _mm256_xor_si256(k, _mm256_loadu_si256((const __m256i *)(const void *)(
                                              in + 32 * i))));
        RIJN_UNROLL for (i = 0; i < 8; i++)
            _mm256_storeu_si256((__m256i *)(void *)(out + 32 * i), x[i]);
    }
    x86ni_st(ctr, _mm256_castsi256_si128(base));
    return done;
}

/* 8-block AES-NI passes, the round count a constant (see x86ni_encn). */
RIJN_X86NI_INLINE size_t run8_r(const uint8_t *ek, unsigned rounds, uint8_t ctr[16],
                                uint8_t *out, const uint8_t *in, size_t n)
{
    const __m128i one = _mm_set_epi32(0, 0, 0, 1);
    __m128i c = x86ni_ld(ctr);
    size_t done = 0;
    for (; n - done >= 8; done += 8, in += 128, out += 128) {
        __m128i x[8];
        unsigned i;
        RIJN_UNROLL for (i = 0; i < 8; i++) {
            x[i] = c;
            c = _mm_add_epi32(c, one);
        }
        x86ni_encn_r(x, 8, ek, rounds);
        RIJN_UNROLL for (i = 0; i < 8; i++)
            x86ni_st(out + 16 * i, _mm_xor_si128(x[i], x86ni_ld(in + 16 * i)));
    }
    x86ni_st(ctr, c);
    return done;
}

RIJN_X86NI_TARGET static size_t run8(const uint8_t *ek, unsigned rounds, uint8_t ctr[16],
                                     uint8_t *out, const uint8_t *in, size_t n)
{
#define CALL(r) return run8_r(ek, r, ctr, out, in, n)
    RIJN_X86NI_BY_ROUNDS(rounds, CALL);
#undef CALL
}

size_t rijn_i_aead_ctr_le32_x86(const rijn_aes_ctx *aes, uint8_t ctr[16], uint8_t *out,
                                const uint8_t *in, size_t n)
{
    size_t k = 0;
    if (n < 8 || !rijn_i_aes_rk_aesni(aes))
        return 0;
    if (n >= 16 && rijn_i_aes_w256(aes))
        k = run256(rijn_i_aes_rk_enc(aes), aes->rounds, ctr, out, in, n);
    if (n - k >= 8)
        k += run8(rijn_i_aes_rk_enc(aes), aes->rounds, ctr, out + 16 * k, in + 16 * k, n - k);
    return k;
}

#endif
