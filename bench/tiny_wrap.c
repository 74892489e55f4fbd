/*
 * tiny_wrap.c -- tiny-AES-c, compiled at bench time from the PyPI sdist
 * (tinyaes), once per key size: this file includes its aes.c with the
 * public names renamed (TINY_PREFIX tiny128_ / tiny256_; -DAES256=1 selects
 * AES-256 in its aes.h), so both copies link into one program.
 *
 * Implementation notes
 *   tiny-AES-c fixes the key size at compile time and works in place; it
 *   has CTR (128-bit big-endian counter), CBC and single-block ECB. Its
 *   code is never committed here: scripts/bench.sh downloads the sdist.
 */
#include <stddef.h>
#include <stdint.h>

#define TW_CAT2(a, b) a##b
#define TW_CAT(a, b) TW_CAT2(a, b)
#define TW(name) TW_CAT(TINY_PREFIX, name)

#define AES_init_ctx TW(AES_init_ctx)
#define AES_init_ctx_iv TW(AES_init_ctx_iv)
#define AES_ctx_set_iv TW(AES_ctx_set_iv)
#define AES_ECB_encrypt TW(AES_ECB_encrypt)
#define AES_ECB_decrypt TW(AES_ECB_decrypt)
#define AES_CBC_encrypt_buffer TW(AES_CBC_encrypt_buffer)
#define AES_CBC_decrypt_buffer TW(AES_CBC_decrypt_buffer)
#define AES_CTR_xcrypt_buffer TW(AES_CTR_xcrypt_buffer)

#include "aes.c"

size_t TW(ctx_size)(void);
void TW(key)(void *ctx, const uint8_t *key);
void TW(set_iv)(void *ctx, const uint8_t *iv);
void TW(ctr)(void *ctx, uint8_t *buf, size_t len);
void TW(cbc_enc)(void *ctx, uint8_t *buf, size_t len);
void TW(cbc_dec)(void *ctx, uint8_t *buf, size_t len);
void TW(ecb_enc)(void *ctx, uint8_t *buf);
void TW(ecb_dec)(void *ctx, uint8_t *buf);

size_t TW(ctx_size)(void) { return sizeof(struct AES_ctx); }
void TW(key)(void *ctx, const uint8_t *key) { AES_init_ctx((struct AES_ctx *)ctx, key); }
void TW(set_iv)(void *ctx, const uint8_t *iv) { AES_ctx_set_iv((struct AES_ctx *)ctx, iv); }
void TW(ctr)(void *ctx, uint8_t *buf, size_t len)
{
    AES_CTR_xcrypt_buffer((struct AES_ctx *)ctx, buf, len);
}
void TW(cbc_enc)(void *ctx, uint8_t *buf, size_t len)
{
    AES_CBC_encrypt_buffer((struct AES_ctx *)ctx, buf, len);
}
void TW(cbc_dec)(void *ctx, uint8_t *buf, size_t len)
{
    AES_CBC_decrypt_buffer((struct AES_ctx *)ctx, buf, len);
}
void TW(ecb_enc)(void *ctx, uint8_t *buf) { AES_ECB_encrypt((struct AES_ctx *)ctx, buf); }
void TW(ecb_dec)(void *ctx, uint8_t *buf) { AES_ECB_decrypt((struct AES_ctx *)ctx, buf); }
