/*
 * keccak_f1600_lc.c -- Keccak-f[1600] with lane complementing, for x86-64
 * CPUs without BMI1 ("x86-64" in keccak_f1600.c's registry, after
 * "avx512vl" and "bmi1").
 *
 * Implementation notes:
 * - Lane complementing (the Keccak team's implementation overview, 2.2):
 *   lanes 1, 2, 8, 12, 17 and 20 are held complemented between rounds, so
 *   chi's ~b & c becomes b | c, b & c, or the one NOT a plane shares: 5
 *   NOTs a round instead of 25 (x86-64 before BMI1 has no AND-NOT; each
 *   ~b & c was MOV + NOT + AND). The six lanes are complemented once on
 *   entry and once on exit.
 * - A round reads one 25-lane array and writes the other (s and a stack
 *   copy, in turn), so no lane is copied; per plane five D words and five
 *   B words are live. GCC 12 scalarizes both arrays (registers and stack
 *   slots), as it does the 50 named lanes of keccak_f1600_unrolled.c.
 * - The round is generated and checked by src/hash/tools/gen_keccak_lc.py
 *   (chi's forms found per lane from the complement masks; the statements
 *   interpreted on random states against Keccak-f[1600]);
 *   tests/hash/test_keccak_lc_gen.py checks that the text below is its
 *   output.
 * - Measured (Zen 5 EPYC, GCC 12 -O3, RIJN_CPU_MASK=0xF: no AVX, no BMI1;
 *   one process with OpenSSL 3 masked alike (its keccak1600-x86_64, also
 *   lane-complemented), medians of 11 reps, three runs): SHA3-256 of
 *   1 MiB 1.09-1.10x OpenSSL's time with the unrolled version, 0.99-1.00x
 *   with this one; 1 KiB 0.95 -> 0.86x, 64 B 0.53 -> 0.49x. With a
 *   compiler barrier after each round (the arrays really in memory, the
 *   loads folded into XORs: 20% fewer instructions) 2% slower; with the
 *   next round's column parities accumulated as the lanes are written
 *   (gen_keccak_lc.py's AHEAD) no faster (with the barrier too, 12%
 *   slower).
 * - Constant time: XOR, AND, OR, NOT and rotations by constants only.
 * - Proof: tests/hash/test_impls_sha3.c (every registry entry against the
 *   KATs and the reference entry, and against rijn_keccak_f1600 on a
 *   random state), tests/hash/test_sha3_*.c at RIJN_CPU_MASK=0xF.
 */
#include "hash_i.h"

#if RIJN_I_KECCAK_X86 && RIJN_CFG_HASH_SHA3

#define ROL64(x, n) (((x) << (n)) | ((x) >> (64 - (n))))

/* BEGIN GENERATED (src/hash/tools/gen_keccak_lc.py) */
/* One round, S -> D (lanes 1, 2, 8, 12, 17, 20 complemented on both sides; 5 NOTs),
 * rc its round constant. */
