/*
 * test_ascon_small.c -- the compact Ascon permutation (ascon_p32s.c,
 * RIJN_CFG_ASCON_SMALL=1) against the 64-bit one on random states and on
 * all-zero / all-one states, for every round count 1..12, and against
 * the interleaved ascon_p32.c (p64 is itself proven by every KAT in
 * test_ascon.c). The full KAT set runs through the compact code in a
 * build with RIJN_CONFIG_DEFS="RIJN_CFG_ASCON_SMALL=1".
 */
#include <string.h>

#include "ascon/ascon_i.h"
#include "testutil.h"

int main(void)
{
    int i, n = tu_quick() ? 200 : 3000;
    unsigned r;
    tu_rand_seed(0xa5c0u);
    for (i = 0; i < n; i++) {
        uint64_t a[5], b[5];
        int k;
        for (k = 0; k < 5; k++)
            a[k] = i == 0 ? 0 : i == 1 ? ~(uint64_t)0 : tu_rand64();
        r = 1 + (unsigned)(i % 12);
        memcpy(b, a, sizeof a);
        rijn_i_ascon_p64(a, r);
        rijn_i_ascon_p32s(b, r);
        TU_CHECK(memcmp(a, b, sizeof a) == 0, "p32s vs p64, %u rounds, case %d", r, i);
    }
    {   /* p32s and p32 agree too (both interleaved) */
        uint64_t a[5], b[5];
        int k;
        for (k = 0; k < 5; k++)
            a[k] = tu_rand64();
        memcpy(b, a, sizeof a);
        rijn_i_ascon_p32(a, 12);
        rijn_i_ascon_p32s(b, 12);
        TU_CHECK(memcmp(a, b, sizeof a) == 0, "p32s vs p32");
    }
    return tu_finish();
}
