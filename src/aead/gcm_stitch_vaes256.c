/*
 * gcm_stitch_vaes256.c -- AES-GCM encryption/decryption with CTR and
 * GHASH in one loop on 256-bit registers: VAES + VPCLMULQDQ + AVX2 (CPUs
 * with VAES but without AVX-512, or with it masked), for an AES
 * class with AES-NI round keys (rk_isa) and the pclmul GHASH class; and
 * the same loop for AES-GCM-SIV's opening (CTR and the POLYVAL of the
 * plaintext, rijn_i_gcmsiv_open_stitch256).
 *
 * Implementation notes
 *   Layout: 16 counter blocks per iteration in eight YMM registers, lane j
 *   of register r holding block 2r + j; the 32-bit big-endian counter is
 *   kept byte-reversed in dword 3 of each lane (one VPSHUFB), so the
 *   counters are one VPADDD away: wrap mod 2^32, nonce bytes untouched,
 *   branch-free (J0 of a nonce other than 12 bytes is secret). GHASH
 *   powers H^16..H^1, two per register (highest first), multiplied by
 *   x^-1 (gcm_clmul_x86.h) so the products need no 1-bit shift: read from
 *   the key context's hpow, made at key setup from the pclmul class's
 *   H^1..H^8 (rijn_i_gcm_pclmul_key; made per call before, with a wipe:
 *   RIJN_CPU_MASK=0x2EFF, min of 100 x 500 calls, Zen 5, TSC ticks per
 *   message, seal 256 B 258 -> 159, 1 KiB 401 -> 308, 2 KiB 608 -> 509;
 *   open 1 KiB 423 -> 302).
 *   Method: each iteration runs the AES rounds of 16 counter blocks and,
 *   between rounds 1..8, multiplies one register of ciphertext (two
 *   blocks) by its two powers (four VPCLMULQDQ), summed unreduced; the
 *   two lanes are folded and reduced once per 16 blocks, by two
 *   PCLMULQDQ (gcx_reduce_clmul; the shifts of gcx_reduce_pre competed
 *   with the AES rounds: RIJN_CPU_MASK=0x2EFF scripts/ab-builds.sh, Zen 5,
 *   1 MiB seal AES-128 0.228 -> 0.203 ticks/B, AES-256 0.222 -> 0.210,
 *   open 0.194 -> 0.190, 1 KiB seal 0.426 -> 0.401). Encryption
 *   hashes the previous iteration's output (re-read from out; the last 16
 *   blocks after the loop), decryption the ciphertext of the same
 *   iteration (read before the stores: out == in works). Whole
 *   iterations only; the 128-bit kernel (gcm_stitch_x86.c) and gcm.c do
 *   the rest.
 *   GCM-SIV (siv, a constant of each inlined body): the counter is the
 *   little-endian first dword, kept as loaded (lane j: ctr + j, adds of
 *   2 in dword 0: wraps mod 2^32, the other bytes untouched), POLYVAL
 *   takes the blocks and the state without byte swaps, the powers
 *   H^16..H^1 x^-1 are made per call from the message's POLYVAL key
 *   (gcx_pow16_256, wiped), and, the plaintext being the output, the
 *   loop is encryption's (each iteration hashes the previous one's
 *   output). From 32 blocks. RIJN_CPU_MASK=0x2EFF scripts/ab-builds.sh
 *   SIV=1 OPEN=1, main 2dc80f0 vs this, Zen 5, medians (ticks/B):
 *   AES-128 1 MiB 0.263 -> 0.203, 16 KiB 0.288 -> 0.225, 1 KiB 0.812 ->
 *   0.720, 512 B 1.340 -> 1.223; AES-256 0.304 -> 0.214, 0.337 ->
 *   0.245, 0.891 -> 0.770, 1.491 -> 1.344; GCM unchanged (seal 1 MiB
 *   0.2065 -> 0.2056, open 0.2063 -> 0.2055).
 *   Constant time: VAES, VPCLMULQDQ, adds on the counter; branches on
 *   lengths and CPU features only.
 *   Vectors: tests/gcm/test_gcmsiv_stitch.c (GCM-SIV), tests/gcm/test_gcm_stitch.c (re-run with AVX-512 masked: this
 *   kernel; lengths around every 8- and 16-block boundary, counters about
 *   to wrap) and every GCM test run with RIJN_CPU_MASK hiding AVX-512.
 */
