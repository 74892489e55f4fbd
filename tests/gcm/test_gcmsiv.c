/*
 * test_gcmsiv.c -- AES-GCM-SIV (RFC 8452): the POLYVAL example of
 * appendix A on every GHASH class; the RFC 8452 appendix C vectors shipped
 * in cryptography_vectors (openssl.txt: AES-128/256, aes-192-gcm-siv.txt)
 * plus the empty-text vectors, on every AES and every GHASH class, with
 * tampered copies rejected and the output zeroed; random round trips;
 * every error path; and, when Python's "cryptography" package is in
 * RIJN_VECTORS_DIR (OpenSSL 3.0 has no GCM-SIV), a differential run
 * against its AESGCMSIV.
 */
#define _POSIX_C_SOURCE 200809L /* popen, strtok_r */
#include <stdlib.h>
#include <string.h>

#include "aead/ghash.h"
#include "testutil.h"
#include "rijn/gcmsiv.h"

static const char *const files[2] = {
    "cryptography_vectors/ciphers/AES/GCM-SIV/openssl.txt",
    "cryptography_vectors/ciphers/AES/GCM-SIV/aes-192-gcm-siv.txt"};
static unsigned long counts[2];
static const char *cur_ghash; /* the GHASH class siv_init binds (NULL: default) */

static int siv_init(rijn_gcmsiv_ctx *c, const uint8_t *key, size_t kl)
{
    int r = rijn_gcmsiv_init(c, key, kl);
    return r == RIJN_OK ? rijn_i_gcmsiv_use_ghash(c, cur_ghash) : r;
}

static void check(const uint8_t *key, size_t kl, const uint8_t *iv, const uint8_t *aad,
                  size_t al, const uint8_t *pt, const uint8_t *ct, size_t len,
                  const uint8_t *tag, const char *what)
{
    rijn_gcmsiv_ctx c;
    uint8_t *buf = malloc(len + 1), t[16], bad[16];
    size_t i, nz = 0;
    TU_CHECK(siv_init(&c, key, kl) == RIJN_OK, "%s: init", what);
    TU_CHECK(rijn_gcmsiv_seal(&c, buf, t, 16, iv, 12, aad, al, pt, len) == RIJN_OK, "%s", what);
    TU_EQ(buf, ct, len, what);
    TU_EQ(t, tag, 16, what);
    memset(buf, 0x55, len + 1);
    TU_CHECK(rijn_gcmsiv_open(&c, buf, tag, 16, iv, 12, aad, al, ct, len) == RIJN_OK, "%s", what);
    TU_EQ(buf, pt, len, what);
    /* in place */
    if (len != 0)
        memcpy(buf, pt, len);
    TU_CHECK(rijn_gcmsiv_seal(&c, buf, t, 16, iv, 12, aad, al, buf, len) == RIJN_OK, "%s", what);
    TU_EQ(buf, ct, len, what);
    TU_CHECK(rijn_gcmsiv_open(&c, buf, t, 16, iv, 12, aad, al, buf, len) == RIJN_OK, "%s", what);
    TU_EQ(buf, pt, len, what);
    /* tampered tag */
    memcpy(bad, tag, 16);
    bad[tu_rand_below(16)] ^= (uint8_t)(1u << tu_rand_below(8));
    memset(buf, 0x55, len + 1);
    TU_CHECK(rijn_gcmsiv_open(&c, buf, bad, 16, iv, 12, aad, al, ct, len) == RIJN_ERR_AUTH,
             "%s: bad tag accepted", what);
    for (i = 0; i < len; i++)
        nz |= buf[i];
    TU_CHECK(nz == 0, "%s: output not zeroed", what);
    rijn_gcmsiv_wipe(&c);
    free(buf);
}

