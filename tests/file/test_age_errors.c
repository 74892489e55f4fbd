/*
 * test_age_errors.c -- the age header writer and reader at their edges:
 *   - the writer into every buffer size from 0 to the header's length: each
 *     size short of it fails with RIJN_ERR_BUFFER at one call, every later
 *     call fails too, and the exact size gives the reference header (X25519
 *     with two recipients; scrypt at log N 1 and, once, 10: two digits);
 *   - the writer's order: stanzas before begin or after end, scrypt next to
 *     another stanza, log N 0 and 41, NULL arguments;
 *   - the reader on every truncation (never RIJN_OK from rijn_age_header_len)
 *     and on every single-byte change and insertion of a byte (a space, a
 *     newline, '-', '0', '=', 0x7f, 0x1f, a letter): rijn_age_verify_header
 *     never accepts a changed header, rijn_age_header_info accepts one only
 *     if rijn_age_header_len gives its whole length, and an X25519 unwrap
 *     that still succeeds gives the right file key;
 *   - unwrap errors: no scrypt stanza, log N over the caller's limit, a
 *     header with no stanza, NULL arguments.
 * tests/file/test_age.c has the interoperability and round-trip checks.
 */
#include <string.h>

#include "testutil.h"

static uint8_t fk[16], sk1[32], sk2[32], pub1[32], pub2[32], eph1[32], eph2[32], salt[16];
static uint8_t ref[1024], buf[1024], work[RIJN_AGE_SCRYPT_WORK_SIZE(10) + 64];
static const uint8_t pass[] = "pass";

/* The header of kind 0 (X25519 to pub1 and pub2) or kind log_n (scrypt)
 * into size bytes; the status of the first failing call, later calls must
 * fail too. */
static int write_hdr(uint8_t *out, size_t size, unsigned kind, size_t *hl)
{
    rijn_age_writer w;
    int r, first;
    r = rijn_age_write_begin(&w, out, size, fk);
    first = r;
    if (kind == 0) {
        r = rijn_age_write_x25519(&w, pub1, eph1);
        TU_CHECK(first == RIJN_OK || r != RIJN_OK, "x25519 stanza after a failure");
        first = first != RIJN_OK ? first : r;
        r = rijn_age_write_x25519(&w, pub2, eph2);
    } else {
        r = rijn_age_write_scrypt(&w, pass, 4, salt, kind, work, sizeof work);
    }
    TU_CHECK(first == RIJN_OK || r != RIJN_OK, "stanza after a failure");
    first = first != RIJN_OK ? first : r;
    r = rijn_age_write_end(&w, hl);
    TU_CHECK(first == RIJN_OK || r != RIJN_OK, "end after a failure");
    return first != RIJN_OK ? first : r;
}

static void sweep_sizes(unsigned kind)
{
    size_t len = 0, hl = 0, s;
    unsigned bad = 0;
    TU_CHECK(write_hdr(ref, sizeof ref, kind, &len) == RIJN_OK, "reference header %u", kind);
    for (s = 0; s < len; s++) {
        int r = write_hdr(buf, s, kind, &hl);
        bad += r != RIJN_ERR_BUFFER;
    }
    TU_CHECK(bad == 0, "kind %u: %u buffer sizes below %zu not RIJN_ERR_BUFFER", kind, bad, len);
    TU_CHECK(write_hdr(buf, len, kind, &hl) == RIJN_OK && hl == len, "exact size, kind %u", kind);
    TU_EQ(buf, ref, len, "header written into its exact size");
}

