/*
 * _rijn.h -- shared declarations of the rijn CPython extension.
 *
 * Implementation notes
 *   The extension is split by family: _rijn.c (module, errors, AES),
 *   _rijn_modes.c (the classic modes), _rijn_aead.c (the AEAD classes;
 *   AES-SIV's vector-AD methods in _rijn_aead_siv.c),
 *   _rijn_aeadstream.c (streaming AEAD messages), _rijn_hash.c (hashes,
 *   HMAC), _rijn_kdf.c (HKDF, PBKDF2, Argon2, X25519), _rijn_mac.c (CMAC,
 *   Poly1305, XTS, key wrap, HKDF halves, scrypt), _rijn_file.c (the rijn
 *   file format), _rijn_recip.c (its version 2 recipients), _rijn_age.c
 *   (the age format), _rijn_legacy.c (openssl enc and crypt_and_hash key
 *   schedules), _rijn_cpu.c
 *   (the clock measurement of bench.py). Every entry
 *   takes bytes-like objects through the buffer protocol ("y*") and
 *   returns new bytes objects written in place (PyBytes_FromStringAndSize
 *   with NULL, then filled). Inputs of RIJN_PY_NOGIL_MIN bytes or more are
 *   processed with the GIL released; the Py_buffer views keep the inputs
 *   alive, and objects with mutable state (streaming ciphers, hashes, file
 *   contexts) carry a busy flag so a second thread gets an error instead
 *   of a data race. Secrets held by objects (key schedules, hash states)
 *   are wiped in dealloc; temporary key material on the C stack is wiped
 *   before return. Status codes map to exceptions with rijn_strerror's
 *   text (rijn_py_raise).
 */
#ifndef RIJN_PY_H
#define RIJN_PY_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "rijn/common.h"

/* Inputs at least this long are processed with the GIL released. */
#define RIJN_PY_NOGIL_MIN 4096

#define RIJN_PY_NOGIL_IF(cond, stmt)    \
    do {                                \
        if (cond) {                     \
            Py_BEGIN_ALLOW_THREADS stmt; \
            Py_END_ALLOW_THREADS         \
        } else {                        \
            stmt;                       \
        }                               \
    } while (0)

/* Set the exception for status rc (< 0) and return NULL. */
PyObject *rijn_py_raise(int rc);
/* Same with a message of its own (PyUnicode_FromFormat's format). */
PyObject *rijn_py_raise_msg(int rc, const char *fmt, ...);
/* PyArg "O&" converter: None -> an empty (zeroed) view, else a bytes-like
 * object's buffer (str is a TypeError, as in cryptography); release with
 * PyBuffer_Release in every case. */
int rijn_py_opt_buf(PyObject *o, void *view);
/* Raise rijn.StateError("object in use by another thread"). */
PyObject *rijn_py_busy(void);

/* Each family adds its functions and types to the module; 0 or -1. */
int rijn_py_init_modes(PyObject *m);
int rijn_py_init_aead(PyObject *m);
int rijn_py_init_hash(PyObject *m);
int rijn_py_init_file(PyObject *m);
int rijn_py_init_aeadstream(PyObject *m);
int rijn_py_init_mac(PyObject *m);
int rijn_py_init_cpu(PyObject *m);
int rijn_py_init_legacy(PyObject *m);
int rijn_py_init_recip(PyObject *m);
int rijn_py_init_age(PyObject *m);
int rijn_py_init_kdf(PyObject *m);

/* The body of Aead.seal_v (seal 1) / open_v (seal 0) on a keyed AES-SIV
 * context: args (ad_list, data) -> V || C, or the plaintext
 * (_rijn_aead_siv.c). */
struct rijn_siv_ctx;
PyObject *rijn_py_siv_v(const struct rijn_siv_ctx *ctx, PyObject *args, int seal);

/* The hash descriptor called name, or NULL with rijn.UnsupportedError
 * set (_rijn_hash.c). */
const struct rijn_hash_desc *rijn_py_hash_desc(const char *name);

/* A new reference to None (_rijn_recip.c). */
PyObject *rijn_py_none_ref(void);
/* 0 if b holds exactly n bytes, else ValueError "rijn: <what> is n bytes"
 * and -1 (_rijn_recip.c). */
int rijn_py_need_len(const Py_buffer *b, Py_ssize_t n, const char *what);

/* The rijn_file_ctx of a rijn._rijn.FileCtx (TypeError / StateError and
 * NULL if o is not one or is in use). */
struct rijn_file_ctx *rijn_py_file_ctx(PyObject *o);

#endif
