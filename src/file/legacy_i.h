/*
 * legacy_i.h -- internals shared by the legacy-format streaming sources
 * (src/file/legacy_stream.c, legacy_cah.c; API in rijn/legacy_formats.h).
 *
 * Implementation notes: one context type serves both formats; `what`
 * says which parts run on the data (the cipher, the HMAC, and for the
 * crypt_and_hash reader the hold-back of the trailing HMAC), `enc` the
 * direction, `state` the stage. Any failure wipes the whole context and
 * leaves it FAILED, so later calls return RIJN_ERR_STATE.
 */
#ifndef RIJN_LEGACY_I_H
#define RIJN_LEGACY_I_H

#include <string.h>

#include "internal.h"
#include "rijn/legacy_formats.h"

/* ctx->what bits: RIJN_CAH_MAC (1), RIJN_CAH_DECRYPT (2) = the cipher,
 * and the reader's hold-back of the trailing tag. */
#define RIJN_I_LEG_CIPHER RIJN_CAH_DECRYPT
#define RIJN_I_LEG_HOLD   4u

/* ctx->state */
#define RIJN_I_LEG_NONE     0u
#define RIJN_I_LEG_RUN      1u
#define RIJN_I_LEG_VERIFIED 2u
#define RIJN_I_LEG_DONE     3u
#define RIJN_I_LEG_FAILED   4u

/* RIJN_OK when p names a mode, key size and hash the formats know. */
int rijn_i_legacy_params_check(const rijn_legacy_params *p);
/* Key the cipher of ctx (mode, direction) with key and iv. */
int rijn_i_legacy_cipher_init(rijn_legacy_ctx *ctx, unsigned mode, int enc, const uint8_t *key,
                              size_t key_len, const uint8_t iv[16]);
/* Wipe ctx and mark it failed; returns r. */
int rijn_i_legacy_fail(rijn_legacy_ctx *ctx, int r);

#endif /* RIJN_LEGACY_I_H */
