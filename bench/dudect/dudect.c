/*
 * dudect.c -- timing-leak detection in the style of dudect (Reparaz,
 * Balasch, Verbauwhede, "Dude, is my code constant time?", 2017) for
 * every constant-time target of rijn. See bench/dudect/README.md.
 *
 *   rijn-dudect [--measurements N] [--target NAME]... [--list]
 *
 * For each target, N measurements: a coin picks class 0 (a fixed input)
 * or class 1 (a fresh random input), the operation runs once on it and
 * its time in cycles (RDTSC between LFENCEs on x86-64, else
 * clock_gettime) is recorded. Per batch of 10^5 measurements, times above
 * each of 20 percentiles of the batch are cropped (as dudect does, to
 * keep the test from being dominated by interrupts), and Welch's t
 * statistic of class 0 against class 1 is updated online for every crop
 * and without cropping. The verdict uses the largest |t|: above 10 is a
 * leak ("definitely not constant time", dudect's threshold); 4.5 .. 10 is
 * "maybe" (rerun with more measurements on a quiet machine).
 * Targets: every AES implementation class compiled in and supported by
 * the CPU (fixed vs random plaintext, key fixed), including the
 * table-based "small" class, which is NOT constant time (documented) and
 * is reported but not required to show (its S-box is 4 cache lines: the
 * leak is small on a desktop CPU); tag comparisons (rijn_ct_equal,
 * rijn_hmac_verify, rijn_gcm_open: a wrong tag differing in its last byte
 * vs a random one); PKCS#7 unpadding (rijn_cbc_pad_decrypt: valid
 * padding of a fixed vs random length, and bad padding fixed vs random);
 * X25519 (fixed vs random scalar); and the positive control that must be
 * caught: a planted early-exit compare. Exit status: 0 when the control
 * was caught and no constant-time target showed |t| > 10, 1 otherwise.
 *
 * Implementation notes: inputs of both classes are prepared before the
 * timed call so that only the call is measured; the class sequence and
 * the random inputs come from a xorshift generator (the measurement, not
 * the input, must be the only source of difference). One target = one
 * struct with prepare/run callbacks.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rijn.h"

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
static inline uint64_t cycles(void)
{
    uint64_t t;
    _mm_lfence();
    t = __rdtsc();
    _mm_lfence();
    return t;
}
#else
static inline uint64_t cycles(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#endif

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t rnd64(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}
static void rnd_bytes(uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        p[i] = (uint8_t)rnd64();
}

/* ---- Welch's t, online ------------------------------------------------- */
typedef struct {
    double mean[2], m2[2], n[2];
} ttest;

static void t_push(ttest *t, double x, int c)
{
    double d;
    t->n[c] += 1;
    d = x - t->mean[c];
    t->mean[c] += d / t->n[c];
    t->m2[c] += d * (x - t->mean[c]);
}

static double t_value(const ttest *t)
{
    double v0, v1;
    if (t->n[0] < 2 || t->n[1] < 2)
        return 0;
    v0 = t->m2[0] / (t->n[0] - 1);
    v1 = t->m2[1] / (t->n[1] - 1);
    if (v0 + v1 == 0)
        return 0;
    return (t->mean[0] - t->mean[1]) / sqrt(v0 / t->n[0] + v1 / t->n[1]);
}

/* ---- targets ------------------------------------------------------------ */
#define IN_MAX 96
typedef struct target target;
struct target {
    const char *name;
    int control; /* 1: must be caught; 2: known not constant time (reported) */
    int (*setup)(target *t);                      /* 0 ok, else skip    */
    void (*prepare)(target *t, int cls, uint8_t *in);
    void (*run)(target *t, const uint8_t *in);
    const char *impl;                             /* AES class name     */
    rijn_aes_ctx aes;
    rijn_gcm_ctx gcm;
    uint8_t fixed[IN_MAX];
    uint8_t aux[IN_MAX];
};

static volatile int sink;

