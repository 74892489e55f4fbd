/*
 * test_file_faults.c -- the file formats' error paths behind a failing
 * hash or AES key setup: built only with RIJN_I_TEST_FAULTS=1 (cmake
 * -DRIJN_TEST_FAULTS=ON, the coverage build of scripts/coverage.sh), where
 * rijn_i_fault_at (RIJN_I_FAULT in src/internal.h) makes the n-th hash
 * init/update/final reached fail, and rijn_i_fault_key_at the n-th AES key
 * setup. Each composite call below -- the version 2 stanza writer and
 * unwrap (HKDF), the age writer, reader and payload key (HKDF, scrypt),
 * the openssl enc key (PBKDF2 and EVP_BytesToKey), a whole crypt_and_hash
 * file written and read (8,192 chained hashes, then HMAC), version 1 and 2
 * files written and read (HMAC-SHA-256 key schedule and header MAC) -- is
 * run with each hash point failing in turn (every point when a call
 * reaches at most 600; else the first 8 and the last 64), and:
 *   - a call documented to return every failure ("strict") returns an
 *     error for each one and never the good output;
 *   - the header MAC and payload key of version 2 (rijn_i_file_key_up)
 *     and the age header MAC go through rijn_i_file_hmac, which drops the
 *     hashes' status (its only errors are argument errors, and the
 *     arguments are its own): the version 2 writer (header and a sealed
 *     chunk), the age writer and rijn_age_verify_header may return RIJN_OK
 *     under a fault there, but then never with the good output / with the
 *     header accepted;
 *   - a run without a fault gives the good output again.
 * Then the AES key setups of the v1 and v2 writers and readers, the v2
 * stanza wrap and crypt_and_hash, failed in turn: each returns the error.
 */
#include <limits.h>
#include <string.h>

#include "internal.h"
#include "testutil.h"

#if !RIJN_I_TEST_FAULTS
int main(void)
{
    fprintf(stderr, "test_file_faults: this build has no fault points "
                    "(RIJN_I_TEST_FAULTS=0); cmake -DRIJN_TEST_FAULTS=ON registers it\n");
    return 1;
}
#else

typedef int (*call_fn)(uint8_t *out, size_t *len);

static uint8_t fk32[32], fk16[16], sk[32], pub[32], eph[32], salt16[16], iv[16];
static uint8_t v2hdr[RIJN_FILE_V2_HEADER_MAX + 64], agehdr[512], scrypthdr[512];
static size_t v2len, agelen, scryptlen;
static uint8_t work[RIJN_AGE_SCRYPT_WORK_SIZE(2) + 64];
static const uint8_t pass[] = "passphrase";

static int v2_write(uint8_t *out, size_t *len, unsigned type)
{
    rijn_file_params p;
    rijn_file_writer w;
    rijn_file_stanza st;
    rijn_file_ctx ctx;
    int r;
    rijn_file_params_init(&p);
    p.chunk_size = 256;
    memset(&st, 0, sizeof st);
    st.type = (uint8_t)type;
    st.iterations = 2;
    r = rijn_file_v2_begin(&w, out, RIJN_FILE_V2_HEADER_MAX, &p, 1, fk32);
    *len = 0;
    if (r == RIJN_OK)
        r = rijn_file_v2_add(&w, &st, type == RIJN_FILE_KEY_X25519 ? pub : sk,
                             type == RIJN_FILE_KEY_X25519 ? eph : NULL);
    if (r == RIJN_OK)
        r = rijn_file_v2_end(&w, &ctx, len);
    if (r == RIJN_OK) { /* and a chunk: the payload key shows in the output */
        r = rijn_file_seal_chunk(&ctx, out + *len, pass, sizeof pass, 1);
        *len += sizeof pass + 16;
    }
    rijn_file_wipe(&ctx);
    return r;
}
static int v2_x25519(uint8_t *out, size_t *len) { return v2_write(out, len, RIJN_FILE_KEY_X25519); }
static int v2_raw(uint8_t *out, size_t *len) { return v2_write(out, len, RIJN_FILE_KEY_RAW); }
static int v2_unwrap(uint8_t *out, size_t *len)
{
    *len = 32;
    return rijn_file_v2_unwrap(out, v2hdr, v2len, 0, sk);
}

