/*
 * serpent.c -- Serpent (Anderson, Biham, Knudsen; AES submission 1998),
 * 128/192/256-bit keys, 32 rounds, bitsliced.
 *
 * Implementation notes:
 * - Layout: the block is four little-endian 32-bit words x0..x3 (bytes
 *   0..3 are x0), the key little-endian words padded with a single 1 bit
 *   to 256 bits: the NESSIE / Crypto++ / libgcrypt byte order. The
 *   submission's KAT files print blocks and keys byte-reversed.
 * - Bitsliced mode of the specification: S-box j maps the 4-bit column
 *   (bit i of x0 | x1 << 1 | x2 << 2 | x3 << 3) for all 32 columns at once.
 *   Each S-box output bit is evaluated as its algebraic normal form: the
 *   XOR of the products of input bits (monomials) whose coefficient is 1.
 *   The 16 monomials cost 11 ANDs; the coefficient masks below (one 16-bit
 *   mask per output bit, bit m = monomial with the input bits set in m) were
 *   computed from the S-box tables of the specification (S0 = 3 8 15 1 10 6
 *   5 11 14 13 4 2 7 0 9 12, ...) and their inverses with the Moebius
 *   transform. Not the fastest circuits (Osvik's take ~17 gates), but
 *   written here from the tables, and every one is checked by the KATs.
 * - Constant time by construction: only AND, XOR, fixed rotations and
 *   shifts; no secret-dependent branch, index or shift amount, on every core
 *   (the mask test below is on public constants).
 * - Key schedule: w_i = (w_{i-8} ^ w_{i-5} ^ w_{i-3} ^ w_{i-1} ^ phi ^ i)
 *   <<< 11 for i = 0..131, round key j = S_{(3 - j) mod 8}(w_{4j..4j+3}).
 *   The 132 words live in the context (528 bytes), no table in flash but
 *   the 16 masks.
 * - Vectors (tests/cipher/test_finalists.c, tests/cipher/cryptopp_diff.cpp):
 *   Crypto++'s TestData/serpentv.dat (its source package, fetched at test
 *   time), libgcrypt and Crypto++ differential on random keys, 1000-step
 *   encryption chains against both.
 */
#include <string.h>

#include "internal.h"
#include "rijn/blockcipher.h"

/* ANF masks of S0..S7 (fwd[j][b] = output bit b) and of their inverses. */
static const uint16_t anf_fwd[8][4] = {
    {0x61fb, 0x64e3, 0x45ac, 0x0316}, {0x7247, 0x6d3b, 0x011d, 0x6b25},
    {0x0134, 0x3ad6, 0x3d46, 0x0497}, {0x7346, 0x3a26, 0x0d9a, 0x31be},
    {0x071d, 0x7562, 0x5cda, 0x0e56}, {0x071d, 0x1d1b, 0x7925, 0x2397},
    {0x49f7, 0x0215, 0x5cdb, 0x51bc}, {0x7619, 0x2b7c, 0x4f96, 0x02b6}};
static const uint16_t anf_inv[8][4] = {
    {0x7e59, 0x6436, 0x011f, 0x7943}, {0x648f, 0x6794, 0x21e7, 0x0512},
    {0x0456, 0x3a1c, 0x2f1b, 0x21c9}, {0x4752, 0x63d4, 0x3e68, 0x1ab6},
    {0x3b17, 0x2338, 0x0dbf, 0x1a1c}, {0x0942, 0x0be6, 0x2c1a, 0x029d},
    {0x49eb, 0x0135, 0x5c47, 0x5bdd}, {0x5c47, 0x6753, 0x3924, 0x0e98}};

#define ROL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

/* x[0..3] <- S(x) for the S-box whose ANF masks are a[0..3]; s: the
 * caller's 20-word scratch (monomials and outputs), wiped once by it. */
static void sbox(const uint16_t a[4], uint32_t x[4], uint32_t s[20])
{
    uint32_t *m = s, *y = s + 16;
    unsigned b, k;

    m[0] = 0xFFFFFFFFu;
    m[1] = x[0];
    m[2] = x[1];
    m[4] = x[2];
    m[8] = x[3];
    m[3] = x[0] & x[1];
    for (k = 5; k < 8; k++)
        m[k] = m[k - 4] & x[2];
    for (k = 9; k < 16; k++)
        m[k] = m[k - 8] & x[3];
    for (b = 0; b < 4; b++) {
        uint32_t v = 0;
        for (k = 0; k < 16; k++)
            v ^= m[k] & ((uint32_t)0 - (uint32_t)((a[b] >> k) & 1u));
        y[b] = v;
    }
    memcpy(x, y, 4 * sizeof y[0]);
}

