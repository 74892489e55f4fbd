/*
 * ofb.c -- AES-OFB (NIST SP 800-38A 6.4).
 *
 * Implementation notes
 *   Serial by nature: O_j = E(O_{j-1}), O_0 = IV. reg holds the current
 *   output block and *pos how many of its bytes were used, so a stream can
 *   stop anywhere (stream.c). Constant time: as the AES class; the one-shot
 *   wipes the keystream.
 *   Vectors: SP 800-38A F.4 (tests/test_modes_sp800_38a.c), CAVP OFB files.
 */
#include "modes_internal.h"

void rijn_i_ofb_run(const rijn_aes_ctx *a, uint8_t reg[16], uint32_t *pos, uint8_t *out,
                    const uint8_t *in, size_t len)
{
    uint32_t p = *pos;
    size_t i = 0;
    for (; p < 16 && i < len; i++)
        out[i] = (uint8_t)(in[i] ^ reg[p++]);
    for (; len - i >= 16; i += 16) {
        rijn_i_aes_enc(a, reg, reg, 1);
        rijn_xor16(out + i, in + i, reg);
    }
    if (i < len) {
        rijn_i_aes_enc(a, reg, reg, 1);
        for (p = 0; i < len; i++)
            out[i] = (uint8_t)(in[i] ^ reg[p++]);
    }
    *pos = p;
}

int rijn_ofb_crypt(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                   const uint8_t *in, size_t len)
{
    uint8_t reg[16];
    uint32_t pos = 16;
    int r = rijn_i_mode_check(aes, 0, iv, out, in, len);
    if (r != RIJN_OK)
        return r;
    r = rijn_i_mode_overlap(out, len, in, len);
    if (r != RIJN_OK)
        return r;
    memcpy(reg, iv, 16);
    rijn_i_ofb_run(aes, reg, &pos, out, in, len);
    rijn_wipe(reg, sizeof reg);
    return RIJN_OK;
}
