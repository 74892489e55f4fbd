/*
 * test_file_edges.c -- the file formats' calls and parser branches that
 * the round-trip and mutation tests do not reach:
 *   - rijn_file_derive_keys (section 4's key schedule, for other
 *     implementations): NULL in each pointer, unknown AEAD ids, and for
 *     each AEAD its keys against the writer's: the header MAC of
 *     rijn_file_seal_init is HMAC-SHA-256(header_key, header body), PRK is
 *     HMAC-SHA-256(salt, master), and the first chunk sealed with the
 *     payload key through the AEAD's descriptor (nonce 0...0 || 01) equals
 *     rijn_file_seal_chunk's;
 *   - rijn_file_master_key with costs rijn_file_params_check refuses
 *     (master stays zero); rijn_file_v2_begin with a known AEAD and a bad
 *     chunk size (RIJN_ERR_PARAM, not UNSUPPORTED);
 *   - a version 2 header whose X25519 stanza holds a low-order ephemeral
 *     key (u = 0, u = 1): rijn_file_v2_unwrap says RIJN_ERR_AUTH (not
 *     ours), the file key stays zero;
 *   - crypt_and_hash and openssl enc with a hash descriptor of digest size
 *     0 or above RIJN_HASH_MAX_SIZE: RIJN_ERR_PARAM; crypt_and_hash verify
 *     on a reader opened without RIJN_CAH_MAC, rewind on an openssl enc
 *     reader: RIJN_ERR_STATE;
 *   - version 1 key sources 0 and 4, version 2 AEAD id 0: UNSUPPORTED; a
 *     stanza read from a cut header; an age public key whose prefix has a
 *     character above 'z', or mixed case;
 *   - age headers written by hand (the reader parses stanzas before the
 *     MAC): an X25519 or scrypt stanza with a two-line body, a share or
 *     body that is not Base64 of 32 bytes, an argument over 64 characters,
 *     more arguments than the parser keeps, scrypt log N over 63 with a
 *     caller limit above it, a work area too small, a header that is not
 *     age at all.
 */
#include <string.h>

#include "testutil.h"

static uint8_t master[32], salt[32], hdr[RIJN_FILE_HEADER_MAX];
static const uint8_t msg[300] = {1, 2, 3};

static void derive_one(unsigned aead)
{
    const rijn_aead_alg *a = rijn_file_aead_alg(aead);
    rijn_aead_any_ctx actx;
    rijn_file_params p;
    rijn_file_ctx ctx;
    uint8_t prk[32], hk[32], pk[32], mac[32], want_prk[32], nonce[16];
    uint8_t c1[sizeof msg + 16], c2[sizeof msg + 16];
    size_t hl = 0, klen = rijn_file_aead_key_size(aead);
    TU_CHECK(a != NULL && klen == a->key_len, "aead %u: descriptor and key size", aead);
    if (a == NULL)
        return;
    rijn_file_params_init(&p);
    p.aead = (uint8_t)aead;
    p.chunk_size = 256;
    memcpy(p.salt, salt, sizeof salt);
    memset(pk, 0xee, sizeof pk);
    TU_CHECK(rijn_file_derive_keys(prk, hk, pk, aead, master, salt) == RIJN_OK,
             "derive_keys, aead %u", aead);
    TU_CHECK(klen == 32 || pk[klen] == 0xee, "aead %u: payload key wrote past %zu bytes", aead,
             klen);
    TU_CHECK(rijn_hmac(&rijn_hash_sha256, want_prk, 32, salt, 32, master, 32) == RIJN_OK,
             "HMAC");
    TU_EQ(prk, want_prk, 32, "PRK = HMAC-SHA-256(salt, master)");
    TU_CHECK(rijn_file_seal_init(&ctx, hdr, sizeof hdr, &hl, &p, master) == RIJN_OK,
             "seal_init, aead %u", aead);
    TU_CHECK(rijn_hmac(&rijn_hash_sha256, mac, 32, hk, 32, hdr, hl - 32) == RIJN_OK, "HMAC");
    TU_EQ(mac, hdr + hl - 32, 32, "header MAC under the derived header key");
    TU_CHECK(rijn_file_seal_chunk(&ctx, c1, msg, 100, 1) == RIJN_OK, "seal_chunk");
    memset(nonce, 0, sizeof nonce);
    nonce[a->nonce_len - 1] = 1; /* chunk 0, last */
    TU_CHECK(a->init(&actx, pk, klen) == RIJN_OK &&
                 a->seal(&actx, c2, c2 + 100, 16, nonce, a->nonce_len, NULL, 0, msg, 100) ==
                     RIJN_OK,
             "seal with the derived payload key, aead %u", aead);
    a->wipe(&actx);
    TU_EQ(c2, c1, 116, "chunk sealed with the derived payload key");
}

