/*
 * ecb.c -- AES-ECB (NIST SP 800-38A 6.1).
 *
 * Implementation notes
 *   The whole run of blocks goes to the implementation's N-block entry in
 *   one call (bitsliced and AES-NI classes work at full width); out == in is
 *   handled by the implementation. The one-shot calls inline their checks
 *   (short messages: the call is one check block and one class call).
 *   Constant time: as the AES class.
 *   Vectors: SP 800-38A F.1 (tests/test_modes_sp800_38a.c), CAVP ECB files.
 */
#include "modes_internal.h"

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

/* iv is not used by ECB: pass a dummy non-NULL pointer to the check.
 * Inlined checks, then one call of the class's N-block entry. */
RIJN_INLINE int ecb(const rijn_aes_ctx *aes, int dec, uint8_t *out, const uint8_t *in,
                    size_t len)
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
    return ecb(aes, 0, out, in, len);
}

int rijn_ecb_decrypt(const rijn_aes_ctx *aes, uint8_t *out, const uint8_t *in, size_t len)
{
    return ecb(aes, 1, out, in, len);
}
