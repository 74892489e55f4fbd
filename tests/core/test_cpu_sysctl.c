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
 */
#include <string.h>

#include "core/cpu.h"
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
    return tu_finish();
}
