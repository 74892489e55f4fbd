/*
 * gcm_stitch_x86.c -- AES-GCM encryption/decryption with CTR and GHASH in
 * one loop ("stitched"): AES-NI + PCLMULQDQ on 128-bit registers, for the
 * AES class with AES-NI round keys (rk_isa) and the pclmul GHASH class (CPUs without VAES-512 /
 * VPCLMULQDQ-512, or with them masked); and the same loop for AES-GCM-SIV's
 * opening (CTR and the POLYVAL of the plaintext, rijn_i_gcmsiv_open_stitch128)
 * with the pclmul / pclmul-avx entries (CPUs without VAES, or masked).
 *
 * Implementation notes
 *   Layout: eight counter blocks per iteration in eight registers; the
 *   32-bit big-endian counter is kept with its bytes reversed in lane 3
 *   (one PSHUFB), so counter j of an iteration is one PADDD and one PSHUFB
 *   away: it wraps mod 2^32 and never touches the nonce bytes, branch-free
 *   (J0 from a nonce other than 12 bytes is secret). H^1..H^8 and their
 *   Karatsuba words come from the pclmul class's key material.
 *   Method: each iteration runs the AES rounds of eight counter blocks and,
 *   after eight of the middle rounds (spread over 9, 11 or 13), multiplies
 *   one of eight ciphertext blocks by H^8..H^1 (Karatsuba: three PCLMULQDQ
 *   per block, products summed unreduced; the block that takes the
 *   previous sum last, so its reduction has time), then reduces once
 *   with two PCLMULQDQ (gcx_reduce_clmul: 11 operations instead of the
 *   24 shifts and XORs of gcx_reduce_pre, which cost more beside the AES
 *   rounds than the two extra multiplies).
 *   Encryption hashes the previous iteration's output (re-read from out;
 *   the last eight blocks after the loop), decryption the ciphertext of
 *   the same iteration (read before the stores: out == in works). Whole
 *   iterations only; gcm.c does the rest.
 *   One body per key size and direction (RIJN_X86NI_BY_ROUNDS), the
 *   iteration loop not unrolled: with the round count a run-time value
 *   the joins after rounds 10 and 12 made GCC keep the eight blocks in
 *   memory, and the SSE build (no AVX: Westmere-class CPUs, VMs hiding
 *   AVX) ran at 0.627 ticks/B (AES-128 seal 1 MiB, Zen 5 with
 *   RIJN_CPU_MASK=0xF, CTR 0.208), behind libgcrypt; then 0.408 (GCC) /
 *   0.364 (Clang); AES-256 0.658 -> 0.429, open 0.642 -> 0.383. An empty
 *   asm (KEEP) on the three sums after each product and on the counter
 *   stops GCC from summing the products in one tree after the rounds
 *   (every product spilled): GCC 0.404 -> 0.371 (AES-256 0.416 -> 0.390,
 *   open 0.373 -> 0.364 / 0.431 -> 0.409; scripts/ab-builds.sh). The
 *   spread and the order: AES-128 seal 0.391 -> 0.367, open 0.383 ->
 *   0.367, AES-256 0.412 -> 0.407, 0.417 -> 0.410. Bound (an xmm variant
 *   of bench/host/gcm_bound.c, per iteration): 80 AESENC 0.190 ticks/B, 24
 *   PCLMULQDQ 0.228, both 0.229, with 64 XORs 0.268. With AVX but no
 *   VAES (mask 0x3F) 0.430 -> 0.356. The PCLMULQDQ reduction: AES-128
 *   seal 0.363 -> 0.331, open 0.361 -> 0.341, AES-256 0.402 -> 0.378,
 *   0.400 -> 0.384; 1 KiB 0.482 -> 0.457; 0x3F 0.354 -> 0.331 (in the
 *   GHASH-only loop of ghash_pclmul.c, bound by the multiplier, it lost:
 *   0.243 -> 0.248).
 *   Two builds of the same body: with AVX (VEX three-operand forms) when
 *   the CPU has it, else SSE. On a CPU with VAES + VPCLMULQDQ (no
 *   AVX-512, or masked) the 256-bit kernel (gcm_stitch_vaes256.c) takes
 *   the 16-block iterations first and this one at most one of 8 blocks.
 *   GCM-SIV (siv, a constant of each inlined body; run_* with enc = 2):
 *   the counter is the little-endian first dword, kept as loaded (adds
 *   of 0..7 there: wraps mod 2^32, the other bytes untouched), POLYVAL
 *   takes the blocks and the state without byte swaps, H^1..H^8 from
 *   the message's POLYVAL key (pclmul layout), and the loop is
 *   encryption's (the output, the plaintext, is hashed one iteration
 *   behind). From 8 blocks. The AVX build when the message key has the
 *   ALT mark (rijn_i_aes_key_like copies it now). scripts/ab-builds.sh
 *   SIV=1 OPEN=1, main d06b69d vs this, 21 reps, Zen 5, medians
 *   (ticks/B), RIJN_CPU_MASK=0x2C3F (AVX, no VAES): AES-128 1 MiB 0.441
 *   -> 0.305, 16 KiB 0.467 -> 0.331, 1 KiB 0.886 -> 0.751, 256 B 2.22
 *   -> 2.10, 128 B 4.16 -> 4.12; AES-256 0.528 -> 0.351, 0.559 ->
 *   0.380, 1.050 -> 0.845, 2.66 -> 2.36, 4.74 -> 4.44; 0xF (the SSE
 *   build) AES-128 1 MiB 0.448 -> 0.346, 1 KiB 0.882 -> 0.774, AES-256
 *   0.532 -> 0.362, 1.042 -> 0.864. GCM unchanged (0x2C3F, 1 MiB seal
 *   0.3323 -> 0.3315, open 0.3357 -> 0.3365).
 *   Constant time: AES-NI, PCLMULQDQ, adds on the counter; branches on
 *   lengths and CPU features only.
 *   Vectors: tests/gcm/test_gcm_stitch.c (seal/open/streaming against OpenSSL
 *   around every unroll boundary, unaligned, in place, counters about to
 *   wrap, with this path forced by RIJN_CPU_MASK), Wycheproof
 *   (tests/gcm/test_gcm_wycheproof.c, rerun with AVX hidden for the SSE
 *   build), and every GCM test.
 */
