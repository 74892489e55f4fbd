/*
 * gcm_small_x86.c -- AES-GCM seal/open of short messages in registers
 * (an AES class with AES-NI round keys, x86ni, with the pclmul or
 * vpclmul512 GHASH class, 12-byte nonce, AAD of at most RIJN_I_GCM_SMALL
 * bytes, text of at most RIJN_I_GCM_SMALL_TEXT).
 *
 * Implementation notes
 *   Per-call cost is what matters at 16-64 bytes, so this path skips the
 *   message core (gcm.c): J0 = nonce || 1 is built in a register from an
 *   8- and a 4-byte load (bytes stored one by one and read back as 16
 *   stalled the store-to-load forwarding) and the counters J0+1..J0+4
 *   (byte 15 only: 1 + 4 never carries) are encrypted with it in one
 *   5-block AES-NI pass (2 blocks for texts up to 16 bytes). Whole blocks of AAD and text are loaded from and
 *   stored to the caller's buffers directly; only a partial last block
 *   goes through a 16-byte stack block (zero padded, wiped when it held
 *   text). GHASH runs over AAD || C || lengths (the lengths block made in
 *   a register) with aggregated reduction: up to eight blocks per
 *   reduction with H^8..H^1 (one reduction unless AAD and text are both
 *   over 48 bytes), times x^-1 so the reduction is gcx_reduce_clmul (two
 *   PCLMULQDQ, gcm_clmul_x86.h) instead of the 24 shifts of gcx_reduce on
 *   the critical path: vpclmul512 reads them from the VAES-512 kernel's
 *   table in the context (made at key setup), pclmul multiplies its H^i
 *   by x^-1 as it reads them, only the powers a message uses (all eight
 *   up front cost 0 B 45 -> 33, 64 B 67 -> 60 ticks; open 16 B 52 -> 41).
 *   Against the former version (64-byte buffers, J0 and lengths through
 *   memory; min of 100 x 500 calls, Zen 5, TSC ticks per message, AES-128,
 *   no AAD): seal 0 B 78 -> 44, 16 B 116 -> 49, 64 B 119 -> 65; open 0 B
 *   87 -> 45, 16 B 95 -> 53, 64 B 131 -> 68 (same at RIJN_CPU_MASK 0x2EFF
 *   and 0xF).
 *   Texts of 65..255 bytes (mid_text): 4-block AES-NI passes over J0+1..
 *   (keystream in registers), XOR, store, ciphertext into x; E(J0) in its
 *   own pass. open decrypts as it hashes and wipes out on a mismatch (as
 *   gcm.c's path does). Against the message core with its class calls
 *   (min of 100 x 500 calls, Zen 5, TSC ticks, AES-128, no AAD): seal 80 B
 *   161 -> 78, 128 B 168 -> 98, 192 B 176 -> 127; open 80 B 149 -> 81,
 *   192 B 188 -> 131; the same at RIJN_CPU_MASK 0x2EFF and 0xF (80 B 176
 *   -> 81). From 256 bytes the VAES kernels are faster (full level 256 B
 *   seal 153 here against 169 in 4-block passes).
 *   rijn_i_gcm_tag_small ends the one-shot messages over 255 bytes with a
 *   12-byte nonce (gcm_oneshot.c): E(K, J0) with AES-NI (independent of
 *   GHASH: off its chain), then (y ^ partial block) H^2 ^ lengths H, or
 *   (y ^ lengths) H, in one reduction.
 *   rijn_i_gcm_pclmul_key (key setup, pclmul layout) stores the VAES-256
 *   kernel's H^16..H^1 times x^-1 in the context (no AVX needed for it).
 *   open: GHASH over the ciphertext, tag compared under a mask (tag_ok),
 *   and only on a match the plaintext is written (E(J0+i) XOR in, block
 *   by block: out == in works); otherwise out is zeroed.
 *   Constant time: AES-NI and PCLMULQDQ; branches and buffer offsets
 *   depend on lengths only.
 *   Vectors: every GCM test with a 12-byte nonce and short text runs here
 *   when the CPU has AES-NI (CAVP, Wycheproof, tests/gcm/test_gcm_diff.c);
 *   tests/core/test_perf_paths.c checks 0..529-byte texts with 0..36-byte AAD
 *   unaligned and in place against OpenSSL per class.
 */
#include "gcm_i.h"
#include "ghash.h"
#include "aes/aesni.h"

#if RIJN_I_AES_RK_AESNI && RIJN_CFG_GHASH_PCLMUL

#define TGT __attribute__((target("aes,pclmul,sse2,ssse3,sse4.1")))
#define INL static inline __attribute__((always_inline, target("aes,pclmul,sse2,ssse3,sse4.1")))
#define GCM_CLMUL_INL INL
#include "gcm_clmul_x86.h"

