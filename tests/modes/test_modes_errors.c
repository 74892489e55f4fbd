/*
 * test_modes_errors.c -- every documented error of rijn/modes.h, for every
 * mode, one-shot and streaming: NULL pointers, keys not set up or set up
 * for encryption only, bad key lengths, lengths the mode refuses, short
 * output buffers (nothing written, nothing consumed), partial overlap of
 * out and in, bad CTS variants, calls after _final; and PKCS#7: every
 * valid pad length 1..16 and the bad paddings (pad byte 0, pad byte > 16,
 * any covered byte wrong), which all give the one code RIJN_ERR_PADDING and
 * a wiped output. Runs on every AES implementation.
 */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "tu_modes.h"

/* Decryption compiled out: RIJN_ERR_UNSUPPORTED comes before the variant. */
#define DEC_PARAM (RIJN_CFG_AES_DECRYPT ? RIJN_ERR_PARAM : RIJN_ERR_UNSUPPORTED)

static int uses_inverse(int m) { return tu_d_is_block(m) && (m % 2) == 1; }

/* A length the mode accepts (one-shot), and one it refuses (0 if none). */
static size_t good_len(int m) { return m == TU_D_PAD_E ? 40 : 48; }
static const size_t bad_ecb[] = {1, 8, 15, 17, 31, 33, 47};

static int untouched(const uint8_t *p, size_t n, uint8_t v)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i] != v)
            return 0;
    return 1;
}

