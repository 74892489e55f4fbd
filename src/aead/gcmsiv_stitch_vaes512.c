/*
 * gcmsiv_stitch_vaes512.c -- AES-GCM-SIV decryption (open) with its CTR
 * and the POLYVAL of the plaintext in one loop on 512-bit registers: VAES
 * + VPCLMULQDQ + AVX-512, for an AES class with AES-NI round keys
 * (rk_isa) and the vpclmul512 GHASH class (gcmsiv.c calls it through
 * rijn_i_gcmsiv_open_stitch, gcm_i.h, which hands the other GHASH
 * classes to the VAES-256 kernel in gcm_stitch_vaes256.c or the AES-NI
 * one in gcm_stitch_x86.c).
 *
 * Implementation notes
 *   Only opening can be stitched: sealing's counter is its tag, the
 *   POLYVAL of the whole plaintext. Opening runs CTR from the received
 *   tag and hashes the plaintext it produces, as GCM's opening hashes
 *   the ciphertext it reads (gcm_stitch_vaes512.c).
 *   Shared with GCM's 512-bit kernel: the hand-scheduled 64-block
 *   iteration of the generator src/aead/tools/gen_gcm_vaes512.py (the same
 *   schedule, the same GHASH pairs, Karatsuba words and two-VPCLMULQDQ
 *   reduction; its GCM-SIV variant, gcm512_sivopen*, differs in round 0
 *   and the loads: counters_siv() and no byte swaps), its constants and
 *   pointer block (gcm_vaes512_asm_i.h, included with GCM512_ASM_SIV),
 *   the per-call table (gcm_stitch512_tab_i.h: broadcast round keys, the
 *   64-byte aligned rows of powers) and the power table's layout and
 *   maker (gcm_stitch512_key.c, rijn_i_gcm_stitch512_pow: H^64..H^1
 *   times x^-1, highest first, then the Karatsuba words).
 *   Differences: POLYVAL is GHASH in the V form on unswapped blocks (RFC
 *   8452 appendix A: the vpclmul512 class's native POLYVAL is its GHASH
 *   without the byte swaps), so the accumulator and the data go in as
 *   they are; the powers come from the message's POLYVAL key (hk from
 *   rijn_i_polyval_setkey, all 16 powers since the message has at least
 *   64 blocks), made per call into the table's aligned rows (GCM-SIV
 *   derives a key per message); the counter is the little-endian first
 *   dword of each lane, kept as loaded: lane j of the counter word holds
 *   ctr + j, register i is that plus 4i (VPADDD: wraps mod 2^32, the
 *   other 12 bytes untouched), no byte swap and no public/secret split.
 *   The plaintext is the output, so (like GCM's sealing, and with its
 *   schedule) each iteration hashes the previous one's output: the first
 *   64 blocks are CTR alone (gcm_ctr_vaes512.c), the last 64 are hashed
 *   after the loop (hash64). Whole 64-block iterations only; gcmsiv.c
 *   runs CTR and POLYVAL over the rest.
 *   Measured (scripts/ab-builds.sh SIV=1 OPEN=1, main b56e8f9 against
 *   this, one process, 41 reps, medians of three runs, ticks/B, Zen 5):
 *   1 MiB AES-128 0.132 -> 0.077, AES-256 0.154 -> 0.084 (GCM seal
 *   0.084); 16 KiB 0.152 -> 0.107, 0.177 -> 0.118. The per-call setup
 *   (the 64 powers from the key's 16; the broadcast round keys; the
 *   wipes) cost ~130 ticks: run from 64 blocks it lost, 1 KiB 0.549 ->
 *   0.665 (AES-256 0.614 -> 0.744), 2 KiB 0.336 -> 0.370, 3 KiB 0.268
 *   -> 0.272, 4 KiB 0.229 -> 0.217, 8 KiB 0.178 -> 0.144 (AES-128).
 *   Then the powers made before the first 64 blocks' CTR (their
 *   latency-bound products overlap its rounds; they came after) and in
 *   two levels of products instead of three (gcm_stitch512_key.c):
 *   from 64 blocks, 1 KiB 0.665 -> 0.608 -> 0.598, 2 KiB 0.372 -> 0.370
 *   (two-pass 0.365), 3 KiB 0.272 -> 0.2515 -> 0.249 (two-pass 0.268);
 *   so it runs from MIN_BLOCKS = 192 (3 KiB): against two passes
 *   (cd81230, 41 reps, two runs) AES-128 3 KiB 0.268 -> 0.250, 4 KiB
 *   0.219 -> 0.204, 16 KiB 0.107 -> 0.106; AES-256 0.317-0.322 ->
 *   0.290, 0.244-0.249 -> 0.234-0.237, 0.121-0.123 -> 0.118-0.119.
 *   Tried: opening's schedule (the GHASH work over rounds 1 .. R, the
 *   stores after the last round; gen_gcm_vaes512.py) instead of
 *   sealing's: AES-128 equal (1 MiB 0.0757 -> 0.0761, 0.0771 -> 0.0774),
 *   AES-256 slower (1 MiB 0.0828 -> 0.0842, 0.0832 -> 0.0856; 16 KiB
 *   0.1190 -> 0.1202), two runs of 41 reps each; not kept.
 *   Constant time: VAES, VPCLMULQDQ, adds on the counter; branches on
 *   lengths, the key size and CPU features only. The round keys and the
 *   powers on the stack are wiped.
 *   Vectors: tests/gcm/test_gcmsiv_stitch.c (lengths around the kernel's
 *   thresholds, counters wrapping mod 2^32 inside an iteration, in place
 *   and apart, unaligned, AAD lengths; against the two passes on the
 *   ct64 class: OpenSSL 3.0 has no GCM-SIV), the RFC 8452 and Wycheproof
 *   GCM-SIV vectors.
 */
