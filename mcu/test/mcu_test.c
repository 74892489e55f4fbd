/*
 * mcu_test.c -- rijn's known-answer tests on a microcontroller target.
 *
 * Implementation notes: the host converts the official vectors into a
 * compact record stream (mcu/tools/mkvec.py, format documented there);
 * this program reads it record by record (semihosting file reads on ARM
 * and RISC-V, a PROGMEM array on AVR; mcu/rt/hal.h), runs each record
 * through the one-shot and the streaming API (split input), and counts
 * passes and failures. AES-based records run once per compiled-in AES
 * implementation (rijn_aes_impl_force), ChaCha20-Poly1305, SHA-256 and
 * the toolbox records (Ascon-AEAD128, Ascon-Hash256/XOF128, X25519,
 * SHA-384/512, SHA3-256/512, Poly1305; MCU_T_TOOLBOX) once; XTS-AES
 * (MCU_T_XTS) per implementation too; the libsodium-style primitives
 * (Salsa20/12, /8, HChaCha20/HSalsa20 with constants, XChaCha20 with a
 * 64-bit counter, ChaCha20-Poly1305 with the 8-byte nonce, BLAKE2b/s with
 * parameters: MCU_T_SODIUM; scrypt: MCU_T_SCRYPT; Argon2: MCU_T_ARGON2)
 * once, by mcu_sodium.h. Contexts are static (one union) so the test's
 * stack stays small.
 * Prints per-section counts and finally "N passed, N failed"; exits with
 * 0 only if nothing failed and something passed.
 */
#include <string.h>

#include "hal.h"
#include "rijn/aes.h"
#include "rijn/blake2.h"
#include "rijn/ccm.h"
#include "rijn/chacha20.h"
#include "rijn/chachapoly.h"
#include "rijn/gcm.h"
#include "rijn/modes.h"
#include "rijn/sha2.h"
#include "rijn/xts.h"
#ifndef MCU_T_TOOLBOX
#define MCU_T_TOOLBOX 1 /* Ascon, X25519, SHA-384/512, SHA-3, Poly1305 */
#endif
/* each toolbox part can be left out on its own (ATmega328P flash) */
#ifndef MCU_T_ASCON
#define MCU_T_ASCON MCU_T_TOOLBOX
#endif
#ifndef MCU_T_X25519
#define MCU_T_X25519 MCU_T_TOOLBOX
#endif
#ifndef MCU_T_SHA512
#define MCU_T_SHA512 MCU_T_TOOLBOX
#endif
#ifndef MCU_T_SHA3
#define MCU_T_SHA3 MCU_T_TOOLBOX
#endif
#ifndef MCU_T_POLY1305
#define MCU_T_POLY1305 MCU_T_TOOLBOX
#endif
#if MCU_T_TOOLBOX
#include "rijn/ascon.h"
#include "rijn/poly1305.h"
#include "rijn/sha3.h"
#include "rijn/x25519.h"
#endif

/* Parts compiled in (an ATmega328P needs several images; mcu/mcu.py). */
#ifndef MCU_T_CIPHER
#define MCU_T_CIPHER 1 /* classic modes, KAT/MMT and Monte Carlo */
#endif
#ifndef MCU_T_AEAD
#define MCU_T_AEAD 1 /* GCM, CCM */
#endif
#ifndef MCU_T_CHAPOLY
#define MCU_T_CHAPOLY 1
#endif
#ifndef MCU_T_SHA256
#define MCU_T_SHA256 1
#endif
#ifndef MCU_T_XTS
#define MCU_T_XTS 1 /* XTS-AES (16-bit size_t: the length limit) */
#endif
#ifndef MCU_T_SODIUM
#define MCU_T_SODIUM 1 /* Salsa20 variants, H-cores, XChaCha20, BLAKE2 (mcu_sodium.h) */
#endif
#ifndef MCU_T_SALSA
#define MCU_T_SALSA MCU_T_SODIUM /* the stream ciphers and H-cores alone */
#endif
#ifndef MCU_T_XCHACHA
#define MCU_T_XCHACHA MCU_T_SODIUM /* XChaCha20, ChaCha20-Poly1305 8-byte nonce */
#endif
#ifndef MCU_T_BLAKE2
#define MCU_T_BLAKE2 MCU_T_SODIUM /* BLAKE2b/s alone (ATmega328P flash) */
#endif
#ifndef MCU_T_SCRYPT
#define MCU_T_SCRYPT 1 /* scrypt with small costs: MCU_WORK bytes of work area */
#endif
#ifndef MCU_T_ARGON2
#define MCU_T_ARGON2 0 /* Argon2 at 8 KiB: an image of its own (RAM) */
#endif
#ifndef MCU_WORK
#define MCU_WORK (MCU_T_ARGON2 ? 8192 : 3072)
#endif
#ifndef MCU_RBUF
#define MCU_RBUF 256
#endif

#ifndef MCU_ARENA
#define MCU_ARENA 4096
#endif
#ifndef MCU_MAXOUT
#define MCU_MAXOUT 1056
#endif

