/*
 * test_ascon.c -- Ascon (NIST SP 800-232): AEAD128, Hash256, XOF128,
 * CXOF128.
 *   - the Ascon team's SP 800-232 KAT files (tests/vectors/ascon, found
 *     by tu_repo_vec_require; LWC layout): all 1089 AEAD128 cases
 *     (one-shot seal/open, streaming with random split points both ways,
 *     a flipped tag or ciphertext bit must fail with out zeroed), all
 *     Hash256, XOF128 and CXOF128 cases (one-shot, random absorb splits,
 *     random squeeze splits);
 *   - the 64-bit and the bit-interleaved 32-bit permutations against each
 *     other on random states for every round count;
 *   - random messages: streaming with random splits vs one-shot, in place;
 *   - argument and state errors.
 */
#include <stdlib.h>
#include <string.h>

#include "ascon/ascon_i.h"
#include "testutil.h"

static tu_rsp *open_kat(const char *file)
{
    static char rel[256];
    const char *path;
    tu_rsp *r;
    snprintf(rel, sizeof rel, "ascon/%s", file);
    path = tu_repo_vec_require(rel);
    r = tu_rsp_open(path);
    TU_CHECK(r != NULL, "cannot read %s", path);
    return r;
}

static uint8_t *field(const tu_rsp *r, const char *name, size_t *len)
{
    const char *v = tu_rsp_get(r, name);
    uint8_t *p = tu_unhex(v != NULL ? v : "", len);
    TU_CHECK(v != NULL && p != NULL, "field %s", name);
    return p;
}

static void perm_cross(void)
{
    uint64_t a[5], b[5];
    unsigned r, i, k, n = tu_quick() ? 20 : 2000;
    for (r = 1; r <= 12; r++) {
        for (i = 0; i < n; i++) {
            for (k = 0; k < 5; k++)
                a[k] = b[k] = tu_rand64();
            if (i == 0)
                memset(a, 0, sizeof a), memset(b, 0, sizeof b);
            if (i == 1)
                memset(a, 0xFF, sizeof a), memset(b, 0xFF, sizeof b);
            rijn_i_ascon_p64(a, r);
            rijn_i_ascon_p32(b, r);
            TU_CHECK(memcmp(a, b, sizeof a) == 0, "p32 != p64 (rounds %u, state %u)", r, i);
        }
    }
    printf("permutation: p64 == p32-interleaved on %u random states x 12 round counts\n", n);
}

/* Split len into random chunks and feed them to fn. */
#define CHUNKS(len, body)                                        \
    do {                                                         \
        size_t off_ = 0;                                         \
        while (off_ < (len)) {                                   \
            size_t k_ = tu_rand_below((len) - off_ + 1);         \
            if (tu_rand_below(4) == 0)                           \
                k_ = 0;                                          \
            {                                                    \
                size_t off = off_, k = k_;                       \
                body;                                            \
            }                                                    \
            off_ += k_;                                          \
        }                                                        \
    } while (0)

static void aead_stream(const rijn_ascon_aead128_ctx *key, const uint8_t *nonce,
                        const uint8_t *ad, size_t al, const uint8_t *pt, size_t pl,
                        const uint8_t *ct, const uint8_t *tag, unsigned long count)
{
    rijn_ascon_aead128_ctx c = *key;
    uint8_t *o = malloc(pl + 1), t[16];
    TU_CHECK(rijn_ascon_aead128_start(&c, nonce, 16) == RIJN_OK, "start");
    CHUNKS(al, TU_CHECK(rijn_ascon_aead128_aad(&c, ad + off, k) == RIJN_OK, "aad"));
    CHUNKS(pl, TU_CHECK(rijn_ascon_aead128_encrypt_update(&c, o + off, pt + off, k) == RIJN_OK,
                        "enc"));
    TU_CHECK(rijn_ascon_aead128_encrypt_final(&c, t, 16) == RIJN_OK, "encf");
    if (!TU_EQ(o, ct, pl, "AEAD128 streaming ct") || !TU_EQ(t, tag, 16, "AEAD128 streaming tag"))
        printf("  Count %lu\n", count);
    TU_CHECK(rijn_ascon_aead128_start(&c, nonce, 16) == RIJN_OK, "start");
    CHUNKS(al, TU_CHECK(rijn_ascon_aead128_aad(&c, ad + off, k) == RIJN_OK, "aad"));
    memcpy(o, ct, pl); /* in place */
    CHUNKS(pl, TU_CHECK(rijn_ascon_aead128_decrypt_update(&c, o + off, o + off, k) == RIJN_OK,
                        "dec"));
    TU_CHECK(rijn_ascon_aead128_decrypt_final(&c, tag, 16) == RIJN_OK, "decf");
    TU_EQ(o, pt, pl, "AEAD128 streaming pt");
    free(o);
}

