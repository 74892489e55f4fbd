/*
 * aead_desc_aes.c -- the AEAD descriptors (rijn/aead_table.h) of AES-CCM,
 * -EAX, -OCB3, -GCM-SIV and -SIV, one per key size compiled in.
 *
 * Implementation notes
 *   Wrappers and descriptors from the macros of aead_table_i.h; the tag
 *   minimums are the shortest tags each AEAD accepts (CCM: even sizes
 *   only, which its calls check). Nothing secret, nothing mutable.
 *   Vectors: tests/aead/test_aead_table.c (every descriptor against the AEAD's
 *   own calls), tests/cli/test_cli_aead.py through the CLI.
 */
#include "aead_table_i.h"

RIJN_I_AEAD_WRAP(ccm, rijn_ccm_ctx, rijn_ccm_init)
RIJN_I_AEAD_WRAP(eax, rijn_eax_ctx, rijn_eax_init)
RIJN_I_AEAD_WRAP(ocb, rijn_ocb_ctx, rijn_ocb_init)
RIJN_I_AEAD_WRAP(gcmsiv, rijn_gcmsiv_ctx, rijn_gcmsiv_init)
RIJN_I_AEAD_WRAP(siv, rijn_siv_ctx, rijn_siv_init)

#define CCM(bits, key)                                                                       \
    RIJN_I_AEAD_DESC(rijn_i_aead_aes##bits##_ccm, "aes-" #bits "-ccm", NULL, key,            \
                     RIJN_CCM_NONCE_SIZE, RIJN_CCM_NONCE_MIN, RIJN_CCM_NONCE_MAX, 4,         \
                     RIJN_CCM_TAG_SIZE, 0u, ccm, rijn_ccm_ctx, ccm_i)
#define EAX(bits, key)                                                                       \
    RIJN_I_AEAD_DESC(rijn_i_aead_aes##bits##_eax, "aes-" #bits "-eax", NULL, key,            \
                     RIJN_EAX_NONCE_SIZE, RIJN_EAX_NONCE_MIN, RIJN_EAX_NONCE_MAX, 1,         \
                     RIJN_EAX_TAG_SIZE, 0u, eax, rijn_eax_ctx, eax_i)
#define OCB(bits, key)                                                                       \
    RIJN_I_AEAD_DESC(rijn_i_aead_aes##bits##_ocb3, "aes-" #bits "-ocb3", NULL, key,          \
                     RIJN_OCB_NONCE_SIZE, RIJN_OCB_NONCE_MIN, RIJN_OCB_NONCE_MAX, 1,         \
                     RIJN_OCB_TAG_SIZE, 0u, ocb, rijn_ocb_ctx, ocb_i)
#define GCMSIV(bits, key)                                                                    \
    RIJN_I_AEAD_DESC(rijn_i_aead_aes##bits##_gcmsiv, "aes-" #bits "-gcm-siv", NULL, key,     \
                     RIJN_GCMSIV_NONCE_SIZE, RIJN_GCMSIV_NONCE_MIN, RIJN_GCMSIV_NONCE_MAX,   \
                     RIJN_GCMSIV_TAG_SIZE, RIJN_GCMSIV_TAG_SIZE, 0u, gcmsiv,                 \
                     rijn_gcmsiv_ctx, gcmsiv_i)
#define SIV(bits, key)                                                                       \
    RIJN_I_AEAD_DESC(rijn_i_aead_aes##bits##_siv, "aes-" #bits "-siv", NULL, key,            \
                     RIJN_SIV_NONCE_SIZE, RIJN_SIV_NONCE_MIN, RIJN_SIV_NONCE_MAX,            \
                     RIJN_SIV_TAG_SIZE, RIJN_SIV_TAG_SIZE,                                   \
                     RIJN_AEAD_NONCE_OPTIONAL | RIJN_AEAD_TAG_FIRST, siv, rijn_siv_ctx, siv_i)

CCM(128, 16) EAX(128, 16) OCB(128, 16) GCMSIV(128, 16) SIV(128, 32)
#if RIJN_CFG_AES_192
CCM(192, 24) EAX(192, 24) OCB(192, 24) GCMSIV(192, 24) SIV(192, 48)
#endif
#if RIJN_CFG_AES_256
CCM(256, 32) EAX(256, 32) OCB(256, 32) GCMSIV(256, 32) SIV(256, 64)
#endif
