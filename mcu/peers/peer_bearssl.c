/*
 * peer_bearssl.c -- BearSSL 0.6 (the Debian source package, fetched by
 * scripts/fetch-peers.sh, never committed) behind peer.h, one portable AES
 * class per build: -DPEER_BR_CT (aes_ct: constant-time, bitsliced on 32-bit
 * words), -DPEER_BR_SMALL (aes_small: S-box table), -DPEER_BR_BIG (aes_big:
 * T-tables).
 *
 * Implementation notes: BearSSL's public AES API is CBC-encrypt, CBC-decrypt
 * and CTR contexts (each with its own key schedule; CBC-decrypt's is the
 * decryption one), no ECB: one block is CBC over one block with a zero IV
 * (the IV XOR is the whole difference), and there is no 64-block raw row.
 * CTR takes a 12-byte IV and a 32-bit counter (the last 4 bytes of ours;
 * the harness never wraps it). GCM: br_gcm over the class's CTR context
 * with br_ghash_ctmul32 (constant-time, 32x32->32 multiplications only,
 * the GHASH BearSSL recommends for 32-bit cores without a fast 64-bit
 * product). Encrypt-only size: cbcenc_init + cbcenc_run (the linker keeps
 * only the encryption files); enc+dec adds cbcdec_init + cbcdec_run.
 */
#include <string.h>

#include "bearssl_aead.h"
#include "bearssl_block.h"
#include "bearssl_hash.h"
#include "peer.h"

#if defined(PEER_BR_CT)
#define BR(x) br_aes_ct_##x
#define BRK(x) br_aes_ct_##x##_keys
#elif defined(PEER_BR_SMALL)
#define BR(x) br_aes_small_##x
#define BRK(x) br_aes_small_##x##_keys
#elif defined(PEER_BR_BIG)
#define BR(x) br_aes_big_##x
#define BRK(x) br_aes_big_##x##_keys
#else
#error "peer_bearssl.c: PEER_BR_CT, PEER_BR_SMALL or PEER_BR_BIG"
#endif

#if defined(PEER_SMALL_RAM) && PEER_SMALL_RAM
/* ATmega328P bench image (2 KiB of RAM): the CBC pair and the CTR/GCM
 * pair are never in use at the same time (each operation sets its key
 * up first), so they share memory; size programs keep them apart */
static union {
    struct {
        BRK(cbcenc) e;
        BRK(cbcdec) d;
    } cbc;
    struct {
        BRK(ctr) c;
        br_gcm_context g;
    } ctr;
} ks;
#define ce ks.cbc.e
#define cd ks.cbc.d
#define cc ks.ctr.c
#define gc ks.ctr.g
#else
static BRK(cbcenc) ce;
static BRK(cbcdec) cd;
static BRK(ctr) cc;
static br_gcm_context gc;
#endif

int peer_init(void)
{
    return 0;
}

int peer_setup_enc(const uint8_t key[16])
{
    BR(cbcenc_init)(&ce, key, 16);
    return 0;
}

int peer_setup_encdec(const uint8_t key[16])
{
    BR(cbcenc_init)(&ce, key, 16);
    BR(cbcdec_init)(&cd, key, 16);
    return 0;
}

int peer_enc_block(uint8_t blk[16])
{
    uint8_t z[16] = {0};
    BR(cbcenc_run)(&ce, z, blk, 16);
    return 0;
}

int peer_dec_block(uint8_t blk[16])
{
    uint8_t z[16] = {0};
    BR(cbcdec_run)(&cd, z, blk, 16);
    return 0;
}

int peer_ctr_setup(const uint8_t key[16])
{
    BR(ctr_init)(&cc, key, 16);
    return 0;
}

int peer_ctr(const uint8_t ctr[16], uint8_t *buf, size_t len)
{
    uint32_t c = (uint32_t)ctr[12] << 24 | (uint32_t)ctr[13] << 16 | (uint32_t)ctr[14] << 8 |
                 ctr[15];
    (void)BR(ctr_run)(&cc, ctr, c, buf, len);
    return 0;
}

int peer_cbc_enc(const uint8_t iv[16], uint8_t *buf, size_t len)
{
    uint8_t v[16];
    memcpy(v, iv, 16);
    BR(cbcenc_run)(&ce, v, buf, len);
    return 0;
}

int peer_cbc_dec(const uint8_t iv[16], uint8_t *buf, size_t len)
{
    uint8_t v[16];
    memcpy(v, iv, 16);
    BR(cbcdec_run)(&cd, v, buf, len);
    return 0;
}

int peer_gcm_setup(const uint8_t key[16])
{
    BR(ctr_init)(&cc, key, 16);
    br_gcm_init(&gc, &cc.vtable, br_ghash_ctmul32);
    return 0;
}

int peer_gcm_start(const uint8_t iv[12], const uint8_t *aad, size_t aad_len)
{
    br_gcm_reset(&gc, iv, 12);
    br_gcm_aad_inject(&gc, aad, aad_len);
    br_gcm_flip(&gc);
    return 0;
}

int peer_gcm_update(uint8_t *buf, size_t len)
{
    br_gcm_run(&gc, 1, buf, len);
    return 0;
}

int peer_gcm_final(uint8_t tag[16])
{
    br_gcm_get_tag(&gc, tag);
    return 0;
}

int peer_feat_enc(const uint8_t key[16], uint8_t blk[16])
{
    uint8_t z[16] = {0};
    BR(cbcenc_init)(&ce, key, 16);
    BR(cbcenc_run)(&ce, z, blk, 16);
    return 0;
}

int peer_feat_encdec(const uint8_t key[16], uint8_t blk[16])
{
    uint8_t z[16] = {0};
    BR(cbcenc_init)(&ce, key, 16);
    BR(cbcdec_init)(&cd, key, 16);
    BR(cbcenc_run)(&ce, z, blk, 16);
    memset(z, 0, 16);
    BR(cbcdec_run)(&cd, z, blk, 16);
    return 0;
}
