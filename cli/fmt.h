/*
 * fmt.h -- legacy file formats for `rijn encrypt --format F` and
 * `rijn decrypt`: the `openssl enc` format and the layout of Mbed TLS's
 * programs/aes/crypt_and_hash. Neither is authenticated the way the rijn
 * format is (openssl enc: not at all; crypt_and_hash: one HMAC over the
 * whole ciphertext, a fast iterated-hash KDF); the CLI warns when it
 * writes them.
 *
 * Hook: cmd_encrypt.c calls fmt_claims() first; when it returns 1 the
 * whole command is run by fmt_run() (options parsed here). Claimed:
 * `--format openssl|mbedtls` anywhere in the arguments, and `rijn
 * decrypt` whose input starts with "Salted__" (binary) or "U2FsdGVkX1"
 * (its Base64, `openssl enc -a`), peeked without consuming anything
 * (regular files; a pipe on stdin through tee(2) on Linux).
 *
 * Files: fmt_cli.c (claims, options, help, secrets), fmt_stream.c
 * (Base64 in/out, peeking), fmt_openssl.c, fmt_mbedtls.c: the I/O around
 * the library's streaming API for both formats (rijn/legacy_formats.h).
 */
#ifndef RIJN_CLI_FMT_H
#define RIJN_CLI_FMT_H

#include "file_io.h"
#include "rijn/legacy_formats.h"

enum { FMT_NONE = 0, FMT_OPENSSL, FMT_MBEDTLS };
enum { FMT_CBC = RIJN_LEGACY_CBC, FMT_CTR = RIJN_LEGACY_CTR, FMT_CFB128 = RIJN_LEGACY_CFB128,
       FMT_CFB8 = RIJN_LEGACY_CFB8, FMT_OFB = RIJN_LEGACY_OFB };

typedef struct fmt_opts {
    int format, enc;
    const char *in_path, *out_path;   /* NULL = stdin / stdout        */
    const char *pass_file, *key_file;
    int passphrase, force, progress;
    int armor;                        /* openssl: Base64 (-a)          */
    int key_len, mode;                /* AES key bytes, FMT_* mode     */
    const rijn_hash_desc *md;
    int pbkdf2, nosalt;
    uint32_t iter;                    /* 0 = default                   */
    int fixed_given;                  /* testing: --salt-hex / --iv-hex */
    uint8_t fixed[16];
} fmt_opts;

/* 1 if the command belongs to the legacy formats (see above). */
int fmt_claims(int argc, char **argv, int enc);
/* Run the claimed command; a CLI_* exit code. */
int fmt_run(int argc, char **argv, int enc);

/* ---- fmt_cli.c ------------------------------------------------------ */
/* The secret: passphrase (tty / file) or, for mbedtls, a key file's
 * whole content (up to 512 bytes, as crypt_and_hash reads it). */
#define FMT_SECRET_MAX 1024
int fmt_secret(const fmt_opts *o, uint8_t *sec, size_t *len);
/* One-line warning on stderr for writing a weak format. */
void fmt_warn(const char *what);

/* ---- fmt_stream.c --------------------------------------------------- */
/* The formats themselves (ciphers, key schedules, HMAC) are the
 * library's streaming API (rijn/legacy_formats.h); here only I/O. */
const char *fmt_mode_name(int mode);
/* The library's parameters for o. */
void fmt_params(const fmt_opts *o, rijn_legacy_params *p);

/* Reader over fio_in: raw, or Base64 with any white space. */
typedef struct fmt_in {
    fio_in *in;
    int b64;
    char quad[4];
    size_t nquad;
    int pad_seen;
    uint8_t dec[3];
    size_t dpos, dlen;
} fmt_in;
/* Read up to n bytes, fewer only at the end. CLI_OK / CLI_FAIL. */
int fmt_read(fmt_in *r, uint8_t *buf, size_t n, size_t *got);

/* Writer over fio_out: raw, or Base64 in 64-column lines (the bytes of a
 * line not yet whole wait in the fio_out, as armor's do). */
typedef struct fmt_out {
    fio_out *out;
    int b64;
} fmt_out;
int fmt_write(fmt_out *w, const uint8_t *p, size_t n);
int fmt_write_end(fmt_out *w);

/* Up to n first bytes of the input without consuming it: the count. */
size_t fmt_peek(const char *path, uint8_t *buf, size_t n);

/* mode_t for new files (umask applied). */
unsigned fmt_file_mode(void);

/* ---- the formats ---------------------------------------------------- */
int fmt_openssl_encrypt(const fmt_opts *o);
int fmt_openssl_decrypt(const fmt_opts *o);
int fmt_mbedtls_encrypt(const fmt_opts *o);
int fmt_mbedtls_decrypt(const fmt_opts *o);

#endif /* RIJN_CLI_FMT_H */
