/*
 * poly1305_x64_i.h -- Poly1305 in radix 2^64 on the integer units
 * (x86-64, 64x64->128-bit MUL): the block step shared by poly1305_x64.c
 * (Poly1305 alone) and the fused ChaCha20-Poly1305 entries
 * (chacha20_avx2.c, chacha20_ssse3.c), which run it on the integer units
 * between the vector rounds. See poly1305_x64.c for the implementation
 * notes (layout, bounds, constant time).
 */
#ifndef RIJN_POLY1305_X64_I_H
#define RIJN_POLY1305_X64_I_H

#include "internal.h"

#if RIJN_ARCH_X86 && RIJN_ARCH_64 && (defined(__GNUC__) || defined(__clang__))

__extension__ typedef unsigned __int128 rijn_i_u128;

/* h = h[0] + h[1] 2^64 + h[2] 2^128; r[0], r[1] the clamped key, r[2] =
 * s1 = r1 + (r1 >> 2) */
typedef struct rijn_i_p64 {
    uint64_t h[3], r[3];
} rijn_i_p64;

/* from poly1305.c's 26-bit limbs (h carried, r clamped) */
static inline void rijn_i_p64_from26(rijn_i_p64 *p, const uint32_t h26[5], const uint32_t r26[5])
{
    rijn_i_u128 acc = (rijn_i_u128)h26[0] + ((rijn_i_u128)h26[1] << 26) +
                      ((rijn_i_u128)h26[2] << 52);
    p->h[0] = (uint64_t)acc;
    acc = (acc >> 64) + ((rijn_i_u128)h26[3] << 14) + ((rijn_i_u128)h26[4] << 40);
    p->h[1] = (uint64_t)acc;
    p->h[2] = (uint64_t)(acc >> 64);
    p->r[0] = (uint64_t)r26[0] | ((uint64_t)r26[1] << 26) | ((uint64_t)r26[2] << 52);
    p->r[1] = ((uint64_t)r26[2] >> 12) | ((uint64_t)r26[3] << 14) | ((uint64_t)r26[4] << 40);
    p->r[2] = p->r[1] + (p->r[1] >> 2);
}

/* back to 26-bit limbs, after folding h2's bits above 2 once more (the
 * top limb stays below 2^27, which poly1305.c's bounds accept) */
static inline void rijn_i_p64_to26(uint32_t h26[5], const rijn_i_p64 *p)
{
    const uint64_t m26 = 0x3ffffff;
    uint64_t h0, h1, h2 = p->h[2], c = h2 >> 2;
    rijn_i_u128 acc = (rijn_i_u128)p->h[0] + (rijn_i_u128)(c * 5);
    h2 &= 3;
    h0 = (uint64_t)acc;
    acc = (acc >> 64) + p->h[1];
    h1 = (uint64_t)acc;
    h2 += (uint64_t)(acc >> 64);
    h26[0] = (uint32_t)(h0 & m26);
    h26[1] = (uint32_t)((h0 >> 26) & m26);
    h26[2] = (uint32_t)(((h0 >> 52) | (h1 << 12)) & m26);
    h26[3] = (uint32_t)((h1 >> 14) & m26);
    h26[4] = (uint32_t)((h1 >> 40) | (h2 << 24));
}

/* One block at byte off (a string literal) of the pointer operand m, on
 * the operands h0, h1, h2 (in/out), t0, t1, t2 (scratch), r0, r1, s1 and
 * RAX, RDX (R0, R1, S1: the operand strings of the key, e.g. "%[r0]" or
 * an offset from a pointer operand): 34 instructions, MUL and IMUL, ADD/ADC, AND, SHR, LEA -- no
 * branch, no secret-dependent address (GCC 12 compiled the same steps
 * written with unsigned __int128 into about 90 instructions with stack
 * round trips on the dependency chain: Poly1305 "x64" alone 0.65 -> 0.51
 * TSC ticks/byte). Also spliced into the assembly of the fused ChaCha20
 * rounds (chacha20_ssse3.c). Bounds: r0, r1 < 2^60 (clamped), s1 < 2^61,
 * h2 <= 6 once the block is added: h2 s1 and h2 r0 < 2^64, every 128-bit
 * sum < 2^127, c < 2^63.4 so 5 (c >> 2) < 2^64. */
