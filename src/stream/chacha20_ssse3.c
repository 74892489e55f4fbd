/*
 * chacha20_ssse3.c -- ChaCha20, four blocks in parallel on 128-bit SSSE3
 * registers: the path of x86-64 CPUs without AVX2 (Westmere, Sandy/Ivy
 * Bridge class; RIJN_CPU_MASK=0xF emulates one), alone (registry entry
 * "ssse3") and fused with Poly1305 (the "ssse3" entry of
 * aead/chachapoly_fused.c).
 *
 * Implementation notes
 *   Layout: "vertical", as chacha20_x86.c -- register x_i holds word i of
 *   four consecutive blocks (one 32-bit lane per block); the counter
 *   register starts at st[12] + (0, 1, 2, 3) and advances by 4 per group.
 *   What: a group of four blocks (256 bytes) is one inline-assembly
 *   statement on fixed registers: the 20 rounds, the feed-forward, four
 *   4x4 transposes (PUNPCK{L,H}DQ, PUNPCK{L,H}QDQ) and the XOR into the
 *   output. Words 0..14 live in XMM0..XMM14 and word 15 in a stack slot,
 *   except during the middle two quarter-round pairs of each double round,
 *   where word 8 takes the slot and XMM8 is the rotation temporary (XMM15
 *   otherwise): two loads and two stores per double round (libgcrypt's
 *   arrangement; this code is rijn's own). Rotations: PSHUFB for 16 and 8
 *   (16-byte aligned masks read from memory), a copy, two shifts and an OR
 *   for 12 and 7. The input block comes from a broadcast copy made once
 *   per call (SSSE3 has no broadcast from memory).
 *   Why: the intrinsics version needed the 16 state registers plus
 *   temporaries and masks; GCC 12 spilled about twenty registers per double
 *   round, and that stack traffic could alias the text 4 KiB apart: 2.1 or
 *   3.7 ticks/byte by address-space layout (RIJN_CPU_MASK=0xF, L1, the Zen
 *   5 EPYC); 1.46-1.5 with the rounds in assembly.
 *   Fused: 16 Poly1305 blocks of the group's MAC input (radix 2^64 on the
 *   integer units, MUL: mac/poly1305_x64_i.h; CPUs of this class may lack
 *   BMI2) sit between the quarter-round pairs, one or two per double round;
 *   the MAC input is read before the group's output is written.
 *   Key (rijn_i_chacha20_key_ssse3): one group beside one scalar block on
 *   the integer units (chacha20_key_i.h; a seal's block 0), a loop of ten
 *   double rounds (3.4 KiB of code): 4 blocks alone 400 TSC ticks, with
 *   the scalar block 415-420 (the C block alone: 200).
 *   Only the 32-bit counter word is advanced (chacha20.c calls the entries
 *   only where the low word does not wrap inside the call).
 *   Built with a per-function target attribute (the library compiles with
 *   baseline flags). Registry entry "ssse3" (core/registry.h, listed in
 *   chacha20_reg.c after "avx2"): needs RIJN_CPU_SSSE3; a context binds it
 *   at init, RIJN_CPU_MASK hides it.
 *   Constant time: additions, XORs, shifts and fixed shuffles; MUL, IMUL,
 *   ADD/ADC, AND, SHR, LEA; no branch or address on data.
 *   Vectors: tests/core/test_impls.c and tests/stream/test_chacha_paths.c
 *   run every registry entry that runs here (RFC 8439, the differential
 *   against the portable entry at lengths crossing the 256-byte steps);
 *   the fused entry: tests/aead/test_chachapoly_fused.c, the ChaCha20-
 *   Poly1305 tests, ctgrind (tests/aead/test_chachapoly_ctgrind.c).
 */
#include <stddef.h>

#include "chacha20_key_i.h"
#include "internal.h"
#include "mac/poly1305_x64_i.h"
#include "stream_i.h"

#if RIJN_I_CHACHA_X86
#include <tmmintrin.h>

#define S3 __attribute__((target("ssse3")))

#define F_ADD(s, d) "paddd %%xmm" #s ", %%xmm" #d "\n\t"
#define F_XOR(s, d) "pxor %%xmm" #s ", %%xmm" #d "\n\t"
#define F_SHUF(k, d) "pshufb %[" #k "], %%xmm" #d "\n\t"
#define F_ROT(v, l, r, t)                                                                \
    "movdqa %%xmm" #v ", %%xmm" #t "\n\t"                                                \
    "pslld $" #l ", %%xmm" #v "\n\t"                                                     \
    "psrld $" #r ", %%xmm" #t "\n\t"                                                     \
    "por %%xmm" #t ", %%xmm" #v "\n\t"
