/*
 * _rijn_hash.c -- hashes and HMAC for the rijn extension (HKDF, PBKDF2,
 * Argon2id and X25519: _rijn_kdf.c).
 *
 * Implementation notes
 *   Layout: one C type, Hash, with a kind: a descriptor hash (rijn/hash.h:
 *   SHA-2, SHA-3, BLAKE2b-512, legacy MD5/SHA-1), SHAKE128/256 (XOF,
 *   digest(length)), BLAKE2b with any digest size and an optional key, or
 *   HMAC over a descriptor. The object keeps a running context; digest()
 *   finalizes a copy (memcpy: every rijn context is copyable), so update
 *   may go on after digest, as with hashlib. copy() duplicates the object.
 *   Threads: update releases the GIL for long inputs; a busy flag turns
 *   concurrent use of one object into rijn.StateError.
 *   Secrets: contexts (HMAC keys, hash states) are wiped in dealloc and
 *   the finalized copies on the stack right after use; Argon2's work area
 *   is wiped by the library and freed here.
 *   Proved by python/tests/test_hash.py (hashlib, cryptography and
 *   PyCryptodome differential tests, RFC 4231/5869/7748/9106 vectors).
 */
#include "_rijn.h"

#include <stdlib.h>
#include <string.h>

#include "rijn/hash.h"
#include "rijn/hmac.h"
#include "rijn/sha3.h"

enum { K_DESC = 1, K_SHAKE128, K_SHAKE256, K_BLAKE2B, K_HMAC, K_BLAKE2S };

typedef struct {
    PyObject_HEAD
    union {
        rijn_hash_ctx h;
        rijn_sha3_ctx x;
        rijn_blake2b_ctx b;
        rijn_blake2s_ctx s;
        rijn_hmac_ctx m;
    } u;
    const rijn_hash_desc *desc;
    int kind, busy;
    size_t size; /* digest size (0 for XOFs) */
} HashObj;

static PyTypeObject HashType;

const rijn_hash_desc *rijn_py_hash_desc(const char *name)
{
    const rijn_hash_desc *d = rijn_hash_find(name);
    if (d == NULL)
        rijn_py_raise_msg(RIJN_ERR_UNSUPPORTED, "rijn: unknown hash %s", name);
    return d;
}

/* BLAKE2b (big) or BLAKE2s with hashlib's checks: digest size, key, salt
 * and personalisation lengths (salt and person are zero-padded). 1 with
 * a Python exception set, else the library's status. */
static int blake2_init(HashObj *self, int big, Py_ssize_t dsize, const Py_buffer *key,
                       const Py_buffer *salt, const Py_buffer *person)
{
    uint8_t sp[2][16];
    Py_ssize_t max = big ? 64 : 32, half = big ? 16 : 8;
    const char *nm = big ? "BLAKE2b" : "BLAKE2s";
    if (dsize < 1 || dsize > max) {
        PyErr_Format(PyExc_ValueError, "rijn: %s digest_size must be 1..%zd", nm, max);
        return 1;
    }
    if ((key->buf && key->len > max) || (salt->buf && salt->len > half) ||
        (person->buf && person->len > half)) {
        PyErr_Format(PyExc_ValueError, "rijn: %s key is at most %zd bytes, salt and person "
                     "at most %zd", nm, max, half);
        return 1;
    }
    memset(sp, 0, sizeof sp);
    if (salt->buf)
        memcpy(sp[0], salt->buf, (size_t)salt->len);
    if (person->buf)
        memcpy(sp[1], person->buf, (size_t)person->len);
    self->kind = big ? K_BLAKE2B : K_BLAKE2S;
    self->size = (size_t)dsize;
    return big ? rijn_blake2b_init_param(&self->u.b, self->size, key->buf,
                                         key->buf ? (size_t)key->len : 0, sp[0], sp[1])
               : rijn_blake2s_init_param(&self->u.s, self->size, key->buf,
                                         key->buf ? (size_t)key->len : 0, sp[0], sp[1]);
}

/* Hash(name, data=None, *, digest_size=64, key=None, hmac_key=None,
 *      salt=None, person=None) */
