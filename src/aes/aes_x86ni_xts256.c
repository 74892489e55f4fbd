/*
 * aes_x86ni_xts256.c -- XTS bulk blocks with VAES on 256-bit registers,
 * tweaks computed on general registers (x86ni AES class on a CPU with VAES + AVX2
 * but no AVX-512: Zen 3, Alder Lake class).
 *
 * Implementation notes
 *   Layout: a pass is 16 blocks in eight registers, lane j of register r
 *   holding block 2r + j. Tweaks are computed on 64-bit general registers
 *   (doublings: shifts, the carry folded back as 0x87 by a mask, no
 *   branch), in two independent chains a pass (blocks 0..7 from T, 8..15
 *   from T*alpha^8; each chain moves on by alpha^16 with its 8 doublings and
 *   a byte shift whose top byte is folded back times x^7 + x^2 + x + 1),
 *   and stored to a 32-byte aligned stack buffer the pass reads as 256-bit
 *   words. Two buffers: the next pass's tweaks are stored before this pass
 *   runs, so their loads never wait for the 8-byte stores (no store
 *   forwarding into a wider load); the first pass's come from vector
 *   shifts of (T, T*alpha) and join the blocks from the registers (stored
 *   only for the way out), and T comes in and goes out in a register, so
 *   a short message waits for no store (with T stored and reloaded around
 *   the call and the first tweaks through the stack, a 1 KiB AES-128
 *   message took 1.15x libgcrypt's time, then 1.05x). The second pass's
 *   tweaks come from the same vector shifts of (T, T*alpha) (by
 *   alpha^(16 + 2r)), stored as 32-byte words beside the first pass's; the
 *   general-register chains start at the third pass (T*alpha^32, four byte
 *   shifts from T), after the first pass in program order. Their 16
 *   doublings and 32 stores for the second pass had come before the first
 *   pass, all waiting for T from the tweak encryption, and held up the
 *   first pass's instructions (from 2 passes on; 1 pass ran as fast):
 *   bench/host/bench.c --group xts, RIJN_CPU_MASK=0x2EFF (libgcrypt 1.10
 *   masked alike: its VAES/AVX2 XTS, 16 blocks a loop, tweaks by
 *   VPCLMULQDQ), medians of 7 runs: 1 KiB AES-128 1.047x -> 0.970x,
 *   AES-256 1.012x -> 0.956x, 16 KiB 0.940x -> 0.923x / 0.947x ->
 *   0.922x, 1 MiB AES-128 1.005x -> 0.990x; a microbenchmark with
 *   decryption beside libgcrypt's (41 rounds, medians, 6 processes):
 *   1 KiB decrypt AES-128 1.079x -> 0.996x, AES-256 1.036x -> 0.983x,
 *   512 B encrypt 1.062x -> 1.002x, 256 B (one pass) unchanged. With the
 *   third pass's chain starts by vector shifts too (T*alpha^32,
 *   T*alpha^40), one pass took 4-7% longer (vector work beside the first
 *   pass's); moving the old second-pass chain after the first pass did
 *   not help (1 KiB 1.07x). On Zen 5 the vector ALU ops share the
 *   pipes with VAES: per register the pass spends three XORs beside the
 *   ten-odd VAES rounds (the tweak joins the first round key on the way in
 *   and the last round key on the way out, aesenclast / aesdeclast ending
 *   with an XOR of their key); the first version computed the tweaks in
 *   vector registers (11 shift/XOR ops a register) and ran at 1.35x
 *   libgcrypt's time. Round keys are broadcast from the schedule
 *   (encryption keys, or the equivalent-inverse-cipher keys for
 *   decryption); one body per key size (RIJN_X86NI_BY_ROUNDS), so the
 *   blocks stay in registers. All loads of a pass precede its stores, so
 *   out == in works. The tweak buffers are wiped.
 *   Only whole passes run here (aes_x86ni_xts.c finishes the rest and the
 *   ciphertext stealing), and only for a context marked RIJN_I_DIR_W256
 *   (VAES + AVX2 at key setup, checked by aes_x86ni_xts.c; RIJN_CPU_MASK
 *   hides it in tests). With
 *   AVX-512, aes_x86ni_xts512.c runs first and leaves fewer than 32 blocks.
 *   Figures (bench/host/bench.c --group xts, RIJN_CPU_MASK=0x2EFF, Zen 5,
 *   same-run ratio to libgcrypt masked the same way): AES-128 1 MiB 2.76x
 *   with the 8-block AES-NI passes alone, 1.35x with the tweaks in vector
 *   registers, 1.08x now; AES-256 2.47x -> 1.26x -> 0.94x; 1 KiB AES-128
 *   2.16x -> 1.33x -> 1.21x, AES-256 1.96x -> 1.24x -> 1.08x.
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

/* t * alpha^k (1 <= k <= 30 here; the form holds to 57) in both 128-bit
 * lanes, on vector registers:
 * 64-bit shifts, the bits crossing the quadwords moved by a byte shift
 * within the lane, those out of the top folded back times 0x87. */
