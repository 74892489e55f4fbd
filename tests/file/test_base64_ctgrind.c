/*
 * test_base64_ctgrind.c -- constant-time check of Base64 (rijn/encoding.h)
 * under Valgrind memcheck, every implementation that runs here (portable
 * and the block coders of src/encoding/b64_i.h): secret bytes are encoded
 * (121 and 120 bytes: through the AVX2 and SSSE3 steps and the tail), the
 * text (marked undefined) is decoded whole and in 64-character lines,
 * URL-safe and standard, valid, with a character outside the alphabet and
 * with nonzero unused bits. The library's sources are compiled into this
 * program with RIJN_I_B64_PUBLIC marking defined what a decode shows on
 * purpose (which characters are whitespace or '=', the verdict), so
 * memcheck reports any other branch or memory index that depends on the
 * text. A planted secret-dependent branch (RIJN_B64_CT_PLANT) must be
 * reported. Run normally, the test re-runs itself under valgrind; it skips
 * (77) without valgrind or <valgrind/memcheck.h>, or in a sanitizer build.
 */
#include <stdlib.h>
#include <string.h>

#include "tu_ctgrind.h"

#if TU_CTGRIND
static uint32_t ct_public(uint32_t x)
{
    volatile uint32_t v = x;
    VALGRIND_MAKE_MEM_DEFINED((const void *)&v, sizeof v);
    return v;
}
#define RIJN_I_B64_PUBLIC(x) ct_public(x)
/* this program's copies, apart from the library's */
#define rijn_base64_encode ctb_base64_encode
#define rijn_base64_decode ctb_base64_decode
#define rijn_base64url_encode ctb_base64url_encode
#define rijn_base64url_decode ctb_base64url_decode
#define rijn_i_base64_registry ctb_base64_registry
#define rijn_i_base64_decode_with ctb_base64_decode_with
#define rijn_i_base64_encode_with ctb_base64_encode_with
#define rijn_i_b64_dec_avx2 ctb_b64_dec_avx2
#define rijn_i_b64_dec_ssse3 ctb_b64_dec_ssse3
#define rijn_i_b64_enc_avx2 ctb_b64_enc_avx2
#define rijn_i_b64_enc_ssse3 ctb_b64_enc_ssse3
/* rijn/encoding.h came before the names changed: their prototypes */
int ctb_base64_encode(char *, size_t, size_t *, const uint8_t *, size_t);
int ctb_base64_decode(uint8_t *, size_t, size_t *, const char *, size_t);
int ctb_base64url_encode(char *, size_t, size_t *, const uint8_t *, size_t);
int ctb_base64url_decode(uint8_t *, size_t, size_t *, const char *, size_t);
#include "encoding/base64.c"
#include "encoding/base64_x86.c"

static void one(const char *name, int url, char *t, size_t n, size_t len, const uint8_t *key)
{
    uint8_t back[200];
    size_t got = 0;
    int r = rijn_i_base64_decode_with(name, url, back, sizeof back, &got, t, n);
    TU_PUBLIC(&r, sizeof r);
    if (r == RIJN_ERR_UNSUPPORTED)
        return;
    TU_PUBLIC(&got, sizeof got);
    TU_PUBLIC(back, sizeof back);
    TU_CHECK(r == RIJN_OK && got == len && memcmp(back, key, len) == 0, "%s url=%d valid", name,
             url);
    t[40] = (char)(t[40] ^ 0x40); /* outside the alphabet or another value: both kinds */
    t[50] = (char)(t[50] | 0x80);
    r = rijn_i_base64_decode_with(name, url, back, sizeof back, &got, t, n);
    TU_PUBLIC(&r, sizeof r);
    TU_CHECK(r == RIJN_ERR_PARAM, "%s url=%d invalid", name, url);
    t[40] = (char)(t[40] ^ 0x40);
    t[50] = (char)(t[50] & 0x7F);
}

static void run_checks(void)
{
    static const char *const names[] = {"x86-avx2", "x86-ssse3", "portable"};
    uint8_t key[121], pub[121];
    char t[200], l[210];
    size_t n, i, j, k;
    int r, url;
    for (url = 0; url < 2; url++)
        for (k = 0; k < 3; k++) {
            tu_rand_bytes(key, sizeof key);
            memcpy(pub, key, sizeof pub); /* the expected bytes, not marked */
            TU_SECRET(key, sizeof key);
            if (getenv("RIJN_B64_CT_PLANT") != NULL) { /* the harness must catch this */
                static volatile int sink;
                if (key[3] & 1)
                    sink++;
            }
            r = rijn_i_base64_encode_with(names[k], url, t, sizeof t, &n, key, 120);
            TU_PUBLIC(&r, sizeof r);
            if (r == RIJN_ERR_UNSUPPORTED) {
                TU_PUBLIC(key, sizeof key);
                continue;
            }
            TU_PUBLIC(&n, sizeof n);
            TU_CHECK(r == RIJN_OK && n == 160, "encode %s", names[k]);
            for (i = j = 0; i < n; i++) {
                l[j++] = t[i];
                if (i % 64 == 63)
                    l[j++] = '\n';
            }
            one(names[k], url, t, n, 120, pub);
            one(names[k], url, l, j, 120, pub);
            /* 121 bytes: padding ('=' for standard), nonzero unused bits */
            r = rijn_i_base64_encode_with(names[k], url, t, sizeof t, &n, key, 121);
            TU_PUBLIC(&r, sizeof r);
            TU_PUBLIC(&n, sizeof n);
            one(names[k], url, t, n, 121, pub);
            t[161] = (char)(t[161] ^ 1); /* the last character's unused bits */
            r = rijn_i_base64_decode_with(names[k], url, (uint8_t *)l, sizeof l, &j, t, n);
            TU_PUBLIC(&r, sizeof r);
            TU_CHECK(r == RIJN_ERR_PARAM || r == RIJN_ERR_UNSUPPORTED, "unused bits");
            TU_PUBLIC(key, sizeof key);
        }
}
#endif

TU_CT_PLANTED_MAIN(0xB64, run_checks, "RIJN_B64_CT_PLANT=1", "Base64")
