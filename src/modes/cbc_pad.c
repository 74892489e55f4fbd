/*
 * cbc_pad.c -- AES-CBC with PKCS#7 padding (RFC 5652 6.3).
 *
 * Implementation notes
 *   Encryption appends 1..16 bytes of value 1..16 (a whole block when the
 *   length is a multiple of 16) and runs CBC (cbc.c); on 64-bit hosts
 *   texts under 64 bytes are padded in a stack buffer first so one CBC
 *   call does all (MCUs keep the smaller stack).
 *   Decryption runs CBC into out, then checks the last block in constant
 *   time (rijn_i_pkcs7_check): all 16 positions are read whatever the pad
 *   byte says, each is masked by "position < pad" computed without a
 *   branch, and the result is one value; only then does the code branch on
 *   good / bad, which the caller learns anyway. Any bad padding (pad byte 0,
 *   pad byte > 16, any covered byte different) gives the one code
 *   RIJN_ERR_PADDING and wipes the whole output. The check has a 64-bit
 *   form (hosts), a 16-bit one (AVR/MSP430: 32-bit compares cost ~60
 *   cycles each there) and the 32-bit loop.
 *   Vectors: SP 800-38A F.2 blocks with padding, OpenSSL differential
 *   (aes-*-cbc with padding), every pad length 1..16 and the bad-padding
 *   cases in tests/modes/test_modes_errors.c.
 */
#include "modes_i.h"

#if RIJN_ARCH_64
/* Eight bytes at a time (SWAR): the bytes j from the end (j = 15 - index)
 * with j < pad must equal pad. Per byte, (0x80 | j) - pad has its top bit
 * clear exactly when j < pad (pad clamped to 0..31 so no byte borrows; a
 * larger pad is rejected anyway), and ((d & 0x7F) + 0x7F) | d has its top
 * bit set exactly when d != 0. No branch, no index on the data. */
uint32_t rijn_i_pkcs7_check(const uint8_t blk[16])
{
    const uint64_t high = 0x8080808080808080u, low7 = 0x7F7F7F7F7F7F7F7Fu;
    const uint64_t ones = 0x0101010101010101u;
    uint32_t pad = blk[15], bad;
    uint64_t pc = (uint64_t)(pad & 31u) * ones, pv = (uint64_t)pad * ones;
    uint64_t dh = rijn_load64_le(blk + 8) ^ pv, dl = rijn_load64_le(blk) ^ pv;
    uint64_t lth = ~((0x0001020304050607u | high) - pc) & high; /* j = 7..0  */
    uint64_t ltl = ~((0x08090A0B0C0D0E0Fu | high) - pc) & high; /* j = 15..8 */
    uint64_t b = ((((dh & low7) + low7) | dh) & lth) | ((((dl & low7) + low7) | dl) & ltl);
    bad = (uint32_t)0 - (uint32_t)((b | ((uint64_t)0 - b)) >> 63);
    bad |= rijn_ct_eq32(pad, 0) | ~rijn_ct_lt32(pad, 17);
    return pad & ~bad;
}
#else
/* Byte by byte on small CPUs (least code): every position is read, each
 * masked by "position < pad" without a branch. */
uint32_t rijn_i_pkcs7_check(const uint8_t blk[16])
{
    uint32_t pad = blk[15], bad, i;
    bad = rijn_ct_eq32(pad, 0) | ~rijn_ct_lt32(pad, 17);
    for (i = 0; i < 16; i++)
        bad |= rijn_ct_lt32(i, pad) & rijn_ct_nonzero32((uint32_t)blk[15 - i] ^ pad);
    return pad & ~bad;
}
#endif

int rijn_cbc_pad_encrypt(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                         size_t out_size, size_t *out_len, const uint8_t *in, size_t len)
{
    uint8_t chain[16], last[16];
#if RIJN_ARCH_64
    uint8_t small[64];
#endif
    size_t full, rest;
    int r;
    RIJN_CHECK_PTR(out_len);
    *out_len = 0;
    r = rijn_i_mode_check(aes, 0, iv, out, in, len);
    if (r != RIJN_OK)
        return r;
    RIJN_CHECK_PTR(out);
    if (len > SIZE_MAX - 16)
        return RIJN_ERR_LENGTH;
    if (out_size < RIJN_CBC_PAD_LEN(len))
        return RIJN_ERR_BUFFER;
    r = rijn_i_mode_overlap(out, RIJN_CBC_PAD_LEN(len), in, len);
    if (r != RIJN_OK)
        return r;
    full = len & ~(size_t)15;
    rest = len - full;
    memcpy(chain, iv, 16);
#if RIJN_ARCH_64
    if (len < sizeof small) {
        /* short text: padded on the stack, one CBC call (the chain stays
         * in registers) */
        if (len > 0)
            memcpy(small, in, len);
        memset(small + len, (int)(16 - rest), 16 - rest);
        rijn_i_cbc_enc_blocks(aes, chain, out, small, full / 16 + 1);
        *out_len = full + 16;
        rijn_wipe(small, full + 16);
        return RIJN_OK;
    }
#endif
    rijn_i_cbc_enc_blocks(aes, chain, out, in, full / 16);
    if (rest > 0)
        memcpy(last, in + full, rest);
    memset(last + rest, (int)(16 - rest), 16 - rest);
    rijn_i_cbc_enc_blocks(aes, chain, out + full, last, 1);
    *out_len = full + 16;
    rijn_wipe(last, sizeof last); /* chain: the last ciphertext block, public */
    return RIJN_OK;
}

int rijn_cbc_pad_decrypt(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                         size_t out_size, size_t *out_len, const uint8_t *in, size_t len)
{
    uint8_t chain[16];
    uint32_t pad;
    int r;
    RIJN_CHECK_PTR(out_len);
    *out_len = 0;
    r = rijn_i_mode_check(aes, 1, iv, out, in, len);
    if (r != RIJN_OK)
        return r;
    if (len == 0 || len % 16 != 0)
        return RIJN_ERR_LENGTH;
    if (out_size < len)
        return RIJN_ERR_BUFFER;
    r = rijn_i_mode_overlap(out, len, in, len);
    if (r != RIJN_OK)
        return r;
    memcpy(chain, iv, 16);
    rijn_i_cbc_dec_blocks(aes, chain, out, in, len / 16); /* chain: public */
    pad = rijn_i_pkcs7_check(out + len - 16);
    if (pad == 0) {
        rijn_wipe(out, len);
        return RIJN_ERR_PADDING;
    }
    *out_len = len - pad;
    return RIJN_OK;
}
