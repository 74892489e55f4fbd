/*
 * poly1305.c -- Poly1305 on 26-bit limbs (portable, fits 32-bit MCUs).
 *
 * Implementation notes
 *   Layout: the accumulator h and the clamped r are five 26-bit limbs in
 *   uint32_t; products are 32x32->64-bit (at most 5 * 2^26 * 5 * 2^26 <
 *   2^59 per sum, so no overflow). s_i = 5 * r_i folds the reduction
 *   modulo 2^130 - 5 into the multiplication.
 *   Constant time: no branch or index on h, r, pad or the message; the
 *   final reduction selects with a mask. The only branches are on public
 *   lengths.
 *   Vectors: RFC 8439 2.5.2 and appendix A.3, the cryptography-vectors
 *   poly1305 file, differential against OpenSSL's EVP_MAC "POLY1305" for
 *   lengths 0..600 with random splits (tests/aead/test_chachapoly.c,
 *   test_chacha_paths.c).
 *   Fast path: the registry of poly1305_reg.c (core/registry.h): "avx512"
 *   and "avx2" of poly1305_x86.c (same limb layout: from 512 bytes on groups of
 *   sixteen blocks, from 256 groups of eight), then "portable" (this
 *   file); on AArch64 "neon" (poly1305_neon.c: two lanes, from 64 bytes,
 *   on this file's radix-2^32 state) then "portable". The entry is bound
 *   at init (index in bits 8..15 of c->state).
 *   Without that path (32-bit MCUs, non-x86 hosts, RIJN_CFG_POLY1305_X86=0;
 *   not AVR: see blocks() below) the limbs are 32 bits
 *   instead (radix 2^32): h = h0..h3 + h4 * 2^128
 *   with h4 <= 4 between blocks (6 after adding a block), r0..r3 clamped
 *   to 28 bits with r1..r3 multiples of 4, so s_i = r_i + (r_i >> 2) =
 *   5 r_i / 4 exactly folds 2^128 * r_i (2^130 = 5 mod p) and every
 *   column of products stays below 4 * 2^32 * 2^28.33 + 2^32 < 2^63.
 *   17 products instead of 25 and fewer live values. On Thumb-2 the
 *   products are accumulated with UMLAL and the two carry chains are
 *   single ADDS/ADCS chains (inline asm; GCC splits both). The final
 *   reduction adds 5 and keeps the sum when bit 130 is set (h < 2p as
 *   h4 <= 4). rijn_poly1305 of 1 KiB, instructions per byte, before ->
 *   after: Cortex-M4 7.28 -> 4.75 (-Os), 6.17 -> 4.51 (-O2); Cortex-M0
 *   87.8 -> 73.2 (-Os; 136 bytes more stack); RV32 15.6 -> 12.5 (-Os).
 *   Radix 2^32 vectors: tests/mac/test_poly1305_radix32.c compiles this file
 *   with RIJN_CFG_POLY1305_X86=0 on every host (RFC 7539 vectors, OpenSSL
 *   differential on edge keys and messages, one that carries through all
 *   four words in the partial reduction); on the emulated MCUs the RFC
 *   7539 vectors plus such edge cases (mcu/tools/mkvec.py). On the
 *   Cortex-M0/M0+ and M3 (GCC) ten 13-bit limbs: poly1305_r13_i.h.
 */
#include "rijn/poly1305.h"

#include "internal.h"
#include "mac_i.h"


#define M26 0x3ffffffu

/* tag = (h0..h3 + pad) mod 2^128, little-endian */
static void tag_out(uint8_t tag[16], const rijn_poly1305_ctx *c, uint32_t h0, uint32_t h1,
                    uint32_t h2, uint32_t h3)
{
    uint64_t f;
    f = (uint64_t)h0 + c->pad[0]; rijn_store32_le(tag, (uint32_t)f);
    f = (uint64_t)h1 + c->pad[1] + (f >> 32); rijn_store32_le(tag + 4, (uint32_t)f);
    f = (uint64_t)h2 + c->pad[2] + (f >> 32); rijn_store32_le(tag + 8, (uint32_t)f);
    f = (uint64_t)h3 + c->pad[3] + (f >> 32); rijn_store32_le(tag + 12, (uint32_t)f);
}