#include "gcm_i.h"
#include "aes/aesni.h"

#if RIJN_I_HAVE_GCM_STITCH512 /* x86 (AArch64: gcm_stitch_arm.c) */

#define T512 "aes,pclmul,sse2,ssse3,avx,avx2,vaes,vpclmulqdq,avx512f,avx512bw,avx512vl"
#define INL static inline __attribute__((always_inline, unused, target(T512)))
#define GCM_CLMUL_INL INL
#define GCM_CLMUL_512 1
#include "gcm_clmul_x86.h"

#define GCM512_ASM_FN INL
#define GCM512_ASM_SIV 1 /* the GCM-SIV functions only */
#include "aead/gcm_vaes512_asm_i.h"

#define NRMAX 16 /* registers (4 blocks each) per iteration */
#define PW_COPY_MIN 1 /* align_powers is unused here: the powers are made into tb.pw */
#define MIN_BLOCKS 192 /* from here the kernel (see the notes: per-call setup) */
#define LD(p) _mm512_loadu_si512((const void *)(p))
#include "aead/gcm_stitch512_tab_i.h"

/* POLYVAL of the 64 blocks at g into s against the table's powers
 * (after the last iteration; gcm_stitch_vaes512.c's hash-only iteration
 * without the byte swaps). */
INL __m512i hash64(const tab *tb, __m512i s, const uint8_t *g)
{
    __m512i lo = _mm512_setzero_si512(), mid = lo, hi = lo;
    unsigned i;
    RIJN_UNROLL for (i = 0; i < NRMAX; i += 2) {
        __m512i d = LD(g + 64 * i), e = LD(g + 64 * i + 64), t;
        if (i == 0)
            d = _mm512_xor_si512(d, s);
        t = _mm512_xor_si512(_mm512_unpacklo_epi64(d, e), _mm512_unpackhi_epi64(d, e));
        lo = _mm512_ternarylogic_epi64(lo, _mm512_clmulepi64_epi128(d, HP(i), 0x00),
                                       _mm512_clmulepi64_epi128(e, HP(i + 1), 0x00), 0x96);
        hi = _mm512_ternarylogic_epi64(hi, _mm512_clmulepi64_epi128(d, HP(i), 0x11),
                                       _mm512_clmulepi64_epi128(e, HP(i + 1), 0x11), 0x96);
        mid = _mm512_ternarylogic_epi64(mid, _mm512_clmulepi64_epi128(t, KP(i), 0x00),
                                        _mm512_clmulepi64_epi128(t, KP(i), 0x11), 0x96);
    }
    mid = _mm512_ternarylogic_epi64(mid, lo, hi, 0x96);
    return _mm512_zextsi128_si512(gcx_reduce_pre(gcx_fold512(lo), gcx_fold512(mid),
                                                 gcx_fold512(hi)));
}

