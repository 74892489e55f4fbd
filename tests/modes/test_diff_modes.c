/*
 * test_diff_modes.c -- differential tests of every classic mode against
 * OpenSSL libcrypto (EVP), on every AES implementation.
 *
 * Modes: ECB, CBC, CBC + PKCS#7, CBC-CS1/CS2/CS3 (OpenSSL 3 AES-*-CBC-CTS
 * with OSSL_CIPHER_PARAM_CTS_MODE), CFB1, CFB8, CFB128, OFB, CTR (OpenSSL
 * AES-*-CTR, 128-bit counter) and CTR32 (against counter blocks encrypted
 * with OpenSSL AES-*-ECB). Key sizes 128/192/256.
 *
 * For each length 0..600 (every length; CFB1 costs 128 block operations
 * per byte, so it takes 0..80, the values around 128/256 and 584..600,
 * and no long ones), the lengths 1007..1041, 2031..2065, multiples of 509
 * and 2200 (runs of the feedback modes cross 1 KiB boundaries),
 * plus every bit length 0..300 through rijn_cfb1_*_bits) and each key
 * size: random key, IV and text from the seeded PRNG; OpenSSL encrypts;
 * rijn must give the same bytes, and decrypt them back, through
 *   - the one-shot call out of place, input and output at random
 *     misalignments, with guard bytes around the output;
 *   - the one-shot call in place;
 *   - the streaming calls with random splits (many 0- and 1-byte updates,
 *     every out_size exactly RIJN_MODE_UPDATE_MAX), alternately in place,
 *     with a fresh key setup or a _reset for the next message.
 * Lengths a mode refuses must give RIJN_ERR_LENGTH (one-shot and final).
 * CTR IVs are chosen near the 2^32, 2^64 and 2^128 carry/wrap points.
 * CBC-PKCS#7 decryption gets crafted last blocks (every valid pad 1..16,
 * pad 0, pad > 16, a block of 17s, one wrong pad byte): the verdict must match OpenSSL's
 * and a bad pad must give RIJN_ERR_PADDING with the output wiped.
 * Key sizes and decryptions compiled out (RIJN_CFG_AES_192/256/DECRYPT)
 * are skipped; such decryptions must say RIJN_ERR_UNSUPPORTED.
 * tu_quick(): a subset of lengths (0..33 and the 15/16/17 mod 16 edges),
 * each with one key size (the three rotate), and bit lengths 0..40.
 */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "tu_modes.h"
#include "tu_ossl.h"

#define MAXLEN 2200
#define DENSE 600 /* every length up to here; beyond, long_len() */
#define BUF (MAXLEN + 96)

static uint8_t key[32], iv[16];
static uint8_t *pt, *ref, *inb, *outb, *tmpb;
static unsigned long cases[TU_NMODES];

/* Beyond DENSE: the lengths around 1024 and 2048 bytes (64 and 128
 * blocks, the feedback modes' run length on hosts: RIJN_I_MODE_WIDE) and
 * a few odd ones, so the streaming splits cross run boundaries. */
static int long_len(size_t len)
{
    size_t r = len % 1024;
    return r <= 17 || r >= 1007 || len % 509 == 0 || len == MAXLEN;
}

static int len_selected(tu_mode m, size_t len)
{
    size_t r = len % 16;
    int edge = r == 15 || r == 0 || r == 1;
    if (len > DENSE)
        return m != TU_CFB1 && (tu_quick() ? len == MAXLEN || len == 1025 : long_len(len));
    if (tu_quick())
        return len <= 33 || (edge && (len < 80 || len % 128 <= 1 || len % 128 == 127)) ||
               len == DENSE;
    if (m == TU_CFB1)
        return len <= 80 || (len >= 126 && len <= 130) || (len >= 254 && len <= 258) ||
               len >= 584;
    return 1;
}

