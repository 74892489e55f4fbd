/*
 * util.h -- helpers shared by the rijn command-line tool: the command
 * table entry type, exit codes, error messages, a small option parser,
 * whole-file input/output, hex key parsing, raw/hex/Base64 forms and
 * implementation forcing.
 */
#ifndef RIJN_CLI_UTIL_H
#define RIJN_CLI_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "rijn.h"

/* Exit codes of every command. */
#define CLI_OK    0 /* success                                        */
#define CLI_FAIL  1 /* operation failed: bad padding, auth, self-test */
#define CLI_USAGE 2 /* usage error: bad option, missing argument      */

/* One command: run gets argc/argv with argv[0] = the command name. */
typedef struct cli_command {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv);
} cli_command;

/* Every command object (cli/commands.h lists them). */
#define CLI_COMMAND(name) extern const cli_command cli_cmd_##name;
#include "commands.h"
#undef CLI_COMMAND

/* The "rijn <command>" prefix used in messages (set by main). */
extern const char *cli_prog;

/* One-line message on stderr: "<cli_prog>: <message>\n". */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
void cli_err(const char *fmt, ...);

/* ---- option parsing ------------------------------------------------------
 * Options: "--name value", "--name=value", "-x value", "-xvalue"; "--"
 * ends the options. cli_next returns the id of the next option (value in
 * a->val for options taking one), CLI_POS for a positional argument
 * (in a->val; a lone "-" is positional), 0 at the end, or -1 after
 * printing a usage message. */
typedef struct cli_opt {
    const char *lng; /* long name without "--", or NULL */
    char shrt;       /* short letter, or 0              */
    int has_arg;
    int id;          /* > 0                             */
} cli_opt;

typedef struct cli_args {
    int argc;
    char **argv;
    int i;
    int no_more_opts;
    const char *val;
    const char *name; /* the option as written, for messages */
} cli_args;

#define CLI_POS 1000
void cli_args_init(cli_args *a, int argc, char **argv);
int cli_next(cli_args *a, const cli_opt *opts);

/* ---- buffers and files --------------------------------------------------- */
typedef struct cli_buf {
    uint8_t *p;
    size_t n;
} cli_buf;

/* Read a whole file ("-" = stdin). 0 on success, -1 after a message. */
int cli_read_file(const char *path, cli_buf *b);
/* Write n bytes to path (NULL or "-" = stdout). 0 / -1 after a message. */
int cli_write_file(const char *path, const uint8_t *p, size_t n);
/* Copy n bytes into a fresh buffer (exits on out-of-memory). */
void cli_buf_set(cli_buf *b, const void *p, size_t n);
/* Wipe and free. */
void cli_buf_free(cli_buf *b);
/* malloc that exits with a message on failure; never returns NULL. */
void *cli_alloc(size_t n);

/* Strict hex (no whitespace) into out[max]: 0 and *len, or -1. */
int cli_parse_hex(const char *hex, uint8_t *out, size_t max, size_t *len);
/* Hex string of n bytes (malloc'd, upper case if upper). */
char *cli_hex(const uint8_t *p, size_t n, int upper);

/* ---- data forms ----------------------------------------------------------- */
enum { CLI_FORM_RAW = 0, CLI_FORM_HEX = 1, CLI_FORM_BASE64 = 2 };
/* "raw", "hex", "base64" (or "b64"): 0, or -1 after a usage message. */
int cli_parse_form(const char *s, int *form);
/* Decode b in place from form. 0, or -1 after a message. */
int cli_decode_form(int form, cli_buf *b);
/* Encode p[n] into out: raw as is, hex as one line + "\n", Base64 in
 * 64-column lines each ending in "\n" (as openssl enc -base64). */
void cli_encode_form(int form, const uint8_t *p, size_t n, cli_buf *out);

/* ---- implementations ------------------------------------------------------ */
/* Force the AES implementation (NULL = leave the default). 0, or -1
 * after a usage message listing the choices. */
int cli_force_impl(const char *name);
/* --impl NAME of bench and selftest (only; NULL if not given): -1 to go
 * on when it is "auto" or a compiled-in class, else the exit status after
 * the message cli_force_impl prints. */
int cli_impl_known(const char *only);
/* 1 if --impl only (NULL: every class; "auto": the default def) selects p. */
int cli_impl_selected(const char *only, const rijn_aes_impl *p, const rijn_aes_impl *def);

/* ---- the data options of cipher, aead and mac ------------------------------ */
/* -i FILE | --in-string STR, -o FILE, --inform, --outform, --impl: put
 * CLI_IO_OPTIONS in the command's option table, give each parsed option to
 * cli_io_option, then read with cli_io_read and write with cli_io_write. */
enum { CLI_O_IN = 0x100, CLI_O_INSTR, CLI_O_OUT, CLI_O_INFORM, CLI_O_OUTFORM, CLI_O_IMPL };
#define CLI_IO_OPTIONS                                                                        \
    {"in", 'i', 1, CLI_O_IN}, {"in-string", 's', 1, CLI_O_INSTR}, {"out", 'o', 1, CLI_O_OUT}, \
        {"inform", 0, 1, CLI_O_INFORM}, {"outform", 0, 1, CLI_O_OUTFORM},                     \
        {"impl", 0, 1, CLI_O_IMPL}
typedef struct cli_io {
    const char *in_path, *in_str, *out_path, *impl;
    int inform, outform; /* CLI_FORM_*; set the defaults before parsing */
} cli_io;
/* 1 if id is one of the options above (stored), 0 if not, -1 after a
 * usage message (bad form). */
int cli_io_option(cli_io *io, int id, const char *val);
/* Check the options (one input at most; --impl), then read the input
 * (the string, the file, or stdin) and decode it from inform.
 * CLI_OK, or CLI_USAGE / CLI_FAIL after a message. */
int cli_io_read(const cli_io *io, cli_buf *in);
/* Encode p[n] in outform and write it to -o (stdout by default).
 * CLI_OK or CLI_FAIL after a message. */
int cli_io_write(const cli_io *io, const uint8_t *p, size_t n);

#endif /* RIJN_CLI_UTIL_H */
