/*
 * poly1305_r13_i.h -- Poly1305 in radix 2^13 for the cores without a
 * constant-time 32x32 -> 64-bit multiply (included by poly1305.c).
 *
 * Implementation notes
 *   Where: the Cortex-M0/M0+ (Thumb-1: no long multiply at all) and the
 *   Cortex-M3 (UMULL/UMLAL stop early on small operands), where the
 *   radix-2^32 code's 17 products cost four 16x16 MULs each
 *   (core/mul64_i.h). Here every product is one 32-bit MUL (MLA on the
 *   M3), constant time: 100 a block.
 *   Layout: h and r are ten 13-bit limbs, h = sum h_i 2^(13 i), so the
 *   130 bits are exact and 2^130 = 5 mod p folds as q_j = 5 r_j. Between
 *   calls both are packed two limbs a word (limb 2k in bits 0..15 of
 *   c->h[k] / c->r[k], limb 2k + 1 in bits 16..31).
 *   Bounds: clamping clears key bits 28..33, 60..65, 92..97 and 124..127,
 *   so r_j <= 8191 except r_2 <= 7939, r_4 <= 255, r_5 <= 8190,
 *   r_7 <= 8065, r_9 <= 127. After a block's carry chain h_i < 2^13 except
 *   h_1 < 2^13 + 322 (the wrap adds 5 (d_9 >> 13) < 5 * 2^19 to h_0, whose
 *   carry goes to h_1); a message limb adds below 2^13 (limb 9: 2^12 with
 *   the 2^128 bit). Column k, sum of h_i r_(k-i) over i <= k plus
 *   h_i q_(k+10-i) over i > k, plus the carry in (< 2^19), is then below
 *   2^31.95 for k = 1 (2^31.75, 31.59, ... for k = 2, 3, ...; computed
 *   from those maxima) but up to 2^32.12 for k = 0, so column 0 carries
 *   after its first five products (below 2^31.0; the rest, plus those
 *   13 bits, below 2^31.23; both carries into column 1 keep it below
 *   2^31.95). h < 2^130 + 2^22 < 2p after every block, so h_final packs
 *   the limbs into radix-2^32 words and finishes as that code does.
 *   Two columns an asm block (R13_PAIR), each q_t loaded once for both:
 *   Cortex-M3 with h in registers (LDR + 2 MLA), Cortex-M0 with h on the
 *   stack too (LDR q_t, then LDR h_i, MULS, ADDS a column: 3.5 a
 *   product); in C elsewhere (hosts' tests, clang on Thumb-1).
 *   Constant time: MULS/MUL/MLA take fixed cycles on these cores (M0: 1,
 *   or 32 with the small multiplier; M3: 1 / 2); no branch or index on
 *   h, r or the message (mcu/trace/trace.py m0, m3: constant).
 *   Measured (mcu/measure.py, instructions, radix 2^32 -> this, -Os /
 *   -O2; stack painted, flash of the poly1305 feature link):
 *     poly1305 1 KiB   M0 71,531 -> 34,844 / 84,459 -> 34,393;
 *                      M3 20,269 -> 16,364 / 20,341 -> 15,791
 *     poly1305 64 B    M0 5,711 -> 3,644 / 6,399 -> 3,493;
 *                      M3 2,149 -> 2,084 / 1,981 -> 1,871
 *     chachapoly seal 64 B  M0 16,036 -> 12,919 / 16,672 -> 12,316;
 *                      M3 6,183 -> 6,102 / 5,753 -> 5,581
 *     stack M0 464 -> 336 / 456 -> 324, M3 232 -> 300 / 240 -> 300;
 *     flash M0 1,832 -> 2,432 / 1,968 -> 2,536, M3 1,804 -> 2,008 /
 *     2,152 -> 2,076. (The columns in C on the M0: 36,965 / 43,811.)
 *   Vectors: tests/mac/test_poly1305_radix13.c compiles this path on every
 *   host (RFC 7539 vectors, OpenSSL differential on edge keys and
 *   messages, among them r at its maximum after a block that leaves h =
 *   2^130 - 30, which overflows column 0 without its early carry); on the
 *   emulated M0/M3 the RFC vectors and mcu/tools/mkvec.py's edge cases
 *   (the same one included; both fail with column 0 in one part).
 */
