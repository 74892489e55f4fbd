/*
 * file_header.c -- the rijn file format's header and key schedule
 * (docs/FORMAT.md sections 3 and 4): parameters, header encoding and
 * parsing, HKDF-SHA-256 key derivation, passphrase master keys.
 *
 * Implementation notes
 *   Layout: magic(8) version(1) aead(1) chunk_size(4) key_source(1)
 *   kdf_params(0/4/9) salt(32) header_mac(32), all big-endian; the MAC is
 *   HMAC-SHA-256(header_key, every byte before it). Parsing checks the
 *   fields in file order, so a damaged header is reported by the first
 *   wrong field, and never reads past the length it was given.
 *   Keys: PRK = HKDF-Extract(salt, M); header_key and payload_key are
 *   HKDF-Expand(PRK, "rijn v1 header" / "rijn v1 payload" || aead).
 *   Every output is at most 32 bytes, so HKDF-Expand is one HMAC (T(1) =
 *   HMAC(PRK, info || 0x01)); HMAC-SHA-256 is done here on one SHA-256
 *   context (rijn_i_file_hmac), RFC 2104, so the header step needs about
 *   250 bytes of stack rather than the generic HMAC/HKDF's ~1 KiB.
 *   Every stack buffer holding a key is wiped before return.
 *   Constant time: the header fields are public; the secrets (master
 *   key, PRK, derived keys) only go through HMAC/HKDF/PBKDF2/Argon2id,
 *   which are constant time (Argon2id's second half is data-dependent by
 *   design, RFC 9106).
 *   Optional parts: Argon2id (key source 3) and Ascon-AEAD128 (aead 3)
 *   are compiled in when RIJN_I_FILE_ARGON2 / RIJN_I_FILE_ASCON (see
 *   file_i.h) say their primitives exist; otherwise those ids give
 *   RIJN_ERR_UNSUPPORTED.
 *   Vectors: docs/FORMAT-vectors.md (tests/file/format_vectors.py), checked by
 *   the independent Python decoder tests/file/format_decoder.py;
 *   tests/file/test_file_format.c checks every parse error.
 */
#include "file_i.h"

static const uint8_t magic[RIJN_FILE_MAGIC_SIZE] = {0x89, 0x52, 0x49, 0x4A,
                                                    0x4E, 0x0D, 0x0A, 0x1A};

int rijn_file_aead_available(unsigned aead)
{
    switch (aead) {
    case RIJN_FILE_AES256GCM: return RIJN_CFG_AES_256 ? 1 : 0;
    case RIJN_FILE_CHACHA20POLY1305: return RIJN_I_FILE_CHACHAPOLY ? 1 : 0;
    case RIJN_FILE_ASCON128: return RIJN_I_FILE_ASCON ? 1 : 0;
    default: return 0;
    }
}

int rijn_file_kdf_available(unsigned key_source)
{
    switch (key_source) {
    case RIJN_FILE_KEY_RAW:
    case RIJN_FILE_KEY_PBKDF2: return 1;
    case RIJN_FILE_KEY_ARGON2ID: return RIJN_I_FILE_ARGON2 ? 1 : 0;
    default: return 0;
    }
}

size_t rijn_file_aead_key_size(unsigned aead)
{
    switch (aead) {
    case RIJN_FILE_AES256GCM:
    case RIJN_FILE_CHACHA20POLY1305: return 32;
    case RIJN_FILE_ASCON128: return 16;
    default: return 0;
    }
}

void rijn_file_params_init(rijn_file_params *p)
{
    if (p == NULL)
        return;
    memset(p, 0, sizeof *p);
    p->aead = RIJN_FILE_AES256GCM;
    p->key_source = RIJN_FILE_KEY_RAW;
    p->chunk_size = RIJN_FILE_CHUNK_DEFAULT;
    p->iterations = RIJN_FILE_PBKDF2_ITER_DEFAULT;
    p->argon2_t = RIJN_FILE_ARGON2_T_DEFAULT;
    p->argon2_m = RIJN_FILE_ARGON2_M_DEFAULT;
    p->argon2_lanes = RIJN_FILE_ARGON2_P_DEFAULT;
}

static size_t kdf_params_len(unsigned key_source)
{
    return key_source == RIJN_FILE_KEY_PBKDF2 ? 4u
           : key_source == RIJN_FILE_KEY_ARGON2ID ? 9u : 0u;
}

