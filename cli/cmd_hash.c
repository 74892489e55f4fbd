/*
 * cmd_hash.c -- `rijn hash ALG [FILE...]` and `rijn hash ALG --check
 * FILE`: message digests in the format of sha256sum (GNU coreutils).
 *
 * Implementation notes: files are streamed through a 64 KiB buffer (no
 * size limit); the output line is "<hex>  <name>", "-" naming stdin. A
 * name holding a backslash or a newline is escaped ("\\", "\n") and its
 * line starts with a backslash, as sha256sum does (--check results escape
 * only names holding a newline, as coreutils 9 does). --check is in
 * hash_check.c (what the two files share: hash_cli.h). XOF digests (SHAKE,
 * Ascon-XOF128) have --length bytes (default 32 for shake128 and
 * ascon-xof128, 64 for shake256); when checking, the length comes from
 * each line. Ascon-Hash256 / -XOF128 are those of NIST SP 800-232; blake2b
 * is BLAKE2b-512, b2sum's default. Every hash of the library's registry
 * (rijn_hash_at) has a name here. Proven by tests/cli/test_cli_hash.py
 * (against sha256sum, sha512sum, b2sum and openssl dgst).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash_cli.h"
#include "util.h"

static const hash_alg algs[] = {
    {"sha224", "SHA-224", 0, 0},         {"sha256", "SHA-256", 0, 0},
    {"sha384", "SHA-384", 0, 0},         {"sha512", "SHA-512", 0, 0},
    {"sha512-224", "SHA-512/224", 0, 0}, {"sha512-256", "SHA-512/256", 0, 0},
    {"sha3-224", "SHA3-224", 0, 0},      {"sha3-256", "SHA3-256", 0, 0},
    {"sha3-384", "SHA3-384", 0, 0},      {"sha3-512", "SHA3-512", 0, 0},
    {"blake2b", "BLAKE2b-512", 0, 0}, /* b2sum's default */
    {"shake128", NULL, 128, 0},          {"shake256", NULL, 256, 0},
    {"ascon-hash256", NULL, 1, 0},       {"ascon-xof128", NULL, 2, 0},
    {"md5", "MD5", 0, 1},                {"sha1", "SHA-1", 0, 1}};

/* One of the three hash interfaces, chosen by the algorithm. */
typedef struct digest_ctx {
    rijn_hash_ctx hc;
    rijn_sha3_ctx sc;
    rijn_ascon_hash_ctx ac;
} digest_ctx;

static int dg_init(const hash_alg *alg, digest_ctx *d)
{
    if (IS_ASCON(alg))
        return alg->shake == 1 ? rijn_ascon_hash256_init(&d->ac) : rijn_ascon_xof128_init(&d->ac);
    if (alg->shake)
        return alg->shake == 128 ? rijn_shake128_init(&d->sc) : rijn_shake256_init(&d->sc);
    return rijn_hash_init(&d->hc, rijn_hash_find(alg->rijn));
}

static int dg_update(const hash_alg *alg, digest_ctx *d, const uint8_t *p, size_t n)
{
    return IS_ASCON(alg) ? rijn_ascon_hash_update(&d->ac, p, n)
           : alg->shake  ? rijn_sha3_update(&d->sc, p, n)
                         : rijn_hash_update(&d->hc, p, n);
}

static int dg_final(const hash_alg *alg, digest_ctx *d, uint8_t *out, size_t out_len)
{
    return alg->shake == 1 ? rijn_ascon_hash256_final(&d->ac, out)
           : alg->shake == 2 ? rijn_ascon_xof_squeeze(&d->ac, out, out_len)
           : alg->shake      ? rijn_shake_squeeze(&d->sc, out, out_len)
                             : rijn_hash_final(&d->hc, out, out_len);
}

static void dg_wipe(const hash_alg *alg, digest_ctx *d)
{
    if (IS_ASCON(alg))
        rijn_ascon_hash_wipe(&d->ac);
    else if (alg->shake)
        rijn_sha3_wipe(&d->sc);
    else
        rijn_hash_wipe(&d->hc);
}

