/*
 * aes_x86ni.c -- the "x86ni" classes: AES with the AES-NI instructions.
 * ECB (N-block) entries and the three classes; the key schedule is in
 * aes_x86ni_key.c, the fused CTR / CBC / CFB paths are in
 * aes_x86ni_ctr.c / aes_x86ni_cbc.c / aes_x86ni_cfb.c, the VAES (256/512-bit)
 * paths in aes_x86ni_vaes512.c and aes_x86ni_vaes256.c, XTS in aes_x86ni_xts.c and aes_x86ni_xts512.c,
 * CBC-MAC / CCM in aes_x86ni_mac.c.
 *
 * Implementation notes
 *   Layout: see aes_x86ni.h (encryption round keys, then the decryption
 *   round keys of the equivalent inverse cipher, 16 bytes each).
 *   Key schedule: aes_x86ni_key.c.
 *   Throughput: 8 independent blocks per pass (AESENC latency x issue
 *   width), then 4, then 1; VAES paths take over for long inputs in the
 *   classes that have them. Short inputs (<= 4 blocks) take one pass of
 *   that many blocks in the class entry itself, which tail-calls the long
 *   path otherwise (short calls save no registers and test nothing else).
 *   Loads and stores are unaligned; out == in works because each pass
 *   loads all its input before it stores.
 *   Three classes, one per vector width, share the key schedule and every
 *   hook: "x86ni" (AES-NI on XMM only), "x86ni-vaes256" (VAES on YMM) and
 *   "x86ni-vaes512" (VAES on ZMM), each registered with the CPU bits its
 *   code needs, so RIJN_CPU_MASK and force-by-name reach each and the
 *   tests that iterate the classes run every width in one process. The
 *   width is a constant of each class's N-block entries (the entries get
 *   the schedule, not the context); the one-shot hooks read it from the
 *   context's marks (RIJN_I_DIR_W256 / W512, set at key setup from the
 *   class's w256_cpu / w512_cpu). No code here tests a CPU flag except
 *   the availability predicates.
 *   Constant time: the AES instructions take data-independent time; there
 *   is no table and no secret-dependent branch (branches depend only on
 *   lengths, and in CTR on the public counter value).
 *   Code generation: intrinsics with per-function target attributes, so
 *   the file builds with baseline x86-64 flags; available() checks CPUID.
 *   Vectors: FIPS 197 C and the CAVP files (every class), and
 *   tests/aes/test_aes_fused.c: ECB/CTR/CBC against OpenSSL and against the
 *   class's own N-block entries, 0..70 blocks, with VAES masked and not.
 */
#include "aes_x86ni.h"

#if RIJN_CFG_AES_X86NI

/* ECB over m blocks (m a constant after inlining). */
RIJN_X86NI_INLINE void ecb_pass_r(const uint8_t *rk, unsigned rounds, uint8_t *out,
                                  const uint8_t *in, unsigned m, int dec)
{
    __m128i x[8];
    unsigned i;
    RIJN_UNROLL for (i = 0; i < m; i++)
        x[i] = x86ni_ld(in + 16 * i);
    if (dec)
        x86ni_decn_r(x, m, rk, rounds);
    else
        x86ni_encn_r(x, m, rk, rounds);
    RIJN_UNROLL for (i = 0; i < m; i++)
        x86ni_st(out + 16 * i, x[i]);
}

/* Loads, rounds and stores inside each key size's branch: x[] then never
 * lives across a join (see RIJN_X86NI_BY_ROUNDS). */
RIJN_X86NI_INLINE void ecb_pass(const uint8_t *rk, unsigned rounds, uint8_t *out,
                                const uint8_t *in, unsigned m, int dec)
{
#define CALL(r) ecb_pass_r(rk, r, out, in, m, dec)
    RIJN_X86NI_BY_ROUNDS(rounds, CALL);
#undef CALL
}

RIJN_X86NI_INLINE void ecb(const uint8_t *rk, unsigned rounds, uint8_t *out, const uint8_t *in,
                           size_t nblocks, int dec)
{
    for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128)
        ecb_pass(rk, rounds, out, in, 8, dec);