int rijn_file_params_check(rijn_file_params *p)
{
    RIJN_CHECK_PTR(p);
    if (p->aead < RIJN_FILE_AES256GCM || p->aead > RIJN_FILE_ASCON128 ||
        p->key_source < RIJN_FILE_KEY_RAW || p->key_source > RIJN_FILE_KEY_ARGON2ID)
        return RIJN_ERR_UNSUPPORTED;
    if (p->chunk_size < RIJN_FILE_CHUNK_MIN || p->chunk_size > RIJN_FILE_CHUNK_MAX)
        return RIJN_ERR_PARAM;
    if (p->key_source == RIJN_FILE_KEY_PBKDF2 && p->iterations == 0)
        return RIJN_ERR_PARAM;
    if (p->key_source == RIJN_FILE_KEY_ARGON2ID &&
        (p->argon2_t == 0 || p->argon2_lanes == 0 ||
         p->argon2_m < 8u * (uint32_t)p->argon2_lanes))
        return RIJN_ERR_PARAM;
    p->header_len = RIJN_FILE_HEADER_MIN + kdf_params_len(p->key_source);
    return RIJN_OK;
}

int rijn_i_file_prefix(const uint8_t *in, size_t len, unsigned version)
{
    size_t n = len < RIJN_FILE_MAGIC_SIZE ? len : RIJN_FILE_MAGIC_SIZE;
    if (n != 0 && memcmp(in, magic, n) != 0)
        return RIJN_ERR_PARAM;
    if (len > 8 && in[8] != version)
        return RIJN_ERR_UNSUPPORTED;
    if (len > 9 && (in[9] < RIJN_FILE_AES256GCM || in[9] > RIJN_FILE_ASCON128))
        return RIJN_ERR_UNSUPPORTED;
    return RIJN_OK;
}

int rijn_file_header_parse(rijn_file_params *p, const uint8_t *in, size_t len)
{
    size_t k;
    int r;
    rijn_file_params q;
    RIJN_CHECK_PTR(p);
    memset(p, 0, sizeof *p);
    RIJN_CHECK_BUF(in, len);
    if ((r = rijn_i_file_prefix(in, len, RIJN_FILE_VERSION)) != RIJN_OK)
        return r;
    if (len < RIJN_FILE_FIXED_SIZE)
        return RIJN_ERR_LENGTH;
    memset(&q, 0, sizeof q);
    q.aead = in[9];
    q.chunk_size = rijn_load32_be(in + 10);
    if (q.chunk_size < RIJN_FILE_CHUNK_MIN || q.chunk_size > RIJN_FILE_CHUNK_MAX)
        return RIJN_ERR_PARAM;
    q.key_source = in[14];
    if (q.key_source < RIJN_FILE_KEY_RAW || q.key_source > RIJN_FILE_KEY_ARGON2ID)
        return RIJN_ERR_UNSUPPORTED;
    k = kdf_params_len(q.key_source);
    p->header_len = RIJN_FILE_HEADER_MIN + k;
    if (len < p->header_len)
        return RIJN_ERR_LENGTH;
    if (q.key_source == RIJN_FILE_KEY_PBKDF2) {
        q.iterations = rijn_load32_be(in + 15);
    } else if (q.key_source == RIJN_FILE_KEY_ARGON2ID) {
        q.argon2_t = rijn_load32_be(in + 15);
        q.argon2_m = rijn_load32_be(in + 19);
        q.argon2_lanes = in[23];
    }
    memcpy(q.salt, in + RIJN_FILE_FIXED_SIZE + k, RIJN_FILE_SALT_SIZE);
    if (rijn_file_params_check(&q) != RIJN_OK)
        return RIJN_ERR_PARAM;
    *p = q;
    return RIJN_OK;
}

/* Write header bytes 0 .. header_len - 33 (everything but the MAC). */
void rijn_i_file_header_body(uint8_t *out, const rijn_file_params *p)
{
    size_t k = kdf_params_len(p->key_source);
    memcpy(out, magic, RIJN_FILE_MAGIC_SIZE);
    out[8] = RIJN_FILE_VERSION;
    out[9] = p->aead;
    rijn_store32_be(out + 10, p->chunk_size);
    out[14] = p->key_source;
    if (p->key_source == RIJN_FILE_KEY_PBKDF2) {
        rijn_store32_be(out + 15, p->iterations);
    } else if (p->key_source == RIJN_FILE_KEY_ARGON2ID) {
        rijn_store32_be(out + 15, p->argon2_t);
        rijn_store32_be(out + 19, p->argon2_m);
        out[23] = p->argon2_lanes;
    }
    memcpy(out + RIJN_FILE_FIXED_SIZE + k, p->salt, RIJN_FILE_SALT_SIZE);
}

