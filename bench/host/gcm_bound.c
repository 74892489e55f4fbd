/*
 * gcm_bound.c -- what bounds stitched AES-GCM on a VAES/VPCLMULQDQ x86-64:
 * the throughput of VAESENC and VPCLMULQDQ (each width) alone and mixed in
 * the proportions of src/aead/gcm_stitch_vaes512.c's 16-register loop.
 *
 *     cc -O2 -mavx512f -mavx512bw -mvaes -mvpclmulqdq -mgfni -mavx512vbmi \
 *        -o gcm_bound bench/host/gcm_bound.c
 *     ./gcm_bound
 *
 * Implementation notes
 *   Each case is one inline-asm loop of independent register chains (ten
 *   VAESENC chains, three VPCLMULQDQ chains, eight chains of other vector
 *   operations), so latency does not limit it; the best of 40 runs of
 *   100,000 iterations, in TSC ticks. Per 64 blocks of AES-128-GCM the
 *   loop has 160 VAESENC/VAESENCLAST, 48 VPCLMULQDQ (Karatsuba: three per
 *   four blocks) and about 130 other vector operations (counter adds and
 *   XORs, the final XOR, byte swaps, Karatsuba words, three-way XORs, the
 *   reduction), i.e. 16 times "10 aes + 3 clmul + 8 other"; the "x16"
 *   column scales an iteration to that. Compare with AES-128 CTR through
 *   bench/host/ab_builds.c (same TSC). Never run by the tests.
 *   Measured on the Zen 5 EPYC (x16 column, 27 Nov 2026, second look):
 *   10 VAESENC 46.3 (two per cycle), 14 VAESENC 64.7; 3 VPCLMULQDQ 55.5 at
 *   any width (one per two cycles: an xmm multiply costs what a zmm one
 *   does); 10, 12 or 14 VAESENC beside 3 VPCLMULQDQ cost max(AES, CLMUL)
 *   (55.5, 55.5, 64.8): the multiplier does not take VAESENC's pipes.
 *   Beside 10 VAESENC: 8 XORs, unpacks, VPSHUFD or VPSRLQ free, 16 XORs
 *   62.3, 24 XORs 88.1, 8 VPSHUFB 64.8 (VPSHUFB shares VAESENC's pipes);
 *   all three with 8 XORs 62.5, 16 mixed 81.8. A model that fits: four
 *   vector pipes, VAESENC on two of them, VPCLMULQDQ holding one for two
 *   cycles, the rest anywhere. For AES-128-GCM per 64 blocks: 160 VAESENC
 *   (80 cycles), 48 VPCLMULQDQ at least (Karatsuba; 96 cycles: the bound,
 *   1.2x the AES time), ~120 other operations; the pipe slots give ~96
 *   cycles. The kernel's iteration alone (in L1, 16 KiB) takes ~74 ticks
 *   (~124 cycles); without its VPCLMULQDQs 50, without its VAESENCs 66.
 *   What did not help there (a variant generator, one change each): the
 *   GHASH work after every 2, 4 or 8 VAESENC instead of 16, software-
 *   pipelined pairs, two AES groups a round apart, the reduction by shifts
 *   instead of two VPCLMULQDQ (-2 multiplies, +18 shifts: equal), byte
 *   swaps by VPSHUFLW/HW + shifts instead of VPSHUFB (+10 ticks), round
 *   keys as memory operands (+6; 512-bit loads are the limit there).
 *   Counters from a tree of adds instead of a chain: AES-256 -2.5 ticks.
 *   28 Nov 2026 (machine shared, x16 column: 10 VAESENC 49.2, 3 VPCLMULQDQ
 *   59.0): beside 10 VAESENC, VGF2P8AFFINEQB 67.3, VALIGNQ 70.5, VPERMQ
 *   70.7, VPMULTISHIFTQB 88.4 take VAESENC's pipes like VPSHUFB (68.6);
 *   VPUNPCKLBW, VPSHUFLW (49.2), VPSRLW are free: no one-instruction byte
 *   swap off those pipes. Eight independent VPCLMULQDQ (not chains) also
 *   run one per two cycles, with a memory operand too. With VPCLMULQDQ
 *   busy the other operations are not free (16 VAESENC + 4 VPCLMULQDQ +
 *   4 / 8 / 12 XORs: 8.3 / 9.3 / 10.4 cycles, as if a VPCLMULQDQ took 3.3
 *   of the four pipes' slots). The kernel's iteration alone (a throwaway
 *   harness calling gcm512_seal10 etc. over 16 KiB in L1, TSC ticks/B,
 *   medians; the same iteration cut down, not correct): AES-128 seal 0.069,
 *   open 0.070, without its VAESENC 0.066 / 0.063, without its VPCLMULQDQ
 *   0.048 (its AES alone 0.0475); AES-256 0.078 / 0.079, without VAESENC
 *   0.066 / 0.063, AES alone 0.0665. Its GHASH alone stripped of the byte
 *   swaps, Karatsuba words, three-way XORs and reduction 0.061 / 0.058 (48
 *   VPCLMULQDQ: 0.056). AES-128 GCM is bound by its GHASH, not by the
 *   mix; each of those parts left out alone moved AES-128 by 0..2 %
 *   (byte swaps: AES-256 0.078 -> 0.075), register operands instead of
 *   the powers' memory operands and leaving the GHASH loads out by 0.
 */