/* AES block encryption with one class: class 0 fixed plaintext */
static int aes_setup(target *t)
{
    const rijn_aes_impl *impl;
    uint8_t key[16];
    rnd_bytes(key, 16);
    if (rijn_aes_impl_get(t->impl, &impl) != RIJN_OK ||
        rijn_aes_init_impl(&t->aes, impl, key, 16) != RIJN_OK)
        return -1;
    rnd_bytes(t->fixed, 16);
    return 0;
}
static void prep_fixed_random16(target *t, int cls, uint8_t *in)
{
    if (cls == 0)
        memcpy(in, t->fixed, 16);
    else
        rnd_bytes(in, 16);
}
static void aes_run(target *t, const uint8_t *in)
{
    uint8_t out[16];
    sink = rijn_aes_encrypt_blocks(&t->aes, out, in, 1) + out[0];
}

/* 32-byte comparisons against aux: class 0 differs from aux in the last
 * byte only (an early-exit compare runs to the end), class 1 is random
 * (differs at the first byte, almost always): the classic early-exit test.
 * The verdict (unequal) is the same in both classes. */
static int cmp_setup(target *t)
{
    rnd_bytes(t->aux, 32);
    memcpy(t->fixed, t->aux, 32);
    t->fixed[31] ^= 1;
    return 0;
}
static void prep_cmp(target *t, int cls, uint8_t *in)
{
    if (cls == 0)
        memcpy(in, t->fixed, 32);
    else
        rnd_bytes(in, 32);
}
static void ct_equal_run(target *t, const uint8_t *in)
{
    sink = rijn_ct_equal(in, t->aux, 32);
}
/* the planted leak: an early-exit compare */
static void leaky_cmp_run(target *t, const uint8_t *in)
{
    size_t i;
    int r = 1;
    for (i = 0; i < 32; i++)
        if (in[i] != t->aux[i]) {
            r = 0;
            break;
        }
    sink = r;
}

/* HMAC-SHA-256 verify of a 32-byte tag over 32 fixed bytes: aux = the
 * right tag; class 0 wrong in its last byte, class 1 random */
static void hmac_run(target *t, const uint8_t *in)
{
    sink = rijn_hmac_verify(&rijn_hash_sha256, in, 32, t->aux + 32, 32, t->aux + 64, 32);
}
static int hmac_setup(target *t)
{
    rnd_bytes(t->aux + 32, 64);
    if (rijn_hmac(&rijn_hash_sha256, t->aux, 32, t->aux + 32, 32, t->aux + 64, 32) != RIJN_OK)
        return -1;
    memcpy(t->fixed, t->aux, 32);
    t->fixed[31] ^= 1;
    return 0;
}

/* GCM open of 32 bytes: fixed = ciphertext || tag; class 0 the tag wrong
 * in its last byte, class 1 a random tag (both rejected) */
static int gcm_setup(target *t)
{
    uint8_t key[16], nonce[12] = {0}, msg[32];
    rnd_bytes(key, 16);
    rnd_bytes(msg, 32);
    if (rijn_gcm_init(&t->gcm, key, 16) != RIJN_OK ||
        rijn_gcm_seal(&t->gcm, t->fixed, t->fixed + 32, 16, nonce, 12, NULL, 0, msg, 32) != RIJN_OK)
        return -1;
    t->fixed[47] ^= 1;
    return 0;
}
static void prep_gcm(target *t, int cls, uint8_t *in)
{
    memcpy(in, t->fixed, 48);
    if (cls == 1)
        rnd_bytes(in + 32, 16);
}
static void gcm_run(target *t, const uint8_t *in)
{
    static const uint8_t nonce[12] = {0};
    uint8_t out[32];
    sink = rijn_gcm_open(&t->gcm, out, in + 32, 16, nonce, 12, NULL, 0, in, 32);
}

/* PKCS#7 unpadding of a 32-byte ciphertext (IV in aux), all valid:
 * class 0 a fixed message of 20 bytes (12 bytes of padding), class 1 a
 * random message of 16..31 bytes (1..16 bytes of padding). The padding
 * length is what a padding oracle learns; the verdict is the same. */