static void derive_keys(void)
{
    uint8_t prk[32], hk[32], pk[32];
    unsigned id;
    TU_CHECK(rijn_file_derive_keys(NULL, hk, pk, 1, master, salt) == RIJN_ERR_NULL, "NULL prk");
    TU_CHECK(rijn_file_derive_keys(prk, NULL, pk, 1, master, salt) == RIJN_ERR_NULL,
             "NULL header key");
    TU_CHECK(rijn_file_derive_keys(prk, hk, NULL, 1, master, salt) == RIJN_ERR_NULL,
             "NULL payload key");
    TU_CHECK(rijn_file_derive_keys(prk, hk, pk, 1, NULL, salt) == RIJN_ERR_NULL, "NULL master");
    TU_CHECK(rijn_file_derive_keys(prk, hk, pk, 1, master, NULL) == RIJN_ERR_NULL, "NULL salt");
    TU_CHECK(rijn_file_derive_keys(prk, hk, pk, 0, master, salt) == RIJN_ERR_UNSUPPORTED,
             "aead 0");
    TU_CHECK(rijn_file_derive_keys(prk, hk, pk, 4, master, salt) == RIJN_ERR_UNSUPPORTED,
             "aead 4");
    for (id = RIJN_FILE_AES256GCM; id <= RIJN_FILE_ASCON128; id++)
        if (rijn_file_aead_available(id))
            derive_one(id);
}

static void bad_params(void)
{
    static const uint8_t zero[32] = {0};
    rijn_file_params p;
    rijn_file_writer w;
    uint8_t m[32], buf[RIJN_FILE_V2_HEADER_MAX];
    rijn_file_params_init(&p);
    p.key_source = RIJN_FILE_KEY_PBKDF2;
    p.iterations = 1;
    p.chunk_size = 100; /* under RIJN_FILE_CHUNK_MIN */
    memset(m, 0x55, sizeof m);
    TU_CHECK(rijn_file_master_key(m, &p, (const uint8_t *)"pw", 2, NULL, 0) == RIJN_ERR_PARAM,
             "master_key: chunk size under the minimum");
    TU_EQ(m, zero, 32, "master key zero after the refusal");
    p.chunk_size = 256;
    p.iterations = 0;
    TU_CHECK(rijn_file_master_key(m, &p, (const uint8_t *)"pw", 2, NULL, 0) == RIJN_ERR_PARAM,
             "master_key: 0 iterations");
    rijn_file_params_init(&p);
    p.chunk_size = RIJN_FILE_CHUNK_MAX + 1;
    TU_CHECK(rijn_file_v2_begin(&w, buf, sizeof buf, &p, 1, master) == RIJN_ERR_PARAM,
             "v2 begin: known AEAD, chunk size over the maximum");
    p.aead = 0;
    TU_CHECK(rijn_file_v2_begin(&w, buf, sizeof buf, &p, 1, master) == RIJN_ERR_UNSUPPORTED,
             "v2 begin: AEAD id 0");
    rijn_file_params_init(&p);
    p.key_source = 0;
    TU_CHECK(rijn_file_master_key(m, &p, (const uint8_t *)"pw", 2, NULL, 0) ==
                 RIJN_ERR_UNSUPPORTED, "master_key: key source 0");
    p.key_source = RIJN_FILE_KEY_ARGON2ID + 1;
    TU_CHECK(rijn_file_master_key(m, &p, (const uint8_t *)"pw", 2, NULL, 0) ==
                 RIJN_ERR_UNSUPPORTED, "master_key: key source 4");
}

