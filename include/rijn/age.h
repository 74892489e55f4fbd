/*
 * rijn/age.h -- the age file format, version 1 (https://age-encryption.org/v1):
 * X25519 and scrypt recipients, the header MAC, and the payload in
 * ChaCha20-Poly1305 STREAM chunks of 64 KiB; Bech32 public keys
 * ("age1...") and identities ("AGE-SECRET-KEY-1...").
 *
 * As in rijn/file.h, the library does the format and the cryptography;
 * the caller does input/output and supplies randomness (file key, payload
 * nonce, ephemeral X25519 secrets, scrypt salts). Nothing allocates; the
 * header is built in / parsed from a caller buffer. Armor (PEM "AGE
 * ENCRYPTED FILE") is a text wrapping of the whole binary file and is
 * left to the caller (the CLI does it as for rijn files).
 *
 * WRITING
 *   rijn_age_writer w;  random file_key[16]
 *   rijn_age_write_begin(&w, buf, size, file_key)
 *   rijn_age_write_x25519(&w, recipient_pub, random_ephemeral)   (1 or more)
 *     or rijn_age_write_scrypt(&w, pass, len, random_salt, log_n, work, ws)
 *        (alone: age requires the scrypt stanza to be the only one)
 *   rijn_age_write_end(&w, &header_len)     the "--- MAC" line
 *   write buf[0..header_len), then a random 16-byte nonce, then
 *   rijn_age_payload_init(&ctx, 1, file_key, nonce) and the chunks with
 *   rijn_file_seal_chunk (rijn/file.h: chunk_size 65536).
 *
 * READING
 *   rijn_age_header_len(in, n, &hlen)       syntax of the whole header;
 *                                           RIJN_ERR_LENGTH: read more
 *   rijn_age_header_info(hdr, hlen, &info)  stanza counts, scrypt log N
 *   rijn_age_unwrap_x25519(file_key, hdr, hlen, identity, &which)
 *     or rijn_age_unwrap_scrypt(file_key, hdr, hlen, pass, len, max_log_n,
 *                               work, ws)
 *   rijn_age_verify_header(hdr, hlen, file_key)     RIJN_ERR_AUTH
 *   the 16-byte nonce after the header, rijn_age_payload_init(&ctx, 0,
 *   file_key, nonce), then rijn_file_open_chunk / rijn_file_open_final
 *   exactly as for rijn files (the same STREAM rules: a chunk of 65536 +
 *   16 bytes followed by more data is a middle chunk; the last chunk is
 *   empty only when the whole plaintext is).
 *
 * Parsing is strict like the reference implementation: "\n" line ends
 * only, single spaces between arguments, arguments of printable ASCII,
 * canonical unpadded Base64, body lines of 64 characters ending with a
 * shorter (possibly empty) line; X25519 stanzas with one 32-byte share
 * and a 32-byte body; scrypt stanzas with a 16-byte salt, a decimal log N
 * without leading zeros, a 32-byte body, and no other stanza in the file.
 * Unknown stanza types are skipped (they belong to other recipients).
 *
 * Errors: RIJN_ERR_NULL, RIJN_ERR_PARAM (not an age header, malformed
 *   header or key string), RIJN_ERR_LENGTH (header incomplete), RIJN_ERR_BUFFER
 *   (output too small), RIJN_ERR_AUTH (no stanza opens with this identity
 *   or passphrase, or a bad header MAC), RIJN_ERR_LIMIT (scrypt log N over
 *   the caller's maximum), RIJN_ERR_STATE (writer misuse: scrypt with
 *   other stanzas, no stanza, after end).
 */
#ifndef RIJN_AGE_H
#define RIJN_AGE_H

#include "file.h"
#include "kdf.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_AGE_FILE_KEY_SIZE 16
#define RIJN_AGE_NONCE_SIZE    16
#define RIJN_AGE_CHUNK_SIZE    65536u
#define RIJN_AGE_SCRYPT_SALT_SIZE 16
#define RIJN_AGE_SCRYPT_LOG_N_DEFAULT 18 /* age's default: 256 MiB, r = 8, p = 1 */
#define RIJN_AGE_INTRO "age-encryption.org/v1\n"
/* Bech32 strings: "age1" + 58 characters, "AGE-SECRET-KEY-1" + 58; the
 * sizes below count a terminating NUL. */
#define RIJN_AGE_PUBLIC_SIZE 63
#define RIJN_AGE_SECRET_SIZE 75
/* Bytes of header one stanza adds at most (X25519 and scrypt lines). */
#define RIJN_AGE_STANZA_MAX 128
/* Work area for unwrapping/wrapping with scrypt at log N (r = 8, p = 1). */
#define RIJN_AGE_SCRYPT_WORK_SIZE(log_n) RIJN_SCRYPT_WORK_SIZE((uint64_t)1 << (log_n), 8, 1)

/* ---- keys ------------------------------------------------------------ */
/* "age1..." (lower case) for a 32-byte X25519 public key. out_size >=
 * RIJN_AGE_PUBLIC_SIZE. RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_BUFFER. */
RIJN_API RIJN_WUR int rijn_age_public_encode(char *out, size_t out_size, const uint8_t pub[32]);
/* "AGE-SECRET-KEY-1..." (upper case) for a 32-byte X25519 secret key.
 * out_size >= RIJN_AGE_SECRET_SIZE. Constant time in the key. */
