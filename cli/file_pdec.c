/*
 * file_pdec.c -- `rijn decrypt` (rijn and age formats) of a regular file
 * on every core (file_io.h: fpar_open), with the workers of file_par.c:
 * each reads a slot of whole pieces (chunk and tag) at its offset, opens
 * them in place and, at its turn, writes the plaintext of the pieces that
 * opened.
 *
 * Implementation notes: the same split as encryption (file_par.c says
 * why): with one reading thread the read() copy was the critical path.
 * Slot j holds pieces j*k .. j*k+k-1 (k: about 1 MiB of pieces, at least
 * one), read into a private buffer (never opened where the file is
 * mapped or shared: the tag check and the decryption read the same
 * bytes), each opened in place with rijn_file_open_chunk_at (the
 * plaintext over the ciphertext, its tag after it) until the first that
 * fails. The STREAM guarantees that rijn_file_open_chunk keeps in its
 * context are kept here: a slot's plaintext is written only at its turn,
 * after every slot before it was written whole, and only up to its first
 * failure; that failure is reported at the turn, so the one message names
 * the first bad chunk in file order, as reading in order would, and no
 * later slot is written (the other workers stop). The last piece is the
 * one that reaches the size taken at the start; kept in the worker's
 * spare area before it is opened, so that a full last piece that fails
 * can be tried as a middle chunk ("truncated"; to a stream its verified
 * plaintext is written, as file_crypt.c does). A read that comes short or
 * a size that changed fail (file_par.c). Only a binary input (armor goes
 * through file_pipe.c) with at least one byte after the header. The
 * plaintext of a slot's pieces goes out in one writev (FPAR_IOV pieces a
 * call; fio_out_writev), not a write per chunk: 512 MiB to /dev/null,
 * 8,192 write calls -> 547 writev (strace -c), CPU time 49.3 -> 47.7 ms
 * and 49.8 -> 48.3 ms (medians of 41 interleaved runs, two series), wall
 * time the same within the noise (29.6 / 29.5 ms).
 */
#define _GNU_SOURCE
#include "file_io.h"

#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

/* Output that cannot be held back (file_crypt.c's STREAMING). */
#define STREAMING(o) ((o)->kind == FIO_STDOUT || (o)->kind == FIO_DIRECT)

/* The file offset of the next byte in would give (its read-ahead buffer
 * holds rlen - rpos bytes past the header); UINT64_MAX if unknown. */
static uint64_t payload_start(const fio_in *in)
{
    off_t pos = lseek(in->fd, 0, SEEK_CUR);
    return pos < 0 ? UINT64_MAX : (uint64_t)pos - (in->rlen - in->rpos);
}

int fpar_open_usable(const fio_in *in)
{
    return !in->armor && payload_start(in) < in->size;
}

/* Length of piece i of slot s. */
static size_t piece_len(const fpar *p, const fpar_slot *s, size_t i)
{
    size_t at = i * p->stride;
    return s->in - at < p->stride ? s->in - at : p->stride;
}

/* Read slot j, open its pieces in place up to the first failure. */
static int open_slot(fpar *p, fpar_slot *s, uint64_t j)
{
    uint64_t first = j * p->k, off = first * p->stride;
    size_t i, slot = p->k * p->stride;
    int rc;
    s->in = p->size - off < slot ? (size_t)(p->size - off) : slot;
    s->done = 0;
    s->r = RIJN_OK;
    rc = fpar_read(p, s->buf, off, s->in);
    for (i = 0; rc == CLI_OK && i * p->stride < s->in && s->r == RIJN_OK; i++) {
        size_t n = piece_len(p, s, i);
        uint8_t *c = s->buf + i * p->stride;
        int last = first + i == p->npieces - 1;
        if (last && n == p->stride) /* a truncated input: tried as a middle chunk */
            memcpy(s->spare, c, n);
        s->r = rijn_file_open_chunk_at(p->ctx, first + i, c, c, n, last);
        s->done += s->r == RIJN_OK;
    }
    return rc;
}

/* At slot j's turn: the plaintext that opened, then the failure if any. */
static int emit_slot(fpar *p, fpar_slot *s, uint64_t j)
{
    uint64_t idx = j * p->k + s->done;
    size_t i, n;
    int rc = CLI_OK, trunc;
    for (i = 0; i < s->done && rc == CLI_OK;) { /* FPAR_IOV pieces a writev */
        struct iovec iov[FPAR_IOV];
        int cnt;
        for (cnt = 0; cnt < FPAR_IOV && i < s->done; cnt++, i++) {
            iov[cnt].iov_base = s->buf + i * p->stride;
            iov[cnt].iov_len = piece_len(p, s, i) - RIJN_FILE_TAG_SIZE;
        }
        rc = fio_out_writev(p->out, iov, cnt);
    }
    if (rc != CLI_OK || s->r == RIJN_OK)
        return rc;
    n = piece_len(p, s, s->done);
    trunc = s->r == RIJN_ERR_AUTH && idx == p->npieces - 1 && n == p->stride &&
            rijn_file_open_chunk_at(p->ctx, idx, s->spare, s->spare, n, 0) == RIJN_OK;
    fcrypt_chunk_failed(s->r, trunc, idx, n);
    if (trunc && STREAMING(p->out))
        (void)fio_out_write(p->out, s->spare, n - RIJN_FILE_TAG_SIZE);
    return CLI_FAIL;
}

int fpar_open(fio_in *in, fio_out *out, const rijn_file_ctx *ctx)
{
    fpar p;
    size_t piece = (size_t)ctx->chunk_size + RIJN_FILE_TAG_SIZE;
    fpar_init(&p, in, out, ctx, payload_start(in), piece, piece);
    p.what = "decrypting";
    p.work = open_slot;
    p.emit = emit_slot;
    in->consumed = p.base; /* the progress bar: the read-ahead bytes are read again */
    return fpar_go(&p, p.stride);
}
