/*
 * cmd_mac.c -- `rijn mac ALG --key HEX`: message authentication codes:
 * AES-CMAC, HMAC with every hash rijn has, Poly1305 (one-time key).
 *
 * Implementation notes: the input is read whole (file, stdin or
 * --in-string) and decoded from --inform; the tag (optionally truncated
 * with --tag-len) is written in --outform, hex by default (as openssl
 * dgst -mac prints it). --verify HEX compares with the library's
 * constant-time verify instead and answers by exit status (0 match, 1
 * mismatch), printing nothing on stdout. Key and data are wiped before
 * exit. Proven by tests/cli/test_cli_aead.py (against pyca/cryptography and
 * Python's hmac, i.e. OpenSSL).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

enum { M_CMAC = 1, M_HMAC, M_POLY };

typedef struct mac_alg {
    const char *name;
    int kind;
    const char *hash; /* rijn_hash_find name for HMAC */
} mac_alg;

static const mac_alg algs[] = {
    {"cmac", M_CMAC, NULL},                {"hmac-sha1", M_HMAC, "SHA-1"},
    {"hmac-sha224", M_HMAC, "SHA-224"},    {"hmac-sha256", M_HMAC, "SHA-256"},
    {"hmac-sha384", M_HMAC, "SHA-384"},    {"hmac-sha512", M_HMAC, "SHA-512"},
    {"hmac-sha512-224", M_HMAC, "SHA-512/224"}, {"hmac-sha512-256", M_HMAC, "SHA-512/256"},
    {"hmac-sha3-224", M_HMAC, "SHA3-224"}, {"hmac-sha3-256", M_HMAC, "SHA3-256"},
    {"hmac-sha3-384", M_HMAC, "SHA3-384"}, {"hmac-sha3-512", M_HMAC, "SHA3-512"},
    {"hmac-blake2b", M_HMAC, "BLAKE2b-512"}, /* every hash of the registry has its HMAC */
    {"hmac-md5", M_HMAC, "MD5"},           {"poly1305", M_POLY, NULL}};

enum { O_KEY = 1, O_TAGLEN, O_VERIFY, O_HELP };

static const cli_opt opts[] = {
    {"key", 'K', 1, O_KEY},       {"tag-len", 't', 1, O_TAGLEN},  {"verify", 0, 1, O_VERIFY},
    CLI_IO_OPTIONS,               {"help", 'h', 0, O_HELP},       {NULL, 0, 0, 0}};

static void help(void)
{
    size_t i;
    printf("usage: rijn mac ALG --key HEX [--tag-len N] [--verify HEX]\n"
           "               [-i FILE | --in-string STR] [-o FILE]\n"
           "               [--inform raw|hex|base64] [--outform raw|hex|base64]\n\n"
           "Compute (or check) a message authentication code.\n\n"
           "  -K, --key HEX        cmac: 16, 24 or 32 bytes; hmac-*: any length;\n"
           "                       poly1305: 32 bytes, never reused\n"
           "  -t, --tag-len N      truncate the tag to N bytes (cmac, hmac-*)\n"
           "      --verify HEX     check this tag instead of printing one: exit 0 if\n"
           "                       it matches, 1 if not (constant-time compare)\n"
           "  -i, --in FILE        input file ('-' = stdin, the default)\n"
           "  -s, --in-string STR  input is the bytes of STR\n"
           "  -o, --out FILE       output file (default stdout)\n"
           "      --inform FORM    input encoding: raw (default), hex, base64\n"
           "      --outform FORM   tag encoding: hex (default), raw, base64\n"
           "      --impl NAME      force an AES implementation (cmac)\n"
           "  -h, --help           this help\n\nalgorithms:");
    for (i = 0; i < sizeof algs / sizeof algs[0]; i++)
        printf(" %s%s", algs[i].name, strcmp(algs[i].name, "hmac-md5") == 0 ? " (legacy)" : "");
    printf("\n\nexit status: 0 ok, 1 failed or tag mismatch, 2 usage error\n");
}

/* tag_len bytes of the MAC of in[n] into tag, or (verify) check tag. */
static int mac_run(const mac_alg *m, const rijn_hash_desc *h, int verify, uint8_t *tag,
                   size_t tag_len, const uint8_t *key, size_t key_len, const cli_buf *in)
{
    if (m->kind == M_CMAC)
        return verify ? rijn_cmac_check(tag, tag_len, key, key_len, in->p, in->n)
                      : rijn_cmac(tag, tag_len, key, key_len, in->p, in->n);
    if (m->kind == M_HMAC)
        return verify ? rijn_hmac_verify(h, tag, tag_len, key, key_len, in->p, in->n)
                      : rijn_hmac(h, tag, tag_len, key, key_len, in->p, in->n);
    if (key_len != RIJN_POLY1305_KEY_SIZE || tag_len != RIJN_POLY1305_TAG_SIZE)
        return RIJN_ERR_KEY_LEN;
    return verify ? rijn_poly1305_verify(tag, key, in->p, in->n)
                  : rijn_poly1305(tag, key, in->p, in->n);
}

/* The command line. */
typedef struct mac_opts {
    cli_io io;
    const char *alg, *key_hex, *verify_hex, *tag_len;
} mac_opts;

