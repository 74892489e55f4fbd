/*
 * bearssl.c -- BearSSL 0.6 behind peer.h, one AES class per build:
 * -DPEER_BR_CT (aes_ct: constant-time, bitsliced on 32-bit words),
 * -DPEER_BR_SMALL (aes_small: S-box table), -DPEER_BR_BIG (aes_big:
 * T-tables); host builds also -DPEER_BR_CT64 and -DPEER_BR_X86NI. MCU:
 * the Debian source package, fetched by scripts/fetch-peers.sh and
 * compiled by bench/mcu/peers.py; host: the Debian libbearssl-dev (or its
 * source package), linked by scripts/bench.sh. Never committed.
 *
 * Implementation notes: BearSSL's public AES API is CBC-encrypt, CBC-decrypt
 * and CTR contexts (each with its own key schedule; CBC-decrypt's is the
 * decryption one), no ECB: one block is CBC over one block with a zero IV
 * (the IV XOR is the whole difference), and there is no 64-block raw row.
 * CTR takes a 12-byte IV and a 32-bit counter (the last 4 bytes of ours;
 * the harnesses never wrap it). GCM: br_gcm over the class's CTR context;
 * GHASH is PEER_BR_GHASH: br_ghash_ctmul32 on the MCU (constant-time,
 * 32x32->32 multiplications only, the GHASH BearSSL recommends for 32-bit
 * cores without a fast 64-bit product), on the host br_ghash_pclmul when
 * the CPU has PCLMUL (the instruction rijn's GHASH uses), else
 * br_ghash_ctmul64. Encrypt-only size: cbcenc_init + cbcenc_run (the
 * linker keeps only the encryption files); enc+dec adds cbcdec_init +
 * cbcdec_run. Host only (PEER_HOST): CCM over the class's CTR+CBC-MAC
 * context, and, in the x86ni build, ChaCha20 (sse2) + Poly1305 (ctmulq),
 * SHA-256/512 and X25519 (br_ec_c25519_m31; 0.6 has no m64), which do not
 * depend on the AES class. BearSSL has no XTS, OCB, GCM-SIV or CMAC.
 */
#include <string.h>

#include "bearssl_aead.h"
#include "bearssl_block.h"
#include "bearssl_hash.h"
#include "peer.h"

#if defined(PEER_BR_CT)
#define BR(x) br_aes_ct_##x
#define BRK(x) br_aes_ct_##x##_keys
#define PEER_BR_VARIANT "ct"
#elif defined(PEER_BR_SMALL)
#define BR(x) br_aes_small_##x
#define BRK(x) br_aes_small_##x##_keys
#define PEER_BR_VARIANT "small"
#elif defined(PEER_BR_BIG)
#define BR(x) br_aes_big_##x
#define BRK(x) br_aes_big_##x##_keys
#define PEER_BR_VARIANT "big"
#elif defined(PEER_BR_CT64)
#define BR(x) br_aes_ct64_##x
#define BRK(x) br_aes_ct64_##x##_keys
#define PEER_BR_VARIANT "ct64"
#elif defined(PEER_BR_X86NI)
#define BR(x) br_aes_x86ni_##x
#define BRK(x) br_aes_x86ni_##x##_keys
#define PEER_BR_VARIANT "x86ni"
#else
#error "bearssl.c: PEER_BR_CT, PEER_BR_SMALL, PEER_BR_BIG, PEER_BR_CT64 or PEER_BR_X86NI"
#endif

#if defined(PEER_HOST)
static br_ghash host_ghash(void)
{
    br_ghash g = br_ghash_pclmul_get();
    return g ? g : br_ghash_ctmul64;
}
#define PEER_BR_GHASH host_ghash()
#else
#define PEER_BR_GHASH br_ghash_ctmul32
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

int PEER_FN(init)(void)
{
    return 0;
}

int PEER_FN(setup_enc)(const uint8_t *key)
{
    BR(cbcenc_init)(&ce, key, PEER_KEYBITS / 8);
    return 0;
}

