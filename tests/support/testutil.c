/*
 * testutil.c -- see testutil.h.
 */
#include "testutil.h"

#include "core/registry.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

unsigned long tu_passed, tu_failed;
const char *tu_context = "";

void tu_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    tu_failed++;
    if (tu_failed > 50)
        return; /* keep logs readable */
    fprintf(stderr, "FAIL %s:%d [%s] ", file, line, tu_context);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void tu_print_hex(FILE *f, const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        fprintf(f, "%02x", p[i]);
}

int tu_eq(const char *file, int line, const void *got, const void *want, size_t n,
          const char *what)
{
    if (n == 0 || memcmp(got, want, n) == 0) {
        tu_passed++;
        return 1;
    }
    tu_fail(file, line, "%s differs", what);
    if (tu_failed <= 50) {
        fprintf(stderr, "  got:  ");
        tu_print_hex(stderr, got, n);
        fprintf(stderr, "\n  want: ");
        tu_print_hex(stderr, want, n);
        fputc('\n', stderr);
    }
    return 0;
}

int tu_finish(void)
{
    printf("%lu passed, %lu failed\n", tu_passed, tu_failed);
    fflush(stdout);
    return (tu_failed == 0 && tu_passed > 0) ? 0 : 1;
}

int tu_for_each_impl(void (*fn)(const char *impl, void *arg), void *arg)
{
    size_t i;
    int n = 0;
    const char *only = getenv("RIJN_TEST_IMPL");
    for (i = 0; i < rijn_aes_impl_count(); i++) {
        const rijn_aes_impl *impl = rijn_aes_impl_at(i);
        const char *name = rijn_aes_impl_name(impl);
        if (!rijn_aes_impl_available(impl))
            continue;
        if (only != NULL && *only != '\0' && strcmp(only, name) != 0)
            continue;
        if (rijn_aes_impl_force(name) != RIJN_OK) {
            tu_fail(__FILE__, __LINE__, "cannot force %s", name);
            continue;
        }
        tu_context = name;
        fn(name, arg);
        n++;
    }
    if (rijn_aes_impl_force(NULL) != RIJN_OK)
        tu_fail(__FILE__, __LINE__, "cannot restore auto");
    tu_context = "";
    if (n == 0)
        tu_fail(__FILE__, __LINE__, "no AES implementation ran");
    return n;
}

void tu_check_registry(const rijn_i_registry *reg)
{
    size_t i, j, idx = 99, first = reg->count;
    TU_CHECK(reg->count >= 1, "%s: empty registry", reg->primitive);
    if (reg->count == 0)
        return;
    TU_CHECK(reg->impls[reg->count - 1]->cpu == 0 &&
                 reg->impls[reg->count - 1]->available == NULL,
             "%s: the last entry (%s) is not portable", reg->primitive,
             reg->impls[reg->count - 1]->name);
    for (i = 0; i < reg->count; i++) {
        int r = rijn_i_reg_find(reg, reg->impls[i]->name, &idx);
        if (first == reg->count && rijn_i_impl_runs(reg->impls[i]))
            first = i;
        TU_CHECK(r == (rijn_i_impl_runs(reg->impls[i]) ? RIJN_OK : RIJN_ERR_UNSUPPORTED),
                 "%s: find %s", reg->primitive, reg->impls[i]->name);
        if (r == RIJN_OK)
            TU_CHECK(idx == i, "%s: find %s gave %zu", reg->primitive, reg->impls[i]->name,
                     idx);
        for (j = i + 1; j < reg->count; j++)
            TU_CHECK(strcmp(reg->impls[i]->name, reg->impls[j]->name) != 0,
                     "%s: two entries called %s", reg->primitive, reg->impls[i]->name);
    }
    TU_CHECK(rijn_i_reg_find(reg, "no-such-impl", &idx) == RIJN_ERR_UNSUPPORTED,
             "%s: unknown name", reg->primitive);
    TU_CHECK(rijn_i_reg_find(reg, "auto", &idx) == RIJN_OK && idx == first,
             "%s: auto is not the first entry that runs", reg->primitive);
    TU_CHECK(rijn_i_reg_default(reg->impls, reg->count) == first, "%s: default",
             reg->primitive);
    printf("# %s: %zu entries, default %s\n", reg->primitive, reg->count,
           reg->impls[first < reg->count ? first : reg->count - 1]->name);
}

