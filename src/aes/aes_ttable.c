/*
 * aes_ttable.c -- "ttable": AES with round tables in SRAM, one block per
 * call, for cores without a data cache (Cortex-M0/M0+/M3/M4/M23/M33,
 * cache-less RV32); the default AES there.
 *
 * Implementation notes
 *   Where the argument holds: a load from zero-wait-state SRAM takes the
 *   same time whatever its address on a core with no data cache, so a
 *   table indexed by secret bytes leaks nothing through timing there (AVR
 *   relies on the same fact). It does NOT hold on Cortex-M7/M55/M85 (data
 *   cache), on A-class cores and hosts, nor for tables in flash behind a
 *   prefetch/ART cache: the tables are therefore generated into SRAM
 *   (aes_ttable.h: rijn_i_ttable_tab, .bss) at the first key setup, never
 *   read from flash. The per-core table is in include/rijn/config.h
 *   (RIJN_CFG_AES_TTABLE) and mcu/README.md.
 *   Built for another CPU (tests on hosts) it needs
 *   RIJN_CFG_AES_TTABLE_VARTIME=1, and then it does not carry
 *   RIJN_AES_IMPL_CONSTTIME (never the default choice, not in the ctgrind
 *   list). On ARMv7E-M and ARMv8-M mainline, where GCC's macros do not
 *   tell a Cortex-M4/M33 from a cached M7/M55/M85, available() reads
 *   SCB->CPUID (privileged code; RIJN_CFG_AES_TTABLE_CPUID=0 drops the
 *   probe) and refuses the cached cores; a build with ttable alone then
 *   fails key setup with RIJN_ERR_UNSUPPORTED instead of running there.
 *   Tables (aes_ttable.h): built once, from a flag tested at key setup
 *   (public). Two cores building them at once write the same values.
 *   SRAM: RIJN_CFG_AES_TTABLE_TABLES=1: 1 KiB encryption + 1 KiB
 *   decryption tables + 512 bytes of S-boxes = 2,560 bytes; =4: 8,704.
 *   Schedule (ks as 32-bit words, little-endian columns): encryption round
 *   keys w[0 .. 4R+3]; decryption keys at w + 4 * (RIJN_AES_MAX_ROUNDS + 1)
 *   for the equivalent inverse cipher (FIPS 197 5.3.5): the encryption
 *   keys in reverse round order, InvMixColumns applied to rounds 1..R-1
 *   (through td and sb). Encryption-only setup skips them.
 *   Constant time (on the cores above): no branch on secret data; every
 *   secret-indexed load is in rijn_i_ttable_tab; the key expansion indexes
 *   sb with key bytes (same argument).
 *   The block functions are C here; aes_ttable_armv7m.c (Thumb-2),
 *   aes_ttable_armv6m.c (Thumb-1) and aes_ttable_rv32.c replace them with
 *   assembly (src/aes/tools/gen_ttable_asm.py; RIJN_CFG_AES_TTABLE_ASM=0
 *   keeps C). CBC has its own entries: the chaining XOR is an argument of
 *   the block functions (x), decryption runs last block first (in place
 *   without copies).
 *   Measured (QEMU, exact instructions, GCC 12 -O2, mcu/measure.py):
 *   AES-128 one block / seeds' job (enc+dec key setup, 48-byte PKCS#7
 *   CBC encrypt + decrypt): Cortex-M3 579 / 7,246, Cortex-M0 1,172 /
 *   13,704, RV32IMAC 974 / 11,161 (Mbed TLS 2.28 on the same harness:
 *   672 / 9,060 on M3). Encryption key setup 929 on M3. The first key
 *   setup of a boot builds the tables: 18,335 on M3, 36,160 on M0.
 *   Vectors: every CAVP AESAVS file, on target under QEMU (mcu/mcu.py
 *   test), and FIPS 197 / the config matrix on hosts (vartime build).
 */
#include "aes_ttable.h"
#include "internal.h"

#if RIJN_CFG_AES_TTABLE

struct rijn_i_ttable_tables rijn_i_ttable_tab;
static uint8_t tt_ready;

#define TT rijn_i_ttable_tab

static uint32_t rotl32(uint32_t x, unsigned n)
{
    return (x << n) | (x >> ((32 - n) & 31)); /* n in 0..31 */
}

static unsigned xt(unsigned x)
{
    return ((x << 1) ^ ((x >> 7) * 0x11Bu)) & 0xFFu;
}

