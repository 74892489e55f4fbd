/*
 * cbc.c -- AES-CBC without padding (NIST SP 800-38A 6.2).
 *
 * Implementation notes
 *   Encryption is serial: one block at a time through the N-block entry,
 *   or the class's fused cbc_encrypt hook when it has one.
 *   Decryption is parallel: runs of up to RIJN_I_MODE_BATCH blocks are
 *   decrypted into a stack buffer in one call, then XORed with the previous
 *   ciphertext blocks from the last block down to the first, so out == in
 *   works (block i is overwritten only after block i+1 used it); the class's
 *   fused cbc_decrypt hook is used instead when present.
 *   One-shot calls check inline; encryption goes to the class's
 *   cbc_enc_once hook, when it has one, after a single fast-path test (rijn_i_mode_fast_ok;
 *   any other case takes the full checks, same errors, same order).
 *   A 16-byte encryption (some 20 instructions here, 20 in the hook, a
 *   few dozen in the caller) runs front-end bound, so its time moved with
 *   code placement: the same code, with 16 to 48 bytes of padding put in
 *   front of this file and of aes_x86ni_cbc.c, took 0.90x-1.08x Nettle's
 *   time (bench/host/bench.c --group cbc, AES-128 16 B, medians of 7-11
 *   processes; 1.16x in the README headline). This entry and the x86ni
 *   cbc_enc_once hooks now start on a 64-byte line (RIJN_I_HOT_ALIGN), and
 *   the harness aligns its own functions (scripts/bench.sh: a change in
 *   librijn.a moved the adapters too): five paddings 0.90x-0.93x Nettle
 *   (10.7-10.9 ticks), medians of 15 processes, 1 KiB / 1 MiB unchanged.
 *   Neighbouring builds (274ffcf or efcd670 reverted, unrelated code):
 *   before 1.09x / 1.08x / 0.98x, after 0.90x / 0.91x / 0.92x.
 *   Constant time: as the AES class; the stack buffers are wiped.
 *   Vectors: SP 800-38A F.2 (tests/modes/test_modes_sp800_38a.c), CAVP CBC files.
 */
#include "modes_i.h"

/* Without a fused hook: one block at a time (n > 0). */
RIJN_I_MODE_COLD void cbc_enc_loop(const rijn_aes_ctx *a, uint8_t iv[16], uint8_t *out,
                                   const uint8_t *in, size_t n)
{
    uint8_t x[16];
    for (; n > 0; n--, in += 16, out += 16) {
        rijn_xor16(x, in, iv);
        rijn_i_aes_enc(a, out, x, 1);
        memcpy(iv, out, 16);
    }
    rijn_wipe(x, sizeof x);
}

RIJN_INLINE void cbc_enc(const rijn_aes_ctx *a, uint8_t iv[16], uint8_t *out, const uint8_t *in,
                         size_t n)
{
    if (n == 0)
        return;
    if (a->impl->cbc_encrypt != NULL)
        a->impl->cbc_encrypt(a->ks, a->rounds, iv, out, in, n);
    else
        cbc_enc_loop(a, iv, out, in, n);
}

void rijn_i_cbc_enc_blocks(const rijn_aes_ctx *a, uint8_t iv[16], uint8_t *out,
                           const uint8_t *in, size_t n)
{
    cbc_enc(a, iv, out, in, n);
}

/* Without a fused hook: runs of RIJN_I_MODE_BATCH blocks (n > 0). */
RIJN_I_MODE_COLD void cbc_dec_loop(const rijn_aes_ctx *a, uint8_t iv[16], uint8_t *out,
                                   const uint8_t *in, size_t n)
{
    uint8_t tmp[RIJN_I_MODE_BATCH * 16], next[16];
    size_t i, k;
    for (; n > 0; n -= k, in += 16 * k, out += 16 * k) {
        k = n < RIJN_I_MODE_BATCH ? n : RIJN_I_MODE_BATCH;
        rijn_i_aes_dec(a, tmp, in, k);
        memcpy(next, in + 16 * (k - 1), 16);
        for (i = k - 1; i > 0; i--)
            rijn_xor16(out + 16 * i, tmp + 16 * i, in + 16 * (i - 1));
        rijn_xor16(out, tmp, iv);
        memcpy(iv, next, 16);
    }
    rijn_wipe(tmp, sizeof tmp);
}

RIJN_INLINE void cbc_dec(const rijn_aes_ctx *a, uint8_t iv[16], uint8_t *out, const uint8_t *in,
                         size_t n)
{
    if (n == 0)
        return;
    if (a->impl->cbc_decrypt != NULL)
        a->impl->cbc_decrypt(a->ks, a->rounds, iv, out, in, n);
    else
        cbc_dec_loop(a, iv, out, in, n);
}

void rijn_i_cbc_dec_blocks(const rijn_aes_ctx *a, uint8_t iv[16], uint8_t *out,
                           const uint8_t *in, size_t n)
{
    cbc_dec(a, iv, out, in, n);
}

RIJN_INLINE int cbc(const rijn_aes_ctx *aes, int dec, const uint8_t iv[16], uint8_t *out,
                    const uint8_t *in, size_t len)
{
    uint8_t chain[16];
    int r = rijn_i_mode_check_inl(aes, dec, iv, out, in, len);
    if (r != RIJN_OK)
        return r;
    if (len % 16 != 0)
        return RIJN_ERR_LENGTH;
    r = rijn_i_mode_overlap_inl(out, in, len);
    if (r != RIJN_OK)
        return r;
    memcpy(chain, iv, 16);
    if (dec)
        cbc_dec(aes, chain, out, in, len / 16);
    else
        cbc_enc(aes, chain, out, in, len / 16);
    /* chain now holds the IV or the last ciphertext block: public, no wipe */
    return RIJN_OK;
}

/* Encryption with the full checks, out of line (see rijn_cbc_encrypt). */
RIJN_I_MODE_COLD int cbc_enc_checked(const rijn_aes_ctx *aes, const uint8_t iv[16],
                                     uint8_t *out, const uint8_t *in, size_t len)
{
    return cbc(aes, 0, iv, out, in, len);
}

RIJN_I_HOT_ALIGN int rijn_cbc_encrypt(const rijn_aes_ctx *aes, const uint8_t iv[16],
                                      uint8_t *out, const uint8_t *in, size_t len)
{
#if RIJN_I_AES_HOOKS
    /* common case with a one-shot hook: one test, then a tail call (IV
     * only read) */
    if (iv != NULL && rijn_i_mode_fast_ok(aes, RIJN_I_DIR_ENC, out, in, len)) {
        int (*once)(const rijn_aes_ctx *, const uint8_t *, uint8_t *, const uint8_t *, size_t) =
            aes->impl->cbc_enc_once[RIJN_I_AES_ALT(aes)];
        if (RIJN_LIKELY(once != NULL))
            return once(aes, iv, out, in, len / 16);
    }
#endif
    return cbc_enc_checked(aes, iv, out, in, len);
}

int rijn_cbc_decrypt(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                     const uint8_t *in, size_t len)
{
    return cbc(aes, 1, iv, out, in, len);
}
