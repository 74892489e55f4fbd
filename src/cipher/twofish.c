/*
 * twofish.c -- Twofish (Schneier, Kelsey, Whiting, Wagner, Hall, Ferguson;
 * AES submission 1998), 128/192/256-bit keys, 16 rounds.
 *
 * Implementation notes:
 * - "Zero keying" (specification section 4.3 / 7): the context keeps the
 *   40 subkeys and the k S-box key words (176 bytes); g is computed on
 *   the fly: the q0/q1 chain of h, then the MDS product. No 4 KiB keyed
 *   tables, so it fits the 2 KiB of an ATmega328P; slower on big cores.
 * - No lookup table: q0 and q1 are computed from their four 4-bit
 *   permutations t0..t3 (section 4.3.5), each packed in a 64-bit constant
 *   and read as (T >> 4 * nibble) & 15. The GF(2^8) products (MDS modulo
 *   x^8+x^6+x^5+x^3+1, RS modulo x^8+x^6+x^3+x^2+1) use masked xtime.
 * - Constant time: no secret-dependent branch or memory index. The one
 *   secret-dependent operation is the variable shift of the nibble
 *   extraction: fixed time on x86-64, Cortex-M0/M3/M4 (barrel shifter,
 *   LSRS/LSR by register is 1 cycle) and RV32 (SRL); on AVR there is no
 *   barrel shifter and avr-gcc emits a shift loop (or a 64-bit shift
 *   helper) whose time depends on the nibble: NOT constant time on AVR.
 *   Table-based Twofish (keyed S-boxes) is constant time only on cache-less
 *   cores; this file avoids the tables rather than rely on that.
 * - Vectors (tests/cipher/test_finalists.c, tests/cipher/cryptopp_diff.cpp):
 *   Crypto++'s TestData/twofishv.dat (the submission's ECB_TBL chain),
 *   libgcrypt (128/256) and Crypto++ (128/192/256) differential.
 */
#include <string.h>

#include "internal.h"
#include "rijn/blockcipher.h"

#define ROL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

/* t0..t3 of q0 and of q1, nibble i of T at bits 4i..4i+3. */
static const uint64_t qt[2][4] = {
    {0x4ace95b023f6d718u, 0xd9076a4f53218bceu, 0x17423f8c09d6e5abu, 0xac5803b9e6214f7du},
    {0x5ca04913e67fdb82u, 0x809f5ad673c4b2e1u, 0xf3b28de0a96157c4u, 0xa802f746ed3c159bu}};

static uint32_t nib(uint64_t t, uint32_t x)
{
    return (uint32_t)(t >> (4 * x)) & 15u;
}

static uint32_t q(unsigned which, uint32_t x)
{
    const uint64_t *t = qt[which];
    uint32_t a = x >> 4, b = x & 15u, a1, b1;

    a1 = a ^ b;
    b1 = (a ^ ((b >> 1) | (b << 3)) ^ (a << 3)) & 15u;
    a = nib(t[0], a1);
    b = nib(t[1], b1);
    a1 = a ^ b;
    b1 = (a ^ ((b >> 1) | (b << 3)) ^ (a << 3)) & 15u;
    a = nib(t[2], a1);
    b = nib(t[3], b1);
    return (b << 4) | a;
}

/* a * b in GF(2^8) modulo poly (with its x^8 bit), no branch on a or b. */
static uint32_t gmul(uint32_t a, uint32_t b, uint32_t poly)
{
    uint32_t r = 0;
    unsigned i;

    for (i = 0; i < 8; i++) {
        r ^= a & ((uint32_t)0 - ((b >> i) & 1u));
        a = (a << 1) ^ (poly & ((uint32_t)0 - (a >> 7)));
    }
    return r;
}

/* h(X, L) with the k words L[0..k-1] (specification figure 2). */
static uint32_t h(uint32_t x, const uint32_t *l, uint32_t k)
{
    static const uint8_t mds[4][4] = {
        {0x01, 0xEF, 0x5B, 0x5B}, {0x5B, 0xEF, 0xEF, 0x01},
        {0xEF, 0x5B, 0x01, 0xEF}, {0xEF, 0x01, 0xEF, 0x5B}};
    uint32_t y[4], z = 0;
    unsigned i, j;

    for (i = 0; i < 4; i++)
        y[i] = (x >> (8 * i)) & 0xFFu;
    if (k == 4) {
        y[0] = q(1, y[0]) ^ (l[3] & 0xFFu);
        y[1] = q(0, y[1]) ^ ((l[3] >> 8) & 0xFFu);
        y[2] = q(0, y[2]) ^ ((l[3] >> 16) & 0xFFu);
        y[3] = q(1, y[3]) ^ (l[3] >> 24);
    }
    if (k >= 3) {
        y[0] = q(1, y[0]) ^ (l[2] & 0xFFu);
        y[1] = q(1, y[1]) ^ ((l[2] >> 8) & 0xFFu);
        y[2] = q(0, y[2]) ^ ((l[2] >> 16) & 0xFFu);
        y[3] = q(0, y[3]) ^ (l[2] >> 24);
    }
    y[0] = q(1, q(0, q(0, y[0]) ^ (l[1] & 0xFFu)) ^ (l[0] & 0xFFu));
    y[1] = q(0, q(0, q(1, y[1]) ^ ((l[1] >> 8) & 0xFFu)) ^ ((l[0] >> 8) & 0xFFu));
    y[2] = q(1, q(1, q(0, y[2]) ^ ((l[1] >> 16) & 0xFFu)) ^ ((l[0] >> 16) & 0xFFu));
    y[3] = q(0, q(1, q(1, y[3]) ^ (l[1] >> 24)) ^ (l[0] >> 24));
    for (i = 0; i < 4; i++) {
        uint32_t zi = 0;
        for (j = 0; j < 4; j++)
            zi ^= gmul(mds[i][j], y[j], 0x169u);
        z |= zi << (8 * i);
    }
    return z;
}

