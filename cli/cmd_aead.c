/*
 * cmd_aead.c -- `rijn aead seal|open`: one-shot authenticated encryption
 * with a hex key and nonce: AES-GCM, -CCM, -EAX, -OCB3, -GCM-SIV, -SIV,
 * ChaCha20-Poly1305, XChaCha20-Poly1305, Ascon-AEAD128 (SP 800-232).
 *
 * Implementation notes: the input is read whole (file, stdin or
 * --in-string) and decoded from --inform; seal writes ciphertext || tag,
 * open takes ciphertext || tag and writes the plaintext, both in
 * --outform. Each algorithm is a descriptor of the library's AEAD table
 * (rijn/aead_table.h: names, key size, default and allowed tag lengths,
 * the one-shot calls). A
 * failed open prints nothing on stdout and exits 1 (the library has wiped
 * its output); usage errors exit 2. Key, nonce and data buffers are wiped
 * before exit. AES-SIV is the exception: V || C, RFC 5297's order (and
 * pyca/cryptography's and the Python package's AESSIV), on seal and open.
 * Proven by tests/cli/test_cli_aead.py (against pyca/cryptography, i.e.
 * OpenSSL, and published vectors where OpenSSL lacks the mode).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

typedef struct aead_io {
    const uint8_t *key, *nonce, *aad, *in;
    size_t nonce_len, aad_len, len, tag_len;
    uint8_t *out, *tag;
} aead_io;

/* One library call through the AEAD's descriptor: seal (in -> out, tag)
 * or open (in, tag -> out). */
static int aead_run(const rijn_aead_alg *a, int s, aead_io *io)
{
    rijn_aead_any_ctx ctx;
    int r = a->init(&ctx, io->key, a->key_len);
    if (r == RIJN_OK)
        r = s ? a->seal(&ctx, io->out, io->tag, io->tag_len, io->nonce, io->nonce_len, io->aad,
                        io->aad_len, io->in, io->len)
              : a->open(&ctx, io->out, io->tag, io->tag_len, io->nonce, io->nonce_len, io->aad,
                        io->aad_len, io->in, io->len);
    rijn_wipe(&ctx, sizeof ctx);
    return r;
}

enum { O_ALG = 1, O_KEY, O_NONCE, O_AAD, O_TAGLEN, O_HELP };

static const cli_opt opts[] = {
    {"algorithm", 'a', 1, O_ALG}, {"key", 'K', 1, O_KEY},         {"nonce", 'n', 1, O_NONCE},
    {"iv", 0, 1, O_NONCE},        {"aad", 0, 1, O_AAD},           {"tag-len", 't', 1, O_TAGLEN},
    CLI_IO_OPTIONS,               {"help", 'h', 0, O_HELP},       {NULL, 0, 0, 0}};

static void help(void)
{
    const rijn_aead_alg *a;
    size_t i;
    printf("usage: rijn aead seal|open -a ALG --key HEX --nonce HEX [--aad HEX]\n"
           "                 [--tag-len N] [-i FILE | --in-string STR] [-o FILE]\n"
           "                 [--inform raw|hex|base64] [--outform raw|hex|base64]\n\n"
           "One-shot authenticated encryption. seal writes ciphertext || tag; open\n"
           "reads ciphertext || tag and writes the plaintext, or nothing (exit 1)\n"
           "when the tag does not verify. AES-SIV puts its tag V first: V || C\n"
           "(RFC 5297).\n\n"
           "  -a, --algorithm ALG  one of the list below\n"
           "  -K, --key HEX        the key (size per algorithm, below)\n"
           "  -n, --nonce HEX      the nonce (GCM: any length, 12 bytes advised; CCM:\n"
           "                       7..13; OCB3: 1..15; GCM-SIV, ChaCha20-Poly1305: 12;\n"
           "                       XChaCha20-Poly1305: 24; ascon128: 16; EAX: any;\n"
           "                       SIV: optional)\n"
           "      --aad HEX        associated data (default none)\n"
           "  -t, --tag-len N      tag bytes (GCM 4..16, CCM 4..16 even, EAX/OCB3\n"
           "                       1..16; others 16; default 16)\n"
           "  -i, --in FILE        input file ('-' = stdin, the default)\n"
           "  -s, --in-string STR  input is the bytes of STR\n"
           "  -o, --out FILE       output file (default stdout)\n"
           "      --inform FORM    input encoding: raw (default), hex, base64\n"
           "      --outform FORM   output encoding: raw (default), hex, base64\n"
           "      --impl NAME      force an AES implementation (see rijn selftest)\n"
           "  -h, --help           this help\n\nalgorithms (key bytes):\n");
    for (i = 0; (a = rijn_aead_alg_at(i)) != NULL; i++) {
        if (a->alias != NULL)
            printf("  %-20s %2zu\n", a->alias, a->key_len);
        printf("  %-20s %2zu%s\n", a->name, a->key_len,
               (a->flags & RIJN_AEAD_TAG_FIRST) ? "  (two AES keys; V || C, RFC 5297)" : "");
    }
    printf("  (ascon128 = ascon-aead128: Ascon-AEAD128 of NIST SP 800-232)\n\n"
           "exit status: 0 ok, 1 authentication or operation failed, 2 usage error\n");
}

