/*
 * aes_bs256.c -- "bs256": constant-time bitsliced AES on 256-bit AVX2
 * registers, sixteen blocks per pass.
 *
 * Implementation notes
 *   Layout: ct64's bitsliced layout (aes_ct64.c) four times over: the
 *   state is eight planes q[0..7] of type ct_word, a GCC/Clang vector of
 *   four 64-bit lanes; lane L of plane i is ct64's plane i for blocks
 *   4L..4L+3 (byte (block b, row r, column c) of the group at bit
 *   16r + 4c + b). Every step of the round (S-box circuit, ShiftRows by
 *   masked shifts in 16-bit rows, MixColumns by rotations of 16 and 32)
 *   is lane-wise, so the code is ct64's algorithm on vectors; the S-box
 *   and the bit transpose are aes_ct_common.h compiled for this word.
 *   Schedule: ct64's own (the class's setkey is ct64's): round key i is
 *   eight 64-bit planes, broadcast to the four lanes as it is used; the
 *   0x63 of the S-box is folded into round keys 1..N there.
 *   A pass takes 16 blocks; a shorter tail goes through a zero-padded
 *   stack buffer (wiped). Decryption is ct64's (four blocks per pass).
 *   Loading: one PSHUFB per block pair and 64-bit unpacks (see pack).
 *   The functions are compiled for AVX2 + AVX-512 VL on 256-bit registers
 *   (pragma over the whole file, so the shared header's functions are
 *   too): VPTERNLOGQ merges the XOR chains and VPROLQ does the rotations,
 *   about 15% fewer instructions than plain AVX2. The class is offered
 *   only when CPUID and the OS report AVX2 and AVX-512 F/BW/VL
 *   (rijn_i_cpu_features); without them ct64 is the constant-time choice.
 *   Constant time: AND / XOR / shifts on the planes, broadcasts of round
 *   keys; loops depend only on nblocks and rounds. No table, no branch on
 *   data, no AES instruction: it stays constant time with AES-NI masked.
 *   Vectors: FIPS 197, CAVP and the OpenSSL differential tests run on
 *   every class (tu_for_each_impl); tests/core/test_perf_paths.c adds lengths
 *   0..33 blocks unaligned against OpenSSL.
 */
#include "aes_i.h"
#include "internal.h"
#include "core/cpu.h"

#if RIJN_CFG_AES_BS256

#include <immintrin.h>

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,avx512f,avx512vl"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,avx512f,avx512vl")
#endif

typedef uint64_t ct_word __attribute__((vector_size(32)));
#define CT_MASK(m) ((ct_word){0, 0, 0, 0} + (uint64_t)(m))
#define CT_NO_SUBWORD 1
#include "aes_ct_common.h"

#define LANES 4
#define PASS (4 * LANES) /* blocks per pass */

static int bs_available(void)
{
    uint32_t need = RIJN_CPU_AVX2 | RIJN_CPU_AVX512;
    return (rijn_i_cpu_features() & need) == need;
}

/* Load: ct64 puts columns c and c+2 of a block, byte-interleaved, into
 * its word c (bytes 2r, 2r+1 = rows r of columns c, c+2): one PSHUFB gives
 * both words of a block. Register j holds blocks 2j, 2j+1; plane word
 * b (c = 0) and 4 + b (c = 1) are the 64-bit unpacks of registers 2b and
 * 2b+1, so lane l of group slot b is a block of that pair: a fixed
 * assignment of the 16 blocks to lanes and slots, undone by unpack. */
static inline void pack(ct_word q[8], const uint8_t *in)
{
    const __m256i sh = _mm256_setr_epi8(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15,
                                        0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
    unsigned b;
    for (b = 0; b < 4; b++) {
        __m256i y0 = _mm256_loadu_si256((const __m256i *)(const void *)(in + 64 * b));
        __m256i y1 = _mm256_loadu_si256((const __m256i *)(const void *)(in + 64 * b + 32));
        y0 = _mm256_shuffle_epi8(y0, sh);
        y1 = _mm256_shuffle_epi8(y1, sh);
        q[b] = (ct_word)_mm256_unpacklo_epi64(y0, y1);
        q[4 + b] = (ct_word)_mm256_unpackhi_epi64(y0, y1);
    }
    ct_ortho(q);
}

static inline void unpack(uint8_t *out, ct_word q[8])
{
    const __m256i sh = _mm256_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15,
                                        0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15);
    unsigned b;
    ct_ortho(q);
    for (b = 0; b < 4; b++) {
        __m256i y0 = _mm256_unpacklo_epi64((__m256i)q[b], (__m256i)q[4 + b]);
        __m256i y1 = _mm256_unpackhi_epi64((__m256i)q[b], (__m256i)q[4 + b]);
        _mm256_storeu_si256((__m256i *)(void *)(out + 64 * b), _mm256_shuffle_epi8(y0, sh));
        _mm256_storeu_si256((__m256i *)(void *)(out + 64 * b + 32), _mm256_shuffle_epi8(y1, sh));
    }
}

