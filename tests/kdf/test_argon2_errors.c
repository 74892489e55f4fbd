/*
 * test_argon2_errors.c -- Argon2 and its PHC string format at their edges:
 *   - rijn_argon2_str into every output size from 0 to the string's length:
 *     RIJN_ERR_BUFFER with the output cleared, and the exact size (with its
 *     NUL) gives the reference string; the argument checks (type 3, salt or
 *     hash longer than a field, hash shorter than 4 bytes, NULL);
 *   - every single-character change of a valid string (to a digit, a
 *     letter, '$', ',', '=', '+', '/', '0', a space) and every truncation:
 *     rijn_argon2_str_verify with the right password never accepts it;
 *     rijn_argon2_str_needs_rehash tells the parameters apart;
 *   - rijn_argon2's length limits (a password, salt, secret or AD of
 *     2^32 bytes, checked before any byte is read), m < 8 * lanes, t 0,
 *     (NULL, 0) salt, work too small or misaligned.
 */
#include <string.h>

#include "testutil.h"

static uint64_t work[64 * 1024 / 8];
static const uint8_t pwd[] = "password", salt[] = "saltsaltsaltsalt";

static void str_sizes(char *ref, size_t refsize)
{
    char out[256];
    size_t len, s;
    unsigned bad = 0;
    TU_CHECK(rijn_argon2_str(ref, refsize, RIJN_ARGON2_ID, 1, 8, 1, pwd, 8, salt, 16, 32, work,
                             sizeof work) == RIJN_OK, "reference string");
    len = strlen(ref);
    for (s = 0; s <= len; s++) {
        memset(out, 'x', sizeof out);
        bad += rijn_argon2_str(out, s, RIJN_ARGON2_ID, 1, 8, 1, pwd, 8, salt, 16, 32, work,
                               sizeof work) != RIJN_ERR_BUFFER ||
               (s > 0 && out[0] != 0) || out[s] != 'x';
    }
    TU_CHECK(bad == 0, "%u output sizes up to %zu not a clean RIJN_ERR_BUFFER", bad, len);
    TU_CHECK(rijn_argon2_str(out, len + 1, RIJN_ARGON2_ID, 1, 8, 1, pwd, 8, salt, 16, 32, work,
                             sizeof work) == RIJN_OK && strcmp(out, ref) == 0, "exact size");

    TU_CHECK(rijn_argon2_str(NULL, 0, RIJN_ARGON2_ID, 1, 8, 1, pwd, 8, salt, 16, 32, work,
                             sizeof work) == RIJN_ERR_NULL, "NULL output");
    TU_CHECK(rijn_argon2_str(out, sizeof out, RIJN_ARGON2_ID + 1, 1, 8, 1, pwd, 8, salt, 16, 32,
                             work, sizeof work) == RIJN_ERR_PARAM, "type 3");
    TU_CHECK(rijn_argon2_str(out, sizeof out, RIJN_ARGON2_ID, 1, 8, 1, pwd, 8, salt,
                             RIJN_ARGON2_STR_FIELD_MAX + 1, 32, work, sizeof work) ==
                 RIJN_ERR_PARAM, "salt over a field");
    TU_CHECK(rijn_argon2_str(out, sizeof out, RIJN_ARGON2_ID, 1, 8, 1, pwd, 8, salt, 16,
                             RIJN_ARGON2_STR_FIELD_MAX + 1, work, sizeof work) ==
                 RIJN_ERR_PARAM, "hash over a field");
    TU_CHECK(rijn_argon2_str(out, sizeof out, RIJN_ARGON2_ID, 1, 8, 1, pwd, 8, salt, 16, 3,
                             work, sizeof work) == RIJN_ERR_PARAM, "hash of 3 bytes");
    TU_CHECK(rijn_argon2_str(out, sizeof out, RIJN_ARGON2_ID, 1, 8, 1, pwd, 8, NULL, 0, 32,
                             work, sizeof work) == RIJN_ERR_PARAM, "(NULL, 0) salt: too short");
    TU_CHECK(rijn_argon2_str(out, sizeof out, RIJN_ARGON2_ID, 0, 8, 1, pwd, 8, salt, 16, 32,
                             work, sizeof work) == RIJN_ERR_PARAM && out[0] == 0, "t 0");
}

