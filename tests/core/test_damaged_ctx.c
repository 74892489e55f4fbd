/*
 * test_damaged_ctx.c -- contexts damaged under the library (a stray write,
 * a partial wipe, an implementation index past the registry) and counters
 * near their carry. The library's promise for each (src/ comments):
 *   ChaCha20 / Poly1305: an implementation index past the end reads as the
 *     portable entry, the last (rijn_i_chacha20_bound, rijn_i_poly1305_bound):
 *     the output stays the algorithm's, checked against an undamaged run;
 *   SHA-256 / SHA-512: an index past the registry is "not started"
 *     (RIJN_ERR_STATE, implementation name "none");
 *   HMAC with one half of its key schedule gone: RIJN_ERR_STATE;
 *   GCM / GCM-SIV whose AES schedule was wiped under a live GHASH key:
 *     RIJN_ERR_STATE from every call, GHASH name "none";
 *   BLAKE2b / BLAKE2s byte counter: the low word carries into the high one
 *     (the counter is public state of rijn/blake2.h); BLAKE2b-512 through
 *     its descriptor's entries, its wipe leaving a context that refuses use.
 * And the few names and arguments these reach: NULL contexts' names, an
 * unknown ChaCha20 entry name for the AEAD, OCB nonce and tag lengths out
 * of range at start.
 */
#include <string.h>

#include "aead/chachapoly_i.h"
#include "aead/ghash.h"
#include "hash/hash_i.h"
#include "internal.h"
#include "mac/mac_i.h"
#include "stream/stream_i.h"
#include "testutil.h"

static int got;
#define ST(e, want) TU_CHECK((got = (e)) == (want), "%s: %d, want %s", #e, got, #want)

static uint8_t k[32], b[600], o[600], o2[600], t[16], nz[16];

static void chacha_poly(void)
{
    rijn_chacha20_ctx ch;
    rijn_poly1305_ctx po;
    rijn_chachapoly_ctx cp;
    uint8_t t2[16];
    /* ChaCha20 with its entry index past the end: the portable entry */
    ST(rijn_chacha20_init(&ch, k, nz, 1), RIJN_OK);
    ST(rijn_chacha20_update(&ch, o, b, 600), RIJN_OK);
    ST(rijn_chacha20_init(&ch, k, nz, 1), RIJN_OK);
    ch.kind = RIJN_I_CHACHA_VARIANT(ch.kind) | (0xffu << 8);
    ST(rijn_chacha20_update(&ch, o2, b, 600), RIJN_OK);
    TU_EQ(o2, o, 600, "ChaCha20 with a damaged entry index");
    TU_CHECK(strcmp(rijn_i_chacha20_impl_name(&ch), rijn_i_chacha20_registry.impls
                        [rijn_i_chacha20_registry.count - 1]->name) == 0,
             "damaged ChaCha20 index names the portable entry");
    rijn_chacha20_wipe(&ch);
    /* Poly1305 likewise */
    ST(rijn_poly1305(t, k, b, 600), RIJN_OK);
    ST(rijn_poly1305_init(&po, k), RIJN_OK);
    po.state = 1u | (0xffu << 8);
    ST(rijn_poly1305_update(&po, b, 600), RIJN_OK);
    ST(rijn_poly1305_final(&po, t2), RIJN_OK);
    TU_EQ(t2, t, 16, "Poly1305 with a damaged entry index");
    /* the AEAD's entry choice: an unknown ChaCha20 name */
    ST(rijn_chacha20poly1305_init(&cp, k, 32), RIJN_OK);
    ST(rijn_i_chachapoly_use(&cp, "no-such-chacha", "auto"), RIJN_ERR_UNSUPPORTED);
    rijn_chacha20poly1305_wipe(&cp);
}

