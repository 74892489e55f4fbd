/*
 * ocb_x86.c -- OCB3 text blocks on x86 CPUs without AVX-512: VAES on
 * 256-bit registers (16 blocks a pass) and plain AES-NI (8 blocks a pass),
 * for an AES class with AES-NI round keys (rk_isa).
 *
 * Implementation notes
 *   A pass of W blocks (W = 16 or 8) starts at a block count b that is a
 *   multiple of W, so ntz(b + i) = ntz(i) for 1 <= i < W: Offset_(b+i) =
 *   Offset_b ^ P_i with P_i = L_ntz(1) ^ ... ^ L_ntz(i), built once per
 *   call (P_W = P_(W-1) ^ L_ntz(b+W), the only term that changes from pass
 *   to pass; ntz(b+W) >= log2(W) comes from the table or by doublings of
 *   L_7: the index is public). Per pass: offsets = Offset_b ^ P, x = in ^
 *   offset, AES (encryption, or the equivalent-inverse-cipher keys), out =
 *   x ^ offset (the offset joins the first and last round keys, so it costs
 *   no XOR on the blocks' path); the checksum XORs the plaintext (input for
 *   seal, output for open). Every load of a pass precedes its stores (out == in works).
 *   VAES-256: lane j of register r holds block b + 2r + j + 1 (eight
 *   registers); the prefixes are joined with the first and with the last
 *   round key once a call (P ^ K_0, P ^ K_last), so a block's offset costs
 *   one XOR on the way in (d ^ Offset_b ^ (P ^ K_0)) and one on the way out
 *   (Offset_b ^ (P ^ K_last)): on Zen 5 the vector ALU ops share the pipes
 *   with VAES, and computing each offset, then each with either key, set
 *   the pace (bench/host/bench.c --group aead, RIJN_CPU_MASK=0x2EFF, ocb-seal
 *   same-run ratio to libgcrypt masked the same way, AES-128 / AES-256:
 *   1 MiB 1.08x / 1.05x -> 0.96x / 0.96x, 1 KiB 1.02x / 1.02x -> 0.89x /
 *   0.90x; on the AES-NI passes see below);
 *   AES-NI: eight registers of one block, the round latency
 *   hidden by the eight independent chains (as OpenSSL's aesni_ocb_encrypt
 *   does with six); one body per key size and direction (dec a constant:
 *   with it a run-time argument GCC kept more of the pass on the stack):
 *   1 MiB AES-128 seal 1.12-1.14x -> 1.06-1.07x the fastest peer's time
 *   at RIJN_CPU_MASK=0x3F and 0xF (AES-256 unchanged, 1.07x). Sealing
 *   keeps the checksum in two general registers (XOR r64, m64 from the
 *   input; cs_gpr): on Zen 5 the vector ALU ops share the pipes with AES,
 *   and these were 8 of a pass's ~40; 1 MiB seal at 0x3F and 0xF, three
 *   alternating runs: AES-128 1.064-1.076x -> 1.051-1.057x, AES-256
 *   1.064-1.078x -> 1.054-1.063x (bench/host/bench.c group aead). With
 *   P ^ K_0 and P ^ K_last joined once a call (as the VAES-256 passes do;
 *   a block's offset then costs one XOR in and one out): AES-256
 *   1.054-1.060x -> 1.030-1.041x, AES-128 1.047-1.066x -> 1.062-1.069x
 *   (three alternating runs; a form per key size measured no gain for
 *   either, the layout matters as much as the count here).
 *   L_ntz(b+W) for ntz >= 8 (once in 256 blocks): rijn_i_ocb_lntz
 *   (ocb_i.h, doublings in registers); rijn_i_dbl on a stack copy (call,
 *   byte stores, a 16-byte load not forwarded) cost ~2.5 passes each time:
 *   1 MiB seal, RIJN_CPU_MASK=0xF and 0x2C3F, AES-128 1.057-1.065x ->
 *   1.001-1.005x the fastest peer, AES-256 1.031-1.036x -> 1.008-1.011x;
 *   0x2EFF 0.946-0.952x -> 0.878-0.886x (librijn.so builds dlopened in one
 *   process beside OpenSSL and libgcrypt masked alike, 31 rounds, medians,
 *   3 runs; bench/host/bench.c group aead agrees). The pass then ran as
 *   fast without its offset XORs and checksum (an ECB-shaped pass, within
 *   2%): what was left was the round-major 8-block structure, whose eight
 *   chains all end and restart together. From OCB_STAGGER_MIN blocks on
 *   the passes are staggered (run8s_r): two groups of four blocks half the
 *   rounds apart, one finishing while the next starts, so the AES pipes
 *   see eight chains at every point (an ECB model of the same: 4% faster);
 *   1 MiB seal, same A/B: 0xF AES-128 1.004-1.009x -> 0.980-0.983x,
 *   AES-256 1.005-1.010x -> 1.001-1.004x; 0x2C3F 1.002-1.004x ->
 *   0.979-0.985x, 1.002-1.006x -> 0.999-1.003x; open AES-128 1.3-1.6%
 *   faster (AES-256 open took 1% longer staggered: kept round-major).
 *   Below 256 blocks the start and end (four chains alone) cost more than
 *   the passes gain: 1 KiB took 6% longer. Tried, no gain: a VEX copy at
 *   0x2C3F; offsets on general registers stored two passes ahead as the
 *   XTS passes do (6% slower: ~120 memory operations a pass); prefetch
 *   1-4 KiB ahead; two passes a loop iteration.
 *   Used by ocb.c after the VAES-512 passes (ocb_vaes512.c): whole
 *   16-block passes when the context has the 256-bit mark (RIJN_I_DIR_W256),
 *   then 8-block passes, each while the block count allows it; the rest
 *   takes the generic N-block path.
 *   Constant time: AES instructions and XOR; branches on lengths and the
 *   public block index only.
 *   Vectors: tests/aead/test_ocb.c (RFC 7253, OpenSSL differential, every
 *   AES class), tests/core/test_perf_paths.c (0..70 blocks and long texts,
 *   unaligned, in place, against OpenSSL, rerun with AVX-512 hidden and
 *   with VAES hidden).
 */
