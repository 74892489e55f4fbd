/*
 * test_gcmsiv_stitch.c -- AES-GCM-SIV opening with CTR and POLYVAL in one
 * pass (rijn_i_gcmsiv_open_stitch: the VAES-512 kernel,
 * gcmsiv_stitch_vaes512.c, the VAES-256 one, gcm_stitch_vaes256.c, the
 * AES-NI one, gcm_stitch_x86.c, the AArch64 AES-CE + PMULL one,
 * gcm_stitch_arm.c) against the two passes it replaces:
 *   - the kernel itself, on every AES class x every GHASH class, AES-128,
 *     192 and 256: block counts around the thresholds (VAES-512: 64-block
 *     iterations from 256 blocks: 63..65, 127..129, 191, 192, 255..257,
 *     319..321, longer; VAES-256: 16-block ones from 32: 15..17, 31..33,
 *     47..49; AES-NI and AArch64: 8-block ones from 8: 7..9, 15..17), counters
 *     starting at 0xFFFFFFFF - k in dword 0 (wrapping mod 2^32 inside the
 *     CTR-only first 64 blocks, inside an iteration and at its edges) and
 *     random ones, in place and apart, input and output at unaligned
 *     offsets, a non-zero POLYVAL state coming in (as after the AAD):
 *     output, POLYVAL state and counter equal rijn_i_aead_ctr (LE32) plus
 *     rijn_i_polyval_blocks on the ct64 (or ct32) class for the blocks it
 *     did, then the same two passes for the rest;
 *   - rijn_gcmsiv_open of messages sealed by the two-pass sealing on a
 *     ct64 context (an independent POLYVAL): text lengths around the
 *     thresholds (1023..1025, 2047..2049, 4095..4097, 16 KiB +- 1, 17, ...), AAD of
 *     0..100 bytes, unaligned, in place; a flipped tag bit fails and zeroes
 *     the output;
 * then again (fork + exec) with RIJN_CPU_MASK hiding AVX-512, VAES /
 * VPCLMULQDQ, AVX and everything (the two-pass path, same answers; on
 * AArch64 scripts/test-aarch64.sh's second run, AES and PMULL masked). The
 * counter wrap needs the internal entry: a tag whose first word is within
 * a message of 2^32 cannot be had from the public API. OpenSSL 3.0 (the
 * differential peer here) has no GCM-SIV; test_gcmsiv.c runs Python's
 * cryptography when present.
 */
#include <stdlib.h>
#include <string.h>

#include "aead/gcm_i.h"
#include "core/cpu.h"
#include "test_gcm_util.h"
#include "rijn/gcmsiv.h"

#define NMAX 1100 /* blocks */

typedef struct {
    uint8_t *in, *out, *want;
    const char *aes;
    unsigned ran; /* calls where the kernel did blocks */
} bufs;

static const rijn_i_ghash_impl *ref_class(void)
{
    const rijn_i_ghash_impl *g;
    if (rijn_i_ghash_get("ct64", &g) == RIJN_OK)
        return g;
    return rijn_i_ghash_get("ct32", &g) == RIJN_OK ? g : NULL;
}

/* One call: n blocks, counter word c0, input at +io, output at +oo (or in
 * place), key size kl, GHASH class gh. */
static void one(bufs *b, const rijn_i_ghash_impl *gh, size_t kl, size_t n, uint32_t c0,
                size_t io, size_t oo, int inplace)
{
    const rijn_i_ghash_impl *ref = ref_class();
    uint8_t key[32], h[16], ctr[16], rctr[16], s[16], rs[16], *in = b->in + io;
    uint8_t *out = inplace ? in : b->out + oo;
    uint64_t hk[RIJN_GCM_HKEY_WORDS], rhk[RIJN_GCM_HKEY_WORDS];
    rijn_aes_ctx aes;
    char what[160];
    size_t d = 0;
    snprintf(what, sizeof what, "%s/%s AES-%u n %u ctr %08x in +%u out %s+%u", b->aes,
             gh->base.name, (unsigned)(8 * kl), (unsigned)n, (unsigned)c0, (unsigned)io,
             inplace ? "in place " : "", (unsigned)oo);
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(h, 16);
    tu_rand_bytes(ctr, 16);
    tu_rand_bytes(s, 16);
    tu_rand_bytes(in, 16 * n);
    rijn_store32_le(ctr, c0);
    ctr[15] |= 0x80;
    memcpy(rctr, ctr, 16);
    memcpy(rs, s, 16);
    TU_CHECK(rijn_aes_init_enc(&aes, key, kl) == RIJN_OK, "%s: key", what);
    /* the reference: the two passes on an independent POLYVAL class */
    rijn_i_aead_ctr(&aes, RIJN_I_CTR_LE32, rctr, b->want, in, n);
    rijn_i_polyval_setkey(ref, rhk, h, n);
    rijn_i_polyval_blocks(ref, rhk, rs, b->want, n);
    rijn_i_polyval_setkey(gh, hk, h, n);
#if RIJN_I_HAVE_GCMSIV_STITCH
    d = rijn_i_gcmsiv_open_stitch(&aes, gh, hk, s, ctr, out, in, n);
#endif
    TU_CHECK(d <= n && d % 8 == 0, "%s: %u blocks done", what, (unsigned)d);
    if (d > n)
        d = n;
    b->ran += d != 0;
    rijn_i_aead_ctr(&aes, RIJN_I_CTR_LE32, ctr, out + 16 * d, in + 16 * d, n - d);
    rijn_i_polyval_blocks(gh, hk, s, out + 16 * d, n - d);
    TU_EQ(out, b->want, 16 * n, what);
    TU_EQ(s, rs, 16, what);
    TU_EQ(ctr, rctr, 16, what);
    rijn_aes_wipe(&aes);
}