/* 26-bit limbs with the x86 vector code (shared layout) and on AVR, where
 * the products are internal.h's rijn_mac64 (asm: libgcc's __muldi3
 * branches on a carry) and the carries rijn_shr64_26 / rijn_add64_32
 * (in line, not __lshrdi3 / __adddi3 calls): ATmega2560 (mcu/measure.py,
 * -Os) 1 KiB in 263,731 cycles (508,101 with libgcc; radix 2^32 with the
 * same multiply 275,131, but 20,731 against 22,171 for 64 bytes). On x86
 * the object code is the C products' as before. */
#if RIJN_I_POLY1305_X86 || defined(__AVR__)
#define P_HIBIT ((uint32_t)1 << 24)
/* a0 b0 + ... + a4 b4 */
#define DOT5(a0, b0, a1, b1, a2, b2, a3, b3, a4, b4)                                         \
    rijn_mac64(rijn_mac64(rijn_mac64(rijn_mac64(rijn_mul64(a0, b0), a1, b1), a2, b2), a3, b3), \
               a4, b4)

static void blocks(rijn_poly1305_ctx *c, const uint8_t *m, size_t n, uint32_t hibit)
{
    const uint32_t r0 = c->r[0], r1 = c->r[1], r2 = c->r[2], r3 = c->r[3], r4 = c->r[4];
    const uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
    uint32_t h0 = c->h[0], h1 = c->h[1], h2 = c->h[2], h3 = c->h[3], h4 = c->h[4];
    for (; n > 0; n--, m += 16) {
        uint64_t d0, d1, d2, d3, d4;
        uint32_t cy;
        h0 += rijn_load32_le(m) & M26;
        h1 += (rijn_load32_le(m + 3) >> 2) & M26;
        h2 += (rijn_load32_le(m + 6) >> 4) & M26;
        h3 += (rijn_load32_le(m + 9) >> 6) & M26;
        h4 += (rijn_load32_le(m + 12) >> 8) | hibit;
        d0 = DOT5(h0, r0, h1, s4, h2, s3, h3, s2, h4, s1);
        d1 = DOT5(h0, r1, h1, r0, h2, s4, h3, s3, h4, s2);
        d2 = DOT5(h0, r2, h1, r1, h2, r0, h3, s4, h4, s3);
        d3 = DOT5(h0, r3, h1, r2, h2, r1, h3, r0, h4, s4);
        d4 = DOT5(h0, r4, h1, r3, h2, r2, h3, r1, h4, r0);
        cy = rijn_shr64_26(d0); h0 = (uint32_t)d0 & M26; d1 = rijn_add64_32(d1, cy);
        cy = rijn_shr64_26(d1); h1 = (uint32_t)d1 & M26; d2 = rijn_add64_32(d2, cy);
        cy = rijn_shr64_26(d2); h2 = (uint32_t)d2 & M26; d3 = rijn_add64_32(d3, cy);
        cy = rijn_shr64_26(d3); h3 = (uint32_t)d3 & M26; d4 = rijn_add64_32(d4, cy);
        cy = rijn_shr64_26(d4); h4 = (uint32_t)d4 & M26;
        h0 += cy * 5;
        cy = h0 >> 26; h0 &= M26; h1 += cy;
    }
    c->h[0] = h0; c->h[1] = h1; c->h[2] = h2; c->h[3] = h3; c->h[4] = h4;
}

static void set_r(rijn_poly1305_ctx *c, const uint8_t key[16])
{
    c->r[0] = rijn_load32_le(key) & 0x3ffffff;
    c->r[1] = (rijn_load32_le(key + 3) >> 2) & 0x3ffff03;
    c->r[2] = (rijn_load32_le(key + 6) >> 4) & 0x3ffc0ff;
    c->r[3] = (rijn_load32_le(key + 9) >> 6) & 0x3f03fff;
    c->r[4] = (rijn_load32_le(key + 12) >> 8) & 0x00fffff;
}

