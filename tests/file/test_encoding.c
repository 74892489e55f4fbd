/*
 * test_encoding.c -- hex and Base64 (rijn/encoding.h): RFC 4648 section 10
 * examples, differential tests against OpenSSL's EVP_EncodeBlock on random
 * data, URL-safe variant, whitespace, and every class of malformed input;
 * lengths whose encoding does not fit size_t (refused before any read).
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "testutil.h"

static const char *const rfc_in[7] = {"", "f", "fo", "foo", "foob", "fooba", "foobar"};
static const char *const rfc_b64[7] = {"", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=",
                                       "Zm9vYmFy"};
static const char *const rfc_hex[7] = {"", "66", "666f", "666f6f", "666f6f62", "666f6f6261",
                                       "666f6f626172"};

static void rfc_examples(void)
{
    char txt[64];
    uint8_t bin[64];
    size_t n, i;
    for (i = 0; i < 7; i++) {
        size_t len = strlen(rfc_in[i]);
        TU_CHECK(rijn_base64_encode(txt, sizeof txt, &n, (const uint8_t *)rfc_in[i], len) ==
                     RIJN_OK, "b64 enc %zu", i);
        TU_CHECK(n == strlen(rfc_b64[i]) && strcmp(txt, rfc_b64[i]) == 0, "b64 enc '%s' -> '%s'",
                 rfc_in[i], txt);
        TU_CHECK(rijn_base64_decode(bin, sizeof bin, &n, rfc_b64[i], strlen(rfc_b64[i])) ==
                     RIJN_OK, "b64 dec %zu", i);
        TU_CHECK(n == len && memcmp(bin, rfc_in[i], len) == 0, "b64 dec '%s'", rfc_b64[i]);
        TU_CHECK(rijn_hex_encode(txt, sizeof txt, &n, (const uint8_t *)rfc_in[i], len) ==
                     RIJN_OK, "hex enc %zu", i);
        TU_CHECK(n == 2 * len && strcmp(txt, rfc_hex[i]) == 0, "hex enc '%s' -> '%s'",
                 rfc_in[i], txt);
        TU_CHECK(rijn_hex_decode(bin, sizeof bin, &n, rfc_hex[i], strlen(rfc_hex[i])) == RIJN_OK,
                 "hex dec %zu", i);
        TU_CHECK(n == len && memcmp(bin, rfc_in[i], len) == 0, "hex dec '%s'", rfc_hex[i]);
    }
    /* exact sizes are enough; one less is not */
    TU_CHECK(rijn_base64_encode(txt, RIJN_BASE64_ENCODED_SIZE(4), &n, (const uint8_t *)"foob",
                                4) == RIJN_OK, "b64 exact size");
    TU_CHECK(rijn_base64_encode(txt, RIJN_BASE64_ENCODED_SIZE(4) - 1, &n,
                                (const uint8_t *)"foob", 4) == RIJN_ERR_BUFFER, "b64 short");
    TU_CHECK(rijn_hex_encode(txt, 9, &n, (const uint8_t *)"foob", 4) == RIJN_OK, "hex exact");
    TU_CHECK(rijn_hex_encode(txt, 8, &n, (const uint8_t *)"foob", 4) == RIJN_ERR_BUFFER,
             "hex short");
    TU_CHECK(rijn_base64_decode(bin, 3, &n, "Zm9vYmFy", 8) == RIJN_ERR_BUFFER, "b64 dec short");
    TU_CHECK(rijn_base64_decode(bin, 6, &n, "Zm9vYmFy", 8) == RIJN_OK && n == 6,
             "b64 dec exact");
    TU_CHECK(rijn_hex_decode(bin, 2, &n, "666f6f", 6) == RIJN_ERR_BUFFER, "hex dec short");
    /* upper case hex, whitespace everywhere */
    TU_CHECK(rijn_hex_decode(bin, sizeof bin, &n, " 66 6F\n6f\t62\r\n", 14) == RIJN_OK && n == 4 &&
                 memcmp(bin, "foob", 4) == 0, "hex whitespace/upper");
    TU_CHECK(rijn_base64_decode(bin, sizeof bin, &n, "Zm9v\nYmE=\n", 10) == RIJN_OK && n == 5 &&
                 memcmp(bin, "fooba", 5) == 0, "b64 whitespace");
}

