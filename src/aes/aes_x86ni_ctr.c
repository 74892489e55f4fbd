/*
 * aes_x86ni_ctr.c -- "x86ni" fused CTR paths, 128-bit registers: the
 * class's CTR core (rijn_i_x86ni_ctr_sse, the VAES CTR's tail), its short-
 * message entries and the ctr_once hook.
 *
 * Implementation notes
 *   The counter is kept as two 64-bit integers (hi, lo) of the
 *   big-endian 128-bit value and, beside them, as that big-endian block
 *   in a register. For a pass of m blocks (8, 4, then 1): when the last
 *   byte carries neither within the pass nor into the next counter (most
 *   passes), block i is the register plus i in its last byte and the next
 *   counter the register plus m (one 32-bit lane add each: no conversion
 *   between integers and vector, whose GPR -> XMM moves and PSHUFB sat at
 *   the head of every pass: 1 KiB AES-128 1.04-1.05x -> 0.98-1.03x,
 *   AES-256 1.02x -> 0.98-1.01x libgcrypt's time at RIJN_CPU_MASK=0x3F
 *   and 0xF, 1 MiB unchanged; bench/host/bench.c group ctr, three runs
 *   each, same session); otherwise (hi:lo) gets +0..+m-1 with one
 *   vector add and a byte reversal (PSHUFB) per block: ctr_bits 32 adds
 *   in the low 32-bit lane only, so it wraps mod 2^32 and never carries
 *   into byte 11 (GCM, RFC 3686); ctr_bits 128 adds in the low 64-bit
 *   lane, and when that lane would carry inside the pass the pass builds
 *   its counters one by one with the carry into hi (wrapping mod 2^128, as
 *   OpenSSL's AES-CTR). These branches depend on the counter value, which
 *   is public (nonce/IV), never on key or data.
 *   Short CTR (<= 4 blocks, rijn_i_x86ni_ctr_short): when the last counter
 *   byte cannot carry within the call (all but ~n/256 of the counters),
 *   the n counter blocks are the loaded block plus i in byte 15: no
 *   conversion to integers and back at all.
 *   One loop of 8-block passes per key size (the key-size test out of the
 *   loop, as CBC decryption in aes_x86ni_cbc.c): AES-256 CTR 1 MiB 1.06x
 *   the fastest same-masked peer's time -> 1.01x (0xF, 0x3F).
 *   Per-call cost of CTR (1 KiB): the class's CTR entry skips this
 *   file's 128-bit code when a VAES prefix did every block, and the
 *   counter halves are read and written with MOV + BSWAP
 *   (x86ni_ctr_get / _put, aes_x86ni.h), not byte-wise: a 1 KiB call at
 *   RIJN_CPU_MASK=0x2EFF (VAES on 256 bits) 1.16x -> 0.92-0.94x
 *   libgcrypt's time (AES-128), 1.14-1.17x -> 1.01x (AES-256; also the
 *   input XOR folded into the last round key in aes_x86ni_vaes256.c);
 *   bench/host/bench.c group ctr, two runs each, same machine.
 *   Until the file reached the 400-line limit, CTR, CBC and CFB8 were one
 *   file ("x86ni_modes"); split into this file, aes_x86ni_cbc.c and
 *   aes_x86ni_cfb.c: gcc 12 and clang 14 -O3 object code of every
 *   function identical.
 *   Constant time: AES instructions, no tables, no secret branches.
 *   Vectors: tests/aes/test_aes_fused.c (OpenSSL EVP and the class's own ECB
 *   entries; counters near 2^32 and 2^128 wraps; in place; unaligned).
 */
#include "aes_x86ni.h"

#if RIJN_CFG_AES_X86NI

/* Byte reversal of a 128-bit register (big-endian block <-> integer). */
#define BSWAP128 _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)

/* One CTR pass over m blocks (m constant after inlining: 8, 4, 1); *cv is
 * the counter (hi:lo) as its big-endian block, kept beside the integers so
 * the passes where the last byte does not carry never convert one into
 * the other (GPR <-> vector moves and a PSHUFB on every pass's path). */
