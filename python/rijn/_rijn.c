/*
 * _rijn.c -- the rijn CPython extension: module set-up, exceptions and the
 * AES block cipher object.
 *
 * Implementation notes
 *   Layout: module rijn._rijn; the Python package (rijn/__init__.py) puts
 *   the friendly names on top; each family's file adds its functions and
 *   types (rijn_py_init_*). Exceptions: Error(Exception) is the base;
 *   InvalidTag(Error, ValueError[, cryptography's InvalidTag]) for
 *   RIJN_ERR_AUTH, ParamError(Error, ValueError) for bad lengths, keys,
 *   nonces, padding and parameters, UnsupportedError(Error,
 *   NotImplementedError[, cryptography's UnsupportedAlgorithm]),
 *   StateError(Error, RuntimeError). Each carries .code (the RIJN_ERR_*
 *   value); the message is rijn_strerror's or the caller's
 *   (rijn_py_raise_msg).
 *   Constant time: nothing here branches on secret data; the library does
 *   the cryptography. Proved by python/tests (KATs from SP 800-38A and
 *   FIPS 197, differential tests against cryptography and PyCryptodome).
 */
#include "_rijn.h"

#include <stdarg.h>
#include <string.h>

#include "rijn/aes.h"

static PyObject *err_base, *err_tag, *err_param, *err_unsupported, *err_state;

static PyObject *raise_text(int rc, PyObject *text);

PyObject *rijn_py_raise(int rc)
{
    PyObject *text = PyUnicode_FromString(rijn_strerror(rc));
    return text ? raise_text(rc, text) : NULL;
}

PyObject *rijn_py_raise_msg(int rc, const char *fmt, ...)
{
    PyObject *text;
    va_list ap;
    va_start(ap, fmt);
    text = PyUnicode_FromFormatV(fmt, ap);
    va_end(ap);
    return text ? raise_text(rc, text) : NULL;
}

/* Raise the class for rc with message text (stolen) and .code = rc. */
static PyObject *raise_text(int rc, PyObject *text)
{
    PyObject *cls = err_param, *inst, *code;
    if (rc == RIJN_ERR_AUTH)
        cls = err_tag;
    else if (rc == RIJN_ERR_UNSUPPORTED)
        cls = err_unsupported;
    else if (rc == RIJN_ERR_STATE)
        cls = err_state;
    inst = PyObject_CallFunctionObjArgs(cls, text, NULL);
    Py_DECREF(text);
    if (inst == NULL)
        return NULL;
    code = PyLong_FromLong(rc);
    if (code == NULL || PyObject_SetAttrString(inst, "code", code) < 0) {
        Py_XDECREF(code);
        Py_DECREF(inst);
        return NULL;
    }
    Py_DECREF(code);
    PyErr_SetObject(cls, inst);
    Py_DECREF(inst);
    return NULL;
}

int rijn_py_opt_buf(PyObject *o, void *view)
{
    Py_buffer *b = view;
    if (o == NULL) { /* clean-up call after a later argument failed */
        PyBuffer_Release(b);
        return 1;
    }
    memset(b, 0, sizeof *b);
    if (o == Py_None)
        return Py_CLEANUP_SUPPORTED;
    return PyObject_GetBuffer(o, b, PyBUF_SIMPLE) == 0 ? Py_CLEANUP_SUPPORTED : 0;
}

PyObject *rijn_py_busy(void)
{
    PyErr_SetString(err_state, "rijn: object in use by another thread");
    return NULL;
}

/* ---- AES block cipher ---------------------------------------------------- */
typedef struct {
    PyObject_HEAD
    rijn_aes_ctx aes;
} AESObj;

static int aes_init(AESObj *self, PyObject *args, PyObject *kw)
{
    Py_buffer key;
    int rc;
    (void)kw;
    if (self->aes.rounds != 0) {
        PyErr_SetString(err_state, "rijn: object already keyed");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "y*", &key))
        return -1;
    rc = rijn_aes_init(&self->aes, key.buf, (size_t)key.len);
    PyBuffer_Release(&key);
    if (rc != RIJN_OK) {
        rijn_py_raise(rc);
        return -1;
    }
    return 0;
}