static int age_x25519(uint8_t *out, size_t *len)
{
    rijn_age_writer w;
    int r = rijn_age_write_begin(&w, out, 512, fk16);
    if (r == RIJN_OK)
        r = rijn_age_write_x25519(&w, pub, eph);
    if (r == RIJN_OK)
        r = rijn_age_write_end(&w, len);
    return r;
}
static int age_scrypt(uint8_t *out, size_t *len)
{
    rijn_age_writer w;
    int r = rijn_age_write_begin(&w, out, 512, fk16);
    if (r == RIJN_OK)
        r = rijn_age_write_scrypt(&w, pass, sizeof pass - 1, salt16, 2, work, sizeof work);
    if (r == RIJN_OK)
        r = rijn_age_write_end(&w, len);
    return r;
}
static int age_unwrap_x(uint8_t *out, size_t *len)
{
    *len = 16;
    return rijn_age_unwrap_x25519(out, agehdr, agelen, sk, NULL);
}
static int age_unwrap_s(uint8_t *out, size_t *len)
{
    *len = 16;
    return rijn_age_unwrap_scrypt(out, scrypthdr, scryptlen, pass, sizeof pass - 1, 2, work,
                                  sizeof work);
}
static int age_verify(uint8_t *out, size_t *len)
{
    *len = 1;
    out[0] = 1;
    return rijn_age_verify_header(agehdr, agelen, fk16);
}
static int age_payload(uint8_t *out, size_t *len)
{
    rijn_file_ctx ctx;
    int r = rijn_age_payload_init(&ctx, 1, fk16, salt16);
    *len = 0;
    if (r == RIJN_OK) {
        r = rijn_file_seal_chunk(&ctx, out, pass, sizeof pass, 1);
        *len = sizeof pass + 16;
    }
    rijn_file_wipe(&ctx);
    return r;
}
/* version 1: a raw-key file written (header, one chunk) and read back */
static uint8_t v1file[RIJN_FILE_HEADER_MAX + 64];
static size_t v1len;
static int v1_seal(uint8_t *out, size_t *len)
{
    rijn_file_params p;
    rijn_file_ctx ctx;
    size_t hl = 0;
    int r;
    rijn_file_params_init(&p);
    p.chunk_size = 256;
    *len = 0;
    r = rijn_file_seal_init(&ctx, out, RIJN_FILE_HEADER_MAX, &hl, &p, fk32);
    if (r == RIJN_OK)
        r = rijn_file_seal_chunk(&ctx, out + hl, pass, sizeof pass, 1);
    *len = hl + sizeof pass + 16;
    rijn_file_wipe(&ctx);
    return r;
}
static int open_chunk(rijn_file_ctx *ctx, int r, uint8_t *out, size_t *len, const uint8_t *in)
{
    if (r == RIJN_OK)
        r = rijn_file_open_chunk(ctx, out, in, sizeof pass + 16, 1);
    if (r == RIJN_OK)
        r = rijn_file_open_final(ctx);
    *len = sizeof pass;
    rijn_file_wipe(ctx);
    return r;
}
static int v1_open(uint8_t *out, size_t *len)
{
    rijn_file_ctx ctx;
    size_t hl = v1len - sizeof pass - 16;
    return open_chunk(&ctx, rijn_file_open_header(&ctx, v1file, hl, fk32), out, len,
                      v1file + hl);
}
static int v2_open(uint8_t *out, size_t *len)
{
    rijn_file_ctx ctx;
    return open_chunk(&ctx, rijn_file_v2_open(&ctx, v2hdr, v2len, fk32), out, len,
                      v2hdr + v2len);
}

