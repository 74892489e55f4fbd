/*
 * rijn/cmac.h -- AES-CMAC (NIST SP 800-38B, RFC 4493): a message
 * authentication code built on AES.
 *
 * Shapes:
 *  - streaming: rijn_cmac_init(ctx, key, key_len) keys the context and
 *    starts a message; rijn_cmac_update any number of times with any split
 *    of the message; rijn_cmac_final writes the tag (or
 *    rijn_cmac_verify_final checks one) and starts the next message with
 *    the same key. rijn_cmac_reset abandons a message in progress.
 *  - one-shot on a keyed context (const: does not disturb a streaming
 *    message): rijn_cmac_compute, rijn_cmac_verify.
 *  - one-shot with a raw key: rijn_cmac, rijn_cmac_check.
 *
 * Keys: 16, 24 or 32 bytes (RIJN_ERR_KEY_LEN otherwise). Messages: any
 * length, including 0. Tags: 1..16 bytes; a shorter tag is the leading
 * bytes of the full 16-byte tag (SP 800-38B truncation;
 * RIJN_ERR_TAG_LEN otherwise). SP 800-38B advises tags of at least 8
 * bytes; shorter ones are allowed for protocols that need them.
 * Verification compares in constant time and returns RIJN_ERR_AUTH on a
 * mismatch.
 *
 * The message state inside rijn_cmac_ctx (rijn_cmac_state) is also used
 * by EAX and SIV; its fields are internal.
 */
#ifndef RIJN_CMAC_H
#define RIJN_CMAC_H

#include "aes.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_CMAC_TAG_SIZE 16 /* full tag                        */
#define RIJN_CMAC_TAG_MIN  1
#define RIJN_CMAC_TAG_MAX  16
#define RIJN_CMAC_KEY_MIN  16
#define RIJN_CMAC_KEY_MAX  32

RIJN_API size_t rijn_cmac_tag_size(void);
RIJN_API size_t rijn_cmac_tag_min(void);
RIJN_API size_t rijn_cmac_tag_max(void);
RIJN_API size_t rijn_cmac_key_min(void);
RIJN_API size_t rijn_cmac_key_max(void);

/* Internal: a CBC-MAC chain value and the (up to 16) bytes not yet
 * chained, kept back because the last block is treated specially. */
typedef struct rijn_cmac_state {
    uint8_t x[16];
    uint8_t buf[16];
    uint32_t buf_len;
} rijn_cmac_state;

typedef struct rijn_cmac_ctx {
    rijn_aes_ctx aes;     /* encryption key schedule                 */
    uint8_t k1[16];       /* subkeys K1 = dbl(E(0)), K2 = dbl(K1)     */
    uint8_t k2[16];
    rijn_cmac_state st;   /* message in progress                     */
    uint32_t keyed;       /* 1 after a successful init               */
} rijn_cmac_ctx;

/* Key setup (encryption schedule and subkeys) and start of a message.
 * Errors: RIJN_ERR_NULL, RIJN_ERR_KEY_LEN (ctx is then wiped). */
RIJN_API RIJN_WUR int rijn_cmac_init(rijn_cmac_ctx *ctx, const uint8_t *key, size_t key_len);

/* Feed len bytes of message. Errors: RIJN_ERR_NULL (in NULL with len>0),
 * RIJN_ERR_STATE (ctx not keyed). */
RIJN_API RIJN_WUR int rijn_cmac_update(rijn_cmac_ctx *ctx, const uint8_t *in, size_t len);

/* Write the first tag_len (1..16) bytes of the tag, then start a new
 * message with the same key. Errors: RIJN_ERR_NULL, RIJN_ERR_TAG_LEN,
 * RIJN_ERR_STATE (nothing changed then). */
RIJN_API RIJN_WUR int rijn_cmac_final(rijn_cmac_ctx *ctx, uint8_t *tag, size_t tag_len);

/* Compare the tag of the message with tag[0..tag_len) in constant time,
 * then start a new message. RIJN_OK or RIJN_ERR_AUTH; also the errors of
 * rijn_cmac_final. */
RIJN_API RIJN_WUR int rijn_cmac_verify_final(rijn_cmac_ctx *ctx, const uint8_t *tag,
                                             size_t tag_len);

/* Abandon the message in progress; the key stays. RIJN_ERR_STATE if not
 * keyed. */
RIJN_API RIJN_WUR int rijn_cmac_reset(rijn_cmac_ctx *ctx);

/* One-shot on a keyed context: tag of in[0..len). The context is not
 * modified. Errors as rijn_cmac_final. */
RIJN_API RIJN_WUR int rijn_cmac_compute(const rijn_cmac_ctx *ctx, uint8_t *tag, size_t tag_len,
                                        const uint8_t *in, size_t len);
/* One-shot verification: RIJN_OK or RIJN_ERR_AUTH (constant-time). */
RIJN_API RIJN_WUR int rijn_cmac_verify(const rijn_cmac_ctx *ctx, const uint8_t *tag,
                                       size_t tag_len, const uint8_t *in, size_t len);

/* One-shot with a raw key (key setup on the stack, wiped before return). */
RIJN_API RIJN_WUR int rijn_cmac(uint8_t *tag, size_t tag_len, const uint8_t *key, size_t key_len,
                                const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_cmac_check(const uint8_t *tag, size_t tag_len, const uint8_t *key,
                                      size_t key_len, const uint8_t *in, size_t len);

/* Clear the whole context. */
RIJN_API void rijn_cmac_wipe(rijn_cmac_ctx *ctx);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_CMAC_H */
