/*
 * finalists_mct.h -- the AES-candidate Monte Carlo tests (ECB and CBC,
 * encryption and decryption), one outer row at a time, over any block
 * cipher given as a key-setup + block-function pair. Shared by
 * test_finalists_kat.c (rijn against the published rows) and
 * peers/cryptopp_diff.cpp (rijn against Crypto++ running the same loop).
 *
 * Implementation notes: the definition is NIST's "Description of Known
 * Answer Tests and Monte Carlo Tests for AES Candidate Algorithm
 * Submissions" (1998), 400 outer rows x 10,000 inner blocks:
 *   ECB:  out = E^10000(KEY_i, text_i); text_{i+1} = out.
 *   CBC-E: CT_j = E(PT_j ^ CV_j), CV_{j+1} = CT_j, PT_{j+1} = CT_{j-1}
 *         (IV_i for j = 0); after the row IV_{i+1} = CT_9999,
 *         PT_{i+1} = CT_9998.
 *   CBC-D: PT_j = D(CT_j) ^ CV_j, CV_{j+1} = CT_j, CT_{j+1} = PT_j;
 *         after the row IV_{i+1} = CT_9999 (the last input), CT_{i+1} = PT_9999.
 *   KEY_{i+1} = KEY_i ^ the last key-length bytes of (out_9998 || out_9999).
 * Header-only (static functions) so that the C++ peer test can use it.
 */
#ifndef RIJN_FINALISTS_MCT_H
#define RIJN_FINALISTS_MCT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

enum { FIN_ECB_E, FIN_ECB_D, FIN_CBC_E, FIN_CBC_D };

typedef struct fin_cipher {
    void *st;
    int (*setkey)(void *st, const uint8_t *key, size_t kl); /* 0 = OK */
    void (*block)(void *st, uint8_t out[16], const uint8_t in[16], int enc);
} fin_cipher;

/* One row's inputs (key, iv, text) and, after fin_mct_row, its output. */
typedef struct fin_mct {
    uint8_t key[32], iv[16], text[16], out[16];
    size_t kl;
} fin_mct;

static inline const char *fin_mct_name(int mode)
{
    static const char *const n[] = {"ECB encrypt", "ECB decrypt", "CBC encrypt", "CBC decrypt"};
    return n[mode & 3];
}

/* Run row s (inner loop of `inner` blocks, 10,000 by the definition) and
 * leave s->out; advance key, iv and text to the next row's. 0 = OK. */
static inline int fin_mct_row(const fin_cipher *c, int mode, fin_mct *s, int inner)
{
    uint8_t x[16], prev[16], cv[16], t[16];
    size_t b;
    int j;

    if (c->setkey(c->st, s->key, s->kl) != 0)
        return -1;
    memcpy(x, s->text, 16);
    memcpy(cv, s->iv, 16);
    memset(prev, 0, 16);
    for (j = 0; j < inner; j++) {
        memcpy(prev, s->out, 16);
        switch (mode) {
        case FIN_ECB_E:
        case FIN_ECB_D:
            c->block(c->st, s->out, x, mode == FIN_ECB_E);
            memcpy(x, s->out, 16);
            break;
        case FIN_CBC_E:
            for (b = 0; b < 16; b++)
                t[b] = (uint8_t)(x[b] ^ cv[b]);
            c->block(c->st, s->out, t, 1);
            memcpy(x, j == 0 ? s->iv : prev, 16);
            memcpy(cv, s->out, 16);
            break;
        default: /* FIN_CBC_D */
            c->block(c->st, t, x, 0);
            for (b = 0; b < 16; b++)
                s->out[b] = (uint8_t)(t[b] ^ cv[b]);
            memcpy(cv, x, 16);
            memcpy(x, s->out, 16);
            break;
        }
    }
    for (b = 0; b < s->kl; b++)
        s->key[b] = (uint8_t)(s->key[b] ^ (b + 16 < s->kl ? prev[32 - s->kl + b] : s->out[b + 16 - s->kl]));
    switch (mode) {
    case FIN_ECB_E:
    case FIN_ECB_D:
        memcpy(s->text, s->out, 16);
        break;
    case FIN_CBC_E:
        memcpy(s->iv, s->out, 16);
        memcpy(s->text, prev, 16);
        break;
    default:
        memcpy(s->iv, cv, 16);
        memcpy(s->text, s->out, 16);
        break;
    }
    return 0;
}

#endif /* RIJN_FINALISTS_MCT_H */