/* CTR32 reference: counter blocks encrypted with OpenSSL ECB. */
static long ctr32_ref(size_t klen, uint8_t *out, const uint8_t *in, size_t len)
{
    static uint8_t cb[BUF], ks[BUF + 32];
    size_t nb = (len + 15) / 16, i;
    uint32_t c0 = ((uint32_t)iv[12] << 24) | ((uint32_t)iv[13] << 16) |
                  ((uint32_t)iv[14] << 8) | iv[15];
    for (i = 0; i < nb; i++) {
        uint32_t c = c0 + (uint32_t)i;
        memcpy(cb + 16 * i, iv, 12);
        cb[16 * i + 12] = (uint8_t)(c >> 24);
        cb[16 * i + 13] = (uint8_t)(c >> 16);
        cb[16 * i + 14] = (uint8_t)(c >> 8);
        cb[16 * i + 15] = (uint8_t)c;
    }
    if (tu_ossl_cipher(tu_ossl_aes_name(klen, "ECB"), 1, key, NULL, ks, cb, 16 * nb, NULL) !=
        (long)(16 * nb))
        return -1;
    for (i = 0; i < len; i++)
        out[i] = in[i] ^ ks[i];
    return (long)len;
}

static long ref_crypt(tu_mode m, int enc, size_t klen, uint8_t *out, const uint8_t *in,
                      size_t len)
{
    tu_ossl_opts o = {tu_modes[m].padding, tu_modes[m].cts, 0};
    if (m == TU_CTR32)
        return ctr32_ref(klen, out, in, len);
    return tu_ossl_cipher(tu_ossl_aes_name(klen, tu_modes[m].ossl), enc, key,
                          m == TU_ECB ? NULL : iv, out, in, len, &o);
}

static void pick_iv(tu_mode m, size_t len)
{
    size_t i, kind = (m == TU_CTR || m == TU_CTR32) ? len % 5 : 0;
    uint8_t sub = (uint8_t)tu_rand_below(40);
    tu_rand_bytes(iv, 16);
    /* all-ones in the low 4, 8 or 16 bytes (kind 3: 12..15 and 4..11),
     * minus a small number, so the message crosses the carry point */
    if (kind == 1)
        memset(iv + 12, 0xff, 4);
    else if (kind == 2)
        memset(iv + 8, 0xff, 8);
    else if (kind == 3)
        memset(iv + 4, 0xff, 12);
    else if (kind == 4)
        memset(iv, 0xff, 16);
    if (kind != 0)
        for (i = 16; i-- > 0 && sub > 0;) { /* subtract sub with borrow */
            unsigned v = iv[i];
            iv[i] = (uint8_t)(v - sub);
            sub = v < sub ? 1 : 0;
        }
}

static int guards_ok(const uint8_t *buf, size_t off, size_t n)
{
    size_t i;
    for (i = 0; i < off; i++)
        if (buf[i] != 0xA5)
            return 0;
    for (i = off + n; i < off + n + 32 && i < BUF; i++)
        if (buf[i] != 0xA5)
            return 0;
    return 1;
}

