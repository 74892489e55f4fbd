/*
 * test_chachapoly_fused.c -- the fused ChaCha20 + Poly1305 entries
 * (src/aead/chachapoly_fused.c) on every one that runs here:
 *   - binding: the pair (ChaCha20 entry, a Poly1305 entry with a wide path)
 *     binds the fused entry, Poly1305 "portable" binds "none";
 *   - ChaCha20-Poly1305 seal, open (also in place, and a flipped bit that
 *     must fail and leave zeros) and the streaming API (random split
 *     points, (NULL, 0) updates, splits on and off the 256/512-byte groups,
 *     decryption in place) against OpenSSL's EVP_chacha20_poly1305 at
 *     lengths around the group boundaries and random lengths to 6 KiB;
 *   - XChaCha20-Poly1305 against the same pair without fusion ("none").
 * On CPUs without AVX2/SSSE3 only "none" runs (the binding checks still
 * run).
 */
#include <stdlib.h>
#include <string.h>

#include "aead/chachapoly_i.h"
#include "testutil.h"
#include "tu_ossl.h"

#define MAXLEN 6200

static uint8_t key[32], nonce[24], aad[100], pt[MAXLEN], ct[MAXLEN], ref[MAXLEN], buf[MAXLEN];

/* streaming: random pieces, some of whole groups, with (NULL, 0) calls */
static void stream(rijn_chachapoly_ctx *c, size_t nl, size_t al, const uint8_t *in, size_t len,
                   uint8_t *out, uint8_t tag[16], int dec)
{
    size_t off = 0;
    TU_CHECK(rijn_chacha20poly1305_start(c, nonce, nl) == RIJN_OK, "start");
    TU_CHECK(rijn_chacha20poly1305_aad(c, NULL, 0) == RIJN_OK, "aad (NULL, 0)");
    TU_CHECK(rijn_chacha20poly1305_aad(c, aad, al) == RIJN_OK, "aad");
    while (off < len) {
        size_t k = tu_rand_below(4) == 0 ? 512 * (1 + tu_rand_below(3))
                                         : tu_rand_below(len - off + 1);
        int r;
        if (k > len - off)
            k = len - off;
        r = dec ? rijn_chacha20poly1305_decrypt_update(c, out + off, in + off, k)
                : rijn_chacha20poly1305_encrypt_update(c, out + off, in + off, k);
        TU_CHECK(r == RIJN_OK, "update");
        r = dec ? rijn_chacha20poly1305_decrypt_update(c, NULL, NULL, 0)
                : rijn_chacha20poly1305_encrypt_update(c, NULL, NULL, 0);
        TU_CHECK(r == RIJN_OK, "update (NULL, 0)");
        off += k;
    }
    if (dec)
        TU_CHECK(rijn_chacha20poly1305_decrypt_final(c, tag, 16) == RIJN_OK, "dec final");
    else
        TU_CHECK(rijn_chacha20poly1305_encrypt_final(c, tag, 16) == RIJN_OK, "enc final");
}

