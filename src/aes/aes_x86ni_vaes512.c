/*
 * aes_x86ni_vaes512.c -- "x86ni" paths with VAES on 512-bit registers
 * (AVX-512 F/BW/VL + VAES): four blocks per register, eight registers
 * (32 blocks) per pass, then one 16-block pass.
 *
 * Implementation notes
 *   Layout: each 128-bit lane of a register holds one block; round keys
 *   are broadcast to the four lanes from the schedule each round (never
 *   copied to the stack). Counters: lane j of register r holds counter
 *   base + 4r + j; when the last byte cannot carry within the pass, one
 *   32-bit add on the broadcast big-endian block per register; otherwise
 *   one add on the broadcast (hi:lo) integer and a per-lane PSHUFB:
 *   ctr_bits 32 adds in 32-bit elements (wraps mod 2^32), 128 in 64-bit
 *   elements; a 128-bit pass whose low 64 bits would carry is handed to
 *   the 128-bit code (rare; branch on the public counter).
 *   CBC decryption: the chaining blocks of register r are the ciphertext
 *   at in + 64r - 16 (an unaligned load); register 0 takes the IV into its
 *   first lane with VALIGNQ. CFB128 decryption the same with the roles
 *   swapped (those blocks encrypted, XORed onto the ciphertext). All loads
 *   of a pass precede its stores, so out == in works.
 *   Constant time: VAES instructions only; branches on lengths and the
 *   public counter.
 *   Vectors: tests/aes/test_aes_fused.c runs ECB/CTR/CBC with the full CPU
 *   features (this file), with AVX-512 masked (VAES-256) and with VAES
 *   masked (128-bit), against OpenSSL.
 */
#include "aes_x86ni.h"

#if RIJN_CFG_AES_X86NI

#define T512 "aes,sse2,ssse3,avx,avx2,vaes,avx512f,avx512bw,avx512vl"
#define V512_TARGET __attribute__((target(T512)))
#define V512_INLINE static inline __attribute__((always_inline, target(T512)))

V512_INLINE __m512i bk(const uint8_t *rk)
{
    return _mm512_broadcast_i32x4(x86ni_ld(rk));
}
V512_INLINE __m512i ld(const uint8_t *p)
{
    return _mm512_loadu_si512((const void *)p);
}
V512_INLINE void st(uint8_t *p, __m512i v)
{
    _mm512_storeu_si512((void *)p, v);
}

V512_INLINE void encn(__m512i *x, unsigned n, const uint8_t *ek, unsigned rounds)
{
    __m512i k = bk(ek);
    unsigned i;
    RIJN_UNROLL for (i = 0; i < n; i++)
        x[i] = _mm512_xor_si512(x[i], k);
#define ROUND(r)                                                             \
    k = bk(ek + 16 * (r));                                                    \
    RIJN_UNROLL for (i = 0; i < n; i++)                                      \
        x[i] = _mm512_aesenc_epi128(x[i], k);
    RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
    k = bk(ek + 16 * rounds);
    RIJN_UNROLL for (i = 0; i < n; i++)
        x[i] = _mm512_aesenclast_epi128(x[i], k);
}

V512_INLINE void decn(__m512i *x, unsigned n, const uint8_t *dk, unsigned rounds)
{
    __m512i k = bk(dk);
    unsigned i;
    RIJN_UNROLL for (i = 0; i < n; i++)
        x[i] = _mm512_xor_si512(x[i], k);
#define ROUND(r)                                                             \
    k = bk(dk + 16 * (r));                                                    \
    RIJN_UNROLL for (i = 0; i < n; i++)                                      \
        x[i] = _mm512_aesdec_epi128(x[i], k);
    RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
    k = bk(dk + 16 * rounds);
    RIJN_UNROLL for (i = 0; i < n; i++)
        x[i] = _mm512_aesdeclast_epi128(x[i], k);
}

/* ECB pass over m registers (4m blocks). */
V512_INLINE void ecb_pass(const uint8_t *rk, unsigned rounds, uint8_t *out, const uint8_t *in,
                          unsigned m, int dec)
{
    __m512i x[8];
    unsigned i;
    RIJN_UNROLL for (i = 0; i < m; i++)
        x[i] = ld(in + 64 * i);
    if (dec)
        decn(x, m, rk, rounds);
    else
        encn(x, m, rk, rounds);
    RIJN_UNROLL for (i = 0; i < m; i++)
        st(out + 64 * i, x[i]);
}

