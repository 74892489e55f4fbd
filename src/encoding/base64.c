/*
 * base64.c -- Base64 encoding and decoding, standard and URL-safe
 * alphabets (RFC 4648 sections 4 and 5; rijn/encoding.h).
 *
 * Implementation notes: no lookup table. A 6-bit value v becomes a
 * character as v + 'A', then +6 when v > 25 (a-z), -75 when v > 51
 * (0-9), and two per-alphabet corrections for 62 and 63, each applied
 * under a mask. Decoding chooses the value among the five ranges with
 * range masks and ORs the "not in the alphabet" masks into one error
 * word. The only branches are on whitespace and '=' positions and on the
 * input length, never on a character's value. The decoder accepts only
 * the canonical encoding: padding only at the end and the right amount,
 * unused low bits zero. Proven by tests/file/test_encoding.c (RFC 4648
 * section 10 examples, round trips against a reference, malformed input).
 * Block coders (src/encoding/b64_i.h, base64_x86.c: AVX2 32 characters
 * a step, SSSE3 16), a registry entry each, chosen per call from the
 * cached CPU probe (RIJN_CPU_MASK hides them). The decoder loop hands the
 * input to the block decoder at every group boundary before padding; it
 * stops at whitespace or '=', and the scalar code does the rest. The
 * encoder hands it the whole groups first, the scalar code ends them. So
 * results, errors and wiping are the portable code's
 * (tests/file/test_base64_impls.c compares them with "portable" at every
 * length 0..300, every output size, a bad character, space or '=' at
 * every position of three AVX2 blocks; test_base64_ctgrind.c checks them
 * under memcheck). Measured with the CLI (64-character lines, one call a
 * line), page cache to /dev/null, 2 shared cores, medians of 7
 * interleaved runs, wall (user) s: rijn decrypt of an armored 512 MiB
 * file 3.32 (3.16) -> 0.33 (0.27) with AVX2, 0.41 (0.35) at
 * RIJN_CPU_MASK=0xF (SSSE3); 64 MiB 0.42 (0.38) -> 0.04 (0.03); encrypt
 * --armor 512 MiB 1.18 (1.10) -> 0.48 (0.42), 0.50 (0.43) at 0xF.
 */
#include "b64_i.h"
#include "enc_i.h"
#include "rijn/encoding.h"

typedef struct {
    int32_t c62, c63; /* characters for 62 and 63 */
    int pad_out;      /* write '=' padding         */
    int pad_required; /* decoder needs the padding */
} b64_alpha;

static const b64_alpha std_alpha = {'+', '/', 1, 1};
static const b64_alpha url_alpha = {'-', '_', 0, 0};

static char b64_char(uint32_t v, const b64_alpha *a)
{
    uint32_t c = v + 'A';
    c += rijn_enc_gt(v, 25) & 6u;
    c -= rijn_enc_gt(v, 51) & 75u;
    /* v = 62 now maps to 58 and v = 63 to 59 */
    c += rijn_enc_eq((int32_t)v, 62) & (uint32_t)(a->c62 - 58);
    c += rijn_enc_eq((int32_t)v, 63) & (uint32_t)(a->c63 - 59);
    return (char)(c & 0xffu);
}

static int b64_encode(char *out, size_t out_size, size_t *out_len, const uint8_t *in, size_t len,
                      const b64_alpha *a, rijn_i_b64_enc_fn enc)
{
    size_t i, pos = 0, full = len / 3, rest = len % 3;
    if (out_len != NULL)
        *out_len = 0;
    RIJN_CHECK_BUF(in, len);
    RIJN_CHECK_PTR(out);
    if (len / 3u > (((size_t)-1) - 8u) / 4u || out_size < RIJN_BASE64_ENCODED_SIZE(len))
        return RIJN_ERR_BUFFER;
    i = 0;
    if (enc != NULL) { /* whole groups by the block encoder (b64_i.h) */
        i = enc(out, in, full * 3, a->c62, a->c63) / 3;
        pos = 4 * i;
    }
    for (; i < full; i++) {
        uint32_t w = ((uint32_t)in[3 * i] << 16) | ((uint32_t)in[3 * i + 1] << 8) | in[3 * i + 2];
        out[pos++] = b64_char(w >> 18, a);
        out[pos++] = b64_char((w >> 12) & 63u, a);
        out[pos++] = b64_char((w >> 6) & 63u, a);
        out[pos++] = b64_char(w & 63u, a);
    }
    if (rest != 0) {
        uint32_t w = (uint32_t)in[3 * full] << 16;
        if (rest == 2)
            w |= (uint32_t)in[3 * full + 1] << 8;
        out[pos++] = b64_char(w >> 18, a);
        out[pos++] = b64_char((w >> 12) & 63u, a);
        if (rest == 2)
            out[pos++] = b64_char((w >> 6) & 63u, a);
        if (a->pad_out) {
            out[pos++] = '=';
            if (rest == 1)
                out[pos++] = '=';
        }
    }
    out[pos] = '\0';
    if (out_len != NULL)
        *out_len = pos;
    return RIJN_OK;
}

