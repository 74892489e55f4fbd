/*
 * _rijn_mac.c -- CMAC and Poly1305 objects, AES-XTS, AES key wrap
 * (RFC 3394 / RFC 5649), HKDF's two halves and scrypt for the rijn
 * extension; rijn/_kdf.py and rijn/_mac.py give them cryptography's shapes.
 *
 * Implementation notes
 *   Mac(kind, key): kind 1 = AES-CMAC (rijn_cmac_ctx), 2 = Poly1305
 *   (one-time key). update / finalize / verify / copy; finalize and verify
 *   end the object (cryptography's AlreadyFinalized rule is enforced in
 *   Python). The contexts are plain data: copy() is a memcpy.
 *   xts(encrypt, key, tweak, data), keywrap(op, kek, data): one-shot,
 *   keys on the stack, wiped before return.
 *   scrypt allocates the work area with PyMem_RawMalloc (the library
 *   wipes it) and runs without the GIL, like Argon2.
 *   Proved by python/tests/test_more.py (RFC 4493, RFC 8439, IEEE
 *   1619, RFC 3394/5649, RFC 5869, RFC 7914 vectors; cryptography
 *   differential tests).
 */
#include "_rijn.h"

#include <string.h>

#include "rijn/aes.h"
#include "rijn/cmac.h"
#include "rijn/hash.h"
#include "rijn/kdf.h"
#include "rijn/keywrap.h"
#include "rijn/poly1305.h"
#include "rijn/xts.h"

enum { MAC_CMAC = 1, MAC_POLY1305 = 2 };

typedef struct {
    PyObject_HEAD
    union {
        rijn_cmac_ctx cmac;
        rijn_poly1305_ctx poly;
    } u;
    int kind, busy;
} MacObj;

static PyTypeObject MacType;

static int mac_init(MacObj *self, PyObject *args, PyObject *kw)
{
    Py_buffer key;
    int kind, rc;
    (void)kw;
    if (self->kind != 0) {
        rijn_py_raise(RIJN_ERR_STATE);
        return -1;
    }
    if (!PyArg_ParseTuple(args, "iy*", &kind, &key))
        return -1;
    if (kind == MAC_CMAC) {
        rc = rijn_cmac_init(&self->u.cmac, key.buf, (size_t)key.len);
    } else if (kind == MAC_POLY1305) {
        rc = key.len == RIJN_POLY1305_KEY_SIZE ? rijn_poly1305_init(&self->u.poly, key.buf)
                                                : RIJN_ERR_KEY_LEN;
    } else {
        rc = RIJN_ERR_UNSUPPORTED;
    }
    PyBuffer_Release(&key);
    if (rc != RIJN_OK) {
        rijn_wipe(&self->u, sizeof self->u);
        rijn_py_raise(rc);
        return -1;
    }
    self->kind = kind;
    return 0;
}

