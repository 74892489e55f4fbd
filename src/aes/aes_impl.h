/*
 * aes_impl.h -- the internal interface every AES implementation provides.
 *
 * A class is a const struct of function pointers. The dispatcher (aes.c)
 * validates arguments; the functions here may assume:
 *   - key_len is 16, 24 or 32 and allowed by the configuration;
 *   - ks points to RIJN_AES_KS_WORDS uint64_t words (8-byte aligned);
 *   - rounds is 10, 12 or 14 and matches the key the schedule came from;
 *   - out and in are either equal or do not overlap; nblocks may be 0.
 * Optional entries are NULL when the class has no fused path; the modes
 * then fall back to the N-block entries.
 */
#ifndef RIJN_AES_IMPL_H
#define RIJN_AES_IMPL_H

#include "rijn/aes.h"

/* op of the cbcmac entry below. */
#define RIJN_I_CBCMAC_MAC 0u
#define RIJN_I_CBCMAC_ENC 1u
#define RIJN_I_CBCMAC_DEC 2u
#define RIJN_I_CBCMAC_CTR128 4u /* OR'ed into ENC/DEC: see below */

struct rijn_aes_impl {
    const char *name;
    unsigned flags; /* RIJN_AES_IMPL_* */

    /* 1 if this CPU can run the class (NULL: always). */
    int (*available)(void);

    /* Expand key into ks for the directions in dirs (RIJN_I_DIR_*). */
    void (*setkey)(uint64_t *ks, const uint8_t *key, size_t key_len, unsigned dirs);

    /* nblocks independent blocks. */
    void (*encrypt)(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                    size_t nblocks);
    void (*decrypt)(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                    size_t nblocks); /* NULL if RIJN_CFG_AES_DECRYPT is 0 */

    /* Optional: out = in XOR E(ctr), E(ctr+1), ... for nblocks blocks,
     * counter big-endian over the whole 128 bits (ctr_bits 128) or over the
     * last 32 bits only (ctr_bits 32), both wrapping. ctr is advanced by
     * nblocks. */
    void (*ctr)(const uint64_t *ks, unsigned rounds, unsigned ctr_bits, uint8_t ctr[16],
                uint8_t *out, const uint8_t *in, size_t nblocks);

    /* Optional: CBC decryption of nblocks blocks; iv is updated to the
     * last ciphertext block. out may equal in. */
    void (*cbc_decrypt)(const uint64_t *ks, unsigned rounds, uint8_t iv[16], uint8_t *out,
                        const uint8_t *in, size_t nblocks);

    /* Optional: CBC encryption of nblocks blocks; iv updated likewise. */
    void (*cbc_encrypt)(const uint64_t *ks, unsigned rounds, uint8_t iv[16], uint8_t *out,
                        const uint8_t *in, size_t nblocks);

    /* Optional: CBC-MAC chain over nblocks blocks (mac = E(mac ^ B) per
     * block B), alone or stitched with a CTR stream (CCM); op is one of
     *   RIJN_I_CBCMAC_MAC: B = in; out and ctr are not used (may be NULL);
     *   RIJN_I_CBCMAC_ENC: out = in XOR E(ctr), E(ctr+1), ...; B = in;
     *   RIJN_I_CBCMAC_DEC: out = in XOR E(ctr), E(ctr+1), ...; B = out.
     * Only the last 8 bytes of the big-endian counter are incremented
     * (mod 2^64; CCM's counter field is at most 8 bytes and never wraps),
     * or, with RIJN_I_CBCMAC_CTR128 in op, the whole block (mod 2^128, EAX);
     * either way without a branch on the counter (it may be secret). ctr
     * is advanced by nblocks. out may equal in. */
    void (*cbcmac)(const uint64_t *ks, unsigned rounds, unsigned op, uint8_t mac[16],
                   uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks);
};

/* The classes; each is defined in its own file when compiled in. */
extern const rijn_aes_impl rijn_i_aes_x86ni;
extern const rijn_aes_impl rijn_i_aes_ct64;
extern const rijn_aes_impl rijn_i_aes_bs256;
extern const rijn_aes_impl rijn_i_aes_ct32;
extern const rijn_aes_impl rijn_i_aes_ct32asm;
extern const rijn_aes_impl rijn_i_aes_ct32v6m;
extern const rijn_aes_impl rijn_i_aes_avr;
extern const rijn_aes_impl rijn_i_aes_ttable;
extern const rijn_aes_impl rijn_i_aes_small;

/* Shared helpers for software key schedules (aes_common.c). */
extern const uint8_t rijn_i_aes_rcon[10];
/* FIPS 197 KeyExpansion into 4*(rounds+1) big-endian words; returns rounds. */
unsigned rijn_i_aes_expand_words(uint32_t *w, const uint8_t *key, size_t key_len,
                                 uint32_t (*subword)(uint32_t));

/* Fast internal calls for the modes: the context is known to be set up. */
static inline void rijn_i_aes_enc(const rijn_aes_ctx *c, uint8_t *out, const uint8_t *in,
                                  size_t n)
{
    c->impl->encrypt(c->ks, c->rounds, out, in, n);
}
static inline void rijn_i_aes_dec(const rijn_aes_ctx *c, uint8_t *out, const uint8_t *in,
                                  size_t n)
{
    c->impl->decrypt(c->ks, c->rounds, out, in, n);
}

/* Status checks the modes share: RIJN_OK when ctx can encrypt/decrypt. */
int rijn_i_aes_check_enc(const rijn_aes_ctx *ctx);
int rijn_i_aes_check_dec(const rijn_aes_ctx *ctx);

/* The same checks inline, for a ctx already known to be non-NULL (the
 * short-message paths of the modes): RIJN_ERR_STATE when the context is
 * not keyed for the direction, RIJN_ERR_UNSUPPORTED for decryption
 * compiled out. */
static inline int rijn_i_aes_ready_enc(const rijn_aes_ctx *ctx)
{
    if (ctx->impl == NULL || !(ctx->dirs & RIJN_I_DIR_ENC))
        return RIJN_ERR_STATE;
    return RIJN_OK;
}
static inline int rijn_i_aes_ready_dec(const rijn_aes_ctx *ctx)
{
    if (!RIJN_CFG_AES_DECRYPT)
        return RIJN_ERR_UNSUPPORTED;
    if (ctx->impl == NULL || !(ctx->dirs & RIJN_I_DIR_DEC))
        return RIJN_ERR_STATE;
    return RIJN_OK;
}

#endif /* RIJN_AES_IMPL_H */
