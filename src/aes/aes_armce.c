/*
 * aes_armce.c -- "armce": AES with the ARMv8 Crypto Extensions (AESE,
 * AESD, AESMC, AESIMC) on AArch64. Key schedule, N-block ECB, the
 * class's fused CTR, CBC decryption and CBC encryption entries and its
 * one-shot ECB / CBC-encrypt / CTR hooks; XTS, CBC-MAC (CCM, EAX) and CFB
 * are in aes_armce_modes.c, the shared kernels in armce.h.
 *
 * Implementation notes
 *   Layout: the standard round-key layout of aes_i.h (as x86ni): bytes
 *   [0, 16(r+1)) the encryption round keys K0..Kr in FIPS 197 byte order,
 *   then, keyed for decryption, Kr, IMC(Kr-1), ..., IMC(K1), K0 for the
 *   equivalent inverse cipher. 32(r+1) bytes fit the context's schedule.
 *   Rounds: AESE(x, k) = SubBytes(ShiftRows(x ^ k)), so a block is
 *   AESMC(AESE(.)) with K0..Kr-2, AESE with Kr-1, then XOR Kr; decryption
 *   the same with AESD/AESIMC and the inverse-cipher keys.
 *   Key schedule: FIPS 197 KeyExpansion (rijn_i_aes_expand_words) with
 *   SubWord done by AESE with a zero key on the word broadcast to all four
 *   columns (ShiftRows is then the identity): no table, constant time.
 *   The expanded words are wiped.
 *   Throughput: 8 independent blocks per pass (AESE+AESMC latency x issue
 *   width on Cortex-A7x/Neoverse), then 4, then 1. The round keys are
 *   loaded once per call into registers and the rounds fully unrolled:
 *   each entry dispatches once on the key size (ARMCE_BY_ROUNDS) to an
 *   inlined body with a literal round count (AES-128 CTR at 16 KiB, qemu
 *   -cpu max: 36,635 instructions before; docs/BENCHMARKS-ARM.md has the
 *   counts since). CBC encryption is
 *   serial by definition. Loads and stores are unaligned byte loads
 *   (vld1q_u8); out == in works because each pass loads all its input
 *   before it stores, and CBC decryption keeps the next chaining value in
 *   a register.
 *   CTR: the counter is held as two big-endian 64-bit halves in general
 *   registers; each block's counter is built branch-free (carry by
 *   comparison), so a secret counter costs no branch.
 *   Constant time: the AES instructions take data-independent time; no
 *   table, no secret-dependent branch or index.
 *   Code generation: arm_neon.h intrinsics under per-function target
 *   attributes, so the file builds with baseline -march=armv8-a; the class
 *   is available when the CPU probe (core/cpu.c: getauxval HWCAP_AES on
 *   Linux, sysctl on macOS) reports AES. Little-endian AArch64 only
 *   (include/rijn/config.h).
 *   Vectors: FIPS 197 and the CAVP files (every class, tu_for_each_impl),
 *   tests/aes/test_aes_fused.c (CTR/CBC against OpenSSL and the class's own
 *   N-block entries), run under qemu-aarch64 by scripts/test-aarch64.sh.
 */
#include "aes/aes_i.h"

#if RIJN_CFG_AES_ARMCE

#include "aes/armce.h"

typedef char rijn_i_armce_ks_fits[RIJN_AES_KS_WORDS * 8 >= 32 * (RIJN_AES_MAX_ROUNDS + 1) ? 1
                                                                                        : -1];

static int armce_available(void)
{
    return (rijn_i_cpu_features() & RIJN_CPU_ARM_AES) != 0;
}

/* SubWord: every byte through the S-box (AESE with a zero key; all four
 * columns equal, so ShiftRows changes nothing). */
ARMCE_FN uint32_t armce_subword(uint32_t w)
{
    uint8x16_t x = vreinterpretq_u8_u32(vdupq_n_u32(w));
    x = vaeseq_u8(x, vdupq_n_u8(0));
    return vgetq_lane_u32(vreinterpretq_u32_u8(x), 0);
}