#include "aes/aesni.h"
#include "ocb_i.h"

#if RIJN_I_AES_RK_AESNI

#define T256 __attribute__((target("aes,sse2,ssse3,avx,avx2,vaes")))

/* P_1 .. P_(w-1) into p[1..w-1] (p[0] = 0), for w <= 16; returns P_(w-1). */
RIJN_X86NI_INLINE __m128i prefix(const rijn_ocb_ctx *c, __m128i *p, unsigned w)
{
    __m128i acc = _mm_setzero_si128();
    unsigned i;
    p[0] = acc;
    RIJN_UNROLL for (i = 1; i < w; i++) {
        acc = _mm_xor_si128(acc, x86ni_ld(c->l[__builtin_ctz(i)]));
        p[i] = acc;
    }
    return acc;
}

T256 static size_t run256(const rijn_ocb_ctx *c, rijn_ocb_msg *m, int dec, uint8_t *out,
                          const uint8_t *in, size_t nb)
{
    const unsigned rounds = c->aes.rounds;
    const uint8_t *rk = dec ? rijn_i_aes_rk_dec(&c->aes) : rijn_i_aes_rk_enc(&c->aes);
    const uint64_t b0 = m->blocks;
    __m128i q[16], off = x86ni_ld(m->offset), p15;
    __m256i p0[8], pl[8], cs = _mm256_setzero_si256(), kk;
    const __m256i k0 = _mm256_broadcastsi128_si256(x86ni_ld(rk));
    const __m256i kl = _mm256_broadcastsi128_si256(x86ni_ld(rk + 16 * rounds));
    size_t done = 0;
    unsigned i;
    p15 = prefix(c, q, 16);
    q[0] = p15; /* lane 1 of register 7: P_15, plus L_ntz(b+16) per pass */
    RIJN_UNROLL for (i = 0; i < 8; i++) { /* P with the first / last key, once a call */
        const __m256i pi = _mm256_set_m128i(q[(2 * i + 2) & 15], q[2 * i + 1]);
        p0[i] = _mm256_xor_si256(pi, k0);
        pl[i] = _mm256_xor_si256(pi, kl);
    }
    for (; nb - done >= 16; done += 16, in += 256, out += 256) {
        const __m128i lb = rijn_i_ocb_lntz(c, b0 + done + 16);
        const __m256i ob = _mm256_broadcastsi128_si256(off);
        const __m256i lb7 = _mm256_inserti128_si256(_mm256_setzero_si256(), lb, 1);
        __m256i x[8], p07 = _mm256_xor_si256(p0[7], lb7), pl7 = _mm256_xor_si256(pl[7], lb7);
        RIJN_UNROLL for (i = 0; i < 8; i++) {
            __m256i d = _mm256_loadu_si256((const __m256i *)(const void *)(in + 32 * i));
            if (!dec)
                cs = _mm256_xor_si256(cs, d);
            x[i] = _mm256_xor_si256(_mm256_xor_si256(d, ob), i == 7 ? p07 : p0[i]);
        }
#define ROUND(r)                                                             \
    kk = _mm256_broadcastsi128_si256(x86ni_ld(rk + 16 * (r)));                \
    RIJN_UNROLL for (i = 0; i < 8; i++)                                      \
        x[i] = dec ? _mm256_aesdec_epi128(x[i], kk) : _mm256_aesenc_epi128(x[i], kk);
        RIJN_X86NI_ROUNDS(ROUND, rounds)
#undef ROUND
        RIJN_UNROLL for (i = 0; i < 8; i++) {
            const __m256i ko = _mm256_xor_si256(ob, i == 7 ? pl7 : pl[i]); /* offset ^ last key */
            x[i] = dec ? _mm256_aesdeclast_epi128(x[i], ko) : _mm256_aesenclast_epi128(x[i], ko);
            if (dec)
                cs = _mm256_xor_si256(cs, x[i]);
            _mm256_storeu_si256((__m256i *)(void *)(out + 32 * i), x[i]);
        }
        off = _mm_xor_si128(off, _mm_xor_si128(p15, lb)); /* Offset_(b+16) */
    }
    cs = _mm256_xor_si256(cs, _mm256_permute2x128_si256(cs, cs, 0x01));
    x86ni_st(m->checksum, _mm_xor_si128(x86ni_ld(m->checksum), _mm256_castsi256_si128(cs)));
    x86ni_st(m->offset, off);
    m->blocks += done;
    return done;
}

