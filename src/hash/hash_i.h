/*
 * hash_i.h -- internal interface of the hash layer (not installed).
 *
 * The SHA-256 compression functions have one signature: absorb nblocks
 * consecutive 64-byte blocks into the chaining value h[8]; they are the
 * entries of sha256.c's registry (below).
 */
#ifndef RIJN_HASH_I_H
#define RIJN_HASH_I_H

#include "core/registry.h"
#include "internal.h"
#include "rijn/sha2.h"
#include "rijn/hash.h" /* RIJN_CFG_HASH_* */
#include "rijn/sha3.h"

/* RIJN_CFG_SHA_X86: unset = auto (on for x86-64 with GCC/Clang), 0 = off. */
#if defined(RIJN_CFG_SHA_X86) && !RIJN_CFG_SHA_X86
#define RIJN_I_SHA256_X86 0
#elif RIJN_ARCH_X86 && RIJN_ARCH_64 && (defined(__GNUC__) || defined(__clang__))
#define RIJN_I_SHA256_X86 1
#else
#define RIJN_I_SHA256_X86 0
#endif

/* RIJN_CFG_SHA_ARMCE: unset = auto (on for little-endian AArch64 with
 * GCC/Clang), 0 = off: SHA-256 with the ARMv8 SHA2 instructions. */
#if defined(RIJN_CFG_SHA_ARMCE) && !RIJN_CFG_SHA_ARMCE
#define RIJN_I_SHA256_ARMCE 0
#elif defined(__aarch64__) && !defined(__AARCH64EB__) && (defined(__GNUC__) || defined(__clang__))
#define RIJN_I_SHA256_ARMCE 1
#else
#define RIJN_I_SHA256_ARMCE 0
#endif

/* AVR: constant tables (round constants, initial values) in flash, read
 * with pgm_read_* / memcpy_P: RAM is 2 KiB on an ATmega328P. */
#if defined(__AVR__)
#include <avr/pgmspace.h>
#define RIJN_I_HASH_ROM PROGMEM
#else
#define RIJN_I_HASH_ROM
#endif

/* Wipe a context or stack buffer: memset plus a compiler barrier on the
 * buffer (the stores cannot be dropped as dead), so that the per-call
 * wipes of the hash contexts stay cheap in PBKDF2's inner loop. On x86-64
 * a context-sized constant wipe is done in 16-byte stores: GCC's generic
 * tuning turns such a memset into "rep stosq", whose start-up (~30 cycles
 * on the AMD benchmark host) was a tenth of a 16-byte SHA-256. */
/* A one-shot's stack block, 64-byte aligned: libc's memcpy fills it with
 * 32-byte stores, and with the block only 16-byte aligned the compression's
 * 16-byte loads of those stores did not forward (a 64-byte SHA-256 took
 * 196 instead of 136 ticks in every other stack placement). */
#if defined(__GNUC__) || defined(__clang__)
#define RIJN_I_HASH_BLOCK_ALIGN __attribute__((aligned(64)))
#else
#define RIJN_I_HASH_BLOCK_ALIGN
#endif

RIJN_INLINE void rijn_i_hash_wipe(void *p, size_t n)
{
#if defined(__GNUC__) || defined(__clang__)
#if defined(__x86_64__)
    if (__builtin_constant_p(n) && n <= 512) {
        rijn_i_zero_stores(p, n);
        return;
    }
#endif
    memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    rijn_wipe(p, n);
#endif
}

extern const uint32_t rijn_i_sha256_k[64]; /* FIPS 180-4 round constants */
extern const uint64_t rijn_i_sha512_k[80];

/* SHA-512 compression with an SSSE3 or AVX2 message schedule beside
 * MOV+ROR or RORX rounds (sha512_x86.c), and with an AVX-512VL schedule
 * (sha512_avx512.c); under the same switch as SHA-NI SHA-256. */
