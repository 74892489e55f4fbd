/*
 * aes_x86ni_vaes256.c -- "x86ni" paths with VAES on 256-bit registers
 * (AVX2 + VAES, no AVX-512): two blocks per register, eight registers
 * (16 blocks) per pass.
 *
 * Implementation notes
 *   Same structure as aes_x86ni_vaes512.c at half the width: round keys
 *   broadcast to both lanes from the schedule each round; counters built
 *   by one 32-bit add on the broadcast big-endian block when the last byte
 *   cannot carry within the pass, else by one add on the broadcast (hi:lo)
 *   integer (32-bit elements for ctr_bits 32, 64-bit elements for 128)
 *   and a per-lane PSHUFB; a
 *   128-bit pass whose low 64 bits would carry goes to the 128-bit code.
 *   CTR XORs its input into the last round key (AESENCLAST(x, Kr ^ P)):
 *   one XOR less on each block's dependency chain, a 16-block AES-256
 *   call 47 -> 43 TSC ticks, 1 KiB 154 -> 152 (same process, median).
 *   CBC decryption: chaining blocks of register r are the ciphertext at
 *   in + 32r - 16; register 0 gets the IV in its low lane with VINSERTI128.
 *   All loads of a pass precede its stores (out == in works).
 *   Constant time: VAES instructions only; branches on lengths and the
 *   public counter.
 *   Vectors: tests/aes/test_aes_fused.c with RIJN_CPU_MASK hiding AVX-512, so
 *   this file runs on AVX-512 machines too.
 */
#include "aes_x86ni.h"

#if RIJN_CFG_AES_X86NI

#define T256 "aes,sse2,ssse3,avx,avx2,vaes"
#define V256_TARGET __attribute__((target(T256)))
#define V256_INLINE static inline __attribute__((always_inline, target(T256)))

V256_INLINE __m256i bk(const uint8_t *rk)
{
    return _mm256_broadcastsi128_si256(x86ni_ld(rk));
}
V256_INLINE __m256i ld(const uint8_t *p)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)p);
}
V256_INLINE void st(uint8_t *p, __m256i v)
{
    _mm256_storeu_si256((__m256i *)(void *)p, v);
}

/* With xin (not NULL), the 256 bytes at xin are XORed into the output
 * through the last round key (off the dependency chain: CTR, CFB). */
V256_INLINE void encn(__m256i *x, const uint8_t *ek, unsigned rounds, const uint8_t *xin)
{
    __m256i k = bk(ek);
    unsigned i;
    RIJN_UNROLL for (i = 0; i < 8; i++)
        x[i] = _mm256_xor_si256(x[i], k);
#define ROUND(r)                                                             \
    k = bk(ek + 16 * (r));                                                    \
    RIJN_UNROLL for (i = 0; i < 8; i++)                                      \
        x[i] = _mm256_aesenc_epi128(x[i], k);
    RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
    k = bk(ek + 16 * rounds);
    RIJN_UNROLL for (i = 0; i < 8; i++)
        x[i] = _mm256_aesenclast_epi128(x[i], xin ? _mm256_xor_si256(k, ld(xin + 32 * i)) : k);
}

V256_INLINE void decn(__m256i *x, const uint8_t *dk, unsigned rounds)
{
    __m256i k = bk(dk);
    unsigned i;
    RIJN_UNROLL for (i = 0; i < 8; i++)
        x[i] = _mm256_xor_si256(x[i], k);
#define ROUND(r)                                                             \
    k = bk(dk + 16 * (r));                                                    \
    RIJN_UNROLL for (i = 0; i < 8; i++)                                      \
        x[i] = _mm256_aesdec_epi128(x[i], k);
    RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
    k = bk(dk + 16 * rounds);
    RIJN_UNROLL for (i = 0; i < 8; i++)
        x[i] = _mm256_aesdeclast_epi128(x[i], k);
}

V256_INLINE size_t ecb(const uint8_t *rk, unsigned rounds, uint8_t *out, const uint8_t *in,
                       size_t nblocks, int dec)
{
    size_t done;
    __m256i x[8];
    unsigned i;
    for (done = 0; nblocks - done >= 16; done += 16, in += 256, out += 256) {
        RIJN_UNROLL for (i = 0; i < 8; i++)
            x[i] = ld(in + 32 * i);
        if (dec)
            decn(x, rk, rounds);
        else
            encn(x, rk, rounds, NULL);
        RIJN_UNROLL for (i = 0; i < 8; i++)
            st(out + 32 * i, x[i]);
    }
    return done;
}

V256_TARGET size_t rijn_i_x86ni_vaes256_encrypt(const uint64_t *ks, unsigned rounds,
                                                uint8_t *out, const uint8_t *in, size_t nblocks)
{
    return ecb(rijn_i_x86ni_ek(ks), rounds, out, in, nblocks, 0);
}

V256_TARGET size_t rijn_i_x86ni_vaes256_decrypt(const uint64_t *ks, unsigned rounds,
                                                uint8_t *out, const uint8_t *in, size_t nblocks)
{
    return ecb(rijn_i_x86ni_dk(ks, rounds), rounds, out, in, nblocks, 1);
}

/* One 16-block CTR pass from (hi:lo), which must not carry out of lo
 * within the pass when ctr_bits is 128. */
