/*
 * sha256_x86v_body.h -- body of the vector-schedule SHA-256 compressions
 * of sha256_x86v.c, included once per entry. Expects SV_NAME, SV_TARGET,
 * SV_LINKAGE (static or nothing) and SV_ROT (SR_RORX or SR_MOVROR). Not a public header; see
 * sha256_x86v.c for the implementation notes.
 */

SV_TARGET SV_LINKAGE void SV_NAME(uint32_t hv[8], const uint8_t *blocks, size_t nblocks)
{
    const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    const __m128i lo2 = _mm_set_epi64x(-1, 0x0b0a090803020100LL);
    const __m128i hi2 = _mm_set_epi64x(0x0b0a090803020100LL, -1);
    uint32_t wk[64], a, b, c, d, e, f, g, h, t0, t1, t2, t3;
    __m128i w[4];
    size_t i;
    a = hv[0]; b = hv[1]; c = hv[2]; d = hv[3];
    e = hv[4]; f = hv[5]; g = hv[6]; h = hv[7];
    while (nblocks-- > 0) {
        SV_LOAD(0); SV_LOAD(1); SV_LOAD(2); SV_LOAD(3);
        /* the schedule runs sixteen words ahead of the rounds */
        for (i = 0; i < 48; i += 16) {
            SV_SCHED(0, i + 16);
            SV_SCHED(1, i + 20);
            SR_ROUND8(SR_ROUND256, SV_ROT, SR_WK_LINEAR, i);
            SV_SCHED(2, i + 24);
            SV_SCHED(3, i + 28);
            SR_ROUND8(SR_ROUND256, SV_ROT, SR_WK_LINEAR, i + 8);
        }
        SR_ROUND8(SR_ROUND256, SV_ROT, SR_WK_LINEAR, 48);
        SR_ROUND8(SR_ROUND256, SV_ROT, SR_WK_LINEAR, 56);
        hv[0] = a += hv[0]; hv[1] = b += hv[1]; hv[2] = c += hv[2]; hv[3] = d += hv[3];
        hv[4] = e += hv[4]; hv[5] = f += hv[5]; hv[6] = g += hv[6]; hv[7] = h += hv[7];
        blocks += 64;
    }
    rijn_i_hash_wipe(wk, sizeof wk);
    rijn_i_hash_wipe(w, sizeof w);
}

#undef SV_NAME
#undef SV_TARGET
#undef SV_ROT
#undef SV_LINKAGE
