/*
 * test_bc_table.c -- the block-cipher table (rijn/blockcipher.h) through
 * its descriptors: for every cipher of rijn_bc_list, a context set up
 * through desc->init encrypts a block as the cipher's own call does, and
 * desc->wipe leaves every byte of it zero (the four finalists' wipe
 * wrappers and rijn_aes_wipe); rijn_bc_find(NULL) and an unknown name
 * give NULL; the AES descriptor's block calls on a context that is not
 * set up (all zero: rijn_aes_encrypt_blocks refuses it) write a zero
 * block rather than leave the output as it was.
 */
#include <string.h>

#include "testutil.h"

int main(void)
{
    static union {
        rijn_aes_ctx aes;
        rijn_serpent_ctx serpent;
        rijn_twofish_ctx twofish;
        rijn_rc6_ctx rc6;
        rijn_mars_ctx mars;
        uint64_t align;
    } u;
    static const uint8_t zero[16] = {0};
    rijn_bc_ctx bc;
    uint8_t key[32], in[16], a[16], b[16];
    const rijn_bc_desc *d;
    size_t i;
    for (i = 0; i < sizeof key; i++)
        key[i] = (uint8_t)(i * 13 + 5);
    memset(in, 0x3c, sizeof in);
    for (i = 0; (d = rijn_bc_list(i)) != NULL; i++) {
        TU_CHECK(d->ctx_size <= sizeof u, "%s: context of %zu bytes", d->name, d->ctx_size);
        memset(&u, 0, sizeof u);
        TU_CHECK(d->init(&u, key, 32) == RIJN_OK, "%s: init", d->name);
        d->encrypt(&u, a, in);
        TU_CHECK(rijn_bc_init(&bc, d, key, 32) == RIJN_OK &&
                     rijn_bc_ecb_encrypt(&bc, b, in, 16) == RIJN_OK,
                 "%s: through rijn_bc_init", d->name);
        TU_EQ(a, b, 16, "one block through the descriptor and through rijn_bc_ctx");
        TU_CHECK(!tu_all_zero(&u, d->ctx_size), "%s: set-up context all zero", d->name);
        d->wipe(&u);
        TU_CHECK(tu_all_zero(&u, d->ctx_size), "%s: desc->wipe left key material", d->name);
        rijn_bc_wipe(&bc);
        TU_CHECK(tu_all_zero(&bc, sizeof bc), "%s: rijn_bc_wipe left bytes", d->name);
        TU_CHECK(rijn_bc_find(d->name) == d, "%s: found by name", d->name);
    }
    TU_CHECK(i == 5, "%zu ciphers in the table", i);
    TU_CHECK(rijn_bc_find(NULL) == NULL, "find(NULL)");
    TU_CHECK(rijn_bc_find("aes2") == NULL && rijn_bc_find("ae") == NULL, "unknown names");
    /* a zero (never set up, or wiped) AES context: the block calls refuse
     * it; the descriptor's void entries then write zeros */
    memset(&u, 0, sizeof u);
    memset(a, 0xff, sizeof a);
    rijn_bc_aes.encrypt(&u, a, in);
    TU_EQ(a, zero, 16, "AES descriptor encrypt on a zero context");
    memset(a, 0xff, sizeof a);
    rijn_bc_aes.decrypt(&u, a, in);
    TU_EQ(a, zero, 16, "AES descriptor decrypt on a zero context");
    return tu_finish();
}
