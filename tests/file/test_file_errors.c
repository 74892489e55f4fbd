/*
 * test_file_errors.c -- every documented error of the rijn file format C
 * API (rijn/file.h): parameter checks, header parsing (magic, version,
 * ids, ranges, short input and the length it asks for), the writer's and
 * reader's length and state rules (FORMAT.md section 5: a non-last chunk
 * is exactly chunk_size, an empty last chunk only as chunk 0, nothing
 * after the last chunk, at most 2^32 chunks), failure latching, NULL and
 * overlap checks, open_final on a truncated stream, optional primitives
 * (Argon2id, Ascon-AEAD128) refused with RIJN_ERR_UNSUPPORTED when not
 * built, and the PBKDF2 master key against OpenSSL.
 */
#include <openssl/evp.h>
#include <string.h>

#include "rijn/file.h"
#include "testutil.h"

static uint8_t key[32];

static int seal_setup(rijn_file_ctx *c, uint8_t *hdr, uint32_t cs, unsigned aead)
{
    rijn_file_params p;
    rijn_file_params_init(&p);
    p.chunk_size = cs;
    p.aead = (uint8_t)aead;
    return rijn_file_seal_init(c, hdr, RIJN_FILE_HEADER_MAX, NULL, &p, key);
}

static void params_and_parse(void)
{
    rijn_file_params p, q;
    uint8_t h[RIJN_FILE_HEADER_MAX + 8];
    size_t hl, i;
    rijn_file_ctx c;

    rijn_file_params_init(&p);
    TU_CHECK(rijn_file_params_check(&p) == RIJN_OK && p.header_len == 79, "defaults");
    TU_CHECK(rijn_file_params_check(NULL) == RIJN_ERR_NULL, "NULL params");
    p.chunk_size = 255;
    TU_CHECK(rijn_file_params_check(&p) == RIJN_ERR_PARAM, "chunk 255");
    p.chunk_size = RIJN_FILE_CHUNK_MAX + 1;
    TU_CHECK(rijn_file_params_check(&p) == RIJN_ERR_PARAM, "chunk 2^24+1");
    p.chunk_size = RIJN_FILE_CHUNK_MAX;
    TU_CHECK(rijn_file_params_check(&p) == RIJN_OK, "chunk 2^24");
    p.aead = 0;
    TU_CHECK(rijn_file_params_check(&p) == RIJN_ERR_UNSUPPORTED, "aead 0");
    p.aead = 4;
    TU_CHECK(rijn_file_params_check(&p) == RIJN_ERR_UNSUPPORTED, "aead 4");
    p.aead = 1;
    p.key_source = 4;
    TU_CHECK(rijn_file_params_check(&p) == RIJN_ERR_UNSUPPORTED, "key source 4");
    p.key_source = RIJN_FILE_KEY_PBKDF2;
    p.iterations = 0;
    TU_CHECK(rijn_file_params_check(&p) == RIJN_ERR_PARAM, "0 iterations");
    p.iterations = 1;
    TU_CHECK(rijn_file_params_check(&p) == RIJN_OK && p.header_len == 83, "pbkdf2 83");
    p.key_source = RIJN_FILE_KEY_ARGON2ID;
    TU_CHECK(rijn_file_params_check(&p) == RIJN_OK && p.header_len == 88, "argon2 88");
    p.argon2_m = 8u * p.argon2_lanes - 1;
    TU_CHECK(rijn_file_params_check(&p) == RIJN_ERR_PARAM, "m < 8p");
    p.argon2_m = 64;
    p.argon2_t = 0;
    TU_CHECK(rijn_file_params_check(&p) == RIJN_ERR_PARAM, "t 0");
    p.argon2_t = 1;
    p.argon2_lanes = 0;
    TU_CHECK(rijn_file_params_check(&p) == RIJN_ERR_PARAM, "p 0");

    /* a PBKDF2 header to parse and damage */
    rijn_file_params_init(&p);
    p.key_source = RIJN_FILE_KEY_PBKDF2;
    p.iterations = 1000;
    TU_CHECK(rijn_file_seal_init(&c, h, 82, &hl, &p, key) == RIJN_ERR_BUFFER && hl == 0,
             "header buffer too small");
    TU_CHECK(rijn_file_seal_init(&c, h, sizeof h, &hl, &p, key) == RIJN_OK && hl == 83, "seal");
    rijn_file_wipe(&c);
    TU_CHECK(rijn_file_header_parse(&q, h, hl) == RIJN_OK && q.iterations == 1000 &&
                 q.chunk_size == 65536 && q.header_len == 83, "parse");
    TU_CHECK(rijn_file_header_parse(NULL, h, hl) == RIJN_ERR_NULL, "parse NULL p");
    TU_CHECK(rijn_file_header_parse(&q, NULL, 5) == RIJN_ERR_NULL, "parse NULL in");
    for (i = 0; i < hl; i++) {
        int r = rijn_file_header_parse(&q, h, i);
        TU_CHECK(r == RIJN_ERR_LENGTH && q.header_len == (i < 15 ? 0u : 83u),
                 "short header %zu: %d %zu", i, r, q.header_len);
    }
    h[3] ^= 1;
    TU_CHECK(rijn_file_header_parse(&q, h, hl) == RIJN_ERR_PARAM, "magic");
    TU_CHECK(rijn_file_header_parse(&q, h, 4) == RIJN_ERR_PARAM, "magic, 4 bytes");
    h[3] ^= 1;
    h[8] = 2;
    TU_CHECK(rijn_file_header_parse(&q, h, hl) == RIJN_ERR_UNSUPPORTED, "version 2");
    h[8] = 1;
    h[9] = 0;
    TU_CHECK(rijn_file_header_parse(&q, h, hl) == RIJN_ERR_UNSUPPORTED, "aead 0");
    h[9] = 1;
    h[10] = 1; /* chunk size 2^24 + 65536 */
    TU_CHECK(rijn_file_header_parse(&q, h, hl) == RIJN_ERR_PARAM, "chunk size");
    h[10] = 0;
    h[14] = 9;
    TU_CHECK(rijn_file_header_parse(&q, h, hl) == RIJN_ERR_UNSUPPORTED, "key source 9");
    h[14] = 2;
    memset(h + 15, 0, 4);
    TU_CHECK(rijn_file_header_parse(&q, h, hl) == RIJN_ERR_PARAM, "0 iterations");
}

