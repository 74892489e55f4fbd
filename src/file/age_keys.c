/*
 * age_keys.c -- Bech32 (BIP 173) encoding of age's X25519 keys:
 * recipients "age1..." and identities "AGE-SECRET-KEY-1...".
 *
 * Implementation notes: a key is 32 bytes = 52 five-bit groups (the last
 * padded with zero bits), then the 6-group Bech32 checksum (constant 1,
 * not Bech32m), over the lower-case human-readable part. age does not
 * apply BIP 173's 90-character limit (the identity is 74 characters).
 * Secret keys are handled in constant time: character values are found
 * by scanning the whole alphabet with masks (no table index or branch on
 * a key character), the checksum steps use masks instead of branches,
 * and the verdict clears the output with a mask and is returned as a
 * computed status (no branch either: tests/file/test_age_ctgrind.c checks all
 * of it under Valgrind memcheck). Public keys use the same
 * code. Proof: tests/file/test_age.c (keys written by age-keygen, round trips,
 * every single-character change rejected).
 */
#include "file_i.h"
#include "rijn/age.h"

static const char alphabet[33] = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
static const char hrp_pub[] = "age";
static const char hrp_sec[] = "age-secret-key-";

static uint32_t polymod_step(uint32_t chk, uint32_t v)
{
    static const uint32_t gen[5] = {0x3b6a57b2u, 0x26508e6du, 0x1ea119fau, 0x3d4233ddu,
                                    0x2a1462b3u};
    uint32_t b = chk >> 25;
    int i;
    chk = ((chk & 0x1ffffffu) << 5) ^ v;
    for (i = 0; i < 5; i++)
        chk ^= (0u - ((b >> i) & 1u)) & gen[i];
    return chk;
}

static uint32_t hrp_polymod(const char *hrp)
{
    uint32_t chk = 1;
    size_t i;
    for (i = 0; hrp[i] != 0; i++)
        chk = polymod_step(chk, (uint32_t)(uint8_t)hrp[i] >> 5);
    chk = polymod_step(chk, 0);
    for (i = 0; hrp[i] != 0; i++)
        chk = polymod_step(chk, (uint32_t)(uint8_t)hrp[i] & 31u);
    return chk;
}

/* Mask 0xFFFFFFFF if a == b, else 0 (no branch). */
static uint32_t eq_mask(uint32_t a, uint32_t b)
{
    uint32_t x = a ^ b;
    return ((x | (0u - x)) >> 31) - 1u;
}

/* The 32 five-bit groups -> characters, by scanning the alphabet. */
static char to_char(uint32_t v, int upper)
{
    uint32_t c = 0, i;
    for (i = 0; i < 32; i++)
        c |= eq_mask(v, i) & (uint32_t)(uint8_t)alphabet[i];
    /* letters to upper case: 'a'..'z' have bit 0x40 set, digits do not */
    if (upper)
        c &= ~(((c >> 6) & 1u) << 5);
    return (char)c;
}

static int encode(char *out, size_t out_size, const char *hrp, size_t h, const uint8_t key[32],
                  int upper)
{
    size_t i, n = 0;
    uint32_t chk, acc = 0, v[58];
    unsigned bits = 0;
    RIJN_CHECK_PTR(out);
    RIJN_CHECK_PTR(key);
    if (out_size < h + 1 + 58 + 1)
        return RIJN_ERR_BUFFER;
    for (i = 0; i < 32; i++) {
        acc = (acc << 8) | key[i];
        bits += 8;
        while (bits >= 5) {
            bits -= 5;
            v[n++] = (acc >> bits) & 31u;
        }
    }
    v[n++] = (acc << (5 - bits)) & 31u; /* 256 = 51 * 5 + 1: one bit left */
    chk = hrp_polymod(hrp);
    for (i = 0; i < 52; i++)
        chk = polymod_step(chk, v[i]);
    for (i = 0; i < 6; i++)
        chk = polymod_step(chk, 0);
    chk ^= 1u;
    for (i = 0; i < 6; i++)
        v[52 + i] = (chk >> (5 * (5 - i))) & 31u;
    for (i = 0; i < h; i++)
        out[i] = upper && hrp[i] >= 'a' && hrp[i] <= 'z' ? (char)(hrp[i] - 32) : hrp[i];
    out[h] = '1';
    for (i = 0; i < 58; i++)
        out[h + 1 + i] = to_char(v[i], upper);
    out[h + 59] = 0;
    rijn_wipe(v, sizeof v);
    /* acc is not cleared: a dead store the compiler removes (test_dead_wipes) */
    return RIJN_OK;
}

