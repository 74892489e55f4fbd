/*
 * test_sha2_util.h -- what the SHA-2 vector tests share: each CPU level
 * once more in a child process (tu_rerun_masked), where the CPU has
 * something to hide: the avx2 entries (SHA-NI and AVX-512 hidden), the
 * ssse3 entries (AVX2 hidden too), the portable code (everything hidden).
 */
#ifndef TEST_SHA2_UTIL_H
#define TEST_SHA2_UTIL_H

#include "core/cpu.h"
#include "testutil.h"

static void ts_rerun_levels(char **argv)
{
    tu_rerun_masked(argv, ~(uint32_t)(RIJN_CPU_SHANI | RIJN_CPU_AVX512),
                    "no SHA-NI, no AVX-512: the avx2 SHA-256 / SHA-512", "RIJN_SHA2_CHILD");
    tu_rerun_masked(argv, ~(uint32_t)(RIJN_CPU_SHANI | RIJN_CPU_AVX512 | RIJN_CPU_AVX2),
                    "SSSE3 level: the ssse3 SHA-256 / SHA-512", "RIJN_SHA2_CHILD");
    tu_rerun_masked(argv, 0, "no extensions: the portable SHA-256 / SHA-512", "RIJN_SHA2_CHILD");
}

#endif
