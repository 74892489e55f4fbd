/*
 * file_stale.c -- report the temporary files an interrupted rijn run left
 * in a directory (see file_io.h, "Safe output").
 *
 * Implementation notes: without O_TMPFILE (or /proc) the output is first
 * written to ".<name>.rijn-tmp-XXXXXX" (mkstemp), and with --force it is
 * linked as ".<name>.rijn-tmp-<pid>" just before the rename; signals
 * remove these, SIGKILL or a crash cannot. The writer holds an exclusive
 * flock(2) on its temporary file for as long as it lives, so here an entry
 * whose lock cannot be taken belongs to a run still going on and is
 * skipped; any other is reported on stderr, one line each (the first
 * FIO_STALE_MAX, then a count), and NEVER deleted: it may be the only
 * copy of something the user wants (a decryption that was killed just
 * before its rename). Proven by tests/cli/test_cli_encrypt.py (kills()).
 */
#define _GNU_SOURCE
#include "file_io.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define FIO_STALE_MAX 5

/* 1 if name is one of our temporary names: ".<name>.rijn-tmp-<suffix>". */
static int is_tmp_name(const char *name)
{
    const char *t = strstr(name, ".rijn-tmp-");
    return name[0] == '.' && t != NULL && t > name + 1 && t[10] != '\0';
}

/* 1 if a live process holds the file's lock (a run in progress). */
static int in_use(int dfd, const char *name)
{
    int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), busy = 0;
    if (fd < 0)
        return errno == ENOENT; /* gone meanwhile: nothing to report */
    if (flock(fd, LOCK_SH | LOCK_NB) != 0)
        busy = errno == EWOULDBLOCK;
    close(fd);
    return busy;
}

void fio_report_stale(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    unsigned long n = 0;
    size_t dl = strlen(dir);
    const char *sep = dl > 0 && dir[dl - 1] == '/' ? "" : "/";
    if (d == NULL)
        return;
    if (strcmp(dir, ".") == 0)
        dir = sep = "";
    while ((e = readdir(d)) != NULL) {
        struct stat st;
        if (!is_tmp_name(e->d_name) ||
            fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode) ||
            in_use(dirfd(d), e->d_name))
            continue;
        if (++n <= FIO_STALE_MAX)
            cli_err("warning: '%s%s%s' (%lld bytes) was left by an interrupted rijn run; "
                    "not removed: check it, then delete it by hand",
                    dir, sep, e->d_name, (long long)st.st_size);
    }
    closedir(d);
    if (n > FIO_STALE_MAX)
        cli_err("warning: %lu more such files in '%s' (.*.rijn-tmp-*)", n - FIO_STALE_MAX,
                dir[0] != '\0' ? dir : ".");
}

int fio_lock_tmp(int fd)
{
    return flock(fd, LOCK_EX | LOCK_NB);
}
