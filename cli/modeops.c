/*
 * modeops.c -- dispatch from a mode name to the one-shot calls of
 * rijn/modes.h (see modeops.h).
 *
 * Implementation notes: ECB with PKCS#7 is not a library call, so it is
 * done here: padding appended before rijn_ecb_encrypt, and after
 * rijn_ecb_decrypt the padding is checked with a loop over the last 16
 * bytes that ORs masks instead of branching, then the verdict is read
 * once. CBC with PKCS#7 uses the library's rijn_cbc_pad_*.
 */
#include "modeops.h"

#include <stdlib.h>
#include <string.h>

const cli_mode_info cli_modes[] = {
    {"ecb", CLI_M_ECB, 0, 1, 1},       {"cbc", CLI_M_CBC, 1, 1, 1},
    {"cbc-cs1", CLI_M_CTS1, 1, 0, 0},  {"cbc-cs2", CLI_M_CTS2, 1, 0, 0},
    {"cbc-cs3", CLI_M_CTS3, 1, 0, 0},  {"cfb1", CLI_M_CFB1, 1, 0, 0},
    {"cfb8", CLI_M_CFB8, 1, 0, 0},     {"cfb128", CLI_M_CFB128, 1, 0, 0},
    {"cfb", CLI_M_CFB128, 1, 0, 0},    {"ofb", CLI_M_OFB, 1, 0, 0},
    {"ctr", CLI_M_CTR, 1, 0, 0},       {"ctr32", CLI_M_CTR32, 1, 0, 0},
    {NULL, CLI_M_ECB, 0, 0, 0}};

const cli_mode_info *cli_mode_find(const char *name)
{
    const cli_mode_info *m;
    for (m = cli_modes; m->name != NULL; m++)
        if (strcmp(m->name, name) == 0)
            return m;
    return NULL;
}

/* PKCS#7 check on a 16-byte final block: the pad length (1..16) or 0. */
static size_t pkcs7_len(const uint8_t last[16])
{
    uint32_t pad = last[15], bad, i;
    bad = (pad - 1u) >> 31;   /* pad == 0 */
    bad |= (16u - pad) >> 31; /* pad > 16 */
    for (i = 0; i < 16; i++) {
        uint32_t in_pad = (uint32_t)((i - pad) >> 31); /* i < pad */
        bad |= in_pad & (uint32_t)(last[15 - i] != pad);
    }
    return bad ? 0 : (size_t)pad;
}

static int ecb_pad(int enc, const rijn_aes_ctx *aes, const uint8_t *in, size_t n, cli_buf *out)
{
    int r;
    if (enc) {
        size_t total = (n / 16 + 1) * 16;
        out->p = cli_alloc(total);
        out->n = total;
        memcpy(out->p, in, n);
        memset(out->p + n, (int)(total - n), total - n);
        return rijn_ecb_encrypt(aes, out->p, out->p, total);
    }
    if (n == 0 || n % 16 != 0)
        return RIJN_ERR_LENGTH;
    out->p = cli_alloc(n);
    out->n = n;
    r = rijn_ecb_decrypt(aes, out->p, in, n);
    if (r == RIJN_OK) {
        size_t pad = pkcs7_len(out->p + n - 16);
        if (pad == 0)
            return RIJN_ERR_PADDING;
        out->n = n - pad;
    }
    return r;
}

/* CBC with PKCS#7 padding into a new out. */
static int cbc_pad(int enc, const rijn_aes_ctx *aes, const uint8_t iv[16], const uint8_t *in,
                   size_t n, cli_buf *out)
{
    size_t cap = enc ? RIJN_CBC_PAD_LEN(n) : n, len = n;
    int r;
    out->p = cli_alloc(cap);
    r = enc ? rijn_cbc_pad_encrypt(aes, iv, out->p, cap, &len, in, n)
            : rijn_cbc_pad_decrypt(aes, iv, out->p, cap, &len, in, n);
    out->n = cap;
    if (r == RIJN_OK)
        out->n = len;
    return r;
}

/* The CFB, OFB and CTR modes, n bytes into out. */
static int stream_mode(cli_mode mode, int enc, const rijn_aes_ctx *aes, const uint8_t iv[16],
                       const uint8_t *in, size_t n, uint8_t *out)
{
    switch (mode) {
    case CLI_M_CFB1:
        return enc ? rijn_cfb1_encrypt_bits(aes, iv, out, in, 8 * n)
                   : rijn_cfb1_decrypt_bits(aes, iv, out, in, 8 * n);
    case CLI_M_CFB8:
        return enc ? rijn_cfb8_encrypt(aes, iv, out, in, n)
                   : rijn_cfb8_decrypt(aes, iv, out, in, n);
    case CLI_M_CFB128:
        return enc ? rijn_cfb128_encrypt(aes, iv, out, in, n)
                   : rijn_cfb128_decrypt(aes, iv, out, in, n);
    case CLI_M_OFB: return rijn_ofb_crypt(aes, iv, out, in, n);
    case CLI_M_CTR: return rijn_ctr_crypt(aes, iv, out, in, n);
    case CLI_M_CTR32: return rijn_ctr32_crypt(aes, iv, out, in, n);
    default: return RIJN_ERR_PARAM;
    }
}

/* Every mode without padding, n bytes into out. */
static int unpadded(cli_mode mode, int enc, const rijn_aes_ctx *aes, const uint8_t iv[16],
                    const uint8_t *in, size_t n, uint8_t *out)
{
    rijn_cts_variant v;
    if (mode == CLI_M_ECB)
        return enc ? rijn_ecb_encrypt(aes, out, in, n) : rijn_ecb_decrypt(aes, out, in, n);
    if (mode == CLI_M_CBC)
        return enc ? rijn_cbc_encrypt(aes, iv, out, in, n) : rijn_cbc_decrypt(aes, iv, out, in, n);
    if (mode != CLI_M_CTS1 && mode != CLI_M_CTS2 && mode != CLI_M_CTS3)
        return stream_mode(mode, enc, aes, iv, in, n, out);
    v = mode == CLI_M_CTS1 ? RIJN_CTS_CS1 : mode == CLI_M_CTS2 ? RIJN_CTS_CS2 : RIJN_CTS_CS3;
    return enc ? rijn_cbc_cts_encrypt(aes, v, iv, out, in, n)
               : rijn_cbc_cts_decrypt(aes, v, iv, out, in, n);
}

int cli_mode_crypt(cli_mode mode, int enc, int pad, const rijn_aes_ctx *aes,
                   const uint8_t iv[16], const uint8_t *in, size_t n, cli_buf *out)
{
    int r;
    out->p = NULL;
    out->n = 0;
    if (mode == CLI_M_ECB && pad) {
        r = ecb_pad(enc, aes, in, n, out);
    } else if (mode == CLI_M_CBC && pad) {
        r = cbc_pad(enc, aes, iv, in, n, out);
    } else {
        out->p = cli_alloc(n);
        out->n = n;
        r = unpadded(mode, enc, aes, iv, in, n, out->p);
    }
    if (r != RIJN_OK)
        cli_buf_free(out);
    return r;
}
