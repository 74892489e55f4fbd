/*
 * chacha20_neon.c -- ChaCha20, four blocks in parallel on AArch64 NEON
 * (Advanced SIMD), registry entry "neon".
 *
 * Implementation notes
 *   Layout: "vertical", as chacha20_x86.c -- register x[i] holds word i of
 *   four consecutive blocks (one 32-bit lane per block); the counter
 *   register starts at st[12] + (0, 1, 2, 3) and advances by 4 per group.
 *   Rotations: by 16 with REV32 on 16-bit lanes, by 8 with one TBL (byte
 *   permutation), by 12 and 7 with SHL + SRI. After the 20 rounds and the
 *   feed-forward, each group of four registers (words 4g..4g+3) is
 *   transposed with TRN1/TRN2 on 32- then 64-bit lanes into 16 bytes of
 *   each of the four blocks, XORed with the input.
 *   Interface (stream_i.h, as the avx2 entry): nblocks a multiple of
 *   4, st not modified, only the 32-bit counter word advances (chacha20.c
 *   does not call this when the original cipher's low word would wrap);
 *   the rest (fewer than 4 blocks, partial blocks) is chacha20.c's loop.
 *   NEON is baseline on AArch64: no target attribute; the entry needs
 *   RIJN_CPU_ARM_NEON (HWCAP_ASIMD, core/cpu.c) so that RIJN_CPU_MASK can
 *   hide it (the cortex-a53 stage of scripts/test-aarch64.sh then runs the
 *   portable code). Built on little-endian AArch64 with GCC/Clang only
 *   (RIJN_I_CHACHA_NEON); elsewhere this file compiles to nothing.
 *   Constant time: additions, XORs, shifts and fixed permutations only.
 *   Vectors: tests/core/test_impls.c runs every registry entry against the
 *   portable one; the ChaCha20 and ChaCha20-Poly1305 tests (RFC 8439,
 *   Wycheproof, OpenSSL differential) under qemu-aarch64 (-cpu max and
 *   cortex-a53, scripts/test-aarch64.sh).
 */
#include "internal.h"
#include "stream_i.h"

#if RIJN_I_CHACHA_NEON
#include <arm_neon.h>

#define N_ROT16(x) vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x)))
#define N_ROT8(x) vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(x), rot8))
#define N_ROTL(x, n) vsriq_n_u32(vshlq_n_u32((x), (n)), (x), 32 - (n))
#define N_QR(a, b, c, d)                                                                \
    a = vaddq_u32(a, b); d = veorq_u32(d, a); d = N_ROT16(d);                           \
    c = vaddq_u32(c, d); b = veorq_u32(b, c); b = N_ROTL(b, 12);                        \
    a = vaddq_u32(a, b); d = veorq_u32(d, a); d = N_ROT8(d);                            \
    c = vaddq_u32(c, d); b = veorq_u32(b, c); b = N_ROTL(b, 7)

static void blocks_neon(const uint32_t st[16], uint8_t *out, const uint8_t *in,
                        size_t nblocks)
{
    static const uint8_t rot8_tab[16] = {3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};
    static const uint32_t lanes[4] = {0, 1, 2, 3};
    const uint8x16_t rot8 = vld1q_u8(rot8_tab);
    uint32x4_t ctr = vaddq_u32(vdupq_n_u32(st[12]), vld1q_u32(lanes));
    const uint32x4_t four = vdupq_n_u32(4);
    for (; nblocks >= 4; nblocks -= 4, in += 256, out += 256) {
        uint32x4_t x[16];
        int i, g;
        for (i = 0; i < 16; i++)
            x[i] = vdupq_n_u32(st[i]);
        x[12] = ctr;
        for (i = 0; i < 10; i++) {
            N_QR(x[0], x[4], x[8], x[12]);
            N_QR(x[1], x[5], x[9], x[13]);
            N_QR(x[2], x[6], x[10], x[14]);
            N_QR(x[3], x[7], x[11], x[15]);
            N_QR(x[0], x[5], x[10], x[15]);
            N_QR(x[1], x[6], x[11], x[12]);
            N_QR(x[2], x[7], x[8], x[13]);
            N_QR(x[3], x[4], x[9], x[14]);
        }
        for (i = 0; i < 16; i++)
            x[i] = vaddq_u32(x[i], i == 12 ? ctr : vdupq_n_u32(st[i]));
        /* words 4g..4g+3 of the four blocks: a 4x4 transpose */
        for (g = 0; g < 4; g++) {
            uint32x4_t t0 = vtrn1q_u32(x[4 * g], x[4 * g + 1]);
            uint32x4_t t1 = vtrn2q_u32(x[4 * g], x[4 * g + 1]);
            uint32x4_t t2 = vtrn1q_u32(x[4 * g + 2], x[4 * g + 3]);
            uint32x4_t t3 = vtrn2q_u32(x[4 * g + 2], x[4 * g + 3]);
            uint64x2_t u0 = vreinterpretq_u64_u32(t0), u1 = vreinterpretq_u64_u32(t1);
            uint64x2_t u2 = vreinterpretq_u64_u32(t2), u3 = vreinterpretq_u64_u32(t3);
            uint8x16_t o[4];
            int b;
            o[0] = vreinterpretq_u8_u64(vtrn1q_u64(u0, u2)); /* block 0 */
            o[1] = vreinterpretq_u8_u64(vtrn1q_u64(u1, u3)); /* block 1 */
            o[2] = vreinterpretq_u8_u64(vtrn2q_u64(u0, u2)); /* block 2 */
            o[3] = vreinterpretq_u8_u64(vtrn2q_u64(u1, u3)); /* block 3 */
            for (b = 0; b < 4; b++) {
                size_t off = (size_t)64 * (size_t)b + (size_t)16 * (size_t)g;
                vst1q_u8(out + off, veorq_u8(vld1q_u8(in + off), o[b]));
            }
        }
        ctr = vaddq_u32(ctr, four);
    }
}

const rijn_i_chacha_impl rijn_i_chacha_neon = {
    {"neon", RIJN_CPU_ARM_NEON, NULL}, 2, blocks_neon};

#else
typedef int rijn_i_chacha20_neon_unused; /* ISO C: no empty translation unit */
#endif
