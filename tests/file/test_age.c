/*
 * test_age.c -- the age format API (rijn/age.h):
 *   files written by the real age 1.1.1 (tests/vectors/age: X25519 binary
 *   and armored, two recipients, an empty plaintext, scrypt at age's
 *   default work factor) decrypt to their plaintext; age-keygen's key
 *   files: the Bech32 identity and recipient decode and re-encode to the
 *   same text, the public key is X25519(identity, 9), every one-character
 *   change and mixed case are rejected; writer -> reader round trips with
 *   one and several recipients (which stanza matched) and scrypt; malformed
 *   headers rejected as age rejects them (CR, double or trailing space,
 *   padding, non-canonical Base64, long or unterminated body, bad footer,
 *   scrypt next to another stanza, scrypt log N with a leading zero or over
 *   the limit, low-order share); unknown stanzas skipped; a changed header
 *   fails the MAC; writer misuse and a short buffer.
 */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static char vdir[1024];

static uint8_t *load(const char *name, size_t *n)
{
    char p[1200];
    FILE *f;
    uint8_t *b;
    long len;
    snprintf(p, sizeof p, "%s/%s", vdir, name);
    f = fopen(p, "rb");
    if (f == NULL) {
        fprintf(stderr, "FAIL: cannot open %s\n", p);
        exit(1);
    }
    fseek(f, 0, SEEK_END);
    len = ftell(f);
    fseek(f, 0, SEEK_SET);
    b = (uint8_t *)malloc((size_t)len + 1);
    if (b == NULL || fread(b, 1, (size_t)len, f) != (size_t)len) {
        fprintf(stderr, "FAIL: cannot read %s\n", p);
        exit(1);
    }
    fclose(f);
    b[len] = 0;
    *n = (size_t)len;
    return b;
}

/* The line of a key file after prefix (e.g. "AGE-SECRET-KEY-", "# public key: "). */
static size_t key_line(const uint8_t *file, const char *prefix, int keep_prefix,
                       const char **out)
{
    const char *s = strstr((const char *)file, prefix);
    size_t n;
    if (s == NULL)
        return 0;
    if (!keep_prefix)
        s += strlen(prefix);
    n = strcspn(s, "\n");
    *out = s;
    return n;
}

