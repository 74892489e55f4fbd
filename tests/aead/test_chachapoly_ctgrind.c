/*
 * test_chachapoly_ctgrind.c -- constant-time check under Valgrind memcheck
 * ("ctgrind") of ChaCha20 (IETF, original, XChaCha20 / HChaCha20),
 * Poly1305 (the library's path: 26-bit limbs and AVX2 on x86-64, and the
 * radix-2^32 code of every other target, compiled here from
 * src/mac/poly1305.c with RIJN_CFG_POLY1305_X86=0 under renamed entry
 * points), ChaCha20-Poly1305 seal (also bound to each ChaCha20 and
 * Poly1305 registry entry that runs under Valgrind: SSSE3, AVX2, the
 * radix-2^64 scalar; AVX-512/IFMA do not run there), the fused ChaCha20 +
 * Poly1305 entries (aead/chachapoly_fused.c: seal and a streaming
 * decryption of 1100 bytes each, two groups and more), and the compact Ascon permutation
 * (ascon_p32s.c, RIJN_CFG_ASCON_SMALL=1's). Keys, plaintexts, AAD and
 * states are marked undefined; nonces and counters are public. No report
 * is allowed; the verdict of a tag check is public by design and is not
 * run here. A planted branch on a secret byte must be reported. The
 * program re-runs itself under valgrind (skip, 77, when valgrind or
 * valgrind/memcheck.h is missing, or in a sanitizer build).
 */
#include "tu_poly1305_p32.h" /* first: the radix-2^32 code as p32_* */

#include <string.h>

#include "aead/chachapoly_i.h"
#include "ascon/ascon_i.h"
#include "rijn/chacha20.h"
#include "rijn/chachapoly.h"
#include "stream/stream_i.h"
#include "tu_ctgrind.h"

#if !TU_CTGRIND
int main(void)
{
    return tu_ct_skip();
}
#else

static uint8_t k[32], nonce[24], aad[40], pt[1100], ct[1100], tag[16], sub[32];

static void secrets(void)
{
    tu_rand_bytes(k, sizeof k);
    tu_rand_bytes(nonce, sizeof nonce);
    tu_rand_bytes(aad, sizeof aad);
    tu_rand_bytes(pt, sizeof pt);
    TU_SECRET(k, sizeof k);
    TU_SECRET(aad, sizeof aad);
    TU_SECRET(pt, sizeof pt);
}

