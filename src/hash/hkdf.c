/*
 * hkdf.c -- HKDF (RFC 5869) over any hash descriptor.
 *
 * Implementation notes: expand keys one HMAC context with the PRK and
 * copies it for every output block T(i), so the key is processed once.
 * Lengths are public; the PRK and the T(i) blocks are wiped at exit; on
 * error the output is zeroed. Proof: RFC 5869 appendix A (SHA-256 and
 * SHA-1), the cryptography project's 1200-byte vector, and a differential
 * test against OpenSSL's HKDF for every SHA-2/SHA-3 descriptor
 * (tests/kdf/test_kdf.c).
 */
#include "hash_i.h"
#include "rijn/hmac.h"
#include "rijn/kdf.h"

int rijn_hkdf_extract(const rijn_hash_desc *h, uint8_t *prk, size_t prk_size,
                      const uint8_t *salt, size_t salt_len, const uint8_t *ikm, size_t ikm_len)
{
    static const uint8_t zeros[RIJN_HASH_MAX_SIZE] = {0};
    RIJN_CHECK_PTR(h);
    RIJN_CHECK_PTR(prk);
    RIJN_CHECK_BUF(salt, salt_len);
    RIJN_CHECK_BUF(ikm, ikm_len);
    if (h->digest_size > RIJN_HASH_MAX_SIZE)
        return RIJN_ERR_PARAM;
    if (prk_size < h->digest_size)
        return RIJN_ERR_BUFFER;
    if (salt_len == 0) {
        salt = zeros;
        salt_len = h->digest_size;
    }
    return rijn_hmac(h, prk, h->digest_size, salt, salt_len, ikm, ikm_len);
}

int rijn_hkdf_expand(const rijn_hash_desc *h, uint8_t *okm, size_t okm_len, const uint8_t *prk,
                     size_t prk_len, const uint8_t *info, size_t info_len)
{
    rijn_hmac_ctx keyed, c;
    uint8_t t[RIJN_HASH_MAX_SIZE], ctr = 0;
    size_t ds, done = 0, take;
    int r;
    RIJN_CHECK_PTR(h);
    RIJN_CHECK_BUF(okm, okm_len);
    RIJN_CHECK_PTR(prk);
    RIJN_CHECK_BUF(info, info_len);
    ds = h->digest_size;
    if (ds == 0 || ds > RIJN_HASH_MAX_SIZE)
        return RIJN_ERR_PARAM;
    if (prk_len < ds)
        return RIJN_ERR_KEY_LEN;
    if (okm_len > 255 * ds)
        return RIJN_ERR_LIMIT;
    if ((r = rijn_hmac_init(&keyed, h, prk, prk_len)) != RIJN_OK)
        goto out;
    while (done < okm_len) {
        ctr++;
        memcpy(&c, &keyed, sizeof c);
        if ((ctr > 1 && (r = rijn_hmac_update(&c, t, ds)) != RIJN_OK) ||
            (r = rijn_hmac_update(&c, info, info_len)) != RIJN_OK ||
            (r = rijn_hmac_update(&c, &ctr, 1)) != RIJN_OK ||
            (r = rijn_hmac_final(&c, t, ds)) != RIJN_OK)
            goto out;
        take = okm_len - done < ds ? okm_len - done : ds;
        memcpy(okm + done, t, take);
        done += take;
    }
out:
    if (r != RIJN_OK && okm_len != 0)
        rijn_i_hash_wipe(okm, okm_len);
    rijn_hmac_wipe(&keyed);
    rijn_hmac_wipe(&c);
    rijn_i_hash_wipe(t, sizeof t);
    return r;
}

int rijn_hkdf(const rijn_hash_desc *h, uint8_t *okm, size_t okm_len, const uint8_t *salt,
              size_t salt_len, const uint8_t *ikm, size_t ikm_len, const uint8_t *info,
              size_t info_len)
{
    uint8_t prk[RIJN_HASH_MAX_SIZE];
    int r;
    RIJN_CHECK_PTR(h);
    RIJN_CHECK_BUF(okm, okm_len);
    if (h->digest_size == 0 || h->digest_size > RIJN_HASH_MAX_SIZE)
        return RIJN_ERR_PARAM;
    if (okm_len > 255 * h->digest_size)
        return RIJN_ERR_LIMIT;
    r = rijn_hkdf_extract(h, prk, sizeof prk, salt, salt_len, ikm, ikm_len);
    if (r == RIJN_OK)
        r = rijn_hkdf_expand(h, okm, okm_len, prk, h->digest_size, info, info_len);
    else if (okm_len != 0)
        rijn_i_hash_wipe(okm, okm_len);
    rijn_i_hash_wipe(prk, sizeof prk);
    return r;
}
