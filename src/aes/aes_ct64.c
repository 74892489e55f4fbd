/*
 * aes_ct64.c -- "ct64": constant-time bitsliced AES on 64-bit words,
 * four blocks per pass.
 *
 * Implementation notes
 *   Layout: the state of four blocks is eight 64-bit planes q[0..7]; plane
 *   i holds bit i of all 64 state bytes, byte (block b, row r, column c) at
 *   bit 16*r + 4*c + b. A row is thus a 16-bit lane, so ShiftRows rotates
 *   each lane by 4*r bits and "the same column, next row" (MixColumns) is a
 *   plain 64-bit rotation by 16. Loading spreads the two columns c, c+2 of
 *   a block into the bytes of one word (word 4*(c&1)+b, row r at bytes 2r,
 *   2r+1), and the 8x8 bit transpose ct_ortho turns the eight words into
 *   planes (and back: it is an involution). The technique is the one of
 *   T. Pornin's BearSSL aes_ct64, with our own layout and code.
 *   Schedule: round key i is stored bitsliced, replicated over the four
 *   blocks: ks[8*i + j] = plane j, 8*(rounds+1) words (960 bytes for
 *   AES-256, RIJN_I_KS_CT64). Round keys 1..N carry the S-box constant
 *   0x63 (see aes_ct_common.h), so the S-box circuit has no NOT gates.
 *   Decryption is the straightforward inverse cipher on the same schedule:
 *   InvSubBytes = L o S' o L, InvMixColumns = MixColumns o P with
 *   P(a)[r] = a[r] ^ 4*(a[r] ^ a[r+2]) (a rotation by 32 per plane).
 *   A partial group (1-3 blocks) repeats block 0 in the empty lanes and
 *   writes their output to a scratch block. out may equal in: a group is
 *   fully loaded before it is stored.
 *   Constant time: only AND/XOR/shift/rotate on the planes; the key
 *   schedule's SubWord runs through the same circuit. Loops depend only on
 *   nblocks and rounds.
 *   Speed (x86-64, GCC 12 -O2, Valgrind instruction counts): AES-128
 *   about 1,270 instructions/block encrypt, 1,570 decrypt (AES-256: 1,700
 *   and 2,130), about half of "small". ShiftRows (13 operations per plane)
 *   is the next thing to remove (fixslicing, as ct32 does).
 *   Vectors: FIPS 197 appendix C (test_aes_fips197), CAVP AESAVS and the
 *   OpenSSL differential test (test_aes_impls) on this class.
 */
#include "aes_i.h"
#include "internal.h"

#if RIJN_CFG_AES_CT64

typedef uint64_t ct_word;
#include "aes_ct_common.h"

/* The schedule (8 * (RIJN_AES_MAX_ROUNDS + 1) uint64 words for the largest key) fits in the context. */
typedef char rijn_i_ct64_ks_fits[(8 * (RIJN_AES_MAX_ROUNDS + 1) <= RIJN_AES_KS_WORDS) ? 1 : -1];

/* bytes 0..3 of x to bytes 0, 2, 4, 6 */
static uint64_t spread(uint32_t x)
{
    uint64_t t = x;
    t = (t | (t << 16)) & 0x0000FFFF0000FFFFu;
    return (t | (t << 8)) & 0x00FF00FF00FF00FFu;
}

/* bytes 0, 2, 4, 6 of x to a 32-bit word */
static uint32_t gather(uint64_t x)
{
    x &= 0x00FF00FF00FF00FFu;
    x = (x | (x >> 8)) & 0x0000FFFF0000FFFFu;
    return (uint32_t)(x | (x >> 16));
}

static void pack(uint64_t q[8], const uint8_t *const blk[4])
{
    unsigned b, c;
    for (b = 0; b < 4; b++)
        for (c = 0; c < 2; c++)
            q[4 * c + b] = spread(rijn_load32_le(blk[b] + 4 * c)) |
                           (spread(rijn_load32_le(blk[b] + 4 * c + 8)) << 8);
    ct_ortho(q);
}

static void unpack(uint8_t *const blk[4], uint64_t q[8])
{
    unsigned b, c;
    ct_ortho(q);
    for (b = 0; b < 4; b++)
        for (c = 0; c < 2; c++) {
            rijn_store32_le(blk[b] + 4 * c, gather(q[4 * c + b]));
            rijn_store32_le(blk[b] + 4 * c + 8, gather(q[4 * c + b] >> 8));
        }
}

static uint64_t rotr(uint64_t x, unsigned n)
{
    return (x >> n) | (x << (64 - n));
}

static void add_round_key(uint64_t q[8], const uint64_t *rk)
{
    unsigned i;
    for (i = 0; i < 8; i++)
        q[i] ^= rk[i];
}

/* Lanes 2 and 3 swap their bytes (rotation by 8 bits); an involution. */
static uint64_t rot_lanes23_8(uint64_t x)
{
    uint64_t t = (x ^ (x >> 8)) & 0x00FF00FF00000000u;
    return x ^ t ^ (t << 8);
}

/* Row r rotates left by r columns: each 16-bit lane right by 4*r bits,
 * done as lanes 2, 3 by 8 bits, then lanes 1, 3 by 4. */
