/*
 * b64_i.h -- Base64 block coders (not installed): the registry of
 * base64.c (core/registry.h) and the x86 hooks of base64_x86.c.
 *
 * Implementation notes: a decoding hook decodes whole 4-character groups
 * from the start of in[0..len) and stops before the first space, tab,
 * CR, LF or '=' (their positions are public: the hook branches on them,
 * never on a character's value), before a block that does not fit whole
 * in len, or when room (bytes free in out) is too small. It writes 3
 * bytes per group, returns the characters it consumed (a multiple of 4)
 * and ORs a nonzero word into *bad when one of them is outside the
 * alphabet (c62, c63: the characters of 62 and 63). base64.c calls it
 * only at a group boundary before any padding, and does the rest
 * (whitespace, padding, the tail, the verdict) with its scalar code, so
 * every result is the portable decoder's. The encoding hook is below.
 */
#ifndef RIJN_B64_I_H
#define RIJN_B64_I_H

#include "core/registry.h"
#include "internal.h"

/* The facts a decode shows on purpose (whether a character is whitespace
 * or '=', the verdict) pass through RIJN_I_B64_PUBLIC before a branch:
 * nothing here; tests/file/test_base64_ctgrind.c compiles these sources
 * with it marking them defined, so memcheck checks everything else. */
#ifndef RIJN_I_B64_PUBLIC
#define RIJN_I_B64_PUBLIC(x) (x)
#endif

typedef size_t (*rijn_i_b64_dec_fn)(uint8_t *out, size_t room, const char *in, size_t len,
                                    int c62, int c63, uint32_t *bad);

/* Block encoder: encodes whole 3-byte groups from the start of in[0..len)
 * (as many as its blocks, and their loads, fit in len), 4 characters a
 * group into out (room enough: the caller checked the whole size);
 * returns the bytes consumed (a multiple of 3). No branch on the data. */
typedef size_t (*rijn_i_b64_enc_fn)(char *out, const uint8_t *in, size_t len, int c62, int c63);

typedef struct rijn_i_b64_impl {
    rijn_i_impl base;
    rijn_i_b64_dec_fn dec; /* NULL: portable (scalar only) */
    rijn_i_b64_enc_fn enc; /* NULL: portable (scalar only) */
} rijn_i_b64_impl;

/* "x86-avx2", "x86-ssse3" (x86-64, GCC/Clang), "portable" */
extern const rijn_i_registry rijn_i_base64_registry;

/* rijn_base64_decode (url = 0) / rijn_base64url_decode (url = 1) with the
 * implementation called impl (tests); RIJN_ERR_UNSUPPORTED when unknown or
 * it does not run here. */
int rijn_i_base64_decode_with(const char *impl, int url, uint8_t *out, size_t out_size,
                              size_t *out_len, const char *in, size_t in_len);
/* the same for rijn_base64_encode / rijn_base64url_encode */
int rijn_i_base64_encode_with(const char *impl, int url, char *out, size_t out_size,
                              size_t *out_len, const uint8_t *in, size_t len);

/* RIJN_CFG_BASE64_X86: unset = auto (x86-64 with GCC/Clang, chosen at run
 * time), 0 = portable only. */
#if defined(RIJN_CFG_BASE64_X86) && !RIJN_CFG_BASE64_X86
#define RIJN_I_B64_X86 0
#elif RIJN_ARCH_X86 && RIJN_ARCH_64 && (defined(__GNUC__) || defined(__clang__))
#define RIJN_I_B64_X86 1
#else
#define RIJN_I_B64_X86 0
#endif

#if RIJN_I_B64_X86
size_t rijn_i_b64_dec_avx2(uint8_t *out, size_t room, const char *in, size_t len, int c62,
                           int c63, uint32_t *bad);
size_t rijn_i_b64_dec_ssse3(uint8_t *out, size_t room, const char *in, size_t len, int c62,
                            int c63, uint32_t *bad);
size_t rijn_i_b64_enc_avx2(char *out, const uint8_t *in, size_t len, int c62, int c63);
size_t rijn_i_b64_enc_ssse3(char *out, const uint8_t *in, size_t len, int c62, int c63);
#endif

#endif /* RIJN_B64_I_H */
