/*
 * _rijn_aeadstream.c -- streaming AEAD messages for the rijn extension:
 * AeadStream(alg, key, nonce, encrypt, tag_len, aad_len, msg_len), one
 * message per object, over the library's _start/_aad/_update/_final
 * functions (GCM, CCM, OCB, EAX, ChaCha20-Poly1305, XChaCha20-Poly1305).
 * rijn/__init__.py builds cryptography's Cipher(algorithms.AES, modes.GCM)
 * encryptor/decryptor shape and the PyCryptodome AES.new(..., MODE_GCM)
 * objects on it.
 *
 * Implementation notes
 *   Layout: a union of the keyed contexts (the same alg numbers as
 *   _rijn_aead.c); each call is a switch on alg. OCB keeps back up to 15
 *   bytes between calls (RIJN_OCB_UPDATE_MAX), so update's output is
 *   sized len + 15 and trimmed; the other modes write len bytes.
 *   CCM needs the lengths of the associated data and of the message at
 *   the start (aad_len, msg_len); the Python layer buffers when the
 *   caller did not announce them.
 *   Decryption releases plaintext before the tag is checked (that is what
 *   streaming means); finalize(tag) raises rijn.InvalidTag on a mismatch.
 *   Threads: a busy flag turns concurrent use of one object into
 *   rijn.StateError; long inputs run without the GIL. The context is
 *   wiped at finalize and in dealloc.
 *   Proved by python/tests/test_compat.py and test_contract.py (the
 *   PyCryptodome and cryptography streaming objects on random splits).
 */
#include "_rijn.h"

#include <string.h>

#include "rijn/ccm.h"
#include "rijn/chachapoly.h"
#include "rijn/eax.h"
#include "rijn/gcm.h"
#include "rijn/ocb.h"

enum { S_GCM = 1, S_CCM = 2, S_OCB = 3, S_EAX = 6, S_CHACHA = 7, S_XCHACHA = 8 };

typedef struct {
    PyObject_HEAD
    union {
        rijn_gcm_ctx gcm;
        rijn_ccm_ctx ccm;
        rijn_ocb_ctx ocb;
        rijn_eax_ctx eax;
        rijn_chachapoly_ctx chacha;
    } u;
    int alg, enc, started, done, busy;
    size_t tag_len;
} StreamObj;

static int st_key_and_start(StreamObj *s, const Py_buffer *key, const Py_buffer *nonce,
                            long long aad_len, long long msg_len)
{
    const uint8_t *k = key->buf, *n = nonce->buf;
    size_t kl = (size_t)key->len, nl = (size_t)nonce->len;
    int rc;
    switch (s->alg) {
    case S_GCM:
        rc = rijn_gcm_init(&s->u.gcm, k, kl);
        return rc ? rc : rijn_gcm_start(&s->u.gcm, n, nl);
    case S_CCM:
        if (aad_len < 0 || msg_len < 0)
            return RIJN_ERR_PARAM;
        rc = rijn_ccm_init(&s->u.ccm, k, kl);
        return rc ? rc
                  : rijn_ccm_start(&s->u.ccm, n, nl, (uint64_t)aad_len, (uint64_t)msg_len,
                                   s->tag_len);
    case S_OCB:
        rc = rijn_ocb_init(&s->u.ocb, k, kl);
        return rc ? rc : rijn_ocb_start(&s->u.ocb, n, nl, s->tag_len);
    case S_EAX:
        rc = rijn_eax_init(&s->u.eax, k, kl);
        return rc ? rc : rijn_eax_start(&s->u.eax, n, nl);
    case S_CHACHA:
    case S_XCHACHA:
        rc = s->alg == S_CHACHA ? rijn_chacha20poly1305_init(&s->u.chacha, k, kl)
                                : rijn_xchacha20poly1305_init(&s->u.chacha, k, kl);
        return rc ? rc : rijn_chacha20poly1305_start(&s->u.chacha, n, nl);
    default:
        return RIJN_ERR_UNSUPPORTED;
    }
}

/* AeadStream(alg, key, nonce, encrypt, tag_len, aad_len=-1, msg_len=-1) */
static int st_init(StreamObj *self, PyObject *args, PyObject *kw)
{
    Py_buffer key, nonce;
    int alg, enc, rc;
    Py_ssize_t tag_len;
    long long aad_len = -1, msg_len = -1;
    (void)kw;
    if (self->started || self->busy) {
        rijn_py_raise(RIJN_ERR_STATE);
        return -1;
    }
    if (!PyArg_ParseTuple(args, "iy*y*pn|LL", &alg, &key, &nonce, &enc, &tag_len, &aad_len,
                          &msg_len))
        return -1;
    self->alg = alg;
    self->enc = enc;
    self->tag_len = tag_len < 0 ? 0 : (size_t)tag_len;
    rc = (tag_len < 1 || tag_len > RIJN_AEAD_TAG_MAX)
             ? RIJN_ERR_TAG_LEN
             : st_key_and_start(self, &key, &nonce, aad_len, msg_len);
    PyBuffer_Release(&key);
    PyBuffer_Release(&nonce);
    if (rc != RIJN_OK) {
        rijn_wipe(&self->u, sizeof self->u);
        rijn_py_raise(rc);
        return -1;
    }
    self->started = 1;
    self->done = 0;
    return 0;
}

