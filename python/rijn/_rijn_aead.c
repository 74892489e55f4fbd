/*
 * _rijn_aead.c -- the AEAD classes of the rijn extension: one C type,
 * Aead(alg, key), over every AEAD of the library; rijn/__init__.py gives
 * each algorithm its own class (AESGCM, AESCCM, ... like cryptography's).
 *
 * Implementation notes
 *   Layout: the object holds a context big enough for any AEAD
 *   (rijn_aead_any_ctx) and its descriptor from the library's AEAD table
 *   (rijn/aead_table.h: key setup, seal, open behind one signature;
 *   exported to Python as AEAD_TABLE). seal returns ciphertext || tag (tag_len bytes); open
 *   takes ciphertext || tag. SIV has seal_v / open_v over a vector of
 *   associated-data strings and returns V || C (RFC 5297, cryptography's
 *   AESSIV): the methods check the object here, the vector and the calls
 *   are in _rijn_aead_siv.c.
 *   Threads: seal/open take a const context (message state on the stack),
 *   so no lock is needed; the GIL is released for long inputs.
 *   Failure: the library wipes the output on RIJN_ERR_AUTH; the bytes
 *   object is dropped and rijn.InvalidTag raised. The key schedule is
 *   wiped in dealloc.
 *   Proved by python/tests/test_aead.py (RFC/NIST KATs, cryptography and
 *   PyCryptodome differential tests, tag and ciphertext bit flips).
 */
#include "_rijn.h"

#include <string.h>

#include "rijn/aead_table.h"

/* The alg numbers of Aead(alg, key) (rijn/_aead.py's _ALG): a family of
 * the library's AEAD table (rijn/aead_table.h), the descriptor chosen by
 * the key size ("aes-<bits>-gcm"; AES-SIV keys are two AES keys). The
 * sizes and calls are the descriptor's; AEAD_TABLE gives Python the
 * whole table. */
enum { A_GCM = 1, A_CCM, A_OCB, A_GCMSIV, A_SIV, A_EAX, A_CHACHA, A_XCHACHA, A_ASCON, A_LAST = A_ASCON };
static const char *const families[] = {NULL,  "gcm", "ccm",               "ocb3",
                                       "gcm-siv", "siv", "eax", "chacha20-poly1305",
                                       "xchacha20-poly1305", "ascon-aead128"};

static const rijn_aead_alg *family_alg(int alg, size_t key_len)
{
    char name[40];
    const rijn_aead_alg *a;
    if (alg < 1 || alg > A_LAST)
        return NULL;
    if (alg >= A_CHACHA)
        return rijn_aead_alg_find(families[alg]);
    PyOS_snprintf(name, sizeof name, "aes-%u-%s",
                  (unsigned)(alg == A_SIV ? key_len * 4 : key_len * 8), families[alg]);
    a = rijn_aead_alg_find(name);
    return a != NULL && a->key_len == key_len ? a : NULL;
}

typedef struct {
    PyObject_HEAD
    rijn_aead_any_ctx u;
    int alg, keyed;
    Py_ssize_t nonce_min, nonce_max; /* accepted nonce lengths (the Python class's rule) */
    const rijn_aead_alg *desc;
} AeadObj;

static int aead_init(AeadObj *self, PyObject *args, PyObject *kw)
{
    int alg, rc = RIJN_ERR_PARAM;
    Py_buffer key;
    const uint8_t *k;
    size_t kl;
    (void)kw;
    if (self->keyed) {
        rijn_py_raise(RIJN_ERR_STATE); /* re-keying could race a seal running without the GIL */
        return -1;
    }
    self->nonce_min = 0;
    self->nonce_max = PY_SSIZE_T_MAX;
    if (!PyArg_ParseTuple(args, "iy*|nn", &alg, &key, &self->nonce_min, &self->nonce_max))
        return -1;
    k = key.buf;
    kl = (size_t)key.len;
    self->keyed = 0;
    self->alg = alg;
    self->desc = family_alg(alg, kl);
    if (self->desc != NULL)
        rc = self->desc->init(&self->u, k, kl);
    else if (alg >= 1 && alg <= A_LAST)
        rc = RIJN_ERR_KEY_LEN; /* no such key size, as the AEAD's key setup says */
    PyBuffer_Release(&key);
    if (rc != RIJN_OK) {
        rijn_wipe(&self->u, sizeof self->u);
        rijn_py_raise(rc);
        return -1;
    }
    self->keyed = 1;
    return 0;
}

