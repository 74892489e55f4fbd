/*
 * rijn/aes.h -- the AES block cipher (FIPS 197) and its implementations.
 *
 * A rijn_aes_ctx holds an expanded AES-128/192/256 key and a pointer to the
 * implementation class that expanded it. Every mode in rijn/modes.h and
 * every AEAD runs on such a context.
 *
 * Implementations (see rijn/config.h for which are compiled in):
 *   "x86ni-vaes512" AES-NI + VAES on 512-bit registers   constant-time, hw
 *            (AVX-512): the long-message paths 4 x 4 blocks per instruction
 *   "x86ni-vaes256" AES-NI + VAES on 256-bit registers   constant-time, hw
 *            (AVX2)
 *   "x86ni"  AES-NI instructions on 128-bit registers    constant-time, hw
 *            only (same key schedule as the two above)
 *   "armce"  ARMv8 Crypto Extensions (AArch64, run-time  constant-time, hw
 *            probe)
 *   "rvk"    RISC-V scalar crypto Zkne + Zknd (chosen    constant-time, hw
 *            at compile time from -march: no run-time probe)
 *   "neonbs" bitsliced on 128-bit NEON registers,        constant-time
 *            8 blocks/pass (AArch64 without the AES
 *            instructions)
 *   "bs256"  ct64's bitslicing on 256-bit AVX2/AVX-512VL registers,
 *            16 blocks/pass (x86-64 with AVX-512VL)      constant-time
 *   "ct64"   bitsliced on 64-bit words, 4 blocks/pass    constant-time
 *   "ct32"   fixsliced on 32-bit words, 2 blocks/pass    constant-time
 *   "ct32asm" ct32 with the block encryption in Thumb-2 assembly
 *            (Cortex-M3/M4/M33; macro RIJN_CFG_AES_CT32ASM) constant-time
 *   "ct32v6m" ct32 with the block encryption in Thumb-1 assembly
 *            (Cortex-M0/M0+/M23; macro RIJN_CFG_AES_CT32V6M) constant-time
 *   "avr"    AES in AVR assembly, tables in SRAM (or     constant-time on
 *            flash: RIJN_CFG_AES_AVR_RAM)                 AVR (no cache)
 *   "ttable" round tables in SRAM, one block per call   constant-time only
 *            on cores without a data cache (rijn/config.h); vartime on hosts
 *   "small"  byte-oriented, S-box lookups               NOT constant-time
 *            on CPUs with a data cache; the least code (8-bit MCUs)
 * Run-time choice: the implementation forced in this thread
 * (rijn_aes_impl_force) if any,
 * else the first constant-time class the CPU can run, in the order
 * x86ni-vaes512, x86ni-vaes256, x86ni, armce, rvk, neonbs, bs256, ct64, avr,
 * ttable, ct32asm, ct32v6m, ct32, small, of
 * those compiled in (a class without RIJN_AES_IMPL_CONSTTIME, such as
 * small, only when no other can run).
 *
 * Key lengths: 16, 24, 32 bytes (RIJN_ERR_KEY_LEN otherwise, or when the
 * size was compiled out).
 */
#ifndef RIJN_AES_H
#define RIJN_AES_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_AES_BLOCK_SIZE 16

/* Implementation flags. */
#define RIJN_AES_IMPL_CONSTTIME 1u /* no secret-dependent branch or index */
#define RIJN_AES_IMPL_HW        2u /* uses CPU AES instructions           */

typedef struct rijn_aes_impl rijn_aes_impl; /* opaque implementation class */

typedef struct rijn_aes_ctx {
    const rijn_aes_impl *impl; /* class chosen at key setup             */
    uint32_t rounds;           /* 10, 12 or 14; 0 = not set up          */
    uint32_t dirs;             /* RIJN_I_DIR_* bits                     */
    uint64_t ks[RIJN_AES_KS_WORDS]; /* implementation-specific schedule */
} rijn_aes_ctx;

#define RIJN_I_DIR_ENC 1u
#define RIJN_I_DIR_DEC 2u
/* (bit 4u and up: internal to the implementation classes) */