int PEER_FN(setup_dec)(const uint8_t *key)
{
    BR(cbcdec_init)(&cd, key, PEER_KEYBITS / 8);
    return 0;
}

int PEER_FN(setup_encdec)(const uint8_t *key)
{
    BR(cbcenc_init)(&ce, key, PEER_KEYBITS / 8);
    BR(cbcdec_init)(&cd, key, PEER_KEYBITS / 8);
    return 0;
}

int PEER_FN(enc_block)(uint8_t blk[16])
{
    uint8_t z[16] = {0};
    BR(cbcenc_run)(&ce, z, blk, 16);
    return 0;
}

int PEER_FN(dec_block)(uint8_t blk[16])
{
    uint8_t z[16] = {0};
    BR(cbcdec_run)(&cd, z, blk, 16);
    return 0;
}

int PEER_FN(ctr_setup)(const uint8_t *key)
{
    BR(ctr_init)(&cc, key, PEER_KEYBITS / 8);
    return 0;
}

int PEER_FN(ctr)(const uint8_t ctr[16], uint8_t *buf, size_t len)
{
    uint32_t c = (uint32_t)ctr[12] << 24 | (uint32_t)ctr[13] << 16 | (uint32_t)ctr[14] << 8 |
                 ctr[15];
    (void)BR(ctr_run)(&cc, ctr, c, buf, len);
    return 0;
}

int PEER_FN(cbc_enc)(const uint8_t iv[16], uint8_t *buf, size_t len)
{
    uint8_t v[16];
    memcpy(v, iv, 16);
    BR(cbcenc_run)(&ce, v, buf, len);
    return 0;
}

int PEER_FN(cbc_dec)(const uint8_t iv[16], uint8_t *buf, size_t len)
{
    uint8_t v[16];
    memcpy(v, iv, 16);
    BR(cbcdec_run)(&cd, v, buf, len);
    return 0;
}

int PEER_FN(gcm_setup)(const uint8_t *key)
{
    BR(ctr_init)(&cc, key, PEER_KEYBITS / 8);
    br_gcm_init(&gc, &cc.vtable, PEER_BR_GHASH);
    return 0;
}

int PEER_FN(gcm_start)(const uint8_t iv[12], const uint8_t *aad, size_t aad_len)
{
    br_gcm_reset(&gc, iv, 12);
    br_gcm_aad_inject(&gc, aad, aad_len);
    br_gcm_flip(&gc);
    return 0;
}

int PEER_FN(gcm_update)(uint8_t *buf, size_t len)
{
    br_gcm_run(&gc, 1, buf, len);
    return 0;
}

int PEER_FN(gcm_final)(uint8_t tag[16])
{
    br_gcm_get_tag(&gc, tag);
    return 0;
}

#if !defined(PEER_HOST)
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
#else /* PEER_HOST: the host's message-level entries and its table */
#include "bearssl_ec.h"

#ifndef BENCH_BEARSSL_VERSION
#define BENCH_BEARSSL_VERSION "0.6"
#endif

static BRK(ctrcbc) kcc;
static br_ccm_context ccm;

static const char *host_version(void)
{
    return BENCH_BEARSSL_VERSION;
}

static int host_avail(void)
{
#if defined(PEER_BR_X86NI)
    return br_aes_x86ni_cbcenc_get_vtable() && br_aes_x86ni_cbcdec_get_vtable() &&
           br_aes_x86ni_ctr_get_vtable() && br_aes_x86ni_ctrcbc_get_vtable() ? 0 : -1;
#else
    return 0;
#endif
}

static int host_gcm_open(const uint8_t iv[12], const uint8_t *aad, size_t aad_len, uint8_t *buf,
                         size_t len, const uint8_t tag[16])
{
    br_gcm_reset(&gc, iv, 12);
    br_gcm_aad_inject(&gc, aad, aad_len);
    br_gcm_flip(&gc);
    br_gcm_run(&gc, 0, buf, len);
    return br_gcm_check_tag(&gc, tag) ? 0 : -1;
}

