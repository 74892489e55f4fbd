/*
 * file_io.h -- input and output for `rijn encrypt`, `rijn decrypt` and
 * `rijn keygen`: streaming reads (with ASCII-armor decoding), safe
 * output files, passphrases, key files, randomness and the progress bar.
 *
 * Safe output ("nothing lost, nothing leaked"):
 *   - a named output is written to a temporary file in the target's
 *     directory, fsync'ed, and only then given its name; on Linux the
 *     temporary file is unnamed (O_TMPFILE) until that moment, so a
 *     process killed even with SIGKILL leaves nothing behind. Where
 *     O_TMPFILE is missing it is ".<name>.rijn-tmp-XXXXXX" next to the
 *     target, removed on every failure and on SIGINT/SIGTERM/SIGHUP/
 *     SIGQUIT; only SIGKILL or a crash can leave one. The next rijn run
 *     that writes a file into that directory names each such file on
 *     stderr (never deleting it; a run still in progress holds a lock on
 *     its own and is not reported); delete them by hand:
 *     `rm .*.rijn-tmp-*`.
 *   - an existing output is replaced only with --force; without it the
 *     name is taken with link(2), which fails rather than overwrite a
 *     file that appeared meanwhile. With --force the new file is renamed
 *     over the old one (atomic: the old content stays until then).
 *   - the input and the output must not be the same file (st_dev/st_ino;
 *     also for stdin/stdout redirections).
 *   - an output that exists and is not a regular file (/dev/null, a
 *     FIFO, a terminal) is written directly, like stdout.
 * Every function that can fail prints one line (cli_err) and returns a
 * CLI_* exit code (0, 1 = operation failed, 2 = usage).
 */
#ifndef RIJN_CLI_FILE_IO_H
#define RIJN_CLI_FILE_IO_H

#include <stddef.h>
#include <stdint.h>
#include <pthread.h>
#include <sys/types.h>

#include "util.h"

#define FIO_BUF 65536
#define FIO_PATH 4096

/* ---- input ------------------------------------------------------------ */
typedef struct fio_in {
    int fd;
    const char *name;     /* for messages ("stdin" or the path)          */
    const char *label;    /* armor label, NULL = "RIJN ENCRYPTED FILE"   */
    uint64_t size;        /* size of a regular file, else 0               */
    uint64_t consumed;    /* raw bytes read so far                        */
    size_t rpos, rlen;
    int eof;
    /* armor decoding */
    int armor;            /* 1 if the input is armored                    */
    int armor_state;      /* 0 body, 1 after END                          */
    int pad_seen;
    unsigned long line;
    char quad[4];
    size_t nquad;
    uint8_t dbuf[128];    /* decoded bytes not yet returned               */
    size_t dpos, dlen;
    /* last: fio_in_open clears everything before it (a second open of the
     * same struct, as the fuzz harnesses do, must not inherit state) */
    uint8_t rbuf[FIO_BUF];/* raw read buffer                              */
} fio_in;

/* Open path (NULL or "-" = stdin). */
int fio_in_open(fio_in *in, const char *path);
/* Look at the start of the input: armored (1) or binary (0); sets
 * in->armor and consumes the BEGIN line. CLI_OK or an error code. */
int fio_in_detect_armor(fio_in *in);
/* Read up to n bytes, fewer only at the end: *got bytes. CLI_OK / CLI_FAIL. */
int fio_in_read(fio_in *in, uint8_t *buf, size_t n, size_t *got);
/* A pipe or FIFO fd (else nothing): its buffer grown to FIO_PIPE_BYTES if
 * it is smaller and the system lets it (file_input.c). */
#define FIO_PIPE_BYTES (1 << 20)
void fio_pipe_grow(int fd);
void fio_in_close(fio_in *in);

/* Raw buffered read (file_input.c) and armor decoding (file_armor.c). */
int fio_raw_fill(fio_in *in);
int fio_armor_read(fio_in *in, uint8_t *buf, size_t n, size_t *got);

/* ---- output ----------------------------------------------------------- */
enum { FIO_STDOUT = 0, FIO_DIRECT, FIO_TMPFILE, FIO_NAMED };

