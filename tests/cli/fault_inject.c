/*
 * fault_inject.c -- an LD_PRELOAD library for tests/cli/test_cli_faults.py:
 * makes chosen libc calls of the rijn CLI fail, to reach the error paths
 * no real file, pipe or device provokes (an EIO from read, a failing
 * fsync, link or rename, a thread that cannot start, a failed getrandom
 * or allocation). A test-only library, built beside the tests
 * (tests/CMakeLists.txt); nothing of it is linked into the shipped rijn.
 *
 * Implementation notes: RIJN_FAULT is a comma-separated list of
 * "CALL:ERRNO[:NTH[:COUNT]]": the NTH call (1-based, default 1) of CALL
 * made by the program (libc's own internal calls, stdio's writes for
 * instance, do not pass through here) and the COUNT-1 after it (default
 * 1) fail with errno ERRNO (a number or one of the names below), every
 * other call goes to libc (dlsym RTLD_NEXT). CALL is one of read (also
 * counts preadv), write,
 * fsync, fchmod, close, link, linkat, rename, lseek, mkstemp,
 * pthread_create, getrandom (the syscall(SYS_getrandom) of the CLI) and
 * malloc, open; for malloc only requests of at least RIJN_FAULT_MALLOC_MIN
 * bytes (default 1 MiB) are counted, so that libc's and the profile
 * runtime's small ones pass; for open only opens of the path
 * RIJN_FAULT_PATH (required with it) are counted, for read and close,
 * with that path set, only calls on a descriptor open on it.
 * RIJN_FAULT_SLOW_READ_MS=N (with RIJN_FAULT_PATH) makes every read of
 * that file sleep N ms first: a slow disk, for the progress bar, which
 * the CLI draws only after a second. The rule "write" also counts
 * writev (cli/file_pdec.c writes a slot's plaintext with one);
 * RIJN_FAULT_SHORT_WRITEV=1 makes every writev write only the first half
 * (at least a byte) of its first iovec: the short writes a pipe or a
 * signal can cause, which the CLI must carry on from. Counters are per call name, shared by the
 * threads (an atomic add). Used by the tests only; an unknown call or
 * errno name aborts loudly, so a misspelt fault never passes as "not
 * triggered".
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

enum { F_READ, F_WRITE, F_FSYNC, F_FCHMOD, F_CLOSE, F_LINK, F_LINKAT, F_RENAME, F_LSEEK,
       F_MKSTEMP, F_PTHREAD, F_GETRANDOM, F_MALLOC, F_OPEN, F_N };
static const char *const names[F_N] = {"read", "write", "fsync", "fchmod", "close", "link",
                                       "linkat", "rename", "lseek", "mkstemp",
                                       "pthread_create", "getrandom", "malloc", "open"};
static struct {
    long nth, count, err; /* nth == 0: no fault on this call */
    long calls;
} rule[F_N];
static int parsed;
static size_t malloc_min = (size_t)1 << 20;
static const char *open_path;
static long slow_read_ms;
static int short_writev;

static void die(const char *what, const char *s)
{
    static const char pre[] = "fault_inject: bad RIJN_FAULT ";
    /* no stdio: this may run inside malloc */
    (void)!write(2, pre, sizeof pre - 1);
    (void)!write(2, what, strlen(what));
    (void)!write(2, ": ", 2);
    (void)!write(2, s, strlen(s));
    (void)!write(2, "\n", 1);
    _exit(99);
}

