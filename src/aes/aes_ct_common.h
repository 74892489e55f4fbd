/*
 * aes_ct_common.h -- bitsliced building blocks shared by ct64, ct32,
 * bs256 and neonbs.
 *
 * Implementation notes
 *   Included by aes_ct64.c and aes_ct32.c after they define the plane type
 *   `ct_word` (uint64_t or uint32_t); every function here is static, so each
 *   file gets its own copy for its word size.
 *   Planes: q[i] holds bit i (q[0] the least significant bit) of every byte
 *   of the bitsliced state; where a byte sits in the word is the caller's
 *   business (see each file's notes). ct_ortho is the 8x8 bit transpose per
 *   byte lane that turns eight loaded words into eight planes and back.
 *   S-box: the 113-gate Boyar-Peralta circuit (J. Boyar, R. Peralta, "A
 *   depth-16 circuit for the AES S-box", 2011) written from the paper's gate
 *   list, WITHOUT its four XNOR constants: ct_sbox computes S(x) ^ 0x63.
 *   Both classes fold the 0x63 into round keys 1..N instead (a constant in
 *   every byte passes unchanged through ShiftRows and MixColumns).
 *   Inverse: the inverse of x -> S(x) ^ 0x63 is inv(L(x)), L the linear
 *   part of the inverse affine map (L(0x63) is its constant 0x05):
 *   ct_inv_sbox is the paper's inverse circuit, its own top and bottom
 *   linear layers around the same middle (CT_SBOX_MIDDLE) with the top's
 *   XNORs dropped, 127 gates; L o ct_sbox o L (ct_lin, 160 gates, no
 *   second circuit in flash) stays for ct32. Decryption thus runs on the
 *   same folded schedule with no constants either.
 *   Constant time: AND/XOR/shift only; no branch or index on data.
 *   Vectors: all 256 S-box values are exercised through the FIPS 197 and
 *   OpenSSL differential tests (tests/aes/test_aes_impls.c, test_aes_fips197.c).
 */
#ifndef RIJN_AES_CT_COMMON_H
#define RIJN_AES_CT_COMMON_H

/* A constant as a ct_word (a vector word type defines its own broadcast). */
#ifndef CT_MASK
#define CT_MASK(m) ((ct_word)(m))
#endif

/* Exchange the bits of hi at mask m with the bits of lo at mask m << n. */
#define CT_SWAPMOVE(lo, hi, m, n)                          \
    do {                                                   \
        ct_word t_ = (((lo) >> (n)) ^ (hi)) & CT_MASK(m);  \
        (hi) ^= t_;                                        \
        (lo) ^= t_ << (n);                                 \
    } while (0)

/* In every byte lane k: out q[i] bit j = in q[j] bit i. An involution. */
static void ct_ortho(ct_word *q)
{
    CT_SWAPMOVE(q[0], q[1], 0x5555555555555555u, 1);
    CT_SWAPMOVE(q[2], q[3], 0x5555555555555555u, 1);
    CT_SWAPMOVE(q[4], q[5], 0x5555555555555555u, 1);
    CT_SWAPMOVE(q[6], q[7], 0x5555555555555555u, 1);
    CT_SWAPMOVE(q[0], q[2], 0x3333333333333333u, 2);
    CT_SWAPMOVE(q[1], q[3], 0x3333333333333333u, 2);
    CT_SWAPMOVE(q[4], q[6], 0x3333333333333333u, 2);
    CT_SWAPMOVE(q[5], q[7], 0x3333333333333333u, 2);
    CT_SWAPMOVE(q[0], q[4], 0x0F0F0F0F0F0F0F0Fu, 4);
    CT_SWAPMOVE(q[1], q[5], 0x0F0F0F0F0F0F0F0Fu, 4);
    CT_SWAPMOVE(q[2], q[6], 0x0F0F0F0F0F0F0F0Fu, 4);
    CT_SWAPMOVE(q[3], q[7], 0x0F0F0F0F0F0F0F0Fu, 4);
}

/* The circuit's shared nonlinear middle (inversion in GF(2^4)^2): m1..m63
 * from the top layer's t1..t27 (those it reads) and d. */
