/*
 * aes_x86ni_cfb.c -- "x86ni" CFB paths on 128-bit registers: the
 * class's cfb_encrypt hook, the 128-bit part of its cfb_decrypt hook and
 * its cfb8_encrypt hook.
 *
 * Implementation notes
 *   Encryption (rijn_i_x86ni_cfb_enc) is serial: C_j = P_j ^ E(C_{j-1}).
 *   P_j is folded into the last round key, and the next block's state
 *   C_j ^ K0 = AESENCLAST(s, Klast ^ K0 ^ P_j) is computed beside
 *   C_j = AESENCLAST(s, Klast ^ P_j), so nothing but the rounds sits on the
 *   chain (the CBC encryption trick of aes_x86ni_cbc.c). With rounds a
 *   constant, AES-128 holds its round keys in registers; AES-192/256 read
 *   the middle ones from the schedule. No stack buffer, nothing to wipe.
 *   Before it, cfb.c made the keystream as a CBC encryption of the
 *   plaintext into a 1 KiB stack buffer, then XORed and wiped it (figures
 *   in cfb.c's notes).
 *   Decryption (rijn_i_x86ni_cfb_dec_sse) is parallel: passes of 8, 4,
 *   then 1 blocks whose cipher inputs (the previous ciphertext blocks)
 *   are loaded straight into registers, all loads of a pass before its
 *   stores (out == in works); the chaining block stays in a register. It
 *   replaced a 256-byte stack copy of the inputs that every call wiped.
 *   CFB8 encryption (rijn_i_x86ni_cfb8_enc): one AES per byte with the
 *   shift register in an XMM register (no store and reload, so no failed
 *   store forwarding): AES-128, 6,250-byte one-shot, RDTSC cycles/byte,
 *   41.6 -> 30.5 (CBC encryption 25.4 cycles a block in the same run).
 *   It came from the CTR / CBC file ("x86ni_modes", split into
 *   aes_x86ni_ctr.c and aes_x86ni_cbc.c at the 400-line limit): object
 *   code identical.
 *   Constant time: AES instructions and XOR; branches on the public
 *   length only.
 *   Vectors: tests/aes/test_aes_fused.c and tests/modes/test_diff_modes.c
 *   (OpenSSL EVP, every length, in place and unaligned, every class),
 *   tests/modes/test_short_paths.c (CFB128 with AVX-512 / VAES / AVX
 *   hidden), SP 800-38A F.3.13-F.3.18; CFB8: test_diff_modes, CAVP CFB8
 *   KAT/MMT/MCT.
 */
#include "aes_x86ni.h"

#if RIJN_CFG_AES_X86NI

RIJN_X86NI_INLINE void cfb_enc_r(const uint8_t *ek, unsigned rounds, uint8_t iv[16],
                                 uint8_t *out, const uint8_t *in, size_t nblocks)
{
    __m128i k[11], k0, kl, kx, s, p, c;
    unsigned r;
    if (rounds == 10)
        for (r = 1; r < 10; r++)
            k[r] = x86ni_ld(ek + 16 * r);
    k0 = x86ni_ld(ek);
    kl = x86ni_ld(ek + 16 * rounds);
    kx = _mm_xor_si128(k0, kl);
    s = _mm_xor_si128(x86ni_ld(iv), k0);
    for (;;) {
#define ROUND(r) s = _mm_aesenc_si128(s, rounds == 10 ? k[(r) % 11] : x86ni_ld(ek + 16 * (r)));
        RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
        p = x86ni_ld(in);
        c = _mm_aesenclast_si128(s, _mm_xor_si128(kl, p));
        x86ni_st(out, c);
        if (--nblocks == 0)
            break;
        in += 16;
        out += 16;
        s = _mm_aesenclast_si128(s, _mm_xor_si128(kx, p));
    }
    x86ni_st(iv, c);
}

