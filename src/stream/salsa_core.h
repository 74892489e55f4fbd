/*
 * salsa_core.h -- the Salsa20 double round, shared by Salsa20 (salsa20.c)
 * and scrypt's Salsa20/8 core (src/kdf/scrypt.c).
 *
 * Implementation notes: rijn_i_salsa_rounds applies `doubles` double
 * rounds (10 for Salsa20/20, 6 for /12, 4 for /8) to x in place, in the
 * order of the Salsa20 specification (column round, then row round).
 * 32-bit additions, rotations and XORs only: constant time.
 */
#ifndef RIJN_SALSA_CORE_H
#define RIJN_SALSA_CORE_H

#include "internal.h"

#define RIJN_I_SALSA_ROTL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

RIJN_INLINE void rijn_i_salsa_rounds(uint32_t x[16], unsigned doubles)
{
#define R_ RIJN_I_SALSA_ROTL
    unsigned i;
    for (i = 0; i < doubles; i++) {
        /* column round */
        x[4] ^= R_(x[0] + x[12], 7);   x[8] ^= R_(x[4] + x[0], 9);
        x[12] ^= R_(x[8] + x[4], 13);  x[0] ^= R_(x[12] + x[8], 18);
        x[9] ^= R_(x[5] + x[1], 7);    x[13] ^= R_(x[9] + x[5], 9);
        x[1] ^= R_(x[13] + x[9], 13);  x[5] ^= R_(x[1] + x[13], 18);
        x[14] ^= R_(x[10] + x[6], 7);  x[2] ^= R_(x[14] + x[10], 9);
        x[6] ^= R_(x[2] + x[14], 13);  x[10] ^= R_(x[6] + x[2], 18);
        x[3] ^= R_(x[15] + x[11], 7);  x[7] ^= R_(x[3] + x[15], 9);
        x[11] ^= R_(x[7] + x[3], 13);  x[15] ^= R_(x[11] + x[7], 18);
        /* row round */
        x[1] ^= R_(x[0] + x[3], 7);    x[2] ^= R_(x[1] + x[0], 9);
        x[3] ^= R_(x[2] + x[1], 13);   x[0] ^= R_(x[3] + x[2], 18);
        x[6] ^= R_(x[5] + x[4], 7);    x[7] ^= R_(x[6] + x[5], 9);
        x[4] ^= R_(x[7] + x[6], 13);   x[5] ^= R_(x[4] + x[7], 18);
        x[11] ^= R_(x[10] + x[9], 7);  x[8] ^= R_(x[11] + x[10], 9);
        x[9] ^= R_(x[8] + x[11], 13);  x[10] ^= R_(x[9] + x[8], 18);
        x[12] ^= R_(x[15] + x[14], 7); x[13] ^= R_(x[12] + x[15], 9);
        x[14] ^= R_(x[13] + x[12], 13); x[15] ^= R_(x[14] + x[13], 18);
    }
#undef R_
}

#endif
