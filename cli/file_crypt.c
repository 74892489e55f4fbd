/*
 * file_crypt.c -- the engines of `rijn encrypt` and `rijn decrypt`: the
 * rijn file format (rijn/file.h) driven chunk by chunk between fio_in
 * and fio_out (file_io.h).
 *
 * Implementation notes: the chunk loop of encryption is in file_par.c;
 * decryption reads on a thread (file_pipe.c), which tells the last chunk
 * without knowing the size, so pipes work. Order of work: open the input, check the output (exists,
 * same file, terminal), read the header (decrypt), get the key or
 * passphrase, derive, then stream; nothing is created before the key is
 * known. Decryption writes a chunk only after it verified; to a file it
 * names the output only after the last chunk verified (otherwise the
 * temporary file is removed); to stdout it exits 1 with the chunk that
 * failed. When the input ends on a full chunk that fails as the last
 * one, a copy of the context tries it as a middle chunk, to tell
 * "truncated" from "corrupted" in the message.
 */
#include "file_io.h"
#include "fmt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Output that cannot be held back (stdout, a device, a FIFO). */
#define STREAMING(o) ((o)->kind == FIO_STDOUT || (o)->kind == FIO_DIRECT)

static const char *aead_name(unsigned id)
{
    return id == 1 ? "AES-256-GCM" : id == 2 ? "ChaCha20-Poly1305"
                                    : id == 3 ? "Ascon-AEAD128" : "?";
}

static const char *kdf_name(unsigned id)
{
    return id == 1 ? "a key file" : id == 2 ? "a passphrase (PBKDF2)"
                                  : id == 3 ? "a passphrase (Argon2id)" : "?";
}

/* Master key from the passphrase with p's KDF. */
static int derive(const rijn_file_params *p, const uint8_t *pass, size_t plen,
                  uint8_t master[32])
{
    size_t ws = rijn_file_argon2_work_size(p);
    void *work = NULL;
    int r;
    if (p->key_source == RIJN_FILE_KEY_ARGON2ID) {
        if (ws == 0) {
            cli_err("Argon2id is not available in this build of rijn");
            return CLI_FAIL;
        }
        work = malloc(ws);
        if (work == NULL) {
            cli_err("cannot allocate %zu MiB for Argon2id", ws >> 20);
            return CLI_FAIL;
        }
    }
    r = rijn_file_master_key(master, p, pass, plen, work, ws);
    if (work != NULL) {
        rijn_wipe(work, ws);
        free(work);
    }
    if (r != RIJN_OK) {
        cli_err("key derivation failed: %s", rijn_strerror(r));
        return CLI_FAIL;
    }
    return CLI_OK;
}

/* The key: a key file, or a passphrase then the KDF. */
int fcrypt_get_master(const fcrypt_opts *o, const rijn_file_params *p, int confirm,
                      uint8_t master[32])
{
    uint8_t pass[FIO_PASS_MAX];
    size_t plen = 0;
    int rc;
    if (p->key_source == RIJN_FILE_KEY_RAW)
        return fio_key_file(o->key_file, master);
    rc = o->pass_file != NULL ? fio_pass_file(o->pass_file, pass, &plen)
                              : fio_pass_tty(pass, &plen, confirm);
    if (rc == CLI_OK && confirm && plen == 0) {
        cli_err("empty passphrase refused");
        rc = CLI_USAGE;
    }
    if (rc == CLI_OK)
        rc = derive(p, pass, plen, master);
    rijn_wipe(pass, sizeof pass);
    return rc;
}

/* Open the input, check the output, draw the salt, get the master key
 * (not with recipients). */
static int prepare_seal(fcrypt_opts *o, fio_in *in, fio_out *out, uint8_t master[32])
{
    rijn_file_params *p = &o->params;
    int rc = fio_open_seal(in, out, o->in_path, o->out_path, o->force, o->armor);
    if (rc == CLI_OK && !o->salt_given)
        rc = fio_random(p->salt, sizeof p->salt);
    if (rc == CLI_OK && o->nrecip == 0)
        rc = fcrypt_get_master(o, p, 1, master);
    return rc;
}

