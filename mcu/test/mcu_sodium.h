/*
 * mcu_sodium.h -- the on-target runners of the libsodium-style primitives
 * (records 15-20 of mcu/tools/mkvec_sodium.py): Salsa20/20, /12, /8,
 * HChaCha20 / HSalsa20 with caller constants, XChaCha20 with a 64-bit
 * counter, ChaCha20-Poly1305 with the 8-byte nonce, BLAKE2b / BLAKE2s with
 * key, salt and personalisation, scrypt and Argon2. Included by
 * mcu_test.c after its globals (fp, fl, buf, buf2, check, u).
 *
 * Implementation notes: streams and hashes run one-shot and split in two
 * or three updates; the AEAD seals and opens (a record flagged "must
 * fail" must give RIJN_ERR_AUTH and a zero output). scrypt and Argon2 use
 * one static work area of MCU_WORK bytes (8-byte aligned); a record whose
 * costs need more is a failure, not a skip (the generator sizes them).
 * Parts: MCU_T_SALSA (Salsa20, H-cores), MCU_T_XCHACHA (XChaCha20, the
 * 8-byte-nonce AEAD) and MCU_T_BLAKE2 (all three default to
 * MCU_T_SODIUM), MCU_T_SCRYPT, MCU_T_ARGON2.
 */
#ifndef MCU_SODIUM_H
#define MCU_SODIUM_H

#include "rijn/argon2.h"
#include "rijn/blake2.h"
#include "rijn/chacha20.h"
#include "rijn/chachapoly.h"
#include "rijn/kdf.h"

#if MCU_T_SCRYPT || MCU_T_ARGON2
/* aligned explicitly: avr-gcc aligns uint64_t to 1 byte, and rijn_scrypt
 * wants a work area aligned for uint32_t (RIJN_ERR_PARAM otherwise) */
static uint64_t work[MCU_WORK / 8] __attribute__((aligned(8)));
#endif

#if MCU_T_SALSA || MCU_T_XCHACHA || MCU_T_SCRYPT || MCU_T_ARGON2
static uint64_t le64(const uint8_t *p, size_t n)
{
    uint64_t v = 0;
    while (n-- > 0)
        v = v << 8 | p[n];
    return v;
}
#endif

#if MCU_T_SALSA || MCU_T_XCHACHA
/* The stream of run_stream: Salsa20/rounds or XChaCha20 (64-bit counter). */
static int sx_init(int xchacha, uint64_t ctr)
{
#if MCU_T_XCHACHA
    if (xchacha)
        return rijn_xchacha20_djb_init(&u.ch, fp[F_KEY], fp[F_IV], ctr);
#endif
#if MCU_T_SALSA
    if (!xchacha)
        return rijn_salsa20_init_rounds(&u.ch, fp[F_KEY], fl[F_KEY], fp[F_IV], ctr, rmode);
#endif
    return RIJN_ERR_STATE;
}

static int sx_update(int xchacha, uint8_t *out, const uint8_t *in, size_t len)
{
#if MCU_T_XCHACHA
    if (xchacha)
        return rijn_chacha20_update(&u.ch, out, in, len);
#endif
#if MCU_T_SALSA
    if (!xchacha)
        return rijn_salsa20_update(&u.ch, out, in, len);
#endif
    return RIJN_ERR_STATE;
}

/* Salsa20 (mode = rounds) or XChaCha20: one-shot and split. */
static void run_stream(int xchacha)
{
    size_t l = fl[F_IN], s = l / 3;
    uint64_t ctr = le64(fp[F_AAD], fl[F_AAD]);
    int r, pass;
    if (l > MCU_MAXOUT)
        return;
    for (pass = 0; pass < 2; pass++) {
        r = sx_init(xchacha, ctr);
        if (r == RIJN_OK)
            r = sx_update(xchacha, buf, fp[F_IN], pass ? s : l);
        if (r == RIJN_OK && pass)
            r = sx_update(xchacha, buf + s, fp[F_IN] + s, l - s);
        check(r == RIJN_OK && eq(buf, fp[F_OUT], l), xchacha ? "XChaCha20" : "Salsa20");
    }
    rijn_chacha20_wipe(&u.ch);
}
#endif

#if MCU_T_SALSA
static void run_hcore(void)
{
    const uint8_t *c = fl[F_AAD] == 16 ? fp[F_AAD] : NULL;
    if (rmode == 1)
        rijn_hchacha20_c(buf, fp[F_KEY], fp[F_IV], c);
    else
        rijn_hsalsa20_c(buf, fp[F_KEY], fp[F_IV], c);
    check(eq(buf, fp[F_OUT], 32), rmode == 1 ? "HChaCha20" : "HSalsa20");
}
#endif

