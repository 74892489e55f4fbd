/*
 * x25519_i.h -- internal interface of the X25519 field implementations
 * (not installed).
 *
 * Implementation notes
 *   Two field implementations compute the same Montgomery ladder:
 *     x25519_fe32.c  10 limbs of 25.5 bits in uint32_t, 32x32->64 products
 *                    (any 32-bit or 8/16-bit target; always compiled);
 *     x25519_fe64.c  5 limbs of 51 bits in uint64_t, 64x64->128 products
 *                    with unsigned __int128 (compiled where available).
 *   Each includes x25519_ladder.h, which holds the ladder itself written
 *   against a small set of fe_* functions, and exports it under its own
 *   name so the tests can run both on the host. x25519.c picks one at
 *   compile time (RIJN_CFG_X25519_64, see rijn/x25519.h).
 *   Both ladders take the scalar already clamped and the u-coordinate as
 *   given (the top bit is ignored by the field decoding, non-canonical
 *   values are reduced) and write the 32-byte canonical result.
 */
#ifndef RIJN_X25519_I_H
#define RIJN_X25519_I_H

#include "core/registry.h"
#include "rijn/x25519.h"

#if defined(__SIZEOF_INT128__)
#define RIJN_I_X25519_HAVE_FE64 1
#else
#define RIJN_I_X25519_HAVE_FE64 0
#endif

/* RIJN_CFG_X25519_64: default in rijn/config.h. */
#if RIJN_CFG_X25519_64 && !RIJN_I_X25519_HAVE_FE64
#error "rijn: RIJN_CFG_X25519_64=1 needs a compiler with unsigned __int128"
#endif

/* 4 x 64-bit limbs with MULX/ADX (x25519_fe64x.c): x86-64 ELF (SysV
 * ABI: its routines are assembly), GCC/Clang; RIJN_CFG_X25519_X86=0 drops
 * it. Chosen at run time by x25519.c when the CPU has BMI2 and ADX. */
#if RIJN_I_X25519_HAVE_FE64 && RIJN_ARCH_X86 && RIJN_ARCH_64 && defined(__ELF__) && \
    (defined(__GNUC__) || defined(__clang__)) && \
    !(defined(RIJN_CFG_X25519_X86) && !RIJN_CFG_X25519_X86)
#define RIJN_I_X25519_HAVE_FE64X 1
void rijn_i_x25519_ladder64x(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32]);
#else
#define RIJN_I_X25519_HAVE_FE64X 0
#endif

void rijn_i_x25519_ladder32(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32]);
#if RIJN_I_X25519_HAVE_FE64
void rijn_i_x25519_ladder64(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32]);
#endif

/* Registry (core/registry.h, x25519.c): the ladders compiled in, in
 * order of preference -- with RIJN_CFG_X25519_64: fe64x (BMI2 + ADX),
 * fe64, fe32; without: fe32, then fe64 where it compiles (for tests).
 * X25519 has no context: each call takes the first entry that runs, a
 * pure function of the one-time CPU probe (core/cpu.c), so there is no
 * state to initialise or race on. */
typedef struct rijn_i_x25519_impl {
    rijn_i_impl base;
    void (*ladder)(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32]);
} rijn_i_x25519_impl;
extern const rijn_i_registry rijn_i_x25519_registry;
/* rijn_x25519 with the entry called name (NULL/"auto": the default);
 * RIJN_ERR_UNSUPPORTED when it is unknown or does not run here. Tests. */
int rijn_i_x25519_with(const char *name, uint8_t out[32], const uint8_t scalar[32],
                       const uint8_t point[32]);

#endif