int rijn_i_gcm_small_ok(const rijn_gcm_ctx *k)
{
    /* the AES-NI layout: x86ni, which runs only with AES-NI + SSSE3 */
    if (!rijn_i_aes_rk_aesni(&k->aes))
        return 0;
#if RIJN_GCM_HKEY_WORDS >= 32
    if (k->gh == &rijn_i_ghash_vpclmul512)
        return 2;
#endif
    return (k->gh->flags & RIJN_I_GHASH_HK_PCLMUL) ? 1 : 0;
}

INL void mul_acc(__m128i a, __m128i b, __m128i *lo, __m128i *mid, __m128i *hi)
{
    *lo = _mm_xor_si128(*lo, _mm_clmulepi64_si128(a, b, 0x00));
    *hi = _mm_xor_si128(*hi, _mm_clmulepi64_si128(a, b, 0x11));
    *mid = _mm_xor_si128(*mid, _mm_clmulepi64_si128(a, b, 0x01));
    *mid = _mm_xor_si128(*mid, _mm_clmulepi64_si128(a, b, 0x10));
}

static const uint8_t mask_src[32] = {
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
};

/* The n bytes at p (1..15) zero-padded, through b (wiped by the caller
 * when the bytes are secret). */
INL __m128i ld_part(uint8_t b[16], const uint8_t *p, size_t n)
{
    memset(b, 0, 16);
    memcpy(b, p, n);
    return x86ni_ld(b);
}

/* J0 = nonce || 0^31 || 1 in a register (an 8- and a 4-byte load). */
INL __m128i j0_of(const uint8_t *nonce)
{
    uint64_t n0;
    uint32_t n1;
    memcpy(&n0, nonce, 8);
    memcpy(&n1, nonce + 8, 4);
    return _mm_set_epi64x((long long)((uint64_t)n1 | (uint64_t)0x01000000u << 32),
                          (long long)n0);
}

/* H^(i+1) * x^-1 (i < 8): vpclmul512 (kind 2) from the context's table
 * of the VAES-512 kernel (H^j * x^-1 at words 2(64 - j)), pclmul from its
 * key material (H^j at words 2(j - 1)) times x^-1. */
INL __m128i hpow_of(const rijn_gcm_ctx *k, int kind, unsigned i)
{
#if RIJN_GCM_HPOW_WORDS >= 128
    if (kind == 2)
        return x86ni_ld((const uint8_t *)(k->hpow + 2 * (63 - i)));
#endif
    return gcx_mulxinv(x86ni_ld((const uint8_t *)(k->hkey + 2 * i)));
}

/* What seal and open share: ks = E(J0), E(J0+1), ... (J0 built in a
 * register from two loads of the nonce, no store-to-load stall; two
 * blocks for texts up to 16 bytes, else five) and the AAD blocks in V
 * form at x[0..return). */
typedef struct {
    __m128i ks[5], x[4 + 16 + 1]; /* AAD, text (RIJN_I_GCM_SMALL_TEXT), lengths */
} small_st;

INL unsigned small_begin(const rijn_gcm_ctx *k, small_st *s, const uint8_t *nonce,
                         const uint8_t *aad, size_t alen, size_t len)
{
    unsigned i, m = 0;
    size_t full = alen / 16;
    s->ks[0] = j0_of(nonce);
    RIJN_UNROLL for (i = 1; i < 5; i++)
        s->ks[i] = _mm_add_epi32(s->ks[0], _mm_set_epi32((int)(i << 24), 0, 0, 0));
    if (len <= 16 || len > RIJN_I_GCM_SMALL) /* mid_text makes the rest */
        x86ni_encn(s->ks, 2, rijn_i_aes_rk_enc(&k->aes), k->aes.rounds);
    else
        x86ni_encn(s->ks, 5, rijn_i_aes_rk_enc(&k->aes), k->aes.rounds);
    for (i = 0; i < full; i++)
        s->x[m++] = gcx_bswap(x86ni_ld(aad + 16 * i));
    if (alen % 16 != 0) {
        uint8_t b[16];
        s->x[m++] = gcx_bswap(ld_part(b, aad + 16 * full, alen % 16));
    }
    return m;
}

/* y <- GHASH of the m blocks x (V form) with H^i * x^-1 (hpow_of): one
 * reduction for up to 8 blocks (a short first group, then groups of 8). */
