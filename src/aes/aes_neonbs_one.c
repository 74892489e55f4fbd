/*
 * aes_neonbs_one.c -- the "neonbs" class's path for one block at a time:
 * the whole S-box in sixteen NEON registers, looked up with TBL/TBX.
 *
 * Implementation notes
 *   Why: a bitsliced pass costs the same for one block as for eight
 *   (about 2,400 instructions), and CBC and CFB encryption, OFB, the
 *   CBC-MAC chains of CMAC/CCM/EAX, XTS's tweak and every 16-byte call
 *   encrypt one block per pass. Here a block is one 128-bit register:
 *   SubBytes is one four-register TBL and three TBX over the 256-byte
 *   table (indices minus 64 each time; an index out of a lookup's range
 *   leaves that byte alone), ShiftRows one TBL, MixColumns the formula of
 *   aes_neonbs.c on bytes (a TBL, a REV32.16, xtime as shift, compare-
 *   mask, AND and XOR); InvMixColumns = MixColumns o P as there.
 *   Schedule: the class's own (aes_neonbs.c): FIPS 197 round keys with
 *   0x63 in round keys 1..N, so the table is S(x) ^ 0x63 (MixColumns maps
 *   a column of equal bytes to itself, so the constant passes through)
 *   and the inverse table InvS(x ^ 0x63).
 *   Passes of up to RIJN_I_NBS_ONE_MAX blocks take this path (aes_neonbs_i.h
 *   says why not more), and every serial chain: CBC/CFB encryption and OFB
 *   (the modes' one-block calls), the CBC-MAC entry (aes_neonbs_mac.c),
 *   XTS's tweak and stealing block (aes_neonbs_xts.c); and SubWord of the
 *   key schedule (rijn_i_nbs_subword; AES-128 key setup 4,637 -> 1,167
 *   instructions, AES-256 6,004 -> 1,493; a fresh AES-128 key and CBC of
 *   48 bytes 5,662 -> 2,192, qemu-aarch64 counts of a probe program).
 *   Counts (scripts/bench-arm.sh, qemu-aarch64 instructions per byte,
 *   RIJN_CPU_MASK=0, AES-128; eight-lane pass -> this path; OpenSSL 3.0's
 *   vpaes in the same run): CBC encrypt 16 KiB ~146 (a pass per block,
 *   ~2,330 instructions) -> 18.7 (vpaes 20.5),
 *   16 B 28.2 (107); CTR 16 B 155 -> 26.4 (118); CBC decrypt 16 B 164 ->
 *   29.4 (111); XTS encrypt 16 B 308 -> 50.9 (116). A block is about 250
 *   instructions: 23 a round (4 table lookups, 3 index adds, 2 TBL for
 *   ShiftRows and the row rotation, REV32, xtime's 4, 5 XOR, the key load)
 *   and the 16 table registers loaded once per call.
 *   Constant time: the lookups are TBL/TBX, register-to-register
 *   permutations: no memory access depends on data (the table is loaded
 *   whole from a fixed address, the round keys from rk + 16 i), and no
 *   branch does (the loop runs `rounds` times). The rest rests on a
 *   platform fact: TBL/TBX take the same time whatever the index values
 *   (Arm's optimisation guides for the Cortex-A53/A55/A72/A76 give one
 *   latency and throughput per form, by the number of table registers,
 *   fixed here). A core where that did not hold would leak through timing.
 *   Checked by the AArch64 trace test (mcu/trace/trace.py --targets a64,
 *   run by scripts/test-aarch64.sh at -O3, -Os and -O0): under
 *   qemu-aarch64 with the TCG plugin, every key size and operation of the
 *   class (key setup, ECB 1 and 3 blocks, CBC, CTR, CMAC, CCM, XTS, GCM;
 *   24 random inputs each) runs one sequence of instruction addresses and
 *   one of memory addresses, and no UDIV/SDIV; this path's groups (ECB of
 *   one block, 337 instructions at -O3; CBC encryption; the CBC-MAC of
 *   CMAC and CCM; XTS's tweak and stolen block; SubWord in every key
 *   setup) among them. It checks sequences, not TBL/TBX timing, which
 *   stays the platform fact above.
 *   Vectors: every AES test that runs the neonbs class (FIPS 197, CAVP
 *   KAT and Monte Carlo, the OpenSSL differential tests, the fused-mode
 *   tests) under qemu-aarch64 (scripts/test-aarch64.sh).
 */