static int child_ct(void)
{
    rijn_chacha20_ctx c;
    rijn_chachapoly_ctx cp;
    uint64_t s[5];
    unsigned long e;
    secrets();
    TU_ERRORS_IN(e, {
        if (rijn_chacha20_xor(ct, pt, 700, k, nonce, 1) != RIJN_OK) {}
        if (rijn_chacha20_djb_init(&c, k, nonce, 0xfffffffeu) == RIJN_OK &&
            rijn_chacha20_update(&c, ct, pt, 5) == RIJN_OK &&
            rijn_chacha20_update(&c, ct + 5, pt + 5, 300) == RIJN_OK) {}
        if (rijn_xchacha20_init(&c, k, nonce, 0) == RIJN_OK &&
            rijn_chacha20_update(&c, ct, pt, 130) == RIJN_OK) {}
        rijn_hchacha20(sub, k, nonce);
    });
    TU_CHECK(e == 0, "ChaCha20 / XChaCha20 / HChaCha20: %lu reports", e);
    TU_ERRORS_IN(e, {
        if (rijn_poly1305(tag, k, pt, 700) != RIJN_OK) {}
        if (rijn_poly1305(tag, k, pt, 37) != RIJN_OK) {}
        if (p32_mac(tag, k, pt, 700) != RIJN_OK) {}
        if (p32_mac(tag, k, pt, 37) != RIJN_OK) {}
    });
    TU_CHECK(e == 0, "Poly1305 (library and radix 2^32): %lu reports", e);
    TU_ERRORS_IN(e, {
        if (rijn_chacha20poly1305_init(&cp, k, 32) == RIJN_OK &&
            rijn_chacha20poly1305_seal(&cp, ct, tag, 16, nonce, 12, aad, 40, pt, 333) != RIJN_OK) {}
        if (rijn_xchacha20poly1305_init(&cp, k, 32) == RIJN_OK &&
            rijn_chacha20poly1305_seal(&cp, ct, tag, 16, nonce, 24, aad, 9, pt, 70) != RIJN_OK) {}
    });
    TU_CHECK(e == 0, "ChaCha20-Poly1305 / XChaCha20-Poly1305 seal: %lu reports", e);
    {
        /* every ChaCha20 and Poly1305 registry entry that runs here (under
         * Valgrind: no AVX-512): pair i binds entry min(i, last) of each */
        const rijn_i_registry *rc = &rijn_i_chacha20_registry, *rp = &rijn_i_poly1305_registry;
        size_t i, n = rc->count > rp->count ? rc->count : rp->count, pairs = 0;
        for (i = 0; i < n; i++) {
            const rijn_i_impl *ci = rc->impls[i < rc->count ? i : rc->count - 1];
            const rijn_i_impl *pi = rp->impls[i < rp->count ? i : rp->count - 1];
            if (!rijn_i_impl_runs(ci) || !rijn_i_impl_runs(pi))
                continue;
            pairs++;
            TU_ERRORS_IN(e, {
                if (rijn_chacha20poly1305_init(&cp, k, 32) == RIJN_OK &&
                    rijn_i_chachapoly_use(&cp, ci->name, pi->name) == RIJN_OK &&
                    rijn_chacha20poly1305_seal(&cp, ct, tag, 16, nonce, 12, aad, 40, pt, 700) !=
                        RIJN_OK) {}
            });
            TU_CHECK(e == 0, "seal on %s + %s: %lu reports", ci->name, pi->name, e);
        }
        TU_CHECK(pairs > 0, "no registry pair runs");
    }
    {
        /* every fused entry that runs here, bound through its pair */
        const rijn_i_registry *rf = &rijn_i_chachapoly_fused_registry;
        size_t i;
        for (i = 0; i + 1 < rf->count; i++) {
            const char *name = rf->impls[i]->name;
            if (!rijn_i_impl_runs(rf->impls[i]))
                continue;
            TU_CHECK(rijn_chacha20poly1305_init(&cp, k, 32) == RIJN_OK &&
                         rijn_i_chachapoly_use(&cp, name, "x64") == RIJN_OK &&
                         strcmp(rijn_i_chachapoly_fused_name(&cp), name) == 0,
                     "fused %s not bound", name);
            TU_ERRORS_IN(e, {
                if (rijn_chacha20poly1305_seal(&cp, ct, tag, 16, nonce, 12, aad, 40, pt, 1100) !=
                    RIJN_OK) {}
                if (rijn_chacha20poly1305_start(&cp, nonce, 12) == RIJN_OK &&
                    rijn_chacha20poly1305_decrypt_update(&cp, ct, pt, 1100) != RIJN_OK) {}
            });
            TU_CHECK(e == 0, "fused %s: %lu reports", name, e);
        }
    }
    TU_ERRORS_IN(e, {
        memcpy(s, pt, sizeof s);
        rijn_i_ascon_p32s(s, 12);
        rijn_i_ascon_p32s(s, 8);
    });
    TU_CHECK(e == 0, "Ascon compact permutation: %lu reports", e);
    rijn_chacha20_wipe(&c);
    rijn_chacha20poly1305_wipe(&cp);
    printf("  ChaCha20 family, Poly1305 (both limb sizes), ChaCha20-Poly1305, Ascon p32s checked\n");
    return tu_finish();
}

static int child_leaky(void)
{
    secrets();
    tu_ct_planted_branch(k);
    return tu_finish();
}

int main(int argc, char **argv)
{
    return tu_ct_main(argc, argv, "ChaCha20, Poly1305, Ascon p32s", child_ct, child_leaky);
}
#endif
