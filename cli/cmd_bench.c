/*
 * cmd_bench.c -- `rijn bench`: the library's own speed table. For each
 * AES implementation this CPU can run, each mode (ECB, CBC encrypt and
 * decrypt, CTR, CFB128, OFB), AES-128 and AES-256, and message sizes
 * 16 B, 64 B, 1 KiB, 16 KiB (and 1 MiB without --quick): MB/s and cycles
 * per byte, plus the cost of a key setup.
 *
 * Implementation notes: each cell is calibrated to a time slice (0.6 ms
 * with --quick, 10 ms otherwise) and repeated (5 or 7 times); the median
 * of the repetitions is reported. Time comes from CLOCK_MONOTONIC;
 * cycles from the x86 time-stamp counter (rdtsc: constant-rate reference
 * cycles, not core cycles under turbo), or, on other CPUs, are not
 * measured and ns/byte is reported instead -- the output says which.
 * Absolute numbers on a shared machine drift; compare rows of one run.
 * Tests only check that it runs and that --json parses.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "util.h"

#if defined(__x86_64__) || defined(__i386__)
#define BENCH_TSC 1
static uint64_t ticks(void)
{
    uint32_t lo, hi;
    __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
    return ((uint64_t)hi << 32) | lo;
}
#else
#define BENCH_TSC 0
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

/* ---- the operations ---------------------------------------------------- */
typedef int (*bench_fn)(const rijn_aes_ctx *aes, const uint8_t *iv, uint8_t *out,
                        const uint8_t *in, size_t n);

static int op_ecb(const rijn_aes_ctx *a, const uint8_t *iv, uint8_t *o, const uint8_t *i, size_t n)
{
    (void)iv;
    return rijn_ecb_encrypt(a, o, i, n);
}
static int op_cbc_enc(const rijn_aes_ctx *a, const uint8_t *iv, uint8_t *o, const uint8_t *i,
                      size_t n)
{
    return rijn_cbc_encrypt(a, iv, o, i, n);
}
static int op_cbc_dec(const rijn_aes_ctx *a, const uint8_t *iv, uint8_t *o, const uint8_t *i,
                      size_t n)
{
    return rijn_cbc_decrypt(a, iv, o, i, n);
}
static int op_ctr(const rijn_aes_ctx *a, const uint8_t *iv, uint8_t *o, const uint8_t *i, size_t n)
{
    return rijn_ctr_crypt(a, iv, o, i, n);
}
static int op_cfb(const rijn_aes_ctx *a, const uint8_t *iv, uint8_t *o, const uint8_t *i, size_t n)
{
    return rijn_cfb128_encrypt(a, iv, o, i, n);
}
static int op_ofb(const rijn_aes_ctx *a, const uint8_t *iv, uint8_t *o, const uint8_t *i, size_t n)
{
    return rijn_ofb_crypt(a, iv, o, i, n);
}

static const struct {
    const char *name;
    bench_fn fn;
} ops[] = {{"ecb", op_ecb},       {"cbc-enc", op_cbc_enc}, {"cbc-dec", op_cbc_dec},
           {"ctr", op_ctr},       {"cfb128", op_cfb},      {"ofb", op_ofb}};
#define NOPS (sizeof ops / sizeof ops[0])

static const size_t sizes[] = {16, 64, 1024, 16384, 1048576};
#define NSIZES (sizeof sizes / sizeof sizes[0])

typedef struct {
    uint64_t slice_ns;
    int reps;
} bench_cfg;

typedef struct {
    double mbps, cpb; /* cpb = cycles/byte, or ns/byte without a TSC */
} cell;

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

/* Time one operation on n bytes: 0, or -1 if the library refused it. */
static int measure(const bench_cfg *cfg, bench_fn fn, const rijn_aes_ctx *aes, const uint8_t *iv,
                   uint8_t *out, const uint8_t *in, size_t n, cell *c)
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

