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
#if RIJN_I_AES_RK_AESNI && defined(RIJN_X86NI_INLINE)
/* L_ntz(idx) in a register for the x86 passes (files that include
 * aes/aesni.h first), idx > 0 public: from the table, or, once in 256
 * blocks, by doublings of L_7 on two 64-bit words. Not rijn_i_dbl on a
 * stack copy: its call and byte stores, then the 16-byte load of the
 * result (a failed store-to-load forward), cost 1 MiB OCB seal ~5% with
 * 8-block AES-NI passes (notes in ocb_x86.c). */
RIJN_X86NI_INLINE __m128i rijn_i_ocb_lntz(const rijn_ocb_ctx *c, uint64_t idx)
{
    unsigned z = (unsigned)__builtin_ctzll(idx), k;
    uint64_t hi, lo;
    if (RIJN_LIKELY(z < RIJN_OCB_L_COUNT))
        return x86ni_ld(c->l[z]);
    hi = rijn_load64_be(c->l[RIJN_OCB_L_COUNT - 1]);
    lo = rijn_load64_be(c->l[RIJN_OCB_L_COUNT - 1] + 8);
    for (k = RIJN_OCB_L_COUNT - 1; k < z; k++) { /* doubling in GF(2^128) */
        uint64_t m = 0 - (hi >> 63);
        hi = (hi << 1) | (lo >> 63);
        lo = (lo << 1) ^ (m & 0x87u);
    }
    return _mm_shuffle_epi8(_mm_set_epi64x((long long)lo, (long long)hi),
                            _mm_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7));
}
#endif

/* Full 16-byte tag of the message (after every text and AAD call). */
void rijn_i_ocb_tag(const rijn_ocb_ctx *c, rijn_ocb_msg *m, uint8_t tag[16]);

#endif /* RIJN_OCB_I_H */