/* tag from h fully reduced mod 2^130 - 5 */
static void h_final(const rijn_poly1305_ctx *c, uint8_t tag[16])
{
    uint32_t h0, h1, h2, h3, h4, g0, g1, g2, g3, g4, cy, mask;
    h0 = c->h[0]; h1 = c->h[1]; h2 = c->h[2]; h3 = c->h[3]; h4 = c->h[4];
    cy = h1 >> 26; h1 &= M26; h2 += cy;
    cy = h2 >> 26; h2 &= M26; h3 += cy;
    cy = h3 >> 26; h3 &= M26; h4 += cy;
    cy = h4 >> 26; h4 &= M26; h0 += cy * 5;
    cy = h0 >> 26; h0 &= M26; h1 += cy;
    /* g = h + 5 - 2^130; keep g if it did not go negative */
    g0 = h0 + 5; cy = g0 >> 26; g0 &= M26;
    g1 = h1 + cy; cy = g1 >> 26; g1 &= M26;
    g2 = h2 + cy; cy = g2 >> 26; g2 &= M26;
    g3 = h3 + cy; cy = g3 >> 26; g3 &= M26;
    g4 = h4 + cy - ((uint32_t)1 << 26);
    mask = (g4 >> 31) - 1u; /* all ones if g4 >= 0 */
    h0 = (h0 & ~mask) | (g0 & mask);
    h1 = (h1 & ~mask) | (g1 & mask);
    h2 = (h2 & ~mask) | (g2 & mask);
    h3 = (h3 & ~mask) | (g3 & mask);
    h4 = (h4 & ~mask) | (g4 & mask);
    tag_out(tag, c, h0 | (h1 << 26), (h1 >> 6) | (h2 << 20), (h2 >> 12) | (h3 << 14),
            (h3 >> 18) | (h4 << 8));
}
#else
/* tag from h = h[0..3] + h[4] 2^128 < 2p fully reduced mod 2^130 - 5 (one
 * conditional subtraction, as g = h + 5 with bit 130 set; in registers) */
static void h_final32(const rijn_poly1305_ctx *c, uint8_t tag[16], const uint32_t h[5])
{
    const uint32_t h0 = h[0], h1 = h[1], h2 = h[2], h3 = h[3];
    uint32_t g0, g1, g2, g3, mask;
    uint64_t f;
    f = (uint64_t)h0 + 5; g0 = (uint32_t)f;
    f = (f >> 32) + h1; g1 = (uint32_t)f;
    f = (f >> 32) + h2; g2 = (uint32_t)f;
    f = (f >> 32) + h3; g3 = (uint32_t)f;
    mask = 0u - ((h[4] + (uint32_t)(f >> 32)) >> 2); /* all ones if h + 5 >= 2^130 */
    tag_out(tag, c, (h0 & ~mask) | (g0 & mask), (h1 & ~mask) | (g1 & mask),
            (h2 & ~mask) | (g2 & mask), (h3 & ~mask) | (g3 & mask));
}

#if RIJN_I_POLY1305_R13
#include "poly1305_r13_i.h" /* radix 2^13: Cortex-M0/M0+, M3 with GCC */
#else
#define P_HIBIT 1u

/* acc + a * b: internal.h's rijn_mac64 (one UMLAL on the Cortex-M4/M33;
 * on the Cortex-M3, whose UMLAL stops early on small operands, four MULs,
 * and one MUL for h4 s_i, below 2^31: rijn_poly1305 of 1 KiB there 4,842
 * -> 20,269 instructions at -Os, 4,593 -> 20,341 at -O2 (mcu/measure.py),
 * the price of constant time on that core; with GCC poly1305_r13_i.h
 * there instead). */
#define mac rijn_mac64
#if defined(__ARM_ARCH_7M__)
/* h4 (at most 6) times s_i (below 2^28.33) fits 32 bits: one MUL */
#define mac_h4(acc, a, b) ((acc) + (uint32_t)((a) * (b)))
#endif
#if defined(__thumb2__) && defined(__GNUC__) &&                                          \
    (defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__))
/* (h0..h4) += (a0, a1, a2, a3, a4) with one carry chain (ADDS/ADCS) */
#define ADD5(a0, a1, a2, a3, a4)                                                   \
    __asm__("adds %0, %0, %5\n\tadcs %1, %1, %6\n\tadcs %2, %2, %7\n\t"            \
            "adcs %3, %3, %8\n\tadc %4, %4, %9"                                       \
            : "+&r"(h0), "+&r"(h1), "+&r"(h2), "+&r"(h3), "+&r"(h4)                   \
            : "rI"(a0), "rI"(a1), "rI"(a2), "rI"(a3), "rI"(a4)                        \
            : "cc")
#endif

#ifndef mac_h4
#define mac_h4 mac
#endif