static void aead_dealloc(AeadObj *self)
{
    rijn_wipe(&self->u, sizeof self->u);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int check_keyed(AeadObj *self)
{
    if (!self->keyed) {
        rijn_py_raise(RIJN_ERR_STATE);
        return -1;
    }
    return 0;
}

/* The arguments of seal/open: nonce and data bytes-like (str and None
 * are TypeError, as in cryptography), aad bytes-like or None, tag_len,
 * and for the _into forms a writable buffer. */
typedef struct {
    Py_buffer nonce, data, aad, buf;
    Py_ssize_t tag_len;
} aead_args;

static void args_release(aead_args *a)
{
    PyBuffer_Release(&a->nonce);
    PyBuffer_Release(&a->data);
    PyBuffer_Release(&a->aad);
    PyBuffer_Release(&a->buf);
}

static int args_get(AeadObj *self, PyObject *args, aead_args *a, int into)
{
    PyObject *aad, *buf = NULL;
    memset(a, 0, sizeof *a);
    if (check_keyed(self) < 0)
        return -1;
    if (!PyArg_ParseTuple(args, into ? "y*y*OnO" : "y*y*On", &a->nonce, &a->data, &aad,
                          &a->tag_len, &buf))
        return -1;
    if (aad != Py_None && PyObject_GetBuffer(aad, &a->aad, PyBUF_SIMPLE) < 0)
        goto fail;
    if (into && PyObject_GetBuffer(buf, &a->buf, PyBUF_WRITABLE) < 0) {
        if (PyErr_ExceptionMatches(PyExc_BufferError)) { /* cryptography: a TypeError */
            PyErr_Clear();
            PyErr_SetString(PyExc_TypeError, "Buffer is not writable.");
        }
        goto fail;
    }
    if (a->nonce.len < self->nonce_min || a->nonce.len > self->nonce_max) {
        if (self->nonce_min == self->nonce_max)
            rijn_py_raise_msg(RIJN_ERR_NONCE_LEN, "Nonce must be %zd bytes", self->nonce_min);
        else
            rijn_py_raise_msg(RIJN_ERR_NONCE_LEN, "Nonce must be between %zd and %zd bytes",
                              self->nonce_min, self->nonce_max);
        goto fail;
    }
    if (a->tag_len < 0 || a->tag_len > RIJN_AEAD_TAG_MAX ||
        a->data.len > PY_SSIZE_T_MAX - a->tag_len) {
        rijn_py_raise(RIJN_ERR_TAG_LEN);
        goto fail;
    }
    return 0;
fail:
    args_release(a);
    return -1;
}

/* Seal into out (data.len + tag_len bytes). */
static int do_seal(AeadObj *self, aead_args *a, uint8_t *out)
{
    int rc;
    RIJN_PY_NOGIL_IF(a->data.len >= RIJN_PY_NOGIL_MIN,
                     rc = self->desc->seal(&self->u, out, out + a->data.len, (size_t)a->tag_len,
                                     a->nonce.buf, (size_t)a->nonce.len, a->aad.buf,
                                     (size_t)a->aad.len, a->data.buf, (size_t)a->data.len));
    if (rc != RIJN_OK) {
        rijn_py_raise(rc);
        return -1;
    }
    return 0;
}

/* Open data (ct || tag) into out (data.len - tag_len bytes; checked by the caller). */
static int do_open(AeadObj *self, aead_args *a, uint8_t *out)
{
    Py_ssize_t len = a->data.len - a->tag_len;
    const uint8_t *in = a->data.buf;
    int rc;
    RIJN_PY_NOGIL_IF(len >= RIJN_PY_NOGIL_MIN,
                     rc = self->desc->open(&self->u, out, in + len, (size_t)a->tag_len, a->nonce.buf,
                                     (size_t)a->nonce.len, a->aad.buf, (size_t)a->aad.len, in,
                                     (size_t)len));
    if (rc != RIJN_OK) {
        rijn_py_raise(rc);
        return -1;
    }
    return 0;
}

/* seal(nonce, data, aad, tag_len) -> ciphertext || tag */
static PyObject *aead_seal(AeadObj *self, PyObject *args)
{
    aead_args a;
    PyObject *res;
    if (args_get(self, args, &a, 0) < 0)
        return NULL;
    res = PyBytes_FromStringAndSize(NULL, a.data.len + a.tag_len);
    if (res != NULL && do_seal(self, &a, (uint8_t *)PyBytes_AS_STRING(res)) < 0)
        Py_CLEAR(res);
    args_release(&a);
    return res;
}

/* open(nonce, ciphertext || tag, aad, tag_len) -> plaintext */
static PyObject *aead_open(AeadObj *self, PyObject *args)
{
    aead_args a;
    PyObject *res = NULL;
    if (args_get(self, args, &a, 0) < 0)
        return NULL;
    if (a.data.len < a.tag_len) {
        rijn_py_raise(RIJN_ERR_AUTH); /* too short to hold a tag */
    } else {
        res = PyBytes_FromStringAndSize(NULL, a.data.len - a.tag_len);
        if (res != NULL && do_open(self, &a, (uint8_t *)PyBytes_AS_STRING(res)) < 0)
            Py_CLEAR(res);
    }
    args_release(&a);
    return res;
}

/* seal_split(nonce, data, aad, tag_len) -> (ciphertext, tag): PyCryptodome's
 * encrypt_and_digest shape without copying the ciphertext out of ct || tag */
static PyObject *aead_seal_split(AeadObj *self, PyObject *args)
{
    aead_args a;
    PyObject *ct, *res = NULL;
    uint8_t tag[RIJN_AEAD_TAG_MAX];
    int rc;
    if (args_get(self, args, &a, 0) < 0)
        return NULL;
    ct = PyBytes_FromStringAndSize(NULL, a.data.len);
    if (ct != NULL) {
        RIJN_PY_NOGIL_IF(a.data.len >= RIJN_PY_NOGIL_MIN,
                         rc = self->desc->seal(&self->u, (uint8_t *)PyBytes_AS_STRING(ct), tag,
                                         (size_t)a.tag_len, a.nonce.buf, (size_t)a.nonce.len,
                                         a.aad.buf, (size_t)a.aad.len, a.data.buf,
                                         (size_t)a.data.len));
        if (rc != RIJN_OK)
            rijn_py_raise(rc);
        else
            res = Py_BuildValue("(Oy#)", ct, (const char *)tag, a.tag_len);
        Py_DECREF(ct);
    }
    args_release(&a);
    return res;
}

/* open_split(nonce, ciphertext, aad, tag) -> plaintext (tag given apart) */
static PyObject *aead_open_split(AeadObj *self, PyObject *args)
{
    Py_buffer nonce, data, aad, tag;
    PyObject *res = NULL;
    int rc;
    if (check_keyed(self) < 0 ||
        !PyArg_ParseTuple(args, "y*y*O&y*", &nonce, &data, rijn_py_opt_buf, &aad, &tag))
        return NULL;
    if (nonce.len < self->nonce_min || nonce.len > self->nonce_max) {
        rijn_py_raise_msg(RIJN_ERR_NONCE_LEN, "Nonce must be between %zd and %zd bytes",
                          self->nonce_min, self->nonce_max);
    } else if (tag.len > RIJN_AEAD_TAG_MAX) {
        rijn_py_raise(RIJN_ERR_AUTH);
    } else if ((res = PyBytes_FromStringAndSize(NULL, data.len)) != NULL) {
        RIJN_PY_NOGIL_IF(data.len >= RIJN_PY_NOGIL_MIN,
                         rc = self->desc->open(&self->u, (uint8_t *)PyBytes_AS_STRING(res), tag.buf,
                                         (size_t)tag.len, nonce.buf, (size_t)nonce.len, aad.buf,
                                         (size_t)aad.len, data.buf, (size_t)data.len));
        if (rc != RIJN_OK) {
            Py_CLEAR(res);
            rijn_py_raise(rc);
        }
    }
    PyBuffer_Release(&nonce);
    PyBuffer_Release(&data);
    PyBuffer_Release(&aad);
    PyBuffer_Release(&tag);
    return res;
}

/* seal_into(nonce, data, aad, tag_len, buf) -> bytes written (len + tag_len);
 * buf must hold exactly that many bytes (cryptography's rule). The
 * output may not overlap the input except exactly (in place). */
static PyObject *aead_seal_into(AeadObj *self, PyObject *args)
{
    aead_args a;
    PyObject *res = NULL;
    if (args_get(self, args, &a, 1) < 0)
        return NULL;
    if (a.buf.len != a.data.len + a.tag_len)
        rijn_py_raise_msg(RIJN_ERR_BUFFER, "buffer must be %zd bytes", a.data.len + a.tag_len);
    else if (do_seal(self, &a, a.buf.buf) == 0)
        res = PyLong_FromSsize_t(a.buf.len);
    args_release(&a);
    return res;
}

/* open_into(nonce, ct || tag, aad, tag_len, buf) -> bytes written (len - tag_len) */
static PyObject *aead_open_into(AeadObj *self, PyObject *args)
{
    aead_args a;
    PyObject *res = NULL;
    if (args_get(self, args, &a, 1) < 0)
        return NULL;
    if (a.data.len < a.tag_len)
        rijn_py_raise(RIJN_ERR_AUTH);
    else if (a.buf.len != a.data.len - a.tag_len)
        rijn_py_raise_msg(RIJN_ERR_BUFFER, "buffer must be %zd bytes", a.data.len - a.tag_len);
    else if (do_open(self, &a, a.buf.buf) == 0)
        res = PyLong_FromSsize_t(a.buf.len);
    args_release(&a);
    return res;
}

/* seal_v / open_v: AES-SIV over a vector of associated data strings
 * (_rijn_aead_siv.c) */
static PyObject *siv_v(AeadObj *self, PyObject *args, int seal)
{
    if (check_keyed(self) < 0)
        return NULL;
    if (self->alg != A_SIV) {
        PyErr_SetString(PyExc_TypeError, "rijn: seal_v/open_v are for AES-SIV only");
        return NULL;
    }
    return rijn_py_siv_v(&self->u.siv, args, seal);
}

static PyObject *aead_seal_v(AeadObj *self, PyObject *args) { return siv_v(self, args, 1); }
static PyObject *aead_open_v(AeadObj *self, PyObject *args) { return siv_v(self, args, 0); }

static PyMethodDef aead_methods[] = {
    {"seal", (PyCFunction)aead_seal, METH_VARARGS, "seal(nonce, data, aad, tag_len) -> ct || tag"},
    {"open", (PyCFunction)aead_open, METH_VARARGS, "open(nonce, ct || tag, aad, tag_len) -> pt"},
    {"seal_split", (PyCFunction)aead_seal_split, METH_VARARGS,
     "seal_split(nonce, data, aad, tag_len) -> (ciphertext, tag)"},
    {"open_split", (PyCFunction)aead_open_split, METH_VARARGS,
     "open_split(nonce, ciphertext, aad, tag) -> plaintext"},
    {"seal_into", (PyCFunction)aead_seal_into, METH_VARARGS,
     "seal_into(nonce, data, aad, tag_len, buf) -> len(data) + tag_len"},
    {"open_into", (PyCFunction)aead_open_into, METH_VARARGS,
     "open_into(nonce, ct || tag, aad, tag_len, buf) -> len(ct)"},
    {"seal_v", (PyCFunction)aead_seal_v, METH_VARARGS, "SIV: seal_v(ad_list, data) -> V || C"},
    {"open_v", (PyCFunction)aead_open_v, METH_VARARGS, "SIV: open_v(ad_list, V || C) -> pt"},
    {NULL, NULL, 0, NULL}};

static PyTypeObject AeadType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "rijn._rijn.Aead",
    .tp_basicsize = sizeof(AeadObj),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "Aead(alg, key, nonce_min=0, nonce_max=any): a keyed AEAD context",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)aead_init,
    .tp_dealloc = (destructor)aead_dealloc,
    .tp_methods = aead_methods,
};

