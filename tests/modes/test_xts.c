/*
 * test_xts.c -- XTS-AES: NIST CAVP XTSGenAES128/256 in both tweak formats
 * (128-bit hex tweak and data unit sequence number), a differential test
 * against OpenSSL aes-128-xts / aes-256-xts over random keys, tweaks and
 * lengths 16..600 and 4096..4750 (in place and not), and every error path; on every AES
 * implementation.
 */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "rijn/xts.h"
#include "aes_keylens.h"
#include "testutil.h"

#define XTS_DIR "cryptography_vectors/ciphers/AES/XTS/"

static const char *const files[4] = {
    XTS_DIR "tweak-128hexstr/XTSGenAES128.rsp", XTS_DIR "tweak-128hexstr/XTSGenAES256.rsp",
    XTS_DIR "tweak-dataunitseqno/XTSGenAES128.rsp",
    XTS_DIR "tweak-dataunitseqno/XTSGenAES256.rsp"};
static unsigned long counts[4], skipped[4];

/* One call; checks the result. Without the AES inverse cipher,
 * decryption must say RIJN_ERR_UNSUPPORTED. tweak NULL: use seq. */
static void one(const rijn_xts_ctx *ctx, int dec, const uint8_t *tweak, uint64_t seq,
                uint8_t *out, const uint8_t *in, size_t len, const uint8_t *want,
                const char *what)
{
    int rc;
    if (tweak != NULL)
        rc = dec ? rijn_xts_decrypt(ctx, tweak, out, in, len)
                 : rijn_xts_encrypt(ctx, tweak, out, in, len);
    else
        rc = dec ? rijn_xts_decrypt_sector(ctx, seq, out, in, len)
                 : rijn_xts_encrypt_sector(ctx, seq, out, in, len);
    if (dec && !AES_HAS_DEC) {
        TU_CHECK(rc == RIJN_ERR_UNSUPPORTED, "%s: no inverse cipher: rc %d", what, rc);
        return;
    }
    TU_CHECK(rc == RIJN_OK, "%s: rc %d", what, rc);
    TU_EQ(out, want, len, what);
}

static void cavp(const char *impl, void *arg)
{
    int fi;
    (void)arg;
    for (fi = 0; fi < 4; fi++) {
        tu_rsp *r = tu_rsp_open(tu_vec_require(files[fi]));
        unsigned long n = 0, sk = 0;
        TU_CHECK(r != NULL, "open %s", files[fi]);
        if (r == NULL)
            continue;
        while (tu_rsp_next(r)) {
            const char *dul = tu_rsp_get(r, "DataUnitLen"), *kh = tu_rsp_get(r, "Key");
            const char *th = tu_rsp_get(r, "i"), *sq = tu_rsp_get(r, "DataUnitSeqNumber");
            const char *ph = tu_rsp_get(r, "PT"), *ch = tu_rsp_get(r, "CT");
            uint8_t *key, *pt, *ct, tweak[16], *out;
            size_t kl, pl, cl;
            rijn_xts_ctx ctx;
            int dec = strcmp(r->section, "DECRYPT") == 0;
            if (dul == NULL || kh == NULL || ph == NULL || ch == NULL)
                continue;
            if (atoi(dul) % 8 != 0) { /* bit-granular data units: not a byte API */
                sk++;
                continue;
            }
            key = tu_unhex(kh, &kl);
            pt = tu_unhex(ph, &pl);
            ct = tu_unhex(ch, &cl);
            out = malloc(pl + 1);
            TU_CHECK(key && pt && ct && out && pl == cl && pl * 8 == (size_t)atoi(dul),
                     "parse %s", files[fi]);
            if (!aes_key_ok(kl / 2)) { /* AES-256 compiled out */
                TU_CHECK(rijn_xts_init(&ctx, key, kl) == RIJN_ERR_KEY_LEN, "refused");
            } else {
                uint64_t sn = sq != NULL ? strtoull(sq, NULL, 10) : 0;
                TU_CHECK(rijn_xts_init(&ctx, key, kl) == RIJN_OK, "init");
                if (th != NULL)
                    TU_CHECK(tu_unhex_into(tweak, 16, th) == 0, "tweak");
                one(&ctx, dec, th != NULL ? tweak : NULL, sn, out, dec ? ct : pt, pl,
                    dec ? pt : ct, files[fi]);
                /* the other direction, in place */
                memcpy(out, dec ? pt : ct, pl);
                one(&ctx, !dec, th != NULL ? tweak : NULL, sn, out, out, pl, dec ? ct : pt,
                    "inverse in place");
            }
            rijn_xts_wipe(&ctx);
            free(key);
            free(pt);
            free(ct);
            free(out);
            n++;
        }
        tu_rsp_close(r);
        counts[fi] = n;
        skipped[fi] = sk;
        TU_CHECK(n > 0, "%s: no vectors (%s)", files[fi], impl);
    }
}

