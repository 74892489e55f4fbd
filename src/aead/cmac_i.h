/*
 * cmac_i.h -- internal helpers shared by the CMAC-based modes (CMAC, EAX,
 * SIV) and OCB: GF(2^128) doubling, the CMAC chain on a keyed AES context,
 * and a 128-bit big-endian counter mode. Defined in cmac.c.
 */
#ifndef RIJN_CMAC_I_H
#define RIJN_CMAC_I_H

#include "internal.h"
#include "rijn/cmac.h"

/* Blocks per N-block AES call in the parallel loops of CTR128 (EAX, SIV)
 * and OCB: the stack cost is a small multiple of 16 bytes per block (as
 * RIJN_I_MODE_BATCH for the classic modes). */
#ifndef RIJN_I_BATCH_BLOCKS
#if RIJN_ARCH_SMALLWORD
#define RIJN_I_BATCH_BLOCKS 1
#elif RIJN_ARCH_64
#define RIJN_I_BATCH_BLOCKS 16
#else
#define RIJN_I_BATCH_BLOCKS 4
#endif
#endif

/* Word-wise XOR for the hot loops: d = a ^ b over n bytes, n a multiple
 * of 8. 64-bit loads and stores through memcpy (no alignment or aliasing
 * assumptions; compiles to plain moves). d may equal a or b. */
static inline void rijn_i_xorw(uint8_t *d, const uint8_t *a, const uint8_t *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i += 8) {
        uint64_t x, y;
        memcpy(&x, a + i, 8);
        memcpy(&y, b + i, 8);
        x ^= y;
        memcpy(d + i, &x, 8);
    }
}

/* d = a ^ b over one block as one 16-byte load/store pair where the
 * compiler has 128-bit vectors (GCC/Clang on x86-64 and AArch64): a block
 * built here and then loaded whole by an AES-NI path forwards from the
 * store buffer, where two 8-byte stores would stall the 16-byte load. */
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__aarch64__))
typedef unsigned char rijn_i_v16 __attribute__((vector_size(16)));
static inline void rijn_i_xor16v(uint8_t *d, const uint8_t *a, const uint8_t *b)
{
    rijn_i_v16 x, y;
    memcpy(&x, a, 16);
    memcpy(&y, b, 16);
    x ^= y;
    memcpy(d, &x, 16);
}
#else
static inline void rijn_i_xor16v(uint8_t *d, const uint8_t *a, const uint8_t *b)
{
    rijn_i_xorw(d, a, b, 16);
}
#endif

/* Wipe a small fixed-size buffer in line: memset with a constant size
 * (plain stores) and the same compiler barrier as rijn_wipe (the zeroes
 * are "read" by the barrier). The short-message paths use it instead of
 * rijn_wipe, whose call into the C library's memset cost more than the
 * AES work of a 16-byte message on the test machine. */
static inline void rijn_i_wipe_inl(void *p, size_t n)
{
#if defined(__GNUC__) || defined(__clang__)
    memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    rijn_wipe(p, n);
#endif
}
#define rijn_i_wipe16(p) rijn_i_wipe_inl((p), 16)

/* b = b * x in GF(2^128), block read big-endian (SP 800-38B, RFC 5297,
 * RFC 7253 "double"); constant time. */
void rijn_i_dbl(uint8_t b[16]);

/* Subkeys K1, K2 of SP 800-38B. */
void rijn_i_cmac_subkeys(const rijn_aes_ctx *aes, uint8_t k1[16], uint8_t k2[16]);
/* x = CBC-MAC chain over nb whole blocks: x = E(x ^ B) per block; the
 * class's fused cbcmac entry when it has one. */
void rijn_i_cbcmac(const rijn_aes_ctx *aes, uint8_t x[16], const uint8_t *in, size_t nb);
void rijn_i_cmac_start(rijn_cmac_state *st);
void rijn_i_cmac_update(const rijn_aes_ctx *aes, rijn_cmac_state *st, const uint8_t *in,
                        size_t len);
/* Writes the 16-byte MAC and wipes st. */
void rijn_i_cmac_final(const rijn_aes_ctx *aes, rijn_cmac_state *st, const uint8_t k1[16],
                       const uint8_t k2[16], uint8_t mac[16]);

/* The whole CMAC of in[0..len) in one call (no streaming state). */
void rijn_i_cmac_oneshot(const rijn_aes_ctx *aes, const uint8_t k1[16], const uint8_t k2[16],
                         const uint8_t *in, size_t len, uint8_t mac[16]);

/* out = in XOR keystream, E(ctr), E(ctr+1), ... with ctr a 128-bit
 * big-endian counter (wrapping mod 2^128); len any length; ctr is advanced
 * by ceil(len/16). out may equal in. Uses the implementation's fused CTR
 * path when it has one and the counter is public (secret_ctr 0: SIV's V);
 * a secret counter (EAX's N' = OMAC(nonce)) always takes the N-block
 * path, because a fused hook may branch on the counter (to spot a wrap). */
void rijn_i_ctr128(const rijn_aes_ctx *aes, int secret_ctr, uint8_t ctr[16], uint8_t *out,
                   const uint8_t *in, size_t len);

/* Buffer rules of rijn/aead.h for one-shot and streaming calls: NULL only
 * with a zero length; out == in or disjoint; tag disjoint from both. */
static inline int rijn_i_io_check(const uint8_t *out, const uint8_t *in, size_t len,
                                  const uint8_t *tag, size_t tag_len)
{
    if ((out == NULL || in == NULL) && len != 0)
        return RIJN_ERR_NULL;
    if (out != in && rijn_overlaps(out, len, in, len))
        return RIJN_ERR_PARAM;
    if (rijn_overlaps(tag, tag_len, out, len) || rijn_overlaps(tag, tag_len, in, len))
        return RIJN_ERR_PARAM;
    return RIJN_OK;
}

#endif /* RIJN_CMAC_I_H */
