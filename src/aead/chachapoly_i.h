/*
 * chachapoly_i.h -- internal interface of the ChaCha20-Poly1305 AEADs.
 */
#ifndef RIJN_CHACHAPOLY_I_H
#define RIJN_CHACHAPOLY_I_H

#include "rijn/chachapoly.h"

/* Rebind a keyed (X)ChaCha20-Poly1305 context to the ChaCha20 and
 * Poly1305 registry entries called chacha and poly (NULL/"auto": the
 * defaults). RIJN_ERR_UNSUPPORTED: unknown or not runnable here (nothing
 * changed); RIJN_ERR_STATE: not keyed. Tests, benchmarks. */
int rijn_i_chachapoly_use(rijn_chachapoly_ctx *ctx, const char *chacha, const char *poly);

#endif
