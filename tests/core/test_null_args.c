/*
 * test_null_args.c -- every required pointer of the primitives' public API
 * is checked: NULL in its place (the other arguments valid, lengths
 * nonzero) returns RIJN_ERR_NULL and nothing else, and (for the (pointer,
 * length) pairs) NULL with a nonzero length is refused while (NULL, 0) is
 * not (rijn/common.h). One call per pointer argument: contexts, keys,
 * nonces, tags, outputs, inputs of the hashes, MACs, stream ciphers, Ascon,
 * NORX, ChaCha20-Poly1305, the block ciphers and their modes, the
 * encodings and the KDFs. A check dropped from the library shows here as a
 * crash (a NULL dereference) or a wrong status. The file layer and the
 * AES modes have their own tests (tests/file, tests/modes).
 */
#include <string.h>

#include "testutil.h"

#define NUL(e) TU_CHECK((e) == RIJN_ERR_NULL, "%s: want RIJN_ERR_NULL", #e)

static uint8_t k[64], b[256], o[256], t[64], nz[24];
static size_t n;

static void hashes(void)
{
    rijn_sha256_ctx s2;
    rijn_sha512_ctx s5;
    rijn_sha3_ctx s3;
    rijn_md5_ctx m5;
    rijn_sha1_ctx s1;
    rijn_blake2s_ctx bs;
    rijn_blake2b_ctx bb;
    rijn_hash_ctx hc;
    rijn_hmac_ctx hm;
    rijn_ascon_hash_ctx ah;
    const rijn_hash_desc *h = &rijn_hash_sha256;

    NUL(rijn_sha256_init(NULL));
    NUL(rijn_sha256_update(NULL, b, 1));
    TU_CHECK(rijn_sha256_init(&s2) == RIJN_OK, "sha256 init");
    NUL(rijn_sha256_update(&s2, NULL, 1));
    NUL(rijn_sha256_final(&s2, NULL));
    NUL(rijn_sha256(NULL, b, 1));
    NUL(rijn_sha256(o, NULL, 1));

    NUL(rijn_sha512_init(NULL));
    NUL(rijn_sha512_update(NULL, b, 1));
    NUL(rijn_sha512_final(NULL, o));
    TU_CHECK(rijn_sha512_init(&s5) == RIJN_OK, "sha512 init");
    NUL(rijn_sha512_update(&s5, NULL, 1));
    NUL(rijn_sha512_final(&s5, NULL));
    NUL(rijn_sha512(NULL, b, 1));
    NUL(rijn_sha512(o, NULL, 1));

    NUL(rijn_sha3_256_init(NULL));
    NUL(rijn_sha3_update(NULL, b, 1));
    NUL(rijn_sha3_final(NULL, o));
    NUL(rijn_shake_squeeze(NULL, o, 1));
    TU_CHECK(rijn_sha3_256_init(&s3) == RIJN_OK, "sha3 init");
    NUL(rijn_sha3_update(&s3, NULL, 1));
    NUL(rijn_sha3_final(&s3, NULL));
    TU_CHECK(rijn_shake128_init(&s3) == RIJN_OK, "shake init");
    NUL(rijn_shake_squeeze(&s3, NULL, 1));
    NUL(rijn_keccak_init(NULL, 256));

    NUL(rijn_md5_init(NULL));
    NUL(rijn_md5_update(NULL, b, 1));
    NUL(rijn_md5_final(NULL, o));
    TU_CHECK(rijn_md5_init(&m5) == RIJN_OK, "md5 init");
    NUL(rijn_md5_update(&m5, NULL, 1));
    NUL(rijn_md5_final(&m5, NULL));
    NUL(rijn_sha1_init(NULL));
    NUL(rijn_sha1_update(NULL, b, 1));
    NUL(rijn_sha1_final(NULL, o));
    TU_CHECK(rijn_sha1_init(&s1) == RIJN_OK, "sha1 init");
    NUL(rijn_sha1_update(&s1, NULL, 1));
    NUL(rijn_sha1_final(&s1, NULL));
    NUL(rijn_sha1(NULL, b, 1));

    NUL(rijn_blake2s_init(NULL, 32));
    NUL(rijn_blake2s_update(NULL, b, 1));
    NUL(rijn_blake2s_final(NULL, o));
    TU_CHECK(rijn_blake2s_init(&bs, 32) == RIJN_OK, "blake2s init");
    NUL(rijn_blake2s_update(&bs, NULL, 1));
    NUL(rijn_blake2s_final(&bs, NULL));
    NUL(rijn_blake2s(NULL, 32, NULL, 0, b, 1));
    NUL(rijn_blake2b_update(NULL, b, 1));
    NUL(rijn_blake2b_final(NULL, o));
    TU_CHECK(rijn_blake2b_init(&bb, 64) == RIJN_OK, "blake2b init");
    NUL(rijn_blake2b_update(&bb, NULL, 1));
    NUL(rijn_blake2b_final(&bb, NULL));

    NUL(rijn_hash_init(NULL, h));
    NUL(rijn_hash_update(NULL, b, 1));
    NUL(rijn_hash_final(NULL, o, 32));
    TU_CHECK(rijn_hash_init(&hc, h) == RIJN_OK, "hash init");
    NUL(rijn_hash_final(&hc, NULL, 32));
    NUL(rijn_hash(NULL, o, 32, b, 1));
    NUL(rijn_hash(h, NULL, 32, b, 1));
    NUL(rijn_hash(h, o, 32, NULL, 1));

    NUL(rijn_hmac(h, NULL, 32, k, 16, b, 1));
    NUL(rijn_hmac(h, o, 32, k, 16, NULL, 1));
    NUL(rijn_hmac_verify(h, o, 32, k, 16, NULL, 1));
    TU_CHECK(rijn_hmac_init(&hm, h, k, 16) == RIJN_OK, "hmac init");
    rijn_hmac_wipe(&hm);

    NUL(rijn_ascon_hash256_init(NULL));
    NUL(rijn_ascon_xof128_init(NULL));
    NUL(rijn_ascon_cxof128_init(NULL, k, 1));
    NUL(rijn_ascon_hash_update(NULL, b, 1));
    NUL(rijn_ascon_hash256_final(NULL, o));
    NUL(rijn_ascon_xof_squeeze(NULL, o, 1));
    TU_CHECK(rijn_ascon_cxof128_init(&ah, NULL, 0) == RIJN_OK, "cxof (NULL, 0)");
    NUL(rijn_ascon_cxof128_init(&ah, NULL, 1));
    TU_CHECK(rijn_ascon_hash256_init(&ah) == RIJN_OK, "ascon hash init");
    NUL(rijn_ascon_hash256_final(&ah, NULL));
    TU_CHECK(rijn_ascon_xof128_init(&ah) == RIJN_OK, "ascon xof init");
    NUL(rijn_ascon_xof_squeeze(&ah, NULL, 1));
    NUL(rijn_ascon_hash256(o, NULL, 1));
    NUL(rijn_ascon_hash256(NULL, b, 1));
    NUL(rijn_ascon_xof128(NULL, 1, b, 1));
    NUL(rijn_ascon_xof128(o, 1, NULL, 1));
    NUL(rijn_ascon_cxof128(NULL, 1, k, 1, b, 1));
    NUL(rijn_ascon_cxof128(o, 1, k, 1, NULL, 1));
}

