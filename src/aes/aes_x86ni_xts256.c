/*
 * aes_x86ni_xts256.c -- XTS bulk blocks with VAES on 256-bit registers,
 * tweaks computed in registers (x86ni AES class on a CPU with VAES + AVX2
 * but no AVX-512: Zen 3, Alder Lake class).
 *
 * Implementation notes
 *   Layout: a pass is 16 blocks in eight registers, lane j of register r
 *   holding block 2r + j and its tweak T(2r + j). Tweaks stay in the
 *   registers: the first register starts as (T, T * alpha) (built once from
 *   the scalar tweak), register r is the first one times alpha^(2r) and the
 *   next pass starts from it times alpha^16, lane by lane (independent
 *   products, no serial chain of doublings): the 128-bit little-endian
 *   value shifted left by k (64-bit shifts, the bits crossing from the low
 *   to the high quadword moved by a byte shift within the lane), the k bits
 *   shifted out of the top multiplied by x^7 + x^2 + x + 1 with shifts
 *   (0x87 folding, no table, no branch) into the low quadword.
 *   The tweak joins the first round key on the way in and the last round
 *   key on the way out (aesenclast / aesdeclast end with an XOR of their
 *   key), so it costs no XOR on the blocks' path. Round keys are broadcast
 *   from the schedule (encryption keys, or the equivalent-inverse-cipher
 *   keys for decryption); one body per key size (RIJN_X86NI_BY_ROUNDS), so
 *   the blocks stay in registers. All loads of a pass precede its stores,
 *   so out == in works.
 *   Only whole passes run here (aes_x86ni_xts.c finishes the rest and the
 *   ciphertext stealing), and only for a context marked RIJN_I_DIR_W256
 *   (VAES + AVX2 at key setup; RIJN_CPU_MASK hides it in tests). With
 *   AVX-512, aes_x86ni_xts512.c runs first and leaves fewer than 32 blocks.
 *   Figures (bench/host/bench.c --group xts, RIJN_CPU_MASK=0x2EFF, Zen 5,
 *   same-run ratio to libgcrypt masked the same way): AES-128 1 MiB 2.76x
 *   with the 8-block AES-NI passes alone, 1.35x with these; AES-256 2.47x
 *   -> 1.26x. What is left is the tweak work (about 11 vector ops per
 *   register, sharing the pipes with VAES).
 *   Constant time: VAES, shifts, XOR; branches on lengths only.
 *   Vectors: tests/modes/test_xts.c (CAVP XTSGenAES128/256, OpenSSL
 *   differential) and tests/core/test_perf_paths.c (1..70 blocks and
 *   stealing tails, unaligned and in place, against OpenSSL; its re-run
 *   with AVX-512 hidden reaches this file).
 */
#include "aes_x86ni.h"

#if RIJN_CFG_AES_X86NI

#define T256 "aes,sse2,ssse3,avx,avx2,vaes"
#define XTGT __attribute__((target(T256)))
#define XINL static inline __attribute__((always_inline, target(T256)))

#define NREG 8

XINL __m256i bk(const uint8_t *rk)
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)rk));
}

/* t * alpha^k (1 <= k <= 16) in both 128-bit lanes (IEEE 1619
 * little-endian order). */
XINL __m256i mul_ak(__m256i t, int k)
{
    const __m256i s = _mm256_slli_epi64(t, k);
    const __m256i o = _mm256_srli_epi64(t, 64 - k);
    const __m256i cross = _mm256_slli_si256(o, 8); /* low -> high quadword */
    const __m256i top = _mm256_srli_si256(o, 8);   /* out of the top      */
    const __m256i red = _mm256_xor_si256(_mm256_xor_si256(top, _mm256_slli_epi64(top, 1)),
                                         _mm256_xor_si256(_mm256_slli_epi64(top, 2),
                                                          _mm256_slli_epi64(top, 7)));
    return _mm256_xor_si256(_mm256_xor_si256(s, cross), red);
}

XINL size_t run_r(const uint8_t *rk, unsigned rounds, int dec, __m256i t0, uint8_t *out,
                  const uint8_t *in, size_t n, __m256i *tnext)
{
    size_t done = 0;
    unsigned i;
    for (; n - done >= 2 * NREG; done += 2 * NREG, in += 32 * NREG, out += 32 * NREG) {
        __m256i x[NREG], tw[NREG], k = bk(rk);
        tw[0] = t0;
        RIJN_UNROLL for (i = 1; i < NREG; i++)
            tw[i] = mul_ak(t0, (int)(2 * i));
        t0 = mul_ak(t0, 2 * NREG);
        RIJN_UNROLL for (i = 0; i < NREG; i++)
            x[i] = _mm256_xor_si256(
                _mm256_loadu_si256((const __m256i *)(const void *)(in + 32 * i)),
                _mm256_xor_si256(tw[i], k));
#define ROUND(r)                                                             \
    k = bk(rk + 16 * (r));                                                    \
    RIJN_UNROLL for (i = 0; i < NREG; i++)                                   \
        x[i] = dec ? _mm256_aesdec_epi128(x[i], k) : _mm256_aesenc_epi128(x[i], k);
        RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
        k = bk(rk + 16 * rounds);
        RIJN_UNROLL for (i = 0; i < NREG; i++) {
            const __m256i kt = _mm256_xor_si256(k, tw[i]);
            x[i] = dec ? _mm256_aesdeclast_epi128(x[i], kt) : _mm256_aesenclast_epi128(x[i], kt);
            _mm256_storeu_si256((__m256i *)(void *)(out + 32 * i), x[i]);
        }
    }
    *tnext = t0;
    return done;
}

XTGT static size_t run(const uint64_t *ks, unsigned rounds, int dec, uint8_t t[16],
                       uint8_t *out, const uint8_t *in, size_t n)
{
    const uint8_t *rk = dec ? rijn_i_x86ni_dk(ks, rounds) : rijn_i_x86ni_ek(ks);
    uint8_t t2[32];
    uint64_t lo = rijn_load64_le(t), hi = rijn_load64_le(t + 8), c;
    __m256i t0;
    size_t done;
    unsigned i;
    RIJN_UNROLL for (i = 0; i < 2; i++) {
        rijn_store64_le(t2 + 16 * i, lo);
        rijn_store64_le(t2 + 16 * i + 8, hi);
        c = (uint64_t)0 - (hi >> 63);
        hi = (hi << 1) | (lo >> 63);
        lo = (lo << 1) ^ (c & 0x87u);
    }
    t0 = _mm256_loadu_si256((const __m256i *)(const void *)t2);
#define CALL(r)                                                              \
    done = dec ? run_r(rk, r, 1, t0, out, in, n, &t0) : run_r(rk, r, 0, t0, out, in, n, &t0)
    RIJN_X86NI_BY_ROUNDS(rounds, CALL);
#undef CALL
    _mm256_storeu_si256((__m256i *)(void *)t2, t0);
    memcpy(t, t2, 16);
    rijn_wipe(t2, sizeof t2);
    return done;
}

size_t rijn_i_xts_vaes256(const rijn_aes_ctx *aes, int dec, uint8_t t[16], uint8_t *out,
                          const uint8_t *in, size_t n)
{
    if (n < 2 * NREG || !rijn_i_aes_w256(aes))
        return 0;
    return run(aes->ks, aes->rounds, dec, t, out, in, n);
}

#endif