ARMCE_FN void armce_setkey(uint64_t *ks, const uint8_t *key, size_t key_len, unsigned dirs)
{
    uint32_t w[4 * (RIJN_AES_MAX_ROUNDS + 1)];
    uint8_t *ek = (uint8_t *)ks;
    unsigned rounds = rijn_i_aes_expand_words(w, key, key_len, armce_subword), i;
    uint8_t *dk = ek + 16 * (rounds + 1);
    for (i = 0; i < 4 * (rounds + 1); i++)
        rijn_store32_be(ek + 4 * i, w[i]);
    rijn_wipe(w, sizeof w);
    if (dirs & RIJN_I_DIR_DEC) {
        vst1q_u8(dk, vld1q_u8(ek + 16 * rounds));
        for (i = 1; i < rounds; i++)
            vst1q_u8(dk + 16 * i, vaesimcq_u8(vld1q_u8(ek + 16 * (rounds - i))));
        vst1q_u8(dk + 16 * rounds, vld1q_u8(ek));
    }
}

ARMCE_INLINE void ecb_pass(const uint8x16_t *k, unsigned rounds, uint8_t *out, const uint8_t *in,
                           unsigned m, int dec)
{
    uint8x16_t x[8];
    unsigned j;
    for (j = 0; j < m; j++)
        x[j] = vld1q_u8(in + 16 * j);
    if (dec)
        armce_decn(x, m, k, rounds);
    else
        armce_encn(x, m, k, rounds);
    for (j = 0; j < m; j++)
        vst1q_u8(out + 16 * j, x[j]);
}

ARMCE_INLINE void ecb(const uint8_t *rk, unsigned rounds, uint8_t *out, const uint8_t *in,
                      size_t nblocks, int dec)
{
    uint8x16_t k[15];
    armce_load_keys(k, rk, rounds);
    for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128)
        ecb_pass(k, rounds, out, in, 8, dec);
    if (nblocks >= 4) {
        ecb_pass(k, rounds, out, in, 4, dec);
        nblocks -= 4;
        in += 64;
        out += 64;
    }
    for (; nblocks > 0; nblocks--, in += 16, out += 16)
        ecb_pass(k, rounds, out, in, 1, dec);
}

ARMCE_FN void armce_encrypt(const uint64_t *ks, unsigned rounds, uint8_t *out,
                            const uint8_t *in, size_t nblocks)
{
#define ECB_ENC(R) ecb((const uint8_t *)ks, R, out, in, nblocks, 0)
    ARMCE_BY_ROUNDS(rounds, ECB_ENC);
#undef ECB_ENC
}

/* Counter block i of the stream starting at (hi, lo), big-endian bytes. */
ARMCE_INLINE uint8x16_t ctr_block(uint64_t hi, uint64_t lo, unsigned ctr_bits, uint64_t i)
{
    uint64_t l, h;
    if (ctr_bits == 32) {
        h = hi;
        l = (lo & ~(uint64_t)0xFFFFFFFFu) | (uint32_t)(lo + i);
    } else {
        l = lo + i;
        h = hi + (uint64_t)(l < lo);
    }
    return vrev64q_u8(vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(h), vcreate_u64(l))));
}

ARMCE_INLINE void ctr_pass(const uint8x16_t *k, unsigned rounds, unsigned ctr_bits, uint64_t hi,
                           uint64_t lo, uint8_t *out, const uint8_t *in, unsigned m)
{
    uint8x16_t x[8];
    unsigned j;
    for (j = 0; j < m; j++)
        x[j] = ctr_block(hi, lo, ctr_bits, j);
    armce_encn(x, m, k, rounds);
    for (j = 0; j < m; j++)
        vst1q_u8(out + 16 * j, veorq_u8(x[j], vld1q_u8(in + 16 * j)));
}

/* Advance (hi, lo) by n blocks. */
#define CTR_ADVANCE(n)                                                       \
    do {                                                                     \
        uint64_t n_ = (n);                                                   \
        if (ctr_bits == 32) {                                                \
            lo = (lo & ~(uint64_t)0xFFFFFFFFu) | (uint32_t)(lo + n_);        \
        } else {                                                             \
            uint64_t l_ = lo + n_;                                           \
            hi += (uint64_t)(l_ < lo);                                       \
            lo = l_;                                                         \
        }                                                                    \
    } while (0)

