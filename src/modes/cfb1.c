/*
 * cfb1.c -- AES-CFB1 (NIST SP 800-38A 6.3, s = 1), lengths in bits.
 *
 * Implementation notes
 *   Bits are taken most significant first within each byte. Each bit costs
 *   one AES call on the 128-bit shift register, kept as two big-endian
 *   64-bit words (a shift is two word shifts, not a 16-byte loop), which
 *   then takes in the ciphertext bit. Encryption is serial. Decryption of
 *   whole bytes is parallel: the register before each bit is a 128-bit
 *   window of reg || ciphertext, so the windows of RIJN_I_MODE_WIDE / 8
 *   bytes are stored into a stack buffer as the words shift and encrypted
 *   in one N-block call (targets with a run under 8 blocks stay serial).
 *   The low unused bits of a last partial output byte are cleared. Every
 *   input byte is read before its output byte is written, so out == in
 *   works. No branch or index depends on data bits (the bit is moved with
 *   shifts and masks).
 *   Vectors: SP 800-38A F.3.1-F.3.6 (tests/modes/test_modes_sp800_38a.c), CAVP
 *   CFB1 files.
 */
#include "modes_i.h"

#if RIJN_I_MODE_WIDE >= 8
#define CFB1_BYTES (RIJN_I_MODE_WIDE / 8) /* bytes per parallel run */
#endif

/* reg <<= 1 with bit c (0 or 1) shifted in, on the two big-endian words. */
#define CFB1_SHIFT(hi, lo, c) \
    do { \
        (hi) = ((hi) << 1) | ((lo) >> 63); \
        (lo) = ((lo) << 1) | (uint64_t)(c); \
    } while (0)

void rijn_i_cfb1_run(const rijn_aes_ctx *a, int dec, uint8_t reg[16], uint8_t *out,
                     const uint8_t *in, size_t nbits)
{
    uint8_t w[RIJN_I_MODE_WIDE * 16];
    uint64_t hi = rijn_load64_be(reg), lo = rijn_load64_be(reg + 8);
    size_t i = 0;
    unsigned b, nb, x, y;
#ifdef CFB1_BYTES
    /* Decryption of whole bytes: the register before each bit is known
     * from reg and C, so k bytes' 8k registers go to w and through one
     * N-block call; each input byte is read before its output byte is
     * written. */
    size_t k, q;
    for (; dec && nbits / 8 - i > 0; i += k) {
        k = nbits / 8 - i < CFB1_BYTES ? nbits / 8 - i : CFB1_BYTES;
        for (q = 0; q < 8 * k; q++) {
            rijn_store64_be(w + 16 * q, hi);
            rijn_store64_be(w + 16 * q + 8, lo);
            CFB1_SHIFT(hi, lo, ((unsigned)in[i + q / 8] >> (7 - q % 8)) & 1u);
        }
        rijn_i_aes_enc(a, w, w, 8 * k);
        for (q = 0; q < k; q++) {
            for (y = 0, b = 0; b < 8; b++)
                y |= ((unsigned)w[16 * (8 * q + b)] >> 7) << (7 - b);
            out[i + q] = (uint8_t)(in[i + q] ^ y);
        }
    }
#endif
    for (; 8 * i < nbits; i++) {
        x = in[i];
        y = 0;
        nb = nbits - 8 * i < 8 ? (unsigned)(nbits - 8 * i) : 8u;
        for (b = 0; b < nb; b++) {
            unsigned pbit = (x >> (7 - b)) & 1u, obit;
            rijn_store64_be(w, hi);
            rijn_store64_be(w + 8, lo);
            rijn_i_aes_enc(a, w, w, 1);
            obit = pbit ^ ((unsigned)w[0] >> 7);
            y |= obit << (7 - b);
            CFB1_SHIFT(hi, lo, dec ? pbit : obit);
        }
        out[i] = (uint8_t)y;
    }
    rijn_store64_be(reg, hi);
    rijn_store64_be(reg + 8, lo);
    rijn_wipe(w, sizeof w);
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