/* One direction: in (len) must become want (want_len) in every shape. */
static void check_dir(tu_mode m, int enc, const rijn_aes_ctx *aes, const rijn_aes_ctx *aes_e,
                      tu_mctx *sc, int fresh, size_t klen, const uint8_t *in, size_t len,
                      const uint8_t *want, size_t want_len)
{
    size_t a = tu_rand_below(16), b = tu_rand_below(16), ol = 0;
    size_t cap = tu_modes[m].padding ? (enc ? RIJN_CBC_PAD_LEN(len) : len) : len;
    const rijn_aes_ctx *k2 = (tu_modes[m].inverse || (len & 1)) ? aes : aes_e;
    const char *dir = enc ? "encrypt" : "decrypt";
    int r, split = len % 11 == 3 && len < 128 ? TU_SPLIT_BYTES : TU_SPLIT_RANDOM;

    memcpy(inb + a, in, len);
    memset(outb, 0xA5, BUF);
    r = tu_mode_oneshot(m, enc, aes, iv, outb + b, cap, &ol, len ? inb + a : NULL, len);
    TU_CHECK(r == RIJN_OK && ol == want_len, "%s %s len %zu: one-shot status %d len %zu",
             tu_modes[m].name, dir, len, r, ol);
    if (r == RIJN_OK && ol == want_len) {
        if (!TU_EQ(outb + b, want, want_len, tu_modes[m].name))
            fprintf(stderr, "  (%s one-shot, len %zu, key %zu)\n", dir, len, klen);
        TU_CHECK(guards_ok(outb, b, cap), "%s %s len %zu: wrote outside the output",
                 tu_modes[m].name, dir, len);
    }

    memcpy(tmpb + b, in, len);
    r = tu_mode_oneshot(m, enc, k2, iv, tmpb + b, cap, &ol, tmpb + b, len);
    TU_CHECK(r == RIJN_OK && ol == want_len, "%s %s len %zu: in-place status %d",
             tu_modes[m].name, dir, len, r);
    if (r == RIJN_OK && !TU_EQ(tmpb + b, want, want_len, tu_modes[m].name))
        fprintf(stderr, "  (%s in place, len %zu, key %zu)\n", dir, len, klen);

    r = fresh ? tu_mode_init(sc, m, enc, key, klen, iv) : tu_mode_reset(sc, iv);
    TU_CHECK(r == RIJN_OK, "%s %s: stream %s %d", tu_modes[m].name, dir,
             fresh ? "init" : "reset", r);
    memset(outb, 0xA5, BUF);
    r = tu_mode_stream(sc, outb + b, &ol, inb + a, len, split, (int)(len & 1));
    TU_CHECK(r == RIJN_OK && ol == want_len, "%s %s len %zu: stream status %d len %zu",
             tu_modes[m].name, dir, len, r, ol);
    if (r == RIJN_OK && ol == want_len) {
        if (!TU_EQ(outb + b, want, want_len, tu_modes[m].name))
            fprintf(stderr, "  (%s streaming %s, len %zu, key %zu)\n", dir,
                    (len & 1) ? "in place" : "out of place", len, klen);
        TU_CHECK(guards_ok(outb, b, want_len), "%s %s len %zu: stream wrote past the output",
                 tu_modes[m].name, dir, len);
    }
}

/* A length the mode refuses: one-shot and final must say RIJN_ERR_LENGTH. */
static void check_refused(tu_mode m, int enc, const rijn_aes_ctx *aes, size_t klen, size_t len)
{
    size_t ol;
    tu_mctx c;
    int r = tu_mode_oneshot(m, enc, aes, iv, outb, BUF, &ol, pt, len);
    TU_CHECK(r == RIJN_ERR_LENGTH, "%s %s len %zu: one-shot gave %d, want RIJN_ERR_LENGTH",
             tu_modes[m].name, enc ? "encrypt" : "decrypt", len, r);
    if (tu_mode_init(&c, m, enc, key, klen, iv) != RIJN_OK) {
        TU_CHECK(0, "init");
        return;
    }
    r = tu_mode_stream(&c, outb, &ol, pt, len, TU_SPLIT_RANDOM, 0);
    TU_CHECK(r == RIJN_ERR_LENGTH, "%s %s len %zu: stream gave %d, want RIJN_ERR_LENGTH",
             tu_modes[m].name, enc ? "encrypt" : "decrypt", len, r);
    tu_mode_wipe(&c);
}

/* PKCS#7: craft the last plaintext block through the block before it (or
 * the IV) and compare the verdict with the rule and with OpenSSL. ref holds
 * the padded encryption of pt (len bytes), clen bytes. */
