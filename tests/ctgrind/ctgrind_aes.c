/*
 * ctgrind_aes.c -- constant-time check of AES and the classic modes under
 * Valgrind memcheck (the "ctgrind" idea of A. Langley, as used by
 * libsecp256k1 and Monocypher).
 *
 * Implementation notes
 *   Keys, IVs and data are marked undefined (VALGRIND_MAKE_MEM_UNDEFINED)
 *   before every call; memcheck then reports any conditional jump, and any
 *   memory address, computed from them: a secret-dependent branch or table
 *   index. Nothing here compares results (the vector and differential tests
 *   do); the program only has to run every path. Values the API gives back
 *   on purpose and that depend on secrets (the PKCS#7 output length) are
 *   marked defined (VALGRIND_MAKE_MEM_DEFINED) before the program looks at
 *   them. Outside Valgrind the client requests do nothing.
 *
 *   ctgrind_aes ct      every implementation flagged RIJN_AES_IMPL_CONSTTIME:
 *                       key setup (both directions), 1..33-block calls, and
 *                       every mode of rijn/modes.h one-shot, in place and
 *                       streaming, 128/192/256, both directions (PKCS#7
 *                       decryption excepted: see ct-pkcs7).
 *                       Expected: no memcheck error, with no suppression.
 *   ctgrind_aes ct-pkcs7
 *                       CBC-PKCS#7 decryption of good and bad padding,
 *                       one-shot and streaming, on the same
 *                       implementations, and rijn_i_pkcs7_check alone.
 *                       Expected: no error outside the suppressions.
 *   ctgrind_aes leaky-table
 *                       a table lookup and a branch on secret bytes written
 *                       here on purpose. Expected: errors (proves the check
 *                       can fail).
 *   ctgrind_aes leaky-small
 *                       the "small" implementation (S-box lookups).
 *                       Expected: errors; exit 77 if it is not compiled in.
 *
 *   The CTR/CTR32 counter block (the IV) is public by design (it travels
 *   in the clear) and stays defined: the AES-NI fused CTR path picks its
 *   fast path from the low counter byte. Every other IV is secret.
 *   The only reports allowed (in ct-pkcs7 only) are the decisions on the
 *   PKCS#7 verdict that the caller learns anyway through the status and
 *   the output length: tests/ctgrind/ctgrind.supp lists them, each for
 *   one named function. Run by tests/ctgrind/test_ctgrind.sh.
 */
#include <stdio.h>
#include <string.h>

#include "tu_ctgrind.h"
#include "tu_modes.h"

/* internal: the PKCS#7 check shared by the one-shot and streaming calls */
uint32_t rijn_i_pkcs7_check(const uint8_t blk[16]);

#define MAXLEN 160

static uint8_t key[32], iv[16], in[MAXLEN + 32], out[MAXLEN + 64], ct[MAXLEN + 64];
static unsigned long calls, failures;

static void fill(uint8_t *p, size_t n, unsigned seed)
{
    size_t i;
    for (i = 0; i < n; i++)
        p[i] = (uint8_t)(seed * 131u + i * 29u + (i >> 3));
}

static void secrets(unsigned seed, int iv_public)
{
    fill(key, sizeof key, seed);
    fill(iv, sizeof iv, seed + 1);
    fill(in, sizeof in, seed + 2);
    TU_SECRET(key, sizeof key);
    if (!iv_public)
        TU_SECRET(iv, sizeof iv);
    TU_SECRET(in, sizeof in);
}

static void expect(int r, int want, const char *what, size_t len)
{
    calls++;
    if (r != want) {
        failures++;
        fprintf(stderr, "ctgrind: %s (len %zu) returned %d, want %d\n", what, len, r, want);
    }
}

static void run_blocks(size_t klen)
{
    static const size_t nblocks[] = {1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33};
    rijn_aes_ctx aes;
    size_t i;
    secrets((unsigned)klen, 0);
    expect(rijn_aes_init(&aes, key, klen), RIJN_OK, "aes_init", klen);
    for (i = 0; i < sizeof nblocks / sizeof nblocks[0]; i++) {
        size_t n = nblocks[i];
        if (16 * n > MAXLEN)
            n = MAXLEN / 16;
        expect(rijn_aes_encrypt_blocks(&aes, out, in, n), RIJN_OK, "encrypt_blocks", n);
        expect(rijn_aes_decrypt_blocks(&aes, out, in, n),
               RIJN_CFG_AES_DECRYPT ? RIJN_OK : RIJN_ERR_UNSUPPORTED, "decrypt_blocks", n);
    }
    rijn_aes_wipe(&aes);
    expect(rijn_aes_init_enc(&aes, key, klen), RIJN_OK, "aes_init_enc", klen);
    expect(rijn_aes_encrypt_blocks(&aes, out, in, 5), RIJN_OK, "encrypt_blocks (enc key)", 5);
    rijn_aes_wipe(&aes);
}

