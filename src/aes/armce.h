/*
 * armce.h -- helpers for code built on the ARMv8 AES instructions (AESE,
 * AESD, AESMC, AESIMC): the target attributes, the round keys loaded into
 * registers, one dispatch on the key size to a literal round count, and
 * m blocks through the cipher or the inverse cipher interleaved. Not a
 * class: the "armce" class (aes_armce*.c) and the kernels in src/aead that
 * run the same instructions on a schedule in the standard round-key
 * layout (aes_i.h: rijn_i_aes_rk_enc, rk_isa RIJN_CPU_ARM_AES) share them.
 */
#ifndef RIJN_ARMCE_H
#define RIJN_ARMCE_H

#include "aes/aes_i.h"
#include "internal.h"

#if RIJN_I_AES_RK_ARMCE

#include <arm_neon.h>

#if defined(__clang__)
#define ARMCE_TARGET __attribute__((target("aes")))
#if !defined(__ARM_FEATURE_AES)
/* Clang before 16 declares the AES intrinsics only when the whole unit is
 * built with +aes; its builtins work under the target attribute. */
#define vaeseq_u8(x, k) ((uint8x16_t)__builtin_neon_vaeseq_v((int8x16_t)(x), (int8x16_t)(k), 48))
#define vaesdq_u8(x, k) ((uint8x16_t)__builtin_neon_vaesdq_v((int8x16_t)(x), (int8x16_t)(k), 48))
#define vaesmcq_u8(x)   ((uint8x16_t)__builtin_neon_vaesmcq_v((int8x16_t)(x), 48))
#define vaesimcq_u8(x)  ((uint8x16_t)__builtin_neon_vaesimcq_v((int8x16_t)(x), 48))
#endif
#else
#define ARMCE_TARGET __attribute__((target("+crypto")))
#endif
#define ARMCE_INLINE static inline __attribute__((always_inline)) ARMCE_TARGET
#define ARMCE_FN     static ARMCE_TARGET

/* The round keys in registers: k[0..rounds] (rounds a constant after
 * inlining, so k[] is rounds + 1 vector registers, loaded once per call). */
ARMCE_INLINE void armce_load_keys(uint8x16_t *k, const uint8_t *rk, unsigned rounds)
{
    unsigned r;
    for (r = 0; r <= rounds; r++)
        k[r] = vld1q_u8(rk + 16 * r);
}

/* Call BODY(args..., rounds) with rounds a literal: the bodies are
 * always_inline, so each key size gets its own unrolled copy. */
#define ARMCE_BY_ROUNDS(rounds, call) \
    do {                              \
        if ((rounds) == 10)           \
            call(10);                 \
        else if ((rounds) == 12)      \
            call(12);                 \
        else                          \
            call(14);                 \
    } while (0)

/* m blocks x[] through the cipher with round keys k (m a constant after
 * inlining: the loops unroll and the blocks interleave). */
ARMCE_INLINE void armce_encn(uint8x16_t *x, unsigned m, const uint8x16_t *k, unsigned rounds)
{
    unsigned r, j;
    for (r = 0; r + 1 < rounds; r++)
        for (j = 0; j < m; j++)
            x[j] = vaesmcq_u8(vaeseq_u8(x[j], k[r]));
    for (j = 0; j < m; j++)
        x[j] = veorq_u8(vaeseq_u8(x[j], k[r]), k[rounds]);
}

ARMCE_INLINE void armce_decn(uint8x16_t *x, unsigned m, const uint8x16_t *k, unsigned rounds)
{
    unsigned r, j;
    for (r = 0; r + 1 < rounds; r++)
        for (j = 0; j < m; j++)
            x[j] = vaesimcq_u8(vaesdq_u8(x[j], k[r]));
    for (j = 0; j < m; j++)
        x[j] = veorq_u8(vaesdq_u8(x[j], k[r]), k[rounds]);
}

/* The armce class's entries in aes_armce_modes.c. */
int rijn_i_armce_xts(const rijn_aes_ctx key[2], int dec, const uint8_t tweak[16], uint8_t *out,
                     const uint8_t *in, size_t len);
void rijn_i_armce_cbcmac(const uint64_t *ks, unsigned rounds, unsigned op, uint8_t mac[16],
                         uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks);
void rijn_i_armce_cfb_decrypt(const uint64_t *ks, unsigned rounds, uint8_t iv[16],
                              uint8_t *out, const uint8_t *in, size_t nblocks);
void rijn_i_armce_cfb8_encrypt(const uint64_t *ks, unsigned rounds, uint8_t reg[16],
                               uint8_t *out, const uint8_t *in, size_t len);

#endif /* RIJN_I_AES_RK_ARMCE */
#endif /* RIJN_ARMCE_H */
