/*
 * _rijn_recip.c -- recipients for the rijn extension: version 2 of the
 * rijn file format (rijn/file_recipients.h, docs/FORMAT.md section 10)
 * and the age format v1 (rijn/age.h), plus age's key text forms. The
 * input/output, the randomness, armor and the choice of stanzas are done
 * in Python (rijn/_recip.py); the library does the format and the
 * cryptography, and keys the FileCtx objects of _rijn_file.c, whose
 * seal_chunk / open_chunk then carry the payload.
 *
 * Implementation notes
 *   Unwrapping returns None when a secret does not open a stanza
 *   (RIJN_ERR_AUTH), so Python can try the next one and name what the
 *   file holds when none does; other errors raise. Header parsers that
 *   need more input return the length needed (v2) or None (age) instead
 *   of raising. The scrypt work area (128 * r * N bytes) is malloc'd for
 *   the size the header asks, after its log N was checked against the
 *   caller's maximum (the library checks it again), and the scrypt calls
 *   run with the GIL released.
 *   Secrets: file keys, identities and passphrase masters pass through
 *   Python bytes (Python cannot wipe them); the C copies are wiped.
 *   Proved by python/tests/test_recipients.py (round trips, the CLI's and
 *   age's files read back, ours read by them, wrong identities refused).
 */
#include "_rijn.h"

#include <stdlib.h>
#include <string.h>

#include "rijn/age.h"
#include "rijn/file_recipients.h"

static PyObject *none_ref(void)
{
    Py_INCREF(Py_None);
    return Py_None;
}