static void shift_rows(uint64_t q[8])
{
    unsigned i;
    for (i = 0; i < 8; i++) {
        uint64_t x = rot_lanes23_8(q[i]);
        q[i] = (x & 0x0000FFFF0000FFFFu) | ((x >> 4) & 0x0FFF00000FFF0000u) |
               ((x << 12) & 0xF0000000F0000000u);
    }
}

/* out[r] = 2*(a[r] ^ a[r+1]) ^ a[r+1] ^ (a[r+2] ^ a[r+3]), per column;
 * rotr(x, 16) brings row r+1 to row r. */
static void mix_columns(uint64_t q[8])
{
    uint64_t r[8], t[8];
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

static void ct64_setkey(uint64_t *ks, const uint8_t *key, size_t key_len, unsigned dirs)
{
    uint32_t w[4 * (RIJN_AES_MAX_ROUNDS + 1)];
    uint8_t rk[16];
    uint64_t q[8];
    const uint8_t *const src[4] = {rk, rk, rk, rk};
    unsigned i, c, rounds = rijn_i_aes_expand_words(w, key, key_len, ct_subword);
    (void)dirs; /* one schedule serves both directions */
    for (i = 0; i <= rounds; i++) {
        for (c = 0; c < 4; c++)
            rijn_store32_be(rk + 4 * c, w[4 * i + c] ^ (i != 0 ? 0x63636363u : 0u));
        pack(q, src);
        for (c = 0; c < 8; c++)
            ks[8 * i + c] = q[c];
    }
    rijn_wipe(w, sizeof w);
    rijn_wipe(rk, sizeof rk);
    rijn_wipe(q, sizeof q);
}

static void encrypt4(const uint64_t *ks, unsigned rounds, uint64_t q[8])
{
    unsigned i;
    add_round_key(q, ks);
    for (i = 1; i < rounds; i++) {
        ct_sbox(q);
        shift_rows(q);
        mix_columns(q);
        add_round_key(q, ks + 8 * i);
    }
    ct_sbox(q);
    shift_rows(q);
    add_round_key(q, ks + 8 * rounds);
}

/* Runs fn over nblocks in groups of four (shared by both directions). */
static void run_groups(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                       size_t nblocks, void (*fn)(const uint64_t *, unsigned, uint64_t *))
{
    uint64_t q[8];
    uint8_t scratch[16];
    const uint8_t *src[4];
    uint8_t *dst[4];
    while (nblocks > 0) {
        size_t b, n = nblocks < 4 ? nblocks : 4;
        for (b = 0; b < 4; b++) {
            src[b] = in + (b < n ? 16 * b : 0);
            dst[b] = b < n ? out + 16 * b : scratch;
        }
        pack(q, src);
        fn(ks, rounds, q);
        unpack(dst, q);
        in += 16 * n;
        out += 16 * n;
        nblocks -= n;
    }
    /* q and scratch hold output blocks only: nothing secret to wipe */
}

static void ct64_encrypt(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                         size_t nblocks)
{
    run_groups(ks, rounds, out, in, nblocks, encrypt4);
}

#if RIJN_CFG_AES_DECRYPT
/* Row r rotates right by r columns: lanes 1, 3 left by 4, then 2, 3 by 8. */
static void inv_shift_rows(uint64_t q[8])
{
    unsigned i;
    for (i = 0; i < 8; i++) {
        uint64_t x = q[i];
        x = (x & 0x0000FFFF0000FFFFu) | ((x << 4) & 0xFFF00000FFF00000u) |
            ((x >> 12) & 0x000F0000000F0000u);
        q[i] = rot_lanes23_8(x);
    }
}

/* InvMixColumns = MixColumns o P, P(a)[r] = a[r] ^ 4*(a[r] ^ a[r+2]). */
static void inv_mix_columns(uint64_t q[8])
{
    uint64_t u[8];
    unsigned i;
    for (i = 0; i < 8; i++)
        u[i] = q[i] ^ rotr(q[i], 32);
    q[0] ^= u[6];
    q[1] ^= u[7] ^ u[6];
    q[2] ^= u[0] ^ u[7];
    q[3] ^= u[1] ^ u[6];
    q[4] ^= u[2] ^ u[7] ^ u[6];
    q[5] ^= u[3] ^ u[7];
    q[6] ^= u[4];
    q[7] ^= u[5];
    mix_columns(q);
}

static void decrypt4(const uint64_t *ks, unsigned rounds, uint64_t q[8])
{
    unsigned i;
    add_round_key(q, ks + 8 * rounds);
    for (i = rounds - 1; i > 0; i--) {
        inv_shift_rows(q);
        ct_inv_sbox(q);
        add_round_key(q, ks + 8 * i);
        inv_mix_columns(q);
    }
    inv_shift_rows(q);
    ct_inv_sbox(q);
    add_round_key(q, ks);
}

static void ct64_decrypt(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                         size_t nblocks)
{
    run_groups(ks, rounds, out, in, nblocks, decrypt4);
}
#define CT64_DECRYPT ct64_decrypt
#else
#define CT64_DECRYPT NULL
#endif

const rijn_aes_impl rijn_i_aes_ct64 = {
    .name = "ct64",
    .flags = RIJN_AES_IMPL_CONSTTIME,
    .setkey = ct64_setkey,
    .encrypt = ct64_encrypt,
    .decrypt = CT64_DECRYPT,
};

#endif /* RIJN_CFG_AES_CT64 */
