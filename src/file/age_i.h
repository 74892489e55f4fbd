/*
 * age_i.h -- internals shared by the age format's writer (age_write.c)
 * and reader (age_header.c).
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

#endif /* RIJN_AGE_I_H */
