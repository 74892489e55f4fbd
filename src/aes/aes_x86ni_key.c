/*
 * aes_x86ni_key.c -- the key schedule of the "x86ni" classes (aes_x86ni.c):
 * AES-128/192/256 key expansion with the AES-NI instructions.
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
 *   Constant time: AES instructions, shuffles and XORs; no table, no
 *   branch on key bytes.
 *   Vectors: FIPS 197 C and the CAVP files (every class).
 */
#include "aes_x86ni.h"

#if RIJN_CFG_AES_X86NI

/* Both schedules must fit in the context for every key size. */
typedef char rijn_i_x86ni_ks_fits[RIJN_AES_KS_WORDS * 8 >= 32 * (RIJN_AES_MAX_ROUNDS + 1) ? 1
                                                                                        : -1];

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

RIJN_X86NI_TARGET void rijn_i_x86ni_setkey(uint64_t *ks, const uint8_t *key, size_t key_len,
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

#endif /* RIJN_CFG_AES_X86NI */
