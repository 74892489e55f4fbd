/*
 * aes_x86ni_xts.c -- XTS-AES (IEEE 1619) for the "x86ni" class: the whole
 * message -- tweak encryption, whole blocks, ciphertext stealing -- with
 * the tweaks in 128-bit registers. xts.c calls it after its checks when
 * both contexts use the x86ni class.
 *
 * Implementation notes
 *   Layout: T0 = E_Key2(tweak) stays in a register; block j uses
 *   T(j) = T0 * alpha^j, each from the previous one by mul_alpha (the
 *   little-endian 128-bit value doubled: two 64-bit adds, the bit leaving
 *   the low half carried into the high half, the bit leaving the top
 *   folded back as 0x87; carries selected by an arithmetic-shift mask and
 *   a shuffle, no branch). Blocks go through passes of 8, 4, then 3/2/1
 *   independent blocks (one pass for the 1-4 blocks of a short message).
 *   With VAES + AVX-512 aes_x86ni_xts512.c does the whole message instead
 *   (from 3 whole blocks, or any length with stealing: RIJN_XTS512_MIN);
 *   without, with VAES + VPCLMULQDQ + AVX2, aes_x86ni_xts256.c does it
 *   (from 4 whole blocks or with stealing: RIJN_XTS256_MIN). All loads of
 *   a pass precede its stores, so out == in works.
 *   The 8-block passes (one body per key size) compute their tweaks on
 *   64-bit general registers (the same doubling as mul_alpha, one chain of
 *   eight a pass), stored to a 16-byte aligned stack buffer already XORed
 *   with round key 0 and with the last round key: the blocks' path is one
 *   XOR, the rounds, and aesenclast with the stored word (it ends with an
 *   XOR of its key). Two buffers: the next pass's words are stored before
 *   this pass runs, so their 16-byte loads never wait for the 8-byte
 *   stores (no store forwarding into a wider load); the first pass's words
 *   are T*alpha^i each in one step from T (x86ni_xts_mulak) and join the
 *   blocks from the registers (stored only for the way out), so a short
 *   message waits for no store either (T's 64-bit halves for the later
 *   passes' words by MOVQ, x86ni_halves). On Zen 5 the vector ALU ops
 *   share the pipes with the AES ones, so keeping the tweak work off them
 *   sets the time. bench/host/bench.c --group xts, AES-128 / AES-256,
 *   1 MiB, same-run ratio to the fastest same-masked peer: RIJN_CPU_MASK=0xF
 *   1.53x / 1.27x with the tweaks in xmm registers (one chain of eight
 *   doublings from pass to pass), 1.25x / 1.16x with two short chains
 *   (xmm), 1.02x / 0.99x now (1 KiB: 1.37x / 1.23x -> 1.17x / 1.16x ->
 *   1.08x / 1.03x); 0x3F 1 MiB 1.53x / 1.27x -> 1.02x / 0.96x. The tweak
 *   buffers are wiped.
 *   From 256 blocks on, three sets of words in a ring, each stored two
 *   passes ahead (xts_x86ni_ring8_r): with data past L2, output stores
 *   retire slowly and the words stored one pass ahead were at times not
 *   yet written when their 16-byte loads came. 1 MiB, same-process ratio
 *   to OpenSSL masked alike (librijn.so builds dlopened beside OpenSSL 3.0
 *   and libgcrypt 1.10, 31 rounds, medians, 2-3 runs): RIJN_CPU_MASK=0xF
 *   AES-128 1.023-1.028x -> 0.991-0.996x, 0x2C3F 1.020-1.026x ->
 *   0.995-0.997x, AES-256 0.967-0.970x -> 0.958-0.960x (16 KiB 0.966x ->
 *   0.954x); bench/host/bench.c --group xts, 1 MiB, three runs each:
 *   0xF AES-128 1.021-1.027x -> 0.996-1.004x, AES-256 0.965-0.970x ->
 *   0.949-0.960x, 0x2C3F AES-128 1.028-1.038x -> 0.997-1.008x (its 1 KiB
 *   AES-128 row reads ~1.13x in about one process in 16, before as after:
 *   a per-process layout, not this change). Below 256 blocks the two-set
 *   form stays: the ring's start waits for two sets of words, 1 KiB took
 *   1.05x longer (and its bodies, inlined into rijn_i_x86ni_xts, cost
 *   1 KiB as much: out of line).
 *   Stealing (len = 16m + r, 0 < r < 16): block m-1 with T(m-1) (T(m)
 *   for decryption) gives CC; its first r bytes are the last output, the
 *   r input bytes (read before any output byte is written) and CC[r..16)
 *   make the block processed with the other tweak into block m-1's place.
 *   The two 16-byte stack buffers this needs are wiped.
 *   Constant time: AES instructions, shifts, XOR; branches on the public
 *   length and direction only.
 *   Vectors: tests/modes/test_xts.c (CAVP XTSGenAES128/256, every data unit
 *   length, and an OpenSSL differential), tests/core/test_perf_paths.c (0..70
 *   blocks and every stealing tail, in place and unaligned, with VAES /
 *   AVX-512 masked and not, against OpenSSL), every AES class forced.
 */