#include "aes/aes_neonbs_i.h"
#include "internal.h"

#if RIJN_CFG_AES_NEONBS

#define ONE_INLINE static inline __attribute__((always_inline))

/* S(x) ^ 0x63: FIPS 197's S-box without its constant (in the round keys) */
static const uint8_t fwd[256] __attribute__((aligned(16))) = {
    0x00, 0x1f, 0x14, 0x18, 0x91, 0x08, 0x0c, 0xa6, 0x53, 0x62, 0x04, 0x48, 0x9d, 0xb4, 0xc8, 0x15,
    0xa9, 0xe1, 0xaa, 0x1e, 0x99, 0x3a, 0x24, 0x93, 0xce, 0xb7, 0xc1, 0xcc, 0xff, 0xc7, 0x11, 0xa3,
    0xd4, 0x9e, 0xf0, 0x45, 0x55, 0x5c, 0x94, 0xaf, 0x57, 0xc6, 0x86, 0x92, 0x12, 0xbb, 0x52, 0x76,
    0x67, 0xa4, 0x40, 0xa0, 0x7b, 0xf5, 0x66, 0xf9, 0x64, 0x71, 0xe3, 0x81, 0x88, 0x44, 0xd1, 0x16,
    0x6a, 0xe0, 0x4f, 0x79, 0x78, 0x0d, 0x39, 0xc3, 0x31, 0x58, 0xb5, 0xd0, 0x4a, 0x80, 0x4c, 0xe7,
    0x30, 0xb2, 0x63, 0x8e, 0x43, 0x9f, 0xd2, 0x38, 0x09, 0xa8, 0xdd, 0x5a, 0x29, 0x2f, 0x3b, 0xac,
    0xb3, 0x8c, 0xc9, 0x98, 0x20, 0x2e, 0x50, 0xe6, 0x26, 0x9a, 0x61, 0x1c, 0x33, 0x5f, 0xfc, 0xcb,
    0x32, 0xc0, 0x23, 0xec, 0xf1, 0xfe, 0x5b, 0x96, 0xdf, 0xd5, 0xb9, 0x42, 0x73, 0x9c, 0x90, 0xb1,
    0xae, 0x6f, 0x70, 0x8f, 0x3c, 0xf4, 0x27, 0x74, 0xa7, 0xc4, 0x1d, 0x5e, 0x07, 0x3e, 0x7a, 0x10,
    0x03, 0xe2, 0x2c, 0xbf, 0x41, 0x49, 0xf3, 0xeb, 0x25, 0x8d, 0xdb, 0x77, 0xbd, 0x3d, 0x68, 0xb8,
    0x83, 0x51, 0x59, 0x69, 0x2a, 0x65, 0x47, 0x3f, 0xa1, 0xb0, 0xcf, 0x01, 0xf2, 0xf6, 0x87, 0x1a,
    0x84, 0xab, 0x54, 0x0e, 0xee, 0xb6, 0x2d, 0xca, 0x0f, 0x35, 0x97, 0x89, 0x06, 0x19, 0xcd, 0x6b,
    0xd9, 0x1b, 0x46, 0x4d, 0x7f, 0xc5, 0xd7, 0xa5, 0x8b, 0xbe, 0x17, 0x7c, 0x28, 0xde, 0xe8, 0xe9,
    0x13, 0x5d, 0xd6, 0x05, 0x2b, 0x60, 0x95, 0x6d, 0x02, 0x56, 0x34, 0xda, 0xe5, 0xa2, 0x7e, 0xfd,
    0x82, 0x9b, 0xfb, 0x72, 0x0a, 0xba, 0xed, 0xf7, 0xf8, 0x7d, 0xe4, 0x8a, 0xad, 0x36, 0x4b, 0xbc,
    0xef, 0xc2, 0xea, 0x6e, 0xdc, 0x85, 0x21, 0x0b, 0x22, 0xfa, 0x4e, 0x6c, 0xd3, 0x37, 0xd8, 0x75,
};
#if RIJN_CFG_AES_DECRYPT
/* InvS(x ^ 0x63): the inverse S-box of a state that carries 0x63 */
static const uint8_t inv[256] __attribute__((aligned(16))) = {
    0x00, 0xab, 0xd8, 0x90, 0x0a, 0xd3, 0xbc, 0x8c, 0x05, 0x58, 0xe4, 0xf7, 0x06, 0x45, 0xb3, 0xb8,
    0x8f, 0x1e, 0x2c, 0xd0, 0x02, 0x0f, 0x3f, 0xca, 0x03, 0xbd, 0xaf, 0xc1, 0x6b, 0x8a, 0x13, 0x01,
    0x64, 0xf6, 0xf8, 0x72, 0x16, 0x98, 0x68, 0x86, 0xcc, 0x5c, 0xa4, 0xd4, 0x92, 0xb6, 0x65, 0x5d,
    0x50, 0x48, 0x70, 0x6c, 0xda, 0xb9, 0xed, 0xfd, 0x57, 0x46, 0x15, 0x5e, 0x84, 0x9d, 0x8d, 0xa7,
    0x32, 0x94, 0x7b, 0x54, 0x3d, 0x23, 0xc2, 0xa6, 0x0b, 0x95, 0x4c, 0xee, 0x4e, 0xc3, 0xfa, 0x42,
    0x66, 0xa1, 0x2e, 0x08, 0xb2, 0x24, 0xd9, 0x28, 0x49, 0xa2, 0x5b, 0x76, 0x25, 0xd1, 0x8b, 0x6d,
    0xd5, 0x6a, 0x09, 0x52, 0x38, 0xa5, 0x36, 0x30, 0x9e, 0xa3, 0x40, 0xbf, 0xfb, 0xd7, 0xf3, 0x81,
    0x82, 0x39, 0xe3, 0x7c, 0x87, 0xff, 0x2f, 0x9b, 0x44, 0x43, 0x8e, 0x34, 0xcb, 0xe9, 0xde, 0xc4,
    0x4d, 0x3b, 0xe0, 0xa0, 0xb0, 0xf5, 0x2a, 0xae, 0x3c, 0xbb, 0xeb, 0xc8, 0x61, 0x99, 0x53, 0x83,
    0x7e, 0x04, 0x2b, 0x17, 0x26, 0xd6, 0x77, 0xba, 0x63, 0x14, 0x69, 0xe1, 0x7d, 0x0c, 0x21, 0x55,
    0x33, 0xa8, 0xdd, 0x1f, 0x31, 0xc7, 0x07, 0x88, 0x59, 0x10, 0x12, 0xb1, 0x5f, 0xec, 0x80, 0x27,
    0xa9, 0x7f, 0x51, 0x60, 0x0d, 0x4a, 0xb5, 0x19, 0x9f, 0x7a, 0xe5, 0x2d, 0xef, 0x9c, 0xc9, 0x93,
    0x71, 0x1a, 0xf1, 0x47, 0x89, 0xc5, 0x29, 0x1d, 0x0e, 0x62, 0xb7, 0x6f, 0x1b, 0xbe, 0x18, 0xaa,
    0x4b, 0x3e, 0x56, 0xfc, 0x20, 0x79, 0xd2, 0xc6, 0xfe, 0xc0, 0xdb, 0x9a, 0xf4, 0x5a, 0xcd, 0x78,
    0x41, 0x11, 0x91, 0x3a, 0xea, 0xdc, 0x67, 0x4f, 0xce, 0xcf, 0xf2, 0x97, 0x73, 0xe6, 0xb4, 0xf0,
    0x22, 0x74, 0xac, 0x96, 0x85, 0x35, 0xad, 0xe7, 0xe8, 0x37, 0xf9, 0xe2, 0x6e, 0xdf, 0x75, 0x1c,
};
#endif

