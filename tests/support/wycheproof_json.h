/*
 * wycheproof_json.h -- a small reader for Wycheproof JSON vector files
 * (cJSON), included by the tests that run them. Header-only (static
 * functions) so it needs no change to the test build beyond linking cJSON.
 *
 *   wy_run(rel, fn, arg)   parse the file under RIJN_VECTORS_DIR (missing
 *                          file = failure), call fn(group, test, arg) for
 *                          every test; returns the number of tests.
 *   wy_hex(obj, name, &n)  malloc'd bytes of a hex field (NULL if absent)
 *   wy_int(obj, name)      integer field (-1 if absent)
 *   wy_result(test)        WY_VALID, WY_INVALID or WY_ACCEPTABLE
 *   wy_tally               counts of each result, printed by wy_print
 *   wy_aead_get(&a, test, label, suffix, tally)  an AEAD file's test
 *                          (key, iv, aad, msg, ct, tag; aes_gcm, aes_ccm,
 *                          aes_gcm_siv), freed by wy_aead_free
 *   wy_pass(rel, fn, kind, name)  one pass over a file, its count printed
 *   wy_done(name, &tally, valid, invalid)  the tally printed and checked
 */
#ifndef RIJN_TEST_WYCHEPROOF_JSON_H
#define RIJN_TEST_WYCHEPROOF_JSON_H

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#if defined(__GNUC__) || defined(__clang__)
#define WY_UNUSED __attribute__((unused))
#else
#define WY_UNUSED
#endif

enum { WY_VALID = 0, WY_INVALID = 1, WY_ACCEPTABLE = 2 };

typedef struct wy_tally {
    unsigned long n[3];
} wy_tally;

typedef void (*wy_fn)(const cJSON *group, const cJSON *test, void *arg);

static WY_UNUSED uint8_t *wy_hex(const cJSON *obj, const char *name, size_t *len)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, name);
    uint8_t *p;
    *len = 0;
    if (!cJSON_IsString(it) || it->valuestring == NULL)
        return NULL;
    p = tu_unhex(it->valuestring, len);
    TU_CHECK(p != NULL, "bad hex in field %s", name);
    return p;
}

static WY_UNUSED long wy_int(const cJSON *obj, const char *name)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, name);
    return cJSON_IsNumber(it) ? (long)it->valuedouble : -1;
}

static WY_UNUSED int wy_result(const cJSON *test)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(test, "result");
    const char *s = cJSON_IsString(it) ? it->valuestring : "";
    if (strcmp(s, "valid") == 0)
        return WY_VALID;
    if (strcmp(s, "acceptable") == 0)
        return WY_ACCEPTABLE;
    return WY_INVALID;
}

static WY_UNUSED long wy_run(const char *rel, wy_fn fn, void *arg)
{
    const char *path = tu_vec_require(rel);
    FILE *f = fopen(path, "rb");
    char *text;
    long size, count = 0;
    cJSON *root;
    const cJSON *groups, *g;
    if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 ||
        fseek(f, 0, SEEK_SET) != 0) {
        TU_CHECK(0, "cannot read %s", path);
        if (f != NULL)
            fclose(f);
        return 0;
    }
    text = malloc((size_t)size + 1);
    if (text == NULL || fread(text, 1, (size_t)size, f) != (size_t)size) {
        TU_CHECK(0, "cannot read %s", path);
        fclose(f);
        free(text);
        return 0;
    }
    fclose(f);
    text[size] = '\0';
    root = cJSON_Parse(text);
    free(text);
    TU_CHECK(root != NULL, "cannot parse %s", path);
    if (root == NULL)
        return 0;
    groups = cJSON_GetObjectItemCaseSensitive(root, "testGroups");
    cJSON_ArrayForEach(g, groups)
    {
        const cJSON *t, *tests = cJSON_GetObjectItemCaseSensitive(g, "tests");
        cJSON_ArrayForEach(t, tests)
        {
            fn(g, t, arg);
            count++;
        }
    }
    cJSON_Delete(root);
    TU_CHECK(count > 0, "no tests in %s", path);
    return count;
}

static WY_UNUSED void wy_print(const char *name, const wy_tally *t)
{
    printf("Wycheproof %s: %lu valid, %lu invalid, %lu acceptable\n", name, t->n[WY_VALID],
           t->n[WY_INVALID], t->n[WY_ACCEPTABLE]);
}

/* One test of an AEAD file: its fields (malloc'd; NULL if absent), its
 * result and a name for messages ("<label> tcId N<suffix>"). */
typedef struct wy_aead {
    uint8_t *key, *iv, *aad, *msg, *ct, *tag;
    size_t kl, ivl, al, ml, cl, tl;
    int res;
    char what[96];
} wy_aead;

/* Reads test into a and counts its result in tally (NULL: not counted,
 * for the passes after the first). An "acceptable" result or a missing
 * field fails the test; returns 1 if all six fields are there. */
static WY_UNUSED int wy_aead_get(wy_aead *a, const cJSON *test, const char *label,
                                 const char *suffix, wy_tally *tally)
{
    int ok;
    a->key = wy_hex(test, "key", &a->kl);
    a->iv = wy_hex(test, "iv", &a->ivl);
    a->aad = wy_hex(test, "aad", &a->al);
    a->msg = wy_hex(test, "msg", &a->ml);
    a->ct = wy_hex(test, "ct", &a->cl);
    a->tag = wy_hex(test, "tag", &a->tl);
    a->res = wy_result(test);
    if (tally != NULL)
        tally->n[a->res]++;
    snprintf(a->what, sizeof a->what, "%s tcId %ld%s", label, wy_int(test, "tcId"), suffix);
    TU_CHECK(a->res != WY_ACCEPTABLE, "%s: acceptable case not expected", a->what);
    ok = a->key != NULL && a->iv != NULL && a->aad != NULL && a->msg != NULL && a->ct != NULL &&
         a->tag != NULL;
    TU_CHECK(ok, "%s: fields", a->what);
    return ok;
}

static WY_UNUSED void wy_aead_free(wy_aead *a)
{
    free(a->key);
    free(a->iv);
    free(a->aad);
    free(a->msg);
    free(a->ct);
    free(a->tag);
}

/* One pass over the file rel (fn on every test), its count printed as
 * "  Wycheproof <file> with <kind> <name>: N tests". */
static WY_UNUSED void wy_pass(const char *rel, wy_fn fn, const char *kind, const char *name)
{
    const char *base = strrchr(rel, '/');
    long n = wy_run(rel, fn, NULL);
    printf("  Wycheproof %s with %s %s: %ld tests\n", base != NULL ? base + 1 : rel, kind, name,
           n);
}

/* The tally printed; the file must have held more than min_valid valid
 * and min_invalid invalid cases (a truncated or renamed file fails). */
static WY_UNUSED void wy_done(const char *name, const wy_tally *t, unsigned long min_valid,
                              unsigned long min_invalid)
{
    wy_print(name, t);
    TU_CHECK(t->n[WY_VALID] > min_valid && t->n[WY_INVALID] > min_invalid, "%s: tally", name);
}

#endif