/* The pad blocks are fed a byte at a time (64 short updates per pass)
 * so that no 64-byte pad buffer sits on the stack beside the context. */
static int hmac_pad(rijn_sha256_ctx *h, const uint8_t *key, size_t key_len, uint8_t x)
{
    unsigned i;
    int r = rijn_sha256_init(h);
    for (i = 0; i < 64; i++) {
        uint8_t b = (uint8_t)((i < key_len ? key[i] : 0u) ^ x);
        r |= rijn_sha256_update(h, &b, 1);
    }
    return r;
}

size_t rijn_i_file_info(uint8_t info[RIJN_I_FILE_INFO_MAX], int payload, unsigned aead)
{
    static const char text[] = "rijn v1 payload";
    size_t n = payload ? 15u : 14u;
    memcpy(info, text, 8); /* "rijn v1 " */
    memcpy(info + 8, payload ? text + 8 : "header", n - 8);
    if (payload)
        info[n++] = (uint8_t)aead;
    info[n++] = 1; /* HKDF-Expand's T(1) counter */
    return n;
}

void rijn_i_file_hmac(uint8_t out[32], const uint8_t *key, size_t key_len, const uint8_t *msg,
                      size_t msg_len)
{
    rijn_sha256_ctx h;
    int r = hmac_pad(&h, key, key_len, 0x36);
    r |= rijn_sha256_update(&h, msg, msg_len);
    r |= rijn_sha256_final(&h, out);
    r |= hmac_pad(&h, key, key_len, 0x5c);
    r |= rijn_sha256_update(&h, out, 32);
    r |= rijn_sha256_final(&h, out);
    (void)r; /* only argument errors, and the arguments are ours */
    rijn_sha256_wipe(&h);
}

int rijn_file_derive_keys(uint8_t prk[32], uint8_t header_key[32], uint8_t *payload_key,
                          unsigned aead, const uint8_t master[RIJN_FILE_KEY_SIZE],
                          const uint8_t salt[RIJN_FILE_SALT_SIZE])
{
    uint8_t info[RIJN_I_FILE_INFO_MAX], t[32];
    size_t klen = rijn_file_aead_key_size(aead);
    RIJN_CHECK_PTR(prk);
    RIJN_CHECK_PTR(header_key);
    RIJN_CHECK_PTR(payload_key);
    RIJN_CHECK_PTR(master);
    RIJN_CHECK_PTR(salt);
    if (klen == 0)
        return RIJN_ERR_UNSUPPORTED;
    rijn_i_file_hmac(prk, salt, RIJN_FILE_SALT_SIZE, master, RIJN_FILE_KEY_SIZE);
    rijn_i_file_hmac(header_key, prk, 32, info, rijn_i_file_info(info, 0, aead));
    rijn_i_file_hmac(t, prk, 32, info, rijn_i_file_info(info, 1, aead));
    memcpy(payload_key, t, klen);
    rijn_wipe(t, sizeof t);
    return RIJN_OK;
}

size_t rijn_file_argon2_work_size(const rijn_file_params *p)
{
    if (p == NULL || p->key_source != RIJN_FILE_KEY_ARGON2ID || !RIJN_I_FILE_ARGON2)
        return 0;
    return rijn_i_file_argon2_work(p);
}

int rijn_file_master_key(uint8_t master[RIJN_FILE_KEY_SIZE], const rijn_file_params *p,
                         const uint8_t *pass, size_t pass_len, void *work, size_t work_size)
{
    rijn_file_params q;
    int r;
    RIJN_CHECK_PTR(master);
    memset(master, 0, RIJN_FILE_KEY_SIZE);
    RIJN_CHECK_PTR(p);
    RIJN_CHECK_BUF(pass, pass_len);
    q = *p;
    r = rijn_file_params_check(&q);
    if (r != RIJN_OK)
        return r;
    switch (q.key_source) {
    case RIJN_FILE_KEY_PBKDF2:
        r = rijn_pbkdf2(&rijn_hash_sha256, master, RIJN_FILE_KEY_SIZE, pass, pass_len, q.salt,
                        RIJN_FILE_SALT_SIZE, q.iterations);
        break;
    case RIJN_FILE_KEY_ARGON2ID:
        r = rijn_i_file_argon2(master, &q, pass, pass_len, work, work_size);
        break;
    default:
        r = RIJN_ERR_PARAM;
        break;
    }
    if (r != RIJN_OK)
        rijn_wipe(master, RIJN_FILE_KEY_SIZE);
    rijn_wipe(q.salt, sizeof q.salt);
    return r;
}
