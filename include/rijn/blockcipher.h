/*
 * rijn/blockcipher.h -- the AES finalists (Serpent, Twofish, RC6-32/20,
 * MARS) as block ciphers of their own, and one generic block-cipher
 * interface with ECB, CBC, CBC + PKCS#7 and CTR over it (AES joins
 * through an adapter).
 *
 * Conventions (as rijn/aes.h): contexts are caller-allocated, hold no
 * pointer but the const descriptor, and are wiped with *_wipe. All four
 * ciphers take 16-, 24- or 32-byte keys (RIJN_ERR_KEY_LEN otherwise) and
 * 16-byte blocks. Byte order is the one of the reference vectors: Serpent
 * in the NESSIE / Crypto++ / libgcrypt order (little-endian words; the
 * submission's own KAT files print blocks and keys reversed), Twofish,
 * RC6 and MARS little-endian as in their submissions.
 *
 * Constant time (details and evidence in each src/cipher/<name>.c):
 *   serpent  bitsliced: no secret-dependent branch, index or shift.
 *   twofish  no table: q0/q1 are computed from 4-bit permutations packed in
 *            64-bit constants, read with a shift by a secret amount, and the
 *            MDS/RS products with masked xtime; constant time where a
 *            variable shift is (x86-64, Cortex-M, RV32), NOT on AVR (no
 *            barrel shifter: the compiler emits a loop).
 *   rc6      data-dependent rotations and 32x32 multiplications: constant
 *            time only where both take fixed time (x86-64, Cortex-M3/M4/M33,
 *            Cortex-M0/M0+ with either multiplier option: MULS takes 1 or
 *            32 cycles by the chip's synthesis choice, fixed for a chip;
 *            RV32 per core: MUL latency is the implementation's); NOT on
 *            AVR (shift loops, __mulsi3).
 *   mars     as RC6 (rotations, multiplications) plus S-box lookups (2 KiB
 *            table, in flash on AVR) indexed by data: NOT constant time on
 *            cores with a data cache.
 */
#ifndef RIJN_BLOCKCIPHER_H
#define RIJN_BLOCKCIPHER_H

#include <stddef.h>
#include <stdint.h>

#include "rijn/aes.h"
#include "rijn/common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_BC_BLOCK_SIZE 16

/* ---- per-cipher API --------------------------------------------------- */
typedef struct rijn_serpent_ctx {
    uint32_t k[132]; /* 33 round keys of 4 words */
    uint32_t ready;
} rijn_serpent_ctx;

typedef struct rijn_twofish_ctx {
    uint32_t k[40]; /* whitening and round subkeys */
    uint32_t s[4];  /* S-box key words S_{k-1}..S_0 (h's list L) */
    uint32_t nwords; /* k = key bits / 64: 2, 3 or 4; 0 = not set up */
} rijn_twofish_ctx;

typedef struct rijn_rc6_ctx {
    uint32_t s[44]; /* RC6-32/20: 2r + 4 round keys */
    uint32_t ready;
} rijn_rc6_ctx;

typedef struct rijn_mars_ctx {
    uint32_t k[40]; /* expanded key */
    uint32_t ready;
} rijn_mars_ctx;

/* Key setup: RIJN_OK, RIJN_ERR_KEY_LEN (not 16/24/32), RIJN_ERR_NULL. */
RIJN_API RIJN_WUR int rijn_serpent_init(rijn_serpent_ctx *ctx, const uint8_t *key, size_t key_len);
RIJN_API RIJN_WUR int rijn_twofish_init(rijn_twofish_ctx *ctx, const uint8_t *key, size_t key_len);
RIJN_API RIJN_WUR int rijn_rc6_init(rijn_rc6_ctx *ctx, const uint8_t *key, size_t key_len);
RIJN_API RIJN_WUR int rijn_mars_init(rijn_mars_ctx *ctx, const uint8_t *key, size_t key_len);

/* One 16-byte block; out may equal in. The context must be set up. */
RIJN_API void rijn_serpent_encrypt(const rijn_serpent_ctx *ctx, uint8_t out[16], const uint8_t in[16]);
RIJN_API void rijn_serpent_decrypt(const rijn_serpent_ctx *ctx, uint8_t out[16], const uint8_t in[16]);
RIJN_API void rijn_twofish_encrypt(const rijn_twofish_ctx *ctx, uint8_t out[16], const uint8_t in[16]);
RIJN_API void rijn_twofish_decrypt(const rijn_twofish_ctx *ctx, uint8_t out[16], const uint8_t in[16]);
RIJN_API void rijn_rc6_encrypt(const rijn_rc6_ctx *ctx, uint8_t out[16], const uint8_t in[16]);
RIJN_API void rijn_rc6_decrypt(const rijn_rc6_ctx *ctx, uint8_t out[16], const uint8_t in[16]);
RIJN_API void rijn_mars_encrypt(const rijn_mars_ctx *ctx, uint8_t out[16], const uint8_t in[16]);
RIJN_API void rijn_mars_decrypt(const rijn_mars_ctx *ctx, uint8_t out[16], const uint8_t in[16]);

