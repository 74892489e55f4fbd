/*
 * internal.h -- helpers shared by every rijn source file (not installed).
 * Byte order, constant-time selection, argument checks, wiping.
 */
#ifndef RIJN_INTERNAL_H
#define RIJN_INTERNAL_H

#include <string.h>

#include "rijn/common.h"

#if defined(__GNUC__) || defined(__clang__)
#define RIJN_INLINE static inline __attribute__((always_inline))
#define RIJN_UNUSED __attribute__((unused))
/* The short-message fast paths: the expected case laid out as the straight
 * path (a taken branch costs a 16-byte call more than a not-taken one). */
#define RIJN_LIKELY(x) __builtin_expect(!!(x), 1)
#else
#define RIJN_INLINE static inline
#define RIJN_UNUSED
#define RIJN_LIKELY(x) (x)
#endif
/* Unroll the next loop completely (its trip count is a constant once its
 * function is inlined): the vector kernels keep arrays of registers such as
 * x[16] that must not live in memory, and GCC unrolls such loops only at
 * -O3, not at the -O2 of distribution packages (at -O2, gcc 12: AES-128
 * CTR 1 MiB 4.0x and GCM 2.2x slower without these, as fast as -O3 with). */
#if defined(__clang__)
#define RIJN_UNROLL /* clang unrolls constant trip counts fully at -O2 too */
#elif defined(__SANITIZE_ADDRESS__)
#define RIJN_UNROLL /* no speed wanted; gcc -O1 ASan on the GCM loop: 15 s -> 59 s */
#elif defined(__GNUC__) && __GNUC__ >= 8
#define RIJN_UNROLL _Pragma("GCC unroll 16")
#else
#define RIJN_UNROLL
#endif

/* ---- byte order ------------------------------------------------------- */
/* Where unaligned loads and stores and a one-instruction byte swap exist
 * (x86-64, little-endian AArch64, and 32-bit Arm with unaligned access:
 * Cortex-M3/M4/M33, ARMv7-A) a word is one load or store and a swap.
 * Written byte by byte, GCC 12 -O2/-O3 for AArch64 "SLP-vectorises" runs
 * of them once unrolled into byte-lane inserts (BLAKE2b's final: 60 of
 * them for a 64-byte digest), and neither GCC nor the x86-64 back end
 * always merges them into one access (the portable POLYVAL blocks: 1,668
 * x86-64 instructions with byte accesses, 244 with words). __builtin_memcpy,
 * not memcpy: the MCU builds are -ffreestanding, where memcpy is a call
 * (Cortex-M3 Poly1305 1 KiB 4,625 -> 11,428 instructions that way; with
 * the builtin, LDR/STR + REV, every Cortex-M3 row of scripts/mcu-measure.sh
 * went down or stayed: ttable CTR 1 KiB -O2 45,899 -> 43,287). Cortex-M0
 * (no unaligned access) and RV32 (no unaligned access, no swap without
 * Zbb) keep the byte form, and so does a Cortex-M build with
 * -mno-unaligned-access (firmware that sets CCR.UNALIGN_TRP must use it:
 * then __ARM_FEATURE_UNALIGNED is not defined). */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__BYTE_ORDER__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ &&                                          \
    (defined(__x86_64__) || defined(__aarch64__) ||                                          \
     (defined(__arm__) && defined(__ARM_FEATURE_UNALIGNED)))
#define RIJN_I_WORD_LE 1
#else
#define RIJN_I_WORD_LE 0
#endif
#if RIJN_I_WORD_LE
RIJN_INLINE uint32_t rijn_load32_le(const uint8_t *p)
{
    uint32_t v;
    __builtin_memcpy(&v, p, 4);
    return v;
}
RIJN_INLINE uint32_t rijn_load32_be(const uint8_t *p)
{
    return __builtin_bswap32(rijn_load32_le(p));
}
RIJN_INLINE void rijn_store32_le(uint8_t *p, uint32_t v)
{
    __builtin_memcpy(p, &v, 4);
}
RIJN_INLINE void rijn_store32_be(uint8_t *p, uint32_t v)
{
    rijn_store32_le(p, __builtin_bswap32(v));
}
RIJN_INLINE uint64_t rijn_load64_le(const uint8_t *p)
{
    uint64_t v;
    __builtin_memcpy(&v, p, 8);
    return v;
}
RIJN_INLINE uint64_t rijn_load64_be(const uint8_t *p)
{
    return __builtin_bswap64(rijn_load64_le(p));
}
RIJN_INLINE void rijn_store64_le(uint8_t *p, uint64_t v)
{
    __builtin_memcpy(p, &v, 8);
}
RIJN_INLINE void rijn_store64_be(uint8_t *p, uint64_t v)
{
    rijn_store64_le(p, __builtin_bswap64(v));
}
#else
RIJN_INLINE uint32_t rijn_load32_be(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}
RIJN_INLINE uint32_t rijn_load32_le(const uint8_t *p)
{
    return ((uint32_t)p[3] << 24) | ((uint32_t)p[2] << 16) | ((uint32_t)p[1] << 8) | p[0];
}
RIJN_INLINE void rijn_store32_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}
RIJN_INLINE void rijn_store32_le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}
RIJN_INLINE uint64_t rijn_load64_be(const uint8_t *p)
{
    return ((uint64_t)rijn_load32_be(p) << 32) | rijn_load32_be(p + 4);
}
RIJN_INLINE uint64_t rijn_load64_le(const uint8_t *p)
{
    return ((uint64_t)rijn_load32_le(p + 4) << 32) | rijn_load32_le(p);
}
RIJN_INLINE void rijn_store64_be(uint8_t *p, uint64_t v)
{
    rijn_store32_be(p, (uint32_t)(v >> 32));
    rijn_store32_be(p + 4, (uint32_t)v);
}
RIJN_INLINE void rijn_store64_le(uint8_t *p, uint64_t v)
{
    rijn_store32_le(p, (uint32_t)v);
    rijn_store32_le(p + 4, (uint32_t)(v >> 32));
}
#endif

