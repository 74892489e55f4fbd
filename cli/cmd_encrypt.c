/*
 * cmd_encrypt.c -- `rijn encrypt` and `rijn decrypt`: files and streams
 * in the rijn file format (docs/FORMAT.md), with a passphrase or a key
 * file, in the manner of `age` and `openssl enc`.
 *
 * Implementation notes: this file parses the options and checks their
 * combinations (usage errors exit 2 before anything is read); the help
 * screens are in encrypt_help.c, the work is in file_crypt.c, the file
 * handling in file_input.c and file_io.c, secrets in file_secret.c,
 * armor in file_armor.c. --salt-hex is a hidden testing option (fixed
 * salt for the worked vectors of docs/FORMAT-vectors.md); never use it
 * to encrypt real data.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "age_cli.h"
#include "file_io.h"
#include "fmt.h"
#include "rijn/aead_table.h"

enum { O_PASS = 1, O_PASSFILE, O_KEY, O_AEAD, O_CHUNK, O_KDF, O_ITER, O_MEM, O_LANES,
       O_ARMOR, O_OUT, O_FORCE, O_NOPROG, O_SALT, O_HELP, O_RECIP, O_RECIPFILE, O_IDENT,
       O_FKEY, O_EPH };

static const cli_opt enc_opts[] = {
    {"passphrase", 'p', 0, O_PASS},   {"passphrase-file", 0, 1, O_PASSFILE},
    {"key-file", 'k', 1, O_KEY},      {"aead", 'a', 1, O_AEAD},
    {"chunk-size", 0, 1, O_CHUNK},    {"kdf", 0, 1, O_KDF},
    {"iter", 0, 1, O_ITER},           {"memory", 0, 1, O_MEM},
    {"lanes", 0, 1, O_LANES},         {"armor", 0, 0, O_ARMOR},
    {"output", 'o', 1, O_OUT},        {"force", 'f', 0, O_FORCE},
    {"no-progress", 0, 0, O_NOPROG},  {"salt-hex", 0, 1, O_SALT},
    {"recipient", 'r', 1, O_RECIP},   {"recipients-file", 'R', 1, O_RECIPFILE},
    {"file-key-hex", 0, 1, O_FKEY},   {"ephemeral-hex", 0, 1, O_EPH},
    {"help", 'h', 0, O_HELP},         {NULL, 0, 0, 0}};

static const cli_opt dec_opts[] = {
    {"identity", 'i', 1, O_IDENT},
    {"passphrase", 'p', 0, O_PASS},   {"passphrase-file", 0, 1, O_PASSFILE},
    {"key-file", 'k', 1, O_KEY},      {"output", 'o', 1, O_OUT},
    {"force", 'f', 0, O_FORCE},       {"no-progress", 0, 0, O_NOPROG},
    {"help", 'h', 0, O_HELP},         {NULL, 0, 0, 0}};

/* Unsigned 32-bit number with an optional K / M suffix (x 1024). */
static int parse_u32(const char *s, const char *what, int suffix, uint32_t *v)
{
    char *end;
    unsigned long long x;
    if (s[0] < '0' || s[0] > '9')
        goto bad;
    x = strtoull(s, &end, 10);
    if (suffix && (*end == 'k' || *end == 'K'))
        x <<= 10, end++;
    else if (suffix && (*end == 'm' || *end == 'M'))
        x <<= 20, end++;
    if (*end != '\0' || x > 0xFFFFFFFFull || x == 0)
        goto bad;
    *v = (uint32_t)x;
    return 0;
bad:
    cli_err("invalid %s '%s'", what, s);
    return -1;
}

