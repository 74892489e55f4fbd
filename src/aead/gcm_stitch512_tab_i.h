/*
 * gcm_stitch512_tab_i.h -- the per-call table of the stitched VAES-512
 * GCM loop (gcm_stitch_vaes512.c, its only includer): round keys
 * broadcast to four lanes, the counter differences of a public counter, an
 * aligned copy of the GHASH powers, and where the loop finds the powers.
 *
 * Implementation notes
 *   The includer defines INL (always inline, its VAES-512 target), LD (an
 *   unaligned 512-bit load), NRMAX (16) and PW_COPY_MIN, and includes the
 *   intrinsics header first. The includer's run() wipes the secret parts
 *   (round keys, the copy of the powers).
 *   Constant time: the tables depend on the key and on the public counter's
 *   low byte (12-byte nonces) only; no branch or address on the key.
 */
/* The per-call table: round keys broadcast to four lanes (wiped), and
 * this loop's powers in the key context (hp: register q lane j holds
 * H^(4 nr - 4q - j) x^-1; kp: register q / 2 the Karatsuba words of
 * registers q and q + 1 in its low and high qwords). */
typedef struct tab {
    __m512i rk[15]; /* for the assembly (nr = 16) only; RK below for the rest */
    __m512i pw[24]; /* long texts: hp's 16 rows and kp's 8, 64-byte aligned (wiped) */
    __m512i dt[2][NRMAX]; /* public counters, long texts: ctr_diffs */
    const uint8_t *ek; const uint64_t *hp, *kp;
    int pub; /* the counter is public (12-byte nonce): BE adds allowed; 2: and dt made */
} tab;

#define HP(q) LD(tb->hp + 8 * (q))
#define RK(r) _mm512_broadcast_i32x4(_mm_loadu_si128((const void *)(tb->ek + 16 * (r))))
#define KP(q) LD(tb->kp + 8 * ((q) / 2))

INL void powers(tab *tb, const uint64_t *hpow, unsigned nr)
{
    tb->hp = hpow + 8 * (NRMAX - nr);
    tb->kp = hpow + 8 * NRMAX + 4 * (NRMAX - nr);
}

/* The assembly's counter differences for a public counter whose low byte
 * is c at the first iteration: row p, register r, lane j holds (L + j +
 * 4 r) XOR (L + j) in its last byte, L = c mod 64 + 64 p (public: not
 * wiped). An iteration whose low byte L' does not carry (L' <= 192) reads
 * row (L' >> 6) & 1: L' + j + 4 r carries out of bit 5 where L + j + 4 r
 * does, and into bit 7 too where L' has bit 6 set (checked for every L' by
 * tests/gcm/test_gcm_stitch.c: counters from every low byte). */
INL void ctr_diffs(tab *tb, unsigned c)
{
    const __m512i j = _mm512_set_epi32(3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0);
    unsigned p, r;
    for (p = 0; p < 2; p++) {
        __m512i l = _mm512_add_epi32(
            j, _mm512_broadcast_i32x4(_mm_set_epi32((int)((c & 63u) + 64u * p), 0, 0, 0)));
        for (r = 0; r < NRMAX; r++) {
            __m512i lr = _mm512_add_epi32(
                l, _mm512_broadcast_i32x4(_mm_set_epi32((int)(4 * r), 0, 0, 0)));
            tb->dt[p][r] = _mm512_slli_epi32(_mm512_xor_si512(lr, l), 24);
        }
    }
}

/* The assembly's round keys (nr = 16); the last nr registers of hpow. */
INL void setup(tab *tb, const uint8_t *ek, unsigned rounds, const uint64_t *hpow, unsigned nr)
{
    unsigned q;
    tb->ek = ek;
    for (q = 0; nr == NRMAX && q <= rounds; q++)
        tb->rk[q] = RK(q);
    powers(tb, hpow, nr);
}

/* Long texts with the context's table off a cache line (it is 8-byte
 * aligned in the context: malloc, Python objects): the assembly's 48
 * products per iteration read a 64-byte aligned copy instead of split
 * lines. Returns whether it copied (then run() wipes the copy). */
INL int align_powers(tab *tb, const uint64_t *hpow, size_t nblocks)
{
    unsigned q;
    if (nblocks < PW_COPY_MIN || ((uintptr_t)hpow & 63u) == 0)
        return 0;
    for (q = 0; q < 24; q++)
        tb->pw[q] = LD(hpow + 8 * q);
    tb->hp = (const uint64_t *)(const void *)tb->pw;
    tb->kp = tb->hp + 8 * NRMAX;
    return 1;
}
