/*
 * _rijn_kdf.c -- HKDF, PBKDF2, Argon2 and X25519 for the rijn extension
 * (the Hash type and HMAC: _rijn_hash.c).
 *
 * Implementation notes
 *   Each function returns a new bytes object filled in place; a failure
 *   wipes that object before it is dropped (out_or_raise). Long
 *   computations (PBKDF2, Argon2) run with the GIL released; Argon2's work
 *   area is malloc'd here, wiped by the library and freed. Hash names are
 *   looked up through rijn_py_hash_desc (_rijn_hash.c).
 *   Proved by python/tests/test_hash.py (RFC 5869/7748/9106 vectors,
 *   cryptography and PyCryptodome differential tests).
 */
#include "_rijn.h"

#include <stdlib.h>
#include <string.h>

#include "rijn/argon2.h"
#include "rijn/hash.h"
#include "rijn/kdf.h"
#include "rijn/x25519.h"

static PyObject *out_or_raise(PyObject *res, int rc)
{
    if (rc != RIJN_OK) {
        if (res)
            rijn_wipe(PyBytes_AS_STRING(res), (size_t)PyBytes_GET_SIZE(res));
        Py_XDECREF(res);
        return rijn_py_raise(rc);
    }
    return res;
}

/* hkdf(name, length, salt, ikm, info) */
static PyObject *py_hkdf(PyObject *self, PyObject *args)
{
    const char *name;
    Py_ssize_t len;
    Py_buffer salt, ikm, info;
    const rijn_hash_desc *d;
    PyObject *res = NULL;
    int rc = RIJN_ERR_PARAM;
    (void)self;
    if (!PyArg_ParseTuple(args, "snO&y*O&", &name, &len, rijn_py_opt_buf, &salt, &ikm,
                          rijn_py_opt_buf, &info))
        return NULL;
    if ((d = rijn_py_hash_desc(name)) != NULL && len >= 0 &&
        (res = PyBytes_FromStringAndSize(NULL, len)) != NULL) {
        rc = rijn_hkdf(d, (uint8_t *)PyBytes_AS_STRING(res), (size_t)len, salt.buf,
                       (size_t)salt.len, ikm.buf, (size_t)ikm.len, info.buf, (size_t)info.len);
        res = out_or_raise(res, rc);
    } else if (d != NULL && len < 0) {
        rijn_py_raise(RIJN_ERR_PARAM);
    }
    PyBuffer_Release(&salt);
    PyBuffer_Release(&ikm);
    PyBuffer_Release(&info);
    return res;
}

/* pbkdf2(name, password, salt, iterations, length) */
static PyObject *py_pbkdf2(PyObject *self, PyObject *args)
{
    const char *name;
    Py_buffer pw, salt;
    unsigned long it;
    Py_ssize_t len;
    const rijn_hash_desc *d;
    PyObject *res = NULL;
    int rc;
    (void)self;
    if (!PyArg_ParseTuple(args, "sy*y*kn", &name, &pw, &salt, &it, &len))
        return NULL;
    if ((d = rijn_py_hash_desc(name)) != NULL) {
        if (len < 0 || it > 0xFFFFFFFFul) {
            rijn_py_raise(RIJN_ERR_PARAM);
        } else if ((res = PyBytes_FromStringAndSize(NULL, len)) != NULL) {
            uint8_t *out = (uint8_t *)PyBytes_AS_STRING(res);
            Py_BEGIN_ALLOW_THREADS
            rc = rijn_pbkdf2(d, out, (size_t)len, pw.buf, (size_t)pw.len, salt.buf,
                             (size_t)salt.len, (uint32_t)it);
            Py_END_ALLOW_THREADS
            res = out_or_raise(res, rc);
        }
    }
    PyBuffer_Release(&pw);
    PyBuffer_Release(&salt);
    return res;
}

