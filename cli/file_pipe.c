/*
 * file_pipe.c -- read a pipe, terminal or armored input (a regular file:
 * file_par.c, file_pdec.c) on a thread of its own, so that reading piece
 * i+1 overlaps sealing or opening piece i and writing it (fpipe_*).
 *
 * Implementation notes: a ring of 3 slots, each a whole number
 * of pieces (a piece is a chunk when encrypting, a chunk and its tag when
 * decrypting; about FPIPE_SLOT_BYTES per slot, at least one piece). The
 * reader fills a slot with fio_in_read, which returns short only at the
 * end of the input: from a regular file the whole slot in one call, from
 * a pipe or terminal a piece per call (its data goes on as soon as a
 * chunk has come; a pipe grown to 1 MiB first, fio_pipe_grow); it moves to the next slot only when this one is full,
 * so pieces never straddle two slots. The consumer takes the bytes up to
 * the slot's published length in place (no copy; the reader writes only
 * beyond it). A piece is "last" once nothing can follow it: more bytes
 * in the slot say no, the end flag says yes, and the last piece of a full
 * slot looks at the next slot -- hence at least two slots (the
 * consumer's and the one it peeks at; a third lets the reader run ahead,
 * unless a piece is over half a slot). Compared with reading one byte
 * ahead, a chunk from a pipe is released once the next chunk (or the end)
 * has come. A slot goes back to the reader when
 * the consumer asks for the piece after its last one; the slots (they
 * hold plaintext when encrypting) are wiped whole by fpipe_stop, on every
 * path out. The reader owns the fio_in from
 * fpipe_start to fpipe_stop, reports progress, and is the only thread
 * that reads; its one blocking call is read() (a FIFO or a terminal may
 * never deliver), so fpipe_stop cancels it there when the consumer stops
 * early: cancellation is enabled only around read() (fio_read_fd), where
 * the reader holds no lock. Memory: 3 MiB with 64 KiB chunks; with
 * chunks over 512 KiB, two chunks (the largest chunk, 16 MiB: 32 MiB).
 */
#include "file_io.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define FPIPE_SLOTS_MAX 3
#define FPIPE_SLOT_BYTES ((size_t)1 << 20)

typedef struct slot {
    uint8_t *buf;
    size_t len;   /* bytes the reader has put in                          */
    int busy;     /* handed to the reader, not yet given back            */
    int end;      /* no input after this slot's len bytes                 */
    int failed;   /* the read failed (the reader printed why)             */
} slot;

struct fpipe {
    fio_in *in;
    const char *what;
    size_t piece, cap;
    slot s[FPIPE_SLOTS_MAX];
    unsigned nslots;
    unsigned rd, cur;        /* slot being filled, slot being consumed    */
    size_t off;              /* consumer's offset in slot cur             */
    int quit, started, done;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    pthread_t thread;
};

static void *reader(void *arg)
{
    fpipe *p = arg;
    (void)pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
    for (;;) {
        slot *s = &p->s[p->rd];
        size_t got = 0, want;
        int rc, end, quit;
        pthread_mutex_lock(&p->mu);
        while (s->busy && s->len == p->cap && !p->quit) /* a full slot of the last
                                                            lap, not given back yet */
            pthread_cond_wait(&p->cv, &p->mu);
        quit = p->quit;
        s->busy = 1;
        pthread_mutex_unlock(&p->mu);
        if (quit)
            break;
        /* a regular file: the rest of the slot at once; else a piece, so a
         * pipe's data is handed on as soon as a chunk of it has come */
        want = p->in->size > 0 ? p->cap - s->len : p->piece;
        rc = fio_in_read(p->in, s->buf + s->len, want, &got);
        if (p->what != NULL)
            fio_progress(p->in, p->what);
        end = rc != CLI_OK || got < want;
        pthread_mutex_lock(&p->mu);
        s->len += rc == CLI_OK ? got : 0;
        s->failed = rc != CLI_OK;
        s->end = end;
        if (s->len == p->cap && !end)
            p->rd = (p->rd + 1) % p->nslots;
        pthread_cond_broadcast(&p->cv);
        pthread_mutex_unlock(&p->mu);
        if (end)
            break;
    }
    return NULL;
}