ARMCE_INLINE void ctr_body(const uint8_t *rk, unsigned rounds, unsigned ctr_bits,
                           uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks)
{
    uint8x16_t k[15];
    uint64_t hi = rijn_load64_be(ctr), lo = rijn_load64_be(ctr + 8);
    armce_load_keys(k, rk, rounds);
    for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
        ctr_pass(k, rounds, ctr_bits, hi, lo, out, in, 8);
        CTR_ADVANCE(8);
    }
    if (nblocks >= 4) {
        ctr_pass(k, rounds, ctr_bits, hi, lo, out, in, 4);
        CTR_ADVANCE(4);
        nblocks -= 4;
        in += 64;
        out += 64;
    }
    for (; nblocks > 0; nblocks--, in += 16, out += 16) {
        ctr_pass(k, rounds, ctr_bits, hi, lo, out, in, 1);
        CTR_ADVANCE(1);
    }
    rijn_store64_be(ctr, hi);
    rijn_store64_be(ctr + 8, lo);
}

ARMCE_FN void armce_ctr(const uint64_t *ks, unsigned rounds, unsigned ctr_bits, uint8_t ctr[16],
                        uint8_t *out, const uint8_t *in, size_t nblocks)
{
#define CTR_R(R) ctr_body((const uint8_t *)ks, R, ctr_bits, ctr, out, in, nblocks)
    ARMCE_BY_ROUNDS(rounds, CTR_R);
#undef CTR_R
}

ARMCE_INLINE void cbc_enc_body(const uint8_t *rk, unsigned rounds, uint8_t iv[16], uint8_t *out,
                               const uint8_t *in, size_t nblocks)
{
    uint8x16_t k[15], c = vld1q_u8(iv);
    armce_load_keys(k, rk, rounds);
    for (; nblocks > 0; nblocks--, in += 16, out += 16) {
        uint8x16_t x[1];
        x[0] = veorq_u8(c, vld1q_u8(in));
        armce_encn(x, 1, k, rounds);
        c = x[0];
        vst1q_u8(out, c);
    }
    vst1q_u8(iv, c);
}

ARMCE_FN void armce_cbc_encrypt(const uint64_t *ks, unsigned rounds, uint8_t iv[16],
                                uint8_t *out, const uint8_t *in, size_t nblocks)
{
#define CBCE_R(R) cbc_enc_body((const uint8_t *)ks, R, iv, out, in, nblocks)
    ARMCE_BY_ROUNDS(rounds, CBCE_R);
#undef CBCE_R
}

/* The one-shot hooks (aes_i.h: ecb_enc_once ...): one dispatch on the key
 * size into the same bodies, the IV copied (only read). */
ARMCE_FN int armce_ecb_enc_once(const rijn_aes_ctx *aes, uint8_t *out, const uint8_t *in,
                                size_t nblocks)
{
#define ECB_EO(R) ecb((const uint8_t *)aes->ks, R, out, in, nblocks, 0)
    ARMCE_BY_ROUNDS(aes->rounds, ECB_EO);
#undef ECB_EO
    return RIJN_OK;
}

ARMCE_FN int armce_cbc_enc_once(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                                const uint8_t *in, size_t nblocks)
{
    uint8_t v[16];
    memcpy(v, iv, 16);
#define CBC_EO(R) cbc_enc_body((const uint8_t *)aes->ks, R, v, out, in, nblocks)
    ARMCE_BY_ROUNDS(aes->rounds, CBC_EO);
#undef CBC_EO
    return RIJN_OK;
}

ARMCE_FN int armce_ctr_once(const rijn_aes_ctx *aes, unsigned ctr_bits, const uint8_t iv[16],
                            uint8_t *out, const uint8_t *in, size_t nblocks)
{
    uint8_t c[16];
    memcpy(c, iv, 16);
#define CTR_O(R) ctr_body((const uint8_t *)aes->ks, R, ctr_bits, c, out, in, nblocks)
    ARMCE_BY_ROUNDS(aes->rounds, CTR_O);
#undef CTR_O
    return RIJN_OK;
}

