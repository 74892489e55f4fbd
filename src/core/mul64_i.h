/*
 * mul64_i.h -- rijn_mac64 / rijn_mul64 / rijn_mac64_29: 32x32 -> 64-bit
 * products of secrets in time that does not depend on the operands, per
 * core (included by internal.h; the AVR version in mul64_avr_i.h).
 */
#ifndef RIJN_MUL64_I_H
#define RIJN_MUL64_I_H

#include <stdint.h>

/* acc + a * b and a * b, 64 bits, in time that does not depend on a and
 * b. Everywhere but the Cortex-M3, Thumb-1 and AVR (core/mul64_avr_i.h:
 * libgcc's __muldi3 branches on a carry there; sixteen MULs in assembly,
 * Poly1305 1 KiB on the ATmega2560 508,101 -> 263,731 cycles at -Os)
 * that is the C product. The Cortex-M3's
 * long multiplies (UMULL, UMLAL, SMULL, SMLAL) stop early on small
 * operands (3 to 5 cycles, ARM DDI 0337 "Cortex-M3 instruction timings"),
 * so there (ARMv7-M without the DSP extension: __ARM_ARCH_7M__; the
 * Cortex-M4's and M33's take one cycle whatever the values) the product
 * is four 16x16 -> 32 MULs, one cycle each, added into 64 bits with
 * shifted operands: 16 instructions against one UMLAL. Used by every
 * 32x32 -> 64 product of a secret (X25519's 32-bit field, Poly1305's
 * radix 2^32, Argon2's BlaMka). scripts/mcu-test.sh disassembles every
 * Cortex-M3 test image and fails on a long multiply outside a short list
 * of public-value sites (mcu/mcu.py, LONGMUL_PUBLIC). */
#if defined(__ARM_ARCH_7M__) && defined(__thumb2__) && defined(__GNUC__)
/* halves; t = al bl, al = al bh, bh = ah bh */
#define RIJN_I_M3_HEAD                                                                    \
    "uxth %[al], %[a]\n\tlsrs %[ah], %[a], #16\n\tuxth %[bl], %[b]\n\t"                  \
    "lsrs %[bh], %[b], #16\n\tmul %[t], %[al], %[bl]\n\tmul %[al], %[al], %[bh]\n\t"     \
    "mul %[bh], %[ah], %[bh]\n\t"
/* (hi:lo) += (bh:t) + al 2^16 */
#define RIJN_I_M3_TAIL                                                                    \
    "adds %[lo], %[lo], %[t]\n\tadc %[hi], %[hi], %[bh]\n\t"                               \
    "adds %[lo], %[lo], %[al], lsl #16\n\tadc %[hi], %[hi], %[al], lsr #16"
#define RIJN_I_M3_OPS                                                                     \
    : [lo] "+&r"(lo), [hi] "+&r"(hi), [al] "=&r"(al), [ah] "=&r"(ah), [bl] "=&r"(bl),     \
      [bh] "=&r"(bh), [t] "=&r"(t)                                                        \
    : [a] "r"(a), [b] "r"(b)                                                              \
    : "cc"
/* narrow: a < 2^29 and b < 2^31.5 (X25519's limbs), so al bh + ah bl
 * stays below 2^32: one MLA and one shifted add pair, 12 instructions */