/* argon2(type, password, salt, t, m_kib, lanes, length, secret, ad) */
static PyObject *py_argon2(PyObject *self, PyObject *args)
{
    Py_buffer pw, salt, secret, ad;
    unsigned long t, m, p;
    Py_ssize_t len;
    int type, rc;
    PyObject *res = NULL;
    (void)self;
    if (!PyArg_ParseTuple(args, "iy*y*kkknO&O&", &type, &pw, &salt, &t, &m, &p, &len,
                          rijn_py_opt_buf, &secret, rijn_py_opt_buf, &ad))
        return NULL;
    if (len < 0 || t > 0xFFFFFFFFul || m > 0xFFFFFFFFul || p > RIJN_ARGON2_MAX_LANES || p == 0 ||
        m < 8 * p) {
        rijn_py_raise(RIJN_ERR_PARAM);
    } else if ((res = PyBytes_FromStringAndSize(NULL, len)) != NULL) {
        rijn_argon2_params prm;
        size_t ws = rijn_argon2_work_size((uint32_t)m, (uint32_t)p);
        void *work = ws ? malloc(ws) : NULL;
        if (work == NULL) {
            Py_CLEAR(res);
            PyErr_NoMemory();
        } else {
            uint8_t *out = (uint8_t *)PyBytes_AS_STRING(res);
            memset(&prm, 0, sizeof prm);
            prm.type = (uint32_t)type;
            prm.t_cost = (uint32_t)t;
            prm.m_cost_kib = (uint32_t)m;
            prm.lanes = (uint32_t)p;
            prm.secret = secret.buf;
            prm.secret_len = (size_t)secret.len;
            prm.ad = ad.buf;
            prm.ad_len = (size_t)ad.len;
            Py_BEGIN_ALLOW_THREADS
            rc = rijn_argon2(&prm, out, (size_t)len, pw.buf, (size_t)pw.len, salt.buf,
                             (size_t)salt.len, work, ws);
            Py_END_ALLOW_THREADS
            free(work);
            res = out_or_raise(res, rc);
        }
    }
    PyBuffer_Release(&pw);
    PyBuffer_Release(&salt);
    PyBuffer_Release(&secret);
    PyBuffer_Release(&ad);
    return res;
}

/* x25519(scalar, point=None) -> shared secret (or public key) */
static PyObject *py_x25519(PyObject *self, PyObject *args)
{
    Py_buffer s, pt;
    uint8_t out[32];
    int rc = RIJN_ERR_PARAM;
    PyObject *res = NULL;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*O&", &s, rijn_py_opt_buf, &pt))
        return NULL;
    if (s.len != 32 || (pt.buf != NULL && pt.len != 32)) {
        rijn_py_raise_msg(RIJN_ERR_KEY_LEN, "rijn: X25519 scalars and points are 32 bytes");
    } else {
        rc = pt.buf ? rijn_x25519(out, s.buf, pt.buf) : rijn_x25519_base(out, s.buf);
        if (rc != RIJN_OK)
            rijn_py_raise(rc);
        else
            res = PyBytes_FromStringAndSize((const char *)out, 32);
    }
    rijn_wipe(out, sizeof out);
    PyBuffer_Release(&s);
    PyBuffer_Release(&pt);
    return res;
}

static PyMethodDef kdf_methods[] = {
    {"hkdf", py_hkdf, METH_VARARGS, "hkdf(hash, length, salt, ikm, info) -> bytes"},
    {"pbkdf2", py_pbkdf2, METH_VARARGS, "pbkdf2(hash, password, salt, iterations, length)"},
    {"argon2", py_argon2, METH_VARARGS, "argon2(type, pwd, salt, t, m_kib, lanes, len, secret, ad)"},
    {"x25519", py_x25519, METH_VARARGS, "x25519(scalar, point or None) -> 32 bytes"},
    {NULL, NULL, 0, NULL}};

int rijn_py_init_kdf(PyObject *m)
{
    return PyModule_AddFunctions(m, kdf_methods);
}