#define XTS_LONG (16 * 296 + 15)

static void diff(const char *impl, void *arg)
{
    int iters = tu_quick() ? 40 : 400, it;
    (void)impl;
    (void)arg;
    for (it = 0; it < iters; it++) {
        /* up to XTS_LONG: past the 256 blocks where the x86ni class's
         * 8-block passes take their ring of tweak words (aes_x86ni_xts.c) */
        static uint8_t pt[XTS_LONG], ct[XTS_LONG], ref[XTS_LONG], back[XTS_LONG];
        uint8_t key[64], tweak[16];
        size_t kl = 2 * ((tu_rand64() & 1) && aes_key_ok(32) ? 32 : 16), len;
        const EVP_CIPHER *c = kl == 32 ? EVP_aes_128_xts() : EVP_aes_256_xts();
        EVP_CIPHER_CTX *e = EVP_CIPHER_CTX_new();
        rijn_xts_ctx ctx;
        int ol = 0;
        switch (it % 8) {
        case 0: len = 16; break;
        case 1: len = 17; break;
        case 2: len = 16 * (1 + tu_rand_below(36)) + 15; break; /* = 15 mod 16 */
        case 3: len = 16 * (1 + tu_rand_below(37)); break;
        case 4: len = 16 * (1 + tu_rand_below(37)) + 1; break;
        case 5: len = 16 * (256 + tu_rand_below(40)) + tu_rand_below(16); break; /* 32-36 passes */
        default: len = 16 + tu_rand_below(600 - 16 + 1); break;
        }
        tu_rand_bytes(key, kl);
        tu_rand_bytes(tweak, 16);
        tu_rand_bytes(pt, len);
        TU_CHECK(rijn_xts_init(&ctx, key, kl) == RIJN_OK, "init");
        TU_CHECK(e != NULL && EVP_EncryptInit_ex(e, c, NULL, key, tweak) == 1 &&
                     EVP_EncryptUpdate(e, ref, &ol, pt, (int)len) == 1 && (size_t)ol == len,
                 "openssl xts");
        one(&ctx, 0, tweak, 0, ct, pt, len, ref, "xts vs openssl");
        one(&ctx, 1, tweak, 0, back, ct, len, pt, "xts round trip");
        memcpy(back, pt, len);
        one(&ctx, 0, tweak, 0, back, back, len, ref, "xts in place");
        one(&ctx, 1, tweak, 0, ref, ref, len, pt, "xts dec in place");
        EVP_CIPHER_CTX_free(e);
        rijn_xts_wipe(&ctx);
    }
}

