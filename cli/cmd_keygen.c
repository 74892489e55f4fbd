/*
 * cmd_keygen.c -- `rijn keygen`: a new random key file for
 * `rijn encrypt -k` / `rijn decrypt -k` (docs/FORMAT.md section 8).
 *
 * Implementation notes: 32 bytes from getrandom(2) (or /dev/urandom),
 * written as 64 lower-case hex digits and "\n", to -o FILE (mode 0600,
 * created through a temporary file and never replacing an existing file
 * without --force; see file_io.h) or to stdout. The key is wiped from
 * memory before exit.
 */
#include <stdio.h>
#include <string.h>

#include "file_io.h"

enum { O_OUT = 1, O_FORCE, O_HELP };

static const cli_opt opts[] = {{"output", 'o', 1, O_OUT}, {"force", 'f', 0, O_FORCE},
                               {"help", 'h', 0, O_HELP},  {NULL, 0, 0, 0}};

static void help(void)
{
    printf("usage: rijn keygen [-o KEYFILE] [--force]\n\n"
           "Write a new random 256-bit key for `rijn encrypt -k KEYFILE`: 64 hex\n"
           "digits and a newline. Keep it secret; anyone with it can decrypt.\n\n"
           "  -o, --output F   write the key to F (mode 0600; default stdout)\n"
           "  -f, --force      replace an existing F\n"
           "  -h, --help       this help\n\n"
           "exit status: 0 ok, 1 failed (I/O), 2 usage error (F exists).\n");
}

static int run(int argc, char **argv)
{
    static fio_out out;
    cli_args a;
    const char *path = NULL;
    int id, force = 0, rc;
    uint8_t key[32];
    char hex[RIJN_HEX_ENCODED_SIZE(32) + 1];
    size_t n = 0;

    cli_args_init(&a, argc, argv);
    while ((id = cli_next(&a, opts)) != 0) {
        switch (id) {
        case -1: return CLI_USAGE;
        case O_HELP: help(); return CLI_OK;
        case O_OUT: path = a.val; break;
        case O_FORCE: force = 1; break;
        default:
            cli_err("unexpected argument '%s' (see --help)", a.val);
            return CLI_USAGE;
        }
    }
    fio_signals_install();
    rc = fio_out_check(&out, path, force, NULL, 0, NULL);
    if (rc != CLI_OK)
        return rc;
    rc = fio_random(key, sizeof key);
    if (rc == CLI_OK && rijn_hex_encode(hex, sizeof hex, &n, key, sizeof key) != RIJN_OK)
        rc = CLI_FAIL;
    if (rc == CLI_OK) {
        hex[n++] = '\n';
        rc = fio_out_begin(&out, 0600, 0);
        if (rc == CLI_OK)
            rc = fio_out_write(&out, (const uint8_t *)hex, n);
        if (rc == CLI_OK)
            rc = fio_out_commit(&out);
        if (rc != CLI_OK)
            fio_out_abort(&out);
    }
    rijn_wipe(key, sizeof key);
    rijn_wipe(hex, sizeof hex);
    return rc;
}

const cli_command cli_cmd_keygen = {"keygen", "make a random key file for encrypt/decrypt -k",
                                    run};
