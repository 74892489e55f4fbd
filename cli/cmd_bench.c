/*
 * cmd_bench.c -- `rijn bench`: the library's own speed table. For each
 * AES implementation this CPU can run, each mode (ECB, CBC encrypt and
 * decrypt, CTR, CFB128, OFB), AES-128 and AES-256, and message sizes
 * 16 B, 64 B, 1 KiB, 16 KiB (and 1 MiB without --quick): MB/s and cycles
 * per byte, plus the cost of a key setup.
 *
 * Implementation notes: each cell is calibrated to a time slice (0.6 ms
 * with --quick, 10 ms otherwise) and repeated (5 or 7 times); the median
 * of the repetitions is reported (the timing: bench_timer.c, bench_cli.h).
 * Cycles come from the x86 time-stamp counter (rdtsc: constant-rate
 * reference cycles, not core cycles under turbo), or, on other CPUs, are
 * not measured and ns/byte is reported instead -- the output says which.
 * Absolute numbers on a shared machine drift; compare rows of one run.
 * Tests only check that it runs and that --json parses.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "bench_cli.h"
#include "util.h"

/* ---- the operations ---------------------------------------------------- */
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

/* One bench run: its settings, buffers and (--json) the document. */
typedef struct bench_run {
    bench_cfg cfg;
    int json, quick;
    size_t nsizes;
    uint8_t *in, *out, key[32], iv[16];
    cJSON *root, *jres, *jsetup;
} bench_run;

static const char *unit(void)
{
    return BENCH_TSC ? "cycles/byte (TSC)" : "ns/byte";
}

/* The table's head (or the JSON document's fields). */
static void start(bench_run *b, const rijn_aes_impl *def)
{
    if (!b->json) {
        printf("rijn %s bench: MB/s and %s, median of %d runs%s\n", rijn_version(), unit(),
               b->cfg.reps, b->quick ? " (quick)" : "");
        printf("default implementation: %s\n", rijn_aes_impl_name(def));
        return;
    }
    b->root = cJSON_CreateObject();
    cJSON_AddStringToObject(b->root, "rijn", rijn_version());
    cJSON_AddStringToObject(b->root, "timer", "clock_gettime(CLOCK_MONOTONIC)");
    cJSON_AddStringToObject(b->root, "cycles", BENCH_TSC ? "rdtsc" : "none (ns/byte)");
    cJSON_AddStringToObject(b->root, "default_impl", rijn_aes_impl_name(def));
    cJSON_AddBoolToObject(b->root, "quick", b->quick);
    cJSON_AddNumberToObject(b->root, "reps", b->cfg.reps);
    b->jsetup = cJSON_AddArrayToObject(b->root, "key_setup");
    b->jres = cJSON_AddArrayToObject(b->root, "results");
}

