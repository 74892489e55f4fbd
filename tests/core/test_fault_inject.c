/*
 * test_fault_inject.c -- failures that only a failing primitive can cause.
 * Built only with RIJN_I_TEST_FAULTS=1 (cmake -DRIJN_TEST_FAULTS=ON; the
 * coverage build of scripts/coverage.sh), where rijn_i_fault_at (see
 * RIJN_I_FAULT in src/internal.h) makes the n-th fault point reached fail:
 * the BLAKE2b and SHA-2/SHA-1/MD5/SHA-3 init/update/final calls, the
 * ChaCha20 inits and keystream XOR, the Poly1305 init/update/final. For
 * each composite call (Argon2 through H0, H' and the tag; the SHA-2,
 * SHA-1, MD5 and SHA-3 one-shots; HMAC, HKDF, PBKDF2, EVP_BytesToKey and
 * scrypt over the hashes; ChaCha20-Poly1305 (IETF, XChaCha, the original
 * construction) one-shot and streaming, ChaCha20 and Poly1305 themselves)
 * it fails each point in turn, n = 1, 2, ... until a run reaches no more
 * points, and checks: the call returns an error (no failure is
 * swallowed), its output is not the good result, and a run with no fault
 * gives the good result again (no state left behind). An output that a
 * failed call may legitimately leave complete (the plaintext of a
 * streaming decryption whose final check fails) carries a last byte "the
 * call said RIJN_OK", so a swallowed failure still shows.
 */
#include <string.h>

#include "internal.h"
#include "testutil.h"

/* AEAD inputs: AAD and text lengths with a partial block (16, 64) at the
 * end, the text longer than one ChaCha20 block (head, whole blocks, tail) */
#define AAD 21
#define TEXT 150

#if !RIJN_I_TEST_FAULTS
int main(void)
{
    fprintf(stderr, "test_fault_inject: this build has no fault points "
                    "(RIJN_I_TEST_FAULTS=0); cmake -DRIJN_TEST_FAULTS=ON registers it\n");
    return 1;
}
#else

static uint64_t work[32 * 1024 / 8];
static uint8_t msg[300];
static uint8_t ct[TEXT + 16]; /* the good sealed text: ciphertext || tag */

typedef int (*call_fn)(uint8_t *out);