#define M13 0x1fffu
#define P_HIBIT ((uint32_t)1 << 11) /* 2^128 = 2^11 in limb 9 */

/* l[i] = base(i) + limb i of the 128-bit little-endian (w0..w3) */
#define SPLIT13(l, base, w0, w1, w2, w3)                                                   \
    do {                                                                                  \
        (l)[0] = base(0) + ((w0) & M13);                                                   \
        (l)[1] = base(1) + (((w0) >> 13) & M13);                                           \
        (l)[2] = base(2) + ((((w0) >> 26) | ((w1) << 6)) & M13);                           \
        (l)[3] = base(3) + (((w1) >> 7) & M13);                                            \
        (l)[4] = base(4) + ((((w1) >> 20) | ((w2) << 12)) & M13);                          \
        (l)[5] = base(5) + (((w2) >> 1) & M13);                                            \
        (l)[6] = base(6) + (((w2) >> 14) & M13);                                           \
        (l)[7] = base(7) + ((((w2) >> 27) | ((w3) << 5)) & M13);                           \
        (l)[8] = base(8) + (((w3) >> 8) & M13);                                            \
        (l)[9] = base(9) + ((w3) >> 21);                                                   \
    } while (0)
#define R13_ZERO(i) 0u
#define R13_L(i) l[i]

/* column k of h r mod 2^130 - 5: h_i times q[k + 10 - i] */
#define R13_COL(k)                                                                        \
    (h[0] * q[(k) + 10] + h[1] * q[(k) + 9] + h[2] * q[(k) + 8] + h[3] * q[(k) + 7] +     \
     h[4] * q[(k) + 6] + h[5] * q[(k) + 5] + h[6] * q[(k) + 4] + h[7] * q[(k) + 3] +      \
     h[8] * q[(k) + 2] + h[9] * q[(k) + 1])
/* next limbs: n = d mod 2^13, d = d >> 13 + column k */
#define R13_NEXT(n, k) (n) = d & M13, d = (d >> 13) + R13_COL(k)

/* asm operands of R13_PAIR: h[0..9] (constraint c), q[k + 1] .. q[k + 11] */
#define R13_HOPS(c)                                                                       \
    [h0] c(h[0]), [h1] c(h[1]), [h2] c(h[2]), [h3] c(h[3]), [h4] c(h[4]), [h5] c(h[5]),    \
        [h6] c(h[6]), [h7] c(h[7]), [h8] c(h[8]), [h9] c(h[9])
#define R13_LD(t) "ldr %[x], %[q" #t "]\n\t"
#define R13_QOPS(k)                                                                       \
    [q1] "m"(q[(k) + 1]), [q2] "m"(q[(k) + 2]), [q3] "m"(q[(k) + 3]), [q4] "m"(q[(k) + 4]), \
        [q5] "m"(q[(k) + 5]), [q6] "m"(q[(k) + 6]), [q7] "m"(q[(k) + 7]),                 \
        [q8] "m"(q[(k) + 8]), [q9] "m"(q[(k) + 9]), [q10] "m"(q[(k) + 10]),               \
        [q11] "m"(q[(k) + 11])

#if defined(__ARM_ARCH_7M__) && defined(__GNUC__) && !defined(__clang__)
/* Cortex-M3: columns k (a; in: its carry) and k + 1 (b) together, each
 * q[t] loaded once for both (11 LDR, 20 MUL/MLA in registers); mid after
 * column k's first five products (column 0: its carry into b, see the
 * notes). h0..h9, a, b and x take 13 of the 14 registers. */
#define R13_AB(i, j)                                                                      \
    "mla %[a], %[h" #i "], %[x], %[a]\n\tmla %[b], %[h" #j "], %[x], %[b]\n\t"
