/*
 * tu_poly1305_p32.h -- the radix-2^32 Poly1305 of src/mac/poly1305.c (the
 * code of every MCU and non-x86 host) compiled into a test on any host:
 * the source with RIJN_CFG_POLY1305_X86=0 and NEON=0, its entry points
 * renamed p32_init, p32_update, p32_final, p32_wipe, p32_mac and
 * p32_verify; rijn_poly1305 stays the library's own (x86-64: 26-bit limbs
 * and AVX2). Include it first, before any rijn/ header, so that
 * rijn/poly1305.h declares the renamed functions. Test code only
 * (tests/mac/test_poly1305_radix32.c, tests/aead/test_chachapoly_ctgrind.c).
 */
#ifndef RIJN_TU_POLY1305_P32_H
#define RIJN_TU_POLY1305_P32_H

#define RIJN_CFG_POLY1305_X86 0
#define RIJN_CFG_POLY1305_NEON 0 /* one entry, the radix-2^32 code */
#define rijn_poly1305_init p32_init
#define rijn_poly1305_update p32_update
#define rijn_poly1305_final p32_final
#define rijn_poly1305_wipe p32_wipe
#define rijn_poly1305 p32_mac
#define rijn_poly1305_verify p32_verify
#include "mac/poly1305.c"
#undef rijn_poly1305_init
#undef rijn_poly1305_update
#undef rijn_poly1305_final
#undef rijn_poly1305_wipe
#undef rijn_poly1305
#undef rijn_poly1305_verify

/* the library's own Poly1305 (rijn/poly1305.h declared the p32 names) */
int rijn_poly1305(uint8_t tag[16], const uint8_t key[32], const uint8_t *msg, size_t len);

#endif