/* The header (hl bytes) and ctx for version 1 (master) or 2 (recipients). */
static int start_seal(fcrypt_opts *o, rijn_file_ctx *ctx, uint8_t *header, size_t cap,
                      size_t *hl, const uint8_t master[32])
{
    int r;
    if (o->nrecip > 0) /* version 2: recipients (file_recip.c) */
        return frecip_seal_init(o, ctx, header, cap, hl);
    r = rijn_file_seal_init(ctx, header, cap, hl, &o->params, master);
    if (r == RIJN_OK)
        return CLI_OK;
    cli_err("cannot start encryption: %s", rijn_strerror(r));
    return r == RIJN_ERR_UNSUPPORTED ? CLI_USAGE : CLI_FAIL;
}

int fcrypt_encrypt(fcrypt_opts *o)
{
    static fio_in in;
    static fio_out out;
    rijn_file_ctx ctx;
    uint8_t master[32], header[RIJN_FILE_V2_HEADER_MAX];
    size_t hl = 0;
    int rc, begun = 0;

    memset(&ctx, 0, sizeof ctx);
    memset(master, 0, sizeof master);
    fio_signals_install();
    fio_progress_init(o->progress);
    rc = prepare_seal(o, &in, &out, master);
    if (rc == CLI_OK)
        rc = start_seal(o, &ctx, header, sizeof header, &hl, master);
    if (rc != CLI_OK)
        goto done;
    rc = fio_out_begin(&out, (mode_t)fmt_file_mode(), o->armor);
    begun = 1;
    if (rc == CLI_OK)
        rc = fio_out_write(&out, header, hl);
    if (rc == CLI_OK)
        rc = fcrypt_seal_chunks(&in, &out, &ctx);
    if (rc == CLI_OK)
        rc = fio_out_commit(&out);
done:
    if (rc != CLI_OK && begun)
        fio_out_abort(&out);
    rijn_file_wipe(&ctx);
    rijn_wipe(master, sizeof master);
    fio_in_close(&in);
    return rc;
}

/* The message for a header that rijn_file_header_parse refused with r
 * (got: the bytes read). */
static void header_error(const char *name, const uint8_t *h, size_t got, int r)
{
    if (got == 0)
        cli_err("%s is empty: not a rijn encrypted file", name);
    else if (r == RIJN_ERR_PARAM && memcmp(h, RIJN_FILE_MAGIC, got < 8 ? got : 8) != 0)
        cli_err("%s is not a rijn encrypted file (wrong magic bytes%s)", name,
                got >= 8 && memcmp(h, "Salted__", 8) == 0 ? "; it looks like `openssl enc` output"
                                                          : "");
    else if (r == RIJN_ERR_LENGTH)
        cli_err("%s ends inside the header (%zu bytes): truncated", name, got);
    else if (h[8] != RIJN_FILE_VERSION)
        cli_err("unsupported format version %u (this rijn reads versions 1 and 2)", h[8]);
    else if (r == RIJN_ERR_UNSUPPORTED && (h[9] < 1 || h[9] > 3))
        cli_err("header: unknown AEAD id %u (damaged header?)", h[9]);
    else if (r == RIJN_ERR_UNSUPPORTED)
        cli_err("header: unknown key source %u (damaged header?)", h[14]);
    else
        cli_err("header: invalid chunk size or KDF parameters (damaged header?)");
}

/* Read and check the header; a message for every way it can be wrong. */
static int read_header(fio_in *in, uint8_t *h, rijn_file_params *p)
{
    size_t got = 0, more = 0;
    int r;
    if (fio_in_read(in, h, RIJN_FILE_FIXED_SIZE, &got) != CLI_OK)
        return CLI_FAIL;
    if (got == RIJN_FILE_FIXED_SIZE && memcmp(h, RIJN_FILE_MAGIC, 8) == 0 &&
        h[8] == RIJN_FILE_VERSION2)
        return frecip_read_header(in, h, got, p);
    r = rijn_file_header_parse(p, h, got);
    if (r == RIJN_ERR_LENGTH && got == RIJN_FILE_FIXED_SIZE) {
        if (fio_in_read(in, h + got, p->header_len - got, &more) != CLI_OK)
            return CLI_FAIL;
        got += more;
        r = rijn_file_header_parse(p, h, got);
    }
    if (r == RIJN_OK)
        return CLI_OK;
    header_error(in->name, h, got, r);
    return CLI_FAIL;
}

