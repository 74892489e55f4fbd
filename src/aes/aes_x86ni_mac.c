/*
 * aes_x86ni_mac.c -- "x86ni" CBC-MAC chain, alone (CMAC, EAX's OMAC, SIV's
 * S2V) or stitched with a CTR stream (CCM; EAX encryption with a 128-bit
 * counter): the class's cbcmac entry.
 *
 * Implementation notes
 *   Layout: the chain value lives in one register for the whole call; the
 *   round keys are read from the schedule (aes_x86ni.h), the counter is
 *   kept byte-reversed (an integer) in a register and turned back into a
 *   big-endian block with one PSHUFB per block.
 *   Latency: a CBC-MAC is one serial AES chain, so a block costs one AES
 *   latency at best. Nothing else sits on the chain: the next block's
 *   input B and K0 are folded into the last round's key,
 *     AESENCLAST(s, Klast ^ K0 ^ B) = E(mac ^ B_prev) ^ K0 ^ B,
 *   which is already the first-round state of the next block (the same
 *   trick as the CBC encryption in aes_x86ni_cbc.c). With a CTR stream
 *   (op ENC/DEC) the counter block goes through the same round sequence as
 *   the chain block, an independent second chain that fills the AES unit's
 *   idle slots, so CCM costs about one AES latency per block instead of
 *   two. ENC (seal) MACs the input, known at the start of the block. DEC
 *   (open) MACs the plaintext the CTR half of the same pass produces: the
 *   chain's last round is AESENCLAST(s, Klast) and the plaintext enters
 *   with one XOR after it, P ^ K0 itself coming from a second AESENCLAST
 *   of the counter state with Klast ^ K0 ^ C (one XOR more per block on
 *   the chain than ENC).
 *   The counter adds 1 in its low 64-bit lane (wrapping mod 2^64, no
 *   carry into the high half), as aes_i.h documents: CCM's counter
 *   field is at most 8 bytes and never wraps; with RIJN_I_CBCMAC_CTR128
 *   (EAX, whose counter N' is secret) the carry into the high lane is
 *   computed without a branch (compare, AND, shift, subtract).
 *   out == in works: every pass loads its input block before it stores.
 *   Constant time: AES instructions, XOR, PSHUFB and adds only; branches
 *   depend on op, rounds and nblocks alone.
 *   Vectors: tests/mac/test_cmac.c (SP 800-38B, Wycheproof, OpenSSL with
 *   random splits), test_ccm*.c (CAVP, Wycheproof, OpenSSL), test_eax.c,
 *   test_siv.c, each with every class forced, so the generic N-block path
 *   of the other classes checks this one, with lengths around 1..70
 *   blocks.
 */
#include "aes_x86ni.h"

#if RIJN_CFG_AES_X86NI

#define BSWAP128 _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)

/* Counter + 1 (byte-reversed register): the low 64-bit lane, and with
 * wide also the carry into the high lane, without a branch: the low lane
 * is zero after the add exactly when it carried (SSE2 only: both 32-bit
 * halves compared with zero, ANDed, moved up a lane, subtracted). */
RIJN_X86NI_INLINE __m128i cnt_inc(__m128i n, int wide)
{
    n = _mm_add_epi64(n, _mm_set_epi64x(0, 1));
    if (wide) {
        __m128i z = _mm_cmpeq_epi32(n, _mm_setzero_si128());
        z = _mm_and_si128(z, _mm_shuffle_epi32(z, 0xB1)); /* swap the dwords of each lane */
        n = _mm_sub_epi64(n, _mm_slli_si128(z, 8));
    }
    return n;
}

/* The chain alone. s enters as mac ^ K0 ^ B_0. */
RIJN_X86NI_INLINE __m128i mac_only(const uint8_t *ek, unsigned rounds, __m128i s,
                                   const uint8_t *in, size_t nblocks)
{
    const __m128i k0 = x86ni_ld(ek), kl = x86ni_ld(ek + 16 * rounds);
    const __m128i klk0 = _mm_xor_si128(kl, k0);
    __m128i k;
    for (;;) {
#define ROUND(r)                                                             \
    k = x86ni_ld(ek + 16 * (r));                                              \
    s = _mm_aesenc_si128(s, k);
        RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
        if (--nblocks == 0)
            break;
        in += 16;
        s = _mm_aesenclast_si128(s, _mm_xor_si128(klk0, x86ni_ld(in)));
    }
    return _mm_aesenclast_si128(s, kl);
}

