/*
 * _rijn_modes.c -- the classic AES modes of the rijn extension: one-shot
 * mode_crypt(mode, encrypt, key, iv, data) and the streaming ModeCtx
 * (rijn.Cipher, and the PyCryptodome-compatible AES.new objects of
 * rijn/_compat.py).
 *
 * Implementation notes
 *   mode_crypt() keys a stack rijn_aes_ctx per call (as PyCryptodome
 *   does), runs the one-shot C function and wipes the schedule; ModeCtx
 *   embeds the library's streaming context (rijn_block_ctx or
 *   rijn_stream_ctx, by mode) and wipes it at finalize and in dealloc.
 *   Stream modes and encryption key only the forward schedule. Long
 *   inputs run without the GIL; a busy flag turns concurrent use of one
 *   ModeCtx into rijn.StateError.
 *   Proved by python/tests/test_aes_modes.py and test_compat.py (FIPS 197
 *   and SP 800-38A KATs, cryptography and PyCryptodome differential tests,
 *   PyCryptodome's own mode tests).
 */
#include "_rijn.h"

#include <string.h>

#include "rijn/aes.h"
#include "rijn/modes.h"

static PyObject *err_param, *err_state;

/* ---- modes --------------------------------------------------------------- */
enum {
    M_ECB = 1, M_CBC, M_CBC_PAD, M_CTR, M_CTR32, M_OFB, M_CFB, M_CFB8,
    M_CTS1, M_CTS2, M_CTS3, M_LAST = M_CTS3
};

static int mode_is_stream(int mode)
{
    return mode == M_CTR || mode == M_CTR32 || mode == M_OFB || mode == M_CFB ||
           mode == M_CFB8;
}

static int check_iv(int mode, const Py_buffer *iv)
{
    if (mode == M_ECB)
        return 0;
    if (iv->buf == NULL || iv->len != 16) {
        PyErr_SetString(err_param, "rijn: the IV must be 16 bytes");
        return -1;
    }
    return 0;
}

static int run_oneshot(int mode, int enc, const rijn_aes_ctx *aes, const uint8_t *iv,
                       uint8_t *out, size_t out_size, size_t *out_len, const uint8_t *in,
                       size_t len)
{
    *out_len = len;
    switch (mode) {
    case M_ECB: return enc ? rijn_ecb_encrypt(aes, out, in, len) : rijn_ecb_decrypt(aes, out, in, len);
    case M_CBC: return enc ? rijn_cbc_encrypt(aes, iv, out, in, len) : rijn_cbc_decrypt(aes, iv, out, in, len);
    case M_CBC_PAD:
        return enc ? rijn_cbc_pad_encrypt(aes, iv, out, out_size, out_len, in, len)
                   : rijn_cbc_pad_decrypt(aes, iv, out, out_size, out_len, in, len);
    case M_CTR: return rijn_ctr_crypt(aes, iv, out, in, len);
    case M_CTR32: return rijn_ctr32_crypt(aes, iv, out, in, len);
    case M_OFB: return rijn_ofb_crypt(aes, iv, out, in, len);
    case M_CFB: return enc ? rijn_cfb128_encrypt(aes, iv, out, in, len) : rijn_cfb128_decrypt(aes, iv, out, in, len);
    case M_CFB8: return enc ? rijn_cfb8_encrypt(aes, iv, out, in, len) : rijn_cfb8_decrypt(aes, iv, out, in, len);
    default: {
        rijn_cts_variant v = (rijn_cts_variant)(mode - M_CTS1 + 1);
        return enc ? rijn_cbc_cts_encrypt(aes, v, iv, out, in, len)
                   : rijn_cbc_cts_decrypt(aes, v, iv, out, in, len);
    }
    }
}

