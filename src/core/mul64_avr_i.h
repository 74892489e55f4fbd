/*
 * mul64_avr_i.h -- rijn_mul64 / rijn_mac64 on AVR (included by internal.h).
 *
 * Implementation notes
 *   The compiler's 32x32 -> 64 product calls libgcc's __umulsidi3 /
 *   __muldi3, whose __muldi3_6 branches (BRCC over ADIW) on the carry of
 *   a partial sum: 1 to 3 cycles that depend on the operands (found by
 *   mcu/trace on the ATmega2560 in Poly1305 and ChaCha20-Poly1305).
 *   rijn_i_mac64_avr is acc + a * b in assembly: the sixteen 8x8 -> 16
 *   MULs (2 cycles each, whatever the values) column by column, each
 *   product added into bytes k, k + 1 of acc with its carry counted in a
 *   byte of weight k + 2 that is added in when the column is done: no
 *   branch, 96 cycles and RET, the 64-bit add included (the C product is
 *   a __umulsidi3 call and an __adddi3 call). One copy in the program
 *   (file-scope asm in core/util.c, its own section), called with
 *   avr-gcc's convention, so acc stays in r18..r25 (argument and result)
 *   through the calls of a sum and the function saves nothing. Neither
 *   a C body nor a naked function: with register variables avr-gcc pushes
 *   r10..r17, a naked one copies its arguments at -O0, and C formulations
 *   (Thumb-1's four 16x16 products) get __mulsi3 and 64-bit library
 *   calls (Poly1305 1 KiB 508,101 -> 1,383,820 cycles).
 *   rijn_shr64_26 and rijn_add64_32 (Poly1305's carries) are a few
 *   instructions in line on the bytes of a 64-bit operand ("%r" prints
 *   its first register's number, the assembler takes "n+k" as register
 *   n + k; avr-gcc's byte modifiers stop at D) where avr-gcc 5 calls
 *   __lshrdi3 (a loop) and __adddi3. The MULs and adds of one product
 *   (RIJN_I_AVR_BODY, registers as arguments) are also the inner loop of
 *   X25519's columns (pk/x25519_fe32_avr_i.h).
 *   mcu/measure.py, ATmega2560, -Os / -O2, cycles: Poly1305 1 KiB 508,101
 *   -> 263,731 / 496,588 -> 259,307; ChaCha20-Poly1305 seal 64 bytes
 *   157,255 -> 134,501 / 150,677 -> 128,544; X25519 106,004,255 ->
 *   74,799,853 / 101,741,047 -> 71,657,952. Flash: Poly1305 5,382 ->
 *   4,712 / 5,536 -> 4,874 bytes; X25519 5,864 -> 5,748 / 6,282 -> 6,340.
 *   mcu/trace: Poly1305 and ChaCha20-Poly1305 constant on the ATmega2560.
 *   Tests: scripts/mcu-test.sh on both AVR targets: the toolbox image's
 *   "rijn_mul64 (avr asm)" section (mcu/test/mcu_test.c: these four
 *   against avr-gcc's C, 2,000 inputs; a dropped carry fails 977 of its
 *   8,000 checks) and the Poly1305, ChaCha20-Poly1305, X25519 vectors.
 *   Devices without MUL (__AVR_HAVE_MUL__ undefined: ATtiny, AT90S) keep
 *   the C product, libgcc's multiply: not constant time, not a target of
 *   mcu/mcu.py; they compile.
 */
#ifndef RIJN_MUL64_AVR_I_H
#define RIJN_MUL64_AVR_I_H

#if defined(__AVR_HAVE_MUL__) && defined(__GNUC__)
/* avr-gcc's calling convention: acc (and the result) in r18..r25, a in
 * r14..r17, b in r10..r13; r26, r27, r30 (call-clobbered) the carries
 * and the zero. Byte k of acc: "18+k" (the assembler takes the sum). */
#define RIJN_I_AVR_D(k) "18+" #k
/* acc bytes k, k + 1 += a_i b_j, the carry out into register c (z: zero) */
#define RIJN_I_AVR_P(i, j, k, c, z)                                                       \
    "mul 14+" #i ", 10+" #j "\n\tadd " RIJN_I_AVR_D(k) ", r0\n\tadc " RIJN_I_AVR_D(k+1)    \
    ", r1\n\tadc " #c ", " #z "\n\t"
/* column done: byte k += the carry in c, its carry out starts n */
#define RIJN_I_AVR_F(k, c, n, z)                                                          \
    "clr " #n "\n\tadd " RIJN_I_AVR_D(k) ", " #c "\n\tadc " #n ", " #z "\n\t"