static int need_len(const Py_buffer *b, Py_ssize_t n, const char *what)
{
    if (b->len != n) {
        PyErr_Format(PyExc_ValueError, "rijn: %s is %zd bytes", what, n);
        return -1;
    }
    return 0;
}

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
    if (need_len(&raw, 32, "an X25519 key") == 0) {
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

/* One stanza tuple (type, secret32, ephemeral32 | None, iterations, t, m, lanes). */
static int add_stanza(rijn_file_writer *w, PyObject *t)
{
    rijn_file_stanza st;
    unsigned type, lanes;
    unsigned long it, tc, m;
    Py_buffer sec, eph;
    int rc;
    memset(&st, 0, sizeof st);
    if (!PyTuple_Check(t) ||
        !PyArg_ParseTuple(t, "Iy*O&kkkI", &type, &sec, rijn_py_opt_buf, &eph, &it, &tc, &m, &lanes))
        return PyErr_Occurred() ? -1 : (PyErr_SetString(PyExc_TypeError, "stanza tuple"), -1);
    st.type = (uint8_t)type;
    st.iterations = (uint32_t)it;
    st.argon2_t = (uint32_t)tc;
    st.argon2_m = (uint32_t)m;
    st.argon2_lanes = (uint8_t)lanes;
    if (type > 255 || lanes > 255 || need_len(&sec, 32, "a stanza secret") < 0 ||
        (eph.buf != NULL && need_len(&eph, 32, "an ephemeral secret") < 0)) {
        rc = PyErr_Occurred() ? -2 : RIJN_ERR_PARAM;
    } else {
        rc = rijn_file_v2_add(w, &st, sec.buf, eph.buf);
    }
    PyBuffer_Release(&sec);
    PyBuffer_Release(&eph);
    if (rc == -2)
        return -1;
    if (rc == RIJN_ERR_PARAM && type == RIJN_FILE_KEY_X25519) {
        rijn_py_raise_msg(rc, "rijn: a recipient is not a valid X25519 public key (low order)");
        return -1;
    }
    return rc == RIJN_OK ? 0 : (rijn_py_raise(rc), -1);
}

/* file_v2_seal(ctx, aead, chunk_size, salt, file_key, stanzas) -> header */
static PyObject *py_file_v2_seal(PyObject *self, PyObject *args)
{
    PyObject *ctxo, *list, *res = NULL;
    unsigned aead;
    unsigned long chunk;
    Py_buffer salt, fk;
    rijn_file_ctx *ctx;
    rijn_file_params p;
    rijn_file_writer w;
    uint8_t *hdr;
    size_t hl = 0;
    Py_ssize_t i, n;
    int rc = RIJN_OK;
    (void)self;
    if (!PyArg_ParseTuple(args, "OIky*y*O!", &ctxo, &aead, &chunk, &salt, &fk, &PyList_Type, &list))
        return NULL;
    memset(&w, 0, sizeof w);
    hdr = malloc(RIJN_FILE_V2_HEADER_MAX);
    ctx = rijn_py_file_ctx(ctxo);
    n = PyList_GET_SIZE(list);
    if (hdr == NULL) {
        PyErr_NoMemory();
    } else if (ctx != NULL && need_len(&salt, 32, "the salt") == 0 &&
               need_len(&fk, 32, "the file key") == 0) {
        rijn_file_params_init(&p);
        p.aead = (uint8_t)(aead > 255 ? 0 : aead);
        p.chunk_size = (uint32_t)(chunk > 0xFFFFFFFFul ? 0 : chunk);
        memcpy(p.salt, salt.buf, 32);
        rc = rijn_file_v2_begin(&w, hdr, RIJN_FILE_V2_HEADER_MAX, &p,
                                (unsigned)(n > 255 ? 255 : n), fk.buf);
        for (i = 0; rc == RIJN_OK && i < n; i++)
            if (add_stanza(&w, PyList_GET_ITEM(list, i)) < 0)
                rc = 1;
        if (rc == RIJN_OK)
            rc = rijn_file_v2_end(&w, ctx, &hl);
        if (rc == RIJN_OK)
            res = PyBytes_FromStringAndSize((const char *)hdr, (Py_ssize_t)hl);
        else if (rc < 0)
            rijn_py_raise(rc);
    }
    rijn_wipe(&w, sizeof w);
    free(hdr);
    PyBuffer_Release(&salt);
    PyBuffer_Release(&fk);
    return res;
}

/* file_v2_parse(buf) -> (complete, header_len, aead, chunk_size, stanzas, salt) */
static PyObject *py_file_v2_parse(PyObject *self, PyObject *arg)
{
    Py_buffer b;
    rijn_file_params p;
    int rc;
    (void)self;
    if (PyObject_GetBuffer(arg, &b, PyBUF_SIMPLE) < 0)
        return NULL;
    memset(&p, 0, sizeof p);
    rc = rijn_file_v2_parse(&p, b.buf, (size_t)b.len);
    PyBuffer_Release(&b);
    if (rc != RIJN_OK && !(rc == RIJN_ERR_LENGTH && p.header_len > (size_t)b.len))
        return rijn_py_raise(rc);
    return Py_BuildValue("(OnIkIy#)", rc == RIJN_OK ? Py_True : Py_False, (Py_ssize_t)p.header_len,
                         (unsigned)p.aead, (unsigned long)p.chunk_size, (unsigned)p.stanzas,
                         (const char *)p.salt, (Py_ssize_t)32);
}

/* file_v2_stanza(hdr, i) -> (type, iterations, t, m, lanes) */
static PyObject *py_file_v2_stanza(PyObject *self, PyObject *args)
{
    Py_buffer h;
    unsigned i;
    rijn_file_stanza st;
    int rc;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*I", &h, &i))
        return NULL;
    rc = rijn_file_v2_stanza(h.buf, (size_t)h.len, i, &st);
    PyBuffer_Release(&h);
    if (rc != RIJN_OK)
        return rijn_py_raise(rc);
    return Py_BuildValue("(Ikkki)", (unsigned)st.type, (unsigned long)st.iterations,
                         (unsigned long)st.argon2_t, (unsigned long)st.argon2_m,
                         (int)st.argon2_lanes);
}

/* file_v2_unwrap(hdr, i, secret) -> file key, or None if it does not open */
static PyObject *py_file_v2_unwrap(PyObject *self, PyObject *args)
{
    Py_buffer h, s;
    unsigned i;
    uint8_t fk[32];
    int rc = RIJN_ERR_PARAM;
    PyObject *res = NULL;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*Iy*", &h, &i, &s))
        return NULL;
    if (need_len(&s, 32, "a stanza secret") == 0) {
        rc = rijn_file_v2_unwrap(fk, h.buf, (size_t)h.len, i, s.buf);
        if (rc == RIJN_OK)
            res = PyBytes_FromStringAndSize((const char *)fk, 32);
        else if (rc == RIJN_ERR_AUTH)
            res = none_ref();
        else
            rijn_py_raise(rc);
    }
    rijn_wipe(fk, sizeof fk);
    PyBuffer_Release(&h);
    PyBuffer_Release(&s);
    return res;
}

/* file_v2_open(ctx, hdr, file_key): the header MAC; ctx keyed for opening */
static PyObject *py_file_v2_open(PyObject *self, PyObject *args)
{
    PyObject *ctxo;
    Py_buffer h, fk;
    rijn_file_ctx *ctx;
    int rc = 0;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oy*y*", &ctxo, &h, &fk))
        return NULL;
    ctx = rijn_py_file_ctx(ctxo);
    if (ctx != NULL && need_len(&fk, 32, "the file key") == 0) {
        rc = rijn_file_v2_open(ctx, h.buf, (size_t)h.len, fk.buf);
        if (rc != RIJN_OK)
            rijn_py_raise_msg(rc, rc == RIJN_ERR_AUTH ? "rijn: header authentication failed "
                                                        "(the header was altered)"
                                                      : "%s", rijn_strerror(rc));
    }
    PyBuffer_Release(&h);
    PyBuffer_Release(&fk);
    if (PyErr_Occurred())
        return NULL;
    Py_RETURN_NONE;
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
    if (need_len(&id, 32, "an X25519 identity") == 0) {
        rc = rijn_age_unwrap_x25519(fk, h.buf, (size_t)h.len, id.buf, &which);
        if (rc == RIJN_OK)
            res = Py_BuildValue("(y#I)", (const char *)fk, (Py_ssize_t)sizeof fk, which);
        else if (rc == RIJN_ERR_AUTH)
            res = none_ref();
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
        res = none_ref();
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
    if (need_len(&fk, RIJN_AGE_FILE_KEY_SIZE, "an age file key") == 0) {
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
    if (need_len(&fk, RIJN_AGE_FILE_KEY_SIZE, "an age file key") < 0)
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
        if (need_len(&pub, 32, "an X25519 recipient") == 0 && need_len(&eph, 32, "an ephemeral") == 0)
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
        if (need_len(&salt, RIJN_AGE_SCRYPT_SALT_SIZE, "the scrypt salt") == 0) {
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
    if (ctx != NULL && need_len(&fk, RIJN_AGE_FILE_KEY_SIZE, "an age file key") == 0 &&
        need_len(&nonce, RIJN_AGE_NONCE_SIZE, "the age payload nonce") == 0) {
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

static PyMethodDef recip_methods[] = {
    {"age_encode", py_age_encode, METH_VARARGS, "age_encode(secret, raw32) -> str"},
    {"age_decode", py_age_decode, METH_VARARGS, "age_decode(secret, text) -> 32 bytes"},
    {"file_v2_seal", py_file_v2_seal, METH_VARARGS, "file_v2_seal(ctx, aead, chunk, salt, F, stanzas)"},
    {"file_v2_parse", py_file_v2_parse, METH_O, "file_v2_parse(buf) -> (complete, len, ...)"},
    {"file_v2_stanza", py_file_v2_stanza, METH_VARARGS, "file_v2_stanza(hdr, i)"},
    {"file_v2_unwrap", py_file_v2_unwrap, METH_VARARGS, "file_v2_unwrap(hdr, i, secret)"},
    {"file_v2_open", py_file_v2_open, METH_VARARGS, "file_v2_open(ctx, hdr, F)"},
    {"age_header_len", py_age_header_len, METH_O, "age_header_len(buf) -> int | None"},
    {"age_header_info", py_age_header_info, METH_O, "age_header_info(hdr)"},
    {"age_unwrap_x25519", py_age_unwrap_x25519, METH_VARARGS, "age_unwrap_x25519(hdr, id)"},
    {"age_unwrap_scrypt", py_age_unwrap_scrypt, METH_VARARGS, "age_unwrap_scrypt(hdr, pw, max, n)"},
    {"age_verify_header", py_age_verify_header, METH_VARARGS, "age_verify_header(hdr, F)"},
    {"age_seal", py_age_seal, METH_VARARGS, "age_seal(F, recipients, scrypt) -> header"},
    {"age_payload_init", py_age_payload_init, METH_VARARGS, "age_payload_init(ctx, seal, F, nonce)"},
    {NULL, NULL, 0, NULL}};

int rijn_py_init_recip(PyObject *m)
{
    return PyModule_AddFunctions(m, recip_methods);
}
