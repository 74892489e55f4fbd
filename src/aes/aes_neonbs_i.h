/*
 * aes_neonbs_i.h -- what the "neonbs" class's files share: the eight-block
 * cipher passes of aes_neonbs.c, for the fused modes in aes_neonbs_xts.c
 * and aes_neonbs_mac.c.
 */
#ifndef RIJN_AES_NEONBS_I_H
#define RIJN_AES_NEONBS_I_H

#include "aes/aes_i.h"

#if RIJN_CFG_AES_NEONBS

#include <arm_neon.h>

/* Eight blocks, b[j] = block j in FIPS 197 byte order (as vld1q_u8 loads
 * it), encrypted / decrypted in place with the class's schedule rk (the
 * context's ks) of the given rounds. Constant time; unused lanes may hold
 * anything (zero is customary). */
void rijn_i_nbs_encrypt8(const uint8_t *rk, unsigned rounds, uint8x16_t b[8]);
#if RIJN_CFG_AES_DECRYPT
void rijn_i_nbs_decrypt8(const uint8_t *rk, unsigned rounds, uint8x16_t b[8]);
#endif

/* One block through the cipher with the same schedule, TBL/TBX on the
 * whole S-box (aes_neonbs_one.c): about a tenth of a pass's instructions. */
uint8x16_t rijn_i_nbs_encrypt1(const uint8_t *rk, unsigned rounds, uint8x16_t b);
#if RIJN_CFG_AES_DECRYPT
uint8x16_t rijn_i_nbs_decrypt1(const uint8_t *rk, unsigned rounds, uint8x16_t b);
#endif

/* FIPS 197's SubWord, the same lookups (the key schedule's). */
uint32_t rijn_i_nbs_subword(uint32_t w);

/* blocks: a pass of up to this many takes the one-block path block by
 * block. By instruction count (QEMU) one block costs ~230 against a pass's
 * ~2,400, so up to 8 would count fewer; but TBL/TBX over four registers
 * issue as several micro-ops on the Cortex-A cores we cannot time here, so
 * only the short passes change path. */
#define RIJN_I_NBS_ONE_MAX 2u

/* The first m (1..8) blocks of b through the cipher, forwards or back. */
static inline __attribute__((always_inline)) void nbs_cipher_m(const uint8_t *rk, unsigned rounds,
                                                               int dec, uint8x16_t b[8],
                                                               unsigned m)
{
    unsigned j;
#if RIJN_CFG_AES_DECRYPT
    if (dec) {
        if (m <= RIJN_I_NBS_ONE_MAX) {
            for (j = 0; j < m; j++)
                b[j] = rijn_i_nbs_decrypt1(rk, rounds, b[j]);
        } else {
            rijn_i_nbs_decrypt8(rk, rounds, b);
        }
        return;
    }
#else
    (void)dec;
#endif
    if (m <= RIJN_I_NBS_ONE_MAX) {
        for (j = 0; j < m; j++)
            b[j] = rijn_i_nbs_encrypt1(rk, rounds, b[j]);
    } else {
        rijn_i_nbs_encrypt8(rk, rounds, b);
    }
}

/* The block hi || lo, both halves big-endian (a counter block). */
static inline __attribute__((always_inline)) uint8x16_t nbs_be_block(uint64_t hi, uint64_t lo)
{
    return vrev64q_u8(vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(hi), vcreate_u64(lo))));
}

/* The class's xts hook (aes_neonbs_xts.c) and cbcmac entry
 * (aes_neonbs_mac.c), as aes_i.h describes them. */
int rijn_i_nbs_xts(const rijn_aes_ctx key[2], int dec, const uint8_t tweak[16], uint8_t *out,
                   const uint8_t *in, size_t len);
void rijn_i_nbs_cbcmac(const uint64_t *ks, unsigned rounds, unsigned op, uint8_t mac[16],
                       uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks);

#endif /* RIJN_CFG_AES_NEONBS */
#endif /* RIJN_AES_NEONBS_I_H */