RIJN_INLINE uint64_t rijn_i_mac64_m3(uint64_t acc, uint32_t a, uint32_t b, int narrow)
{
    uint32_t lo = (uint32_t)acc, hi = (uint32_t)(acc >> 32), al, ah, bl, bh, t;
    if (narrow)
        __asm__(RIJN_I_M3_HEAD "mla %[al], %[ah], %[bl], %[al]\n\t" RIJN_I_M3_TAIL
                RIJN_I_M3_OPS);
    else
        __asm__(RIJN_I_M3_HEAD "mul %[ah], %[ah], %[bl]\n\t" RIJN_I_M3_TAIL "\n\t"
                "adds %[lo], %[lo], %[ah], lsl #16\n\tadc %[hi], %[hi], %[ah], lsr #16"
                RIJN_I_M3_OPS);
    return ((uint64_t)hi << 32) | lo;
}
#define rijn_mac64(acc, a, b) rijn_i_mac64_m3(acc, a, b, 0)
#define rijn_mac64_29(acc, a, b) rijn_i_mac64_m3(acc, a, b, 1)
#define rijn_mul64(a, b) rijn_i_mac64_m3(0, a, b, 0)
#elif defined(__thumb__) && !defined(__thumb2__)
/* Thumb-1 (Cortex-M0/M0+): no 32x32 -> 64 instruction, and the compiler's
 * 64-bit multiply (libgcc's __aeabi_lmul) branches on the carry of its
 * cross products (BLS; found by the trace test, mcu/trace). Here four
 * 16x16 -> 32 MULS, added in 64 bits (ADDS/ADCS, no compare). Cost,
 * mcu/measure.py: rijn_poly1305 of 1 KiB 74,989 -> 71,531 instructions at
 * -Os, 75,174 -> 84,459 at -O2; X25519 18,658,052 -> 17,616,579 (-Os),
 * 18,326,255 -> 19,558,492 (-O2). The carries of the middle products were
 * computed by formula first (no compare either); as 64-bit additions
 * X25519 at -Os 16,679,178 -> 14,062,018 (26 instructions a call instead
 * of 39). (AVR's __muldi3 has the same kind of branch:
 * core/mul64_avr_i.h.) */
#define RIJN_I_MUL16(x, y) ((uint32_t)(uint16_t)(x) * (uint16_t)(y))
/* one copy per file, not one per product */
static __attribute__((noinline, unused)) uint64_t rijn_mul64(uint32_t a, uint32_t b)
{
    return ((((uint64_t)RIJN_I_MUL16(a >> 16, b >> 16) << 32) | RIJN_I_MUL16(a, b)) +
            ((uint64_t)RIJN_I_MUL16(a, b >> 16) << 16)) +
           ((uint64_t)RIJN_I_MUL16(a >> 16, b) << 16);
}
#define rijn_mac64(acc, a, b) ((acc) + rijn_mul64(a, b))
#define rijn_mac64_29 rijn_mac64
#elif defined(__AVR__)
#include "core/mul64_avr_i.h" /* also rijn_shr64_26 and rijn_add64_32 */
#elif defined(__thumb2__) && defined(__GNUC__) &&                                        \
    (defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__))
/* Cortex-M4/M33: one UMLAL (one cycle whatever the values); in C, GCC
 * reassociates a sum of products into UMULL + ADDS + ADC */
RIJN_INLINE uint64_t rijn_mac64(uint64_t acc, uint32_t a, uint32_t b)
{
    uint32_t lo = (uint32_t)acc, hi = (uint32_t)(acc >> 32);
    __asm__("umlal %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(a), "r"(b));
    return ((uint64_t)hi << 32) | lo;
}
#define rijn_mac64_29 rijn_mac64
#define rijn_mul64(a, b) ((uint64_t)(uint32_t)(a) * (uint32_t)(b))
#else
/* rijn_mac64_29: the same for a < 2^29 and b < 2^31.5 */
#define rijn_mac64_29 rijn_mac64
#define rijn_mac64(acc, a, b) ((acc) + (uint64_t)(uint32_t)(a) * (uint32_t)(b))
#define rijn_mul64(a, b) ((uint64_t)(uint32_t)(a) * (uint32_t)(b))
#endif
/* (uint32_t)(d >> 26) and d + c (uint64_t d, uint32_t c; in asm on AVR) */
#ifndef rijn_shr64_26
#define rijn_shr64_26(d) ((uint32_t)((d) >> 26))
#define rijn_add64_32(d, c) ((d) + (c))
#endif

#endif
