/*
 * aes_x86ni.h -- internals shared by the files of the "x86ni" class
 * (aes_x86ni.c: key schedule, ECB, class; aes_x86ni_ctr.c: 128-bit
 * CTR paths; aes_x86ni_cbc.c: 128-bit CBC paths; aes_x86ni_cfb.c:
 * 128-bit CFB128 and CFB8 paths;
 * aes_x86ni_vaes512.c / aes_x86ni_vaes256.c: VAES paths;
 * aes_x86ni_xts.c, aes_x86ni_xts512.c, aes_x86ni_xts256.c: whole XTS messages;
 * aes_x86ni_mac.c: CBC-MAC / CCM).
 * Short messages: the ECB and CTR entries do 1-4 blocks in one pass
 * before any wide-path test, and the class's one-shot hooks (below:
 * rijn_i_x86ni_ecb_enc/_dec, _ctr_once, _cbc_enc_once) only read the IV
 * and return RIJN_OK, so the public calls end in a tail call.
 *
 * Key schedule layout (in the context's uint64_t ks[], byte view, 16-byte
 * round keys, possibly only 8-byte aligned, so always loaded with loadu):
 *   bytes [0, 16*(rounds+1))                 encryption round keys K0..Kr
 *   bytes [16*(rounds+1), 32*(rounds+1))     decryption round keys for the
 *       equivalent inverse cipher: Kr, IMC(Kr-1), ..., IMC(K1), K0
 *       (only when the context was set up for decryption).
 * 32*(rounds+1) bytes <= RIJN_I_KS_X86NI words * 8 for every rounds.
 *
 * Paths: with at least RIJN_X86NI_VAES_MIN blocks, every entry of the
 * class asks the CPU probe (cached) for the widest VAES path (512 bits
 * with AVX-512, else 256 bits with AVX2, else none); the VAES function
 * processes a prefix of the blocks and returns how many it did, the 128-bit
 * code does the rest. RIJN_CPU_MASK hides VAES / AVX-512 so tests reach
 * every path.
 */
#ifndef RIJN_AES_X86NI_H
#define RIJN_AES_X86NI_H

#include "aesni.h"

#if RIJN_CFG_AES_X86NI

/* Encryption / decryption round keys of a schedule (the standard
 * round-key layout of aes_i.h). */
static inline const uint8_t *rijn_i_x86ni_ek(const uint64_t *ks)
{
    return (const uint8_t *)ks;
}
static inline const uint8_t *rijn_i_x86ni_dk(const uint64_t *ks, unsigned rounds)
{
    return (const uint8_t *)ks + 16 * (rounds + 1);
}

/* The blocks left after the 8-block passes: one pass of 4 when 4 or more
 * are left, then one block a pass. PASS(m) does the m blocks (m a
 * constant) at in / out; advances in and out, leaves nblocks 0. */
#define RIJN_X86NI_TAIL(nblocks, in, out, PASS)                              \
    do {                                                                     \
        if ((nblocks) >= 4) {                                                \
            PASS(4);                                                         \
            (nblocks) -= 4;                                                  \
            (in) += 64;                                                      \
            (out) += 64;                                                     \
        }                                                                    \
        for (; (nblocks) > 0; (nblocks)--, (in) += 16, (out) += 16)          \
            PASS(1);                                                         \
    } while (0)

/* The big-endian 128-bit counter block at p as its two 64-bit halves,
 * and back: 8-byte loads and stores with a byte swap (MOV + BSWAP). The
 * byte-wise rijn_load64_be / rijn_store64_be became some 50 instructions
 * of byte inserts under GCC's vectoriser in the AVX2 files; with the
 * 128-bit tail call that ran even when a VAES prefix had done every block,
 * a 1 KiB AES-128 CTR call took 1.16x libgcrypt's time (VAES on 256 bits;
 * see aes_x86ni_ctr.c). */
RIJN_X86NI_INLINE void x86ni_ctr_get(const uint8_t *p, uint64_t *hi, uint64_t *lo)
{
    uint64_t h, l;
    memcpy(&h, p, 8);
    memcpy(&l, p + 8, 8);
    *hi = __builtin_bswap64(h);
    *lo = __builtin_bswap64(l);
}
RIJN_X86NI_INLINE void x86ni_ctr_put(uint8_t *p, uint64_t hi, uint64_t lo)
{
    hi = __builtin_bswap64(hi);
    lo = __builtin_bswap64(lo);
    memcpy(p, &hi, 8);
    memcpy(p + 8, &lo, 8);
}

/* The 128-bit CTR core (aes_x86ni_ctr.c); the VAES CTR uses it for
 * groups where a 128-bit counter carries out of its low 64 bits. */
void rijn_i_x86ni_ctr_sse(const uint64_t *ks, unsigned rounds, unsigned ctr_bits,
                          uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks);
void rijn_i_x86ni_ctr_small(const uint64_t *ks, unsigned rounds, unsigned ctr_bits,
                            uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks);
/* 0..4 blocks: one pass when the last counter byte does not carry within
 * the call, else rijn_i_x86ni_ctr_small. */