static void aead_kat(void)
{
    tu_rsp *r = open_kat("asconaead128_LWC_AEAD_KAT_128_128.txt");
    unsigned long n = 0;
    while (r != NULL && tu_rsp_next(r)) {
        size_t kl, nl, pl, al, cl, i, nz;
        uint8_t *key = field(r, "Key", &kl), *nonce = field(r, "Nonce", &nl);
        uint8_t *pt = field(r, "PT", &pl), *ad = field(r, "AD", &al), *ct = field(r, "CT", &cl);
        uint8_t *o = malloc(pl + 1), t[16], *bad = malloc(cl + 1);
        rijn_ascon_aead128_ctx c;
        unsigned long count = strtoul(tu_rsp_get(r, "Count"), NULL, 10);
        n++;
        TU_CHECK(kl == 16 && nl == 16 && cl == pl + 16, "Count %lu sizes", count);
        TU_CHECK(rijn_ascon_aead128_init(&c, key, kl) == RIJN_OK, "init");
        TU_CHECK(rijn_ascon_aead128_seal(&c, o, t, 16, nonce, 16, ad, al, pt, pl) == RIJN_OK,
                 "seal");
        if (!TU_EQ(o, ct, pl, "AEAD128 KAT ct") || !TU_EQ(t, ct + pl, 16, "AEAD128 KAT tag"))
            printf("  Count %lu\n", count);
        TU_CHECK(rijn_ascon_aead128_open(&c, o, ct + pl, 16, nonce, 16, ad, al, ct, pl) ==
                     RIJN_OK,
                 "open Count %lu", count);
        TU_EQ(o, pt, pl, "AEAD128 KAT open");
        aead_stream(&c, nonce, ad, al, pt, pl, ct, ct + pl, count);
        /* A flipped bit anywhere in ciphertext or tag must fail, out zeroed. */
        memcpy(bad, ct, cl);
        i = tu_rand_below(cl);
        bad[i] ^= (uint8_t)(1u << tu_rand_below(8));
        memset(o, 0xEE, pl + 1);
        TU_CHECK(rijn_ascon_aead128_open(&c, o, bad + pl, 16, nonce, 16, ad, al, bad, pl) ==
                     RIJN_ERR_AUTH,
                 "forgery accepted, Count %lu", count);
        for (i = nz = 0; i < pl; i++)
            nz |= o[i];
        TU_CHECK(nz == 0, "failed open left output, Count %lu", count);
        if (al > 0) { /* a changed AAD byte must fail too */
            ad[tu_rand_below(al)] ^= 0x80;
            TU_CHECK(rijn_ascon_aead128_open(&c, o, ct + pl, 16, nonce, 16, ad, al, ct, pl) ==
                         RIJN_ERR_AUTH,
                     "AAD forgery accepted, Count %lu", count);
        }
        rijn_ascon_aead128_wipe(&c);
        free(key), free(nonce), free(pt), free(ad), free(ct), free(o), free(bad);
    }
    tu_rsp_close(r);
    printf("Ascon-AEAD128 KAT: %lu vectors\n", n);
    TU_CHECK(n == 1089, "AEAD128 KAT count %lu", n);
}

