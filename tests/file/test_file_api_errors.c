/*
 * test_file_api_errors.c -- the file format's API at its edges. Version 1
 * (file.h): NULL in every required pointer of seal_init, open_header, the
 * chunk calls, master_key; the NULL-tolerant helpers (params_init,
 * chunk_index, wipe, argon2_work_size). The version 2 (multi-recipient)
 * header writer and reader (file_recipients.h):
 *   - the writer into every buffer size from 0 to the header's length
 *     (a raw-key and an X25519 stanza): each short size fails with
 *     RIJN_ERR_BUFFER at one call and every later call fails; the exact
 *     size writes the reference header;
 *   - NULL in every required pointer of begin/add/end/parse/stanza/unwrap/
 *     open; an unknown AEAD, a stanza type out of range, a stanza index
 *     past the count, a wrong secret;
 *   - every single-bit change of the header: rijn_file_v2_open with the
 *     right file key never accepts it, and every truncation is refused.
 * tests/file/test_file_v2.c and test_file_errors.c have the round trips
 * and the chunk rules.
 */
#include <string.h>

#include "testutil.h"

static uint8_t fk[32], raw[32], id[32], pub[32], eph[32], ref[RIJN_FILE_V2_HEADER_MAX];
static uint8_t buf[RIJN_FILE_V2_HEADER_MAX];
static rijn_file_params p;

static int write_hdr(uint8_t *out, size_t size, size_t *hl)
{
    rijn_file_writer w;
    rijn_file_stanza st;
    rijn_file_ctx ctx;
    int r, first;
    memset(&st, 0, sizeof st);
    first = rijn_file_v2_begin(&w, out, size, &p, 2, fk);
    st.type = RIJN_FILE_KEY_RAW;
    r = rijn_file_v2_add(&w, &st, raw, NULL);
    TU_CHECK(first == RIJN_OK || r != RIJN_OK, "raw stanza after a failure");
    first = first != RIJN_OK ? first : r;
    st.type = RIJN_FILE_KEY_X25519;
    r = rijn_file_v2_add(&w, &st, pub, eph);
    TU_CHECK(first == RIJN_OK || r != RIJN_OK, "X25519 stanza after a failure");
    first = first != RIJN_OK ? first : r;
    r = rijn_file_v2_end(&w, &ctx, hl);
    TU_CHECK(first == RIJN_OK || r != RIJN_OK, "end after a failure");
    rijn_file_wipe(&ctx);
    return first != RIJN_OK ? first : r;
}

