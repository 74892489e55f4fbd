/*
 * gcm_stitch_vaes512.c -- AES-GCM encryption/decryption with CTR and
 * GHASH in one loop on 512-bit registers: VAES + VPCLMULQDQ + AVX-512,
 * for an AES class with AES-NI round keys (rk_isa) and the vpclmul512 GHASH class.
 *
 * Implementation notes
 *   Layout: 64 counter blocks per iteration in sixteen registers, lane j
 *   of register r holding block 4r + j; the 32-bit big-endian counter is
 *   kept byte-reversed in dword 3 of each lane, so the counters are one
 *   VPADDD away: wrap mod 2^32, nonce bytes untouched, branch-free (J0 of
 *   a nonce other than 12 bytes is secret). With a 12-byte nonce the
 *   counter is public: an iteration whose blocks do not carry out of its
 *   last byte swaps once and adds big-endian increments, from 16 KiB XORs
 *   each register with a row of a per-call table of counter differences
 *   instead (ctr_diffs: an XOR per register instead of an add and an XOR;
 *   1 MiB seal GCM/CTR time AES-128 1.43 -> 1.40, AES-256 1.15 -> 1.14;
 *   made per call, it cost 2 KiB seal 40 %, 32 KiB 3 %, Zen 5). Per call
 *   from 2 KiB (the assembly) a table on the stack (gcm_stitch512_tab_i.h):
 *   round keys (wiped), the counter differences (16 KiB, 12-byte nonces),
 *   and from 32 KiB a 64-byte aligned copy (wiped) of the powers when the context's are off
 *   a cache line (same-layout A/B, Zen 5, 1 MiB, output at +48: AES-128
 *   0.0930 -> 0.0861, AES-256 0.0974 -> 0.0918 ticks/B, medians; 64 KiB
 *   2 % / 1 %). Per key,
 *   in the context (hpow, made by rijn_i_gcm_stitch512_key in
 *   gcm_stitch512_key.c when the GHASH class is bound): GHASH powers
 *   H^64..H^1 (highest first) times x^-1
 *   (gcm_clmul_x86.h: no 1-bit shift after the products) and their
 *   Karatsuba words h0 ^ h1, two registers' words per row; the 8- and
 *   4-register loops use the tail of the same table (made per call
 *   before: 1 KiB seal 4.18 -> 3.62x CTR time).
 *   Method: each iteration runs the AES rounds of 64 counter blocks and
 *   multiplies 64 blocks of ciphertext by their powers, Karatsuba (three
 *   VPCLMULQDQ per register; one unpack pair + XOR makes the Karatsuba
 *   words of two registers), summed unreduced, the pair that takes the
 *   accumulator last; once per 64 blocks the lanes are reduced (two
 *   VPCLMULQDQ) and added. Encryption hashes the previous iteration's
 *   output (re-read from out; the last 64 blocks after the loop),
 *   decryption the ciphertext of the same iteration (read before the
 *   stores: out == in works). Whole iterations: 16 registers from 128
 *   blocks (was 256: 2304 B seal -8 %, open -19 %), then one of 8 and one
 *   of 4 for a rest of 16..48 blocks (the 4-register one was gcm.c's
 *   separate CTR + GHASH passes: 768 B seal -5 %, open -16 %); gcm.c does
 *   the last 0..15 blocks. The 16-register iteration that both hashes and
 *   encrypts is hand-scheduled inline assembly (gcm_vaes512_asm_i.h, from
 *   src/aead/tools/gen_gcm_vaes512.py, whose docstring has the schedule
 *   and what was tried); the rest is intrinsics (iter below). Against the
 *   intrinsics loop (scripts/ab-builds.sh, GCM/CTR time, 1 MiB, Zen 5):
 *   open AES-128 1.59 -> 1.41, AES-256 1.22 -> 1.16; seal AES-256 1.27 ->
 *   1.22, AES-128 1.50 -> 1.50; then counters from a tree of adds: seal
 *   1.47 / 1.16, open 1.43 / 1.13. The bound (bench/host/gcm_bound.c):
 *   VPCLMULQDQ, one per two cycles at any width beside VAESENC: the 48 of
 *   64 blocks take 96 cycles, 1.2x AES-128's 160 VAESENC.
 *   Constant time: VAES, VPCLMULQDQ, adds on the counter; branches on
 *   lengths, CPU features and (12-byte nonces) the public counter only.
 *   Vectors: tests/gcm/test_gcm_stitch.c (every GHASH class, lengths around
 *   every 8-, 32- and 64-block boundary, counters about to wrap).
 */