enum { OP_END, OP_CIPHER, OP_MCT, OP_GCM, OP_CCM, OP_CHAPOLY, OP_SHA256, OP_SECTION,
       OP_ASCON, OP_AHASH, OP_X25519, OP_SHA512, OP_SHA3, OP_POLY1305, OP_XTS,
       OP_SALSA, OP_HCORE, OP_XCHACHA, OP_BLAKE2, OP_SCRYPT, OP_ARGON2 };
enum { M_ECB = 1, M_CBC, M_CFB128, M_CFB8, M_CFB1, M_OFB, M_CTR, M_CBCPAD, M_CS1, M_CS2,
       M_CS3, M_CTR32 };
enum { F_KEY, F_IV, F_AAD, F_IN, F_OUT, F_TAG, NF };

static uint8_t arena[MCU_ARENA];
static uint8_t buf[MCU_MAXOUT];
#if MCU_T_AEAD || MCU_T_CHAPOLY || MCU_T_TOOLBOX || MCU_T_XCHACHA
static uint8_t buf2[MCU_MAXOUT];
#endif
static const uint8_t *fp[NF];
static size_t fl[NF];
static uint8_t rop, rmode, rflags;
static uint16_t rparam;

static uint32_t n_pass, n_fail, s_pass, s_fail;
static uint32_t rec_no;
static int pass_no; /* index of the AES implementation being tested */

static union {
    rijn_aes_ctx aes;
#if MCU_T_CIPHER
    rijn_block_ctx blk;
    rijn_stream_ctx st;
#endif
#if MCU_T_AEAD
    rijn_gcm_ctx gcm;
    rijn_ccm_ctx ccm;
#endif
#if MCU_T_CHAPOLY
    rijn_chachapoly_ctx cp;
#endif
#if MCU_T_CHAPOLY && !MCU_T_SODIUM
    rijn_chacha20_ctx ch;
#endif
#if MCU_T_TOOLBOX
    rijn_ascon_aead128_ctx asc;
    rijn_ascon_hash_ctx ah;
    rijn_sha512_ctx s512;
    rijn_sha3_ctx s3;
    rijn_poly1305_ctx po;
#endif
#if MCU_T_SHA256
    rijn_sha256_ctx sha;
#endif
#if MCU_T_XTS
    rijn_xts_ctx xts;
#endif
#if MCU_T_SODIUM
    rijn_chacha20_ctx ch;
    rijn_blake2b_ctx b2b;
    rijn_blake2s_ctx b2s;
#endif
} u;

/* ---- buffered stream reader ------------------------------------------- */
static uint8_t rbuf[MCU_RBUF];
static size_t rpos, rlen;

static int rd(uint8_t *dst, size_t n)
{
    while (n > 0) {
        size_t k;
        if (rpos == rlen) {
            rlen = hal_vec_read(rbuf, sizeof rbuf);
            rpos = 0;
            if (rlen == 0)
                return -1;
        }
        k = rlen - rpos;
        if (k > n)
            k = n;
        memcpy(dst, rbuf + rpos, k);
        rpos += k;
        dst += k;
        n -= k;
    }
    return 0;
}

static int read_record(void)
{
    uint8_t h[5];
    size_t used = 0;
    int i;
    if (rd(h, 1) != 0 || h[0] == OP_END)
        return 0;
    if (rd(h + 1, 4) != 0)
        return -1;
    rop = h[0];
    rmode = h[1];
    rflags = h[2];
    rparam = (uint16_t)(h[3] | (h[4] << 8));
    for (i = 0; i < NF; i++) {
        uint8_t l[2];
        size_t n;
        if (rd(l, 2) != 0)
            return -1;
        n = (size_t)(l[0] | (l[1] << 8));
        if (n > sizeof arena - used || rd(arena + used, n) != 0)
            return -1;
        fp[i] = arena + used;
        fl[i] = n;
        used += n;
    }
    return 1;
}

/* ---- reporting --------------------------------------------------------- */
#ifndef MCU_SECTION
#define MCU_SECTION 64
#endif
static char section[MCU_SECTION];

static void check(int ok, const char *what)
{
    if (ok) {
        n_pass++;
        s_pass++;
        return;
    }
    n_fail++;
    s_fail++;
    if (n_fail <= 12) {
        hal_puts("FAIL ");
        hal_puts(section);
        hal_puts(" record ");
        hal_putu(rec_no);
        hal_puts(": ");
        hal_puts(what);
        hal_puts("\n");
    }
}

static void end_section(void)
{
    if (section[0] != '\0' && s_pass + s_fail > 0) {
        hal_puts("  ");
        hal_puts(section);
        hal_puts(": ");
        hal_putu(s_pass);
        hal_puts(" passed, ");
        hal_putu(s_fail);
        hal_puts(" failed\n");
    }
    s_pass = s_fail = 0;
}

static int eq(const uint8_t *a, const uint8_t *b, size_t n)
{
    return memcmp(a, b, n) == 0;
}

