/*
 * test_file_v2.c -- version 2 of the rijn format (rijn/file_recipients.h,
 * docs/FORMAT.md section 10) through the C API:
 *   round trips with X25519, raw-key, PBKDF2 and Argon2id stanzas in one
 *   file, every AEAD, several lengths: each stanza opens with its own
 *   secret only and gives the same file key; the header MAC binds every
 *   byte (each one-byte change of the header is refused by parse, unwrap
 *   or open); parse gives a growing lower bound of the header length on
 *   every prefix and the exact length at the end; out-of-range fields,
 *   unknown stanza types and bad costs are RIJN_ERR_PARAM; another version
 *   is RIJN_ERR_UNSUPPORTED (and version 2 for rijn_file_header_parse);
 *   writer misuse (too few / too many stanzas, a low-order recipient, a
 *   short buffer). The worked vectors are checked by tests/file/format_vectors.py
 *   (run by test_cli_encrypt) with the independent Python decoder.
 */
#include <string.h>

#include "testutil.h"

static uint8_t hdr[RIJN_FILE_V2_HEADER_MAX];

static size_t make(unsigned aead, uint8_t fk[32], uint8_t ids[2][32], uint8_t key[32],
                   uint8_t master_pb[32], uint8_t master_ar[32], rijn_file_ctx *ctx)
{
    rijn_file_params p;
    rijn_file_writer w;
    rijn_file_stanza st;
    uint8_t pub[32], eph[32];
    size_t hl = 0;
    int i, ok = 1;
    rijn_file_params_init(&p);
    p.aead = (uint8_t)aead;
    p.chunk_size = 256;
    tu_rand_bytes(p.salt, 32);
    tu_rand_bytes(fk, 32);
    ok &= rijn_file_v2_begin(&w, hdr, sizeof hdr, &p, 5, fk) == RIJN_OK;
    memset(&st, 0, sizeof st);
    st.type = RIJN_FILE_KEY_X25519;
    for (i = 0; i < 2; i++) {
        tu_rand_bytes(ids[i], 32);
        tu_rand_bytes(eph, 32);
        ok &= rijn_x25519_base(pub, ids[i]) == RIJN_OK;
        ok &= rijn_file_v2_add(&w, &st, pub, eph) == RIJN_OK;
    }
    st.type = RIJN_FILE_KEY_RAW;
    tu_rand_bytes(key, 32);
    ok &= rijn_file_v2_add(&w, &st, key, NULL) == RIJN_OK;
    st.type = RIJN_FILE_KEY_PBKDF2;
    st.iterations = 1000;
    tu_rand_bytes(master_pb, 32);
    ok &= rijn_file_v2_add(&w, &st, master_pb, NULL) == RIJN_OK;
    st.type = RIJN_FILE_KEY_ARGON2ID;
    st.argon2_t = 1, st.argon2_m = 64, st.argon2_lanes = 2;
    tu_rand_bytes(master_ar, 32);
    ok &= rijn_file_v2_add(&w, &st, master_ar, NULL) == RIJN_OK;
    ok &= rijn_file_v2_add(&w, &st, master_ar, NULL) == RIJN_ERR_STATE;
    ok &= rijn_file_v2_end(&w, ctx, &hl) == RIJN_OK;
    TU_CHECK(ok && hl == 47 + 2 * 81 + 49 + 53 + 58 + 32, "write aead %u: %zu bytes", aead, hl);
    return hl;
}

static void round_trip(unsigned aead)
{
    uint8_t fk[32], ids[2][32], key[32], mpb[32], mar[32], got[32], pt[700], ct[1000], out[700];
    const uint8_t *secrets[5];
    rijn_file_ctx seal, open;
    rijn_file_params p;
    rijn_file_stanza st;
    size_t hl = make(aead, fk, ids, key, mpb, mar, &seal), pos = 0, n = 0, i, j;
    int ok = 1;
    secrets[0] = ids[0], secrets[1] = ids[1], secrets[2] = key, secrets[3] = mpb, secrets[4] = mar;
    tu_rand_bytes(pt, sizeof pt);
    for (i = 0; i < 3; i++) {
        size_t take = i < 2 ? 256 : 188;
        ok &= rijn_file_seal_chunk(&seal, ct + n, pt + pos, take, i == 2) == RIJN_OK;
        pos += take, n += take + 16;
    }
    TU_CHECK(ok, "seal");
    TU_CHECK(rijn_file_v2_parse(&p, hdr, hl) == RIJN_OK && p.header_len == hl &&
                 p.stanzas == 5 && p.aead == aead && p.chunk_size == 256,
             "parse");
    for (i = 0; i < 5; i++) {
        TU_CHECK(rijn_file_v2_stanza(hdr, hl, (unsigned)i, &st) == RIJN_OK &&
                     st.type == (i < 2 ? 4 : i - 1),
                 "stanza %zu type %u", i, st.type);
        for (j = 0; j < 5; j++) {
            int r = rijn_file_v2_unwrap(got, hdr, hl, (unsigned)i, secrets[j]);
            TU_CHECK((i == j) == (r == RIJN_OK), "stanza %zu with secret %zu: %d", i, j, r);
            if (r == RIJN_OK)
                TU_EQ(got, fk, 32, "file key");
        }
    }
    TU_CHECK(rijn_file_v2_stanza(hdr, hl, 5, &st) == RIJN_ERR_PARAM, "stanza 5 of 5");
    TU_CHECK(rijn_file_v2_open(&open, hdr, hl, fk) == RIJN_OK, "open header");
    for (i = 0, pos = 0; i < 3; i++) {
        size_t take = i < 2 ? 272 : 204;
        ok &= rijn_file_open_chunk(&open, out + i * 256, ct + pos, take, i == 2) == RIJN_OK;
        pos += take;
    }
    TU_CHECK(ok && rijn_file_open_final(&open) == RIJN_OK, "open chunks");
    TU_EQ(out, pt, sizeof pt, "plaintext");
    got[0] = fk[0] ^ 1;
    memcpy(got + 1, fk + 1, 31);
    TU_CHECK(rijn_file_v2_open(&open, hdr, hl, got) == RIJN_ERR_AUTH, "wrong file key");
    /* every header byte matters */
    for (i = 0; i < hl; i++) {
        int r;
        hdr[i] ^= 0x01;
        r = rijn_file_v2_parse(&p, hdr, hl);
        if (r == RIJN_OK)
            r = rijn_file_v2_open(&open, hdr, hl, fk);
        TU_CHECK(r != RIJN_OK, "header byte %zu changed: accepted", i);
        hdr[i] ^= 0x01;
    }
    /* prefixes: RIJN_ERR_LENGTH with a lower bound that never overshoots */
    for (i = 0; i < hl; i++) {
        int r = rijn_file_v2_parse(&p, hdr, i);
        TU_CHECK(r == RIJN_ERR_LENGTH && p.header_len > i && p.header_len <= hl,
                 "prefix %zu: %d, needs %zu", i, r, p.header_len);
    }
}