#include "gcm_i.h"
#include "aes/aesni.h"

#if RIJN_I_HAVE_GCM_STITCH512

#define T512 "aes,pclmul,sse2,ssse3,avx,avx2,vaes,vpclmulqdq,avx512f,avx512bw,avx512vl"
#define INL static inline __attribute__((always_inline, target(T512)))
#define GCM_CLMUL_INL INL
#define GCM_CLMUL_512 1
#include "gcm_clmul_x86.h"

#define GCM512_ASM_FN INL
#include "aead/gcm_vaes512_asm_i.h"

#define NRMAX 16 /* registers (4 blocks each) per iteration: 16, or 8 for short texts */
#define LONG_MIN 128 /* blocks: from here the 16-register loop */
#define PW_COPY_MIN 2048 /* blocks: from here an aligned copy of the powers (align_powers) */
#define DT_MIN 1024 /* blocks: from here the counter differences (ctr_diffs) */

/* An empty asm on each sum after each product: without it the compiler
 * reassociates the XORs into one tree at the end of the iteration and keeps
 * all the products alive until then (spilled to the stack). */
#define KEEP(v) __asm__("" : "+v"(v))

#define LD(p) _mm512_loadu_si512((const void *)(p))
#define ST(p, v) _mm512_storeu_si512((void *)(p), (v))

INL __m512i ctr_swap512(__m512i x)
{
    return _mm512_shuffle_epi8(x, _mm512_broadcast_i32x4(_mm_set_epi8(
                                      12, 13, 14, 15, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)));
}

#include "aead/gcm_stitch512_tab_i.h"

/* Karatsuba words of two data registers, lane-wise: a0 ^ a1 in the low
 * qword, b0 ^ b1 in the high one (three operations for two registers). */
INL __m512i kara2(__m512i a, __m512i b)
{
    return _mm512_xor_si512(_mm512_unpacklo_epi64(a, b), _mm512_unpackhi_epi64(a, b));
}

/* GHASH state of one iteration: the data registers being multiplied and
 * the unreduced sums. */
typedef struct ghs {
    __m512i d[NRMAX], t[NRMAX], lo, mid, hi;
} ghs;

/* Unit u (0 .. 3 nr / 2 - 1) of the GHASH of the 4 nr blocks at g:
 * registers q, q + 1 with q = (2 (u / 3) + 2) mod nr (q = 0, which takes
 * the accumulator, last), part u % 3: loads, byte swaps, Karatsuba words
 * and the low products; the high products; the middle products. */
INL void gh_unit(unsigned u, unsigned nr, const tab *tb, ghs *h, const __m128i *s,
                 const uint8_t *g)
{
    unsigned q = (2 * (u / 3) + 2) % nr, j;
    switch (u % 3) {
    case 0:
        RIJN_UNROLL for (j = q; j < q + 2; j++) {
            __m512i d = gcx_bswap512(LD(g + 64 * j));
            if (j == 0)
                d = _mm512_xor_si512(d, _mm512_zextsi128_si512(*s));
            h->d[j] = d;
        }
        h->t[q] = kara2(h->d[q], h->d[q + 1]);
        h->lo = _mm512_ternarylogic_epi64(h->lo, _mm512_clmulepi64_epi128(h->d[q], HP(q), 0x00),
                                          _mm512_clmulepi64_epi128(h->d[q + 1], HP(q + 1), 0x00),
                                          0x96);
        KEEP(h->lo);
        break;
    case 1:
        h->hi = _mm512_ternarylogic_epi64(h->hi, _mm512_clmulepi64_epi128(h->d[q], HP(q), 0x11),
                                          _mm512_clmulepi64_epi128(h->d[q + 1], HP(q + 1), 0x11),
                                          0x96);
        KEEP(h->hi);
        break;
    default:
        h->mid = _mm512_ternarylogic_epi64(h->mid,
                                           _mm512_clmulepi64_epi128(h->t[q], KP(q), 0x00),
                                           _mm512_clmulepi64_epi128(h->t[q], KP(q), 0x11),
                                           0x96);
        KEEP(h->mid);
        break;
    }
}

