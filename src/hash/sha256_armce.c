/*
 * sha256_armce.c -- SHA-256 compression with the ARMv8 SHA2 instructions
 * (SHA256H, SHA256H2, SHA256SU0, SHA256SU1) on AArch64.
 *
 * Implementation notes
 *   State in two registers, ABCD and EFGH (h[0..3], h[4..7] as loaded:
 *   the instructions take the words in that order). Four rounds per
 *   SHA256H/SHA256H2 pair on W+K of one 4-word group; the schedule is
 *   extended four words at a time with SHA256SU0/SU1 while the rounds run.
 *   Message words are big-endian: byte-reversed per 32-bit lane (REV32).
 *   Built with a per-function target attribute (+crypto), so the library
 *   keeps baseline flags; sha256.c calls it when the CPU probe reports
 *   SHA2 (HWCAP_SHA2). Little-endian AArch64 only.
 *   Constant time: the instructions take data-independent time; no table
 *   indexed by data, no data-dependent branch.
 *   Vectors: the CAVP SHA-256 files and the differential test against
 *   OpenSSL (tests/hash/test_sha2_*.c), with the extension and with
 *   RIJN_CPU_MASK=0, under qemu-aarch64 (scripts/test-aarch64.sh).
 */
#include "hash_i.h"

#if RIJN_I_SHA256_ARMCE

#include <arm_neon.h>

#if defined(__clang__)
#define TGT __attribute__((target("sha2")))
#if !defined(__ARM_FEATURE_SHA2)
/* Clang before 16 declares these intrinsics only for a +sha2 unit. */
#define vsha256hq_u32(a, b, w)                                                               \
    ((uint32x4_t)__builtin_neon_vsha256hq_v((int8x16_t)(a), (int8x16_t)(b), (int8x16_t)(w), \
                                            50))
#define vsha256h2q_u32(a, b, w)                                                               \
    ((uint32x4_t)__builtin_neon_vsha256h2q_v((int8x16_t)(a), (int8x16_t)(b), (int8x16_t)(w), \
                                             50))
#define vsha256su0q_u32(a, b) \
    ((uint32x4_t)__builtin_neon_vsha256su0q_v((int8x16_t)(a), (int8x16_t)(b), 50))
#define vsha256su1q_u32(a, b, c)                                                               \
    ((uint32x4_t)__builtin_neon_vsha256su1q_v((int8x16_t)(a), (int8x16_t)(b), (int8x16_t)(c), \
                                              50))
#endif
#else
#define TGT __attribute__((target("+crypto")))
#endif

/* Four rounds on the group m (words 4g..4g+3 of the schedule). */
#define ROUNDS4(m, g)                                                        \
    do {                                                                     \
        uint32x4_t wk_ = vaddq_u32((m), vld1q_u32(rijn_i_sha256_k + 4 * (g))); \
        uint32x4_t t_ = abcd;                                                \
        abcd = vsha256hq_u32(abcd, efgh, wk_);                               \
        efgh = vsha256h2q_u32(efgh, t_, wk_);                                \
    } while (0)

/* Next schedule group from the last four: m0 = SU1(SU0(m0, m1), m2, m3). */
#define SCHED(m0, m1, m2, m3) m0 = vsha256su1q_u32(vsha256su0q_u32(m0, m1), m2, m3)

TGT void rijn_i_sha256_compress_armce(uint32_t h[8], const uint8_t *blocks, size_t nblocks)
{
    uint32x4_t abcd = vld1q_u32(h), efgh = vld1q_u32(h + 4);
    for (; nblocks > 0; nblocks--, blocks += 64) {
        uint32x4_t a0 = abcd, e0 = efgh;
        uint32x4_t m0 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(blocks)));
        uint32x4_t m1 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(blocks + 16)));
        uint32x4_t m2 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(blocks + 32)));
        uint32x4_t m3 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(blocks + 48)));
        unsigned g;
        for (g = 0; g < 12; g += 4) {
            ROUNDS4(m0, g);
            SCHED(m0, m1, m2, m3);
            ROUNDS4(m1, g + 1);
            SCHED(m1, m2, m3, m0);
            ROUNDS4(m2, g + 2);
            SCHED(m2, m3, m0, m1);
            ROUNDS4(m3, g + 3);
            SCHED(m3, m0, m1, m2);
        }
        ROUNDS4(m0, 12);
        ROUNDS4(m1, 13);
        ROUNDS4(m2, 14);
        ROUNDS4(m3, 15);
        abcd = vaddq_u32(abcd, a0);
        efgh = vaddq_u32(efgh, e0);
    }
    vst1q_u32(h, abcd);
    vst1q_u32(h + 4, efgh);
}

#endif
