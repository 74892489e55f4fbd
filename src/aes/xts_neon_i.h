/*
 * xts_neon_i.h -- the XTS tweak step on a NEON register, shared by the
 * AArch64 classes' xts hooks (aes_armce_modes.c, aes_neonbs_xts.c).
 * Plain Advanced SIMD (baseline AArch64): no target attribute, so it
 * inlines into code built with or without the AES target.
 */
#ifndef RIJN_XTS_NEON_I_H
#define RIJN_XTS_NEON_I_H

#if defined(__aarch64__)

#include <arm_neon.h>

/* t * alpha in GF(2^128), IEEE 1619 byte order (a little-endian value):
 * one SHL per 64-bit lane, the bit leaving the low lane carried into the
 * high one and the bit leaving the top folded back as 0x87, both selected
 * by an arithmetic-shift mask (SSHR, EXT, AND, EOR; no branch). */
static inline __attribute__((always_inline)) uint8x16_t xts_neon_mulx(uint8x16_t t)
{
    uint64x2_t v = vreinterpretq_u64_u8(t);
    uint64x2_t m = vreinterpretq_u64_s64(vshrq_n_s64(vreinterpretq_s64_u64(v), 63));
    const uint64x2_t poly = vcombine_u64(vcreate_u64(0x87), vcreate_u64(1));
    m = vandq_u64(vextq_u64(m, m, 1), poly); /* lane 0 <- top of lane 1, 1 <- top of 0 */
    return vreinterpretq_u8_u64(veorq_u64(vshlq_n_u64(v, 1), m));
}

#endif /* __aarch64__ */
#endif /* RIJN_XTS_NEON_I_H */
