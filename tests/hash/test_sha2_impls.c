/*
 * test_sha2_impls.c -- every SHA-256 and SHA-512 registry entry this CPU
 * runs (SHA-NI, the vector-schedule avx2 / ssse3 entries, AVX-512, the
 * portable code), each bound by name, against OpenSSL EVP_Digest:
 * - padding edges: n whole blocks plus 0, 1, 55, 56, 63, 64 (SHA-256) or
 *   111, 112, 119, 127 bytes (SHA-512 and SHA-256's two-block tails) for
 *   n = 0..20, in one update;
 * - random lengths up to 40 KiB in three updates at random split points;
 * - runs of 1..40 whole blocks in one update call after a buffered head
 *   of h bytes, at every alignment mod 8 (the AVX2 SHA-256 code takes
 *   blocks in pairs and a lone last block; the SHA-512 codes take short and
 *   long runs differently).
 * Needs no CPU mask: the entries are forced by name (tu_for_each_reg).
 */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "hash/hash_i.h"
#include "testutil.h"

#define MAXLEN 40960

static uint8_t *msg;

static void ref(const EVP_MD *md, uint8_t *out, const uint8_t *m, size_t len)
{
    unsigned ol = 0;
    TU_CHECK(EVP_Digest(m, len, out, &ol, md, NULL) == 1, "EVP_Digest");
}

/* the digest of m[0..len) with the entry impl, in updates at cut, cut2 */
static void h256(const char *impl, uint8_t out[32], const uint8_t *m, size_t len, size_t cut,
                 size_t cut2)
{
    rijn_sha256_ctx c;
    TU_CHECK(rijn_sha256_init(&c) == RIJN_OK, "init");
    TU_CHECK(rijn_i_sha256_use(&c, impl) == RIJN_OK, "use %s", impl);
    TU_CHECK(rijn_sha256_update(&c, m, cut) == RIJN_OK, "u1");
    TU_CHECK(rijn_sha256_update(&c, m + cut, cut2 - cut) == RIJN_OK, "u2");
    TU_CHECK(rijn_sha256_update(&c, m + cut2, len - cut2) == RIJN_OK, "u3");
    TU_CHECK(rijn_sha256_final(&c, out) == RIJN_OK, "final");
}

#if RIJN_CFG_HASH_SHA512
static void h512(const char *impl, int (*init)(rijn_sha512_ctx *), uint8_t out[64],
                 const uint8_t *m, size_t len, size_t cut, size_t cut2)
{
    rijn_sha512_ctx c;
    TU_CHECK(init(&c) == RIJN_OK, "init");
    TU_CHECK(rijn_i_sha512_use(&c, impl) == RIJN_OK, "use %s", impl);
    TU_CHECK(rijn_sha512_update(&c, m, cut) == RIJN_OK, "u1");
    TU_CHECK(rijn_sha512_update(&c, m + cut, cut2 - cut) == RIJN_OK, "u2");
    TU_CHECK(rijn_sha512_update(&c, m + cut2, len - cut2) == RIJN_OK, "u3");
    TU_CHECK(rijn_sha512_final(&c, out) == RIJN_OK, "final");
}
#endif

static const size_t tails[] = {0, 1, 55, 56, 63, 64, 111, 112, 119, 127};

/* One family: its block and digest sizes, OpenSSL's digest (and a second
 * one sharing the compression: SHA-384), rijn's hash through an entry. */
typedef struct {
    const char *name, *alt_name;
    size_t block, dlen, alt_dlen, odd; /* odd: a tail for the runs of blocks */
    const EVP_MD *(*md)(void);
    const EVP_MD *(*alt_md)(void);
    void (*h)(const char *impl, int alt, uint8_t *out, const uint8_t *m, size_t len, size_t cut,
              size_t cut2);
} fam;

static void run(const fam *f, const char *impl)
{
    uint8_t got[64], want[64];
    size_t n, t, len, cut, cut2, off, head, i, nr = tu_quick() ? 30 : 150;
    unsigned long before = tu_passed;
    for (n = 0; n <= 20; n++)
        for (t = 0; t < sizeof tails / sizeof tails[0]; t++) {
            len = f->block * n + tails[t];
            ref(f->md(), want, msg, len);
            f->h(impl, 0, got, msg, len, 0, 0);
            TU_CHECK(memcmp(got, want, f->dlen) == 0, "SHA-%s %s len %zu", f->name, impl, len);
        }
    for (i = 0; i < nr; i++) {
        int alt = f->alt_md != NULL && (i & 1);
        len = tu_rand_below(MAXLEN + 1);
        cut = tu_rand_below(len + 1);
        cut2 = cut + tu_rand_below(len - cut + 1);
        ref(alt ? f->alt_md() : f->md(), want, msg, len);
        f->h(impl, alt, got, msg, len, cut, cut2);
        TU_CHECK(memcmp(got, want, alt ? f->alt_dlen : f->dlen) == 0,
                 "SHA-%s %s len %zu split %zu/%zu", alt ? f->alt_name : f->name, impl, len, cut,
                 cut2);
    }
    for (n = 1; n <= 40; n++) {
        off = n & 7;
        head = n % 5 == 0 ? 0 : (n * 37) & (f->block - 1);
        len = head + f->block * n + (n & 1 ? 0 : f->odd);
        ref(f->md(), want, msg + off, len);
        f->h(impl, 0, got, msg + off, len, head, head);
        TU_CHECK(memcmp(got, want, f->dlen) == 0, "SHA-%s %s run of %zu, head %zu", f->name,
                 impl, n, head);
    }
    printf("sha%s %-10s %lu checks\n", f->name, impl, tu_passed - before);
}

static void h256w(const char *impl, int alt, uint8_t *out, const uint8_t *m, size_t len,
                  size_t cut, size_t cut2)
{
    (void)alt;
    h256(impl, out, m, len, cut, cut2);
}

static void one256(size_t index, const char *impl, void *arg)
{
    static const fam f = {"256", NULL, 64, 32, 0, 41, EVP_sha256, NULL, h256w};
    (void)index;
    (void)arg;
    run(&f, impl);
}

#if RIJN_CFG_HASH_SHA512
static void h512w(const char *impl, int alt, uint8_t *out, const uint8_t *m, size_t len,
                  size_t cut, size_t cut2)
{
    h512(impl, alt ? rijn_sha384_init : rijn_sha512_init, out, m, len, cut, cut2);
}

static void one512(size_t index, const char *impl, void *arg)
{
    static const fam f = {"512", "384", 128, 64, 48, 77, EVP_sha512, EVP_sha384, h512w};
    (void)index;
    (void)arg;
    run(&f, impl);
}
#endif

int main(void)
{
    msg = malloc(MAXLEN + 8);
    if (msg == NULL) {
        TU_CHECK(0, "malloc");
        return tu_finish();
    }
    tu_rand_seed(0x5a2e11u);
    tu_rand_bytes(msg, MAXLEN + 8);
    TU_CHECK(tu_for_each_reg(&rijn_i_sha256_registry, one256, NULL) >= 1, "sha256 entries");
#if RIJN_CFG_HASH_SHA512
    TU_CHECK(tu_for_each_reg(&rijn_i_sha512_registry, one512, NULL) >= 1, "sha512 entries");
#endif
    free(msg);
    return tu_finish();
}
