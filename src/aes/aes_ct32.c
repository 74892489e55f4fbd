/*
 * aes_ct32.c -- "ct32": constant-time fixsliced AES on 32-bit words, two
 * blocks per pass; the default AES on Cortex-M and RISC-V.
 *
 * Implementation notes
 *   Technique: fully-fixsliced AES (A. Adomnicai, T. Peyrin, "Fixslicing
 *   AES-like ciphers", TCHES 2021/1), written from the paper.
 *   Layout: the state of two blocks is eight 32-bit planes q[0..7]; plane i
 *   holds bit i of all 32 bytes, byte (block b, row r, column c) at bit
 *   8*r + 2*c + b. Loading is eight little-endian column loads (word
 *   2*c + b is column c of block b) and the 8x8 bit transpose ct_ortho.
 *   Fixslicing: ShiftRows is never applied. After i rounds the stored
 *   state a_i is SR^-i of the true one, so round i uses
 *   MC_i = SR^-i o MixColumns o SR^i, whose "row r+1" operand is the byte
 *   at (r+1, c+k), k = i mod 4: a rotation by 8 then a rotation of each
 *   byte by 2k bits (none for k = 0, cheap for k = 2). Round key i is
 *   stored as SR^-i(K_i), and the output gets SR^(rounds mod 4) once.
 *   Schedule: 8 planes per round key, planes 2m and 2m+1 in the low and
 *   high halves of ks[4*i + m]: 4*(rounds+1) uint64 words (480 bytes for
 *   AES-256, RIJN_I_KS_CT32); both blocks see the same key. Round keys
 *   1..N carry the S-box constant 0x63 (aes_ct_common.h). The hot path
 *   reads the halves as two 32-bit words: no 64-bit arithmetic there.
 *   Decryption runs the fixsliced rounds backwards on the same schedule:
 *   InvMixColumns_i = MC_i o P_i, P(a)[r] = a[r] ^ 4*(a[r] ^ a[r+2]),
 *   InvSubBytes = L o S' o L. It compiles out with RIJN_CFG_AES_DECRYPT=0.
 *   An odd last block is processed twice in one pass, one copy discarded.
 *   out may equal in (a pair is fully loaded before it is stored).
 *   Key schedule (AES-128/256): on the bitsliced key, as in the paper:
 *   the S-box circuit on the planes, column 3 extracted (and rotated a
 *   row), rcon added, spread to the four columns and XORed into the
 *   prefix-XOR of the columns; each round key then gets the 0x63 fold and
 *   SR^-r plane by plane (no per-round transposes or byte words). AES-192
 *   (its 6-word steps straddle round keys) expands word by word over a
 *   6-word window, SubWord through the circuit, each round key bitsliced
 *   once complete. AES-128 key setup, QEMU instruction counts: Cortex-M3
 *   -Os 15,021 -> 7,750 (-O2 12,104 -> 6,931), Cortex-M0 -Os 24,315 ->
 *   11,520 (-O2 21,147 -> 12,176); the ct32asm / ct32v6m classes use this
 *   schedule too. Code: +400 bytes at -Os on Cortex-M3 (the step is a loop
 *   there, unrolled otherwise).
 *   Constant time: AND/XOR/shift/rotate only, shift counts depend on the
 *   round number alone; SubWord in the key schedule uses the circuit too.
 *   Speed: encryption inlines one S-box copy and the four MC_k variants in
 *   the round loop (state in locals); decryption calls the shared S-box.
 *   Measured (GCC 12, Cortex-M3 -Os, QEMU instruction counts): AES-128
 *   1,796 instructions/block encrypt, 2,250 decrypt, key setup ~7,800;
 *   5.9 KB code (4.0 KB without decryption), ~230 bytes of stack to
 *   encrypt, ~290 for key setup. Most of the time is the S-box: GCC spills
 *   about 90 values per call; hand-scheduled assembly is the way to the
 *   paper's figures.
 *   Vectors: FIPS 197 appendix C (test_aes_fips197), CAVP AESAVS and the
 *   OpenSSL differential test (test_aes_impls) on this class.
 */
#include "aes_i.h"
#include "internal.h"

#if RIJN_CFG_AES_CT32

