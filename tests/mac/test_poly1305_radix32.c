/*
 * test_poly1305_radix32.c -- the radix-2^32 Poly1305 of src/mac/poly1305.c
 * (the code of every MCU and non-x86 host; an x86-64 build of the library
 * uses the 26-bit limbs and AVX2 instead), compiled here from the source
 * with RIJN_CFG_POLY1305_X86=0 under renamed entry points, so it is
 * tested on every host:
 *   - the RFC 7539 / RFC 8439 A.3 vectors (cryptography_vectors), which
 *     include the carry and final-reduction edge cases;
 *   - differential against OpenSSL's EVP_MAC "POLY1305" and against the
 *     library's own rijn_poly1305 for lengths 0..300 with random splits,
 *     on random keys and on the extremes of the limb bounds: r clamped to
 *     its maximum (key bytes 0xff), r = 0, r = 4 (s = 5 only), s = 2^128 - 1,
 *     messages of 0xff bytes (largest h after every block) and of zeros,
 *     r = 4 with a first block that makes the partial reduction's carry
 *     run through all four words, and r = 1 with two blocks that sum to
 *     2^130 - 9 .. 2^130 - 2 (h around p at the final reduction), and r
 *     at its maximum with a first block that leaves h = 2^130 - 30 (limbs
 *     near 2^13 - 1), then 0xff blocks: the largest columns of radix 2^13.
 * tests/mac/test_poly1305_radix13.c includes this file with
 * RIJN_I_POLY1305_R13 = 1: the same on the radix-2^13 code (Cortex-M0).
 * Prints "N passed, N failed".
 */
#ifndef RADIX
#define RADIX "radix 2^32"
#endif
#include "tu_poly1305_p32.h" /* first: the radix-2^32 code as p32_* */

#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "tu_ossl.h"

static void rfc_vectors(void)
{
    tu_rsp *r = tu_rsp_open(tu_vec_require("cryptography_vectors/poly1305/rfc7539.txt"));
    uint8_t key[32], tag[16], want[16];
    size_t ml;
    int n = 0;
    while (r != NULL && tu_rsp_next(r)) {
        uint8_t *m = tu_unhex(tu_rsp_get(r, "MSG"), &ml);
        tu_unhex_into(key, 32, tu_rsp_get(r, "KEY"));
        tu_unhex_into(want, 16, tu_rsp_get(r, "TAG"));
        TU_CHECK(p32_mac(tag, key, m, ml) == RIJN_OK, "p32 mac");
        TU_EQ(tag, want, 16, RADIX " Poly1305 rfc7539");
        TU_CHECK(p32_verify(want, key, m, ml) == RIJN_OK, "verify");
        want[0] ^= 0x80;
        TU_CHECK(p32_verify(want, key, m, ml) == RIJN_ERR_AUTH, "verify bad");
        free(m);
        n++;
    }
    tu_rsp_close(r);
    printf("Poly1305 rfc7539.txt through " RADIX ": %d vectors\n", n);
    TU_CHECK(n >= 10, "vectors %d", n);
}

int main(void)
{
    static uint8_t msg[300];
    /* (2^130 - 30) / r - 2^128 mod p for r at its clamped maximum */
    static const uint8_t big_h[16] = {0xe8, 0x8c, 0x85, 0x03, 0x43, 0xaf, 0xa7, 0x85,
                                      0x21, 0x6b, 0xc3, 0x45, 0xc4, 0x53, 0x98, 0xf8};
    uint8_t key[32], tag[16], lib[16], want[16];
    size_t len;
    int kind;
    tu_rand_seed(0x9013u);
    rfc_vectors();
    for (kind = 0; kind < 9; kind++) {
        for (len = 0; len <= sizeof msg; len += tu_quick() ? 23 : 1) {
            {
                rijn_poly1305_ctx c;
                size_t off = 0;
                tu_rand_bytes(key, 32);
                tu_rand_bytes(msg, len);
                if (kind == 1 || kind == 5)
                    memset(key, 0xff, 16); /* r at its clamped maximum */
                if (kind == 2)
                    memset(key, 0, 16); /* r = 0 */
                if (kind == 3) {
                    memset(key, 0, 16); /* r = 4 * 2^32: s1 = 5 only */
                    key[4] = 4;
                }
                if (kind == 8) {
                    memset(key, 0xff, 32);
                    memset(msg, 0xff, len);
                    memcpy(msg, big_h, len < 16 ? len : 16);
                }
                if (kind == 1 || kind == 4 || kind == 5)
                    memset(key + 16, 0xff, 16); /* pad carries out of 2^128 */
                if (kind == 1 || kind == 4)
                    memset(msg, 0xff, len); /* largest h after each block */
                if (kind == 5)
                    memset(msg, 0, len);
                if (kind == 6) {
                    /* r = 4 and a first block 2^126 - 1: h = 4 (2^126 - 1 +
                     * 2^128) = 2^130 + 2^128 - 4, so the partial reduction's
                     * carry runs from h0 through h3 into h4 */
                    memset(key, 0, 16);
                    key[0] = 4;
                    if (len >= 16) {
                        memset(msg, 0xff, 15);
                        msg[15] = 0x3f;
                    }
                }
                if (kind == 7) {
                    /* r = 1, two blocks of 2^128 - 1 and 2^128 - 1 - len % 8:
                     * h = 2^130 - 2 - len % 8, around p = 2^130 - 5 */
                    memset(key, 0, 16);
                    key[0] = 1;
                    memset(msg, 0xff, len);
                    if (len > 16)
                        msg[16] = (uint8_t)(0xff - len % 8);
                }
                tu_ossl_poly1305(want, key, msg, len);
                TU_CHECK(p32_mac(tag, key, msg, len) == RIJN_OK, "mac");
                TU_EQ(tag, want, 16, RADIX " vs OpenSSL");
                TU_CHECK(rijn_poly1305(lib, key, msg, len) == RIJN_OK, "library mac");
                TU_EQ(lib, want, 16, "library vs OpenSSL");
                TU_CHECK(p32_init(&c, key) == RIJN_OK, "init");
                while (off < len) {
                    size_t k = tu_rand_below(len - off + 1);
                    TU_CHECK(p32_update(&c, msg + off, k) == RIJN_OK, "update");
                    off += k;
                }
                TU_CHECK(p32_final(&c, tag) == RIJN_OK, "final");
                TU_EQ(tag, want, 16, RADIX " split vs OpenSSL");
            }
        }
    }
    return tu_finish();
}
