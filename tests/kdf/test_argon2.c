/*
 * test_argon2.c -- Argon2d / Argon2i / Argon2id (RFC 9106, v0x13):
 * the RFC 9106 section 5 vectors (secret and associated data, 4 lanes),
 * the cryptography-vectors files KDF/argon2{d,i,id}.txt (up to 128 MiB,
 * 1..4 lanes; the 128 MiB ones are skipped under tu_quick), differential
 * tests against libsodium crypto_pwhash (Argon2id13 and Argon2i13, one
 * lane, random passwords, small memory) and against the Python
 * `cryptography` package's Argon2id (several lanes, secret, ad) when its
 * interpreter is found next to RIJN_VECTORS_DIR; work-area size rules,
 * parameter errors and the wipe of the work area. When the CPU runs the
 * AVX2 block function, the test re-runs itself with RIJN_CPU_MASK=0 so the
 * portable one gets the same checks.
 */
#define _POSIX_C_SOURCE 200809L /* popen, pclose */
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "testutil.h"

#if !RIJN_CFG_HASH_BLAKE2B
int main(void)
{
    printf("BLAKE2b/Argon2 compiled out (RIJN_CFG_HASH_BLAKE2B=0): skipped\n");
    return 77;
}
#else

static void *work_for(uint32_t m, uint32_t p, size_t *size)
{
    *size = rijn_argon2_work_size(m, p);
    return *size ? malloc(*size) : NULL;
}

static int run(uint32_t type, uint8_t *out, size_t ol, const uint8_t *pw, size_t pl,
               const uint8_t *salt, size_t sl, const uint8_t *k, size_t kl, const uint8_t *x,
               size_t xl, uint32_t t, uint32_t m, uint32_t p)
{
    rijn_argon2_params a;
    size_t ws;
    void *w = work_for(m, p, &ws);
    int r;
    size_t i, nz = 0;
    a.type = type;
    a.t_cost = t;
    a.m_cost_kib = m;
    a.lanes = p;
    a.secret = k;
    a.secret_len = kl;
    a.ad = x;
    a.ad_len = xl;
    if (w == NULL)
        return -100;
    r = rijn_argon2(&a, out, ol, pw, pl, salt, sl, w, ws);
    for (i = 0; i < ws; i++)
        nz |= ((uint8_t *)w)[i];
    TU_CHECK(nz == 0, "work area wiped");
    free(w);
    return r;
}

/* RFC 9106 section 5: t = 3, m = 32 KiB, p = 4, P = 32 x 01, S = 16 x 02,
 * K = 8 x 03, X = 12 x 04, T = 32 bytes. */
static void rfc9106(void)
{
    static const char *const want_hex[3] = {
        "512b391b6f1162975371d30919734294f868e3be3984f3c1a13a4db9fabe4acb",  /* Argon2d */
        "c814d9d1dc7f37aa13f0d77f2494bda1c8de6b016dd388d29952a4c4672b6ce8",  /* Argon2i */
        "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659"}; /* Argon2id */
    uint8_t pw[32], salt[16], k[8], x[12], want[32], got[32];
    uint32_t type;
    memset(pw, 1, sizeof pw);
    memset(salt, 2, sizeof salt);
    memset(k, 3, sizeof k);
    memset(x, 4, sizeof x);
    for (type = 0; type < 3; type++) {
        TU_CHECK(tu_unhex_into(want, 32, want_hex[type]) == 0, "hex");
        TU_CHECK(run(type, got, 32, pw, 32, salt, 16, k, 8, x, 12, 3, 32, 4) == RIJN_OK,
                 "RFC 9106 type %u", (unsigned)type);
        TU_EQ(got, want, 32, "RFC 9106 section 5");
    }
}

static uint8_t *field(const tu_rsp *r, const char *name, size_t *len)
{
    const char *v = tu_rsp_get(r, name);
    *len = 0;
    return v == NULL ? NULL : tu_unhex(v, len);
}

