/*
 * test_cpu_sysctl.c -- the macOS AArch64 feature probe's parsing
 * (rijn_i_cpu_arm_sysctl, core/cpu.c) against tables of sysctl results.
 *
 * The real probe calls sysctlbyname on macOS, which no CI host here runs;
 * the parsing sits behind a one-function shim, so this test feeds it
 * tables (an Apple M1 on macOS 13, an M2 on macOS 14, a system without the
 * FEAT_* names, names present but 0, a failing AdvSIMD name) and checks
 * the feature bits. It cannot show that macOS answers as tabulated: the
 * names are Apple's documented ones ("Determining Instruction Set
 * Characteristics"), not checked on a Mac here.
 *
 * The x86 probe the same way: rijn_i_cpu_x86_decode (the CPUID leaf 1 /
 * leaf 7 registers and XCR0 -> features) against register values of
 * real CPU generations and an OS that saves no YMM/ZMM state, then every
 * feature bit of a CPU that has everything cleared in turn (each feature
 * and the features that depend on it drop, nothing else). And the
 * RIJN_CPU_MASK parsing of rijn_i_cpu_features: unset or empty keeps the
 * probe, "0" hides everything, a hex mask ANDs; a registry entry asked
 * for by name whose features are hidden is refused (core/registry.h).
 */
#define _POSIX_C_SOURCE 200809L /* setenv, unsetenv */
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "pk/x25519_i.h"
#include "testutil.h"

typedef struct {
    const char *name;
    int value;
} entry;

static const entry *table; /* the current fake sysctl table, NULL-terminated */
static unsigned long nquery;

static int fake(const char *name, int *value)
{
    const entry *e;
    nquery++;
    for (e = table; e->name != NULL; e++)
        if (strcmp(e->name, name) == 0) {
            *value = e->value;
            return 0;
        }
    return -1;
}

static void check(const char *what, const entry *t, uint32_t want)
{
    uint32_t got;
    table = t;
    got = rijn_i_cpu_arm_sysctl(fake);
    TU_CHECK(got == want, "%s: features %08x, want %08x", what, (unsigned)got, (unsigned)want);
}

#define NEON   RIJN_CPU_ARM_NEON
#define AES    RIJN_CPU_ARM_AES
#define PMULL  RIJN_CPU_ARM_PMULL
#define SHA2   RIJN_CPU_ARM_SHA2
#define SHA512 RIJN_CPU_ARM_SHA512
#define SHA3   RIJN_CPU_ARM_SHA3

#if defined(__x86_64__) || defined(__i386__)
#define B(n) (1u << (n))
typedef struct {
    const char *what;
    uint32_t c1, b7, c7;
    uint64_t xcr0;
    uint32_t want;
} cpuid_case;

/* leaf 1 ECX: PCLMUL 1, SSSE3 9, SSE4.1 19, AES 25, OSXSAVE 27, AVX 28;
 * leaf 7 EBX: BMI1 3, AVX2 5, BMI2 8, AVX-512F 16, ADX 19, IFMA 21, SHA 29,
 * BW 30, VL 31; ECX: VAES 9, VPCLMUL 10. XCR0: SSE 1, AVX 2, opmask 5,
 * ZMM_Hi256 6, Hi16_ZMM 7. */
#define C1_ALL (B(1) | B(9) | B(19) | B(25) | B(27) | B(28))
#define B7_ALL (B(3) | B(5) | B(8) | B(16) | B(19) | B(21) | B(29) | B(30) | B(31))
#define C7_ALL (B(9) | B(10))
#define X_AESNI RIJN_CPU_AESNI
#define X_BASE (RIJN_CPU_AESNI | RIJN_CPU_PCLMUL | RIJN_CPU_SSSE3 | RIJN_CPU_SSE41)
#define X_ALL                                                                                  \
    (X_BASE | RIJN_CPU_AVX | RIJN_CPU_AVX2 | RIJN_CPU_VAES | RIJN_CPU_VPCLMUL |               \
     RIJN_CPU_AVX512 | RIJN_CPU_SHANI | RIJN_CPU_BMI1 | RIJN_CPU_BMI2 | RIJN_CPU_ADX |        \
     RIJN_CPU_AVX512IFMA)