/* Sealing (x86-64): the checksum of the plaintext in two 64-bit general
 * registers, XORed from memory (XOR r64, m64: GCC turned the C form back
 * into vector code through the stack), so its eight XORs a pass leave the
 * vector pipes to the AES rounds. For AES-256 too: round-major, the vector
 * form was 0.4-0.7% faster there (41264d8); staggered, this one is 0.8-1.1%
 * faster. */
#if defined(__x86_64__)
#define CS_GPR 1
RIJN_X86NI_INLINE void cs_gpr(uint64_t *g0, uint64_t *g1, const uint8_t *in)
{
    __asm__("xorq %2, %0\n\txorq %3, %1"
            : "+r"(*g0), "+r"(*g1)
            : "m"(*(const uint8_t(*)[8])(const void *)in),
              "m"(*(const uint8_t(*)[8])(const void *)(in + 8)));
}
#else
#define CS_GPR 0
RIJN_X86NI_INLINE void cs_gpr(uint64_t *g0, uint64_t *g1, const uint8_t *in)
{ /* not called: gpr is 0 without CS_GPR */
    uint64_t a, b;
    memcpy(&a, in, 8);
    memcpy(&b, in + 8, 8);
    *g0 ^= a;
    *g1 ^= b;
}
#endif

/* One 8-block AES-NI pass body per key size (constant rounds: the blocks
 * stay in registers, see x86ni_encn), round-major: for runs shorter than
 * OCB_STAGGER_MIN blocks, and AES-256 open (run8 below). */