/* An X25519 stanza whose ephemeral share E is a low-order point. */
static void v2_low_order(void)
{
    static const uint8_t zero[32] = {0};
    uint8_t buf[RIJN_FILE_V2_HEADER_MAX], sk[32], pub[32], eph[32], fk[32], got[32];
    rijn_file_params p;
    rijn_file_writer w;
    rijn_file_stanza st;
    rijn_file_ctx ctx;
    size_t hl = 0;
    unsigned u;
    memset(sk, 0x61, sizeof sk);
    memset(eph, 0x62, sizeof eph);
    memset(fk, 0x63, sizeof fk);
    rijn_file_params_init(&p);
    p.chunk_size = 256;
    memset(&st, 0, sizeof st);
    st.type = RIJN_FILE_KEY_X25519;
    TU_CHECK(rijn_x25519_base(pub, sk) == RIJN_OK, "public key");
    TU_CHECK(rijn_file_v2_begin(&w, buf, sizeof buf, &p, 1, fk) == RIJN_OK &&
                 rijn_file_v2_add(&w, &st, pub, eph) == RIJN_OK &&
                 rijn_file_v2_end(&w, &ctx, &hl) == RIJN_OK,
             "v2 header with one X25519 stanza");
    rijn_file_wipe(&ctx);
    TU_CHECK(buf[47] == RIJN_FILE_KEY_X25519, "stanza 0 at offset 47");
    TU_CHECK(rijn_file_v2_unwrap(got, buf, hl, 0, sk) == RIJN_OK && memcmp(got, fk, 32) == 0,
             "unwrap of the intact header");
    TU_CHECK(rijn_file_v2_stanza(buf, hl, 0, &st) == RIJN_OK && st.type == RIJN_FILE_KEY_X25519,
             "stanza 0 read back");
    TU_CHECK(rijn_file_v2_stanza(buf, 20, 0, &st) == RIJN_ERR_LENGTH && st.type == 0,
             "stanza of a header cut at 20 bytes");
    for (u = 0; u < 2; u++) { /* E = 0 and E = 1: X25519 gives the all-zero secret */
        memset(buf + 48, 0, 32);
        buf[48] = (uint8_t)u;
        memset(got, 0x77, sizeof got);
        TU_CHECK(rijn_file_v2_unwrap(got, buf, hl, 0, sk) == RIJN_ERR_AUTH,
                 "low-order ephemeral u = %u: RIJN_ERR_AUTH", u);
        TU_EQ(got, zero, 32, "file key zero after a low-order ephemeral");
    }
}

