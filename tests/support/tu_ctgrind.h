/*
 * tu_ctgrind.h -- Valgrind memcheck glue shared by the constant-time
 * ("ctgrind") tests: tests/<family>/test_*_ctgrind.c and tests/ctgrind/ctgrind_aes.c.
 *
 * Implementation notes
 *   Secrets are marked undefined (TU_SECRET); memcheck then reports every
 *   conditional jump and every memory address computed from them. Values
 *   the API gives back on purpose are marked defined again (TU_PUBLIC)
 *   before the test looks at them. Outside Valgrind the client requests do
 *   nothing, so each test re-runs itself under valgrind (tu_ct_valgrind).
 *   Every test also proves that the check can fail (a planted leak that
 *   must be reported: tu_ct_planted_branch, tu_ct_leaky_aes).
 *
 *   TU_HAVE_MEMCHECK        1 when <valgrind/memcheck.h> was found
 *   TU_CTGRIND              1 when a ctgrind test can run: memcheck.h found
 *                           and no sanitizer (Valgrind cannot run those)
 *   TU_SECRET(p, n)         mark n bytes at p undefined (secret)
 *   TU_PUBLIC(p, n)         mark them defined (declassified)
 *   TU_ERRORS_IN(n, block)  n = memcheck reports while running block
 *   tu_ct_skip()            prints why the test is skipped, returns 77
 *   tu_ct_valgrind(...)     runs this program again under valgrind
 *   tu_ct_main(...)         the two-pass driver ("ct", then "leaky")
 *   tu_ct_planted_env(...)  the parent's two runs when an environment
 *                           variable plants the leak
 */
#ifndef RIJN_TU_CTGRIND_H
#define RIJN_TU_CTGRIND_H

#include "testutil.h"

#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define TU_HAVE_MEMCHECK 1
#endif
#endif
#ifndef TU_HAVE_MEMCHECK
#define TU_HAVE_MEMCHECK 0
#endif

#if defined(__SANITIZE_ADDRESS__)
#define TU_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define TU_SANITIZED 1
#endif
#endif
#ifndef TU_SANITIZED
#define TU_SANITIZED 0
#endif

#define TU_CTGRIND (TU_HAVE_MEMCHECK && !TU_SANITIZED)

#if TU_HAVE_MEMCHECK
#define TU_SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define TU_PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#define TU_ERRORS_IN(n, block)                                    \
    do {                                                          \
        unsigned long e0_ = (unsigned long)VALGRIND_COUNT_ERRORS; \
        block;                                                    \
        (n) = (unsigned long)VALGRIND_COUNT_ERRORS - e0_;         \
    } while (0)
#endif

/* Prints "valgrind/memcheck.h missing or sanitizer build: skipped" and
 * returns 77 (ctest's skip code). */
int tu_ct_skip(void);

/* tu_ct_valgrind flags. TU_CT_ERROR_EXIT: valgrind exits with 99 when it
 * reported anything (--error-exitcode=99); TU_CT_NO_LOG: valgrind's log
 * goes to /dev/null (the program's exit code is kept); TU_CT_MUTE: the
 * program's own stdout and stderr go to /dev/null too. */
#define TU_CT_ERROR_EXIT 1u
#define TU_CT_NO_LOG 2u
#define TU_CT_MUTE 4u

/* Runs "valgrind -q --leak-check=no <flags> self [arg]", with env
 * ("NAME=VALUE", or NULL) set in the child. Returns its exit status, 77
 * when valgrind cannot be started, -1 when it did not exit normally. */
int tu_ct_valgrind(const char *self, const char *arg, const char *env, unsigned flags);

/* A branch on secret[3] that memcheck must report (checked with TU_CHECK
 * and printed); call under valgrind with secret marked undefined. */
unsigned long tu_ct_planted_branch(const uint8_t *secret);

/* Runs fn(name) with each available constant-time AES class forced
 * (TU_CHECKed), then restores "auto". */
void tu_ct_each_aes(void (*fn)(const char *name));

/* The leak self-check of the AES-based tests: tu_ct_planted_branch(secret),
 * then run_ops("AES small", 0) with the table-based "small" class forced
 * (when compiled in), whose S-box lookups must be reported. Returns
 * tu_finish(). */
int tu_ct_leaky_aes(const uint8_t *secret, unsigned long (*run_ops)(const char *label, int must));

/* Two-pass driver. "self ct" and "self leaky" (child modes, under
 * valgrind) run ct() or leaky(). With no argument: under valgrind already
 * (scripts/valgrind.sh), ct() directly; otherwise pass 1 runs "self ct"
 * with --error-exitcode=99 (no report allowed anywhere: what names the
 * operations checked), pass 2 runs "self leaky" with valgrind's log
 * discarded (leaky() itself checks that the planted leaks were counted).
 * Skips (77) without valgrind. */
int tu_ct_main(int argc, char **argv, const char *what, int (*ct)(void), int (*leaky)(void));
/* The parent side of a test whose planted leak is switched on by an
 * environment variable (plant_env, "NAME=1"; the test runs its checks
 * when RUNNING_ON_VALGRIND): runs self under valgrind, where no report is
 * allowed (exit 0), then with plant_env set and its output muted, where
 * one is required (exit 99); prints "<what> clean under memcheck; planted
 * leak detected". Returns tu_finish(), or 77 when valgrind is missing. */
int tu_ct_planted_env(const char *self, const char *plant_env, const char *what);

/* main() of such a test: seeds the generator, runs checks() under
 * valgrind, else tu_ct_planted_env; without memcheck (or in a sanitizer
 * build) prints why and skips (77). checks exists only when TU_CTGRIND. */
#if TU_CTGRIND
#define TU_CT_PLANTED_MAIN(seed, checks, plant_env, what)                                  \
    int main(int argc, char **argv)                                                       \
    {                                                                                     \
        (void)argc;                                                                       \
        tu_rand_seed(seed);                                                               \
        if (RUNNING_ON_VALGRIND) {                                                        \
            checks();                                                                     \
            return tu_finish();                                                           \
        }                                                                                 \
        return tu_ct_planted_env(argv[0], plant_env, what);                               \
    }
#else
#define TU_CT_PLANTED_MAIN(seed, checks, plant_env, what)                                  \
    int main(void)                                                                        \
    {                                                                                     \
        printf("no valgrind/memcheck.h, or a sanitizer build: skipped\n");                \
        return 77;                                                                        \
    }
#endif

#endif
