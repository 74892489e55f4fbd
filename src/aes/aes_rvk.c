/*
 * aes_rvk.c -- "rvk": AES with the RISC-V scalar crypto extensions Zkne
 * (encryption) and Zknd (decryption): aes32esmi/aes32esi/aes32dsmi/
 * aes32dsi on RV32, aes64esm/aes64es/aes64dsm/aes64ds/aes64im/aes64ks1i on
 * RV64. Key schedule, N-block ECB, and fused CTR, CBC encryption and CBC
 * decryption entries.
 *
 * Implementation notes
 *   Selection: at compile time, from -march (the compiler's __riscv_zkne
 *   and __riscv_zknd macros; include/rijn/config.h RIJN_CFG_AES_RVK): the
 *   class has no run-time probe (user-mode RISC-V has no portable way to
 *   ask), so an image built with it runs only on a CPU that has Zkne and
 *   Zknd; builds for plain RV32IMC / RV64GC keep the other classes.
 *   Layout: the standard round-key layout of aes_i.h: bytes
 *   [0, 16(r+1)) the round keys K0..Kr in FIPS 197 byte order, then,
 *   keyed for decryption, Kr, IMC(Kr-1), ..., IMC(K1), K0 for the
 *   equivalent inverse cipher (the aes*dsm instructions apply
 *   InvMixColumns after the key XOR of the round, so the middle keys are
 *   stored InvMixColumns'ed). RISC-V is little-endian, so the state is
 *   the block's bytes read as 4 (RV32) or 2 (RV64) native words.
 *   Rounds: RV64 -- a round is n0 = aes64esm(s0, s1), n1 = aes64esm(s1,
 *   s0) then the key XOR; the last uses aes64es. RV32 -- column j of the
 *   new state accumulates, from the round key's word j, aes32esmi of
 *   byte i of column j+i (ShiftRows) for i = 0..3; decryption takes byte
 *   i of column j-i (InvShiftRows).
 *   Key schedule: FIPS 197 KeyExpansion (rijn_i_aes_expand_words) with
 *   SubWord from the S-box instructions (aes64ks1i with rnum 10: SubWord
 *   without RotWord or Rcon; on RV32 four aes32esi); InvMixColumns of a
 *   decryption key word by aes64im, or on RV32 by four aes32dsmi of the
 *   S-boxed word (InvSubBytes undoes the S-box, leaving InvMixColumns).
 *   The expanded words are wiped.
 *   Loads: the words are loaded directly when the caller's buffers are
 *   word-aligned (a test on the pointers, public), else through memcpy.
 *   CTR keeps the counter in general registers as two big-endian 64-bit
 *   halves and builds each block branch-free (the carry by comparison).
 *   Constant time: the Zkn instructions compute without tables; whether
 *   their latency is independent of the data is what Zkt promises (every
 *   core that claims Zkn and Zkt); no secret-dependent branch or index.
 *   Vectors: FIPS 197, the CAVP files and the mode tests (every class,
 *   tu_for_each_impl), run by scripts/test-riscv.sh under qemu-riscv64
 *   (with Zk, and a build without it) and on RV32 by mcu/mcu.py (target
 *   rv32zk: qemu-system-riscv32 with Zk).
 */
#include "aes_i.h"
#include "internal.h"

#if RIJN_CFG_AES_RVK

#include <string.h>

typedef unsigned long rvk_w; /* one XLEN register */
/* the schedule (uint64_t storage) read as registers */
typedef unsigned long __attribute__((may_alias)) rvk_wa;
#define NW (16 / sizeof(rvk_w))  /* words per block */

/* ---- the instructions ---------------------------------------------------- */
#if __riscv_xlen == 64
#define RVK_2(insn, a, b)                                                           \
    __extension__({                                                                 \
        rvk_w r_;                                                                   \
        __asm__(insn " %0, %1, %2" : "=r"(r_) : "r"((rvk_w)(a)), "r"((rvk_w)(b))); \
        r_;                                                                         \
    })
#define ESM(a, b) RVK_2("aes64esm", a, b)
#define ES(a, b)  RVK_2("aes64es", a, b)
#define DSM(a, b) RVK_2("aes64dsm", a, b)
#define DS(a, b)  RVK_2("aes64ds", a, b)

