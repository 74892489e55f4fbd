/*
 * ghash_pmull.c -- "pmull": GHASH and POLYVAL with the AArch64 PMULL /
 * PMULL2 instructions (64x64 -> 128-bit carry-less multiply, ARMv8 Crypto
 * Extensions).
 *
 * Implementation notes
 *   The pclmul class's layout on NEON registers (ghash_pclmul.c): hk holds
 *   H, H^2, ..., H^8 (twisted, below) in "V" form (the block byte-reversed, so the 128-bit
 *   number has the coefficient of x^0 in its top bit), two words each.
 *   Eight blocks at a time, Y' = (Y^X1)H^8 + X2 H^7 + ... + X8 H, the
 *   eight 256-bit products summed unreduced and reduced once (aggregated
 *   reduction); then four; then single blocks. The eight-block loop
 *   multiplies by Karatsuba (three PMULL per block, each power's halves
 *   XORed once per call, two powers per register) on half-swapped
 *   operands (a block is only rev64'ed, the powers swapped to match), so
 *   no lane is moved; the others by schoolbook (four PMULL).
 *   Twisted key: hk holds H^i x^-1 (setkey: a left shift by one bit of
 *   the V form, the bit shifted out folded back as 0xC2..01), so a
 *   product needs no bit shift; the reduction is two PMULL by
 *   0xC200000000000000 with half swaps (x^128 = x^7 + x^2 + x + 1 read
 *   backwards). AES-128-GCM at 16 KiB under qemu -cpu max went from
 *   55,710 instructions (schoolbook, shift-and-fold reduction) to below
 *   OpenSSL 3.0's count (docs/BENCHMARKS-ARM.md). POLYVAL is the same
 *   code without the byte reversal (RFC 8452 appendix A; hk from
 *   rijn_i_polyval_setkey).
 *   Lane view: a uint64x2_t's lane 0 is the low 64 bits, as in an x86
 *   __m128i, so the shifts map one to one (byte shifts by 8: EXT).
 *   Built with per-function target attributes (+crypto), chosen when the
 *   CPU probe reports PMULL (HWCAP_PMULL). Little-endian AArch64 only.
 *   Constant time: PMULL, shifts and XOR take data-independent time.
 *   Vectors: the GCM and GCM-SIV tests run every GHASH class
 *   (tests/gcm/test_gcm.c, tests/gcm/test_gcmsiv.c), under qemu-aarch64.
 */
#include "ghash.h"
#include "internal.h"
#include "core/cpu.h"

#if RIJN_CFG_GHASH_PMULL

#include "aead/ghash_pmull_i.h"

GP_TGT v128 gmul(v128 a, v128 b)
{
    v128 lo = vdupq_n_u64(0), mid = lo, hi = lo;
    gp_mul_acc(a, b, &lo, &mid, &hi);
    return gp_reduce(lo, mid, hi);
}

#define NPOW 8
typedef char rijn_i_pmull_hk_fits[RIJN_GCM_HKEY_WORDS >= 2 * NPOW ? 1 : -1];

/* The twisted key: H x^-1 in V form (a left shift by one bit, the bit
 * shifted out folded back as x^-1 = x^127 + x^6 + x + 1: 0xC2..01); the
 * products then need no bit shift before the reduction. */
GP_TGT void pmull_setkey(uint64_t *hk, const uint8_t h[16])
{
    v128 v = gp_bswap128(gp_ld(h)), h1, p;
    uint64_t v0 = vgetq_lane_u64(v, 0), v1 = vgetq_lane_u64(v, 1);
    uint64_t m = (uint64_t)0 - (v1 >> 63);
    h1 = vcombine_u64(vcreate_u64((v0 << 1) ^ (m & 1u)),
                      vcreate_u64(((v1 << 1) | (v0 >> 63)) ^ (m & 0xC200000000000000u)));
    p = h1;
    int i;
    gp_st(hk, h1);
    for (i = 1; i < NPOW; i++) {
        p = gmul(p, h1);
        gp_st(hk + 2 * i, p);
    }
}

/* swap = 1: GHASH (blocks and state byte-reversed into V form); 0: POLYVAL. */
GP_INL void blocks_impl(const uint64_t *hk, uint8_t y[16], const uint8_t *in, size_t nblocks,
                     int swap)
{
    v128 h[NPOW], s = gp_ld(y);
    unsigned i;
#define LD(p) (swap ? gp_bswap128(gp_ld(p)) : gp_ld(p))
#define LDH(p) (swap ? vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p))) : gp_ld(p))
    for (i = 0; i < NPOW; i++)
        h[i] = gp_ld(hk + 2 * i);
    if (swap)
        s = gp_bswap128(s);
    if (nblocks >= 8) {
        /* Karatsuba on half-swapped operands (gp_prep8) */
        v128 hs[8], hm[4];
        gp_prep8(h, hs, hm, swap);
        for (; nblocks >= 8; nblocks -= 8, in += 128) {
            v128 p0 = vdupq_n_u64(0), p1 = p0, mid = p0;
            gp_kara_acc(veorq_u64(swap ? vextq_u64(s, s, 1) : s, LDH(in)), hs[7], hm[3], 1, &p0,
                     &mid, &p1);
            for (i = 1; i < 8; i++)
                gp_kara_acc(LDH(in + 16 * i), hs[7 - i], hm[(7 - i) / 2], (7 - i) % 2, &p0, &mid,
                         &p1);
            mid = veorq_u64(mid, veorq_u64(p0, p1));
            s = swap ? gp_reduce(p1, mid, p0) : gp_reduce(p0, mid, p1);
        }
    }
    if (nblocks >= 4) {
        v128 lo = vdupq_n_u64(0), mid = lo, hi = lo;
        gp_mul_acc(veorq_u64(s, LD(in)), h[3], &lo, &mid, &hi);
        for (i = 1; i < 4; i++)
            gp_mul_acc(LD(in + 16 * i), h[3 - i], &lo, &mid, &hi);
        s = gp_reduce(lo, mid, hi);
        nblocks -= 4;
        in += 64;
    }
    for (; nblocks > 0; nblocks--, in += 16)
        s = gmul(veorq_u64(s, LD(in)), h[0]);
#undef LD
#undef LDH
    if (swap)
        s = gp_bswap128(s);
    gp_st(y, s);
}

GP_TGT void pmull_blocks(const uint64_t *hk, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    blocks_impl(hk, y, in, nblocks, 1);
}

GP_TGT void pmull_polyval(const uint64_t *hk, uint8_t s[16], const uint8_t *in, size_t nblocks)
{
    blocks_impl(hk, s, in, nblocks, 0);
}

const rijn_i_ghash_impl rijn_i_ghash_pmull = {
    {"pmull", RIJN_CPU_ARM_PMULL, NULL}, RIJN_AES_IMPL_CONSTTIME | RIJN_AES_IMPL_HW,
    pmull_setkey, pmull_blocks, pmull_polyval, NULL};

#endif
