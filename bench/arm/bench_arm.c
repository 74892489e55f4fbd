/*
 * bench_arm.c -- the operations of docs/BENCHMARKS-ARM.md for rijn,
 * OpenSSL and libgcrypt, one at a time between bench_start() and
 * bench_stop(), for counting under qemu-aarch64 with the TCG plugin
 * mcu/bench/insn_plugin.c (scripts/bench-arm.sh builds and runs it).
 *
 * Implementation notes
 *   Protocol (mcu/measure.py's): before each measured region the program
 *   prints "M <library> <operation>/<bytes>"; the plugin prints the
 *   instructions between the entries of bench_start and bench_stop. An
 *   "empty" region first gives the markers' own cost, which the script
 *   subtracts. Each operation runs once unmeasured first (first-call work:
 *   CPU probes, lazy tables), then once measured.
 *   Operations: one message each, the key set up before the region (as a
 *   long-lived context): AES-128-CTR and AES-128-CBC encryption and
 *   decryption (IV set in the region, no padding), AES-128-GCM and ChaCha20-Poly1305 seal (12-byte nonce, no
 *   AAD, 16-byte tag), SHA-256 and SHA-512 of the message; each at 16 B, 1 KiB and
 *   16 KiB. OpenSSL through EVP (the documented API: its per-call cost is
 *   part of the count), libgcrypt through gcry_cipher_* / gcry_md_hash_buffer.
 *   "noce" (argv[1]): AArch64 without the Crypto Extensions. The script
 *   runs it with RIJN_CPU_MASK=0 (rijn's default is then neonbs) and
 *   OPENSSL_armcap=1 (NEON only: OpenSSL's vpaes); libgcrypt's
 *   "arm-aes" feature is disabled here (GCRYCTL_DISABLE_HWF). Only the
 *   AES-128 CTR, CBC and XTS (encrypt and decrypt, 32-byte key,
 *   16-byte tweak; a 16 B, 1 KiB and 16 KiB data unit) rows run, with a
 *   fourth column: rijn's portable ct64 class (rijn_aes_init_impl, or
 *   rijn_aes_impl_force around rijn_xts_init), the fallback before neonbs.
 *   Check: the libraries' outputs (ciphertext, tag, digest) must be
 *   equal for every operation, or the program exits 1 (a count of a wrong
 *   computation is worthless).
 *   Not part of the library; built only by scripts/bench-arm.sh.
 */
#include <gcrypt.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rijn/aes.h"
#include "rijn/chachapoly.h"
#include "rijn/gcm.h"
#include "rijn/modes.h"
#include "rijn/sha2.h"
#include "rijn/xts.h"

void bench_start(void) __attribute__((noinline));
void bench_stop(void) __attribute__((noinline));
void bench_start(void)
{
    __asm__ volatile("" ::: "memory");
}
void bench_stop(void)
{
    __asm__ volatile("" ::: "memory");
}