RIJN_API void rijn_serpent_wipe(rijn_serpent_ctx *ctx);
RIJN_API void rijn_twofish_wipe(rijn_twofish_ctx *ctx);
RIJN_API void rijn_rc6_wipe(rijn_rc6_ctx *ctx);
RIJN_API void rijn_mars_wipe(rijn_mars_ctx *ctx);

/* ---- generic interface ------------------------------------------------ */
#define RIJN_BC_CONSTTIME 1u /* no secret-dependent branch/index on any core */

/* A block-cipher descriptor: one per cipher (every key size). */
typedef struct rijn_bc_desc {
    const char *name;   /* "aes", "serpent", "twofish", "rc6", "mars" */
    unsigned block_size; /* 16 */
    unsigned key_sizes;  /* bit (n/8 - 2) set when an n-byte key is taken: 16 -> 1, 24 -> 2, 32 -> 4 */
    size_t ctx_size;     /* bytes of the cipher's own context */
    unsigned flags;      /* RIJN_BC_* */
    int (*init)(void *ctx, const uint8_t *key, size_t key_len);
    void (*encrypt)(const void *ctx, uint8_t *out, const uint8_t *in); /* one block */
    void (*decrypt)(const void *ctx, uint8_t *out, const uint8_t *in);
    void (*wipe)(void *ctx);
} rijn_bc_desc;

RIJN_API extern const rijn_bc_desc rijn_bc_aes, rijn_bc_serpent, rijn_bc_twofish, rijn_bc_rc6,
    rijn_bc_mars;

/* The descriptor named `name`, or NULL. rijn_bc_list(i) walks them all
 * (NULL after the last): aes first. */
RIJN_API const rijn_bc_desc *rijn_bc_find(const char *name);
RIJN_API const rijn_bc_desc *rijn_bc_list(size_t i);

/* A keyed generic context: the descriptor and room for any cipher's own. */
typedef struct rijn_bc_ctx {
    const rijn_bc_desc *desc; /* NULL = not set up */
    union {
        rijn_aes_ctx aes;
        rijn_serpent_ctx serpent;
        rijn_twofish_ctx twofish;
        rijn_rc6_ctx rc6;
        rijn_mars_ctx mars;
    } u;
} rijn_bc_ctx;

RIJN_API RIJN_WUR int rijn_bc_init(rijn_bc_ctx *ctx, const rijn_bc_desc *desc, const uint8_t *key,
                                   size_t key_len);
RIJN_API void rijn_bc_wipe(rijn_bc_ctx *ctx);

/* Generic modes over any descriptor. len is in bytes; out may equal in.
 * ECB/CBC: len a multiple of 16 (RIJN_ERR_LENGTH). CTR: any length, the
 * whole 16-byte counter block incremented big-endian, updated in place.
 * CBC: iv updated in place (chaining value for a next call).
 * RIJN_ERR_STATE if ctx is not set up. */
RIJN_API RIJN_WUR int rijn_bc_ecb_encrypt(const rijn_bc_ctx *ctx, uint8_t *out, const uint8_t *in,
                                          size_t len);
RIJN_API RIJN_WUR int rijn_bc_ecb_decrypt(const rijn_bc_ctx *ctx, uint8_t *out, const uint8_t *in,
                                          size_t len);
RIJN_API RIJN_WUR int rijn_bc_cbc_encrypt(const rijn_bc_ctx *ctx, uint8_t iv[16], uint8_t *out,
                                          const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_bc_cbc_decrypt(const rijn_bc_ctx *ctx, uint8_t iv[16], uint8_t *out,
                                          const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_bc_ctr(const rijn_bc_ctx *ctx, uint8_t ctr[16], uint8_t *out,
                                  const uint8_t *in, size_t len);

/* CBC with PKCS#7 padding (iv is not modified). Encrypt writes
 * len / 16 * 16 + 16 bytes: out_cap must hold them (RIJN_ERR_BUFFER).
 * Decrypt: len a nonzero multiple of 16, out_cap >= len; the padding is
 * checked in constant time (RIJN_ERR_PADDING, output wiped). *out_len
 * receives the result's length. out must not overlap in. */
RIJN_API RIJN_WUR int rijn_bc_cbc_pkcs7_encrypt(const rijn_bc_ctx *ctx, const uint8_t iv[16],
                                                uint8_t *out, size_t out_cap, size_t *out_len,
                                                const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_bc_cbc_pkcs7_decrypt(const rijn_bc_ctx *ctx, const uint8_t iv[16],
                                                uint8_t *out, size_t out_cap, size_t *out_len,
                                                const uint8_t *in, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* RIJN_BLOCKCIPHER_H */
