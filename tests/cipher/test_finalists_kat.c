/*
 * test_finalists_kat.c -- the AES finalists' submission known answers and
 * Monte Carlo rows, read at test time from Debian source packages
 * (scripts/fetch-peers.sh botan bouncycastle; never committed).
 *
 * 1. Botan's src/tests/data/block/serpent.vec and twofish.vec: the
 *    variable-key (every single-bit key, plaintext 0) and variable-text
 *    (key 0, every single-bit plaintext) tables for 128/192/256-bit keys,
 *    Twofish's table test (ecb_tbl: 49 chained rows per key size) and
 *    Botan's further Serpent rows; encrypt and decrypt, every block.
 *    Serpent there is in the NESSIE / Crypto++ / rijn byte order.
 * 2. Bouncy Castle's TnepresTest.java ("vectors based on Floppy 4 of the
 *    Serpent AES submission"): Serpent in the submission's own byte order
 *    (key, plaintext and ciphertext byte-reversed against NESSIE's; Tnepres
 *    is Bouncy Castle's name for that order). Converted here by reversing
 *    each field: 13 known answers, four rows of the submission's ECB
 *    decryption Monte Carlo file (ecb_d_m.txt: KEY_i, PT_i, CT_i with
 *    D^10000(KEY_i, CT_i) = PT_i; for 128-bit keys row I=2, reached here
 *    through the outer loop from the all-zero start, the others checked as
 *    rows: the full chain to them (I=88, 349, 396) runs with
 *    RIJN_FINALISTS_FULL_MCT=1), the first two rows of the CBC encryption
 *    Monte Carlo file (cbc_e_m.txt, 128-bit key, from the all-zero start:
 *    the row's key, IV and plaintext updates are checked), and Bouncy
 *    Castle's own 100-step chains.
 * 3. Bouncy Castle's RC6Test.java: six rows of the RC6 submission's
 *    variable-key / variable-text files (rc6-unix-refc).
 * The Monte Carlo loop (tests/cipher/finalists_mct.h) is the AES-candidate
 * definition; MARS's full 400 x 10,000 rows are in test_finalists
 * (Crypto++'s mars.txt); Twofish's and RC6's Monte Carlo files are in no
 * package registry: test_finalists_cryptopp runs the same loop against
 * Crypto++ instead. A missing package is a failure, not a skip.
 */
#include <stdlib.h>
#include <string.h>

#include "finalists_mct.h"
#include "testutil.h"

static char botan[1024], bc[1024];

static void rev(uint8_t *b, size_t n)
{
    size_t i;
    for (i = 0; i < n / 2; i++) {
        uint8_t t = b[i];
        b[i] = b[n - 1 - i];
        b[n - 1 - i] = t;
    }
}

/* ---- the Monte Carlo loop over a rijn descriptor ------------------------- */
static int bc_setkey(void *st, const uint8_t *key, size_t kl)
{
    rijn_bc_ctx *c = st;
    return rijn_bc_init(c, c->desc, key, kl) == RIJN_OK ? 0 : -1;
}

static void bc_block(void *st, uint8_t out[16], const uint8_t in[16], int enc)
{
    rijn_bc_ctx *c = st;
    (enc ? c->desc->encrypt : c->desc->decrypt)(&c->u, out, in);
}

static fin_cipher mct_cipher(rijn_bc_ctx *c, const rijn_bc_desc *d)
{
    fin_cipher f;
    memset(c, 0, sizeof *c);
    c->desc = d;
    f.st = c;
    f.setkey = bc_setkey;
    f.block = bc_block;
    return f;
}

/* ---- 1. Botan's .vec files ----------------------------------------------- */
static int single_bit(const uint8_t *b, size_t n)
{
    size_t i, bits = 0;
    for (i = 0; i < 8 * n; i++)
        bits += (size_t)(b[i / 8] >> (i % 8)) & 1u;
    return bits == 1;
}

static int zero(const uint8_t *b, size_t n)
{
    size_t i;
    uint8_t acc = 0;
    for (i = 0; i < n; i++)
        acc |= b[i];
    return acc == 0;
}

