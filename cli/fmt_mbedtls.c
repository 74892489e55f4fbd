/*
 * fmt_mbedtls.c -- the file layout of Mbed TLS's example program
 * programs/aes/crypt_and_hash (checked against Mbed TLS 2.28.3).
 *
 * Layout: IV (16 bytes) || ciphertext || HMAC-md(K, ciphertext), the
 * HMAC as long as md's digest. Key schedule (rijn_mbedtls_cah_key in
 * rijn/legacy_formats.h): S = IV || 16 zero bytes
 * (32 bytes); 8192 times S[0 .. min(d, 32)) = md(S || secret), where d
 * is md's digest size (for MD5 and SHA-1 the tail of S keeps its old
 * bytes, as crypt_and_hash's buffer does); K = S. The AES key is the
 * first 16/24/32 bytes of K, the HMAC key all 32. The secret is a key
 * file's whole content (at most 512 bytes) or the key string. CBC pads
 * with PKCS#7 (Mbed TLS's default); CTR, CFB128 and OFB do not pad.
 * crypt_and_hash makes its IV from md(file size || file name); rijn
 * writes a random one (the reader does not care). Note: crypt_and_hash
 * refuses to decrypt files whose ciphertext is not a multiple of 16
 * bytes even in CTR/CFB128/OFB; rijn reads them.
 *
 * The format itself is the library's (rijn/legacy_formats.h:
 * rijn_mbedtls_cah_*, rijn_legacy_update / _final); here the I/O.
 *
 * Implementation notes: constant memory. The library holds back the last
 * d bytes while streaming (they are the HMAC). From a regular file the
 * HMAC is verified in a first pass and only then is anything decrypted
 * (second pass after a rewind); from a pipe decryption and HMAC run in
 * one pass and a failed HMAC removes the output file (stdout: already
 * written; exit 1 and a message). The HMAC comparison is constant-time.
 * Proved against crypt_and_hash built from the Debian source package by
 * tests/test_interop_mbedtls.sh.
 */
#include "fmt.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static uint8_t g_ibuf[FIO_BUF];
static uint8_t g_obuf[FIO_BUF + RIJN_LEGACY_OVERHEAD];
static fio_in g_in;
static fio_out g_out;

/* Key c from the IV and the secret (rijn_mbedtls_cah_seal_init /
 * _open_init with `what`). */
static int setup(const fmt_opts *o, const uint8_t iv[16], rijn_legacy_ctx *c, unsigned what)
{
    rijn_legacy_params p;
    uint8_t sec[FMT_SECRET_MAX];
    size_t slen = 0;
    int rc = fmt_secret(o, sec, &slen), r;
    if (rc != CLI_OK)
        return rc;
    fmt_params(o, &p);
    r = o->enc ? rijn_mbedtls_cah_seal_init(c, &p, iv, sec, slen)
               : rijn_mbedtls_cah_open_init(c, &p, iv, sec, slen, what);
    rijn_wipe(sec, sizeof sec);
    if (r != RIJN_OK) {
        cli_err("%s: %s", r == RIJN_ERR_UNSUPPORTED ? "cipher setup" : "key derivation failed",
                rijn_strerror(r));
        return r == RIJN_ERR_UNSUPPORTED ? CLI_USAGE : CLI_FAIL;
    }
    return CLI_OK;
}

/* One pass over the input through c (which, reading, holds back the
 * HMAC at the end); what comes out goes to the output. */
