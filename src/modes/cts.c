/*
 * cts.c -- AES-CBC with ciphertext stealing, CS1 / CS2 / CS3 (NIST SP
 * 800-38A addendum, Oct 2010).
 *
 * Implementation notes
 *   A message of len >= 16 bytes is split into a body (a multiple of 16,
 *   plain CBC through cbc.c, so decryption is parallel) and a tail of 16..32
 *   bytes (17..32 when the body is not empty) chained from the body's last
 *   ciphertext block. With d = tail - 16 (0..16) the tail is
 *     C1 = E(P1 ^ chain), C2 = E((P2 || 0...) ^ C1),
 *     CS1: C1[0..d) || C2;  CS3: C2 || C1[0..d);  CS2: CS1 if d == 16,
 *     else CS3. A 16-byte message is one CBC block in every variant.
 *   Decryption: Z = D(C2) gives P2 = Z[0..d) ^ C1[0..d) and the stolen
 *   bytes C1[d..16) = Z[d..16), then P1 = D(C1) ^ chain.
 *   The tail is read into stack blocks before anything is written, so
 *   out == in works. Lengths are public; no branch depends on data.
 *   Vectors: RFC 3962 appendix B (CS3) and OpenSSL 3 "AES-128-CBC-CTS"
 *   with CTS_MODE CS1/CS2/CS3 for lengths 16..80 (tests/modes/test_modes_sp800_38a.c).
 */
#include "modes_i.h"

size_t rijn_i_cts_tail_len(size_t len)
{
    return len <= 32 ? len : 17 + (len - 17) % 16;
}

static int natural_order(unsigned v, size_t d)
{
    return v == RIJN_CTS_CS1 || (v == RIJN_CTS_CS2 && d == 16);
}

void rijn_i_cts_enc_tail(const rijn_aes_ctx *a, unsigned v, const uint8_t iv[16], uint8_t *out,
                         const uint8_t *in, size_t len)
{
    uint8_t x[16], c1[16], c2[16];
    size_t d = len - 16;
    rijn_xor16(x, in, iv);
    rijn_i_aes_enc(a, c1, x, 1);
    if (d == 0) {
        memcpy(out, c1, 16);
    } else {
        memset(x, 0, 16);
        memcpy(x, in + 16, d);
        rijn_xor16(x, x, c1);
        rijn_i_aes_enc(a, c2, x, 1);
        if (natural_order(v, d)) {
            memcpy(out, c1, d);
            memcpy(out + d, c2, 16);
        } else {
            memcpy(out, c2, 16);
            memcpy(out + 16, c1, d);
        }
    }
    rijn_wipe(x, sizeof x);
}

void rijn_i_cts_dec_tail(const rijn_aes_ctx *a, unsigned v, const uint8_t iv[16], uint8_t *out,
                         const uint8_t *in, size_t len)
{
    uint8_t z[16], c1[16], c2[16], p2[16];
    size_t d = len - 16;
    if (d == 0) {
        rijn_i_aes_dec(a, z, in, 1);
        rijn_xor16(out, z, iv);
        rijn_wipe(z, sizeof z);
        return;
    }
    if (natural_order(v, d)) {
        memcpy(c1, in, d);
        memcpy(c2, in + d, 16);
    } else {
        memcpy(c2, in, 16);
        memcpy(c1, in + 16, d);
    }
    rijn_i_aes_dec(a, z, c2, 1);
    rijn_xor(p2, z, c1, d);
    memcpy(c1 + d, z + d, 16 - d);
    rijn_i_aes_dec(a, z, c1, 1);
    rijn_xor16(out, z, iv);
    memcpy(out + 16, p2, d);
    rijn_wipe(z, sizeof z);
    rijn_wipe(p2, sizeof p2);
}

static int cts(const rijn_aes_ctx *aes, int dec, rijn_cts_variant v, const uint8_t iv[16],
               uint8_t *out, const uint8_t *in, size_t len)
{
    uint8_t chain[16];
    size_t body;
    int r = rijn_i_mode_check(aes, dec, iv, out, in, len);
    if (r != RIJN_OK)
        return r;
    if (v != RIJN_CTS_CS1 && v != RIJN_CTS_CS2 && v != RIJN_CTS_CS3)
        return RIJN_ERR_PARAM;
    if (len < 16)
        return RIJN_ERR_LENGTH;
    r = rijn_i_mode_overlap(out, len, in, len);
    if (r != RIJN_OK)
        return r;
    body = len - rijn_i_cts_tail_len(len);
    memcpy(chain, iv, 16);
    if (dec) {
        rijn_i_cbc_dec_blocks(aes, chain, out, in, body / 16);
        rijn_i_cts_dec_tail(aes, (unsigned)v, chain, out + body, in + body, len - body);
    } else {
        rijn_i_cbc_enc_blocks(aes, chain, out, in, body / 16);
        rijn_i_cts_enc_tail(aes, (unsigned)v, chain, out + body, in + body, len - body);
    }
    rijn_wipe(chain, sizeof chain);
    return RIJN_OK;
}

int rijn_cbc_cts_encrypt(const rijn_aes_ctx *aes, rijn_cts_variant v, const uint8_t iv[16],
                         uint8_t *out, const uint8_t *in, size_t len)
{
    return cts(aes, 0, v, iv, out, in, len);
}

int rijn_cbc_cts_decrypt(const rijn_aes_ctx *aes, rijn_cts_variant v, const uint8_t iv[16],
                         uint8_t *out, const uint8_t *in, size_t len)
{
    return cts(aes, 1, v, iv, out, in, len);
}
