/*
 * _rijn_recip.c -- recipients for the rijn extension: version 2 of the
 * rijn file format (rijn/file_recipients.h, docs/FORMAT.md section 10);
 * the age format v1 (rijn/age.h) and age's key text forms are in
 * _rijn_age.c, which shares this file's two helpers (_rijn.h). The
 * input/output, the randomness, armor and the choice of stanzas are done
 * in Python (rijn/_recip.py); the library does the format and the
 * cryptography, and keys the FileCtx objects of _rijn_file.c, whose
 * seal_chunk / open_chunk then carry the payload.
 *
 * Implementation notes
 *   Unwrapping returns None when a secret does not open a stanza
 *   (RIJN_ERR_AUTH), so Python can try the next one and name what the
 *   file holds when none does; other errors raise. Header parsers that
 *   need more input return the length needed (v2) or None (age) instead
 *   of raising. The scrypt work area (128 * r * N bytes) is malloc'd for
 *   the size the header asks, after its log N was checked against the
 *   caller's maximum (the library checks it again), and the scrypt calls
 *   run with the GIL released.
 *   Secrets: file keys, identities and passphrase masters pass through
 *   Python bytes (Python cannot wipe them); the C copies are wiped.
 *   Proved by python/tests/test_recipients.py (round trips, the CLI's and
 *   age's files read back, ours read by them, wrong identities refused).
 */
#include "_rijn.h"

#include <stdlib.h>
#include <string.h>

#include "rijn/file_recipients.h"

PyObject *rijn_py_none_ref(void)
{
    Py_INCREF(Py_None);
    return Py_None;
}

int rijn_py_need_len(const Py_buffer *b, Py_ssize_t n, const char *what)
{
    if (b->len != n) {
        PyErr_Format(PyExc_ValueError, "rijn: %s is %zd bytes", what, n);
        return -1;
    }
    return 0;
}

/* One stanza tuple (type, secret32, ephemeral32 | None, iterations, t, m, lanes). */
static int add_stanza(rijn_file_writer *w, PyObject *t)
{
    rijn_file_stanza st;
    unsigned type, lanes;
    unsigned long it, tc, m;
    Py_buffer sec, eph;
    int rc;
    memset(&st, 0, sizeof st);
    if (!PyTuple_Check(t) ||
        !PyArg_ParseTuple(t, "Iy*O&kkkI", &type, &sec, rijn_py_opt_buf, &eph, &it, &tc, &m, &lanes))
        return PyErr_Occurred() ? -1 : (PyErr_SetString(PyExc_TypeError, "stanza tuple"), -1);
    st.type = (uint8_t)type;
    st.iterations = (uint32_t)it;
    st.argon2_t = (uint32_t)tc;
    st.argon2_m = (uint32_t)m;
    st.argon2_lanes = (uint8_t)lanes;
    if (type > 255 || lanes > 255 || rijn_py_need_len(&sec, 32, "a stanza secret") < 0 ||
        (eph.buf != NULL && rijn_py_need_len(&eph, 32, "an ephemeral secret") < 0)) {
        rc = PyErr_Occurred() ? -2 : RIJN_ERR_PARAM;
    } else {
        rc = rijn_file_v2_add(w, &st, sec.buf, eph.buf);
    }
    PyBuffer_Release(&sec);
    PyBuffer_Release(&eph);
    if (rc == -2)
        return -1;
    if (rc == RIJN_ERR_PARAM && type == RIJN_FILE_KEY_X25519) {
        rijn_py_raise_msg(rc, "rijn: a recipient is not a valid X25519 public key (low order)");
        return -1;
    }
    return rc == RIJN_OK ? 0 : (rijn_py_raise(rc), -1);
}

/* file_v2_seal(ctx, aead, chunk_size, salt, file_key, stanzas) -> header */
static PyObject *py_file_v2_seal(PyObject *self, PyObject *args)
{
    PyObject *ctxo, *list, *res = NULL;
    unsigned aead;
    unsigned long chunk;
    Py_buffer salt, fk;
    rijn_file_ctx *ctx;
    rijn_file_params p;
    rijn_file_writer w;
    uint8_t *hdr;
    size_t hl = 0;
    Py_ssize_t i, n;
    int rc = RIJN_OK;
    (void)self;
    if (!PyArg_ParseTuple(args, "OIky*y*O!", &ctxo, &aead, &chunk, &salt, &fk, &PyList_Type, &list))
        return NULL;
    memset(&w, 0, sizeof w);
    hdr = malloc(RIJN_FILE_V2_HEADER_MAX);
    ctx = rijn_py_file_ctx(ctxo);
    n = PyList_GET_SIZE(list);
    if (hdr == NULL) {
        PyErr_NoMemory();
    } else if (ctx != NULL && rijn_py_need_len(&salt, 32, "the salt") == 0 &&
               rijn_py_need_len(&fk, 32, "the file key") == 0) {
        rijn_file_params_init(&p);
        p.aead = (uint8_t)(aead > 255 ? 0 : aead);
        p.chunk_size = (uint32_t)(chunk > 0xFFFFFFFFul ? 0 : chunk);
        memcpy(p.salt, salt.buf, 32);
        rc = rijn_file_v2_begin(&w, hdr, RIJN_FILE_V2_HEADER_MAX, &p,
                                (unsigned)(n > 255 ? 255 : n), fk.buf);
        for (i = 0; rc == RIJN_OK && i < n; i++)
            if (add_stanza(&w, PyList_GET_ITEM(list, i)) < 0)
                rc = 1;
        if (rc == RIJN_OK)
            rc = rijn_file_v2_end(&w, ctx, &hl);
        if (rc == RIJN_OK)
            res = PyBytes_FromStringAndSize((const char *)hdr, (Py_ssize_t)hl);
        else if (rc < 0)
            rijn_py_raise(rc);
    }
    rijn_wipe(&w, sizeof w);
    free(hdr);
    PyBuffer_Release(&salt);
    PyBuffer_Release(&fk);
    return res;
}

