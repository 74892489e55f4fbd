/*
 * aes_x86ni.h -- internals shared by the files of the "x86ni" class
 * (aes_x86ni.c: key schedule, ECB, class; aes_x86ni_modes.c: 128-bit
 * CTR / CBC paths; aes_x86ni_vaes512.c / aes_x86ni_vaes256.c: VAES paths;
 * aes_x86ni_xts.c: whole XTS messages; aes_x86ni_mac.c: CBC-MAC / CCM).
 * Short messages: the ECB and CTR entries do 1-4 blocks in one pass
 * before any wide-path test, and the one-shot entries the modes call
 * for a context of this class (declared in modes/modes_internal.h:
 * rijn_i_x86ni_ecb_enc/_dec, _ctr_once, _cbc_enc_once) only read the IV
 * and return RIJN_OK, so the public calls end in a tail call.
 *
 * Key schedule layout (in the context's uint64_t ks[], byte view, 16-byte
 * round keys, possibly only 8-byte aligned, so always loaded with loadu):
 *   bytes [0, 16*(rounds+1))                 encryption round keys K0..Kr
 *   bytes [16*(rounds+1), 32*(rounds+1))     decryption round keys for the
 *       equivalent inverse cipher: Kr, IMC(Kr-1), ..., IMC(K1), K0
 *       (only when the context was set up for decryption).
 * 32*(rounds+1) bytes <= RIJN_I_KS_X86NI words * 8 for every rounds.
 *
 * Paths: with at least RIJN_X86NI_VAES_MIN blocks, every entry of the
 * class asks the CPU probe (cached) for the widest VAES path (512 bits
 * with AVX-512, else 256 bits with AVX2, else none); the VAES function
 * processes a prefix of the blocks and returns how many it did, the 128-bit
 * code does the rest. RIJN_CPU_MASK hides VAES / AVX-512 so tests reach
 * every path.
 */
#ifndef RIJN_AES_X86NI_H
#define RIJN_AES_X86NI_H

#include "aes_impl.h"
#include "core/cpu.h"
#include "internal.h"

#if RIJN_CFG_AES_X86NI

#include <immintrin.h>

#define RIJN_X86NI_TARGET __attribute__((target("aes,sse2,ssse3")))
/* The VEX copies of the one-shot entries (contexts with RIJN_I_DIR_VEX):
 * the same inline bodies, compiled for AVX. */
#define RIJN_X86NI_VEX_TARGET __attribute__((target("aes,avx")))
#define RIJN_X86NI_INLINE static inline __attribute__((always_inline, target("aes,sse2,ssse3")))

/* Encryption / decryption round keys of a schedule. */
static inline const uint8_t *rijn_i_x86ni_ek(const uint64_t *ks)
{
    return (const uint8_t *)ks;
}
static inline const uint8_t *rijn_i_x86ni_dk(const uint64_t *ks, unsigned rounds)
{
    return (const uint8_t *)ks + 16 * (rounds + 1);
}

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

/* Encrypt the n blocks x[0..n-1] (n a constant after inlining, <= 8)
 * with the round keys ek; round keys are read from the schedule each
 * round, never copied to the stack. Callers use x86ni_encn below. */
RIJN_X86NI_INLINE void x86ni_encn_r(__m128i *x, unsigned n, const uint8_t *ek, unsigned rounds)
{
    __m128i k = x86ni_ld(ek);
    unsigned i;
    for (i = 0; i < n; i++)
        x[i] = _mm_xor_si128(x[i], k);
#define ROUND(r)                                                             \
    k = x86ni_ld(ek + 16 * (r));                                              \
    for (i = 0; i < n; i++)                                                  \
        x[i] = _mm_aesenc_si128(x[i], k);
    RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
    k = x86ni_ld(ek + 16 * rounds);
    for (i = 0; i < n; i++)
        x[i] = _mm_aesenclast_si128(x[i], k);
}

/* Same with the decryption round keys dk (equivalent inverse cipher). */
RIJN_X86NI_INLINE void x86ni_decn_r(__m128i *x, unsigned n, const uint8_t *dk, unsigned rounds)
{
    __m128i k = x86ni_ld(dk);
    unsigned i;
    for (i = 0; i < n; i++)
        x[i] = _mm_xor_si128(x[i], k);
#define ROUND(r)                                                             \
    k = x86ni_ld(dk + 16 * (r));                                              \
    for (i = 0; i < n; i++)                                                  \
        x[i] = _mm_aesdec_si128(x[i], k);
    RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
    k = x86ni_ld(dk + 16 * rounds);
    for (i = 0; i < n; i++)
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

/* The 128-bit CTR core (aes_x86ni_modes.c); the VAES CTR uses it for
 * groups where a 128-bit counter carries out of its low 64 bits. */
void rijn_i_x86ni_ctr_sse(const uint64_t *ks, unsigned rounds, unsigned ctr_bits,
                          uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks);
void rijn_i_x86ni_ctr_small(const uint64_t *ks, unsigned rounds, unsigned ctr_bits,
                            uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks);
/* 0..4 blocks: one pass when the last counter byte does not carry within
 * the call, else rijn_i_x86ni_ctr_small. */
void rijn_i_x86ni_ctr_short(const uint64_t *ks, unsigned rounds, unsigned ctr_bits,
                            uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks);
void rijn_i_x86ni_cbc_dec_sse(const uint64_t *ks, unsigned rounds, uint8_t iv[16],
                              uint8_t *out, const uint8_t *in, size_t nblocks);
void rijn_i_x86ni_cbc_enc(const uint64_t *ks, unsigned rounds, uint8_t iv[16], uint8_t *out,
                          const uint8_t *in, size_t nblocks);
/* The class's cbcmac entry (aes_x86ni_mac.c). */
void rijn_i_x86ni_cbcmac(const uint64_t *ks, unsigned rounds, unsigned op, uint8_t mac[16],
                         uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks);

/* VAES paths (aes_x86ni_vaes512.c, aes_x86ni_vaes256.c). Each handles a
 * multiple of 16 blocks (the longest prefix it can) and returns the number
 * of blocks done; the caller finishes the rest with the 128-bit code. The
 * ctr / iv state is advanced by the blocks done. */
#define RIJN_X86NI_DECL_WIDE(w)                                                              \
    size_t rijn_i_x86ni_##w##_encrypt(const uint64_t *ks, unsigned rounds, uint8_t *out,     \
                                      const uint8_t *in, size_t nblocks);                    \
    size_t rijn_i_x86ni_##w##_decrypt(const uint64_t *ks, unsigned rounds, uint8_t *out,     \
                                      const uint8_t *in, size_t nblocks);                    \
    size_t rijn_i_x86ni_##w##_ctr(const uint64_t *ks, unsigned rounds, unsigned ctr_bits,    \
                                  uint8_t ctr[16], uint8_t *out, const uint8_t *in,          \
                                  size_t nblocks);                                           \
    size_t rijn_i_x86ni_##w##_cbc_dec(const uint64_t *ks, unsigned rounds, uint8_t iv[16],   \
                                      uint8_t *out, const uint8_t *in, size_t nblocks)
RIJN_X86NI_DECL_WIDE(vaes512);
RIJN_X86NI_DECL_WIDE(vaes256);

/* Below this many blocks the 128-bit code is used (VAES set-up cost). */
#define RIJN_X86NI_VAES_MIN 16

#endif /* RIJN_CFG_AES_X86NI */
#endif /* RIJN_AES_X86NI_H */
