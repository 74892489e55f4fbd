/*
 * sha512_armce.c -- SHA-512 compression with the ARMv8.2 SHA512
 * instructions (SHA512H, SHA512H2, SHA512SU0, SHA512SU1) on AArch64.
 *
 * Implementation notes
 *   State in four registers of two words: ab, cd, ef, gh (h[0..7] as
 *   loaded). Two rounds per SHA512H/SHA512H2 pair ("dround" below): the
 *   five registers v[0..4] hold the state words in rotating roles (the
 *   role tuple cycles with period five, so after 40 drounds -- 80 rounds
 *   -- every register is back in its place); the message schedule is
 *   extended two words at a time with SHA512SU0/SU1 (8 registers of two
 *   words, the first 32 drounds). The indices are literals after
 *   unrolling, so v[] and m[] live in registers.
 *   Message words are big-endian: byte-reversed per 64-bit lane (REV64).
 *   Built with GCC's per-function target attribute (armv8.2-a+sha3: the
 *   SHA512 instructions) only: Clang builds keep the portable code.
 *   sha512.c registers it as "armv8-sha512", chosen when the CPU probe
 *   reports SHA512 (HWCAP_SHA512; QEMU's -cpu max has it, cortex-a53 not).
 *   Constant time: the instructions take data-independent time; no table
 *   indexed by data, no data-dependent branch.
 *   Vectors: the CAVP SHA-384/512 files, the differential test against
 *   OpenSSL and tests/core/test_impls.c (every registry entry), under
 *   qemu-aarch64 -cpu max and (masked, portable) cortex-a53.
 */
#include "hash_i.h"

#if RIJN_I_SHA512_ARMCE

#include <arm_neon.h>

#define TGT __attribute__((target("arch=armv8.2-a+sha3")))

/* Two rounds. i0..i4: the roles of v[] (see the notes); k: the pair of
 * round constants; in0..in4: schedule registers (m[in0] is this pair's
 * message words, and is extended for 8 pairs later when sched). */
#define DROUND(i0, i1, i2, i3, i4, k, in0, in1, in2, in3, in4, sched)                \
    do {                                                                         \
        uint64x2_t t5_ = vaddq_u64(vld1q_u64(rijn_i_sha512_k + 2 * (k)), m[in0]); \
        uint64x2_t t6_ = vextq_u64(v[i2], v[i3], 1);                             \
        uint64x2_t t7_ = vextq_u64(v[i1], v[i2], 1), t8_;                        \
        t5_ = vextq_u64(t5_, t5_, 1);                                            \
        v[i3] = vaddq_u64(v[i3], t5_);                                           \
        if (sched) {                                                             \
            t8_ = vextq_u64(m[in3], m[in4], 1);                                  \
            m[in0] = vsha512su0q_u64(m[in0], m[in1]);                            \
        }                                                                        \
        v[i3] = vsha512hq_u64(v[i3], t6_, t7_);                                  \
        if (sched)                                                               \
            m[in0] = vsha512su1q_u64(m[in0], m[in2], t8_);                       \
        v[i4] = vaddq_u64(v[i1], v[i3]);                                         \
        v[i3] = vsha512h2q_u64(v[i3], v[i1], v[i0]);                             \
    } while (0)

/* dround j: roles by j mod 5, schedule registers by j mod 8. */
#define DR(j, a, b, c, d, e)                                                             \
    DROUND(a, b, c, d, e, j, (j) % 8, ((j) + 1) % 8, ((j) + 7) % 8, ((j) + 4) % 8,       \
           ((j) + 5) % 8, (j) < 32)
#define DR5(j)                 \
    DR((j), 0, 1, 2, 3, 4);     \
    DR((j) + 1, 3, 0, 4, 2, 1); \
    DR((j) + 2, 2, 3, 1, 4, 0); \
    DR((j) + 3, 4, 2, 0, 1, 3); \
    DR((j) + 4, 1, 4, 3, 0, 2)

TGT void rijn_i_sha512_compress_armce(uint64_t h[8], const uint8_t *blocks, size_t nblocks)
{
    uint64x2_t s0 = vld1q_u64(h), s1 = vld1q_u64(h + 2), s2 = vld1q_u64(h + 4),
               s3 = vld1q_u64(h + 6);
    for (; nblocks > 0; nblocks--, blocks += 128) {
        uint64x2_t v[5], m[8];
        unsigned i;
        for (i = 0; i < 8; i++)
            m[i] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(blocks + 16 * i)));
        v[0] = s0;
        v[1] = s1;
        v[2] = s2;
        v[3] = s3;
        v[4] = vdupq_n_u64(0);
        DR5(0);
        DR5(5);
        DR5(10);
        DR5(15);
        DR5(20);
        DR5(25);
        DR5(30);
        DR5(35);
        s0 = vaddq_u64(s0, v[0]);
        s1 = vaddq_u64(s1, v[1]);
        s2 = vaddq_u64(s2, v[2]);
        s3 = vaddq_u64(s3, v[3]);
    }
    vst1q_u64(h, s0);
    vst1q_u64(h + 2, s1);
    vst1q_u64(h + 4, s2);
    vst1q_u64(h + 6, s3);
}

#endif
