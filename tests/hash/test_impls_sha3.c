/*
 * test_impls_sha3.c -- every Keccak-f[1600] version on the registry
 * (src/hash/keccak_f1600.c), in one process, on every OS: SHA3-224/256/
 * 384/512, SHAKE128/256 and Keccak-256 through a context bound to each
 * version by name (the companion of test_impls.c, which covers the other
 * primitives).
 *
 * Implementation notes
 *   Registry contract: tu_check_registry, plus rijn_i_sha3_use on a
 *   context that is not started (RIJN_ERR_STATE) and an unknown name
 *   (RIJN_ERR_UNSUPPORTED), and a fresh context bound to the default (the
 *   first entry that runs here: "avx512vl" or "bmi1" on x86-64).
 *   Known answers per version: each hash of "abc" and of a 1,000-byte
 *   message (byte i = 7i + 3), SHAKE with 200 bytes of output (more than
 *   one block squeezed); the digests are from Python hashlib (OpenSSL).
 *   Differential: random lengths, split points and squeeze sizes, each
 *   version against the last entry (the compact loop on 64-bit builds),
 *   Keccak-256 included (no hashlib reference).
 */
#include <stdlib.h>
#include <string.h>

#include "core/registry.h"
#include "hash/hash_i.h"
#include "rijn/sha3.h"
#include "testutil.h"

#define MLEN 1000

static uint8_t msg[MLEN];

typedef struct {
    const char *what;
    int (*init)(rijn_sha3_ctx *);
    size_t out; /* bytes compared (SHAKE: squeezed) */
    const char *abc, *m;
} kat;

static int keccak256_init(rijn_sha3_ctx *c)
{
    return rijn_keccak_init(c, 256);
}

static const kat kats[] = {
    {"SHA3-224", rijn_sha3_224_init, 28, "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf",
     "56812d3d31242051de174106777f4108c791ab801f1569f73d57fa0b"},
    {"SHA3-256", rijn_sha3_256_init, 32,
     "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532",
     "bd8b4d76041e0135e53fab1aaf425c7b1c129d8878ffb64cc31230ccafd7dc7c"},
    {"SHA3-384", rijn_sha3_384_init, 48,
     "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf2"
     "28376d25",
     "01269eed23d8f1c00d333933989211974c16fed038dfde30f8514168ae13e8409f565dbe4d81399b6ed23db9"
     "762f7989"},
    {"SHA3-512", rijn_sha3_512_init, 64,
     "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec576"
     "47e3934057340b4cf408d5a56592f8274eec53f0",
     "3d71681b54b99f11ddeb233b0a41b65896f7b30dda9e83d52864a4e818a09408e2f306028abe973298f96ee0"
     "81a06e5ac8156cd7b856f0eb28270e1ca37bd0c6"},
    {"SHAKE128", rijn_shake128_init, 200,
     "5881092dd818bf5cf8a3ddb793fbcba74097d5c526a6d35f97b83351940f2cc8",
     "e666e4224e1a10753e9267e04c93764c4380baad17313529724720d9fca679af826492f91bcec4a81f460b69"
     "4e8ce8366952c07efc0d5f158bb4a62ab2adbe1ed2b97aa1aab06b5b59aedbd836addb8365473895ce720cae"
     "21a3298c3bdc9647afb0f0ceeb6e12b4e5f19daa3bb3af6f363c89abf3dc0f4064d47e9a58acbb398bd95997"
     "2b608cd0085c78023a144b6c742adf39a7067ff95521bffcffe12acf62a92e80eb5de7204c4ef09864c24a54"
     "ffa92efe00da634291d262cd9905bc9571a6e081b7367cad"},
    {"SHAKE256", rijn_shake256_init, 200,
     "483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739",
     "980bf59987a720e516297296f92a27bba960e48a40bd01a0415b2e5dee26313d0a3f3ce47abe9e0f73cf74dc"
     "4fe68a5d51259bda988fa50fe68735dcda7edc5228e6915c04011df0e7a7e63b0316b55f06e2abd2062ac11e"
     "91c228700a1ee4717c9e4bbe162556e0303f26318c5df69f169856cfd3f8953c1ad3419a9bf51c73a47d1986"
     "8b347e3dea9ec6fb2d86f70e53f30cdf74d9bb0ba1aa090ef75fefff02402db4e374c9a614ac0bd4f523b8a0"
     "69a23701dd1e952680c9a3110dce8b9ba259b818bb6c820a"},
    {"Keccak-256", keccak256_init, 32, NULL, NULL},
};
#define NKATS (sizeof kats / sizeof kats[0])

/* out = the hash of m[0..len) by the entry called impl, absorbed in three
 * pieces (cuts c1 <= c2) and, for SHAKE, squeezed in two (at sq) */