/* acc (r18..r25) += a (r14..r17) * b (r10..r13), zero in z, the carries
 * in x and y (also X25519's product columns, pk/x25519_fe32.c) */
#define RIJN_I_AVR_BODY(x, y, z)                                                          \
    "mul r14, r10\n\tadd r18, r0\n\tadc r19, r1\n\tadc r20, " #z "\n\tclr " #x "\n\t"     \
    "adc " #x ", " #z "\n\t"                                                              \
    RIJN_I_AVR_P(0, 1, 1, x, z) RIJN_I_AVR_P(1, 0, 1, x, z) RIJN_I_AVR_F(3, x, y, z)      \
    RIJN_I_AVR_P(0, 2, 2, y, z) RIJN_I_AVR_P(1, 1, 2, y, z) RIJN_I_AVR_P(2, 0, 2, y, z)   \
    RIJN_I_AVR_F(4, y, x, z)                                                              \
    RIJN_I_AVR_P(0, 3, 3, x, z) RIJN_I_AVR_P(1, 2, 3, x, z) RIJN_I_AVR_P(2, 1, 3, x, z)   \
    RIJN_I_AVR_P(3, 0, 3, x, z) RIJN_I_AVR_F(5, x, y, z)                                  \
    RIJN_I_AVR_P(1, 3, 4, y, z) RIJN_I_AVR_P(2, 2, 4, y, z) RIJN_I_AVR_P(3, 1, 4, y, z)   \
    RIJN_I_AVR_F(6, y, x, z)                                                              \
    RIJN_I_AVR_P(2, 3, 5, x, z) RIJN_I_AVR_P(3, 2, 5, x, z)                               \
    "add r25, " #x "\n\tmul r17, r13\n\tadd r24, r0\n\tadc r25, r1\n\t"

/* acc + a * b: defined once, in core/util.c (RIJN_I_MAC64_AVR_DEF) */
uint64_t rijn_i_mac64_avr(uint64_t acc, uint32_t a, uint32_t b);
/* file-scope asm in its own section (--gc-sections drops it when unused) */
#define RIJN_I_MAC64_AVR_DEF                                                              \
    __asm__(".pushsection .text.rijn_i_mac64_avr,\"ax\",@progbits\n\t"                    \
            ".global rijn_i_mac64_avr\n\t.type rijn_i_mac64_avr, @function\n"             \
            "rijn_i_mac64_avr:\n\tclr r30\n\t" RIJN_I_AVR_BODY(r27, r26, r30)             \
            "clr __zero_reg__\n\tret\n\t.size rijn_i_mac64_avr, .-rijn_i_mac64_avr\n\t"   \
            ".popsection")
#define rijn_mac64(acc, a, b) rijn_i_mac64_avr(acc, a, b)
#define rijn_mul64(a, b) rijn_i_mac64_avr(0, a, b)

/* (uint32_t)(d >> 26) and d + c in line (avr-gcc calls __lshrdi3, which
 * shifts in a loop, and __adddi3): Poly1305 1 KiB 291,527 -> 263,731
 * cycles at -Os, 132 bytes more */
RIJN_INLINE uint32_t rijn_i_shr64_26_avr(uint64_t d)
{
    uint32_t r;
    __asm__("mov %A0, %r1+3\n\tmov %B0, %r1+4\n\tmov %C0, %r1+5\n\tmov %D0, %r1+6\n\t"
            "mov __tmp_reg__, %r1+7\n\tlsr __tmp_reg__\n\tror %D0\n\tror %C0\n\tror %B0\n\t"
            "ror %A0\n\tlsr __tmp_reg__\n\tror %D0\n\tror %C0\n\tror %B0\n\tror %A0"
            : "=&r"(r) : "r"(d));
    return r;
}
RIJN_INLINE uint64_t rijn_i_add64_32_avr(uint64_t d, uint32_t c)
{
    __asm__("add %r0, %A1\n\tadc %r0+1, %B1\n\tadc %r0+2, %C1\n\tadc %r0+3, %D1\n\t"
            "adc %r0+4, __zero_reg__\n\tadc %r0+5, __zero_reg__\n\tadc %r0+6, __zero_reg__\n\t"
            "adc %r0+7, __zero_reg__" : "+r"(d) : "r"(c));
    return d;
}
#define rijn_shr64_26(d) rijn_i_shr64_26_avr(d)
#define rijn_add64_32(d, c) rijn_i_add64_32_avr(d, c)
#else
#define rijn_mac64(acc, a, b) ((acc) + (uint64_t)(uint32_t)(a) * (uint32_t)(b))
#define rijn_mul64(a, b) ((uint64_t)(uint32_t)(a) * (uint32_t)(b))
#endif
#define rijn_mac64_29 rijn_mac64

#endif
