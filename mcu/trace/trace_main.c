/*
 * trace_main.c -- on-target driver of the constant-time trace test
 * (mcu/trace/trace.py). For every AES class compiled in, every key size
 * and every operation below (key setup, ECB, CBC, CTR, CMAC with its key
 * setup, CCM seal and open of valid messages), it runs TRACE_N random
 * inputs (fresh key, data, IV, counter and nonce each time), each call between bench_start() and
 * bench_stop(): the QEMU plugin (trace_plugin.c) or the simavr tracer
 * (avr_trace.c) digests what runs between the two, and trace.py requires
 * one digest per group of a class that claims constant time
 * (RIJN_AES_IMPL_CONSTTIME), and expects the others ("small": S-box
 * lookups) to be caught. Before each group it prints
 * "G <class> <op> <key bytes> <n>" ("N ..." for a class without the claim).
 *
 * Implementation notes: inputs, outputs and the context are static, so
 * every public address is the same for every input; the stack depth at
 * each call is the same too (one call site per operation). Outside the
 * regions each result is checked (a round trip through the inverse
 * operation, and FIPS-197 appendix C once per class and key size), so a
 * class that does not run, or runs wrong, fails the image (exit 1).
 * Positive controls, compiled in with TRACE_PLANT (the plant runs inside
 * every region, on the key's first byte):
 *   1  a secret-dependent branch that skips one instruction (on AVR an
 *      SBRC over a NOP: the same cycle count either way, only the
 *      instruction sequence differs);
 *   2  a load at a secret index from a 64-byte array outside any table;
 *   3  a load at a secret index inside the table TRACE_TABLE (a symbol;
 *      TRACE_TABLE_FLASH: read with LPM on AVR): must NOT be flagged;
 *   4  a division of a secret (UDIV on Cortex-M3/M4/M33 and AArch64, DIVU on RV32:
 *      operand-dependent latency, the same instruction sequence).
 * With TRACE_WIDE (the AArch64 target a64, where no flash or RAM limit
 * applies) also XTS both ways (40 bytes: two blocks and a stolen partial
 * one; AES-128 and AES-256) and GCM seal and open (48 bytes, 12-byte IV;
 * GHASH on the library's default implementation).
 * A PRNG with a fixed seed (TRACE_SEED) makes every run the same.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "hal.h"
#include "rijn/aes.h"
#include "rijn/ccm.h"
#include "rijn/cmac.h"
#include "rijn/modes.h"
#if TRACE_WIDE
#include "rijn/gcm.h"
#include "rijn/xts.h"
#endif

#ifndef TRACE_N
#define TRACE_N 16
#endif
#ifndef TRACE_SEED
#define TRACE_SEED 0x2545F491u
#endif
#ifndef TRACE_PLANT
#define TRACE_PLANT 0
#endif
#ifndef TRACE_WIDE
#define TRACE_WIDE 0
#endif

enum { OP_INIT, OP_INIT_ENC, OP_ENC1, OP_DEC1, OP_ENC3, OP_DEC3, OP_CBC_ENC, OP_CBC_DEC, OP_CTR,
       OP_CMAC, OP_CCM_SEAL, OP_CCM_OPEN,
#if TRACE_WIDE
       OP_XTS_ENC, OP_XTS_DEC, OP_GCM_SEAL, OP_GCM_OPEN,
#endif
       NOPS };
static const char *const op_name[NOPS] = {"init",    "init_enc", "enc1",    "dec1",
                                          "enc3",    "dec3",     "cbc_enc", "cbc_dec",
                                          "ctr",     "cmac",     "ccm_seal", "ccm_open",
#if TRACE_WIDE
                                          "xts_enc", "xts_dec",  "gcm_seal", "gcm_open"
#endif
};

static rijn_aes_ctx ctx;
static rijn_ccm_ctx ccm;
static uint8_t key[32], iv[16], in[48], out[48], back[48], tag[16];
static volatile uint8_t sink;
#if TRACE_WIDE
static rijn_xts_ctx xts;
static rijn_gcm_ctx gcm;
static uint8_t xkey[64];
#define XTS_LEN 40u
#endif
static uint32_t rng = TRACE_SEED;

static void fill(uint8_t *p, size_t n)
{
    while (n-- > 0) {
        rng ^= rng << 13;
        rng ^= rng >> 17;
        rng ^= rng << 5;
        *p++ = (uint8_t)(rng >> 24);
    }
}

#if TRACE_PLANT == 1
static void plant(uint8_t s)
{
#if defined(__AVR__)
    __asm__ volatile("sbrc %0, 0\n\tnop\n" : : "r"(s));
#elif defined(__arm__)
    uint32_t t = s;
    __asm__ volatile(".syntax unified\n\tlsls %0, %0, #31\n\tbeq 1f\n\tnop\n1:\n"
                     : "+l"(t) : : "cc");
#elif defined(__riscv)
    uint32_t t = s;
    __asm__ volatile("andi %0, %0, 1\n\tbeqz %0, 1f\n\tnop\n1:\n" : "+r"(t));
#elif defined(__aarch64__)
    uint32_t t = s;
    __asm__ volatile("tbz %w0, #0, 1f\n\tnop\n1:\n" : : "r"(t));
#else
#error "TRACE_PLANT 1: unknown architecture"
#endif
}
#elif TRACE_PLANT == 2
static volatile uint8_t probe[64];
static void plant(uint8_t s)
{
    sink = probe[s & 63u];
}
#elif TRACE_PLANT == 3
extern const uint8_t TRACE_TABLE[];
static void plant(uint8_t s)
{
#if defined(TRACE_TABLE_FLASH) && defined(__AVR__)
    uint16_t a = (uint16_t)(uintptr_t)&TRACE_TABLE[s];
    uint8_t v;
    __asm__ volatile("lpm %0, Z" : "=r"(v) : "z"(a));
    sink = v;
#else
    sink = ((const volatile uint8_t *)TRACE_TABLE)[s];
#endif
}
#elif TRACE_PLANT == 4
static void plant(uint8_t s)
{
    sink = (uint8_t)(100000u / (uint32_t)(s | 1u)); /* UDIV / DIVU */
}
#else
#define plant(s) ((void)(s))
#endif

