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

#include "core/mul64_i.h" /* rijn_mac64, rijn_mul64: constant-time 64-bit products */

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