/* kind: 1 Hash256, 2 XOF128, 3 CXOF128. */
static void hash_kat(int kind, const char *file)
{
    tu_rsp *r = open_kat(file);
    unsigned long n = 0;
    while (r != NULL && tu_rsp_next(r)) {
        size_t ml, dl, zl = 0;
        uint8_t *msg = field(r, "Msg", &ml), *md = field(r, "MD", &dl), *z = NULL;
        uint8_t *o = malloc(dl + 1);
        rijn_ascon_hash_ctx c;
        unsigned long count = strtoul(tu_rsp_get(r, "Count"), NULL, 10);
        int ok = 1;
        n++;
        if (kind == 3)
            z = field(r, "Z", &zl);
        /* one-shot */
        if (kind == 1)
            TU_CHECK(dl == 32 && rijn_ascon_hash256(o, msg, ml) == RIJN_OK, "hash");
        else if (kind == 2)
            TU_CHECK(rijn_ascon_xof128(o, dl, msg, ml) == RIJN_OK, "xof");
        else
            TU_CHECK(rijn_ascon_cxof128(o, dl, z, zl, msg, ml) == RIJN_OK, "cxof");
        ok &= TU_EQ(o, md, dl, file);
        /* streaming, random absorb and squeeze splits */
        memset(o, 0, dl);
        if (kind == 1)
            TU_CHECK(rijn_ascon_hash256_init(&c) == RIJN_OK, "init");
        else if (kind == 2)
            TU_CHECK(rijn_ascon_xof128_init(&c) == RIJN_OK, "init");
        else
            TU_CHECK(rijn_ascon_cxof128_init(&c, z, zl) == RIJN_OK, "init");
        CHUNKS(ml, TU_CHECK(rijn_ascon_hash_update(&c, msg + off, k) == RIJN_OK, "upd"));
        if (kind == 1) {
            TU_CHECK(rijn_ascon_hash256_final(&c, o) == RIJN_OK, "final");
            TU_CHECK(rijn_ascon_hash_update(&c, msg, 0) == RIJN_ERR_STATE, "wiped after final");
        } else {
            CHUNKS(dl, TU_CHECK(rijn_ascon_xof_squeeze(&c, o + off, k) == RIJN_OK, "sq"));
            TU_CHECK(rijn_ascon_hash_update(&c, msg, 0) == RIJN_ERR_STATE, "update after sq");
        }
        ok &= TU_EQ(o, md, dl, file);
        if (!ok)
            printf("  Count %lu\n", count);
        rijn_ascon_hash_wipe(&c);
        free(msg), free(md), free(z), free(o);
    }
    tu_rsp_close(r);
    printf("%s: %lu vectors\n", file, n);
    TU_CHECK(n >= 1024, "%s count %lu", file, n);
}