static void botan_vec(const rijn_bc_desc *d, const char *name, int min_vk, int min_vt, int min_other)
{
    char path[1200];
    tu_rsp *r;
    int vk = 0, vt = 0, other = 0;

    snprintf(path, sizeof path, "%s/src/tests/data/block/%s", botan, name);
    if ((r = tu_rsp_open(path)) == NULL) {
        TU_CHECK(0, "cannot read %s", path);
        return;
    }
    while (tu_rsp_next(r)) {
        const char *k = tu_rsp_get(r, "Key"), *in = tu_rsp_get(r, "In"), *out = tu_rsp_get(r, "Out");
        uint8_t key[32], *p = NULL, *c = NULL, x[16];
        size_t kl = k ? strlen(k) / 2 : 0, pl = 0, cl = 0, o;
        rijn_bc_ctx ctx;
        if (in == NULL || out == NULL || kl > 32 || tu_unhex_into(key, kl, k) ||
            (p = tu_unhex(in, &pl)) == NULL || (c = tu_unhex(out, &cl)) == NULL || pl != cl ||
            pl == 0 || pl % 16 != 0 || rijn_bc_init(&ctx, d, key, kl) != RIJN_OK) {
            TU_CHECK(0, "%s: bad record (key %s)", name, k ? k : "?");
            free(p);
            free(c);
            continue;
        }
        for (o = 0; o < pl; o += 16) {
            d->encrypt(&ctx.u, x, p + o);
            TU_EQ(x, c + o, 16, name);
            d->decrypt(&ctx.u, x, c + o);
            TU_EQ(x, p + o, 16, name);
        }
        if (pl == 16 && zero(p, 16) && single_bit(key, kl))
            vk++;
        else if (pl == 16 && zero(key, kl) && single_bit(p, 16))
            vt++;
        else
            other++;
        rijn_bc_wipe(&ctx);
        free(p);
        free(c);
    }
    tu_rsp_close(r);
    TU_CHECK(vk >= min_vk && vt >= min_vt && other >= min_other,
             "%s: %d variable-key, %d variable-text, %d other (want %d, %d, %d)", name, vk, vt,
             other, min_vk, min_vt, min_other);
    printf("%-8s botan %s: %d variable-key, %d variable-text, %d other rows\n", d->name, name, vk,
           vt, other);
}

/* ---- 2./3. Bouncy Castle's Java test sources ------------------------------ */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *s;
    long n;
    if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0 ||
        (s = malloc((size_t)n + 1)) == NULL) {
        if (f != NULL)
            fclose(f);
        return NULL;
    }
    s[fread(s, 1, (size_t)n, f)] = 0;
    fclose(f);
    return s;
}

/* The next "quoted" hex string from *p (moved past it); 0 = found. */
static int next_str(const char **p, char *out, size_t cap)
{
    const char *a = strchr(*p, '"'), *b = a ? strchr(a + 1, '"') : NULL;
    if (b == NULL || (size_t)(b - a - 1) >= cap)
        return -1;
    memcpy(out, a + 1, (size_t)(b - a - 1));
    out[b - a - 1] = 0;
    *p = b + 1;
    return 0;
}

/* key, in, out of a BlockCipherVectorTest / BlockCipherMonteCarloTest */
typedef struct bc_row {
    uint8_t key[32], in[16], out[16];
    size_t kl;
    long iters; /* 0 = one block (vector test) */
} bc_row;

static int bc_next(const char **p, bc_row *r, int reversed)
{
    const char *v = strstr(*p, "BlockCipherVectorTest("), *m = strstr(*p, "BlockCipherMonteCarloTest(");
    char f[3][80];
    const char *s = v != NULL && (m == NULL || v < m) ? v : m;
    if (s == NULL)
        return 0;
    r->iters = 0;
    if (s == m) {
        const char *comma = strchr(s, ',');
        r->iters = comma ? strtol(comma + 1, NULL, 10) : -1;
    }
    *p = s + 10;
    if (next_str(p, f[0], sizeof f[0]) || next_str(p, f[1], sizeof f[1]) ||
        next_str(p, f[2], sizeof f[2]) || (r->kl = strlen(f[0]) / 2) > 32 ||
        tu_unhex_into(r->key, r->kl, f[0]) || tu_unhex_into(r->in, 16, f[1]) ||
        tu_unhex_into(r->out, 16, f[2]) || r->iters < 0)
        return -1;
    if (reversed) {
        rev(r->key, r->kl);
        rev(r->in, 16);
        rev(r->out, 16);
    }
    return 1;
}

