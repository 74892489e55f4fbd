/*
 * amal_kat.c -- known answers against the amalgamation (dist/rijn.h +
 * dist/rijn.c from scripts/amalgamate.py), run by tests/package/test_amalgamation.sh
 * on the host and, built with -DAMAL_HAL, on Cortex-M3 (QEMU) and
 * ATmega328P (simavr) through the MCU runtime's hal.h.
 *
 * Implementation notes: FIPS 197 appendix C.1-C.3 (AES-128/192/256,
 * encrypt and decrypt) for every AES implementation the build has
 * (rijn_aes_impl_at + rijn_aes_init_impl), and the GCM specification's
 * test case 4 (AES-128, 60-byte text, 20-byte AAD; McGrew and Viega)
 * through the one-shot seal/open API, with a tampered tag that must fail.
 * Prints "N passed, N failed"; exit status 1 on any failure or if the
 * number passed is not the number of checks made (6 per AES class + 3).
 */
#include <string.h>

#include "rijn.h"

#ifdef AMAL_HAL
#include "hal.h"
#define out(s) hal_puts(s)
#define out_u(v) hal_putu((uint32_t)(v))
#else
#include <stdio.h>
#define out(s) fputs((s), stdout)
#define out_u(v) printf("%lu", (unsigned long)(v))
#endif

static unsigned passed, failed;

static void check(int ok, const char *what, const char *impl)
{
    if (ok) {
        passed++;
        return;
    }
    failed++;
    out("FAIL: ");
    out(what);
    out(" (");
    out(impl);
    out(")\n");
}