/* Random lengths: streaming with random splits == one-shot; in place. */
static void random_stream(void)
{
    uint8_t key[16], nonce[16], ad[300], pt[700], ct[700], o[700], t[16], t2[16];
    unsigned i, n = tu_quick() ? 30 : 600;
    rijn_ascon_aead128_ctx c;
    for (i = 0; i < n; i++) {
        size_t al = tu_rand_below(sizeof ad), pl = tu_rand_below(sizeof pt);
        if (i % 5 == 0)
            al = 16 * tu_rand_below(8);
        if (i % 7 == 0)
            pl = 16 * tu_rand_below(40);
        tu_rand_bytes(key, 16);
        tu_rand_bytes(nonce, 16);
        tu_rand_bytes(ad, al);
        tu_rand_bytes(pt, pl);
        TU_CHECK(rijn_ascon_aead128_init(&c, key, 16) == RIJN_OK, "init");
        TU_CHECK(rijn_ascon_aead128_seal(&c, ct, t, 16, nonce, 16, ad, al, pt, pl) == RIJN_OK,
                 "seal");
        aead_stream(&c, nonce, ad, al, pt, pl, ct, t, i);
        memcpy(o, pt, pl);
        TU_CHECK(rijn_ascon_aead128_seal(&c, o, t2, 16, nonce, 16, ad, al, o, pl) == RIJN_OK,
                 "seal in place");
        TU_EQ(o, ct, pl, "in-place seal");
        TU_EQ(t2, t, 16, "in-place tag");
        TU_CHECK(rijn_ascon_aead128_open(&c, o, t, 16, nonce, 16, ad, al, o, pl) == RIJN_OK,
                 "open in place");
        TU_EQ(o, pt, pl, "in-place open");
    }
    /* XOF: squeezing in pieces == squeezing at once, long outputs. */
    for (i = 0; i < (tu_quick() ? 5u : 100u); i++) {
        rijn_ascon_hash_ctx h;
        size_t ml = tu_rand_below(sizeof pt), ol = tu_rand_below(sizeof o);
        tu_rand_bytes(pt, ml);
        TU_CHECK(rijn_ascon_xof128(ct, ol, pt, ml) == RIJN_OK, "xof");
        TU_CHECK(rijn_ascon_xof128_init(&h) == RIJN_OK, "init");
        CHUNKS(ml, TU_CHECK(rijn_ascon_hash_update(&h, pt + off, k) == RIJN_OK, "upd"));
        CHUNKS(ol, TU_CHECK(rijn_ascon_xof_squeeze(&h, o + off, k) == RIJN_OK, "sq"));
        TU_EQ(o, ct, ol, "XOF128 split squeeze");
    }
}

