/*
 * rijn/hash.h -- one interface over every hash function in rijn.
 *
 * A hash descriptor (rijn_hash_desc) names a hash function and carries its
 * sizes and its init / update / final / wipe functions. HMAC, HKDF and
 * PBKDF2 (rijn/hmac.h, rijn/kdf.h) take a descriptor, so they work over
 * every hash listed here:
 *
 *   descriptor             name          id  digest  block
 *   rijn_hash_md5          "MD5"          1    16     64   legacy
 *   rijn_hash_sha1         "SHA-1"        2    20     64   legacy
 *   rijn_hash_sha224       "SHA-224"      3    28     64
 *   rijn_hash_sha256       "SHA-256"      4    32     64
 *   rijn_hash_sha384       "SHA-384"      5    48    128
 *   rijn_hash_sha512       "SHA-512"      6    64    128
 *   rijn_hash_sha512_224   "SHA-512/224"  7    28    128
 *   rijn_hash_sha512_256   "SHA-512/256"  8    32    128
 *   rijn_hash_sha3_224     "SHA3-224"     9    28    144   (block = rate)
 *   rijn_hash_sha3_256     "SHA3-256"    10    32    136
 *   rijn_hash_sha3_384     "SHA3-384"    11    48    104
 *   rijn_hash_sha3_512     "SHA3-512"    12    64     72
 *   rijn_hash_blake2b_512  "BLAKE2b-512" 13    64    128   (rijn/blake2.h)
 *   (ids 14.. are reserved for later additions; ids are stable and may be
 *   stored in files.)
 *
 * A generic context, rijn_hash_ctx, is a tagged union big enough for any
 * of them: it stores the descriptor pointer and the specific context.
 * A descriptor defined outside rijn (e.g. for a hardware hash engine) can
 * use it too, as long as its ctx_size fits in the union
 * (RIJN_HASH_CTX_SIZE bytes); otherwise rijn_hash_init returns
 * RIJN_ERR_PARAM.
 *
 * Build options (defaults and the full list of options in rijn/config.h;
 * the library and its users must agree, since context sizes depend on them):
 *   RIJN_CFG_HASH_SHA512  1 (default): SHA-384, SHA-512, SHA-512/224,
 *                         SHA-512/256. 0 drops them: ~2.3 KB of code on
 *                         Cortex-M4 (6 KB on AVR) and rijn_hash_ctx shrinks.
 *   RIJN_CFG_HASH_SHA3    1 (default): SHA-3, SHAKE, Keccak. 0 drops them;
 *                         rijn_hash_ctx shrinks from 216+ to 208 or 112
 *                         bytes (the HMAC context is two of them).
 *   RIJN_CFG_HASH_LEGACY  1 (default): MD5 and SHA-1. 0 drops them.
 *   RIJN_CFG_HASH_BLAKE2B 1 (default): BLAKE2b and Argon2. 0 drops them;
 *                         its 216-byte context is as big as SHA-3's, so
 *                         the shrinking above needs both options at 0.
 *   SHA-224/256 are always built. A descriptor that is compiled out is not
 *   declared (using it fails at compile time), rijn_hash_find / _by_id
 *   return NULL for it, and rijn_hash_count counts only what is built.
 *   Code-speed options (src/hash): RIJN_CFG_SHA_X86 (0 disables the SHA-NI
 *   path), RIJN_CFG_SHA256_UNROLLED / RIJN_CFG_SHA512_UNROLLED (portable
 *   SHA-2 rounds; default: unrolled on 64-bit targets,
 *   a compact loop elsewhere), RIJN_CFG_KECCAK_IMPL (0 compact, 1 unrolled
 *   = default on 64-bit, 2 bit-interleaved 32-bit = default on 32-bit).
 *
 * Conventions (as in rijn/sha2.h): final writes the digest and wipes the
 * context; a wiped context is "not set up" (RIJN_ERR_STATE).
 *
 * Descriptor functions return RIJN_OK or a RIJN_ERR_* code; their ctx
 * argument points at a specific context of ctx_size bytes (for the
 * built-in descriptors, the matching rijn_*_ctx).
 */
#ifndef RIJN_HASH_H
#define RIJN_HASH_H

#include "common.h"

/* RIJN_CFG_HASH_* defaults: rijn/config.h (through common.h). */

#include "sha2.h"
#if RIJN_CFG_HASH_SHA3
#include "sha3.h"
#endif
#if RIJN_CFG_HASH_LEGACY
#include "legacy.h"
#endif
#if RIJN_CFG_HASH_BLAKE2B
#include "blake2.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Largest digest and block size of the descriptors built in. */
#if RIJN_CFG_HASH_SHA512 || RIJN_CFG_HASH_SHA3 || RIJN_CFG_HASH_BLAKE2B
#define RIJN_HASH_MAX_SIZE 64
#else
#define RIJN_HASH_MAX_SIZE 32
#endif
#if RIJN_CFG_HASH_SHA3
#define RIJN_HASH_MAX_BLOCK 144 /* SHA3-224's rate */
#elif RIJN_CFG_HASH_SHA512 || RIJN_CFG_HASH_BLAKE2B
#define RIJN_HASH_MAX_BLOCK 128
#else
#define RIJN_HASH_MAX_BLOCK 64
#endif

#define RIJN_HASH_MD5        1
#define RIJN_HASH_SHA1       2
#define RIJN_HASH_SHA224     3
#define RIJN_HASH_SHA256     4
#define RIJN_HASH_SHA384     5
#define RIJN_HASH_SHA512     6
#define RIJN_HASH_SHA512_224 7
#define RIJN_HASH_SHA512_256 8
#define RIJN_HASH_SHA3_224   9
#define RIJN_HASH_SHA3_256   10
#define RIJN_HASH_SHA3_384   11
#define RIJN_HASH_SHA3_512   12
#define RIJN_HASH_BLAKE2B_512 13

