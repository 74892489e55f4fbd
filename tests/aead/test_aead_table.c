/*
 * test_aead_table.c -- the AEAD descriptors of rijn/aead_table.h.
 *
 *   - The list: 21 descriptors in a build with every AES key size, unique
 *     names, each found by its name and alias, NULL for unknown names;
 *     every context fits rijn_aead_any_ctx.
 *   - Each descriptor against the AEAD's own typed calls (key setup by
 *     the AEAD named, same ciphertext and tag for the same inputs), for the
 *     full and the shortest tag, at lengths 0, 1, 16, 33.
 *   - Round trip through the descriptor's open; a flipped tag bit gives
 *     RIJN_ERR_AUTH with the output zeroed; a wrong key size is refused.
 *   - A known answer: AES-128-GCM test case 2 of the GCM specification.
 */
#include <string.h>

#include "rijn.h"
#include "testutil.h"

/* The AEAD's own calls, chosen by the descriptor's name. */
#define REF(prefix, ctx_t, init)                                                              \
    do {                                                                                      \
        ctx_t c;                                                                              \
        r = init(&c, key, kl);                                                                \
        if (r == RIJN_OK)                                                                     \
            r = prefix##_seal(&c, out, tag, tl, n, nl, aad, al, in, len);                     \
        prefix##_wipe(&c);                                                                    \
    } while (0)

static int ref_seal(const char *name, const uint8_t *key, size_t kl, uint8_t *out, uint8_t *tag,
                    size_t tl, const uint8_t *n, size_t nl, const uint8_t *aad, size_t al,
                    const uint8_t *in, size_t len)
{
    int r = -999;
    size_t k = strlen(name);
    if (strcmp(name, "chacha20-poly1305") == 0)
        REF(rijn_chacha20poly1305, rijn_chachapoly_ctx, rijn_chacha20poly1305_init);
    else if (strcmp(name, "xchacha20-poly1305") == 0)
        REF(rijn_chacha20poly1305, rijn_chachapoly_ctx, rijn_xchacha20poly1305_init);
    else if (strcmp(name, "ascon-aead128") == 0)
        REF(rijn_ascon_aead128, rijn_ascon_aead128_ctx, rijn_ascon_aead128_init);
    else if (k > 8 && strcmp(name + k - 8, "-gcm-siv") == 0)
        REF(rijn_gcmsiv, rijn_gcmsiv_ctx, rijn_gcmsiv_init);
    else if (k > 4 && strcmp(name + k - 4, "-gcm") == 0)
        REF(rijn_gcm, rijn_gcm_ctx, rijn_gcm_init);
    else if (k > 4 && strcmp(name + k - 4, "-ccm") == 0)
        REF(rijn_ccm, rijn_ccm_ctx, rijn_ccm_init);
    else if (k > 4 && strcmp(name + k - 4, "-eax") == 0)
        REF(rijn_eax, rijn_eax_ctx, rijn_eax_init);
    else if (k > 5 && strcmp(name + k - 5, "-ocb3") == 0)
        REF(rijn_ocb, rijn_ocb_ctx, rijn_ocb_init);
    else if (k > 4 && strcmp(name + k - 4, "-siv") == 0)
        REF(rijn_siv, rijn_siv_ctx, rijn_siv_init);
    return r;
}

