/*
 * ocb_i.h -- internal OCB3 core shared by ocb.c (key setup, core, one-shot)
 * and ocb_stream.c (streaming calls).
 */
#ifndef RIJN_OCB_I_H
#define RIJN_OCB_I_H

#include "rijn/ocb.h"

/* RIJN_OK when ctx is keyed and can run the direction (dec: decryption). */
int rijn_i_ocb_check(const rijn_ocb_ctx *c, int dec);
/* 1 if nonce_len / tag_len are allowed. */
int rijn_i_ocb_lens_ok(size_t nonce_len, size_t tag_len);
/* New message: Offset_0 from the nonce, zero checksum and AAD state. */
void rijn_i_ocb_msg_start(const rijn_ocb_ctx *c, rijn_ocb_msg *m, const uint8_t *nonce,
                          size_t nonce_len, size_t tag_len);
/* HASH over nb whole AAD blocks, then over a final partial block (1..15). */
void rijn_i_ocb_hash_blocks(const rijn_ocb_ctx *c, rijn_ocb_msg *m, const uint8_t *in,
                            size_t nb);
void rijn_i_ocb_hash_tail(const rijn_ocb_ctx *c, rijn_ocb_msg *m, const uint8_t *in, size_t r);
/* nb whole text blocks (out may equal in), then a final partial one. */
void rijn_i_ocb_blocks(const rijn_ocb_ctx *c, rijn_ocb_msg *m, int dec, uint8_t *out,
                       const uint8_t *in, size_t nb);
void rijn_i_ocb_tail(const rijn_ocb_ctx *c, rijn_ocb_msg *m, int dec, uint8_t *out,
                     const uint8_t *in, size_t r);
/* Whole 32-block passes with VAES-512 (ocb_vaes512.c) when the message
 * is at a multiple of 32 blocks and the CPU has VAES + AVX-512 (AES-NI
 * round keys); updates offset, checksum and block count; returns the blocks
 * done (0 otherwise). */
#if RIJN_I_AES_RK_AESNI
size_t rijn_i_ocb_vaes512(const rijn_ocb_ctx *c, rijn_ocb_msg *m, int dec, uint8_t *out,
                          const uint8_t *in, size_t nb);
/* Then, without AVX-512 or for what is left (ocb_x86.c): 16-block passes
 * with VAES on 256-bit registers (RIJN_I_DIR_W256), then 8-block AES-NI
 * passes, each while the block count is a multiple of the pass; same
 * contract. */
size_t rijn_i_ocb_x86(const rijn_ocb_ctx *c, rijn_ocb_msg *m, int dec, uint8_t *out,
                      const uint8_t *in, size_t nb);
#endif
/* One-shot seal (dec 0: writes out and tag_len bytes of tag_out) or open
 * (dec 1: checks tag_in, writes out only on a match, else zeroes it) of a
 * short message with AES-NI round keys (ocb_aesni.c); arguments checked by
 * the caller; RIJN_OK or RIJN_ERR_AUTH. */
#define RIJN_I_OCB_SMALL_TEXT 128u /* 8 blocks, the last may be partial */
#define RIJN_I_OCB_SMALL_AAD 112u  /* 7 blocks beside Ktop              */
#if RIJN_I_AES_RK_AESNI
/* Message start with the AAD already hashed (aad_len <= RIJN_I_OCB_SMALL_AAD),
 * Ktop beside the AAD blocks in one pass: as msg_start + hash_blocks +
 * hash_tail. The AAD offset and block count are left 0 (no more AAD). */
void rijn_i_ocb_aesni_start(const rijn_ocb_ctx *c, rijn_ocb_msg *m, const uint8_t *nonce,
                            size_t nonce_len, size_t tag_len, const uint8_t *aad,
                            size_t aad_len);
int rijn_i_ocb_small(const rijn_ocb_ctx *c, int dec, uint8_t *out, uint8_t *tag_out,
                     const uint8_t *tag_in, size_t tag_len, const uint8_t *nonce,
                     size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in,
                     size_t len);
#endif
/* Full 16-byte tag of the message (after every text and AAD call). */
void rijn_i_ocb_tag(const rijn_ocb_ctx *c, rijn_ocb_msg *m, uint8_t tag[16]);

#endif /* RIJN_OCB_I_H */
