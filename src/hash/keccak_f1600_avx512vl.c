/*
 * keccak_f1600_avx512vl.c -- Keccak-f[1600] on x86-64 with AVX-512VL: the
 * unrolled rounds of keccak_f1600_unrolled.c with each 64-bit lane in the
 * low half of an XMM register, so that theta's five-way XOR and chi are
 * one VPTERNLOGQ each and the rotations VPROLQ.
 *
 * Implementation notes:
 * - Layout and schedule: those of keccak_f1600_unrolled.c (lanes a0..a24,
 *   two rounds per loop pass, a -> e -> a; B gathered per output row with
 *   rho and pi fused), statement for statement, one intrinsic per
 *   operator: x ^ y ^ z ^ v ^ w = two VPTERNLOGQ (0x96), b ^ (~c & d) =
 *   one VPTERNLOGQ (0xD2), rotations VPROLQ. ~125 vector instructions a
 *   round where the scalar code needs ~250 integer ones (half of them
 *   spills: 50 lanes in 16 registers; 32 XMM registers hold nearly all).
 * - Speed on the AMD EPYC benchmark host (Zen 5), min of 15 x 20,000
 *   permutations, same process: gcc 12 -O3 187-191 ns against 196-201
 *   for "bmi1"; clang 14 172 against 190.
 * - Dispatch: the keccak registry (keccak_f1600.c) lists it first; it
 *   runs where src/core/cpu.c reports AVX-512 (F+BW+VL, ZMM state saved
 *   by the OS). RIJN_CPU_MASK hides it; Valgrind (no AVX-512) runs the
 *   others.
 * - Constant time: Boolean operations and rotations by constants only.
 * - Proof: tests/hash/test_impls_sha3.c (this entry by name: SHA-3, SHAKE
 *   and Keccak KATs, differential against the compact loop, and against
 *   rijn_keccak_f1600 on random states); the CAVP and OpenSSL tests
 *   (tests/hash/test_sha3_cavp.c, test_sha3_diff.c) run the default entry
 *   and re-run with AVX-512, then BMI1, hidden.
 */
#include "hash_i.h"

#if RIJN_I_KECCAK_X86 && RIJN_CFG_HASH_SHA3
#include <immintrin.h>

#define T_VL "avx512f,avx512vl"
#define XOR(x, y) _mm_xor_si128(x, y)
#define ROL(x, n) _mm_rol_epi64(x, n)
#define X5(a, b, c, d, e) \
    _mm_ternarylogic_epi64(_mm_ternarylogic_epi64(a, b, c, 0x96), d, e, 0x96)
#define CHI(a, b, c) _mm_ternarylogic_epi64(a, b, c, 0xD2) /* a ^ (~b & c) */
#define RCV(i) _mm_loadl_epi64((const __m128i *)(const void *)(rijn_i_keccak_rc + (i)))
#define LD(i) _mm_loadl_epi64((const __m128i *)(const void *)(s + (i)))
#define ST(i, v) _mm_storel_epi64((__m128i *)(void *)(s + (i)), v)

