/*
 * base64_x86.c -- Base64 block decoders and encoders on SSSE3 (16
 * characters a step) and AVX2 (32), the hooks of base64.c (b64_i.h has
 * their contract).
 *
 * Implementation notes:
 * - Classification by comparisons, as the scalar code does it with masks:
 *   per byte, signed compares give the ranges A-Z, a-z, 0-9 (bytes from
 *   0x80 are negative, outside every range) and equality the characters
 *   of 62 and 63 (either alphabet, broadcast); the masks are disjoint, so
 *   the offset to add (-65, -71, +4, 62 - c62, 63 - c63) is the OR of each
 *   offset under its mask, and "valid" the OR of the masks. No table in
 *   memory, no branch on a character's value.
 * - Packing (Mula/Lemire's method, written anew): PMADDUBSW with 64, 1
 *   makes each pair a 12-bit word, PMADDWD with 4096, 1 each group a
 *   24-bit dword; PSHUFB puts the three bytes of each dword in big-endian
 *   order in 12 bytes (AVX2: per lane, then VPERMD joins the lanes' 24
 *   bytes). Stores are of exactly the bytes decoded (16 + 8, 8 + 4).
 * - Branches only on public things: the positions of space, tab, CR, LF
 *   and '=' (one PMOVMSKB of their compare masks a step), len and room.
 *   At one of them the groups before it are decoded (invalid characters
 *   after it masked out of *bad) through a stack buffer, wiped after.
 * - Encoding: 12 bytes a lane (AVX2: two 16-byte loads, 24 bytes a
 *   step), each group a, b, c shuffled to the bytes b, a, c, b of a dword;
 *   PMULHUW and PMULLW with per-word powers of two move the four 6-bit
 *   fields to bytes 0..3 (Mula's layout); the characters as b64_char
 *   computes them, with compare masks. Loads stay inside the input (the
 *   loops stop while a whole load does not fit: the scalar code ends).
 * - Measured (base64.c has the conditions): rijn decrypt of an armored
 *   512 MiB file 3.32 -> 0.33 s (AVX2), 0.41 s (SSSE3); encrypt --armor
 *   1.18 -> 0.48 s, 0.50 s.
 */
#include "b64_i.h"

#if RIJN_I_B64_X86
#include <immintrin.h>
#include <string.h>

#define T128 __attribute__((target("ssse3")))
#define T256 __attribute__((target("avx2")))

/* One width's classifier NAME(c, c62, c63, &val, &sp) -> valid mask:
 * value bytes (*val), *sp whitespace or '='. P, B: the intrinsics' prefix
 * and width (_mm, 128 / _mm256, 256); the SSSE3 and AVX2 decoders share
 * the text. */
#define B64_CLS(NAME, T, P, B, ATTR)                                                         \
    static inline ATTR T NAME(T c, T c62, T c63, T *val, T *sp)                               \
    {                                                                                         \
        T mu = P##_and_si##B(P##_cmpgt_epi8(c, P##_set1_epi8('A' - 1)),                       \
                             P##_cmpgt_epi8(P##_set1_epi8('Z' + 1), c));                      \
        T ml = P##_and_si##B(P##_cmpgt_epi8(c, P##_set1_epi8('a' - 1)),                       \
                             P##_cmpgt_epi8(P##_set1_epi8('z' + 1), c));                      \
        T md = P##_and_si##B(P##_cmpgt_epi8(c, P##_set1_epi8('0' - 1)),                       \
                             P##_cmpgt_epi8(P##_set1_epi8('9' + 1), c));                      \
        T m62 = P##_cmpeq_epi8(c, c62), m63 = P##_cmpeq_epi8(c, c63);                         \
        T off = P##_or_si##B(                                                                 \
            P##_or_si##B(P##_and_si##B(mu, P##_set1_epi8(-65)),                               \
                         P##_and_si##B(ml, P##_set1_epi8(-71))),                              \
            P##_or_si##B(P##_and_si##B(md, P##_set1_epi8(4)),                                 \
                         P##_or_si##B(P##_and_si##B(m62, P##_sub_epi8(P##_set1_epi8(62), c62)), \
                                      P##_and_si##B(m63, P##_sub_epi8(P##_set1_epi8(63), c63))))); \
        *val = P##_add_epi8(c, off);                                                          \
        *sp = P##_or_si##B(P##_or_si##B(P##_cmpeq_epi8(c, P##_set1_epi8(' ')),                \
                                        P##_cmpeq_epi8(c, P##_set1_epi8('='))),               \
                           P##_or_si##B(P##_or_si##B(P##_cmpeq_epi8(c, P##_set1_epi8('\t')),  \
                                                     P##_cmpeq_epi8(c, P##_set1_epi8('\n'))), \
                                        P##_cmpeq_epi8(c, P##_set1_epi8('\r'))));             \
        return P##_or_si##B(P##_or_si##B(mu, ml), P##_or_si##B(md, P##_or_si##B(m62, m63)));  \
    }