static void oneshot_errors(int m, const rijn_aes_ctx *a, const rijn_aes_ctx *a_enc)
{
    uint8_t iv[16] = {0}, in[160], buf[160], out[160];
    size_t n = good_len(m), ol = 7, i, cap = 64;
    rijn_aes_ctx z;
    int r, needs_iv = m > TU_D_ECB_D;
    const char *nm = tu_d_names[m];
    memset(&z, 0, sizeof z);
    tu_rand_bytes(in, sizeof in);
    if (!RIJN_CFG_AES_DECRYPT && uses_inverse(m)) {
        /* inverse cipher compiled out: NULL checks first, then UNSUPPORTED */
        TU_CHECK(tu_d_oneshot(m, a, iv, out, cap, &ol, in, 48) == RIJN_ERR_UNSUPPORTED &&
                     tu_d_oneshot(m, a_enc, iv, out, cap, &ol, in, 48) == RIJN_ERR_UNSUPPORTED &&
                     tu_d_oneshot(m, NULL, iv, out, cap, &ol, in, 48) == RIJN_ERR_NULL,
                 "%s compiled out", nm);
        return;
    }
    if (m == TU_D_PAD_D) { /* valid ciphertext */
        memcpy(buf, in, 40);
        TU_CHECK(rijn_cbc_pad_encrypt(a, iv, in, sizeof in, &n, buf, 40) == RIJN_OK, "pad");
    }
    /* works */
    TU_CHECK(tu_d_oneshot(m, a, iv, out, cap, &ol, in, n) == RIJN_OK, "%s ok", nm);
    /* NULL */
    TU_CHECK(tu_d_oneshot(m, NULL, iv, out, cap, &ol, in, n) == RIJN_ERR_NULL, "%s NULL aes", nm);
    if (needs_iv)
        TU_CHECK(tu_d_oneshot(m, a, NULL, out, cap, &ol, in, n) == RIJN_ERR_NULL, "%s NULL iv", nm);
    TU_CHECK(tu_d_oneshot(m, a, iv, NULL, cap, &ol, in, n) == RIJN_ERR_NULL, "%s NULL out", nm);
    TU_CHECK(tu_d_oneshot(m, a, iv, out, cap, &ol, NULL, n) == RIJN_ERR_NULL, "%s NULL in", nm);
    if (m == TU_D_PAD_E || m == TU_D_PAD_D)
        TU_CHECK(tu_d_oneshot(m, a, iv, out, cap, NULL, in, n) == RIJN_ERR_NULL,
                 "%s NULL out_len", nm);
    /* empty input with NULL pointers */
    r = tu_d_oneshot(m, a, iv, NULL, 0, &ol, NULL, 0);
    if (tu_d_is_cts(m) || m == TU_D_PAD_D)
        TU_CHECK(r == RIJN_ERR_LENGTH, "%s empty: %d", nm, r);
    else if (m == TU_D_PAD_E)
        TU_CHECK(r == RIJN_ERR_NULL, "%s empty with NULL out: %d", nm, r);
    else
        TU_CHECK(r == RIJN_OK, "%s empty: %d", nm, r);
    /* key not set up; decryption on an encrypt-only key */
    TU_CHECK(tu_d_oneshot(m, &z, iv, out, cap, &ol, in, n) == RIJN_ERR_STATE, "%s unkeyed", nm);
    r = tu_d_oneshot(m, a_enc, iv, out, cap, &ol, in, n);
    if (uses_inverse(m))
        TU_CHECK(r == RIJN_ERR_STATE, "%s on an encrypt-only key: %d", nm, r);
    else
        TU_CHECK(r == RIJN_OK, "%s on an encrypt-only key: %d", nm, r);
    /* lengths */
    if (m <= TU_D_CBC_D || m == TU_D_PAD_D) {
        for (i = 0; i < sizeof bad_ecb / sizeof bad_ecb[0]; i++) {
            memset(out, 0x5A, sizeof out);
            TU_CHECK(tu_d_oneshot(m, a, iv, out, cap, &ol, in, bad_ecb[i]) == RIJN_ERR_LENGTH,
                     "%s len %zu", nm, bad_ecb[i]);
            TU_CHECK(untouched(out, sizeof out, 0x5A), "%s nothing written", nm);
        }
    }
    if (m == TU_D_PAD_D)
        TU_CHECK(tu_d_oneshot(m, a, iv, out, cap, &ol, in, 0) == RIJN_ERR_LENGTH, "%s len 0", nm);
    if (tu_d_is_cts(m)) {
        for (i = 0; i < 16; i++) {
            memset(out, 0x5A, sizeof out);
            TU_CHECK(tu_d_oneshot(m, a, iv, out, cap, &ol, in, i) == RIJN_ERR_LENGTH, "%s len %zu",
                     nm, i);
            TU_CHECK(untouched(out, sizeof out, 0x5A), "%s nothing written", nm);
        }
        TU_CHECK(rijn_cbc_cts_encrypt(a, (rijn_cts_variant)0, iv, out, in, 32) == RIJN_ERR_PARAM &&
                     rijn_cbc_cts_encrypt(a, (rijn_cts_variant)4, iv, out, in, 32) ==
                         RIJN_ERR_PARAM &&
                     rijn_cbc_cts_decrypt(a, (rijn_cts_variant)-1, iv, out, in, 32) == DEC_PARAM &&
                     rijn_cbc_cts_decrypt(a, (rijn_cts_variant)0, iv, out, in, 32) == DEC_PARAM,
                 "bad CTS variant");
    }
    /* short output buffer */
    if (m == TU_D_PAD_E || m == TU_D_PAD_D) {
        size_t need = m == TU_D_PAD_E ? RIJN_CBC_PAD_LEN(n) : n;
        memset(out, 0x5A, sizeof out);
        ol = 99;
        TU_CHECK(tu_d_oneshot(m, a, iv, out, need - 1, &ol, in, n) == RIJN_ERR_BUFFER && ol == 0,
                 "%s short out", nm);
        TU_CHECK(untouched(out, sizeof out, 0x5A), "%s nothing written", nm);
        TU_CHECK(tu_d_oneshot(m, a, iv, out, need, &ol, in, n) == RIJN_OK, "%s exact out", nm);
    }
    /* partial overlap (out == in is fine) */
    memcpy(buf, in, sizeof buf);
    TU_CHECK(tu_d_oneshot(m, a, iv, buf + 1, cap, &ol, buf, n) == RIJN_ERR_PARAM,
             "%s overlap +1", nm);
    TU_CHECK(tu_d_oneshot(m, a, iv, buf, cap, &ol, buf + 15, n) == RIJN_ERR_PARAM,
             "%s overlap -15", nm);
    TU_CHECK(memcmp(buf, in, sizeof buf) == 0, "%s nothing written on overlap", nm);
    if (m == TU_D_PAD_E) /* the padding block overlaps in */
        TU_CHECK(tu_d_oneshot(m, a, iv, buf, cap, &ol, buf + 44, n) == RIJN_ERR_PARAM,
                 "%s overlap of the pad block", nm);
    TU_CHECK(tu_d_oneshot(m, a, iv, buf, cap, &ol, buf + n, n) != RIJN_ERR_PARAM || m == TU_D_PAD_E,
             "%s adjacent is no overlap", nm);
    memcpy(buf, in, sizeof buf);
    TU_CHECK(tu_d_oneshot(m, a, iv, buf, cap, &ol, buf, n) == RIJN_OK, "%s in place", nm);
}