static int argon2_long(uint8_t *out) /* H' over 64 bytes: the chained path */
{
    return rijn_argon2id(out, 100, msg, 8, msg + 8, 16, 1, 16, 2, work, sizeof work);
}
static int argon2_short(uint8_t *out)
{
    return rijn_argon2i(out, 32, msg, 8, msg + 8, 16, 1, 8, 1, work, sizeof work);
}
static int sha256_long(uint8_t *out) { return rijn_sha256(out, msg, sizeof msg); }
static int sha224_long(uint8_t *out) { return rijn_sha224(out, msg, sizeof msg); }
static int sha512_long(uint8_t *out) { return rijn_sha512(out, msg, sizeof msg); }
static int sha384_long(uint8_t *out) { return rijn_sha384(out, msg, sizeof msg); }
static int sha1_long(uint8_t *out) { return rijn_sha1(out, msg, sizeof msg); }
static int md5_long(uint8_t *out) { return rijn_md5(out, msg, sizeof msg); }
static int sha3_long(uint8_t *out) { return rijn_sha3_256(out, msg, sizeof msg); }
static int blake2b_long(uint8_t *out) { return rijn_blake2b(out, 64, msg, 16, msg, sizeof msg); }
static int hmac_sha256(uint8_t *out) { return rijn_hmac(&rijn_hash_sha256, out, 32, msg, 70, msg, 100); }
static int hkdf_sha256(uint8_t *out) /* extract, then two expand blocks */
{
    return rijn_hkdf(&rijn_hash_sha256, out, 40, msg, 16, msg + 16, 22, msg + 40, 10);
}
static int hkdf_empty(uint8_t *out) /* okm_len 0: nothing to wipe on failure */
{
    out[0] = (uint8_t)rijn_hkdf(&rijn_hash_sha256, out + 1, 0, msg, 16, msg + 16, 22, NULL, 0);
    return out[0];
}
static int hkdf_expand_empty(uint8_t *out)
{
    out[0] = (uint8_t)rijn_hkdf_expand(&rijn_hash_sha256, NULL, 0, msg, 32, NULL, 0);
    return out[0];
}
static int pbkdf2_sha1(uint8_t *out) /* two blocks, two iterations */
{
    return rijn_pbkdf2(&rijn_hash_sha1, out, 30, msg, 8, msg + 8, 16, 2);
}
static int pbkdf2_empty(uint8_t *out) /* out_len 0: nothing to wipe on failure */
{
    out[0] = (uint8_t)rijn_pbkdf2(&rijn_hash_sha1, NULL, 0, msg, 8, msg + 8, 16, 1);
    return out[0];
}
static int bytestokey_md5(uint8_t *out) /* key and IV, three digests of 3 rounds */
{
    return rijn_evp_bytes_to_key(&rijn_hash_md5, out, 32, out + 32, 16, msg, 8, msg + 8, 8, 3);
}
static int bytestokey_key(uint8_t *out)
{
    return rijn_evp_bytes_to_key(&rijn_hash_md5, out, 20, NULL, 0, msg, 8, NULL, 0, 1);
}
static int bytestokey_iv(uint8_t *out)
{
    return rijn_evp_bytes_to_key(&rijn_hash_md5, NULL, 0, out, 16, msg, 8, NULL, 0, 1);
}
static int scrypt_small(uint8_t *out)
{
    return rijn_scrypt(out, 40, msg, 8, msg + 8, 16, 16, 1, 1, work, sizeof work);
}
static int poly1305_long(uint8_t *out) { return rijn_poly1305(out, msg, msg + 32, 100); }
static int poly1305_check(uint8_t *out) /* verify against the good tag */
{
    uint8_t tag[16];
    int r = rijn_poly1305(tag, msg, msg + 32, 100);
    if (r != RIJN_OK)
        return r;
    r = rijn_poly1305_verify(tag, msg, msg + 32, 100);
    out[0] = r == RIJN_OK;
    return r;
}
static int chacha20_long(uint8_t *out) /* head, whole blocks, tail */
{
    rijn_chacha20_ctx c;
    int r = rijn_chacha20_init(&c, msg, msg + 32, 1);
    if (r == RIJN_OK)
        r = rijn_chacha20_update(&c, out, msg + 50, 10);
    if (r == RIJN_OK)
        r = rijn_chacha20_update(&c, out + 10, msg + 60, 140);
    rijn_chacha20_wipe(&c);
    return r;
}
static int xchacha20_long(uint8_t *out)
{
    rijn_chacha20_ctx c;
    int r = rijn_xchacha20_init(&c, msg, msg + 32, 0);
    if (r == RIJN_OK)
        r = rijn_chacha20_update(&c, out, msg + 50, 140);
    rijn_chacha20_wipe(&c);
    return r;
}
static int chacha20_djb(uint8_t *out)
{
    rijn_chacha20_ctx c;
    int r = rijn_chacha20_djb_init(&c, msg, msg + 32, 7);
    if (r == RIJN_OK)
        r = rijn_chacha20_update(&c, out, msg + 50, 70);
    rijn_chacha20_wipe(&c);
    return r;
}

/* ChaCha20-Poly1305 in every form: out is ciphertext || tag (seal) or the
 * plaintext and a last byte "RIJN_OK" (open) */