typedef struct fio_out {
    int fd;
    int kind;
    int force;
    const char *label;    /* armor label, NULL = "RIJN ENCRYPTED FILE"   */
    mode_t mode;
    char path[FIO_PATH];  /* the target                                  */
    char dir[FIO_PATH];   /* its directory                               */
    char tmp[FIO_PATH];   /* FIO_NAMED: the temporary file               */
    int armor;
    uint8_t apend[48];    /* armor: bytes waiting for a full line        */
    size_t napend;
    uint8_t obuf[FIO_BUF];/* write buffer                                */
    size_t olen;
    uint64_t written;
} fio_out;

/* Check the target (NULL or "-" = stdout) before any work: exists
 * without force, is a directory, is the input (in may be NULL), or
 * stdout is a terminal while refuse_tty. No file is created yet. */
int fio_out_check(fio_out *o, const char *path, int force, const fio_in *in,
                  int refuse_tty, const char *tty_hint);
/* fio_in_open(in, in_path), then fio_out_check(out, out_path, force, in)
 * for binary ciphertext: a terminal is refused unless armor > 0 (the
 * hint names --armor; armor < 0: the format has no armor). CLI_OK or the
 * first failure (file_input.c). */
int fio_open_seal(fio_in *in, fio_out *out, const char *in_path, const char *out_path,
                  int force, int armor);
/* The same for decryption: any output, a terminal too. */
int fio_open_unseal(fio_in *in, fio_out *out, const char *in_path, const char *out_path,
                    int force);
/* Create the temporary file (mode applies to the final file); armor
 * writes "-----BEGIN <o->label>-----" (set the label after the check). */
int fio_out_begin(fio_out *o, mode_t mode, int armor);
int fio_out_write(fio_out *o, const uint8_t *p, size_t n);
/* iov[0..cnt) in order, as fio_out_write of each would; a whole buffer's
 * worth or more in one writev (the iovecs are advanced on a short write). */
struct iovec;
int fio_out_writev(fio_out *o, struct iovec *iov, int cnt);
/* Raw output below the armor (file_io.c): the bytes as they are, through
 * the write buffer; n <= FIO_BUF bytes of room at the buffer's end
 * (flushed first if needed; the caller fills them and adds them to
 * o->olen), NULL if the flush failed. */
int fio_out_put(fio_out *o, const uint8_t *p, size_t n);
uint8_t *fio_out_room(fio_out *o, size_t n);
/* Armor (file_armor.c): "-----<what> <o->label>-----\n"; data as lines
 * of 64 Base64 characters (also the legacy formats' -a, fmt_stream.c);
 * the last, shorter line; that and the END line. */
int fio_armor_edge(fio_out *o, const char *what);
int fio_armor_write(fio_out *o, const uint8_t *p, size_t n);
int fio_armor_last(fio_out *o);
int fio_armor_end(fio_out *o);
/* p[0..n) as armor lines into dst (room: 65 bytes a line of 48 bytes or
 * less, and 1): the length, 0 on failure. */
size_t fio_armor_encode(char *dst, const uint8_t *p, size_t n);
/* Flush; for files: fsync, give the name, fsync the directory. */
int fio_out_commit(fio_out *o);
/* Remove the temporary file (safe to call more than once). */
void fio_out_abort(fio_out *o);
/* file_stale.c: warn on stderr about each ".*.rijn-tmp-*" in dir that no
 * live run holds (never deletes); lock our own temporary file (flock). */
void fio_report_stale(const char *dir);
int fio_lock_tmp(int fd);

/* ---- reading on a thread (file_pipe.c) ------------------------------- */
/* The input read ahead by a thread, handed out in pieces of `piece` bytes
 * (the last one shorter or empty) without a copy; `what` names the work
 * in the progress bar (NULL: none). Between start and stop only the pipe
 * reads `in`. */
typedef struct fpipe fpipe;
int fpipe_start(fpipe **p, fio_in *in, size_t piece, const char *what);
/* Next piece: *data, *n bytes (valid until the next call), *last = 1 when
 * no input follows it. CLI_FAIL if the read failed (message printed). */
