/*
 * legacy_md64.c -- buffering and padding shared by the 64-byte-block legacy
 * hashes (MD5, SHA-1).
 *
 * Implementation notes: the context keeps a byte count and one partial
 * block; whole blocks of the input go straight to the compression
 * function. Branches depend on lengths only. Proven by the MD5 and SHA-1
 * tests (RFC 1321, CAVP SHA1*, differential against OpenSSL for every
 * length 0..1100).
 */
#include "hash_i.h"
#include "rijn/hash.h"

#if RIJN_CFG_HASH_LEGACY

int rijn_i_md64_update(uint32_t *h, uint8_t buf[64], uint64_t *nbytes, const uint8_t *data,
                       size_t len, rijn_i_md64_compress compress)
{
    size_t used = (size_t)(*nbytes & 63), take;
    if (len == 0)
        return RIJN_OK; /* data may be NULL */
    if ((uint64_t)len > ((uint64_t)1 << 61) - 1 - *nbytes)
        return RIJN_ERR_LIMIT;
    *nbytes += (uint64_t)len;
    if (used != 0) {
        take = 64 - used;
        if (take > len)
            take = len;
        memcpy(buf + used, data, take);
        data += take;
        len -= take;
        if (used + take < 64)
            return RIJN_OK;
        compress(h, buf, 1);
    }
    if (len >= 64) {
        compress(h, data, len / 64);
        data += len & ~(size_t)63;
        len &= 63;
    }
    if (len != 0)
        memcpy(buf, data, len);
    return RIJN_OK;
}

void rijn_i_md64_pad(uint32_t *h, uint8_t buf[64], uint64_t nbytes, int be,
                     rijn_i_md64_compress compress)
{
    size_t used = (size_t)(nbytes & 63);
    buf[used++] = 0x80;
    if (used > 56) {
        memset(buf + used, 0, 64 - used);
        compress(h, buf, 1);
        used = 0;
    }
    memset(buf + used, 0, 56 - used);
    if (be)
        rijn_store64_be(buf + 56, nbytes << 3);
    else
        rijn_store64_le(buf + 56, nbytes << 3);
    compress(h, buf, 1);
}
#else
typedef int rijn_i_legacy_md64_off; /* ISO C: no empty translation unit */
#endif
