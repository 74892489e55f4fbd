/*
 * file_recip.c -- version 2 of the rijn format in `rijn encrypt -r/-R`
 * and `rijn decrypt -i` (docs/FORMAT.md section 10,
 * rijn/file_recipients.h): X25519 recipients and identities in age's text
 * forms, and the stanza loop of decryption.
 *
 * Implementation notes: keys are read as age reads them (key_lines:
 * one key per line, '#' comments and empty lines skipped; shared with
 * age_cli.c). Encryption writes one X25519 stanza per recipient, then a
 * passphrase stanza (-p / --passphrase-file, with the --kdf costs) and a
 * key-file stanza (-k) when those are given too. Decryption tries, in
 * header order, every stanza the given secrets can open: X25519 stanzas
 * with each identity (cheap), the key-file stanza with -k, passphrase
 * stanzas with the passphrase (asked on the terminal when neither -i nor
 * -k is given; costs checked against FCRYPT_MAX_* before deriving); the
 * first that opens gives the file key. One line says which stanza
 * matched when there are several, or, when none does, what the file has
 * and what was tried. --file-key-hex / --ephemeral-hex (hidden, tests
 * only: worked vectors) fix the file key and the first ephemeral secret
 * (the i-th has its last byte XORed with i).
 */
#include "file_io.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "rijn/age.h"

static const char *type_name(unsigned t)
{
    return t == RIJN_FILE_KEY_RAW ? "key file" : t == RIJN_FILE_KEY_PBKDF2 ? "passphrase (PBKDF2)"
           : t == RIJN_FILE_KEY_ARGON2ID ? "passphrase (Argon2id)" : "X25519 recipient";
}

int frecip_parse_recipient(const char *s, size_t n, uint8_t out[32], const char *where)
{
    if (rijn_age_public_decode(out, s, n) == RIJN_OK)
        return CLI_OK;
    if (n >= 4 && strncmp(s, "ssh-", 4) == 0)
        cli_err("%s: SSH recipients are not supported (X25519 age1... keys only)", where);
    else
        cli_err("%s: not an X25519 recipient (age1...): '%.*s'", where, (int)(n > 70 ? 70 : n),
                s);
    return CLI_USAGE;
}

/* One non-blank, non-comment line (s, len: trimmed) of a key file into
 * keys[*n]; where: "PATH line N" for the messages. */
static int key_line(const char *where, const char *s, size_t len, int ident,
                    uint8_t (*keys)[32], size_t max, size_t *n)
{
    int rc = CLI_OK;
    if (*n == max) {
        cli_err("%s: too many %s (at most %zu)", where, ident ? "identities" : "recipients", max);
        return CLI_USAGE;
    }
    if (!ident) {
        rc = frecip_parse_recipient(s, len, keys[*n], where);
    } else if (rijn_age_secret_decode(keys[*n], s, len) != RIJN_OK) {
        cli_err("%s: not an X25519 identity (AGE-SECRET-KEY-1...)", where);
        rc = CLI_USAGE;
    }
    if (rc == CLI_OK)
        (*n)++;
    return rc;
}

int frecip_key_lines(const char *path, int ident, uint8_t (*keys)[32], size_t max, size_t *n)
{
    cli_buf b;
    size_t pos = 0, found = 0;
    unsigned long line = 0;
    int rc = CLI_OK;
    if (cli_read_file(path, &b) != 0)
        return CLI_USAGE;
    while (rc == CLI_OK && pos < b.n) {
        char *s = (char *)b.p + pos, *nl = memchr(s, '\n', b.n - pos), where[FIO_PATH + 32];
        size_t len = nl != NULL ? (size_t)(nl - s) : b.n - pos;
        pos += len + 1;
        line++;
        while (len > 0 && isspace((unsigned char)s[len - 1]))
            len--;
        while (len > 0 && isspace((unsigned char)*s))
            s++, len--;
        if (len == 0 || s[0] == '#')
            continue;
        snprintf(where, sizeof where, "%s line %lu", path, line);
        if ((rc = key_line(where, s, len, ident, keys, max, n)) == CLI_OK)
            found++;
    }
    cli_buf_free(&b);
    if (rc == CLI_OK && found == 0) {
        cli_err("%s: no %s in the file", path, ident ? "identity" : "recipient");
        rc = CLI_USAGE;
    }
    return rc;
}

int frecip_read_header(fio_in *in, uint8_t *h, size_t got, rijn_file_params *p)
{
    size_t more = 0;
    int r = rijn_file_v2_parse(p, h, got);
    while (r == RIJN_ERR_LENGTH && p->header_len > got &&
           p->header_len <= RIJN_FILE_V2_HEADER_MAX) {
        if (fio_in_read(in, h + got, p->header_len - got, &more) != CLI_OK)
            return CLI_FAIL;
        if (more == 0)
            break;
        got += more;
        r = rijn_file_v2_parse(p, h, got);
    }
    if (r == RIJN_OK)
        return CLI_OK;
    if (r == RIJN_ERR_LENGTH)
        cli_err("%s ends inside the header (%zu bytes): truncated", in->name, got);
    else if (r == RIJN_ERR_UNSUPPORTED)
        cli_err("header: unknown AEAD id %u (damaged header?)", h[9]);
    else
        cli_err("header: invalid chunk size, stanza count, stanza type or KDF costs "
                "(damaged header?)");
    return CLI_FAIL;
}

