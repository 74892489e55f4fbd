/*
 * tu_modes.c -- see tu_modes.h.
 */
#include "tu_modes.h"

#include <stdlib.h>
#include <string.h>

#include "testutil.h"

const tu_mode_info tu_modes[TU_NMODES] = {
    /* name        ossl       cts    pad blk inv gran min  variant */
    {"ECB", "ECB", NULL, 0, 1, 1, 16, 0, RIJN_CTS_CS1},
    {"CBC", "CBC", NULL, 0, 1, 1, 16, 0, RIJN_CTS_CS1},
    {"CBC-PKCS7", "CBC", NULL, 1, 1, 1, 1, 0, RIJN_CTS_CS1},
    {"CBC-CS1", "CBC-CTS", "CS1", 0, 1, 1, 1, 16, RIJN_CTS_CS1},
    {"CBC-CS2", "CBC-CTS", "CS2", 0, 1, 1, 1, 16, RIJN_CTS_CS2},
    {"CBC-CS3", "CBC-CTS", "CS3", 0, 1, 1, 1, 16, RIJN_CTS_CS3},
    {"CFB1", "CFB1", NULL, 0, 0, 0, 1, 0, RIJN_CTS_CS1},
    {"CFB8", "CFB8", NULL, 0, 0, 0, 1, 0, RIJN_CTS_CS1},
    {"CFB128", "CFB", NULL, 0, 0, 0, 1, 0, RIJN_CTS_CS1},
    {"OFB", "OFB", NULL, 0, 0, 0, 1, 0, RIJN_CTS_CS1},
    {"CTR", "CTR", NULL, 0, 0, 0, 1, 0, RIJN_CTS_CS1},
    {"CTR32", NULL, NULL, 0, 0, 0, 1, 0, RIJN_CTS_CS1},
};

int tu_key_ok(size_t key_len)
{
    return key_len == 16 || (RIJN_CFG_AES_192 && key_len == 24) ||
           (RIJN_CFG_AES_256 && key_len == 32);
}

int tu_mode_dec_ok(tu_mode m)
{
    return RIJN_CFG_AES_DECRYPT || !tu_modes[m].inverse;
}

int tu_mode_len_ok(tu_mode m, int enc, size_t len)
{
    const tu_mode_info *i = &tu_modes[m];
    if (i->padding && !enc)
        return len > 0 && len % 16 == 0;
    return len % i->granule == 0 && len >= i->min_len;
}

int tu_mode_oneshot(tu_mode m, int enc, const rijn_aes_ctx *aes, const uint8_t iv[16],
                    uint8_t *out, size_t out_size, size_t *out_len, const uint8_t *in,
                    size_t len)
{
    *out_len = len;
    switch (m) {
    case TU_ECB:
        return enc ? rijn_ecb_encrypt(aes, out, in, len) : rijn_ecb_decrypt(aes, out, in, len);
    case TU_CBC:
        return enc ? rijn_cbc_encrypt(aes, iv, out, in, len)
                   : rijn_cbc_decrypt(aes, iv, out, in, len);
    case TU_CBC_PAD:
        *out_len = 0;
        return enc ? rijn_cbc_pad_encrypt(aes, iv, out, out_size, out_len, in, len)
                   : rijn_cbc_pad_decrypt(aes, iv, out, out_size, out_len, in, len);
    case TU_CTS1:
    case TU_CTS2:
    case TU_CTS3:
        return enc ? rijn_cbc_cts_encrypt(aes, tu_modes[m].cts_variant, iv, out, in, len)
                   : rijn_cbc_cts_decrypt(aes, tu_modes[m].cts_variant, iv, out, in, len);
    case TU_CFB1:
        return enc ? rijn_cfb1_encrypt_bits(aes, iv, out, in, 8 * len)
                   : rijn_cfb1_decrypt_bits(aes, iv, out, in, 8 * len);
    case TU_CFB8:
        return enc ? rijn_cfb8_encrypt(aes, iv, out, in, len)
                   : rijn_cfb8_decrypt(aes, iv, out, in, len);
    case TU_CFB128:
        return enc ? rijn_cfb128_encrypt(aes, iv, out, in, len)
                   : rijn_cfb128_decrypt(aes, iv, out, in, len);
    case TU_OFB:
        return rijn_ofb_crypt(aes, iv, out, in, len);
    case TU_CTR:
        return rijn_ctr_crypt(aes, iv, out, in, len);
    case TU_CTR32:
        return rijn_ctr32_crypt(aes, iv, out, in, len);
    default:
        return RIJN_ERR_PARAM;
    }
}