#define R13_PAIR(k, mid)                                                                  \
    __asm__(R13_LD(11) "mul %[b], %[h0], %[x]\n\t" R13_LD(10) R13_AB(0, 1) R13_LD(9)      \
            R13_AB(1, 2) R13_LD(8) R13_AB(2, 3) R13_LD(7) R13_AB(3, 4) R13_LD(6)          \
            R13_AB(4, 5) mid R13_LD(5) R13_AB(5, 6) R13_LD(4) R13_AB(6, 7) R13_LD(3)      \
            R13_AB(7, 8) R13_LD(2) R13_AB(8, 9) R13_LD(1) "mla %[a], %[h9], %[x], %[a]"   \
            : [a] "+&r"(a), [b] "=&r"(b), [x] "=&r"(x)                                    \
            : R13_HOPS("r"), R13_QOPS(k))
#define R13_MID "add %[b], %[b], %[a], lsr #13\n\tbfc %[a], #13, #19\n\t"
#define R13_Y
#elif defined(__thumb__) && !defined(__thumb2__) && defined(__GNUC__) && !defined(__clang__)
/* Cortex-M0: the same pairs with h in memory too (8 low registers):
 * LDR q_t, then LDR h_i, MULS, ADDS for each column, 3.5 a product
 * (divided syntax, as GCC reads Thumb-1 inline asm: MUL and ADD of low
 * registers are MULS and ADDS) */
#define R13_M(acc, i)                                                                     \
    "ldr %[y], %[h" #i "]\n\tmul %[y], %[x]\n\tadd %[" #acc "], %[y]\n\t"
#define R13_AB(i, j) R13_M(a, i) R13_M(b, j)
#define R13_PAIR(k, mid)                                                                  \
    __asm__(R13_LD(11) "ldr %[b], %[h0]\n\tmul %[b], %[x]\n\t" R13_LD(10)                \
            R13_AB(0, 1) R13_LD(9) R13_AB(1, 2) R13_LD(8) R13_AB(2, 3) R13_LD(7)          \
            R13_AB(3, 4) R13_LD(6) R13_AB(4, 5) mid R13_LD(5) R13_AB(5, 6) R13_LD(4)      \
            R13_AB(6, 7) R13_LD(3) R13_AB(7, 8) R13_LD(2) R13_AB(8, 9) R13_LD(1)          \
            R13_M(a, 9)                                                                   \
            : [a] "+&l"(a), [b] "=&l"(b), [x] "=&l"(x), [y] "=&l"(y)                      \
            : R13_HOPS("m"), R13_QOPS(k)                                                  \
            : "cc")
#define R13_MID "lsr %[y], %[a], #13\n\tadd %[b], %[y]\n\tlsl %[a], %[a], #19\n\t"      \
                "lsr %[a], %[a], #19\n\t"
#define R13_Y , y
#else
#define R13_Y
#endif
/* column k's limb, k + 1's sum and limb, k + 2's carry in a */
#define R13_CARRY(k) l[k] = a & M13, b += a >> 13, l[(k) + 1] = b & M13, a = b >> 13

/* q[10 + 2i], q[11 + 2i] = r_2i, r_2i+1 and q[2i], q[2i + 1] five times them */
#define R13_Q(i)                                                                          \
    (q[10 + 2 * (i)] = c->r[i] & 0xffffu, q[11 + 2 * (i)] = c->r[i] >> 16,              \
     q[2 * (i)] = q[10 + 2 * (i)] * 5, q[2 * (i) + 1] = q[11 + 2 * (i)] * 5)

