/*
 * test_short_paths.c -- the short-message paths of the one-shot ECB, CBC,
 * CTR, CTR32 and XTS calls (the fast-path test in front of the full
 * checks, the x86ni one-shot entries and 1-4 block passes, the XTS
 * whole-message path), forced per AES implementation.
 *
 *   - Every AES class x AES-128/192/256: ECB and CBC (both directions),
 *     CTR and XTS encryption/decryption at every length from 0 (16 for
 *     XTS) to 9 blocks + 15 bytes and around 16, 32 and 33 blocks,
 *     out-of-place unaligned and in place, against OpenSSL EVP; the IV /
 *     tweak buffer must be left unchanged.
 *   - CTR counters whose last byte carries inside or right after a 1-4
 *     block call (last byte 251..255, 0), whose low 64 bits wrap, and
 *     2^128 - 1; CTR32 against a reference built from OpenSSL ECB blocks
 *     with the 32-bit counter wrapping (last four bytes FFFFFFFE).
 *   - Errors, which the fast-path test must leave to the full checks:
 *     NULL context / IV / buffers (and NULL buffers with length 0, which
 *     succeed), a length not a multiple of 16, overlapping buffers (in
 *     place allowed), a zeroed context, decryption with an encrypt-only
 *     context; every out - in distance around +-len, lengths around each
 *     multiple of 16 and near SIZE_MAX.
 * The parent runs with the CPU as it is (AVX: the VEX copies of the
 * one-shot ECB / CBC entries), then re-runs itself with AVX-512 hidden,
 * VAES hidden too, AVX hidden (AES-NI with the SSE entries) and every
 * extension hidden.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "aes/aes_i.h"
#include "core/cpu.h"
#include "testutil.h"

#define MAXB 40
#define BUF (MAXB * 16 + 64)

enum { M_ECB, M_CBC, M_CTR, M_XTS };

static const EVP_CIPHER *evp(int mode, size_t kl)
{
    switch (mode) {
    case M_ECB: return kl == 16 ? EVP_aes_128_ecb() : kl == 24 ? EVP_aes_192_ecb() : EVP_aes_256_ecb();
    case M_CBC: return kl == 16 ? EVP_aes_128_cbc() : kl == 24 ? EVP_aes_192_cbc() : EVP_aes_256_cbc();
    case M_CTR: return kl == 16 ? EVP_aes_128_ctr() : kl == 24 ? EVP_aes_192_ctr() : EVP_aes_256_ctr();
    default: return kl == 16 ? EVP_aes_128_xts() : EVP_aes_256_xts();
    }
}

/* OpenSSL one-shot; key is kl bytes (2 * kl for XTS). */
static int ossl(int mode, int enc, const uint8_t *key, size_t kl, const uint8_t *iv,
                uint8_t *out, const uint8_t *in, size_t len)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int l1 = 0, l2 = 0, ok;
    ok = c != NULL && EVP_CipherInit_ex(c, evp(mode, kl), NULL, key, iv, enc) == 1 &&
         EVP_CIPHER_CTX_set_padding(c, 0) == 1 &&
         (len == 0 || EVP_CipherUpdate(c, out, &l1, in, (int)len) == 1) &&
         EVP_CipherFinal_ex(c, out + l1, &l2) == 1 && (size_t)(l1 + l2) == len;
    EVP_CIPHER_CTX_free(c);
    return ok;
}

static size_t lens[64];
static size_t nlens;

static void add_len(size_t l)
{
    if (l <= MAXB * 16 && nlens < sizeof lens / sizeof lens[0])
        lens[nlens++] = l;
}

