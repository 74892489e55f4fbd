/*
 * chachapoly_fused.c -- the fused ChaCha20 + Poly1305 entries of the
 * ChaCha20-Poly1305 AEADs (a registry, core/registry.h) and their driver.
 *
 * Implementation notes
 *   What: one pass over the text in which the vector units run the
 *   ChaCha20 rounds (8-way AVX2, 4-way SSSE3: the ChaCha20 entries' own
 *   assembly, chacha20_avx2.c and chacha20_ssse3.c) and the integer units
 *   run Poly1305 in radix 2^64 (mac/poly1305_x64_i.h: MULX on AVX2 CPUs,
 *   MUL on the SSSE3 class), three or four (AVX2) or one or two (SSSE3)
 *   16-byte blocks between the quarter-round pairs of each double round
 *   (the technique of libgcrypt's chacha20-amd64-{ssse3,avx2} "poly1305"
 *   variants; the code is rijn's own). Apart, the two halves run one after
 *   the other and the text is read twice.
 *   Why: on x86-64 CPUs without AVX-512 the two-pass seal cost the sum of
 *   both halves. 1 MiB seal, TSC ticks/byte, same run (BENCH_WORK=...
 *   scripts/bench.sh --no-install --quick --groups narrow, Zen 5 EPYC,
 *   a loaded machine), rijn / libgcrypt / OpenSSL: RIJN_CPU_MASK=0x2EFF
 *   1.29 / 0.753 / 1.11 (docs/BENCHMARKS.md before) -> 0.78 / 0.77 / 1.15;
 *   RIJN_CPU_MASK=0xF 2.91 / 1.50 / 2.03 -> 1.52 / 1.55 / 2.08 (with the
 *   rounds themselves moved to assembly, which gave most of it).
 *   Entries: "avx2" (needs AVX2 and BMI2; stands in for ChaCha20 entry "avx2"),
 *   "ssse3" (needs SSSE3; for ChaCha20 entry "ssse3"), then "none" (the
 *   two passes). A context takes the first entry that runs whose ChaCha20
 *   entry is the one it bound and whose bound Poly1305 entry has a wide
 *   path (forcing Poly1305 "portable" keeps the two passes, so tests can
 *   run both); with AVX-512 the ChaCha20 entry is "avx512" and nothing is
 *   fused (the 16-way rounds and IFMA Poly1305 are faster apart).
 *   Driver: only from a block boundary of both halves (no buffered
 *   keystream, no partial MAC block) and for whole groups (512 or 256
 *   bytes): sealing MACs group j - 1's output during group j (group 0's
 *   rounds alone, the last group's MAC alone), opening MACs group j's
 *   input during group j (read before it is overwritten: in place works).
 *   The rest goes through the two-pass code of chachapoly.c.
 *   Block 0: a seal of one group or more computes block 0 (the one-time
 *   Poly1305 key) on the integer units during group 0's rounds (entry key:
 *   scalar rounds spliced into the vector loop, stream/chacha20_key_i.h),
 *   then MACs group 0 during group 1 ("pend"). Before, block 0 was the
 *   portable C block alone (about 200 TSC ticks, as much as half a group),
 *   and for a 1 KiB seal group 0 and the last MAC ran alone anyway. Seal
 *   of 1 KiB, rijn / libgcrypt masked alike, same process (rijn-bench
 *   --group chapoly, medians of 11 runs, Zen 5 EPYC): RIJN_CPU_MASK=0x2EFF
 *   1.041 -> 0.920 (1592 -> 1397 ticks), 0x2C3F 1.042 -> 0.905, 0xF 1.065
 *   -> 0.910 (2306 -> 1968); 16 KiB and 1 MiB unchanged within the noise
 *   (16 B +1.5%, unmasked too, where this code does not run: layout).
 *   Open (chachapoly.c, which writes no plaintext before the tag check)
 *   does the same into a stack buffer: block 0 beside group 0, then
 *   group j's rounds with group j - 1's MAC over the input (pend, dec).
 *   Open of 1 KiB, rijn / libgcrypt (which decrypts before it checks),
 *   same harness, new row chacha20poly1305-open, medians of 7 processes:
 *   0x2EFF 1.343 -> 1.152 (1662 -> 1432 ticks), 0x2C3F 1.349 -> 1.149,
 *   0xF 1.248 -> 0.989 (2504 -> 1996); from 16 KiB the MAC and the
 *   decryption run apart (1.33-1.39, unchanged). Most of it came once the kernels shrank: with the block's ten
 *   double rounds unrolled, and each entry still holding the "alone"
 *   assembly (a test on a pointer, not a constant, chose the path), the key
 *   and MAC entries took 46 KiB of code, more than the 32 KiB L1
 *   instruction cache, and 1 KiB at 0xF gained 2% only.
 *   Constant time: the rounds and the MAC are (additions, XORs, rotations,
 *   fixed shuffles; MUL/MULX/ADD/ADC); the branches are on public lengths.
 *   Vectors: every test that binds a ChaCha20 + Poly1305 pair reaches the
 *   fused entry of the pair (tests/core/test_impls.c: RFC 8439 and the
 *   differential against the portable pair; tests/aead/test_chachapoly.c:
 *   Wycheproof, cryptography-vectors, OpenSSL differential at random
 *   lengths and split points; tests/aead/test_chachapoly_fused.c: each
 *   fused entry against OpenSSL around the group sizes, streaming with
 *   random and (NULL, 0) splits, in place; tests/aead/test_chachapoly_ctgrind.c).
 */
