/*
 * fmt_stream.c -- I/O pieces shared by the legacy formats (fmt.h): the
 * library parameters of the options; Base64 reading (any white space,
 * lines of any length, as `openssl enc -d -a` and `-A` produce) and
 * writing (64-column lines, as `openssl enc -a`); peeking at the input.
 * The ciphers, key schedules and HMAC are the library's
 * (rijn/legacy_formats.h, src/file/legacy_stream.c).
 *
 * Implementation notes: peeking reads a named regular file or a regular
 * stdin with pread at its current offset; a pipe on stdin is duplicated
 * with tee(2) into a private pipe (Linux), which leaves the data in
 * stdin; a terminal, a named FIFO or anything else is not peeked (0
 * bytes). Buffers holding plaintext are wiped by their owners (fio_in /
 * fio_out wipe theirs).
 */
#define _GNU_SOURCE
#include "fmt.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- parameters ------------------------------------------------------ */
const char *fmt_mode_name(int mode)
{
    return mode == FMT_CBC ? "cbc" : mode == FMT_CTR ? "ctr" : mode == FMT_CFB128 ? "cfb"
                                 : mode == FMT_CFB8  ? "cfb8" : "ofb";
}

void fmt_params(const fmt_opts *o, rijn_legacy_params *p)
{
    p->md = o->md;
    p->mode = (unsigned)o->mode;
    p->key_len = (size_t)o->key_len;
    p->iterations = o->pbkdf2 ? o->iter : 0;
    p->salted = !o->nosalt;
}

/* ---- Base64 in ------------------------------------------------------------ */
static int b64_char(int ch)
{
    return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ||
           ch == '+' || ch == '/' || ch == '=';
}

/* Decode the next group of four characters into r->dec. */
static int b64_group(fmt_in *r, int *end)
{
    size_t got = 0;
    *end = 0;
    while (r->nquad < 4) {
        uint8_t ch;
        size_t k;
        if (fio_in_read(r->in, &ch, 1, &k) != CLI_OK)
            return CLI_FAIL;
        if (k == 0)
            break;
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n')
            continue;
        if (!b64_char(ch) || r->pad_seen) {
            cli_err("%s: invalid Base64 input (%s)", r->in->name,
                    r->pad_seen ? "data after the padding" : "unexpected character");
            return CLI_FAIL;
        }
        r->quad[r->nquad++] = (char)ch;
    }
    if (r->nquad == 0) {
        *end = 1;
        return CLI_OK;
    }
    if (r->nquad != 4 || rijn_base64_decode(r->dec, sizeof r->dec, &got, r->quad, 4) !=
                             RIJN_OK) {
        cli_err("%s: invalid Base64 input (%s)", r->in->name,
                r->nquad != 4 ? "truncated group" : "bad group");
        return CLI_FAIL;
    }
    r->pad_seen = r->quad[3] == '=';
    r->nquad = 0;
    r->dpos = 0;
    r->dlen = got;
    return CLI_OK;
}

int fmt_read(fmt_in *r, uint8_t *buf, size_t n, size_t *got)
{
    if (!r->b64)
        return fio_in_read(r->in, buf, n, got);
    *got = 0;
    while (*got < n) {
        int end;
        if (r->dpos < r->dlen) {
            buf[(*got)++] = r->dec[r->dpos++];
            continue;
        }
        if (b64_group(r, &end) != CLI_OK)
            return CLI_FAIL;
        if (end)
            break;
    }
    return CLI_OK;
}

/* ---- Base64 out ----------------------------------------------------------- */
/* The lines of rijn's armor (file_armor.c), without its BEGIN and END. */
int fmt_write(fmt_out *w, const uint8_t *p, size_t n)
{
    return w->b64 ? fio_armor_write(w->out, p, n) : fio_out_write(w->out, p, n);
}

int fmt_write_end(fmt_out *w)
{
    return w->b64 ? fio_armor_last(w->out) : CLI_OK;
}

/* ---- peeking -------------------------------------------------------------- */
#if defined(__linux__) && defined(SPLICE_F_NONBLOCK)
/* tee copies what is in the pipe fd now into p_out (blocking until
 * something is, or the writer is gone); with fewer than n bytes, wait (up
 * to about a second) while the writer is still there (no POLLHUP),
 * dropping the copy from p_in before each new try. The bytes copied. */
static ssize_t tee_some(int fd, int p_in, int p_out, size_t n)
{
    ssize_t r = 0;
    int tries;
    for (tries = 0;; tries++) {
        struct pollfd pf;
        uint8_t junk[64];
        struct timespec ts = {0, 10000000L};
        r = tee(fd, p_out, n, 0);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0 || (size_t)r >= n || tries == 100)
            break;
        pf.fd = fd, pf.events = POLLIN, pf.revents = 0;
        if (poll(&pf, 1, 0) == 1 && (pf.revents & POLLHUP) != 0)
            break;
        while (read(p_in, junk, sizeof junk) > 0) /* drop our copy, tee again */
            ;
        nanosleep(&ts, NULL);
    }
    return r;
}

/* The first bytes waiting in the pipe fd, left in it (through tee). */
static size_t peek_fifo(int fd, uint8_t *buf, size_t n)
{
    int p[2];
    ssize_t r;
    if (pipe2(p, O_CLOEXEC) != 0)
        return 0;
    (void)fcntl(p[0], F_SETFL, O_NONBLOCK); /* the writing end must block */
    r = tee_some(fd, p[0], p[1], n);
    if (r > 0)
        r = read(p[0], buf, (size_t)r);
    close(p[0]);
    close(p[1]);
    return r > 0 ? (size_t)r : 0;
}
#endif

static size_t peek_fd(int fd, uint8_t *buf, size_t n)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return 0;
    if (S_ISREG(st.st_mode)) {
        off_t at = lseek(fd, 0, SEEK_CUR);
        ssize_t r = pread(fd, buf, n, at < 0 ? 0 : at);
        return r > 0 ? (size_t)r : 0;
    }
#if defined(__linux__) && defined(SPLICE_F_NONBLOCK)
    if (S_ISFIFO(st.st_mode))
        return peek_fifo(fd, buf, n);
#endif
    return 0;
}

size_t fmt_peek(const char *path, uint8_t *buf, size_t n)
{
    size_t got;
    int fd;
    struct stat st;
    if (path == NULL || strcmp(path, "-") == 0)
        return peek_fd(0, buf, n);
    /* named files: regular ones only (closing our end of a named FIFO
     * could leave its writer without a reader for a moment: SIGPIPE) */
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    got = peek_fd(fd, buf, n);
    close(fd);
    return got;
}

unsigned fmt_file_mode(void)
{
    mode_t m = umask(0);
    umask(m);
    return (unsigned)(0666 & ~m);
}
