/*
 * ocb_aesni.c -- OCB3 one-shot seal/open of short messages with AES-NI
 * (an AES class with AES-NI round keys, rk_isa): text up to RIJN_I_OCB_SMALL_TEXT bytes, AAD up to
 * RIJN_I_OCB_SMALL_AAD bytes, everything in registers.
 *
 * Implementation notes
 *   Three AES passes, each a few independent blocks in one round sequence:
 *     1. Ktop = E(nonce block with its low 6 bits cleared), beside the AAD
 *        blocks A_i ^ Offset_i (their offsets do not depend on the nonce);
 *     2. the text blocks X_i ^ Offset_i (Offset_0 from Ktop's stretch),
 *        beside the pad E(Offset_*) of a final partial block (seal: one
 *        pass; open: the full blocks decrypt, the pad encrypts);
 *     3. the tag block E(Checksum ^ Offset ^ L_$), XORed with the AAD sum.
 *   So a short message costs three AES latencies plus set-up, instead of
 *   four separate one-block calls and the generic path's state handling.
 *   Longer one-shot texts with short AAD use pass 1 alone
 *   (rijn_i_ocb_aesni_start) and continue on the generic/VAES path.
 *   The nonce block is built in two 64-bit words from the caller's bytes,
 *   not in a stack buffer (byte stores then a 16-byte load stall).
 *   Offsets: block i (1..8) uses L_ntz(i) from the key's table; the
 *   stretch shift is bottom = the nonce block's low 6 bits (public); the
 *   shift is done on 64-bit words (a branch on bottom == 0, public).
 *   Passes run 2, 4 or 8 blocks wide (the smallest that fits; spare lanes
 *   are zero): on AES-NI the round latency, not the lane count, sets the
 *   time of a pass.
 *   open computes the tag before it stores a byte: out is written only
 *   when the tag matches (in constant time), else zeroed, like the generic
 *   path. out == in works: every input block is loaded before the first
 *   store.
 *   Constant time: AES instructions, XOR, shifts by the public bottom; the
 *   tag compared with rijn_ct_equal; branches on lengths, the public
 *   nonce bits and the direction only. Stack buffers are wiped in line.
 *   Vectors: tests/aead/test_ocb.c (RFC 7253 appendix A -- all of whose
 *   messages are short -- and its iterative long test, OpenSSL
 *   differential over every text/AAD length to 600 bytes, nonce lengths
 *   1..15, tag lengths 1..16, tampered tags), with every AES class forced,
 *   so the generic path checks this one.
 */
#include "aes/aesni.h"
#include "cmac_i.h"
#include "ocb_i.h"

#if RIJN_I_AES_RK_AESNI

/* Byte reversal within each 64-bit half. */
#define BSWAP64X2 _mm_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7)

/* The smallest pass width (2, 4, 8) for n blocks, each a constant after
 * inlining so x86ni_encn / x86ni_decn unroll. */
RIJN_X86NI_INLINE void enc_w(__m128i *x, size_t n, const uint8_t *ek, unsigned rounds)
{
    if (n <= 2)
        x86ni_encn(x, 2, ek, rounds);
    else if (n <= 4)
        x86ni_encn(x, 4, ek, rounds);
    else
        x86ni_encn(x, 8, ek, rounds);
}

RIJN_X86NI_INLINE void dec_w(__m128i *x, size_t n, const uint8_t *dk, unsigned rounds)
{
    if (n <= 2)
        x86ni_decn(x, 2, dk, rounds);
    else if (n <= 4)
        x86ni_decn(x, 4, dk, rounds);
    else
        x86ni_decn(x, 8, dk, rounds);
}

/* Offset_0 from Ktop (register) and bottom (0..63). */
RIJN_X86NI_INLINE __m128i offset0(__m128i ktop, unsigned bottom)
{
    const __m128i bs = BSWAP64X2;
#if defined(__x86_64__)
    const __m128i w = _mm_shuffle_epi8(ktop, bs); /* big-endian words s0, s1 */
    uint64_t s0 = (uint64_t)_mm_cvtsi128_si64(w);
    uint64_t s1 = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(w, w));
#else
    uint8_t kt[16];
    uint64_t s0, s1;
    x86ni_st(kt, ktop);
    s0 = rijn_load64_be(kt);
    s1 = rijn_load64_be(kt + 8);
    rijn_i_wipe_inl(kt, sizeof kt);