static void legacy_digest_sizes(void)
{
    rijn_hash_desc h0 = rijn_hash_sha256, hbig = rijn_hash_sha256;
    rijn_legacy_params p;
    rijn_legacy_ctx ctx;
    uint8_t iv[16] = {0}, k[32], head[16];
    size_t hl;
    h0.digest_size = 0;
    hbig.digest_size = RIJN_HASH_MAX_SIZE + 1;
    TU_CHECK(rijn_mbedtls_cah_key(&h0, iv, (const uint8_t *)"s", 1, k) == RIJN_ERR_PARAM,
             "cah_key: digest size 0");
    TU_CHECK(rijn_mbedtls_cah_key(&hbig, iv, (const uint8_t *)"s", 1, k) == RIJN_ERR_PARAM,
             "cah_key: digest size over the maximum");
    memset(&p, 0, sizeof p);
    p.mode = RIJN_LEGACY_CBC;
    p.key_len = 32;
    p.iterations = 1;
    p.md = &h0;
    TU_CHECK(rijn_openssl_enc_seal_init(&ctx, head, sizeof head, &hl, &p, NULL,
                                        (const uint8_t *)"pw", 2) == RIJN_ERR_PARAM,
             "openssl enc: digest size 0");
    p.md = &hbig;
    TU_CHECK(rijn_openssl_enc_seal_init(&ctx, head, sizeof head, &hl, &p, NULL,
                                        (const uint8_t *)"pw", 2) == RIJN_ERR_PARAM,
             "openssl enc: digest size over the maximum");
    /* verify on a reader that does not HMAC: out of order */
    p.md = &rijn_hash_sha256;
    TU_CHECK(rijn_mbedtls_cah_open_init(&ctx, &p, iv, (const uint8_t *)"s", 1,
                                        RIJN_CAH_DECRYPT) == RIJN_OK,
             "crypt_and_hash reader, decrypt only");
    TU_CHECK(rijn_mbedtls_cah_verify(&ctx) == RIJN_ERR_STATE, "verify without RIJN_CAH_MAC");
    rijn_legacy_wipe(&ctx);
    /* rewind is crypt_and_hash's: an openssl enc reader refuses it */
    TU_CHECK(rijn_openssl_enc_open_init(&ctx, &p, NULL, (const uint8_t *)"pw", 2) == RIJN_OK,
             "openssl enc reader");
    TU_CHECK(rijn_mbedtls_cah_rewind(&ctx, RIJN_CAH_DECRYPT) == RIJN_ERR_STATE,
             "rewind of an openssl enc reader");
    rijn_legacy_wipe(&ctx);
}

/* an age key string with a character above 'z' in its prefix */
static void age_key_text(void)
{
    uint8_t pub[32], sk[32], got[32];
    char s[RIJN_AGE_PUBLIC_SIZE + 8];
    size_t n;
    memset(sk, 0x71, sizeof sk);
    TU_CHECK(rijn_x25519_base(pub, sk) == RIJN_OK &&
                 rijn_age_public_encode(s, sizeof s, pub) == RIJN_OK,
             "age public key");
    n = strlen(s);
    TU_CHECK(rijn_age_public_decode(got, s, n) == RIJN_OK && memcmp(got, pub, 32) == 0,
             "decode");
    s[1] = '{';
    TU_CHECK(rijn_age_public_decode(got, s, n) == RIJN_ERR_PARAM, "'{' in the prefix");
    s[1] = 'G';
    TU_CHECK(rijn_age_public_decode(got, s, n) == RIJN_ERR_PARAM, "mixed case prefix");
}

/* ---- age headers by hand ---------------------------------------------- */

#define B64_32 "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" /* 43 chars: 32 bytes */
#define B64_16 "AAAAAAAAAAAAAAAAAAAAAA"                      /* 22 chars: 16 bytes */
#define LINE64 B64_32 "AAAAAAAAAAAAAAAAAAAAA"               /* 64 chars */
#define FOOTER "--- " B64_32 "\n"
#define INTRO RIJN_AGE_INTRO

static uint8_t work[RIJN_AGE_SCRYPT_WORK_SIZE(1) + 64];

static int info_of(const char *h)
{
    rijn_age_info info;
    return rijn_age_header_info((const uint8_t *)h, strlen(h), &info);
}

static int x_unwrap(const char *h)
{
    uint8_t sk[32], key[16];
    memset(sk, 0x21, sizeof sk);
    return rijn_age_unwrap_x25519(key, (const uint8_t *)h, strlen(h), sk, NULL);
}

static int s_unwrap(const char *h, unsigned max_log_n, size_t work_size)
{
    uint8_t key[16];
    return rijn_age_unwrap_scrypt(key, (const uint8_t *)h, strlen(h), (const uint8_t *)"pw", 2,
                                  max_log_n, work, work_size);
}

