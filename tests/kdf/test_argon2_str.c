/*
 * test_argon2_str.c -- Argon2 PHC strings (rijn/argon2.h):
 *   strings written by libsodium (crypto_pwhash_str for Argon2id,
 *   crypto_pwhash_argon2i_str for Argon2i) verify with rijn, and wrong
 *   passwords fail; strings written by rijn verify with libsodium
 *   (crypto_pwhash_str_verify / crypto_pwhash_argon2i_str_verify), and a
 *   changed character fails; needs_rehash agrees with libsodium's
 *   crypto_pwhash_str_needs_rehash; decode gives the fields; Argon2d round
 *   trips; malformed strings are rejected (leading zeros, version 16 or
 *   none, padding, non-canonical Base64, short salt or hash, p 0,
 *   m < 8p, overflow, unknown type, trailing text, empty); short output
 *   buffer. argon2-cffi's strings: tests/kdf/test_argon2_phc.py.
 */
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "testutil.h"

#define M_KIB 256u

static uint8_t *work;
static size_t work_size;

static void from_sodium(void)
{
    char s[crypto_pwhash_STRBYTES];
    uint8_t pw[40];
    int i;
    for (i = 0; i < 6; i++) {
        size_t n = 1 + tu_rand_below(sizeof pw - 1);
        int argon2i = i % 2;
        tu_rand_bytes(pw, n);
        if (argon2i)
            TU_CHECK(crypto_pwhash_argon2i_str(s, (const char *)pw, n, 3, M_KIB * 1024) == 0,
                     "libsodium argon2i_str");
        else
            TU_CHECK(crypto_pwhash_str(s, (const char *)pw, n, 2, M_KIB * 1024) == 0,
                     "libsodium pwhash_str");
        TU_CHECK(rijn_argon2_str_verify(s, pw, n, work, work_size) == RIJN_OK,
                 "rijn verifies libsodium's %s", s);
        pw[0] ^= 1;
        TU_CHECK(rijn_argon2_str_verify(s, pw, n, work, work_size) == RIJN_ERR_AUTH,
                 "wrong password: %s", s);
        TU_CHECK(rijn_argon2_str_needs_rehash(s, argon2i ? RIJN_ARGON2_I : RIJN_ARGON2_ID,
                                              argon2i ? 3 : 2, M_KIB, 1) == 0 &&
                     (argon2i ? crypto_pwhash_argon2i_str_needs_rehash(s, 3, M_KIB * 1024)
                              : crypto_pwhash_str_needs_rehash(s, 2, M_KIB * 1024)) == 0,
                 "needs_rehash same costs");
        TU_CHECK(rijn_argon2_str_needs_rehash(s, RIJN_ARGON2_ID, 3, M_KIB, 1) == 1,
                 "needs_rehash other costs");
        if (!argon2i)
            TU_CHECK(crypto_pwhash_str_needs_rehash(s, 3, M_KIB * 1024) == 1,
                     "libsodium agrees");
    }
}

static void to_sodium(void)
{
    char s[RIJN_ARGON2_STR_MAX];
    uint8_t pw[40], salt[16];
    rijn_argon2_str_info info;
    int i;
    for (i = 0; i < 6; i++) {
        size_t n = tu_rand_below(sizeof pw);
        int argon2i = i % 2;
        tu_rand_bytes(pw, n);
        tu_rand_bytes(salt, 16);
        TU_CHECK(rijn_argon2_str(s, sizeof s, argon2i ? RIJN_ARGON2_I : RIJN_ARGON2_ID,
                                 argon2i ? 3 : 2, M_KIB, 1 + (uint32_t)(i % 3), pw, n, salt, 16,
                                 32, work, work_size) == RIJN_OK,
                 "rijn_argon2_str");
        TU_CHECK(strncmp(s, argon2i ? "$argon2i$v=19$m=256,t=3,p=" : "$argon2id$v=19$m=256,t=2,p=",
                         argon2i ? 26 : 27) == 0,
                 "prefix %s", s);
        TU_CHECK((argon2i ? crypto_pwhash_argon2i_str_verify(s, (const char *)pw, n)
                          : crypto_pwhash_str_verify(s, (const char *)pw, n)) == 0,
                 "libsodium verifies rijn's %s", s);
        TU_CHECK(rijn_argon2_str_decode(s, &info) == RIJN_OK && info.salt_len == 16 &&
                     info.hash_len == 32 && memcmp(info.salt, salt, 16) == 0 &&
                     info.lanes == 1 + (uint32_t)(i % 3) && info.m_cost_kib == M_KIB &&
                     info.work_size == rijn_argon2_work_size(M_KIB, info.lanes),
                 "decode");
        s[strlen(s) - 2] = s[strlen(s) - 2] == 'A' ? 'B' : 'A';
        TU_CHECK(rijn_argon2_str_verify(s, pw, n, work, work_size) != RIJN_OK &&
                     crypto_pwhash_str_verify(s, (const char *)pw, n) != 0,
                 "changed hash character");
    }
    TU_CHECK(rijn_argon2_str(s, sizeof s, RIJN_ARGON2_D, 1, 64, 1, pw, 3, salt, 8, 4, work,
                             work_size) == RIJN_OK &&
                 strncmp(s, "$argon2d$", 9) == 0 &&
                 rijn_argon2_str_verify(s, pw, 3, work, work_size) == RIJN_OK,
             "argon2d, 8-byte salt, 4-byte hash: %s", s);
    TU_CHECK(rijn_argon2_str(s, 40, RIJN_ARGON2_ID, 1, 64, 1, pw, 3, salt, 16, 32, work,
                             work_size) == RIJN_ERR_BUFFER &&
                 s[0] == 0,
             "short output");
    TU_CHECK(rijn_argon2_str(s, sizeof s, RIJN_ARGON2_ID, 1, 64, 1, pw, 3, salt, 16, 65, work,
                             work_size) == RIJN_ERR_PARAM,
             "hash over 64 bytes");
}

