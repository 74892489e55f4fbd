/*
 * chacha20_avx2.c -- ChaCha20, eight blocks in parallel on AVX2, alone
 * (registry entry "avx2") and fused with Poly1305 (the "avx2" entry of
 * aead/chachapoly_fused.c).
 *
 * Implementation notes
 *   Layout: "vertical", as chacha20_x86.c -- YMM register i holds word i
 *   of eight consecutive blocks (one 32-bit lane per block); the counter
 *   register starts at st[12] + (0..7) and advances by 8 per group.
 *   What: a group of eight blocks (512 bytes) is one inline-assembly
 *   statement on fixed registers: broadcast of the input block, the 20
 *   rounds, the feed-forward, two 8x8 transposes (VPUNPCK{L,H}{DQ,QDQ},
 *   VPERM2I128) and the XOR into the output. Words 0..14 live in
 *   YMM0..YMM14 and word 15 in a stack slot, except during the middle two
 *   quarter-round pairs of each double round, where word 8 takes the slot
 *   and YMM8 is the rotation temporary (YMM15 otherwise): two loads and two
 *   stores per double round (libgcrypt's arrangement; this code is rijn's
 *   own). Rotations: VPSHUFB for 16 and 8 (masks read from memory), two
 *   shifts and an OR for 12 and 7.
 *   Why: the intrinsics version (the template chacha20_x86_body.h, still
 *   used for AVX-512VL) needs 16 state registers plus temporaries and
 *   masks; GCC 12 spilled about twenty YMM registers per double round and
 *   left the feed-forward and transposes to its own allocation. ChaCha20
 *   alone in L1, RIJN_CPU_MASK=0x2EFF, TSC ticks/byte on the Zen 5 EPYC
 *   (a loaded machine): 0.93-0.96 -> 0.74 for the rounds in assembly.
 *   Fused: 32 Poly1305 blocks of the group's MAC input (radix 2^64 on the
 *   integer units, MULX: mac/poly1305_x64_i.h) sit between the quarter-
 *   round pairs, three or four per double round, so the integer units run
 *   the MAC while the vector units run the rounds; the MAC input is read
 *   before the group's output is written (in place is fine). Fused seal of
 *   1 MiB: the MAC costs next to nothing over ChaCha20 alone.
 *   Key (rijn_i_chacha20_key_avx2): one group beside one scalar block on
 *   the integer units (chacha20_key_i.h; a seal's block 0), a loop of ten
 *   double rounds (3 KiB of code; 14 KiB unrolled): 8 blocks alone 400
 *   TSC ticks, with the scalar block 413 (the C block alone: 200).
 *   Only the 32-bit counter word is advanced (chacha20.c calls the entry
 *   only where the low word does not wrap inside the call).
 *   Constant time: additions, XORs, shifts and fixed shuffles; MUL/MULX,
 *   ADD/ADC, AND, SHR, LEA-free; no branch or address on data.
 *   Vectors: tests/core/test_impls.c, tests/stream/test_chacha_paths.c
 *   (every ChaCha20 entry), tests/aead/test_chachapoly_fused.c and the
 *   ChaCha20-Poly1305 tests (the fused entry), ctgrind
 *   (tests/aead/test_chachapoly_ctgrind.c).
 */
#include <stddef.h>

#include "chacha20_key_i.h"
#include "internal.h"
#include "mac/poly1305_x64_i.h"
#include "stream_i.h"

#if RIJN_I_CHACHA_X86
#include <immintrin.h>

#define Y_ADD(s, d) "vpaddd %%ymm" #s ", %%ymm" #d ", %%ymm" #d "\n\t"
#define Y_XOR(s, d) "vpxor %%ymm" #s ", %%ymm" #d ", %%ymm" #d "\n\t"
#define Y_SHUF(k, d) "vpshufb %[" #k "], %%ymm" #d ", %%ymm" #d "\n\t"
#define Y_ROT(v, l, r, t)                                                                \
    "vpsrld $" #r ", %%ymm" #v ", %%ymm" #t "\n\t"                                       \
    "vpslld $" #l ", %%ymm" #v ", %%ymm" #v "\n\t"                                       \
    "vpor %%ymm" #t ", %%ymm" #v ", %%ymm" #v "\n\t"