static void master_keys(void)
{
    rijn_file_params p;
    uint8_t m[32], want[32];
    rijn_file_params_init(&p);
    tu_rand_bytes(p.salt, 32);
    p.key_source = RIJN_FILE_KEY_PBKDF2;
    p.iterations = 1000;
    TU_CHECK(rijn_file_master_key(m, &p, (const uint8_t *)"pass word", 9, NULL, 0) == RIJN_OK,
             "pbkdf2");
    PKCS5_PBKDF2_HMAC("pass word", 9, p.salt, 32, 1000, EVP_sha256(), 32, want);
    TU_EQ(m, want, 32, "PBKDF2 master key vs OpenSSL");
    TU_CHECK(rijn_file_master_key(m, &p, NULL, 0, NULL, 0) == RIJN_OK, "empty passphrase");
    TU_CHECK(rijn_file_master_key(m, &p, NULL, 3, NULL, 0) == RIJN_ERR_NULL, "NULL pass");
    p.key_source = RIJN_FILE_KEY_RAW;
    memset(m, 0xFF, 32);
    TU_CHECK(rijn_file_master_key(m, &p, (const uint8_t *)"x", 1, NULL, 0) == RIJN_ERR_PARAM &&
                 m[0] == 0 && m[31] == 0, "raw key source has no passphrase; master zeroed");
    p.key_source = RIJN_FILE_KEY_ARGON2ID;
    p.argon2_m = 64;
    p.argon2_t = 1;
    p.argon2_lanes = 1;
    if (!rijn_file_kdf_available(RIJN_FILE_KEY_ARGON2ID)) {
        TU_CHECK(rijn_file_master_key(m, &p, (const uint8_t *)"x", 1, NULL, 0) ==
                     RIJN_ERR_UNSUPPORTED, "argon2id not built");
        TU_CHECK(rijn_file_argon2_work_size(&p) == 0, "argon2id work size 0");
    } else {
        size_t ws = rijn_file_argon2_work_size(&p);
        TU_CHECK(ws >= 64 * 1024, "argon2id work size %zu", ws);
        TU_CHECK(rijn_file_master_key(m, &p, (const uint8_t *)"x", 1, NULL, 0) ==
                     RIJN_ERR_BUFFER || rijn_file_master_key(m, &p, (const uint8_t *)"x", 1,
                     NULL, 0) == RIJN_ERR_NULL, "argon2id without work area");
    }
    TU_CHECK(rijn_file_master_key(NULL, &p, NULL, 0, NULL, 0) == RIJN_ERR_NULL, "NULL master");
}

