/*
 * rijn/sha3.h -- SHA-3 and SHAKE (FIPS 202), and the original Keccak.
 *
 * Family conventions:
 *   One context type, rijn_sha3_ctx, for every Keccak-f[1600] sponge here:
 *     SHA3-224/256/384/512   fixed output, domain bits 01      (FIPS 202)
 *     SHAKE128/SHAKE256      any output length, domain 1111    (FIPS 202)
 *     Keccak-224/256/384/512 the pre-FIPS padding (domain-less), as used by
 *                            Ethereum's "keccak256"; for old data only.
 *   init picks the function; rijn_sha3_update absorbs (any split, any
 *   number of calls); then either
 *     rijn_sha3_final   (SHA-3 / Keccak): writes ctx->out_len bytes and
 *                       wipes the context, or
 *     rijn_shake_squeeze (SHAKE): writes any number of bytes, and can be
 *                       called again and again to continue the output
 *                       stream (squeezing 10 bytes then 20 gives the same
 *                       30 bytes as squeezing 30). Once squeezing has
 *                       begun, update returns RIJN_ERR_STATE. Wipe the
 *                       context with rijn_sha3_wipe when done.
 *   A wiped (all-zero) context is "not set up": RIJN_ERR_STATE.
 *   Calling rijn_sha3_final on a SHAKE context, or rijn_shake_squeeze on a
 *   fixed-output one, gives RIJN_ERR_STATE.
 *
 *   No length limit (the sponge has no length field).
 *
 *   Implementation: portable C. Keccak-f[1600] is unrolled on 64-bit
 *   lanes on 64-bit targets, bit-interleaved on 32-bit words on 32-bit
 *   targets, and a compact loop on 8/16-bit ones (RIJN_CFG_KECCAK_IMPL,
 *   see rijn/config.h). 64-bit builds compile all three and a context
 *   binds one at init (the configured one; tests force the others); on
 *   x86-64 the unrolled rounds also run on AVX-512VL registers and as
 *   code built for BMI1 (ANDN), chosen at run time when the CPU has those
 *   (RIJN_CPU_MASK=0 hides them).
 *   Constant-time: XOR, AND, NOT and fixed rotations.
 *
 * Errors: RIJN_ERR_NULL, RIJN_ERR_STATE, RIJN_ERR_PARAM (rijn_keccak_init
 *   with an unknown size).
 */
#ifndef RIJN_SHA3_H
#define RIJN_SHA3_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_SHA3_224_SIZE 28
#define RIJN_SHA3_256_SIZE 32
#define RIJN_SHA3_384_SIZE 48
#define RIJN_SHA3_512_SIZE 64
/* Rates (block sizes) in bytes; HMAC-SHA3 uses them as block size. */
#define RIJN_SHA3_224_RATE 144
#define RIJN_SHA3_256_RATE 136
#define RIJN_SHA3_384_RATE 104
#define RIJN_SHA3_512_RATE 72
#define RIJN_SHAKE128_RATE 168
#define RIJN_SHAKE256_RATE 136

typedef struct rijn_sha3_ctx {
    uint64_t s[25];    /* Keccak state, lane (x, y) at s[x + 5y]      */
    uint32_t rate;     /* bytes per block; 0 = not set up            */
    uint32_t pos;      /* absorbing: bytes in the current block;
                          squeezing: bytes of the block already output */
    uint8_t dsbyte;    /* 0x06 SHA-3, 0x1F SHAKE, 0x01 Keccak          */
    uint8_t squeezing; /* 1 once the padding has been applied          */
    uint8_t out_len;   /* digest size; 0 for SHAKE                     */
    uint8_t reserved;  /* internal: the Keccak-f[1600] version bound at
                          init (an index; 0 = the build's default)      */
} rijn_sha3_ctx;

/* Start SHA3-224/256/384/512, SHAKE128/256. RIJN_OK or RIJN_ERR_NULL. */
RIJN_API RIJN_WUR int rijn_sha3_224_init(rijn_sha3_ctx *ctx);
RIJN_API RIJN_WUR int rijn_sha3_256_init(rijn_sha3_ctx *ctx);
RIJN_API RIJN_WUR int rijn_sha3_384_init(rijn_sha3_ctx *ctx);
RIJN_API RIJN_WUR int rijn_sha3_512_init(rijn_sha3_ctx *ctx);
RIJN_API RIJN_WUR int rijn_shake128_init(rijn_sha3_ctx *ctx);
RIJN_API RIJN_WUR int rijn_shake256_init(rijn_sha3_ctx *ctx);

/* Start the original Keccak with a bits-bit digest (224, 256, 384, 512):
 * capacity 2*bits, padding 10*1 with no domain bits. Legacy (Ethereum,
 * Keccak team KATs). RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_PARAM. */
RIJN_API RIJN_WUR int rijn_keccak_init(rijn_sha3_ctx *ctx, unsigned bits);

/* Absorb len bytes. RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_STATE (not set up,
 * or squeezing has begun). */
RIJN_API RIJN_WUR int rijn_sha3_update(rijn_sha3_ctx *ctx, const uint8_t *data, size_t len);

/* SHA-3 / Keccak: write ctx->out_len bytes to out and wipe the context.
 * RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_STATE (not set up, or a SHAKE ctx). */
RIJN_API RIJN_WUR int rijn_sha3_final(rijn_sha3_ctx *ctx, uint8_t *out);

/* SHAKE: write the next len bytes of output (out may be NULL if len is
 * 0). RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_STATE (not set up, or not SHAKE). */
RIJN_API RIJN_WUR int rijn_shake_squeeze(rijn_sha3_ctx *ctx, uint8_t *out, size_t len);

/* Clear the context. */
RIJN_API void rijn_sha3_wipe(rijn_sha3_ctx *ctx);

/* One-shot hashes. RIJN_OK or RIJN_ERR_NULL. */
RIJN_API RIJN_WUR int rijn_sha3_224(uint8_t out[RIJN_SHA3_224_SIZE], const uint8_t *data,
                                   size_t len);
RIJN_API RIJN_WUR int rijn_sha3_256(uint8_t out[RIJN_SHA3_256_SIZE], const uint8_t *data,
                                   size_t len);
RIJN_API RIJN_WUR int rijn_sha3_384(uint8_t out[RIJN_SHA3_384_SIZE], const uint8_t *data,
                                   size_t len);
RIJN_API RIJN_WUR int rijn_sha3_512(uint8_t out[RIJN_SHA3_512_SIZE], const uint8_t *data,
                                   size_t len);
/* One-shot SHAKE: out_len bytes of output (out may be NULL if 0). */
RIJN_API RIJN_WUR int rijn_shake128(uint8_t *out, size_t out_len, const uint8_t *data, size_t len);
RIJN_API RIJN_WUR int rijn_shake256(uint8_t *out, size_t out_len, const uint8_t *data, size_t len);

/* The Keccak-f[1600] permutation on 25 lanes (for other sponge
 * constructions, e.g. cSHAKE/KMAC or Ascon-style tests). */
RIJN_API void rijn_keccak_f1600(uint64_t state[25]);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_SHA3_H */