static void x86_decode(void)
{
    static const cpuid_case cases[] = {
        {"no CPUID bits", 0, 0, 0, 0, 0},
        {"Westmere (AES-NI, no AVX)", B(1) | B(9) | B(19) | B(25), 0, 0, 0, X_BASE},
        {"Sandy Bridge (AVX, no leaf-7 features)", C1_ALL, 0, 0, 7, X_BASE | RIJN_CPU_AVX},
        {"Haswell (AVX2, BMI1, BMI2)", C1_ALL, B(3) | B(5) | B(8), 0, 7,
         X_BASE | RIJN_CPU_AVX | RIJN_CPU_AVX2 | RIJN_CPU_BMI1 | RIJN_CPU_BMI2},
        {"Ice Lake server (everything)", C1_ALL, B7_ALL, C7_ALL, 0xE7, X_ALL},
        {"everything, OS saves no YMM (XCR0 = 3)", C1_ALL, B7_ALL, C7_ALL, 3,
         X_BASE | RIJN_CPU_SHANI | RIJN_CPU_BMI1 | RIJN_CPU_BMI2 | RIJN_CPU_ADX},
        {"everything, OS saves YMM not ZMM (XCR0 = 7)", C1_ALL, B7_ALL, C7_ALL, 7,
         X_ALL & ~(uint32_t)(RIJN_CPU_AVX512 | RIJN_CPU_AVX512IFMA)},
        {"everything, XCR0 without opmask (0xC7)", C1_ALL, B7_ALL, C7_ALL, 0xC7,
         X_ALL & ~(uint32_t)(RIJN_CPU_AVX512 | RIJN_CPU_AVX512IFMA)},
        {"AVX bits, XMM state only (XCR0 = 2)", C1_ALL, B7_ALL, C7_ALL, 2,
         X_BASE | RIJN_CPU_SHANI | RIJN_CPU_BMI1 | RIJN_CPU_BMI2 | RIJN_CPU_ADX},
    };
    /* each CPUID bit cleared from "everything": the features lost */
    static const struct {
        int reg; /* 0 c1, 1 b7, 2 c7 */
        unsigned bit;
        uint32_t lost;
    } drops[] = {
        {0, 1, RIJN_CPU_PCLMUL},
        {0, 9, RIJN_CPU_SSSE3},
        {0, 19, RIJN_CPU_SSE41},
        {0, 25, RIJN_CPU_AESNI},
        {0, 27, X_ALL & ~(uint32_t)(X_BASE | RIJN_CPU_SHANI | RIJN_CPU_BMI1 | RIJN_CPU_BMI2 | RIJN_CPU_ADX)},
        {0, 28, X_ALL & ~(uint32_t)(X_BASE | RIJN_CPU_SHANI | RIJN_CPU_BMI1 | RIJN_CPU_BMI2 | RIJN_CPU_ADX)},
        {1, 3, RIJN_CPU_BMI1},
        {1, 5, RIJN_CPU_AVX2},
        {1, 8, RIJN_CPU_BMI2},
        {1, 16, RIJN_CPU_AVX512 | RIJN_CPU_AVX512IFMA},
        {1, 19, RIJN_CPU_ADX},
        {1, 21, RIJN_CPU_AVX512IFMA},
        {1, 29, RIJN_CPU_SHANI},
        {1, 30, RIJN_CPU_AVX512 | RIJN_CPU_AVX512IFMA},
        {1, 31, RIJN_CPU_AVX512 | RIJN_CPU_AVX512IFMA},
        {2, 9, RIJN_CPU_VAES},
        {2, 10, RIJN_CPU_VPCLMUL},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint32_t got = rijn_i_cpu_x86_decode(cases[i].c1, cases[i].b7, cases[i].c7, cases[i].xcr0);
        TU_CHECK(got == cases[i].want, "%s: features %08x, want %08x", cases[i].what,
                 (unsigned)got, (unsigned)cases[i].want);
    }
    for (i = 0; i < sizeof drops / sizeof drops[0]; i++) {
        uint32_t c1 = C1_ALL, b7 = B7_ALL, c7 = C7_ALL, got, want = X_ALL & ~drops[i].lost;
        if (drops[i].reg == 0)
            c1 &= ~B(drops[i].bit);
        else if (drops[i].reg == 1)
            b7 &= ~B(drops[i].bit);
        else
            c7 &= ~B(drops[i].bit);
        got = rijn_i_cpu_x86_decode(c1, b7, c7, 0xE7);
        TU_CHECK(got == want, "CPUID register %d bit %u cleared: features %08x, want %08x",
                 drops[i].reg, drops[i].bit, (unsigned)got, (unsigned)want);
    }
}
#endif

/* RIJN_CPU_MASK as rijn_i_cpu_features reads it at its (re)probe. */
static uint32_t probe_with_mask(const char *mask)
{
    if (mask == NULL)
        unsetenv("RIJN_CPU_MASK");
    else
        setenv("RIJN_CPU_MASK", mask, 1);
    rijn_i_cpu_cached = 0; /* probe again */
    return rijn_i_cpu_features();
}