static int pass(rijn_legacy_ctx *c, int enc)
{
    size_t got, n;
    int r, rc = CLI_OK;
    for (;;) {
        rc = fio_in_read(&g_in, g_ibuf, FIO_BUF, &got);
        if (rc != CLI_OK)
            return rc;
        r = rijn_legacy_update(c, g_obuf, sizeof g_obuf, &n, g_ibuf, got);
        if (r != RIJN_OK) {
            cli_err("%scryption failed: %s", enc ? "en" : "de", rijn_strerror(r));
            return CLI_FAIL;
        }
        if (n > 0)
            rc = fio_out_write(&g_out, g_obuf, n);
        fio_progress(&g_in, enc ? "encrypting" : "decrypting");
        if (rc != CLI_OK || got < FIO_BUF)
            break;
    }
    return rc;
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

/* Open the input, check the output, draw the IV, derive the key. */
static int enc_setup(const fmt_opts *o, rijn_legacy_ctx *c, uint8_t iv[16])
{
    int rc = fio_open_seal(&g_in, &g_out, o->in_path, o->out_path, o->force, -1);
    if (rc == CLI_OK) {
        if (o->fixed_given)
            memcpy(iv, o->fixed, 16);
        else
            rc = fio_random(iv, 16);
    }
    if (rc == CLI_OK)
        rc = setup(o, iv, c, 0);
    return rc;
}

int fmt_mbedtls_encrypt(const fmt_opts *o)
{
    rijn_legacy_ctx c;
    uint8_t iv[16];
    size_t n;
    int rc, r;

    memset(&c, 0, sizeof c);
    fio_signals_install();
    rc = enc_setup(o, &c, iv);
    if (rc != CLI_OK)
        return finish(rc, 0, &c);
    fmt_warn("the Mbed TLS crypt_and_hash format has a weak key derivation (8192 unsalted "
             "hashes of the key) and leaves the IV unauthenticated");
    fio_progress_init(o->progress); /* after the passphrase prompt */
    rc = fio_out_begin(&g_out, (mode_t)fmt_file_mode(), 0);
    if (rc == CLI_OK)
        rc = fio_out_write(&g_out, iv, 16);
    if (rc == CLI_OK)
        rc = pass(&c, 1);
    fio_progress_done();
    if (rc == CLI_OK) {
        r = rijn_legacy_final(&c, g_obuf, sizeof g_obuf, &n); /* last block + HMAC */
        if (r != RIJN_OK)
            cli_err("encryption failed: %s", rijn_strerror(r));
        rc = r == RIJN_OK ? fio_out_write(&g_out, g_obuf, n) : CLI_FAIL;
    }
    if (rc == CLI_OK)
        rc = fio_out_commit(&g_out);
    return finish(rc, 1, &c);
}

/* The HMAC check after a pass (message as the failure says). */
static int verify(rijn_legacy_ctx *c, const char *after)
{
    int r = rijn_mbedtls_cah_verify(c);
    if (r == RIJN_ERR_LENGTH) {
        cli_err("%s is too short for an Mbed TLS file with this --md (truncated?)", g_in.name);
        return CLI_FAIL;
    }
    if (r != RIJN_OK) {
        cli_err("HMAC check failed: wrong key or passphrase, -c / --md other than those "
                "used to encrypt, or a damaged file%s", after);
        return CLI_FAIL;
    }
    return CLI_OK;
}

/* Rewind a regular input to base and skip the IV again. */
static int rewind_in(off_t base)
{
    uint8_t iv[16];
    size_t got;
    if (lseek(g_in.fd, base, SEEK_SET) != base) {
        cli_err("cannot rewind '%s'", g_in.name);
        return CLI_FAIL;
    }
    g_in.rpos = g_in.rlen = 0;
    g_in.eof = 0;
    g_in.consumed = 0;
    return fio_in_read(&g_in, iv, 16, &got);
}

/* Open the input (*base: where a regular file's data starts, else -1),
 * check the output, read the IV, derive the key. */
static int dec_setup(const fmt_opts *o, rijn_legacy_ctx *c, off_t *base)
{
    uint8_t iv[16];
    size_t got = 0;
    struct stat st;
    int rc = fio_in_open(&g_in, o->in_path);
    *base = -1;
    if (rc == CLI_OK && fstat(g_in.fd, &st) == 0 && S_ISREG(st.st_mode))
        *base = lseek(g_in.fd, 0, SEEK_CUR);
    if (rc == CLI_OK)
        rc = fio_out_check(&g_out, o->out_path, o->force, &g_in, 0, NULL);
    if (rc == CLI_OK && fio_in_read(&g_in, iv, 16, &got) != CLI_OK) {
        rc = CLI_FAIL; /* said why (a read error) */
    } else if (rc == CLI_OK && got < 16) {
        cli_err("%s is too short for an Mbed TLS crypt_and_hash file (no IV)", g_in.name);
        rc = CLI_FAIL;
    }
    if (rc == CLI_OK)
        rc = setup(o, iv, c, *base >= 0 ? RIJN_CAH_MAC : RIJN_CAH_MAC | RIJN_CAH_DECRYPT);
    return rc;
}

/* A regular file: check the HMAC first, then rewind for decryption. */
static int first_pass(rijn_legacy_ctx *c, off_t base)
{
    int rc = pass(c, 0);
    if (rc == CLI_OK)
        rc = verify(c, " (nothing written)");
    if (rc == CLI_OK)
        rc = rewind_in(base);
    if (rc == CLI_OK && rijn_mbedtls_cah_rewind(c, RIJN_CAH_DECRYPT) != RIJN_OK)
        rc = CLI_FAIL;
    return rc;
}

/* The padding check and the last block. */
static int dec_final(rijn_legacy_ctx *c)
{
    size_t n;
    int r = rijn_legacy_final(c, g_obuf, sizeof g_obuf, &n);
    if (r != RIJN_OK) {
        cli_err("%s", r == RIJN_ERR_PADDING ? "bad padding (the HMAC was right: a file "
                                              "from a different cipher mode?)"
                                            : "the ciphertext is not a whole number of "
                                              "blocks (wrong -c?)");
        return CLI_FAIL;
    }
    return fio_out_write(&g_out, g_obuf, n);
}

int fmt_mbedtls_decrypt(const fmt_opts *o)
{
    rijn_legacy_ctx c;
    off_t base;
    int rc;

    memset(&c, 0, sizeof c);
    fio_signals_install();
    rc = dec_setup(o, &c, &base);
    if (rc == CLI_OK && base >= 0)
        rc = first_pass(&c, base);
    if (rc != CLI_OK)
        return finish(rc, 0, &c);
    fio_progress_init(o->progress); /* after the passphrase prompt */
    rc = fio_out_begin(&g_out, (mode_t)fmt_file_mode(), 0);
    if (rc == CLI_OK)
        rc = pass(&c, 0);
    fio_progress_done();
    if (rc == CLI_OK && base < 0)
        rc = verify(&c, g_out.kind == FIO_NAMED || g_out.kind == FIO_TMPFILE
                            ? " (output removed)" : " (the output written is not authentic)");
    if (rc == CLI_OK)
        rc = dec_final(&c);
    if (rc == CLI_OK)
        rc = fio_out_commit(&g_out);
    else if (g_out.kind == FIO_STDOUT || g_out.kind == FIO_DIRECT)
        (void)fio_out_commit(&g_out);
    return finish(rc, 1, &c);
}