/* Value of c (0..63) and a mask that is all ones when c is in the alphabet. */
static uint32_t b64_value(int32_t c, const b64_alpha *a, uint32_t *valid)
{
    uint32_t mu = rijn_enc_in_range(c, 'A', 'Z');
    uint32_t ml = rijn_enc_in_range(c, 'a', 'z');
    uint32_t md = rijn_enc_in_range(c, '0', '9');
    uint32_t m62 = rijn_enc_eq(c, a->c62);
    uint32_t m63 = rijn_enc_eq(c, a->c63);
    *valid = mu | ml | md | m62 | m63;
    return (mu & (uint32_t)(c - 'A')) | (ml & (uint32_t)(c - 'a' + 26)) |
           (md & (uint32_t)(c - '0' + 52)) | (m62 & 62u) | (m63 & 63u);
}

/* The verdict on a decoded input: bad (an invalid character, or data
 * after padding), pad '=' and data characters, the leftover bits (must be
 * zero: canonical encoding), overflow (out too small). */
static int b64_status(uint32_t bad, size_t pad, size_t data, int pad_required, uint32_t left,
                      int overflow)
{
    if (RIJN_I_B64_PUBLIC(rijn_ct_nonzero32(bad)) != 0 || pad > 2)
        return RIJN_ERR_PARAM;
    if (data % 4 == 1)
        return RIJN_ERR_LENGTH;
    if ((pad != 0 || pad_required) && pad != (4 - data % 4) % 4)
        return pad == 0 ? RIJN_ERR_LENGTH : RIJN_ERR_PARAM;
    if (RIJN_I_B64_PUBLIC(rijn_ct_nonzero32(left)) != 0)
        return RIJN_ERR_PARAM;
    return overflow ? RIJN_ERR_BUFFER : RIJN_OK;
}

/* complexity: the scalar loop and the block decoder's entry, one state (bits, pad, bad) */
static int b64_decode(uint8_t *out, size_t out_size, size_t *out_len, const char *in,
                      size_t in_len, const b64_alpha *a, rijn_i_b64_dec_fn dec)
{
    size_t i, pos = 0, data = 0, pad = 0;
    uint32_t bad = 0, acc = 0, bits = 0;
    int overflow = 0, status;
    if (out_len != NULL)
        *out_len = 0;
    RIJN_CHECK_BUF(in, in_len);
    RIJN_CHECK_BUF(out, out_size);
    for (i = 0; i < in_len; i++) {
        int32_t c;
        uint32_t valid, v;
        /* whole groups by the block decoder, at a group boundary before
         * any padding (src/encoding/b64_i.h); it stops at whitespace and '=' */
        if (dec != NULL && bits == 0 && pad == 0 && in_len - i >= 16 && pos < out_size) {
            size_t n = dec(out + pos, out_size - pos, in + i, in_len - i, a->c62, a->c63, &bad);
            i += n;
            data += n;
            pos += n / 4 * 3;
            if (i == in_len)
                break;
        }
        c = (int32_t)(unsigned char)in[i];
        if (RIJN_I_B64_PUBLIC(rijn_enc_is_space(c)))
            continue;
        if (RIJN_I_B64_PUBLIC(rijn_enc_eq(c, '='))) {
            pad++;
            continue;
        }
        v = b64_value(c, a, &valid);
        bad |= ~valid;
        if (pad != 0)
            bad = 0xffffffffu; /* data after padding */
        data++;
        acc = ((acc << 6) | (v & 63u)) & 0xffffu;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            if (pos < out_size)
                out[pos] = (uint8_t)(acc >> bits);
            else
                overflow = 1;
            pos++;
        }
    }
    status = b64_status(bad, pad, data, a->pad_required, acc & ((1u << bits) - 1u), overflow);
    /* acc (the last bits, also in out) is not cleared: a register's dead
     * store would be removed anyway; out is wiped on failure below */
    if (status != RIJN_OK) {
        if (out != NULL)
            rijn_wipe(out, out_size);
        return status;
    }
    if (out_len != NULL)
        *out_len = pos;
    return RIJN_OK;
}