#define PASS(m) ecb_pass(rk, rounds, out, in, m, dec)
    RIJN_X86NI_TAIL(nblocks, in, out, PASS);
#undef PASS
}

/* The VAES width w (512, 256, or 0: none) of a class entry or a context,
 * for n blocks: 0 below RIJN_X86NI_VAES_MIN. w is fixed by the class
 * (its entries below pass a constant) or read from the context's marks
 * (the one-shot hooks, WIDTH_OF); never from the CPU. */
#define WIDE(w, n) ((n) < RIJN_X86NI_VAES_MIN ? 0u : (w))
#define WIDTH_OF(aes)                                                                     \
    (((aes)->dirs & RIJN_I_DIR_W512) ? 512u : ((aes)->dirs & RIJN_I_DIR_W256) ? 256u : 0u)

/* Run the VAES variant fn of width w on a prefix, then skip it. */
#define WIDE_PREFIX(w, fn, ...)                                              \
    do {                                                                     \
        unsigned w_ = WIDE(w, nblocks);                                      \
        if (w_ != 0) {                                                       \
            size_t d_ = w_ == 512 ? rijn_i_x86ni_vaes512_##fn(__VA_ARGS__)   \
                                  : rijn_i_x86ni_vaes256_##fn(__VA_ARGS__);  \
            nblocks -= d_;                                                   \
            in += 16 * d_;                                                   \
            out += 16 * d_;                                                  \
        }                                                                    \
    } while (0)

/* 0..4 blocks (short messages) in one pass, and no register saved for the
 * long paths: the class entries test this first and tail-call the rest. */
RIJN_X86NI_INLINE void ecb_short(const uint8_t *rk, unsigned rounds, uint8_t *out,
                                 const uint8_t *in, size_t nblocks, int dec)
{
    switch (nblocks) {
    case 0: break;
    case 1: ecb_pass(rk, rounds, out, in, 1, dec); break;
    case 2: ecb_pass(rk, rounds, out, in, 2, dec); break;
    case 3: ecb_pass(rk, rounds, out, in, 3, dec); break;
    default: ecb_pass(rk, rounds, out, in, 4, dec); break;
    }
}

#define X86NI_NOINLINE static __attribute__((noinline, target("aes,sse2,ssse3")))

/* The long paths, width w (WIDE): each returns RIJN_OK so the one-shot
 * entries below end in a tail call. */
X86NI_NOINLINE int encrypt_long(const uint64_t *ks, unsigned rounds, uint8_t *out,
                                const uint8_t *in, size_t nblocks, unsigned w)
{
    WIDE_PREFIX(w, encrypt, ks, rounds, out, in, nblocks);
    ecb(rijn_i_x86ni_ek(ks), rounds, out, in, nblocks, 0);
    return RIJN_OK;
}

RIJN_X86NI_INLINE void encrypt_w(const uint64_t *ks, unsigned rounds, uint8_t *out,
                                 const uint8_t *in, size_t nblocks, unsigned w)
{
    if (nblocks <= 4)
        ecb_short(rijn_i_x86ni_ek(ks), rounds, out, in, nblocks, 0);
    else
        (void)encrypt_long(ks, rounds, out, in, nblocks, w);
}

/* CFB128 decryption, the cfb_decrypt hook: VAES passes (the cipher inputs
 * are the ciphertext shifted by one block, loaded in place), then the
 * 128-bit passes of aes_x86ni_cfb.c (inputs in registers, no stack copy). */
X86NI_NOINLINE void cfb_decrypt_w(const uint64_t *ks, unsigned rounds, uint8_t iv[16],
                                  uint8_t *out, const uint8_t *in, size_t nblocks, unsigned w)
{
    WIDE_PREFIX(w, cfb_dec, ks, rounds, iv, out, in, nblocks);
    rijn_i_x86ni_cfb_dec_sse(ks, rounds, iv, out, in, nblocks);
}

#if RIJN_CFG_AES_DECRYPT
X86NI_NOINLINE int decrypt_long(const uint64_t *ks, unsigned rounds, uint8_t *out,
                                const uint8_t *in, size_t nblocks, unsigned w)
{
    WIDE_PREFIX(w, decrypt, ks, rounds, out, in, nblocks);
    ecb(rijn_i_x86ni_dk(ks, rounds), rounds, out, in, nblocks, 1);
    return RIJN_OK;
}

