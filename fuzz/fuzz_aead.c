/*
 * fuzz_aead.c -- differential and tamper harness for every AEAD.
 *
 * Input: selector byte (which AEAD), key-length, nonce-length, tag-length
 * and AAD-length bytes, a 16-bit flip position, then key, nonce, AAD and
 * the plaintext (the rest). For each message:
 *   - rijn seals; where OpenSSL or libsodium has the same AEAD (GCM, CCM,
 *     OCB3, SIV: OpenSSL; ChaCha20-Poly1305 and XChaCha20-Poly1305:
 *     libsodium) the peer seals too and ciphertext and tag must match;
 *   - rijn opens its own output (in place too) and must give the
 *     plaintext back;
 *   - one bit of the ciphertext or of the tag (position from the input)
 *     is flipped: open must return RIJN_ERR_AUTH with the output all zero
 *     (for a flip in the ciphertext only with tags of 12 bytes or more:
 *     a shorter tag is forged by chance often enough to show up).
 * EAX, GCM-SIV, Ascon-AEAD128 and NORX32 have no peer here: round trip and
 * tamper only. Length errors (RIJN_ERR_NONCE_LEN, _TAG_LEN, _KEY_LEN) end
 * the input without a check: the length rules have unit tests.
 *
 * Implementation notes: one table row per AEAD with a wrapper per call,
 * contexts in one union; inputs are capped at 4 KiB of text.
 */
#include <openssl/evp.h>
#include <sodium.h>

#include "fuzz_util.h"
#include "rijn.h"

typedef union {
    rijn_gcm_ctx gcm;
    rijn_ccm_ctx ccm;
    rijn_ocb_ctx ocb;
    rijn_siv_ctx siv;
    rijn_eax_ctx eax;
    rijn_gcmsiv_ctx gcmsiv;
    rijn_chachapoly_ctx cp;
    rijn_ascon_aead128_ctx ascon;
    rijn_norx32_ctx norx;
} actx;

typedef int (*seal_fn)(const void *, uint8_t *, uint8_t *, size_t, const uint8_t *, size_t,
                       const uint8_t *, size_t, const uint8_t *, size_t);
typedef int (*open_fn)(const void *, uint8_t *, const uint8_t *, size_t, const uint8_t *,
                       size_t, const uint8_t *, size_t, const uint8_t *, size_t);

#define WRAP(x, ctxt, initf, sealf, openf)                                                   \
    static int x##_init(actx *c, const uint8_t *k, size_t kl) { return initf(&c->ctxt, k, kl); } \
    static int x##_seal(const void *c, uint8_t *o, uint8_t *t, size_t tl, const uint8_t *n,    \
                        size_t nl, const uint8_t *a, size_t al, const uint8_t *i, size_t l)    \
    {                                                                                          \
        return sealf(&((const actx *)c)->ctxt, o, t, tl, n, nl, a, al, i, l);                  \
    }                                                                                          \
    static int x##_open(const void *c, uint8_t *o, const uint8_t *t, size_t tl,                \
                        const uint8_t *n, size_t nl, const uint8_t *a, size_t al,              \
                        const uint8_t *i, size_t l)                                            \
    {                                                                                          \
        return openf(&((const actx *)c)->ctxt, o, t, tl, n, nl, a, al, i, l);                  \
    }

WRAP(gcm, gcm, rijn_gcm_init, rijn_gcm_seal, rijn_gcm_open)
WRAP(ccm, ccm, rijn_ccm_init, rijn_ccm_seal, rijn_ccm_open)
WRAP(ocb, ocb, rijn_ocb_init, rijn_ocb_seal, rijn_ocb_open)
WRAP(siv, siv, rijn_siv_init, rijn_siv_seal, rijn_siv_open)
WRAP(eax, eax, rijn_eax_init, rijn_eax_seal, rijn_eax_open)
WRAP(gcmsiv, gcmsiv, rijn_gcmsiv_init, rijn_gcmsiv_seal, rijn_gcmsiv_open)
WRAP(cp, cp, rijn_chacha20poly1305_init, rijn_chacha20poly1305_seal, rijn_chacha20poly1305_open)
static int xcp_init(actx *c, const uint8_t *k, size_t kl)
{
    return rijn_xchacha20poly1305_init(&c->cp, k, kl);
}
WRAP(ascon, ascon, rijn_ascon_aead128_init, rijn_ascon_aead128_seal, rijn_ascon_aead128_open)
WRAP(norx, norx, rijn_norx32_init, rijn_norx32_seal, rijn_norx32_open)

enum { P_NONE, P_OSSL_GCM, P_OSSL_CCM, P_OSSL_OCB, P_OSSL_SIV, P_SODIUM_CP, P_SODIUM_XCP };

