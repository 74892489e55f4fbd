/*
 * scrypt.c -- scrypt (RFC 7914): PBKDF2-HMAC-SHA-256 around ROMix with
 * the Salsa20/8 core, in a caller-provided work area (no heap).
 *
 * Implementation notes
 *   Work area layout (RIJN_SCRYPT_WORK_SIZE): B (128*r*p bytes, the
 *   PBKDF2 output, mixed in place one 128*r-byte block at a time), then
 *   the two 128*r-byte BlockMix buffers X and Y, then V (N blocks of
 *   128*r bytes). ROMix runs on 32-bit words (B_i loaded little-endian
 *   into X, stored back at the end); BlockMix writes its output already
 *   permuted (even sub-blocks first, then odd ones) into the other
 *   buffer, so there is no copy: the first loop mixes V[i] into V[i+1],
 *   the second ping-pongs X and Y with the XOR of V[j] fused into the
 *   Salsa20/8 input. Parallel lanes (p) run one after the other.
 *   Side channels: like Argon2d, scrypt's second loop reads V[j] at an
 *   index j taken from the secret state (RFC 7914 section 5): this is
 *   the design (memory hardness), and a cache observer learns something
 *   about it. Salsa20/8, PBKDF2 and BlockMix are constant time.
 *   The whole work area is wiped before return, whatever the result.
 *   Proof: RFC 7914 section 12 vectors (and the section 8/9/11 Salsa20/8,
 *   BlockMix and ROMix intermediates through the public result), and a
 *   differential test against OpenSSL's EVP_PBE_scrypt and libsodium's
 *   crypto_pwhash_scryptsalsa208sha256_ll (tests/kdf/test_scrypt.c).
 */
#include "internal.h"
#include "rijn/kdf.h"
#include "stream/salsa_core.h"

/* x ^= a (^ b); x = Salsa20/8(x). */
static void salsa8_xor(uint32_t x[16], const uint32_t *a, const uint32_t *b)
{
    uint32_t t[16];
    int k;
    if (b != NULL)
        for (k = 0; k < 16; k++)
            x[k] ^= a[k] ^ b[k];
    else
        for (k = 0; k < 16; k++)
            x[k] ^= a[k];
    memcpy(t, x, sizeof t);
    rijn_i_salsa_rounds(t, 4);
    for (k = 0; k < 16; k++)
        x[k] += t[k];
}

/* out = BlockMix(in ^ in2) (in2 may be NULL), 2r sub-blocks of 16 words.
 * out must not overlap in or in2. */
static void blockmix(uint32_t *out, const uint32_t *in, const uint32_t *in2, size_t r)
{
    uint32_t x[16];
    size_t i;
    memcpy(x, in + (2 * r - 1) * 16, sizeof x);
    if (in2 != NULL)
        for (i = 0; i < 16; i++)
            x[i] ^= in2[(2 * r - 1) * 16 + i];
    for (i = 0; i < 2 * r; i++) {
        salsa8_xor(x, in + i * 16, in2 != NULL ? in2 + i * 16 : NULL);
        memcpy(out + ((i & 1) * r + (i >> 1)) * 16, x, sizeof x);
    }
    rijn_wipe(x, sizeof x);
}

static void romix(uint8_t *b, uint32_t *x, uint32_t *y, uint32_t *v, uint64_t n, size_t r)
{
    size_t words = 32 * r, k;
    uint64_t i, j;
    uint32_t *t;
    for (k = 0; k < words; k++)
        v[k] = rijn_load32_le(b + 4 * k);
    for (i = 0; i + 1 < n; i++)
        blockmix(v + (size_t)(i + 1) * words, v + (size_t)i * words, NULL, r);
    blockmix(x, v + (size_t)(n - 1) * words, NULL, r);
    for (i = 0; i < n; i++) {
        /* Integerify: the first 64-bit word of the last sub-block. */
        const uint32_t *last = x + (2 * r - 1) * 16;
        j = ((uint64_t)last[1] << 32 | last[0]) & (n - 1);
        blockmix(y, x, v + (size_t)j * words, r);
        t = x;
        x = y;
        y = t;
    }
    for (k = 0; k < words; k++)
        rijn_store32_le(b + 4 * k, x[k]);
}

size_t rijn_scrypt_work_size(uint64_t n, uint32_t r, uint32_t p)
{
    uint64_t blocks;
    if (n < 2 || (n & (n - 1)) != 0 || r == 0 || p == 0 ||
        (uint64_t)r * p >= ((uint64_t)1 << 30))
        return 0;
    /* 128 * r * (n + p + 2) must fit size_t (and 64 bits). */
    blocks = n + p + 2;
    if (blocks < n || blocks > UINT64_MAX / 128 / r)
        return 0;
    if (128 * r * blocks > (uint64_t)SIZE_MAX)
        return 0;
    return (size_t)(128 * r * blocks);
}

int rijn_scrypt(uint8_t *out, size_t out_len, const uint8_t *pass, size_t pass_len,
                const uint8_t *salt, size_t salt_len, uint64_t n, uint32_t r, uint32_t p,
                void *work, size_t work_size)
{
    size_t need, blk, i;
    uint8_t *b;
    uint32_t *x, *y, *v;
    int ret;
    RIJN_CHECK_BUF(out, out_len);
    RIJN_CHECK_BUF(pass, pass_len);
    RIJN_CHECK_BUF(salt, salt_len);
    RIJN_CHECK_PTR(work);
    if (out_len == 0)
        return RIJN_ERR_PARAM;
    /* RFC 7914: N < 2^(128 * r / 8). */
    if (r < 4 && n >= ((uint64_t)1 << (16 * r)))
        return RIJN_ERR_PARAM;
    need = rijn_scrypt_work_size(n, r, p);
    if (need == 0)
        return RIJN_ERR_PARAM;
    if (((uintptr_t)work & 3u) != 0)
        return RIJN_ERR_PARAM;
    if (work_size < need)
        return RIJN_ERR_BUFFER;
    blk = (size_t)128 * r;
    b = (uint8_t *)work;
    x = (uint32_t *)(void *)(b + blk * p);
    y = x + blk / 4;
    v = y + blk / 4;
    ret = rijn_pbkdf2(&rijn_hash_sha256, b, blk * p, pass, pass_len, salt, salt_len, 1);
    if (ret == RIJN_OK) {
        for (i = 0; i < p; i++)
            romix(b + i * blk, x, y, v, n, r);
        ret = rijn_pbkdf2(&rijn_hash_sha256, out, out_len, pass, pass_len, b, blk * p, 1);
    }
    rijn_wipe(work, need);
    if (ret != RIJN_OK)
        rijn_wipe(out, out_len);
    return ret;
}