/* mode_crypt(mode, encrypt, key, iv, data) -> bytes */
static PyObject *py_mode_crypt(PyObject *self, PyObject *args)
{
    int mode, enc, rc;
    Py_buffer key, iv, data;
    PyObject *res = NULL;
    rijn_aes_ctx aes;
    size_t out_size, out_len = 0;
    (void)self;
    if (!PyArg_ParseTuple(args, "ipy*z*y*", &mode, &enc, &key, &iv, &data))
        return NULL;
    if (mode < M_ECB || mode > M_LAST) {
        PyErr_SetString(PyExc_ValueError, "rijn: unknown mode");
        goto done;
    }
    if (check_iv(mode, &iv) < 0)
        goto done;
    /* stream modes and encryption need only the forward schedule */
    rc = (enc || mode_is_stream(mode))
             ? rijn_aes_init_enc(&aes, key.buf, (size_t)key.len)
             : rijn_aes_init(&aes, key.buf, (size_t)key.len);
    if (rc != RIJN_OK) {
        rijn_py_raise(rc);
        goto done;
    }
    out_size = (size_t)data.len;
    if (mode == M_CBC_PAD && enc)
        out_size = RIJN_CBC_PAD_LEN(out_size);
    res = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)out_size);
    if (res != NULL) {
        uint8_t *out = (uint8_t *)PyBytes_AS_STRING(res);
        RIJN_PY_NOGIL_IF(data.len >= RIJN_PY_NOGIL_MIN,
                         rc = run_oneshot(mode, enc, &aes, iv.buf, out, out_size, &out_len,
                                          data.buf, (size_t)data.len));
        if (rc != RIJN_OK) {
            Py_CLEAR(res);
            rijn_py_raise(rc);
        } else if (out_len != out_size) {
            _PyBytes_Resize(&res, (Py_ssize_t)out_len);
        }
    }
    rijn_aes_wipe(&aes);
done:
    PyBuffer_Release(&key);
    PyBuffer_Release(&iv);
    PyBuffer_Release(&data);
    return res;
}

/* ---- streaming modes ------------------------------------------------------ */
typedef struct {
    PyObject_HEAD
    union {
        rijn_block_ctx block;
        rijn_stream_ctx stream;
    } u;
    int mode, enc, busy, done;
} ModeCtx;

static int modectx_init(ModeCtx *self, PyObject *args, PyObject *kw)
{
    int mode, enc, rc;
    Py_buffer key, iv;
    const uint8_t *k, *v;
    size_t kl;
    (void)kw;
    if (self->busy || self->mode != 0) {
        PyErr_SetString(err_state, "rijn: object already set up");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "ipy*z*", &mode, &enc, &key, &iv))
        return -1;
    rc = -100;
    if (mode < M_ECB || mode > M_LAST) {
        PyErr_SetString(PyExc_ValueError, "rijn: unknown mode");
        goto done;
    }
    if (check_iv(mode, &iv) < 0)
        goto done;
    k = key.buf;
    kl = (size_t)key.len;
    v = iv.buf;
    self->mode = mode;
    self->enc = enc;
    self->done = 0;
    switch (mode) {
    case M_ECB: rc = enc ? rijn_ecb_encrypt_init(&self->u.block, k, kl) : rijn_ecb_decrypt_init(&self->u.block, k, kl); break;
    case M_CBC: rc = enc ? rijn_cbc_encrypt_init(&self->u.block, k, kl, v) : rijn_cbc_decrypt_init(&self->u.block, k, kl, v); break;
    case M_CBC_PAD: rc = enc ? rijn_cbc_pad_encrypt_init(&self->u.block, k, kl, v) : rijn_cbc_pad_decrypt_init(&self->u.block, k, kl, v); break;
    case M_CTR: rc = rijn_ctr_init(&self->u.stream, k, kl, v); break;
    case M_CTR32: rc = rijn_ctr32_init(&self->u.stream, k, kl, v); break;
    case M_OFB: rc = rijn_ofb_init(&self->u.stream, k, kl, v); break;
    case M_CFB: rc = enc ? rijn_cfb128_encrypt_init(&self->u.stream, k, kl, v) : rijn_cfb128_decrypt_init(&self->u.stream, k, kl, v); break;
    case M_CFB8: rc = enc ? rijn_cfb8_encrypt_init(&self->u.stream, k, kl, v) : rijn_cfb8_decrypt_init(&self->u.stream, k, kl, v); break;
    default: {
        rijn_cts_variant var = (rijn_cts_variant)(mode - M_CTS1 + 1);
        rc = enc ? rijn_cbc_cts_encrypt_init(&self->u.block, var, k, kl, v)
                 : rijn_cbc_cts_decrypt_init(&self->u.block, var, k, kl, v);
    }
    }
    if (rc != RIJN_OK)
        rijn_py_raise(rc);