/* Key setup: ns and cycles per rijn_aes_init. */
static void measure_setup(const bench_cfg *cfg, const uint8_t *key, size_t klen, double *ns,
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

enum { O_IMPL = 1, O_JSON, O_QUICK, O_HELP };
static const cli_opt opts[] = {{"impl", 0, 1, O_IMPL},
                               {"json", 0, 0, O_JSON},
                               {"quick", 'q', 0, O_QUICK},
                               {"help", 'h', 0, O_HELP},
                               {NULL, 0, 0, 0}};

static void help(void)
{
    printf("usage: rijn bench [--impl NAME] [--json] [--quick]\n\n"
           "Speed of every AES implementation this CPU can run, per mode (ECB,\n"
           "CBC encrypt/decrypt, CTR, CFB128, OFB), key size (128, 256) and\n"
           "message size (16 B, 64 B, 1 KiB, 16 KiB, 1 MiB), in MB/s and cycles\n"
           "per byte (x86 time-stamp counter; ns/byte on other CPUs), median of\n"
           "repeated runs; and the cost of a key setup.\n\n"
           "  --impl NAME   only this implementation\n"
           "  --json        machine-readable output\n"
           "  -q, --quick   short run (under ~3 s): smaller slices, no 1 MiB size\n"
           "  -h, --help    this help\n");
}

static int run(int argc, char **argv)
{
    cli_args a;
    int id, json = 0, quick = 0, status = CLI_FAIL;
    const char *only = NULL;
    bench_cfg cfg;
    size_t i, m, s, nsizes, kk;
    uint8_t *in = NULL, *out = NULL, key[32], iv[16];
    const rijn_aes_impl *def;
    cJSON *root = NULL, *jres = NULL, *jsetup = NULL;
    const char *unit = BENCH_TSC ? "cycles/byte (TSC)" : "ns/byte";

    cli_args_init(&a, argc, argv);
    while ((id = cli_next(&a, opts)) != 0) {
        switch (id) {
        case -1: return CLI_USAGE;
        case O_HELP: help(); return CLI_OK;
        case O_IMPL: only = a.val; break;
        case O_JSON: json = 1; break;
        case O_QUICK: quick = 1; break;
        default: cli_err("unexpected argument '%s'", a.val); return CLI_USAGE;
        }
    }
    if (only != NULL && strcmp(only, "auto") != 0) {
        const rijn_aes_impl *p;
        if (rijn_aes_impl_get(only, &p) != RIJN_OK)
            return cli_force_impl(only) == 0 ? CLI_OK : CLI_USAGE; /* prints the choices */
    }
    cfg.slice_ns = quick ? 600000u : 10000000u;
    cfg.reps = quick ? 5 : 7;
    nsizes = quick ? NSIZES - 1 : NSIZES;
    in = cli_alloc(sizes[nsizes - 1]);
    out = cli_alloc(sizes[nsizes - 1]);
    for (i = 0; i < sizes[nsizes - 1]; i++)
        in[i] = (uint8_t)(i * 131u + 7u);
    for (i = 0; i < sizeof key; i++)
        key[i] = (uint8_t)(i * 17u + 1u);
    memset(iv, 0x5a, sizeof iv);
    def = rijn_aes_impl_default();
    if (json) {
        root = cJSON_CreateObject();
        cJSON_AddStringToObject(root, "rijn", rijn_version());
        cJSON_AddStringToObject(root, "timer", "clock_gettime(CLOCK_MONOTONIC)");
        cJSON_AddStringToObject(root, "cycles", BENCH_TSC ? "rdtsc" : "none (ns/byte)");
        cJSON_AddStringToObject(root, "default_impl", rijn_aes_impl_name(def));
        cJSON_AddBoolToObject(root, "quick", quick);
        cJSON_AddNumberToObject(root, "reps", cfg.reps);
        jsetup = cJSON_AddArrayToObject(root, "key_setup");
        jres = cJSON_AddArrayToObject(root, "results");
    } else {
        printf("rijn %s bench: MB/s and %s, median of %d runs%s\n", rijn_version(), unit,
               cfg.reps, quick ? " (quick)" : "");
        printf("default implementation: %s\n", rijn_aes_impl_name(def));
    }
    for (i = 0; i < rijn_aes_impl_count(); i++) {
        const rijn_aes_impl *p = rijn_aes_impl_at(i);
        const char *name = rijn_aes_impl_name(p);
        if (!rijn_aes_impl_available(p))
            continue;
        if (only != NULL && strcmp(only, "auto") != 0 && strcmp(only, name) != 0)
            continue;
        if (only != NULL && strcmp(only, "auto") == 0 && p != def)
            continue;
        if (rijn_aes_impl_force(name) != RIJN_OK)
            continue;
        if (!json) {
            printf("\n%-6s %-8s %-4s", name, "mode", "key");
            for (s = 0; s < nsizes; s++) {
                char lab[32];
                if (sizes[s] >= 1048576)
                    snprintf(lab, sizeof lab, "%zu MiB", sizes[s] / 1048576);
                else if (sizes[s] >= 1024)
                    snprintf(lab, sizeof lab, "%zu KiB", sizes[s] / 1024);
                else
                    snprintf(lab, sizeof lab, "%zu B", sizes[s]);
                printf(" %17s", lab);
            }
            printf("\n");
        }
        for (kk = 16; kk <= 32; kk += 16) {
            double ns, cy;
            measure_setup(&cfg, key, kk, &ns, &cy);
            if (json) {
                cJSON *o = cJSON_CreateObject();
                cJSON_AddStringToObject(o, "impl", name);
                cJSON_AddNumberToObject(o, "key_bits", (double)(kk * 8));
                cJSON_AddNumberToObject(o, "ns", ns);
                if (BENCH_TSC)
                    cJSON_AddNumberToObject(o, "cycles", cy);
                cJSON_AddItemToArray(jsetup, o);
            } else if (BENCH_TSC) {
                printf("%-6s %-8s %-4zu %10.1f ns %9.0f cycles\n", "", "keysetup", kk * 8, ns,
                       cy);
            } else {
                printf("%-6s %-8s %-4zu %10.1f ns\n", "", "keysetup", kk * 8, ns);
            }
        }
        for (m = 0; m < NOPS; m++) {
            for (kk = 16; kk <= 32; kk += 16) {
                rijn_aes_ctx aes;
                if (rijn_aes_init(&aes, key, kk) != RIJN_OK) {
                    cli_err("key setup failed on %s", name);
                    goto done;
                }
                if (!json)
                    printf("%-6s %-8s %-4zu", "", ops[m].name, kk * 8);
                for (s = 0; s < nsizes; s++) {
                    cell c;
                    if (measure(&cfg, ops[m].fn, &aes, iv, out, in, sizes[s], &c) != 0) {
                        cli_err("%s %s failed on %s", ops[m].name, "", name);
                        goto done;
                    }
                    if (json) {
                        cJSON *o = cJSON_CreateObject();
                        cJSON_AddStringToObject(o, "impl", name);
                        cJSON_AddStringToObject(o, "mode", ops[m].name);
                        cJSON_AddNumberToObject(o, "key_bits", (double)(kk * 8));
                        cJSON_AddNumberToObject(o, "bytes", (double)sizes[s]);
                        cJSON_AddNumberToObject(o, "mb_per_s", c.mbps);
                        cJSON_AddNumberToObject(o, BENCH_TSC ? "cycles_per_byte" : "ns_per_byte",
                                                c.cpb);
                        cJSON_AddItemToArray(jres, o);
                    } else {
                        printf(" %9.1f %7.2f", c.mbps, c.cpb);
                    }
                }
                if (!json) {
                    printf("\n");
                    fflush(stdout);
                }
                rijn_aes_wipe(&aes);
            }
        }
    }
    if (!json)
        printf("\ncolumns: MB/s then %s per message size\n", unit);
    if (json) {
        char *text = cJSON_Print(root);
        if (text == NULL)
            goto done;
        printf("%s\n", text);
        free(text);
    }
    status = CLI_OK;
done:
    if (rijn_aes_impl_force("auto") != RIJN_OK)
        status = CLI_FAIL;
    cJSON_Delete(root);
    free(in);
    free(out);
    return status;
}

const cli_command cli_cmd_bench = {"bench", "speed table of every AES implementation and mode",
                                   run};