#include "gcm_i.h"
#include "aes/aesni.h"

#if RIJN_I_HAVE_GCM_STITCH_X86

#define T256 "aes,pclmul,sse2,ssse3,avx,avx2,vaes,vpclmulqdq"
#define INL static inline __attribute__((always_inline, target(T256)))
#define GCM_CLMUL_INL INL
#define GCM_CLMUL_256 1
#include "gcm_clmul_x86.h"

#define NR 8 /* registers (2 blocks each) per iteration */
#define SIV_MIN 32 /* blocks: from here GCM-SIV's opening */
#define LD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define ST(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))

INL __m256i bcast(__m128i x)
{
    return _mm256_broadcastsi128_si256(x);
}

INL __m256i ctr_swap256(__m256i x)
{
    return _mm256_shuffle_epi8(
        x, bcast(_mm_set_epi8(12, 13, 14, 15, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)));
}

/* Register q of the 16 blocks at g against hp[q]; block 0 gets s
 * (POLYVAL, siv: no byte swap). */
#define GH_STEP(q)                                                                        \
    do {                                                                                  \
        __m256i d_ = siv ? LD(g + 32 * (q)) : gcx_bswap256(LD(g + 32 * (q)));              \
        if ((q) == 0)                                                                     \
            d_ = _mm256_xor_si256(d_, _mm256_zextsi128_si256(*s));                        \
        GCX_MUL2(d_, LD(hp + 4 * (q)), lo, mid, hi);                                                 \
    } while (0)

/* siv: GCM-SIV's counter (little-endian, dword 0, kept as is) and
 * POLYVAL; else GCM's (byte-reversed in dword 3) and GHASH. */
INL void iter(const uint8_t *ek, unsigned rounds, const uint64_t *hp, __m128i *s, __m256i *cw,
              uint8_t *out, const uint8_t *in, const uint8_t *g, int aes, int gh, int siv)
{
    __m256i x[NR], k, lo = _mm256_setzero_si256(), mid = lo, hi = lo;
    unsigned i;
    if (aes) {
        const __m256i two = bcast(siv ? _mm_set_epi32(0, 0, 0, 2) : _mm_set_epi32(2, 0, 0, 0));
        k = bcast(_mm_loadu_si128((const __m128i *)(const void *)ek));
        RIJN_UNROLL for (i = 0; i < NR; i++) {
            x[i] = _mm256_xor_si256(siv ? *cw : ctr_swap256(*cw), k);
            *cw = _mm256_add_epi32(*cw, two);
        }
#define ROUND(r)                                                                 \
    k = bcast(_mm_loadu_si128((const __m128i *)(const void *)(ek + 16 * (r))));   \
    RIJN_UNROLL for (i = 0; i < NR; i++)                                         \
        x[i] = _mm256_aesenc_epi128(x[i], k);                                    \
    if (gh && (r) <= NR)                                                         \
        GH_STEP((r) - 1);
        RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
        k = bcast(_mm_loadu_si128((const __m128i *)(const void *)(ek + 16 * rounds)));
        RIJN_UNROLL for (i = 0; i < NR; i++)
            x[i] = _mm256_xor_si256(_mm256_aesenclast_epi128(x[i], k), LD(in + 32 * i));
        RIJN_UNROLL for (i = 0; i < NR; i++)
            ST(out + 32 * i, x[i]);
    } else {
        RIJN_UNROLL for (i = 0; i < NR; i++)
            GH_STEP(i);
    }
    if (gh) {
        *s = gcx_reduce_clmul(gcx_fold256(lo), gcx_fold256(mid), gcx_fold256(hi));
    }
}

/* n: a multiple of 2 * NR, at least 2 * NR; y in POLYVAL byte order when
 * siv (then enc: the output, the plaintext, is hashed). */
