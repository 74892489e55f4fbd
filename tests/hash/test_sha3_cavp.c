/*
 * test_sha3_cavp.c -- NIST CAVP SHA-3 and SHAKE vectors: SHA3-224/256/384/
 * 512 ShortMsg, LongMsg, Monte; SHAKE128/256 ShortMsg, LongMsg,
 * VariableOut, Monte. Fixed-output hashes run one-shot and streamed with
 * random splits; SHAKE output is also squeezed in random pieces. With
 * the default Keccak-f[1600] version, then (re-runs, RIJN_CPU_MASK) with
 * AVX-512 hidden ("bmi1") and with BMI1 hidden too (portable).
 */
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "hash/hash_i.h"
#include "testutil.h"

#if !RIJN_CFG_HASH_SHA3
int main(void)
{
    printf("SHA-3 compiled out (RIJN_CFG_HASH_SHA3=0): skipped\n");
    return 77;
}
#else

#define VDIR "cryptography_vectors/hashes/"

static const rijn_hash_desc *const sha3s[4] = {&rijn_hash_sha3_224, &rijn_hash_sha3_256,
                                               &rijn_hash_sha3_384, &rijn_hash_sha3_512};
static const char *const sha3files[4] = {"SHA3_224", "SHA3_256", "SHA3_384", "SHA3_512"};

static int stream_fixed(const rijn_hash_desc *h, uint8_t *out, const uint8_t *m, size_t len)
{
    rijn_hash_ctx c;
    size_t pos = 0, k, maxp = 1 + tu_rand_below(len + 1);
    int r = rijn_hash_init(&c, h);
    while (r == RIJN_OK && pos < len) {
        k = 1 + tu_rand_below(maxp);
        if (k > len - pos)
            k = len - pos;
        r = rijn_hash_update(&c, m + pos, k);
        pos += k;
    }
    return r == RIJN_OK ? rijn_hash_final(&c, out, 64) : r;
}

/* SHAKE: absorb in random pieces, squeeze out_len bytes in random pieces. */
static int shake(int which, uint8_t *out, size_t out_len, const uint8_t *m, size_t len)
{
    rijn_sha3_ctx c;
    size_t pos = 0, k;
    int r = which == 128 ? rijn_shake128_init(&c) : rijn_shake256_init(&c);
    while (r == RIJN_OK && pos < len) {
        k = 1 + tu_rand_below(len - pos + 8);
        if (k > len - pos)
            k = len - pos;
        r = rijn_sha3_update(&c, m + pos, k);
        pos += k;
    }
    pos = 0;
    while (r == RIJN_OK && pos < out_len) {
        k = tu_rand_below(out_len - pos + 30); /* 0-byte squeezes too */
        if (k > out_len - pos)
            k = out_len - pos;
        r = rijn_shake_squeeze(&c, out + pos, k);
        pos += k;
    }
    rijn_sha3_wipe(&c);
    return r;
}

static unsigned long sha3_msgs(int i, const char *kind)
{
    char rel[200];
    tu_rsp *r;
    unsigned long n = 0;
    const rijn_hash_desc *h = sha3s[i];
    snprintf(rel, sizeof rel, VDIR "SHA3/%s%s.rsp", sha3files[i], kind);
    r = tu_rsp_open(tu_vec_require(rel));
    if (r == NULL)
        return 0;
    while (tu_rsp_next(r)) {
        const char *ls = tu_rsp_get(r, "Len"), *mh = tu_rsp_get(r, "Msg");
        const char *dh = tu_rsp_get(r, "MD");
        uint8_t *m, want[64], got[64];
        size_t ml;
        if (ls == NULL || mh == NULL || dh == NULL)
            continue;
        m = tu_unhex(mh, &ml);
        TU_CHECK(m != NULL && tu_unhex_into(want, h->digest_size, dh) == 0, "parse %s", rel);
        if (m == NULL)
            continue;
        ml = (size_t)strtoul(ls, NULL, 10) / 8;
        TU_CHECK(rijn_hash(h, got, sizeof got, m, ml) == RIJN_OK, "hash");
        TU_EQ(got, want, h->digest_size, h->name);
        TU_CHECK(stream_fixed(h, got, m, ml) == RIJN_OK, "stream");
        TU_EQ(got, want, h->digest_size, h->name);
        free(m);
        n++;
    }
    tu_rsp_close(r);
    return n;
}