RIJN_X86NI_TARGET void rijn_i_x86ni_cfb_enc(const uint64_t *ks, unsigned rounds, uint8_t iv[16],
                                            uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const uint8_t *ek = rijn_i_x86ni_ek(ks);
    if (rounds == 10)
        cfb_enc_r(ek, 10, iv, out, in, nblocks);
    else if (rounds == 12)
        cfb_enc_r(ek, 12, iv, out, in, nblocks);
    else
        cfb_enc_r(ek, 14, iv, out, in, nblocks);
}

/* One decryption pass over m blocks (a constant after inlining); *prev is
 * the ciphertext block before in. */
RIJN_X86NI_INLINE void cfb_dec_pass(const uint8_t *ek, unsigned rounds, __m128i *prev,
                                    uint8_t *out, const uint8_t *in, unsigned m)
{
    __m128i x[8], c[8], last = x86ni_ld(in + 16 * (m - 1));
    unsigned i;
    RIJN_UNROLL for (i = 0; i < m; i++)
        c[i] = x86ni_ld(in + 16 * i);
    x[0] = *prev;
    RIJN_UNROLL for (i = 1; i < m; i++)
        x[i] = c[i - 1];
    x86ni_encn(x, m, ek, rounds);
    RIJN_UNROLL for (i = 0; i < m; i++)
        x86ni_st(out + 16 * i, _mm_xor_si128(x[i], c[i]));
    *prev = last;
}

RIJN_X86NI_TARGET void rijn_i_x86ni_cfb_dec_sse(const uint64_t *ks, unsigned rounds,
                                                uint8_t iv[16], uint8_t *out,
                                                const uint8_t *in, size_t nblocks)
{
    const uint8_t *ek = rijn_i_x86ni_ek(ks);
    __m128i prev = x86ni_ld(iv);
    for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128)
        cfb_dec_pass(ek, rounds, &prev, out, in, 8);
#define PASS(m) cfb_dec_pass(ek, rounds, &prev, out, in, m)
    RIJN_X86NI_TAIL(nblocks, in, out, PASS);
#undef PASS
    x86ni_st(iv, prev);
}

/* CFB8 encryption with the shift register in an XMM register: per byte
 * one AES, the ciphertext byte formed in the vector (its store to out is
 * off the chain), the register shifted down one byte (PSRLDQ) and the byte
 * put on top (PSLLDQ 15, OR): no store/reload of the register. */
RIJN_X86NI_INLINE void cfb8_enc_r(const uint8_t *ek, unsigned rounds, uint8_t reg[16],
                                  uint8_t *out, const uint8_t *in, size_t n)
{
    __m128i k[15], s, c, r = x86ni_ld(reg);
    unsigned i;
    for (i = 0; i <= rounds; i++)
        k[i] = x86ni_ld(ek + 16 * i);
    for (; n > 0; n--, in++, out++) {
        s = _mm_xor_si128(r, k[0]);
        for (i = 1; i < rounds; i++)
            s = _mm_aesenc_si128(s, k[i]);
        c = _mm_xor_si128(_mm_aesenclast_si128(s, k[rounds]), _mm_cvtsi32_si128(*in));
        r = _mm_or_si128(_mm_srli_si128(r, 1), _mm_slli_si128(c, 15));
        *out = (uint8_t)_mm_cvtsi128_si32(c);
    }
    x86ni_st(reg, r);
}

RIJN_X86NI_TARGET void rijn_i_x86ni_cfb8_enc(const uint64_t *ks, unsigned rounds,
                                             uint8_t reg[16], uint8_t *out, const uint8_t *in,
                                             size_t len)
{
    const uint8_t *ek = rijn_i_x86ni_ek(ks);
    if (rounds == 10)
        cfb8_enc_r(ek, 10, reg, out, in, len);
    else if (rounds == 12)
        cfb8_enc_r(ek, 12, reg, out, in, len);
    else
        cfb8_enc_r(ek, 14, reg, out, in, len);
}

#endif /* RIJN_CFG_AES_X86NI */