/* Master key of a passphrase stanza (costs checked first). */
static int stanza_master(const fcrypt_opts *o, const rijn_file_params *p,
                         const rijn_file_stanza *st, uint8_t m[32])
{
    rijn_file_params q = *p;
    q.key_source = st->type;
    q.iterations = st->iterations;
    q.argon2_t = st->argon2_t;
    q.argon2_m = st->argon2_m;
    q.argon2_lanes = st->argon2_lanes;
    if ((q.key_source == RIJN_FILE_KEY_PBKDF2 && q.iterations > FCRYPT_MAX_ITER) ||
        (q.key_source == RIJN_FILE_KEY_ARGON2ID &&
         (q.argon2_t > FCRYPT_MAX_ARGON2_T || q.argon2_m > FCRYPT_MAX_ARGON2_M))) {
        cli_err("header: key derivation costs above this tool's limits: damaged or hostile "
                "header");
        return CLI_FAIL;
    }
    if (!rijn_file_kdf_available(q.key_source)) {
        cli_err("this file's passphrase stanza needs %s, which this build lacks",
                type_name(q.key_source));
        return CLI_FAIL;
    }
    return fcrypt_get_master(o, &q, 0, m);
}

/* What frecip_unwrap carries from one stanza to the next. */
typedef struct unwrap_state {
    uint8_t secret[32]; /* the key file's key, or a passphrase stanza's key */
    int have_key;       /* the key file was read into secret               */
    int tried;          /* how many unwraps were attempted                 */
    int use_pass;       /* try the passphrase stanzas                      */
} unwrap_state;

/* Try stanza i (st) with what the options give; 1 if it opened the file
 * (file_key set), 0 if not; *rc: an error that ends the search. */
static int try_stanza(const fcrypt_opts *o, const uint8_t *h, const rijn_file_params *p,
                      unsigned i, const rijn_file_stanza *st, uint8_t file_key[32],
                      unwrap_state *u, int *rc)
{
    size_t k;
    int ok = 0;
    if (st->type == RIJN_FILE_KEY_X25519) {
        for (k = 0; !ok && k < o->nident; k++, u->tried++)
            ok = rijn_file_v2_unwrap(file_key, h, p->header_len, i, o->ident[k]) == RIJN_OK;
        return ok;
    }
    if (st->type == RIJN_FILE_KEY_RAW && o->key_file != NULL) {
        if (!u->have_key && (*rc = fio_key_file(o->key_file, u->secret)) == CLI_OK)
            u->have_key = 1;
    } else if (st->type != RIJN_FILE_KEY_RAW && u->use_pass) {
        *rc = stanza_master(o, p, st, u->secret);
    } else {
        return 0;
    }
    u->tried++;
    return *rc == CLI_OK &&
           rijn_file_v2_unwrap(file_key, h, p->header_len, i, u->secret) == RIJN_OK;
}

/* The message when no stanza opened the file; the exit status. */
static int none_opened(const uint8_t *h, const rijn_file_params *p, int tried)
{
    rijn_file_stanza st;
    unsigned i, count[5] = {0, 0, 0, 0, 0};
    for (i = 0; i < p->stanzas; i++)
        if (rijn_file_v2_stanza(h, p->header_len, i, &st) == RIJN_OK)
            count[st.type]++;
    cli_err("no stanza opened the file: it has %u X25519 recipient%s, %u passphrase and %u "
            "key-file stanza%s; %s",
            count[RIJN_FILE_KEY_X25519], count[RIJN_FILE_KEY_X25519] == 1 ? "" : "s",
            count[RIJN_FILE_KEY_PBKDF2] + count[RIJN_FILE_KEY_ARGON2ID],
            count[RIJN_FILE_KEY_RAW], count[RIJN_FILE_KEY_RAW] == 1 ? "" : "s",
            tried == 0 ? "give -i IDENTITY, -k KEYFILE or a passphrase that matches"
                       : "wrong identity, key or passphrase (or a damaged header)");
    return tried == 0 ? CLI_USAGE : CLI_FAIL;
}

int frecip_unwrap(const fcrypt_opts *o, const uint8_t *h, const rijn_file_params *p,
                  uint8_t file_key[32])
{
    rijn_file_stanza st;
    unwrap_state u;
    unsigned i;
    int rc = CLI_OK, tried;
    if (!rijn_file_aead_available(p->aead)) {
        cli_err("this file's AEAD (id %u) is not in this build of rijn", p->aead);
        return CLI_FAIL;
    }
    memset(&u, 0, sizeof u);
    u.use_pass = o->passphrase || o->pass_file != NULL || (o->nident == 0 && o->key_file == NULL);
    for (i = 0; rc == CLI_OK && i < p->stanzas; i++) {
        if (rijn_file_v2_stanza(h, p->header_len, i, &st) != RIJN_OK) {
            rc = CLI_FAIL;
            break;
        }
        if (try_stanza(o, h, p, i, &st, file_key, &u, &rc)) {
            if (p->stanzas > 1)
                cli_err("note: stanza %u of %u (%s) opened the file", i + 1, p->stanzas,
                        type_name(st.type));
            rijn_wipe(&u, sizeof u);
            return CLI_OK;
        }
    }
    tried = u.tried;
    rijn_wipe(&u, sizeof u);
    return rc != CLI_OK ? rc : none_opened(h, p, tried);
}