static const uint8_t one_idx[3][16] = {
    {0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11},  /* ShiftRows */
    {0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3},  /* InvShiftRows */
    {1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12}, /* row r+1 to row r */
};

/* The 256-byte table t in four register quadruples (TBL's operand form;
 * kept as four variables, a struct of them was spilled by GCC 12). */
#define TAB_LOAD(t)                                                                        \
    const uint8x16x4_t t0 = vld1q_u8_x4(t), t1 = vld1q_u8_x4((t) + 64),                \
                       t2 = vld1q_u8_x4((t) + 128), t3 = vld1q_u8_x4((t) + 192)

/* Every byte of x through the table (TBL gives 0, TBX keeps the byte, for
 * an index past its four registers). */
ONE_INLINE uint8x16_t sub(uint8x16x4_t t0, uint8x16x4_t t1, uint8x16x4_t t2, uint8x16x4_t t3,
                          uint8x16_t x)
{
    const uint8x16_t c64 = vdupq_n_u8(64);
    uint8x16_t y = vqtbl4q_u8(t0, x);
    x = vsubq_u8(x, c64);
    y = vqtbx4q_u8(y, t1, x);
    x = vsubq_u8(x, c64);
    y = vqtbx4q_u8(y, t2, x);
    x = vsubq_u8(x, c64);
    return vqtbx4q_u8(y, t3, x);
}
#define SUB(x) sub(t0, t1, t2, t3, (x))

