/*
 * chacha20_key_i.h -- one scalar ChaCha20 block on the integer units,
 * spliced into the vector rounds of chacha20_ssse3.c and chacha20_avx2.c
 * (their rijn_i_chacha20_key_* entries: the ChaCha20-Poly1305 seal's block
 * 0, its one-time Poly1305 key, beside the first group of text blocks).
 *
 * Rows a and b of the block live in eight 32-bit register operands
 * [a0]..[a3], [b0]..[b3]; rows c and d in the work area at base (c) and
 * base + 16 (d) of the pointer operand x. The scratch registers are those
 * of the text pointers [in] and [out] (their 32-bit halves), saved at
 * base + 40 and base + 48 meanwhile: 11 general registers in all (GCC -O0
 * found no 13). A quarter round: 16 instructions, ADD, XOR, ROL, MOV -- no
 * branch, no address on data. Each double round of the vector code carries
 * one of the block's double rounds, two quarter rounds after each of its
 * four quarter-round pairs.
 */
#ifndef RIJN_CHACHA20_KEY_I_H
#define RIJN_CHACHA20_KEY_I_H

#include "internal.h"

/* quarter round on a[A], b[B], c[C], d[D] (c, d at base of x) */
#define RIJN_I_KEY_QR(A, B, C, D, base)                                                  \
    "addl %[b" #B "], %[a" #A "]\n\t"                                                    \
    "movl " base "+16+4*" #D "(%[x]), %k[in]\n\t"                                        \
    "xorl %[a" #A "], %k[in]\n\t"                                                        \
    "roll $16, %k[in]\n\t"                                                               \
    "movl " base "+4*" #C "(%[x]), %k[out]\n\t"                                          \
    "addl %k[in], %k[out]\n\t"                                                           \
    "xorl %k[out], %[b" #B "]\n\t"                                                       \
    "roll $12, %[b" #B "]\n\t"                                                           \
    "addl %[b" #B "], %[a" #A "]\n\t"                                                    \
    "xorl %[a" #A "], %k[in]\n\t"                                                        \
    "roll $8, %k[in]\n\t"                                                                \
    "movl %k[in], " base "+16+4*" #D "(%[x])\n\t"                                        \
    "addl %k[in], %k[out]\n\t"                                                           \
    "movl %k[out], " base "+4*" #C "(%[x])\n\t"                                          \
    "xorl %k[out], %[b" #B "]\n\t"                                                       \
    "roll $7, %[b" #B "]\n\t"
/* the vector double round DR4(a, b, c, d) with the block's double round:
 * columns after the first two quarter-round pairs, diagonals after the
 * last two */
#define RIJN_I_KEY_DR(DR4, base)                                                         \
    DR4(RIJN_I_KEY_QR(0, 0, 0, 0, base) RIJN_I_KEY_QR(1, 1, 1, 1, base),                 \
        RIJN_I_KEY_QR(2, 2, 2, 2, base) RIJN_I_KEY_QR(3, 3, 3, 3, base),                 \
        RIJN_I_KEY_QR(0, 1, 2, 3, base) RIJN_I_KEY_QR(1, 2, 3, 0, base),                 \
        RIJN_I_KEY_QR(2, 3, 0, 1, base) RIJN_I_KEY_QR(3, 0, 1, 2, base))
/* the operands (uint32_t a0..a3, b0..b3 = the input block's words 0..7
 * before; the pointers in, out, given back unchanged) */
#define RIJN_I_KEY_OPS                                                                   \
    [a0] "+r"(a0), [a1] "+r"(a1), [a2] "+r"(a2), [a3] "+r"(a3), [b0] "+r"(b0),           \
        [b1] "+r"(b1), [b2] "+r"(b2), [b3] "+r"(b3), [in] "+r"(in), [out] "+r"(out)
/* 10 double rounds DR (one loop, counted at base + 32) between the text
 * pointers' save and restore */
#define RIJN_I_KEY_ROUNDS(DR, base)                                                      \
    "movq %[in], " base "+40(%[x])\n\t"                                                  \
    "movq %[out], " base "+48(%[x])\n\t"                                                 \
    "movl $10, " base "+32(%[x])\n"                                                      \
    "1:\n\t" DR "decl " base "+32(%[x])\n\t"                                             \
    "jnz 1b\n\t"                                                                         \
    "movq " base "+40(%[x]), %[in]\n\t"                                                  \
    "movq " base "+48(%[x]), %[out]\n\t"

/* block 0: st's block into ks (64 bytes) on the integer units, beside one
 * group of vector rounds of the calling file (its assembly INIT, the double
 * round KDR = RIJN_I_KEY_DR(its DR4, base), FINISH; its operands KIN without
 * the text pointers, CLOBBER); w its work area (kcd at base), in and out its
 * text pointers (given back unchanged) */
#define RIJN_I_KEY_BLOCK(INIT, KDR, FINISH, KIN, CLOBBER, base, ks, st, w)              \
    do {                                                                                 \
        uint32_t a0 = (st)[0], a1 = (st)[1], a2 = (st)[2], a3 = (st)[3], b0 = (st)[4],   \
                 b1 = (st)[5], b2 = (st)[6], b3 = (st)[7];                               \
        memcpy((w).kcd, (st) + 8, sizeof(w).kcd);                                        \
        __asm__(INIT RIJN_I_KEY_ROUNDS(KDR, base) FINISH                                 \
                : RIJN_I_KEY_OPS                                                         \
                : KIN                                                                    \
                : "cc", CLOBBER);                                                        \
        rijn_i_chacha20_key_out(ks, st, a0, a1, a2, a3, b0, b1, b2, b3, (w).kcd);        \
    } while (0)

/* the block: rounds' output plus the input st, little-endian */
static inline void rijn_i_chacha20_key_out(uint8_t ks[64], const uint32_t st[16], uint32_t a0,
                                           uint32_t a1, uint32_t a2, uint32_t a3, uint32_t b0,
                                           uint32_t b1, uint32_t b2, uint32_t b3,
                                           const uint32_t cd[8])
{
    int i;
    rijn_store32_le(ks, a0 + st[0]);
    rijn_store32_le(ks + 4, a1 + st[1]);
    rijn_store32_le(ks + 8, a2 + st[2]);
    rijn_store32_le(ks + 12, a3 + st[3]);
    rijn_store32_le(ks + 16, b0 + st[4]);
    rijn_store32_le(ks + 20, b1 + st[5]);
    rijn_store32_le(ks + 24, b2 + st[6]);
    rijn_store32_le(ks + 28, b3 + st[7]);
    for (i = 0; i < 8; i++)
        rijn_store32_le(ks + 32 + 4 * i, cd[i] + st[8 + i]);
}

#endif
