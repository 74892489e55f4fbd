/*
 * aes_i.h -- the internal interface every AES implementation provides.
 *
 * A class is a const struct of function pointers. The dispatcher (aes.c)
 * validates arguments; the functions here may assume:
 *   - key_len is 16, 24 or 32 and allowed by the configuration;
 *   - ks points to RIJN_AES_KS_WORDS uint64_t words (8-byte aligned);
 *   - rounds is 10, 12 or 14 and matches the key the schedule came from;
 *   - out and in are either equal or do not overlap; nblocks may be 0.
 * Optional entries are NULL when the class has no fused path; the modes
 * then fall back to the N-block entries.
 */
#ifndef RIJN_AES_I_H
#define RIJN_AES_I_H

#include "core/cpu.h"
#include "rijn/aes.h"

/* Bits of rijn_aes_ctx.dirs besides RIJN_I_DIR_ENC / RIJN_I_DIR_DEC
 * (rijn/aes.h): ALT, set at key setup when the CPU has the class's
 * alt_cpu features, selects the class's alternate one-shot entries
 * (x86ni: the VEX-encoded copies, hence the second name). */
#define RIJN_I_DIR_ALT 4u
#define RIJN_I_DIR_VEX RIJN_I_DIR_ALT
/* W256 / W512, set at key setup when the CPU has the class's w256_cpu /
 * w512_cpu features: the context may run the 256-bit / 512-bit vector
 * AES paths (x86ni: VAES on YMM / ZMM registers). Kernels test these
 * context bits (rijn_i_aes_w256 / rijn_i_aes_w512), never the CPU. */
#define RIJN_I_DIR_W256 8u
#define RIJN_I_DIR_W512 16u

/* Whether the class struct carries the one-shot / XTS hooks and alt_cpu:
 * only builds with a class that provides them pay for the entries (MCU
 * images keep the short struct and the modes their generic paths). */
#define RIJN_I_AES_HOOKS (RIJN_CFG_AES_X86NI || RIJN_CFG_AES_ARMCE || RIJN_CFG_AES_NEONBS)

/* A short-message hot function (public one-shot entry, or the class hook
 * it ends in) starting on a 64-byte line, x86-64 only: a 16-byte CBC or
 * ECB encryption's time moved with where the link put these functions
 * (notes in src/modes/cbc.c, ecb.c). */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define RIJN_I_HOT_ALIGN __attribute__((aligned(64)))
#else
#define RIJN_I_HOT_ALIGN
#endif

/* Whether a class with rk_isa RIJN_CPU_AESNI (below) may be compiled in:
 * the AES-NI kernels of the AEADs (stitched GCM, OCB, GCM-SIV's CTR) are
 * built only then. */
#define RIJN_I_AES_RK_AESNI RIJN_CFG_AES_X86NI

/* Likewise for rk_isa RIJN_CPU_ARM_AES (the "armce" class): the AArch64
 * kernels of the AEADs (stitched GCM) are built only then. */
#define RIJN_I_AES_RK_ARMCE RIJN_CFG_AES_ARMCE

/* op of the cbcmac entry below. */
#define RIJN_I_CBCMAC_MAC 0u
#define RIJN_I_CBCMAC_ENC 1u
#define RIJN_I_CBCMAC_DEC 2u
#define RIJN_I_CBCMAC_CTR128 4u /* OR'ed into ENC/DEC: see below */

struct rijn_aes_impl {
    const char *name;
    unsigned flags; /* RIJN_AES_IMPL_* */

    /* 1 if this CPU can run the class (NULL: always). */
    int (*available)(void);

    /* Expand key into ks for the directions in dirs (RIJN_I_DIR_*). */
    void (*setkey)(uint64_t *ks, const uint8_t *key, size_t key_len, unsigned dirs);

    /* nblocks independent blocks. */
    void (*encrypt)(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                    size_t nblocks);
    void (*decrypt)(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                    size_t nblocks); /* NULL if RIJN_CFG_AES_DECRYPT is 0 */

