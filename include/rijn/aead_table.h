/*
 * rijn/aead_table.h -- every AEAD of the library as a descriptor: name,
 * sizes, context size and the one-shot calls behind one signature. The
 * file format, the CLI, the ACVP harness and the Python binding read
 * their AEAD facts here instead of keeping tables of their own.
 *
 * A descriptor is one AEAD at one key size ("aes-256-gcm"); its calls are
 * the AEAD's own (rijn/aead.h: ONE-SHOT) taking the context as void *:
 *
 *   const rijn_aead_alg *a = rijn_aead_alg_find("chacha20-poly1305");
 *   rijn_aead_any_ctx ctx;                      (or a->ctx_size bytes)
 *   if (a == NULL || a->init(&ctx, key, a->key_len) != RIJN_OK) ...
 *   r = a->seal(&ctx, out, out + len, a->tag_len, nonce, a->nonce_len,
 *               aad, aad_len, in, len);
 *   a->wipe(&ctx);
 *
 * Each descriptor is its own object inside the library: code that names
 * only the ones it needs (the file format: three) links only those AEADs;
 * the list (rijn_aead_alg_count / _at / _find) links all of them. The AES
 * descriptors exist for the key sizes compiled in (RIJN_CFG_AES_192/256).
 */
#ifndef RIJN_AEAD_TABLE_H
#define RIJN_AEAD_TABLE_H

#include "ascon.h"
#include "ccm.h"
#include "chachapoly.h"
#include "common.h"
#include "eax.h"
#include "gcm.h"
#include "gcmsiv.h"
#include "ocb.h"
#include "siv.h"

#ifdef __cplusplus
extern "C" {
#endif

/* flags */
#define RIJN_AEAD_NONCE_OPTIONAL 1u /* nonce_min is 0 (SIV, EAX): deterministic use */
#define RIJN_AEAD_TAG_FIRST      2u /* the convention is tag || ciphertext (SIV's
                                     * V || C, RFC 5297), not ciphertext || tag */

typedef struct rijn_aead_alg {
    const char *name;  /* lower case: "aes-256-gcm", "chacha20-poly1305", ... */
    const char *alias; /* another accepted name, or NULL ("ascon128")         */
    size_t key_len;    /* bytes (AES-SIV: both keys)                          */
    size_t nonce_len;  /* the standard / advised nonce size                   */
    size_t nonce_min, nonce_max; /* what seal and open accept (SIZE_MAX: any) */
    size_t tag_min, tag_len;     /* tag sizes accepted; tag_len the full one  */
    unsigned flags;              /* RIJN_AEAD_*                               */
    size_t ctx_size;             /* bytes of the keyed context                */
    int (*init)(void *ctx, const uint8_t *key, size_t key_len);
    int (*seal)(const void *ctx, uint8_t *out, uint8_t *tag, size_t tag_len,
                const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                const uint8_t *in, size_t len);
    int (*open)(const void *ctx, uint8_t *out, const uint8_t *tag, size_t tag_len,
                const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                const uint8_t *in, size_t len);
    void (*wipe)(void *ctx);
} rijn_aead_alg;

/* A context big enough (and aligned) for any descriptor's. */
typedef union rijn_aead_any_ctx {
    rijn_gcm_ctx gcm;
    rijn_ccm_ctx ccm;
    rijn_eax_ctx eax;
    rijn_ocb_ctx ocb;
    rijn_gcmsiv_ctx gcmsiv;
    rijn_siv_ctx siv;
    rijn_chachapoly_ctx chachapoly;
    rijn_ascon_aead128_ctx ascon;
} rijn_aead_any_ctx;

/* The list, in a fixed order (AES modes by key size, then the others). */
RIJN_API size_t rijn_aead_alg_count(void);
/* The i-th descriptor, NULL past the end. */
RIJN_API const rijn_aead_alg *rijn_aead_alg_at(size_t i);
/* By name or alias (exact, lower case); NULL if unknown or compiled out. */
RIJN_API const rijn_aead_alg *rijn_aead_alg_find(const char *name);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_AEAD_TABLE_H */