static int pad_setup(target *t)
{
    uint8_t key[16], msg[20];
    size_t n = 0;
    rnd_bytes(key, 16);
    rnd_bytes(t->aux, 16);
    rnd_bytes(msg, sizeof msg);
    if (rijn_aes_init(&t->aes, key, 16) != RIJN_OK)
        return -1;
    return rijn_cbc_pad_encrypt(&t->aes, t->aux, t->fixed, 32, &n, msg, sizeof msg);
}
static void prep_pad(target *t, int cls, uint8_t *in)
{
    uint8_t msg[31];
    size_t n = 0, len = 16 + (size_t)(rnd64() % 16);
    if (cls == 0) {
        memcpy(in, t->fixed, 32);
        return;
    }
    rnd_bytes(msg, len);
    if (rijn_cbc_pad_encrypt(&t->aes, t->aux, in, 32, &n, msg, len) != RIJN_OK)
        abort();
}
/* bad padding: class 0 a fixed random last block, class 1 a fresh one,
 * both redrawn until the padding is invalid (a random block has valid
 * padding about once in 256: that verdict is public and would differ) */
static int bad_block(target *t, uint8_t *in)
{
    uint8_t out[32];
    size_t n = 0;
    int r;
    do {
        rnd_bytes(in + 16, 16);
        r = rijn_cbc_pad_decrypt(&t->aes, t->aux, out, sizeof out, &n, in, 32);
    } while (r == RIJN_OK);
    return r == RIJN_ERR_PADDING ? 0 : -1;
}
static int badpad_setup(target *t)
{
    if (pad_setup(t) != 0)
        return -1;
    return bad_block(t, t->fixed);
}
static void prep_badpad(target *t, int cls, uint8_t *in)
{
    memcpy(in, t->fixed, 32);
    if (cls == 1 && bad_block(t, in) != 0)
        abort();
}
static void pad_run(target *t, const uint8_t *in)
{
    uint8_t out[32];
    size_t n = 0;
    sink = rijn_cbc_pad_decrypt(&t->aes, t->aux, out, sizeof out, &n, in, 32);
}

/* X25519 with the base point's multiple: class 0 fixed scalar */
static int x_setup(target *t)
{
    rnd_bytes(t->fixed, 32);
    rnd_bytes(t->aux, 32);
    t->aux[31] &= 0x7f;
    return 0;
}
static void prep_x(target *t, int cls, uint8_t *in)
{
    if (cls == 0)
        memcpy(in, t->fixed, 32);
    else
        rnd_bytes(in, 32);
}
static void x_run(target *t, const uint8_t *in)
{
    uint8_t out[32];
    sink = rijn_x25519(out, in, t->aux) + out[0];
}

#define T(n_, c_, s_, p_, r_, i_) \
    {.name = n_, .control = c_, .setup = s_, .prepare = p_, .run = r_, .impl = i_}
static target targets[] = {
    T("aes-ct64", 0, aes_setup, prep_fixed_random16, aes_run, "ct64"),
    T("aes-ct32", 0, aes_setup, prep_fixed_random16, aes_run, "ct32"),
    T("aes-bs256", 0, aes_setup, prep_fixed_random16, aes_run, "bs256"),
    T("aes-x86ni", 0, aes_setup, prep_fixed_random16, aes_run, "x86ni"),
    T("aes-small", 2, aes_setup, prep_fixed_random16, aes_run, "small"),
    T("ct-equal", 0, cmp_setup, prep_cmp, ct_equal_run, NULL),
    T("hmac-verify", 0, hmac_setup, prep_cmp, hmac_run, NULL),
    T("gcm-open", 0, gcm_setup, prep_gcm, gcm_run, NULL),
    T("cbc-pkcs7-unpad", 0, pad_setup, prep_pad, pad_run, NULL),
    T("cbc-pkcs7-badpad", 0, badpad_setup, prep_badpad, pad_run, NULL),
    T("x25519", 0, x_setup, prep_x, x_run, NULL),
    T("planted-early-exit", 1, cmp_setup, prep_cmp, leaky_cmp_run, NULL),
};
#define NTARGETS (sizeof targets / sizeof targets[0])

