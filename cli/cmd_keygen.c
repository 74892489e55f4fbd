/*
 * cmd_keygen.c -- `rijn keygen`: a new random key file for
 * `rijn encrypt -k` / `rijn decrypt -k` (docs/FORMAT.md section 8).
 *
 * Implementation notes: 32 bytes from getrandom(2) (or /dev/urandom),
 * written as 64 lower-case hex digits and "\n", to -o FILE (mode 0600,
 * created through a temporary file and never replacing an existing file
 * without --force; see file_io.h) or to stdout. The key is wiped from
 * memory before exit. --x25519 writes an X25519 identity in age-keygen's
 * format (docs/FORMAT.md section 10.1) and prints its public key on
 * stderr; -y prints the public keys of an identity file.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "file_io.h"
#include "rijn/age.h"

enum { O_OUT = 1, O_FORCE, O_HELP, O_X25519, O_PUB };

static const cli_opt opts[] = {{"output", 'o', 1, O_OUT}, {"force", 'f', 0, O_FORCE},
                               {"x25519", 0, 0, O_X25519}, {"public", 'y', 1, O_PUB},
                               {"help", 'h', 0, O_HELP},  {NULL, 0, 0, 0}};

static void help(void)
{
    printf("usage: rijn keygen [-o KEYFILE] [--force]\n"
           "       rijn keygen --x25519 [-o IDENTITY_FILE] [--force]\n"
           "       rijn keygen -y IDENTITY_FILE\n\n"
           "Write a new random 256-bit key for `rijn encrypt -k KEYFILE`: 64 hex\n"
           "digits and a newline. Keep it secret; anyone with it can decrypt.\n\n"
           "With --x25519: a new X25519 key pair for `rijn encrypt -r` / `rijn decrypt\n"
           "-i` (and age): the identity file is age-keygen's format (\"# created:\",\n"
           "\"# public key: age1...\" and the AGE-SECRET-KEY-1... line); the public\n"
           "key is printed on stderr (\"Public key: age1...\") when the file is not\n"
           "stdout. -y prints the public key of an identity file on stdout.\n\n"
           "  -o, --output F   write the key to F (mode 0600; default stdout)\n"
           "  -f, --force      replace an existing F\n"
           "      --x25519     an X25519 identity instead of a symmetric key\n"
           "  -y, --public F   the age1... public key(s) of identity file F\n"
           "  -h, --help       this help\n\n"
           "exit status: 0 ok, 1 failed (I/O), 2 usage error (F exists).\n");
}

/* -y: the public key of each identity in the file. */
static int public_of(const char *file)
{
    uint8_t ids[RIJN_FILE_STANZAS_MAX][32], pub[32];
    char text[RIJN_AGE_PUBLIC_SIZE];
    size_t n = 0, i;
    int rc = frecip_key_lines(file, 1, ids, RIJN_FILE_STANZAS_MAX, &n);
    for (i = 0; rc == CLI_OK && i < n; i++) {
        if (rijn_x25519_base(pub, ids[i]) != RIJN_OK ||
            rijn_age_public_encode(text, sizeof text, pub) != RIJN_OK)
            rc = CLI_FAIL;
        else
            printf("%s\n", text);
    }
    rijn_wipe(ids, sizeof ids);
    return rc;
}

/* --x25519: the identity file (age-keygen's format), mode 0600. */
static int identity(fio_out *out, const char *path)
{
    uint8_t sk[32], pub[32];
    char sec[RIJN_AGE_SECRET_SIZE], pubtext[RIJN_AGE_PUBLIC_SIZE], buf[256], when[32];
    time_t now = time(NULL);
    const struct tm *tm = gmtime(&now);
    int rc = fio_random(sk, sizeof sk), n = 0;
    if (rc == CLI_OK && (rijn_x25519_base(pub, sk) != RIJN_OK ||
                         rijn_age_secret_encode(sec, sizeof sec, sk) != RIJN_OK ||
                         rijn_age_public_encode(pubtext, sizeof pubtext, pub) != RIJN_OK))
        rc = CLI_FAIL;
    if (rc == CLI_OK) {
        if (tm == NULL || strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", tm) == 0)
            strcpy(when, "?");
        n = snprintf(buf, sizeof buf, "# created: %s\n# public key: %s\n%s\n", when, pubtext,
                     sec);
        rc = fio_out_begin(out, 0600, 0);
        if (rc == CLI_OK)
            rc = fio_out_write(out, (const uint8_t *)buf, (size_t)n);
        if (rc == CLI_OK)
            rc = fio_out_commit(out);
        if (rc != CLI_OK)
            fio_out_abort(out);
    }
    if (rc == CLI_OK && path != NULL && strcmp(path, "-") != 0)
        fprintf(stderr, "Public key: %s\n", pubtext);
    rijn_wipe(sk, sizeof sk);
    rijn_wipe(sec, sizeof sec);
    rijn_wipe(buf, sizeof buf);
    return rc;
}

/* A random 32-byte key written in hex to out (checked, not begun). */
static int symmetric(fio_out *out)
{
    uint8_t key[32];
    char hex[RIJN_HEX_ENCODED_SIZE(32) + 1];
    size_t n = 0;
    int rc = fio_random(key, sizeof key);
    if (rc == CLI_OK && rijn_hex_encode(hex, sizeof hex, &n, key, sizeof key) != RIJN_OK)
        rc = CLI_FAIL;
    if (rc == CLI_OK) {
        hex[n++] = '\n';
        rc = fio_out_begin(out, 0600, 0);
        if (rc == CLI_OK)
            rc = fio_out_write(out, (const uint8_t *)hex, n);
        if (rc == CLI_OK)
            rc = fio_out_commit(out);
        if (rc != CLI_OK)
            fio_out_abort(out);
    }
    rijn_wipe(key, sizeof key);
    rijn_wipe(hex, sizeof hex);
    return rc;
}

static int run(int argc, char **argv)
{
    static fio_out out;
    cli_args a;
    const char *path = NULL;
    const char *pub_of = NULL;
    int id, force = 0, rc, x25519 = 0;

    cli_args_init(&a, argc, argv);
    while ((id = cli_next(&a, opts)) != 0) {
        switch (id) {
        case -1: return CLI_USAGE;
        case O_HELP: help(); return CLI_OK;
        case O_OUT: path = a.val; break;
        case O_FORCE: force = 1; break;
        case O_X25519: x25519 = 1; break;
        case O_PUB: pub_of = a.val; break;
        default:
            cli_err("unexpected argument '%s' (see --help)", a.val);
            return CLI_USAGE;
        }
    }
    if (pub_of != NULL)
        return x25519 || path != NULL ? (cli_err("-y takes no other option"), CLI_USAGE)
                                      : public_of(pub_of);
    fio_signals_install();
    rc = fio_out_check(&out, path, force, NULL, 0, NULL);
    if (rc != CLI_OK)
        return rc;
    if (x25519)
        return identity(&out, path);
    return symmetric(&out);
}

const cli_command cli_cmd_keygen = {"keygen", "make a random key file (-k) or an X25519 identity "
                                              "(--x25519: -r/-i)",
                                    run};
