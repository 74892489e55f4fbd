/*
 * test_arg_errors.c -- the error statuses of the primitives' streaming and
 * one-shot calls other than NULL (tests/core/test_null_args.c): a context
 * never started or already finished (RIJN_ERR_STATE), a wrong nonce or tag
 * length, overlapping output and input or tag (RIJN_ERR_PARAM), a length
 * past the algorithm's limit (RIJN_ERR_LIMIT: checked before any byte is
 * touched, so SIZE_MAX is passed with a small buffer), a wrong tag in a
 * streaming final (RIJN_ERR_AUTH), (NULL, 0) accepted, an output too small
 * for an encoding (RIJN_ERR_BUFFER) and the optional out_len. Ascon, NORX,
 * ChaCha20-Poly1305 (streaming state machine), ChaCha20/Salsa20, Poly1305,
 * the hashes, the block ciphers' modes, AES, the AES AEADs (GCM, GCM-SIV,
 * CCM, EAX, OCB, SIV), the encodings, and the wipes that take NULL. Each
 * call's status is compared with the one its header documents.
 */
#include <string.h>

#include "testutil.h"

static int got;
#define ST(e, want) TU_CHECK((got = (e)) == (want), "%s: %d, want %s", #e, got, #want)

static uint8_t k[64], b[256], o[256], t[64], nz[24];
static size_t n;

