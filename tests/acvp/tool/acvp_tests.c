/*
 * acvp_tests.c -- shared helpers of the ACVP families beyond the classic
 * AES modes (see acvp_tests.h).
 *
 * Implementation notes: plain cJSON walking; every reader reports a
 * missing or mistyped field as ACVP_BAD_INPUT (exit 2) and a valid request
 * rijn cannot serve (lengths that are not whole bytes) as ACVP_FAILED
 * (exit 1). Proven by tests/acvp/test_acvp_ext.py (malformed prompts).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acvp_tests.h"

int acvp_each_test(const acvp_algo *alg, const cJSON *tg, cJSON *rtg, acvp_test_fn fn,
                   acvp_err *e)
{
    const cJSON *tests = cJSON_GetObjectItemCaseSensitive(tg, "tests"), *t;
    cJSON *rtests;
    if (!cJSON_IsArray(tests))
        return acvp_fail(e, ACVP_BAD_INPUT, "\"tests\" missing or not an array");
    rtests = cJSON_AddArrayToObject(rtg, "tests");
    cJSON_ArrayForEach(t, tests)
    {
        long tcid = 0;
        cJSON *rt;
        int rc;
        if (!cJSON_IsObject(t) || acvp_get_int(t, "tcId", &tcid, e) != 0)
            return acvp_fail(e, ACVP_BAD_INPUT, "a test is not an object with \"tcId\"");
        rt = cJSON_CreateObject();
        cJSON_AddItemToArray(rtests, rt);
        cJSON_AddNumberToObject(rt, "tcId", (double)tcid);
        rc = fn(alg, tg, t, rt, e);
        if (rc != 0) {
            char tmp[sizeof e->msg];
            memcpy(tmp, e->msg, sizeof tmp);
            return acvp_fail(e, rc, "tcId %ld: %.200s", tcid, tmp);
        }
    }
    return 0;
}

int acvp_test_type(const cJSON *tg, const char *const *allowed, const char *alg, acvp_err *e)
{
    const char *type = "";
    int i;
    if (acvp_get_str(tg, "testType", &type, e) != 0)
        return ACVP_BAD_INPUT;
    for (i = 0; allowed[i] != NULL; i++)
        if (strcmp(type, allowed[i]) == 0)
            return i;
    return acvp_fail(e, ACVP_BAD_INPUT, "testType \"%.40s\" is not defined for %s", type, alg);
}

int acvp_aft_group(const acvp_algo *alg, const cJSON *tg, cJSON *rtg, acvp_test_fn fn,
                   acvp_err *e)
{
    static const char *const types[] = {"AFT", NULL};
    int rc = acvp_test_type(tg, types, alg->name, e);
    if (rc < 0)
        return rc;
    return acvp_each_test(alg, tg, rtg, fn, e);
}

int acvp_direction(const cJSON *tg, const char *a, const char *b, acvp_err *e)
{
    const char *dir = "";
    if (acvp_get_str(tg, "direction", &dir, e) != 0)
        return ACVP_BAD_INPUT;
    if (strcmp(dir, a) == 0)
        return 1;
    if (strcmp(dir, b) == 0)
        return 0;
    return acvp_fail(e, ACVP_BAD_INPUT, "direction \"%.40s\" (want %s or %s)", dir, a, b);
}

int acvp_get_int2(const cJSON *t, const cJSON *tg, const char *name, long *v, acvp_err *e)
{
    return acvp_get_int(acvp_has(t, name) ? t : tg, name, v, e);
}

int acvp_whole_bytes(long bits, const char *name, size_t *bytes, acvp_err *e)
{
    if (bits % 8 != 0)
        return acvp_fail(e, ACVP_FAILED, "%s %ld: bit-oriented lengths are not supported", name,
                         bits);
    *bytes = (size_t)(bits / 8);
    return 0;
}

void acvp_len_governs(long bits, const uint8_t *p, size_t *n)
{
    if (bits == 0 && *n == 1 && p[0] == 0)
        *n = 0;
}

int acvp_get_data(const cJSON *t, const cJSON *tg, const char *name, const char *lenname,
                  uint8_t **p, size_t *n, acvp_err *e)
{
    long bits;
    size_t want;
    *p = NULL;
    if (lenname != NULL && (acvp_has(t, lenname) || acvp_has(tg, lenname))) {
        if (acvp_get_int2(t, tg, lenname, &bits, e) != 0)
            return ACVP_BAD_INPUT;
        if (acvp_get_hex(t, name, p, n, e) != 0)
            return ACVP_BAD_INPUT;
        acvp_len_governs(bits, *p, n);
        if ((size_t)(bits + 7) / 8 != *n) {
            free(*p);
            *p = NULL;
            return acvp_fail(e, ACVP_BAD_INPUT, "%s %ld bits does not match %zu bytes of \"%s\"",
                             lenname, bits, *n, name);
        }
        if (acvp_whole_bytes(bits, lenname, &want, e) != 0) {
            free(*p);
            *p = NULL;
            return ACVP_FAILED;
        }
        return 0;
    }
    return acvp_get_hex(t, name, p, n, e);
}

void acvp_add_passed(cJSON *rt, int ok)
{
    cJSON_AddBoolToObject(rt, "testPassed", ok ? 1 : 0);
}

int acvp_lib_error(acvp_err *e, const char *what, int r)
{
    return acvp_fail(e, ACVP_FAILED, "%s: %s", what, rijn_strerror(r));
}