#define GH_S 10 /* GHASH slots of the intrinsics iteration */

/* Slot r of S: units [NU (r - 1) / S, NU r / S), NU = 3 nr / 2 (at most
 * three). A loop, not one `if` per possible unit: constant bounds once
 * inlined (unrolled), and no source arm no input can take (coverage). */
#define GH_SLOT(r, S)                                                                     \
    do {                                                                                  \
        const unsigned nu_ = 3 * nr / 2, b_ = nu_ * (r) / (S);                            \
        unsigned u_;                                                                      \
        RIJN_UNROLL for (u_ = nu_ * ((r) - 1) / (S); u_ < b_; u_++)                       \
            gh_unit(u_, nr, tb, &h, s, g);                                                \
    } while (0)

/* The hand-scheduled iteration (gcm_vaes512_asm_i.h) of 16 registers:
 * encrypt (seal) or decrypt 64 blocks in -> out, hash the 64 at g. */
INL void iter_asm(const tab *tb, unsigned rounds, __m128i *s, __m512i *cw, uint8_t *out,
                  const uint8_t *in, const uint8_t *g, int be, unsigned c, int seal)
{
    const gcm512_ptrs p = {tb->rk, tb->hp, tb->kp, gcm512_c, in, out, g, tb->dt[(c >> 6) & 1]};
    be = be ? tb->pub : 0; /* 2: the counter differences (ctr_diffs) */
    __m512i sz = _mm512_zextsi128_si512(*s);
    if (seal) {
        if (rounds == 10)
            gcm512_seal10(&sz, *cw, be, &p);
        else if (rounds == 12)
            gcm512_seal12(&sz, *cw, be, &p);
        else
            gcm512_seal14(&sz, *cw, be, &p);
    } else {
        if (rounds == 10)
            gcm512_open10(&sz, *cw, be, &p);
        else if (rounds == 12)
            gcm512_open12(&sz, *cw, be, &p);
        else
            gcm512_open14(&sz, *cw, be, &p);
    }
    *cw = _mm512_add_epi32(*cw, _mm512_broadcast_i32x4(_mm_set_epi32(4 * NRMAX, 0, 0, 0)));
    *s = _mm512_castsi512_si128(sz);
}

/* One iteration of nr registers: aes = encrypt 4 nr counter blocks, in ->
 * out; gh = hash the 4 nr blocks at g into *s. The GHASH units are spread
 * evenly over GH_S slots: after each of the rounds 1 .. GH_S - 1 and after
 * the last round (rounds past the tenth have none). Both at once with 16
 * registers: the hand-scheduled iteration (seal: the direction). */
