/*
 * tiny_wrap.c -- tiny-AES-c on the host, compiled at bench time from the
 * PyPI sdist (tinyaes), once per key size: this file includes its aes.c
 * and the adapter bench/peers/tiny.c with tiny-AES-c's public names
 * renamed (TINY_PREFIX tiny128_ / tiny256_; -DAES256=1 selects AES-256 in
 * its aes.h; scripts/bench.sh also sets PEER_PREFIX and PEER_KEYBITS), so
 * both copies link into one program.
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

#include "tiny.c"
