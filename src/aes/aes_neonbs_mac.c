/*
 * aes_neonbs_mac.c -- the cbcmac entry of the "neonbs" class (aes_i.h):
 * the CBC-MAC chain of CMAC, CCM and EAX, alone or stitched with their
 * CTR stream, on the class's eight-block bitsliced passes.
 *
 * Implementation notes
 *   The chain is serial: one block at a time, on the class's one-block
 *   path (rijn_i_nbs_encrypt1, aes_neonbs_one.c: TBL/TBX on the whole
 *   S-box); stitched (CCM, EAX), the counter block of the same step is a
 *   second one-block call, and the text needs no pass of its own.
 *   Decryption MACs the plaintext, known only after the keystream. The
 *   counter is two big-endian 64-bit halves, +1 on the low half, carried
 *   into the high half only with RIJN_I_CBCMAC_CTR128 (EAX), branch-free.
 *   Each step reads its input block before it stores, so out == in works.
 *   Constant time: the one-block path's (aes_neonbs_one.c); XOR, adds and
 *   a compare into a carry value; branches on op, lengths only.
 *   Counts: before the one-block path, each step was an eight-lane
 *   bitsliced pass with the MAC block in lane 0 and the counter block in
 *   lane 1 (~2,330 instructions a step; CCM seal 16 KiB 145.7, CMAC 16 KiB
 *   145.0 instructions per byte under qemu-aarch64, RIJN_CPU_MASK=0); see
 *   the commit that added aes_neonbs_one.c for the counts after it.
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
    uint8x16_t s, x, k;
    uint64_t hi, lo;
    size_t j;
    if (nblocks == 0)
        return;
    s = vld1q_u8(mac);
    op &= ~RIJN_I_CBCMAC_CTR128;
    if (op == RIJN_I_CBCMAC_MAC) {
        for (j = 0; j < nblocks; j++)
            s = rijn_i_nbs_encrypt1(rk, rounds, veorq_u8(s, vld1q_u8(in + 16 * j)));
        vst1q_u8(mac, s);
        return;
    }
    hi = rijn_load64_be(ctr);
    lo = rijn_load64_be(ctr + 8);
    if (op == RIJN_I_CBCMAC_ENC) {
        for (j = 0; j < nblocks; j++) {
            x = vld1q_u8(in + 16 * j);
            s = rijn_i_nbs_encrypt1(rk, rounds, veorq_u8(s, x));
            k = rijn_i_nbs_encrypt1(rk, rounds, ctr_next(&hi, &lo, c128));
            vst1q_u8(out + 16 * j, veorq_u8(x, k));
        }
    } else {
        for (j = 0; j < nblocks; j++) { /* the MAC of the plaintext, known after the keystream */
            k = rijn_i_nbs_encrypt1(rk, rounds, ctr_next(&hi, &lo, c128));
            x = veorq_u8(vld1q_u8(in + 16 * j), k);
            vst1q_u8(out + 16 * j, x);
            s = rijn_i_nbs_encrypt1(rk, rounds, veorq_u8(s, x));
        }
    }
    vst1q_u8(mac, s);
    rijn_store64_be(ctr, hi);
    rijn_store64_be(ctr + 8, lo);
}

#endif /* RIJN_CFG_AES_NEONBS */
