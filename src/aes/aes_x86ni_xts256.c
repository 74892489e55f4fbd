/*
 * aes_x86ni_xts256.c -- XTS bulk blocks with VAES on 256-bit registers
 * (x86ni-vaes256 class: VAES + VPCLMULQDQ + AVX2, no AVX-512: Zen 3,
 * Alder Lake class), half the tweaks in vector registers, half computed
 * on general registers.
 *
 * Implementation notes
 *   Layout: a pass is 16 blocks in eight registers, lane j of register r
 *   holding block 2r + j. Registers 0..3 (blocks 0..7) take their tweaks
 *   from four YMM registers: register r starts as (T, T*alpha) times
 *   alpha^(2r) (mul_ak) and moves on by alpha^16 a pass on its own (no
 *   chain through one register): a 2-byte shift of the lane (VPSLLDQ) and
 *   the top 16 bits times x^7 + x^2 + x + 1 by one VPCLMULQDQ by 0x87, four
 *   operations. Registers 4..7 (blocks 8..15) load theirs from a 32-byte
 *   aligned stack buffer written on 64-bit general registers (one chain of
 *   8 doublings a pass, then a byte shift with the top byte folded back:
 *   alpha^16), stored one pass ahead in two buffers so their 32-byte loads
 *   never wait for the 8-byte stores; the first two passes' words come from
 *   mul_ak too (stored as 32-byte words), the chain starts at the third
 *   pass (T*alpha^40), after the first pass in program order. The tweak
 *   joins round key 0 on the way in and the last round key on the way out
 *   (VAESENCLAST / VAESDECLAST with K ^ T: off the chain of rounds). Round
 *   keys are broadcast from the schedule (encryption keys, or the
 *   equivalent-inverse-cipher keys for decryption); one body per key size
 *   (RIJN_X86NI_BY_ROUNDS): 8 data + 4 tweak registers + key, no spill.
 *   All loads of a pass precede its stores, so out == in works. The
 *   tweak buffers are wiped.
 *   Why the split: on Zen 5 the vector ALU ops share the pipes with VAES,
 *   and the general-register doublings with their 8-byte stores cost
 *   about as much: all 16 tweaks on general registers (two chains, 32
 *   stores a pass; the version before this one) took 1.11-1.16x CTR's time
 *   at 1 MiB AES-128, all in vector registers (8 blocks a pass in 4
 *   registers, alpha^8 steps) 1.12x, 8 data + 8 tweak registers (spilled)
 *   1.15x; half on each side 1.03-1.04x; with the tweaks left out (not
 *   correct) the passes run at CTR's speed (0.99x), with only the vector
 *   half 1.01x, only the general-register half 1.01x. Also tried: 2 or 3
 *   vector tweak registers (12 or 10 blocks on one chain, whose latency
 *   then sets the pass: 1.17-1.21x), 5 (1.04x) or 6 (1.06x); three
 *   buffers in a ring, words stored two passes ahead (1 % slower); the
 *   words stored already XORed with round key 0 and the last one (twice
 *   the stores, one XOR less a block: 2-13 % slower); round key 0 joined
 *   to the block before the tweak (no faster). Measured: Zen 5 EPYC,
 *   RIJN_CPU_MASK=0x2EFF, two librijn.so builds dlopened in one process
 *   beside the same build's CTR, TSC ticks/B, medians of 31 reps (best
 *   of 3 calls each), 3 processes, the machine shared; before -> after
 *   (encryption; decryption within 1 %): AES-128 512 B 0.224-0.228 ->
 *   0.196 (0.86-0.88x), 4 KiB 0.122-0.132 -> 0.116-0.122 (0.93-0.95x),
 *   1 MiB 0.114-0.119 -> 0.1075 (0.91-0.95x; CTR 0.104); AES-256 512 B
 *   0.287-0.291 -> 0.257-0.260 (0.89x), 4 KiB 0.164-0.166 -> 0.160-0.162
 *   (0.97-0.98x), 1 MiB 0.150 -> 0.149-0.150 (0.995x; CTR 0.145: AES-256
 *   leaves more room beside its rounds, the old form was already at
 *   1.03x). Unmasked (VAES-512 first) and at 0x2C3F (AES-NI) the 512 B
 *   and 1 MiB figures are unchanged (0.99-1.00x); unmasked 768 B and
 *   1280 B (32-block 512-bit passes, then one 16-block pass here) 0.96x.
 *   Only whole passes run here (aes_x86ni_xts.c finishes the rest and the
 *   ciphertext stealing), and only for a context marked RIJN_I_DIR_W256
 *   (checked by aes_x86ni_xts.c; RIJN_CPU_MASK hides it in tests). With
 *   AVX-512, aes_x86ni_xts512.c does the whole message (its own tail pass:
 *   the 768 B / 1280 B figures above are from before that) and this file
 *   is not used.
 *   Constant time: VAES, VPCLMULQDQ, shifts, XOR; branches on lengths only.
 *   Vectors: tests/modes/test_xts.c (CAVP XTSGenAES128/256, OpenSSL
 *   differential) and tests/core/test_perf_paths.c (1..70 blocks and
 *   stealing tails, every length around the 16-block passes, unaligned and
 *   in place, against OpenSSL; its re-run with AVX-512 hidden reaches this
 *   file).
 */
