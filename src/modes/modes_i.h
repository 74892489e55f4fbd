/*
 * modes_i.h -- what the mode files share (not installed).
 *
 * Implementation notes
 *   Each mode file has a "core" that works on arguments already checked
 *   (context keyed for the direction, lengths valid, out == in or disjoint)
 *   and the public one-shot calls that check and then run the core. The
 *   streaming files (block_stream.c, stream.c) run the same cores on the
 *   state kept in their contexts, so one-shot and streaming results agree
 *   by construction, and the tests check that they do.
 *   Batching: parallel modes (ECB, CBC decryption, CFB128/CFB8 decryption,
 *   CTR) give the implementation runs of up to RIJN_I_MODE_BATCH blocks
 *   through its N-block entry, built in a stack buffer of that many blocks
 *   (the stack cost per target is RIJN_I_MODE_BATCH * 16 bytes), or call
 *   the fused hooks of the class when it has them. CFB128 and OFB take
 *   runs of RIJN_I_MODE_WIDE blocks: their serial keystreams are CBC
 *   encryptions (of the plaintext, of zero blocks) through the class's CBC
 *   entry, and CFB128 decryption reads its cipher inputs from in.
 */
#ifndef RIJN_MODES_I_H
#define RIJN_MODES_I_H

#include <limits.h>

#include "aes/aes_i.h"
#include "internal.h"
#include "rijn/modes.h"

#ifndef RIJN_I_MODE_BATCH
#if RIJN_ARCH_SMALLWORD
#define RIJN_I_MODE_BATCH 1
#elif RIJN_ARCH_64
#define RIJN_I_MODE_BATCH 16
#else
#define RIJN_I_MODE_BATCH 4
#endif
#endif

/* Blocks per call of the feedback modes (CFB128, OFB) through a stack
 * buffer: hosts with the fused class hooks take four batches (1 KiB of
 * stack on 64-bit hosts) so a wide class runs long in one call; other
 * targets keep RIJN_I_MODE_BATCH. */
#if RIJN_I_AES_HOOKS
#define RIJN_I_MODE_WIDE (4 * RIJN_I_MODE_BATCH)
#else
#define RIJN_I_MODE_WIDE RIJN_I_MODE_BATCH
#endif

/* d = a ^ b over n bytes, n a multiple of 16; a word at a time through
 * memcpy (any alignment; compilers emit plain or vector loads). d may
 * equal a or b. */
RIJN_INLINE void rijn_i_xor_blocks(uint8_t *d, const uint8_t *a, const uint8_t *b, size_t n)
{
#if RIJN_ARCH_64
    size_t i;
    uint64_t x, y;
    for (i = 0; i < n; i += 8) {
        memcpy(&x, a + i, 8);
        memcpy(&y, b + i, 8);
        x ^= y;
        memcpy(d + i, &x, 8);
    }
#else
    rijn_xor(d, a, b, n);
#endif
}

/* The fast-path test of the one-shot calls: 1 when aes is keyed for dir
 * (RIJN_I_DIR_*; key setup sets dirs only together with impl), out and in
 * are non-NULL, len is a non-zero multiple of 16, and out == in or the
 * ranges are disjoint. The call then runs at once; in every other case it
 * goes through the full checks, which return the errors in the documented
 * order (or handle len == 0), so no check is skipped. Seven compares, each
 * one predicted compare-and-branch (branch count is what a 16-byte call
 * pays for, not instruction count):
 *   - len/16 rotated right by 4 bits lies in [1, SIZE_MAX/16) exactly when
 *     len is a non-zero multiple of 16;
 *   - with d = out - in (mod 2^N), "d == 0, or d >= len and -d >= len"
 *     (in place, or disjoint) is d - 1 >= len - 1 and ~d >= len - 1. */
