/*
 * ofb.c -- AES-OFB (NIST SP 800-38A 6.4).
 *
 * Implementation notes
 *   Serial by nature: O_j = E(O_{j-1}), O_0 = IV, which is the CBC
 *   encryption of zero blocks under the IV O_0: whole blocks take their
 *   keystream in runs of RIJN_I_MODE_WIDE blocks from the class's CBC entry
 *   (its fused cbc_encrypt hook: the CBC latency bound) into a stack
 *   buffer, then a word-wise XOR. reg holds the current output block and
 *   *pos how many of its bytes were used, so a stream can stop anywhere
 *   (stream.c). Constant time: as the AES class; the one-shot
 *   wipes the keystream: the bytes written (a 16-byte call wiped the
 *   whole 1 KiB buffer with memset before 27 Nov 2026: AES-128 16 B
 *   2.63 -> 1.87 TSC ticks/byte, AES-256 2.97 -> 1.84, against libgcrypt's
 *   2.44 / 2.61; Zen 5 EPYC, bench/host/bench.c --group cfb, median of 3).
 *   The one-shot inlines the core (rijn_i_ofb_run is the streaming
 *   calls' copy): min of 31 x 100,000 calls, same process, AES-128 16 B
 *   21.6-22.2 -> 18.8-21.6 TSC ticks, 64 B 56-58 -> 53.
 *   Vectors: SP 800-38A F.4 (tests/modes/test_modes_sp800_38a.c), CAVP OFB files.
 */
#include "modes_i.h"

/* The CBC encryption of zero blocks under the IV O_0 is O_1, O_2, ...: the
 * whole blocks take the OFB keystream from the class's CBC entry. */
static const uint8_t ofb_zero[RIJN_I_MODE_WIDE * 16];

RIJN_I_MODE_CORE void ofb_run(const rijn_aes_ctx *a, uint8_t reg[16], uint32_t *pos,
                              uint8_t *out, const uint8_t *in, size_t len)
{
    uint8_t tmp[RIJN_I_MODE_WIDE * 16];
    uint32_t p = *pos;
    size_t i = 0, k, used = 0;
    for (; p < 16 && i < len; i++)
        out[i] = (uint8_t)(in[i] ^ reg[p++]);
    for (; len - i >= 16; i += 16 * k) {
        k = (len - i) / 16;
        if (k > RIJN_I_MODE_WIDE)
            k = RIJN_I_MODE_WIDE;
        if (used == 0)
            used = 16 * k; /* the first run is the longest */
        rijn_i_cbc_enc_blocks(a, reg, tmp, ofb_zero, k);
        rijn_i_xor_blocks(out + i, in + i, tmp, 16 * k);
    }
    if (i < len) {
        rijn_i_aes_enc(a, reg, reg, 1);
        for (p = 0; i < len; i++)
            out[i] = (uint8_t)(in[i] ^ reg[p++]);
    }
    *pos = p;
    rijn_wipe(tmp, RIJN_I_MODE_WIPE_LEN(used, sizeof tmp)); /* the keystream bytes written */
}

void rijn_i_ofb_run(const rijn_aes_ctx *a, uint8_t reg[16], uint32_t *pos, uint8_t *out,
                    const uint8_t *in, size_t len)
{
    ofb_run(a, reg, pos, out, in, len);
}

int rijn_ofb_crypt(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                   const uint8_t *in, size_t len)
{
    uint8_t reg[16];
    uint32_t pos = 16;
    int r = RIJN_I_MODE_CHECK(aes, 0, iv, out, in, len);
    if (r != RIJN_OK)
        return r;
    r = RIJN_I_MODE_OVERLAP(out, in, len);
    if (r != RIJN_OK)
        return r;
    memcpy(reg, iv, 16);
    ofb_run(aes, reg, &pos, out, in, len);
    rijn_wipe(reg, sizeof reg);
    return RIJN_OK;
}
