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
 *   Constant time: AND/XOR/shift/rotate only, shift counts depend on the
 *   round number alone; SubWord in the key schedule uses the circuit too.
 *   Speed: encryption inlines one S-box copy and the four MC_k variants in
 *   the round loop (state in locals); decryption calls the shared S-box.
 *   Measured (GCC 12, Cortex-M3 -Os, QEMU instruction counts): AES-128
 *   1,796 instructions/block encrypt, 2,250 decrypt, key setup ~15,100;
 *   5.5 KB code (3.3 KB without decryption), ~230 bytes of stack to
 *   encrypt, ~290 for key setup. Most of the time is the S-box: GCC spills
 *   about 90 values per call; hand-scheduled assembly is the way to the
 *   paper's figures.
 *   Vectors: FIPS 197 appendix C (test_aes_fips197), CAVP AESAVS and the
 *   OpenSSL differential test (test_aes_impls) on this class.
 */
#include "aes_impl.h"
#include "internal.h"

#if RIJN_CFG_AES_CT32

typedef uint32_t ct_word;
#include "aes_ct_common.h"

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

/* q <- SR^k(q): row r of each plane rotates left by k*r columns, i.e. its
 * byte rotates right by 2*k*r bits. k is public (round numbers). */
static void shift_rows_k(uint32_t q[8], unsigned k)
{
    unsigned i, r;
    for (i = 0; i < 8; i++) {
        uint32_t y = q[i] & 0xFFu;
        for (r = 1; r < 4; r++) {
            unsigned s = (2 * k * r) & 7u;
            uint32_t b = (q[i] >> (8 * r)) & 0xFFu;
            y |= (((b >> s) | (b << (8 - s))) & 0xFFu) << (8 * r);
        }
        q[i] = y;
    }
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

/* FIPS 197 KeyExpansion over a window of nk words (no 240-byte array on
 * an MCU stack); each round key is bitsliced once its four words exist. */
static void ct32_setkey(uint64_t *ks, const uint8_t *key, size_t key_len, unsigned dirs)
{
    uint32_t w[8], q[8];
    uint8_t rk[16];
    unsigned nk = (unsigned)(key_len / 4), rounds = nk + 6, i, j, prev, c, rc = 0;
    (void)dirs; /* one schedule serves both directions */
    for (i = 0; i < nk; i++)
        w[i] = rijn_load32_be(key + 4 * i);
    for (i = 0, j = 0, prev = nk - 1; i < 4 * (rounds + 1); i++) {
        /* j = i mod nk; w[j] holds word i - nk, then word i */
        if (i >= nk) {
            uint32_t t = w[prev];
            if (j == 0)
                t = ct_subword((t << 8) | (t >> 24)) ^ ((uint32_t)rijn_i_aes_rcon[rc++] << 24);
            else if (nk > 6 && j == 4)
                t = ct_subword(t);
            w[j] ^= t;
        }
        rijn_store32_be(rk + 4 * (i & 3u), w[j] ^ (i >= 4 ? 0x63636363u : 0u));
        if ((i & 3u) == 3u) {
            unsigned r = i / 4;
            pack(q, rk, rk);
            shift_rows_k(q, (0u - r) & 3u); /* SR^-r */
            for (c = 0; c < 4; c++)
                ks[4 * r + c] = q[2 * c] | ((uint64_t)q[2 * c + 1] << 32);
        }
        prev = j;
        if (++j == nk)
            j = 0;
    }
    rijn_wipe(w, sizeof w);
    rijn_wipe(rk, sizeof rk);
    rijn_wipe(q, sizeof q);
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
    "ct32", RIJN_AES_IMPL_CONSTTIME, NULL, ct32_setkey, ct32_encrypt, CT32_DECRYPT,
    NULL, NULL, NULL, NULL,
};

#endif /* RIJN_CFG_AES_CT32 */