static void run_files(void)
{
    int fi;
    for (fi = 0; fi < 2; fi++) {
        tu_rsp *r = tu_rsp_open(tu_vec_require(files[fi]));
        unsigned long n = 0;
        TU_CHECK(r != NULL, "open %s", files[fi]);
        if (r == NULL)
            continue;
        while (tu_rsp_next(r)) {
            size_t kl, ivl, al, pl, cl, tl;
            uint8_t *key = tu_rsp_hex(r, "Key", &kl), *iv = tu_rsp_hex(r, "IV", &ivl);
            uint8_t *aad = tu_rsp_hex(r, "AAD", &al), *pt = tu_rsp_hex(r, "Plaintext", &pl);
            uint8_t *ct = tu_rsp_hex(r, "Ciphertext", &cl), *tag = tu_rsp_hex(r, "Tag", &tl);
            char what[200];
            snprintf(what, sizeof what, "%s COUNT=%s", files[fi] + 41, tu_rsp_get(r, "COUNT"));
            if (key != NULL && ivl == 12 && tl == 16 && pl == cl) {
                check(key, kl, iv, aad, al, pt, ct, pl, tag, what);
                n++;
            } else {
                TU_CHECK(0, "%s: malformed record", what);
            }
            free(key);
            free(iv);
            free(aad);
            free(pt);
            free(ct);
            free(tag);
        }
        tu_rsp_close(r);
        counts[fi] = n;
        TU_CHECK(n >= 40, "%s: %lu vectors", files[fi], n);
    }
}

static void run_rfc(void)
{
    /* RFC 8452 C.1 / C.2 with empty text and AAD; AES-192 from OpenSSL. */
    static const char *const tags[3] = {"dc20e2d83f25705bb49e439eca56de25",
                                        "d4737bf26d29e1da380392e4deca2d92",
                                        "07f5f4169bbf55a8400cd47ea6fd400f"};
    uint8_t key[32] = {1}, iv[12] = {3}, tag[16];
    int i;
    for (i = 0; i < 3; i++) {
        tu_unhex_into(tag, 16, tags[i]);
        check(key, (size_t)(16 + 8 * i), iv, NULL, 0, NULL, NULL, 0, tag, "RFC 8452 empty");
    }
}

static void roundtrip(void)
{
    size_t it, iters = tu_quick() ? 10 : 100;
    for (it = 0; it < iters; it++) {
        uint8_t key[32], iv[12], aad[300], pt[600], ct[600], tag[16];
        size_t kl = 16 + 8 * tu_rand_below(3), al = tu_rand_below(300), len = tu_rand_below(600);
        rijn_gcmsiv_ctx c;
        tu_rand_bytes(key, kl);
        tu_rand_bytes(iv, 12);
        tu_rand_bytes(aad, al);
        tu_rand_bytes(pt, len);
        TU_CHECK(siv_init(&c, key, kl) == RIJN_OK, "init");
        TU_CHECK(rijn_gcmsiv_seal(&c, ct, tag, 16, iv, 12, aad, al, pt, len) == RIJN_OK, "seal");
        check(key, kl, iv, aad, al, pt, ct, len, tag, "round trip");
        if (len > 0) {
            ct[tu_rand_below(len)] ^= 4;
            TU_CHECK(rijn_gcmsiv_open(&c, ct, tag, 16, iv, 12, aad, al, ct, len) ==
                         RIJN_ERR_AUTH, "tampered ciphertext");
        }
        if (al > 0) {
            aad[tu_rand_below(al)] ^= 4;
            TU_CHECK(rijn_gcmsiv_open(&c, pt, tag, 16, iv, 12, aad, al, pt, len) ==
                         RIJN_ERR_AUTH, "tampered aad");
        }
    }
}

static void run_all(const char *impl, void *arg)
{
    (void)arg;
    run_files();
    run_rfc();
    roundtrip();
    printf("  GCM-SIV with %s %s: done\n", arg != NULL ? "GHASH" : "AES", impl);
}

