/*
 * chacha20_x86_body.h -- body of the 8-way ChaCha20 block function, made
 * twice by chacha20_x86.c (AVX2 shuffles/shifts for the rotations, and
 * AVX-512VL VPROLD). Expects CH_TARGET, CH_NAME and CH_ROTL(x, n).
 * Not a public header; see chacha20_x86.c for the implementation notes.
 */

#define CH_QR(a, b, c, d)                                                               \
    a = _mm256_add_epi32(a, b); d = CH_ROTL(_mm256_xor_si256(d, a), 16);                \
    c = _mm256_add_epi32(c, d); b = CH_ROTL(_mm256_xor_si256(b, c), 12);                \
    a = _mm256_add_epi32(a, b); d = CH_ROTL(_mm256_xor_si256(d, a), 8);                 \
    c = _mm256_add_epi32(c, d); b = CH_ROTL(_mm256_xor_si256(b, c), 7)

CH_TARGET
void CH_NAME(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const __m256i rot16 = _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
                                           2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    const __m256i rot8 = _mm256_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14,
                                          3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14);
    __m256i ctr = _mm256_add_epi32(_mm256_set1_epi32((int)st[12]),
                                   _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    (void)rot16;
    (void)rot8;
    for (; nblocks >= 8; nblocks -= 8, in += 512, out += 512) {
        __m256i x0 = _mm256_set1_epi32((int)st[0]), x1 = _mm256_set1_epi32((int)st[1]);
        __m256i x2 = _mm256_set1_epi32((int)st[2]), x3 = _mm256_set1_epi32((int)st[3]);
        __m256i x4 = _mm256_set1_epi32((int)st[4]), x5 = _mm256_set1_epi32((int)st[5]);
        __m256i x6 = _mm256_set1_epi32((int)st[6]), x7 = _mm256_set1_epi32((int)st[7]);
        __m256i x8 = _mm256_set1_epi32((int)st[8]), x9 = _mm256_set1_epi32((int)st[9]);
        __m256i x10 = _mm256_set1_epi32((int)st[10]), x11 = _mm256_set1_epi32((int)st[11]);
        __m256i x12 = ctr, x13 = _mm256_set1_epi32((int)st[13]);
        __m256i x14 = _mm256_set1_epi32((int)st[14]), x15 = _mm256_set1_epi32((int)st[15]);
        __m256i t[16], u[8];
        int i;
        RIJN_UNROLL for (i = 0; i < 10; i++) {
            CH_QR(x0, x4, x8, x12);
            CH_QR(x1, x5, x9, x13);
            CH_QR(x2, x6, x10, x14);
            CH_QR(x3, x7, x11, x15);
            CH_QR(x0, x5, x10, x15);
            CH_QR(x1, x6, x11, x12);
            CH_QR(x2, x7, x8, x13);
            CH_QR(x3, x4, x9, x14);
        }
        t[0] = _mm256_add_epi32(x0, _mm256_set1_epi32((int)st[0]));
        t[1] = _mm256_add_epi32(x1, _mm256_set1_epi32((int)st[1]));
        t[2] = _mm256_add_epi32(x2, _mm256_set1_epi32((int)st[2]));
        t[3] = _mm256_add_epi32(x3, _mm256_set1_epi32((int)st[3]));
        t[4] = _mm256_add_epi32(x4, _mm256_set1_epi32((int)st[4]));
        t[5] = _mm256_add_epi32(x5, _mm256_set1_epi32((int)st[5]));
        t[6] = _mm256_add_epi32(x6, _mm256_set1_epi32((int)st[6]));
        t[7] = _mm256_add_epi32(x7, _mm256_set1_epi32((int)st[7]));
        t[8] = _mm256_add_epi32(x8, _mm256_set1_epi32((int)st[8]));
        t[9] = _mm256_add_epi32(x9, _mm256_set1_epi32((int)st[9]));
        t[10] = _mm256_add_epi32(x10, _mm256_set1_epi32((int)st[10]));
        t[11] = _mm256_add_epi32(x11, _mm256_set1_epi32((int)st[11]));
        t[12] = _mm256_add_epi32(x12, ctr);
        t[13] = _mm256_add_epi32(x13, _mm256_set1_epi32((int)st[13]));
        t[14] = _mm256_add_epi32(x14, _mm256_set1_epi32((int)st[14]));
        t[15] = _mm256_add_epi32(x15, _mm256_set1_epi32((int)st[15]));
        ctr = _mm256_add_epi32(ctr, _mm256_set1_epi32(8));
        /* two 8x8 transposes: words 0..7 and 8..15 of each block */
        RIJN_UNROLL for (i = 0; i < 16; i += 8) {
            __m256i a0 = _mm256_unpacklo_epi32(t[i], t[i + 1]);
            __m256i a1 = _mm256_unpackhi_epi32(t[i], t[i + 1]);
            __m256i a2 = _mm256_unpacklo_epi32(t[i + 2], t[i + 3]);
            __m256i a3 = _mm256_unpackhi_epi32(t[i + 2], t[i + 3]);
            __m256i a4 = _mm256_unpacklo_epi32(t[i + 4], t[i + 5]);
            __m256i a5 = _mm256_unpackhi_epi32(t[i + 4], t[i + 5]);
            __m256i a6 = _mm256_unpacklo_epi32(t[i + 6], t[i + 7]);
            __m256i a7 = _mm256_unpackhi_epi32(t[i + 6], t[i + 7]);
            __m256i b0 = _mm256_unpacklo_epi64(a0, a2); /* blocks 0 | 4 */
            __m256i b1 = _mm256_unpackhi_epi64(a0, a2); /* blocks 1 | 5 */
            __m256i b2 = _mm256_unpacklo_epi64(a1, a3); /* blocks 2 | 6 */
            __m256i b3 = _mm256_unpackhi_epi64(a1, a3); /* blocks 3 | 7 */
            __m256i b4 = _mm256_unpacklo_epi64(a4, a6);
            __m256i b5 = _mm256_unpackhi_epi64(a4, a6);
            __m256i b6 = _mm256_unpacklo_epi64(a5, a7);
            __m256i b7 = _mm256_unpackhi_epi64(a5, a7);
            u[0] = _mm256_permute2x128_si256(b0, b4, 0x20);
            u[1] = _mm256_permute2x128_si256(b1, b5, 0x20);
            u[2] = _mm256_permute2x128_si256(b2, b6, 0x20);
            u[3] = _mm256_permute2x128_si256(b3, b7, 0x20);
            u[4] = _mm256_permute2x128_si256(b0, b4, 0x31);
            u[5] = _mm256_permute2x128_si256(b1, b5, 0x31);
            u[6] = _mm256_permute2x128_si256(b2, b6, 0x31);
            u[7] = _mm256_permute2x128_si256(b3, b7, 0x31);
            {
                int j, off = i * 4; /* 0 or 32 bytes into each block */
                RIJN_UNROLL for (j = 0; j < 8; j++) {
                    __m256i m = _mm256_loadu_si256((const __m256i *)(in + 64 * j + off));
                    _mm256_storeu_si256((__m256i *)(out + 64 * j + off), _mm256_xor_si256(m, u[j]));
                }
            }
        }
    }
}

#undef CH_QR