#if MCU_T_XCHACHA
/* ChaCha20-Poly1305 with the 8-byte nonce: flags bit0 open, bit1 must fail. */
static void run_chapoly_djb(void)
{
    size_t l = fl[F_IN];
    int r, fail = (rflags & 2) != 0;
    if (l > MCU_MAXOUT)
        return;
    if ((rflags & 1) == 0) {
        r = rijn_chacha20poly1305_djb_seal(buf, buf2, fp[F_KEY], fp[F_IV], fp[F_AAD], fl[F_AAD],
                                           fp[F_IN], l);
        check(r == RIJN_OK && eq(buf, fp[F_OUT], l) && eq(buf2, fp[F_TAG], 16), "seal");
        return;
    }
    memset(buf, 0xA5, l);
    r = rijn_chacha20poly1305_djb_open(buf, fp[F_TAG], fp[F_KEY], fp[F_IV], fp[F_AAD], fl[F_AAD],
                                       fp[F_OUT], l);
    if (fail) {
        size_t i;
        int zero = 1;
        for (i = 0; i < l; i++)
            zero &= buf[i] == 0;
        check(r == RIJN_ERR_AUTH && zero, "open must fail, output wiped");
    } else {
        check(r == RIJN_OK && eq(buf, fp[F_IN], l), "open");
    }
}

#endif /* MCU_T_XCHACHA */

#if MCU_T_BLAKE2
/* BLAKE2b (mode 0) / BLAKE2s (mode 1): one-shot-equivalent and split. */
static void run_blake2(void)
{
    size_t l = fl[F_IN], s = l / 3, n = fl[F_OUT], h = fl[F_IV] / 2;
    const uint8_t *salt = h ? fp[F_IV] : NULL, *pers = h ? fp[F_IV] + h : NULL;
    int r, pass;
    for (pass = 0; pass < 2; pass++) {
        size_t first = pass ? s : l;
        if (rmode == 0) {
            r = rijn_blake2b_init_param(&u.b2b, n, fp[F_KEY], fl[F_KEY], salt, pers);
            if (r == RIJN_OK)
                r = rijn_blake2b_update(&u.b2b, fp[F_IN], first);
            if (r == RIJN_OK && pass)
                r = rijn_blake2b_update(&u.b2b, fp[F_IN] + s, l - s);
            if (r == RIJN_OK)
                r = rijn_blake2b_final(&u.b2b, buf);
        } else {
            r = rijn_blake2s_init_param(&u.b2s, n, fp[F_KEY], fl[F_KEY], salt, pers);
            if (r == RIJN_OK)
                r = rijn_blake2s_update(&u.b2s, fp[F_IN], first);
            if (r == RIJN_OK && pass)
                r = rijn_blake2s_update(&u.b2s, fp[F_IN] + s, l - s);
            if (r == RIJN_OK)
                r = rijn_blake2s_final(&u.b2s, buf);
        }
        check(r == RIJN_OK && eq(buf, fp[F_OUT], n), rmode ? "BLAKE2s" : "BLAKE2b");
    }
}
#endif /* MCU_T_BLAKE2 */

#if MCU_T_SCRYPT
static void run_scrypt(void)
{
    const uint8_t *a = fp[F_AAD];
    uint64_t n = le64(a, 4);
    uint32_t r = (uint32_t)le64(a + 4, 2), p = (uint32_t)le64(a + 6, 2);
    size_t need = rijn_scrypt_work_size(n, r, p);
    int rc = RIJN_ERR_BUFFER;
    if (fl[F_AAD] == 8 && need != 0 && need <= sizeof work && fl[F_OUT] <= MCU_MAXOUT)
        rc = rijn_scrypt(buf, fl[F_OUT], fp[F_KEY], fl[F_KEY], fp[F_IV], fl[F_IV], n, r, p, work,
                         sizeof work);
    check(rc == RIJN_OK && eq(buf, fp[F_OUT], fl[F_OUT]), "scrypt (or its work area is too small)");
}
#endif

#if MCU_T_ARGON2
static void run_argon2(void)
{
    rijn_argon2_params pa;
    const uint8_t *c = fp[F_IN];
    int rc = RIJN_ERR_BUFFER;
    (void)&u; /* an Argon2-only image has no other use for the context union */
    memset(&pa, 0, sizeof pa);
    pa.type = rmode;
    pa.t_cost = (uint32_t)le64(c, 4);
    pa.m_cost_kib = (uint32_t)le64(c + 4, 4);
    pa.lanes = (uint32_t)le64(c + 8, 4);
    pa.secret = fp[F_TAG];
    pa.secret_len = fl[F_TAG];
    pa.ad = fp[F_AAD];
    pa.ad_len = fl[F_AAD];
    if (fl[F_IN] == 12 && rijn_argon2_work_size(pa.m_cost_kib, pa.lanes) <= sizeof work &&
        fl[F_OUT] <= MCU_MAXOUT)
        rc = rijn_argon2(&pa, buf, fl[F_OUT], fp[F_KEY], fl[F_KEY], fp[F_IV], fl[F_IV], work,
                         sizeof work);
    check(rc == RIJN_OK && eq(buf, fp[F_OUT], fl[F_OUT]), "Argon2 (or its work area is too small)");
}
#endif

#endif /* MCU_SODIUM_H */