/* quarter rounds (a, b, c, d) and (e, f, g, h), step by step; t: scratch */
#define Y_QR2(a, b, c, d, e, f, g, h, t)                                                 \
    Y_ADD(b, a) Y_ADD(f, e) Y_XOR(a, d) Y_XOR(e, h) Y_SHUF(k16, d) Y_SHUF(k16, h)        \
    Y_ADD(d, c) Y_ADD(h, g) Y_XOR(c, b) Y_XOR(g, f) Y_ROT(b, 12, 20, t)                  \
    Y_ROT(f, 12, 20, t) Y_ADD(b, a) Y_ADD(f, e) Y_XOR(a, d) Y_XOR(e, h) Y_SHUF(k8, d)    \
    Y_SHUF(k8, h) Y_ADD(d, c) Y_ADD(h, g) Y_XOR(c, b) Y_XOR(g, f) Y_ROT(b, 7, 25, t)     \
    Y_ROT(f, 7, 25, t)
/* a double round with the strings a, b, c, d (MAC blocks or "") after its
 * four quarter-round pairs; word 15 in the slot 480(x) before and after */
#define Y_DR4(a, b, c, d)                                                                \
    Y_QR2(0, 4, 8, 12, 1, 5, 9, 13, 15) a                                                \
    "vmovdqa 480(%[x]), %%ymm15\n\t"                                                     \
    "vmovdqa %%ymm8, 480(%[x])\n\t" Y_QR2(2, 6, 10, 14, 3, 7, 11, 15, 8) b               \
    Y_QR2(0, 5, 10, 15, 1, 6, 11, 12, 8) c                                               \
    "vmovdqa 480(%[x]), %%ymm8\n\t"                                                      \
    "vmovdqa %%ymm15, 480(%[x])\n\t" Y_QR2(2, 7, 8, 13, 3, 4, 9, 14, 15) d
#define Y_DR Y_DR4("", "", "", "")

/* the input block, word i broadcast to YMMi (counter: ctr; word 15 to the
 * slot) */
#define Y_BC(i, o) "vpbroadcastd 544+" #o "(%[x]), %%ymm" #i "\n\t"
#define Y_INIT                                                                           \
    Y_BC(15, 60) "vmovdqa %%ymm15, 480(%[x])\n\t" Y_BC(0, 0) Y_BC(1, 4) Y_BC(2, 8)        \
    Y_BC(3, 12) Y_BC(4, 16) Y_BC(5, 20) Y_BC(6, 24) Y_BC(7, 28) Y_BC(8, 32) Y_BC(9, 36)  \
    Y_BC(10, 40) Y_BC(11, 44) "vmovdqa 512(%[x]), %%ymm12\n\t" Y_BC(13, 52) Y_BC(14, 56)
/* feed-forward (YMM15 = word 15 at the end) */
#define Y_FF(i, o)                                                                       \
    "vpbroadcastd 544+" #o "(%[x]), %%ymm15\n\t"                                         \
    "vpaddd %%ymm15, %%ymm" #i ", %%ymm" #i "\n\t"
#define Y_FEED                                                                           \
    Y_FF(0, 0) Y_FF(1, 4) Y_FF(2, 8) Y_FF(3, 12) Y_FF(4, 16) Y_FF(5, 20) Y_FF(6, 24)     \
    Y_FF(7, 28) Y_FF(8, 32) Y_FF(9, 36) Y_FF(10, 40) Y_FF(11, 44)                        \
    "vpaddd 512(%[x]), %%ymm12, %%ymm12\n\t" Y_FF(13, 52) Y_FF(14, 56)                   \
    "vpbroadcastd 604(%[x]), %%ymm15\n\t"                                                \
    "vpaddd 480(%[x]), %%ymm15, %%ymm15\n\t"
/* 4x4 transposes of 32-bit words inside each 128-bit lane (t1, t2:
 * scratch): a, b, c, d = words of blocks (0|4), (1|5), (2|6), (3|7) */
#define Y_T44(a, b, c, d, t1, t2)                                                        \
    "vpunpckhdq %%ymm" #b ", %%ymm" #a ", %%ymm" #t2 "\n\t"                              \
    "vpunpckldq %%ymm" #b ", %%ymm" #a ", %%ymm" #a "\n\t"                               \
    "vpunpckldq %%ymm" #d ", %%ymm" #c ", %%ymm" #t1 "\n\t"                              \
    "vpunpckhdq %%ymm" #d ", %%ymm" #c ", %%ymm" #c "\n\t"                               \
    "vpunpckhqdq %%ymm" #t1 ", %%ymm" #a ", %%ymm" #b "\n\t"                             \
    "vpunpcklqdq %%ymm" #t1 ", %%ymm" #a ", %%ymm" #a "\n\t"                             \
    "vpunpckhqdq %%ymm" #c ", %%ymm" #t2 ", %%ymm" #d "\n\t"                             \
    "vpunpcklqdq %%ymm" #c ", %%ymm" #t2 ", %%ymm" #c "\n\t"
