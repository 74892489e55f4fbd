/*
 * cfb1.c -- AES-CFB1 (NIST SP 800-38A 6.3, s = 1), lengths in bits.
 *
 * Implementation notes
 *   Bits are taken most significant first within each byte. Each bit costs
 *   one AES call on the 128-bit shift register reg, which then shifts left
 *   by one bit and takes in the ciphertext bit. Encryption is serial.
 *   Decryption of whole bytes is parallel: the register before each bit is
 *   a 128-bit window of reg || ciphertext, so the windows of
 *   RIJN_I_MODE_BATCH / 8 bytes are built in a stack buffer and encrypted
 *   in one N-block call (targets with a batch under 8 stay serial). The low unused bits of a
 *   last partial output byte are cleared. Every input byte is read before
 *   its output byte is written, so out == in works. No branch or index
 *   depends on data bits (the bit is moved with shifts and masks).
 *   Vectors: SP 800-38A F.3.1-F.3.6 (tests/test_modes_sp800_38a.c), CAVP
 *   CFB1 files.
 */
#include "modes_internal.h"

#if RIJN_I_MODE_BATCH >= 8
#define CFB1_BYTES (RIJN_I_MODE_BATCH / 8)

/* Decryption of k <= CFB1_BYTES whole bytes in one N-block call: with
 * X = reg || C (16 + k bytes), the register before bit t is bits
 * [t, t + 128) of X. X is complete before out is written (out == in). */
static void cfb1_dec_bytes(const rijn_aes_ctx *a, uint8_t reg[16], uint8_t *out,
                           const uint8_t *in, size_t k)
{
    uint8_t x[16 + CFB1_BYTES], w[RIJN_I_MODE_BATCH * 16];
    size_t t, u, q;
    unsigned s, y;
    memcpy(x, reg, 16);
    memcpy(x + 16, in, k);
    for (t = 0; t < 8 * k; t++) {
        q = t / 8;
        s = (unsigned)(t % 8);
        for (u = 0; u < 16; u++)
            w[16 * t + u] = (uint8_t)(((unsigned)x[q + u] << s) |
                                      ((unsigned)x[q + u + 1] >> (8 - s)));
    }
    memcpy(reg, x + k, 16);
    rijn_i_aes_enc(a, w, w, 8 * k);
    for (q = 0; q < k; q++) {
        for (y = 0, t = 0; t < 8; t++)
            y |= ((unsigned)w[16 * (8 * q + t)] >> 7) << (7 - t);
        out[q] = (uint8_t)(x[16 + q] ^ y);
    }
    rijn_wipe(w, sizeof w);
}
#endif

void rijn_i_cfb1_run(const rijn_aes_ctx *a, int dec, uint8_t reg[16], uint8_t *out,
                     const uint8_t *in, size_t nbits)
{
    uint8_t o[16];
    size_t i, t;
    unsigned b, nb;
#if RIJN_I_MODE_BATCH >= 8
    if (dec) {
        size_t k, whole = nbits / 8;
        for (i = 0; i < whole; i += k) {
            k = whole - i < CFB1_BYTES ? whole - i : CFB1_BYTES;
            cfb1_dec_bytes(a, reg, out + i, in + i, k);
        }
        if (whole == 0)
            i = 0;
        out += i;
        in += i;
        nbits -= 8 * i;
    }
#endif
    for (i = 0; i < nbits; i += 8) {
        unsigned x = in[i / 8], y = 0;
        nb = nbits - i < 8 ? (unsigned)(nbits - i) : 8u;
        for (b = 0; b < nb; b++) {
            unsigned pbit = (x >> (7 - b)) & 1u, obit, cbit;
            rijn_i_aes_enc(a, o, reg, 1);
            obit = pbit ^ ((unsigned)o[0] >> 7);
            cbit = dec ? pbit : obit;
            y |= obit << (7 - b);
            for (t = 0; t < 15; t++)
                reg[t] = (uint8_t)((reg[t] << 1) | (reg[t + 1] >> 7));
            reg[15] = (uint8_t)(((unsigned)reg[15] << 1) | cbit);
        }
        out[i / 8] = (uint8_t)y;
    }
    rijn_wipe(o, sizeof o);
}

static int cfb1(const rijn_aes_ctx *aes, int dec, const uint8_t iv[16], uint8_t *out,
                const uint8_t *in, size_t nbits)
{
    uint8_t reg[16];
    size_t nbytes = nbits / 8 + (nbits % 8 != 0);
    int r = rijn_i_mode_check(aes, 0, iv, out, in, nbytes);
    if (r != RIJN_OK)
        return r;
    r = rijn_i_mode_overlap(out, nbytes, in, nbytes);
    if (r != RIJN_OK)
        return r;
    memcpy(reg, iv, 16);
    rijn_i_cfb1_run(aes, dec, reg, out, in, nbits);
    rijn_wipe(reg, sizeof reg);
    return RIJN_OK;
}

int rijn_cfb1_encrypt_bits(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                           const uint8_t *in, size_t nbits)
{
    return cfb1(aes, 0, iv, out, in, nbits);
}

int rijn_cfb1_decrypt_bits(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                           const uint8_t *in, size_t nbits)
{
    return cfb1(aes, 1, iv, out, in, nbits);
}