#include "aes_x86ni.h"

#if RIJN_CFG_AES_X86NI

/* The tweaks of one 8-block pass from (*lo, *hi) = T, computed on 64-bit
 * general registers (no vector op: on Zen 5 those share the pipes with the
 * AES instructions), stored XORed with round key 0 (a) and with the last
 * round key (b); (*lo, *hi) becomes T*alpha^8. */
RIJN_X86NI_INLINE void xts_x86ni_tw8(uint64_t *lo, uint64_t *hi, const uint64_t k0[2],
                                     const uint64_t kl[2], uint64_t a[16], uint64_t b[16])
{
    uint64_t l = *lo, h = *hi, c;
    unsigned i;
    RIJN_UNROLL for (i = 0; i < 8; i++) {
        a[2 * i] = l ^ k0[0];
        a[2 * i + 1] = h ^ k0[1];
        b[2 * i] = l ^ kl[0];
        b[2 * i + 1] = h ^ kl[1];
        c = ((uint64_t)0 - (h >> 63)) & 0x87u;
        h = (h << 1) | (l >> 63);
        l = (l << 1) ^ c;
    }
    *lo = l;
    *hi = h;
}

/* One 8-block pass with the tweak words a (joined with round key 0) and
 * b (with the last round key), 16-byte aligned. */
RIJN_X86NI_INLINE void xts_x86ni_pass8(const uint8_t *rk, unsigned rounds, int dec,
                                       const uint64_t *a, const uint64_t *b, uint8_t *out,
                                       const uint8_t *in)
{
    __m128i x[8];
    unsigned i;
    RIJN_UNROLL for (i = 0; i < 8; i++)
        x[i] = _mm_xor_si128(x86ni_ld(in + 16 * i),
                             _mm_load_si128((const __m128i *)(const void *)(a + 2 * i)));
    x86ni_mid_rounds(x, 8, rk, rounds, dec);
    RIJN_UNROLL for (i = 0; i < 8; i++) {
        const __m128i kt = _mm_load_si128((const __m128i *)(const void *)(b + 2 * i));
        x86ni_st(out + 16 * i, dec ? _mm_aesdeclast_si128(x[i], kt) : _mm_aesenclast_si128(x[i], kt));
    }
}

/* The first 8-block pass, its tweaks T*alpha^i in one step each from T
 * (x86ni_xts_mulak): joined with round key 0 in registers on the way in
 * (the blocks wait for no store), stored with the last round key to b for
 * the way out. */
