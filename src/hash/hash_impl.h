/*
 * hash_impl.h -- internal interface of the hash layer (not installed).
 *
 * The SHA-256 compression functions have one signature: absorb nblocks
 * consecutive 64-byte blocks into the chaining value h[8]. sha256.c picks
 * one per update call from the cached CPU probe.
 */
#ifndef RIJN_HASH_IMPL_H
#define RIJN_HASH_IMPL_H

#include "internal.h"

/* RIJN_CFG_SHA_X86: unset = auto (on for x86-64 with GCC/Clang), 0 = off. */
#if defined(RIJN_CFG_SHA_X86) && !RIJN_CFG_SHA_X86
#define RIJN_I_SHA256_X86 0
#elif RIJN_ARCH_X86 && RIJN_ARCH_64 && (defined(__GNUC__) || defined(__clang__))
#define RIJN_I_SHA256_X86 1
#else
#define RIJN_I_SHA256_X86 0
#endif

extern const uint32_t rijn_i_sha256_k[64]; /* FIPS 180-4 round constants */

void rijn_i_sha256_compress_portable(uint32_t h[8], const uint8_t *blocks, size_t nblocks);
#if RIJN_I_SHA256_X86
void rijn_i_sha256_compress_shani(uint32_t h[8], const uint8_t *blocks, size_t nblocks);
#endif

#endif