/* file_v2_parse(buf) -> (complete, header_len, aead, chunk_size, stanzas, salt) */
static PyObject *py_file_v2_parse(PyObject *self, PyObject *arg)
{
    Py_buffer b;
    rijn_file_params p;
    int rc;
    (void)self;
    if (PyObject_GetBuffer(arg, &b, PyBUF_SIMPLE) < 0)
        return NULL;
    memset(&p, 0, sizeof p);
    rc = rijn_file_v2_parse(&p, b.buf, (size_t)b.len);
    PyBuffer_Release(&b);
    if (rc != RIJN_OK && !(rc == RIJN_ERR_LENGTH && p.header_len > (size_t)b.len))
        return rijn_py_raise(rc);
    return Py_BuildValue("(OnIkIy#)", rc == RIJN_OK ? Py_True : Py_False, (Py_ssize_t)p.header_len,
                         (unsigned)p.aead, (unsigned long)p.chunk_size, (unsigned)p.stanzas,
                         (const char *)p.salt, (Py_ssize_t)32);
}

/* file_v2_stanza(hdr, i) -> (type, iterations, t, m, lanes) */
static PyObject *py_file_v2_stanza(PyObject *self, PyObject *args)
{
    Py_buffer h;
    unsigned i;
    rijn_file_stanza st;
    int rc;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*I", &h, &i))
        return NULL;
    rc = rijn_file_v2_stanza(h.buf, (size_t)h.len, i, &st);
    PyBuffer_Release(&h);
    if (rc != RIJN_OK)
        return rijn_py_raise(rc);
    return Py_BuildValue("(Ikkki)", (unsigned)st.type, (unsigned long)st.iterations,
                         (unsigned long)st.argon2_t, (unsigned long)st.argon2_m,
                         (int)st.argon2_lanes);
}

/* file_v2_unwrap(hdr, i, secret) -> file key, or None if it does not open */
static PyObject *py_file_v2_unwrap(PyObject *self, PyObject *args)
{
    Py_buffer h, s;
    unsigned i;
    uint8_t fk[32];
    int rc = RIJN_ERR_PARAM;
    PyObject *res = NULL;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*Iy*", &h, &i, &s))
        return NULL;
    if (rijn_py_need_len(&s, 32, "a stanza secret") == 0) {
        rc = rijn_file_v2_unwrap(fk, h.buf, (size_t)h.len, i, s.buf);
        if (rc == RIJN_OK)
            res = PyBytes_FromStringAndSize((const char *)fk, 32);
        else if (rc == RIJN_ERR_AUTH)
            res = rijn_py_none_ref();
        else
            rijn_py_raise(rc);
    }
    rijn_wipe(fk, sizeof fk);
    PyBuffer_Release(&h);
    PyBuffer_Release(&s);
    return res;
}

/* file_v2_open(ctx, hdr, file_key): the header MAC; ctx keyed for opening */
static PyObject *py_file_v2_open(PyObject *self, PyObject *args)
{
    PyObject *ctxo;
    Py_buffer h, fk;
    rijn_file_ctx *ctx;
    int rc = 0;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oy*y*", &ctxo, &h, &fk))
        return NULL;
    ctx = rijn_py_file_ctx(ctxo);
    if (ctx != NULL && rijn_py_need_len(&fk, 32, "the file key") == 0) {
        rc = rijn_file_v2_open(ctx, h.buf, (size_t)h.len, fk.buf);
        if (rc != RIJN_OK)
            rijn_py_raise_msg(rc, rc == RIJN_ERR_AUTH ? "rijn: header authentication failed "
                                                        "(the header was altered)"
                                                      : "%s", rijn_strerror(rc));
    }
    PyBuffer_Release(&h);
    PyBuffer_Release(&fk);
    if (PyErr_Occurred())
        return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef recip_methods[] = {
    {"file_v2_seal", py_file_v2_seal, METH_VARARGS, "file_v2_seal(ctx, aead, chunk, salt, F, stanzas)"},
    {"file_v2_parse", py_file_v2_parse, METH_O, "file_v2_parse(buf) -> (complete, len, ...)"},
    {"file_v2_stanza", py_file_v2_stanza, METH_VARARGS, "file_v2_stanza(hdr, i)"},
    {"file_v2_unwrap", py_file_v2_unwrap, METH_VARARGS, "file_v2_unwrap(hdr, i, secret)"},
    {"file_v2_open", py_file_v2_open, METH_VARARGS, "file_v2_open(ctx, hdr, F)"},
    {NULL, NULL, 0, NULL}};

int rijn_py_init_recip(PyObject *m)
{
    return PyModule_AddFunctions(m, recip_methods);
}