/* AEAD_TABLE: one tuple per descriptor of the library's AEAD table:
 * (name, alias or None, key_len, nonce_len, nonce_min, nonce_max,
 * tag_min, tag_len, flags). */
static PyObject *aead_table(void)
{
    size_t i, n = rijn_aead_alg_count();
    PyObject *t = PyTuple_New((Py_ssize_t)n);
    for (i = 0; t != NULL && i < n; i++) {
        const rijn_aead_alg *a = rijn_aead_alg_at(i);
        PyObject *row = Py_BuildValue("(sznnnNnnI)", a->name, a->alias, (Py_ssize_t)a->key_len,
                                      (Py_ssize_t)a->nonce_len, (Py_ssize_t)a->nonce_min,
                                      PyLong_FromSize_t(a->nonce_max),
                                      (Py_ssize_t)a->tag_min, (Py_ssize_t)a->tag_len,
                                      a->flags);
        if (row == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, (Py_ssize_t)i, row);
    }
    return t;
}

int rijn_py_init_aead(PyObject *m)
{
    PyObject *table;
    if (PyType_Ready(&AeadType) < 0)
        return -1;
    table = aead_table();
    if (table == NULL || PyModule_AddObject(m, "AEAD_TABLE", table) < 0) {
        Py_XDECREF(table);
        return -1;
    }
    Py_INCREF(&AeadType);
    if (PyModule_AddObject(m, "Aead", (PyObject *)&AeadType) < 0) {
        Py_DECREF(&AeadType);
        return -1;
    }
    return 0;
}