INL void iter(const tab *tb, unsigned rounds, unsigned nr, __m128i *s, __m512i *cw,
              uint8_t *out, const uint8_t *in, const uint8_t *g, int aes, int gh, int be,
              unsigned c, int seal)
{
    __m512i x[NRMAX];
    ghs h;
    unsigned i;
    h.lo = _mm512_setzero_si512();
    h.mid = h.lo;
    h.hi = h.lo;
    if (aes && gh && nr == NRMAX) {
        iter_asm(tb, rounds, s, cw, out, in, g, be, c, seal);
        return;
    }
    if (aes) {
        const __m512i four = _mm512_broadcast_i32x4(_mm_set_epi32(4, 0, 0, 0));
        if (be) { /* no carry out of the last byte: add there, big-endian */
            const __m512i cb = ctr_swap512(*cw);
            RIJN_UNROLL for (i = 0; i < nr; i++) {
                x[i] = _mm512_xor_si512(
                    _mm512_add_epi32(cb, _mm512_broadcast_i32x4(
                                             _mm_set_epi32((int)(4 * i) << 24, 0, 0, 0))),
                    RK(0));
            }
            *cw = _mm512_add_epi32(*cw, _mm512_broadcast_i32x4(_mm_set_epi32((int)(4 * nr), 0, 0, 0)));
        } else {
            RIJN_UNROLL for (i = 0; i < nr; i++) {
                x[i] = _mm512_xor_si512(ctr_swap512(*cw), RK(0));
                *cw = _mm512_add_epi32(*cw, four);
            }
        }
#define ROUND(r)                                                                          \
    RIJN_UNROLL for (i = 0; i < nr; i++)                                                  \
        x[i] = _mm512_aesenc_epi128(x[i], RK(r));                                     \
    if (gh && (r) < GH_S)                                                                 \
        GH_SLOT(r, GH_S);
        RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
        RIJN_UNROLL for (i = 0; i < nr; i++) /* the input into the last round key: off the chain */
            x[i] = _mm512_aesenclast_epi128(
                x[i], _mm512_xor_si512(RK(rounds), LD(in + 64 * i)));
        if (gh)
            GH_SLOT(GH_S, GH_S);
        RIJN_UNROLL for (i = 0; i < nr; i++)
            ST(out + 64 * i, x[i]);
    } else {
        RIJN_UNROLL for (i = 0; i < nr; i += 2) { /* after the last iteration of encryption */
            __m512i d = gcx_bswap512(LD(g + 64 * i)), e = gcx_bswap512(LD(g + 64 * i + 64));
            __m512i t;
            if (i == 0)
                d = _mm512_xor_si512(d, _mm512_zextsi128_si512(*s));
            t = kara2(d, e);
            h.lo = _mm512_ternarylogic_epi64(h.lo, _mm512_clmulepi64_epi128(d, HP(i), 0x00),
                                             _mm512_clmulepi64_epi128(e, HP(i + 1), 0x00), 0x96);
            h.hi = _mm512_ternarylogic_epi64(h.hi, _mm512_clmulepi64_epi128(d, HP(i), 0x11),
                                             _mm512_clmulepi64_epi128(e, HP(i + 1), 0x11), 0x96);
            h.mid = _mm512_ternarylogic_epi64(h.mid, _mm512_clmulepi64_epi128(t, KP(i), 0x00),
                                              _mm512_clmulepi64_epi128(t, KP(i), 0x11), 0x96);
        }
    }
    if (gh) {
        __m512i mid = _mm512_ternarylogic_epi64(h.mid, h.lo, h.hi, 0x96);
        *s = gcx_reduce_pre(gcx_fold512(h.lo), gcx_fold512(mid), gcx_fold512(h.hi));
    }
}

/* n: a multiple of 4 nr, at least 4 nr. */
INL void body(const tab *tb, unsigned rounds, unsigned nr, uint8_t y[16],
              uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t n, int enc)
{
    __m128i s = gcx_bswap(_mm_loadu_si128((const __m128i *)(const void *)y));
    __m512i cw = _mm512_add_epi32(
        ctr_swap512(_mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)ctr))),
        _mm512_set_epi32(3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0));
    size_t i, step = 4 * nr;
    /* low byte of the counter, public when tb->pub: BE adds while the
     * iteration's blocks do not carry out of it */
    size_t c = ctr[15];
#define BE (tb->pub && (c & 0xFFu) <= 256 - step)
    if (enc) {
        iter(tb, rounds, nr, &s, &cw, out, in, NULL, 1, 0, BE, (unsigned)c, 1);
        for (i = step, c += step; i < n; i += step, c += step)
            iter(tb, rounds, nr, &s, &cw, out + 16 * i, in + 16 * i, out + 16 * (i - step),
                 1, 1, BE, (unsigned)c, 1);
        iter(tb, rounds, nr, &s, &cw, NULL, NULL, out + 16 * (n - step), 0, 1, 0, 0, 1);
    } else {
        for (i = 0; i < n; i += step, c += step)
            iter(tb, rounds, nr, &s, &cw, out + 16 * i, in + 16 * i, in + 16 * i, 1, 1, BE,
                 (unsigned)c, 0);
    }