#endif
    uint64_t s2 = s0 ^ ((s0 << 8) | (s1 >> 56)); /* Stretch bits 128..191 */
    uint64_t hi = s0, lo = s1;
    if (bottom != 0) { /* public: from the nonce */
        hi = (s0 << bottom) | (s1 >> (64 - bottom));
        lo = (s1 << bottom) | (s2 >> (64 - bottom));
    }
    return _mm_shuffle_epi8(_mm_set_epi64x((long long)lo, (long long)hi), bs);
}

/* The nonce block (RFC 7253 4.2) with its low 6 bits cleared, built in
 * 64-bit words from the caller's bytes (not through a stack buffer, whose
 * byte-wise stores would stall the 16-byte load); *bottom = those bits. */
RIJN_X86NI_INLINE __m128i nonce_block(const uint8_t *nonce, size_t n, size_t tag_len,
                                      unsigned *bottom)
{
    uint64_t hi = 0, lo = 0;
    size_t i;
    if (n >= 8) {
        lo = rijn_load64_be(nonce + n - 8);
        if (n > 8)
            hi = rijn_load64_be(nonce) >> (8 * (16 - n));
        hi |= (uint64_t)1 << (8 * (n - 8));
    } else {
        RIJN_UNROLL for (i = 0; i < n; i++)
            lo = (lo << 8) | nonce[i];
        lo |= (uint64_t)1 << (8 * n);
    }
    hi |= (uint64_t)(((tag_len * 8u) % 128u) << 1) << 56;
    *bottom = (unsigned)(lo & 63u);
    lo &= ~(uint64_t)63;
    return _mm_shuffle_epi8(_mm_set_epi64x((long long)lo, (long long)hi), BSWAP64X2);
}

/* A block of n < 16 bytes padded with 10*. */
RIJN_X86NI_INLINE __m128i padded(uint8_t blk[16], const uint8_t *p, size_t n)
{
    memset(blk, 0, 16);
    memcpy(blk, p, n);
    blk[n] = 0x80;
    return x86ni_ld(blk);
}

/* Pass 1: Ktop beside the AAD blocks (loops of constant length with
 * guards, unrolled, so the blocks stay in registers). Returns Offset_0;
 * *sum = the AAD sum. aad_len <= RIJN_I_OCB_SMALL_AAD. */
RIJN_X86NI_INLINE __m128i pass1(const rijn_ocb_ctx *c, const uint8_t *ek, unsigned rounds,
                                size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                                const uint8_t *aad, size_t aad_len, __m128i *sum,
                                uint8_t blk[16])
{
    static const uint8_t ntz[8] = {0, 1, 0, 2, 0, 1, 0, 3}; /* ntz(1..8) */
    const __m128i lstar = x86ni_ld(c->lstar), zero = _mm_setzero_si128();
    __m128i x[8], off = zero, s = zero;
    size_t na = aad_len / 16, ra = aad_len % 16, i, n;
    unsigned bottom;
    x[0] = nonce_block(nonce, nonce_len, tag_len, &bottom);
    RIJN_UNROLL for (i = 1; i < 8; i++) {
        x[i] = zero;
        if (i <= na) {
            off = _mm_xor_si128(off, x86ni_ld(c->l[ntz[i - 1]]));
            x[i] = _mm_xor_si128(x86ni_ld(aad + 16 * (i - 1)), off);
        } else if (i == na + 1 && ra != 0) {
            x[i] = _mm_xor_si128(padded(blk, aad + 16 * na, ra), _mm_xor_si128(off, lstar));
        }
    }
    n = 1 + na + (ra != 0);
    enc_w(x, n, ek, rounds);
    RIJN_UNROLL for (i = 1; i < 8; i++)
        if (i < n)
            s = _mm_xor_si128(s, x[i]);
    *sum = s;
    return offset0(x[0], bottom);
}