static void writer_rules(void)
{
    rijn_file_ctx c, d;
    uint8_t h[RIJN_FILE_HEADER_MAX], in[300], out[400];
    memset(in, 7, sizeof in);
    memset(&c, 0, sizeof c);
    TU_CHECK(rijn_file_seal_chunk(&c, out, in, 256, 0) == RIJN_ERR_STATE, "zeroed ctx");
    TU_CHECK(seal_setup(&c, h, 256, 1) == RIJN_OK, "setup");
    TU_CHECK(rijn_file_seal_chunk(&c, out, in, 255, 0) == RIJN_ERR_LENGTH, "short non-last");
    TU_CHECK(rijn_file_seal_chunk(&c, out, in, 257, 1) == RIJN_ERR_LENGTH, "long last");
    TU_CHECK(rijn_file_seal_chunk(&c, NULL, in, 256, 0) == RIJN_ERR_NULL, "NULL out");
    TU_CHECK(rijn_file_seal_chunk(&c, out, NULL, 256, 0) == RIJN_ERR_NULL, "NULL in");
    TU_CHECK(rijn_file_seal_chunk(&c, out + 1, out, 256, 0) == RIJN_ERR_PARAM, "overlap");
    TU_CHECK(rijn_file_open_chunk(&c, out, in, 272, 0) == RIJN_ERR_STATE, "open on writer");
    TU_CHECK(rijn_file_chunk_index(&c) == 0, "nothing sealed yet");
    TU_CHECK(rijn_file_seal_chunk(&c, out, in, 256, 0) == RIJN_OK, "chunk 0");
    TU_CHECK(rijn_file_seal_chunk(&c, out, in, 0, 1) == RIJN_ERR_LENGTH, "empty last after 0");
    memcpy(&d, &c, sizeof c);
    TU_CHECK(rijn_file_seal_chunk(&c, out, in, 1, 1) == RIJN_OK, "last");
    TU_CHECK(rijn_file_seal_chunk(&c, out, in, 1, 1) == RIJN_ERR_STATE, "after last");
    TU_CHECK(rijn_file_chunk_index(&c) == 2, "two sealed");
    /* the 2^32 limit: index 2^32 - 1 may only be last */
    d.counter = RIJN_FILE_MAX_CHUNKS - 1;
    TU_CHECK(rijn_file_seal_chunk(&d, out, in, 256, 0) == RIJN_ERR_LIMIT, "non-last at 2^32-1");
    TU_CHECK(rijn_file_seal_chunk(&d, out, in, 256, 1) == RIJN_OK, "last at 2^32-1");
    TU_CHECK(seal_setup(&d, h, 256, 1) == RIJN_OK, "setup");
    d.counter = RIJN_FILE_MAX_CHUNKS;
    TU_CHECK(rijn_file_seal_chunk(&d, out, in, 5, 1) == RIJN_ERR_LIMIT, "index 2^32");
    rijn_file_wipe(&d);
    TU_CHECK(seal_setup(&d, h, 256, 1) == RIJN_OK, "setup");
    TU_CHECK(rijn_file_seal_chunk(&d, out, NULL, 0, 1) == RIJN_OK, "empty file");
    TU_CHECK(rijn_file_seal_init(NULL, h, 88, NULL, NULL, key) == RIJN_ERR_NULL, "NULL ctx");
    TU_CHECK(rijn_file_seal_init(&d, h, 88, NULL, NULL, key) == RIJN_ERR_NULL, "NULL p");
    TU_CHECK(seal_setup(&d, h, 100, 1) == RIJN_ERR_PARAM, "chunk 100");
    if (!rijn_file_aead_available(RIJN_FILE_ASCON128))
        TU_CHECK(seal_setup(&d, h, 256, 3) == RIJN_ERR_UNSUPPORTED, "ascon not built");
    rijn_file_wipe(&c);
    rijn_file_wipe(&d);
}