typedef uint32_t ct_word;
#if !RIJN_CFG_AES_192
#define CT_NO_SUBWORD /* the word-wise SubWord serves AES-192 only */
#endif
#include "aes_ct_common.h"
#undef CT_NO_SUBWORD

/* The schedule (4 * (RIJN_AES_MAX_ROUNDS + 1) uint64 words for the largest key) fits in the context. */
typedef char rijn_i_ct32_ks_fits[(4 * (RIJN_AES_MAX_ROUNDS + 1) <= RIJN_AES_KS_WORDS) ? 1 : -1];

static void pack(uint32_t q[8], const uint8_t *b0, const uint8_t *b1)
{
    unsigned c;
    for (c = 0; c < 4; c++) {
        q[2 * c] = rijn_load32_le(b0 + 4 * c);
        q[2 * c + 1] = rijn_load32_le(b1 + 4 * c);
    }
    ct_ortho(q);
}

static void unpack(uint8_t *b0, uint8_t *b1, uint32_t q[8])
{
    unsigned c;
    ct_ortho(q);
    for (c = 0; c < 4; c++) {
        rijn_store32_le(b0 + 4 * c, q[2 * c]);
        rijn_store32_le(b1 + 4 * c, q[2 * c + 1]);
    }
}

RIJN_INLINE void add_round_key(uint32_t q[8], const uint64_t *rk)
{
    q[0] ^= (uint32_t)rk[0];
    q[1] ^= (uint32_t)(rk[0] >> 32);
    q[2] ^= (uint32_t)rk[1];
    q[3] ^= (uint32_t)(rk[1] >> 32);
    q[4] ^= (uint32_t)rk[2];
    q[5] ^= (uint32_t)(rk[2] >> 32);
    q[6] ^= (uint32_t)rk[3];
    q[7] ^= (uint32_t)(rk[3] >> 32);
}

/* SR^2 = SR^-2: rows 1 and 3 move by two columns (their bytes swap
 * nibbles), row 2 by four (unchanged). The output correction: rounds mod 4
 * is 2 for AES-128/256 and 0 for AES-192. */
static void shift_rows_2(uint32_t q[8])
{
    unsigned i;
    for (i = 0; i < 8; i++) {
        uint32_t x = q[i], hi = x & 0xFF00FF00u;
        q[i] = (x ^ hi) | ((hi >> 4) & 0x0F000F00u) | ((hi << 4) & 0xF000F000u);
    }
}

RIJN_INLINE uint32_t ror32(uint32_t x, unsigned n)
{
    return (x >> n) | (x << ((32u - n) & 31u));
}

/* ror32(x, n) followed by a rotation of each byte right by s bits, as two
 * masked rotations (n, s constants after inlining; 4 ARM instructions). */
RIJN_INLINE uint32_t rot_bytes(uint32_t x, unsigned n, unsigned s)
{
    uint32_t lo;
    if (s == 0)
        return ror32(x, n);
    lo = x & (0x01010101u * ((1u << s) - 1u)); /* bits that wrap in a byte */
    return ror32(x ^ lo, (n + s) & 31u) | ror32(lo, (n + s - 8u) & 31u);
}

/* Byte (r+1, c+k) to (r, c), and (r+2, c+2k) to (r, c). */
#define R1(x, k) rot_bytes((x), 8u, (2u * (k)) & 7u)
#define R2(x, k) rot_bytes((x), 16u, (4u * (k)) & 7u)

/* MC_k: out[r] = 2*(a[r] ^ a'[r+1]) ^ a'[r+1] ^ (a''[r+2] ^ a'''[r+3]),
 * a' meaning the byte k columns further (see the notes). Written plane by
 * plane so that few values stay live (32-bit CPUs have few registers). */
