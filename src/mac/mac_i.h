/*
 * mac_i.h -- internal interface of the MAC layer (not installed).
 */
#ifndef RIJN_MAC_I_H
#define RIJN_MAC_I_H

#include "internal.h"

/* RIJN_CFG_POLY1305_X86: unset = auto (x86-64 with GCC/Clang), 0 = off. */
#if defined(RIJN_CFG_POLY1305_X86) && !RIJN_CFG_POLY1305_X86
#define RIJN_I_POLY1305_X86 0
#elif RIJN_ARCH_X86 && RIJN_ARCH_64 && (defined(__GNUC__) || defined(__clang__))
#define RIJN_I_POLY1305_X86 1
#else
#define RIJN_I_POLY1305_X86 0
#endif

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

#endif
