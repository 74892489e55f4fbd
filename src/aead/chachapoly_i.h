/*
 * chachapoly_i.h -- internal interface of the ChaCha20-Poly1305 AEADs.
 */
#ifndef RIJN_CHACHAPOLY_I_H
#define RIJN_CHACHAPOLY_I_H

#include "core/registry.h"
#include "mac/mac_i.h"
#include "rijn/chachapoly.h"
#include "stream/stream_i.h"

/* Rebind a keyed (X)ChaCha20-Poly1305 context to the ChaCha20 and
 * Poly1305 registry entries called chacha and poly (NULL/"auto": the
 * defaults), and to the fused entry of that pair if there is one.
 * RIJN_ERR_UNSUPPORTED: unknown or not runnable here (nothing changed);
 * RIJN_ERR_STATE: not keyed. Tests, benchmarks. */
int rijn_i_chachapoly_use(rijn_chachapoly_ctx *ctx, const char *chacha, const char *poly);

/* Fused ChaCha20 + Poly1305 entries (chachapoly_fused.c): x86-64 with
 * both the ChaCha20 and the Poly1305 vector paths compiled in. */
#define RIJN_I_CHACHAPOLY_FUSED (RIJN_I_CHACHA_X86 && RIJN_I_POLY1305_X86)
extern const rijn_i_registry rijn_i_chachapoly_fused_registry;
#if RIJN_I_CHACHAPOLY_FUSED
/* The fused entry for ChaCha20 entry chacha with Poly1305 entry poly
 * (registry indexes): the first that runs and stands in for chacha, if
 * poly has a wide path; else the last entry ("none"). */
uint32_t rijn_i_chachapoly_fused_for(uint32_t chacha, uint32_t poly);
/* XOR and MAC (dec: MAC in then XOR; else XOR then MAC out) a prefix of
 * whole groups of the len bytes at in on fused entry fused, when ch and po
 * are both at a block boundary: returns the bytes done (0: nothing done,
 * e.g. the "none" entry or too short), ch's counter and po's accumulator
 * advanced past them. Sealing, pend (0 or one group) bytes before out are
 * XORed already and are MACed first (whatever the return value); so are,
 * decrypting (open's buffer, after fused_key), pend bytes before in. */
size_t rijn_i_chachapoly_fused_run(uint32_t fused, rijn_chacha20_ctx *ch, rijn_poly1305_ctx *po,
                                   uint8_t *out, const uint8_t *in, size_t len, int dec,
                                   size_t pend);
/* Seal's start: block 0 of ch (the one-time key, into block0) beside the
 * first group of the len bytes at in on fused entry fused; returns the
 * bytes XORed (one group, ch advanced past it and block 0; not MACed) or
 * 0 (nothing done). */
size_t rijn_i_chachapoly_fused_key(uint32_t fused, rijn_chacha20_ctx *ch, uint8_t *out,
                                   const uint8_t *in, size_t len, uint8_t block0[64]);
#else /* no fused entry: "none" (index 0), nothing done */
static inline uint32_t rijn_i_chachapoly_fused_for(uint32_t chacha, uint32_t poly)
{
    (void)chacha;
    (void)poly;
    return 0;
}
static inline size_t rijn_i_chachapoly_fused_run(uint32_t fused, rijn_chacha20_ctx *ch,
                                                 rijn_poly1305_ctx *po, uint8_t *out,
                                                 const uint8_t *in, size_t len, int dec,
                                                 size_t pend)
{
    (void)fused;
    (void)ch;
    (void)po;
    (void)out;
    (void)in;
    (void)len;
    (void)dec;
    (void)pend; /* always 0: fused_key never XORs here */
    return 0;
}
static inline size_t rijn_i_chachapoly_fused_key(uint32_t fused, rijn_chacha20_ctx *ch,
                                                 uint8_t *out, const uint8_t *in, size_t len,
                                                 uint8_t block0[64])
{
    (void)fused;
    (void)ch;
    (void)out;
    (void)in;
    (void)len;
    (void)block0;
    return 0;
}
#endif
/* The fused entry a context is bound to ("none": the two passes). */
const char *rijn_i_chachapoly_fused_name(const rijn_chachapoly_ctx *ctx);

#endif
