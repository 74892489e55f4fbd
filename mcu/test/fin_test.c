/*
 * fin_test.c -- the AES finalists' known answers and Serpent's published
 * Monte Carlo rows on a microcontroller target (run by mcu/finalists.py
 * --check, from tests/mcu/test_mcu_finalists.sh).
 *
 * Implementation notes: the host writes the records (mcu/tools/finvec.py,
 * format documented there) from the package-registry files the host tests
 * read; they arrive through the HAL's vector stream (semihosting file on
 * ARM/RISC-V, PROGMEM array on AVR). Each known answer: key setup,
 * encrypt and compare, decrypt and compare, through the generic
 * descriptor (rijn/blockcipher.h). A Monte Carlo record runs the
 * AES-candidate loop (tests/cipher/finalists_mct.h, the host tests' own code)
 * for its rows from the given start and compares the last row's output.
 * Prints per-cipher counts and "N passed, N failed"; exits 0 only when
 * nothing failed and something passed.
 */
#include <string.h>

#include "../../tests/cipher/finalists_mct.h"
#include "hal.h"
#include "rijn/blockcipher.h"

/* FIN_ONLY 1..4: that cipher alone (the ATmega328P's 2 KiB of RAM does
 * not hold the four ciphers' .data tables, the context and the stack of
 * the deepest one together: one image per cipher there). */
#ifndef FIN_ONLY
#define FIN_ONLY 0
#endif
#define FIN_HAS(i, d) (FIN_ONLY == 0 || FIN_ONLY == (i) ? (d) : 0)
static const rijn_bc_desc *const desc[5] = {0, FIN_HAS(1, &rijn_bc_serpent),
                                            FIN_HAS(2, &rijn_bc_twofish), FIN_HAS(3, &rijn_bc_rc6),
                                            FIN_HAS(4, &rijn_bc_mars)};
static rijn_bc_ctx ctx;
static uint32_t passed, failed, per[5], bad[5];

static int rd(uint8_t *b, size_t n)
{
    return hal_vec_read(b, n) == n ? 0 : -1;
}

static void check(int ok)
{
    if (ok)
        passed++;
    else
        failed++;
}

static int mct_setkey(void *st, const uint8_t *key, size_t kl)
{
    rijn_bc_ctx *c = st;
    return rijn_bc_init(c, c->desc, key, kl) == RIJN_OK ? 0 : -1;
}

static void mct_block(void *st, uint8_t out[16], const uint8_t in[16], int enc)
{
    rijn_bc_ctx *c = st;
    (enc ? c->desc->encrypt : c->desc->decrypt)(&c->u, out, in);
}

int main(void)
{
    static fin_mct s;
    uint8_t h[4], pt[16], ct[16], out[16], want[16];
    int i, clean = 0;

    if (hal_vec_open() != 0) {
        hal_puts("fin_test: no vector stream\n");
        hal_exit(1);
    }
    while (rd(h, 2) == 0) {
        unsigned c = h[0] & 0x0Fu, kl = h[1];
        if (h[0] == 0) {
            clean = 1; /* the end marker (its second byte is padding) */
            break;
        }
        if (c < 1 || c > 4 || desc[c] == 0 || (kl != 16 && kl != 24 && kl != 32)) {
            hal_puts("fin_test: bad record\n");
            failed++;
            break;
        }
        if (h[0] & 0x10u) { /* Monte Carlo record */
            fin_cipher f;
            if (rd(h + 2, 2) != 0 || rd(s.key, kl) != 0 || rd(s.iv, 16) != 0 ||
                rd(s.text, 16) != 0 || rd(want, 16) != 0)
                break;
            s.kl = kl;
            ctx.desc = desc[c];
            f.st = &ctx;
            f.setkey = mct_setkey;
            f.block = mct_block;
            for (i = 0; i < h[3]; i++)
                check(fin_mct_row(&f, h[2], &s, 10000) == 0);
            check(memcmp(s.out, want, 16) == 0);
            hal_puts(desc[c]->name);
            hal_puts(" Monte Carlo (");
            hal_puts(fin_mct_name(h[2]));
            hal_puts(") rows: ");
            hal_putu(h[3]);
            hal_puts(memcmp(s.out, want, 16) == 0 ? " ok\n" : " FAILED\n");
            continue;
        }
        if (rd(s.key, kl) != 0 || rd(pt, 16) != 0 || rd(ct, 16) != 0)
            break;
        if (rijn_bc_init(&ctx, desc[c], s.key, kl) != RIJN_OK) {
            failed++;
            continue;
        }
        desc[c]->encrypt(&ctx.u, out, pt);
        i = memcmp(out, ct, 16) == 0;
        desc[c]->decrypt(&ctx.u, out, ct);
        i += memcmp(out, pt, 16) == 0;
        passed += (uint32_t)i;
        failed += (uint32_t)(2 - i);
        bad[c] += i != 2;
        per[c]++;
    }
    rijn_bc_wipe(&ctx);
    if (!clean) {
        hal_puts("fin_test: vector stream cut short\n");
        failed++;
    }
    for (i = 1; i < 5; i++) {
        if (desc[i] == 0)
            continue;
        hal_puts(desc[i]->name);
        hal_puts(" known answers: ");
        hal_putu(per[i]);
        if (bad[i] != 0) {
            hal_puts(", failing: ");
            hal_putu(bad[i]);
        }
        hal_puts("\n");
    }
    hal_putu(passed);
    hal_puts(" passed, ");
    hal_putu(failed);
    hal_puts(" failed\n");
    hal_exit(failed == 0 && passed > 0 ? 0 : 1);
}
