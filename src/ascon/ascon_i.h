/*
 * ascon_i.h -- internal interface of the Ascon permutation (not
 * installed).
 *
 * Implementation notes
 *   The state is five 64-bit words S0..S4 in uint64_t, in the byte order
 *   of NIST SP 800-232 (little-endian: byte i of the rate is bits
 *   8i..8i+7 of S[i/8]). Two permutations compute Ascon-p[rounds]:
 *     ascon_p64.c  on 64-bit words (64-bit targets);
 *     ascon_p32.c  bit-interleaved on 32-bit halves (32-bit and smaller
 *                  targets: no 64-bit rotation is ever needed);
 *     ascon_p32s.c on 32-bit halves without interleaving, written for
 *                  the least code (RIJN_CFG_ASCON_SMALL=1).
 *   Both are always compiled so the tests can compare them; the modes call
 *   rijn_i_ascon_permute, bound at compile time by RIJN_CFG_ASCON_32
 *   (see rijn/ascon.h).
 */
#ifndef RIJN_ASCON_I_H
#define RIJN_ASCON_I_H

#include "rijn/ascon.h"


/* Ascon-p[rounds] (rounds 1..12: the last `rounds` of the 12 rounds). */
void rijn_i_ascon_p64(uint64_t s[5], unsigned rounds);
void rijn_i_ascon_p32(uint64_t s[5], unsigned rounds);

/* RIJN_CFG_ASCON_SMALL=1: the least code (ascon_p32s.c and the byte
 * loops of the modes), for flash-bound 32-bit MCUs. Default 0. */
#if defined(RIJN_CFG_ASCON_SMALL) && RIJN_CFG_ASCON_SMALL
#define RIJN_I_ASCON_SMALL 1
#else
#define RIJN_I_ASCON_SMALL 0
#endif
void rijn_i_ascon_p32s(uint64_t s[5], unsigned rounds);

#if RIJN_I_ASCON_SMALL
#define rijn_i_ascon_permute rijn_i_ascon_p32s
#elif RIJN_CFG_ASCON_32
#define rijn_i_ascon_permute rijn_i_ascon_p32
#else
#define rijn_i_ascon_permute rijn_i_ascon_p64
#endif

/* Byte i (0..7) of a word, and a word with byte b at position i. */
#define RIJN_I_ASCON_BYTE(w, i) ((uint8_t)((w) >> (8 * (i))))
#define RIJN_I_ASCON_AT(b, i) ((uint64_t)(b) << (8 * (i)))

#endif
