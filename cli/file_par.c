/*
 * file_par.c -- the chunk loop of `rijn encrypt` (rijn and age formats,
 * fcrypt_seal_chunks): a regular file on every core (fpar_go, whose
 * workers file_pdec.c uses to decrypt): each worker reads a slot of the
 * file at its offset, seals its chunks in place and writes them once the
 * slots before it are written; any other input (a pipe, a terminal) read
 * on a thread (file_pipe.c), a chunk at a time, sealed into a buffer.
 *
 * Implementation notes: with one reading thread (file_pipe.c) the copy
 * from the page cache (read()) was the critical path: 512 MiB from tmpfs
 * to /dev/null took the reading thread 65 ms of CPU and the sealing
 * thread 30 ms, and the slots crossed from one core's cache to the
 * other's. STREAM chunks are independent (the nonce is the chunk index
 * and the last-chunk flag), so here both the copy and the sealing are
 * spread: slot j holds chunks j*k .. j*k+k-1 (k: about FPAR_SLOT_BYTES of
 * plaintext, at least one chunk) laid out as they are written -- chunk,
 * 16-byte tag, chunk, tag ... -- so that preadv reads the plaintext into
 * place (the tag gaps stay), rijn_file_seal_chunk_at seals each chunk in
 * place (out == in, the tag into its gap: no second buffer, no second
 * pass over the data) and one write sends the whole slot. A worker takes
 * the next slot number (a counter), reads and seals it, waits for its
 * turn (next_write == j) and writes it; the writes go in slot order, one
 * at a time, so fio_out is used by one thread at a time. Workers: the
 * online CPUs, 2 to FPAR_WORKERS_MAX (the main thread is one), 2 with
 * chunks over 1 MiB; memory: a slot per worker (2 MiB on 2 cores with
 * 64 KiB chunks; 32 MiB with the largest chunks, as file_pipe.c), wiped
 * (it held plaintext) and freed on every path out. A redirected stdin
 * is read from its offset. Armor: the worker also encodes the slot's
 * whole lines (armor_slot), into a spare area after the slot; a slot's
 * place in the lines is the bytes of a line pending when the chunks start
 * (the header's) plus j full slots; at the turn its first bytes end the
 * pending line and its last ones wait for the next slot's (emit_armored).
 * Slots are halved for it, so memory stays about the same; the encoding,
 * 85 % of an armored run's CPU time, was all in the turns, one worker at
 * a time: encrypt --armor of 512 MiB (page cache, to /dev/null, 2 cores,
 * medians of 7 interleaved runs) 1.14 -> 0.60 s wall, CPU 1.22 -> 1.18
 * s, peak RSS 4.4 -> 4.8 MiB (64 MiB: 145 -> 80 ms, medians of 11).
 * The size is taken once, at the start: the last chunk is the one that
 * reaches it (a full last chunk when the size is a multiple of the chunk
 * size, the same chunks as reading to the end). A read that comes short
 * (the file shrank) and a size that differs after the last slot (it
 * grew) fail: the output then is removed like on any failure, with one
 * line (first_failure: two workers that read past a cut both fail; only
 * the first prints). Only a regular file with bytes after its offset
 * (fpar_usable); an empty one and anything else go through file_pipe.c
 * (fcrypt_seal_chunks).
 */
#define _GNU_SOURCE
#include "file_io.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#define FPAR_SLOT_BYTES ((size_t)1 << 20)
#define FPAR_WORKERS_MAX 4

typedef struct worker {
    fpar *p;
    fpar_slot s;
} worker;

/* 1 if in is a regular file (fio_in_open sets size only for those) with
 * bytes after its offset *base. The encrypting commands read nothing of
 * their input through in before the chunks. */
static int fpar_usable(const fio_in *in, uint64_t *base)
{
    *base = (uint64_t)lseek(in->fd, 0, SEEK_CUR); /* (off_t)-1: no */
    return *base < in->size;
}

/* A chunk that did not seal: only past 2^32 chunks (or on a bug). */
static void seal_failed(uint64_t idx, int r)
{
    cli_err("chunk %llu: %s", (unsigned long long)idx,
            r == RIJN_ERR_LIMIT ? "the input is too large for this chunk size"
                                : rijn_strerror(r));
}

static int seal_slot(fpar *p, fpar_slot *s, uint64_t j);

void fpar_changed(const fpar *p)
{
    cli_err("'%s' changed size while it was %s", p->in->name,
            p->work == seal_slot ? "encrypted" : "decrypted");
}

/* 1 for the run's first failure (p->failed set): it prints its message,
 * a worker that fails at the same time (both read past a cut) does not. */