static void negative(void)
{
    uint8_t key[64], buf[64] = {0}, tw[16] = {0};
    rijn_xts_ctx ctx;
    size_t i;
    memset(&ctx, 0, sizeof ctx);
    TU_CHECK(rijn_xts_encrypt(&ctx, tw, buf, buf, 16) == RIJN_ERR_STATE, "unkeyed");
    for (i = 0; i < 64; i++)
        key[i] = (uint8_t)i;
    TU_CHECK(rijn_xts_init(&ctx, key, 48) == RIJN_ERR_KEY_LEN, "48-byte key");
    TU_CHECK(rijn_xts_init(&ctx, key, 16) == RIJN_ERR_KEY_LEN, "16-byte key");
    TU_CHECK(rijn_xts_init(&ctx, key, 0) == RIJN_ERR_KEY_LEN, "0-byte key");
    TU_CHECK(rijn_xts_init(NULL, key, 32) == RIJN_ERR_NULL, "NULL ctx");
    TU_CHECK(rijn_xts_init(&ctx, NULL, 32) == RIJN_ERR_NULL, "NULL key");
    memcpy(key + 16, key, 16);
    TU_CHECK(rijn_xts_init(&ctx, key, 32) == RIJN_ERR_PARAM, "key1 == key2 (128)");
    for (i = 0; i < 32; i++)
        key[32 + i] = key[i] = (uint8_t)(3 * i);
    TU_CHECK(rijn_xts_init(&ctx, key, 64) == RIJN_ERR_PARAM, "key1 == key2 (256)");
    TU_CHECK(rijn_xts_encrypt(&ctx, tw, buf, buf, 16) == RIJN_ERR_STATE, "wiped on error");
    key[63] ^= 1;
    TU_CHECK(rijn_xts_init(&ctx, key, 64) == (aes_key_ok(32) ? RIJN_OK : RIJN_ERR_KEY_LEN),
             "keys differ in one bit");
    if (!aes_key_ok(32))
        TU_CHECK(rijn_xts_init(&ctx, key, 32) == RIJN_OK, "XTS-AES-128");
    memset(buf, 0, sizeof buf);
    for (i = 0; i < 16; i++)
        TU_CHECK(rijn_xts_encrypt(&ctx, tw, buf, buf, i) == RIJN_ERR_LENGTH, "len %zu", i);
    TU_CHECK(rijn_xts_decrypt(&ctx, tw, buf, buf, 15) ==
                 (AES_HAS_DEC ? RIJN_ERR_LENGTH : RIJN_ERR_UNSUPPORTED),
             "dec len 15");
    TU_CHECK(rijn_xts_encrypt_sector(&ctx, 1, buf, buf, 0) == RIJN_ERR_LENGTH, "sector len 0");
    TU_CHECK(rijn_xts_encrypt(&ctx, tw, buf, buf, RIJN_XTS_MAX_LEN + 1) == RIJN_ERR_LIMIT,
             "over 2^20 blocks");
    TU_CHECK(rijn_xts_encrypt(&ctx, tw, buf + 1, buf, 32) == RIJN_ERR_PARAM, "overlap");
    TU_CHECK(rijn_xts_decrypt(&ctx, tw, buf, buf + 3, 32) ==
                 (AES_HAS_DEC ? RIJN_ERR_PARAM : RIJN_ERR_UNSUPPORTED),
             "overlap dec");
    TU_CHECK(rijn_xts_encrypt(&ctx, NULL, buf, buf, 16) == RIJN_ERR_NULL, "NULL tweak");
    TU_CHECK(rijn_xts_encrypt(&ctx, tw, NULL, buf, 16) == RIJN_ERR_NULL, "NULL out");
    TU_CHECK(rijn_xts_encrypt(&ctx, tw, buf, NULL, 16) == RIJN_ERR_NULL, "NULL in");
    TU_CHECK(rijn_xts_encrypt(NULL, tw, buf, buf, 16) == RIJN_ERR_NULL, "NULL ctx");
    TU_CHECK(rijn_xts_encrypt(&ctx, tw, buf, buf + 32, 32) == RIJN_OK, "adjacent ok");
    TU_CHECK(rijn_xts_tweak_size() == 16 && rijn_xts_min_len() == 16 &&
                 rijn_xts_max_len() == RIJN_XTS_MAX_LEN,
             "size getters");
    rijn_xts_wipe(&ctx);
}

int main(void)
{
    int i;
    tu_rand_seed(0x5854535f54455354ull);
    tu_for_each_impl(cavp, NULL);
    for (i = 0; i < 4; i++)
        printf("%s: %lu vectors per implementation (%lu bit-granular skipped)\n", files[i],
               counts[i], skipped[i]);
    tu_for_each_impl(diff, NULL);
    negative();
    return tu_finish();
}