/* Streaming with fixed splits; for PKCS#7 decryption the final count is
 * secret-dependent and is declassified here. */
static int stream(tu_mctx *c, uint8_t *o, const uint8_t *i, size_t len)
{
    static const size_t splits[] = {0, 1, 5, 16, 17, 3, 32, 0, 40};
    size_t pos = 0, k = 0, w = 0, total = 0;
    int r;
    while (pos < len) {
        size_t n = splits[k++ % (sizeof splits / sizeof splits[0])];
        if (n > len - pos)
            n = len - pos;
        r = tu_mode_update(c, o + total, RIJN_MODE_UPDATE_MAX(n), &w, i + pos, n);
        if (r != RIJN_OK)
            return r;
        total += w;
        pos += n;
    }
    r = tu_mode_final(c, o + total, 32, &w);
    TU_PUBLIC(&w, sizeof w);
    return r;
}

static void run_mode(tu_mode m, size_t klen, int pkcs7_dec)
{
    static const size_t lens[] = {0, 1, 15, 16, 17, 31, 32, 33, 47, 48, 64, 100, 160};
    rijn_aes_ctx aes, aes_e;
    tu_mctx c;
    size_t li, ol = 0;
    const char *name = tu_modes[m].name;
    for (li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t len = lens[li], clen;
        int r;
        if (!tu_mode_len_ok(m, 1, len))
            continue;
        secrets((unsigned)(len + klen + m), m == TU_CTR || m == TU_CTR32);
        expect(rijn_aes_init(&aes, key, klen), RIJN_OK, "aes_init", klen);
        expect(rijn_aes_init_enc(&aes_e, key, klen), RIJN_OK, "aes_init_enc", klen);
        /* encryption: one-shot, in place, streaming */
        r = tu_mode_oneshot(m, 1, &aes_e, iv, ct, sizeof ct, &clen, in, len);
        expect(r, RIJN_OK, name, len);
        TU_PUBLIC(&clen, sizeof clen); /* a public function of len */
        memcpy(out, in, len);
        expect(tu_mode_oneshot(m, 1, &aes, iv, out, sizeof out, &ol, out, len), RIJN_OK, name,
               len);
        expect(tu_mode_init(&c, m, 1, key, klen, iv), RIJN_OK, "stream init", len);
        expect(stream(&c, out, in, len), RIJN_OK, name, len);
        tu_mode_wipe(&c);
        if (tu_modes[m].padding != pkcs7_dec || !tu_mode_dec_ok(m)) {
            rijn_aes_wipe(&aes);
            rijn_aes_wipe(&aes_e);
            continue;
        }
        /* decryption of that (secret) ciphertext, and of a bad PKCS#7 */
        r = tu_mode_oneshot(m, 0, tu_modes[m].inverse ? &aes : &aes_e, iv, out, sizeof out,
                            &ol, ct, clen);
        TU_PUBLIC(&ol, sizeof ol);
        expect(r, RIJN_OK, name, clen);
        expect(tu_mode_init(&c, m, 0, key, klen, iv), RIJN_OK, "stream init", clen);
        expect(stream(&c, out, ct, clen), RIJN_OK, name, clen);
        tu_mode_wipe(&c);
        if (tu_modes[m].padding) {
            /* flip 0x40 in the pad byte through the block before it (or
             * the IV): the pad byte becomes 0x41..0x50, over 16 */
            uint8_t iv2[16];
            memcpy(iv2, iv, 16);
            if (clen >= 32)
                ct[clen - 17] ^= 0x40;
            else
                iv2[15] ^= 0x40;
            r = tu_mode_oneshot(m, 0, &aes, iv2, out, sizeof out, &ol, ct, clen);
            TU_PUBLIC(&ol, sizeof ol);
            expect(r, RIJN_ERR_PADDING, "CBC-PKCS7 bad pad", clen);
            expect(tu_mode_init(&c, m, 0, key, klen, iv2), RIJN_OK, "stream init", clen);
            expect(stream(&c, out, ct, clen), RIJN_ERR_PADDING, "CBC-PKCS7 bad pad (stream)",
                   clen);
            tu_mode_wipe(&c);
        }
        if (m == TU_CFB1) { /* bit lengths */
            expect(rijn_cfb1_encrypt_bits(&aes_e, iv, out, in, 8 * len + 5), RIJN_OK,
                   "CFB1 bits", len);
            expect(rijn_cfb1_decrypt_bits(&aes_e, iv, out, in, 8 * len + 3), RIJN_OK,
                   "CFB1 bits", len);
        }
        rijn_aes_wipe(&aes);
        rijn_aes_wipe(&aes_e);
    }
}

