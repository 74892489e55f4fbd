/*
 * ocb_vaes512.c -- OCB3 text blocks with VAES on 512-bit registers
 * (AES class with AES-NI round keys, AVX-512 F/BW/VL + VAES).
 *
 * Implementation notes
 *   A pass is 32 blocks in eight registers, lane j of register r holding
 *   block b + 4r + j + 1, where b (blocks done so far) is a multiple of
 *   32. Offsets: Offset_(b+i) = Offset_b ^ P_i with P_i the XOR of
 *   L_ntz(1..i) (ntz(b + i) = ntz(i) for i < 32); P_1..P_31 are built
 *   once per call into eight registers, four at a time from P_4r and the
 *   fixed pattern of ntz(4r+1..4r+4), and block b + 32 adds L_ntz(b+32)
 *   (ntz >= 5, from the table or by doublings in a register,
 *   rijn_i_ocb_lntz: the index is public; the former byte-wise doubling
 *   on the stack cost 1 MiB seal, unmasked Zen 5, 0.541-0.547x -> 0.487-
 *   0.488x libgcrypt's time with AES-128, 0.519-0.521x -> 0.490-0.492x with
 *   AES-256). Per pass: offsets = broadcast(Offset_b) ^ P, x = in ^ offset,
 *   AES (encryption or equivalent-inverse-cipher keys), out = x ^ offset;
 *   the checksum XORs the plaintext registers (input for seal, output for
 *   open) and is folded to one block at the end. All loads of a pass
 *   precede its stores (out == in works).
 *   Used by ocb.c for whole passes when the message is at a multiple of
 *   32 blocks (always so in one-shot calls) on a CPU with VAES + AVX-512.
 *   Constant time: VAES and XOR; branches on lengths and the public block
 *   index only.
 *   Vectors: tests/aead/test_ocb.c (RFC 7253, OpenSSL differential with texts
 *   to 600 bytes and long texts), tests/core/test_perf_paths.c (0..70 blocks
 *   unaligned, in place, against OpenSSL, with and without AVX-512).
 */
#include "aes/aesni.h"
#include "ocb_i.h"

#if RIJN_I_AES_RK_AESNI

#define T512 "aes,sse2,ssse3,avx,avx2,vaes,avx512f,avx512bw,avx512vl"
#define OTGT __attribute__((target(T512)))

#define NREG 8

OTGT static size_t run(const rijn_ocb_ctx *c, rijn_ocb_msg *m, int dec, uint8_t *out,
                       const uint8_t *in, size_t nb)
{
    const unsigned rounds = c->aes.rounds;
    const uint8_t *rk = dec ? rijn_i_aes_rk_dec(&c->aes) : rijn_i_aes_rk_enc(&c->aes);
    const uint64_t b0 = m->blocks;
    __m512i p[NREG], cs = _mm512_setzero_si512(), pat;
    __m128i off = x86ni_ld(m->offset), base = _mm_setzero_si128(), p31, c4, l0, l1, e;
    size_t done = 0;
    unsigned i;
    /* Register r holds P_(4r+1..4r+4) = P_4r ^ (L_0, L_0^L_1, L_1,
     * L_1^L_(2+ntz(r+1))), and P_4(r+1) = P_4r ^ L_1 ^ L_(2+ntz(r+1)).
     * The last register's lane 3 is P_31 (no extra L): each pass adds
     * L_ntz(b+32) to it. */
    l0 = x86ni_ld(c->l[0]);
    l1 = x86ni_ld(c->l[1]);
    pat = _mm512_inserti32x4(_mm512_castsi128_si512(l0), _mm_xor_si128(l0, l1), 1);
    pat = _mm512_inserti32x4(_mm512_inserti32x4(pat, l1, 2), l1, 3);
    RIJN_UNROLL for (i = 0; i < NREG; i++) {
        static const unsigned char ntz7[7] = {0, 1, 0, 2, 0, 1, 0}; /* ntz(1..7) */
        e = i < NREG - 1 ? x86ni_ld(c->l[2 + ntz7[i]]) : _mm_setzero_si128();
        p[i] = _mm512_xor_si512(_mm512_xor_si512(_mm512_broadcast_i32x4(base), pat),
                                _mm512_inserti32x4(_mm512_setzero_si512(), e, 3));
        if (i < NREG - 1)
            base = _mm_xor_si128(base, _mm_xor_si128(l1, e));
    }
    p31 = _mm_xor_si128(base, l1);
    for (; nb - done >= 4 * NREG; done += 4 * NREG, in += 64 * NREG, out += 64 * NREG) {
        const __m128i lb = rijn_i_ocb_lntz(c, b0 + done + 4 * NREG);
        __m512i o[NREG], x[NREG], kk, ob = _mm512_broadcast_i32x4(off);
        RIJN_UNROLL for (i = 0; i < NREG; i++)
            o[i] = _mm512_xor_si512(ob, p[i]);
        o[NREG - 1] = _mm512_xor_si512(o[NREG - 1],
                                       _mm512_inserti32x4(_mm512_setzero_si512(), lb, 3));
        kk = _mm512_broadcast_i32x4(x86ni_ld(rk));
        RIJN_UNROLL for (i = 0; i < NREG; i++) {
            __m512i d = _mm512_loadu_si512((const void *)(in + 64 * i));
            if (!dec)
                cs = _mm512_xor_si512(cs, d);
            x[i] = _mm512_ternarylogic_epi64(d, o[i], kk, 0x96);
        }
#define ROUND(r)                                                             \
    kk = _mm512_broadcast_i32x4(x86ni_ld(rk + 16 * (r)));                     \
    RIJN_UNROLL for (i = 0; i < NREG; i++)                                   \
        x[i] = dec ? _mm512_aesdec_epi128(x[i], kk) : _mm512_aesenc_epi128(x[i], kk);
        RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
        kk = _mm512_broadcast_i32x4(x86ni_ld(rk + 16 * rounds));
        RIJN_UNROLL for (i = 0; i < NREG; i++) {
            x[i] = dec ? _mm512_aesdeclast_epi128(x[i], kk) : _mm512_aesenclast_epi128(x[i], kk);
            x[i] = _mm512_xor_si512(x[i], o[i]);
            if (dec)
                cs = _mm512_xor_si512(cs, x[i]);
            _mm512_storeu_si512((void *)(out + 64 * i), x[i]);
        }
        off = _mm_xor_si128(_mm_xor_si128(off, p31), lb);
    }
    {
        __m256i h = _mm256_xor_si256(_mm512_castsi512_si256(cs), _mm512_extracti64x4_epi64(cs, 1));
        c4 = _mm_xor_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
        x86ni_st(m->checksum, _mm_xor_si128(x86ni_ld(m->checksum), c4));
    }
    x86ni_st(m->offset, off);
    m->blocks += done;
    return done;
}

size_t rijn_i_ocb_vaes512(const rijn_ocb_ctx *c, rijn_ocb_msg *m, int dec, uint8_t *out,
                          const uint8_t *in, size_t nb)
{
    if (nb < 4 * NREG || m->blocks % (4 * NREG) != 0 || !rijn_i_aes_rk_aesni(&c->aes) ||
        !rijn_i_aes_w512(&c->aes))
        return 0;
    return run(c, m, dec, out, in, nb);
}

#endif
