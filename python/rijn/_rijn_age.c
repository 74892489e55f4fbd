/*
 * _rijn_age.c -- the age format v1 for the rijn extension (rijn/age.h):
 * age's key text forms (age1... / AGE-SECRET-KEY-1...), the header
 * parser, the X25519 and scrypt stanzas, sealing a header and keying the
 * payload. The input/output, the randomness, armor and the choice of
 * stanzas are done in Python (rijn/_recip.py); the library does the
 * format and the cryptography, and keys the FileCtx objects of
 * _rijn_file.c, whose seal_chunk / open_chunk then carry the payload.
 *
 * Implementation notes
 *   As in _rijn_recip.c (the rijn format's version 2 recipients, whose
 *   helpers rijn_py_none_ref / rijn_py_need_len this file uses):
 *   unwrapping returns None when a secret does not open a stanza
 *   (RIJN_ERR_AUTH), so Python can try the next one; other errors raise.
 *   The header parser returns None while it needs more input. The scrypt
 *   work area (128 * r * N bytes) is malloc'd for the size the header
 *   asks, after its log N was checked against the caller's maximum (the
 *   library checks it again), and scrypt runs with the GIL released.
 *   Secrets: file keys, identities and passphrases pass through Python
 *   bytes (Python cannot wipe them); the C copies are wiped. Proved by
 *   python/tests/test_recipients.py.
 */
#include "_rijn.h"

#include <stdlib.h>
#include <string.h>

#include "rijn/age.h"
#include "rijn/file_recipients.h"

/* age_encode(kind, raw32) -> str: kind 0 "age1..." public, 1 identity */
static PyObject *py_age_encode(PyObject *self, PyObject *args)
{
    int kind, rc;
    Py_buffer raw;
    char text[RIJN_AGE_SECRET_SIZE];
    PyObject *res = NULL;
    (void)self;
    if (!PyArg_ParseTuple(args, "py*", &kind, &raw))
        return NULL;
    if (rijn_py_need_len(&raw, 32, "an X25519 key") == 0) {
        rc = kind ? rijn_age_secret_encode(text, sizeof text, raw.buf)
                  : rijn_age_public_encode(text, sizeof text, raw.buf);
        res = rc == RIJN_OK ? PyUnicode_FromString(text) : rijn_py_raise(rc);
    }
    rijn_wipe(text, sizeof text);
    PyBuffer_Release(&raw);
    return res;
}

/* age_decode(kind, text) -> 32 bytes, or ParamError */
static PyObject *py_age_decode(PyObject *self, PyObject *args)
{
    int kind, rc;
    const char *s;
    Py_ssize_t n;
    uint8_t key[32];
    PyObject *res;
    (void)self;
    if (!PyArg_ParseTuple(args, "ps#", &kind, &s, &n))
        return NULL;
    rc = kind ? rijn_age_secret_decode(key, s, (size_t)n) : rijn_age_public_decode(key, s, (size_t)n);
    res = rc == RIJN_OK ? PyBytes_FromStringAndSize((const char *)key, 32)
                        : rijn_py_raise_msg(rc, "rijn: not an %s: %.20s...",
                                            kind ? "X25519 identity (AGE-SECRET-KEY-1...)"
                                                 : "X25519 recipient (age1...)",
                                            kind ? "AGE-SECRET-KEY-1" : s);
    rijn_wipe(key, sizeof key);
    return res;
}

/* age_header_len(buf) -> header length, or None: read more */
static PyObject *py_age_header_len(PyObject *self, PyObject *arg)
{
    Py_buffer b;
    size_t hl = 0;
    int rc;
    (void)self;
    if (PyObject_GetBuffer(arg, &b, PyBUF_SIMPLE) < 0)
        return NULL;
    rc = rijn_age_header_len(b.buf, (size_t)b.len, &hl);
    PyBuffer_Release(&b);
    if (rc == RIJN_ERR_LENGTH)
        Py_RETURN_NONE;
    if (rc != RIJN_OK)
        return rijn_py_raise_msg(rc, "rijn: malformed age header");
    return PyLong_FromSize_t(hl);
}

/* age_header_info(hdr) -> (stanzas, x25519, scrypt, log_n) */
static PyObject *py_age_header_info(PyObject *self, PyObject *arg)
{
    Py_buffer b;
    rijn_age_info info;
    int rc;
    (void)self;
    if (PyObject_GetBuffer(arg, &b, PyBUF_SIMPLE) < 0)
        return NULL;
    memset(&info, 0, sizeof info);
    rc = rijn_age_header_info(b.buf, (size_t)b.len, &info);
    PyBuffer_Release(&b);
    if (rc != RIJN_OK)
        return rijn_py_raise_msg(rc, "rijn: malformed age header (%s)",
                                 info.scrypt != 0 && info.stanzas > 1
                                     ? "an scrypt stanza must be the only one"
                                     : "a bad X25519 or scrypt stanza");
    return Py_BuildValue("(IIII)", info.stanzas, info.x25519, info.scrypt, info.log_n);
}