static unsigned long pyca_file(const char *file, uint32_t type)
{
    tu_rsp *r = tu_rsp_open(tu_vec_require(file));
    unsigned long n = 0;
    TU_CHECK(r != NULL, "open %s", file);
    if (r == NULL)
        return 0;
    while (tu_rsp_next(r)) {
        size_t pl, sl, kl, xl, wl;
        const char *ls = tu_rsp_get(r, "length"), *ps = tu_rsp_get(r, "lanes"),
                   *ts = tu_rsp_get(r, "iter"), *ms = tu_rsp_get(r, "memcost");
        uint8_t *pw, *salt, *k, *x, *want, got[256];
        uint32_t m, t, p;
        size_t ol;
        if (ls == NULL || ps == NULL || ts == NULL || ms == NULL)
            continue;
        ol = (size_t)strtoul(ls, NULL, 10);
        p = (uint32_t)strtoul(ps, NULL, 10);
        t = (uint32_t)strtoul(ts, NULL, 10);
        m = (uint32_t)strtoul(ms, NULL, 10);
        if (tu_quick() && m > 4096) {
            printf("  %s: %u KiB vector skipped (quick)\n", file, (unsigned)m);
            continue;
        }
        pw = field(r, "pass", &pl);
        salt = field(r, "salt", &sl);
        k = field(r, "secret", &kl);
        x = field(r, "ad", &xl);
        want = field(r, "output", &wl);
        TU_CHECK(salt != NULL && want != NULL && wl == ol && ol <= sizeof got, "%s parse", file);
        if (salt != NULL && want != NULL && wl == ol && ol <= sizeof got) {
            TU_CHECK(run(type, got, ol, pw, pl, salt, sl, k, kl, x, xl, t, m, p) == RIJN_OK,
                     "%s run", file);
            TU_EQ(got, want, ol, file);
            n++;
        }
        free(pw);
        free(salt);
        free(k);
        free(x);
        free(want);
    }
    tu_rsp_close(r);
    return n;
}

/* libsodium: one lane; salt 16 bytes; Argon2i needs t >= 3. */
static unsigned long sodium_diff(void)
{
    static const uint32_t mems[] = {8, 9, 15, 16, 33, 64, 100, 257, 1024, 4096};
    uint8_t pw[80], salt[16], want[128], got[128];
    unsigned long before = tu_passed;
    size_t i, rounds = tu_quick() ? 1 : 3;
    for (i = 0; i < rounds * (sizeof mems / sizeof mems[0]); i++) {
        uint32_t m = mems[i % (sizeof mems / sizeof mems[0])];
        uint32_t t = 1 + (uint32_t)tu_rand_below(4);
        size_t pl = tu_rand_below(sizeof pw + 1), ol = 16 + tu_rand_below(113);
        int alg = (i & 1) ? crypto_pwhash_ALG_ARGON2ID13 : crypto_pwhash_ALG_ARGON2I13;
        if (alg == crypto_pwhash_ALG_ARGON2I13 && t < 3)
            t += 2;
        tu_rand_bytes(pw, pl);
        tu_rand_bytes(salt, sizeof salt);
        TU_CHECK(crypto_pwhash(want, ol, (const char *)pw, pl, salt, t, (size_t)m * 1024, alg) == 0,
                 "crypto_pwhash m=%u t=%u", (unsigned)m, (unsigned)t);
        TU_CHECK(run(alg == crypto_pwhash_ALG_ARGON2ID13 ? RIJN_ARGON2_ID : RIJN_ARGON2_I, got,
                     ol, pw, pl, salt, 16, NULL, 0, NULL, 0, t, m, 1) == RIJN_OK, "run");
        TU_EQ(got, want, ol, "Argon2 vs libsodium");
    }
    return tu_passed - before;
}

/* The venv's python (bin/python three levels above site-packages). */
static const char *venv_python(void)
{
    static char path[4096];
    const char *d = getenv("RIJN_VECTORS_DIR");
    if (d == NULL || *d == 0)
        return NULL;
    snprintf(path, sizeof path, "%s/../../../bin/python", d);
    return path;
}

/* Argon2id from pyca/cryptography (>= 44) in a child python; -1 if the
 * package or interpreter is missing, 0 on success. */
static int pyca_argon2id(uint8_t *out, size_t ol, const char *pw_hex, const char *salt_hex,
                         const char *k_hex, const char *x_hex, uint32_t t, uint32_t m, uint32_t p)
{
    static char cmd[8192], line[1024];
    const char *py = venv_python();
    FILE *f;
    int ok;
    if (py == NULL)
        return -1;
    snprintf(cmd, sizeof cmd,
             "'%s' -c 'from cryptography.hazmat.primitives.kdf.argon2 import Argon2id as A\n"
             "print(A(salt=bytes.fromhex(\"%s\"),length=%zu,iterations=%u,lanes=%u,"
             "memory_cost=%u,ad=bytes.fromhex(\"%s\") or None,"
             "secret=bytes.fromhex(\"%s\") or None).derive(bytes.fromhex(\"%s\")).hex())'"
             " 2>/dev/null",
             py, salt_hex, ol, (unsigned)t, (unsigned)p, (unsigned)m, x_hex, k_hex, pw_hex);
    f = popen(cmd, "r");
    if (f == NULL)
        return -1;
    ok = fgets(line, sizeof line, f) != NULL;
    if (pclose(f) != 0 || !ok)
        return -1;
    line[strcspn(line, "\r\n")] = 0;
    return tu_unhex_into(out, ol, line) == 0 ? 0 : -1;
}