RIJN_X86NI_INLINE size_t run8_r(const rijn_ocb_ctx *c, rijn_ocb_msg *m, int dec, uint8_t *out,
                                const uint8_t *in, size_t nb, unsigned rounds)
{
    const uint8_t *rk = dec ? rijn_i_aes_rk_dec(&c->aes) : rijn_i_aes_rk_enc(&c->aes);
    const uint64_t b0 = m->blocks;
    const int gpr = CS_GPR;
    __m128i p[8], pk0[8], pkl[8], off = x86ni_ld(m->offset), cs = x86ni_ld(m->checksum), p7;
    size_t done = 0;
    unsigned i;
    uint64_t g0, g1;
    memcpy(&g0, m->checksum, 8);
    memcpy(&g1, m->checksum + 8, 8);
    p7 = prefix(c, p, 8);
    const __m128i k0 = x86ni_ld(rk), kl = x86ni_ld(rk + 16 * rounds);
    RIJN_UNROLL for (i = 0; i < 7; i++) { /* P with the first / last key, once a call */
        pk0[i] = _mm_xor_si128(p[i + 1], k0);
        pkl[i] = _mm_xor_si128(p[i + 1], kl);
    }
    for (; nb - done >= 8; done += 8, in += 128, out += 128) {
        const __m128i e = _mm_xor_si128(p7, rijn_i_ocb_lntz(c, b0 + done + 8));
        __m128i x[8];
        pk0[7] = _mm_xor_si128(e, k0); /* block b + 8: P_7 ^ L_ntz(b+8) */
        pkl[7] = _mm_xor_si128(e, kl);
        RIJN_UNROLL for (i = 0; i < 8; i++) { /* offset ^ first key in */
            __m128i d = x86ni_ld(in + 16 * i);
            if (!dec && gpr)
                cs_gpr(&g0, &g1, in + 16 * i);
            else if (!dec)
                cs = _mm_xor_si128(cs, d);
            x[i] = _mm_xor_si128(d, _mm_xor_si128(off, pk0[i]));
        }
        x86ni_mid_rounds(x, 8, rk, rounds, dec);
        RIJN_UNROLL for (i = 0; i < 8; i++) { /* offset ^ last key out */
            const __m128i ko = _mm_xor_si128(off, pkl[i]);
            x[i] = dec ? _mm_aesdeclast_si128(x[i], ko) : _mm_aesenclast_si128(x[i], ko);
            if (dec)
                cs = _mm_xor_si128(cs, x[i]);
            x86ni_st(out + 16 * i, x[i]);
        }
        off = _mm_xor_si128(off, e);
    }
    if (!dec && gpr) {
        memcpy(m->checksum, &g0, 8);
        memcpy(m->checksum + 8, &g1, 8);
    } else
        x86ni_st(m->checksum, cs);
    x86ni_st(m->offset, off);
    m->blocks += done;
    return done;
}

/* Staggered passes: a group is half a pass (4 blocks); one step finishes
 * group a (rounds h+1 .. R-1 and the last one, with offset ^ last key
 * ko = offa ^ pkla[i]; stored) while it starts group b (loaded, joined with
 * offb ^ pk0b[i], rounds 1 .. h), their rounds interleaved; h = R / 2. */
