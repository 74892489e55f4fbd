/*
 * hash_check.c -- `rijn hash ALG --check LIST`: verify a sha256sum list.
 *
 * Implementation notes: reads lines "<hex>  <name>" (or "<hex> *<name>",
 * binary mode, the same thing here; a leading backslash means the name
 * holds "\\" or "\n" escapes), digests each named file through
 * hash_digest_file (cmd_hash.c) and prints "<name>: OK" or "<name>: FAILED"
 * ("FAILED open or read" for a file it cannot read), escaping only names
 * holding a newline, as coreutils 9 does; then the coreutils warnings on
 * stderr. Exit 1 if anything failed or no line was well formed. An XOF's
 * length comes from each line. Proven by tests/cli/test_cli_hash.py.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash_cli.h"
#include "util.h"

static void put_result(const char *name, const char *verdict)
{
    if (strchr(name, '\n') != NULL) {
        putchar('\\');
        hash_put_name(name);
    } else {
        fputs(name, stdout);
    }
    puts(verdict);
}

/* Undo the \\ and \n escapes of name in place; -1 on another escape. */
static int unescape(char *name)
{
    char *q, *w;
    for (q = w = name; *q != '\0'; q++, w++) {
        if (*q != '\\') {
            *w = *q;
            continue;
        }
        if (q[1] == 'n')
            *w = '\n';
        else if (q[1] == '\\')
            *w = '\\';
        else
            return -1;
        q++;
    }
    *w = '\0';
    return 0;
}

static int parse_line(char *line, char **hex, char **name)
{
    int esc = line[0] == '\\';
    char *p = line + esc;
    *hex = p;
    while ((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f') || (*p >= 'A' && *p <= 'F'))
        p++;
    if (p == *hex || (p - *hex) % 2 != 0 || p[0] != ' ' || (p[1] != ' ' && p[1] != '*') ||
        p[2] == '\0')
        return -1;
    *p = '\0';
    *name = p + 2;
    return esc ? unescape(*name) : 0;
}

/* What a --check run counted. */
typedef struct check_counts {
    size_t good, bad_format, mismatch, unread;
} check_counts;

/* Check one line of the list (its end of line removed). */
static void check_line(const hash_alg *alg, size_t out_len, char *line, int quiet, int silent,
                       check_counts *c)
{
    char *hex, *name;
    uint8_t want[MAX_OUT], out[MAX_OUT];
    size_t wlen = 0, n;
    if (parse_line(line, &hex, &name) != 0 || strlen(hex) / 2 > sizeof want ||
        cli_parse_hex(hex, want, sizeof want, &wlen) != 0 ||
        (!IS_XOF(alg) && wlen != out_len)) {
        c->bad_format++;
        return;
    }
    c->good++;
    n = IS_XOF(alg) ? wlen : out_len;
    if (hash_digest_file(alg, name, out, n) != 0) {
        cli_err("%s: %s", name, strerror(errno));
        c->unread++;
        if (!silent)
            put_result(name, ": FAILED open or read");
        return;
    }
    if (memcmp(out, want, n) != 0)
        c->mismatch++;
    if (!silent && (memcmp(out, want, n) != 0 || !quiet))
        put_result(name, memcmp(out, want, n) != 0 ? ": FAILED" : ": OK");
}

/* sha256sum's closing warnings and the exit status. */
static int check_report(const check_counts *c, const char *list, int silent)
{
    if (c->good == 0) {
        cli_err("%s: no properly formatted checksum lines found", list);
        return CLI_FAIL;
    }
    if (!silent) {
        if (c->bad_format > 0)
            cli_err("WARNING: %zu line%s improperly formatted", c->bad_format,
                    c->bad_format == 1 ? " is" : "s are");
        if (c->unread > 0)
            cli_err("WARNING: %zu listed file%s could not be read", c->unread,
                    c->unread == 1 ? "" : "s");
        if (c->mismatch > 0)
            cli_err("WARNING: %zu computed checksum%s did NOT match", c->mismatch,
                    c->mismatch == 1 ? "" : "s");
    }
    return c->mismatch == 0 && c->unread == 0 ? CLI_OK : CLI_FAIL;
}

int hash_check_list(const hash_alg *alg, size_t out_len, const char *list, int quiet,
                    int silent)
{
    FILE *f = strcmp(list, "-") == 0 ? stdin : fopen(list, "r");
    char *line = NULL;
    size_t cap = 0;
    check_counts c = {0, 0, 0, 0};
    ssize_t got;
    if (f == NULL) {
        cli_err("%s: %s", list, strerror(errno));
        return CLI_FAIL;
    }
    while ((got = getline(&line, &cap, f)) != -1) {
        if (got > 0 && line[got - 1] == '\n')
            line[--got] = '\0';
        if (got > 0 && line[got - 1] == '\r')
            line[--got] = '\0';
        check_line(alg, out_len, line, quiet, silent, &c);
    }
    free(line);
    if (f != stdin)
        fclose(f);
    fflush(stdout);
    return check_report(&c, list, silent);
}
