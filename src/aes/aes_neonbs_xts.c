/*
 * aes_neonbs_xts.c -- XTS-AES (IEEE 1619) for the "neonbs" class: the
 * whole message -- tweak encryption, whole blocks, ciphertext stealing --
 * through the class's eight-block bitsliced passes, the tweaks in NEON
 * registers. xts.c calls it (the class's xts hook) after its checks when
 * both keys use neonbs.
 *
 * Implementation notes
 *   Layout: T0 = E_Key2(tweak) (the one-block path, aes_neonbs_one.c); block j uses
 *   T(j) = T0 * alpha^j, each from the previous one by xts_neon_mulx
 *   (xts_neon_i.h, shared with armce: five NEON instructions, no branch). Blocks go through passes of 8 (the
 *   class's width: a pass costs the same with fewer blocks), masked with
 *   their tweaks before the bit transpose and after the inverse one
 *   (rijn_i_nbs_encrypt8 / _decrypt8, aes_neonbs.c), no buffer between
 *   the mask and the cipher. Each pass loads all its blocks before it
 *   stores, so out == in works.
 *   Stealing (len = 16m + r, 0 < r < 16): the last whole block m-1 rides
 *   in the last pass (with T(m-1) for encryption, T(m) for decryption),
 *   giving CC; its first r bytes become the partial output block, and the
 *   r saved input bytes || CC[r..16) go through one more pass with the
 *   other tweak into block m-1's place. So a message costs one pass for
 *   the tweak, ceil(m / 8) passes, and one more with stealing (the
 *   generic path of xts.c spent two on the stealing pair).
 *   Constant time: the class's cipher (aes_neonbs.c, aes_neonbs_one.c); the
 *   tweak arithmetic is shifts, masks and XOR; branches and indices
 *   depend on the public length and direction only. The stack copies of
 *   the tweaks, the blocks and the stealing pair are wiped.
 *   Counts (scripts/bench-arm.sh's `bench_arm noce` run: qemu-aarch64
 *   -cpu max, RIJN_CPU_MASK=0, AES-128-XTS, instructions for one message;
 *   "generic" = xts.c's path over this class's N-block entries, before
 *   this hook; ct64 and OpenSSL 3.0 (vpaes, OPENSSL_armcap=1) the same run):
 *                    generic   hook      ct64      OpenSSL
 *     enc 16 B       5,171     4,931     7,148     1,853
 *     enc 1 KiB      22,964    22,286    57,731    24,974
 *     enc 16 KiB     325,844   318,566   867,311   377,294
 *     dec 1 KiB      27,221    26,559    71,434    27,160
 *     dec 16 KiB     393,941   386,919   1,086,574 412,120
 *     enc 1039 B     27,867    24,757    (stealing: one pass fewer)
 *     dec 1039 B     33,185    29,571
 *   The bitsliced passes are ~96 % of a whole-block message (AES-128-CTR
 *   16 KiB: 305,570), so the hook gains 2-3 % there and 11 % with stealing.
 *   Since the one-block path (aes_neonbs_one.c: the tweak, passes of up to
 *   RIJN_I_NBS_ONE_MAX blocks, the stealing block) enc 16 B 4,931 -> 814,
 *   1 KiB 22,286 -> 20,275 (docs/BENCHMARKS-ARM.md).
 *   Vectors: tests/modes/test_xts.c (CAVP XTSGenAES128/256 every data unit
 *   length, OpenSSL differential) and tests/core/test_perf_paths.c (1..70
 *   blocks with stealing tails, in place and unaligned, against OpenSSL)
 *   on every class; tests/aes/test_xts_hook.c calls this entry directly
 *   and through rijn_xts_* at every length 16..16*9+15 and around 16- and
 *   32-block messages, three layouts, against xts.c's generic path, and
 *   fails if neonbs loses the entry. All run under qemu-aarch64
 *   (scripts/test-aarch64.sh), where neonbs is forced in the run with
 *   every extension and is the default in the run with AES masked.
 */
#include "aes/aes_neonbs_i.h"
#include "aes/xts_neon_i.h"
#include "internal.h"

#if RIJN_CFG_AES_NEONBS

int rijn_i_nbs_xts(const rijn_aes_ctx key[2], int dec, const uint8_t tweak[16], uint8_t *out,
                   const uint8_t *in, size_t len)
{
    const size_t r = len % 16;
    size_t n = len / 16; /* whole blocks, >= 1 (len >= 16) */
    const uint8_t *rk = (const uint8_t *)key[0].ks;
    uint8x16_t b[8], tw[9], t, t2 = vdupq_n_u8(0);
    uint8_t last[16], buf[16];
    unsigned j;

    t = rijn_i_nbs_encrypt1((const uint8_t *)key[1].ks, key[1].rounds, vld1q_u8(tweak));
    if (r != 0)
        memcpy(last, in + 16 * n, r); /* before any store: out may equal in */
    while (n > 0) {
        const unsigned k = n < 8 ? (unsigned)n : 8;
        tw[0] = t;
        for (j = 1; j < 9; j++)
            tw[j] = xts_neon_mulx(tw[j - 1]);
        if (k == n && r != 0) { /* block k-1 is the last whole one */
            t2 = dec ? tw[k - 1] : tw[k]; /* the tweak of the swapped block */
            if (dec)
                tw[k - 1] = tw[k];
        }
        for (j = 0; j < 8; j++)
            b[j] = j < k ? veorq_u8(vld1q_u8(in + 16 * j), tw[j]) : vdupq_n_u8(0);
        nbs_cipher_m(rk, key[0].rounds, dec, b, k);
        for (j = 0; j < k; j++)
            vst1q_u8(out + 16 * j, veorq_u8(b[j], tw[j]));
        t = tw[k];
        in += 16 * k;
        out += 16 * k;
        n -= k;
    }
    if (r != 0) {
        /* out - 16 holds CC (encryption) or PP (decryption) */
        out -= 16;
        memcpy(buf, last, r);
        memcpy(buf + r, out + r, 16 - r);
        memcpy(out + 16, out, r);
        b[0] = veorq_u8(vld1q_u8(buf), t2);
        nbs_cipher_m(rk, key[0].rounds, dec, b, 1);
        vst1q_u8(out, veorq_u8(b[0], t2));
        rijn_wipe(buf, sizeof buf);
        rijn_wipe(last, sizeof last);
    }
    rijn_wipe(b, sizeof b);
    rijn_wipe(tw, sizeof tw);
    return RIJN_OK;
}

#endif /* RIJN_CFG_AES_NEONBS */
