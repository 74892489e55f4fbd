/*
 * file_i.h -- internals shared by the rijn file-format sources
 * (src/file/): which optional primitives are compiled in, and the
 * adapters that reach them.
 *
 * Implementation notes: the optional parts of the format are the build
 * options (documented in rijn/config.h; defaults here, next to the code)
 *   RIJN_CFG_FILE_ARGON2      Argon2id key source 3 (default: on when
 *                             BLAKE2b is, RIJN_CFG_HASH_BLAKE2B),
 *   RIJN_CFG_FILE_ASCON       Ascon-AEAD128, aead 3 (default 1),
 *   RIJN_CFG_FILE_CHACHAPOLY  ChaCha20-Poly1305, aead 2 (default 1).
 * With 0 (a trimmed build) the ids still parse but keying with them gives
 * RIJN_ERR_UNSUPPORTED. The older private names RIJN_I_FILE_ARGON2 /
 * RIJN_I_FILE_ASCON are still honoured as defaults. The header MAC and
 * key derivation use SHA-256 directly (rijn_i_file_hmac), not the generic
 * HMAC/HKDF: one 104-byte hash context on the stack instead of HMAC's two
 * generic ones, which matters on 2 KiB AVRs.
 */
#ifndef RIJN_FILE_I_H
#define RIJN_FILE_I_H

#include <string.h>

#include "internal.h"
#include "rijn/file.h"
#include "rijn/hmac.h"
#include "rijn/hash.h"
#include "rijn/kdf.h"
#include "rijn/sha2.h"

/* RIJN_CFG_FILE_* defaults: rijn/config.h */
#undef RIJN_I_FILE_ARGON2
#undef RIJN_I_FILE_ASCON
#define RIJN_I_FILE_ARGON2 RIJN_CFG_FILE_ARGON2
#define RIJN_I_FILE_ASCON RIJN_CFG_FILE_ASCON
#define RIJN_I_FILE_CHACHAPOLY RIJN_CFG_FILE_CHACHAPOLY
#if RIJN_CFG_FILE_ARGON2 && !RIJN_CFG_HASH_BLAKE2B
#error "rijn: RIJN_CFG_FILE_ARGON2 needs RIJN_CFG_HASH_BLAKE2B"
#endif

/* out = HMAC-SHA-256(key, msg); key_len <= 64; out must not overlap key.
 * Wipes its own state (file_header.c). */
void rijn_i_file_hmac(uint8_t out[32], const uint8_t *key, size_t key_len, const uint8_t *msg,
                      size_t msg_len);

/* The first bytes of a header, as far as len goes: the magic, version
 * (1 or 2) and a known AEAD id. RIJN_OK, RIJN_ERR_PARAM (not a rijn file)
 * or RIJN_ERR_UNSUPPORTED (file_header.c). */
int rijn_i_file_prefix(const uint8_t *in, size_t len, unsigned version);

/* Header bytes before the MAC, from checked parameters. */
void rijn_i_file_header_body(uint8_t *out, const rijn_file_params *p);

/* Argon2id master key (file_kdf.c). p is checked and has key source 3. */
int rijn_i_file_argon2(uint8_t master[32], const rijn_file_params *p, const uint8_t *pass,
                       size_t pass_len, void *work, size_t work_size);
size_t rijn_i_file_argon2_work(const rijn_file_params *p);

/* HKDF-Expand's input for T(1): "rijn v1 header" or "rijn v1 payload" ||
 * aead, then the counter byte 0x01; returns its length. */
#define RIJN_I_FILE_INFO_MAX 17
size_t rijn_i_file_info(uint8_t info[RIJN_I_FILE_INFO_MAX], int payload, unsigned aead);

/* The key schedule of FORMAT.md section 4 from master (v1: M; v2: the
 * file key F) and p's salt and aead: mac = HMAC(header_key, body), ctx
 * keyed with the payload key, state NONE (file_stream.c). */
int rijn_i_file_key_up(rijn_file_ctx *ctx, uint8_t mac[32], const uint8_t *body, size_t body_len,
                       const rijn_file_params *p, const uint8_t *master);
/* Open a parsed header hdr (p: its parameters, header_len bytes ending
 * in the MAC) with master: rijn_i_file_key_up, then the MAC checked in
 * constant time (RIJN_ERR_AUTH, ctx wiped), state OPEN (file_stream.c;
 * v1 and v2 readers). */
int rijn_i_file_open_keyed(rijn_file_ctx *ctx, const uint8_t *hdr, const rijn_file_params *p,
                           const uint8_t *master);

/* Key ctx for sealing (seal = 1) or opening with key (key_len bytes, the
 * AEAD's key size) and chunk_size, skipping the rijn header (file_stream.c:
 * the age format's payload uses the same chunks). RIJN_ERR_UNSUPPORTED. */
int rijn_i_file_key_stream(rijn_file_ctx *ctx, unsigned aead, uint32_t chunk_size,
                           const uint8_t *key, size_t key_len, int seal);

#endif /* RIJN_FILE_I_H */
