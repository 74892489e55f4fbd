/*
 * fmt_cli.c -- options, help and secrets of `rijn encrypt --format F`
 * and `rijn decrypt` for the legacy formats (see fmt.h).
 *
 * Implementation notes: fmt_claims scans the arguments without
 * printing anything (the rijn-format parser in cmd_encrypt.c reports
 * errors for unclaimed commands): it looks for --format and, for
 * decryption, peeks at the input for "Salted__" or its Base64 form.
 * fmt_run parses with cli_next, checks combinations (usage errors exit 2
 * before anything is read) and calls the format's engine. The openssl
 * enc format does not record its parameters, so decryption needs the
 * same --cipher, --md, --pbkdf2/--iter and --nosalt as encryption; the
 * defaults are those of OpenSSL 3 (aes-256-cbc, sha256, EVP_BytesToKey
 * unless --pbkdf2 / --iter, 10000 PBKDF2 iterations). Mbed TLS
 * crypt_and_hash takes the key as the whole content of a file (up to
 * 512 bytes) or as a string: -k F, or a passphrase. --salt-hex and
 * --iv-hex are hidden testing options (fixed salt / IV); never use them
 * on real data.
 */
#define _GNU_SOURCE
#include "fmt.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { O_PASS = 1, O_PASSFILE, O_KEY, O_OUT, O_FORCE, O_NOPROG, O_FORMAT, O_CIPHER, O_MD,
       O_PBKDF2, O_ITER, O_NOSALT, O_ARMOR, O_SALT, O_IV, O_HELP };

static const cli_opt fmt_opts_tab[] = {
    {"passphrase", 'p', 0, O_PASS},   {"passphrase-file", 0, 1, O_PASSFILE},
    {"key-file", 'k', 1, O_KEY},      {"output", 'o', 1, O_OUT},
    {"force", 'f', 0, O_FORCE},       {"no-progress", 0, 0, O_NOPROG},
    {"format", 0, 1, O_FORMAT},       {"cipher", 'c', 1, O_CIPHER},
    {"md", 0, 1, O_MD},               {"pbkdf2", 0, 0, O_PBKDF2},
    {"iter", 0, 1, O_ITER},           {"nosalt", 0, 0, O_NOSALT},
    {"armor", 0, 0, O_ARMOR},         {"base64", 0, 0, O_ARMOR},
    {"salt-hex", 0, 1, O_SALT},       {"iv-hex", 0, 1, O_IV},
    {"help", 'h', 0, O_HELP},         {NULL, 0, 0, 0}};

static int takes_value(const char *s)
{
    static const char *const longs[] = {"passphrase-file", "key-file", "output", "format",
                                        "cipher", "md", "iter", "salt-hex", "iv-hex",
                                        "aead", "chunk-size", "kdf", "memory", "lanes", "recipient",
                                        "recipients-file", "identity", "file-key-hex",
                                        "ephemeral-hex", "scrypt-log-n",
                                        "max-scrypt-log-n", NULL};
    size_t i;
    if (s[1] != '-')
        return s[2] == '\0' && strchr("kocarRi", s[1]) != NULL;
    if (strchr(s, '=') != NULL)
        return 0;
    for (i = 0; longs[i] != NULL; i++)
        if (strcmp(s + 2, longs[i]) == 0)
            return 1;
    return 0;
}

static int looks_openssl(const uint8_t *b, size_t n, int *b64)
{
    size_t i = 0;
    *b64 = 0;
    if (n >= 8 && memcmp(b, "Salted__", 8) == 0)
        return 1;
    while (i < n && isspace(b[i]))
        i++;
    if (n - i >= 10 && memcmp(b + i, "U2FsdGVkX1", 10) == 0)
        return *b64 = 1;
    return 0;
}

int fmt_claims(int argc, char **argv, int enc)
{
    const char *in = NULL;
    uint8_t head[16];
    int i, nomore = 0, b64;
    for (i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (!nomore && strcmp(s, "--") == 0) {
            nomore = 1;
        } else if (!nomore && strncmp(s, "--format", 8) == 0 && (s[8] == '\0' || s[8] == '=')) {
            return 1;
        } else if (!nomore && s[0] == '-' && s[1] != '\0') {
            if (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0)
                return 0;
            if (takes_value(s))
                i++;
        } else {
            in = s;
        }
    }
    return !enc && looks_openssl(head, fmt_peek(in, head, sizeof head), &b64);
}

