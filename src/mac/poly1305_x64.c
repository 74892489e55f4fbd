/*
 * poly1305_x64.c -- Poly1305 blocks in radix 2^64 with 64x64->128-bit
 * multiplies: the wide path of x86-64 CPUs without AVX2 (poly1305.c's own
 * loop is on 26-bit limbs, the layout the AVX2/AVX-512 entries share).
 *
 * Implementation notes
 *   Layout: h = h0 + h1 2^64 + h2 2^128 (h2 a few bits), r = r0 + r1 2^64.
 *   Clamping clears the low two bits of r1, so s1 = r1 + (r1 >> 2) is
 *   exactly 5 r1 / 4, and 2^128 == 5/4 (mod p) turns the products of
 *   weight 2^128 and 2^192 into h1 s1 and h2 s1 (as OpenSSL's and
 *   poly1305-donna's 64-bit code):
 *     d0 = h0 r0 + h1 s1,  d1 = h0 r1 + h1 r0 + h2 s1,  d2 = h2 r0,
 *   then d1 += d0 >> 64, d2 += d1 >> 64, and the bits of d2 above 2 fold
 *   back times 5 into h0 (d2 & ~3 plus d2 >> 2). Bounds: h2 <= 7 after a
 *   block is added, r0, r1 < 2^60: d2 < 2^63, every 128-bit sum below
 *   2^126.
 *   Conversion: poly1305.c's 26-bit limbs (carried) in and out around a
 *   whole update's blocks; before going back the accumulator is folded
 *   once more, so h2 <= 4 and the top 26-bit limb stays below 2^27, which
 *   poly1305.c's bounds accept.
 *   Registry entry "x64" (core/registry.h, in poly1305_reg.c after "avx2"):
 *   needs no CPU bit (every x86-64 has MUL r64), so it is the default of
 *   CPUs without AVX2; RIJN_CPU_MASK cannot hide it (RIJN_CPU_MASK=0 runs it
 *   too), tests force the portable entry by name. Updates of 64 bytes or
 *   more of whole blocks; shorter ones stay on poly1305.c's loop.
 *   Constant time: MUL, ADD/ADC, shifts and masks; no branch on data
 *   (MUL r64's latency does not depend on its operands on x86-64 cores).
 *   Vectors: tests/core/test_impls.c (RFC 8439 and the differential
 *   against the portable entry at random lengths and split points),
 *   tests/aead/test_chachapoly.c (Wycheproof per entry).
 */
#include "internal.h"
#include "mac_i.h"

#if RIJN_I_POLY1305_X86

__extension__ typedef unsigned __int128 u128;

static uint64_t le64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8); /* x86-64: little-endian */
    return v;
}

static size_t wide_x64(uint32_t h26[5], const uint32_t r26[5], const uint8_t *m, size_t len)
{
    const uint64_t M26 = 0x3ffffff;
    size_t n = len / 16;
    uint64_t h0, h1, h2, r0, r1, s1, c;
    u128 acc, d0, d1;
    acc = (u128)h26[0] + ((u128)h26[1] << 26) + ((u128)h26[2] << 52);
    h0 = (uint64_t)acc;
    acc = (acc >> 64) + ((u128)h26[3] << 14) + ((u128)h26[4] << 40);
    h1 = (uint64_t)acc;
    h2 = (uint64_t)(acc >> 64);
    r0 = (uint64_t)r26[0] | ((uint64_t)r26[1] << 26) | ((uint64_t)r26[2] << 52);
    r1 = ((uint64_t)r26[2] >> 12) | ((uint64_t)r26[3] << 14) | ((uint64_t)r26[4] << 40);
    s1 = r1 + (r1 >> 2);
    for (; n > 0; n--, m += 16) {
        acc = (u128)h0 + le64(m);
        h0 = (uint64_t)acc;
        acc = (acc >> 64) + h1 + le64(m + 8);
        h1 = (uint64_t)acc;
        h2 += (uint64_t)(acc >> 64) + 1;
        d0 = (u128)h0 * r0 + (u128)h1 * s1;
        d1 = (u128)h0 * r1 + (u128)h1 * r0 + (u128)h2 * s1 + (uint64_t)(d0 >> 64);
        c = h2 * r0 + (uint64_t)(d1 >> 64);
        h0 = (uint64_t)d0;
        h1 = (uint64_t)d1;
        h2 = c & 3;
        acc = (u128)h0 + (c & ~(uint64_t)3) + (c >> 2);
        h0 = (uint64_t)acc;
        acc = (acc >> 64) + h1;
        h1 = (uint64_t)acc;
        h2 += (uint64_t)(acc >> 64);
    }
    /* fold h2's bits above 2 once more, then 26-bit limbs */
    c = h2 >> 2;
    h2 &= 3;
    acc = (u128)h0 + (u128)(c * 5);
    h0 = (uint64_t)acc;
    acc = (acc >> 64) + h1;
    h1 = (uint64_t)acc;
    h2 += (uint64_t)(acc >> 64);
    h26[0] = (uint32_t)(h0 & M26);
    h26[1] = (uint32_t)((h0 >> 26) & M26);
    h26[2] = (uint32_t)(((h0 >> 52) | (h1 << 12)) & M26);
    h26[3] = (uint32_t)((h1 >> 14) & M26);
    h26[4] = (uint32_t)((h1 >> 40) | (h2 << 24));
    rijn_wipe(&acc, sizeof acc);
    return (len / 16) * 16;
}

const rijn_i_poly1305_impl rijn_i_poly1305_x64 = {{"x64", 0, NULL}, 64, wide_x64};

#else
typedef int rijn_i_poly1305_x64_unused;
#endif