static long errno_of(const char *s)
{
    static const struct { const char *n; long v; } tab[] = {
        {"EIO", EIO},       {"ENOSPC", ENOSPC}, {"EINTR", EINTR}, {"EACCES", EACCES},
        {"EPERM", EPERM},   {"EEXIST", EEXIST}, {"ENOMEM", ENOMEM}, {"EAGAIN", EAGAIN},
        {"ENOSYS", ENOSYS}, {"ESPIPE", ESPIPE}, {"EXDEV", EXDEV},   {"EBADF", EBADF},   {"ENOENT", ENOENT}};
    size_t i;
    char *end;
    long v;
    for (i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (strcmp(s, tab[i].n) == 0)
            return tab[i].v;
    v = strtol(s, &end, 10);
    if (end == s || *end != '\0' || v <= 0)
        die("errno", s);
    return v;
}

static void parse(void)
{
    char buf[512], *save = NULL, *item;
    const char *env = getenv("RIJN_FAULT"), *mm = getenv("RIJN_FAULT_MALLOC_MIN");
    parsed = 1;
    open_path = getenv("RIJN_FAULT_PATH");
    if (getenv("RIJN_FAULT_SLOW_READ_MS") != NULL)
        slow_read_ms = strtol(getenv("RIJN_FAULT_SLOW_READ_MS"), NULL, 10);
    short_writev = getenv("RIJN_FAULT_SHORT_WRITEV") != NULL;
    if (mm != NULL)
        malloc_min = (size_t)strtoull(mm, NULL, 10);
    if (env == NULL)
        return;
    if (strlen(env) >= sizeof buf)
        die("value", "too long");
    strcpy(buf, env);
    for (item = strtok_r(buf, ",", &save); item != NULL; item = strtok_r(NULL, ",", &save)) {
        char *f[4] = {item, NULL, NULL, NULL};
        int i, k;
        for (k = 1; k < 4; k++) {
            char *c = strchr(f[k - 1], ':');
            if (c == NULL)
                break;
            *c = '\0';
            f[k] = c + 1;
        }
        for (i = 0; i < F_N && strcmp(f[0], names[i]) != 0; i++)
            ;
        if (i == F_N || f[1] == NULL)
            die("entry", f[0]);
        rule[i].err = errno_of(f[1]);
        rule[i].nth = f[2] != NULL ? strtol(f[2], NULL, 10) : 1;
        rule[i].count = f[3] != NULL ? strtol(f[3], NULL, 10) : 1;
        if (rule[i].nth < 1 || rule[i].count < 1)
            die("count", f[0]);
        if (i == F_OPEN && open_path == NULL)
            die("open", "needs RIJN_FAULT_PATH");
    }
}

/* 1 (errno set) if this call of c is to fail. */
static int fail(int c)
{
    long n;
    if (!parsed)
        parse();
    if (rule[c].nth == 0)
        return 0;
    n = __atomic_add_fetch(&rule[c].calls, 1, __ATOMIC_SEQ_CST);
    if (n < rule[c].nth || n >= rule[c].nth + rule[c].count)
        return 0;
    errno = (int)rule[c].err;
    return 1;
}

static void *next(const char *name)
{
    void *p = dlsym(RTLD_NEXT, name);
    if (p == NULL)
        die("dlsym", name);
    return p;
}

typedef ssize_t (*read_fn)(int, void *, size_t);
typedef ssize_t (*write_fn)(int, const void *, size_t);
typedef ssize_t (*writev_fn)(int, const struct iovec *, int);
typedef int (*fsync_fn)(int);
typedef int (*fchmod_fn)(int, mode_t);
typedef int (*close_fn)(int);
typedef int (*link_fn)(const char *, const char *);
typedef int (*linkat_fn)(int, const char *, int, const char *, int);
typedef int (*rename_fn)(const char *, const char *);
typedef off_t (*lseek_fn)(int, off_t, int);
typedef off_t (*lseek64_fn)(int, off_t, int);
typedef int (*mkstemp_fn)(char *);
typedef int (*mkstemp64_fn)(char *);
typedef int (*pthread_create_fn)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
typedef long (*syscall_fn)(long, ...);
typedef ssize_t (*preadv_fn)(int, const struct iovec *, int, off_t);
typedef int (*open_fn)(const char *, int, ...);
#define NEXT(T, name)                                                                  \
    static T real;                                                                      \
    if (real == NULL)                                                                   \
    real = (T)next(name)

/* 1 if fd is open on RIJN_FAULT_PATH (or no path is given). */
static int on_path(int fd)
{
    char proc[64], target[4096];
    ssize_t n;
    if (!parsed)
        parse();
    if (open_path == NULL)
        return 1;
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
    n = readlink(proc, target, sizeof target - 1);
    if (n < 0)
        return 0;
    target[n] = '\0';
    return strcmp(target, open_path) == 0;
}

/* The rule "read", for read() and preadv() (cli/file_par.c reads a
 * regular file to encrypt with preadv): 1 if this call fails. */
static int read_fails(int fd)
{
    if (!parsed)
        parse();
    if (slow_read_ms > 0 && open_path != NULL && on_path(fd)) {
        struct timespec ts;
        ts.tv_sec = slow_read_ms / 1000;
        ts.tv_nsec = (slow_read_ms % 1000) * 1000000L;
        nanosleep(&ts, NULL);
    }
    return on_path(fd) && fail(F_READ);
}

ssize_t read(int fd, void *buf, size_t n)
{
    NEXT(read_fn, "read");
    return read_fails(fd) ? -1 : real(fd, buf, n);
}

ssize_t preadv(int fd, const struct iovec *iov, int cnt, off_t off)
{
    NEXT(preadv_fn, "preadv");
    return read_fails(fd) ? -1 : real(fd, iov, cnt, off);
}

ssize_t write(int fd, const void *buf, size_t n)
{
    NEXT(write_fn, "write");
    return fail(F_WRITE) ? -1 : real(fd, buf, n);
}

ssize_t writev(int fd, const struct iovec *iov, int cnt)
{
    struct iovec half;
    NEXT(writev_fn, "writev");
    if (fail(F_WRITE))
        return -1;
    if (!short_writev || cnt < 1)
        return real(fd, iov, cnt);
    half = iov[0];
    half.iov_len = half.iov_len > 1 ? half.iov_len / 2 : half.iov_len;
    return real(fd, &half, 1);
}

int fsync(int fd)
{
    NEXT(fsync_fn, "fsync");
    return fail(F_FSYNC) ? -1 : real(fd);
}

int fchmod(int fd, mode_t mode)
{
    NEXT(fchmod_fn, "fchmod");
    return fail(F_FCHMOD) ? -1 : real(fd, mode);
}

int close(int fd)
{
    NEXT(close_fn, "close");
    if (on_path(fd) && fail(F_CLOSE)) {
        (void)real(fd); /* closed, but reported as failed (as NFS may) */
        errno = (int)rule[F_CLOSE].err;
        return -1;
    }
    return real(fd);
}

int link(const char *a, const char *b)
{
    NEXT(link_fn, "link");
    return fail(F_LINK) ? -1 : real(a, b);
}

int linkat(int fa, const char *a, int fb, const char *b, int flags)
{
    NEXT(linkat_fn, "linkat");
    return fail(F_LINKAT) ? -1 : real(fa, a, fb, b, flags);
}

int rename(const char *a, const char *b)
{
    NEXT(rename_fn, "rename");
    return fail(F_RENAME) ? -1 : real(a, b);
}

off_t lseek(int fd, off_t off, int whence)
{
    NEXT(lseek_fn, "lseek");
    return fail(F_LSEEK) ? -1 : real(fd, off, whence);
}

off_t lseek64(int fd, off_t off, int whence)
{
    NEXT(lseek64_fn, "lseek64");
    return fail(F_LSEEK) ? -1 : real(fd, off, whence);
}

int mkstemp(char *t)
{
    NEXT(mkstemp_fn, "mkstemp");
    return fail(F_MKSTEMP) ? -1 : real(t);
}

int mkstemp64(char *t)
{
    NEXT(mkstemp64_fn, "mkstemp64");
    return fail(F_MKSTEMP) ? -1 : real(t);
}

int pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *), void *arg)
{
    NEXT(pthread_create_fn, "pthread_create");
    return fail(F_PTHREAD) ? (int)rule[F_PTHREAD].err : real(t, a, fn, arg);
}

