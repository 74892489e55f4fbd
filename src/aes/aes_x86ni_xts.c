/*
 * aes_x86ni_xts.c -- XTS-AES (IEEE 1619) for the "x86ni" class: the whole
 * message -- tweak encryption, whole blocks, ciphertext stealing -- with
 * the tweaks in 128-bit registers. xts.c calls it after its checks when
 * both contexts use the x86ni class.
 *
 * Implementation notes
 *   Layout: T0 = E_Key2(tweak) stays in a register; block j uses
 *   T(j) = T0 * alpha^j, each from the previous one by mul_alpha (the
 *   little-endian 128-bit value doubled: two 64-bit adds, the bit leaving
 *   the low half carried into the high half, the bit leaving the top
 *   folded back as 0x87; carries selected by an arithmetic-shift mask and
 *   a shuffle, no branch). Blocks go through passes of 8, 4, then 3/2/1
 *   independent blocks (one pass for the 1-4 blocks of a short message);
 *   with VAES + AVX-512 and at least 32 whole blocks, aes_x86ni_xts512.c does
 *   its 32-block passes first, then with VAES + AVX2 aes_x86ni_xts256.c its
 *   16-block passes. All loads of a pass precede its stores, so out == in
 *   works.
 *   The 8-block passes (one body per key size) take T*alpha^4 and the next
 *   pass's T*alpha^8 from T by a k-bit shift with the 0x87 fold
 *   (xts_x86ni_mulk), the others by doublings from T and T*alpha^4: two
 *   chains of three in a pass and none from pass to pass (a chain of eight
 *   doublings per pass set the pace before). The tweak joins round key 0 on
 *   the way in and the last round key on the way out (aesenclast ends with
 *   an XOR of its key). On Zen 5 the vector ALU ops beside the AES ones set
 *   the time (they share the pipes), so the tweak work is kept few ops a
 *   block. bench/host/bench.c --group xts, AES-128 1 MiB, same-run ratio to
 *   the fastest same-masked peer (OpenSSL), RIJN_CPU_MASK=0xF: 1.53x before,
 *   1.25x after; 0x3F: 1.53x -> 1.21x.
 *   Stealing (len = 16m + r, 0 < r < 16): block m-1 with T(m-1) (T(m)
 *   for decryption) gives CC; its first r bytes are the last output, the
 *   r input bytes (read before any output byte is written) and CC[r..16)
 *   make the block processed with the other tweak into block m-1's place.
 *   The two 16-byte stack buffers this needs are wiped.
 *   Constant time: AES instructions, shifts, XOR; branches on the public
 *   length and direction only.
 *   Vectors: tests/modes/test_xts.c (CAVP XTSGenAES128/256, every data unit
 *   length, and an OpenSSL differential), tests/core/test_perf_paths.c (0..70
 *   blocks and every stealing tail, in place and unaligned, with VAES /
 *   AVX-512 masked and not, against OpenSSL), every AES class forced.
 */
#include "aes_x86ni.h"

#if RIJN_CFG_AES_X86NI

/* t * alpha in GF(2^128), IEEE 1619 byte order. */
RIJN_X86NI_INLINE __m128i xts_x86ni_mulx(__m128i t)
{
    /* lane 0 <- sign of lane 3 (top bit), lane 2 <- sign of lane 1 */
    __m128i m = _mm_shuffle_epi32(_mm_srai_epi32(t, 31), 0x13);
    m = _mm_and_si128(m, _mm_set_epi32(0, 1, 0, 0x87));
    return _mm_xor_si128(_mm_add_epi64(t, t), m);
}

/* t * alpha^k (1 <= k <= 8), each product independent of the others: the
 * 128-bit value shifted left by k (64-bit shifts, the bits crossing the
 * quadwords moved by a byte shift), the k bits out of the top folded back
 * times x^7 + x^2 + x + 1. */
