/*
 * sha512_portable.c -- the portable SHA-512 compression (FIPS 180-4), the
 * "portable" entry of sha512.c's registry (SHA-384, SHA-512, SHA-512/224,
 * SHA-512/256), and the round constants the other entries share.
 *
 * Implementation notes:
 * - The message schedule is a rolling window of 16 64-bit words on the
 *   stack (128 bytes). On 64-bit hosts the rounds are unrolled by eight
 *   (variables renamed instead of shifted; RIJN_I_SHA512_UNROLLED), else
 *   the compact loop.
 * - Constant time: only additions, rotations and Boolean operations on the
 *   data. On 32-bit MCUs the compiler emits 64-bit arithmetic as pairs of
 *   32-bit operations (no variable-time instruction involved).
 * - RV64 with Zknh (-march=..._zknh; compile time): the four Sigma
 *   functions are the sha512sum0/sum1/sig0/sig1 instructions; RV32 with
 *   Zknh: two each (sha512sum0r/sum1r, sha512sig0l/h, sig1l/h on the two
 *   halves). Both tested by scripts/test-riscv.sh with Zk (rv64zk, rv32zk).
 * - Streaming, one-shots and the dispatch: sha512.c. Proof: the tests of
 *   sha512.c (CAVP, differential against OpenSSL) run this entry with
 *   RIJN_CPU_MASK=0 and wherever it is the only one.
 */
#include "hash_i.h"

#if RIJN_CFG_HASH_SHA512

#define K512 rijn_i_sha512_k
const uint64_t rijn_i_sha512_k[80] = {
    0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull,
    0x3956c25bf348b538ull, 0x59f111f1b605d019ull, 0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull,
    0xd807aa98a3030242ull, 0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
    0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull, 0xc19bf174cf692694ull,
    0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull, 0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
    0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
    0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full, 0xbf597fc7beef0ee4ull,
    0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull, 0x06ca6351e003826full, 0x142929670a0e6e70ull,
    0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
    0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull, 0x92722c851482353bull,
    0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull, 0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull,
    0xd192e819d6ef5218ull, 0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
    0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull,
    0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull, 0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull,
    0x748f82ee5defb2fcull, 0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
    0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull,
    0xca273eceea26619cull, 0xd186b8c721c0c207ull, 0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull,
    0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
    0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull, 0x431d67c49c100d4cull,
    0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull, 0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull};

#if defined(__riscv) && __riscv_xlen == 64 && defined(__riscv_zknh) && \
    (defined(__GNUC__) || defined(__clang__))