/* 32 bytes of blocks k and k + 4 (at o1, o2) from a (words 0..3 of both)
 * and b (words 4..7), XORed with the input */
#define Y_OUT(a, b, o1, o2)                                                              \
    "vperm2i128 $0x20, %%ymm" #b ", %%ymm" #a ", %%ymm8\n\t"                             \
    "vpxor " #o1 "(%[in]), %%ymm8, %%ymm8\n\t"                                           \
    "vmovdqu %%ymm8, " #o1 "(%[out])\n\t"                                                \
    "vperm2i128 $0x31, %%ymm" #b ", %%ymm" #a ", %%ymm8\n\t"                             \
    "vpxor " #o2 "(%[in]), %%ymm8, %%ymm8\n\t"                                           \
    "vmovdqu %%ymm8, " #o2 "(%[out])\n\t"
/* YMM0..YMM7 = eight words of each block -> bytes o..o+31 of each */
#define Y_HALF(o0, o1, o2, o3, o4, o5, o6, o7)                                           \
    Y_T44(0, 1, 2, 3, 8, 9) Y_T44(4, 5, 6, 7, 8, 9) Y_OUT(0, 4, o0, o4) Y_OUT(1, 5, o1, o5) \
    Y_OUT(2, 6, o2, o6) Y_OUT(3, 7, o3, o7)
#define Y_MV(a, b) "vmovdqa %%ymm" #a ", %%ymm" #b "\n\t"
#define Y_FINISH                                                                         \
    Y_FEED "vmovdqa %%ymm8, 256(%[x])\n\t"                                               \
    "vmovdqa %%ymm9, 288(%[x])\n\t" Y_HALF(0, 64, 128, 192, 256, 320, 384, 448)          \
    "vmovdqa 256(%[x]), %%ymm0\n\t"                                                      \
    "vmovdqa 288(%[x]), %%ymm1\n\t" Y_MV(10, 2) Y_MV(11, 3) Y_MV(12, 4) Y_MV(13, 5)      \
    Y_MV(14, 6) Y_MV(15, 7) Y_HALF(32, 96, 160, 224, 288, 352, 416, 480)
#define Y_P(off) RIJN_I_P64_ASM_MULX_K(off, "608(%[x])", "616(%[x])", "624(%[x])")
/* a double round with the key block's (chacha20_key_i.h) beside it */
#define Y_KDR RIJN_I_KEY_DR(Y_DR4, "632")
#define Y_CLOBBER                                                                        \
    "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",      \
        "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "memory"
#define Y_IN                                                                             \
    [x] "r"(&w), [in] "r"(in), [out] "r"(out),                                           \
        [k16] "m"(*(const __m256i *)(const void *)k_rot16),                              \
        [k8] "m"(*(const __m256i *)(const void *)k_rot8)
/* the same without the text pointers (the key block's operands have them) */
#define Y_KIN                                                                            \
    [x] "r"(&w), [k16] "m"(*(const __m256i *)(const void *)k_rot16),                     \
        [k8] "m"(*(const __m256i *)(const void *)k_rot8)

static const uint8_t k_rot16[32] __attribute__((aligned(32))) = {
    2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
    2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13};
static const uint8_t k_rot8[32] __attribute__((aligned(32))) = {
    3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14,
    3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};

/* The assembly's work area, one pointer operand (x; a handful of
 * registers fewer than one operand per item: GCC -O0 and ASan builds ran
 * out of registers): the scratch slots at 0 (word 15 at 480), the counter
 * register at 512, the input block at 544, the Poly1305 key r0, r1, s1
 * at 608, 616, 624. */
typedef struct {
    __m256i slot[16], ctr;
    uint32_t st[16];
    uint64_t r0, r1, s1;
    /* the key block (chacha20_key_i.h): rows c and d, the loop count, the
     * text pointers */
    uint32_t kcd[8], kn, kpad;
    const uint8_t *kin;
    uint8_t *kout;
} y_work;
typedef char y_work_layout[(offsetof(y_work, ctr) == 512 && offsetof(y_work, st) == 544 &&
                            offsetof(y_work, r0) == 608 && offsetof(y_work, s1) == 624 &&
                            offsetof(y_work, kcd) == 632 && offsetof(y_work, kn) == 664 &&
                            offsetof(y_work, kin) == 672)
                               ? 1
                               : -1];

