/*
 * test_hash_faults.c -- the error paths of the generic hash users (HMAC,
 * HKDF, PBKDF2, EVP_BytesToKey) that the vector tests never reach.
 *
 * A descriptor "FAULTY" wraps SHA-256 but makes its k-th call (init,
 * update or final, counted across the operation) fail with
 * RIJN_ERR_STATE. For every k until the operation succeeds, the
 * operation must return that error; HKDF, PBKDF2 and EVP_BytesToKey
 * leave their output zeroed, HMAC and HKDF-Extract no partial result
 * (untouched or zero); and with no
 * fault at all it must give SHA-256's result. Also: descriptors with bad
 * sizes (digest 0, digest above RIJN_HASH_MAX_SIZE, block above
 * RIJN_HASH_MAX_BLOCK, digest larger than block) give RIJN_ERR_PARAM,
 * NULL arguments RIJN_ERR_NULL, and the documented limits hold.
 */
#include <string.h>

#include "testutil.h"

static int countdown = -1; /* calls left before the fault; -1: never */

static int tick(void)
{
    if (countdown < 0)
        return 0;
    return countdown-- == 0;
}
static int f_init(void *c)
{
    return tick() ? RIJN_ERR_STATE : rijn_hash_sha256.init(c);
}
static int f_update(void *c, const uint8_t *d, size_t n)
{
    return tick() ? RIJN_ERR_STATE : rijn_hash_sha256.update(c, d, n);
}
static int f_final(void *c, uint8_t *out)
{
    if (tick()) {
        rijn_hash_sha256.wipe(c);
        return RIJN_ERR_STATE;
    }
    return rijn_hash_sha256.final(c, out);
}
static void f_wipe(void *c) { rijn_hash_sha256.wipe(c); }

static rijn_hash_desc faulty;

static void make_faulty(void)
{
    faulty = rijn_hash_sha256;
    faulty.name = "FAULTY";
    faulty.init = f_init;
    faulty.update = f_update;
    faulty.final = f_final;
    faulty.wipe = f_wipe;
}

static int all_byte(const uint8_t *p, size_t n, uint8_t v)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i] != v)
            return 0;
    return 1;
}

enum { OP_HMAC, OP_HMAC_VERIFY, OP_HKDF, OP_HKDF_EXTRACT, OP_PBKDF2, OP_BTK, OP_N };
static const char *const op_names[OP_N] = {"hmac",   "hmac_verify", "hkdf",
                                           "extract", "pbkdf2",     "bytes_to_key"};

/* Runs op with hash h into out (out_len bytes; BTK: key 32 + iv 16). */
static int run_op(int op, const rijn_hash_desc *h, uint8_t *out, size_t out_len)
{
    static const uint8_t key[100] = {1, 2, 3}, msg[70] = {4, 5, 6}, salt[8] = {7};
    uint8_t tag[32];
    switch (op) {
    case OP_HMAC: return rijn_hmac(h, out, out_len, key, sizeof key, msg, sizeof msg);
    case OP_HMAC_VERIFY:
        memset(tag, 0, sizeof tag);
        if (rijn_hmac(&rijn_hash_sha256, tag, 32, key, 10, msg, sizeof msg) != RIJN_OK)
            return -100;
        memset(out, 0, out_len);
        return rijn_hmac_verify(h, tag, 32, key, 10, msg, sizeof msg);
    case OP_HKDF:
        return rijn_hkdf(h, out, out_len, salt, sizeof salt, key, 40, msg, sizeof msg);
    case OP_HKDF_EXTRACT:
        return rijn_hkdf_extract(h, out, out_len, salt, sizeof salt, key, 40);
    case OP_PBKDF2:
        return rijn_pbkdf2(h, out, out_len, key, 12, salt, sizeof salt, 3);
    default:
        return rijn_evp_bytes_to_key(h, out, 32, out + 32, 16, key, 12, salt, 8, 2);
    }
}

static void faults(void)
{
    int op;
    make_faulty();
    for (op = 0; op < OP_N; op++) {
        uint8_t want[100], got[100];
        size_t len = op == OP_BTK ? 48 : op == OP_HKDF_EXTRACT || op == OP_HMAC ? 32 : 70;
        int k, r, hits = 0;
        countdown = -1;
        TU_CHECK(run_op(op, &rijn_hash_sha256, want, len) == RIJN_OK, "%s: reference",
                 op_names[op]);
        for (k = 0; k < 1000; k++) {
            memset(got, 0xa5, sizeof got);
            countdown = k;
            r = run_op(op, &faulty, got, len);
            if (countdown >= 0) { /* fewer than k + 1 calls: the fault did not fire */
                TU_CHECK(r == RIJN_OK, "%s: no fault but %d", op_names[op], r);
                if (op != OP_HMAC_VERIFY)
                    TU_EQ(got, want, len, op_names[op]);
                break;
            }
            hits++;
            TU_CHECK(r == RIJN_ERR_STATE, "%s: fault at call %d gave %d", op_names[op], k, r);
            /* HKDF, PBKDF2, EVP_BytesToKey zero their output on error; HMAC
             * and extract leave the caller's bytes (nothing written) */
            if (op == OP_HMAC || op == OP_HKDF_EXTRACT)
                TU_CHECK(all_byte(got, len, 0xa5) || all_byte(got, len, 0),
                         "%s: fault at call %d left a partial result", op_names[op], k);
            else if (op != OP_HMAC_VERIFY)
                TU_CHECK(all_byte(got, len, 0), "%s: fault at call %d left output", op_names[op],
                         k);
        }
        TU_CHECK(hits >= 3, "%s: only %d faults injected", op_names[op], hits);
        countdown = -1;
    }
}