V256_INLINE void ctr_pass(const uint8_t *ek, unsigned rounds, unsigned ctr_bits, uint64_t hi,
                          uint64_t lo, uint8_t *out, const uint8_t *in)
{
    const __m256i bswap = _mm256_broadcastsi128_si256(
        _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    __m256i x[8], base = _mm256_broadcastsi128_si256(_mm_set_epi64x((long long)hi, (long long)lo));
    unsigned i;
    if ((lo & 0xFF) <= 256 - 16) { /* no carry out of the last byte */
        base = _mm256_shuffle_epi8(base, bswap);
        RIJN_UNROLL for (i = 0; i < 8; i++) {
            int j = (int)(2 * i);
            x[i] = _mm256_add_epi32(base, _mm256_set_epi32((j + 1) << 24, 0, 0, 0, j << 24, 0, 0, 0));
        }
    } else {
        RIJN_UNROLL for (i = 0; i < 8; i++) {
            int j = (int)(2 * i);
            if (ctr_bits == 32)
                x[i] = _mm256_add_epi32(base, _mm256_set_epi32(0, 0, 0, j + 1, 0, 0, 0, j));
            else
                x[i] = _mm256_add_epi64(base, _mm256_set_epi64x(0, j + 1, 0, j));
            x[i] = _mm256_shuffle_epi8(x[i], bswap);
        }
    }
    encn(x, ek, rounds, in);
    RIJN_UNROLL for (i = 0; i < 8; i++)
        st(out + 32 * i, x[i]);
}

V256_TARGET size_t rijn_i_x86ni_vaes256_ctr(const uint64_t *ks, unsigned rounds,
                                            unsigned ctr_bits, uint8_t ctr[16], uint8_t *out,
                                            const uint8_t *in, size_t nblocks)
{
    const uint8_t *ek = rijn_i_x86ni_ek(ks);
    uint64_t hi, lo;
    size_t done;
    x86ni_ctr_get(ctr, &hi, &lo);
    for (done = 0; nblocks - done >= 16; done += 16, in += 256, out += 256) {
        if (ctr_bits == 128 && lo > UINT64_MAX - 15) {
            x86ni_ctr_put(ctr, hi, lo);
            rijn_i_x86ni_ctr_sse(ks, rounds, 128, ctr, out, in, 16);
            x86ni_ctr_get(ctr, &hi, &lo);
        } else {
            ctr_pass(ek, rounds, ctr_bits, hi, lo, out, in);
            if (ctr_bits == 32) {
                lo = (lo & 0xFFFFFFFF00000000u) | (uint32_t)((uint32_t)lo + 16u);
            } else {
                lo += 16;
                hi += (lo < 16);
            }
        }
    }
    x86ni_ctr_put(ctr, hi, lo);
    return done;
}

V256_TARGET size_t rijn_i_x86ni_vaes256_cbc_dec(const uint64_t *ks, unsigned rounds,
                                                uint8_t iv[16], uint8_t *out,
                                                const uint8_t *in, size_t nblocks)
{
    const uint8_t *dk = rijn_i_x86ni_dk(ks, rounds);
    __m128i prev = x86ni_ld(iv), last;
    __m256i x[8], c[8];
    size_t done;
    unsigned i;
    for (done = 0; nblocks - done >= 16; done += 16, in += 256, out += 256) {
        RIJN_UNROLL for (i = 0; i < 8; i++)
            x[i] = ld(in + 32 * i);
        c[0] = _mm256_inserti128_si256(_mm256_castsi128_si256(prev), x86ni_ld(in), 1);
        decn(x, dk, rounds);
        RIJN_UNROLL for (i = 1; i < 8; i++)
            c[i] = ld(in + 32 * i - 16);
        last = x86ni_ld(in + 240);
        RIJN_UNROLL for (i = 0; i < 8; i++)
            st(out + 32 * i, _mm256_xor_si256(x[i], c[i]));
        prev = last;
    }
    x86ni_st(iv, prev);
    return done;
}

/* CFB128 decryption: the cipher inputs are the ciphertext shifted by one
 * block (prev first), as CBC's chaining blocks; loads precede stores. */
V256_TARGET size_t rijn_i_x86ni_vaes256_cfb_dec(const uint64_t *ks, unsigned rounds,
                                                uint8_t iv[16], uint8_t *out,
                                                const uint8_t *in, size_t nblocks)
{
    const uint8_t *ek = rijn_i_x86ni_ek(ks);
    __m128i prev = x86ni_ld(iv), last;
    __m256i x[8], c[8];
    size_t done;
    unsigned i;
    for (done = 0; nblocks - done >= 16; done += 16, in += 256, out += 256) {
        RIJN_UNROLL for (i = 0; i < 8; i++)
            c[i] = ld(in + 32 * i);
        x[0] = _mm256_inserti128_si256(_mm256_castsi128_si256(prev), x86ni_ld(in), 1);
        RIJN_UNROLL for (i = 1; i < 8; i++)
            x[i] = ld(in + 32 * i - 16);
        last = x86ni_ld(in + 240);
        encn(x, ek, rounds, NULL);
        RIJN_UNROLL for (i = 0; i < 8; i++)
            st(out + 32 * i, _mm256_xor_si256(x[i], c[i]));
        prev = last;
    }
    x86ni_st(iv, prev);
    return done;
}

#endif /* RIJN_CFG_AES_X86NI */
