/*
 * acvp_aes.h -- internals shared by acvp_aes.c (AFT, groups) and
 * acvp_aes_mct.c (Monte Carlo tests): bit-string helpers and the MCT entry.
 */
#ifndef RIJN_CLI_ACVP_AES_H
#define RIJN_CLI_ACVP_AES_H

#include "acvp.h"
#include "modeops.h"

/* Bit strings are most significant bit first. */
static inline void mask_bits(uint8_t *p, size_t nbits)
{
    if (nbits % 8 != 0)
        p[nbits / 8] &= (uint8_t)(0xff00u >> (nbits % 8));
}

static inline int get_bit(const uint8_t *p, size_t i)
{
    return (p[i / 8] >> (7 - i % 8)) & 1;
}

static inline void put_bit(uint8_t *p, size_t i, int b)
{
    uint8_t m = (uint8_t)(0x80u >> (i % 8));
    p[i / 8] = (uint8_t)(b ? (p[i / 8] | m) : (p[i / 8] & ~m));
}

/* Copy nbits bits from src (starting at bit s) to dst (starting at bit d). */
static inline void copy_bits(uint8_t *dst, size_t d, const uint8_t *src, size_t s, size_t nbits)
{
    size_t i;
    for (i = 0; i < nbits; i++)
        put_bit(dst, d + i, get_bit(src, s + i));
}

static inline int acvp_lib_fail(acvp_err *e, const char *what, int r)
{
    return acvp_fail(e, ACVP_FAILED, "%s: %s", what, rijn_strerror(r));
}

/* Run one Monte Carlo test (AESAVS loops) and add its "resultsArray". */
int acvp_aes_mct(cli_mode mode, int enc, const cJSON *t, cJSON *rt, acvp_err *e);

#endif /* RIJN_CLI_ACVP_AES_H */
