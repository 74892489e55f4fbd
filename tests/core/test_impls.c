/*
 * test_impls.c -- every implementation of every primitive on the common
 * registry (src/core/registry.h), in one process, on every OS: the
 * registry's own contract, known answers per implementation and a
 * differential of each implementation against the portable one on random
 * lengths, split points and in-place calls.
 *
 * Implementation notes
 *   Registry contract: the last entry is portable (needs nothing), names
 *   are unique, force-by-name (rijn_i_<prim>_use) succeeds exactly for the
 *   entries that run here, an unknown name is RIJN_ERR_UNSUPPORTED, "auto"
 *   and a fresh context are bound to the first entry that runs.
 *   Known answers: RFC 8439 2.4.2 (ChaCha20) and 2.5.2 (Poly1305), GCM
 *   test case 2 per GHASH class (tests/gcm/test_gcm*.c run every GCM vector
 *   file per class; here GCM against the portable class), SHA-256 and
 *   SHA-512 of "abc" (FIPS 180-4) and of a 4,645-byte message (digests
 *   from Python hashlib), X25519 RFC 7748 5.2 per field, Argon2id RFC 9106
 *   5.3 per block function (differential: random type, t, m, p),
 *   ChaCha20-Poly1305 per (ChaCha20, Poly1305) pair bound at the AEAD's
 *   init (RFC 8439 2.8.2 tag; IETF and X against the portable pair), and
 *   long messages that reach every vector path (whole 512-byte groups,
 *   AVX-512's 16-block steps plus an 8-block rest, Poly1305's 256/512-byte
 *   thresholds). Their expected values were computed with Python
 *   cryptography 50.0.2 (OpenSSL) -- the ChaCha20 one as the SHA-256 of the
 *   4,645-byte ciphertext.
 *   RIJN_CPU_MASK still filters: under RIJN_CPU_MASK=0 only the portable
 *   entries run (the CI stage that sets it).
 */
#include <stdlib.h>
#include <string.h>

#include "aead/ghash.h"
#include "aead/chachapoly_i.h"
#include "core/registry.h"
#include "hash/argon2_i.h"
#include "hash/hash_i.h"
#include "mac/mac_i.h"
#include "pk/x25519_i.h"
#include "rijn/chacha20.h"
#include "rijn/poly1305.h"
#include "rijn/argon2.h"
#include "rijn/gcmsiv.h"
#include "rijn/sha2.h"
#include "stream/stream_i.h"
#include "testutil.h"

#define TMAX 9000

static uint8_t *pt, *ct, *want, *buf;

/* ---- ChaCha20 ------------------------------------------------------------ */

static void chacha_xor(const char *impl, uint8_t *out, const uint8_t *in, size_t len,
                       const uint8_t key[32], const uint8_t nonce[12], uint32_t ctr, size_t cut)
{
    rijn_chacha20_ctx c;
    TU_CHECK(rijn_chacha20_init(&c, key, nonce, ctr) == RIJN_OK, "init");
    TU_CHECK(rijn_i_chacha20_use(&c, impl) == RIJN_OK, "use %s", impl);
    TU_CHECK(strcmp(rijn_i_chacha20_impl_name(&c), impl) == 0, "bound to %s",
             rijn_i_chacha20_impl_name(&c));
    TU_CHECK(rijn_chacha20_update(&c, out, in, cut) == RIJN_OK, "update 1");
    TU_CHECK(rijn_chacha20_update(&c, out + cut, in + cut, len - cut) == RIJN_OK, "update 2");
    rijn_chacha20_wipe(&c);
}

