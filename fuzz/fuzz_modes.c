/*
 * fuzz_modes.c -- differential harness for the classic modes, XTS and key
 * wrap against OpenSSL.
 *
 * Input: mode byte, key-length byte, split seed byte, key (up to 64
 * bytes), IV/tweak (16), then the message. Modes: every row of
 * tests/support/tu_modes.c (ECB, CBC, CBC-PKCS#7, CBC-CS1/2/3, CFB1,
 * CFB8, CFB128, OFB, CTR; CTR32 has no OpenSSL twin and is checked
 * against the streaming path only), XTS, KW and KWP. For each:
 *   - rijn one-shot encryption equals OpenSSL's (same length rules);
 *   - the streaming calls, split at points drawn from the input, give the
 *     same bytes (in place too);
 *   - decryption gives the message back;
 *   - KW/KWP: unwrapping a wrap with one bit flipped fails with the
 *     output all zero.
 *
 * Implementation notes: links the test support code (tu_modes, tu_ossl,
 * testutil) for the mode table and the OpenSSL calls; tu_rand_seed makes
 * the random splits a function of the input.
 */
#include "fuzz_util.h"
#include "rijn.h"
#include "testutil.h"
#include "tu_modes.h"
#include "tu_ossl.h"

#define TEXT_MAX 2048

static uint8_t ct[TEXT_MAX + 64], st[TEXT_MAX + 64], pt2[TEXT_MAX + 64], oc[TEXT_MAX + 64];

static void classic(tu_mode m, const uint8_t *key, size_t kl, const uint8_t iv[16],
                    const uint8_t *msg, size_t len, int inplace)
{
    const tu_mode_info *mi = &tu_modes[m];
    rijn_aes_ctx enc, dec;
    tu_mctx c;
    size_t olen = 0, slen = 0, dlen = 0;
    int r;
    if (!tu_mode_len_ok(m, 1, len))
        return;
    FZ_ASSERT(rijn_aes_init_enc(&enc, key, kl) == RIJN_OK, "key");
    r = tu_mode_oneshot(m, 1, &enc, iv, ct, sizeof ct, &olen, msg, len);
    FZ_ASSERT(r == RIJN_OK, "%s encrypt %zu: %d", mi->name, len, r);
    if (mi->ossl != NULL) {
        tu_ossl_opts o = {mi->padding, mi->cts, 0};
        long n = tu_ossl_cipher(tu_ossl_aes_name(kl, mi->ossl), 1, key, iv, oc, msg, len, &o);
        FZ_ASSERT(n >= 0 && (size_t)n == olen && memcmp(oc, ct, olen) == 0,
                  "%s k%zu len %zu: differs from OpenSSL", mi->name, kl, len);
    }
    FZ_ASSERT(tu_mode_init(&c, m, 1, key, kl, iv) == RIJN_OK, "stream init");
    r = tu_mode_stream(&c, st, &slen, msg, len, TU_SPLIT_RANDOM, inplace);
    FZ_ASSERT(r == RIJN_OK && slen == olen && memcmp(st, ct, olen) == 0,
              "%s: streaming encryption differs (%d)", mi->name, r);
    tu_mode_wipe(&c);
    if (!tu_mode_dec_ok(m))
        return;
    FZ_ASSERT(rijn_aes_init(&dec, key, kl) == RIJN_OK, "key");
    r = tu_mode_oneshot(m, 0, mi->inverse ? &dec : &enc, iv, pt2, sizeof pt2, &dlen, ct, olen);
    FZ_ASSERT(r == RIJN_OK && dlen == len && memcmp(pt2, msg, len) == 0,
              "%s: decryption did not give the message back (%d)", mi->name, r);
}

