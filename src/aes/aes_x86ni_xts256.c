/*
 * aes_x86ni_xts256.c -- XTS with VAES on 256-bit registers (x86ni-vaes256
 * class: VAES + VPCLMULQDQ + AVX2, no AVX-512: Zen 3, Alder Lake class):
 * the whole blocks, half the tweaks of a pass in vector registers, half
 * computed on general registers, and the ciphertext stealing.
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
 *   (RIJN_X86NI_BY_ROUNDS_XTS): 8 data + 4 tweak registers + key, no spill.
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
 *   The whole message runs here from 4 whole blocks on, or with any
 *   stealing (RIJN_XTS256_MIN): the 16-block passes, then the last 1..15
 *   blocks in one pass of ceil(m / 2) registers (tail: each register's
 *   tweaks in one step from T, mul_ak; an odd last block in the low lane
 *   of the last register, loaded and stored 128 bits wide: nothing past
 *   the message read or written), then the stealing in xmm registers
 *   (steal: no byte masks in AVX2, so the partial block is read as the 16
 *   bytes ending with it and moved down by PSHUFB, CC's head written as
 *   the 16 bytes ending the message, the last block's store after it; the
 *   shuffles from a table at offsets set by the length; no stack buffer).
 *   Before, only the 16-block passes ran here and aes_x86ni_xts.c did the
 *   rest and the stealing with 128-bit AES-NI (8-block passes, a
 *   buffered stealing step), so 500 B cost 1.6x 512 B. Measured: Zen 5
 *   EPYC, RIJN_CPU_MASK=0x2EFF, same-process A/B of main's librijn.so and
 *   this one, TSC ticks a call, medians of 15 reps (best of 3 calls), 3
 *   processes, encryption (decryption within 1-5 ticks): AES-128 17-20 B
 *   58-59 -> 39-41, 40 B 63 -> 41, 72 B 67 -> 44-45, 100 B 71-72 -> 54,
 *   136 B 78-81 -> 57-60, 264 B 124-127 -> 75-76, 500 B 155-157 ->
 *   109-110, 1000 B 220-221 -> 175-177, 4100 B 522-524 -> 480-484; whole
 *   blocks 64 B 36 -> 33, 128 B 71 -> 44, 240 B 98 -> 67, 384 B 120 ->
 *   90, 496 B 140 -> 107. AES-256: 17-20 B 69-70 -> 50-51, 40 B 74-76 ->
 *   60, 72 B 82 -> 63, 136 B 102-103 -> 76, 264 B 159-161 -> 101, 500 B
 *   199-203 -> 142-144, 1000 B 285-287 -> 230-231, 4100 B 728-730 ->
 *   661-665; 128 B 93 -> 60, 240 B 129 -> 89, 496 B 187 -> 144. Multiples
 *   of 16 blocks (256 B .. 4 KiB: the same passes) within 1.5 %. 3
 *   blocks (48 B) took 1.02-1.11x longer here than in the 128-bit code,
 *   hence the minimum of 4. The stealing still costs 9-31 ticks over the
 *   same length's whole blocks (264 B vs 256 B 9, 1000 B vs 1008 B 20,
 *   1032 B vs 1024 B 31; VAES-512 4-8): its two single blocks run on one
 *   chain after a tail that fills the AES pipes.
 *   Runs only for a context marked RIJN_I_DIR_W256 (RIJN_CPU_MASK hides it
 *   in tests). With AVX-512, aes_x86ni_xts512.c does the whole message
 *   and this file is not used (unmasked and at 0x2C3F, AES-NI alone, the
 *   A/B above within 1 %).
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

/* A pass of nr registers (a constant after inlining) over the last
 * blocks; when odd, the last register holds one block (128-bit load and
 * store: nothing past the message is read or written). */
XINL void tpass(const uint8_t *rk, unsigned rounds, int dec, const __m256i *tw, uint8_t *out,
                const uint8_t *in, unsigned nr, int odd)
{
    __m256i x[NREG], k = bk(rk);
    unsigned i;
    RIJN_UNROLL for (i = 0; i < nr; i++)
        x[i] = _mm256_xor_si256(
            !(odd && i == nr - 1)
                ? _mm256_loadu_si256((const __m256i *)(const void *)(in + 32 * i))
                : _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(in + 32 * i))),
            _mm256_xor_si256(k, tw[i]));
#define ROUND(r)                                                             \
    k = bk(rk + 16 * (r));                                                    \
    RIJN_UNROLL for (i = 0; i < nr; i++)                                     \
        x[i] = dec ? _mm256_aesdec_epi128(x[i], k) : _mm256_aesenc_epi128(x[i], k);
    RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
    k = bk(rk + 16 * rounds);
    RIJN_UNROLL for (i = 0; i < nr; i++) {
        const __m256i kt = _mm256_xor_si256(k, tw[i]);
        x[i] = dec ? _mm256_aesdeclast_epi128(x[i], kt) : _mm256_aesenclast_epi128(x[i], kt);
        if (!(odd && i == nr - 1))
            _mm256_storeu_si256((__m256i *)(void *)(out + 32 * i), x[i]);
        else
            _mm_storeu_si128((__m128i *)(void *)(out + 32 * i), _mm256_castsi256_si128(x[i]));
    }
}