long syscall(long nr, ...)
{
    va_list ap;
    long a[6];
    int i;
    NEXT(syscall_fn, "syscall");
    va_start(ap, nr);
    for (i = 0; i < 6; i++)
        a[i] = va_arg(ap, long);
    va_end(ap);
#ifdef SYS_getrandom
    if (nr == SYS_getrandom && fail(F_GETRANDOM))
        return -1;
#endif
    return real(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
}

static int open_common(const char *name, const char *path, int flags, va_list ap)
{
    static open_fn real[2];
    int i = name[4] != '\0';
    mode_t mode = 0;
    if (real[i] == NULL)
        real[i] = (open_fn)next(name);
    if (flags & (O_CREAT | O_TMPFILE))
        mode = (mode_t)va_arg(ap, int);
    if (!parsed)
        parse();
    if (open_path != NULL && strcmp(path, open_path) == 0 && fail(F_OPEN))
        return -1;
    return real[i](path, flags, mode);
}

int open(const char *path, int flags, ...)
{
    va_list ap;
    int r;
    va_start(ap, flags);
    r = open_common("open", path, flags, ap);
    va_end(ap);
    return r;
}

int open64(const char *path, int flags, ...)
{
    va_list ap;
    int r;
    va_start(ap, flags);
    r = open_common("open64", path, flags, ap);
    va_end(ap);
    return r;
}

/* Large requests only (malloc_min): libc's and the profile runtime's small
 * ones pass untouched. dlsym may itself allocate while the real malloc is
 * looked up: those requests get a static arena (never freed: free() of
 * such a pointer does not happen in glibc's dlsym error path we see). */
void *malloc(size_t n)
{
    static void *(*real)(size_t);
    static int looking;
    static unsigned char arena[4096];
    static size_t used;
    if (real == NULL) {
        if (looking) {
            void *p = arena + used;
            n = (n + 15) & ~(size_t)15;
            if (used + n > sizeof arena)
                die("malloc", "bootstrap arena full");
            used += n;
            return p;
        }
        looking = 1;
        real = (void *(*)(size_t))next("malloc");
        looking = 0;
    }
    if (n >= malloc_min && fail(F_MALLOC))
        return NULL;
    return real(n);
}
