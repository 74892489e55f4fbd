/*
 * age_lex.c -- the lexer of the age v1 header reader (age_header.c):
 * lines, stanzas ("-> TYPE ARG...\n" and their Base64 body lines), the
 * footer ("--- " + Base64(MAC)), and rijn_age_header_len over them.
 *
 * Implementation notes
 *   Layout: "age-encryption.org/v1\n", stanzas (the arguments, then the
 *   body as unpadded standard Base64 in 64-character lines, the last one
 *   shorter, possibly empty), then the footer. The lexer walks the
 *   caller's buffer line by line (no copy) and returns spans into it.
 *   Base64 text is checked character by character and decoded with
 *   rijn_base64_decode after restoring the padding, so only canonical
 *   text is accepted (no stray bits, as Go's strict decoder). Bodies are
 *   never stored whole: each line is decoded into a stack buffer (checked,
 *   then dropped); a stanza keeps its first body line and the line count.
 *   Rules as age's: "\n" only, single spaces, arguments of printable
 *   ASCII (33..126), at most RIJN_I_AGE_ARGS_MAX kept (more are counted).
 *   Secrets: none here but the wipe of decoded bytes (b64_exact's buffer
 *   may hold a stanza body); the stanza meaning is age_header.c's.
 *   Proof: tests/file/test_age.c and test_age_errors.c (every one-byte
 *   change or insertion of a header never verifies).
 */
#include "file_i.h"
#include "rijn/age.h"
#include "age_i.h"
#include "rijn/encoding.h"

int rijn_i_age_span_is(const rijn_i_age_span *s, const char *t)
{
    size_t n = 0;
    while (t[n] != 0)
        n++;
    return s->len == n && memcmp(s->p, t, n) == 0;
}

static int b64_char(uint8_t c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
           c == '+' || c == '/';
}

/* Unpadded Base64 text s (n <= 64 characters) -> out; *olen bytes. */
static int b64_decode(uint8_t *out, size_t out_size, size_t *olen, const uint8_t *s, size_t n)
{
    char tmp[68];
    size_t i;
    int r;
    *olen = 0;
    if (n > 64 || n % 4 == 1)
        return RIJN_ERR_PARAM;
    for (i = 0; i < n; i++) {
        if (!b64_char(s[i]))
            return RIJN_ERR_PARAM;
        tmp[i] = (char)s[i];
    }
    while (i % 4 != 0)
        tmp[i++] = '=';
    r = rijn_base64_decode(out, out_size, olen, tmp, i);
    return r == RIJN_OK ? RIJN_OK : RIJN_ERR_PARAM;
}

/* Exactly want bytes from the Base64 text s. */
int rijn_i_age_b64_exact(uint8_t *out, size_t want, const rijn_i_age_span *s)
{
    uint8_t tmp[48];
    size_t got;
    if (s->len > 64 || b64_decode(tmp, sizeof tmp, &got, s->p, s->len) != RIJN_OK ||
        got != want) {
        rijn_wipe(tmp, sizeof tmp);
        return RIJN_ERR_PARAM;
    }
    memcpy(out, tmp, want);
    rijn_wipe(tmp, sizeof tmp);
    return RIJN_OK;
}

/* The next line of h[*pos..len) without its "\n". */
static int get_line(const uint8_t *h, size_t len, size_t *pos, rijn_i_age_span *line)
{
    size_t e = *pos;
    while (e < len && h[e] != '\n')
        e++;
    if (e >= len)
        return RIJN_ERR_LENGTH;
    line->p = h + *pos;
    line->len = e - *pos;
    *pos = e + 1;
    return RIJN_OK;
}

/* The footer line "--- MAC": *mac_at is the offset just after "---"
 * (start: the line's offset), mac the decoded MAC. 0 or RIJN_ERR_PARAM. */
static int footer(const rijn_i_age_span *line, size_t start, uint8_t mac[32], size_t *mac_at)
{
    rijn_i_age_span a;
    if (line->len != 4 + 43 || line->p[3] != ' ')
        return RIJN_ERR_PARAM;
    a.p = line->p + 4;
    a.len = 43;
    *mac_at = start + 3;
    return rijn_i_age_b64_exact(mac, 32, &a) == RIJN_OK ? 0 : RIJN_ERR_PARAM;
}

/* The arguments of a stanza line "-> a b c": printable, one space apart. */
static int stanza_args(const rijn_i_age_span *line, rijn_i_age_stanza *st)
{
    size_t i, k;
    for (i = 3; i <= line->len; i = k + 1) {
        for (k = i; k < line->len && line->p[k] != ' '; k++)
            if (line->p[k] < 33 || line->p[k] > 126)
                return RIJN_ERR_PARAM;
        if (k == i)
            return RIJN_ERR_PARAM; /* empty argument: double or trailing space */
        if (st->argc < RIJN_I_AGE_ARGS_MAX) {
            st->args[st->argc].p = line->p + i;
            st->args[st->argc].len = k - i;
        }
        st->argc++;
    }
    return RIJN_OK;
}

/* The body lines of a stanza: Base64, 64 columns, ending with a shorter
 * one. 1, or an error. */
static int stanza_body(const uint8_t *h, size_t len, size_t *pos, rijn_i_age_stanza *st)
{
    rijn_i_age_span line;
    for (;;) {
        uint8_t tmp[48];
        size_t got;
        int r = get_line(h, len, pos, &line);
        if (r != RIJN_OK)
            return r;
        if (st->lines == 0)
            st->body = line;
        st->lines++;
        if (b64_decode(tmp, sizeof tmp, &got, line.p, line.len) != RIJN_OK)
            return RIJN_ERR_PARAM;
        if (line.len < 64)
            return 1;
    }
}

/* One stanza (1) or the footer (0) at *pos. For the footer, *mac_at is the
 * offset just after "---" and mac the decoded MAC. */
int rijn_i_age_next_item(const uint8_t *h, size_t len, size_t *pos, rijn_i_age_stanza *st,
                         uint8_t mac[32], size_t *mac_at)
{
    rijn_i_age_span line;
    size_t start = *pos;
    int r = get_line(h, len, pos, &line);
    if (r != RIJN_OK)
        return r;
    if (line.len >= 3 && memcmp(line.p, "---", 3) == 0)
        return footer(&line, start, mac, mac_at);
    if (line.len < 4 || memcmp(line.p, "-> ", 3) != 0)
        return RIJN_ERR_PARAM;
    memset(st, 0, sizeof *st);
    if ((r = stanza_args(&line, st)) != RIJN_OK)
        return r;
    return stanza_body(h, len, pos, st);
}

int rijn_age_header_len(const uint8_t *in, size_t len, size_t *header_len)
{
    static const char intro[] = RIJN_AGE_INTRO;
    size_t pos = sizeof intro - 1, mac_at;
    uint8_t mac[32];
    rijn_i_age_stanza st;
    int r;
    RIJN_CHECK_PTR(header_len);
    *header_len = 0;
    RIJN_CHECK_BUF(in, len);
    if (memcmp(in, intro, len < pos ? len : pos) != 0)
        return RIJN_ERR_PARAM;
    if (len < pos)
        return RIJN_ERR_LENGTH;
    while ((r = rijn_i_age_next_item(in, len, &pos, &st, mac, &mac_at)) == 1)
        ;
    if (r == 0)
        *header_len = pos;
    return r;
}