RIJN_INLINE void mix_columns_k(uint32_t q[8], const unsigned k)
{
    uint32_t r7 = R1(q[7], k), t7 = q[7] ^ r7, r, t, tp;
    r = R1(q[0], k); t = q[0] ^ r; q[0] = t7 ^ r ^ R2(t, k); tp = t;
    r = R1(q[1], k); t = q[1] ^ r; q[1] = tp ^ t7 ^ r ^ R2(t, k); tp = t;
    r = R1(q[2], k); t = q[2] ^ r; q[2] = tp ^ r ^ R2(t, k); tp = t;
    r = R1(q[3], k); t = q[3] ^ r; q[3] = tp ^ t7 ^ r ^ R2(t, k); tp = t;
    r = R1(q[4], k); t = q[4] ^ r; q[4] = tp ^ t7 ^ r ^ R2(t, k); tp = t;
    r = R1(q[5], k); t = q[5] ^ r; q[5] = tp ^ r ^ R2(t, k); tp = t;
    r = R1(q[6], k); t = q[6] ^ r; q[6] = tp ^ r ^ R2(t, k); tp = t;
    q[7] = tp ^ r7 ^ R2(t7, k);
}

/* Row r of a plane rotated right by s bits within its byte (lane mask m). */
#define LANE_ROR(x, m, s) (((((x) & (m)) >> (s)) | (((x) & (m)) << (8u - (s)))) & (m))

/* One plane through SR^k (k public, the round number mod 4): row r's byte
 * rotates right by 2*k*r bits, i.e. row r rotates left by k*r columns. */
static uint32_t sr_plane(uint32_t x, unsigned k)
{
    uint32_t hi;
    switch (k) {
    case 1:
        return (x & 0x000000FFu) | LANE_ROR(x, 0x0000FF00u, 2u) | LANE_ROR(x, 0x00FF0000u, 4u) |
               LANE_ROR(x, 0xFF000000u, 6u);
    case 2:
        hi = x & 0xFF00FF00u;
        return (x ^ hi) | ((hi >> 4) & 0x0F000F00u) | ((hi << 4) & 0xF000F000u);
    case 3:
        return (x & 0x000000FFu) | LANE_ROR(x, 0x0000FF00u, 6u) | LANE_ROR(x, 0x00FF0000u, 4u) |
               LANE_ROR(x, 0xFF000000u, 2u);
    default:
        return x;
    }
}

/* Round key r stored: the 0x63 of the S-box folded in (r >= 1; planes 0,
 * 1, 5, 6), then SR^-r (fixslicing), planes 2m / 2m+1 in ks[4r + m]. */
static void ks_store(uint64_t *ks, unsigned r, const uint32_t k[8])
{
    unsigned c, sr = (0u - r) & 3u;
    uint32_t f = r != 0 ? 0xFFFFFFFFu : 0u, lo, hi;
    for (c = 0; c < 4; c++) {
        lo = sr_plane(k[2 * c] ^ (f & ((uint32_t)0 - ((0x63u >> (2 * c)) & 1u))), sr);
        hi = sr_plane(k[2 * c + 1] ^ (f & ((uint32_t)0 - ((0x63u >> (2 * c + 1)) & 1u))), sr);
        ks[4 * r + c] = lo | ((uint64_t)hi << 32);
    }
}

/* One bitsliced key expansion step (AES-128 every round, AES-256 both
 * halves): k <- prefix-XOR of its columns ^ t in every column, where
 * t = SubWord(column 3 of p) (rotated a row: rot 8, and + rcon). Column c
 * of a row byte is bits 2c, 2c+1 (both block lanes hold the key). s is
 * scratch (8 words, the caller wipes it). */
static void ks_step(uint32_t k[8], const uint32_t p[8], uint32_t s[8], unsigned rot,
                    unsigned rcon)
{
    uint32_t t, x;
    unsigned i;
    for (i = 0; i < 8; i++)
        s[i] = p[i];
    ct_sbox(s); /* S(x) ^ 0x63 */
    /* plane i: undo the 0x63 on column 3, rotate a row (rot = 8) or not
     * (0), add rcon to row 0, spread into all four columns, add to the
     * prefix-XOR of k's columns (column c = XOR of columns 0..c) */
#define KS_PLANE(i, c63)                                                      \
    t = ror32(((s[i] >> 6) & 0x03030303u) ^ (c63), rot);                      \
    t ^= 3u & (0u - ((rcon >> (i)) & 1u));                                    \
    t |= t << 2;                                                              \
    t |= t << 4;                                                              \
    x = k[i];                                                                 \
    x ^= (x << 2) & 0xFCFCFCFCu;                                              \
    x ^= (x << 4) & 0xF0F0F0F0u;                                              \
    k[i] = x ^ t
#if defined(__OPTIMIZE_SIZE__) /* -Os: a loop (~290 bytes less on Cortex-M3) */
    for (i = 0; i < 8; i++) {
        KS_PLANE(i, 0x03030303u & ((uint32_t)0 - ((0x63u >> i) & 1u)));
    }
#else /* unrolled: the 0x63 terms are constants (~7% faster) */
    KS_PLANE(0, 0x03030303u);
    KS_PLANE(1, 0x03030303u);
    KS_PLANE(2, 0u);
    KS_PLANE(3, 0u);
    KS_PLANE(4, 0u);
    KS_PLANE(5, 0x03030303u);
    KS_PLANE(6, 0x03030303u);
    KS_PLANE(7, 0u);
#endif
#undef KS_PLANE
}

