/*
 * test_file_seal_at.c -- rijn_file_seal_chunk_at and
 * rijn_file_open_chunk_at, the out-of-order sealing and opening of the
 * workers of `rijn encrypt` / `rijn decrypt` (cli/file_par.c,
 * cli/file_pdec.c):
 *   - for each AEAD and for chunk counts 1, 2 and 5 with a short, full or
 *     empty last chunk: chunks sealed by index in reverse order, in place
 *     (out == in, the tag after the chunk) and out of place, are the bytes
 *     rijn_file_seal_chunk writes in order, and rijn_file_open_chunk opens
 *     them;
 *   - ctx is only read: byte for byte the same after every call, also
 *     after the last chunk (rijn_file_seal_chunk wipes it then);
 *   - the rules of rijn_file_seal_chunk at the given index: a short
 *     chunk that is not last, a chunk over chunk_size, an empty last chunk
 *     but at index 0 (RIJN_ERR_LENGTH); a non-last chunk at index
 *     2^32 - 1 and any chunk at 2^32 (RIJN_ERR_LIMIT) while a last chunk
 *     at 2^32 - 1 seals; NULL ctx, out or in (RIJN_ERR_NULL); a context
 *     keyed for opening or wiped (RIJN_ERR_STATE); out overlapping in but
 *     not equal (RIJN_ERR_PARAM);
 *   - rijn_file_open_chunk_at opens those chunks backwards in place (and
 *     apart), ctx unchanged; a chunk opened at another index or with the
 *     other last flag fails RIJN_ERR_AUTH with out wiped, and ctx goes on
 *     opening (the caller keeps the STREAM order); its argument, length,
 *     limit and state errors as rijn_file_open_chunk's.
 */
#include <string.h>

#include "testutil.h"

#define CS 256
#define NMAX 5
#define STRIDE (CS + RIJN_FILE_TAG_SIZE)

static uint8_t master[32], hdr[RIJN_FILE_HEADER_MAX];
static size_t hdr_len;

static int keyed(rijn_file_ctx *ctx, unsigned aead)
{
    rijn_file_params p;
    rijn_file_params_init(&p);
    p.aead = (uint8_t)aead;
    p.chunk_size = CS;
    memset(p.salt, 0x5a, sizeof p.salt);
    return rijn_file_seal_init(ctx, hdr, sizeof hdr, &hdr_len, &p, master) == RIJN_OK;
}

/* n chunks of plaintext pt, the last last_len bytes long. */
static void one_case(unsigned aead, size_t n, size_t last_len)
{
    static uint8_t pt[NMAX * CS], want[NMAX * STRIDE], inplace[NMAX * STRIDE],
        apart[NMAX * STRIDE], back[CS];
    rijn_file_ctx seq, at, saved, op;
    size_t i, total = (n - 1) * STRIDE + last_len + RIJN_FILE_TAG_SIZE;
    int ok = 1;
    for (i = 0; i < sizeof pt; i++)
        pt[i] = (uint8_t)(i * 7 + n);
    if (!keyed(&seq, aead) || !keyed(&at, aead)) {
        TU_CHECK(0, "aead %u: seal_init", aead);
        return;
    }
    memcpy(&saved, &at, sizeof saved);
    memset(inplace, 0, sizeof inplace);
    for (i = 0; i < n; i++) { /* in order, the reference */
        size_t len = i + 1 < n ? CS : last_len;
        ok &= rijn_file_seal_chunk(&seq, want + i * STRIDE, pt + i * CS, len, i + 1 == n) ==
              RIJN_OK;
        memcpy(inplace + i * STRIDE, pt + i * CS, len);
    }
    for (i = n; i-- > 0;) { /* backwards, in place and apart */
        size_t len = i + 1 < n ? CS : last_len;
        ok &= rijn_file_seal_chunk_at(&at, i, inplace + i * STRIDE, inplace + i * STRIDE, len,
                                      i + 1 == n) == RIJN_OK;
        ok &= rijn_file_seal_chunk_at(&at, i, apart + i * STRIDE, pt + i * CS, len,
                                      i + 1 == n) == RIJN_OK;
        ok &= memcmp(&at, &saved, sizeof at) == 0;
    }
    TU_CHECK(ok, "aead %u, %zu chunks, last %zu: every call RIJN_OK, ctx unchanged", aead, n,
             last_len);
    TU_CHECK(memcmp(inplace, want, total) == 0,
             "aead %u, %zu chunks, last %zu: in place = in order", aead, n, last_len);
    TU_CHECK(memcmp(apart, want, total) == 0, "aead %u, %zu chunks, last %zu: apart = in order",
             aead, n, last_len);
    TU_CHECK(rijn_file_open_header(&op, hdr, hdr_len, master) == RIJN_OK, "aead %u: open_header",
             aead);
    memcpy(&saved, &op, sizeof saved);
    for (i = n, ok = 1; i-- > 0;) { /* backwards: apart, then in place */
        size_t len = i + 1 < n ? CS : last_len;
        uint8_t *c = inplace + i * STRIDE;
        ok &= rijn_file_open_chunk_at(&op, i, back, c, len + RIJN_FILE_TAG_SIZE, i + 1 == n) ==
                  RIJN_OK && memcmp(back, pt + i * CS, len) == 0;
        ok &= rijn_file_open_chunk_at(&op, i, c, c, len + RIJN_FILE_TAG_SIZE, i + 1 == n) ==
                  RIJN_OK && memcmp(c, pt + i * CS, len) == 0;
        ok &= memcmp(&op, &saved, sizeof op) == 0;
    }
    TU_CHECK(ok, "aead %u, %zu chunks, last %zu: open_chunk_at backwards, in place", aead, n,
             last_len);
    for (i = 0, ok = 1; i < n; i++) {
        size_t len = i + 1 < n ? CS : last_len;
        ok &= rijn_file_open_chunk(&op, back, apart + i * STRIDE,
                                   len + RIJN_FILE_TAG_SIZE, i + 1 == n) == RIJN_OK &&
              memcmp(back, pt + i * CS, len) == 0;
    }
    TU_CHECK(ok && rijn_file_open_final(&op) == RIJN_OK,
             "aead %u, %zu chunks, last %zu: opens in order", aead, n, last_len);
    rijn_file_wipe(&seq);
    rijn_file_wipe(&at);
}