#if MCU_T_CIPHER
/* ---- classic modes ----------------------------------------------------- */
static int oneshot(int dec, uint8_t *out, const uint8_t *in, size_t len, size_t *olen)
{
    const rijn_aes_ctx *a = &u.aes;
    const uint8_t *iv = fp[F_IV];
    *olen = len;
    switch (rmode) {
    case M_ECB: return dec ? rijn_ecb_decrypt(a, out, in, len) : rijn_ecb_encrypt(a, out, in, len);
    case M_CBC:
        return dec ? rijn_cbc_decrypt(a, iv, out, in, len) : rijn_cbc_encrypt(a, iv, out, in, len);
    case M_CFB128:
        return dec ? rijn_cfb128_decrypt(a, iv, out, in, len)
                   : rijn_cfb128_encrypt(a, iv, out, in, len);
    case M_CFB8:
        return dec ? rijn_cfb8_decrypt(a, iv, out, in, len) : rijn_cfb8_encrypt(a, iv, out, in, len);
    case M_CFB1:
        return dec ? rijn_cfb1_decrypt_bits(a, iv, out, in, rparam)
                   : rijn_cfb1_encrypt_bits(a, iv, out, in, rparam);
    case M_OFB: return rijn_ofb_crypt(a, iv, out, in, len);
    case M_CTR: return rijn_ctr_crypt(a, iv, out, in, len);
    case M_CTR32: return rijn_ctr32_crypt(a, iv, out, in, len);
    case M_CBCPAD:
        return dec ? rijn_cbc_pad_decrypt(a, iv, out, MCU_MAXOUT, olen, in, len)
                   : rijn_cbc_pad_encrypt(a, iv, out, MCU_MAXOUT, olen, in, len);
    default:
        return dec ? rijn_cbc_cts_decrypt(a, (rijn_cts_variant)(rmode - M_CS1 + 1), iv, out, in, len)
                   : rijn_cbc_cts_encrypt(a, (rijn_cts_variant)(rmode - M_CS1 + 1), iv, out, in,
                                          len);
    }
}

static int stream_init(int dec)
{
    const uint8_t *k = fp[F_KEY], *iv = fp[F_IV];
    size_t kl = fl[F_KEY];
    switch (rmode) {
    case M_CFB128:
        return dec ? rijn_cfb128_decrypt_init(&u.st, k, kl, iv)
                   : rijn_cfb128_encrypt_init(&u.st, k, kl, iv);
    case M_CFB8:
        return dec ? rijn_cfb8_decrypt_init(&u.st, k, kl, iv)
                   : rijn_cfb8_encrypt_init(&u.st, k, kl, iv);
    case M_CFB1:
        return dec ? rijn_cfb1_decrypt_init(&u.st, k, kl, iv)
                   : rijn_cfb1_encrypt_init(&u.st, k, kl, iv);
    case M_OFB: return rijn_ofb_init(&u.st, k, kl, iv);
    case M_CTR: return rijn_ctr_init(&u.st, k, kl, iv);
    default: return rijn_ctr32_init(&u.st, k, kl, iv);
    }
}

static int block_init(int dec)
{
    const uint8_t *k = fp[F_KEY], *iv = fp[F_IV];
    size_t kl = fl[F_KEY];
    switch (rmode) {
    case M_ECB: return dec ? rijn_ecb_decrypt_init(&u.blk, k, kl) : rijn_ecb_encrypt_init(&u.blk, k, kl);
    case M_CBC:
        return dec ? rijn_cbc_decrypt_init(&u.blk, k, kl, iv) : rijn_cbc_encrypt_init(&u.blk, k, kl, iv);
    case M_CBCPAD:
        return dec ? rijn_cbc_pad_decrypt_init(&u.blk, k, kl, iv)
                   : rijn_cbc_pad_encrypt_init(&u.blk, k, kl, iv);
    default:
        return dec ? rijn_cbc_cts_decrypt_init(&u.blk, (rijn_cts_variant)(rmode - M_CS1 + 1), k, kl, iv)
                   : rijn_cbc_cts_encrypt_init(&u.blk, (rijn_cts_variant)(rmode - M_CS1 + 1), k,
                                               kl, iv);
    }
}

static int is_stream_mode(void)
{
    return rmode == M_CFB128 || rmode == M_CFB8 || rmode == M_CFB1 || rmode == M_OFB ||
           rmode == M_CTR || rmode == M_CTR32;
}

static void run_cipher(void)
{
    int dec = rflags & 1;
    const uint8_t *in = fp[F_IN];
    size_t len = fl[F_IN], olen = 0, s, n1 = 0, n2 = 0, n3 = 0;
    int r;

    if (fl[F_OUT] > MCU_MAXOUT || len > MCU_MAXOUT)
        return;
    r = rijn_aes_init(&u.aes, fp[F_KEY], fl[F_KEY]);
    check(r == RIJN_OK, "key setup");
    if (r != RIJN_OK)
        return;
    r = oneshot(dec, buf, in, len, &olen);
    check(r == RIJN_OK && olen == fl[F_OUT] && eq(buf, fp[F_OUT], olen), "one-shot");
    rijn_aes_wipe(&u.aes);

    /* streaming, input split in two (CFB1 streams whole bytes only) */
    if (rmode == M_CFB1 && (rparam % 8u) != 0)
        return;
    s = len / 3;
    if (is_stream_mode()) {
        r = stream_init(dec);
        if (r == RIJN_OK)
            r = rijn_stream_update(&u.st, buf, in, s);
        if (r == RIJN_OK)
            r = rijn_stream_update(&u.st, buf + s, in + s, len - s);
        rijn_stream_wipe(&u.st);
        check(r == RIJN_OK && eq(buf, fp[F_OUT], len), "streaming");
        return;
    }
    r = block_init(dec);
    if (r == RIJN_OK)
        r = rijn_block_update(&u.blk, buf, MCU_MAXOUT, &n1, in, s);
    if (r == RIJN_OK)
        r = rijn_block_update(&u.blk, buf + n1, MCU_MAXOUT - n1, &n2, in + s, len - s);
    if (r == RIJN_OK)
        r = rijn_block_final(&u.blk, buf + n1 + n2, MCU_MAXOUT - n1 - n2, &n3);
    rijn_block_wipe(&u.blk);
    check(r == RIJN_OK && n1 + n2 + n3 == fl[F_OUT] && eq(buf, fp[F_OUT], fl[F_OUT]),
          "streaming");
}