V512_INLINE size_t ecb(const uint8_t *rk, unsigned rounds, uint8_t *out, const uint8_t *in,
                       size_t nblocks, int dec)
{
    size_t done = 0;
    for (; nblocks - done >= 32; done += 32)
        ecb_pass(rk, rounds, out + 16 * done, in + 16 * done, 8, dec);
    if (nblocks - done >= 16) {
        ecb_pass(rk, rounds, out + 16 * done, in + 16 * done, 4, dec);
        done += 16;
    }
    return done;
}

V512_TARGET size_t rijn_i_x86ni_vaes512_encrypt(const uint64_t *ks, unsigned rounds,
                                                uint8_t *out, const uint8_t *in, size_t nblocks)
{
    return ecb(rijn_i_x86ni_ek(ks), rounds, out, in, nblocks, 0);
}

V512_TARGET size_t rijn_i_x86ni_vaes512_decrypt(const uint64_t *ks, unsigned rounds,
                                                uint8_t *out, const uint8_t *in, size_t nblocks)
{
    return ecb(rijn_i_x86ni_dk(ks, rounds), rounds, out, in, nblocks, 1);
}

/* CTR pass over m registers (4m blocks) from the counter (hi:lo), which
 * must not carry out of lo within the pass when ctr_bits is 128. */