static void identity(const char *name, uint8_t sk[32], uint8_t pk[32])
{
    size_t n, ls, lp;
    uint8_t *f = load(name, &n), pub[32];
    const char *sec = NULL, *pubs = NULL;
    char enc[RIJN_AGE_SECRET_SIZE], tmp[100];
    size_t i;
    ls = key_line(f, "AGE-SECRET-KEY-", 1, &sec);
    lp = key_line(f, "# public key: ", 0, &pubs);
    TU_CHECK(ls == 74 && lp == 62, "%s: key lines %zu %zu", name, ls, lp);
    TU_CHECK(rijn_age_secret_decode(sk, sec, ls) == RIJN_OK, "%s: identity decodes", name);
    TU_CHECK(rijn_age_public_decode(pk, pubs, lp) == RIJN_OK, "%s: recipient decodes", name);
    TU_CHECK(rijn_x25519_base(pub, sk) == RIJN_OK, "x25519 base");
    TU_EQ(pub, pk, 32, "public key = X25519(identity, 9)");
    TU_CHECK(rijn_age_secret_encode(enc, sizeof enc, sk) == RIJN_OK &&
                 strlen(enc) == 74 && memcmp(enc, sec, 74) == 0,
             "%s: identity re-encodes to the same text", name);
    TU_CHECK(rijn_age_public_encode(enc, sizeof enc, pk) == RIJN_OK && strlen(enc) == 62 &&
                 memcmp(enc, pubs, 62) == 0,
             "%s: recipient re-encodes to the same text", name);
    TU_CHECK(rijn_age_public_encode(enc, RIJN_AGE_PUBLIC_SIZE - 1, pk) == RIJN_ERR_BUFFER,
             "short output");
    /* every one-character change is rejected */
    for (i = 0; i < lp; i++) {
        static const char repl[] = "qpz1A-";
        size_t k;
        for (k = 0; k < sizeof repl - 1; k++) {
            memcpy(tmp, pubs, lp);
            if (tmp[i] == repl[k])
                continue;
            tmp[i] = repl[k];
            TU_CHECK(rijn_age_public_decode(pub, tmp, lp) == RIJN_ERR_PARAM,
                     "%s: changed character %zu", name, i);
        }
    }
    memcpy(tmp, sec, ls);
    tmp[ls - 1] = (char)(tmp[ls - 1] == 'Q' ? 'P' : 'Q');
    TU_CHECK(rijn_age_secret_decode(pub, tmp, ls) == RIJN_ERR_PARAM, "changed identity");
    for (i = 0; i < ls; i++)
        tmp[i] = (char)(sec[i] >= 'A' && sec[i] <= 'Z' ? sec[i] + 32 : sec[i]);
    TU_CHECK(rijn_age_secret_decode(pub, tmp, ls) == RIJN_OK, "lower-case identity");
    for (i = ls; i-- > 16 && !(tmp[i] >= 'a' && tmp[i] <= 'z');)
        ;
    tmp[i] = (char)(tmp[i] - 32); /* one upper-case letter among lower-case ones */
    TU_CHECK(rijn_age_secret_decode(pub, tmp, ls) == RIJN_ERR_PARAM, "mixed-case identity");
    TU_CHECK(rijn_age_public_decode(pub, pubs, lp - 1) == RIJN_ERR_PARAM, "short recipient");
    TU_CHECK(rijn_age_secret_decode(pub, pubs, lp) == RIJN_ERR_PARAM, "recipient as identity");
    free(f);
}

/* Open an age file in f[0..n): the plaintext to out (*olen). */
static int open_file(const uint8_t *f, size_t n, const uint8_t *sk, const char *pass,
                     uint8_t *out, size_t *olen, unsigned *which)
{
    rijn_age_info info;
    rijn_file_ctx ctx;
    uint8_t fk[16];
    size_t hl = 0, pos, piece;
    int r = rijn_age_header_len(f, n, &hl);
    *olen = 0;
    if (r != RIJN_OK)
        return r;
    if ((r = rijn_age_header_info(f, hl, &info)) != RIJN_OK)
        return r;
    if (sk != NULL) {
        r = rijn_age_unwrap_x25519(fk, f, hl, sk, which);
    } else {
        size_t ws = RIJN_AGE_SCRYPT_WORK_SIZE(info.log_n);
        void *w = malloc(ws);
        r = rijn_age_unwrap_scrypt(fk, f, hl, (const uint8_t *)pass, strlen(pass), 20, w, ws);
        free(w);
    }
    if (r != RIJN_OK)
        return r;
    if ((r = rijn_age_verify_header(f, hl, fk)) != RIJN_OK)
        return r;
    if (n < hl + 16)
        return RIJN_ERR_LENGTH;
    if ((r = rijn_age_payload_init(&ctx, 0, fk, f + hl)) != RIJN_OK)
        return r;
    for (pos = hl + 16; r == RIJN_OK && pos < n; pos += piece) {
        int last = n - pos <= RIJN_AGE_CHUNK_SIZE + 16;
        piece = last ? n - pos : RIJN_AGE_CHUNK_SIZE + 16;
        r = rijn_file_open_chunk(&ctx, out + *olen, f + pos, piece, last);
        if (r == RIJN_OK)
            *olen += piece - 16;
    }
    if (r == RIJN_OK)
        r = rijn_file_open_final(&ctx);
    rijn_file_wipe(&ctx);
    return r;
}