static void help(int enc)
{
    printf("usage: rijn %s --format openssl|mbedtls [-p | --passphrase-file F | -k F]\n"
           "         [-c CIPHER] [--md HASH] [--pbkdf2] [--iter N] [--nosalt]\n"
           "         [--armor] [-o OUT] [--force] [IN]\n\n", enc ? "encrypt" : "decrypt");
    printf("Legacy formats, for files shared with other tools. NEITHER IS SAFE\n"
           "the way the rijn format is: `openssl enc` files are not authenticated\n"
           "(changes go undetected), Mbed TLS crypt_and_hash files have a weak,\n"
           "unsalted key derivation. rijn warns when it writes them.\n\n"
           "  --format openssl   `openssl enc`: \"Salted__\" + 8-byte salt + ciphertext.\n"
           "                     The file does not record cipher, --md, --pbkdf2,\n"
           "                     --iter or --nosalt: decrypt with the same options.\n"
           "                     Defaults are OpenSSL 3's: aes-256-cbc, --md sha256,\n"
           "                     EVP_BytesToKey unless --pbkdf2 or --iter (10000\n"
           "                     iterations by default). `rijn decrypt` recognises\n"
           "                     these files (binary and Base64) by themselves.\n"
           "  --format mbedtls   Mbed TLS programs/aes/crypt_and_hash: 16-byte IV +\n"
           "                     ciphertext + HMAC(ciphertext); key = 8192 x HASH(\n"
           "                     state || secret) from the IV. Same -c and --md as\n"
           "                     given to crypt_and_hash (e.g. AES-128-CBC SHA1).\n"
           "  -c, --cipher NAME  aes-{128,192,256}-{cbc,ctr,cfb,cfb8,ofb} (openssl)\n"
           "                     or AES-{128,192,256}-{CBC,CTR,CFB128,OFB} (mbedtls);\n"
           "                     default aes-256-cbc\n"
           "      --md HASH      md5, sha1, sha224, sha256 (default), sha384, sha512\n"
           "      --pbkdf2       openssl: PBKDF2-HMAC-md key derivation\n"
           "      --iter N       openssl: PBKDF2 iterations (implies --pbkdf2)\n"
           "      --nosalt       openssl: no salt and no \"Salted__\" header\n"
           "      --armor        openssl: Base64 in 64-column lines (openssl enc -a);\n"
           "                     read back by itself when it starts with a header\n"
           "  -p, --passphrase   ask for the passphrase on the terminal (default)\n"
           "      --passphrase-file F  the first line of F (openssl -pass file:F)\n"
           "  -k, --key-file F   mbedtls: the key is the whole content of F (at most\n"
           "                     512 bytes), as crypt_and_hash reads a key file\n"
           "  -o, --output F     write F (default stdout), safely as in the rijn format\n"
           "  -f, --force        replace an existing output\n"
           "      --no-progress  no progress bar\n\n"
           "Mbed TLS decryption verifies the HMAC before writing anything when IN\n"
           "is a regular file; from a pipe to stdout, plaintext is released before\n"
           "the HMAC at the end is checked (exit 1 if it fails).\n"
           "exit status: 0 ok, 1 failed (bad padding or HMAC: wrong passphrase or\n"
           "options, damaged file), 2 usage error.\n");
}

static int parse_cipher(fmt_opts *o, const char *s)
{
    unsigned mode;
    size_t kl;
    if (rijn_legacy_cipher_find(s, &mode, &kl) != RIJN_OK) {
        cli_err("unknown cipher '%s' (aes-128-cbc .. aes-256-ofb; see --help)", s);
        return -1;
    }
    o->key_len = (int)kl;
    o->mode = (int)mode;
    return 0;
}

/* --format NAME; 0, or -1 after a message. */
static int parse_format(fmt_opts *o, const char *val)
{
    if (strcmp(val, "openssl") == 0)
        o->format = FMT_OPENSSL;
    else if (strcmp(val, "mbedtls") == 0)
        o->format = FMT_MBEDTLS;
    else {
        cli_err("unknown format '%s' (openssl, mbedtls; leave --format out for "
                "the rijn format)", val);
        return -1;
    }
    return 0;
}