static void errors(void)
{
    uint8_t fk[32], ids[2][32], key[32], mpb[32], mar[32], zero[32] = {0};
    rijn_file_ctx ctx;
    rijn_file_params p, q;
    rijn_file_writer w;
    rijn_file_stanza st;
    size_t hl = make(1, fk, ids, key, mpb, mar, &ctx), e;
    rijn_file_wipe(&ctx);
    hdr[8] = 3;
    TU_CHECK(rijn_file_v2_parse(&p, hdr, hl) == RIJN_ERR_UNSUPPORTED, "version 3");
    hdr[8] = 2;
    TU_CHECK(rijn_file_header_parse(&p, hdr, hl) == RIJN_ERR_UNSUPPORTED,
             "version 1 reader: version 2 unsupported");
    hdr[14] = 0;
    TU_CHECK(rijn_file_v2_parse(&p, hdr, hl) == RIJN_ERR_PARAM, "0 stanzas");
    hdr[14] = 33;
    TU_CHECK(rijn_file_v2_parse(&p, hdr, hl) == RIJN_ERR_PARAM, "33 stanzas");
    hdr[14] = 5;
    hdr[47] = 5;
    TU_CHECK(rijn_file_v2_parse(&p, hdr, hl) == RIJN_ERR_PARAM, "stanza type 5");
    hdr[47] = 4;
    e = 47 + 2 * 81 + 49; /* the PBKDF2 stanza: iterations 0 */
    memset(hdr + e + 1, 0, 4);
    TU_CHECK(rijn_file_v2_parse(&p, hdr, hl) == RIJN_ERR_PARAM, "PBKDF2 0 iterations");
    rijn_file_params_init(&q);
    tu_rand_bytes(q.salt, 32);
    memset(&st, 0, sizeof st);
    st.type = RIJN_FILE_KEY_X25519;
    TU_CHECK(rijn_file_v2_begin(&w, hdr, sizeof hdr, &q, 0, fk) == RIJN_ERR_PARAM, "n 0");
    TU_CHECK(rijn_file_v2_begin(&w, hdr, sizeof hdr, &q, 2, fk) == RIJN_OK &&
                 rijn_file_v2_add(&w, &st, zero, fk) == RIJN_ERR_PARAM,
             "low-order recipient");
    TU_CHECK(rijn_file_v2_end(&w, &ctx, &hl) == RIJN_ERR_STATE, "too few stanzas");
    TU_CHECK(rijn_file_v2_begin(&w, hdr, 100, &q, 2, fk) == RIJN_OK &&
                 rijn_file_v2_add(&w, &st, key, fk) == RIJN_ERR_BUFFER &&
                 rijn_file_v2_add(&w, &st, key, fk) == RIJN_ERR_STATE,
             "short buffer");
    st.type = RIJN_FILE_KEY_ARGON2ID; /* m < 8 p */
    st.argon2_t = 1, st.argon2_m = 8, st.argon2_lanes = 2;
    TU_CHECK(rijn_file_v2_begin(&w, hdr, sizeof hdr, &q, 1, fk) == RIJN_OK &&
                 rijn_file_v2_add(&w, &st, key, NULL) == RIJN_ERR_PARAM,
             "bad Argon2id costs");
    q.chunk_size = 100;
    TU_CHECK(rijn_file_v2_begin(&w, hdr, sizeof hdr, &q, 1, fk) == RIJN_ERR_PARAM,
             "chunk size");
}

int main(void)
{
    unsigned aead;
    for (aead = 1; aead <= 3; aead++)
        if (rijn_file_aead_available(aead))
            round_trip(aead);
    errors();
    return tu_finish();
}