int hash_digest_file(const hash_alg *alg, const char *path, uint8_t *out, size_t out_len)
{
    static uint8_t buf[65536];
    int own = strcmp(path, "-") != 0; /* a file we opened (else stdin) */
    FILE *f = own ? fopen(path, "rb") : stdin;
    digest_ctx d;
    size_t n;
    int r, err = 0;
    if (f == NULL)
        return -1;
    r = dg_init(alg, &d);
    while (r == RIJN_OK && (n = fread(buf, 1, sizeof buf, f)) > 0)
        r = dg_update(alg, &d, buf, n);
    if (ferror(f))
        err = errno != 0 ? errno : EIO;
    if (own)
        fclose(f);
    else
        clearerr(stdin);
    if (r == RIJN_OK && err == 0)
        r = dg_final(alg, &d, out, out_len);
    dg_wipe(alg, &d);
    if (err != 0 || r != RIJN_OK) {
        errno = err != 0 ? err : EIO;
        return -1;
    }
    return 0;
}

void hash_put_name(const char *name)
{
    for (; *name != '\0'; name++) {
        if (*name == '\\')
            fputs("\\\\", stdout);
        else if (*name == '\n')
            fputs("\\n", stdout);
        else
            putchar(*name);
    }
}

/* Digest lines escape names with a backslash or a newline; --check
 * results escape only names with a newline (as coreutils 9 does). */
static int needs_escape(const char *name)
{
    return strchr(name, '\\') != NULL || strchr(name, '\n') != NULL;
}

static int hash_files(const hash_alg *alg, size_t out_len, char **files, int nfiles)
{
    uint8_t out[MAX_OUT];
    int i, status = CLI_OK;
    static char dash[] = "-";
    char *stdin_only[1];
    stdin_only[0] = dash;
    if (nfiles == 0) {
        files = stdin_only;
        nfiles = 1;
    }
    for (i = 0; i < nfiles; i++) {
        size_t k;
        if (hash_digest_file(alg, files[i], out, out_len) != 0) {
            cli_err("%s: %s", files[i], strerror(errno));
            status = CLI_FAIL;
            continue;
        }
        if (needs_escape(files[i]))
            putchar('\\');
        for (k = 0; k < out_len; k++)
            printf("%02x", out[k]);
        fputs("  ", stdout);
        hash_put_name(files[i]);
        putchar('\n');
    }
    return fflush(stdout) == 0 ? status : CLI_FAIL;
}

enum { O_LENGTH = 1, O_CHECK, O_QUIET, O_STATUS, O_HELP };
static const cli_opt opts[] = {{"length", 'l', 1, O_LENGTH}, {"check", 'c', 1, O_CHECK},
                               {"quiet", 0, 0, O_QUIET},     {"status", 0, 0, O_STATUS},
                               {"help", 'h', 0, O_HELP},     {NULL, 0, 0, 0}};

static void help(void)
{
    size_t i;
    printf("usage: rijn hash ALG [--length N] [FILE...]\n"
           "       rijn hash ALG --check LIST [--quiet | --status]\n\n"
           "Print a digest line \"<hex>  <name>\" per FILE (stdin if none or '-'),\n"
           "the format of sha256sum; --check verifies such a list.\n\n"
           "  -l, --length N  XOF output bytes (default 32 for shake128 and\n"
           "                  ascon-xof128, 64 for shake256; at most %d)\n"
           "  -c, --check LIST read \"<hex>  <name>\" lines from LIST ('-' = stdin),\n"
           "                  print \"<name>: OK\" or \"<name>: FAILED\"; exit 1 if any\n"
           "                  failed\n"
           "      --quiet     with --check: do not print OK lines\n"
           "      --status    with --check: print nothing, answer by exit status\n"
           "  -h, --help      this help\n\nalgorithms:",
           MAX_OUT);
    for (i = 0; i < sizeof algs / sizeof algs[0]; i++)
        printf(" %s%s", algs[i].name, algs[i].legacy ? " (legacy)" : "");
    printf("\n(legacy: broken for collisions; for old formats and checksums only)\n\n"
           "exit status: 0 ok, 1 a file could not be read or a check failed,\n"
           "2 usage error\n");
}