/* --md NAME; 0, or -1 after a message. */
static int parse_md(fmt_opts *o, const char *val)
{
    o->md = rijn_hash_find(val);
    if (o->md == NULL || o->md->id < RIJN_HASH_MD5 || o->md->id > RIJN_HASH_SHA512) {
        cli_err("unknown --md '%s' (md5, sha1, sha224, sha256, sha384, sha512)", val);
        return -1;
    }
    return 0;
}

/* --iter N; 0, or -1 after a message. */
static int parse_iter(fmt_opts *o, const char *val)
{
    char *end;
    errno = 0;
    o->iter = (uint32_t)strtoul(val, &end, 10);
    if (val[0] < '0' || val[0] > '9' || *end != '\0' || o->iter == 0 || errno != 0 ||
        o->iter > FCRYPT_MAX_ITER) {
        cli_err("invalid iteration count '%s' (1 .. %u)", val, FCRYPT_MAX_ITER);
        return -1;
    }
    return 0;
}

/* --salt-hex / --iv-hex (id); 0, or -1 after a message. */
static int parse_fixed(fmt_opts *o, int id, const char *val)
{
    size_t flen = 0;
    if (cli_parse_hex(val, o->fixed, sizeof o->fixed, &flen) != 0 ||
        flen != (id == O_SALT ? 8u : 16u)) {
        cli_err("--%s needs %d hex digits", id == O_SALT ? "salt-hex" : "iv-hex",
                id == O_SALT ? 16 : 32);
        return -1;
    }
    o->fixed_given = id;
    return 0;
}

/* How many key sources and openssl KDF options the command line gave. */
typedef struct opt_counts {
    int keys, kdf;
} opt_counts;

/* The options that only set a flag or take a value as it is; 1 if id was
 * one of them. */
static int take_simple(fmt_opts *o, int id, const char *val, opt_counts *n)
{
    switch (id) {
    case O_PASS: o->passphrase = 1, n->keys++; return 1;
    case O_PASSFILE: o->pass_file = val, n->keys++; return 1;
    case O_KEY: o->key_file = val, n->keys++; return 1;
    case O_OUT: o->out_path = val; return 1;
    case O_FORCE: o->force = 1; return 1;
    case O_NOPROG: o->progress = 0; return 1;
    case O_PBKDF2: o->pbkdf2 = 1, n->kdf++; return 1;
    case O_NOSALT: o->nosalt = 1, n->kdf++; return 1;
    case O_ARMOR: o->armor = 1, n->kdf++; return 1;
    default: return 0;
    }
}

/* One option; 0, or -1 after a message. */
static int take_opt(fmt_opts *o, int id, const char *val, opt_counts *n)
{
    if (take_simple(o, id, val, n))
        return 0;
    switch (id) {
    case O_FORMAT: return parse_format(o, val);
    case O_CIPHER: return parse_cipher(o, val);
    case O_MD: return parse_md(o, val);
    case O_ITER:
        if (parse_iter(o, val) != 0)
            return -1;
        o->pbkdf2 = 1, n->kdf++;
        return 0;
    case O_SALT:
    case O_IV: return parse_fixed(o, id, val);
    default:
        if (o->in_path != NULL) {
            cli_err("give one input file only (got '%s' and '%s')", o->in_path, val);
            return -1;
        }
        o->in_path = val;
        return 0;
    }
}

/* The options that do not go together; CLI_OK or CLI_USAGE after a
 * message. */
static int check_combo(const fmt_opts *o, const opt_counts *n)
{
    const char *bad = NULL;
    if (n->keys > 1)
        bad = "give only one of -p, --passphrase-file and -k";
    else if (o->format == FMT_MBEDTLS && (n->kdf > 0 || o->fixed_given == O_SALT))
        bad = "--pbkdf2, --iter, --nosalt, --armor and --salt-hex are openssl options";
    else if (o->format == FMT_MBEDTLS && o->mode == FMT_CFB8)
        bad = "crypt_and_hash has no CFB8 (AES-*-CBC, CTR, CFB128, OFB)";
    else if (o->format == FMT_OPENSSL && (o->key_file != NULL || o->fixed_given == O_IV))
        bad = o->key_file != NULL
                  ? "openssl enc files take a passphrase (-p or --passphrase-file), not -k"
                  : "openssl enc files take a passphrase (-p or --passphrase-file); --iv-hex "
                    "is an mbedtls option";
    else if (o->nosalt && o->fixed_given == O_SALT)
        bad = "--nosalt and --salt-hex contradict each other";
    if (bad == NULL)
        return CLI_OK;
    cli_err("%s", bad);
    return CLI_USAGE;
}