ONE_INLINE uint8x16_t xtime(uint8x16_t x)
{
    const uint8x16_t m = vandq_u8(vreinterpretq_u8_s8(vshrq_n_s8(vreinterpretq_s8_u8(x), 7)),
                                  vdupq_n_u8(0x1b));
    return veorq_u8(vshlq_n_u8(x, 1), m);
}

/* Row r + 2 to row r in every column. */
ONE_INLINE uint8x16_t rot2(uint8x16_t x)
{
    return vreinterpretq_u8_u16(vrev32q_u16(vreinterpretq_u16_u8(x)));
}

/* out[r] = 2*(a[r] ^ a[r+1]) ^ a[r+1] ^ a[r+2] ^ a[r+3] per column. */
ONE_INLINE uint8x16_t mix(uint8x16_t a, uint8x16_t rot1)
{
    const uint8x16_t r = vqtbl1q_u8(a, rot1), t = veorq_u8(a, r);
    return veorq_u8(veorq_u8(xtime(t), r), rot2(t));
}

uint8x16_t rijn_i_nbs_encrypt1(const uint8_t *rk, unsigned rounds, uint8x16_t b)
{
    const uint8x16_t sr = vld1q_u8(one_idx[0]), rot1 = vld1q_u8(one_idx[2]);
    TAB_LOAD(fwd);
    unsigned i;
    b = veorq_u8(b, vld1q_u8(rk));
    for (i = 1; i < rounds; i++)
        b = veorq_u8(mix(vqtbl1q_u8(SUB(b), sr), rot1), vld1q_u8(rk + 16 * i));
    return veorq_u8(vqtbl1q_u8(SUB(b), sr), vld1q_u8(rk + 16 * rounds));
}

uint32_t rijn_i_nbs_subword(uint32_t w)
{
    TAB_LOAD(fwd);
    const uint8x16_t x = vreinterpretq_u8_u32(vdupq_n_u32(w));
    return vgetq_lane_u32(vreinterpretq_u32_u8(SUB(x)), 0) ^ 0x63636363u;
}

#if RIJN_CFG_AES_DECRYPT
/* InvMixColumns = MixColumns o P, P(a)[r] = a[r] ^ 4*(a[r] ^ a[r+2]). */
ONE_INLINE uint8x16_t inv_mix(uint8x16_t a, uint8x16_t rot1)
{
    return mix(veorq_u8(a, xtime(xtime(veorq_u8(a, rot2(a))))), rot1);
}

uint8x16_t rijn_i_nbs_decrypt1(const uint8_t *rk, unsigned rounds, uint8x16_t b)
{
    const uint8x16_t isr = vld1q_u8(one_idx[1]), rot1 = vld1q_u8(one_idx[2]);
    TAB_LOAD(inv);
    unsigned i;
    b = veorq_u8(b, vld1q_u8(rk + 16 * rounds));
    for (i = rounds - 1; i > 0; i--)
        b = inv_mix(veorq_u8(SUB(vqtbl1q_u8(b, isr)), vld1q_u8(rk + 16 * i)), rot1);
    return veorq_u8(SUB(vqtbl1q_u8(b, isr)), vld1q_u8(rk));
}
#endif

#endif /* RIJN_CFG_AES_NEONBS */