static void run_pkcs7_check(void)
{
    uint8_t blk[16];
    unsigned pad;
    for (pad = 0; pad <= 17; pad++) {
        uint32_t v;
        memset(blk, (int)pad, sizeof blk);
        TU_SECRET(blk, sizeof blk);
        v = rijn_i_pkcs7_check(blk);
        TU_PUBLIC(&v, sizeof v);
        expect(v == (pad >= 1 && pad <= 16 ? pad : 0), 1, "rijn_i_pkcs7_check", pad);
    }
}

static int run_ct(int pkcs7)
{
    size_t i, kb;
    int n = 0, mi;
    for (i = 0; i < rijn_aes_impl_count(); i++) {
        const rijn_aes_impl *impl = rijn_aes_impl_at(i);
        const char *name = rijn_aes_impl_name(impl);
        if (!(rijn_aes_impl_flags(impl) & RIJN_AES_IMPL_CONSTTIME) ||
            !rijn_aes_impl_available(impl))
            continue;
        if (rijn_aes_impl_force(name) != RIJN_OK) {
            failures++;
            continue;
        }
        printf("ctgrind: %s\n", name);
        for (kb = 0; kb < 3; kb++) {
            if (!tu_key_ok(16 + 8 * kb))
                continue;
            if (pkcs7) {
                run_mode(TU_CBC_PAD, 16 + 8 * kb, 1);
                continue;
            }
            run_blocks(16 + 8 * kb);
            for (mi = 0; mi < TU_NMODES; mi++)
                run_mode((tu_mode)mi, 16 + 8 * kb, 0);
        }
        n++;
    }
    if (rijn_aes_impl_force(NULL) != RIJN_OK)
        failures++;
    if (pkcs7)
        run_pkcs7_check();
    printf("ctgrind: %d constant-time implementation(s), %lu calls, %lu wrong results\n", n,
           calls, failures);
    return n > 0 && failures == 0 ? 0 : 1;
}

/* ---- on purpose leaky code: the check must see these ------------------- */
#if defined(__GNUC__) || defined(__clang__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

static uint8_t leak_table[256];

static NOINLINE uint8_t ctgrind_leaky_lookup(const uint8_t *s, size_t n)
{
    uint8_t acc = 0;
    size_t i;
    for (i = 0; i < n; i++)
        acc = (uint8_t)(acc ^ leak_table[s[i]]);
    return acc;
}

static volatile unsigned leak_sink;

/* a loop whose trip count is secret: a conditional jump on it */
static NOINLINE int ctgrind_leaky_branch(const uint8_t *s)
{
    unsigned i;
    for (i = 0; i < (s[0] & 7u); i++)
        leak_sink++;
    return 2;
}

static int run_leaky_table(void)
{
    unsigned i;
    uint8_t a;
    int b;
    for (i = 0; i < 256; i++)
        leak_table[i] = (uint8_t)(i * 7u + 1u);
    secrets(1, 0);
    a = ctgrind_leaky_lookup(key, 16);
    b = ctgrind_leaky_branch(key);
    TU_PUBLIC(&a, 1);
    TU_PUBLIC(&b, sizeof b);
    printf("ctgrind: leaky table lookup and branch ran (%u, %d)\n", a, b);
    return 0;
}

static int run_leaky_small(void)
{
    const rijn_aes_impl *impl;
    rijn_aes_ctx aes;
    if (rijn_aes_impl_get("small", &impl) != RIJN_OK) {
        printf("ctgrind: the small implementation is not compiled in\n");
        return 77;
    }
    secrets(2, 0);
    if (rijn_aes_init_impl(&aes, impl, key, 16) != RIJN_OK ||
        rijn_aes_encrypt_blocks(&aes, out, in, 1) != RIJN_OK)
        return 1;
    rijn_aes_wipe(&aes);
    printf("ctgrind: small implementation ran\n");
    return 0;
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "ct";
    if (strcmp(what, "ct") == 0)
        return run_ct(0);
    if (strcmp(what, "ct-pkcs7") == 0)
        return run_ct(1);
    if (strcmp(what, "leaky-table") == 0)
        return run_leaky_table();
    if (strcmp(what, "leaky-small") == 0)
        return run_leaky_small();
    fprintf(stderr, "usage: ctgrind_aes ct|ct-pkcs7|leaky-table|leaky-small\n");
    return 2;
}
