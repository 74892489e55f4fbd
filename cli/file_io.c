/*
 * file_io.c -- safe output files for the rijn file commands (file_io.h has
 * the guarantees; input: file_input.c, armor: file_armor.c).
 *
 * Implementation notes: a plain POSIX write loop (EINTR, short writes); a
 * 64 KiB buffer, bypassed by requests of a whole buffer or more (a chunk,
 * or a decrypted slot's pieces in one writev: no copy; the buffered bytes
 * go first). Output files: O_TMPFILE in the target's directory, named at
 * commit with linkat(/proc/self/fd/N) (no overwrite) or linkat to a
 * temporary name + rename (--force); without O_TMPFILE (or /proc),
 * mkstemp(".<name>.rijn-tmp-XXXXXX"), whose path the signal handler
 * (async-signal-safe: unlink, tcsetattr, raise) removes; the next run
 * writing to that directory reports (never deletes) what a SIGKILL left
 * (file_stale.c). fsync on the file, then on the directory. A pipe or
 * FIFO output is grown (fio_pipe_grow). Progress bar: file_progress.c.
 */
#define _GNU_SOURCE
#include "file_io.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <termios.h>
#include <unistd.h>

/* ---- signals ------------------------------------------------------------ */
static char g_tmp[FIO_PATH];
static volatile sig_atomic_t g_tmp_set;
static volatile sig_atomic_t g_tty_fd = -1;
static struct termios g_tty;

static void on_signal(int sig)
{
    if (g_tmp_set)
        unlink(g_tmp);
    if (g_tty_fd >= 0)
        tcsetattr(g_tty_fd, TCSAFLUSH, &g_tty);
    signal(sig, SIG_DFL);
    raise(sig);
}

void fio_signals_install(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    struct sigaction sa;
    size_t i;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        sigaction(sigs[i], &sa, NULL);
}

void fio_tty_saved(int fd, const void *saved)
{
    if (saved != NULL)
        memcpy(&g_tty, saved, sizeof g_tty);
    g_tty_fd = saved != NULL ? fd : -1;
}

/* dst = a || b || c || d, or "" if it does not fit in FIO_PATH. */
static void join4(char *dst, const char *a, const char *b, const char *c, const char *d)
{
    const char *parts[4];
    size_t i, n = 0;
    parts[0] = a, parts[1] = b, parts[2] = c, parts[3] = d;
    for (i = 0; i < 4; i++) {
        size_t k = strlen(parts[i]);
        if (n + k >= FIO_PATH) {
            dst[0] = '\0';
            return;
        }
        memcpy(dst + n, parts[i], k);
        n += k;
    }
    dst[n] = '\0';
}

static void set_tmp(const char *path)
{
    g_tmp_set = 0;
    if (path != NULL) {
        join4(g_tmp, path, "", "", "");
        g_tmp_set = 1;
    }
}

/* ---- output ------------------------------------------------------------- */
static int same_file(const struct stat *a, const fio_in *in)
{
    struct stat b;
    return in != NULL && fstat(in->fd, &b) == 0 && a->st_dev == b.st_dev &&
           a->st_ino == b.st_ino && S_ISREG(b.st_mode);
}

/* Output to stdout: not the input file, not a terminal when refused. */
static int check_stdout(const fio_in *in, int refuse_tty, const char *tty_hint)
{
    struct stat st;
    if (fstat(1, &st) == 0 && same_file(&st, in)) {
        cli_err("the input and the output (stdout) are the same file");
        return CLI_USAGE;
    }
    if (refuse_tty && isatty(1)) {
        cli_err("%s", tty_hint);
        return CLI_USAGE;
    }
    return CLI_OK;
}

/* o->dir: the directory of path (where the temporary file goes). */
static void set_dir(fio_out *o, const char *path)
{
    const char *slash = strrchr(path, '/');
    if (slash == NULL) {
        join4(o->dir, ".", "", "", "");
    } else if (slash == path) {
        join4(o->dir, "/", "", "", "");
    } else {
        memcpy(o->dir, path, (size_t)(slash - path));
        o->dir[slash - path] = '\0';
    }
}

/* What is at path now: nothing, a file replaced only with --force, or a
 * device written directly (o->kind). */
