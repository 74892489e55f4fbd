/*
 * aes_armce_modes.c -- the "armce" class's whole-message entries beyond
 * ECB/CTR/CBC (aes_armce.c): XTS, the CBC-MAC chain alone or stitched
 * with CTR (CCM, EAX), CFB128 decryption and CFB8 encryption. The modes
 * reach them through the class hooks of aes_i.h (xts, cbcmac,
 * cfb_decrypt, cfb8_encrypt), never by name.
 *
 * Implementation notes
 *   XTS (IEEE 1619): T0 = E_Key2(tweak) stays in a register; block j uses
 *   T(j) = T0 * alpha^j, each from the previous by xts_neon_mulx
 *   (xts_neon_i.h, shared with neonbs: the little-endian 128-bit value
 *   doubled: a 64-bit shift per lane, the bit leaving lane 0
 *   carried into lane 1, the bit leaving the top folded back as 0x87; the
 *   carries are arithmetic-shift masks, no branch). Passes of 8, 4, then
 *   single blocks, all loads of a pass before its stores (out == in
 *   works). Ciphertext stealing as xts.c / aes_x86ni_xts.c; its two stack
 *   buffers are wiped.
 *   CBC-MAC: serial by definition; the stitched forms run the MAC block and
 *   the counter block of a step through the rounds together (two
 *   independent AESE chains). Decryption MACs the plaintext, known only
 *   after the keystream, so its MAC of block j-1 rides with the keystream
 *   of block j. The counter is two big-endian 64-bit halves in general
 *   registers, advanced branch-free (64-bit low half for CCM; with
 *   RIJN_I_CBCMAC_CTR128 the carry runs into the high half, EAX).
 *   CFB128 decryption: E(C_{j-1}) for 8 (4, 1) blocks per pass,
 *   independent; CFB8 encryption: the shift register in a vector register,
 *   one block per byte (serial), shifted by EXT.
 *   Constant time: AES instructions, shifts, XOR, adds; branches on
 *   lengths, direction and op only.
 *   Vectors: tests/modes/test_xts.c and tests/core/test_perf_paths.c (XTS, every
 *   class), tests/aes/test_cbcmac_hook.c (every op against the class's own
 *   N-block entries), tests/modes/test_diff_modes.c (CFB8/CFB128 and the rest
 *   against OpenSSL on every class), tests/aead/test_ccm*.c, tests/aead/test_eax.c;
 *   under qemu-aarch64 by scripts/test-aarch64.sh.
 */
#include "aes/aes_i.h"

#if RIJN_CFG_AES_ARMCE

#include "aes/armce.h"
#include "aes/xts_neon_i.h"

/* ---- XTS */

/* One pass of m blocks (a constant after inlining) from tweak t; returns
 * the tweak of the next block. */
ARMCE_INLINE uint8x16_t xts_pass(const uint8x16_t *k, unsigned rounds, int dec, uint8x16_t t,
                                 uint8_t *out, const uint8_t *in, unsigned m)
{
    uint8x16_t x[8], tw[8];
    unsigned i;
    tw[0] = t;
    for (i = 1; i < m; i++)
        tw[i] = xts_neon_mulx(tw[i - 1]);
    for (i = 0; i < m; i++)
        x[i] = veorq_u8(vld1q_u8(in + 16 * i), tw[i]);
    if (dec)
        armce_decn(x, m, k, rounds);
    else
        armce_encn(x, m, k, rounds);
    for (i = 0; i < m; i++)
        vst1q_u8(out + 16 * i, veorq_u8(x[i], tw[i]));
    return xts_neon_mulx(tw[m - 1]);
}

ARMCE_INLINE uint8x16_t xts_one(const uint8x16_t *k, unsigned rounds, int dec, uint8x16_t t,
                                uint8x16_t b)
{
    uint8x16_t x[1];
    x[0] = veorq_u8(b, t);
    if (dec)
        armce_decn(x, 1, k, rounds);
    else
        armce_encn(x, 1, k, rounds);
    return veorq_u8(x[0], t);
}

