/*
 * cmd_cipher.c -- `rijn cipher`: raw AES in a classic mode with a hex key
 * and IV, compatible with `openssl enc -K .. -iv ..` (ECB and CBC pad
 * with PKCS#7 by default, as openssl does).
 *
 * Implementation notes: input is read whole (file, stdin or
 * --in-string), decoded from --inform, processed with one one-shot call
 * (modeops.c) and written in --outform. Key, IV and data buffers are
 * wiped before exit. A wrong key or IV length is a usage error (2); bad
 * padding or a length the mode refuses is an operation failure (1).
 */
#include <stdio.h>
#include <string.h>

#include "bc_ops.h"

enum { O_ENC = 1, O_DEC, O_MODE, O_KEY, O_IV, O_NOPAD, O_CIPHER, O_HELP };

static const cli_opt opts[] = {
    {"encrypt", 'e', 0, O_ENC},     {"decrypt", 'd', 0, O_DEC},
    {"mode", 'm', 1, O_MODE},       {"key", 'K', 1, O_KEY},
    {"iv", 0, 1, O_IV},             {"nopad", 0, 0, O_NOPAD},
    {"cipher", 'c', 1, O_CIPHER},
    CLI_IO_OPTIONS,                 {"help", 'h', 0, O_HELP},
    {NULL, 0, 0, 0}};

static void help(void)
{
    printf("usage: rijn cipher (-e|-d) -m MODE --key HEX [--iv HEX]\n"
           "                   [-i FILE | --in-string STR] [-o FILE]\n"
           "                   [--inform raw|hex|base64] [--outform raw|hex|base64]\n"
           "                   [--nopad] [--impl NAME] [-c CIPHER]\n\n"
           "Raw AES in a classic mode, with the key and IV given in hex, like\n"
           "`openssl enc -aes-128-cbc -K HEX -iv HEX`. Not authenticated: use\n"
           "it for interoperability and tests, not to protect data.\n\n"
           "  -e, --encrypt        encrypt\n"
           "  -d, --decrypt        decrypt\n"
           "  -m, --mode MODE      ecb, cbc, cbc-cs1, cbc-cs2, cbc-cs3, cfb1, cfb8,\n"
           "                       cfb128 (or cfb), ofb, ctr (128-bit counter),\n"
           "                       ctr32 (32-bit counter)\n"
           "  -K, --key HEX        16, 24 or 32 bytes: AES-128, AES-192, AES-256\n"
           "      --iv HEX         16 bytes (every mode but ecb)\n"
           "  -i, --in FILE        input file ('-' = stdin, the default)\n"
           "  -s, --in-string STR  input is the bytes of STR\n"
           "  -o, --out FILE       output file (default stdout)\n"
           "      --inform FORM    input encoding: raw (default), hex, base64\n"
           "      --outform FORM   output encoding: raw (default), hex, base64\n"
           "                       (base64 is written in 64-column lines)\n"
           "      --nopad          ecb/cbc: no PKCS#7 padding (length must be a\n"
           "                       multiple of 16)\n"
           "      --impl NAME      force an AES implementation (see rijn selftest)\n"
           "  -c, --cipher NAME    aes (default), serpent, twofish, rc6, mars: the others\n"
           "                       take ecb (with --nopad), cbc and ctr only\n"
           "  -h, --help           this help\n\n"
           "exit status: 0 ok, 1 failed (bad padding, bad length), 2 usage error\n");
}

/* The command line. */
typedef struct cipher_opts {
    int dir, nopad;
    const char *mode, *key_hex, *iv_hex;
    const rijn_bc_desc *cipher;
    cli_io io;
} cipher_opts;

/* One option id with value val into o; -1 to go on, else the exit status. */
static int take_opt(cipher_opts *o, int id, const char *val)
{
    int r;
    switch (id) {
    case -1: return CLI_USAGE;
    case O_HELP: help(); return CLI_OK;
    case O_ENC:
    case O_DEC:
        if (o->dir != -1 && o->dir != (id == O_ENC)) {
            cli_err("give only one of -e and -d");
            return CLI_USAGE;
        }
        o->dir = id == O_ENC;
        return -1;
    case O_MODE: o->mode = val; return -1;
    case O_KEY: o->key_hex = val; return -1;
    case O_IV: o->iv_hex = val; return -1;
    case O_NOPAD: o->nopad = 1; return -1;
    case O_CIPHER:
        if ((o->cipher = rijn_bc_find(val)) == NULL) {
            cli_err("unknown cipher '%s' (aes, serpent, twofish, rc6, mars)", val);
            return CLI_USAGE;
        }
        return -1;
    default:
        if ((r = cli_io_option(&o->io, id, val)) != 0)
            return r < 0 ? CLI_USAGE : -1;
        cli_err("unexpected argument '%s' (see --help)", val);
        return CLI_USAGE;
    }
}

/* The mode the options ask for, or NULL after a message. */
static const cli_mode_info *check_opts(const cipher_opts *o)
{
    const cli_mode_info *m;
    if (o->dir == -1) {
        cli_err("give -e (encrypt) or -d (decrypt)");
        return NULL;
    }
    if (o->mode == NULL) {
        cli_err("give a mode with -m (see --help)");
        return NULL;
    }
    if ((m = cli_mode_find(o->mode)) == NULL) {
        cli_err("unknown mode '%s' (see --help)", o->mode);
        return NULL;
    }
    if (o->cipher != &rijn_bc_aes &&
        (!cli_bc_mode_ok(m->mode) || (m->mode == CLI_M_ECB && !o->nopad))) {
        cli_err("%s takes ecb --nopad, cbc or ctr", o->cipher->name);
        return NULL;
    }
    if (o->nopad && !m->can_pad) {
        cli_err("--nopad applies to ecb and cbc only");
        return NULL;
    }
    if (o->key_hex == NULL) {
        cli_err("give the key with --key HEX");
        return NULL;
    }
    return m;
}

