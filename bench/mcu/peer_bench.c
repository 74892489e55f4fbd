/*
 * peer_bench.c -- the operations of mcu/bench/bench.c, run through a peer
 * adapter (bench/peers/peer.h), for mcu/measure.py via bench/mcu/peers.py.
 *
 * Implementation notes: the same protocol as bench.c ("M <impl> <op>",
 * bench_start/bench_stop around one operation, "S <painted stack>"), the
 * same key (01..10), IV (f0..ff), AAD (16 bytes) and sizes, so that the
 * peers' rows sit beside rijn's. Before anything is measured the adapter
 * must pass peer_kat() (FIPS-197, SP 800-38A, GCM test case 4); the seeds'
 * string case is checked for its round trip after its measured run, and
 * the same calls are repeated unmeasured to check its known ciphertext. Any failure makes the image exit 1 ("bench: FAILED"),
 * and measure.py then reports the run as failed instead of counting it.
 * The seeds' case: key setup (enc+dec), PKCS#7 padding (here, for every
 * peer: none of the three pads at its AES level), CBC encrypt, CBC
 * decrypt, padding check -- all inside the measured region. PEER_BUF 256
 * on the ATmega328P: 1 KiB runs are 4 calls of 256 bytes (as bench.c).
 */
#include <string.h>

#include "hal.h"
#include "peer.h"
#include "peer_kat.h"

#ifndef PEER_BUF
#define PEER_BUF 1024
#endif
#ifndef PEER_NAME
#define PEER_NAME "peer"
#endif

static uint8_t buf[PEER_BUF + 16];
static const uint8_t key[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
static const uint8_t iv[16] = {0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7,
                               0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff};
static int bad;

static void say(const char *name)
{
    hal_puts("M " PEER_NAME " ");
    hal_puts(name);
    hal_puts("\n");
}

/* a macro: the stack is painted below this function's own stack pointer */
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
    if (r != 0) {
        hal_puts("error in the last measurement\n");
        bad = 1;
    }
}

static const size_t sizes[3] = {16, 64, 1024};
static const char *const ctr_names[3] = {"ctr_16", "ctr_64", "ctr_1024"};
static const char *const cbce_names[3] = {"cbc_enc_16", "cbc_enc_64", "cbc_enc_1024"};
static const char *const cbcd_names[3] = {"cbc_dec_16", "cbc_dec_64", "cbc_dec_1024"};

static size_t chunk(size_t n)
{
    return n < PEER_BUF ? n : PEER_BUF;
}

static int ctr_bytes(size_t n)
{
    int r = 0;
    for (; n > 0 && r == 0; n -= chunk(n))
        r = peer_ctr(iv, buf, chunk(n));
    return r;
}

static int cbc_bytes(size_t n, int dec)
{
    int r = 0;
    for (; n > 0 && r == 0; n -= chunk(n))
        r = dec ? peer_cbc_dec(iv, buf, chunk(n)) : peer_cbc_enc(iv, buf, chunk(n));
    return r;
}

#if defined(PEER_HAS_ECB)
static int ecb_bytes(size_t n)
{
    int r = 0;
    for (; n > 0 && r == 0; n -= chunk(n))
        r = peer_ecb_enc(buf, chunk(n) / 16);
    return r;
}
#endif

#if defined(PEER_HAS_GCM)
static const char *const gcm_names[3] = {"gcm_seal_16", "gcm_seal_64", "gcm_seal_1024"};

static int gcm_bytes(size_t n)
{
    uint8_t tag[16];
    int r = peer_gcm_start(iv, key, 16);
    for (; n > 0 && r == 0; n -= chunk(n))
        r = peer_gcm_update(buf, chunk(n));
    return r | peer_gcm_final(tag);
}
#endif

/* PKCS#7 padding check over the last block without data-dependent
 * branches: the padded length less the padding, or 0 if it is wrong */
static size_t unpad(const uint8_t *b, size_t n)
{
    unsigned p = b[n - 1], diff = 0, i;
    for (i = 1; i <= 16; i++) {
        unsigned in = ((i - p - 1u) >> 8) & 1u; /* i <= p */
        diff |= (unsigned)(b[n - i] ^ p) * in;
    }
    diff |= (unsigned)(p == 0) | (unsigned)(p > 16);
    return diff ? 0 : n - p;
}

static void seed_case(void)
{
    static const char msg[48] = "AES_Test_1 - Hello! Testing AES Encryption here";
    size_t n2 = 0;
    memcpy(buf, msg, 48);
    label("seed_cbc_pkcs7_48");
    {
        int r = peer_setup_encdec(key);
        memset(buf + 48, 16, 16);
        r |= peer_cbc_enc(iv, buf, 64);
        r |= peer_cbc_dec(iv, buf, 64);
        n2 = unpad(buf, 64);
        done(r);
    }
    if (n2 != 48 || memcmp(buf, msg, 48) != 0) {
        hal_puts("seed case: round trip failed\n");
        bad = 1;
    }
    /* the same calls again, unmeasured: the ciphertext itself */
    memset(buf + 48, 16, 16);
    if (peer_setup_encdec(key) != 0 || peer_cbc_enc(iv, buf, 64) != 0 ||
        peer_kat_seed(buf) != 0)
        bad = 1;
}

int main(void)
{
    int i;
    if (peer_init() != 0 || peer_kat() != 0) {
        hal_puts("bench: FAILED (known answers)\n");
        hal_exit(1);
    }
    label("empty");
    done(0);
    label("setup_enc_128");
    done(peer_setup_enc(key));
    label("setup_encdec_128");
    done(peer_setup_encdec(key));
    label("enc_block_128");
    done(peer_enc_block(buf));
    label("dec_block_128");
    done(peer_dec_block(buf));
#if defined(PEER_HAS_ECB)
    if (peer_setup_enc(key) != 0)
        bad = 1;
    label("enc_64blocks_128");
    done(ecb_bytes(1024));
#endif
    if (peer_ctr_setup(key) != 0)
        bad = 1;
    for (i = 0; i < 3; i++) {
        label(ctr_names[i]);
        done(ctr_bytes(sizes[i]));
    }
    if (peer_setup_encdec(key) != 0)
        bad = 1;
    for (i = 0; i < 3; i++) {
        label(cbce_names[i]);
        done(cbc_bytes(sizes[i], 0));
    }
    for (i = 0; i < 3; i++) {
        label(cbcd_names[i]);
        done(cbc_bytes(sizes[i], 1));
    }
#if defined(PEER_HAS_GCM)
    label("gcm_setup_128");
    done(peer_gcm_setup(key));
    for (i = 0; i < 3; i++) {
        label(gcm_names[i]);
        done(gcm_bytes(sizes[i]));
    }
#endif
    seed_case();
    hal_puts(bad ? "bench: FAILED\n" : "bench: done\n");
    hal_exit(bad);
}