static void aes_dealloc(AESObj *self)
{
    rijn_aes_wipe(&self->aes);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *aes_blocks(AESObj *self, PyObject *arg, int enc)
{
    Py_buffer data;
    PyObject *res;
    int rc;
    if (PyObject_GetBuffer(arg, &data, PyBUF_SIMPLE) < 0)
        return NULL;
    if (data.len % 16 != 0) {
        PyBuffer_Release(&data);
        PyErr_SetString(err_param, "rijn: AES blocks are 16 bytes (length must be a multiple of 16)");
        return NULL;
    }
    res = PyBytes_FromStringAndSize(NULL, data.len);
    if (res != NULL) {
        uint8_t *out = (uint8_t *)PyBytes_AS_STRING(res);
        size_t n = (size_t)data.len / 16;
        RIJN_PY_NOGIL_IF(data.len >= RIJN_PY_NOGIL_MIN,
                         rc = enc ? rijn_aes_encrypt_blocks(&self->aes, out, data.buf, n)
                                  : rijn_aes_decrypt_blocks(&self->aes, out, data.buf, n));
        if (rc != RIJN_OK) {
            Py_CLEAR(res);
            rijn_py_raise(rc);
        }
    }
    PyBuffer_Release(&data);
    return res;
}

static PyObject *aes_encrypt(AESObj *self, PyObject *arg) { return aes_blocks(self, arg, 1); }
static PyObject *aes_decrypt(AESObj *self, PyObject *arg) { return aes_blocks(self, arg, 0); }

static PyObject *aes_impl(AESObj *self, void *closure)
{
    (void)closure;
    return PyUnicode_FromString(rijn_aes_ctx_impl_name(&self->aes));
}

static PyMethodDef aes_methods[] = {
    {"encrypt_block", (PyCFunction)aes_encrypt, METH_O,
     "encrypt_block(block) -> bytes: AES of one 16-byte block (or several, ECB)"},
    {"decrypt_block", (PyCFunction)aes_decrypt, METH_O,
     "decrypt_block(block) -> bytes: inverse AES of 16-byte block(s)"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef aes_getset[] = {
    {"impl", (getter)aes_impl, NULL, "name of the AES implementation in use", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject AESType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "rijn.AES",
    .tp_basicsize = sizeof(AESObj),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "AES(key): the AES block cipher (16-, 24- or 32-byte key)",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)aes_init,
    .tp_dealloc = (destructor)aes_dealloc,
    .tp_methods = aes_methods,
    .tp_getset = aes_getset,
};

/* aes_impls() -> [(name, constant_time, hardware, available)] */
static PyObject *py_aes_impls(PyObject *self, PyObject *unused)
{
    PyObject *list = PyList_New(0);
    size_t i;
    (void)self;
    (void)unused;
    if (list == NULL)
        return NULL;
    for (i = 0; i < rijn_aes_impl_count(); i++) {
        const rijn_aes_impl *impl = rijn_aes_impl_at(i);
        unsigned fl = rijn_aes_impl_flags(impl);
        PyObject *t = Py_BuildValue("(sOOO)", rijn_aes_impl_name(impl),
                                    (fl & RIJN_AES_IMPL_CONSTTIME) ? Py_True : Py_False,
                                    (fl & RIJN_AES_IMPL_HW) ? Py_True : Py_False,
                                    rijn_aes_impl_available(impl) ? Py_True : Py_False);
        if (t == NULL || PyList_Append(list, t) < 0) {
            Py_XDECREF(t);
            Py_DECREF(list);
            return NULL;
        }
        Py_DECREF(t);
    }
    return list;
}

/* aes_force(name or None) */
static PyObject *py_aes_force(PyObject *self, PyObject *args)
{
    const char *name = NULL;
    int rc;
    (void)self;
    if (!PyArg_ParseTuple(args, "z", &name))
        return NULL;
    rc = rijn_aes_impl_force(name);
    if (rc != RIJN_OK)
        return rijn_py_raise(rc);
    Py_RETURN_NONE;
}

static PyObject *py_strerror(PyObject *self, PyObject *args)
{
    int rc;
    (void)self;
    if (!PyArg_ParseTuple(args, "i", &rc))
        return NULL;
    return PyUnicode_FromString(rijn_strerror(rc));
}

static PyMethodDef module_methods[] = {
    {"aes_impls", py_aes_impls, METH_NOARGS, "compiled-in AES implementations"},
    {"aes_force", py_aes_force, METH_VARARGS, "force an AES implementation (None = automatic)"},
    {"strerror", py_strerror, METH_VARARGS, "strerror(code) -> str"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "rijn._rijn", "rijn C extension", -1, module_methods,
    NULL, NULL, NULL, NULL};

/* cryptography.exceptions.<name> when that package is installed, else NULL
 * (no exception set): rijn's InvalidTag and UnsupportedError derive from
 * it, so code moved from cryptography catches rijn's errors unchanged. */
static PyObject *cryptography_exc(const char *name)
{
    PyObject *mod = PyImport_ImportModule("cryptography.exceptions"), *cls = NULL;
    if (mod != NULL) {
        cls = PyObject_GetAttrString(mod, name);
        Py_DECREF(mod);
        if (cls != NULL && !PyExceptionClass_Check(cls))
            Py_CLEAR(cls);
    }
    PyErr_Clear();
    return cls;
}

static PyObject *new_error(PyObject *m, const char *name, PyObject *base2, const char *doc,
                           const char *crypto_name)
{
    char full[64];
    PyObject *bases, *cls, *base3 = crypto_name ? cryptography_exc(crypto_name) : NULL;
    PyOS_snprintf(full, sizeof full, "rijn.%s", name);
    bases = base3 ? PyTuple_Pack(3, err_base, base2, base3)
            : base2 ? PyTuple_Pack(2, err_base, base2) : PyTuple_Pack(1, err_base);
    Py_XDECREF(base3);
    if (bases == NULL)
        return NULL;
    cls = PyErr_NewExceptionWithDoc(full, doc, bases, NULL);
    Py_DECREF(bases);
    if (cls == NULL)
        return NULL;
    Py_INCREF(cls);
    if (PyModule_AddObject(m, name, cls) < 0) {
        Py_DECREF(cls);
        return NULL;
    }
    return cls;
}

PyMODINIT_FUNC PyInit__rijn(void);
PyMODINIT_FUNC PyInit__rijn(void)
{
    PyObject *m = PyModule_Create(&module_def);
    if (m == NULL)
        return NULL;
    err_base = PyErr_NewExceptionWithDoc("rijn.Error", "Base class of rijn's errors (.code: RIJN_ERR_*).",
                                         NULL, NULL);
    if (err_base == NULL)
        goto fail;
    Py_INCREF(err_base);
    if (PyModule_AddObject(m, "Error", err_base) < 0)
        goto fail;
    err_tag = new_error(m, "InvalidTag", PyExc_ValueError, "Authentication failed (RIJN_ERR_AUTH). Also a ValueError (PyCryptodome's "
                       "'MAC check failed') and, when the cryptography package is installed, a "
                       "cryptography.exceptions.InvalidTag.", "InvalidTag");
    err_param = new_error(m, "ParamError", PyExc_ValueError,
                          "Bad key, nonce, tag or data length, bad padding or parameter.", NULL);
    err_unsupported = new_error(m, "UnsupportedError", PyExc_NotImplementedError,
                                "Not compiled in, or the CPU lacks it (an unknown algorithm too); "
                                "also a cryptography.exceptions.UnsupportedAlgorithm when that "
                                "package is installed.", "UnsupportedAlgorithm");
    err_state = new_error(m, "StateError", PyExc_RuntimeError, "Call out of order.", NULL);
    if (!err_tag || !err_param || !err_unsupported || !err_state)
        goto fail;
    if (PyType_Ready(&AESType) < 0)
        goto fail;
    Py_INCREF(&AESType);
    if (PyModule_AddObject(m, "AES", (PyObject *)&AESType) < 0)
        goto fail;
    if (PyModule_AddStringConstant(m, "library_version", rijn_version()) < 0)
        goto fail;
    if (rijn_py_init_modes(m) < 0 || rijn_py_init_aead(m) < 0 || rijn_py_init_hash(m) < 0 || rijn_py_init_file(m) < 0 ||
        rijn_py_init_aeadstream(m) < 0 || rijn_py_init_mac(m) < 0 ||
        rijn_py_init_cpu(m) < 0 || rijn_py_init_legacy(m) < 0 || rijn_py_init_recip(m) < 0 ||
        rijn_py_init_age(m) < 0 || rijn_py_init_kdf(m) < 0)
        goto fail;
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}