XINL __m256i mul_ak(__m256i t, int k)
{
    const __m256i o = _mm256_srli_epi64(t, 64 - k), top = _mm256_srli_si256(o, 8);
    const __m256i red = _mm256_xor_si256(_mm256_xor_si256(top, _mm256_slli_epi64(top, 1)),
                                         _mm256_xor_si256(_mm256_slli_epi64(top, 2),
                                                          _mm256_slli_epi64(top, 7)));
    return _mm256_xor_si256(_mm256_xor_si256(_mm256_slli_epi64(t, k), _mm256_slli_si256(o, 8)),
                            red);
}

/* The tweaks of one 16-block pass into w: blocks 0..7 from (s[0], s[1]) =
 * T and 8..15 from (s[2], s[3]) = T*alpha^8, two independent chains of
 * doublings on general registers (no vector op: on Zen 5 those share the
 * pipes with VAES); each chain then moves on by alpha^16 (its own 8
 * doublings, then a byte shift with the top byte folded back times 0x87). */
XINL void tw16(uint64_t s[4], uint64_t w[32])
{
    uint64_t l0 = s[0], h0 = s[1], l1 = s[2], h1 = s[3];
    unsigned i;
    RIJN_UNROLL for (i = 0; i < 8; i++) {
        w[2 * i] = l0;
        w[2 * i + 1] = h0;
        w[16 + 2 * i] = l1;
        w[16 + 2 * i + 1] = h1;
        DBL(l0, h0);
        DBL(l1, h1);
    }
    MUL8(l0, h0);
    MUL8(l1, h1);
    s[0] = l0;
    s[1] = h0;
    s[2] = l1;
    s[3] = h1;
}

/* The rounds of a 16-block pass after the first XOR, and its output: the
 * tweaks w (32-byte aligned) join the last round key on the way out. */
XINL void rounds_out(const uint8_t *rk, unsigned rounds, int dec, __m256i x[NREG],
                     const uint64_t *w, uint8_t *out)
{
    __m256i k;
    unsigned i;
#define ROUND(r)                                                             \
    k = bk(rk + 16 * (r));                                                    \
    RIJN_UNROLL for (i = 0; i < NREG; i++)                                   \
        x[i] = dec ? _mm256_aesdec_epi128(x[i], k) : _mm256_aesenc_epi128(x[i], k);
    RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
    k = bk(rk + 16 * rounds);
    RIJN_UNROLL for (i = 0; i < NREG; i++) {
        const __m256i kt =
            _mm256_xor_si256(k, _mm256_load_si256((const __m256i *)(const void *)(w + 4 * i)));
        x[i] = dec ? _mm256_aesdeclast_epi128(x[i], kt) : _mm256_aesenclast_epi128(x[i], kt);
        _mm256_storeu_si256((__m256i *)(void *)(out + 32 * i), x[i]);
    }
}

/* One 16-block pass with the tweaks w: each joins the first round key on
 * the way in and the last one on the way out. */
