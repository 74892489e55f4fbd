/*
 * fuzz_encoding.c -- hex, Base64 and Base64url (rijn/encoding.h).
 * The input is decoded by each decoder (any bytes: must not read or write
 * out of bounds, and must either fail or give at most the documented
 * size); what decodes is encoded again and must decode to the same bytes.
 * The input is also encoded by each encoder and decoded back (round trip),
 * and with a buffer one byte short every encoder must refuse.
 */
#include "fuzz_util.h"
#include "rijn.h"

typedef int (*enc_fn)(char *, size_t, size_t *, const uint8_t *, size_t);
typedef int (*dec_fn)(uint8_t *, size_t, size_t *, const char *, size_t);

static const struct {
    const char *name;
    enc_fn enc;
    dec_fn dec;
} codecs[] = {{"hex", rijn_hex_encode, rijn_hex_decode},
              {"base64", rijn_base64_encode, rijn_base64_decode},
              {"base64url", rijn_base64url_encode, rijn_base64url_decode}};

#define MAXN 4096

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t dec[MAXN], dec2[MAXN];
    static char enc[2 * MAXN + 8];
    size_t i, n = size < MAXN ? size : MAXN;
    for (i = 0; i < 3; i++) {
        size_t dl = 0, el = 0, dl2 = 0, need;
        int r = codecs[i].dec(dec, sizeof dec, &dl, (const char *)data, n);
        if (r == RIJN_OK) {
            FZ_ASSERT(dl <= (i == 0 ? RIJN_HEX_DECODED_MAX(n) : RIJN_BASE64_DECODED_MAX(n)),
                      "%s: decoded %zu bytes from %zu", codecs[i].name, dl, n);
            FZ_ASSERT(codecs[i].enc(enc, sizeof enc, &el, dec, dl) == RIJN_OK, "re-encode");
            FZ_ASSERT(codecs[i].dec(dec2, sizeof dec2, &dl2, enc, el) == RIJN_OK && dl2 == dl &&
                          memcmp(dec, dec2, dl) == 0,
                      "%s: decode(encode(decode(x))) differs", codecs[i].name);
        }
        /* round trip of the raw input */
        need = i == 0 ? RIJN_HEX_ENCODED_SIZE(n) : RIJN_BASE64_ENCODED_SIZE(n);
        r = codecs[i].enc(enc, sizeof enc, &el, data, n);
        FZ_ASSERT(r == RIJN_OK && el < need && enc[el] == '\0', "%s encode %zu: %d",
                  codecs[i].name, n, r);
        FZ_ASSERT(codecs[i].dec(dec2, sizeof dec2, &dl2, enc, el) == RIJN_OK && dl2 == n &&
                      memcmp(dec2, data, n) == 0,
                  "%s: round trip of %zu bytes failed", codecs[i].name, n);
        /* an output buffer too small for the text and its NUL is refused */
        r = codecs[i].enc(enc, el, &el, data, n);
        FZ_ASSERT(r == RIJN_ERR_BUFFER, "%s: short buffer gave %d", codecs[i].name, r);
    }
    return 0;
}