static void one(const rijn_aead_alg *a)
{
    static const size_t lens[] = {0, 1, 16, 33};
    uint8_t key[64], n[32], aad[20], in[33], out[33], out2[33], back[33], tag[16], tag2[16];
    rijn_aead_any_ctx ctx;
    size_t i, t, tl, nl = a->nonce_len;
    tu_context = a->name;
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(n, sizeof n);
    tu_rand_bytes(aad, sizeof aad);
    tu_rand_bytes(in, sizeof in);
    TU_CHECK(a->key_len <= sizeof key && nl <= sizeof n && a->tag_len <= sizeof tag &&
                 a->tag_min >= 1 && a->tag_min <= a->tag_len && a->nonce_min <= nl &&
                 nl <= a->nonce_max && a->ctx_size <= sizeof ctx,
             "sizes");
    TU_CHECK(a->init(&ctx, key, a->key_len + 1) != RIJN_OK, "key of %zu bytes refused",
             a->key_len + 1);
    TU_CHECK(a->init(&ctx, key, a->key_len) == RIJN_OK, "init");
    for (t = 0; t < 2; t++) {
        tl = t == 0 ? a->tag_len : a->tag_min;
        if (strstr(a->name, "-ccm") != NULL && tl % 2 != 0)
            tl++; /* CCM: even tags only */
        for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
            size_t len = lens[i];
            int r1 = a->seal(&ctx, out, tag, tl, n, nl, aad, sizeof aad, in, len);
            int r2 = ref_seal(a->name, key, a->key_len, out2, tag2, tl, n, nl, aad, sizeof aad,
                              in, len);
            TU_CHECK(r1 == RIJN_OK && r2 == RIJN_OK, "seal tag %zu len %zu: %d %d", tl, len, r1,
                     r2);
            TU_CHECK(memcmp(out, out2, len) == 0 && memcmp(tag, tag2, tl) == 0,
                     "descriptor seal = typed seal, tag %zu len %zu", tl, len);
            TU_CHECK(a->open(&ctx, back, tag, tl, n, nl, aad, sizeof aad, out, len) == RIJN_OK &&
                         memcmp(back, in, len) == 0,
                     "round trip tag %zu len %zu", tl, len);
            tag[0] ^= 1;
            memset(back, 0xAA, sizeof back);
            TU_CHECK(a->open(&ctx, back, tag, tl, n, nl, aad, sizeof aad, out, len) ==
                             RIJN_ERR_AUTH,
                     "altered tag refused, tag %zu len %zu", tl, len);
            TU_CHECK(len == 0 || (back[0] == 0 && memcmp(back, back + 1, len - 1) == 0),
                     "output zeroed on failure");
        }
    }
    a->wipe(&ctx);
    tu_context = NULL;
}

int main(void)
{
    const rijn_aead_alg *a, *b;
    size_t i, j, count = rijn_aead_alg_count();
    static const char *const names[] = {
        "aes-128-gcm",     "aes-192-gcm",    "aes-256-gcm",    "aes-128-ccm",
        "aes-192-ccm",     "aes-256-ccm",    "aes-128-eax",    "aes-192-eax",
        "aes-256-eax",     "aes-128-ocb3",   "aes-192-ocb3",   "aes-256-ocb3",
        "aes-128-gcm-siv", "aes-192-gcm-siv", "aes-256-gcm-siv", "aes-128-siv",   "aes-192-siv",
        "aes-256-siv",     "chacha20-poly1305", "xchacha20-poly1305", "ascon-aead128"};
    tu_rand_seed(0x41454144u);
    TU_CHECK(count == sizeof names / sizeof names[0], "%zu descriptors", count);
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        a = rijn_aead_alg_at(i);
        TU_CHECK(a != NULL && strcmp(a->name, names[i]) == 0, "descriptor %zu is %s", i,
                 names[i]);
    }
    TU_CHECK(rijn_aead_alg_at(count) == NULL, "NULL past the end");
    TU_CHECK(rijn_aead_alg_find("ascon128") == rijn_aead_alg_find("ascon-aead128") &&
                 rijn_aead_alg_find("ascon128") != NULL,
             "alias ascon128");
    TU_CHECK(rijn_aead_alg_find("aes-256-gcmx") == NULL && rijn_aead_alg_find("") == NULL &&
                 rijn_aead_alg_find(NULL) == NULL,
             "unknown names");
    for (i = 0; (a = rijn_aead_alg_at(i)) != NULL; i++) {
        TU_CHECK(rijn_aead_alg_find(a->name) == a, "find %s", a->name);
        for (j = i + 1; (b = rijn_aead_alg_at(j)) != NULL; j++)
            TU_CHECK(strcmp(a->name, b->name) != 0, "unique name %s", a->name);
        one(a);
    }
    {
        /* GCM specification, test case 2 */
        uint8_t z[16] = {0}, ct[16], tag[16], want_ct[16], want_tag[16];
        rijn_aead_any_ctx c;
        tu_unhex_into(want_ct, 16, "0388dace60b6a392f328c2b971b2fe78");
        tu_unhex_into(want_tag, 16, "ab6e47d42cec13bdf53a67b21257bddf");
        a = rijn_aead_alg_find("aes-128-gcm");
        TU_CHECK(a != NULL && a->init(&c, z, 16) == RIJN_OK &&
                     a->seal(&c, ct, tag, 16, z, 12, NULL, 0, z, 16) == RIJN_OK,
                 "GCM test case 2");
        TU_EQ(ct, want_ct, 16, "ciphertext");
        TU_EQ(tag, want_tag, 16, "tag");
        a->wipe(&c);
    }
    return tu_finish();
}