static void polyval_kat(void)
{
    size_t i;
    for (i = 0; i < rijn_i_ghash_registry.count; i++) {
        const rijn_i_ghash_impl *g = RIJN_I_IMPL_OF(rijn_i_ghash_impl, rijn_i_ghash_registry.impls[i]);
        uint8_t h[16], x[32], want[16], s[16] = {0};
        uint64_t hk[RIJN_GCM_HKEY_WORDS];
        if (!rijn_i_impl_runs(&g->base))
            continue;
        tu_unhex_into(h, 16, "25629347589242761d31f826ba4b757b");
        tu_unhex_into(x, 32, "4f4f95668c83dfb6401762bb2d01a262d1a24ddd2721d006bbe45f20d3c9f362");
        tu_unhex_into(want, 16, "f7a3b47b846119fae5b7866cf5e5b77e");
        memset(hk, 0xA5, sizeof hk); /* the 2-block key must set what it uses */
        rijn_i_polyval_setkey(g, hk, h, 2);
        rijn_i_polyval_blocks(g, hk, s, x, 2);
        TU_EQ(s, want, 16, g->base.name);
    }
}

static void errors(void)
{
    uint8_t key[32] = {0}, iv[13] = {0}, buf[64] = {0}, tag[16] = {0};
    rijn_gcmsiv_ctx c, z;
    memset(&z, 0, sizeof z);
    TU_CHECK(rijn_gcmsiv_init(NULL, key, 16) == RIJN_ERR_NULL, "NULL ctx");
    TU_CHECK(rijn_gcmsiv_init(&c, NULL, 16) == RIJN_ERR_NULL, "NULL key");
    TU_CHECK(rijn_gcmsiv_init(&c, key, 20) == RIJN_ERR_KEY_LEN, "key 20");
    TU_CHECK(rijn_gcmsiv_seal(&z, buf, tag, 16, iv, 12, NULL, 0, buf, 8) == RIJN_ERR_STATE, "z");
    TU_CHECK(rijn_gcmsiv_init(&c, key, 32) == RIJN_OK, "init");
    TU_CHECK(rijn_gcmsiv_seal(&c, buf, tag, 16, iv, 11, NULL, 0, buf, 8) == RIJN_ERR_NONCE_LEN,
             "nonce 11");
    TU_CHECK(rijn_gcmsiv_open(&c, buf, tag, 16, iv, 13, NULL, 0, buf, 8) == RIJN_ERR_NONCE_LEN,
             "nonce 13");
    TU_CHECK(rijn_gcmsiv_seal(&c, buf, tag, 12, iv, 12, NULL, 0, buf, 8) == RIJN_ERR_TAG_LEN,
             "tag 12");
    TU_CHECK(rijn_gcmsiv_seal(&c, buf, tag, 16, NULL, 12, NULL, 0, buf, 8) == RIJN_ERR_NULL, "n");
    TU_CHECK(rijn_gcmsiv_seal(&c, buf, NULL, 16, iv, 12, NULL, 0, buf, 8) == RIJN_ERR_NULL, "t");
    TU_CHECK(rijn_gcmsiv_seal(&c, buf, tag, 16, iv, 12, NULL, 3, buf, 8) == RIJN_ERR_NULL, "a");
    TU_CHECK(rijn_gcmsiv_seal(&c, NULL, tag, 16, iv, 12, NULL, 0, buf, 8) == RIJN_ERR_NULL, "o");
    TU_CHECK(rijn_gcmsiv_seal(&c, buf + 1, tag, 16, iv, 12, NULL, 0, buf, 8) == RIJN_ERR_PARAM,
             "overlap");
    TU_CHECK(rijn_gcmsiv_seal(&c, buf, buf + 4, 16, iv, 12, NULL, 0, buf, 8) == RIJN_ERR_PARAM,
             "tag overlap");
#if SIZE_MAX > 0xFFFFFFFFu
    TU_CHECK(rijn_gcmsiv_seal(&c, buf, tag, 16, iv, 12, NULL, 0, buf, ((size_t)1 << 36) + 1) ==
                 RIJN_ERR_LIMIT, "text limit");
    TU_CHECK(rijn_gcmsiv_open(&c, buf, tag, 16, iv, 12, buf, ((size_t)1 << 36) + 1, NULL, 0) ==
                 RIJN_ERR_LIMIT, "aad limit");
#endif
    TU_CHECK(rijn_gcmsiv_seal(&c, NULL, tag, 16, iv, 12, NULL, 0, NULL, 0) == RIJN_OK, "empty");
    TU_CHECK(rijn_gcmsiv_key_min() == 16 && rijn_gcmsiv_key_max() == 32, "key sizes");
    TU_CHECK(rijn_gcmsiv_nonce_size() == 12 && rijn_gcmsiv_nonce_min() == 12 &&
                 rijn_gcmsiv_nonce_max() == 12, "nonce sizes");
    TU_CHECK(rijn_gcmsiv_tag_size() == 16 && rijn_gcmsiv_tag_min() == 16 &&
                 rijn_gcmsiv_tag_max() == 16, "tag sizes");
    rijn_gcmsiv_wipe(&c);
    TU_CHECK(rijn_gcmsiv_seal(&c, buf, tag, 16, iv, 12, NULL, 0, buf, 8) == RIJN_ERR_STATE,
             "wiped");
}

