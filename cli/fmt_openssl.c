/*
 * fmt_openssl.c -- the `openssl enc` file format, read and written.
 *
 * Layout: "Salted__" || salt (8 bytes) || ciphertext; with -nosalt the
 * ciphertext alone. Optionally Base64 (openssl enc -a: 64-column lines).
 * Key and IV: rijn_openssl_enc_key (rijn/legacy_formats.h):
 * PBKDF2-HMAC-md(passphrase, salt, iter, key_len + 16) split into
 * key || IV (openssl enc -pbkdf2 [-iter N]; with -nosalt the salt is
 * empty), or EVP_BytesToKey(md, salt, passphrase, count 1) (openssl enc
 * without -pbkdf2; OpenSSL 3 hashes with SHA-256 by default, 1.0.x with
 * MD5). Ciphers: AES-128/192/256 in CBC with PKCS#7 padding, CTR
 * (128-bit big-endian counter), CFB (CFB128), CFB8, OFB.
 *
 * The format itself is the library's (rijn/legacy_formats.h:
 * rijn_openssl_enc_*, rijn_legacy_update / _final); here the I/O.
 *
 * Implementation notes: constant memory (64 KiB buffers), any input
 * size, pipes. Nothing authenticates the data: a wrong passphrase or
 * wrong options show up only as bad CBC padding (and then not always),
 * and never for the stream modes. Decrypting to a file publishes it
 * only after the padding checked (temporary file otherwise removed).
 * Proved against the `openssl enc` command in both directions by
 * tests/test_interop_openssl.py (every cipher x KDF x md, Base64).
 */
#include "fmt.h"

#include <string.h>

static uint8_t g_ibuf[FIO_BUF];
static uint8_t g_obuf[FIO_BUF + 32];
static fio_in g_in;
static fio_out g_out;

/* Key ctx from the secret (rijn_openssl_enc_seal_init / _open_init);
 * head gets the header when encrypting. */
static int derive(const fmt_opts *o, rijn_legacy_ctx *c, const uint8_t *salt, uint8_t *head,
                  size_t *hlen)
{
    rijn_legacy_params p;
    uint8_t sec[FMT_SECRET_MAX];
    size_t slen = 0;
    int rc = fmt_secret(o, sec, &slen), r;
    if (rc != CLI_OK)
        return rc;
    fmt_params(o, &p);
    if (o->enc)
        r = rijn_openssl_enc_seal_init(c, head, 16, hlen, &p, o->nosalt ? NULL : salt, sec,
                                       slen);
    else
        r = rijn_openssl_enc_open_init(c, &p, o->nosalt ? NULL : salt, sec, slen);
    rijn_wipe(sec, sizeof sec);
    if (r == RIJN_ERR_UNSUPPORTED) {
        cli_err("cipher setup: %s", rijn_strerror(r));
        return CLI_USAGE;
    }
    if (r != RIJN_OK) {
        cli_err("key derivation failed: %s", rijn_strerror(r));
        return CLI_FAIL;
    }
    return CLI_OK;
}

static void warn_write(const fmt_opts *o)
{
    if (o->pbkdf2)
        fmt_warn("the openssl enc format is not authenticated (changes to the file go "
                 "undetected)");
    else
        fmt_warn("the openssl enc format is not authenticated, and without --pbkdf2 its key "
                 "comes from one hash of the passphrase (EVP_BytesToKey)");
}

/* Stream the input through c into the output. */
static int crypt_loop(rijn_legacy_ctx *c, fmt_in *rd, fmt_out *w, int enc)
{
    size_t got, n;
    int rc = CLI_OK, r;
    while (rc == CLI_OK) {
        rc = fmt_read(rd, g_ibuf, sizeof g_ibuf, &got);
        if (rc != CLI_OK)
            break;
        r = rijn_legacy_update(c, g_obuf, sizeof g_obuf, &n, g_ibuf, got);
        if (r != RIJN_OK) {
            cli_err("%scryption failed: %s", enc ? "en" : "de", rijn_strerror(r));
            return CLI_FAIL;
        }
        rc = fmt_write(w, g_obuf, n);
        fio_progress(&g_in, enc ? "encrypting" : "decrypting");
        if (got < sizeof g_ibuf)
            break;
    }
    return rc;
}

/* Open the input, check the output, draw the salt, derive the key. */
static int enc_setup(const fmt_opts *o, rijn_legacy_ctx *c, uint8_t *head, size_t *hlen)
{
    uint8_t salt[8];
    int rc = fio_open_seal(&g_in, &g_out, o->in_path, o->out_path, o->force, o->armor);
    if (rc == CLI_OK && !o->nosalt) {
        if (o->fixed_given)
            memcpy(salt, o->fixed, 8);
        else
            rc = fio_random(salt, 8);
    }
    if (rc == CLI_OK)
        rc = derive(o, c, salt, head, hlen);
    return rc;
}

/* The last block (CBC padding), then the end of the Base64 lines. */
static int enc_final(rijn_legacy_ctx *c, fmt_out *w)
{
    size_t n;
    int rc;
    if (rijn_legacy_final(c, g_obuf, sizeof g_obuf, &n) != RIJN_OK) {
        cli_err("encryption failed");
        return CLI_FAIL;
    }
    rc = fmt_write(w, g_obuf, n);
    return rc == CLI_OK ? fmt_write_end(w) : rc;
}