RIJN_X86NI_INLINE void xts_x86ni_pass8_first(const uint8_t *rk, unsigned rounds, int dec,
                                             __m128i t, uint64_t *b, uint8_t *out,
                                             const uint8_t *in)
{
    const __m128i vk0 = x86ni_ld(rk), vkl = x86ni_ld(rk + 16 * rounds);
    __m128i x[8];
    unsigned i;
    RIJN_UNROLL for (i = 0; i < 8; i++) {
        const __m128i v = i == 0 ? t : x86ni_xts_mulak(t, (int)i);
        _mm_store_si128((__m128i *)(void *)(b + 2 * i), _mm_xor_si128(v, vkl));
        x[i] = _mm_xor_si128(x86ni_ld(in + 16 * i), _mm_xor_si128(v, vk0));
    }
    x86ni_mid_rounds(x, 8, rk, rounds, dec);
    RIJN_UNROLL for (i = 0; i < 8; i++) {
        const __m128i kt = _mm_load_si128((const __m128i *)(const void *)(b + 2 * i));
        x86ni_st(out + 16 * i, dec ? _mm_aesdeclast_si128(x[i], kt) : _mm_aesenclast_si128(x[i], kt));
    }
}

/* The 8-block passes of n blocks (a multiple of 8; rounds a constant after
 * inlining); returns the tweak after them. Two sets of tweak words: the
 * next pass's are stored before this pass's blocks, so its loads find them
 * written long before. */
RIJN_X86NI_INLINE __m128i xts_x86ni_run8_r(const uint8_t *rk, unsigned rounds, int dec,
                                           __m128i t, uint8_t *out, const uint8_t *in,
                                           size_t n)
{
    uint64_t w[4][16] __attribute__((aligned(16))); /* pass A: w[0], w[1]; pass B: w[2], w[3] */
    uint64_t k0[2], kl[2], lo, hi, alo, ahi, c;
    k0[0] = rijn_load64_le(rk);
    k0[1] = rijn_load64_le(rk + 8);
    kl[0] = rijn_load64_le(rk + 16 * rounds);
    kl[1] = rijn_load64_le(rk + 16 * rounds + 8);
    x86ni_halves(t, &lo, &hi);
    /* the general-register words start at T*alpha^8: a byte shift of T
     * with the top byte folded back */
    c = hi >> 56;
    hi = (hi << 8) | (lo >> 56);
    lo = (lo << 8) ^ c ^ (c << 1) ^ (c << 2) ^ (c << 7);
    if (n >= 16)
        xts_x86ni_tw8(&lo, &hi, k0, kl, w[2], w[3]);
    xts_x86ni_pass8_first(rk, rounds, dec, t, w[1], out, in);
    if (n >= 16) {
        alo = lo;
        ahi = hi;
        xts_x86ni_tw8(&lo, &hi, k0, kl, w[0], w[1]);
        xts_x86ni_pass8(rk, rounds, dec, w[2], w[3], out + 128, in + 128);
        n -= 16;
        in += 256;
        out += 256;
    } else {
        alo = lo;
        ahi = hi;
        n -= 8;
        in += 128;
        out += 128;
    }
    for (; n >= 16; n -= 16, in += 256, out += 256) {
        xts_x86ni_tw8(&lo, &hi, k0, kl, w[2], w[3]);
        xts_x86ni_pass8(rk, rounds, dec, w[0], w[1], out, in);
        alo = lo;
        ahi = hi;
        xts_x86ni_tw8(&lo, &hi, k0, kl, w[0], w[1]);
        xts_x86ni_pass8(rk, rounds, dec, w[2], w[3], out + 128, in + 128);
    }
    if (n >= 8) {
        xts_x86ni_pass8(rk, rounds, dec, w[0], w[1], out, in);
        alo = lo;
        ahi = hi;
    }
    t = _mm_set_epi64x((long long)ahi, (long long)alo);
    rijn_wipe(w, sizeof w);
    rijn_wipe(k0, sizeof k0);
    rijn_wipe(kl, sizeof kl);
    return t;
}

/* The same for long messages (n >= RIJN_XTS_RING_MIN blocks): three sets
 * of tweak words in a ring, a pass's words stored two passes before it
 * runs. With one pass between, the 8-byte stores were at times still
 * waiting to retire behind the previous pass's output stores when the
 * 16-byte loads came (no forwarding into a wider load): once the data no
 * longer fits in L2 (see the notes). Short messages keep the form above,
 * whose start waits for one set of words, not two. */
