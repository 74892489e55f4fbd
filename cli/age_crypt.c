/*
 * age_crypt.c -- the engines of `rijn encrypt --format age` and
 * `rijn decrypt` of age files: rijn/age.h between fio_in and fio_out
 * (file_io.h), with the chunk loops of file_crypt.c.
 *
 * Implementation notes: order of work as for rijn files: open the input,
 * check the output, read the header, get the keys or passphrase, unwrap
 * and verify the header MAC, then stream; nothing is created before the
 * file key is known. The header is read line by line (fio_in_read of one
 * byte at a time from its buffer, so nothing past it is consumed) into a
 * static buffer of AGE_HEADER_MAX bytes; the 16-byte payload nonce
 * follows it. Armor: the same reader and writer as rijn's --armor, with
 * the label "AGE ENCRYPTED FILE". The scrypt work area (256 MiB at age's
 * default log N 18) is malloc'd only for the size the header asks, after
 * checking it against --max-scrypt-log-n. Messages say how many X25519
 * stanzas the file has and which one matched.
 */
#include "age_cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"

#define AGE_HEADER_MAX (1u << 20)

static uint8_t header[AGE_HEADER_MAX];

static int get_pass(const age_opts *o, uint8_t *pass, size_t *len, int confirm)
{
    int rc = o->pass_file != NULL ? fio_pass_file(o->pass_file, pass, len)
                                  : fio_pass_tty(pass, len, confirm);
    if (rc == CLI_OK && confirm && *len == 0) {
        cli_err("empty passphrase refused");
        rc = CLI_USAGE;
    }
    return rc;
}

static void *scrypt_work(unsigned log_n, size_t *size)
{
    *size = rijn_scrypt_work_size((uint64_t)1 << log_n, 8, 1);
    if (*size == 0)
        return NULL;
    return malloc(*size);
}

/* Open the input, check the output, get the passphrase (no recipients),
 * draw the file key and the payload nonce. */
static int prepare_seal(const age_opts *o, fio_in *in, fio_out *out, uint8_t *pass,
                        size_t *plen, uint8_t file_key[16], uint8_t nonce[16])
{
    int rc = fio_open_seal(in, out, o->in_path, o->out_path, o->force, o->armor);
    out->label = AGE_ARMOR_LABEL;
    if (rc == CLI_OK && o->nrecip == 0)
        rc = get_pass(o, pass, plen, 1);
    if (rc == CLI_OK)
        rc = fio_random(file_key, 16);
    if (rc == CLI_OK)
        rc = fio_random(nonce, 16);
    return rc;
}

/* One X25519 stanza per recipient (eph: scratch); CLI_OK with *r the
 * library's status, or an exit status after a message. */
static int write_recipients(const age_opts *o, rijn_age_writer *w, uint8_t eph[32], int *r)
{
    size_t i;
    int rc;
    for (i = 0; *r == RIJN_OK && i < o->nrecip; i++) {
        if ((rc = fio_random(eph, 32)) != CLI_OK)
            return rc;
        *r = rijn_age_write_x25519(w, o->recip[i], eph);
        if (*r == RIJN_ERR_PARAM) {
            cli_err("recipient %zu is not a valid X25519 public key (low order)", i + 1);
            return CLI_USAGE;
        }
    }
    return CLI_OK;
}

/* The scrypt stanza for the passphrase; *work: the work area (freed by
 * the caller). */
static int write_scrypt(const age_opts *o, rijn_age_writer *w, const uint8_t *pass,
                        size_t plen, void **work, int *r)
{
    uint8_t salt[16];
    size_t ws = 0;
    int rc;
    if ((*work = scrypt_work(o->log_n, &ws)) == NULL) {
        cli_err("cannot allocate the scrypt work area for log N = %u", o->log_n);
        return CLI_FAIL;
    }
    if ((rc = fio_random(salt, sizeof salt)) != CLI_OK)
        return rc;
    *r = rijn_age_write_scrypt(w, pass, plen, salt, o->log_n, *work, ws);
    return CLI_OK;
}

