/*
 * rijn/file.h -- the rijn file format, version 1 (docs/FORMAT.md): a
 * header authenticated with HMAC-SHA-256, then the plaintext in chunks
 * sealed with an AEAD under the STREAM construction (nonce = chunk
 * counter || last-chunk flag), so that any change, truncation,
 * reordering, duplication, removal or appending is detected.
 *
 * The library does the format and the cryptography; the caller does the
 * input/output and supplies the randomness. Nothing here allocates,
 * reads files or draws random numbers; memory is constant: the caller
 * hands over one chunk at a time and the context holds keys and
 * counters only (rijn_file_ctx: the AEAD key schedule plus a few words).
 *
 * WRITING
 *   rijn_file_params p;                     fill in: aead, chunk_size,
 *   rijn_file_params_init(&p);              key_source (+ KDF costs) and
 *   p.key_source = ...; random salt -> p.salt   a FRESH random salt
 *   master key: the 32-byte raw key, or rijn_file_master_key(...) from a
 *               passphrase (PBKDF2, Argon2id) with the same p
 *   rijn_file_seal_init(&ctx, header, sizeof header, &hlen, &p, master)
 *               writes the header (79, 83 or 88 bytes)
 *   for each chunk: rijn_file_seal_chunk(&ctx, out, in, len, is_last)
 *               writes len + 16 bytes; len == chunk_size for every chunk
 *               but the last, which holds 1..chunk_size bytes (0 only
 *               when the whole plaintext is empty).
 *
 * READING
 *   rijn_file_header_parse(&p, buf, n)      the parameters (cheap; no key)
 *   master key from the key file, or rijn_file_master_key(...) from the
 *               passphrase with p (check the KDF costs against your
 *               limits first: the header is not yet authenticated)
 *   rijn_file_open_header(&ctx, buf, p.header_len, master)
 *               RIJN_ERR_AUTH: wrong key/passphrase or damaged header
 *   for each piece of chunk_size + 16 bytes (the last one shorter):
 *               rijn_file_open_chunk(&ctx, out, in, len, is_last)
 *               where is_last = "the input ends right after this piece"
 *   rijn_file_open_final(&ctx)             RIJN_OK only if a last chunk
 *               was authenticated: call it at the end of the input.
 *   A failed chunk (RIJN_ERR_AUTH: its output is wiped) ends the stream:
 *   every later call returns RIJN_ERR_STATE.
 *
 * Limits (FORMAT.md section 5): 256 <= chunk_size <= 2^24, and at most
 * 2^32 chunks per file (RIJN_ERR_LIMIT beyond). On targets whose size_t
 * cannot hold chunk_size + 16, such chunk sizes give RIJN_ERR_LIMIT.
 *
 * AEAD ids: 1 AES-256-GCM, 2 ChaCha20-Poly1305, 3 Ascon-AEAD128; key
 * sources: 1 raw key, 2 PBKDF2-HMAC-SHA-256, 3 Argon2id. An id the build
 * lacks (rijn_file_aead_available / rijn_file_kdf_available say 0) gives
 * RIJN_ERR_UNSUPPORTED.
 *
 * Errors: RIJN_ERR_NULL, RIJN_ERR_PARAM (bad magic, out-of-range field),
 *   RIJN_ERR_UNSUPPORTED (unknown version, AEAD or key source, or one not
 *   compiled in), RIJN_ERR_BUFFER, RIJN_ERR_LENGTH (bad chunk or header
 *   length, empty last chunk after chunk 0, truncated stream),
 *   RIJN_ERR_STATE (call out of order, after the last chunk or after a
 *   failure), RIJN_ERR_LIMIT (2^32 chunks), RIJN_ERR_AUTH.
 * Secrets: the master key stays the caller's (wipe it after init); the
 * context holds the payload key schedule and is wiped by _wipe, after the
 * last chunk, and after any failure.
 */
#ifndef RIJN_FILE_H
#define RIJN_FILE_H

#include "ascon.h"
#include "chachapoly.h"
#include "gcm.h"

