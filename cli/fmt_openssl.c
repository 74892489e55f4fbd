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

static int derive(const fmt_opts *o, const uint8_t *salt, uint8_t *key, uint8_t iv[16])
{
    uint8_t sec[FMT_SECRET_MAX];
    size_t slen = 0;
    int rc = fmt_secret(o, sec, &slen), r;
    if (rc != CLI_OK)
        return rc;
    r = rijn_openssl_enc_key(o->md, o->pbkdf2 ? o->iter : 0, sec, slen,
                             o->nosalt ? NULL : salt, o->nosalt ? 0 : 8, key,
                             (size_t)o->key_len, iv);
    rijn_wipe(sec, sizeof sec);
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

int fmt_openssl_encrypt(const fmt_opts *o)
{
    fmt_cipher c;
    fmt_out w;
    uint8_t key[32], iv[16], head[16];
    size_t got, n;
    int rc, r, begun = 0;

    memset(&c, 0, sizeof c);
    memset(key, 0, sizeof key);
    fio_signals_install();
    memcpy(head, "Salted__", 8);
    rc = fio_in_open(&g_in, o->in_path);
    if (rc == CLI_OK)
        rc = fio_out_check(&g_out, o->out_path, o->force, &g_in, !o->armor,
                           "refusing to write binary ciphertext to a terminal "
                           "(use -o FILE, --armor, or a redirection)");
    if (rc == CLI_OK && !o->nosalt) {
        if (o->fixed_given)
            memcpy(head + 8, o->fixed, 8);
        else
            rc = fio_random(head + 8, 8);
    }
    if (rc == CLI_OK)
        rc = derive(o, head + 8, key, iv);
    if (rc != CLI_OK)
        goto done;
    r = fmt_cipher_init(&c, o->mode, 1, key, (size_t)o->key_len, iv);
    if (r != RIJN_OK) {
        cli_err("cipher setup: %s", rijn_strerror(r));
        rc = CLI_FAIL;
        goto done;
    }
    warn_write(o);
    w.out = &g_out, w.b64 = o->armor, w.npend = 0;
    fio_progress_init(o->progress); /* after the passphrase prompt */
    rc = fio_out_begin(&g_out, (mode_t)fmt_file_mode(), 0);
    begun = 1;
    if (rc == CLI_OK && !o->nosalt)
        rc = fmt_write(&w, head, 16);
    while (rc == CLI_OK) {
        rc = fio_in_read(&g_in, g_ibuf, sizeof g_ibuf, &got);
        if (rc != CLI_OK)
            break;
        r = fmt_cipher_update(&c, g_obuf, &n, g_ibuf, got);
        if (r != RIJN_OK) {
            cli_err("encryption failed: %s", rijn_strerror(r));
            rc = CLI_FAIL;
            break;
        }
        rc = fmt_write(&w, g_obuf, n);
        fio_progress(&g_in, "encrypting");
        if (got < sizeof g_ibuf)
            break;
    }
    fio_progress_done();
    if (rc == CLI_OK && fmt_cipher_final(&c, g_obuf, &n) != RIJN_OK) {
        cli_err("encryption failed");
        rc = CLI_FAIL;
    }
    if (rc == CLI_OK)
        rc = fmt_write(&w, g_obuf, n);
    if (rc == CLI_OK)
        rc = fmt_write_end(&w);
    if (rc == CLI_OK)
        rc = fio_out_commit(&g_out);
done:
    if (rc != CLI_OK && begun)
        fio_out_abort(&g_out);
    fmt_cipher_wipe(&c);
    rijn_wipe(key, sizeof key);
    rijn_wipe(iv, sizeof iv);
    rijn_wipe(g_ibuf, sizeof g_ibuf);
    rijn_wipe(g_obuf, sizeof g_obuf);
    fio_in_close(&g_in);
    return rc;
}

/* Read "Salted__" and the salt (unless --nosalt). */
static int read_head(const fmt_opts *o, fmt_in *r, uint8_t head[16])
{
    size_t got = 0;
    if (o->nosalt)
        return CLI_OK;
    if (fmt_read(r, head, 16, &got) != CLI_OK)
        return CLI_FAIL;
    if (got >= 8 && memcmp(head, "Salted__", 8) == 0 && got < 16) {
        cli_err("%s ends inside the salt (%zu bytes): truncated", g_in.name, got);
        return CLI_FAIL;
    }
    if (got < 16 || memcmp(head, "Salted__", 8) != 0) {
        cli_err("%s is not an openssl enc file with a salt (no \"Salted__\" header%s)",
                g_in.name, got == 0 ? ": empty input" : "; for -nosalt files give --nosalt");
        return CLI_FAIL;
    }
    return CLI_OK;
}

int fmt_openssl_decrypt(const fmt_opts *o)
{
    fmt_cipher c;
    fmt_in rd;
    uint8_t key[32], iv[16], head[16];
    size_t got, n;
    int rc, r, begun = 0;

    memset(&c, 0, sizeof c);
    memset(&rd, 0, sizeof rd);
    memset(key, 0, sizeof key);
    memset(head, 0, sizeof head);
    fio_signals_install();
    rc = fio_in_open(&g_in, o->in_path);
    rd.in = &g_in, rd.b64 = o->armor;
    if (rc == CLI_OK)
        rc = fio_out_check(&g_out, o->out_path, o->force, &g_in, 0, NULL);
    if (rc == CLI_OK)
        rc = read_head(o, &rd, head);
    if (rc == CLI_OK)
        rc = derive(o, head + 8, key, iv);
    if (rc != CLI_OK)
        goto done;
    r = fmt_cipher_init(&c, o->mode, 0, key, (size_t)o->key_len, iv);
    if (r != RIJN_OK) {
        cli_err("cipher setup: %s", rijn_strerror(r));
        rc = r == RIJN_ERR_UNSUPPORTED ? CLI_USAGE : CLI_FAIL;
        goto done;
    }
    fio_progress_init(o->progress); /* after the passphrase prompt */
    rc = fio_out_begin(&g_out, (mode_t)fmt_file_mode(), 0);
    begun = 1;
    while (rc == CLI_OK) {
        rc = fmt_read(&rd, g_ibuf, sizeof g_ibuf, &got);
        if (rc != CLI_OK)
            break;
        r = fmt_cipher_update(&c, g_obuf, &n, g_ibuf, got);
        if (r != RIJN_OK) {
            cli_err("decryption failed: %s", rijn_strerror(r));
            rc = CLI_FAIL;
            break;
        }
        rc = fio_out_write(&g_out, g_obuf, n);
        fio_progress(&g_in, "decrypting");
        if (got < sizeof g_ibuf)
            break;
    }
    fio_progress_done();
    if (rc == CLI_OK) {
        r = fmt_cipher_final(&c, g_obuf, &n);
        if (r == RIJN_ERR_PADDING)
            cli_err("bad decrypt: wrong passphrase, or options (-c, --md, --pbkdf2, --iter, "
                    "--nosalt) other than those used to encrypt, or a damaged file");
        else if (r == RIJN_ERR_LENGTH)
            cli_err("the ciphertext is not a whole number of blocks (truncated or damaged, "
                    "or not %s)", fmt_mode_name(o->mode));
        else if (r != RIJN_OK)
            cli_err("decryption failed: %s", rijn_strerror(r));
        rc = r == RIJN_OK ? fio_out_write(&g_out, g_obuf, n) : CLI_FAIL;
    }
    if (rc == CLI_OK)
        rc = fio_out_commit(&g_out);
    else if (begun && (g_out.kind == FIO_STDOUT || g_out.kind == FIO_DIRECT))
        (void)fio_out_commit(&g_out);
done:
    if (rc != CLI_OK && begun)
        fio_out_abort(&g_out);
    fmt_cipher_wipe(&c);
    rijn_wipe(key, sizeof key);
    rijn_wipe(iv, sizeof iv);
    rijn_wipe(g_ibuf, sizeof g_ibuf);
    rijn_wipe(g_obuf, sizeof g_obuf);
    fio_in_close(&g_in);
    return rc;
}