static void stream_errors(int m)
{
    uint8_t key[33], iv[16] = {1}, in[160], out[160], want[160];
    size_t n = tu_d_is_block(m) ? 48 : 37, ol, wl, got;
    rijn_block_ctx b, bz;
    rijn_stream_ctx s, sz;
    rijn_aes_ctx a;
    const char *nm = tu_d_names[m];
    size_t kl;
    int r;
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(in, sizeof in);
    memset(&bz, 0, sizeof bz);
    memset(&sz, 0, sizeof sz);
    if (!RIJN_CFG_AES_DECRYPT && uses_inverse(m)) {
        TU_CHECK(tu_d_init(m, &b, &s, key, 16, iv) == RIJN_ERR_UNSUPPORTED &&
                     tu_d_init(m, &b, &s, key, 15, iv) == RIJN_ERR_KEY_LEN &&
                     rijn_block_update(&b, out, sizeof out, &ol, in, 16) == RIJN_ERR_STATE,
                 "%s init compiled out", nm);
        return;
    }
    /* init: bad key lengths, NULL, bad CTS variant */
    for (kl = 0; kl <= 33; kl++) {
        r = tu_d_init(m, &b, &s, key, kl, iv);
        if (tu_key_ok(kl))
            TU_CHECK(r == RIJN_OK, "%s init key %zu", nm, kl);
        else
            TU_CHECK(r == RIJN_ERR_KEY_LEN, "%s init key %zu: %d", nm, kl, r);
    }
    /* a failed init leaves a context that refuses work */
    TU_CHECK(tu_d_init(m, &b, &s, key, 15, iv) == RIJN_ERR_KEY_LEN, "init");
    if (tu_d_is_block(m))
        TU_CHECK(rijn_block_update(&b, out, sizeof out, &ol, in, 16) == RIJN_ERR_STATE,
                 "%s update after failed init", nm);
    else
        TU_CHECK(rijn_stream_update(&s, out, in, 16) == RIJN_ERR_STATE,
                 "%s update after failed init", nm);
    TU_CHECK(tu_d_init(m, &b, &s, NULL, 16, iv) == RIJN_ERR_NULL, "%s init NULL key", nm);
    if (m > TU_D_ECB_D)
        TU_CHECK(tu_d_init(m, &b, &s, key, 16, NULL) == RIJN_ERR_NULL, "%s init NULL iv", nm);
    TU_CHECK(tu_d_init(m, NULL, NULL, key, 16, iv) == RIJN_ERR_NULL, "%s init NULL ctx", nm);
    if (tu_d_is_cts(m)) {
        TU_CHECK(rijn_cbc_cts_encrypt_init(&b, (rijn_cts_variant)0, key, 16, iv) ==
                         RIJN_ERR_PARAM &&
                     rijn_cbc_cts_decrypt_init(&b, (rijn_cts_variant)4, key, 16, iv) ==
                         RIJN_ERR_PARAM &&
                     rijn_cbc_cts_encrypt_init(&b, (rijn_cts_variant)99, key, 16, iv) ==
                         RIJN_ERR_PARAM, "%s init bad variant", nm);
        /* an empty update before any byte: nothing out, nothing held */
        TU_CHECK(rijn_cbc_cts_encrypt_init(&b, RIJN_CTS_CS3, key, 16, iv) == RIJN_OK &&
                     rijn_block_update(&b, out, sizeof out, &ol, in, 0) == RIJN_OK && ol == 0,
                 "%s empty first update", nm);
        rijn_block_wipe(&b);
    }
    /* reference result */
    TU_CHECK(rijn_aes_init(&a, key, 16) == RIJN_OK, "init");
    if (m == TU_D_PAD_D) {
        uint8_t pt[40];
        memcpy(pt, in, 40);
        TU_CHECK(rijn_cbc_pad_encrypt(&a, iv, in, sizeof in, &n, pt, 40) == RIJN_OK, "pad");
    }
    TU_CHECK(tu_d_oneshot(m, &a, iv, want, sizeof want, &wl, in, n) == RIJN_OK, "%s one-shot", nm);
    if (m != TU_D_PAD_E && m != TU_D_PAD_D)
        wl = n;
    TU_CHECK(tu_d_init(m, &b, &s, key, 16, iv) == RIJN_OK, "%s init", nm);
    if (!tu_d_is_block(m)) {
        TU_CHECK(rijn_stream_update(NULL, out, in, n) == RIJN_ERR_NULL, "%s NULL ctx", nm);
        TU_CHECK(rijn_stream_update(&s, NULL, in, n) == RIJN_ERR_NULL, "%s NULL out", nm);
        TU_CHECK(rijn_stream_update(&s, out, NULL, n) == RIJN_ERR_NULL, "%s NULL in", nm);
        TU_CHECK(rijn_stream_update(&sz, out, in, n) == RIJN_ERR_STATE, "%s zeroed ctx", nm);
        memcpy(out, in, n);
        TU_CHECK(rijn_stream_update(&s, out + 1, out, n) == RIJN_ERR_PARAM, "%s overlap", nm);
        TU_CHECK(memcmp(out, in, n) == 0, "%s overlap wrote", nm);
        TU_CHECK(rijn_stream_update(&s, out, in, 5) == RIJN_OK &&
                     rijn_stream_update(&s, out + 5, in + 5, n - 5) == RIJN_OK &&
                     memcmp(out, want, n) == 0, "%s errors consumed nothing", nm);
        TU_CHECK(rijn_stream_reset(&s, NULL) == RIJN_ERR_NULL, "%s reset NULL iv", nm);
        TU_CHECK(rijn_stream_reset(&sz, iv) == RIJN_ERR_STATE, "%s reset zeroed", nm);
        TU_CHECK(rijn_stream_reset(NULL, iv) == RIJN_ERR_NULL, "%s reset NULL", nm);
        TU_CHECK(rijn_stream_reset(&s, iv) == RIJN_OK && rijn_stream_update(&s, out, in, n) ==
                     RIJN_OK && memcmp(out, want, n) == 0, "%s after reset", nm);
        rijn_stream_wipe(&s);
        TU_CHECK(rijn_stream_update(&s, out, in, n) == RIJN_ERR_STATE, "%s after wipe", nm);
        rijn_aes_wipe(&a);
        return;
    }
    /* block modes: NULL, state, buffer, overlap, then the result is intact */
    TU_CHECK(rijn_block_update(NULL, out, sizeof out, &ol, in, n) == RIJN_ERR_NULL, "NULL ctx");
    TU_CHECK(rijn_block_update(&b, out, sizeof out, NULL, in, n) == RIJN_ERR_NULL, "NULL out_len");
    TU_CHECK(rijn_block_update(&b, NULL, sizeof out, &ol, in, n) == RIJN_ERR_NULL, "NULL out");
    TU_CHECK(rijn_block_update(&b, out, sizeof out, &ol, NULL, n) == RIJN_ERR_NULL, "NULL in");
    TU_CHECK(rijn_block_update(&bz, out, sizeof out, &ol, in, n) == RIJN_ERR_STATE, "zeroed");
    TU_CHECK(rijn_block_final(&bz, out, sizeof out, &ol) == RIJN_ERR_STATE, "final zeroed");
    TU_CHECK(rijn_block_final(NULL, out, sizeof out, &ol) == RIJN_ERR_NULL, "final NULL");
    TU_CHECK(rijn_block_final(&b, out, sizeof out, NULL) == RIJN_ERR_NULL, "final NULL out_len");
    TU_CHECK(rijn_block_reset(&bz, iv) == RIJN_ERR_STATE, "reset zeroed");
    TU_CHECK(rijn_block_reset(NULL, iv) == RIJN_ERR_NULL, "reset NULL");
    if (m > TU_D_ECB_D)
        TU_CHECK(rijn_block_reset(&b, NULL) == RIJN_ERR_NULL, "%s reset NULL iv", nm);
    /* 5 bytes buffered, then an update that would write 32 (CTS: 16) */
    TU_CHECK(rijn_block_update(&b, out, 0, &ol, in, 5) == RIJN_OK && ol == 0, "%s 5 bytes", nm);
    got = 0;
    memset(out, 0x5A, sizeof out);
    r = rijn_block_update(&b, out, m == TU_D_PAD_D ? 15u : tu_d_is_cts(m) ? 15u : 31u, &ol,
                          in + 5, 31);
    TU_CHECK(r == RIJN_ERR_BUFFER && ol == 0 && untouched(out, sizeof out, 0x5A),
             "%s short out: %d", nm, r);
    TU_CHECK(rijn_block_update(&b, out, 0, &ol, NULL, 0) == RIJN_OK && ol == 0, "%s empty", nm);
    memcpy(out, in + 5, 40);
    TU_CHECK(rijn_block_update(&b, out + 3, 48, &ol, out, 31) == RIJN_ERR_PARAM, "%s overlap", nm);
    TU_CHECK(rijn_block_update(&b, out, 48, &ol, out + 1, 31) == RIJN_ERR_PARAM, "%s overlap", nm);
    TU_CHECK(memcmp(out, in + 5, 40) == 0, "%s overlap wrote", nm);
    TU_CHECK(rijn_block_update(&b, out, sizeof out, &ol, in + 5, n - 5) == RIJN_OK, "%s rest", nm);
    got = ol;
    if (m == TU_D_PAD_E) {
        TU_CHECK(rijn_block_final(&b, out + got, 15, &ol) == RIJN_ERR_BUFFER, "%s final short", nm);
        TU_CHECK(rijn_block_final(&b, out + got, 16, &ol) == RIJN_OK, "%s final", nm);
    } else if (tu_d_is_cts(m)) {
        TU_CHECK(rijn_block_final(&b, out + got, n - got - 1, &ol) == RIJN_ERR_BUFFER,
                 "%s final short", nm);
        TU_CHECK(rijn_block_final(&b, out + got, n - got, &ol) == RIJN_OK, "%s final", nm);
    } else {
        TU_CHECK(rijn_block_final(&b, out + got, m == TU_D_PAD_D ? 16 : 0, &ol) == RIJN_OK,
                 "final");
    }
    got += ol;
    TU_CHECK(got == wl && memcmp(out, want, wl) == 0, "%s errors consumed nothing", nm);
    /* after final */
    TU_CHECK(rijn_block_update(&b, out, sizeof out, &ol, in, 16) == RIJN_ERR_STATE,
             "%s update after final", nm);
    TU_CHECK(rijn_block_final(&b, out, sizeof out, &ol) == RIJN_ERR_STATE, "%s final twice", nm);
    /* final LENGTH errors end the message too */
    TU_CHECK(rijn_block_reset(&b, iv) == RIJN_OK, "reset");
    if (m != TU_D_PAD_E) {
        TU_CHECK(rijn_block_update(&b, out, sizeof out, &ol, in, tu_d_is_cts(m) ? 15 : 17) ==
                     RIJN_OK,
                 "%s update", nm);
        TU_CHECK(rijn_block_final(&b, out, sizeof out, &ol) == RIJN_ERR_LENGTH && ol == 0,
                 "%s final bad total", nm);
        TU_CHECK(rijn_block_update(&b, out, sizeof out, &ol, in, 16) == RIJN_ERR_STATE,
                 "%s update after failed final", nm);
        TU_CHECK(rijn_block_reset(&b, iv) == RIJN_OK, "reset");
    }
    if (m == TU_D_PAD_D || tu_d_is_cts(m))
        TU_CHECK(rijn_block_final(&b, out, sizeof out, &ol) == RIJN_ERR_LENGTH, "%s empty", nm);
    rijn_block_wipe(&b);
    TU_CHECK(rijn_block_update(&b, out, sizeof out, &ol, in, 16) == RIJN_ERR_STATE, "wiped");
    rijn_aes_wipe(&a);
}