#define MAXN 16384
static uint8_t in[MAXN] __attribute__((aligned(64)));
static uint8_t out[4][MAXN + 32] __attribute__((aligned(64)));
static const uint8_t key[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
static const uint8_t iv[16] = {0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7,
                               0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff};

/* XTSE, XTSD: the "noce" run only (NOCE_OPS); the other run skips them */
enum { CTR, CBCE, CBCD, XTSE, XTSD, GCM, SHA, SHA5, CCP, NOPS };
#define NOCE_OPS (XTSD + 1)
static const char *const op_names[NOPS] = {"aes128-ctr", "aes128-cbc-enc", "aes128-cbc-dec",
                                           "aes128-xts-enc",
                                           "aes128-xts-dec", "aes128-gcm", "sha256", "sha512",
                                           "chacha20-poly1305"};

/* keyed contexts */
static rijn_aes_ctx r_aes, r_ct64;
static rijn_xts_ctx r_xts, r_xts_ct64;
static rijn_gcm_ctx r_gcm;
static rijn_chachapoly_ctx r_ccp;
static EVP_CIPHER_CTX *o_ctx[NOPS];
static EVP_MD_CTX *o_md;
static EVP_MD *o_sha256, *o_sha512;
static gcry_cipher_hd_t g_h[NOPS];

static void die(const char *what)
{
    fprintf(stderr, "bench_arm: %s failed\n", what);
    exit(1);
}

static void run_rijn(int op, size_t n, uint8_t *o)
{
    int r = 0;
    switch (op) {
    case CTR: r = rijn_ctr_crypt(&r_aes, iv, o, in, n); break;
    case CBCE: r = rijn_cbc_encrypt(&r_aes, iv, o, in, n); break;
    case CBCD: r = rijn_cbc_decrypt(&r_aes, iv, o, in, n); break;
    case XTSE: r = rijn_xts_encrypt(&r_xts, iv, o, in, n); break;
    case XTSD: r = rijn_xts_decrypt(&r_xts, iv, o, in, n); break;
    case GCM: r = rijn_gcm_seal(&r_gcm, o, o + n, 16, iv, 12, NULL, 0, in, n); break;
    case SHA: r = rijn_sha256(o, in, n); break;
    case SHA5: r = rijn_sha512(o, in, n); break;
    case CCP: r = rijn_chacha20poly1305_seal(&r_ccp, o, o + n, 16, iv, 12, NULL, 0, in, n); break;
    }
    if (r != 0)
        die("rijn");
}

static void run_ct64(int op, size_t n, uint8_t *o)
{
    int r = op == CTR    ? rijn_ctr_crypt(&r_ct64, iv, o, in, n)
            : op == CBCE ? rijn_cbc_encrypt(&r_ct64, iv, o, in, n)
            : op == CBCD ? rijn_cbc_decrypt(&r_ct64, iv, o, in, n)
            : op == XTSE ? rijn_xts_encrypt(&r_xts_ct64, iv, o, in, n)
                         : rijn_xts_decrypt(&r_xts_ct64, iv, o, in, n);
    if (r != 0)
        die("rijn ct64");
}

static void run_openssl(int op, size_t n, uint8_t *o)
{
    EVP_CIPHER_CTX *c = o_ctx[op];
    int l = 0, ok = 1;
    unsigned md_len = 0;
    switch (op) {
    case CTR:
    case CBCE:
        ok = EVP_EncryptInit_ex(c, NULL, NULL, NULL, iv) && EVP_EncryptUpdate(c, o, &l, in, (int)n);
        break;
    case CBCD:
    case XTSD:
        ok = EVP_DecryptInit_ex(c, NULL, NULL, NULL, iv) && EVP_DecryptUpdate(c, o, &l, in, (int)n);
        break;
    case XTSE:
        ok = EVP_EncryptInit_ex(c, NULL, NULL, NULL, iv) && EVP_EncryptUpdate(c, o, &l, in, (int)n);
        break;
    case GCM:
    case CCP:
        ok = EVP_EncryptInit_ex(c, NULL, NULL, NULL, iv) &&
             EVP_EncryptUpdate(c, o, &l, in, (int)n) && EVP_EncryptFinal_ex(c, o + l, &l) &&
             EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, 16, o + n);
        break;
    case SHA:
    case SHA5:
        ok = EVP_DigestInit_ex(o_md, op == SHA ? o_sha256 : o_sha512, NULL) &&
             EVP_DigestUpdate(o_md, in, n) && EVP_DigestFinal_ex(o_md, o, &md_len);
        break;
    }
    if (!ok)
        die("OpenSSL");
}

static void run_gcrypt(int op, size_t n, uint8_t *o)
{
    gcry_cipher_hd_t h = g_h[op];
    gcry_error_t e = 0;
    switch (op) {
    case CTR:
        e = gcry_cipher_setctr(h, iv, 16);
        if (!e)
            e = gcry_cipher_encrypt(h, o, n, in, n);
        break;
    case CBCD:
    case XTSD:
        e = gcry_cipher_setiv(h, iv, 16);
        if (!e)
            e = gcry_cipher_decrypt(h, o, n, in, n);
        break;
    case CBCE:
    case XTSE:
        e = gcry_cipher_setiv(h, iv, 16);
        if (!e)
            e = gcry_cipher_encrypt(h, o, n, in, n);
        break;
    case GCM:
    case CCP:
        e = gcry_cipher_reset(h);
        if (!e)
            e = gcry_cipher_setiv(h, iv, 12);
        if (!e)
            e = gcry_cipher_final(h);
        if (!e)
            e = gcry_cipher_encrypt(h, o, n, in, n);
        if (!e)
            e = gcry_cipher_gettag(h, o + n, 16);
        break;
    case SHA: gcry_md_hash_buffer(GCRY_MD_SHA256, o, in, n); break;
    case SHA5: gcry_md_hash_buffer(GCRY_MD_SHA512, o, in, n); break;
    }
    if (e)
        die("libgcrypt");
}