#define LC_ROUND(S, D, rc)                                                         \
    do {                                                                           \
        c0 = S[0] ^ S[5] ^ S[10] ^ S[15] ^ S[20];                                  \
        c1 = S[1] ^ S[6] ^ S[11] ^ S[16] ^ S[21];                                  \
        c2 = S[2] ^ S[7] ^ S[12] ^ S[17] ^ S[22];                                  \
        c3 = S[3] ^ S[8] ^ S[13] ^ S[18] ^ S[23];                                  \
        c4 = S[4] ^ S[9] ^ S[14] ^ S[19] ^ S[24];                                  \
        d0 = c4 ^ ROL64(c1, 1);                                                    \
        d1 = c0 ^ ROL64(c2, 1);                                                    \
        d2 = c1 ^ ROL64(c3, 1);                                                    \
        d3 = c2 ^ ROL64(c4, 1);                                                    \
        d4 = c3 ^ ROL64(c0, 1);                                                    \
        b0 = S[0] ^ d0;                                                            \
        b1 = ROL64(S[6] ^ d1, 44);                                                 \
        b2 = ROL64(S[12] ^ d2, 43);                                                \
        b3 = ROL64(S[18] ^ d3, 21);                                                \
        b4 = ROL64(S[24] ^ d4, 14);                                                \
        n2 = ~b2;                                                                  \
        D[0] = b0 ^ (b1 | b2) ^ rc;                                                \
        D[1] = b1 ^ (n2 | b3);                                                     \
        D[2] = b2 ^ (b3 & b4);                                                     \
        D[3] = b3 ^ (b4 | b0);                                                     \
        D[4] = b4 ^ (b0 & b1);                                                     \
        b0 = ROL64(S[3] ^ d3, 28);                                                 \
        b1 = ROL64(S[9] ^ d4, 20);                                                 \
        b2 = ROL64(S[10] ^ d0, 3);                                                 \
        b3 = ROL64(S[16] ^ d1, 45);                                                \
        b4 = ROL64(S[22] ^ d2, 61);                                                \
        n4 = ~b4;                                                                  \
        D[5] = b0 ^ (b1 | b2);                                                     \
        D[6] = b1 ^ (b2 & b3);                                                     \
        D[7] = b2 ^ (b3 | n4);                                                     \
        D[8] = b3 ^ (b4 | b0);                                                     \
        D[9] = b4 ^ (b0 & b1);                                                     \
        b0 = ROL64(S[1] ^ d1, 1);                                                  \
        b1 = ROL64(S[7] ^ d2, 6);                                                  \
        b2 = ROL64(S[13] ^ d3, 25);                                                \
        b3 = ROL64(S[19] ^ d4, 8);                                                 \
        b4 = ROL64(S[20] ^ d0, 18);                                                \
        n3 = ~b3;                                                                  \
        D[10] = b0 ^ (b1 | b2);                                                    \
        D[11] = b1 ^ (b2 & b3);                                                    \
        D[12] = b2 ^ (n3 & b4);                                                    \
        D[13] = n3 ^ (b4 | b0);                                                    \
        D[14] = b4 ^ (b0 & b1);                                                    \
        b0 = ROL64(S[4] ^ d4, 27);                                                 \
        b1 = ROL64(S[5] ^ d0, 36);                                                 \
        b2 = ROL64(S[11] ^ d1, 10);                                                \
        b3 = ROL64(S[17] ^ d2, 15);                                                \
        b4 = ROL64(S[23] ^ d3, 56);                                                \
        n3 = ~b3;                                                                  \
        D[15] = b0 ^ (b1 & b2);                                                    \
        D[16] = b1 ^ (b2 | b3);                                                    \
        D[17] = b2 ^ (n3 | b4);                                                    \
        D[18] = n3 ^ (b4 & b0);                                                    \
        D[19] = b4 ^ (b0 | b1);                                                    \
        b0 = ROL64(S[2] ^ d2, 62);                                                 \
        b1 = ROL64(S[8] ^ d3, 55);                                                 \
        b2 = ROL64(S[14] ^ d4, 39);                                                \
        b3 = ROL64(S[15] ^ d0, 41);                                                \
        b4 = ROL64(S[21] ^ d1, 2);                                                 \
        n1 = ~b1;                                                                  \
        D[20] = b0 ^ (n1 & b2);                                                    \
        D[21] = n1 ^ (b2 | b3);                                                    \
        D[22] = b2 ^ (b3 & b4);                                                    \
        D[23] = b3 ^ (b4 | b0);                                                    \
        D[24] = b4 ^ (b0 & b1);                                                    \
    } while (0)
/* END GENERATED */

void rijn_i_keccak_f1600_lc(uint64_t s[25])
{
    uint64_t t[25], b0, b1, b2, b3, b4, c0, c1, c2, c3, c4, d0, d1, d2, d3, d4, n1, n2, n3, n4;
    unsigned r;
    s[1] = ~s[1]; s[2] = ~s[2]; s[8] = ~s[8]; s[12] = ~s[12]; s[17] = ~s[17]; s[20] = ~s[20];
    for (r = 0; r < 24; r += 2) {
        LC_ROUND(s, t, rijn_i_keccak_rc[r]);
        LC_ROUND(t, s, rijn_i_keccak_rc[r + 1]);
    }
    s[1] = ~s[1]; s[2] = ~s[2]; s[8] = ~s[8]; s[12] = ~s[12]; s[17] = ~s[17]; s[20] = ~s[20];
    rijn_i_hash_wipe(t, sizeof t);
}
#else
typedef int rijn_i_keccak_lc_empty; /* ISO C: no empty translation unit */
#endif