/* PKCS#7: the last plaintext block is chosen here (CBC without padding
 * builds the ciphertext), then decrypted with padding removal. */
static uint8_t g_key[32]; /* the key of the context given to pkcs7() */
#define G_KL (RIJN_CFG_AES_256 ? 32u : 16u)

static void pkcs7_case(const rijn_aes_ctx *a, const uint8_t last[16], int want_pad)
{
    uint8_t iv[16], pt[48], ct[48], out[48], fin[32];
    size_t ol = 99, ol2, fl;
    rijn_block_ctx b;
    int r;
    tu_rand_bytes(iv, 16);
    tu_rand_bytes(pt, 32);
    memcpy(pt + 32, last, 16);
    TU_CHECK(rijn_cbc_encrypt(a, iv, ct, pt, 48) == RIJN_OK, "cbc");
    memset(out, 0x5A, sizeof out);
    r = rijn_cbc_pad_decrypt(a, iv, out, sizeof out, &ol, ct, 48);
    if (want_pad > 0) {
        TU_CHECK(r == RIJN_OK && ol == 48 - (size_t)want_pad && memcmp(out, pt, ol) == 0,
                 "valid padding %d: %d", want_pad, r);
    } else {
        TU_CHECK(r == RIJN_ERR_PADDING && ol == 0 && untouched(out, sizeof out, 0),
                 "bad padding (last byte %02x): %d, output wiped", last[15], r);
    }
    /* in place */
    memcpy(out, ct, 48);
    r = rijn_cbc_pad_decrypt(a, iv, out, sizeof out, &ol, out, 48);
    TU_CHECK(want_pad > 0 ? r == RIJN_OK : (r == RIJN_ERR_PADDING && untouched(out, 48, 0)),
             "in place padding %d", want_pad);
    /* streaming: the same verdict at final, nothing written by final on error */
    TU_CHECK(rijn_cbc_pad_decrypt_init(&b, g_key, G_KL, iv) == RIJN_OK, "init");
    TU_CHECK(rijn_block_update(&b, out, sizeof out, &ol2, ct, 48) == RIJN_OK && ol2 == 32,
             "update");
    memset(fin, 0x5A, sizeof fin);
    r = rijn_block_final(&b, fin, sizeof fin, &fl);
    if (want_pad > 0)
        TU_CHECK(r == RIJN_OK && fl == 16 - (size_t)want_pad && memcmp(fin, pt + 32, fl) == 0,
                 "streaming valid padding %d", want_pad);
    else
        TU_CHECK(r == RIJN_ERR_PADDING && fl == 0 && untouched(fin, sizeof fin, 0x5A),
                 "streaming bad padding");
    rijn_block_wipe(&b);
}