void rijn_i_x86ni_ctr_short(const uint64_t *ks, unsigned rounds, unsigned ctr_bits,
                            uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks);
/* CBC (aes_x86ni_cbc.c): the 128-bit decryption the cbc_decrypt hook
 * runs after its VAES prefix, and the class's cbc_encrypt hook. */
void rijn_i_x86ni_cbc_dec_sse(const uint64_t *ks, unsigned rounds, uint8_t iv[16],
                              uint8_t *out, const uint8_t *in, size_t nblocks);
void rijn_i_x86ni_cbc_enc(const uint64_t *ks, unsigned rounds, uint8_t iv[16], uint8_t *out,
                          const uint8_t *in, size_t nblocks);
/* CFB (aes_x86ni_cfb.c): the class's cfb_encrypt hook, the 128-bit
 * decryption the cfb_decrypt hook runs after its VAES prefix, and the
 * cfb8_encrypt hook. */
void rijn_i_x86ni_cfb_enc(const uint64_t *ks, unsigned rounds, uint8_t iv[16], uint8_t *out,
                          const uint8_t *in, size_t nblocks);
void rijn_i_x86ni_cfb_dec_sse(const uint64_t *ks, unsigned rounds, uint8_t iv[16],
                              uint8_t *out, const uint8_t *in, size_t nblocks);
void rijn_i_x86ni_cfb8_enc(const uint64_t *ks, unsigned rounds, uint8_t reg[16], uint8_t *out,
                           const uint8_t *in, size_t len);
/* The classes' key schedule (aes_x86ni_key.c): the setkey entry. */
void rijn_i_x86ni_setkey(uint64_t *ks, const uint8_t *key, size_t key_len, unsigned dirs);
/* The class's cbcmac entry (aes_x86ni_mac.c). */
void rijn_i_x86ni_cbcmac(const uint64_t *ks, unsigned rounds, unsigned op, uint8_t mac[16],
                         uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks);

/* The class's one-shot hooks (aes_i.h: ecb_enc_once ... ctr_once;
 * aes_x86ni.c, aes_x86ni_ctr.c, aes_x86ni_cbc.c): arguments checked, the
 * IV only read, RIJN_OK returned, at most six arguments, so the public
 * calls end in a tail call; CBC: nblocks > 0. The _vex entries are the same code compiled
 * for AVX (VEX encoding folds the round-key loads into vaesenc), the
 * [RIJN_I_DIR_ALT] entries for contexts keyed on a CPU with AVX. */
int rijn_i_x86ni_ecb_enc(const rijn_aes_ctx *aes, uint8_t *out, const uint8_t *in,
                         size_t nblocks);
int rijn_i_x86ni_ecb_enc_vex(const rijn_aes_ctx *aes, uint8_t *out, const uint8_t *in,
                             size_t nblocks);
int rijn_i_x86ni_ecb_dec(const rijn_aes_ctx *aes, uint8_t *out, const uint8_t *in,
                         size_t nblocks);
int rijn_i_x86ni_ctr_once(const rijn_aes_ctx *aes, unsigned ctr_bits, const uint8_t iv[16],
                          uint8_t *out, const uint8_t *in, size_t nblocks);
int rijn_i_x86ni_cbc_enc_once(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                              const uint8_t *in, size_t nblocks);
int rijn_i_x86ni_cbc_enc_once_vex(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                                  const uint8_t *in, size_t nblocks);

/* The class's xts hook: the whole XTS message with AES-NI, tweaks in
 * registers (aes_x86ni_xts.c). */
int rijn_i_x86ni_xts(const rijn_aes_ctx key[2], int dec, const uint8_t tweak[16], uint8_t *out,
                     const uint8_t *in, size_t len);
/* XTS with VAES-512 and tweaks in registers (aes_x86ni_xts512.c): n
 * whole blocks from tweak t (already encrypted), then, when r != 0, the
 * ciphertext stealing of the last whole block and the r bytes after it,
 * for a context marked RIJN_I_DIR_W512 (the caller checks). */
void rijn_i_xts_vaes512(const rijn_aes_ctx *aes, int dec, __m128i t, uint8_t *out,
                        const uint8_t *in, size_t n, size_t r);
/* From 3 whole blocks, or any length with stealing (measured: AES-NI
 * alone was faster for 1-2 blocks, the same with 3; notes in
 * aes_x86ni_xts512.c). */
#define RIJN_XTS512_MIN 3
/* The same with VAES on 256-bit registers (aes_x86ni_xts256.c; VAES +
 * VPCLMULQDQ + AVX2, a context marked RIJN_I_DIR_W256): the whole message
 * from 4 whole blocks or any length with stealing (RIJN_XTS256_MIN; 3
 * blocks were 1.02-1.11x slower than AES-NI alone); the caller checks
 * the mark. */
void rijn_i_xts_vaes256(const rijn_aes_ctx *aes, int dec, __m128i t, uint8_t *out,
                        const uint8_t *in, size_t n, size_t r);
