/*
 * peer_tiny.c -- tiny-AES-c (kokke; the PyPI sdist tinyaes, fetched by
 * scripts/fetch-peers.sh, never committed) behind peer.h.
 *
 * Implementation notes: tiny-AES-c fixes AES-128 at compile time (its
 * AES128 default), keeps one round-key array for both directions (so
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

int peer_init(void)
{
    return 0;
}

#if defined(ECB) && ECB == 1 && defined(CBC) && CBC == 1 && defined(CTR) && CTR == 1
int peer_setup_enc(const uint8_t key[16])
{
    AES_init_ctx(&ctx, key);
    return 0;
}

int peer_setup_encdec(const uint8_t key[16])
{
    AES_init_ctx(&ctx, key);
    return 0;
}

int peer_enc_block(uint8_t blk[16])
{
    AES_ECB_encrypt(&ctx, blk);
    return 0;
}

int peer_dec_block(uint8_t blk[16])
{
    AES_ECB_decrypt(&ctx, blk);
    return 0;
}

int peer_ecb_enc(uint8_t *buf, size_t nblocks)
{
    for (; nblocks > 0; nblocks--, buf += 16)
        AES_ECB_encrypt(&ctx, buf);
    return 0;
}

int peer_ctr_setup(const uint8_t key[16])
{
    AES_init_ctx(&ctx, key);
    return 0;
}

int peer_ctr(const uint8_t ctr[16], uint8_t *buf, size_t len)
{
    AES_ctx_set_iv(&ctx, ctr);
    AES_CTR_xcrypt_buffer(&ctx, buf, len);
    return 0;
}

int peer_cbc_enc(const uint8_t iv[16], uint8_t *buf, size_t len)
{
    AES_ctx_set_iv(&ctx, iv);
    AES_CBC_encrypt_buffer(&ctx, buf, len);
    return 0;
}

int peer_cbc_dec(const uint8_t iv[16], uint8_t *buf, size_t len)
{
    AES_ctx_set_iv(&ctx, iv);
    AES_CBC_decrypt_buffer(&ctx, buf, len);
    return 0;
}
#endif

#if defined(CTR) && CTR == 1 && (!defined(ECB) || ECB == 0)
int peer_feat_enc(const uint8_t key[16], uint8_t blk[16])
{
    static const uint8_t zero[16];
    AES_init_ctx_iv(&ctx, key, zero);
    AES_CTR_xcrypt_buffer(&ctx, blk, 16);
    return 0;
}
#endif

#if defined(ECB) && ECB == 1
int peer_feat_encdec(const uint8_t key[16], uint8_t blk[16])
{
    AES_init_ctx(&ctx, key);
    AES_ECB_encrypt(&ctx, blk);
    AES_ECB_decrypt(&ctx, blk);
    return 0;
}
#endif
