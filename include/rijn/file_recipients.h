/*
 * rijn/file_recipients.h -- the rijn file format, version 2
 * (docs/FORMAT.md section 10): a random 32-byte file key F, wrapped once
 * per stanza -- X25519 public-key recipients, passphrases (PBKDF2 or
 * Argon2id) and raw keys, in any mix of 1..32 stanzas -- then the same
 * authenticated header MAC and STREAM chunks as version 1 (rijn/file.h),
 * keyed from F instead of the master key.
 *
 * Keys: X25519 public keys and identities use age's text forms
 * ("age1..." / "AGE-SECRET-KEY-1...", rijn/age.h), so `rijn keygen
 * --x25519` and age-keygen files work with both formats.
 *
 * WRITING
 *   random F and salt -> p.salt (p: aead, chunk_size as for version 1)
 *   rijn_file_v2_begin(&w, buf, size, &p, n_stanzas, F)
 *   for each stanza: rijn_file_v2_add(&w, &stanza, secret, ephemeral)
 *     X25519: secret = the recipient's public key, ephemeral = 32 fresh
 *             random bytes; raw key: secret = the 32-byte key;
 *     PBKDF2 / Argon2id: secret = rijn_file_master_key(...) for a
 *             rijn_file_params with this stanza's costs and the FILE salt.
 *   rijn_file_v2_end(&w, &ctx, &header_len)    MAC; ctx keyed for sealing
 *   then rijn_file_seal_chunk as for version 1.
 *
 * READING
 *   rijn_file_v2_parse(&p, in, n)      aead, chunk_size, salt, stanzas,
 *                                      header_len (RIJN_ERR_LENGTH: read
 *                                      up to p.header_len and call again)
 *   rijn_file_v2_stanza(hdr, len, i, &st)   type and costs of stanza i
 *   rijn_file_v2_unwrap(F, hdr, len, i, secret)  RIJN_ERR_AUTH if the
 *                                      secret (X25519 identity, raw key or
 *                                      passphrase master) does not open it
 *   rijn_file_v2_open(&ctx, hdr, len, F)    header MAC (RIJN_ERR_AUTH);
 *                                      then rijn_file_open_chunk/_final.
 *
 * Errors: as rijn/file.h; RIJN_ERR_STATE for writer misuse (more or fewer
 *   stanzas than declared), RIJN_ERR_PARAM for a low-order X25519 key.
 */
#ifndef RIJN_FILE_RECIPIENTS_H
#define RIJN_FILE_RECIPIENTS_H

#include "file.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_FILE_VERSION2      2
#define RIJN_FILE_KEY_X25519    4   /* stanza type (types 1-3 as key_source) */
#define RIJN_FILE_STANZAS_MAX   32
#define RIJN_FILE_FILE_KEY_SIZE 32
#define RIJN_FILE_WRAPPED_SIZE  48  /* F under AES-256-GCM: 32 + 16-byte tag */
/* Largest version 2 header: 32 X25519 stanzas of 81 bytes. */
#define RIJN_FILE_V2_HEADER_MAX (15u + 32u + 32u * 81u + 32u)

typedef struct rijn_file_stanza {
    uint8_t type;          /* RIJN_FILE_KEY_RAW, _PBKDF2, _ARGON2ID, _X25519 */
    uint8_t argon2_lanes;
    uint32_t iterations;   /* PBKDF2                                      */
    uint32_t argon2_t;     /* Argon2id                                    */
    uint32_t argon2_m;     /* KiB                                         */
    uint8_t ephemeral[32]; /* X25519: the ephemeral public key (reading)  */
} rijn_file_stanza;

typedef struct rijn_file_writer {
    uint8_t *buf;
    size_t size, len;
    rijn_file_params p;
    uint8_t file_key[RIJN_FILE_FILE_KEY_SIZE];
    unsigned declared, added;
    int state;             /* 1 open, 2 ended, -1 failed                  */
} rijn_file_writer;

RIJN_API RIJN_WUR int rijn_file_v2_begin(rijn_file_writer *w, uint8_t *buf, size_t size,
                                         const rijn_file_params *p, unsigned n_stanzas,
                                         const uint8_t file_key[RIJN_FILE_FILE_KEY_SIZE]);
RIJN_API RIJN_WUR int rijn_file_v2_add(rijn_file_writer *w, const rijn_file_stanza *st,
                                       const uint8_t secret[32], const uint8_t *ephemeral);
RIJN_API RIJN_WUR int rijn_file_v2_end(rijn_file_writer *w, rijn_file_ctx *ctx,
                                       size_t *header_len);

/* Parse a version 2 header: p->aead, chunk_size, salt, stanzas,
 * header_len (key_source 0). RIJN_ERR_LENGTH with p->header_len = the
 * bytes needed so far (a lower bound until the last stanza is in);
 * RIJN_ERR_PARAM (magic, field out of range, unknown stanza type,
 * invalid costs), RIJN_ERR_UNSUPPORTED (another version or AEAD). */
RIJN_API RIJN_WUR int rijn_file_v2_parse(rijn_file_params *p, const uint8_t *in, size_t len);
/* Stanza i (0-based) of a header that parses. */
RIJN_API RIJN_WUR int rijn_file_v2_stanza(const uint8_t *hdr, size_t len, unsigned i,
                                          rijn_file_stanza *st);
RIJN_API RIJN_WUR int rijn_file_v2_unwrap(uint8_t file_key[RIJN_FILE_FILE_KEY_SIZE],
                                          const uint8_t *hdr, size_t len, unsigned i,
                                          const uint8_t secret[32]);
RIJN_API RIJN_WUR int rijn_file_v2_open(rijn_file_ctx *ctx, const uint8_t *hdr, size_t len,
                                        const uint8_t file_key[RIJN_FILE_FILE_KEY_SIZE]);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_FILE_RECIPIENTS_H */