/* Vector tests and Monte Carlo rows of one Java file; returns the count
 * of 10,000-step rows (the submission's ECB decryption Monte Carlo rows). */
static int bc_rows(const rijn_bc_desc *d, const char *text, int reversed, int *kats)
{
    const char *p = text;
    int rows = 0, rc;
    bc_row r;

    *kats = 0;
    while ((rc = bc_next(&p, &r, reversed)) != 0) {
        rijn_bc_ctx c;
        uint8_t x[16];
        long i;
        if (rc < 0 || rijn_bc_init(&c, d, r.key, r.kl) != RIJN_OK) {
            TU_CHECK(0, "%s: unreadable Bouncy Castle row", d->name);
            break;
        }
        if (r.iters == 0) {
            d->encrypt(&c.u, x, r.in);
            TU_EQ(x, r.out, 16, "Bouncy Castle known answer");
            d->decrypt(&c.u, x, r.out);
            TU_EQ(x, r.in, 16, "Bouncy Castle known answer (decrypt)");
            (*kats)++;
        } else if (r.iters == 10000) {
            /* ecb_d_m.txt row: D^10000(KEY, CT) = PT, through the MCT loop */
            rijn_bc_ctx mc;
            fin_cipher f = mct_cipher(&mc, d);
            fin_mct s;
            memset(&s, 0, sizeof s);
            memcpy(s.key, r.key, r.kl);
            s.kl = r.kl;
            memcpy(s.text, r.out, 16);
            TU_CHECK(fin_mct_row(&f, FIN_ECB_D, &s, 10000) == 0, "mct row");
            TU_EQ(s.out, r.in, 16, "ecb_d_m.txt row");
            rijn_bc_wipe(&mc);
            rows++;
        } else {
            memcpy(x, r.in, 16);
            for (i = 0; i < r.iters; i++)
                d->encrypt(&c.u, x, x);
            TU_EQ(x, r.out, 16, "Bouncy Castle chain");
            for (i = 0; i < r.iters; i++)
                d->decrypt(&c.u, x, x);
            TU_EQ(x, r.in, 16, "Bouncy Castle chain back");
        }
        rijn_bc_wipe(&c);
    }
    return rows;
}

/* The ECB decryption chain from the all-zero start must reach every
 * 10,000-step row of the file at some I < max_rows (key and CT equal). */
static void serpent_chain(const char *text, int max_rows)
{
    const char *p = text;
    bc_row r;
    int found = 0, want = 0;

    while (bc_next(&p, &r, 1) > 0) {
        rijn_bc_ctx mc;
        fin_cipher f = mct_cipher(&mc, &rijn_bc_serpent);
        fin_mct s;
        int i, at = -1;
        if (r.iters != 10000)
            continue;
        memset(&s, 0, sizeof s);
        s.kl = r.kl;
        for (i = 0; i < max_rows && at < 0; i++) {
            if (memcmp(s.key, r.key, r.kl) == 0 && memcmp(s.text, r.out, 16) == 0)
                at = i;
            TU_CHECK(fin_mct_row(&f, FIN_ECB_D, &s, 10000) == 0, "mct row");
        }
        want += max_rows >= 400 || r.kl == 16; /* the first 128-bit row is I=2 */
        if (at >= 0) {
            TU_EQ(s.out, r.in, 16, "ecb_d_m.txt row through the chain");
            printf("serpent  ecb_d_m.txt KEYSIZE=%zu I=%d reached through the Monte Carlo loop\n",
                   r.kl * 8, at);
            found++;
        }
        rijn_bc_wipe(&mc);
        if (max_rows < 400)
            break; /* quick pass: the first row only */
    }
    TU_CHECK(found >= want && want > 0, "serpent: %d of %d Monte Carlo rows reached", found, want);
}