/* Check the header's key source against the options and the limits. */
static int check_key_source(const fcrypt_opts *o, const rijn_file_params *p)
{
    if (!rijn_file_aead_available(p->aead) || !rijn_file_kdf_available(p->key_source)) {
        cli_err("this file needs %s, which this build of rijn lacks",
                !rijn_file_aead_available(p->aead) ? aead_name(p->aead)
                                                   : kdf_name(p->key_source));
        return CLI_FAIL;
    }
    if (p->key_source == RIJN_FILE_KEY_RAW && o->key_file == NULL) {
        if (o->passphrase || o->pass_file != NULL) {
            cli_err("this file was encrypted with a key file, not a passphrase: give -k KEYFILE");
            return CLI_FAIL;
        }
        cli_err("this file was encrypted with a key file: give -k KEYFILE");
        return CLI_USAGE;
    }
    if (p->key_source != RIJN_FILE_KEY_RAW && o->key_file != NULL) {
        cli_err("this file was encrypted with %s, not a key file: give -p or "
                "--passphrase-file", kdf_name(p->key_source));
        return CLI_FAIL;
    }
    if ((p->key_source == RIJN_FILE_KEY_PBKDF2 && p->iterations > FCRYPT_MAX_ITER) ||
        (p->key_source == RIJN_FILE_KEY_ARGON2ID &&
         (p->argon2_t > FCRYPT_MAX_ARGON2_T || p->argon2_m > FCRYPT_MAX_ARGON2_M))) {
        cli_err("header: key derivation costs above this tool's limits (PBKDF2 %u "
                "iterations; Argon2id t %u, m %u MiB): damaged or hostile header",
                FCRYPT_MAX_ITER, FCRYPT_MAX_ARGON2_T, FCRYPT_MAX_ARGON2_M >> 10);
        return CLI_FAIL;
    }
    return CLI_OK;
}

/* Tries a full final piece as a middle chunk (on a copy of the context
 * before it) to recognise a truncated input; the message. 1 if it was. */
static int chunk_failed(int r, rijn_file_ctx *copy, uint64_t idx, uint8_t *out,
                        const uint8_t *in, size_t len, int last)
{
    int trunc = r == RIJN_ERR_AUTH && last && len == copy->chunk_size + RIJN_FILE_TAG_SIZE &&
                rijn_file_open_chunk(copy, out, in, len, 0) == RIJN_OK;
    fcrypt_chunk_failed(r, trunc, idx, len);
    return trunc;
}

void fcrypt_chunk_failed(int r, int trunc, uint64_t idx, size_t len)
{
    if (trunc)
        cli_err("the input is truncated: it ends after chunk %llu, which is not the last "
                "chunk", (unsigned long long)idx);
    else if (r == RIJN_ERR_AUTH)
        cli_err("chunk %llu: authentication failed (the data is corrupted, altered or "
                "truncated)", (unsigned long long)idx);
    else if (r == RIJN_ERR_LENGTH && len < RIJN_FILE_TAG_SIZE)
        cli_err("chunk %llu: truncated (%zu bytes, less than a tag)",
                (unsigned long long)idx, len);
    else if (r == RIJN_ERR_LENGTH)
        cli_err("chunk %llu: an empty last chunk after chunk 0 (the input was altered)",
                (unsigned long long)idx);
    else
        cli_err("chunk %llu: %s", (unsigned long long)idx, rijn_strerror(r));
}