static void mac_dealloc(MacObj *self)
{
    rijn_wipe(&self->u, sizeof self->u);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int mac_ready(MacObj *self)
{
    if (self->busy) {
        rijn_py_busy();
        return -1;
    }
    if (self->kind == 0) {
        rijn_py_raise(RIJN_ERR_STATE);
        return -1;
    }
    return 0;
}

static PyObject *mac_update(MacObj *self, PyObject *arg)
{
    Py_buffer b;
    int rc;
    if (mac_ready(self) < 0 || PyObject_GetBuffer(arg, &b, PyBUF_SIMPLE) < 0)
        return NULL;
    self->busy = 1;
    RIJN_PY_NOGIL_IF(b.len >= RIJN_PY_NOGIL_MIN,
                     rc = self->kind == MAC_CMAC
                              ? rijn_cmac_update(&self->u.cmac, b.buf, (size_t)b.len)
                              : rijn_poly1305_update(&self->u.poly, b.buf, (size_t)b.len));
    self->busy = 0;
    PyBuffer_Release(&b);
    if (rc != RIJN_OK)
        return rijn_py_raise(rc);
    Py_RETURN_NONE;
}

static PyObject *mac_finalize(MacObj *self, PyObject *unused)
{
    uint8_t tag[16];
    int rc;
    PyObject *res;
    (void)unused;
    if (mac_ready(self) < 0)
        return NULL;
    rc = self->kind == MAC_CMAC ? rijn_cmac_final(&self->u.cmac, tag, sizeof tag)
                                : rijn_poly1305_final(&self->u.poly, tag);
    rijn_wipe(&self->u, sizeof self->u);
    self->kind = 0;
    if (rc != RIJN_OK)
        return rijn_py_raise(rc);
    res = PyBytes_FromStringAndSize((const char *)tag, sizeof tag);
    rijn_wipe(tag, sizeof tag);
    return res;
}

/* verify(tag): constant-time compare; rijn.InvalidTag on mismatch */
static PyObject *mac_verify(MacObj *self, PyObject *arg)
{
    Py_buffer b;
    uint8_t tag[16];
    int rc;
    if (mac_ready(self) < 0 || PyObject_GetBuffer(arg, &b, PyBUF_SIMPLE) < 0)
        return NULL;
    if (self->kind == MAC_CMAC) {
        rc = (b.len >= 1 && b.len <= 16) ? rijn_cmac_verify_final(&self->u.cmac, b.buf, (size_t)b.len)
                                         : RIJN_ERR_AUTH;
    } else {
        rc = rijn_poly1305_final(&self->u.poly, tag);
        if (rc == RIJN_OK)
            rc = (b.len == 16 && rijn_ct_equal(tag, b.buf, 16)) ? RIJN_OK : RIJN_ERR_AUTH;
        rijn_wipe(tag, sizeof tag);
    }
    PyBuffer_Release(&b);
    rijn_wipe(&self->u, sizeof self->u);
    self->kind = 0;
    if (rc != RIJN_OK)
        return rijn_py_raise(rc);
    Py_RETURN_NONE;
}

static PyObject *mac_copy(MacObj *self, PyObject *unused)
{
    MacObj *c;
    (void)unused;
    if (mac_ready(self) < 0)
        return NULL;
    c = (MacObj *)Py_TYPE(self)->tp_alloc(Py_TYPE(self), 0);
    if (c == NULL)
        return NULL;
    memcpy(&c->u, &self->u, sizeof self->u);
    c->kind = self->kind;
    return (PyObject *)c;
}

static PyMethodDef mac_methods[] = {
    {"update", (PyCFunction)mac_update, METH_O, "update(data)"},
    {"finalize", (PyCFunction)mac_finalize, METH_NOARGS, "finalize() -> 16-byte tag"},
    {"verify", (PyCFunction)mac_verify, METH_O, "verify(tag): rijn.InvalidTag if it differs"},
    {"copy", (PyCFunction)mac_copy, METH_NOARGS, "copy() -> a clone of the running state"},
    {NULL, NULL, 0, NULL}};

static PyTypeObject MacType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "rijn._rijn.Mac",
    .tp_basicsize = sizeof(MacObj),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "Mac(kind, key): 1 = AES-CMAC, 2 = Poly1305",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)mac_init,
    .tp_dealloc = (destructor)mac_dealloc,
    .tp_methods = mac_methods,
};

