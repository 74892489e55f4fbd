/*
 * cpu.c -- CPU feature probe: CPUID + XGETBV on x86, hwcaps on AArch64
 * Linux, sysctl on AArch64 macOS. Probed once; the result is cached in one word (benign race: every
 * thread computes the same value).
 *
 * The library has no stdio; getenv is used (hosts only) so tests and
 * benchmarks can mask features: RIJN_CPU_MASK=0 hides every extension.
 */
#include "cpu.h"

#include <stddef.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define RIJN_HOSTED 1
#elif defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#define RIJN_HOSTED 1
#elif defined(__aarch64__) && defined(__APPLE__)
#include <sys/sysctl.h>
#define RIJN_HOSTED 1
#else
#define RIJN_HOSTED 0
#endif

#if RIJN_HOSTED
#include <stdlib.h>
#endif

volatile uint32_t rijn_i_cpu_cached; /* bit 31 = probed (cpu.h) */

#if defined(__x86_64__) || defined(__i386__)
static uint64_t xgetbv0(void)
{
    uint32_t lo, hi;
    __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

/* complexity: flat CPUID table, one test per feature bit */
uint32_t rijn_i_cpu_x86_decode(uint32_t c1, uint32_t b7, uint32_t c7, uint64_t xcr0)
{
    uint32_t f = 0;
    if (c1 & (1u << 25)) f |= RIJN_CPU_AESNI;
    if (c1 & (1u << 1)) f |= RIJN_CPU_PCLMUL;
    if (c1 & (1u << 9)) f |= RIJN_CPU_SSSE3;
    if (c1 & (1u << 19)) f |= RIJN_CPU_SSE41;
    /* OSXSAVE + AVX, and the OS saves the XMM and YMM state */
    if ((c1 & (1u << 27)) && (c1 & (1u << 28)) && (xcr0 & 6) == 6)
        f |= RIJN_CPU_AVX;
    if ((f & RIJN_CPU_AVX) && (b7 & (1u << 5))) f |= RIJN_CPU_AVX2;
    if (b7 & (1u << 29)) f |= RIJN_CPU_SHANI;
    if (b7 & (1u << 3)) f |= RIJN_CPU_BMI1;
    if (b7 & (1u << 8)) f |= RIJN_CPU_BMI2;
    if (b7 & (1u << 19)) f |= RIJN_CPU_ADX;
    if ((f & RIJN_CPU_AVX) && (c7 & (1u << 9))) f |= RIJN_CPU_VAES;
    if ((f & RIJN_CPU_AVX) && (c7 & (1u << 10))) f |= RIJN_CPU_VPCLMUL;
    /* AVX-512 F (b16), BW (b30), VL (b31); OS must save opmask+ZMM. */
    if ((f & RIJN_CPU_AVX) && (b7 & (1u << 16)) && (b7 & (1u << 30)) && (b7 & (1u << 31)) &&
        (xcr0 & 0xE6) == 0xE6)
        f |= RIJN_CPU_AVX512;
    if ((f & RIJN_CPU_AVX512) && (b7 & (1u << 21))) f |= RIJN_CPU_AVX512IFMA;
    return f;
}

/* Read the registers; rijn_i_cpu_x86_decode turns them into features
 * (tests/core/test_cpu_sysctl.c checks it with tables of CPUs). */
static uint32_t probe(void)
{
    unsigned a, b, c1, d, max, b7 = 0, c7 = 0;
    uint64_t xcr0 = 0;
    if (!__get_cpuid(0, &max, &b, &c1, &d))
        return 0;
    __cpuid(1, a, b, c1, d);
    if (c1 & (1u << 27)) /* OSXSAVE: XGETBV exists */
        xcr0 = xgetbv0();
    if (max >= 7)
        __cpuid_count(7, 0, a, b7, c7, d);
    return rijn_i_cpu_x86_decode(c1, b7, c7, xcr0);
}
#elif defined(__aarch64__) && defined(__linux__)
static uint32_t probe(void)
{
    unsigned long hw = getauxval(AT_HWCAP);
    uint32_t f = 0;
    if (hw & (1ul << 1)) f |= RIJN_CPU_ARM_NEON;  /* HWCAP_ASIMD */
    if (hw & (1ul << 3)) f |= RIJN_CPU_ARM_AES;   /* HWCAP_AES */
    if (hw & (1ul << 4)) f |= RIJN_CPU_ARM_PMULL; /* HWCAP_PMULL */
    if (hw & (1ul << 6)) f |= RIJN_CPU_ARM_SHA2;  /* HWCAP_SHA2 */
    if (hw & (1ul << 17)) f |= RIJN_CPU_ARM_SHA3;   /* HWCAP_SHA3 */
    if (hw & (1ul << 21)) f |= RIJN_CPU_ARM_SHA512; /* HWCAP_SHA512 */
    return f;
}
#elif defined(__aarch64__) && defined(__APPLE__)
/* The shim: sysctlbyname on an int (names that do not exist fail). */
static int apple_sysctl(const char *name, int *value)
{
    size_t len = sizeof *value;
    *value = 0;
    return sysctlbyname(name, value, &len, NULL, 0) != 0 || len != sizeof *value;
}

static uint32_t probe(void)
{
    return rijn_i_cpu_arm_sysctl(apple_sysctl);
}
#else
static uint32_t probe(void)
{
    return 0;
}
#endif

#if RIJN_HOSTED
/* macOS 12 and later name each feature hw.optional.arm.FEAT_*; before
 * that there are none of these names, and every arm64 Apple core (A7 and
 * later) has AdvSIMD with the AES, PMULL and SHA-2 instructions: that set
 * is assumed when FEAT_AES does not exist. Not run on macOS here (no such
 * host in CI): tests/core/test_cpu_sysctl.c checks this parsing with a table. */
uint32_t rijn_i_cpu_arm_sysctl(rijn_i_sysctl_fn query)
{
    static const struct {
        const char *name;
        uint32_t bit;
    } names[] = {
        {"hw.optional.AdvSIMD", RIJN_CPU_ARM_NEON},
        {"hw.optional.arm.FEAT_AES", RIJN_CPU_ARM_AES},
        {"hw.optional.arm.FEAT_PMULL", RIJN_CPU_ARM_PMULL},
        {"hw.optional.arm.FEAT_SHA256", RIJN_CPU_ARM_SHA2},
        {"hw.optional.arm.FEAT_SHA512", RIJN_CPU_ARM_SHA512},
        {"hw.optional.arm.FEAT_SHA3", RIJN_CPU_ARM_SHA3},
    };
    uint32_t f = 0;
    size_t i;
    int v = 0;
    if (query("hw.optional.arm.FEAT_AES", &v) != 0)
        return RIJN_CPU_ARM_NEON | RIJN_CPU_ARM_AES | RIJN_CPU_ARM_PMULL | RIJN_CPU_ARM_SHA2;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        v = 0;
        if (query(names[i].name, &v) == 0 && v != 0)
            f |= names[i].bit;
    }
    return f;
}
#endif

uint32_t rijn_i_cpu_features(void)
{
    uint32_t v = rijn_i_cpu_cached;
    if (!(v & 0x80000000u)) {
        v = probe();
#if RIJN_HOSTED
        {
            const char *m = getenv("RIJN_CPU_MASK");
            if (m != NULL && *m != '\0')
                v &= (uint32_t)strtoul(m, NULL, 16);
        }
#endif
        v |= 0x80000000u;
        rijn_i_cpu_cached = v;
    }
    return v & 0x7FFFFFFFu;
}