#include "aes_x86ni.h"

#if RIJN_CFG_AES_X86NI

#define T256 "aes,sse2,ssse3,avx,avx2,vaes,pclmul,vpclmulqdq"
#define XTGT __attribute__((target(T256)))
#define XINL static inline __attribute__((always_inline, target(T256)))

#define NREG 8 /* data registers a pass */
#define NV 4   /* of them with their tweaks in vector registers */

XINL __m256i bk(const uint8_t *rk)
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)rk));
}

/* (l, h) times alpha, on 64-bit words (IEEE 1619 little-endian order). */
#define DBL(l, h)                                                            \
    do {                                                                     \
        const uint64_t c_ = ((uint64_t)0 - ((h) >> 63)) & 0x87u;             \
        (h) = ((h) << 1) | ((l) >> 63);                                      \
        (l) = ((l) << 1) ^ c_;                                               \
    } while (0)

/* (l, h) times alpha^8: a byte shift, the top byte folded back times
 * x^7 + x^2 + x + 1. */
#define MUL8(l, h)                                                           \
    do {                                                                     \
        const uint64_t c_ = (h) >> 56;                                       \
        (h) = ((h) << 8) | ((l) >> 56);                                      \
        (l) = ((l) << 8) ^ c_ ^ (c_ << 1) ^ (c_ << 2) ^ (c_ << 7);           \
    } while (0)

/* t * alpha^k (1 <= k <= 63) in both 128-bit lanes (IEEE 1619
 * little-endian order): 64-bit shifts, the bits crossing the quadwords
 * moved by an unpack, the k bits out of the top times x^7 + x^2 + x + 1
 * by one carry-less multiply (at most 70 bits, added to the whole lane). */
XINL __m256i mul_ak(__m256i t, int k)
{
    const __m256i o = _mm256_srli_epi64(t, 64 - k);
    const __m256i cross = _mm256_unpacklo_epi64(_mm256_setzero_si256(), o);
    const __m256i red = _mm256_clmulepi64_epi128(o, _mm256_set1_epi64x(0x87), 0x01);
    return _mm256_xor_si256(_mm256_xor_si256(_mm256_slli_epi64(t, k), cross), red);
}

/* t * alpha^16, a pass's step: the lane shifted up by two bytes, its top
 * 16 bits times x^7 + x^2 + x + 1 (23 bits) into the low quadword. */
XINL __m256i step(__m256i t)
{
    const __m256i sh = _mm256_slli_si256(t, 2);
    const __m256i red = _mm256_clmulepi64_epi128(_mm256_srli_epi64(t, 48),
                                                 _mm256_set1_epi64x(0x87), 0x01);
    return _mm256_xor_si256(sh, red);
}

/* The tweaks of registers NV.. of a pass (8 blocks) from (s[0], s[1]) to
 * w, on general registers (8 doublings); s then moves on by alpha^16. */
XINL void tw8(uint64_t s[2], uint64_t w[16])
{
    uint64_t l = s[0], h = s[1];
    unsigned i;
    RIJN_UNROLL for (i = 0; i < 8; i++) {
        w[2 * i] = l;
        w[2 * i + 1] = h;
        DBL(l, h);
    }
    MUL8(l, h);
    s[0] = l;
    s[1] = h;
}

XINL __m256i ldw(const uint64_t *w, unsigned i)
{
    return _mm256_load_si256((const __m256i *)(const void *)(w + 4 * i));
}