/* ---- registry (core/registry.h) ---------------------------------------- */

#if RIJN_I_B64_X86
static const rijn_i_b64_impl b64_avx2 = {{"x86-avx2", RIJN_CPU_AVX2, NULL},
                                         rijn_i_b64_dec_avx2, rijn_i_b64_enc_avx2};
static const rijn_i_b64_impl b64_ssse3 = {{"x86-ssse3", RIJN_CPU_SSSE3, NULL},
                                          rijn_i_b64_dec_ssse3, rijn_i_b64_enc_ssse3};
#endif
static const rijn_i_b64_impl b64_portable = {{"portable", 0, NULL}, NULL, NULL};

static const rijn_i_impl *const b64_impls[] = {
#if RIJN_I_B64_X86
    &b64_avx2.base,
    &b64_ssse3.base,
#endif
    &b64_portable.base,
};
#define NB64 (sizeof b64_impls / sizeof b64_impls[0])

const rijn_i_registry rijn_i_base64_registry = {"base64", b64_impls, NB64};

/* the default implementation (per call, from the cached CPU probe) */
static const rijn_i_b64_impl *b64_default(void)
{
#if RIJN_I_B64_X86
    return RIJN_I_IMPL_OF(rijn_i_b64_impl, b64_impls[rijn_i_reg_default(b64_impls, NB64)]);
#else
    return &b64_portable; /* one entry: no probe */
#endif
}

int rijn_i_base64_decode_with(const char *impl, int url, uint8_t *out, size_t out_size,
                              size_t *out_len, const char *in, size_t in_len)
{
    size_t i;
    int r = rijn_i_reg_find(&rijn_i_base64_registry, impl, &i);
    if (r != RIJN_OK)
        return r;
    return b64_decode(out, out_size, out_len, in, in_len, url ? &url_alpha : &std_alpha,
                      RIJN_I_IMPL_OF(rijn_i_b64_impl, b64_impls[i])->dec);
}

int rijn_i_base64_encode_with(const char *impl, int url, char *out, size_t out_size,
                              size_t *out_len, const uint8_t *in, size_t len)
{
    size_t i;
    int r = rijn_i_reg_find(&rijn_i_base64_registry, impl, &i);
    if (r != RIJN_OK)
        return r;
    return b64_encode(out, out_size, out_len, in, len, url ? &url_alpha : &std_alpha,
                      RIJN_I_IMPL_OF(rijn_i_b64_impl, b64_impls[i])->enc);
}

int rijn_base64_encode(char *out, size_t out_size, size_t *out_len, const uint8_t *in, size_t len)
{
    return b64_encode(out, out_size, out_len, in, len, &std_alpha, b64_default()->enc);
}

int rijn_base64_decode(uint8_t *out, size_t out_size, size_t *out_len, const char *in,
                       size_t in_len)
{
    return b64_decode(out, out_size, out_len, in, in_len, &std_alpha, b64_default()->dec);
}

int rijn_base64url_encode(char *out, size_t out_size, size_t *out_len, const uint8_t *in,
                          size_t len)
{
    return b64_encode(out, out_size, out_len, in, len, &url_alpha, b64_default()->enc);
}

int rijn_base64url_decode(uint8_t *out, size_t out_size, size_t *out_len, const char *in,
                          size_t in_len)
{
    return b64_decode(out, out_size, out_len, in, in_len, &url_alpha, b64_default()->dec);
}
