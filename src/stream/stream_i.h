/*
 * stream_i.h -- shared by the ChaCha20 and Salsa20 files.
 */
#ifndef RIJN_STREAM_I_H
#define RIJN_STREAM_I_H

#include "core/registry.h"
#include "rijn/chacha20.h"

#define RIJN_I_CHACHA_IETF 1u
#define RIJN_I_CHACHA_DJB 2u
#define RIJN_I_SALSA 3u
#define RIJN_I_SALSA12 4u /* Salsa20/12 (rijn_salsa20_init_rounds) */
#define RIJN_I_SALSA8 5u  /* Salsa20/8                           */

/* RIJN_CFG_CHACHA_X86: unset = auto (x86-64 with GCC/Clang), 0 = off. */
#if defined(RIJN_CFG_CHACHA_X86) && !RIJN_CFG_CHACHA_X86
#define RIJN_I_CHACHA_X86 0
#elif RIJN_ARCH_X86 && RIJN_ARCH_64 && (defined(__GNUC__) || defined(__clang__))
#define RIJN_I_CHACHA_X86 1
#else
#define RIJN_I_CHACHA_X86 0
#endif

/* RIJN_CFG_CHACHA_NEON: unset = auto (little-endian AArch64 with
 * GCC/Clang; NEON is baseline there), 0 = off. chacha20_neon.c. */
#if defined(RIJN_CFG_CHACHA_NEON) && !RIJN_CFG_CHACHA_NEON
#define RIJN_I_CHACHA_NEON 0
#elif defined(__aarch64__) && !defined(__AARCH64EB__) && (defined(__GNUC__) || defined(__clang__))
#define RIJN_I_CHACHA_NEON 1
#else
#define RIJN_I_CHACHA_NEON 0
#endif
/* more than the portable entry in the registry */
#define RIJN_I_CHACHA_MULTI (RIJN_I_CHACHA_X86 || RIJN_I_CHACHA_NEON)

#if RIJN_I_CHACHA_X86
/* XOR nblocks (a multiple of 8) ChaCha20 blocks with the input block st
 * (counter st[12], st[12] + 1, ...; the 32-bit word must not wrap) into
 * in, writing out (out == in allowed). chacha20_avx2.c (AVX2),
 * chacha20_x86.c (AVX-512). */
void rijn_i_chacha20_blocks_avx2(const uint32_t st[16], uint8_t *out, const uint8_t *in,
                                 size_t nblocks);
void rijn_i_chacha20_blocks_avx512vl(const uint32_t st[16], uint8_t *out, const uint8_t *in,
                                     size_t nblocks);
/* Fused with Poly1305 (the ChaCha20-Poly1305 entries of
 * aead/chachapoly_fused.c): the same, and group j of eight (AVX2) or four
 * (SSSE3: nblocks a multiple of 4) blocks also absorbs the 512 or 256
 * bytes at mac + j * group into the radix-2^64 Poly1305 state p
 * (mac/poly1305_x64_i.h), read before group j's output is written.
 * chacha20_avx2.c, chacha20_ssse3.c. */
struct rijn_i_p64;
void rijn_i_chacha20_blocks_avx2_mac(const uint32_t st[16], uint8_t *out, const uint8_t *in,
                                     size_t nblocks, struct rijn_i_p64 *p, const uint8_t *mac);
void rijn_i_chacha20_blocks_ssse3_mac(const uint32_t st[16], uint8_t *out, const uint8_t *in,
                                      size_t nblocks, struct rijn_i_p64 *p, const uint8_t *mac);
/* The same with nblocks a multiple of 16 (AVX-512F). */
void rijn_i_chacha20_blocks_avx512(const uint32_t st[16], uint8_t *out, const uint8_t *in,
                                   size_t nblocks);
/* Block 0 of a ChaCha20-Poly1305 seal beside its first group: the block of
 * st (counter st[12]) into ks on the integer units, and one group of eight
 * (AVX2) or four (SSSE3) blocks from counter st[12] + 1 XORed into in ->
 * out. chacha20_avx2.c, chacha20_ssse3.c (scalar rounds:
 * chacha20_key_i.h). */
void rijn_i_chacha20_key_avx2(const uint32_t st[16], uint8_t *out, const uint8_t *in,
                              uint8_t ks[64]);
void rijn_i_chacha20_key_ssse3(const uint32_t st[16], uint8_t *out, const uint8_t *in,
                               uint8_t ks[64]);
#endif

/* RIJN_CFG_CHACHA20_ARMV7M: unset = auto (Thumb-2 ARMv7-M, ARMv7E-M,
 * ARMv8-M mainline, little-endian, GCC/Clang), 0 = off (the C rounds). */
#if defined(RIJN_CFG_CHACHA20_ARMV7M) && !RIJN_CFG_CHACHA20_ARMV7M
#define RIJN_I_CHACHA_ARMV7M 0
#elif defined(__thumb2__) && (defined(__GNUC__) || defined(__clang__)) &&                      \
    (defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__)) && \
    defined(__ARMEL__)
#define RIJN_I_CHACHA_ARMV7M 1
#else
#define RIJN_I_CHACHA_ARMV7M 0
#endif

#if RIJN_I_CHACHA_ARMV7M
/* XOR nblocks >= 1 blocks of keystream of the input block st into in,
 * writing out (out == in allowed, any alignment), advancing st[12] by
 * nblocks (32-bit, no carry). chacha20_armv7m.c (generated assembly). */