/* Clean up after either direction: remove a failed output, wipe. */
static int finish(int rc, int begun, rijn_legacy_ctx *c)
{
    if (rc != CLI_OK && begun)
        fio_out_abort(&g_out);
    rijn_legacy_wipe(c);
    rijn_wipe(g_ibuf, sizeof g_ibuf);
    rijn_wipe(g_obuf, sizeof g_obuf);
    fio_in_close(&g_in);
    return rc;
}

int fmt_openssl_encrypt(const fmt_opts *o)
{
    rijn_legacy_ctx c;
    fmt_in rd;
    fmt_out w;
    uint8_t head[16];
    size_t hlen = 0;
    int rc;

    memset(&c, 0, sizeof c);
    memset(&rd, 0, sizeof rd);
    fio_signals_install();
    rc = enc_setup(o, &c, head, &hlen);
    if (rc != CLI_OK)
        return finish(rc, 0, &c);
    warn_write(o);
    rd.in = &g_in, rd.b64 = 0;
    w.out = &g_out, w.b64 = o->armor;
    fio_progress_init(o->progress); /* after the passphrase prompt */
    rc = fio_out_begin(&g_out, (mode_t)fmt_file_mode(), 0);
    if (rc == CLI_OK)
        rc = fmt_write(&w, head, hlen);
    if (rc == CLI_OK)
        rc = crypt_loop(&c, &rd, &w, 1);
    fio_progress_done();
    if (rc == CLI_OK)
        rc = enc_final(&c, &w);
    if (rc == CLI_OK)
        rc = fio_out_commit(&g_out);
    return finish(rc, 1, &c);
}

/* Read "Salted__" and the salt (unless --nosalt). */
static int read_head(const fmt_opts *o, fmt_in *r, uint8_t salt[8])
{
    uint8_t head[16];
    size_t got = 0;
    int e;
    if (o->nosalt)
        return CLI_OK;
    if (fmt_read(r, head, 16, &got) != CLI_OK)
        return CLI_FAIL;
    e = rijn_openssl_enc_header_parse(head, got, salt);
    if (e == RIJN_ERR_LENGTH) {
        cli_err("%s ends inside the salt (%zu bytes): truncated", g_in.name, got);
        return CLI_FAIL;
    }
    if (e != RIJN_OK) {
        cli_err("%s is not an openssl enc file with a salt (no \"Salted__\" header%s)",
                g_in.name, got == 0 ? ": empty input" : "; for -nosalt files give --nosalt");
        return CLI_FAIL;
    }
    return CLI_OK;
}

/* The padding check and the last block. */
static int dec_final(const fmt_opts *o, rijn_legacy_ctx *c)
{
    size_t n;
    int r = rijn_legacy_final(c, g_obuf, sizeof g_obuf, &n);
    if (r == RIJN_ERR_PADDING)
        cli_err("bad decrypt: wrong passphrase, or options (-c, --md, --pbkdf2, --iter, "
                "--nosalt) other than those used to encrypt, or a damaged file");
    else if (r == RIJN_ERR_LENGTH)
        cli_err("the ciphertext is not a whole number of blocks (truncated or damaged, "
                "or not %s)", fmt_mode_name(o->mode));
    else if (r != RIJN_OK)
        cli_err("decryption failed: %s", rijn_strerror(r));
    return r == RIJN_OK ? fio_out_write(&g_out, g_obuf, n) : CLI_FAIL;
}

int fmt_openssl_decrypt(const fmt_opts *o)
{
    rijn_legacy_ctx c;
    fmt_in rd;
    fmt_out w;
    uint8_t salt[8];
    int rc;

    memset(&c, 0, sizeof c);
    memset(&rd, 0, sizeof rd);
    memset(salt, 0, sizeof salt);
    fio_signals_install();
    rc = fio_in_open(&g_in, o->in_path);
    rd.in = &g_in, rd.b64 = o->armor;
    w.out = &g_out, w.b64 = 0;
    if (rc == CLI_OK)
        rc = fio_out_check(&g_out, o->out_path, o->force, &g_in, 0, NULL);
    if (rc == CLI_OK)
        rc = read_head(o, &rd, salt);
    if (rc == CLI_OK)
        rc = derive(o, &c, salt, NULL, NULL);
    if (rc != CLI_OK)
        return finish(rc, 0, &c);
    fio_progress_init(o->progress); /* after the passphrase prompt */
    rc = fio_out_begin(&g_out, (mode_t)fmt_file_mode(), 0);
    if (rc == CLI_OK)
        rc = crypt_loop(&c, &rd, &w, 0);
    fio_progress_done();
    if (rc == CLI_OK)
        rc = dec_final(o, &c);
    if (rc == CLI_OK)
        rc = fio_out_commit(&g_out);
    else if (g_out.kind == FIO_STDOUT || g_out.kind == FIO_DIRECT)
        (void)fio_out_commit(&g_out);
    return finish(rc, 1, &c);
}
