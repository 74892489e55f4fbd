/*
 * aes_x86ni.c -- "x86ni": AES with the AES-NI instructions. Key schedule,
 * ECB (N-block) entries and the class; the fused CTR/CBC paths are in
 * aes_x86ni_modes.c, the VAES (256/512-bit) paths in aes_x86ni_vaes512.c
 * and aes_x86ni_vaes256.c, XTS in aes_x86ni_xts.c and aes_x86ni_xts512.c,
 * CBC-MAC / CCM in aes_x86ni_mac.c.
 *
 * Implementation notes
 *   Layout: see aes_x86ni.h (encryption round keys, then the decryption
 *   round keys of the equivalent inverse cipher, 16 bytes each).
 *   Key schedule without AESKEYGENASSIST (slow on many cores): the word
 *   that enters SubWord is broadcast to all four columns with PSHUFB (with
 *   RotWord folded into the shuffle); when all columns are equal ShiftRows
 *   is the identity, so AESENCLAST with the round constant as key yields
 *   SubWord(RotWord(w)) ^ Rcon in every column. The other words follow by
 *   a prefix XOR (two shifts). AES-192 keeps 4+2 words in two registers and
 *   writes the schedule 24 bytes at a time.
 *   Throughput: 8 independent blocks per pass (AESENC latency x issue
 *   width), then 4, then 1; VAES paths take over for long inputs when the
 *   CPU has them. Short inputs (<= 4 blocks) take one pass of that many
 *   blocks in the class entry itself, which tail-calls the long path
 *   otherwise (short calls save no registers and test nothing else). Loads and stores are unaligned; out == in works because
 *   each pass loads all its input before it stores.
 *   Constant time: the AES instructions take data-independent time; there
 *   is no table and no secret-dependent branch (branches depend only on
 *   lengths, and in CTR on the public counter value).
 *   Code generation: intrinsics with per-function target attributes, so
 *   the file builds with baseline x86-64 flags; available() checks CPUID.
 *   Vectors: FIPS 197 C and the CAVP files (every class), and
 *   tests/aes/test_aes_fused.c: ECB/CTR/CBC against OpenSSL and against the
 *   class's own N-block entries, 0..70 blocks, with VAES masked and not.
 */
#include "aes_x86ni.h"

#if RIJN_CFG_AES_X86NI

/* Both schedules must fit in the context for every key size. */
typedef char rijn_i_x86ni_ks_fits[RIJN_AES_KS_WORDS * 8 >= 32 * (RIJN_AES_MAX_ROUNDS + 1) ? 1
                                                                                        : -1];

static int x86ni_available(void)
{
    uint32_t need = RIJN_CPU_AESNI | RIJN_CPU_SSSE3;
    return (rijn_i_cpu_features() & need) == need;
}

/* Prefix XOR of the four 32-bit columns: column j gets c0 ^ ... ^ cj. */
RIJN_X86NI_INLINE __m128i prefix_xor(__m128i x)
{
    x = _mm_xor_si128(x, _mm_slli_si128(x, 4));
    return _mm_xor_si128(x, _mm_slli_si128(x, 8));
}

/* Shuffles: broadcast RotWord(column 3), RotWord(column 1), column 3. */
#define ROT3 0x0c0f0e0d
#define ROT1 0x04070605
#define DUP3 0x0f0e0d0c

/* SubWord of the shuffled column, XOR rc, in every column. */
RIJN_X86NI_INLINE __m128i subword(__m128i x, int shuffle, int rc)
{
    return _mm_aesenclast_si128(_mm_shuffle_epi8(x, _mm_set1_epi32(shuffle)),
                                _mm_set1_epi32(rc));
}

RIJN_X86NI_INLINE __m128i next128(__m128i k, int rc)
{
    return _mm_xor_si128(prefix_xor(k), subword(k, ROT3, rc));
}