INL void body(const uint8_t *ek, unsigned rounds, const uint64_t *hp, uint8_t y[16],
              uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t n, int enc, int siv)
{
    __m128i s = _mm_loadu_si128((const __m128i *)(const void *)y);
    __m256i cw = bcast(_mm_loadu_si128((const __m128i *)(const void *)ctr));
    size_t i;
    if (siv) {
        cw = _mm256_add_epi32(cw, _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0));
    } else {
        s = gcx_bswap(s);
        cw = _mm256_add_epi32(ctr_swap256(cw), _mm256_set_epi32(1, 0, 0, 0, 0, 0, 0, 0));
    }
    if (enc) {
        iter(ek, rounds, hp, &s, &cw, out, in, NULL, 1, 0, siv);
        for (i = 2 * NR; i < n; i += 2 * NR)
            iter(ek, rounds, hp, &s, &cw, out + 16 * i, in + 16 * i, out + 16 * (i - 2 * NR),
                 1, 1, siv);
        iter(ek, rounds, hp, &s, &cw, NULL, NULL, out + 16 * (n - 2 * NR), 0, 1, siv);
    } else {
        for (i = 0; i < n; i += 2 * NR)
            iter(ek, rounds, hp, &s, &cw, out + 16 * i, in + 16 * i, in + 16 * i, 1, 1, 0);
    }
    _mm_storeu_si128((__m128i *)(void *)y, siv ? s : gcx_bswap(s));
    _mm_storeu_si128((__m128i *)(void *)ctr,
                     _mm256_castsi256_si128(siv ? cw : ctr_swap256(cw)));
}

__attribute__((target(T256))) static void run(const uint8_t *ek, unsigned rounds,
                                              const uint64_t *hp, uint8_t y[16],
                                              uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                                              size_t n, int enc)
{
    body(ek, rounds, hp, y, ctr, out, in, n, enc, 0);
}

/* GCM-SIV's opening: the powers from the message's POLYVAL key (pclmul
 * layout), made per call (gcx_pow16_256) and wiped. */
__attribute__((target(T256))) static void run_siv(const uint8_t *ek, unsigned rounds,
                                                  const uint64_t *hk, uint8_t s[16],
                                                  uint8_t ctr[16], uint8_t *out,
                                                  const uint8_t *in, size_t n)
{
    __m256i hp[NR];
    gcx_pow16_256(hk, hp);
    body(ek, rounds, (const uint64_t *)(const void *)hp, s, ctr, out, in, n, 1, 1);
    rijn_wipe(hp, sizeof hp);
}

size_t rijn_i_gcm_stitch256(const rijn_gcm_ctx *k, rijn_gcm_msg *m, uint8_t *out,
                            const uint8_t *in, size_t nblocks, int enc)
{
    /* the caller checked the AES-NI layout and a pclmul-layout GHASH entry
     * (PCLMULQDQ, SSSE3); W256: VAES (reported with AVX only), AVX2;
     * VPCLMULQDQ: the vpclmul256 entry */
    size_t n = nblocks - nblocks % (2 * NR);
    if (n == 0 || !rijn_i_aes_w256(&k->aes) || !(k->gh->flags & RIJN_I_GHASH_VPCLMUL))
        return 0;
    run(rijn_i_aes_rk_enc(&k->aes), k->aes.rounds, k->hpow, m->y, m->ctr, out, in, n, enc);
    return n;
}

size_t rijn_i_gcmsiv_open_stitch256(const rijn_aes_ctx *aes, const uint64_t *hk, uint8_t s[16],
                                    uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                                    size_t nblocks)
{
    /* W256: VAES (reported with AVX only) + AVX2, so no ALT test.
     * PCLMULQDQ, SSSE3, VPCLMULQDQ, AVX2 and the pclmul layout: gh is the
     * vpclmul256 entry (the one caller, rijn_i_gcmsiv_open_stitch, sends
     * only an entry flagged RIJN_I_GHASH_VPCLMUL other than vpclmul512). */
    size_t n = nblocks - nblocks % (2 * NR);
    if (n < SIV_MIN || !rijn_i_aes_rk_aesni(aes) || !rijn_i_aes_w256(aes))
        return 0;
    run_siv(rijn_i_aes_rk_enc(aes), aes->rounds, hk, s, ctr, out, in, n);
    return n;
}

#endif
