/*
 * sha512_x86_body.h -- body of the x86-64 SHA-512 compressions whose
 * message schedule runs on 128-bit vector registers beside integer rounds
 * (sha512_avx512.c, sha512_x86.c), included once per entry. Expects
 * SH_NEAR (the one-block-at-a-time form's name), SH_TARGET, SH_ROT
 * (SR_RORX or SR_MOVROR of sha2_x86_round_i.h), SH_S0(x) / SH_S1(x)
 * (sigma0 / sigma1 of two words), SH_WIPE(p, nwords) and, for the run form
 * and an entry point, SH_FAR / SH_NAME; undefines the names and SH_TARGET,
 * SH_ROT. Not a public header; see sha512_avx512.c for the notes.
 */

#ifndef RIJN_I_SHA512_FAR_MIN
/* Blocks. Alone, the run form wins from ~6 blocks on; but a 1 KiB message
 * (8 blocks, then the final block in the short form) measured 3% faster
 * with both calls in the short form (one ~3 KB loop instead of two code
 * paths to fetch), so runs start at 16 blocks (AVX-512 entry, Zen 5). */
#define RIJN_I_SHA512_FAR_MIN 16
#endif

#define SH_KP(t) ((const __m128i *)(rijn_i_sha512_k + (t)))
/* Words 2k, 2k+1 of block p into the window w[] and W + K into dst. */
#define SH_LOAD(dst, p, k)                                                             \
    do {                                                                               \
        w[k] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)((p) + 16 * (k))), bswap); \
        _mm_storeu_si128((__m128i *)((dst) + 2 * (k)), _mm_add_epi64(w[k], _mm_loadu_si128(SH_KP(2 * (k))))); \
    } while (0)
/* Words t + 2k, t + 2k + 1 (t a multiple of 16) from the window. */
#define SH_STEP(dst, t, k)                                                               \
    do {                                                                                 \
        __m128i w15_ = _mm_alignr_epi8(w[((k) + 1) & 7], w[k], 8);                       \
        __m128i w7_ = _mm_alignr_epi8(w[((k) + 5) & 7], w[((k) + 4) & 7], 8);             \
        __m128i n_ = _mm_add_epi64(_mm_add_epi64(w[k], w7_), SH_S0(w15_));               \
        n_ = _mm_add_epi64(n_, SH_S1(w[((k) + 7) & 7]));                                 \
        w[k] = n_;                                                                       \
        _mm_storeu_si128((__m128i *)((dst) + (t) + 2 * (k)),                             \
                         _mm_add_epi64(n_, _mm_loadu_si128(SH_KP((t) + 2 * (k)))));      \
    } while (0)
#define SH_STEP4(dst, t, k)         \
    do {                            \
        SH_STEP(dst, t, (k) + 0);   \
        SH_STEP(dst, t, (k) + 1);   \
        SH_STEP(dst, t, (k) + 2);   \
        SH_STEP(dst, t, (k) + 3);   \
    } while (0)
#define SH_LOAD4(dst, p, k)         \
    do {                            \
        SH_LOAD(dst, p, (k) + 0);   \
        SH_LOAD(dst, p, (k) + 1);   \
        SH_LOAD(dst, p, (k) + 2);   \
        SH_LOAD(dst, p, (k) + 3);   \
    } while (0)
#define SH_ROUND8(i) SR_ROUND8(SR_ROUND512, SH_ROT, SR_WK_LINEAR, i)

