/*
 * argon2_i.h -- internal interface between argon2.c (parameters,
 * H0, H', the first and last blocks) and argon2_fill.c (the memory fill
 * with the BlaMka block function). Not installed.
 */
#ifndef RIJN_ARGON2_I_H
#define RIJN_ARGON2_I_H

#include "hash_i.h"
#include "rijn/argon2.h"

#define RIJN_I_ARGON2_WORDS 128 /* 64-bit words per 1024-byte block */

typedef struct rijn_i_argon2 {
    uint64_t *mem;     /* m_blocks blocks, lane l at mem + l * lane_len blocks */
    uint32_t type;     /* RIJN_ARGON2_D / _I / _ID                            */
    uint32_t passes;   /* t                                                   */
    uint32_t lanes;    /* p                                                   */
    uint32_t m_blocks; /* m' = 4 p floor(m / 4p)                              */
    uint32_t lane_len; /* q = m' / p                                          */
    uint32_t seg_len;  /* q / 4                                               */
    const rijn_i_impl *impl; /* the fill's registry entry; NULL: the default    */
} rijn_i_argon2;

/* Block function implementations (core/registry.h, argon2_fill.c):
 * "x86-avx2", "portable". compress: out = G(x, y) (or out ^= G(x, y) when
 * xor_into); q: 128-word scratch; out must not alias x or y. Argon2 has
 * no context: rijn_argon2 takes the first entry that runs once per call
 * (a pure function of the one-time CPU probe, core/cpu.c: no state to
 * initialise or race on); rijn_i_argon2_with runs a named one (tests). */
typedef void (*rijn_i_argon2_compress_fn)(uint64_t *out, const uint64_t *x, const uint64_t *y,
                                          int xor_into, uint64_t *q);
typedef struct rijn_i_argon2_impl {
    rijn_i_impl base;
    rijn_i_argon2_compress_fn compress;
} rijn_i_argon2_impl;
extern const rijn_i_registry rijn_i_argon2_registry;

/* rijn_argon2 with the block function called impl (NULL/"auto": the
 * default); RIJN_ERR_UNSUPPORTED when unknown or it does not run here. */
int rijn_i_argon2_with(const char *impl, const rijn_argon2_params *p, uint8_t *out,
                       size_t out_len, const uint8_t *pwd, size_t pwd_len, const uint8_t *salt,
                       size_t salt_len, void *work, size_t work_size);

/* RIJN_CFG_ARGON2_X86: unset = auto (AVX2 block function on x86-64 with
 * GCC/Clang, chosen at run time), 0 = portable only. */
#if defined(RIJN_CFG_ARGON2_X86) && !RIJN_CFG_ARGON2_X86
#define RIJN_I_ARGON2_AVX2 0
#elif RIJN_ARCH_X86 && RIJN_ARCH_64 && (defined(__GNUC__) || defined(__clang__))
#define RIJN_I_ARGON2_AVX2 1
#else
#define RIJN_I_ARGON2_AVX2 0
#endif

#if RIJN_I_ARGON2_AVX2
/* out = G(x, y) (or out ^= G(x, y) when xor_into); q: 128-word scratch;
 * out must not alias x or y. Needs AVX2. */
void rijn_i_argon2_compress_avx2(uint64_t *out, const uint64_t *x, const uint64_t *y,
                                 int xor_into, uint64_t *q);
#endif

/* Fill every block of every pass (RFC 9106 section 3.4); the first two
 * blocks of each lane must already hold H' of H0 (as native words). */
void rijn_i_argon2_fill(const rijn_i_argon2 *a);

#endif
