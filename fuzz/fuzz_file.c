/*
 * fuzz_file.c -- the rijn file-format reader (rijn/file.h), three ways,
 * picked by the first input byte:
 *   0 raw: the rest is a whole file; header parse, header MAC check with
 *     the fixed test key FZ_KEY, then the chunk stream as a reader cuts it
 *     (chunk_size + 16 pieces, the last one shorter). Almost every input
 *     stops at the MAC; the seeds (fuzz/corpus/file/) are real files
 *     encrypted under FZ_KEY, so flips of their chunks get further.
 *   1 structure-aware: a VALID header is made from input bytes (AEAD,
 *     chunk size 256..1279, salt) and sealed under FZ_KEY, so the header
 *     MAC passes; the rest of the input is the chunk stream behind it:
 *     chunk lengths, last-chunk rules, truncation and the AEADs' open
 *     paths on arbitrary bytes.
 *   2 seal-then-tamper: the rest of the input is a plaintext, sealed in
 *     256-byte chunks, then one change drawn from the input is made (a
 *     bit flip anywhere, a truncation, two chunks swapped, a chunk
 *     duplicated or dropped, a byte appended, or none). With no change
 *     the reader must give the plaintext back; with any change it must
 *     fail (a chunk RIJN_ERR_AUTH or _LENGTH, or final RIJN_ERR_LENGTH),
 *     and every chunk that failed must have its output all zero.
 * In every mode a chunk that fails must leave its output zeroed and the
 * stream refused afterwards.
 *
 * Implementation notes: the master key is passed straight to
 * rijn_file_open_header whatever the key source (no KDF runs: a PBKDF2
 * or Argon2id header from the input costs nothing).
 */
#include "fuzz_util.h"
#include "rijn.h"

static const uint8_t FZ_KEY[32] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
    0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f};

#define BODY_MAX 16384
static uint8_t body[BODY_MAX + 2 * 1296], out[BODY_MAX + 1296];

/* Reads header + body as rijn decrypt does. Returns RIJN_OK if the whole
 * stream was accepted, else the first error; *plain_len = bytes of
 * plaintext accepted. */
static int read_stream(const uint8_t *hdr, size_t hlen, const uint8_t *b, size_t blen,
                       uint8_t *plain, size_t *plain_len)
{
    rijn_file_params p;
    rijn_file_ctx ctx;
    size_t at = 0, piece;
    int r;
    *plain_len = 0;
    r = rijn_file_header_parse(&p, hdr, hlen);
    if (r != RIJN_OK)
        return r;
    FZ_ASSERT(p.header_len >= RIJN_FILE_HEADER_MIN && p.header_len <= RIJN_FILE_HEADER_MAX &&
                  p.header_len <= hlen,
              "header_len %zu", p.header_len);
    r = rijn_file_open_header(&ctx, hdr, p.header_len, FZ_KEY);
    if (r != RIJN_OK)
        return r;
    if (hlen > p.header_len) { /* the file continues: body starts inside hdr */
        b = hdr + p.header_len;
        blen = hlen - p.header_len;
    }
    piece = (size_t)p.chunk_size + 16;
    for (;;) {
        size_t n = blen - at < piece ? blen - at : piece;
        int last = at + n == blen;
        if (n == 0 && at > 0)
            break;
        /* (NULL, 0) for a header-only stream: NULL + 0 is undefined in C */
        r = rijn_file_open_chunk(&ctx, plain + *plain_len, b != NULL ? b + at : NULL, n, last);
        if (r != RIJN_OK) {
            if (n >= 16)
                FZ_ASSERT(fz_all_zero(plain + *plain_len, n - 16),
                          "failed chunk %zu: output not wiped (%d)", at / piece, r);
            FZ_ASSERT(rijn_file_open_chunk(&ctx, plain, plain, 16, 1) == RIJN_ERR_STATE,
                      "stream not refused after a failed chunk");
            FZ_ASSERT(rijn_file_open_final(&ctx) != RIJN_OK, "final after failure");
            return r;
        }
        *plain_len += n - 16;
        at += n;
        if (last)
            break;
    }
    r = rijn_file_open_final(&ctx);
    return r;
}

