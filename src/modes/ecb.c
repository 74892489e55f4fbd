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

int rijn_ecb_encrypt(const rijn_aes_ctx *aes, uint8_t *out, const uint8_t *in, size_t len)
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