int tu_for_each_reg(const struct rijn_i_registry *reg,
                    void (*fn)(size_t index, const char *name, void *arg), void *arg)
{
    static char ctx[64];
    size_t i;
    int n = 0;
    for (i = 0; i < reg->count; i++) {
        const rijn_i_impl *im = reg->impls[i];
        if (!rijn_i_impl_runs(im)) {
            printf("# %s/%s: does not run here (CPU or RIJN_CPU_MASK)\n", reg->primitive,
                   im->name);
            continue;
        }
        snprintf(ctx, sizeof ctx, "%s/%s", reg->primitive, im->name);
        tu_context = ctx;
        fn(i, im->name, arg);
        n++;
    }
    tu_context = "";
    if (n == 0)
        tu_fail(__FILE__, __LINE__, "no %s implementation ran", reg->primitive);
    return n;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

uint8_t *tu_unhex(const char *hex, size_t *len)
{
    size_t n = strlen(hex), i;
    uint8_t *p;
    if (n % 2 != 0)
        return NULL;
    p = malloc(n / 2 + 1);
    if (p == NULL)
        return NULL;
    for (i = 0; i < n / 2; i++) {
        int a = hexval(hex[2 * i]), b = hexval(hex[2 * i + 1]);
        if (a < 0 || b < 0) {
            free(p);
            return NULL;
        }
        p[i] = (uint8_t)(a * 16 + b);
    }
    *len = n / 2;
    return p;
}

int tu_unhex_into(uint8_t *buf, size_t n, const char *hex)
{
    size_t i;
    if (strlen(hex) != 2 * n)
        return -1;
    for (i = 0; i < n; i++) {
        int a = hexval(hex[2 * i]), b = hexval(hex[2 * i + 1]);
        if (a < 0 || b < 0)
            return -1;
        buf[i] = (uint8_t)(a * 16 + b);
    }
    return 0;
}

const char *tu_vec_path(const char *rel)
{
    static char path[4096];
    const char *dir = getenv("RIJN_VECTORS_DIR");
    if (dir == NULL || *dir == '\0')
        dir = ".";
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    return path;
}

const char *tu_vec_require(const char *rel)
{
    const char *p = tu_vec_path(rel);
    FILE *f = fopen(p, "r");
    if (f == NULL) {
        fprintf(stderr, "missing vector file %s (install the vector packages: "
                "bash scripts/setup.sh --tests, or configure with "
                "-DRIJN_VECTORS_DIR=<their site-packages>)\n", p);
        printf("%lu passed, %lu failed\n", tu_passed, tu_failed + 1);
        exit(1);
    }
    fclose(f);
    return p;
}

const char *tu_repo_vec_require(const char *rel)
{
    static char path[4096];
    const char *dir = getenv("RIJN_TESTS_DIR");
    FILE *f;
    if (dir == NULL || *dir == '\0')
        dir = RIJN_TESTS_SRC_DIR;
    snprintf(path, sizeof path, "%s/vectors/%s", dir, rel);
    f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "missing vector file %s (tests/vectors is part of the repository)\n",
                path);
        printf("%lu passed, %lu failed\n", tu_passed, tu_failed + 1);
        exit(1);
    }
    fclose(f);
    return path;
}

tu_rsp *tu_rsp_open(const char *path)
{
    tu_rsp *r = calloc(1, sizeof *r);
    if (r == NULL)
        return NULL;
    r->f = fopen(path, "r");
    if (r->f == NULL) {
        free(r);
        return NULL;
    }
    return r;
}

static char *trim(char *s)
{
    char *e;
    while (isspace((unsigned char)*s))
        s++;
    e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = '\0';
    return s;
}

int tu_rsp_next(tu_rsp *r)
{
    r->nfields = 0;
    r->used = 0;
    while (fgets(r->line, sizeof r->line, r->f) != NULL) {
        char *s = trim(r->line), *eq;
        size_t vl;
        if (*s == '#')
            continue;
        if (*s == '\0') {
            if (r->nfields > 0)
                return 1;
            continue;
        }
        if (*s == '[') {
            char *e = strchr(s, ']');
            if (e != NULL)
                *e = '\0';
            snprintf(r->section, sizeof r->section, "%s", s + 1);
            continue;
        }
        eq = strchr(s, '=');
        if (eq == NULL || r->nfields >= 48)
            continue;
        *eq = '\0';
        snprintf(r->name[r->nfields], sizeof r->name[0], "%s", trim(s));
        s = trim(eq + 1);
        vl = strlen(s) + 1;
        if (r->used + vl > sizeof r->store)
            continue;
        memcpy(r->store + r->used, s, vl);
        r->value[r->nfields++] = r->store + r->used;
        r->used += vl;
    }
    return r->nfields > 0;
}

const char *tu_rsp_get(const tu_rsp *r, const char *name)
{
    int i;
    for (i = 0; i < r->nfields; i++) {
        const char *a = r->name[i], *b = name;
        while (*a && *b && tolower((unsigned char)*a) == tolower((unsigned char)*b)) {
            a++;
            b++;
        }
        if (*a == '\0' && *b == '\0')
            return r->value[i];
    }
    return NULL;
}

uint8_t *tu_rsp_hex(const tu_rsp *r, const char *name, size_t *len)
{
    const char *v = tu_rsp_get(r, name);
    uint8_t *p;
    *len = 0;
    if (v == NULL)
        return NULL;
    p = tu_unhex(v, len);
    TU_CHECK(p != NULL, "bad hex in %s", name);
    return p;
}

void tu_rsp_close(tu_rsp *r)
{
    if (r != NULL) {
        fclose(r->f);
        free(r);
    }
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;

void tu_rand_seed(uint64_t seed)
{
    const char *s = getenv("RIJN_TEST_SEED");
    if (s != NULL && *s != '\0')
        seed = strtoull(s, NULL, 0);
    rng = seed ? seed : 1;
}

uint64_t tu_rand64(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

size_t tu_rand_below(size_t n)
{
    return n ? (size_t)(tu_rand64() % n) : 0;
}

void tu_rand_bytes(uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        p[i] = (uint8_t)(tu_rand64() >> 56);
}

int tu_quick(void)
{
    const char *q = getenv("RIJN_TEST_QUICK");
    return q != NULL && *q != '\0' && *q != '0';
}

int tu_all_zero(const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    size_t i;
    unsigned nz = 0;
    for (i = 0; i < n; i++)
        nz |= b[i];
    return nz == 0;
}
