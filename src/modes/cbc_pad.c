/*
 * cbc_pad.c -- AES-CBC with PKCS#7 padding (RFC 5652 6.3).
 *
 * Implementation notes
 *   Encryption appends 1..16 bytes of value 1..16 (a whole block when the
 *   length is a multiple of 16) and runs CBC (cbc.c).
 *   Decryption runs CBC into out, then checks the last block in constant
 *   time (rijn_i_pkcs7_check): all 16 positions are read whatever the pad
 *   byte says, each is masked by "position < pad" computed without a
 *   branch, and the result is one value; only then does the code branch on
 *   good / bad, which the caller learns anyway. Any bad padding (pad byte 0,
 *   pad byte > 16, any covered byte different) gives the one code
 *   RIJN_ERR_PADDING and wipes the whole output.
 *   Vectors: SP 800-38A F.2 blocks with padding, OpenSSL differential
 *   (aes-*-cbc with padding), every pad length 1..16 and the bad-padding
 *   cases in tests/test_modes_errors.c.
 */
#include "modes_internal.h"

uint32_t rijn_i_pkcs7_check(const uint8_t blk[16])
{
    uint32_t pad = blk[15], bad, i;
    bad = rijn_ct_eq32(pad, 0) | ~rijn_ct_lt32(pad, 17);
    for (i = 0; i < 16; i++)
        bad |= rijn_ct_lt32(i, pad) & rijn_ct_nonzero32((uint32_t)blk[15 - i] ^ pad);
    return pad & ~bad;
}

int rijn_cbc_pad_encrypt(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                         size_t out_size, size_t *out_len, const uint8_t *in, size_t len)
{
    uint8_t chain[16], last[16];
    size_t full, rest;
    int r;
    RIJN_CHECK_PTR(out_len);
    *out_len = 0;
    r = rijn_i_mode_check(aes, 0, iv, out, in, len);
    if (r != RIJN_OK)
        return r;
    RIJN_CHECK_PTR(out);
    if (len > SIZE_MAX - 16)
        return RIJN_ERR_LENGTH;
    if (out_size < RIJN_CBC_PAD_LEN(len))
        return RIJN_ERR_BUFFER;
    r = rijn_i_mode_overlap(out, RIJN_CBC_PAD_LEN(len), in, len);
    if (r != RIJN_OK)
        return r;
    full = len & ~(size_t)15;
    rest = len - full;
    memcpy(chain, iv, 16);
    rijn_i_cbc_enc_blocks(aes, chain, out, in, full / 16);
    if (rest > 0)
        memcpy(last, in + full, rest);
    memset(last + rest, (int)(16 - rest), 16 - rest);
    rijn_i_cbc_enc_blocks(aes, chain, out + full, last, 1);
    *out_len = full + 16;
    rijn_wipe(last, sizeof last);
    rijn_wipe(chain, sizeof chain);
    return RIJN_OK;
}

int rijn_cbc_pad_decrypt(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                         size_t out_size, size_t *out_len, const uint8_t *in, size_t len)
{
    uint8_t chain[16];
    uint32_t pad;
    int r;
    RIJN_CHECK_PTR(out_len);
    *out_len = 0;
    r = rijn_i_mode_check(aes, 1, iv, out, in, len);
    if (r != RIJN_OK)
        return r;
    if (len == 0 || len % 16 != 0)
        return RIJN_ERR_LENGTH;
    if (out_size < len)
        return RIJN_ERR_BUFFER;
    r = rijn_i_mode_overlap(out, len, in, len);
    if (r != RIJN_OK)
        return r;
    memcpy(chain, iv, 16);
    rijn_i_cbc_dec_blocks(aes, chain, out, in, len / 16);
    rijn_wipe(chain, sizeof chain);
    pad = rijn_i_pkcs7_check(out + len - 16);
    if (pad == 0) {
        rijn_wipe(out, len);
        return RIJN_ERR_PADDING;
    }
    *out_len = len - pad;
    return RIJN_OK;
}
