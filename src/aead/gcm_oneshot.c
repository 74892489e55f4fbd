/*
 * gcm_oneshot.c -- AES-GCM seal/open, GMAC, size getters.
 *
 * Implementation notes
 *   seal/open run the message core (gcm.c) on a rijn_gcm_msg on the stack,
 *   so the keyed context is const and a streaming message on it is left
 *   alone. open: one pass over the ciphertext, GHASH and CTR decryption
 *   together (the stitched kernels of gcm.c: GHASH hidden under the AES
 *   rounds; the former GHASH pass, then tag check, then CTR pass cost
 *   2.8x CTR time at 1 MiB on a VAES-512 core against 1.6x now), then the
 *   constant-time compare of tag_len bytes; on a mismatch out is wiped
 *   before the call returns, so no plaintext of a forged message is
 *   released (rijn/aead.h). Every argument is checked before anything is
 *   written.
 *   Short messages (12-byte nonce, text up to 255 bytes, AAD up to 64) on the
 *   AES class with AES-NI round keys (rk_isa) with a PCLMULQDQ GHASH class go to gcm_small_x86.c
 *   (everything in registers, one AES pass), with the same checks first.
 *   Longer ones with a 12-byte nonce on those classes begin without
 *   E(K, J0) (rijn_i_gcm_begin) and end with rijn_i_gcm_tag_small, which
 *   makes it with AES-NI beside the GHASH of the last partial block and
 *   the lengths block (one reduction, no GHASH class call): E(K, J0) was a
 *   class call before the text, the lengths block another after it. Min
 *   of 100 x 500 calls, Zen 5, TSC ticks per message, AES-128, no AAD:
 *   seal 256 B 206 -> 146, 1 KiB 263 -> 200, 2 KiB 329 -> 277; open 256 B
 *   183 -> 136, 1 KiB 246 -> 201. The message is wiped once (by the tag).
 *   Vectors: tests/gcm/test_gcm*.c (CAVP, Wycheproof, OpenSSL differential).
 */
#include "gcm_i.h"
#include "ghash.h"
#include "internal.h"

static int check_oneshot(const rijn_gcm_ctx *ctx, const uint8_t *out, const uint8_t *tag,
                         size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                         const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len)
{
    int r = rijn_i_gcm_check_keyed(ctx);
    if (r != RIJN_OK)
        return r;
    r = rijn_i_gcm_check_nonce(nonce, nonce_len);
    if (r != RIJN_OK)
        return r;
    if (!rijn_i_gcm_tag_len_ok(tag_len))
        return RIJN_ERR_TAG_LEN;
    RIJN_CHECK_PTR(tag);
    RIJN_CHECK_BUF(aad, aad_len);
    r = rijn_i_gcm_check_io(out, in, len);
    if (r != RIJN_OK)
        return r;
    if (rijn_i_gt64(len, RIJN_GCM_TEXT_MAX) || rijn_i_gt64(aad_len, RIJN_GCM_AAD_MAX))
        return RIJN_ERR_LIMIT;
    if (rijn_overlaps(tag, tag_len, out, len) || rijn_overlaps(tag, tag_len, in, len))
        return RIJN_ERR_PARAM;
    return RIJN_OK;
}

/* The x86 fast paths' kind (gcm_small_x86.c) for a 12-byte nonce, else 0. */
static int small_kind(const rijn_gcm_ctx *ctx, size_t nonce_len)
{
#if RIJN_I_HAVE_GCM_SMALL
    if (nonce_len == 12)
        return rijn_i_gcm_small_ok(ctx);
#else
    (void)ctx;
    (void)nonce_len;
#endif
    return 0;
}

/* The message on the stack; with a kind, E(K, J0) is left to finish. */
static void begin(const rijn_gcm_ctx *ctx, int kind, rijn_gcm_msg *m, const uint8_t *nonce,
                  size_t nonce_len)
{
    if (kind == 0) {
        rijn_i_gcm_start(ctx, m, nonce, nonce_len);
        return;
    }
    rijn_i_gcm_begin(ctx, m, nonce, nonce_len);
    m->ctr[15] = 2; /* J0 + 1 (12-byte nonce: J0 ends in 1) */
}

/* Full tag into t; wipes *m. */
static void finish(const rijn_gcm_ctx *ctx, int kind, rijn_gcm_msg *m, const uint8_t *nonce,
                   uint8_t t[16])
{
#if RIJN_I_HAVE_GCM_SMALL
    if (kind != 0) {
        rijn_i_gcm_tag_small(ctx, kind, m, nonce, t);
        return;
    }
#else
    (void)kind;
    (void)nonce;
#endif
    rijn_i_gcm_tag(ctx, m, t);
}