static void pkcs7(const rijn_aes_ctx *a)
{
    uint8_t last[16];
    int p, i, v;
    for (p = 1; p <= 16; p++) { /* valid, then each covered byte wrong */
        tu_rand_bytes(last, 16);
        memset(last + 16 - p, p, (size_t)p);
        pkcs7_case(a, last, p);
        for (i = 16 - p; i < 15; i++) {
            last[i] ^= (uint8_t)(1u << tu_rand_below(8));
            pkcs7_case(a, last, 0);
            last[i] = (uint8_t)p;
        }
        if (p < 16) { /* the byte before the padding may be anything, even p + 1 */
            last[15 - p] = (uint8_t)(p + 1);
            pkcs7_case(a, last, p);
        }
    }
    tu_rand_bytes(last, 16);
    last[15] = 0;
    pkcs7_case(a, last, 0);
    memset(last, 0, 16);
    pkcs7_case(a, last, 0);
    for (v = 17; v <= 255; v += (v < 40 ? 1 : 23)) {
        memset(last, v, 16);
        pkcs7_case(a, last, 0);
    }
}

/* Random calls with heap buffers of exactly the size given (so ASan sees
 * any overrun): PKCS#7 one-shot with random out_size, and block-mode
 * streaming with random chunks and random out_size per call, in place or
 * not. A call either fits (count <= size) or returns RIJN_ERR_BUFFER and
 * consumes nothing (the retry with the documented bound then succeeds);
 * the result must equal the one-shot call. */
