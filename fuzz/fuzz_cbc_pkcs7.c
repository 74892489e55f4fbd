/*
 * fuzz_cbc_pkcs7.c -- CBC-PKCS#7 unpadding: the input (after a key-length
 * byte, a split byte, key and IV) is decrypted as ciphertext by rijn's
 * one-shot call, by the streaming calls split at points drawn from the
 * input, and by OpenSSL. All three must agree on the verdict (good
 * padding or RIJN_ERR_PADDING / RIJN_ERR_LENGTH) and, when good, on the
 * plaintext; a rejected one-shot output must be all zero.
 *
 * Implementation notes: lengths that are not a nonzero multiple of 16
 * are fed too (they must give RIJN_ERR_LENGTH where OpenSSL fails).
 */
#include "fuzz_util.h"
#include "rijn.h"
#include "testutil.h"
#include "tu_modes.h"
#include "tu_ossl.h"

#define TEXT_MAX 1024

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const size_t kls[3] = {16, 24, 32};
    static uint8_t out[TEXT_MAX + 32], sout[TEXT_MAX + 64], oout[TEXT_MAX + 64];
    fz_in in = {data, size};
    size_t kl = kls[fz_byte(&in) % 3], len, olen = 0, slen = 0;
    unsigned split = fz_byte(&in);
    uint8_t key[32], iv[16];
    const uint8_t *ct;
    rijn_aes_ctx dec;
    tu_mctx c;
    tu_ossl_opts o = {1, NULL, 0};
    long on;
    int r, rs;
    fz_fill(&in, key, kl);
    fz_fill(&in, iv, 16);
    ct = fz_rest(&in, &len);
    if (len > TEXT_MAX)
        len = TEXT_MAX;
    tu_rand_seed(split + 1);
    FZ_ASSERT(rijn_aes_init(&dec, key, kl) == RIJN_OK, "key");
    memset(out, 0xa5, sizeof out);
    r = rijn_cbc_pad_decrypt(&dec, iv, out, sizeof out, &olen, ct, len);
    on = tu_ossl_cipher(tu_ossl_aes_name(kl, "CBC"), 0, key, iv, oout, ct, len, &o);
    if (len == 0 || len % 16 != 0) {
        FZ_ASSERT(r == RIJN_ERR_LENGTH, "length %zu: %d", len, r);
        return 0;
    }
    FZ_ASSERT((r == RIJN_OK) == (on >= 0), "verdict differs from OpenSSL: rijn %d, OpenSSL %ld",
              r, on);
    if (r != RIJN_OK) {
        FZ_ASSERT(r == RIJN_ERR_PADDING, "bad padding gave %d", r);
        FZ_ASSERT(fz_all_zero(out, len), "output not wiped after bad padding");
    } else {
        FZ_ASSERT((size_t)on == olen && memcmp(out, oout, olen) == 0, "plaintext differs");
    }
    FZ_ASSERT(tu_mode_init(&c, TU_CBC_PAD, 0, key, kl, iv) == RIJN_OK, "stream init");
    rs = tu_mode_stream(&c, sout, &slen, ct, len, split & 1 ? TU_SPLIT_RANDOM : TU_SPLIT_BYTES,
                        (int)(split >> 7));
    tu_mode_wipe(&c);
    FZ_ASSERT(rs == r, "streaming verdict %d, one-shot %d", rs, r);
    if (r == RIJN_OK)
        FZ_ASSERT(slen == olen && memcmp(sout, out, olen) == 0, "streaming plaintext differs");
    return 0;
}