int fpipe_start(fpipe **pp, fio_in *in, size_t piece, const char *what)
{
    fpipe *p = cli_alloc(sizeof *p);
    size_t k = FPIPE_SLOT_BYTES / piece, i;
    memset(p, 0, sizeof *p);
    p->in = in;
    p->what = what;
    p->piece = piece;
    p->cap = (k > 0 ? k : 1) * piece;
    p->nslots = k > 1 ? FPIPE_SLOTS_MAX : 2; /* a piece over half a slot: 2 */
    fio_pipe_grow(in->fd);
    for (i = 0; i < p->nslots; i++)
        p->s[i].buf = cli_alloc(p->cap);
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    *pp = p;
    if (pthread_create(&p->thread, NULL, reader, p) != 0) {
        cli_err("cannot start the reading thread");
        return CLI_FAIL;
    }
    p->started = 1;
    return CLI_OK;
}

/* Slot cur is used up: hand it back, go on (mutex held). Not wiped
 * here: the reader overwrites it with the next bytes of the same input,
 * and fpipe_stop wipes every slot whole (a wipe per slot was a memset of
 * the whole input on the consumer's thread: rijn encrypt of 1 GiB, 0.79x
 * cat's wall time, scripts/bench-file.sh). */
static void give_back(fpipe *p)
{
    slot *s = &p->s[p->cur];
    s->len = 0;
    s->busy = 0;
    s->end = 0;
    p->cur = (p->cur + 1) % p->nslots;
    p->off = 0;
    pthread_cond_broadcast(&p->cv);
}

/* With the mutex held: 1 = a piece is ready (*n, *last set), 0 = wait,
 * -1 = the read failed. A piece is "last" once nothing can follow it: the
 * reader saw the end right after it, in this slot or (a full slot) as an
 * empty next one; like a read one byte ahead, but without the byte. */
static int ready(fpipe *p, size_t *n, int *last)
{
    const slot *s = &p->s[p->cur], *nx;
    size_t avail;
    if (s->failed)
        return -1;
    if (p->off == p->cap) { /* a full slot, used up */
        give_back(p);
        s = &p->s[p->cur];
        if (s->failed)
            return -1;
    }
    avail = s->len - p->off;
    if (avail > p->piece) {
        *n = p->piece;
        *last = 0;
        return 1;
    }
    if (s->end) {
        *n = avail;
        *last = 1;
        return 1;
    }
    if (s->len < p->cap)   /* more may come into this slot */
        return 0;
    nx = &p->s[(p->cur + 1) % p->nslots];
    if (nx->failed)
        return -1;
    if (nx->len > 0 || nx->end) {
        *n = avail;
        *last = nx->len == 0;
        return 1;
    }
    return 0;
}

int fpipe_next(fpipe *p, const uint8_t **data, size_t *n, int *last)
{
    int r;
    if (p->done) /* called again after the last piece: nothing more */
        return CLI_FAIL;
    pthread_mutex_lock(&p->mu);
    while ((r = ready(p, n, last)) == 0)
        pthread_cond_wait(&p->cv, &p->mu);
    pthread_mutex_unlock(&p->mu);
    if (r < 0)
        return CLI_FAIL;
    *data = p->s[p->cur].buf + p->off;
    p->off += *n;
    p->done = *last;
    return CLI_OK;
}

void fpipe_stop(fpipe *p)
{
    size_t i;
    if (p == NULL)
        return;
    if (p->started) {
        pthread_mutex_lock(&p->mu);
        p->quit = 1;
        pthread_cond_broadcast(&p->cv);
        pthread_mutex_unlock(&p->mu);
        (void)pthread_cancel(p->thread); /* acts only inside read() */
        (void)pthread_join(p->thread, NULL);
    }
    for (i = 0; i < p->nslots; i++) {
        rijn_wipe(p->s[i].buf, p->cap);
        free(p->s[i].buf);
    }
    pthread_cond_destroy(&p->cv);
    pthread_mutex_destroy(&p->mu);
    free(p);
}