static int cp_seal(uint8_t *out, int x)
{
    rijn_chachapoly_ctx c;
    int r = x ? rijn_xchacha20poly1305_init(&c, msg, 32) : rijn_chacha20poly1305_init(&c, msg, 32);
    if (r == RIJN_OK)
        r = rijn_chacha20poly1305_seal(&c, out, out + TEXT, 16, msg + 32, x ? 24 : 12, msg + 60,
                                       AAD, msg + 100, TEXT);
    rijn_chacha20poly1305_wipe(&c);
    return r;
}
static int cp_open(uint8_t *out, int x)
{
    rijn_chachapoly_ctx c;
    int r = x ? rijn_xchacha20poly1305_init(&c, msg, 32) : rijn_chacha20poly1305_init(&c, msg, 32);
    if (r == RIJN_OK)
        r = rijn_chacha20poly1305_open(&c, out, ct + TEXT, 16, msg + 32, x ? 24 : 12, msg + 60,
                                       AAD, ct, TEXT);
    out[TEXT] = r == RIJN_OK;
    rijn_chacha20poly1305_wipe(&c);
    return r;
}
/* streaming: AAD in two parts around a (NULL, 0), text in three parts */
static int cp_stream(uint8_t *out, int x, int enc)
{
    rijn_chachapoly_ctx c;
    const uint8_t *in = enc ? msg + 100 : ct;
    int (*upd)(rijn_chachapoly_ctx *, uint8_t *, const uint8_t *, size_t) =
        enc ? rijn_chacha20poly1305_encrypt_update : rijn_chacha20poly1305_decrypt_update;
    int r = x ? rijn_xchacha20poly1305_init(&c, msg, 32) : rijn_chacha20poly1305_init(&c, msg, 32);
    if (r == RIJN_OK)
        r = rijn_chacha20poly1305_start(&c, msg + 32, x ? 24 : 12);
    if (r == RIJN_OK)
        r = rijn_chacha20poly1305_aad(&c, msg + 60, 5);
    if (r == RIJN_OK)
        r = rijn_chacha20poly1305_aad(&c, NULL, 0);
    if (r == RIJN_OK)
        r = rijn_chacha20poly1305_aad(&c, msg + 65, AAD - 5);
    if (r == RIJN_OK)
        r = upd(&c, out, in, 7);
    if (r == RIJN_OK)
        r = upd(&c, NULL, NULL, 0);
    if (r == RIJN_OK)
        r = upd(&c, out + 7, in + 7, TEXT - 7);
    if (r == RIJN_OK && enc)
        r = rijn_chacha20poly1305_encrypt_final(&c, out + TEXT, 16);
    else if (r == RIJN_OK)
        r = rijn_chacha20poly1305_decrypt_final(&c, ct + TEXT, 16);
    if (!enc)
        out[TEXT] = r == RIJN_OK;
    rijn_chacha20poly1305_wipe(&c);
    return r;
}
/* the stream with no text: the final pads the AAD itself */
static int cp_stream_aad_only(uint8_t *out)
{
    rijn_chachapoly_ctx c;
    int r = rijn_chacha20poly1305_init(&c, msg, 32);
    if (r == RIJN_OK)
        r = rijn_chacha20poly1305_start(&c, msg + 32, 12);
    if (r == RIJN_OK)
        r = rijn_chacha20poly1305_aad(&c, msg + 60, AAD);
    if (r == RIJN_OK)
        r = rijn_chacha20poly1305_encrypt_final(&c, out, 16);
    rijn_chacha20poly1305_wipe(&c);
    return r;
}
static int ietf_seal(uint8_t *out) { return cp_seal(out, 0); }
static int ietf_open(uint8_t *out) { return cp_open(out, 0); }
static int x_seal(uint8_t *out) { return cp_seal(out, 1); }
static int x_open(uint8_t *out) { return cp_open(out, 1); }
static int ietf_stream_enc(uint8_t *out) { return cp_stream(out, 0, 1); }
static int ietf_stream_dec(uint8_t *out) { return cp_stream(out, 0, 0); }
static int x_stream_enc(uint8_t *out) { return cp_stream(out, 1, 1); }
static int x_stream_dec(uint8_t *out) { return cp_stream(out, 1, 0); }
static int djb_seal(uint8_t *out)
{
    return rijn_chacha20poly1305_djb_seal(out, out + TEXT, msg, msg + 32, msg + 60, AAD,
                                          msg + 100, TEXT);
}
static int djb_open(uint8_t *out)
{
    int r = rijn_chacha20poly1305_djb_open(out, ct + TEXT, msg, msg + 32, msg + 60, AAD, ct,
                                           TEXT);
    out[TEXT] = r == RIJN_OK;
    return r;
}