/* The traced call: one call site per operation. */
static int traced(int op, size_t klen)
{
    int r = RIJN_ERR_PARAM;
    bench_start();
    switch (op) {
    case OP_INIT: r = rijn_aes_init(&ctx, key, klen); break;
    case OP_INIT_ENC: r = rijn_aes_init_enc(&ctx, key, klen); break;
    case OP_ENC1: r = rijn_aes_encrypt_blocks(&ctx, out, in, 1); break;
    case OP_DEC1: r = rijn_aes_decrypt_blocks(&ctx, out, in, 1); break;
    case OP_ENC3: r = rijn_aes_encrypt_blocks(&ctx, out, in, 3); break;
    case OP_DEC3: r = rijn_aes_decrypt_blocks(&ctx, out, in, 3); break;
    case OP_CBC_ENC: r = rijn_cbc_encrypt(&ctx, iv, out, in, 48); break;
    case OP_CBC_DEC: r = rijn_cbc_decrypt(&ctx, iv, out, in, 48); break;
    case OP_CTR: r = rijn_ctr_crypt(&ctx, iv, out, in, 48); break;
    case OP_CMAC: r = rijn_cmac(tag, 16, key, klen, in, 48); break;
    case OP_CCM_SEAL: r = rijn_ccm_seal(&ccm, out, tag, 16, iv, 13, NULL, 0, in, 48); break;
    case OP_CCM_OPEN: r = rijn_ccm_open(&ccm, out, tag, 16, iv, 13, NULL, 0, in, 48); break;
#if TRACE_WIDE
    case OP_XTS_ENC: r = rijn_xts_encrypt(&xts, iv, out, in, XTS_LEN); break;
    case OP_XTS_DEC: r = rijn_xts_decrypt(&xts, iv, out, in, XTS_LEN); break;
    case OP_GCM_SEAL: r = rijn_gcm_seal(&gcm, out, tag, 16, iv, 12, NULL, 0, in, 48); break;
    case OP_GCM_OPEN: r = rijn_gcm_open(&gcm, out, tag, 16, iv, 12, NULL, 0, in, 48); break;
#endif
    default: break;
    }
    plant(key[0]);
    bench_stop();
    return r;
}