#include "aead/chachapoly_i.h"
#include "internal.h"
#include "mac/mac_i.h"
#include "mac/poly1305_x64_i.h"
#include "stream/stream_i.h"

struct rijn_i_p64; /* mac/poly1305_x64_i.h (x86-64 only) */

typedef struct rijn_i_chachapoly_fused {
    rijn_i_impl base;
    const rijn_i_chacha_impl *chacha; /* the ChaCha20 entry it stands in for */
    void (*blocks_mac)(const uint32_t st[16], uint8_t *out, const uint8_t *in, size_t nblocks,
                       struct rijn_i_p64 *p, const uint8_t *mac);
    /* block 0 beside the first group (stream_i.h) */
    void (*key)(const uint32_t st[16], uint8_t *out, const uint8_t *in, uint8_t ks[64]);
} rijn_i_chachapoly_fused;

static const rijn_i_chachapoly_fused fused_none = {{"none", 0, NULL}, NULL, NULL, NULL};
#if RIJN_I_CHACHAPOLY_FUSED
static const rijn_i_chachapoly_fused fused_avx2 = {{"avx2", RIJN_CPU_AVX2 | RIJN_CPU_BMI2, NULL},
                                                   &rijn_i_chacha_avx2,
                                                   rijn_i_chacha20_blocks_avx2_mac,
                                                   rijn_i_chacha20_key_avx2};
static const rijn_i_chachapoly_fused fused_ssse3 = {{"ssse3", RIJN_CPU_SSSE3, NULL},
                                                    &rijn_i_chacha_ssse3,
                                                    rijn_i_chacha20_blocks_ssse3_mac,
                                                    rijn_i_chacha20_key_ssse3};
#endif

static const rijn_i_impl *const fuseds[] = {
#if RIJN_I_CHACHAPOLY_FUSED
    &fused_avx2.base,
    &fused_ssse3.base,
#endif
    &fused_none.base,
};
#define NFUSED (sizeof fuseds / sizeof fuseds[0])

/* Without fused entries the registry holds "none" alone and takes that
 * name too: in the one-file amalgamation (scripts/amalgamate.py) every
 * string literal is kept, on AVR in SRAM (the ATmega328P build of
 * test_amalgamation, 2 KiB, had 14 bytes to spare; "chachapoly-fused"
 * took 17). */
#if RIJN_I_CHACHAPOLY_FUSED
#define REG_NAME "chachapoly-fused"
#else
#define REG_NAME "none"
#endif
const rijn_i_registry rijn_i_chachapoly_fused_registry = {REG_NAME, fuseds, NFUSED};

#if RIJN_I_CHACHAPOLY_FUSED
uint32_t rijn_i_chachapoly_fused_for(uint32_t chacha, uint32_t poly)
{
    /* chacha and poly come from the registries' choice (valid indexes) */
    const rijn_i_poly1305_impl *pi =
        RIJN_I_IMPL_OF(rijn_i_poly1305_impl, rijn_i_poly1305_registry.impls[poly]);
    size_t i;
    for (i = 0; i + 1 < NFUSED; i++) {
        const rijn_i_chachapoly_fused *f = RIJN_I_IMPL_OF(rijn_i_chachapoly_fused, fuseds[i]);
        if (&f->chacha->base == rijn_i_chacha20_registry.impls[chacha] && pi->wide != NULL &&
            rijn_i_impl_runs(fuseds[i]))
            return (uint32_t)i;
    }
    return NFUSED - 1;
}

