/*
 * gcm_i.h -- counter-mode keystream shared by GCM, CCM and GCM-SIV
 * (internal). Built on the AES class's fused CTR hook when it has one,
 * else on its N-block encrypt, 8 blocks per call.
 */
#ifndef RIJN_GCM_I_H
#define RIJN_GCM_I_H

#include "aes/aes_i.h"

#define RIJN_I_CTR_BE32  32u  /* last 4 bytes, big-endian, wrap mod 2^32 (GCM)  */
#define RIJN_I_CTR_BE128 128u /* whole block, big-endian (CCM)                  */
#define RIJN_I_CTR_LE32  1u   /* first 4 bytes, little-endian (GCM-SIV)         */
#define RIJN_I_CTR_BE32_SECRET 2u /* as BE32, counter value secret: never the
                                   * class's fused hook (it may branch on the
                                   * counter to spot a wrap)                   */

/* a > b on 64-bit values: a function, so comparing a 32-bit size_t with a
 * 64-bit limit draws no "always false" warning on 32-bit targets. */
static inline int rijn_i_gt64(uint64_t a, uint64_t b)
{
    return a > b;
}

/* out = in XOR E(ctr), E(ctr+1), ... for nblocks full blocks; ctr is
 * advanced by nblocks. out may equal in. */
void rijn_i_aead_ctr(const rijn_aes_ctx *aes, unsigned mode, uint8_t ctr[16], uint8_t *out,
                       const uint8_t *in, size_t nblocks);

/* GCM-SIV's counter mode on VAES-512 (gcm_ctr_vaes512.c): the longest
 * prefix of 32-block passes when aes has AES-NI round keys on a CPU with VAES +
 * AVX-512; ctr advanced; returns the blocks done (0 otherwise). */
#if RIJN_I_AES_RK_AESNI
size_t rijn_i_aead_ctr_le32_vaes512(const rijn_aes_ctx *aes, uint8_t ctr[16], uint8_t *out,
                                    const uint8_t *in, size_t n);
/* Then (gcm_ctr_x86.c) 16-block VAES-256 passes when aes has the 256-bit
 * mark and 8-block AES-NI passes, with AES-NI round keys; same contract. */
size_t rijn_i_aead_ctr_le32_x86(const rijn_aes_ctx *aes, uint8_t ctr[16], uint8_t *out,
                                const uint8_t *in, size_t n);
#endif

/* ks = E(ctr); ctr advanced by one. */
void rijn_i_aead_ks(const rijn_aes_ctx *aes, unsigned mode, uint8_t ctr[16],
                          uint8_t ks[16]);

/* ---- GCM message core (gcm.c), shared by gcm_stream.c and gcm_oneshot.c */
#include "rijn/gcm.h"

#define RIJN_I_GCM_DEC  0u /* GHASH the input, then decrypt      */
#define RIJN_I_GCM_ENC  1u /* encrypt, then GHASH the output     */

void rijn_i_gcm_start(const rijn_gcm_ctx *k, rijn_gcm_msg *m, const uint8_t *nonce,
                      size_t nlen);
/* rijn_i_gcm_start without E(K, J0): m->ek0 stays zero and m->ctr = J0
 * (the caller advances it and makes the tag mask itself). */
void rijn_i_gcm_begin(const rijn_gcm_ctx *k, rijn_gcm_msg *m, const uint8_t *nonce,
                      size_t nlen);
/* Absorb AAD or text into GHASH; pos = bytes already in the partial block. */
void rijn_i_gcm_absorb(const rijn_gcm_ctx *k, rijn_gcm_msg *m, size_t pos, const uint8_t *p,
                       size_t len);
void rijn_i_gcm_end_aad(const rijn_gcm_ctx *k, rijn_gcm_msg *m, uint32_t next);
void rijn_i_gcm_text(const rijn_gcm_ctx *k, rijn_gcm_msg *m, uint8_t *out, const uint8_t *in,
                     size_t len, unsigned how);
/* Full tag into t; wipes *m. */
void rijn_i_gcm_tag(const rijn_gcm_ctx *k, rijn_gcm_msg *m, uint8_t t[16]);
int rijn_i_gcm_tag_len_ok(size_t t);
int rijn_i_gcm_check_keyed(const rijn_gcm_ctx *ctx);
int rijn_i_gcm_check_nonce(const uint8_t *nonce, size_t nlen);
int rijn_i_gcm_check_io(const uint8_t *out, const uint8_t *in, size_t len);

