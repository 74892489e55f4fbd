/*
 * aead_desc_gcm.c -- the AEAD descriptors (rijn/aead_table.h) of AES-GCM,
 * one per key size compiled in.
 *
 * Implementation notes
 *   Wrappers and descriptors from the macros of aead_table_i.h; tags of
 *   4..16 bytes (SP 800-38D allows 4 and 8 only in special uses; the
 *   calls accept them). Nothing secret, nothing mutable.
 *   Vectors: tests/aead/test_aead_table.c, the file format tests, the CLI.
 */
#include "aead_table_i.h"

RIJN_I_AEAD_WRAP(gcm, rijn_gcm_ctx, rijn_gcm_init)

#define GCM_NONCE_MAX                                                                        \
    ((uint64_t)RIJN_GCM_NONCE_MAX > (uint64_t)SIZE_MAX ? SIZE_MAX : (size_t)RIJN_GCM_NONCE_MAX)
#define GCM(bits, key)                                                                       \
    RIJN_I_AEAD_DESC(rijn_i_aead_aes##bits##_gcm, "aes-" #bits "-gcm", NULL, key,            \
                     RIJN_GCM_NONCE_SIZE, RIJN_GCM_NONCE_MIN, GCM_NONCE_MAX, 4,              \
                     RIJN_GCM_TAG_SIZE, 0u, gcm, rijn_gcm_ctx, gcm_i)

GCM(128, 16)
#if RIJN_CFG_AES_192
GCM(192, 24)
#endif
#if RIJN_CFG_AES_256
GCM(256, 32)
#endif
