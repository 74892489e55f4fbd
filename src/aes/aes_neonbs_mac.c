/*
 * aes_neonbs_mac.c -- the cbcmac entry of the "neonbs" class (aes_i.h):
 * the CBC-MAC chain of CMAC, CCM and EAX, alone or stitched with their
 * CTR stream, on the class's eight-block bitsliced passes.
 *
 * Implementation notes
 *   The chain is serial: one pass per block whatever the class, the MAC
 *   block in lane 0. Stitched (CCM, EAX), the counter block of the same
 *   step rides in lane 1 of that pass, so a text block costs one pass
 *   instead of one plus an eighth (the modes' generic path: the MAC
 *   passes, then the CTR entry's passes of 8). Decryption MACs the
 *   plaintext, known only after the keystream: the MAC of block j-1
 *   rides with the keystream of block j (nblocks + 1 passes). Lanes 2..7
 *   idle (a pass costs the same). The counter is two big-endian 64-bit
 *   halves, +1 on the low half, carried into the high half only with
 *   RIJN_I_CBCMAC_CTR128 (EAX), branch-free. Each step reads its input
 *   block before it stores, so out == in works.
 *   Constant time: the passes are bitsliced (aes_neonbs.c); XOR, adds and
 *   a compare into a carry value; branches on op, lengths only.
 *   Counts (AES-128, one message, 13-byte nonce, no AAD, instructions per
 *   byte under qemu-aarch64 -cpu max with RIJN_CPU_MASK=0, counted by the
 *   TCG plugin of scripts/bench-arm.sh around a small probe program not
 *   kept in the tree; the modes' generic path -> this entry):
 *     CCM seal 1 KiB 169.7 -> 148.4, 16 KiB 164.9 -> 145.7
 *     CCM open 1 KiB 169.8 -> 150.8, 16 KiB 164.9 -> 146.0
 *     EAX seal 16 KiB 166.1 -> 146.6 (open MACs before it decrypts: 165)
 *     CMAC 16 KiB 145.9 -> 145.0 (a pass per block either way)
 *   A single-lane pass is the whole cost of a serial block here (~2,330
 *   instructions, as CBC encryption); only a byte-sliced single-block
 *   AES (vpaes-like) would cut it.
 *   Vectors: tests/aes/test_cbcmac_hook.c (every op, nblocks 0..70, three
 *   layouts, counters at the 2^64 / 2^128 wraps, against a serial
 *   reference on the class's own N-block entry and OpenSSL),
 *   tests/aead/test_ccm*.c, test_eax.c, tests/mac/test_cmac*.c on every
 *   class; under qemu-aarch64 by scripts/test-aarch64.sh.
 */
#include "aes/aes_neonbs_i.h"
#include "internal.h"

#if RIJN_CFG_AES_NEONBS

/* The counter block, then the counter advanced (low 64 bits; with ctr128
 * the carry into the high half). */
static inline __attribute__((always_inline)) uint8x16_t ctr_next(uint64_t *hi, uint64_t *lo,
                                                                  uint64_t ctr128)
{
    uint8x16_t b = nbs_be_block(*hi, *lo);
    uint64_t l = *lo + 1;
    *hi += ctr128 & (uint64_t)(l == 0);
    *lo = l;
    return b;
}

void rijn_i_nbs_cbcmac(const uint64_t *ks, unsigned rounds, unsigned op, uint8_t mac[16],
                       uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const uint8_t *rk = (const uint8_t *)ks;
    const uint64_t c128 = (op & RIJN_I_CBCMAC_CTR128) != 0;
    uint8x16_t b[8], s, x;
    uint64_t hi, lo;
    size_t j;
    if (nblocks == 0)
        return;
    for (j = 0; j < 8; j++)
        b[j] = vdupq_n_u8(0);
    s = vld1q_u8(mac);
    op &= ~RIJN_I_CBCMAC_CTR128;
    if (op == RIJN_I_CBCMAC_MAC) {
        for (j = 0; j < nblocks; j++) {
            b[0] = veorq_u8(s, vld1q_u8(in + 16 * j));
            rijn_i_nbs_encrypt8(rk, rounds, b);
            s = b[0];
        }
        vst1q_u8(mac, s);
        rijn_wipe(b, sizeof b);
        return;
    }
    hi = rijn_load64_be(ctr);
    lo = rijn_load64_be(ctr + 8);
    if (op == RIJN_I_CBCMAC_ENC) {
        for (j = 0; j < nblocks; j++) {
            x = vld1q_u8(in + 16 * j);
            b[0] = veorq_u8(s, x);
            b[1] = ctr_next(&hi, &lo, c128);
            rijn_i_nbs_encrypt8(rk, rounds, b);
            s = b[0];
            vst1q_u8(out + 16 * j, veorq_u8(x, b[1]));
        }
    } else {
        /* block j's keystream with the MAC of block j-1's plaintext x */
        b[1] = ctr_next(&hi, &lo, c128);
        rijn_i_nbs_encrypt8(rk, rounds, b);
        x = veorq_u8(vld1q_u8(in), b[1]);
        vst1q_u8(out, x);
        for (j = 1; j < nblocks; j++) {
            b[0] = veorq_u8(s, x);
            b[1] = ctr_next(&hi, &lo, c128);
            rijn_i_nbs_encrypt8(rk, rounds, b);
            s = b[0];
            x = veorq_u8(vld1q_u8(in + 16 * j), b[1]);
            vst1q_u8(out + 16 * j, x);
        }
        b[0] = veorq_u8(s, x);
        rijn_i_nbs_encrypt8(rk, rounds, b);
        s = b[0];
    }
    vst1q_u8(mac, s);
    rijn_store64_be(ctr, hi);
    rijn_store64_be(ctr + 8, lo);
    rijn_wipe(b, sizeof b);
}

#endif /* RIJN_CFG_AES_NEONBS */
