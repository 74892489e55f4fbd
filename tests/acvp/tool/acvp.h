/*
 * acvp.h -- the ACVP test harness (the rijn-acvp test tool, tests/acvp/tool):
 * shared helpers and the algorithm registry.
 *
 * A family file (acvp_<family>.c) defines
 *     const acvp_algo acvp_<family>_algos[]   (ended by a {NULL} entry)
 * and gets one line in acvp_families.h. For each vector set the harness
 * finds the entry whose name equals "algorithm" (and whose revision
 * equals "revision", or any revision when the entry's is NULL), then calls
 * its run_group once per test group with the prompt group and an empty
 * response group (tgId already set) to fill with "tests".
 */
#ifndef RIJN_CLI_ACVP_H
#define RIJN_CLI_ACVP_H

#include <cjson/cJSON.h>

#include "util.h"

/* Status of a group or test: 0 ok; ACVP_BAD_INPUT when the prompt is not
 * what the spec allows (exit 2); ACVP_FAILED when the library refused a
 * valid request or the case is not supported (exit 1). The message goes
 * into err. */
#define ACVP_BAD_INPUT (-1)
#define ACVP_FAILED    (-2)

typedef struct acvp_err {
    char msg[256];
} acvp_err;

typedef struct acvp_algo acvp_algo;
struct acvp_algo {
    const char *name;     /* "ACVP-AES-CBC"                  */
    const char *revision; /* "1.0", or NULL for any          */
    int param;            /* family-specific (e.g. the mode) */
    int (*run_group)(const acvp_algo *alg, const cJSON *tg, cJSON *rtg, acvp_err *e);
};

/* The harness as a command (acvp_main.c; the fuzz harness runs it too). */
extern const cli_command cli_cmd_acvp;

/* Families (acvp_families.h). */
#define ACVP_FAMILY(fam) extern const acvp_algo acvp_##fam##_algos[];
#include "acvp_families.h"
#undef ACVP_FAMILY

/* Record an error (printf format); returns code. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
int acvp_fail(acvp_err *e, int code, const char *fmt, ...);

/* Field readers: 0 on success, ACVP_BAD_INPUT (with message) if missing
 * or of the wrong type. acvp_get_hex allocates *p (free with free()). */
int acvp_get_int(const cJSON *obj, const char *name, long *v, acvp_err *e);
int acvp_get_str(const cJSON *obj, const char *name, const char **v, acvp_err *e);
int acvp_get_hex(const cJSON *obj, const char *name, uint8_t **p, size_t *n, acvp_err *e);
/* 1 if obj has a member name. */
int acvp_has(const cJSON *obj, const char *name);
/* Add name: upper-case hex of p[n]. */
void acvp_add_hex(cJSON *obj, const char *name, const uint8_t *p, size_t n);
/* Fill p[n] with unpredictable bytes (for IVs the client generates). */
int acvp_random(uint8_t *p, size_t n, acvp_err *e);

#endif /* RIJN_CLI_ACVP_H */