/* The human-readable part s[0..h) equals hrp in either case, then "1";
 * records which cases it used. 0 or -1 (public data: branches are fine). */
static int hrp_match(const char *s, const char *hrp, size_t h, uint32_t *lower,
                     uint32_t *upper)
{
    size_t i;
    for (i = 0; i < h; i++) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z')
            *upper = 1, c = (char)(c + 32);
        else if (c >= 'a' && c <= 'z')
            *lower = 1;
        if (c != hrp[i])
            return -1;
    }
    return s[h] == '1' ? 0 : -1;
}

/* The 5-bit value of data character c, without a branch or an index on
 * it: *found gets 1 if c is in the alphabet (either case), *lower / *upper
 * record the case of a letter. */
static uint32_t char_value(uint32_t c, uint32_t *found, uint32_t *lower, uint32_t *upper)
{
    uint32_t j, v = 0;
    for (j = 0; j < 32; j++) {
        uint32_t a = (uint8_t)alphabet[j], au = a - (((a >> 6) & 1u) << 5);
        uint32_t ml = eq_mask(c, a), mu = eq_mask(c, au) & ~ml, m = ml | mu;
        v |= m & j;
        *found |= m;
        *lower |= ml & ((a >> 6) & 1u);
        *upper |= mu & 1u;
    }
    return v;
}

static int decode(uint8_t key[32], const char *s, size_t len, const char *hrp, size_t h)
{
    size_t i, n = 0;
    uint32_t chk, acc = 0, bad = 0, lower = 0, upper = 0, v = 0, ok;
    unsigned bits = 0;
    RIJN_CHECK_PTR(key);
    memset(key, 0, 32);
    RIJN_CHECK_BUF(s, len);
    if (len != h + 1 + 58)
        return RIJN_ERR_PARAM;
    if (hrp_match(s, hrp, h, &lower, &upper) != 0)
        return RIJN_ERR_PARAM;
    chk = hrp_polymod(hrp);
    for (i = h + 1; i < len; i++) {
        uint32_t found = 0;
        v = char_value((uint8_t)s[i], &found, &lower, &upper);
        bad |= ~found & 1u;
        chk = polymod_step(chk, v);
        if (i < len - 6) {
            acc = (acc << 5) | v;
            bits += 5;
            if (bits >= 8) {
                bits -= 8;
                if (n < 32)
                    key[n++] = (uint8_t)(acc >> bits);
            }
        }
    }
    /* the padding bit must be zero */
    bad |= acc & ((1u << bits) - 1u);
    bad |= chk ^ 1u;
    bad |= lower & upper;
    /* v and acc are not cleared: dead stores the compiler removes. Accept
     * or reject without a branch on the key: the output is cleared with a
     * mask and the status computed (n is public: 32 whenever len is
     * right). */
    ok = ((bad | (0u - bad)) >> 31) ^ 1u; /* 1 when bad == 0 */
    for (i = 0; i < 32; i++)
        key[i] &= (uint8_t)(0u - ok);
    if (n != 32) {
        rijn_wipe(key, 32);
        return RIJN_ERR_PARAM;
    }
    return RIJN_ERR_PARAM * (int)(1u - ok);
}

int rijn_age_public_encode(char *out, size_t out_size, const uint8_t pub[32])
{
    return encode(out, out_size, hrp_pub, sizeof hrp_pub - 1, pub, 0);
}

int rijn_age_secret_encode(char *out, size_t out_size, const uint8_t sk[32])
{
    return encode(out, out_size, hrp_sec, sizeof hrp_sec - 1, sk, 1);
}

int rijn_age_public_decode(uint8_t pub[32], const char *s, size_t len)
{
    return decode(pub, s, len, hrp_pub, sizeof hrp_pub - 1);
}

int rijn_age_secret_decode(uint8_t sk[32], const char *s, size_t len)
{
    return decode(sk, s, len, hrp_sec, sizeof hrp_sec - 1);
}
