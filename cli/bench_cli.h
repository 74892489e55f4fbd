/*
 * bench_cli.h -- the timing side of `rijn bench` (bench_timer.c): one
 * operation or one key setup, calibrated to a time slice and repeated,
 * the median reported. cmd_bench.c holds the operations, the table and
 * the JSON document.
 */
#ifndef RIJN_CLI_BENCH_H
#define RIJN_CLI_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "rijn.h"

/* 1 when cycles come from the x86 time-stamp counter, 0 when ns stand in. */
#if defined(__x86_64__) || defined(__i386__)
#define BENCH_TSC 1
#else
#define BENCH_TSC 0
#endif

typedef int (*bench_fn)(const rijn_aes_ctx *aes, const uint8_t *iv, uint8_t *out,
                        const uint8_t *in, size_t n);

typedef struct {
    uint64_t slice_ns;
    int reps;
} bench_cfg;

typedef struct {
    double mbps, cpb; /* cpb = cycles/byte, or ns/byte without a TSC */
} bench_cell;

/* Time one operation on n bytes: 0, or -1 if the library refused it. */
int bench_measure(const bench_cfg *cfg, bench_fn fn, const rijn_aes_ctx *aes, const uint8_t *iv,
                  uint8_t *out, const uint8_t *in, size_t n, bench_cell *c);

/* Key setup: ns and cycles per rijn_aes_init. */
void bench_measure_setup(const bench_cfg *cfg, const uint8_t *key, size_t klen, double *ns,
                         double *cy);

#endif