static void cpu_mask(void)
{
    const char *saved = getenv("RIJN_CPU_MASK");
    char keep[64] = "";
    uint32_t all, got;
    if (saved != NULL)
        snprintf(keep, sizeof keep, "%s", saved);
    all = probe_with_mask(NULL);
    got = probe_with_mask("");
    TU_CHECK(got == all, "RIJN_CPU_MASK empty: %08x, want the probe's %08x", (unsigned)got,
             (unsigned)all);
    got = probe_with_mask("0");
    TU_CHECK(got == 0, "RIJN_CPU_MASK=0: %08x", (unsigned)got);
    got = probe_with_mask("ffff");
    TU_CHECK(got == (all & 0xffffu), "RIJN_CPU_MASK=ffff: %08x, want %08x", (unsigned)got,
             (unsigned)(all & 0xffffu));
    TU_CHECK((rijn_i_cpu_cached & 0x80000000u) != 0, "cache not marked probed");
    /* a registry entry (core/registry.h) asked for by name whose CPU
     * features are hidden: refused; "auto" and the portable entry run */
    {
        static const uint8_t nine[32] = {9};
        uint8_t sk[32], a[32], b[32];
        memset(sk, 0x35, sizeof sk);
        probe_with_mask("0");
        TU_CHECK(rijn_i_x25519_with("fe64x", a, sk, nine) == RIJN_ERR_UNSUPPORTED,
                 "X25519 fe64x (BMI2 + ADX) with every feature hidden");
        TU_CHECK(rijn_i_x25519_with("auto", a, sk, nine) == RIJN_OK &&
                     rijn_i_x25519_with("fe32", b, sk, nine) == RIJN_OK && memcmp(a, b, 32) == 0,
                 "X25519 auto and fe32 with every feature hidden");
        TU_CHECK(rijn_i_x25519_with("none", a, sk, nine) == RIJN_ERR_UNSUPPORTED,
                 "an entry name that does not exist");
    }
    probe_with_mask(saved != NULL ? keep : NULL);
}

int main(void)
{
    static const entry m1[] = {{"hw.optional.AdvSIMD", 1},        {"hw.optional.neon", 1},
                               {"hw.optional.arm.FEAT_AES", 1},   {"hw.optional.arm.FEAT_PMULL", 1},
                               {"hw.optional.arm.FEAT_SHA1", 1},  {"hw.optional.arm.FEAT_SHA256", 1},
                               {"hw.optional.arm.FEAT_SHA512", 1}, {"hw.optional.arm.FEAT_SHA3", 1},
                               {NULL, 0}};
    static const entry no_sha512[] = {{"hw.optional.AdvSIMD", 1},
                                      {"hw.optional.arm.FEAT_AES", 1},
                                      {"hw.optional.arm.FEAT_PMULL", 1},
                                      {"hw.optional.arm.FEAT_SHA256", 1},
                                      {"hw.optional.arm.FEAT_SHA512", 0},
                                      {"hw.optional.arm.FEAT_SHA3", 0},
                                      {NULL, 0}};
    static const entry zeros[] = {{"hw.optional.AdvSIMD", 0},       {"hw.optional.arm.FEAT_AES", 0},
                                  {"hw.optional.arm.FEAT_PMULL", 0}, {"hw.optional.arm.FEAT_SHA256", 0},
                                  {"hw.optional.arm.FEAT_SHA512", 0}, {"hw.optional.arm.FEAT_SHA3", 0},
                                  {NULL, 0}};
    static const entry old_macos[] = {{"hw.optional.neon", 1}, {"hw.optional.AdvSIMD", 1},
                                      {NULL, 0}};
    static const entry aes_only[] = {{"hw.optional.arm.FEAT_AES", 1}, {NULL, 0}};
    static const entry empty[] = {{NULL, 0}};
    static const entry pmull_sha3[] = {{"hw.optional.AdvSIMD", 1},
                                       {"hw.optional.arm.FEAT_AES", 0},
                                       {"hw.optional.arm.FEAT_PMULL", 1},
                                       {"hw.optional.arm.FEAT_SHA3", 1},
                                       {NULL, 0}};
    check("M1, macOS 13", m1, NEON | AES | PMULL | SHA2 | SHA512 | SHA3);
    TU_CHECK(nquery >= 6, "only %lu sysctl queries for six names", nquery);
    check("no SHA512/SHA3", no_sha512, NEON | AES | PMULL | SHA2);
    check("every name 0", zeros, 0);
    /* before macOS 12: no FEAT_* name; every arm64 Apple core has these */
    check("macOS 11 (no FEAT_ names)", old_macos, NEON | AES | PMULL | SHA2);
    check("no names at all", empty, NEON | AES | PMULL | SHA2);
    check("FEAT_AES alone", aes_only, AES);
    check("PMULL and SHA3, AES 0", pmull_sha3, NEON | PMULL | SHA3);
#if defined(__x86_64__) || defined(__i386__)
    x86_decode();
#endif
    cpu_mask();
    return tu_finish();
}