/* The file AEADs by their descriptors (rijn_file_aead_alg / _find). */
static int parse_aead(const char *s, uint8_t *id)
{
    char list[128] = "";
    unsigned i;
    *id = (uint8_t)rijn_file_aead_find(s);
    if (*id != 0)
        return 0;
    for (i = RIJN_FILE_AES256GCM; i <= RIJN_FILE_ASCON128; i++) {
        const rijn_aead_alg *a = rijn_file_aead_alg(i);
        if (a != NULL)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                     list[0] != '\0' ? ", " : "", a->alias != NULL ? a->alias : a->name);
    }
    cli_err("unknown AEAD '%s' (%s)", s, list);
    return -1;
}

/* A passphrase's KDF settings below OWASP's minimums (Password Storage
 * Cheat Sheet, 2023): PBKDF2-HMAC-SHA256 600000 iterations; Argon2id
 * m >= 7 MiB and m x t >= 35 MiB (its table: 46 MiB x 1, 19 x 2, 12 x 3,
 * 9 x 4, 7 x 5). A warning only: the file is still written. */
#define WEAK_PBKDF2_ITER 600000u
#define WEAK_ARGON2_M_KIB 7168u
#define WEAK_ARGON2_MT_KIB 35840u
static void warn_weak(const rijn_file_params *p)
{
    if (p->key_source == RIJN_FILE_KEY_PBKDF2 && p->iterations < WEAK_PBKDF2_ITER)
        cli_err("warning: weak key derivation: PBKDF2 with %u iterations (fewer than %u)",
                p->iterations, WEAK_PBKDF2_ITER);
    if (p->key_source == RIJN_FILE_KEY_ARGON2ID &&
        (p->argon2_m < WEAK_ARGON2_M_KIB ||
         (uint64_t)p->argon2_m * p->argon2_t < WEAK_ARGON2_MT_KIB))
        cli_err("warning: weak key derivation: Argon2id with %u KiB x %u passes (below %u KiB, "
                "or memory x passes below %u KiB)",
                p->argon2_m, p->argon2_t, WEAK_ARGON2_M_KIB, WEAK_ARGON2_MT_KIB);
}

/* What the options count and name besides fcrypt_opts. */
typedef struct opt_counts {
    int keys;        /* -p, --passphrase-file, -k */
    int kdf;         /* --kdf, --iter, --memory, --lanes */
    const char *kdf_name;
} opt_counts;

/* The options that only set a flag or take a value as it is; 1 if id was
 * one of them. */
static int take_simple(fcrypt_opts *o, int id, const char *val, opt_counts *n)
{
    switch (id) {
    case O_PASS: o->passphrase = 1, n->keys++; return 1;
    case O_PASSFILE: o->pass_file = val, n->keys++; return 1;
    case O_KEY: o->key_file = val, n->keys++; return 1;
    case O_KDF: n->kdf_name = val, n->kdf++; return 1;
    case O_ARMOR: o->armor = 1; return 1;
    case O_OUT: o->out_path = val; return 1;
    case O_FORCE: o->force = 1; return 1;
    case O_NOPROG: o->progress = 0; return 1;
    default: return 0;
    }
}

/* -r, -R, -i and the testing-only fixed keys; CLI_OK or CLI_USAGE. */
static int take_keys(fcrypt_opts *o, int id, const char *val)
{
    size_t slen = 0;
    switch (id) {
    case O_RECIP:
        if (o->nrecip == RIJN_FILE_STANZAS_MAX) {
            cli_err("too many recipients (at most %d)", RIJN_FILE_STANZAS_MAX);
            return CLI_USAGE;
        }
        if (frecip_parse_recipient(val, strlen(val), o->recip[o->nrecip], "-r") != 0)
            return CLI_USAGE;
        o->nrecip++;
        return CLI_OK;
    case O_RECIPFILE:
        return frecip_key_lines(val, 0, o->recip, RIJN_FILE_STANZAS_MAX, &o->nrecip) != 0
                   ? CLI_USAGE : CLI_OK;
    case O_IDENT:
        return frecip_key_lines(val, 1, o->ident, RIJN_FILE_STANZAS_MAX, &o->nident) != 0
                   ? CLI_USAGE : CLI_OK;
    default: /* O_FKEY, O_EPH */
        if (cli_parse_hex(val, id == O_FKEY ? o->fixed_key : o->fixed_eph, 32, &slen) != 0 ||
            slen != 32) {
            cli_err("--%s needs 64 hex digits", id == O_FKEY ? "file-key-hex" : "ephemeral-hex");
            return CLI_USAGE;
        }
        o->fixed_given |= id == O_FKEY ? 1 : 2;
        return CLI_OK;
    }
}