/* Short messages in registers (gcm_small_x86.c): 12-byte nonce, text and
 * AAD of at most RIJN_I_GCM_SMALL bytes, AES-NI round keys with a PCLMULQDQ GHASH
 * class. rijn_i_gcm_small_ok: 0 if the context cannot use it, else the
 * kind to pass on (GHASH key layout). Arguments already checked. */
#define RIJN_I_GCM_SMALL 64u
/* texts of 65..255 bytes too, in 4-block passes (from 256 bytes on the
 * VAES kernels take 16 blocks a pass and are faster) */
#define RIJN_I_GCM_SMALL_TEXT 255u
#include "ghash.h"
#if RIJN_I_AES_RK_AESNI && RIJN_CFG_GHASH_PCLMUL
#define RIJN_I_HAVE_GCM_SMALL 1
int rijn_i_gcm_small_ok(const rijn_gcm_ctx *k);
int rijn_i_gcm_seal_small(const rijn_gcm_ctx *k, int kind, uint8_t *out, uint8_t *tag,
                          size_t tag_len, const uint8_t *nonce, const uint8_t *aad,
                          size_t aad_len, const uint8_t *in, size_t len);
int rijn_i_gcm_open_small(const rijn_gcm_ctx *k, int kind, uint8_t *out, const uint8_t *tag,
                          size_t tag_len, const uint8_t *nonce, const uint8_t *aad,
                          size_t aad_len, const uint8_t *in, size_t len);
/* The tag of a one-shot message begun with rijn_i_gcm_begin (12-byte
 * nonce, kind from rijn_i_gcm_small_ok), AAD and text absorbed: E(K, J0)
 * made here (off GHASH's chain), the partial text block and the lengths
 * block in one reduction. Full tag into t; wipes *m. */
void rijn_i_gcm_tag_small(const rijn_gcm_ctx *k, int kind, rijn_gcm_msg *m,
                          const uint8_t *nonce, uint8_t t[16]);
/* Key setup for a GHASH class of the pclmul layout (RIJN_I_GHASH_HK_PCLMUL):
 * k->hpow[0..32) = H^16..H^1 times x^-1, two per 256-bit row, highest
 * first (the VAES-256 kernel's powers, gcm_stitch_vaes256.c). */
void rijn_i_gcm_pclmul_key(rijn_gcm_ctx *k);
#else
#define RIJN_I_HAVE_GCM_SMALL 0
#endif

/* Stitched CTR + GHASH over whole blocks (gcm_stitch_x86.c, 512-bit
 * kernel in gcm_stitch_vaes512.c; gcm_stitch_arm.c on AArch64): at a
 * block boundary of the text, out = in XOR keystream from m->ctr, GHASH
 * of the ciphertext (out when enc, in otherwise) into m->y; m->ctr
 * advanced. Runs a prefix of the nblocks when the context's AES and
 * GHASH classes have a kernel on this CPU; returns the blocks done (0:
 * none). out == in allowed. */
#if RIJN_I_AES_RK_AESNI && RIJN_CFG_GHASH_PCLMUL && RIJN_GCM_HKEY_WORDS >= 32 &&              \
    RIJN_GCM_HPOW_WORDS >= 192
#define RIJN_I_HAVE_GCM_STITCH_X86 1
#else
#define RIJN_I_HAVE_GCM_STITCH_X86 0
#endif
/* The AArch64 kernel (gcm_stitch_arm.c): ARMv8 AES round keys (rk_isa)
 * with the pmull GHASH class, 8 blocks per iteration. */
#if RIJN_I_AES_RK_ARMCE && RIJN_CFG_GHASH_PMULL && RIJN_GCM_HKEY_WORDS >= 16
#define RIJN_I_HAVE_GCM_STITCH_ARM 1
#else
#define RIJN_I_HAVE_GCM_STITCH_ARM 0
#endif
#if RIJN_I_HAVE_GCM_STITCH_X86 || RIJN_I_HAVE_GCM_STITCH_ARM
#define RIJN_I_HAVE_GCM_STITCH 1
size_t rijn_i_gcm_stitch(const rijn_gcm_ctx *k, rijn_gcm_msg *m, uint8_t *out,
                         const uint8_t *in, size_t nblocks, int enc);
#else
#define RIJN_I_HAVE_GCM_STITCH 0
#endif
#if RIJN_I_HAVE_GCM_STITCH_X86
/* The 256-bit kernel (VAES + VPCLMULQDQ + AVX2, 16 blocks per iteration)
 * for the pclmul class, and the 512-bit one (32 blocks per iteration) for
 * the vpclmul512 class; called by rijn_i_gcm_stitch. */