__attribute__((target(T_VL))) void rijn_i_keccak_f1600_avx512vl(uint64_t s[25])
{
    __m128i a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17,
        a18, a19, a20, a21, a22, a23, a24;
    __m128i e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13, e14, e15, e16, e17,
        e18, e19, e20, e21, e22, e23, e24;
    __m128i b0, b1, b2, b3, b4, c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
    unsigned r;
    a0 = LD(0); a1 = LD(1); a2 = LD(2); a3 = LD(3); a4 = LD(4); a5 = LD(5); a6 = LD(6);
    a7 = LD(7); a8 = LD(8); a9 = LD(9); a10 = LD(10); a11 = LD(11); a12 = LD(12);
    a13 = LD(13); a14 = LD(14); a15 = LD(15); a16 = LD(16); a17 = LD(17); a18 = LD(18);
    a19 = LD(19); a20 = LD(20); a21 = LD(21); a22 = LD(22); a23 = LD(23); a24 = LD(24);
    for (r = 0; r < 24; r += 2) {
        c0 = X5(a0, a5, a10, a15, a20); c1 = X5(a1, a6, a11, a16, a21);
        c2 = X5(a2, a7, a12, a17, a22); c3 = X5(a3, a8, a13, a18, a23);
        c4 = X5(a4, a9, a14, a19, a24); d0 = XOR(c4, ROL(c1, 1)); d1 = XOR(c0, ROL(c2, 1));
        d2 = XOR(c1, ROL(c3, 1)); d3 = XOR(c2, ROL(c4, 1)); d4 = XOR(c3, ROL(c0, 1));
        b0 = XOR(a0, d0); b1 = ROL(XOR(a6, d1), 44); b2 = ROL(XOR(a12, d2), 43);
        b3 = ROL(XOR(a18, d3), 21); b4 = ROL(XOR(a24, d4), 14); e0 = CHI(b0, b1, b2);
        e1 = CHI(b1, b2, b3); e2 = CHI(b2, b3, b4); e3 = CHI(b3, b4, b0); e4 = CHI(b4, b0, b1);
        b0 = ROL(XOR(a3, d3), 28); b1 = ROL(XOR(a9, d4), 20); b2 = ROL(XOR(a10, d0), 3);
        b3 = ROL(XOR(a16, d1), 45); b4 = ROL(XOR(a22, d2), 61); e5 = CHI(b0, b1, b2);
        e6 = CHI(b1, b2, b3); e7 = CHI(b2, b3, b4); e8 = CHI(b3, b4, b0); e9 = CHI(b4, b0, b1);
        b0 = ROL(XOR(a1, d1), 1); b1 = ROL(XOR(a7, d2), 6); b2 = ROL(XOR(a13, d3), 25);
        b3 = ROL(XOR(a19, d4), 8); b4 = ROL(XOR(a20, d0), 18); e10 = CHI(b0, b1, b2);
        e11 = CHI(b1, b2, b3); e12 = CHI(b2, b3, b4); e13 = CHI(b3, b4, b0); e14 = CHI(b4, b0, b1);
        b0 = ROL(XOR(a4, d4), 27); b1 = ROL(XOR(a5, d0), 36); b2 = ROL(XOR(a11, d1), 10);
        b3 = ROL(XOR(a17, d2), 15); b4 = ROL(XOR(a23, d3), 56); e15 = CHI(b0, b1, b2);
        e16 = CHI(b1, b2, b3); e17 = CHI(b2, b3, b4); e18 = CHI(b3, b4, b0); e19 = CHI(b4, b0, b1);
        b0 = ROL(XOR(a2, d2), 62); b1 = ROL(XOR(a8, d3), 55); b2 = ROL(XOR(a14, d4), 39);
        b3 = ROL(XOR(a15, d0), 41); b4 = ROL(XOR(a21, d1), 2); e20 = CHI(b0, b1, b2);
        e21 = CHI(b1, b2, b3); e22 = CHI(b2, b3, b4); e23 = CHI(b3, b4, b0); e24 = CHI(b4, b0, b1);
        e0 = XOR(e0, RCV(r)); c0 = X5(e0, e5, e10, e15, e20); c1 = X5(e1, e6, e11, e16, e21);
        c2 = X5(e2, e7, e12, e17, e22); c3 = X5(e3, e8, e13, e18, e23);
        c4 = X5(e4, e9, e14, e19, e24); d0 = XOR(c4, ROL(c1, 1)); d1 = XOR(c0, ROL(c2, 1));
        d2 = XOR(c1, ROL(c3, 1)); d3 = XOR(c2, ROL(c4, 1)); d4 = XOR(c3, ROL(c0, 1));
        b0 = XOR(e0, d0); b1 = ROL(XOR(e6, d1), 44); b2 = ROL(XOR(e12, d2), 43);
        b3 = ROL(XOR(e18, d3), 21); b4 = ROL(XOR(e24, d4), 14); a0 = CHI(b0, b1, b2);
        a1 = CHI(b1, b2, b3); a2 = CHI(b2, b3, b4); a3 = CHI(b3, b4, b0); a4 = CHI(b4, b0, b1);
        b0 = ROL(XOR(e3, d3), 28); b1 = ROL(XOR(e9, d4), 20); b2 = ROL(XOR(e10, d0), 3);
        b3 = ROL(XOR(e16, d1), 45); b4 = ROL(XOR(e22, d2), 61); a5 = CHI(b0, b1, b2);
        a6 = CHI(b1, b2, b3); a7 = CHI(b2, b3, b4); a8 = CHI(b3, b4, b0); a9 = CHI(b4, b0, b1);
        b0 = ROL(XOR(e1, d1), 1); b1 = ROL(XOR(e7, d2), 6); b2 = ROL(XOR(e13, d3), 25);
        b3 = ROL(XOR(e19, d4), 8); b4 = ROL(XOR(e20, d0), 18); a10 = CHI(b0, b1, b2);
        a11 = CHI(b1, b2, b3); a12 = CHI(b2, b3, b4); a13 = CHI(b3, b4, b0); a14 = CHI(b4, b0, b1);
        b0 = ROL(XOR(e4, d4), 27); b1 = ROL(XOR(e5, d0), 36); b2 = ROL(XOR(e11, d1), 10);
        b3 = ROL(XOR(e17, d2), 15); b4 = ROL(XOR(e23, d3), 56); a15 = CHI(b0, b1, b2);
        a16 = CHI(b1, b2, b3); a17 = CHI(b2, b3, b4); a18 = CHI(b3, b4, b0); a19 = CHI(b4, b0, b1);
        b0 = ROL(XOR(e2, d2), 62); b1 = ROL(XOR(e8, d3), 55); b2 = ROL(XOR(e14, d4), 39);
        b3 = ROL(XOR(e15, d0), 41); b4 = ROL(XOR(e21, d1), 2); a20 = CHI(b0, b1, b2);
        a21 = CHI(b1, b2, b3); a22 = CHI(b2, b3, b4); a23 = CHI(b3, b4, b0); a24 = CHI(b4, b0, b1);
        a0 = XOR(a0, RCV(r + 1));
    }
    ST(0, a0); ST(1, a1); ST(2, a2); ST(3, a3); ST(4, a4); ST(5, a5); ST(6, a6); ST(7, a7);
    ST(8, a8); ST(9, a9); ST(10, a10); ST(11, a11); ST(12, a12); ST(13, a13); ST(14, a14);
    ST(15, a15); ST(16, a16); ST(17, a17); ST(18, a18); ST(19, a19); ST(20, a20); ST(21, a21);
    ST(22, a22); ST(23, a23); ST(24, a24);
}
#else
typedef int rijn_i_keccak_avx512vl_empty; /* ISO C: no empty translation unit */
#endif
