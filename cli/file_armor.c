/*
 * file_armor.c -- reading ASCII-armored rijn files (docs/FORMAT.md
 * section 6) as a byte stream.
 *
 * Implementation notes: detection looks past leading white space for
 * "-----BEGIN RIJN ENCRYPTED FILE-----" without consuming anything when
 * it is absent (binary input is then read from the first byte). Body
 * lines are read one at a time from the raw buffer (at most 80
 * characters, "\r\n" accepted), decoded in groups of four characters
 * with rijn_base64_decode (canonical Base64 only); '=' padding may only
 * end the data. After the END line only white space may follow. A
 * missing END line is an error (truncated armor), reported when the
 * reader gets there, so no chunk after the cut is released. Writing
 * armor is in file_io.c (fio_out_write, 48 bytes per 64-character line).
 */
#include "file_io.h"

#include <stdio.h>
#include <string.h>

/* "-----BEGIN <label>-----" / "-----END <label>-----" of in->label. */
static size_t edge(const fio_in *in, char *line, size_t size, const char *what)
{
    const char *label = in->label != NULL ? in->label : "RIJN ENCRYPTED FILE";
    int n = snprintf(line, size, "-----%s %s-----", what, label);
    return n < 0 || (size_t)n >= size ? 0 : (size_t)n;
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

/* Next line without its "\n" (and a "\r" before it) into line[0..*len);
 * *len = (size_t)-1 at the end of the input. */
static int get_line(fio_in *in, char *line, size_t max, size_t *len)
{
    size_t n = 0;
    for (;;) {
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
        line[n++] = (char)c;
    }
    in->line++;
    if (*len != (size_t)-1 && *len > 0 && line[*len - 1] == '\r')
        (*len)--;
    return CLI_OK;
}

static int trailing(fio_in *in)
{
    char line[82];
    size_t len, i;
    for (;;) {
        if (get_line(in, line, 80, &len) != CLI_OK)
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

/* Decode one more body line into in->dbuf. */
static int next_line(fio_in *in)
{
    char line[82], tmp[88], end_line[96];
    size_t len, i, n, got = 0, end_len = edge(in, end_line, sizeof end_line, "END");
    int r;
    if (get_line(in, line, 80, &len) != CLI_OK)
        return CLI_FAIL;
    if (len == (size_t)-1) {
        cli_err("%s: armor: no END line (the input is truncated)", in->name);
        return CLI_FAIL;
    }
    if (len == end_len && memcmp(line, end_line, len) == 0) {
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
    memcpy(tmp, in->quad, in->nquad);
    n = in->nquad;
    for (i = 0; i < len; i++) {
        if (line[i] == ' ' || line[i] == '\t') {
            cli_err("%s: armor: white space inside line %lu", in->name, in->line);
            return CLI_FAIL;
        }
        tmp[n++] = line[i];
    }
    in->nquad = n % 4;
    memcpy(in->quad, tmp + n - in->nquad, in->nquad);
    n -= in->nquad;
    if (n > 0 && tmp[n - 1] == '=')
        in->pad_seen = 1;
    if (in->pad_seen && in->nquad != 0) {
        cli_err("%s: armor: data after Base64 padding (line %lu)", in->name, in->line);
        return CLI_FAIL;
    }
    r = rijn_base64_decode(in->dbuf, sizeof in->dbuf, &got, tmp, n);
    if (r != RIJN_OK) {
        cli_err("%s: armor: invalid Base64 on line %lu", in->name, in->line);
        return CLI_FAIL;
    }
    in->dpos = 0;
    in->dlen = got;
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
            if (next_line(in) != CLI_OK)
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
