/*
 * age_write.c -- the age v1 writer (rijn/age.h): stanzas, the MAC line,
 * and the key derivations shared with the reader (age_header.c).
 *
 * Implementation notes: the header is appended to the caller's buffer
 * (put: a write that would not fit fails the writer, which then refuses
 * everything). Base64 is the standard alphabet without padding (the '='
 * of rijn_base64_encode are dropped). X25519: share = X25519(e, 9),
 * shared = X25519(e, R) (an all-zero result, i.e. a low-order recipient,
 * is refused), wrap key = HKDF-SHA-256(shared, share || R,
 * "age-encryption.org/v1/X25519"); scrypt: wrap key = scrypt(pass,
 * "age-encryption.org/v1/scrypt" || salt, 2^logN, 8, 1); the stanza body
 * is ChaCha20-Poly1305(wrap key, zero nonce, file key). The MAC line is
 * HMAC-SHA-256 under HKDF(file key, "", "header") over the header through
 * "---". The payload key is HKDF(file key, nonce, "payload") and keys a
 * rijn_file_ctx (ChaCha20-Poly1305, 64 KiB STREAM chunks: file_stream.c).
 * Every derived key is wiped; the writer's copy of the file key is wiped
 * by rijn_age_write_end. Proof: tests/file/test_age.c, tests/cli/test_cli_age.py.
 */
#include "age_i.h"
#include "rijn/chachapoly.h"
#include "rijn/encoding.h"
#include "rijn/x25519.h"

#define X25519_LABEL "age-encryption.org/v1/X25519"
#define SCRYPT_LABEL "age-encryption.org/v1/scrypt"

/* ChaCha20-Poly1305 with a zero nonce: the stanza body. */
int rijn_i_age_wrap(uint8_t body[32], const uint8_t key[32], const uint8_t file_key[16])
{
    static const uint8_t zero[12] = {0};
    rijn_chachapoly_ctx c;
    int r = rijn_chacha20poly1305_init(&c, key, 32);
    if (r == RIJN_OK)
        r = rijn_chacha20poly1305_seal(&c, body, body + 16, 16, zero, 12, NULL, 0, file_key, 16);
    rijn_chacha20poly1305_wipe(&c);
    return r;
}

int rijn_i_age_unwrap(uint8_t file_key[16], const uint8_t key[32], const uint8_t body[32])
{
    static const uint8_t zero[12] = {0};
    rijn_chachapoly_ctx c;
    int r = rijn_chacha20poly1305_init(&c, key, 32);
    if (r == RIJN_OK)
        r = rijn_chacha20poly1305_open(&c, file_key, body + 16, 16, zero, 12, NULL, 0, body, 16);
    rijn_chacha20poly1305_wipe(&c);
    return r;
}

int rijn_i_age_x25519_key(uint8_t key[32], const uint8_t shared[32], const uint8_t share[32],
                          const uint8_t pub[32])
{
    uint8_t salt[64];
    int r;
    memcpy(salt, share, 32);
    memcpy(salt + 32, pub, 32);
    r = rijn_hkdf(&rijn_hash_sha256, key, 32, salt, 64, shared, 32,
                  (const uint8_t *)X25519_LABEL, sizeof X25519_LABEL - 1);
    return r;
}

int rijn_i_age_scrypt_key(uint8_t key[32], const uint8_t *pass, size_t pass_len,
                          const uint8_t salt[16], unsigned log_n, void *work, size_t work_size)
{
    uint8_t s[sizeof SCRYPT_LABEL - 1 + 16];
    memcpy(s, SCRYPT_LABEL, sizeof SCRYPT_LABEL - 1);
    memcpy(s + sizeof SCRYPT_LABEL - 1, salt, 16);
    return rijn_scrypt(key, 32, pass, pass_len, s, sizeof s, (uint64_t)1 << log_n, 8, 1, work,
                       work_size);
}

int rijn_i_age_mac(uint8_t mac[32], const uint8_t *hdr, size_t len, const uint8_t file_key[16])
{
    uint8_t k[32];
    int r = rijn_hkdf(&rijn_hash_sha256, k, 32, NULL, 0, file_key, 16,
                      (const uint8_t *)"header", 6);
    if (r == RIJN_OK)
        rijn_i_file_hmac(mac, k, 32, hdr, len);
    rijn_wipe(k, sizeof k);
    return r;
}

/* ---- writer ---------------------------------------------------------- */

static int put(rijn_age_writer *w, const void *p, size_t n)
{
    if (w->state != 1)
        return RIJN_ERR_STATE;
    if (w->size - w->len < n) {
        w->state = -1;
        return RIJN_ERR_BUFFER;
    }
    memcpy(w->buf + w->len, p, n);
    w->len += n;
    return RIJN_OK;
}

/* Unpadded Base64 of n <= 48 bytes. */
static int put_b64(rijn_age_writer *w, const uint8_t *p, size_t n)
{
    char tmp[RIJN_BASE64_ENCODED_SIZE(48)];
    size_t k;
    int r = rijn_base64_encode(tmp, sizeof tmp, &k, p, n);
    while (r == RIJN_OK && k > 0 && tmp[k - 1] == '=')
        k--;
    if (r == RIJN_OK)
        r = put(w, tmp, k);
    rijn_wipe(tmp, sizeof tmp);
    return r;
}

