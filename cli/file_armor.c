/*
 * file_armor.c -- ASCII-armored rijn files (docs/FORMAT.md section 6):
 * reading them as a byte stream, and writing armor (fio_out_write of an
 * armored output).
 *
 * Implementation notes: detection looks past leading white space for
 * "-----BEGIN RIJN ENCRYPTED FILE-----" without consuming anything when
 * it is absent (binary input is then read from the first byte). Body
 * lines are read one at a time from the raw buffer (at most 80
 * characters, "\r\n" accepted), decoded in groups of four characters
 * with rijn_base64_decode (canonical Base64 only); '=' padding may only
 * end the data. After the END line only white space may follow. A
 * missing END line is an error (truncated armor), reported when the
 * reader gets there, so no chunk after the cut is released. Copies: a
 * line that lies whole in the raw buffer is decoded where it lies (a line
 * across the buffer's end, or one that ends a group left open by the one
 * before, is gathered first) and into the caller's buffer when its bytes
 * fit there (else into in->dbuf); the END line is formatted only for a
 * line that starts with '-' (no Base64 character). Writing: 48 bytes a
 * line of 64 characters, encoded from the caller's bytes (a line split
 * across two writes is gathered in o->apend) straight into the write
 * buffer. Measured against the copying reader and writer (page cache,
 * to /dev/null, CPU time, medians of interleaved runs): decrypt of an
 * armored 512 MiB file 4.22 -> 3.30 s (64 MiB: 0.54 -> 0.42 s; the END
 * line's snprintf for every line was a tenth of it), encrypt --armor
 * 1.25 -> 1.20 s (64 MiB: 0.159 -> 0.155 s). The rest, 90 % of
 * decryption and 85 % of encryption (perf), was the constant-time Base64
 * code (src/encoding/base64.c), now vectorised on x86-64 (512 MiB:
 * decrypt 3.32 -> 0.33 s, encrypt --armor 1.18 -> 0.48 s; its notes).
 */
#include "file_io.h"

#include <stdio.h>
#include <string.h>

/* "-----<what> <label>-----" and nl (label NULL: the rijn label). */
static size_t edge_line(const char *label, char *line, size_t size, const char *what,
                        const char *nl)
{
    int n = snprintf(line, size, "-----%s %s-----%s", what,
                     label != NULL ? label : "RIJN ENCRYPTED FILE", nl);
    return n < 0 || (size_t)n >= size ? 0 : (size_t)n;
}

static size_t edge(const fio_in *in, char *line, size_t size, const char *what)
{
    return edge_line(in->label, line, size, what, "");
}

