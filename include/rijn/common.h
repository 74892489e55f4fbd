/*
 * rijn/common.h -- conventions shared by every rijn header.
 *
 * Naming:  functions and types start with rijn_, macros with RIJN_, build
 *          options with RIJN_CFG_ (see rijn/config.h).
 * Verbs:   init, update, final, reset, encrypt, decrypt, seal, open, wipe.
 *          The direction of an operation is always in the function name.
 * Buffers: destination first, then source; sizes are size_t byte counts
 *          unless a name says _bits. Output buffers may equal input buffers
 *          (in-place) wherever a function says so; other overlaps are not
 *          allowed.
 * Status:  every function that can fail returns int: RIJN_OK (0) or one of
 *          the negative RIJN_ERR_* codes below, and is marked RIJN_WUR.
 *          A NULL pointer is accepted only together with a zero length.
 * Secrets: contexts are caller-allocated, hold no pointer to caller memory
 *          (only a const pointer to an implementation class) and can be
 *          copied with memcpy. Every context has a _wipe function; final and
 *          open wipe what they no longer need.
 */
#ifndef RIJN_COMMON_H
#define RIJN_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "config.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_VERSION_MAJOR 0
#define RIJN_VERSION_MINOR 1
#define RIJN_VERSION_PATCH 0
#define RIJN_VERSION_STRING "0.1.0"

#if defined(_WIN32) && defined(RIJN_SHARED_BUILD)
#define RIJN_API __declspec(dllexport)
#elif defined(__GNUC__) && __GNUC__ >= 4
#define RIJN_API __attribute__((visibility("default")))
#else
#define RIJN_API
#endif

#if defined(__GNUC__) && __GNUC__ >= 4
#define RIJN_WUR __attribute__((warn_unused_result))
#else
#define RIJN_WUR
#endif

/* Status codes. */
#define RIJN_OK               0
#define RIJN_ERR_KEY_LEN     (-1)  /* key length not allowed                      */
#define RIJN_ERR_LENGTH      (-2)  /* data length not allowed by the mode          */
#define RIJN_ERR_NULL        (-3)  /* NULL pointer with a nonzero length           */
#define RIJN_ERR_BUFFER      (-4)  /* output buffer too small                      */
#define RIJN_ERR_PADDING     (-5)  /* bad padding (one code whatever is wrong)     */
#define RIJN_ERR_AUTH        (-6)  /* authentication failed; output was wiped      */
#define RIJN_ERR_UNSUPPORTED (-7)  /* not compiled in, or the CPU lacks it         */
#define RIJN_ERR_NONCE_LEN   (-8)  /* nonce / IV length not allowed                */
#define RIJN_ERR_TAG_LEN     (-9)  /* tag length not allowed                       */
#define RIJN_ERR_STATE       (-10) /* call out of order / context not set up for it */
#define RIJN_ERR_LIMIT       (-11) /* total length over the construction's limit   */
#define RIJN_ERR_PARAM       (-12) /* other invalid parameter                      */

/* A short English description of a status code (static string, never NULL).
 * On AVR its texts (about 400 bytes) sit in RAM once it is linked: see
 * rijn_strerror_P. */
RIJN_API const char *rijn_strerror(int status);

/* The same text in program memory where that is a separate address space
 * (AVR: a flash address, a PGM_P; read it with strcpy_P / printf_P's "%S",
 * or print it on Arduino as (const __FlashStringHelper *)rijn_strerror_P(s));
 * uses no RAM. Elsewhere it is rijn_strerror(status). Never NULL. */
RIJN_API const char *rijn_strerror_P(int status);

/* The library version string, e.g. "0.1.0". */
RIJN_API const char *rijn_version(void);

/* Overwrite n bytes at p with zeros in a way the compiler cannot remove. */
RIJN_API void rijn_wipe(void *p, size_t n);

/* Constant-time comparison of n bytes: 1 if equal, 0 otherwise. The time
 * depends only on n. */
RIJN_API int rijn_ct_equal(const void *a, const void *b, size_t n);

#ifdef __cplusplus
}
#endif
#endif /* RIJN_COMMON_H */