/* Round key i of an expansion: into ek, and when dk is not NULL (a
 * constant after inlining) also into the decryption schedule, InvMixColumns
 * applied in the same pass while the key is in a register: the aesimc
 * work runs beside the serial expansion instead of after it. */
RIJN_X86NI_INLINE void put_rk(uint8_t *ek, uint8_t *dk, unsigned rounds, unsigned i, __m128i k)
{
    x86ni_st(ek + 16 * i, k);
    if (dk != NULL)
        x86ni_st(dk + 16 * (rounds - i), i == 0 || i == rounds ? k : _mm_aesimc_si128(k));
}

RIJN_X86NI_INLINE void expand128(uint8_t *ek, uint8_t *dk, const uint8_t *key)
{
    static const int rc[10] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36};
    __m128i k = x86ni_ld(key);
    unsigned i;
    put_rk(ek, dk, 10, 0, k);
    for (i = 1; i <= 10; i++) {
        k = next128(k, rc[i - 1]);
        put_rk(ek, dk, 10, i, k);
    }
}

#if RIJN_CFG_AES_192
/* a = w[6i..6i+3], b = w[6i+4..6i+5] in its low half. */
#define STEP192(rc)                                                          \
    do {                                                                     \
        a = _mm_xor_si128(prefix_xor(a), subword(b, ROT1, rc));              \
        x86ni_st(p, a);                                                      \
        b = _mm_xor_si128(_mm_xor_si128(b, _mm_slli_si128(b, 4)),            \
                          _mm_shuffle_epi32(a, 0xFF));                       \
        _mm_storel_epi64((__m128i *)(void *)(p + 16), b);                    \
        p += 24;                                                             \
    } while (0)

RIJN_X86NI_TARGET static void expand192(uint8_t *ek, const uint8_t *key)
{
    __m128i a = x86ni_ld(key);
    __m128i b = _mm_loadl_epi64((const __m128i *)(const void *)(key + 16));
    uint8_t *p = ek + 24;
    x86ni_st(ek, a);
    _mm_storel_epi64((__m128i *)(void *)(ek + 16), b);
    STEP192(0x01);
    STEP192(0x02);
    STEP192(0x04);
    STEP192(0x08);
    STEP192(0x10);
    STEP192(0x20);
    STEP192(0x40);
    /* 52 words: the last step needs only its first four. */
    a = _mm_xor_si128(prefix_xor(a), subword(b, ROT1, 0x80));
    x86ni_st(p, a);
}
#endif

#if RIJN_CFG_AES_256
/* a = w[8i..8i+3], b = w[8i+4..8i+7]; a round key pair per step. */
#define STEP256(rc, i)                                                       \
    do {                                                                     \
        a = _mm_xor_si128(prefix_xor(a), subword(b, ROT3, rc));              \
        put_rk(ek, dk, 14, (i), a);                                          \
        b = _mm_xor_si128(prefix_xor(b), subword(a, DUP3, 0));               \
        put_rk(ek, dk, 14, (i) + 1, b);                                      \
    } while (0)

RIJN_X86NI_INLINE void expand256(uint8_t *ek, uint8_t *dk, const uint8_t *key)
{
    __m128i a = x86ni_ld(key), b = x86ni_ld(key + 16);
    put_rk(ek, dk, 14, 0, a);
    put_rk(ek, dk, 14, 1, b);
    STEP256(0x01, 2);
    STEP256(0x02, 4);
    STEP256(0x04, 6);
    STEP256(0x08, 8);
    STEP256(0x10, 10);
    STEP256(0x20, 12);
    a = _mm_xor_si128(prefix_xor(a), subword(b, ROT3, 0x40));
    put_rk(ek, dk, 14, 14, a);
}
#endif

/* The two-schedule expansions out of line: as two branches of one
 * function, GCC hoisted the shared expansion above the branch and stored
 * every round key only at the end (AES-256 encryption schedule 41 -> 50
 * ticks). */