#define BATCH 100000
#define NCROP 20

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Runs n measurements; returns the largest |t| over the crops. */
static double measure(target *t, uint64_t n, double *t_plain)
{
    static uint8_t ins[BATCH][IN_MAX];
    static uint64_t dt[BATCH], sorted[BATCH];
    static int cls[BATCH];
    ttest tt[NCROP + 1];
    uint64_t done = 0, thr[NCROP];
    double best = 0;
    int k;
    memset(tt, 0, sizeof tt);
    while (done < n) {
        size_t b = n - done < BATCH ? (size_t)(n - done) : BATCH, i;
        for (i = 0; i < b; i++) {
            cls[i] = (int)(rnd64() & 1);
            t->prepare(t, cls[i], ins[i]);
        }
        for (i = 0; i < b; i++) {
            uint64_t t0 = cycles();
            t->run(t, ins[i]);
            dt[i] = cycles() - t0;
        }
        memcpy(sorted, dt, b * sizeof dt[0]);
        qsort(sorted, b, sizeof sorted[0], cmp_u64);
        for (k = 0; k < NCROP; k++) /* dudect's percentiles: 1 - 0.5^(10 (k+1) / NCROP) */
            thr[k] = sorted[(size_t)((double)(b - 1) *
                                     (1 - pow(0.5, 10.0 * (double)(k + 1) / NCROP)))];
        for (i = 0; i < b; i++) {
            if (i < 10 && done == 0)
                continue; /* warm-up */
            t_push(&tt[NCROP], (double)dt[i], cls[i]);
            for (k = 0; k < NCROP; k++)
                if (dt[i] < thr[k])
                    t_push(&tt[k], (double)dt[i], cls[i]);
        }
        done += b;
    }
    for (k = 0; k <= NCROP; k++) {
        double v = fabs(t_value(&tt[k]));
        if (v > best)
            best = v;
    }
    *t_plain = t_value(&tt[NCROP]);
    return best;
}

int main(int argc, char **argv)
{
    uint64_t n = 1000000;
    const char *only[NTARGETS + 1];
    size_t nonly = 0, i, j;
    int failed = 0, ran = 0;
    for (i = 1; i < (size_t)argc; i++) {
        if (strcmp(argv[i], "--measurements") == 0 && i + 1 < (size_t)argc)
            n = strtoull(argv[++i], NULL, 0);
        else if (strcmp(argv[i], "--target") == 0 && i + 1 < (size_t)argc && nonly < NTARGETS)
            only[nonly++] = argv[++i];
        else if (strcmp(argv[i], "--list") == 0) {
            for (j = 0; j < NTARGETS; j++)
                printf("%s%s\n", targets[j].name,
                       targets[j].control == 1   ? " (positive control)"
                       : targets[j].control == 2 ? " (known table-based class)"
                                                 : "");
            return 0;
        } else {
            fprintf(stderr, "usage: %s [--measurements N] [--target NAME]... [--list]\n",
                    argv[0]);
            return 2;
        }
    }
    printf("%-20s %12s %9s %9s  %s\n", "target", "measurements", "max|t|", "t(raw)", "verdict");
    for (j = 0; j < NTARGETS; j++) {
        target *t = &targets[j];
        double tmax, traw;
        const char *verdict;
        int want = nonly == 0;
        for (i = 0; i < nonly; i++)
            want |= strcmp(only[i], t->name) == 0;
        if (!want)
            continue;
        if (t->setup(t) != 0) {
            printf("%-20s %12s %9s %9s  skipped (not in this build or CPU)\n", t->name, "-", "-",
                   "-");
            continue;
        }
        ran++;
        tmax = measure(t, n, &traw);
        if (t->control == 2)
            verdict = tmax > 10 ? "leak: caught (table-based, as documented)"
                                : "not caught at this count (table-based class)";
        else if (tmax > 10)
            verdict = t->control ? "leak: caught (positive control)" : "LEAK";
        else if (tmax > 4.5)
            verdict = t->control ? "maybe (control NOT clearly caught)" : "maybe: rerun longer";
        else
            verdict = t->control ? "NOT CAUGHT (positive control)" : "no leak found";
        if ((t->control == 1 && tmax <= 10) || (t->control == 0 && tmax > 10))
            failed = 1;
        printf("%-20s %12llu %9.2f %9.2f  %s\n", t->name, (unsigned long long)n, tmax, traw,
               verdict);
        fflush(stdout);
    }
    return ran > 0 && !failed ? 0 : 1;
}
