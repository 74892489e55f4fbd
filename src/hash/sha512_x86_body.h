/*
 * sha512_x86_body.h -- body of the AVX2 SHA-512 compression of
 * sha512_x86.c (shifts for the schedule's rotations). Expects SH_TARGET,
 * SH_NAME, SH_S0(x) and SH_S1(x).
 * Not a public header; see sha512_x86.c for the implementation notes.
 */

/* Pair k (mod 8) of the window, words t + 2k and t + 2k + 1, from pairs
 * k (W[-16..-15]), k+1 / k+4 / k+5 (the unaligned W[-15..-14] and
 * W[-7..-6]) and k+7 (W[-2..-1]); stores W + K. */
#define SH_SCHED(k)                                                                     \
    do {                                                                                \
        __m128i w15_ = _mm_alignr_epi8(w[((k) + 1) & 7], w[k], 8);                      \
        __m128i w7_ = _mm_alignr_epi8(w[((k) + 5) & 7], w[((k) + 4) & 7], 8);            \
        __m128i n_ = _mm_add_epi64(_mm_add_epi64(w[k], SH_S0(w15_)),                    \
                                   _mm_add_epi64(w7_, SH_S1(w[((k) + 7) & 7])));        \
        w[k] = n_;                                                                      \
        n_ = _mm_add_epi64(n_, _mm_loadu_si128((const __m128i *)(rijn_i_sha512_k + t + 2 * (k)))); \
        _mm_storeu_si128((__m128i *)(wk + t + 2 * (k)), n_);                            \
    } while (0)

SH_TARGET
void SH_NAME(uint64_t hv[8], const uint8_t *blocks, size_t nblocks)
{
    const __m128i bswap = _mm_set_epi64x(0x08090a0b0c0d0e0fLL, 0x0001020304050607LL);
    uint64_t wk[80], a, b, c, d, e, f, g, h, bc;
    __m128i w[8];
    int i, t;
    while (nblocks-- > 0) {
        RIJN_UNROLL for (i = 0; i < 8; i++) {
            w[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 16 * i)), bswap);
            _mm_storeu_si128((__m128i *)(wk + 2 * i),
                             _mm_add_epi64(w[i], _mm_loadu_si128(
                                                     (const __m128i *)(rijn_i_sha512_k + 2 * i))));
        }
        a = hv[0]; b = hv[1]; c = hv[2]; d = hv[3];
        e = hv[4]; f = hv[5]; g = hv[6]; h = hv[7];
        bc = b ^ c;
        /* the schedule runs sixteen words ahead of the rounds, interleaved
         * with them so that the vector and scalar units work together */
        for (i = 0; i < 64; i += 16) {
            t = i + 16;
            SH_SCHED(0); SH_SCHED(1); SH_SCHED(2); SH_SCHED(3);
            ROUND8(i);
            SH_SCHED(4); SH_SCHED(5); SH_SCHED(6); SH_SCHED(7);
            ROUND8(i + 8);
        }
        ROUND8(64);
        ROUND8(72);
        hv[0] += a; hv[1] += b; hv[2] += c; hv[3] += d;
        hv[4] += e; hv[5] += f; hv[6] += g; hv[7] += h;
        blocks += 128;
    }
    rijn_i_hash_wipe(wk, sizeof wk);
    rijn_i_hash_wipe(w, sizeof w);
}

#undef SH_SCHED