/* Key expansion on the bitsliced key (the fixslicing paper's approach):
 * the S-box circuit on the planes, no byte-wise words, no transposes after
 * the first; AES-192 (six-word steps across round keys) goes word by word
 * over a window of nk words, each round key bitsliced once complete. */
static void ct32_setkey(uint64_t *ks, const uint8_t *key, size_t key_len, unsigned dirs)
{
    uint32_t a[8], b[8], sc[8];
    unsigned r, rc = 0;
    (void)dirs; /* one schedule serves both directions */
#if RIJN_CFG_AES_192
    if (key_len == 24) {
        uint32_t w[6];
        uint8_t rk[16];
        unsigned i, j, prev;
        for (i = 0; i < 6; i++)
            w[i] = rijn_load32_be(key + 4 * i);
        for (i = 0, j = 0, prev = 5; i < 52; i++) {
            /* j = i mod 6; w[j] holds word i - 6, then word i */
            if (i >= 6) {
                uint32_t t = w[prev];
                if (j == 0)
                    t = ct_subword((t << 8) | (t >> 24)) ^ ((uint32_t)rijn_i_aes_rcon[rc++] << 24);
                w[j] ^= t;
            }
            rijn_store32_be(rk + 4 * (i & 3u), w[j]);
            if ((i & 3u) == 3u) {
                pack(a, rk, rk);
                ks_store(ks, i / 4, a);
            }
            prev = j;
            if (++j == 6)
                j = 0;
        }
        rijn_wipe(w, sizeof w);
        rijn_wipe(rk, sizeof rk);
        rijn_wipe(a, sizeof a);
        return;
    }
#endif
    pack(a, key, key);
    ks_store(ks, 0, a);
    if (key_len == 16) {
        for (r = 1; r <= 10; r++) {
            ks_step(a, a, sc, 8, rijn_i_aes_rcon[r - 1]);
            ks_store(ks, r, a);
        }
    } else { /* 32 */
        pack(b, key + 16, key + 16);
        ks_store(ks, 1, b);
        for (r = 2; r <= 14; r += 2) {
            ks_step(a, b, sc, 8, rijn_i_aes_rcon[rc++]);
            ks_store(ks, r, a);
            if (r == 14)
                break;
            ks_step(b, a, sc, 0, 0);
            ks_store(ks, r + 1, b);
        }
        rijn_wipe(b, sizeof b);
    }
    rijn_wipe(a, sizeof a);
    rijn_wipe(sc, sizeof sc);
}

/* The rounds work on a local copy of the state that never escapes, so the
 * compiler keeps it in registers through S-box, MixColumns, AddRoundKey. */
static void encrypt2(const uint64_t *ks, unsigned rounds, uint32_t *io)
{
    uint32_t q[8];
    unsigned i;
    q[0] = io[0]; q[1] = io[1]; q[2] = io[2]; q[3] = io[3];
    q[4] = io[4]; q[5] = io[5]; q[6] = io[6]; q[7] = io[7];
    add_round_key(q, ks);
    for (i = 1;; i++) {
        ct_sbox_inl(q); /* one inlined copy for all rounds */
        if (i == rounds)
            break;
        switch (i & 3u) { /* i is the public round number */
        case 0: mix_columns_k(q, 0); break;
        case 1: mix_columns_k(q, 1); break;
        case 2: mix_columns_k(q, 2); break;
        default: mix_columns_k(q, 3); break;
        }
        add_round_key(q, ks + 4 * i);
    }
    add_round_key(q, ks + 4 * rounds);
    /* q now holds the output block(s): nothing secret to wipe */
    io[0] = q[0]; io[1] = q[1]; io[2] = q[2]; io[3] = q[3];
    io[4] = q[4]; io[5] = q[5]; io[6] = q[6]; io[7] = q[7];
    if (rounds & 2u)
        shift_rows_2(io);
}