#define X86NI_EXPAND_FN(name, call)                                                      \
    static __attribute__((noinline, target("aes,sse2,ssse3"))) void name(                \
        uint8_t *ek, uint8_t *dk, const uint8_t *key)                                    \
    {                                                                                    \
        (void)dk;                                                                        \
        call;                                                                            \
    }
X86NI_EXPAND_FN(expand128_ed, expand128(ek, dk, key))
#if RIJN_CFG_AES_256
X86NI_EXPAND_FN(expand256_ed, expand256(ek, dk, key))
#endif

RIJN_X86NI_TARGET static void x86ni_setkey(uint64_t *ks, const uint8_t *key, size_t key_len,
                                           unsigned dirs)
{
    uint8_t *ek = (uint8_t *)ks;
    unsigned rounds = (unsigned)(key_len / 4 + 6), r;
    uint8_t *dk = ek + 16 * (rounds + 1);
    int dec = (dirs & RIJN_I_DIR_DEC) != 0;
#if RIJN_CFG_AES_256
    if (key_len == 32) {
        if (dec)
            expand256_ed(ek, dk, key);
        else
            expand256(ek, NULL, key);
        return;
    }
#endif
#if RIJN_CFG_AES_192
    if (key_len == 24) {
        expand192(ek, key);
        if (dec) {
            x86ni_st(dk, x86ni_ld(ek + 16 * rounds));
            for (r = 1; r < rounds; r++)
                x86ni_st(dk + 16 * r, _mm_aesimc_si128(x86ni_ld(ek + 16 * (rounds - r))));
            x86ni_st(dk + 16 * rounds, x86ni_ld(ek));
        }
        return;
    }
#endif
    (void)r;
    if (dec)
        expand128_ed(ek, dk, key);
    else
        expand128(ek, NULL, key);
}

/* ECB over m blocks (m a constant after inlining). */
RIJN_X86NI_INLINE void ecb_pass_r(const uint8_t *rk, unsigned rounds, uint8_t *out,
                                  const uint8_t *in, unsigned m, int dec)
{
    __m128i x[8];
    unsigned i;
    for (i = 0; i < m; i++)
        x[i] = x86ni_ld(in + 16 * i);
    if (dec)
        x86ni_decn_r(x, m, rk, rounds);
    else
        x86ni_encn_r(x, m, rk, rounds);
    for (i = 0; i < m; i++)
        x86ni_st(out + 16 * i, x[i]);
}

/* Loads, rounds and stores inside each key size's branch: x[] then never
 * lives across a join (see RIJN_X86NI_BY_ROUNDS). */
RIJN_X86NI_INLINE void ecb_pass(const uint8_t *rk, unsigned rounds, uint8_t *out,
                                const uint8_t *in, unsigned m, int dec)
{
#define CALL(r) ecb_pass_r(rk, r, out, in, m, dec)
    RIJN_X86NI_BY_ROUNDS(rounds, CALL);
#undef CALL
}

RIJN_X86NI_INLINE void ecb(const uint8_t *rk, unsigned rounds, uint8_t *out, const uint8_t *in,
                           size_t nblocks, int dec)
{
    for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128)
        ecb_pass(rk, rounds, out, in, 8, dec);
    if (nblocks >= 4) {
        ecb_pass(rk, rounds, out, in, 4, dec);
        nblocks -= 4;
        in += 64;
        out += 64;
    }
    for (; nblocks > 0; nblocks--, in += 16, out += 16)
        ecb_pass(rk, rounds, out, in, 1, dec);
}

/* Widest VAES path this CPU allows for n blocks: 512, 256 or 0. */
static unsigned wide(size_t nblocks)
{
    uint32_t f, v512 = RIJN_CPU_VAES | RIJN_CPU_AVX512, v256 = RIJN_CPU_VAES | RIJN_CPU_AVX2;
    if (nblocks < RIJN_X86NI_VAES_MIN)
        return 0;
    f = rijn_i_cpu_features();
    return (f & v512) == v512 ? 512u : (f & v256) == v256 ? 256u : 0u;
}

