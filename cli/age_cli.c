/*
 * age_cli.c -- options, help, recipients and identities of
 * `rijn encrypt --format age` and `rijn decrypt` of age files (see
 * age_cli.h).
 *
 * Implementation notes: age_claims scans the arguments without printing
 * anything; age_run parses with cli_next and checks combinations (usage
 * errors exit 2 before anything is read), then calls age_crypt.c.
 * Recipients are "age1..." strings (-r) or recipients files (-R: one per
 * line, '#' comments and empty lines ignored, as age reads them);
 * identities are age-keygen files (-i: "AGE-SECRET-KEY-1..." lines,
 * comments and empty lines ignored); both parsed by file_recip.c, shared
 * with the rijn format's version 2. Only X25519 keys: an ssh-* line is
 * reported as not supported. --scrypt-log-n sets the scrypt work factor when
 * writing (default 18, as age); decryption refuses more than 22 (age's
 * own limit) unless --max-scrypt-log-n raises it.
 */
#include "age_cli.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"

enum { O_PASS = 1, O_PASSFILE, O_RECIP, O_RECIPFILE, O_IDENT, O_ARMOR, O_OUT, O_FORCE,
       O_NOPROG, O_FORMAT, O_LOGN, O_MAXLOGN, O_HELP };

static const cli_opt age_opts_tab[] = {
    {"passphrase", 'p', 0, O_PASS},   {"passphrase-file", 0, 1, O_PASSFILE},
    {"recipient", 'r', 1, O_RECIP},   {"recipients-file", 'R', 1, O_RECIPFILE},
    {"identity", 'i', 1, O_IDENT},    {"armor", 'a', 0, O_ARMOR},
    {"output", 'o', 1, O_OUT},        {"force", 'f', 0, O_FORCE},
    {"no-progress", 0, 0, O_NOPROG},  {"format", 0, 1, O_FORMAT},
    {"scrypt-log-n", 0, 1, O_LOGN},   {"max-scrypt-log-n", 0, 1, O_MAXLOGN},
    {"help", 'h', 0, O_HELP},         {NULL, 0, 0, 0}};