int tu_mode_init(tu_mctx *c, tu_mode m, int enc, const uint8_t *key, size_t key_len,
                 const uint8_t iv[16])
{
    rijn_cts_variant v = tu_modes[m].cts_variant;
    c->mode = m;
    c->enc = enc;
    switch (m) {
    case TU_ECB:
        return enc ? rijn_ecb_encrypt_init(&c->b, key, key_len)
                   : rijn_ecb_decrypt_init(&c->b, key, key_len);
    case TU_CBC:
        return enc ? rijn_cbc_encrypt_init(&c->b, key, key_len, iv)
                   : rijn_cbc_decrypt_init(&c->b, key, key_len, iv);
    case TU_CBC_PAD:
        return enc ? rijn_cbc_pad_encrypt_init(&c->b, key, key_len, iv)
                   : rijn_cbc_pad_decrypt_init(&c->b, key, key_len, iv);
    case TU_CTS1:
    case TU_CTS2:
    case TU_CTS3:
        return enc ? rijn_cbc_cts_encrypt_init(&c->b, v, key, key_len, iv)
                   : rijn_cbc_cts_decrypt_init(&c->b, v, key, key_len, iv);
    case TU_CFB1:
        return enc ? rijn_cfb1_encrypt_init(&c->s, key, key_len, iv)
                   : rijn_cfb1_decrypt_init(&c->s, key, key_len, iv);
    case TU_CFB8:
        return enc ? rijn_cfb8_encrypt_init(&c->s, key, key_len, iv)
                   : rijn_cfb8_decrypt_init(&c->s, key, key_len, iv);
    case TU_CFB128:
        return enc ? rijn_cfb128_encrypt_init(&c->s, key, key_len, iv)
                   : rijn_cfb128_decrypt_init(&c->s, key, key_len, iv);
    case TU_OFB:
        return rijn_ofb_init(&c->s, key, key_len, iv);
    case TU_CTR:
        return rijn_ctr_init(&c->s, key, key_len, iv);
    case TU_CTR32:
        return rijn_ctr32_init(&c->s, key, key_len, iv);
    default:
        return RIJN_ERR_PARAM;
    }
}

int tu_mode_update(tu_mctx *c, uint8_t *out, size_t out_size, size_t *out_len,
                   const uint8_t *in, size_t len)
{
    if (tu_modes[c->mode].block)
        return rijn_block_update(&c->b, out, out_size, out_len, in, len);
    *out_len = len;
    return rijn_stream_update(&c->s, out, in, len);
}

int tu_mode_final(tu_mctx *c, uint8_t *out, size_t out_size, size_t *out_len)
{
    *out_len = 0;
    if (tu_modes[c->mode].block)
        return rijn_block_final(&c->b, out, out_size, out_len);
    return RIJN_OK;
}

int tu_mode_reset(tu_mctx *c, const uint8_t iv[16])
{
    if (tu_modes[c->mode].block)
        return rijn_block_reset(&c->b, iv);
    return rijn_stream_reset(&c->s, iv);
}

void tu_mode_wipe(tu_mctx *c)
{
    if ((unsigned)c->mode >= TU_NMODES)
        return;
    if (tu_modes[c->mode].block)
        rijn_block_wipe(&c->b);
    else
        rijn_stream_wipe(&c->s);
}

