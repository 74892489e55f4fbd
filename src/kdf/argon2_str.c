/*
 * argon2_str.c -- Argon2 PHC strings (the reference implementation's,
 * libsodium's crypto_pwhash_str and argon2-cffi's format):
 * "$argon2id$v=19$m=65536,t=3,p=4$<salt>$<hash>", salt and hash in
 * standard Base64 without padding.
 *
 * Implementation notes: creation formats the costs and calls rijn_argon2
 * in the caller's work area. Parsing is strict: the type is argon2id,
 * argon2i or argon2d; "v=19" is required (Argon2 1.0 strings are refused,
 * as libsodium does); m, t, p are decimal without sign or leading zeros
 * and fit 32 bits (p < 2^24); salt 8..64 bytes and hash 4..64 bytes of
 * canonical Base64 (no padding, no stray bits); nothing may follow. Verify
 * recomputes the hash with the string's parameters and compares in
 * constant time (rijn_ct_equal); the recomputed hash is wiped. The
 * string's fields are public; only the password is secret. needs_rehash
 * compares type, version and costs, like libsodium's.
 * Proof: tests/kdf/test_argon2_str.c (strings from libsodium's
 * crypto_pwhash_str / crypto_pwhash_argon2i_str verify, rijn's verify in
 * libsodium, malformed strings) and tests/kdf/test_argon2_phc.py (argon2-cffi
 * both ways through `rijn pwhash`).
 */
#include "internal.h"
#include "rijn/argon2.h"
#include "rijn/encoding.h"
#include "rijn/hash.h"

#if RIJN_CFG_HASH_BLAKE2B

static const char *const names[3] = {"argon2d", "argon2i", "argon2id"};

/* strlen, without the C library's string functions (memcpy/memset only) */
static size_t slen(const char *s)
{
    size_t n = 0;
    while (s[n] != 0)
        n++;
    return n;
}

/* Decimal without leading zeros into *v (< limit); advance *s. */
static int dec(const char **s, uint32_t *v, uint64_t limit)
{
    const char *p = *s;
    uint64_t x = 0;
    if (*p < '0' || *p > '9' || (p[0] == '0' && p[1] >= '0' && p[1] <= '9'))
        return -1;
    while (*p >= '0' && *p <= '9') {
        x = x * 10 + (uint64_t)(*p++ - '0');
        if (x >= limit)
            return -1;
    }
    *v = (uint32_t)x;
    *s = p;
    return 0;
}

static int lit(const char **s, const char *t)
{
    size_t n = 0;
    while (t[n] != 0) {
        if ((*s)[n] != t[n])
            return -1;
        n++;
    }
    *s += n;
    return 0;
}

/* Unpadded Base64 of length n at s -> out (max bytes). */
static int b64(const char *s, size_t n, uint8_t *out, size_t max, size_t *len)
{
    char tmp[RIJN_BASE64_ENCODED_SIZE(RIJN_ARGON2_STR_FIELD_MAX) + 4];
    size_t i;
    if (n % 4 == 1 || n + 3 > sizeof tmp - 1)
        return -1;
    for (i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
              c == '+' || c == '/'))
            return -1;
        tmp[i] = c;
    }
    while (i % 4 != 0)
        tmp[i++] = '=';
    return rijn_base64_decode(out, max, len, tmp, i) == RIJN_OK ? 0 : -1;
}

/* The "$argon2X$" at *s: its type (advancing *s), or 3 if none. */
static uint32_t parse_type(const char **s)
{
    uint32_t type;
    for (type = 3; type-- > 0;) {
        const char *q = *s + 1;
        if ((*s)[0] == '$' && lit(&q, names[type]) == 0 && *q == '$')
            break;
    }
    if (type <= 2)
        *s += 2 + slen(names[type]);
    return type > 2 ? 3 : type;
}

/* "v=19$m=M,t=T,p=P$" at *s into info; 0 or -1. */
static int parse_costs(const char **s, rijn_argon2_str_info *info)
{
    uint32_t v;
    if (lit(s, "v=") || dec(s, &v, 256) || v != RIJN_ARGON2_VERSION || lit(s, "$m=") ||
        dec(s, &info->m_cost_kib, (uint64_t)1 << 32) || lit(s, ",t=") ||
        dec(s, &info->t_cost, (uint64_t)1 << 32) || lit(s, ",p="))
        return -1;
    return dec(s, &info->lanes, RIJN_ARGON2_MAX_LANES + 1ull) || lit(s, "$") ? -1 : 0;
}

/* "SALT$HASH" (unpadded Base64) at s into info; 0 or -1. */
static int parse_fields(const char *s, rijn_argon2_str_info *info)
{
    const char *dollar;
    for (dollar = s; *dollar != 0 && *dollar != '$'; dollar++)
        ;
    if (*dollar == 0 ||
        b64(s, (size_t)(dollar - s), info->salt, sizeof info->salt, &info->salt_len) != 0 ||
        b64(dollar + 1, slen(dollar + 1), info->hash, sizeof info->hash, &info->hash_len) != 0)
        return -1;
    return 0;
}

int rijn_argon2_str_decode(const char *str, rijn_argon2_str_info *info)
{
    const char *s = str;
    uint32_t type;
    RIJN_CHECK_PTR(str);
    RIJN_CHECK_PTR(info);
    memset(info, 0, sizeof *info);
    if ((type = parse_type(&s)) > 2 || parse_costs(&s, info) != 0 || parse_fields(s, info) != 0)
        return RIJN_ERR_PARAM;
    info->type = type;
    if (info->salt_len < RIJN_ARGON2_MIN_SALT || info->hash_len < RIJN_ARGON2_MIN_OUT ||
        info->t_cost < 1 || info->lanes < 1 || info->m_cost_kib < 8 * info->lanes)
        return RIJN_ERR_PARAM;
    info->work_size = rijn_argon2_work_size(info->m_cost_kib, info->lanes);
    return RIJN_OK;
}

