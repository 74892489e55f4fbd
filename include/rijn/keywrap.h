/*
 * rijn/keywrap.h -- AES key wrap: KW (RFC 3394, NIST SP 800-38F) and KWP,
 * key wrap with padding (RFC 5649, SP 800-38F).
 *
 * All functions run on a keyed rijn_aes_ctx (the key-encryption key, KEK:
 * rijn_aes_init with 16, 24 or 32 bytes), so one key setup serves many
 * wraps. The _inv functions are the SP 800-38F variants that use the AES
 * inverse cipher as the forward function (KW-AE/AD "with inverse cipher
 * function", sometimes called KWI): they wrap with AES decryption and
 * unwrap with AES encryption.
 *
 * Shape: (kek, out, out_size, *out_len, in, len). out may equal in (in
 * place); any other overlap gives RIJN_ERR_PARAM. A too small out_size
 * gives RIJN_ERR_BUFFER and writes nothing.
 *
 *   function        in (len)                          out (*out_len)
 *   kw_wrap         multiple of 8, 16 .. 2^32 bytes    len + 8
 *   kw_unwrap       multiple of 8, 24 .. 2^32 + 8      len - 8
 *   kwp_wrap        1 .. 2^32 - 1 bytes                RIJN_KWP_WRAP_LEN(len)
 *   kwp_unwrap      multiple of 8, 16 .. 2^32 + 8      1 .. len - 8 (needs
 *                                                      out_size >= len - 8)
 * Lengths outside these ranges give RIJN_ERR_LENGTH (RIJN_ERR_LIMIT above
 * the maximum; SP 800-38F allows longer KW inputs, rijn caps both at 4 GiB).
 *
 * Unwrapping checks the integrity value (and, for KWP, the length
 * indicator and the zero padding) in constant time; any mismatch gives
 * RIJN_ERR_AUTH, with the len - 8 bytes of out that the unwrap used
 * wiped and *out_len set to 0. KW never wraps a single
 * semiblock (8 bytes): use KWP for that.
 *
 * Errors: RIJN_ERR_NULL, RIJN_ERR_STATE (kek not keyed for the direction
 * needed), RIJN_ERR_UNSUPPORTED (direction compiled out), RIJN_ERR_LENGTH,
 * RIJN_ERR_LIMIT, RIJN_ERR_BUFFER, RIJN_ERR_PARAM, RIJN_ERR_AUTH.
 */
#ifndef RIJN_KEYWRAP_H
#define RIJN_KEYWRAP_H

#include "aes.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_KW_SEMIBLOCK 8
/* Wrapped size for len bytes of key data. */
#define RIJN_KW_WRAP_LEN(len)  ((size_t)(len) + 8u)
#define RIJN_KWP_WRAP_LEN(len) ((((size_t)(len) + 7u) & ~(size_t)7u) + 8u)

RIJN_API RIJN_WUR int rijn_kw_wrap(const rijn_aes_ctx *kek, uint8_t *out, size_t out_size,
                                   size_t *out_len, const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_kw_unwrap(const rijn_aes_ctx *kek, uint8_t *out, size_t out_size,
                                     size_t *out_len, const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_kwp_wrap(const rijn_aes_ctx *kek, uint8_t *out, size_t out_size,
                                    size_t *out_len, const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_kwp_unwrap(const rijn_aes_ctx *kek, uint8_t *out, size_t out_size,
                                      size_t *out_len, const uint8_t *in, size_t len);

/* Inverse-cipher variants (SP 800-38F section 5.1 alternative). */
RIJN_API RIJN_WUR int rijn_kw_wrap_inv(const rijn_aes_ctx *kek, uint8_t *out, size_t out_size,
                                       size_t *out_len, const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_kw_unwrap_inv(const rijn_aes_ctx *kek, uint8_t *out,
                                         size_t out_size, size_t *out_len, const uint8_t *in,
                                         size_t len);
RIJN_API RIJN_WUR int rijn_kwp_wrap_inv(const rijn_aes_ctx *kek, uint8_t *out, size_t out_size,
                                        size_t *out_len, const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_kwp_unwrap_inv(const rijn_aes_ctx *kek, uint8_t *out,
                                          size_t out_size, size_t *out_len, const uint8_t *in,
                                          size_t len);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_KEYWRAP_H */