#define RIJN_XTS256_MIN 4

/* t * alpha in GF(2^128), IEEE 1619 byte order (XTS tweaks). */
RIJN_X86NI_INLINE __m128i x86ni_xts_mulx(__m128i t)
{
    /* lane 0 <- sign of lane 3 (top bit), lane 2 <- sign of lane 1 */
    __m128i m = _mm_shuffle_epi32(_mm_srai_epi32(t, 31), 0x13);
    m = _mm_and_si128(m, _mm_set_epi32(0, 1, 0, 0x87));
    return _mm_xor_si128(_mm_add_epi64(t, t), m);
}
/* One XTS block x with the tweak t (rk: the encryption or decryption
 * view; rounds unrolled: a branch on the key size), t joined to round key
 * 0 and to the last one: the single blocks of the VAES kernels' stealing
 * (aes_x86ni_xts256.c, aes_x86ni_xts512.c). */
RIJN_X86NI_INLINE __m128i x86ni_xts_one(const uint8_t *rk, unsigned rounds, int dec, __m128i x,
                                        __m128i t)
{
    __m128i k;
    x = _mm_xor_si128(x, _mm_xor_si128(t, _mm_loadu_si128((const __m128i *)(const void *)rk)));
#define ROUND(r)                                                             \
    k = _mm_loadu_si128((const __m128i *)(const void *)(rk + 16 * (r)));     \
    x = dec ? _mm_aesdec_si128(x, k) : _mm_aesenc_si128(x, k);
    RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
    t = _mm_xor_si128(t, _mm_loadu_si128((const __m128i *)(const void *)(rk + 16 * rounds)));
    return dec ? _mm_aesdeclast_si128(x, t) : _mm_aesenclast_si128(x, t);
}
/* The 64-bit halves of v: MOVQ from the register on x86-64 (a vector
 * store reloaded as two 8-byte words cost an AVX2-level 1 KiB XTS message
 * some 5%), through memory on i386. */
RIJN_X86NI_INLINE void x86ni_halves(__m128i v, uint64_t *lo, uint64_t *hi)
{
#if defined(__x86_64__)
    *lo = (uint64_t)_mm_cvtsi128_si64(v);
    *hi = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v));
#else
    uint8_t b[16];
    x86ni_st(b, v);
    *lo = rijn_load64_le(b);
    *hi = rijn_load64_le(b + 8);
    rijn_wipe(b, sizeof b);
#endif
}
/* t * alpha^k (1 <= k <= 8) in one step: 64-bit shifts, the bits crossing
 * the quadwords moved by a byte shift, those out of the top folded back
 * times 0x87 (independent of the other powers: no chain of doublings). */
RIJN_X86NI_INLINE __m128i x86ni_xts_mulak(__m128i t, int k)
{
    const __m128i o = _mm_srli_epi64(t, 64 - k), top = _mm_srli_si128(o, 8);
    const __m128i red = _mm_xor_si128(_mm_xor_si128(top, _mm_slli_epi64(top, 1)),
                                      _mm_xor_si128(_mm_slli_epi64(top, 2), _mm_slli_epi64(top, 7)));
    return _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(t, k), _mm_slli_si128(o, 8)), red);
}

/* VAES paths (aes_x86ni_vaes512.c, aes_x86ni_vaes256.c). Each handles a
 * multiple of 16 blocks (the longest prefix it can) and returns the number
 * of blocks done; the caller finishes the rest with the 128-bit code. The
 * ctr / iv state is advanced by the blocks done. */
#define RIJN_X86NI_DECL_WIDE(w)                                                              \
    size_t rijn_i_x86ni_##w##_encrypt(const uint64_t *ks, unsigned rounds, uint8_t *out,     \
                                      const uint8_t *in, size_t nblocks);                    \
    size_t rijn_i_x86ni_##w##_decrypt(const uint64_t *ks, unsigned rounds, uint8_t *out,     \
                                      const uint8_t *in, size_t nblocks);                    \
    size_t rijn_i_x86ni_##w##_ctr(const uint64_t *ks, unsigned rounds, unsigned ctr_bits,    \
                                  uint8_t ctr[16], uint8_t *out, const uint8_t *in,          \
                                  size_t nblocks);                                           \
    size_t rijn_i_x86ni_##w##_cbc_dec(const uint64_t *ks, unsigned rounds, uint8_t iv[16],   \
                                      uint8_t *out, const uint8_t *in, size_t nblocks);      \
    size_t rijn_i_x86ni_##w##_cfb_dec(const uint64_t *ks, unsigned rounds, uint8_t iv[16],   \
                                      uint8_t *out, const uint8_t *in, size_t nblocks)
RIJN_X86NI_DECL_WIDE(vaes512);
RIJN_X86NI_DECL_WIDE(vaes256);

/* Below this many blocks the 128-bit code is used (VAES set-up cost). */
#define RIJN_X86NI_VAES_MIN 16

#endif /* RIJN_CFG_AES_X86NI */
#endif /* RIJN_AES_X86NI_H */
