/*
 * util.c -- helpers of the rijn command-line tool (see util.h).
 *
 * Implementation notes: files are read whole into heap buffers (the CLI
 * is a host tool; the library itself never allocates). Every buffer that
 * may hold a secret goes through cli_buf_free, which wipes before free.
 * Option parsing is a tiny getopt_long lookalike kept here so the tool
 * builds with plain C99 and no GNU extensions.
 */
#define _POSIX_C_SOURCE 200809L
#include "util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *cli_prog = "rijn";

void cli_err(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: ", cli_prog);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void *cli_alloc(size_t n)
{
    void *p = malloc(n == 0 ? 1 : n);
    if (p == NULL) {
        cli_err("out of memory (%zu bytes)", n);
        exit(CLI_FAIL);
    }
    return p;
}

/* ---- options --------------------------------------------------------------- */
void cli_args_init(cli_args *a, int argc, char **argv)
{
    memset(a, 0, sizeof *a);
    a->argc = argc;
    a->argv = argv;
    a->i = 1;
}

/* The option named by the len characters at name, or NULL. */
static const cli_opt *find_long(const cli_opt *opts, const char *name, size_t len)
{
    for (; opts->id != 0; opts++)
        if (opts->lng != NULL && strlen(opts->lng) == len && strncmp(opts->lng, name, len) == 0)
            return opts;
    return NULL;
}

static const cli_opt *find_short(const cli_opt *opts, char c)
{
    for (; opts->id != 0; opts++)
        if (opts->shrt != 0 && opts->shrt == c)
            return opts;
    return NULL;
}

/* o's id, its value in a->val: inl (written inside the argument: "--x=v",
 * "-xv"; NULL if none) or the next argument. shrt: the letter as written,
 * 0 for a long option (for the messages). */
static int opt_value(cli_args *a, const cli_opt *o, const char *inl, char shrt)
{
    if (!o->has_arg) {
        if (inl == NULL)
            return o->id;
        if (shrt != 0)
            cli_err("option '-%c' takes no value (write options separately)", shrt);
        else
            cli_err("option '--%s' takes no value", o->lng);
        return -1;
    }
    if (inl == NULL && a->i >= a->argc) {
        if (shrt != 0)
            cli_err("option '-%c' needs a value", shrt);
        else
            cli_err("option '--%s' needs a value", o->lng);
        return -1;
    }
    a->val = inl != NULL ? inl : a->argv[a->i++];
    return o->id;
}

int cli_next(cli_args *a, const cli_opt *opts)
{
    const char *s;
    const cli_opt *o;
    a->val = NULL;
    a->name = NULL;
    if (a->i >= a->argc)
        return 0;
    s = a->argv[a->i++];
    if (a->no_more_opts || s[0] != '-' || s[1] == '\0') {
        a->val = s;
        return CLI_POS;
    }
    if (strcmp(s, "--") == 0) {
        a->no_more_opts = 1;
        return cli_next(a, opts);
    }
    a->name = s;
    if (s[1] == '-') {
        const char *eq = strchr(s + 2, '=');
        size_t len = eq != NULL ? (size_t)(eq - (s + 2)) : strlen(s + 2);
        if ((o = find_long(opts, s + 2, len)) == NULL) {
            cli_err("unknown option '%.*s' (see --help)", (int)(len + 2), s);
            return -1;
        }
        return opt_value(a, o, eq != NULL ? eq + 1 : NULL, 0);
    }
    if ((o = find_short(opts, s[1])) == NULL) {
        cli_err("unknown option '-%c' (see --help)", s[1]);
        return -1;
    }
    return opt_value(a, o, s[2] != '\0' ? s + 2 : NULL, s[1]);
}

/* ---- files ------------------------------------------------------------------ */
int cli_read_file(const char *path, cli_buf *b)
{
    FILE *f;
    size_t cap = 1 << 16, n = 0;
    uint8_t *p;
    int is_stdin = strcmp(path, "-") == 0;
    f = is_stdin ? stdin : fopen(path, "rb");
    if (f == NULL) {
        cli_err("cannot open '%s': %s", path, strerror(errno));
        return -1;
    }
    p = cli_alloc(cap);
    for (;;) {
        size_t got;
        if (n == cap) {
            uint8_t *q;
            if (cap > ((size_t)-1) / 2) {
                cli_err("'%s' is too large", path);
                break;
            }
            q = cli_alloc(cap * 2);
            memcpy(q, p, n);
            rijn_wipe(p, n);
            free(p);
            p = q;
            cap *= 2;
        }
        got = fread(p + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        cli_err("cannot read '%s': %s", path, strerror(errno));
        if (!is_stdin)
            fclose(f);
        rijn_wipe(p, n);
        free(p);
        return -1;
    }
    if (!is_stdin)
        fclose(f);
    b->p = p;
    b->n = n;
    return 0;
}

int cli_write_file(const char *path, const uint8_t *p, size_t n)
{
    int to_stdout = path == NULL || strcmp(path, "-") == 0;
    FILE *f = to_stdout ? stdout : fopen(path, "wb");
    if (f == NULL) {
        cli_err("cannot create '%s': %s", path, strerror(errno));
        return -1;
    }
    if ((n != 0 && fwrite(p, 1, n, f) != n) || fflush(f) != 0) {
        cli_err("cannot write '%s': %s", to_stdout ? "stdout" : path, strerror(errno));
        if (!to_stdout)
            fclose(f);
        return -1;
    }
    if (!to_stdout && fclose(f) != 0) {
        cli_err("cannot write '%s': %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

void cli_buf_set(cli_buf *b, const void *p, size_t n)
{
    b->p = cli_alloc(n);
    if (n != 0)
        memcpy(b->p, p, n);
    b->n = n;
}

void cli_buf_free(cli_buf *b)
{
    if (b->p != NULL) {
        rijn_wipe(b->p, b->n);
        free(b->p);
    }
    b->p = NULL;
    b->n = 0;
}

int cli_parse_hex(const char *hex, uint8_t *out, size_t max, size_t *len)
{
    size_t i, n = strlen(hex);
    for (i = 0; i < n; i++)
        if (hex[i] == ' ' || hex[i] == '\t' || hex[i] == '\r' || hex[i] == '\n')
            return -1;
    if (rijn_hex_decode(out, max, len, hex, n) != RIJN_OK)
        return -1;
    return 0;
}

char *cli_hex(const uint8_t *p, size_t n, int upper)
{
    char *s = cli_alloc(RIJN_HEX_ENCODED_SIZE(n));
    size_t i;
    if (rijn_hex_encode(s, RIJN_HEX_ENCODED_SIZE(n), NULL, p, n) != RIJN_OK)
        s[0] = '\0';
    if (upper)
        for (i = 0; s[i] != '\0'; i++)
            if (s[i] >= 'a' && s[i] <= 'f')
                s[i] = (char)(s[i] - 'a' + 'A');
    return s;
}

/* ---- forms ------------------------------------------------------------------ */
int cli_parse_form(const char *s, int *form)
{
    if (strcmp(s, "raw") == 0 || strcmp(s, "bin") == 0)
        *form = CLI_FORM_RAW;
    else if (strcmp(s, "hex") == 0)
        *form = CLI_FORM_HEX;
    else if (strcmp(s, "base64") == 0 || strcmp(s, "b64") == 0)
        *form = CLI_FORM_BASE64;
    else {
        cli_err("unknown data form '%s' (raw, hex, base64)", s);
        return -1;
    }
    return 0;
}

int cli_decode_form(int form, cli_buf *b)
{
    size_t n = 0;
    int r;
    uint8_t *out;
    if (form == CLI_FORM_RAW)
        return 0;
    out = cli_alloc(b->n);
    if (form == CLI_FORM_HEX)
        r = rijn_hex_decode(out, b->n, &n, (const char *)b->p, b->n);
    else
        r = rijn_base64_decode(out, b->n, &n, (const char *)b->p, b->n);
    if (r != RIJN_OK) {
        cli_err("input is not valid %s: %s", form == CLI_FORM_HEX ? "hex" : "Base64",
                rijn_strerror(r));
        free(out);
        return -1;
    }
    cli_buf_free(b);
    b->p = out;
    b->n = n;
    return 0;
}

void cli_encode_form(int form, const uint8_t *p, size_t n, cli_buf *out)
{
    if (form == CLI_FORM_RAW) {
        cli_buf_set(out, p, n);
    } else if (form == CLI_FORM_HEX) {
        size_t sz = RIJN_HEX_ENCODED_SIZE(n), len = 0;
        out->p = cli_alloc(sz + 1);
        if (rijn_hex_encode((char *)out->p, sz, &len, p, n) != RIJN_OK)
            len = 0;
        out->p[len++] = '\n';
        out->n = len;
    } else {
        size_t sz = RIJN_BASE64_ENCODED_SIZE(n), len = 0, i, pos = 0;
        char *tmp = cli_alloc(sz);
        if (rijn_base64_encode(tmp, sz, &len, p, n) != RIJN_OK)
            len = 0;
        out->p = cli_alloc(len + len / 64 + 2);
        for (i = 0; i < len; i += 64) {
            size_t k = len - i < 64 ? len - i : 64;
            memcpy(out->p + pos, tmp + i, k);
            pos += k;
            out->p[pos++] = '\n';
        }
        out->n = pos;
        rijn_wipe(tmp, sz);
        free(tmp);
    }
}

/* ---- implementations ------------------------------------------------------- */
int cli_force_impl(const char *name)
{
    size_t i;
    if (name == NULL)
        return 0;
    if (rijn_aes_impl_force(name) == RIJN_OK)
        return 0;
    fprintf(stderr, "%s: AES implementation '%s' is not available here (choices: auto", cli_prog,
            name);
    for (i = 0; i < rijn_aes_impl_count(); i++)
        if (rijn_aes_impl_available(rijn_aes_impl_at(i)))
            fprintf(stderr, ", %s", rijn_aes_impl_name(rijn_aes_impl_at(i)));
    fprintf(stderr, ")\n");
    return -1;
}

int cli_impl_known(const char *only)
{
    const rijn_aes_impl *p;
    if (only == NULL || strcmp(only, "auto") == 0 || rijn_aes_impl_get(only, &p) == RIJN_OK)
        return -1;
    return cli_force_impl(only) == 0 ? CLI_OK : CLI_USAGE;
}

int cli_impl_selected(const char *only, const rijn_aes_impl *p, const rijn_aes_impl *def)
{
    if (only == NULL)
        return 1;
    if (strcmp(only, "auto") == 0)
        return p == def;
    return strcmp(only, rijn_aes_impl_name(p)) == 0;
}