/* Expand key for encryption and decryption with the default implementation.
 * Returns RIJN_OK, RIJN_ERR_KEY_LEN, RIJN_ERR_NULL. */
RIJN_API RIJN_WUR int rijn_aes_init(rijn_aes_ctx *ctx, const uint8_t *key, size_t key_len);

/* Expand key for encryption only (cheaper with some implementations; the
 * context then serves CTR, CFB, OFB, CBC encryption, GCM, CCM, CMAC...).
 * Decryption on it returns RIJN_ERR_STATE. */
RIJN_API RIJN_WUR int rijn_aes_init_enc(rijn_aes_ctx *ctx, const uint8_t *key, size_t key_len);

/* Same as rijn_aes_init with a given implementation class (from
 * rijn_aes_impl_get). RIJN_ERR_UNSUPPORTED if impl is NULL or the CPU
 * lacks it. */
RIJN_API RIJN_WUR int rijn_aes_init_impl(rijn_aes_ctx *ctx, const rijn_aes_impl *impl,
                                         const uint8_t *key, size_t key_len);

/* Encrypt / decrypt nblocks independent 16-byte blocks (ECB). out may
 * equal in. RIJN_ERR_STATE if ctx is not set up (or, for decrypt, was set
 * up with rijn_aes_init_enc); RIJN_ERR_UNSUPPORTED for decrypt when
 * RIJN_CFG_AES_DECRYPT is 0. */
RIJN_API RIJN_WUR int rijn_aes_encrypt_blocks(const rijn_aes_ctx *ctx, uint8_t *out,
                                              const uint8_t *in, size_t nblocks);
RIJN_API RIJN_WUR int rijn_aes_decrypt_blocks(const rijn_aes_ctx *ctx, uint8_t *out,
                                              const uint8_t *in, size_t nblocks);

/* Clear the context. */
RIJN_API void rijn_aes_wipe(rijn_aes_ctx *ctx);

/* Name of the implementation a context uses ("x86ni", "ct64", ...), or
 * "none" for a context that is not set up. */
RIJN_API const char *rijn_aes_ctx_impl_name(const rijn_aes_ctx *ctx);

/* ---- implementation registry ------------------------------------------- */

/* Number of implementations compiled in, and the i-th one (NULL past the
 * end), in order of preference. */
RIJN_API size_t rijn_aes_impl_count(void);
RIJN_API const rijn_aes_impl *rijn_aes_impl_at(size_t i);

/* Look up a compiled-in implementation by name. Returns RIJN_OK and sets
 * *impl; RIJN_ERR_UNSUPPORTED if the name is unknown, not compiled in, or
 * the CPU lacks the instructions it needs (then *impl is NULL). */
RIJN_API RIJN_WUR int rijn_aes_impl_get(const char *name, const rijn_aes_impl **impl);

RIJN_API const char *rijn_aes_impl_name(const rijn_aes_impl *impl);
RIJN_API unsigned rijn_aes_impl_flags(const rijn_aes_impl *impl);
/* 1 if the CPU can run it, 0 if not. */
RIJN_API int rijn_aes_impl_available(const rijn_aes_impl *impl);

/* Force the implementation that every later key setup in the calling
 * thread uses, including the AES keys that AEAD and one-shot functions set
 * up themselves (name NULL or "auto" returns to the automatic choice).
 * Meant for tests and benchmarks. The choice is per thread where the
 * platform has thread-local storage (RIJN_CFG_TLS, the default on hosted
 * systems): other threads keep the automatic choice. Without it (bare-metal
 * builds) it is one per process. To bind a class to one context instead,
 * use rijn_aes_impl_get and rijn_aes_init_impl.
 * Returns RIJN_OK or RIJN_ERR_UNSUPPORTED (nothing changed then). */
RIJN_API RIJN_WUR int rijn_aes_impl_force(const char *name);

/* The implementation a key setup would choose now. */
RIJN_API const rijn_aes_impl *rijn_aes_impl_default(void);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_AES_H */