static size_t make_header(fz_in *in, uint8_t *hdr, rijn_file_ctx *ctx, uint32_t chunk)
{
    rijn_file_params p;
    size_t hlen = 0;
    static const uint8_t aeads[3] = {RIJN_FILE_AES256GCM, RIJN_FILE_CHACHA20POLY1305,
                                     RIJN_FILE_ASCON128};
    rijn_file_params_init(&p);
    p.aead = aeads[fz_byte(in) % 3];
    p.chunk_size = chunk;
    p.key_source = RIJN_FILE_KEY_RAW;
    fz_fill(in, p.salt, 4); /* the rest of the salt stays zero */
    FZ_ASSERT(rijn_file_seal_init(ctx, hdr, RIJN_FILE_HEADER_MAX, &hlen, &p, FZ_KEY) == RIJN_OK,
              "seal_init");
    return hlen;
}

static void structured(fz_in *in)
{
    uint8_t hdr[RIJN_FILE_HEADER_MAX];
    rijn_file_ctx ctx;
    uint32_t chunk = 256 + fz_u16(in) % 1024;
    size_t hlen = make_header(in, hdr, &ctx, chunk), blen, plen;
    const uint8_t *b = fz_rest(in, &blen);
    rijn_file_wipe(&ctx);
    if (blen > BODY_MAX)
        blen = BODY_MAX;
    (void)read_stream(hdr, hlen, b, blen, out, &plen);
}

static void tamper(fz_in *in)
{
    static uint8_t plain[BODY_MAX];
    uint8_t hdr[RIJN_FILE_HEADER_MAX];
    rijn_file_ctx ctx;
    unsigned what = fz_byte(in), pos = fz_u16(in), pos2 = fz_u16(in);
    size_t hlen = make_header(in, hdr, &ctx, 256), plen, blen = 0, at = 0, nchunks, olen;
    const uint8_t *pt = fz_rest(in, &plen);
    int changed = 1, r;
    if (plen > 4096)
        plen = 4096;
    memcpy(plain, pt, plen);
    do { /* seal in 256-byte chunks */
        size_t n = plen - at < 256 ? plen - at : 256;
        int last = at + n == plen;
        FZ_ASSERT(rijn_file_seal_chunk(&ctx, body + blen, plain + at, n, last) == RIJN_OK,
                  "seal");
        blen += n + 16;
        at += n;
        if (last)
            break;
    } while (1);
    nchunks = (blen + 271) / 272;
    switch (what % 7) {
    case 0: changed = 0; break;
    case 1: body[pos % blen] ^= (uint8_t)(1u << (pos2 % 8)); break;
    case 2: blen = pos % blen; break; /* truncated */
    case 3: /* swap two different full chunks */
        if (nchunks < 3) {
            changed = 0;
        } else {
            size_t a = pos % (nchunks - 1), c = pos2 % (nchunks - 1);
            uint8_t tmp[272];
            if (a == c)
                c = (c + 1) % (nchunks - 1);
            memcpy(tmp, body + 272 * a, 272);
            memcpy(body + 272 * a, body + 272 * c, 272);
            memcpy(body + 272 * c, tmp, 272);
        }
        break;
    case 4: /* duplicate a chunk */
    {
        size_t a = pos % nchunks, len = a == nchunks - 1 ? blen - 272 * a : 272;
        memmove(body + 272 * a + len, body + 272 * a, blen - 272 * a);
        blen += len;
        break;
    }
    case 5: /* drop a chunk */
        if (nchunks < 2) {
            changed = 0;
        } else {
            size_t a = pos % (nchunks - 1);
            memmove(body + 272 * a, body + 272 * (a + 1), blen - 272 * (a + 1));
            blen -= 272;
        }
        break;
    default: body[blen++] = (uint8_t)pos; break; /* appended byte */
    }
    r = read_stream(hdr, hlen, body, blen, out, &olen);
    if (!changed)
        FZ_ASSERT(r == RIJN_OK && olen == plen && memcmp(out, plain, plen) == 0,
                  "an intact file was not read back (%d)", r);
    else
        FZ_ASSERT(r != RIJN_OK, "change %u (chunks %zu) was not detected", what % 7, nchunks);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    unsigned mode = fz_byte(&in) % 3;
    if (mode == 0) {
        size_t n, plen;
        const uint8_t *f = fz_rest(&in, &n);
        if (n > BODY_MAX)
            n = BODY_MAX;
        (void)read_stream(f, n, NULL, 0, out, &plen);
    } else if (mode == 1) {
        structured(&in);
    } else {
        tamper(&in);
    }
    return 0;
}