INL __m128i ghash_v(const rijn_gcm_ctx *k, int kind, const __m128i *x, unsigned m)
{
    __m128i y = _mm_setzero_si128();
    unsigned i = 0;
    while (i < m) {
        unsigned r = (m - i) % 8 != 0 ? (m - i) % 8 : 8, j;
        __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
        mul_acc(_mm_xor_si128(y, x[i]), hpow_of(k, kind, r - 1), &lo, &mid, &hi);
        for (j = 1; j < r; j++)
            mul_acc(x[i + j], hpow_of(k, kind, r - 1 - j), &lo, &mid, &hi);
        y = gcx_reduce_clmul(lo, mid, hi);
        i += r;
    }
    return y;
}

/* The full tag: GHASH of x[0..m) then the lengths block, masked with E(J0). */
INL __m128i small_tag(const rijn_gcm_ctx *k, int kind, small_st *s, unsigned m, size_t alen,
                      size_t len)
{
    uint64_t abits = (uint64_t)alen * 8, tbits = (uint64_t)len * 8;
    s->x[m++] = _mm_set_epi64x((long long)abits, (long long)tbits);
    return _mm_xor_si128(gcx_bswap(ghash_v(k, kind, s->x, m)), s->ks[0]);
}

/* Texts of 65..RIJN_I_GCM_SMALL_TEXT bytes: 4-block AES-NI passes over
 * J0+1, J0+2, ... (byte 15: 1 + 16 never carries), out = in XOR keystream
 * block by block (out == in works), the ciphertext (dec: in, else out)
 * into x[m..]; returns the new m. The keystream stays in registers. */
INL unsigned mid_text(const rijn_gcm_ctx *k, const uint8_t *nonce, small_st *s, unsigned m,
                      uint8_t *out, const uint8_t *in, size_t len, int dec)
{
    const __m128i j0 = j0_of(nonce);
    size_t full = len / 16, rem = len % 16, b, j;
    for (b = 0; 16 * b < len; b += 4) {
        __m128i ks[4];
        RIJN_UNROLL for (j = 0; j < 4; j++)
            ks[j] = _mm_add_epi32(j0, _mm_set_epi32((int)((b + j + 1) << 24), 0, 0, 0));
        x86ni_encn(ks, 4, rijn_i_aes_rk_enc(&k->aes), k->aes.rounds);
        RIJN_UNROLL for (j = 0; j < 4; j++) {
            size_t i = b + j;
            __m128i c, o;
            if (i < full) {
                c = x86ni_ld(in + 16 * i);
                o = _mm_xor_si128(c, ks[j]);
                x86ni_st(out + 16 * i, o);
            } else if (i == full && rem != 0) {
                uint8_t t[16];
                c = ld_part(t, in + 16 * full, rem);
                o = _mm_and_si128(_mm_xor_si128(c, ks[j]), x86ni_ld(mask_src + 16 - rem));
                x86ni_st(t, o);
                memcpy(out + 16 * full, t, rem);
                rijn_wipe(t, sizeof t);
            } else {
                break;
            }
            s->x[m++] = gcx_bswap(dec ? c : o);
        }
    }
    return m;
}

TGT int rijn_i_gcm_seal_small(const rijn_gcm_ctx *k, int kind, uint8_t *out, uint8_t *tag,
                              size_t tag_len, const uint8_t *nonce, const uint8_t *aad,
                              size_t aad_len, const uint8_t *in, size_t len)
{
    small_st s;
    size_t full = len / 16, rem = len % 16, i;
    unsigned m = small_begin(k, &s, nonce, aad, aad_len, len);
    __m128i t;
    if (len > RIJN_I_GCM_SMALL) {
        m = mid_text(k, nonce, &s, m, out, in, len, 0);
        full = 0;
        rem = 0;
    }
    for (i = 0; i < full; i++) { /* in block i is read before out block i is written */
        __m128i o = _mm_xor_si128(x86ni_ld(in + 16 * i), s.ks[i + 1]);
        x86ni_st(out + 16 * i, o);
        s.x[m++] = gcx_bswap(o);
    }
    if (rem != 0) {
        uint8_t b[16];
        __m128i o = _mm_xor_si128(ld_part(b, in + 16 * full, rem), s.ks[full + 1]);
        o = _mm_and_si128(o, x86ni_ld(mask_src + 16 - rem));
        x86ni_st(b, o);
        memcpy(out + 16 * full, b, rem);
        s.x[m++] = gcx_bswap(o);
        rijn_wipe(b, sizeof b);
    }
    t = small_tag(k, kind, &s, m, aad_len, len);
    if (tag_len == 16) {
        x86ni_st(tag, t);
    } else {
        uint8_t b[16];
        x86ni_st(b, t);
        memcpy(tag, b, tag_len);
        rijn_wipe(b, sizeof b);
    }
    return RIJN_OK;
}

/* 1 if the first tag_len bytes of t and tag agree: one XOR, a mask and a
 * test over 16 bytes, no branch on the data (tag_len 4..16 is public). */