/* SHA3 Monte: MD_i = H(MD_{i-1}), 1000 per checkpoint. */
static unsigned long sha3_monte(int i)
{
    char rel[200];
    tu_rsp *r;
    const rijn_hash_desc *h = sha3s[i];
    uint8_t md[64], want[64];
    unsigned long n = 0;
    int have = 0, j, iters = tu_quick() ? 50 : 1000;
    snprintf(rel, sizeof rel, VDIR "SHA3/%sMonte.rsp", sha3files[i]);
    r = tu_rsp_open(tu_vec_require(rel));
    if (r == NULL)
        return 0;
    while (tu_rsp_next(r)) {
        const char *s = tu_rsp_get(r, "Seed"), *dh = tu_rsp_get(r, "MD");
        if (s != NULL) {
            have = tu_unhex_into(md, h->digest_size, s) == 0;
            continue;
        }
        if (dh == NULL || !have || tu_unhex_into(want, h->digest_size, dh) != 0)
            continue;
        for (j = 0; j < iters; j++)
            if (rijn_hash(h, md, sizeof md, md, h->digest_size) != RIJN_OK)
                TU_CHECK(0, "hash");
        if (iters == 1000)
            TU_EQ(md, want, h->digest_size, "SHA3 Monte");
        n++;
        if (tu_quick() && n >= 2)
            break;
    }
    tu_rsp_close(r);
    return n;
}

/* SHAKE ShortMsg / LongMsg / VariableOut: Msg (Len bits), Output (hex). */
static unsigned long shake_msgs(int which, const char *kind)
{
    char rel[200];
    tu_rsp *r;
    unsigned long n = 0;
    snprintf(rel, sizeof rel, VDIR "SHAKE/SHAKE%d%s.rsp", which, kind);
    r = tu_rsp_open(tu_vec_require(rel));
    if (r == NULL)
        return 0;
    while (tu_rsp_next(r)) {
        const char *ls = tu_rsp_get(r, "Len"), *mh = tu_rsp_get(r, "Msg"),
                   *oh = tu_rsp_get(r, "Output");
        uint8_t *m, *want, got[512];
        size_t ml, ol;
        if (mh == NULL || oh == NULL)
            continue;
        m = tu_unhex(mh, &ml);
        want = tu_unhex(oh, &ol);
        TU_CHECK(m != NULL && want != NULL && ol <= sizeof got, "parse %s", rel);
        if (m == NULL || want == NULL || ol > sizeof got)
            continue;
        if (ls != NULL)
            ml = (size_t)strtoul(ls, NULL, 10) / 8;
        TU_CHECK((which == 128 ? rijn_shake128(got, ol, m, ml) : rijn_shake256(got, ol, m, ml)) ==
                     RIJN_OK, "shake");
        TU_EQ(got, want, ol, rel);
        TU_CHECK(shake(which, got, ol, m, ml) == RIJN_OK, "shake stream");
        TU_EQ(got, want, ol, rel);
        free(m);
        free(want);
        n++;
    }
    tu_rsp_close(r);
    return n;
}

/* Bits from a "[Name (bits) = N]" header line of a CAVP file. */
static size_t header_bits(const char *path, const char *name)
{
    char line[256];
    size_t v = 0;
    FILE *f = fopen(path, "r");
    while (f != NULL && fgets(line, sizeof line, f) != NULL) {
        const char *p = strstr(line, name);
        if (p != NULL && (p = strchr(p, '=')) != NULL) {
            v = (size_t)strtoul(p + 1, NULL, 10);
            break;
        }
    }
    if (f != NULL)
        fclose(f);
    return v;
}