static int openssl_key(uint8_t *out, size_t *len, uint32_t iterations)
{
    *len = 48;
    return rijn_openssl_enc_key(&rijn_hash_sha256, iterations, pass, sizeof pass - 1, salt16, 8,
                                out, 32, out + 32);
}
static int openssl_pbkdf2(uint8_t *out, size_t *len) { return openssl_key(out, len, 3); }
static int openssl_evp(uint8_t *out, size_t *len) { return openssl_key(out, len, 0); }
/* crypt_and_hash: AES-256-CBC with HMAC-SHA-256, written and read back */
static void cah_params(rijn_legacy_params *p)
{
    memset(p, 0, sizeof *p);
    p->md = &rijn_hash_sha256;
    p->mode = RIJN_LEGACY_CBC;
    p->key_len = 32;
}
static int cah_file(uint8_t *out, size_t *len)
{
    rijn_legacy_params p;
    rijn_legacy_ctx ctx;
    size_t n = 0, m = 0;
    int r;
    cah_params(&p);
    *len = 0;
    r = rijn_mbedtls_cah_seal_init(&ctx, &p, iv, pass, sizeof pass - 1);
    if (r == RIJN_OK)
        r = rijn_legacy_update(&ctx, out, 64, &n, pass, sizeof pass);
    if (r == RIJN_OK)
        r = rijn_legacy_final(&ctx, out + n, RIJN_LEGACY_OVERHEAD, &m);
    rijn_legacy_wipe(&ctx);
    *len = n + m;
    return r;
}

/* crypt_and_hash read back: HMAC checked, then decrypted */
static uint8_t cahfile[64];
static size_t cahlen;
static int cah_read(uint8_t *out, size_t *len)
{
    rijn_legacy_params p;
    rijn_legacy_ctx ctx;
    size_t n = 0, m = 0;
    int r;
    cah_params(&p);
    *len = 0;
    r = rijn_mbedtls_cah_open_init(&ctx, &p, iv, pass, sizeof pass - 1,
                                   RIJN_CAH_MAC | RIJN_CAH_DECRYPT);
    if (r == RIJN_OK)
        r = rijn_legacy_update(&ctx, out, 128, &n, cahfile, cahlen);
    if (r == RIJN_OK)
        r = rijn_mbedtls_cah_verify(&ctx);
    if (r == RIJN_OK)
        r = rijn_legacy_final(&ctx, out + n, RIJN_LEGACY_OVERHEAD, &m);
    rijn_legacy_wipe(&ctx);
    *len = n + m;
    return r;
}

/* The counter the sweeps arm: hash points, or AES key setups. */
static unsigned long *at = &rijn_i_fault_at;

/* Fault points one run of f reaches. */
static unsigned long points(call_fn f, uint8_t *out)
{
    size_t len;
    *at = ULONG_MAX;
    (void)f(out, &len);
    return ULONG_MAX - *at;
}

static void sweep(const char *name, call_fn f, int strict)
{
    static uint8_t good[512], out[512];
    size_t good_len = 0, len;
    unsigned long n, total = points(f, out), runs = 0;
    unsigned swallowed = 0, same = 0;
    *at = 0;
    TU_CHECK(f(good, &good_len) == RIJN_OK, "%s without a fault", name);
    TU_CHECK(total > 0, "%s reaches no fault point", name);
    for (n = 1; n <= total; n++) {
        int r;
        if (total > 600 && n > 8 && n + 64 <= total)
            continue;
        memset(out, 0, sizeof out);
        len = 0;
        *at = n;
        r = f(out, &len);
        TU_CHECK(*at == 0, "%s: point %lu not reached", name, n);
        runs++;
        swallowed += r == RIJN_OK;
        same += r == RIJN_OK && len == good_len && memcmp(out, good, len) == 0;
    }
    *at = 0;
    printf("%s: %lu fault points, %lu failed in turn, %u returned RIJN_OK\n", name, total, runs,
           swallowed);
    TU_CHECK(!strict || swallowed == 0, "%s: %u faults returned RIJN_OK", name, swallowed);
    TU_CHECK(same == 0, "%s: %u faults gave the good output with RIJN_OK", name, same);
    TU_CHECK(f(out, &len) == RIJN_OK && len == good_len && memcmp(out, good, len) == 0,
             "%s after the sweep", name);
}