static int check_existing(fio_out *o, const char *path, int force, const fio_in *in)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        if (lstat(path, &st) == 0 && !force) {
            cli_err("output '%s' exists (a dangling symbolic link; use --force to replace it)",
                    path);
            return CLI_USAGE;
        }
        o->kind = FIO_NAMED;
        return CLI_OK;
    }
    if (same_file(&st, in)) {
        cli_err("the input and the output are the same file ('%s')", path);
        return CLI_USAGE;
    }
    if (S_ISDIR(st.st_mode)) {
        cli_err("output '%s' is a directory", path);
        return CLI_USAGE;
    }
    if (!S_ISREG(st.st_mode)) {
        o->kind = FIO_DIRECT;
        return CLI_OK;
    }
    if (!force) {
        cli_err("output '%s' exists (use --force to replace it)", path);
        return CLI_USAGE;
    }
    o->kind = FIO_NAMED;
    return CLI_OK;
}

int fio_out_check(fio_out *o, const char *path, int force, const fio_in *in, int refuse_tty,
                  const char *tty_hint)
{
    memset(o, 0, sizeof o[0] - sizeof o->obuf);
    o->fd = -1;
    o->force = force;
    if (path == NULL || strcmp(path, "-") == 0) {
        o->kind = FIO_STDOUT;
        return check_stdout(in, refuse_tty, tty_hint);
    }
    if (strlen(path) >= FIO_PATH - 64) {
        cli_err("output path too long");
        return CLI_USAGE;
    }
    join4(o->path, path, "", "", "");
    set_dir(o, path);
    return check_existing(o, path, force, in);
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s != NULL ? s + 1 : path;
}

static int write_failed(const fio_out *o, ssize_t w)
{
    cli_err("cannot write '%s': %s", o->kind == FIO_STDOUT ? "stdout" : o->path,
            w < 0 ? strerror(errno) : "no progress");
    return CLI_FAIL;
}

