/*
 * file_i.h -- internals shared by the rijn file-format sources
 * (src/file/): which optional primitives are compiled in, and the
 * adapters that reach them.
 *
 * Implementation notes: Argon2id (key source 3) and Ascon-AEAD128
 * (aead 3) come from other parts of the library (rijn/argon2.h,
 * rijn/ascon.h); RIJN_I_FILE_ARGON2 and RIJN_I_FILE_ASCON (default 1)
 * say whether the file format uses them. With 0 (a trimmed build) the
 * ids still parse but keying with them gives RIJN_ERR_UNSUPPORTED.
 */
#ifndef RIJN_FILE_I_H
#define RIJN_FILE_I_H

#include <string.h>

#include "internal.h"
#include "rijn/file.h"
#include "rijn/hmac.h"
#include "rijn/hash.h"
#include "rijn/kdf.h"

#ifndef RIJN_I_FILE_ARGON2
/* Argon2 needs BLAKE2b: without it, passphrase files use PBKDF2 only. */
#define RIJN_I_FILE_ARGON2 RIJN_CFG_HASH_BLAKE2B
#endif
#ifndef RIJN_I_FILE_ASCON
#define RIJN_I_FILE_ASCON 1
#endif

/* Header bytes before the MAC, from checked parameters. */
void rijn_i_file_header_body(uint8_t *out, const rijn_file_params *p);

/* Argon2id master key (file_kdf.c). p is checked and has key source 3. */
int rijn_i_file_argon2(uint8_t master[32], const rijn_file_params *p, const uint8_t *pass,
                       size_t pass_len, void *work, size_t work_size);
size_t rijn_i_file_argon2_work(const rijn_file_params *p);

#endif /* RIJN_FILE_I_H */