static void kernel_gh(const char *name, void *arg)
{
    static const size_t ns[] = {1,   7,   8,   9,   15,  16,  17,  31,  32,  33,  47,  48,  49,  63,  64,
                                65,  127, 128, 129, 191, 192, 255, 256, 257, 319, 320, 321,
                                383, 449, 512, 1024, 1089};
    static const uint32_t wraps[] = {0xFFFFFFFFu, 0xFFFFFFFEu, 0xFFFFFFC1u, 0xFFFFFFC0u,
                                     0xFFFFFFBFu, 0xFFFFFF81u, 0xFFFFFF80u, 0xFFFFFF7Fu,
                                     0xFFFFFF40u, 0xFFFFFF23u, 0xFFFFFE01u, 0x7FFFFFF0u};
    const rijn_i_ghash_impl *gh;
    bufs *b = (bufs *)arg;
    size_t i, k;
    if (rijn_i_ghash_get(name, &gh) != RIJN_OK)
        return;
    for (k = 16; k <= 32; k += 8)
        for (i = 0; i < sizeof ns / sizeof ns[0]; i++) {
            uint32_t c0 = (uint32_t)tu_rand64();
            one(b, gh, k, ns[i], c0, 0, 0, 0);
            one(b, gh, k, ns[i], c0, 1 + i % 15, 3 + i % 61, 0);
            one(b, gh, k, ns[i], c0, 7 + i, 0, 1);
        }
    for (i = 0; i < sizeof wraps / sizeof wraps[0]; i++)
        for (k = 16; k <= 32; k += 16) {
            one(b, gh, k, 256 + 64 * (i % 3) + i % 2, wraps[i], 0, 0, 0);
            one(b, gh, k, 256, wraps[i], 5, 0, 1);
            one(b, gh, k, 257, wraps[i], 3, 9, 0);
            one(b, gh, k, 33 + 16 * (i % 4), wraps[i], 1, 2, 0);
        }
}