static void blocks(rijn_poly1305_ctx *c, const uint8_t *m, size_t n, uint32_t hibit)
{
    /* q[1..9] = 5 r_1..5 r_9, q[10..19] = r_0..r_9 (q[0] = 5 r_0 unused);
     * l: h between blocks, h: h plus the block */
    uint32_t q[20], l[10], h[10], d;
#ifdef R13_PAIR
    uint32_t a, b, x R13_Y;
#endif
    R13_Q(0); R13_Q(1); R13_Q(2); R13_Q(3); R13_Q(4);
    l[0] = c->h[0] & 0xffffu; l[1] = c->h[0] >> 16;
    l[2] = c->h[1] & 0xffffu; l[3] = c->h[1] >> 16;
    l[4] = c->h[2] & 0xffffu; l[5] = c->h[2] >> 16;
    l[6] = c->h[3] & 0xffffu; l[7] = c->h[3] >> 16;
    l[8] = c->h[4] & 0xffffu; l[9] = c->h[4] >> 16;
    for (; n > 0; n--, m += 16) {
        const uint32_t w0 = rijn_load32_le(m), w1 = rijn_load32_le(m + 4),
                       w2 = rijn_load32_le(m + 8), w3 = rijn_load32_le(m + 12);
        SPLIT13(h, R13_L, w0, w1, w2, w3);
        h[9] += hibit;
#ifdef R13_PAIR
        a = 0;
        R13_PAIR(0, R13_MID);
        R13_CARRY(0);
        R13_PAIR(2, "");
        R13_CARRY(2);
        R13_PAIR(4, "");
        R13_CARRY(4);
        R13_PAIR(6, "");
        R13_CARRY(6);
        R13_PAIR(8, "");
        l[8] = a & M13; d = b + (a >> 13);
#else
        { /* column 0 in two parts (see the notes) */
            uint32_t cy;
            d = h[0] * q[10] + h[1] * q[9] + h[2] * q[8] + h[3] * q[7] + h[4] * q[6];
            cy = d >> 13;
            d = (d & M13) + h[5] * q[5] + h[6] * q[4] + h[7] * q[3] + h[8] * q[2] + h[9] * q[1];
            l[0] = d & M13;
            d = cy + (d >> 13) + R13_COL(1);
        }
        R13_NEXT(l[1], 2); R13_NEXT(l[2], 3); R13_NEXT(l[3], 4); R13_NEXT(l[4], 5);
        R13_NEXT(l[5], 6); R13_NEXT(l[6], 7); R13_NEXT(l[7], 8); R13_NEXT(l[8], 9);
#endif
        l[9] = d & M13;
        d = l[0] + (d >> 13) * 5; /* 2^130 = 5 */
        l[0] = d & M13;
        l[1] += d >> 13;
    }
    c->h[0] = l[0] | (l[1] << 16); c->h[1] = l[2] | (l[3] << 16);
    c->h[2] = l[4] | (l[5] << 16); c->h[3] = l[6] | (l[7] << 16);
    c->h[4] = l[8] | (l[9] << 16);
}

static void set_r(rijn_poly1305_ctx *c, const uint8_t key[16])
{
    uint32_t l[10];
    int i;
    SPLIT13(l, R13_ZERO, rijn_load32_le(key) & 0x0fffffffu,
            rijn_load32_le(key + 4) & 0x0ffffffcu, rijn_load32_le(key + 8) & 0x0ffffffcu,
            rijn_load32_le(key + 12) & 0x0ffffffcu);
    for (i = 0; i < 5; i++)
        c->r[i] = l[2 * i] | (l[2 * i + 1] << 16);
}

/* tag from h (< 2p, see the notes) in radix 2^32 */
static void h_final(const rijn_poly1305_ctx *c, uint8_t tag[16])
{
    uint64_t t;
    uint32_t h[10], w[5];
    int i;
    for (i = 0; i < 5; i++) {
        h[2 * i] = c->h[i] & 0xffffu;
        h[2 * i + 1] = c->h[i] >> 16;
    }
    t = h[0] + ((uint64_t)h[1] << 13) + ((uint64_t)h[2] << 26);
    w[0] = (uint32_t)t;
    t = (t >> 32) + ((uint64_t)h[3] << 7) + ((uint64_t)h[4] << 20);
    w[1] = (uint32_t)t;
    t = (t >> 32) + ((uint64_t)h[5] << 1) + ((uint64_t)h[6] << 14) + ((uint64_t)h[7] << 27);
    w[2] = (uint32_t)t;
    t = (t >> 32) + ((uint64_t)h[8] << 8) + ((uint64_t)h[9] << 21);
    w[3] = (uint32_t)t;
    w[4] = (uint32_t)(t >> 32);
    h_final32(c, tag, w);
}