/* One call of ours, out-of-place at offset 1 and in place; against want. */
static void one(int mode, int dec, const rijn_aes_ctx *a, const rijn_xts_ctx *x,
                const uint8_t iv[16], const uint8_t *in, size_t len, const uint8_t *want,
                const char *what)
{
    static uint8_t ob[BUF], ib[BUF];
    uint8_t ivc[16];
    int pass, r = -1;
    for (pass = 0; pass < 2; pass++) {
        uint8_t *o = pass == 0 ? ob + 1 : ib + 3, *i = ib + 3;
        memcpy(i, in, len);
        memcpy(ivc, iv, 16);
        memset(ob, 0xA5, sizeof ob);
        switch (mode) {
        case M_ECB: r = dec ? rijn_ecb_decrypt(a, o, i, len) : rijn_ecb_encrypt(a, o, i, len); break;
        case M_CBC:
            r = dec ? rijn_cbc_decrypt(a, ivc, o, i, len) : rijn_cbc_encrypt(a, ivc, o, i, len);
            break;
        case M_CTR: r = rijn_ctr_crypt(a, ivc, o, i, len); break;
        default:
            r = dec ? rijn_xts_decrypt(x, ivc, o, i, len) : rijn_xts_encrypt(x, ivc, o, i, len);
            break;
        }
        TU_CHECK(r == RIJN_OK, "%s len %zu pass %d: %d", what, len, pass, r);
        TU_CHECK(memcmp(o, want, len) == 0, "%s len %zu pass %d: output", what, len, pass);
        TU_CHECK(memcmp(ivc, iv, 16) == 0, "%s len %zu pass %d: IV changed", what, len, pass);
        if (pass == 0)
            TU_CHECK(ob[0] == 0xA5 && ob[1 + len] == 0xA5, "%s len %zu: wrote outside", what,
                     len);
    }
}

static void modes_for_key(size_t kl)
{
    static const char *names[] = {"ECB", "CBC", "CTR", "XTS"};
    uint8_t key[64], iv[16], in[BUF], want[BUF];
    rijn_aes_ctx a;
    rijn_xts_ctx x;
    size_t li;
    int mode, dec;
    char what[64];
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(iv, sizeof iv);
    tu_rand_bytes(in, sizeof in);
    TU_CHECK(rijn_aes_init(&a, key, kl) == RIJN_OK, "init %zu", kl);
    if (kl != 24)
        TU_CHECK(rijn_xts_init(&x, key, 2 * kl) == RIJN_OK, "xts init %zu", kl);
    for (mode = M_ECB; mode <= M_XTS; mode++) {
        if (mode == M_XTS && kl == 24)
            continue;
        for (dec = 0; dec < 2; dec++) {
            snprintf(what, sizeof what, "%s-%zu %s", names[mode], 8 * kl, dec ? "dec" : "enc");
            for (li = 0; li < nlens; li++) {
                size_t len = lens[li];
                if ((mode == M_ECB || mode == M_CBC) && len % 16 != 0)
                    continue;
                if (mode == M_XTS && len < 16)
                    continue;
                if (!ossl(mode, !dec, key, kl, iv, want, in, len)) {
                    TU_CHECK(0, "%s len %zu: OpenSSL failed", what, len);
                    continue;
                }
                one(mode, dec, &a, &x, iv, in, len, want, what);
            }
            if (mode == M_CTR)
                break; /* CTR decryption is the same call */
        }
    }
    rijn_aes_wipe(&a);
    rijn_xts_wipe(&x);
}

/* CTR counters at every carry the short paths branch on. */
static void ctr_carries(size_t kl)
{
    static const char *ends[] = {"00", "FB", "FC", "FD", "FE", "FF", "FFFE", "FFFFFFFFFFFFFFFD",
                                 "FFFFFFFFFFFFFFFF", "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFE"};
    uint8_t key[32], iv[16], in[16 * 9], want[16 * 9];
    rijn_aes_ctx a;
    size_t e, n;
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(in, sizeof in);
    TU_CHECK(rijn_aes_init_enc(&a, key, kl) == RIJN_OK, "init");
    for (e = 0; e < sizeof ends / sizeof ends[0]; e++) {
        size_t el = strlen(ends[e]) / 2;
        tu_rand_bytes(iv, sizeof iv);
        tu_unhex_into(iv + 16 - el, el, ends[e]);
        if (el == 15)
            iv[0] = 0xFF; /* 2^128 - 2 */
        for (n = 1; n <= sizeof in; n += (n < 80 ? 1 : 15)) {
            char what[64];
            snprintf(what, sizeof what, "CTR-%zu counter ..%s", 8 * kl, ends[e]);
            if (ossl(M_CTR, 1, key, kl, iv, want, in, n))
                one(M_CTR, 0, &a, NULL, iv, in, n, want, what);
            else
                TU_CHECK(0, "OpenSSL CTR failed");
        }
    }
    rijn_aes_wipe(&a);
}

