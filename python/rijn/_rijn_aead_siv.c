/*
 * _rijn_aead_siv.c -- AES-SIV over a vector of associated data for the
 * rijn extension: the bodies of Aead.seal_v / Aead.open_v (_rijn_aead.c
 * checks the object: keyed, and AES-SIV).
 *
 * Implementation notes
 *   The associated data is a list of bytes-like objects (cryptography's
 *   rule: a list, not any iterable; at most RIJN_SIV_MAX_AD strings),
 *   held as Py_buffer views for the call and passed to rijn_siv_seal_v /
 *   rijn_siv_open_v as a rijn_siv_ad vector; views and vector (~12 KB for
 *   126 strings) are on the heap (PyMem_Malloc), not the C stack. seal_v
 *   returns V || C, open_v takes it (RFC 5297 order, as cryptography's
 *   AESSIV).
 *   The GIL is released for long inputs; the library wipes the output on
 *   RIJN_ERR_AUTH, and the bytes object is dropped (rijn.InvalidTag).
 *   Proved by python/tests/test_aead.py (RFC 5297 vectors, cryptography's
 *   AESSIV differential test, a tampered tag and a changed AD vector).
 */
#include "_rijn.h"

#include "rijn/siv.h"

/* The associated data strings: views held for the call, and the vector. */
typedef struct {
    Py_buffer views[RIJN_SIV_MAX_AD];
    rijn_siv_ad ad[RIJN_SIV_MAX_AD];
    size_t n;
} ad_vec;

static void ad_release(ad_vec *v)
{
    size_t i;
    for (i = 0; i < v->n; i++)
        PyBuffer_Release(&v->views[i]);
    v->n = 0;
}

static int ad_get(ad_vec *v, PyObject *list)
{
    PyObject *seq;
    Py_ssize_t i, n;
    v->n = 0;
    if (list == Py_None)
        return 0;
    if (!PyList_Check(list)) { /* cryptography's rule: a list, not any iterable */
        PyErr_Format(PyExc_TypeError, "'%.100s' object is not an instance of 'list'",
                     Py_TYPE(list)->tp_name);
        return -1;
    }
    seq = PySequence_Fast(list, "rijn: associated_data must be a list of bytes");
    if (seq == NULL)
        return -1;
    n = PySequence_Fast_GET_SIZE(seq);
    if (n > RIJN_SIV_MAX_AD) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "rijn: at most 126 associated data strings");
        return -1;
    }
    for (i = 0; i < n; i++) {
        if (PyObject_GetBuffer(PySequence_Fast_GET_ITEM(seq, i), &v->views[i], PyBUF_SIMPLE) < 0) {
            Py_DECREF(seq);
            ad_release(v);
            return -1;
        }
        v->ad[i].data = v->views[i].buf;
        v->ad[i].len = (size_t)v->views[i].len;
        v->n = (size_t)i + 1;
    }
    Py_DECREF(seq);
    return 0;
}

PyObject *rijn_py_siv_v(const struct rijn_siv_ctx *ctx, PyObject *args, int seal)
{
    PyObject *list, *res = NULL;
    Py_buffer data;
    ad_vec *v;
    int rc;
    if (!PyArg_ParseTuple(args, "Oy*", &list, &data))
        return NULL;
    v = PyMem_Malloc(sizeof *v);
    if (v == NULL) {
        PyBuffer_Release(&data);
        return PyErr_NoMemory();
    }
    if (ad_get(v, list) < 0)
        goto done;
    if (seal) {
        res = PyBytes_FromStringAndSize(NULL, data.len + 16);
        if (res != NULL) {
            uint8_t *out = (uint8_t *)PyBytes_AS_STRING(res);
            RIJN_PY_NOGIL_IF(data.len >= RIJN_PY_NOGIL_MIN,
                             rc = rijn_siv_seal_v(ctx, out + 16, out, v->ad, v->n,
                                                  data.buf, (size_t)data.len));
            if (rc != RIJN_OK) {
                Py_CLEAR(res);
                rijn_py_raise(rc);
            }
        }
    } else if (data.len < 16) {
        rijn_py_raise(RIJN_ERR_AUTH);
    } else {
        res = PyBytes_FromStringAndSize(NULL, data.len - 16);
        if (res != NULL) {
            const uint8_t *in = data.buf;
            RIJN_PY_NOGIL_IF(data.len >= RIJN_PY_NOGIL_MIN,
                             rc = rijn_siv_open_v(ctx, (uint8_t *)PyBytes_AS_STRING(res),
                                                  in, v->ad, v->n, in + 16, (size_t)data.len - 16));
            if (rc != RIJN_OK) {
                Py_CLEAR(res);
                rijn_py_raise(rc);
            }
        }
    }
    ad_release(v);
done:
    PyMem_Free(v);
    PyBuffer_Release(&data);
    return res;
}