static void sweep(const char *name, call_fn f, size_t out_len)
{
    uint8_t good[TEXT + 32], out[TEXT + 32];
    unsigned long n;
    unsigned swallowed = 0, wrong = 0;
    rijn_i_fault_at = 0;
    TU_CHECK(f(good) == RIJN_OK, "%s without a fault", name);
    for (n = 1; n < 100000; n++) {
        int r;
        memset(out, 0, sizeof out);
        rijn_i_fault_at = n;
        r = f(out);
        if (rijn_i_fault_at != 0) { /* fewer than n points: the sweep is done */
            TU_CHECK(r == RIJN_OK && memcmp(out, good, out_len) == 0,
                     "%s: run past the last point", name);
            break;
        }
        swallowed += r == RIJN_OK;
        wrong += memcmp(out, good, out_len) == 0;
    }
    rijn_i_fault_at = 0;
    printf("%s: %lu fault points\n", name, n - 1);
    TU_CHECK(n > 1, "%s reached no fault point", name);
    TU_CHECK(swallowed == 0, "%s: %u of %lu faults returned RIJN_OK", name, swallowed, n - 1);
    TU_CHECK(wrong == 0, "%s: %u failed calls gave the good output", name, wrong);
    TU_CHECK(f(out) == RIJN_OK && memcmp(out, good, out_len) == 0, "%s after the sweep", name);
}

int main(void)
{
    size_t i;
    for (i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 7 + 1);
    sweep("argon2id, 100-byte tag", argon2_long, 100);
    sweep("argon2i, 32-byte tag", argon2_short, 32);
    sweep("sha256", sha256_long, 32);
    sweep("sha224", sha224_long, 28);
    sweep("sha512", sha512_long, 64);
    sweep("sha384", sha384_long, 48);
    sweep("sha1", sha1_long, 20);
    sweep("md5", md5_long, 16);
    sweep("sha3-256", sha3_long, 32);
    sweep("blake2b keyed", blake2b_long, 64);
    sweep("hmac-sha256", hmac_sha256, 32);
    sweep("hkdf-sha256", hkdf_sha256, 40);
    sweep("hkdf, no output", hkdf_empty, 1);
    sweep("hkdf-expand, no output", hkdf_expand_empty, 1);
    sweep("pbkdf2-sha1", pbkdf2_sha1, 30);
    sweep("pbkdf2, no output", pbkdf2_empty, 1);
    sweep("evp_bytestokey md5", bytestokey_md5, 48);
    sweep("evp_bytestokey, key only", bytestokey_key, 20);
    sweep("evp_bytestokey, iv only", bytestokey_iv, 16);
    sweep("scrypt N=16", scrypt_small, 40);
    sweep("poly1305", poly1305_long, 16);
    sweep("poly1305 verify", poly1305_check, 1);
    sweep("chacha20", chacha20_long, 150);
    sweep("xchacha20", xchacha20_long, 140);
    sweep("chacha20 (original)", chacha20_djb, 70);
    sweep("chacha20-poly1305 seal", ietf_seal, TEXT + 16);
    TU_CHECK(ietf_seal(ct) == RIJN_OK, "chacha20-poly1305 sealed text");
    sweep("chacha20-poly1305 open", ietf_open, TEXT + 1);
    sweep("chacha20-poly1305 stream encrypt", ietf_stream_enc, TEXT + 16);
    sweep("chacha20-poly1305 stream decrypt", ietf_stream_dec, TEXT + 1);
    sweep("chacha20-poly1305 stream, AAD only", cp_stream_aad_only, 16);
    sweep("xchacha20-poly1305 seal", x_seal, TEXT + 16);
    TU_CHECK(x_seal(ct) == RIJN_OK, "xchacha20-poly1305 sealed text");
    sweep("xchacha20-poly1305 open", x_open, TEXT + 1);
    sweep("xchacha20-poly1305 stream encrypt", x_stream_enc, TEXT + 16);
    sweep("xchacha20-poly1305 stream decrypt", x_stream_dec, TEXT + 1);
    sweep("chacha20-poly1305 (original) seal", djb_seal, TEXT + 16);
    TU_CHECK(djb_seal(ct) == RIJN_OK, "original chacha20-poly1305 sealed text");
    sweep("chacha20-poly1305 (original) open", djb_open, TEXT + 1);
    return tu_finish();
}
#endif
