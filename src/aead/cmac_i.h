/*
 * cmac_i.h -- internal helpers shared by the CMAC-based modes (CMAC, EAX,
 * SIV) and OCB: GF(2^128) doubling, the CMAC chain on a keyed AES context,
 * and a 128-bit big-endian counter mode. Defined in cmac.c.
 */
#ifndef RIJN_CMAC_I_H
#define RIJN_CMAC_I_H

#include "rijn/cmac.h"

/* b = b * x in GF(2^128), block read big-endian (SP 800-38B, RFC 5297,
 * RFC 7253 "double"); constant time. */
void rijn_i_dbl(uint8_t b[16]);

/* Subkeys K1, K2 of SP 800-38B. */
void rijn_i_cmac_subkeys(const rijn_aes_ctx *aes, uint8_t k1[16], uint8_t k2[16]);
void rijn_i_cmac_start(rijn_cmac_state *st);
void rijn_i_cmac_update(const rijn_aes_ctx *aes, rijn_cmac_state *st, const uint8_t *in,
                        size_t len);
/* Writes the 16-byte MAC and wipes st. */
void rijn_i_cmac_final(const rijn_aes_ctx *aes, rijn_cmac_state *st, const uint8_t k1[16],
                       const uint8_t k2[16], uint8_t mac[16]);

/* out = in XOR keystream, E(ctr), E(ctr+1), ... with ctr a 128-bit
 * big-endian counter (wrapping mod 2^128); len any length; ctr is advanced
 * by ceil(len/16). out may equal in. Uses the implementation's fused CTR
 * path when it has one, else the N-block entry. */
void rijn_i_ctr128(const rijn_aes_ctx *aes, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                   size_t len);

#endif /* RIJN_CMAC_I_H */