/* age_unwrap_x25519(hdr, identity) -> (file_key, stanza index) or None */
static PyObject *py_age_unwrap_x25519(PyObject *self, PyObject *args)
{
    Py_buffer h, id;
    uint8_t fk[RIJN_AGE_FILE_KEY_SIZE];
    unsigned which = 0;
    PyObject *res = NULL;
    int rc;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*", &h, &id))
        return NULL;
    if (rijn_py_need_len(&id, 32, "an X25519 identity") == 0) {
        rc = rijn_age_unwrap_x25519(fk, h.buf, (size_t)h.len, id.buf, &which);
        if (rc == RIJN_OK)
            res = Py_BuildValue("(y#I)", (const char *)fk, (Py_ssize_t)sizeof fk, which);
        else if (rc == RIJN_ERR_AUTH)
            res = rijn_py_none_ref();
        else
            rijn_py_raise_msg(rc, "rijn: malformed X25519 recipient stanza in the age header");
    }
    rijn_wipe(fk, sizeof fk);
    PyBuffer_Release(&h);
    PyBuffer_Release(&id);
    return res;
}

/* age_unwrap_scrypt(hdr, passphrase, max_log_n, log_n) -> file_key or None */
static PyObject *py_age_unwrap_scrypt(PyObject *self, PyObject *args)
{
    Py_buffer h, pw;
    unsigned max_log_n, log_n;
    uint8_t fk[RIJN_AGE_FILE_KEY_SIZE];
    PyObject *res = NULL;
    void *work = NULL;
    size_t ws = 0;
    int rc = RIJN_ERR_LIMIT;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*II", &h, &pw, &max_log_n, &log_n))
        return NULL;
    if (log_n <= max_log_n && log_n <= 40) {
        ws = rijn_scrypt_work_size((uint64_t)1 << log_n, 8, 1);
        if (ws == 0 || (work = malloc(ws)) == NULL)
            rc = RIJN_ERR_BUFFER;
    }
    if (work != NULL) {
        Py_BEGIN_ALLOW_THREADS
        rc = rijn_age_unwrap_scrypt(fk, h.buf, (size_t)h.len, pw.buf, (size_t)pw.len, max_log_n,
                                    work, ws);
        Py_END_ALLOW_THREADS
        free(work); /* wiped by the library */
    }
    if (rc == RIJN_OK)
        res = PyBytes_FromStringAndSize((const char *)fk, sizeof fk);
    else if (rc == RIJN_ERR_AUTH)
        res = rijn_py_none_ref();
    else if (rc == RIJN_ERR_BUFFER)
        PyErr_NoMemory();
    else
        rijn_py_raise_msg(rc, rc == RIJN_ERR_LIMIT ? "rijn: the file asks for scrypt work "
                          "factor %u (over max_scrypt_log_n=%u)" : "rijn: scrypt stanza: %u %u",
                          log_n, max_log_n);
    rijn_wipe(fk, sizeof fk);
    PyBuffer_Release(&h);
    PyBuffer_Release(&pw);
    return res;
}

/* age_verify_header(hdr, file_key): InvalidTag if the MAC fails */
static PyObject *py_age_verify_header(PyObject *self, PyObject *args)
{
    Py_buffer h, fk;
    int rc = RIJN_OK;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*", &h, &fk))
        return NULL;
    if (rijn_py_need_len(&fk, RIJN_AGE_FILE_KEY_SIZE, "an age file key") == 0) {
        rc = rijn_age_verify_header(h.buf, (size_t)h.len, fk.buf);
        if (rc != RIJN_OK)
            rijn_py_raise_msg(rc, "rijn: age header authentication failed (the header was "
                                  "altered)");
    }
    PyBuffer_Release(&h);
    PyBuffer_Release(&fk);
    if (PyErr_Occurred())
        return NULL;
    Py_RETURN_NONE;
}