#include <stdint.h>
#include <stdio.h>
#include <x86intrin.h>

#define N 100000

#define AES10                                                                                 \
    "vaesenc %%zmm31,%%zmm0,%%zmm0\n\tvaesenc %%zmm31,%%zmm1,%%zmm1\n\t"                     \
    "vaesenc %%zmm31,%%zmm2,%%zmm2\n\tvaesenc %%zmm31,%%zmm3,%%zmm3\n\t"                     \
    "vaesenc %%zmm31,%%zmm4,%%zmm4\n\tvaesenc %%zmm31,%%zmm5,%%zmm5\n\t"                     \
    "vaesenc %%zmm31,%%zmm6,%%zmm6\n\tvaesenc %%zmm31,%%zmm7,%%zmm7\n\t"                     \
    "vaesenc %%zmm31,%%zmm8,%%zmm8\n\tvaesenc %%zmm31,%%zmm9,%%zmm9\n\t"
#define AES2                                                                                  \
    "vaesenc %%zmm31,%%zmm21,%%zmm21\n\tvaesenc %%zmm31,%%zmm22,%%zmm22\n\t"
#define AES4 AES2 "vaesenc %%zmm31,%%zmm23,%%zmm23\n\tvaesenc %%zmm31,%%zmm24,%%zmm24\n\t"
#define CLMUL3(w)                                                                             \
    "vpclmulqdq $1,%%" w "31,%%" w "10,%%" w "10\n\tvpclmulqdq $1,%%" w "31,%%" w "11,%%" w   \
    "11\n\tvpclmulqdq $1,%%" w "31,%%" w "12,%%" w "12\n\t"
#define OP8(op)                                                                               \
    op " %%zmm31,%%zmm13,%%zmm13\n\t" op " %%zmm31,%%zmm14,%%zmm14\n\t" op                    \
       " %%zmm31,%%zmm15,%%zmm15\n\t" op " %%zmm31,%%zmm16,%%zmm16\n\t" op                    \
       " %%zmm31,%%zmm17,%%zmm17\n\t" op " %%zmm31,%%zmm18,%%zmm18\n\t" op                    \
       " %%zmm31,%%zmm19,%%zmm19\n\t" op " %%zmm31,%%zmm20,%%zmm20\n\t"
/* the same with one source (shifts and shuffles by an immediate) */
#define OP8U(op)                                                                              \
    op " %%zmm13,%%zmm13\n\t" op " %%zmm14,%%zmm14\n\t" op " %%zmm15,%%zmm15\n\t" op         \
       " %%zmm16,%%zmm16\n\t" op " %%zmm17,%%zmm17\n\t" op " %%zmm18,%%zmm18\n\t" op          \
       " %%zmm19,%%zmm19\n\t" op " %%zmm20,%%zmm20\n\t"
/* the kernel's mix of other operations: adds, XORs, 3-way XORs, a byte
 * shuffle and an unpack */
#define MIX8                                                                                  \
    "vpaddd %%zmm31,%%zmm13,%%zmm13\n\tvpaddd %%zmm31,%%zmm14,%%zmm14\n\t"                   \
    "vpxorq %%zmm31,%%zmm15,%%zmm15\n\tvpxorq %%zmm31,%%zmm16,%%zmm16\n\t"                   \
    "vpshufb %%zmm30,%%zmm17,%%zmm17\n\tvpunpcklqdq %%zmm31,%%zmm18,%%zmm18\n\t"             \
    "vpternlogq $0x96,%%zmm31,%%zmm10,%%zmm19\n\tvpternlogq $0x96,%%zmm31,%%zmm11,%%zmm20\n\t"

#define CLOBBERS                                                                              \
    "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",  \
        "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "xmm16", "xmm17", "xmm18",      \
        "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24", "xmm30", "xmm31"
#define CASE(name, body)                                                                      \
    static __attribute__((noinline)) uint64_t name(void)                                      \
    {                                                                                         \
        uint64_t t0 = __rdtsc();                                                              \
        long n = N;                                                                           \
        __asm__ volatile("1:\n\t" body "dec %0\n\tjnz 1b\n\t" : "+r"(n)::CLOBBERS);           \
        return __rdtsc() - t0;                                                                \
    }

