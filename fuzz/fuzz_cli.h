/*
 * fuzz_cli.h -- running a command of the rijn CLI on a fuzz input, for the
 * fuzz_cli_*.c harnesses (they link the CLI's sources without main.c).
 *
 * Implementation notes
 *   fzc_setup()      once: a private folder under $TMPDIR (or /tmp) with
 *                    the test key file "key" (FZ_CLI_KEY as 64 hex
 *                    digits), a passphrase file "pass" ("fuzz\n") and the
 *                    paths "in" and "out"; stdout goes to /dev/null (the
 *                    commands print results there); stderr is left alone
 *                    (scripts/fuzz.sh closes it with -close_fd_mask=2).
 *   fzc_run(argv, data, n)
 *                    writes data to "in", removes "out", runs the command
 *                    (argv[0] = its name; "@in", "@out", "@key", "@pass"
 *                    are replaced by the paths) and returns its exit code,
 *                    which must be a CLI_* value (0, 1 or 2).
 *   The folder is removed at exit.
 */
#ifndef RIJN_FUZZ_CLI_H
#define RIJN_FUZZ_CLI_H

#include <fcntl.h>
#include <unistd.h>

#include "fuzz_util.h"
#include "util.h"

extern const cli_command cli_cmd_decrypt, cli_cmd_acvp;

#define FZ_CLI_KEY_HEX "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"

static char fzc_dir[256], fzc_in[300], fzc_out[300], fzc_key[300], fzc_pass[300];

static void fzc_cleanup(void)
{
    unlink(fzc_in);
    unlink(fzc_out);
    unlink(fzc_key);
    unlink(fzc_pass);
    rmdir(fzc_dir);
}

static void fzc_write(const char *path, const uint8_t *p, size_t n)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    FZ_ASSERT(fd >= 0, "cannot write %s", path);
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        FZ_ASSERT(w > 0, "write %s", path);
        p += w;
        n -= (size_t)w;
    }
    close(fd);
}

static void fzc_setup(void)
{
    const char *t = getenv("TMPDIR");
    int fd;
    if (fzc_dir[0] != '\0')
        return;
    snprintf(fzc_dir, sizeof fzc_dir, "%s/rijn-fuzz-XXXXXX", t != NULL && *t ? t : "/tmp");
    FZ_ASSERT(mkdtemp(fzc_dir) != NULL, "mkdtemp %s", fzc_dir);
    snprintf(fzc_in, sizeof fzc_in, "%s/in", fzc_dir);
    snprintf(fzc_out, sizeof fzc_out, "%s/out", fzc_dir);
    snprintf(fzc_key, sizeof fzc_key, "%s/key", fzc_dir);
    snprintf(fzc_pass, sizeof fzc_pass, "%s/pass", fzc_dir);
    fzc_write(fzc_key, (const uint8_t *)FZ_CLI_KEY_HEX "\n", 65);
    fzc_write(fzc_pass, (const uint8_t *)"fuzz\n", 5);
    atexit(fzc_cleanup);
    fd = open("/dev/null", O_WRONLY);
    if (fd >= 0) {
        dup2(fd, 1);
        close(fd);
    }
    cli_prog = "rijn (fuzz)";
}

static int fzc_run(const cli_command *cmd, const char *const *args, const uint8_t *data,
                   size_t n)
{
    char *argv[32];
    int argc = 0, rc;
    fzc_setup();
    fzc_write(fzc_in, data, n);
    unlink(fzc_out);
    for (; args[argc] != NULL && argc < 31; argc++) {
        const char *a = args[argc];
        argv[argc] = strcmp(a, "@in") == 0     ? fzc_in
                     : strcmp(a, "@out") == 0  ? fzc_out
                     : strcmp(a, "@key") == 0  ? fzc_key
                     : strcmp(a, "@pass") == 0 ? fzc_pass
                                               : (char *)a;
    }
    argv[argc] = NULL;
    rc = cmd->run(argc, argv);
    FZ_ASSERT(rc == CLI_OK || rc == CLI_FAIL || rc == CLI_USAGE, "exit code %d", rc);
    return rc;
}

#endif
