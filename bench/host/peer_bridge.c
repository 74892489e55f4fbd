/*
 * peer_bridge.c -- the peers that both harnesses measure (BearSSL, Mbed
 * TLS, tiny-AES-c: one adapter each, bench/peers/<peer>.c behind
 * bench/peers/peer.h) as bench_lib entries of the host harness.
 *
 * Implementation notes
 *   scripts/bench.sh builds each adapter once per configuration (BearSSL:
 *   5 AES classes x 2 key sizes; Mbed TLS and tiny-AES-c: 2 key sizes),
 *   each exporting a peer_ops table under its own prefix; a peer_set lists
 *   a library's tables. init() picks the table of the row's key size and
 *   variant (the library's variants are its AES classes), checks that the
 *   CPU can run it (avail), and sets the row's key up; run() is one whole
 *   message as bench.h says: a library with separate in and out buffers
 *   (Mbed TLS) runs its own out-of-place call through message_io; for the
 *   others, whose APIs work in place (BearSSL, tiny-AES-c), the input is
 *   copied to out (timed, as it was in their own adapters) and the
 *   in-place entries are called. Operations that are not AES
 *   (ChaCha20-Poly1305, SHA-2, X25519) run once per library, from the
 *   first table that has them, reported without a variant. A NULL entry is
 *   an operation the library lacks (BENCH_NA).
 */
#include "bench.h"
#include "peer.h"

#include <stdint.h>
#include <string.h>

typedef struct peer_set {
    const char *const *variants; /* NULL, or the AES classes */
    const peer_ops *const *inst; /* NULL-terminated */
} peer_set;

static int not_aes(int op)
{
    return op == OP_CHAPOLY_SEAL || op == OP_SHA256 || op == OP_SHA512 || op == OP_X25519;
}

static int has(const peer_ops *o, int op)
{
    switch (op) {
    case OP_CTR: return o->ctr_setup && o->ctr;
    case OP_CBC_ENC: return o->setup_enc && o->cbc_enc;
    case OP_CBC_DEC: return o->setup_dec && o->cbc_dec;
    case OP_ECB_ENC: return o->setup_enc && o->ecb_enc;
    case OP_XTS_ENC: return o->xts_setup && o->xts_enc;
    case OP_XTS_DEC: return o->xts_setup_dec && o->xts_dec;
    case OP_GCM_SEAL: return o->gcm_setup && o->gcm_start && o->gcm_update && o->gcm_final;
    case OP_GCM_OPEN: return o->gcm_setup && o->gcm_open;
    case OP_CCM_SEAL: return o->ccm_setup && o->ccm_seal;
    case OP_CMAC: return o->cmac_setup && o->cmac;
    case OP_CHAPOLY_SEAL: return o->chapoly_setup && o->chapoly_seal;
    case OP_SHA256: return o->sha256 != NULL;
    case OP_SHA512: return o->sha512 != NULL;
    case OP_X25519: return o->x25519_setup && o->x25519;
    case OP_KEY_ENC: return o->setup_enc && o->enc_block;
    case OP_KEY_DEC: return o->setup_dec && o->dec_block;
    case OP_STRING: return o->setup_encdec && o->cbc_enc && o->cbc_dec;
    default: return 0;
    }
}

static const peer_ops *pick(const peer_set *s, const bench_ctx *c)
{
    for (const peer_ops *const *p = s->inst; *p; p++) {
        const peer_ops *o = *p;
        if (!has(o, c->op))
            continue;
        if (not_aes(c->op))
            return o;
        if (o->kbits == c->kbits &&
            (c->variant == NULL || (o->variant && strcmp(o->variant, c->variant) == 0)))
            return o;
    }
    return NULL;
}

static int setup(const peer_ops *o, const bench_ctx *c)
{
    switch (c->op) {
    case OP_CTR: return o->ctr_setup(c->key);
    case OP_CBC_ENC: case OP_ECB_ENC: return o->setup_enc(c->key);
    case OP_CBC_DEC: return o->setup_dec(c->key);
    case OP_GCM_SEAL: case OP_GCM_OPEN: return o->gcm_setup(c->key);
    case OP_XTS_ENC: return o->xts_setup(c->key);
    case OP_XTS_DEC: return o->xts_setup_dec(c->key);
    case OP_CCM_SEAL: return o->ccm_setup(c->key);
    case OP_CMAC: return o->cmac_setup(c->key);
    case OP_CHAPOLY_SEAL: return o->chapoly_setup(c->key);
    case OP_X25519: return o->x25519_setup(c->key);
    default: return 0; /* key setup and the string case set up when they run */
    }
}

static int bridge_init(const peer_set *s, bench_ctx *c)
{
    const peer_ops *o;
    c->st = NULL;
    if (not_aes(c->op) && s->variants && strcmp(c->variant, s->variants[0]) != 0)
        return BENCH_NA;
    o = pick(s, c);
    if (o == NULL || (!not_aes(c->op) && o->avail && o->avail() != 0))
        return BENCH_NA;
    if (not_aes(c->op))
        c->variant = NULL;
    c->st = (void *)(uintptr_t)o;
    return o->init() != 0 || setup(o, c) != 0 ? -1 : BENCH_OK;
}