static int host_ccm_setup(const uint8_t *key)
{
    BR(ctrcbc_init)(&kcc, key, PEER_KEYBITS / 8);
    br_ccm_init(&ccm, &kcc.vtable);
    return 0;
}

static int host_ccm_seal(const uint8_t n[12], const uint8_t *aad, size_t aad_len, uint8_t *buf,
                         size_t len)
{
    if (!br_ccm_reset(&ccm, n, 12, aad_len, len, 16))
        return -1;
    br_ccm_aad_inject(&ccm, aad, aad_len);
    br_ccm_flip(&ccm);
    br_ccm_run(&ccm, 1, buf, len);
    return br_ccm_get_tag(&ccm, buf + len) == 16 ? 0 : -1;
}

#if defined(PEER_BR_X86NI) /* not AES: one build has them (the bridge runs them once) */
static uint8_t cp_key[32], x_key[64];
static br_poly1305_run cp_poly;
static br_chacha20_run cp_chacha;

static int host_chapoly_setup(const uint8_t key[32])
{
    memcpy(cp_key, key, 32);
    cp_poly = br_poly1305_ctmulq_get();
    cp_chacha = br_chacha20_sse2_get();
    if (cp_poly == 0)
        cp_poly = br_poly1305_ctmul_run;
    if (cp_chacha == 0)
        cp_chacha = br_chacha20_ct_run;
    return 0;
}

static int host_chapoly_seal(const uint8_t n[12], const uint8_t *aad, size_t aad_len,
                             uint8_t *buf, size_t len)
{
    cp_poly(cp_key, n, buf, len, aad, aad_len, buf + len, cp_chacha, 1);
    return 0;
}

static int host_sha256(const uint8_t *in, size_t len, uint8_t out[32])
{
    br_sha256_context h;
    br_sha256_init(&h);
    br_sha256_update(&h, in, len);
    br_sha256_out(&h, out);
    return 0;
}

static int host_sha512(const uint8_t *in, size_t len, uint8_t out[64])
{
    br_sha512_context h;
    br_sha512_init(&h);
    br_sha512_update(&h, in, len);
    br_sha512_out(&h, out);
    return 0;
}

static int host_x25519_setup(const uint8_t key[64])
{
    memcpy(x_key, key, 64);
    return 0;
}

static int host_x25519(uint8_t out[32]) /* 0.6: little-endian scalar, as RFC 7748 */
{
    memcpy(out, x_key + 32, 32);
    return br_ec_c25519_m31.mul(out, 32, x_key, 32, BR_EC_curve25519) ? 0 : -1;
}
#define HOST_NOT_AES(f) f
#else
#define HOST_NOT_AES(f) NULL
#endif

const peer_ops PEER_FN(ops) = {
    .variant = PEER_BR_VARIANT, .kbits = PEER_KEYBITS,
    .version = host_version, .avail = host_avail, .init = PEER_FN(init),
    .setup_enc = PEER_FN(setup_enc), .setup_dec = PEER_FN(setup_dec),
    .setup_encdec = PEER_FN(setup_encdec), .enc_block = PEER_FN(enc_block),
    .dec_block = PEER_FN(dec_block), .ctr_setup = PEER_FN(ctr_setup), .ctr = PEER_FN(ctr),
    .cbc_enc = PEER_FN(cbc_enc), .cbc_dec = PEER_FN(cbc_dec), .gcm_setup = PEER_FN(gcm_setup),
    .gcm_start = PEER_FN(gcm_start), .gcm_update = PEER_FN(gcm_update),
    .gcm_final = PEER_FN(gcm_final), .gcm_open = host_gcm_open,
    .ccm_setup = host_ccm_setup, .ccm_seal = host_ccm_seal,
    .chapoly_setup = HOST_NOT_AES(host_chapoly_setup),
    .chapoly_seal = HOST_NOT_AES(host_chapoly_seal), .sha256 = HOST_NOT_AES(host_sha256),
    .sha512 = HOST_NOT_AES(host_sha512), .x25519_setup = HOST_NOT_AES(host_x25519_setup),
    .x25519 = HOST_NOT_AES(host_x25519),
};
#endif