typedef struct {
    const char *name;
    int (*init)(actx *, const uint8_t *, size_t);
    seal_fn seal;
    open_fn open;
    const uint8_t keys[3];   /* key lengths to pick from */
    size_t nonce_min, nonce_max, tag_min, tag_max;
    int peer;
} aead;

static const aead aeads[] = {
    {"GCM", gcm_init, gcm_seal, gcm_open, {16, 24, 32}, 1, 64, 4, 16, P_OSSL_GCM},
    {"CCM", ccm_init, ccm_seal, ccm_open, {16, 24, 32}, 7, 13, 4, 16, P_OSSL_CCM},
    {"OCB", ocb_init, ocb_seal, ocb_open, {16, 24, 32}, 1, 15, 1, 16, P_OSSL_OCB},
    {"SIV", siv_init, siv_seal, siv_open, {32, 48, 64}, 0, 32, 16, 16, P_OSSL_SIV},
    {"EAX", eax_init, eax_seal, eax_open, {16, 24, 32}, 0, 32, 1, 16, P_NONE},
    {"GCM-SIV", gcmsiv_init, gcmsiv_seal, gcmsiv_open, {16, 32, 32}, 12, 12, 16, 16, P_NONE},
    {"ChaCha20-Poly1305", cp_init, cp_seal, cp_open, {32, 32, 32}, 12, 12, 16, 16, P_SODIUM_CP},
    {"XChaCha20-Poly1305", xcp_init, cp_seal, cp_open, {32, 32, 32}, 24, 24, 16, 16, P_SODIUM_XCP},
    {"Ascon-AEAD128", ascon_init, ascon_seal, ascon_open, {16, 16, 16}, 16, 16, 16, 16, P_NONE},
    {"NORX32", norx_init, norx_seal, norx_open, {16, 16, 16}, 16, 16, 16, 16, P_NONE},
};
#define NAEADS (sizeof aeads / sizeof aeads[0])
#define TEXT_MAX 4096

static const EVP_CIPHER *ossl_cipher(int peer, size_t kl)
{
    static const char *const names[][3] = {
        {"AES-128-GCM", "AES-192-GCM", "AES-256-GCM"},
        {"AES-128-CCM", "AES-192-CCM", "AES-256-CCM"},
        {"AES-128-OCB", "AES-192-OCB", "AES-256-OCB"},
        {"AES-128-SIV", "AES-192-SIV", "AES-256-SIV"}};
    static EVP_CIPHER *cache[4][3];
    size_t row = (size_t)(peer - P_OSSL_GCM);
    size_t col = peer == P_OSSL_SIV ? kl / 16 - 2 : kl / 8 - 2;
    if (cache[row][col] == NULL)
        cache[row][col] = EVP_CIPHER_fetch(NULL, names[row][col], NULL);
    return cache[row][col];
}

/* The peer's ciphertext and tag; 0 on success. */
static int ossl_seal(int peer, const uint8_t *key, size_t kl, const uint8_t *n, size_t nl,
                     const uint8_t *a, size_t al, const uint8_t *p, size_t pl, uint8_t *c,
                     uint8_t *tag, size_t tl)
{
    const EVP_CIPHER *ci = ossl_cipher(peer, kl);
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int ol = 0, ok;
    FZ_ASSERT(ci != NULL && x != NULL, "OpenSSL lacks a cipher");
    if (peer == P_OSSL_SIV) {
        ok = EVP_EncryptInit_ex2(x, ci, key, NULL, NULL) == 1 &&
             EVP_EncryptUpdate(x, NULL, &ol, a, (int)al) == 1;
        if (ok && nl > 0)
            ok = EVP_EncryptUpdate(x, NULL, &ol, n, (int)nl) == 1;
    } else {
        ok = EVP_EncryptInit_ex(x, ci, NULL, NULL, NULL) == 1 &&
             EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, (int)nl, NULL) == 1;
        if (ok && peer != P_OSSL_GCM)
            ok = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, (int)tl, NULL) == 1;
        ok = ok && EVP_EncryptInit_ex(x, NULL, NULL, key, n) == 1;
        if (ok && peer == P_OSSL_CCM)
            ok = EVP_EncryptUpdate(x, NULL, &ol, NULL, (int)pl) == 1;
        if (ok && (al > 0 || peer == P_OSSL_CCM))
            ok = EVP_EncryptUpdate(x, NULL, &ol, a, (int)al) == 1;
    }
    ok = ok && EVP_EncryptUpdate(x, c, &ol, p, (int)pl) == 1 &&
         EVP_EncryptFinal_ex(x, c + ol, &ol) == 1 &&
         EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, (int)tl, tag) == 1;
    EVP_CIPHER_CTX_free(x);
    return ok ? 0 : -1;
}