static int takes_value(const char *s)
{
    static const char *const longs[] = {
        "passphrase-file", "key-file", "output", "format", "cipher", "md", "iter",
        "salt-hex", "iv-hex", "aead", "chunk-size", "kdf", "memory", "lanes", "recipient",
        "recipients-file", "identity", "scrypt-log-n", "max-scrypt-log-n", NULL};
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

static int looks_age(const char *path)
{
    static const char intro[] = "age-encryption.org/v1\n";
    static const char armor[] = "-----BEGIN " AGE_ARMOR_LABEL "-----";
    uint8_t head[256];
    size_t n = fmt_peek(path, head, sizeof head), i = 0;
    if (n >= sizeof intro - 1 && memcmp(head, intro, sizeof intro - 1) == 0)
        return 1;
    while (i < n && isspace(head[i]))
        i++;
    return n - i >= sizeof armor - 1 && memcmp(head + i, armor, sizeof armor - 1) == 0;
}

/* What option s (next: the argument after it, or NULL) says about the
 * format: 1 age, -1 not age (help), 0 nothing; *skip: 1 if s takes next
 * as its value. */
static int claim_opt(const char *s, const char *next, int *skip)
{
    *skip = 0;
    if (strcmp(s, "--format=age") == 0)
        return 1;
    if (strcmp(s, "--format") == 0) {
        *skip = 1;
        return next != NULL && strcmp(next, "age") == 0;
    }
    if (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0)
        return -1;
    *skip = takes_value(s);
    return 0;
}

int age_claims(int argc, char **argv, int enc)
{
    const char *in = NULL;
    int i, nomore = 0, c, skip;
    for (i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (nomore || s[0] != '-' || s[1] == '\0') {
            in = s;
        } else if (strcmp(s, "--") == 0) {
            nomore = 1;
        } else {
            if ((c = claim_opt(s, i + 1 < argc ? argv[i + 1] : NULL, &skip)) != 0)
                return c > 0;
            i += skip;
        }
    }
    return !enc && looks_age(in);
}

static void help(int enc)
{
    if (enc)
        printf("usage: rijn encrypt --format age (-r age1... | -R FILE)... [--armor]\n"
               "                    [-o OUT] [--force] [IN]\n"
               "       rijn encrypt --format age (-p | --passphrase-file F)\n"
               "                    [--scrypt-log-n N] [--armor] [-o OUT] [--force] [IN]\n\n"
               "Encrypt IN (default stdin) into the age format v1\n"
               "(https://age-encryption.org/v1), readable by `age -d`: a random file\n"
               "key wrapped for each X25519 recipient, or for one passphrase with\n"
               "scrypt; the payload in ChaCha20-Poly1305 chunks of 64 KiB.\n\n"
               "  -r, --recipient KEY      an age1... public key (age-keygen -y), repeatable\n"
               "  -R, --recipients-file F  one age1... key per line ('#' comments)\n"
               "  -p, --passphrase         a passphrase (asked twice on the terminal)\n"
               "      --passphrase-file F  the passphrase is the first line of F\n"
               "      --scrypt-log-n N     scrypt work factor (default 18: 256 MiB; age\n"
               "                           reads up to 22)\n"
               "  -a, --armor              PEM text (BEGIN AGE ENCRYPTED FILE)\n");
    else
        printf("usage: rijn decrypt [-i IDENTITY_FILE]... [-p | --passphrase-file F]\n"
               "                    [-o OUT] [--force] [IN]\n\n"
               "Decrypt an age v1 file (binary or armored), recognised by itself:\n"
               "X25519 recipients with identities from age-keygen files (-i), or a\n"
               "passphrase (scrypt; asked on the terminal when neither -i nor\n"
               "--passphrase-file is given). Nothing unauthenticated is written, as\n"
               "for rijn files (see `rijn decrypt --help`).\n\n"
               "  -i, --identity F         an age-keygen file (AGE-SECRET-KEY-1... lines),\n"
               "                           repeatable\n"
               "  -p, --passphrase         ask for the passphrase on the terminal\n"
               "      --passphrase-file F  the passphrase is the first line of F\n"
               "      --max-scrypt-log-n N refuse a scrypt work factor above N (default 22)\n");
    printf("  -o, --output F           write F (default stdout), safely (temporary\n"
           "                           file, renamed when complete)\n"
           "  -f, --force              replace an existing output\n"
           "      --no-progress        no progress bar\n\n"
           "exit status: 0 ok, 1 failed (no identity matched, wrong passphrase,\n"
           "damaged or truncated file), 2 usage error.\n");
}

static int parse_log_n(const char *s, unsigned *v)
{
    char *end;
    unsigned long x = strtoul(s, &end, 10);
    if (s[0] < '0' || s[0] > '9' || *end != '\0' || x < 1 || x > 40) {
        cli_err("invalid scrypt work factor '%s' (1 .. 40)", s);
        return -1;
    }
    *v = (unsigned)x;
    return 0;
}

/* 1 after a message if option id belongs to the other direction. */
static int wrong_side(int id, int enc, const char *name)
{
    int enc_only = id == O_RECIP || id == O_RECIPFILE || id == O_ARMOR || id == O_LOGN;
    int dec_only = id == O_IDENT || id == O_MAXLOGN;
    if (id <= 0 || id == CLI_POS || !(enc ? dec_only : enc_only))
        return 0;
    cli_err("%s is an option of `rijn %s`", name, enc ? "decrypt" : "encrypt");
    return 1;
}

/* -r KEY */
static int add_recipient(age_opts *o, const char *val)
{
    int rc;
    if (o->nrecip == AGE_MAX_KEYS) {
        cli_err("too many recipients (at most %d)", AGE_MAX_KEYS);
        return CLI_USAGE;
    }
    if ((rc = frecip_parse_recipient(val, strlen(val), o->recip[o->nrecip], "-r")) == CLI_OK)
        o->nrecip++;
    return rc;
}

/* The options that only set a flag or take a value as it is; 1 if id was
 * one of them. */
static int take_simple(age_opts *o, int id, const char *val, int *npass)
{
    switch (id) {
    case O_PASS: o->passphrase = 1, (*npass)++; return 1;
    case O_PASSFILE: o->pass_file = val, (*npass)++; return 1;
    case O_ARMOR: o->armor = 1; return 1;
    case O_OUT: o->out_path = val; return 1;
    case O_FORCE: o->force = 1; return 1;
    case O_NOPROG: o->progress = 0; return 1;
    default: return 0;
    }
}

/* One option (not -1 or help) into o; CLI_OK or an exit status. */
static int take_opt(age_opts *o, int id, const char *val, int *npass)
{
    if (take_simple(o, id, val, npass))
        return CLI_OK;
    switch (id) {
    case O_RECIP: return add_recipient(o, val);
    case O_RECIPFILE: return frecip_key_lines(val, 0, o->recip, AGE_MAX_KEYS, &o->nrecip);
    case O_IDENT: return frecip_key_lines(val, 1, o->ident, AGE_MAX_KEYS, &o->nident);
    case O_FORMAT:
        if (strcmp(val, "age") == 0)
            return CLI_OK;
        cli_err("--format %s cannot be combined with age options", val);
        return CLI_USAGE;
    case O_LOGN: return parse_log_n(val, &o->log_n) ? CLI_USAGE : CLI_OK;
    case O_MAXLOGN: return parse_log_n(val, &o->max_log_n) ? CLI_USAGE : CLI_OK;
    default:
        if (o->in_path != NULL) {
            cli_err("give one input file only (got '%s' and '%s')", o->in_path, val);
            return CLI_USAGE;
        }
        o->in_path = val;
        return CLI_OK;
    }
}

/* The keys given fit the direction; CLI_OK or CLI_USAGE after a message. */
static int check_keys(const age_opts *o, int enc, int npass)
{
    const char *bad = NULL;
    if (npass > 1)
        bad = "give only one of -p and --passphrase-file";
    else if (enc && npass > 0 && o->nrecip > 0)
        bad = "a passphrase cannot be combined with recipients (age allows the scrypt "
              "recipient only alone)";
    else if (enc && npass == 0 && o->nrecip == 0)
        bad = "give -r age1..., -R FILE, -p or --passphrase-file";
    else if (!enc && npass > 0 && o->nident > 0)
        bad = "give identities (-i) or a passphrase, not both";
    if (bad == NULL)
        return CLI_OK;
    cli_err("%s", bad);
    return CLI_USAGE;
}

int age_run(int argc, char **argv, int enc)
{
    static age_opts o;
    cli_args a;
    int id, rc = CLI_OK, npass = 0;
    memset(&o, 0, sizeof o);
    o.enc = enc;
    o.progress = 1;
    o.log_n = RIJN_AGE_SCRYPT_LOG_N_DEFAULT;
    o.max_log_n = AGE_MAX_LOG_N;
    cli_args_init(&a, argc, argv);
    while (rc == CLI_OK && (id = cli_next(&a, age_opts_tab)) != 0) {
        if (id == O_HELP) {
            help(enc);
            goto out;
        }
        rc = id == -1 || wrong_side(id, enc, a.name) ? CLI_USAGE : take_opt(&o, id, a.val, &npass);
    }
    if (rc == CLI_OK && (rc = check_keys(&o, enc, npass)) == CLI_OK)
        rc = enc ? age_encrypt(&o) : age_decrypt(&o);
out:
    rijn_wipe(&o, sizeof o);
    return rc;
}
