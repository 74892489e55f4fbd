/*
 * aes_neonbs.c -- "neonbs": constant-time bitsliced AES on 128-bit NEON
 * registers, eight blocks per pass, for AArch64 cores without the Crypto
 * Extensions (Cortex-A53/A72 builds without them: Raspberry Pi 4).
 *
 * Implementation notes
 *   Layout (Kasper-Schwabe): the state of eight blocks is eight 128-bit
 *   planes q[0..7]; byte k of plane i holds bit i of state byte k (FIPS 197
 *   order, k = 4c + r) of the eight blocks, block b at bit b. Loading is one
 *   vld1q per block (register b = block b) and the 8x8 bit transpose per
 *   byte lane ct_ortho of aes_ct_common.h (an involution: storing is the
 *   same backwards). A state byte is then a plane byte, so ShiftRows is one
 *   TBL per plane, and MixColumns's "same column, next row" one TBL (next
 *   row) or one REV32.16 (the row after) per plane; MixColumns's formula,
 *   the S-box circuit (Boyar-Peralta, 0x63 folded into the round keys) and
 *   the decryption path (the circuit's inverse, InvMixColumns = MixColumns
 *   o P) are ct64's (aes_ct64.c), compiled here on the vector word.
 *   Schedule: FIPS 197 round keys, 16 bytes each (the standard layout,
 *   16(r+1) bytes, one schedule for both directions), round keys 1..N
 *   XORed with 0x63 (the S-box constant); a round key becomes the eight
 *   planes (bytes 0x00/0xFF) by one CMTST per plane as it is added.
 *   SubWord in the key schedule is aes_neonbs_one.c's table lookup
 *   (rijn_i_nbs_subword; it was a bitsliced pass per word).
 *   Passes: 8 blocks; a shorter tail runs one pass with zero blocks in the
 *   empty lanes (registers, no buffer) and stores only its blocks. out ==
 *   in works: a pass loads all its input before it stores (CBC decryption
 *   stores backwards, each block after the one that needs its input).
 *   Fused entries: CTR (counter blocks built branch-free from two 64-bit
 *   halves, as armce), CBC decryption, XTS (the xts hook, whole messages
 *   with stealing: aes_neonbs_xts.c, on rijn_i_nbs_encrypt8 / _decrypt8,
 *   the passes on blocks in registers); ECB in both directions is the
 *   N-block entries; the CBC-MAC chain of CMAC/CCM/EAX with CCM's and
 *   EAX's counter block in the same pass (the cbcmac entry,
 *   aes_neonbs_mac.c). CBC and CFB encryption and OFB are serial (the
 *   modes' one-block calls); CFB decryption is parallel and takes cfb.c's
 *   batched path over the encrypt entry.
 *   Passes of up to RIJN_I_NBS_ONE_MAX blocks (serial modes, short calls,
 *   tails) take aes_neonbs_one.c's TBL/TBX path: ~250 instructions a block.
 *   Code generation: the 8-plane loops carry `#pragma GCC unroll 8` (GCC
 *   12 otherwise keeps them as loops over the state in memory: a load, a
 *   TBL and a store per plane).
 *   Constant time: AND/XOR/shifts/TBL with constant indices on the planes;
 *   no memory access by data, no branch on data; loops depend only on
 *   nblocks and rounds. No AES instruction. The one-block path indexes
 *   registers by data (TBL/TBX): the platform fact it rests on is in
 *   aes_neonbs_one.c.
 *   Availability: always. Advanced SIMD is part of the AArch64 base
 *   architecture (every AArch64 Linux reports HWCAP_ASIMD; compilers emit
 *   it for plain C at -march=armv8-a), so, like ct64's 64-bit words, it is
 *   no extension that RIJN_CPU_MASK hides. Registered after armce and
 *   before ct64: the default on AArch64 without AES (and under
 *   RIJN_CPU_MASK=0); ct64 stays selectable by name and is tested as
 *   every class is.
 *   Counts: docs/BENCHMARKS-ARM.md ("no CE" rows, scripts/bench-arm.sh).
 *   Vectors: FIPS 197, CAVP, the OpenSSL differential tests and
 *   tests/aes/test_aes_fused.c run on every available class; under
 *   qemu-aarch64 by scripts/test-aarch64.sh (the run with AES masked makes
 *   this class the default).
 */
#include "aes/aes_neonbs_i.h"
#include "internal.h"

#if RIJN_CFG_AES_NEONBS

