/*
 * peer_gcrypt.c -- libgcrypt (gcry_cipher / gcry_mac / gcry_md).
 *
 * Implementation notes
 *   One cipher handle keyed in init; each message sets the IV (setctr for
 *   CTR), the CCM lengths, the AAD, then encrypts and reads the tag. OCB and
 *   GCM-SIV mark the last call with gcry_cipher_final; GCM-SIV also needs
 *   gcry_cipher_reset before the next message (setiv alone is refused). CMAC is
 *   GCRY_MAC_CMAC_AES restarted with gcry_mac_reset. Key setup rows time
 *   gcry_cipher_setkey alone: libgcrypt derives the decryption schedule
 *   lazily, at the first decryption, so its "dec" row is the same work as its
 *   "enc" row (said in the report). The string case pads by hand.
 *   Narrowed CPUs (scripts/bench.sh group "narrow"): BENCH_GCRYPT_HWF_DENY
 *   is a colon-separated list of libgcrypt hardware-feature names
 *   ("intel-avx2:intel-vaes-vpclmul") disabled with GCRYCTL_DISABLE_HWF
 *   before the first gcry_check_version, which is the only moment
 *   libgcrypt accepts it; the features left are printed as meta
 *   "libgcrypt_hwf" so the report shows what libgcrypt ran with.
 */
#include "bench.h"

#include <gcrypt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct gstate {
    gcry_cipher_hd_t h;
    gcry_mac_hd_t m;
} gstate;

/* The first call into libgcrypt: apply BENCH_GCRYPT_HWF_DENY, then
 * initialise. Every entry point goes through here. */
static const char *g_start(void)
{
    static int started;
    if (!started) {
        const char *deny = getenv("BENCH_GCRYPT_HWF_DENY");
        char name[64];
        while (deny != NULL && *deny != '\0') {
            size_t n = strcspn(deny, ":");
            if (n > 0 && n < sizeof name) {
                memcpy(name, deny, n);
                name[n] = '\0';
                /* a name this libgcrypt does not know is a feature it
                 * has no code for: nothing to disable */
                (void)gcry_control(GCRYCTL_DISABLE_HWF, name, NULL);
            }
            deny += n + (deny[n] == ':');
        }
        started = 1;
    }
    return gcry_check_version(NULL);
}

static const char *g_version(void)
{
    return g_start();
}

/* the hardware features libgcrypt uses ("hwflist:intel-aesni:...") */
const char *bench_gcrypt_hwf(void)
{
    static char buf[512];
    char *s;
    g_start();
    s = gcry_get_config(0, "hwflist");
    snprintf(buf, sizeof buf, "%s", s != NULL ? s : "?");
    gcry_free(s);
    return buf;
}

static int g_mode(int op)
{
    switch (op) {
    case OP_CTR: return GCRY_CIPHER_MODE_CTR;
    case OP_CFB_ENC: case OP_CFB_DEC: return GCRY_CIPHER_MODE_CFB;
    case OP_OFB: return GCRY_CIPHER_MODE_OFB;
    case OP_CBC_ENC: case OP_CBC_DEC: case OP_STRING: return GCRY_CIPHER_MODE_CBC;
    case OP_ECB_ENC: case OP_KEY_ENC: case OP_KEY_DEC: return GCRY_CIPHER_MODE_ECB;
    case OP_XTS_ENC: case OP_XTS_DEC: return GCRY_CIPHER_MODE_XTS;
    case OP_GCM_SEAL: case OP_GCM_OPEN: return GCRY_CIPHER_MODE_GCM;
    case OP_CCM_SEAL: return GCRY_CIPHER_MODE_CCM;
    case OP_OCB_SEAL: return GCRY_CIPHER_MODE_OCB;
    case OP_GCMSIV_SEAL: case OP_GCMSIV_OPEN: return GCRY_CIPHER_MODE_GCM_SIV;
    case OP_CHAPOLY_SEAL: case OP_CHAPOLY_OPEN: return GCRY_CIPHER_MODE_POLY1305;
    default: return -1;
    }
}

static int g_init(bench_ctx *c)
{
    static int once;
    if (!once) {
        g_start();
        gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
        gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
        once = 1;
    }
    gstate *s = calloc(1, sizeof *s);
    c->st = s;
    size_t kl = c->kbits / 8;
    int algo = c->kbits == 128 ? GCRY_CIPHER_AES128 : GCRY_CIPHER_AES256;
    if (c->op == OP_SHA256 || c->op == OP_SHA512 || c->op == OP_SHA3_256 || c->op == OP_X25519)
        return BENCH_OK;
    if (c->op == OP_CMAC) {
        if (gcry_mac_open(&s->m, GCRY_MAC_CMAC_AES, 0, NULL))
            return -1;
        return gcry_mac_setkey(s->m, c->key, kl) ? -1 : BENCH_OK;
    }
    int mode = g_mode(c->op);
    if (mode < 0)
        return BENCH_NA;
    if (c->op == OP_CHAPOLY_SEAL || c->op == OP_CHAPOLY_OPEN)
        algo = GCRY_CIPHER_CHACHA20;
    if (gcry_cipher_open(&s->h, algo, mode, 0))
        return -1;
    if (c->op == OP_XTS_ENC || c->op == OP_XTS_DEC)
        kl *= 2;
    if (c->op != OP_KEY_ENC && c->op != OP_KEY_DEC && c->op != OP_STRING &&
        gcry_cipher_setkey(s->h, c->key, kl))
        return -1;
    return BENCH_OK;
}

