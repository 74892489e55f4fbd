/*
 * test_base64_impls.c -- the Base64 block decoders (src/encoding/b64_i.h:
 * x86-avx2, x86-ssse3) against the portable decoder: random data of every
 * length 0..300 and some long ones, whole and in 64-character lines, both
 * alphabets; an invalid character, whitespace or '=' at every position of
 * the first 96 characters (three AVX2 blocks, six SSSE3 ones); every
 * output size. The block encoders likewise: the same text at every
 * length, the same refusal of a short buffer. Status, *out_len and the
 * whole output buffer must match. Inputs are exact-size heap copies (a
 * sanitizer build sees over-reads). Implementations that do not run here
 * (RIJN_CPU_MASK) are skipped; the program re-runs itself at
 * RIJN_CPU_MASK 0x2C3F (AVX2, no AVX-512), 0xF (SSSE3 level) and 0
 * (portable only: the registry's contract there).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "encoding/b64_i.h"
#include "rijn/encoding.h"
#include "testutil.h"

#define MAXT 140000
static uint8_t data[MAXT], want[MAXT], got[MAXT];
static char text[MAXT + MAXT / 64 + 8], lines[MAXT + MAXT / 64 + 8];
static const char *const impls[] = {"x86-avx2", "x86-ssse3"};
static int ran[2];

/* decode t with impl and with "portable"; everything must match */
static void same(const char *impl, int url, const char *t, size_t n, size_t out_size,
                 const char *what, size_t a, size_t b)
{
    size_t lw = 7, lg = 9;
    int rw, rg;
    char *in = malloc(n + 1); /* exact size: a sanitizer build sees over-reads */
    TU_CHECK(in != NULL, "malloc");
    if (in == NULL)
        return;
    memcpy(in, t, n);
    memset(want, 0xA5, out_size + 8);
    memset(got, 0xA5, out_size + 8);
    rw = rijn_i_base64_decode_with("portable", url, want, out_size, &lw, in, n);
    rg = rijn_i_base64_decode_with(impl, url, got, out_size, &lg, in, n);
    free(in);
    TU_CHECK(rw == rg && lw == lg && memcmp(want, got, out_size + 8) == 0,
             "%s url=%d %s (%zu, %zu): %d/%d, %zu/%zu", impl, url, what, a, b, rw, rg, lw, lg);
}

/* encode data[0..len) with impl and with "portable" into out_size */
static void same_enc(const char *impl, int url, size_t len, size_t out_size)
{
    static char tw[MAXT * 2], tg[MAXT * 2];
    size_t lw = 7, lg = 9;
    int rw, rg;
    uint8_t *in = malloc(len + 1); /* exact size: a sanitizer build sees over-reads */
    memset(tw, 0x5A, out_size + 8);
    memset(tg, 0x5A, out_size + 8);
    TU_CHECK(in != NULL, "malloc");
    if (in == NULL)
        return;
    memcpy(in, data, len);
    rw = rijn_i_base64_encode_with("portable", url, tw, out_size, &lw, in, len);
    rg = rijn_i_base64_encode_with(impl, url, tg, out_size, &lg, in, len);
    free(in);
    TU_CHECK(rw == rg && lw == lg && memcmp(tw, tg, out_size + 8) == 0,
             "%s url=%d encode %zu into %zu: %d/%d, %zu/%zu", impl, url, len, out_size, rw, rg,
             lw, lg);
}

/* text of len random bytes (std or url), in lines when ln; its length */
static size_t make(size_t len, int url, int ln)
{
    size_t n, i, j;
    tu_rand_bytes(data, len);
    if ((url ? rijn_base64url_encode : rijn_base64_encode)(text, sizeof text, &n, data, len) !=
        RIJN_OK)
        return 0;
    if (!ln)
        return n;
    for (i = j = 0; i < n; i++) {
        lines[j++] = text[i];
        if (i % 64 == 63)
            lines[j++] = '\n';
    }
    memcpy(text, lines, j);
    return j;
}