done:
    PyBuffer_Release(&key);
    PyBuffer_Release(&iv);
    return rc == RIJN_OK ? 0 : -1;
}

static void modectx_dealloc(ModeCtx *self)
{
    rijn_wipe(&self->u, sizeof self->u);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *modectx_update(ModeCtx *self, PyObject *arg)
{
    Py_buffer data;
    PyObject *res;
    size_t out_size, out_len = 0;
    int rc;
    if (self->busy)
        return rijn_py_busy();
    if (self->done) {
        PyErr_SetString(err_state, "rijn: update after finalize");
        return NULL;
    }
    if (PyObject_GetBuffer(arg, &data, PyBUF_SIMPLE) < 0)
        return NULL;
    out_size = mode_is_stream(self->mode) ? (size_t)data.len : RIJN_MODE_UPDATE_MAX(data.len);
    res = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)out_size);
    if (res == NULL)
        goto done;
    self->busy = 1;
    if (mode_is_stream(self->mode)) {
        RIJN_PY_NOGIL_IF(data.len >= RIJN_PY_NOGIL_MIN,
                         rc = rijn_stream_update(&self->u.stream,
                                                 (uint8_t *)PyBytes_AS_STRING(res), data.buf,
                                                 (size_t)data.len));
        out_len = (size_t)data.len;
    } else {
        RIJN_PY_NOGIL_IF(data.len >= RIJN_PY_NOGIL_MIN,
                         rc = rijn_block_update(&self->u.block, (uint8_t *)PyBytes_AS_STRING(res),
                                                out_size, &out_len, data.buf, (size_t)data.len));
    }
    self->busy = 0;
    if (rc != RIJN_OK) {
        Py_CLEAR(res);
        rijn_py_raise(rc);
    } else if (out_len != out_size) {
        _PyBytes_Resize(&res, (Py_ssize_t)out_len);
    }
done:
    PyBuffer_Release(&data);
    return res;
}

static PyObject *modectx_finalize(ModeCtx *self, PyObject *unused)
{
    uint8_t out[32];
    size_t out_len = 0;
    int rc = RIJN_OK;
    PyObject *res;
    (void)unused;
    if (self->busy)
        return rijn_py_busy();
    if (self->done) {
        PyErr_SetString(err_state, "rijn: finalize called twice");
        return NULL;
    }
    if (!mode_is_stream(self->mode))
        rc = rijn_block_final(&self->u.block, out, sizeof out, &out_len);
    self->done = 1;
    rijn_wipe(&self->u, sizeof self->u);
    if (rc != RIJN_OK) {
        rijn_wipe(out, sizeof out);
        return rijn_py_raise(rc);
    }
    res = PyBytes_FromStringAndSize((const char *)out, (Py_ssize_t)out_len);
    rijn_wipe(out, sizeof out);
    return res;
}

static PyMethodDef modectx_methods[] = {
    {"update", (PyCFunction)modectx_update, METH_O, "update(data) -> bytes"},
    {"finalize", (PyCFunction)modectx_finalize, METH_NOARGS, "finalize() -> bytes"},
    {NULL, NULL, 0, NULL}};

static PyTypeObject ModeCtxType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "rijn._rijn.ModeCtx",
    .tp_basicsize = sizeof(ModeCtx),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "ModeCtx(mode, encrypt, key, iv): streaming AES mode context",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)modectx_init,
    .tp_dealloc = (destructor)modectx_dealloc,
    .tp_methods = modectx_methods,
};

static PyMethodDef modes_methods[] = {
    {"mode_crypt", py_mode_crypt, METH_VARARGS, "mode_crypt(mode, encrypt, key, iv, data) -> bytes"},
    {NULL, NULL, 0, NULL}};

int rijn_py_init_modes(PyObject *m)
{
    err_param = PyObject_GetAttrString(m, "ParamError");
    err_state = PyObject_GetAttrString(m, "StateError");
    if (err_param == NULL || err_state == NULL || PyType_Ready(&ModeCtxType) < 0)
        return -1;
    Py_INCREF(&ModeCtxType);
    if (PyModule_AddObject(m, "ModeCtx", (PyObject *)&ModeCtxType) < 0) {
        Py_DECREF(&ModeCtxType);
        return -1;
    }
    return PyModule_AddFunctions(m, modes_methods);
}