/* Parse hex into a fresh buffer of *len bytes; 0, or -1 after a message. */
static int hex_arg(const char *what, const char *hex, uint8_t **p, size_t *len)
{
    size_t n = strlen(hex);
    *p = cli_alloc(n / 2 + 1);
    if (n % 2 != 0 || cli_parse_hex(hex, *p, n / 2 + 1, len) != 0) {
        cli_err("%s is not an even-length hex string", what);
        return -1;
    }
    return 0;
}

static void free_wiped(uint8_t *p, size_t n)
{
    if (p != NULL) {
        rijn_wipe(p, n); /* memset before free is a dead store */
        free(p);
    }
}

/* The command line. */
typedef struct aead_opts {
    int seal; /* 1 seal, 0 open, -1 not given */
    cli_io io;
    const char *alg, *key_hex, *nonce_hex, *aad_hex, *tag_len;
} aead_opts;

/* Parse the command line into o; -1 to go on, else the exit status. */
static int parse_args(int argc, char **argv, aead_opts *o)
{
    cli_args a;
    int id, r;
    cli_args_init(&a, argc, argv);
    while ((id = cli_next(&a, opts)) != 0) {
        switch (id) {
        case -1: return CLI_USAGE;
        case O_HELP: help(); return CLI_OK;
        case O_ALG: o->alg = a.val; break;
        case O_KEY: o->key_hex = a.val; break;
        case O_NONCE: o->nonce_hex = a.val; break;
        case O_AAD: o->aad_hex = a.val; break;
        case O_TAGLEN: o->tag_len = a.val; break;
        default:
            if ((r = cli_io_option(&o->io, id, a.val)) != 0) {
                if (r < 0)
                    return CLI_USAGE;
                break;
            }
            if (o->seal == -1 && (strcmp(a.val, "seal") == 0 || strcmp(a.val, "open") == 0)) {
                o->seal = strcmp(a.val, "seal") == 0;
                break;
            }
            cli_err("unexpected argument '%s' (see --help)", a.val);
            return CLI_USAGE;
        }
    }
    return -1;
}

/* The algorithm the options name, its tag length in *tag_len; NULL after
 * a message. */
static const rijn_aead_alg *check_opts(const aead_opts *o, size_t *tag_len)
{
    const rijn_aead_alg *alg;
    char *end = NULL;
    unsigned long v;
    if (o->seal == -1) {
        cli_err("give seal or open (see --help)");
        return NULL;
    }
    if (o->alg == NULL || o->key_hex == NULL) {
        cli_err("give -a ALG and --key HEX (see --help)");
        return NULL;
    }
    if ((alg = rijn_aead_alg_find(o->alg)) == NULL) {
        cli_err("unknown algorithm '%s' (see --help)", o->alg);
        return NULL;
    }
    if (o->nonce_hex == NULL && !(alg->flags & RIJN_AEAD_NONCE_OPTIONAL)) {
        cli_err("give --nonce HEX");
        return NULL;
    }
    *tag_len = alg->tag_len;
    if (o->tag_len == NULL)
        return alg;
    v = strtoul(o->tag_len, &end, 10);
    if (end == o->tag_len || *end != '\0' || v < alg->tag_min || v > alg->tag_len) {
        cli_err("--tag-len %s: %s takes %zu..%zu bytes", o->tag_len, o->alg, alg->tag_min,
                alg->tag_len);
        return NULL;
    }
    *tag_len = (size_t)v;
    return alg;
}