RIJN_X86NI_INLINE __m128i xts_x86ni_mulk(__m128i t, int k)
{
    const __m128i s = _mm_slli_epi64(t, k), o = _mm_srli_epi64(t, 64 - k);
    const __m128i top = _mm_srli_si128(o, 8);
    const __m128i red = _mm_xor_si128(_mm_xor_si128(top, _mm_slli_epi64(top, 1)),
                                      _mm_xor_si128(_mm_slli_epi64(top, 2), _mm_slli_epi64(top, 7)));
    return _mm_xor_si128(_mm_xor_si128(s, _mm_slli_si128(o, 8)), red);
}

/* The 8-block passes of n blocks (rounds a constant after inlining);
 * returns the tweak after them. Tweaks T*alpha^1..7 and the next pass's
 * T*alpha^8 from T in parallel (no chain of doublings between passes);
 * the tweak joins round key 0 on the way in and the last round key on the
 * way out. */
RIJN_X86NI_INLINE __m128i xts_x86ni_run8_r(const uint8_t *rk, unsigned rounds, int dec,
                                           __m128i t, uint8_t *out, const uint8_t *in,
                                           size_t n)
{
    const __m128i k0 = x86ni_ld(rk), kl = x86ni_ld(rk + 16 * rounds);
    unsigned i;
    for (; n >= 8; n -= 8, in += 128, out += 128) {
        __m128i x[8], tw[8], k;
        tw[0] = t;
        tw[4] = xts_x86ni_mulk(t, 4);
        t = xts_x86ni_mulk(t, 8);
        RIJN_UNROLL for (i = 1; i < 8; i++)
            if (i != 4)
                tw[i] = xts_x86ni_mulx(tw[i - 1]);
        RIJN_UNROLL for (i = 0; i < 8; i++) {
            x[i] = _mm_xor_si128(x86ni_ld(in + 16 * i), _mm_xor_si128(tw[i], k0));
            tw[i] = _mm_xor_si128(tw[i], kl);
        }
#define ROUND(r)                                                             \
    k = x86ni_ld(rk + 16 * (r));                                              \
    RIJN_UNROLL for (i = 0; i < 8; i++)                                      \
        x[i] = dec ? _mm_aesdec_si128(x[i], k) : _mm_aesenc_si128(x[i], k);
        RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
        RIJN_UNROLL for (i = 0; i < 8; i++)
            x86ni_st(out + 16 * i,
                     dec ? _mm_aesdeclast_si128(x[i], tw[i]) : _mm_aesenclast_si128(x[i], tw[i]));
    }
    return t;
}

/* One pass over m blocks (a constant after inlining, <= 8) with tweaks
 * t, t*alpha, ...; returns the tweak of the next block. */
RIJN_X86NI_INLINE __m128i xts_x86ni_pass(const uint8_t *rk, unsigned rounds, int dec, __m128i t,
                                         uint8_t *out, const uint8_t *in, unsigned m)
{
    __m128i x[8], tw[8];
    unsigned i;
    tw[0] = t;
    RIJN_UNROLL for (i = 1; i < m; i++)
        tw[i] = xts_x86ni_mulx(tw[i - 1]);
    RIJN_UNROLL for (i = 0; i < m; i++)
        x[i] = _mm_xor_si128(x86ni_ld(in + 16 * i), tw[i]);
    if (dec)
        x86ni_decn(x, m, rk, rounds);
    else
        x86ni_encn(x, m, rk, rounds);
    RIJN_UNROLL for (i = 0; i < m; i++)
        x86ni_st(out + 16 * i, _mm_xor_si128(x[i], tw[i]));
    return xts_x86ni_mulx(tw[m - 1]);
}