    /* Optional: out = in XOR E(ctr), E(ctr+1), ... for nblocks blocks,
     * counter big-endian over the whole 128 bits (ctr_bits 128) or over the
     * last 32 bits only (ctr_bits 32), both wrapping. ctr is advanced by
     * nblocks. */
    void (*ctr)(const uint64_t *ks, unsigned rounds, unsigned ctr_bits, uint8_t ctr[16],
                uint8_t *out, const uint8_t *in, size_t nblocks);

    /* Optional: CBC decryption of nblocks blocks; iv is updated to the
     * last ciphertext block. out may equal in. */
    void (*cbc_decrypt)(const uint64_t *ks, unsigned rounds, uint8_t iv[16], uint8_t *out,
                        const uint8_t *in, size_t nblocks);

    /* Optional: CBC encryption of nblocks blocks; iv updated likewise. */
    void (*cbc_encrypt)(const uint64_t *ks, unsigned rounds, uint8_t iv[16], uint8_t *out,
                        const uint8_t *in, size_t nblocks);

    /* Optional: CBC-MAC chain over nblocks blocks (mac = E(mac ^ B) per
     * block B), alone or stitched with a CTR stream (CCM); op is one of
     *   RIJN_I_CBCMAC_MAC: B = in; out and ctr are not used (may be NULL);
     *   RIJN_I_CBCMAC_ENC: out = in XOR E(ctr), E(ctr+1), ...; B = in;
     *   RIJN_I_CBCMAC_DEC: out = in XOR E(ctr), E(ctr+1), ...; B = out.
     * Only the last 8 bytes of the big-endian counter are incremented
     * (mod 2^64; CCM's counter field is at most 8 bytes and never wraps),
     * or, with RIJN_I_CBCMAC_CTR128 in op, the whole block (mod 2^128, EAX);
     * either way without a branch on the counter (it may be secret). ctr
     * is advanced by nblocks. out may equal in. */
    void (*cbcmac)(const uint64_t *ks, unsigned rounds, unsigned op, uint8_t mac[16],
                   uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks);

#if RIJN_I_AES_HOOKS
    /* The entries below exist only in builds with a class that fills them
     * (RIJN_I_AES_HOOKS); classes initialise the struct with designated
     * initialisers, so the ones that have none leave them NULL. */

    /* CPU features (RIJN_CPU_*, core/cpu.h) under which key setup marks
     * the context RIJN_I_DIR_ALT (0: never). */
    uint32_t alt_cpu;
    /* Likewise for RIJN_I_DIR_W256 and RIJN_I_DIR_W512 (0: never). */
    uint32_t w256_cpu, w512_cpu;

    /* Round-key view: the CPU's AES instructions (RIJN_CPU_AESNI, ...)
     * the class runs on, when its schedule is the standard round-key
     * layout -- bytes [0, 16(r+1)) of ks the encryption round keys K0..Kr
     * in FIPS 197 byte order, then, keyed for decryption, the equivalent
     * inverse cipher's Kr, IMC(Kr-1), ..., IMC(K1), K0 (0: neither). Code
     * built on the same instructions (the AEADs' kernels) then uses the
     * keys in place through rijn_i_aes_rk_enc / _dec, testing this
     * capability (rijn_i_aes_rk_aesni), never the class. */
    uint32_t rk_isa;

    /* Optional one-shot entries, the whole message of a public one-shot
     * call after its fast-path test (rijn_i_mode_fast_ok: aes keyed for
     * the direction, out == in or disjoint, nblocks > 0): ECB, CBC
     * encryption, CTR (ctr_bits 128 or 32). The IV is only read; each
     * returns RIJN_OK and takes at most six arguments, so the public call
     * ends in a tail call. Index [1] serves contexts marked
     * RIJN_I_DIR_ALT, [0] the others. NULL: the mode's generic path. */
    int (*ecb_enc_once[2])(const rijn_aes_ctx *aes, uint8_t *out, const uint8_t *in,
                           size_t nblocks);
    int (*ecb_dec_once[2])(const rijn_aes_ctx *aes, uint8_t *out, const uint8_t *in,
                           size_t nblocks);
    int (*cbc_enc_once[2])(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                           const uint8_t *in, size_t nblocks);
    int (*ctr_once[2])(const rijn_aes_ctx *aes, unsigned ctr_bits, const uint8_t iv[16],
                       uint8_t *out, const uint8_t *in, size_t nblocks);