/* AESAVS Monte Carlo inner loop (1000 iterations) for CBC, OFB, CFB128
 * (16-byte chaining) and CFB8 (1-byte chaining), streaming contexts. */
static void run_mct(void)
{
    int dec = rflags & 1, r = RIJN_OK;
    uint8_t x[16], y[16], prev[16], ring[16];
    size_t j, w = rmode == M_CFB8 ? 1u : 16u, n = 0;

    if (rmode == M_CBC)
        r = dec ? rijn_cbc_decrypt_init(&u.blk, fp[F_KEY], fl[F_KEY], fp[F_IV])
                : rijn_cbc_encrypt_init(&u.blk, fp[F_KEY], fl[F_KEY], fp[F_IV]);
    else
        r = stream_init(dec);
    memcpy(x, fp[F_IN], w);
    for (j = 0; j < 1000 && r == RIJN_OK; j++) {
        if (rmode == M_CBC)
            r = rijn_block_update(&u.blk, y, 16, &n, x, 16);
        else
            r = rijn_stream_update(&u.st, y, x, w);
        /* next input: IV bytes first, then outputs 1 (16-byte) or 16 (CFB8) back */
        if (w == 16) {
            if (j == 0)
                memcpy(x, fp[F_IV], 16);
            else
                memcpy(x, prev, 16);
            memcpy(prev, y, 16);
        } else {
            x[0] = j < 16 ? fp[F_IV][j] : ring[j % 16];
            ring[j % 16] = y[0];
        }
    }
    if (rmode == M_CBC)
        rijn_block_wipe(&u.blk);
    else
        rijn_stream_wipe(&u.st);
    check(r == RIJN_OK && eq(y, fp[F_OUT], w), "monte carlo");
}

#endif /* MCU_T_CIPHER */

/* ---- AEADs and SHA-256 ------------------------------------------------- */
#if MCU_T_AEAD || MCU_T_CHAPOLY
static int aead_init(const uint8_t *k, size_t kl)
{
#if MCU_T_AEAD
    if (rop == OP_GCM) {
        int r = rijn_gcm_init(&u.gcm, k, kl);
#if !defined(__AVR__) /* (RAM for the strings) */
        static int shown; /* the GHASH class, once (scripts/test-riscv.sh reads it) */
        if (r == RIJN_OK && !shown) {
            shown = 1;
            hal_puts("GHASH implementation ");
            hal_puts(rijn_gcm_ctx_ghash_name(&u.gcm));
            hal_puts("\n");
        }
#endif
        return r;
    }
    if (rop == OP_CCM)
        return rijn_ccm_init(&u.ccm, k, kl);
#endif
#if MCU_T_CHAPOLY
    if (rop == OP_CHAPOLY) /* mode 1: XChaCha20-Poly1305 */
        return rmode == 1 ? rijn_xchacha20poly1305_init(&u.cp, k, kl)
                          : rijn_chacha20poly1305_init(&u.cp, k, kl);
#endif
    return RIJN_ERR_PARAM;
}

static int aead_seal(uint8_t *out, uint8_t *tag)
{
    size_t tl = rparam;
#if MCU_T_AEAD
    if (rop == OP_GCM)
        return rijn_gcm_seal(&u.gcm, out, tag, tl, fp[F_IV], fl[F_IV], fp[F_AAD], fl[F_AAD],
                             fp[F_IN], fl[F_IN]);
    if (rop == OP_CCM)
        return rijn_ccm_seal(&u.ccm, out, tag, tl, fp[F_IV], fl[F_IV], fp[F_AAD], fl[F_AAD],
                             fp[F_IN], fl[F_IN]);
#endif
#if MCU_T_CHAPOLY
    return rijn_chacha20poly1305_seal(&u.cp, out, tag, tl, fp[F_IV], fl[F_IV], fp[F_AAD],
                                      fl[F_AAD], fp[F_IN], fl[F_IN]);
#else
    return RIJN_ERR_PARAM;
#endif
}

