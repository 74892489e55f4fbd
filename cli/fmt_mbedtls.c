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
 * Implementation notes: constant memory. The last d bytes are held
 * back while streaming (they are the HMAC). From a regular file the
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

static uint8_t g_ibuf[FIO_BUF + RIJN_HASH_MAX_SIZE];
static uint8_t g_obuf[FIO_BUF + RIJN_HASH_MAX_SIZE + 32];
static fio_in g_in;
static fio_out g_out;

/* K from IV and the secret (rijn_mbedtls_cah_key). */
static int derive(const fmt_opts *o, const uint8_t iv[16], uint8_t k[32])
{
    uint8_t sec[FMT_SECRET_MAX];
    size_t slen = 0;
    int rc = fmt_secret(o, sec, &slen), r;
    if (rc != CLI_OK)
        return rc;
    r = rijn_mbedtls_cah_key(o->md, iv, sec, slen, k);
    rijn_wipe(sec, sizeof sec);
    if (r != RIJN_OK) {
        cli_err("key derivation failed: %s", rijn_strerror(r));
        return CLI_FAIL;
    }
    return CLI_OK;
}

static int setup(const fmt_opts *o, int enc, const uint8_t iv[16], fmt_cipher *c,
                 rijn_hmac_ctx *mac)
{
    uint8_t k[32];
    int rc = derive(o, iv, k), r;
    if (rc != CLI_OK)
        return rc;
    r = fmt_cipher_init(c, o->mode, enc, k, (size_t)o->key_len, iv);
    if (r == RIJN_OK)
        r = rijn_hmac_init(mac, o->md, k, 32);
    rijn_wipe(k, sizeof k);
    if (r != RIJN_OK) {
        cli_err("cipher setup: %s", rijn_strerror(r));
        return r == RIJN_ERR_UNSUPPORTED ? CLI_USAGE : CLI_FAIL;
    }
    return CLI_OK;
}

int fmt_mbedtls_encrypt(const fmt_opts *o)
{
    fmt_cipher c;
    fmt_out w;
    rijn_hmac_ctx mac;
    uint8_t iv[16], tag[RIJN_HASH_MAX_SIZE];
    size_t got, n;
    int rc, r = RIJN_OK, begun = 0;

    memset(&c, 0, sizeof c);
    memset(&mac, 0, sizeof mac);
    fio_signals_install();
    rc = fio_in_open(&g_in, o->in_path);
    if (rc == CLI_OK)
        rc = fio_out_check(&g_out, o->out_path, o->force, &g_in, 1,
                           "refusing to write binary ciphertext to a terminal "
                           "(use -o FILE or a redirection)");
    if (rc == CLI_OK) {
        if (o->fixed_given)
            memcpy(iv, o->fixed, 16);
        else
            rc = fio_random(iv, 16);
    }
    if (rc == CLI_OK)
        rc = setup(o, 1, iv, &c, &mac);
    if (rc != CLI_OK)
        goto done;
    fmt_warn("the Mbed TLS crypt_and_hash format has a weak key derivation (8192 unsalted "
             "hashes of the key) and leaves the IV unauthenticated");
    w.out = &g_out, w.b64 = 0, w.npend = 0;
    fio_progress_init(o->progress); /* after the passphrase prompt */
    rc = fio_out_begin(&g_out, (mode_t)fmt_file_mode(), 0);
    begun = 1;
    if (rc == CLI_OK)
        rc = fmt_write(&w, iv, 16);
    while (rc == CLI_OK) {
        rc = fio_in_read(&g_in, g_ibuf, FIO_BUF, &got);
        if (rc != CLI_OK)
            break;
        r = fmt_cipher_update(&c, g_obuf, &n, g_ibuf, got);
        if (r == RIJN_OK)
            r = rijn_hmac_update(&mac, g_obuf, n);
        if (r == RIJN_OK)
            rc = fmt_write(&w, g_obuf, n);
        fio_progress(&g_in, "encrypting");
        if (r != RIJN_OK || got < FIO_BUF)
            break;
    }
    fio_progress_done();
    if (rc == CLI_OK && r == RIJN_OK)
        r = fmt_cipher_final(&c, g_obuf, &n);
    if (rc == CLI_OK && r == RIJN_OK)
        r = rijn_hmac_update(&mac, g_obuf, n);
    if (rc == CLI_OK && r == RIJN_OK)
        rc = fmt_write(&w, g_obuf, n);
    if (rc == CLI_OK && r == RIJN_OK)
        r = rijn_hmac_final(&mac, tag, o->md->digest_size);
    if (rc == CLI_OK && r == RIJN_OK)
        rc = fmt_write(&w, tag, o->md->digest_size);
    if (rc == CLI_OK && r != RIJN_OK) {
        cli_err("encryption failed: %s", rijn_strerror(r));
        rc = CLI_FAIL;
    }
    if (rc == CLI_OK)
        rc = fio_out_commit(&g_out);
done:
    if (rc != CLI_OK && begun)
        fio_out_abort(&g_out);
    fmt_cipher_wipe(&c);
    rijn_hmac_wipe(&mac);
    rijn_wipe(g_ibuf, sizeof g_ibuf);
    rijn_wipe(g_obuf, sizeof g_obuf);
    fio_in_close(&g_in);
    return rc;
}

