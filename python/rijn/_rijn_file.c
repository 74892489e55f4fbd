/*
 * _rijn_file.c -- the rijn file format (rijn/file.h, docs/FORMAT.md) for
 * the rijn extension: a FileCtx type that seals or opens one stream chunk
 * by chunk, header parsing and the passphrase KDFs. The input/output and
 * the random salt are done in Python (rijn/__init__.py: encrypt_file,
 * decrypt_file, encrypt_bytes, decrypt_bytes).
 *
 * Implementation notes
 *   Layout: FileCtx wraps rijn_file_ctx (the payload key schedule and
 *   counters); the master key passes through and is never stored.
 *   Constant memory: Python hands over one chunk at a time.
 *   Release of plaintext: open_chunk returns a chunk's plaintext only after
 *   the library authenticated it (RIJN_ERR_AUTH -> rijn.InvalidTag; the
 *   stream is then failed and later calls raise rijn.StateError).
 *   Secrets: the context is wiped by the library after the last chunk and
 *   after a failure, and here in dealloc; master keys derived from a
 *   passphrase are returned to Python as bytes (Python cannot wipe them).
 *   Proved by python/tests/test_file.py (round trips, the CLI's files read
 *   back, truncation/reordering/bit flips detected).
 */
#include "_rijn.h"

#include <stdlib.h>
#include <string.h>

#include "rijn/aead_table.h"
#include "rijn/file.h"

typedef struct {
    PyObject_HEAD
    rijn_file_ctx ctx;
    int busy;
} FileObj;