/* Sealed on a ct64 (two-pass) context, opened on the default one. */
static void api_lengths(bufs *b, size_t kl)
{
    static const size_t lens[] = {0,    1,    15,   16,    17,    1007,  1023,  1024,  1025,
                                  1039, 1040, 2047, 2048,  2049,  3071,  3072,  3073,  4095,
                                  4096, 4097, 4111, 5121,  16383, 16384, 16385, 16401, 17407,
                                  17408};
    static const size_t aads[] = {0, 1, 12, 16, 17, 100};
    size_t i;
    for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        size_t len = lens[i], al = aads[i % 6], off = i % 5, r;
        uint8_t key[32], nonce[12], aad[100], tag[16];
        rijn_gcmsiv_ctx seal, open;
        char what[128];
        snprintf(what, sizeof what, "%s AES-%u open len %u aad %u at +%u", b->aes,
                 (unsigned)(8 * kl), (unsigned)len, (unsigned)al, (unsigned)off);
        tu_rand_bytes(key, sizeof key);
        tu_rand_bytes(nonce, 12);
        tu_rand_bytes(aad, sizeof aad);
        tu_rand_bytes(b->want, len);
        TU_CHECK(rijn_gcmsiv_init(&seal, key, kl) == RIJN_OK &&
                     rijn_i_gcmsiv_use_ghash(&seal, ref_class()->base.name) == RIJN_OK &&
                     rijn_gcmsiv_init(&open, key, kl) == RIJN_OK,
                 "%s: init", what);
        TU_CHECK(rijn_gcmsiv_seal(&seal, b->in + off, tag, 16, nonce, 12, aad, al, b->want,
                                  len) == RIJN_OK,
                 "%s: seal", what);
        /* apart, unaligned */
        TU_CHECK(rijn_gcmsiv_open(&open, b->out + 3, tag, 16, nonce, 12, aad, al, b->in + off,
                                  len) == RIJN_OK,
                 "%s: open", what);
        TU_EQ(b->out + 3, b->want, len, what);
        /* a flipped tag bit: fails, output zeroed */
        tag[i % 16] ^= (uint8_t)(1u << (i % 8));
        TU_CHECK(rijn_gcmsiv_open(&open, b->out + 2, tag, 16, nonce, 12, aad, al, b->in + off,
                                  len) == RIJN_ERR_AUTH,
                 "%s: forged tag accepted", what);
        for (r = 0; r < len; r++)
            if (b->out[2 + r] != 0)
                break;
        TU_CHECK(r == len, "%s: output not zeroed", what);
        tag[i % 16] ^= (uint8_t)(1u << (i % 8));
        /* in place */
        TU_CHECK(rijn_gcmsiv_open(&open, b->in + off, tag, 16, nonce, 12, aad, al, b->in + off,
                                  len) == RIJN_OK,
                 "%s: open in place", what);
        TU_EQ(b->in + off, b->want, len, what);
        rijn_gcmsiv_wipe(&seal);
        rijn_gcmsiv_wipe(&open);
    }
}

static void per_aes(const char *impl, void *arg)
{
    bufs *b = (bufs *)arg;
    b->aes = impl;
    tg_for_each_ghash(kernel_gh, arg);
    api_lengths(b, 16);
    api_lengths(b, 24);
    api_lengths(b, 32);
}

int main(int argc, char **argv)
{
    bufs b;
    (void)argc;
    tu_rand_seed(0x5171c4u);
    printf("# cpu features 0x%x\n", (unsigned)rijn_i_cpu_features());
    b.in = malloc(16 * NMAX + 128);
    b.out = malloc(16 * NMAX + 128);
    b.want = malloc(16 * NMAX + 128);
    b.ran = 0;
    if (b.in == NULL || b.out == NULL || b.want == NULL)
        return 1;
    tu_for_each_impl(per_aes, &b);
    printf("# kernel ran in %u calls\n", b.ran);
#if RIJN_I_HAVE_GCMSIV_STITCH
    /* with VAES + VPCLMULQDQ (+ AVX2) unmasked a kernel must have run */
    if ((rijn_i_cpu_features() & (RIJN_CPU_VAES | RIJN_CPU_VPCLMUL | RIJN_CPU_AVX2)) ==
        (RIJN_CPU_VAES | RIJN_CPU_VPCLMUL | RIJN_CPU_AVX2))
        TU_CHECK(b.ran != 0, "the VAES kernels never ran");
    /* AArch64 with AES + PMULL (qemu -cpu max; scripts/test-aarch64.sh's
     * second run masks them: the two passes) */
    if ((rijn_i_cpu_features() & (RIJN_CPU_ARM_AES | RIJN_CPU_ARM_PMULL)) ==
        (RIJN_CPU_ARM_AES | RIJN_CPU_ARM_PMULL))
        TU_CHECK(b.ran != 0, "the AES-CE + PMULL kernel never ran");
#endif
    free(b.in);
    free(b.out);
    free(b.want);
    if (!tu_rerun_is_child("RIJN_SIV_STITCH_CHILD")) {
        tu_rerun_masked(argv, ~RIJN_CPU_AVX512, "no AVX-512", "RIJN_SIV_STITCH_CHILD");
        tu_rerun_masked(argv, ~(RIJN_CPU_AVX512 | RIJN_CPU_VAES | RIJN_CPU_VPCLMUL),
                        "no VAES / VPCLMULQDQ", "RIJN_SIV_STITCH_CHILD");
        tu_rerun_masked(argv,
                        ~(RIJN_CPU_AVX | RIJN_CPU_AVX2 | RIJN_CPU_AVX512 | RIJN_CPU_VAES |
                          RIJN_CPU_VPCLMUL),
                        "no AVX", "RIJN_SIV_STITCH_CHILD");
        tu_rerun_masked(argv, 0, "no extensions: software classes", "RIJN_SIV_STITCH_CHILD");
    }
    return tu_finish();
}