    /* Optional: a whole XTS message (IEEE 1619; len >= 16, arguments
     * checked), called when both keys use this class: key[0] the data key
     * (keyed for the direction), key[1] the tweak key (for encryption), as
     * in rijn_xts_ctx. Returns RIJN_OK; six arguments, so xts.c ends in a
     * tail call (as a plain indirect call with seven arguments it cost a
     * 16-byte message about 33 more cycles, twice its time, on the
     * benchmark machine's EPYC). */
    int (*xts)(const rijn_aes_ctx key[2], int dec, const uint8_t tweak[16], uint8_t *out,
               const uint8_t *in, size_t len);

    /* Optional: CFB128 decryption of nblocks whole blocks (P_j = C_j ^
     * E(C_{j-1}), C_0 = iv), the context keyed for encryption; iv is
     * updated to the last ciphertext block. out may equal in. */
    void (*cfb_decrypt)(const uint64_t *ks, unsigned rounds, uint8_t iv[16], uint8_t *out,
                        const uint8_t *in, size_t nblocks);

    /* Optional: CFB128 encryption of nblocks > 0 whole blocks (C_j = P_j ^
     * E(C_{j-1}), C_0 = iv); iv is updated to the last ciphertext block.
     * out may equal in. */
    void (*cfb_encrypt)(const uint64_t *ks, unsigned rounds, uint8_t iv[16], uint8_t *out,
                        const uint8_t *in, size_t nblocks);

    /* Optional: CFB8 encryption of len bytes, reg the 16-byte shift
     * register (updated). out may equal in. */
    void (*cfb8_encrypt)(const uint64_t *ks, unsigned rounds, uint8_t reg[16], uint8_t *out,
                         const uint8_t *in, size_t len);
#endif
};

#if RIJN_I_AES_RK_AESNI
/* 1 when ctx (keyed) holds AES-NI round keys in the standard layout. */
static inline int rijn_i_aes_rk_aesni(const rijn_aes_ctx *ctx)
{
    return (ctx->impl->rk_isa & RIJN_CPU_AESNI) != 0;
}
#endif
#if RIJN_I_AES_RK_ARMCE
/* 1 when ctx (keyed) holds ARMv8 AES round keys in the standard layout. */
static inline int rijn_i_aes_rk_armce(const rijn_aes_ctx *ctx)
{
    return (ctx->impl->rk_isa & RIJN_CPU_ARM_AES) != 0;
}
#endif
/* The round keys of a context in the standard layout (see rk_isa). */
static inline const uint8_t *rijn_i_aes_rk_enc(const rijn_aes_ctx *ctx)
{
    return (const uint8_t *)ctx->ks;
}
static inline const uint8_t *rijn_i_aes_rk_dec(const rijn_aes_ctx *ctx)
{
    return (const uint8_t *)ctx->ks + 16 * (ctx->rounds + 1);
}

/* 1 when ctx's key setup found the class's 256-bit / 512-bit vector
 * paths runnable here (RIJN_I_DIR_W256 / W512; with rk_isa, what the
 * AEADs' VAES kernels ask for). */
#define rijn_i_aes_w256(ctx) (((ctx)->dirs & RIJN_I_DIR_W256) != 0)
#define rijn_i_aes_w512(ctx) (((ctx)->dirs & RIJN_I_DIR_W512) != 0)
/* Key dst for encryption with src's class, rounds and CPU marks (ALT,
 * W256, W512: found at src's key setup on this CPU): a per-message key
 * (GCM-SIV; ALT for its stitched AES-NI opening's AVX build). */