/* quarter rounds (a, b, c, d) and (e, f, g, h), step by step; t: scratch */
#define F_QR2(a, b, c, d, e, f, g, h, t)                                                 \
    F_ADD(b, a) F_ADD(f, e) F_XOR(a, d) F_XOR(e, h) F_SHUF(k16, d) F_SHUF(k16, h)        \
    F_ADD(d, c) F_ADD(h, g) F_XOR(c, b) F_XOR(g, f) F_ROT(b, 12, 20, t)                  \
    F_ROT(f, 12, 20, t) F_ADD(b, a) F_ADD(f, e) F_XOR(a, d) F_XOR(e, h) F_SHUF(k8, d)    \
    F_SHUF(k8, h) F_ADD(d, c) F_ADD(h, g) F_XOR(c, b) F_XOR(g, f) F_ROT(b, 7, 25, t)     \
    F_ROT(f, 7, 25, t)
/* a double round with the strings a, b, c, d (MAC blocks or "") after its
 * four quarter-round pairs; word 15 in the slot 240(x) before and after */
#define F_DR4(a, b, c, d)                                                                \
    F_QR2(0, 4, 8, 12, 1, 5, 9, 13, 15) a                                                \
    "movdqa 240(%[x]), %%xmm15\n\t"                                                      \
    "movdqa %%xmm8, 240(%[x])\n\t" F_QR2(2, 6, 10, 14, 3, 7, 11, 15, 8) b                \
    F_QR2(0, 5, 10, 15, 1, 6, 11, 12, 8) c                                               \
    "movdqa 240(%[x]), %%xmm8\n\t"                                                       \
    "movdqa %%xmm15, 240(%[x])\n\t" F_QR2(2, 7, 8, 13, 3, 4, 9, 14, 15) d
#define F_DR F_DR4("", "", "", "")

/* the input block (word i broadcast at 256 + 16 i of x; counter: ctr) */
#define F_LD(i, o) "movdqa 256+" #o "(%[x]), %%xmm" #i "\n\t"
#define F_INIT                                                                           \
    F_LD(15, 240) "movdqa %%xmm15, 240(%[x])\n\t" F_LD(0, 0) F_LD(1, 16) F_LD(2, 32)      \
    F_LD(3, 48) F_LD(4, 64) F_LD(5, 80) F_LD(6, 96) F_LD(7, 112) F_LD(8, 128)            \
    F_LD(9, 144) F_LD(10, 160) F_LD(11, 176) "movdqa 512(%[x]), %%xmm12\n\t" F_LD(13, 208)  \
    F_LD(14, 224)
/* feed-forward (XMM15 = word 15 at the end) */
#define F_FF(i, o) "paddd 256+" #o "(%[x]), %%xmm" #i "\n\t"
#define F_FEED                                                                           \
    F_FF(0, 0) F_FF(1, 16) F_FF(2, 32) F_FF(3, 48) F_FF(4, 64) F_FF(5, 80) F_FF(6, 96)   \
    F_FF(7, 112) F_FF(8, 128) F_FF(9, 144) F_FF(10, 160) F_FF(11, 176)                   \
    "paddd 512(%[x]), %%xmm12\n\t" F_FF(13, 208) F_FF(14, 224)                           \
    "movdqa 240(%[x]), %%xmm15\n\t" F_FF(15, 240)
/* 4x4 transpose of 32-bit words (t1, t2: scratch): a, b, c, d = words
 * 4g..4g+3 of blocks 0, 1, 2, 3 */
