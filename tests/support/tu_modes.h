/*
 * tu_modes.h -- one table and one calling convention for every classic
 * mode of rijn/modes.h, so vector, Monte Carlo and differential tests can
 * loop over modes. Test code only.
 *
 *   tu_modes[m]              name, OpenSSL name suffix, length rules
 *   tu_mode_oneshot(...)     the one-shot call on a keyed rijn_aes_ctx
 *   tu_mode_init/update/final/reset/wipe
 *                            the streaming calls behind one context type
 *   tu_mode_stream(...)      a whole message through the streaming calls,
 *                            split at random points, optionally in place
 *
 * Lengths are in bytes everywhere (CFB1: 8 one-bit segments per byte);
 * call rijn_cfb1_*_bits directly for bit lengths.
 */
#ifndef RIJN_TU_MODES_H
#define RIJN_TU_MODES_H

#include <stddef.h>
#include <stdint.h>

#include "rijn.h"

typedef enum {
    TU_ECB,
    TU_CBC,
    TU_CBC_PAD,
    TU_CTS1,
    TU_CTS2,
    TU_CTS3,
    TU_CFB1,
    TU_CFB8,
    TU_CFB128,
    TU_OFB,
    TU_CTR,
    TU_CTR32,
    TU_NMODES
} tu_mode;

typedef struct tu_mode_info {
    const char *name;     /* "ECB", "CBC-PKCS7", "CBC-CS1", "CFB1", ... */
    const char *ossl;     /* OpenSSL name suffix ("CBC-CTS"), NULL: none */
    const char *cts;      /* OpenSSL CTS mode name or NULL             */
    int padding;          /* PKCS#7                                     */
    int block;            /* streaming through rijn_block_ctx           */
    int inverse;          /* decryption uses the AES inverse cipher     */
    size_t granule;       /* lengths must be multiples of this          */
    size_t min_len;       /* shortest valid length                      */
    rijn_cts_variant cts_variant;
} tu_mode_info;

extern const tu_mode_info tu_modes[TU_NMODES];

/* 1 if this build accepts keys of key_len bytes (RIJN_CFG_AES_192/256). */
int tu_key_ok(size_t key_len);
/* 1 if decryption in mode m is compiled in (ECB, CBC and CTS decryption
 * need the inverse cipher, dropped by RIJN_CFG_AES_DECRYPT=0; they then
 * return RIJN_ERR_UNSUPPORTED). */
int tu_mode_dec_ok(tu_mode m);

/* 1 if len is a valid input length for mode m in that direction. */
int tu_mode_len_ok(tu_mode m, int enc, size_t len);

/* One-shot call. out_size is used by the PKCS#7 calls only; *out_len is
 * set to the output length (len for the other modes). */
int tu_mode_oneshot(tu_mode m, int enc, const rijn_aes_ctx *aes, const uint8_t iv[16],
                    uint8_t *out, size_t out_size, size_t *out_len, const uint8_t *in,
                    size_t len);

typedef struct tu_mctx {
    tu_mode mode;
    int enc;
    rijn_block_ctx b;
    rijn_stream_ctx s;
} tu_mctx;

int tu_mode_init(tu_mctx *c, tu_mode m, int enc, const uint8_t *key, size_t key_len,
                 const uint8_t iv[16]);
/* Stream modes write exactly len bytes (*out_len = len, out_size unused). */
int tu_mode_update(tu_mctx *c, uint8_t *out, size_t out_size, size_t *out_len,
                   const uint8_t *in, size_t len);
/* Stream modes: writes nothing, returns RIJN_OK. */
int tu_mode_final(tu_mctx *c, uint8_t *out, size_t out_size, size_t *out_len);
int tu_mode_reset(tu_mctx *c, const uint8_t iv[16]);
void tu_mode_wipe(tu_mctx *c);

/* Split policies for tu_mode_stream. */
#define TU_SPLIT_NONE   0 /* one update with the whole input           */
#define TU_SPLIT_RANDOM 1 /* random chunk sizes, many 0- and 1-byte ones */
#define TU_SPLIT_BYTES  2 /* one byte per update                       */

/* Runs a message through update/final on an initialised (or reset)
 * context. out must hold len + 32 bytes. Every update gets an out_size of
 * exactly RIJN_MODE_UPDATE_MAX(chunk) (the documented bound), and a
 * reported count above it is an error (RIJN_ERR_BUFFER is returned then).
 * inplace: each chunk is processed with out == in (block modes: in a
 * scratch copy, appended to out). Returns the first error, else RIJN_OK
 * with *out_len the total written. */
int tu_mode_stream(tu_mctx *c, uint8_t *out, size_t *out_len, const uint8_t *in, size_t len,
                   int split, int inplace);

/* ---- one index per mode and direction ------------------------------------
 * For the tests that call the API directly (argument and error checks,
 * streaming against one-shot): TU_D_<mode>_E / _D, and OFB, CTR, CTR32
 * (one call each way). Block modes come first (m <= TU_D_CS3_D), each
 * encryption before its decryption. */
enum {
    TU_D_ECB_E, TU_D_ECB_D, TU_D_CBC_E, TU_D_CBC_D, TU_D_PAD_E, TU_D_PAD_D,
    TU_D_CS1_E, TU_D_CS1_D, TU_D_CS2_E, TU_D_CS2_D, TU_D_CS3_E, TU_D_CS3_D,
    TU_D_CFB1_E, TU_D_CFB1_D, TU_D_CFB8_E, TU_D_CFB8_D, TU_D_CFB128_E, TU_D_CFB128_D,
    TU_D_OFB, TU_D_CTR, TU_D_CTR32, TU_D_NMODES
};
extern const char *const tu_d_names[TU_D_NMODES]; /* "ECB-enc", "ECB-dec", ... */
int tu_d_is_block(int m); /* streams through rijn_block_ctx */
int tu_d_is_cts(int m);
rijn_cts_variant tu_d_variant(int m); /* CTS modes */

/* The bare one-shot call of mode m: every argument is passed through
 * (NULL included); *out_len is written by the PKCS#7 calls only; out_size
 * is used by them only; CFB1 takes len bytes (8 * len bits). */
int tu_d_oneshot(int m, const rijn_aes_ctx *a, const uint8_t *iv, uint8_t *out, size_t out_size,
                 size_t *out_len, const uint8_t *in, size_t len);
/* The bare _init call of mode m on b (block modes) or s (the others). */
int tu_d_init(int m, rijn_block_ctx *b, rijn_stream_ctx *s, const uint8_t *key, size_t key_len,
              const uint8_t *iv);

#endif
