/*
 * ab_builds.c -- rijn against rijn: AES-GCM seal (or open, or AES-CBC
 * encrypt / decrypt) and AES-CTR of one message size through several
 * builds of librijn.so in one process, for A/B comparisons of commits
 * (scripts/ab-builds.sh builds the libraries).
 *
 *     ab_builds REPS KEYBYTES LEN lib1.so lib2.so ...
 *
 * Implementation notes
 *   Each library is loaded with dlopen(RTLD_LOCAL | RTLD_DEEPBIND), so the
 *   builds' identical symbol names do not mix; contexts are opaque 64 KiB
 *   buffers (their size differs between commits). One rep times every
 *   library once, the order rotated per rep, so load drift on the shared
 *   machine hits all of them alike; a library's figure in a rep is the best
 *   of three calls (TSC ticks per byte). Printed per library: the minimum
 *   and the median over the reps, for GCM and CTR, and the GCM/CTR ratio of
 *   the minima and the median of the per-rep ratios. Environment: IOFF=n / OOFF=n
 *   place input and output n bytes (mod 4096) past a page boundary (Python's
 *   bytes sit at +16/+48 of a cache line; n above 63 sets their distance mod
 *   4 KiB, for 4K-aliasing checks); OFF=n
 *   places the GCM context n bytes past a 64-byte boundary, INPLACE=1 seals
 *   in place, OPEN=1 times rijn_gcm_open of the sealed message instead of
 *   the seal (the tag is checked: a failure stops the run); SIV=1 times
 *   AES-GCM-SIV (rijn_gcmsiv_seal, with OPEN=1 rijn_gcmsiv_open) in the GCM
 *   columns instead of AES-GCM; CBC=enc /
 *   CBC=dec times rijn_cbc_encrypt / rijn_cbc_decrypt (LEN a multiple of
 *   16; the IV only read, so every call is the same message) instead of
 *   GCM, printed in its columns (the ratio is then CBC/CTR). A message under
 *   64 KiB is timed as 64 KiB / LEN calls in a row. Never run by
 *   the tests (they never time).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#define MAXLIB 16

typedef int (*gcm_init_f)(void *, const uint8_t *, size_t);
typedef int (*gcm_seal_f)(const void *, uint8_t *, uint8_t *, size_t, const uint8_t *, size_t,
                          const uint8_t *, size_t, const uint8_t *, size_t);
typedef int (*gcm_open_f)(const void *, uint8_t *, const uint8_t *, size_t, const uint8_t *,
                          size_t, const uint8_t *, size_t, const uint8_t *, size_t);
typedef int (*aes_init_f)(void *, const uint8_t *, size_t);
typedef int (*ctr_f)(const void *, const uint8_t *, uint8_t *, const uint8_t *, size_t);
/* rijn_cbc_encrypt / rijn_cbc_decrypt: the same shape as rijn_ctr_crypt */
typedef ctr_f cbc_f;

typedef struct lib {
    gcm_seal_f seal;
    gcm_open_f open;
    ctr_f ctr;
    cbc_f cbc; /* NULL unless CBC=enc / CBC=dec */
    void *gcm, *aes;
} lib;