static void lt(uint32_t x[4])
{
    x[0] = ROL(x[0], 13);
    x[2] = ROL(x[2], 3);
    x[1] ^= x[0] ^ x[2];
    x[3] ^= x[2] ^ (x[0] << 3);
    x[1] = ROL(x[1], 1);
    x[3] = ROL(x[3], 7);
    x[0] ^= x[1] ^ x[3];
    x[2] ^= x[3] ^ (x[1] << 7);
    x[0] = ROL(x[0], 5);
    x[2] = ROL(x[2], 22);
}

static void lt_inv(uint32_t x[4])
{
    x[2] = ROR(x[2], 22);
    x[0] = ROR(x[0], 5);
    x[2] ^= x[3] ^ (x[1] << 7);
    x[0] ^= x[1] ^ x[3];
    x[3] = ROR(x[3], 7);
    x[1] = ROR(x[1], 1);
    x[3] ^= x[2] ^ (x[0] << 3);
    x[1] ^= x[0] ^ x[2];
    x[2] = ROR(x[2], 3);
    x[0] = ROR(x[0], 13);
}

static void addkey(uint32_t x[4], const uint32_t *k)
{
    x[0] ^= k[0];
    x[1] ^= k[1];
    x[2] ^= k[2];
    x[3] ^= k[3];
}

int rijn_serpent_init(rijn_serpent_ctx *ctx, const uint8_t *key, size_t key_len)
{
    uint32_t w[140], s[20];
    unsigned i;

    RIJN_CHECK_PTR(ctx);
    if (key_len != 16 && key_len != 24 && key_len != 32)
        return RIJN_ERR_KEY_LEN;
    RIJN_CHECK_PTR(key);
    memset(w, 0, 8 * sizeof w[0]);
    for (i = 0; i < key_len / 4; i++)
        w[i] = rijn_load32_le(key + 4 * i);
    if (key_len < 32)
        w[key_len / 4] = 1; /* the single 1 bit after the key */
    for (i = 8; i < 140; i++) {
        uint32_t t = w[i - 8] ^ w[i - 5] ^ w[i - 3] ^ w[i - 1] ^ 0x9e3779b9u ^ (uint32_t)(i - 8);
        w[i] = ROL(t, 11);
    }
    for (i = 0; i < 33; i++) {
        memcpy(ctx->k + 4 * i, w + 8 + 4 * i, 16);
        sbox(anf_fwd[(35 - i) % 8], ctx->k + 4 * i, s);
    }
    ctx->ready = 1;
    rijn_wipe(w, sizeof w);
    rijn_wipe(s, sizeof s);
    return RIJN_OK;
}

void rijn_serpent_encrypt(const rijn_serpent_ctx *ctx, uint8_t out[16], const uint8_t in[16])
{
    uint32_t x[4], s[20];
    unsigned i;

    for (i = 0; i < 4; i++)
        x[i] = rijn_load32_le(in + 4 * i);
    for (i = 0; i < 32; i++) {
        addkey(x, ctx->k + 4 * i);
        sbox(anf_fwd[i % 8], x, s);
        if (i < 31)
            lt(x);
    }
    addkey(x, ctx->k + 128);
    for (i = 0; i < 4; i++)
        rijn_store32_le(out + 4 * i, x[i]);
    rijn_wipe(x, sizeof x);
    rijn_wipe(s, sizeof s);
}

void rijn_serpent_decrypt(const rijn_serpent_ctx *ctx, uint8_t out[16], const uint8_t in[16])
{
    uint32_t x[4], s[20];
    unsigned i;

    for (i = 0; i < 4; i++)
        x[i] = rijn_load32_le(in + 4 * i);
    addkey(x, ctx->k + 128);
    for (i = 32; i-- > 0;) {
        if (i < 31)
            lt_inv(x);
        sbox(anf_inv[i % 8], x, s);
        addkey(x, ctx->k + 4 * i);
    }
    for (i = 0; i < 4; i++)
        rijn_store32_le(out + 4 * i, x[i]);
    rijn_wipe(x, sizeof x);
    rijn_wipe(s, sizeof s);
}

void rijn_serpent_wipe(rijn_serpent_ctx *ctx)
{
    if (ctx != NULL)
        rijn_wipe(ctx, sizeof *ctx);
}
