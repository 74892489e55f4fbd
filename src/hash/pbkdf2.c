/*
 * pbkdf2.c -- PBKDF2 (RFC 8018 section 5.2) with HMAC over any hash
 * descriptor.
 *
 * Implementation notes: the password is processed once into a keyed HMAC
 * context; each PRF call copies that context (memcpy), so an iteration
 * costs two compression calls plus the copy. U_j and the running XOR T
 * live on the stack and are wiped at exit; on error the output is zeroed.
 * Lengths and the iteration count are public.
 * Proof: RFC 6070 (HMAC-SHA-1), published PBKDF2-HMAC-SHA-256 vectors, and
 * a differential test against OpenSSL PKCS5_PBKDF2_HMAC for every
 * descriptor with random lengths (tests/kdf/test_kdf.c).
 */
#include "hash_i.h"
#include "rijn/hmac.h"
#include "rijn/kdf.h"

/* T_block = F(P, S, c, block) of RFC 8018 section 5.2 into t (ds bytes);
 * c: a scratch HMAC context, u: a scratch digest. */
static int f_block(const rijn_hmac_ctx *keyed, rijn_hmac_ctx *c, const uint8_t *salt,
                   size_t salt_len, uint32_t block, uint32_t iterations, size_t ds, uint8_t *u,
                   uint8_t *t)
{
    uint8_t be[4];
    uint32_t j;
    size_t k;
    int r;
    rijn_store32_be(be, block);
    memcpy(c, keyed, sizeof *c);
    if ((r = rijn_hmac_update(c, salt, salt_len)) != RIJN_OK ||
        (r = rijn_hmac_update(c, be, 4)) != RIJN_OK || (r = rijn_hmac_final(c, u, ds)) != RIJN_OK)
        return r;
    memcpy(t, u, ds);
    for (j = 1; j < iterations; j++) {
        memcpy(c, keyed, sizeof *c);
        if ((r = rijn_hmac_update(c, u, ds)) != RIJN_OK ||
            (r = rijn_hmac_final(c, u, ds)) != RIJN_OK)
            return r;
        for (k = 0; k < ds; k++)
            t[k] ^= u[k];
    }
    return RIJN_OK;
}

int rijn_pbkdf2(const rijn_hash_desc *h, uint8_t *out, size_t out_len, const uint8_t *password,
                size_t password_len, const uint8_t *salt, size_t salt_len, uint32_t iterations)
{
    rijn_hmac_ctx keyed, c;
    uint8_t u[RIJN_HASH_MAX_SIZE], t[RIJN_HASH_MAX_SIZE];
    size_t ds, done = 0, take;
    uint32_t block = 0;
    int r = RIJN_OK;
    RIJN_CHECK_PTR(h);
    RIJN_CHECK_BUF(out, out_len);
    RIJN_CHECK_BUF(password, password_len);
    RIJN_CHECK_BUF(salt, salt_len);
    ds = h->digest_size;
    if (ds == 0 || ds > RIJN_HASH_MAX_SIZE || iterations == 0)
        return RIJN_ERR_PARAM;
    if ((uint64_t)out_len > (uint64_t)0xFFFFFFFFu * ds)
        return RIJN_ERR_LIMIT;
    memset(&c, 0, sizeof c);
    if ((r = rijn_hmac_init(&keyed, h, password, password_len)) != RIJN_OK)
        goto out;
    while (done < out_len) {
        if ((r = f_block(&keyed, &c, salt, salt_len, ++block, iterations, ds, u, t)) != RIJN_OK)
            goto out;
        take = out_len - done < ds ? out_len - done : ds;
        memcpy(out + done, t, take);
        done += take;
    }
out:
    if (r != RIJN_OK && out_len != 0)
        rijn_i_hash_wipe(out, out_len);
    rijn_hmac_wipe(&keyed);
    rijn_hmac_wipe(&c);
    rijn_i_hash_wipe(u, sizeof u);
    rijn_i_hash_wipe(t, sizeof t);
    return r;
}