/* write() all of p[0..n) (the buffer is empty). */
static int write_all(fio_out *o, const uint8_t *p, size_t n)
{
    size_t off = 0;
    while (off < n) {
        ssize_t w = write(o->fd, p + off, n - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return write_failed(o, w);
        off += (size_t)w;
    }
    o->written += n;
    return CLI_OK;
}

static int flush(fio_out *o)
{
    if (write_all(o, o->obuf, o->olen) != CLI_OK)
        return CLI_FAIL;
    rijn_wipe(o->obuf, o->olen);
    o->olen = 0;
    return CLI_OK;
}

int fio_out_put(fio_out *o, const uint8_t *p, size_t n)
{
    /* a whole buffer's worth or more (a chunk): written from p, no copy */
    if (n >= sizeof o->obuf) {
        if (o->olen > 0 && flush(o) != CLI_OK)
            return CLI_FAIL;
        return write_all(o, p, n);
    }
    while (n > 0) {
        size_t k = sizeof o->obuf - o->olen < n ? sizeof o->obuf - o->olen : n;
        memcpy(o->obuf + o->olen, p, k);
        o->olen += k;
        p += k;
        n -= k;
        if (o->olen == sizeof o->obuf && flush(o) != CLI_OK)
            return CLI_FAIL;
    }
    return CLI_OK;
}

uint8_t *fio_out_room(fio_out *o, size_t n)
{
    return sizeof o->obuf - o->olen < n && flush(o) != CLI_OK ? NULL : o->obuf + o->olen;
}

int fio_out_write(fio_out *o, const uint8_t *p, size_t n)
{
    return o->armor ? fio_armor_write(o, p, n) : fio_out_put(o, p, n);
}

int fio_out_writev(fio_out *o, struct iovec *iov, int cnt)
{
    size_t total = 0;
    int i;
    for (i = 0; i < cnt; i++)
        total += iov[i].iov_len;
    if (o->armor || total < sizeof o->obuf) { /* small pieces: through the buffer */
        for (i = 0; i < cnt; i++)
            if (fio_out_write(o, iov[i].iov_base, iov[i].iov_len) != CLI_OK)
                return CLI_FAIL;
        return CLI_OK;
    }
    if (o->olen > 0 && flush(o) != CLI_OK)
        return CLI_FAIL;
    while (cnt > 0) {
        ssize_t w = writev(o->fd, iov, cnt);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return write_failed(o, w);
        o->written += (uint64_t)w;
        for (; cnt > 0 && (size_t)w >= iov->iov_len; iov++, cnt--) /* pieces written whole */
            w -= (ssize_t)iov->iov_len;
        if (cnt > 0) { /* a short write: the rest of this piece next */
            iov->iov_base = (uint8_t *)iov->iov_base + w;
            iov->iov_len -= (size_t)w;
        }
    }
    return CLI_OK;
}

int fio_out_begin(fio_out *o, mode_t mode, int armor)
{
    o->mode = mode;
    o->armor = armor;
    if (o->kind == FIO_STDOUT) {
        o->fd = 1;
    } else if (o->kind == FIO_DIRECT) {
        o->fd = open(o->path, O_WRONLY);
    } else {
        fio_report_stale(o->dir); /* what a killed run left (file_stale.c) */
#ifdef O_TMPFILE
        /* RIJN_TEST_NO_TMPFILE: tests exercise the named fallback */
        if (getenv("RIJN_TEST_NO_TMPFILE") == NULL && access("/proc/self/fd", X_OK) == 0) {
            o->fd = open(o->dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
            if (o->fd >= 0)
                o->kind = FIO_TMPFILE;
        }
#endif
        if (o->kind == FIO_NAMED) {
            join4(o->tmp, o->dir, "/.", base_name(o->path), ".rijn-tmp-XXXXXX");
            o->fd = mkstemp(o->tmp);
            if (o->fd >= 0)
                set_tmp(o->tmp);
            else
                o->tmp[0] = '\0';
        }
    }
    if (o->fd < 0) {
        cli_err("cannot create '%s': %s", o->kind == FIO_NAMED ? o->dir : o->path,
                strerror(errno));
        return CLI_FAIL;
    }
    if (o->kind == FIO_NAMED || o->kind == FIO_TMPFILE)
        (void)fio_lock_tmp(o->fd); /* "in use" for fio_report_stale (best effort) */
    fio_pipe_grow(o->fd);           /* stdout or a FIFO: fewer wake-ups */
    return armor ? fio_armor_edge(o, "BEGIN") : CLI_OK;
}

static int publish(fio_out *o)
{
    char tmpname[FIO_PATH], proc[64], suffix[48];
    if (o->kind == FIO_NAMED) {
        if (o->force)
            return rename(o->tmp, o->path);
        if (link(o->tmp, o->path) == 0) {
            (void)unlink(o->tmp);
            return 0;
        }
        if (errno == EEXIST)
            return -1;
        return rename(o->tmp, o->path); /* file systems without hard links */
    }
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", o->fd);
    if (!o->force)
        return linkat(AT_FDCWD, proc, AT_FDCWD, o->path, AT_SYMLINK_FOLLOW);
    snprintf(suffix, sizeof suffix, ".rijn-tmp-%ld", (long)getpid());
    join4(tmpname, o->dir, "/.", base_name(o->path), suffix);
    (void)unlink(tmpname);
    if (linkat(AT_FDCWD, proc, AT_FDCWD, tmpname, AT_SYMLINK_FOLLOW) != 0)
        return -1;
    set_tmp(tmpname);
    join4(o->tmp, tmpname, "", "", "");
    o->kind = FIO_NAMED;
    return rename(tmpname, o->path);
}

int fio_out_commit(fio_out *o)
{
    int dfd;
    if (o->armor && fio_armor_end(o) != CLI_OK)
        return CLI_FAIL;
    if (flush(o) != CLI_OK)
        return CLI_FAIL;
    if (o->kind == FIO_STDOUT || o->kind == FIO_DIRECT) {
        if (o->kind == FIO_DIRECT && close(o->fd) != 0) {
            cli_err("cannot write '%s': %s", o->path, strerror(errno));
            return CLI_FAIL;
        }
        o->fd = -1;
        return CLI_OK;
    }
    if (fchmod(o->fd, o->mode) != 0 || fsync(o->fd) != 0) {
        cli_err("cannot write '%s': %s", o->path, strerror(errno));
        return CLI_FAIL;
    }
    if (publish(o) != 0) {
        if (errno == EEXIST)
            cli_err("output '%s' appeared while working; not replaced (use --force)",
                    o->path);
        else
            cli_err("cannot create '%s': %s", o->path, strerror(errno));
        return CLI_FAIL;
    }
    set_tmp(NULL);
    o->tmp[0] = '\0';
    close(o->fd);
    o->fd = -1;
    dfd = open(o->dir, O_RDONLY);
    if (dfd >= 0) {
        (void)fsync(dfd);
        close(dfd);
    }
    return CLI_OK;
}

void fio_out_abort(fio_out *o)
{
    if (o->kind == FIO_NAMED && o->tmp[0] != '\0') {
        unlink(o->tmp);
        o->tmp[0] = '\0';
        set_tmp(NULL);
    }
    if (o->fd > 1)
        close(o->fd);
    o->fd = -1;
    rijn_wipe(o->obuf, sizeof o->obuf);
    rijn_wipe(o->apend, sizeof o->apend);
}
