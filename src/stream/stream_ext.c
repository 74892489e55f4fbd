/*
 * stream_ext.c -- the stream-cipher variants libsodium users reach for:
 * HSalsa20 / HChaCha20 with caller constants (crypto_core_hsalsa20 /
 * crypto_core_hchacha20 with a non-NULL c) and XChaCha20 with the
 * original cipher's 64-bit counter (crypto_stream_xchacha20_xor_ic).
 *
 * Implementation notes: the H functions load the 16 constant bytes as
 * four little-endian words where the standard "expand 32-byte k" words go
 * (ChaCha: words 0-3; Salsa: the diagonal 0, 5, 10, 15), run the 20
 * rounds without the feed-forward and output the same words as the
 * standard functions (ChaCha: 0-3 and 12-15; Salsa: the diagonal then
 * 6-9). c == NULL means the standard constants. XChaCha20 here is
 * HChaCha20(key, nonce[0..16)) then the original ChaCha20 (8-byte nonce
 * nonce[16..24), 64-bit block counter); with counter < 2^32 and no wrap it
 * equals rijn_xchacha20_init's IETF form. Constant time: word arithmetic
 * only. Proof: tests/stream/test_stream_ext.c (libsodium differential, and the
 * standard functions for c == NULL).
 */
#include "rijn/chacha20.h"

#include "internal.h"
#include "salsa_core.h"
#include "stream_i.h"

void rijn_hchacha20_c(uint8_t out[32], const uint8_t key[32], const uint8_t in[16],
                      const uint8_t c[16])
{
    uint32_t x[16];
    int i;
    if (c == NULL) {
        rijn_hchacha20(out, key, in);
        return;
    }
    for (i = 0; i < 4; i++) {
        x[i] = rijn_load32_le(c + 4 * i);
        x[12 + i] = rijn_load32_le(in + 4 * i);
    }
    for (i = 0; i < 8; i++)
        x[4 + i] = rijn_load32_le(key + 4 * i);
    rijn_i_chacha20_rounds(x);
    for (i = 0; i < 4; i++) {
        rijn_store32_le(out + 4 * i, x[i]);
        rijn_store32_le(out + 16 + 4 * i, x[12 + i]);
    }
    rijn_wipe(x, sizeof x);
}

void rijn_hsalsa20_c(uint8_t out[32], const uint8_t key[32], const uint8_t in[16],
                     const uint8_t c[16])
{
    uint32_t x[16];
    int i;
    if (c == NULL) {
        rijn_hsalsa20(out, key, in);
        return;
    }
    x[0] = rijn_load32_le(c);
    x[5] = rijn_load32_le(c + 4);
    x[10] = rijn_load32_le(c + 8);
    x[15] = rijn_load32_le(c + 12);
    for (i = 0; i < 4; i++) {
        x[1 + i] = rijn_load32_le(key + 4 * i);
        x[11 + i] = rijn_load32_le(key + 16 + 4 * i);
        x[6 + i] = rijn_load32_le(in + 4 * i);
    }
    rijn_i_salsa_rounds(x, 10);
    rijn_store32_le(out, x[0]);
    rijn_store32_le(out + 4, x[5]);
    rijn_store32_le(out + 8, x[10]);
    rijn_store32_le(out + 12, x[15]);
    for (i = 0; i < 4; i++)
        rijn_store32_le(out + 16 + 4 * i, x[6 + i]);
    rijn_wipe(x, sizeof x);
}

int rijn_xchacha20_djb_init(rijn_chacha20_ctx *ctx, const uint8_t key[32],
                            const uint8_t nonce[24], uint64_t counter)
{
    uint8_t sub[32];
    int r;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(key);
    RIJN_CHECK_PTR(nonce);
    rijn_hchacha20(sub, key, nonce);
    r = rijn_chacha20_djb_init(ctx, sub, nonce + 16, counter);
    rijn_wipe(sub, sizeof sub);
    return r;
}