#define F_T44(a, b, c, d, t1, t2)                                                        \
    "movdqa %%xmm" #a ", %%xmm" #t2 "\n\t"                                               \
    "punpckhdq %%xmm" #b ", %%xmm" #t2 "\n\t"                                            \
    "punpckldq %%xmm" #b ", %%xmm" #a "\n\t"                                             \
    "movdqa %%xmm" #c ", %%xmm" #t1 "\n\t"                                               \
    "punpckldq %%xmm" #d ", %%xmm" #t1 "\n\t"                                            \
    "punpckhdq %%xmm" #d ", %%xmm" #c "\n\t"                                             \
    "movdqa %%xmm" #a ", %%xmm" #b "\n\t"                                                \
    "punpckhqdq %%xmm" #t1 ", %%xmm" #b "\n\t"                                           \
    "punpcklqdq %%xmm" #t1 ", %%xmm" #a "\n\t"                                           \
    "movdqa %%xmm" #t2 ", %%xmm" #d "\n\t"                                               \
    "punpckhqdq %%xmm" #c ", %%xmm" #d "\n\t"                                            \
    "punpcklqdq %%xmm" #c ", %%xmm" #t2 "\n\t"                                           \
    "movdqa %%xmm" #t2 ", %%xmm" #c "\n\t"
/* 16 bytes at o of the output: a XOR the input (XMM10: scratch) */
#define F_OUT(a, o)                                                                      \
    "movdqu " #o "(%[in]), %%xmm10\n\t"                                                  \
    "pxor %%xmm" #a ", %%xmm10\n\t"                                                      \
    "movdqu %%xmm10, " #o "(%[out])\n\t"
/* XMM a..d = words 4g..4g+3 -> bytes o..o+15 of each block */
#define F_QUARTER(a, b, c, d, o)                                                         \
    F_T44(a, b, c, d, 8, 9) F_OUT(a, o) F_OUT(b, 64 + o) F_OUT(c, 128 + o)               \
    F_OUT(d, 192 + o)
#define F_SV(i, o) "movdqa %%xmm" #i ", " #o "(%[x])\n\t"
#define F_RL(i, o) "movdqa " #o "(%[x]), %%xmm" #i "\n\t"
#define F_FINISH                                                                         \
    F_FEED F_SV(8, 128) F_SV(9, 144) F_SV(10, 160) F_QUARTER(0, 1, 2, 3, 0)              \
    F_QUARTER(4, 5, 6, 7, 16) F_RL(0, 128) F_RL(1, 144) F_RL(2, 160)                      \
    "movdqa %%xmm11, %%xmm3\n\t" F_QUARTER(0, 1, 2, 3, 32) F_QUARTER(12, 13, 14, 15, 48)
#define F_P(off) RIJN_I_P64_ASM_K(off, "528(%[x])", "536(%[x])", "544(%[x])")
/* a double round with the key block's (chacha20_key_i.h) beside it */
#define F_KDR RIJN_I_KEY_DR(F_DR4, "552")
#define F_CLOBBER                                                                        \
    "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",      \
        "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "memory"
#define F_IN                                                                             \
    [x] "r"(&w), [in] "r"(in), [out] "r"(out),                                           \
        [k16] "m"(*(const __m128i *)(const void *)k_rot16),                              \
        [k8] "m"(*(const __m128i *)(const void *)k_rot8)
/* the same without the text pointers (the key block's operands have them) */
#define F_KIN                                                                            \
    [x] "r"(&w), [k16] "m"(*(const __m128i *)(const void *)k_rot16),                     \
        [k8] "m"(*(const __m128i *)(const void *)k_rot8)

static const uint8_t k_rot16[16] __attribute__((aligned(16))) = {2,  3,  0,  1,  6,  7,  4,  5,
                                                                  10, 11, 8,  9,  14, 15, 12, 13};
static const uint8_t k_rot8[16] __attribute__((aligned(16))) = {3,  0,  1,  2,  7,  4,  5,  6,
                                                                 11, 8,  9,  10, 15, 12, 13, 14};

/* The assembly's work area, one pointer operand (x; a handful of
 * registers fewer than one operand per item: GCC -O0 and ASan builds ran
 * out of registers): the scratch slots at 0 (word 15 at 240), the input
 * block broadcast at 256, the counter register at 512, the Poly1305 key
 * r0, r1, s1 at 528, 536, 544. */
typedef struct {
    __m128i slot[16], sb[16], ctr;
    uint64_t r0, r1, s1;
    /* the key block (chacha20_key_i.h): rows c and d, the loop count, the
     * text pointers */
    uint32_t kcd[8], kn, kpad;
    const uint8_t *kin;
    uint8_t *kout;
} f_work;
typedef char f_work_layout[(offsetof(f_work, sb) == 256 && offsetof(f_work, ctr) == 512 &&
                            offsetof(f_work, r0) == 528 && offsetof(f_work, s1) == 544 &&
                            offsetof(f_work, kcd) == 552 && offsetof(f_work, kn) == 584 &&
                            offsetof(f_work, kin) == 592)
                               ? 1
                               : -1];

