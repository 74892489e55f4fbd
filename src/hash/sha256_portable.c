/*
 * sha256_portable.c -- the portable SHA-256 compression (FIPS 180-4), the
 * "portable" entry of sha256.c's registry, and the round constants the
 * other entries share.
 *
 * Implementation notes:
 * - The message schedule is a rolling window of 16 words on the stack (64
 *   bytes), so the code fits small MCUs. On 64-bit hosts the rounds are
 *   unrolled by eight (variables renamed instead of shifted); 32-bit and
 *   smaller targets get the compact loop (RIJN_CFG_SHA256_UNROLLED = 0 / 1
 *   overrides).
 * - Constant time: only additions, rotations and Boolean operations on the
 *   data; branches and indices depend on the block count only.
 * - RISC-V with Zknh (-march=..._zknh; compile time): the four Sigma
 *   functions are the sha256sum0/sum1/sig0/sig1 instructions (tested by
 *   scripts/test-riscv.sh on RV32 and RV64 with Zk).
 * - AVR: the round constants live in flash (PROGMEM, read with
 *   pgm_read_dword).
 * - Streaming, one-shots and the dispatch: sha256.c. Proof: the tests of
 *   sha256.c (CAVP, differential against OpenSSL) run this entry with
 *   RIJN_CPU_MASK=0 and wherever it is the only one.
 */
#include "hash_i.h"

#if defined(__AVR__)
#define SHA256_K(i) pgm_read_dword(&rijn_i_sha256_k[i])
#else
#define SHA256_K(i) rijn_i_sha256_k[i]
#endif

const uint32_t rijn_i_sha256_k[64] RIJN_I_HASH_ROM = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
    0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
    0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
    0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
    0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
    0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
    0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2};

#if defined(__riscv) && defined(__riscv_zknh) && (defined(__GNUC__) || defined(__clang__))
/* RISC-V Zknh: each Sigma function is one instruction (RV64: on the low
 * 32 bits, the result sign-extended; the cast keeps the low word). */
#define RV_ZKNH_OP(insn)                                                    \
    static inline uint32_t rv_##insn(uint32_t x)                            \
    {                                                                       \
        unsigned long r;                                                    \
        __asm__(#insn " %0, %1" : "=r"(r) : "r"((unsigned long)x));         \
        return (uint32_t)r;                                                 \
    }
RV_ZKNH_OP(sha256sum0)
RV_ZKNH_OP(sha256sum1)
RV_ZKNH_OP(sha256sig0)
RV_ZKNH_OP(sha256sig1)
#define BSIG0(x) rv_sha256sum0(x)
#define BSIG1(x) rv_sha256sum1(x)
#define SSIG0(x) rv_sha256sig0(x)
#define SSIG1(x) rv_sha256sig1(x)
#else
#define ROR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
#define BSIG0(x) (ROR32(x, 2) ^ ROR32(x, 13) ^ ROR32(x, 22))
#define BSIG1(x) (ROR32(x, 6) ^ ROR32(x, 11) ^ ROR32(x, 25))
#define SSIG0(x) (ROR32(x, 7) ^ ROR32(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (ROR32(x, 17) ^ ROR32(x, 19) ^ ((x) >> 10))
#endif
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

#if RIJN_I_SHA256_UNROLLED
/* Eight rounds per step with the working variables renamed, not shifted. */
#define W(i) w[(i) & 15]
#define EXPAND(i) (W(i) += SSIG1(W((i) - 2)) + W((i) - 7) + SSIG0(W((i) - 15)))
#define ROUND(a, b, c, d, e, f, g, h, i, x)                                     \
    do {                                                                        \
        uint32_t t1_ = h + BSIG1(e) + CH(e, f, g) + SHA256_K(i) + (x);          \
        d += t1_;                                                               \
        h = t1_ + BSIG0(a) + MAJ(a, b, c);                                      \
    } while (0)
#define ROUND8(i, X)                                        \
    do {                                                    \
        ROUND(a, b, c, d, e, f, g, h, (i) + 0, X((i) + 0)); \
        ROUND(h, a, b, c, d, e, f, g, (i) + 1, X((i) + 1)); \
        ROUND(g, h, a, b, c, d, e, f, (i) + 2, X((i) + 2)); \
        ROUND(f, g, h, a, b, c, d, e, (i) + 3, X((i) + 3)); \
        ROUND(e, f, g, h, a, b, c, d, (i) + 4, X((i) + 4)); \
        ROUND(d, e, f, g, h, a, b, c, (i) + 5, X((i) + 5)); \
        ROUND(c, d, e, f, g, h, a, b, (i) + 6, X((i) + 6)); \
        ROUND(b, c, d, e, f, g, h, a, (i) + 7, X((i) + 7)); \
    } while (0)

void rijn_i_sha256_compress_portable(uint32_t hv[8], const uint8_t *blocks, size_t nblocks)
{
    uint32_t w[16], a, b, c, d, e, f, g, h;
    unsigned i;
    while (nblocks-- > 0) {
        for (i = 0; i < 16; i++)
            w[i] = rijn_load32_be(blocks + 4 * i);
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
        for (i = 16; i < 64; i += 8)
            ROUND8(i, EXPAND);
        hv[0] += a;
        hv[1] += b;
        hv[2] += c;
        hv[3] += d;
        hv[4] += e;
        hv[5] += f;
        hv[6] += g;
        hv[7] += h;
        blocks += 64;
    }
    rijn_i_hash_wipe(w, sizeof w);
}
#else
void rijn_i_sha256_compress_portable(uint32_t h[8], const uint8_t *blocks, size_t nblocks)
{
    uint32_t w[16], s[8], t1, t2;
    unsigned i;
    while (nblocks-- > 0) {
        for (i = 0; i < 16; i++)
            w[i] = rijn_load32_be(blocks + 4 * i);
        memcpy(s, h, sizeof s);
        for (i = 0; i < 64; i++) {
            if (i >= 16)
                w[i & 15] += SSIG1(w[(i - 2) & 15]) + w[(i - 7) & 15] + SSIG0(w[(i - 15) & 15]);
            t1 = s[7] + BSIG1(s[4]) + CH(s[4], s[5], s[6]) + SHA256_K(i) + w[i & 15];
            t2 = BSIG0(s[0]) + MAJ(s[0], s[1], s[2]);
            s[7] = s[6];
            s[6] = s[5];
            s[5] = s[4];
            s[4] = s[3] + t1;
            s[3] = s[2];
            s[2] = s[1];
            s[1] = s[0];
            s[0] = t1 + t2;
        }
        for (i = 0; i < 8; i++)
            h[i] += s[i];
        blocks += 64;
    }
    rijn_i_hash_wipe(w, sizeof w);
    rijn_i_hash_wipe(s, sizeof s);
}
#endif
