/*
 * aes_x86ni_cbc.c -- "x86ni" fused CBC paths, 128-bit registers: the
 * class's cbc_encrypt hook, the 128-bit CBC decryption its cbc_decrypt
 * hook runs after a VAES prefix, and the cbc_enc_once hooks.
 *
 * Implementation notes
 *   CBC decryption: 8/4/1 blocks per pass; each pass loads all its
 *   ciphertext blocks (for the chaining XOR) before storing, so out == in
 *   works. One loop of 8-block passes per key size (the key-size test out
 *   of the loop): AES-256 CBC decrypt 1 MiB 1.09x the fastest same-masked
 *   peer's time -> 1.02x (0xF, 0x3F).
 *   CBC encryption is serial by nature: one block at a time, with
 *   the chaining XOR folded into the last round's key (see below) and the
 *   chain's AESENCLAST issued before the ciphertext's: after it, it waited
 *   a cycle when both were ready together; now 1 MiB AES-128 takes 10
 *   AESENC latencies a block (Zen 5: 23.9 TSC ticks, was 24.3). librijn.so
 *   A/B in one process (ab_builds.c timing rijn_cbc_encrypt), minima of 21,
 *   ticks/B: unmasked 1 MiB AES-128 1.466 -> 1.447, AES-256 2.048 -> 2.025,
 *   1 KiB 1.330 -> 1.310 / 1.903 -> 1.883; 0x2C3F 1 MiB 1.495 -> 1.473 /
 *   2.035 -> 2.009; 0xF 1.468 -> 1.457; 64 B within 0.4% (0xF AES-256 -7%).
 *   Until the file reached the 400-line limit, CTR, CBC and CFB8 were one
 *   file ("x86ni_modes"); split into this file, aes_x86ni_ctr.c and
 *   aes_x86ni_cfb.c: gcc 12 and clang 14 -O3 object code of every
 *   function identical.
 *   Constant time: AES instructions, no tables, no secret branches.
 *   Vectors: tests/aes/test_aes_fused.c (OpenSSL EVP and the class's own
 *   ECB entries; in place; unaligned), tests/modes/test_diff_modes.c,
 *   SP 800-38A F.2, CAVP CBC files.
 */
#include "aes_x86ni.h"

#if RIJN_CFG_AES_X86NI

#if RIJN_CFG_AES_DECRYPT
/* One CBC decryption pass over m blocks; *prev is the chaining block. */
RIJN_X86NI_INLINE void cbc_dec_pass(const uint8_t *dk, unsigned rounds, __m128i *prev,
                                    uint8_t *out, const uint8_t *in, unsigned m)
{
    __m128i x[8], last;
    unsigned i;
    RIJN_UNROLL for (i = 0; i < m; i++)
        x[i] = x86ni_ld(in + 16 * i);
    x86ni_decn(x, m, dk, rounds);
    x[0] = _mm_xor_si128(x[0], *prev);
    RIJN_UNROLL for (i = 1; i < m; i++)
        x[i] = _mm_xor_si128(x[i], x86ni_ld(in + 16 * (i - 1)));
    last = x86ni_ld(in + 16 * (m - 1));
    RIJN_UNROLL for (i = 0; i < m; i++)
        x86ni_st(out + 16 * i, x[i]);
    *prev = last;
}

RIJN_X86NI_TARGET void rijn_i_x86ni_cbc_dec_sse(const uint64_t *ks, unsigned rounds,
                                                uint8_t iv[16], uint8_t *out,
                                                const uint8_t *in, size_t nblocks)
{
    const uint8_t *dk = rijn_i_x86ni_dk(ks, rounds);
    __m128i prev = x86ni_ld(iv);
    if (nblocks >= 8) {
        const uint8_t *const end = in + 128 * (nblocks / 8);
#define CALL(r)                                                              \
    for (; in != end; in += 128, out += 128)                                 \
    cbc_dec_pass(dk, r, &prev, out, in, 8)
        RIJN_X86NI_BY_ROUNDS(rounds, CALL);
#undef CALL
        nblocks %= 8;
    }
#define PASS(m) cbc_dec_pass(dk, rounds, &prev, out, in, m)
    RIJN_X86NI_TAIL(nblocks, in, out, PASS);
#undef PASS
    x86ni_st(iv, prev);
}
#endif

/* Serial: the chain runs through the rounds only. The next block's state
 * is AESENCLAST(s, Klast ^ K0 ^ P) = C ^ K0 ^ P, computed beside the
 * ciphertext C = AESENCLAST(s, Klast) and before it (the empty asm keeps
 * GCC from swapping them: see the notes), so no XOR sits on the chain.
 * Keys 1..9 are loaded before the loop, 10..13 each round (macros k10..k13,
 * left defined). The last block goes to iv_out unless it is NULL. */