int rijn_age_write_begin(rijn_age_writer *w, uint8_t *buf, size_t size,
                         const uint8_t file_key[RIJN_AGE_FILE_KEY_SIZE])
{
    RIJN_CHECK_PTR(w);
    memset(w, 0, sizeof *w);
    RIJN_CHECK_PTR(buf);
    RIJN_CHECK_PTR(file_key);
    w->buf = buf;
    w->size = size;
    memcpy(w->file_key, file_key, 16);
    w->state = 1;
    return put(w, RIJN_AGE_INTRO, sizeof RIJN_AGE_INTRO - 1);
}

int rijn_age_write_x25519(rijn_age_writer *w, const uint8_t recipient[32],
                          const uint8_t ephemeral[32])
{
    uint8_t share[32], shared[32], key[32], body[32];
    int r;
    RIJN_CHECK_PTR(w);
    RIJN_CHECK_PTR(recipient);
    RIJN_CHECK_PTR(ephemeral);
    if (w->state != 1 || w->scrypt)
        return RIJN_ERR_STATE;
    r = rijn_x25519_base(share, ephemeral);
    if (r == RIJN_OK)
        r = rijn_x25519(shared, ephemeral, recipient); /* RIJN_ERR_PARAM: low-order key */
    if (r == RIJN_OK)
        r = rijn_i_age_x25519_key(key, shared, share, recipient);
    if (r == RIJN_OK)
        r = rijn_i_age_wrap(body, key, w->file_key);
    if (r == RIJN_OK && (r = put(w, "-> X25519 ", 10)) == RIJN_OK &&
        (r = put_b64(w, share, 32)) == RIJN_OK && (r = put(w, "\n", 1)) == RIJN_OK &&
        (r = put_b64(w, body, 32)) == RIJN_OK)
        r = put(w, "\n", 1);
    if (r == RIJN_OK)
        w->stanzas++;
    rijn_wipe(shared, sizeof shared);
    rijn_wipe(key, sizeof key);
    return r;
}

int rijn_age_write_scrypt(rijn_age_writer *w, const uint8_t *pass, size_t pass_len,
                          const uint8_t salt[RIJN_AGE_SCRYPT_SALT_SIZE], unsigned log_n,
                          void *work, size_t work_size)
{
    uint8_t key[32], body[32];
    char num[4];
    int r;
    RIJN_CHECK_PTR(w);
    RIJN_CHECK_BUF(pass, pass_len);
    RIJN_CHECK_PTR(salt);
    if (w->state != 1 || w->stanzas != 0)
        return RIJN_ERR_STATE;
    if (log_n < 1 || log_n > 40)
        return RIJN_ERR_PARAM;
    r = rijn_i_age_scrypt_key(key, pass, pass_len, salt, log_n, work, work_size);
    if (r == RIJN_OK)
        r = rijn_i_age_wrap(body, key, w->file_key);
    num[0] = (char)(log_n >= 10 ? '0' + log_n / 10 : '0' + log_n);
    num[1] = (char)('0' + log_n % 10);
    if (r == RIJN_OK && (r = put(w, "-> scrypt ", 10)) == RIJN_OK &&
        (r = put_b64(w, salt, 16)) == RIJN_OK && (r = put(w, " ", 1)) == RIJN_OK &&
        (r = put(w, num, log_n >= 10 ? 2 : 1)) == RIJN_OK && (r = put(w, "\n", 1)) == RIJN_OK &&
        (r = put_b64(w, body, 32)) == RIJN_OK)
        r = put(w, "\n", 1);
    if (r == RIJN_OK) {
        w->stanzas++;
        w->scrypt = 1;
    }
    rijn_wipe(key, sizeof key);
    return r;
}

int rijn_age_write_end(rijn_age_writer *w, size_t *header_len)
{
    uint8_t mac[32];
    int r;
    RIJN_CHECK_PTR(w);
    RIJN_CHECK_PTR(header_len);
    *header_len = 0;
    if (w->state != 1 || w->stanzas == 0)
        return RIJN_ERR_STATE;
    r = put(w, "---", 3);
    if (r == RIJN_OK)
        r = rijn_i_age_mac(mac, w->buf, w->len, w->file_key);
    if (r == RIJN_OK && (r = put(w, " ", 1)) == RIJN_OK && (r = put_b64(w, mac, 32)) == RIJN_OK)
        r = put(w, "\n", 1);
    rijn_wipe(w->file_key, sizeof w->file_key);
    w->state = r == RIJN_OK ? 2 : -1;
    if (r == RIJN_OK)
        *header_len = w->len;
    return r;
}

int rijn_age_payload_init(rijn_file_ctx *ctx, int seal,
                          const uint8_t file_key[RIJN_AGE_FILE_KEY_SIZE],
                          const uint8_t nonce[RIJN_AGE_NONCE_SIZE])
{
    uint8_t key[32];
    int r;
    RIJN_CHECK_PTR(ctx);
    memset(ctx, 0, sizeof *ctx);
    RIJN_CHECK_PTR(file_key);
    RIJN_CHECK_PTR(nonce);
    r = rijn_hkdf(&rijn_hash_sha256, key, 32, nonce, 16, file_key, 16,
                  (const uint8_t *)"payload", 7);
    if (r == RIJN_OK)
        r = rijn_i_file_key_stream(ctx, RIJN_FILE_CHACHA20POLY1305, RIJN_AGE_CHUNK_SIZE, key, 32,
                                   seal);
    rijn_wipe(key, sizeof key);
    return r;
}