#define CT_SBOX_MIDDLE                                                                         \
    const ct_word m1 = t13 & t6, m2 = t23 & t8, m3 = t14 ^ m1, m4 = t19 & d;                   \
    const ct_word m5 = m4 ^ m1, m6 = t3 & t16, m7 = t22 & t9, m8 = t26 ^ m6;                   \
    const ct_word m9 = t20 & t17, m10 = m9 ^ m6, m11 = t1 & t15, m12 = t4 & t27;               \
    const ct_word m13 = m12 ^ m11, m14 = t2 & t10, m15 = m14 ^ m11, m16 = m3 ^ m2;             \
    const ct_word m17 = m5 ^ t24, m18 = m8 ^ m7, m19 = m10 ^ m15, m20 = m16 ^ m13;             \
    const ct_word m21 = m17 ^ m15, m22 = m18 ^ m13, m23 = m19 ^ t25, m24 = m22 ^ m23;          \
    const ct_word m25 = m22 & m20, m26 = m21 ^ m25, m27 = m20 ^ m21, m28 = m23 ^ m25;          \
    const ct_word m29 = m28 & m27, m30 = m26 & m24, m31 = m20 & m23, m32 = m27 & m31;          \
    const ct_word m33 = m27 ^ m25, m34 = m21 & m22, m35 = m24 & m34, m36 = m24 ^ m25;          \
    const ct_word m37 = m21 ^ m29, m38 = m32 ^ m33, m39 = m23 ^ m30, m40 = m35 ^ m36;          \
    const ct_word m41 = m38 ^ m40, m42 = m37 ^ m39, m43 = m37 ^ m38, m44 = m39 ^ m40;          \
    const ct_word m45 = m42 ^ m41;                                                             \
    const ct_word m46 = m44 & t6, m47 = m40 & t8, m48 = m39 & d, m49 = m43 & t16;              \
    const ct_word m50 = m38 & t9, m51 = m37 & t17, m52 = m42 & t15, m53 = m45 & t27;           \
    const ct_word m54 = m41 & t10, m55 = m44 & t13, m56 = m40 & t23, m57 = m39 & t19;          \
    const ct_word m58 = m43 & t3, m59 = m38 & t22, m60 = m37 & t20, m61 = m42 & t1;            \
    const ct_word m62 = m45 & t4, m63 = m41 & t2

/* q <- S(q) ^ 0x63 on every byte (Boyar-Peralta, XNORs dropped).
 * ct_sbox_inl is for hot loops that keep the state in registers. */
RIJN_INLINE void ct_sbox_inl(ct_word *q)
{
    /* top linear layer; U0 is the most significant bit */
    const ct_word u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4];
    const ct_word u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];
    const ct_word t1 = u0 ^ u3, t2 = u0 ^ u5, t3 = u0 ^ u6, t4 = u3 ^ u5;
    const ct_word t5 = u4 ^ u6, t6 = t1 ^ t5, t7 = u1 ^ u2, t8 = u7 ^ t6;
    const ct_word t9 = u7 ^ t7, t10 = t6 ^ t7, t11 = u1 ^ u5, t12 = u2 ^ u5;
    const ct_word t13 = t3 ^ t4, t14 = t6 ^ t11, t15 = t5 ^ t11, t16 = t5 ^ t12;
    const ct_word t17 = t9 ^ t16, t18 = u3 ^ u7, t19 = t7 ^ t18, t20 = t1 ^ t19;
    const ct_word t21 = u6 ^ u7, t22 = t7 ^ t21, t23 = t2 ^ t22, t24 = t2 ^ t10;
    const ct_word t25 = t20 ^ t17, t26 = t3 ^ t16, t27 = t1 ^ t12;
    /* shared nonlinear middle: inversion in GF(2^4)^2 */
    const ct_word d = u7;
    CT_SBOX_MIDDLE;
    /* bottom linear layer */
    const ct_word l0 = m61 ^ m62, l1 = m50 ^ m56, l2 = m46 ^ m48, l3 = m47 ^ m55;
    const ct_word l4 = m54 ^ m58, l5 = m49 ^ m61, l6 = m62 ^ l5, l7 = m46 ^ l3;
    const ct_word l8 = m51 ^ m59, l9 = m52 ^ m53, l10 = m53 ^ l4, l11 = m60 ^ l2;
    const ct_word l12 = m48 ^ m51, l13 = m50 ^ l0, l14 = m52 ^ m61, l15 = m55 ^ l1;
    const ct_word l16 = m56 ^ l0, l17 = m57 ^ l1, l18 = m58 ^ l8, l19 = m63 ^ l4;
    const ct_word l20 = l0 ^ l1, l21 = l1 ^ l7, l22 = l3 ^ l12, l23 = l18 ^ l2;
    const ct_word l24 = l15 ^ l9, l25 = l6 ^ l10, l26 = l7 ^ l9, l27 = l8 ^ l10;
    const ct_word l28 = l11 ^ l14, l29 = l11 ^ l17;
    q[7] = l6 ^ l24;
    q[6] = l16 ^ l26; /* XNOR in the paper */
    q[5] = l19 ^ l28; /* XNOR */
    q[4] = l6 ^ l21;
    q[3] = l20 ^ l22;
    q[2] = l25 ^ l29;
    q[1] = l13 ^ l27; /* XNOR */
    q[0] = l6 ^ l23;  /* XNOR */
}

static RIJN_UNUSED void ct_sbox(ct_word *q)
{
    ct_sbox_inl(q);
}