static void malformed(void)
{
    static const char *const bad[] = {
        "",
        "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$",
        "$argon2x$v=19$m=256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAA",
        "$argon2id$v=16$m=256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAA",
        "$argon2id$m=256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAA",
        "$argon2id$v=19$m=0256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAA",
        "$argon2id$v=19$m=256,t=02,p=1$c29tZXNhbHRzb21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAA",
        "$argon2id$v=19$m=256,t=2,p=0$c29tZXNhbHRzb21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAA",
        "$argon2id$v=19$m=256,t=0,p=1$c29tZXNhbHRzb21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAA",
        "$argon2id$v=19$m=7,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAA",
        "$argon2id$v=19$m=4294967296,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAA",
        "$argon2id$v=19$m=256,t=2,p=16777216$c29tZXNhbHRzb21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAA",
        "$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA==$AAAAAAAAAAAAAAAAAAAAAA",
        "$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHRzb21lc2FsdB$AAAAAAAAAAAAAAAAAAAAAA",
        "$argon2id$v=19$m=256,t=2,p=1$c29tZQ$AAAAAAAAAAAAAAAAAAAAAA",
        "$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$AAAA",
        "$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAA$",
        "$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAA ",
        "$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHRz b21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAA",
        "$argon2id$v=19$m=256, t=2,p=1$c29tZXNhbHRzb21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAA",
        "argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAA",
    };
    static const char good[] =
        "$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAA";
    rijn_argon2_str_info info;
    size_t i;
    TU_CHECK(rijn_argon2_str_decode(good, &info) == RIJN_OK && info.salt_len == 16 &&
                 info.hash_len == 16 && memcmp(info.salt, "somesaltsomesalt", 16) == 0,
             "well-formed string decodes");
    TU_CHECK(rijn_argon2_str_verify(good, (const uint8_t *)"x", 1, work, work_size) ==
                 RIJN_ERR_AUTH,
             "well-formed, wrong hash");
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        TU_CHECK(rijn_argon2_str_decode(bad[i], &info) == RIJN_ERR_PARAM, "malformed %zu: %s",
                 i, bad[i]);
        TU_CHECK(rijn_argon2_str_verify(bad[i], (const uint8_t *)"x", 1, work, work_size) ==
                     RIJN_ERR_PARAM,
                 "verify malformed %zu", i);
        TU_CHECK(rijn_argon2_str_needs_rehash(bad[i], RIJN_ARGON2_ID, 2, 256, 1) ==
                     RIJN_ERR_PARAM,
                 "needs_rehash malformed %zu", i);
    }
    TU_CHECK(rijn_argon2_str_verify(good, (const uint8_t *)"x", 1, work, 1024) ==
                 RIJN_ERR_BUFFER,
             "short work area");
}

int main(void)
{
    if (sodium_init() < 0)
        return 1;
    work_size = rijn_argon2_work_size(M_KIB, 1); /* the most any p here needs */
    work = (uint8_t *)malloc(work_size);
    if (work == NULL)
        return 1;
    from_sodium();
    to_sodium();
    malformed();
    free(work);
    return tu_finish();
}
