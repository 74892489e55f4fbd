/*
 * driver.c -- a stand-in for libFuzzer's main, so every harness in fuzz/
 * also builds and runs with gcc (or any C99 compiler) where libFuzzer is
 * missing. Not a coverage-guided fuzzer: it runs the given files (or every
 * file of the given folders) once each, then, with -runs=N, N inputs made
 * by mutating those files at random (bit flips, byte sets, inserts,
 * deletes, truncations, splices of two inputs) or, without files, random
 * bytes.
 *
 *   fuzz_X [-runs=N] [-seed=S] [-max_len=L] [-max_total_time=T] FILE|DIR...
 *
 * Options not listed are ignored (so a libFuzzer command line works).
 * A finding aborts inside the harness; the driver first writes the input to
 * ./crash-driver (the input that crashes is then on disk to reproduce).
 *
 * Implementation notes: plain C99 + POSIX opendir; the mutator is a
 * xorshift64* generator seeded from -seed (default: the time), printed so a
 * run can be repeated. Inputs live in one malloc'd buffer of max_len bytes.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
#if defined(__GNUC__) || defined(__clang__)
__attribute__((weak))
#endif
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define MAX_SEEDS 4096

static uint8_t *seeds[MAX_SEEDS];
static size_t seed_len[MAX_SEEDS];
static size_t nseeds;
static uint64_t rng_state;
static const uint8_t *current;
static size_t current_len;

static uint64_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 2685821657736338717ull;
}

static size_t below(size_t n) { return n == 0 ? 0 : (size_t)(rnd() % n); }

/* On a crash (abort from a harness check, a sanitizer, a fault): write the
 * input to ./crash-driver, then die with the same signal. */
static void on_crash(int sig)
{
    int fd = open("crash-driver", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        if (current_len > 0 && write(fd, current, current_len) < 0)
            current_len = 0;
        close(fd);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static void run_one(const uint8_t *p, size_t n)
{
    current = p;
    current_len = n;
    (void)LLVMFuzzerTestOneInput(p, n);
}

static void add_file(const char *path, size_t max_len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf;
    size_t n;
    if (f == NULL) {
        fprintf(stderr, "driver: cannot open %s\n", path);
        exit(2);
    }
    buf = malloc(max_len + 1);
    if (buf == NULL)
        exit(2);
    n = fread(buf, 1, max_len, f);
    fclose(f);
    if (nseeds < MAX_SEEDS) {
        seeds[nseeds] = buf;
        seed_len[nseeds++] = n;
    } else {
        free(buf);
    }
}

static void add_path(const char *path, size_t max_len)
{
    struct stat st;
    DIR *d;
    struct dirent *e;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "driver: no such file or folder %s\n", path);
        exit(2);
    }
    if (!S_ISDIR(st.st_mode)) {
        add_file(path, max_len);
        return;
    }
    d = opendir(path);
    if (d == NULL)
        exit(2);
    while ((e = readdir(d)) != NULL) {
        char full[4096];
        if (e->d_name[0] == '.')
            continue;
        snprintf(full, sizeof full, "%s/%s", path, e->d_name);
        if (stat(full, &st) == 0 && S_ISREG(st.st_mode))
            add_file(full, max_len);
    }
    closedir(d);
}

/* One random mutation of buf[0..*n) (capacity cap). */
static void mutate(uint8_t *buf, size_t *n, size_t cap)
{
    size_t i, k, len = *n;
    switch (rnd() % 7) {
    case 0: /* flip one bit */
        if (len > 0)
            buf[below(len)] ^= (uint8_t)(1u << (rnd() % 8));
        break;
    case 1: /* set a byte to an interesting value */
        if (len > 0) {
            static const uint8_t v[] = {0, 1, 0x7f, 0x80, 0xff, '=', '\n', '"', '{', '0'};
            buf[below(len)] = v[rnd() % sizeof v];
        }
        break;
    case 2: /* random byte */
        if (len > 0)
            buf[below(len)] = (uint8_t)rnd();
        break;
    case 3: /* insert a few bytes */
        k = 1 + below(8);
        if (len + k <= cap) {
            size_t j;
            i = below(len + 1);
            memmove(buf + i + k, buf + i, len - i);
            for (j = 0; j < k; j++)
                buf[i + j] = (uint8_t)rnd();
            len += k;
        }
        break;
    case 4: /* delete a range */
        if (len > 0) {
            i = below(len);
            k = 1 + below(len - i < 16 ? len - i : 16);
            memmove(buf + i, buf + i + k, len - i - k);
            len -= k;
        }
        break;
    case 5: /* truncate */
        len = below(len + 1);
        break;
    default: /* splice with another seed */
        if (nseeds > 0) {
            size_t s = below(nseeds), at = below(len + 1), from = below(seed_len[s] + 1);
            k = seed_len[s] - from;
            if (at + k > cap)
                k = cap - at;
            memcpy(buf + at, seeds[s] + from, k);
            len = at + k;
        }
        break;
    }
    *n = len;
}

static long opt_long(const char *arg, const char *name, long def)
{
    size_t n = strlen(name);
    if (strncmp(arg, name, n) == 0 && arg[n] == '=')
        return strtol(arg + n + 1, NULL, 10);
    return def;
}

int main(int argc, char **argv)
{
    long runs = 0, max_len = 4096, max_time = 0, seed = (long)time(NULL);
    long r;
    int i, files = 0;
    uint8_t *buf;
    time_t t0 = time(NULL);
    if (LLVMFuzzerInitialize != NULL)
        LLVMFuzzerInitialize(&argc, &argv);
    for (i = 1; i < argc; i++) {
        if (argv[i][0] == '-') {
            runs = opt_long(argv[i], "-runs", runs);
            max_len = opt_long(argv[i], "-max_len", max_len);
            max_time = opt_long(argv[i], "-max_total_time", max_time);
            seed = opt_long(argv[i], "-seed", seed);
        }
    }
    if (max_len < 1)
        max_len = 1;
    for (i = 1; i < argc; i++)
        if (argv[i][0] != '-') {
            add_path(argv[i], (size_t)max_len);
            files++;
        }
    rng_state = (uint64_t)seed * 0x9e3779b97f4a7c15ull + 1;
    fprintf(stderr, "driver: %zu inputs from %d paths, %ld mutated runs, seed %ld\n", nseeds,
            files, runs, seed);
    signal(SIGABRT, on_crash);
    signal(SIGSEGV, on_crash);
    signal(SIGBUS, on_crash);
    signal(SIGFPE, on_crash);
    for (i = 0; i < (int)nseeds; i++)
        run_one(seeds[i], seed_len[i]);
    buf = malloc((size_t)max_len);
    if (buf == NULL)
        return 2;
    for (r = 0; r < runs; r++) {
        size_t n, m, k;
        if (nseeds > 0 && rnd() % 8 != 0) {
            size_t s = below(nseeds);
            n = seed_len[s];
            memcpy(buf, seeds[s], n);
        } else {
            n = below((size_t)max_len + 1);
            for (k = 0; k < n; k++)
                buf[k] = (uint8_t)rnd();
        }
        m = 1 + below(4);
        for (k = 0; k < m; k++)
            mutate(buf, &n, (size_t)max_len);
        run_one(buf, n);
        if (max_time > 0 && (r & 255) == 0 && time(NULL) - t0 >= max_time)
            break;
    }
    fprintf(stderr, "driver: done, %zu seed inputs + %ld mutated inputs in %ld s\n", nseeds,
            r, (long)(time(NULL) - t0));
    free(buf);
    return 0;
}
