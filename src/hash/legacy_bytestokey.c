/*
 * legacy_bytestokey.c -- OpenSSL's EVP_BytesToKey (legacy KDF of
 * `openssl enc` without -pbkdf2). LEGACY: one fast hash per output block,
 * no real work factor; only for reading and writing that format.
 *
 * Implementation notes: D_i = H^count(D_{i-1} || password || salt), the
 * D_i concatenated fill the key, then the IV. The hash runs through the
 * generic descriptor API. Buffers holding D_i are wiped at exit; on error
 * key and iv are zeroed. Proof: differential test against OpenSSL
 * EVP_BytesToKey with MD5, SHA-1 and SHA-256 (tests/test_kdf.c).
 */
#include "hash_i.h"
#include "rijn/kdf.h"

int rijn_evp_bytes_to_key(const rijn_hash_desc *h, uint8_t *key, size_t key_len, uint8_t *iv,
                          size_t iv_len, const uint8_t *password, size_t password_len,
                          const uint8_t *salt, size_t salt_len, uint32_t count)
{
    rijn_hash_ctx c;
    uint8_t d[RIJN_HASH_MAX_SIZE];
    size_t ds, dlen = 0, pos = 0, total, take;
    uint32_t j;
    int r = RIJN_OK;
    RIJN_CHECK_PTR(h);
    RIJN_CHECK_BUF(key, key_len);
    RIJN_CHECK_BUF(iv, iv_len);
    RIJN_CHECK_BUF(password, password_len);
    if ((salt == NULL && salt_len != 0) || (salt != NULL && salt_len != 8) || count == 0)
        return RIJN_ERR_PARAM;
    ds = h->digest_size;
    if (ds == 0 || ds > RIJN_HASH_MAX_SIZE)
        return RIJN_ERR_PARAM;
    if (key_len > SIZE_MAX - iv_len)
        return RIJN_ERR_LIMIT;
    total = key_len + iv_len;
    memset(&c, 0, sizeof c);
    while (pos < total) {
        if ((r = rijn_hash_init(&c, h)) != RIJN_OK ||
            (r = rijn_hash_update(&c, d, dlen)) != RIJN_OK ||
            (r = rijn_hash_update(&c, password, password_len)) != RIJN_OK ||
            (r = rijn_hash_update(&c, salt, salt_len)) != RIJN_OK ||
            (r = rijn_hash_final(&c, d, sizeof d)) != RIJN_OK)
            goto out;
        for (j = 1; j < count; j++)
            if ((r = rijn_hash(h, d, sizeof d, d, ds)) != RIJN_OK)
                goto out;
        dlen = ds;
        for (take = 0; take < ds && pos < total; take++, pos++) {
            if (pos < key_len)
                key[pos] = d[take];
            else
                iv[pos - key_len] = d[take];
        }
    }
out:
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
