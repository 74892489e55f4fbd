/*
 * bench_timer.c -- the measurements of `rijn bench` (cmd_bench.c).
 *
 * Implementation notes: each cell is calibrated to a time slice (doubling
 * the count until a run takes a quarter slice, then scaling to the slice)
 * and repeated cfg->reps times (at most 16); the median of the repetitions
 * is reported. Time comes from CLOCK_MONOTONIC; cycles from the x86
 * time-stamp counter (rdtsc: constant-rate reference cycles, not core
 * cycles under turbo), or, on other CPUs, ns stand in (BENCH_TSC = 0).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <time.h>

#include "bench_cli.h"
#include "rijn.h"

#if BENCH_TSC
static uint64_t ticks(void)
{
    uint32_t lo, hi;
    __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
    return ((uint64_t)hi << 32) | lo;
}
#endif

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t cycles_now(void)
{
#if BENCH_TSC
    return ticks();
#else
    return now_ns();
#endif
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return (n % 2) ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int bench_measure(const bench_cfg *cfg, bench_fn fn, const rijn_aes_ctx *aes, const uint8_t *iv,
                  uint8_t *out, const uint8_t *in, size_t n, bench_cell *c)
{
    double ns_pb[16], cy_pb[16];
    uint64_t iters = 1, t0, t1, c0, c1, k;
    int r;
    /* calibrate: double the count until a run takes a quarter slice */
    for (;;) {
        t0 = now_ns();
        for (k = 0; k < iters; k++)
            if (fn(aes, iv, out, in, n) != RIJN_OK)
                return -1;
        t1 = now_ns();
        if (t1 - t0 >= cfg->slice_ns / 4 || iters >= ((uint64_t)1 << 40))
            break;
        iters *= 2;
    }
    iters = (uint64_t)((double)iters * (double)cfg->slice_ns / (double)(t1 - t0 + 1)) + 1;
    for (r = 0; r < cfg->reps; r++) {
        t0 = now_ns();
        c0 = cycles_now();
        for (k = 0; k < iters; k++)
            if (fn(aes, iv, out, in, n) != RIJN_OK)
                return -1;
        c1 = cycles_now();
        t1 = now_ns();
        ns_pb[r] = (double)(t1 - t0) / ((double)iters * (double)n);
        cy_pb[r] = (double)(c1 - c0) / ((double)iters * (double)n);
    }
    c->mbps = 1000.0 / median(ns_pb, cfg->reps); /* bytes/ns * 1000 = MB/s */
    c->cpb = median(cy_pb, cfg->reps);
    return 0;
}

void bench_measure_setup(const bench_cfg *cfg, const uint8_t *key, size_t klen, double *ns,
                         double *cy)
{
    double v[16], w[16];
    uint64_t iters = 1, t0, t1, c0, c1, k;
    rijn_aes_ctx aes;
    int r;
    for (;;) {
        t0 = now_ns();
        for (k = 0; k < iters; k++)
            if (rijn_aes_init(&aes, key, klen) != RIJN_OK)
                break;
        t1 = now_ns();
        if (t1 - t0 >= cfg->slice_ns / 4 || iters >= ((uint64_t)1 << 40))
            break;
        iters *= 2;
    }
    for (r = 0; r < cfg->reps; r++) {
        t0 = now_ns();
        c0 = cycles_now();
        for (k = 0; k < iters; k++)
            if (rijn_aes_init(&aes, key, klen) != RIJN_OK)
                break;
        c1 = cycles_now();
        t1 = now_ns();
        v[r] = (double)(t1 - t0) / (double)iters;
        w[r] = (double)(c1 - c0) / (double)iters;
    }
    rijn_aes_wipe(&aes);
    *ns = median(v, cfg->reps);
    *cy = median(w, cfg->reps);
}