V512_INLINE void ctr_pass(const uint8_t *ek, unsigned rounds, unsigned ctr_bits, uint64_t hi,
                          uint64_t lo, uint8_t *out, const uint8_t *in, unsigned m)
{
    const __m512i bswap = _mm512_broadcast_i32x4(
        _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    __m512i x[8], base = _mm512_broadcast_i32x4(_mm_set_epi64x((long long)hi, (long long)lo));
    unsigned i;
    if ((lo & 0xFF) <= 256 - 4 * m) { /* no carry out of the last byte */
        base = _mm512_shuffle_epi8(base, bswap);
        RIJN_UNROLL for (i = 0; i < m; i++) {
            int j = (int)(4 * i);
            x[i] = _mm512_add_epi32(base, _mm512_set_epi32((j + 3) << 24, 0, 0, 0, (j + 2) << 24,
                                                           0, 0, 0, (j + 1) << 24, 0, 0, 0,
                                                           j << 24, 0, 0, 0));
        }
    } else {
        RIJN_UNROLL for (i = 0; i < m; i++) {
            int j = (int)(4 * i);
            if (ctr_bits == 32)
                x[i] = _mm512_add_epi32(base, _mm512_set_epi32(0, 0, 0, j + 3, 0, 0, 0, j + 2,
                                                               0, 0, 0, j + 1, 0, 0, 0, j));
            else
                x[i] = _mm512_add_epi64(base,
                                        _mm512_set_epi64(0, j + 3, 0, j + 2, 0, j + 1, 0, j));
            x[i] = _mm512_shuffle_epi8(x[i], bswap);
        }
    }
    encn(x, m, ek, rounds);
    RIJN_UNROLL for (i = 0; i < m; i++)
        x[i] = _mm512_xor_si512(x[i], ld(in + 64 * i));
    RIJN_UNROLL for (i = 0; i < m; i++)
        st(out + 64 * i, x[i]);
}

V512_TARGET size_t rijn_i_x86ni_vaes512_ctr(const uint64_t *ks, unsigned rounds,
                                            unsigned ctr_bits, uint8_t ctr[16], uint8_t *out,
                                            const uint8_t *in, size_t nblocks)
{
    const uint8_t *ek = rijn_i_x86ni_ek(ks);
    uint64_t hi, lo;
    size_t done = 0;
    x86ni_ctr_get(ctr, &hi, &lo);
    while (nblocks - done >= 16) {
        unsigned m = nblocks - done >= 32 ? 8u : 4u, nb = 4 * m;
        if (ctr_bits == 128 && lo > UINT64_MAX - (nb - 1)) {
            x86ni_ctr_put(ctr, hi, lo);
            rijn_i_x86ni_ctr_sse(ks, rounds, 128, ctr, out + 16 * done, in + 16 * done, nb);
            x86ni_ctr_get(ctr, &hi, &lo);
        } else {
            if (m == 8)
                ctr_pass(ek, rounds, ctr_bits, hi, lo, out + 16 * done, in + 16 * done, 8);
            else
                ctr_pass(ek, rounds, ctr_bits, hi, lo, out + 16 * done, in + 16 * done, 4);
            if (ctr_bits == 32)
                lo = (lo & 0xFFFFFFFF00000000u) | (uint32_t)((uint32_t)lo + nb);
            else {
                lo += nb;
                hi += (lo < nb);
            }
        }
        done += nb;
    }
    x86ni_ctr_put(ctr, hi, lo);
    return done;
}

/* CBC decryption pass over m registers; *prev is the chaining block. */
V512_INLINE void cbc_pass(const uint8_t *dk, unsigned rounds, __m128i *prev, uint8_t *out,
                          const uint8_t *in, unsigned m)
{
    __m512i x[8], c[8];
    __m128i last;
    unsigned i;
    RIJN_UNROLL for (i = 0; i < m; i++)
        x[i] = ld(in + 64 * i);
    /* (x[0] : prev in every lane) >> 6 qwords = prev, c0, c1, c2 */
    c[0] = _mm512_alignr_epi64(x[0], _mm512_broadcast_i32x4(*prev), 6);
    decn(x, m, dk, rounds);
    RIJN_UNROLL for (i = 1; i < m; i++)
        c[i] = ld(in + 64 * i - 16);
    last = x86ni_ld(in + 64 * m - 16);
    RIJN_UNROLL for (i = 0; i < m; i++)
        st(out + 64 * i, _mm512_xor_si512(x[i], c[i]));
    *prev = last;
}

V512_TARGET size_t rijn_i_x86ni_vaes512_cbc_dec(const uint64_t *ks, unsigned rounds,
                                                uint8_t iv[16], uint8_t *out,
                                                const uint8_t *in, size_t nblocks)
{
    const uint8_t *dk = rijn_i_x86ni_dk(ks, rounds);
    __m128i prev = x86ni_ld(iv);
    size_t done = 0;
    for (; nblocks - done >= 32; done += 32)
        cbc_pass(dk, rounds, &prev, out + 16 * done, in + 16 * done, 8);
    if (nblocks - done >= 16) {
        cbc_pass(dk, rounds, &prev, out + 16 * done, in + 16 * done, 4);
        done += 16;
    }
    x86ni_st(iv, prev);
    return done;
}

/* CFB128 decryption, m registers: the cipher inputs of register r are the
 * ciphertext at in + 64r - 16 (register 0 takes prev into its first lane
 * with VALIGNQ, as CBC); P = C ^ E(input). All loads precede the stores. */
V512_INLINE void cfb_pass(const uint8_t *ek, unsigned rounds, __m128i *prev, uint8_t *out,
                          const uint8_t *in, unsigned m)
{
    __m512i x[8], c[8];
    __m128i last;
    unsigned i;
    RIJN_UNROLL for (i = 0; i < m; i++)
        c[i] = ld(in + 64 * i);
    x[0] = _mm512_alignr_epi64(c[0], _mm512_broadcast_i32x4(*prev), 6);
    RIJN_UNROLL for (i = 1; i < m; i++)
        x[i] = ld(in + 64 * i - 16);
    last = x86ni_ld(in + 64 * m - 16);
    encn(x, m, ek, rounds);
    RIJN_UNROLL for (i = 0; i < m; i++)
        st(out + 64 * i, _mm512_xor_si512(x[i], c[i]));
    *prev = last;
}

V512_TARGET size_t rijn_i_x86ni_vaes512_cfb_dec(const uint64_t *ks, unsigned rounds,
                                                uint8_t iv[16], uint8_t *out,
                                                const uint8_t *in, size_t nblocks)
{
    const uint8_t *ek = rijn_i_x86ni_ek(ks);
    __m128i prev = x86ni_ld(iv);
    size_t done = 0;
    for (; nblocks - done >= 32; done += 32)
        cfb_pass(ek, rounds, &prev, out + 16 * done, in + 16 * done, 8);
    if (nblocks - done >= 16) {
        cfb_pass(ek, rounds, &prev, out + 16 * done, in + 16 * done, 4);
        done += 16;
    }
    x86ni_st(iv, prev);
    return done;
}

#endif /* RIJN_CFG_AES_X86NI */