static void st_dealloc(StreamObj *self)
{
    rijn_wipe(&self->u, sizeof self->u);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int st_check(StreamObj *self)
{
    if (self->busy) {
        rijn_py_busy();
        return -1;
    }
    if (!self->started || self->done) {
        PyErr_SetString(PyExc_TypeError, "rijn: this AEAD message is finished (or not started)");
        return -1;
    }
    return 0;
}

static PyObject *st_aad(StreamObj *self, PyObject *arg)
{
    Py_buffer b;
    int rc;
    if (st_check(self) < 0 || PyObject_GetBuffer(arg, &b, PyBUF_SIMPLE) < 0)
        return NULL;
    switch (self->alg) {
    case S_GCM: rc = rijn_gcm_aad(&self->u.gcm, b.buf, (size_t)b.len); break;
    case S_CCM: rc = rijn_ccm_aad(&self->u.ccm, b.buf, (size_t)b.len); break;
    case S_OCB: rc = rijn_ocb_aad(&self->u.ocb, b.buf, (size_t)b.len); break;
    case S_EAX: rc = rijn_eax_aad(&self->u.eax, b.buf, (size_t)b.len); break;
    default: rc = rijn_chacha20poly1305_aad(&self->u.chacha, b.buf, (size_t)b.len); break;
    }
    PyBuffer_Release(&b);
    if (rc != RIJN_OK)
        return rijn_py_raise(rc);
    Py_RETURN_NONE;
}

static int st_run(StreamObj *s, uint8_t *out, size_t out_size, size_t *out_len,
                  const uint8_t *in, size_t len)
{
    int e = s->enc;
    *out_len = len;
    switch (s->alg) {
    case S_GCM: return e ? rijn_gcm_encrypt_update(&s->u.gcm, out, in, len) : rijn_gcm_decrypt_update(&s->u.gcm, out, in, len);
    case S_CCM: return e ? rijn_ccm_encrypt_update(&s->u.ccm, out, in, len) : rijn_ccm_decrypt_update(&s->u.ccm, out, in, len);
    case S_OCB: return e ? rijn_ocb_encrypt_update(&s->u.ocb, out, out_size, out_len, in, len) : rijn_ocb_decrypt_update(&s->u.ocb, out, out_size, out_len, in, len);
    case S_EAX: return e ? rijn_eax_encrypt_update(&s->u.eax, out, in, len) : rijn_eax_decrypt_update(&s->u.eax, out, in, len);
    default: return e ? rijn_chacha20poly1305_encrypt_update(&s->u.chacha, out, in, len) : rijn_chacha20poly1305_decrypt_update(&s->u.chacha, out, in, len);
    }
}

/* update(data) -> bytes */
static PyObject *st_update(StreamObj *self, PyObject *arg)
{
    Py_buffer b;
    PyObject *res;
    size_t cap, got = 0;
    int rc;
    if (st_check(self) < 0 || PyObject_GetBuffer(arg, &b, PyBUF_SIMPLE) < 0)
        return NULL;
    cap = (size_t)b.len + (self->alg == S_OCB ? 15u : 0u);
    res = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)cap);
    if (res != NULL) {
        self->busy = 1;
        RIJN_PY_NOGIL_IF(b.len >= RIJN_PY_NOGIL_MIN,
                         rc = st_run(self, (uint8_t *)PyBytes_AS_STRING(res), cap, &got, b.buf,
                                     (size_t)b.len));
        self->busy = 0;
        if (rc != RIJN_OK) {
            Py_CLEAR(res);
            rijn_py_raise(rc);
        } else if (got != cap) {
            _PyBytes_Resize(&res, (Py_ssize_t)got);
        }
    }
    PyBuffer_Release(&b);
    return res;
}

/* update_into(data, buf) -> bytes written; buf must hold len(data) + 15 (OCB) or len(data) */
static PyObject *st_update_into(StreamObj *self, PyObject *args)
{
    Py_buffer b, o;
    size_t got = 0;
    int rc;
    if (st_check(self) < 0 || !PyArg_ParseTuple(args, "y*w*", &b, &o))
        return NULL;
    if (o.len < b.len + (self->alg == S_OCB ? 15 : 0)) {
        rijn_py_raise_msg(RIJN_ERR_BUFFER, "buffer must be at least %zd bytes",
                          b.len + (self->alg == S_OCB ? 15 : 0));
        rc = 1;
    } else {
        self->busy = 1;
        RIJN_PY_NOGIL_IF(b.len >= RIJN_PY_NOGIL_MIN,
                         rc = st_run(self, o.buf, (size_t)o.len, &got, b.buf, (size_t)b.len));
        self->busy = 0;
        if (rc != RIJN_OK)
            rijn_py_raise(rc);
    }
    PyBuffer_Release(&b);
    PyBuffer_Release(&o);
    return rc == RIJN_OK ? PyLong_FromSize_t(got) : NULL;
}