/* The inverse of op on out, into back (outside the regions). */
static int inverse(int op)
{
    switch (op) {
    case OP_ENC1: return rijn_aes_decrypt_blocks(&ctx, back, out, 1);
    case OP_DEC1: return rijn_aes_encrypt_blocks(&ctx, back, out, 1);
    case OP_ENC3: return rijn_aes_decrypt_blocks(&ctx, back, out, 3);
    case OP_DEC3: return rijn_aes_encrypt_blocks(&ctx, back, out, 3);
    case OP_CBC_ENC: return rijn_cbc_decrypt(&ctx, iv, back, out, 48);
    case OP_CBC_DEC: return rijn_cbc_encrypt(&ctx, iv, back, out, 48);
    case OP_CTR: return rijn_ctr_crypt(&ctx, iv, back, out, 48);
    case OP_CCM_SEAL: return rijn_ccm_open(&ccm, back, tag, 16, iv, 13, NULL, 0, out, 48);
    case OP_CCM_OPEN: return rijn_ccm_seal(&ccm, back, tag, 16, iv, 13, NULL, 0, out, 48);
#if TRACE_WIDE
    case OP_XTS_ENC: return rijn_xts_decrypt(&xts, iv, back, out, XTS_LEN);
    case OP_XTS_DEC: return rijn_xts_encrypt(&xts, iv, back, out, XTS_LEN);
    case OP_GCM_SEAL: return rijn_gcm_open(&gcm, back, tag, 16, iv, 12, NULL, 0, out, 48);
    case OP_GCM_OPEN: return rijn_gcm_seal(&gcm, back, tag, 16, iv, 12, NULL, 0, out, 48);
#endif
    default: return RIJN_ERR_PARAM;
    }
}

static size_t inverse_len(int op)
{
#if TRACE_WIDE
    if (op == OP_XTS_ENC || op == OP_XTS_DEC)
        return XTS_LEN;
#endif
    return (op == OP_ENC1 || op == OP_DEC1) ? 16u : 48u;
}

static void fail(const char *what, const char *cls, size_t klen)
{
    hal_puts("FAIL ");
    hal_puts(what);
    hal_puts(" ");
    hal_puts(cls);
    hal_puts(" ");
    hal_putu((uint32_t)klen);
    hal_puts("\n");
    hal_exit(1);
}