RIJN_X86NI_INLINE void decrypt_w(const uint64_t *ks, unsigned rounds, uint8_t *out,
                                 const uint8_t *in, size_t nblocks, unsigned w)
{
    if (nblocks <= 4)
        ecb_short(rijn_i_x86ni_dk(ks, rounds), rounds, out, in, nblocks, 1);
    else
        (void)decrypt_long(ks, rounds, out, in, nblocks, w);
}

X86NI_NOINLINE void cbc_decrypt_w(const uint64_t *ks, unsigned rounds, uint8_t iv[16],
                                  uint8_t *out, const uint8_t *in, size_t nblocks, unsigned w)
{
    WIDE_PREFIX(w, cbc_dec, ks, rounds, iv, out, in, nblocks);
    rijn_i_x86ni_cbc_dec_sse(ks, rounds, iv, out, in, nblocks);
}
#endif

/* One-shot ECB entries, the class's ecb_enc_once / ecb_dec_once hooks: the N-block
 * entries returning RIJN_OK, so a public call ends in a tail call. The
 * encryption entry has a VEX copy (RIJN_X86NI_VEX_TARGET); one block (the
 * commonest short message) and four (64 bytes, the next) are done in the
 * entry itself, four blocks with their round keys in XMM registers (no
 * stack frame); other counts in a function of their own, whose register
 * spills would otherwise give every call a stack frame. Both entries
 * start on a 64-byte line (RIJN_I_HOT_ALIGN; notes in src/modes/ecb.c).
 * The VAES width is the context's (WIDTH_OF). */
RIJN_X86NI_INLINE int ecb_enc_more(const rijn_aes_ctx *aes, uint8_t *out, const uint8_t *in,
                                   size_t nblocks)
{
    if (nblocks <= 4)
        ecb_short(rijn_i_x86ni_ek(aes->ks), aes->rounds, out, in, nblocks, 0);
    else
        return encrypt_long(aes->ks, aes->rounds, out, in, nblocks, WIDTH_OF(aes));
    return RIJN_OK;
}
X86NI_NOINLINE int ecb_enc_more_sse(const rijn_aes_ctx *aes, uint8_t *out, const uint8_t *in,
                                    size_t nblocks)
{
    return ecb_enc_more(aes, out, in, nblocks);
}
static __attribute__((noinline, target("aes,avx"))) int
ecb_enc_more_vex(const rijn_aes_ctx *aes, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    return ecb_enc_more(aes, out, in, nblocks);
}

RIJN_I_HOT_ALIGN RIJN_X86NI_TARGET int
rijn_i_x86ni_ecb_enc(const rijn_aes_ctx *aes, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const uint8_t *ek = rijn_i_x86ni_ek(aes->ks);
    if (RIJN_LIKELY(nblocks == 1)) /* the commonest short message first */
        return x86ni_enc1_store(_mm_xor_si128(x86ni_ld(in), x86ni_ld(ek)), ek, aes->rounds, out);
    if (nblocks == 4) { /* 64 bytes: saves the jump to ecb_enc_more_sse */
        ecb_pass(ek, aes->rounds, out, in, 4, 0);
        return RIJN_OK;
    }
    return ecb_enc_more_sse(aes, out, in, nblocks);
}

RIJN_I_HOT_ALIGN RIJN_X86NI_VEX_TARGET int
rijn_i_x86ni_ecb_enc_vex(const rijn_aes_ctx *aes, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const uint8_t *ek = rijn_i_x86ni_ek(aes->ks);
    if (RIJN_LIKELY(nblocks == 1))
        return x86ni_enc1_store(_mm_xor_si128(x86ni_ld(in), x86ni_ld(ek)), ek, aes->rounds, out);
    if (nblocks == 4) {
        ecb_pass(ek, aes->rounds, out, in, 4, 0);
        return RIJN_OK;
    }
    return ecb_enc_more_vex(aes, out, in, nblocks);
}