RIJN_INLINE int rijn_i_mode_fast_ok(const rijn_aes_ctx *aes, unsigned dir, const uint8_t *out,
                                    const uint8_t *in, size_t len)
{
    uintptr_t o = (uintptr_t)out, i = (uintptr_t)in, d = o - i;
    size_t q = (len >> 4) | (len << (sizeof(size_t) * CHAR_BIT - 4)), l1 = len - 1;
    return aes != NULL && o != 0 && i != 0 && q - 1 < (SIZE_MAX >> 4) && d - 1 >= l1 &&
           ~d >= l1 && (aes->dirs & dir) != 0;
}

/* A mode's core that its one-shot calls share with the streaming calls:
 * inlined into the one-shots where the class hooks exist (hosts: a
 * 16-byte call then pays no call and no re-load of its arguments), one
 * copy elsewhere (MCU flash). */
#if RIJN_I_AES_HOOKS
#define RIJN_I_MODE_CORE RIJN_INLINE
#else
#define RIJN_I_MODE_CORE static
#endif

/* The bytes of a feedback mode's stack buffer to wipe when its runs wrote
 * the first w (of size): hosts (buffers of 1 KiB and more) wipe those w,
 * with stores where short; MCU builds (buffers of RIJN_I_MODE_BATCH blocks)
 * the whole buffer, a constant, as before (no code for w). */
#if RIJN_I_AES_HOOKS
#define RIJN_I_MODE_WIPE_LEN(w, size) (w)
#else
#define RIJN_I_MODE_WIPE_LEN(w, size) ((void)(w), (size))
#endif

/* Rare paths kept out of the short-message fast paths (no stack frame or
 * saved registers in the caller for them). */
#if defined(__GNUC__)
#define RIJN_I_MODE_COLD static __attribute__((noinline))
#else
#define RIJN_I_MODE_COLD static
#endif

/* Block-context mode word: kind | direction | CTS variant << 8. */
#define RIJN_I_BM_ECB     1u
#define RIJN_I_BM_CBC     2u
#define RIJN_I_BM_PAD     3u
#define RIJN_I_BM_CTS     4u
#define RIJN_I_BM_KIND    15u
#define RIJN_I_BM_DEC     16u
#define RIJN_I_BM_VSHIFT  8

/* Block-context states. */
#define RIJN_I_ST_NONE    0u
#define RIJN_I_ST_RUN     1u
#define RIJN_I_ST_FINAL   2u

/* Stream-context modes (0 = not set up). */
#define RIJN_I_SM_CTR     1u
#define RIJN_I_SM_CTR32   2u
#define RIJN_I_SM_OFB     3u
#define RIJN_I_SM_CFB128E 4u
#define RIJN_I_SM_CFB128D 5u
#define RIJN_I_SM_CFB8E   6u
#define RIJN_I_SM_CFB8D   7u
#define RIJN_I_SM_CFB1E   8u
#define RIJN_I_SM_CFB1D   9u

/* NULL checks (aes, iv when need_iv, out/in with len) then the key-direction
 * check (dec: decryption). The first failure is returned. */
int rijn_i_mode_check(const rijn_aes_ctx *aes, int dec, const uint8_t *iv, const uint8_t *out,
                      const uint8_t *in, size_t len);
/* RIJN_ERR_PARAM if out != in and the ranges overlap, else RIJN_OK. */
int rijn_i_mode_overlap(const uint8_t *out, size_t out_len, const uint8_t *in, size_t in_len);

/* The same two checks inlined, for the one-shot calls whose cost on short
 * messages is mostly the checks and calls around one AES call (same
 * checks, same order, same codes). */
