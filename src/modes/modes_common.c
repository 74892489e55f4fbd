/*
 * modes_common.c -- argument checks shared by every mode.
 *
 * Implementation notes
 *   Order of checks in every one-shot call: NULL pointers (RIJN_ERR_NULL),
 *   then the key direction (RIJN_ERR_STATE, or RIJN_ERR_UNSUPPORTED for
 *   decryption compiled out); each mode then checks its lengths
 *   (RIJN_ERR_LENGTH), output sizes (RIJN_ERR_BUFFER) and overlap
 *   (RIJN_ERR_PARAM), in that order. Nothing here touches secrets.
 *   The one-shot ECB/CBC/CTR/XTS calls use the inline forms of these checks
 *   (modes_i.h; same order, same codes): on 16-byte messages the
 *   calls around the checks cost as much as the AES itself.
 *   Vectors: tests/modes/test_modes_errors.c calls every error for every mode.
 */
#include "modes_i.h"

int rijn_i_mode_check(const rijn_aes_ctx *aes, int dec, const uint8_t *iv, const uint8_t *out,
                      const uint8_t *in, size_t len)
{
    return rijn_i_mode_check_inl(aes, dec, iv, out, in, len);
}

int rijn_i_mode_overlap(const uint8_t *out, size_t out_len, const uint8_t *in, size_t in_len)
{
    if (out != in && rijn_overlaps(out, out_len, in, in_len))
        return RIJN_ERR_PARAM;
    return RIJN_OK;
}