/* SHAKE Monte (SHA3VS 6.3.3): Msg_i = leftmost 128 bits of Output_{i-1};
 * Output_i = SHAKE(Msg_i, Outputlen); the next Outputlen (bytes) is
 * minlen + (rightmost 16 bits of Output_i) mod (maxlen - minlen + 1). */
static unsigned long shake_monte(int which)
{
    char rel[200], path[4096];
    tu_rsp *r;
    uint8_t out[300], msg[16], want[300];
    size_t minb, maxb, olen, wl;
    unsigned long n = 0;
    int j, iters = tu_quick() ? 50 : 1000, have = 0;
    snprintf(rel, sizeof rel, VDIR "SHAKE/SHAKE%dMonte.rsp", which);
    snprintf(path, sizeof path, "%s", tu_vec_require(rel));
    minb = header_bits(path, "Minimum Output Length") / 8;
    maxb = header_bits(path, "Maximum Output Length") / 8;
    TU_CHECK(minb >= 2 && maxb <= sizeof out && minb <= maxb, "Monte header %zu %zu", minb, maxb);
    if (!(minb >= 2 && maxb <= sizeof out && minb <= maxb))
        return 0;
    olen = maxb;
    r = tu_rsp_open(path);
    if (r == NULL)
        return 0;
    while (tu_rsp_next(r)) {
        const char *mh = tu_rsp_get(r, "Msg"), *oh = tu_rsp_get(r, "Output"),
                   *lh = tu_rsp_get(r, "Outputlen");
        if (mh != NULL && oh == NULL) {
            have = tu_unhex_into(msg, 16, mh) == 0;
            continue;
        }
        if (oh == NULL || lh == NULL || !have)
            continue;
        wl = (size_t)strtoul(lh, NULL, 10) / 8;
        TU_CHECK(wl <= sizeof want && tu_unhex_into(want, wl, oh) == 0, "parse");
        for (j = 0; j < iters; j++) {
            if (shake(which, out, olen, msg, 16) != RIJN_OK)
                TU_CHECK(0, "shake");
            memset(msg, 0, 16);
            memcpy(msg, out, olen < 16 ? olen : 16);
            olen = minb + (((size_t)out[olen - 2] << 8 | out[olen - 1]) % (maxb - minb + 1));
        }
        if (iters == 1000)
            TU_EQ(out, want, wl, "SHAKE Monte");
        n++;
        if (tu_quick())
            break;
    }
    tu_rsp_close(r);
    return n;
}

int main(int argc, char **argv)
{
    int i;
    tu_rand_seed(0x5A3C);
    {
        rijn_sha3_ctx c0;
        TU_CHECK(rijn_sha3_256_init(&c0) == RIJN_OK, "init");
        printf("Keccak-f[1600]: %s\n", rijn_i_sha3_ctx_impl_name(&c0));
    }
    for (i = 0; i < 4; i++) {
        unsigned long s = sha3_msgs(i, "ShortMsg"), l = sha3_msgs(i, "LongMsg"), m = sha3_monte(i);
        printf("%-9s ShortMsg %lu, LongMsg %lu, Monte %lu checkpoints\n", sha3s[i]->name, s, l, m);
        TU_CHECK(s > 70 && l == 100 && m >= (tu_quick() ? 2u : 100u), "counts");
    }
    for (i = 128; i <= 256; i += 128) {
        unsigned long s = shake_msgs(i, "ShortMsg"), l = shake_msgs(i, "LongMsg");
        unsigned long v = shake_msgs(i, "VariableOut"), m = shake_monte(i);
        printf("SHAKE%d ShortMsg %lu, LongMsg %lu, VariableOut %lu, Monte %lu checkpoints\n", i, s,
               l, v, m);
        TU_CHECK(s > 100 && l == 100 && v > 1000 && m >= (tu_quick() ? 1u : 100u), "counts");
    }
    /* the default Keccak-f[1600] above, the others in re-runs */
    (void)argc;
    tu_rerun_keccak(argv);
    return tu_finish();
}
#endif
