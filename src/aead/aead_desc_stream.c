/*
 * aead_desc_stream.c -- the AEAD descriptors (rijn/aead_table.h) of
 * ChaCha20-Poly1305, XChaCha20-Poly1305 (RFC 8439, draft-irtf-cfrg-xchacha)
 * and Ascon-AEAD128 (SP 800-232; alias "ascon128").
 *
 * Implementation notes
 *   Wrappers and descriptors from the macros of aead_table_i.h;
 *   XChaCha20-Poly1305 has its own key setup and ChaCha20-Poly1305's
 *   calls. Nothing secret, nothing mutable.
 *   Vectors: tests/aead/test_aead_table.c, the file format tests, the CLI.
 */
#include "aead_table_i.h"

RIJN_I_AEAD_WRAP(chacha20poly1305, rijn_chachapoly_ctx, rijn_chacha20poly1305_init)
RIJN_I_AEAD_WRAP(ascon_aead128, rijn_ascon_aead128_ctx, rijn_ascon_aead128_init)

static int xchacha_i(void *c, const uint8_t *k, size_t kl)
{
    return rijn_xchacha20poly1305_init((rijn_chachapoly_ctx *)c, k, kl);
}

RIJN_I_AEAD_DESC(rijn_i_aead_chacha20poly1305, "chacha20-poly1305", NULL,
                 RIJN_CHACHAPOLY_KEY_SIZE, RIJN_CHACHA20POLY1305_NONCE_SIZE,
                 RIJN_CHACHA20POLY1305_NONCE_SIZE, RIJN_CHACHA20POLY1305_NONCE_SIZE,
                 RIJN_CHACHAPOLY_TAG_SIZE, RIJN_CHACHAPOLY_TAG_SIZE, 0u, chacha20poly1305,
                 rijn_chachapoly_ctx, chacha20poly1305_i)
RIJN_I_AEAD_DESC(rijn_i_aead_xchacha20poly1305, "xchacha20-poly1305", NULL,
                 RIJN_CHACHAPOLY_KEY_SIZE, RIJN_XCHACHA20POLY1305_NONCE_SIZE,
                 RIJN_XCHACHA20POLY1305_NONCE_SIZE, RIJN_XCHACHA20POLY1305_NONCE_SIZE,
                 RIJN_CHACHAPOLY_TAG_SIZE, RIJN_CHACHAPOLY_TAG_SIZE, 0u, chacha20poly1305,
                 rijn_chachapoly_ctx, xchacha_i)
RIJN_I_AEAD_DESC(rijn_i_aead_ascon_aead128, "ascon-aead128", "ascon128",
                 RIJN_ASCON_AEAD128_KEY_SIZE, RIJN_ASCON_AEAD128_NONCE_SIZE,
                 RIJN_ASCON_AEAD128_NONCE_SIZE, RIJN_ASCON_AEAD128_NONCE_SIZE,
                 RIJN_ASCON_AEAD128_TAG_SIZE, RIJN_ASCON_AEAD128_TAG_SIZE, 0u, ascon_aead128,
                 rijn_ascon_aead128_ctx, ascon_aead128_i)
