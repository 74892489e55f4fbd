/*
 * hash_cli.h -- what the two files of `rijn hash` share: the algorithm
 * entry, the streaming digest of one file and sha256sum's name escapes.
 *
 * Files: cmd_hash.c (algorithms, options, help, digest lines),
 * hash_check.c (--check: reading and verifying a digest list).
 */
#ifndef RIJN_CLI_HASH_H
#define RIJN_CLI_HASH_H

#include <stddef.h>
#include <stdint.h>

typedef struct hash_alg {
    const char *name;
    const char *rijn; /* rijn_hash_find name; NULL for SHAKE */
    int shake;        /* 128 or 256 (SHAKE); 1 Ascon-Hash256, 2 Ascon-XOF128 */
    int legacy;
} hash_alg;

#define IS_ASCON(a) ((a)->shake == 1 || (a)->shake == 2)
#define IS_XOF(a) ((a)->shake >= 2)

#define MAX_OUT 4096 /* SHAKE output bytes */

/* Digest of the file at path ("-" = stdin) into out[out_len].
 * 0, or -1 with errno set (the file could not be read). */
int hash_digest_file(const hash_alg *alg, const char *path, uint8_t *out, size_t out_len);

/* Print name with sha256sum's escapes (the caller printed the leading
 * backslash when needed). */
void hash_put_name(const char *name);

/* `--check LIST`: verify every "<hex>  <name>" line of list ('-' = stdin),
 * print the results and sha256sum's warnings; the exit status. */
int hash_check_list(const hash_alg *alg, size_t out_len, const char *list, int quiet,
                    int silent);

#endif
