/*
 * aes_x86ni_xts512.c -- XTS bulk blocks with VAES on 512-bit registers, tweaks
 * computed in registers (x86ni AES class: AVX-512 F/BW/VL, VAES, VPCLMULQDQ).
 *
 * Implementation notes
 *   Layout: a pass is 32 blocks in eight registers, lane j of register r
 *   holding block 4r + j and its tweak T(4r + j). Tweaks stay in the
 *   registers: lane j of the first register starts as T * alpha^j (built
 *   once from the scalar tweak), register r as the first one times
 *   alpha^(4r) (mul_ak), and between passes each register moves on by
 *   alpha^32 on its own (mul_a32: eight independent steps, no chain
 *   through one register). A step is a shift of the 128-bit lane (for
 *   alpha^32 one masked VPSHUFD: the dwords up by one) plus the bits
 *   shifted out of the top times x^7 + x^2 + x + 1, one VPCLMULQDQ by
 *   0x87 (constant time, no table, no branch). The tweak goes into the
 *   last round key (VAESENCLAST / VAESDECLAST with K ^ T: the XOR off the
 *   chain of rounds). Round keys are broadcast from the schedule
 *   (encryption keys, or the equivalent-inverse-cipher keys for
 *   decryption). All loads of a pass precede its stores, so out == in
 *   works.
 *   Measured (Zen 5 EPYC, same-process A/B of the two librijn.so builds,
 *   TSC ticks/B, medians of 41 reps, AES-128 / AES-256 encryption; the
 *   machine shared with one other job): before, every register from the
 *   first by 64-bit shifts, unmasked shuffles and the 0x87 fold by four
 *   shifts (11 operations a register a pass) and the tweak XORed after
 *   the last round; after: 512 B 0.173 -> 0.158 / 0.217 -> 0.202, 4 KiB
 *   0.093 -> 0.074 / 0.120 -> 0.100, 1 MiB 0.086 -> 0.063-0.074 /
 *   0.105 -> 0.085-0.091 (decryption alike). Each change alone at 1 MiB,
 *   AES-128: the fold by VPCLMULQDQ 0.086 -> 0.075, the alpha^32 steps by
 *   VPSHUFD 0.075 -> 0.067, the tweak in the last round key 0.067 ->
 *   0.063; the fold by shifts instead of VPCLMULQDQ in the alpha^32 step
 *   was 5 % slower; sixteen registers a pass no faster than eight. With
 *   the tweaks left out (not correct) the pass runs at CTR's speed
 *   (0.056), so the tweaks still cost about 12 %.
 *   Only whole passes run here (the caller finishes the rest and the
 *   ciphertext stealing with the portable code), and only for a context
 *   marked RIJN_I_DIR_W512 (the x86ni-vaes512 class, which runs where the
 *   CPU has VAES, VPCLMULQDQ and AVX-512; RIJN_CPU_MASK hides it in tests).
 *   Constant time: VAES, VPCLMULQDQ, shifts, shuffles, XOR; branches on
 *   lengths only.
 *   Vectors: tests/modes/test_xts.c (CAVP XTSGenAES128/256, OpenSSL
 *   differential) and tests/core/test_perf_paths.c (0..70 blocks and stealing
 *   tails, unaligned and in place, against OpenSSL), with and without the
 *   AVX-512 mask.
 */
#include "aes_x86ni.h"

#if RIJN_CFG_AES_X86NI

#define T512 "aes,sse2,ssse3,avx,avx2,vaes,vpclmulqdq,pclmul,avx512f,avx512bw,avx512vl"
#define XTGT __attribute__((target(T512)))
#define XINL static inline __attribute__((always_inline, target(T512)))

#define NREG 8

XINL __m512i bk(const uint8_t *rk)
{
    return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)rk));
}

/* t * alpha^k (1 <= k <= 64) in every 128-bit lane (IEEE 1619
 * little-endian order): the lane shifted left by k (the bits crossing
 * from the low to the high quadword by an unpack), the k bits shifted out
 * of the top times x^7 + x^2 + x + 1 by one carry-less multiply (at most
 * 71 bits, added to the whole lane). */
XINL __m512i mul_ak(__m512i t, unsigned k)
{
    __m512i o = _mm512_srli_epi64(t, 64 - k);
    __m512i cross = _mm512_unpacklo_epi64(_mm512_setzero_si512(), o);
    __m512i red = _mm512_clmulepi64_epi128(o, _mm512_set1_epi64(0x87), 0x01);
    return _mm512_ternarylogic_epi64(_mm512_slli_epi64(t, k), cross, red, 0x96);
}

/* t * alpha^32, a pass's step: the lane's dwords moved up by one (the
 * lowest zeroed) in one masked VPSHUFD, the top dword times
 * x^7 + x^2 + x + 1 (39 bits) into the low quadword. */
XINL __m512i mul_a32(__m512i t)
{
    __m512i sh = _mm512_maskz_shuffle_epi32(0xEEEE, t, _MM_PERM_CBAA);
    __m512i red = _mm512_clmulepi64_epi128(_mm512_srli_epi64(t, 32), _mm512_set1_epi64(0x87),
                                           0x01);
    return _mm512_xor_si512(sh, red);
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
    RIJN_UNROLL for (i = 0; i < NREG; i++) {
        __m512i kt = _mm512_xor_si512(k, tw[i]);
        x[i] = dec ? _mm512_aesdeclast_epi128(x[i], kt) : _mm512_aesenclast_epi128(x[i], kt);
    }
    RIJN_UNROLL for (i = 0; i < NREG; i++)
        _mm512_storeu_si512((void *)(out + 64 * i), x[i]);
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
    RIJN_UNROLL for (i = 1; i < NREG; i++)
        tw[i] = mul_ak(tw[0], 4 * i);
    for (;;) { /* n >= 4 NREG (the caller) */
        if (dec)
            pass(rk, rounds, 1, tw, out, in);
        else
            pass(rk, rounds, 0, tw, out, in);
        done += 4 * NREG;
        if (n - done < 4 * NREG)
            break;
        in += 64 * NREG;
        out += 64 * NREG;
        RIJN_UNROLL for (i = 0; i < NREG; i++)
            tw[i] = mul_a32(tw[i]);
    }
    _mm512_storeu_si512((void *)t4, mul_a32(tw[0]));
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