/* The reader's rules, for one AEAD of the format (run for every one built). */
static void reader_rules(unsigned aead)
{
    rijn_file_ctx w, c, d;
    uint8_t h[RIJN_FILE_HEADER_MAX], in[256], f0[272], f1[272], f2[40], out[272], bad[32];
    size_t i;
    memset(in, 3, sizeof in);
    TU_CHECK(seal_setup(&w, h, 256, aead) == RIJN_OK, "setup aead %u", aead);
    TU_CHECK(rijn_file_seal_chunk(&w, f0, in, 256, 0) == RIJN_OK, "c0");
    TU_CHECK(rijn_file_seal_chunk(&w, f1, in, 256, 0) == RIJN_OK, "c1");
    TU_CHECK(rijn_file_seal_chunk(&w, f2, in, 24, 1) == RIJN_OK, "c2");
    memcpy(bad, key, 32);
    bad[0] ^= 1;
    TU_CHECK(rijn_file_open_header(&c, h, 79, bad) == RIJN_ERR_AUTH, "wrong key");
    TU_CHECK(rijn_file_open_chunk(&c, out, f0, 272, 0) == RIJN_ERR_STATE, "after header fail");
    TU_CHECK(rijn_file_open_header(&c, h, 78, key) == RIJN_ERR_LENGTH, "short header");
    TU_CHECK(rijn_file_open_header(&c, h, 79, NULL) == RIJN_ERR_NULL, "NULL master");
    TU_CHECK(rijn_file_open_header(&c, h, 79, key) == RIJN_OK, "open header");
    TU_CHECK(rijn_file_seal_chunk(&c, out, in, 256, 0) == RIJN_ERR_STATE, "seal on reader");
    memcpy(&d, &c, sizeof c);
    TU_CHECK(rijn_file_open_chunk(&c, out, f0, 15, 1) == RIJN_ERR_LENGTH, "piece < 16");
    TU_CHECK(rijn_file_open_chunk(&c, out, f0, 272, 0) == RIJN_ERR_STATE, "latched");
    TU_CHECK(rijn_file_open_final(&c) == RIJN_ERR_STATE, "final after failure");
    memcpy(&c, &d, sizeof c);
    TU_CHECK(rijn_file_open_chunk(&c, out, f0, 271, 0) == RIJN_ERR_LENGTH, "short non-last");
    memcpy(&c, &d, sizeof c);
    TU_CHECK(rijn_file_open_chunk(&c, out, f0, 272, 1) == RIJN_ERR_AUTH, "flag 1 on chunk 0");
    for (i = 0; i < 256 && out[i] == 0; i++)
        ;
    TU_CHECK(i == 256, "failed chunk wiped");
    memcpy(&c, &d, sizeof c);
    TU_CHECK(rijn_file_open_chunk(&c, out, f0, 272, 0) == RIJN_OK, "chunk 0");
    TU_CHECK(rijn_file_open_final(&c) == RIJN_ERR_LENGTH, "truncated after chunk 0");
    memcpy(&c, &d, sizeof c);
    TU_CHECK(rijn_file_open_chunk(&c, NULL, f0, 272, 0) == RIJN_ERR_NULL, "NULL out");
    TU_CHECK(rijn_file_open_chunk(&c, out + 1, out, 272, 0) == RIJN_ERR_PARAM, "overlap");
    TU_CHECK(rijn_file_open_chunk(&c, out, f0, 272, 0) == RIJN_OK, "chunk 0 after NULL");
    memcpy(out, f1, 272);
    TU_CHECK(rijn_file_open_chunk(&c, out, out, 272, 0) == RIJN_OK, "chunk 1 in place");
    TU_CHECK(memcmp(out, in, 256) == 0, "in-place plaintext");
    memcpy(&d, &c, sizeof c);
    TU_CHECK(rijn_file_open_chunk(&c, out, f2, 16, 1) == RIJN_ERR_LENGTH, "empty last not 0");
    memcpy(&c, &d, sizeof c);
    TU_CHECK(rijn_file_open_chunk(&c, out, f2, 40, 1) == RIJN_OK, "chunk 2");
    TU_CHECK(rijn_file_open_chunk(&c, out, f2, 40, 1) == RIJN_ERR_STATE, "after last");
    TU_CHECK(rijn_file_open_final(&c) == RIJN_OK, "final (a refused extra call changes nothing)");
    TU_CHECK(rijn_file_open_final(&c) == RIJN_ERR_STATE, "final wiped the context");
    memcpy(&c, &d, sizeof c);
    c.counter = RIJN_FILE_MAX_CHUNKS - 1;
    TU_CHECK(rijn_file_open_chunk(&c, out, f1, 272, 0) == RIJN_ERR_LIMIT, "non-last 2^32-1");
    memcpy(&c, &d, sizeof c);
    c.counter = RIJN_FILE_MAX_CHUNKS;
    TU_CHECK(rijn_file_open_chunk(&c, out, f2, 40, 1) == RIJN_ERR_LIMIT, "index 2^32");
    TU_CHECK(rijn_file_open_final(NULL) == RIJN_ERR_NULL, "final NULL");
    memset(&c, 0, sizeof c);
    TU_CHECK(rijn_file_open_final(&c) == RIJN_ERR_STATE, "final on zero ctx");
    rijn_file_wipe(&w);
    rijn_file_wipe(&c);
    rijn_file_wipe(&d);
}

