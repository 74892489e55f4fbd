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
 * Registry (core/registry.h): the first entry that runs of vpclmul512
 * (VPCLMULQDQ + AVX-512), pclmul (PCLMULQDQ + SSSE3), pmull (AArch64
 * PMULL), ct64 (64-bit targets), ct32. A GCM or GCM-SIV context binds its
 * class at init (ctx->gh); tests rebind one by name with
 * rijn_i_gcm_use_ghash / rijn_i_gcmsiv_use_ghash (no global).
 */
#ifndef RIJN_GHASH_H
#define RIJN_GHASH_H

#include "core/registry.h"
#include "rijn/gcm.h"
#include "rijn/gcmsiv.h"

/* Build options RIJN_CFG_GHASH_*: defaults in rijn/config.h. */

#if !RIJN_CFG_GHASH_PCLMUL && !RIJN_CFG_GHASH_CT64 && !RIJN_CFG_GHASH_CT32
#error "rijn: at least one GHASH implementation must be enabled (RIJN_CFG_GHASH_*)"
#endif
#if RIJN_CFG_GHASH_PCLMUL && !(RIJN_ARCH_X86 && (defined(__GNUC__) || defined(__clang__)))
#error "rijn: RIJN_CFG_GHASH_PCLMUL needs an x86 target and GCC or Clang"
#endif

/* flags bit: hk is in the pclmul layout (ghash_pclmul.c: H..H^8 in "V"
 * form), which the stitched x86 GCM kernels read */
#define RIJN_I_GHASH_HK_PCLMUL 0x100u
/* flags bit: the entry needs (so the CPU has) VPCLMULQDQ + AVX2 + AVX */
#define RIJN_I_GHASH_VPCLMUL 0x200u

typedef struct rijn_i_ghash_impl {
    rijn_i_impl base;        /* name, CPU features needed                 */
    unsigned flags;          /* RIJN_AES_IMPL_CONSTTIME, RIJN_AES_IMPL_HW,
                                RIJN_I_GHASH_HK_PCLMUL                    */
    void (*setkey)(uint64_t *hk, const uint8_t h[16]);
    void (*blocks)(const uint64_t *hk, uint8_t y[16], const uint8_t *in, size_t nblocks);
    /* Optional native POLYVAL on hk from rijn_i_polyval_setkey (state and
     * blocks in POLYVAL byte order); NULL: the byte-reversing wrapper. */
    void (*polyval)(const uint64_t *hk, uint8_t s[16], const uint8_t *in, size_t nblocks);
    /* Optional short key setup: as setkey, but hk need only serve calls of
     * at most n blocks (GCM-SIV sets a key up per message and knows its
     * longest call); NULL: setkey. */
    void (*setkey_n)(uint64_t *hk, const uint8_t h[16], size_t n);
} rijn_i_ghash_impl;

extern const rijn_i_ghash_impl rijn_i_ghash_vpclmul512;
extern const rijn_i_ghash_impl rijn_i_ghash_vpclmul256;
extern const rijn_i_ghash_impl rijn_i_ghash_pclmul_avx;
extern const rijn_i_ghash_impl rijn_i_ghash_pclmul;
extern const rijn_i_ghash_impl rijn_i_ghash_pmull;
extern const rijn_i_ghash_impl rijn_i_ghash_rvclmul;
extern const rijn_i_ghash_impl rijn_i_ghash_ct64;
extern const rijn_i_ghash_impl rijn_i_ghash_ct32;

/* Registry (ghash.c): entries are the classes' base members. */
extern const rijn_i_registry rijn_i_ghash_registry;
const rijn_i_ghash_impl *rijn_i_ghash_default(void);
/* The class called name (NULL/"auto": the default) into *g;
 * RIJN_ERR_UNSUPPORTED if unknown or not runnable here. */
int rijn_i_ghash_get(const char *name, const rijn_i_ghash_impl **g);
/* Rebind a keyed context to the GHASH class called name (GCM: its hash
 * key is set up again). RIJN_ERR_STATE if ctx is not keyed. Tests. */
int rijn_i_gcm_use_ghash(rijn_gcm_ctx *ctx, const char *name);
int rijn_i_gcmsiv_use_ghash(rijn_gcmsiv_ctx *ctx, const char *name);

/* POLYVAL on a GHASH class (RFC 8452 appendix A): the accumulator s and
 * the blocks are in POLYVAL byte order. setkey: hk serves
 * rijn_i_polyval_blocks calls of at most nmax blocks ((size_t)-1: any). */
void rijn_i_polyval_setkey(const rijn_i_ghash_impl *g, uint64_t *hk, const uint8_t h[16],
                           size_t nmax);
void rijn_i_polyval_blocks(const rijn_i_ghash_impl *g, const uint64_t *hk, uint8_t s[16],
                           const uint8_t *in, size_t nblocks);

#endif