static inline void rijn_i_aes_key_like(rijn_aes_ctx *dst, const rijn_aes_ctx *src,
                                       const uint8_t *key, size_t key_len)
{
    dst->impl = src->impl;
    dst->rounds = (uint32_t)(key_len / 4 + 6);
    dst->dirs = RIJN_I_DIR_ENC |
                (src->dirs & (RIJN_I_DIR_ALT | RIJN_I_DIR_W256 | RIJN_I_DIR_W512));
    src->impl->setkey(dst->ks, key, key_len, RIJN_I_DIR_ENC);
}

/* The one-shot entry of a context (see ecb_enc_once above): [1] when its
 * key setup marked it RIJN_I_DIR_ALT. */
#define RIJN_I_AES_ALT(aes) (((aes)->dirs / RIJN_I_DIR_ALT) & 1u)

/* The classes; each is defined in its own file when compiled in. */
extern const rijn_aes_impl rijn_i_aes_x86ni;
extern const rijn_aes_impl rijn_i_aes_x86ni_vaes256;
extern const rijn_aes_impl rijn_i_aes_x86ni_vaes512;
extern const rijn_aes_impl rijn_i_aes_armce;
extern const rijn_aes_impl rijn_i_aes_rvk;
extern const rijn_aes_impl rijn_i_aes_neonbs;
extern const rijn_aes_impl rijn_i_aes_ct64;
extern const rijn_aes_impl rijn_i_aes_bs256;
extern const rijn_aes_impl rijn_i_aes_ct32;
extern const rijn_aes_impl rijn_i_aes_ct32asm;
extern const rijn_aes_impl rijn_i_aes_ct32v6m;
extern const rijn_aes_impl rijn_i_aes_avr;
extern const rijn_aes_impl rijn_i_aes_ttable;
extern const rijn_aes_impl rijn_i_aes_small;

/* Shared helpers for software key schedules (aes_common.c). */
extern const uint8_t rijn_i_aes_rcon[10];
/* FIPS 197 KeyExpansion into 4*(rounds+1) big-endian words; returns rounds. */
unsigned rijn_i_aes_expand_words(uint32_t *w, const uint8_t *key, size_t key_len,
                                 uint32_t (*subword)(uint32_t));

/* Fast internal calls for the modes: the context is known to be set up. */
static inline void rijn_i_aes_enc(const rijn_aes_ctx *c, uint8_t *out, const uint8_t *in,
                                  size_t n)
{
    c->impl->encrypt(c->ks, c->rounds, out, in, n);
}
static inline void rijn_i_aes_dec(const rijn_aes_ctx *c, uint8_t *out, const uint8_t *in,
                                  size_t n)
{
    c->impl->decrypt(c->ks, c->rounds, out, in, n);
}

/* Status checks the modes share: RIJN_OK when ctx can encrypt/decrypt. */
int rijn_i_aes_check_enc(const rijn_aes_ctx *ctx);
int rijn_i_aes_check_dec(const rijn_aes_ctx *ctx);

/* The same checks inline, for a ctx already known to be non-NULL (the
 * short-message paths of the modes): RIJN_ERR_STATE when the context is
 * not keyed for the direction, RIJN_ERR_UNSUPPORTED for decryption
 * compiled out. */
static inline int rijn_i_aes_ready_enc(const rijn_aes_ctx *ctx)
{
    if (ctx->impl == NULL || !(ctx->dirs & RIJN_I_DIR_ENC))
        return RIJN_ERR_STATE;
    return RIJN_OK;
}
static inline int rijn_i_aes_ready_dec(const rijn_aes_ctx *ctx)
{
    if (!RIJN_CFG_AES_DECRYPT)
        return RIJN_ERR_UNSUPPORTED;
    if (ctx->impl == NULL || !(ctx->dirs & RIJN_I_DIR_DEC))
        return RIJN_ERR_STATE;
    return RIJN_OK;
}

#endif /* RIJN_AES_I_H */