static int hash_init(HashObj *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"name", "data", "digest_size", "key", "hmac_key", "salt",
                             "person", NULL};
    const char *name;
    PyObject *data = Py_None;
    Py_ssize_t dsize = -1;
    Py_buffer key = {0}, hkey = {0}, salt = {0}, person = {0};
    int rc = RIJN_OK, ret = -1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s|OnO&O&O&O&", kwlist, &name, &data, &dsize,
                                     rijn_py_opt_buf, &key, rijn_py_opt_buf, &hkey,
                                     rijn_py_opt_buf, &salt, rijn_py_opt_buf, &person))
        return -1;
    if (self->busy || self->kind != 0) {
        PyErr_SetString(PyExc_RuntimeError, "rijn: object already set up");
        goto done;
    }
    self->desc = NULL;
    if (hkey.buf != NULL) {
        self->kind = K_HMAC;
        self->desc = rijn_py_hash_desc(name);
        if (self->desc == NULL)
            goto done;
        self->size = self->desc->digest_size;
        rc = rijn_hmac_init(&self->u.m, self->desc, hkey.buf, (size_t)hkey.len);
    } else if (strcmp(name, "shake128") == 0 || strcmp(name, "shake256") == 0) {
        self->kind = name[5] == '1' ? K_SHAKE128 : K_SHAKE256;
        self->size = 0;
        rc = self->kind == K_SHAKE128 ? rijn_shake128_init(&self->u.x) : rijn_shake256_init(&self->u.x);
    } else if (strcmp(name, "blake2b") == 0 || strcmp(name, "blake2s") == 0) {
        int big = name[6] == 'b';
        rc = blake2_init(self, big, dsize < 0 ? (big ? 64 : 32) : dsize, &key, &salt, &person);
        if (rc == 1)
            goto done;
    } else {
        self->kind = K_DESC;
        self->desc = rijn_py_hash_desc(name);
        if (self->desc == NULL)
            goto done;
        self->size = self->desc->digest_size;
        rc = rijn_hash_init(&self->u.h, self->desc);
    }
    if (rc != RIJN_OK) {
        rijn_py_raise(rc);
        goto done;
    }
    ret = 0;
    if (data != Py_None) {
        PyObject *r = PyObject_CallMethod((PyObject *)self, "update", "O", data);
        if (r == NULL)
            ret = -1;
        Py_XDECREF(r);
    }
done:
    if (key.buf)
        PyBuffer_Release(&key);
    if (hkey.buf)
        PyBuffer_Release(&hkey);
    if (salt.buf)
        PyBuffer_Release(&salt);
    if (person.buf)
        PyBuffer_Release(&person);
    return ret;
}

