/*
 * test_aes_fips197.c -- FIPS 197 appendix C examples, on every
 * implementation, through the block API; plus the registry calls.
 */
#include <string.h>

#include "testutil.h"

static const char *const keys[3] = {
    "000102030405060708090a0b0c0d0e0f",
    "000102030405060708090a0b0c0d0e0f1011121314151617",
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"};
static const char *const cts[3] = {"69c4e0d86a7b0430d8cdb78070b4c55a",
                                   "dda97ca4864cdfe06eaf70a0ec0d7191",
                                   "8ea2b7ca516745bfeafc49904b496089"};

static void run(const char *impl, void *arg)
{
    uint8_t key[32], pt[16], want[16], out[64], in[64];
    rijn_aes_ctx ctx;
    int i, j;
    (void)arg;
    tu_unhex_into(pt, 16, "00112233445566778899aabbccddeeff");
    for (i = 0; i < 3; i++) {
        size_t klen = (size_t)(16 + 8 * i);
        tu_unhex_into(key, klen, keys[i]);
        tu_unhex_into(want, 16, cts[i]);
        TU_CHECK(rijn_aes_init(&ctx, key, klen) == RIJN_OK, "init");
        TU_CHECK(strcmp(rijn_aes_ctx_impl_name(&ctx), impl) == 0, "impl name %s",
                 rijn_aes_ctx_impl_name(&ctx));
        /* 4 copies so N-block paths see more than one block */
        for (j = 0; j < 4; j++)
            memcpy(in + 16 * j, pt, 16);
        TU_CHECK(rijn_aes_encrypt_blocks(&ctx, out, in, 4) == RIJN_OK, "enc");
        for (j = 0; j < 4; j++)
            TU_EQ(out + 16 * j, want, 16, "FIPS 197 C encrypt");
        TU_CHECK(rijn_aes_decrypt_blocks(&ctx, out, out, 4) == RIJN_OK, "dec");
        for (j = 0; j < 4; j++)
            TU_EQ(out + 16 * j, pt, 16, "FIPS 197 C decrypt");
        /* encrypt-only context refuses decryption */
        TU_CHECK(rijn_aes_init_enc(&ctx, key, klen) == RIJN_OK, "init_enc");
        TU_CHECK(rijn_aes_encrypt_blocks(&ctx, out, pt, 1) == RIJN_OK, "enc");
        TU_EQ(out, want, 16, "FIPS 197 C encrypt (enc-only)");
        TU_CHECK(rijn_aes_decrypt_blocks(&ctx, out, out, 1) == RIJN_ERR_STATE, "dec on enc ctx");
        rijn_aes_wipe(&ctx);
    }
}

int main(void)
{
    rijn_aes_ctx ctx;
    uint8_t key[33] = {0}, blk[32] = {0};
    const rijn_aes_impl *impl;
    size_t l;
    tu_for_each_impl(run, NULL);
    /* bad input */
    for (l = 0; l <= 33; l++)
        if (l != 16 && l != 24 && l != 32)
            TU_CHECK(rijn_aes_init(&ctx, key, l) == RIJN_ERR_KEY_LEN, "key len %zu", l);
    TU_CHECK(rijn_aes_init(&ctx, NULL, 16) == RIJN_ERR_NULL, "NULL key");
    TU_CHECK(rijn_aes_init(NULL, key, 16) == RIJN_ERR_NULL, "NULL ctx");
    TU_CHECK(rijn_aes_encrypt_blocks(&ctx, blk, blk, 1) == RIJN_ERR_STATE, "unkeyed ctx");
    TU_CHECK(rijn_aes_init(&ctx, key, 16) == RIJN_OK, "init");
    TU_CHECK(rijn_aes_encrypt_blocks(&ctx, NULL, blk, 1) == RIJN_ERR_NULL, "NULL out");
    TU_CHECK(rijn_aes_encrypt_blocks(&ctx, NULL, NULL, 0) == RIJN_OK, "empty");
    TU_CHECK(rijn_aes_encrypt_blocks(&ctx, blk + 1, blk, 1) == RIJN_ERR_PARAM, "overlap");
    TU_CHECK(rijn_aes_impl_get("no-such-impl", &impl) == RIJN_ERR_UNSUPPORTED && impl == NULL,
             "unknown impl");
    TU_CHECK(rijn_aes_impl_force("no-such-impl") == RIJN_ERR_UNSUPPORTED, "force unknown");
    TU_CHECK(rijn_aes_impl_count() >= 1, "count");
    TU_CHECK(rijn_aes_impl_at(rijn_aes_impl_count()) == NULL, "past end");
    return tu_finish();
}