static void xts(const uint8_t *key, size_t kl, const uint8_t tweak[16], const uint8_t *msg,
                size_t len)
{
    rijn_xts_ctx x;
    long n;
    int r = rijn_xts_init(&x, key, kl);
    if (r == RIJN_ERR_PARAM) /* Key1 == Key2 */
        return;
    FZ_ASSERT(r == RIJN_OK, "xts init %d", r);
    r = rijn_xts_encrypt(&x, tweak, ct, msg, len);
    if (len < 16) {
        FZ_ASSERT(r == RIJN_ERR_LENGTH, "XTS: short input accepted");
        return;
    }
    FZ_ASSERT(r == RIJN_OK, "XTS encrypt %d", r);
    n = tu_ossl_cipher(kl == 32 ? "AES-128-XTS" : "AES-256-XTS", 1, key, tweak, oc, msg, len,
                       NULL);
    FZ_ASSERT(n == (long)len && memcmp(oc, ct, len) == 0, "XTS len %zu: differs from OpenSSL",
              len);
    FZ_ASSERT(rijn_xts_decrypt(&x, tweak, pt2, ct, len) == RIJN_OK &&
                  memcmp(pt2, msg, len) == 0,
              "XTS: decryption did not give the message back");
    rijn_xts_wipe(&x);
}

static void keywrap(int pad, const uint8_t *key, size_t kl, const uint8_t *msg, size_t len,
                    unsigned flip)
{
    rijn_aes_ctx enc, dec;
    size_t olen = 0, dlen = 0;
    long n;
    int r;
    FZ_ASSERT(rijn_aes_init_enc(&enc, key, kl) == RIJN_OK, "key");
    FZ_ASSERT(rijn_aes_init(&dec, key, kl) == RIJN_OK, "key");
    r = pad ? rijn_kwp_wrap(&enc, ct, sizeof ct, &olen, msg, len)
            : rijn_kw_wrap(&enc, ct, sizeof ct, &olen, msg, len);
    if (r != RIJN_OK) {
        FZ_ASSERT(r == RIJN_ERR_LENGTH, "KW%s wrap %zu: %d", pad ? "P" : "", len, r);
        FZ_ASSERT(pad ? len == 0 : (len < 16 || len % 8 != 0), "KW: length %zu refused", len);
        return;
    }
    n = tu_ossl_cipher(tu_ossl_aes_name(kl, pad ? "WRAP-PAD" : "WRAP"), 1, key, NULL, oc, msg,
                       len, NULL);
    FZ_ASSERT(n == (long)olen && memcmp(oc, ct, olen) == 0, "KW%s: differs from OpenSSL",
              pad ? "P" : "");
    r = pad ? rijn_kwp_unwrap(&dec, pt2, sizeof pt2, &dlen, ct, olen)
            : rijn_kw_unwrap(&dec, pt2, sizeof pt2, &dlen, ct, olen);
    FZ_ASSERT(r == RIJN_OK && dlen == len && memcmp(pt2, msg, len) == 0, "KW: unwrap %d", r);
    ct[(flip / 8) % olen] ^= (uint8_t)(1u << (flip % 8));
    memset(pt2, 0xa5, olen);
    r = pad ? rijn_kwp_unwrap(&dec, pt2, sizeof pt2, &dlen, ct, olen)
            : rijn_kw_unwrap(&dec, pt2, sizeof pt2, &dlen, ct, olen);
    FZ_ASSERT(r == RIJN_ERR_AUTH, "KW%s: flipped bit accepted (%d)", pad ? "P" : "", r);
    FZ_ASSERT(fz_all_zero(pt2, olen - 8), "KW: output not wiped");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const size_t kls[3] = {16, 24, 32};
    fz_in in = {data, size};
    unsigned sel = fz_byte(&in), ksel = fz_byte(&in), seed = fz_u16(&in);
    size_t kl = kls[ksel % 3], len;
    uint8_t key[64], iv[16];
    const uint8_t *msg;
    fz_fill(&in, key, 64);
    fz_fill(&in, iv, 16);
    msg = fz_rest(&in, &len);
    if (len > TEXT_MAX)
        len = TEXT_MAX;
    tu_rand_seed(seed + 1);
    sel %= TU_NMODES + 4;
    if (sel < TU_NMODES)
        classic((tu_mode)sel, key, kl, iv, msg, len, (int)(ksel >> 7));
    else if (sel == TU_NMODES)
        xts(key, ksel & 1 ? 64 : 32, iv, msg, len);
    else
        keywrap(sel == TU_NMODES + 1, key, kl, msg, len, seed);
    return 0;
}
