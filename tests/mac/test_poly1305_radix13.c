/*
 * test_poly1305_radix13.c -- the radix-2^13 Poly1305 of
 * src/mac/poly1305_r13_i.h (the Cortex-M0/M0+ code) on every host: the
 * vectors and OpenSSL differential of test_poly1305_radix32.c (RFC 7539,
 * edge keys, 0xff messages, h around p), on this path.
 * Prints "N passed, N failed".
 */
#define RIJN_I_POLY1305_R13 1
#define RADIX "radix 2^13"
#include "test_poly1305_radix32.c"