static void file_dealloc(FileObj *self)
{
    rijn_file_wipe(&self->ctx);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int get_master(Py_buffer *b)
{
    if (b->len != RIJN_FILE_KEY_SIZE) {
        PyErr_SetString(PyExc_ValueError, "rijn: the file key is 32 bytes");
        return -1;
    }
    return 0;
}

/* params from (aead, chunk_size, key_source, iterations, t, m, p, salt) */
static int parse_params(rijn_file_params *p, PyObject *tuple)
{
    unsigned aead, ks, lanes;
    unsigned long chunk, it, t, m;
    Py_buffer salt;
    rijn_file_params_init(p);
    if (!PyArg_ParseTuple(tuple, "IkIkkkIy*", &aead, &chunk, &ks, &it, &t, &m, &lanes, &salt))
        return -1;
    if (salt.len != RIJN_FILE_SALT_SIZE || aead > 255 || ks > 255 || lanes > 255 ||
        chunk > 0xFFFFFFFFul || it > 0xFFFFFFFFul || t > 0xFFFFFFFFul || m > 0xFFFFFFFFul) {
        PyBuffer_Release(&salt);
        rijn_py_raise(RIJN_ERR_PARAM);
        return -1;
    }
    p->aead = (uint8_t)aead;
    p->chunk_size = (uint32_t)chunk;
    p->key_source = (uint8_t)ks;
    p->iterations = (uint32_t)it;
    p->argon2_t = (uint32_t)t;
    p->argon2_m = (uint32_t)m;
    p->argon2_lanes = (uint8_t)lanes;
    memcpy(p->salt, salt.buf, RIJN_FILE_SALT_SIZE);
    PyBuffer_Release(&salt);
    return 0;
}

static PyObject *params_tuple(const rijn_file_params *p)
{
    return Py_BuildValue("(nIIIkkkIy#)", (Py_ssize_t)p->header_len, (unsigned)p->aead,
                         (unsigned)p->chunk_size, (unsigned)p->key_source,
                         (unsigned long)p->iterations, (unsigned long)p->argon2_t,
                         (unsigned long)p->argon2_m, (unsigned)p->argon2_lanes,
                         (const char *)p->salt, (Py_ssize_t)RIJN_FILE_SALT_SIZE);
}

/* seal_init(params_tuple, master) -> header bytes */
static PyObject *file_seal_init(FileObj *self, PyObject *args)
{
    PyObject *tuple;
    Py_buffer master;
    rijn_file_params p;
    uint8_t header[RIJN_FILE_HEADER_MAX];
    size_t hlen = 0;
    int rc;
    if (self->busy)
        return rijn_py_busy();
    if (!PyArg_ParseTuple(args, "O!y*", &PyTuple_Type, &tuple, &master))
        return NULL;
    if (get_master(&master) < 0 || parse_params(&p, tuple) < 0) {
        PyBuffer_Release(&master);
        return NULL;
    }
    rc = rijn_file_seal_init(&self->ctx, header, sizeof header, &hlen, &p, master.buf);
    PyBuffer_Release(&master);
    if (rc != RIJN_OK)
        return rijn_py_raise(rc);
    return PyBytes_FromStringAndSize((const char *)header, (Py_ssize_t)hlen);
}

/* open_header(header, master) -> params tuple */
static PyObject *file_open_header(FileObj *self, PyObject *args)
{
    Py_buffer hdr, master;
    rijn_file_params p;
    int rc;
    if (self->busy)
        return rijn_py_busy();
    if (!PyArg_ParseTuple(args, "y*y*", &hdr, &master))
        return NULL;
    if (get_master(&master) < 0) {
        rc = 1;
    } else {
        rc = rijn_file_header_parse(&p, hdr.buf, (size_t)hdr.len);
        if (rc == RIJN_OK)
            rc = rijn_file_open_header(&self->ctx, hdr.buf, p.header_len, master.buf);
        if (rc != RIJN_OK)
            rijn_py_raise(rc);
    }
    PyBuffer_Release(&hdr);
    PyBuffer_Release(&master);
    return rc == RIJN_OK ? params_tuple(&p) : NULL;
}

static PyObject *file_chunk(FileObj *self, PyObject *args, int seal)
{
    Py_buffer data;
    int is_last, rc;
    Py_ssize_t out_len;
    PyObject *res = NULL;
    if (self->busy)
        return rijn_py_busy();
    if (!PyArg_ParseTuple(args, "y*p", &data, &is_last))
        return NULL;
    if (!seal && data.len < RIJN_FILE_TAG_SIZE) {
        /* let the library judge the length (truncation vs bad length) */
        out_len = 0;
    } else {
        out_len = seal ? data.len + RIJN_FILE_TAG_SIZE : data.len - RIJN_FILE_TAG_SIZE;
    }
    res = PyBytes_FromStringAndSize(NULL, out_len);
    if (res != NULL) {
        uint8_t *out = (uint8_t *)PyBytes_AS_STRING(res);
        uint8_t dummy[1];
        if (out_len == 0)
            out = dummy;
        self->busy = 1;
        RIJN_PY_NOGIL_IF(data.len >= RIJN_PY_NOGIL_MIN,
                         rc = seal ? rijn_file_seal_chunk(&self->ctx, out, data.buf,
                                                          (size_t)data.len, is_last)
                                   : rijn_file_open_chunk(&self->ctx, out, data.buf,
                                                          (size_t)data.len, is_last));
        self->busy = 0;
        if (rc != RIJN_OK) {
            Py_CLEAR(res);
            rijn_py_raise(rc);
        }
    }
    PyBuffer_Release(&data);
    return res;
}

static PyObject *file_seal_chunk(FileObj *self, PyObject *args) { return file_chunk(self, args, 1); }
static PyObject *file_open_chunk(FileObj *self, PyObject *args) { return file_chunk(self, args, 0); }

static PyObject *file_open_final(FileObj *self, PyObject *unused)
{
    int rc;
    (void)unused;
    if (self->busy)
        return rijn_py_busy();
    rc = rijn_file_open_final(&self->ctx);
    if (rc != RIJN_OK)
        return rijn_py_raise(rc);
    Py_RETURN_NONE;
}

static PyObject *file_chunks(FileObj *self, void *closure)
{
    (void)closure;
    return PyLong_FromUnsignedLongLong(rijn_file_chunk_index(&self->ctx));
}

static PyMethodDef file_methods[] = {
    {"seal_init", (PyCFunction)file_seal_init, METH_VARARGS, "seal_init(params, master) -> header"},
    {"seal_chunk", (PyCFunction)file_seal_chunk, METH_VARARGS, "seal_chunk(data, is_last) -> bytes"},
    {"open_header", (PyCFunction)file_open_header, METH_VARARGS, "open_header(header, master) -> params"},
    {"open_chunk", (PyCFunction)file_open_chunk, METH_VARARGS, "open_chunk(data, is_last) -> bytes"},
    {"open_final", (PyCFunction)file_open_final, METH_NOARGS, "open_final()"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef file_getset[] = {
    {"chunk_index", (getter)file_chunks, NULL, "chunks sealed or opened so far", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject FileType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "rijn._rijn.FileCtx",
    .tp_basicsize = sizeof(FileObj),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "FileCtx(): one rijn-format stream (seal or open)",
    .tp_new = PyType_GenericNew,
    .tp_dealloc = (destructor)file_dealloc,
    .tp_methods = file_methods,
    .tp_getset = file_getset,
};

/* file_parse(buf) -> (header_len, aead, chunk_size, key_source, iterations, t, m, p, salt) */
static PyObject *py_file_parse(PyObject *self, PyObject *arg)
{
    Py_buffer b;
    rijn_file_params p;
    int rc;
    (void)self;
    if (PyObject_GetBuffer(arg, &b, PyBUF_SIMPLE) < 0)
        return NULL;
    rc = rijn_file_header_parse(&p, b.buf, (size_t)b.len);
    PyBuffer_Release(&b);
    if (rc != RIJN_OK)
        return rijn_py_raise(rc);
    return params_tuple(&p);
}

/* file_master_key(params_tuple, passphrase) -> 32 bytes */
static PyObject *py_file_master_key(PyObject *self, PyObject *args)
{
    PyObject *tuple, *res = NULL;
    Py_buffer pass;
    rijn_file_params p;
    uint8_t master[RIJN_FILE_KEY_SIZE];
    size_t ws;
    void *work = NULL;
    int rc;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!y*", &PyTuple_Type, &tuple, &pass))
        return NULL;
    if (parse_params(&p, tuple) < 0)
        goto done;
    ws = rijn_file_argon2_work_size(&p);
    if (ws && (work = malloc(ws)) == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_BEGIN_ALLOW_THREADS
    rc = rijn_file_master_key(master, &p, pass.buf, (size_t)pass.len, work, ws);
    Py_END_ALLOW_THREADS
    free(work);
    if (rc != RIJN_OK)
        rijn_py_raise(rc);
    else
        res = PyBytes_FromStringAndSize((const char *)master, sizeof master);
    rijn_wipe(master, sizeof master);
done:
    PyBuffer_Release(&pass);
    return res;
}

static PyObject *py_file_available(PyObject *self, PyObject *args)
{
    unsigned aead, ks;
    (void)self;
    if (!PyArg_ParseTuple(args, "II", &aead, &ks))
        return NULL;
    return PyBool_FromLong((aead == 0 || rijn_file_aead_available(aead)) &&
                           (ks == 0 || rijn_file_kdf_available(ks)));
}

/* file_aeads() -> {name: id} of the file AEADs this build has, named by
 * their descriptors (rijn_file_aead_alg: the alias where there is one,
 * "ascon128", else the name) */
static PyObject *py_file_aeads(PyObject *self, PyObject *unused)
{
    PyObject *d = PyDict_New();
    unsigned id;
    (void)self;
    (void)unused;
    for (id = RIJN_FILE_AES256GCM; d != NULL && id <= RIJN_FILE_ASCON128; id++) {
        const rijn_aead_alg *a = rijn_file_aead_alg(id);
        PyObject *v;
        if (a == NULL)
            continue;
        v = PyLong_FromUnsignedLong(id);
        if (v == NULL || PyDict_SetItemString(d, a->alias != NULL ? a->alias : a->name, v) < 0)
            Py_CLEAR(d);
        Py_XDECREF(v);
    }
    return d;
}

rijn_file_ctx *rijn_py_file_ctx(PyObject *o)
{
    if (!PyObject_TypeCheck(o, &FileType)) {
        PyErr_SetString(PyExc_TypeError, "rijn: a FileCtx is needed");
        return NULL;
    }
    if (((FileObj *)o)->busy) {
        rijn_py_busy();
        return NULL;
    }
    return &((FileObj *)o)->ctx;
}

static PyMethodDef file_module_methods[] = {
    {"file_parse", py_file_parse, METH_O, "file_parse(header) -> params tuple"},
    {"file_master_key", py_file_master_key, METH_VARARGS, "file_master_key(params, passphrase)"},
    {"file_available", py_file_available, METH_VARARGS, "file_available(aead_id, key_source)"},
    {"file_aeads", py_file_aeads, METH_NOARGS, "file_aeads() -> {name: aead id}"},
    {NULL, NULL, 0, NULL}};

int rijn_py_init_file(PyObject *m)
{
    if (PyType_Ready(&FileType) < 0)
        return -1;
    Py_INCREF(&FileType);
    if (PyModule_AddObject(m, "FileCtx", (PyObject *)&FileType) < 0) {
        Py_DECREF(&FileType);
        return -1;
    }
    /* the file layer's reader limits (rijn/file.h) */
    if (PyModule_AddIntConstant(m, "FILE_READ_MAX_PBKDF2_ITER",
                                (long)RIJN_FILE_READ_MAX_PBKDF2_ITER) < 0 ||
        PyModule_AddIntConstant(m, "FILE_READ_MAX_ARGON2_T", (long)RIJN_FILE_READ_MAX_ARGON2_T) < 0 ||
        PyModule_AddIntConstant(m, "FILE_READ_MAX_ARGON2_M", (long)RIJN_FILE_READ_MAX_ARGON2_M) < 0)
        return -1;
    return PyModule_AddFunctions(m, file_module_methods);
}
