/*
 * sha2_x86_round_i.h -- one SHA-256 or SHA-512 round on the x86-64 integer
 * units, as one GNU asm statement, for the entries whose message schedule
 * runs on vector registers (sha256_x86v.c, sha512_x86.c, sha512_avx512.c).
 * Not installed.
 *
 * Implementation notes:
 * - Form: the usual round (T1 = h + W+K + Ch + Sigma1; d += T1) puts five
 *   dependent operations between e and the next e. Here d + h + W+K is
 *   added before e is known and Ch (two operations after e) before Sigma1
 *   (three), so e' = (d + h + W+K + Ch) + Sigma1(e) is four operations
 *   behind e; a' = e' + ((b & c) - d) + (a & (b ^ c)) + Sigma0(a), which is
 *   T1 + Maj + Sigma0 (the two Maj terms have no common bit), runs two
 *   operations behind e'. 24 integer operations a round with RORX (BMI2);
 *   one asm statement, so that the compiler keeps that order and
 *   association. Without BMI2 each rotation is MOV + ROR (the MOV is
 *   renamed away on current cores).
 * - The caller names its state a..h and temporaries t0..t3 (uint32_t for
 *   SHA-256, uint64_t for SHA-512) and reads W[i] + K[i] from memory.
 * - Constant time: fixed instruction sequence, no memory index from data.
 */
#ifndef RIJN_SHA2_X86_ROUND_I_H
#define RIJN_SHA2_X86_ROUND_I_H

/* rotate s right by n into d: one RORX, or MOV + ROR (sfx: "l" or "q") */
#define SR_RORX(sfx, n, s, d) "rorx $" #n ", %[" #s "], %[" #d "]\n\t"
#define SR_MOVROR(sfx, n, s, d) "mov" sfx " %[" #s "], %[" #d "]\n\tror" sfx " $" #n ", %[" #d "]\n\t"

/* One round on a..h; ROT one of the two above; S1a..c / S0a..c the
 * rotation counts of Sigma1 / Sigma0; wkm the memory word W[i] + K[i]. */
#define SR_ROUND(ROT, sfx, S1a, S1b, S1c, S0a, S0b, S0c, a, b, c, d, e, f, g, h, wkm) \
    __asm__("mov" sfx " %[sf], %[t3]\n\t"                                            \
            "xor" sfx " %[sg], %[t3]\n\t"                                            \
            "and" sfx " %[se], %[t3]\n\t"                                            \
            "xor" sfx " %[sg], %[t3]\n\t"                                            \
            ROT(sfx, S1a, se, t0) ROT(sfx, S1b, se, t1)                              \
            "xor" sfx " %[t1], %[t0]\n\t"                                            \
            ROT(sfx, S1c, se, t1)                                                    \
            "xor" sfx " %[t1], %[t0]\n\t"                                            \
            "mov" sfx " %[sb], %[t2]\n\t"                                            \
            "and" sfx " %[sc], %[t2]\n\t"                                            \
            "sub" sfx " %[sd], %[t2]\n\t"                                            \
            "add" sfx " %[wk], %[sh]\n\t"                                            \
            "add" sfx " %[sh], %[sd]\n\t"                                            \
            "add" sfx " %[t3], %[sd]\n\t"                                            \
            "add" sfx " %[t0], %[sd]\n\t"                                            \
            "mov" sfx " %[sb], %[t1]\n\t"                                            \
            "xor" sfx " %[sc], %[t1]\n\t"                                            \
            "and" sfx " %[sa], %[t1]\n\t"                                            \
            "add" sfx " %[t1], %[t2]\n\t"                                            \
            ROT(sfx, S0a, sa, t3) ROT(sfx, S0b, sa, t1)                              \
            "xor" sfx " %[t1], %[t3]\n\t"                                            \
            ROT(sfx, S0c, sa, t1)                                                    \
            "xor" sfx " %[t1], %[t3]\n\t"                                            \
            "add" sfx " %[sd], %[t2]\n\t"                                            \
            "lea" sfx " (%q[t2], %q[t3]), %[sh]\n\t"                                 \
            : [sd] "+r"(d), [sh] "+r"(h), [t0] "=&r"(t0), [t1] "=&r"(t1),           \
              [t2] "=&r"(t2), [t3] "=&r"(t3)                                         \
            : [sa] "r"(a), [sb] "r"(b), [sc] "r"(c), [se] "r"(e), [sf] "r"(f),      \
              [sg] "r"(g), [wk] "m"(wkm))

#define SR_ROUND256(ROT, a, b, c, d, e, f, g, h, wkm) \
    SR_ROUND(ROT, "l", 6, 11, 25, 2, 13, 22, a, b, c, d, e, f, g, h, wkm)
#define SR_ROUND512(ROT, a, b, c, d, e, f, g, h, wkm) \
    SR_ROUND(ROT, "q", 14, 18, 41, 28, 34, 39, a, b, c, d, e, f, g, h, wkm)

/* Eight rounds i..i+7 (the names rotate instead of the values); WK(i, j)
 * is the memory word W[i + j] + K[i + j] (buffers of two interleaved blocks
 * place the words differently). */
#define SR_ROUND8(R, ROT, WK, i)                   \
    do {                                           \
        R(ROT, a, b, c, d, e, f, g, h, WK(i, 0));  \
        R(ROT, h, a, b, c, d, e, f, g, WK(i, 1));  \
        R(ROT, g, h, a, b, c, d, e, f, WK(i, 2));  \
        R(ROT, f, g, h, a, b, c, d, e, WK(i, 3));  \
        R(ROT, e, f, g, h, a, b, c, d, WK(i, 4));  \
        R(ROT, d, e, f, g, h, a, b, c, WK(i, 5));  \
        R(ROT, c, d, e, f, g, h, a, b, WK(i, 6));  \
        R(ROT, b, c, d, e, f, g, h, a, WK(i, 7));  \
    } while (0)
/* W + K in one array, word after word */
#define SR_WK_LINEAR(i, j) wk[(i) + (j)]

#endif