/* One 16-block pass: registers 0..NV-1 with the tweaks tv, the others
 * with those at w (32-byte aligned); each joins round key 0 on the way in
 * and the last round key on the way out. */
XINL void pass(const uint8_t *rk, unsigned rounds, int dec, const __m256i *tv,
               const uint64_t *w, uint8_t *out, const uint8_t *in)
{
    __m256i x[NREG], k = bk(rk);
    unsigned i;
    RIJN_UNROLL for (i = 0; i < NREG; i++)
        x[i] = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(const void *)(in + 32 * i)),
                                _mm256_xor_si256(k, i < NV ? tv[i] : ldw(w, i - NV)));
#define ROUND(r)                                                             \
    k = bk(rk + 16 * (r));                                                    \
    RIJN_UNROLL for (i = 0; i < NREG; i++)                                   \
        x[i] = dec ? _mm256_aesdec_epi128(x[i], k) : _mm256_aesenc_epi128(x[i], k);
    RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
    k = bk(rk + 16 * rounds);
    RIJN_UNROLL for (i = 0; i < NREG; i++) {
        const __m256i kt = _mm256_xor_si256(k, i < NV ? tv[i] : ldw(w, i - NV));
        x[i] = dec ? _mm256_aesdeclast_epi128(x[i], kt) : _mm256_aesenclast_epi128(x[i], kt);
        _mm256_storeu_si256((__m256i *)(void *)(out + 32 * i), x[i]);
    }
}

/* n blocks (a nonzero multiple of 16) from tweak t (rounds a constant
 * after inlining); returns the tweak after them. Pass p reads w[p & 1]:
 * those of passes 0 and 1 by mul_ak before the first pass, the later
 * ones on general registers one pass ahead (their 32-byte loads find the
 * 8-byte stores written: no store forwarding needed). */
XINL __m128i run_r(const uint8_t *rk, unsigned rounds, int dec, __m128i t, uint8_t *out,
                   const uint8_t *in, size_t n)
{
    uint64_t w[2][16] __attribute__((aligned(32)));
    uint64_t s[2];
    __m256i tv[NV];
    const size_t np = n / (2 * NREG);
    size_t p;
    unsigned i;
    const __m256i t0 = _mm256_inserti128_si256(_mm256_castsi128_si256(t), x86ni_xts_mulx(t), 1);
    tv[0] = t0;
    RIJN_UNROLL for (i = 1; i < NV; i++)
        tv[i] = mul_ak(t0, (int)(2 * i));
    RIJN_UNROLL for (i = 0; i < NREG - NV; i++) {
        _mm256_store_si256((__m256i *)(void *)(w[0] + 4 * i), mul_ak(t0, (int)(2 * (NV + i))));
        if (np > 1)
            _mm256_store_si256((__m256i *)(void *)(w[1] + 4 * i),
                               mul_ak(t0, (int)(2 * (NV + i) + 16)));
    }
    /* the chain starts at pass 2's register NV: T * alpha^(32 + 2 NV) */
    x86ni_halves(t, &s[0], &s[1]);
    if (np > 2) {
        RIJN_UNROLL for (i = 0; i < (32 + 2 * NV) / 8; i++)
            MUL8(s[0], s[1]);
    }
    pass(rk, rounds, dec, tv, w[0], out, in);
    for (p = 1; p < np; p++) {
        if (p + 1 < np)
            tw8(s, w[(p + 1) & 1]);
        RIJN_UNROLL for (i = 0; i < NV; i++)
            tv[i] = step(tv[i]);
        pass(rk, rounds, dec, tv, w[p & 1], out + 256 * p, in + 256 * p);
    }
    t = _mm256_castsi256_si128(step(tv[0])); /* T * alpha^(16 np) */
    rijn_wipe(w, sizeof w);
    rijn_wipe(s, sizeof s);
    return t;
}

XTGT __m128i rijn_i_xts_vaes256(const uint8_t *rk, unsigned rounds, int dec, __m128i t,
                                uint8_t *out, const uint8_t *in, size_t n)
{
#define CALL(r)                                                              \
    t = dec ? run_r(rk, r, 1, t, out, in, n) : run_r(rk, r, 0, t, out, in, n)
    RIJN_X86NI_BY_ROUNDS(rounds, CALL);
#undef CALL
    return t;
}

#endif