void rijn_i_chacha20_blocks_armv7m(uint32_t st[16], uint8_t *out, const uint8_t *in,
                                   size_t nblocks);
#endif

/* ChaCha20 implementations (core/registry.h): blocks XORs nblocks (a
 * multiple of 2^batch_log2) keystream blocks of the input block st (counter
 * st[12], st[12] + 1, ...; the 32-bit word does not wrap inside the call)
 * into in, writing out (out == in allowed); the caller advances the
 * counter. The portable entry has no blocks (NULL): chacha20.c's own loop.
 * A keyed context binds its entry at init: the index sits in bits 8..15 of
 * ctx->kind (the variant in bits 0..7), so the public struct is unchanged. */
#define RIJN_I_CHACHA_WIDE_MIN 128 /* every entry's batch is 2 blocks or more */
typedef struct rijn_i_chacha_impl {
    rijn_i_impl base;
    unsigned batch_log2;
    void (*blocks)(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t nblocks);
} rijn_i_chacha_impl;

#define RIJN_I_CHACHA_VARIANT(kind) ((kind) & 0xffu)
#define RIJN_I_CHACHA_IMPL(kind) ((kind) >> 8)

#if RIJN_I_CHACHA_X86
extern const rijn_i_chacha_impl rijn_i_chacha_avx512; /* AVX-512F/VL: 16 + 8 blocks */
extern const rijn_i_chacha_impl rijn_i_chacha_avx2;   /* AVX2: 8 blocks             */
extern const rijn_i_chacha_impl rijn_i_chacha_ssse3;  /* SSSE3: 4 blocks            */
#endif
#if RIJN_I_CHACHA_NEON
extern const rijn_i_chacha_impl rijn_i_chacha_neon;   /* AArch64 NEON: 4 blocks     */
#endif

/* chacha20_reg.c: every compiled-in implementation, in order of
 * preference; RIJN_I_CHACHA_NIMPL of them (keep it in step with the list:
 * tests/core/test_impls.c checks). */
extern const rijn_i_registry rijn_i_chacha20_registry;
#define RIJN_I_CHACHA_NIMPL (1u + 3u * RIJN_I_CHACHA_X86 + 1u * RIJN_I_CHACHA_NEON)

/* a keyed ChaCha20 context (the hot paths check the variant only) */
static inline int rijn_i_chacha20_keyed(const rijn_chacha20_ctx *ctx)
{
    uint32_t v = RIJN_I_CHACHA_VARIANT(ctx->kind);
    return v == RIJN_I_CHACHA_IETF || v == RIJN_I_CHACHA_DJB;
}

/* the bound entry's index; past the end (a damaged context) it reads as
 * the portable entry, the last */
static inline size_t rijn_i_chacha20_bound(const rijn_chacha20_ctx *ctx)
{
    size_t i = RIJN_I_CHACHA_IMPL(ctx->kind);
    return i < RIJN_I_CHACHA_NIMPL ? i : RIJN_I_CHACHA_NIMPL - 1;
}
/* Index of the default entry (the first that runs; 0 with one entry). */
#if RIJN_I_CHACHA_MULTI
uint32_t rijn_i_chacha20_default(void);
#else
#define rijn_i_chacha20_default() 0u
#endif
/* rijn_chacha20_init / rijn_xchacha20_init bound to entry impl (an index
 * of the registry; RIJN_ERR_PARAM past its end): for callers that chose
 * once, e.g. the ChaCha20-Poly1305 context at its init. */
#if RIJN_I_CHACHA_MULTI
int rijn_i_chacha20_init_at(rijn_chacha20_ctx *ctx, const uint8_t key[32],
                            const uint8_t nonce[12], uint32_t counter, uint32_t impl);
int rijn_i_xchacha20_init_at(rijn_chacha20_ctx *ctx, const uint8_t key[32],
                             const uint8_t nonce[24], uint32_t counter, uint32_t impl);
#else /* one entry (index 0): the public calls, no second copy */
#define rijn_i_chacha20_init_at(ctx, key, nonce, counter, impl) \
    rijn_chacha20_init(ctx, key, nonce, counter)
#define rijn_i_xchacha20_init_at(ctx, key, nonce, counter, impl) \
    rijn_xchacha20_init(ctx, key, nonce, counter)
#endif
/* Rebind a keyed context to the implementation called name (NULL/"auto":
 * the default). RIJN_ERR_UNSUPPORTED: unknown or does not run here;
 * RIJN_ERR_STATE: ctx not a keyed ChaCha20 context. Tests, benchmarks. */
int rijn_i_chacha20_use(rijn_chacha20_ctx *ctx, const char *name);
/* The implementation a context is bound to ("none" if not keyed). */
const char *rijn_i_chacha20_impl_name(const rijn_chacha20_ctx *ctx);

/* The 20 ChaCha rounds on x in place (no feed-forward): chacha20.c, for
 * HChaCha20 with caller constants (stream_ext.c). */
void rijn_i_chacha20_rounds(uint32_t x[16]);

/* XOR len bytes of keystream (block() makes the next 64-byte block and
 * advances the counter) into in; checks arguments and ctx->left. */
int rijn_i_stream_xor(void *ctx, uint8_t *out, const uint8_t *in, size_t len,
                      void (*block)(void *ctx, uint8_t out[64]));

#endif
