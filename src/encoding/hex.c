/*
 * hex.c -- hex encoding and decoding (rijn/encoding.h).
 *
 * Implementation notes: a nibble becomes '0' + n, plus 39 under a mask
 * when n > 9 (so 10..15 land on 'a'..'f'); a digit's value is chosen
 * between c - '0' and (c | 0x20) - 'a' + 10 with range masks. Neither
 * direction branches on or indexes by the data; only whitespace skipping
 * branches (on positions, not values). Decoding runs to the end of the
 * input even after an error, then wipes the output. Proven by
 * tests/file/test_encoding.c (RFC 4648 section 10 examples, round trips of
 * every byte value, malformed input).
 */
#include "enc_i.h"
#include "rijn/encoding.h"

int rijn_hex_encode(char *out, size_t out_size, size_t *out_len, const uint8_t *in, size_t len)
{
    size_t i;
    if (out_len != NULL)
        *out_len = 0;
    RIJN_CHECK_BUF(in, len);
    RIJN_CHECK_PTR(out);
    if (len > (((size_t)-1) - 1u) / 2u || out_size < RIJN_HEX_ENCODED_SIZE(len))
        return RIJN_ERR_BUFFER;
    for (i = 0; i < len; i++) {
        uint32_t hi = (uint32_t)(in[i] >> 4), lo = (uint32_t)(in[i] & 15u);
        out[2 * i] = (char)('0' + hi + (rijn_enc_gt(hi, 9) & 39u));
        out[2 * i + 1] = (char)('0' + lo + (rijn_enc_gt(lo, 9) & 39u));
    }
    out[2 * len] = '\0';
    if (out_len != NULL)
        *out_len = 2 * len;
    return RIJN_OK;
}

int rijn_hex_decode(uint8_t *out, size_t out_size, size_t *out_len, const char *in, size_t in_len)
{
    size_t i, pos = 0, digits = 0;
    uint32_t bad = 0, acc = 0;
    int overflow = 0;
    if (out_len != NULL)
        *out_len = 0;
    RIJN_CHECK_BUF(in, in_len);
    RIJN_CHECK_BUF(out, out_size);
    for (i = 0; i < in_len; i++) {
        int32_t c = (int32_t)(unsigned char)in[i];
        int32_t l = c | 0x20;
        uint32_t md = rijn_enc_in_range(c, '0', '9');
        uint32_t ml = rijn_enc_in_range(l, 'a', 'f');
        uint32_t v = (md & (uint32_t)(c - '0')) | (ml & (uint32_t)(l - 'a' + 10));
        if (rijn_enc_is_space(c))
            continue;
        bad |= ~(md | ml);
        acc = (acc << 4) | (v & 15u);
        digits++;
        if ((digits & 1u) == 0) {
            if (pos < out_size)
                out[pos] = (uint8_t)acc;
            else
                overflow = 1;
            pos++;
            acc = 0;
        }
    }
    if (bad != 0 || (digits & 1u) != 0 || overflow) {
        if (out != NULL)
            rijn_wipe(out, out_size);
        if (bad != 0)
            return RIJN_ERR_PARAM;
        return (digits & 1u) != 0 ? RIJN_ERR_LENGTH : RIJN_ERR_BUFFER;
    }
    if (out_len != NULL)
        *out_len = pos;
    return RIJN_OK;
}
