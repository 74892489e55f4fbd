/*
 * cmd_pwhash.c -- `rijn pwhash`: Argon2 password hashes as PHC strings
 * ("$argon2id$v=19$m=65536,t=3,p=4$salt$hash", as libsodium's
 * crypto_pwhash_str and argon2-cffi write them; rijn/argon2.h).
 *
 * Implementation notes: the password is read from --passphrase-file
 * (first line) or the terminal (asked twice when hashing), never from the
 * command line. Hashing draws a 16-byte salt and writes a 32-byte hash;
 * the work area (m KiB) is malloc'd here and wiped by the library.
 * --verify exits 0 on a match and 1 otherwise; --needs-rehash prints
 * "yes" when the string's type or costs differ from --type/-t/-m/-p,
 * else "no". Defaults: argon2-cffi's (RFC 9106 second recommendation: t 3,
 * m 64 MiB, p 4).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file_io.h"

enum { O_TYPE = 1, O_T, O_M, O_P, O_PASSFILE, O_VERIFY, O_REHASH, O_HELP };

static const cli_opt opts[] = {
    {"type", 0, 1, O_TYPE},           {"iter", 't', 1, O_T},
    {"memory", 'm', 1, O_M},          {"lanes", 'p', 1, O_P},
    {"passphrase-file", 0, 1, O_PASSFILE}, {"verify", 0, 1, O_VERIFY},
    {"needs-rehash", 0, 1, O_REHASH}, {"help", 'h', 0, O_HELP},
    {NULL, 0, 0, 0}};

static void help(void)
{
    printf("usage: rijn pwhash [--type argon2id|argon2i] [-t N] [-m KIB] [-p N]\n"
           "                  [--passphrase-file F]\n"
           "       rijn pwhash --verify PHC_STRING [--passphrase-file F]\n"
           "       rijn pwhash --needs-rehash PHC_STRING [--type T] [-t N] [-m KIB] [-p N]\n\n"
           "Hash a password with Argon2 into a PHC string (as libsodium's\n"
           "crypto_pwhash_str and argon2-cffi), check a password against one\n"
           "(constant-time comparison), or tell whether a string's costs differ\n"
           "from the given ones. The password is the first line of F, or typed.\n\n"
           "  --type T           argon2id (default) or argon2i\n"
           "  -t, --iter N       passes (default 3)\n"
           "  -m, --memory KIB   memory in KiB (default 65536 = 64 MiB)\n"
           "  -p, --lanes N      lanes (default 4)\n\n"
           "exit status: 0 ok (hash written, password matches, or --needs-rehash\n"
           "answered), 1 no match or failure, 2 usage error or malformed string.\n");
}

static int num(const char *s, uint32_t *v)
{
    char *end;
    unsigned long x = strtoul(s, &end, 10);
    if (s[0] < '0' || s[0] > '9' || *end != 0 || x == 0 || x > 0xFFFFFFFFul) {
        cli_err("invalid number '%s'", s);
        return -1;
    }
    *v = (uint32_t)x;
    return 0;
}

static int password(const char *file, uint8_t *pw, size_t *len, int confirm)
{
    return file != NULL ? fio_pass_file(file, pw, len) : fio_pass_tty(pw, len, confirm);
}

/* The command line. */
typedef struct pw_opts {
    const char *pass_file, *verify, *rehash;
    uint32_t type, t, m, p;
} pw_opts;

/* One option into o; -1 to go on, else the exit status. */
static int take_opt(pw_opts *o, int id, const char *val)
{
    switch (id) {
    case -1: return CLI_USAGE;
    case O_HELP: help(); return CLI_OK;
    case O_TYPE:
        if (strcmp(val, "argon2id") == 0)
            o->type = RIJN_ARGON2_ID;
        else if (strcmp(val, "argon2i") == 0)
            o->type = RIJN_ARGON2_I;
        else {
            cli_err("unknown type '%s' (argon2id, argon2i)", val);
            return CLI_USAGE;
        }
        return -1;
    case O_T: return num(val, &o->t) ? CLI_USAGE : -1;
    case O_M: return num(val, &o->m) ? CLI_USAGE : -1;
    case O_P: return num(val, &o->p) ? CLI_USAGE : -1;
    case O_PASSFILE: o->pass_file = val; return -1;
    case O_VERIFY: o->verify = val; return -1;
    case O_REHASH: o->rehash = val; return -1;
    default: cli_err("unexpected argument '%s' (see --help)", val); return CLI_USAGE;
    }
}

