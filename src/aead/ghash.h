/*
 * ghash.h -- internal interface of the GHASH implementations (and of
 * POLYVAL, which runs on them; RFC 8452 appendix A).
 *
 * A class is a const struct: setkey turns H (16 bytes, as GCM defines it:
 * E(K, 0^128)) into the class's key material in hk (RIJN_GCM_HKEY_WORDS
 * words: room for powers of H, for aggregated paths); blocks absorbs
 * nblocks full 16-byte blocks into the accumulator y (16 bytes, GCM byte
 * order): y = (y ^ X_i) * H for each block.
 *
 * Choice: the forced class (rijn_i_ghash_force, tests), else vpclmul512
 * when the CPU has VPCLMULQDQ + AVX-512, else pclmul when
 * the CPU has PCLMULQDQ + SSSE3, else pmull when an AArch64 CPU has PMULL,
 * else ct64 on 64-bit targets, else ct32.
 */
#ifndef RIJN_GHASH_H
#define RIJN_GHASH_H

#include "rijn/gcm.h"

/* Build options RIJN_CFG_GHASH_*: defaults in rijn/config.h. */

#if !RIJN_CFG_GHASH_PCLMUL && !RIJN_CFG_GHASH_CT64 && !RIJN_CFG_GHASH_CT32
#error "rijn: at least one GHASH implementation must be enabled (RIJN_CFG_GHASH_*)"
#endif
#if RIJN_CFG_GHASH_PCLMUL && !(RIJN_ARCH_X86 && (defined(__GNUC__) || defined(__clang__)))
#error "rijn: RIJN_CFG_GHASH_PCLMUL needs an x86 target and GCC or Clang"
#endif

typedef struct rijn_i_ghash_impl {
    const char *name;
    unsigned flags;          /* RIJN_AES_IMPL_CONSTTIME, RIJN_AES_IMPL_HW */
    int (*available)(void);  /* NULL: always                              */
    void (*setkey)(uint64_t *hk, const uint8_t h[16]);
    void (*blocks)(const uint64_t *hk, uint8_t y[16], const uint8_t *in, size_t nblocks);
    /* Optional native POLYVAL on hk from rijn_i_polyval_setkey (state and
     * blocks in POLYVAL byte order); NULL: the byte-reversing wrapper. */
    void (*polyval)(const uint64_t *hk, uint8_t s[16], const uint8_t *in, size_t nblocks);
} rijn_i_ghash_impl;

extern const rijn_i_ghash_impl rijn_i_ghash_vpclmul512;
extern const rijn_i_ghash_impl rijn_i_ghash_pclmul;
extern const rijn_i_ghash_impl rijn_i_ghash_pmull;
extern const rijn_i_ghash_impl rijn_i_ghash_ct64;
extern const rijn_i_ghash_impl rijn_i_ghash_ct32;

/* Registry (ghash.c). */
size_t rijn_i_ghash_count(void);
const rijn_i_ghash_impl *rijn_i_ghash_at(size_t i);  /* NULL past the end */
const rijn_i_ghash_impl *rijn_i_ghash_default(void);
int rijn_i_ghash_available(const rijn_i_ghash_impl *g);
/* Force a class by name for every later key setup (NULL/"auto": automatic).
 * RIJN_ERR_UNSUPPORTED if unknown or not runnable here. Tests only. */
int rijn_i_ghash_force(const char *name);

/* POLYVAL on a GHASH class (RFC 8452 appendix A): the accumulator s and
 * the blocks are in POLYVAL byte order. */
void rijn_i_polyval_setkey(const rijn_i_ghash_impl *g, uint64_t *hk, const uint8_t h[16]);
void rijn_i_polyval_blocks(const rijn_i_ghash_impl *g, const uint64_t *hk, uint8_t s[16],
                           const uint8_t *in, size_t nblocks);

#endif
