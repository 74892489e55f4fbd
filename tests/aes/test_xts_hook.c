/*
 * test_xts_hook.c -- the optional xts entry of the AES implementation
 * classes (aes_i.h), called directly and through rijn_xts_*, against
 * xts.c's generic path on the same class.
 *
 * For every available class, both key sizes, every length 16 .. 16*9+15
 * (one to nine blocks, a partial eighth-block pass and every stealing
 * tail) and longer ones around 8-, 16- and 32-block passes, in three
 * layouts (aligned, unaligned, in place): the reference is rijn_xts_* on
 * a context whose tweak key uses another class (xts.c then takes its
 * generic path over the data class's N-block entries); a context keyed
 * with the class alone (its hook, when it has one) and, when the class
 * has the entry, a direct call of it must give the same ciphertext, and
 * decryption must give the plaintext back. The classes that must have
 * the entry in this build (x86ni on x86, armce and neonbs on AArch64)
 * are checked to have it, so a lost hook fails here instead of silently
 * falling back. The generic path itself is checked against CAVP and
 * OpenSSL by tests/modes/test_xts.c.
 */
#include <stdio.h>
#include <string.h>

#include "aes/aes_i.h"
#include "rijn/xts.h"
#include "aes_keylens.h"
#include "testutil.h"

#define MAXLEN (16 * 70 + 15)
#define OFF    7

static uint8_t pt[MAXLEN + OFF], ref[MAXLEN + OFF], got[MAXLEN + OFF], back[MAXLEN + OFF];
static unsigned hooked;

static const rijn_aes_impl *other_class(const rijn_aes_impl *impl)
{
    size_t i;
    for (i = 0; i < rijn_aes_impl_count(); i++) {
        const rijn_aes_impl *o = rijn_aes_impl_at(i);
        if (o != impl && rijn_aes_impl_available(o))
            return o;
    }
    return NULL;
}

static int must_have_hook(const char *name)
{
    (void)name;
#if RIJN_CFG_AES_X86NI
    if (strcmp(name, "x86ni") == 0)
        return 1;
#endif
#if RIJN_CFG_AES_ARMCE
    if (strcmp(name, "armce") == 0)
        return 1;
#endif
#if RIJN_CFG_AES_NEONBS
    if (strcmp(name, "neonbs") == 0)
        return 1;
#endif
    return 0;
}

static void one_len(const char *name, const rijn_aes_impl *impl, const rijn_aes_impl *oth,
                    size_t klen, size_t len, unsigned layout)
{
    uint8_t key[64], tweak[16];
    rijn_xts_ctx c, mix;
    size_t oin = layout == 1 ? 3 : 0, oout = layout == 1 ? OFF : 0;
    char what[96];
    int r;
    tu_rand_bytes(key, klen);
    tu_rand_bytes(tweak, 16);
    tu_rand_bytes(pt + oin, len);
    snprintf(what, sizeof what, "%s key %u len %u layout %u", name, (unsigned)klen,
             (unsigned)len, layout);
    r = rijn_xts_init(&c, key, klen); /* the class forced by tu_for_each_impl */
    TU_CHECK(r == RIJN_OK && c.data.impl == impl, "%s: init %d", what, r);
    if (r != RIJN_OK)
        return;
    mix = c;
    r = rijn_aes_init_impl(&mix.tweak, oth, key + klen / 2, klen / 2);
    TU_CHECK(r == RIJN_OK, "%s: tweak key on %s %d", what, rijn_aes_impl_name(oth), r);
    /* the reference: xts.c's generic path on the data class */
    r = rijn_xts_encrypt(&mix, tweak, ref + oout, pt + oin, len);
    TU_CHECK(r == RIJN_OK, "%s: generic enc %d", what, r);
    /* through rijn_xts_encrypt (the hook when the class has one) */
    if (layout == 2) {
        memcpy(got, pt + oin, len);
        r = rijn_xts_encrypt(&c, tweak, got, got, len);
    } else {
        r = rijn_xts_encrypt(&c, tweak, got + oout, pt + oin, len);
    }
    TU_CHECK(r == RIJN_OK, "%s: enc %d", what, r);
    TU_EQ(got + (layout == 2 ? 0 : oout), ref + oout, len, what);
#if RIJN_CFG_AES_DECRYPT
    if (layout == 2) {
        r = rijn_xts_decrypt(&c, tweak, got, got, len);
        TU_CHECK(r == RIJN_OK, "%s: dec %d", what, r);
        TU_EQ(got, pt + oin, len, what);
    } else {
        r = rijn_xts_decrypt(&c, tweak, back + oin, ref + oout, len);
        TU_CHECK(r == RIJN_OK, "%s: dec %d", what, r);
        TU_EQ(back + oin, pt + oin, len, what);
    }
#endif
#if RIJN_I_AES_HOOKS
    if (impl->xts != NULL) { /* the entry itself, both directions */
        memset(got, 0, sizeof got);
        r = impl->xts(&c.data, 0, tweak, got + oout, pt + oin, len);
        TU_CHECK(r == RIJN_OK, "%s: hook enc %d", what, r);
        TU_EQ(got + oout, ref + oout, len, what);
#if RIJN_CFG_AES_DECRYPT
        memcpy(back, ref + oout, len);
        r = impl->xts(&c.data, 1, tweak, back, back, len);
        TU_CHECK(r == RIJN_OK, "%s: hook dec %d", what, r);
        TU_EQ(back, pt + oin, len, what);
#endif
    }
#endif
    rijn_xts_wipe(&c);
    rijn_xts_wipe(&mix);
}

static void run(const char *name, void *arg)
{
    static const size_t longer[] = {16 * 15 + 7, 16 * 16, 16 * 17 + 1, 16 * 24 + 15,
                                    16 * 31 + 9, 16 * 32, 16 * 33 + 2, 16 * 64, MAXLEN};
    const rijn_aes_impl *impl = rijn_aes_impl_default(), *oth = other_class(impl);
    size_t klen, len, i;
    unsigned layout;
    (void)arg;
    TU_CHECK(oth != NULL, "%s: no second class for the tweak key", name);
    if (oth == NULL)
        return;
#if RIJN_I_AES_HOOKS
    if (impl->xts != NULL)
        hooked++;
    TU_CHECK(!must_have_hook(name) || impl->xts != NULL, "%s: no xts hook", name);
#else
    TU_CHECK(!must_have_hook(name), "%s: no xts hook (no hooks in this build)", name);
#endif
    for (klen = 32; klen <= 64; klen += 32) {
        if (!aes_key_ok(klen / 2)) /* AES-256 compiled out (test_xts checks the refusal) */
            continue;
        for (layout = 0; layout < 3; layout++) {
            for (len = 16; len <= 16 * 9 + 15; len++)
                one_len(name, impl, oth, klen, len, layout);
            for (i = 0; i < sizeof longer / sizeof longer[0]; i++)
                one_len(name, impl, oth, klen, longer[i], layout);
        }
    }
}

int main(void)
{
    int n = tu_for_each_impl(run, NULL);
    printf("xts hook: %d classes, %u with the entry\n", n, hooked);
    return tu_finish();
}
