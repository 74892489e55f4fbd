/*
 * testutil.h -- the small harness every C test uses.
 *
 *   TU_CHECK(cond, fmt, ...)     count a pass or a failure (prints failures)
 *   TU_EQ(got, want, n, fmt,...) compare n bytes, hex dump on failure
 *   tu_finish()                  prints "N passed, N failed", returns exit code
 *   tu_all_zero(p, n)            1 when p[0..n) is all zero (refused open, wipe)
 *   tu_for_each_impl(fn, arg)    runs fn once per available AES implementation
 *                                (forced with rijn_aes_impl_force)
 *   tu_vec_path(rel)             path under RIJN_VECTORS_DIR (site-packages)
 *   tu_repo_vec_require(rel)     path under tests/vectors (committed vectors)
 *   tu_rsp_*                     reader for CAVP .rsp / "Key = value" files
 *   tu_rand_*                    deterministic xorshift PRNG (seed from RIJN_TEST_SEED)
 *   tu_quick()                   1 when RIJN_TEST_QUICK is set (Valgrind runs):
 *                                loops should shrink their iteration counts
 */
#ifndef RIJN_TESTUTIL_H
#define RIJN_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rijn.h"

extern unsigned long tu_passed, tu_failed;
extern const char *tu_context; /* printed with failures, e.g. the impl name */

void tu_fail(const char *file, int line, const char *fmt, ...);
#define TU_CHECK(cond, ...)                                   \
    do {                                                      \
        if (cond)                                             \
            tu_passed++;                                      \
        else                                                  \
            tu_fail(__FILE__, __LINE__, __VA_ARGS__);         \
    } while (0)
int tu_eq(const char *file, int line, const void *got, const void *want, size_t n,
          const char *what);
#define TU_EQ(got, want, n, what) tu_eq(__FILE__, __LINE__, got, want, n, what)

/* Prints the tally line and returns 0 if nothing failed and something
 * passed, 1 otherwise. */
int tu_finish(void);

/* 1 when p[0..n) is all zero (a refused open's output, a wiped context) */
int tu_all_zero(const void *p, size_t n);

/* Runs fn(impl_name, arg) for each AES implementation this CPU can run,
 * with that implementation forced; restores "auto" afterwards. Returns the
 * number of implementations run. */
int tu_for_each_impl(void (*fn)(const char *impl, void *arg), void *arg);

/* Runs fn(index, name, arg) for each entry of an internal registry
 * (src/core/registry.h: ChaCha20, Poly1305, ...) that runs on this CPU
 * (RIJN_CPU_MASK hides entries), with tu_context "primitive/name"; the
 * test binds the entry itself (rijn_i_<prim>_use). Returns the number run;
 * none is a failure. */
struct rijn_i_registry;
/* The registry's contract: the last entry is portable (needs nothing),
 * names are unique, force-by-name (rijn_i_reg_find) succeeds exactly for
 * the entries that run here, an unknown name is RIJN_ERR_UNSUPPORTED,
 * "auto" and the default are the first entry that runs. */
void tu_check_registry(const struct rijn_i_registry *reg);
int tu_for_each_reg(const struct rijn_i_registry *reg,
                    void (*fn)(size_t index, const char *name, void *arg), void *arg);

/* Hex: decode into a malloc'd buffer (*len set); NULL on bad hex. */
uint8_t *tu_unhex(const char *hex, size_t *len);
/* Hex decode into buf of exactly n bytes; 0 on success. */
int tu_unhex_into(uint8_t *buf, size_t n, const char *hex);
void tu_print_hex(FILE *f, const uint8_t *p, size_t n);

/* Vector files. tu_vec_path returns a static buffer; tu_vec_require exits
 * with a failure when the file is missing (vectors are installed by the
 * test command, so a missing file is an error, not a skip). */
const char *tu_vec_path(const char *rel);
const char *tu_vec_require(const char *rel);
/* The same for the vectors committed under tests/vectors (directory from
 * RIJN_TESTS_DIR, else the source tree this program was built from). */
const char *tu_repo_vec_require(const char *rel);

/* CAVP .rsp reader: one record = consecutive "Name = value" lines; blank
 * lines end a record; "[SECTION]" lines are remembered as the section;
 * "#" lines are skipped. Names are matched case-insensitively. */
typedef struct tu_rsp {
    FILE *f;
    char section[128];
    int nfields;
    char name[48][64];
    char *value[48];
    char line[1 << 17];
    char store[1 << 20];
    size_t used;
} tu_rsp;
tu_rsp *tu_rsp_open(const char *path); /* NULL if the file cannot be read */
int tu_rsp_next(tu_rsp *r);            /* 1 = a record is loaded, 0 = end */
const char *tu_rsp_get(const tu_rsp *r, const char *name); /* NULL if absent */
/* The field as bytes (malloc'd, the caller frees), *len its length; NULL
 * and 0 if absent; bad hex is a failed check (and NULL). */
uint8_t *tu_rsp_hex(const tu_rsp *r, const char *name, size_t *len);
void tu_rsp_close(tu_rsp *r);

/* Deterministic PRNG. */
void tu_rand_seed(uint64_t seed);
uint64_t tu_rand64(void);
size_t tu_rand_below(size_t n);
void tu_rand_bytes(uint8_t *p, size_t n);

int tu_quick(void);

/* The unpacked source tree of a peer package (scripts/fetch-peers.sh
 * <peer>: cryptopp, botan, bouncycastle...) into dir; 0 = there, -1 = not
 * (fetch-peers' reason printed on stderr). tu_peer.c. */
int tu_peer_dir(const char *peer, char *dir, size_t cap);

/* Re-run this test program (argv of main) with RIJN_CPU_MASK = mask & the
 * current mask and child_env set, and check that it exits 0; the caller
 * skips the re-runs when tu_rerun_is_child(child_env). Linux; elsewhere
 * it prints how to run the mask by hand (tu_rerun.c). */
void tu_rerun_masked(char **argv, uint32_t mask, const char *what, const char *child_env);
int tu_rerun_is_child(const char *child_env);
/* The SHA-3 tests' re-runs (child_env RIJN_SHA3_CHILD; none in a child):
 * the default Keccak-f[1600] ("avx512vl" or "bmi1" on x86-64) ran first,
 * then AVX-512 hidden ("bmi1"), then BMI1 too (the portable permutation). */
void tu_rerun_keccak(char **argv);

#endif