static void check_padding(const rijn_aes_ctx *aes, size_t klen, size_t len, size_t clen)
{
    static uint8_t c[BUF];
    uint8_t last[16], want_last[16], ivsave[16], *mask;
    size_t pad = 0, i, ol = 0, k = tu_rand_below(20), p = clen - len;
    long o;
    int valid, r;
    tu_mctx sc;
    tu_ossl_opts pkcs7 = {1, NULL, 0};
    memcpy(ivsave, iv, 16);
    memcpy(c, ref, clen);
    mask = clen >= 32 ? c + clen - 32 : iv;
    /* the last block of the padded plaintext: text bytes, then the pad */
    for (i = 0; i < 16; i++) {
        size_t pos = clen - 16 + i;
        last[i] = pos < len ? pt[pos] : (uint8_t)p;
    }
    memcpy(want_last, last, 16);
    if (k < 16) { /* valid pad k + 1 */
        pad = k + 1;
        memset(want_last + 16 - pad, (int)pad, pad);
        valid = 1;
    } else if (k == 16) {
        want_last[15] = 0;
        valid = 0;
    } else if (k == 17) {
        want_last[15] = (uint8_t)(17 + tu_rand_below(239));
        valid = 0;
    } else if (k == 18) { /* a whole block of 17s: one past the largest pad */
        memset(want_last, 17, 16);
        valid = 0;
    } else { /* pad of 2..16 with one wrong byte before the last */
        size_t n = 2 + tu_rand_below(15);
        memset(want_last + 16 - n, (int)n, n);
        want_last[16 - n + tu_rand_below(n - 1)] ^= (uint8_t)(1 + tu_rand_below(255));
        valid = 0;
    }
    for (i = 0; i < 16; i++)
        mask[i] ^= (uint8_t)(last[i] ^ want_last[i]);

    o = tu_ossl_cipher(tu_ossl_aes_name(klen, "CBC"), 0, key, iv, tmpb, c, clen, &pkcs7);
    TU_CHECK((o >= 0) == valid, "PKCS7 len %zu case %zu: OpenSSL verdict %ld", clen, k, o);
    memset(outb, 0xA5, BUF);
    r = rijn_cbc_pad_decrypt(aes, iv, outb, clen, &ol, c, clen);
    if (valid) {
        TU_CHECK(r == RIJN_OK && ol == clen - pad, "PKCS7 len %zu pad %zu: status %d len %zu",
                 clen, pad, r, ol);
        if (r == RIJN_OK && o >= 0 && ol == (size_t)o)
            TU_EQ(outb, tmpb, ol, "PKCS7 crafted pad plaintext");
    } else {
        int wiped = 1;
        for (i = 0; i + 1 < clen; i++)
            wiped &= outb[i] == 0;
        TU_CHECK(r == RIJN_ERR_PADDING, "PKCS7 len %zu case %zu: status %d, want PADDING",
                 clen, k, r);
        TU_CHECK(wiped, "PKCS7 len %zu case %zu: output not wiped after bad padding", clen, k);
    }
    if (tu_mode_init(&sc, TU_CBC_PAD, 0, key, klen, iv) == RIJN_OK) {
        r = tu_mode_stream(&sc, outb, &ol, c, clen, TU_SPLIT_RANDOM, 0);
        TU_CHECK(valid ? (r == RIJN_OK && ol == clen - pad) : r == RIJN_ERR_PADDING,
                 "PKCS7 stream len %zu case %zu: status %d", clen, k, r);
        if (valid && r == RIJN_OK && o >= 0 && ol == (size_t)o)
            TU_EQ(outb, tmpb, ol, "PKCS7 crafted pad plaintext (stream)");
        tu_mode_wipe(&sc);
    } else {
        TU_CHECK(0, "PKCS7 stream init");
    }
    memcpy(iv, ivsave, 16);
}