static void hash_dealloc(HashObj *self)
{
    rijn_wipe(&self->u, sizeof self->u);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int do_update(HashObj *self, const uint8_t *p, size_t n)
{
    switch (self->kind) {
    case K_DESC: return rijn_hash_update(&self->u.h, p, n);
    case K_SHAKE128:
    case K_SHAKE256: return rijn_sha3_update(&self->u.x, p, n);
    case K_BLAKE2B: return rijn_blake2b_update(&self->u.b, p, n);
    case K_BLAKE2S: return rijn_blake2s_update(&self->u.s, p, n);
    case K_HMAC: return rijn_hmac_update(&self->u.m, p, n);
    default: return RIJN_ERR_STATE;
    }
}

static PyObject *hash_update(HashObj *self, PyObject *arg)
{
    Py_buffer data;
    int rc;
    if (self->busy)
        return rijn_py_busy();
    if (self->kind == 0)
        return rijn_py_raise(RIJN_ERR_STATE);
    if (PyObject_GetBuffer(arg, &data, PyBUF_SIMPLE) < 0)
        return NULL;
    self->busy = 1;
    RIJN_PY_NOGIL_IF(data.len >= RIJN_PY_NOGIL_MIN,
                     rc = do_update(self, data.buf, (size_t)data.len));
    self->busy = 0;
    PyBuffer_Release(&data);
    if (rc != RIJN_OK)
        return rijn_py_raise(rc);
    Py_RETURN_NONE;
}

/* digest([length]) -> bytes; length only (and required) for SHAKE. */
static PyObject *hash_digest(HashObj *self, PyObject *args)
{
    Py_ssize_t len = -1;
    HashObj tmp;
    uint8_t out[RIJN_HASH_MAX_SIZE];
    PyObject *res = NULL;
    int rc;
    if (!PyArg_ParseTuple(args, "|n", &len))
        return NULL;
    if (self->busy)
        return rijn_py_busy();
    if (self->kind == 0)
        return rijn_py_raise(RIJN_ERR_STATE);
    memcpy(&tmp.u, &self->u, sizeof tmp.u);
    if (self->kind == K_SHAKE128 || self->kind == K_SHAKE256) {
        if (len < 0) {
            PyErr_SetString(PyExc_TypeError, "rijn: SHAKE digest() needs a length");
        } else if ((res = PyBytes_FromStringAndSize(NULL, len)) != NULL) {
            rc = rijn_shake_squeeze(&tmp.u.x, (uint8_t *)PyBytes_AS_STRING(res), (size_t)len);
            if (rc != RIJN_OK) {
                Py_CLEAR(res);
                rijn_py_raise(rc);
            }
        }
        rijn_wipe(&tmp.u, sizeof tmp.u);
        return res;
    }
    if (len >= 0 && (size_t)len != self->size) {
        rijn_wipe(&tmp.u, sizeof tmp.u);
        PyErr_SetString(PyExc_TypeError, "rijn: digest() takes no length for this hash");
        return NULL;
    }
    switch (self->kind) {
    case K_DESC: rc = rijn_hash_final(&tmp.u.h, out, sizeof out); break;
    case K_BLAKE2B: rc = rijn_blake2b_final(&tmp.u.b, out); break;
    case K_BLAKE2S: rc = rijn_blake2s_final(&tmp.u.s, out); break;
    default: rc = rijn_hmac_final(&tmp.u.m, out, self->size); break;
    }
    rijn_wipe(&tmp.u, sizeof tmp.u);
    if (rc != RIJN_OK)
        return rijn_py_raise(rc);
    res = PyBytes_FromStringAndSize((const char *)out, (Py_ssize_t)self->size);
    rijn_wipe(out, sizeof out);
    return res;
}

static PyObject *hash_copy(HashObj *self, PyObject *unused)
{
    HashObj *c;
    (void)unused;
    if (self->busy)
        return rijn_py_busy();
    c = (HashObj *)Py_TYPE(self)->tp_alloc(Py_TYPE(self), 0);
    if (c == NULL)
        return NULL;
    memcpy(&c->u, &self->u, sizeof c->u);
    c->desc = self->desc;
    c->kind = self->kind;
    c->size = self->size;
    c->busy = 0;
    return (PyObject *)c;
}

static PyObject *hash_get_size(HashObj *self, void *closure)
{
    (void)closure;
    return PyLong_FromSize_t(self->size);
}

static PyObject *hash_get_block(HashObj *self, void *closure)
{
    (void)closure;
    if (self->desc)
        return PyLong_FromSize_t(self->desc->block_size);
    if (self->kind == K_BLAKE2B || self->kind == K_BLAKE2S)
        return PyLong_FromLong(self->kind == K_BLAKE2B ? 128 : 64);
    return PyLong_FromLong(self->kind == K_SHAKE128 ? 168 : 136);
}

static PyMethodDef hash_methods[] = {
    {"update", (PyCFunction)hash_update, METH_O, "update(data)"},
    {"digest", (PyCFunction)hash_digest, METH_VARARGS, "digest([length]) -> bytes"},
    {"copy", (PyCFunction)hash_copy, METH_NOARGS, "copy() -> a clone of the running state"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef hash_getset[] = {
    {"digest_size", (getter)hash_get_size, NULL, "digest size in bytes (0 for SHAKE)", NULL},
    {"block_size", (getter)hash_get_block, NULL, "block size (rate) in bytes", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject HashType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "rijn._rijn.Hash",
    .tp_basicsize = sizeof(HashObj),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "Hash(name, data=None, *, digest_size=None, key=None, hmac_key=None, salt=None, "
              "person=None)",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)hash_init,
    .tp_dealloc = (destructor)hash_dealloc,
    .tp_methods = hash_methods,
    .tp_getset = hash_getset,
};

static PyObject *py_hash_names(PyObject *self, PyObject *unused)
{
    PyObject *list = PyList_New(0);
    size_t i;
    (void)self;
    (void)unused;
    for (i = 0; list != NULL && i < rijn_hash_count(); i++) {
        PyObject *s = PyUnicode_FromString(rijn_hash_name(rijn_hash_at(i)));
        if (s == NULL || PyList_Append(list, s) < 0)
            Py_CLEAR(list);
        Py_XDECREF(s);
    }
    return list;
}

static PyMethodDef hash_module_methods[] = {
    {"hash_names", py_hash_names, METH_NOARGS, "names of the compiled-in hashes"},
    {NULL, NULL, 0, NULL}};

int rijn_py_init_hash(PyObject *m)
{
    if (PyType_Ready(&HashType) < 0)
        return -1;
    Py_INCREF(&HashType);
    if (PyModule_AddObject(m, "Hash", (PyObject *)&HashType) < 0) {
        Py_DECREF(&HashType);
        return -1;
    }
    return PyModule_AddFunctions(m, hash_module_methods);
}
