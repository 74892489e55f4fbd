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
 *   The block step and the conversions are in poly1305_x64_i.h, shared
 *   with the fused ChaCha20-Poly1305 entries (chacha20_x86.c,
 *   chacha20_ssse3.c).
 *   Vectors: tests/core/test_impls.c (RFC 8439 and the differential
 *   against the portable entry at random lengths and split points),
 *   tests/aead/test_chachapoly.c (Wycheproof per entry).
 */
#include "internal.h"
#include "mac_i.h"
#include "mac/poly1305_x64_i.h"

#if RIJN_I_POLY1305_X86

static size_t wide_x64(uint32_t h26[5], const uint32_t r26[5], const uint8_t *m, size_t len)
{
    rijn_i_p64 p;
    rijn_i_p64_from26(&p, h26, r26);
    rijn_i_p64_blocks(&p.h[0], &p.h[1], &p.h[2], p.r[0], p.r[1], p.r[2], m, len / 16);
    rijn_i_p64_to26(h26, &p);
    rijn_wipe(&p, sizeof p);
    return (len / 16) * 16;
}

const rijn_i_poly1305_impl rijn_i_poly1305_x64 = {{"x64", 0, NULL}, 64, wide_x64};

#else
typedef int rijn_i_poly1305_x64_unused;
#endif