RIJN_X86NI_INLINE void cbc_enc_r(const uint8_t *ek, unsigned rounds, const uint8_t *iv,
                                 uint8_t *iv_out, uint8_t *out, const uint8_t *in,
                                 size_t nblocks)
{
    __m128i k1 = x86ni_ld(ek + 16), k2 = x86ni_ld(ek + 32), k3 = x86ni_ld(ek + 48),
            k4 = x86ni_ld(ek + 64), k5 = x86ni_ld(ek + 80), k6 = x86ni_ld(ek + 96),
            k7 = x86ni_ld(ek + 112), k8 = x86ni_ld(ek + 128), k9 = x86ni_ld(ek + 144),
            k0 = x86ni_ld(ek), kl = x86ni_ld(ek + 16 * rounds), kx = _mm_xor_si128(k0, kl),
            s, c;
    s = _mm_xor_si128(x86ni_ld(iv), _mm_xor_si128(x86ni_ld(in), k0));
    for (;;) {
#define k10 x86ni_ld(ek + 160)
#define k11 x86ni_ld(ek + 176)
#define k12 x86ni_ld(ek + 192)
#define k13 x86ni_ld(ek + 208)
#define ROUND(r) s = _mm_aesenc_si128(s, k##r);
        RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
        if (--nblocks == 0)
            break;
        in += 16;
        c = _mm_aesenclast_si128(s, _mm_xor_si128(kx, x86ni_ld(in)));
        __asm__("" : "+x"(s) : "x"(c)); /* the chain's AESENCLAST issued first */
        x86ni_st(out, _mm_aesenclast_si128(s, kl));
        out += 16;
        s = c;
    }
    c = _mm_aesenclast_si128(s, kl);
    x86ni_st(out, c);
    if (iv_out != NULL)
        x86ni_st(iv_out, c);
}

RIJN_X86NI_TARGET void rijn_i_x86ni_cbc_enc(const uint64_t *ks, unsigned rounds, uint8_t iv[16],
                                            uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const uint8_t *ek = rijn_i_x86ni_ek(ks);
    if (nblocks == 0)
        return;
#define CALL(r) cbc_enc_r(ek, r, iv, iv, out, in, nblocks)
    RIJN_X86NI_BY_ROUNDS(rounds, CALL);
#undef CALL
}

/* Two or more blocks of rijn_i_x86ni_cbc_enc_once (out of line: its round
 * keys live in registers and need a frame the one-block path does not),
 * in an SSE and a VEX copy (with VEX the AES-192/256 round-key loads fold
 * into vaesenc). */
RIJN_X86NI_INLINE int cbc_enc_blocks(const rijn_aes_ctx *aes, const uint8_t iv[16],
                                     uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const uint8_t *ek = rijn_i_x86ni_ek(aes->ks);
#define CALL(r) cbc_enc_r(ek, r, iv, NULL, out, in, nblocks)
    RIJN_X86NI_BY_ROUNDS(aes->rounds, CALL);
#undef CALL
    return RIJN_OK;
}
static __attribute__((noinline, target("aes,sse2,ssse3"))) int
cbc_enc_blocks_sse(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                   const uint8_t *in, size_t nblocks)
{
    return cbc_enc_blocks(aes, iv, out, in, nblocks);
}
static __attribute__((noinline, target("aes,avx"))) int
cbc_enc_blocks_vex(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                   const uint8_t *in, size_t nblocks)
{
    return cbc_enc_blocks(aes, iv, out, in, nblocks);
}

/* One-shot CBC encryption, the class's cbc_enc_once hook: nblocks > 0,
 * iv only read; returns RIJN_OK. One block (the commonest short message)
 * is straight-line code with no stack frame. A VEX copy for contexts with
 * RIJN_I_DIR_VEX. */
RIJN_X86NI_INLINE int cbc_enc_once(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                                   const uint8_t *in, size_t nblocks, int vex)
{
    const uint8_t *ek = rijn_i_x86ni_ek(aes->ks);
    if (RIJN_LIKELY(nblocks == 1)) {
        __m128i s = _mm_xor_si128(x86ni_ld(iv), _mm_xor_si128(x86ni_ld(in), x86ni_ld(ek)));
        return x86ni_enc1_store(s, ek, aes->rounds, out);
    }
    return vex ? cbc_enc_blocks_vex(aes, iv, out, in, nblocks)
               : cbc_enc_blocks_sse(aes, iv, out, in, nblocks);
}

RIJN_I_HOT_ALIGN RIJN_X86NI_TARGET int
rijn_i_x86ni_cbc_enc_once(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                          const uint8_t *in, size_t nblocks)
{
    return cbc_enc_once(aes, iv, out, in, nblocks, 0);
}

RIJN_I_HOT_ALIGN RIJN_X86NI_VEX_TARGET int
rijn_i_x86ni_cbc_enc_once_vex(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                              const uint8_t *in, size_t nblocks)
{
    return cbc_enc_once(aes, iv, out, in, nblocks, 1);
}

#endif /* RIJN_CFG_AES_X86NI */
