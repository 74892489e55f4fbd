/*
 * rijn/argon2.h -- Argon2id, Argon2i and Argon2d (RFC 9106, version 0x13)
 * password hashing / key derivation, with caller-provided memory.
 *
 * Family conventions:
 *   rijn has no heap: the caller passes the Argon2 memory as a work area
 *   of at least rijn_argon2_work_size(m_cost_kib, lanes) bytes (the same
 *   value as RIJN_ARGON2_WORK_SIZE(m, p) for valid parameters), i.e.
 *   m' * 1024 bytes with m' = 4 * p * floor(m / (4p)) blocks. It must be
 *   aligned for uint64_t (malloc'd memory and uint64_t arrays are); its
 *   contents on entry do not matter, and it is wiped (all zero) before
 *   return, whatever the result.
 *
 *   Lanes are computed one after the other in this thread (no threads):
 *   p > 1 costs p times the time of one lane of the same memory, but gives
 *   the same output as a parallel implementation. The running time is
 *   about t_cost * m_cost_kib KiB of memory traffic (~1-2 ms per MiB and
 *   pass on a current x86-64 core).
 *
 *   Which one: Argon2id is the RFC 9106 recommendation for passwords
 *   (first choice: t = 1, m = 2 GiB; second: t = 3, m = 64 MiB; p = 4 in
 *   both; 16-byte salt; 32-byte tag). Argon2i and Argon2d are there for
 *   compatibility.
 *
 *   Side channels: Argon2i, and the first half-pass of Argon2id (slices 0
 *   and 1 of pass 0), choose the blocks they read from public values only
 *   (pass, lane, slice, position, parameters), so their memory access
 *   pattern and timing do not depend on the password. The rest of
 *   Argon2id, and all of Argon2d, index memory with password-derived data
 *   BY DESIGN (RFC 9106 section 3.4: this is what makes them resist
 *   time-memory trade-offs); an attacker who can observe the cache while
 *   the hash runs learns something about that data. The block function
 *   itself (BlaMka: 64-bit additions, XORs, rotations and 32x32->64-bit
 *   multiplications) has no secret-dependent branch or index.
 *
 *   Inputs (RFC 9106 section 3.1): password P (0..2^32-1 bytes), salt S
 *   (8..2^32-1 bytes; 16 random bytes recommended; libsodium demands 16),
 *   optional secret K and associated data X (0..2^32-1 bytes each),
 *   output T (4..2^32-1 bytes), t_cost >= 1 passes, lanes p in
 *   1..2^24-1, m_cost_kib >= 8 * p (KiB of memory).
 *
 * Errors: RIJN_ERR_NULL (NULL out or work, or NULL input with a nonzero
 *   length), RIJN_ERR_PARAM (a parameter out of the ranges above, unknown
 *   type, or a misaligned work area), RIJN_ERR_BUFFER (work_size smaller
 *   than rijn_argon2_work_size). On error nothing has been written to out.
 */
#ifndef RIJN_ARGON2_H
#define RIJN_ARGON2_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_ARGON2_D  0 /* type y of RFC 9106 */
#define RIJN_ARGON2_I  1
#define RIJN_ARGON2_ID 2

#define RIJN_ARGON2_VERSION    0x13
#define RIJN_ARGON2_BLOCK_SIZE 1024
#define RIJN_ARGON2_MIN_OUT    4
#define RIJN_ARGON2_MIN_SALT   8
#define RIJN_ARGON2_MAX_LANES  0xFFFFFFu

/* Bytes of work area for m KiB and p lanes (valid parameters only:
 * m >= 8p, p >= 1): m' * 1024 with m' = 4p * floor(m / 4p). */
#define RIJN_ARGON2_WORK_SIZE(m, p) \
    ((size_t)((m) / (4u * (p))) * 4u * (size_t)(p) * (size_t)RIJN_ARGON2_BLOCK_SIZE)

/* All the cost parameters and optional inputs of one Argon2 call. */
typedef struct rijn_argon2_params {
    uint32_t type;         /* RIJN_ARGON2_ID, RIJN_ARGON2_I or RIJN_ARGON2_D */
    uint32_t t_cost;       /* passes over memory, >= 1                      */
    uint32_t m_cost_kib;   /* memory in KiB, >= 8 * lanes                   */
    uint32_t lanes;        /* degree of parallelism p, 1..2^24-1            */
    const uint8_t *secret; /* K, may be NULL if secret_len is 0             */
    size_t secret_len;
    const uint8_t *ad;     /* X (associated data), may be NULL if ad_len 0  */
    size_t ad_len;
} rijn_argon2_params;

/* Name of the block-function implementation this CPU runs: "x86-avx2"
 * (x86-64 with AVX2, chosen at run time; RIJN_CPU_MASK=0 in the
 * environment hides it; build option RIJN_CFG_ARGON2_X86=0 drops it) or
 * "portable". Both give the same results. */