/* Run the VAES variant fn of the chosen width on a prefix, then skip it. */
#define WIDE_PREFIX(fn, ...)                                                 \
    do {                                                                     \
        unsigned w_ = wide(nblocks);                                         \
        if (w_ != 0) {                                                       \
            size_t d_ = w_ == 512 ? rijn_i_x86ni_vaes512_##fn(__VA_ARGS__)   \
                                  : rijn_i_x86ni_vaes256_##fn(__VA_ARGS__);  \
            nblocks -= d_;                                                   \
            in += 16 * d_;                                                   \
            out += 16 * d_;                                                  \
        }                                                                    \
    } while (0)

/* 0..4 blocks (short messages) in one pass, and no register saved for the
 * long paths: the class entries test this first and tail-call the rest. */
RIJN_X86NI_INLINE void ecb_short(const uint8_t *rk, unsigned rounds, uint8_t *out,
                                 const uint8_t *in, size_t nblocks, int dec)
{
    switch (nblocks) {
    case 0: break;
    case 1: ecb_pass(rk, rounds, out, in, 1, dec); break;
    case 2: ecb_pass(rk, rounds, out, in, 2, dec); break;
    case 3: ecb_pass(rk, rounds, out, in, 3, dec); break;
    default: ecb_pass(rk, rounds, out, in, 4, dec); break;
    }
}

#define X86NI_NOINLINE static __attribute__((noinline, target("aes,sse2,ssse3")))

/* Returns RIJN_OK (the one-shot entry below tail-calls it). */
X86NI_NOINLINE int encrypt_long(const uint64_t *ks, unsigned rounds, uint8_t *out,
                                const uint8_t *in, size_t nblocks)
{
    WIDE_PREFIX(encrypt, ks, rounds, out, in, nblocks);
    ecb(rijn_i_x86ni_ek(ks), rounds, out, in, nblocks, 0);
    return RIJN_OK;
}

RIJN_X86NI_TARGET static void x86ni_encrypt(const uint64_t *ks, unsigned rounds, uint8_t *out,
                                            const uint8_t *in, size_t nblocks)
{
    if (nblocks <= 4)
        ecb_short(rijn_i_x86ni_ek(ks), rounds, out, in, nblocks, 0);
    else
        (void)encrypt_long(ks, rounds, out, in, nblocks);
}

/* CFB128 decryption, the cfb_decrypt hook: VAES passes (the cipher inputs
 * are the ciphertext shifted by one block, loaded in place), then runs of
 * up to 16 blocks through a stack copy of the cipher inputs. */
static void x86ni_cfb_decrypt(const uint64_t *ks, unsigned rounds, uint8_t iv[16], uint8_t *out,
                              const uint8_t *in, size_t nblocks)
{
    uint8_t t[16 * 16];
    size_t i, k;
    WIDE_PREFIX(cfb_dec, ks, rounds, iv, out, in, nblocks);
    for (; nblocks > 0; nblocks -= k, in += 16 * k, out += 16 * k) {
        k = nblocks < 16 ? nblocks : 16;
        memcpy(t, iv, 16);
        memcpy(t + 16, in, 16 * (k - 1));
        memcpy(iv, in + 16 * (k - 1), 16);
        x86ni_encrypt(ks, rounds, t, t, k);
        for (i = 0; i < 16 * k; i++)
            out[i] = (uint8_t)(in[i] ^ t[i]);
    }
    rijn_wipe(t, sizeof t);
}

#if RIJN_CFG_AES_DECRYPT
X86NI_NOINLINE int decrypt_long(const uint64_t *ks, unsigned rounds, uint8_t *out,
                                const uint8_t *in, size_t nblocks)
{
    WIDE_PREFIX(decrypt, ks, rounds, out, in, nblocks);
    ecb(rijn_i_x86ni_dk(ks, rounds), rounds, out, in, nblocks, 1);
    return RIJN_OK;
}

