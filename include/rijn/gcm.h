/*
 * rijn/gcm.h -- AES-GCM and GMAC (NIST SP 800-38D).
 *
 * Follows the AEAD conventions of rijn/aead.h (names, one-shot and
 * streaming calls, errors, in-place rules); only what is specific to GCM
 * is said here.
 *
 * Keys:   16, 24 or 32 bytes (AES-128/192/256).
 * Nonce:  any length from 1 byte; 12 bytes (RIJN_GCM_NONCE_SIZE) is the
 *         fast path and the recommended choice (other lengths go through
 *         GHASH and make a counter collision between messages more likely).
 *         Zero-length nonces are rejected (RIJN_ERR_NONCE_LEN).
 * Tag:    16, 15, 14, 13, 12, 8 or 4 bytes, the lengths SP 800-38D
 *         section 5.2.1.2 allows (8 and 4 only for applications that bound
 *         the number of forgery attempts and the message size, see its
 *         appendix C). Other lengths: RIJN_ERR_TAG_LEN.
 * Limits: text at most 2^36 - 32 bytes per message, AAD at most 2^61 - 1
 *         bytes (RIJN_ERR_LIMIT). Never use a nonce twice with one key.
 *
 * GHASH runs on the implementation chosen at rijn_gcm_init, the first the
 * CPU can run of: on x86-64 VPCLMULQDQ on 512-bit registers ("vpclmul512",
 * AVX-512) or on 256-bit ones ("vpclmul256", AVX2), PCLMULQDQ with AVX
 * ("pclmul-avx") or without ("pclmul"); on AArch64 PMULL ("pmull"); on
 * RISC-V with Zbkc + Zbkb clmul ("rvclmul"); otherwise a portable
 * constant-time multiply-based one on 64-bit ("ct64") or 32-bit ("ct32")
 * words. AES runs on the implementation rijn/aes.h chooses; an AES class
 * with AES-NI (or ARMv8 AES) round keys beside a PCLMULQDQ (or PMULL)
 * GHASH sends whole blocks through a stitched CTR + GHASH kernel.
 * rijn_gcm_ctx_ghash_name tells which GHASH.
 *
 * GMAC is GCM with an empty text: rijn_gmac_compute / rijn_gmac_verify
 * are the one-shot form; for streaming use rijn_gcm_start, rijn_gcm_aad,
 * then rijn_gcm_encrypt_final (compute) or rijn_gcm_decrypt_final (verify).
 */
#ifndef RIJN_GCM_H
#define RIJN_GCM_H

#include "aead.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_GCM_KEY_MIN   16
#define RIJN_GCM_KEY_MAX   32
#define RIJN_GCM_NONCE_SIZE 12
#define RIJN_GCM_NONCE_MIN 1
#define RIJN_GCM_NONCE_MAX ((uint64_t)0x1FFFFFFFFFFFFFFFu) /* 2^61-1: bits fit 64 */
#define RIJN_GCM_TAG_SIZE  16
#define RIJN_GCM_TAG_MIN   4
#define RIJN_GCM_TAG_MAX   16
#define RIJN_GCM_TEXT_MAX  ((uint64_t)68719476704u) /* 2^36 - 32 bytes */
#define RIJN_GCM_AAD_MAX   ((uint64_t)0x1FFFFFFFFFFFFFFFu) /* 2^61 - 1 bytes */

/* Words of key-derived GHASH material (H and, for the carry-less-multiply
 * paths, its powers for aggregated reduction: 16 powers on x86 hosts, 8 on
 * AArch64 for PMULL). */
#if RIJN_ARCH_X86 && (defined(__GNUC__) || defined(__clang__))
#define RIJN_GCM_HKEY_WORDS 32
#elif defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__))
#define RIJN_GCM_HKEY_WORDS 16
#else
#define RIJN_GCM_HKEY_WORDS 2
#endif

/* Words of the GHASH power table of the stitched GCM kernels (x86 hosts
 * with GCC or Clang), made once at key setup so no message builds them
 * again: with the VPCLMULQDQ-512 GHASH class H^64..H^1 times x^-1 and their
 * Karatsuba words (1.5 KiB, the 512-bit kernel); with the PCLMULQDQ ones
 * H^16..H^1 times x^-1 in the first 32 words (the 256-bit kernel).
 * 0: no table. */
#if RIJN_ARCH_X86 && (defined(__GNUC__) || defined(__clang__))
#define RIJN_GCM_HPOW_WORDS 192
#else
#define RIJN_GCM_HPOW_WORDS 0
#endif

struct rijn_i_ghash_impl; /* internal GHASH implementation class */

/* Per-message state (internal). */
typedef struct rijn_gcm_msg {
    uint8_t y[16];    /* GHASH accumulator                              */
    uint8_t ctr[16];  /* next counter block                             */
    uint8_t ek0[16];  /* E(K, J0): the tag mask                         */
    uint8_t buf[16];  /* partial AAD or ciphertext block for GHASH      */
    uint8_t ks[16];   /* keystream of the current partial text block    */
    uint64_t aad_len; /* bytes of AAD so far                            */
    uint64_t text_len;/* bytes of text so far                           */
    uint32_t state;   /* RIJN_I_AEAD_*                                  */
    uint32_t ctr_mode;/* internal: counter path (J0 public or secret)   */
} rijn_gcm_msg;