/* Armor -> binary (the Base64 between the BEGIN and END lines). */
static size_t dearmor(const uint8_t *a, size_t n, uint8_t *out, size_t size)
{
    const char *b = strstr((const char *)a, "-----\n"), *e;
    size_t got = 0;
    (void)n;
    if (b == NULL || (e = strstr(b, "-----END AGE ENCRYPTED FILE-----")) == NULL)
        return 0;
    b += 6;
    return rijn_base64_decode(out, size, &got, b, (size_t)(e - b)) == RIJN_OK ? got : 0;
}

static void age_files(const uint8_t sk1[32], const uint8_t sk2[32])
{
    size_t pn, n, ol, bn;
    uint8_t *plain = load("plain.txt", &pn), *f, out[4096], bin[4096];
    unsigned which = 99;
    f = load("x25519.age", &n);
    TU_CHECK(open_file(f, n, sk1, NULL, out, &ol, &which) == RIJN_OK && ol == pn &&
                 which == 0,
             "age X25519 file opens");
    TU_EQ(out, plain, pn, "age X25519 plaintext");
    TU_CHECK(open_file(f, n, sk2, NULL, out, &ol, NULL) == RIJN_ERR_AUTH,
             "wrong identity: RIJN_ERR_AUTH");
    f[n - 1] ^= 1;
    TU_CHECK(open_file(f, n, sk1, NULL, out, &ol, NULL) == RIJN_ERR_AUTH, "changed payload");
    f[n - 1] ^= 1;
    TU_CHECK(open_file(f, n - 1, sk1, NULL, out, &ol, NULL) == RIJN_ERR_AUTH, "truncated");
    free(f);
    f = load("x25519_armor.age", &n);
    bn = dearmor(f, n, bin, sizeof bin);
    TU_CHECK(bn > 0 && open_file(bin, bn, sk1, NULL, out, &ol, NULL) == RIJN_OK && ol == pn &&
                 memcmp(out, plain, pn) == 0,
             "age armored file opens");
    free(f);
    f = load("two.age", &n);
    TU_CHECK(open_file(f, n, sk1, NULL, out, &ol, &which) == RIJN_OK && which == 0 &&
                 ol == pn && memcmp(out, plain, pn) == 0,
             "two recipients, first key");
    TU_CHECK(open_file(f, n, sk2, NULL, out, &ol, &which) == RIJN_OK && which == 1 &&
                 ol == pn && memcmp(out, plain, pn) == 0,
             "two recipients, second key (stanza %u)", which);
    free(f);
    f = load("empty.age", &n);
    TU_CHECK(open_file(f, n, sk1, NULL, out, &ol, NULL) == RIJN_OK && ol == 0,
             "empty plaintext");
    free(f);
    f = load("scrypt.age", &n);
    TU_CHECK(open_file(f, n, NULL, "rijn test passphrase", out, &ol, NULL) == RIJN_OK &&
                 ol == pn && memcmp(out, plain, pn) == 0,
             "age scrypt file opens (log N 18)");
    TU_CHECK(open_file(f, n, sk1, NULL, out, &ol, NULL) == RIJN_ERR_AUTH,
             "identity on a scrypt file: no X25519 stanza");
    free(f);
    free(plain);
}

