/*
 * aes_x86ni_xts512.c -- XTS with VAES on 512-bit registers, tweaks computed
 * in registers (x86ni AES class: AVX-512 F/BW/VL, VAES, VPCLMULQDQ): the
 * whole blocks and the ciphertext stealing.
 *
 * Implementation notes
 *   Layout: a pass is 32 blocks in eight registers, lane j of register r
 *   holding block 4r + j and its tweak T(4r + j). Tweaks stay in the
 *   registers: lane j of register r starts as T * alpha^(4r + j), each
 *   register in one step from T (TW_AT), and between passes each register
 *   moves on by alpha^32 on its own (mul_a32: eight independent steps, no
 *   chain through one register). A step is a shift of the 128-bit lane (for
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
 *   The whole message runs here from 3 whole blocks on (and with any
 *   stealing): the 32-block passes, then the last 1..31 blocks in one pass
 *   of ceil(m / 4) registers (tail: the same tweak registers, no step;
 *   the last register's loads and stores masked by quadword, so nothing
 *   past the message is read or written), then the ciphertext stealing in
 *   registers (steal: the partial block by byte-masked loads and stores,
 *   merged by a masked blend; no stack buffer). Each tweak register comes
 *   from T in one step (TW_AT: variable shifts, mul_av; no store), and for
 *   a message under one pass only the registers its tail uses are built.
 *   Measured for it (Zen 5 EPYC, unmasked, same-process A/B of main's
 *   librijn.so and this one, TSC ticks a call, medians of 15 reps, 3
 *   processes; encryption, decryption alike): before, the 512-bit code
 *   did only whole 32-block passes and left the rest to
 *   aes_x86ni_xts256.c (16-block passes) and the 128-bit code, with the
 *   tweak passed through a wiped stack buffer, so 768 B took longer than
 *   1 KiB. AES-128 before -> after: 256 B 68 -> 40.5, 512 B 79-80 ->
 *   68.6, 768 B 129-133 -> 80-81, 1 KiB 112-113 -> 99-100, 1280 B
 *   161-166 -> 109-112, 1536 B 143 -> 128-130, 4 KiB 299 -> 283, 4608 B
 *   331 -> 312-316, 1 MiB 0.075-0.077 -> 0.063 ticks/B (the 32-block
 *   passes as before); stealing: 500 B 157-163 -> 77-78, 1000 B 247-251
 *   -> 104-105, 4100 B 438-457 -> 286. AES-256: 256 B 89-90 -> 56-57,
 *   512 B 100-101 -> 90, 768 B 161-162 -> 104-105, 1 KiB 144 -> 131,
 *   1280 B 205-206 -> 146-148, 4 KiB 400 -> 380-384, 1 MiB 0.089-0.090
 *   -> 0.083-0.084, 500 B 202-215 -> 101, 1000 B 309-312 -> 138. Every
 *   block count from 4 to 70 is faster than before and costs no more
 *   than the next multiple of 32 blocks; 1-3 blocks unchanged (the
 *   128-bit code: this one took 28 ticks for 1 or 2 blocks, the 128-bit
 *   code 20 / 24; 3 blocks 28 both). Steps, AES-128: a tail of 16 blocks
 *   in 4 registers and of 17-31 in 8 (768 B 132 -> 97) cost a 17-block
 *   message 1.05x and a 33-block one 1.03x before: ceil(m / 4) registers
 *   fixed both (272 B 76 -> 61, 528 B 99 -> 83); this code for 1-15
 *   blocks too (128 B 71 -> 51; 1 block 20 -> 47 at first); building
 *   only the tail's registers (1 block 47 -> 39, 256 B 58 -> 53); the
 *   tweak in a register across the call, no buffer to wipe, and the
 *   stealing here (80 B 43 -> 32, 512 B 79 -> 74, 500 B 103 -> 81); each
 *   register from T in one step, not from the first one by a shift (mul_ak)
 *   (512 B 72.9 -> 69.3, 256 B 42.8 -> 40.5, 1 KiB 104 -> 100). Masking
 *   every tail register, not only the last, cost 1 % or less. The two
 *   stealing blocks with their rounds unrolled (one: RIJN_X86NI_ROUNDS;
 *   was a loop over the rounds), the same A/B, 3 processes: AES-128
 *   17-72 B 50-53 -> 42-45 ticks (decryption 54 -> 43-46), 136 B 54 ->
 *   46, 264 B 62 -> 57-58, 500 B 78-79 -> 75-76, 1000 B 105 -> 103-104;
 *   AES-256 17-20 B 67-68 -> 53, 72 B 70-71 -> 61, 264 B 82-83 -> 77-78;
 *   other lengths unchanged. Tried, not kept: the last whole block in the
 *   tail pass (its output taken from the register by VPERMQ, decryption's
 *   lane given the next tweak by a masked move; a tail body for it), the
 *   stolen block alone after it: 500 B 75-76 -> 66-67 (AES-256 100-107
 *   -> 88-89), 1000 B 103-104 -> 100-101, but 17-72 B decryption 43-46
 *   -> 49-50, 100-136 B 46 -> 51-52, and 1040 B (no stealing, the same
 *   passes) 1.01-1.05x. The same only for tails of 16 blocks or more (a
 *   tail body of its own, 10 KB more code), 2 processes: 500-520 B
 *   0.89-0.92x, 300 B 0.89-0.99x, 1000 B 0.94-0.98x, 4100 B 0.98-0.99x,
 *   but AES-128 100-136 B and AES-256 40-72 B encryption 1.05-1.08x (their
 *   path unchanged: code placement); not kept either. The stealing block
 *   before the tail in program order (its chain scheduled first): 72-136 B
 *   1.08-1.20x.
 *   Runs only for a context marked RIJN_I_DIR_W512 (the x86ni-vaes512
 *   class, which runs where the CPU has VAES, VPCLMULQDQ and AVX-512;
 *   RIJN_CPU_MASK hides it in tests).
 *   Constant time: VAES, VPCLMULQDQ, shifts, shuffles, XOR; branches on
 *   lengths only.
 *   Vectors: tests/modes/test_xts.c (CAVP XTSGenAES128/256, OpenSSL
 *   differential) and tests/core/test_perf_paths.c (1..70 blocks and
 *   stealing tails, unaligned and in place, against OpenSSL, the bytes
 *   around the output checked unwritten), with and without the AVX-512
 *   mask.
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

/* t * alpha^k in every 128-bit lane (IEEE 1619 little-endian order), k
 * per 64-bit element (0..63, both halves of a lane alike): the lane
 * shifted left by k (the bits crossing from the low to the high quadword
 * by an unpack; a count of 64 shifts all out), the k bits shifted out of
 * the top times x^7 + x^2 + x + 1 by one carry-less multiply. */