/* doCbcMonte(key, iv, pt, expected): the first two cbc_e_m.txt rows. */
static void serpent_cbc(const char *text)
{
    const char *p = strstr(text, "performTest()");
    rijn_bc_ctx mc;
    fin_cipher f = mct_cipher(&mc, &rijn_bc_serpent);
    fin_mct s;
    int row = 0;

    memset(&s, 0, sizeof s);
    s.kl = 16;
    while (p != NULL && (p = strstr(p, "doCbcMonte(")) != NULL) {
        uint8_t arg[4][16];
        const char *end = strchr(p, ';');
        int a;
        p += 11;
        if (end == NULL || strncmp(p, "byte[]", 6) == 0)
            break; /* the method's own definition */
        for (a = 0; a < 4; a++) {
            const char *n = strstr(p, "new byte[16]"), *h = strstr(p, "Hex.decode(");
            char hex[80];
            if (n != NULL && n < end && (h == NULL || n < h)) {
                memset(arg[a], 0, 16);
                p = n + 12;
            } else if (h != NULL && h < end && next_str(&p, hex, sizeof hex) == 0 &&
                       tu_unhex_into(arg[a], 16, hex) == 0) {
                rev(arg[a], 16);
            } else {
                break;
            }
        }
        if (a < 4) {
            TU_CHECK(0, "serpent: unreadable doCbcMonte call");
            break;
        }
        TU_EQ(s.key, arg[0], 16, "cbc_e_m.txt KEY_i from the loop");
        TU_EQ(s.iv, arg[1], 16, "cbc_e_m.txt IV_i from the loop");
        TU_EQ(s.text, arg[2], 16, "cbc_e_m.txt PT_i from the loop");
        TU_CHECK(fin_mct_row(&f, FIN_CBC_E, &s, 10000) == 0, "mct row");
        TU_EQ(s.out, arg[3], 16, "cbc_e_m.txt CT_i");
        row++;
    }
    rijn_bc_wipe(&mc);
    TU_CHECK(row == 2, "serpent: %d cbc_e_m.txt rows, want 2", row);
    printf("serpent  cbc_e_m.txt KEYSIZE=128 I=0..%d through the Monte Carlo loop\n", row - 1);
}

static void bouncycastle(void)
{
    static const char dir[] = "core/src/test/java/org/bouncycastle/crypto/test";
    char path[1200];
    char *t;
    int kats, rows;

    snprintf(path, sizeof path, "%s/%s/TnepresTest.java", bc, dir);
    if ((t = slurp(path)) == NULL) {
        TU_CHECK(0, "cannot read %s", path);
        return;
    }
    rows = bc_rows(&rijn_bc_serpent, t, 1, &kats);
    TU_CHECK(kats >= 13 && rows >= 4, "TnepresTest.java: %d known answers, %d rows", kats, rows);
    printf("serpent  bouncycastle TnepresTest.java (submission order, reversed here): %d known "
           "answers, %d ecb_d_m.txt rows\n", kats, rows);
    if (!tu_quick()) /* Valgrind runs: the rows alone (30,000 Serpent blocks less) */
        serpent_chain(t, getenv("RIJN_FINALISTS_FULL_MCT") ? 400 : 3);
    serpent_cbc(t);
    free(t);

    snprintf(path, sizeof path, "%s/%s/RC6Test.java", bc, dir);
    if ((t = slurp(path)) == NULL) {
        TU_CHECK(0, "cannot read %s", path);
        return;
    }
    bc_rows(&rijn_bc_rc6, t, 0, &kats);
    TU_CHECK(kats >= 6, "RC6Test.java: %d known answers", kats);
    printf("rc6      bouncycastle RC6Test.java: %d submission known answers\n", kats);
    free(t);
}

int main(void)
{
    if (tu_peer_dir("botan", botan, sizeof botan) != 0 ||
        tu_peer_dir("bouncycastle", bc, sizeof bc) != 0) {
        fprintf(stderr, "test_finalists_kat: Debian source packages botan / bouncycastle not "
                        "available (scripts/fetch-peers.sh botan bouncycastle)\n");
        printf("%lu passed, %lu failed\n", tu_passed, tu_failed + 1);
        return 1;
    }
    botan_vec(&rijn_bc_serpent, "serpent.vec", 576, 384, 80);
    botan_vec(&rijn_bc_twofish, "twofish.vec", 576, 379, 147);
    bouncycastle();
    return tu_finish();
}