/* nblocks (a multiple of 8) blocks of st into in -> out; with P, the
 * 512-byte groups at mac too; with KS (nblocks 8), the block of st itself
 * into KS on the integer units and the group from the next counter on.
 * mode (a constant at each call, so that each entry holds its own assembly
 * only: a test on P or KS kept the alone path in every entry, twice the
 * code in the instruction cache): 0 alone, 1 P, 2 KS */
static inline __attribute__((always_inline, target("avx2"))) void
avx2_groups(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t nblocks,
            rijn_i_p64 *P, const uint8_t *mac, uint8_t *KS, int mode)
{
    y_work w;
    uint64_t h0 = mode == 1 ? P->h[0] : 0, h1 = mode == 1 ? P->h[1] : 0;
    uint64_t h2 = mode == 1 ? P->h[2] : 0;
    w.ctr = _mm256_add_epi32(_mm256_set1_epi32((int)(st[12] + (mode == 2))),
                             _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    memcpy(w.st, st, sizeof w.st);
    w.r0 = mode == 1 ? P->r[0] : 0;
    w.r1 = mode == 1 ? P->r[1] : 0;
    w.s1 = mode == 1 ? P->r[2] : 0;
    if (mode == 2) {
        RIJN_I_KEY_BLOCK(Y_INIT, Y_KDR, Y_FINISH, Y_KIN, Y_CLOBBER, "632", KS, st, w);
        nblocks = 0;
    }
    for (; nblocks >= 8; nblocks -= 8, in += 512, out += 512) {
        if (mode == 1) {
            uint64_t t0, t1, t2;
            __asm__(Y_INIT Y_DR4(Y_P("0"), Y_P("16"), Y_P("32"), "")
                        Y_DR4(Y_P("48"), Y_P("64"), Y_P("80"), "")
                            Y_DR4(Y_P("96"), Y_P("112"), Y_P("128"), "")
                                Y_DR4(Y_P("144"), Y_P("160"), Y_P("176"), "")
                                    Y_DR4(Y_P("192"), Y_P("208"), Y_P("224"), Y_P("240"))
                                        Y_DR4(Y_P("256"), Y_P("272"), Y_P("288"), "")
                                            Y_DR4(Y_P("304"), Y_P("320"), Y_P("336"), "")
                                                Y_DR4(Y_P("352"), Y_P("368"), Y_P("384"), "")
                                                    Y_DR4(Y_P("400"), Y_P("416"), Y_P("432"),
                                                          "")
                                                        Y_DR4(Y_P("448"), Y_P("464"),
                                                              Y_P("480"), Y_P("496")) Y_FINISH
                    : [h0] "+&r"(h0), [h1] "+&r"(h1), [h2] "+&r"(h2), [t0] "=&r"(t0),
                      [t1] "=&r"(t1), [t2] "=&r"(t2)
                    : Y_IN, [m] "r"(mac)
                    : "rax", "rdx", "cc", Y_CLOBBER);
            mac += 512;
        } else {
            __asm__(Y_INIT Y_DR Y_DR Y_DR Y_DR Y_DR Y_DR Y_DR Y_DR Y_DR Y_DR Y_FINISH
                    :
                    : Y_IN
                    : Y_CLOBBER);
        }
        w.ctr = _mm256_add_epi32(w.ctr, _mm256_set1_epi32(8));
    }
    if (mode == 1) {
        P->h[0] = h0;
        P->h[1] = h1;
        P->h[2] = h2;
    }
    rijn_wipe(&w, sizeof w);
}

__attribute__((target("avx2")))
void rijn_i_chacha20_blocks_avx2(const uint32_t st[16], uint8_t *out, const uint8_t *in,
                                 size_t nblocks)
{
    avx2_groups(st, out, in, nblocks, NULL, NULL, NULL, 0);
}

__attribute__((target("avx2")))
void rijn_i_chacha20_blocks_avx2_mac(const uint32_t st[16], uint8_t *out, const uint8_t *in,
                                     size_t nblocks, rijn_i_p64 *p, const uint8_t *mac)
{
    avx2_groups(st, out, in, nblocks, p, mac, NULL, 1);
}

__attribute__((target("avx2")))
void rijn_i_chacha20_key_avx2(const uint32_t st[16], uint8_t *out, const uint8_t *in,
                              uint8_t ks[64])
{
    avx2_groups(st, out, in, 8, NULL, NULL, ks, 2);
}

const rijn_i_chacha_impl rijn_i_chacha_avx2 = {
    {"avx2", RIJN_CPU_AVX2, NULL}, 3, rijn_i_chacha20_blocks_avx2};

#else
typedef int rijn_i_chacha20_avx2_unused;
#endif