int fcrypt_open_chunks(fio_in *in, fio_out *out, rijn_file_ctx *ctx)
{
    size_t piece_max = (size_t)ctx->chunk_size + RIJN_FILE_TAG_SIZE, psize = ctx->chunk_size;
    uint8_t *pbuf;
    rijn_file_ctx copy;
    fpipe *pipe = NULL;
    int rc, r, last = 0;
    pbuf = cli_alloc(psize);
    rc = fpipe_start(&pipe, in, piece_max, "decrypting");
    memset(&copy, 0, sizeof copy);
    while (rc == CLI_OK && !last) {
        const uint8_t *piece;
        size_t n;
        uint64_t idx = rijn_file_chunk_index(ctx);
        rc = fpipe_next(pipe, &piece, &n, &last);
        if (rc != CLI_OK)
            break;
        if (n == 0 && idx == 0) {
            cli_err("the input ends right after the header: no chunk (truncated)");
            rc = CLI_FAIL;
            break;
        }
        if (last && n == piece_max) /* chunk_failed may try it as a middle chunk */
            memcpy(&copy, ctx, sizeof copy);
        r = rijn_file_open_chunk(ctx, pbuf, piece, n, last);
        if (r != RIJN_OK) {
            if (chunk_failed(r, &copy, idx, pbuf, piece, n, last) && STREAMING(out))
                (void)fio_out_write(out, pbuf, n - RIJN_FILE_TAG_SIZE);
            rc = CLI_FAIL;
            break;
        }
        rc = fio_out_write(out, pbuf, n - RIJN_FILE_TAG_SIZE);
    }
    fpipe_stop(pipe);
    fio_progress_done();
    if (rc == CLI_OK && rijn_file_open_final(ctx) != RIJN_OK) {
        cli_err("the input is truncated (no last chunk)");
        rc = CLI_FAIL;
    }
    rijn_wipe(pbuf, psize);
    free(pbuf);
    rijn_file_wipe(&copy);
    return rc;
}

int fcrypt_open_payload(fio_in *in, fio_out *out, rijn_file_ctx *ctx)
{
    int rc = fio_out_begin(out, (mode_t)fmt_file_mode(), 0);
    if (rc == CLI_OK) /* a regular binary file: on every core (file_pdec.c) */
        rc = fpar_open_usable(in) ? fpar_open(in, out, ctx) : fcrypt_open_chunks(in, out, ctx);
    if (rc == CLI_OK)
        rc = fio_out_commit(out);
    else if (STREAMING(out))
        (void)fio_out_commit(out); /* stdout: flush the chunks that verified */
    if (rc != CLI_OK)
        fio_out_abort(out);
    return rc;
}

/* The master key of a parsed header: the file key of a version 2 file
 * (recipients), else from the key source the options give. */
static int open_master(const fcrypt_opts *o, const uint8_t *header, rijn_file_params *p,
                       uint8_t master[32])
{
    int rc;
    if (p->stanzas != 0) /* version 2: master = the file key F */
        return frecip_unwrap(o, header, p, master);
    rc = check_key_source(o, p);
    return rc == CLI_OK ? fcrypt_get_master(o, p, 0, master) : rc;
}

/* Authenticate the header with master and start ctx. */
static int open_header(rijn_file_ctx *ctx, const uint8_t *header, const rijn_file_params *p,
                       const uint8_t master[32])
{
    int r = p->stanzas != 0 ? rijn_file_v2_open(ctx, header, p->header_len, master)
                            : rijn_file_open_header(ctx, header, p->header_len, master);
    if (r == RIJN_OK)
        return CLI_OK;
    if (r == RIJN_ERR_AUTH)
        cli_err("wrong key or passphrase, or a damaged header (header authentication "
                "failed)");
    else
        cli_err("header: %s", rijn_strerror(r));
    return CLI_FAIL;
}

int fcrypt_decrypt(fcrypt_opts *o)
{
    static fio_in in;
    static fio_out out;
    rijn_file_params p;
    rijn_file_ctx ctx;
    uint8_t master[32], header[RIJN_FILE_V2_HEADER_MAX];
    int rc;

    memset(&ctx, 0, sizeof ctx);
    memset(master, 0, sizeof master);
    fio_signals_install();
    fio_progress_init(o->progress);
    rc = fio_open_unseal(&in, &out, o->in_path, o->out_path, o->force);
    if (rc == CLI_OK)
        rc = fio_in_detect_armor(&in);
    if (rc == CLI_OK)
        rc = read_header(&in, header, &p);
    if (rc == CLI_OK)
        rc = open_master(o, header, &p, master);
    if (rc == CLI_OK)
        rc = open_header(&ctx, header, &p, master);
    if (rc == CLI_OK)
        rc = fcrypt_open_payload(&in, &out, &ctx);
    rijn_file_wipe(&ctx);
    rijn_wipe(master, sizeof master);
    fio_in_close(&in);
    return rc;
}