/* the streaming state machine and limits of one AEAD with its own ctx type */
#define AEAD_STATES(pfx, ctx, nlen)                                                  \
    do {                                                                             \
        memset(&ctx, 0, sizeof ctx);                                                 \
        ST(pfx##_aad(&ctx, b, 1), RIJN_ERR_STATE);                                   \
        ST(pfx##_encrypt_update(&ctx, o, b, 1), RIJN_ERR_STATE);                     \
        ST(pfx##_encrypt_final(&ctx, t, 16), RIJN_ERR_STATE);                        \
        ST(pfx##_init(&ctx, k, pfx##_key_size()), RIJN_OK);                          \
        ST(pfx##_aad(&ctx, b, 1), RIJN_ERR_STATE);                                   \
        ST(pfx##_encrypt_update(&ctx, o, b, 1), RIJN_ERR_STATE);                     \
        ST(pfx##_decrypt_final(&ctx, t, 16), RIJN_ERR_STATE);                        \
        ST(pfx##_start(&ctx, nz, nlen - 1), RIJN_ERR_NONCE_LEN);                     \
        ST(pfx##_seal(&ctx, b, b + 8, 16, nz, nlen, NULL, 0, b, 32), RIJN_ERR_PARAM); \
        ST(pfx##_open(&ctx, o, t, 15, nz, nlen, NULL, 0, b, 32), RIJN_ERR_TAG_LEN);   \
        ST(pfx##_start(&ctx, nz, nlen), RIJN_OK);                                    \
        ST(pfx##_aad(&ctx, NULL, 0), RIJN_OK);                                       \
        ST(pfx##_encrypt_update(&ctx, b + 1, b, 32), RIJN_ERR_PARAM);                \
        ST(pfx##_encrypt_update(&ctx, NULL, NULL, 0), RIJN_OK);                      \
        ST(pfx##_encrypt_update(&ctx, o, b, 3), RIJN_OK);                            \
        ST(pfx##_aad(&ctx, b, 1), RIJN_ERR_STATE);                                   \
        ST(pfx##_decrypt_update(&ctx, o, b, 3), RIJN_ERR_STATE);                     \
        ST(pfx##_decrypt_final(&ctx, t, 16), RIJN_ERR_STATE);                        \
        ST(pfx##_encrypt_final(&ctx, t, 15), RIJN_ERR_TAG_LEN);                      \
        ST(pfx##_encrypt_final(&ctx, t, 16), RIJN_OK);                               \
        ST(pfx##_encrypt_update(&ctx, o, b, 3), RIJN_ERR_STATE);                     \
        ST(pfx##_start(&ctx, nz, nlen), RIJN_OK);                                    \
        ST(pfx##_decrypt_update(&ctx, o, b, 3), RIJN_OK);                            \
        t[0] ^= 1;                                                                   \
        ST(pfx##_decrypt_final(&ctx, t, 16), RIJN_ERR_AUTH);                         \
        ST(pfx##_start(&ctx, nz, nlen), RIJN_OK);                                    \
        ST(pfx##_decrypt_final(&ctx, t, 15), RIJN_ERR_TAG_LEN);                      \
        pfx##_wipe(&ctx);                                                            \
    } while (0)

static void aeads(void)
{
    rijn_ascon_aead128_ctx ac;
    rijn_norx32_ctx nc;
    rijn_chacha20poly1305_ctx cp;
    rijn_xchacha20poly1305_ctx xc;

    AEAD_STATES(rijn_ascon_aead128, ac, 16);
    AEAD_STATES(rijn_norx32, nc, 16);
    AEAD_STATES(rijn_chacha20poly1305, cp, 12);
    ST(rijn_norx32_init(&nc, NULL, 16), RIJN_ERR_NULL);

    /* ChaCha20-Poly1305's 2^38-byte text limit and 2^64 AAD limit */
    ST(rijn_chacha20poly1305_init(&cp, k, 32), RIJN_OK);
    ST(rijn_chacha20poly1305_seal(&cp, b, t, 16, nz, 12, NULL, 0, b, (size_t)-1),
       sizeof(size_t) > 4 ? RIJN_ERR_LIMIT : RIJN_ERR_PARAM);
    ST(rijn_chacha20poly1305_start(&cp, nz, 12), RIJN_OK);
    ST(rijn_chacha20poly1305_aad(&cp, b, 1), RIJN_OK);
    if (sizeof(size_t) > 4) {
        ST(rijn_chacha20poly1305_aad(&cp, b, (size_t)-1), RIJN_ERR_LIMIT);
        ST(rijn_chacha20poly1305_encrypt_update(&cp, b, b, (size_t)-1), RIJN_ERR_LIMIT);
    }
    rijn_chacha20poly1305_wipe(&cp);

    memset(&xc, 0, sizeof xc);
    ST(rijn_chacha20poly1305_start(&xc, nz, 24), RIJN_ERR_STATE);
    ST(rijn_xchacha20poly1305_init(&xc, k, 32), RIJN_OK);
    ST(rijn_chacha20poly1305_start(&xc, nz, 12), RIJN_ERR_NONCE_LEN);
    ST(rijn_chacha20poly1305_start(&xc, NULL, 24), RIJN_ERR_NULL);
    rijn_chacha20poly1305_wipe(&xc);

    /* the original (djb) construction: limit, (NULL, 0), failed open */
    ST(rijn_chacha20poly1305_djb_seal(b, t, k, nz, NULL, 0, b, (size_t)-1),
       sizeof(size_t) > 4 ? RIJN_ERR_LIMIT : RIJN_ERR_PARAM);
    ST(rijn_chacha20poly1305_djb_seal(NULL, t, k, nz, NULL, 0, NULL, 0), RIJN_OK);
    t[0] ^= 1;
    ST(rijn_chacha20poly1305_djb_open(NULL, t, k, nz, NULL, 0, NULL, 0), RIJN_ERR_AUTH);
}

static void streams_macs(void)
{
    rijn_chacha20_ctx cc;
    rijn_salsa20_ctx sc;
    rijn_poly1305_ctx pc;

    ST(rijn_xchacha20_init(NULL, k, nz, 0), RIJN_ERR_NULL);
    ST(rijn_xchacha20_djb_init(NULL, k, nz, 0), RIJN_ERR_NULL);
    memset(&cc, 0, sizeof cc);
    ST(rijn_chacha20_update(&cc, o, b, 1), RIJN_ERR_STATE);
    ST(rijn_chacha20_update(NULL, o, b, 1), RIJN_ERR_NULL);
    ST(rijn_chacha20_update(NULL, o, b, 64), RIJN_ERR_NULL);
    ST(rijn_chacha20_init(&cc, k, nz, 0), RIJN_OK);
    ST(rijn_chacha20_update(&cc, o, NULL, 1), RIJN_ERR_NULL);
    ST(rijn_chacha20_update(&cc, NULL, b, 64), RIJN_ERR_NULL);
    ST(rijn_chacha20_update(&cc, o, NULL, 64), RIJN_ERR_NULL);
    ST(rijn_chacha20_update(&cc, b + 1, b, 64), RIJN_ERR_PARAM);
    ST(rijn_chacha20_update(&cc, NULL, NULL, 0), RIJN_OK);
    rijn_chacha20_wipe(&cc);

    memset(&sc, 0, sizeof sc);
    ST(rijn_salsa20_update(&sc, o, b, 1), RIJN_ERR_STATE);
    ST(rijn_salsa20_init_rounds(&sc, k, 32, nz, 0, 12), RIJN_OK);
    ST(rijn_salsa20_init_rounds(&sc, NULL, 32, nz, 0, 12), RIJN_ERR_NULL);
    ST(rijn_salsa20_init_rounds(&sc, k, 32, nz, 0, 10), RIJN_ERR_PARAM);
    rijn_salsa20_wipe(&sc);

    memset(&pc, 0, sizeof pc);
    ST(rijn_poly1305_final(&pc, t), RIJN_ERR_STATE);
    ST(rijn_poly1305(t, NULL, b, 1), RIJN_ERR_NULL);
    ST(rijn_poly1305(t, k, NULL, 1), RIJN_ERR_NULL);
    ST(rijn_poly1305_verify(t, NULL, b, 1), RIJN_ERR_NULL);
}

static void hashes(void)
{
    rijn_sha256_ctx s2;
    rijn_sha512_ctx s5;
    rijn_sha3_ctx s3;
    rijn_sha1_ctx s1;
    rijn_blake2s_ctx bs;
    rijn_blake2b_ctx bb;
    rijn_ascon_hash_ctx ah;

    memset(&s2, 0, sizeof s2);
    ST(rijn_sha256_update(&s2, b, 1), RIJN_ERR_STATE);
    ST(rijn_sha256_final(&s2, o), RIJN_ERR_STATE);
    ST(rijn_sha256(o, NULL, 0), RIJN_OK);
    ST(rijn_sha224(o, NULL, 0), RIJN_OK);
    memset(&s5, 0, sizeof s5);
    ST(rijn_sha512_update(&s5, b, 1), RIJN_ERR_STATE);
    ST(rijn_sha512_final(&s5, o), RIJN_ERR_STATE);
    ST(rijn_sha512(o, NULL, 0), RIJN_OK);
    ST(rijn_sha384(o, NULL, 0), RIJN_OK);

    memset(&s3, 0, sizeof s3);
    ST(rijn_sha3_final(&s3, o), RIJN_ERR_STATE);
    ST(rijn_shake_squeeze(&s3, o, 1), RIJN_ERR_STATE);
    ST(rijn_shake128_init(&s3), RIJN_OK);
    ST(rijn_sha3_final(&s3, o), RIJN_ERR_STATE);
    ST(rijn_sha3_256_init(&s3), RIJN_OK);
    ST(rijn_shake_squeeze(&s3, o, 1), RIJN_ERR_STATE);
    ST(rijn_shake256_init(&s3), RIJN_OK);
    ST(rijn_shake_squeeze(&s3, o, 1), RIJN_OK);
    ST(rijn_sha3_final(&s3, o), RIJN_ERR_STATE);
    rijn_sha3_wipe(&s3);

    memset(&s1, 0, sizeof s1);
    ST(rijn_sha1_final(&s1, o), RIJN_ERR_STATE);
    memset(&bs, 0, sizeof bs);
    ST(rijn_blake2s_final(&bs, o), RIJN_ERR_STATE);
    ST(rijn_blake2s_init(&bs, 32), RIJN_OK);
    ST(rijn_blake2s_update(&bs, NULL, 0), RIJN_OK);
    ST(rijn_blake2b_init_param(&bb, 64, k, 65, NULL, NULL), RIJN_ERR_KEY_LEN);
    ST(rijn_blake2b(o, 65, NULL, 0, b, 1), RIJN_ERR_PARAM);

    { /* a malformed descriptor: each bad size refused before its init runs */
        rijn_hash_ctx hc;
        rijn_hash_desc d;
        size_t i;
        for (i = 0; i < 5; i++) {
            d = rijn_hash_sha256;
            if (i == 0)
                d.ctx_size = sizeof hc.u + 1;
            else if (i == 1)
                d.digest_size = RIJN_HASH_MAX_SIZE + 1;
            else if (i == 2)
                d.block_size = RIJN_HASH_MAX_BLOCK + 1;
            else if (i == 3)
                d.digest_size = 0;
            else
                d.block_size = 0;
            ST(rijn_hash_init(&hc, &d), RIJN_ERR_PARAM);
        }
    }
    ST(rijn_ascon_xof128_init(&ah), RIJN_OK);
    ST(rijn_ascon_hash256_final(&ah, o), RIJN_ERR_STATE);
    ST(rijn_ascon_hash256(o, NULL, 0), RIJN_OK);
    ST(rijn_ascon_xof128(NULL, 0, NULL, 0), RIJN_OK);
    ST(rijn_ascon_cxof128(NULL, 0, NULL, 0, NULL, 0), RIJN_OK);
}

static void blocks_encodings(void)
{
    rijn_bc_ctx bc;
    rijn_aes_ctx aes;
    uint8_t iv[16] = {0};
    char s[64];

    memset(&bc, 0, sizeof bc);
    ST(rijn_bc_ecb_encrypt(NULL, o, b, 16), RIJN_ERR_NULL);
    ST(rijn_bc_ecb_encrypt(&bc, o, b, 16), RIJN_ERR_STATE);
    ST(rijn_bc_cbc_encrypt(NULL, iv, o, b, 16), RIJN_ERR_NULL);
    ST(rijn_bc_cbc_encrypt(&bc, iv, o, b, 16), RIJN_ERR_STATE);
    ST(rijn_bc_cbc_decrypt(NULL, iv, o, b, 16), RIJN_ERR_NULL);
    ST(rijn_bc_cbc_decrypt(&bc, iv, o, b, 16), RIJN_ERR_STATE);
    ST(rijn_bc_ctr(NULL, iv, o, b, 16), RIJN_ERR_NULL);
    ST(rijn_bc_ctr(&bc, iv, o, b, 16), RIJN_ERR_STATE);
    ST(rijn_bc_cbc_pkcs7_encrypt(NULL, iv, o, 32, &n, b, 16), RIJN_ERR_NULL);
    ST(rijn_bc_cbc_pkcs7_encrypt(&bc, iv, o, 32, &n, b, 16), RIJN_ERR_STATE);
    ST(rijn_bc_cbc_pkcs7_decrypt(NULL, iv, o, 32, &n, b, 16), RIJN_ERR_NULL);
    ST(rijn_bc_cbc_pkcs7_decrypt(&bc, iv, o, 32, &n, b, 16), RIJN_ERR_STATE);
    ST(rijn_bc_init(&bc, rijn_bc_list(0), k, 16), RIJN_OK);
    ST(rijn_bc_ecb_encrypt(&bc, NULL, NULL, 0), RIJN_OK);
    ST(rijn_bc_cbc_encrypt(&bc, iv, NULL, NULL, 0), RIJN_OK);
    ST(rijn_bc_cbc_decrypt(&bc, iv, NULL, NULL, 0), RIJN_OK);
    ST(rijn_bc_ctr(&bc, iv, NULL, NULL, 0), RIJN_OK);
    ST(rijn_bc_cbc_pkcs7_encrypt(&bc, iv, o, 32, &n, NULL, 0), RIJN_OK);
    TU_CHECK(n == 16, "PKCS#7 of nothing: one block (%zu)", n);
    ST(rijn_bc_cbc_pkcs7_decrypt(&bc, iv, o, 32, &n, NULL, 0), RIJN_ERR_LENGTH);
    rijn_bc_wipe(&bc);

    TU_CHECK(strcmp(rijn_aes_impl_name(NULL), "none") == 0, "impl_name(NULL)");
    TU_CHECK(rijn_aes_impl_flags(NULL) == 0 && rijn_aes_impl_available(NULL) == 0,
             "impl_flags/available(NULL)");
    TU_CHECK(strcmp(rijn_aes_ctx_impl_name(NULL), "none") == 0, "ctx_impl_name(NULL)");
    TU_CHECK(rijn_hash_block_size(NULL) == 0, "hash_block_size(NULL)");
    memset(&aes, 0, sizeof aes);
    ST(rijn_aes_encrypt_blocks(&aes, o, b, 1), RIJN_ERR_STATE);
    ST(rijn_aes_decrypt_blocks(&aes, o, b, 1), RIJN_ERR_STATE);
    ST(rijn_aes_init(&aes, k, 16), RIJN_OK);
    ST(rijn_aes_encrypt_blocks(&aes, b, b, (size_t)-1 / 16 + 1), RIJN_ERR_LENGTH);
    ST(rijn_aes_decrypt_blocks(&aes, b, b, (size_t)-1 / 16 + 1), RIJN_ERR_LENGTH);
    ST(rijn_aes_decrypt_blocks(&aes, b + 1, b, 2), RIJN_ERR_PARAM);
    ST(rijn_aes_init_enc(&aes, k, 16), RIJN_OK);
    ST(rijn_aes_decrypt_blocks(&aes, o, b, 1), RIJN_ERR_STATE);
    ST(rijn_aes_init(&aes, k, 16), RIJN_OK);
    ST(rijn_aes_decrypt_blocks(&aes, NULL, NULL, 0), RIJN_OK);
    rijn_aes_wipe(&aes);

    ST(rijn_hex_encode(s, 4, &n, b, 2), RIJN_ERR_BUFFER);
    ST(rijn_hex_encode(s, sizeof s, NULL, b, 2), RIJN_OK);
    ST(rijn_hex_decode(o, sizeof o, NULL, "0a0b", 4), RIJN_OK);
    ST(rijn_hex_decode(NULL, 0, &n, "0a0b", 4), RIJN_ERR_BUFFER);
    ST(rijn_base64_encode(s, 4, &n, b, 4), RIJN_ERR_BUFFER);
    ST(rijn_base64_encode(s, sizeof s, NULL, b, 4), RIJN_OK);
    ST(rijn_base64_decode(o, sizeof o, NULL, "AAAA", 4), RIJN_OK);
    ST(rijn_base64url_encode(s, sizeof s, NULL, b, 4), RIJN_OK);
    ST(rijn_base64url_decode(o, sizeof o, NULL, "AAAA", 4), RIJN_OK);
}

/* The AES-based AEADs: unkeyed contexts, lengths, overlaps, NULL outputs. */
static void aes_aeads(void)
{
    rijn_gcm_ctx g;
    rijn_gcmsiv_ctx gs;
    rijn_ccm_ctx c;
    rijn_eax_ctx e;
    rijn_ocb_ctx oc;
    rijn_siv_ctx sv;

    memset(&g, 0, sizeof g);
    ST(rijn_gcm_seal(&g, o, t, 16, nz, 12, NULL, 0, b, 1), RIJN_ERR_STATE);
    ST(rijn_gcm_start(&g, nz, 12), RIJN_ERR_STATE);
    ST(rijn_gcm_init(&g, k, 16), RIJN_OK);
    ST(rijn_gcm_seal(&g, o, t, 16, nz, 0, NULL, 0, b, 1), RIJN_ERR_NONCE_LEN);
    rijn_gcm_wipe(&g);

    memset(&gs, 0, sizeof gs);
    ST(rijn_gcmsiv_seal(NULL, o, t, 16, nz, 12, NULL, 0, b, 1), RIJN_ERR_NULL);
    ST(rijn_gcmsiv_seal(&gs, o, t, 16, nz, 12, NULL, 0, b, 1), RIJN_ERR_STATE);
    ST(rijn_gcmsiv_init(&gs, k, 16), RIJN_OK);
    ST(rijn_gcmsiv_open(&gs, o, t, 16, nz, 12, NULL, 0, NULL, 1), RIJN_ERR_NULL);
    ST(rijn_gcmsiv_seal(&gs, o, b + 4, 16, nz, 12, NULL, 0, b, 32), RIJN_ERR_PARAM);
    rijn_gcmsiv_wipe(&gs);

    ST(rijn_ccm_start(NULL, nz, 12, 0, 1, 16), RIJN_ERR_NULL);
    ST(rijn_ccm_init(&c, k, 16), RIJN_OK);
    ST(rijn_ccm_seal(&c, o, b + 4, 16, nz, 12, NULL, 0, b, 32), RIJN_ERR_PARAM);
    ST(rijn_ccm_open(&c, o, t, 16, nz, 12, NULL, 0, NULL, 1), RIJN_ERR_NULL);
    ST(rijn_ccm_start(&c, nz, 12, 0, 2, 16), RIJN_OK);
    ST(rijn_ccm_encrypt_update(&c, NULL, b, 1), RIJN_ERR_NULL);
    ST(rijn_ccm_encrypt_update(&c, o, NULL, 1), RIJN_ERR_NULL);
    rijn_ccm_wipe(&c);

    ST(rijn_eax_init(&e, k, 16), RIJN_OK);
    ST(rijn_eax_start(&e, NULL, 1), RIJN_ERR_NULL);
    ST(rijn_eax_start(&e, nz, 12), RIJN_OK);
    ST(rijn_eax_encrypt_final(&e, t, 0), RIJN_ERR_TAG_LEN);
    ST(rijn_eax_encrypt_final(&e, t, 17), RIJN_ERR_TAG_LEN);
    ST(rijn_eax_encrypt_final(&e, NULL, 16), RIJN_ERR_NULL);
    rijn_eax_wipe(&e);

    ST(rijn_ocb_init(&oc, k, 16), RIJN_OK);
    ST(rijn_ocb_start(&oc, nz, 0, 16), RIJN_ERR_NONCE_LEN);
    ST(rijn_ocb_start(&oc, nz, 12, 16), RIJN_OK);
    ST(rijn_ocb_aad(&oc, NULL, 1), RIJN_ERR_NULL);
    ST(rijn_ocb_encrypt_update(&oc, o, sizeof o, &n, NULL, 1), RIJN_ERR_NULL);
    ST(rijn_ocb_encrypt_update(&oc, o, sizeof o, &n, b, (size_t)-1 - 16), RIJN_ERR_LIMIT);
    ST(rijn_ocb_encrypt_update(&oc, NULL, sizeof o, &n, b, 32), RIJN_ERR_NULL);
    ST(rijn_ocb_encrypt_update(&oc, o, sizeof o, &n, b, 5), RIJN_OK);
    ST(rijn_ocb_encrypt_final(&oc, o, sizeof o, NULL, t, 16), RIJN_ERR_NULL);
    ST(rijn_ocb_encrypt_final(&oc, o, sizeof o, &n, NULL, 16), RIJN_ERR_NULL);
    ST(rijn_ocb_encrypt_final(&oc, NULL, sizeof o, &n, t, 16), RIJN_ERR_NULL);
    rijn_ocb_wipe(&oc);

    ST(rijn_siv_seal(NULL, o, t, 16, nz, 12, NULL, 0, b, 1), RIJN_ERR_NULL);
    ST(rijn_siv_init(&sv, k, 32), RIJN_OK);
    ST(rijn_siv_seal(&sv, o, t, 16, NULL, 12, NULL, 0, b, 1), RIJN_ERR_NULL);
    rijn_siv_wipe(&sv);
}

/* AES modes, key wrap, CMAC, XTS: out_len required, limits, tag lengths. */
static void aes_modes(void)
{
    rijn_aes_ctx a;
    rijn_cmac_ctx cm;
    rijn_ccm_ctx c;
    rijn_cbc_ctx bc;
    rijn_cfb_ctx cf;
    rijn_xts_ctx x;
    uint8_t iv[16] = {0}, iv2[32];
    const size_t huge = (size_t)-1 - 8;

    for (n = 0; n < sizeof iv2; n++)
        iv2[n] = (uint8_t)n;
    ST(rijn_aes_init(&a, k, 16), RIJN_OK);
    ST(rijn_kw_wrap(&a, o, sizeof o, NULL, b, 16), RIJN_ERR_NULL);
    ST(rijn_kw_unwrap(&a, o, sizeof o, NULL, b, 24), RIJN_ERR_NULL);
    ST(rijn_kwp_wrap(&a, o, sizeof o, NULL, b, 5), RIJN_ERR_NULL);
    ST(rijn_kwp_unwrap(&a, o, sizeof o, NULL, b, 16), RIJN_ERR_NULL);
    ST(rijn_kw_wrap(&a, o, sizeof o, &n, b, huge & ~(size_t)7), RIJN_ERR_LIMIT);
    ST(rijn_kwp_wrap(&a, o, sizeof o, &n, b, huge), RIJN_ERR_LIMIT);
    ST(rijn_cbc_pad_encrypt(&a, iv, o, sizeof o, &n, b, huge), RIJN_ERR_LENGTH);
    ST(rijn_cmac_init(&cm, k, 16), RIJN_OK);
    ST(rijn_cmac_final(&cm, t, 0), RIJN_ERR_TAG_LEN);
    ST(rijn_cmac_final(&cm, t, 17), RIJN_ERR_TAG_LEN);
    rijn_cmac_wipe(&cm);
    ST(rijn_ccm_init(&c, k, 16), RIJN_OK);
    ST(rijn_ccm_start(&c, nz, 12, (uint64_t)1 << 32, 1, 16), RIJN_OK); /* 0xFFFE form */
    rijn_ccm_wipe(&c);
    ST(rijn_cbc_encrypt_init(&bc, k, 16, iv), RIJN_OK);
    ST(rijn_block_update(&bc, o, sizeof o, &n, b, (size_t)-1 - 32), RIJN_ERR_LENGTH);
    rijn_block_wipe(&bc);
    ST(rijn_cfb1_encrypt_init(&cf, k, 16, iv), RIJN_OK);
    ST(rijn_stream_update(&cf, b, b, (size_t)-1 / 4), RIJN_ERR_LENGTH);
    rijn_stream_wipe(&cf);
    ST(rijn_xts_init(&x, k, 32), RIJN_ERR_PARAM); /* equal halves */
    ST(rijn_xts_init(&x, iv2, 32), RIJN_OK);
    ST(rijn_xts_encrypt(&x, iv, NULL, NULL, 0), RIJN_ERR_LENGTH);
    rijn_xts_wipe(&x);
    rijn_aes_wipe(&a);
}

/* The wipes that accept NULL (their headers say so): no effect, no crash. */
static void null_wipes(void)
{
    rijn_ccm_wipe(NULL);
    rijn_cmac_wipe(NULL);
    rijn_eax_wipe(NULL);
    rijn_gcm_wipe(NULL);
    rijn_gcmsiv_wipe(NULL);
    rijn_ocb_wipe(NULL);
    rijn_siv_wipe(NULL);
    rijn_bc_wipe(NULL);
    rijn_mars_wipe(NULL);
    rijn_rc6_wipe(NULL);
    rijn_serpent_wipe(NULL);
    rijn_twofish_wipe(NULL);
    rijn_legacy_wipe(NULL);
    rijn_blake2b_wipe(NULL);
    rijn_hmac_wipe(NULL);
    rijn_block_wipe(NULL);
    rijn_stream_wipe(NULL);
    rijn_xts_wipe(NULL);
    TU_CHECK(1, "wipes of NULL returned");
}

int main(void)
{
    memset(k, 0x42, sizeof k);
    memset(b, 0x17, sizeof b);
    memset(nz, 0x01, sizeof nz);
    aeads();
    streams_macs();
    hashes();
    blocks_encodings();
    aes_aeads();
    aes_modes();
    null_wipes();
    return tu_finish();
}