/* age_verify's output is the verdict: a swallowed fault must not accept */
static void sweep_verify(void)
{
    uint8_t out[1];
    size_t len;
    unsigned long n, total = points(age_verify, out);
    unsigned accepted = 0;
    for (n = 1; n <= total; n++) {
        rijn_i_fault_at = n;
        accepted += age_verify(out, &len) == RIJN_OK;
    }
    rijn_i_fault_at = 0;
    printf("age verify_header: %lu fault points\n", total);
    TU_CHECK(total > 0, "verify reaches no fault point");
    TU_CHECK(accepted == 0, "age header accepted under %u faults", accepted);
    TU_CHECK(age_verify(out, &len) == RIJN_OK, "age header accepted without a fault");
}

int main(void)
{
    memset(fk32, 0x11, sizeof fk32);
    memset(fk16, 0x12, sizeof fk16);
    memset(sk, 0x21, sizeof sk);
    memset(eph, 0x31, sizeof eph);
    memset(salt16, 0x41, sizeof salt16);
    memset(iv, 0x51, sizeof iv);
    TU_CHECK(rijn_x25519_base(pub, sk) == RIJN_OK, "public key");
    TU_CHECK(v2_x25519(v2hdr, &v2len) == RIJN_OK, "v2 header");
    v2len -= sizeof pass + 16; /* the header, without the chunk */
    TU_CHECK(age_x25519(agehdr, &agelen) == RIJN_OK, "age header");
    TU_CHECK(age_scrypt(scrypthdr, &scryptlen) == RIJN_OK, "age scrypt header");
    sweep("v2 X25519 stanza", v2_x25519, 0);
    sweep("v2 raw stanza", v2_raw, 0);
    sweep("v2 unwrap", v2_unwrap, 1);
    sweep("age X25519 header", age_x25519, 0);
    sweep("age scrypt header", age_scrypt, 0);
    sweep("age X25519 unwrap", age_unwrap_x, 1);
    sweep("age scrypt unwrap", age_unwrap_s, 1);
    sweep("age payload key", age_payload, 1);
    sweep_verify();
    sweep("openssl enc key, PBKDF2", openssl_pbkdf2, 1);
    sweep("openssl enc key, EVP_BytesToKey", openssl_evp, 1);
    sweep("crypt_and_hash file", cah_file, 1);
    TU_CHECK(cah_file(cahfile, &cahlen) == RIJN_OK && cahlen <= sizeof cahfile, "cah file");
    sweep("crypt_and_hash read", cah_read, 1);
    TU_CHECK(v1_seal(v1file, &v1len) == RIJN_OK, "v1 file");
    sweep("v1 file written", v1_seal, 0);
    sweep("v1 file read", v1_open, 1);
    sweep("v2 file read", v2_open, 1);
    /* AES key setup failing (AES-256-GCM of the files, the v2 stanza
     * wrap, crypt_and_hash's AES-CBC): every call returns the error */
    at = &rijn_i_fault_key_at;
    sweep("v1 file written, AES key setups", v1_seal, 1);
    sweep("v1 file read, AES key setups", v1_open, 1);
    sweep("v2 X25519 stanza, AES key setups", v2_x25519, 1);
    sweep("v2 unwrap, AES key setups", v2_unwrap, 1);
    sweep("v2 file read, AES key setups", v2_open, 1);
    sweep("crypt_and_hash file, AES key setups", cah_file, 1);
    at = &rijn_i_fault_at;
    return tu_finish();
}
#endif