/* Every bit length through rijn_cfb1_*_bits against OpenSSL's bit mode. */
static void check_cfb1_bits(size_t klen, size_t nbits)
{
    rijn_aes_ctx aes;
    size_t nb = (nbits + 7) / 8, a = tu_rand_below(16), b = tu_rand_below(16);
    uint8_t mask = (uint8_t)(nbits % 8 ? 0xff00u >> (nbits % 8) : 0xff);
    tu_ossl_opts bits = {0, NULL, 1};
    int r, dir;
    tu_rand_bytes(key, klen);
    tu_rand_bytes(iv, 16);
    tu_rand_bytes(pt, nb + 1); /* unused low bits of the last byte: noise */
    memset(ref, 0, nb + 1);
    if (tu_ossl_cipher(tu_ossl_aes_name(klen, "CFB1"), 1, key, iv, ref, pt, nbits, &bits) !=
            (long)nbits ||
        rijn_aes_init_enc(&aes, key, klen) != RIJN_OK) {
        TU_CHECK(0, "CFB1 bits %zu: setup", nbits);
        return;
    }
    if (nb > 0)
        ref[nb - 1] &= mask;
    for (dir = 0; dir < 2; dir++) {
        const uint8_t *in = dir ? ref : pt;
        uint8_t want[BUF];
        memcpy(want, dir ? pt : ref, nb);
        if (nb > 0)
            want[nb - 1] &= mask;
        memcpy(inb + a, in, nb);
        memset(outb, 0xA5, BUF);
        r = dir ? rijn_cfb1_decrypt_bits(&aes, iv, outb + b, nb ? inb + a : NULL, nbits)
                : rijn_cfb1_encrypt_bits(&aes, iv, outb + b, nb ? inb + a : NULL, nbits);
        TU_CHECK(r == RIJN_OK, "CFB1 %zu bits dir %d: status %d", nbits, dir, r);
        if (!TU_EQ(outb + b, want, nb, "CFB1 bits (unused low bits must be zero)"))
            fprintf(stderr, "  (%zu bits, dir %d, key %zu)\n", nbits, dir, klen);
        TU_CHECK(guards_ok(outb, b, nb), "CFB1 %zu bits: wrote outside", nbits);
        memcpy(tmpb + a, in, nb);
        r = dir ? rijn_cfb1_decrypt_bits(&aes, iv, tmpb + a, tmpb + a, nbits)
                : rijn_cfb1_encrypt_bits(&aes, iv, tmpb + a, tmpb + a, nbits);
        TU_CHECK(r == RIJN_OK, "CFB1 %zu bits in place: status %d", nbits, r);
        TU_EQ(tmpb + a, want, nb, "CFB1 bits in place");
    }
    rijn_aes_wipe(&aes);
}

/* Partial overlap of out and in must be refused. */
static void check_overlap(tu_mode m, const rijn_aes_ctx *aes)
{
    size_t ol;
    int r, enc;
    for (enc = tu_mode_dec_ok(m) ? 0 : 1; enc < 2; enc++) {
        r = tu_mode_oneshot(m, enc, aes, iv, tmpb + 16, 200, &ol, tmpb, 64);
        TU_CHECK(r == RIJN_ERR_PARAM, "%s %s: overlap out = in + 16 gave %d", tu_modes[m].name,
                 enc ? "encrypt" : "decrypt", r);
        r = tu_mode_oneshot(m, enc, aes, iv, tmpb, 200, &ol, tmpb + 1, 64);
        TU_CHECK(r == RIJN_ERR_PARAM, "%s %s: overlap in = out + 1 gave %d", tu_modes[m].name,
                 enc ? "encrypt" : "decrypt", r);
    }
}