void rijn_i_ttable_build(void)
{
    unsigned p = 1, q = 1, i, k;
    /* S-box: p walks GF(2^8)* by the generator 3, q = 1/p by 1/3 */
    do {
        unsigned x;
        p = p ^ xt(p);
        q ^= q << 1;
        q ^= q << 2;
        q ^= q << 4;
        q = (q ^ ((q >> 7) & 1u) * 0x09u) & 0xFFu;
        x = q ^ (q << 1) ^ (q << 2) ^ (q << 3) ^ (q << 4);
        x = (x ^ (x >> 8)) & 0xFFu;
        TT.sb[p] = (uint8_t)(x ^ 0x63u);
    } while (p != 1);
    TT.sb[0] = 0x63;
    for (i = 0; i < 256; i++) {
        unsigned s = TT.sb[i], s2 = xt(s);
        uint32_t e = (uint32_t)(s2 | s << 8 | s << 16 | (s2 ^ s) << 24);
        TT.isb[s] = (uint8_t)i;
        for (k = 0; k < RIJN_I_TT_N; k++)
            TT.te[k][i] = rotl32(e, 8 * k);
    }
    for (i = 0; i < 256; i++) {
        unsigned v = TT.isb[i], v2 = xt(v), v4 = xt(v2), v8 = xt(v4);
        uint32_t d = (uint32_t)((v8 ^ v4 ^ v2) | (v8 ^ v) << 8 | (v8 ^ v4 ^ v) << 16 |
                                (v8 ^ v2 ^ v) << 24);
        for (k = 0; k < RIJN_I_TT_N; k++)
            TT.td[k][i] = rotl32(d, 8 * k);
    }
    tt_ready = 1;
}

#if RIJN_I_TT_N == 4
#define TE(k, x) TT.te[k][x]
#define TD(k, x) TT.td[k][x]
#else
#define TE(k, x) rotl32(TT.te[0][x], 8 * (k))
#define TD(k, x) rotl32(TT.td[0][x], 8 * (k))
#endif
#define B0(x) ((x) & 0xFFu)
#define B1(x) (((x) >> 8) & 0xFFu)
#define B2(x) (((x) >> 16) & 0xFFu)
#define B3(x) ((x) >> 24)

/* SubWord: the S-box on each byte of a word */
static uint32_t sub_word(uint32_t t)
{
    return (uint32_t)TT.sb[B0(t)] | (uint32_t)TT.sb[B1(t)] << 8 |
           (uint32_t)TT.sb[B2(t)] << 16 | (uint32_t)TT.sb[B3(t)] << 24;
}

static unsigned expand(uint32_t *w, const uint8_t *key, size_t key_len)
{
    unsigned nk = (unsigned)(key_len / 4), total = 4 * nk + 28, i, k, rc = 1;
    for (i = 0; i < nk; i++)
        w[i] = rijn_load32_le(key + 4 * i);
    for (i = nk; i < total; i += nk) {
        w[i] = w[i - nk] ^ sub_word(rotl32(w[i - 1], 24)) ^ rc;
        rc = xt(rc);
        for (k = 1; k < nk && i + k < total; k++) {
            uint32_t t = w[i + k - 1];
            if (nk == 8 && k == 4)
                t = sub_word(t);
            w[i + k] = w[i + k - nk] ^ t;
        }
    }
    return nk + 6;
}

static void tt_setkey(uint64_t *ks, const uint8_t *key, size_t key_len, unsigned dirs)
{
    uint32_t *w = (uint32_t *)ks;
    unsigned rounds, r, c;
    if (!tt_ready)
        rijn_i_ttable_build();
    rounds = expand(w, key, key_len);
    (void)rounds;
#if RIJN_CFG_AES_DECRYPT
    if (dirs & RIJN_I_DIR_DEC) {
        uint32_t *d = w + 4 * (RIJN_AES_MAX_ROUNDS + 1);
        for (c = 0; c < 4; c++) {
            d[c] = w[4 * rounds + c];
            d[4 * rounds + c] = w[c];
        }
        for (r = 1; r < rounds; r++)
            for (c = 0; c < 4; c++) {
                uint32_t x = w[4 * (rounds - r) + c];
                d[4 * r + c] = TD(0, TT.sb[B0(x)]) ^ TD(1, TT.sb[B1(x)]) ^
                               TD(2, TT.sb[B2(x)]) ^ TD(3, TT.sb[B3(x)]);
            }
    }
#else
    (void)r;
    (void)c;
    (void)dirs;
#endif
}

#if !RIJN_I_TT_ASM
/* One round: t_j = sum_k T_k[byte k of s_(j+k)] (encryption) or
 * s_(j-k) (decryption) ^ rk[j]. */