/* The algorithm named name, or NULL after a message (*status: the exit
 * status to give). */
static const hash_alg *find_alg(const char *name, int *status)
{
    size_t i;
    const hash_alg *alg = NULL;
    *status = CLI_USAGE;
    if (name == NULL) {
        cli_err("give an algorithm (see --help)");
        return NULL;
    }
    for (i = 0; i < sizeof algs / sizeof algs[0]; i++)
        if (strcmp(algs[i].name, name) == 0)
            alg = &algs[i];
    if (alg == NULL) {
        cli_err("unknown algorithm '%s' (see --help)", name);
        return NULL;
    }
    if (alg->rijn != NULL && rijn_hash_find(alg->rijn) == NULL) {
        cli_err("%s is not compiled into this build", alg->rijn);
        *status = CLI_FAIL;
        return NULL;
    }
    return alg;
}

/* The output length: the digest size, or --length (length != NULL) for an
 * XOF; 0 after a message. */
static size_t out_length(const hash_alg *alg, const char *length)
{
    char *end = NULL;
    unsigned long v;
    if (length == NULL)
        return alg->rijn != NULL ? rijn_hash_find(alg->rijn)->digest_size
               : IS_ASCON(alg)   ? (size_t)32
                                 : (size_t)alg->shake / 4;
    v = strtoul(length, &end, 10);
    if (!IS_XOF(alg) || end == length || *end != '\0' || v < 1 || v > MAX_OUT) {
        cli_err("--length applies to shake128/shake256/ascon-xof128: 1..%d bytes", MAX_OUT);
        return 0;
    }
    return (size_t)v;
}

/* --quiet/--status only with --check, and --check without other files */
static int check_opts(const char *check, int quiet, int nfiles)
{
    if (quiet && check == NULL) {
        cli_err("--quiet and --status apply to --check");
        return 0;
    }
    if (check != NULL && nfiles > 0) {
        cli_err("--check takes one list; give no other files");
        return 0;
    }
    return 1;
}

static int run(int argc, char **argv)
{
    cli_args a;
    int id, quiet = 0, silent = 0, nfiles = 0;
    const char *alg_name = NULL, *length = NULL, *check = NULL;
    const hash_alg *alg;
    size_t out_len;
    char **files = cli_alloc(sizeof(char *) * (size_t)(argc + 1));
    int status = CLI_USAGE;
    cli_args_init(&a, argc, argv);
    while ((id = cli_next(&a, opts)) != 0) {
        switch (id) {
        case -1: goto done;
        case O_HELP: help(); status = CLI_OK; goto done;
        case O_LENGTH: length = a.val; break;
        case O_CHECK: check = a.val; break;
        case O_QUIET: quiet = 1; break;
        case O_STATUS: silent = 1; break;
        default:
            if (alg_name == NULL)
                alg_name = a.val;
            else
                files[nfiles++] = (char *)a.val;
        }
    }
    if ((alg = find_alg(alg_name, &status)) == NULL)
        goto done;
    status = CLI_USAGE;
    if ((out_len = out_length(alg, length)) == 0)
        goto done;
    if (!check_opts(check, quiet || silent, nfiles))
        goto done;
    status = check != NULL ? hash_check_list(alg, out_len, check, quiet, silent)
                           : hash_files(alg, out_len, files, nfiles);
done:
    free(files);
    return status;
}

const cli_command cli_cmd_hash = {"hash", "message digests, sha256sum-compatible (SHA-2, SHA-3, "
                                          "SHAKE, Ascon)",
                                  run};