static int aead_open(uint8_t *out)
{
    size_t tl = rparam;
#if MCU_T_AEAD
    if (rop == OP_GCM)
        return rijn_gcm_open(&u.gcm, out, fp[F_TAG], tl, fp[F_IV], fl[F_IV], fp[F_AAD],
                             fl[F_AAD], fp[F_OUT], fl[F_OUT]);
    if (rop == OP_CCM)
        return rijn_ccm_open(&u.ccm, out, fp[F_TAG], tl, fp[F_IV], fl[F_IV], fp[F_AAD],
                             fl[F_AAD], fp[F_OUT], fl[F_OUT]);
#endif
#if MCU_T_CHAPOLY
    return rijn_chacha20poly1305_open(&u.cp, out, fp[F_TAG], tl, fp[F_IV], fl[F_IV], fp[F_AAD],
                                      fl[F_AAD], fp[F_OUT], fl[F_OUT]);
#else
    return RIJN_ERR_PARAM;
#endif
}

static void run_aead(void)
{
    int dec = rflags & 1, fail = (rflags & 2) != 0, r;
    size_t tl = rparam, pl = fl[F_IN], cl = fl[F_OUT];
    uint8_t tag[16];

    if (cl > MCU_MAXOUT || pl > MCU_MAXOUT)
        return;
    r = aead_init(fp[F_KEY], fl[F_KEY]);
    check(r == RIJN_OK, "key setup");
    if (r != RIJN_OK)
        return;
    if (!dec) {
        r = aead_seal(buf, tag);
        check(r == RIJN_OK && eq(buf, fp[F_OUT], cl) && eq(tag, fp[F_TAG], tl), "seal");
    }
    r = aead_open(buf2);
    if (fail)
        check(r == RIJN_ERR_AUTH, "open must fail");
    else
        check(r == RIJN_OK && eq(buf2, fp[F_IN], pl), "open");
#if MCU_T_AEAD
    /* GCM streaming encryption, split in two */
    if (rop == OP_GCM && !fail) {
        size_t s = pl / 3;
        r = rijn_gcm_start(&u.gcm, fp[F_IV], fl[F_IV]);
        if (r == RIJN_OK)
            r = rijn_gcm_aad(&u.gcm, fp[F_AAD], fl[F_AAD]);
        if (r == RIJN_OK)
            r = rijn_gcm_encrypt_update(&u.gcm, buf, fp[F_IN], s);
        if (r == RIJN_OK)
            r = rijn_gcm_encrypt_update(&u.gcm, buf + s, fp[F_IN] + s, pl - s);
        if (r == RIJN_OK)
            r = rijn_gcm_encrypt_final(&u.gcm, tag, tl);
        check(r == RIJN_OK && eq(buf, fp[F_OUT], cl) && eq(tag, fp[F_TAG], tl), "streaming");
    }
    if (rop == OP_GCM)
        rijn_gcm_wipe(&u.gcm);
    if (rop == OP_CCM)
        rijn_ccm_wipe(&u.ccm);
#endif
#if MCU_T_CHAPOLY
    if (rop == OP_CHAPOLY)
        rijn_chacha20poly1305_wipe(&u.cp);
#endif
}
#endif /* MCU_T_AEAD || MCU_T_CHAPOLY */

#if MCU_T_CHAPOLY
/* OP_CHAPOLY mode 2: ChaCha20 alone, original (8-byte nonce, 64-bit
 * counter), mode 3: RFC 8439 (12-byte nonce, 32-bit counter); the first
 * counter little-endian in F_AAD. */
static int chacha_init(void)
{
    const uint8_t *c = fp[F_AAD];
    uint32_t lo = (uint32_t)c[0] | (uint32_t)c[1] << 8 | (uint32_t)c[2] << 16 |
                  (uint32_t)c[3] << 24;
    if (rmode == 3)
        return rijn_chacha20_init(&u.ch, fp[F_KEY], fp[F_IV], lo);
    return rijn_chacha20_djb_init(&u.ch, fp[F_KEY], fp[F_IV],
                                  lo | (uint64_t)((uint32_t)c[4] | (uint32_t)c[5] << 8 |
                                                  (uint32_t)c[6] << 16 | (uint32_t)c[7] << 24)
                                           << 32);
}

static void run_chacha20(void)
{
    size_t l = fl[F_IN], s = l / 3;
    int r;
    if (l > MCU_MAXOUT)
        return;
    r = chacha_init();
    if (r == RIJN_OK)
        r = rijn_chacha20_update(&u.ch, buf, fp[F_IN], l);
    check(r == RIJN_OK && eq(buf, fp[F_OUT], l), "ChaCha20");
    r = chacha_init();
    if (r == RIJN_OK)
        r = rijn_chacha20_update(&u.ch, buf, fp[F_IN], s);
    if (r == RIJN_OK)
        r = rijn_chacha20_update(&u.ch, buf + s, fp[F_IN] + s, l - s);
    check(r == RIJN_OK && eq(buf, fp[F_OUT], l), "ChaCha20 split");
    rijn_chacha20_wipe(&u.ch);
}
#endif

#if MCU_T_XTS
/* XTS-AES: one data unit, out of place and in place; param 1: the tweak
 * as a data unit number (the first 8 bytes of F_IV, little-endian). */
