/*
 * _rijn_legacy.c -- the two legacy file formats (rijn/legacy_formats.h:
 * `openssl enc` and Mbed TLS crypt_and_hash) for the rijn extension: the
 * key schedules, and LegacyCtx, the library's streaming reader / writer
 * of both formats, on which rijn/_legacy.py builds the bytes and file
 * functions (the I/O and the random salt / IV are done in Python).
 *
 * Implementation notes
 *   openssl_enc_key(hash, iterations, passphrase, salt or None, key_len)
 *   -> (key, iv); mbedtls_cah_key(hash, iv, secret) -> 32-byte K. Both
 *   run without the GIL (PBKDF2 and the 8192-round schedule are slow on
 *   purpose); stack copies of the key material are wiped.
 *   LegacyCtx wraps rijn_legacy_ctx: openssl_init / cah_init (without the
 *   GIL: key derivation), update (without the GIL from 64 KiB), final,
 *   verify, rewind; the library wipes it after final or a failure, and
 *   dealloc wipes it too. legacy_cipher(name) -> (mode, key_len) is
 *   rijn_legacy_cipher_find.
 *   Proved by python/tests/test_legacy.py (files read and written by the
 *   `openssl enc` tool and by the rijn CLI's --format openssl|mbedtls).
 */
#include "_rijn.h"

#include <string.h>

#include "rijn/hash.h"
#include "rijn/legacy_formats.h"

static const rijn_hash_desc *hash_or_raise(const char *name)
{
    const rijn_hash_desc *d = rijn_hash_find(name);
    if (d == NULL)
        rijn_py_raise_msg(RIJN_ERR_UNSUPPORTED, "rijn: unknown hash %s", name);
    return d;
}

static PyObject *py_openssl_enc_key(PyObject *self, PyObject *args)
{
    const char *name;
    unsigned long iterations;
    Py_buffer pass, salt;
    Py_ssize_t key_len;
    uint8_t key[32], iv[16];
    const rijn_hash_desc *d;
    PyObject *res = NULL;
    int rc;
    (void)self;
    if (!PyArg_ParseTuple(args, "sky*O&n", &name, &iterations, &pass, rijn_py_opt_buf, &salt,
                          &key_len))
        return NULL;
    if ((d = hash_or_raise(name)) != NULL) {
        if (key_len < 0 || key_len > 32 || iterations > 0xffffffffUL) {
            rijn_py_raise(RIJN_ERR_PARAM);
        } else {
            Py_BEGIN_ALLOW_THREADS
            rc = rijn_openssl_enc_key(d, (uint32_t)iterations, pass.buf, (size_t)pass.len,
                                      salt.buf, (size_t)salt.len, key, (size_t)key_len, iv);
            Py_END_ALLOW_THREADS
            if (rc != RIJN_OK)
                rijn_py_raise(rc);
            else
                res = Py_BuildValue("(y#y#)", (const char *)key, key_len, (const char *)iv,
                                    (Py_ssize_t)16);
        }
    }
    rijn_wipe(key, sizeof key);
    rijn_wipe(iv, sizeof iv);
    PyBuffer_Release(&pass);
    PyBuffer_Release(&salt);
    return res;
}

static PyObject *py_mbedtls_cah_key(PyObject *self, PyObject *args)
{
    const char *name;
    Py_buffer iv, secret;
    uint8_t k[32];
    const rijn_hash_desc *d;
    PyObject *res = NULL;
    int rc;
    (void)self;
    if (!PyArg_ParseTuple(args, "sy*y*", &name, &iv, &secret))
        return NULL;
    if ((d = hash_or_raise(name)) != NULL) {
        if (iv.len != 16) {
            rijn_py_raise_msg(RIJN_ERR_PARAM, "rijn: the IV is 16 bytes");
        } else {
            Py_BEGIN_ALLOW_THREADS
            rc = rijn_mbedtls_cah_key(d, iv.buf, secret.buf, (size_t)secret.len, k);
            Py_END_ALLOW_THREADS
            res = rc == RIJN_OK ? PyBytes_FromStringAndSize((const char *)k, 32)
                                : rijn_py_raise(rc);
        }
    }
    rijn_wipe(k, sizeof k);
    PyBuffer_Release(&iv);
    PyBuffer_Release(&secret);
    return res;
}

/* ---- LegacyCtx ------------------------------------------------------- */
typedef struct {
    PyObject_HEAD
    rijn_legacy_ctx ctx;
    int busy;
} LegacyObj;