ARMCE_INLINE void xts_body(const rijn_aes_ctx key[2], int dec, unsigned rounds,
                           const uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t len)
{
    const rijn_aes_ctx *data = &key[0], *tk = &key[1];
    const uint8_t *rk = dec ? rijn_i_aes_rk_dec(data) : rijn_i_aes_rk_enc(data);
    size_t r = len % 16, n = len / 16 - (r != 0);
    uint8x16_t k[15], t;
    {
        /* the tweak key: the same size as the data key (rijn_xts_init) */
        uint8x16_t x[1];
        x[0] = vld1q_u8(tweak);
        armce_load_keys(k, (const uint8_t *)tk->ks, rounds);
        armce_encn(x, 1, k, rounds);
        t = x[0];
    }
    armce_load_keys(k, rk, rounds);
    for (; n >= 8; n -= 8, in += 128, out += 128)
        t = xts_pass(k, rounds, dec, t, out, in, 8);
    if (n >= 4) {
        t = xts_pass(k, rounds, dec, t, out, in, 4);
        n -= 4;
        in += 64;
        out += 64;
    }
    for (; n > 0; n--, in += 16, out += 16)
        t = xts_pass(k, rounds, dec, t, out, in, 1);
    if (r != 0) {
        /* the last full block and the r-byte partial one after it */
        uint8_t buf[16], last[16];
        uint8x16_t t2 = xts_neon_mulx(t);
        memcpy(last, in + 16, r);
        vst1q_u8(buf, xts_one(k, rounds, dec, dec ? t2 : t, vld1q_u8(in)));
        memcpy(out + 16, buf, r);
        memcpy(buf, last, r);
        vst1q_u8(out, xts_one(k, rounds, dec, dec ? t : t2, vld1q_u8(buf)));
        rijn_wipe(buf, sizeof buf);
        rijn_wipe(last, sizeof last);
    }
}

ARMCE_TARGET int rijn_i_armce_xts(const rijn_aes_ctx key[2], int dec, const uint8_t tweak[16],
                                  uint8_t *out, const uint8_t *in, size_t len)
{
#define XTS_R(R)                                        \
    do {                                                \
        if (dec)                                        \
            xts_body(key, 1, R, tweak, out, in, len);   \
        else                                            \
            xts_body(key, 0, R, tweak, out, in, len);   \
    } while (0)
    ARMCE_BY_ROUNDS(key[0].rounds, XTS_R);
#undef XTS_R
    return RIJN_OK;
}

/* ---- CBC-MAC, alone or stitched with CTR */

/* The counter (hi, lo) as a block, then advanced by one: the low half
 * only (mod 2^64), or with ctr128 the whole value (mod 2^128). */
ARMCE_INLINE uint8x16_t mac_ctr_next(uint64_t *hi, uint64_t *lo, int ctr128)
{
    uint8x16_t b = vrev64q_u8(vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(*hi),
                                                                vcreate_u64(*lo))));
    uint64_t l = *lo + 1;
    if (ctr128)
        *hi += (uint64_t)(l == 0);
    *lo = l;
    return b;
}

/* op: RIJN_I_CBCMAC_* without CTR128 (constants after inlining). */
ARMCE_INLINE void cbcmac_body(const uint8_t *rk, unsigned rounds, unsigned op, int ctr128,
                              uint8_t mac[16], uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                              size_t nblocks)
{
    uint8x16_t k[15], s = vld1q_u8(mac), x[2];
    uint64_t hi = 0, lo = 0;
    size_t j;
    armce_load_keys(k, rk, rounds);
    if (op == RIJN_I_CBCMAC_MAC) {
        for (j = 0; j < nblocks; j++) {
            x[0] = veorq_u8(s, vld1q_u8(in + 16 * j));
            armce_encn(x, 1, k, rounds);
            s = x[0];
        }
        vst1q_u8(mac, s);
        return;
    }
    hi = rijn_load64_be(ctr);
    lo = rijn_load64_be(ctr + 8);
    if (op == RIJN_I_CBCMAC_ENC) {
        for (j = 0; j < nblocks; j++) {
            uint8x16_t b = vld1q_u8(in + 16 * j);
            x[0] = veorq_u8(s, b);
            x[1] = mac_ctr_next(&hi, &lo, ctr128);
            armce_encn(x, 2, k, rounds);
            s = x[0];
            vst1q_u8(out + 16 * j, veorq_u8(b, x[1]));
        }
    } else {
        /* block j's keystream with the MAC of block j-1's plaintext */
        uint8x16_t p;
        x[0] = mac_ctr_next(&hi, &lo, ctr128);
        armce_encn(x, 1, k, rounds);
        p = veorq_u8(vld1q_u8(in), x[0]);
        vst1q_u8(out, p);
        for (j = 1; j < nblocks; j++) {
            x[0] = veorq_u8(s, p);
            x[1] = mac_ctr_next(&hi, &lo, ctr128);
            armce_encn(x, 2, k, rounds);
            s = x[0];
            p = veorq_u8(vld1q_u8(in + 16 * j), x[1]);
            vst1q_u8(out + 16 * j, p);
        }
        x[0] = veorq_u8(s, p);
        armce_encn(x, 1, k, rounds);
        s = x[0];
    }
    vst1q_u8(mac, s);
    rijn_store64_be(ctr, hi);
    rijn_store64_be(ctr + 8, lo);
}