static int g_aead(gstate *s, bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    size_t n = c->len;
    int siv = c->op == OP_GCMSIV_SEAL || c->op == OP_GCMSIV_OPEN;
    if (siv && gcry_cipher_reset(s->h)) /* a message ends it */
        return -1;
    if (gcry_cipher_setiv(s->h, c->iv, 12))
        return -1;
    if (c->op == OP_CCM_SEAL) {
        uint64_t p[3] = {n, BENCH_AAD_LEN, 16};
        if (gcry_cipher_ctl(s->h, GCRYCTL_SET_CCM_LENGTHS, p, sizeof p))
            return -1;
    }
    if (gcry_cipher_authenticate(s->h, c->aad, BENCH_AAD_LEN))
        return -1;
    if ((c->op == OP_OCB_SEAL || siv) && gcry_cipher_final(s->h))
        return -1;
    /* GCM-SIV's tag is its IV: given before the decryption, checked by it */
    if (c->op == OP_GCMSIV_OPEN)
        return gcry_cipher_set_decryption_tag(s->h, c->tag, 16) ||
               gcry_cipher_decrypt(s->h, out, n, in, n) ? -1 : 0;
    if (c->op == OP_GCM_OPEN || c->op == OP_CHAPOLY_OPEN)
        return gcry_cipher_decrypt(s->h, out, n, in, n) ||
               gcry_cipher_checktag(s->h, c->tag, 16) ? -1 : 0;
    if (gcry_cipher_encrypt(s->h, out, n, in, n))
        return -1;
    return gcry_cipher_gettag(s->h, out + n, 16) ? -1 : 0;
}

static int g_string(gstate *s, bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    uint8_t tmp[64];
    size_t l = bench_pkcs7_pad(out, in, BENCH_STRING_LEN);
    if (gcry_cipher_setkey(s->h, c->key, 16) || gcry_cipher_setiv(s->h, c->iv, 16) ||
        gcry_cipher_encrypt(s->h, out, l, NULL, 0))
        return -1;
    if (gcry_cipher_setkey(s->h, c->key, 16) || gcry_cipher_setiv(s->h, c->iv, 16) ||
        gcry_cipher_decrypt(s->h, tmp, l, out, l) ||
        bench_pkcs7_unpad_len(tmp, l) != BENCH_STRING_LEN)
        return -1;
    memcpy(out + 64, tmp, BENCH_STRING_LEN);
    return 0;
}

static int g_run(bench_ctx *c, uint8_t *out, const uint8_t *in)
{
    gstate *s = c->st;
    size_t n = c->len, tl = 16;
    switch (c->op) {
    case OP_CTR:
        return gcry_cipher_setctr(s->h, c->iv, 16) || gcry_cipher_encrypt(s->h, out, n, in, n);
    case OP_CBC_ENC: case OP_XTS_ENC: case OP_CFB_ENC: case OP_OFB:
        return gcry_cipher_setiv(s->h, c->iv, 16) || gcry_cipher_encrypt(s->h, out, n, in, n);
    case OP_CBC_DEC: case OP_CFB_DEC: case OP_XTS_DEC:
        return gcry_cipher_setiv(s->h, c->iv, 16) || gcry_cipher_decrypt(s->h, out, n, in, n);
    case OP_ECB_ENC:
        return gcry_cipher_encrypt(s->h, out, n, in, n) ? -1 : 0;
    case OP_GCM_SEAL: case OP_GCM_OPEN: case OP_CCM_SEAL: case OP_OCB_SEAL:
    case OP_GCMSIV_SEAL: case OP_GCMSIV_OPEN: case OP_CHAPOLY_SEAL: case OP_CHAPOLY_OPEN:
        return g_aead(s, c, out, in);
    case OP_CMAC:
        return gcry_mac_reset(s->m) || gcry_mac_write(s->m, in, n) ||
               gcry_mac_read(s->m, out, &tl) ? -1 : 0;
    case OP_SHA256: gcry_md_hash_buffer(GCRY_MD_SHA256, out, in, n); return 0;
    case OP_SHA512: gcry_md_hash_buffer(GCRY_MD_SHA512, out, in, n); return 0;
    case OP_SHA3_256: gcry_md_hash_buffer(GCRY_MD_SHA3_256, out, in, n); return 0;
    case OP_X25519:
        return gcry_ecc_mul_point(GCRY_ECC_CURVE25519, out, c->key, c->key + 32) ? -1 : 0;
    case OP_KEY_ENC: case OP_KEY_DEC:
        if (gcry_cipher_setkey(s->h, c->key, c->kbits / 8))
            return -1;
        if (!c->check)
            return 0;
        return (c->op == OP_KEY_ENC ? gcry_cipher_encrypt(s->h, out, 16, in, 16)
                                    : gcry_cipher_decrypt(s->h, out, 16, in, 16)) ? -1 : 0;
    case OP_STRING:
        return g_string(s, c, out, in);
    default:
        return -1;
    }
}

static void g_fini(bench_ctx *c)
{
    gstate *s = c->st;
    if (s) {
        if (s->h)
            gcry_cipher_close(s->h);
        if (s->m)
            gcry_mac_close(s->m);
        free(s);
    }
    c->st = NULL;
}

const bench_lib bench_lib_gcrypt = {"libgcrypt", NULL, g_version, g_init, g_run, g_fini};