/* Runs fn over nblocks in pairs (shared by both directions). */
static void run_pairs(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                      size_t nblocks, void (*fn)(const uint64_t *, unsigned, uint32_t *))
{
    uint32_t q[8];
    uint8_t scratch[16];
    for (; nblocks >= 2; nblocks -= 2, in += 32, out += 32) {
        pack(q, in, in + 16);
        fn(ks, rounds, q);
        unpack(out, out + 16, q);
    }
    if (nblocks == 1) {
        pack(q, in, in);
        fn(ks, rounds, q);
        unpack(out, scratch, q);
    }
    /* q and scratch hold output blocks only: nothing secret to wipe */
}

static void ct32_encrypt(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                         size_t nblocks)
{
    run_pairs(ks, rounds, out, in, nblocks, encrypt2);
}

#if RIJN_CFG_AES_DECRYPT
/* MC_k^-1 = MC_k o P_k, P(a)[r] = a[r] ^ 4*(a[r] ^ a''[r+2]). */
RIJN_INLINE void inv_mix_columns_k(uint32_t q[8], const unsigned k)
{
    const uint32_t u0 = q[0] ^ R2(q[0], k), u1 = q[1] ^ R2(q[1], k);
    const uint32_t u2 = q[2] ^ R2(q[2], k), u3 = q[3] ^ R2(q[3], k);
    const uint32_t u4 = q[4] ^ R2(q[4], k), u5 = q[5] ^ R2(q[5], k);
    const uint32_t u6 = q[6] ^ R2(q[6], k), u7 = q[7] ^ R2(q[7], k);
    q[0] ^= u6;
    q[1] ^= u7 ^ u6;
    q[2] ^= u0 ^ u7;
    q[3] ^= u1 ^ u6;
    q[4] ^= u2 ^ u7 ^ u6;
    q[5] ^= u3 ^ u7;
    q[6] ^= u4;
    q[7] ^= u5;
    mix_columns_k(q, k);
}

static void decrypt2(const uint64_t *ks, unsigned rounds, uint32_t *io)
{
    uint32_t q[8];
    unsigned i;
    if (rounds & 2u)
        shift_rows_2(io);
    q[0] = io[0]; q[1] = io[1]; q[2] = io[2]; q[3] = io[3];
    q[4] = io[4]; q[5] = io[5]; q[6] = io[6]; q[7] = io[7];
    add_round_key(q, ks + 4 * rounds);
    ct_lin(q);
    ct_sbox(q);
    ct_lin(q);
    for (i = rounds - 1; i > 0; i--) {
        add_round_key(q, ks + 4 * i);
        switch (i & 3u) { /* i is the public round number */
        case 0: inv_mix_columns_k(q, 0); break;
        case 1: inv_mix_columns_k(q, 1); break;
        case 2: inv_mix_columns_k(q, 2); break;
        default: inv_mix_columns_k(q, 3); break;
        }
        ct_lin(q);
        ct_sbox(q);
        ct_lin(q);
    }
    add_round_key(q, ks);
    /* q now holds the output block(s): nothing secret to wipe */
    io[0] = q[0]; io[1] = q[1]; io[2] = q[2]; io[3] = q[3];
    io[4] = q[4]; io[5] = q[5]; io[6] = q[6]; io[7] = q[7];
}

static void ct32_decrypt(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                         size_t nblocks)
{
    run_pairs(ks, rounds, out, in, nblocks, decrypt2);
}
#define CT32_DECRYPT ct32_decrypt
#else
#define CT32_DECRYPT NULL
#endif

const rijn_aes_impl rijn_i_aes_ct32 = {
    .name = "ct32",
    .flags = RIJN_AES_IMPL_CONSTTIME,
    .setkey = ct32_setkey,
    .encrypt = ct32_encrypt,
    .decrypt = CT32_DECRYPT,
};

#endif /* RIJN_CFG_AES_CT32 */