/* Iterations over blocks [64, n): each decrypts 64 blocks and hashes the
 * 64 it decrypted before (out - 64 blocks, stored by the previous call:
 * out == in works); fn the iteration of the key size. */
#define LOOP(fn)                                                                          \
    for (i = 64; i < n; i += 64) {                                                         \
        p.in = in + 16 * i;                                                                \
        p.out = out + 16 * i;                                                              \
        p.g = out + 16 * (i - 64);                                                         \
        fn(&sz, cw, 0, &p);                                                                \
        cw = _mm512_add_epi32(cw, step);                                                   \
    }

/* n a multiple of 64, at least 64. The first 64 blocks are CTR alone
 * (the loop hashes one iteration behind), after the powers: their
 * latency-bound products overlap its rounds. */
__attribute__((target(T512))) static void run(const rijn_aes_ctx *aes, const uint64_t *hk,
                                              uint8_t s[16], uint8_t ctr[16], uint8_t *out,
                                              const uint8_t *in, size_t n)
{
    const uint8_t *ek = rijn_i_aes_rk_enc(aes);
    const unsigned rounds = aes->rounds;
    tab tb;
    gcm512_ptrs p;
    const __m512i step = _mm512_broadcast_i32x4(_mm_set_epi32(0, 0, 0, 64));
    __m512i cw, sz;
    size_t i;
    rijn_i_gcm_stitch512_pow((uint64_t *)(void *)tb.pw, hk);
    (void)rijn_i_aead_ctr_le32_vaes512(aes, ctr, out, in, 64); /* 64: the caller's checks */
    cw = _mm512_add_epi32(
        _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)ctr)),
        _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0));
    sz = _mm512_zextsi128_si512(_mm_loadu_si128((const __m128i *)(const void *)s));
    setup(&tb, ek, rounds, (const uint64_t *)(const void *)tb.pw, NRMAX);
    p.rk = tb.rk;
    p.hp = tb.hp;
    p.kp = tb.kp;
    p.c = gcm512_c;
    p.d = NULL;
    if (rounds == 10)
        LOOP(gcm512_sivopen10)
    else if (rounds == 12)
        LOOP(gcm512_sivopen12)
    else
        LOOP(gcm512_sivopen14)
    sz = hash64(&tb, sz, out + 16 * (n - 64));
    _mm_storeu_si128((__m128i *)(void *)s, _mm512_castsi512_si128(sz));
    _mm_storeu_si128((__m128i *)(void *)ctr, _mm512_castsi512_si128(cw));
    rijn_wipe(tb.rk, sizeof tb.rk[0] * (rounds + 1));
    rijn_wipe(tb.pw, sizeof tb.pw);
}

size_t rijn_i_gcmsiv_open_stitch(const rijn_aes_ctx *aes, const rijn_i_ghash_impl *gh,
                                 const uint64_t *hk, uint8_t s[16], uint8_t ctr[16],
                                 uint8_t *out, const uint8_t *in, size_t nblocks)
{
    /* vpclmul512 bound: the CPU has PCLMULQDQ, SSSE3, VPCLMULQDQ and
     * AVX-512 (the registry); W512: VAES on ZMM */
    size_t n = nblocks - nblocks % 64;
    if (gh != &rijn_i_ghash_vpclmul512) { /* VAES-256 with vpclmul256, else AES-NI */
        if (gh->flags & RIJN_I_GHASH_VPCLMUL)
            return rijn_i_gcmsiv_open_stitch256(aes, hk, s, ctr, out, in, nblocks);
        return rijn_i_gcmsiv_open_stitch128(aes, gh, hk, s, ctr, out, in, nblocks);
    }
    if (n < MIN_BLOCKS || !rijn_i_aes_rk_aesni(aes) || !rijn_i_aes_w512(aes))
        return 0;
    run(aes, hk, s, ctr, out, in, n);
    return n;
}

#endif