static void malformed(void)
{
    static const struct {
        const char *s;
        int want;
    } b64_bad[] = {
        {"Zg=", RIJN_ERR_PARAM},      {"Zg", RIJN_ERR_LENGTH},     {"Z", RIJN_ERR_LENGTH},
        {"Zh==", RIJN_ERR_PARAM},     {"Zm9=", RIJN_ERR_PARAM},    {"Zg===", RIJN_ERR_PARAM},
        {"Zg==Zg==", RIJN_ERR_PARAM}, {"Zm9v!", RIJN_ERR_PARAM},   {"Zm-v", RIJN_ERR_PARAM},
        {"Zm_v", RIJN_ERR_PARAM},     {"Zm9vY", RIJN_ERR_LENGTH},  {"=Zg=", RIJN_ERR_PARAM},
        {"Zm8==", RIJN_ERR_PARAM},    {"Zm9v\x80", RIJN_ERR_PARAM}, {"Zm\0v", RIJN_ERR_PARAM},
    };
    static const struct {
        const char *s;
        int want;
    } hex_bad[] = {{"6", RIJN_ERR_LENGTH},   {"6g", RIJN_ERR_PARAM}, {"0x66", RIJN_ERR_PARAM},
                   {"66 6", RIJN_ERR_LENGTH}, {"/0", RIJN_ERR_PARAM}, {":0", RIJN_ERR_PARAM},
                   {"@A", RIJN_ERR_PARAM},    {"`a", RIJN_ERR_PARAM}, {"Gg", RIJN_ERR_PARAM}};
    uint8_t bin[16];
    size_t i, n;
    char txt[8];
    for (i = 0; i < sizeof b64_bad / sizeof b64_bad[0]; i++) {
        size_t len = (i == 14) ? 4 : strlen(b64_bad[i].s);
        int r;
        memset(bin, 0xAA, sizeof bin);
        n = 99;
        r = rijn_base64_decode(bin, sizeof bin, &n, b64_bad[i].s, len);
        TU_CHECK(r == b64_bad[i].want, "b64 bad '%s': %d want %d", b64_bad[i].s, r,
                 b64_bad[i].want);
        TU_CHECK(n == 0 && bin[0] == 0, "b64 bad '%s': output not cleared", b64_bad[i].s);
    }
    for (i = 0; i < sizeof hex_bad / sizeof hex_bad[0]; i++) {
        int r;
        n = 99;
        r = rijn_hex_decode(bin, sizeof bin, &n, hex_bad[i].s, strlen(hex_bad[i].s));
        TU_CHECK(r == hex_bad[i].want, "hex bad '%s': %d want %d", hex_bad[i].s, r,
                 hex_bad[i].want);
        TU_CHECK(n == 0, "hex bad '%s': n", hex_bad[i].s);
    }
    /* url variant: padding optional, the std-only characters rejected */
    TU_CHECK(rijn_base64url_decode(bin, sizeof bin, &n, "Zg", 2) == RIJN_OK && n == 1 &&
                 bin[0] == 'f', "url no pad");
    TU_CHECK(rijn_base64url_decode(bin, sizeof bin, &n, "Zg==", 4) == RIJN_OK && n == 1,
             "url pad");
    TU_CHECK(rijn_base64url_decode(bin, sizeof bin, &n, "Zg=", 3) == RIJN_ERR_PARAM, "url bad pad");
    TU_CHECK(rijn_base64url_decode(bin, sizeof bin, &n, "+/8", 3) == RIJN_ERR_PARAM, "url +/");
    TU_CHECK(rijn_base64url_decode(bin, sizeof bin, &n, "-_8", 3) == RIJN_OK && n == 2 &&
                 bin[0] == 0xfb && bin[1] == 0xff, "url -_");
    /* NULL handling */
    TU_CHECK(rijn_base64_decode(bin, sizeof bin, &n, NULL, 0) == RIJN_OK && n == 0, "NULL empty");
    TU_CHECK(rijn_base64_decode(bin, sizeof bin, &n, NULL, 4) == RIJN_ERR_NULL, "NULL in");
    TU_CHECK(rijn_hex_encode(NULL, 8, &n, bin, 1) == RIJN_ERR_NULL, "NULL out");
    TU_CHECK(rijn_hex_encode(txt, sizeof txt, NULL, NULL, 0) == RIJN_OK && txt[0] == '\0',
             "empty hex, NULL out_len");
}