size_t rijn_i_chachapoly_fused_key(uint32_t fused, rijn_chacha20_ctx *ch, uint8_t *out,
                                   const uint8_t *in, size_t len, uint8_t block0[64])
{
    const rijn_i_chachapoly_fused *f;
    size_t g;
    if (fused >= NFUSED - 1 || ch->pos != 64)
        return 0;
    f = RIJN_I_IMPL_OF(rijn_i_chachapoly_fused, fuseds[fused]);
    g = (size_t)64 << f->chacha->batch_log2;
    if (len < g || ch->left < g / 64 + 1 || ch->in[12] > 0xffffffffu - g / 64)
        return 0;
    f->key(ch->in, out, in, block0);
    ch->in[12] += (uint32_t)(g / 64 + 1);
    ch->left -= g / 64 + 1;
    return g;
}

/* The last group's MAC alone: its own 64-byte aligned function, so the
 * loop does not move with the code around it (inlined in fused_run, one
 * placement cost 1 KiB seals and opens 250 TSC ticks at 0x2EFF) */
static __attribute__((noinline, aligned(64))) void mac_tail(rijn_i_p64 *p, const uint8_t *m,
                                                            size_t nblocks)
{
    rijn_i_p64_blocks(&p->h[0], &p->h[1], &p->h[2], p->r[0], p->r[1], p->r[2], m, nblocks);
}

size_t rijn_i_chachapoly_fused_run(uint32_t fused, rijn_chacha20_ctx *ch, rijn_poly1305_ctx *po,
                                   uint8_t *out, const uint8_t *in, size_t len, int dec,
                                   size_t pend)
{
    const rijn_i_chachapoly_fused *f;
    const uint8_t *mac = (dec ? in : out) - pend; /* the ciphertext */
    rijn_i_p64 p;
    size_t g, n, nb, done = 0;
    /* "none" (or a damaged index), or not at a block boundary (the
     * caller's duty: never true from chachapoly.c); pending text is
     * MACed all the same */
    if (fused >= NFUSED - 1 || ch->pos != 64 || po->buf_len != 0) {
        if (pend > 0 && rijn_poly1305_update(po, mac, pend) != RIJN_OK)
            rijn_wipe(po, sizeof *po); /* (cannot fail: keyed, whole blocks) */
        return 0;
    }
    f = RIJN_I_IMPL_OF(rijn_i_chachapoly_fused, fuseds[fused]);
    g = (size_t)64 << f->chacha->batch_log2; /* bytes per group */
    n = len / g;
    if (pend == 0 && n < (dec ? 1u : 2u))
        return 0;
    /* the AEAD's text limit (2^32 - 1 blocks from counter 1) keeps the
     * 32-bit counter from wrapping and within ch->left */
    rijn_i_p64_from26(&p, po->h, po->r);
    if (dec && pend == 0) {
        f->blocks_mac(ch->in, out, in, n * (g / 64), &p, in);
    } else { /* group 0 alone (unless pending), then group j's rounds with
              * group j - 1's MAC, the last group's MAC alone */
        if (pend == 0) { /* (sealing) */
            f->chacha->blocks(ch->in, out, in, g / 64);
            ch->in[12] += (uint32_t)(g / 64);
            ch->left -= g / 64;
            mac = out;
            out += g;
            in += g;
            n--;
            done = g;
        }
        if (n > 0) {
            f->blocks_mac(ch->in, out, in, n * (g / 64), &p, mac);
            mac = (dec ? in : out) + (n - 1) * g;
        }
        mac_tail(&p, mac, g / 16);
    }
    nb = n * (g / 64);
    ch->in[12] += (uint32_t)nb;
    ch->left -= nb;
    rijn_i_p64_to26(po->h, &p);
    rijn_wipe(&p, sizeof p);
    return done + n * g;
}
#endif

const char *rijn_i_chachapoly_fused_name(const rijn_chachapoly_ctx *ctx)
{
    uint32_t i = ctx != NULL ? ctx->kind >> 24 : (uint32_t)NFUSED;
    return fuseds[i < NFUSED ? i : NFUSED - 1]->name;
}