#define RIJN_I_SHA512_X86 RIJN_I_SHA256_X86
#if RIJN_I_SHA512_X86
void rijn_i_sha512_compress_avx2(uint64_t hv[8], const uint8_t *blocks, size_t nblocks);
void rijn_i_sha512_compress_ssse3(uint64_t hv[8], const uint8_t *blocks, size_t nblocks);
void rijn_i_sha512_compress_avx512vl(uint64_t hv[8], const uint8_t *blocks, size_t nblocks);
#endif

/* SHA-512 with the ARMv8.2 SHA512 instructions (sha512_armce.c): GCC
 * only (Clang keeps the portable code), under RIJN_CFG_SHA_ARMCE too. */
#if RIJN_I_SHA256_ARMCE && defined(__GNUC__) && !defined(__clang__)
#define RIJN_I_SHA512_ARMCE 1
void rijn_i_sha512_compress_armce(uint64_t hv[8], const uint8_t *blocks, size_t nblocks);
#else
#define RIJN_I_SHA512_ARMCE 0
#endif

void rijn_i_sha256_compress_portable(uint32_t h[8], const uint8_t *blocks, size_t nblocks);
void rijn_i_sha512_compress_portable(uint64_t hv[8], const uint8_t *blocks, size_t nblocks);
#if RIJN_I_SHA256_X86
void rijn_i_sha256_compress_shani(uint32_t h[8], const uint8_t *blocks, size_t nblocks);
void rijn_i_sha256_compress_avx2(uint32_t h[8], const uint8_t *blocks, size_t nblocks);
void rijn_i_sha256_compress_ssse3(uint32_t h[8], const uint8_t *blocks, size_t nblocks);
#endif
#if RIJN_I_SHA256_ARMCE
void rijn_i_sha256_compress_armce(uint32_t h[8], const uint8_t *blocks, size_t nblocks);
#endif

/* SHA-2 implementations (core/registry.h): compress absorbs nblocks
 * whole blocks into the chaining value. sha256.c: "x86-shani", "avx2",
 * "ssse3" (sha256_x86v.c), "armv8-sha2", "portable" (sha256_portable.c);
 * sha512.c: "avx512" (AVX-512VL schedule), "avx2" (both with BMI2
 * rounds), "ssse3", "armv8-sha512", "portable" (sha512_portable.c). A context binds its entry
 * at init: the index sits in bits 8..15 of ctx->out_len (bits 0..7: the
 * digest size), so the public structs are unchanged; the one-shots and
 * rijn_sha256_impl_name use the default entry. */
typedef struct rijn_i_sha256_impl {
    rijn_i_impl base;
    void (*compress)(uint32_t h[8], const uint8_t *blocks, size_t nblocks);
} rijn_i_sha256_impl;
typedef struct rijn_i_sha512_impl {
    rijn_i_impl base;
    void (*compress)(uint64_t h[8], const uint8_t *blocks, size_t nblocks);
} rijn_i_sha512_impl;
#define RIJN_I_SHA_OUT_LEN(v) ((v) & 0xffu)
#define RIJN_I_SHA_IMPL(v) ((v) >> 8)
extern const rijn_i_registry rijn_i_sha256_registry;
extern const rijn_i_registry rijn_i_sha512_registry;
/* Rebind a started context (before or between updates) to the entry
 * called name (NULL/"auto": the default). RIJN_ERR_UNSUPPORTED: unknown
 * or does not run here; RIJN_ERR_STATE: not started. Tests, benchmarks. */
int rijn_i_sha256_use(rijn_sha256_ctx *ctx, const char *name);
int rijn_i_sha512_use(rijn_sha512_ctx *ctx, const char *name);
/* The entry a context is bound to ("none" if not started). */
const char *rijn_i_sha256_ctx_impl_name(const rijn_sha256_ctx *ctx);
const char *rijn_i_sha512_ctx_impl_name(const rijn_sha512_ctx *ctx);

/* Keccak-f[1600] implementation, RIJN_CFG_KECCAK_IMPL: 0 compact loops
 * on 64-bit lanes (8/16-bit targets), 1 unrolled (64-bit targets), 2 bit-
 * interleaved on 32-bit words (32-bit targets). Default by word size. */
