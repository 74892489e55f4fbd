/*
 * gcm_stitch512_key.c -- the per-key table of the stitched VAES-512 GCM
 * loop (gcm_stitch_vaes512.c): its GHASH powers and Karatsuba words in
 * the context (rijn_gcm_ctx.hpow), made when the vpclmul512 GHASH class
 * is bound to a key; and the same table per message for GCM-SIV's
 * opening kernel (gcmsiv_stitch_vaes512.c: rijn_i_gcm_stitch512_pow, from
 * the message's POLYVAL key, the same layout).
 *
 * Implementation notes
 *   Layout (what gcm_stitch_vaes512.c's iterations read): 16 rows of
 *   powers, row q lane j = H^(64 - 4q - j) x^-1 (gcm_clmul_x86.h: no 1-bit
 *   shift after the products), then 8 rows of Karatsuba words, row q / 2
 *   holding those of rows q and q + 1 in its low and high qwords.
 *   Method: from the class's H^16..H^1 (hkey), two dependent levels of
 *   products: H^17..H^32 = H^1..H^16 times H^16, then H^33..H^64 =
 *   H^1..H^32 times H^32 (was three levels of H^16; the same table).
 *   Constant time: carry-less products only; the scratch registers are
 *   wiped. Another GHASH class: the table is zeroed (never read).
 *   Vectors: every GCM test on a CPU with VAES-512 (tests/gcm/).
 */
#include "gcm_i.h"

#if RIJN_I_HAVE_GCM_STITCH512

#define T512 "aes,pclmul,sse2,ssse3,avx,avx2,vaes,vpclmulqdq,avx512f,avx512bw,avx512vl"
#define GCM_CLMUL_INL static inline __attribute__((always_inline, target(T512)))
#define GCM_CLMUL_512 1
#include "gcm_clmul_x86.h"

#define NRMAX 16 /* rows of powers: the 16-register iteration */
#define ST(p, v) _mm512_storeu_si512((void *)(p), (v))

/* hpow from the vpclmul512 layout (hk: H^16 .. H^1, highest first): 16
 * registers, register q lane j = H^(64 - 4q - j) * x^-1, in two dependent
 * levels of products: H^17..H^32 = H^1..H^16 times H^16, then
 * H^33..H^64 = H^1..H^32 times H^32 (three levels of H^16 before: the
 * per-message table of GCM-SIV's opening waits on them); then 8
 * registers of Karatsuba words, register q / 2 holding those of
 * registers q and q + 1 in its low and high qwords. */
__attribute__((target(T512))) static void make_hpow(uint64_t *hpow, const uint64_t *hk)
{
    __m512i h16 = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)hk));
    __m512i p[4], hp[NRMAX], h32;
    unsigned q;
    RIJN_UNROLL for (q = 0; q < 4; q++) {
        p[q] = _mm512_loadu_si512((const void *)(hk + 8 * q));
        hp[8 + q] = gcx_gmul512(p[q], h16); /* H^(32 - 4q - j) */
    }
    h32 = _mm512_shuffle_i64x2(hp[8], hp[8], 0x00);
    RIJN_UNROLL for (q = 0; q < 4; q++) {
        hp[q] = gcx_mulxinv512(gcx_gmul512(hp[8 + q], h32)); /* H^(64 - 4q - j) */
        hp[4 + q] = gcx_mulxinv512(gcx_gmul512(p[q], h32));  /* H^(48 - 4q - j) */
    }
    RIJN_UNROLL for (q = 0; q < 4; q++) {
        hp[8 + q] = gcx_mulxinv512(hp[8 + q]);
        hp[12 + q] = gcx_mulxinv512(p[q]);
    }
    RIJN_UNROLL for (q = 0; q < NRMAX; q++)
        ST(hpow + 8 * q, hp[q]);
    RIJN_UNROLL for (q = 0; q < NRMAX; q += 2) {
        __m512i a = _mm512_xor_si512(hp[q], _mm512_shuffle_epi32(hp[q], _MM_PERM_BADC));
        __m512i b = _mm512_xor_si512(hp[q + 1], _mm512_shuffle_epi32(hp[q + 1], _MM_PERM_BADC));
        ST(hpow + 8 * NRMAX + 4 * q, _mm512_unpacklo_epi64(a, b));
    }
    rijn_wipe(p, sizeof p);
    rijn_wipe(hp, sizeof hp);
}

void rijn_i_gcm_stitch512_pow(uint64_t *hpow, const uint64_t *hk)
{
    make_hpow(hpow, hk);
}

void rijn_i_gcm_stitch512_key(rijn_gcm_ctx *k)
{
    if (k->gh == &rijn_i_ghash_vpclmul512)
        make_hpow(k->hpow, k->hkey);
    else
        rijn_wipe(k->hpow, sizeof k->hpow);
}

#endif
