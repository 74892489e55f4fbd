/*
 * ghash_ct32.c -- "ct32": constant-time GHASH with 32x32->32 integer
 * multiplies, for 32-bit MCUs (Cortex-M0 has no 32x32->64 multiply).
 *
 * Implementation notes
 *   Same method as ghash_ct64.c on 32-bit words: the element in "V" form
 *   as four big-endian words (w[0] most significant); carry-less 32x32
 *   products from integer multiplies of operands with holes (every fourth
 *   bit kept, at most 8 ones per column: carries stay inside the hole);
 *   low half directly, high half from the bit-reversed operands. Two levels
 *   of Karatsuba: 9 32x32 products (18 x 16 multiplies) per block. The
 *   256-bit product is shifted left by one and its low 128 bits folded up
 *   with x^128 = x^7 + x^2 + x + 1 read backwards.
 *   H needs 16 bytes; its reversed words are recomputed once per call.
 *   Constant time: multiplies, shifts, masks, XOR only. Assumes a
 *   constant-time 32-bit multiplier (true of Cortex-M3/M4/M33, RISC-V M;
 *   Cortex-M0+ may be built with a 1-cycle or a 32-cycle iterative
 *   multiplier, both data-independent).
 *   Vectors: the same tests as ct64, with this class forced.
 */
#include "ghash.h"
#include "internal.h"

#if RIJN_CFG_GHASH_CT32

static uint32_t bmul32(uint32_t x, uint32_t y)
{
    const uint32_t m0 = 0x11111111u, m1 = 0x22222222u, m2 = 0x44444444u, m3 = 0x88888888u;
    uint32_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
    uint32_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
    uint32_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    uint32_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    uint32_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    uint32_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

static uint32_t rev32(uint32_t x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
    x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
    return (x >> 16) | (x << 16);
}

/* Operand with its bit-reversed copy. */
typedef struct {
    uint32_t v, r;
} op32;

static op32 opx(op32 a, op32 b)
{
    op32 c;
    c.v = a.v ^ b.v;
    c.r = a.r ^ b.r;
    return c;
}

/* 32x32 carry-less: z[0] low word, z[1] high word. */
static void mul32(uint32_t *z, op32 a, op32 b)
{
    z[0] = bmul32(a.v, b.v);
    z[1] = rev32(bmul32(a.r, b.r)) >> 1;
}

/* 64x64 (a[0], b[0] low words): z[0..3], low first. */
static void mul64(uint32_t *z, const op32 *a, const op32 *b)
{
    uint32_t m[2];
    mul32(z, a[0], b[0]);
    mul32(z + 2, a[1], b[1]);
    mul32(m, opx(a[0], a[1]), opx(b[0], b[1]));
    m[0] ^= z[0] ^ z[2];
    m[1] ^= z[1] ^ z[3];
    z[1] ^= m[0];
    z[2] ^= m[1];
}

static void ct32_setkey(uint64_t *hk, const uint8_t h[16])
{
    hk[0] = rijn_load64_be(h);
    hk[1] = rijn_load64_be(h + 8);
}

static void ct32_blocks(const uint64_t *hk, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    op32 h[6], x[6];
    uint32_t w[8], m[4], s[4];
    int i;
    /* h[0..1] = low 64 bits (low word first), h[2..3] high, h[4..5] sum */
    h[0].v = (uint32_t)hk[1];
    h[1].v = (uint32_t)(hk[1] >> 32);
    h[2].v = (uint32_t)hk[0];
    h[3].v = (uint32_t)(hk[0] >> 32);
    for (i = 0; i < 4; i++)
        h[i].r = rev32(h[i].v);
    h[4] = opx(h[0], h[2]);
    h[5] = opx(h[1], h[3]);
    for (i = 0; i < 4; i++)
        s[i] = rijn_load32_be(y + 12 - 4 * i); /* s[0] least significant */

    for (; nblocks > 0; nblocks--, in += 16) {
        for (i = 0; i < 4; i++) {
            x[i].v = s[i] ^ rijn_load32_be(in + 12 - 4 * i);
            x[i].r = rev32(x[i].v);
        }
        x[4] = opx(x[0], x[2]);
        x[5] = opx(x[1], x[3]);
        mul64(w, x, h);
        mul64(w + 4, x + 2, h + 2);
        mul64(m, x + 4, h + 4);
        for (i = 0; i < 4; i++)
            m[i] ^= w[i] ^ w[i + 4];
        for (i = 0; i < 4; i++)
            w[i + 2] ^= m[i];
        /* shift left by one */
        for (i = 7; i > 0; i--)
            w[i] = (w[i] << 1) | (w[i - 1] >> 31);
        w[0] <<= 1;
        /* fold the low 128 bits up, lowest word first */
        for (i = 0; i < 4; i++) {
            uint32_t lw = w[i];
            w[i + 4] ^= lw ^ (lw >> 1) ^ (lw >> 2) ^ (lw >> 7);
            w[i + 3] ^= (lw << 31) ^ (lw << 30) ^ (lw << 25);
        }
        for (i = 0; i < 4; i++)
            s[i] = w[i + 4];
    }
    for (i = 0; i < 4; i++)
        rijn_store32_be(y + 12 - 4 * i, s[i]);
    rijn_wipe(x, sizeof x);
    rijn_wipe(w, sizeof w);
}

const rijn_i_ghash_impl rijn_i_ghash_ct32 = {{"ct32", 0, NULL}, RIJN_AES_IMPL_CONSTTIME,
                                             ct32_setkey, ct32_blocks, NULL, NULL};

#endif