static void legacy_dealloc(LegacyObj *self)
{
    rijn_legacy_wipe(&self->ctx);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int get_params(rijn_legacy_params *p, const char *md, unsigned mode, Py_ssize_t key_len,
                      unsigned long iterations)
{
    memset(p, 0, sizeof *p);
    if ((p->md = hash_or_raise(md)) == NULL)
        return -1;
    if (key_len < 0 || iterations > 0xffffffffUL) {
        rijn_py_raise(RIJN_ERR_PARAM);
        return -1;
    }
    p->mode = mode;
    p->key_len = (size_t)key_len;
    p->iterations = (uint32_t)iterations;
    return 0;
}

/* openssl_init(enc, md, mode, key_len, iterations, salt or None, passphrase) -> header */
static PyObject *legacy_openssl_init(LegacyObj *self, PyObject *args)
{
    int enc, rc = RIJN_ERR_PARAM;
    const char *md;
    unsigned mode;
    Py_ssize_t key_len;
    unsigned long it;
    Py_buffer salt, pass;
    rijn_legacy_params p;
    uint8_t head[RIJN_OPENSSL_ENC_HEADER];
    size_t hl = 0;
    if (self->busy)
        return rijn_py_busy();
    if (!PyArg_ParseTuple(args, "psInkO&y*", &enc, &md, &mode, &key_len, &it, rijn_py_opt_buf,
                          &salt, &pass))
        return NULL;
    if (get_params(&p, md, mode, key_len, it) == 0) {
        p.salted = salt.buf != NULL;
        if (p.salted && salt.len != RIJN_OPENSSL_ENC_SALT_SIZE) {
            rijn_py_raise_msg(RIJN_ERR_PARAM, "rijn: the salt is 8 bytes");
        } else {
            self->busy = 1;
            Py_BEGIN_ALLOW_THREADS
            rc = enc ? rijn_openssl_enc_seal_init(&self->ctx, head, sizeof head, &hl, &p,
                                                  salt.buf, pass.buf, (size_t)pass.len)
                     : rijn_openssl_enc_open_init(&self->ctx, &p, salt.buf, pass.buf,
                                                  (size_t)pass.len);
            Py_END_ALLOW_THREADS
            self->busy = 0;
            if (rc != RIJN_OK)
                rijn_py_raise(rc);
        }
    }
    PyBuffer_Release(&salt);
    PyBuffer_Release(&pass);
    return rc == RIJN_OK ? PyBytes_FromStringAndSize((const char *)head, (Py_ssize_t)hl) : NULL;
}

/* cah_init(enc, md, mode, key_len, iv, secret, what) */
static PyObject *legacy_cah_init(LegacyObj *self, PyObject *args)
{
    int enc, rc = RIJN_ERR_PARAM;
    const char *md;
    unsigned mode, what;
    Py_ssize_t key_len;
    Py_buffer iv, sec;
    rijn_legacy_params p;
    if (self->busy)
        return rijn_py_busy();
    if (!PyArg_ParseTuple(args, "psIny*y*I", &enc, &md, &mode, &key_len, &iv, &sec, &what))
        return NULL;
    if (get_params(&p, md, mode, key_len, 0) == 0) {
        if (iv.len != RIJN_MBEDTLS_CAH_IV_SIZE) {
            rijn_py_raise_msg(RIJN_ERR_PARAM, "rijn: the IV is 16 bytes");
        } else {
            self->busy = 1;
            Py_BEGIN_ALLOW_THREADS
            rc = enc ? rijn_mbedtls_cah_seal_init(&self->ctx, &p, iv.buf, sec.buf,
                                                  (size_t)sec.len)
                     : rijn_mbedtls_cah_open_init(&self->ctx, &p, iv.buf, sec.buf,
                                                  (size_t)sec.len, what);
            Py_END_ALLOW_THREADS
            self->busy = 0;
            if (rc != RIJN_OK)
                rijn_py_raise(rc);
        }
    }
    PyBuffer_Release(&iv);
    PyBuffer_Release(&sec);
    if (rc != RIJN_OK)
        return NULL;
    Py_RETURN_NONE;
}

/* update(data) -> bytes */
static PyObject *legacy_update(LegacyObj *self, PyObject *arg)
{
    Py_buffer data;
    PyObject *res;
    size_t olen = 0;
    int rc = RIJN_OK;
    if (self->busy)
        return rijn_py_busy();
    if (PyObject_GetBuffer(arg, &data, PyBUF_SIMPLE) < 0)
        return NULL;
    res = PyBytes_FromStringAndSize(NULL, data.len + 16);
    if (res != NULL) {
        uint8_t *out = (uint8_t *)PyBytes_AS_STRING(res);
        self->busy = 1;
        RIJN_PY_NOGIL_IF(data.len >= RIJN_PY_NOGIL_MIN,
                         rc = rijn_legacy_update(&self->ctx, out, (size_t)data.len + 16, &olen,
                                                 data.buf, (size_t)data.len));
        self->busy = 0;
        if (rc != RIJN_OK) {
            Py_CLEAR(res);
            rijn_py_raise(rc);
        } else if (_PyBytes_Resize(&res, (Py_ssize_t)olen) < 0) {
            res = NULL;
        }
    }
    PyBuffer_Release(&data);
    return res;
}

/* final() -> bytes (the last block; a writer's HMAC) */
static PyObject *legacy_final(LegacyObj *self, PyObject *unused)
{
    uint8_t out[RIJN_LEGACY_OVERHEAD];
    size_t olen = 0;
    int rc;
    (void)unused;
    if (self->busy)
        return rijn_py_busy();
    rc = rijn_legacy_final(&self->ctx, out, sizeof out, &olen);
    if (rc != RIJN_OK)
        return rijn_py_raise(rc);
    return PyBytes_FromStringAndSize((const char *)out, (Py_ssize_t)olen);
}

static PyObject *legacy_verify(LegacyObj *self, PyObject *unused)
{
    int rc;
    (void)unused;
    if (self->busy)
        return rijn_py_busy();
    rc = rijn_mbedtls_cah_verify(&self->ctx);
    if (rc != RIJN_OK)
        return rijn_py_raise(rc);
    Py_RETURN_NONE;
}

static PyObject *legacy_rewind(LegacyObj *self, PyObject *args)
{
    unsigned what;
    int rc;
    if (self->busy)
        return rijn_py_busy();
    if (!PyArg_ParseTuple(args, "I", &what))
        return NULL;
    rc = rijn_mbedtls_cah_rewind(&self->ctx, what);
    if (rc != RIJN_OK)
        return rijn_py_raise(rc);
    Py_RETURN_NONE;
}

static PyMethodDef legacy_ctx_methods[] = {
    {"openssl_init", (PyCFunction)legacy_openssl_init, METH_VARARGS,
     "openssl_init(enc, md, mode, key_len, iterations, salt, passphrase) -> header"},
    {"cah_init", (PyCFunction)legacy_cah_init, METH_VARARGS,
     "cah_init(enc, md, mode, key_len, iv, secret, what)"},
    {"update", (PyCFunction)legacy_update, METH_O, "update(data) -> bytes"},
    {"final", (PyCFunction)legacy_final, METH_NOARGS, "final() -> bytes"},
    {"verify", (PyCFunction)legacy_verify, METH_NOARGS, "verify(): the crypt_and_hash HMAC"},
    {"rewind", (PyCFunction)legacy_rewind, METH_VARARGS, "rewind(what): a second pass"},
    {NULL, NULL, 0, NULL}};

static PyTypeObject LegacyType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "rijn._rijn.LegacyCtx",
    .tp_basicsize = sizeof(LegacyObj),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "LegacyCtx(): one openssl enc or crypt_and_hash stream",
    .tp_new = PyType_GenericNew,
    .tp_dealloc = (destructor)legacy_dealloc,
    .tp_methods = legacy_ctx_methods,
};