static int first_failure(fpar *p)
{
    int first;
    pthread_mutex_lock(&p->mu);
    first = !p->failed;
    p->failed = 1;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    return first;
}

int fpar_read(fpar *p, uint8_t *buf, uint64_t off, size_t len)
{
    size_t done = 0;
    while (done < len) {
        struct iovec iov[FPAR_IOV];
        size_t at = done;
        int cnt;
        ssize_t r;
        for (cnt = 0; cnt < FPAR_IOV && at < len; cnt++) {
            size_t inner = at % p->piece, n = p->piece - inner;
            n = n < len - at ? n : len - at;
            iov[cnt].iov_base = buf + at / p->piece * p->stride + inner;
            iov[cnt].iov_len = n;
            at += n;
        }
        r = preadv(p->in->fd, iov, cnt, (off_t)(p->base + off + done));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            int e = errno;
            if (first_failure(p)) {
                if (r < 0)
                    cli_err("cannot read '%s': %s", p->in->name, strerror(e));
                else
                    fpar_changed(p);
            }
            return CLI_FAIL;
        }
        done += (size_t)r;
    }
    return CLI_OK;
}

/* Armor: the Base64 lines of sealed slot j that start and end in it,
 * encoded into s->spare on the worker (the bytes before and after them
 * join the lines of the slots around at the turn). */
static int armor_slot(fpar *p, fpar_slot *s, uint64_t j)
{
    uint64_t pos = p->phase + j * p->k * p->stride; /* the slot's place in the lines */
    size_t head = (size_t)((48 - pos % 48) % 48);
    s->head = head < s->out ? head : s->out;
    s->tail = s->head + (s->out - s->head) / 48 * 48;
    s->alen = fio_armor_encode((char *)s->spare, s->buf + s->head, s->tail - s->head);
    if (s->alen > 0 || s->tail == s->head)
        return CLI_OK;
    if (first_failure(p))
        cli_err("cannot encode the armor");
    return CLI_FAIL;
}

/* Read and seal slot j: s->out bytes to write. */
static int seal_slot(fpar *p, fpar_slot *s, uint64_t j)
{
    uint64_t first = j * p->k, off = first * p->piece;
    size_t len = p->size - off < p->k * p->piece ? (size_t)(p->size - off) : p->k * p->piece;
    size_t i, at;
    int rc = fpar_read(p, s->buf, off, len);
    for (i = 0, at = 0; rc == CLI_OK && at < len; i++) {
        size_t n = len - at < p->piece ? len - at : p->piece;
        uint8_t *c = s->buf + i * p->stride;
        int r = rijn_file_seal_chunk_at(p->ctx, first + i, c, c, n,
                                        first + i == p->npieces - 1);
        if (r != RIJN_OK) {
            if (first_failure(p))
                seal_failed(first + i, r);
            rc = CLI_FAIL;
        }
        at += n;
    }
    s->out = len + i * RIJN_FILE_TAG_SIZE;
    s->in = len;
    return rc == CLI_OK && p->emit != NULL ? armor_slot(p, s, j) : rc;
}

/* Armor, at slot j's turn: its first bytes end the line pending in out,
 * then its lines, then its last bytes wait for the next slot's. */
static int emit_armored(fpar *p, fpar_slot *s, uint64_t j)
{
    int rc = fio_armor_write(p->out, s->buf, s->head);
    (void)j;
    if (rc == CLI_OK)
        rc = fio_out_put(p->out, s->spare, s->alen);
    return rc == CLI_OK ? fio_armor_write(p->out, s->buf + s->tail, s->out - s->tail) : rc;
}

static void *run(void *arg)
{
    worker *w = arg;
    fpar *p = w->p;
    (void)pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
    for (;;) {
        uint64_t j;
        int rc, stop;
        pthread_mutex_lock(&p->mu);
        j = p->next_claim++;
        stop = p->failed || j >= p->nslots;
        pthread_mutex_unlock(&p->mu);
        if (stop)
            break;
        rc = p->work(p, &w->s, j);
        pthread_mutex_lock(&p->mu);
        while (rc == CLI_OK && p->next_write != j && !p->failed) /* the slots before */
            pthread_cond_wait(&p->cv, &p->mu);
        stop = rc != CLI_OK || p->failed;
        p->failed |= stop;
        pthread_cond_broadcast(&p->cv);
        pthread_mutex_unlock(&p->mu);
        if (stop)
            break;
        /* our turn: no other writer */
        rc = p->emit != NULL ? p->emit(p, &w->s, j) : fio_out_write(p->out, w->s.buf, w->s.out);
        p->in->consumed += w->s.in;
        fio_progress(p->in, p->what);
        pthread_mutex_lock(&p->mu);
        p->failed |= rc != CLI_OK;
        p->next_write++;
        pthread_cond_broadcast(&p->cv);
        pthread_mutex_unlock(&p->mu);
    }
    return NULL;
}

