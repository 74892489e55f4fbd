/*
 * tu_aead.h -- one AEAD vector checked through every path, for the AEAD
 * differential and vector tests. Test code only.
 *
 *   tu_aead_api              an AEAD's one-shot and streaming calls over an
 *                            opaque keyed context (a test writes adapters)
 *   tu_aead_feed(...)        bytes to aad/update in random pieces (some empty)
 *   tu_aead_check(...)       one vector: seal and open, streaming encryption
 *                            with random splits, streaming decryption in
 *                            place; a vector marked invalid must be refused
 *                            with the output zeroed
 *   tu_aead_tampered(...)    a valid vector, then a flipped bit in the tag,
 *                            the text, the AAD and the nonce: each refused
 *   tu_aead_edge_len(sel)    a random length 0..600 favouring 15, 16, 17 mod 16
 *   tu_aead_piece(rest)      a random piece size 1..rest, often at most 40
 *
 * The differential tests (tests/aead/test_ccm_diff.c, tests/gcm/
 * test_gcm_diff.c) draw random keys, nonces, lengths and tags, get the
 * reference from OpenSSL and hand each message to tu_aead_tampered.
 */
#ifndef RIJN_TU_AEAD_H
#define RIJN_TU_AEAD_H

#include <stddef.h>
#include <stdint.h>

typedef struct tu_aead_api {
    int (*seal)(void *c, uint8_t *out, uint8_t *tag, size_t tl, const uint8_t *n, size_t nl,
                const uint8_t *a, size_t al, const uint8_t *in, size_t len);
    int (*open)(void *c, uint8_t *out, const uint8_t *tag, size_t tl, const uint8_t *n,
                size_t nl, const uint8_t *a, size_t al, const uint8_t *in, size_t len);
    /* start a streaming message (CCM announces the lengths; others ignore them) */
    int (*start)(void *c, const uint8_t *n, size_t nl, size_t al, size_t len, size_t tl);
    int (*aad)(void *c, const uint8_t *a, size_t n);
    int (*update)(void *c, int dec, uint8_t *out, const uint8_t *in, size_t n);
    /* enc: write the tag; dec: check it */
    int (*final)(void *c, int dec, uint8_t *tag, size_t tl);
} tu_aead_api;

/* One message: nonce, AAD, plaintext, ciphertext and tag. */
typedef struct tu_aead_msg {
    const uint8_t *n;
    size_t nl;
    const uint8_t *a;
    size_t al;
    const uint8_t *pt;
    const uint8_t *ct;
    size_t len;
    const uint8_t *tag;
    size_t tl;
} tu_aead_msg;

/* in[0..n) to update (or to aad when aad is set) in random pieces; out
 * may be NULL for AAD. 0, or -1 when a call failed. */
int tu_aead_feed(const tu_aead_api *api, void *c, int aad, int dec, uint8_t *out,
                 const uint8_t *in, size_t n);

/* m with tag (m->tag is ignored) through every path; valid: pt, ct and tag
 * agree; invalid: every open refuses, the one-shot zeroing its output.
 * Returns 1 when all checks passed. */
int tu_aead_check(const tu_aead_api *api, void *c, const tu_aead_msg *m, const uint8_t *tag,
                  int valid, const char *what);

/* tu_aead_check of the valid m, then of copies with one bit flipped in the
 * tag, in a ciphertext byte, in an AAD byte and in the nonce: each refused. */
void tu_aead_tampered(const tu_aead_api *api, void *c, const tu_aead_msg *m, const char *what);

/* Lengths by selector: 0 -> 0, 1 -> 16k + 15, 2 -> 16k, 3 -> 16k + 17
 * (k random, the result at most 600), else a random 0..600. */
size_t tu_aead_edge_len(size_t sel);

/* The size of the next piece of a message of rest bytes left (rest >= 1):
 * 1..rest, drawn from 1..40 half the time once rest is over 40. */
size_t tu_aead_piece(size_t rest);

#endif