static void errors(void)
{
    rijn_ascon_aead128_ctx c;
    rijn_ascon_hash_ctx h;
    uint8_t key[16] = {1}, nonce[16] = {2}, buf[64] = {0}, t[16], z[257] = {0};
    TU_CHECK(rijn_ascon_aead128_init(&c, key, 15) == RIJN_ERR_KEY_LEN, "key 15");
    TU_CHECK(rijn_ascon_aead128_init(&c, key, 32) == RIJN_ERR_KEY_LEN, "key 32");
    TU_CHECK(rijn_ascon_aead128_init(NULL, key, 16) == RIJN_ERR_NULL, "null ctx");
    TU_CHECK(rijn_ascon_aead128_init(&c, NULL, 16) == RIJN_ERR_NULL, "null key");
    /* not keyed (init failed above: ctx cleared) */
    TU_CHECK(rijn_ascon_aead128_seal(&c, buf, t, 16, nonce, 16, NULL, 0, buf, 16) ==
                 RIJN_ERR_STATE,
             "unkeyed seal");
    TU_CHECK(rijn_ascon_aead128_start(&c, nonce, 16) == RIJN_ERR_STATE, "unkeyed start");
    TU_CHECK(rijn_ascon_aead128_init(&c, key, 16) == RIJN_OK, "init");
    TU_CHECK(rijn_ascon_aead128_seal(&c, buf, t, 16, nonce, 12, NULL, 0, buf, 16) ==
                 RIJN_ERR_NONCE_LEN,
             "nonce 12");
    TU_CHECK(rijn_ascon_aead128_seal(&c, buf, t, 8, nonce, 16, NULL, 0, buf, 16) ==
                 RIJN_ERR_TAG_LEN,
             "tag 8");
    TU_CHECK(rijn_ascon_aead128_seal(&c, buf + 1, t, 16, nonce, 16, NULL, 0, buf, 16) ==
                 RIJN_ERR_PARAM,
             "overlap");
    TU_CHECK(rijn_ascon_aead128_seal(&c, buf, buf + 8, 16, nonce, 16, NULL, 0, buf, 16) ==
                 RIJN_ERR_PARAM,
             "tag overlap");
    TU_CHECK(rijn_ascon_aead128_seal(&c, NULL, t, 16, nonce, 16, NULL, 0, buf, 16) ==
                 RIJN_ERR_NULL,
             "null out");
    TU_CHECK(rijn_ascon_aead128_seal(&c, NULL, t, 16, nonce, 16, NULL, 0, NULL, 0) == RIJN_OK,
             "empty");
    TU_CHECK(rijn_ascon_aead128_aad(&c, buf, 1) == RIJN_ERR_STATE, "aad before start");
    TU_CHECK(rijn_ascon_aead128_encrypt_update(&c, buf, buf, 1) == RIJN_ERR_STATE, "upd idle");
    TU_CHECK(rijn_ascon_aead128_encrypt_final(&c, t, 16) == RIJN_ERR_STATE, "final idle");
    TU_CHECK(rijn_ascon_aead128_start(&c, nonce, 16) == RIJN_OK, "start");
    TU_CHECK(rijn_ascon_aead128_encrypt_update(&c, buf, buf, 3) == RIJN_OK, "upd");
    TU_CHECK(rijn_ascon_aead128_aad(&c, buf, 1) == RIJN_ERR_STATE, "aad after text");
    TU_CHECK(rijn_ascon_aead128_decrypt_update(&c, buf, buf, 1) == RIJN_ERR_STATE, "mixed");
    TU_CHECK(rijn_ascon_aead128_decrypt_final(&c, t, 16) == RIJN_ERR_STATE, "mixed final");
    TU_CHECK(rijn_ascon_aead128_encrypt_final(&c, t, 15) == RIJN_ERR_TAG_LEN, "final tag 15");
    TU_CHECK(rijn_ascon_aead128_encrypt_final(&c, t, 16) == RIJN_OK, "final");
    TU_CHECK(rijn_ascon_aead128_encrypt_update(&c, buf, buf, 1) == RIJN_ERR_STATE, "after fin");
    TU_CHECK(rijn_ascon_aead128_key_size() == 16 && rijn_ascon_aead128_nonce_size() == 16 &&
                 rijn_ascon_aead128_tag_size() == 16,
             "sizes");
    rijn_ascon_aead128_wipe(&c);
    TU_CHECK(rijn_ascon_aead128_start(&c, nonce, 16) == RIJN_ERR_STATE, "wiped");

    memset(&h, 0, sizeof h);
    TU_CHECK(rijn_ascon_hash_update(&h, buf, 1) == RIJN_ERR_STATE, "hash not set up");
    TU_CHECK(rijn_ascon_cxof128_init(&h, z, 257) == RIJN_ERR_LENGTH, "Z too long");
    TU_CHECK(rijn_ascon_cxof128_init(&h, z, 256) == RIJN_OK, "Z 256");
    TU_CHECK(rijn_ascon_hash256_final(&h, buf) == RIJN_ERR_STATE, "final on cxof");
    TU_CHECK(rijn_ascon_hash256_init(&h) == RIJN_OK, "h init");
    TU_CHECK(rijn_ascon_xof_squeeze(&h, buf, 4) == RIJN_ERR_STATE, "squeeze on hash");
    TU_CHECK(rijn_ascon_hash_update(&h, NULL, 1) == RIJN_ERR_NULL, "null data");
    TU_CHECK(rijn_ascon_hash256(NULL, buf, 1) == RIJN_ERR_NULL, "null out");
    printf("Ascon permutation in use: %s\n", rijn_ascon_impl());
}

int main(void)
{
    perm_cross();
    aead_kat();
    hash_kat(1, "asconhash256_LWC_HASH_KAT_128_256.txt");
    hash_kat(2, "asconxof128_LWC_XOF_KAT_128_512.txt");
    hash_kat(3, "asconcxof128_LWC_CXOF_KAT_128_512.txt");
    random_stream();
    errors();
    return tu_finish();
}