static unsigned workers(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 2 ? 2 : n > FPAR_WORKERS_MAX ? FPAR_WORKERS_MAX : (unsigned)n;
}

int fpar_go(fpar *p, size_t spare)
{
    worker w[FPAR_WORKERS_MAX];
    pthread_t th[FPAR_WORKERS_MAX];
    unsigned nw = workers(), started = 0, i;
    struct stat st;
    size_t slot = p->k * p->stride;
    p->nslots = (p->npieces + p->k - 1) / p->k;
    nw = p->stride > FPAR_SLOT_BYTES ? 2 : nw; /* pieces over 1 MiB: 2 workers, a piece each */
    memset(w, 0, sizeof w);
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    for (i = 0; i < nw; i++) {
        w[i].p = p;
        w[i].s.buf = cli_alloc(slot + spare);
        w[i].s.spare = w[i].s.buf + slot;
    }
    for (i = 1; i < nw; i++, started++) {
        if (pthread_create(&th[i], NULL, run, &w[i]) != 0) {
            cli_err("cannot start the reading thread");
            pthread_mutex_lock(&p->mu);
            p->failed = 1;
            pthread_mutex_unlock(&p->mu);
            break;
        }
    }
    (void)run(&w[0]);
    for (i = 1; i <= started; i++)
        (void)pthread_join(th[i], NULL);
    if (!p->failed && (fstat(p->in->fd, &st) != 0 || (uint64_t)st.st_size != p->in->size)) {
        fpar_changed(p);
        p->failed = 1;
    }
    for (i = 0; i < nw; i++) {
        rijn_wipe(w[i].s.buf, slot + spare);
        free(w[i].s.buf);
    }
    pthread_cond_destroy(&p->cv);
    pthread_mutex_destroy(&p->mu);
    fio_progress_done();
    return p->failed ? CLI_FAIL : CLI_OK;
}

void fpar_init(fpar *p, fio_in *in, fio_out *out, const rijn_file_ctx *ctx, uint64_t base,
               size_t piece, size_t stride)
{
    memset(p, 0, sizeof *p);
    p->in = in;
    p->out = out;
    p->ctx = ctx;
    p->piece = piece;
    p->stride = stride;
    p->k = FPAR_SLOT_BYTES / piece > 0 ? FPAR_SLOT_BYTES / piece : 1;
    p->base = base;
    p->size = in->size - base;
    p->npieces = (p->size + piece - 1) / piece;
}

/* Seal a regular file from base to its end into out with ctx (only read:
 * the caller wipes it). */
static int fpar_seal(fio_in *in, fio_out *out, const rijn_file_ctx *ctx, uint64_t base)
{
    fpar p;
    fpar_init(&p, in, out, ctx, base, ctx->chunk_size, ctx->chunk_size + RIJN_FILE_TAG_SIZE);
    p.what = "encrypting";
    p.work = seal_slot;
    if (!out->armor)
        return fpar_go(&p, 0);
    p.emit = emit_armored; /* the lines encoded on every core */
    p.phase = out->napend;
    p.k = p.k > 1 ? p.k / 2 : 1; /* half slots: the lines' buffer as well, same memory */
    return fpar_go(&p, (p.k * p.stride / 48 + 2) * 65);
}

int fcrypt_seal_chunks(fio_in *in, fio_out *out, rijn_file_ctx *ctx)
{
    uint64_t base;
    uint8_t *cbuf;
    fpipe *pipe = NULL;
    int rc, r, last = 0;
    if (fpar_usable(in, &base)) /* a regular file: on every core */
        return fpar_seal(in, out, ctx, base);
    cbuf = cli_alloc(ctx->chunk_size + RIJN_FILE_TAG_SIZE);
    rc = fpipe_start(&pipe, in, ctx->chunk_size, "encrypting");
    while (rc == CLI_OK && !last) {
        const uint8_t *piece;
        size_t n;
        rc = fpipe_next(pipe, &piece, &n, &last);
        if (rc != CLI_OK)
            break;
        r = rijn_file_seal_chunk(ctx, cbuf, piece, n, last);
        if (r != RIJN_OK) {
            seal_failed(rijn_file_chunk_index(ctx), r);
            rc = CLI_FAIL;
            break;
        }
        rc = fio_out_write(out, cbuf, n + RIJN_FILE_TAG_SIZE);
    }
    fpipe_stop(pipe);
    fio_progress_done();
    free(cbuf);
    return rc;
}