/* xts(encrypt, key, tweak, data) -> bytes */
static PyObject *py_xts(PyObject *self, PyObject *args)
{
    Py_buffer key, tweak, data;
    int enc, rc;
    rijn_xts_ctx ctx;
    PyObject *res = NULL;
    (void)self;
    if (!PyArg_ParseTuple(args, "py*y*y*", &enc, &key, &tweak, &data))
        return NULL;
    if (tweak.len != RIJN_XTS_TWEAK_SIZE) {
        rijn_py_raise_msg(RIJN_ERR_PARAM, "tweak must be 128-bits (16 bytes)");
        goto done;
    }
    rc = rijn_xts_init(&ctx, key.buf, (size_t)key.len);
    if (rc == RIJN_OK && (res = PyBytes_FromStringAndSize(NULL, data.len)) != NULL) {
        uint8_t *out = (uint8_t *)PyBytes_AS_STRING(res);
        RIJN_PY_NOGIL_IF(data.len >= RIJN_PY_NOGIL_MIN,
                         rc = enc ? rijn_xts_encrypt(&ctx, tweak.buf, out, data.buf, (size_t)data.len)
                                  : rijn_xts_decrypt(&ctx, tweak.buf, out, data.buf, (size_t)data.len));
    }
    rijn_xts_wipe(&ctx);
    if (rc != RIJN_OK) {
        Py_CLEAR(res);
        rijn_py_raise(rc);
    }
done:
    PyBuffer_Release(&key);
    PyBuffer_Release(&tweak);
    PyBuffer_Release(&data);
    return res;
}

/* keywrap(op, kek, data) -> bytes; op 0 wrap, 1 unwrap, 2 wrap with
 * padding (RFC 5649), 3 unwrap with padding */
static PyObject *py_keywrap(PyObject *self, PyObject *args)
{
    Py_buffer kek, data;
    int op, rc;
    rijn_aes_ctx aes;
    PyObject *res = NULL;
    size_t cap, got = 0;
    (void)self;
    if (!PyArg_ParseTuple(args, "iy*y*", &op, &kek, &data))
        return NULL;
    cap = (size_t)data.len + 16;
    rc = (op & 1) ? rijn_aes_init(&aes, kek.buf, (size_t)kek.len)
                  : rijn_aes_init_enc(&aes, kek.buf, (size_t)kek.len);
    if (rc == RIJN_OK && (res = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)cap)) != NULL) {
        uint8_t *out = (uint8_t *)PyBytes_AS_STRING(res);
        const uint8_t *in = data.buf;
        size_t n = (size_t)data.len;
        switch (op) {
        case 0: rc = rijn_kw_wrap(&aes, out, cap, &got, in, n); break;
        case 1: rc = rijn_kw_unwrap(&aes, out, cap, &got, in, n); break;
        case 2: rc = rijn_kwp_wrap(&aes, out, cap, &got, in, n); break;
        default: rc = rijn_kwp_unwrap(&aes, out, cap, &got, in, n); break;
        }
        if (rc != RIJN_OK)
            rijn_wipe(out, cap);
    }
    rijn_aes_wipe(&aes);
    if (rc != RIJN_OK) {
        Py_CLEAR(res);
        rijn_py_raise(rc);
    } else if (res != NULL) {
        _PyBytes_Resize(&res, (Py_ssize_t)got);
    }
    PyBuffer_Release(&kek);
    PyBuffer_Release(&data);
    return res;
}

static const rijn_hash_desc *desc_or_raise(const char *name)
{
    const rijn_hash_desc *d = rijn_hash_find(name);
    if (d == NULL)
        rijn_py_raise_msg(RIJN_ERR_UNSUPPORTED, "rijn: unknown hash %s", name);
    return d;
}

/* hkdf_extract(hash, salt or None, ikm) -> PRK (digest size) */
static PyObject *py_hkdf_extract(PyObject *self, PyObject *args)
{
    const char *name;
    Py_buffer salt, ikm;
    const rijn_hash_desc *d;
    uint8_t prk[RIJN_HASH_MAX_SIZE];
    PyObject *res = NULL;
    int rc;
    (void)self;
    if (!PyArg_ParseTuple(args, "sO&y*", &name, rijn_py_opt_buf, &salt, &ikm))
        return NULL;
    if ((d = desc_or_raise(name)) != NULL) {
        rc = rijn_hkdf_extract(d, prk, sizeof prk, salt.buf, (size_t)salt.len, ikm.buf,
                               (size_t)ikm.len);
        res = rc == RIJN_OK ? PyBytes_FromStringAndSize((const char *)prk, (Py_ssize_t)d->digest_size)
                            : rijn_py_raise(rc);
        rijn_wipe(prk, sizeof prk);
    }
    PyBuffer_Release(&salt);
    PyBuffer_Release(&ikm);
    return res;
}