/* The last m < 16 blocks (none when m = 0) from tweak t in one pass of
 * ceil(m / 2) registers, each register's tweaks in one step from T. */
XINL void tail(const uint8_t *rk, unsigned rounds, int dec, __m128i t, uint8_t *out,
               const uint8_t *in, size_t m)
{
    const __m256i t0 = _mm256_inserti128_si256(_mm256_castsi128_si256(t), x86ni_xts_mulx(t), 1);
    const int odd = (int)(m & 1);
    __m256i tw[NREG];
    unsigned i;
#define TAIL(r)                                                              \
    case r:                                                                  \
        tw[0] = t0;                                                          \
        RIJN_UNROLL for (i = 1; i < r; i++)                                  \
            tw[i] = mul_ak(t0, (int)(2 * i));                                \
        tpass(rk, rounds, dec, tw, out, in, r, odd);                         \
        break;
    switch ((m + 1) / 2) {
    TAIL(1) TAIL(2) TAIL(3) TAIL(4) TAIL(5) TAIL(6) TAIL(7) TAIL(8)
    default: break;
    }
#undef TAIL
}

/* t * alpha^m (0 <= m <= 63, a length) in one 128-bit lane. */
XINL __m128i mul_am(__m128i t, unsigned m)
{
    const __m128i o = _mm_srl_epi64(t, _mm_cvtsi32_si128((int)(64 - m)));
    const __m128i red = _mm_clmulepi64_si128(o, _mm_set1_epi64x(0x87), 0x01);
    return _mm_xor_si128(_mm_xor_si128(_mm_sll_epi64(t, _mm_cvtsi32_si128((int)m)),
                                       _mm_unpacklo_epi64(_mm_setzero_si128(), o)),
                         red);
}

/* Byte shuffles for the stealing, read at offsets 16 - r and 16 + r (a
 * length): indices 0..15, then 16 zeroing ones, then 0..15 again. */
static const uint8_t steal_idx[48] = {
    0,    1,    2,    3,    4,    5,    6,    7,    8,    9,    10,   11,   12,   13,   14,   15,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0,    1,    2,    3,    4,    5,    6,    7,    8,    9,    10,   11,   12,   13,   14,   15};

/* Ciphertext stealing: the last whole block (at in, out) with tweak t
 * (its own, T(n)) and the r-byte partial block after it (0 < r < 16), in
 * registers without byte masks: the partial block read as the 16 bytes
 * ending with it (in + r, inside the message) and moved down by a byte
 * shuffle; CC's first r bytes written as the 16 bytes ending at the
 * message's end (out + r), whose first 16 - r bytes the last block's
 * store then overwrites. Both loads come before any store (out == in). */
XINL void steal(const uint8_t *rk, unsigned rounds, int dec, __m128i t, uint8_t *out,
                const uint8_t *in, size_t r)
{
    const __m128i t2 = x86ni_xts_mulx(t), a = dec ? t2 : t, b = dec ? t : t2;
    const __m128i down = _mm_loadu_si128((const __m128i *)(const void *)(steal_idx + 16 - r));
    const __m128i up = _mm_loadu_si128((const __m128i *)(const void *)(steal_idx + 16 + r));
    const __m128i x = _mm_loadu_si128((const __m128i *)(const void *)in);
    const __m128i p = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(in + r)), down);
    const __m128i cc = x86ni_xts_one(rk, rounds, dec, x, a);
    _mm_storeu_si128((__m128i *)(void *)(out + r), _mm_shuffle_epi8(cc, up));
    _mm_storeu_si128((__m128i *)(void *)out,
                     x86ni_xts_one(rk, rounds, dec, _mm_blendv_epi8(p, cc, down), b));
}

/* n whole blocks from tweak t: the 16-block passes, the last 0..15
 * blocks in one pass, then the stealing when r != 0. */
XINL void run(const uint8_t *rk, unsigned rounds, int dec, __m128i t, uint8_t *out,
              const uint8_t *in, size_t n, size_t r)
{
    const size_t k = n & ~(size_t)15, m = n - k;
    if (k != 0) {
        t = run_r(rk, rounds, dec, t, out, in, k);
        in += 16 * k;
        out += 16 * k;
    }
    tail(rk, rounds, dec, t, out, in, m);
    if (r != 0)
        steal(rk, rounds, dec, mul_am(t, (unsigned)m), out + 16 * m, in + 16 * m, r);
}

XTGT void rijn_i_xts_vaes256(const rijn_aes_ctx *aes, int dec, __m128i t, uint8_t *out,
                             const uint8_t *in, size_t n, size_t r)
{
    const uint8_t *rk = dec ? rijn_i_x86ni_dk(aes->ks, aes->rounds) : rijn_i_x86ni_ek(aes->ks);
#define CALL(q)                                                              \
    (dec ? run(rk, q, 1, t, out, in, n, r) : run(rk, q, 0, t, out, in, n, r))
    RIJN_X86NI_BY_ROUNDS_XTS(aes->rounds, CALL);
#undef CALL
}

#endif