#if RIJN_CFG_AES_DECRYPT
RIJN_X86NI_TARGET int rijn_i_x86ni_ecb_dec(const rijn_aes_ctx *aes, uint8_t *out,
                                           const uint8_t *in, size_t nblocks)
{
    if (nblocks == 1)
        ecb_pass(rijn_i_x86ni_dk(aes->ks, aes->rounds), aes->rounds, out, in, 1, 1);
    else if (nblocks <= 4)
        ecb_short(rijn_i_x86ni_dk(aes->ks, aes->rounds), aes->rounds, out, in, nblocks, 1);
    else
        return decrypt_long(aes->ks, aes->rounds, out, in, nblocks, WIDTH_OF(aes));
    return RIJN_OK;
}
#endif

X86NI_NOINLINE void ctr_long(const uint64_t *ks, unsigned rounds, unsigned ctr_bits,
                             uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks,
                             unsigned w)
{
    WIDE_PREFIX(w, ctr, ks, rounds, ctr_bits, ctr, out, in, nblocks);
    /* no 128-bit call when the prefix did every block: with the VAES code's
     * 256-bit state just left, it cost a 1 KiB call ~15 TSC ticks (12%) */
    if (nblocks != 0)
        rijn_i_x86ni_ctr_sse(ks, rounds, ctr_bits, ctr, out, in, nblocks);
}

static inline void ctr_w(const uint64_t *ks, unsigned rounds, unsigned ctr_bits,
                         uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks,
                         unsigned w)
{
    if (nblocks <= 4)
        rijn_i_x86ni_ctr_short(ks, rounds, ctr_bits, ctr, out, in, nblocks);
    else if (nblocks < 8)
        rijn_i_x86ni_ctr_small(ks, rounds, ctr_bits, ctr, out, in, nblocks);
    else
        ctr_long(ks, rounds, ctr_bits, ctr, out, in, nblocks, w);
}

/* The N-block entries of one class, its VAES width W a constant. */
#if RIJN_CFG_AES_DECRYPT
#define X86NI_DEC_ENTRIES(sfx, W)                                                           \
    RIJN_X86NI_TARGET static void decrypt_##sfx(const uint64_t *ks, unsigned rounds,        \
                                                uint8_t *out, const uint8_t *in, size_t n)  \
    {                                                                                       \
        decrypt_w(ks, rounds, out, in, n, W);                                               \
    }                                                                                       \
    static void cbc_decrypt_##sfx(const uint64_t *ks, unsigned rounds, uint8_t iv[16],      \
                                  uint8_t *out, const uint8_t *in, size_t n)                \
    {                                                                                       \
        cbc_decrypt_w(ks, rounds, iv, out, in, n, W);                                       \
    }
#define X86NI_DECRYPT(sfx)     decrypt_##sfx
#define X86NI_CBC_DECRYPT(sfx) cbc_decrypt_##sfx
#define X86NI_ECB_DEC_ONCE     rijn_i_x86ni_ecb_dec
#else
#define X86NI_DEC_ENTRIES(sfx, W)
#define X86NI_DECRYPT(sfx)     NULL
#define X86NI_CBC_DECRYPT(sfx) NULL
#define X86NI_ECB_DEC_ONCE     NULL
#endif
#define X86NI_ENTRIES(sfx, W)                                                               \
    RIJN_X86NI_TARGET static void encrypt_##sfx(const uint64_t *ks, unsigned rounds,        \
                                                uint8_t *out, const uint8_t *in, size_t n)  \
    {                                                                                       \
        encrypt_w(ks, rounds, out, in, n, W);                                               \
    }                                                                                       \
    static void ctr_##sfx(const uint64_t *ks, unsigned rounds, unsigned ctr_bits,           \
                          uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t n)       \
    {                                                                                       \
        ctr_w(ks, rounds, ctr_bits, ctr, out, in, n, W);                                    \
    }                                                                                       \
    static void cfb_decrypt_##sfx(const uint64_t *ks, unsigned rounds, uint8_t iv[16],      \
                                  uint8_t *out, const uint8_t *in, size_t n)                \
    {                                                                                       \
        cfb_decrypt_w(ks, rounds, iv, out, in, n, W);                                       \
    }                                                                                       \
    X86NI_DEC_ENTRIES(sfx, W)
X86NI_ENTRIES(w0, 0u)
X86NI_ENTRIES(w256, 256u)
X86NI_ENTRIES(w512, 512u)