XINL void pass(const uint8_t *rk, unsigned rounds, int dec, const uint64_t *w, uint8_t *out,
               const uint8_t *in)
{
    __m256i x[NREG];
    const __m256i k = bk(rk);
    unsigned i;
    RIJN_UNROLL for (i = 0; i < NREG; i++)
        x[i] = _mm256_xor_si256(
            _mm256_loadu_si256((const __m256i *)(const void *)(in + 32 * i)),
            _mm256_xor_si256(k, _mm256_load_si256((const __m256i *)(const void *)(w + 4 * i))));
    rounds_out(rk, rounds, dec, x, w, out);
}

/* The first pass: its tweaks by vector shifts from t0 = (T, T*alpha), used
 * from the registers on the way in (the blocks wait for no store) and
 * stored to w for the way out; with w2, the second pass's (t0 times
 * alpha^16 .. alpha^30) stored there. */
XINL void pass_first(const uint8_t *rk, unsigned rounds, int dec, __m256i t0, uint64_t *w,
                     uint64_t *w2, uint8_t *out, const uint8_t *in)
{
    __m256i x[NREG];
    const __m256i k = bk(rk);
    unsigned i;
    RIJN_UNROLL for (i = 0; i < NREG; i++) {
        const __m256i tw = i == 0 ? t0 : mul_ak(t0, (int)(2 * i));
        _mm256_store_si256((__m256i *)(void *)(w + 4 * i), tw);
        if (w2 != NULL)
            _mm256_store_si256((__m256i *)(void *)(w2 + 4 * i), mul_ak(t0, (int)(2 * i + 16)));
        x[i] = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(const void *)(in + 32 * i)),
                                _mm256_xor_si256(k, tw));
    }
    rounds_out(rk, rounds, dec, x, w, out);
}

/* n blocks (a nonzero multiple of 16) from tweak t (rounds a constant
 * after inlining); returns the tweak after them. Two sets of tweak words:
 * the next pass's are stored before this pass's blocks, so its loads find
 * them written long before (they are read as 32-byte words: no store
 * forwarding from the 8-byte stores is needed). */
XINL __m128i run_r(const uint8_t *rk, unsigned rounds, int dec, __m128i t, uint8_t *out,
                   const uint8_t *in, size_t n)
{
    uint64_t w[2][32] __attribute__((aligned(32)));
    uint64_t s[4];
    const size_t np = n / (2 * NREG);
    size_t p;
    __m128i r;
    /* T*alpha^16 (one pass: the tweak after it), or the third pass's
     * general-register chain starts T*alpha^32 and T*alpha^40 (off the
     * first pass's path) */
    x86ni_halves(t, &s[0], &s[1]);
    MUL8(s[0], s[1]);
    MUL8(s[0], s[1]);
    if (np > 1) {
        MUL8(s[0], s[1]);
        MUL8(s[0], s[1]);
    }
    s[2] = s[0];
    s[3] = s[1];
    MUL8(s[2], s[3]);
    pass_first(rk, rounds, dec, _mm256_inserti128_si256(_mm256_castsi128_si256(t),
                                                        x86ni_xts_mulx(t), 1),
               w[0], np > 1 ? w[1] : NULL, out, in);
    /* pass p (odd) reads w[1], p + 1 w[0]; s is the start of pass p + 1 */
    for (p = 1; p + 2 < np; p += 2) {
        tw16(s, w[0]);
        pass(rk, rounds, dec, w[1], out + 256 * p, in + 256 * p);
        tw16(s, w[1]);
        pass(rk, rounds, dec, w[0], out + 256 * (p + 1), in + 256 * (p + 1));
    }
    if (p < np) {
        if (p + 1 < np)
            tw16(s, w[0]);
        pass(rk, rounds, dec, w[1], out + 256 * p, in + 256 * p);
        if (p + 1 < np)
            pass(rk, rounds, dec, w[0], out + 256 * (p + 1), in + 256 * (p + 1));
    }
    r = _mm_set_epi64x((long long)s[1], (long long)s[0]); /* T * alpha^(16 np) */
    rijn_wipe(w, sizeof w);
    rijn_wipe(s, sizeof s);
    return r;
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
