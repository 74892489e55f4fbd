/*
 * aes_x86ni_xts512.c -- XTS bulk blocks with VAES on 512-bit registers, tweaks
 * computed in registers (x86ni AES class, AVX-512 F/BW/VL + VAES).
 *
 * Implementation notes
 *   Layout: a pass is 32 blocks in eight registers, lane j of register r
 *   holding block 4r + j and its tweak T(4r + j). Tweaks stay in the
 *   registers: lane j of the first register starts as T * alpha^j (built
 *   once from the scalar tweak), register r is the first one times
 *   alpha^(4r) and the next pass starts from it times alpha^32, lane by
 *   lane (independent products, no serial chain): the 128-bit
 *   little-endian value shifted left by k (64-bit shifts plus the bits
 *   crossing from the low to the high quadword), the k bits shifted out of
 *   the top multiplied by x^7 + x^2 + x + 1 with shifts (0x87 folding, no
 *   table, no branch) and XORed into the low quadword. Round keys are broadcast from the
 *   schedule (encryption keys, or the equivalent-inverse-cipher keys for
 *   decryption). All loads of a pass precede its stores, so out == in
 *   works.
 *   Only whole passes run here (the caller finishes the rest and the
 *   ciphertext stealing with the portable code), and only for a context
 *   marked RIJN_I_DIR_W512 (the x86ni-vaes512 class, which runs where the
 *   CPU has VAES and AVX-512; RIJN_CPU_MASK hides it in tests).
 *   Constant time: VAES, shifts, XOR; branches on lengths only.
 *   Vectors: tests/modes/test_xts.c (CAVP XTSGenAES128/256, OpenSSL
 *   differential) and tests/core/test_perf_paths.c (0..70 blocks and stealing
 *   tails, unaligned and in place, against OpenSSL), with and without the
 *   AVX-512 mask.
 */
#include "aes_x86ni.h"

#if RIJN_CFG_AES_X86NI

#define T512 "aes,sse2,ssse3,avx,avx2,vaes,avx512f,avx512bw,avx512vl"
#define XTGT __attribute__((target(T512)))
#define XINL static inline __attribute__((always_inline, target(T512)))

#define NREG 8

XINL __m512i bk(const uint8_t *rk)
{
    return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)rk));
}

/* t * alpha^k (1 <= k <= 32) in every 128-bit lane (IEEE 1619
 * little-endian order): the 128-bit lane shifted left by k, the k bits
 * shifted out of the top folded back times x^7 + x^2 + x + 1 (at most
 * 39 bits: they stay in the low quadword). */
XINL __m512i mul_ak(__m512i t, unsigned k)
{
    __m512i s = _mm512_slli_epi64(t, k);
    __m512i o = _mm512_shuffle_epi32(_mm512_srli_epi64(t, 64 - k), _MM_PERM_BADC);
    __m512i cross = _mm512_maskz_mov_epi64(0xAA, o); /* low -> high quadword */
    __m512i top = _mm512_maskz_mov_epi64(0x55, o);   /* out of the top      */
    __m512i red = _mm512_ternarylogic_epi64(top, _mm512_slli_epi64(top, 1),
                                            _mm512_slli_epi64(top, 2), 0x96);
    red = _mm512_xor_si512(red, _mm512_slli_epi64(top, 7));
    return _mm512_ternarylogic_epi64(s, cross, red, 0x96);
}

XINL void pass(const uint8_t *rk, unsigned rounds, int dec, __m512i *tw, uint8_t *out,
               const uint8_t *in)
{
    __m512i x[NREG], k;
    unsigned i;
    k = bk(rk);
    RIJN_UNROLL for (i = 0; i < NREG; i++)
        x[i] = _mm512_ternarylogic_epi64(
            _mm512_loadu_si512((const void *)(in + 64 * i)), tw[i], k, 0x96);
#define ROUND(r)                                                             \
    k = bk(rk + 16 * (r));                                                    \
    RIJN_UNROLL for (i = 0; i < NREG; i++)                                   \
        x[i] = dec ? _mm512_aesdec_epi128(x[i], k) : _mm512_aesenc_epi128(x[i], k);
    RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
    k = bk(rk + 16 * rounds);
    RIJN_UNROLL for (i = 0; i < NREG; i++)
        x[i] = dec ? _mm512_aesdeclast_epi128(x[i], k) : _mm512_aesenclast_epi128(x[i], k);
    RIJN_UNROLL for (i = 0; i < NREG; i++)
        _mm512_storeu_si512((void *)(out + 64 * i), _mm512_xor_si512(x[i], tw[i]));
}

XTGT static size_t run(const uint64_t *ks, unsigned rounds, int dec, uint8_t t[16],
                       uint8_t *out, const uint8_t *in, size_t n)
{
    const uint8_t *rk = dec ? rijn_i_x86ni_dk(ks, rounds) : rijn_i_x86ni_ek(ks);
    uint8_t t4[64];
    uint64_t lo = rijn_load64_le(t), hi = rijn_load64_le(t + 8), c;
    __m512i tw[NREG];
    size_t done = 0;
    unsigned i;
    RIJN_UNROLL for (i = 0; i < 4; i++) {
        rijn_store64_le(t4 + 16 * i, lo);
        rijn_store64_le(t4 + 16 * i + 8, hi);
        c = (uint64_t)0 - (hi >> 63);
        hi = (hi << 1) | (lo >> 63);
        lo = (lo << 1) ^ (c & 0x87u);
    }
    tw[0] = _mm512_loadu_si512((const void *)t4);
    for (; n - done >= 4 * NREG; done += 4 * NREG, in += 64 * NREG, out += 64 * NREG) {
        RIJN_UNROLL for (i = 1; i < NREG; i++)
            tw[i] = mul_ak(tw[0], 4 * i);
        if (dec)
            pass(rk, rounds, 1, tw, out, in);
        else
            pass(rk, rounds, 0, tw, out, in);
        tw[0] = mul_ak(tw[0], 4 * NREG);
    }
    _mm512_storeu_si512((void *)t4, tw[0]);
    memcpy(t, t4, 16);
    rijn_wipe(t4, sizeof t4);
    return done;
}

size_t rijn_i_xts_vaes512(const rijn_aes_ctx *aes, int dec, uint8_t t[16], uint8_t *out,
                          const uint8_t *in, size_t n)
{
    if (n < 4 * NREG || !rijn_i_aes_w512(aes))
        return 0;
    return run(aes->ks, aes->rounds, dec, t, out, in, n);
}

#endif
