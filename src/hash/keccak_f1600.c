/*
 * keccak_f1600.c -- the Keccak-f[1600] permutation (FIPS 202 section 3),
 * portable C on 64-bit lanes: the compact version, the round constants,
 * and the public entry point.
 *
 * Implementation notes:
 * - Layout: lane (x, y) at s[x + 5y]; lanes hold bytes little-endian (the
 *   sponge code in sha3.c does the byte <-> lane conversion).
 * - Each round: theta with five column parities, rho and pi fused as one
 *   walk along the pi cycle starting at lane 1 (rotation offsets are the
 *   triangular numbers (t+1)(t+2)/2 mod 64), chi row by row, iota.
 *   All loops have constant trip counts; compilers unroll them on hosts,
 *   and the rolled form stays small on MCUs.
 * - Constant time: XOR, AND, NOT and rotations by constants only.
 * - Tables were derived from the FIPS 202 definitions (the rc LFSR and the
 *   pi map (x, y) -> (y, 2x + 3y)). Proof: CAVP SHA-3/SHAKE files, the
 *   Keccak team KATs, and a differential test against OpenSSL
 *   (tests/hash/test_sha3_*.c).
 * - Three versions: this compact one (loops; least code, the default on
 *   8/16-bit targets), keccak_f1600_unrolled.c (default on 64-bit
 *   targets) and keccak_f1600_inter32.c (bit-interleaved 32-bit words,
 *   default on 32-bit targets). RIJN_CFG_KECCAK_IMPL = 0 / 1 / 2 forces
 *   compact / unrolled / interleaved.
 * - x86-64: "avx512vl" (keccak_f1600_avx512vl.c: the unrolled rounds on
 *   XMM registers, VPTERNLOGQ/VPROLQ) where the CPU has AVX-512, else
 *   "bmi1" (the unrolled version compiled a second time for BMI1: ANDN
 *   makes chi two instructions a lane) where it has BMI1, else "x86-64"
 *   (keccak_f1600_lc.c: lane complementing, ~10% faster than the unrolled
 *   version without ANDN); first in the registry and the default
 *   (rijn_keccak_f1600 included).
 * - Registry (core/registry.h): keccaks[] lists the compiled-in versions,
 *   the configured one first (after the x86-64 ones). 64-bit builds
 *   compile all three portable ones (sha3.c calls the one a context bound
 *   at init; tests force each by name);
 *   MCU builds compile one, and sha3.c calls it directly, so the list
 *   and its descriptors are never linked there.
 */
#include "hash_i.h"
#include "rijn/sha3.h"
#include "rijn/hash.h"

#if RIJN_CFG_HASH_SHA3

const uint64_t rijn_i_keccak_rc[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808aull,
    0x8000000080008000ull, 0x000000000000808bull, 0x0000000080000001ull,
    0x8000000080008081ull, 0x8000000000008009ull, 0x000000000000008aull,
    0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000aull,
    0x000000008000808bull, 0x800000000000008bull, 0x8000000000008089ull,
    0x8000000000008003ull, 0x8000000000008002ull, 0x8000000000000080ull,
    0x000000000000800aull, 0x800000008000000aull, 0x8000000080008081ull,
    0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull};

static const uint8_t RHO[24] = {1,  3,  6,  10, 15, 21, 28, 36, 45, 55, 2,  14,
                                27, 41, 56, 8,  25, 43, 62, 18, 39, 61, 20, 44};
static const uint8_t PI[24] = {10, 7,  11, 17, 18, 3, 5,  16, 8,  21, 24, 4,
                               15, 23, 19, 13, 12, 2, 20, 14, 22, 9,  6,  1};

#define ROL64(x, n) (((x) << (n)) | ((x) >> (64 - (n))))