RIJN_X86NI_INLINE void ctr_pass(const uint8_t *ek, unsigned rounds, unsigned ctr_bits,
                                uint64_t *hi, uint64_t *lo, __m128i *cv, uint8_t *out,
                                const uint8_t *in, unsigned m)
{
    __m128i x[8], base;
    const __m128i bswap = BSWAP128;
    uint64_t l = *lo;
    unsigned i;
    if ((l & 0xFF) < 256 - m) {
        /* The last byte carries neither within the pass nor into the next
         * counter: add i to byte 15 of the block. */
        RIJN_UNROLL for (i = 0; i < m; i++)
            x[i] = _mm_add_epi32(*cv, _mm_set_epi32((int)(i << 24), 0, 0, 0));
        *cv = _mm_add_epi32(*cv, _mm_set_epi32((int)(m << 24), 0, 0, 0));
    } else {
        base = _mm_set_epi64x((long long)*hi, (long long)*lo);
        if (ctr_bits == 32)
            RIJN_UNROLL for (i = 0; i < m; i++)
                x[i] = _mm_add_epi32(base, _mm_set_epi32(0, 0, 0, (int)i));
        else if (l <= UINT64_MAX - (m - 1))
            RIJN_UNROLL for (i = 0; i < m; i++)
                x[i] = _mm_add_epi64(base, _mm_set_epi64x(0, (long long)i));
        else
            RIJN_UNROLL for (i = 0; i < m; i++)
                x[i] = _mm_set_epi64x((long long)(*hi + (l + i < l)), (long long)(l + i));
        RIJN_UNROLL for (i = 0; i < m; i++)
            x[i] = _mm_shuffle_epi8(x[i], bswap);
    }
    if (ctr_bits == 32) {
        *lo = (l & 0xFFFFFFFF00000000u) | (uint32_t)((uint32_t)l + m);
    } else {
        *lo = l + m;
        *hi += (*lo < l);
    }
    if ((l & 0xFF) >= 256 - m) /* the carry went through the integers */
        *cv = _mm_shuffle_epi8(_mm_set_epi64x((long long)*hi, (long long)*lo), bswap);
    x86ni_encn(x, m, ek, rounds);
    RIJN_UNROLL for (i = 0; i < m; i++)
        x[i] = _mm_xor_si128(x[i], x86ni_ld(in + 16 * i));
    RIJN_UNROLL for (i = 0; i < m; i++)
        x86ni_st(out + 16 * i, x[i]);
}

RIJN_X86NI_TARGET void rijn_i_x86ni_ctr_sse(const uint64_t *ks, unsigned rounds,
                                            unsigned ctr_bits, uint8_t ctr[16], uint8_t *out,
                                            const uint8_t *in, size_t nblocks)
{
    const uint8_t *ek = rijn_i_x86ni_ek(ks);
    uint64_t hi, lo;
    __m128i cv = x86ni_ld(ctr);
    x86ni_ctr_get(ctr, &hi, &lo);
    if (nblocks >= 8) {
        const uint8_t *const end = in + 128 * (nblocks / 8);
#define CALL(r)                                                              \
    for (; in != end; in += 128, out += 128)                                 \
    ctr_pass(ek, r, ctr_bits, &hi, &lo, &cv, out, in, 8)
        RIJN_X86NI_BY_ROUNDS(rounds, CALL);
#undef CALL
        nblocks %= 8;
    }
#define PASS(m) ctr_pass(ek, rounds, ctr_bits, &hi, &lo, &cv, out, in, m)
    RIJN_X86NI_TAIL(nblocks, in, out, PASS);
#undef PASS
    x86ni_st(ctr, cv);
}

/* Fewer than 8 blocks (short messages): the same passes in a small
 * function, so a call costs few saved registers and no 8-block set-up. */
RIJN_X86NI_TARGET void rijn_i_x86ni_ctr_small(const uint64_t *ks, unsigned rounds,
                                              unsigned ctr_bits, uint8_t ctr[16], uint8_t *out,
                                              const uint8_t *in, size_t nblocks)
{
    const uint8_t *ek = rijn_i_x86ni_ek(ks);
    uint64_t hi, lo;
    __m128i cv = x86ni_ld(ctr);
    x86ni_ctr_get(ctr, &hi, &lo);
#define PASS(m) ctr_pass(ek, rounds, ctr_bits, &hi, &lo, &cv, out, in, m)
    RIJN_X86NI_TAIL(nblocks, in, out, PASS);
#undef PASS
    x86ni_st(ctr, cv);
}