/* --needs-rehash: prints yes or no. */
static int needs_rehash(const pw_opts *o)
{
    int r = rijn_argon2_str_needs_rehash(o->rehash, o->type, o->t, o->m, o->p);
    if (r < 0) {
        cli_err("not an Argon2 PHC string (or unsupported: version 19 only)");
        return CLI_USAGE;
    }
    printf("%s\n", r ? "yes" : "no");
    return CLI_OK;
}

/* The Argon2 memory the run needs (from the string to verify, or the
 * costs); 0 after a message. */
static size_t work_size(const pw_opts *o)
{
    rijn_argon2_str_info info;
    size_t ws;
    if (o->verify != NULL) {
        if (rijn_argon2_str_decode(o->verify, &info) != RIJN_OK || info.work_size == 0) {
            cli_err("not an Argon2 PHC string (or unsupported: version 19 only)");
            return 0;
        }
        return info.work_size;
    }
    if ((ws = rijn_argon2_work_size(o->m, o->p)) == 0)
        cli_err("invalid costs (memory must be at least 8 KiB per lane)");
    return ws;
}

/* --verify STRING: the exit status says whether pw matches. */
static int verify(const pw_opts *o, const uint8_t *pw, size_t plen, void *work, size_t ws)
{
    int r = rijn_argon2_str_verify(o->verify, pw, plen, work, ws);
    if (r != RIJN_OK)
        cli_err(r == RIJN_ERR_AUTH ? "password does not match" : "verify: %s",
                rijn_strerror(r));
    return r == RIJN_OK ? CLI_OK : CLI_FAIL;
}

/* Hash pw with a random salt and print the PHC string. */
static int hash(const pw_opts *o, const uint8_t *pw, size_t plen, void *work, size_t ws)
{
    uint8_t salt[16];
    char out[RIJN_ARGON2_STR_MAX];
    int r, rc = fio_random(salt, sizeof salt);
    if (rc != CLI_OK)
        return rc;
    r = rijn_argon2_str(out, sizeof out, o->type, o->t, o->m, o->p, pw, plen, salt, sizeof salt,
                        32, work, ws);
    if (r != RIJN_OK) {
        cli_err("argon2: %s", rijn_strerror(r));
        return CLI_FAIL;
    }
    printf("%s\n", out);
    return CLI_OK;
}

static int run(int argc, char **argv)
{
    cli_args a;
    pw_opts o = {NULL, NULL, NULL, RIJN_ARGON2_ID, 3, 65536, 4};
    uint8_t pw[FIO_PASS_MAX];
    size_t plen = 0, ws;
    void *work;
    int id, rc;
    cli_args_init(&a, argc, argv);
    while ((id = cli_next(&a, opts)) != 0)
        if ((rc = take_opt(&o, id, a.val)) >= 0)
            return rc;
    if (o.rehash != NULL)
        return needs_rehash(&o);
    if ((ws = work_size(&o)) == 0)
        return CLI_USAGE;
    rc = password(o.pass_file, pw, &plen, o.verify == NULL);
    if (rc != CLI_OK)
        return rc;
    work = malloc(ws);
    if (work == NULL) {
        cli_err("cannot allocate %zu bytes of Argon2 memory", ws);
        rijn_wipe(pw, sizeof pw);
        return CLI_FAIL;
    }
    rc = o.verify != NULL ? verify(&o, pw, plen, work, ws) : hash(&o, pw, plen, work, ws);
    free(work);
    rijn_wipe(pw, sizeof pw);
    return rc;
}

const cli_command cli_cmd_pwhash = {"pwhash", "Argon2 password hashes as PHC strings "
                                              "(create, verify, needs-rehash)", run};