RIJN_API RIJN_WUR int rijn_age_secret_encode(char *out, size_t out_size, const uint8_t sk[32]);
/* Decode s[0..len) (either case, not mixed; checksum checked). RIJN_OK or
 * RIJN_ERR_PARAM (wrong prefix, length, character or checksum: out is
 * then zero). The secret decoder runs in time independent of the key. */
RIJN_API RIJN_WUR int rijn_age_public_decode(uint8_t pub[32], const char *s, size_t len);
RIJN_API RIJN_WUR int rijn_age_secret_decode(uint8_t sk[32], const char *s, size_t len);

/* ---- writing --------------------------------------------------------- */
typedef struct rijn_age_writer {
    uint8_t *buf;
    size_t size, len;
    uint8_t file_key[RIJN_AGE_FILE_KEY_SIZE];
    unsigned stanzas;
    int scrypt;   /* a scrypt stanza was written                   */
    int state;    /* 1 open, 2 ended, -1 failed                    */
} rijn_age_writer;

RIJN_API RIJN_WUR int rijn_age_write_begin(rijn_age_writer *w, uint8_t *buf, size_t size,
                                           const uint8_t file_key[RIJN_AGE_FILE_KEY_SIZE]);
/* "-> X25519 share": ephemeral is 32 fresh random bytes per stanza. */
RIJN_API RIJN_WUR int rijn_age_write_x25519(rijn_age_writer *w, const uint8_t recipient[32],
                                            const uint8_t ephemeral[32]);
/* "-> scrypt salt log_n" (1 <= log_n <= 40), the only stanza allowed. */
RIJN_API RIJN_WUR int rijn_age_write_scrypt(rijn_age_writer *w, const uint8_t *pass,
                                            size_t pass_len,
                                            const uint8_t salt[RIJN_AGE_SCRYPT_SALT_SIZE],
                                            unsigned log_n, void *work, size_t work_size);
/* The MAC line; *header_len = bytes in buf. Wipes the writer's key. */
RIJN_API RIJN_WUR int rijn_age_write_end(rijn_age_writer *w, size_t *header_len);

/* ---- reading --------------------------------------------------------- */
typedef struct rijn_age_info {
    unsigned stanzas;   /* all stanzas                                 */
    unsigned x25519;    /* X25519 stanzas                              */
    unsigned scrypt;    /* scrypt stanzas (0 or 1 in a valid file)     */
    unsigned log_n;     /* the scrypt stanza's log N                   */
} rijn_age_info;

/* Check the syntax of the header at the start of in[0..len) and give its
 * length (through the MAC line's "\n"). RIJN_ERR_LENGTH: the header does
 * not end within len (read more); RIJN_ERR_PARAM: not age or malformed. */
RIJN_API RIJN_WUR int rijn_age_header_len(const uint8_t *in, size_t len, size_t *header_len);
/* Counts of a header checked by rijn_age_header_len. RIJN_ERR_PARAM also
 * for a scrypt stanza next to others, or a bad scrypt/X25519 stanza. */
RIJN_API RIJN_WUR int rijn_age_header_info(const uint8_t *hdr, size_t len, rijn_age_info *info);
/* Try identity on every X25519 stanza; *which (may be NULL) = the index of
 * the stanza that opened (0-based among all stanzas). RIJN_ERR_AUTH when
 * none does. */
RIJN_API RIJN_WUR int rijn_age_unwrap_x25519(uint8_t file_key[RIJN_AGE_FILE_KEY_SIZE],
                                             const uint8_t *hdr, size_t len,
                                             const uint8_t identity[32], unsigned *which);
/* The scrypt stanza with the passphrase. RIJN_ERR_LIMIT if its log N >
 * max_log_n (checked before any work); work as rijn_scrypt (at least
 * RIJN_AGE_SCRYPT_WORK_SIZE(log_n) bytes). RIJN_ERR_AUTH: wrong passphrase
 * (or no scrypt stanza). */
RIJN_API RIJN_WUR int rijn_age_unwrap_scrypt(uint8_t file_key[RIJN_AGE_FILE_KEY_SIZE],
                                             const uint8_t *hdr, size_t len,
                                             const uint8_t *pass, size_t pass_len,
                                             unsigned max_log_n, void *work, size_t work_size);
/* The header MAC (HMAC-SHA-256 under HKDF(file_key, "", "header")),
 * compared in constant time. RIJN_ERR_AUTH. */
RIJN_API RIJN_WUR int rijn_age_verify_header(const uint8_t *hdr, size_t len,
                                             const uint8_t file_key[RIJN_AGE_FILE_KEY_SIZE]);

/* ---- payload --------------------------------------------------------- */
/* Key ctx (rijn/file.h) for the payload: ChaCha20-Poly1305 under
 * HKDF-SHA-256(file_key, nonce, "payload"), 64 KiB chunks; seal = 1 to
 * write, 0 to read. RIJN_ERR_UNSUPPORTED if the build lacks
 * ChaCha20-Poly1305 chunks (RIJN_CFG_FILE_CHACHAPOLY 0). */
RIJN_API RIJN_WUR int rijn_age_payload_init(rijn_file_ctx *ctx, int seal,
                                            const uint8_t file_key[RIJN_AGE_FILE_KEY_SIZE],
                                            const uint8_t nonce[RIJN_AGE_NONCE_SIZE]);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_AGE_H */