typedef uint64_t ct_word __attribute__((vector_size(16)));
#define CT_MASK(m) ((ct_word){0, 0} + (uint64_t)(m))
#define CT_NO_SUBWORD 1
#include "aes_ct_common.h"

#define NBS_INLINE static inline __attribute__((always_inline))

static const uint8_t nbs_idx[3][16] = {
    {0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11},  /* ShiftRows */
    {0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3},  /* InvShiftRows */
    {1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12}, /* row r+1 to row r */
};

NBS_INLINE ct_word tbl(ct_word x, uint8x16_t idx)
{
    return (ct_word)vqtbl1q_u8((uint8x16_t)x, idx);
}

/* Row r + 2 to row r in every column. */
NBS_INLINE ct_word rot2(ct_word x)
{
    return (ct_word)vrev32q_u16((uint16x8_t)x);
}

NBS_INLINE void load8(ct_word q[8], const uint8_t *in, unsigned m)
{
    unsigned j;
    #pragma GCC unroll 8
    for (j = 0; j < 8; j++)
        q[j] = j < m ? (ct_word)vld1q_u8(in + 16 * j) : CT_MASK(0);
    ct_ortho(q);
}

NBS_INLINE void add_round_key(ct_word q[8], const uint8_t *rk)
{
    const uint8x16_t k = vld1q_u8(rk);
    unsigned i;
    #pragma GCC unroll 8
    for (i = 0; i < 8; i++)
        q[i] ^= (ct_word)vtstq_u8(k, vdupq_n_u8((uint8_t)(1u << i)));
}

NBS_INLINE void shift_rows(ct_word q[8], uint8x16_t idx)
{
    unsigned i;
    #pragma GCC unroll 8
    for (i = 0; i < 8; i++)
        q[i] = tbl(q[i], idx);
}

/* out[r] = 2*(a[r] ^ a[r+1]) ^ a[r+1] ^ a[r+2] ^ a[r+3] per column. */
NBS_INLINE void mix_columns(ct_word q[8], uint8x16_t rot1)
{
    ct_word r[8], t[8];
    unsigned i;
    #pragma GCC unroll 8
    for (i = 0; i < 8; i++) {
        r[i] = tbl(q[i], rot1);
        t[i] = q[i] ^ r[i];
    }
    q[0] = t[7] ^ r[0] ^ rot2(t[0]);
    q[1] = t[0] ^ t[7] ^ r[1] ^ rot2(t[1]);
    q[2] = t[1] ^ r[2] ^ rot2(t[2]);
    q[3] = t[2] ^ t[7] ^ r[3] ^ rot2(t[3]);
    q[4] = t[3] ^ t[7] ^ r[4] ^ rot2(t[4]);
    q[5] = t[4] ^ r[5] ^ rot2(t[5]);
    q[6] = t[5] ^ r[6] ^ rot2(t[6]);
    q[7] = t[6] ^ r[7] ^ rot2(t[7]);
}

/* Eight blocks in q (loaded, transposed) through the cipher; transposed
 * back on return. */
static void encrypt8(const uint8_t *rk, unsigned rounds, ct_word q[8])
{
    const uint8x16_t sr = vld1q_u8(nbs_idx[0]), rot1 = vld1q_u8(nbs_idx[2]);
    unsigned i;
    add_round_key(q, rk);
    for (i = 1; i < rounds; i++) {
        ct_sbox_inl(q);
        shift_rows(q, sr);
        mix_columns(q, rot1);
        add_round_key(q, rk + 16 * i);
    }
    ct_sbox_inl(q);
    shift_rows(q, sr);
    add_round_key(q, rk + 16 * rounds);
    ct_ortho(q);
}

/* Eight blocks into the bitsliced form (to_slices), and back (the round
 * functions end with the inverse transpose). */
NBS_INLINE void to_slices(ct_word q[8], const uint8x16_t b[8])
{
    unsigned j;
    #pragma GCC unroll 8
    for (j = 0; j < 8; j++)
        q[j] = (ct_word)b[j];
    ct_ortho(q);
}

NBS_INLINE void from_slices(uint8x16_t b[8], const ct_word q[8])
{
    unsigned j;
    #pragma GCC unroll 8
    for (j = 0; j < 8; j++)
        b[j] = (uint8x16_t)q[j];
}

void rijn_i_nbs_encrypt8(const uint8_t *rk, unsigned rounds, uint8x16_t b[8])
{
    ct_word q[8];
    to_slices(q, b);
    encrypt8(rk, rounds, q);
    from_slices(b, q);
}