RIJN_API const char *rijn_argon2_impl_name(void);

/* Size of the work area for these costs: m' * 1024 bytes; 0 if the pair
 * is invalid (lanes 0 or > 2^24-1, m_cost_kib < 8 * lanes) or the size
 * does not fit in size_t. */
RIJN_API size_t rijn_argon2_work_size(uint32_t m_cost_kib, uint32_t lanes);

/* Argon2 of the given type: out_len bytes of tag from pwd and salt with
 * the costs, secret and associated data in *params. work: the memory
 * (see above), work_size its size in bytes. Returns RIJN_OK or an error
 * (see the top of this file). */
RIJN_API RIJN_WUR int rijn_argon2(const rijn_argon2_params *params, uint8_t *out, size_t out_len,
                                  const uint8_t *pwd, size_t pwd_len, const uint8_t *salt,
                                  size_t salt_len, void *work, size_t work_size);

/* Argon2id / Argon2i / Argon2d without secret or associated data. */
RIJN_API RIJN_WUR int rijn_argon2id(uint8_t *out, size_t out_len, const uint8_t *pwd,
                                    size_t pwd_len, const uint8_t *salt, size_t salt_len,
                                    uint32_t t_cost, uint32_t m_cost_kib, uint32_t lanes,
                                    void *work, size_t work_size);
RIJN_API RIJN_WUR int rijn_argon2i(uint8_t *out, size_t out_len, const uint8_t *pwd,
                                   size_t pwd_len, const uint8_t *salt, size_t salt_len,
                                   uint32_t t_cost, uint32_t m_cost_kib, uint32_t lanes,
                                   void *work, size_t work_size);
RIJN_API RIJN_WUR int rijn_argon2d(uint8_t *out, size_t out_len, const uint8_t *pwd,
                                   size_t pwd_len, const uint8_t *salt, size_t salt_len,
                                   uint32_t t_cost, uint32_t m_cost_kib, uint32_t lanes,
                                   void *work, size_t work_size);

/* ---- PHC strings (crypto_pwhash_str / argon2-cffi format) ------------- */
/* "$argon2id$v=19$m=65536,t=3,p=4$<salt>$<hash>": the type, version 19,
 * the costs, then salt and hash in standard Base64 without padding --
 * what libsodium's crypto_pwhash_str (16-byte salt, 32-byte hash) and
 * argon2-cffi write. Strings here hold salts and hashes of up to
 * RIJN_ARGON2_STR_FIELD_MAX bytes; RIJN_ARGON2_STR_MAX bytes (with the
 * NUL) always hold one. Parsing is strict: canonical Base64, decimal
 * costs without leading zeros, version 19 only, nothing after the hash.
 * Errors: RIJN_ERR_PARAM (malformed string or parameters out of range),
 * RIJN_ERR_BUFFER (out_size or work_size too small), RIJN_ERR_AUTH (the
 * password does not match), and rijn_argon2's. */
#define RIJN_ARGON2_STR_FIELD_MAX 64
#define RIJN_ARGON2_STR_MAX 256

typedef struct rijn_argon2_str_info {
    uint32_t type, t_cost, m_cost_kib, lanes;
    uint8_t salt[RIJN_ARGON2_STR_FIELD_MAX];
    size_t salt_len;
    uint8_t hash[RIJN_ARGON2_STR_FIELD_MAX];
    size_t hash_len;
    size_t work_size;   /* rijn_argon2_work_size(m, p): allocate this */
} rijn_argon2_str_info;

/* Hash pwd with a fresh random salt (the caller's: 16 bytes advised) into
 * a NUL-terminated PHC string; hash_len 4..64 (32 advised). */
RIJN_API RIJN_WUR int rijn_argon2_str(char *out, size_t out_size, uint32_t type, uint32_t t_cost,
                                      uint32_t m_cost_kib, uint32_t lanes, const uint8_t *pwd,
                                      size_t pwd_len, const uint8_t *salt, size_t salt_len,
                                      size_t hash_len, void *work, size_t work_size);
/* RIJN_OK if pwd matches str (hash recomputed with str's parameters in
 * work, at least info.work_size bytes: see rijn_argon2_str_decode; the
 * comparison is constant time), RIJN_ERR_AUTH if not. */
RIJN_API RIJN_WUR int rijn_argon2_str_verify(const char *str, const uint8_t *pwd,
                                             size_t pwd_len, void *work, size_t work_size);
/* Parse str (no hashing): type, costs, salt, hash, and the work size. */
RIJN_API RIJN_WUR int rijn_argon2_str_decode(const char *str, rijn_argon2_str_info *info);
/* 1 if str was made with another type or costs than these (re-hash it at
 * the next login), 0 if the same, RIJN_ERR_PARAM if malformed. */
RIJN_API int rijn_argon2_str_needs_rehash(const char *str, uint32_t type, uint32_t t_cost,
                                          uint32_t m_cost_kib, uint32_t lanes);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_ARGON2_H */
