/*
 * rijn/encoding.h -- hex (base 16) and Base64 (RFC 4648) text encodings.
 *
 * Conventions of the family:
 *  - Encoders write text and a terminating NUL. out_size counts the NUL,
 *    so it must be at least RIJN_HEX_ENCODED_SIZE(len) /
 *    RIJN_BASE64_ENCODED_SIZE(len); *out_len (may be NULL) receives the
 *    number of characters written, without the NUL. Hex is lower case.
 *  - Decoders take a text of in_len characters (no NUL needed), skip
 *    ASCII whitespace (space, tab, CR, LF) anywhere in it, and write at
 *    most RIJN_HEX_DECODED_MAX(in_len) / RIJN_BASE64_DECODED_MAX(in_len)
 *    bytes; *out_len (may be NULL) receives the count written.
 *  - Errors: RIJN_ERR_NULL (NULL with a nonzero length), RIJN_ERR_BUFFER
 *    (out_size too small; nothing useful written), RIJN_ERR_PARAM (a
 *    character outside the alphabet, or Base64 padding in the wrong place
 *    or nonzero unused bits: only the canonical encoding is accepted),
 *    RIJN_ERR_LENGTH (odd number of hex digits, a Base64 text whose length
 *    is not a multiple of 4 where padding is required). On any error
 *    *out_len is 0; encoders then write nothing, decoders wipe out[0..
 *    out_size).
 *  - Timing: the value of each character is computed with arithmetic on
 *    masks, without a branch or a table index that depends on it, so the
 *    decoders and encoders can handle keys. Only the positions of
 *    whitespace and the input length show in the timing.
 *
 * Base64 variants: the standard alphabet (A-Z a-z 0-9 + /) with '='
 * padding (rijn_base64_*), and the URL-safe alphabet (- and _ instead of
 * + and /) without padding on output; its decoder accepts the text with
 * or without padding (rijn_base64url_*).
 */
#ifndef RIJN_ENCODING_H
#define RIJN_ENCODING_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Buffer sizes. Encoded sizes include the terminating NUL. */
#define RIJN_HEX_ENCODED_SIZE(len)    (2u * (size_t)(len) + 1u)
#define RIJN_HEX_DECODED_MAX(in_len)  ((size_t)(in_len) / 2u)
#define RIJN_BASE64_ENCODED_SIZE(len) ((((size_t)(len) + 2u) / 3u) * 4u + 1u)
#define RIJN_BASE64_DECODED_MAX(in_len) ((((size_t)(in_len) + 3u) / 4u) * 3u)

/* Hex-encode len bytes of in (lower case) into out, NUL-terminated. */
RIJN_API RIJN_WUR int rijn_hex_encode(char *out, size_t out_size, size_t *out_len,
                                      const uint8_t *in, size_t len);

/* Decode hex digits (either case) from in[0..in_len) into out. */
RIJN_API RIJN_WUR int rijn_hex_decode(uint8_t *out, size_t out_size, size_t *out_len,
                                      const char *in, size_t in_len);

/* Standard Base64 with '=' padding, no line breaks. */
RIJN_API RIJN_WUR int rijn_base64_encode(char *out, size_t out_size, size_t *out_len,
                                         const uint8_t *in, size_t len);

/* Standard Base64: the padded length must be a multiple of 4. */
RIJN_API RIJN_WUR int rijn_base64_decode(uint8_t *out, size_t out_size, size_t *out_len,
                                         const char *in, size_t in_len);

/* URL-safe Base64, no padding written. */
RIJN_API RIJN_WUR int rijn_base64url_encode(char *out, size_t out_size, size_t *out_len,
                                            const uint8_t *in, size_t len);

/* URL-safe Base64, padding optional (if present it must be right). */
RIJN_API RIJN_WUR int rijn_base64url_decode(uint8_t *out, size_t out_size, size_t *out_len,
                                            const char *in, size_t in_len);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_ENCODING_H */
