/*
 * ecb.c -- AES-ECB (NIST SP 800-38A 6.1).
 *
 * Implementation notes
 *   The whole run of blocks goes to the implementation's N-block entry in
 *   one call (bitsliced and AES-NI classes work at full width); out == in is
 *   handled by the implementation. The one-shot calls test the common case
 *   (keyed, non-NULL, whole non-empty blocks, in place or disjoint) with
 *   one branch and call the class (its one-shot hook when it has one, a
 *   tail call); anything else goes through the full checks (ecb_checked), so
 *   errors and their order are unchanged.
 *   Code placement (x86-64): rijn_ecb_encrypt and the x86ni ecb_enc_once
 *   hooks start on a 64-byte line (RIJN_I_HOT_ALIGN), as rijn_cbc_encrypt
 *   (notes in cbc.c), and the hooks do four blocks themselves. Measured
 *   with bench/host/bench.c --group ecb, rijn / the faster of Nettle and
 *   libgcrypt (Nettle), medians of 15 processes, interleaved, at main and
 *   at neighbouring builds (15, 31, 47 bytes of padding put in front of
 *   this file, cbc.c, ctr.c and their aes_x86ni files):
 *   AES-128 16 B before 1.07-1.10 with this entry 32 bytes past a line,
 *   0.92-0.94 on one (12.2-12.8 TSC ticks against 10.8), after 0.92-0.94
 *   at every padding; AES-256 16 B 0.88-1.02 -> 0.83-0.84. AES-128 64 B
 *   0.97-0.98 -> 0.99-1.02 (15.0-15.3 -> 15.5-15.9 ticks): the four-block
 *   pass is bound by vaesenc throughput and moves with placement too
 *   (ecb_enc_more_* aligned instead: 1.00-1.02; left where the link put
 *   them: 1.02-1.07). AES-256 64 B 0.98 -> 0.97. 1 KiB to 1 MiB unchanged
 *   (AES-128 0.26 / 0.26 / 0.28, AES-256 0.26 / 0.25 / 0.26).
 *   Constant time: as the AES class.
 *   Vectors: SP 800-38A F.1 (tests/modes/test_modes_sp800_38a.c), CAVP ECB files.
 */
#include "modes_i.h"

void rijn_i_ecb_blocks(const rijn_aes_ctx *a, int dec, uint8_t *out, const uint8_t *in,
                       size_t n)
{
    if (n == 0)
        return;
    if (dec)
        rijn_i_aes_dec(a, out, in, n);
    else
        rijn_i_aes_enc(a, out, in, n);
}

/* iv is not used by ECB: pass a dummy non-NULL pointer to the check. */
RIJN_I_MODE_COLD int ecb_checked(const rijn_aes_ctx *aes, int dec, uint8_t *out,
                                 const uint8_t *in, size_t len)
{
    int r = rijn_i_mode_check_inl(aes, dec, (const uint8_t *)"", out, in, len);
    if (r != RIJN_OK)
        return r;
    if (len % 16 != 0)
        return RIJN_ERR_LENGTH;
    r = rijn_i_mode_overlap_inl(out, in, len);
    if (r != RIJN_OK)
        return r;
    rijn_i_ecb_blocks(aes, dec, out, in, len / 16);
    return RIJN_OK;
}

RIJN_I_HOT_ALIGN int rijn_ecb_encrypt(const rijn_aes_ctx *aes, uint8_t *out, const uint8_t *in,
                                      size_t len)
{
    if (rijn_i_mode_fast_ok(aes, RIJN_I_DIR_ENC, out, in, len)) {
#if RIJN_I_AES_HOOKS
        int (*once)(const rijn_aes_ctx *, uint8_t *, const uint8_t *, size_t) =
            aes->impl->ecb_enc_once[RIJN_I_AES_ALT(aes)];
        if (RIJN_LIKELY(once != NULL))
            return once(aes, out, in, len / 16);
#endif
        aes->impl->encrypt(aes->ks, aes->rounds, out, in, len / 16);
        return RIJN_OK;
    }
    return ecb_checked(aes, 0, out, in, len);
}

int rijn_ecb_decrypt(const rijn_aes_ctx *aes, uint8_t *out, const uint8_t *in, size_t len)
{
    if (rijn_i_mode_fast_ok(aes, RIJN_I_DIR_DEC, out, in, len)) {
#if RIJN_I_AES_HOOKS
        int (*once)(const rijn_aes_ctx *, uint8_t *, const uint8_t *, size_t) =
            aes->impl->ecb_dec_once[RIJN_I_AES_ALT(aes)];
        if (RIJN_LIKELY(once != NULL))
            return once(aes, out, in, len / 16);
#endif
        aes->impl->decrypt(aes->ks, aes->rounds, out, in, len / 16);
        return RIJN_OK;
    }
    return ecb_checked(aes, 1, out, in, len);
}