static int peer_seal(int peer, const uint8_t *key, size_t kl, const uint8_t *n, size_t nl,
                     const uint8_t *a, size_t al, const uint8_t *p, size_t pl, uint8_t *c,
                     uint8_t *tag, size_t tl)
{
    unsigned long long ml = 0;
    if (peer == P_SODIUM_CP)
        return crypto_aead_chacha20poly1305_ietf_encrypt_detached(c, tag, &ml, p, pl, a, al,
                                                                  NULL, n, key);
    if (peer == P_SODIUM_XCP)
        return crypto_aead_xchacha20poly1305_ietf_encrypt_detached(c, tag, &ml, p, pl, a, al,
                                                                   NULL, n, key);
    return ossl_seal(peer, key, kl, n, nl, a, al, p, pl, c, tag, tl);
}

static int is_len_error(int r)
{
    return r == RIJN_ERR_NONCE_LEN || r == RIJN_ERR_TAG_LEN || r == RIJN_ERR_KEY_LEN;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t ct[TEXT_MAX], pt2[TEXT_MAX], pc[TEXT_MAX];
    fz_in in = {data, size};
    const aead *A = &aeads[fz_byte(&in) % NAEADS];
    size_t kl = A->keys[fz_byte(&in) % 3];
    size_t nl = A->nonce_min + fz_byte(&in) % (A->nonce_max - A->nonce_min + 1);
    size_t tl = A->tag_min + fz_byte(&in) % (A->tag_max - A->tag_min + 1);
    size_t al, pl, flip;
    unsigned fpos = fz_u16(&in);
    uint8_t key[64], nonce[64], tag[16], ptag[16];
    const uint8_t *aad, *pt;
    actx c;
    int r;
    al = fz_byte(&in);
    fz_fill(&in, key, kl);
    fz_fill(&in, nonce, nl);
    aad = fz_take(&in, al, &al);
    pt = fz_rest(&in, &pl);
    if (pl > TEXT_MAX)
        pl = TEXT_MAX;
    if (sodium_init() < 0)
        abort();

    r = A->init(&c, key, kl);
    if (is_len_error(r))
        return 0;
    FZ_ASSERT(r == RIJN_OK, "%s init: %d", A->name, r);
    r = A->seal(&c, ct, tag, tl, nonce, nl, aad, al, pt, pl);
    if (is_len_error(r))
        return 0;
    FZ_ASSERT(r == RIJN_OK, "%s seal: %d", A->name, r);

    /* OpenSSL 3.0's SIV final fails on an empty plaintext: no peer then */
    if (A->peer != P_NONE && !(A->peer == P_OSSL_SIV && pl == 0)) {
        FZ_ASSERT(peer_seal(A->peer, key, kl, nonce, nl, aad, al, pt, pl, pc, ptag, tl) == 0,
                  "%s: peer refused kl %zu nl %zu tl %zu", A->name, kl, nl, tl);
        FZ_ASSERT(memcmp(ct, pc, pl) == 0, "%s: ciphertext differs from the peer's", A->name);
        FZ_ASSERT(memcmp(tag, ptag, tl) == 0, "%s: tag differs from the peer's", A->name);
    }

    memset(pt2, 0xa5, pl);
    r = A->open(&c, pt2, tag, tl, nonce, nl, aad, al, ct, pl);
    FZ_ASSERT(r == RIJN_OK && memcmp(pt2, pt, pl) == 0, "%s: round trip failed (%d)", A->name,
              r);
    memcpy(pt2, ct, pl); /* in place */
    r = A->open(&c, pt2, tag, tl, nonce, nl, aad, al, pt2, pl);
    FZ_ASSERT(r == RIJN_OK && memcmp(pt2, pt, pl) == 0, "%s: in-place open failed (%d)",
              A->name, r);

    /* one bit of ciphertext or tag flipped: rejected, output all zero */
    flip = fpos % (8 * (pl + tl));
    if (flip < 8 * pl)
        ct[flip / 8] ^= (uint8_t)(1u << (flip % 8));
    else
        tag[(flip - 8 * pl) / 8] ^= (uint8_t)(1u << (flip % 8));
    memset(pt2, 0xa5, pl);
    r = A->open(&c, pt2, tag, tl, nonce, nl, aad, al, ct, pl);
    /* a changed tag must fail; a changed ciphertext fails but with
     * probability 2^-(8 tl) (forgery by chance): checked from 12 bytes */
    if (flip >= 8 * pl || tl >= 12)
        FZ_ASSERT(r == RIJN_ERR_AUTH, "%s: flipped bit %zu accepted (%d)", A->name, flip, r);
    if (r != RIJN_OK)
        FZ_ASSERT(fz_all_zero(pt2, pl), "%s: output not wiped after a failed open", A->name);
    return 0;
}