/* Where text and tag are in the input and in out: V || C for SIV, else
 * C || T. */
static void place(const rijn_aead_alg *alg, int seal, uint8_t *in, uint8_t *out, aead_io *io)
{
    if (alg->flags & RIJN_AEAD_TAG_FIRST) { /* SIV: V || C */
        io->in = seal ? in : in + io->tag_len;
        io->out = seal ? out + io->tag_len : out;
        io->tag = seal ? out : in;
    } else { /* C || T */
        io->in = in;
        io->out = out;
        io->tag = seal ? out + io->len : in + io->len;
    }
}

/* The exit status after aead_run returned r (a message if not RIJN_OK). */
static int failure(const aead_opts *o, int r)
{
    if (r == RIJN_ERR_AUTH) {
        cli_err("authentication failed: wrong key, nonce, associated data or tag, or "
                "the data was altered");
        return CLI_FAIL;
    }
    cli_err("%s %s: %s", o->alg, o->seal ? "seal" : "open", rijn_strerror(r));
    return r == RIJN_ERR_NONCE_LEN || r == RIJN_ERR_TAG_LEN ? CLI_USAGE : CLI_FAIL;
}

static int run(int argc, char **argv)
{
    aead_opts o = {-1, {NULL, NULL, NULL, NULL, CLI_FORM_RAW, CLI_FORM_RAW},
                   NULL, NULL, NULL, "", NULL};
    int status, r;
    const rijn_aead_alg *alg;
    uint8_t *key = NULL, *nonce = NULL, *aad = NULL, *out = NULL;
    size_t key_len = 0;
    cli_buf in = {NULL, 0};
    aead_io io;
    memset(&io, 0, sizeof io);
    if ((status = parse_args(argc, argv, &o)) >= 0)
        return status;
    if ((alg = check_opts(&o, &io.tag_len)) == NULL || o.key_hex == NULL) /* for analyzers */
        return CLI_USAGE;
    status = CLI_USAGE;
    if (hex_arg("--key", o.key_hex, &key, &key_len) != 0 ||
        hex_arg("--nonce", o.nonce_hex != NULL ? o.nonce_hex : "", &nonce, &io.nonce_len) != 0 ||
        hex_arg("--aad", o.aad_hex, &aad, &io.aad_len) != 0)
        goto done;
    if (key_len != alg->key_len) {
        cli_err("%s takes a %zu-byte key (got %zu)", o.alg, alg->key_len, key_len);
        goto done;
    }
    if ((status = cli_io_read(&o.io, &in)) != CLI_OK)
        goto done;
    status = CLI_FAIL;
    if (!o.seal && in.n < io.tag_len) {
        cli_err("input shorter than the %zu-byte tag", io.tag_len);
        goto done;
    }
    io.len = o.seal ? in.n : in.n - io.tag_len;
    out = cli_alloc(io.len + io.tag_len + 1);
    io.key = key;
    io.nonce = nonce;
    io.aad = aad;
    place(alg, o.seal, in.p, out, &io);
    if ((r = aead_run(alg, o.seal, &io)) != RIJN_OK)
        status = failure(&o, r);
    else
        status = cli_io_write(&o.io, out, o.seal ? io.len + io.tag_len : io.len);
done:
    free_wiped(key, key_len);
    free_wiped(nonce, io.nonce_len);
    free_wiped(aad, io.aad_len);
    free_wiped(out, io.len + io.tag_len + 1);
    cli_buf_free(&in);
    return status;
}

const cli_command cli_cmd_aead = {"aead", "authenticated encryption: seal / open (GCM, CCM, "
                                          "EAX, OCB3, GCM-SIV, SIV, ChaCha20-Poly1305, Ascon)",
                                  run};