size_t rijn_i_gcm_stitch256(const rijn_gcm_ctx *k, rijn_gcm_msg *m, uint8_t *out,
                            const uint8_t *in, size_t nblocks, int enc);
/* The pclmul GHASH class's 16-blocks-per-step loop on YMM registers
 * (gcm_ghash_v256.c; caller checks VPCLMULQDQ + AVX2): whole steps of
 * nblocks into y (swap 1: GHASH byte order, 0: POLYVAL); returns the
 * blocks done. */
size_t rijn_i_ghash_v256(const uint64_t *hk, uint8_t y[16], const uint8_t *in, size_t nblocks,
                         int swap);
#define RIJN_I_HAVE_GCM_STITCH512 1
size_t rijn_i_gcm_stitch512(const rijn_gcm_ctx *k, rijn_gcm_msg *m, uint8_t *out,
                            const uint8_t *in, size_t nblocks, int enc);
/* Key setup of the 512-bit kernel: fills k->hpow from k->hkey when the
 * context's GHASH class is vpclmul512 (the kernel runs only then), else
 * zeroes it. Called after every (re)keying of the GHASH class. */
void rijn_i_gcm_stitch512_key(rijn_gcm_ctx *k);
/* The same table (RIJN_GCM_HPOW_WORDS words) from any key material hk in
 * the vpclmul512 layout with all 16 powers (GCM-SIV: a message's POLYVAL
 * key from rijn_i_polyval_setkey with nmax >= 16). */
void rijn_i_gcm_stitch512_pow(uint64_t *hpow, const uint64_t *hk);
#else
#define RIJN_I_HAVE_GCM_STITCH512 0
#endif

/* GCM-SIV's opening with CTR and POLYVAL in one pass (x86:
 * gcmsiv_stitch_vaes512.c, the 256-bit and 128-bit kernels below):
 * out = in XOR keystream from ctr (GCM-SIV's counter block: LE32 in the
 * first four bytes), POLYVAL of out (the plaintext) into s (POLYVAL byte
 * order) on the message key hk of the GHASH class gh (from
 * rijn_i_polyval_setkey, nmax at least nblocks); ctr advanced. Runs a
 * prefix of the nblocks when aes's class and gh have a kernel on this
 * CPU; returns the blocks done (0: none). out == in allowed. */
#if RIJN_I_HAVE_GCM_STITCH512
#define RIJN_I_HAVE_GCMSIV_STITCH 1
size_t rijn_i_gcmsiv_open_stitch(const rijn_aes_ctx *aes, const rijn_i_ghash_impl *gh,
                                 const uint64_t *hk, uint8_t s[16], uint8_t ctr[16],
                                 uint8_t *out, const uint8_t *in, size_t nblocks);
/* The same on VAES-256 (gcm_stitch_vaes256.c, GCM's 256-bit kernel with
 * GCM-SIV's counter and POLYVAL) for the vpclmul256 entry (pclmul layout);
 * called by rijn_i_gcmsiv_open_stitch. */
size_t rijn_i_gcmsiv_open_stitch256(const rijn_aes_ctx *aes, const uint64_t *hk, uint8_t s[16],
                                    uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                                    size_t nblocks);
/* And on AES-NI + PCLMULQDQ (gcm_stitch_x86.c, GCM's 8-block kernel with
 * GCM-SIV's counter and POLYVAL) for the pclmul-layout entries without
 * VPCLMULQDQ (pclmul, pclmul-avx). */
size_t rijn_i_gcmsiv_open_stitch128(const rijn_aes_ctx *aes, const rijn_i_ghash_impl *gh,
                                    const uint64_t *hk, uint8_t s[16], uint8_t ctr[16],
                                    uint8_t *out, const uint8_t *in, size_t nblocks);
#elif RIJN_I_HAVE_GCM_STITCH_ARM
/* AArch64: gcm_stitch_arm.c (GCM's 8-block AES-CE + PMULL kernel with
 * GCM-SIV's counter and POLYVAL), armce round keys with pmull. */
#define RIJN_I_HAVE_GCMSIV_STITCH 1
size_t rijn_i_gcmsiv_open_stitch(const rijn_aes_ctx *aes, const rijn_i_ghash_impl *gh,
                                 const uint64_t *hk, uint8_t s[16], uint8_t ctr[16],
                                 uint8_t *out, const uint8_t *in, size_t nblocks);
#else
#define RIJN_I_HAVE_GCMSIV_STITCH 0
#endif

#endif