static int xts_call(int dec, uint8_t *out, const uint8_t *in, size_t len)
{
    uint64_t seq = 0;
    unsigned i;
    if (rparam == 0)
        return dec ? rijn_xts_decrypt(&u.xts, fp[F_IV], out, in, len)
                   : rijn_xts_encrypt(&u.xts, fp[F_IV], out, in, len);
    for (i = 8; i-- > 0;)
        seq = seq << 8 | fp[F_IV][i];
    return dec ? rijn_xts_decrypt_sector(&u.xts, seq, out, in, len)
               : rijn_xts_encrypt_sector(&u.xts, seq, out, in, len);
}

static void run_xts(void)
{
    int dec = rflags & 1, r;
    size_t len = fl[F_IN];
    if (len > MCU_MAXOUT || (dec && !RIJN_CFG_AES_DECRYPT))
        return;
    /* the limit was 0 with a 16-bit size_t once: every call failed */
    check(rijn_xts_max_len() >= len && rijn_xts_min_len() == 16, "XTS length limits");
    r = rijn_xts_init(&u.xts, fp[F_KEY], fl[F_KEY]);
    check(r == RIJN_OK, "XTS key setup");
    if (r != RIJN_OK)
        return;
    r = xts_call(dec, buf, fp[F_IN], len);
    check(r == RIJN_OK && fl[F_OUT] == len && eq(buf, fp[F_OUT], len), "XTS");
    memcpy(buf, fp[F_IN], len);
    r = xts_call(dec, buf, buf, len);
    check(r == RIJN_OK && eq(buf, fp[F_OUT], len), "XTS in place");
    rijn_xts_wipe(&u.xts);
}
#endif

#if MCU_T_SHA256
static void run_sha256(void)
{
    size_t l = fl[F_IN], s = l / 3;
    int r = rijn_sha256(buf, fp[F_IN], l);
    check(r == RIJN_OK && eq(buf, fp[F_OUT], 32), "one-shot");
    r = rijn_sha256_init(&u.sha);
    if (r == RIJN_OK)
        r = rijn_sha256_update(&u.sha, fp[F_IN], s);
    if (r == RIJN_OK)
        r = rijn_sha256_update(&u.sha, fp[F_IN] + s, l - s);
    if (r == RIJN_OK)
        r = rijn_sha256_final(&u.sha, buf);
    check(r == RIJN_OK && eq(buf, fp[F_OUT], 32), "streaming");
}
#endif

#if MCU_T_ASCON
/* Ascon-AEAD128: seal, open, a forged tag, and the streaming API with
 * the AAD and the text split. */
static void run_ascon(void)
{
    size_t l = fl[F_IN], a = fl[F_AAD];
    int r = rijn_ascon_aead128_init(&u.asc, fp[F_KEY], fl[F_KEY]);
    if (r == RIJN_OK)
        r = rijn_ascon_aead128_seal(&u.asc, buf, buf2, 16, fp[F_IV], fl[F_IV], fp[F_AAD], a,
                                    fp[F_IN], l);
    check(r == RIJN_OK && eq(buf, fp[F_OUT], l) && eq(buf2, fp[F_TAG], 16), "seal");
    if (r == RIJN_OK)
        r = rijn_ascon_aead128_open(&u.asc, buf, fp[F_TAG], 16, fp[F_IV], fl[F_IV], fp[F_AAD],
                                    a, fp[F_OUT], l);
    check(r == RIJN_OK && eq(buf, fp[F_IN], l), "open");
    memcpy(buf2, fp[F_TAG], 16);
    buf2[15] ^= 0x40;
    r = rijn_ascon_aead128_open(&u.asc, buf, buf2, 16, fp[F_IV], fl[F_IV], fp[F_AAD], a,
                                fp[F_OUT], l);
    check(r == RIJN_ERR_AUTH, "forged tag rejected");
    r = rijn_ascon_aead128_start(&u.asc, fp[F_IV], fl[F_IV]);
    if (r == RIJN_OK)
        r = rijn_ascon_aead128_aad(&u.asc, fp[F_AAD], a / 2);
    if (r == RIJN_OK)
        r = rijn_ascon_aead128_aad(&u.asc, fp[F_AAD] + a / 2, a - a / 2);
    if (r == RIJN_OK)
        r = rijn_ascon_aead128_encrypt_update(&u.asc, buf, fp[F_IN], l / 3);
    if (r == RIJN_OK)
        r = rijn_ascon_aead128_encrypt_update(&u.asc, buf + l / 3, fp[F_IN] + l / 3,
                                              l - l / 3);
    if (r == RIJN_OK)
        r = rijn_ascon_aead128_encrypt_final(&u.asc, buf2, 16);
    check(r == RIJN_OK && eq(buf, fp[F_OUT], l) && eq(buf2, fp[F_TAG], 16), "streaming");
    rijn_ascon_aead128_wipe(&u.asc);
}

/* Ascon-Hash256 (mode 1) and XOF128 (mode 2, as many bytes as the KAT),
 * the message in two updates. */