/* --chunk-size N; CLI_OK or CLI_USAGE. */
static int parse_chunk(const char *val, uint32_t *chunk_size)
{
    if (parse_u32(val, "chunk size", 1, chunk_size) != 0)
        return CLI_USAGE;
    if (*chunk_size < RIJN_FILE_CHUNK_MIN || *chunk_size > RIJN_FILE_CHUNK_MAX) {
        cli_err("the chunk size must be 256 .. 16M bytes");
        return CLI_USAGE;
    }
    return CLI_OK;
}

/* The file parameters: --aead, --chunk-size, --iter, --memory, --lanes,
 * --salt-hex; CLI_OK or CLI_USAGE. */
static int take_param(fcrypt_opts *o, int id, const char *val, opt_counts *n)
{
    rijn_file_params *p = &o->params;
    size_t slen = 0;
    uint32_t v;
    switch (id) {
    case O_AEAD: return parse_aead(val, &p->aead) != 0 ? CLI_USAGE : CLI_OK;
    case O_CHUNK: return parse_chunk(val, &p->chunk_size);
    case O_ITER:
        if (parse_u32(val, "iteration count", 0, &v) != 0)
            return CLI_USAGE;
        p->iterations = p->argon2_t = v, n->kdf++;
        return CLI_OK;
    case O_MEM:
        if (parse_u32(val, "memory size", 1, &p->argon2_m) != 0)
            return CLI_USAGE;
        n->kdf++;
        return CLI_OK;
    case O_LANES:
        if (parse_u32(val, "lane count", 0, &v) != 0)
            return CLI_USAGE; /* said why */
        if (v > 255) {
            cli_err("the lane count must be 1 .. 255");
            return CLI_USAGE;
        }
        p->argon2_lanes = (uint8_t)v, n->kdf++;
        return CLI_OK;
    default: /* O_SALT */
        if (cli_parse_hex(val, p->salt, sizeof p->salt, &slen) != 0 || slen != 32) {
            cli_err("--salt-hex needs 64 hex digits");
            return CLI_USAGE;
        }
        o->salt_given = 1;
        return CLI_OK;
    }
}

/* One option (not -1 or help); CLI_OK or CLI_USAGE after a message. */
static int take_opt(fcrypt_opts *o, int id, const char *val, opt_counts *n)
{
    if (take_simple(o, id, val, n))
        return CLI_OK;
    switch (id) {
    case O_RECIP:
    case O_RECIPFILE:
    case O_IDENT:
    case O_FKEY:
    case O_EPH: return take_keys(o, id, val);
    case O_AEAD:
    case O_CHUNK:
    case O_ITER:
    case O_MEM:
    case O_LANES:
    case O_SALT: return take_param(o, id, val, n);
    default:
        if (o->in_path != NULL) {
            cli_err("give one input file only (got '%s' and '%s')", o->in_path, val);
            return CLI_USAGE;
        }
        o->in_path = val;
        return CLI_OK;
    }
}

/* The key options that do not go together; CLI_OK or CLI_USAGE. */
static int check_keys(const fcrypt_opts *o, const opt_counts *n)
{
    if (n->keys > 1 && (o->passphrase + (o->pass_file != NULL) > 1 || o->nrecip + o->nident == 0)) {
        cli_err(o->nrecip + o->nident == 0
                    ? "give only one of -p, --passphrase-file and -k (or add -r recipients: "
                      "each becomes a stanza of a version 2 file)"
                    : "give only one of -p and --passphrase-file");
        return CLI_USAGE;
    }
    if (o->fixed_given != 0 && o->fixed_given != 3) {
        cli_err("--file-key-hex and --ephemeral-hex go together (testing only)");
        return CLI_USAGE;
    }
    return CLI_OK;
}