static inline ct_word rotr(ct_word x, unsigned n)
{
    return (x >> n) | (x << (64 - n));
}

static inline void add_round_key(ct_word q[8], const uint64_t *rk)
{
    unsigned i;
    for (i = 0; i < 8; i++)
        q[i] ^= CT_MASK(rk[i]);
}

/* Row r rotates left by r columns: each 16-bit row right by 4r bits
 * (rows 2, 3 by 8 bits, then rows 1, 3 by 4). */
static inline void shift_rows(ct_word q[8])
{
    unsigned i;
    for (i = 0; i < 8; i++) {
        ct_word x = q[i], t = (x ^ (x >> 8)) & CT_MASK(0x00FF00FF00000000u);
        x = x ^ t ^ (t << 8);
        q[i] = (x & CT_MASK(0x0000FFFF0000FFFFu)) | ((x >> 4) & CT_MASK(0x0FFF00000FFF0000u)) |
               ((x << 12) & CT_MASK(0xF0000000F0000000u));
    }
}

/* out[r] = 2*(a[r] ^ a[r+1]) ^ a[r+1] ^ a[r+2] ^ a[r+3] per column. */
static inline void mix_columns(ct_word q[8])
{
    ct_word r[8], t[8];
    unsigned i;
    for (i = 0; i < 8; i++) {
        r[i] = rotr(q[i], 16);
        t[i] = q[i] ^ r[i];
    }
    q[0] = t[7] ^ r[0] ^ rotr(t[0], 32);
    q[1] = t[0] ^ t[7] ^ r[1] ^ rotr(t[1], 32);
    q[2] = t[1] ^ r[2] ^ rotr(t[2], 32);
    q[3] = t[2] ^ t[7] ^ r[3] ^ rotr(t[3], 32);
    q[4] = t[3] ^ t[7] ^ r[4] ^ rotr(t[4], 32);
    q[5] = t[4] ^ r[5] ^ rotr(t[5], 32);
    q[6] = t[5] ^ r[6] ^ rotr(t[6], 32);
    q[7] = t[6] ^ r[7] ^ rotr(t[7], 32);
}

static void encrypt_pass(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in)
{
    ct_word q[8];
    unsigned i;
    pack(q, in);
    add_round_key(q, ks);
    for (i = 1; i < rounds; i++) {
        ct_sbox_inl(q);
        shift_rows(q);
        mix_columns(q);
        add_round_key(q, ks + 8 * i);
    }
    ct_sbox(q);
    shift_rows(q);
    add_round_key(q, ks + 8 * rounds);
    unpack(out, q);
}

static void bs_encrypt(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                       size_t nblocks)
{
    for (; nblocks >= PASS; nblocks -= PASS, in += 16 * PASS, out += 16 * PASS)
        encrypt_pass(ks, rounds, out, in);
    if (nblocks > 0) {
        uint8_t buf[16 * PASS];
        memcpy(buf, in, 16 * nblocks);
        memset(buf + 16 * nblocks, 0, 16 * (PASS - nblocks));
        encrypt_pass(ks, rounds, buf, buf);
        memcpy(out, buf, 16 * nblocks);
        rijn_wipe(buf, sizeof buf);
    }
}

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

static void bs_setkey(uint64_t *ks, const uint8_t *key, size_t key_len, unsigned dirs)
{
    rijn_i_aes_ct64.setkey(ks, key, key_len, dirs);
}

static void bs_decrypt(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                       size_t nblocks)
{
    rijn_i_aes_ct64.decrypt(ks, rounds, out, in, nblocks);
}

const rijn_aes_impl rijn_i_aes_bs256 = {
    .name = "bs256",
    .flags = RIJN_AES_IMPL_CONSTTIME,
    .available = bs_available,
    .setkey = bs_setkey,
    .encrypt = bs_encrypt,
    .decrypt = RIJN_CFG_AES_DECRYPT ? bs_decrypt : NULL,
};

#endif /* RIJN_CFG_AES_BS256 */