static const uint8_t pt[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                               0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
static const uint8_t ct128[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                  0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};
static const uint8_t ct192[16] = {0xdd, 0xa9, 0x7c, 0xa4, 0x86, 0x4c, 0xdf, 0xe0,
                                  0x6e, 0xaf, 0x70, 0xa0, 0xec, 0x0d, 0x71, 0x91};
static const uint8_t ct256[16] = {0x8e, 0xa2, 0xb7, 0xca, 0x51, 0x67, 0x45, 0xbf,
                                  0xea, 0xfc, 0x49, 0x90, 0x4b, 0x49, 0x60, 0x89};

static unsigned expected; /* checks that must have passed */

static void fips197(void)
{
    const uint8_t *want[3] = {ct128, ct192, ct256};
    uint8_t key[32], buf[16];
    size_t i, k;
    for (i = 0; i < 32; i++)
        key[i] = (uint8_t)i;
    for (i = 0; i < rijn_aes_impl_count(); i++) {
        const rijn_aes_impl *impl = rijn_aes_impl_at(i);
        const char *name = rijn_aes_impl_name(impl);
        if (!rijn_aes_impl_available(impl))
            continue;
        expected += 6;
        for (k = 0; k < 3; k++) {
            rijn_aes_ctx ctx;
            int ok = rijn_aes_init_impl(&ctx, impl, key, 16 + 8 * k) == RIJN_OK;
            ok = ok && rijn_aes_encrypt_blocks(&ctx, buf, pt, 1) == RIJN_OK &&
                 memcmp(buf, want[k], 16) == 0;
            check(ok, k == 0 ? "FIPS-197 C.1 encrypt" : k == 1 ? "FIPS-197 C.2 encrypt"
                                                               : "FIPS-197 C.3 encrypt", name);
            ok = rijn_aes_decrypt_blocks(&ctx, buf, want[k], 1) == RIJN_OK &&
                 memcmp(buf, pt, 16) == 0;
            check(ok, "FIPS-197 decrypt", name);
            rijn_aes_wipe(&ctx);
        }
    }
}

/* GCM spec test case 4. */
static const uint8_t gk[16] = {0xfe, 0xff, 0xe9, 0x92, 0x86, 0x65, 0x73, 0x1c,
                               0x6d, 0x6a, 0x8f, 0x94, 0x67, 0x30, 0x83, 0x08};
static const uint8_t gn[12] = {0xca, 0xfe, 0xba, 0xbe, 0xfa, 0xce, 0xdb, 0xad,
                               0xde, 0xca, 0xf8, 0x88};
static const uint8_t gp[60] = {
    0xd9, 0x31, 0x32, 0x25, 0xf8, 0x84, 0x06, 0xe5, 0xa5, 0x59, 0x09, 0xc5, 0xaf, 0xf5, 0x26, 0x9a,
    0x86, 0xa7, 0xa9, 0x53, 0x15, 0x34, 0xf7, 0xda, 0x2e, 0x4c, 0x30, 0x3d, 0x8a, 0x31, 0x8a, 0x72,
    0x1c, 0x3c, 0x0c, 0x95, 0x95, 0x68, 0x09, 0x53, 0x2f, 0xcf, 0x0e, 0x24, 0x49, 0xa6, 0xb5, 0x25,
    0xb1, 0x6a, 0xed, 0xf5, 0xaa, 0x0d, 0xe6, 0x57, 0xba, 0x63, 0x7b, 0x39};
static const uint8_t ga[20] = {0xfe, 0xed, 0xfa, 0xce, 0xde, 0xad, 0xbe, 0xef, 0xfe, 0xed,
                               0xfa, 0xce, 0xde, 0xad, 0xbe, 0xef, 0xab, 0xad, 0xda, 0xd2};
static const uint8_t gc[60] = {
    0x42, 0x83, 0x1e, 0xc2, 0x21, 0x77, 0x74, 0x24, 0x4b, 0x72, 0x21, 0xb7, 0x84, 0xd0, 0xd4, 0x9c,
    0xe3, 0xaa, 0x21, 0x2f, 0x2c, 0x02, 0xa4, 0xe0, 0x35, 0xc1, 0x7e, 0x23, 0x29, 0xac, 0xa1, 0x2e,
    0x21, 0xd5, 0x14, 0xb2, 0x54, 0x66, 0x93, 0x1c, 0x7d, 0x8f, 0x6a, 0x5a, 0xac, 0x84, 0xaa, 0x05,
    0x1b, 0xa3, 0x0b, 0x39, 0x6a, 0x0a, 0xac, 0x97, 0x3d, 0x58, 0xe0, 0x91};
static const uint8_t gt[16] = {0x5b, 0xc9, 0x4f, 0xbc, 0x32, 0x21, 0xa5, 0xdb,
                               0x94, 0xfa, 0xe9, 0x5a, 0xe7, 0x12, 0x1a, 0x47};

static void gcm(void)
{
    static rijn_gcm_ctx ctx;
    uint8_t buf[60], tag[16];
    const char *name = "gcm";
    int ok = rijn_gcm_init(&ctx, gk, sizeof gk) == RIJN_OK;
    if (ok)
        name = rijn_aes_ctx_impl_name(&ctx.aes);
    ok = ok && rijn_gcm_seal(&ctx, buf, tag, 16, gn, 12, ga, 20, gp, 60) == RIJN_OK;
    check(ok && memcmp(buf, gc, 60) == 0 && memcmp(tag, gt, 16) == 0, "GCM test case 4 seal",
          name);
    ok = rijn_gcm_open(&ctx, buf, gt, 16, gn, 12, ga, 20, gc, 60) == RIJN_OK;
    check(ok && memcmp(buf, gp, 60) == 0, "GCM test case 4 open", name);
    memcpy(tag, gt, 16);
    tag[15] ^= 0x80u;
    check(rijn_gcm_open(&ctx, buf, tag, 16, gn, 12, ga, 20, gc, 60) == RIJN_ERR_AUTH,
          "GCM tampered tag refused", name);
    rijn_gcm_wipe(&ctx);
}

int main(void)
{
    size_t i;
    out("rijn ");
    out(rijn_version());
    out(" amalgamation, AES classes:");
    for (i = 0; i < rijn_aes_impl_count(); i++) {
        out(" ");
        out(rijn_aes_impl_name(rijn_aes_impl_at(i)));
    }
    out("\n");
    fips197();
    gcm();
    expected += 3;
    out_u(passed);
    out(" passed, ");
    out_u(failed);
    out(" failed\n");
#ifdef AMAL_HAL
    hal_exit(failed == 0 && passed == expected ? 0 : 1);
#else
    return failed == 0 && passed == expected ? 0 : 1;
#endif
}