static uint32_t rvk_subword(uint32_t w)
{
    rvk_w r;
    __asm__("aes64ks1i %0, %1, 10" : "=r"(r) : "r"((rvk_w)w << 32));
    return (uint32_t)r;
}

static rvk_w rvk_imc(rvk_w k)
{
    rvk_w r;
    __asm__("aes64im %0, %1" : "=r"(r) : "r"(k));
    return r;
}

/* One round on (a, b) with the round key at k, k advanced; the rounds
 * are unrolled (9 + 2 + 2: the branches are on the public round count). */
#define RND(OP)                    \
    do {                           \
        rvk_w t_ = OP(a, b) ^ k[0]; \
        b = OP(b, a) ^ k[1];       \
        a = t_;                    \
        k += 2;                    \
    } while (0)
#define RNDS(OP)                  \
    do {                          \
        if (rounds > 12) {        \
            RND(OP);              \
            RND(OP);              \
        }                         \
        if (rounds > 10) {        \
            RND(OP);              \
            RND(OP);              \
        }                         \
        RND(OP); RND(OP); RND(OP); \
        RND(OP); RND(OP); RND(OP); \
        RND(OP); RND(OP); RND(OP); \
    } while (0)

RIJN_INLINE void rvk_enc1(const rvk_wa *rk, unsigned rounds, rvk_w s[2])
{
    rvk_w a = s[0] ^ rk[0], b = s[1] ^ rk[1];
    const rvk_wa *k = rk + 2;
    RNDS(ESM);
    s[0] = ES(a, b) ^ k[0];
    s[1] = ES(b, a) ^ k[1];
}

