/*
 * fuzz_recipients.c -- the age reader (rijn/age.h) and the rijn format's
 * version 2 reader (rijn/file_recipients.h), four ways, picked by the
 * first input byte (mod 4):
 *   0 raw age: the rest is an age file; header length and syntax, stanza
 *     counts, X25519 unwrap with the fixed identity FZ_ID, scrypt unwrap
 *     (passphrase "fuzz", log N at most 8), header MAC, then the payload
 *     chunks as a reader cuts them.
 *   1 age seal-then-tamper: the rest is a plaintext, written to 1..4
 *     X25519 recipients (FZ_ID's public key among them at an input-drawn
 *     place), then one change drawn from the input (a bit flip anywhere,
 *     a truncation, a byte appended, or none). With no change the reader
 *     must give the plaintext back; with any change it must fail.
 *   2 raw version 2: the rest is a rijn file; parse (and every prefix's
 *     length bound), every stanza, unwrap with FZ_ID and with the raw key
 *     FZ_KEY, header MAC, chunks.
 *   3 version 2 seal-then-tamper: as 1, with stanzas X25519 (FZ_ID and
 *     others) and a raw-key stanza.
 * In every mode a chunk that fails must leave its output zeroed.
 */
#include "fuzz_util.h"
#include "rijn.h"

static const uint8_t FZ_ID[32] = {0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb,
                                  0xcc, 0xdd, 0xee, 0xf0, 0x01, 0x12, 0x23, 0x34, 0x45, 0x56, 0x67,
                                  0x78, 0x89, 0x9a, 0xab, 0xbc, 0xcd, 0xde, 0xef, 0x0f, 0x1e};
static const uint8_t FZ_KEY[32] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
    0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f};

#define FILE_MAX (70000 + 4096)
static uint8_t file[FILE_MAX + 1], out[FILE_MAX];
static uint64_t scrypt_work[RIJN_SCRYPT_WORK_SIZE(256, 8, 1) / 8 + 1];

/* The payload behind a keyed ctx: RIJN_OK if accepted whole. */
static int chunks(rijn_file_ctx *ctx, const uint8_t *b, size_t n, size_t *plain)
{
    size_t pos = 0, piece_max = (size_t)ctx->chunk_size + 16;
    int r = RIJN_OK;
    *plain = 0;
    if (n == 0)
        r = RIJN_ERR_LENGTH;
    while (r == RIJN_OK && pos < n) {
        int last = n - pos <= piece_max;
        size_t piece = last ? n - pos : piece_max;
        r = rijn_file_open_chunk(ctx, out + *plain, b + pos, piece, last);
        if (r != RIJN_OK && piece >= 16)
            FZ_ASSERT(fz_all_zero(out + *plain, piece - 16), "failed chunk not wiped");
        if (r == RIJN_OK)
            *plain += piece - 16;
        pos += piece;
    }
    if (r == RIJN_OK)
        r = rijn_file_open_final(ctx);
    rijn_file_wipe(ctx);
    return r;
}

static int read_age(const uint8_t *f, size_t n, size_t *plain)
{
    rijn_age_info info;
    rijn_file_ctx ctx;
    uint8_t fk[16];
    size_t hl = 0;
    unsigned which = 0;
    int r = rijn_age_header_len(f, n, &hl);
    *plain = 0;
    if (r != RIJN_OK)
        return r;
    FZ_ASSERT(hl > 0 && hl <= n, "age header length %zu of %zu", hl, n);
    if ((r = rijn_age_header_info(f, hl, &info)) != RIJN_OK)
        return r;
    if (info.scrypt)
        r = rijn_age_unwrap_scrypt(fk, f, hl, (const uint8_t *)"fuzz", 4, 8, scrypt_work,
                                   sizeof scrypt_work);
    else
        r = rijn_age_unwrap_x25519(fk, f, hl, FZ_ID, &which);
    if (r != RIJN_OK)
        return r;
    FZ_ASSERT(which < info.stanzas, "stanza %u of %u", which, info.stanzas);
    if ((r = rijn_age_verify_header(f, hl, fk)) != RIJN_OK)
        return r;
    if (n - hl < 16)
        return RIJN_ERR_LENGTH;
    if ((r = rijn_age_payload_init(&ctx, 0, fk, f + hl)) != RIJN_OK)
        return r;
    return chunks(&ctx, f + hl + 16, n - hl - 16, plain);
}

static int read_v2(const uint8_t *f, size_t n, size_t *plain)
{
    rijn_file_params p, q;
    rijn_file_stanza st;
    rijn_file_ctx ctx;
    uint8_t fk[32];
    unsigned i;
    size_t k;
    int r = rijn_file_v2_parse(&p, f, n), opened = 0;
    *plain = 0;
    for (k = 0; k < n && k < 64; k++)
        if (rijn_file_v2_parse(&q, f, k) == RIJN_ERR_LENGTH)
            FZ_ASSERT(q.header_len > k, "prefix %zu: bound %zu", k, q.header_len);
    if (r != RIJN_OK)
        return r;
    FZ_ASSERT(p.header_len <= n && p.header_len <= RIJN_FILE_V2_HEADER_MAX, "v2 header %zu",
              p.header_len);
    for (i = 0; i < p.stanzas && !opened; i++) {
        FZ_ASSERT(rijn_file_v2_stanza(f, p.header_len, i, &st) == RIJN_OK, "stanza %u", i);
        if (st.type == RIJN_FILE_KEY_X25519 || st.type == RIJN_FILE_KEY_RAW)
            opened = rijn_file_v2_unwrap(fk, f, p.header_len, i,
                                         st.type == RIJN_FILE_KEY_RAW ? FZ_KEY : FZ_ID) ==
                     RIJN_OK;
    }
    if (!opened)
        return RIJN_ERR_AUTH;
    if ((r = rijn_file_v2_open(&ctx, f, p.header_len, fk)) != RIJN_OK)
        return r;
    return chunks(&ctx, f + p.header_len, n - p.header_len, plain);
}