/* A message past the small paths: AAD, then the text in direction how
 * (RIJN_I_GCM_ENC / _DEC), the full tag into t; the message state on the
 * stack is wiped by finish. Always inlined: as a call (GCC -O2 keeps it
 * out of line for its two callers) the MCU builds' GCM seal took 27 more
 * instructions and 40 more bytes of stack (docs/BENCHMARKS-MCU.md). */
RIJN_INLINE void whole(const rijn_gcm_ctx *ctx, int kind, const uint8_t *nonce,
                       size_t nonce_len, const uint8_t *aad, size_t aad_len, uint8_t *out,
                       const uint8_t *in, size_t len, unsigned how, uint8_t t[16])
{
    rijn_gcm_msg m;
    begin(ctx, kind, &m, nonce, nonce_len);
    rijn_i_gcm_absorb(ctx, &m, 0, aad, aad_len);
    m.aad_len = aad_len;
    rijn_i_gcm_end_aad(ctx, &m, how == RIJN_I_GCM_ENC ? RIJN_I_AEAD_ENC : RIJN_I_AEAD_DEC);
    rijn_i_gcm_text(ctx, &m, out, in, len, how);
    finish(ctx, kind, &m, nonce, t);
}

int rijn_gcm_seal(const rijn_gcm_ctx *ctx, uint8_t *out, uint8_t *tag, size_t tag_len,
                  const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                  const uint8_t *in, size_t len)
{
    uint8_t t[16];
    int kind, r = check_oneshot(ctx, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, len);
    if (r != RIJN_OK)
        return r;
    kind = small_kind(ctx, nonce_len);
#if RIJN_I_HAVE_GCM_SMALL
    if (kind != 0 && len <= RIJN_I_GCM_SMALL_TEXT && aad_len <= RIJN_I_GCM_SMALL)
        return rijn_i_gcm_seal_small(ctx, kind, out, tag, tag_len, nonce, aad, aad_len, in, len);
#endif
    whole(ctx, kind, nonce, nonce_len, aad, aad_len, out, in, len, RIJN_I_GCM_ENC, t);
    memcpy(tag, t, tag_len);
    rijn_wipe(t, sizeof t);
    return RIJN_OK;
}

int rijn_gcm_open(const rijn_gcm_ctx *ctx, uint8_t *out, const uint8_t *tag, size_t tag_len,
                  const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                  const uint8_t *in, size_t len)
{
    uint8_t t[16];
    int kind, r = check_oneshot(ctx, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, len);
    if (r != RIJN_OK)
        return r;
    kind = small_kind(ctx, nonce_len);
#if RIJN_I_HAVE_GCM_SMALL
    if (kind != 0 && len <= RIJN_I_GCM_SMALL_TEXT && aad_len <= RIJN_I_GCM_SMALL)
        return rijn_i_gcm_open_small(ctx, kind, out, tag, tag_len, nonce, aad, aad_len, in, len);
#endif
    whole(ctx, kind, nonce, nonce_len, aad, aad_len, out, in, len, RIJN_I_GCM_DEC, t);
    r = RIJN_OK;
    if (!rijn_ct_equal(t, tag, tag_len)) {
        if (len != 0)
            rijn_wipe(out, len);
        r = RIJN_ERR_AUTH;
    }
    rijn_wipe(t, sizeof t);
    return r;
}

int rijn_gmac_compute(const rijn_gcm_ctx *ctx, uint8_t *tag, size_t tag_len,
                      const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                      size_t aad_len)
{
    return rijn_gcm_seal(ctx, NULL, tag, tag_len, nonce, nonce_len, aad, aad_len, NULL, 0);
}

int rijn_gmac_verify(const rijn_gcm_ctx *ctx, const uint8_t *tag, size_t tag_len,
                     const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len)
{
    return rijn_gcm_open(ctx, NULL, tag, tag_len, nonce, nonce_len, aad, aad_len, NULL, 0);
}

size_t rijn_gcm_key_min(void) { return RIJN_GCM_KEY_MIN; }
size_t rijn_gcm_key_max(void) { return RIJN_GCM_KEY_MAX; }
size_t rijn_gcm_nonce_size(void) { return RIJN_GCM_NONCE_SIZE; }
size_t rijn_gcm_nonce_min(void) { return RIJN_GCM_NONCE_MIN; }
size_t rijn_gcm_nonce_max(void)
{
    return (uint64_t)SIZE_MAX < RIJN_GCM_NONCE_MAX ? SIZE_MAX : (size_t)RIJN_GCM_NONCE_MAX;
}
size_t rijn_gcm_tag_size(void) { return RIJN_GCM_TAG_SIZE; }
size_t rijn_gcm_tag_min(void) { return RIJN_GCM_TAG_MIN; }
size_t rijn_gcm_tag_max(void) { return RIJN_GCM_TAG_MAX; }
