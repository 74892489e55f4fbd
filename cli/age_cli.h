/*
 * age_cli.h -- the age format in `rijn encrypt --format age` and
 * `rijn decrypt` (https://age-encryption.org/v1; the library side is
 * rijn/age.h).
 *
 * Hook: cmd_encrypt.c calls age_claims() before the legacy formats; when
 * it returns 1, age_run() runs the whole command. Claimed: `--format age`
 * anywhere in the arguments, and `rijn decrypt` whose input starts with "age-encryption.org/v1" or, after white space,
 * "-----BEGIN AGE ENCRYPTED FILE-----" (peeked without consuming it).
 *
 * Files: age_cli.c (claims, options, help, key strings and files),
 * age_crypt.c (the encrypt / decrypt engines over file_io.h).
 */
#ifndef RIJN_CLI_AGE_H
#define RIJN_CLI_AGE_H

#include "file_io.h"
#include "rijn/age.h"

#define AGE_MAX_KEYS 64
#define AGE_ARMOR_LABEL "AGE ENCRYPTED FILE"
/* age's own limit on the scrypt work factor it will compute. */
#define AGE_MAX_LOG_N 22

typedef struct age_opts {
    int enc;
    const char *in_path, *out_path;   /* NULL = stdin / stdout           */
    const char *pass_file;
    int passphrase, force, progress, armor;
    unsigned log_n;                   /* scrypt work factor (encrypt)    */
    unsigned max_log_n;               /* decrypt: refuse above           */
    size_t nrecip;                    /* X25519 recipients (encrypt)     */
    uint8_t recip[AGE_MAX_KEYS][32];
    size_t nident;                    /* X25519 identities (decrypt)     */
    uint8_t ident[AGE_MAX_KEYS][32];
} age_opts;

int age_claims(int argc, char **argv, int enc);
int age_run(int argc, char **argv, int enc);

/* age_crypt.c */
int age_encrypt(const age_opts *o);
int age_decrypt(const age_opts *o);

#endif /* RIJN_CLI_AGE_H */