/* ---- small block helpers --------------------------------------------- */
RIJN_INLINE void rijn_xor16(uint8_t *d, const uint8_t *a, const uint8_t *b)
{
    size_t i;
    for (i = 0; i < 16; i++)
        d[i] = (uint8_t)(a[i] ^ b[i]);
}
RIJN_INLINE void rijn_xor(uint8_t *d, const uint8_t *a, const uint8_t *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        d[i] = (uint8_t)(a[i] ^ b[i]);
}

/* Big-endian increment of the last `bytes` bytes of a 16-byte block. */
RIJN_INLINE void rijn_ctr_inc(uint8_t *blk, unsigned bytes)
{
    unsigned i, carry = 1;
    for (i = 16; i > 16 - bytes; i--) {
        carry += blk[i - 1];
        blk[i - 1] = (uint8_t)carry;
        carry >>= 8;
    }
}

/* ---- constant-time helpers ------------------------------------------- */
/* All ones if x != 0, else 0. */
RIJN_INLINE uint32_t rijn_ct_nonzero32(uint32_t x)
{
    return (uint32_t)0 - ((x | ((uint32_t)0 - x)) >> 31);
}
/* All ones if a == b, else 0. */
RIJN_INLINE uint32_t rijn_ct_eq32(uint32_t a, uint32_t b)
{
    return ~rijn_ct_nonzero32(a ^ b);
}
/* All ones if a < b (both < 2^31), else 0. */
RIJN_INLINE uint32_t rijn_ct_lt32(uint32_t a, uint32_t b)
{
    return (uint32_t)0 - ((a - b) >> 31);
}

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
 * 16x16 -> 32 MULS, added in 64 bits with the carry from its formula
 * (no compare). Cost, mcu/measure.py: rijn_poly1305 of 1 KiB 74,989 ->
 * 71,531 instructions at -Os, 75,174 -> 84,459 at -O2; X25519 18,658,052
 * -> 17,616,579 (-Os), 18,326,255 -> 19,558,492 (-O2). (AVR's __muldi3
 * has the same kind of branch: core/mul64_avr_i.h.) */
#define RIJN_I_MUL16(x, y) ((uint32_t)(uint16_t)(x) * (uint16_t)(y))
/* (hi:lo) += m 2^16, the carry out of lo by its formula (no compare) */
#define RIJN_I_ADD_MID(lo, hi, m)                                                          \
    do {                                                                                  \
        const uint32_t x_ = (m) << 16, t_ = (lo) + x_;                                    \
        (hi) += ((m) >> 16) + ((((lo) & x_) | (((lo) | x_) & ~t_)) >> 31);                 \
        (lo) = t_;                                                                        \
    } while (0)