static void bad_descriptors(void)
{
    uint8_t out[200];
    rijn_hmac_ctx c;
    rijn_hash_desc d;
    int i;
    for (i = 0; i < 4; i++) {
        d = rijn_hash_sha256;
        if (i == 0)
            d.digest_size = 0;
        else if (i == 1)
            d.digest_size = RIJN_HASH_MAX_SIZE + 1;
        else if (i == 2)
            d.block_size = RIJN_HASH_MAX_BLOCK + 1;
        else
            d.digest_size = d.block_size + 1;
        if (i != 0) {
            TU_CHECK(rijn_hmac_init(&c, &d, out, 10) == RIJN_ERR_PARAM, "hmac_init bad desc %d", i);
            TU_CHECK(rijn_hmac(&d, out, 16, out, 10, out, 10) == RIJN_ERR_PARAM, "hmac bad %d", i);
        }
        if (i <= 1) {
            TU_CHECK(rijn_hkdf_expand(&d, out, 16, out, 64, NULL, 0) == RIJN_ERR_PARAM,
                     "expand bad desc %d", i);
            TU_CHECK(rijn_hkdf(&d, out, 16, NULL, 0, out, 4, NULL, 0) == RIJN_ERR_PARAM,
                     "hkdf bad desc %d", i);
            TU_CHECK(rijn_pbkdf2(&d, out, 16, out, 4, out, 4, 1) == RIJN_ERR_PARAM,
                     "pbkdf2 bad desc %d", i);
            TU_CHECK(rijn_evp_bytes_to_key(&d, out, 16, out + 16, 16, out, 4, NULL, 0, 1) ==
                         RIJN_ERR_PARAM,
                     "bytes_to_key bad desc %d", i);
        }
        if (i == 1)
            TU_CHECK(rijn_hkdf_extract(&d, out, sizeof out, NULL, 0, out, 4) == RIJN_ERR_PARAM,
                     "extract bad desc");
    }
}

