/*
 * acvp_tests.h -- helpers shared by the ACVP families beyond the classic
 * AES modes (acvp_aead.c, acvp_xts.c, acvp_kw.c, acvp_mac.c, acvp_sha.c):
 * the per-test loop, group-or-test field lookup, lengths in bits, and the
 * "testPassed" answer.
 */
#ifndef RIJN_CLI_ACVP_TESTS_H
#define RIJN_CLI_ACVP_TESTS_H

#include "acvp.h"

/* One test: t is the prompt test, rt the response test (tcId already
 * set). Returns 0, ACVP_BAD_INPUT or ACVP_FAILED (message in e). */
typedef int (*acvp_test_fn)(const acvp_algo *alg, const cJSON *tg, const cJSON *t, cJSON *rt,
                            acvp_err *e);

/* Run fn on every test of the group tg, adding "tests" to rtg. Errors are
 * prefixed with the tcId. */
int acvp_each_test(const acvp_algo *alg, const cJSON *tg, cJSON *rtg, acvp_test_fn fn,
                   acvp_err *e);

/* testType must be one of the NULL-terminated list: its index, or
 * ACVP_BAD_INPUT. */
int acvp_test_type(const cJSON *tg, const char *const *allowed, const char *alg, acvp_err *e);

/* A group whose testType must be "AFT" (the only type of most families):
 * acvp_each_test with fn, else ACVP_BAD_INPUT. */
int acvp_aft_group(const acvp_algo *alg, const cJSON *tg, cJSON *rtg, acvp_test_fn fn,
                   acvp_err *e);

/* "direction" must be a or b: 1 for a, 0 for b, or ACVP_BAD_INPUT. */
int acvp_direction(const cJSON *tg, const char *a, const char *b, acvp_err *e);

/* An integer field of the test, else of the group (ACVP 2.0 moved some
 * group fields into the tests). */
int acvp_get_int2(const cJSON *t, const cJSON *tg, const char *name, long *v, acvp_err *e);

/* A length in bits that must be whole bytes: *bytes = v / 8, or
 * ACVP_FAILED ("bit-oriented ... not supported"). */
int acvp_whole_bytes(long bits, const char *name, size_t *bytes, acvp_err *e);

/* A bit length of 0 with the one byte "00" is the empty string (CAVP and
 * some ACVP servers write "Len = 0, Msg = 00"): the length governs, so *n
 * becomes 0 then. Every reader of a data field with a bit-length field
 * calls this before comparing the two. */
void acvp_len_governs(long bits, const uint8_t *p, size_t *n);

/* Like acvp_get_hex, and when the test or group gives lenname (bits),
 * check that it matches the data (after acvp_len_governs): ACVP_BAD_INPUT
 * if not, ACVP_FAILED if it is not whole bytes. lenname may be NULL. */
int acvp_get_data(const cJSON *t, const cJSON *tg, const char *name, const char *lenname,
                  uint8_t **p, size_t *n, acvp_err *e);

/* Add "testPassed": ok. */
void acvp_add_passed(cJSON *rt, int ok);

/* Library error r as ACVP_FAILED with "what: <reason>". */
int acvp_lib_error(acvp_err *e, const char *what, int r);

#endif /* RIJN_CLI_ACVP_TESTS_H */