/* one copy per file, not one per product */
static __attribute__((noinline, unused)) uint64_t rijn_mul64(uint32_t a, uint32_t b)
{
    uint32_t lo = RIJN_I_MUL16(a, b), hi = RIJN_I_MUL16(a >> 16, b >> 16);
    RIJN_I_ADD_MID(lo, hi, RIJN_I_MUL16(a, b >> 16));
    RIJN_I_ADD_MID(lo, hi, RIJN_I_MUL16(a >> 16, b));
    return ((uint64_t)hi << 32) | lo;
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

/* v, hidden from the optimiser: the compiler can no longer derive another
 * value (a loop bound, an exit test) from it. A counter that is secret
 * (a GCM or EAX nonce, a SIV or GCM-SIV tag) is stepped through these so
 * that GCC does not turn the public loop counter next to it into a
 * compare on the counter's value (it does at -O1 and -O2). Without GNU
 * asm: the value as is. */
#if defined(__GNUC__) || defined(__clang__)
RIJN_INLINE uint32_t rijn_i_opaque32(uint32_t v)
{
    __asm__("" : "+r"(v));
    return v;
}
RIJN_INLINE uint64_t rijn_i_opaque64(uint64_t v)
{
#if defined(__x86_64__) || defined(__aarch64__)
    __asm__("" : "+r"(v));
#else
    __asm__("" : "+m"(v)); /* 32/8-bit targets: no one register holds it */
#endif
    return v;
}
#else
#define rijn_i_opaque32(v) (v)
#define rijn_i_opaque64(v) (v)
#endif

/* ---- argument checks -------------------------------------------------- */
/* A pointer that may be NULL only with a zero length. */
#define RIJN_CHECK_BUF(p, n)                   \
    do {                                       \
        if ((p) == NULL && (n) != 0)           \
            return RIJN_ERR_NULL;              \
    } while (0)
/* Test-only fault points: RIJN_I_TEST_FAULTS=1 (cmake -DRIJN_TEST_FAULTS=ON,
 * set by scripts/coverage.sh for its build only; never in a shipped build)
 * compiles RIJN_I_FAULT() into the hashes' init/update/final checks
 * (BLAKE2b, SHA-2, SHA-3, SHA-1, MD5; the inits of SHA-3, SHA-1 and MD5
 * too), ChaCha20's inits and keystream XOR and Poly1305's
 * init/update/final, and RIJN_I_FAULT_KEY() into AES key setup
 * (aes/aes.c: every AES-based mode and AEAD's init); elsewhere both are 0
 * and the compiler drops them. With rijn_i_fault_at = n the n-th point of
 * the first kind reached fails, with rijn_i_fault_key_at = n the n-th key
 * setup (two counters: a failed AES key setup says RIJN_ERR_UNSUPPORTED,
 * which callers such as the CLI rightly report as "not available" rather
 * than as a failure, so the sweeps of tests/cli do not arm it); the call
 * returns its error as if its own check had failed, so the error paths of
 * their callers run: tests/core/test_fault_inject.c,
 * tests/file/test_file_faults.c, tests/modes/test_modes_faults.c. */
#ifndef RIJN_I_TEST_FAULTS
#define RIJN_I_TEST_FAULTS 0
#endif
#if RIJN_I_TEST_FAULTS
extern unsigned long rijn_i_fault_at, rijn_i_fault_key_at;
/* One countdown for both counters: 1 when *at reaches 0 on this call. */
int rijn_i_fault(unsigned long *at);
#define RIJN_I_FAULT() rijn_i_fault(&rijn_i_fault_at)
#define RIJN_I_FAULT_KEY() rijn_i_fault(&rijn_i_fault_key_at)
#else
#define RIJN_I_FAULT() 0
#define RIJN_I_FAULT_KEY() 0
#endif
#define RIJN_CHECK_PTR(p)                      \
    do {                                       \
        if ((p) == NULL)                       \
            return RIJN_ERR_NULL;              \
    } while (0)

#if defined(__GNUC__) || defined(__clang__)
/* Zero n bytes in 16-byte stores, then 4-byte ones, then bytes, with a
 * compiler barrier after each so that GCC cannot turn the loops back into
 * a memset: for short buffers a libc call, or the "rep stosq" GCC emits
 * for constant sizes (~30 cycles to start on AMD), costs more than the
 * stores, and narrower stores would stall the next 16-byte load of the
 * same bytes (store forwarding). rijn_wipe and the hash wipes use it. */
RIJN_INLINE void rijn_i_zero_stores(void *p, size_t n)
{
    static const uint8_t z[16] = {0};
    uint8_t *q = (uint8_t *)p;
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        memcpy(q + i, z, 16);
        __asm__ __volatile__("" : : "r"(q) : "memory");
    }
    for (; i + 4 <= n; i += 4) {
        memcpy(q + i, z, 4);
        __asm__ __volatile__("" : : "r"(q) : "memory");
    }
    for (; i < n; i++) {
        q[i] = 0;
        __asm__ __volatile__("" : : "r"(q) : "memory");
    }
}
#endif

/* 1 if [a, a+an) and [b, b+bn) share a byte. Distances are taken modulo
 * the address space, so a length that would carry a range past the top
 * (no real buffer does) counts as overlapping instead of wrapping the
 * sum, as "x < y + bn" would. */
RIJN_INLINE int rijn_overlaps(const void *a, size_t an, const void *b, size_t bn)
{
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    if (an == 0 || bn == 0)
        return 0;
    return (uintptr_t)(y - x) < an || (uintptr_t)(x - y) < bn;
}

/* RIJN_LEN_GT(len, limit): len > limit for a length and a 64-bit limit,
 * compiled warning-free where size_t has 16 or 32 bits (a comparison of
 * the size_t itself with a larger constant draws -Wtype-limits "always
 * false"; the function parameter hides the range, the code is the same). */
RIJN_INLINE int rijn_len_gt(uint64_t len, uint64_t limit)
{
    return len > limit;
}
#define RIJN_LEN_GT(len, limit) rijn_len_gt((uint64_t)(len), (uint64_t)(limit))

#endif /* RIJN_INTERNAL_H */
