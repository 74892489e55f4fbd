/*
 * gcm_stitch_arm.c -- AES-GCM encryption/decryption with CTR and GHASH in
 * one loop ("stitched") on AArch64: the ARMv8 AES instructions (AESE /
 * AESMC) with PMULL, for an AES context with ARMv8 AES round keys (rk_isa
 * RIJN_CPU_ARM_AES: the capability, not a class) and the pmull GHASH class;
 * and the same loop for AES-GCM-SIV's opening (CTR and the POLYVAL of the
 * plaintext: rijn_i_gcmsiv_open_stitch, called by gcmsiv.c).
 *
 * Implementation notes
 *   Layout: eight counter blocks per iteration. The counter block is kept
 *   with the bytes of each 32-bit word reversed (REV32), so block j of an
 *   iteration is one 32-bit ADD on lane 3 and one REV32 away: it wraps
 *   mod 2^32 and never touches the nonce bytes, branch-free (J0 from a
 *   nonce other than 12 bytes is secret). The round keys stay in
 *   registers (armce.h); H^1..H^8 and their Karatsuba words come from the
 *   pmull class's key material (ghash_pmull_i.h: gp_prep8).
 *   Method: each iteration runs the AES rounds of eight counter blocks and,
 *   after rounds 1..8, multiplies one of eight ciphertext blocks by
 *   H^8..H^1 (Karatsuba: three PMULL per block on half-swapped operands,
 *   products summed unreduced), then reduces once (aggregated reduction,
 *   as ghash_pmull.c's 8-block loop). Encryption hashes the previous
 *   iteration's output (re-read from out; the last eight blocks after the
 *   loop), decryption the ciphertext of the same iteration (read before
 *   the stores: out == in works). Whole iterations only; gcm.c does the
 *   rest. On an in-order core the AES and PMULL chains fill each other's
 *   latency; under QEMU the gain is the single pass (one load of the
 *   keys and powers per call, no separate GHASH pass over the text).
 *   GCM-SIV (siv, a constant of each inlined body; run with enc = 2):
 *   the counter is the little-endian first word, kept as loaded (adds of
 *   0..7 on lane 0: wraps mod 2^32, the other bytes untouched, no REV32),
 *   POLYVAL takes the blocks and the state as they are (no REV64, the
 *   powers unswapped, gp_prep8 swap 0, the reduction's halves as in
 *   ghash_pmull.c's POLYVAL), the powers from the message's POLYVAL key
 *   (rijn_i_polyval_setkey on pmull: the same 8 twisted powers), and the
 *   loop is encryption's (the output, the plaintext, hashed one
 *   iteration behind). From 8 blocks, whole iterations; gcmsiv.c does the
 *   rest in two passes. QEMU 7.2 -cpu max instructions (TCG plugin,
 *   rijn_gcmsiv_open, no AAD, per byte), main 33cf219 -> this: AES-128
 *   1 KiB 5.34 -> 4.73, 16 KiB 3.19 -> 2.56; AES-256 1 KiB 6.25 -> 5.73,
 *   16 KiB 3.74 -> 3.19 (seal, two passes, 3.18 / 3.73 at 16 KiB).
 *   Constant time: AES instructions, PMULL, adds on the counter; branches
 *   on lengths and CPU features only.
 *   Vectors: tests/gcm/test_gcm_stitch.c (seal/open/streaming against OpenSSL
 *   around every unroll boundary, unaligned, in place, counters about to
 *   wrap) and every GCM test; tests/gcm/test_gcmsiv_stitch.c (the GCM-SIV
 *   kernel against CTR + POLYVAL on ct64: block counts, counter wrap, in
 *   place, unaligned; must run with AES + PMULL), under qemu-aarch64
 *   (scripts/test-aarch64.sh; with the extensions masked the portable path
 *   runs instead).
 */
#include "gcm_i.h"

#if RIJN_I_HAVE_GCM_STITCH_ARM

#include "aes/armce.h"
#include "aead/ghash_pmull_i.h"

#define SINL ARMCE_INLINE

/* Block j (0..7) of g against H^(8-j), the state folded into block 0
 * (siv: POLYVAL, the block and state as they are). */
#define GH_STEP(j)                                                                       \
    do {                                                                                 \
        v128 d_ = siv ? gp_ld(g + 16 * (j))                                              \
                      : vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(g + 16 * (j))));         \
        if ((j) == 0)                                                                    \
            d_ = veorq_u64(d_, siv ? *s : vextq_u64(*s, *s, 1));                         \
        gp_kara_acc(d_, hs[7 - (j)], hm[(7 - (j)) / 2], (7 - (j)) % 2, &p0, &mid, &p1);      \
    } while (0)

/* One iteration: aes = encrypt 8 counter blocks, in -> out; gh = hash the
 * 8 blocks at g into *s (V form); siv: GCM-SIV's counter (little-endian
 * first word, kept as loaded) and POLYVAL (no byte swaps); all constants
 * after inlining. */