#include "gcm_i.h"
#include "aes/aesni.h"

#if RIJN_I_HAVE_GCM_STITCH_X86

#define T_SSE "aes,pclmul,sse2,ssse3"
#define T_AVX "aes,pclmul,sse2,ssse3,avx"
#define INL static inline __attribute__((always_inline, target(T_SSE)))
#define GCM_CLMUL_INL INL
#include "gcm_clmul_x86.h"

INL __m128i ctr_swap(__m128i x) /* bytes 12..15 reversed, the rest kept */
{
    return _mm_shuffle_epi8(x, _mm_set_epi8(12, 13, 14, 15, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
}

/* An empty asm on a value: GCC then neither reassociates the sums of
 * the products into one XOR tree after the last round (keeping every
 * product alive, spilled) nor turns the counter into eight induction
 * variables kept on the stack. */
#define KEEP(v) __asm__("" : "+x"(v))

#define SIV_MIN 8 /* blocks: from here GCM-SIV's opening */

/* Block j (0..7) of g against H^(8-j): the power and its Karatsuba word
 * (j a constant once the loops below are unrolled). */
#define LDU(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
INL void gh_step(unsigned j, const uint8_t *g, const __m128i *s, const __m128i *hp,
                 const __m128i *kp, __m128i *lo, __m128i *mid, __m128i *hi, int siv)
{
    __m128i d = siv ? LDU(g + 16 * j) : gcx_bswap(LDU(g + 16 * j)); /* POLYVAL: as is */
    if (j == 0)
        d = _mm_xor_si128(d, *s);
    if ((7 - j) & 1)
        GCX_MUL_KK(d, hp[7 - j], kp[(7 - j) / 2], 0x10, *lo, *mid, *hi);
    else
        GCX_MUL_KK(d, hp[7 - j], kp[(7 - j) / 2], 0x00, *lo, *mid, *hi);
    KEEP(*lo);
    KEEP(*mid);
    KEEP(*hi);
}

/* The hashing steps after round r: step k (0..7, block (k + 1) % 8, so
 * block 0, the one that waits for the previous reduction, comes last)
 * goes after round 1 + k (rounds - 1) / 8, i.e. the steps of round r are
 * k in [GH_FIRST(r), GH_FIRST(r + 1)): spread over the 9, 11 or 13 middle
 * rounds. A loop, not one `if` per (round, step): the bounds are
 * constants once inlined (0..2 trips: GCC unrolls it without a pragma,
 * which it would ignore on the empty ones), and the source has no arm no
 * input can take (coverage counts source conditions: the 104 `if`s
 * before had 89 such arms). */
#define GH_FIRST(r) ((8u * ((r) - 1) + rounds - 2) / (rounds - 1))
#define GH_AT(r)                                                                          \
    do {                                                                                  \
        unsigned k_;                                                                      \
        for (k_ = GH_FIRST(r); gh && k_ < GH_FIRST((r) + 1); k_++)                        \
            gh_step((k_ + 1) % 8, g, s, hp, kp, &lo, &mid, &hi, siv);                     \
    } while (0)

/* One iteration: aes = encrypt 8 counter blocks in -> out; gh = hash the
 * 8 blocks at g into *s (aes, gh, siv and rounds constants after
 * inlining). siv: GCM-SIV's counter (little-endian, first dword, kept as
 * is) and POLYVAL (no byte swaps). */
INL void iter(const uint8_t *ek, unsigned rounds, const __m128i *hp, const __m128i *kp,
              __m128i *s, __m128i *cw, uint8_t *out, const uint8_t *in, const uint8_t *g,
              int aes, int gh, int siv)
{
    __m128i x[8], k, lo = _mm_setzero_si128(), mid = lo, hi = lo;
    unsigned i;
    if (aes) {
        KEEP(*cw);
        k = LDU(ek);
        RIJN_UNROLL for (i = 0; i < 8; i++)
            x[i] = _mm_xor_si128(
                siv ? _mm_add_epi32(*cw, _mm_set_epi32(0, 0, 0, (int)i))
                    : ctr_swap(_mm_add_epi32(*cw, _mm_set_epi32((int)i, 0, 0, 0))),
                k);
        *cw = _mm_add_epi32(*cw, siv ? _mm_set_epi32(0, 0, 0, 8) : _mm_set_epi32(8, 0, 0, 0));
#define ROUND(r)                                                                 \
    k = LDU(ek + 16 * (r));                                                      \
    RIJN_UNROLL for (i = 0; i < 8; i++)                                          \
        x[i] = _mm_aesenc_si128(x[i], k);                                        \
    GH_AT(r);
        RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
        k = LDU(ek + 16 * rounds);
        RIJN_UNROLL for (i = 0; i < 8; i++)
            x[i] = _mm_xor_si128(_mm_aesenclast_si128(x[i], k), LDU(in + 16 * i));
        RIJN_UNROLL for (i = 0; i < 8; i++)
            _mm_storeu_si128((__m128i *)(void *)(out + 16 * i), x[i]);
    } else {
        RIJN_UNROLL for (i = 0; i < 8; i++)
            gh_step(i, g, s, hp, kp, &lo, &mid, &hi, siv);
    }
    if (gh)
        *s = gcx_reduce_clmul(lo, _mm_xor_si128(mid, _mm_xor_si128(lo, hi)), hi);
}

/* n: a multiple of 8, at least 8; rounds and enc constants (one body per
 * key size and direction: with rounds known only at run time, the joins of
 * RIJN_X86NI_ROUNDS made GCC keep the eight blocks in memory, see
 * aes/aesni.h). The iteration loop is not unrolled (code size). */
INL void body(const uint8_t *ek, unsigned rounds, const uint64_t *hk, uint8_t y[16],
              uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t n, int enc, int siv)
{
    __m128i s = siv ? LDU(y) : gcx_bswap(LDU(y)), cw = siv ? LDU(ctr) : ctr_swap(LDU(ctr));
    __m128i hp[8], kp[4];
    size_t i;
    gcx_prep8(hk, hp, kp);
    if (enc) { /* GCM-SIV's opening too: it hashes its output */
        iter(ek, rounds, hp, kp, &s, &cw, out, in, NULL, 1, 0, siv);
        for (i = 8; i < n; i += 8)
            iter(ek, rounds, hp, kp, &s, &cw, out + 16 * i, in + 16 * i, out + 16 * (i - 8), 1,
                 1, siv);
        iter(ek, rounds, hp, kp, &s, &cw, NULL, NULL, out + 16 * (n - 8), 0, 1, siv);
    } else {
        for (i = 0; i < n; i += 8)
            iter(ek, rounds, hp, kp, &s, &cw, out + 16 * i, in + 16 * i, in + 16 * i, 1, 1, 0);
    }
    _mm_storeu_si128((__m128i *)(void *)y, siv ? s : gcx_bswap(s));
    _mm_storeu_si128((__m128i *)(void *)ctr, siv ? cw : ctr_swap(cw));
    rijn_wipe(hp, sizeof hp);
    rijn_wipe(kp, sizeof kp);
}

/* One function per build (SSE, AVX): a body per key size and direction. */
#define RUN(name, tgt)                                                                        \
    __attribute__((target(tgt))) static void name(const uint8_t *ek, unsigned rounds,        \
                                                  const uint64_t *hk, uint8_t y[16],         \
                                                  uint8_t ctr[16], uint8_t *out,             \
                                                  const uint8_t *in, size_t n, int enc)      \
    {                                                                                         \
        if (enc == 2) {                                                                       \
            RIJN_X86NI_BY_ROUNDS(rounds, CALL_S);                                             \
        } else if (enc) {                                                                     \
            RIJN_X86NI_BY_ROUNDS(rounds, CALL_E);                                             \
        } else {                                                                              \
            RIJN_X86NI_BY_ROUNDS(rounds, CALL_D);                                             \
        }                                                                                     \
    }
#define CALL_E(r) body(ek, r, hk, y, ctr, out, in, n, 1, 0)
#define CALL_D(r) body(ek, r, hk, y, ctr, out, in, n, 0, 0)
#define CALL_S(r) body(ek, r, hk, y, ctr, out, in, n, 1, 1) /* GCM-SIV open (enc 2) */
RUN(run_sse, T_SSE)
RUN(run_avx, T_AVX)
#undef CALL_E
#undef CALL_D
#undef CALL_S
#undef RUN

size_t rijn_i_gcm_stitch(const rijn_gcm_ctx *k, rijn_gcm_msg *m, uint8_t *out,
                         const uint8_t *in, size_t nblocks, int enc)
{
    size_t n, d;
    if (!rijn_i_aes_rk_aesni(&k->aes)) /* the one caller (gcm.c) sends 8+ blocks */
        return 0;
#if RIJN_I_HAVE_GCM_STITCH512
    if (k->gh == &rijn_i_ghash_vpclmul512)
        return rijn_i_gcm_stitch512(k, m, out, in, nblocks, enc);
#endif
    /* AES-NI: rk_aesni above; PCLMULQDQ + SSSE3: the GHASH entry */
    if (!(k->gh->flags & RIJN_I_GHASH_HK_PCLMUL))
        return 0;
    /* VAES-256 first (16-block iterations), then 8-block ones here */
    d = rijn_i_gcm_stitch256(k, m, out, in, nblocks, enc);
    n = (nblocks - d) & ~(size_t)7;
    if (n == 0)
        return d;
    out += 16 * d;
    in += 16 * d;
    if (RIJN_I_AES_ALT(&k->aes)) /* x86ni's alt_cpu: AVX */
        run_avx(rijn_i_aes_rk_enc(&k->aes), k->aes.rounds, k->hkey, m->y, m->ctr, out, in, n,
                enc);
    else
        run_sse(rijn_i_aes_rk_enc(&k->aes), k->aes.rounds, k->hkey, m->y, m->ctr, out, in, n,
                enc);
    return d + n;
}

size_t rijn_i_gcmsiv_open_stitch128(const rijn_aes_ctx *aes, const rijn_i_ghash_impl *gh,
                                    const uint64_t *hk, uint8_t s[16], uint8_t ctr[16],
                                    uint8_t *out, const uint8_t *in, size_t nblocks)
{
    size_t n = nblocks & ~(size_t)7;
    /* AES-NI: rk_aesni; PCLMULQDQ + SSSE3: a pclmul-layout GHASH entry */
    if (n < SIV_MIN || !rijn_i_aes_rk_aesni(aes) || !(gh->flags & RIJN_I_GHASH_HK_PCLMUL))
        return 0;
    if (RIJN_I_AES_ALT(aes)) /* x86ni's alt_cpu: AVX */
        run_avx(rijn_i_aes_rk_enc(aes), aes->rounds, hk, s, ctr, out, in, n, 2);
    else
        run_sse(rijn_i_aes_rk_enc(aes), aes->rounds, hk, s, ctr, out, in, n, 2);
    return n;
}

#endif