void rijn_i_keccak_f1600_compact(uint64_t s[25])
{
    uint64_t c[5], d, t, u;
    unsigned r, i, x, y;
    for (r = 0; r < 24; r++) {
        /* theta */
        for (x = 0; x < 5; x++)
            c[x] = s[x] ^ s[x + 5] ^ s[x + 10] ^ s[x + 15] ^ s[x + 20];
        for (x = 0; x < 5; x++) {
            d = c[(x + 4) % 5] ^ ROL64(c[(x + 1) % 5], 1);
            for (y = 0; y < 25; y += 5)
                s[y + x] ^= d;
        }
        /* rho and pi */
        t = s[1];
        for (i = 0; i < 24; i++) {
            u = s[PI[i]];
            s[PI[i]] = ROL64(t, RHO[i]);
            t = u;
        }
        /* chi */
        for (y = 0; y < 25; y += 5) {
            for (x = 0; x < 5; x++)
                c[x] = s[y + x];
            for (x = 0; x < 5; x++)
                s[y + x] = c[x] ^ (~c[(x + 1) % 5] & c[(x + 2) % 5]);
        }
        /* iota */
        s[0] ^= rijn_i_keccak_rc[r];
    }
    rijn_i_hash_wipe(c, sizeof c);
}

/* The registry: on x86-64 the AVX-512VL version, then the unrolled one
 * built for BMI1, then the lane-complemented one (the first that the CPU
 * runs is the default), then the configured version (the default
 * elsewhere), then, on 64-bit targets, the other two portable ones. */
#define KECCAK_ENTRY(var, name, fn) static const rijn_i_keccak_impl var = {{name, 0, NULL}, fn}
#if RIJN_I_KECCAK_IMPL == 1 || RIJN_I_KECCAK_MULTI
KECCAK_ENTRY(keccak_unrolled, "unrolled", rijn_i_keccak_f1600_unrolled);
#endif
#if RIJN_I_KECCAK_IMPL == 2 || RIJN_I_KECCAK_MULTI
KECCAK_ENTRY(keccak_inter32, "inter32", rijn_i_keccak_f1600_inter32);
#endif
#if RIJN_I_KECCAK_IMPL == 0 || RIJN_I_KECCAK_MULTI
KECCAK_ENTRY(keccak_compact, "compact", rijn_i_keccak_f1600_compact);
#endif
#if RIJN_I_KECCAK_X86
static const rijn_i_keccak_impl keccak_avx512vl = {{"avx512vl", RIJN_CPU_AVX512, NULL},
                                                   rijn_i_keccak_f1600_avx512vl};
static const rijn_i_keccak_impl keccak_bmi1 = {{"bmi1", RIJN_CPU_BMI1, NULL},
                                               rijn_i_keccak_f1600_bmi1};
static const rijn_i_keccak_impl keccak_lc = {{"x86-64", 0, NULL}, rijn_i_keccak_f1600_lc};
#endif

static const rijn_i_impl *const keccaks[] = {
#if RIJN_I_KECCAK_X86
    &keccak_avx512vl.base, /* keccak_f1600_avx512vl.c: when the CPU has AVX-512 */
    &keccak_bmi1.base,     /* keccak_f1600_unrolled.c with ANDN: when it has BMI1 */
    &keccak_lc.base,       /* keccak_f1600_lc.c: lane complementing, any x86-64 */
#endif
#if RIJN_I_KECCAK_IMPL == 1
    &keccak_unrolled.base,
#elif RIJN_I_KECCAK_IMPL == 2
    &keccak_inter32.base,
#else
    &keccak_compact.base,
#endif
#if RIJN_I_KECCAK_MULTI && RIJN_I_KECCAK_IMPL != 1
    &keccak_unrolled.base,
#endif
#if RIJN_I_KECCAK_MULTI && RIJN_I_KECCAK_IMPL != 2
    &keccak_inter32.base,
#endif
#if RIJN_I_KECCAK_MULTI && RIJN_I_KECCAK_IMPL != 0
    &keccak_compact.base,
#endif
};

#define NK (sizeof keccaks / sizeof keccaks[0])
const rijn_i_registry rijn_i_keccak_registry = {"keccak-f1600", keccaks, NK};

void rijn_keccak_f1600(uint64_t s[25])
{
#if RIJN_I_KECCAK_X86
    RIJN_I_IMPL_OF(rijn_i_keccak_impl, keccaks[rijn_i_reg_default(keccaks, NK)])->permute(s);
#elif RIJN_I_KECCAK_IMPL == 1
    rijn_i_keccak_f1600_unrolled(s);
#elif RIJN_I_KECCAK_IMPL == 2
    rijn_i_keccak_f1600_inter32(s);
#else
    rijn_i_keccak_f1600_compact(s);
#endif
}
#else
typedef int rijn_i_keccak_f1600_off; /* ISO C: no empty translation unit */
#endif