static void nbs_setkey(uint64_t *ks, const uint8_t *key, size_t key_len, unsigned dirs)
{
    uint32_t w[4 * (RIJN_AES_MAX_ROUNDS + 1)];
    uint8_t *rk = (uint8_t *)ks;
    unsigned i, rounds = rijn_i_aes_expand_words(w, key, key_len, rijn_i_nbs_subword);
    (void)dirs; /* one schedule serves both directions */
    for (i = 0; i < 4 * (rounds + 1); i++)
        rijn_store32_be(rk + 4 * i, w[i] ^ (i >= 4 ? 0x63636363u : 0u));
    rijn_wipe(w, sizeof w);
}

static void nbs_encrypt(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                        size_t nblocks)
{
    ct_word q[8];
    while (nblocks > 0) {
        unsigned j, m = nblocks < 8 ? (unsigned)nblocks : 8;
        if (m <= RIJN_I_NBS_ONE_MAX) {
            for (j = 0; j < m; j++)
                vst1q_u8(out + 16 * j, rijn_i_nbs_encrypt1((const uint8_t *)ks, rounds,
                                                           vld1q_u8(in + 16 * j)));
            break; /* m < 8 only when nblocks < 8: this pass is the last */
        }
        load8(q, in, m);
        encrypt8((const uint8_t *)ks, rounds, q);
        for (j = 0; j < m; j++)
            vst1q_u8(out + 16 * j, (uint8x16_t)q[j]);
        in += 16 * m;
        out += 16 * m;
        nblocks -= m;
    }
}

/* Counter block i of the stream starting at (hi, lo), big-endian bytes. */
NBS_INLINE ct_word ctr_block(uint64_t hi, uint64_t lo, unsigned ctr_bits, uint64_t i)
{
    uint64_t l, h;
    if (ctr_bits == 32) {
        h = hi;
        l = (lo & ~(uint64_t)0xFFFFFFFFu) | (uint32_t)(lo + i);
    } else {
        l = lo + i;
        h = hi + (uint64_t)(l < lo);
    }
    return (ct_word)nbs_be_block(h, l);
}

static void nbs_ctr(const uint64_t *ks, unsigned rounds, unsigned ctr_bits, uint8_t ctr[16],
                    uint8_t *out, const uint8_t *in, size_t nblocks)
{
    uint64_t hi = rijn_load64_be(ctr), lo = rijn_load64_be(ctr + 8);
    ct_word q[8];
    while (nblocks > 0) {
        unsigned j, m = nblocks < 8 ? (unsigned)nblocks : 8;
        if (m <= RIJN_I_NBS_ONE_MAX) {
            for (j = 0; j < m; j++)
                q[j] = (ct_word)rijn_i_nbs_encrypt1((const uint8_t *)ks, rounds,
                                                    (uint8x16_t)ctr_block(hi, lo, ctr_bits, j));
        } else {
            #pragma GCC unroll 8
            for (j = 0; j < 8; j++)
                q[j] = ctr_block(hi, lo, ctr_bits, j);
            ct_ortho(q);
            encrypt8((const uint8_t *)ks, rounds, q);
        }
        for (j = 0; j < m; j++)
            vst1q_u8(out + 16 * j, veorq_u8((uint8x16_t)q[j], vld1q_u8(in + 16 * j)));
        if (ctr_bits == 32) {
            lo = (lo & ~(uint64_t)0xFFFFFFFFu) | (uint32_t)(lo + m);
        } else {
            uint64_t l = lo + m;
            hi += (uint64_t)(l < lo);
            lo = l;
        }
        in += 16 * m;
        out += 16 * m;
        nblocks -= m;
    }
    rijn_store64_be(ctr, hi);
    rijn_store64_be(ctr + 8, lo);
}

#if RIJN_CFG_AES_DECRYPT
/* InvMixColumns = MixColumns o P, P(a)[r] = a[r] ^ 4*(a[r] ^ a[r+2]). */
NBS_INLINE void inv_mix_columns(ct_word q[8], uint8x16_t rot1)
{
    ct_word u[8];
    unsigned i;
    #pragma GCC unroll 8
    for (i = 0; i < 8; i++)
        u[i] = q[i] ^ rot2(q[i]);
    q[0] ^= u[6];
    q[1] ^= u[7] ^ u[6];
    q[2] ^= u[0] ^ u[7];
    q[3] ^= u[1] ^ u[6];
    q[4] ^= u[2] ^ u[7] ^ u[6];
    q[5] ^= u[3] ^ u[7];
    q[6] ^= u[4];
    q[7] ^= u[5];
    mix_columns(q, rot1);
}

