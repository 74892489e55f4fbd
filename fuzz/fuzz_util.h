/*
 * fuzz_util.h -- helpers shared by the harnesses in fuzz/ (see README.md).
 *
 * Implementation notes
 *   fz_in        the fuzzer's input consumed front to back: fz_byte,
 *                fz_u16, fz_take (a pointer into the input; fewer bytes
 *                than asked when the input runs out), fz_fill (copy with
 *                zero padding), fz_rest (everything left).
 *   FZ_ASSERT    a finding: prints the harness, line and message to
 *                stderr and aborts (libFuzzer and driver.c then keep the
 *                input as crash-*).
 *   fz_all_zero  1 if a buffer is all zero (failed opens must wipe).
 * Header only (static functions), so each harness is one .c file.
 */
#ifndef RIJN_FUZZ_UTIL_H
#define RIJN_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FZ_ASSERT(cond, ...)                                                 \
    do {                                                                     \
        if (!(cond)) {                                                       \
            fprintf(stderr, "FUZZ FINDING %s:%d: ", __FILE__, __LINE__);     \
            fprintf(stderr, __VA_ARGS__);                                    \
            fprintf(stderr, "\n");                                           \
            abort();                                                         \
        }                                                                    \
    } while (0)

typedef struct fz_in {
    const uint8_t *p;
    size_t n;
} fz_in;

static inline unsigned fz_byte(fz_in *in)
{
    unsigned v = 0;
    if (in->n > 0) {
        v = in->p[0];
        in->p++;
        in->n--;
    }
    return v;
}

static inline unsigned fz_u16(fz_in *in)
{
    unsigned hi = fz_byte(in);
    return (hi << 8) | fz_byte(in);
}

/* Up to want bytes; *got receives how many. */
static inline const uint8_t *fz_take(fz_in *in, size_t want, size_t *got)
{
    const uint8_t *p = in->p;
    size_t k = want < in->n ? want : in->n;
    in->p += k;
    in->n -= k;
    *got = k;
    return p;
}

/* Exactly n bytes into out (zero-padded when the input runs out). */
static inline void fz_fill(fz_in *in, uint8_t *out, size_t n)
{
    size_t got;
    const uint8_t *p = fz_take(in, n, &got);
    if (got > 0)
        memcpy(out, p, got);
    memset(out + got, 0, n - got);
}

static inline const uint8_t *fz_rest(fz_in *in, size_t *got)
{
    return fz_take(in, in->n, got);
}

static inline int fz_all_zero(const uint8_t *p, size_t n)
{
    uint8_t acc = 0;
    size_t i;
    for (i = 0; i < n; i++)
        acc |= p[i];
    return acc == 0;
}

#endif