static void run_ahash(void)
{
    size_t l = fl[F_IN], s = l / 2, n = fl[F_OUT];
    int r = rmode == 1 ? rijn_ascon_hash256_init(&u.ah) : rijn_ascon_xof128_init(&u.ah);
    if (r == RIJN_OK)
        r = rijn_ascon_hash_update(&u.ah, fp[F_IN], s);
    if (r == RIJN_OK)
        r = rijn_ascon_hash_update(&u.ah, fp[F_IN] + s, l - s);
    if (r == RIJN_OK)
        r = rmode == 1 ? rijn_ascon_hash256_final(&u.ah, buf)
                       : rijn_ascon_xof_squeeze(&u.ah, buf, n);
    check(r == RIJN_OK && eq(buf, fp[F_OUT], n), rmode == 1 ? "Hash256" : "XOF128");
    rijn_ascon_hash_wipe(&u.ah);
}
#endif

#if MCU_T_X25519
static void run_x25519(void)
{
    int r = rijn_x25519(buf, fp[F_KEY], fp[F_IN]);
    check(r == RIJN_OK && eq(buf, fp[F_OUT], 32), "X25519");
}
#endif

#if MCU_T_SHA512
/* SHA-512 (mode 0) or SHA-384 (mode 1): one-shot and streaming. */
static void run_sha512(void)
{
    size_t l = fl[F_IN], s = l / 3, n = rmode ? 48 : 64;
    int r = rmode ? rijn_sha384(buf, fp[F_IN], l) : rijn_sha512(buf, fp[F_IN], l);
    check(r == RIJN_OK && eq(buf, fp[F_OUT], n), "one-shot");
    r = rmode ? rijn_sha384_init(&u.s512) : rijn_sha512_init(&u.s512);
    if (r == RIJN_OK)
        r = rijn_sha512_update(&u.s512, fp[F_IN], s);
    if (r == RIJN_OK)
        r = rijn_sha512_update(&u.s512, fp[F_IN] + s, l - s);
    if (r == RIJN_OK)
        r = rijn_sha512_final(&u.s512, buf);
    check(r == RIJN_OK && eq(buf, fp[F_OUT], n), "streaming");
}
#endif

#if MCU_T_SHA3
/* SHA3-256 (mode 0) or SHA3-512 (mode 1), the message in two updates. */
static void run_sha3(void)
{
    size_t l = fl[F_IN], s = l / 2;
    int r = rmode ? rijn_sha3_512_init(&u.s3) : rijn_sha3_256_init(&u.s3);
    if (r == RIJN_OK)
        r = rijn_sha3_update(&u.s3, fp[F_IN], s);
    if (r == RIJN_OK)
        r = rijn_sha3_update(&u.s3, fp[F_IN] + s, l - s);
    if (r == RIJN_OK)
        r = rijn_sha3_final(&u.s3, buf);
    check(r == RIJN_OK && eq(buf, fp[F_OUT], rmode ? 64 : 32), "SHA-3");
}
#endif

#if MCU_T_POLY1305
static void run_poly1305(void)
{
    size_t l = fl[F_IN], s = l / 3;
    int r = rijn_poly1305(buf, fp[F_KEY], fp[F_IN], l);
    check(r == RIJN_OK && eq(buf, fp[F_OUT], 16), "one-shot");
    r = rijn_poly1305_init(&u.po, fp[F_KEY]);
    if (r == RIJN_OK)
        r = rijn_poly1305_update(&u.po, fp[F_IN], s);
    if (r == RIJN_OK)
        r = rijn_poly1305_update(&u.po, fp[F_IN] + s, l - s);
    if (r == RIJN_OK)
        r = rijn_poly1305_final(&u.po, buf);
    check(r == RIJN_OK && eq(buf, fp[F_OUT], 16), "streaming");
}
#endif

#if MCU_T_SODIUM || MCU_T_SCRYPT || MCU_T_ARGON2
#include "mcu_sodium.h"
#endif