/* radix 2^32 (see the notes): h[0..4] = h0..h4, r[0..3] = r0..r3 */
static void blocks(rijn_poly1305_ctx *c, const uint8_t *m, size_t n, uint32_t hibit)
{
    const uint32_t r0 = c->r[0], r1 = c->r[1], r2 = c->r[2], r3 = c->r[3];
    const uint32_t s1 = r1 + (r1 >> 2), s2 = r2 + (r2 >> 2), s3 = r3 + (r3 >> 2);
    uint32_t h0 = c->h[0], h1 = c->h[1], h2 = c->h[2], h3 = c->h[3], h4 = c->h[4];
    for (; n > 0; n--, m += 16) {
        uint64_t d0, d1, d2, d3;
#ifndef ADD5
        uint64_t t;
#endif
        uint32_t cy;
        /* h += block + hibit * 2^128 (one carry chain) */
#ifdef ADD5
        ADD5(rijn_load32_le(m), rijn_load32_le(m + 4), rijn_load32_le(m + 8),
             rijn_load32_le(m + 12), hibit);
#else
        t = (uint64_t)h0 + rijn_load32_le(m);
        h0 = (uint32_t)t;
        t = (t >> 32) + h1 + rijn_load32_le(m + 4);
        h1 = (uint32_t)t;
        t = (t >> 32) + h2 + rijn_load32_le(m + 8);
        h2 = (uint32_t)t;
        t = (t >> 32) + h3 + rijn_load32_le(m + 12);
        h3 = (uint32_t)t;
        h4 += (uint32_t)(t >> 32) + hibit;
#endif
        /* h *= r mod p, columns of 2^0, 2^32, 2^64, 2^96 (2^128: h4 * r0);
         * one product added at a time (multiply-accumulate instructions) */
        d0 = rijn_mul64(h0, r0);
        d0 = mac(d0, h1, s3);
        d0 = mac(d0, h2, s2);
        d0 = mac(d0, h3, s1);
        d1 = mac(d0 >> 32, h0, r1);
        d1 = mac(d1, h1, r0);
        d1 = mac(d1, h2, s3);
        d1 = mac(d1, h3, s2);
        d1 = mac_h4(d1, h4, s1);
        d2 = mac(d1 >> 32, h0, r2);
        d2 = mac(d2, h1, r1);
        d2 = mac(d2, h2, r0);
        d2 = mac(d2, h3, s3);
        d2 = mac_h4(d2, h4, s2);
        d3 = mac(d2 >> 32, h0, r3);
        d3 = mac(d3, h1, r2);
        d3 = mac(d3, h2, r1);
        d3 = mac(d3, h3, r0);
        d3 = mac_h4(d3, h4, s3);
        h4 = h4 * r0 + (uint32_t)(d3 >> 32);
        /* partial reduction: 2^130 = 5, h4 back to at most 4 */
        cy = (h4 >> 2) + (h4 & ~3u);
        h4 &= 3;
#ifdef ADD5
        h0 = (uint32_t)d0;
        h1 = (uint32_t)d1;
        h2 = (uint32_t)d2;
        h3 = (uint32_t)d3;
        ADD5(cy, 0u, 0u, 0u, 0u);
#else
        t = (uint64_t)(uint32_t)d0 + cy;
        h0 = (uint32_t)t;
        t = (t >> 32) + (uint32_t)d1;
        h1 = (uint32_t)t;
        t = (t >> 32) + (uint32_t)d2;
        h2 = (uint32_t)t;
        t = (t >> 32) + (uint32_t)d3;
        h3 = (uint32_t)t;
        h4 += (uint32_t)(t >> 32);
#endif
    }
    c->h[0] = h0; c->h[1] = h1; c->h[2] = h2; c->h[3] = h3; c->h[4] = h4;
}

static void set_r(rijn_poly1305_ctx *c, const uint8_t key[16])
{
    c->r[0] = rijn_load32_le(key) & 0x0fffffffu;
    c->r[1] = rijn_load32_le(key + 4) & 0x0ffffffcu;
    c->r[2] = rijn_load32_le(key + 8) & 0x0ffffffcu;
    c->r[3] = rijn_load32_le(key + 12) & 0x0ffffffcu;
    c->r[4] = 0;
}

static void h_final(const rijn_poly1305_ctx *c, uint8_t tag[16])
{
    h_final32(c, tag, c->h);
}
#endif /* RIJN_I_POLY1305_R13 */
#endif