/* m blocks (constant after inlining) from the big-endian counter block c
 * whose last byte does not carry: block i is c with i added to byte 15. */
RIJN_X86NI_INLINE void ctr_short_pass(const uint8_t *ek, unsigned rounds, __m128i c,
                                      uint8_t *out, const uint8_t *in, unsigned m)
{
    __m128i x[4];
    unsigned i;
    RIJN_UNROLL for (i = 0; i < m; i++)
        x[i] = _mm_add_epi32(c, _mm_set_epi32((int)(i << 24), 0, 0, 0));
    x86ni_encn(x, m, ek, rounds);
    RIJN_UNROLL for (i = 0; i < m; i++)
        x86ni_st(out + 16 * i, _mm_xor_si128(x[i], x86ni_ld(in + 16 * i)));
}

/* 0..4 blocks from the counter block c (no carry out of its last byte
 * within the call). */
RIJN_X86NI_INLINE void ctr_short(const uint8_t *ek, unsigned rounds, __m128i c, uint8_t *out,
                                 const uint8_t *in, size_t nblocks)
{
    switch (nblocks) {
    case 0: break;
    case 1: ctr_short_pass(ek, rounds, c, out, in, 1); break;
    case 2: ctr_short_pass(ek, rounds, c, out, in, 2); break;
    case 3: ctr_short_pass(ek, rounds, c, out, in, 3); break;
    default: ctr_short_pass(ek, rounds, c, out, in, 4); break;
    }
}

/* Short messages (<= 4 blocks): when ctr[15] + nblocks <= 255 (the
 * counter's last byte carries neither within the call nor into the
 * stored next counter; a branch on the public counter), one pass and one
 * 32-bit lane add for the next counter, whatever ctr_bits (no carry to
 * propagate); otherwise the general code above. */
RIJN_X86NI_TARGET void rijn_i_x86ni_ctr_short(const uint64_t *ks, unsigned rounds,
                                              unsigned ctr_bits, uint8_t ctr[16], uint8_t *out,
                                              const uint8_t *in, size_t nblocks)
{
    __m128i c;
    if ((size_t)ctr[15] + nblocks > 255) {
        rijn_i_x86ni_ctr_small(ks, rounds, ctr_bits, ctr, out, in, nblocks);
        return;
    }
    c = x86ni_ld(ctr);
    ctr_short(rijn_i_x86ni_ek(ks), rounds, c, out, in, nblocks);
    x86ni_st(ctr, _mm_add_epi32(c, _mm_set_epi32((int)((unsigned)nblocks << 24), 0, 0, 0)));
}

/* The other cases: the class's ctr entry on a copy of the counter (out of
 * line: the short path above needs no stack frame). */
static __attribute__((noinline)) int ctr_once_any(const rijn_aes_ctx *aes, unsigned ctr_bits,
                                                  const uint8_t iv[16], uint8_t *out,
                                                  const uint8_t *in, size_t nblocks)
{
    uint8_t c[16];
    memcpy(c, iv, 16);
    aes->impl->ctr(aes->ks, aes->rounds, ctr_bits, c, out, in, nblocks);
    return RIJN_OK;
}

/* One-shot CTR, the class's ctr_once hook: iv is only read (no
 * next counter to store); returns RIJN_OK. */
RIJN_X86NI_TARGET int rijn_i_x86ni_ctr_once(const rijn_aes_ctx *aes, unsigned ctr_bits,
                                            const uint8_t iv[16], uint8_t *out,
                                            const uint8_t *in, size_t nblocks)
{
    if (nblocks <= 4 && (size_t)iv[15] + nblocks <= 255) {
        ctr_short(rijn_i_x86ni_ek(aes->ks), aes->rounds, x86ni_ld(iv), out, in, nblocks);
        return RIJN_OK;
    }
    return ctr_once_any(aes, ctr_bits, iv, out, in, nblocks);
}

#endif /* RIJN_CFG_AES_X86NI */