CASE(aes10, AES10)
CASE(clmul3x, CLMUL3("xmm"))
CASE(clmul3y, CLMUL3("ymm"))
CASE(clmul3z, CLMUL3("zmm"))
CASE(aes10_clmul3, AES10 CLMUL3("zmm"))
CASE(aes10_xor8, AES10 OP8("vpxorq"))
CASE(clmul3_xor8, CLMUL3("zmm") OP8("vpxorq"))
CASE(aes10_clmul3_xor8, AES10 CLMUL3("zmm") OP8("vpxorq"))
CASE(aes10_clmul3_shuf8, AES10 CLMUL3("zmm") OP8("vpshufb"))
CASE(aes10_clmul3_mix8, AES10 CLMUL3("zmm") MIX8)
CASE(aes10_clmul3_mix16, AES10 CLMUL3("zmm") MIX8 MIX8)
CASE(aes10_shuf8, AES10 OP8("vpshufb"))
CASE(aes10_unpck8, AES10 OP8("vpunpcklqdq"))
CASE(aes10_xor16, AES10 OP8("vpxorq") OP8("vpxorq"))
CASE(aes10_xor24, AES10 OP8("vpxorq") OP8("vpxorq") OP8("vpxorq"))
CASE(clmul3_shuf8, CLMUL3("zmm") OP8("vpshufb"))
CASE(clmul3_xor16, CLMUL3("zmm") OP8("vpxorq") OP8("vpxorq"))
CASE(aes12_clmul3, AES10 AES2 CLMUL3("zmm"))
CASE(aes14_clmul3, AES10 AES4 CLMUL3("zmm"))
CASE(aes14, AES10 AES4)
CASE(aes10_pshufd8, AES10 OP8U("vpshufd $0x4e,"))
CASE(aes10_srlq8, AES10 OP8U("vpsrlq $7,"))
CASE(aes10_gf2p8_8, AES10 OP8("vgf2p8affineqb $0,"))
CASE(aes10_valignq8, AES10 OP8("valignq $2,"))
CASE(aes10_vpermq8, AES10 OP8("vpermq"))
CASE(aes10_mshift8, AES10 OP8("vpmultishiftqb"))
CASE(aes10_unpckbw8, AES10 OP8("vpunpcklbw"))
CASE(aes10_shuflw8, AES10 OP8U("vpshuflw $0x1b,"))
CASE(aes10_clmul3_xor4, AES10 CLMUL3("zmm") OP8U("vpsrlw $8,"))

int main(void)
{
    static const struct {
        const char *name;
        uint64_t (*f)(void);
    } c[] = {{"10 vaesenc zmm", aes10},
             {"3 vpclmulqdq xmm", clmul3x},
             {"3 vpclmulqdq ymm", clmul3y},
             {"3 vpclmulqdq zmm", clmul3z},
             {"10 aes + 3 clmul", aes10_clmul3},
             {"10 aes + 8 xor", aes10_xor8},
             {"3 clmul + 8 xor", clmul3_xor8},
             {"10 aes + 3 clmul + 8 xor", aes10_clmul3_xor8},
             {"10 aes + 3 clmul + 8 vpshufb", aes10_clmul3_shuf8},
             {"10 aes + 3 clmul + 8 mixed", aes10_clmul3_mix8},
             {"10 aes + 3 clmul + 16 mixed", aes10_clmul3_mix16},
             {"10 aes + 8 vpshufb", aes10_shuf8},
             {"10 aes + 8 vpunpcklqdq", aes10_unpck8},
             {"10 aes + 16 xor", aes10_xor16},
             {"10 aes + 24 xor", aes10_xor24},
             {"3 clmul + 8 vpshufb", clmul3_shuf8},
             {"3 clmul + 16 xor", clmul3_xor16},
             {"12 aes + 3 clmul", aes12_clmul3},
             {"14 vaesenc zmm", aes14},
             {"14 aes + 3 clmul", aes14_clmul3},
             {"10 aes + 8 vpshufd", aes10_pshufd8},
             {"10 aes + 8 vpsrlq", aes10_srlq8},
             {"10 aes + 8 vgf2p8affineqb", aes10_gf2p8_8},
             {"10 aes + 8 valignq", aes10_valignq8},
             {"10 aes + 8 vpermq", aes10_vpermq8},
             {"10 aes + 8 vpmultishiftqb", aes10_mshift8},
             {"10 aes + 8 vpunpcklbw", aes10_unpckbw8},
             {"10 aes + 8 vpshuflw", aes10_shuflw8},
             {"10 aes + 3 clmul + 8 vpsrlw", aes10_clmul3_xor4}};
    enum { NC = sizeof c / sizeof c[0] };
    uint64_t best[NC];
    unsigned i, r;
    for (i = 0; i < NC; i++)
        best[i] = UINT64_MAX;
    for (r = 0; r < 40; r++)
        for (i = 0; i < NC; i++) {
            uint64_t t = c[i].f();
            best[i] = t < best[i] ? t : best[i];
        }
    printf("%-30s %12s %22s\n", "loop body (independent chains)", "ticks/iter",
           "x16 (per 64 blocks)");
    for (i = 0; i < NC; i++)
        printf("%-30s %12.2f %22.1f\n", c[i].name, (double)best[i] / N,
               16.0 * (double)best[i] / N);
    return 0;
}