/* The column heads of one implementation's table. */
static void size_heads(const bench_run *b, const char *name)
{
    size_t s;
    printf("\n%-6s %-8s %-4s", name, "mode", "key");
    for (s = 0; s < b->nsizes; s++) {
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

/* The key setup rows of one implementation. */
static void bench_setup(bench_run *b, const char *name)
{
    size_t kk;
    for (kk = 16; kk <= 32; kk += 16) {
        double ns, cy;
        bench_measure_setup(&b->cfg, b->key, kk, &ns, &cy);
        if (b->json) {
            cJSON *o = cJSON_CreateObject();
            cJSON_AddStringToObject(o, "impl", name);
            cJSON_AddNumberToObject(o, "key_bits", (double)(kk * 8));
            cJSON_AddNumberToObject(o, "ns", ns);
            if (BENCH_TSC)
                cJSON_AddNumberToObject(o, "cycles", cy);
            cJSON_AddItemToArray(b->jsetup, o);
        } else if (BENCH_TSC) {
            printf("%-6s %-8s %-4zu %10.1f ns %9.0f cycles\n", "", "keysetup", kk * 8, ns, cy);
        } else {
            printf("%-6s %-8s %-4zu %10.1f ns\n", "", "keysetup", kk * 8, ns);
        }
    }
}

/* One cell of a mode row. */
static void put_cell(bench_run *b, const char *name, size_t m, size_t kk, size_t s,
                     const bench_cell *c)
{
    cJSON *o;
    if (!b->json) {
        printf(" %9.1f %7.2f", c->mbps, c->cpb);
        return;
    }
    o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "impl", name);
    cJSON_AddStringToObject(o, "mode", ops[m].name);
    cJSON_AddNumberToObject(o, "key_bits", (double)(kk * 8));
    cJSON_AddNumberToObject(o, "bytes", (double)sizes[s]);
    cJSON_AddNumberToObject(o, "mb_per_s", c->mbps);
    cJSON_AddNumberToObject(o, BENCH_TSC ? "cycles_per_byte" : "ns_per_byte", c->cpb);
    cJSON_AddItemToArray(b->jres, o);
}

/* Mode m with a kk-byte key over every size; 0, or -1 after a message. */
static int bench_row(bench_run *b, const char *name, size_t m, size_t kk)
{
    rijn_aes_ctx aes;
    size_t s;
    int r = 0;
    if (rijn_aes_init(&aes, b->key, kk) != RIJN_OK) {
        cli_err("key setup failed on %s", name);
        return -1;
    }
    if (!b->json)
        printf("%-6s %-8s %-4zu", "", ops[m].name, kk * 8);
    for (s = 0; s < b->nsizes && r == 0; s++) {
        bench_cell c;
        if ((r = bench_measure(&b->cfg, ops[m].fn, &aes, b->iv, b->out, b->in, sizes[s], &c)) != 0)
            cli_err("%s %s failed on %s", ops[m].name, "", name);
        else
            put_cell(b, name, m, kk, s, &c);
    }
    if (r == 0 && !b->json) {
        printf("\n");
        fflush(stdout);
    }
    rijn_aes_wipe(&aes);
    return r == 0 ? 0 : -1;
}

/* Every row of the implementation forced under name; 0 or -1. */
static int bench_impl(bench_run *b, const char *name)
{
    size_t m, kk;
    if (!b->json)
        size_heads(b, name);
    bench_setup(b, name);
    for (m = 0; m < NOPS; m++)
        for (kk = 16; kk <= 32; kk += 16)
            if (bench_row(b, name, m, kk) != 0)
                return -1;
    return 0;
}

/* The closing line, or the JSON document; CLI_OK or CLI_FAIL. */
static int finish(const bench_run *b)
{
    char *text;
    if (!b->json) {
        printf("\ncolumns: MB/s then %s per message size\n", unit());
        return CLI_OK;
    }
    if ((text = cJSON_Print(b->root)) == NULL)
        return CLI_FAIL;
    printf("%s\n", text);
    free(text);
    return CLI_OK;
}

/* Parse the command line; -1 to go on, else the exit status. */
static int parse_args(int argc, char **argv, bench_run *b, const char **only)
{
    cli_args a;
    int id;
    cli_args_init(&a, argc, argv);
    while ((id = cli_next(&a, opts)) != 0) {
        switch (id) {
        case -1: return CLI_USAGE;
        case O_HELP: help(); return CLI_OK;
        case O_IMPL: *only = a.val; break;
        case O_JSON: b->json = 1; break;
        case O_QUICK: b->quick = 1; break;
        default: cli_err("unexpected argument '%s'", a.val); return CLI_USAGE;
        }
    }
    return cli_impl_known(*only);
}

static int run(int argc, char **argv)
{
    int status;
    const char *only = NULL;
    bench_run b;
    size_t i;
    const rijn_aes_impl *def;

    memset(&b, 0, sizeof b);
    if ((status = parse_args(argc, argv, &b, &only)) >= 0)
        return status;
    b.cfg.slice_ns = b.quick ? 600000u : 10000000u;
    b.cfg.reps = b.quick ? 5 : 7;
    b.nsizes = b.quick ? NSIZES - 1 : NSIZES;
    b.in = cli_alloc(sizes[b.nsizes - 1]);
    b.out = cli_alloc(sizes[b.nsizes - 1]);
    for (i = 0; i < sizes[b.nsizes - 1]; i++)
        b.in[i] = (uint8_t)(i * 131u + 7u);
    for (i = 0; i < sizeof b.key; i++)
        b.key[i] = (uint8_t)(i * 17u + 1u);
    memset(b.iv, 0x5a, sizeof b.iv);
    def = rijn_aes_impl_default();
    start(&b, def);
    status = CLI_FAIL;
    for (i = 0; i < rijn_aes_impl_count(); i++) {
        const rijn_aes_impl *p = rijn_aes_impl_at(i);
        if (!rijn_aes_impl_available(p) || !cli_impl_selected(only, p, def) ||
            rijn_aes_impl_force(rijn_aes_impl_name(p)) != RIJN_OK)
            continue;
        if (bench_impl(&b, rijn_aes_impl_name(p)) != 0)
            goto done;
    }
    status = finish(&b);
done:
    if (rijn_aes_impl_force("auto") != RIJN_OK)
        status = CLI_FAIL;
    cJSON_Delete(b.root);
    free(b.in);
    free(b.out);
    return status;
}

const cli_command cli_cmd_bench = {"bench", "speed table of every AES implementation and mode",
                                   run};