/* The header (hl bytes into header[]) and the payload context. */
static int start_seal(const age_opts *o, rijn_age_writer *w, rijn_file_ctx *ctx,
                      const uint8_t *pass, size_t plen, const uint8_t file_key[16],
                      const uint8_t nonce[16], size_t *hl, void **work)
{
    uint8_t eph[32];
    int r = rijn_age_write_begin(w, header, sizeof header, file_key);
    int rc = write_recipients(o, w, eph, &r);
    rijn_wipe(eph, sizeof eph);
    if (rc == CLI_OK && r == RIJN_OK && o->nrecip == 0)
        rc = write_scrypt(o, w, pass, plen, work, &r);
    if (rc != CLI_OK)
        return rc;
    if (r == RIJN_OK)
        r = rijn_age_write_end(w, hl);
    if (r == RIJN_OK)
        r = rijn_age_payload_init(ctx, 1, file_key, nonce);
    if (r != RIJN_OK) {
        cli_err("cannot start encryption: %s", rijn_strerror(r));
        return CLI_FAIL;
    }
    return CLI_OK;
}

int age_encrypt(const age_opts *o)
{
    static fio_in in;
    static fio_out out;
    rijn_age_writer w;
    rijn_file_ctx ctx;
    uint8_t file_key[16], nonce[16], pass[FIO_PASS_MAX];
    size_t plen = 0, hl = 0;
    void *work = NULL;
    int rc, begun = 0;

    memset(&ctx, 0, sizeof ctx);
    memset(&w, 0, sizeof w);
    fio_signals_install();
    fio_progress_init(o->progress);
    rc = prepare_seal(o, &in, &out, pass, &plen, file_key, nonce);
    if (rc == CLI_OK)
        rc = start_seal(o, &w, &ctx, pass, plen, file_key, nonce, &hl, &work);
    if (rc != CLI_OK)
        goto done;
    rc = fio_out_begin(&out, (mode_t)fmt_file_mode(), o->armor);
    begun = 1;
    if (rc == CLI_OK)
        rc = fio_out_write(&out, header, hl);
    if (rc == CLI_OK)
        rc = fio_out_write(&out, nonce, sizeof nonce);
    if (rc == CLI_OK)
        rc = fcrypt_seal_chunks(&in, &out, &ctx);
    if (rc == CLI_OK)
        rc = fio_out_commit(&out);
done:
    if (rc != CLI_OK && begun)
        fio_out_abort(&out);
    if (work != NULL)
        free(work); /* rijn_scrypt wiped it */
    rijn_file_wipe(&ctx);
    rijn_wipe(&w, sizeof w);
    rijn_wipe(file_key, sizeof file_key);
    rijn_wipe(pass, sizeof pass);
    fio_in_close(&in);
    return rc;
}

/* The header, line by line, into header[]; *hl its length. */
static int read_header(fio_in *in, size_t *hl)
{
    size_t n = 0, got;
    int r;
    for (;;) {
        if (n == AGE_HEADER_MAX) {
            cli_err("%s: the age header is longer than %u bytes", in->name, AGE_HEADER_MAX);
            return CLI_FAIL;
        }
        if (fio_in_read(in, header + n, 1, &got) != CLI_OK)
            return CLI_FAIL;
        if (got == 0) {
            cli_err("%s: the input ends inside the age header (truncated)", in->name);
            return CLI_FAIL;
        }
        if (header[n++] != '\n')
            continue;
        r = rijn_age_header_len(header, n, hl);
        if (r == RIJN_OK)
            return CLI_OK;
        if (r != RIJN_ERR_LENGTH) {
            cli_err("%s: malformed age header (line ending at byte %zu)", in->name, n);
            return CLI_FAIL;
        }
    }
}

/* The file key from the identities (an X25519-only file). */
static int unwrap_x25519(const age_opts *o, const rijn_age_info *info, size_t hl,
                         uint8_t fk[16])
{
    size_t i;
    unsigned which = 0;
    int r;
    if (o->nident == 0) {
        cli_err("the file is encrypted to %u X25519 recipient%s: give an identity file "
                "with -i", info->x25519, info->x25519 == 1 ? "" : "s");
        return CLI_USAGE;
    }
    for (i = 0; i < o->nident; i++) {
        r = rijn_age_unwrap_x25519(fk, header, hl, o->ident[i], &which);
        if (r == RIJN_OK) {
            if (o->progress && info->stanzas > 1)
                cli_err("note: identity %zu matched recipient stanza %u of %u", i + 1,
                        which + 1, info->stanzas);
            return CLI_OK;
        }
        if (r != RIJN_ERR_AUTH) {
            cli_err("malformed X25519 recipient stanza in the header");
            return CLI_FAIL;
        }
    }
    cli_err("no identity matched any of the %u recipient stanza%s (%u X25519)",
            info->stanzas, info->stanzas == 1 ? "" : "s", info->x25519);
    return CLI_FAIL;
}