/* The X25519 stanzas (eph: scratch for the ephemeral keys); CLI_OK with
 * *r the library's status, or an exit status after a message. */
static int add_recipients(const fcrypt_opts *o, rijn_file_writer *w, uint8_t eph[32], int *r)
{
    rijn_file_stanza st;
    size_t i;
    int rc = CLI_OK;
    memset(&st, 0, sizeof st);
    st.type = RIJN_FILE_KEY_X25519;
    for (i = 0; rc == CLI_OK && *r == RIJN_OK && i < o->nrecip; i++) {
        if (o->fixed_given) {
            memcpy(eph, o->fixed_eph, 32);
            eph[31] ^= (uint8_t)i;
        } else if ((rc = fio_random(eph, 32)) != CLI_OK) {
            break;
        }
        *r = rijn_file_v2_add(w, &st, o->recip[i], eph);
        if (*r == RIJN_ERR_PARAM) {
            cli_err("recipient %zu is not a valid X25519 public key (low order)", i + 1);
            rc = CLI_USAGE;
        }
    }
    return rc;
}

/* The passphrase stanza (its KDF from the options, Argon2id or PBKDF2 if
 * they name none) and the key-file stanza, when given (m: scratch). */
static int add_secrets(fcrypt_opts *o, rijn_file_writer *w, uint8_t m[32], int *r)
{
    rijn_file_stanza st;
    rijn_file_params q = o->params;
    int rc = CLI_OK;
    memset(&st, 0, sizeof st);
    if (o->passphrase || o->pass_file != NULL) {
        if (q.key_source == RIJN_FILE_KEY_RAW)
            q.key_source = rijn_file_kdf_available(RIJN_FILE_KEY_ARGON2ID)
                               ? RIJN_FILE_KEY_ARGON2ID : RIJN_FILE_KEY_PBKDF2;
        st.type = q.key_source;
        st.iterations = q.iterations;
        st.argon2_t = q.argon2_t;
        st.argon2_m = q.argon2_m;
        st.argon2_lanes = q.argon2_lanes;
        rc = fcrypt_get_master(o, &q, 1, m);
        if (rc == CLI_OK)
            *r = rijn_file_v2_add(w, &st, m, NULL);
    }
    if (rc == CLI_OK && *r == RIJN_OK && o->key_file != NULL) {
        q = o->params;
        q.key_source = RIJN_FILE_KEY_RAW;
        st.type = RIJN_FILE_KEY_RAW;
        rc = fcrypt_get_master(o, &q, 0, m);
        if (rc == CLI_OK)
            *r = rijn_file_v2_add(w, &st, m, NULL);
    }
    return rc;
}

int frecip_seal_init(fcrypt_opts *o, rijn_file_ctx *ctx, uint8_t *h, size_t size, size_t *hl)
{
    rijn_file_writer w;
    uint8_t fk[32], eph[32], m[32];
    unsigned n = (unsigned)o->nrecip;
    int rc = CLI_OK, r;
    n += (unsigned)(o->passphrase || o->pass_file != NULL) + (o->key_file != NULL);
    if (n > RIJN_FILE_STANZAS_MAX) {
        cli_err("at most %d stanzas (recipients, passphrase, key file)", RIJN_FILE_STANZAS_MAX);
        return CLI_USAGE;
    }
    if (o->fixed_given)
        memcpy(fk, o->fixed_key, 32);
    else if ((rc = fio_random(fk, sizeof fk)) != CLI_OK)
        return rc;
    memset(eph, 0, sizeof eph);
    memset(m, 0, sizeof m);
    r = rijn_file_v2_begin(&w, h, size, &o->params, n, fk);
    rc = add_recipients(o, &w, eph, &r);
    if (rc == CLI_OK && r == RIJN_OK)
        rc = add_secrets(o, &w, m, &r);
    if (rc == CLI_OK && r == RIJN_OK)
        r = rijn_file_v2_end(&w, ctx, hl);
    if (rc == CLI_OK && r != RIJN_OK) {
        cli_err("cannot start encryption: %s", rijn_strerror(r));
        rc = r == RIJN_ERR_UNSUPPORTED ? CLI_USAGE : CLI_FAIL;
    }
    rijn_wipe(&w, sizeof w);
    rijn_wipe(fk, sizeof fk);
    rijn_wipe(eph, sizeof eph);
    rijn_wipe(m, sizeof m);
    return rc;
}