B64_CLS(cls128, __m128i, _mm, 128, T128)
B64_CLS(cls256, __m256i, _mm256, 256, T256)

/* 16 values -> 12 bytes in the low 12 of the result */
static inline T128 __m128i pack128(__m128i v)
{
    __m128i t = _mm_maddubs_epi16(v, _mm_set1_epi32(0x01400140));
    t = _mm_madd_epi16(t, _mm_set1_epi32(0x00011000));
    return _mm_shuffle_epi8(t, _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1,
                                             -1));
}

/* the groups before the first special in a block of 16 characters (sp:
 * its special-character bitmask, nonzero), invalid ones of them into
 * *acc; returns the characters consumed; out has room for 12 bytes */
static inline T128 size_t part128(uint8_t *out, __m128i val, __m128i valid, uint32_t sp,
                                  uint32_t *acc)
{
    uint8_t tmp[16];
    uint32_t q = (uint32_t)__builtin_ctz(sp) & ~3u;
    __m128i lanes = _mm_cmpgt_epi8(_mm_set1_epi8((char)q),
                                   _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
                                                 15));
    if (q == 0) /* q <= 12: its 9 bytes fit, the caller has room for 12 */
        return 0;
    *acc |= (uint32_t)_mm_movemask_epi8(_mm_andnot_si128(valid, lanes));
    _mm_storeu_si128((__m128i *)(void *)tmp, pack128(val));
    memcpy(out, tmp, q / 4 * 3);
    rijn_wipe(tmp, sizeof tmp);
    return q;
}

static inline T128 size_t dec16(uint8_t *out, size_t room, const char *in, size_t len,
                                __m128i c62, __m128i c63, uint32_t *acc)
{
    size_t i = 0, o = 0;
    __m128i bad = _mm_setzero_si128();
    for (; len - i >= 16 && room - o >= 12; i += 16, o += 12) {
        __m128i val, sp, valid, p;
        uint32_t m;
        valid = cls128(_mm_loadu_si128((const __m128i *)(const void *)(in + i)), c62, c63, &val,
                       &sp);
        m = RIJN_I_B64_PUBLIC((uint32_t)_mm_movemask_epi8(sp));
        if (m != 0) {
            i += part128(out + o, val, valid, m, acc);
            break;
        }
        bad = _mm_or_si128(bad, _mm_andnot_si128(valid, _mm_set1_epi8(-1)));
        p = pack128(val);
        _mm_storel_epi64((__m128i *)(void *)(out + o), p);
        rijn_store32_le(out + o + 8, (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(p, 8)));
    }
    *acc |= (uint32_t)_mm_movemask_epi8(bad);
    return i;
}

T128 size_t rijn_i_b64_dec_ssse3(uint8_t *out, size_t room, const char *in, size_t len, int c62,
                                 int c63, uint32_t *bad)
{
    return dec16(out, room, in, len, _mm_set1_epi8((char)c62), _mm_set1_epi8((char)c63), bad);
}

T256 size_t rijn_i_b64_dec_avx2(uint8_t *out, size_t room, const char *in, size_t len, int c62,
                                int c63, uint32_t *bad)
{
    const __m256i k62 = _mm256_set1_epi8((char)c62), k63 = _mm256_set1_epi8((char)c63);
    const __m256i pk1 = _mm256_set1_epi32(0x01400140), pk2 = _mm256_set1_epi32(0x00011000);
    const __m256i shuf = _mm256_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1,
                                          2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    const __m256i perm = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7);
    __m256i acc = _mm256_setzero_si256();
    size_t i = 0, o = 0;
    for (; len - i >= 32 && room - o >= 24; i += 32, o += 24) {
        __m256i c = _mm256_loadu_si256((const __m256i *)(const void *)(in + i));
        __m256i val, sp, valid, t;
        uint32_t m;
        valid = cls256(c, k62, k63, &val, &sp);
        m = RIJN_I_B64_PUBLIC((uint32_t)_mm256_movemask_epi8(sp));
        if (m != 0)
            break; /* the 16-character steps below take the groups before it */
        acc = _mm256_or_si256(acc, _mm256_andnot_si256(valid, _mm256_set1_epi8(-1)));
        t = _mm256_madd_epi16(_mm256_maddubs_epi16(val, pk1), pk2);
        t = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(t, shuf), perm);
        _mm_storeu_si128((__m128i *)(void *)(out + o), _mm256_castsi256_si128(t));
        _mm_storel_epi64((__m128i *)(void *)(out + o + 16), _mm256_extracti128_si256(t, 1));
    }
    *bad |= (uint32_t)_mm256_movemask_epi8(acc);
    /* the rest (under 32 characters, or up to a special): 16 at a time */
    return i + dec16(out + o, room - o, in + i, len - i, _mm256_castsi256_si128(k62),
                     _mm256_castsi256_si128(k63), bad);
}