/* What the build should offer (the same RIJN_CFG_* definitions reach the
 * tests as the library; defaults as in src/file/file_i.h). */
#ifndef RIJN_CFG_FILE_CHACHAPOLY
#define RIJN_CFG_FILE_CHACHAPOLY 1
#endif
#ifndef RIJN_CFG_FILE_ASCON
#define RIJN_CFG_FILE_ASCON 1
#endif
#ifndef RIJN_CFG_FILE_ARGON2
#define RIJN_CFG_FILE_ARGON2 1
#endif

int main(void)
{
    unsigned i;
    static const int want_aead[5] = {0, 1, RIJN_CFG_FILE_CHACHAPOLY != 0,
                                     RIJN_CFG_FILE_ASCON != 0, 0};
    static const int want_kdf[5] = {0, 1, 1, RIJN_CFG_FILE_ARGON2 != 0, 0};
    tu_rand_seed(0xE440);
    tu_rand_bytes(key, sizeof key);
    for (i = 0; i < 5; i++) {
        TU_CHECK(rijn_file_aead_available(i) == want_aead[i], "aead %u availability", i);
        TU_CHECK(rijn_file_kdf_available(i) == want_kdf[i], "kdf %u availability", i);
    }
    for (i = 0; i < 5; i++)
        TU_CHECK(rijn_file_aead_key_size(i) == (i == 1 || i == 2 ? 32u : i == 3 ? 16u : 0u),
                 "key size %u", i);
    params_and_parse();
    master_keys();
    writer_rules();
    for (i = 1; i < 4; i++)
        if (want_aead[i])
            reader_rules(i);
    return tu_finish();
}