static int is_ws(int c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

int fio_in_detect_armor(fio_in *in)
{
    char begin_line[96];
    size_t i, n = edge(in, begin_line, sizeof begin_line, "BEGIN");
    in->armor = 0;
    while (!in->eof && in->rlen - in->rpos < 4096)
        if (fio_raw_fill(in) != CLI_OK)
            return CLI_FAIL;
    for (i = in->rpos; i < in->rlen && is_ws(in->rbuf[i]); i++)
        ;
    if (in->rlen - i < n || memcmp(in->rbuf + i, begin_line, n) != 0)
        return CLI_OK;
    i += n;
    while (i < in->rlen && (in->rbuf[i] == ' ' || in->rbuf[i] == '\t' || in->rbuf[i] == '\r'))
        i++;
    if (i >= in->rlen || in->rbuf[i] != '\n') {
        cli_err("%s: armor: the BEGIN line is not followed by a line end", in->name);
        return CLI_FAIL;
    }
    in->rpos = i + 1;
    in->armor = 1;
    in->line = 1;
    return CLI_OK;
}

/* Next line without its "\n" (and a "\r" before it): *line, *len bytes;
 * *len = (size_t)-1 at the end of the input. *line points into the raw
 * buffer (valid until the next read) when the line lies there whole, else
 * at buf[0..max), where it is gathered. */
static int get_line(fio_in *in, char *buf, size_t max, const char **line, size_t *len)
{
    size_t n = 0, avail = in->rlen - in->rpos;
    const uint8_t *at = in->rbuf + in->rpos, *nl = memchr(at, '\n', avail <= max ? avail : max + 1);
    *line = buf;
    if (nl != NULL) { /* whole in the raw buffer: no copy */
        *line = (const char *)at;
        *len = (size_t)(nl - at);
        in->rpos += *len + 1;
    }
    while (nl == NULL) {
        uint8_t c;
        if (in->rpos == in->rlen) {
            if (in->eof) {
                *len = n == 0 ? (size_t)-1 : n;
                break;
            }
            if (fio_raw_fill(in) != CLI_OK)
                return CLI_FAIL;
            continue;
        }
        c = in->rbuf[in->rpos++];
        if (c == '\n') {
            *len = n;
            break;
        }
        if (n == max) {
            cli_err("%s: armor: line %lu is too long", in->name, in->line + 1);
            return CLI_FAIL;
        }
        buf[n++] = (char)c;
    }
    in->line++;
    if (*len != (size_t)-1 && *len > 0 && (*line)[*len - 1] == '\r')
        (*len)--;
    return CLI_OK;
}

static int trailing(fio_in *in)
{
    char buf[82];
    const char *line;
    size_t len, i;
    for (;;) {
        if (get_line(in, buf, 80, &line, &len) != CLI_OK)
            return CLI_FAIL;
        if (len == (size_t)-1)
            return CLI_OK;
        for (i = 0; i < len; i++)
            if (!is_ws(line[i])) {
                cli_err("%s: armor: text after the END line (line %lu)", in->name, in->line);
                return CLI_FAIL;
            }
    }
}

/* The END line of in; 1 if line[0..len) is it (only a line that starts
 * with '-', which no Base64 line does, is compared). */
static int is_end(const fio_in *in, const char *line, size_t len)
{
    char end_line[96];
    return len > 0 && line[0] == '-' && len == edge(in, end_line, sizeof end_line, "END") &&
           memcmp(line, end_line, len) == 0;
}

/* The whole groups of four characters of body line[0..len) (with the
 * characters an earlier line left in in->quad): *src, *n characters, in
 * line itself when nothing is left over, else gathered in tmp (88 bytes). */
static int groups(fio_in *in, const char *line, size_t len, char *tmp, const char **src,
                  size_t *n)
{
    if (memchr(line, ' ', len) != NULL || memchr(line, '\t', len) != NULL) {
        cli_err("%s: armor: white space inside line %lu", in->name, in->line);
        return CLI_FAIL;
    }
    *src = line;
    *n = len;
    if (in->nquad != 0 || len % 4 != 0) { /* a group across lines: gathered */
        memcpy(tmp, in->quad, in->nquad);
        memcpy(tmp + in->nquad, line, len);
        *n = in->nquad + len;
        in->nquad = *n % 4;
        memcpy(in->quad, tmp + *n - in->nquad, in->nquad);
        *n -= in->nquad;
        *src = tmp;
    }
    if (*n > 0 && (*src)[*n - 1] == '=')
        in->pad_seen = 1;
    if (in->pad_seen && in->nquad != 0) {
        cli_err("%s: armor: data after Base64 padding (line %lu)", in->name, in->line);
        return CLI_FAIL;
    }
    return CLI_OK;
}

/* Decode one more body line: into out when its bytes fit in room (*got
 * counts them), else into in->dbuf. */
static int next_line(fio_in *in, uint8_t *out, size_t room, size_t *got)
{
    char buf[82], tmp[88];
    const char *line, *src;
    size_t len, n, dec = 0;
    int r;
    if (get_line(in, buf, 80, &line, &len) != CLI_OK)
        return CLI_FAIL;
    if (len == (size_t)-1) {
        cli_err("%s: armor: no END line (the input is truncated)", in->name);
        return CLI_FAIL;
    }
    if (is_end(in, line, len)) {
        if (in->nquad != 0) {
            cli_err("%s: armor: Base64 data ends in the middle of a group", in->name);
            return CLI_FAIL;
        }
        in->armor_state = 1;
        return trailing(in);
    }
    if (in->pad_seen) {
        cli_err("%s: armor: data after Base64 padding (line %lu)", in->name, in->line);
        return CLI_FAIL;
    }
    if (groups(in, line, len, tmp, &src, &n) != CLI_OK)
        return CLI_FAIL;
    if (n / 4 * 3 <= room) /* straight into the caller's buffer */
        r = rijn_base64_decode(out, n / 4 * 3, &dec, src, n);
    else
        r = rijn_base64_decode(in->dbuf, sizeof in->dbuf, &in->dlen, src, n);
    if (r != RIJN_OK) {
        cli_err("%s: armor: invalid Base64 on line %lu", in->name, in->line);
        return CLI_FAIL;
    }
    *got += dec;
    return CLI_OK;
}

int fio_armor_read(fio_in *in, uint8_t *buf, size_t n, size_t *got)
{
    *got = 0;
    while (*got < n) {
        size_t k;
        if (in->dpos == in->dlen) {
            if (in->armor_state == 1)
                break;
            in->dpos = in->dlen = 0;
            if (next_line(in, buf + *got, n - *got, got) != CLI_OK)
                return CLI_FAIL;
            continue;
        }
        k = in->dlen - in->dpos < n - *got ? in->dlen - in->dpos : n - *got;
        memcpy(buf + *got, in->dbuf + in->dpos, k);
        in->dpos += k;
        *got += k;
    }
    return CLI_OK;
}

/* ---- writing -------------------------------------------------------- */
int fio_armor_edge(fio_out *o, const char *what)
{
    char line[96];
    size_t n = edge_line(o->label, line, sizeof line, what, "\n");
    return n == 0 ? CLI_FAIL : fio_out_put(o, (const uint8_t *)line, n);
}

size_t fio_armor_encode(char *dst, const uint8_t *p, size_t n)
{
    size_t at = 0;
    while (n > 0) {
        size_t k = n < 48 ? n : 48, len = 0;
        if (rijn_base64_encode(dst + at, 66, &len, p, k) != RIJN_OK)
            return 0;
        dst[at + len] = '\n';
        at += len + 1;
        p += k;
        n -= k;
    }
    return at;
}

/* One line: the Base64 of p[0..n) (0 < n <= 48) and "\n", encoded
 * straight into the write buffer. */
static int armor_line(fio_out *o, const uint8_t *p, size_t n)
{
    char *line = (char *)fio_out_room(o, 66);
    size_t len = line != NULL ? fio_armor_encode(line, p, n) : 0;
    o->olen += len;
    return len > 0 ? CLI_OK : CLI_FAIL;
}

int fio_armor_write(fio_out *o, const uint8_t *p, size_t n)
{
    while (n > 0) {
        size_t k = 48 - o->napend < n ? 48 - o->napend : n;
        if (o->napend == 0 && n >= 48) { /* a whole line from p */
            if (armor_line(o, p, 48) != CLI_OK)
                return CLI_FAIL;
            p += 48;
            n -= 48;
            continue;
        }
        memcpy(o->apend + o->napend, p, k);
        o->napend += k;
        p += k;
        n -= k;
        if (o->napend == 48) {
            if (armor_line(o, o->apend, 48) != CLI_OK)
                return CLI_FAIL;
            o->napend = 0;
        }
    }
    return CLI_OK;
}

int fio_armor_last(fio_out *o)
{
    int rc = o->napend > 0 ? armor_line(o, o->apend, o->napend) : CLI_OK;
    rijn_wipe(o->apend, sizeof o->apend);
    o->napend = 0;
    return rc;
}

int fio_armor_end(fio_out *o)
{
    return fio_armor_last(o) == CLI_OK ? fio_armor_edge(o, "END") : CLI_FAIL;
}