SINL void iter(const uint8x16_t *k, unsigned rounds, const v128 *hs, const v128 *hm, v128 *s,
               uint32x4_t *cw, uint8_t *out, const uint8_t *in, const uint8_t *g, int aes,
               int gh, int siv)
{
    uint8x16_t x[8];
    v128 p0 = vdupq_n_u64(0), p1 = p0, mid = p0;
    unsigned j;
    if (aes) {
        for (j = 0; j < 8; j++)
            x[j] = siv ? vreinterpretq_u8_u32(vaddq_u32(
                             *cw, vcombine_u32(vcreate_u32(j), vcreate_u32(0))))
                       : vrev32q_u8(vreinterpretq_u8_u32(vaddq_u32(
                             *cw, vcombine_u32(vcreate_u32(0), vcreate_u32((uint64_t)j << 32)))));
        *cw = vaddq_u32(*cw, siv ? vcombine_u32(vcreate_u32(8), vcreate_u32(0))
                                 : vcombine_u32(vcreate_u32(0), vcreate_u32((uint64_t)8 << 32)));
        /* the round loop written out: a literal r indexes the key and
         * power registers (GCC does not unroll this body by itself) */
#define RND(r, g)                                               \
    if ((r) + 1 < rounds) {                                     \
        for (j = 0; j < 8; j++)                                 \
            x[j] = vaesmcq_u8(vaeseq_u8(x[j], k[r]));           \
        if (gh && (g))                                          \
            GH_STEP((r) & 7);                                  \
    }
        RND(0, 1) RND(1, 1) RND(2, 1) RND(3, 1) RND(4, 1) RND(5, 1) RND(6, 1) RND(7, 1)
        RND(8, 0) RND(9, 0) RND(10, 0) RND(11, 0) RND(12, 0)
#undef RND
        for (j = 0; j < 8; j++)
            x[j] = veorq_u8(veorq_u8(vaeseq_u8(x[j], k[rounds - 1]), k[rounds]),
                            vld1q_u8(in + 16 * j));
        for (j = 0; j < 8; j++)
            vst1q_u8(out + 16 * j, x[j]);
    } else {
        GH_STEP(0);
        GH_STEP(1);
        GH_STEP(2);
        GH_STEP(3);
        GH_STEP(4);
        GH_STEP(5);
        GH_STEP(6);
        GH_STEP(7);
    }
    if (gh) {
        mid = veorq_u64(mid, veorq_u64(p0, p1));
        *s = siv ? gp_reduce(p0, mid, p1) : gp_reduce(p1, mid, p0);
    }
}

/* n: a multiple of 8, at least 8. */
SINL void body(const uint8_t *ek, unsigned rounds, const uint64_t *hk, uint8_t y[16],
               uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t n, int enc, int siv)
{
    uint8x16_t k[15];
    v128 h[8], hs[8], hm[4], s = siv ? gp_ld(y) : gp_bswap128(gp_ld(y));
    uint32x4_t cw = vreinterpretq_u32_u8(siv ? vld1q_u8(ctr) : vrev32q_u8(vld1q_u8(ctr)));
    size_t i;
    armce_load_keys(k, ek, rounds);
    for (i = 0; i < 8; i++)
        h[i] = gp_ld(hk + 2 * i);
    gp_prep8(h, hs, hm, !siv);
    if (enc) { /* GCM-SIV's opening too: it hashes its output */
        iter(k, rounds, hs, hm, &s, &cw, out, in, NULL, 1, 0, siv);
        for (i = 8; i < n; i += 8)
            iter(k, rounds, hs, hm, &s, &cw, out + 16 * i, in + 16 * i, out + 16 * (i - 8), 1, 1,
                 siv);
        iter(k, rounds, hs, hm, &s, &cw, NULL, NULL, out + 16 * (n - 8), 0, 1, siv);
    } else {
        for (i = 0; i < n; i += 8)
            iter(k, rounds, hs, hm, &s, &cw, out + 16 * i, in + 16 * i, in + 16 * i, 1, 1, 0);
    }
    gp_st(y, siv ? s : gp_bswap128(s));
    vst1q_u8(ctr, siv ? vreinterpretq_u8_u32(cw) : vrev32q_u8(vreinterpretq_u8_u32(cw)));
}

ARMCE_FN void run(const uint8_t *ek, unsigned rounds, const uint64_t *hk, uint8_t y[16],
                  uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t n, int enc)
{
#define RUN_R(R)                                               \
    do {                                                       \
        if (enc == 2) /* GCM-SIV's opening */                  \
            body(ek, R, hk, y, ctr, out, in, n, 1, 1);         \
        else if (enc)                                          \
            body(ek, R, hk, y, ctr, out, in, n, 1, 0);         \
        else                                                   \
            body(ek, R, hk, y, ctr, out, in, n, 0, 0);         \
    } while (0)
    ARMCE_BY_ROUNDS(rounds, RUN_R);
#undef RUN_R
}

size_t rijn_i_gcm_stitch(const rijn_gcm_ctx *k, rijn_gcm_msg *m, uint8_t *out,
                         const uint8_t *in, size_t nblocks, int enc)
{
    size_t n = nblocks & ~(size_t)7;
    /* a context bound to pmull has PMULL: the registry checked it */
    if (n == 0 || !rijn_i_aes_rk_armce(&k->aes) || k->gh != &rijn_i_ghash_pmull)
        return 0;
    run(rijn_i_aes_rk_enc(&k->aes), k->aes.rounds, k->hkey, m->y, m->ctr, out, in, n, enc);
    return n;
}

size_t rijn_i_gcmsiv_open_stitch(const rijn_aes_ctx *aes, const rijn_i_ghash_impl *gh,
                                 const uint64_t *hk, uint8_t s[16], uint8_t ctr[16],
                                 uint8_t *out, const uint8_t *in, size_t nblocks)
{
    size_t n = nblocks & ~(size_t)7;
    /* hk: the pmull class's layout (pmull_setkey, 8 powers, any nmax) */
    if (n == 0 || !rijn_i_aes_rk_armce(aes) || gh != &rijn_i_ghash_pmull)
        return 0;
    run(rijn_i_aes_rk_enc(aes), aes->rounds, hk, s, ctr, out, in, n, 2);
    return n;
}

#endif