/* Write a file to out (*n) with the writer: recipients or a passphrase. */
static int write_file(uint8_t *out, size_t size, size_t *n, const uint8_t (*pk)[32], size_t npk,
                      const char *pass, unsigned log_n, const uint8_t *plain, size_t pn)
{
    rijn_age_writer w;
    rijn_file_ctx ctx;
    uint8_t fk[16], eph[32], nonce[16], salt[16];
    size_t hl = 0, i, pos = 0;
    int r;
    tu_rand_bytes(fk, 16);
    tu_rand_bytes(nonce, 16);
    r = rijn_age_write_begin(&w, out, size, fk);
    for (i = 0; r == RIJN_OK && i < npk; i++) {
        tu_rand_bytes(eph, 32);
        r = rijn_age_write_x25519(&w, pk[i], eph);
    }
    if (r == RIJN_OK && pass != NULL) {
        size_t ws = RIJN_AGE_SCRYPT_WORK_SIZE(log_n);
        void *work = malloc(ws);
        tu_rand_bytes(salt, 16);
        r = rijn_age_write_scrypt(&w, (const uint8_t *)pass, strlen(pass), salt, log_n, work,
                                  ws);
        free(work);
    }
    if (r == RIJN_OK)
        r = rijn_age_write_end(&w, &hl);
    if (r != RIJN_OK)
        return r;
    memcpy(out + hl, nonce, 16);
    *n = hl + 16;
    if ((r = rijn_age_payload_init(&ctx, 1, fk, nonce)) != RIJN_OK)
        return r;
    do {
        size_t take = pn - pos > RIJN_AGE_CHUNK_SIZE ? RIJN_AGE_CHUNK_SIZE : pn - pos;
        int last = pos + take == pn;
        r = rijn_file_seal_chunk(&ctx, out + *n, plain + pos, take, last);
        *n += take + 16;
        pos += take;
        if (last)
            break;
    } while (r == RIJN_OK);
    rijn_file_wipe(&ctx);
    return r;
}

static void round_trips(const uint8_t sk1[32], const uint8_t pk1[32], const uint8_t sk2[32],
                        const uint8_t pk2[32])
{
    static const size_t lens[] = {0, 1, 100, 65535, 65536, 65537, 140000};
    size_t size = 140000 + 4096, i, n = 0, ol = 0;
    uint8_t *plain = (uint8_t *)malloc(size), *f = (uint8_t *)malloc(size),
            *out = (uint8_t *)malloc(size), other[32], buf[64];
    uint8_t pks[3][32];
    unsigned which = 99;
    rijn_age_writer w;
    size_t hl;
    tu_rand_bytes(plain, 140000);
    memcpy(pks[0], pk1, 32);
    tu_rand_bytes(other, 32);
    TU_CHECK(rijn_x25519_base(pks[1], other) == RIJN_OK, "x25519");
    memcpy(pks[2], pk2, 32);
    for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        TU_CHECK(write_file(f, size, &n, pks, 1, NULL, 0, plain, lens[i]) == RIJN_OK,
                 "write %zu", lens[i]);
        TU_CHECK(open_file(f, n, sk1, NULL, out, &ol, &which) == RIJN_OK && ol == lens[i] &&
                     memcmp(out, plain, ol) == 0,
                 "round trip %zu bytes", lens[i]);
        TU_CHECK(n == ol + 16 * (ol / 65536 + (ol % 65536 != 0 || ol == 0)) + 16 +
                          (size_t)(strstr((const char *)f, "\n--- ") - (const char *)f) + 49,
                 "file size %zu", lens[i]);
    }
    TU_CHECK(write_file(f, size, &n, pks, 3, NULL, 0, plain, 1000) == RIJN_OK, "3 recipients");
    TU_CHECK(open_file(f, n, sk2, NULL, out, &ol, &which) == RIJN_OK && which == 2 &&
                 ol == 1000 && memcmp(out, plain, 1000) == 0,
             "third of three recipients (stanza %u)", which);
    TU_CHECK(write_file(f, size, &n, NULL, 0, "pass word", 10, plain, 5000) == RIJN_OK,
             "scrypt write");
    TU_CHECK(open_file(f, n, NULL, "pass word", out, &ol, NULL) == RIJN_OK && ol == 5000 &&
                 memcmp(out, plain, 5000) == 0,
             "scrypt round trip");
    TU_CHECK(open_file(f, n, NULL, "pass werd", out, &ol, NULL) == RIJN_ERR_AUTH,
             "scrypt wrong passphrase");
    TU_CHECK(rijn_age_header_len(f, n, &hl) == RIJN_OK &&
                 rijn_age_unwrap_scrypt(out, f, hl, (const uint8_t *)"pass word", 9, 9, buf,
                                        sizeof buf) == RIJN_ERR_LIMIT,
             "scrypt log N over the limit, before any work");
    /* writer misuse */
    TU_CHECK(rijn_age_write_begin(&w, f, size, plain) == RIJN_OK &&
                 rijn_age_write_end(&w, &hl) == RIJN_ERR_STATE,
             "no stanza");
    TU_CHECK(rijn_age_write_begin(&w, f, size, plain) == RIJN_OK &&
                 rijn_age_write_x25519(&w, pk1, other) == RIJN_OK &&
                 rijn_age_write_scrypt(&w, plain, 3, plain, 10, out, size) == RIJN_ERR_STATE,
             "scrypt after X25519");
    memset(buf, 0, 32);
    TU_CHECK(rijn_age_write_x25519(&w, buf, other) == RIJN_ERR_PARAM,
             "low-order recipient refused");
    TU_CHECK(rijn_age_write_begin(&w, f, 60, plain) == RIJN_OK &&
                 rijn_age_write_x25519(&w, pk1, other) == RIJN_ERR_BUFFER &&
                 rijn_age_write_end(&w, &hl) == RIJN_ERR_STATE,
             "short buffer fails the writer");
    free(plain);
    free(f);
    free(out);
}

