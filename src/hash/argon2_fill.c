/*
 * argon2_fill.c -- the Argon2 memory fill (RFC 9106 sections 3.4-3.6):
 * the BlaMka block compression G, data-independent address blocks
 * (Argon2i, first half-pass of Argon2id) and the reference-block mapping.
 *
 * Implementation notes:
 * - Layout: a block is 128 native 64-bit words (little-endian bytes are
 *   converted at the edges, in argon2.c), seen by G as an 8x8 matrix of
 *   16-byte registers: row i = words 16i..16i+15, column i = words
 *   2i, 2i+1, 2i+16, 2i+17, ..., 2i+112, 2i+113. G(X, Y): R = X ^ Y, apply
 *   the permutation P to each row then each column of a copy Q of R, and
 *   return Q ^ R. The copy is the only 1 KiB stack buffer: R is re-read
 *   from X and Y at the end (the output block never aliases them), and in
 *   passes after the first the result is XORed into the old block
 *   (version 0x13).
 * - Order: slices 0..3 in turn, and within a slice the lanes one after
 *   the other. A segment only reads blocks of other lanes from finished
 *   slices (and its own lane's earlier blocks), so this sequential order
 *   computes exactly what parallel lanes would.
 * - Addressing: data-independent segments take (J1, J2) from address
 *   blocks G(0, G(0, Z)), Z = (pass, lane, slice, m', t, type, counter),
 *   built only from public values; data-dependent ones take them from the
 *   first word of the previous block (secret-dependent memory access, by
 *   design: see rijn/argon2.h).
 * - Constant time: G uses 64-bit add/xor/rotate and 32x32->64 multiplies
 *   (internal.h's rijn_mul64: one instruction where its time does not
 *   depend on the operands, four 16x16 MULs on the Cortex-M3, whose
 *   UMULL stops early; on Cortex-M0 the compiler's 64-bit multiply helper
 *   has no data-dependent branch). The index
 *   arithmetic of data-independent segments handles public values only.
 * - Implementations: the registry below (core/registry.h): an AVX2 G
 *   (argon2_fill_avx2.c, "x86-avx2") and this portable one, the first
 *   that runs taken once per call (or the caller's, rijn_i_argon2_with);
 *   the address blocks always use the portable permutation (2 per 128
 *   blocks).
 * - Stack: ~3 KiB (G's copy, the address block and its input).
 * - Proof: RFC 9106 section 5 vectors (d, i, id), the cryptography-vectors
 *   Argon2 files, differential tests against libsodium crypto_pwhash and
 *   the Python cryptography package (tests/kdf/test_argon2*.c).
 */
#include "argon2_i.h"
#include "rijn/argon2.h"

#if RIJN_CFG_HASH_BLAKE2B

#define W RIJN_I_ARGON2_WORDS
#define ROR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
/* a + b + 2 * lo32(a) * lo32(b) */
#define BLAMKA(a, b) ((a) + (b) + 2 * rijn_mul64((uint32_t)(a), (uint32_t)(b)))
#define GB(a, b, c, d)               \
    do {                             \
        a = BLAMKA(a, b);            \
        d = ROR64(d ^ a, 32);        \
        c = BLAMKA(c, d);            \
        b = ROR64(b ^ c, 24);        \
        a = BLAMKA(a, b);            \
        d = ROR64(d ^ a, 16);        \
        c = BLAMKA(c, d);            \
        b = ROR64(b ^ c, 63);        \
    } while (0)
#define PERM(v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15) \
    do {                                                                           \
        GB(v0, v4, v8, v12);                                                       \
        GB(v1, v5, v9, v13);                                                       \
        GB(v2, v6, v10, v14);                                                      \
        GB(v3, v7, v11, v15);                                                      \
        GB(v0, v5, v10, v15);                                                      \
        GB(v1, v6, v11, v12);                                                      \
        GB(v2, v7, v8, v13);                                                       \
        GB(v3, v4, v9, v14);                                                       \
    } while (0)

/* P on every row, then on every column of q (in place). */
static void permute(uint64_t *q)
{
    unsigned i;
    for (i = 0; i < 8; i++) {
        uint64_t *r = q + 16 * i;
        PERM(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11], r[12],
             r[13], r[14], r[15]);
    }
    for (i = 0; i < 8; i++) {
        uint64_t *c = q + 2 * i;
        PERM(c[0], c[1], c[16], c[17], c[32], c[33], c[48], c[49], c[64], c[65], c[80], c[81],
             c[96], c[97], c[112], c[113]);
    }
}

static void compress_portable(uint64_t *out, const uint64_t *x, const uint64_t *y, int xor_into,
                     uint64_t *q)
{
    unsigned k;
    for (k = 0; k < W; k++)
        q[k] = x[k] ^ y[k];
    permute(q);
    if (xor_into)
        for (k = 0; k < W; k++)
            out[k] ^= q[k] ^ x[k] ^ y[k];
    else
        for (k = 0; k < W; k++)
            out[k] = q[k] ^ x[k] ^ y[k];
}

/* Next address block: counter++, addr = G(0, G(0, Z)); q is scratch.
 * G(0, B) = P(B) ^ B. Z has 7 nonzero words (z[0..6]). */