/* Seal: out_i = P_i ^ E(ctr_i), the chain over P_i, in one round sequence. */
RIJN_X86NI_INLINE __m128i mac_enc(const uint8_t *ek, unsigned rounds, __m128i s, __m128i *cnt,
                                  uint8_t *out, const uint8_t *in, size_t nblocks, int wide)
{
    const __m128i k0 = x86ni_ld(ek), kl = x86ni_ld(ek + 16 * rounds);
    const __m128i klk0 = _mm_xor_si128(kl, k0), bswap = BSWAP128;
    __m128i k, c, p = x86ni_ld(in), n = *cnt;
    for (;;) {
        c = _mm_xor_si128(_mm_shuffle_epi8(n, bswap), k0);
        n = cnt_inc(n, wide);
#define ROUND(r)                                                             \
    k = x86ni_ld(ek + 16 * (r));                                              \
    s = _mm_aesenc_si128(s, k);                                              \
    c = _mm_aesenc_si128(c, k);
        RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
        x86ni_st(out, _mm_aesenclast_si128(c, _mm_xor_si128(kl, p)));
        if (--nblocks == 0)
            break;
        in += 16;
        out += 16;
        p = x86ni_ld(in);
        s = _mm_aesenclast_si128(s, _mm_xor_si128(klk0, p));
    }
    *cnt = n;
    return _mm_aesenclast_si128(s, kl);
}

/* Open: P_i = C_i ^ E(ctr_i), the chain over P_i. s enters as mac (K0
 * not yet added: P_0 is not known before the first pass). The first pass
 * runs the counter block alone. */
RIJN_X86NI_INLINE __m128i mac_dec(const uint8_t *ek, unsigned rounds, __m128i s, __m128i *cnt,
                                  uint8_t *out, const uint8_t *in, size_t nblocks, int wide)
{
    const __m128i k0 = x86ni_ld(ek), kl = x86ni_ld(ek + 16 * rounds);
    const __m128i klk0 = _mm_xor_si128(kl, k0), bswap = BSWAP128;
    __m128i k, c, x, n = *cnt;
    /* first block: P_0 from the counter alone; s = mac ^ K0 ^ P_0 */
    c = _mm_xor_si128(_mm_shuffle_epi8(n, bswap), k0);
    n = cnt_inc(n, wide);
#define ROUND(r)                                                             \
    k = x86ni_ld(ek + 16 * (r));                                              \
    c = _mm_aesenc_si128(c, k);
    RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
    x = x86ni_ld(in);
    x86ni_st(out, _mm_aesenclast_si128(c, _mm_xor_si128(kl, x)));
    s = _mm_xor_si128(s, _mm_aesenclast_si128(c, _mm_xor_si128(klk0, x)));
    while (--nblocks > 0) {
        in += 16;
        out += 16;
        c = _mm_xor_si128(_mm_shuffle_epi8(n, bswap), k0);
        n = cnt_inc(n, wide);
#define ROUND(r)                                                             \
    k = x86ni_ld(ek + 16 * (r));                                              \
    s = _mm_aesenc_si128(s, k);                                              \
    c = _mm_aesenc_si128(c, k);
        RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
        x = x86ni_ld(in);
        x86ni_st(out, _mm_aesenclast_si128(c, _mm_xor_si128(kl, x)));
        s = _mm_xor_si128(_mm_aesenclast_si128(s, kl),
                          _mm_aesenclast_si128(c, _mm_xor_si128(klk0, x)));
    }
    /* the last block's chain step */
#define ROUND(r)                                                             \
    k = x86ni_ld(ek + 16 * (r));                                              \
    s = _mm_aesenc_si128(s, k);
    RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
    *cnt = n;
    return _mm_aesenclast_si128(s, kl);
}

RIJN_X86NI_TARGET void rijn_i_x86ni_cbcmac(const uint64_t *ks, unsigned rounds, unsigned op,
                                           uint8_t mac[16], uint8_t ctr[16], uint8_t *out,
                                           const uint8_t *in, size_t nblocks)
{
    const uint8_t *ek = rijn_i_x86ni_ek(ks);
    const __m128i bswap = BSWAP128;
    __m128i s = x86ni_ld(mac), n;
    if (nblocks == 0)
        return;
    if (op == RIJN_I_CBCMAC_MAC) {
        s = _mm_xor_si128(s, _mm_xor_si128(x86ni_ld(ek), x86ni_ld(in)));
        x86ni_st(mac, mac_only(ek, rounds, s, in, nblocks));
        return;
    }
    n = _mm_shuffle_epi8(x86ni_ld(ctr), bswap);
    if (op == RIJN_I_CBCMAC_ENC || op == (RIJN_I_CBCMAC_ENC | RIJN_I_CBCMAC_CTR128)) {
        s = _mm_xor_si128(s, _mm_xor_si128(x86ni_ld(ek), x86ni_ld(in)));
        if (op & RIJN_I_CBCMAC_CTR128)
            s = mac_enc(ek, rounds, s, &n, out, in, nblocks, 1);
        else
            s = mac_enc(ek, rounds, s, &n, out, in, nblocks, 0);
    } else if (op & RIJN_I_CBCMAC_CTR128) {
        s = mac_dec(ek, rounds, s, &n, out, in, nblocks, 1);
    } else {
        s = mac_dec(ek, rounds, s, &n, out, in, nblocks, 0);
    }
    x86ni_st(mac, s);
    x86ni_st(ctr, _mm_shuffle_epi8(n, bswap));
}

#endif /* RIJN_CFG_AES_X86NI */