static void nulls(size_t hl)
{
    rijn_file_writer w;
    rijn_file_stanza st;
    rijn_file_ctx ctx;
    rijn_file_params q;
    uint8_t key[32];
    size_t n;

    memset(&st, 0, sizeof st);
    st.type = RIJN_FILE_KEY_RAW;
    TU_CHECK(rijn_file_v2_begin(NULL, buf, sizeof buf, &p, 1, fk) == RIJN_ERR_NULL, "begin w");
    TU_CHECK(rijn_file_v2_begin(&w, NULL, sizeof buf, &p, 1, fk) == RIJN_ERR_NULL, "begin buf");
    TU_CHECK(rijn_file_v2_begin(&w, buf, sizeof buf, NULL, 1, fk) == RIJN_ERR_NULL, "begin p");
    TU_CHECK(rijn_file_v2_begin(&w, buf, sizeof buf, &p, 1, NULL) == RIJN_ERR_NULL,
             "begin key");
    TU_CHECK(rijn_file_v2_begin(&w, buf, sizeof buf, &p, RIJN_FILE_STANZAS_MAX + 1, fk) ==
                 RIJN_ERR_PARAM, "too many stanzas");
    q = p;
    q.aead = 9;
    TU_CHECK(rijn_file_v2_begin(&w, buf, sizeof buf, &q, 1, fk) == RIJN_ERR_UNSUPPORTED,
             "unknown AEAD");
    TU_CHECK(rijn_file_v2_begin(&w, buf, sizeof buf, &p, 1, fk) == RIJN_OK, "begin");
    TU_CHECK(rijn_file_v2_add(NULL, &st, raw, NULL) == RIJN_ERR_NULL, "add w");
    TU_CHECK(rijn_file_v2_add(&w, NULL, raw, NULL) == RIJN_ERR_NULL, "add st");
    TU_CHECK(rijn_file_v2_add(&w, &st, NULL, NULL) == RIJN_ERR_NULL, "add secret");
    st.type = RIJN_FILE_KEY_X25519;
    TU_CHECK(rijn_file_v2_add(&w, &st, pub, NULL) == RIJN_ERR_NULL, "add ephemeral");
    st.type = 0;
    TU_CHECK(rijn_file_v2_add(&w, &st, raw, NULL) == RIJN_ERR_PARAM, "stanza type 0");
    st.type = RIJN_FILE_KEY_X25519 + 1;
    TU_CHECK(rijn_file_v2_add(&w, &st, raw, NULL) == RIJN_ERR_PARAM, "stanza type 5");
    TU_CHECK(rijn_file_v2_end(NULL, &ctx, &n) == RIJN_ERR_NULL, "end w");
    TU_CHECK(rijn_file_v2_end(&w, NULL, &n) == RIJN_ERR_NULL, "end ctx");
    TU_CHECK(rijn_file_v2_end(&w, &ctx, NULL) == RIJN_ERR_NULL, "end length");

    TU_CHECK(rijn_file_v2_parse(NULL, ref, hl) == RIJN_ERR_NULL, "parse p");
    TU_CHECK(rijn_file_v2_parse(&q, NULL, hl) == RIJN_ERR_NULL, "parse in");
    TU_CHECK(rijn_file_v2_stanza(ref, hl, 0, NULL) == RIJN_ERR_NULL, "stanza st");
    TU_CHECK(rijn_file_v2_stanza(ref, hl, 2, &st) == RIJN_ERR_PARAM, "stanza 2 of 2");
    TU_CHECK(rijn_file_v2_stanza(ref, hl, 1, &st) == RIJN_OK && st.type == RIJN_FILE_KEY_X25519,
             "stanza 1 is X25519");
    TU_CHECK(rijn_file_v2_unwrap(NULL, ref, hl, 0, raw) == RIJN_ERR_NULL, "unwrap key");
    TU_CHECK(rijn_file_v2_unwrap(key, ref, hl, 0, NULL) == RIJN_ERR_NULL, "unwrap secret");
    TU_CHECK(rijn_file_v2_unwrap(key, ref, hl, 2, raw) == RIJN_ERR_PARAM, "unwrap stanza 2");
    TU_CHECK(rijn_file_v2_unwrap(key, ref, hl - 1, 0, raw) == RIJN_ERR_LENGTH, "unwrap cut");
    TU_CHECK(rijn_file_v2_unwrap(key, ref, hl, 0, raw) == RIJN_OK && memcmp(key, fk, 32) == 0,
             "unwrap raw");
    TU_CHECK(rijn_file_v2_unwrap(key, ref, hl, 1, id) == RIJN_OK && memcmp(key, fk, 32) == 0,
             "unwrap X25519");
    TU_CHECK(rijn_file_v2_unwrap(key, ref, hl, 1, raw) == RIJN_ERR_AUTH, "X25519: wrong id");
    TU_CHECK(rijn_file_v2_unwrap(key, ref, hl, 0, id) == RIJN_ERR_AUTH, "raw: wrong key");
    TU_CHECK(rijn_file_v2_open(NULL, ref, hl, fk) == RIJN_ERR_NULL, "open ctx");
    TU_CHECK(rijn_file_v2_open(&ctx, ref, hl, NULL) == RIJN_ERR_NULL, "open key");
    TU_CHECK(rijn_file_v2_open(&ctx, ref, hl, raw) == RIJN_ERR_AUTH, "open: wrong file key");
    TU_CHECK(rijn_file_v2_open(&ctx, ref, hl, fk) == RIJN_OK, "open");
    rijn_file_wipe(&ctx);
}