/* age_seal(file_key, [(pub, eph), ...], scrypt (pass, salt, log_n) | None) -> header */
static PyObject *py_age_seal(PyObject *self, PyObject *args)
{
    Py_buffer fk;
    PyObject *list, *scr, *res = NULL;
    rijn_age_writer w;
    uint8_t *buf = NULL;
    size_t size, hl = 0;
    Py_ssize_t i, n;
    int rc = RIJN_OK;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*O!O", &fk, &PyList_Type, &list, &scr))
        return NULL;
    memset(&w, 0, sizeof w);
    n = PyList_GET_SIZE(list);
    size = sizeof RIJN_AGE_INTRO + 128 + (size_t)(n + 1) * RIJN_AGE_STANZA_MAX;
    if (rijn_py_need_len(&fk, RIJN_AGE_FILE_KEY_SIZE, "an age file key") < 0)
        goto done;
    if ((buf = malloc(size)) == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    rc = rijn_age_write_begin(&w, buf, size, fk.buf);
    for (i = 0; rc == RIJN_OK && i < n; i++) {
        Py_buffer pub, eph;
        if (!PyArg_ParseTuple(PyList_GET_ITEM(list, i), "y*y*", &pub, &eph))
            goto done;
        if (rijn_py_need_len(&pub, 32, "an X25519 recipient") == 0 && rijn_py_need_len(&eph, 32, "an ephemeral") == 0)
            rc = rijn_age_write_x25519(&w, pub.buf, eph.buf);
        PyBuffer_Release(&pub);
        PyBuffer_Release(&eph);
        if (PyErr_Occurred())
            goto done;
        if (rc == RIJN_ERR_PARAM) {
            rijn_py_raise_msg(rc, "rijn: recipient %zd is not a valid X25519 public key (low "
                                  "order)", i + 1);
            goto done;
        }
    }
    if (rc == RIJN_OK && scr != Py_None) {
        Py_buffer pw, salt;
        unsigned log_n;
        void *work = NULL;
        size_t ws = 0;
        if (!PyArg_ParseTuple(scr, "y*y*I", &pw, &salt, &log_n))
            goto done;
        if (rijn_py_need_len(&salt, RIJN_AGE_SCRYPT_SALT_SIZE, "the scrypt salt") == 0) {
            rc = RIJN_ERR_PARAM;
            if (log_n >= 1 && log_n <= 40 &&
                (ws = rijn_scrypt_work_size((uint64_t)1 << log_n, 8, 1)) != 0) {
                if ((work = malloc(ws)) == NULL) {
                    PyErr_NoMemory();
                } else {
                    Py_BEGIN_ALLOW_THREADS
                    rc = rijn_age_write_scrypt(&w, pw.buf, (size_t)pw.len, salt.buf, log_n, work,
                                               ws);
                    Py_END_ALLOW_THREADS
                    free(work);
                }
            }
        }
        PyBuffer_Release(&pw);
        PyBuffer_Release(&salt);
        if (PyErr_Occurred())
            goto done;
    }
    if (rc == RIJN_OK)
        rc = rijn_age_write_end(&w, &hl);
    if (rc == RIJN_OK)
        res = PyBytes_FromStringAndSize((const char *)buf, (Py_ssize_t)hl);
    else
        rijn_py_raise(rc);
done:
    rijn_wipe(&w, sizeof w);
    free(buf);
    PyBuffer_Release(&fk);
    return res;
}

/* age_payload_init(ctx, seal, file_key, nonce) */
static PyObject *py_age_payload_init(PyObject *self, PyObject *args)
{
    PyObject *ctxo;
    int seal, rc;
    Py_buffer fk, nonce;
    rijn_file_ctx *ctx;
    (void)self;
    if (!PyArg_ParseTuple(args, "Opy*y*", &ctxo, &seal, &fk, &nonce))
        return NULL;
    ctx = rijn_py_file_ctx(ctxo);
    if (ctx != NULL && rijn_py_need_len(&fk, RIJN_AGE_FILE_KEY_SIZE, "an age file key") == 0 &&
        rijn_py_need_len(&nonce, RIJN_AGE_NONCE_SIZE, "the age payload nonce") == 0) {
        rc = rijn_age_payload_init(ctx, seal, fk.buf, nonce.buf);
        if (rc != RIJN_OK)
            rijn_py_raise(rc);
    }
    PyBuffer_Release(&fk);
    PyBuffer_Release(&nonce);
    if (PyErr_Occurred())
        return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef age_methods[] = {
    {"age_encode", py_age_encode, METH_VARARGS, "age_encode(secret, raw32) -> str"},
    {"age_decode", py_age_decode, METH_VARARGS, "age_decode(secret, text) -> 32 bytes"},
    {"age_header_len", py_age_header_len, METH_O, "age_header_len(buf) -> int | None"},
    {"age_header_info", py_age_header_info, METH_O, "age_header_info(hdr)"},
    {"age_unwrap_x25519", py_age_unwrap_x25519, METH_VARARGS, "age_unwrap_x25519(hdr, id)"},
    {"age_unwrap_scrypt", py_age_unwrap_scrypt, METH_VARARGS, "age_unwrap_scrypt(hdr, pw, max, n)"},
    {"age_verify_header", py_age_verify_header, METH_VARARGS, "age_verify_header(hdr, F)"},
    {"age_seal", py_age_seal, METH_VARARGS, "age_seal(F, recipients, scrypt) -> header"},
    {"age_payload_init", py_age_payload_init, METH_VARARGS, "age_payload_init(ctx, seal, F, nonce)"},
    {NULL, NULL, 0, NULL}};

int rijn_py_init_age(PyObject *m)
{
    return PyModule_AddFunctions(m, age_methods);
}
