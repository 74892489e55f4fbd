/*
 * cpu.h -- one-time CPU feature probe (the only global mutable state).
 */
#ifndef RIJN_CPU_H
#define RIJN_CPU_H

#include <stdint.h>

#define RIJN_CPU_AESNI      (1u << 0)
#define RIJN_CPU_PCLMUL     (1u << 1)
#define RIJN_CPU_SSSE3      (1u << 2)
#define RIJN_CPU_SSE41      (1u << 3)
#define RIJN_CPU_AVX        (1u << 4) /* CPU + OS (XSAVE YMM state) */
#define RIJN_CPU_AVX2       (1u << 5)
#define RIJN_CPU_VAES       (1u << 6) /* with AVX */
#define RIJN_CPU_VPCLMUL    (1u << 7)
#define RIJN_CPU_AVX512     (1u << 8) /* F+BW+VL, OS saves ZMM state */
#define RIJN_CPU_SHANI      (1u << 9)
#define RIJN_CPU_BMI2       (1u << 10)
#define RIJN_CPU_ADX        (1u << 11)
#define RIJN_CPU_AVX512IFMA (1u << 12) /* AVX512-IFMA (VPMADD52), with RIJN_CPU_AVX512 */
#define RIJN_CPU_BMI1       (1u << 13) /* BMI1 (ANDN) */
#define RIJN_CPU_ARM_AES    (1u << 16)
#define RIJN_CPU_ARM_PMULL  (1u << 17)
#define RIJN_CPU_ARM_SHA2   (1u << 18)
#define RIJN_CPU_ARM_SHA512 (1u << 19) /* ARMv8.2 SHA512 (HWCAP_SHA512) */
#define RIJN_CPU_ARM_NEON   (1u << 20) /* Advanced SIMD (HWCAP_ASIMD) */
#define RIJN_CPU_ARM_SHA3   (1u << 21) /* ARMv8.2 SHA3 (HWCAP_SHA3; probed, not used yet) */

/* Features of this CPU (probed once, then cached), masked by the
 * RIJN_CPU_MASK environment variable on hosts (hex; tests use it). */
uint32_t rijn_i_cpu_features(void);

/* The cache itself (bit 31 = probed), for the inline fast path below:
 * the registries' per-init choice (core/registry.h) reads it without a
 * call. Written only by rijn_i_cpu_features. */
extern volatile uint32_t rijn_i_cpu_cached;

static inline uint32_t rijn_i_cpu_features_fast(void)
{
    uint32_t v = rijn_i_cpu_cached;
    return (v & 0x80000000u) ? (v & 0x7FFFFFFFu) : rijn_i_cpu_features();
}

/* AArch64 features from the macOS sysctl names (hw.optional.AdvSIMD,
 * hw.optional.arm.FEAT_AES / _PMULL / _SHA256 / _SHA512 / _SHA3), each
 * read through query: 0 with *value set when the name exists, nonzero
 * otherwise. The macOS probe passes a sysctlbyname shim; tests pass a
 * table (so the parsing is tested on every host). Hosted builds only. */
typedef int (*rijn_i_sysctl_fn)(const char *name, int *value);
uint32_t rijn_i_cpu_arm_sysctl(rijn_i_sysctl_fn query);

/* x86 features from the CPUID registers: leaf 1 ECX (c1), leaf 7
 * subleaf 0 EBX and ECX (b7, c7; 0 when leaf 7 does not exist) and XCR0
 * (0 without OSXSAVE). The probe reads them, tests pass tables
 * (tests/core/test_cpu_sysctl.c). x86 builds only. */
uint32_t rijn_i_cpu_x86_decode(uint32_t c1, uint32_t b7, uint32_t c7, uint64_t xcr0);

#endif