static void one(const char *name, size_t len)
{
    rijn_chachapoly_ctx c, u;
    uint8_t tag[16], rtag[16], t2[16];
    size_t al = tu_rand_below(sizeof aad + 1);
    tu_rand_bytes(key, 32);
    tu_rand_bytes(nonce, 24);
    tu_rand_bytes(aad, al);
    tu_rand_bytes(pt, len);
    TU_CHECK(tu_ossl_chachapoly_seal(key, nonce, aad, al, pt, len, ref, rtag), "OpenSSL seal");
    TU_CHECK(rijn_chacha20poly1305_init(&c, key, 32) == RIJN_OK &&
                 rijn_i_chachapoly_use(&c, name, "x64") == RIJN_OK,
             "%s bind", name);
    TU_CHECK(rijn_chacha20poly1305_seal(&c, ct, tag, 16, nonce, 12, aad, al, pt, len) == RIJN_OK,
             "seal");
    TU_EQ(ct, ref, len, "seal vs OpenSSL");
    TU_EQ(tag, rtag, 16, "seal tag vs OpenSSL");
    TU_CHECK(rijn_chacha20poly1305_open(&c, buf, tag, 16, nonce, 12, aad, al, ct, len) == RIJN_OK,
             "open");
    TU_EQ(buf, pt, len, "open");
    memcpy(buf, ct, len); /* in place; a flipped bit fails and leaves zeros */
    TU_CHECK(rijn_chacha20poly1305_open(&c, buf, tag, 16, nonce, 12, aad, al, buf, len) == RIJN_OK,
             "open in place");
    TU_EQ(buf, pt, len, "open in place");
    if (len > 0) {
        size_t k, z = 0, at = tu_rand_below(len);
        ct[at] ^= 0x80;
        memset(buf, 0xA5, len);
        TU_CHECK(rijn_chacha20poly1305_open(&c, buf, tag, 16, nonce, 12, aad, al, ct, len) ==
                     RIJN_ERR_AUTH,
                 "open: flipped bit %zu of %zu accepted", at, len);
        ct[at] ^= 0x80;
        for (k = 0; k < len; k++)
            z |= buf[k];
        TU_CHECK(z == 0, "failed open left output behind");
    }
    stream(&c, 12, al, pt, len, buf, tag, 0);
    TU_EQ(buf, ref, len, "streaming encrypt vs OpenSSL");
    TU_EQ(tag, rtag, 16, "streaming tag vs OpenSSL");
    stream(&c, 12, al, buf, len, buf, rtag, 1); /* in place */
    TU_EQ(buf, pt, len, "streaming decrypt in place");
    if (len > 0) { /* a flipped bit fails the streaming decryption */
        memcpy(buf, ref, len);
        buf[tu_rand_below(len)] ^= 1;
        TU_CHECK(rijn_chacha20poly1305_start(&c, nonce, 12) == RIJN_OK &&
                     rijn_chacha20poly1305_aad(&c, aad, al) == RIJN_OK &&
                     rijn_chacha20poly1305_decrypt_update(&c, buf, buf, len) == RIJN_OK &&
                     rijn_chacha20poly1305_decrypt_final(&c, rtag, 16) == RIJN_ERR_AUTH,
                 "flipped bit accepted");
    }
    /* XChaCha20-Poly1305: fused vs the two passes */
    TU_CHECK(rijn_xchacha20poly1305_init(&c, key, 32) == RIJN_OK &&
                 rijn_i_chachapoly_use(&c, name, "x64") == RIJN_OK &&
                 rijn_xchacha20poly1305_init(&u, key, 32) == RIJN_OK &&
                 rijn_i_chachapoly_use(&u, name, "portable") == RIJN_OK,
             "x bind");
    TU_CHECK(rijn_xchacha20poly1305_seal(&c, ct, tag, 16, nonce, 24, aad, al, pt, len) ==
                     RIJN_OK &&
                 rijn_xchacha20poly1305_seal(&u, ref, t2, 16, nonce, 24, aad, al, pt, len) ==
                     RIJN_OK,
             "xseal");
    TU_EQ(ct, ref, len, "XChaCha20-Poly1305 fused vs two passes");
    TU_EQ(tag, t2, 16, "XChaCha20-Poly1305 tag fused vs two passes");
    stream(&c, 24, al, ct, len, buf, tag, 1);
    TU_EQ(buf, pt, len, "XChaCha20-Poly1305 streaming decrypt");
    rijn_chacha20poly1305_wipe(&c);
    rijn_chacha20poly1305_wipe(&u);
}

int main(void)
{
    static const size_t edges[] = {0, 1, 255, 256, 257, 511, 512, 513, 767, 768, 1023,
                                   1024, 1025, 1536, 2047, 2048, 2049, 4096 + 15};
    const rijn_i_registry *rf = &rijn_i_chachapoly_fused_registry;
    size_t i, j, ran = 0;
    rijn_chachapoly_ctx c;
    tu_rand_seed(1305);
    memset(key, 7, sizeof key);
    TU_CHECK(strcmp(rijn_i_chachapoly_fused_name(NULL), "none") == 0, "NULL context");
    TU_CHECK(strcmp(rf->impls[rf->count - 1]->name, "none") == 0, "last entry");
    for (i = 0; i + 1 < rf->count; i++) {
        const char *name = rf->impls[i]->name;
        if (!rijn_i_impl_runs(rf->impls[i]))
            continue;
        ran++;
        /* the fused entry has the name of the ChaCha20 entry it stands for */
        TU_CHECK(rijn_chacha20poly1305_init(&c, key, 32) == RIJN_OK &&
                     rijn_i_chachapoly_use(&c, name, "x64") == RIJN_OK &&
                     strcmp(rijn_i_chachapoly_fused_name(&c), name) == 0,
                 "%s + x64 binds fused %s", name, name);
        TU_CHECK(rijn_i_chachapoly_use(&c, name, "portable") == RIJN_OK &&
                     strcmp(rijn_i_chachapoly_fused_name(&c), "none") == 0,
                 "%s + portable binds none", name);
        TU_CHECK(rijn_i_chachapoly_use(&c, "portable", "x64") == RIJN_OK &&
                     strcmp(rijn_i_chachapoly_fused_name(&c), "none") == 0,
                 "portable + x64 binds none");
        for (j = 0; j < sizeof edges / sizeof edges[0]; j++)
            one(name, edges[j]);
        for (j = 0; j < (tu_quick() ? 4u : 24u); j++)
            one(name, tu_rand_below(MAXLEN + 1));
    }
    rijn_chacha20poly1305_wipe(&c);
    printf("  %zu fused entries run here\n", ran);
    return tu_finish();
}