#define ROUND(T, a, b, c, d, t0, t1, t2, t3, k0, k1, k2, k3)                               \
    do {                                                                                  \
        t0 = T(0, B0(a)) ^ T(1, B1(b)) ^ T(2, B2(c)) ^ T(3, B3(d)) ^ (k0);                \
        t1 = T(0, B0(b)) ^ T(1, B1(c)) ^ T(2, B2(d)) ^ T(3, B3(a)) ^ (k1);                \
        t2 = T(0, B0(c)) ^ T(1, B1(d)) ^ T(2, B2(a)) ^ T(3, B3(b)) ^ (k2);                \
        t3 = T(0, B0(d)) ^ T(1, B1(a)) ^ T(2, B2(b)) ^ T(3, B3(c)) ^ (k3);                \
    } while (0)
#define EROUND(a, b, c, d, t0, t1, t2, t3, k)                                             \
    ROUND(TE, a, b, c, d, t0, t1, t2, t3, (k)[0], (k)[1], (k)[2], (k)[3])
/* decryption: the inputs in the order s0, s3, s2, s1 and so the outputs */
#define DROUND(a, b, c, d, t0, t1, t2, t3, k)                                             \
    ROUND(TD, a, d, c, b, t0, t3, t2, t1, (k)[0], (k)[3], (k)[2], (k)[1])
#define LAST(S, a, b, c, d, k)                                                            \
    ((uint32_t)S[B0(a)] ^ (uint32_t)S[B1(b)] << 8 ^ (uint32_t)S[B2(c)] << 16 ^            \
     (uint32_t)S[B3(d)] << 24 ^ (k))

void rijn_i_ttable_enc1(const uint32_t *rk, unsigned rounds, uint8_t *out, const uint8_t *in,
                        const uint8_t *x)
{
    uint32_t s0, s1, s2, s3, t0, t1, t2, t3;
    s0 = rijn_load32_le(in) ^ rijn_load32_le(x) ^ rk[0];
    s1 = rijn_load32_le(in + 4) ^ rijn_load32_le(x + 4) ^ rk[1];
    s2 = rijn_load32_le(in + 8) ^ rijn_load32_le(x + 8) ^ rk[2];
    s3 = rijn_load32_le(in + 12) ^ rijn_load32_le(x + 12) ^ rk[3];
    EROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk + 4);
    for (rk += 8, rounds -= 2; rounds > 1; rounds -= 2, rk += 8) {
        EROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk);
        EROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk + 4);
    }
    rijn_store32_le(out, LAST(TT.sb, t0, t1, t2, t3, rk[0]));
    rijn_store32_le(out + 4, LAST(TT.sb, t1, t2, t3, t0, rk[1]));
    rijn_store32_le(out + 8, LAST(TT.sb, t2, t3, t0, t1, rk[2]));
    rijn_store32_le(out + 12, LAST(TT.sb, t3, t0, t1, t2, rk[3]));
}

#if RIJN_CFG_AES_DECRYPT
void rijn_i_ttable_dec1(const uint32_t *rk, unsigned rounds, uint8_t *out, const uint8_t *in,
                        const uint8_t *x)
{
    uint32_t s0, s1, s2, s3, t0, t1, t2, t3;
    s0 = rijn_load32_le(in) ^ rk[0];
    s1 = rijn_load32_le(in + 4) ^ rk[1];
    s2 = rijn_load32_le(in + 8) ^ rk[2];
    s3 = rijn_load32_le(in + 12) ^ rk[3];
    DROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk + 4);
    for (rk += 8, rounds -= 2; rounds > 1; rounds -= 2, rk += 8) {
        DROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk);
        DROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk + 4);
    }
    s0 = LAST(TT.isb, t0, t3, t2, t1, rk[0]) ^ rijn_load32_le(x);
    s1 = LAST(TT.isb, t1, t0, t3, t2, rk[1]) ^ rijn_load32_le(x + 4);
    s2 = LAST(TT.isb, t2, t1, t0, t3, rk[2]) ^ rijn_load32_le(x + 8);
    s3 = LAST(TT.isb, t3, t2, t1, t0, rk[3]) ^ rijn_load32_le(x + 12);
    rijn_store32_le(out, s0);
    rijn_store32_le(out + 4, s1);
    rijn_store32_le(out + 8, s2);
    rijn_store32_le(out + 12, s3);
}
#endif
#endif /* !RIJN_I_TT_ASM */

#if RIJN_I_TT_ASM >= 2
/* Thumb-1 / RV32 assembly wants word-aligned buffers (an unaligned LDR
 * faults on ARMv6-M; RISC-V cores may trap or emulate it slowly): others
 * go through an aligned copy, out of line. The test is on addresses
 * (public). */
typedef void (*tt_fn)(const uint32_t *, unsigned, uint8_t *, const uint8_t *, const uint8_t *);