#define RIJN_XTS_RING_MIN 256
RIJN_X86NI_INLINE __m128i xts_x86ni_ring8_r(const uint8_t *rk, unsigned rounds, int dec,
                                            __m128i t, uint8_t *out, const uint8_t *in,
                                            size_t n)
{
    uint64_t w[3][32] __attribute__((aligned(16))); /* a pass: a = [0..15], b = [16..31] */
    uint64_t k0[2], kl[2], lo, hi, c, *cur = w[0], *nx1 = w[1], *nx2 = w[2], *wt;
    size_t p = n / 8, q;
    k0[0] = rijn_load64_le(rk);
    k0[1] = rijn_load64_le(rk + 8);
    kl[0] = rijn_load64_le(rk + 16 * rounds);
    kl[1] = rijn_load64_le(rk + 16 * rounds + 8);
    x86ni_halves(t, &lo, &hi);
    c = hi >> 56; /* T*alpha^8, as in xts_x86ni_run8_r */
    hi = (hi << 8) | (lo >> 56);
    lo = (lo << 8) ^ c ^ (c << 1) ^ (c << 2) ^ (c << 7);
    xts_x86ni_tw8(&lo, &hi, k0, kl, nx1, nx1 + 16); /* passes 2 and 3 (p >= 32) */
    xts_x86ni_tw8(&lo, &hi, k0, kl, nx2, nx2 + 16);
    xts_x86ni_pass8_first(rk, rounds, dec, t, cur + 16, out, in);
    for (q = 2; q <= p; q++) {
        in += 128;
        out += 128;
        wt = cur;
        cur = nx1;
        nx1 = nx2;
        nx2 = wt;
        if (q + 2 <= p)
            xts_x86ni_tw8(&lo, &hi, k0, kl, nx2, nx2 + 16);
        xts_x86ni_pass8(rk, rounds, dec, cur, cur + 16, out, in);
    }
    t = _mm_set_epi64x((long long)hi, (long long)lo); /* T*alpha^(8p): the words' last step */
    rijn_wipe(w, sizeof w);
    rijn_wipe(k0, sizeof k0);
    rijn_wipe(kl, sizeof kl);
    return t;
}

/* xts_x86ni_ring8_r per key size and direction, out of line: inlined
 * into rijn_i_x86ni_xts, its bodies cost a 1 KiB message (which never
 * takes them) ~5% (RIJN_CPU_MASK=0xF, AES-128). */
RIJN_X86NI_TARGET __attribute__((noinline)) static __m128i
xts_x86ni_ring8(const uint8_t *rk, unsigned rounds, int dec, __m128i t, uint8_t *out,
                const uint8_t *in, size_t n)
{
#define RING(r)                                                              \
    return dec ? xts_x86ni_ring8_r(rk, r, 1, t, out, in, n)                  \
               : xts_x86ni_ring8_r(rk, r, 0, t, out, in, n)
    RIJN_X86NI_BY_ROUNDS_XTS(rounds, RING);
#undef RING
}

/* One pass over m blocks (a constant after inlining, <= 8) with tweaks
 * t, t*alpha, ...; returns the tweak of the next block. */
RIJN_X86NI_INLINE __m128i xts_x86ni_pass(const uint8_t *rk, unsigned rounds, int dec, __m128i t,
                                         uint8_t *out, const uint8_t *in, unsigned m)
{
    __m128i x[8], tw[8];
    unsigned i;
    tw[0] = t;
    RIJN_UNROLL for (i = 1; i < m; i++)
        tw[i] = x86ni_xts_mulx(tw[i - 1]);
    RIJN_UNROLL for (i = 0; i < m; i++)
        x[i] = _mm_xor_si128(x86ni_ld(in + 16 * i), tw[i]);
    if (dec)
        x86ni_decn(x, m, rk, rounds);
    else
        x86ni_encn(x, m, rk, rounds);
    RIJN_UNROLL for (i = 0; i < m; i++)
        x86ni_st(out + 16 * i, _mm_xor_si128(x[i], tw[i]));
    return x86ni_xts_mulx(tw[m - 1]);
}

