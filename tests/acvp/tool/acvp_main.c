/*
 * acvp_main.c -- `rijn-acvp FILE|-`, the ACVP test harness (a test tool
 * built with the tests, not part of the shipped `rijn`): answers a NIST
 * ACVP vector set (the
 * prompt.json of ACVP-Server gen-val/json-files) with the response in the
 * shape of expectedResults.json: the same vsId, algorithm, mode,
 * revision, isSample, testGroups[].tgId, tests[].tcId, plus each test's
 * results (and "resultsArray" for Monte Carlo tests).
 *
 * Implementation notes: the input is a bare vector-set object or the
 * protocol's array form [{"acvVersion": ...}, {vector set}]; the output
 * has the same form. Parsing and printing use cJSON. The algorithm is
 * looked up in the registry built from acvp_families.h; each family file
 * runs whole test groups. Malformed JSON, an unknown algorithm or a
 * missing field gives one message on stderr and exit status 2; a case the
 * library refuses or does not support gives exit status 1. Nothing is
 * printed on stdout unless every group succeeded. The tool links the
 * library like any consumer, plus the CLI's option/file/hex helpers
 * (cli/util.c) and mode table (cli/modeops.c), compiled in from cli/.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acvp.h"

static const acvp_algo *const families[] = {
#define ACVP_FAMILY(fam) acvp_##fam##_algos,
#include "acvp_families.h"
#undef ACVP_FAMILY
};

int acvp_fail(acvp_err *e, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
    return code;
}

int acvp_has(const cJSON *obj, const char *name)
{
    return cJSON_GetObjectItemCaseSensitive(obj, name) != NULL;
}

int acvp_get_int(const cJSON *obj, const char *name, long *v, acvp_err *e)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, name);
    if (!cJSON_IsNumber(it) || it->valuedouble < 0 || it->valuedouble > 1e15 ||
        (double)(long)it->valuedouble != it->valuedouble)
        return acvp_fail(e, ACVP_BAD_INPUT, "\"%s\" missing or not a non-negative integer", name);
    *v = (long)it->valuedouble;
    return 0;
}

int acvp_get_str(const cJSON *obj, const char *name, const char **v, acvp_err *e)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, name);
    if (!cJSON_IsString(it) || it->valuestring == NULL)
        return acvp_fail(e, ACVP_BAD_INPUT, "\"%s\" missing or not a string", name);
    *v = it->valuestring;
    return 0;
}

int acvp_get_hex(const cJSON *obj, const char *name, uint8_t **p, size_t *n, acvp_err *e)
{
    const char *s = "";
    size_t len;
    if (acvp_get_str(obj, name, &s, e) != 0)
        return ACVP_BAD_INPUT;
    len = strlen(s);
    *p = cli_alloc(len / 2 + 1);
    if (len % 2 != 0 || cli_parse_hex(s, *p, len / 2 + 1, n) != 0) {
        free(*p);
        *p = NULL;
        return acvp_fail(e, ACVP_BAD_INPUT, "\"%s\" is not an even-length hex string", name);
    }
    return 0;
}

void acvp_add_hex(cJSON *obj, const char *name, const uint8_t *p, size_t n)
{
    char *h = cli_hex(p, n, 1);
    cJSON_AddStringToObject(obj, name, h);
    free(h);
}

int acvp_random(uint8_t *p, size_t n, acvp_err *e)
{
    FILE *f = fopen("/dev/urandom", "rb");
    size_t got = 0;
    if (f != NULL) {
        got = fread(p, 1, n, f);
        fclose(f);
    }
    if (got != n)
        return acvp_fail(e, ACVP_FAILED, "cannot read /dev/urandom for a generated IV");
    return 0;
}

static const acvp_algo *find_algo(const char *name, const char *rev)
{
    size_t f;
    const acvp_algo *a;
    for (f = 0; f < sizeof families / sizeof families[0]; f++)
        for (a = families[f]; a->name != NULL; a++)
            if (strcmp(a->name, name) == 0 && (a->revision == NULL || strcmp(a->revision, rev) == 0))
                return a;
    return NULL;
}

static void copy_member(cJSON *dst, const cJSON *src, const char *name)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(src, name);
    if (it != NULL)
        cJSON_AddItemToObject(dst, name, cJSON_Duplicate(it, 1));
}

/* Answer one vector set; *resp set on success. */
static int answer(const cJSON *vs, cJSON **resp, acvp_err *e)
{
    const char *name = "", *rev = "";
    const acvp_algo *alg;
    const cJSON *groups, *tg;
    cJSON *r, *rgroups;
    long id;
    int rc;
    *resp = NULL;
    if (!cJSON_IsObject(vs))
        return acvp_fail(e, ACVP_BAD_INPUT, "the vector set is not a JSON object");
    if (acvp_get_str(vs, "algorithm", &name, e) != 0 || acvp_get_int(vs, "vsId", &id, e) != 0)
        return ACVP_BAD_INPUT;
    /* NIST's ACVP-AES-GCM-SIV sets have no "revision": match any-revision entries */
    if (acvp_has(vs, "revision") && acvp_get_str(vs, "revision", &rev, e) != 0)
        return ACVP_BAD_INPUT;
    alg = NULL;
    {
        /* algorithms with modes (Ascon): entries are named "<algorithm>-<mode>" */
        const cJSON *m = cJSON_GetObjectItemCaseSensitive(vs, "mode");
        if (cJSON_IsString(m) && m->valuestring != NULL && m->valuestring[0] != '\0') {
            char full[128];
            snprintf(full, sizeof full, "%.60s-%.60s", name, m->valuestring);
            alg = find_algo(full, rev);
        }
    }
    if (alg == NULL)
        alg = find_algo(name, rev);
    if (alg == NULL)
        return acvp_fail(e, ACVP_BAD_INPUT, "unsupported algorithm \"%s\" revision \"%s\"", name,
                         rev);
    groups = cJSON_GetObjectItemCaseSensitive(vs, "testGroups");
    if (!cJSON_IsArray(groups))
        return acvp_fail(e, ACVP_BAD_INPUT, "\"testGroups\" missing or not an array");
    r = cJSON_CreateObject();
    copy_member(r, vs, "vsId");
    copy_member(r, vs, "algorithm");
    copy_member(r, vs, "mode");
    copy_member(r, vs, "revision");
    copy_member(r, vs, "isSample");
    rgroups = cJSON_AddArrayToObject(r, "testGroups");
    cJSON_ArrayForEach(tg, groups)
    {
        cJSON *rtg;
        long tgid = 0;
        if (!cJSON_IsObject(tg) || acvp_get_int(tg, "tgId", &tgid, e) != 0) {
            cJSON_Delete(r);
            return acvp_fail(e, ACVP_BAD_INPUT, "a test group is not an object with \"tgId\"");
        }
        rtg = cJSON_CreateObject();
        cJSON_AddItemToArray(rgroups, rtg);
        cJSON_AddNumberToObject(rtg, "tgId", (double)tgid);
        rc = alg->run_group(alg, tg, rtg, e);
        if (rc != 0) {
            char tmp[sizeof e->msg];
            snprintf(tmp, sizeof tmp, "%s", e->msg);
            snprintf(e->msg, sizeof e->msg, "%.40s tgId %ld: %.200s", name, tgid, tmp);
            cJSON_Delete(r);
            return rc;
        }
    }
    *resp = r;
    return 0;
}