static void run_mode(tu_mode m, size_t klen)
{
    rijn_aes_ctx aes, aes_e;
    tu_mctx se, sd;
    int have = 0, fresh, have_key = 0;
    size_t len, ncase = 0;
    memset(&se, 0, sizeof se);
    memset(&sd, 0, sizeof sd);
    for (len = 0; len <= MAXLEN; len++) {
        long rl;
        int valid = tu_mode_len_ok(m, 1, len);
        if (!len_selected(m, len) || (tu_quick() && (len + klen / 8) % 3 != 0))
            continue; /* quick: each length with one key size */
        /* a new key (and a fresh streaming init) every other valid case;
         * the cases in between reuse it through _reset */
        fresh = valid && (!have || ncase++ % 2 == 0);
        if (fresh || !have_key) {
            tu_rand_bytes(key, klen);
            if (rijn_aes_init(&aes, key, klen) != RIJN_OK ||
                rijn_aes_init_enc(&aes_e, key, klen) != RIJN_OK) {
                TU_CHECK(0, "%s: key setup", tu_modes[m].name);
                return;
            }
            have_key = 1;
        }
        pick_iv(m, len);
        tu_rand_bytes(pt, len);
        if (!valid) {
            check_refused(m, 1, &aes, klen, len);
            if (!tu_mode_len_ok(m, 0, len) && tu_mode_dec_ok(m))
                check_refused(m, 0, &aes, klen, len);
            continue;
        }
        if (tu_modes[m].padding && !tu_mode_len_ok(m, 0, len) && tu_mode_dec_ok(m))
            check_refused(m, 0, &aes, klen, len);
        rl = ref_crypt(m, 1, klen, ref, pt, len);
        if (rl < 0 || (size_t)rl != (tu_modes[m].padding ? RIJN_CBC_PAD_LEN(len) : len)) {
            TU_CHECK(0, "%s len %zu: OpenSSL failed (%ld)", tu_modes[m].name, len, rl);
            continue;
        }
        check_dir(m, 1, &aes, &aes_e, &se, fresh, klen, pt, len, ref, (size_t)rl);
        if (tu_mode_dec_ok(m)) {
            check_dir(m, 0, &aes, &aes_e, &sd, fresh, klen, ref, (size_t)rl, pt, len);
        } else { /* RIJN_CFG_AES_DECRYPT=0 */
            size_t ol;
            int r = tu_mode_oneshot(m, 0, &aes, iv, outb, BUF, &ol, ref, (size_t)rl);
            TU_CHECK(r == RIJN_ERR_UNSUPPORTED, "%s: decrypt compiled out gave %d",
                     tu_modes[m].name, r);
        }
        have = 1;
        if (m == TU_CBC_PAD && tu_mode_dec_ok(m))
            check_padding(&aes, klen, len, (size_t)rl);
        cases[m]++;
    }
    check_overlap(m, &aes);
    if (have) {
        tu_mode_wipe(&se);
        tu_mode_wipe(&sd);
    }
    rijn_aes_wipe(&aes);
    rijn_aes_wipe(&aes_e);
}

static void run_impl(const char *impl, void *arg)
{
    int mi;
    size_t kb, nbits, maxbits = tu_quick() ? 40 : 300;
    (void)arg;
    (void)impl;
    for (mi = 0; mi < TU_NMODES; mi++)
        for (kb = 0; kb < 3; kb++)
            if (tu_key_ok(16 + 8 * kb))
                run_mode((tu_mode)mi, 16 + 8 * kb);
    for (kb = 0; kb < 3; kb++)
        for (nbits = 0; nbits <= maxbits && tu_key_ok(16 + 8 * kb); nbits++)
            check_cfb1_bits(16 + 8 * kb, nbits);
}

int main(void)
{
    int mi, n;
    pt = malloc(BUF);
    ref = malloc(BUF);
    inb = malloc(BUF);
    outb = malloc(BUF);
    tmpb = malloc(BUF);
    if (!pt || !ref || !inb || !outb || !tmpb)
        return 2;
    tu_rand_seed(0x5eed0d1ffULL);
    n = tu_for_each_impl(run_impl, NULL);
    printf("cases per mode (lengths x 3 key sizes x %d implementation(s), each both "
           "directions, one-shot/in-place/streaming):\n", n);
    for (mi = 0; mi < TU_NMODES; mi++)
        printf("  %-10s %lu\n", tu_modes[mi].name, cases[mi]);
    free(pt);
    free(ref);
    free(inb);
    free(outb);
    free(tmpb);
    return tu_finish();
}