#if RIJN_CFG_AES_DECRYPT
/* q <- L(q): the linear part of the inverse affine map,
 * bit i = x[i+2] ^ x[i+5] ^ x[i+7] (indices mod 8). */
RIJN_INLINE RIJN_UNUSED void ct_lin(ct_word *q)
{
    const ct_word x0 = q[0], x1 = q[1], x2 = q[2], x3 = q[3];
    const ct_word x4 = q[4], x5 = q[5], x6 = q[6], x7 = q[7];
    q[0] = x2 ^ x5 ^ x7;
    q[1] = x3 ^ x6 ^ x0;
    q[2] = x4 ^ x7 ^ x1;
    q[3] = x5 ^ x0 ^ x2;
    q[4] = x6 ^ x1 ^ x3;
    q[5] = x7 ^ x2 ^ x4;
    q[6] = x0 ^ x3 ^ x5;
    q[7] = x1 ^ x4 ^ x6;
}

/* Inverse of ct_sbox: q <- InvS(q ^ 0x63) = inv(L(q)) (L(0x63) = 0x05, the
 * inverse affine map's constant), by the paper's circuit for the inverse:
 * its own top and bottom linear layers around the shared middle, the
 * top's XNORs dropped (they add the 0x05). 127 gates where L o ct_sbox o
 * L takes 160; ct32 keeps the latter (one circuit in flash). */
RIJN_INLINE void ct_inv_sbox_inl(ct_word *q)
{
    const ct_word u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4];
    const ct_word u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];
    const ct_word r13 = u1 ^ u6, r17 = u2 ^ u5, r18 = u5 ^ u6, r19 = u2 ^ u4, r5 = u6 ^ u7;
    const ct_word t1 = u3 ^ u4, t2 = u0 ^ u1, t3 = t1 ^ r5, t22 = u1 ^ u3, t23 = u0 ^ u3;
    const ct_word t8 = u1 ^ t23, t4 = u4 ^ t8, t6 = t22 ^ r17, t9 = u7 ^ t1, t24 = u4 ^ u7;
    const ct_word t10 = t2 ^ t24, t13 = t2 ^ r5, t14 = t10 ^ r18, t27 = t1 ^ r18;
    const ct_word t15 = t10 ^ t27, t16 = r13 ^ r19, t19 = t22 ^ r5, t17 = u2 ^ t19;
    const ct_word t20 = t24 ^ r13, t25 = u2 ^ t1, t26 = t3 ^ t16, d = u0 ^ r17;
    CT_SBOX_MIDDLE;
    /* bottom linear layer of the inverse */
    const ct_word p0 = m52 ^ m61, p1 = m58 ^ m59, p2 = m54 ^ m62, p3 = m47 ^ m50;
    const ct_word p4 = m48 ^ m56, p5 = m46 ^ m51, p6 = m49 ^ m60, p7 = p0 ^ p1;
    const ct_word p8 = m50 ^ m53, p9 = m55 ^ m63, p10 = m57 ^ p4, p11 = p0 ^ p3;
    const ct_word p12 = m46 ^ m48, p13 = m49 ^ m51, p14 = m49 ^ m62, p15 = m54 ^ m59;
    const ct_word p16 = m57 ^ m61, p17 = m58 ^ p2, p18 = m63 ^ p5, p19 = p2 ^ p3;
    const ct_word p20 = p4 ^ p6, p22 = p2 ^ p7, p23 = p7 ^ p8, p24 = p5 ^ p7;
    const ct_word p25 = p6 ^ p10, p26 = p9 ^ p11, p27 = p10 ^ p18, p28 = p11 ^ p25;
    const ct_word p29 = p15 ^ p20;
    q[7] = p13 ^ p22;
    q[6] = p26 ^ p29;
    q[5] = p17 ^ p28;
    q[4] = p12 ^ p22;
    q[3] = p23 ^ p27;
    q[2] = p19 ^ p24;
    q[1] = p14 ^ p23;
    q[0] = p9 ^ p16;
}

static RIJN_UNUSED void ct_inv_sbox(ct_word *q)
{
    ct_inv_sbox_inl(q);
}
#endif

#ifndef CT_NO_SUBWORD /* vector word types use ct64's key schedule */
/* FIPS 197 SubWord through the circuit (key schedule only). With w in
 * q[0] and zeros elsewhere, the transpose puts bit i of byte k at bit 8*k
 * of plane i; the other lanes hold 0, which the circuit maps to 0. */
static uint32_t ct_subword(uint32_t w)
{
    ct_word q[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    uint32_t r;
    q[0] = w;
    ct_ortho(q);
    ct_sbox(q);
    ct_ortho(q);
    r = (uint32_t)q[0] ^ 0x63636363u;
    rijn_wipe(q, sizeof q);
    return r;
}
#endif

#endif /* RIJN_AES_CT_COMMON_H */