static int string_case(const peer_ops *o, const bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    uint8_t tmp[64];
    size_t l = bench_pkcs7_pad(out, in, BENCH_STRING_LEN);
    if (o->setup_encdec(c->key) != 0 || o->cbc_enc(c->iv, out, l) != 0)
        return -1;
    memcpy(tmp, out, l);
    if (o->cbc_dec(c->iv, tmp, l) != 0 || bench_pkcs7_unpad_len(tmp, l) != BENCH_STRING_LEN)
        return -1;
    memcpy(out + 64, tmp, BENCH_STRING_LEN);
    return 0;
}

static int key_case(const peer_ops *o, const bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    int dec = c->op == OP_KEY_DEC;
    if ((dec ? o->setup_dec(c->key) : o->setup_enc(c->key)) != 0)
        return -1;
    if (!c->check)
        return 0;
    memcpy(out, in, 16);
    return dec ? o->dec_block(out) : o->enc_block(out);
}

static int bridge_run(bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    const peer_ops *o = c->st;
    size_t n = c->len;
    int r;
    switch (c->op) {
    case OP_CMAC: return o->cmac(in, n, out);
    case OP_SHA256: return o->sha256(in, n, out);
    case OP_SHA512: return o->sha512(in, n, out);
    case OP_X25519: return o->x25519(out);
    case OP_KEY_ENC: case OP_KEY_DEC: return key_case(o, c, out, in);
    case OP_STRING: return string_case(o, c, out, in);
    default: break;
    }
    if (o->message_io != NULL &&
        (r = o->message_io(c->op, c->iv, c->aad, BENCH_AAD_LEN, in, out, n, c->tag)) !=
            PEER_IO_NONE)
        return r;
    memcpy(out, in, n);
    switch (c->op) {
    case OP_CTR: return o->ctr(c->iv, out, n);
    case OP_CBC_ENC: return o->cbc_enc(c->iv, out, n);
    case OP_CBC_DEC: return o->cbc_dec(c->iv, out, n);
    case OP_ECB_ENC: return o->ecb_enc(out, n / 16);
    case OP_XTS_ENC: return o->xts_enc(c->iv, out, n);
    case OP_XTS_DEC: return o->xts_dec(c->iv, out, n);
    case OP_GCM_SEAL:
        r = o->gcm_start(c->iv, c->aad, BENCH_AAD_LEN);
        if (r == 0)
            r = o->gcm_update(out, n);
        return r == 0 ? o->gcm_final(out + n) : r;
    case OP_GCM_OPEN: return o->gcm_open(c->iv, c->aad, BENCH_AAD_LEN, out, n, c->tag);
    case OP_CCM_SEAL: return o->ccm_seal(c->iv, c->aad, BENCH_AAD_LEN, out, n);
    case OP_CHAPOLY_SEAL: return o->chapoly_seal(c->iv, c->aad, BENCH_AAD_LEN, out, n);
    default: return -1;
    }
}

static void bridge_fini(bench_ctx *c)
{
    const peer_ops *o = c->st;
    if (o && o->fini)
        o->fini();
    c->st = NULL;
}

/* One bench_lib per library; the adapters' tables are named
 * <PEER_PREFIX>ops by scripts/bench.sh. */
#define PEER_LIB(lib, name, variants, inst)                                       \
    static const peer_set lib##_set = {variants, inst};                          \
    static int lib##_init(bench_ctx *c) { return bridge_init(&lib##_set, c); }   \
    static const char *lib##_version(void) { return inst[0]->version(); }        \
    const bench_lib bench_lib_##lib = {name, variants, lib##_version, lib##_init, \
                                       bridge_run, bridge_fini}

#ifdef BENCH_HAVE_BEARSSL
#define BR_TABLES(v) extern const peer_ops bearssl_##v##_128_ops, bearssl_##v##_256_ops;
BR_TABLES(x86ni)
BR_TABLES(ct64)
BR_TABLES(ct)
BR_TABLES(big)
BR_TABLES(small)
static const char *const br_variants[] = {"x86ni", "ct64", "ct", "big", "small", NULL};
static const peer_ops *const br_inst[] = {
    &bearssl_x86ni_128_ops, &bearssl_x86ni_256_ops, &bearssl_ct64_128_ops,
    &bearssl_ct64_256_ops, &bearssl_ct_128_ops, &bearssl_ct_256_ops, &bearssl_big_128_ops,
    &bearssl_big_256_ops, &bearssl_small_128_ops, &bearssl_small_256_ops, NULL};
PEER_LIB(bearssl, "BearSSL", br_variants, br_inst);
#endif

#ifdef BENCH_HAVE_MBEDTLS
extern const peer_ops mbedtls_128_ops, mbedtls_256_ops;
static const peer_ops *const mb_inst[] = {&mbedtls_128_ops, &mbedtls_256_ops, NULL};
PEER_LIB(mbedtls, "Mbed TLS", NULL, mb_inst);
#endif

#ifdef BENCH_HAVE_TINY
extern const peer_ops tiny128_ops, tiny256_ops;
static const peer_ops *const ty_inst[] = {&tiny128_ops, &tiny256_ops, NULL};
PEER_LIB(tiny, "tiny-AES-c", NULL, ty_inst);
#endif
