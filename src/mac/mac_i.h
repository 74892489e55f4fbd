/*
 * mac_i.h -- internal interface of the MAC layer (not installed).
 */
#ifndef RIJN_MAC_I_H
#define RIJN_MAC_I_H

#include "core/registry.h"
#include "internal.h"
#include "rijn/poly1305.h"

/* RIJN_CFG_POLY1305_X86: unset = auto (x86-64 with GCC/Clang), 0 = off. */
#if defined(RIJN_CFG_POLY1305_X86) && !RIJN_CFG_POLY1305_X86
#define RIJN_I_POLY1305_X86 0
#elif RIJN_ARCH_X86 && RIJN_ARCH_64 && (defined(__GNUC__) || defined(__clang__))
#define RIJN_I_POLY1305_X86 1
#else
#define RIJN_I_POLY1305_X86 0
#endif

/* RIJN_CFG_POLY1305_NEON: unset = auto (little-endian AArch64 with
 * GCC/Clang), 0 = off. */
#if defined(RIJN_CFG_POLY1305_NEON) && !RIJN_CFG_POLY1305_NEON
#define RIJN_I_POLY1305_NEON 0
#elif defined(__aarch64__) && !defined(__AARCH64EB__) && (defined(__GNUC__) || defined(__clang__))
#define RIJN_I_POLY1305_NEON 1
#else
#define RIJN_I_POLY1305_NEON 0
#endif

/* Radix 2^13 (poly1305_r13_i.h) instead of 2^32 on Thumb-1 (Cortex-M0/M0+:
 * no 32x32 -> 64 multiply) and, with GCC, on ARMv7-M without DSP
 * (Cortex-M3: its long multiplies stop early; the asm there needs 13
 * registers, more than clang gives); tests/mac/test_poly1305_radix13.c
 * sets it on a host. */
#ifndef RIJN_I_POLY1305_R13
#if (defined(__thumb__) && !defined(__thumb2__)) ||                                        \
    (defined(__ARM_ARCH_7M__) && defined(__GNUC__) && !defined(__clang__))
#define RIJN_I_POLY1305_R13 1
#else
#define RIJN_I_POLY1305_R13 0
#endif
#endif

/* A registry with more than the portable entry. */
#define RIJN_I_POLY1305_REG (RIJN_I_POLY1305_X86 || RIJN_I_POLY1305_NEON)

#if RIJN_I_POLY1305_X86
/* Absorb nblocks (a multiple of 8, at least 8) full 16-byte blocks into
 * the 26-bit-limb accumulator h with key r (poly1305.c's layout; h comes
 * back carried). poly1305_x86.c, AVX2 only. */
void rijn_i_poly1305_blocks_avx2(uint32_t h[5], const uint32_t r[5], const uint8_t *m,
                                 size_t nblocks);
/* The same with nblocks a multiple of 16, at least 16 (AVX-512F). */
void rijn_i_poly1305_blocks_avx512(uint32_t h[5], const uint32_t r[5], const uint8_t *m,
                                   size_t nblocks);
#endif

/* Poly1305 implementations (core/registry.h): wide, called when an
 * update has at least min_len bytes of whole blocks left, absorbs whole
 * blocks from the start of m (len bytes there) into the accumulator h
 * with key r, both in poly1305.c's layout of the build (26-bit limbs on
 * x86, radix 2^32 elsewhere), and returns the bytes it took (a multiple
 * of 16); the portable entry has none (NULL). A keyed context binds
 * its entry at init: the index sits in bits 8..15 of ctx->state (bits
 * 0..7: 1 = keyed), so the public struct is unchanged. */
#define RIJN_I_POLY1305_WIDE_MIN 64 /* no entry's min_len is below this */
typedef struct rijn_i_poly1305_impl {
    rijn_i_impl base;
    size_t min_len;
    size_t (*wide)(uint32_t h[5], const uint32_t r[5], const uint8_t *m, size_t len);
} rijn_i_poly1305_impl;

#if RIJN_I_POLY1305_X86
extern const rijn_i_poly1305_impl rijn_i_poly1305_ifma;   /* AVX-512 IFMA: 16 blocks/step */
extern const rijn_i_poly1305_impl rijn_i_poly1305_avx512; /* 16 blocks/step, 8 on AVX2 */
extern const rijn_i_poly1305_impl rijn_i_poly1305_avx2;   /* 8 blocks/step             */
extern const rijn_i_poly1305_impl rijn_i_poly1305_x64;    /* scalar radix 2^64         */
#endif
#if RIJN_I_POLY1305_NEON
extern const rijn_i_poly1305_impl rijn_i_poly1305_neon; /* 2 lanes, poly1305_neon.c */
#endif