static int cmpd(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int load(lib *l, const char *path, const uint8_t *key, size_t kb, size_t off,
                const char *cbc, int siv)
{
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    gcm_init_f gi;
    aes_init_f ai;
    if (h == NULL) {
        fprintf(stderr, "%s\n", dlerror());
        return -1;
    }
    gi = (gcm_init_f)(uintptr_t)dlsym(h, siv ? "rijn_gcmsiv_init" : "rijn_gcm_init");
    ai = (aes_init_f)(uintptr_t)dlsym(h, "rijn_aes_init");
    l->seal = (gcm_seal_f)(uintptr_t)dlsym(h, siv ? "rijn_gcmsiv_seal" : "rijn_gcm_seal");
    l->open = (gcm_open_f)(uintptr_t)dlsym(h, siv ? "rijn_gcmsiv_open" : "rijn_gcm_open");
    l->ctr = (ctr_f)(uintptr_t)dlsym(h, "rijn_ctr_crypt");
    l->cbc = cbc == NULL ? NULL
                         : (cbc_f)(uintptr_t)dlsym(h, strcmp(cbc, "dec") == 0 ? "rijn_cbc_decrypt"
                                                                              : "rijn_cbc_encrypt");
    l->gcm = (char *)aligned_alloc(64, 65536 + 64) + off;
    l->aes = aligned_alloc(64, 65536);
    if (!gi || !ai || !l->seal || !l->open || !l->ctr || (cbc != NULL && !l->cbc) || gi(l->gcm, key, kb) != 0 || ai(l->aes, key, kb) != 0) {
        fprintf(stderr, "%s: missing symbol or key setup failed\n", path);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static const uint8_t key[32] = {1, 2, 3}, nonce[12] = {9}, iv[16] = {7};
    uint8_t tag[16], *in, *out, *ct;
    lib L[MAXLIB];
    double *tg, *tc, *rat;
    size_t len, kb, calls, off = getenv("OFF") ? strtoul(getenv("OFF"), NULL, 0) % 64 : 0;
    int reps, n, r, i, j, k, inplace = getenv("INPLACE") != NULL, open = getenv("OPEN") != NULL;
    int siv = getenv("SIV") != NULL;
    const char *cbc = getenv("CBC"), *col = "gcm";
    const char *what = siv ? (open ? "GCM-SIV open" : "GCM-SIV seal") : open ? "GCM open" : "GCM seal";
    if (argc < 5 || argc - 4 > MAXLIB) {
        fprintf(stderr, "usage: %s REPS KEYBYTES LEN lib.so... (at most %d)\n", argv[0], MAXLIB);
        return 2;
    }
    reps = atoi(argv[1]);
    kb = strtoul(argv[2], NULL, 0);
    len = strtoul(argv[3], NULL, 0);
    n = argc - 4;
    if (reps < 1 || len == 0)
        return 2;
    if (cbc != NULL) {
        if ((strcmp(cbc, "enc") != 0 && strcmp(cbc, "dec") != 0) || len % 16 != 0) {
            fprintf(stderr, "CBC=enc or CBC=dec, with LEN a multiple of 16\n");
            return 2;
        }
        what = strcmp(cbc, "dec") == 0 ? "CBC decrypt" : "CBC encrypt";
        col = "cbc";
    }
    in = aligned_alloc(4096, len + 4096);
    out = aligned_alloc(4096, len + 4096);
    ct = aligned_alloc(4096, len + 4096);
    tg = calloc((size_t)n * reps, sizeof *tg);
    tc = calloc((size_t)n * reps, sizeof *tc);
    rat = calloc((size_t)reps, sizeof *rat);
    if (!in || !out || !ct || !tg || !tc || !rat)
        return 2;
    { /* IOFF/OOFF: input (in, ct) and output offsets from a page boundary */
        size_t io = getenv("IOFF") ? strtoul(getenv("IOFF"), NULL, 0) % 4096 : 0;
        in += io;
        ct += io;
        out += getenv("OOFF") ? strtoul(getenv("OOFF"), NULL, 0) % 4096 : 0;
    }
    /* messages under 64 KiB: several calls per timing (the TSC of this
     * KVM guest advances in steps of tens of ticks) */
    calls = len >= 65536 ? 1 : 65536 / len;
    memset(in, 0x5a, len);
    for (i = 0; i < n; i++)
        if (load(&L[i], argv[4 + i], key, kb, off, cbc, siv) != 0)
            return 1;
    if (L[0].seal(L[0].gcm, ct, tag, 16, nonce, 12, NULL, 0, in, len))
        return 3;
    for (r = 0; r < reps; r++)
        for (j = 0; j < n; j++) {
            uint64_t bg = UINT64_MAX, bc = UINT64_MAX;
            i = (j + r) % n;
            for (k = 0; k < 3; k++) {
                uint64_t t0 = __rdtsc(), t1, t2;
                size_t c;
                for (c = 0; c < calls; c++)
                    if (cbc != NULL ? L[i].cbc(L[i].aes, iv, inplace ? in : out, in, len)
                        : open ? L[i].open(L[i].gcm, out, tag, 16, nonce, 12, NULL, 0, ct, len)
                             : L[i].seal(L[i].gcm, inplace ? in : out, tag, 16, nonce, 12, NULL,
                                         0, in, len))
                        return 3;
                t1 = __rdtsc();
                for (c = 0; c < calls; c++)
                    if (L[i].ctr(L[i].aes, iv, out, in, len))
                        return 3;
                t2 = __rdtsc();
                bg = t1 - t0 < bg ? t1 - t0 : bg;
                bc = t2 - t1 < bc ? t2 - t1 : bc;
            }
            tg[(size_t)i * reps + r] = (double)bg / (double)(len * calls);
            tc[(size_t)i * reps + r] = (double)bc / (double)(len * calls);
        }
    printf("AES-%zu, %zu bytes, %d reps, %s (ticks/byte: TSC)\n", 8 * kb, len, reps, what);
    for (i = 0; i < n; i++) {
        double *g = tg + (size_t)i * reps, *c = tc + (size_t)i * reps;
        for (r = 0; r < reps; r++)
            rat[r] = g[r] / c[r];
        qsort(g, (size_t)reps, sizeof *g, cmpd);
        qsort(c, (size_t)reps, sizeof *c, cmpd);
        qsort(rat, (size_t)reps, sizeof *rat, cmpd);
        printf("%-40s %s min %.4f med %.4f  ctr min %.4f med %.4f  %s/ctr %.3f (min) %.3f "
               "(median of reps)\n",
               argv[4 + i], col, g[0], g[reps / 2], c[0], c[reps / 2], col, g[0] / c[0],
               rat[reps / 2]);
    }
    return 0;
}