static void hex(char *dst, const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        sprintf(dst + 2 * i, "%02x", p[i]);
    dst[2 * n] = 0;
}

static unsigned long pyca_diff(void)
{
    uint8_t pw[40], salt[24], k[16], x[20], want[64], got[64];
    char hp[81], hs[49], hk[33], hx[41];
    unsigned long before = tu_passed;
    int i, n = tu_quick() ? 2 : 6;
    for (i = 0; i < n; i++) {
        uint32_t p = 1 + (uint32_t)tu_rand_below(4), t = 1 + (uint32_t)tu_rand_below(3);
        uint32_t m = 8 * p + (uint32_t)tu_rand_below(200);
        size_t pl = tu_rand_below(sizeof pw), sl = 8 + tu_rand_below(17),
               kl = (i & 1) ? 1 + tu_rand_below(16) : 0, xl = (i & 2) ? 1 + tu_rand_below(20) : 0,
               ol = 4 + tu_rand_below(61);
        tu_rand_bytes(pw, pl);
        tu_rand_bytes(salt, sl);
        tu_rand_bytes(k, kl);
        tu_rand_bytes(x, xl);
        hex(hp, pw, pl);
        hex(hs, salt, sl);
        hex(hk, k, kl);
        hex(hx, x, xl);
        if (pyca_argon2id(want, ol, hp, hs, hk, hx, t, m, p) != 0) {
            printf("  python cryptography Argon2id not available: differential skipped\n");
            return tu_passed - before;
        }
        TU_CHECK(run(RIJN_ARGON2_ID, got, ol, pw, pl, salt, sl, k, kl, x, xl, t, m, p) ==
                     RIJN_OK, "run");
        TU_EQ(got, want, ol, "Argon2id vs python cryptography");
    }
    return tu_passed - before;
}