ARMCE_INLINE void cbcmac_r(const uint8_t *rk, unsigned rounds, unsigned op, uint8_t mac[16],
                           uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks)
{
    int c128 = (op & RIJN_I_CBCMAC_CTR128) != 0;
    switch (op & ~RIJN_I_CBCMAC_CTR128) {
    case RIJN_I_CBCMAC_MAC:
        cbcmac_body(rk, rounds, RIJN_I_CBCMAC_MAC, 0, mac, ctr, out, in, nblocks);
        break;
    case RIJN_I_CBCMAC_ENC:
        if (c128)
            cbcmac_body(rk, rounds, RIJN_I_CBCMAC_ENC, 1, mac, ctr, out, in, nblocks);
        else
            cbcmac_body(rk, rounds, RIJN_I_CBCMAC_ENC, 0, mac, ctr, out, in, nblocks);
        break;
    default:
        if (c128)
            cbcmac_body(rk, rounds, RIJN_I_CBCMAC_DEC, 1, mac, ctr, out, in, nblocks);
        else
            cbcmac_body(rk, rounds, RIJN_I_CBCMAC_DEC, 0, mac, ctr, out, in, nblocks);
        break;
    }
}

ARMCE_TARGET void rijn_i_armce_cbcmac(const uint64_t *ks, unsigned rounds, unsigned op,
                                      uint8_t mac[16], uint8_t ctr[16], uint8_t *out,
                                      const uint8_t *in, size_t nblocks)
{
    if (nblocks == 0)
        return;
#define MAC_R(R) cbcmac_r((const uint8_t *)ks, R, op, mac, ctr, out, in, nblocks)
    ARMCE_BY_ROUNDS(rounds, MAC_R);
#undef MAC_R
}

/* ---- CFB */

/* m blocks of CFB128 decryption; *c the previous ciphertext block, then
 * the last of this pass. */
ARMCE_INLINE void cfb_dec_pass(const uint8x16_t *k, unsigned rounds, uint8x16_t *c,
                               uint8_t *out, const uint8_t *in, unsigned m)
{
    uint8x16_t x[8], y[8];
    unsigned j;
    for (j = 0; j < m; j++)
        y[j] = vld1q_u8(in + 16 * j);
    x[0] = *c;
    for (j = 1; j < m; j++)
        x[j] = y[j - 1];
    armce_encn(x, m, k, rounds);
    for (j = 0; j < m; j++)
        vst1q_u8(out + 16 * j, veorq_u8(x[j], y[j]));
    *c = y[m - 1];
}

ARMCE_INLINE void cfb_dec_body(const uint8_t *rk, unsigned rounds, uint8_t iv[16], uint8_t *out,
                               const uint8_t *in, size_t nblocks)
{
    uint8x16_t k[15], c = vld1q_u8(iv);
    armce_load_keys(k, rk, rounds);
    for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128)
        cfb_dec_pass(k, rounds, &c, out, in, 8);
    if (nblocks >= 4) {
        cfb_dec_pass(k, rounds, &c, out, in, 4);
        nblocks -= 4;
        in += 64;
        out += 64;
    }
    for (; nblocks > 0; nblocks--, in += 16, out += 16)
        cfb_dec_pass(k, rounds, &c, out, in, 1);
    vst1q_u8(iv, c);
}

ARMCE_TARGET void rijn_i_armce_cfb_decrypt(const uint64_t *ks, unsigned rounds, uint8_t iv[16],
                                           uint8_t *out, const uint8_t *in, size_t nblocks)
{
#define CFBD_R(R) cfb_dec_body((const uint8_t *)ks, R, iv, out, in, nblocks)
    ARMCE_BY_ROUNDS(rounds, CFBD_R);
#undef CFBD_R
}

ARMCE_INLINE void cfb8_body(const uint8_t *rk, unsigned rounds, uint8_t reg[16], uint8_t *out,
                            const uint8_t *in, size_t len)
{
    uint8x16_t k[15], r = vld1q_u8(reg), x[1];
    size_t i;
    armce_load_keys(k, rk, rounds);
    for (i = 0; i < len; i++) {
        uint8_t c;
        x[0] = r;
        armce_encn(x, 1, k, rounds);
        c = (uint8_t)(in[i] ^ vgetq_lane_u8(x[0], 0));
        out[i] = c;
        r = vextq_u8(r, vdupq_n_u8(c), 1); /* reg[1..16) || c */
    }
    vst1q_u8(reg, r);
}

ARMCE_TARGET void rijn_i_armce_cfb8_encrypt(const uint64_t *ks, unsigned rounds,
                                            uint8_t reg[16], uint8_t *out, const uint8_t *in,
                                            size_t len)
{
#define CFB8_R(R) cfb8_body((const uint8_t *)ks, R, reg, out, in, len)
    ARMCE_BY_ROUNDS(rounds, CFB8_R);
#undef CFB8_R
}

#endif /* RIJN_CFG_AES_ARMCE */