enum { O_OUT = 1, O_IMPL, O_HELP };
static const cli_opt opts[] = {{"out", 'o', 1, O_OUT},
                               {"impl", 0, 1, O_IMPL},
                               {"help", 'h', 0, O_HELP},
                               {NULL, 0, 0, 0}};

static void help(void)
{
    size_t f;
    const acvp_algo *a, *b;
    printf("usage: rijn-acvp [-o FILE] [--impl NAME] FILE|-\n\n"
           "Answer a NIST ACVP vector set (prompt.json, a bare object or the\n"
           "[{\"acvVersion\":..}, {..}] array form) with the response in the shape\n"
           "of expectedResults.json, on stdout or in FILE.\n\n"
           "  -o, --out FILE   write the response to FILE\n"
           "      --impl NAME  force an AES implementation\n"
           "  -h, --help       this help\n\n"
           "algorithms:");
    for (f = 0; f < sizeof families / sizeof families[0]; f++)
        for (a = families[f]; a->name != NULL; a = b) {
            /* one name per algorithm; its revisions when it has several */
            for (b = a + 1; b->name != NULL && strcmp(b->name, a->name) == 0; b++)
                ;
            printf(" %s", a->name);
            if (b > a + 1) {
                const acvp_algo *r;
                for (r = a; r < b; r++)
                    printf("%s%s", r == a ? " (revisions " : ", ",
                           r->revision != NULL ? r->revision : "any");
                printf(")");
            }
        }
    printf("\n\nexit status: 0 ok, 1 a test could not be run, 2 malformed input or\n"
           "unknown algorithm\n");
}