/* Replace the first `from` in the header text with `to`: status of
 * header_len then info (RIJN_OK if both pass). */
static int variant(const char *hdr, const char *from, const char *to, char *buf, size_t *hl)
{
    const char *at = strstr(hdr, from);
    size_t a;
    rijn_age_info info;
    int r;
    if (at == NULL)
        return 999;
    a = (size_t)(at - hdr);
    memcpy(buf, hdr, a);
    strcpy(buf + a, to);
    strcat(buf, at + strlen(from));
    r = rijn_age_header_len((const uint8_t *)buf, strlen(buf), hl);
    if (r == RIJN_OK)
        r = rijn_age_header_info((const uint8_t *)buf, *hl, &info);
    return r;
}

static void malformed(const uint8_t sk1[32])
{
    size_t n, hl = 0, i;
    uint8_t *f = load("x25519.age", &n), fk[16];
    char hdr[512], buf[1024], share[44], body[44], tmp[200];
    const char *p;
    unsigned which;
    TU_CHECK(rijn_age_header_len(f, n, &hl) == RIJN_OK && hl < sizeof hdr, "header length");
    memcpy(hdr, f, hl);
    hdr[hl] = 0;
    p = strstr(hdr, "-> X25519 ") + 10;
    memcpy(share, p, 43), share[43] = 0;
    memcpy(body, p + 44, 43), body[43] = 0;
    for (i = 1; i < hl; i++)
        TU_CHECK(rijn_age_header_len(f, i, &n) == RIJN_ERR_LENGTH, "cut at %zu: incomplete",
                 i);
    TU_CHECK(variant(hdr, "v1\n", "v2\n", buf, &n) == RIJN_ERR_PARAM, "other version");
    TU_CHECK(variant(hdr, "v1\n", "v1\r\n", buf, &n) == RIJN_ERR_PARAM, "CR line end");
    TU_CHECK(variant(hdr, "X25519 ", "X25519  ", buf, &n) == RIJN_ERR_PARAM, "double space");
    snprintf(tmp, sizeof tmp, "%s\n", share);
    TU_CHECK(variant(hdr, tmp, "", buf, &n) != RIJN_OK, "stanza cut");
    snprintf(tmp, sizeof tmp, "%s \n", share);
    {
        char from[60];
        snprintf(from, sizeof from, "%s\n", share);
        TU_CHECK(variant(hdr, from, tmp, buf, &n) == RIJN_ERR_PARAM, "trailing space");
        snprintf(tmp, sizeof tmp, "%s=\n", body);
        snprintf(from, sizeof from, "%s\n", body);
        TU_CHECK(variant(hdr, from, tmp, buf, &n) == RIJN_ERR_PARAM, "padded body");
        strcpy(tmp, body);
        /* the last of 43 characters carries 4 bits and 2 zero bits: set one */
        {
            static const char b64[] =
                "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
            size_t v = (size_t)(strchr(b64, tmp[42]) - b64);
            tmp[42] = b64[v | 1];
        }
        strcat(tmp, "\n");
        TU_CHECK(variant(hdr, from, tmp, buf, &n) == RIJN_ERR_PARAM, "non-canonical body");
        snprintf(tmp, sizeof tmp, "%s %s\n", share, "extra");
        snprintf(from, sizeof from, "%s\n", share);
        TU_CHECK(variant(hdr, from, tmp, buf, &n) == RIJN_ERR_PARAM, "X25519 with two args");
    }
    TU_CHECK(variant(hdr, "--- ", "---  ", buf, &n) == RIJN_ERR_PARAM, "footer double space");
    TU_CHECK(variant(hdr, "--- ", "--- A", buf, &n) == RIJN_ERR_PARAM, "footer long MAC");
    TU_CHECK(variant(hdr, "\n---", "\n-> scrypt AAAAAAAAAAAAAAAAAAAAAA 10\n"
                                   "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n---",
                     buf, &n) == RIJN_ERR_PARAM,
             "scrypt next to X25519");
    TU_CHECK(variant(hdr, "\n---", "\n-> grease x\n"
                                   "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n---",
                     buf, &n) == RIJN_ERR_PARAM,
             "64-character body line without a short line");
    TU_CHECK(variant(hdr, "\n---", "\n-> grease x y\n"
                                   "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n\n---",
                     buf, &n) == RIJN_OK,
             "unknown stanza with a 48-byte body and an empty line");
    TU_CHECK(rijn_age_unwrap_x25519(fk, (const uint8_t *)buf, n, sk1, &which) == RIJN_OK &&
                 which == 0,
             "unknown stanza skipped");
    TU_CHECK(rijn_age_verify_header((const uint8_t *)buf, n, fk) == RIJN_ERR_AUTH,
             "an added stanza fails the MAC");
    TU_CHECK(rijn_age_verify_header(f, hl, fk) == RIJN_OK, "the original header verifies");
    TU_CHECK(variant(hdr, "-> X25519", "-> ", buf, &n) == RIJN_ERR_PARAM, "empty type");
    snprintf(tmp, sizeof tmp, "X25519 %.43s", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    {
        char from[60];
        snprintf(from, sizeof from, "X25519 %s", share);
        TU_CHECK(variant(hdr, from, tmp, buf, &n) == RIJN_OK &&
                     rijn_age_unwrap_x25519(fk, (const uint8_t *)buf, n, sk1, NULL) ==
                         RIJN_ERR_PARAM,
                 "low-order share rejected");
    }
    free(f);
    f = load("scrypt.age", &n);
    TU_CHECK(rijn_age_header_len(f, n, &hl) == RIJN_OK && hl < sizeof hdr, "scrypt header");
    memcpy(hdr, f, hl);
    hdr[hl] = 0;
    TU_CHECK(variant(hdr, " 18\n", " 018\n", buf, &n) == RIJN_ERR_PARAM, "log N leading zero");
    TU_CHECK(variant(hdr, " 18\n", " 1x\n", buf, &n) == RIJN_ERR_PARAM, "log N not decimal");
    TU_CHECK(variant(hdr, " 18\n", " 0\n", buf, &n) == RIJN_ERR_PARAM, "log N zero");
    free(f);
}

int main(void)
{
    const char *t = getenv("RIJN_TESTS_DIR");
    uint8_t sk1[32], pk1[32], sk2[32], pk2[32];
    if (t == NULL) {
        fprintf(stderr, "FAIL: RIJN_TESTS_DIR not set\n");
        return 1;
    }
    snprintf(vdir, sizeof vdir, "%s/vectors/age", t);
    identity("key1.txt", sk1, pk1);
    identity("key2.txt", sk2, pk2);
    age_files(sk1, sk2);
    round_trips(sk1, pk1, sk2, pk2);
    malformed(sk1);
    return tu_finish();
}