/* ---- encoding ------------------------------------------------------------ */

/* 12 bytes (the low 12 of x) -> 16 6-bit values, one a byte, in order:
 * each group a, b, c shuffled to the bytes b, a, c, b of a dword, then the
 * four fields masked and moved into place by two 16-bit multiplies */
static inline T128 __m128i idx128(__m128i x)
{
    __m128i t0, t1;
    x = _mm_shuffle_epi8(x, _mm_setr_epi8(1, 0, 2, 1, 4, 3, 5, 4, 7, 6, 8, 7, 10, 9, 11, 10));
    t0 = _mm_mulhi_epu16(_mm_and_si128(x, _mm_set1_epi32(0x0fc0fc00)), _mm_set1_epi32(0x04000040));
    t1 = _mm_mullo_epi16(_mm_and_si128(x, _mm_set1_epi32(0x003f03f0)), _mm_set1_epi32(0x01000010));
    return _mm_or_si128(t0, t1);
}

/* values -> characters, as b64_char: +'A', +6 above 25, -75 above 51, and
 * the alphabet's corrections d62 = c62 - 58, d63 = c63 - 59 under masks */
static inline T128 __m128i chr128(__m128i v, __m128i d62, __m128i d63)
{
    __m128i c = _mm_add_epi8(v, _mm_set1_epi8('A'));
    c = _mm_add_epi8(c, _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(25)), _mm_set1_epi8(6)));
    c = _mm_sub_epi8(c, _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(51)), _mm_set1_epi8(75)));
    c = _mm_add_epi8(c, _mm_and_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(62)), d62));
    return _mm_add_epi8(c, _mm_and_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(63)), d63));
}

/* 12 bytes a step while a 16-byte load fits */
static inline T128 size_t enc12(char *out, const uint8_t *in, size_t len, __m128i d62,
                                __m128i d63)
{
    size_t i = 0, o = 0;
    for (; len - i >= 16; i += 12, o += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(in + i));
        _mm_storeu_si128((__m128i *)(void *)(out + o), chr128(idx128(x), d62, d63));
    }
    return i;
}

T128 size_t rijn_i_b64_enc_ssse3(char *out, const uint8_t *in, size_t len, int c62, int c63)
{
    return enc12(out, in, len, _mm_set1_epi8((char)(c62 - 58)), _mm_set1_epi8((char)(c63 - 59)));
}

/* 24 bytes a step (12 a lane, two loads) while the second load fits */
T256 size_t rijn_i_b64_enc_avx2(char *out, const uint8_t *in, size_t len, int c62, int c63)
{
    const __m256i sh = _mm256_setr_epi8(1, 0, 2, 1, 4, 3, 5, 4, 7, 6, 8, 7, 10, 9, 11, 10, 1, 0,
                                        2, 1, 4, 3, 5, 4, 7, 6, 8, 7, 10, 9, 11, 10);
    const __m256i d62 = _mm256_set1_epi8((char)(c62 - 58));
    const __m256i d63 = _mm256_set1_epi8((char)(c63 - 59));
    size_t i = 0, o = 0;
    for (; len - i >= 28; i += 24, o += 32) {
        __m256i x = _mm256_inserti128_si256(
            _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(in + i))),
            _mm_loadu_si128((const __m128i *)(const void *)(in + i + 12)), 1);
        __m256i v, c;
        x = _mm256_shuffle_epi8(x, sh);
        v = _mm256_or_si256(
            _mm256_mulhi_epu16(_mm256_and_si256(x, _mm256_set1_epi32(0x0fc0fc00)),
                               _mm256_set1_epi32(0x04000040)),
            _mm256_mullo_epi16(_mm256_and_si256(x, _mm256_set1_epi32(0x003f03f0)),
                               _mm256_set1_epi32(0x01000010)));
        c = _mm256_add_epi8(v, _mm256_set1_epi8('A'));
        c = _mm256_add_epi8(c, _mm256_and_si256(_mm256_cmpgt_epi8(v, _mm256_set1_epi8(25)),
                                                _mm256_set1_epi8(6)));
        c = _mm256_sub_epi8(c, _mm256_and_si256(_mm256_cmpgt_epi8(v, _mm256_set1_epi8(51)),
                                                _mm256_set1_epi8(75)));
        c = _mm256_add_epi8(c, _mm256_and_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(62)), d62));
        c = _mm256_add_epi8(c, _mm256_and_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(63)), d63));
        _mm256_storeu_si256((__m256i *)(void *)(out + o), c);
    }
    return i + enc12(out + o, in + i, len - i, _mm256_castsi256_si128(d62),
                     _mm256_castsi256_si128(d63));
}

#else
typedef int rijn_i_b64_x86_off; /* ISO C: no empty translation unit */
#endif