/* hkdf_expand(hash, prk, info or None, length) -> OKM */
static PyObject *py_hkdf_expand(PyObject *self, PyObject *args)
{
    const char *name;
    Py_buffer prk, info;
    Py_ssize_t len;
    const rijn_hash_desc *d;
    PyObject *res = NULL;
    int rc;
    (void)self;
    if (!PyArg_ParseTuple(args, "sy*O&n", &name, &prk, rijn_py_opt_buf, &info, &len))
        return NULL;
    if ((d = desc_or_raise(name)) != NULL) {
        if (len < 0) {
            rijn_py_raise(RIJN_ERR_PARAM);
        } else if ((res = PyBytes_FromStringAndSize(NULL, len)) != NULL) {
            rc = rijn_hkdf_expand(d, (uint8_t *)PyBytes_AS_STRING(res), (size_t)len, prk.buf,
                                  (size_t)prk.len, info.buf, (size_t)info.len);
            if (rc != RIJN_OK) {
                Py_CLEAR(res);
                rijn_py_raise(rc);
            }
        }
    }
    PyBuffer_Release(&prk);
    PyBuffer_Release(&info);
    return res;
}

/* scrypt(password, salt, n, r, p, length) -> bytes */
static PyObject *py_scrypt(PyObject *self, PyObject *args)
{
    Py_buffer pw, salt;
    unsigned long long n;
    unsigned long r, p;
    Py_ssize_t len;
    size_t ws;
    void *work;
    PyObject *res = NULL;
    int rc;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*Kkkn", &pw, &salt, &n, &r, &p, &len))
        return NULL;
    ws = rijn_scrypt_work_size((uint64_t)n, (uint32_t)r, (uint32_t)p);
    if (len < 1 || r > 0xffffffffUL || p > 0xffffffffUL || ws == 0) {
        rijn_py_raise_msg(RIJN_ERR_PARAM, "rijn: bad scrypt parameters");
    } else if ((work = PyMem_RawMalloc(ws)) == NULL) {
        PyErr_NoMemory();
    } else {
        if ((res = PyBytes_FromStringAndSize(NULL, len)) != NULL) {
            uint8_t *out = (uint8_t *)PyBytes_AS_STRING(res);
            Py_BEGIN_ALLOW_THREADS
            rc = rijn_scrypt(out, (size_t)len, pw.buf, (size_t)pw.len, salt.buf,
                             (size_t)salt.len, (uint64_t)n, (uint32_t)r, (uint32_t)p, work, ws);
            Py_END_ALLOW_THREADS
            if (rc != RIJN_OK) {
                Py_CLEAR(res);
                rijn_py_raise(rc);
            }
        }
        PyMem_RawFree(work);
    }
    PyBuffer_Release(&pw);
    PyBuffer_Release(&salt);
    return res;
}

static PyMethodDef mac_module_methods[] = {
    {"xts", py_xts, METH_VARARGS, "xts(encrypt, key, tweak, data) -> bytes"},
    {"keywrap", py_keywrap, METH_VARARGS, "keywrap(op, kek, data) -> bytes"},
    {"hkdf_extract", py_hkdf_extract, METH_VARARGS, "hkdf_extract(hash, salt, ikm) -> prk"},
    {"hkdf_expand", py_hkdf_expand, METH_VARARGS, "hkdf_expand(hash, prk, info, length) -> okm"},
    {"scrypt", py_scrypt, METH_VARARGS, "scrypt(password, salt, n, r, p, length) -> bytes"},
    {NULL, NULL, 0, NULL}};

int rijn_py_init_mac(PyObject *m)
{
    if (PyType_Ready(&MacType) < 0)
        return -1;
    Py_INCREF(&MacType);
    if (PyModule_AddObject(m, "Mac", (PyObject *)&MacType) < 0) {
        Py_DECREF(&MacType);
        return -1;
    }
    return PyModule_AddFunctions(m, mac_module_methods);
}