#define RIJN_I_KECCAK_IMPL RIJN_CFG_KECCAK_IMPL /* default in rijn/config.h */
#define RIJN_I_KECCAK_UNROLLED (RIJN_I_KECCAK_IMPL == 1)
/* Which permutations are compiled in: the configured one, and on 64-bit
 * targets all three (a registry for tests and benchmarks; MCUs build one
 * and call it directly). */
#define RIJN_I_KECCAK_HAS_UNROLLED (RIJN_I_KECCAK_IMPL == 1 || RIJN_ARCH_64)
#define RIJN_I_KECCAK_HAS_INTER32 (RIJN_I_KECCAK_IMPL == 2 || RIJN_ARCH_64)
#define RIJN_I_KECCAK_MULTI RIJN_ARCH_64
extern const uint64_t rijn_i_keccak_rc[24];

/* SHA-256 (portable) rounds unrolled by eight, or a rolled loop. */
#define RIJN_I_SHA256_UNROLLED RIJN_CFG_SHA256_UNROLLED /* default in rijn/config.h */

/* SHA-512 rounds unrolled by eight (64-bit targets) or a rolled loop. */
#define RIJN_I_SHA512_UNROLLED RIJN_CFG_SHA512_UNROLLED /* default in rijn/config.h */
/* x86-64 Keccak-f[1600] versions, under the switch of SHA-NI SHA-256:
 * the unrolled one compiled for BMI1 (ANDN; in keccak_f1600_unrolled.c)
 * its transcription to AVX-512VL (keccak_f1600_avx512vl.c) and the
 * lane-complemented one for CPUs without BMI1 (keccak_f1600_lc.c). */
#define RIJN_I_KECCAK_X86 (RIJN_I_SHA256_X86 && RIJN_I_KECCAK_MULTI)
#if RIJN_I_KECCAK_X86
void rijn_i_keccak_f1600_bmi1(uint64_t s[25]);
void rijn_i_keccak_f1600_avx512vl(uint64_t s[25]);
void rijn_i_keccak_f1600_lc(uint64_t s[25]);
#endif
void rijn_i_keccak_f1600_compact(uint64_t s[25]);
void rijn_i_keccak_f1600_unrolled(uint64_t s[25]);
void rijn_i_keccak_f1600_inter32(uint64_t s[25]);

/* The Keccak-f[1600] registry (keccak_f1600.c): the configured version
 * first (the default), then the other compiled-in ones. A SHA-3 context
 * binds its entry at init: the index in its `reserved` byte. */
typedef struct rijn_i_keccak_impl {
    rijn_i_impl base;
    void (*permute)(uint64_t s[25]);
} rijn_i_keccak_impl;
extern const rijn_i_registry rijn_i_keccak_registry;
/* Rebind a started SHA-3/SHAKE/Keccak context (before or between updates)
 * to the permutation called name (NULL/"auto": the default).
 * RIJN_ERR_UNSUPPORTED: unknown; RIJN_ERR_STATE: not started. */
int rijn_i_sha3_use(rijn_sha3_ctx *ctx, const char *name);
/* The entry a context is bound to ("none" if not started). */
const char *rijn_i_sha3_ctx_impl_name(const rijn_sha3_ctx *ctx);

/* Merkle-Damgard helpers for 64-byte-block hashes with a 64-bit byte
 * count (MD5, SHA-1): buffering update, and the final padding with the bit
 * length big-endian (be = 1) or little-endian (be = 0). */
typedef void (*rijn_i_md64_compress)(uint32_t *h, const uint8_t *blocks, size_t nblocks);
int rijn_i_md64_update(uint32_t *h, uint8_t buf[64], uint64_t *nbytes, const uint8_t *data,
                       size_t len, rijn_i_md64_compress compress);
void rijn_i_md64_pad(uint32_t *h, uint8_t buf[64], uint64_t nbytes, int be,
                     rijn_i_md64_compress compress);

#endif