/* One pass over the ciphertext: HMAC it (mac != NULL) and / or decrypt
 * it to the output (c != NULL); the last d bytes go to tag. */
static int pass(fmt_cipher *c, rijn_hmac_ctx *mac, size_t d, uint8_t *tag)
{
    size_t have = 0, got, n, data;
    int r = RIJN_OK, rc = CLI_OK;
    for (;;) {
        rc = fio_in_read(&g_in, g_ibuf + have, sizeof g_ibuf - have, &got);
        if (rc != CLI_OK)
            return rc;
        have += got;
        if (have < d) {
            cli_err("%s is too short for an Mbed TLS file with this --md (truncated?)",
                    g_in.name);
            return CLI_FAIL;
        }
        data = have - d;
        if (mac != NULL)
            r = rijn_hmac_update(mac, g_ibuf, data);
        if (r == RIJN_OK && c != NULL) {
            r = fmt_cipher_update(c, g_obuf, &n, g_ibuf, data);
            if (r == RIJN_OK)
                rc = fio_out_write(&g_out, g_obuf, n);
        }
        if (r != RIJN_OK) {
            cli_err("decryption failed: %s", rijn_strerror(r));
            return CLI_FAIL;
        }
        fio_progress(&g_in, "decrypting");
        if (rc != CLI_OK || have < sizeof g_ibuf)
            break;
        memmove(g_ibuf, g_ibuf + data, d);
        have = d;
    }
    memcpy(tag, g_ibuf + have - d, d);
    return rc;
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

int fmt_mbedtls_decrypt(const fmt_opts *o)
{
    fmt_cipher c;
    rijn_hmac_ctx mac;
    uint8_t iv[16], tag[RIJN_HASH_MAX_SIZE], want[RIJN_HASH_MAX_SIZE];
    size_t got = 0, d = o->md->digest_size, n;
    struct stat st;
    off_t base = -1;
    int rc, r, begun = 0, two = 0;

    memset(&c, 0, sizeof c);
    memset(&mac, 0, sizeof mac);
    fio_signals_install();
    rc = fio_in_open(&g_in, o->in_path);
    if (rc == CLI_OK && fstat(g_in.fd, &st) == 0 && S_ISREG(st.st_mode)) {
        base = lseek(g_in.fd, 0, SEEK_CUR);
        two = base >= 0;
    }
    if (rc == CLI_OK)
        rc = fio_out_check(&g_out, o->out_path, o->force, &g_in, 0, NULL);
    if (rc == CLI_OK && (fio_in_read(&g_in, iv, 16, &got) != CLI_OK || got < 16)) {
        cli_err("%s is too short for an Mbed TLS crypt_and_hash file (no IV)", g_in.name);
        rc = CLI_FAIL;
    }
    if (rc == CLI_OK)
        rc = setup(o, 0, iv, &c, &mac);
    if (rc != CLI_OK)
        goto done;
    if (two) {
        rc = pass(NULL, &mac, d, tag);
        r = rc == CLI_OK ? rijn_hmac_final(&mac, want, d) : RIJN_OK;
        if (rc == CLI_OK && (r != RIJN_OK || !rijn_ct_equal(want, tag, d))) {
            cli_err("HMAC check failed: wrong key or passphrase, -c / --md other than those "
                    "used to encrypt, or a damaged file (nothing written)");
            rc = CLI_FAIL;
        }
        if (rc == CLI_OK)
            rc = rewind_in(base);
        if (rc != CLI_OK)
            goto done;
    }
    fio_progress_init(o->progress); /* after the passphrase prompt */
    rc = fio_out_begin(&g_out, (mode_t)fmt_file_mode(), 0);
    begun = 1;
    if (rc == CLI_OK)
        rc = pass(&c, two ? NULL : &mac, d, tag);
    fio_progress_done();
    if (rc == CLI_OK && !two) {
        r = rijn_hmac_final(&mac, want, d);
        if (r != RIJN_OK || !rijn_ct_equal(want, tag, d)) {
            cli_err("HMAC check failed: wrong key or passphrase, -c / --md other than those "
                    "used to encrypt, or a damaged file%s",
                    g_out.kind == FIO_NAMED || g_out.kind == FIO_TMPFILE
                        ? " (output removed)" : " (the output written is not authentic)");
            rc = CLI_FAIL;
        }
    }
    if (rc == CLI_OK) {
        r = fmt_cipher_final(&c, g_obuf, &n);
        if (r != RIJN_OK) {
            cli_err("%s", r == RIJN_ERR_PADDING ? "bad padding (the HMAC was right: a file "
                                                  "from a different cipher mode?)"
                                                : "the ciphertext is not a whole number of "
                                                  "blocks (wrong -c?)");
            rc = CLI_FAIL;
        } else {
            rc = fio_out_write(&g_out, g_obuf, n);
        }
    }
    if (rc == CLI_OK)
        rc = fio_out_commit(&g_out);
    else if (begun && (g_out.kind == FIO_STDOUT || g_out.kind == FIO_DIRECT))
        (void)fio_out_commit(&g_out);
done:
    if (rc != CLI_OK && begun)
        fio_out_abort(&g_out);
    fmt_cipher_wipe(&c);
    rijn_hmac_wipe(&mac);
    rijn_wipe(g_ibuf, sizeof g_ibuf);
    rijn_wipe(g_obuf, sizeof g_obuf);
    fio_in_close(&g_in);
    return rc;
}
