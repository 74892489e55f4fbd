/*
 * _rijn_legacy.c -- the key schedules of the two legacy file formats
 * (rijn/legacy_formats.h: `openssl enc` and Mbed TLS crypt_and_hash) for
 * the rijn extension; rijn/_legacy.py builds the formats on them with
 * the classic modes and HMAC.
 *
 * Implementation notes
 *   openssl_enc_key(hash, iterations, passphrase, salt or None, key_len)
 *   -> (key, iv); mbedtls_cah_key(hash, iv, secret) -> 32-byte K. Both
 *   run without the GIL (PBKDF2 and the 8192-round schedule are slow on
 *   purpose); stack copies of the key material are wiped.
 *   Proved by python/tests/test_legacy.py (files read and written by the
 *   `openssl enc` tool and by the rijn CLI's --format openssl|mbedtls).
 */
#include "_rijn.h"

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

static PyMethodDef legacy_methods[] = {
    {"openssl_enc_key", py_openssl_enc_key, METH_VARARGS,
     "openssl_enc_key(hash, iterations, passphrase, salt, key_len) -> (key, iv)"},
    {"mbedtls_cah_key", py_mbedtls_cah_key, METH_VARARGS,
     "mbedtls_cah_key(hash, iv, secret) -> 32-byte K"},
    {NULL, NULL, 0, NULL}};

int rijn_py_init_legacy(PyObject *m)
{
    return PyModule_AddFunctions(m, legacy_methods);
}
