/*
 * test_ascon_p32.c -- every Ascon test of test_ascon.c (all KATs, random
 * splits, errors) with the modes built on the bit-interleaved 32-bit
 * permutation, whatever the host's default: the mode sources are compiled
 * here with RIJN_CFG_ASCON_32=1 (their symbols take the place of the
 * library's copies, which the linker then leaves out of this program).
 */
#define RIJN_CFG_ASCON_32 1
#include "ascon/ascon_aead.c"
#include "ascon/ascon_hash.c"

#include "test_ascon.c"