XINL __m512i mul_av(__m512i t, __m512i k)
{
    __m512i o = _mm512_srlv_epi64(t, _mm512_sub_epi64(_mm512_set1_epi64(64), k));
    __m512i cross = _mm512_unpacklo_epi64(_mm512_setzero_si512(), o);
    __m512i red = _mm512_clmulepi64_epi128(o, _mm512_set1_epi64(0x87), 0x01);
    return _mm512_ternarylogic_epi64(_mm512_sllv_epi64(t, k), cross, red, 0x96);
}

/* T(j .. j + 3) from bt (T in every lane), each in one step from T. */
#define TW_AT(bt, j)                                                         \
    mul_av(bt, _mm512_set_epi64((j) + 3, (j) + 3, (j) + 2, (j) + 2, (j) + 1, (j) + 1, (j), (j)))

/* t * alpha^m (0 <= m <= 63, a length) in one 128-bit lane. */
XINL __m128i mul_am(__m128i t, unsigned m)
{
    __m128i o = _mm_srl_epi64(t, _mm_cvtsi32_si128((int)(64 - m)));
    __m128i red = _mm_clmulepi64_si128(o, _mm_set1_epi64x(0x87), 0x01);
    return _mm_xor_si128(_mm_xor_si128(_mm_sll_epi64(t, _mm_cvtsi32_si128((int)m)),
                                       _mm_unpacklo_epi64(_mm_setzero_si128(), o)),
                         red);
}

/* One pass over nr registers (nr and masked constants after inlining):
 * 4 nr blocks, or when masked only the blocks whose quadwords qm marks
 * (loads and stores masked: nothing outside them is read or written). */
XINL void pass(const uint8_t *rk, unsigned rounds, int dec, const __m512i *tw, uint8_t *out,
               const uint8_t *in, unsigned nr, int masked, uint64_t qm)
{
    __m512i x[NREG], k;
    unsigned i;
    k = bk(rk);
    RIJN_UNROLL for (i = 0; i < nr; i++)
        x[i] = _mm512_ternarylogic_epi64(
            !(masked && i == nr - 1)
                ? _mm512_loadu_si512((const void *)(in + 64 * i))
                : _mm512_maskz_loadu_epi64((__mmask8)(qm >> 8 * i), in + 64 * i),
            tw[i], k, 0x96);
#define ROUND(r)                                                             \
    k = bk(rk + 16 * (r));                                                    \
    RIJN_UNROLL for (i = 0; i < nr; i++)                                     \
        x[i] = dec ? _mm512_aesdec_epi128(x[i], k) : _mm512_aesenc_epi128(x[i], k);
    RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
    k = bk(rk + 16 * rounds);
    RIJN_UNROLL for (i = 0; i < nr; i++) {
        __m512i kt = _mm512_xor_si512(k, tw[i]);
        x[i] = dec ? _mm512_aesdeclast_epi128(x[i], kt) : _mm512_aesenclast_epi128(x[i], kt);
    }
    RIJN_UNROLL for (i = 0; i < nr; i++) {
        if (!(masked && i == nr - 1))
            _mm512_storeu_si512((void *)(out + 64 * i), x[i]);
        else
            _mm512_mask_storeu_epi64(out + 64 * i, (__mmask8)(qm >> 8 * i), x[i]);
    }
}

