/*
 * ccm_i.h -- the AES-CCM message core (ccm.c), shared by the one-shot
 * seal/open there and the streaming calls of ccm_stream.c.
 */
#ifndef RIJN_CCM_I_H
#define RIJN_CCM_I_H

#include "internal.h"
#include "rijn/ccm.h"

/* RIJN_OK when ctx has a key; RIJN_ERR_NULL or RIJN_ERR_STATE otherwise. */
int rijn_i_ccm_check_keyed(const rijn_ccm_ctx *ctx);
/* Checks nonce, tag and message lengths and starts a message in m
 * (nothing written on error). With aad (one-shot) the first AAD bytes go
 * into the MAC with B_0 and *head says how many; without (streaming), only
 * B_0 and the AAD length prefix. */
int rijn_i_ccm_start(const rijn_aes_ctx *aes, rijn_ccm_msg *m, const uint8_t *nonce, size_t n,
                     const uint8_t *aad, uint64_t aad_len, uint64_t msg_len, size_t t,
                     size_t *head);
/* len bytes of AAD into the CBC-MAC. */
void rijn_i_ccm_absorb(const rijn_aes_ctx *aes, rijn_ccm_msg *m, const uint8_t *p, size_t len);
/* len bytes of text (enc: encrypt, else decrypt; out may equal in). */
void rijn_i_ccm_text(const rijn_aes_ctx *aes, rijn_ccm_msg *m, uint8_t *out, const uint8_t *in,
                     size_t len, int enc);
/* The full tag (tag_len bytes valid) into t; wipes *m. */
void rijn_i_ccm_tag(const rijn_aes_ctx *aes, rijn_ccm_msg *m, uint8_t t[16]);

#endif
