/*
 * file_secret.c -- passphrases, key files and randomness for the rijn
 * file commands.
 *
 * Implementation notes: the passphrase is read from /dev/tty (never from
 * the command line, never from stdin, which carries the data) with echo
 * off (termios; the saved settings are handed to the signal handler so
 * ^C restores the terminal); when encrypting it is asked twice and must
 * match. --passphrase-file takes the first line, without its "\n" or
 * "\r\n". An empty passphrase is refused for encryption, typed or from a
 * file, with the same exit status 2 (usage error); decryption accepts it
 * (a file another tool made with one still opens). Key files: 64 hex digits with optional white space around
 * them, or exactly 32 raw bytes. Randomness: getrandom(2), or
 * /dev/urandom where that system call is missing. Every buffer that held
 * a secret is wiped.
 */
#define _GNU_SOURCE
#include "file_io.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>

static int read_tty_line(int fd, uint8_t *buf, size_t *len)
{
    size_t n = 0;
    for (;;) {
        uint8_t c;
        ssize_t r = read(fd, &c, 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0 || c == '\n')
            break;
        if (n == FIO_PASS_MAX) {
            rijn_wipe(buf, n);
            return -1;
        }
        buf[n++] = c;
    }
    if (n > 0 && buf[n - 1] == '\r')
        n--;
    *len = n;
    return 0;
}

static int prompt(int fd, const char *msg, uint8_t *buf, size_t *len)
{
    struct termios saved, quiet;
    int r, echo_off = 0;
    /* echo off (discarding type-ahead) BEFORE the prompt: what is typed
     * after the prompt appears is never flushed nor echoed */
    if (tcgetattr(fd, &saved) == 0) {
        quiet = saved;
        quiet.c_lflag &= (tcflag_t) ~(ECHO | ECHOE | ECHOK);
        quiet.c_lflag |= ECHONL;
        fio_tty_saved(fd, &saved);
        echo_off = tcsetattr(fd, TCSAFLUSH, &quiet) == 0;
    }
    if (write(fd, msg, strlen(msg)) < 0)
        r = -1;
    else
        r = read_tty_line(fd, buf, len);
    if (echo_off)
        tcsetattr(fd, TCSANOW, &saved);
    fio_tty_saved(-1, NULL);
    return r;
}

int fio_pass_tty(uint8_t *pass, size_t *len, int confirm)
{
    uint8_t again[FIO_PASS_MAX];
    size_t n2 = 0;
    int fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC), rc = CLI_OK;
    if (fd < 0) {
        cli_err("no terminal to read the passphrase from (use --passphrase-file FILE "
                "or -k KEYFILE)");
        return CLI_USAGE;
    }
    if (prompt(fd, "Passphrase: ", pass, len) != 0) {
        cli_err("cannot read the passphrase (longer than %d bytes?)", FIO_PASS_MAX);
        rc = CLI_FAIL;
    } else if (confirm && *len == 0) {
        cli_err("empty passphrase refused");
        rc = CLI_USAGE; /* as from --passphrase-file: the same input, the same exit */
    } else if (confirm) {
        if (prompt(fd, "Repeat passphrase: ", again, &n2) != 0 || n2 != *len ||
            !rijn_ct_equal(again, pass, n2)) {
            cli_err("the passphrases do not match");
            rc = CLI_FAIL;
        }
    }
    rijn_wipe(again, sizeof again);
    close(fd);
    if (rc != CLI_OK) {
        rijn_wipe(pass, FIO_PASS_MAX);
        *len = 0;
    }
    return rc;
}

/* Read at most max bytes of a small file; *n set. */
static int read_small(const char *path, uint8_t *buf, size_t max, size_t *n, const char *what)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    *n = 0;
    if (fd < 0) {
        cli_err("cannot open %s '%s': %s", what, path, strerror(errno));
        return CLI_USAGE;
    }
    while (*n < max) {
        ssize_t r = read(fd, buf + *n, max - *n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            cli_err("cannot read %s '%s': %s", what, path, strerror(errno));
            close(fd);
            rijn_wipe(buf, *n);
            return CLI_USAGE;
        }
        if (r == 0)
            break;
        *n += (size_t)r;
    }
    close(fd);
    return CLI_OK;
}

int fio_pass_file(const char *path, uint8_t *pass, size_t *len)
{
    uint8_t buf[FIO_PASS_MAX + 2];
    size_t n, i;
    int rc = read_small(path, buf, sizeof buf, &n, "passphrase file");
    *len = 0;
    if (rc != CLI_OK)
        return rc;
    for (i = 0; i < n && buf[i] != '\n'; i++)
        ;
    if (i > 0 && buf[i - 1] == '\r')
        i--;
    if (i > FIO_PASS_MAX) {
        cli_err("the passphrase in '%s' is longer than %d bytes", path, FIO_PASS_MAX);
        rc = CLI_USAGE;
    } else {
        memcpy(pass, buf, i);
        *len = i;
    }
    rijn_wipe(buf, sizeof buf);
    return rc;
}

/* Space, tab, CR or LF: what a key file may have around its hex. */
static int is_blank(uint8_t c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

int fio_key_file(const char *path, uint8_t key[32])
{
    uint8_t buf[256];
    size_t n, a = 0, b, got = 0;
    int rc = read_small(path, buf, sizeof buf, &n, "key file");
    if (rc != CLI_OK)
        return rc;
    if (n == 32) {
        memcpy(key, buf, 32);
        rijn_wipe(buf, sizeof buf);
        return CLI_OK;
    }
    b = n;
    while (a < b && is_blank(buf[a]))
        a++;
    while (b > a && is_blank(buf[b - 1]))
        b--;
    if (b - a != 64 || rijn_hex_decode(key, 32, &got, (const char *)buf + a, 64) != RIJN_OK ||
        got != 32) {
        cli_err("'%s' is not a rijn key file (64 hex digits, or 32 raw bytes)", path);
        rc = CLI_USAGE;
    }
    rijn_wipe(buf, sizeof buf);
    return rc;
}

int fio_random(uint8_t *p, size_t n)
{
    size_t off = 0;
    int fd;
#ifdef SYS_getrandom
    while (off < n) {
        long r = syscall(SYS_getrandom, p + off, n - off, 0);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        off += (size_t)r;
    }
    if (off == n)
        return CLI_OK;
#endif
    fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    while (fd >= 0 && off < n) {
        ssize_t r = read(fd, p + off, n - off);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        off += (size_t)r;
    }
    if (fd >= 0)
        close(fd);
    if (off != n) {
        cli_err("cannot get random bytes from the system");
        return CLI_FAIL;
    }
    return CLI_OK;
}
