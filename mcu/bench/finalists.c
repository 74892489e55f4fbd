/*
 * finalists.c -- the five AES finalists on a microcontroller, for
 * mcu/finalists.py: a known answer per cipher, then the measured
 * operations, through the generic block-cipher interface
 * (rijn/blockcipher.h).
 *
 * Implementation notes: one image per cipher (FIN_CIPHER: 0 aes,
 * 1 serpent, 2 twofish, 3 rc6, 4 mars; -1 = the harness alone, the flash
 * baseline), naming its descriptor directly so that only that cipher is
 * linked: the image sizes give each cipher's flash. The protocol is bench.c's: "M <cipher> <op>" before
 * each region between bench_start()/bench_stop(), "S <bytes>" (painted
 * stack) after it; mcu/measure.py's run_image pairs them with the
 * emulator's counts and subtracts the "empty" region. Known answers: the
 * submissions' first vectors (the same as tests/cli/test_cli_finalists.py;
 * FIPS-197 C.1 for AES), checked encrypt and decrypt before measuring;
 * a failure exits 1. FIN_BUF (256 on the ATmega328P): the CBC 1 KiB row
 * is 1024 / FIN_BUF in-place calls.
 */
#include <string.h>

#include "hal.h"
#include "rijn/blockcipher.h"

#ifndef FIN_CIPHER
#define FIN_CIPHER 0
#endif
#ifndef FIN_BUF
#define FIN_BUF 1024
#endif
/* The descriptor by its symbol, not through rijn_bc_list: the table of all
 * five is then unreferenced and --gc-sections drops the other ciphers. */
#if FIN_CIPHER == 0
#define FIN_DESC rijn_bc_aes
#elif FIN_CIPHER == 1
#define FIN_DESC rijn_bc_serpent
#elif FIN_CIPHER == 2
#define FIN_DESC rijn_bc_twofish
#elif FIN_CIPHER == 3
#define FIN_DESC rijn_bc_rc6
#elif FIN_CIPHER == 4
#define FIN_DESC rijn_bc_mars
#endif

#if FIN_CIPHER >= 0
static const struct {
    uint8_t key[16], pt[16], ct[16];
} kat[5] = {
    {{0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e,
      0x0f},
     {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee,
      0xff},
     {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30, 0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5,
      0x5a}},
    {{0},
     {0xd2, 0x9d, 0x57, 0x6f, 0xce, 0xa3, 0xa3, 0xa7, 0xed, 0x90, 0x99, 0xf2, 0x92, 0x73, 0xd7,
      0x8e},
     {0xb2, 0x28, 0x8b, 0x96, 0x8a, 0xe8, 0xb0, 0x86, 0x48, 0xd1, 0xce, 0x96, 0x06, 0xfd, 0x99,
      0x2d}},
    {{0},
     {0},
     {0x9f, 0x58, 0x9f, 0x5c, 0xf6, 0x12, 0x2c, 0x32, 0xb6, 0xbf, 0xec, 0x2f, 0x2a, 0xe8, 0xc3,
      0x5a}},
    {{0},
     {0},
     {0x8f, 0xc3, 0xa5, 0x36, 0x56, 0xb1, 0xf7, 0x78, 0xc1, 0x29, 0xdf, 0x4e, 0x98, 0x48, 0xa4,
      0x1e}},
    {{0x80},
     {0},
     {0xb3, 0xe2, 0xad, 0x56, 0x08, 0xac, 0x1b, 0x67, 0x33, 0xa7, 0xcb, 0x4f, 0xdf, 0x8f, 0x99,
      0x52}}};
#endif

static uint8_t buf[FIN_BUF + 16];
static const uint8_t key[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
static const uint8_t iv0[16] = {0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7,
                                0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff};
static const char *name = "none";
static rijn_bc_ctx ctx;
static int bad;

static void say(const char *op)
{
    hal_puts("M ");
    hal_puts(name);
    hal_puts(" ");
    hal_puts(op);
    hal_puts("\n");
}

#define label(op)          \
    do {                   \
        say(op);           \
        HAL_STACK_PAINT(); \
        bench_start();     \
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

#if FIN_CIPHER >= 0
static int cbc_1k(const rijn_bc_desc *d)
{
    uint8_t iv[16];
    size_t i;
    int r = RIJN_OK;

    (void)d;
    memcpy(iv, iv0, 16);
    for (i = 0; i < 1024 && r == RIJN_OK; i += FIN_BUF)
        r = rijn_bc_cbc_encrypt(&ctx, iv, buf, buf, FIN_BUF);
    return r;
}

static int seed_job(const rijn_bc_desc *d)
{
    static const char msg[48] = "AES_Test_1 - Hello! Testing AES Encryption here";
    size_t n1 = 0, n2 = 0;
    int r;

    memcpy(buf, msg, 48);
    r = rijn_bc_init(&ctx, d, key, 16);
    if (r == RIJN_OK)
        r = rijn_bc_cbc_pkcs7_encrypt(&ctx, iv0, buf + 64, 64, &n1, buf, 48);
    if (r == RIJN_OK)
        r = rijn_bc_cbc_pkcs7_decrypt(&ctx, iv0, buf, 64, &n2, buf + 64, n1);
    if (r == RIJN_OK && (n1 != 64 || n2 != 48 || memcmp(buf, msg, 48) != 0))
        r = RIJN_ERR_STATE;
    return r;
}
#endif

int main(void)
{
#if FIN_CIPHER >= 0
    const rijn_bc_desc *d = &FIN_DESC;
    uint8_t out[16];

    name = d->name;
    if (rijn_bc_init(&ctx, d, kat[FIN_CIPHER].key, 16) != RIJN_OK)
        bad = 1;
    d->encrypt(&ctx.u, out, kat[FIN_CIPHER].pt);
    if (memcmp(out, kat[FIN_CIPHER].ct, 16) != 0)
        bad = 1;
    d->decrypt(&ctx.u, out, out);
    if (memcmp(out, kat[FIN_CIPHER].pt, 16) != 0)
        bad = 1;
    hal_puts(bad ? "KAT FAILED\n" : "KAT ok\n");
#else
    /* the harness alone keeps the same buffers and context */
    rijn_bc_wipe(&ctx); /* library calls: the compiler keeps both whole */
    rijn_wipe(buf, sizeof buf);
    hal_putu((uint32_t)key[0] + iv0[0]);
    hal_puts("\n");
#endif
    label("empty");
    done(RIJN_OK);
#if FIN_CIPHER >= 0
    label("setup_128");
    done(rijn_bc_init(&ctx, d, key, 16));
    label("enc_block");
    d->encrypt(&ctx.u, buf, buf);
    done(RIJN_OK);
    label("dec_block");
    d->decrypt(&ctx.u, buf, buf);
    done(RIJN_OK);
    label("cbc_enc_1k");
    done(cbc_1k(d));
    label("seed_cbc_pkcs7_48");
    done(seed_job(d));
    label("setup_256");
    done(rijn_bc_init(&ctx, d, key, 32));
    rijn_bc_wipe(&ctx);
#endif
    hal_puts(bad ? "bench: FAILED\n" : "bench: done\n");
    hal_exit(bad);
}
