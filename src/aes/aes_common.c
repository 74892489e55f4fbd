/*
 * aes_common.c -- the FIPS 197 key expansion shared by the software
 * implementations. The S-box is supplied by the caller as SubWord so each
 * implementation keeps its own constant-time property (bitsliced SubWord
 * for ct32/ct64, table for small).
 *
 * Implementation notes: the position in the key's word cycle is a counter
 * (k), not i % nk: with nk a variable the remainder was a UDIV on AArch64
 * (and a call or DIVU elsewhere), an instruction whose latency depends on
 * its operands on Cortex-A cores. Its operands were public (the word index
 * and the key length), but the AArch64 trace test (mcu/trace/trace.py
 * --targets a64) admits no such instruction in a constant-time class.
 */
#include "aes_i.h"
#include "internal.h"

const uint8_t rijn_i_aes_rcon[10] = {0x01, 0x02, 0x04, 0x08, 0x10,
                                     0x20, 0x40, 0x80, 0x1B, 0x36};

unsigned rijn_i_aes_expand_words(uint32_t *w, const uint8_t *key, size_t key_len,
                                 uint32_t (*subword)(uint32_t))
{
    unsigned nk = (unsigned)(key_len / 4), rounds = nk + 6, total = 4 * (rounds + 1);
    unsigned i, k = 0, rc = 0; /* k = i % nk */
    for (i = 0; i < nk; i++)
        w[i] = rijn_load32_be(key + 4 * i);
    for (i = nk; i < total; i++) {
        uint32_t t = w[i - 1];
        if (k == 0) {
            t = subword((t << 8) | (t >> 24)) ^ ((uint32_t)rijn_i_aes_rcon[rc++] << 24);
        } else if (nk > 6 && k == 4) {
            t = subword(t);
        }
        w[i] = w[i - nk] ^ t;
        if (++k == nk)
            k = 0;
    }
    return rounds;
}