/* One change drawn from the input; 1 if the file was changed. */
static int tamper(fz_in *in, size_t *n)
{
    unsigned what = fz_byte(in) % 4;
    size_t at = (size_t)fz_u16(in) * 4 + fz_byte(in);
    if (what == 0 || *n == 0)
        return 0;
    at %= *n;
    if (what == 1)
        file[at] ^= (uint8_t)(1u << (fz_byte(in) % 8));
    else if (what == 2)
        *n = at;
    else
        file[(*n)++] = (uint8_t)fz_byte(in);
    return 1;
}

static void seal_age(fz_in *in)
{
    rijn_age_writer w;
    rijn_file_ctx ctx;
    uint8_t fk[16], nonce[16], eph[32], pub[32], other[32];
    unsigned nr = 1 + fz_byte(in) % 4, mine = fz_byte(in) % nr, i;
    size_t hl = 0, len, n, plain = 0, pos = 0;
    const uint8_t *pt;
    int r, changed;
    fz_fill(in, fk, 16);
    fz_fill(in, nonce, 16);
    fz_fill(in, eph, 32);
    pt = fz_take(in, fz_u16(in) % 3000, &len);
    r = rijn_age_write_begin(&w, file, sizeof file, fk);
    for (i = 0; r == RIJN_OK && i < nr; i++) {
        other[0] = (uint8_t)i;
        FZ_ASSERT(rijn_x25519_base(pub, i == mine ? FZ_ID : other) == RIJN_OK, "base");
        eph[0] ^= (uint8_t)(i + 1);
        r = rijn_age_write_x25519(&w, pub, eph);
    }
    FZ_ASSERT(r == RIJN_OK && rijn_age_write_end(&w, &hl) == RIJN_OK, "age writer");
    memcpy(file + hl, nonce, 16);
    n = hl + 16;
    FZ_ASSERT(rijn_age_payload_init(&ctx, 1, fk, nonce) == RIJN_OK &&
                  rijn_file_seal_chunk(&ctx, file + n, pt, len, 1) == RIJN_OK,
              "age seal");
    n += len + 16;
    (void)pos;
    changed = tamper(in, &n);
    r = read_age(file, n, &plain);
    if (!changed)
        FZ_ASSERT(r == RIJN_OK && plain == len && memcmp(out, pt, len) == 0,
                  "intact age file refused: %d", r);
    else
        FZ_ASSERT(r != RIJN_OK, "changed age file accepted");
}

static void seal_v2(fz_in *in)
{
    rijn_file_params p;
    rijn_file_writer w;
    rijn_file_stanza st;
    rijn_file_ctx ctx;
    uint8_t fk[32], eph[32], pub[32], other[32];
    unsigned nr = 1 + fz_byte(in) % 3, mine = fz_byte(in) % (nr + 1), i;
    size_t hl = 0, len, n, plain = 0, pos = 0;
    const uint8_t *pt;
    int r, changed;
    rijn_file_params_init(&p);
    p.aead = (uint8_t)(1 + fz_byte(in) % 3);
    p.chunk_size = 256 + fz_byte(in);
    fz_fill(in, p.salt, 32);
    fz_fill(in, fk, 32);
    fz_fill(in, eph, 32);
    pt = fz_take(in, fz_u16(in) % 3000, &len);
    if (!rijn_file_aead_available(p.aead))
        return;
    r = rijn_file_v2_begin(&w, file, sizeof file, &p, nr + 1, fk);
    memset(&st, 0, sizeof st);
    for (i = 0; r == RIJN_OK && i <= nr; i++) {
        st.type = i == nr ? RIJN_FILE_KEY_RAW : RIJN_FILE_KEY_X25519;
        other[0] = (uint8_t)i;
        FZ_ASSERT(rijn_x25519_base(pub, i == mine ? FZ_ID : other) == RIJN_OK, "base");
        eph[0] ^= (uint8_t)(i + 1);
        r = rijn_file_v2_add(&w, &st, i == nr ? (i == mine ? FZ_KEY : other) : pub, eph);
    }
    FZ_ASSERT(r == RIJN_OK && rijn_file_v2_end(&w, &ctx, &hl) == RIJN_OK, "v2 writer");
    n = hl;
    do {
        size_t take = len - pos > p.chunk_size ? p.chunk_size : len - pos;
        int last = pos + take == len;
        FZ_ASSERT(rijn_file_seal_chunk(&ctx, file + n, pt + pos, take, last) == RIJN_OK, "seal");
        n += take + 16;
        pos += take;
        if (last)
            break;
    } while (1);
    changed = tamper(in, &n);
    r = read_v2(file, n, &plain);
    if (!changed)
        FZ_ASSERT(r == RIJN_OK && plain == len && memcmp(out, pt, len) == 0,
                  "intact v2 file refused: %d", r);
    else
        FZ_ASSERT(r != RIJN_OK, "changed v2 file accepted");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    unsigned mode = fz_byte(&in) % 4;
    size_t n, plain;
    const uint8_t *rest;
    if (mode == 1) {
        seal_age(&in);
    } else if (mode == 3) {
        seal_v2(&in);
    } else {
        rest = fz_rest(&in, &n);
        if (n > FILE_MAX)
            n = FILE_MAX;
        memcpy(file, rest, n);
        if (mode == 0)
            (void)read_age(file, n, &plain);
        else
            (void)read_v2(file, n, &plain);
    }
    return 0;
}