static void writer_order(void)
{
    rijn_age_writer w;
    size_t hl;
    memset(&w, 0, sizeof w);
    TU_CHECK(rijn_age_write_x25519(&w, pub1, eph1) == RIJN_ERR_STATE, "x25519 before begin");
    TU_CHECK(rijn_age_write_scrypt(&w, pass, 4, salt, 1, work, sizeof work) == RIJN_ERR_STATE,
             "scrypt before begin");
    TU_CHECK(rijn_age_write_x25519(NULL, pub1, eph1) == RIJN_ERR_NULL, "NULL writer");
    TU_CHECK(rijn_age_write_begin(NULL, buf, sizeof buf, fk) == RIJN_ERR_NULL, "NULL writer");
    TU_CHECK(rijn_age_write_begin(&w, NULL, sizeof buf, fk) == RIJN_ERR_NULL, "NULL buffer");
    TU_CHECK(rijn_age_write_begin(&w, buf, sizeof buf, NULL) == RIJN_ERR_NULL, "NULL key");
    TU_CHECK(rijn_age_write_begin(&w, buf, sizeof buf, fk) == RIJN_OK, "begin");
    TU_CHECK(rijn_age_write_x25519(&w, NULL, eph1) == RIJN_ERR_NULL, "NULL recipient");
    TU_CHECK(rijn_age_write_x25519(&w, pub1, NULL) == RIJN_ERR_NULL, "NULL ephemeral");
    TU_CHECK(rijn_age_write_scrypt(NULL, pass, 4, salt, 1, work, sizeof work) == RIJN_ERR_NULL,
             "scrypt: NULL writer");
    TU_CHECK(rijn_age_write_scrypt(&w, NULL, 4, salt, 1, work, sizeof work) == RIJN_ERR_NULL,
             "scrypt: NULL passphrase");
    TU_CHECK(rijn_age_write_scrypt(&w, pass, 4, NULL, 1, work, sizeof work) == RIJN_ERR_NULL,
             "scrypt: NULL salt");
    TU_CHECK(rijn_age_write_scrypt(&w, pass, 4, salt, 0, work, sizeof work) == RIJN_ERR_PARAM,
             "scrypt: log N 0");
    TU_CHECK(rijn_age_write_scrypt(&w, pass, 4, salt, 41, work, sizeof work) == RIJN_ERR_PARAM,
             "scrypt: log N 41");
    TU_CHECK(rijn_age_write_end(NULL, &hl) == RIJN_ERR_NULL, "end: NULL writer");
    TU_CHECK(rijn_age_write_end(&w, NULL) == RIJN_ERR_NULL, "end: NULL length");
    TU_CHECK(rijn_age_write_scrypt(&w, pass, 4, salt, 1, work, sizeof work) == RIJN_OK,
             "scrypt");
    TU_CHECK(rijn_age_write_x25519(&w, pub1, eph1) == RIJN_ERR_STATE, "x25519 after scrypt");
    TU_CHECK(rijn_age_write_scrypt(&w, pass, 4, salt, 1, work, sizeof work) == RIJN_ERR_STATE,
             "two scrypt stanzas");
    TU_CHECK(rijn_age_write_end(&w, &hl) == RIJN_OK, "end");
    TU_CHECK(rijn_age_write_end(&w, &hl) == RIJN_ERR_STATE, "end twice");
    TU_CHECK(rijn_age_write_x25519(&w, pub1, eph1) == RIJN_ERR_STATE, "x25519 after end");
}

/* Every single-byte change and insertion of hdr[0..len): never verified. */
static void mutations(const uint8_t *hdr, size_t len, int x25519)
{
    static const uint8_t vals[] = {' ', '\n', '-', '0', '=', 0x7f, 0x1f, 'A', '>'};
    size_t i, v, hl;
    unsigned accepted = 0, wrong_key = 0, truncated_ok = 0, incons = 0;
    uint8_t m[1100], key[16];
    rijn_age_info info;
    for (i = 0; i < len; i++) {
        truncated_ok += rijn_age_header_len(hdr, i, &hl) == RIJN_OK;
        for (v = 0; v < sizeof vals * 2; v++) {
            size_t ml = len;
            memcpy(m, hdr, len);
            if (v < sizeof vals) {
                if (m[i] == vals[v])
                    continue;
                m[i] = vals[v];
            } else {
                memmove(m + i + 1, m + i, len - i);
                m[i] = vals[v - sizeof vals];
                ml++;
            }
            accepted += rijn_age_verify_header(m, ml, fk) == RIJN_OK;
            if (rijn_age_header_info(m, ml, &info) == RIJN_OK) /* info implies the length */
                incons += rijn_age_header_len(m, ml, &hl) != RIJN_OK || hl != ml;
            /* two X25519 per call: quick mode (Valgrind) only the first value */
            if (x25519 && (v == 0 || v == sizeof vals || !tu_quick()) &&
                rijn_age_unwrap_x25519(key, m, ml, sk1, NULL) == RIJN_OK)
                wrong_key += memcmp(key, fk, 16) != 0;
        }
    }
    TU_CHECK(truncated_ok == 0, "%u truncations gave a header length", truncated_ok);
    TU_CHECK(accepted == 0, "%u changed headers verified", accepted);
    TU_CHECK(incons == 0, "%u changed headers with info but not their length", incons);
    TU_CHECK(wrong_key == 0, "%u changed headers unwrapped to a wrong key", wrong_key);
}