static void errors(void)
{
    static uint64_t work[64 * 128 + 1];
    uint8_t out[32], salt[16] = {0};
    size_t ws = sizeof work - 8;
    rijn_argon2_params a;
    TU_CHECK(rijn_argon2_work_size(8, 1) == 8 * 1024 && rijn_argon2_work_size(35, 2) == 32 * 1024 &&
                 rijn_argon2_work_size(15, 2) == 0 && rijn_argon2_work_size(100, 0) == 0 &&
                 rijn_argon2_work_size(4096, 0x1000000) == 0 &&
                 RIJN_ARGON2_WORK_SIZE(35, 2) == 32 * 1024 &&
                 RIJN_ARGON2_WORK_SIZE(1000, 3) == rijn_argon2_work_size(1000, 3), "work size");
    TU_CHECK(rijn_argon2id(out, 32, NULL, 0, salt, 16, 1, 64, 1, work, ws) == RIJN_OK, "ok");
    TU_CHECK(rijn_argon2id(out, 32, NULL, 0, salt, 16, 1, 64, 1, work, ws - 1) == RIJN_ERR_BUFFER,
             "short work");
    TU_CHECK(rijn_argon2id(out, 32, NULL, 0, salt, 16, 1, 65, 2, work, ws) == RIJN_OK,
             "m' = 64 for m = 65, p = 2");
    TU_CHECK(rijn_argon2id(out, 32, NULL, 0, salt, 16, 1, 64, 1, (uint8_t *)work + 4, ws) ==
                 RIJN_ERR_PARAM, "misaligned work");
    TU_CHECK(rijn_argon2id(out, 32, NULL, 0, salt, 16, 0, 64, 1, work, ws) == RIJN_ERR_PARAM,
             "t = 0");
    TU_CHECK(rijn_argon2id(out, 32, NULL, 0, salt, 16, 1, 15, 2, work, ws) == RIJN_ERR_PARAM,
             "m < 8p");
    TU_CHECK(rijn_argon2id(out, 32, NULL, 0, salt, 16, 1, 64, 0, work, ws) == RIJN_ERR_PARAM,
             "p = 0");
    TU_CHECK(rijn_argon2id(out, 32, NULL, 0, salt, 16, 1, 0xFFFFFFFFu, 0x1000000, work, ws) ==
                 RIJN_ERR_PARAM, "p = 2^24");
    TU_CHECK(rijn_argon2id(out, 3, NULL, 0, salt, 16, 1, 64, 1, work, ws) == RIJN_ERR_PARAM,
             "T = 3");
    TU_CHECK(rijn_argon2id(out, 32, NULL, 0, salt, 7, 1, 64, 1, work, ws) == RIJN_ERR_PARAM,
             "salt 7");
    TU_CHECK(rijn_argon2id(out, 32, NULL, 1, salt, 16, 1, 64, 1, work, ws) == RIJN_ERR_NULL,
             "NULL pwd");
    TU_CHECK(rijn_argon2id(out, 32, NULL, 0, NULL, 16, 1, 64, 1, work, ws) == RIJN_ERR_NULL,
             "NULL salt");
    TU_CHECK(rijn_argon2id(NULL, 32, NULL, 0, salt, 16, 1, 64, 1, work, ws) == RIJN_ERR_NULL,
             "NULL out");
    TU_CHECK(rijn_argon2id(out, 32, NULL, 0, salt, 16, 1, 64, 1, NULL, ws) == RIJN_ERR_NULL,
             "NULL work");
    if (sizeof(size_t) > 4)
        TU_CHECK(rijn_argon2id(out, 32, NULL, 0, salt, 16, 1, 0xFFFFFFFFu, 1, work, ws) ==
                     RIJN_ERR_BUFFER, "4 TiB");
    memset(&a, 0, sizeof a);
    a.type = 3;
    a.t_cost = 1;
    a.m_cost_kib = 64;
    a.lanes = 1;
    TU_CHECK(rijn_argon2(&a, out, 32, NULL, 0, salt, 16, work, ws) == RIJN_ERR_PARAM, "type 3");
    a.type = RIJN_ARGON2_ID;
    a.secret_len = 1;
    TU_CHECK(rijn_argon2(&a, out, 32, NULL, 0, salt, 16, work, ws) == RIJN_ERR_NULL,
             "NULL secret");
    /* every parameter is bound: changing one changes the tag */
    {
        uint8_t base[32], alt[32], k[4] = {1, 2, 3, 4};
        a.secret_len = 0;
        TU_CHECK(rijn_argon2(&a, base, 32, NULL, 0, salt, 16, work, ws) == RIJN_OK, "base");
        a.secret = k;
        a.secret_len = 4;
        TU_CHECK(rijn_argon2(&a, alt, 32, NULL, 0, salt, 16, work, ws) == RIJN_OK &&
                     memcmp(base, alt, 32) != 0, "secret changes the tag");
        a.secret_len = 0;
        a.ad = k;
        a.ad_len = 4;
        TU_CHECK(rijn_argon2(&a, alt, 32, NULL, 0, salt, 16, work, ws) == RIJN_OK &&
                     memcmp(base, alt, 32) != 0, "ad changes the tag");
        a.ad_len = 0;
        a.lanes = 2;
        TU_CHECK(rijn_argon2(&a, alt, 32, NULL, 0, salt, 16, work, ws) == RIJN_OK &&
                     memcmp(base, alt, 32) != 0, "lanes change the tag");
    }
}

int main(int argc, char **argv)
{
    unsigned long n;
    (void)argc;
    tu_rand_seed(0xA2601D);
    printf("Argon2 block function: %s\n", rijn_argon2_impl_name());
    TU_CHECK(sodium_init() >= 0, "sodium_init");
    rfc9106();
    n = pyca_file("cryptography_vectors/KDF/argon2d.txt", RIJN_ARGON2_D);
    n += pyca_file("cryptography_vectors/KDF/argon2i.txt", RIJN_ARGON2_I);
    n += pyca_file("cryptography_vectors/KDF/argon2id.txt", RIJN_ARGON2_ID);
    printf("cryptography-vectors argon2{d,i,id}.txt: %lu vectors\n", n);
    TU_CHECK(n >= (tu_quick() ? 12u : 15u), "vector count %lu", n);
    printf("libsodium crypto_pwhash (Argon2id13/Argon2i13, 1 lane): %lu checks\n", sodium_diff());
    printf("python cryptography Argon2id (1..4 lanes, secret, ad): %lu checks\n", pyca_diff());
    errors();
    if (strcmp(rijn_argon2_impl_name(), "portable") != 0 &&
        !tu_rerun_is_child("RIJN_ARGON2_CHILD"))
        tu_rerun_masked(argv, 0, "no extensions: the portable Argon2", "RIJN_ARGON2_CHILD");
    return tu_finish();
}
#endif