RIJN_INLINE int rijn_i_mode_check_inl(const rijn_aes_ctx *aes, int dec, const uint8_t *iv,
                                      const uint8_t *out, const uint8_t *in, size_t len)
{
    RIJN_CHECK_PTR(aes);
    RIJN_CHECK_PTR(iv);
    RIJN_CHECK_BUF(out, len);
    RIJN_CHECK_BUF(in, len);
    return dec ? rijn_i_aes_ready_dec(aes) : rijn_i_aes_ready_enc(aes);
}
RIJN_INLINE int rijn_i_mode_overlap_inl(const uint8_t *out, const uint8_t *in, size_t len)
{
    if (out != in && rijn_overlaps(out, len, in, len))
        return RIJN_ERR_PARAM;
    return RIJN_OK;
}
/* The checks of the modes whose core is RIJN_I_MODE_CORE: inline with it
 * on hosts, the shared out-of-line copies elsewhere (MCU flash). */
#if RIJN_I_AES_HOOKS
#define RIJN_I_MODE_CHECK rijn_i_mode_check_inl
#define RIJN_I_MODE_OVERLAP(out, in, len) rijn_i_mode_overlap_inl(out, in, len)
#else
#define RIJN_I_MODE_CHECK rijn_i_mode_check
#define RIJN_I_MODE_OVERLAP(out, in, len) rijn_i_mode_overlap(out, len, in, len)
#endif

/* ---- block cores: n whole blocks; out == in allowed ---------------------- */
void rijn_i_ecb_blocks(const rijn_aes_ctx *a, int dec, uint8_t *out, const uint8_t *in,
                       size_t n);
void rijn_i_cbc_enc_blocks(const rijn_aes_ctx *a, uint8_t iv[16], uint8_t *out,
                           const uint8_t *in, size_t n);
void rijn_i_cbc_dec_blocks(const rijn_aes_ctx *a, uint8_t iv[16], uint8_t *out,
                           const uint8_t *in, size_t n);
/* The last 16..32 bytes of a CTS message, chained from iv (variant 1..3). */
void rijn_i_cts_enc_tail(const rijn_aes_ctx *a, unsigned v, const uint8_t iv[16], uint8_t *out,
                         const uint8_t *in, size_t len);
void rijn_i_cts_dec_tail(const rijn_aes_ctx *a, unsigned v, const uint8_t iv[16], uint8_t *out,
                         const uint8_t *in, size_t len);
/* Length of the CTS tail for a message of len >= 16 bytes: len itself up
 * to 32, else 17..32 so that len - tail is a multiple of 16. */
size_t rijn_i_cts_tail_len(size_t len);
/* Constant time: returns the PKCS#7 pad length (1..16) of blk, or 0 if the
 * padding is bad. No branch or index depends on the bytes of blk. */
uint32_t rijn_i_pkcs7_check(const uint8_t blk[16]);

/* ---- stream cores --------------------------------------------------------
 * reg: counter / feedback register; ks: keystream block; *pos: bytes of it
 * already used (16: none left). out == in allowed. */
void rijn_i_ctr_blocks(const rijn_aes_ctx *a, unsigned bits, uint8_t ctr[16], uint8_t *out,
                       const uint8_t *in, size_t n);
void rijn_i_ctr_run(const rijn_aes_ctx *a, unsigned bits, uint8_t reg[16], uint8_t ks[16],
                    uint32_t *pos, uint8_t *out, const uint8_t *in, size_t len);
void rijn_i_ofb_run(const rijn_aes_ctx *a, uint8_t reg[16], uint32_t *pos, uint8_t *out,
                    const uint8_t *in, size_t len);
void rijn_i_cfb128_run(const rijn_aes_ctx *a, int dec, uint8_t reg[16], uint8_t ks[16],
                       uint32_t *pos, uint8_t *out, const uint8_t *in, size_t len);
void rijn_i_cfb8_run(const rijn_aes_ctx *a, int dec, uint8_t reg[16], uint8_t *out,
                     const uint8_t *in, size_t len);
/* nbits bits, most significant first; the low unused bits of a last
 * partial byte of out are cleared. */
void rijn_i_cfb1_run(const rijn_aes_ctx *a, int dec, uint8_t reg[16], uint8_t *out,
                     const uint8_t *in, size_t nbits);

#endif /* RIJN_MODES_I_H */