static void unwrap_errors(const uint8_t *xh, size_t xl)
{
    static const char nostanza[] = "age-encryption.org/v1\n--- "
                                   "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n";
    uint8_t key[16];
    size_t hl, sl;
    unsigned which = 9;
    rijn_age_info info;
    TU_CHECK(rijn_age_unwrap_x25519(key, xh, xl, sk2, &which) == RIJN_OK && which == 1 &&
                 memcmp(key, fk, 16) == 0, "second recipient's stanza");
    TU_CHECK(rijn_age_unwrap_scrypt(key, xh, xl, pass, 4, 10, work, sizeof work) ==
                 RIJN_ERR_AUTH, "scrypt unwrap of an X25519 header");
    TU_CHECK(rijn_age_unwrap_scrypt(NULL, xh, xl, pass, 4, 10, work, sizeof work) ==
                 RIJN_ERR_NULL, "scrypt unwrap: NULL key");
    TU_CHECK(rijn_age_unwrap_scrypt(key, xh, xl, NULL, 4, 10, work, sizeof work) ==
                 RIJN_ERR_NULL, "scrypt unwrap: NULL passphrase");
    TU_CHECK(rijn_age_unwrap_x25519(NULL, xh, xl, sk1, NULL) == RIJN_ERR_NULL, "NULL key");
    TU_CHECK(rijn_age_unwrap_x25519(key, xh, xl, NULL, NULL) == RIJN_ERR_NULL, "NULL identity");
    TU_CHECK(rijn_age_verify_header(xh, xl, NULL) == RIJN_ERR_NULL, "verify: NULL key");
    TU_CHECK(rijn_age_header_len(NULL, 10, &hl) == RIJN_ERR_NULL, "header_len: NULL input");
    TU_CHECK(rijn_age_header_len(xh, xl, NULL) == RIJN_ERR_NULL, "header_len: NULL length");
    TU_CHECK(rijn_age_header_info(NULL, xl, &info) == RIJN_ERR_NULL, "info: NULL header");
    TU_CHECK(rijn_age_header_info(xh, xl, NULL) == RIJN_ERR_NULL, "info: NULL info");
    TU_CHECK(rijn_age_header_info(xh, xl - 1, &info) != RIJN_OK, "info: cut header");
    TU_CHECK(rijn_age_header_info((const uint8_t *)nostanza, sizeof nostanza - 1, &info) ==
                 RIJN_ERR_PARAM, "a header with no stanza");

    TU_CHECK(write_hdr(ref, sizeof ref, 10, &sl) == RIJN_OK, "scrypt header at log N 10");
    TU_CHECK(rijn_age_header_info(ref, sl, &info) == RIJN_OK && info.log_n == 10 &&
                 info.scrypt == 1, "log N 10 read back");
    TU_CHECK(rijn_age_unwrap_scrypt(key, ref, sl, pass, 4, 9, work, sizeof work) ==
                 RIJN_ERR_LIMIT, "log N 10 over a limit of 9");
    TU_CHECK(rijn_age_unwrap_scrypt(key, ref, sl, pass, 4, 10, work, sizeof work) == RIJN_OK &&
                 memcmp(key, fk, 16) == 0, "log N 10 unwrap");
    TU_CHECK(rijn_age_unwrap_x25519(key, ref, sl, sk1, NULL) == RIJN_ERR_AUTH,
             "X25519 unwrap of a scrypt header");
}

int main(void)
{
    uint8_t xh[1024];
    size_t xl = 0, sl = 0;
    memset(fk, 0x11, sizeof fk);
    memset(sk1, 0x21, sizeof sk1);
    memset(sk2, 0x22, sizeof sk2);
    memset(eph1, 0x31, sizeof eph1);
    memset(eph2, 0x32, sizeof eph2);
    memset(salt, 0x41, sizeof salt);
    TU_CHECK(rijn_x25519_base(pub1, sk1) == RIJN_OK && rijn_x25519_base(pub2, sk2) == RIJN_OK,
             "public keys");
    sweep_sizes(0);
    memcpy(xh, ref, sizeof xh);
    TU_CHECK(write_hdr(xh, sizeof xh, 0, &xl) == RIJN_OK, "X25519 header");
    sweep_sizes(1);
    writer_order();
    mutations(xh, xl, 1);
    TU_CHECK(write_hdr(buf, sizeof buf, 1, &sl) == RIJN_OK, "scrypt header at log N 1");
    memcpy(ref, buf, sl);
    mutations(ref, sl, 0);
    unwrap_errors(xh, xl);
    return tu_finish();
}