/* Differential against Python cryptography's AESGCMSIV, if present. */
static void vs_python(void)
{
    const char *dir = getenv("RIJN_VECTORS_DIR");
    char cmd[1024], line[4096];
    FILE *p;
    unsigned long n = 0;
    int iters = tu_quick() ? 20 : 200;
    if (dir == NULL || *dir == '\0')
        return;
    snprintf(cmd, sizeof cmd,
             "PYTHONPATH='%s' python3 -c \"\n"
             "import random\n"
             "from cryptography.hazmat.primitives.ciphers.aead import AESGCMSIV\n"
             "r = random.Random(8452)\n"
             "for i in range(%d):\n"
             "  k = r.randbytes(r.choice([16, 24, 32])); n = r.randbytes(12)\n"
             "  a = r.randbytes(r.choice([0, 1, 15, 16, 17, r.randrange(300)]))\n"
             "  m = r.randbytes(r.choice([0, 1, 15, 16, 17, 31, 32, 33, r.randrange(700)]))\n"
             "  print(k.hex() or '-', n.hex(), a.hex() or '-', m.hex() or '-',"
             " AESGCMSIV(k).encrypt(n, m, a).hex())\n"
             "\" 2>/dev/null",
             dir, iters);
    p = popen(cmd, "r");
    if (p == NULL)
        return;
    while (fgets(line, sizeof line, p) != NULL) {
        char *f[5], *save = NULL;
        uint8_t *b[5];
        size_t l[5], i;
        int k;
        for (k = 0; k < 5; k++)
            f[k] = strtok_r(k == 0 ? line : NULL, " \n", &save);
        if (f[4] == NULL)
            break;
        for (k = 0; k < 5; k++) {
            b[k] = strcmp(f[k], "-") == 0 ? tu_unhex("", &l[k]) : tu_unhex(f[k], &l[k]);
            if (b[k] == NULL)
                l[k] = 0;
        }
        i = l[3];
        if (b[0] && b[1] && b[2] && b[3] && b[4] && l[4] == i + 16)
            check(b[0], l[0], b[1], b[2], l[2], b[3], b[4], i, b[4] + i, "vs cryptography");
        else
            TU_CHECK(0, "bad line from python");
        for (k = 0; k < 5; k++)
            free(b[k]);
        n++;
    }
    pclose(p);
    if (n == 0)
        printf("  Python cryptography AESGCMSIV not available: differential skipped\n");
    else
        printf("  differential vs Python cryptography AESGCMSIV: %lu messages\n", n);
}

int main(void)
{
    size_t i;
    polyval_kat();
    tu_for_each_impl(run_all, NULL);
    for (i = 0; i < rijn_i_ghash_registry.count; i++) {
        const rijn_i_ghash_impl *g = RIJN_I_IMPL_OF(rijn_i_ghash_impl, rijn_i_ghash_registry.impls[i]);
        if (!rijn_i_impl_runs(&g->base))
            continue;
        cur_ghash = g->base.name;
        tu_context = g->base.name;
        run_all(g->base.name, (void *)"ghash");
    }
    cur_ghash = NULL;
    tu_context = NULL;
    vs_python();
    errors();
    printf("GCM-SIV %s: %lu vectors\n", files[0] + 41, counts[0]);
    printf("GCM-SIV %s: %lu vectors\n", files[1] + 41, counts[1]);
    return tu_finish();
}