RIJN_X86NI_TARGET static void x86ni_decrypt(const uint64_t *ks, unsigned rounds, uint8_t *out,
                                            const uint8_t *in, size_t nblocks)
{
    if (nblocks <= 4)
        ecb_short(rijn_i_x86ni_dk(ks, rounds), rounds, out, in, nblocks, 1);
    else
        (void)decrypt_long(ks, rounds, out, in, nblocks);
}

static void x86ni_cbc_decrypt(const uint64_t *ks, unsigned rounds, uint8_t iv[16], uint8_t *out,
                              const uint8_t *in, size_t nblocks)
{
    WIDE_PREFIX(cbc_dec, ks, rounds, iv, out, in, nblocks);
    rijn_i_x86ni_cbc_dec_sse(ks, rounds, iv, out, in, nblocks);
}
#define X86NI_DECRYPT     x86ni_decrypt
#define X86NI_CBC_DECRYPT x86ni_cbc_decrypt
#else
#define X86NI_DECRYPT     NULL
#define X86NI_CBC_DECRYPT NULL
#endif

/* One-shot ECB entries, the class's ecb_enc_once / ecb_dec_once hooks: the N-block
 * entries returning RIJN_OK, so a public call ends in a tail call. The
 * encryption entry has a VEX copy (RIJN_X86NI_VEX_TARGET); one block is
 * done in the entry itself, more in a function of their own, whose
 * register spills would otherwise give every call a stack frame. */
RIJN_X86NI_INLINE int ecb_enc_more(const rijn_aes_ctx *aes, uint8_t *out, const uint8_t *in,
                                   size_t nblocks)
{
    const uint8_t *ek = rijn_i_x86ni_ek(aes->ks);
    if (RIJN_LIKELY(nblocks == 4)) { /* 64 bytes, the next commonest */
        ecb_pass(ek, aes->rounds, out, in, 4, 0);
        return RIJN_OK;
    }
    if (nblocks < 4)
        ecb_short(ek, aes->rounds, out, in, nblocks, 0);
    else
        return encrypt_long(aes->ks, aes->rounds, out, in, nblocks);
    return RIJN_OK;
}
X86NI_NOINLINE int ecb_enc_more_sse(const rijn_aes_ctx *aes, uint8_t *out, const uint8_t *in,
                                    size_t nblocks)
{
    return ecb_enc_more(aes, out, in, nblocks);
}
static __attribute__((noinline, target("aes,avx"))) int
ecb_enc_more_vex(const rijn_aes_ctx *aes, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    return ecb_enc_more(aes, out, in, nblocks);
}

RIJN_X86NI_TARGET int rijn_i_x86ni_ecb_enc(const rijn_aes_ctx *aes, uint8_t *out,
                                           const uint8_t *in, size_t nblocks)
{
    const uint8_t *ek = rijn_i_x86ni_ek(aes->ks);
    if (RIJN_LIKELY(nblocks == 1)) /* the commonest short message first */
        return x86ni_enc1_store(_mm_xor_si128(x86ni_ld(in), x86ni_ld(ek)), ek, aes->rounds, out);
    return ecb_enc_more_sse(aes, out, in, nblocks);
}

RIJN_X86NI_VEX_TARGET int rijn_i_x86ni_ecb_enc_vex(const rijn_aes_ctx *aes, uint8_t *out,
                                                   const uint8_t *in, size_t nblocks)
{
    const uint8_t *ek = rijn_i_x86ni_ek(aes->ks);
    if (RIJN_LIKELY(nblocks == 1))
        return x86ni_enc1_store(_mm_xor_si128(x86ni_ld(in), x86ni_ld(ek)), ek, aes->rounds, out);
    return ecb_enc_more_vex(aes, out, in, nblocks);
}