static void macs_streams(void)
{
    rijn_poly1305_ctx pc;
    rijn_chacha20_ctx cc;
    rijn_salsa20_ctx sc;

    NUL(rijn_poly1305_init(NULL, k));
    NUL(rijn_poly1305_init(&pc, NULL));
    NUL(rijn_poly1305_update(NULL, b, 1));
    NUL(rijn_poly1305_final(NULL, o));
    TU_CHECK(rijn_poly1305_init(&pc, k) == RIJN_OK, "poly1305 init");
    NUL(rijn_poly1305_update(&pc, NULL, 1));
    NUL(rijn_poly1305_final(&pc, NULL));
    NUL(rijn_poly1305_verify(NULL, k, b, 1));
    NUL(rijn_poly1305(NULL, k, b, 1));

    NUL(rijn_chacha20_init(&cc, NULL, nz, 0));
    NUL(rijn_chacha20_init(&cc, k, NULL, 0));
    NUL(rijn_chacha20_djb_init(NULL, k, nz, 0));
    NUL(rijn_chacha20_djb_init(&cc, NULL, nz, 0));
    NUL(rijn_chacha20_djb_init(&cc, k, NULL, 0));
    NUL(rijn_xchacha20_init(&cc, NULL, nz, 0));
    NUL(rijn_xchacha20_init(&cc, k, NULL, 0));
    NUL(rijn_xchacha20_djb_init(&cc, NULL, nz, 0));
    NUL(rijn_xchacha20_djb_init(&cc, k, NULL, 0));
    NUL(rijn_chacha20_xor(o, b, 1, NULL, nz, 0));
    NUL(rijn_chacha20_xor(o, b, 1, k, NULL, 0));

    NUL(rijn_salsa20_init(NULL, k, 32, nz, 0));
    NUL(rijn_salsa20_init(&sc, NULL, 32, nz, 0));
    NUL(rijn_salsa20_init(&sc, k, 32, NULL, 0));
    NUL(rijn_xsalsa20_init(&sc, NULL, nz, 0));
    NUL(rijn_xsalsa20_init(&sc, k, NULL, 0));
}