/* RV64 Zknh: each Sigma function is one instruction. */
#define RV_ZKNH_OP(insn)                                             \
    static inline uint64_t rv_##insn(uint64_t x)                     \
    {                                                                \
        uint64_t r;                                                  \
        __asm__(#insn " %0, %1" : "=r"(r) : "r"(x));                 \
        return r;                                                    \
    }
RV_ZKNH_OP(sha512sum0)
RV_ZKNH_OP(sha512sum1)
RV_ZKNH_OP(sha512sig0)
RV_ZKNH_OP(sha512sig1)
#define BSIG0(x) rv_sha512sum0(x)
#define BSIG1(x) rv_sha512sum1(x)
#define SSIG0(x) rv_sha512sig0(x)
#define SSIG1(x) rv_sha512sig1(x)
#elif defined(__riscv) && __riscv_xlen == 32 && defined(__riscv_zknh) && \
    (defined(__GNUC__) || defined(__clang__))
/* RV32 Zknh: each Sigma function is two instructions, one per 32-bit half
 * (rs1 the half computed, rs2 the other; sig0/sig1 have an l and an h
 * form because their shift is not a rotation). */
#define RV32_ZKNH_OP(name, insn_lo, insn_hi)                                          \
    static inline uint64_t rv_##name(uint64_t x)                                      \
    {                                                                                 \
        uint32_t lo = (uint32_t)x, hi = (uint32_t)(x >> 32), rl, rh;                  \
        __asm__(#insn_lo " %0, %1, %2" : "=r"(rl) : "r"(lo), "r"(hi));                \
        __asm__(#insn_hi " %0, %1, %2" : "=r"(rh) : "r"(hi), "r"(lo));                \
        return ((uint64_t)rh << 32) | rl;                                             \
    }
RV32_ZKNH_OP(sum0, sha512sum0r, sha512sum0r)
RV32_ZKNH_OP(sum1, sha512sum1r, sha512sum1r)
RV32_ZKNH_OP(sig0, sha512sig0l, sha512sig0h)
RV32_ZKNH_OP(sig1, sha512sig1l, sha512sig1h)
#define BSIG0(x) rv_sum0(x)
#define BSIG1(x) rv_sum1(x)
#define SSIG0(x) rv_sig0(x)
#define SSIG1(x) rv_sig1(x)
#else
#define ROR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define BSIG0(x) (ROR64(x, 28) ^ ROR64(x, 34) ^ ROR64(x, 39))
#define BSIG1(x) (ROR64(x, 14) ^ ROR64(x, 18) ^ ROR64(x, 41))
#define SSIG0(x) (ROR64(x, 1) ^ ROR64(x, 8) ^ ((x) >> 7))
#define SSIG1(x) (ROR64(x, 19) ^ ROR64(x, 61) ^ ((x) >> 6))
#endif
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

/* One round with the working variables named in place (no shuffling):
 * the caller rotates the names. W(i) is schedule word i (mod 16),
 * extended in place for i >= 16. */
#define W(i) w[(i) & 15]
#define EXPAND(i) (W(i) += SSIG1(W((i) - 2)) + W((i) - 7) + SSIG0(W((i) - 15)))
#define ROUND(a, b, c, d, e, f, g, h, i, x)                        \
    do {                                                           \
        uint64_t t1_ = h + BSIG1(e) + CH(e, f, g) + K512[i] + (x); \
        d += t1_;                                                  \
        h = t1_ + BSIG0(a) + MAJ(a, b, c);                         \
    } while (0)
#define ROUND8(i, X)                                  \
    do {                                              \
        ROUND(a, b, c, d, e, f, g, h, (i) + 0, X((i) + 0)); \
        ROUND(h, a, b, c, d, e, f, g, (i) + 1, X((i) + 1)); \
        ROUND(g, h, a, b, c, d, e, f, (i) + 2, X((i) + 2)); \
        ROUND(f, g, h, a, b, c, d, e, (i) + 3, X((i) + 3)); \
        ROUND(e, f, g, h, a, b, c, d, (i) + 4, X((i) + 4)); \
        ROUND(d, e, f, g, h, a, b, c, (i) + 5, X((i) + 5)); \
        ROUND(c, d, e, f, g, h, a, b, (i) + 6, X((i) + 6)); \
        ROUND(b, c, d, e, f, g, h, a, (i) + 7, X((i) + 7)); \
    } while (0)

#if RIJN_I_SHA512_UNROLLED
void rijn_i_sha512_compress_portable(uint64_t hv[8], const uint8_t *blocks, size_t nblocks)
{
    uint64_t w[16], a, b, c, d, e, f, g, h;
    unsigned i;
    while (nblocks-- > 0) {
        for (i = 0; i < 16; i++)
            w[i] = rijn_load64_be(blocks + 8 * i);
        a = hv[0];
        b = hv[1];
        c = hv[2];
        d = hv[3];
        e = hv[4];
        f = hv[5];
        g = hv[6];
        h = hv[7];
        ROUND8(0, W);
        ROUND8(8, W);
        for (i = 16; i < 80; i += 8)
            ROUND8(i, EXPAND);
        hv[0] += a;
        hv[1] += b;
        hv[2] += c;
        hv[3] += d;
        hv[4] += e;
        hv[5] += f;
        hv[6] += g;
        hv[7] += h;
        blocks += 128;
    }
    rijn_i_hash_wipe(w, sizeof w);
}
#else
/* Compact form for 32-bit and smaller targets (64-bit arithmetic is
 * emulated there, and eight unrolled rounds cost ~10 KB on Cortex-M). */
void rijn_i_sha512_compress_portable(uint64_t hv[8], const uint8_t *blocks, size_t nblocks)
{
    uint64_t w[16], s[8], t1, t2;
    unsigned i;
    while (nblocks-- > 0) {
        for (i = 0; i < 16; i++)
            w[i] = rijn_load64_be(blocks + 8 * i);
        memcpy(s, hv, sizeof s);
        for (i = 0; i < 80; i++) {
            if (i >= 16)
                EXPAND(i);
            t1 = s[7] + BSIG1(s[4]) + CH(s[4], s[5], s[6]) + K512[i] + W(i);
            t2 = BSIG0(s[0]) + MAJ(s[0], s[1], s[2]);
            memmove(s + 1, s, 7 * sizeof s[0]);
            s[4] += t1;
            s[0] = t1 + t2;
        }
        for (i = 0; i < 8; i++)
            hv[i] += s[i];
        blocks += 128;
    }
    rijn_i_hash_wipe(w, sizeof w);
    rijn_i_hash_wipe(s, sizeof s);
}
#endif
#endif
