/*
 * bench.c -- driver of the comparison harness (see bench.h).
 *
 * Implementation notes
 *   One process runs one mode group (--group NAME), so a library's state,
 *   caches and frequency history from one group do not leak into the next.
 *   For every row (operation x key size x message length):
 *     1. every library (and variant) that has the operation is set up;
 *     2. each runs once on the same input; outputs must be equal byte for
 *        byte, twice in a row (AEAD open must also verify and return the
 *        plaintext), else the row is reported as MISMATCH and not timed;
 *        a library whose timed calls return an error is reported as
 *        run-error;
 *     3. each gets an iteration count n so that one batch of n messages
 *        takes about BATCH_NS;
 *     4. REPS rounds; in each, every library times one batch (the order
 *        rotates from round to round), so slow drifts of the clock hit all
 *        libraries alike;
 *     5. the median of the per-round times per message is reported.
 *   Times are RDTSC ticks; when the thread was descheduled during a batch
 *   (CLOCK_THREAD_CPUTIME_ID advanced less than the TSC), the time off the
 *   CPU is subtracted, so other processes on a shared machine do not count
 *   (their cache pollution still does). The TSC runs at a constant rate that is not the
 *   core clock (turbo, power states), so each process also times a chain
 *   of dependent adds (one core cycle each) interleaved with the rounds and
 *   reports core cycles per TSC tick; ratios between libraries come from the
 *   same process and the same rounds.
 *   Output: tab-separated lines on stdout (see emit()); bench/host/report.py
 *   turns them into docs/BENCHMARKS.md and the charts.
 */
#define _GNU_SOURCE
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <x86intrin.h>

#define MAX_CANDS 32
#define MAX_REPS 64

/* rijn with one variant per constant-time class (peer_rijn.c), for the ct
 * group only; the other groups use bench_lib_rijn. */
extern const bench_lib bench_lib_rijn_ct;

static const bench_lib *const all_libs[] = {
    &bench_lib_rijn,
    &bench_lib_rijn_ct,
#ifdef BENCH_HAVE_OPENSSL
    &bench_lib_openssl,
#endif
#ifdef BENCH_HAVE_GCRYPT
    &bench_lib_gcrypt,
#endif
#ifdef BENCH_HAVE_NETTLE
    &bench_lib_nettle,
#endif
#ifdef BENCH_HAVE_MBEDTLS
    &bench_lib_mbedtls,
#endif
#ifdef BENCH_HAVE_WOLFSSL
    &bench_lib_wolfssl,
#endif
#ifdef BENCH_HAVE_TOMCRYPT
    &bench_lib_tomcrypt,
#endif
#ifdef BENCH_HAVE_SODIUM
    &bench_lib_sodium,
#endif
#ifdef BENCH_HAVE_BEARSSL
    &bench_lib_bearssl,
#endif
#ifdef BENCH_HAVE_TINY
    &bench_lib_tiny,
#endif
};
#define NLIBS (sizeof all_libs / sizeof all_libs[0])

static const char *const op_names[OP__COUNT] = {
    "ctr", "cbc-enc", "cbc-dec", "ecb-enc", "xts-enc",
    "gcm-seal", "gcm-open", "ccm-seal", "ocb-seal", "gcmsiv-seal",
    "cmac", "chacha20poly1305-seal", "sha256", "sha512",
    "keysetup-enc", "keysetup-dec", "string-cbc", "x25519",
    "cfb128-enc", "cfb128-dec", "ofb", "sha3-256", "xts-dec", "chacha20poly1305-open",
    "gcmsiv-open"
};

typedef struct cand {
    const bench_lib *lib;
    bench_ctx c;
    uint64_t n;
    int err;  /* a timed call returned an error */
    double t[MAX_REPS];
} cand;

static int g_reps = 21;
static double g_batch_ns = 500000.0;
static double g_tsc_per_ns = 1.0;
static int g_ct;           /* constant-time software group */
static const char *g_libs; /* --libs: comma-separated library names, or NULL for all */
static size_t g_max_len = (size_t)-1; /* --max-len: rows up to this length */
static double g_ref[MAX_REPS * 64];
static int g_nref;

