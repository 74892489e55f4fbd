/*
 * rijn/x25519.h -- X25519 Diffie-Hellman (RFC 7748).
 *
 * Conventions:
 *   Every value is 32 bytes, little-endian as in RFC 7748: a secret
 *   scalar, a public u-coordinate, a shared secret.
 *   The scalar is clamped as RFC 7748 says (bits 0-2 and 255 cleared, bit
 *   254 set) on a private copy; the caller's bytes are not changed. Any
 *   32 random bytes make a valid secret.
 *   The peer's u-coordinate is taken modulo 2^255 (bit 255 ignored) and
 *   non-canonical values (p .. 2^255-1) are accepted and reduced, as RFC
 *   7748 requires.
 *
 * ALL-ZERO SHARED SECRET (policy)
 *   A peer public value of small order (0, 1, p-1, the points of order 8,
 *   and their non-canonical encodings) makes the shared secret all zero
 *   whatever the secret scalar, so it contributes nothing secret.
 *   rijn_x25519 always computes and writes the 32-byte result, then
 *   checks it in constant time and returns RIJN_ERR_PARAM if it is all
 *   zero (the check RFC 7748 section 6.1 recommends, as libsodium's
 *   crypto_scalarmult does with -1). A caller that derives keys MUST treat
 *   RIJN_ERR_PARAM as a failed handshake; a caller that needs the raw
 *   function (test vectors) may use the written output.
 *
 * Implementation (RIJN_CFG_X25519_64: unset = auto, 0 = off, 1 = on):
 *   1: field elements in 5 limbs of 51 bits with 64x64->128 products
 *      (unsigned __int128); auto on 64-bit targets whose compiler has it.
 *   0: 10 limbs of 25.5 bits with 32x32->64 products (Cortex-M, RISC-V
 *      32, AVR, and any compiler without __int128).
 *   Both run the same constant-time Montgomery ladder: 255 steps whatever
 *   the scalar, conditional swaps by mask, inversion by a fixed addition
 *   chain; no secret-dependent branch, index or variable-time division.
 *   Stack (gcc -fstack-usage): about 1.1 KB with the 32-bit field on
 *   Cortex-M0 and AVR at -Os (ladder 690, multiply 200, wrappers 100
 *   bytes); about 1.2 KB with the 64-bit field on x86-64 at -O2.
 *   Code: about 1.7 KB of Thumb on Cortex-M0, 4.7 KB on AVR (fe32).
 *
 * Errors: RIJN_ERR_NULL (a NULL pointer), RIJN_ERR_PARAM (all-zero shared
 *   secret, output still written).
 */
#ifndef RIJN_X25519_H
#define RIJN_X25519_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_X25519_SIZE 32 /* scalar, public value and shared secret */

/* out = X25519(scalar, point): the shared secret from our secret scalar
 * and the peer's public u-coordinate. out may alias scalar or point.
 * Returns RIJN_OK; RIJN_ERR_PARAM if the result is all zero (out is still
 * written, all zero; see the policy above); RIJN_ERR_NULL. */
RIJN_API RIJN_WUR int rijn_x25519(uint8_t out[RIJN_X25519_SIZE],
                                  const uint8_t scalar[RIJN_X25519_SIZE],
                                  const uint8_t point[RIJN_X25519_SIZE]);

/* pub = X25519(secret, 9): the public value for a secret scalar.
 * pub may alias secret. RIJN_OK or RIJN_ERR_NULL (a clamped scalar never
 * gives an all-zero public value). */
RIJN_API RIJN_WUR int rijn_x25519_base(uint8_t pub[RIJN_X25519_SIZE],
                                       const uint8_t secret[RIJN_X25519_SIZE]);

/* RIJN_X25519_SIZE, for bindings. */
RIJN_API size_t rijn_x25519_size(void);

/* The field implementation in use: "fe64x" (x86-64 with BMI2 and ADX),
 * "fe64" or "fe32". */
RIJN_API const char *rijn_x25519_impl(void);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_X25519_H */
