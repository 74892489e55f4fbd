/*
 * feat.c -- one feature per build (-DFEAT_<NAME>), linked with
 * --gc-sections, so that (image size - empty image size) is the flash
 * and static RAM that feature costs: the linked function set of the
 * library for that call sequence, with the build's RIJN_CFG_* settings.
 * The context is a static object, so it is counted in RAM (bss).
 * Inputs come from volatile objects and results go to a volatile sink so
 * nothing is optimised away. Used by mcu/measure.py; never run.
 */
#include <stddef.h>
#include <stdint.h>

#include "hal.h"
#include "rijn/aes.h"
#include "rijn/ccm.h"
#include "rijn/chachapoly.h"
#include "rijn/gcm.h"
#include "rijn/modes.h"
#include "rijn/sha2.h"
#include "rijn/ascon.h"
#include "rijn/chacha20.h"
#include "rijn/poly1305.h"
#include "rijn/sha3.h"
#include "rijn/x25519.h"

volatile uint8_t feat_in[64];
volatile size_t feat_len = 16;
volatile int feat_sink;
static uint8_t b[64], k[32], t[16];

#define IN ((uint8_t *)(uintptr_t)feat_in)

#if defined(FEAT_NONE)
static int feature(void)
{
    return (int)feat_len;
}
#elif defined(FEAT_AES_ENC)
static rijn_aes_ctx c;
static int feature(void)
{
    int r = rijn_aes_init_enc(&c, IN, feat_len);
    return r | rijn_aes_encrypt_blocks(&c, b, IN, 1);
}
#elif defined(FEAT_AES_ENCDEC)
static rijn_aes_ctx c;
static int feature(void)
{
    int r = rijn_aes_init(&c, IN, feat_len);
    r |= rijn_aes_encrypt_blocks(&c, b, IN, 1);
    return r | rijn_aes_decrypt_blocks(&c, b, IN, 1);
}
#elif defined(FEAT_GCM) || defined(FEAT_CCM) || defined(FEAT_CHACHAPOLY)
#if defined(FEAT_GCM)
#define P(x) rijn_gcm_##x
static rijn_gcm_ctx c;
#elif defined(FEAT_CCM)
#define P(x) rijn_ccm_##x
static rijn_ccm_ctx c;
#else
#define P(x) rijn_chacha20poly1305_##x
static rijn_chachapoly_ctx c;
#endif
static int feature(void)
{
    int r = P(init)(&c, IN, feat_len);
    r |= P(seal)(&c, b, t, 16, IN, 12, IN, feat_len, IN, feat_len);
    return r | P(open)(&c, b, t, 16, IN, 12, IN, feat_len, b, feat_len);
}
#elif defined(FEAT_SHA256)
static int feature(void)
{
    return rijn_sha256(b, IN, feat_len);
}
#elif defined(FEAT_CHACHA20)
static int feature(void)
{
    return rijn_chacha20_xor(b, IN, feat_len, IN, IN, 1);
}
#elif defined(FEAT_POLY1305)
static int feature(void)
{
    return rijn_poly1305(t, IN, IN, feat_len);
}
#elif defined(FEAT_ASCON)
static rijn_ascon_aead128_ctx c;
static int feature(void)
{
    int r = rijn_ascon_aead128_init(&c, IN, 16);
    r |= rijn_ascon_aead128_seal(&c, b, t, 16, IN, 16, IN, feat_len, IN, feat_len);
    return r | rijn_ascon_aead128_open(&c, b, t, 16, IN, 16, IN, feat_len, b, feat_len);
}
#elif defined(FEAT_ASCON_HASH)
static int feature(void)
{
    rijn_ascon_hash_ctx h;
    int r = rijn_ascon_hash256_init(&h);
    r |= rijn_ascon_hash_update(&h, IN, feat_len);
    return r | rijn_ascon_hash256_final(&h, b);
}
#elif defined(FEAT_SHA512)
static int feature(void)
{
    return rijn_sha512(b, IN, feat_len);
}
#elif defined(FEAT_SHA3)
static int feature(void)
{
    return rijn_sha3_256(b, IN, feat_len);
}
#elif defined(FEAT_X25519)
static int feature(void)
{
    return rijn_x25519(b, IN, IN + 32);
}
#else
/* classic modes: one-shot encrypt + decrypt on a keyed context */
static rijn_aes_ctx c;
static int feature(void)
{
    size_t n = 0;
    int r = rijn_aes_init(&c, IN, feat_len);
#if defined(FEAT_ECB)
    r |= rijn_ecb_encrypt(&c, b, IN, feat_len) | rijn_ecb_decrypt(&c, b, IN, feat_len);
#elif defined(FEAT_CBC)
    r |= rijn_cbc_encrypt(&c, k, b, IN, feat_len) | rijn_cbc_decrypt(&c, k, b, IN, feat_len);
#elif defined(FEAT_CBC_PAD)
    r |= rijn_cbc_pad_encrypt(&c, k, b, 64, &n, IN, feat_len);
    r |= rijn_cbc_pad_decrypt(&c, k, b, 64, &n, IN, feat_len);
#elif defined(FEAT_CTS)
    r |= rijn_cbc_cts_encrypt(&c, RIJN_CTS_CS3, k, b, IN, feat_len);
    r |= rijn_cbc_cts_decrypt(&c, RIJN_CTS_CS3, k, b, IN, feat_len);
#elif defined(FEAT_CFB128)
    r |= rijn_cfb128_encrypt(&c, k, b, IN, feat_len) | rijn_cfb128_decrypt(&c, k, b, IN, feat_len);
#elif defined(FEAT_CFB8)
    r |= rijn_cfb8_encrypt(&c, k, b, IN, feat_len) | rijn_cfb8_decrypt(&c, k, b, IN, feat_len);
#elif defined(FEAT_CFB1)
    r |= rijn_cfb1_encrypt_bits(&c, k, b, IN, feat_len);
    r |= rijn_cfb1_decrypt_bits(&c, k, b, IN, feat_len);
#elif defined(FEAT_OFB)
    r |= rijn_ofb_crypt(&c, k, b, IN, feat_len);
#elif defined(FEAT_CTR)
    r |= rijn_ctr_crypt(&c, k, b, IN, feat_len);
#else
#error "feat.c: no FEAT_* given"
#endif
    return r + (int)n;
}
#endif

int main(void)
{
    /* the buffers exist in every image, the empty one included */
    b[0] = feat_in[0];
    k[0] = feat_in[1];
    t[0] = feat_in[2];
    feat_sink = feature() + k[0] + t[0] + b[0];
    hal_exit(0);
}
