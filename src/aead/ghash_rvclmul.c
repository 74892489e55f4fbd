/*
 * ghash_rvclmul.c -- "rvclmul": GHASH with the RISC-V carry-less multiply
 * (Zbkc clmul/clmulh) and Zbkb's brev8, on RV64 and RV32.
 *
 * Implementation notes
 *   Selection: at compile time (-march with zbkc and zbkb:
 *   RIJN_CFG_GHASH_RVCLMUL, include/rijn/config.h); no run-time probe.
 *   Bit order: GCM's first bit is the coefficient of x^0. A block's two
 *   halves read little-endian and passed through brev8 (bit reversal of
 *   each byte) are the polynomial with bit i of the 128-bit value the
 *   coefficient of x^i: the field is then the plain polynomial ring mod
 *   P = x^128 + x^7 + x^2 + x + 1, and the result goes back the same way.
 *   Multiply: schoolbook 2x2 clmul/clmulh (8 instructions) into four
 *   words d0..d3; reduction folds d3 then d2 with x^128 = 0x87
 *   (two clmul/clmulh pairs).
 *   RV32: the same on four 32-bit words (brev8 per byte is the same
 *   operation on either register size): schoolbook 4x4 clmul/clmulh (32
 *   instructions) into eight words, then the top four folded from the
 *   highest down, each with one clmul/clmulh pair by 0x87.
 *   Constant time: clmul is data-independent on cores with Zkt; no
 *   secret-dependent branch or index.
 *   Vectors: the GCM records of the on-target test (mcu/test/mcu_test.c)
 *   under qemu-riscv64 and qemu-system-riscv32 with Zk
 *   (scripts/test-riscv.sh: rv64zk, rv32zk).
 */
#include "ghash.h"
#include "internal.h"

#if RIJN_CFG_GHASH_RVCLMUL

#include <string.h>

#if __riscv_xlen == 64
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

#else /* RV32 */

#define OP2(insn, a, b)                                                     \
    __extension__({                                                         \
        uint32_t r_;                                                        \
        __asm__(insn " %0, %1, %2" : "=r"(r_) : "r"((uint32_t)(a)), "r"((uint32_t)(b))); \
        r_;                                                                 \
    })

static inline uint32_t brev8(uint32_t x)
{
    uint32_t r;
    __asm__("brev8 %0, %1" : "=r"(r) : "r"(x));
    return r;
}

/* y = (y ^ x) * h mod P, four words low first. */
static inline void gmul(uint32_t y[4], const uint32_t x[4], const uint32_t h[4])
{
    uint32_t a[4], d[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    unsigned i, j;
    for (i = 0; i < 4; i++)
        a[i] = y[i] ^ x[i];
#pragma GCC unroll 4
    for (i = 0; i < 4; i++)
#pragma GCC unroll 4
        for (j = 0; j < 4; j++) {
            d[i + j] ^= OP2("clmul", a[i], h[j]);
            d[i + j + 1] ^= OP2("clmulh", a[i], h[j]);
        }
#pragma GCC unroll 4
    for (i = 7; i >= 4; i--) { /* x^128 = x^7 + x^2 + x + 1 */
        d[i - 4] ^= OP2("clmul", d[i], 0x87);
        d[i - 3] ^= OP2("clmulh", d[i], 0x87);
    }
    for (i = 0; i < 4; i++)
        y[i] = d[i];
}

static void rvclmul_setkey(uint64_t *hk, const uint8_t h[16])
{
    uint32_t *k = (uint32_t *)hk;
    unsigned i;
    for (i = 0; i < 4; i++)
        k[i] = brev8(rijn_load32_le(h + 4 * i));
}

static void rvclmul_blocks(const uint64_t *hk, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    const uint32_t *k = (const uint32_t *)hk;
    uint32_t h[4], a[4], x[4];
    unsigned i;
    for (i = 0; i < 4; i++) {
        h[i] = k[i];
        a[i] = brev8(rijn_load32_le(y + 4 * i));
    }
    for (; nblocks > 0; nblocks--, in += 16) {
        for (i = 0; i < 4; i++)
            x[i] = brev8(rijn_load32_le(in + 4 * i));
        gmul(a, x, h);
    }
    for (i = 0; i < 4; i++)
        rijn_store32_le(y + 4 * i, brev8(a[i]));
}

#endif /* __riscv_xlen */

const rijn_i_ghash_impl rijn_i_ghash_rvclmul = {
    .base = {"rvclmul", 0, NULL}, /* chosen at compile time (-march): runs wherever built */
    .flags = RIJN_AES_IMPL_CONSTTIME | RIJN_AES_IMPL_HW,
    .setkey = rvclmul_setkey,
    .blocks = rvclmul_blocks,
};

#endif /* RIJN_CFG_GHASH_RVCLMUL */