RIJN_X86NI_INLINE void st_step(const uint8_t *rk, unsigned rounds, int dec, __m128i *a,
                               __m128i *b, __m128i offa, const __m128i *pkla, __m128i offb,
                               const __m128i *pk0b, uint8_t *out, const uint8_t *in,
                               uint64_t *g, __m128i *cs)
{
    const unsigned h = rounds / 2;
    unsigned i, s;
    __asm__("" : "+r"(rk)); /* keys loaded each round (hoisted, AES-256 blocks spilled) */
    RIJN_UNROLL for (i = 0; i < 4; i++) {
        if (!dec && CS_GPR)
            cs_gpr(&g[0], &g[1], in + 16 * i);
        else if (!dec)
            *cs = _mm_xor_si128(*cs, x86ni_ld(in + 16 * i));
        b[i] = _mm_xor_si128(x86ni_ld(in + 16 * i), _mm_xor_si128(offb, pk0b[i]));
    }
    RIJN_UNROLL for (s = 1; s < h; s++) {
        const __m128i ka = x86ni_ld(rk + 16 * (h + s)), kb = x86ni_ld(rk + 16 * s);
        RIJN_UNROLL for (i = 0; i < 4; i++) {
            a[i] = dec ? _mm_aesdec_si128(a[i], ka) : _mm_aesenc_si128(a[i], ka);
            b[i] = dec ? _mm_aesdec_si128(b[i], kb) : _mm_aesenc_si128(b[i], kb);
        }
    }
    RIJN_UNROLL for (i = 0; i < 4; i++) {
        const __m128i ko = _mm_xor_si128(offa, pkla[i]), kb = x86ni_ld(rk + 16 * h);
        a[i] = dec ? _mm_aesdeclast_si128(a[i], ko) : _mm_aesenclast_si128(a[i], ko);
        if (dec)
            *cs = _mm_xor_si128(*cs, a[i]);
        x86ni_st(out + 16 * i, a[i]);
        b[i] = dec ? _mm_aesdec_si128(b[i], kb) : _mm_aesenc_si128(b[i], kb);
    }
}

/* The 8-block passes, staggered: ga holds a pass's first half, gb its
 * second; the loop's two steps finish ga / start gb, then finish gb /
 * start the next pass's ga. Offsets and checksum as in run8_r. Its start
 * and end run four blocks alone (half the AES throughput): from
 * OCB_STAGGER_MIN blocks on (see the notes). */
#define OCB_STAGGER_MIN 256
/* complexity: hot AES-NI kernel, its constant loops and direction tests fold when inlined */
RIJN_X86NI_INLINE size_t run8s_r(const rijn_ocb_ctx *c, rijn_ocb_msg *m, int dec, uint8_t *out,
                                 const uint8_t *in, size_t nb, unsigned rounds)
{
    const uint8_t *rk = dec ? rijn_i_aes_rk_dec(&c->aes) : rijn_i_aes_rk_enc(&c->aes);
    const uint64_t b0 = m->blocks;
    const size_t np = nb / 8;
    __m128i p[8], pk0[8], pkl[8], off = x86ni_ld(m->offset), cs = x86ni_ld(m->checksum), p7;
    __m128i ga[4], gb[4], e;
    size_t j;
    unsigned i, r;
    uint64_t g[2];
    memcpy(g, m->checksum, 16);
    p7 = prefix(c, p, 8);
    const __m128i k0 = x86ni_ld(rk), kl = x86ni_ld(rk + 16 * rounds);
    RIJN_UNROLL for (i = 0; i < 7; i++) { /* P with the first / last key, once a call */
        pk0[i] = _mm_xor_si128(p[i + 1], k0);
        pkl[i] = _mm_xor_si128(p[i + 1], kl);
    }
    RIJN_UNROLL for (i = 0; i < 4; i++) { /* pass 0's first half: rounds 1 .. h */
        if (!dec && CS_GPR)
            cs_gpr(&g[0], &g[1], in + 16 * i);
        else if (!dec)
            cs = _mm_xor_si128(cs, x86ni_ld(in + 16 * i));
        ga[i] = _mm_xor_si128(x86ni_ld(in + 16 * i), _mm_xor_si128(off, pk0[i]));
    }
    RIJN_UNROLL for (r = 1; r <= rounds / 2; r++) {
        const __m128i k = x86ni_ld(rk + 16 * r);
        RIJN_UNROLL for (i = 0; i < 4; i++)
            ga[i] = dec ? _mm_aesdec_si128(ga[i], k) : _mm_aesenc_si128(ga[i], k);
    }
    for (j = 0;; j++, in += 128, out += 128) {
        e = _mm_xor_si128(p7, rijn_i_ocb_lntz(c, b0 + 8 * j + 8));
        pk0[7] = _mm_xor_si128(e, k0); /* block b + 8: P_7 ^ L_ntz(b+8) */
        pkl[7] = _mm_xor_si128(e, kl);
        st_step(rk, rounds, dec, ga, gb, off, pkl, off, pk0 + 4, out, in + 64, g, &cs);
        if (j + 1 == np)
            break;
        st_step(rk, rounds, dec, gb, ga, off, pkl + 4, _mm_xor_si128(off, e), pk0, out + 64,
                in + 128, g, &cs);
        off = _mm_xor_si128(off, e);
    }
    RIJN_UNROLL for (r = rounds / 2 + 1; r < rounds; r++) { /* the last second half */
        const __m128i k = x86ni_ld(rk + 16 * r);
        RIJN_UNROLL for (i = 0; i < 4; i++)
            gb[i] = dec ? _mm_aesdec_si128(gb[i], k) : _mm_aesenc_si128(gb[i], k);
    }
    RIJN_UNROLL for (i = 0; i < 4; i++) {
        const __m128i ko = _mm_xor_si128(off, pkl[4 + i]);
        gb[i] = dec ? _mm_aesdeclast_si128(gb[i], ko) : _mm_aesenclast_si128(gb[i], ko);
        if (dec)
            cs = _mm_xor_si128(cs, gb[i]);
        x86ni_st(out + 64 + 16 * i, gb[i]);
    }
    if (!dec && CS_GPR)
        memcpy(m->checksum, g, 16);
    else
        x86ni_st(m->checksum, cs);
    x86ni_st(m->offset, _mm_xor_si128(off, e));
    m->blocks += 8 * np;
    return 8 * np;
}