/* CTR32: reference = in XOR E(counter blocks), last 32 bits wrapping. */
static void ctr32_wrap(size_t kl)
{
    uint8_t key[32], iv[16], ctrs[16 * 9], ks[16 * 9], in[16 * 9], want[16 * 9], out[16 * 9];
    uint8_t ivc[16];
    rijn_aes_ctx a;
    size_t n, i, b;
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(in, sizeof in);
    tu_rand_bytes(iv, sizeof iv);
    memset(iv + 12, 0xFF, 3);
    iv[15] = 0xFE;
    iv[11] = 0x7F;
    for (b = 0; b < 9; b++) {
        uint32_t c = 0xFFFFFFFEu + (uint32_t)b;
        memcpy(ctrs + 16 * b, iv, 12);
        ctrs[16 * b + 12] = (uint8_t)(c >> 24);
        ctrs[16 * b + 13] = (uint8_t)(c >> 16);
        ctrs[16 * b + 14] = (uint8_t)(c >> 8);
        ctrs[16 * b + 15] = (uint8_t)c;
    }
    TU_CHECK(ossl(M_ECB, 1, key, kl, NULL, ks, ctrs, sizeof ctrs), "OpenSSL ECB");
    for (i = 0; i < sizeof in; i++)
        want[i] = (uint8_t)(in[i] ^ ks[i]);
    TU_CHECK(rijn_aes_init_enc(&a, key, kl) == RIJN_OK, "init");
    for (n = 0; n <= sizeof in; n++) {
        memcpy(ivc, iv, 16);
        TU_CHECK(rijn_ctr32_crypt(&a, ivc, out, in, n) == RIJN_OK, "ctr32 %zu", n);
        TU_CHECK(memcmp(out, want, n) == 0 && memcmp(ivc, iv, 16) == 0,
                 "CTR32-%zu wrap, len %zu", 8 * kl, n);
    }
    rijn_aes_wipe(&a);
}