#define RIJN_HASH_FLAG_LEGACY 1u /* broken for collisions: old formats only */

typedef struct rijn_hash_desc {
    const char *name;   /* e.g. "SHA-256"                                 */
    uint32_t id;        /* RIJN_HASH_*                                    */
    uint32_t flags;     /* RIJN_HASH_FLAG_*                               */
    size_t digest_size; /* bytes written by final (<= RIJN_HASH_MAX_SIZE)  */
    size_t block_size;  /* HMAC block size (<= RIJN_HASH_MAX_BLOCK)        */
    size_t ctx_size;    /* bytes of the specific context                  */
    int (*init)(void *ctx);
    int (*update)(void *ctx, const uint8_t *data, size_t len);
    int (*final)(void *ctx, uint8_t *out); /* writes digest_size bytes, wipes */
    void (*wipe)(void *ctx);
} rijn_hash_desc;

typedef struct rijn_hash_ctx {
    const rijn_hash_desc *desc; /* NULL = not set up */
    union {
        uint64_t align;
        rijn_sha256_ctx sha256;
#if RIJN_CFG_HASH_SHA512
        rijn_sha512_ctx sha512;
#endif
#if RIJN_CFG_HASH_SHA3
        rijn_sha3_ctx sha3;
#endif
#if RIJN_CFG_HASH_LEGACY
        rijn_md5_ctx md5;
        rijn_sha1_ctx sha1;
#endif
#if RIJN_CFG_HASH_BLAKE2B
        rijn_blake2b_ctx blake2b;
#endif
    } u;
} rijn_hash_ctx;

#define RIJN_HASH_CTX_SIZE (sizeof(((rijn_hash_ctx *)0)->u))

RIJN_API extern const rijn_hash_desc rijn_hash_sha224;
RIJN_API extern const rijn_hash_desc rijn_hash_sha256;
#if RIJN_CFG_HASH_SHA512
RIJN_API extern const rijn_hash_desc rijn_hash_sha384;
RIJN_API extern const rijn_hash_desc rijn_hash_sha512;
RIJN_API extern const rijn_hash_desc rijn_hash_sha512_224;
RIJN_API extern const rijn_hash_desc rijn_hash_sha512_256;
#endif
#if RIJN_CFG_HASH_SHA3
RIJN_API extern const rijn_hash_desc rijn_hash_sha3_224;
RIJN_API extern const rijn_hash_desc rijn_hash_sha3_256;
RIJN_API extern const rijn_hash_desc rijn_hash_sha3_384;
RIJN_API extern const rijn_hash_desc rijn_hash_sha3_512;
#endif
#if RIJN_CFG_HASH_LEGACY
RIJN_API extern const rijn_hash_desc rijn_hash_md5;
RIJN_API extern const rijn_hash_desc rijn_hash_sha1;
#endif
#if RIJN_CFG_HASH_BLAKE2B
RIJN_API extern const rijn_hash_desc rijn_hash_blake2b_512;
#endif

/* ---- lookup ------------------------------------------------------------ */

/* The descriptor with this name, or NULL. Matching ignores case and the
 * characters '-', '_' and '/': "sha256", "SHA-256", "sha512_256" and
 * "SHA-512/256" all work. */
RIJN_API const rijn_hash_desc *rijn_hash_find(const char *name);

/* The descriptor with this id (RIJN_HASH_*), or NULL. */
RIJN_API const rijn_hash_desc *rijn_hash_by_id(uint32_t id);

/* Enumerate: rijn_hash_at(i) for i < rijn_hash_count(); NULL past the end. */
RIJN_API size_t rijn_hash_count(void);
RIJN_API const rijn_hash_desc *rijn_hash_at(size_t i);

/* Getters for bindings (0 / "none" for NULL). */
RIJN_API const char *rijn_hash_name(const rijn_hash_desc *h);
RIJN_API size_t rijn_hash_digest_size(const rijn_hash_desc *h);
RIJN_API size_t rijn_hash_block_size(const rijn_hash_desc *h);

/* ---- generic hashing ---------------------------------------------------- */

/* Start hash h in ctx. RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_PARAM (ctx_size of
 * h does not fit). */
RIJN_API RIJN_WUR int rijn_hash_init(rijn_hash_ctx *ctx, const rijn_hash_desc *h);

/* Absorb len bytes. RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_STATE, RIJN_ERR_LIMIT. */
RIJN_API RIJN_WUR int rijn_hash_update(rijn_hash_ctx *ctx, const uint8_t *data, size_t len);

/* Write the digest (ctx->desc->digest_size bytes) into out, which has
 * room for out_len bytes, then wipe ctx. RIJN_OK, RIJN_ERR_NULL,
 * RIJN_ERR_STATE, RIJN_ERR_BUFFER (out_len < digest size; ctx is wiped). */
RIJN_API RIJN_WUR int rijn_hash_final(rijn_hash_ctx *ctx, uint8_t *out, size_t out_len);

/* Clear the context. */
RIJN_API void rijn_hash_wipe(rijn_hash_ctx *ctx);

/* One-shot: digest of data into out (room for out_len >= digest size).
 * RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_BUFFER, RIJN_ERR_LIMIT. */
RIJN_API RIJN_WUR int rijn_hash(const rijn_hash_desc *h, uint8_t *out, size_t out_len,
                                const uint8_t *data, size_t len);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_HASH_H */