static void v1_nulls(void)
{
    rijn_file_params q;
    rijn_file_ctx ctx;
    uint8_t h[RIJN_FILE_HEADER_MAX], m[32], out[64];
    size_t hl = 7;

    rijn_file_params_init(NULL); /* no effect, no crash */
    rijn_file_params_init(&q);
    TU_CHECK(rijn_file_seal_init(NULL, h, sizeof h, &hl, &q, fk) == RIJN_ERR_NULL, "seal ctx");
    TU_CHECK(rijn_file_seal_init(&ctx, NULL, sizeof h, &hl, &q, fk) == RIJN_ERR_NULL && hl == 0,
             "seal header");
    TU_CHECK(rijn_file_seal_init(&ctx, h, sizeof h, &hl, NULL, fk) == RIJN_ERR_NULL, "seal p");
    TU_CHECK(rijn_file_seal_init(&ctx, h, sizeof h, &hl, &q, NULL) == RIJN_ERR_NULL,
             "seal master");
    TU_CHECK(rijn_file_seal_init(&ctx, h, sizeof h, &hl, &q, fk) == RIJN_OK, "seal");
    TU_CHECK(rijn_file_seal_chunk(NULL, out, out, 1, 1) == RIJN_ERR_NULL, "seal chunk ctx");
    TU_CHECK(rijn_file_chunk_index(NULL) == 0, "chunk_index(NULL)");
    rijn_file_wipe(NULL);
    TU_CHECK(rijn_file_open_header(NULL, h, hl, fk) == RIJN_ERR_NULL, "open ctx");
    TU_CHECK(rijn_file_open_header(&ctx, NULL, hl, fk) == RIJN_ERR_NULL, "open header");
    TU_CHECK(rijn_file_open_header(&ctx, h, hl, NULL) == RIJN_ERR_NULL, "open master");
    TU_CHECK(rijn_file_open_header(&ctx, h, hl, fk) == RIJN_OK, "open");
    TU_CHECK(rijn_file_open_chunk(NULL, out, out, 17, 1) == RIJN_ERR_NULL, "open chunk ctx");
    TU_CHECK(rijn_file_open_chunk(&ctx, out, NULL, 17, 1) == RIJN_ERR_NULL, "open chunk in");
    rijn_file_wipe(&ctx);
    TU_CHECK(rijn_file_argon2_work_size(NULL) == 0, "argon2 work of NULL params");
    TU_CHECK(rijn_file_argon2_work_size(&q) == 0, "argon2 work of a raw key");
    TU_CHECK(rijn_file_master_key(NULL, &q, m, 1, NULL, 0) == RIJN_ERR_NULL, "master out");
    TU_CHECK(rijn_file_master_key(m, NULL, m, 1, NULL, 0) == RIJN_ERR_NULL, "master p");
    TU_CHECK(rijn_file_master_key(m, &q, NULL, 1, NULL, 0) == RIJN_ERR_NULL, "master pass");
}

int main(void)
{
    size_t len = 0, hl = 0, s, i;
    unsigned bad = 0, accepted = 0, cut = 0;
    rijn_file_ctx ctx;
    int bit;

    memset(fk, 0x11, sizeof fk);
    memset(raw, 0x22, sizeof raw);
    memset(id, 0x33, sizeof id);
    memset(eph, 0x44, sizeof eph);
    TU_CHECK(rijn_x25519_base(pub, id) == RIJN_OK, "public key");
    rijn_file_params_init(&p);
    p.aead = RIJN_FILE_AES256GCM;
    p.chunk_size = 4096;
    memset(p.salt, 0x55, sizeof p.salt);

    TU_CHECK(write_hdr(ref, sizeof ref, &len) == RIJN_OK, "reference header");
    for (s = 0; s < len; s++)
        bad += write_hdr(buf, s, &hl) != RIJN_ERR_BUFFER;
    TU_CHECK(bad == 0, "%u buffer sizes below %zu not RIJN_ERR_BUFFER", bad, len);
    TU_CHECK(write_hdr(buf, len, &hl) == RIJN_OK && hl == len, "exact size");
    TU_EQ(buf, ref, len, "header written into its exact size");

    nulls(len);
    v1_nulls();
    for (i = 0; i < len; i++) {
        rijn_file_params q;
        cut += rijn_file_v2_parse(&q, ref, i) == RIJN_OK;
        for (bit = 0; bit < 8; bit += 3) {
            memcpy(buf, ref, len);
            buf[i] ^= (uint8_t)(1u << bit);
            accepted += rijn_file_v2_open(&ctx, buf, len, fk) == RIJN_OK;
            rijn_file_wipe(&ctx);
        }
    }
    TU_CHECK(cut == 0, "%u truncated headers parsed", cut);
    TU_CHECK(accepted == 0, "%u changed headers opened", accepted);
    return tu_finish();
}