#undef BE
    _mm_storeu_si128((__m128i *)(void *)y, gcx_bswap(s));
    _mm_storeu_si128((__m128i *)(void *)ctr, _mm512_castsi512_si128(ctr_swap512(cw)));
}


/* The loops: one copy per width and direction, rounds at run time (the
 * hand-scheduled iteration has a copy per key size; the 8-register loop's
 * rounds past the tenth carry no GHASH units). */
__attribute__((target(T512))) static void loop(const tab *tb, unsigned rounds, unsigned nr,
                                               uint8_t y[16], uint8_t ctr[16], uint8_t *out,
                                               const uint8_t *in, size_t n, int enc)
{
    if (nr == NRMAX) {
        if (enc)
            body(tb, rounds, NRMAX, y, ctr, out, in, n, 1);
        else
            body(tb, rounds, NRMAX, y, ctr, out, in, n, 0);
    } else if (nr == 8) {
        if (enc)
            body(tb, rounds, 8, y, ctr, out, in, n, 1);
        else
            body(tb, rounds, 8, y, ctr, out, in, n, 0);
    } else if (enc) {
        body(tb, rounds, 4, y, ctr, out, in, n, 1);
    } else {
        body(tb, rounds, 4, y, ctr, out, in, n, 0);
    }
}

__attribute__((target(T512))) static void run(const uint8_t *ek, unsigned rounds,
                                              const uint64_t *hpow, int pub, uint8_t y[16],
                                              uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                                              size_t n, int enc)
{
    tab tb;
    size_t n16 = n >= LONG_MIN ? n - n % 64 : 0;
    int copied = 0;
    tb.pub = pub;
    if (n16 != 0) {
        setup(&tb, ek, rounds, hpow, 16);
        copied = align_powers(&tb, hpow, n16);
        if (pub && n16 >= DT_MIN) {
            ctr_diffs(&tb, ctr[15]);
            tb.pub = 2;
        }
        loop(&tb, rounds, NRMAX, y, ctr, out, in, n16, enc);
    } else {
        setup(&tb, ek, rounds, hpow, 8);
    }
    if (n16 != n) { /* a rest of 48, 32 or 16 blocks: H^32..H^1, then H^16..H^1 */
        size_t r = n - n16, n8 = r - r % 32;
        if (n16 != 0)
            powers(&tb, hpow, 8);
        if (n8 != 0)
            loop(&tb, rounds, 8, y, ctr, out + 16 * n16, in + 16 * n16, n8, enc);
        if (n8 != r) {
            powers(&tb, hpow, 4);
            loop(&tb, rounds, 4, y, ctr, out + 16 * (n16 + n8), in + 16 * (n16 + n8), 16, enc);
        }
    }
    rijn_wipe(tb.rk, n16 != 0 ? sizeof tb.rk[0] * (rounds + 1) : 0);
    rijn_wipe(tb.pw, copied ? sizeof tb.pw : 0);
}

size_t rijn_i_gcm_stitch512(const rijn_gcm_ctx *k, rijn_gcm_msg *m, uint8_t *out,
                            const uint8_t *in, size_t nblocks, int enc)
{
    /* the caller checked the AES-NI layout and the vpclmul512 GHASH entry
     * (PCLMULQDQ, SSSE3, VPCLMULQDQ, AVX-512); W512: VAES on ZMM */
    size_t n = nblocks - nblocks % 16;
    if (n == 0 || !rijn_i_aes_w512(&k->aes))
        return 0;
    run(rijn_i_aes_rk_enc(&k->aes), k->aes.rounds, k->hpow, m->ctr_mode == RIJN_I_CTR_BE32,
        m->y, m->ctr, out, in, n, enc);
    return n;
}

#endif