/* poly1305_reg.c: every compiled-in implementation, in order of
 * preference; RIJN_I_POLY1305_NIMPL of them (keep it in step with the
 * list: tests/core/test_impls.c checks). */
extern const rijn_i_registry rijn_i_poly1305_registry;
#define RIJN_I_POLY1305_NIMPL (1u + 4u * RIJN_I_POLY1305_X86 + RIJN_I_POLY1305_NEON)

/* a keyed Poly1305 context (the hot paths check bits 0..7 only) */
static inline int rijn_i_poly1305_keyed(const rijn_poly1305_ctx *c)
{
    return (c->state & 0xffu) == 1;
}

/* the bound entry's index; past the end (a damaged context) it reads as
 * the portable entry, the last */
static inline size_t rijn_i_poly1305_bound(const rijn_poly1305_ctx *c)
{
    size_t i = c->state >> 8;
    return i < RIJN_I_POLY1305_NIMPL ? i : RIJN_I_POLY1305_NIMPL - 1;
}
/* Index of the default entry (the first that runs; 0 with one entry). */
#if RIJN_I_POLY1305_REG
uint32_t rijn_i_poly1305_default(void);
#else
#define rijn_i_poly1305_default() 0u
#endif
/* rijn_poly1305_init bound to entry impl (a registry index;
 * RIJN_ERR_PARAM past its end): for callers that chose once. */
#if RIJN_I_POLY1305_REG
int rijn_i_poly1305_init_at(rijn_poly1305_ctx *c, const uint8_t key[32], uint32_t impl);
#else /* one entry (index 0): the public call */
#define rijn_i_poly1305_init_at(c, key, impl) rijn_poly1305_init(c, key)
#endif
/* Rebind a keyed context (before or between updates) to the
 * implementation called name (NULL/"auto": the default).
 * RIJN_ERR_UNSUPPORTED: unknown or does not run here; RIJN_ERR_STATE: not
 * keyed. Tests, benchmarks. */
int rijn_i_poly1305_use(rijn_poly1305_ctx *ctx, const char *name);
/* The implementation a context is bound to ("none" if not keyed). */
const char *rijn_i_poly1305_impl_name(const rijn_poly1305_ctx *ctx);

/* a * b mod 2^130 - 5 on 26-bit limbs, scalar, carried (the wide
 * entries' key powers). */
static inline void rijn_i_poly1305_mul26(uint32_t o[5], const uint32_t a[5], const uint32_t b[5])
{
    const uint32_t m26 = 0x3ffffffu;
    uint64_t d[5];
    uint32_t s1 = b[1] * 5, s2 = b[2] * 5, s3 = b[3] * 5, s4 = b[4] * 5, cy;
    int i;
    d[0] = (uint64_t)a[0] * b[0] + (uint64_t)a[1] * s4 + (uint64_t)a[2] * s3 +
           (uint64_t)a[3] * s2 + (uint64_t)a[4] * s1;
    d[1] = (uint64_t)a[0] * b[1] + (uint64_t)a[1] * b[0] + (uint64_t)a[2] * s4 +
           (uint64_t)a[3] * s3 + (uint64_t)a[4] * s2;
    d[2] = (uint64_t)a[0] * b[2] + (uint64_t)a[1] * b[1] + (uint64_t)a[2] * b[0] +
           (uint64_t)a[3] * s4 + (uint64_t)a[4] * s3;
    d[3] = (uint64_t)a[0] * b[3] + (uint64_t)a[1] * b[2] + (uint64_t)a[2] * b[1] +
           (uint64_t)a[3] * b[0] + (uint64_t)a[4] * s4;
    d[4] = (uint64_t)a[0] * b[4] + (uint64_t)a[1] * b[3] + (uint64_t)a[2] * b[2] +
           (uint64_t)a[3] * b[1] + (uint64_t)a[4] * b[0];
    for (i = 0; i < 4; i++) {
        d[i + 1] += d[i] >> 26;
        d[i] &= m26;
    }
    cy = (uint32_t)(d[4] >> 26);
    d[4] &= m26;
    d[0] += (uint64_t)cy * 5;
    d[1] += d[0] >> 26;
    d[0] &= m26;
    for (i = 0; i < 5; i++)
        o[i] = (uint32_t)d[i];
}

#endif