static void arguments(void)
{
    const rijn_hash_desc *h = &rijn_hash_sha256;
    uint8_t out[64] = {0}, prk[32] = {0};
    rijn_hmac_ctx c;
    /* NULL pointers (with nonzero lengths) */
    TU_CHECK(rijn_hmac_init(NULL, h, out, 1) == RIJN_ERR_NULL, "hmac_init ctx");
    TU_CHECK(rijn_hmac_init(&c, NULL, out, 1) == RIJN_ERR_NULL, "hmac_init h");
    TU_CHECK(rijn_hmac_init(&c, h, NULL, 1) == RIJN_ERR_NULL, "hmac_init key");
    TU_CHECK(rijn_hmac_update(NULL, out, 1) == RIJN_ERR_NULL, "hmac_update");
    TU_CHECK(rijn_hmac_final(NULL, out, 32) == RIJN_ERR_NULL, "hmac_final");
    TU_CHECK(rijn_hmac_init(&c, h, out, 4) == RIJN_OK, "init");
    TU_CHECK(rijn_hmac_final(&c, NULL, 32) == RIJN_ERR_NULL, "hmac_final tag");
    TU_CHECK(rijn_hmac_init(&c, h, out, 4) == RIJN_OK, "init");
    TU_CHECK(rijn_hmac_final_verify(&c, NULL, 32) == RIJN_ERR_NULL, "final_verify tag");
    TU_CHECK(rijn_hmac_final_verify(NULL, out, 32) == RIJN_ERR_NULL, "final_verify ctx");
    TU_CHECK(rijn_hmac_init(&c, h, out, 4) == RIJN_OK, "init");
    TU_CHECK(rijn_hmac_final(&c, out, 0) != RIJN_OK, "tag_len 0");
    TU_CHECK(rijn_hmac_init(&c, h, out, 4) == RIJN_OK, "init");
    TU_CHECK(rijn_hmac_final(&c, out, 33) != RIJN_OK, "tag_len > digest");
    rijn_hmac_wipe(&c);
    TU_CHECK(rijn_hmac_final(&c, out, 32) != RIJN_OK, "final on a wiped context");
    TU_CHECK(rijn_hkdf_extract(NULL, out, 32, NULL, 0, out, 1) == RIJN_ERR_NULL, "extract h");
    TU_CHECK(rijn_hkdf_extract(h, NULL, 32, NULL, 0, out, 1) == RIJN_ERR_NULL, "extract prk");
    TU_CHECK(rijn_hkdf_extract(h, out, 32, NULL, 1, out, 1) == RIJN_ERR_NULL, "extract salt");
    TU_CHECK(rijn_hkdf_extract(h, out, 32, NULL, 0, NULL, 1) == RIJN_ERR_NULL, "extract ikm");
    TU_CHECK(rijn_hkdf_extract(h, out, 31, NULL, 0, out, 1) == RIJN_ERR_BUFFER, "extract size");
    TU_CHECK(rijn_hkdf_expand(NULL, out, 1, prk, 32, NULL, 0) == RIJN_ERR_NULL, "expand h");
    TU_CHECK(rijn_hkdf_expand(h, NULL, 1, prk, 32, NULL, 0) == RIJN_ERR_NULL, "expand okm");
    TU_CHECK(rijn_hkdf_expand(h, out, 1, NULL, 32, NULL, 0) == RIJN_ERR_NULL, "expand prk");
    TU_CHECK(rijn_hkdf_expand(h, out, 1, prk, 32, NULL, 1) == RIJN_ERR_NULL, "expand info");
    TU_CHECK(rijn_hkdf_expand(h, out, 1, prk, 31, NULL, 0) == RIJN_ERR_KEY_LEN, "expand prk_len");
    TU_CHECK(rijn_hkdf_expand(h, out, 255 * 32 + 1, prk, 32, NULL, 0) == RIJN_ERR_LIMIT,
             "expand limit");
    TU_CHECK(rijn_hkdf_expand(h, out, 0, prk, 32, NULL, 0) == RIJN_OK, "expand 0 bytes");
    TU_CHECK(rijn_hkdf(NULL, out, 1, NULL, 0, out, 1, NULL, 0) == RIJN_ERR_NULL, "hkdf h");
    TU_CHECK(rijn_hkdf(h, NULL, 1, NULL, 0, out, 1, NULL, 0) == RIJN_ERR_NULL, "hkdf okm");
    TU_CHECK(rijn_hkdf(h, out, 255 * 32 + 1, NULL, 0, out, 1, NULL, 0) == RIJN_ERR_LIMIT,
             "hkdf limit");
    TU_CHECK(rijn_pbkdf2(NULL, out, 1, out, 1, out, 1, 1) == RIJN_ERR_NULL, "pbkdf2 h");
    TU_CHECK(rijn_pbkdf2(h, NULL, 1, out, 1, out, 1, 1) == RIJN_ERR_NULL, "pbkdf2 out");
    TU_CHECK(rijn_pbkdf2(h, out, 1, NULL, 1, out, 1, 1) == RIJN_ERR_NULL, "pbkdf2 pass");
    TU_CHECK(rijn_pbkdf2(h, out, 1, out, 1, NULL, 1, 1) == RIJN_ERR_NULL, "pbkdf2 salt");
    TU_CHECK(rijn_pbkdf2(h, out, 1, out, 1, out, 1, 0) == RIJN_ERR_PARAM, "pbkdf2 iter 0");
#if SIZE_MAX > 0xFFFFFFFFu
    TU_CHECK(rijn_pbkdf2(h, out, (size_t)0xFFFFFFFFu * 32 + 1, out, 1, out, 1, 1) ==
                 RIJN_ERR_LIMIT,
             "pbkdf2 limit");
#endif
    TU_CHECK(rijn_evp_bytes_to_key(NULL, out, 1, NULL, 0, out, 1, NULL, 0, 1) == RIJN_ERR_NULL,
             "btk h");
    TU_CHECK(rijn_evp_bytes_to_key(h, NULL, 1, NULL, 0, out, 1, NULL, 0, 1) == RIJN_ERR_NULL,
             "btk key");
    TU_CHECK(rijn_evp_bytes_to_key(h, out, 1, NULL, 1, out, 1, NULL, 0, 1) == RIJN_ERR_NULL,
             "btk iv");
    TU_CHECK(rijn_evp_bytes_to_key(h, out, 1, NULL, 0, NULL, 1, NULL, 0, 1) == RIJN_ERR_NULL,
             "btk password");
    TU_CHECK(rijn_evp_bytes_to_key(h, out, 1, NULL, 0, out, 1, NULL, 8, 1) == RIJN_ERR_PARAM,
             "btk salt NULL with length");
    TU_CHECK(rijn_evp_bytes_to_key(h, out, 1, NULL, 0, out, 1, out, 7, 1) == RIJN_ERR_PARAM,
             "btk salt length 7");
    TU_CHECK(rijn_evp_bytes_to_key(h, out, 1, NULL, 0, out, 1, NULL, 0, 0) == RIJN_ERR_PARAM,
             "btk count 0");
    TU_CHECK(rijn_evp_bytes_to_key(h, out, SIZE_MAX, out, 2, out, 1, NULL, 0, 1) ==
                 RIJN_ERR_LIMIT,
             "btk key_len + iv_len overflow");
    TU_CHECK(rijn_evp_bytes_to_key(h, out, 0, NULL, 0, out, 1, NULL, 0, 1) == RIJN_OK,
             "btk nothing to derive");
}

int main(void)
{
    faults();
    bad_descriptors();
    arguments();
    return tu_finish();
}