/* Parse the command line into o; -1 to go on, else the exit status. */
static int parse_args(int argc, char **argv, mac_opts *o)
{
    cli_args a;
    int id, r;
    cli_args_init(&a, argc, argv);
    while ((id = cli_next(&a, opts)) != 0) {
        switch (id) {
        case -1: return CLI_USAGE;
        case O_HELP: help(); return CLI_OK;
        case O_KEY: o->key_hex = a.val; break;
        case O_TAGLEN: o->tag_len = a.val; break;
        case O_VERIFY: o->verify_hex = a.val; break;
        default:
            if ((r = cli_io_option(&o->io, id, a.val)) != 0) {
                if (r < 0)
                    return CLI_USAGE;
                break;
            }
            if (o->alg == NULL) {
                o->alg = a.val;
                break;
            }
            cli_err("unexpected argument '%s' (see --help)", a.val);
            return CLI_USAGE;
        }
    }
    if (o->alg == NULL || o->key_hex == NULL) {
        cli_err("give ALG and --key HEX (see --help)");
        return CLI_USAGE;
    }
    return -1;
}

/* The MAC named name and (HMAC) its hash; NULL after a message, with
 * *status the exit status. */
static const mac_alg *find_mac(const char *name, const rijn_hash_desc **h, int *status)
{
    const mac_alg *m = NULL;
    size_t i;
    for (i = 0; i < sizeof algs / sizeof algs[0]; i++)
        if (strcmp(algs[i].name, name) == 0)
            m = &algs[i];
    if (m == NULL) {
        cli_err("unknown MAC '%s' (see --help)", name);
        *status = CLI_USAGE;
        return NULL;
    }
    if (m->kind == M_HMAC && (*h = rijn_hash_find(m->hash)) == NULL) {
        cli_err("%s is not compiled into this build", m->hash);
        *status = CLI_FAIL;
        return NULL;
    }
    return m;
}

/* --tag-len tl (NULL: full) as a length; 0 after a message. */
static size_t tag_length(const mac_alg *m, size_t full, const char *tl)
{
    char *end = NULL;
    unsigned long v;
    if (tl == NULL)
        return full;
    v = strtoul(tl, &end, 10);
    if (end == tl || *end != '\0' || v < 1 || v > full || (m->kind == M_POLY && v != 16)) {
        cli_err("--tag-len %s: %s takes 1..%zu bytes", tl, m->name,
                m->kind == M_POLY ? (size_t)16 : full);
        return 0;
    }
    return (size_t)v;
}

/* 1 if the key length fits the MAC, else 0 after a message. */
static int key_fits(const mac_alg *m, size_t key_len)
{
    if ((m->kind == M_CMAC && key_len != 16 && key_len != 24 && key_len != 32) ||
        (m->kind == M_POLY && key_len != 32)) {
        cli_err("%s takes a %s-byte key (got %zu)", m->name,
                m->kind == M_CMAC ? "16, 24 or 32" : "32", key_len);
        return 0;
    }
    return 1;
}

/* Decode --verify HEX into tag (its length in *vlen); 0 after a message. */
static int verify_tag(const mac_alg *m, const char *hex, size_t full, uint8_t *tag,
                      size_t cap, size_t *vlen)
{
    if (strlen(hex) % 2 != 0 || cli_parse_hex(hex, tag, cap, vlen) != 0 || *vlen == 0 ||
        *vlen > full || (m->kind == M_POLY && *vlen != 16)) {
        cli_err("--verify needs a hex tag of 1..%zu bytes", full);
        return 0;
    }
    return 1;
}

/* The exit status of a MAC call that returned r, writing the tag unless
 * verifying. */
static int finish(const mac_alg *m, int verify, int r, cli_io *io, const uint8_t *tag,
                  size_t tag_len)
{
    if (verify && (r == RIJN_OK || r == RIJN_ERR_AUTH)) {
        if (r != RIJN_OK)
            cli_err("tag mismatch");
        return r == RIJN_OK ? CLI_OK : CLI_FAIL;
    }
    if (r != RIJN_OK) {
        cli_err("%s: %s", m->name, rijn_strerror(r));
        return CLI_FAIL;
    }
    return cli_io_write(io, tag, tag_len);
}

static int run(int argc, char **argv)
{
    mac_opts o = {{NULL, NULL, NULL, NULL, CLI_FORM_RAW, CLI_FORM_HEX}, NULL, NULL, NULL, NULL};
    int status;
    const mac_alg *m;
    const rijn_hash_desc *h = NULL;
    uint8_t key[1024], tag[RIJN_HASH_MAX_SIZE];
    size_t key_len = 0, full, tag_len;
    cli_buf in = {NULL, 0};
    if ((status = parse_args(argc, argv, &o)) >= 0)
        return status;
    if ((m = find_mac(o.alg, &h, &status)) == NULL)
        return status;
    full = m->kind == M_HMAC ? rijn_hash_digest_size(h) : 16;
    if ((tag_len = tag_length(m, full, o.tag_len)) == 0)
        return CLI_USAGE;
    status = CLI_USAGE;
    if (strlen(o.key_hex) % 2 != 0 || cli_parse_hex(o.key_hex, key, sizeof key, &key_len) != 0) {
        cli_err("--key is not an even-length hex string of at most %zu bytes", sizeof key);
        goto done;
    }
    if (!key_fits(m, key_len) ||
        (o.verify_hex != NULL && !verify_tag(m, o.verify_hex, full, tag, sizeof tag, &tag_len)))
        goto done;
    if ((status = cli_io_read(&o.io, &in)) != CLI_OK)
        goto done;
    status = finish(m, o.verify_hex != NULL,
                    mac_run(m, h, o.verify_hex != NULL, tag, tag_len, key, key_len, &in), &o.io,
                    tag, tag_len);
done:
    rijn_wipe(key, sizeof key);
    rijn_wipe(tag, sizeof tag);
    cli_buf_free(&in);
    return status;
}

const cli_command cli_cmd_mac = {"mac", "message authentication: CMAC, HMAC, Poly1305", run};
