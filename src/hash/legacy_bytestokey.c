/*
 * legacy_bytestokey.c -- OpenSSL's EVP_BytesToKey (legacy KDF of
 * `openssl enc` without -pbkdf2). LEGACY: one fast hash per output block,
 * no real work factor; only for reading and writing that format.
 *
 * Implementation notes: D_i = H^count(D_{i-1} || password || salt), the
 * D_i concatenated fill the key, then the IV. The hash runs through the
 * generic descriptor API. Buffers holding D_i are wiped at exit; on error
 * key and iv are zeroed. Proof: differential test against OpenSSL
 * EVP_BytesToKey with MD5, SHA-1 and SHA-256 (tests/kdf/test_kdf.c).
 */
#include "hash_i.h"
#include "rijn/kdf.h"

/* D_i = H^count(D_(i-1) || password || salt) into d (dlen: the length of
 * D_(i-1), 0 for the first). */
static int next_d(const rijn_hash_desc *h, rijn_hash_ctx *c, uint8_t *d, size_t dlen,
                  const uint8_t *password, size_t password_len, const uint8_t *salt,
                  size_t salt_len, uint32_t count)
{
    uint32_t j;
    int r;
    if ((r = rijn_hash_init(c, h)) != RIJN_OK || (r = rijn_hash_update(c, d, dlen)) != RIJN_OK ||
        (r = rijn_hash_update(c, password, password_len)) != RIJN_OK ||
        (r = rijn_hash_update(c, salt, salt_len)) != RIJN_OK ||
        (r = rijn_hash_final(c, d, RIJN_HASH_MAX_SIZE)) != RIJN_OK)
        return r;
    for (j = 1; j < count && r == RIJN_OK; j++)
        r = rijn_hash(h, d, RIJN_HASH_MAX_SIZE, d, h->digest_size);
    return r;
}

/* The argument checks of rijn_evp_bytes_to_key. */
static int check_args(const rijn_hash_desc *h, const uint8_t *key, size_t key_len,
                      const uint8_t *iv, size_t iv_len, const uint8_t *password,
                      size_t password_len, const uint8_t *salt, size_t salt_len, uint32_t count)
{
    RIJN_CHECK_PTR(h);
    RIJN_CHECK_BUF(key, key_len);
    RIJN_CHECK_BUF(iv, iv_len);
    RIJN_CHECK_BUF(password, password_len);
    if ((salt == NULL && salt_len != 0) || (salt != NULL && salt_len != 8) || count == 0)
        return RIJN_ERR_PARAM;
    if (h->digest_size == 0 || h->digest_size > RIJN_HASH_MAX_SIZE)
        return RIJN_ERR_PARAM;
    if (key_len > SIZE_MAX - iv_len)
        return RIJN_ERR_LIMIT;
    return RIJN_OK;
}

int rijn_evp_bytes_to_key(const rijn_hash_desc *h, uint8_t *key, size_t key_len, uint8_t *iv,
                          size_t iv_len, const uint8_t *password, size_t password_len,
                          const uint8_t *salt, size_t salt_len, uint32_t count)
{
    rijn_hash_ctx c;
    uint8_t d[RIJN_HASH_MAX_SIZE];
    size_t ds, dlen = 0, pos = 0, total, take;
    int r = check_args(h, key, key_len, iv, iv_len, password, password_len, salt, salt_len,
                       count);
    if (r != RIJN_OK)
        return r;
    ds = h->digest_size;
    total = key_len + iv_len;
    memset(&c, 0, sizeof c);
    while (pos < total && r == RIJN_OK) {
        if ((r = next_d(h, &c, d, dlen, password, password_len, salt, salt_len, count)) != RIJN_OK)
            break;
        dlen = ds;
        for (take = 0; take < ds && pos < total; take++, pos++) {
            if (pos < key_len)
                key[pos] = d[take];
            else
                iv[pos - key_len] = d[take];
        }
    }
    if (r != RIJN_OK) {
        if (key_len != 0)
            rijn_i_hash_wipe(key, key_len);
        if (iv_len != 0)
            rijn_i_hash_wipe(iv, iv_len);
    }
    rijn_hash_wipe(&c);
    rijn_i_hash_wipe(d, sizeof d);
    return r;
}
