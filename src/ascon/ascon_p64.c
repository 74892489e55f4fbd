/*
 * ascon_p64.c -- the Ascon permutation on 64-bit words (NIST SP 800-232
 * section 3).
 *
 * Implementation notes
 *   One round: constant addition into S2, the 5-bit S-box as the
 *   bitsliced sequence of XOR/AND/NOT on the five words (x0 ^= x4 ...),
 *   then the linear layer Si ^= (Si >>> r1) ^ (Si >>> r2) with the
 *   rotations (19,28), (61,39), (1,6), (10,17), (7,41). Round i of 12 has
 *   the constant ((15 - i) << 4) | i; p[n] runs rounds 12-n..11.
 *   Constant time: only XOR, AND, NOT and fixed rotations; the round count
 *   is public.
 *   Vectors: every Ascon KAT (tests/ascon/test_ascon.c) on the default build,
 *   and this permutation against the bit-interleaved one on random states.
 */
#include "ascon_i.h"

#include "internal.h"

#define ROR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

void rijn_i_ascon_p64(uint64_t s[5], unsigned rounds)
{
    uint64_t x0 = s[0], x1 = s[1], x2 = s[2], x3 = s[3], x4 = s[4], t0, t1, t2, t3, t4;
    unsigned i;
    for (i = 12 - rounds; i < 12; i++) {
        x2 ^= (uint64_t)(((15u - i) << 4) | i);
        x0 ^= x4;
        x4 ^= x3;
        x2 ^= x1;
        t0 = ~x0 & x1;
        t1 = ~x1 & x2;
        t2 = ~x2 & x3;
        t3 = ~x3 & x4;
        t4 = ~x4 & x0;
        x0 ^= t1;
        x1 ^= t2;
        x2 ^= t3;
        x3 ^= t4;
        x4 ^= t0;
        x1 ^= x0;
        x0 ^= x4;
        x3 ^= x2;
        x2 = ~x2;
        x0 ^= ROR64(x0, 19) ^ ROR64(x0, 28);
        x1 ^= ROR64(x1, 61) ^ ROR64(x1, 39);
        x2 ^= ROR64(x2, 1) ^ ROR64(x2, 6);
        x3 ^= ROR64(x3, 10) ^ ROR64(x3, 17);
        x4 ^= ROR64(x4, 7) ^ ROR64(x4, 41);
    }
    s[0] = x0;
    s[1] = x1;
    s[2] = x2;
    s[3] = x3;
    s[4] = x4;
}