static void open_rules(void)
{
    static uint8_t c[3 * STRIDE], out[CS];
    rijn_file_ctx sc, op, saved;
    uint64_t top = RIJN_FILE_MAX_CHUNKS - 1;
    size_t i;
    int wiped = 1;
    TU_CHECK(keyed(&sc, RIJN_FILE_AES256GCM), "seal_init");
    for (i = 0; i < 3; i++)
        TU_CHECK(rijn_file_seal_chunk(&sc, c + i * STRIDE, c + i * STRIDE, CS, i == 2) ==
                     RIJN_OK, "seal chunk %zu", i);
    TU_CHECK(rijn_file_open_header(&op, hdr, hdr_len, master) == RIJN_OK, "open_header");
    memcpy(&saved, &op, sizeof saved);
    memset(out, 0x77, sizeof out);
    TU_CHECK(rijn_file_open_chunk_at(&op, 0, out, c + STRIDE, STRIDE, 0) == RIJN_ERR_AUTH,
             "chunk 1 opened as chunk 0: RIJN_ERR_AUTH");
    for (i = 0; i < sizeof out; i++)
        wiped &= out[i] == 0;
    TU_CHECK(wiped, "out wiped on failure");
    TU_CHECK(rijn_file_open_chunk_at(&op, 2, out, c + 2 * STRIDE, STRIDE, 0) == RIJN_ERR_AUTH,
             "the last chunk opened as a middle one: RIJN_ERR_AUTH");
    TU_CHECK(memcmp(&op, &saved, sizeof op) == 0 &&
                 rijn_file_open_chunk_at(&op, 1, out, c + STRIDE, STRIDE, 0) == RIJN_OK,
             "ctx unchanged by failures, chunk 1 opens");
    TU_CHECK(rijn_file_open_chunk_at(&op, 1, out, c, RIJN_FILE_TAG_SIZE - 1, 1) ==
                 RIJN_ERR_LENGTH, "less than a tag");
    TU_CHECK(rijn_file_open_chunk_at(&op, 1, out, c, RIJN_FILE_TAG_SIZE, 1) == RIJN_ERR_LENGTH,
             "empty last chunk at index 1");
    TU_CHECK(rijn_file_open_chunk_at(&op, 1, out, c, STRIDE - 1, 0) == RIJN_ERR_LENGTH,
             "short chunk, not last");
    TU_CHECK(rijn_file_open_chunk_at(&op, top, out, c, STRIDE, 0) == RIJN_ERR_LIMIT,
             "non-last chunk at index 2^32 - 1");
    TU_CHECK(rijn_file_open_chunk_at(NULL, 0, out, c, STRIDE, 0) == RIJN_ERR_NULL, "NULL ctx");
    TU_CHECK(rijn_file_open_chunk_at(&op, 0, out, NULL, STRIDE, 0) == RIJN_ERR_NULL, "NULL in");
    TU_CHECK(rijn_file_open_chunk_at(&op, 0, NULL, c, STRIDE, 0) == RIJN_ERR_NULL, "NULL out");
    TU_CHECK(rijn_file_open_chunk_at(&op, 0, c + 1, c, STRIDE, 0) == RIJN_ERR_PARAM,
             "out overlapping in");
    TU_CHECK(rijn_file_open_chunk_at(&sc, 0, out, c, STRIDE, 0) == RIJN_ERR_STATE,
             "a context that sealed");
    TU_CHECK(rijn_file_open_chunk(&op, out, c, STRIDE, 0) == RIJN_OK &&
                 rijn_file_open_chunk(&op, out, c, STRIDE, 0) == RIJN_ERR_AUTH &&
                 rijn_file_open_chunk(&op, out, c + STRIDE, STRIDE, 0) == RIJN_ERR_STATE,
             "open_chunk: a failure still ends the stream");
    rijn_file_wipe(&sc);
    rijn_file_wipe(&op);
}

