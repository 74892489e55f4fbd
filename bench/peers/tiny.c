/*
 * tiny.c -- tiny-AES-c (kokke; the PyPI sdist tinyaes, fetched by
 * scripts/fetch-peers.sh, never committed) behind peer.h. MCU: compiled
 * by bench/mcu/peers.py beside its aes.c; host (PEER_HOST):
 * bench/host/tiny_wrap.c includes its aes.c and this file once per key
 * size (AES256=1 for the 256-bit build), with the names renamed.
 *
 * Implementation notes: tiny-AES-c fixes the key size at compile time
 * (AES-128 here, its default; AES256=1 on the host), keeps one round-key array for both directions (so
 * "enc" and "enc+dec" key setup are the same call) and the IV in its
 * context; CBC/CTR work in place. ECB is one block per call (the 64-block
 * row loops here). No GCM. Its S-boxes are plain const arrays: in RAM on
 * AVR. Size builds: encrypt-only is its CTR-only build (-DCBC=0 -DECB=0
 * -DCTR=1, the configuration its README sizes): key setup + CTR over one
 * block, since with ECB off it has no raw block call; enc+dec is
 * AES_init_ctx + AES_ECB_encrypt + AES_ECB_decrypt (-DCBC=0 -DCTR=0).
 */
#include "aes.h"
#include "peer.h"

static struct AES_ctx ctx;

int PEER_FN(init)(void)
{
    return 0;
}

#if defined(ECB) && ECB == 1 && defined(CBC) && CBC == 1 && defined(CTR) && CTR == 1
int PEER_FN(setup_enc)(const uint8_t *key)
{
    AES_init_ctx(&ctx, key);
    return 0;
}

int PEER_FN(setup_dec)(const uint8_t *key)
{
    AES_init_ctx(&ctx, key);
    return 0;
}

int PEER_FN(setup_encdec)(const uint8_t *key)
{
    AES_init_ctx(&ctx, key);
    return 0;
}

int PEER_FN(enc_block)(uint8_t blk[16])
{
    AES_ECB_encrypt(&ctx, blk);
    return 0;
}

int PEER_FN(dec_block)(uint8_t blk[16])
{
    AES_ECB_decrypt(&ctx, blk);
    return 0;
}

int PEER_FN(ecb_enc)(uint8_t *buf, size_t nblocks)
{
    for (; nblocks > 0; nblocks--, buf += 16)
        AES_ECB_encrypt(&ctx, buf);
    return 0;
}

int PEER_FN(ctr_setup)(const uint8_t *key)
{
    AES_init_ctx(&ctx, key);
    return 0;
}

int PEER_FN(ctr)(const uint8_t ctr[16], uint8_t *buf, size_t len)
{
    AES_ctx_set_iv(&ctx, ctr);
    AES_CTR_xcrypt_buffer(&ctx, buf, len);
    return 0;
}

int PEER_FN(cbc_enc)(const uint8_t iv[16], uint8_t *buf, size_t len)
{
    AES_ctx_set_iv(&ctx, iv);
    AES_CBC_encrypt_buffer(&ctx, buf, len);
    return 0;
}

int PEER_FN(cbc_dec)(const uint8_t iv[16], uint8_t *buf, size_t len)
{
    AES_ctx_set_iv(&ctx, iv);
    AES_CBC_decrypt_buffer(&ctx, buf, len);
    return 0;
}
#endif

#if !defined(PEER_HOST) && defined(CTR) && CTR == 1 && (!defined(ECB) || ECB == 0)
int peer_feat_enc(const uint8_t key[16], uint8_t blk[16])
{
    static const uint8_t zero[16];
    AES_init_ctx_iv(&ctx, key, zero);
    AES_CTR_xcrypt_buffer(&ctx, blk, 16);
    return 0;
}
#endif

#if !defined(PEER_HOST) && defined(ECB) && ECB == 1
int peer_feat_encdec(const uint8_t key[16], uint8_t blk[16])
{
    AES_init_ctx(&ctx, key);
    AES_ECB_encrypt(&ctx, blk);
    AES_ECB_decrypt(&ctx, blk);
    return 0;
}
#endif

#if defined(PEER_HOST) /* the host's table: no GCM, no message-level entries */
#ifndef BENCH_TINY_VERSION
#define BENCH_TINY_VERSION "tinyaes sdist"
#endif

static const char *host_version(void)
{
    return BENCH_TINY_VERSION;
}

const peer_ops PEER_FN(ops) = {
    .variant = NULL, .kbits = PEER_KEYBITS, .version = host_version,
    .init = PEER_FN(init), .setup_enc = PEER_FN(setup_enc), .setup_dec = PEER_FN(setup_dec),
    .setup_encdec = PEER_FN(setup_encdec), .enc_block = PEER_FN(enc_block),
    .dec_block = PEER_FN(dec_block), .ecb_enc = PEER_FN(ecb_enc),
    .ctr_setup = PEER_FN(ctr_setup), .ctr = PEER_FN(ctr), .cbc_enc = PEER_FN(cbc_enc),
    .cbc_dec = PEER_FN(cbc_dec),
};
#endif