static int same(const char *a, const char *b)
{
    while (*a != '\0' && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

/* FIPS-197 appendix C: key 00 01 .., plaintext 00 11 22 .. */
static const uint8_t fips_ct[3][4] = {{0x69, 0xc4, 0xe0, 0xd8},
                                      {0xdd, 0xa9, 0x7c, 0xa4},
                                      {0x8e, 0xa2, 0xb7, 0xca}};

static int known_answer(const char *cls, size_t klen)
{
    uint8_t i;
    for (i = 0; i < 32; i++)
        key[i] = i;
    for (i = 0; i < 16; i++)
        in[i] = (uint8_t)(i * 0x11u);
    if (rijn_aes_init(&ctx, key, klen) != RIJN_OK)
        return 0; /* key size compiled out */
    if (!same(rijn_aes_ctx_impl_name(&ctx), cls))
        fail("class not used", cls, klen);
    if (rijn_aes_encrypt_blocks(&ctx, out, in, 1) != RIJN_OK ||
        memcmp(out, fips_ct[klen / 8 - 2], 4) != 0)
        fail("FIPS-197", cls, klen);
    return 1;
}

#if TRACE_WIDE
/* Keys (and for GCM open a valid message) of the wide operations. */
static void wide_setup(int op, const char *cls, size_t klen)
{
    if (op == OP_XTS_ENC || op == OP_XTS_DEC) {
        fill(xkey, 2 * klen);
        if (rijn_xts_init(&xts, xkey, 2 * klen) != RIJN_OK)
            fail("XTS key setup", cls, klen);
    }
    if ((op == OP_GCM_SEAL || op == OP_GCM_OPEN) && rijn_gcm_init(&gcm, key, klen) != RIJN_OK)
        fail("GCM key setup", cls, klen);
    if (op == OP_GCM_OPEN) {
        if (rijn_gcm_seal(&gcm, back, tag, 16, iv, 12, NULL, 0, in, 48) != RIJN_OK)
            fail(op_name[op], cls, klen);
        memcpy(in, back, 48);
    }
}
#endif

static void group(const char *cls, int ct, int op, size_t klen)
{
    unsigned n;
    hal_puts(ct ? "G " : "N ");
    hal_puts(cls);
    hal_puts(" ");
    hal_puts(op_name[op]);
    hal_puts(" ");
    hal_putu((uint32_t)klen);
    hal_puts(" ");
    hal_putu(TRACE_N);
    hal_puts("\n");
    for (n = 0; n < TRACE_N; n++) {
        fill(key, sizeof key);
        fill(iv, sizeof iv);
        fill(in, sizeof in);
        if (op > OP_INIT_ENC && rijn_aes_init(&ctx, key, klen) != RIJN_OK)
            fail("key setup", cls, klen);
        if ((op == OP_CCM_SEAL || op == OP_CCM_OPEN) && rijn_ccm_init(&ccm, key, klen) != RIJN_OK)
            fail("CCM key setup", cls, klen);
        if (op == OP_CCM_OPEN) { /* a valid message: in = seal(plaintext), its tag */
            if (rijn_ccm_seal(&ccm, back, tag, 16, iv, 13, NULL, 0, in, 48) != RIJN_OK)
                fail(op_name[op], cls, klen);
            memcpy(in, back, 48);
        }
#if TRACE_WIDE
        wide_setup(op, cls, klen);
#endif
        if (traced(op, klen) != RIJN_OK)
            fail(op_name[op], cls, klen);
        if (op == OP_CMAC ? rijn_cmac_check(tag, 16, key, klen, in, 48) != RIJN_OK
                          : op > OP_INIT_ENC && (inverse(op) != RIJN_OK ||
                                                 memcmp(back, in, inverse_len(op)) != 0))
            fail(op_name[op], cls, klen);
    }
}

int main(void)
{
    size_t i, klen;
    unsigned groups = 0;
    int op;
    for (i = 0; i < rijn_aes_impl_count(); i++) {
        const rijn_aes_impl *impl = rijn_aes_impl_at(i);
        const char *cls = rijn_aes_impl_name(impl);
        int ct = (rijn_aes_impl_flags(impl) & RIJN_AES_IMPL_CONSTTIME) != 0;
        if (!rijn_aes_impl_available(impl))
            continue;
        if (rijn_aes_impl_force(cls) != RIJN_OK)
            fail("force", cls, 0);
        for (klen = 16; klen <= 32; klen += 8) {
            if (!known_answer(cls, klen))
                continue;
            for (op = 0; op < NOPS; op++) {
#if TRACE_WIDE
                if (klen == 24 && (op == OP_XTS_ENC || op == OP_XTS_DEC))
                    continue; /* XTS: AES-128 and AES-256 only */
#endif
                group(cls, ct, op, klen);
                groups++;
            }
        }
    }
    hal_puts("done ");
    hal_putu(groups);
    hal_puts("\n");
    hal_exit(0); /* (on AVR a return from main would end without a status) */
}
