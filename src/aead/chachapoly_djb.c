/*
 * chachapoly_djb.c -- ChaCha20-Poly1305 with the original 8-byte nonce
 * (libsodium's crypto_aead_chacha20poly1305_*, the draft-agl construction
 * that predates RFC 8439), one-shot, detached tag.
 *
 * Implementation notes: the original ChaCha20 (8-byte nonce, 64-bit
 * counter); block 0's first 32 bytes are the Poly1305 key, the text is
 * XORed from block 1. The MAC input is AD || LE64(|AD|) || C || LE64(|C|)
 * -- no zero padding, unlike RFC 8439. Opening computes the tag over the
 * ciphertext first and decrypts only if it matches (constant-time compare
 * by rijn_ct_equal); otherwise out is wiped. Lengths are public.
 * Proof: tests/stream/test_stream_ext.c (libsodium differential both ways,
 * tampering).
 */
#include "internal.h"
#include "rijn/chachapoly.h"
#include "rijn/poly1305.h"

static int mac(uint8_t tag[16], rijn_chacha20_ctx *c, const uint8_t *aad, size_t aad_len,
               const uint8_t *ct, size_t len)
{
    static const uint8_t zero[32] = {0};
    rijn_poly1305_ctx p;
    uint8_t key[32], l[8];
    int r = rijn_chacha20_update(c, key, zero, 32); /* block 0: the Poly1305 key */
    if (r == RIJN_OK)
        r = rijn_poly1305_init(&p, key);
    rijn_store64_le(l, (uint64_t)aad_len);
    if (r == RIJN_OK && (r = rijn_poly1305_update(&p, aad, aad_len)) == RIJN_OK &&
        (r = rijn_poly1305_update(&p, l, 8)) == RIJN_OK &&
        (r = rijn_poly1305_update(&p, ct, len)) == RIJN_OK) {
        rijn_store64_le(l, (uint64_t)len);
        if ((r = rijn_poly1305_update(&p, l, 8)) == RIJN_OK)
            r = rijn_poly1305_final(&p, tag);
    }
    rijn_poly1305_wipe(&p);
    rijn_wipe(key, sizeof key);
    return r;
}

static int start(rijn_chacha20_ctx *c, const uint8_t *out, const uint8_t *tag,
                 const uint8_t *key, const uint8_t *nonce, const uint8_t *aad, size_t aad_len,
                 const uint8_t *in, size_t len)
{
    RIJN_CHECK_PTR(tag);
    RIJN_CHECK_PTR(key);
    RIJN_CHECK_PTR(nonce);
    RIJN_CHECK_BUF(aad, aad_len);
    RIJN_CHECK_BUF(in, len);
    RIJN_CHECK_BUF(out, len);
    if (out != in && len != 0 && rijn_overlaps(out, len, in, len))
        return RIJN_ERR_PARAM;
    if (RIJN_LEN_GT(len, RIJN_CHACHAPOLY_TEXT_MAX))
        return RIJN_ERR_LIMIT;
    return rijn_chacha20_djb_init(c, key, nonce, 0);
}

int rijn_chacha20poly1305_djb_seal(uint8_t *out, uint8_t tag[16], const uint8_t key[32],
                                   const uint8_t nonce[8], const uint8_t *aad, size_t aad_len,
                                   const uint8_t *in, size_t len)
{
    rijn_chacha20_ctx c, m;
    int r = start(&c, out, tag, key, nonce, aad, aad_len, in, len);
    if (r == RIJN_OK) {
        m = c; /* counter 0: the MAC key */
        r = rijn_chacha20_djb_init(&c, key, nonce, 1);
        if (r == RIJN_OK)
            r = rijn_chacha20_update(&c, out, in, len);
        if (r == RIJN_OK)
            r = mac(tag, &m, aad, aad_len, out, len);
        rijn_chacha20_wipe(&m);
    }
    rijn_chacha20_wipe(&c);
    return r;
}

int rijn_chacha20poly1305_djb_open(uint8_t *out, const uint8_t tag[16], const uint8_t key[32],
                                   const uint8_t nonce[8], const uint8_t *aad, size_t aad_len,
                                   const uint8_t *in, size_t len)
{
    rijn_chacha20_ctx c;
    uint8_t want[16];
    int r = start(&c, out, tag, key, nonce, aad, aad_len, in, len);
    if (r == RIJN_OK)
        r = mac(want, &c, aad, aad_len, in, len);
    if (r == RIJN_OK && !rijn_ct_equal(want, tag, 16))
        r = RIJN_ERR_AUTH;
    if (r == RIJN_OK)
        r = rijn_chacha20_djb_init(&c, key, nonce, 1);
    if (r == RIJN_OK)
        r = rijn_chacha20_update(&c, out, in, len);
    if (r == RIJN_ERR_AUTH && out != NULL && len != 0)
        rijn_wipe(out, len);
    rijn_chacha20_wipe(&c);
    rijn_wipe(want, sizeof want);
    return r;
}
