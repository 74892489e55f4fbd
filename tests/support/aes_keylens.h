/*
 * aes_keylens.h -- which AES key sizes and directions this build has
 * (RIJN_CFG_AES_192 / _256 / _DECRYPT), for tests that must follow the
 * build options: vectors with a compiled-out key size must be refused with
 * RIJN_ERR_KEY_LEN, random keys are drawn from the sizes that exist.
 */
#ifndef RIJN_TEST_AES_KEYLENS_H
#define RIJN_TEST_AES_KEYLENS_H

#include "testutil.h"

#if defined(__GNUC__) || defined(__clang__)
#define KL_UNUSED __attribute__((unused))
#else
#define KL_UNUSED
#endif

/* 1 if an AES key of kl bytes is compiled in. */
static KL_UNUSED int aes_key_ok(size_t kl)
{
    return kl == 16 || (RIJN_CFG_AES_192 && kl == 24) || (RIJN_CFG_AES_256 && kl == 32);
}

/* A random compiled-in AES key length (16, 24, 32). */
static KL_UNUSED size_t aes_rand_key_len(void)
{
    for (;;) {
        size_t kl = 16 + 8 * tu_rand_below(3);
        if (aes_key_ok(kl))
            return kl;
    }
}

/* 1 if this build has the AES inverse cipher. */
#define AES_HAS_DEC RIJN_CFG_AES_DECRYPT

#endif