/* finalize() -> (tail, tag) when encrypting; finalize(tag) -> tail when decrypting */
static PyObject *st_finalize(StreamObj *self, PyObject *args)
{
    Py_buffer tag = {0};
    uint8_t tail[16], t[RIJN_AEAD_TAG_MAX];
    size_t got = 0, tl = self->tag_len;
    PyObject *res = NULL;
    int rc;
    if (st_check(self) < 0 ||
        !PyArg_ParseTuple(args, self->enc ? "" : "y*", &tag))
        return NULL;
    if (!self->enc && (size_t)tag.len != tl) {
        /* cryptography: a tag of another length fails as a wrong tag */
        PyBuffer_Release(&tag);
        if ((size_t)tag.len < 4 && self->alg == S_GCM) {
            return rijn_py_raise_msg(RIJN_ERR_TAG_LEN, "Authentication tag must be 4 bytes or longer.");
        }
        self->done = 1;
        rijn_wipe(&self->u, sizeof self->u);
        return rijn_py_raise(RIJN_ERR_AUTH);
    }
    switch (self->alg) {
    case S_GCM: rc = self->enc ? rijn_gcm_encrypt_final(&self->u.gcm, t, tl) : rijn_gcm_decrypt_final(&self->u.gcm, tag.buf, tl); break;
    case S_CCM: rc = self->enc ? rijn_ccm_encrypt_final(&self->u.ccm, t, tl) : rijn_ccm_decrypt_final(&self->u.ccm, tag.buf, tl); break;
    case S_OCB: rc = self->enc ? rijn_ocb_encrypt_final(&self->u.ocb, tail, sizeof tail, &got, t, tl) : rijn_ocb_decrypt_final(&self->u.ocb, tail, sizeof tail, &got, tag.buf, tl); break;
    case S_EAX: rc = self->enc ? rijn_eax_encrypt_final(&self->u.eax, t, tl) : rijn_eax_decrypt_final(&self->u.eax, tag.buf, tl); break;
    default: rc = self->enc ? rijn_chacha20poly1305_encrypt_final(&self->u.chacha, t, tl) : rijn_chacha20poly1305_decrypt_final(&self->u.chacha, tag.buf, tl); break;
    }
    PyBuffer_Release(&tag);
    if (rc == RIJN_ERR_STATE) /* e.g. CCM: less data than announced; the message stays open */
        return rijn_py_raise(rc);
    self->done = 1;
    rijn_wipe(&self->u, sizeof self->u);
    if (rc != RIJN_OK)
        res = rijn_py_raise(rc);
    else if (self->enc)
        res = Py_BuildValue("(y#y#)", (const char *)tail, (Py_ssize_t)got, (const char *)t,
                            (Py_ssize_t)tl);
    else
        res = PyBytes_FromStringAndSize((const char *)tail, (Py_ssize_t)got);
    rijn_wipe(tail, sizeof tail);
    return res;
}

static PyObject *st_get_done(StreamObj *self, void *closure)
{
    (void)closure;
    return PyBool_FromLong(self->done);
}

static PyMethodDef st_methods[] = {
    {"aad", (PyCFunction)st_aad, METH_O, "aad(data): more associated data (before update)"},
    {"update", (PyCFunction)st_update, METH_O, "update(data) -> bytes"},
    {"update_into", (PyCFunction)st_update_into, METH_VARARGS, "update_into(data, buf) -> int"},
    {"finalize", (PyCFunction)st_finalize, METH_VARARGS,
     "finalize() -> (tail, tag) (encrypting); finalize(tag) -> tail (decrypting)"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef st_getset[] = {
    {"done", (getter)st_get_done, NULL, "True after finalize", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject StreamType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "rijn._rijn.AeadStream",
    .tp_basicsize = sizeof(StreamObj),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "AeadStream(alg, key, nonce, encrypt, tag_len, aad_len=-1, msg_len=-1): "
              "one streaming AEAD message",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)st_init,
    .tp_dealloc = (destructor)st_dealloc,
    .tp_methods = st_methods,
    .tp_getset = st_getset,
};

int rijn_py_init_aeadstream(PyObject *m)
{
    if (PyType_Ready(&StreamType) < 0)
        return -1;
    Py_INCREF(&StreamType);
    if (PyModule_AddObject(m, "AeadStream", (PyObject *)&StreamType) < 0) {
        Py_DECREF(&StreamType);
        return -1;
    }
    return 0;
}