/* Text t appended at out + *pos (NUL kept); -1 if it does not fit. */
static int put_text(char *out, size_t size, size_t *pos, const char *t)
{
    size_t n = slen(t);
    if (size - *pos <= n)
        return -1;
    memcpy(out + *pos, t, n + 1);
    *pos += n;
    return 0;
}

/* Decimal v appended (no stdio in the library). */
static int put_dec(char *out, size_t size, size_t *pos, uint32_t v)
{
    char d[11];
    size_t i = sizeof d - 1;
    d[i] = 0;
    do {
        d[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    return put_text(out, size, pos, d + i);
}

/* Unpadded Base64 of p[0..n) (n <= RIJN_ARGON2_STR_FIELD_MAX) appended at
 * out + *pos. Encoded in tmp first: out needs room for the unpadded text
 * only (the exact size, strlen + 1, fits: tests/kdf/test_argon2_errors.c). */
static int put_b64(char *out, size_t size, size_t *pos, const uint8_t *p, size_t n)
{
    char tmp[RIJN_BASE64_ENCODED_SIZE(RIJN_ARGON2_STR_FIELD_MAX)];
    size_t k = 0;
    if (rijn_base64_encode(tmp, sizeof tmp, &k, p, n) != RIJN_OK)
        return -1;
    while (k > 0 && tmp[k - 1] == '=')
        k--;
    tmp[k] = 0;
    return put_text(out, size, pos, tmp);
}

/* "$argon2X$v=19$m=M,t=T,p=P" of p appended at out + *pos; 0 or -1. */
static int put_head(char *out, size_t size, size_t *pos, const rijn_argon2_params *p)
{
    if (put_text(out, size, pos, "$") != 0 || put_text(out, size, pos, names[p->type]) != 0 ||
        put_text(out, size, pos, "$v=19$m=") != 0 || put_dec(out, size, pos, p->m_cost_kib) != 0)
        return -1;
    if (put_text(out, size, pos, ",t=") != 0 || put_dec(out, size, pos, p->t_cost) != 0 ||
        put_text(out, size, pos, ",p=") != 0 || put_dec(out, size, pos, p->lanes) != 0)
        return -1;
    return 0;
}

int rijn_argon2_str(char *out, size_t out_size, uint32_t type, uint32_t t_cost,
                    uint32_t m_cost_kib, uint32_t lanes, const uint8_t *pwd, size_t pwd_len,
                    const uint8_t *salt, size_t salt_len, size_t hash_len, void *work,
                    size_t work_size)
{
    rijn_argon2_params p;
    uint8_t h[RIJN_ARGON2_STR_FIELD_MAX];
    size_t pos = 0;
    int r;
    RIJN_CHECK_PTR(out);
    RIJN_CHECK_BUF(salt, salt_len);
    if (out_size > 0)
        out[0] = 0;
    if (type > RIJN_ARGON2_ID || salt_len > RIJN_ARGON2_STR_FIELD_MAX ||
        hash_len > RIJN_ARGON2_STR_FIELD_MAX || hash_len < RIJN_ARGON2_MIN_OUT)
        return RIJN_ERR_PARAM;
    memset(&p, 0, sizeof p);
    p.type = type;
    p.t_cost = t_cost;
    p.m_cost_kib = m_cost_kib;
    p.lanes = lanes;
    r = rijn_argon2(&p, h, hash_len, pwd, pwd_len, salt, salt_len, work, work_size);
    if (r != RIJN_OK)
        return r;
    r = RIJN_ERR_BUFFER;
    if (out_size > 0 && put_head(out, out_size, &pos, &p) == 0 &&
        put_text(out, out_size, &pos, "$") == 0 &&
        put_b64(out, out_size, &pos, salt, salt_len) == 0 &&
        put_text(out, out_size, &pos, "$") == 0 && put_b64(out, out_size, &pos, h, hash_len) == 0)
        r = RIJN_OK;
    if (r != RIJN_OK && out_size > 0)
        memset(out, 0, out_size);
    rijn_wipe(h, sizeof h);
    return r;
}

int rijn_argon2_str_verify(const char *str, const uint8_t *pwd, size_t pwd_len, void *work,
                           size_t work_size)
{
    rijn_argon2_str_info info;
    rijn_argon2_params p;
    uint8_t h[RIJN_ARGON2_STR_FIELD_MAX];
    int r = rijn_argon2_str_decode(str, &info);
    if (r != RIJN_OK)
        return r;
    memset(&p, 0, sizeof p);
    p.type = info.type;
    p.t_cost = info.t_cost;
    p.m_cost_kib = info.m_cost_kib;
    p.lanes = info.lanes;
    r = rijn_argon2(&p, h, info.hash_len, pwd, pwd_len, info.salt, info.salt_len, work,
                    work_size);
    if (r == RIJN_OK && !rijn_ct_equal(h, info.hash, info.hash_len))
        r = RIJN_ERR_AUTH;
    rijn_wipe(h, sizeof h);
    return r;
}

int rijn_argon2_str_needs_rehash(const char *str, uint32_t type, uint32_t t_cost,
                                 uint32_t m_cost_kib, uint32_t lanes)
{
    rijn_argon2_str_info info;
    int r = rijn_argon2_str_decode(str, &info);
    if (r != RIJN_OK)
        return r;
    return info.type != type || info.t_cost != t_cost || info.m_cost_kib != m_cost_kib ||
           info.lanes != lanes;
}

#else
typedef int rijn_i_argon2_str_empty; /* ISO C: no empty translation unit */
#endif