static int run(int argc, char **argv)
{
    cli_args a;
    int id, rc, status = CLI_USAGE;
    const char *path = NULL, *out_path = NULL, *impl = NULL;
    cli_buf in = {NULL, 0};
    cJSON *doc = NULL, *resp = NULL, *out = NULL;
    char *text = NULL;
    acvp_err e;
    memset(&e, 0, sizeof e);
    cli_args_init(&a, argc, argv);
    while ((id = cli_next(&a, opts)) != 0) {
        switch (id) {
        case -1: return CLI_USAGE;
        case O_HELP: help(); return CLI_OK;
        case O_OUT: out_path = a.val; break;
        case O_IMPL: impl = a.val; break;
        default:
            if (path != NULL) {
                cli_err("give one vector-set file");
                return CLI_USAGE;
            }
            path = a.val;
        }
    }
    if (path == NULL) {
        cli_err("give a vector-set file, or - for stdin (see --help)");
        return CLI_USAGE;
    }
    if (cli_force_impl(impl) != 0)
        return CLI_USAGE;
    if (cli_read_file(path, &in) != 0)
        return CLI_FAIL;
    doc = cJSON_ParseWithLength((const char *)in.p, in.n);
    if (doc == NULL) {
        const char *where = cJSON_GetErrorPtr();
        size_t off = (where != NULL && where >= (const char *)in.p &&
                      where <= (const char *)in.p + in.n)
                         ? (size_t)(where - (const char *)in.p)
                         : 0;
        cli_err("'%s' is not valid JSON (near byte %zu)", path, off);
        goto done;
    }
    if (cJSON_IsArray(doc)) {
        /* [{"acvVersion": ...}, {vector set}] */
        const cJSON *ver = cJSON_GetArrayItem(doc, 0), *vs = cJSON_GetArrayItem(doc, 1);
        if (cJSON_GetArraySize(doc) != 2 || !cJSON_IsObject(ver) ||
            !acvp_has(ver, "acvVersion")) {
            cli_err("expected [{\"acvVersion\": ...}, {vector set}]");
            goto done;
        }
        rc = answer(vs, &resp, &e);
        if (rc == 0) {
            out = cJSON_CreateArray();
            cJSON_AddItemToArray(out, cJSON_Duplicate(ver, 1));
            cJSON_AddItemToArray(out, resp);
            resp = NULL;
        }
    } else {
        rc = answer(doc, &out, &e);
    }
    if (rc != 0) {
        cli_err("%s", e.msg);
        status = rc == ACVP_BAD_INPUT ? CLI_USAGE : CLI_FAIL;
        goto done;
    }
    text = cJSON_Print(out);
    if (text == NULL) {
        cli_err("out of memory printing the response");
        status = CLI_FAIL;
        goto done;
    }
    {
        size_t n = strlen(text);
        text[n] = '\n'; /* cJSON_Print's buffer holds the NUL: reuse it */
        status = cli_write_file(out_path, (const uint8_t *)text, n + 1) == 0 ? CLI_OK : CLI_FAIL;
    }
done:
    free(text);
    cJSON_Delete(doc);
    cJSON_Delete(resp);
    cJSON_Delete(out);
    cli_buf_free(&in);
    return status;
}

const cli_command cli_cmd_acvp = {"acvp", "answer a NIST ACVP vector set (JSON)", run};

#ifndef RIJN_ACVP_NO_MAIN /* the fuzz harness links the command without main */
int main(int argc, char **argv)
{
    cli_prog = "rijn-acvp";
    return cli_cmd_acvp.run(argc, argv);
}
#endif
