/*
 * test_sha512_paths.c -- every run-time path of SHA-384/512 (x86: vector
 * schedule with AVX-512VL, AVX2 (two blocks at once) or SSSE3 beside asm
 * rounds; the portable code)
 * against OpenSSL: lengths 0..600 one-shot, long messages (up to 64 KiB)
 * with random split points for the streaming API, SHA-384 and
 * SHA-512/256 on the same compression; runs of 1..40 whole blocks in one
 * update call at every alignment mod 8 (the AVX-512 code takes runs of
 * fewer than 16 blocks one way, longer runs another, and its last block of
 * a run differently again; the AVX2 code takes pairs of blocks, runs of
 * 16+ blocks another way, and a lone last block). The program re-runs
 * itself with RIJN_CPU_MASK hiding AVX-512, then AVX2, then everything, so
 * each path is checked on a machine that has them all.
 */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "rijn/sha2.h"
#include "testutil.h"

#define MAXLEN 65536

static void ref(const EVP_MD *md, uint8_t *out, const uint8_t *m, size_t len)
{
    unsigned ol = 0;
    EVP_Digest(m, len, out, &ol, md, NULL);
}

static void run(void)
{
    uint8_t *m = malloc(MAXLEN), got[64], want[64];
    int i, nb, n = tu_quick() ? 40 : 200;
    size_t len;
    if (m == NULL) {
        TU_CHECK(0, "malloc");
        return;
    }
    tu_rand_bytes(m, MAXLEN);
    for (len = 0; len <= 600; len += tu_quick() ? 7 : 1) {
        ref(EVP_sha512(), want, m, len);
        TU_CHECK(rijn_sha512(got, m, len) == RIJN_OK, "sha512");
        TU_CHECK(memcmp(got, want, 64) == 0, "sha512 len %zu", len);
        ref(EVP_sha384(), want, m, len);
        TU_CHECK(rijn_sha384(got, m, len) == RIJN_OK, "sha384");
        TU_CHECK(memcmp(got, want, 48) == 0, "sha384 len %zu", len);
    }
    for (i = 0; i < n; i++) {
        rijn_sha512_ctx c;
        size_t cut, cut2;
        len = tu_rand_below(MAXLEN + 1);
        cut = tu_rand_below(len + 1);
        cut2 = cut + tu_rand_below(len - cut + 1);
        ref(i & 1 ? EVP_sha512_256() : EVP_sha512(), want, m, len);
        TU_CHECK((i & 1 ? rijn_sha512_256_init(&c) : rijn_sha512_init(&c)) == RIJN_OK, "init");
        TU_CHECK(rijn_sha512_update(&c, m, cut) == RIJN_OK, "u1");
        TU_CHECK(rijn_sha512_update(&c, m + cut, cut2 - cut) == RIJN_OK, "u2");
        TU_CHECK(rijn_sha512_update(&c, m + cut2, len - cut2) == RIJN_OK, "u3");
        TU_CHECK(rijn_sha512_final(&c, got) == RIJN_OK, "final");
        TU_CHECK(memcmp(got, want, i & 1 ? 32 : 64) == 0, "streamed len %zu split %zu/%zu",
                 len, cut, cut2);
    }
    /* p head bytes, then the rest in one call: the buffered block is
     * completed, then a run of nb - 1 blocks (nb when p = 0) is read from
     * m + off + 128 - p */
    for (nb = 1; nb <= 40; nb += tu_quick() ? 3 : 1) {
        size_t off = (size_t)nb & 7, p = (size_t)(nb * 37) & 127;
        rijn_sha512_ctx c;
        if (nb % 5 == 0)
            p = 0;
        len = p + 128 * (size_t)nb + ((size_t)nb & 1 ? 0 : 77);
        ref(EVP_sha512(), want, m + off, len);
        TU_CHECK(rijn_sha512_init(&c) == RIJN_OK, "init");
        TU_CHECK(rijn_sha512_update(&c, m + off, p) == RIJN_OK, "u1");
        TU_CHECK(rijn_sha512_update(&c, m + off + p, len - p) == RIJN_OK, "u2");
        TU_CHECK(rijn_sha512_final(&c, got) == RIJN_OK, "final");
        TU_CHECK(memcmp(got, want, 64) == 0, "run of %d blocks, offset %zu, head %zu", nb, off, p);
    }
    free(m);
}


int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    tu_rand_seed(0x5a512u);
    printf("# cpu features 0x%x\n", (unsigned)rijn_i_cpu_features());
    run();
    if (!tu_rerun_is_child("RIJN_SHA512_CHILD")) {
        tu_rerun_masked(argv, ~RIJN_CPU_AVX512, "no AVX-512: AVX2 schedule", "RIJN_SHA512_CHILD");
        tu_rerun_masked(argv, ~(uint32_t)(RIJN_CPU_AVX512 | RIJN_CPU_AVX2),
                        "no AVX2: SSSE3 schedule", "RIJN_SHA512_CHILD");
        tu_rerun_masked(argv, 0, "no extensions: portable code", "RIJN_SHA512_CHILD");
    }
    return tu_finish();
}