INL int tag_ok(__m128i t, const uint8_t *tag, size_t tag_len)
{
    uint8_t tb[16];
    __m128i d = _mm_xor_si128(t, tag_len == 16 ? x86ni_ld(tag) : ld_part(tb, tag, tag_len));
    d = _mm_and_si128(d, x86ni_ld(mask_src + 16 - tag_len));
    return _mm_testz_si128(d, d);
}

/* open: GHASH over the ciphertext first; the plaintext is written only
 * after the tag matched (else out is zeroed). */
TGT int rijn_i_gcm_open_small(const rijn_gcm_ctx *k, int kind, uint8_t *out, const uint8_t *tag,
                              size_t tag_len, const uint8_t *nonce, const uint8_t *aad,
                              size_t aad_len, const uint8_t *in, size_t len)
{
    small_st s;
    size_t full = len / 16, rem = len % 16, i;
    unsigned m = small_begin(k, &s, nonce, aad, aad_len, len);
    uint8_t b[16];
    if (len > RIJN_I_GCM_SMALL) { /* decrypted as hashed; out wiped on a mismatch */
        m = mid_text(k, nonce, &s, m, out, in, len, 1);
        if (tag_ok(small_tag(k, kind, &s, m, aad_len, len), tag, tag_len))
            return RIJN_OK;
        rijn_wipe(out, len);
        return RIJN_ERR_AUTH;
    }
    for (i = 0; i < full; i++)
        s.x[m++] = gcx_bswap(x86ni_ld(in + 16 * i));
    if (rem != 0)
        s.x[m++] = gcx_bswap(ld_part(b, in + 16 * full, rem));
    if (!tag_ok(small_tag(k, kind, &s, m, aad_len, len), tag, tag_len)) {
        if (len != 0)
            rijn_wipe(out, len);
        return RIJN_ERR_AUTH;
    }
    for (i = 0; i < full; i++)
        x86ni_st(out + 16 * i, _mm_xor_si128(x86ni_ld(in + 16 * i), s.ks[i + 1]));
    if (rem != 0) {
        x86ni_st(b, _mm_xor_si128(ld_part(b, in + 16 * full, rem), s.ks[full + 1]));
        memcpy(out + 16 * full, b, rem);
        rijn_wipe(b, sizeof b);
    }
    return RIJN_OK;
}

TGT void rijn_i_gcm_tag_small(const rijn_gcm_ctx *k, int kind, rijn_gcm_msg *m,
                              const uint8_t *nonce, uint8_t t[16])
{
    uint64_t abits = m->aad_len * 8, tbits = m->text_len * 8;
    __m128i e = j0_of(nonce), y = gcx_bswap(x86ni_ld(m->y)), lo, mid, hi;
    __m128i lb = _mm_set_epi64x((long long)abits, (long long)tbits);
    size_t pos = (size_t)(m->text_len % 16);
    x86ni_encn(&e, 1, rijn_i_aes_rk_enc(&k->aes), k->aes.rounds);
    lo = _mm_setzero_si128();
    mid = lo;
    hi = lo;
    if (pos != 0) { /* the partial block times H^2, the lengths times H */
        __m128i x = _mm_and_si128(x86ni_ld(m->buf), x86ni_ld(mask_src + 16 - pos));
        mul_acc(_mm_xor_si128(y, gcx_bswap(x)), hpow_of(k, kind, 1), &lo, &mid, &hi);
        mul_acc(lb, hpow_of(k, kind, 0), &lo, &mid, &hi);
    } else {
        mul_acc(_mm_xor_si128(y, lb), hpow_of(k, kind, 0), &lo, &mid, &hi);
    }
    y = gcx_reduce_clmul(lo, mid, hi);
    x86ni_st(t, _mm_xor_si128(gcx_bswap(y), e));
    rijn_wipe(m, sizeof *m);
}

#if RIJN_I_HAVE_GCM_STITCH_X86
/* The 256-bit kernel's powers, once per key (gcm_stitch_vaes256.c): the
 * layout of gcx_pow16_256's eight YMM registers, written as 128-bit halves
 * (no AVX needed here). */
TGT void rijn_i_gcm_pclmul_key(rijn_gcm_ctx *k)
{
    __m128i p[16];
    unsigned q;
    gcx_pow16(k->hkey, p);
    RIJN_UNROLL for (q = 0; q < 8; q++) {
        x86ni_st((uint8_t *)(k->hpow + 4 * q), p[15 - 2 * q]);
        x86ni_st((uint8_t *)(k->hpow + 4 * q + 2), p[14 - 2 * q]);
    }
    rijn_wipe(p, sizeof p);
}
#endif

#endif
