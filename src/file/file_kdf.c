/*
 * file_kdf.c -- the Argon2id adapter of the rijn file format (key
 * source 3, docs/FORMAT.md section 4): M = Argon2id(passphrase, salt,
 * t_cost, m_cost, p, tag length 32), version 0x13, no secret, no
 * associated data.
 *
 * Implementation notes: the caller owns the work area (the library has
 * no heap); its size is rijn_argon2_work_size. With RIJN_I_FILE_ARGON2
 * = 0 key source 3 gives RIJN_ERR_UNSUPPORTED and a work size of 0. Constant-time behaviour is
 * Argon2id's own (first half-pass data-independent, the rest
 * data-dependent by design, RFC 9106). Vectors: the Argon2id file
 * vector in docs/FORMAT-vectors.md, checked against the Python
 * `cryptography` package by tests/file/format_decoder.py.
 */
#include "file_i.h"

#if RIJN_I_FILE_ARGON2
#include "rijn/argon2.h"

int rijn_i_file_argon2(uint8_t master[32], const rijn_file_params *p, const uint8_t *pass,
                       size_t pass_len, void *work, size_t work_size)
{
    if (work == NULL)
        return RIJN_ERR_NULL;
    return rijn_argon2id(master, 32, pass, pass_len, p->salt, RIJN_FILE_SALT_SIZE, p->argon2_t,
                         p->argon2_m, p->argon2_lanes, work, work_size);
}

size_t rijn_i_file_argon2_work(const rijn_file_params *p)
{
    return rijn_argon2_work_size(p->argon2_m, p->argon2_lanes);
}
#else
int rijn_i_file_argon2(uint8_t master[32], const rijn_file_params *p, const uint8_t *pass,
                       size_t pass_len, void *work, size_t work_size)
{
    (void)master;
    (void)p;
    (void)pass;
    (void)pass_len;
    (void)work;
    (void)work_size;
    return RIJN_ERR_UNSUPPORTED;
}

size_t rijn_i_file_argon2_work(const rijn_file_params *p)
{
    (void)p;
    return 0;
}
#endif
