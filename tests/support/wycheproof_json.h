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

#endif