/* nblocks (a multiple of 4) blocks of st into in -> out; with P, the
 * 256-byte groups at mac too; with KS (nblocks 4), the block of st itself
 * into KS on the integer units and the group from the next counter on.
 * mode (a constant at each call, so that each entry holds its own assembly
 * only: a test on P or KS kept the alone path in every entry, twice the
 * code in the instruction cache): 0 alone, 1 P, 2 KS */
static inline __attribute__((always_inline)) S3 void
ssse3_groups(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t nblocks,
             rijn_i_p64 *P, const uint8_t *mac, uint8_t *KS, int mode)
{
    f_work w;
    uint64_t h0 = mode == 1 ? P->h[0] : 0, h1 = mode == 1 ? P->h[1] : 0;
    uint64_t h2 = mode == 1 ? P->h[2] : 0;
    int i;
    for (i = 0; i < 16; i++)
        w.sb[i] = _mm_set1_epi32((int)st[i]);
    w.sb[12] = _mm_set1_epi32((int)(st[12] + (mode == 2)));
    w.ctr = _mm_add_epi32(w.sb[12], _mm_setr_epi32(0, 1, 2, 3));
    w.r0 = mode == 1 ? P->r[0] : 0;
    w.r1 = mode == 1 ? P->r[1] : 0;
    w.s1 = mode == 1 ? P->r[2] : 0;
    if (mode == 2) {
        RIJN_I_KEY_BLOCK(F_INIT, F_KDR, F_FINISH, F_KIN, F_CLOBBER, "552", KS, st, w);
        nblocks = 0;
    }
    for (; nblocks >= 4; nblocks -= 4, in += 256, out += 256) {
        if (mode == 1) {
            uint64_t t0, t1, t2;
            __asm__(F_INIT F_DR4(F_P("0"), "", "", "") F_DR4(F_P("16"), "", F_P("32"), "")
                        F_DR4(F_P("48"), "", "", "") F_DR4(F_P("64"), "", F_P("80"), "")
                            F_DR4(F_P("96"), "", F_P("112"), "") F_DR4(F_P("128"), "", "", "")
                                F_DR4(F_P("144"), "", F_P("160"), "")
                                    F_DR4(F_P("176"), "", "", "")
                                        F_DR4(F_P("192"), "", F_P("208"), "")
                                            F_DR4(F_P("224"), "", F_P("240"), "") F_FINISH
                    : [h0] "+&r"(h0), [h1] "+&r"(h1), [h2] "+&r"(h2), [t0] "=&r"(t0),
                      [t1] "=&r"(t1), [t2] "=&r"(t2)
                    : F_IN, [m] "r"(mac)
                    : "rax", "rdx", "cc", F_CLOBBER);
            mac += 256;
        } else {
            __asm__(F_INIT F_DR F_DR F_DR F_DR F_DR F_DR F_DR F_DR F_DR F_DR F_FINISH
                    :
                    : F_IN
                    : F_CLOBBER);
        }
        w.ctr = _mm_add_epi32(w.ctr, _mm_set1_epi32(4));
    }
    if (mode == 1) {
        P->h[0] = h0;
        P->h[1] = h1;
        P->h[2] = h2;
    }
    rijn_wipe(&w, sizeof w);
}

S3 static void blocks_ssse3(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t nblocks)
{
    ssse3_groups(st, out, in, nblocks, NULL, NULL, NULL, 0);
}

S3 void rijn_i_chacha20_blocks_ssse3_mac(const uint32_t st[16], uint8_t *out, const uint8_t *in,
                                         size_t nblocks, rijn_i_p64 *p, const uint8_t *mac)
{
    ssse3_groups(st, out, in, nblocks, p, mac, NULL, 1);
}

S3 void rijn_i_chacha20_key_ssse3(const uint32_t st[16], uint8_t *out, const uint8_t *in,
                                  uint8_t ks[64])
{
    ssse3_groups(st, out, in, 4, NULL, NULL, ks, 2);
}

const rijn_i_chacha_impl rijn_i_chacha_ssse3 = {{"ssse3", RIJN_CPU_SSSE3, NULL}, 2, blocks_ssse3};

#else
typedef int rijn_i_chacha20_ssse3_unused;
#endif