/* The errors the fast-path test must leave to the full checks. */
static void errors(void)
{
    uint8_t key[32] = {1}, iv[16] = {0}, buf[96] = {0};
    rijn_aes_ctx a, e, z;
    rijn_xts_ctx x;
    memset(&z, 0, sizeof z);
    TU_CHECK(rijn_aes_init(&a, key, 16) == RIJN_OK && rijn_aes_init_enc(&e, key, 16) == RIJN_OK,
             "init");
    key[16] = 2;
    TU_CHECK(rijn_xts_init(&x, key, 32) == RIJN_OK, "xts init");
#define ERR(call, want) TU_CHECK((call) == (want), "%s: want %d", #call, (int)(want))
    ERR(rijn_ecb_encrypt(NULL, buf, buf, 16), RIJN_ERR_NULL);
    ERR(rijn_ecb_encrypt(&a, NULL, buf, 16), RIJN_ERR_NULL);
    ERR(rijn_ecb_encrypt(&a, buf, NULL, 16), RIJN_ERR_NULL);
    ERR(rijn_ecb_encrypt(&a, NULL, NULL, 0), RIJN_OK);
    ERR(rijn_ecb_encrypt(&a, buf, buf, 15), RIJN_ERR_LENGTH);
    ERR(rijn_ecb_encrypt(&a, buf + 1, buf, 32), RIJN_ERR_PARAM);
    ERR(rijn_ecb_encrypt(&a, buf, buf + 16, 32), RIJN_ERR_PARAM);
    ERR(rijn_ecb_encrypt(&a, buf, buf + 16, 16), RIJN_OK);
    ERR(rijn_ecb_encrypt(&z, buf, buf, 16), RIJN_ERR_STATE);
    ERR(rijn_ecb_decrypt(&e, buf, buf, 16), RIJN_ERR_STATE);
    ERR(rijn_ecb_decrypt(&a, buf + 48, buf + 32, 32), RIJN_ERR_PARAM);
    ERR(rijn_cbc_encrypt(&a, NULL, buf, buf, 16), RIJN_ERR_NULL);
    ERR(rijn_cbc_encrypt(NULL, iv, buf, buf, 16), RIJN_ERR_NULL);
    ERR(rijn_cbc_encrypt(&a, iv, NULL, buf, 16), RIJN_ERR_NULL);
    ERR(rijn_cbc_encrypt(&a, iv, NULL, NULL, 0), RIJN_OK);
    ERR(rijn_cbc_encrypt(&a, iv, buf, buf, 17), RIJN_ERR_LENGTH);
    ERR(rijn_cbc_encrypt(&a, iv, buf + 16, buf, 32), RIJN_ERR_PARAM);
    ERR(rijn_cbc_encrypt(&z, iv, buf, buf, 16), RIJN_ERR_STATE);
    ERR(rijn_cbc_decrypt(&e, iv, buf, buf, 16), RIJN_ERR_STATE);
    ERR(rijn_ctr_crypt(&a, NULL, buf, buf, 16), RIJN_ERR_NULL);
    ERR(rijn_ctr_crypt(NULL, iv, buf, buf, 16), RIJN_ERR_NULL);
    ERR(rijn_ctr_crypt(&a, iv, buf, NULL, 16), RIJN_ERR_NULL);
    ERR(rijn_ctr_crypt(&a, iv, NULL, NULL, 0), RIJN_OK);
    ERR(rijn_ctr_crypt(&a, iv, buf + 1, buf, 16), RIJN_ERR_PARAM);
    ERR(rijn_ctr_crypt(&a, iv, buf, buf + 15, 16), RIJN_ERR_PARAM);
    ERR(rijn_ctr_crypt(&a, iv, buf, buf + 16, 16), RIJN_OK);
    ERR(rijn_ctr_crypt(&z, iv, buf, buf, 16), RIJN_ERR_STATE);
    ERR(rijn_ctr32_crypt(&z, iv, buf, buf, 32), RIJN_ERR_STATE);
    ERR(rijn_ctr32_crypt(&a, iv, buf + 8, buf, 32), RIJN_ERR_PARAM);
    ERR(rijn_xts_encrypt(NULL, iv, buf, buf, 16), RIJN_ERR_NULL);
    ERR(rijn_xts_encrypt(&x, NULL, buf, buf, 16), RIJN_ERR_NULL);
    ERR(rijn_xts_encrypt(&x, iv, buf, buf, 15), RIJN_ERR_LENGTH);
    ERR(rijn_xts_encrypt(&x, iv, buf + 1, buf, 32), RIJN_ERR_PARAM);
    ERR(rijn_xts_decrypt(&x, iv, buf, buf, 17), RIJN_OK);
#undef ERR
    rijn_aes_wipe(&a);
    rijn_aes_wipe(&e);
    rijn_xts_wipe(&x);
}

/* The fast-path test's arithmetic at its edges: every distance between
 * out and in from -(len + 17) to len + 17 bytes (in place and disjoint
 * run, any partial overlap is refused), lengths either side of each
 * multiple of 16, and lengths near SIZE_MAX (whose block count would wrap
 * a naive test): the same answer as the full checks, nothing written out
 * of bounds (ASan run). */