static void hostile(int m, const rijn_aes_ctx *a)
{
    uint8_t iv[16], *in, *buf, want[160], got[200];
    size_t len = tu_rand_below(100), pos = 0, total = 0, chunk, size, n = 0, wl = 0;
    rijn_block_ctx b;
    int r = RIJN_ERR_PARAM, rw, inplace = (int)tu_rand_below(2);
    tu_rand_bytes(iv, 16);
    in = malloc(len > 0 ? len : 1);
    if (in == NULL)
        return;
    tu_rand_bytes(in, len);
    if (m == TU_D_PAD_D && len % 16 == 0 && len > 0) { /* make most paddings valid */
        uint8_t *pt = malloc(len);
        size_t pl = 0;
        if (pt != NULL)
            tu_rand_bytes(pt, len);
        if (pt != NULL && rijn_cbc_pad_encrypt(a, iv, in, len, &pl, pt,
                                               len - 1 - tu_rand_below(16)) != RIJN_OK)
            pl = 0;
        free(pt);
        TU_CHECK(pl == len, "pad");
    }
    rw = tu_d_oneshot(m, a, iv, want, sizeof want, &wl, in, len);
    if (m != TU_D_PAD_E && m != TU_D_PAD_D)
        wl = len;
    if (m == TU_D_PAD_E || m == TU_D_PAD_D) { /* one-shot with a random out_size */
        size_t need = m == TU_D_PAD_E ? RIJN_CBC_PAD_LEN(len) : len;
        size = tu_rand_below(len + 33);
        buf = malloc(size > 0 ? size : 1);
        if (buf != NULL) {
            r = tu_d_oneshot(m, a, iv, buf, size, &n, in, len);
            TU_CHECK(r == rw || (r == RIJN_ERR_BUFFER && size < need),
                     "%s out_size %zu len %zu: %d", tu_d_names[m], size, len, r);
            TU_CHECK(r != RIJN_OK || (n <= size && n == wl && memcmp(buf, want, n) == 0),
                     "%s hostile one-shot", tu_d_names[m]);
            free(buf);
        }
    }
    TU_CHECK(tu_d_init(m, &b, NULL, g_key, G_KL, iv) == RIJN_OK, "init");
    for (;;) {
        int last = pos == len;
        chunk = last ? 0 : tu_rand_below(len - pos + 1);
        size = tu_rand_below(RIJN_MODE_UPDATE_MAX(chunk) + 17);
        if (last)
            size = tu_rand_below(33);
        buf = malloc(inplace && chunk > size ? chunk : size > 0 ? size : 1);
        if (buf == NULL)
            break;
        if (inplace)
            memcpy(buf, in + pos, chunk);
        for (;;) {
            if (last)
                r = rijn_block_final(&b, buf, size, &n);
            else
                r = rijn_block_update(&b, buf, size, &n, inplace ? buf : in + pos, chunk);
            if (r != RIJN_ERR_BUFFER)
                break;
            TU_CHECK(n == 0, "BUFFER writes nothing");
            if (size >= (last ? 32u : RIJN_MODE_UPDATE_MAX(chunk))) {
                TU_CHECK(0, "%s BUFFER within the documented bound", tu_d_names[m]);
                break;
            }
            size = last ? 32u : RIJN_MODE_UPDATE_MAX(chunk); /* retry: fits now */
            free(buf);
            buf = malloc(inplace && chunk > size ? chunk : size > 0 ? size : 1);
            if (buf == NULL)
                return;
            if (inplace)
                memcpy(buf, in + pos, chunk);
        }
        if (r == RIJN_OK && n <= size && total + n <= sizeof got)
            memcpy(got + total, buf, n);
        free(buf);
        if (r != RIJN_OK || last)
            break;
        total += n;
        pos += chunk;
    }
    if (rw == RIJN_OK) {
        TU_CHECK(r == RIJN_OK && total + n == wl && memcmp(got, want, wl) == 0,
                 "%s hostile streaming len %zu inplace %d: %d", tu_d_names[m], len, inplace, r);
    } else {
        TU_CHECK(r == rw, "%s hostile streaming: %d, one-shot %d", tu_d_names[m], r, rw);
    }
    rijn_block_wipe(&b);
    free(in);
}

static void run(const char *impl, void *arg)
{
    uint8_t key[32];
    rijn_aes_ctx a, ae;
    int m;
    (void)impl;
    (void)arg;
    tu_rand_bytes(key, sizeof key);
    memcpy(g_key, key, 32);
    TU_CHECK(rijn_aes_init(&a, key, G_KL) == RIJN_OK, "init");
    TU_CHECK(rijn_aes_init_enc(&ae, key, G_KL) == RIJN_OK, "init_enc");
    for (m = 0; m < TU_D_NMODES; m++) {
        int i, iters = tu_quick() ? 20 : 300;
        oneshot_errors(m, &a, &ae);
        stream_errors(m);
        if (tu_d_is_block(m) && (RIJN_CFG_AES_DECRYPT || !uses_inverse(m)))
            for (i = 0; i < iters; i++)
                hostile(m, &a);
    }
    if (RIJN_CFG_AES_DECRYPT)
        pkcs7(&a);
    rijn_aes_wipe(&a);
    rijn_aes_wipe(&ae);
}

int main(void)
{
    tu_rand_seed(0xE770);
    tu_for_each_impl(run, NULL);
    return tu_finish();
}
