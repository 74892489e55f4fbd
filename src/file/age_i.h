/*
 * age_i.h -- internals shared by the age format's writer (age_write.c)
 * and reader (age_header.c, its lexer age_lex.c).
 */
#ifndef RIJN_AGE_I_H
#define RIJN_AGE_I_H

#include "file_i.h"
#include "rijn/age.h"

/* body[0..32) = ChaCha20-Poly1305(key, zero nonce, file_key). */
int rijn_i_age_wrap(uint8_t body[32], const uint8_t key[32], const uint8_t file_key[16]);
/* file_key from a stanza body; RIJN_ERR_AUTH (file_key wiped). */
int rijn_i_age_unwrap(uint8_t file_key[16], const uint8_t key[32], const uint8_t body[32]);
/* X25519 wrap key from the shared secret, the share and the recipient. */
int rijn_i_age_x25519_key(uint8_t key[32], const uint8_t shared[32], const uint8_t share[32],
                          const uint8_t pub[32]);
/* scrypt wrap key (r = 8, p = 1). */
int rijn_i_age_scrypt_key(uint8_t key[32], const uint8_t *pass, size_t pass_len,
                          const uint8_t salt[16], unsigned log_n, void *work, size_t work_size);
/* The header MAC over hdr[0..len) (through "---"). */
int rijn_i_age_mac(uint8_t mac[32], const uint8_t *hdr, size_t len, const uint8_t file_key[16]);

/* The header lexer (age_lex.c). A span points into the caller's header. */
#define RIJN_I_AGE_ARGS_MAX 4
typedef struct rijn_i_age_span {
    const uint8_t *p;
    size_t len;
} rijn_i_age_span;
typedef struct rijn_i_age_stanza {
    rijn_i_age_span args[RIJN_I_AGE_ARGS_MAX]; /* the first arguments            */
    unsigned argc;                             /* all of them                    */
    rijn_i_age_span body; /* the first body line (without "\n")              */
    unsigned lines;       /* body lines                                      */
} rijn_i_age_stanza;
/* 1 if s is the text t. */
int rijn_i_age_span_is(const rijn_i_age_span *s, const char *t);
/* Exactly want bytes (at most 48) from the Base64 text s; RIJN_ERR_PARAM. */
int rijn_i_age_b64_exact(uint8_t *out, size_t want, const rijn_i_age_span *s);
/* One stanza (1) or the footer (0) at h[*pos..len), *pos moved past it; for
 * the footer, *mac_at is the offset just after "---" and mac the decoded
 * MAC. RIJN_ERR_LENGTH: the header is cut short; RIJN_ERR_PARAM: malformed. */
int rijn_i_age_next_item(const uint8_t *h, size_t len, size_t *pos, rijn_i_age_stanza *st,
                         uint8_t mac[32], size_t *mac_at);
#endif /* RIJN_AGE_I_H */