/* n < 8 whole blocks from tweak t; returns the tweak after them. */
RIJN_X86NI_INLINE __m128i xts_x86ni_blocks(const uint8_t *rk, unsigned rounds, int dec,
                                           __m128i t, uint8_t *out, const uint8_t *in,
                                           size_t n)
{
    if (n >= 4) {
        t = xts_x86ni_pass(rk, rounds, dec, t, out, in, 4);
        n -= 4;
        in += 64;
        out += 64;
    }
    switch (n) {
    case 1: t = xts_x86ni_pass(rk, rounds, dec, t, out, in, 1); break;
    case 2: t = xts_x86ni_pass(rk, rounds, dec, t, out, in, 2); break;
    case 3: t = xts_x86ni_pass(rk, rounds, dec, t, out, in, 3); break;
    default: break;
    }
    return t;
}

/* The last full block (at in/out) and the r-byte partial one after it. */
RIJN_X86NI_INLINE void xts_x86ni_steal(const uint8_t *rk, unsigned rounds, int dec, __m128i t,
                                       uint8_t *out, const uint8_t *in, size_t r)
{
    uint8_t buf[16], last[16];
    __m128i t2 = x86ni_xts_mulx(t), a = dec ? t2 : t, b = dec ? t : t2, x;
    memcpy(last, in + 16, r);
    x = _mm_xor_si128(x86ni_ld(in), a);
    if (dec)
        x86ni_decn(&x, 1, rk, rounds);
    else
        x86ni_encn(&x, 1, rk, rounds);
    x86ni_st(buf, _mm_xor_si128(x, a));
    memcpy(out + 16, buf, r);
    memcpy(buf, last, r);
    x = _mm_xor_si128(x86ni_ld(buf), b);
    if (dec)
        x86ni_decn(&x, 1, rk, rounds);
    else
        x86ni_encn(&x, 1, rk, rounds);
    x86ni_st(out, _mm_xor_si128(x, b));
    rijn_wipe(buf, sizeof buf);
    rijn_wipe(last, sizeof last);
}

RIJN_X86NI_TARGET int rijn_i_x86ni_xts(const rijn_aes_ctx key[2], int dec,
                                       const uint8_t tweak[16], uint8_t *out, const uint8_t *in,
                                       size_t len)
{
    const rijn_aes_ctx *data = &key[0], *tk = &key[1];
    unsigned rounds = data->rounds;
    const uint8_t *rk = dec ? rijn_i_x86ni_dk(data->ks, rounds) : rijn_i_x86ni_ek(data->ks);
    size_t r = len % 16, n = len / 16 - (r != 0), k;
    __m128i t = x86ni_ld(tweak);
    x86ni_encn(&t, 1, rijn_i_x86ni_ek(tk->ks), tk->rounds);
    if ((r != 0 || n >= RIJN_XTS512_MIN) && rijn_i_aes_w512(data)) {
        rijn_i_xts_vaes512(data, dec, t, out, in, n, r);
        return RIJN_OK;
    }
    if ((r != 0 || n >= RIJN_XTS256_MIN) && rijn_i_aes_w256(data)) {
        rijn_i_xts_vaes256(data, dec, t, out, in, n, r);
        return RIJN_OK;
    }
    if (n >= 8) {
        k = n & ~(size_t)7;
#define CALL(r)                                                              \
    t = dec ? xts_x86ni_run8_r(rk, r, 1, t, out, in, k) : xts_x86ni_run8_r(rk, r, 0, t, out, in, k)
        if (k >= RIJN_XTS_RING_MIN)
            t = xts_x86ni_ring8(rk, rounds, dec, t, out, in, k);
        else
            RIJN_X86NI_BY_ROUNDS_XTS(rounds, CALL);
#undef CALL
        n -= k;
        in += 16 * k;
        out += 16 * k;
    }
    if (dec)
        t = xts_x86ni_blocks(rk, rounds, 1, t, out, in, n);
    else
        t = xts_x86ni_blocks(rk, rounds, 0, t, out, in, n);
    if (r != 0)
        xts_x86ni_steal(rk, rounds, dec, t, out + 16 * n, in + 16 * n, r);
    return RIJN_OK;
}

#endif /* RIJN_CFG_AES_X86NI */