/* Everything but the name, the predicate, the N-block entries and the
 * vector marks is shared by the three classes. */
#define X86NI_SHARED(sfx)                                                               \
    .flags = RIJN_AES_IMPL_CONSTTIME | RIJN_AES_IMPL_HW, .setkey = rijn_i_x86ni_setkey,        \
    .encrypt = encrypt_##sfx, .decrypt = X86NI_DECRYPT(sfx), .ctr = ctr_##sfx,          \
    .cbc_decrypt = X86NI_CBC_DECRYPT(sfx), .cbc_encrypt = rijn_i_x86ni_cbc_enc,         \
    .cbcmac = rijn_i_x86ni_cbcmac,                                                      \
    /* with AVX, the VEX copies of the one-shot ECB / CBC entries (memory operands     \
     * fold into vaesenc: about 10 fewer instructions a block) */                      \
    .alt_cpu = RIJN_CPU_AVX, .rk_isa = RIJN_CPU_AESNI, /* layout: aes_x86ni.h */        \
    .ecb_enc_once = {rijn_i_x86ni_ecb_enc, rijn_i_x86ni_ecb_enc_vex},                   \
    .ecb_dec_once = {X86NI_ECB_DEC_ONCE, X86NI_ECB_DEC_ONCE},                           \
    .cbc_enc_once = {rijn_i_x86ni_cbc_enc_once, rijn_i_x86ni_cbc_enc_once_vex},         \
    .ctr_once = {rijn_i_x86ni_ctr_once, rijn_i_x86ni_ctr_once}, .xts = rijn_i_x86ni_xts, \
    .cfb_decrypt = cfb_decrypt_##sfx, .cfb_encrypt = rijn_i_x86ni_cfb_enc,             \
    .cfb8_encrypt = rijn_i_x86ni_cfb8_enc

/* VPCLMULQDQ too: the XTS hook's tweak steps (aes_x86ni_xts256.c,
 * aes_x86ni_xts512.c); the CPUs with VAES have it (Ice Lake, Zen 3 on),
 * only a mask can part them */
#define V256 (RIJN_CPU_VAES | RIJN_CPU_VPCLMUL | RIJN_CPU_AVX2)
#define V512 (RIJN_CPU_VAES | RIJN_CPU_VPCLMUL | RIJN_CPU_AVX512)

/* The one CPU test of the three classes: their predicates. */
static int x86ni_runs(uint32_t need)
{
    need |= RIJN_CPU_AESNI | RIJN_CPU_SSSE3;
    return (rijn_i_cpu_features() & need) == need;
}
static int x86ni_available(void)
{
    return x86ni_runs(0);
}
static int vaes256_available(void)
{
    return x86ni_runs(V256);
}
static int vaes512_available(void)
{
    return x86ni_runs(V512);
}

/* AES-NI on XMM registers only: the class of CPUs without VAES, and the
 * one a test forces to run the 128-bit paths on any CPU. */
const rijn_aes_impl rijn_i_aes_x86ni = {
    .name = "x86ni",
    .available = x86ni_available,
    X86NI_SHARED(w0),
};

/* With VAES on YMM registers (AVX2): its N-block entries run the 256-bit
 * paths from RIJN_X86NI_VAES_MIN blocks, and its contexts are marked
 * RIJN_I_DIR_W256 for the AEADs' kernels. */
const rijn_aes_impl rijn_i_aes_x86ni_vaes256 = {
    .name = "x86ni-vaes256",
    .available = vaes256_available,
    X86NI_SHARED(w256),
    .w256_cpu = V256,
};

/* With VAES on ZMM registers (AVX-512): the 512-bit paths; its contexts
 * are marked RIJN_I_DIR_W512 (and RIJN_I_DIR_W256 where AVX2 is present,
 * for the kernels that have only a 256-bit form). */
const rijn_aes_impl rijn_i_aes_x86ni_vaes512 = {
    .name = "x86ni-vaes512",
    .available = vaes512_available,
    X86NI_SHARED(w512),
    .w256_cpu = V256,
    .w512_cpu = V512,
};

#endif /* RIJN_CFG_AES_X86NI */