static void hashes(void)
{
    rijn_sha256_ctx s2;
    rijn_sha512_ctx s5;
    rijn_hmac_ctx h;
    rijn_blake2b_ctx bb;
    rijn_blake2s_ctx bs;
    TU_CHECK(strcmp(rijn_i_sha256_ctx_impl_name(NULL), "none") == 0 &&
                 strcmp(rijn_i_sha512_ctx_impl_name(NULL), "none") == 0 &&
                 strcmp(rijn_i_sha3_ctx_impl_name(NULL), "none") == 0,
             "names of NULL hash contexts");
    ST(rijn_sha256_init(&s2), RIJN_OK);
    s2.out_len = RIJN_I_SHA_OUT_LEN(s2.out_len) | (0xffu << 8);
    ST(rijn_sha256_update(&s2, b, 10), RIJN_ERR_STATE);
    TU_CHECK(strcmp(rijn_i_sha256_ctx_impl_name(&s2), "none") == 0, "damaged SHA-256 name");
    ST(rijn_sha512_init(&s5), RIJN_OK);
    s5.out_len = RIJN_I_SHA_OUT_LEN(s5.out_len) | (0xffu << 8);
    ST(rijn_sha512_update(&s5, b, 10), RIJN_ERR_STATE);
    TU_CHECK(strcmp(rijn_i_sha512_ctx_impl_name(&s5), "none") == 0, "damaged SHA-512 name");
    /* HMAC whose outer hash was lost */
    ST(rijn_hmac_init(&h, &rijn_hash_sha256, k, 32), RIJN_OK);
    ST(rijn_hmac_update(&h, b, 10), RIJN_OK);
    h.outer.desc = NULL;
    ST(rijn_hmac_final(&h, t, 16), RIJN_ERR_STATE);
    /* BLAKE2 counters across the carry of their low word */
    ST(rijn_blake2b_init(&bb, 32), RIJN_OK);
    bb.t[0] = UINT64_MAX - 100;
    ST(rijn_blake2b_update(&bb, b, 600), RIJN_OK);
    TU_CHECK(bb.t[1] == 1 && bb.t[0] < 600, "BLAKE2b counter carry: t = %llu:%llu",
             (unsigned long long)bb.t[1], (unsigned long long)bb.t[0]);
    rijn_blake2b_wipe(&bb);
    ST(rijn_blake2s_init(&bs, 32), RIJN_OK);
    bs.t[0] = UINT32_MAX - 100;
    ST(rijn_blake2s_update(&bs, b, 600), RIJN_OK);
    TU_CHECK(bs.t[1] == 1 && bs.t[0] < 600, "BLAKE2s counter carry: t = %lu:%lu",
             (unsigned long)bs.t[1], (unsigned long)bs.t[0]);
    rijn_blake2s_wipe(&bs);
    /* BLAKE2b-512 through its descriptor's own entries (rijn/hash.h) */
    ST(rijn_blake2b(o, 64, NULL, 0, b, 300), RIJN_OK);
    ST(rijn_hash_blake2b_512.init(&bb), RIJN_OK);
    ST(rijn_hash_blake2b_512.update(&bb, b, 300), RIJN_OK);
    ST(rijn_hash_blake2b_512.final(&bb, o2), RIJN_OK);
    TU_EQ(o2, o, 64, "BLAKE2b-512 through its descriptor");
    ST(rijn_hash_blake2b_512.init(&bb), RIJN_OK);
    rijn_hash_blake2b_512.wipe(&bb);
    ST(rijn_blake2b_update(&bb, b, 1), RIJN_ERR_STATE);
}

static void aes_aeads(void)
{
    rijn_gcm_ctx g;
    rijn_gcmsiv_ctx gs;
    rijn_ocb_ctx oc;
    ST(rijn_gcm_init(&g, k, 16), RIJN_OK);
    memset(&g.aes, 0, sizeof g.aes); /* the AES schedule wiped, GHASH key live */
    ST(rijn_gcm_start(&g, nz, 12), RIJN_ERR_STATE);
    ST(rijn_gcm_seal(&g, o, t, 16, nz, 12, NULL, 0, b, 16), RIJN_ERR_STATE);
    ST(rijn_i_gcm_use_ghash(&g, "auto"), RIJN_ERR_STATE);
    TU_CHECK(strcmp(rijn_gcm_ctx_ghash_name(&g), "none") == 0, "GHASH name without AES");
    rijn_gcm_wipe(&g);
    ST(rijn_gcmsiv_init(&gs, k, 16), RIJN_OK);
    memset(&gs.aes, 0, sizeof gs.aes);
    ST(rijn_gcmsiv_seal(&gs, o, t, 16, nz, 12, NULL, 0, b, 16), RIJN_ERR_STATE);
    rijn_gcmsiv_wipe(&gs);
    /* OCB nonce and tag lengths out of range at start */
    ST(rijn_ocb_init(&oc, k, 16), RIJN_OK);
    ST(rijn_ocb_start(&oc, nz, 0, 16), RIJN_ERR_NONCE_LEN);
    ST(rijn_ocb_start(&oc, nz, 16, 16), RIJN_ERR_NONCE_LEN);
    ST(rijn_ocb_start(&oc, nz, 12, 17), RIJN_ERR_TAG_LEN);
    ST(rijn_ocb_start(&oc, nz, 12, 16), RIJN_OK);
    rijn_ocb_wipe(&oc);
    ST(rijn_salsa20_update(NULL, o, b, 1), RIJN_ERR_NULL);
}

int main(void)
{
    size_t i;
    for (i = 0; i < sizeof k; i++)
        k[i] = (uint8_t)(i * 3 + 1);
    for (i = 0; i < sizeof b; i++)
        b[i] = (uint8_t)(i * 11 + 7);
    for (i = 0; i < sizeof nz; i++)
        nz[i] = (uint8_t)(0x40 + i);
    chacha_poly();
    hashes();
    aes_aeads();
    return tu_finish();
}