/* n < 8 whole blocks from tweak t; returns the tweak after them. */
RIJN_X86NI_INLINE __m128i xts_x86ni_blocks(const uint8_t *rk, unsigned rounds, int dec,
                                           __m128i t, uint8_t *out, const uint8_t *in,
                                           size_t n)
{
    if (n >= 4) {
        t = xts_x86ni_pass(rk, rounds, dec, t, out, in, 4);
        n -= 4;
        in += 64;
        out += 64;
    }
    switch (n) {
    case 1: t = xts_x86ni_pass(rk, rounds, dec, t, out, in, 1); break;
    case 2: t = xts_x86ni_pass(rk, rounds, dec, t, out, in, 2); break;
    case 3: t = xts_x86ni_pass(rk, rounds, dec, t, out, in, 3); break;
    default: break;
    }
    return t;
}

/* The last full block (at in/out) and the r-byte partial one after it. */
RIJN_X86NI_INLINE void xts_x86ni_steal(const uint8_t *rk, unsigned rounds, int dec, __m128i t,
                                       uint8_t *out, const uint8_t *in, size_t r)
{
    uint8_t buf[16], last[16];
    __m128i t2 = xts_x86ni_mulx(t), a = dec ? t2 : t, b = dec ? t : t2, x;
    memcpy(last, in + 16, r);
    x = _mm_xor_si128(x86ni_ld(in), a);
    if (dec)
        x86ni_decn(&x, 1, rk, rounds);
    else
        x86ni_encn(&x, 1, rk, rounds);
    x86ni_st(buf, _mm_xor_si128(x, a));
    memcpy(out + 16, buf, r);
    memcpy(buf, last, r);
    x = _mm_xor_si128(x86ni_ld(buf), b);
    if (dec)
        x86ni_decn(&x, 1, rk, rounds);
    else
        x86ni_encn(&x, 1, rk, rounds);
    x86ni_st(out, _mm_xor_si128(x, b));
    rijn_wipe(buf, sizeof buf);
    rijn_wipe(last, sizeof last);
}

RIJN_X86NI_TARGET int rijn_i_x86ni_xts(const rijn_aes_ctx key[2], int dec,
                                       const uint8_t tweak[16], uint8_t *out, const uint8_t *in,
                                       size_t len)
{
    const rijn_aes_ctx *data = &key[0], *tk = &key[1];
    unsigned rounds = data->rounds;
    const uint8_t *rk = dec ? rijn_i_x86ni_dk(data->ks, rounds) : rijn_i_x86ni_ek(data->ks);
    size_t r = len % 16, n = len / 16 - (r != 0), k;
    __m128i t = x86ni_ld(tweak);
    x86ni_encn(&t, 1, rijn_i_x86ni_ek(tk->ks), tk->rounds);
    if (n >= 32) {
        uint8_t tb[16];
        x86ni_st(tb, t);
        k = rijn_i_xts_vaes512(data, dec, tb, out, in, n);
        t = x86ni_ld(tb);
        rijn_wipe(tb, sizeof tb);
        n -= k;
        in += 16 * k;
        out += 16 * k;
    }
    if (n >= 16) {
        uint8_t tb[16];
        x86ni_st(tb, t);
        k = rijn_i_xts_vaes256(data, dec, tb, out, in, n);
        t = x86ni_ld(tb);
        rijn_wipe(tb, sizeof tb);
        n -= k;
        in += 16 * k;
        out += 16 * k;
    }
    if (n >= 8) {
        k = n & ~(size_t)7;
#define CALL(r)                                                              \
    t = dec ? xts_x86ni_run8_r(rk, r, 1, t, out, in, k) : xts_x86ni_run8_r(rk, r, 0, t, out, in, k)
        RIJN_X86NI_BY_ROUNDS(rounds, CALL);
#undef CALL
        n -= k;
        in += 16 * k;
        out += 16 * k;
    }
    if (dec)
        t = xts_x86ni_blocks(rk, rounds, 1, t, out, in, n);
    else
        t = xts_x86ni_blocks(rk, rounds, 0, t, out, in, n);
    if (r != 0)
        xts_x86ni_steal(rk, rounds, dec, t, out + 16 * n, in + 16 * n, r);
    return RIJN_OK;
}

#endif /* RIJN_CFG_AES_X86NI */