static void chacha_one(size_t index, const char *impl, void *arg)
{
    const char *portable =
        rijn_i_chacha20_registry.impls[rijn_i_chacha20_registry.count - 1]->name;
    int i, n = tu_quick() ? 25 : 100;
    uint8_t key[32], nonce[12], digest[32], want_d[32];
    (void)index;
    (void)arg;
    /* RFC 8439 2.4.2 */
    {
        static const char *ptx = "Ladies and Gentlemen of the class of '99: If I could offer "
                                 "you only one tip for the future, sunscreen would be it.";
        uint8_t w[114];
        for (i = 0; i < 32; i++)
            key[i] = (uint8_t)i;
        tu_unhex_into(nonce, 12, "000000000000004a00000000");
        tu_unhex_into(w, 114,
                      "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65"
                      "c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d807ca0dbf500d"
                      "6a6156a38e088a22b65e52bc514d16ccf806818ce91ab77937365af90bbf74a35be6b4"
                      "0b8eedf2785e42874d");
        chacha_xor(impl, ct, (const uint8_t *)ptx, 114, key, nonce, 1, 0);
        TU_EQ(ct, w, 114, "RFC 8439 2.4.2");
    }
    /* 4,645 bytes: 72 blocks of whole 512-byte groups (64 + 8) and a tail */
    for (i = 0; i < 4645; i++)
        pt[i] = (uint8_t)(i * 7);
    chacha_xor(impl, ct, pt, 4645, key, nonce, 1, 0);
    TU_CHECK(rijn_sha256(digest, ct, 4645) == RIJN_OK, "sha256");
    tu_unhex_into(want_d, 32, "2f9af9380ef1e3f2a868b0e6dca1a4a7d0da9c336a6e6d65097cc34c6a3315bc");
    TU_EQ(digest, want_d, 32, "4,645-byte stream (SHA-256)");
    /* against the portable entry: random lengths, splits, in place */
    for (i = 0; i < n; i++) {
        size_t len = tu_rand_below(TMAX), cut = tu_rand_below(len + 1);
        uint32_t ctr = (uint32_t)tu_rand_below(4);
        tu_rand_bytes(key, 32);
        tu_rand_bytes(nonce, 12);
        tu_rand_bytes(pt, len);
        chacha_xor(portable, want, pt, len, key, nonce, ctr, 0);
        memcpy(buf, pt, len);
        chacha_xor(impl, buf, buf, len, key, nonce, ctr, cut);
        TU_CHECK(memcmp(buf, want, len) == 0, "vs portable, in place, len %zu cut %zu", len,
                 cut);
    }
    /* the original cipher's 64-bit counter across the low word's wrap */
    for (i = 0; i < 4; i++) {
        uint8_t n8[8];
        uint64_t start = 0xffffffffu - (uint64_t)tu_rand_below(80);
        size_t len = 1024 + tu_rand_below(4096), cut = tu_rand_below(len + 1), k;
        rijn_chacha20_ctx c;
        tu_rand_bytes(key, 32);
        tu_rand_bytes(n8, 8);
        tu_rand_bytes(pt, len);
        for (k = 0; k < 2; k++) {
            TU_CHECK(rijn_chacha20_djb_init(&c, key, n8, start) == RIJN_OK, "djb init");
            TU_CHECK(rijn_i_chacha20_use(&c, k ? impl : portable) == RIJN_OK, "use");
            TU_CHECK(rijn_chacha20_update(&c, k ? ct : want, pt, cut) == RIJN_OK, "djb 1");
            TU_CHECK(rijn_chacha20_update(&c, (k ? ct : want) + cut, pt + cut, len - cut) ==
                         RIJN_OK, "djb 2");
        }
        TU_EQ(ct, want, len, "original ChaCha20 across the counter word");
        rijn_chacha20_wipe(&c);
    }
}

/* ---- Poly1305 ------------------------------------------------------------ */

static void poly_tag(const char *impl, uint8_t tag[16], const uint8_t key[32],
                     const uint8_t *m, size_t len, size_t cut, size_t cut2)
{
    rijn_poly1305_ctx c;
    TU_CHECK(rijn_poly1305_init(&c, key) == RIJN_OK, "init");
    TU_CHECK(rijn_i_poly1305_use(&c, impl) == RIJN_OK, "use %s", impl);
    TU_CHECK(strcmp(rijn_i_poly1305_impl_name(&c), impl) == 0, "bound to %s",
             rijn_i_poly1305_impl_name(&c));
    TU_CHECK(rijn_poly1305_update(&c, m, cut) == RIJN_OK, "u1");
    TU_CHECK(rijn_poly1305_update(&c, m + cut, cut2 - cut) == RIJN_OK, "u2");
    TU_CHECK(rijn_poly1305_update(&c, m + cut2, len - cut2) == RIJN_OK, "u3");
    TU_CHECK(rijn_poly1305_final(&c, tag) == RIJN_OK, "final");
}