RIJN_INLINE void rvk_dec1(const rvk_wa *rk, unsigned rounds, rvk_w s[2])
{
    rvk_w a = s[0] ^ rk[0], b = s[1] ^ rk[1];
    const rvk_wa *k = rk + 2;
    RNDS(DSM);
    s[0] = DS(a, b) ^ k[0];
    s[1] = DS(b, a) ^ k[1];
}
#else /* RV32 */
#define RVK_BS(insn, acc, x, bs) \
    __asm__(insn " %0, %0, %1, " #bs : "+r"(acc) : "r"(x))
/* acc ^= the contribution of byte bs of x (four bytes: one column). */
#define COL(insn, acc, x0, x1, x2, x3) \
    do {                               \
        RVK_BS(insn, acc, x0, 0);      \
        RVK_BS(insn, acc, x1, 1);      \
        RVK_BS(insn, acc, x2, 2);      \
        RVK_BS(insn, acc, x3, 3);      \
    } while (0)

static uint32_t rvk_subword(uint32_t w)
{
    rvk_w r = 0;
    COL("aes32esi", r, w, w, w, w);
    return (uint32_t)r;
}

static rvk_w rvk_imc(rvk_w k)
{
    rvk_w t = rvk_subword((uint32_t)k), r = 0;
    COL("aes32dsmi", r, t, t, t, t);
    return r;
}

/* One round: n_j = rk_j ^ f(s_j byte 0, s_{j+1} byte 1, ...) (enc) or
 * s_{j-1} byte 1, ... (dec). */
#define ROUND_E(insn, k, s, n)                                  \
    do {                                                        \
        n[0] = k[0], n[1] = k[1], n[2] = k[2], n[3] = k[3];     \
        COL(insn, n[0], s[0], s[1], s[2], s[3]);                \
        COL(insn, n[1], s[1], s[2], s[3], s[0]);                \
        COL(insn, n[2], s[2], s[3], s[0], s[1]);                \
        COL(insn, n[3], s[3], s[0], s[1], s[2]);                \
    } while (0)
#define ROUND_D(insn, k, s, n)                                  \
    do {                                                        \
        n[0] = k[0], n[1] = k[1], n[2] = k[2], n[3] = k[3];     \
        COL(insn, n[0], s[0], s[3], s[2], s[1]);                \
        COL(insn, n[1], s[1], s[0], s[3], s[2]);                \
        COL(insn, n[2], s[2], s[1], s[0], s[3]);                \
        COL(insn, n[3], s[3], s[2], s[1], s[0]);                \
    } while (0)

RIJN_INLINE void rvk_enc1(const rvk_wa *rk, unsigned rounds, rvk_w s[4])
{
    rvk_w a[4], b[4];
    const rvk_wa *k;
    unsigned r, j;
    for (j = 0; j < 4; j++)
        a[j] = s[j] ^ rk[j];
    for (r = 1, k = rk + 4; r + 1 < rounds; r += 2, k += 8) {
        ROUND_E("aes32esmi", k, a, b);
        ROUND_E("aes32esmi", (k + 4), b, a);
    }
    /* rounds is even: one middle round left, then the last */
    ROUND_E("aes32esmi", k, a, b);
    ROUND_E("aes32esi", (k + 4), b, s);
}

RIJN_INLINE void rvk_dec1(const rvk_wa *rk, unsigned rounds, rvk_w s[4])
{
    rvk_w a[4], b[4];
    const rvk_wa *k;
    unsigned r, j;
    for (j = 0; j < 4; j++)
        a[j] = s[j] ^ rk[j];
    for (r = 1, k = rk + 4; r + 1 < rounds; r += 2, k += 8) {
        ROUND_D("aes32dsmi", k, a, b);
        ROUND_D("aes32dsmi", (k + 4), b, a);
    }
    ROUND_D("aes32dsmi", k, a, b);
    ROUND_D("aes32dsi", (k + 4), b, s);
}
#endif

/* ---- key schedule ---------------------------------------------------------- */

static void rvk_setkey(uint64_t *ks, const uint8_t *key, size_t key_len, unsigned dirs)
{
    uint32_t w[4 * (RIJN_AES_MAX_ROUNDS + 1)];
    uint8_t *ek = (uint8_t *)ks;
    unsigned rounds = rijn_i_aes_expand_words(w, key, key_len, rvk_subword), i;
    for (i = 0; i < 4 * (rounds + 1); i++)
        rijn_store32_be(ek + 4 * i, w[i]);
    rijn_wipe(w, sizeof w);
    if (dirs & RIJN_I_DIR_DEC) {
        const rvk_wa *e = (const rvk_wa *)ks;
        rvk_wa *d = (rvk_wa *)(ek + 16 * (rounds + 1));
        for (i = 0; i < NW; i++) {
            d[i] = e[NW * rounds + i];
            d[NW * rounds + i] = e[i];
        }
        for (i = NW; i < NW * rounds; i++)
            d[i] = rvk_imc(e[NW * rounds - NW * (i / NW) + i % NW]);
    }
}

/* ---- block loads ------------------------------------------------------------ */

#define ALIGNED(p) (((uintptr_t)(p) & (sizeof(rvk_w) - 1)) == 0)

static inline void ld(rvk_w x[NW], const uint8_t *p, int al)
{
    unsigned i;
    if (al) {
        for (i = 0; i < NW; i++)
            x[i] = ((const rvk_wa *)p)[i];
    } else {
        rvk_w t[NW]; /* x itself stays in registers */
        memcpy(t, p, 16);
        for (i = 0; i < NW; i++)
            x[i] = t[i];
    }
}

static inline void st(uint8_t *p, const rvk_w x[NW], int al)
{
    unsigned i;
    if (al) {
        for (i = 0; i < NW; i++)
            ((rvk_wa *)p)[i] = x[i];
    } else {
        rvk_w t[NW];
        for (i = 0; i < NW; i++)
            t[i] = x[i];
        memcpy(p, t, 16);
    }
}

static void rvk_encrypt(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                        size_t nblocks)
{
    const rvk_wa *rk = (const rvk_wa *)ks;
    int al = ALIGNED(in) && ALIGNED(out);
    rvk_w x[NW];
    for (; nblocks > 0; nblocks--, in += 16, out += 16) {
        ld(x, in, al);
        rvk_enc1(rk, rounds, x);
        st(out, x, al);
    }
}

/* The counter block (hi, lo) as the block's words (big-endian bytes). */
static inline void ctr_words(rvk_w x[NW], uint64_t hi, uint64_t lo)
{
    uint64_t h = __builtin_bswap64(hi), l = __builtin_bswap64(lo);
#if __riscv_xlen == 64
    x[0] = h;
    x[1] = l;
#else
    x[0] = (rvk_w)h;
    x[1] = (rvk_w)(h >> 32);
    x[2] = (rvk_w)l;
    x[3] = (rvk_w)(l >> 32);
#endif
}

static void rvk_ctr(const uint64_t *ks, unsigned rounds, unsigned ctr_bits, uint8_t ctr[16],
                    uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const rvk_wa *rk = (const rvk_wa *)ks;
    uint64_t hi = rijn_load64_be(ctr), lo = rijn_load64_be(ctr + 8);
    int al = ALIGNED(in) && ALIGNED(out);
    rvk_w x[NW], y[NW];
    unsigned j;
    for (; nblocks > 0; nblocks--, in += 16, out += 16) {
        ctr_words(x, hi, lo);
        rvk_enc1(rk, rounds, x);
        ld(y, in, al);
        for (j = 0; j < NW; j++)
            y[j] ^= x[j];
        st(out, y, al);
        if (ctr_bits == 32) {
            lo = (lo & ~(uint64_t)0xFFFFFFFFu) | (uint32_t)(lo + 1);
        } else {
            lo++;
            hi += (uint64_t)(lo == 0);
        }
    }
    rijn_store64_be(ctr, hi);
    rijn_store64_be(ctr + 8, lo);
    rijn_wipe(x, sizeof x);
}

static void rvk_cbc_encrypt(const uint64_t *ks, unsigned rounds, uint8_t iv[16], uint8_t *out,
                            const uint8_t *in, size_t nblocks)
{
    const rvk_wa *rk = (const rvk_wa *)ks;
    int al = ALIGNED(in) && ALIGNED(out);
    rvk_w c[NW], x[NW];
    unsigned j;
    memcpy(c, iv, 16);
    for (; nblocks > 0; nblocks--, in += 16, out += 16) {
        ld(x, in, al);
        for (j = 0; j < NW; j++)
            c[j] ^= x[j];
        rvk_enc1(rk, rounds, c);
        st(out, c, al);
    }
    memcpy(iv, c, 16);
}

#if RIJN_CFG_AES_DECRYPT
static void rvk_decrypt(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                        size_t nblocks)
{
    const rvk_wa *dk = (const rvk_wa *)((const uint8_t *)ks + 16 * (rounds + 1));
    int al = ALIGNED(in) && ALIGNED(out);
    rvk_w x[NW];
    for (; nblocks > 0; nblocks--, in += 16, out += 16) {
        ld(x, in, al);
        rvk_dec1(dk, rounds, x);
        st(out, x, al);
    }
}

static void rvk_cbc_decrypt(const uint64_t *ks, unsigned rounds, uint8_t iv[16], uint8_t *out,
                            const uint8_t *in, size_t nblocks)
{
    const rvk_wa *dk = (const rvk_wa *)((const uint8_t *)ks + 16 * (rounds + 1));
    int al = ALIGNED(in) && ALIGNED(out);
    rvk_w c[NW], x[NW], y[NW];
    unsigned j;
    memcpy(c, iv, 16);
    for (; nblocks > 0; nblocks--, in += 16, out += 16) {
        ld(x, in, al);
        for (j = 0; j < NW; j++)
            y[j] = x[j];
        rvk_dec1(dk, rounds, x);
        for (j = 0; j < NW; j++) {
            x[j] ^= c[j];
            c[j] = y[j];
        }
        st(out, x, al); /* after the input block is held: out may equal in */
    }
    memcpy(iv, c, 16);
}
#define RVK_DECRYPT     rvk_decrypt
#define RVK_CBC_DECRYPT rvk_cbc_decrypt
#else
#define RVK_DECRYPT     NULL
#define RVK_CBC_DECRYPT NULL
#endif

const rijn_aes_impl rijn_i_aes_rvk = {
    .name = "rvk",
    .flags = RIJN_AES_IMPL_CONSTTIME | RIJN_AES_IMPL_HW,
    .setkey = rvk_setkey,
    .encrypt = rvk_encrypt,
    .decrypt = RVK_DECRYPT,
    .ctr = rvk_ctr,
    .cbc_decrypt = RVK_CBC_DECRYPT,
    .cbc_encrypt = rvk_cbc_encrypt,
};

#endif /* RIJN_CFG_AES_RVK */