static void setup(void)
{
    static const int gmode[NOPS] = {GCRY_CIPHER_MODE_CTR, GCRY_CIPHER_MODE_CBC, GCRY_CIPHER_MODE_CBC,
                                    GCRY_CIPHER_MODE_XTS, GCRY_CIPHER_MODE_XTS,
                                    GCRY_CIPHER_MODE_GCM, 0,
                                    0, GCRY_CIPHER_MODE_POLY1305};
    int op;
    size_t i;
    for (i = 0; i < MAXN; i++)
        in[i] = (uint8_t)(i * 7 + 3);
    if (rijn_aes_init(&r_aes, key, 16) || rijn_xts_init(&r_xts, key, 32) ||
        rijn_gcm_init(&r_gcm, key, 16) ||
        rijn_chacha20poly1305_init(&r_ccp, key, 32))
        die("rijn setup");
    o_sha256 = EVP_MD_fetch(NULL, "SHA256", NULL);
    o_sha512 = EVP_MD_fetch(NULL, "SHA512", NULL);
    o_md = EVP_MD_CTX_new();
    for (op = 0; op < NOPS; op++) {
        const int xts = op == XTSE || op == XTSD;
        const size_t klen = op == CCP || xts ? 32 : 16;
        const EVP_CIPHER *ci = op == CTR    ? EVP_aes_128_ctr()
                               : op == CBCE || op == CBCD ? EVP_aes_128_cbc()
                               : xts        ? EVP_aes_128_xts()
                               : op == GCM  ? EVP_aes_128_gcm()
                               : op == CCP  ? EVP_chacha20_poly1305()
                                            : NULL;
        if (ci == NULL)
            continue;
        o_ctx[op] = EVP_CIPHER_CTX_new();
        if (!(op == CBCD || op == XTSD ? EVP_DecryptInit_ex(o_ctx[op], ci, NULL, key, iv)
                         : EVP_EncryptInit_ex(o_ctx[op], ci, NULL, key, iv)))
            die("OpenSSL setup");
        EVP_CIPHER_CTX_set_padding(o_ctx[op], 0);
        if (gcry_cipher_open(&g_h[op], op == CCP ? GCRY_CIPHER_CHACHA20 : GCRY_CIPHER_AES128,
                             gmode[op], 0) ||
            gcry_cipher_setkey(g_h[op], key, klen))
            die("libgcrypt setup");
    }
    (void)i;
}

int main(int argc, char **argv)
{
    static const size_t sizes[] = {16, 1024, 16384};
    static const char *const libs[] = {"rijn", "openssl", "libgcrypt", "rijn-ct64"};
    void (*const run[4])(int, size_t, uint8_t *) = {run_rijn, run_openssl, run_gcrypt, run_ct64};
    const int noce = argc > 1 && strcmp(argv[1], "noce") == 0;
    const int nlibs = noce ? 4 : 3, nops = noce ? NOCE_OPS : NOPS;
    const rijn_aes_impl *ct64 = NULL;
    int op, l;
    size_t s;
    if (noce && gcry_control(GCRYCTL_DISABLE_HWF, "arm-aes", NULL))
        die("GCRYCTL_DISABLE_HWF");
    if (!gcry_check_version(NULL))
        die("gcry_check_version");
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    setup();
    if (noce && (rijn_aes_impl_get("ct64", &ct64) || rijn_aes_init_impl(&r_ct64, ct64, key, 16) ||
                 rijn_aes_impl_force("ct64") || rijn_xts_init(&r_xts_ct64, key, 32) ||
                 rijn_aes_impl_force(NULL)))
        die("rijn ct64 setup");
    printf("# rijn AES %s, GHASH %s, SHA-256 %s; OpenSSL %s; libgcrypt %s\n",
           rijn_aes_impl_name(r_aes.impl), rijn_gcm_ctx_ghash_name(&r_gcm),
           rijn_sha256_impl_name(), OpenSSL_version(OPENSSL_VERSION), gcry_check_version(NULL));
    printf("M - empty\n");
    fflush(stdout);
    bench_start();
    bench_stop();
    for (op = 0; op < nops; op++) {
        if (!noce && (op == XTSE || op == XTSD))
            continue;
        for (s = 0; s < 3; s++) {
            size_t n = sizes[s],
                   olen = op == SHA ? 32 : op == SHA5 ? 64 : n + (op == GCM || op == CCP ? 16 : 0);
            for (l = 0; l < nlibs; l++) {
                memset(out[l], 0, sizeof out[l]);
                run[l](op, n, out[l]); /* first call: unmeasured */
                printf("M %s %s/%zu\n", libs[l], op_names[op], n);
                fflush(stdout);
                bench_start();
                run[l](op, n, out[l]);
                bench_stop();
            }
            if (memcmp(out[0], out[1], olen) != 0 || memcmp(out[0], out[2], olen) != 0 ||
                (noce && memcmp(out[0], out[3], olen) != 0)) {
                fprintf(stderr, "bench_arm: %s/%zu: the libraries disagree\n", op_names[op], n);
                return 1;
            }
        }
    }
    return 0;
}