#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static void tt_bounce(tt_fn fn, const uint32_t *rk, unsigned rounds, uint8_t *out,
                      const uint8_t *in, const uint8_t *x)
{
    uint32_t b[8];
    memcpy(b, in, 16);
    memcpy(b + 4, x, 16);
    fn(rk, rounds, (uint8_t *)b, (const uint8_t *)b, (const uint8_t *)(b + 4));
    memcpy(out, b, 16);
    rijn_wipe(b, sizeof b); /* plaintext when decrypting */
}

#define TT_CALL(fn, rk, rounds, out, in, x)                                                \
    do {                                                                                  \
        if ((((uintptr_t)(out) | (uintptr_t)(in) | (uintptr_t)(x)) & 3u) == 0)           \
            fn(rk, rounds, out, in, x);                                                   \
        else                                                                              \
            tt_bounce(fn, rk, rounds, out, in, x);                                        \
    } while (0)
#define TT_ENC(rk, rounds, out, in, x) TT_CALL(rijn_i_ttable_enc1w, rk, rounds, out, in, x)
#define TT_DEC(rk, rounds, out, in, x) TT_CALL(rijn_i_ttable_dec1w, rk, rounds, out, in, x)

#else
#define TT_ENC rijn_i_ttable_enc1
#define TT_DEC rijn_i_ttable_dec1
#endif

static const uint32_t tt_zero32[4] = {0};
#define tt_zero ((const uint8_t *)tt_zero32)

static void tt_encrypt(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                       size_t nblocks)
{
    for (; nblocks > 0; nblocks--, in += 16, out += 16)
        TT_ENC((const uint32_t *)ks, rounds, out, in, tt_zero);
}

/* CBC: the chaining XOR inside the block function (its x argument) */
static void tt_cbc_encrypt(const uint64_t *ks, unsigned rounds, uint8_t iv[16], uint8_t *out,
                           const uint8_t *in, size_t nblocks)
{
    const uint8_t *prev = iv;
    for (; nblocks > 0; nblocks--, in += 16, out += 16) {
        TT_ENC((const uint32_t *)ks, rounds, out, in, prev);
        prev = out;
    }
    memcpy(iv, prev, 16); /* no-op copy when nblocks was 0 */
}

#if RIJN_CFG_AES_DECRYPT
#define TT_DK(ks) ((const uint32_t *)(ks) + 4 * (RIJN_AES_MAX_ROUNDS + 1))

static void tt_decrypt(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                       size_t nblocks)
{
    for (; nblocks > 0; nblocks--, in += 16, out += 16)
        TT_DEC(TT_DK(ks), rounds, out, in, tt_zero);
}

/* Last block first: in place, each block's predecessor is still the
 * ciphertext when it is needed; the new IV is saved before. */
static void tt_cbc_decrypt(const uint64_t *ks, unsigned rounds, uint8_t iv[16], uint8_t *out,
                           const uint8_t *in, size_t nblocks)
{
    uint8_t next[16];
    if (nblocks == 0)
        return;
    memcpy(next, in + 16 * (nblocks - 1), 16);
    while (--nblocks > 0)
        TT_DEC(TT_DK(ks), rounds, out + 16 * nblocks, in + 16 * nblocks,
                           in + 16 * (nblocks - 1));
    TT_DEC(TT_DK(ks), rounds, out, in, iv);
    memcpy(iv, next, 16);
}
#define TT_DECRYPT tt_decrypt
#define TT_CBC_DECRYPT tt_cbc_decrypt
#else
#define TT_DECRYPT NULL
#define TT_CBC_DECRYPT NULL
#endif

#if RIJN_I_TT_CPUID
/* SCB->CPUID part numbers of the Cortex-M cores with a data cache */
static int tt_available(void)
{
    uint32_t part = (*(const volatile uint32_t *)0xE000ED00u >> 4) & 0xFFFu;
    return part != 0xC27u && part != 0xD22u && part != 0xD23u; /* M7, M55, M85 */
}
#define TT_AVAILABLE tt_available
#else
#define TT_AVAILABLE NULL
#endif

const rijn_aes_impl rijn_i_aes_ttable = {
    .name = "ttable",
    .flags = RIJN_CFG_AES_TTABLE_VARTIME ? 0u : RIJN_AES_IMPL_CONSTTIME,
    .available = TT_AVAILABLE,
    .setkey = tt_setkey,
    .encrypt = tt_encrypt,
    .decrypt = TT_DECRYPT,
    .cbc_decrypt = TT_CBC_DECRYPT,
    .cbc_encrypt = tt_cbc_encrypt,
};

#endif /* RIJN_CFG_AES_TTABLE */