static void hash_with(const char *impl, const kat *k, uint8_t *out, const uint8_t *m, size_t len,
                      size_t c1, size_t c2, size_t sq)
{
    rijn_sha3_ctx c;
    TU_CHECK(k->init(&c) == RIJN_OK, "%s init", k->what);
    TU_CHECK(rijn_i_sha3_use(&c, impl) == RIJN_OK, "%s use %s", k->what, impl);
    TU_CHECK(strcmp(rijn_i_sha3_ctx_impl_name(&c), impl) == 0, "%s bound to %s", k->what,
             rijn_i_sha3_ctx_impl_name(&c));
    TU_CHECK(rijn_sha3_update(&c, m, c1) == RIJN_OK, "u1");
    TU_CHECK(rijn_sha3_update(&c, m + c1, c2 - c1) == RIJN_OK, "u2");
    TU_CHECK(rijn_sha3_update(&c, m + c2, len - c2) == RIJN_OK, "u3");
    if (c.out_len != 0) {
        TU_CHECK(rijn_sha3_final(&c, out) == RIJN_OK, "%s final", k->what);
    } else {
        TU_CHECK(rijn_shake_squeeze(&c, out, sq) == RIJN_OK, "s1");
        TU_CHECK(rijn_shake_squeeze(&c, out + sq, k->out - sq) == RIJN_OK, "s2");
    }
    rijn_sha3_wipe(&c);
}

static void sha3_one(size_t index, const char *impl, void *arg)
{
    const rijn_i_registry *reg = &rijn_i_keccak_registry;
    const char *ref = reg->impls[reg->count - 1]->name;
    uint8_t got[200], want[200];
    size_t i, n;
    (void)index;
    (void)arg;
    for (i = 0; i < NKATS; i++) {
        const kat *k = &kats[i];
        if (k->abc != NULL) {
            TU_CHECK(tu_unhex_into(want, k->out == 200 ? 32 : k->out, k->abc) == 0,
                     "hex");
            hash_with(impl, k, got, (const uint8_t *)"abc", 3, 1, 2,
                      k->out == 200 ? 32 : 0);
            TU_EQ(got, want, k->out == 200 ? 32 : k->out, k->what);
            TU_CHECK(tu_unhex_into(want, k->out, k->m) == 0, "hex");
            hash_with(impl, k, got, msg, MLEN, 137, 700, 168);
            TU_EQ(got, want, k->out, k->what);
        }
        for (n = 0; n < (tu_quick() ? 8u : 40u); n++) {
            size_t len = (size_t)(tu_rand64() % (MLEN + 1));
            size_t c2 = len ? (size_t)(tu_rand64() % (len + 1)) : 0;
            size_t c1 = c2 ? (size_t)(tu_rand64() % (c2 + 1)) : 0;
            size_t sq = (size_t)(tu_rand64() % (k->out + 1));
            hash_with(ref, k, want, msg, len, 0, 0, k->out);
            hash_with(impl, k, got, msg, len, c1, c2, sq);
            TU_EQ(got, want, k->out, k->what);
        }
    }
    {
        /* the public permutation is the default entry */
        uint64_t s1[25], s2[25];
        for (i = 0; i < 25; i++)
            s1[i] = s2[i] = tu_rand64();
        rijn_keccak_f1600(s1);
        RIJN_I_IMPL_OF(rijn_i_keccak_impl, reg->impls[index])->permute(s2);
        TU_EQ(s2, s1, sizeof s1, "permute vs rijn_keccak_f1600");
    }
}

int main(void)
{
    rijn_sha3_ctx c;
    size_t i, def;
    tu_rand_seed(0x5a3c0ffeu);
    for (i = 0; i < MLEN; i++)
        msg[i] = (uint8_t)(7 * i + 3);
    tu_check_registry(&rijn_i_keccak_registry);
    memset(&c, 0, sizeof c);
    TU_CHECK(rijn_i_sha3_use(&c, NULL) == RIJN_ERR_STATE, "use on a context not started");
    TU_CHECK(strcmp(rijn_i_sha3_ctx_impl_name(&c), "none") == 0, "name when not started");
    TU_CHECK(rijn_sha3_256_init(&c) == RIJN_OK, "init");
    def = rijn_i_reg_default(rijn_i_keccak_registry.impls, rijn_i_keccak_registry.count);
    TU_CHECK(strcmp(rijn_i_sha3_ctx_impl_name(&c), rijn_i_keccak_registry.impls[def]->name) == 0,
             "a fresh context is bound to the default");
    TU_CHECK(rijn_i_sha3_use(&c, "no-such-impl") == RIJN_ERR_UNSUPPORTED, "unknown name");
    TU_CHECK(rijn_i_sha3_use(&c, "auto") == RIJN_OK && c.reserved == def, "auto");
#if RIJN_ARCH_64
    TU_CHECK(rijn_i_keccak_registry.count == 3u + 3u * RIJN_I_KECCAK_X86,
             "64-bit builds list all three portable versions (and avx512vl, bmi1, x86-64 there)");
#endif
    tu_for_each_reg(&rijn_i_keccak_registry, sha3_one, NULL);
    return tu_finish();
}
