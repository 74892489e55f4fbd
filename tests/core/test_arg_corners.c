/*
 * test_arg_corners.c -- the error and edge paths of the AEADs, MACs,
 * stream ciphers and hashes that test_arg_errors.c / test_null_args.c do
 * not reach: each streaming call of GCM, CCM, EAX, OCB, Ascon and NORX on
 * a context never keyed (RIJN_ERR_STATE) and on NULL; a tag overlapping
 * the input; a CCM final before all the declared AAD; a GCM nonce length
 * past 2^61 - 1; CMAC tag lengths and keys; SIV's NULL and unkeyed calls;
 * MD5's length limit; a SHA-3 final on a SHAKE context; the names of
 * unkeyed contexts; a corrupted ChaCha20 position; the Salsa20 counter
 * carrying into its high word; EAX and CCM updates of every length class
 * on every AES class (each checked against the one-shot of the default
 * class); the public-counter path of the internal CTR (checked against the
 * secret-counter one); Argon2d's wrapper, Argon2 and scrypt limits and
 * malformed PHC strings. Each call's status is compared with the documented
 * one and every computed output with an independent computation.
 */
#include <string.h>

#include "aead/cmac_i.h"
#include "aead/ghash.h"
#include "internal.h"
#include "mac/mac_i.h"
#include "stream/stream_i.h"
#include "testutil.h"

static int got;
#define ST(e, want) TU_CHECK((got = (e)) == (want), "%s: %d, want %s", #e, got, #want)

static uint8_t k[64], b[8192], o[8192], o2[8192], t[32], nz[32];

