/*
 * ghash_ct64.c -- "ct64": constant-time GHASH with 64-bit integer
 * multiplies.
 *
 * Implementation notes
 *   Layout: H is kept as two 64-bit words, hk[0] = bytes 0..7 and
 *   hk[1] = bytes 8..15 read big-endian (the "V" form: the coefficient of
 *   x^0 is the most significant bit). In that form a field product is the
 *   carry-less product of the two 128-bit numbers, shifted left by one bit
 *   (the product of two bit-reversed values is the bit-reversed product,
 *   one bit short), and reduced by folding the low 128 bits upwards with
 *   x^128 = x^7 + x^2 + x + 1 read backwards (shifts by 0, 1, 2, 7 and
 *   the spill-over by 63, 62, 57).
 *   Carry-less products: a 64x64 product's low half comes from ordinary
 *   integer multiplications of operands with "holes": each operand is split
 *   into four parts keeping every fourth bit, so in each partial product at
 *   most 16 ones meet in a column and the carries (at most 4 bits, the 16th
 *   only past bit 63) never reach the next kept bit; masking keeps the
 *   exact bits. The high half is the low half of the bit-reversed operands'
 *   product, reversed back and shifted by one. Karatsuba: 3 64x64 products
 *   per block, each 2 x 16 multiplies.
 *   Constant time: only integer multiply, shifts, masks, XOR; no table, no
 *   data-dependent branch. Assumes the CPU's 64x64 multiply runs in
 *   constant time (true of current x86-64 and AArch64 cores).
 *   Vectors: CAVP gcmEncryptExtIV/gcmDecrypt, Wycheproof, RFC 8452 (via
 *   POLYVAL) and differential tests vs OpenSSL in tests/gcm/test_gcm*.c, with
 *   this class forced.
 */
#include "ghash.h"
#include "internal.h"

#if RIJN_CFG_GHASH_CT64

static uint64_t bmul64(uint64_t x, uint64_t y)
{
    const uint64_t m0 = 0x1111111111111111u, m1 = 0x2222222222222222u;
    const uint64_t m2 = 0x4444444444444444u, m3 = 0x8888888888888888u;
    uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
    uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
    uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

static uint64_t rev64(uint64_t x)
{
    x = ((x >> 1) & 0x5555555555555555u) | ((x & 0x5555555555555555u) << 1);
    x = ((x >> 2) & 0x3333333333333333u) | ((x & 0x3333333333333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Fu) | ((x & 0x0F0F0F0F0F0F0F0Fu) << 4);
    x = ((x >> 8) & 0x00FF00FF00FF00FFu) | ((x & 0x00FF00FF00FF00FFu) << 8);
    x = ((x >> 16) & 0x0000FFFF0000FFFFu) | ((x & 0x0000FFFF0000FFFFu) << 16);
    return (x >> 32) | (x << 32);
}

static void ct64_setkey(uint64_t *hk, const uint8_t h[16])
{
    hk[0] = rijn_load64_be(h);
    hk[1] = rijn_load64_be(h + 8);
}

static void ct64_blocks(const uint64_t *hk, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    uint64_t h1 = hk[0], h0 = hk[1], h2 = h0 ^ h1;
    uint64_t h0r = rev64(h0), h1r = rev64(h1), h2r = h0r ^ h1r;
    uint64_t y1 = rijn_load64_be(y), y0 = rijn_load64_be(y + 8);

    for (; nblocks > 0; nblocks--, in += 16) {
        uint64_t y2, y0r, y1r, y2r, z0, z1, z2, z0h, z1h, z2h, w0, w1, w2, w3;
        y1 ^= rijn_load64_be(in);
        y0 ^= rijn_load64_be(in + 8);
        y2 = y0 ^ y1;
        y0r = rev64(y0);
        y1r = rev64(y1);
        y2r = y0r ^ y1r;
        z0 = bmul64(y0, h0);
        z1 = bmul64(y1, h1);
        z2 = bmul64(y2, h2);
        z0h = rev64(bmul64(y0r, h0r)) >> 1;
        z1h = rev64(bmul64(y1r, h1r)) >> 1;
        z2h = rev64(bmul64(y2r, h2r)) >> 1;
        z2 ^= z0 ^ z1;
        z2h ^= z0h ^ z1h;
        /* 256-bit product, w3 most significant */
        w0 = z0;
        w1 = z0h ^ z2;
        w2 = z1 ^ z2h;
        w3 = z1h;
        /* shift left by one (bit-reversed operands) */
        w3 = (w3 << 1) | (w2 >> 63);
        w2 = (w2 << 1) | (w1 >> 63);
        w1 = (w1 << 1) | (w0 >> 63);
        w0 <<= 1;
        /* fold the low 128 bits into the high ones */
        w2 ^= w0 ^ (w0 >> 1) ^ (w0 >> 2) ^ (w0 >> 7);
        w1 ^= (w0 << 63) ^ (w0 << 62) ^ (w0 << 57);
        w3 ^= w1 ^ (w1 >> 1) ^ (w1 >> 2) ^ (w1 >> 7);
        w2 ^= (w1 << 63) ^ (w1 << 62) ^ (w1 << 57);
        y1 = w3;
        y0 = w2;
    }
    rijn_store64_be(y, y1);
    rijn_store64_be(y + 8, y0);
}

const rijn_i_ghash_impl rijn_i_ghash_ct64 = {{"ct64", 0, NULL}, RIJN_AES_IMPL_CONSTTIME,
                                             ct64_setkey, ct64_blocks, NULL, NULL};

#endif