/* Blocks one at a time, the schedule sixteen words ahead of the rounds. */
SH_TARGET
static void SH_NEAR(uint64_t hv[8], const uint8_t *blocks, size_t nblocks)
{
    const __m128i bswap = _mm_set_epi64x(0x08090a0b0c0d0e0fLL, 0x0001020304050607LL);
    uint64_t wk[80], a, b, c, d, e, f, g, h, t0, t1, t2, t3;
    __m128i w[8];
    size_t i;
    a = hv[0]; b = hv[1]; c = hv[2]; d = hv[3];
    e = hv[4]; f = hv[5]; g = hv[6]; h = hv[7];
    while (nblocks-- > 0) {
        SH_LOAD4(wk, blocks, 0);
        SH_LOAD4(wk, blocks, 4);
        for (i = 0; i < 64; i += 16) {
            SH_STEP4(wk, i + 16, 0);
            SH_ROUND8(i);
            SH_STEP4(wk, i + 16, 4);
            SH_ROUND8(i + 8);
        }
        SH_ROUND8(64);
        SH_ROUND8(72);
        hv[0] = a += hv[0]; hv[1] = b += hv[1]; hv[2] = c += hv[2]; hv[3] = d += hv[3];
        hv[4] = e += hv[4]; hv[5] = f += hv[5]; hv[6] = g += hv[6]; hv[7] = h += hv[7];
        blocks += 128;
    }
    SH_WIPE(wk, 80);
    rijn_i_hash_wipe(w, sizeof w);
}

#ifdef SH_NAME
/* Runs of blocks: block i's rounds beside block i+1's whole schedule. */
SH_TARGET
static void SH_FAR(uint64_t hv[8], const uint8_t *blocks, size_t nblocks)
{
    const __m128i bswap = _mm_set_epi64x(0x08090a0b0c0d0e0fLL, 0x0001020304050607LL);
    uint64_t buf[160], *wk, *nx, a, b, c, d, e, f, g, h, t0, t1, t2, t3;
    const uint8_t *next;
    __m128i w[8];
    size_t i;
    nx = buf;
    SH_LOAD4(nx, blocks, 0);
    SH_LOAD4(nx, blocks, 4);
    for (i = 16; i < 80; i += 16) {
        SH_STEP4(nx, i, 0);
        SH_STEP4(nx, i, 4);
    }
    a = hv[0]; b = hv[1]; c = hv[2]; d = hv[3];
    e = hv[4]; f = hv[5]; g = hv[6]; h = hv[7];
    while (nblocks-- > 0) {
        wk = nx;
        nx = (nx == buf) ? buf + 80 : buf;
        next = nblocks > 0 ? blocks + 128 : blocks; /* last: its own again */
        SH_LOAD4(nx, next, 0);
        SH_ROUND8(0);
        SH_LOAD4(nx, next, 4);
        SH_ROUND8(8);
        SH_STEP4(nx, 16, 0);
        SH_ROUND8(16);
        SH_STEP4(nx, 16, 4);
        SH_ROUND8(24);
        SH_STEP4(nx, 32, 0);
        SH_ROUND8(32);
        SH_STEP4(nx, 32, 4);
        SH_ROUND8(40);
        SH_STEP4(nx, 48, 0);
        SH_ROUND8(48);
        SH_STEP4(nx, 48, 4);
        SH_ROUND8(56);
        SH_STEP4(nx, 64, 0);
        SH_ROUND8(64);
        SH_STEP4(nx, 64, 4);
        SH_ROUND8(72);
        hv[0] = a += hv[0]; hv[1] = b += hv[1]; hv[2] = c += hv[2]; hv[3] = d += hv[3];
        hv[4] = e += hv[4]; hv[5] = f += hv[5]; hv[6] = g += hv[6]; hv[7] = h += hv[7];
        blocks = next;
    }
    SH_WIPE(buf, 160);
    rijn_i_hash_wipe(w, sizeof w);
}

void SH_NAME(uint64_t hv[8], const uint8_t *blocks, size_t nblocks)
{
    if (nblocks >= RIJN_I_SHA512_FAR_MIN)
        SH_FAR(hv, blocks, nblocks);
    else if (nblocks > 0)
        SH_NEAR(hv, blocks, nblocks);
}
#endif

#undef SH_KP
#undef SH_LOAD
#undef SH_STEP
#undef SH_STEP4
#undef SH_LOAD4
#undef SH_ROUND8
#undef SH_NAME
#undef SH_NEAR
#undef SH_FAR
#undef SH_TARGET
#undef SH_ROT
