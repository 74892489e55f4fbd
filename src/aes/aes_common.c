/*
 * aes_common.c -- the FIPS 197 key expansion shared by the software
 * implementations. The S-box is supplied by the caller as SubWord so each
 * implementation keeps its own constant-time property (bitsliced SubWord
 * for ct32/ct64, table for small).
 */
#include "aes_i.h"
#include "internal.h"

const uint8_t rijn_i_aes_rcon[10] = {0x01, 0x02, 0x04, 0x08, 0x10,
                                     0x20, 0x40, 0x80, 0x1B, 0x36};

unsigned rijn_i_aes_expand_words(uint32_t *w, const uint8_t *key, size_t key_len,
                                 uint32_t (*subword)(uint32_t))
{
    unsigned nk = (unsigned)(key_len / 4), rounds = nk + 6, total = 4 * (rounds + 1);
    unsigned i, rc = 0;
    for (i = 0; i < nk; i++)
        w[i] = rijn_load32_be(key + 4 * i);
    for (i = nk; i < total; i++) {
        uint32_t t = w[i - 1];
        if (i % nk == 0) {
            t = subword((t << 8) | (t >> 24)) ^ ((uint32_t)rijn_i_aes_rcon[rc++] << 24);
        } else if (nk > 6 && i % nk == 4) {
            t = subword(t);
        }
        w[i] = w[i - nk] ^ t;
    }
    return rounds;
}