RIJN_X86NI_TARGET static size_t run8(const rijn_ocb_ctx *c, rijn_ocb_msg *m, int dec,
                                      uint8_t *out, const uint8_t *in, size_t nb)
{
#define CALL(r) return dec ? run8_r(c, m, 1, out, in, nb, r) : run8_r(c, m, 0, out, in, nb, r)
    RIJN_X86NI_BY_ROUNDS(c->aes.rounds, CALL);
#undef CALL
}

/* The staggered passes apart from run8, one function per direction
 * (noinline): with both forms in one function GCC allocated the
 * round-major AES-256 open 1.7% slower, with both directions of the
 * staggered one in one function the AES-256 seal 0.5% slower. AES-256
 * open stays round-major: staggered, it took 1% longer. */
RIJN_X86NI_TARGET __attribute__((noinline)) static size_t
run8s_seal(const rijn_ocb_ctx *c, rijn_ocb_msg *m, uint8_t *out, const uint8_t *in, size_t nb)
{
#define CALL(r) return run8s_r(c, m, 0, out, in, nb, r)
    RIJN_X86NI_BY_ROUNDS(c->aes.rounds, CALL);
#undef CALL
}

RIJN_X86NI_TARGET __attribute__((noinline)) static size_t
run8s_open(const rijn_ocb_ctx *c, rijn_ocb_msg *m, uint8_t *out, const uint8_t *in, size_t nb)
{
    if (c->aes.rounds == 10)
        return run8s_r(c, m, 1, out, in, nb, 10);
    return run8s_r(c, m, 1, out, in, nb, 12);
}

size_t rijn_i_ocb_x86(const rijn_ocb_ctx *c, rijn_ocb_msg *m, int dec, uint8_t *out,
                      const uint8_t *in, size_t nb)
{
    size_t k = 0;
    if (nb < 8 || !rijn_i_aes_rk_aesni(&c->aes))
        return 0;
    if (nb >= 16 && m->blocks % 16 == 0 && rijn_i_aes_w256(&c->aes))
        k = run256(c, m, dec, out, in, nb);
    if (nb - k >= OCB_STAGGER_MIN && m->blocks % 8 == 0 && !dec)
        k += run8s_seal(c, m, out + 16 * k, in + 16 * k, nb - k);
    else if (nb - k >= OCB_STAGGER_MIN && m->blocks % 8 == 0 && c->aes.rounds != 14)
        k += run8s_open(c, m, out + 16 * k, in + 16 * k, nb - k);
    else if (nb - k >= 8 && m->blocks % 8 == 0)
        k += run8(c, m, dec, out + 16 * k, in + 16 * k, nb - k);
    return k;
}

#endif