/* The file key from the passphrase (an scrypt file). */
static int unwrap_scrypt(const age_opts *o, const rijn_age_info *info, size_t hl,
                         uint8_t fk[16])
{
    uint8_t pass[FIO_PASS_MAX];
    size_t plen = 0, ws = 0;
    void *work;
    int rc, r;
    if (o->nident > 0) {
        cli_err("the file is passphrase-encrypted (scrypt): give -p or --passphrase-file, "
                "not -i");
        return CLI_USAGE;
    }
    if (info->log_n > o->max_log_n) {
        cli_err("the file asks for scrypt work factor %u (over %u: raise it with "
                "--max-scrypt-log-n if you trust the file)", info->log_n, o->max_log_n);
        return CLI_FAIL;
    }
    rc = get_pass(o, pass, &plen, 0);
    if (rc != CLI_OK)
        return rc;
    work = scrypt_work(info->log_n, &ws);
    if (work == NULL) {
        cli_err("cannot allocate the scrypt work area (log N = %u)", info->log_n);
        rijn_wipe(pass, sizeof pass);
        return CLI_FAIL;
    }
    r = rijn_age_unwrap_scrypt(fk, header, hl, pass, plen, o->max_log_n, work, ws);
    free(work);
    rijn_wipe(pass, sizeof pass);
    if (r == RIJN_OK)
        return CLI_OK;
    cli_err(r == RIJN_ERR_AUTH ? "wrong passphrase (the scrypt stanza did not open)"
                               : "scrypt stanza: %s", rijn_strerror(r));
    return CLI_FAIL;
}

/* Read the header, take the file key from it (fk) and authenticate it. */
static int open_header(const age_opts *o, fio_in *in, uint8_t fk[16])
{
    rijn_age_info info;
    size_t hl = 0;
    int rc = fio_in_detect_armor(in);
    if (rc == CLI_OK)
        rc = read_header(in, &hl);
    if (rc != CLI_OK)
        return rc;
    if (rijn_age_header_info(header, hl, &info) != RIJN_OK) {
        cli_err("malformed age header (%s)", info.scrypt != 0 && info.stanzas > 1
                                                  ? "an scrypt stanza must be the only one"
                                                  : "a bad X25519 or scrypt stanza");
        return CLI_FAIL;
    }
    rc = info.scrypt == 0 ? unwrap_x25519(o, &info, hl, fk) : unwrap_scrypt(o, &info, hl, fk);
    if (rc == CLI_OK && rijn_age_verify_header(header, hl, fk) != RIJN_OK) {
        cli_err("header authentication failed (the header was altered)");
        rc = CLI_FAIL;
    }
    return rc;
}

/* Read the payload nonce and start ctx with the file key. */
static int start_open(fio_in *in, rijn_file_ctx *ctx, const uint8_t fk[16])
{
    uint8_t nonce[16];
    size_t got = 0;
    int r;
    if (fio_in_read(in, nonce, sizeof nonce, &got) != CLI_OK)
        return CLI_FAIL; /* said why (a read error) */
    if (got != sizeof nonce) {
        cli_err("the input ends before the payload nonce (truncated)");
        return CLI_FAIL;
    }
    if ((r = rijn_age_payload_init(ctx, 0, fk, nonce)) != RIJN_OK) {
        cli_err("cannot start decryption: %s", rijn_strerror(r));
        return CLI_FAIL;
    }
    return CLI_OK;
}

int age_decrypt(const age_opts *o)
{
    static fio_in in;
    static fio_out out;
    rijn_file_ctx ctx;
    uint8_t fk[16];
    int rc;

    memset(&ctx, 0, sizeof ctx);
    memset(fk, 0, sizeof fk);
    fio_signals_install();
    fio_progress_init(o->progress);
    rc = fio_open_unseal(&in, &out, o->in_path, o->out_path, o->force);
    in.label = AGE_ARMOR_LABEL;
    if (rc == CLI_OK)
        rc = open_header(o, &in, fk);
    if (rc == CLI_OK)
        rc = start_open(&in, &ctx, fk);
    if (rc == CLI_OK)
        rc = fcrypt_open_payload(&in, &out, &ctx);
    rijn_file_wipe(&ctx);
    rijn_wipe(fk, sizeof fk);
    fio_in_close(&in);
    return rc;
}