#ifdef __cplusplus
extern "C" {
#endif

struct rijn_aead_alg; /* rijn/aead_table.h */

#define RIJN_FILE_VERSION      1
#define RIJN_FILE_MAGIC        "\x89RIJN\r\n\x1a" /* 8 bytes */
#define RIJN_FILE_MAGIC_SIZE   8
#define RIJN_FILE_KEY_SIZE     32 /* master key (= raw key file)          */
#define RIJN_FILE_SALT_SIZE    32
#define RIJN_FILE_MAC_SIZE     32 /* header MAC                           */
#define RIJN_FILE_TAG_SIZE     16 /* per chunk                            */
#define RIJN_FILE_FIXED_SIZE   15 /* bytes that give the header's length  */
#define RIJN_FILE_HEADER_MIN   79
#define RIJN_FILE_HEADER_MAX   88
#define RIJN_FILE_CHUNK_MIN    256u
#define RIJN_FILE_CHUNK_MAX    16777216u
#define RIJN_FILE_CHUNK_DEFAULT 65536u
#define RIJN_FILE_MAX_CHUNKS   ((uint64_t)1 << 32)

/* AEAD ids (header byte 9). */
#define RIJN_FILE_AES256GCM        1
#define RIJN_FILE_CHACHA20POLY1305 2
#define RIJN_FILE_ASCON128         3
/* Key sources (header byte 14). */
#define RIJN_FILE_KEY_RAW      1
#define RIJN_FILE_KEY_PBKDF2   2
#define RIJN_FILE_KEY_ARGON2ID 3

/* Defaults for new files (FORMAT.md section 9). */
#define RIJN_FILE_PBKDF2_ITER_DEFAULT 600000u
#define RIJN_FILE_ARGON2_T_DEFAULT    3u
#define RIJN_FILE_ARGON2_M_DEFAULT    65536u /* KiB = 64 MiB */
#define RIJN_FILE_ARGON2_P_DEFAULT    4u

/* Reader limits: readers (the CLI, the Python package) refuse a header
 * asking for more key-derivation work than this unless told otherwise
 * (a damaged or hostile header must not make them work for hours or
 * exhaust memory). */
#define RIJN_FILE_READ_MAX_PBKDF2_ITER 10000000u
#define RIJN_FILE_READ_MAX_ARGON2_T    64u
#define RIJN_FILE_READ_MAX_ARGON2_M    4194304u /* KiB = 4 GiB */

/* The header's parameters. */
typedef struct rijn_file_params {
    uint8_t aead;          /* RIJN_FILE_AES256GCM, ...                      */
    uint8_t key_source;    /* RIJN_FILE_KEY_RAW, ...                        */
    uint8_t argon2_lanes;  /* Argon2id p (1..255)                           */
    uint8_t stanzas;       /* version 2 (file_recipients.h): stanza count;
                            * 0 for version 1                              */
    uint32_t chunk_size;   /* plaintext bytes per chunk                     */
    uint32_t iterations;   /* PBKDF2 iterations                             */
    uint32_t argon2_t;     /* Argon2id passes                               */
    uint32_t argon2_m;     /* Argon2id memory in KiB (>= 8 * lanes)         */
    uint8_t salt[RIJN_FILE_SALT_SIZE];
    size_t header_len;     /* set by _parse and _seal_init: 79, 83 or 88    */
} rijn_file_params;

/* Internal states of rijn_file_ctx. */
#define RIJN_I_FILE_NONE 0u
#define RIJN_I_FILE_SEAL 1u
#define RIJN_I_FILE_OPEN 2u
#define RIJN_I_FILE_DONE 3u
#define RIJN_I_FILE_FAILED 4u

typedef struct rijn_file_ctx {
    union {
        rijn_gcm_ctx gcm;
        rijn_chachapoly_ctx chacha;
        rijn_ascon_aead128_ctx ascon;
        uint64_t align;
    } aead;                /* the payload key, expanded                     */
    uint64_t counter;      /* index of the next chunk                       */
    uint32_t chunk_size;
    uint8_t aead_id;
    uint8_t state;         /* RIJN_I_FILE_*                                 */
} rijn_file_ctx;

/* 1 if this build has the AEAD id / key source, else 0. */
RIJN_API int rijn_file_aead_available(unsigned aead);
RIJN_API int rijn_file_kdf_available(unsigned key_source);
/* The AEAD descriptor (rijn/aead_table.h: name, sizes, calls) of an AEAD
 * id, NULL if the id is unknown or its AEAD is compiled out. Front ends
 * name and list the file AEADs through it. */
RIJN_API const struct rijn_aead_alg *rijn_file_aead_alg(unsigned aead);
/* The AEAD id whose descriptor has this name or alias (exact, or with
 * the descriptor's dashes left out: "aes256gcm"), 0 if none (or
 * compiled out). */
RIJN_API unsigned rijn_file_aead_find(const char *name);
/* Key length of an AEAD id (32, 32, 16), 0 if unknown. */
RIJN_API size_t rijn_file_aead_key_size(unsigned aead);

/* Defaults: AES-256-GCM, 64 KiB chunks, raw key, PBKDF2 600,000
 * iterations, Argon2id t=3 m=64 MiB p=4, salt zero (fill it in!). */
RIJN_API void rijn_file_params_init(rijn_file_params *p);

/* Check p as a reader would (section 3) and set p->header_len.
 * RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_PARAM (chunk size, zero iterations,
 * t = 0, lanes = 0, m < 8 * lanes), RIJN_ERR_UNSUPPORTED (unknown id). */
RIJN_API RIJN_WUR int rijn_file_params_check(rijn_file_params *p);

/* Read the header's parameters from in[0..len) (the start of a file;
 * len may exceed the header). Does not need the key; the values are not
 * authenticated until rijn_file_open_header succeeds. With fewer than
 * RIJN_FILE_FIXED_SIZE bytes, or fewer than the header needs, returns
 * RIJN_ERR_LENGTH, having set p->header_len to the length needed when it
 * is known (else 0). RIJN_ERR_PARAM: not a rijn file (magic) or a field
 * out of range; RIJN_ERR_UNSUPPORTED: another version, unknown AEAD or
 * key source (the build's lack of an AEAD or KDF is NOT an error here:
 * ask rijn_file_aead_available). */
RIJN_API RIJN_WUR int rijn_file_header_parse(rijn_file_params *p, const uint8_t *in,
                                             size_t len);

/* Master key from a passphrase (the bytes as given, no trailing newline)
 * with the KDF and costs of p (key_source PBKDF2 or ARGON2ID; salt from
 * p). Argon2id needs a work area of rijn_file_argon2_work_size(p) bytes
 * (8-byte aligned); PBKDF2 needs none (work may be NULL).
 * RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_PARAM (key source RAW or bad costs),
 * RIJN_ERR_UNSUPPORTED (KDF not compiled in), RIJN_ERR_BUFFER (work area
 * too small). On error master is zero. */
RIJN_API RIJN_WUR int rijn_file_master_key(uint8_t master[RIJN_FILE_KEY_SIZE],
                                           const rijn_file_params *p,
                                           const uint8_t *pass, size_t pass_len,
                                           void *work, size_t work_size);
/* Bytes of work area Argon2id needs for p's costs (0 if not Argon2id, if
 * unsupported, or if it does not fit size_t). */
RIJN_API size_t rijn_file_argon2_work_size(const rijn_file_params *p);

/* The key schedule of section 4, for test vectors and other
 * implementations: prk, header_key (32 bytes each) and payload_key
 * (rijn_file_aead_key_size(aead) bytes) from the master key and salt.
 * RIJN_OK, RIJN_ERR_NULL, RIJN_ERR_UNSUPPORTED (unknown aead). */
RIJN_API RIJN_WUR int rijn_file_derive_keys(uint8_t prk[32], uint8_t header_key[32],
                                            uint8_t *payload_key, unsigned aead,
                                            const uint8_t master[RIJN_FILE_KEY_SIZE],
                                            const uint8_t salt[RIJN_FILE_SALT_SIZE]);

/* ---- writer ---------------------------------------------------------- */
/* Check p, write the header (p->header_len bytes, set here) into
 * header[0..header_size) and key ctx for sealing. The salt must be fresh
 * random bytes for every file. RIJN_ERR_BUFFER if header_size is too
 * small (RIJN_FILE_HEADER_MAX always suffices). *header_len (may be NULL)
 * receives the header length. */
RIJN_API RIJN_WUR int rijn_file_seal_init(rijn_file_ctx *ctx, uint8_t *header,
                                          size_t header_size, size_t *header_len,
                                          const rijn_file_params *p,
                                          const uint8_t master[RIJN_FILE_KEY_SIZE]);

/* Seal the next chunk: len bytes of in -> len bytes of ciphertext and the
 * 16-byte tag at out[0..len+16). out may equal in (then the buffer holds
 * len + 16 bytes); no other overlap. len must be chunk_size unless
 * is_last; a last chunk holds 1..chunk_size bytes, or 0 if it is chunk 0
 * (empty file). After the last chunk the context is wiped (state DONE).
 * RIJN_ERR_LENGTH (bad len; nothing written, the stream can go on),
 * RIJN_ERR_LIMIT (a non-last chunk at index 2^32 - 1), RIJN_ERR_STATE
 * (not keyed for sealing, or after the last chunk), RIJN_ERR_NULL,
 * RIJN_ERR_PARAM (bad overlap). */
RIJN_API RIJN_WUR int rijn_file_seal_chunk(rijn_file_ctx *ctx, uint8_t *out,
                                           const uint8_t *in, size_t len, int is_last);
/* Seal chunk `index` out of order, for writers that seal chunks in
 * parallel: the same bytes as rijn_file_seal_chunk gives that chunk, the
 * same rules and errors (index in place of the next chunk's), but ctx is
 * only read: it does not advance and is not wiped after the last chunk,
 * and threads may share it. The caller seals each index 0..n-1 once,
 * is_last on n-1 only (a nonce must never seal two texts), and wipes ctx
 * at the end (rijn_file_wipe). */
RIJN_API RIJN_WUR int rijn_file_seal_chunk_at(const rijn_file_ctx *ctx, uint64_t index,
                                              uint8_t *out, const uint8_t *in, size_t len,
                                              int is_last);

/* ---- reader ---------------------------------------------------------- */
/* Parse header[0..len), derive the keys from master and verify the
 * header MAC in constant time; on success key ctx for opening.
 * RIJN_ERR_AUTH: wrong key or passphrase, or a damaged header (ctx is
 * then wiped). Other errors as rijn_file_header_parse, and
 * RIJN_ERR_UNSUPPORTED for an AEAD this build lacks. */
RIJN_API RIJN_WUR int rijn_file_open_header(rijn_file_ctx *ctx, const uint8_t *header,
                                            size_t len,
                                            const uint8_t master[RIJN_FILE_KEY_SIZE]);

/* Open the next chunk: in[0..len) is ciphertext || tag (16 <= len <=
 * chunk_size + 16; exactly chunk_size + 16 unless is_last). is_last is 1
 * when the input ends right after this piece. The plaintext goes to
 * out[0..len-16) (out may equal in) and counts only on RIJN_OK: on
 * failure out is all zero (GCM and ChaCha20-Poly1305 check the tag before
 * writing; Ascon-AEAD128 decrypts while absorbing and wipes on failure).
 * RIJN_OK; RIJN_ERR_AUTH (out wiped, the stream is failed: every later
 * call gives RIJN_ERR_STATE); RIJN_ERR_LENGTH (bad len, or an empty last
 * chunk that is not chunk 0: the stream is failed too); RIJN_ERR_LIMIT
 * (chunk index 2^32 or beyond, i.e. more chunks than a file can hold);
 * RIJN_ERR_STATE (not keyed for opening, after the last chunk, after a
 * failure); RIJN_ERR_NULL; RIJN_ERR_PARAM (bad overlap). After the last
 * chunk the context is wiped (state DONE). */
RIJN_API RIJN_WUR int rijn_file_open_chunk(rijn_file_ctx *ctx, uint8_t *out,
                                           const uint8_t *in, size_t len, int is_last);
/* Open chunk `index` out of order, for readers that open chunks in
 * parallel: the result of rijn_file_open_chunk for that chunk (the same
 * plaintext, rules and errors, out wiped on failure), but ctx is only
 * read: it neither advances nor fails, and threads may share it. The
 * STREAM guarantees are then the caller's: release the plaintext of
 * chunks 0..i only when each of them opened, stop at the first failure
 * in file order, and count the stream complete only when the chunk that
 * ends the input opened with is_last. */
RIJN_API RIJN_WUR int rijn_file_open_chunk_at(const rijn_file_ctx *ctx, uint64_t index,
                                              uint8_t *out, const uint8_t *in, size_t len,
                                              int is_last);

/* At the end of the input: RIJN_OK if the last chunk was opened,
 * RIJN_ERR_LENGTH if the stream ended before it (truncated: no chunk
 * after the header, or no chunk sealed as last), RIJN_ERR_STATE after a
 * failure or on a context not set up for opening. Wipes ctx. */
RIJN_API RIJN_WUR int rijn_file_open_final(rijn_file_ctx *ctx);

/* Number of chunks sealed or opened so far (for messages). */
RIJN_API uint64_t rijn_file_chunk_index(const rijn_file_ctx *ctx);

/* Clear the context. */
RIJN_API void rijn_file_wipe(rijn_file_ctx *ctx);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_FILE_H */