/* seal/open and the streaming calls of one AEAD with its own ctx type */
#define AEAD_NULLS(pfx, ctx, nlen)                                                    \
    do {                                                                              \
        TU_CHECK(pfx##_init(&ctx, k, 16) == RIJN_OK || pfx##_init(&ctx, k, 32) == 0, \
                 #pfx " init");                                                       \
        NUL(pfx##_init(NULL, k, 16));                                                 \
        NUL(pfx##_seal(NULL, o, t, 16, nz, nlen, b, 1, b, 1));                        \
        NUL(pfx##_seal(&ctx, o, NULL, 16, nz, nlen, b, 1, b, 1));                     \
        NUL(pfx##_seal(&ctx, o, t, 16, NULL, nlen, b, 1, b, 1));                      \
        NUL(pfx##_seal(&ctx, o, t, 16, nz, nlen, NULL, 1, b, 1));                     \
        NUL(pfx##_seal(&ctx, o, t, 16, nz, nlen, b, 1, NULL, 1));                     \
        NUL(pfx##_seal(&ctx, NULL, t, 16, nz, nlen, b, 1, b, 1));                     \
        NUL(pfx##_open(NULL, o, t, 16, nz, nlen, b, 1, b, 1));                        \
        NUL(pfx##_open(&ctx, o, NULL, 16, nz, nlen, b, 1, b, 1));                     \
        NUL(pfx##_open(&ctx, o, t, 16, NULL, nlen, b, 1, b, 1));                      \
        NUL(pfx##_open(&ctx, o, t, 16, nz, nlen, NULL, 1, b, 1));                     \
        NUL(pfx##_open(&ctx, o, t, 16, nz, nlen, b, 1, NULL, 1));                     \
        NUL(pfx##_open(&ctx, NULL, t, 16, nz, nlen, b, 1, b, 1));                     \
        NUL(pfx##_start(NULL, nz, nlen));                                             \
        NUL(pfx##_start(&ctx, NULL, nlen));                                           \
        NUL(pfx##_aad(NULL, b, 1));                                                   \
        NUL(pfx##_encrypt_update(NULL, o, b, 1));                                     \
        NUL(pfx##_decrypt_update(NULL, o, b, 1));                                     \
        NUL(pfx##_encrypt_final(NULL, t, 16));                                        \
        NUL(pfx##_decrypt_final(NULL, t, 16));                                        \
        TU_CHECK(pfx##_start(&ctx, nz, nlen) == RIJN_OK, #pfx " start");              \
        NUL(pfx##_aad(&ctx, NULL, 1));                                                \
        NUL(pfx##_encrypt_update(&ctx, NULL, b, 1));                                  \
        NUL(pfx##_encrypt_update(&ctx, o, NULL, 1));                                  \
        NUL(pfx##_encrypt_final(&ctx, NULL, 16));                                     \
        TU_CHECK(pfx##_start(&ctx, nz, nlen) == RIJN_OK, #pfx " start");              \
        NUL(pfx##_decrypt_update(&ctx, NULL, b, 1));                                  \
        NUL(pfx##_decrypt_update(&ctx, o, NULL, 1));                                  \
        NUL(pfx##_decrypt_final(&ctx, NULL, 16));                                     \
    } while (0)

static void aeads(void)
{
    rijn_ascon_aead128_ctx ac;
    rijn_norx32_ctx nc;
    rijn_chacha20poly1305_ctx cp;

    AEAD_NULLS(rijn_ascon_aead128, ac, 16);
    AEAD_NULLS(rijn_norx32, nc, 16);
    AEAD_NULLS(rijn_chacha20poly1305, cp, 12);
    NUL(rijn_xchacha20poly1305_init(NULL, k, 32));

    NUL(rijn_chacha20poly1305_djb_seal(o, NULL, k, nz, b, 1, b, 1));
    NUL(rijn_chacha20poly1305_djb_seal(o, t, NULL, nz, b, 1, b, 1));
    NUL(rijn_chacha20poly1305_djb_seal(o, t, k, NULL, b, 1, b, 1));
    NUL(rijn_chacha20poly1305_djb_seal(o, t, k, nz, NULL, 1, b, 1));
    NUL(rijn_chacha20poly1305_djb_seal(o, t, k, nz, b, 1, NULL, 1));
    NUL(rijn_chacha20poly1305_djb_seal(NULL, t, k, nz, b, 1, b, 1));
    NUL(rijn_chacha20poly1305_djb_open(o, NULL, k, nz, b, 1, b, 1));
    NUL(rijn_chacha20poly1305_djb_open(o, t, k, nz, b, 1, NULL, 1));
}

static void ciphers(void)
{
    rijn_bc_ctx bc;
    rijn_serpent_ctx sp;
    rijn_twofish_ctx tf;
    rijn_rc6_ctx r6;
    rijn_mars_ctx ms;
    rijn_aes_ctx aes;
    const rijn_aes_impl *impl;
    const rijn_bc_desc *d = rijn_bc_list(0);
    uint8_t iv[16] = {0};

    NUL(rijn_serpent_init(NULL, k, 16));
    NUL(rijn_serpent_init(&sp, NULL, 16));
    NUL(rijn_twofish_init(NULL, k, 16));
    NUL(rijn_twofish_init(&tf, NULL, 16));
    NUL(rijn_rc6_init(NULL, k, 16));
    NUL(rijn_rc6_init(&r6, NULL, 16));
    NUL(rijn_mars_init(NULL, k, 16));
    NUL(rijn_mars_init(&ms, NULL, 16));

    TU_CHECK(d != NULL, "rijn_bc_list(0)");
    if (d == NULL)
        return;
    NUL(rijn_bc_init(NULL, d, k, 16));
    NUL(rijn_bc_init(&bc, NULL, k, 16));
    TU_CHECK(rijn_bc_init(&bc, d, k, 16) == RIJN_OK, "bc init");
    NUL(rijn_bc_ecb_encrypt(&bc, o, NULL, 16));
    NUL(rijn_bc_ecb_encrypt(&bc, NULL, b, 16));
    NUL(rijn_bc_cbc_encrypt(&bc, NULL, o, b, 16));
    NUL(rijn_bc_cbc_encrypt(&bc, iv, o, NULL, 16));
    NUL(rijn_bc_cbc_encrypt(&bc, iv, NULL, b, 16));
    TU_CHECK(rijn_bc_cbc_encrypt(&bc, iv, o, b, 15) == RIJN_ERR_LENGTH, "bc cbc 15 bytes");
    NUL(rijn_bc_cbc_decrypt(&bc, NULL, o, b, 16));
    NUL(rijn_bc_cbc_decrypt(&bc, iv, o, NULL, 16));
    NUL(rijn_bc_cbc_decrypt(&bc, iv, NULL, b, 16));
    NUL(rijn_bc_ctr(&bc, NULL, o, b, 16));
    NUL(rijn_bc_ctr(&bc, iv, o, NULL, 16));
    NUL(rijn_bc_ctr(&bc, iv, NULL, b, 16));
    NUL(rijn_bc_cbc_pkcs7_encrypt(&bc, NULL, o, 32, &n, b, 16));
    NUL(rijn_bc_cbc_pkcs7_encrypt(&bc, iv, o, 32, NULL, b, 16));
    NUL(rijn_bc_cbc_pkcs7_encrypt(&bc, iv, o, 32, &n, NULL, 16));
    NUL(rijn_bc_cbc_pkcs7_encrypt(&bc, iv, NULL, 32, &n, b, 16));
    TU_CHECK(rijn_bc_cbc_pkcs7_encrypt(&bc, iv, o, 31, &n, b, 16) == RIJN_ERR_BUFFER,
             "pkcs7 encrypt into 31 bytes");
    TU_CHECK(rijn_bc_cbc_pkcs7_encrypt(&bc, iv, o, 256, &n, b, (size_t)-1 - 8) ==
                 RIJN_ERR_LENGTH, "pkcs7 encrypt of SIZE_MAX - 8 bytes");
    NUL(rijn_bc_cbc_pkcs7_decrypt(&bc, NULL, o, 32, &n, b, 16));
    NUL(rijn_bc_cbc_pkcs7_decrypt(&bc, iv, o, 32, NULL, b, 16));
    NUL(rijn_bc_cbc_pkcs7_decrypt(&bc, iv, o, 32, &n, NULL, 16));
    NUL(rijn_bc_cbc_pkcs7_decrypt(&bc, iv, NULL, 32, &n, b, 16));
    TU_CHECK(rijn_bc_cbc_pkcs7_decrypt(&bc, iv, o, 15, &n, b, 16) == RIJN_ERR_BUFFER,
             "pkcs7 decrypt into 15 bytes");
    TU_CHECK(rijn_bc_cbc_pkcs7_decrypt(&bc, iv, o, 32, &n, b, 17) == RIJN_ERR_LENGTH,
             "pkcs7 decrypt of 17 bytes");
    rijn_bc_wipe(&bc);

    NUL(rijn_aes_impl_get("auto", NULL));
    NUL(rijn_aes_impl_get(NULL, &impl));
    NUL(rijn_aes_init(NULL, k, 16));
    NUL(rijn_aes_init_enc(NULL, k, 16));
    TU_CHECK(rijn_aes_init(&aes, k, 16) == RIJN_OK, "aes init");
    NUL(rijn_aes_encrypt_blocks(&aes, NULL, b, 1));
    NUL(rijn_aes_encrypt_blocks(&aes, o, NULL, 1));
    NUL(rijn_aes_decrypt_blocks(&aes, NULL, b, 1));
    NUL(rijn_aes_decrypt_blocks(&aes, o, NULL, 1));
    NUL(rijn_aes_decrypt_blocks(NULL, o, b, 1));
    rijn_aes_wipe(&aes);
}

static void encodings_kdfs(void)
{
    rijn_argon2_params p;
    rijn_argon2_str_info info;
    char s[128];
    static uint64_t work[1024];
    const rijn_hash_desc *h = &rijn_hash_sha256;

    NUL(rijn_hex_encode(s, sizeof s, &n, NULL, 1));
    NUL(rijn_hex_decode(o, sizeof o, &n, NULL, 2));
    NUL(rijn_hex_decode(NULL, 1, &n, "ab", 2));
    NUL(rijn_base64_encode(s, sizeof s, &n, NULL, 1));
    NUL(rijn_base64_encode(NULL, sizeof s, &n, b, 1));
    NUL(rijn_base64_decode(NULL, 8, &n, "AAAA", 4));

    memset(&p, 0, sizeof p);
    p.type = RIJN_ARGON2_ID;
    p.t_cost = 1;
    p.m_cost_kib = 8;
    p.lanes = 1;
    NUL(rijn_argon2(NULL, o, 32, b, 1, b, 16, work, sizeof work));
    NUL(rijn_argon2(&p, o, 32, b, 1, NULL, 16, work, sizeof work));
    p.ad_len = 1;
    NUL(rijn_argon2(&p, o, 32, b, 1, b, 16, work, sizeof work));
    NUL(rijn_argon2_str_decode(NULL, &info));
    NUL(rijn_argon2_str_decode("$argon2id$v=19$m=8,t=1,p=1$AAAAAAAAAAAAAAAAAAAAAA$"
                               "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
                               NULL));
    NUL(rijn_argon2_str(NULL, sizeof s, RIJN_ARGON2_ID, 1, 8, 1, b, 1, b, 16, 32, work,
                        sizeof work));
    NUL(rijn_argon2_str(s, sizeof s, RIJN_ARGON2_ID, 1, 8, 1, b, 1, NULL, 16, 32, work,
                        sizeof work));

    NUL(rijn_hkdf(h, NULL, 32, b, 1, b, 1, b, 1));
    NUL(rijn_hkdf_expand(h, NULL, 32, b, 32, b, 1));
    NUL(rijn_scrypt(NULL, 32, b, 1, b, 1, 16, 1, 1, work, sizeof work));
    NUL(rijn_evp_bytes_to_key(h, NULL, 16, o, 16, b, 1, b, 8, 1));
}

int main(void)
{
    memset(k, 0x42, sizeof k);
    memset(b, 0x17, sizeof b);
    memset(nz, 0x01, sizeof nz);
    hashes();
    macs_streams();
    aeads();
    ciphers();
    encodings_kdfs();
    return tu_finish();
}
