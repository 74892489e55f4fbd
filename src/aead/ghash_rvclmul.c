/*
 * ghash_rvclmul.c -- "rvclmul": GHASH with the RISC-V carry-less multiply
 * (Zbkc clmul/clmulh) and Zbkb's brev8 on RV64.
 *
 * Implementation notes
 *   Selection: at compile time (-march with zbkc and zbkb on RV64:
 *   RIJN_CFG_GHASH_RVCLMUL, include/rijn/config.h); no run-time probe.
 *   Bit order: GCM's first bit is the coefficient of x^0. A block's two
 *   halves read little-endian and passed through brev8 (bit reversal of
 *   each byte) are the polynomial with bit i of the 128-bit value the
 *   coefficient of x^i: the field is then the plain polynomial ring mod
 *   P = x^128 + x^7 + x^2 + x + 1, and the result goes back the same way.
 *   Multiply: schoolbook 2x2 clmul/clmulh (8 instructions) into four
 *   words d0..d3; reduction folds d3 then d2 with x^128 = 0x87
 *   (two clmul/clmulh pairs).
 *   Constant time: clmul is data-independent on cores with Zkt; no
 *   secret-dependent branch or index.
 *   Vectors: the GCM records of the on-target test (mcu/test/mcu_test.c)
 *   under qemu-riscv64 with Zk (scripts/test-riscv.sh).
 */
#include "ghash.h"
#include "internal.h"

#if RIJN_CFG_GHASH_RVCLMUL

#include <string.h>

#define OP2(insn, a, b)                                                     \
    __extension__({                                                         \
        uint64_t r_;                                                        \
        __asm__(insn " %0, %1, %2" : "=r"(r_) : "r"((uint64_t)(a)), "r"((uint64_t)(b))); \
        r_;                                                                 \
    })
#define CLMUL(a, b)  OP2("clmul", a, b)
#define CLMULH(a, b) OP2("clmulh", a, b)

static inline uint64_t brev8(uint64_t x)
{
    uint64_t r;
    __asm__("brev8 %0, %1" : "=r"(r) : "r"(x));
    return r;
}

/* (a0, a1) * (b0, b1) mod P, words low first. */
static inline void gmul(uint64_t *r0, uint64_t *r1, uint64_t a0, uint64_t a1, uint64_t b0,
                        uint64_t b1)
{
    uint64_t d0 = CLMUL(a0, b0), d1 = CLMULH(a0, b0);
    uint64_t d2 = CLMUL(a1, b1), d3 = CLMULH(a1, b1);
    d1 ^= CLMUL(a0, b1) ^ CLMUL(a1, b0);
    d2 ^= CLMULH(a0, b1) ^ CLMULH(a1, b0);
    d1 ^= CLMUL(d3, 0x87);
    d2 ^= CLMULH(d3, 0x87);
    d0 ^= CLMUL(d2, 0x87);
    d1 ^= CLMULH(d2, 0x87);
    *r0 = d0;
    *r1 = d1;
}

static void rvclmul_setkey(uint64_t *hk, const uint8_t h[16])
{
    hk[0] = brev8(rijn_load64_le(h));
    hk[1] = brev8(rijn_load64_le(h + 8));
}

static void rvclmul_blocks(const uint64_t *hk, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    uint64_t y0 = brev8(rijn_load64_le(y)), y1 = brev8(rijn_load64_le(y + 8));
    uint64_t h0 = hk[0], h1 = hk[1];
    int al = ((uintptr_t)in & 7) == 0;
    for (; nblocks > 0; nblocks--, in += 16) {
        uint64_t x0, x1;
        if (al) {
            const uint64_t *p = (const uint64_t *)__builtin_assume_aligned(in, 8);
            x0 = p[0];
            x1 = p[1];
        } else {
            x0 = rijn_load64_le(in);
            x1 = rijn_load64_le(in + 8);
        }
        gmul(&y0, &y1, y0 ^ brev8(x0), y1 ^ brev8(x1), h0, h1);
    }
    rijn_store64_le(y, brev8(y0));
    rijn_store64_le(y + 8, brev8(y1));
}

const rijn_i_ghash_impl rijn_i_ghash_rvclmul = {
    .base = {"rvclmul", 0, NULL}, /* chosen at compile time (-march): runs wherever built */
    .flags = RIJN_AES_IMPL_CONSTTIME | RIJN_AES_IMPL_HW,
    .setkey = rvclmul_setkey,
    .blocks = rvclmul_blocks,
};

#endif /* RIJN_CFG_GHASH_RVCLMUL */