static int run_pass(void)
{
    int r;
    uint8_t magic[4];
    rpos = rlen = 0;
    rec_no = 0;
    section[0] = '\0';
    if (hal_vec_open() != 0 || rd(magic, 4) != 0 || memcmp(magic, "RJV1", 4) != 0) {
        hal_puts("cannot read the vector stream (mcu_vectors.bin)\n");
        return -1;
    }
    while ((r = read_record()) > 0) {
        rec_no++;
        switch (rop) {
        case OP_SECTION:
            end_section();
            if (fl[F_IN] >= sizeof section)
                fl[F_IN] = sizeof section - 1;
            memcpy(section, fp[F_IN], fl[F_IN]);
            section[fl[F_IN]] = '\0';
            rec_no = 0;
            break;
#if MCU_T_CIPHER
        case OP_CIPHER: run_cipher(); break;
        case OP_MCT: run_mct(); break;
#endif
#if MCU_T_XTS
        case OP_XTS: run_xts(); break;
#endif
#if MCU_T_AEAD
        case OP_GCM:
        case OP_CCM: run_aead(); break;
#endif
#if MCU_T_CHAPOLY
        case OP_CHAPOLY:
            if (pass_no == 0 && rmode >= 2)
                run_chacha20();
            else if (pass_no == 0)
                run_aead();
            break;
#endif
#if MCU_T_SHA256
        case OP_SHA256:
            if (pass_no == 0)
                run_sha256();
            break;
#endif
#if MCU_T_ASCON
        case OP_ASCON:
            if (pass_no == 0)
                run_ascon();
            break;
        case OP_AHASH:
            if (pass_no == 0)
                run_ahash();
            break;
#endif
#if MCU_T_X25519
        case OP_X25519:
            if (pass_no == 0)
                run_x25519();
            break;
#endif
#if MCU_T_SHA512
        case OP_SHA512:
            if (pass_no == 0)
                run_sha512();
            break;
#endif
#if MCU_T_SHA3
        case OP_SHA3:
            if (pass_no == 0)
                run_sha3();
            break;
#endif
#if MCU_T_POLY1305
        case OP_POLY1305:
            if (pass_no == 0)
                run_poly1305();
            break;
#endif
#if MCU_T_XCHACHA
        case OP_XCHACHA:
            if (pass_no == 0 && rmode == 1)
                run_chapoly_djb();
            else if (pass_no == 0)
                run_stream(1);
            break;
#endif
#if MCU_T_SALSA
        case OP_SALSA:
            if (pass_no == 0)
                run_stream(0);
            break;
        case OP_HCORE:
            if (pass_no == 0)
                run_hcore();
            break;
#endif
#if MCU_T_BLAKE2
        case OP_BLAKE2:
            if (pass_no == 0)
                run_blake2();
            break;
#endif
#if MCU_T_SCRYPT
        case OP_SCRYPT:
            if (pass_no == 0)
                run_scrypt();
            break;
#endif
#if MCU_T_ARGON2
        case OP_ARGON2:
            if (pass_no == 0)
                run_argon2();
            break;
#endif
        default:
            hal_puts("bad record\n");
            return -1;
        }
    }
    end_section();
    return r;
}

/* AVR: rijn_strerror_P (texts in flash) against rijn_strerror, whose
 * texts take ~420 bytes of RAM: only in an image with RAM to spare (on the
 * ATmega328P the XTS one). */
#ifndef MCU_T_STATUS
#define MCU_T_STATUS MCU_T_XTS
#endif
#if defined(__AVR__) && MCU_T_POLY1305
#include "internal.h"
/* internal.h's products and carries on AVR (src/core/mul64_avr_i.h, in
 * assembly) against avr-gcc's C (libgcc's): 2,000 xorshift inputs,
 * each operand all ones, zero, one byte or random, acc too. */
static uint32_t mul_x = 0x9e3779b9u;
static uint32_t mul_pick(void)
{
    uint32_t r;
    mul_x ^= mul_x << 13;
    mul_x ^= mul_x >> 17;
    mul_x ^= mul_x << 5;
    r = mul_x;
    switch (r & 7u) {
    case 0: return 0xffffffffu;
    case 1: return 0;
    case 2: return r >> 24;
    default: return r;
    }
}
static void run_mul64(void)
{
    unsigned i;
    memcpy(section, "rijn_mul64 (avr asm)", 21);
    for (i = 0; i < 2000; i++) {
        volatile uint64_t acc = ((uint64_t)mul_pick() << 32) | mul_pick();
        uint32_t a = mul_pick(), b = mul_pick();
        check(rijn_mac64(acc, a, b) == acc + (uint64_t)a * b, "rijn_mac64");
        check(rijn_mul64(a, b) == (uint64_t)a * b, "rijn_mul64");
        check(rijn_shr64_26(acc) == (uint32_t)(acc >> 26), "rijn_shr64_26");
        check(rijn_add64_32(acc, a) == acc + a, "rijn_add64_32");
    }
    end_section();
}
#endif

#if defined(__AVR__) && MCU_T_STATUS
#include <avr/pgmspace.h>
/* rijn_strerror_P's texts (flash) equal rijn_strerror's, unknown codes
 * included. */
static void run_status_texts(void)
{
    int st;
    memcpy(section, "status texts in flash", 22);
    for (st = 2; st >= -14; st--)
        check(strcmp_P(rijn_strerror(st), rijn_strerror_P(st)) == 0, "rijn_strerror_P");
    end_section();
}
#endif

int main(void)
{
#if MCU_T_CIPHER || MCU_T_AEAD || MCU_T_XTS
    size_t i;
    for (i = 0; i < rijn_aes_impl_count(); i++) {
        const char *name = rijn_aes_impl_name(rijn_aes_impl_at(i));
        pass_no = (int)i;
        hal_puts("AES implementation ");
        hal_puts(name);
        hal_puts(":\n");
        if (rijn_aes_impl_force(name) != RIJN_OK) {
            hal_puts("cannot force this implementation\n");
            n_fail++;
        } else if (run_pass() != 0) {
            hal_puts("vector stream error (truncated or oversized record)\n");
            n_fail++;
        }
    }
#else
    if (run_pass() != 0) { /* no AES in this image */
        hal_puts("vector stream error (truncated or oversized record)\n");
        n_fail++;
    }
#endif
#if defined(__AVR__) && MCU_T_STATUS
    run_status_texts();
#endif
#if defined(__AVR__) && MCU_T_POLY1305
    run_mul64();
#endif
    hal_putu(n_pass);
    hal_puts(" passed, ");
    hal_putu(n_fail);
    hal_puts(" failed\n");
    hal_exit(n_fail == 0 && n_pass > 0 ? 0 : 1);
}