int fpipe_next(fpipe *p, const uint8_t **data, size_t *n, int *last);
/* Stop the reader (also when it waits for input), wipe and free; p may be
 * NULL. */
void fpipe_stop(fpipe *p);

/* ---- progress --------------------------------------------------------- */
/* Enable the bar if stderr is a terminal (call once). */
void fio_progress_init(int enable);
void fio_progress(const fio_in *in, const char *what);
void fio_progress_done(void);

/* ---- secrets (file_secret.c) ----------------------------------------- */
#define FIO_PASS_MAX 1024
/* Passphrase from /dev/tty without echo; twice if confirm. *len bytes. */
int fio_pass_tty(uint8_t *pass, size_t *len, int confirm);
/* First line of a file (without "\n" / "\r\n"). */
int fio_pass_file(const char *path, uint8_t *pass, size_t *len);
/* Key file: 64 hex digits (white space around ignored) or 32 raw bytes. */
int fio_key_file(const char *path, uint8_t key[32]);
/* n random bytes from getrandom() or /dev/urandom. */
int fio_random(uint8_t *p, size_t n);

/* ---- the encrypt / decrypt engines (file_crypt.c) -------------------- */
#include "rijn/file.h"
#include "rijn/file_recipients.h"

typedef struct fcrypt_opts {
    const char *in_path, *out_path;  /* NULL = stdin / stdout            */
    const char *pass_file, *key_file;
    int passphrase;                  /* -p given                         */
    int force, armor, progress;
    int salt_given;                  /* params.salt set (tests only)     */
    rijn_file_params params;         /* encrypt: aead, chunk size, KDF   */
    /* version 2 (file_recip.c): X25519 recipients / identities */
    size_t nrecip, nident;
    uint8_t recip[RIJN_FILE_STANZAS_MAX][32];
    uint8_t ident[RIJN_FILE_STANZAS_MAX][32];
    int fixed_given;                 /* tests only: file key, ephemeral  */
    uint8_t fixed_key[32], fixed_eph[32];
} fcrypt_opts;

/* Decrypt refuses headers asking for more than the file layer's reader
 * limits (rijn/file.h). */
#define FCRYPT_MAX_ITER     RIJN_FILE_READ_MAX_PBKDF2_ITER
#define FCRYPT_MAX_ARGON2_T RIJN_FILE_READ_MAX_ARGON2_T
#define FCRYPT_MAX_ARGON2_M RIJN_FILE_READ_MAX_ARGON2_M

int fcrypt_encrypt(fcrypt_opts *o);
int fcrypt_decrypt(fcrypt_opts *o);
/* The help screens of rijn encrypt / rijn decrypt (encrypt_help.c). */
void fcrypt_enc_help(void);
void fcrypt_dec_help(void);
/* Master key for p's key source: the key file (-k) or the passphrase
 * (file or terminal, asked twice if confirm) through p's KDF. */
int fcrypt_get_master(const fcrypt_opts *o, const rijn_file_params *p, int confirm,
                      uint8_t master[32]);

/* Version 2 (file_recip.c): the header after its first 15 bytes h[0..got)
 * (p set); the file key from the stanzas with the identities, key file or
 * passphrase of o (a line says which stanza matched, or why none did);
 * the writer's header with a stanza per recipient, plus passphrase and
 * key-file stanzas when given, ctx keyed for sealing. CLI_* codes. */
int frecip_read_header(fio_in *in, uint8_t *h, size_t got, rijn_file_params *p);
int frecip_unwrap(const fcrypt_opts *o, const uint8_t *h, const rijn_file_params *p,
                  uint8_t file_key[32]);
int frecip_seal_init(fcrypt_opts *o, rijn_file_ctx *ctx, uint8_t *h, size_t size, size_t *hl);
/* An "age1..." recipient s[0..n) (where: for the message). */
int frecip_parse_recipient(const char *s, size_t n, uint8_t out[32], const char *where);
/* Keys from a recipients file (ident 0: age1... lines) or an identity
 * file (ident 1: AGE-SECRET-KEY-1... lines), '#' comments and empty lines
 * skipped, appended to keys[*n..max). */