static void poly_one(size_t index, const char *impl, void *arg)
{
    const char *portable =
        rijn_i_poly1305_registry.impls[rijn_i_poly1305_registry.count - 1]->name;
    uint8_t key[32], tag[16], tw[16];
    int i, n = tu_quick() ? 25 : 100;
    (void)index;
    (void)arg;
    /* RFC 8439 2.5.2 */
    {
        static const char *msg = "Cryptographic Forum Research Group";
        tu_unhex_into(key, 32, "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
        tu_unhex_into(tw, 16, "a8061dc1305136c6c22b8baf0c0127a9");
        poly_tag(impl, tag, key, (const uint8_t *)msg, 34, 0, 0);
        TU_EQ(tag, tw, 16, "RFC 8439 2.5.2");
    }
    /* 300 bytes (the 256-byte groups) and 4,645 (the 512-byte ones) */
    for (i = 0; i < 32; i++)
        key[i] = (uint8_t)(0x80 + i);
    for (i = 0; i < 4645; i++)
        pt[i] = (uint8_t)(i * 13);
    poly_tag(impl, tag, key, pt, 300, 0, 0);
    tu_unhex_into(tw, 16, "a34ac5e07855cc4ca8e4fe471fe96014");
    TU_EQ(tag, tw, 16, "300 bytes");
    poly_tag(impl, tag, key, pt, 4645, 0, 0);
    tu_unhex_into(tw, 16, "34c1ff9d794ecf03c506fab4868f66d1");
    TU_EQ(tag, tw, 16, "4,645 bytes");
    for (i = 0; i < n; i++) {
        size_t len = tu_rand_below(TMAX), cut = tu_rand_below(len + 1);
        size_t cut2 = cut + tu_rand_below(len - cut + 1);
        tu_rand_bytes(key, 32);
        if (i % 7 == 3)
            memset(key, 0xff, 16); /* r at its clamped maximum */
        if (i % 5 == 1)
            memset(pt, 0xff, len); /* limbs at their maximum */
        else
            tu_rand_bytes(pt, len);
        poly_tag(portable, tw, key, pt, len, 0, 0);
        poly_tag(impl, tag, key, pt, len, cut, cut2);
        TU_EQ(tag, tw, 16, "vs portable, split");
    }
}

/* ---- ChaCha20-Poly1305: every pair of entries, bound at the AEAD's init --- */

static void aead_pair(size_t ci, const char *chacha, void *arg)
{
    const rijn_i_registry *rp = &rijn_i_poly1305_registry;
    const char *pc = rijn_i_chacha20_registry.impls[rijn_i_chacha20_registry.count - 1]->name;
    const char *pp = rp->impls[rp->count - 1]->name;
    size_t pi;
    (void)ci;
    (void)arg;
    for (pi = 0; pi < rp->count; pi++) {
        const char *poly = rp->impls[pi]->name;
        uint8_t key[32], nonce[24], aad[40], tag[16], tw[16];
        int i, x;
        if (!rijn_i_impl_runs(rp->impls[pi]))
            continue;
        /* RFC 8439 2.8.2: the tag */
        {
            static const char *ptx = "Ladies and Gentlemen of the class of '99: If I could "
                                     "offer you only one tip for the future, sunscreen would "
                                     "be it.";
            rijn_chachapoly_ctx k;
            for (i = 0; i < 32; i++)
                key[i] = (uint8_t)(0x80 + i);
            tu_unhex_into(nonce, 12, "070000004041424344454647");
            tu_unhex_into(aad, 12, "50515253c0c1c2c3c4c5c6c7");
            tu_unhex_into(tw, 16, "1ae10b594f09e26a7e902ecbd0600691");
            TU_CHECK(rijn_chacha20poly1305_init(&k, key, 32) == RIJN_OK &&
                         rijn_i_chachapoly_use(&k, chacha, poly) == RIJN_OK &&
                         rijn_chacha20poly1305_seal(&k, ct, tag, 16, nonce, 12, aad, 12,
                                                    (const uint8_t *)ptx, 114) == RIJN_OK,
                     "seal %s+%s", chacha, poly);
            TU_EQ(tag, tw, 16, "RFC 8439 2.8.2 tag");
        }
        for (i = 0; i < (tu_quick() ? 6 : 24); i++) {
            size_t len = tu_rand_below(TMAX), alen = tu_rand_below(sizeof aad);
            for (x = 0; x < 2; x++) { /* ChaCha20-Poly1305, XChaCha20-Poly1305 */
                rijn_chachapoly_ctx k, r;
                size_t nl = x ? 24 : 12;
                int (*init)(rijn_chachapoly_ctx *, const uint8_t *, size_t) =
                    x ? rijn_xchacha20poly1305_init : rijn_chacha20poly1305_init;
                tu_rand_bytes(key, 32);
                tu_rand_bytes(nonce, 24);
                tu_rand_bytes(aad, alen);
                tu_rand_bytes(pt, len);
                TU_CHECK(init(&r, key, 32) == RIJN_OK && rijn_i_chachapoly_use(&r, pc, pp) ==
                             RIJN_OK && init(&k, key, 32) == RIJN_OK &&
                             rijn_i_chachapoly_use(&k, chacha, poly) == RIJN_OK,
                         "init");
                TU_CHECK(rijn_chacha20poly1305_seal(&r, want, tw, 16, nonce, nl, aad, alen, pt,
                                                    len) == RIJN_OK &&
                             rijn_chacha20poly1305_seal(&k, ct, tag, 16, nonce, nl, aad, alen,
                                                        pt, len) == RIJN_OK,
                         "seal");
                TU_CHECK(memcmp(ct, want, len) == 0 && memcmp(tag, tw, 16) == 0,
                         "%s+%s vs %s+%s, x %d len %zu aad %zu", chacha, poly, pc, pp, x, len,
                         alen);
                TU_CHECK(rijn_chacha20poly1305_open(&k, buf, tag, 16, nonce, nl, aad, alen, ct,
                                                    len) == RIJN_OK &&
                             memcmp(buf, pt, len) == 0,
                         "open");
                rijn_chacha20poly1305_wipe(&k);
                rijn_chacha20poly1305_wipe(&r);
            }
        }
        {
            rijn_chachapoly_ctx k;
            TU_CHECK(rijn_chacha20poly1305_init(&k, key, 32) == RIJN_OK &&
                         rijn_i_chachapoly_use(&k, chacha, "no-such-impl") ==
                             RIJN_ERR_UNSUPPORTED,
                     "unknown poly");
            rijn_chacha20poly1305_wipe(&k);
            TU_CHECK(rijn_i_chachapoly_use(&k, NULL, NULL) == RIJN_ERR_STATE, "not keyed");
        }
    }
}

/* ---- GHASH (GCM and GCM-SIV bind it) ------------------------------------- */

static void gcm_seal_with(const char *ghash, const uint8_t *key, size_t klen,
                          const uint8_t nonce[12], const uint8_t *aad, size_t alen,
                          const uint8_t *in, size_t len, uint8_t *out, uint8_t tag[16])
{
    rijn_gcm_ctx c;
    TU_CHECK(rijn_gcm_init(&c, key, klen) == RIJN_OK, "gcm init");
    TU_CHECK(rijn_i_gcm_use_ghash(&c, ghash) == RIJN_OK, "use %s", ghash);
    TU_CHECK(strcmp(rijn_gcm_ctx_ghash_name(&c), ghash) == 0, "bound to %s",
             rijn_gcm_ctx_ghash_name(&c));
    TU_CHECK(rijn_gcm_seal(&c, out, tag, 16, nonce, 12, aad, alen, in, len) == RIJN_OK, "seal");
    rijn_gcm_wipe(&c);
}

static void ghash_one(size_t index, const char *impl, void *arg)
{
    const char *portable = rijn_i_ghash_registry.impls[rijn_i_ghash_registry.count - 1]->name;
    uint8_t key[32] = {0}, nonce[12] = {0}, aad[64], tag[16], tw[16], w[16];
    int i, n = tu_quick() ? 10 : 40;
    (void)index;
    (void)arg;
    /* GCM specification test case 2 (AES-128, zero key, nonce, block) */
    memset(pt, 0, 16);
    gcm_seal_with(impl, key, 16, nonce, NULL, 0, pt, 16, ct, tag);
    tu_unhex_into(w, 16, "0388dace60b6a392f328c2b971b2fe78");
    tu_unhex_into(tw, 16, "ab6e47d42cec13bdf53a67b21257bddf");
    TU_EQ(ct, w, 16, "GCM test case 2 ciphertext");
    TU_EQ(tag, tw, 16, "GCM test case 2 tag");
    for (i = 0; i < n; i++) {
        size_t len = tu_rand_below(TMAX), alen = tu_rand_below(sizeof aad);
        tu_rand_bytes(key, 32);
        tu_rand_bytes(nonce, 12);
        tu_rand_bytes(aad, alen);
        tu_rand_bytes(pt, len);
        gcm_seal_with(portable, key, 32, nonce, aad, alen, pt, len, want, tw);
        gcm_seal_with(impl, key, 32, nonce, aad, alen, pt, len, ct, tag);
        TU_CHECK(memcmp(ct, want, len) == 0 && memcmp(tag, tw, 16) == 0,
                 "GCM vs %s, len %zu aad %zu", portable, len, alen);
    }
}

/* ---- SHA-256, SHA-512 ---------------------------------------------------- */

/* digest of m[0..len) with the named entry, updates split at cut and cut2 */
static void sha256_with(const char *impl, uint8_t out[32], const uint8_t *m, size_t len,
                        size_t cut, size_t cut2)
{
    rijn_sha256_ctx c;
    TU_CHECK(rijn_sha256_init(&c) == RIJN_OK, "init");
    TU_CHECK(rijn_i_sha256_use(&c, impl) == RIJN_OK, "use %s", impl);
    TU_CHECK(strcmp(rijn_i_sha256_ctx_impl_name(&c), impl) == 0, "bound to %s",
             rijn_i_sha256_ctx_impl_name(&c));
    TU_CHECK(rijn_sha256_update(&c, m, cut) == RIJN_OK, "u1");
    TU_CHECK(rijn_sha256_update(&c, m + cut, cut2 - cut) == RIJN_OK, "u2");
    TU_CHECK(rijn_sha256_update(&c, m + cut2, len - cut2) == RIJN_OK, "u3");
    TU_CHECK(rijn_sha256_final(&c, out) == RIJN_OK, "final");
}

static void sha512_with(const char *impl, int (*init)(rijn_sha512_ctx *), uint8_t *out,
                        const uint8_t *m, size_t len, size_t cut, size_t cut2)
{
    rijn_sha512_ctx c;
    TU_CHECK(init(&c) == RIJN_OK, "init");
    TU_CHECK(rijn_i_sha512_use(&c, impl) == RIJN_OK, "use %s", impl);
    TU_CHECK(strcmp(rijn_i_sha512_ctx_impl_name(&c), impl) == 0, "bound to %s",
             rijn_i_sha512_ctx_impl_name(&c));
    TU_CHECK(rijn_sha512_update(&c, m, cut) == RIJN_OK, "u1");
    TU_CHECK(rijn_sha512_update(&c, m + cut, cut2 - cut) == RIJN_OK, "u2");
    TU_CHECK(rijn_sha512_update(&c, m + cut2, len - cut2) == RIJN_OK, "u3");
    TU_CHECK(rijn_sha512_final(&c, out) == RIJN_OK, "final");
}

/* the 4,645-byte known-answer message (digests from Python hashlib) */
static void sha_msg(void)
{
    size_t i;
    for (i = 0; i < 4645; i++)
        pt[i] = (uint8_t)(i * 29 + 3);
}

static void sha256_one(size_t index, const char *impl, void *arg)
{
    const char *portable = rijn_i_sha256_registry.impls[rijn_i_sha256_registry.count - 1]->name;
    uint8_t d[32], w[32];
    int i, n = tu_quick() ? 25 : 100;
    (void)index;
    (void)arg;
    sha256_with(impl, d, (const uint8_t *)"abc", 3, 1, 2);
    tu_unhex_into(w, 32, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    TU_EQ(d, w, 32, "SHA-256 abc (FIPS 180-4)");
    sha_msg();
    sha256_with(impl, d, pt, 4645, 100, 3000);
    tu_unhex_into(w, 32, "31c5087f3114e0ff9689921bdf0895676e22e83dbd378e5f92523da99bcd919b");
    TU_EQ(d, w, 32, "SHA-256 4,645 bytes");
    for (i = 0; i < n; i++) {
        size_t len = tu_rand_below(TMAX), cut = tu_rand_below(len + 1);
        size_t cut2 = cut + tu_rand_below(len - cut + 1);
        tu_rand_bytes(pt, len);
        sha256_with(portable, w, pt, len, 0, 0);
        sha256_with(impl, d, pt, len, cut, cut2);
        TU_CHECK(memcmp(d, w, 32) == 0, "SHA-256 vs portable, len %zu", len);
    }
}

static void sha512_one(size_t index, const char *impl, void *arg)
{
    const char *portable = rijn_i_sha512_registry.impls[rijn_i_sha512_registry.count - 1]->name;
    uint8_t d[64], w[64];
    int i, n = tu_quick() ? 25 : 100;
    (void)index;
    (void)arg;
    sha512_with(impl, rijn_sha512_init, d, (const uint8_t *)"abc", 3, 0, 3);
    tu_unhex_into(w, 64,
                  "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1"
                  "a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
    TU_EQ(d, w, 64, "SHA-512 abc (FIPS 180-4)");
    sha_msg();
    sha512_with(impl, rijn_sha512_init, d, pt, 4645, 129, 4000);
    tu_unhex_into(w, 64,
                  "ca7cf4677330f20eea49727ba1f70c22bda5195be59ca2fcd4417ff0c562bdd417593cf4b2eec5"
                  "0b7510e8158d4fe160fe3dd125d4d13a2f3deddb9f02a12810");
    TU_EQ(d, w, 64, "SHA-512 4,645 bytes");
    sha512_with(impl, rijn_sha384_init, d, pt, 4645, 0, 17);
    tu_unhex_into(w, 48,
                  "3f51f7634760e14c727932957c9d67ba96021541388db4fdf4e91fb7e56bd6aca431764e3f6f1b"
                  "9871784eea56bf227b");
    TU_EQ(d, w, 48, "SHA-384 4,645 bytes");
    for (i = 0; i < n; i++) {
        size_t len = tu_rand_below(TMAX), cut = tu_rand_below(len + 1);
        size_t cut2 = cut + tu_rand_below(len - cut + 1);
        tu_rand_bytes(pt, len);
        sha512_with(portable, rijn_sha512_init, w, pt, len, 0, 0);
        sha512_with(impl, rijn_sha512_init, d, pt, len, cut, cut2);
        TU_CHECK(memcmp(d, w, 64) == 0, "SHA-512 vs portable, len %zu", len);
    }
}

/* ---- X25519 (no context: rijn_i_x25519_with) ---------------------------- */

static void x25519_one(size_t index, const char *impl, void *arg)
{
    const char *portable = rijn_i_x25519_registry.impls[rijn_i_x25519_registry.count - 1]->name;
    uint8_t k[32], u[32], out[32], w[32];
    int i, n = tu_quick() ? 4 : 16;
    (void)index;
    (void)arg;
    /* RFC 7748 5.2, first vector */
    tu_unhex_into(k, 32, "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4");
    tu_unhex_into(u, 32, "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c");
    tu_unhex_into(w, 32, "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552");
    TU_CHECK(rijn_i_x25519_with(impl, out, k, u) == RIJN_OK, "x25519");
    TU_EQ(out, w, 32, "RFC 7748 5.2");
    for (i = 0; i < n; i++) {
        tu_rand_bytes(k, 32);
        tu_rand_bytes(u, 32);
        TU_CHECK(rijn_i_x25519_with(portable, w, k, u) == RIJN_OK, "portable");
        TU_CHECK(rijn_i_x25519_with(impl, out, k, u) == RIJN_OK, "x25519");
        TU_EQ(out, w, 32, "vs the last entry");
    }
    TU_CHECK(rijn_i_x25519_with("no-such-impl", out, k, u) == RIJN_ERR_UNSUPPORTED, "unknown");
}

/* ---- Argon2 block function (no context: rijn_i_argon2_with) -------------- */

static void argon2_one(size_t index, const char *impl, void *arg)
{
    const char *portable = rijn_i_argon2_registry.impls[rijn_i_argon2_registry.count - 1]->name;
    uint8_t pwd[32], salt[16], secret[8], ad[12], out[32], w[32];
    rijn_argon2_params p;
    uint64_t *work = malloc(64 * 1024);
    int i, n = tu_quick() ? 3 : 12;
    (void)index;
    (void)arg;
    if (work == NULL) {
        TU_CHECK(0, "malloc");
        return;
    }
    /* RFC 9106 5.3 (Argon2id) */
    memset(pwd, 1, sizeof pwd);
    memset(salt, 2, sizeof salt);
    memset(secret, 3, sizeof secret);
    memset(ad, 4, sizeof ad);
    p.type = RIJN_ARGON2_ID;
    p.t_cost = 3;
    p.m_cost_kib = 32;
    p.lanes = 4;
    p.secret = secret;
    p.secret_len = sizeof secret;
    p.ad = ad;
    p.ad_len = sizeof ad;
    TU_CHECK(rijn_i_argon2_with(impl, &p, out, 32, pwd, 32, salt, 16, work, 64 * 1024) ==
                 RIJN_OK, "argon2");
    tu_unhex_into(w, 32, "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659");
    TU_EQ(out, w, 32, "RFC 9106 5.3");
    for (i = 0; i < n; i++) {
        p.type = (uint32_t)tu_rand_below(3);
        p.t_cost = 1 + (uint32_t)tu_rand_below(3);
        p.lanes = 1 + (uint32_t)tu_rand_below(4);
        p.m_cost_kib = 8 * p.lanes + (uint32_t)tu_rand_below(64 - 8 * p.lanes + 1);
        tu_rand_bytes(pwd, sizeof pwd);
        tu_rand_bytes(salt, sizeof salt);
        TU_CHECK(rijn_i_argon2_with(portable, &p, w, 32, pwd, 32, salt, 16, work, 64 * 1024) ==
                     RIJN_OK, "portable");
        TU_CHECK(rijn_i_argon2_with(impl, &p, out, 32, pwd, 32, salt, 16, work, 64 * 1024) ==
                     RIJN_OK, "argon2");
        TU_CHECK(memcmp(out, w, 32) == 0, "vs portable: type %u t %u m %u p %u",
                 (unsigned)p.type, (unsigned)p.t_cost, (unsigned)p.m_cost_kib,
                 (unsigned)p.lanes);
    }
    TU_CHECK(rijn_i_argon2_with("no-such-impl", &p, out, 32, pwd, 32, salt, 16, work,
                                64 * 1024) == RIJN_ERR_UNSUPPORTED, "unknown");
    free(work);
}

int main(void)
{
    tu_rand_seed(0x1e9157e5u);
    printf("# cpu features 0x%x\n", (unsigned)rijn_i_cpu_features());
    pt = malloc(TMAX);
    ct = malloc(TMAX);
    want = malloc(TMAX);
    buf = malloc(TMAX);
    if (pt == NULL || ct == NULL || want == NULL || buf == NULL)
        return 1;
    tu_check_registry(&rijn_i_chacha20_registry);
    {
        /* the entry counts and the short-update shortcuts of chacha20.c /
         * poly1305.c hold */
        size_t i;
        TU_CHECK(rijn_i_chacha20_registry.count == RIJN_I_CHACHA_NIMPL &&
                     rijn_i_poly1305_registry.count == RIJN_I_POLY1305_NIMPL,
                 "RIJN_I_CHACHA_NIMPL / RIJN_I_POLY1305_NIMPL out of step with the lists");
        for (i = 0; i < rijn_i_chacha20_registry.count; i++) {
            const rijn_i_chacha_impl *c =
                RIJN_I_IMPL_OF(rijn_i_chacha_impl, rijn_i_chacha20_registry.impls[i]);
            TU_CHECK(c->blocks == NULL || (64u << c->batch_log2) >= RIJN_I_CHACHA_WIDE_MIN,
                     "chacha20 %s: batch below RIJN_I_CHACHA_WIDE_MIN", c->base.name);
        }
        for (i = 0; i < rijn_i_poly1305_registry.count; i++) {
            const rijn_i_poly1305_impl *p =
                RIJN_I_IMPL_OF(rijn_i_poly1305_impl, rijn_i_poly1305_registry.impls[i]);
            TU_CHECK(p->wide == NULL || p->min_len >= RIJN_I_POLY1305_WIDE_MIN,
                     "poly1305 %s: min_len below RIJN_I_POLY1305_WIDE_MIN", p->base.name);
        }
    }
    tu_check_registry(&rijn_i_poly1305_registry);
    tu_check_registry(&rijn_i_ghash_registry);
    tu_check_registry(&rijn_i_sha256_registry);
    tu_check_registry(&rijn_i_sha512_registry);
    tu_check_registry(&rijn_i_x25519_registry);
    tu_check_registry(&rijn_i_argon2_registry);
    tu_for_each_reg(&rijn_i_chacha20_registry, chacha_one, NULL);
    tu_for_each_reg(&rijn_i_poly1305_registry, poly_one, NULL);
    tu_for_each_reg(&rijn_i_chacha20_registry, aead_pair, NULL);
    tu_for_each_reg(&rijn_i_ghash_registry, ghash_one, NULL);
    tu_for_each_reg(&rijn_i_sha256_registry, sha256_one, NULL);
    tu_for_each_reg(&rijn_i_sha512_registry, sha512_one, NULL);
    tu_for_each_reg(&rijn_i_x25519_registry, x25519_one, NULL);
    tu_for_each_reg(&rijn_i_argon2_registry, argon2_one, NULL);
    TU_CHECK(strcmp(rijn_x25519_impl(), rijn_i_x25519_registry.impls[rijn_i_reg_default(
                        rijn_i_x25519_registry.impls, rijn_i_x25519_registry.count)]->name) == 0,
             "rijn_x25519_impl names the default");
    /* a fresh context is bound to the default */
    {
        uint8_t key[32] = {1}, nonce[12] = {2};
        rijn_chacha20_ctx c;
        rijn_poly1305_ctx p;
        const rijn_i_registry *rc = &rijn_i_chacha20_registry, *rp = &rijn_i_poly1305_registry;
        TU_CHECK(rijn_chacha20_init(&c, key, nonce, 0) == RIJN_OK, "init");
        TU_CHECK(strcmp(rijn_i_chacha20_impl_name(&c),
                        rc->impls[rijn_i_reg_default(rc->impls, rc->count)]->name) == 0,
                 "chacha20 default binding %s", rijn_i_chacha20_impl_name(&c));
        TU_CHECK(rijn_poly1305_init(&p, key) == RIJN_OK, "init");
        TU_CHECK(strcmp(rijn_i_poly1305_impl_name(&p),
                        rp->impls[rijn_i_reg_default(rp->impls, rp->count)]->name) == 0,
                 "poly1305 default binding %s", rijn_i_poly1305_impl_name(&p));
        TU_CHECK(rijn_i_poly1305_use(&p, "no-such-impl") == RIJN_ERR_UNSUPPORTED, "unknown");
#if RIJN_I_CHACHA_X86 && RIJN_I_POLY1305_X86
        /* an index past the list is refused at init */
        TU_CHECK(rijn_i_chacha20_init_at(&c, key, nonce, 0, RIJN_I_CHACHA_NIMPL) ==
                         RIJN_ERR_PARAM &&
                     rijn_i_poly1305_init_at(&p, key, RIJN_I_POLY1305_NIMPL) == RIJN_ERR_PARAM,
                 "index past the end");
        TU_CHECK(rijn_i_poly1305_init_at(&p, key, 0) == RIJN_OK, "re-key");
#endif
        TU_CHECK(rijn_poly1305_final(&p, key) == RIJN_OK, "final");
        TU_CHECK(rijn_i_poly1305_use(&p, NULL) == RIJN_ERR_STATE, "use after final");
        TU_CHECK(strcmp(rijn_i_poly1305_impl_name(&p), "none") == 0, "none after final");
        rijn_chacha20_wipe(&c);
        TU_CHECK(rijn_i_chacha20_use(&c, NULL) == RIJN_ERR_STATE, "use on a wiped ctx");
        TU_CHECK(strcmp(rijn_i_chacha20_impl_name(&c), "none") == 0, "none when wiped");
    }
    /* rebinding needs a keyed / started context; NULL is RIJN_ERR_NULL */
    {
        rijn_gcm_ctx g;
        rijn_gcmsiv_ctx sv;
        rijn_sha256_ctx h2;
        rijn_sha512_ctx h5;
        const rijn_i_ghash_impl *gi;
        memset(&g, 0, sizeof g);
        memset(&sv, 0, sizeof sv);
        memset(&h2, 0, sizeof h2);
        memset(&h5, 0, sizeof h5);
        TU_CHECK(rijn_i_gcm_use_ghash(&g, NULL) == RIJN_ERR_STATE, "gcm not keyed");
        TU_CHECK(rijn_i_gcmsiv_use_ghash(&sv, NULL) == RIJN_ERR_STATE, "gcm-siv not keyed");
        TU_CHECK(rijn_i_sha256_use(&h2, NULL) == RIJN_ERR_STATE, "sha256 not started");
        TU_CHECK(rijn_i_sha512_use(&h5, NULL) == RIJN_ERR_STATE, "sha512 not started");
        TU_CHECK(strcmp(rijn_i_sha256_ctx_impl_name(&h2), "none") == 0 &&
                     strcmp(rijn_i_sha512_ctx_impl_name(&h5), "none") == 0, "none");
        TU_CHECK(rijn_i_gcm_use_ghash(NULL, NULL) == RIJN_ERR_NULL &&
                     rijn_i_gcmsiv_use_ghash(NULL, NULL) == RIJN_ERR_NULL &&
                     rijn_i_sha256_use(NULL, NULL) == RIJN_ERR_NULL &&
                     rijn_i_sha512_use(NULL, NULL) == RIJN_ERR_NULL &&
                     rijn_i_chacha20_use(NULL, NULL) == RIJN_ERR_NULL &&
                     rijn_i_poly1305_use(NULL, NULL) == RIJN_ERR_NULL, "NULL ctx");
        TU_CHECK(rijn_i_ghash_get("no-such-impl", &gi) == RIJN_ERR_UNSUPPORTED && gi == NULL,
                 "ghash unknown");
        TU_CHECK(rijn_gcmsiv_init(&sv, (const uint8_t *)"0123456789abcdef", 16) == RIJN_OK &&
                     rijn_i_gcmsiv_use_ghash(&sv, "no-such-impl") == RIJN_ERR_UNSUPPORTED &&
                     rijn_i_gcmsiv_use_ghash(&sv, "auto") == RIJN_OK,
                 "gcm-siv rebind");
        TU_CHECK(rijn_sha256_init(&h2) == RIJN_OK &&
                     rijn_i_sha256_use(&h2, "no-such-impl") == RIJN_ERR_UNSUPPORTED &&
                     rijn_sha512_init(&h5) == RIJN_OK &&
                     rijn_i_sha512_use(&h5, "no-such-impl") == RIJN_ERR_UNSUPPORTED,
                 "sha unknown");
        TU_CHECK(strcmp(rijn_sha256_impl_name(), rijn_i_sha256_ctx_impl_name(&h2)) == 0,
                 "rijn_sha256_impl_name names the default");
        TU_CHECK(strcmp(rijn_argon2_impl_name(),
                        rijn_i_argon2_registry.impls[rijn_i_reg_default(
                            rijn_i_argon2_registry.impls, rijn_i_argon2_registry.count)]->name) ==
                     0,
                 "rijn_argon2_impl_name names the default");
        rijn_gcmsiv_wipe(&sv);
        rijn_sha256_wipe(&h2);
        rijn_sha512_wipe(&h5);
    }
    free(pt);
    free(ct);
    free(want);
    free(buf);
    return tu_finish();
}