static size_t next_chunk(size_t left, int split)
{
    size_t r;
    if (split == TU_SPLIT_NONE)
        return left;
    if (split == TU_SPLIT_BYTES)
        return left > 0 ? 1 : 0;
    r = tu_rand_below(16);
    if (r < 2)
        return 0;
    if (r < 5)
        return left > 0 ? 1 : 0;
    if (r < 8)
        return tu_rand_below(left < 17 ? left + 1 : 18); /* around a block */
    if (r < 12)
        return tu_rand_below(left < 48 ? left + 1 : 49);
    return tu_rand_below(left + 1);
}

int tu_mode_stream(tu_mctx *c, uint8_t *out, size_t *out_len, const uint8_t *in, size_t len,
                   int split, int inplace)
{
    size_t pos = 0, total = 0, n, w;
    int block = tu_modes[c->mode].block, r = RIJN_OK, zeros = 0;
    uint8_t *scratch = NULL;
    uint8_t fin[32];
    *out_len = 0;
    if (inplace && block) {
        scratch = malloc(len + 48);
        if (scratch == NULL)
            return RIJN_ERR_PARAM;
    }
    if (inplace && !block)
        memmove(out, in, len);
    while (pos < len || zeros == 0) {
        n = next_chunk(len - pos, split);
        if (n == 0)
            zeros++; /* a 0-byte update, at least one per message */
        w = 0;
        if (block) {
            size_t cap = RIJN_MODE_UPDATE_MAX(n);
            if (inplace) {
                memcpy(scratch, in + pos, n);
                r = tu_mode_update(c, scratch, cap, &w, scratch, n);
                if (r == RIJN_OK && w <= cap)
                    memcpy(out + total, scratch, w);
            } else {
                r = tu_mode_update(c, out + total, cap, &w, n ? in + pos : NULL, n);
            }
            if (r == RIJN_OK && w > cap)
                r = RIJN_ERR_BUFFER;
        } else if (inplace) {
            r = tu_mode_update(c, out + pos, 0, &w, out + pos, n);
        } else {
            r = tu_mode_update(c, out + pos, 0, &w, n ? in + pos : NULL, n);
        }
        if (r != RIJN_OK)
            goto done;
        total += w;
        pos += n;
        if (pos == len && zeros == 0 && split == TU_SPLIT_NONE)
            break;
    }
    r = tu_mode_final(c, fin, sizeof fin, &w);
    if (r == RIJN_OK) {
        if (w > sizeof fin)
            r = RIJN_ERR_BUFFER;
        else
            memcpy(out + total, fin, w);
        total += w;
    }
done:
    free(scratch);
    *out_len = total;
    return r;
}

const char *const tu_d_names[TU_D_NMODES] = {
    "ECB-enc", "ECB-dec", "CBC-enc", "CBC-dec", "PKCS7-enc", "PKCS7-dec", "CS1-enc",
    "CS1-dec", "CS2-enc", "CS2-dec", "CS3-enc", "CS3-dec", "CFB1-enc", "CFB1-dec",
    "CFB8-enc", "CFB8-dec", "CFB128-enc", "CFB128-dec", "OFB", "CTR", "CTR32"};

int tu_d_is_block(int m)
{
    return m <= TU_D_CS3_D;
}

int tu_d_is_cts(int m)
{
    return m >= TU_D_CS1_E && m <= TU_D_CS3_D;
}

rijn_cts_variant tu_d_variant(int m)
{
    return (rijn_cts_variant)((m - TU_D_CS1_E) / 2 + 1);
}