static void next_addresses(uint64_t *addr, uint64_t z[7], uint64_t *q)
{
    unsigned k;
    z[6]++;
    memset(q, 0, W * sizeof q[0]);
    memcpy(q, z, 7 * sizeof z[0]);
    permute(q);
    for (k = 0; k < 7; k++)
        q[k] ^= z[k];
    memcpy(addr, q, W * sizeof q[0]);
    permute(q);
    for (k = 0; k < W; k++)
        addr[k] ^= q[k];
}

/* Index within the reference lane for block `i` of (pass, slice),
 * from J1 (RFC 9106 section 3.4.2). */
static uint32_t ref_index(const rijn_i_argon2 *a, uint32_t pass, uint32_t slice, uint32_t i,
                          int same_lane, uint32_t j1)
{
    uint32_t area, start, rel;
    uint64_t x;
    if (pass == 0) {
        start = 0;
        if (slice == 0)
            area = i - 1; /* same lane necessarily; i >= 2 */
        else if (same_lane)
            area = slice * a->seg_len + i - 1;
        else
            area = slice * a->seg_len - (i == 0 ? 1u : 0u);
    } else {
        start = slice == 3 ? 0 : (slice + 1) * a->seg_len;
        if (same_lane)
            area = a->lane_len - a->seg_len + i - 1;
        else
            area = a->lane_len - a->seg_len - (i == 0 ? 1u : 0u);
    }
    x = ((uint64_t)j1 * j1) >> 32;
    x = ((uint64_t)area * x) >> 32;
    rel = area - 1 - (uint32_t)x;
    start += rel; /* < 2 * lane_len */
    if (start >= a->lane_len)
        start -= a->lane_len;
    return start;
}

static void fill_segment(const rijn_i_argon2 *a, uint32_t pass, uint32_t slice, uint32_t lane,
                         uint64_t *addr, uint64_t *q, rijn_i_argon2_compress_fn compress)
{
    uint64_t z[7], rnd;
    uint64_t *mem = a->mem;
    uint32_t i, start, cur, prev, ref_lane, ref;
    int indep = a->type == RIJN_ARGON2_I ||
                (a->type == RIJN_ARGON2_ID && pass == 0 && slice < 2);
    start = (pass == 0 && slice == 0) ? 2 : 0; /* blocks 0, 1 come from H' */
    z[0] = pass;
    z[1] = lane;
    z[2] = slice;
    z[3] = a->m_blocks;
    z[4] = a->passes;
    z[5] = a->type;
    z[6] = 0;
    cur = lane * a->lane_len + slice * a->seg_len + start;
    for (i = start; i < a->seg_len; i++, cur++) {
        /* previous block: the lane's last one at the start of a pass */
        prev = (slice == 0 && i == 0) ? cur + a->lane_len - 1 : cur - 1;
        if (indep) {
            if (i % W == 0 || i == start)
                next_addresses(addr, z, q);
            rnd = addr[i % W];
        } else {
            rnd = mem[(size_t)prev * W]; /* data-dependent by design */
        }
        ref_lane = (pass == 0 && slice == 0) ? lane : (uint32_t)((rnd >> 32) % a->lanes);
        ref = ref_lane * a->lane_len +
              ref_index(a, pass, slice, i, ref_lane == lane, (uint32_t)rnd);
        compress(mem + (size_t)cur * W, mem + (size_t)prev * W, mem + (size_t)ref * W,
                 pass != 0, q);
    }
    rijn_i_hash_wipe(z, sizeof z);
}

/* ---- registry (core/registry.h) ---------------------------------------- */

#if RIJN_I_ARGON2_AVX2
static const rijn_i_argon2_impl fill_avx2 = {{"x86-avx2", RIJN_CPU_AVX2, NULL},
                                             rijn_i_argon2_compress_avx2};
#endif
static const rijn_i_argon2_impl fill_portable = {{"portable", 0, NULL}, compress_portable};

static const rijn_i_impl *const fills[] = {
#if RIJN_I_ARGON2_AVX2
    &fill_avx2.base,
#endif
    &fill_portable.base,
};
#define NFILLS (sizeof fills / sizeof fills[0])

const rijn_i_registry rijn_i_argon2_registry = {"argon2", fills, NFILLS};

const char *rijn_argon2_impl_name(void)
{
    return fills[rijn_i_reg_default(fills, NFILLS)]->name;
}

void rijn_i_argon2_fill(const rijn_i_argon2 *a)
{
    uint64_t addr[W], q[W];
    uint32_t pass, slice, lane;
#if RIJN_I_ARGON2_AVX2
    const rijn_i_impl *im = a->impl != NULL ? a->impl : fills[rijn_i_reg_default(fills, NFILLS)];
    rijn_i_argon2_compress_fn compress = RIJN_I_IMPL_OF(rijn_i_argon2_impl, im)->compress;
#else
    rijn_i_argon2_compress_fn compress =
        a->impl != NULL ? RIJN_I_IMPL_OF(rijn_i_argon2_impl, a->impl)->compress
                        : compress_portable; /* one entry: no probe */
#endif
    for (pass = 0; pass < a->passes; pass++)
        for (slice = 0; slice < 4; slice++)
            for (lane = 0; lane < a->lanes; lane++)
                fill_segment(a, pass, slice, lane, addr, q, compress);
    rijn_i_hash_wipe(addr, sizeof addr);
    rijn_i_hash_wipe(q, sizeof q);
}

#else
typedef int rijn_i_argon2_fill_off; /* ISO C: no empty translation unit */
#endif