/* every streaming call on NULL and on a zeroed (never keyed) context */
#define UNKEYED(pfx, ctx)                                              \
    do {                                                               \
        memset(&ctx, 0, sizeof ctx);                                   \
        ST(pfx##_aad(NULL, b, 1), RIJN_ERR_NULL);                      \
        ST(pfx##_aad(&ctx, b, 1), RIJN_ERR_STATE);                     \
        ST(pfx##_encrypt_update(NULL, o, b, 1), RIJN_ERR_NULL);        \
        ST(pfx##_encrypt_update(&ctx, o, b, 1), RIJN_ERR_STATE);       \
        ST(pfx##_decrypt_update(&ctx, o, b, 1), RIJN_ERR_STATE);       \
        ST(pfx##_encrypt_final(NULL, t, 16), RIJN_ERR_NULL);           \
        ST(pfx##_encrypt_final(&ctx, t, 16), RIJN_ERR_STATE);          \
        ST(pfx##_decrypt_final(&ctx, t, 16), RIJN_ERR_STATE);          \
    } while (0)

/* seal with a tag inside the input (not the output): RIJN_ERR_PARAM */
#define TAG_IN_INPUT(pfx, ctx, nlen)                                                   \
    do {                                                                               \
        ST(pfx##_init(&ctx, k, 16), RIJN_OK);                                          \
        ST(pfx##_seal(&ctx, o, b + 8, 16, nz, nlen, NULL, 0, b, 64), RIJN_ERR_PARAM);   \
        ST(pfx##_open(&ctx, o, b + 8, 16, nz, nlen, NULL, 0, b, 64), RIJN_ERR_PARAM);   \
    } while (0)

static void aeads(void)
{
    rijn_gcm_ctx g;
    rijn_ccm_ctx c;
    rijn_eax_ctx e;
    rijn_ocb_ctx oc;
    rijn_ascon_aead128_ctx as;
    rijn_norx32_ctx nx;
    rijn_siv_ctx s;
    rijn_chachapoly_ctx cp;
    rijn_siv_ad ad[1];
    size_t n;

    UNKEYED(rijn_gcm, g);
    UNKEYED(rijn_ccm, c);
    UNKEYED(rijn_eax, e);
    UNKEYED(rijn_ascon_aead128, as);
    memset(&oc, 0, sizeof oc);
    ST(rijn_ocb_aad(&oc, b, 1), RIJN_ERR_STATE);
    ST(rijn_ocb_encrypt_update(&oc, o, 16, &n, b, 1), RIJN_ERR_STATE);
    ST(rijn_ocb_decrypt_update(&oc, o, 16, &n, b, 1), RIJN_ERR_STATE);
    ST(rijn_ocb_encrypt_final(&oc, o, 16, &n, t, 16), RIJN_ERR_STATE);
    ST(rijn_ocb_decrypt_final(&oc, o, 16, &n, t, 16), RIJN_ERR_STATE);
    TU_CHECK(strcmp(rijn_gcm_ctx_ghash_name(NULL), "none") == 0 &&
                 strcmp(rijn_gcm_ctx_ghash_name(&g), "none") == 0, "GHASH name of no key");
    ST(rijn_i_gcm_use_ghash(&g, "ct64"), RIJN_ERR_STATE);

    /* a tag inside the input */
    TAG_IN_INPUT(rijn_gcm, g, 12);
    TAG_IN_INPUT(rijn_eax, e, 12);
    TAG_IN_INPUT(rijn_ocb, oc, 12);
    ST(rijn_ascon_aead128_init(&as, k, 16), RIJN_OK);
    ST(rijn_ascon_aead128_seal(&as, o, b + 8, 16, nz, 16, NULL, 0, b, 64), RIJN_ERR_PARAM);
    ST(rijn_ascon_aead128_open(&as, o, b + 8, 16, nz, 16, NULL, 0, b, 64), RIJN_ERR_PARAM);
    ST(rijn_norx32_init(&nx, k, 16), RIJN_OK);
    ST(rijn_norx32_seal(&nx, o, b + 8, 16, nz, 16, NULL, 0, b, 64), RIJN_ERR_PARAM);
    ST(rijn_chacha20poly1305_init(&cp, k, 32), RIJN_OK);
    ST(rijn_chacha20poly1305_seal(&cp, o, b + 8, 16, nz, 12, NULL, 0, b, 64), RIJN_ERR_PARAM);
    /* open with no text and a wrong tag: RIJN_ERR_AUTH, nothing to wipe */
    memset(t, 0, 16);
    ST(rijn_chacha20poly1305_open(&cp, NULL, t, 16, nz, 12, b, 5, NULL, 0), RIJN_ERR_AUTH);
    ST(rijn_chacha20poly1305_djb_open(o, t, k, nz, b, 5, b, 0), RIJN_ERR_AUTH);
    ST(rijn_chacha20poly1305_djb_seal(o, t, k, nz, NULL, 0, b, 0), RIJN_OK);
    ST(rijn_chacha20poly1305_djb_open(o, t, k, nz, NULL, 0, b, 0), RIJN_OK);
    rijn_chacha20poly1305_wipe(&cp);
    /* a tag inside the input through the streaming check of SIV */
    ST(rijn_siv_init(&s, k, 32), RIJN_OK);
    ST(rijn_siv_seal_v(&s, o, b + 8, NULL, 0, b, 64), RIJN_ERR_PARAM);
    ST(rijn_siv_seal_v(&s, o, t, NULL, 0, NULL, 64), RIJN_ERR_NULL);
    ST(rijn_siv_open_v(&s, o, b + 8, NULL, 0, b, 64), RIJN_ERR_PARAM);
    ad[0].data = NULL;
    ad[0].len = 3;
    ST(rijn_siv_open_v(&s, o, t, ad, 1, b, 16), RIJN_ERR_NULL);
    ST(rijn_siv_open(NULL, o, t, 16, NULL, 0, NULL, 0, b, 16), RIJN_ERR_NULL);
    /* a context whose MAC key was wiped under it: RIJN_ERR_STATE */
    memset(&s.mac, 0, sizeof s.mac);
    ST(rijn_siv_seal_v(&s, o, t, NULL, 0, b, 16), RIJN_ERR_STATE);
    rijn_siv_wipe(&s);
    ST(rijn_siv_init(&s, k, 40), RIJN_ERR_KEY_LEN);

    /* GCM: a nonce length past 2^61 - 1 bytes (checked before it is read) */
    ST(rijn_gcm_init(&g, k, 16), RIJN_OK);
    ST(rijn_gcm_start(&g, nz, SIZE_MAX), RIJN_ERR_NONCE_LEN);
    ST(rijn_i_gcm_use_ghash(&g, "no-such-ghash"), RIJN_ERR_UNSUPPORTED);
    rijn_gcm_wipe(&g);

    /* CCM: a final (or text) before all the AAD declared at start */
    ST(rijn_ccm_init(&c, k, 16), RIJN_OK);
    ST(rijn_ccm_start(&c, nz, 12, 5, 0, 16), RIJN_OK);
    ST(rijn_ccm_aad(&c, b, 2), RIJN_OK);
    ST(rijn_ccm_encrypt_final(&c, t, 16), RIJN_ERR_STATE);
    ST(rijn_ccm_aad(&c, b + 2, 3), RIJN_OK);
    ST(rijn_ccm_encrypt_final(&c, t, 16), RIJN_OK);
    rijn_ccm_wipe(&c);
}

/* EAX and CCM streaming on one AES class: updates of 16, 32, 16, 5, 0,
 * 16, 1 and 4102 bytes (a single block and whole blocks at a boundary, a
 * partial block, (NULL, 0), more than one 4 KiB chunk), checked against
 * the one-shot seal of the default class; and the internal CTR's public-
 * counter path (whole blocks through the class's ctr entry where it has
 * one, a short tail alone) against its secret-counter path. */
static const size_t parts[] = {16, 32, 16, 5, 0, 16, 1, 4102};
#define TOTAL (16 + 32 + 16 + 5 + 0 + 16 + 1 + 4102)

static void ctr_paths(void)
{
    rijn_aes_ctx a;
    uint8_t c1[16], c2[16];
    size_t lens[] = {5, 100}, i;
    ST(rijn_aes_init_enc(&a, k, 16), RIJN_OK);
    for (i = 0; i < 2; i++) {
        memset(c1, 0xff, 16); /* the low word wraps inside the run */
        c1[15] = 0xfd;
        memcpy(c2, c1, 16);
        rijn_i_ctr128(&a, 0, c1, o, b, lens[i]);
        rijn_i_ctr128(&a, 1, c2, o2, b, lens[i]);
        TU_EQ(o, o2, lens[i], "CTR, public counter vs secret counter");
        TU_EQ(c1, c2, 16, "CTR, counter after the run");
    }
    rijn_aes_wipe(&a);
}

static void streams(const char *impl, void *arg)
{
    uint8_t tag[16];
    const uint8_t *want = (const uint8_t *)arg;
    rijn_eax_ctx e;
    rijn_ccm_ctx c;
    size_t i, pos = 0;
    (void)impl;
    ctr_paths();
    ST(rijn_eax_init(&e, k, 16), RIJN_OK);
    ST(rijn_eax_start(&e, nz, 12), RIJN_OK);
    ST(rijn_ccm_init(&c, k, 16), RIJN_OK);
    ST(rijn_ccm_start(&c, nz, 12, 0, TOTAL, 16), RIJN_OK);
    for (i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        ST(rijn_eax_encrypt_update(&e, parts[i] ? o + pos : NULL, parts[i] ? b + pos : NULL,
                                   parts[i]), RIJN_OK);
        ST(rijn_ccm_encrypt_update(&c, parts[i] ? o2 + pos : NULL, parts[i] ? b + pos : NULL,
                                   parts[i]), RIJN_OK);
        pos += parts[i];
    }
    ST(rijn_eax_encrypt_final(&e, tag, 16), RIJN_OK);
    TU_EQ(o, want, TOTAL, "EAX streamed text");
    TU_EQ(tag, want + TOTAL, 16, "EAX streamed tag");
    ST(rijn_ccm_encrypt_final(&c, tag, 16), RIJN_OK);
    TU_EQ(o2, want + TOTAL + 16, TOTAL, "CCM streamed text");
    TU_EQ(tag, want + 2 * TOTAL + 16, 16, "CCM streamed tag");
    rijn_eax_wipe(&e);
    rijn_ccm_wipe(&c);
}

static void aes_streams(void)
{
    static uint8_t want[2 * TOTAL + 32];
    rijn_eax_ctx e;
    rijn_ccm_ctx c;
    ST(rijn_eax_init(&e, k, 16), RIJN_OK);
    ST(rijn_eax_seal(&e, want, want + TOTAL, 16, nz, 12, NULL, 0, b, TOTAL), RIJN_OK);
    ST(rijn_ccm_init(&c, k, 16), RIJN_OK);
    ST(rijn_ccm_seal(&c, want + TOTAL + 16, want + 2 * TOTAL + 16, 16, nz, 12, NULL, 0, b, TOTAL),
       RIJN_OK);
    TU_CHECK(tu_for_each_impl(streams, want) > 0, "no AES class ran");
    rijn_eax_wipe(&e);
    rijn_ccm_wipe(&c);
}

/* CMAC's argument checks; CBC-MAC of no block. */
static void cmac(void)
{
    rijn_cmac_ctx m;
    rijn_aes_ctx a;
    uint8_t c1[16], x[16];
    memset(&m, 0, sizeof m);
    ST(rijn_cmac_verify_final(&m, t, 16), RIJN_ERR_STATE);
    ST(rijn_cmac_check(t, 16, k, 17, b, 16), RIJN_ERR_KEY_LEN);
    ST(rijn_cmac_init(&m, k, 16), RIJN_OK);
    ST(rijn_cmac_compute(&m, t, 0, b, 16), RIJN_ERR_TAG_LEN);
    ST(rijn_cmac_compute(&m, t, 17, b, 16), RIJN_ERR_TAG_LEN);
    ST(rijn_cmac_compute(&m, t, 16, b, 16), RIJN_OK);
    ST(rijn_cmac_check(t, 16, k, 16, b, 16), RIJN_OK);
    rijn_cmac_wipe(&m);

    ST(rijn_aes_init_enc(&a, k, 16), RIJN_OK);
    memset(c1, 0x5a, 16);
    memcpy(x, c1, 16);
    rijn_i_cbcmac(&a, x, b, 0); /* no block: x unchanged */
    TU_EQ(x, c1, 16, "CBC-MAC of no block");
    rijn_aes_wipe(&a);
}

static void streams_and_hashes(void)
{
    rijn_chacha20_ctx ch;
    rijn_salsa20_ctx sa;
    rijn_poly1305_ctx po;
    rijn_md5_ctx md;
    rijn_sha3_ctx sh;
    rijn_ascon_hash_ctx ah;
    uint8_t ref[64];

    /* names of contexts not keyed */
    memset(&ch, 0, sizeof ch);
    memset(&po, 0, sizeof po);
    TU_CHECK(strcmp(rijn_i_chacha20_impl_name(NULL), "none") == 0 &&
                 strcmp(rijn_i_chacha20_impl_name(&ch), "none") == 0, "ChaCha20 name of no key");
    TU_CHECK(strcmp(rijn_i_poly1305_impl_name(NULL), "none") == 0 &&
                 strcmp(rijn_i_poly1305_impl_name(&po), "none") == 0, "Poly1305 name of no key");
    ST(rijn_chacha20_init(&ch, k, nz, 0), RIJN_OK);
    ST(rijn_i_chacha20_use(&ch, "no-such-chacha"), RIJN_ERR_UNSUPPORTED);
    /* a corrupted keystream position is refused, short or long update */
    ch.pos = 65;
    ST(rijn_chacha20_update(&ch, o, b, 10), RIJN_ERR_STATE);
    ST(rijn_chacha20_update(&ch, o, b, 200), RIJN_ERR_STATE);
    rijn_chacha20_wipe(&ch);

    /* Salsa20: block 2^32 - 1 then 2^32 (the carry into the high word) */
    ST(rijn_salsa20_init(&sa, k, 32, nz, 0xffffffffu), RIJN_OK);
    ST(rijn_salsa20_update(&sa, o, b, 128), RIJN_OK);
    ST(rijn_salsa20_init(&sa, k, 32, nz, 0x100000000u), RIJN_OK);
    ST(rijn_salsa20_update(&sa, ref, b + 64, 64), RIJN_OK);
    TU_EQ(o + 64, ref, 64, "Salsa20 block 2^32 after block 2^32 - 1");
    memset(&sa, 0, sizeof sa);
    ST(rijn_salsa20_update(&sa, o, b, 1), RIJN_ERR_STATE);

    /* MD5: a length past 2^61 - 1 bytes (checked before any byte is read) */
    ST(rijn_md5_init(&md), RIJN_OK);
    ST(rijn_md5_update(&md, b, SIZE_MAX), RIJN_ERR_LIMIT);
    /* SHA-3 final on a SHAKE context (no fixed length) */
    ST(rijn_shake128_init(&sh), RIJN_OK);
    ST(rijn_sha3_final(&sh, o), RIJN_ERR_STATE);
    /* Ascon-Hash256 final on an XOF context */
    ST(rijn_ascon_xof128_init(&ah), RIJN_OK);
    ST(rijn_ascon_hash256_final(&ah, o), RIJN_ERR_STATE);
    ST(rijn_ascon_cxof128(o, 16, b, 257, b, 4), RIJN_ERR_LENGTH);
}

/* Argon2d through its wrapper (against the parameter-block call), an
 * output length past 32 bits, scrypt costs past 64 bits, and PHC strings
 * malformed in the number, Base64 alphabet and field-length checks. */
static uint64_t work[8 * 1024 / 8];

static void kdfs(void)
{
    rijn_argon2_params pa;
    rijn_argon2_str_info info;
    static char s[1200];
    const char *bad[] = {
        "$argon2id$v=19$m=0@,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
        "$argon2id$v=19$m=8,t=2,p=1$c2Fsd{NhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
        "$argon2id$v=19$m=8,t=2,p=1$c2Fsd~NhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
    };
    size_t i;
    memset(&pa, 0, sizeof pa);
    pa.type = RIJN_ARGON2_D;
    pa.t_cost = 1;
    pa.m_cost_kib = 8;
    pa.lanes = 1;
    ST(rijn_argon2(&pa, o, 32, b, 5, b + 5, 8, work, sizeof work), RIJN_OK);
    ST(rijn_argon2d(o2, 32, b, 5, b + 5, 8, 1, 8, 1, work, sizeof work), RIJN_OK);
    TU_EQ(o2, o, 32, "argon2d wrapper vs parameter block");
    ST(rijn_argon2i(o2, 32, b, 5, b + 5, 8, 1, 8, 1, work, sizeof work), RIJN_OK);
    TU_CHECK(memcmp(o2, o, 32) != 0, "argon2i differs from argon2d");
#if SIZE_MAX > 0xFFFFFFFFu
    ST(rijn_argon2(&pa, o, (size_t)1 << 32, b, 5, b + 5, 8, work, sizeof work), RIJN_ERR_PARAM);
#endif
    TU_CHECK(rijn_scrypt_work_size((uint64_t)1 << 62, 1, 1) == 0, "scrypt N = 2^62: no size");
    TU_CHECK(rijn_scrypt_work_size(16, 1, 1) == 128 * 19, "scrypt N = 16 work size");
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ST(rijn_argon2_str_decode(bad[i], &info), RIJN_ERR_PARAM);
    /* a salt field longer than any the decoder holds */
    strcpy(s, "$argon2id$v=19$m=8,t=2,p=1$");
    memset(s + strlen(s), 'A', 1100);
    strcpy(s + strlen(s), "$aGFzaGhhc2hoYXNoaGFzaA");
    ST(rijn_argon2_str_decode(s, &info), RIJN_ERR_PARAM);
    /* and the good string it was made from decodes */
    ST(rijn_argon2_str_decode("$argon2id$v=19$m=8,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
                              &info), RIJN_OK);
    TU_CHECK(info.m_cost_kib == 8 && info.t_cost == 2 && info.lanes == 1 && info.salt_len == 8,
             "decoded costs");
}

int main(void)
{
    size_t i;
    for (i = 0; i < sizeof k; i++)
        k[i] = (uint8_t)(i + 1);
    for (i = 0; i < sizeof b; i++)
        b[i] = (uint8_t)(i * 13 + 5);
    for (i = 0; i < sizeof nz; i++)
        nz[i] = (uint8_t)(0xa0 + i);
    aeads();
    aes_streams();
    cmac();
    streams_and_hashes();
    kdfs();
    return tu_finish();
}