static int parse_opts(fmt_opts *o, int argc, char **argv, int enc)
{
    cli_args a;
    int id;
    opt_counts n = {0, 0};
    cli_args_init(&a, argc, argv);
    while ((id = cli_next(&a, fmt_opts_tab)) != 0) {
        if (id == -1)
            return CLI_USAGE;
        if (id == O_HELP) {
            help(enc);
            return -1;
        }
        if (take_opt(o, id, a.val, &n) != 0)
            return CLI_USAGE;
    }
    return check_combo(o, &n);
}

/* Without --format (or decrypting openssl without --armor): look at the
 * input; CLI_OK, or an exit status after a message. */
static int sniff_format(fmt_opts *o)
{
    uint8_t head[16];
    int b64, is = looks_openssl(head, fmt_peek(o->in_path, head, sizeof head), &b64);
    if (o->format == FMT_NONE && !is) {
        cli_err("give --format openssl or --format mbedtls");
        return CLI_USAGE;
    }
    if (o->format == FMT_NONE && o->key_file != NULL) {
        cli_err("%s looks like `openssl enc` output, which takes a passphrase (-p or "
                "--passphrase-file), not -k", o->in_path != NULL ? o->in_path : "stdin");
        return CLI_FAIL;
    }
    o->format = FMT_OPENSSL;
    o->armor = o->armor || (is && b64);
    return CLI_OK;
}

int fmt_run(int argc, char **argv, int enc)
{
    fmt_opts o;
    int rc;
    memset(&o, 0, sizeof o);
    o.enc = enc;
    o.progress = 1;
    o.key_len = 32;
    o.mode = FMT_CBC;
    o.md = &rijn_hash_sha256;
    rc = parse_opts(&o, argc, argv, enc);
    if (rc != CLI_OK)
        return rc < 0 ? CLI_OK : rc;
    if (o.format == FMT_NONE || (!enc && o.format == FMT_OPENSSL && !o.armor)) {
        if ((rc = sniff_format(&o)) != CLI_OK)
            return rc;
    }
    if (o.pbkdf2 && o.iter == 0)
        o.iter = 10000;
    if (o.format == FMT_OPENSSL)
        return enc ? fmt_openssl_encrypt(&o) : fmt_openssl_decrypt(&o);
    return enc ? fmt_mbedtls_encrypt(&o) : fmt_mbedtls_decrypt(&o);
}

void fmt_warn(const char *what)
{
    cli_err("warning: %s; use the rijn format (no --format) to protect data", what);
}

/* The whole content of a key file, at most 512 bytes (crypt_and_hash). */
static int key_file(const char *path, uint8_t *sec, size_t *len)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    *len = 0;
    if (fd < 0) {
        cli_err("cannot open key file '%s': %s", path, strerror(errno));
        return CLI_USAGE;
    }
    while (*len < 512) {
        ssize_t r = read(fd, sec + *len, 512 - *len);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            cli_err("cannot read key file '%s': %s", path, strerror(errno));
            close(fd);
            return CLI_USAGE;
        }
        if (r == 0)
            break;
        *len += (size_t)r;
    }
    close(fd);
    return CLI_OK;
}

int fmt_secret(const fmt_opts *o, uint8_t *sec, size_t *len)
{
    int rc;
    if (o->key_file != NULL)
        rc = key_file(o->key_file, sec, len);
    else if (o->pass_file != NULL)
        rc = fio_pass_file(o->pass_file, sec, len);
    else
        rc = fio_pass_tty(sec, len, o->enc);
    if (rc == CLI_OK && o->enc && *len == 0) {
        cli_err("empty passphrase refused");
        rc = CLI_USAGE;
    }
    if (rc == CLI_OK && o->format == FMT_MBEDTLS && *len > 512)
        *len = 512; /* crypt_and_hash keeps at most 512 bytes of its key */
    return rc;
}
