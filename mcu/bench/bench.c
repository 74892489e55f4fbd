/*
 * bench.c -- the measured operations for mcu/measure.py.
 *
 * Implementation notes: each measurement prints "M <impl> <name>" and
 * runs one operation between bench_start() and bench_stop(); the counts
 * come from outside (the QEMU plugin's "@insns" lines, simavr runner's
 * "@cycles" lines) in the same order; measure.py pairs them and subtracts
 * the "empty" region (call overhead of the markers). Around each region
 * the free stack is painted and scanned (HAL_STACK_PAINT/USED): printed
 * as "S <bytes>" after the operation. Inputs are fixed patterns (timing
 * of constant-time code does not depend on them). On the ATmega328P the
 * buffer is 256 bytes and 1 KiB runs are 4 in-place calls of 256 bytes
 * (CTR, CBC; GCM through the streaming API, one 1 KiB message), and the
 * parts run as three images (BENCH_AES, BENCH_AEAD, BENCH_OTHER; the
 * toolbox -- ChaCha20, Poly1305, Ascon, X25519, and SHA-512 / SHA3-256 --
 * comes with BENCH_OTHER: BENCH_TOOLBOX, BENCH_BIGHASH).
 */
#include <string.h>

#include "hal.h"
#include "rijn/aes.h"
#include "rijn/chachapoly.h"
#include "rijn/gcm.h"
#include "rijn/modes.h"
#include "rijn/sha2.h"

#ifndef BENCH_BUF
#define BENCH_BUF 1024
#endif
/* Parts (the ATmega328P runs two images: AES and modes / GCM and others). */
#ifndef BENCH_AES
#define BENCH_AES 1
#endif
#ifndef BENCH_AEAD
#define BENCH_AEAD 1 /* GCM */
#endif
#ifndef BENCH_OTHER
#define BENCH_OTHER 1 /* ChaCha20-Poly1305, SHA-256 */
#endif
#ifndef BENCH_TOOLBOX
#define BENCH_TOOLBOX BENCH_OTHER /* ChaCha20, Poly1305, Ascon, X25519 */
#endif
#ifndef BENCH_BIGHASH
#define BENCH_BIGHASH BENCH_TOOLBOX /* SHA-512, SHA3-256 */
#endif
#if BENCH_TOOLBOX
#include "rijn/ascon.h"
#include "rijn/chacha20.h"
#include "rijn/poly1305.h"
#include "rijn/x25519.h"
#endif
#if BENCH_BIGHASH
#include "rijn/sha3.h"
#endif

