/*
 * aesni.h -- helpers for code built on the x86 AES-NI instructions: the
 * target attributes, unaligned 16-byte loads and stores, the round
 * sequence unrolled per key size, n blocks through the cipher or the
 * inverse cipher, one block to a store. Not a class: the "x86ni" class
 * (aes_x86ni*.c) and the kernels in src/aead that run the same
 * instructions on a schedule in the standard round-key layout (aes_i.h:
 * rijn_i_aes_rk_enc / _dec, rk_isa) share them.
 */
#ifndef RIJN_AESNI_H
#define RIJN_AESNI_H

#include "aes_i.h"
#include "core/cpu.h"
#include "internal.h"

#if RIJN_I_AES_RK_AESNI

#include <immintrin.h>

#define RIJN_X86NI_TARGET __attribute__((target("aes,sse2,ssse3")))
/* The VEX copies of the one-shot entries (contexts with RIJN_I_DIR_VEX):
 * the same inline bodies, compiled for AVX. */
#define RIJN_X86NI_VEX_TARGET __attribute__((target("aes,avx")))
#define RIJN_X86NI_INLINE static inline __attribute__((always_inline, target("aes,sse2,ssse3")))

RIJN_X86NI_INLINE __m128i x86ni_ld(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}
RIJN_X86NI_INLINE void x86ni_st(uint8_t *p, __m128i v)
{
    _mm_storeu_si128((__m128i *)(void *)p, v);
}

/* ROUND(r) for r = 1 .. rounds-1 (rounds 10, 12 or 14), fully unrolled:
 * a round loop makes GCC copy every state register once per round. */
#define RIJN_X86NI_ROUNDS(ROUND, rounds)                                     \
    ROUND(1) ROUND(2) ROUND(3) ROUND(4) ROUND(5) ROUND(6) ROUND(7) ROUND(8)  \
    ROUND(9)                                                                 \
    if ((rounds) > 10) {                                                     \
        ROUND(10) ROUND(11)                                                  \
        if ((rounds) > 12) {                                                 \
            ROUND(12) ROUND(13)                                              \
        }                                                                    \
    }

/* Rounds 1 .. rounds-1 of the n blocks x[0..n-1] (n <= 8 and dec
 * constants after inlining): AESDEC with the decryption round keys rk
 * when dec, else AESENC with the encryption ones; the first and last
 * rounds are the caller's (XTS and OCB fold their offsets into those
 * round keys). */
RIJN_X86NI_INLINE void x86ni_mid_rounds(__m128i *x, unsigned n, const uint8_t *rk,
                                        unsigned rounds, int dec)
{
    __m128i k;
    unsigned i;
#define ROUND(r)                                                             \
    k = x86ni_ld(rk + 16 * (r));                                              \
    RIJN_UNROLL for (i = 0; i < n; i++)                                      \
        x[i] = dec ? _mm_aesdec_si128(x[i], k) : _mm_aesenc_si128(x[i], k);
    RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
}

/* Encrypt the n blocks x[0..n-1] (n a constant after inlining, <= 8)
 * with the round keys ek; round keys are read from the schedule each
 * round, never copied to the stack. Callers use x86ni_encn below. */
RIJN_X86NI_INLINE void x86ni_encn_r(__m128i *x, unsigned n, const uint8_t *ek, unsigned rounds)
{
    __m128i k = x86ni_ld(ek);
    unsigned i;
    RIJN_UNROLL for (i = 0; i < n; i++)
        x[i] = _mm_xor_si128(x[i], k);
#define ROUND(r)                                                             \
    k = x86ni_ld(ek + 16 * (r));                                              \
    RIJN_UNROLL for (i = 0; i < n; i++)                                      \
        x[i] = _mm_aesenc_si128(x[i], k);
    RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
    k = x86ni_ld(ek + 16 * rounds);
    RIJN_UNROLL for (i = 0; i < n; i++)
        x[i] = _mm_aesenclast_si128(x[i], k);
}