#define RIJN_I_P64_ASM_K(off, R0, R1, S1)                                                              \
    "addq " off "(%[m]), %[h0]\n\t"                                                      \
    "adcq 8+" off "(%[m]), %[h1]\n\t"                                                    \
    "adcq $1, %[h2]\n\t"                                                                 \
    "movq %[h0], %%rax\n\t"                                                              \
    "mulq " R0 "\n\t" /* d0 = h0 r0 + h1 s1 in t1:t0 */                                   \
    "movq %%rax, %[t0]\n\t"                                                              \
    "movq %%rdx, %[t1]\n\t"                                                              \
    "movq %[h1], %%rax\n\t"                                                              \
    "mulq " S1 "\n\t"                                                                     \
    "addq %%rax, %[t0]\n\t"                                                              \
    "adcq %%rdx, %[t1]\n\t"                                                              \
    "movq %[h0], %%rax\n\t"                                                              \
    "mulq " R1 "\n\t" /* d1 = h0 r1 + h1 r0 + h2 s1 in t2:h0 */                           \
    "movq %%rax, %[h0]\n\t"                                                              \
    "movq %%rdx, %[t2]\n\t"                                                              \
    "movq %[h1], %%rax\n\t"                                                              \
    "mulq " R0 "\n\t"                                                                     \
    "addq %%rax, %[h0]\n\t"                                                              \
    "adcq %%rdx, %[t2]\n\t"                                                              \
    "movq %[h2], %[h1]\n\t"                                                              \
    "imulq " S1 ", %[h1]\n\t"                                                             \
    "imulq " R0 ", %[h2]\n\t"                                                             \
    "addq %[h1], %[h0]\n\t"                                                              \
    "adcq $0, %[t2]\n\t"                                                                 \
    "addq %[t1], %[h0]\n\t" /* d1 += d0 >> 64; c = (d1 >> 64) + h2 r0 */                 \
    "adcq %[h2], %[t2]\n\t"                                                              \
    "movq %[t2], %[h2]\n\t" /* h2 = c & 3; h += 5 (c >> 2) */                            \
    "andq $3, %[h2]\n\t"                                                                 \
    "shrq $2, %[t2]\n\t"                                                                 \
    "leaq (%[t2], %[t2], 4), %[t2]\n\t"                                                  \
    "addq %[t2], %[t0]\n\t"                                                              \
    "adcq $0, %[h0]\n\t"                                                                 \
    "adcq $0, %[h2]\n\t"                                                                 \
    "movq %[h0], %[h1]\n\t"                                                              \
    "movq %[t0], %[h0]\n\t"

/* The same with MULX (BMI2: the AVX2 fused entry), 28 instructions: the
 * products land where the next step wants them. */
#define RIJN_I_P64_ASM_MULX_K(off, R0, R1, S1)                                                         \
    "addq " off "(%[m]), %[h0]\n\t"                                                      \
    "adcq 8+" off "(%[m]), %[h1]\n\t"                                                    \
    "adcq $1, %[h2]\n\t"                                                                 \
    "movq %[h1], %%rdx\n\t"                                                              \
    "mulxq " S1 ", %[t0], %[t1]\n\t" /* h1 s1 */                                          \
    "mulxq " R0 ", %%rax, %[t2]\n\t" /* h1 r0 */                                          \
    "movq %[h0], %%rdx\n\t"                                                              \
    "mulxq " R0 ", %[h0], %[h1]\n\t" /* d0 = h0 r0 + h1 s1 in h1:h0 */                    \
    "addq %[t0], %[h0]\n\t"                                                              \
    "adcq %[t1], %[h1]\n\t"                                                              \
    "mulxq " R1 ", %[t0], %[t1]\n\t" /* d1 = h0 r1 + h1 r0 + h2 s1 in t1:t0 */            \
    "addq %%rax, %[t0]\n\t"                                                              \
    "adcq %[t2], %[t1]\n\t"                                                              \
    "movq %[h2], %%rax\n\t"                                                              \
    "imulq " S1 ", %%rax\n\t"                                                             \
    "imulq " R0 ", %[h2]\n\t"                                                             \
    "addq %%rax, %[t0]\n\t"                                                              \
    "adcq %[h2], %[t1]\n\t" /* c = (d1 >> 64) + h2 r0, after d0 >> 64: */                \
    "addq %[h1], %[t0]\n\t"                                                              \
    "adcq $0, %[t1]\n\t"                                                                 \
    "movq %[t1], %[h2]\n\t" /* h2 = c & 3; h += 5 (c >> 2) */                            \
    "andq $3, %[h2]\n\t"                                                                 \
    "shrq $2, %[t1]\n\t"                                                                 \
    "leaq (%[t1], %[t1], 4), %[t1]\n\t"                                                  \
    "addq %[t1], %[h0]\n\t"                                                              \
    "adcq $0, %[t0]\n\t"                                                                 \
    "adcq $0, %[h2]\n\t"                                                                 \
    "movq %[t0], %[h1]\n\t"

/* Absorb n 16-byte blocks of m (h in locals: inlined into the caller's
 * loop, the accumulator stays in registers). */
static inline __attribute__((always_inline)) void
rijn_i_p64_blocks(uint64_t *hp0, uint64_t *hp1, uint64_t *hp2, uint64_t r0, uint64_t r1,
                  uint64_t s1, const uint8_t *m, size_t n)
{
    uint64_t h0 = *hp0, h1 = *hp1, h2 = *hp2, t0, t1, t2;
    for (; n > 0; n--, m += 16) {
        __asm__(RIJN_I_P64_ASM_K("0", "%[r0]", "%[r1]", "%[s1]")
                : [h0] "+&r"(h0), [h1] "+&r"(h1), [h2] "+&r"(h2), [t0] "=&r"(t0), [t1] "=&r"(t1),
                  [t2] "=&r"(t2)
                : [m] "r"(m), "m"(*(const uint8_t(*)[16])m), [r0] "rm"(r0), [r1] "rm"(r1),
                  [s1] "rm"(s1)
                : "rax", "rdx", "cc");
    }
    *hp0 = h0;
    *hp1 = h1;
    *hp2 = h2;
}

#endif
#endif