/* The last m < 32 blocks (none when m = 0) in one pass of ceil(m / 4)
 * registers, the last one masked. */
XINL void tail(const uint8_t *rk, unsigned rounds, int dec, __m512i *tw, uint8_t *out,
               const uint8_t *in, size_t m, int fresh, __m512i bt)
{
    const uint64_t qm = ((uint64_t)1 << (2 * m)) - 1;
    unsigned i;
#define TAIL(r)                                                              \
    case r:                                                                  \
        if (fresh) {                                                         \
            RIJN_UNROLL for (i = 1; i < r; i++)                              \
                tw[i] = TW_AT(bt, 4 * i);                                    \
        }                                                                    \
        pass(rk, rounds, dec, tw, out, in, r, 1, qm);                        \
        break;
    switch ((m + 3) / 4) {
    TAIL(1) TAIL(2) TAIL(3) TAIL(4) TAIL(5) TAIL(6) TAIL(7) TAIL(8)
    default: break;
    }
#undef TAIL
}

/* Ciphertext stealing: the last whole block (at in, out) with tweak t
 * (its own, T(n)) and the r-byte partial block after it (0 < r < 16),
 * in registers: the partial block read and written by byte-masked loads
 * and stores (nothing past it touched; the input read before any output
 * byte is written). */
XINL void steal(const uint8_t *rk, unsigned rounds, int dec, __m128i t, uint8_t *out,
                const uint8_t *in, size_t r)
{
    const __mmask16 km = (__mmask16)((1u << r) - 1);
    const __m128i t2 = mul_am(t, 1), a = dec ? t2 : t, b = dec ? t : t2;
    const __m128i cc =
        x86ni_xts_one(rk, rounds, dec, _mm_loadu_si128((const __m128i *)(const void *)in), a);
    const __m128i p = _mm_maskz_loadu_epi8(km, in + 16);
    _mm_mask_storeu_epi8(out + 16, km, cc);
    const __m128i last = x86ni_xts_one(rk, rounds, dec, _mm_mask_blend_epi8(km, cc, p), b);
    _mm_storeu_si128((__m128i *)(void *)out, last);
}

/* n blocks from tweak t, then the stealing when r != 0. */
XINL void run(const uint8_t *rk, unsigned rounds, int dec, __m128i t, uint8_t *out,
              const uint8_t *in, size_t n, size_t r)
{
    __m512i tw[NREG];
    size_t m;
    unsigned i;
    const __m512i bt = _mm512_broadcast_i32x4(t);
    tw[0] = TW_AT(bt, 0);
    if (n >= 4 * NREG) {
        RIJN_UNROLL for (i = 1; i < NREG; i++)
            tw[i] = TW_AT(bt, 4 * i);
    }
    for (m = n; m >= 4 * NREG; m -= 4 * NREG) {
        pass(rk, rounds, dec, tw, out, in, NREG, 0, 0);
        in += 64 * NREG;
        out += 64 * NREG;
        RIJN_UNROLL for (i = 0; i < NREG; i++)
            tw[i] = mul_a32(tw[i]);
    }
    tail(rk, rounds, dec, tw, out, in, m, n < 4 * NREG, bt); /* the last 0..31 blocks */
    if (r != 0)
        steal(rk, rounds, dec, mul_am(_mm512_castsi512_si128(tw[0]), (unsigned)m), out + 16 * m,
              in + 16 * m, r);
}

XTGT void rijn_i_xts_vaes512(const rijn_aes_ctx *aes, int dec, __m128i t, uint8_t *out,
                             const uint8_t *in, size_t n, size_t r)
{
    const uint8_t *rk = dec ? rijn_i_x86ni_dk(aes->ks, aes->rounds) : rijn_i_x86ni_ek(aes->ks);
    if (dec)
        run(rk, aes->rounds, 1, t, out, in, n, r);
    else
        run(rk, aes->rounds, 0, t, out, in, n, r);
}

#endif