RIJN_INLINE int init_at(rijn_poly1305_ctx *c, const uint8_t key[32], uint32_t impl)
{
    RIJN_CHECK_PTR(c);
    RIJN_CHECK_PTR(key);
#if RIJN_I_POLY1305_REG
    if (impl >= RIJN_I_POLY1305_NIMPL)
        return RIJN_ERR_PARAM;
#endif
    if (RIJN_I_FAULT())
        return RIJN_ERR_PARAM;
    set_r(c, key);
    memset(c->h, 0, sizeof c->h);
    c->pad[0] = rijn_load32_le(key + 16);
    c->pad[1] = rijn_load32_le(key + 20);
    c->pad[2] = rijn_load32_le(key + 24);
    c->pad[3] = rijn_load32_le(key + 28);
    c->buf_len = 0;
    c->state = 1u | (impl << 8);
    return RIJN_OK;
}

#if RIJN_I_POLY1305_REG
int rijn_i_poly1305_init_at(rijn_poly1305_ctx *c, const uint8_t key[32], uint32_t impl)
{
    return init_at(c, key, impl);
}
#endif

int rijn_poly1305_init(rijn_poly1305_ctx *c, const uint8_t key[32])
{
    return init_at(c, key, rijn_i_poly1305_default());
}

int rijn_poly1305_update(rijn_poly1305_ctx *c, const uint8_t *m, size_t len)
{
    RIJN_CHECK_PTR(c);
    RIJN_CHECK_BUF(m, len);
    if (!rijn_i_poly1305_keyed(c) || RIJN_I_FAULT())
        return RIJN_ERR_STATE;
    if (len == 0)
        return RIJN_OK; /* m may be NULL: no memcpy from it, not even of 0 bytes */
    if (c->buf_len > 0) {
        size_t n = 16 - c->buf_len;
        if (n > len)
            n = len;
        memcpy(c->buf + c->buf_len, m, n);
        c->buf_len += (uint32_t)n;
        m += n;
        len -= n;
        if (c->buf_len < 16)
            return RIJN_OK;
        blocks(c, c->buf, 1, P_HIBIT);
        c->buf_len = 0;
    }
#if RIJN_I_POLY1305_REG
    if (len >= RIJN_I_POLY1305_WIDE_MIN) { /* short updates read no descriptor */
        const rijn_i_poly1305_impl *im =
            RIJN_I_IMPL_OF(rijn_i_poly1305_impl,
                           rijn_i_poly1305_registry.impls[rijn_i_poly1305_bound(c)]);
        if (im->wide != NULL && len >= im->min_len) {
            size_t done = im->wide(c->h, c->r, m, len);
            m += done;
            len -= done;
        }
    }
#endif
    if (len >= 16) {
        blocks(c, m, len / 16, P_HIBIT);
        m += len & ~(size_t)15;
        len &= 15;
    }
    if (len > 0) {
        memcpy(c->buf, m, len);
        c->buf_len = (uint32_t)len;
    }
    return RIJN_OK;
}

int rijn_poly1305_final(rijn_poly1305_ctx *c, uint8_t tag[16])
{
    RIJN_CHECK_PTR(c);
    RIJN_CHECK_PTR(tag);
    if (!rijn_i_poly1305_keyed(c) || RIJN_I_FAULT())
        return RIJN_ERR_STATE;
    if (c->buf_len > 0) { /* last partial block: append 1, pad with zeros */
        c->buf[c->buf_len] = 1;
        memset(c->buf + c->buf_len + 1, 0, 15 - c->buf_len);
        blocks(c, c->buf, 1, 0);
    }
    h_final(c, tag);
    rijn_poly1305_wipe(c);
    return RIJN_OK;
}

void rijn_poly1305_wipe(rijn_poly1305_ctx *c)
{
    rijn_wipe(c, sizeof *c);
}

int rijn_poly1305(uint8_t tag[16], const uint8_t key[32], const uint8_t *msg, size_t len)
{
    rijn_poly1305_ctx c;
    int r = rijn_poly1305_init(&c, key);
    if (r == RIJN_OK)
        r = rijn_poly1305_update(&c, msg, len);
    if (r == RIJN_OK)
        r = rijn_poly1305_final(&c, tag);
    rijn_poly1305_wipe(&c);
    return r;
}

int rijn_poly1305_verify(const uint8_t tag[16], const uint8_t key[32], const uint8_t *msg,
                         size_t len)
{
    uint8_t t[16];
    int r;
    RIJN_CHECK_PTR(tag);
    r = rijn_poly1305(t, key, msg, len);
    if (r == RIJN_OK && !rijn_ct_equal(t, tag, 16))
        r = RIJN_ERR_AUTH;
    rijn_wipe(t, sizeof t);
    return r;
}