/* Random data against OpenSSL's encoder, and URL variant derived from it. */
static void differential(void)
{
    static uint8_t data[1024], back[1024];
    static char mine[1500], ref[1500], url[1500], hex[2100];
    size_t len, n, i, j;
    int rounds = tu_quick() ? 60 : 600;
    tu_rand_seed(0x62617365);
    for (i = 0; i < (size_t)rounds; i++) {
        len = (i < 300) ? i : tu_rand_below(sizeof data + 1);
        tu_rand_bytes(data, len);
        if (rijn_base64_encode(mine, sizeof mine, &n, data, len) != RIJN_OK) {
            TU_CHECK(0, "encode len %zu", len);
            continue;
        }
        EVP_EncodeBlock((unsigned char *)ref, data, (int)len);
        TU_CHECK(strcmp(mine, ref) == 0 && n == strlen(ref), "b64 vs OpenSSL len %zu", len);
        TU_CHECK(rijn_base64_decode(back, sizeof back, &n, mine, strlen(mine)) == RIJN_OK &&
                     n == len && memcmp(back, data, len) == 0, "b64 round trip len %zu", len);
        for (j = 0, n = 0; ref[j] != '\0'; j++)
            if (ref[j] != '=')
                url[n++] = ref[j] == '+' ? '-' : ref[j] == '/' ? '_' : ref[j];
        url[n] = '\0';
        TU_CHECK(rijn_base64url_encode(mine, sizeof mine, &n, data, len) == RIJN_OK &&
                     strcmp(mine, url) == 0, "url enc len %zu", len);
        TU_CHECK(rijn_base64url_decode(back, sizeof back, &n, url, strlen(url)) == RIJN_OK &&
                     n == len && memcmp(back, data, len) == 0, "url round trip len %zu", len);
        TU_CHECK(rijn_hex_encode(hex, sizeof hex, &n, data, len) == RIJN_OK, "hex enc");
        for (j = 0; j < len; j++) {
            static const char d[] = "0123456789abcdef";
            if (hex[2 * j] != d[data[j] >> 4] || hex[2 * j + 1] != d[data[j] & 15])
                break;
        }
        TU_CHECK(j == len, "hex digits len %zu", len);
        TU_CHECK(rijn_hex_decode(back, sizeof back, &n, hex, 2 * len) == RIJN_OK && n == len &&
                     memcmp(back, data, len) == 0, "hex round trip len %zu", len);
    }
    /* every character value through the decoders: valid iff in the alphabet */
    for (i = 0; i < 256; i++) {
        char q[4] = {(char)i, 'A', 'A', 'A'};
        int want = (i >= 'A' && i <= 'Z') || (i >= 'a' && i <= 'z') || (i >= '0' && i <= '9') ||
                   i == '+' || i == '/';
        int ws = i == ' ' || i == '\t' || i == '\r' || i == '\n';
        int r = rijn_base64_decode(back, sizeof back, &n, q, 4);
        if (ws)
            TU_CHECK(r == RIJN_ERR_LENGTH, "b64 char %zu (space)", i);
        else if (i == '=')
            TU_CHECK(r == RIJN_ERR_PARAM, "b64 char '='");
        else
            TU_CHECK((r == RIJN_OK) == want, "b64 char %zu: %d", i, r);
        {
            char h[3] = {(char)i, '0', '\0'};
            int hw = (i >= '0' && i <= '9') || (i >= 'a' && i <= 'f') || (i >= 'A' && i <= 'F');
            r = rijn_hex_decode(back, sizeof back, &n, h, 2);
            if (ws)
                TU_CHECK(r == RIJN_ERR_LENGTH, "hex char %zu (space)", i);
            else
                TU_CHECK((r == RIJN_OK) == hw && (!hw || back[0] == (uint8_t)(strtol(h, NULL, 16))),
                         "hex char %zu", i);
        }
    }
}

/* lengths whose encoding does not fit size_t: refused before any read
 * (the input pointer is a one-byte buffer), and a failed decode into no
 * buffer at all */
static void size_limits(void)
{
    static const uint8_t one[1] = {0};
    char out[8];
    size_t n = 1;
    TU_CHECK(rijn_hex_encode(out, sizeof out, &n, one, SIZE_MAX / 2 + 1) == RIJN_ERR_BUFFER &&
                 n == 0, "hex: length over SIZE_MAX / 2");
    TU_CHECK(rijn_base64_encode(out, sizeof out, &n, one, SIZE_MAX - 2) == RIJN_ERR_BUFFER &&
                 n == 0, "Base64: length near SIZE_MAX");
    TU_CHECK(rijn_base64_decode(NULL, 0, &n, "@@@@", 4) == RIJN_ERR_PARAM, "bad Base64, no out");
}

int main(void)
{
    size_limits();
    rfc_examples();
    malformed();
    differential();
    return tu_finish();
}