static void lengths(const char *impl)
{
    static const size_t longs[] = {1000, 4095, 4096, 65537, 100000};
    size_t k, len, n, m;
    int url, ln;
    for (k = 0; k < 301 + sizeof longs / sizeof longs[0]; k++)
        for (url = 0; url < 2; url++)
            for (ln = 0; ln < 2; ln++) {
                len = k < 301 ? k : longs[k - 301];
                n = make(len, url, ln);
                if (!ln)
                    same_enc(impl, url, len, RIJN_BASE64_ENCODED_SIZE(len));
                if (!ln && len <= 64) /* output sizes around enough */
                    for (m = 0; m < 4; m++)
                        same_enc(impl, url, len, RIJN_BASE64_ENCODED_SIZE(len) - m);
                m = RIJN_BASE64_DECODED_MAX(n);
                same(impl, url, text, n, m, "length", len, (size_t)ln);
                TU_CHECK(rijn_i_base64_decode_with(impl, url, got, m, &m, text, n) == RIJN_OK &&
                             m == len && memcmp(got, data, len) == 0,
                         "%s round trip %zu url=%d lines=%d", impl, len, url, ln);
                if (len <= 300) /* every output size up to enough */
                    for (m = 0; m <= len; m++)
                        same(impl, url, text, n, m, "out size", len, m);
            }
}

/* one character of a valid 120-character text replaced / inserted */
static void positions(const char *impl)
{
    static const unsigned char bad[] = {0, '@', '[', '`', '{', '/' + 1, '0' - 1, '9' + 1, 'A' - 1,
                                        '.', ':', 0x7F, 0x80, 0xC1, 0xFF, '+', '/', '-', '_',
                                        ' ', '\t', '\r', '\n', '=', 11, 12};
    char t[130];
    size_t p, k, n;
    int url;
    for (url = 0; url < 2; url++) {
        n = make(90, url, 0); /* 120 characters */
        for (p = 0; p < 96; p++)
            for (k = 0; k < sizeof bad; k++) {
                memcpy(t, text, n);
                t[p] = (char)bad[k];
                same(impl, url, t, n, sizeof want - 8, "replaced", p, bad[k]);
                memcpy(t, text, p);
                t[p] = (char)bad[k];
                memcpy(t + p + 1, text + p, n - p);
                same(impl, url, t, n + 1, sizeof want - 8, "inserted", p, bad[k]);
            }
        /* two invalid characters in two blocks; padding at the end */
        for (p = 0; p < 64; p++) {
            memcpy(t, text, n);
            t[p] = '@';
            t[p + 33] = '*';
            same(impl, url, t, n, 200, "two bad", p, 0);
        }
    }
}

int main(int argc, char **argv)
{
    size_t i;
    (void)argc;
    tu_rand_seed(0x62363478);
    tu_check_registry(&rijn_i_base64_registry);
    for (i = 0; i < 2; i++) {
        size_t n;
        if (rijn_i_base64_decode_with(impls[i], 0, got, 3, &n, "Zm9v", 4) == RIJN_ERR_UNSUPPORTED)
            continue;
        ran[i] = 1;
        lengths(impls[i]);
        positions(impls[i]);
    }
    TU_CHECK(rijn_i_base64_decode_with("nonesuch", 0, got, 3, &i, "Zm9v", 4) ==
                 RIJN_ERR_UNSUPPORTED, "unknown name");
    TU_CHECK(rijn_i_base64_encode_with("nonesuch", 0, text, 5, &i, data, 3) ==
                 RIJN_ERR_UNSUPPORTED, "unknown name (encode)");
    printf("ran: x86-avx2 %d, x86-ssse3 %d\n", ran[0], ran[1]);
    if (!tu_rerun_is_child("RIJN_B64_CHILD")) {
        tu_rerun_masked(argv, 0x2C3Fu, "AVX2, no AVX-512", "RIJN_B64_CHILD");
        tu_rerun_masked(argv, 0xFu, "SSSE3 level", "RIJN_B64_CHILD");
        tu_rerun_masked(argv, 0u, "portable", "RIJN_B64_CHILD");
    }
    return tu_finish();
}