static void rules(void)
{
    static uint8_t buf[2 * STRIDE];
    rijn_file_ctx ctx, op;
    uint64_t top = RIJN_FILE_MAX_CHUNKS - 1;
    TU_CHECK(keyed(&ctx, RIJN_FILE_AES256GCM), "seal_init");
    TU_CHECK(rijn_file_seal_chunk_at(&ctx, 3, buf, buf, CS - 1, 0) == RIJN_ERR_LENGTH,
             "short chunk, not last");
    TU_CHECK(rijn_file_seal_chunk_at(&ctx, 3, buf, buf, CS + 1, 1) == RIJN_ERR_LENGTH,
             "chunk over chunk_size");
    TU_CHECK(rijn_file_seal_chunk_at(&ctx, 1, buf, buf, 0, 1) == RIJN_ERR_LENGTH,
             "empty last chunk at index 1");
    TU_CHECK(rijn_file_seal_chunk_at(&ctx, 0, buf, buf, 0, 1) == RIJN_OK,
             "empty last chunk at index 0");
    TU_CHECK(rijn_file_seal_chunk_at(&ctx, top, buf, buf, CS, 0) == RIJN_ERR_LIMIT,
             "non-last chunk at index 2^32 - 1");
    TU_CHECK(rijn_file_seal_chunk_at(&ctx, top + 1, buf, buf, CS, 1) == RIJN_ERR_LIMIT,
             "chunk at index 2^32");
    TU_CHECK(rijn_file_seal_chunk_at(&ctx, top, buf, buf, CS, 1) == RIJN_OK,
             "last chunk at index 2^32 - 1");
    TU_CHECK(rijn_file_seal_chunk_at(NULL, 0, buf, buf, CS, 1) == RIJN_ERR_NULL, "NULL ctx");
    TU_CHECK(rijn_file_seal_chunk_at(&ctx, 0, NULL, buf, CS, 1) == RIJN_ERR_NULL, "NULL out");
    TU_CHECK(rijn_file_seal_chunk_at(&ctx, 0, buf, NULL, CS, 1) == RIJN_ERR_NULL, "NULL in");
    TU_CHECK(rijn_file_seal_chunk_at(&ctx, 0, buf + 1, buf, CS, 1) == RIJN_ERR_PARAM,
             "out overlapping in");
    TU_CHECK(rijn_file_open_header(&op, hdr, hdr_len, master) == RIJN_OK, "open_header");
    TU_CHECK(rijn_file_seal_chunk_at(&op, 0, buf, buf, CS, 1) == RIJN_ERR_STATE,
             "a context keyed for opening");
    rijn_file_wipe(&ctx);
    TU_CHECK(rijn_file_seal_chunk_at(&ctx, 0, buf, buf, CS, 1) == RIJN_ERR_STATE,
             "a wiped context");
    rijn_file_wipe(&op);
}

int main(void)
{
    static const unsigned aeads[] = {RIJN_FILE_AES256GCM, RIJN_FILE_CHACHA20POLY1305,
                                     RIJN_FILE_ASCON128};
    size_t a;
    memset(master, 0x11, sizeof master);
    for (a = 0; a < sizeof aeads / sizeof aeads[0]; a++) {
        TU_CHECK(rijn_file_aead_available(aeads[a]), "aead %u in this build", aeads[a]);
        one_case(aeads[a], 1, 10);
        one_case(aeads[a], 1, 0);
        one_case(aeads[a], 2, CS);
        one_case(aeads[a], 5, 1);
        one_case(aeads[a], 5, CS - 1);
    }
    rules();
    open_rules();
    return tu_finish();
}