#if RIJN_CFG_AES_DECRYPT
RIJN_X86NI_TARGET int rijn_i_x86ni_ecb_dec(const rijn_aes_ctx *aes, uint8_t *out,
                                           const uint8_t *in, size_t nblocks)
{
    if (nblocks == 1)
        ecb_pass(rijn_i_x86ni_dk(aes->ks, aes->rounds), aes->rounds, out, in, 1, 1);
    else if (nblocks <= 4)
        ecb_short(rijn_i_x86ni_dk(aes->ks, aes->rounds), aes->rounds, out, in, nblocks, 1);
    else
        return decrypt_long(aes->ks, aes->rounds, out, in, nblocks);
    return RIJN_OK;
}
#endif

X86NI_NOINLINE void ctr_long(const uint64_t *ks, unsigned rounds, unsigned ctr_bits,
                             uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks)
{
    WIDE_PREFIX(ctr, ks, rounds, ctr_bits, ctr, out, in, nblocks);
    rijn_i_x86ni_ctr_sse(ks, rounds, ctr_bits, ctr, out, in, nblocks);
}

static void x86ni_ctr(const uint64_t *ks, unsigned rounds, unsigned ctr_bits, uint8_t ctr[16],
                      uint8_t *out, const uint8_t *in, size_t nblocks)
{
    if (nblocks <= 4)
        rijn_i_x86ni_ctr_short(ks, rounds, ctr_bits, ctr, out, in, nblocks);
    else if (nblocks < 8)
        rijn_i_x86ni_ctr_small(ks, rounds, ctr_bits, ctr, out, in, nblocks);
    else
        ctr_long(ks, rounds, ctr_bits, ctr, out, in, nblocks);
}

#if RIJN_CFG_AES_DECRYPT
#define X86NI_ECB_DEC_ONCE rijn_i_x86ni_ecb_dec
#else
#define X86NI_ECB_DEC_ONCE NULL
#endif

const rijn_aes_impl rijn_i_aes_x86ni = {
    .name = "x86ni",
    .flags = RIJN_AES_IMPL_CONSTTIME | RIJN_AES_IMPL_HW,
    .available = x86ni_available,
    .setkey = x86ni_setkey,
    .encrypt = x86ni_encrypt,
    .decrypt = X86NI_DECRYPT,
    .ctr = x86ni_ctr,
    .cbc_decrypt = X86NI_CBC_DECRYPT,
    .cbc_encrypt = rijn_i_x86ni_cbc_enc,
    .cbcmac = rijn_i_x86ni_cbcmac,
    /* with AVX, the VEX copies of the one-shot ECB / CBC entries (memory
     * operands fold into vaesenc: about 10 fewer instructions a block) */
    .alt_cpu = RIJN_CPU_AVX,
    .w256_cpu = RIJN_CPU_VAES | RIJN_CPU_AVX2,
    .w512_cpu = RIJN_CPU_VAES | RIJN_CPU_AVX512,
    .rk_isa = RIJN_CPU_AESNI, /* layout: aes_x86ni.h */
    .ecb_enc_once = {rijn_i_x86ni_ecb_enc, rijn_i_x86ni_ecb_enc_vex},
    .ecb_dec_once = {X86NI_ECB_DEC_ONCE, X86NI_ECB_DEC_ONCE},
    .cbc_enc_once = {rijn_i_x86ni_cbc_enc_once, rijn_i_x86ni_cbc_enc_once_vex},
    .ctr_once = {rijn_i_x86ni_ctr_once, rijn_i_x86ni_ctr_once},
    .xts = rijn_i_x86ni_xts,
    .cfb_decrypt = x86ni_cfb_decrypt,
    .cfb8_encrypt = rijn_i_x86ni_cfb8_enc,
};

#endif /* RIJN_CFG_AES_X86NI */
