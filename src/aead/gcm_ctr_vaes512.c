/*
 * gcm_ctr_vaes512.c -- GCM-SIV's counter mode (32-bit little-endian
 * counter in the first four bytes) with VAES on 512-bit registers.
 *
 * Implementation notes
 *   Layout: 32 blocks per pass in eight registers, lane j of register r
 *   holding counter block c + 4r + j. The counter is the first 32-bit
 *   element of each 128-bit lane as loaded (little-endian), so the
 *   counters are one VPADDD of (4r + j) in elements 0, 4, 8, 12: it wraps
 *   mod 2^32 and never touches the other 12 bytes, as RFC 8452 requires.
 *   Round keys are broadcast from the standard round-key layout. All loads of a pass
 *   precede its stores (out == in works). Only whole passes run here; the
 *   caller (gcm_ctr.c) does the rest.
 *   Used only for a class with AES-NI round keys (rk_isa) on a CPU with VAES + AVX-512
 *   (rijn_i_cpu_features, masked by RIJN_CPU_MASK in tests).
 *   Constant time: VAES, adds on the public counter, XOR; branches on
 *   lengths only.
 *   Vectors: RFC 8452 appendix C and the GCM-SIV vector files
 *   (tests/gcm/test_gcmsiv.c, texts up to 32 blocks take the 128-bit path),
 *   tests/core/test_perf_paths.c (GCM-SIV 0..70 blocks and counters about to
 *   wrap, against a reference built from single blocks).
 */
#include "gcm_i.h"
#include "aes/aesni.h"

#if RIJN_I_AES_RK_AESNI

#define T512 "aes,sse2,ssse3,avx,avx2,vaes,avx512f,avx512bw,avx512vl"
#define CTGT __attribute__((target(T512)))

#define NREG 8

CTGT static size_t run(const uint8_t *ek, unsigned rounds, uint8_t ctr[16], uint8_t *out,
                       const uint8_t *in, size_t n)
{
    __m512i base = _mm512_add_epi32(_mm512_broadcast_i32x4(x86ni_ld(ctr)),
                                    _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0,
                                                     0, 0));
    const __m512i four = _mm512_set_epi32(0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4);
    size_t done = 0;
    for (; n - done >= 4 * NREG; done += 4 * NREG, in += 64 * NREG, out += 64 * NREG) {
        __m512i x[NREG], k = _mm512_broadcast_i32x4(x86ni_ld(ek));
        unsigned i;
        RIJN_UNROLL for (i = 0; i < NREG; i++) {
            x[i] = _mm512_xor_si512(base, k);
            base = _mm512_add_epi32(base, four);
        }
#define ROUND(r)                                                             \
    k = _mm512_broadcast_i32x4(x86ni_ld(ek + 16 * (r)));                      \
    RIJN_UNROLL for (i = 0; i < NREG; i++)                                   \
        x[i] = _mm512_aesenc_epi128(x[i], k);
        RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
        k = _mm512_broadcast_i32x4(x86ni_ld(ek + 16 * rounds));
        RIJN_UNROLL for (i = 0; i < NREG; i++)
            x[i] = _mm512_ternarylogic_epi64(_mm512_aesenclast_epi128(x[i], _mm512_setzero_si512()),
                                             k, _mm512_loadu_si512((const void *)(in + 64 * i)),
                                             0x96);
        RIJN_UNROLL for (i = 0; i < NREG; i++)
            _mm512_storeu_si512((void *)(out + 64 * i), x[i]);
    }
    x86ni_st(ctr, _mm512_castsi512_si128(base));
    return done;
}

size_t rijn_i_aead_ctr_le32_vaes512(const rijn_aes_ctx *aes, uint8_t ctr[16], uint8_t *out,
                                    const uint8_t *in, size_t n)
{
    if (n < 4 * NREG || !rijn_i_aes_rk_aesni(aes) || !rijn_i_aes_w512(aes))
        return 0;
    return run(rijn_i_aes_rk_enc(aes), aes->rounds, ctr, out, in, n);
}

#endif