/* Same with the decryption round keys dk (equivalent inverse cipher). */
RIJN_X86NI_INLINE void x86ni_decn_r(__m128i *x, unsigned n, const uint8_t *dk, unsigned rounds)
{
    __m128i k = x86ni_ld(dk);
    unsigned i;
    RIJN_UNROLL for (i = 0; i < n; i++)
        x[i] = _mm_xor_si128(x[i], k);
#define ROUND(r)                                                             \
    k = x86ni_ld(dk + 16 * (r));                                              \
    RIJN_UNROLL for (i = 0; i < n; i++)                                      \
        x[i] = _mm_aesdec_si128(x[i], k);
    RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
    k = x86ni_ld(dk + 16 * rounds);
    RIJN_UNROLL for (i = 0; i < n; i++)
        x[i] = _mm_aesdeclast_si128(x[i], k);
}

/* The entry points: one straight-line body per key size. With the key
 * size known only at run time, the "rounds > 10" joins of
 * RIJN_X86NI_ROUNDS made GCC -O3 keep x[] in memory and store and reload
 * every block at each join (a 4-block AES-128 ECB call ran as slowly as
 * AES-256); a constant per branch keeps the blocks in registers. */
#define RIJN_X86NI_BY_ROUNDS(rounds, CALL)                                   \
    do {                                                                     \
        if (__builtin_expect((rounds) == 10, 1))                             \
            CALL(10);                                                        \
        else if ((rounds) == 12)                                             \
            CALL(12);                                                        \
        else                                                                 \
            CALL(14);                                                        \
    } while (0)
/* The same for XTS, whose keys are AES-128 or AES-256 only (IEEE 1619;
 * rijn_xts_init refuses 48-byte keys): no AES-192 body compiled. */
#define RIJN_X86NI_BY_ROUNDS_XTS(rounds, CALL)                               \
    do {                                                                     \
        if (__builtin_expect((rounds) == 10, 1))                             \
            CALL(10);                                                        \
        else                                                                 \
            CALL(14);                                                        \
    } while (0)
RIJN_X86NI_INLINE void x86ni_encn(__m128i *x, unsigned n, const uint8_t *ek, unsigned rounds)
{
#define CALL(r) x86ni_encn_r(x, n, ek, r)
    RIJN_X86NI_BY_ROUNDS(rounds, CALL);
#undef CALL
}
RIJN_X86NI_INLINE void x86ni_decn(__m128i *x, unsigned n, const uint8_t *dk, unsigned rounds)
{
#define CALL(r) x86ni_decn_r(x, n, dk, r)
    RIJN_X86NI_BY_ROUNDS(rounds, CALL);
#undef CALL
}

/* One block, s already xored with round key 0, encrypted and stored to
 * out; returns RIJN_OK. A straight body per key size: AES-128 reaches its
 * return with no taken branch, AES-256 with one. For AES-256 its own
 * copies of ek, out and the result (an empty asm) keep GCC from computing
 * the rounds AES-128 shares before the key-size test and from merging the
 * store and return with AES-128's (which left AES-256 three taken branches
 * and a 16-byte CBC call 1.1x Nettle's time). */
RIJN_X86NI_INLINE __m128i x86ni_enc1_r(__m128i s, const uint8_t *ek, unsigned rounds)
{
#define ROUND(r) s = _mm_aesenc_si128(s, x86ni_ld(ek + 16 * (r)));
    RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
    return _mm_aesenclast_si128(s, x86ni_ld(ek + 16 * rounds));
}
RIJN_X86NI_INLINE int x86ni_enc1_store(__m128i s, const uint8_t *ek, unsigned rounds,
                                       uint8_t *out)
{
    int r = RIJN_OK;
    if (RIJN_LIKELY(rounds == 10)) {
        __asm__("" : "+r"(r)); /* nor this return with the caller's others */
        x86ni_st(out, x86ni_enc1_r(s, ek, 10));
        return r;
    }
    if (RIJN_LIKELY(rounds == 14)) {
        __asm__(" " : "+r"(ek), "+r"(out), "+r"(r));
        x86ni_st(out, x86ni_enc1_r(s, ek, 14));
        return r;
    }
    x86ni_st(out, x86ni_enc1_r(s, ek, 12));
    return RIJN_OK;
}

#endif /* RIJN_I_AES_RK_AESNI */
#endif /* RIJN_AESNI_H */
