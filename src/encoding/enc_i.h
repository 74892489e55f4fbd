/*
 * enc_i.h -- branch-free character-class helpers shared by the hex
 * and Base64 codecs (not installed).
 *
 * Implementation notes: every helper works on a byte value held in an
 * int32_t and returns an all-ones / all-zeros uint32_t mask, computed from
 * the sign bits of two subtractions, so no branch or table index depends
 * on the character. The codecs combine the masks to get the value and the
 * validity of each character.
 */
#ifndef RIJN_ENC_I_H
#define RIJN_ENC_I_H

#include "internal.h"

/* All ones if lo <= c <= hi (0 <= c, lo, hi <= 255), else 0. */
RIJN_INLINE uint32_t rijn_enc_in_range(int32_t c, int32_t lo, int32_t hi)
{
    int32_t t = (lo - 1 - c) & (c - hi - 1);
    return (uint32_t)0 - ((uint32_t)t >> 31);
}

/* All ones if c == v, else 0. */
RIJN_INLINE uint32_t rijn_enc_eq(int32_t c, int32_t v)
{
    return rijn_enc_in_range(c, v, v);
}

/* All ones if c is ASCII space, tab, CR or LF. */
RIJN_INLINE uint32_t rijn_enc_is_space(int32_t c)
{
    return rijn_enc_eq(c, ' ') | rijn_enc_eq(c, '\t') | rijn_enc_eq(c, '\r') |
           rijn_enc_eq(c, '\n');
}

/* All ones if x > y for 0 <= x, y < 2^31. */
RIJN_INLINE uint32_t rijn_enc_gt(uint32_t x, uint32_t y)
{
    return (uint32_t)0 - ((y - x) >> 31);
}

#endif /* RIJN_ENC_I_H */