static uint8_t buf[BENCH_BUF + 16];
static const uint8_t key[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
static const uint8_t iv[16] = {0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7,
                               0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff};
static const char *impl_name;
static int bad;

static union {
    rijn_aes_ctx aes;
#if BENCH_AEAD
    rijn_gcm_ctx gcm;
#endif
#if BENCH_OTHER
    rijn_chachapoly_ctx cp;
#endif
#if BENCH_TOOLBOX
    rijn_ascon_aead128_ctx asc;
    rijn_ascon_hash_ctx ah;
#endif
} u;
#if BENCH_AES
static rijn_aes_ctx aes2;
#endif

static void say(const char *name)
{
    hal_puts("M ");
    hal_puts(impl_name);
    hal_puts(" ");
    hal_puts(name);
    hal_puts("\n");
}

/* A macro, so the stack is painted below the measuring function's own
 * stack pointer: the figure is the callee's whole depth. */
#define label(name)          \
    do {                     \
        say(name);           \
        HAL_STACK_PAINT();   \
        bench_start();       \
    } while (0)

static void done(int r)
{
    bench_stop();
    hal_puts("S ");
    hal_putu(HAL_STACK_USED());
    hal_puts("\n");
    if (r != RIJN_OK) {
        hal_puts("error in the last measurement\n");
        bad = 1;
    }
}

static const size_t sizes[3] = {16, 64, 1024};

#if BENCH_AES || BENCH_AEAD
static int ok(int r, int acc)
{
    return acc != RIJN_OK ? acc : r;
}
#endif

#if BENCH_AES
static int ctr_bytes(size_t n)
{
    int r = RIJN_OK;
    /* larger than the buffer (328P): several in-place calls */
    for (; n > 0 && r == RIJN_OK; n -= (n < BENCH_BUF ? n : BENCH_BUF))
        r = rijn_ctr_crypt(&u.aes, iv, buf, buf, n < BENCH_BUF ? n : BENCH_BUF);
    return r;
}

/* raw block encryption of n bytes (n/16 blocks in as few calls as the
 * buffer allows): the class's own cost per block, no mode around it */
static int ecb_bytes(size_t n)
{
    int r = RIJN_OK;
    for (; n > 0 && r == RIJN_OK; n -= (n < BENCH_BUF ? n : BENCH_BUF))
        r = rijn_aes_encrypt_blocks(&u.aes, buf, buf, (n < BENCH_BUF ? n : BENCH_BUF) / 16);
    return r;
}

static int cbc_bytes(size_t n, int dec)
{
    int r = RIJN_OK;
    const uint8_t *chain = iv;
    for (; n > 0 && r == RIJN_OK; n -= (n < BENCH_BUF ? n : BENCH_BUF)) {
        size_t k = n < BENCH_BUF ? n : BENCH_BUF;
        r = dec ? rijn_cbc_decrypt(&u.aes, chain, buf, buf, k)
                : rijn_cbc_encrypt(&u.aes, chain, buf, buf, k);
    }
    return r;
}

#endif

#if BENCH_AEAD
static int gcm_bytes(size_t n)
{
    uint8_t tag[16];
    int r;
    if (n <= BENCH_BUF)
        return rijn_gcm_seal(&u.gcm, buf, tag, 16, iv, 12, key, 16, buf, n);
    r = rijn_gcm_start(&u.gcm, iv, 12);
    r = ok(rijn_gcm_aad(&u.gcm, key, 16), r);
    for (; n > 0 && r == RIJN_OK; n -= BENCH_BUF)
        r = rijn_gcm_encrypt_update(&u.gcm, buf, buf, BENCH_BUF);
    return ok(rijn_gcm_encrypt_final(&u.gcm, tag, 16), r);
}

static const char *const gcm_names[3] = {"gcm_seal_16", "gcm_seal_64", "gcm_seal_1024"};
#endif
#if BENCH_AES
static const char *const ctr_names[3] = {"ctr_16", "ctr_64", "ctr_1024"};
static const char *const cbce_names[3] = {"cbc_enc_16", "cbc_enc_64", "cbc_enc_1024"};
static const char *const cbcd_names[3] = {"cbc_dec_16", "cbc_dec_64", "cbc_dec_1024"};
#endif

#if BENCH_AES || BENCH_AEAD
static void bench_aes(void)
{
    int i;
#if BENCH_AES
    /* the seeds' case: 48-byte string, PKCS#7, CBC-128 encrypt + decrypt
     * including the key setup (enc+dec schedule) */
    static const char msg[48] = "AES_Test_1 - Hello! Testing AES Encryption here";
    size_t n1 = 0, n2 = 0;
#endif

    label("empty");
    done(RIJN_OK);
#if BENCH_AES
    /* the class's first key setup in this process: ttable builds its SRAM
     * tables here (once per boot); the rows after it are the steady state */
    label("setup_first_128");
    done(rijn_aes_init_enc(&u.aes, key, 16));
    label("setup_enc_128");
    done(rijn_aes_init_enc(&u.aes, key, 16));
    label("setup_encdec_128");
    done(rijn_aes_init(&u.aes, key, 16));
    label("enc_block_128");
    done(rijn_aes_encrypt_blocks(&u.aes, buf, buf, 1));
    label("dec_block_128");
    done(rijn_aes_decrypt_blocks(&u.aes, buf, buf, 1));
    label("enc_64blocks_128");
    done(ecb_bytes(1024));
    for (i = 0; i < 3; i++) {
        label(ctr_names[i]);
        done(ctr_bytes(sizes[i]));
    }
    if (rijn_aes_init(&u.aes, key, 16) != RIJN_OK)
        bad = 1;
    for (i = 0; i < 3; i++) {
        label(cbce_names[i]);
        done(cbc_bytes(sizes[i], 0));
    }
    for (i = 0; i < 3; i++) {
        label(cbcd_names[i]);
        done(cbc_bytes(sizes[i], 1));
    }
    label("setup_encdec_256");
    done(rijn_aes_init(&u.aes, key, 32));
    label("enc_block_256");
    done(rijn_aes_encrypt_blocks(&u.aes, buf, buf, 1));
    label("dec_block_256");
    done(rijn_aes_decrypt_blocks(&u.aes, buf, buf, 1));
#endif
#if BENCH_AEAD
    label("gcm_setup_128");
    done(rijn_gcm_init(&u.gcm, key, 16));
    for (i = 0; i < 3; i++) {
        label(gcm_names[i]);
        done(gcm_bytes(sizes[i]));
    }
#endif
#if BENCH_AES
    memcpy(buf, msg, 48);
    label("seed_cbc_pkcs7_48");
    {
        int r = rijn_aes_init(&aes2, key, 16);
        r = ok(rijn_cbc_pad_encrypt(&aes2, iv, buf, 64, &n1, buf, 48), r);
        r = ok(rijn_cbc_pad_decrypt(&aes2, iv, buf, 64, &n2, buf, n1), r);
        done(r);
    }
    if (n1 != 64 || n2 != 48 || memcmp(buf, msg, 48) != 0) {
        hal_puts("seed case: round trip failed\n");
        bad = 1;
    }
    rijn_aes_wipe(&aes2);
#endif
}
#endif

#if BENCH_OTHER
static void bench_other(void)
{
    uint8_t tag[16], dig[32];
    impl_name = "-";
    label("empty");
    done(RIJN_OK);
    label("chachapoly_setup");
    done(rijn_chacha20poly1305_init(&u.cp, key, 32));
    label("chachapoly_seal_64");
    done(rijn_chacha20poly1305_seal(&u.cp, buf, tag, 16, iv, 12, key, 16, buf, 64));
    label("sha256_0");
    done(rijn_sha256(dig, buf, 0));
    label("sha256_64");
    done(rijn_sha256(dig, buf, 64));
#if BENCH_TOOLBOX
    {
        uint8_t out[64];
        size_t i;
        for (i = 0; i < 3; i++) {
            static const char *const cn[3] = {"chacha20_64", "chacha20_1024", "-"};
            static const char *const pn[3] = {"poly1305_64", "poly1305_1024", "-"};
            static const char *const an[3] = {"ascon_seal_64", "ascon_seal_1024", "-"};
            static const char *const hn[3] = {"ascon_hash256_64", "ascon_hash256_1024", "-"};
            size_t n = i == 0 ? 64 : 1024;
            if (i == 2 || n > BENCH_BUF)
                break;
            label(cn[i]);
            done(rijn_chacha20_xor(buf, buf, n, key, iv, 1));
            label(pn[i]);
            done(rijn_poly1305(tag, key, buf, n));
            if (rijn_ascon_aead128_init(&u.asc, key, 16) != RIJN_OK)
                bad = 1;
            label(an[i]);
            done(rijn_ascon_aead128_seal(&u.asc, buf, tag, 16, iv, 16, NULL, 0, buf, n));
            label(hn[i]);
            {
                int r = rijn_ascon_hash256_init(&u.ah);
                if (r == RIJN_OK)
                    r = rijn_ascon_hash_update(&u.ah, buf, n);
                if (r == RIJN_OK)
                    r = rijn_ascon_hash256_final(&u.ah, out);
                done(r);
            }
        }
#if BENCH_BIGHASH
        label("sha512_0");
        done(rijn_sha512(out, buf, 0));
        label("sha512_64");
        done(rijn_sha512(out, buf, 64));
        label("sha3_256_64");
        done(rijn_sha3_256(out, buf, 64));
#endif
        label("x25519");
        done(rijn_x25519(out, key, iv[0] ? key : buf));
    }
#endif
}
#endif

int main(void)
{
    size_t i;
#if BENCH_AES || BENCH_AEAD
    for (i = 0; i < rijn_aes_impl_count(); i++) {
        impl_name = rijn_aes_impl_name(rijn_aes_impl_at(i));
        if (rijn_aes_impl_force(impl_name) != RIJN_OK) {
            bad = 1;
            continue;
        }
        bench_aes();
    }
#else
    (void)i;
#endif
#if BENCH_OTHER
    bench_other();
#endif
    hal_puts(bad ? "bench: FAILED\n" : "bench: done\n");
    hal_exit(bad);
}
