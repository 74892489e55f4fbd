/*
 * keccak_f1600_inter32.c -- Keccak-f[1600] on 32-bit words with bit
 * interleaving, for 32-bit MCUs (Cortex-M, RISC-V RV32).
 *
 * Implementation notes:
 * - Layout: each 64-bit lane is held as two 32-bit words, e (the 32 even
 *   bits) and o (the 32 odd bits). A 64-bit rotation by 2k is then two
 *   32-bit rotations by k; by 2k+1 it is e' = rot(o, k+1), o' = rot(e, k).
 *   So every rotation costs two 32-bit rotations instead of the four
 *   shifts and two ORs of an emulated 64-bit rotation.
 * - The sponge (sha3.c) keeps lanes as uint64_t; this permutation converts
 *   to the interleaved form on entry and back on exit (bit gathering with
 *   masks and shifts), and interleaves each round constant on the fly, so
 *   no extra table is needed.
 * - Round structure as in the compact version (keccak_f1600.c): theta,
 *   rho and pi fused along the pi cycle, chi per row, iota.
 * - Constant time: XOR, AND, NOT, shifts and rotations by constants only.
 * - Proof: must equal the 64-bit versions on random states
 *   (tests/hash/test_sha3_keccak.c); with RIJN_CFG_KECCAK_IMPL=2 on a host every
 *   SHA-3 / SHAKE / Keccak vector runs through it.
 */
#include "hash_i.h"

#if RIJN_CFG_HASH_SHA3 && (RIJN_I_KECCAK_IMPL == 2 || RIJN_ARCH_64)

/* Even bits of x (bit 2i -> bit i) in the low 16 bits. */
static uint32_t gather_even(uint32_t x)
{
    x &= 0x55555555u;
    x = (x | (x >> 1)) & 0x33333333u;
    x = (x | (x >> 2)) & 0x0F0F0F0Fu;
    x = (x | (x >> 4)) & 0x00FF00FFu;
    x = (x | (x >> 8)) & 0x0000FFFFu;
    return x;
}

/* Low 16 bits of x to the even positions (bit i -> bit 2i). */
static uint32_t spread_even(uint32_t x)
{
    x &= 0x0000FFFFu;
    x = (x | (x << 8)) & 0x00FF00FFu;
    x = (x | (x << 4)) & 0x0F0F0F0Fu;
    x = (x | (x << 2)) & 0x33333333u;
    x = (x | (x << 1)) & 0x55555555u;
    return x;
}

static void split(uint64_t v, uint32_t *e, uint32_t *o)
{
    uint32_t lo = (uint32_t)v, hi = (uint32_t)(v >> 32);
    *e = gather_even(lo) | (gather_even(hi) << 16);
    *o = gather_even(lo >> 1) | (gather_even(hi >> 1) << 16);
}

static uint64_t join(uint32_t e, uint32_t o)
{
    uint32_t lo = spread_even(e) | (spread_even(o) << 1);
    uint32_t hi = spread_even(e >> 16) | (spread_even(o >> 16) << 1);
    return ((uint64_t)hi << 32) | lo;
}

#define ROL32(x, n) ((n) == 0 ? (x) : (((x) << (n)) | ((x) >> (32 - (n)))))

/* Same tables as keccak_f1600.c (rho offsets along the pi cycle). */
static const uint8_t RHO[24] = {1,  3,  6,  10, 15, 21, 28, 36, 45, 55, 2,  14,
                                27, 41, 56, 8,  25, 43, 62, 18, 39, 61, 20, 44};
static const uint8_t PI[24] = {10, 7,  11, 17, 18, 3, 5,  16, 8,  21, 24, 4,
                               15, 23, 19, 13, 12, 2, 20, 14, 22, 9,  6,  1};

void rijn_i_keccak_f1600_inter32(uint64_t s[25])
{
    uint32_t e[25], o[25], ce[5], co[5], de, dox, te, to, ue, uo, rce, rco;
    unsigned r, i, x, y, k;
    for (i = 0; i < 25; i++)
        split(s[i], &e[i], &o[i]);
    for (r = 0; r < 24; r++) {
        /* theta: D[x] = C[x-1] ^ rot64(C[x+1], 1) */
        for (x = 0; x < 5; x++) {
            ce[x] = e[x] ^ e[x + 5] ^ e[x + 10] ^ e[x + 15] ^ e[x + 20];
            co[x] = o[x] ^ o[x + 5] ^ o[x + 10] ^ o[x + 15] ^ o[x + 20];
        }
        for (x = 0; x < 5; x++) {
            de = ce[(x + 4) % 5] ^ ROL32(co[(x + 1) % 5], 1);
            dox = co[(x + 4) % 5] ^ ce[(x + 1) % 5];
            for (y = 0; y < 25; y += 5) {
                e[y + x] ^= de;
                o[y + x] ^= dox;
            }
        }
        /* rho and pi */
        te = e[1];
        to = o[1];
        for (i = 0; i < 24; i++) {
            ue = e[PI[i]];
            uo = o[PI[i]];
            k = RHO[i] >> 1;
            if (RHO[i] & 1) { /* the offsets are public constants */
                e[PI[i]] = ROL32(to, k + 1);
                o[PI[i]] = ROL32(te, k);
            } else {
                e[PI[i]] = ROL32(te, k);
                o[PI[i]] = ROL32(to, k);
            }
            te = ue;
            to = uo;
        }
        /* chi, on each half independently */
        for (y = 0; y < 25; y += 5) {
            for (x = 0; x < 5; x++) {
                ce[x] = e[y + x];
                co[x] = o[y + x];
            }
            for (x = 0; x < 5; x++) {
                e[y + x] = ce[x] ^ (~ce[(x + 1) % 5] & ce[(x + 2) % 5]);
                o[y + x] = co[x] ^ (~co[(x + 1) % 5] & co[(x + 2) % 5]);
            }
        }
        /* iota */
        split(rijn_i_keccak_rc[r], &rce, &rco);
        e[0] ^= rce;
        o[0] ^= rco;
    }
    for (i = 0; i < 25; i++)
        s[i] = join(e[i], o[i]);
    rijn_i_hash_wipe(e, sizeof e);
    rijn_i_hash_wipe(o, sizeof o);
    rijn_i_hash_wipe(ce, sizeof ce);
    rijn_i_hash_wipe(co, sizeof co);
}
#else
typedef int rijn_i_keccak_inter32_off; /* ISO C: no empty translation unit */
#endif