int frecip_key_lines(const char *path, int ident, uint8_t (*keys)[32], size_t max, size_t *n);

/* The chunk loops, shared with the age format (age_crypt.c; sealing in
 * file_par.c, on every core for a regular file; opening read ahead on a
 * thread, fcrypt_open_payload opens a regular file with fpar_open): seal
 * the input into out with ctx (keyed for sealing) / open the rest of the
 * input with ctx (keyed for opening): one line on failure, which says
 * which chunk failed and whether the input is truncated. CLI_* code. */
int fcrypt_seal_chunks(fio_in *in, fio_out *out, rijn_file_ctx *ctx);
int fcrypt_open_chunks(fio_in *in, fio_out *out, rijn_file_ctx *ctx);
/* A keyed ctx's payload from in to out (created with the umask's mode,
 * committed when every chunk verified; on a failure a stream output keeps
 * the chunks that verified, a file output is removed). rijn and age. */
int fcrypt_open_payload(fio_in *in, fio_out *out, rijn_file_ctx *ctx);

/* ---- a regular file on every core (file_par.c, file_pdec.c) --------- */
/* Workers each take slot j, read it at its offset (pieces of `piece`
 * input bytes placed every `stride` bytes of the slot), work on it, and
 * at their turn (slots in order, one at a time) emit it. */
#define FPAR_IOV 16 /* iovecs per preadv / writev: POSIX's smallest IOV_MAX */
typedef struct fpar_slot {
    uint8_t *buf;          /* k * stride bytes                             */
    uint8_t *spare;        /* `spare` bytes after them (fpar_go)           */
    size_t in, out;        /* input bytes read; bytes to write             */
    size_t done;           /* decryption: pieces opened                    */
    int r;                 /* decryption: why piece `done` failed, RIJN_OK */
    size_t head, tail, alen; /* armor: buf[head..tail) as alen bytes of
                              * lines in spare                             */
} fpar_slot;
typedef struct fpar fpar;
struct fpar {
    fio_in *in;
    fio_out *out;
    const rijn_file_ctx *ctx;
    const char *what;                    /* for the progress bar          */
    int (*work)(fpar *p, fpar_slot *s, uint64_t j); /* read, seal / open  */
    int (*emit)(fpar *p, fpar_slot *s, uint64_t j); /* NULL: write s->out */
    uint64_t base, size;                 /* the input: offset, length     */
    uint64_t npieces, nslots;
    uint64_t phase;                      /* armor: bytes of a line pending */
    size_t piece, stride, k;             /* piece, its place, per slot    */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    uint64_t next_claim, next_write;
    int failed;
};
/* p for the input from base to its end in pieces of `piece` bytes placed
 * every `stride` bytes of a slot (k: about 1 MiB of pieces, at least one);
 * the caller sets what, work and emit. */
void fpar_init(fpar *p, fio_in *in, fio_out *out, const rijn_file_ctx *ctx, uint64_t base,
               size_t piece, size_t stride);
/* Run the workers over p (fpar_init; spare: bytes per worker after its
 * slot). CLI_OK, or CLI_FAIL after one message. */
int fpar_go(fpar *p, size_t spare);
/* The len input bytes at input offset off into the piece places of buf;
 * a short file is "changed size" (fpar_changed). A failure sets
 * p->failed; only the run's first prints its line. */
int fpar_read(fpar *p, uint8_t *buf, uint64_t off, size_t len);
void fpar_changed(const fpar *p);
/* Decryption (file_pdec.c): a regular, not armored input whose payload
 * starts after the bytes read so far; the payload opened into out. */
int fpar_open_usable(const fio_in *in);
int fpar_open(fio_in *in, fio_out *out, const rijn_file_ctx *ctx);
/* The message of a chunk that did not open (file_crypt.c; trunc: a full
 * last piece that opens as a middle chunk, i.e. a truncated input). */
void fcrypt_chunk_failed(int r, int trunc, uint64_t idx, size_t len);

/* Signal-safe cleanup (restore the terminal, remove the temporary file). */
void fio_signals_install(void);
void fio_tty_saved(int fd, const void *termios_saved); /* NULL = none */

#endif /* RIJN_CLI_FILE_IO_H */