NBS_INLINE void inv_sbox(ct_word q[8])
{
    ct_inv_sbox_inl(q);
}

static void decrypt8(const uint8_t *rk, unsigned rounds, ct_word q[8])
{
    const uint8x16_t isr = vld1q_u8(nbs_idx[1]), rot1 = vld1q_u8(nbs_idx[2]);
    unsigned i;
    add_round_key(q, rk + 16 * rounds);
    for (i = rounds - 1; i > 0; i--) {
        shift_rows(q, isr);
        inv_sbox(q);
        add_round_key(q, rk + 16 * i);
        inv_mix_columns(q, rot1);
    }
    shift_rows(q, isr);
    inv_sbox(q);
    add_round_key(q, rk);
    ct_ortho(q);
}

void rijn_i_nbs_decrypt8(const uint8_t *rk, unsigned rounds, uint8x16_t b[8])
{
    ct_word q[8];
    to_slices(q, b);
    decrypt8(rk, rounds, q);
    from_slices(b, q);
}

static void nbs_decrypt(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                        size_t nblocks)
{
    ct_word q[8];
    while (nblocks > 0) {
        unsigned j, m = nblocks < 8 ? (unsigned)nblocks : 8;
        if (m <= RIJN_I_NBS_ONE_MAX) {
            for (j = 0; j < m; j++)
                vst1q_u8(out + 16 * j, rijn_i_nbs_decrypt1((const uint8_t *)ks, rounds,
                                                           vld1q_u8(in + 16 * j)));
            break; /* m < 8 only when nblocks < 8: this pass is the last */
        }
        load8(q, in, m);
        decrypt8((const uint8_t *)ks, rounds, q);
        for (j = 0; j < m; j++)
            vst1q_u8(out + 16 * j, (uint8x16_t)q[j]);
        in += 16 * m;
        out += 16 * m;
        nblocks -= m;
    }
}

static void nbs_cbc_decrypt(const uint64_t *ks, unsigned rounds, uint8_t iv[16], uint8_t *out,
                            const uint8_t *in, size_t nblocks)
{
    uint8x16_t c = vld1q_u8(iv);
    ct_word q[8];
    while (nblocks > 0) {
        unsigned j, m = nblocks < 8 ? (unsigned)nblocks : 8;
        const uint8x16_t last = vld1q_u8(in + 16 * (m - 1));
        if (m <= RIJN_I_NBS_ONE_MAX) {
            for (j = 0; j < m; j++)
                q[j] = (ct_word)rijn_i_nbs_decrypt1((const uint8_t *)ks, rounds,
                                                    vld1q_u8(in + 16 * j));
        } else {
            load8(q, in, m);
            decrypt8((const uint8_t *)ks, rounds, q);
        }
        /* backwards: block j's store overwrites (when out == in) the
         * ciphertext only block j + 1 needed */
        for (j = m - 1; j > 0; j--)
            vst1q_u8(out + 16 * j, veorq_u8((uint8x16_t)q[j], vld1q_u8(in + 16 * (j - 1))));
        vst1q_u8(out, veorq_u8((uint8x16_t)q[0], c));
        c = last;
        in += 16 * m;
        out += 16 * m;
        nblocks -= m;
    }
    vst1q_u8(iv, c);
}
#define NBS_DECRYPT     nbs_decrypt
#define NBS_CBC_DECRYPT nbs_cbc_decrypt
#else
#define NBS_DECRYPT     NULL
#define NBS_CBC_DECRYPT NULL
#endif

const rijn_aes_impl rijn_i_aes_neonbs = {
    .name = "neonbs",
    .flags = RIJN_AES_IMPL_CONSTTIME,
    .available = NULL, /* NEON is baseline AArch64 */
    .setkey = nbs_setkey,
    .encrypt = nbs_encrypt,
    .decrypt = NBS_DECRYPT,
    .ctr = nbs_ctr,
    .cbc_decrypt = NBS_CBC_DECRYPT,
    .cbcmac = rijn_i_nbs_cbcmac, /* aes_neonbs_mac.c */
    .xts = rijn_i_nbs_xts,       /* aes_neonbs_xts.c */
};

#endif /* RIJN_CFG_AES_NEONBS */