static uint64_t tsc(void)
{
    _mm_lfence();
    uint64_t t = __rdtsc();
    _mm_lfence();
    return t;
}

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* 64 dependent adds per iteration: 64 core cycles. */
static void ref_sample(void)
{
    uint64_t x = 1, y = 3;
    uint64_t t0 = tsc();
    for (int i = 0; i < 2000; i++) {
        __asm__ volatile(
            ".rept 64\n\taddq %1, %0\n\t.endr" : "+r"(x) : "r"(y));
    }
    uint64_t t1 = tsc();
    if (g_nref < (int)(sizeof g_ref / sizeof g_ref[0]))
        g_ref[g_nref++] = 2000.0 * 64.0 / (double)(t1 - t0);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(const double *v, int n)
{
    double tmp[MAX_REPS * 64];
    memcpy(tmp, v, (size_t)n * sizeof *v);
    qsort(tmp, (size_t)n, sizeof *tmp, cmp_double);
    return (n & 1) ? tmp[n / 2] : 0.5 * (tmp[n / 2 - 1] + tmp[n / 2]);
}

static void fill(uint8_t *p, size_t n, uint32_t seed)
{
    uint32_t x = seed * 2654435761u + 1u;
    for (size_t i = 0; i < n; i++) {
        x ^= x << 13; x ^= x >> 17; x ^= x << 5;
        p[i] = (uint8_t)(x >> 24);
    }
}

static size_t out_len(const bench_ctx *c)
{
    switch (c->op) {
    case OP_GCM_SEAL: case OP_CCM_SEAL: case OP_OCB_SEAL: case OP_GCMSIV_SEAL:
    case OP_CHAPOLY_SEAL:
        return c->len + 16;
    case OP_CMAC: return 16;
    case OP_SHA256: case OP_SHA3_256: return 32;
    case OP_SHA512: return 64;
    case OP_X25519: return 32;
    case OP_STRING: return 64 + BENCH_STRING_LEN;
    default: return c->len;
    }
}

static double thread_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* TSC ticks of n messages, minus the time the thread spent off the CPU
 * (the machine is shared: a batch that was preempted would otherwise count
 * other processes' time). */
static long g_batches, g_preempted;

static double time_batch(cand *k, uint8_t *out, const uint8_t *in, uint64_t n)
{
    double c0 = thread_ns();
    uint64_t t0 = tsc();
    int err = 0;
    for (uint64_t i = 0; i < n; i++)
        err |= k->lib->run(&k->c, out, in);
    uint64_t t1 = tsc();
    k->err |= err;
    double c1 = thread_ns();
    double ticks = (double)(t1 - t0);
    double off = ticks / g_tsc_per_ns - (c1 - c0); /* ns descheduled */
    g_batches++;
    if (off > 2000.0) {
        g_preempted++;
        ticks -= off * g_tsc_per_ns;
        if (ticks < 1.0)
            ticks = 1.0;
    }
    return ticks;
}

static void emit_row(const char *status, const bench_ctx *c, const char *lib,
                     const char *variant, double med, double mn, uint64_t n)
{
    printf("row\t%s\t%u\t%zu\t%s\t%s\t%.3f\t%.3f\t%llu\t%d\t%s\n", op_names[c->op],
           c->kbits, c->len, lib, variant ? variant : "", med, mn,
           (unsigned long long)n, g_reps, status);
}

/* --libs "rijn,OpenSSL": is this library's name in the list? */
static int lib_listed(const char *name)
{
    size_t n = strlen(name);
    for (const char *p = g_libs; p != NULL; p = strchr(p, ',')) {
        if (*p == ',')
            p++;
        if (strncmp(p, name, n) == 0 && (p[n] == ',' || p[n] == '\0'))
            return 1;
    }
    return 0;
}

static int lib_wanted(const bench_lib *lib, const char *variant)
{
    if (g_libs != NULL && !lib_listed(lib->name))
        return 0;
    if (lib == &bench_lib_rijn_ct || lib == &bench_lib_rijn)
        return (lib == &bench_lib_rijn_ct) == (g_ct != 0);
    if (!g_ct)
        return 1;
    if (strcmp(lib->name, "OpenSSL") == 0)
        return 1;
    return strcmp(lib->name, "BearSSL") == 0 && variant && strcmp(variant, "ct64") == 0;
}

static void run_row(int op, unsigned kbits, size_t len)
{
    static cand cands[MAX_CANDS];
    int nc = 0;
    size_t cap = len + 64;
    uint8_t *in, *out, *ref, *pt = NULL;
    if (len > g_max_len)
        return;
    if (posix_memalign((void **)&in, 64, cap) || posix_memalign((void **)&out, 64, cap) ||
        posix_memalign((void **)&ref, 64, cap)) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    bench_ctx proto;
    memset(&proto, 0, sizeof proto);
    proto.op = op;
    proto.kbits = kbits;
    proto.len = len;
    fill(proto.key, sizeof proto.key, 1);
    fill(proto.iv, sizeof proto.iv, 2);
    proto.iv[12] = 0; proto.iv[13] = 0; proto.iv[14] = 0; proto.iv[15] = 1;
    fill(proto.aad, sizeof proto.aad, 3);
    if (op == OP_X25519) { /* a clamped scalar (wolfSSL refuses others), u < 2^255 */
        proto.key[0] &= 248;
        proto.key[31] = (uint8_t)((proto.key[31] & 127) | 64);
        proto.key[63] &= 0x7f;
    }
    if (op == OP_STRING)
        memcpy(in, bench_string, BENCH_STRING_LEN);
    else
        fill(in, cap, 4);

    for (size_t li = 0; li < NLIBS; li++) {
        const bench_lib *lib = all_libs[li];
        const char *const *vs = lib->variants;
        for (int vi = 0; vs == NULL ? vi == 0 : vs[vi] != NULL; vi++) {
            const char *v = vs ? vs[vi] : NULL;
            if (!lib_wanted(lib, v) || nc == MAX_CANDS)
                continue;
            cand *k = &cands[nc];
            memset(k, 0, sizeof *k);
            k->lib = lib;
            k->c = proto;
            k->c.variant = v;
            int r = lib->init(&k->c);
            if (r == BENCH_NA)
                continue;
            if (r != BENCH_OK) {
                emit_row("init-error", &k->c, lib->name, v, 0, 0, 0);
                continue;
            }
            nc++;
        }
    }
    if (op == OP_GCM_OPEN || op == OP_CHAPOLY_OPEN || op == OP_GCMSIV_OPEN) {
        /* ciphertext and tag from the first library (rijn); every library
         * must decrypt it back to the plaintext. */
        bench_ctx s = proto;
        s.op = op == OP_GCM_OPEN ? OP_GCM_SEAL : op == OP_GCMSIV_OPEN ? OP_GCMSIV_SEAL
                                                                      : OP_CHAPOLY_SEAL;
        pt = malloc(cap);
        memcpy(pt, in, cap);
        if (bench_lib_rijn.init(&s) != BENCH_OK || bench_lib_rijn.run(&s, out, pt) != 0) {
            fprintf(stderr, "rijn seal failed\n");
            exit(2);
        }
        bench_lib_rijn.fini(&s);
        memcpy(in, out, len);
        for (int i = 0; i < nc; i++)
            memcpy(cands[i].c.tag, out + len, 16);
    }
    /* 2. outputs must agree */
    size_t ol = out_len(&proto);
    int bad = 0;
    for (int i = 0; i < nc; i++) {
        cand *k = &cands[i];
        /* twice: the second call catches state a first call leaves behind */
        for (int pass = 0; pass < 2; pass++) {
            memset(out, 0xA5, cap);
            k->c.check = 1;
            int r = k->lib->run(&k->c, out, in);
            k->c.check = 0;
            if (i == 0 && pass == 0)
                memcpy(ref, out, ol);
            if (r != 0 || memcmp(out, ref, ol) != 0 || (pt && memcmp(out, pt, len) != 0)) {
                emit_row("MISMATCH", &k->c, k->lib->name, k->c.variant, 0, 0, 0);
                bad = 1;
                break;
            }
        }
    }
    if (bad || nc == 0)
        goto done;
    /* 3. calibrate (after a warm-up: the first calls fault in pages) */
    for (int i = 0; i < nc; i++) {
        cand *k = &cands[i];
        double target = g_batch_ns * g_tsc_per_ns, t;
        uint64_t n = 1;
        (void)time_batch(k, out, in, 2);
        while ((t = time_batch(k, out, in, n)) < 0.25 * target && n < (1u << 30))
            n *= 2;
        for (int pass = 0; pass < 2; pass++) {
            double want = target * (double)n / t;
            n = want < 1.0 ? 1 : (uint64_t)want;
            t = time_batch(k, out, in, n);
        }
        k->n = n;
    }
    /* 4. interleaved rounds */
    for (int r = 0; r < g_reps; r++) {
        ref_sample();
        for (int j = 0; j < nc; j++) {
            cand *k = &cands[(j + r) % nc];
            k->t[r] = time_batch(k, out, in, k->n) / (double)k->n;
        }
    }
    for (int i = 0; i < nc; i++) {
        cand *k = &cands[i];
        double mn = k->t[0];
        for (int r = 1; r < g_reps; r++)
            mn = k->t[r] < mn ? k->t[r] : mn;
        emit_row(k->err ? "run-error" : "ok", &k->c, k->lib->name, k->c.variant,
                 median(k->t, g_reps), mn, k->n);
    }
done:
    for (int i = 0; i < nc; i++)
        cands[i].lib->fini(&cands[i].c);
    fflush(stdout);
    free(in);
    free(out);
    free(ref);
    free(pt);
}

static const size_t sizes[] = {16, 64, 1024, 16384, 1048576};
#define NSIZES (sizeof sizes / sizeof sizes[0])
static int g_quick; /* --quick: the README headline's sizes only (16 B, 1 MiB) */

static void rows_sizes(int op, unsigned kbits)
{
    for (size_t i = 0; i < NSIZES; i++)
        if (!g_quick || sizes[i] == 16 || sizes[i] == 1048576)
            run_row(op, kbits, sizes[i]);
}

static void rows_both(int op)
{
    rows_sizes(op, 128);
    rows_sizes(op, 256);
}

static int run_group(const char *g)
{
    if (strcmp(g, "ctr") == 0) {
        rows_both(OP_CTR);
    } else if (strcmp(g, "cbc") == 0) {
        rows_both(OP_CBC_ENC);
        rows_both(OP_CBC_DEC);
    } else if (strcmp(g, "cfb") == 0) {
        rows_both(OP_CFB_ENC);
        rows_both(OP_CFB_DEC);
        rows_both(OP_OFB);
    } else if (strcmp(g, "ecb") == 0) {
        rows_both(OP_ECB_ENC);
    } else if (strcmp(g, "xts") == 0) {
        rows_both(OP_XTS_ENC);
        rows_both(OP_XTS_DEC);
    } else if (strcmp(g, "gcm") == 0) {
        rows_both(OP_GCM_SEAL);
        rows_both(OP_GCM_OPEN);
    } else if (strcmp(g, "aead") == 0) {
        rows_both(OP_CCM_SEAL);
        rows_both(OP_OCB_SEAL);
        rows_both(OP_GCMSIV_SEAL);
        rows_both(OP_GCMSIV_OPEN);
        rows_sizes(OP_CHAPOLY_SEAL, 256);
    } else if (strcmp(g, "chapoly") == 0) {
        /* ChaCha20-Poly1305 alone (every size): for quick before/after runs */
        rows_sizes(OP_CHAPOLY_SEAL, 256);
        rows_sizes(OP_CHAPOLY_OPEN, 256);
    } else if (strcmp(g, "mac") == 0) {
        rows_both(OP_CMAC);
        rows_sizes(OP_SHA256, 0);
        rows_sizes(OP_SHA512, 0);
        rows_sizes(OP_SHA3_256, 0);
    } else if (strcmp(g, "keysetup") == 0) {
        run_row(OP_KEY_ENC, 128, 16);
        run_row(OP_KEY_DEC, 128, 16);
        run_row(OP_KEY_ENC, 256, 16);
        run_row(OP_KEY_DEC, 256, 16);
        run_row(OP_STRING, 128, BENCH_STRING_LEN);
    } else if (strcmp(g, "pk") == 0) {
        run_row(OP_X25519, 0, 32);
    } else if (strcmp(g, "narrow") == 0) {
        /* the README headline's rows, run by scripts/bench.sh once per
         * RIJN_CPU_MASK (rijn on narrower x86-64 CPUs) */
        g_quick = 1;
        rows_sizes(OP_CTR, 128);
        rows_sizes(OP_CBC_DEC, 128);
        rows_both(OP_GCM_SEAL);
        rows_sizes(OP_CHAPOLY_SEAL, 256);
    } else if (strcmp(g, "ct") == 0) {
        rows_both(OP_CTR);
        rows_both(OP_CBC_ENC);
        rows_both(OP_CBC_DEC);
        rows_both(OP_GCM_SEAL);
        run_row(OP_KEY_ENC, 128, 16);
        run_row(OP_KEY_ENC, 256, 16);
    } else {
        return -1;
    }
    return 0;
}

extern int bench_rijn_force(const char *impl);
extern const char *bench_rijn_info(void);
#ifdef BENCH_HAVE_GCRYPT
extern const char *bench_gcrypt_hwf(void);
#endif

int main(int argc, char **argv)
{
    const char *group = NULL;
    int quick = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--group") == 0 && i + 1 < argc)
            group = argv[++i];
        else if (strcmp(argv[i], "--quick") == 0)
            quick = 1;
        else if (strcmp(argv[i], "--libs") == 0 && i + 1 < argc)
            g_libs = argv[++i];
        else if (strcmp(argv[i], "--max-len") == 0 && i + 1 < argc)
            g_max_len = (size_t)strtoull(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: %s --group ctr|cbc|cfb|ecb|xts|gcm|aead|mac|keysetup|pk|ct"
                            "|narrow|chapoly [--quick] [--max-len BYTES] [--libs NAME,NAME...]\n",
                    argv[0]);
            return 2;
        }
    }
    if (group == NULL)
        return 2;
    g_ct = strcmp(group, "ct") == 0;
    if (g_ct && getenv("OPENSSL_ia32cap") == NULL) {
        /* OpenSSL reads its capability mask once, at load: re-run with
         * AES-NI (bit 57 of the first word) masked off. */
        setenv("OPENSSL_ia32cap", "~0x200000000000000", 1);
        execv("/proc/self/exe", argv);
        perror("execv");
        return 2;
    }
    if (g_ct && bench_rijn_force("ct64") != 0) {
        fprintf(stderr, "rijn: ct64 not available\n");
        return 2;
    }
    if (quick) {
        g_quick = 1;
        g_reps = 7;
        g_batch_ns = 100000.0;
    }
    /* TSC rate against the monotonic clock. */
    double n0 = now_ns();
    uint64_t t0 = tsc();
    while (now_ns() - n0 < 50e6) {
    }
    g_tsc_per_ns = (double)(tsc() - t0) / (now_ns() - n0);
    printf("meta\tgroup\t%s\n", group);
    printf("meta\ttsc_ghz\t%.4f\n", g_tsc_per_ns);
    printf("meta\treps\t%d\n", g_reps);
    printf("meta\tbatch_us\t%.0f\n", g_batch_ns / 1000.0);
    printf("meta\trijn\t%s\n", bench_rijn_info());
    if (getenv("RIJN_CPU_MASK") != NULL)
        printf("meta\trijn_cpu_mask\t%s\n", getenv("RIJN_CPU_MASK"));
    if (g_ct || getenv("OPENSSL_ia32cap") != NULL)
        printf("meta\topenssl_ia32cap\t%s\n", getenv("OPENSSL_ia32cap"));
#ifdef BENCH_HAVE_GCRYPT
    if (getenv("BENCH_GCRYPT_HWF_DENY") != NULL) {
        printf("meta\tlibgcrypt_hwf\t%s\n", bench_gcrypt_hwf());
    }
#endif
    for (size_t i = 0; i < NLIBS; i++)
        printf("meta\tversion\t%s\t%s\n", all_libs[i]->name, all_libs[i]->version());
    fflush(stdout);
    if (run_group(group) != 0) {
        fprintf(stderr, "unknown group %s\n", group);
        return 2;
    }
    printf("meta\tcore_per_tsc\t%.4f\n", median(g_ref, g_nref));
    printf("meta\tpreempted\t%ld\t%ld\n", g_preempted, g_batches);
    return 0;
}