static void fast_test_edges(void)
{
    static uint8_t buf[256];
    uint8_t key[16] = {9}, iv[16] = {7};
    rijn_aes_ctx a;
    size_t len, big[] = {SIZE_MAX, SIZE_MAX - 15, SIZE_MAX - 16, (SIZE_MAX >> 4) + 1,
                         SIZE_MAX / 2 + 1, SIZE_MAX / 2 - 15};
    long d;
    unsigned k;
    int r[4], want;
    TU_CHECK(rijn_aes_init(&a, key, 16) == RIJN_OK, "init");
#if RIJN_CFG_AES_X86NI
    /* the VEX copies of the one-shot entries: exactly on the x86ni classes
     * (AES-NI round-key layout) with AVX */
    TU_CHECK(((a.dirs & RIJN_I_DIR_VEX) != 0) ==
                 (rijn_i_aes_rk_aesni(&a) && (rijn_i_cpu_features() & RIJN_CPU_AVX) != 0),
             "RIJN_I_DIR_VEX %u with features %x", (unsigned)a.dirs, rijn_i_cpu_features());
#endif
    for (len = 16; len <= 48; len += 16)
        for (d = -(long)len - 17; d <= (long)len + 17; d++) {
            uint8_t *in = buf + 80, *out = in + d;
            want = d == 0 || (size_t)labs(d) >= len ? RIJN_OK : RIJN_ERR_PARAM;
            r[0] = rijn_ecb_encrypt(&a, out, in, len);
            r[1] = rijn_ecb_decrypt(&a, out, in, len);
            r[2] = rijn_cbc_encrypt(&a, iv, out, in, len);
            r[3] = rijn_ctr_crypt(&a, iv, out, in, len);
            for (k = 0; k < 4; k++)
                TU_CHECK(r[k] == want, "call %u, len %zu, out - in = %ld: %d, want %d", k, len,
                         d, r[k], want);
        }
    for (len = 1; len <= 49; len++) {
        want = len % 16 == 0 ? RIJN_OK : RIJN_ERR_LENGTH;
        TU_CHECK(rijn_ecb_encrypt(&a, buf, buf + 64, len) == want, "ECB len %zu", len);
        TU_CHECK(rijn_cbc_encrypt(&a, iv, buf, buf + 64, len) == want, "CBC len %zu", len);
    }
    for (k = 0; k < sizeof big / sizeof big[0]; k++) {
        len = big[k];
        want = len % 16 == 0 ? RIJN_ERR_PARAM : RIJN_ERR_LENGTH;
        TU_CHECK(rijn_ecb_encrypt(&a, buf, buf + 16, len) == want, "ECB len %zu", len);
        TU_CHECK(rijn_ecb_encrypt(&a, buf + 16, buf, len) == want, "ECB len %zu (2)", len);
        TU_CHECK(rijn_cbc_encrypt(&a, iv, buf, buf + 16, len) == want, "CBC len %zu", len);
        TU_CHECK(rijn_ctr_crypt(&a, iv, buf + 16, buf, len) == RIJN_ERR_PARAM, "CTR len %zu",
                 len);
    }
    rijn_aes_wipe(&a);
}

static void run(const char *impl, void *arg)
{
    size_t k;
    (void)arg;
    (void)impl;
    for (k = 16; k <= 32; k += 8) {
        if ((k == 24 && !RIJN_CFG_AES_192) || (k == 32 && !RIJN_CFG_AES_256))
            continue;
        modes_for_key(k);
        ctr_carries(k);
        ctr32_wrap(k);
    }
    errors();
    fast_test_edges();
}


int main(int argc, char **argv)
{
    size_t b;
    int n;
    (void)argc;
    tu_rand_seed(0x5407);
    for (b = 0; b <= 9; b++) {
        add_len(16 * b);
        if (b > 0 && (b < 6 || !tu_quick()))
            add_len(16 * b + 1 + (b * 7) % 15);
    }
    add_len(16 * 9 + 15);
    for (b = 15; b <= 34; b += (b == 17 ? 14 : 1))
        add_len(16 * b), add_len(16 * b + 5);
    n = tu_for_each_impl(run, NULL);
    printf("# %d implementation(s)\n", n);
    if (!tu_rerun_is_child("RIJN_SHORT_CHILD")) {
        tu_rerun_masked(argv, ~RIJN_CPU_AVX512, "no AVX-512", "RIJN_SHORT_CHILD");
        tu_rerun_masked(argv, ~(RIJN_CPU_AVX512 | RIJN_CPU_VAES), "no VAES", "RIJN_SHORT_CHILD");
        tu_rerun_masked(argv,
                        ~(RIJN_CPU_AVX | RIJN_CPU_AVX2 | RIJN_CPU_AVX512 | RIJN_CPU_VAES |
                          RIJN_CPU_VPCLMUL),
                        "AES-NI without AVX: the SSE one-shot entries", "RIJN_SHORT_CHILD");
        tu_rerun_masked(argv, 0, "no extensions: software classes", "RIJN_SHORT_CHILD");
    }
    return tu_finish();
}