int tu_d_oneshot(int m, const rijn_aes_ctx *a, const uint8_t *iv, uint8_t *out, size_t out_size,
                 size_t *out_len, const uint8_t *in, size_t len)
{
    switch (m) {
    case TU_D_ECB_E: return rijn_ecb_encrypt(a, out, in, len);
    case TU_D_ECB_D: return rijn_ecb_decrypt(a, out, in, len);
    case TU_D_CBC_E: return rijn_cbc_encrypt(a, iv, out, in, len);
    case TU_D_CBC_D: return rijn_cbc_decrypt(a, iv, out, in, len);
    case TU_D_PAD_E: return rijn_cbc_pad_encrypt(a, iv, out, out_size, out_len, in, len);
    case TU_D_PAD_D: return rijn_cbc_pad_decrypt(a, iv, out, out_size, out_len, in, len);
    case TU_D_CS1_E: case TU_D_CS2_E: case TU_D_CS3_E:
        return rijn_cbc_cts_encrypt(a, tu_d_variant(m), iv, out, in, len);
    case TU_D_CS1_D: case TU_D_CS2_D: case TU_D_CS3_D:
        return rijn_cbc_cts_decrypt(a, tu_d_variant(m), iv, out, in, len);
    case TU_D_CFB1_E: return rijn_cfb1_encrypt_bits(a, iv, out, in, 8 * len);
    case TU_D_CFB1_D: return rijn_cfb1_decrypt_bits(a, iv, out, in, 8 * len);
    case TU_D_CFB8_E: return rijn_cfb8_encrypt(a, iv, out, in, len);
    case TU_D_CFB8_D: return rijn_cfb8_decrypt(a, iv, out, in, len);
    case TU_D_CFB128_E: return rijn_cfb128_encrypt(a, iv, out, in, len);
    case TU_D_CFB128_D: return rijn_cfb128_decrypt(a, iv, out, in, len);
    case TU_D_OFB: return rijn_ofb_crypt(a, iv, out, in, len);
    case TU_D_CTR: return rijn_ctr_crypt(a, iv, out, in, len);
    default: return rijn_ctr32_crypt(a, iv, out, in, len);
    }
}

int tu_d_init(int m, rijn_block_ctx *b, rijn_stream_ctx *s, const uint8_t *key, size_t kl,
              const uint8_t *iv)
{
    switch (m) {
    case TU_D_ECB_E: return rijn_ecb_encrypt_init(b, key, kl);
    case TU_D_ECB_D: return rijn_ecb_decrypt_init(b, key, kl);
    case TU_D_CBC_E: return rijn_cbc_encrypt_init(b, key, kl, iv);
    case TU_D_CBC_D: return rijn_cbc_decrypt_init(b, key, kl, iv);
    case TU_D_PAD_E: return rijn_cbc_pad_encrypt_init(b, key, kl, iv);
    case TU_D_PAD_D: return rijn_cbc_pad_decrypt_init(b, key, kl, iv);
    case TU_D_CS1_E: case TU_D_CS2_E: case TU_D_CS3_E:
        return rijn_cbc_cts_encrypt_init(b, tu_d_variant(m), key, kl, iv);
    case TU_D_CS1_D: case TU_D_CS2_D: case TU_D_CS3_D:
        return rijn_cbc_cts_decrypt_init(b, tu_d_variant(m), key, kl, iv);
    case TU_D_CFB1_E: return rijn_cfb1_encrypt_init(s, key, kl, iv);
    case TU_D_CFB1_D: return rijn_cfb1_decrypt_init(s, key, kl, iv);
    case TU_D_CFB8_E: return rijn_cfb8_encrypt_init(s, key, kl, iv);
    case TU_D_CFB8_D: return rijn_cfb8_decrypt_init(s, key, kl, iv);
    case TU_D_CFB128_E: return rijn_cfb128_encrypt_init(s, key, kl, iv);
    case TU_D_CFB128_D: return rijn_cfb128_decrypt_init(s, key, kl, iv);
    case TU_D_OFB: return rijn_ofb_init(s, key, kl, iv);
    case TU_D_CTR: return rijn_ctr_init(s, key, kl, iv);
    default: return rijn_ctr32_init(s, key, kl, iv);
    }
}