int rijn_twofish_init(rijn_twofish_ctx *ctx, const uint8_t *key, size_t key_len)
{
    static const uint8_t rs[4][8] = {
        {0x01, 0xA4, 0x55, 0x87, 0x5A, 0x58, 0xDB, 0x9E},
        {0xA4, 0x56, 0x82, 0xF3, 0x1E, 0xC6, 0x68, 0xE5},
        {0x02, 0xA1, 0xFC, 0xC1, 0x47, 0xAE, 0x3D, 0x19},
        {0xA4, 0x55, 0x87, 0x5A, 0x58, 0xDB, 0x9E, 0x03}};
    uint32_t me[4], mo[4], a, b;
    unsigned k, i, r, c;

    RIJN_CHECK_PTR(ctx);
    if (key_len != 16 && key_len != 24 && key_len != 32)
        return RIJN_ERR_KEY_LEN;
    RIJN_CHECK_PTR(key);
    k = (unsigned)key_len / 8;
    for (i = 0; i < k; i++) {
        me[i] = rijn_load32_le(key + 8 * i);
        mo[i] = rijn_load32_le(key + 8 * i + 4);
        /* S_i = RS . (m_8i .. m_8i+7); h takes L_j = S_{k-1-j} */
        a = 0;
        for (r = 0; r < 4; r++) {
            uint32_t v = 0;
            for (c = 0; c < 8; c++)
                v ^= gmul(rs[r][c], key[8 * i + c], 0x14Du);
            a |= v << (8 * r);
        }
        ctx->s[k - 1 - i] = a;
    }
    for (i = 0; i < 20; i++) {
        a = h(0x02020202u * i, me, k);
        b = h(0x02020202u * i + 0x01010101u, mo, k);
        b = ROL(b, 8);
        ctx->k[2 * i] = a + b;
        a += 2 * b;
        ctx->k[2 * i + 1] = ROL(a, 9);
    }
    ctx->nwords = k;
    rijn_wipe(me, sizeof me);
    rijn_wipe(mo, sizeof mo);
    return RIJN_OK;
}

void rijn_twofish_encrypt(const rijn_twofish_ctx *ctx, uint8_t out[16], const uint8_t in[16])
{
    uint32_t r[4], t0, t1, tmp;
    unsigned i;

    for (i = 0; i < 4; i++)
        r[i] = rijn_load32_le(in + 4 * i) ^ ctx->k[i];
    for (i = 0; i < 16; i++) {
        t0 = h(r[0], ctx->s, ctx->nwords);
        t1 = h(ROL(r[1], 8), ctx->s, ctx->nwords);
        tmp = r[2] ^ (t0 + t1 + ctx->k[2 * i + 8]);
        r[2] = ROR(tmp, 1);
        r[3] = ROL(r[3], 1) ^ (t0 + 2 * t1 + ctx->k[2 * i + 9]);
        if (i < 15) { /* swap halves, not after the last round */
            tmp = r[0], r[0] = r[2], r[2] = tmp;
            tmp = r[1], r[1] = r[3], r[3] = tmp;
        }
    }
    /* the last swap undone: output whitening on the state as it stands */
    for (i = 0; i < 4; i++)
        rijn_store32_le(out + 4 * i, r[i] ^ ctx->k[4 + i]);
    rijn_wipe(r, sizeof r);
}

void rijn_twofish_decrypt(const rijn_twofish_ctx *ctx, uint8_t out[16], const uint8_t in[16])
{
    uint32_t r[4], t0, t1, tmp;
    unsigned i;

    for (i = 0; i < 4; i++)
        r[i] = rijn_load32_le(in + 4 * i) ^ ctx->k[4 + i];
    for (i = 16; i-- > 0;) {
        if (i < 15) {
            tmp = r[0], r[0] = r[2], r[2] = tmp;
            tmp = r[1], r[1] = r[3], r[3] = tmp;
        }
        t0 = h(r[0], ctx->s, ctx->nwords);
        t1 = h(ROL(r[1], 8), ctx->s, ctx->nwords);
        tmp = ROL(r[2], 1);
        r[2] = tmp ^ (t0 + t1 + ctx->k[2 * i + 8]);
        tmp = r[3] ^ (t0 + 2 * t1 + ctx->k[2 * i + 9]);
        r[3] = ROR(tmp, 1);
    }
    for (i = 0; i < 4; i++)
        rijn_store32_le(out + 4 * i, r[i] ^ ctx->k[i]);
    rijn_wipe(r, sizeof r);
}

void rijn_twofish_wipe(rijn_twofish_ctx *ctx)
{
    if (ctx != NULL)
        rijn_wipe(ctx, sizeof *ctx);
}