/* Encryption's key source: the key file, or the KDF --kdf names (Argon2id
 * when available by default); CLI_OK or CLI_USAGE. */
static int key_source(fcrypt_opts *o, const opt_counts *n)
{
    rijn_file_params *p = &o->params;
    const char *kdf = n->kdf_name;
    if (o->key_file != NULL && n->kdf > 0 && o->nrecip == 0) {
        cli_err("--kdf, --iter, --memory and --lanes apply to passphrases, not key files");
        return CLI_USAGE;
    }
    if (o->key_file != NULL && !o->passphrase && o->pass_file == NULL) {
        p->key_source = RIJN_FILE_KEY_RAW;
    } else if (kdf == NULL) {
        p->key_source = rijn_file_kdf_available(RIJN_FILE_KEY_ARGON2ID) ? RIJN_FILE_KEY_ARGON2ID
                                                                        : RIJN_FILE_KEY_PBKDF2;
    } else if (strcmp(kdf, "pbkdf2") == 0) {
        p->key_source = RIJN_FILE_KEY_PBKDF2;
    } else if (strcmp(kdf, "argon2id") == 0) {
        if (!rijn_file_kdf_available(RIJN_FILE_KEY_ARGON2ID)) {
            cli_err("argon2id is not available in this build of rijn (use --kdf pbkdf2)");
            return CLI_USAGE;
        }
        p->key_source = RIJN_FILE_KEY_ARGON2ID;
    } else {
        cli_err("unknown KDF '%s' (argon2id, pbkdf2)", kdf);
        return CLI_USAGE;
    }
    return CLI_OK;
}

static int run(int argc, char **argv, int enc)
{
    cli_args a;
    fcrypt_opts o;
    opt_counts n = {0, 0, NULL};
    int id, rc;

    if (age_claims(argc, argv, enc)) /* --format age, -i, age input */
        return age_run(argc, argv, enc);
    if (fmt_claims(argc, argv, enc)) /* --format openssl|mbedtls, "Salted__" input */
        return fmt_run(argc, argv, enc);
    memset(&o, 0, sizeof o);
    o.progress = 1;
    rijn_file_params_init(&o.params);
    cli_args_init(&a, argc, argv);
    while ((id = cli_next(&a, enc ? enc_opts : dec_opts)) != 0) {
        if (id == -1)
            return CLI_USAGE;
        if (id == O_HELP) {
            if (enc)
                fcrypt_enc_help();
            else
                fcrypt_dec_help();
            return CLI_OK;
        }
        if ((rc = take_opt(&o, id, a.val, &n)) != CLI_OK)
            return rc;
    }
    if ((rc = check_keys(&o, &n)) != CLI_OK)
        return rc;
    if (!enc)
        return fcrypt_decrypt(&o);
    if ((rc = key_source(&o, &n)) != CLI_OK)
        return rc;
    if (rijn_file_params_check(&o.params) != RIJN_OK) {
        cli_err("invalid KDF parameters (Argon2id needs memory >= 8 KiB per lane)");
        return CLI_USAGE;
    }
    warn_weak(&o.params);
    return fcrypt_encrypt(&o);
}

static int run_enc(int argc, char **argv) { return run(argc, argv, 1); }
static int run_dec(int argc, char **argv) { return run(argc, argv, 0); }

const cli_command cli_cmd_encrypt = {"encrypt", "encrypt a file or stream (rijn format, "
                                                "passphrase or key file)", run_enc};
const cli_command cli_cmd_decrypt = {"decrypt", "decrypt a rijn file or stream (binary or "
                                                "armored)", run_dec};