#if RIJN_CFG_AES_DECRYPT
ARMCE_FN void armce_decrypt(const uint64_t *ks, unsigned rounds, uint8_t *out,
                            const uint8_t *in, size_t nblocks)
{
#define ECB_DEC(R) ecb((const uint8_t *)ks + 16 * ((R) + 1), R, out, in, nblocks, 1)
    ARMCE_BY_ROUNDS(rounds, ECB_DEC);
#undef ECB_DEC
}

/* m blocks of CBC decryption; *c is the previous ciphertext block, then
 * the last of this pass. */
ARMCE_INLINE void cbc_dec_pass(const uint8x16_t *k, unsigned rounds, uint8x16_t *c,
                               uint8_t *out, const uint8_t *in, unsigned m)
{
    uint8x16_t x[8], y[8];
    unsigned j;
    for (j = 0; j < m; j++)
        x[j] = y[j] = vld1q_u8(in + 16 * j);
    armce_decn(x, m, k, rounds);
    vst1q_u8(out, veorq_u8(x[0], *c));
    for (j = 1; j < m; j++)
        vst1q_u8(out + 16 * j, veorq_u8(x[j], y[j - 1]));
    *c = y[m - 1];
}

ARMCE_INLINE void cbc_dec_body(const uint8_t *dk, unsigned rounds, uint8_t iv[16], uint8_t *out,
                               const uint8_t *in, size_t nblocks)
{
    uint8x16_t k[15], c = vld1q_u8(iv);
    armce_load_keys(k, dk, rounds);
    for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128)
        cbc_dec_pass(k, rounds, &c, out, in, 8);
    if (nblocks >= 4) {
        cbc_dec_pass(k, rounds, &c, out, in, 4);
        nblocks -= 4;
        in += 64;
        out += 64;
    }
    for (; nblocks > 0; nblocks--, in += 16, out += 16)
        cbc_dec_pass(k, rounds, &c, out, in, 1);
    vst1q_u8(iv, c);
}

ARMCE_FN void armce_cbc_decrypt(const uint64_t *ks, unsigned rounds, uint8_t iv[16],
                                uint8_t *out, const uint8_t *in, size_t nblocks)
{
#define CBCD_R(R) cbc_dec_body((const uint8_t *)ks + 16 * ((R) + 1), R, iv, out, in, nblocks)
    ARMCE_BY_ROUNDS(rounds, CBCD_R);
#undef CBCD_R
}
ARMCE_FN int armce_ecb_dec_once(const rijn_aes_ctx *aes, uint8_t *out, const uint8_t *in,
                                size_t nblocks)
{
    armce_decrypt(aes->ks, aes->rounds, out, in, nblocks);
    return RIJN_OK;
}
#define ARMCE_DECRYPT     armce_decrypt
#define ARMCE_ECB_DEC_ONCE armce_ecb_dec_once
#define ARMCE_CBC_DECRYPT armce_cbc_decrypt
#else
#define ARMCE_DECRYPT     NULL
#define ARMCE_ECB_DEC_ONCE NULL
#define ARMCE_CBC_DECRYPT NULL
#endif

const rijn_aes_impl rijn_i_aes_armce = {
    .name = "armce",
    .flags = RIJN_AES_IMPL_CONSTTIME | RIJN_AES_IMPL_HW,
    .available = armce_available,
    .setkey = armce_setkey,
    .encrypt = armce_encrypt,
    .decrypt = ARMCE_DECRYPT,
    .ctr = armce_ctr,
    .cbc_decrypt = ARMCE_CBC_DECRYPT,
    .cbc_encrypt = armce_cbc_encrypt,
    .cbcmac = rijn_i_armce_cbcmac,
    .rk_isa = RIJN_CPU_ARM_AES, /* the standard layout (above) */
    .ecb_enc_once = {armce_ecb_enc_once, armce_ecb_enc_once},
    .ecb_dec_once = {ARMCE_ECB_DEC_ONCE, ARMCE_ECB_DEC_ONCE},
    .cbc_enc_once = {armce_cbc_enc_once, armce_cbc_enc_once},
    .ctr_once = {armce_ctr_once, armce_ctr_once},
    .xts = rijn_i_armce_xts,
    .cfb_decrypt = rijn_i_armce_cfb_decrypt,
    .cfb8_encrypt = rijn_i_armce_cfb8_encrypt,
};

#endif /* RIJN_CFG_AES_ARMCE */