/* complexity: hot AES-NI kernel, eight block slots unrolled in registers; splitting spills them */
RIJN_X86NI_TARGET int rijn_i_ocb_small(const rijn_ocb_ctx *c, int dec, uint8_t *out,
                                       uint8_t *tag_out, const uint8_t *tag_in, size_t tag_len,
                                       const uint8_t *nonce, size_t nonce_len,
                                       const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                       size_t len)
{
    static const uint8_t ntz[8] = {0, 1, 0, 2, 0, 1, 0, 3}; /* ntz(1..8) */
    const unsigned rounds = c->aes.rounds;
    const uint8_t *ek = rijn_i_aes_rk_enc(&c->aes);
    const __m128i lstar = x86ni_ld(c->lstar), zero = _mm_setzero_si128();
    __m128i x[8], o[8], off, sum, cs = zero, pad = zero, t;
    uint8_t blk[16], tail[16], full[16];
    size_t nt = len / 16, rt = len % 16, i, n;
    int ok = 1;

    off = pass1(c, ek, rounds, tag_len, nonce, nonce_len, aad, aad_len, &sum, blk);

    /* pass 2: the text; the pad of a partial block in the slot after the
     * full blocks (seal), or apart (open: the full blocks decrypt) */
    if (rt != 0)
        memcpy(tail, in + 16 * nt, rt);
    RIJN_UNROLL for (i = 0; i < 8; i++) {
        x[i] = zero;
        o[i] = zero;
        if (i < nt) {
            __m128i p = x86ni_ld(in + 16 * i);
            off = _mm_xor_si128(off, x86ni_ld(c->l[ntz[i]]));
            o[i] = off;
            if (!dec)
                cs = _mm_xor_si128(cs, p);
            x[i] = _mm_xor_si128(p, off);
        } else if (i == nt && rt != 0) {
            off = _mm_xor_si128(off, lstar);
            x[i] = off;
        }
    }
    n = nt + (rt != 0);
    if (!dec) {
        if (n != 0)
            enc_w(x, n, ek, rounds);
        RIJN_UNROLL for (i = 0; i < 8; i++)
            if (i == nt && rt != 0)
                pad = x[i];
    } else {
        __m128i y[2];
        y[0] = y[1] = zero;
        RIJN_UNROLL for (i = 0; i < 8; i++)
            if (i == nt)
                y[0] = x[i];
        if (nt != 0)
            dec_w(x, nt, rijn_i_aes_rk_dec(&c->aes), rounds);
        if (rt != 0) {
            x86ni_encn(y, 2, ek, rounds);
            pad = y[0];
        }
    }
    RIJN_UNROLL for (i = 0; i < 8; i++) {
        if (i < nt) {
            x[i] = _mm_xor_si128(x[i], o[i]);
            if (dec)
                cs = _mm_xor_si128(cs, x[i]);
        }
    }
    if (rt != 0) {
        x86ni_st(blk, pad);
        for (i = 0; i < rt; i++)
            tail[i] ^= blk[i]; /* now the output tail */
        cs = _mm_xor_si128(cs, padded(blk, dec ? tail : in + 16 * nt, rt));
    }

    /* pass 3: the tag */
    t = _mm_xor_si128(_mm_xor_si128(cs, off), x86ni_ld(c->ldollar));
    x86ni_encn(&t, 1, ek, rounds);
    x86ni_st(full, _mm_xor_si128(t, sum));
    if (dec)
        ok = rijn_ct_equal(full, tag_in, tag_len);
    else
        memcpy(tag_out, full, tag_len);
    if (ok) {
        RIJN_UNROLL for (i = 0; i < 8; i++)
            if (i < nt)
                x86ni_st(out + 16 * i, x[i]);
        if (rt != 0)
            memcpy(out + 16 * nt, tail, rt);
    } else if (len != 0) {
        rijn_wipe(out, len);
    }
    rijn_i_wipe_inl(blk, sizeof blk);
    rijn_i_wipe_inl(tail, sizeof tail);
    rijn_i_wipe_inl(full, sizeof full);
    return ok ? RIJN_OK : RIJN_ERR_AUTH;
}

RIJN_X86NI_TARGET void rijn_i_ocb_aesni_start(const rijn_ocb_ctx *c, rijn_ocb_msg *m,
                                              const uint8_t *nonce, size_t nonce_len,
                                              size_t tag_len, const uint8_t *aad,
                                              size_t aad_len)
{
    uint8_t blk[16];
    __m128i sum, off;
    memset(m, 0, sizeof *m);
    off = pass1(c, rijn_i_aes_rk_enc(&c->aes), c->aes.rounds, tag_len, nonce, nonce_len, aad,
                aad_len, &sum, blk);
    x86ni_st(m->offset, off);
    x86ni_st(m->asum, sum);
    m->tag_len = (uint32_t)tag_len;
    m->state = RIJN_I_AEAD_AAD;
    rijn_i_wipe_inl(blk, sizeof blk);
}

#endif /* RIJN_I_AES_RK_AESNI */