typedef struct rijn_gcm_ctx {
    rijn_aes_ctx aes;                    /* encryption-only schedule     */
    const struct rijn_i_ghash_impl *gh;  /* GHASH class chosen at init   */
    uint64_t hkey[RIJN_GCM_HKEY_WORDS];  /* H (and powers), class layout */
#if RIJN_GCM_HPOW_WORDS
    uint64_t hpow[RIJN_GCM_HPOW_WORDS];  /* see RIJN_GCM_HPOW_WORDS       */
#endif
    rijn_gcm_msg msg;                    /* streaming message            */
} rijn_gcm_ctx;

/* Key setup. RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_KEY_LEN. */
RIJN_API RIJN_WUR int rijn_gcm_init(rijn_gcm_ctx *ctx, const uint8_t *key, size_t key_len);
RIJN_API void rijn_gcm_wipe(rijn_gcm_ctx *ctx);

/* One-shot (see rijn/aead.h). open decrypts and computes GHASH in one
 * pass, then checks the tag; on RIJN_ERR_AUTH out is wiped (all zeros)
 * before it returns. Errors: RIJN_ERR_NULL, RIJN_ERR_STATE (ctx not keyed),
 * RIJN_ERR_NONCE_LEN, RIJN_ERR_TAG_LEN, RIJN_ERR_LIMIT, RIJN_ERR_PARAM
 * (overlap), RIJN_ERR_AUTH. */
RIJN_API RIJN_WUR int rijn_gcm_seal(const rijn_gcm_ctx *ctx, uint8_t *out, uint8_t *tag,
                                    size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                    const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                    size_t len);
RIJN_API RIJN_WUR int rijn_gcm_open(const rijn_gcm_ctx *ctx, uint8_t *out, const uint8_t *tag,
                                    size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                    const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                    size_t len);

/* Streaming (see rijn/aead.h; _decrypt_update releases unauthenticated
 * plaintext: prefer rijn_gcm_open). _start: RIJN_ERR_NONCE_LEN,
 * RIJN_ERR_NULL, RIJN_ERR_STATE (not keyed). _aad: RIJN_ERR_STATE after
 * an update, RIJN_ERR_LIMIT. _update: RIJN_ERR_STATE, RIJN_ERR_LIMIT,
 * RIJN_ERR_PARAM (partial overlap). _final: RIJN_ERR_TAG_LEN (the message
 * stays open then), RIJN_ERR_AUTH. */
RIJN_API RIJN_WUR int rijn_gcm_start(rijn_gcm_ctx *ctx, const uint8_t *nonce, size_t nonce_len);
RIJN_API RIJN_WUR int rijn_gcm_aad(rijn_gcm_ctx *ctx, const uint8_t *aad, size_t len);
RIJN_API RIJN_WUR int rijn_gcm_encrypt_update(rijn_gcm_ctx *ctx, uint8_t *out,
                                              const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_gcm_decrypt_update(rijn_gcm_ctx *ctx, uint8_t *out,
                                              const uint8_t *in, size_t len);
RIJN_API RIJN_WUR int rijn_gcm_encrypt_final(rijn_gcm_ctx *ctx, uint8_t *tag, size_t tag_len);
RIJN_API RIJN_WUR int rijn_gcm_decrypt_final(rijn_gcm_ctx *ctx, const uint8_t *tag,
                                             size_t tag_len);

/* GMAC: a tag over aad alone (GCM with empty text). Same nonce and tag
 * rules as GCM; verify returns RIJN_OK or RIJN_ERR_AUTH. */
RIJN_API RIJN_WUR int rijn_gmac_compute(const rijn_gcm_ctx *ctx, uint8_t *tag, size_t tag_len,
                                        const uint8_t *nonce, size_t nonce_len,
                                        const uint8_t *aad, size_t aad_len);
RIJN_API RIJN_WUR int rijn_gmac_verify(const rijn_gcm_ctx *ctx, const uint8_t *tag,
                                       size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                       const uint8_t *aad, size_t aad_len);

/* Name of the GHASH implementation a keyed context uses ("vpclmul512",
 * "pclmul", "ct64", "ct32"), or "none" if not keyed. Static string. The AES one is
 * rijn_aes_ctx_impl_name(&ctx->aes). */
RIJN_API const char *rijn_gcm_ctx_ghash_name(const rijn_gcm_ctx *ctx);

/* Size getters (same values as the macros). */
RIJN_API size_t rijn_gcm_key_min(void);
RIJN_API size_t rijn_gcm_key_max(void);
RIJN_API size_t rijn_gcm_nonce_size(void);
RIJN_API size_t rijn_gcm_nonce_min(void);
RIJN_API size_t rijn_gcm_nonce_max(void);
RIJN_API size_t rijn_gcm_tag_size(void);
RIJN_API size_t rijn_gcm_tag_min(void);
RIJN_API size_t rijn_gcm_tag_max(void);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_GCM_H */