static void str_mutations(const char *ref)
{
    static const char vals[] = "19aZ$,=+/0 ";
    char m[256];
    size_t len = strlen(ref), i, v;
    unsigned accepted = 0;
    for (i = 0; i < len; i++) {
        memcpy(m, ref, len + 1);
        m[i] = 0;
        accepted += rijn_argon2_str_verify(m, pwd, 8, work, sizeof work) == RIJN_OK;
        for (v = 0; v < sizeof vals - 1; v++) {
            memcpy(m, ref, len + 1);
            if (m[i] == vals[v])
                continue;
            m[i] = vals[v];
            accepted += rijn_argon2_str_verify(m, pwd, 8, work, sizeof work) == RIJN_OK;
        }
    }
    TU_CHECK(accepted == 0, "%u changed or cut strings verified", accepted);
    TU_CHECK(rijn_argon2_str_verify(ref, pwd, 8, work, sizeof work) == RIJN_OK, "verify");
    TU_CHECK(rijn_argon2_str_verify(ref, pwd, 7, work, sizeof work) == RIJN_ERR_AUTH,
             "wrong password");
    TU_CHECK(rijn_argon2_str_needs_rehash(ref, RIJN_ARGON2_ID, 1, 8, 1) == 0, "same params");
    TU_CHECK(rijn_argon2_str_needs_rehash(ref, RIJN_ARGON2_I, 1, 8, 1) == 1, "other type");
    TU_CHECK(rijn_argon2_str_needs_rehash(ref, RIJN_ARGON2_ID, 2, 8, 1) == 1, "other t");
    TU_CHECK(rijn_argon2_str_needs_rehash(ref, RIJN_ARGON2_ID, 1, 16, 1) == 1, "other m");
    TU_CHECK(rijn_argon2_str_needs_rehash(ref, RIJN_ARGON2_ID, 1, 8, 2) == 1, "other lanes");
    TU_CHECK(rijn_argon2_str_needs_rehash("$argon2id$", RIJN_ARGON2_ID, 1, 8, 1) < 0,
             "rehash of a bad string");
}

static void limits(void)
{
    rijn_argon2_params p;
    uint8_t out[32];
    const size_t big = sizeof(size_t) > 4 ? (size_t)0xFFFFFFFFu + 1u : 0;
    memset(&p, 0, sizeof p);
    p.type = RIJN_ARGON2_ID;
    p.t_cost = 1;
    p.m_cost_kib = 8;
    p.lanes = 1;
    TU_CHECK(rijn_argon2(&p, out, 32, pwd, 8, salt, 16, work, sizeof work) == RIJN_OK, "ok");
    if (big != 0) { /* 2^32-byte inputs: refused before a byte is read */
        TU_CHECK(rijn_argon2(&p, out, 32, pwd, big, salt, 16, work, sizeof work) ==
                     RIJN_ERR_PARAM, "password of 2^32 bytes");
        TU_CHECK(rijn_argon2(&p, out, 32, pwd, 8, salt, big, work, sizeof work) ==
                     RIJN_ERR_PARAM, "salt of 2^32 bytes");
        p.secret = salt;
        p.secret_len = big;
        TU_CHECK(rijn_argon2(&p, out, 32, pwd, 8, salt, 16, work, sizeof work) ==
                     RIJN_ERR_PARAM, "secret of 2^32 bytes");
        p.secret_len = 0;
        p.ad = salt;
        p.ad_len = big;
        TU_CHECK(rijn_argon2(&p, out, 32, pwd, 8, salt, 16, work, sizeof work) ==
                     RIJN_ERR_PARAM, "AD of 2^32 bytes");
        p.ad_len = 0;
    }
    TU_CHECK(rijn_argon2(&p, out, 32, pwd, 8, NULL, 0, work, sizeof work) == RIJN_ERR_PARAM,
             "(NULL, 0) salt");
    TU_CHECK(rijn_argon2(&p, out, 32, pwd, 8, salt, 16, (uint8_t *)work + 1, sizeof work - 8) ==
                 RIJN_ERR_PARAM, "misaligned work area");
    TU_CHECK(rijn_argon2(&p, out, 32, pwd, 8, salt, 16, work, 7 * 1024) != RIJN_OK,
             "work area of 7 KiB for m 8");
    p.lanes = 2;
    TU_CHECK(rijn_argon2(&p, out, 32, pwd, 8, salt, 16, work, sizeof work) == RIJN_ERR_PARAM,
             "m 8 < 8 * 2 lanes");
    TU_CHECK(rijn_argon2_work_size(8, 2) == 0, "no work size for m < 8 * lanes");
    TU_CHECK(rijn_argon2_work_size(16, 2) == 16 * 1024, "work size of m 16");
}

int main(void)
{
    char ref[256];
    str_sizes(ref, sizeof ref);
    str_mutations(ref);
    limits();
    return tu_finish();
}