/* legacy_cipher(name) -> (mode, key_len) */
static PyObject *py_legacy_cipher(PyObject *self, PyObject *args)
{
    const char *name;
    unsigned mode;
    size_t kl;
    (void)self;
    if (!PyArg_ParseTuple(args, "s", &name))
        return NULL;
    if (rijn_legacy_cipher_find(name, &mode, &kl) != RIJN_OK)
        return rijn_py_raise_msg(RIJN_ERR_PARAM, "rijn: unknown cipher %s", name);
    return Py_BuildValue("(In)", mode, (Py_ssize_t)kl);
}

/* openssl_enc_salt(head) -> the 8-byte salt of a salted file's start */
static PyObject *py_openssl_enc_salt(PyObject *self, PyObject *arg)
{
    Py_buffer b;
    uint8_t salt[8];
    int rc;
    (void)self;
    if (PyObject_GetBuffer(arg, &b, PyBUF_SIMPLE) < 0)
        return NULL;
    rc = rijn_openssl_enc_header_parse(b.buf, (size_t)b.len, salt);
    PyBuffer_Release(&b);
    if (rc != RIJN_OK)
        return rijn_py_raise_msg(rc, "rijn: not an openssl enc file (no 'Salted__' header)");
    return PyBytes_FromStringAndSize((const char *)salt, 8);
}

static PyMethodDef legacy_methods[] = {
    {"legacy_cipher", py_legacy_cipher, METH_VARARGS, "legacy_cipher(name) -> (mode, key_len)"},
    {"openssl_enc_salt", py_openssl_enc_salt, METH_O, "openssl_enc_salt(head) -> salt"},
    {"openssl_enc_key", py_openssl_enc_key, METH_VARARGS,
     "openssl_enc_key(hash, iterations, passphrase, salt, key_len) -> (key, iv)"},
    {"mbedtls_cah_key", py_mbedtls_cah_key, METH_VARARGS,
     "mbedtls_cah_key(hash, iv, secret) -> 32-byte K"},
    {NULL, NULL, 0, NULL}};

int rijn_py_init_legacy(PyObject *m)
{
    if (PyType_Ready(&LegacyType) < 0)
        return -1;
    Py_INCREF(&LegacyType);
    if (PyModule_AddObject(m, "LegacyCtx", (PyObject *)&LegacyType) < 0) {
        Py_DECREF(&LegacyType);
        return -1;
    }
    if (PyModule_AddIntConstant(m, "LEGACY_CFB8", RIJN_LEGACY_CFB8) < 0 ||
        PyModule_AddIntConstant(m, "CAH_MAC", RIJN_CAH_MAC) < 0 ||
        PyModule_AddIntConstant(m, "CAH_DECRYPT", RIJN_CAH_DECRYPT) < 0)
        return -1;
    return PyModule_AddFunctions(m, legacy_methods);
}