static void age_by_hand(void)
{
    static const char x_ok[] = INTRO "-> X25519 " B64_32 "\n" B64_32 "\n" FOOTER;
    static const char x_two_lines[] = INTRO "-> X25519 " B64_32 "\n" LINE64 "\n\n" FOOTER;
    static const char x_bad_share[] = INTRO "-> X25519 " B64_16 "\n" B64_32 "\n" FOOTER;
    static const char x_bad_body[] = INTRO "-> X25519 " B64_32 "\n" B64_16 "\n" FOOTER;
    static const char x_long_arg[] = INTRO "-> X25519 " LINE64 "AAAA\n" B64_32 "\n" FOOTER;
    static const char many_args[] = INTRO "-> other a b c d e f\n" B64_32 "\n"
                                          "-> X25519 " B64_32 "\n" B64_32 "\n" FOOTER;
    static const char s_two_lines[] = INTRO "-> scrypt " B64_16 " 1\n" LINE64 "\n\n" FOOTER;
    static const char s_log70[] = INTRO "-> scrypt " B64_16 " 70\n" B64_32 "\n" FOOTER;
    static const char s_log1[] = INTRO "-> scrypt " B64_16 " 1\n" B64_32 "\n" FOOTER;
    static const char not_age[] = "age-encryption.org/v2\n" FOOTER;

    TU_CHECK(info_of(x_ok) == RIJN_OK, "hand-written X25519 header parses");
    TU_CHECK(x_unwrap(x_ok) == RIJN_ERR_PARAM,
             "its share (u = 0, low order) fails the file, as age does");
    TU_CHECK(info_of(x_two_lines) == RIJN_ERR_PARAM, "X25519 body on two lines (info)");
    TU_CHECK(x_unwrap(x_two_lines) == RIJN_ERR_PARAM, "X25519 body on two lines (unwrap)");
    TU_CHECK(x_unwrap(x_bad_share) == RIJN_ERR_PARAM, "X25519 share of 16 bytes (unwrap)");
    TU_CHECK(x_unwrap(x_bad_body) == RIJN_ERR_PARAM, "X25519 body of 16 bytes (unwrap)");
    TU_CHECK(info_of(x_long_arg) == RIJN_ERR_PARAM, "argument over 64 characters (info)");
    TU_CHECK(x_unwrap(x_long_arg) == RIJN_ERR_PARAM, "argument over 64 characters (unwrap)");
    TU_CHECK(info_of(many_args) == RIJN_OK, "an unknown stanza with 7 arguments is skipped");
    TU_CHECK(x_unwrap(many_args) == RIJN_ERR_PARAM,
             "and the X25519 stanza after it is read (its low-order share fails it)");
    TU_CHECK(info_of(s_two_lines) == RIJN_ERR_PARAM, "scrypt body on two lines");
    TU_CHECK(s_unwrap(s_two_lines, 10, sizeof work) == RIJN_ERR_PARAM,
             "scrypt unwrap of a header info refuses");
    TU_CHECK(s_unwrap(not_age, 10, sizeof work) == RIJN_ERR_PARAM, "scrypt unwrap, not age v1");
    TU_CHECK(s_unwrap(s_log70, 99, sizeof work) == RIJN_ERR_LIMIT,
             "scrypt log N 70 under a limit of 99: over the 63 any caller gets");
    TU_CHECK(s_unwrap(s_log1, 10, 16) != RIJN_OK, "scrypt with a 16-byte work area");
    TU_CHECK(s_unwrap(s_log1, 10, sizeof work) == RIJN_ERR_AUTH, "scrypt, wrong body");
}

int main(void)
{
    memset(master, 0x5a, sizeof master);
    memset(salt, 0xa5, sizeof salt);
    derive_keys();
    bad_params();
    v2_low_order();
    legacy_digest_sizes();
    age_key_text();
    age_by_hand();
    return tu_finish();
}