/* Decode the key and (if the mode takes one) the IV; 0 after a message. */
static int key_iv(const cipher_opts *o, const cli_mode_info *m, uint8_t key[32],
                  size_t *key_len, uint8_t iv[16])
{
    size_t iv_len = 0;
    if (cli_parse_hex(o->key_hex, key, 32, key_len) != 0 ||
        (*key_len != 16 && *key_len != 24 && *key_len != 32)) {
        cli_err("the key must be 32, 48 or 64 hex digits (16, 24 or 32 bytes)");
        return 0;
    }
    if (!m->needs_iv) {
        if (o->iv_hex != NULL) {
            cli_err("mode %s takes no IV", m->name);
            return 0;
        }
        memset(iv, 0, 16);
        return 1;
    }
    if (o->iv_hex == NULL) {
        cli_err("mode %s needs --iv HEX (16 bytes)", m->name);
        return 0;
    }
    if (cli_parse_hex(o->iv_hex, iv, 16, &iv_len) != 0 || iv_len != 16) {
        cli_err("the IV must be 32 hex digits (16 bytes)");
        return 0;
    }
    return 1;
}

/* The message for a mode call that failed with r on n bytes. */
static void crypt_error(const cipher_opts *o, const cli_mode_info *m, int r, size_t n)
{
    if (r == RIJN_ERR_PADDING)
        cli_err("bad padding (wrong key or IV, or not PKCS#7-padded data)");
    else if (r != RIJN_ERR_LENGTH)
        cli_err("%s failed: %s", o->dir ? "encryption" : "decryption", rijn_strerror(r));
    else if (m->mode == CLI_M_CTS1 || m->mode == CLI_M_CTS2 || m->mode == CLI_M_CTS3)
        cli_err("%s needs at least 16 bytes of input (got %zu)", m->name, n);
    else if (!o->dir && !o->nopad && m->can_pad)
        cli_err("ciphertext length %zu is not a nonzero multiple of 16", n);
    else
        cli_err("input length %zu is not a multiple of 16%s", n,
                o->nopad ? " (--nopad given)" : "");
}

/* Key setup and the mode over in into res; RIJN_OK or an error after a
 * message. */
static int run_mode(const cipher_opts *o, const cli_mode_info *m, const uint8_t *key,
                    size_t key_len, const uint8_t iv[16], const cli_buf *in, cli_buf *res,
                    rijn_aes_ctx *aes, rijn_bc_ctx *bc)
{
    int pad = !o->nopad && m->can_pad, r;
    r = o->cipher == &rijn_bc_aes ? rijn_aes_init(aes, key, key_len)
                                  : rijn_bc_init(bc, o->cipher, key, key_len);
    if (r != RIJN_OK) {
        cli_err("key setup: %s", rijn_strerror(r));
        return r;
    }
    if (o->cipher == &rijn_bc_aes)
        r = cli_mode_crypt(m->mode, o->dir, pad, aes, iv, in->p, in->n, res);
    else
        r = cli_bc_crypt(m->mode, o->dir, pad, bc, iv, in->p, in->n, res);
    if (r != RIJN_OK)
        crypt_error(o, m, r, in->n);
    return r;
}

static int run(int argc, char **argv)
{
    cli_args a;
    int id, status = CLI_USAGE;
    cipher_opts o = {-1, 0, NULL, NULL, NULL, &rijn_bc_aes,
                     {NULL, NULL, NULL, NULL, CLI_FORM_RAW, CLI_FORM_RAW}};
    const cli_mode_info *m;
    uint8_t key[32], iv[16];
    size_t key_len = 0;
    cli_buf in = {NULL, 0}, res = {NULL, 0};
    rijn_aes_ctx aes;
    rijn_bc_ctx bc;

    memset(&aes, 0, sizeof aes);
    memset(&bc, 0, sizeof bc);
    cli_args_init(&a, argc, argv);
    while ((id = cli_next(&a, opts)) != 0)
        if ((status = take_opt(&o, id, a.val)) >= 0)
            return status;
    if ((m = check_opts(&o)) == NULL)
        return CLI_USAGE;
    status = CLI_USAGE;
    if (!key_iv(&o, m, key, &key_len, iv))
        goto out;
    if ((status = cli_io_read(&o.io, &in)) != CLI_OK)
        goto out;
    status = CLI_FAIL;
    if (run_mode(&o, m, key, key_len, iv, &in, &res, &aes, &bc) == RIJN_OK)
        status = cli_io_write(&o.io, res.p, res.n);
out:
    rijn_aes_wipe(&aes);
    rijn_bc_wipe(&bc);
    rijn_wipe(key, sizeof key);
    rijn_wipe(iv, sizeof iv);
    cli_buf_free(&in);
    cli_buf_free(&res);
    return status;
}

const cli_command cli_cmd_cipher = {"cipher", "AES in a classic mode with a hex key (openssl enc -K style)",
                                    run};
